#!/usr/bin/env python3
"""Build the static edition of Expeditions: ``build/site/``, a folder that any static web host serves as it is,
where the lessons, the card table and the scoring calculator run in the browser (JupyterLite and Pyodide).

    python tools/build_site.py               # build/site/ (``make site``)
    python tools/build_site.py --out DIR     # somewhere else

Every version comes from ``site/versions.toml``. The build fetches, once, into ``build/site-cache/``: JupyterLite
and its Pyodide kernel (pip, into a virtual environment of the build's own, ``build/site-tools/``), the Pyodide
interpreter (``npm pack pyodide@...``), and the pure wheels the kernel and the pages import (``pip download`` for
Python 3.14 on Pyodide's platform). The site itself fetches nothing from anywhere but its own folder:

1. the project's wheel is built from this checkout, with the judgements of the lessons that need the expected
   values computed ahead (``expeditions.lessons.ahead``: the browser has no numpy); the modules the kernel and
   the pages import as they start are compiled to bytecode by Pyodide itself (``tools/compile_in_pyodide.mjs``,
   with Node), and so are the standard library's, so that the browser does not compile them at every visit;
2. Pyodide's lock file is rewritten to list exactly the wheels shipped beside the interpreter (name, version,
   file, sha256, the modules each provides and the packages each needs), and nothing else; with the
   modules listed, a notebook's ``import`` loads its package;
3. the notebooks go in (the learn app, the play app, the explorer app, notebook 01 with its lessons kept in the
   browser), with a front page of our own that opens each app;
4. ``jupyter lite build`` assembles the site without source maps, with the kernel told where Pyodide is and
   never to ask PyPI (``disablePyPIFallback``); the icons' fonts in formats no browser with WebAssembly reads
   are left out, and the wheels are packed tighter.

The site must stay under ``MAX_MEGABYTES``; the build says what it holds and how big it is.
"""

from __future__ import annotations

import argparse
import base64
import csv
import fnmatch
import hashlib
import html
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "site" / "versions.toml"
BUILD = ROOT / "build"
CACHE = BUILD / "site-cache"
TOOLS = BUILD / "site-tools"
OUT = BUILD / "site"
MAX_MEGABYTES = 40
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
APPS = ("lab", "repl")
"""The JupyterLite applications shipped: JupyterLab (the notebooks) and the single-window REPL the apps run in; the
others (the classic notebook, the file tree, the editor, the consoles) are left out: 0.7 MB the site need not carry."""


# --- the pins ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pins:
    """``site/versions.toml``, read."""

    build: dict[str, str]
    pyodide_npm: str
    python: str
    abi: str
    platform: str
    wheels: dict[str, str]
    kernel_wheels: dict[str, str]
    extras: tuple[str, ...]
    absent: dict[str, str]

    @classmethod
    def read(cls, path: Path = PINS) -> Pins:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        pyodide = data["pyodide"]
        return cls(data["build"], pyodide["npm"], pyodide["python"], pyodide["abi"], pyodide["platform"], data["wheels"],
                   data["kernel-wheels"], tuple(data["project"]["extras"]), data["absent"])

    @property
    def marker_environment(self) -> dict[str, str]:
        """The values of environment markers in Pyodide (``sys_platform == "emscripten"`` and the rest)."""
        return {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                "platform_machine": "wasm32", "python_version": self.python, "python_full_version": f"{self.python}.0",
                "implementation_name": "cpython", "platform_python_implementation": "CPython", "platform_release": "",
                "platform_version": "", "implementation_version": f"{self.python}.0"}


def run(command: list[str], **options: Any) -> None:
    print("  $", " ".join(command), flush=True)
    subprocess.run(command, check=True, **options)


