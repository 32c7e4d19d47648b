"""Hypothesis profiles for the test suite, chosen by ``HYPOTHESIS_PROFILE``.

``default``
    Fast, for every run on a laptop: 30 examples per property.  Nearly
    half of a property's time is Hypothesis drawing a dataset (a
    millisecond or two), the rest the law checked on it, so the count sets
    the suite's time.
``ci``
    Thorough: 400 examples per property, and a reproduction blob printed
    with every failure.  Still randomised (not derandomized), so that each
    CI run explores new examples.

Neither has a deadline: the first call of a property pays for imports and
caches, and a timing failure says nothing about correctness.

The fixtures: the live peers (Weka's jar and examples, ``Rscript`` with
rpart), and the deep chains of :mod:`helpers`, each made once per session.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import CHROMIUM_FLAGS, chain, chromium, oracle_missing, peeled
from hypothesis import settings

from dtree.conformance import peers
from dtree.errors import DtreeError
from dtree.tree import Tree

# Both profiles derive from Hypothesis's own defaults, not from whatever
# profile Hypothesis loaded on import (on a CI machine it loads a
# derandomized "ci" profile of its own, which this one replaces).
_HYPOTHESIS_DEFAULTS = settings.get_profile("default")

settings.register_profile("default", _HYPOTHESIS_DEFAULTS, max_examples=30, deadline=None)
settings.register_profile(
    "ci",
    _HYPOTHESIS_DEFAULTS,
    max_examples=400,
    deadline=None,
    derandomize=False,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def weka_jar() -> Path:
    """Weka's jar, with a Java runtime to run it (see :func:`oracle_missing`)."""
    try:
        peers.java()
        return peers.weka_jar()
    except DtreeError as error:
        oracle_missing(str(error))
        raise


@pytest.fixture(scope="session")
def weka_examples() -> Path:
    """The folder of Weka's example ARFF files (see :func:`oracle_missing`)."""
    try:
        return peers.weka_examples()
    except DtreeError as error:
        oracle_missing(str(error))
        raise


@pytest.fixture(scope="session")
def rscript() -> str:
    """``Rscript``, with rpart installed (see :func:`oracle_missing`)."""
    try:
        command = peers.rscript()
    except DtreeError as error:
        oracle_missing(str(error))
        raise
    loaded = subprocess.run([command, "-e", "library(rpart)"], check=False, capture_output=True)
    if loaded.returncode != 0:
        oracle_missing("R is here but rpart is not: install it (Debian: r-cran-rpart)")
    return command


@pytest.fixture(scope="session")
def r_forests(rscript: str) -> str:
    """``Rscript``, with randomForest and ranger installed (see :func:`oracle_missing`)."""
    for package in ("randomForest", "ranger"):
        loaded = subprocess.run(
            [rscript, "-e", f"library({package})"], check=False, capture_output=True
        )
        if loaded.returncode != 0:
            debian = f"r-cran-{package.lower()}"
            oracle_missing(f"R is here but {package} is not: install it (Debian: {debian})")
    return rscript


@pytest.fixture(scope="session")
def deep_chain() -> Tree:
    """:func:`helpers.chain` 10,000 splits deep, built once: trees are immutable, so the
    tests that read it share it."""
    return chain(10_000)


@pytest.fixture(scope="session")
def peeled_chain() -> Tree:
    """:func:`helpers.peeled` 10,000 splits deep (a regression chain), built once."""
    return peeled(10_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium for one test module, closed after it (an idle browser still costs
    CPU): Playwright's synchronous API runs one at a time in a process."""
    if importlib.util.find_spec("playwright") is None:
        oracle_missing("playwright is not installed: pip install -e '.[docs]'")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (the docs extra)

    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
