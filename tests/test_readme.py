"""The README tells the truth: its examples run, as a reader runs them, and its printed tree is
the real one."""

from __future__ import annotations

import html
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import dtree
from dtree.datasets import load
from dtree.grower.presets import id3
from dtree.render import text

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"


def _fresh_python(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run a new interpreter that imports this checkout's dtree and nothing the tests loaded."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def test_the_readme_examples_run_in_a_fresh_interpreter() -> None:
    result = _fresh_python("-m", "doctest", "-o", "ELLIPSIS", str(README))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def _public_modules() -> list[str]:
    """The modules and packages of ``dtree/`` whose names do not start with ``_``."""
    package = ROOT / "dtree"
    return sorted(
        [path.stem for path in package.glob("*.py") if not path.stem.startswith("_")]
        + [path.parent.name for path in package.glob("*/__init__.py")]
    )


def test_a_bare_import_reaches_every_public_module() -> None:
    modules = _public_modules()
    assert {"render", "prune", "evaluate", "rules", "serialize", "dnf", "strategies"} <= set(
        modules
    )
    # dtree.grow is the learning function, which the module of that name defines.
    probe = (
        "import sys, dtree\n"
        "for name in sys.argv[1:]:\n"
        "    print(name, getattr(dtree, name) in (sys.modules.get('dtree.' + name), dtree.grow))"
    )
    result = _fresh_python("-c", probe, *modules)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [word for name in modules for word in (name, "True")]


@pytest.mark.parametrize("name", ["dtree.strategies", "dtree.conformance.differential"])
def test_what_needs_hypothesis_says_which_extra_to_install(name: str) -> None:
    """Without Hypothesis, ``import dtree`` works, and what needs it says which extra."""
    probe = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import dtree\n"
        f"dtree.conformance.compare\n"
        "try:\n"
        f"    {name}\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = _fresh_python("-c", probe)
    assert result.returncode == 0, result.stderr
    assert "dtree[strategies]" in result.stdout


def section(title: str) -> str:
    """The text of the README's section ``## title``."""
    return README.read_text(encoding="utf-8").split(f"\n## {title}\n")[1].split("\n## ")[0]


def commands_of(title: str) -> list[list[str]]:
    """The commands of a README section's ``sh`` blocks, each split as a shell splits it."""
    blocks = re.findall(r"```sh\n(.*?)```", section(title), flags=re.DOTALL)
    return [
        shlex.split(line, comments=True)
        for block in blocks
        for line in block.splitlines()
        if line.strip()
    ]


def test_every_command_line_example_runs_as_written(tmp_path: Path) -> None:
    commands = commands_of("Command line") + commands_of("Checking another implementation")
    assert len(commands) >= 10
    failures = []
    for words in commands:
        match words:
            case ["dtree", *arguments] | ["python", "-m", "dtree", *arguments]:
                result = _fresh_python("-m", "dtree", *arguments, cwd=tmp_path)
            case ["python3", "-m", "venv", ".venv", "&&", ".venv/bin/pip", "install", *_]:
                assert words[-5:] == ["-q", f".[{INSTALLED}]", "&&", ".", ".venv/bin/activate"]
                continue  # the install the commands assume: the suite runs in one already
            case _:
                raise AssertionError(f"not a dtree command: {shlex.join(words)}")
        if result.returncode != 0:  # dtree check and fuzz exit 1 when the trees part
            failures.append(f"{shlex.join(words)}: {result.stderr.strip()}")
    assert failures == []


INSTALLED = "sklearn,strategies"
"""The extras the command line's examples need, beyond the plain install."""


def test_the_command_lines_install_names_the_extras_each_command_needs() -> None:
    """The README said its commands run in an empty folder, true only after the dev install."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert set(INSTALLED.split(",")) <= set(extras)
    needs = section("Command line").split("| Command | Needs |")[1].split("\n\n")[0]
    for extra in INSTALLED.split(","):
        assert f"the `{extra}` extra" in needs
    # without the extras, the commands that need them say which one to install
    probe = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "from dtree.cli import main\n"
        "sys.exit(main(['fuzz', '--against', 'sklearn', '--examples', '1']))\n"
    )
    result = _fresh_python("-c", probe)
    assert result.returncode == 2
    assert "install the strategies extra" in result.stderr


def test_the_picture_of_a_tree_is_the_play_tennis_tree() -> None:
    """Graphviz's drawing of ``fit --format dot``: every label of today's tree is in it."""
    picture = README.read_text(encoding="utf-8").split("](docs/")[1].split(")")[0]
    svg = (ROOT / "docs" / picture).read_text(encoding="utf-8")
    source = dtree.render.dot(id3(load("play-tennis")))
    labels = [
        line for match in re.findall(r'label="([^"]*)"', source) for line in match.split("\\n")
    ]
    assert len(labels) == 8 * 2 + 7  # each node two lines, each branch one
    drawn = re.findall(r">([^<>]+)</text>", svg)
    assert sorted(html.unescape(text) for text in drawn) == sorted(labels)


def test_development_says_how_long_the_tests_take_and_gives_a_quick_subset() -> None:
    assert "The whole suite takes several minutes" in " ".join(section("Development").split())
    (quick,) = commands_of("Development")
    assert quick[:3] == [".venv/bin/python", "-m", "pytest"]
    assert all((ROOT / path).is_file() for path in quick[3:])
    assert "tests/test_notebooks.py" not in quick


def test_every_public_module_is_in_dtree_all_and_in_the_readme_layout() -> None:
    development = section("Development")
    layout = development.split("- Layout:")[1].split("\n- ")[0]
    modules = _public_modules()
    assert [name for name in modules if name not in dtree.__all__] == []
    assert [name for name in modules if not re.search(rf"`{name}/?`", layout)] == []


def test_the_quick_start_output_is_the_play_tennis_tree() -> None:
    assert "\n" + text(id3(load("play-tennis"))) + "\n```" in README.read_text(encoding="utf-8")