# --- what the build fetches (into the cache) ------------------------------------------------------------------
def build_tools(pins: Pins) -> Path:
    """A virtual environment with JupyterLite, its Pyodide kernel and the widgets' JupyterLab extensions; made again
    when the pins change. Returns its ``jupyter`` command."""
    wanted = json.dumps(pins.build, sort_keys=True)
    stamp = TOOLS / "pins.json"
    jupyter = TOOLS / "bin" / "jupyter"
    if not (stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted and jupyter.exists()):
        shutil.rmtree(TOOLS, ignore_errors=True)
        run([sys.executable, "-m", "venv", str(TOOLS)])
        pip = [str(TOOLS / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        lite = ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyter-server")
        run([*pip, *(f"{name}=={pins.build[name]}" for name in lite)])
        run([*pip, "--no-deps", *(f"{name}=={version}" for name, version in pins.build.items() if name not in lite)])
        stamp.write_text(wanted, encoding="utf-8")
    return jupyter


def download_wheels(pins: Pins, folder: Path) -> list[Path]:
    """The pinned pure wheels for Pyodide's Python and platform, from PyPI (each fetched once)."""
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for name, version in pins.wheels.items():
        have = [w for w in folder.glob("*.whl") if _wheel_names(w) == (canonicalize_name(name), version)]
        if not have:
            run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                 "--only-binary=:all:", "--python-version", pins.python, "--implementation", "cp", "--abi", pins.abi,
                 "--platform", pins.platform, "--dest", str(folder), f"{name}=={version}"])
            have = [w for w in folder.glob("*.whl") if _wheel_names(w) == (canonicalize_name(name), version)]
        if len(have) != 1:
            raise SystemExit(f"expected one wheel of {name} {version} in {folder}, found {[w.name for w in have]}")
        found.append(have[0])
    return found


def _wheel_names(path: Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return canonicalize_name(name), version


def pyodide_core(pins: Pins, folder: Path) -> Path:
    """The Pyodide interpreter from npm (``npm pack``), unpacked once; returns its folder."""
    core = folder / pins.pyodide_npm.replace("@", "-")
    if not (core / "pyodide.mjs").is_file():
        folder.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", "--pack-destination", str(folder), pins.pyodide_npm], stdout=subprocess.DEVNULL)
        (tarball,) = folder.glob(f"{pins.pyodide_npm.split('@')[0]}-*.tgz")
        with tarfile.open(tarball) as archive:
            archive.extractall(folder / "unpacked", filter="data")
        shutil.rmtree(core, ignore_errors=True)
        (folder / "unpacked" / "package").rename(core)
        tarball.unlink()
    return core


def kernel_wheels(jupyter: Path, pins: Pins) -> list[Path]:
    """The wheels of ``[kernel-wheels]``, from the Pyodide kernel's JupyterLab extension."""
    pypi = jupyter.parent.parent / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    return [pypi / f"{name.replace('-', '_')}-{version}-py3-none-any.whl" for name, version in pins.kernel_wheels.items()]


# --- the project's wheel --------------------------------------------------------------------------------------
def project_wheel(folder: Path) -> Path:
    """The project's wheel, built from this checkout, with the judgements computed ahead added to its lessons."""
    from expeditions import lessons
    from expeditions.lessons.ahead import write_judgements
    from expeditions.lessons.files import STORE

    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "--wheel-dir", str(folder), str(ROOT)])
    (wheel,) = folder.glob("expeditions-*.whl")
    judgements = write_judgements(lessons.path() + lessons.appendix(), folder)
    rewrite_wheel(wheel, add={f"expeditions/lessons/data/{STORE}": judgements.read_bytes()})
    judgements.unlink()
    return wheel


def rewrite_wheel(wheel: Path, *, add: dict[str, bytes], remove: frozenset[str] = frozenset()) -> None:
    """Rewrite ``wheel`` in place with the files ``add`` (name -> content) added or replaced and ``remove`` left
    out, and its RECORD made again to match."""
    with zipfile.ZipFile(wheel) as old:
        kept = {info.filename: old.read(info) for info in old.infolist() if info.filename not in remove}
    record = next(name for name in kept if name.endswith(".dist-info/RECORD") and name.count("/") == 1)
    files = {name: content for name, content in {**kept, **add}.items() if name != record}
    rows = [[name, "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode(),
             str(len(content))] for name, content in files.items()]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([*rows, [record, "", ""]])
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for name, content in [*files.items(), (record, out.getvalue().encode("utf-8"))]:
            new.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), content, zipfile.ZIP_DEFLATED, 9)


