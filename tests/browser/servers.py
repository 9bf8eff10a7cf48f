"""Voila, JupyterLab and the system Chromium for the browser tests (and for `tools/screenshot_play.py`).

The servers listen on 127.0.0.1 only, run with HOME and every Jupyter folder in a temporary directory, and
serve a copy of `notebooks/`: nothing they write (JupyterLab's autosave, a saved game) reaches the
repository. They are stopped (with their kernels) when the ``with`` block ends.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CHROMIUM = os.environ.get("EXPEDITIONS_CHROMIUM", "/usr/bin/chromium")
"""Debian's Chromium (`apt-get install chromium`); Playwright's own browser download is never used."""
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TOKEN = "expeditions-test"
"""JupyterLab's token in the tests."""

LAB_SETTINGS = {
    # Every cell rendered, also when scrolled out of view (locators find them), and no pop-ups about news.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
}


def launch_chromium(playwright: Playwright) -> Browser:
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM}: install Debian's chromium (`sh tools/browser_setup.sh`)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def jupyter_environment(home: Path) -> dict[str, str]:
    """The environment for the servers: HOME and Jupyter's folders under ``home``, this Python's tools first on PATH."""
    settings = home / ".jupyter" / "lab" / "user-settings"
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    return dict(
        os.environ,
        HOME=str(home),
        JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
        JUPYTER_DATA_DIR=str(home / ".local/share/jupyter"),
        JUPYTER_RUNTIME_DIR=str(home / ".local/share/jupyter/runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(home / ".jupyter/lab/workspaces"),
        IPYTHONDIR=str(home / ".ipython"),
        PATH=str(BIN) + os.pathsep + os.environ.get("PATH", ""),
    )


def copy_notebooks(target: Path) -> Path:
    """Copy the notebooks (without checkpoints or saved games) to ``target``; returns it."""
    shutil.copytree(ROOT / "notebooks", target, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.json"))
    return target


def run_notebooks_tool() -> ModuleType:
    """``tools/run_notebooks.py``, the script that runs the notebooks headless (it is not a package module)."""
    module = sys.modules.get("run_notebooks")
    if module is None:
        spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "tools" / "run_notebooks.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["run_notebooks"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return module


def small_copy(notebook: Path, target: Path) -> dict[str, Any]:
    """Write ``notebook`` to ``target`` with its CI-sized parameters applied, as ``tools/run_notebooks.py --small``
    applies them: the notebook's ``small_parameters`` (read and checked by that script), injected by papermill in
    a cell after the parameters cell. For apps that run the notebook as it is served (Voila takes no parameters).
    Returns every parameter of the copy: the notebook's own, overridden by the small ones."""
    import nbformat
    from papermill.iorw import load_notebook_node
    from papermill.parameterize import parameterize_notebook

    tool = run_notebooks_tool()
    nb = load_notebook_node(str(notebook))
    small = tool.small_parameters(nb)
    nb = parameterize_notebook(nb, small, kernel_name=nb.metadata.kernelspec.name)
    nbformat.write(nb, str(target))
    return {**tool.parameters_of(nb), **small}


def app_copy(notebook: Path, target: Path, **arguments: object) -> Path:
    """Write the app notebook ``notebook`` to ``target`` with its widget's call given ``arguments`` (a fixed seed, a
    short pause for the bots): an app has no parameters cell, and Voila takes no parameters."""
    import nbformat

    nb = nbformat.read(str(notebook), as_version=4)
    cell = [c for c in nb.cells if c.cell_type == "code"][-1]
    lines = cell.source.rstrip().splitlines()
    call = lines[-1]
    assert call.endswith(")"), f"the app's last line is not a call: {call!r}"
    given = ", ".join(f"{name}={value!r}" for name, value in arguments.items())
    lines[-1] = call[:-1] + ("" if call.endswith("()") else ", ") + given + ")"
    cell.source = "\n".join(lines)
    nbformat.write(nb, str(target))
    return target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tail(log: Path, lines: int = 40) -> str:
    try:
        return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def _wait_for(url: str, process: subprocess.Popen[bytes], log: Path, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped before answering {url} (exit code {process.returncode}):\n{_tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise RuntimeError(f"no answer from {url} within {seconds} s:\n{_tail(log)}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server and give it time to shut its kernels down."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@contextmanager
def _serving(command: list[str], env: dict[str, str], cwd: Path, log: Path, ready_url: str) -> Iterator[None]:
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_for(ready_url, process, log)
            yield
        finally:
            _stop(process)


@contextmanager
def voila_server(notebooks: Path, env: dict[str, str], log: Path) -> Iterator[str]:
    """Voila serving the folder ``notebooks``; yields its base URL (an app is at ``{url}voila/render/NB.ipynb``)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = [str(BIN / "voila"), str(notebooks), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--show_tracebacks=True"]
    with _serving(command, env, notebooks, log, url):
        yield url


@contextmanager
def jupyterlab_server(notebooks: Path, env: dict[str, str], log: Path) -> Iterator[str]:
    """JupyterLab on the folder ``notebooks`` (token ``TOKEN``; as root too); yields its base URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = [str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root", f"--IdentityProvider.token={TOKEN}",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", f"--ServerApp.root_dir={notebooks}"]
    with _serving(command, env, notebooks, log, f"{url}api/status?token={TOKEN}"):
        yield url


@contextmanager
def voila_in_chromium(prepare: Callable[[Path], object] | None = None) -> Iterator[tuple[str, Browser, Path]]:
    """For the scripts outside pytest (screenshots, the startup benchmark): a copy of the notebooks in a
    temporary folder (``prepare(folder)`` may add to it), Voila serving it with a temporary HOME, and Debian's
    Chromium; yields Voila's base URL, the browser and the folder, and closes all three afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        notebooks = copy_notebooks(Path(tmp) / "notebooks")
        if prepare is not None:
            prepare(notebooks)
        env = jupyter_environment(Path(tmp) / "home")
        with voila_server(notebooks, env, Path(tmp) / "voila.log") as url, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                yield url, browser, notebooks
            finally:
                browser.close()
