"""The package as users get it: an installed wheel knows every preset, and the core needs no third-party package."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import expeditions as ex

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("expeditions-*.whl")
    return built


def test_wheel_ships_every_rule_set(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {Path(n).stem for n in names if n.startswith("expeditions/seeds/") and n.endswith(".toml")}
    assert shipped == {p.stem for p in (ROOT / "seeds").glob("*.toml")}
    assert shipped == set(ex.PRESETS)


def test_installed_core_imports_with_the_standard_library_alone(wheel: Path, tmp_path: Path) -> None:
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import expeditions as ex; "
        "assert ex.__file__.startswith(sys.argv[1]), ex.__file__; "
        "print(len(ex.PRESETS), ex.score('JS 3S 6S', 'expeditionen'), ex.deal(seed=1).deck_size); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('numpy', 'ipywidgets', 'altair', 'IPython', 'pandas')]; "
        "assert not bad, bad"
    )
    # -S: no site-packages at all, so nothing but the standard library can be imported.
    result = subprocess.run([sys.executable, "-S", "-c", code, str(tmp_path)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(len(ex.PRESETS)), "-22", "36"]


def test_wheel_ships_every_lesson_and_reads_them_from_inside(wheel: Path, tmp_path: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {n.removeprefix("expeditions/lessons/data/") for n in names if n.startswith("expeditions/lessons/data/")}
    in_repo = {p.relative_to(ROOT / "lessons").as_posix() for p in (ROOT / "lessons").glob("*/*.toml")}
    assert shipped == in_repo and len(in_repo) >= 10
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from expeditions import lessons; "
        "assert str(lessons.lesson_dir()).startswith(sys.argv[1]), lessons.lesson_dir(); "
        "print(len(lessons.path()), len(lessons.appendix()), lessons.path()[0].check(lessons.path()[0].show_me()).kind)"
    )
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(len(list((ROOT / "lessons" / "path").glob("*.toml")))),
                                     str(len(list((ROOT / "lessons" / "appendix").glob("*.toml")))), "right"]


def test_wheel_ships_the_card_tables_module_and_styles(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("card_table.js", "card_table.css"):
        shipped = f"expeditions/widgets/static/{name}"
        assert shipped in names
        assert zipfile.ZipFile(wheel).read(shipped).decode("utf-8") == (ROOT / shipped).read_text(encoding="utf-8")


def test_wheel_ships_the_notebooks_and_the_apps_settings(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n.removeprefix("expeditions/notebooks/") for n in names if n.startswith("expeditions/notebooks/")}
    assert shipped == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert "expeditions/apps/voila.json" in names
    entry_points = zipfile.ZipFile(wheel).read("expeditions-0.1.0.dist-info/entry_points.txt").decode()
    assert "expeditions = expeditions.apps.cli:main" in entry_points


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the built wheel installed (``--no-deps``): its dependencies are borrowed
    from the environment running the tests (a ``.pth`` file names its site-packages, and ``JUPYTER_PATH`` the
    Jupyter data that pip would install under the venv's ``share/jupyter``), so that no download is needed. The
    package itself, its notebooks and its command come from the wheel alone."""
    import sysconfig

    venv = tmp_path_factory.mktemp("venv") / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "borrowed.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", str(wheel)],
                   check=True, capture_output=True)
    return venv


def _installed_env(venv: Path, home: Path) -> dict[str, str]:
    import os

    home.mkdir(exist_ok=True)
    return dict(os.environ, HOME=str(home), JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"),
                JUPYTER_CONFIG_DIR=str(home / ".jupyter"), JUPYTER_DATA_DIR=str(home / ".local/share/jupyter"),
                JUPYTER_RUNTIME_DIR=str(home / ".local/share/jupyter/runtime"), PATH=f"{venv / 'bin'}:{os.environ['PATH']}")


def test_the_installed_command_serves_its_packaged_notebooks(installed: Path, tmp_path: Path) -> None:
    command = installed / "bin" / "expeditions"
    env = _installed_env(installed, tmp_path / "home")
    helped = subprocess.run([str(command), "play", "--help"], capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert helped.returncode == 0 and "the card table" in helped.stdout, helped.stderr
    where = subprocess.run([str(installed / "bin" / "python"), "-c",
                            "import expeditions.apps.serving as s; print(s.__file__, s.notebooks_dir())"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, check=True).stdout.split()
    assert all(p.startswith(str(installed)) for p in where), where  # the wheel's package and notebooks, not the checkout's


@pytest.mark.slow
@pytest.mark.parametrize("name, path, shows", [
    ("play", "", "play against the bots"),
    ("learn", "", "learn the game in ten minutes"),
    ("explore", "", "what-if explorer"),
    ("notebooks", "lab", "JupyterLab"),
])
def test_each_installed_command_starts_headless_and_serves_its_page(installed: Path, tmp_path: Path, name: str, path: str,
                                                                    shows: str) -> None:
    import re
    import time
    import urllib.error
    import urllib.request

    from expeditions.apps.serving import free_port

    port = free_port("127.0.0.1", 9400)
    log = tmp_path / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen([str(installed / "bin" / "expeditions"), name, "--no-browser", "--port", str(port)],
                                  env=_installed_env(installed, tmp_path / "home"), cwd=tmp_path, stdout=out,
                                  stderr=subprocess.STDOUT)
        try:
            deadline, page = time.monotonic() + 120, None
            while page is None and time.monotonic() < deadline:
                assert server.poll() is None, log.read_text()
                announced = re.search(rf"Expeditions: .* at (http://127\.0\.0\.1:{port}/\S*)", log.read_text())
                if announced is None:
                    time.sleep(0.3)
                    continue
                url = announced.group(1).replace("/?token", f"/{path}?token") if path else announced.group(1)
                try:
                    with urllib.request.urlopen(url, timeout=60) as answer:
                        page = answer.read().decode("utf-8")
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    time.sleep(0.5)
            assert page is not None, log.read_text()
            assert shows in page
        finally:
            server.terminate()
            server.wait(timeout=30)
    if name == "notebooks":
        assert {p.name for p in (tmp_path / "expeditions-notebooks").glob("*.ipynb")} >= {"01-rules.ipynb", "04-tips.ipynb"}