STARTUP_IMPORTS = ("pyodide_kernel", "IPython", "ipywidgets", "anywidget", "comm", "traitlets", "tqdm.auto",
                   "expeditions.widgets", "expeditions.widgets.lessons", "expeditions.advice.hints",
                   "expeditions.advice.hard", "expeditions.analysis.analyst", "expeditions.lessons.judges")
"""What the kernel and the pages import as they start: these modules and every one they import are compiled ahead."""
KEEP_SOURCES = ("expeditions",)
"""Packages whose compiled modules go beside their sources (a traceback shows the project's own code); the other
packages' compiled modules replace their sources, as in Pyodide's own packages."""
LEFT_OUT = ("*.data/data/share/jupyter/*", "anywidget/labextension/*", "jedi/third_party/django-stubs/*", "*/tests/*")
"""Files of the wheels the site leaves out: the JupyterLab extensions some carry (the site serves them from its
``extensions/`` folder; inside Pyodide they are dead weight), the stubs of Django, the packages' own tests."""


def compile_ahead(pyodide: Path, wheels: list[Wheel]) -> list[Wheel]:
    """Compile, with Pyodide itself (``tools/compile_in_pyodide.mjs``), the modules the site imports as it starts, and
    put the bytecode into the wheels in ``pyodide`` (listed in its lock); returns the wheels read again."""
    work = BUILD / "site-compiled"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    spec = BUILD / "site-compile.json"
    spec.write_text(json.dumps({"imports": list(STARTUP_IMPORTS), "packages": []}), encoding="utf-8")
    run(["node", str(ROOT / "tools" / "compile_in_pyodide.mjs"), str(pyodide), str(work), str(spec)])
    manifest = json.loads((work / "compiled.json").read_text(encoding="utf-8"))
    compile_stdlib(pyodide / "python_stdlib.zip", work / "stdlib", manifest["stdlib"])
    compiled = set(manifest["compiled"])
    again = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel.path) as archive:
            sources = compiled & set(archive.namelist())
        if sources:
            keep = wheel.name in KEEP_SOURCES
            add = {_compiled_name(source, manifest["cache_tag"], keep): (work / source).with_suffix(".pyc").read_bytes()
                   for source in sources}
            rewrite_wheel(wheel.path, add=add, remove=frozenset() if keep else frozenset(sources))
        again.append(Wheel.read(wheel.path))
    return again


def compile_stdlib(stdlib: Path, compiled: Path, sources: list[str]) -> None:
    """Put the bytecode of the standard library's modules the site imports as it starts (``compiled/NAME.pyc``) into
    Pyodide's ``python_stdlib.zip`` in place of their sources, as Python imports modules from a zip: ``NAME.pyc``
    first. (All of it compiled would add 2 MB; these add a few hundred kB, and take most of the work.)"""
    with zipfile.ZipFile(stdlib) as old:
        entries = {info.filename: old.read(info) for info in old.infolist()}
    for source in sources:
        del entries[source]
        entries[source.removesuffix(".py") + ".pyc"] = (compiled / source).with_suffix(".pyc").read_bytes()
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for name, content in sorted(entries.items()):
            new.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), content, zipfile.ZIP_DEFLATED, 9)


