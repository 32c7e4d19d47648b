"""The notes run in a reader's browser with no server: ``docs/lite.py --offline`` builds the
JupyterLite site, a thread serves it on the loopback address, and headless Chromium opens a
notebook in it, replaces its first cell with one that grows the PlayTennis tree, and runs it
in the Pyodide kernel.  The cell's output must be the tree that dtree grows here, and no
request may leave the site: Pyodide's runtime, the kernel's packages, dtree and its
dependencies all come from the folder.

``DTREE_LITE=FOLDER`` runs the check on a site already built instead of building one (the
build takes a few seconds but needs PyPI and the npm registry).  Without the ``lite`` extra,
npm or Chromium the test skips, naming what is missing, and fails instead under
``DTREE_ORACLES=required`` (``.ci/run`` sets it), as the other live oracles do.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import oracle_missing, served

from dtree.datasets import load
from dtree.grower.presets import id3
from dtree.render import text

ROOT = Path(__file__).parent.parent
NOTEBOOK = "04_id3_consistency.ipynb"
CELL = """\
from dtree.datasets import load
from dtree.grower.presets import id3
from dtree.render import text
print(text(id3(load("play-tennis"))))"""
IDLE = "Python (Pyodide) | Idle"
"""The status bar once the notebook's kernel has started."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built site: ``DTREE_LITE``'s, or one that ``docs/lite.py --offline`` builds now."""
    given = os.environ.get("DTREE_LITE")
    if given:
        return Path(given)
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel"):
        if importlib.util.find_spec(module) is None:
            oracle_missing(f"{module} is not installed: pip install -e '.[lite]'")
    if shutil.which("npm") is None:
        oracle_missing("npm is not installed (docs/lite.py fetches Pyodide's runtime with it)")
    out = tmp_path_factory.mktemp("lite") / "site"
    built = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "lite.py"), "--offline", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return out


@pytest.fixture
def site_address(site: Path) -> Iterator[str]:
    """The site's address on the loopback interface, with no trailing slash."""
    with served(site) as address:
        yield address.removesuffix("/")


def test_a_notebook_grows_the_play_tennis_tree_in_the_browser_with_no_request_outside(
    site_address: str, browser: Any
) -> None:
    outside: list[str] = []
    context = browser.new_context()
    context.on(
        "request",
        lambda request: (
            None if request.url.startswith(site_address + "/") else outside.append(request.url)
        ),
    )
    context.route(lambda url: not url.startswith(site_address + "/"), lambda route: route.abort())
    try:
        page = context.new_page()
        # Opened from the file browser once the application is up: a notebook opened with
        # the page can ask for its kernel before the kernel's spec is known.
        page.goto(f"{site_address}/lab/index.html")
        page.locator(".jp-DirListing-item", has_text=NOTEBOOK).dblclick(timeout=30_000)
        # A cell run while the kernel still starts can be dropped: wait for it to be idle.
        page.get_by_text(IDLE).wait_for(timeout=120_000)
        cell = page.locator(".jp-Notebook .jp-CodeCell").first
        cell.locator(".cm-content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(CELL)
        page.keyboard.press("Shift+Enter")
        output = cell.locator(".jp-OutputArea-output").first
        output.wait_for(timeout=60_000)
        printed = output.inner_text()
    finally:
        context.close()

    assert printed.strip() == text(id3(load("play-tennis"))).strip()
    assert outside == [], "requests left the site"
