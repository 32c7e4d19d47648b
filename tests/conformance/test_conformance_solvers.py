"""dtree.conformance.solvers: STreeD, DL8.5 and GOSDT run live as peers of ``dtree check``.

Each solver's tree, read onto the binarised data, is the same tree as dtree's optimum or
another of the same objective (a tie, the first node where they part named) on the
bundled datasets; the two known defects of pydl8.5 0.1.8 are found by the check itself,
from Python and from the command line: its depth-two routine misses the optimum on two
rows (a real disagreement), and it claims no error in a leaf of classes not numbered
from 0 (a finding).  Settings that change the objective are refused by name.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from helpers import oracle_missing

from dtree.cli import main
from dtree.conformance.fuzz import solver_counterexample
from dtree.conformance.solvers import GOSDT_TIE, SOLVERS, check_solver, run_solver
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError

PACKAGES = {
    "streed": ("pystreed", "pystreed"),
    "dl85": ("pydl85", "pydl8.5"),
    "gosdt": ("gosdt", "gosdt"),
}


@pytest.fixture(scope="module", autouse=True)
def solvers_installed() -> None:
    for module, package in PACKAGES.values():
        try:
            importlib.import_module(module)
        except ImportError as missing:
            oracle_missing(f"{package} is not installed ({missing}): pip install -e '.[optimal]'")


SETTINGS: dict[str, dict[str, object]] = {
    "streed": {"max_depth": 2},
    "dl85": {"max_depth": 2, "depth_two_special_algo": False},
    "gosdt": {"depth_budget": 2, "regularization": 0.02, "allow_small_reg": True},
}


@pytest.mark.parametrize("name", ["play-tennis", "golf", "xor", "boolean-table", "iris"])
@pytest.mark.parametrize("system", SOLVERS)
def test_each_solvers_tree_is_optimal_as_dtree_finds_it(system: str, name: str) -> None:
    result = check_solver(load(name), system, **SETTINGS[system])
    assert result.agrees, result.text()
    assert result.theirs == result.ours
    assert (result.verdict == "same") == (result.parting is None)


def test_another_optimal_tree_is_a_tie_that_names_where_the_trees_part() -> None:
    result = check_solver(load("play-tennis"), "streed", max_depth=2)
    assert (result.verdict, result.agrees) == ("tie", True)
    assert result.parting is not None
    assert result.parting.startswith("at the root: theirs a test of ")


TWO_ROWS = Dataset.from_columns({"x": ["0", "1"], "y": ["a", "b"]}, target="y")
NOT_FROM_0 = Dataset.from_columns(
    {"x": ["0", "0"], "y": ["b", "c"]}, target="y", classes=list("abc")
)


def test_dl85s_depth_two_routine_is_found_not_optimal() -> None:
    found = check_solver(TWO_ROWS, "dl85", max_depth=2)  # DL8.5's default: the routine on
    assert found.verdict == "not optimal"
    assert (found.theirs, found.ours) == (Fraction(1), Fraction(0))
    assert not found.agrees
    assert check_solver(TWO_ROWS, "dl85", max_depth=2, depth_two_special_algo=False).agrees


def test_dl85s_error_of_classes_not_from_0_is_a_finding() -> None:
    """Its leaf predicts b and claims no error: there is one (the c)."""
    found = check_solver(NOT_FROM_0, "dl85", max_depth=1)
    assert found.verdict == "same"
    [finding] = found.findings
    assert (finding.what, finding.theirs, finding.ours) == ("DL8.5's error_", 0.0, 1)
    assert not found.agrees


def test_gosdt_raises_a_small_regularization_and_so_does_the_check() -> None:
    xor = load("xor")
    raised = check_solver(xor, "gosdt", regularization=0.05, depth_budget=2)
    assert raised.agrees
    assert "raises a regularization below 1 / n to 1 / 4" in raised.objective
    kept = check_solver(xor, "gosdt", regularization=0.05, depth_budget=2, allow_small_reg=True)
    assert kept.agrees
    assert (raised.ours, kept.ours) == (Fraction(3, 4), 4 * Fraction(0.05))  # the float's value


@pytest.mark.parametrize(
    ("system", "setting", "why"),
    [
        ("dl85", {"min_sup": 2}, "min_sup=2 is refused: it changes the objective"),
        ("streed", {"optimization_task": "f1-score"}, "it changes the objective"),
        ("gosdt", {"balance": True}, "balance=True is refused: it changes the objective"),
        ("streed", {"maxdepth": 2}, "maxdepth=2 is refused: no such setting is mapped"),
        ("gosdt", {"regularization": "much"}, "regularization='much' is refused: a number"),
        ("dl85", {"max_depth": -1}, "max_depth"),
    ],
)
def test_settings_that_change_the_objective_are_refused_by_name(
    system: str, setting: dict[str, object], why: str
) -> None:
    with pytest.raises(DtreeError, match=re.escape(why)):
        check_solver(load("xor"), system, **setting)


def test_data_a_solver_cannot_take_are_refused() -> None:
    regression = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [0.5, 1.0, 2.0]}, target="y")
    with pytest.raises(DtreeError, match="dl85 classifies"):
        run_solver("dl85", regression)
    weighted = Dataset.from_columns(
        {"x": ["0", "1"], "y": list("ab")}, target="y", weights=[1, 0.5]
    )
    with pytest.raises(DtreeError, match=r"row 2 weighs 0\.5: a solver counts whole rows"):
        run_solver("streed", weighted)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_dtree_check_finds_both_dl85_defects_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two = tmp_path / "two.csv"
    two.write_text("x,y\n0,a\n1,b\n")
    status, out, err = run(capsys, "check", str(two), "--target", "y", "--nominal", "x",
                           "--against", "dl85", "--param", "max_depth=2")  # fmt: skip
    assert (status, err) == (1, "")
    assert "verdict: real disagreement: the solver's tree is not optimal" in out
    assert "theirs: 1, 1 leaves" in out
    classes = tmp_path / "classes.csv"
    classes.write_text("x,y\n0,b\n0,c\n")
    argv = ["check", str(classes), "--target", "y", "--nominal", "x", "--classes", "a,b,c"]
    status, out, _ = run(capsys, *argv, "--against", "dl85", "--json")
    assert status == 1
    report = json.loads(out)
    assert report["verdict"] == "same"
    assert report["findings"][0]["what"] == "DL8.5's error_"


def test_dtree_check_refuses_a_tree_file_for_a_solver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "check", "--dataset", "xor", "--against", "streed",
                         "--tree", "t.json")  # fmt: skip
    assert status == 2
    assert "--tree reads a greedy peer's tree; a solver is run here" in err


def test_gosdt_objectives_its_floats_cannot_tell_apart_are_a_tie() -> None:
    """At alpha = float(1/3) on three rows a leaf of one error and a split of none score
    2/3 and 2 float(1/3), 1e-17 apart: GOSDT may return either."""
    data = Dataset.from_columns({"a": [0.0, 0.0, 0.25], "y": ["a", "a", "b"]}, target="y")
    found = check_solver(data, "gosdt", depth_budget=2, regularization=1 / 3)
    assert found.agrees, found.text()
    assert abs(found.theirs - found.ours) <= GOSDT_TIE


def test_data_that_give_a_solver_no_test_are_refused_in_one_line() -> None:
    constant = Dataset.from_columns({"a": [0.0, 0.0], "y": ["a", "b"]}, target="y")
    with pytest.raises(DtreeError, match="the data give dl85 no test: every attribute is constant"):
        run_solver("dl85", constant)


def test_the_search_finds_each_dl85_defect_and_none_in_streed() -> None:
    routine = solver_counterexample("dl85", examples=50, max_depth=2)
    assert routine is not None
    data, found = routine
    assert (len(data.rows), found.verdict) == (2, "not optimal")
    classes = solver_counterexample("dl85", examples=100, max_depth=2, depth_two_special_algo=False)
    assert classes is not None
    assert [finding.what for finding in classes[1].findings] == ["DL8.5's error_"]
    assert solver_counterexample("streed", examples=30, max_depth=2) is None


def test_dtree_fuzz_searches_against_a_solver(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["fuzz", "--against", "dl85", "--param", "max_depth=2", "--quiet"]
    status, out, err = run(capsys, *argv, "--examples", "50")
    assert (status, err) == (1, "")
    assert out.startswith("a dataset of 2 rows on which the trees part:")
    assert "real disagreement: the solver's tree is not optimal" in out
    status, _, err = run(capsys, *argv, "--campaigns", "2")
    assert status == 2
    assert "--campaigns splits a greedy peer's search" in err


def test_dl85s_leaves_are_read_as_its_predict_reads_them() -> None:
    """A declared class absent from the data: DL8.5 numbers its leaves by the classes
    present, and its own predict gives class 1 (b) to the rows of class 2 (c), while it
    claims no error.  The check reads its leaves as its predict does, and reports both."""
    data = Dataset.from_columns(
        {"x": ["0", "0", "1", "1"], "y": ["a", "a", "c", "c"]}, target="y", classes=list("abc")
    )
    pydl85 = importlib.import_module("pydl85")
    x, y = np.array([[0], [0], [1], [1]], dtype=np.int32), np.array([0, 0, 2, 2], dtype=np.int32)
    fitted = pydl85.DL85Classifier(max_depth=1, depth_two_special_algo=False).fit(x, y)
    assert list(fitted.predict(x)) == [0, 0, 1, 1]
    found = check_solver(data, "dl85", max_depth=1, depth_two_special_algo=False)
    assert (found.verdict, found.theirs, found.ours) == ("not optimal", Fraction(2), Fraction(0))
    assert [(f.what, f.theirs, f.ours) for f in found.findings] == [("DL8.5's error_", 0.0, 2)]


def test_a_gosdt_search_that_did_not_converge_is_refused() -> None:
    rows = [[(r >> j) & 1 for j in range(8)] for r in range(256)]
    columns = {f"x{j}": [str(row[j]) for row in rows] for j in range(8)}
    labels = ["p" if (r * 2654435761) % 7 < 3 else "q" for r in range(256)]
    data = Dataset.from_columns({**columns, "y": labels}, target="y")
    with pytest.raises(DtreeError, match=r"GOSDT did not converge \(TIMEOUT\)"):
        run_solver("gosdt", data, regularization=0.001, allow_small_reg=True, time_limit=1)


def test_a_missing_solver_names_the_extra_that_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pystreed", None)  # as if not installed
    with pytest.raises(DtreeError, match=r"streed needs the package pystreed: install the optimal"):
        run_solver("streed", load("xor"), max_depth=2)


def regularization_grid(n: int, d: int) -> tuple[float, ...]:
    """GOSDT's alphas near 0.005, 0.02 and 0.05 at which no two trees of depth at most ``d``
    over ``n`` rows tie, (2j + 1) / (2^(d+1) n) (see ``tests/optimal/test_optimal_solvers.py``):
    its float sums then cannot choose between two trees, and its optimum is the exact one."""
    scale = 2 ** (d + 1) * n
    return tuple((2 * round(target * scale / 2) + 1) / scale for target in (0.005, 0.02, 0.05))


GRID_DATA = ["play-tennis", "golf", "xor", "boolean-table", "weather-numeric", "restaurant"]


@pytest.mark.parametrize("name", GRID_DATA)
def test_each_solver_over_a_grid_of_its_options(name: str) -> None:
    """STreeD at depths 1 to 3 with at most 1 to 3 branching nodes (as a depth allows) or none,
    DL8.5 at depths
    1 to 3, GOSDT to depth budgets 1 to 3 at three regularizations each: every tree is
    optimal for its objective, and every objective the solver claims is the recount's."""
    data = load(name)
    n = len(data)
    settings: list[tuple[str, dict[str, object]]] = []
    for d in (1, 2, 3):
        nodes = [None, *range(1, min(3, 2**d - 1) + 1)]  # STreeD warns of more than 2^d - 1
        settings += [("streed", {"max_depth": d, "max_num_nodes": m}) for m in nodes]
        settings.append(("dl85", {"max_depth": d, "depth_two_special_algo": False}))
        settings += [
            ("gosdt", {"depth_budget": d, "regularization": alpha, "allow_small_reg": True})
            for alpha in regularization_grid(n, d)
        ]
    for system, params in settings:
        found = check_solver(data, system, **params)
        assert found.agrees, f"{system} {params}\n{found.text()}"