def _compiled_name(source: str, cache_tag: str, beside_source: bool) -> str:
    """Where the bytecode of ``source`` goes: ``__pycache__/NAME.TAG.pyc`` beside it, or ``NAME.pyc`` in its place."""
    folder, _, file = source.rpartition("/")
    stem = file.removesuffix(".py")
    if beside_source:
        return f"{folder}/__pycache__/{stem}.{cache_tag}.pyc" if folder else f"__pycache__/{stem}.{cache_tag}.pyc"
    return f"{folder}/{stem}.pyc" if folder else f"{stem}.pyc"


# --- the lock -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Wheel:
    """A wheel as Pyodide's lock lists it."""

    path: Path
    name: str
    version: str
    imports: tuple[str, ...]
    requires: tuple[Requirement, ...]

    @classmethod
    def read(cls, path: Path) -> Wheel:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
            meta = HeaderParser().parsestr(archive.read(meta_name).decode("utf-8"))
            top_level = next((n for n in names if n.endswith(".dist-info/top_level.txt") and n.count("/") == 1), None)
            if top_level is not None:
                imports = tuple(sorted({line.strip() for line in archive.read(top_level).decode().splitlines() if line.strip()}))
            else:
                imports = _top_level_modules(names)
        return cls(path, canonicalize_name(meta["Name"]), meta["Version"], imports,
                   tuple(Requirement(r) for r in meta.get_all("Requires-Dist") or ()))

    def needs(self, environment: dict[str, str], extras: tuple[str, ...] = ()) -> set[str]:
        """The packages it needs in ``environment`` (with ``extras``), by canonical name."""
        wanted: set[str] = set()
        for requirement in self.requires:
            if requirement.marker is None or any(requirement.marker.evaluate({**environment, "extra": extra})
                                                 for extra in ("", *extras)):
                wanted.add(canonicalize_name(requirement.name))
        return wanted

    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def _top_level_modules(names: list[str]) -> tuple[str, ...]:
    """The modules a wheel without ``top_level.txt`` provides: its top-level packages and modules (sources, or the
    bytecode that replaced them)."""
    found = set()
    for name in names:
        first, _, rest = name.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if rest in ("__init__.py", "__init__.pyc"):
            found.add(first)
        elif not rest and first.endswith((".py", ".pyc")):
            found.add(first.rpartition(".")[0])
    return tuple(sorted(found))


def rewrite_lock(core_lock: dict[str, Any], wheels: list[Wheel], pins: Pins) -> dict[str, Any]:
    """Pyodide's lock with exactly ``wheels`` in it. A package one of them needs must be among them, or be one of
    ``[absent]`` for the project's wheel: anything else missing stops the build."""
    shipped = {w.name for w in wheels}
    absent = {canonicalize_name(n) for n in pins.absent}
    packages = {}
    for wheel in sorted(wheels, key=lambda w: w.name):
        needs = wheel.needs(pins.marker_environment, pins.extras if wheel.name == "expeditions" else ())
        missing = needs - shipped - (absent if wheel.name == "expeditions" else set())
        if missing:
            raise SystemExit(f"{wheel.name} {wheel.version} needs {sorted(missing)}, which the site does not ship: pin "
                             f"them in {PINS.relative_to(ROOT)}")
        packages[wheel.name] = {
            "name": wheel.name, "version": wheel.version, "file_name": wheel.path.name, "install_dir": "site",
            "sha256": wheel.sha256(), "package_type": "package", "imports": list(wheel.imports),
            "depends": sorted(needs & shipped), "unvendored_tests": False,
        }
    return {"info": core_lock["info"], "packages": packages}


# --- the site's source folder ---------------------------------------------------------------------------------
SITE_NOTEBOOKS = {"learn-app.ipynb": {}, "play-app.ipynb": {}, "explorer-app.ipynb": {},
                  "01-rules.ipynb": {"KEEP_PROGRESS": "browser"}}
"""The notebooks of the site, with the parameters changed in its copies (lessons kept in the browser's storage: a
file written in the browser is gone at the next visit)."""


