"""The ``expeditions`` command and the settings the apps are served with.

A server listens on this machine only unless told otherwise; beyond it a token is required. The shipped Voila
settings (``expeditions/apps/voila.json``) cull the kernels of pages that have gone and limit how many run at
once: a Voila started as the command starts it is checked to refuse a page load beyond the limit in words, and
to take visitors again once the idle kernels have been culled.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from expeditions.apps import cli
from expeditions.apps.serving import Address, free_port, notebooks_dir, voila_arguments, voila_settings
from expeditions.errors import ArgumentError

ROOT = Path(__file__).resolve().parent.parent


def test_a_server_listens_on_this_machine_alone_without_a_token_unless_told():
    here = Address.of(port=9100)
    assert (here.ip, here.port, here.token) == ("127.0.0.1", 9100, "")
    assert here.url() == "http://127.0.0.1:9100/"


def test_beyond_this_machine_a_token_is_made_up_and_is_part_of_the_address():
    network = Address.of("0.0.0.0", 9100)
    assert len(network.token) >= 20 and not network.local
    assert network.url().endswith(f":9100/?token={network.token}")
    assert Address.of("0.0.0.0", 9100).token != network.token  # a new one each time
    assert Address.of("0.0.0.0", 9100, "mine").token == "mine"
    with pytest.raises(ArgumentError, match="needs a token"):
        Address.of("0.0.0.0", 9100, "")


def test_jupyterlab_always_has_a_token_since_it_runs_any_code_it_is_sent():
    assert Address.of(port=9100, always_token=True).token


@pytest.mark.parametrize("ip, port, words", [("my-laptop", 9100, "an IP address"), ("127.0.0.1", 70_000, "1 to 65535")])
def test_a_bad_address_is_refused_in_words(ip, port, words):
    with pytest.raises(ArgumentError, match=words):
        Address.of(ip, port)


def test_the_first_free_port_is_taken_when_none_is_given():
    port = free_port("127.0.0.1", 9200)
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        assert Address.of(first_port=port).port > port


def test_the_command_line_of_every_app_and_its_help(capsys):
    for name, app in cli.APPS.items():
        with pytest.raises(SystemExit) as done:
            cli.main([name, "--help"])
        assert done.value.code == 0
        assert app.summary in " ".join(capsys.readouterr().out.split())
        assert (notebooks_dir() / app.notebook).is_file()
    assert cli.main(["play", "--ip", "somewhere"]) == 2
    assert "--ip takes an IP address" in capsys.readouterr().err


def test_the_notebooks_are_copied_for_jupyterlab_and_a_changed_one_is_kept(tmp_path):
    folder = cli.copy_notebooks(tmp_path / "mine")
    assert sorted(p.name for p in folder.glob("*.ipynb")) == sorted(p.name for p in notebooks_dir().glob("*.ipynb"))
    (folder / "01-rules.ipynb").write_text("{}", encoding="utf-8")
    cli.copy_notebooks(folder)
    assert (folder / "01-rules.ipynb").read_text(encoding="utf-8") == "{}"
    with pytest.raises(ArgumentError, match="is a file"):
        cli.copy_notebooks(folder / "01-rules.ipynb")


def test_the_shipped_voila_settings_cull_idle_kernels_and_limit_them():
    settings = voila_settings()
    culling = settings["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 300 and 0 < culling["cull_interval"] <= 60
    assert culling["cull_connected"] is False  # a page still open keeps its kernel
    assert settings["VoilaConfiguration"]["multi_kernel_manager_class"] == "expeditions.apps.kernels.LimitedKernelManager"
    assert 0 < settings["LimitedKernelManager"]["max_kernels"] <= 64


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def _wait_for_server(url: str, process: subprocess.Popen[str], seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server stopped"
        try:
            with urllib.request.urlopen(url.rstrip("/") + "/voila/static/voila.js", timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise AssertionError(f"no answer from {url} within {seconds} s")


_SERVE = """
import sys
from pathlib import Path
from voila.app import Voila
from expeditions.apps.serving import Address, notebooks_dir, voila_arguments
address = Address.of(port=int(sys.argv[1]))
Voila.launch_instance(argv=voila_arguments(notebooks_dir() / "play-app.ipynb", address, browser=False) + sys.argv[2:])
"""


@pytest.mark.slow
def test_a_voila_served_as_the_command_serves_it_refuses_visitors_beyond_the_limit_and_culls_idle_kernels(tmp_path):
    port = free_port("127.0.0.1", 9300)
    url = f"http://127.0.0.1:{port}/"
    # The shipped settings, with two of them made small for the test: two kernels at most, idle ones culled after 8 s
    # (long enough that the first kernel is still there when the third visitor comes, on a slow first run too).
    small = ["--LimitedKernelManager.max_kernels=2", "--MappingKernelManager.cull_idle_timeout=8",
             "--MappingKernelManager.cull_interval=1"]
    log = tmp_path / "voila.log"
    with log.open("w") as out:
        server = subprocess.Popen([sys.executable, "-c", _SERVE, str(port), *small], cwd=tmp_path, stdout=out,
                                  stderr=subprocess.STDOUT, text=True, env={**_home(tmp_path)})
        try:
            _wait_for_server(url, server)
            first, second = _get(url), _get(url)  # each page load starts a kernel; no browser connects to it
            assert first[0] == second[0] == 200 and "play against the bots" in first[1]
            status, page = _get(url)
            assert status == 503 and "The apps are busy: 2 visitors are being served" in page
            deadline = time.monotonic() + 60
            while (status := _get(url)[0]) == 503 and time.monotonic() < deadline:
                time.sleep(1)  # the two kernels go idle, and are culled
            assert status == 200
            # one culled kernel lets the next visitor in; the other, started a moment later, goes a moment later
            while len(_culled(log)) < 2 and time.monotonic() < deadline:
                time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=30)
    assert "Culling kernels with idle durations > 8 seconds at 1 second intervals" in log.read_text()
    assert len(_culled(log)) >= 2


def _culled(log: Path) -> list[str]:
    """The kernels a voila log says were culled for being idle."""
    return re.findall(r"Culling 'idle' kernel .* with 0 connections due to \d+ seconds of inactivity", log.read_text())


def _home(tmp_path: Path) -> dict[str, str]:
    import os

    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                JUPYTER_DATA_DIR=str(home / ".local/share/jupyter"), JUPYTER_RUNTIME_DIR=str(home / ".local/share/jupyter/runtime"))


def test_voila_is_given_the_shipped_settings_and_the_address():
    argv = voila_arguments(Path("play-app.ipynb"), Address("127.0.0.1", 9100, ""), browser=False)
    assert f"--Voila.config_file_paths={(ROOT / 'expeditions' / 'apps').resolve()}" in argv
    assert {"--Voila.ip=127.0.0.1", "--port=9100", "--Voila.open_browser=False", "--Voila.token="} <= set(argv)


_SERVE_AT = """
import sys
from voila.app import Voila
from expeditions.apps.serving import Address, notebooks_dir, voila_arguments
address = Address.of(port=int(sys.argv[1]), token=sys.argv[2], base_url=sys.argv[3])
Voila.launch_instance(argv=voila_arguments(notebooks_dir() / "play-app.ipynb", address, browser=False))
"""


@pytest.mark.slow
def test_a_token_keeps_out_whoever_does_not_bring_it_and_a_base_url_serves_behind_a_proxy(tmp_path):
    port = free_port("127.0.0.1", 9350)
    base = f"http://127.0.0.1:{port}/cards/"
    with (tmp_path / "voila.log").open("w") as out:
        server = subprocess.Popen([sys.executable, "-c", _SERVE_AT, str(port), "let-me-in", "/cards/"], cwd=tmp_path,
                                  stdout=out, stderr=subprocess.STDOUT, text=True, env=_home(tmp_path))
        try:
            _wait_for_server(base, server)
            opener = urllib.request.build_opener(_NoRedirect())
            try:
                opener.open(base, timeout=60)
                refused = 200
            except urllib.error.HTTPError as error:
                refused = error.code
            assert refused in (302, 403), refused  # to the login page, or refused: no kernel started
            status, page = _get(base + "?token=let-me-in")
            assert status == 200 and "play against the bots" in page
            assert _get(f"http://127.0.0.1:{port}/?token=let-me-in")[0] == 404  # nothing outside the base URL
        finally:
            server.terminate()
            server.wait(timeout=30)
    assert Address.of(port=port, token="let-me-in", base_url="/cards").url() == base + "?token=let-me-in"
    with pytest.raises(ArgumentError, match="--base-url"):
        Address.of(port=port, base_url="cards")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # the answer itself is what is checked
        return None


def test_a_served_app_compiles_the_bots_search_in_another_process_while_the_page_opens(monkeypatch):
    started, served = [], []
    monkeypatch.setattr(cli.subprocess, "Popen", lambda argv, **kw: started.append(argv))
    monkeypatch.setattr(cli, "_voila", lambda notebook, address, browser: served.append(notebook.name) or 0)
    assert cli.main(["play", "--no-browser"]) == 0
    assert served == ["play-app.ipynb"]
    assert started == [[sys.executable, "-m", "expeditions.bots.heuristic_kernel"]]
    monkeypatch.undo()  # Popen is the subprocess module's own
    done = subprocess.run([sys.executable, "-m", "expeditions.bots.heuristic_kernel"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and not done.stderr  # the module it runs compiles the kernel and says nothing
