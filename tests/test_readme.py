"""The README tells the truth: its examples run and its printed tree is the real one."""

from __future__ import annotations

import doctest
from pathlib import Path

from dtree.datasets import load
from dtree.grow import id3
from dtree.render import text

README = Path(__file__).parent.parent / "README.md"


def test_the_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_quick_start_output_is_the_play_tennis_tree() -> None:
    assert "\n" + text(id3(load("play-tennis"))) + "\n```" in README.read_text(encoding="utf-8")