def copy_notebooks(target: Path) -> list[Path]:
    """The site's copies of ``SITE_NOTEBOOKS``, with their parameters set; returns them."""
    target.mkdir(parents=True, exist_ok=True)
    copies = []
    for name, parameters in SITE_NOTEBOOKS.items():
        notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if parameters and "parameters" in cell.get("metadata", {}).get("tags", []):
                cell["source"] = _set_parameters("".join(cell["source"]), parameters, name)
        copy = target / name
        copy.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        copies.append(copy)
    return copies


def _set_parameters(source: str, parameters: dict[str, str], notebook: str) -> str:
    lines = source.splitlines()
    for name, value in parameters.items():
        at = [i for i, line in enumerate(lines) if line.split("=")[0].strip() == name]
        if len(at) != 1:
            raise SystemExit(f"{notebook}: its parameters cell has no single line that sets {name}")
        comment = lines[at[0]].partition("#")[2]
        lines[at[0]] = f"{name} = {value!r}" + (f"  # {comment.strip()}" if comment else "")
    return "\n".join(lines)


APP_CODE = {
    "learn": ("Learn the game", "the lessons, from the goal of the game to a first round: about ten minutes",
              'from expeditions.widgets import lesson_table\nlesson_table(keep="browser")'),
    "play": ("Play", "the card table against the Easy, Normal or Hard bot", "from expeditions.widgets import card_table\ncard_table()"),
    "calculator": ("Score a board", "the scoring calculator: click cards into expeditions, see each scored",
                   "from expeditions.widgets import ScoringCalculator\nScoringCalculator()"),
}
"""The apps of the front page: a title, a line, and the code the page runs (in JupyterLite's REPL, code hidden)."""


def app_url(code: str) -> str:
    """The address (relative to the site) of a page that runs ``code`` at once and shows only its output."""
    return (f"repl/index.html?kernel=python&toolbar=0&showBanner=0&hideCodeInput=1&promptCellPosition=bottom"
            f"&clearCodeContentOnExecute=1&code={quote(code)}")


