"""The proofs notebooks: each keeps to the house rules and has an executed rendering in step
with its source.  Each runs to its last assert as the book is built, and its rendering's
outputs are held to that run's (``tests/test_book.py``).

A notebook is ``proofs_notebooks/NN_name.py`` (jupytext py:percent); its
rendering ``NN_name.ipynb`` is made by the command in
``proofs_notebooks/README.md``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jupytext
import pytest

FOLDER = Path(__file__).resolve().parent.parent / "proofs_notebooks"
NOTEBOOKS = sorted(FOLDER.glob("[0-9][0-9]_*.py"))
"""The notebook sources, in reading order."""

# The libraries a notebook may import besides dtree: its checks and pictures.
ALLOWED_IMPORTS = frozenset(
    {"dtree", "hypothesis", "matplotlib", "fractions", "itertools", "math", "random"}
)

by_name = pytest.mark.parametrize("source", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])


def test_the_folder_readme_lists_every_notebook_once_in_order() -> None:
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `(\d\d_\w+\.py)` \|", readme, flags=re.MULTILINE)
    assert listed == [path.name for path in NOTEBOOKS]
    assert len(listed) >= 9


def code_cells(notebook: Any) -> list[str]:  # jupytext is untyped
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


@by_name
def test_rendering_has_the_same_cells_as_the_source(source: Path) -> None:
    rendering = source.with_suffix(".ipynb")
    assert rendering.exists(), f"{rendering.name} is missing: render the notebooks"
    written = jupytext.read(rendering)
    expected = jupytext.read(source)
    assert [(c.cell_type, c.source) for c in written.cells] == [
        (c.cell_type, c.source) for c in expected.cells
    ], f"{rendering.name} is out of step with {source.name}: render it again"


@by_name
def test_rendering_was_executed_top_to_bottom_without_errors(source: Path) -> None:
    written = jupytext.read(source.with_suffix(".ipynb"))
    cells = [cell for cell in written.cells if cell.cell_type == "code"]
    assert [cell.execution_count for cell in cells] == list(range(1, len(cells) + 1))
    errors = [out for cell in cells for out in cell.outputs if out.output_type == "error"]
    assert not errors


def function_definitions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    return (
        node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    )


def is_property_check(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A Hypothesis check: ``@given(...)``, the one kind of function a notebook defines."""
    return any(
        isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "given"
        for d in function.decorator_list
    )


@by_name
def test_notebook_imports_dtree_and_redefines_nothing(source: Path) -> None:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    assert [f.name for f in function_definitions(tree) if not is_property_check(f)] == []
    imported = {
        (node.module or "").split(".")[0] if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert "dtree" in imported
    assert {name.split(".")[0] for name in imported} <= ALLOWED_IMPORTS


@by_name
def test_notebook_checks_a_law_on_random_cases(source: Path) -> None:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    assert any(is_property_check(f) for f in function_definitions(tree))


@by_name
def test_notebook_uses_no_magics_and_ends_in_asserts(source: Path) -> None:
    cells = code_cells(jupytext.read(source))
    magics = [line for cell in cells for line in cell.splitlines() if line.startswith(("%", "!"))]
    assert not magics
    last = ast.parse(cells[-1])
    assert any(isinstance(node, ast.Assert) for node in ast.walk(last))


@by_name
def test_notebook_is_listed_in_the_folder_readme(source: Path) -> None:
    assert f"`{source.name}`" in (FOLDER / "README.md").read_text(encoding="utf-8")


EXERCISE = re.compile(r"^\*\*Exercise (\d+)\.(\d+)\.\*\*")


@by_name
def test_notebook_ends_with_exercises_whose_answers_are_folded_and_checked(source: Path) -> None:
    """The last section is "## Exercises": three or more pairs of a question (markdown,
    "**Exercise N.k.**", N the chapter) and its answer, a code cell tagged ``hide-input`` (folded
    in the book) that asserts the answer."""
    cells = jupytext.read(source).cells
    headings = [
        i
        for i, cell in enumerate(cells)
        if cell.cell_type == "markdown" and cell.source.strip() == "## Exercises"
    ]
    assert headings, f"{source.name} has no '## Exercises' cell"
    pairs = cells[headings[-1] + 1 :]
    assert len(pairs) >= 6, f"{source.name}: fewer than three exercises"
    assert len(pairs) % 2 == 0, f"{source.name}: every exercise is a question and an answer"
    chapter = int(source.name[:2])
    for k, (question, answer) in enumerate(zip(pairs[::2], pairs[1::2], strict=True), start=1):
        assert question.cell_type == "markdown"
        number = EXERCISE.match(question.source)
        assert number, f"{source.name}: exercise {k} does not open with **Exercise {chapter}.{k}.**"
        assert (int(number[1]), int(number[2])) == (chapter, k)
        assert answer.cell_type == "code"
        assert "hide-input" in answer.metadata.get("tags", []), f"{source.name}: answer {k}"
        assert any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(answer.source)))
