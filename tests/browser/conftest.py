"""Fixtures for tests in a real browser: the system Chromium driven by Playwright, Voila and JupyterLab servers.

Run with `make browser-test` (it installs Debian's chromium first when it is missing). The servers listen on
127.0.0.1 only, with HOME and Jupyter's folders in a temporary directory, and serve a temporary copy of
`notebooks/`, so that nothing a test does (JupyterLab's autosave, the table's Save button) touches the
repository; they are stopped after the tests (see `servers.py`). After every test a screenshot of its page
goes to `test-artifacts/<test name>.png`, and the servers' logs to `test-artifacts/<server>.log`.

The tests, one file per notebook and front end:
- `test_voila_play.py`: notebook 02, the play table, as a Voila app;
- `test_voila_learn.py`: the learn app, the lessons' whole main path by gestures (`lesson_path.py`);
- `test_jupyterlab_rules.py`: notebook 01, the lessons (the same main path, the appendix) and the scoring calculator, in
  JupyterLab;
- `test_voila_explorer.py`: notebook 03, the what-if explorer, as a Voila app (a copy with the notebook's small
  parameters applied is served beside the others: `servers.small_copy`).
`pages.py` has the helpers that open the notebooks, drive the widgets and read the page.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pages import ARTIFACTS, TIMEOUT_MS, fresh_page, save_screenshot
from playwright.sync_api import Browser, Page, expect, sync_playwright
from servers import copy_notebooks, jupyter_environment, jupyterlab_server, launch_chromium, voila_server

expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return jupyter_environment(tmp_path_factory.mktemp("home"))


@pytest.fixture(scope="session")
def notebooks_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copy of `notebooks/` that the servers serve."""
    return copy_notebooks(tmp_path_factory.mktemp("served") / "notebooks")


@pytest.fixture(scope="session")
def voila(jupyter_env: dict[str, str], notebooks_dir: Path) -> Iterator[str]:
    """Voila serving the notebooks; yields its base URL (open `{url}voila/render/NB.ipynb`)."""
    with voila_server(notebooks_dir, jupyter_env, ARTIFACTS / "voila.log") as url:
        yield url


@pytest.fixture(scope="session")
def jupyterlab(jupyter_env: dict[str, str], notebooks_dir: Path) -> Iterator[str]:
    """JupyterLab on the notebooks; yields its base URL (the token is `servers.TOKEN`)."""
    with jupyterlab_server(notebooks_dir, jupyter_env, ARTIFACTS / "jupyterlab.log") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        chromium = launch_chromium(pw)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh page in its own browser context; its screenshot is saved to test-artifacts/ after the test, pass or fail."""
    with fresh_page(browser) as page:
        try:
            yield page
        finally:
            save_screenshot(page, request.node.name)