def front_page() -> str:
    """The site's index.html: what the site is, and a link to each app and to the notebooks."""
    links = "\n".join(f'    <li><a data-testid="open-{key}" href="{html.escape(app_url(code))}"><b>{html.escape(title)}</b></a>'
                      f" — {html.escape(line)}</li>" for key, (title, line, code) in APP_CODE.items())
    notebooks = html.escape("lab/index.html?path=01-rules.ipynb")
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Expeditions in the browser</title>
  <!-- JupyterLite's applications read the site's settings from here (the root's page); this page itself is plain. -->
  <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
  <style>
    body {{ font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #222; }}
    li {{ margin: 0.6rem 0; }} a {{ color: #1565c0; }} .small {{ color: #555; font-size: 0.9rem; }}
  </style>
</head>
<body>
  <h1>Expeditions</h1>
  <p>The standard-deck card game of <i>Lost Cities</i>: learn it, play it against the bots, score a board. It all runs in
  this browser tab, with nothing installed; the first visit loads Python into the page (about 20 MB, then kept by the
  browser).</p>
  <ul>
{links}
    <li><a data-testid="open-notebooks" href="{notebooks}"><b>The notebooks</b></a> — the lessons and the calculator as a
    notebook (JupyterLab), where you can change and run the code</li>
  </ul>
  <p class="small">The what-if explorer, the strategy tips and the charts need numpy, which this edition does not have:
  install Expeditions on a computer with Python, <code>pip install "expeditions[apps]"</code>, then
  <code>expeditions explore</code> or <code>expeditions notebooks</code>.</p>
</body>
</html>
"""


def lite_config(wheels: list[Wheel]) -> dict[str, Any]:
    """``jupyter-lite.json`` of the source folder: Pyodide from the site itself, never anything from PyPI, and every
    shipped package loaded while Pyodide starts, all at once (the kernel would otherwise install its own one after
    the other, and the pages' packages would wait for the first import)."""
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": sorted(w.name for w in wheels)}}
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"appName": "Expeditions",
                                                                       "litePluginSettings": {KERNEL_SETTINGS: kernel}}}


def source_folder(source: Path, core: Path, wheels: list[Wheel], pins: Pins) -> list[Wheel]:
    """Lay out JupyterLite's source folder: ``static/pyodide`` (the interpreter, the wheels with their startup modules
    compiled ahead, the rewritten lock), ``files/`` (the notebooks) and ``jupyter-lite.json``; returns the wheels as
    shipped."""
    shutil.rmtree(source, ignore_errors=True)
    pyodide = source / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for file in core.iterdir():
        if file.suffix in (".mjs", ".wasm", ".zip"):  # not the source maps, the type stubs, the demo consoles, the UMD build
            shutil.copy2(file, pyodide / file.name)
    shipped = []
    for wheel in wheels:
        copy = pyodide / wheel.path.name
        shutil.copy2(wheel.path, copy)
        with zipfile.ZipFile(copy) as archive:
            left_out = frozenset(n for n in archive.namelist() if any(fnmatch.fnmatch(n, pattern) for pattern in LEFT_OUT))
        rewrite_wheel(copy, add={}, remove=left_out)  # and packed tighter than pip packs them
        shipped.append(Wheel.read(copy))
    core_lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock = pyodide / "pyodide-lock.json"
    lock.write_text(json.dumps(rewrite_lock(core_lock, shipped, pins), indent=1) + "\n", encoding="utf-8")
    shipped = compile_ahead(pyodide, shipped)
    lock.write_text(json.dumps(rewrite_lock(core_lock, shipped, pins), indent=1) + "\n", encoding="utf-8")
    copy_notebooks(source / "files")
    (source / "jupyter-lite.json").write_text(json.dumps(lite_config(shipped), indent=1) + "\n", encoding="utf-8")
    return shipped


def lite_build(jupyter: Path, source: Path, out: Path) -> None:
    shutil.rmtree(out, ignore_errors=True)
    run([str(jupyter), "lite", "build", "--lite-dir", str(source), "--contents", str(source / "files"), "--output-dir",
         str(out), "--no-sourcemaps", "--no-unused-shared-packages", *(f"--apps={app}" for app in APPS)], cwd=source)
    (out / "index.html").write_text(front_page(), encoding="utf-8")
    for font in (out / "build").glob("fa-*"):
        if font.suffix in OLD_FONT_FORMATS:
            font.unlink()


OLD_FONT_FORMATS = (".eot", ".ttf", ".svg", ".woff")
"""Font Awesome's icons come in five formats, listed woff2 first; every browser that runs WebAssembly reads woff2,
so never these four, which weigh 2.7 MB of the site."""


def size_of(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to build the site (default: {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    pins = Pins.read()
    missing = [tool for tool in ("npm", "node") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"the build needs {' and '.join(missing)} (npm packs Pyodide, Node compiles its modules): "
                         "`sh tools/browser_setup.sh` installs them on Debian")
    print(f"Building the static edition into {args.out} from {PINS.relative_to(ROOT)}", flush=True)
    jupyter = build_tools(pins)
    core = pyodide_core(pins, CACHE / "npm")
    wheels = [Wheel.read(w) for w in [*download_wheels(pins, CACHE / "wheels"), *kernel_wheels(jupyter, pins),
                                      project_wheel(BUILD / "site-wheel")]]
    wheels = source_folder(BUILD / "site-src", core, wheels, pins)
    lite_build(jupyter, BUILD / "site-src", args.out)
    maps = [p for p in args.out.rglob("*.map")]
    megabytes = size_of(args.out) / 1e6
    print(f"The site: {args.out}, {megabytes:.1f} MB, {len(wheels)} wheels, {len(maps)} source maps")
    if maps or megabytes >= MAX_MEGABYTES:
        raise SystemExit(f"the site must have no source maps and stay under {MAX_MEGABYTES} MB")


if __name__ == "__main__":
    main()
