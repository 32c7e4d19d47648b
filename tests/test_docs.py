"""The README and the guides in ``docs/`` tell the truth: their examples run, as a reader runs
them, their commands run as written, their links lead somewhere, and the printed tree is the
real one."""

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
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
"""The pages a reader reads: the README, the guides and their index."""
LINKED = [*PAGES, ROOT / "tests" / "benchmarks" / "README.md"]
"""The pages whose links lead to one another: the reader's pages and the benchmarks' figures."""
CLI = DOCS / "cli.md"
CHECKING = DOCS / "checking-another-implementation.md"


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


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_the_examples_run_in_a_fresh_interpreter(page: Path) -> None:
    result = _fresh_python("-m", "doctest", "-o", "ELLIPSIS", str(page))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def test_the_guides_have_their_examples() -> None:
    """A guide whose examples were lost would pass its doctest with nothing to run."""
    examples = {
        str(page.relative_to(ROOT)): page.read_text(encoding="utf-8").count("\n>>> ")
        for page in PAGES
    }
    assert examples["README.md"] >= 10
    assert examples["docs/tour.md"] >= 80
    assert examples["docs/checking-another-implementation.md"] >= 15
    assert examples["docs/frames-and-scikit-learn.md"] >= 15


def test_every_guide_is_in_the_index_and_in_the_readme() -> None:
    """The guides' index lists every guide, as the README does (``index.md`` opens the book)."""
    guides = [page.name for page in PAGES[1:] if page.name not in {"README.md", "index.md"}]
    assert {"tour.md", "cli.md", "conventions.md", "development.md"} <= set(guides)
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    assert [name for name in guides if f"]({name})" not in index] == []
    readme = README.read_text(encoding="utf-8")
    assert [name for name in guides if f"](docs/{name})" not in readme] == []


def anchor(heading: str) -> str:
    """The anchor a code host gives a Markdown heading: lower case, spaces as hyphens, and
    nothing but letters, digits, hyphens and underscores."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_anchor_is_the_code_host_s() -> None:
    assert anchor("Rules, renderings and model files") == "rules-renderings-and-model-files"
    assert anchor("The notes, executable") == "the-notes-executable"


def test_every_link_between_the_pages_leads_to_a_file_and_a_heading() -> None:
    broken = []
    for page in LINKED:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, fragment = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                broken.append(f"{page.name}: {target}")
            elif fragment:
                headings = re.findall(r"^#+ (.*)$", linked.read_text(encoding="utf-8"), re.M)
                if fragment not in map(anchor, headings):
                    broken.append(f"{page.name}: {target}")
    assert broken == []


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


def section(page: Path, title: str) -> str:
    """The text of ``page``'s section headed ``title``, at any level: up to the next heading of
    that level or above."""
    text = page.read_text(encoding="utf-8")
    heading = re.search(rf"^(#+) {re.escape(title)}\n", text, flags=re.MULTILINE)
    assert heading is not None, f"{page.name} has no section {title!r}"
    rest = text[heading.end() :]
    end = re.search(rf"^#{{1,{len(heading[1])}}} ", rest, flags=re.MULTILINE)
    return rest if end is None else rest[: end.start()]


def test_a_section_ends_at_the_next_heading_of_its_level_or_above() -> None:
    assert section(CHECKING, "Checking another implementation").count(">>> ") >= 15
    tour = DOCS / "tour.md"
    assert "\n## " not in section(tour, "Pruning")
    assert "cost_complexity_path" in section(tour, "Pruning")
    assert "selection.grid" in section(tour, "A tour")


def commands_of(page: Path, title: str) -> list[list[str]]:
    """The commands of a section's ``sh`` blocks, each split as a shell splits it."""
    blocks = re.findall(r"```sh\n(.*?)```", section(page, title), flags=re.DOTALL)
    return [
        shlex.split(line, comments=True)
        for block in blocks
        for line in block.splitlines()
        if line.strip()
    ]


def test_every_command_line_example_runs_as_written(tmp_path: Path) -> None:
    commands = commands_of(CLI, "Command line") + commands_of(
        CHECKING, "Checking another implementation"
    )
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
    """The guide said its commands run in an empty folder, true only after the dev install."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert set(INSTALLED.split(",")) <= set(extras)
    needs = section(CLI, "Command line").split("| Command | Needs |")[1].split("\n\n")[0]
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
    (picture,) = re.findall(r"!\[[^]]*\]\(docs/([^)]+\.svg)\)", README.read_text(encoding="utf-8"))
    svg = (DOCS / picture).read_text(encoding="utf-8")
    source = dtree.render.dot(id3(load("play-tennis")))
    labels = [
        line for match in re.findall(r'label="([^"]*)"', source) for line in match.split("\\n")
    ]
    assert len(labels) == 8 * 2 + 7  # each node two lines, each branch one
    drawn = re.findall(r">([^<>]+)</text>", svg)
    assert sorted(html.unescape(text) for text in drawn) == sorted(labels)


def test_ci_runs_the_readme_s_test_command_exactly() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = ci.split("\n# The README's test command, exactly.\n")[1].splitlines()[0]
    assert command.endswith(".venv/bin/python -m pytest")
    assert f"```sh\n{command}\n```" in section(README, "Quick start")


def test_the_readme_says_how_long_the_tests_take_and_gives_a_quick_subset() -> None:
    tests = section(README, "Tests")
    assert "The whole suite takes several minutes" in " ".join(tests.split())
    assert "`HYPOTHESIS_PROFILE=ci .venv/bin/python -m pytest`" in tests
    (quick,) = commands_of(README, "Tests")
    assert quick[:3] == [".venv/bin/python", "-m", "pytest"]
    assert all((ROOT / path).is_file() for path in quick[3:])
    assert "tests/test_notebooks.py" not in quick


def test_every_public_module_is_in_dtree_all_and_in_the_readme_map() -> None:
    layers = section(README, "Map of the package").split("| layer |")[1]
    modules = _public_modules()
    assert [name for name in modules if name not in dtree.__all__] == []
    assert [name for name in modules if not re.search(rf"`{name}/?`", layers)] == []
    assert len(re.findall(r"^\| ", layers, flags=re.MULTILINE)) == 13  # a line a layer


def test_the_quick_start_output_is_the_play_tennis_tree() -> None:
    assert "\n" + text(id3(load("play-tennis"))) + "\n```" in README.read_text(encoding="utf-8")
