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
