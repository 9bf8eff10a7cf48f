"""The three places that name the project's dependencies agree: pyproject.toml (pip), environment.yml (conda,
for development: every dependency and extra) and binder/environment.yml (Binder: what the notebooks need).

Names are compared as conda-forge spells them (pip's ``dask[distributed]`` is conda's ``dask`` and
``distributed``), with the same version bounds; ``python`` and ``pip`` belong to a conda environment
itself and are checked apart.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BINDER_EXTRAS = ("apps", "notebooks")
"""The extras Binder installs: it runs the apps and the notebooks (JupyterLab and Voila), not the tests."""

CONDA_PACKAGES = {"dask[distributed]": ("dask", "distributed")}
"""pip requirements (name with extras) that are other or several packages on conda-forge."""

ENVIRONMENT_ITSELF = {"python", "pip"}


def normalise(name: str) -> str:
    """A package name as PEP 503 compares them: lower case, runs of ``-_.`` made one ``-``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def split_requirement(text: str) -> tuple[str, str]:
    """``"dask[distributed]>=2024.8"`` -> ``("dask[distributed]", ">=2024.8")``; spaces dropped, no markers."""
    found = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*(?:\[[A-Za-z0-9_,.\s-]+\])?)\s*([<>=!~].*)?", text.strip())
    assert found, f"cannot read the requirement {text!r}"
    name, spec = found.group(1), found.group(2) or ""
    assert ";" not in spec, f"{text!r}: environment markers have no conda equivalent here"
    return re.sub(r"\s+", "", name), re.sub(r"\s+", "", spec)


def as_conda(requirements: list[str]) -> dict[str, str]:
    """pip requirements as conda-forge packages: name -> version bounds."""
    packages: dict[str, str] = {}
    for text in requirements:
        name, spec = split_requirement(text)
        key = normalise(name)
        if "[" in name and key not in CONDA_PACKAGES:
            raise AssertionError(f"{text!r}: say in CONDA_PACKAGES which conda packages this requirement is")
        for conda_name in CONDA_PACKAGES.get(key, (key,)):
            assert conda_name not in packages, f"{conda_name} is required twice"
            packages[conda_name] = spec
    return packages


@dataclass
class CondaEnvironment:
    """The parts of a conda environment file that matter here: its conda packages and its pip lines."""

    name: str = ""
    channels: list[str] = field(default_factory=list)
    conda: dict[str, str] = field(default_factory=dict)
    pip: list[str] = field(default_factory=list)


def read_environment(path: Path) -> CondaEnvironment:
    """Read a conda environment file of the plain shape these files have (top-level keys ``name``, ``channels``,
    ``dependencies``; one ``- pip:`` list); any other line fails, rather than being misread."""
    env = CondaEnvironment()
    section = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        where = f"{path.name}:{number}: {raw!r}"
        if top := re.fullmatch(r"(\w+):\s*(.*)", line):
            key, value = top.groups()
            assert key in ("name", "channels", "dependencies"), f"{where}: unexpected key"
            if key == "name":
                env.name = value
            section = key
        elif item := re.fullmatch(r"  - (\S.*)", line):
            value = item.group(1)
            if section == "channels":
                env.channels.append(value)
            elif value == "pip:":
                section = "pip"
            elif section == "dependencies":
                spec = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*([<>=!~].*)?", value)
                assert spec, f"{where}: cannot read the package"
                name = normalise(spec.group(1))
                assert name not in env.conda, f"{where}: {name} is listed twice"
                env.conda[name] = re.sub(r"\s+", "", spec.group(2) or "")
            else:
                raise AssertionError(f"{where}: a list item outside dependencies")
        elif (item := re.fullmatch(r"      - (\S.*)", line)) and section == "pip":
            env.pip.append(item.group(1))
        else:
            raise AssertionError(f"{where}: not understood")
    return env


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DEVELOPMENT = read_environment(ROOT / "environment.yml")
BINDER = read_environment(ROOT / "binder" / "environment.yml")


def without_itself(env: CondaEnvironment) -> dict[str, str]:
    return {name: spec for name, spec in env.conda.items() if name not in ENVIRONMENT_ITSELF}


def test_environment_yml_names_every_dependency_and_extra_of_pyproject() -> None:
    extras = PYPROJECT["optional-dependencies"]
    wanted = as_conda(PYPROJECT["dependencies"] + [r for name in extras for r in extras[name]])
    assert without_itself(DEVELOPMENT) == wanted
    assert DEVELOPMENT.conda["python"] == PYPROJECT["requires-python"]
    assert "pip" in DEVELOPMENT.conda and DEVELOPMENT.pip == ["-e ."]  # then the project itself, editable


def test_binder_environment_names_what_the_notebooks_need() -> None:
    extras = PYPROJECT["optional-dependencies"]
    wanted = as_conda(PYPROJECT["dependencies"] + [r for name in BINDER_EXTRAS for r in extras[name]])
    assert without_itself(BINDER) == wanted
    assert "voila" in wanted and "jupyterlab" in wanted  # the play app and the tutorial both run on Binder
    assert "pip" in BINDER.conda and BINDER.pip == []  # repo2docker builds the environment before the repository is there


def test_both_environments_use_conda_forge_and_a_python_the_project_supports() -> None:
    assert DEVELOPMENT.channels == BINDER.channels == ["conda-forge"]
    lowest = re.fullmatch(r">=(\d+)\.(\d+)", PYPROJECT["requires-python"])
    pinned = re.fullmatch(r"=(\d+)\.(\d+)", BINDER.conda["python"])
    assert lowest, "requires-python is a lower bound, >=3.X"
    assert pinned, "Binder pins one Python version (python=3.X), so that its builds repeat"
    assert tuple(map(int, pinned.groups())) >= tuple(map(int, lowest.groups()))


def test_binder_post_build_installs_the_project_without_touching_the_environment() -> None:
    post_build = ROOT / "binder" / "postBuild"
    commands = [line for line in post_build.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    assert commands == ["set -euo pipefail", "python -m pip install --no-deps --editable ."]
    if os.name == "posix":
        assert os.access(post_build, os.X_OK), "repo2docker runs postBuild only when it is executable"


@pytest.mark.parametrize(("text", "expected"), [
    ("dask[distributed]>=2024.8", {"dask": ">=2024.8", "distributed": ">=2024.8"}),
    ("vl_convert.Python >= 1.6", {"vl-convert-python": ">=1.6"}),
    ("numpy", {"numpy": ""}),
])
def test_pip_requirements_read_as_conda_packages(text: str, expected: dict[str, str]) -> None:
    assert as_conda([text]) == expected


def test_an_extra_without_a_conda_equivalent_is_refused() -> None:
    with pytest.raises(AssertionError, match="CONDA_PACKAGES"):
        as_conda(["requests[socks]>=2"])
