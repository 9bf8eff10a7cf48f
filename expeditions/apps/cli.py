"""The ``expeditions`` command: ``expeditions learn``, ``play``, ``explore`` (Voila) and ``notebooks`` (JupyterLab).

    expeditions learn                  # the lessons, at http://127.0.0.1:8866/ (a browser opens)
    expeditions play --no-browser      # the card table; print the address only
    expeditions explore --port 9000    # the what-if explorer on a port of your choice
    expeditions notebooks              # JupyterLab on a copy of the notebooks in ./expeditions-notebooks
    expeditions play --ip 0.0.0.0      # serve your network: a token is made up and printed in the address
    expeditions play --base-url /cards/   # behind a proxy that forwards /cards/ to this server

Each command prints the address and serves until Ctrl-C. The servers need the ``apps`` extra
(``pip install "expeditions[apps]"``); without it the command says so.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import ArgumentError
from .serving import LOCAL, Address, notebooks_dir, voila_arguments


@dataclass(frozen=True)
class App:
    """One app: its notebook and what it is, in a line."""

    notebook: str
    summary: str


APPS = {
    "learn": App("learn-app.ipynb", "the lessons: the game in ten minutes, from its goal to a first round"),
    "play": App("play-app.ipynb", "the card table: play against the Easy, Normal or Hard bot"),
    "explore": App("explorer-app.ipynb", "the what-if explorer: what a hand or a position is worth, suit by suit"),
}
NOTEBOOKS_FOLDER = "expeditions-notebooks"
INSTALL = 'pip install "expeditions[apps]"'


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="expeditions", description="Learn, play and explore Expeditions in the browser.",
                                  epilog="Each command serves until Ctrl-C; `expeditions COMMAND --help` for its options.")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, app in APPS.items():
        sub = commands.add_parser(name, help=app.summary, description=f"Serve {app.summary} (Voila).")
        _serving_options(sub, 8866)
    sub = commands.add_parser("notebooks", help="JupyterLab on the tutorial and analysis notebooks",
                              description="Open JupyterLab on the notebooks, copied into a folder of yours (files you "
                                          "have changed there are kept).")
    sub.add_argument("--dir", type=Path, default=Path(NOTEBOOKS_FOLDER),
                     help=f"the folder for the notebooks (default: ./{NOTEBOOKS_FOLDER})")
    _serving_options(sub, 8888)
    return top


def _serving_options(sub: argparse.ArgumentParser, first_port: int) -> None:
    sub.add_argument("--port", type=int, default=None, help=f"the port (default: the first free one from {first_port})")
    sub.add_argument("--ip", default=LOCAL, help=f"the address to listen on (default: {LOCAL}, this machine only; "
                                                 "0.0.0.0 serves every network the machine is on, with a token)")
    sub.add_argument("--token", default=None, help="the token visitors must bring (default: a random one beyond this "
                                                   "machine and for JupyterLab, none for an app on this machine)")
    sub.add_argument("--no-browser", action="store_true", help="do not open a browser, only print the address")
    sub.add_argument("--base-url", default="/", help="the path the server answers under, behind a proxy (default: /)")
    sub.set_defaults(first_port=first_port)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (default: the command line); returns the exit status."""
    args = parser().parse_args(argv)
    try:
        address = Address.of(args.ip, args.port, args.token, first_port=args.first_port,
                             always_token=args.command == "notebooks", base_url=args.base_url)
        compile_in_background()
        if args.command == "notebooks":
            return _jupyterlab(copy_notebooks(args.dir), address, browser=not args.no_browser)
        return _voila(notebooks_dir() / APPS[args.command].notebook, address, browser=not args.no_browser)
    except ArgumentError as problem:
        print(f"expeditions {args.command}: {problem}", file=sys.stderr)
        return 2


def compile_in_background() -> subprocess.Popen[bytes] | None:
    """Compile the bots' search (``bots.heuristic_kernel``) into numba's cache in another process while the
    first page opens: once per installation about twenty seconds, then about one. The first move of the Expert
    or of Hard then need not wait for it. Nothing happens without numba."""
    if importlib.util.find_spec("numba") is None:
        return None
    return subprocess.Popen([sys.executable, "-m", "expeditions.bots.heuristic_kernel"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def copy_notebooks(folder: Path) -> Path:
    """Copy the packaged notebooks into ``folder`` (made if missing), leaving those already there alone."""
    if folder.exists() and not folder.is_dir():
        raise ArgumentError(f"--dir must be a folder, and {folder} is a file")
    folder.mkdir(parents=True, exist_ok=True)
    for notebook in sorted(notebooks_dir().glob("*.ipynb")):
        target = folder / notebook.name
        if not target.exists():
            shutil.copyfile(notebook, target)
    return folder


def _announce(what: str, address: Address) -> None:
    print(f"Expeditions: {what} at {address.url()}", flush=True)
    if not address.local:
        print("  Served beyond this machine: anyone with this address (token included) can use it; each page "
              "load starts a Python process on this machine.", flush=True)
    print("  Ctrl-C stops it.", flush=True)


def _voila(notebook: Path, address: Address, *, browser: bool) -> int:
    try:
        from voila.app import Voila
    except ModuleNotFoundError:
        raise ArgumentError(f"the apps need Voila and the widgets: {INSTALL}") from None
    _announce(notebook.stem.replace("-", " "), address)
    Voila.launch_instance(argv=voila_arguments(notebook, address, browser=browser))
    return 0


def _jupyterlab(folder: Path, address: Address, *, browser: bool) -> int:
    try:
        from jupyterlab.labapp import LabApp
    except ModuleNotFoundError:
        raise ArgumentError(f"the notebooks need JupyterLab: {INSTALL}") from None
    _announce(f"the notebooks in {folder.resolve()}", address)
    argv = [f"--ServerApp.root_dir={folder}", f"--ServerApp.ip={address.ip}", f"--ServerApp.port={address.port}",
            "--ServerApp.port_retries=0", f"--IdentityProvider.token={address.token}",
            f"--ServerApp.open_browser={browser}", f"--ServerApp.base_url={address.base_url}"]
    if os.name == "posix" and os.geteuid() == 0:  # a container's root: JupyterLab refuses it unless told
        argv.append("--allow-root")
    LabApp.launch_instance(argv=argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
