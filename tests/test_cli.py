"""The command line: output, and bad input as one clear line with exit status 2."""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import random
import resource
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any, ClassVar, get_args

import pytest
from attrs import evolve

from dtree import cli, optimal
from dtree.arff import read_arff
from dtree.cli import FORMATS, main
from dtree.conditions import Above, AtMost, Equals
from dtree.conformance import j48_text, read_j48, run_j48
from dtree.counts import ClassStats
from dtree.dataset import Dataset
from dtree.datasets import load, names
from dtree.discretize import discretize, entropy_mdl
from dtree.dnf import dnf_of, format_dnf, minimize
from dtree.ensemble import Ensemble, predict, predict_many
from dtree.ensemble.bagging import bag, oob_error
from dtree.ensemble.boosting import STUMP, adaboost, gradient_boost
from dtree.estimators import TreeClassifier
from dtree.evaluate import cross_validate, error, f_beta, precision, recall, train_test_split
from dtree.grower.learner import CART, Criterion, Missing
from dtree.grower.presets import c45, cart, id3
from dtree.importance import impurity_importance
from dtree.impurity import entropy
from dtree.load import read_csv
from dtree.progress import Line, Progress
from dtree.prune import Risk, SelectionRule, ZRule, pessimistic, reduced_error, select_by_cv
from dtree.render import dot, format_weight, python, rules, text
from dtree.rules import RulePruning, describe_rule, prune_rules, rules_of
from dtree.serialize import ensemble_from_json, ensemble_to_json, from_json, to_json
from dtree.tree import Branch, Leaf, Split, Tree, n_leaves

LEARNERS: dict[str, Callable[..., Tree]] = {"id3": id3, "c45": cli.c45_program, "cart": cart}
"""What each --algorithm runs: c45 prunes the tree it grows."""

QUINLAN_GOLF = """\
root [Play: 9, "Don't Play": 5]
outlook = overcast [Play: 4, "Don't Play": 0]: Play
outlook = rain [Play: 3, "Don't Play": 2]
|   windy = false [Play: 3, "Don't Play": 0]: Play
|   windy = true [Play: 0, "Don't Play": 2]: "Don't Play"
outlook = sunny [Play: 2, "Don't Play": 3]
|   humidity <= 75 [Play: 2, "Don't Play": 0]: Play
|   humidity > 75 [Play: 0, "Don't Play": 3]: "Don't Play"
"""

# Quinlan's C4.5 (1993), chapter 3: the golf data with the outlook of the
# overcast day of temperature 72 unknown.  That row goes down every branch
# with weight 5/13, 3/13 and 5/13; read_csv sorts the classes.
QUINLAN_GOLF_WITH_A_MISSING_OUTLOOK = """\
root ["Don't Play": 5, Play: 9]
outlook = overcast ["Don't Play": 0, Play: 3.23077]: Play
outlook = rain ["Don't Play": 2, Play: 3.38462]
|   windy = false ["Don't Play": 0, Play: 3]: Play
|   windy = true ["Don't Play": 2, Play: 0.384615]: "Don't Play"
outlook = sunny ["Don't Play": 3, Play: 2.38462]
|   humidity <= 75 ["Don't Play": 0, Play: 2]: Play
|   humidity > 75 ["Don't Play": 3, Play: 0.384615]: "Don't Play"
"""

PRICES = """\
size,district,price
50,north,100
60,north,120
80,south,200
100,south,260
120,north,170
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write(folder: Path, name: str, content: str) -> str:
    path = folder / name
    path.write_text(content, encoding="utf-8")
    return str(path)


def golf_csv() -> str:
    return files("dtree.datasets").joinpath("golf.csv").read_text(encoding="utf-8")


def test_fit_prints_the_tree_of_a_bundled_dataset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fit", "--dataset", "play-tennis")
    assert (status, err) == (0, "")
    assert out == text(id3(load("play-tennis"))) + "\n"


def test_fit_reads_a_csv_file_with_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "xor.csv"
    path.write_text("a,b,y\n0,0,no\n0,1,yes\n1,0,yes\n1,1,no\n", encoding="utf-8")
    fit = ("fit", str(path), "--target", "y", "--nominal", "a", "--nominal", "b")
    status, out, _ = run(capsys, *fit)
    assert status == 0
    assert out.splitlines()[0] == "root [no: 2, yes: 2]"
    assert len(out.splitlines()) == 7
    status, out, _ = run(capsys, *fit, "--classes", " yes , no ", "--max-depth", "0")
    assert (status, out) == (0, "root [yes: 2, no: 2]: yes\n")
    status, out, _ = run(capsys, *fit, "--min-gain", "0.5")
    assert (status, out) == (0, "root [no: 2, yes: 2]: no\n")


def test_c45_prints_quinlans_golf_tree(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fit", "--dataset", "golf", "--algorithm", "c45")
    assert (status, out, err) == (0, QUINLAN_GOLF, "")


def test_id3_cuts_a_numeric_attribute_at_a_midpoint(capsys: pytest.CaptureFixture[str]) -> None:
    # C4.5 cuts humidity at 75, a training value; ID3 halfway between 75 and 80.
    status, out, err = run(capsys, "fit", "--dataset", "golf")
    assert (status, err) == (0, "")
    assert out == QUINLAN_GOLF.replace("75", "77.5")
    status, explicit, _ = run(capsys, "fit", "--dataset", "golf", "--algorithm", "id3")
    assert (status, explicit) == (0, out)


@pytest.mark.parametrize(
    ("algorithm", "option", "keywords"),
    [
        ("id3", "--max-depth 1", {"max_depth": 1}),
        ("id3", "--min-samples-split 6", {"min_samples_split": 6}),
        ("id3", "--min-gain 0.3", {"min_gain": 0.3}),
        ("id3", "--significance 0.05", {"significance": 0.05}),
        ("c45", "--min-objects 3", {"min_objects": 3}),
        ("c45", "--max-depth 1", {"max_depth": 1}),
        ("c45", "--significance 0.05", {"significance": 0.05}),
        ("cart", "--criterion entropy", {"criterion": "entropy"}),
        ("cart", "--criterion misclassification", {"criterion": "misclassification"}),
        ("cart", "--max-depth 1", {"max_depth": 1}),
        ("cart", "--min-samples-split 6.5", {"min_samples_split": 6.5}),
        ("cart", "--min-samples-leaf 3", {"min_samples_leaf": 3}),
        ("cart", "--min-impurity-decrease 0.08", {"min_impurity_decrease": 0.08}),
        ("cart", "--max-leaf-nodes 3", {"max_leaf_nodes": 3}),
        ("cart", "--significance 0.05", {"significance": 0.05}),
    ],
)
def test_each_learning_option_reaches_its_learner(
    capsys: pytest.CaptureFixture[str], algorithm: str, option: str, keywords: dict[str, object]
) -> None:
    golf, learn = load("golf"), LEARNERS[algorithm]
    argv = ["fit", "--dataset", "golf", "--algorithm", algorithm, *option.split()]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out == text(learn(golf, **keywords)) + "\n"
    assert out != text(learn(golf)) + "\n"  # the option changed the tree


@pytest.mark.parametrize("marker", ["?", ""])
def test_a_missing_value_is_weighted_by_c45_and_refused_by_id3(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, marker: str
) -> None:
    content = golf_csv().replace("\novercast,72,90,", f"\n{marker},72,90,")
    path = write(tmp_path, "golf.csv", content)
    status, out, err = run(capsys, "fit", path, "--target", "class", "--algorithm", "c45")
    assert (status, out, err) == (0, QUINLAN_GOLF_WITH_A_MISSING_OUTLOOK, "")
    status, out, err = run(capsys, "fit", path, "--target", "class")
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {path}, row 6, column 'outlook': missing value")
    fit = ("fit", path, "--target", "class", "--max-depth", "1", "--missing")
    data = read_csv(path, target="class")
    status, out, _ = run(capsys, *fit, "impute")
    assert (status, out) == (0, text(id3(data, max_depth=1, missing="impute")) + "\n")
    status, out, _ = run(capsys, *fit, "fractional", "--algorithm", "cart")
    assert (status, out) == (0, text(cart(data, max_depth=1, missing="fractional")) + "\n")
    status, out, err = run(capsys, *fit, "refuse", "--algorithm", "c45")
    assert (status, out) == (2, "")
    assert "row 6, column 'outlook'" in err


def test_missing_markers_replace_question_mark_and_empty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(
        tmp_path,
        "na.csv",
        "sky,temp,play\n?,64,yes\nclear,68,yes\nclear,NA,yes\nrain,75,no\n?,80,no\n",
    )
    status, out, err = run(capsys, "fit", path, "--target", "play")
    assert (status, out) == (2, "")
    assert f"{path}, row 1, column 'sky': missing value" in err
    fit = ("fit", path, "--target", "play", "--missing-marker", "NA")
    status, out, err = run(capsys, *fit)  # '?' is a sky now; NA is missing
    assert (status, out) == (2, "")
    assert f"{path}, row 3, column 'temp': missing value" in err
    status, out, err = run(capsys, *fit, "--missing", "impute")
    assert (status, err) == (0, "")
    assert out == (
        "root [no: 2, yes: 3]\ntemp <= 71.5 [no: 0, yes: 3]: yes\ntemp > 71.5 [no: 2, yes: 0]: no\n"
    )


def test_numeric_refuses_a_column_that_would_silently_be_nominal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "typo.csv", "temp,play\n64,yes\n68,yes\n7O,no\n80,no\n")
    status, out, _ = run(capsys, "fit", path, "--target", "play")
    assert status == 0
    assert "temp = 7O [no: 1, yes: 0]: no" in out.splitlines()
    status, out, err = run(capsys, "fit", path, "--target", "play", "--numeric", "temp")
    assert (status, out) == (2, "")
    assert err == f"dtree: error: {path}, row 3, column 'temp': '7O' is not a number\n"


def test_cart_grows_a_regression_tree_for_a_numeric_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "prices.csv", PRICES)
    fit = ("fit", path, "--target", "price", "--algorithm", "cart")
    status, out, err = run(capsys, *fit, "--max-leaf-nodes", "3")
    assert (status, err) == (0, "")
    assert out == (
        "root [n: 5, mean: 170]\n"
        "size <= 70 [n: 2, mean: 110]: 110\n"
        "size > 70 [n: 3, mean: 210]\n"
        "|   size <= 110 [n: 2, mean: 230]: 230\n"
        "|   size > 110 [n: 1, mean: 170]: 170\n"
    )
    status, full, _ = run(capsys, *fit)
    assert status == 0
    assert full == text(cart(read_csv(path, target="price"))) + "\n"
    status, explicit, _ = run(capsys, *fit, "--criterion", "squared_error")
    assert (status, explicit) == (0, full)


def test_datasets_lists_every_bundled_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "datasets")
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()] == list(names())


def test_messages_about_reading_a_file_name_the_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """They said nominal= and numeric=, and to use equal_width or equal_frequency."""
    path = write(tmp_path, "n.csv", "a,b,y\n1,x,1.5\n2,y,2.5\n")
    for argv, message in [
        (
            ("fit", path, "--target", "y", "--nominal", "z"),
            "--nominal names an unknown column 'z'; the columns are 'a', 'b', 'y'",
        ),
        (
            ("fit", path, "--target", "y", "--nominal", "a", "--numeric", "a"),
            "column 'a': --numeric and --nominal both name this column",
        ),
        (
            ("discretize", path, "--target", "y"),
            "--method entropy needs classes, and the target 'y' is numeric: use --method width"
            " or frequency",
        ),
    ]:
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "")
        assert err.startswith("dtree: error: ")
        assert err.endswith(message + "\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fit", "--dataset", "nope"], "unknown dataset"),
        (["fit", "missing.csv", "--target", "y"], "missing.csv"),
        (["fit", "--dataset", "xor", "--target", "Y"], "--target goes with FILE.csv"),
        (
            ["fit", "--dataset", "xor", "--max-depth", "-1"],
            "--max-depth must be an integer >= 0, got -1",
        ),
        (["fit", "--dataset", "xor", "--classes", "1,0"], "--classes goes with FILE.csv"),
        (["fit", "--dataset", "xor", "--nominal", "Z1"], "--nominal goes with FILE.csv"),
        (["fit", "--dataset", "xor", "--numeric", "Z1"], "--numeric goes with FILE.csv"),
        # the library's words and reprs, each once shown here
        (
            ["fit", "--dataset", "golf", "--algorithm", "optimal", "--alpha", "-1"],
            "--alpha must be a finite number >= 0, got -1",
        ),
        (
            ["boost", "--dataset", "golf", "--learning-rate", "-1"],
            "--learning-rate must be a finite number > 0, got -1",
        ),
        (
            ["discretize", "--dataset", "iris", "--method", "width", "--bins", "0"],
            "--bins must be a whole number in 1..100,000, got 0",
        ),
        (["fit", "--dataset", "xor", "--missing-marker", "NA"], "--missing-marker goes with"),
        (["fit", "", "--target", "y"], "FILE.csv must name a file"),
        (["fit", "--dataset", "xor", "--min-gain", "nan"], "--min-gain must be a finite number"),
        (["fit", "--dataset", "golf", "--significance", "0"], "--significance must be a level"),
        (["fit", "--dataset", "golf", "--significance", "1.5"], "--significance must be"),
        (
            ["fit", "--dataset", "golf", "--min-objects", "-1", "--algorithm", "c45"],
            "--min-objects must",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "cart", "--max-leaf-nodes", "1"],
            "--max-leaf-nodes must be an integer >= 2",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "cart", "--criterion", "squared_error"],
            "squared error is for a numeric target",
        ),
        (
            ["fit", "--dataset", "golf", "--min-samples-leaf", "2"],
            "--min-samples-leaf applies to cart",
        ),
        (["fit", "--dataset", "golf", "--criterion", "gini"], "--criterion applies to cart only"),
        (
            ["fit", "--dataset", "golf", "--min-objects", "2"],
            "--min-objects applies to c45 and j48 only",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "c45", "--min-gain", "0"],
            "--min-gain applies to id3",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "c45", "--min-samples-split", "4"],
            "--min-samples-split applies to id3 and cart only",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "id3", "--max-leaf-nodes", "4"],
            "--max-leaf-nodes applies to cart and optimal only",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "c45", "--min-impurity-decrease", "0"],
            "--min-impurity-decrease applies to cart only",
        ),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


def test_an_inapplicable_option_is_refused_before_the_file_is_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "fit", "absent.csv", "--target", "y", "--min-samples-leaf", "1")
    assert (status, out) == (2, "")
    assert err == "dtree: error: --min-samples-leaf applies to cart only\n"


def test_a_regression_target_is_refused_where_classes_are_needed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "prices.csv", PRICES)
    for argv, message in [
        ((), "target 'price' is numeric"),
        (("--algorithm", "c45"), "target 'price' is numeric"),
        (("--algorithm", "cart", "--significance", "0.05"), "the significance test needs classes"),
    ]:
        status, out, err = run(capsys, "fit", path, "--target", "price", *argv)
        assert (status, out) == (2, "")
        assert err.startswith("dtree: error: ")
        assert message in err


def test_a_ragged_csv_is_named_by_file_and_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ragged.csv"
    path.write_text("a,y\nu,p\nv\n", encoding="utf-8")
    status, _, err = run(capsys, "fit", str(path), "--target", "y")
    assert status == 2
    assert "ragged.csv" in err
    assert "row 2" in err


def test_usage_errors_exit_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fit"])
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--algorithm", "c50"),
        ("--criterion", "nope"),
        ("--missing", "skip"),
        ("--max-depth", "1.5"),
        ("--max-leaf-nodes", "many"),
        ("--min-objects", "two"),
        ("--min-samples-split", "x"),
        ("--significance", "5%"),
    ],
)
def test_a_malformed_option_value_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fit", "--dataset", "golf", option, value])
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out) == (2, "")
    assert captured.err.startswith("usage: dtree fit")
    assert captured.err.splitlines()[-1].startswith(f"dtree fit: error: argument {option}: ")
    assert repr(value) in captured.err


def test_python_dash_m_runs_the_same_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "--dataset", "xor"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout == text(id3(load("xor"))) + "\n"


# -- evaluate ----------------------------------------------------------------------------------

# Leave-one-out on the five prices, each squared error worked by hand (a tie between
# size and district goes to size, the first attribute):
#   without size 50 (north, 100): district, then north's cut at 90 -> 120, error 20^2;
#   without 60 (north, 120): size <= 65 -> 100, error 20^2;
#   without 80 (south, 200): district -> south's 260, error 60^2;
#   without 100 (south, 260): size > 70, then size <= 100 -> 200, error 60^2;
#   without 120 (north, 170): size > 70, then size > 90 -> 260, error 90^2.
PRICES_EVALUATED = """\
5-fold cross-validation of cart, seed 0, 5 rows

fold  train  test  squared error
1         4     1           3600
2         4     1            400
3         4     1            400
4         4     1           8100
5         4     1           3600

mean squared error 3220 (standard error 1414.35)
"""


def test_evaluate_prints_the_cross_validated_scores(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "evaluate", "--dataset", "play-tennis", "--folds", "7")
    assert (status, err) == (0, "")
    result = cross_validate(id3, load("play-tennis"), 7)
    assert result.confusion is not None
    lines = out.splitlines()
    assert lines[0] == "7-fold stratified cross-validation of id3, seed 0, 14 rows"
    table = lines[lines.index("fold  train  test  error") + 1 :][:7]
    assert [line.split() for line in table] == [
        [str(i), "12", "2", format_weight(e)] for i, e in enumerate(result.errors, start=1)
    ]
    spread = format_weight(result.standard_error)
    assert f"mean error {format_weight(result.mean_error)} (standard error {spread})" in lines
    assert f"accuracy {format_weight(result.mean_accuracy)} (standard error {spread})" in lines
    matrix = lines[lines.index("confusion matrix of all folds (rows actual, columns predicted):") :]
    assert [line.split() for line in matrix[1:4]] == [
        ["No", "Yes"],
        ["No", *map(str, result.confusion.counts[0])],
        ["Yes", *map(str, result.confusion.counts[1])],
    ]
    scores = [line.split() for line in lines[lines.index(matrix[0]) + 5 :]]
    assert scores[0] == ["class", "precision", "recall", "F1"]
    for label, row in zip(("No", "Yes"), scores[1:3], strict=True):
        metrics = (precision, recall, f_beta)
        assert row == [label, *(format_weight(m(result.confusion, label)) for m in metrics)]
    assert [row[:2] for row in scores[3:]] == [["macro", "average"], ["weighted", "average"]]


def test_evaluate_leaves_out_the_matrix_of_many_classes_unless_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """On 250 classes evaluate printed a confusion matrix of 360 kB, with no way to stop it."""
    rows = "".join(f"{x},c{x % 25:02}\n" for x in range(100))
    data = write(tmp_path, "many.csv", "x,y\n" + rows)
    argv = ("evaluate", data, "--target", "y", "--folds", "4")
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert "confusion matrix of all folds" not in out
    assert "\nthe confusion matrix of 25 classes is left out (--matrix prints it)\n" in out
    status, full, err = run(capsys, *argv, "--matrix")
    assert (status, err) == (0, "")
    matrix = full.splitlines()[full.splitlines().index(FOLDS_MATRIX) + 1 :][:26]
    assert [line.split()[0] for line in matrix[1:]] == [f"c{k:02}" for k in range(25)]
    status, golf, _ = run(capsys, "evaluate", "--dataset", "golf", "--folds", "3", "--no-matrix")
    assert FOLDS_MATRIX not in golf
    assert "left out" not in golf
    assert FOLDS_MATRIX in run(capsys, "evaluate", "--dataset", "golf", "--folds", "3")[1]


FOLDS_MATRIX = "confusion matrix of all folds (rows actual, columns predicted):"


def test_cost_complexity_prints_the_rows_near_its_choice_unless_all_are_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """On diabetes the path's table printed all of its 292 rows."""
    draw = random.Random(5)
    rows = "".join(
        f"{draw.random():.3f},{draw.random():.3f},{draw.choice('ab')}\n" for _ in range(300)
    )
    data = write(tmp_path, "noise.csv", "u,v,y\n" + rows)
    argv = [*("prune", data, "--target", "y", "--algorithm", "cart"), "--risk", "impurity"]
    argv += ["--method", "cost-complexity"]
    status, out, err = run(capsys, *argv, "--all-rows")
    assert (status, err) == (0, "")
    every = out.split("\n\n")[1].splitlines()
    assert len(every) > 30
    status, out, err = run(capsys, *argv)
    shown = out.split("\n\n")[1].splitlines()
    assert len(shown) < 30
    kept = [line for line in shown if not line.startswith("... ")]
    assert set(kept) <= set(every)
    assert kept[:6] == every[:6]
    assert kept[-5:] == every[-5:]
    chosen = next(k for k, line in enumerate(every) if line.endswith("<- chosen"))
    assert every[chosen - 4 : chosen + 5] == kept[kept.index(every[chosen]) - 4 :][:9]
    gaps = [line for line in shown if line.startswith("... ")]
    assert sum(int(line.split()[1]) for line in gaps) == len(every) - len(kept)
    assert all(line.endswith("(--all-rows prints them)") for line in gaps)


def test_evaluate_passes_the_learning_options_and_the_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["evaluate", "--dataset", "iris", "--algorithm", "cart", "--max-depth", "1"]
    status, out, _ = run(capsys, *argv, "--folds", "5", "--seed", "3")
    assert status == 0
    stump = cross_validate(partial(cart, max_depth=1), load("iris"), 5, seed=3)
    assert f"mean error {format_weight(stump.mean_error)}" in out
    assert format_weight(stump.mean_error) == "0.333333"  # a stump of iris: one species wrong
    status, again, _ = run(capsys, *argv, "--folds", "5", "--seed", "3")
    assert (status, again) == (0, out)
    status, other, _ = run(capsys, *argv, "--folds", "5", "--seed", "4")
    assert status == 0
    assert other.splitlines()[0] == "5-fold stratified cross-validation of cart, seed 4, 150 rows"
    status, ten, err = run(capsys, *argv)  # 10 folds, seed 0, by default
    assert (status, err) == (0, "")
    assert ten.splitlines()[0] == "10-fold stratified cross-validation of cart, seed 0, 150 rows"


def test_evaluate_a_regression_tree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "prices.csv", PRICES)
    status, out, err = run(
        capsys, "evaluate", path, "--target", "price", "--algorithm", "cart", "--folds", "5"
    )
    assert (status, out, err) == (0, PRICES_EVALUATED, "")


def test_evaluate_places_a_learners_error_in_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    content = golf_csv().replace("\novercast,72,90,", "\n?,72,90,")
    path = write(tmp_path, "golf.csv", content)
    status, out, err = run(capsys, "evaluate", path, "--target", "class", "--folds", "2")
    assert (status, out) == (2, "")
    assert err.splitlines()[-1].startswith(
        f"dtree: error: {path}, row 6, column 'outlook': missing value"
    )
    status, out, _ = run(capsys, "evaluate", path, "--target", "class", "--algorithm", "c45")
    assert status == 0
    assert out.startswith("10-fold stratified cross-validation of c45, seed 0, 14 rows")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dataset", "xor", "--folds", "1"], "--folds must lie in 2..4 for 4 rows, got 1"),
        (["--dataset", "xor", "--folds", "5"], "--folds must lie in 2..4 for 4 rows, got 5"),
        (["--dataset", "xor", "--target", "Y"], "--target goes with FILE.csv"),
        (["--dataset", "golf", "--min-objects", "2"], "--min-objects applies to c45 and j48 only"),
        (["--dataset", "nope"], "unknown dataset"),
        (["missing.csv", "--target", "y"], "missing.csv"),
    ],
)
def test_evaluate_bad_input_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "evaluate", *argv)
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(("option", "value"), [("--folds", "ten"), ("--seed", "0.5")])
def test_evaluate_malformed_numbers_are_usage_errors(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["evaluate", "--dataset", "golf", option, value])
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out) == (2, "")
    assert captured.err.splitlines()[-1].startswith(f"dtree evaluate: error: argument {option}: ")


# -- prune -------------------------------------------------------------------------------------


def test_prune_reduced_error_holds_out_a_share_and_reports_the_validation_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prune", "--dataset", "golf", "--algorithm", "cart", "--method", "reduced-error"]
    status, out, err = run(capsys, *argv, "--holdout", "0.3", "--seed", "2")
    assert status == 0
    assert err == ""
    data = load("golf")
    train, validation = train_test_split(data, 0.3, seed=2, stratify=True)
    tree = cart(train)
    pruned = reduced_error(tree, validation)
    before, after = (format_weight(error(t, validation)) for t in (tree, pruned))
    assert out.splitlines()[1] == (
        f"leaves {n_leaves(tree)} -> {n_leaves(pruned)}; validation error {before} -> {after}"
    )
    assert out.endswith(text(pruned) + "\n")


def test_prune_cost_complexity_prints_the_path_and_the_chosen_tree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, out, err = run(capsys, *argv, "--folds", "5", "--rule", "1se")
    assert status == 0
    assert err == ""  # standard error is no terminal here: no progress
    chosen = select_by_cv(partial(cart), load("iris"), 5, seed=0, rule="1se")
    lines = out.splitlines()
    assert lines[2].split() == [
        "alpha",
        "leaves",
        "training",
        "error",
        "cv",
        "error",
        "standard",
        "error",
    ]
    table = [line.split() for line in lines[3 : 3 + len(chosen.table)]]
    assert [int(row[1]) for row in table] == [row.leaves for row in chosen.table]
    assert [row[3] for row in table] == [format_weight(row.error) for row in chosen.table]
    assert table[chosen.index][-2:] == ["<-", "chosen"]
    assert out.endswith(text(chosen.tree) + "\n")


def test_prune_cost_complexity_on_a_holdout(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, out, err = run(capsys, *argv, "--holdout", "0.3", "--risk", "impurity")
    assert status == 0
    assert err == ""
    assert "held-out error" in out
    assert "(risk impurity)" in out


def test_prune_pessimistic_reports_the_estimated_errors(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["prune", "--dataset", "restaurant", "--algorithm", "c45", "--min-objects", "1"]
    status, out, err = run(capsys, *argv, "--method", "pessimistic")
    assert status == 0
    assert err == ""
    data = load("restaurant")
    tree = c45(data, min_objects=1)
    pruned = pessimistic(tree, data=data)
    assert out.splitlines()[1].startswith(f"leaves {n_leaves(tree)} -> {n_leaves(pruned)};")
    assert out.endswith(text(pruned) + "\n")
    status, out, _ = run(
        capsys, *argv, "--method", "pessimistic", "--no-subtree-raising", "--z", "normal"
    )
    assert status == 0
    assert "z normal, subtree raising off" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ["--method", "pessimistic", "--folds", "3"],
            "--folds applies to --method cost-complexity only",
        ),
        (
            ["--method", "reduced-error", "--confidence", "0.1"],
            "--confidence applies to --method pessimistic only",
        ),
        (
            ["--method", "reduced-error", "--holdout", "1.5"],
            "--holdout is a share of the data in (0, 1)",
        ),
        (["--method", "cost-complexity", "--folds", "99"], "--folds must lie in 2..14"),
        (["--method", "pessimistic", "--confidence", "0"], "--confidence is in (0, 1), got 0.0"),
        (
            ["--method", "reduced-error", "--holdout", "0.99"],
            "--holdout 0.99 of 14 rows leaves the training set empty",
        ),
    ],
)
def test_prune_refuses_bad_options_in_one_line(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    status, out, err = run(capsys, "prune", "--dataset", "golf", *extra)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


# -- fit --format, --output, and predict ----------------------------------------------------------


def fitted(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> Tree:
    """The tree ``dtree fit ARGV`` writes as a model file."""
    model = str(tmp_path / "model.json")
    status, _, err = run(capsys, "fit", *argv, "--format", "json", "--output", model)
    assert (status, err) == (0, "")
    return from_json(Path(model).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["iris", "golf", "weather-numeric"])
def test_fit_c45_prunes_as_the_c45_program_and_the_estimator_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """``fit --algorithm c45`` printed the unpruned tree, where TreeClassifier("c45") prunes."""
    data = load(name)
    frame: Any = data.to_frame()
    target = data.schema.target.name
    x, y = frame.drop(columns=target), frame[target]
    estimator = TreeClassifier("c45").fit(x, y)
    pruned = fitted(capsys, tmp_path, "--dataset", name, "--algorithm", "c45")
    assert pruned == pessimistic(c45(data), 0.25, data=data)
    # the estimator orders the classes as scikit-learn does, sorted: the same tree otherwise
    assert n_leaves(estimator.tree_) == n_leaves(pruned)
    assert list(estimator.predict(x)) == [predict(pruned, row) for row in data.examples()]
    unpruned = fitted(capsys, tmp_path, "--dataset", name, "--algorithm", "c45", "--unpruned")
    assert unpruned == c45(data)
    strict = fitted(
        capsys, tmp_path, "--dataset", name, "--algorithm", "c45", "--confidence", "0.1"
    )
    assert strict == pessimistic(c45(data), 0.1, data=data)


def test_fit_j48_prints_wekas_tree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, weka_examples: Path, weka_jar: Path
) -> None:
    """credit-g: J48 prunes to 103 leaves, C4.5 grows 437; ``--algorithm j48`` is J48's tree."""
    file = weka_examples / "credit-g.arff"
    data = read_arff(file)
    ours = fitted(capsys, tmp_path, str(file), "--algorithm", "j48")
    assert j48_text(ours) == j48_text(read_j48(run_j48(data), data))
    assert n_leaves(ours) == 103
    assert n_leaves(fitted(capsys, tmp_path, str(file), "--algorithm", "c45", "--unpruned")) == 437
    grown = fitted(capsys, tmp_path, str(file), "--algorithm", "j48", "--unpruned")
    assert j48_text(grown) == j48_text(read_j48(run_j48(data, ["-U"]), data))


def test_pruning_options_belong_to_c45_and_j48(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fit", "--dataset", "iris", "--unpruned")
    assert (status, out) == (2, "")
    assert err == "dtree: error: --unpruned applies to c45 and j48 only\n"
    status, out, err = run(
        capsys, "fit", "--dataset", "iris", "--algorithm", "j48", "--max-depth", "2"
    )
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: --max-depth applies to id3 and c45 and cart and optimal")


@pytest.mark.parametrize("form", list(FORMATS))
def test_fit_writes_the_tree_in_each_format(capsys: pytest.CaptureFixture[str], form: str) -> None:
    status, out, err = run(
        capsys, "fit", "--dataset", "golf", "--algorithm", "c45", "--format", form
    )
    assert (status, err) == (0, "")
    assert out == FORMATS[form](c45(load("golf"))) + "\n"


def test_the_formats_are_the_renderings() -> None:
    formats = dict(FORMATS)
    dnf = formats.pop("dnf")
    assert formats == {"text": text, "dot": dot, "python": python, "json": to_json, "rules": rules}
    tree = id3(load("xor"))
    assert dnf(tree) == "\n".join(
        f"{label}: {format_dnf(dnf_of(tree, label))}" for label in ("0", "1")
    )


def test_fit_writes_python_that_predicts_as_the_tree_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = str(tmp_path / "golf.py")
    status, out, err = run(
        capsys, "fit", "--dataset", "golf", "--format", "python", "--output", source
    )
    assert (status, out, err) == (0, "", "")
    namespace: dict[str, Any] = {}
    exec(compile(Path(source).read_text(encoding="utf-8"), source, "exec"), namespace)
    tree = id3(load("golf"))
    for example in load("golf").examples():
        assert namespace["predict"](example) == predict(tree, example)


def fit_model(capsys: pytest.CaptureFixture[str], folder: Path, *argv: str) -> str:
    """Fit with ``argv`` and write the model file; its path."""
    model = str(folder / "model.json")
    status, out, err = run(capsys, "fit", *argv, "--format", "json", "--output", model)
    assert (status, out, err) == (0, "", "")
    return model


def test_fit_then_predict_a_csv_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    content = golf_csv().replace("\novercast,72,90,", "\n?,72,90,")
    data = write(tmp_path, "golf.csv", content)
    model = fit_model(capsys, tmp_path, data, "--target", "class", "--algorithm", "c45")
    tree = c45(read_csv(data, target="class"))
    assert Path(model).read_text(encoding="utf-8") == to_json(tree) + "\n"
    status, out, err = run(capsys, "predict", model, data)
    assert (status, err) == (0, "")
    examples = list(read_csv(data, target="class").examples())
    assert out.splitlines() == ["prediction", *(str(predict(tree, e)) for e in examples)]
    assert "Don't Play" in out
    predictions = str(tmp_path / "predictions.csv")
    status, out, err = run(capsys, "predict", model, data, "--output", predictions)
    assert (status, out, err) == (0, "", "")
    with open(predictions, encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows == [["prediction"], *([str(predict(tree, e))] for e in examples)]


def test_predict_says_once_how_many_rows_hold_values_the_model_never_saw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Unseen categories were answered silently."""
    model = fit_model(capsys, tmp_path, "--dataset", "play-tennis")
    days = "Outlook,Temperature,Humidity,Wind\nSunny,Hot,High,Weak\nFoggy,Hot,High,Weak\n"
    data = write(tmp_path, "days.csv", days + "Rain,Hot,High,Calm\nFoggy,Mild,Low,Weak\n")
    status, out, err = run(capsys, "predict", model, data)
    assert (status, out) == (0, "prediction\nNo\nYes\nYes\nYes\n")
    assert err == (
        f"dtree: warning: {data}, row 2, column 'Outlook': 3 of 4 rows hold a value no branch"
        " of the model takes, this row first ('Foggy'); each is predicted from the training"
        " statistics of the split where it stops\n"
    )
    known = write(tmp_path, "known.csv", days.replace("Foggy", "Overcast"))
    assert run(capsys, "predict", model, known)[2] == ""


def test_predict_reads_nominal_digits_as_the_model_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = fit_model(capsys, tmp_path, "--dataset", "xor")
    data = write(tmp_path, "xor.csv", "Z2,Z1,other\n0,0,a\n0,1,b\n1,0,c\n1,1,d\n\n?,1,e\n")
    status, out, err = run(capsys, "predict", model, data)
    assert (status, err) == (0, "")
    tree = id3(load("xor"))
    spread = predict(tree, {"Z1": "1", "Z2": None})
    assert out.splitlines() == ["prediction", "0", "1", "1", "0", str(spread)]


def test_predict_a_regression_tree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = write(tmp_path, "prices.csv", PRICES)
    model = fit_model(capsys, tmp_path, data, "--target", "price", "--algorithm", "cart")
    rows = write(tmp_path, "new.csv", "district,size\nnorth,50\nsouth,101.5\nnorth,?\n")
    status, out, err = run(capsys, "predict", model, rows)
    assert (status, err) == (0, "")
    tree = cart(read_csv(data, target="price"))
    expected = [
        predict(tree, {"size": 50, "district": "north"}),
        predict(tree, {"size": 101.5, "district": "south"}),
        predict(tree, {"size": None, "district": "north"}),
    ]
    assert [float(line) for line in out.splitlines()[1:]] == expected
    assert out.splitlines()[1:3] == ["100", "260"]


def test_predict_with_missing_markers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    model = fit_model(capsys, tmp_path, "--dataset", "xor")
    data = write(tmp_path, "xor.csv", "Z1,Z2\nNA,1\n?,1\n")
    status, out, err = run(capsys, "predict", model, data, "--missing-marker", "NA")
    assert status == 0
    assert err.startswith(f"dtree: warning: {data}, row 2, column 'Z1': 1 of 2 rows holds")
    tree = id3(load("xor"))
    spread, unseen = (predict(tree, {"Z1": z1, "Z2": "1"}) for z1 in (None, "?"))
    assert out.splitlines() == ["prediction", str(spread), str(unseen)]
    assert unseen == "0"  # '?' is a value now, unseen at the root: its plurality, first of a tie


def test_predict_spreads_a_missing_value_by_training_weight_or_equally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Five a's of class p and one b and one c of class q: a row missing x goes 5/7 to p by
    C4.5's training shares, but 2/3 to q by the notes' equal vote."""
    data = write(tmp_path, "votes.csv", "x,y\n" + "a,p\n" * 5 + "b,q\nc,q\n")
    model = fit_model(capsys, tmp_path, data, "--target", "y")
    rows = write(tmp_path, "rows.csv", "x\n?\nb\n")
    assert run(capsys, "predict", model, rows) == (0, "prediction\np\nq\n", "")
    voted = run(capsys, "predict", model, rows, "--spread", "equal")
    assert voted == (0, "prediction\nq\nq\n", "")
    with pytest.raises(SystemExit) as exit_:
        main(["predict", model, rows, "--spread", "votes"])
    assert exit_.value.code == 2
    assert "invalid choice: 'votes'" in capsys.readouterr().err


def test_predict_refuses_equal_votes_for_an_ensemble(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = tmp_path / "forest.json"
    status, _, err = run(
        capsys, "forest", "--dataset", "golf", "--trees", "3", "--model", str(model)
    )
    assert (status, err) == (0, "")
    rows = write(tmp_path, "rows.csv", "outlook,temperature,humidity,windy\n?,70,70,false\n")
    status, out, err = run(capsys, "predict", str(model), rows, "--spread", "equal")
    assert (status, out) == (2, "")
    assert "--spread equal is for a tree's model file" in err
    assert run(capsys, "predict", str(model), rows)[0] == 0


def test_discretize_writes_the_data_with_ranges_as_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    iris = load("iris")
    status, out, err = run(capsys, "discretize", "--dataset", "iris")
    assert (status, err) == (0, "")
    written = write(tmp_path, "ranges.csv", out)
    read = read_csv(written, target="species")
    assert read.columns == discretize(iris, entropy_mdl(iris)).columns
    status, out, err = run(
        capsys,
        "discretize",
        "--dataset",
        "iris",
        "--method",
        "frequency",
        "--bins",
        "2",
        "--attribute",
        "petal_width",
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "sepal_length,sepal_width,petal_length,petal_width,species"
    assert lines[1] == "5.1,3.5,1.4,<= 1.35,setosa"  # Weka's Discretize -F -B 2 cuts at 1.35
    assert {line.split(",")[3] for line in lines[1:]} == {"<= 1.35", "> 1.35"}
    status, out, err = run(
        capsys, "discretize", "--dataset", "iris", "--method", "width", "--bins", "2"
    )
    assert out.splitlines()[1] == "<= 6.1,> 3.2,<= 3.95,<= 1.3,setosa"


@pytest.mark.parametrize("name", ["ranges.arff", "RANGES.ARFF"])
def test_discretize_writes_arff_to_a_file_named_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """``--output Y.arff`` wrote CSV into the .arff file."""
    iris = load("iris")
    path = tmp_path / name
    status, out, err = run(capsys, "discretize", "--dataset", "iris", "--output", str(path))
    assert (status, out, err) == (0, "", "")
    assert path.read_text(encoding="utf-8").startswith("@relation iris\n")
    assert read_arff(path) == discretize(iris, entropy_mdl(iris))
    status, out, err = run(capsys, "discretize", "--dataset", "iris", "--format", "arff")
    assert out == path.read_text(encoding="utf-8")
    forced = tmp_path / "forced.arff"
    run(capsys, "discretize", "--dataset", "iris", "--format", "csv", "--output", str(forced))
    assert read_csv(forced, target="species").columns == read_arff(path).columns


@pytest.mark.parametrize(
    ("name", "form"), [("tree.json", "json"), ("tree.DOT", "dot"), ("tree.py", "python")]
)
def test_fit_writes_the_format_its_output_file_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, form: str
) -> None:
    """``--output tree.json`` wrote the indented text into the .json file."""
    path = tmp_path / name
    status, out, err = run(capsys, "fit", "--dataset", "golf", "--output", str(path))
    assert (status, out, err) == (0, "", "")
    assert path.read_text(encoding="utf-8") == FORMATS[form](id3(load("golf"))) + "\n"
    run(capsys, "fit", "--dataset", "golf", "--output", str(path), "--format", "text")
    assert path.read_text(encoding="utf-8") == text(id3(load("golf"))) + "\n"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--dataset", "iris", "--bins", "4"], "--bins goes with --method width or frequency"),
        (["--dataset", "play-tennis", "--attribute", "Outlook"], "column 'Outlook'"),
        (
            ["--dataset", "iris", "--method", "width", "--bins", "0"],
            "--bins must be a whole number in 1..100,000, got 0",
        ),
    ],
)
def test_discretize_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, out, err = run(capsys, "discretize", *arguments)
    assert (status, out) == (2, "")
    assert message in err
    assert len(err.splitlines()) == 1


def hostile_model(folder: Path, content: str | bytes) -> str:
    path = folder / "model.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not valid JSON: Expecting value (line 1, column 1)"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        ("[1, 2]", "$: expected a JSON object, got an array"),
        (
            '{"format": "dtree-tree", "version": 9}',
            "version: version 9 is not one this dtree reads",
        ),
        (
            '{"format": "dtree-tree", "version": 1, "target": "classification", "classes": ["a"],'
            ' "nodes": [{"stats": {"counts": [NaN]}, "prediction": "a"}]}',
            "NaN is not a finite number",
        ),
        (
            '{"format": "dtree-tree", "version": 1, "target": "classification", "classes": ["a"],'
            ' "nodes": [{"stats": {"counts": [1]}, "prediction": "a\\nb"}]}',
            "$.nodes[0].prediction: expected one of the classes of $.classes, got 'a\\nb'",
        ),
        ("[" * 50_000, "nested too deeply"),
    ],
)
def test_a_bad_model_file_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes, message: str
) -> None:
    model = hostile_model(tmp_path, content)
    data = write(tmp_path, "data.csv", "a\nu\n")
    status, out, err = run(capsys, "predict", model, data)
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {model}: ")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["absent.json", "data.csv"], "absent.json: no such file"),
        ([".", "data.csv"], ".: a directory, not a file"),
    ],
)
def test_predict_names_a_model_file_it_cannot_read(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "predict", *argv)
    assert (status, out) == (2, "")
    assert err == f"dtree: error: {message}\n"


def test_predict_names_the_data_file_and_its_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = fit_model(capsys, tmp_path, "--dataset", "golf")
    no_humidity = write(tmp_path, "a.csv", "outlook,temperature,windy\nsunny,80,true\n")
    status, out, err = run(capsys, "predict", model, no_humidity)
    assert (status, out) == (2, "")
    assert err.startswith(
        f"dtree: error: {no_humidity}: the column 'humidity' is needed but absent"
    )
    typo = write(tmp_path, "b.csv", "outlook,temperature,humidity,windy\nsunny,80,9O,true\n")
    status, out, err = run(capsys, "predict", model, typo)
    assert (status, out) == (2, "")
    assert err == f"dtree: error: {typo}, row 1, column 'humidity': '9O' is not a number\n"


def test_a_model_testing_an_attribute_both_ways_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def stats(a: int, b: int) -> ClassStats:
        return ClassStats(("a", "b"), (a, b))

    inner = Split(
        (
            Branch(AtMost("x", 1.0), Leaf("a", stats(1, 0))),
            Branch(Above("x", 1.0), Leaf("b", stats(0, 1))),
        ),
        stats(1, 1),
    )
    tree = Split(
        (Branch(Equals("x", "u"), inner), Branch(Equals("x", "v"), Leaf("a", stats(1, 0)))),
        stats(2, 1),
    )
    model = hostile_model(tmp_path, to_json(tree))
    status, _, err = run(capsys, "predict", model, write(tmp_path, "d.csv", "x\nu\n"))
    assert status == 2
    assert (
        err
        == f"dtree: error: {model}: the model tests 'x' both as a number and as a nominal value\n"
    )


def test_output_to_a_file_that_cannot_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = str(tmp_path / "no" / "such" / "folder" / "tree.txt")
    status, out, err = run(capsys, "fit", "--dataset", "xor", "--output", target)
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {target}: cannot write the file: ")
    assert len(err.splitlines()) == 1


def test_a_failed_command_writes_no_output_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "tree.json"
    status, _, _ = run(
        capsys, "fit", "--dataset", "nope", "--format", "json", "--output", str(target)
    )
    assert status == 2
    assert not target.exists()


def test_a_tree_too_deep_for_python_is_an_error_and_json_still_works(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("dtree.render.MAX_PYTHON_DEPTH", 1)
    status, out, err = run(capsys, "fit", "--dataset", "xor", "--format", "python")
    assert (status, out) == (2, "")
    assert err == (
        "dtree: error: the tree is 2 splits deep, and Python source is written for trees at"
        " most 1 deep: write a JSON model file instead\n"
    )
    status, out, _ = run(capsys, "fit", "--dataset", "xor", "--format", "json")
    assert status == 0
    assert from_json(out) == id3(load("xor"))


def test_an_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fit", "--dataset", "golf", "--format", "yaml"])
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out) == (2, "")
    assert "argument --format: invalid choice: 'yaml'" in captured.err


@pytest.mark.parametrize(
    ("argv", "option", "literal"),
    [
        (["fit", "--dataset", "golf"], "--criterion", Criterion),
        (["fit", "--dataset", "golf"], "--missing", Missing),
        (["prune", "--dataset", "golf", "--method", "cost-complexity"], "--rule", SelectionRule),
        (["prune", "--dataset", "golf", "--method", "cost-complexity"], "--risk", Risk),
        (["prune", "--dataset", "golf", "--method", "pessimistic"], "--z", ZRule),
        (["rules", "model.json"], "--prune", RulePruning),
    ],
)
def test_an_option_offers_the_choices_of_its_type(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str, literal: object
) -> None:
    """The command line reads each option's choices from the library's Literal, in its order."""
    with pytest.raises(SystemExit) as exit_:
        main([*argv, option, "nonsense"])
    captured = capsys.readouterr()
    assert exit_.value.code == 2
    offered = ", ".join(repr(choice) for choice in get_args(literal))
    assert f"argument {option}: invalid choice: 'nonsense' (choose from {offered})" in captured.err


def test_a_class_no_encoding_can_write_is_an_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # JSON can spell a lone surrogate ("\ud800"), which no UTF-8 output can hold.
    stats = ClassStats(("\ud800", "b"), (1, 0))
    empty = ClassStats(("\ud800", "b"), (0, 0))
    tree = Split(
        (
            Branch(Equals("x", "u"), Leaf("\ud800", stats)),
            Branch(Equals("x", "v"), Leaf("b", empty)),
        ),
        stats,
    )
    model = hostile_model(tmp_path, to_json(tree))
    data = write(tmp_path, "d.csv", "x\nu\n")
    target = tmp_path / "predictions.csv"
    status, out, err = run(capsys, "predict", model, data, "--output", str(target))
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {target}: cannot write the output as UTF-8: ")
    assert not target.exists()
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "predict", model, data],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("dtree: error: cannot write the output: ")
    assert len(result.stderr.splitlines()) == 1


# -- rules -------------------------------------------------------------------------------------


def test_fit_writes_the_rules_view(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "fit", "--dataset", "golf", "--algorithm", "c45", "--format", "rules"
    )
    assert status == 0
    assert err == ""
    assert out == rules(c45(load("golf"))) + "\n"
    assert out.splitlines()[3] == "if outlook = sunny and humidity <= 75 then Play  [2, 100%]"


def test_rules_of_a_model_file_pruned_or_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = str(tmp_path / "tennis.json")
    assert (
        run(capsys, "fit", "--dataset", "play-tennis", "--format", "json", "--output", model)[0]
        == 0
    )
    status, out, _ = run(capsys, "rules", model)
    assert status == 0
    assert out == rules(id3(load("play-tennis"))) + "\n"
    status, out, _ = run(
        capsys, "rules", model, "--prune", "pessimistic", "--dataset", "play-tennis"
    )
    assert status == 0
    pruned = prune_rules(rules_of(id3(load("play-tennis"))), load("play-tennis"))
    assert out.splitlines() == [*map(describe_rule, pruned.rules), "otherwise Yes"]
    path = write(
        tmp_path,
        "tennis.csv",
        "\n".join(
            ",".join(str(v) for v in (*example.values(), label))
            for example, label in zip(
                load("play-tennis").examples(), load("play-tennis").labels, strict=True
            )
        ),
    )
    header = "Outlook,Temperature,Humidity,Wind,Play\n"
    Path(path).write_text(header + Path(path).read_text(encoding="utf-8"), encoding="utf-8")
    status, from_file, _ = run(
        capsys, "rules", model, path, "--prune", "pessimistic", "--target", "Play"
    )
    assert (status, from_file) == (0, out)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--prune", "pessimistic"], "--prune measures rules on data"),
        (["--dataset", "golf"], "FILE.csv and --dataset are the data --prune measures rules on"),
    ],
)
def test_rules_refuses_data_without_pruning_and_pruning_without_data(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    model = str(tmp_path / "tennis.json")
    run(capsys, "fit", "--dataset", "play-tennis", "--format", "json", "--output", model)
    status, out, err = run(capsys, "rules", model, *extra)
    assert status == 2
    assert out == ""
    assert message in err


def test_a_reader_that_goes_away_gets_no_traceback(tmp_path: Path) -> None:
    """``dtree fit ... | head -1``: the pipe breaks, and dtree stops quietly.

    The tree of 400 alternating labels prints far more than a pipe holds,
    so dtree is still writing when the reader leaves."""
    rows = "\n".join(f"{x},{'ab'[x % 2]}" for x in range(400))
    path = write(tmp_path, "zigzag.csv", "x,y\n" + rows + "\n")
    command = [sys.executable, "-m", "dtree", "fit", path, "--target", "y", "--format", "python"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait() == 1
    assert err == b""


# -- dnf ---------------------------------------------------------------------------------------


def test_fit_writes_each_class_as_a_dnf(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fit", "--dataset", "xor", "--format", "dnf")
    assert (status, err) == (0, "")
    assert out.splitlines() == ["0: ~Z1 & ~Z2 | Z1 & Z2", "1: ~Z1 & Z2 | Z1 & ~Z2"]


def test_dnf_of_a_model_file_minimized_or_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = str(tmp_path / "table.json")
    argv = ["fit", "--dataset", "boolean-table", "--format", "json", "--output", model]
    assert run(capsys, *argv)[0] == 0
    tree = id3(load("boolean-table"))
    label = tree.stats.classes[0]  # type: ignore[union-attr]
    status, out, _ = run(capsys, "dnf", model, "--label", label)
    assert (status, out) == (0, format_dnf(dnf_of(tree, label)) + "\n")
    status, out, _ = run(capsys, "dnf", model, "--label", label, "--minimize")
    assert (status, out) == (0, format_dnf(minimize(dnf_of(tree, label))) + "\n")


def test_a_regression_tree_has_no_dnf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "prices.csv", PRICES)
    argv = ["fit", path, "--target", "price", "--algorithm", "cart", "--format", "dnf"]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert "regression tree has no DNF" in err


# -- version, weights, folds of tiny data, the chosen row -------------------------------------


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == "dtree 0.1.0\n"


def test_weights_names_the_column_of_row_weights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "w.csv", "x,y,w\nu,a,3\nv,b,1\nu,b,1\n")
    status, out, err = run(capsys, "fit", path, "--target", "y", "--weights", "w")
    assert (status, err) == (0, "")
    assert out == text(id3(read_csv(path, target="y", weights="w"))) + "\n"
    assert out.splitlines()[0] == "root [a: 3, b: 2]"
    for command in (["evaluate", "--folds", "2"], ["prune", "--method", "pessimistic"]):
        status, _, err = run(capsys, *command, path, "--target", "y", "--weights", "w")
        assert status == 0, err
    model = str(tmp_path / "w.json")
    run(
        capsys,
        "fit",
        path,
        "--target",
        "y",
        "--weights",
        "w",
        "--format",
        "json",
        "--output",
        model,
    )
    pruning = ("rules", model, path, "--prune", "pessimistic", "--target", "y")
    status, out, err = run(capsys, *pruning, "--weights", "w")
    assert (status, err) == (0, "")
    tree = from_json(Path(model).read_text(encoding="utf-8"))
    data = read_csv(path, target="y", classes=["a", "b"], weights="w")
    pruned = prune_rules(rules_of(tree), data, method="pessimistic")
    assert out.splitlines()[: len(pruned.rules)] == [describe_rule(r) for r in pruned.rules]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fit", "--dataset", "golf", "--weights", "w"], "--weights goes with FILE.csv"),
        (["fit", "{path}", "--target", "y", "--weights", "z"], "unknown weights column 'z'"),
        (["fit", "{path}", "--target", "y", "--weights", "x"], "row 1, column 'x': 'u' is not"),
        (["fit", "{path}", "--target", "y", "--weights", "w"], "row 2, column 'w': weight -1"),
    ],
)
def test_bad_weights_are_one_line_naming_the_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    path = write(tmp_path, "w.csv", "x,y,w\nu,a,3\nv,b,-1\n")
    status, out, err = run(capsys, *(arg.format(path=path) for arg in argv))
    assert (status, out) == (2, "")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "command", [["evaluate"], ["prune", "--method", "cost-complexity", "--algorithm", "cart"]]
)
def test_cross_validating_one_row_says_it_needs_two(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = write(tmp_path, "one.csv", "x,y\nu,a\n")
    status, out, err = run(capsys, *command, path, "--target", "y")
    assert (status, out) == (2, "")
    assert err == "dtree: error: cross-validation needs at least 2 rows, the data has 1\n"


def test_cost_complexity_sums_up_its_choice_after_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, out, _ = run(capsys, *argv, "--rule", "1se")
    assert status == 0
    chosen = select_by_cv(partial(cart), load("iris"), 10, seed=0, rule="1se")
    row = chosen.table[chosen.index]
    summary = (
        f"chosen: alpha {format_weight(row.alpha)}, {row.leaves} leaves, cv error"
        f" {format_weight(row.error)} (standard error {format_weight(row.standard_error)}),"
        f" row {chosen.index + 1} of {len(chosen.table)} by rule 1se"
    )
    lines = out.splitlines()
    after_table = 3 + len(chosen.table)
    assert lines[after_table : after_table + 3] == ["", summary, ""]


def test_example_lists_the_shipped_files_and_writes_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = files("dtree").joinpath("examples")
    shipped = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".csv"))
    assert {"weekends.csv", "prices.csv", "new-days.csv"} <= set(shipped)
    status, out, err = run(capsys, "example")
    assert (status, err) == (0, "")
    assert [line.split()[0] for line in out.splitlines()] == shipped
    assert "weekends.csv  sky,temperature,wind,days,hike" in out.splitlines()
    output = tmp_path / "prices.csv"
    status, out, _ = run(capsys, "example", "prices.csv", "--output", str(output))
    assert (status, out) == (0, "")
    assert output.read_text(encoding="utf-8") == folder.joinpath("prices.csv").read_text(
        encoding="utf-8"
    )
    assert not read_csv(output, target="price").schema.is_classification
    status, out, err = run(capsys, "example", "data.csv")
    assert (status, out) == (2, "")
    assert "unknown example 'data.csv'; the examples are new-days.csv" in err


# -- progress ----------------------------------------------------------------------------------


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


def on_a_terminal(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, list[str]]:
    """The exit status, and each drawing of the line on a terminal standard error.

    The line's clock moves on a second each time it is read, so every report is drawn.
    """
    terminal = Terminal()
    seconds = itertools.count()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(cli, "Line", partial(Line, timer=lambda: next(seconds), width=200))
    monkeypatch.setattr(cli, "TICK", 3600.0)  # only reports redraw the line, never the clock
    status = main(list(argv))
    return status, terminal.getvalue().split("\r")[1:]


def test_a_warning_on_a_terminal_stands_on_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The typo warning, issued while the reading line was drawn, was glued onto it."""
    rows = "".join(f"{x},{'ab'[x % 2]}\n" for x in range(50))
    path = write(tmp_path, "typo.csv", "x,y\n" + rows + "4O,a\n")
    status, drawings = on_a_terminal(monkeypatch, "fit", path, "--target", "y")
    assert status == 0
    warned = next(k for k, text in enumerate(drawings) if "dtree: warning: " in text)
    assert drawings[warned - 1].startswith("dtree: reading ")  # the line drawn before it
    assert drawings[warned].startswith(cli.CLEAR_LINE[1:] + "dtree: warning: ")
    assert drawings[warned].endswith("without this warning\n")


def test_fit_draws_its_progress_on_a_terminal_and_erases_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, drawings = on_a_terminal(monkeypatch, "fit", "--dataset", "golf", "--algorithm", "c45")
    assert (status, capsys.readouterr().out) == (0, QUINLAN_GOLF)
    assert drawings[0].startswith("dtree: growing, ")
    assert "dtree: growing, 100%, " in drawings[-3]
    assert drawings[-2:] == [
        " " * len(drawings[-3].rstrip()),
        "",
    ]  # erased, the cursor back at the start


def test_evaluate_draws_fold_after_fold(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, drawings = on_a_terminal(monkeypatch, "evaluate", "--dataset", "iris", "--folds", "5")
    assert status == 0
    assert "mean error" in capsys.readouterr().out
    shown = drawings[:-2]
    assert [line.split(",")[0] for line in shown if "growing" not in line] == [
        f"dtree: fold {k}/5" for k in range(1, 6)
    ]
    percents = [int(line.split("%")[0].rsplit(" ", 1)[1]) for line in shown]
    assert percents == sorted(percents)
    assert percents[-1] == 100
    assert "elapsed, about " in shown[len(shown) // 2]  # an estimate of the time left


def test_prune_draws_the_full_tree_and_each_fold(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, drawings = on_a_terminal(monkeypatch, *argv, "--folds", "3")
    assert status == 0
    assert "<- chosen" in capsys.readouterr().out
    assert drawings[0].startswith("dtree: the full tree, growing, ")
    assert any(line.startswith("dtree: fold 3/3, pruning, ") for line in drawings)


def test_progress_is_silent_with_quiet_or_off_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for command in (["fit"], ["evaluate", "--folds", "3"]):
        argv = [*command, "--dataset", "iris", "--algorithm", "cart"]
        status, drawings = on_a_terminal(monkeypatch, *argv, "--quiet")
        assert (status, drawings) == (0, [])
        monkeypatch.undo()
        status, _, err = run(capsys, *argv)  # captured: standard error is no terminal
        assert (status, err) == (0, "")


def test_fit_draws_the_reading_of_its_file_before_the_growing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = write(tmp_path, "golf.csv", golf_csv())
    status, drawings = on_a_terminal(monkeypatch, "fit", path, "--target", "class")
    assert status == 0
    assert capsys.readouterr().out == text(id3(read_csv(path, target="class"))) + "\n"
    reading = [line for line in drawings if line.startswith(f"dtree: reading {path}, ")]
    assert reading[-1].startswith(f"dtree: reading {path}, 100%, ")
    assert drawings.index(reading[0]) == 0
    first_growing = next(i for i, line in enumerate(drawings) if "growing" in line)
    assert drawings.index(reading[-1]) < first_growing


def test_the_line_keeps_moving_while_no_report_arrives() -> None:
    stream = io.StringIO()
    line = Line(stream, "dtree", timer=itertools.count(0, 30).__next__, width=80)
    line(Progress(1, 4, "growing"))  # at 30 s; then no report for a minute and a half
    ticks = iter([False, False, False, True])  # three ticks, then the work is over
    cli._keep_moving(line.tick, lambda: next(ticks))
    assert stream.getvalue().split("\r")[1:] == [
        "dtree: growing, 25%, 0:30 elapsed, about 1:30 left",
        "dtree: growing, 25%, 1:00 elapsed, about 3:00 left",
        "dtree: growing, 25%, 1:30 elapsed, about 4:30 left",
        "dtree: growing, 25%, 2:00 elapsed, about 6:00 left",
    ]


def test_the_ticker_runs_in_a_thread_that_ends_with_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(cli, "Line", partial(Line, timer=itertools.count().__next__, width=80))
    monkeypatch.setattr(cli, "TICK", 3600.0)  # it waits for the line's end, not for a tick
    before = set(threading.enumerate())
    with cli._progress(argparse.Namespace(quiet=False)) as report:
        assert report is not None
        [ticker] = set(threading.enumerate()) - before
        assert ticker.daemon
        report(Progress(1, 2, "growing"))
    assert not ticker.is_alive()
    assert terminal.getvalue().split("\r")[1:] == [
        "dtree: growing, 50%, 0:01 elapsed, about 0:01 left",
        " " * 50,
        "",
    ]
    with cli._progress(argparse.Namespace()) as report:  # a command without --quiet: no line
        assert report is None


def test_a_numeric_column_with_a_typo_is_one_warning_in_the_options_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "typo.csv", "age,y\n31,a\n40,b\n4O,a\n52,b\n31,a\n")
    for command in (["fit"], ["evaluate", "--folds", "2"]):
        status, out, err = run(capsys, *command, path, "--target", "y")
        assert (status, err.count("dtree: warning:")) == (0, 1)
        assert out
        assert err == (
            f"dtree: warning: {path}, row 3, column 'age': read as nominal, though 4 of its 5"
            " present fields spell numbers: '4O' is the first that does not; --numeric age"
            " reads it as numbers (each field that spells none an error), --nominal age as"
            " nominal without this warning\n"
        )
    status, _, err = run(capsys, "fit", path, "--target", "y", "--nominal", "age")
    assert (status, err) == (0, "")
    status, _, err = run(capsys, "fit", path, "--target", "y", "--numeric", "age")
    assert (status, err) == (
        2,
        f"dtree: error: {path}, row 3, column 'age': '4O' is not a number\n",
    )


def test_fit_refuses_an_endless_device_at_once() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "/dev/zero", "--target", "y"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30)),
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "dtree: error: /dev/zero: a character device, not a file (a device such as /dev/zero or"
        " a terminal may never end): give a regular file, or pipe the data in\n"
    )


def test_fit_reads_data_piped_into_standard_input(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "/dev/stdin", "--target", "class"],
        input=golf_csv(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    golf = read_csv(write(tmp_path, "golf.csv", golf_csv()), target="class")
    assert result.stdout == text(id3(golf)) + "\n"


def test_the_classes_of_dnf_and_rules_output_are_quoted_as_in_the_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(
        capsys, "fit", "--dataset", "golf", "--algorithm", "c45", "--format", "dnf"
    )
    assert status == 0
    assert [line.split(": ")[0] for line in out.splitlines()] == ["Play", '"Don\'t Play"']
    path = write(tmp_path, "t.csv", "x,y\nu,a b\nv,a b\nw,c\n")
    model = str(tmp_path / "t.json")
    run(capsys, "fit", path, "--target", "y", "--format", "json", "--output", model)
    pruning = ("rules", model, path, "--prune", "pessimistic", "--target", "y")
    status, out, err = run(capsys, *pruning)
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == 'otherwise "a b"'


def test_evaluate_in_processes_prints_what_it_prints_in_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("evaluate", "--dataset", "iris", "--algorithm", "cart", "--folds", "5", "--seed", "3")
    alone = run(capsys, *argv)
    assert run(capsys, *argv, "--processes", "2") == alone
    assert alone[0] == 0
    status, out, err = run(capsys, *argv, "--processes", "0")
    assert (status, out) == (2, "")
    assert err == "dtree: error: --processes must be an integer >= 1, got 0\n"


class CountingPool(ThreadPoolExecutor):
    """A pool that records how many workers it was asked for (and runs them as threads)."""

    asked: ClassVar[list[int]] = []

    def __init__(self, max_workers: int) -> None:
        CountingPool.asked.append(max_workers)
        super().__init__(max_workers)


@pytest.mark.parametrize(
    ("argv", "tasks"),
    [
        (("evaluate", "--dataset", "golf", "--folds", "3"), 3),
        (("forest", "--dataset", "golf", "--trees", "4"), 4),
        (("fuzz", "--against", "sklearn", "--examples", "5"), 5),
    ],
)
@pytest.mark.parametrize("cores", [2, 64])
def test_processes_start_no_more_workers_than_tasks_or_cores(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    tasks: int,
    cores: int,
) -> None:
    """--processes 1000 started all 1000 workers at once, a fork bomb on any machine."""
    monkeypatch.setattr(cli, "ProcessPoolExecutor", CountingPool)
    monkeypatch.setattr(cli, "_cores", lambda: cores)
    CountingPool.asked.clear()
    status, out, err = run(capsys, *argv, "--processes", "1000")
    assert status == 0, err
    assert CountingPool.asked == [min(tasks, cores)]
    assert err == (
        f"dtree: warning: --processes 1000 is more than the {cores} cores this machine gives"
        f" dtree: using {min(tasks, cores)}\n"
    )
    assert (status, out, "") == run(capsys, *argv)


# -- model files of ensembles -------------------------------------------------------------------


def test_predict_reads_an_ensembles_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    forest = Ensemble(
        "average",
        (cart(golf), c45(golf), cart(golf, max_depth=1)),
        (1, 2, Fraction(1, 2)),
        golf.schema.classes,
    )
    model = write(tmp_path, "forest.json", ensemble_to_json(forest))
    data = write(tmp_path, "golf.csv", golf_csv())
    status, out, err = run(capsys, "predict", model, data)
    assert (status, err) == (0, "")
    assert out.splitlines() == ["prediction", *map(str, predict_many(forest, golf.examples()))]


def test_predict_reads_a_boosted_regressors_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = read_csv(write(tmp_path, "prices.csv", PRICES), target="price")
    boosted = Ensemble(
        "gradient", (cart(prices, max_depth=1), cart(prices)), (1, 1), (), 170.0, 0.5
    )
    model = write(tmp_path, "boosted.json", ensemble_to_json(boosted))
    status, out, err = run(capsys, "predict", model, str(tmp_path / "prices.csv"))
    assert (status, err) == (0, "")
    expected = predict_many(boosted, prices.examples())
    assert [float(cell) for cell in out.splitlines()[1:]] == list(expected)


@pytest.mark.parametrize("command", [["rules"], ["dnf", "--label", "Play"]])
def test_rules_and_dnf_refuse_an_ensembles_model_file_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    golf = load("golf")
    forest = Ensemble("vote", (cart(golf), c45(golf)), (1, 1), golf.schema.classes)
    model = write(tmp_path, "forest.json", ensemble_to_json(forest))
    status, out, err = run(capsys, command[0], model, *command[1:])
    assert (status, out) == (2, "")
    assert err == (
        f"dtree: error: {model}: dtree {command[0]} reads the model file of one tree, and this"
        " one holds an ensemble of 2 trees (dtree predict reads it)\n"
    )


def test_predict_names_the_member_of_a_malformed_ensemble_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    text_ = ensemble_to_json(Ensemble("samme", (cart(golf),), (Fraction(3),), golf.schema.classes))
    model = write(tmp_path, "boosted.json", text_.replace('"weight": "3/1"', '"weight": "1/3"'))
    status, out, err = run(capsys, "predict", model, write(tmp_path, "golf.csv", golf_csv()))
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {model}: $.members[0]: a SAMME member's odds")


# -- forest and boost ---------------------------------------------------------------------------


def test_forest_prints_its_out_of_bag_error_and_writes_its_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    iris = load("iris")
    model = str(tmp_path / "forest.json")
    status, out, err = run(capsys, "forest", "--dataset", "iris", "--trees", "7", "--seed", "3",
                           "--model", model)  # fmt: skip
    assert (status, err) == (0, "")
    bagged = bag(iris, evolve(CART, max_features="sqrt"), n_trees=7, seed=3)
    assert Path(model).read_text(encoding="utf-8") == ensemble_to_json(bagged.ensemble) + "\n"
    lines = out.splitlines()
    assert lines[0] == (
        "random forest: 7 CART trees (2 of 4 attributes at a node), averaged, seed 3, 150 rows"
    )
    assert lines[2].startswith(f"out-of-bag error {format_weight(oob_error(bagged, iris))} over")
    training = error(bagged.ensemble, iris)
    assert lines[3] == (
        f"training error {format_weight(training)} (accuracy {format_weight(1 - training)})"
    )
    importance = impurity_importance(bagged.ensemble)
    assert lines[5].split() == ["attribute", "impurity", "importance"]
    table = dict(line.split() for line in lines[6:])
    assert table == {name: format_weight(value) for name, value in importance.items()}


def test_forest_of_every_attribute_is_bagging_and_can_vote(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    model = str(tmp_path / "bagged.json")
    argv = ["--dataset", "golf", "--trees", "5", "--max-features", "all", "--vote"]
    status, out, _ = run(capsys, "forest", *argv, "--model", model, "--max-depth", "2")
    assert status == 0
    assert out.startswith("bagged trees: 5 CART trees (every attribute at a node), voting,")
    bagged = bag(golf, evolve(CART, max_depth=2), n_trees=5, combination="vote")
    assert ensemble_from_json(Path(model).read_text(encoding="utf-8")) == bagged.ensemble


def test_forest_of_a_numeric_target_is_a_regression_forest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = write(tmp_path, "prices.csv", PRICES)
    model = str(tmp_path / "forest.json")
    status, out, _ = run(capsys, "forest", prices, "--target", "price", "--trees", "4",
                         "--model", model, "--members")  # fmt: skip
    assert status == 0
    data = read_csv(prices, target="price")
    learner = evolve(CART, impurity="squared_error", max_features="sqrt")
    forest = bag(data, learner, n_trees=4).ensemble
    assert "out-of-bag mean squared error " in out
    assert out.endswith(text(forest) + "\n")
    status, out, _ = run(capsys, "predict", model, prices)
    assert [float(cell) for cell in out.splitlines()[1:]] == list(
        predict_many(forest, data.examples())
    )


def test_forest_grows_the_same_forest_in_processes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["forest", "--dataset", "golf", "--trees", "4"]
    one = run(capsys, *argv, "--model", str(tmp_path / "one.json"))
    two = run(capsys, *argv, "--model", str(tmp_path / "two.json"), "--processes", "2")
    assert one == two
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()


def test_boost_runs_adaboost_for_classes_and_writes_its_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    model = str(tmp_path / "boosted.json")
    status, out, err = run(capsys, "boost", "--dataset", "golf", "--rounds", "4", "--model", model)
    assert (status, err) == (0, "")
    boosted = adaboost(golf, n_rounds=4)
    assert Path(model).read_text(encoding="utf-8") == ensemble_to_json(boosted) + "\n"
    assert out.startswith(
        f"AdaBoost (SAMME): {len(boosted)} trees of depth at most 1 (4 rounds at most),"
        " learning rate 1, 14 rows\n"
    )
    assert f"training error {format_weight(error(boosted, golf))} " in out


def test_boost_holds_out_a_share_and_reports_its_error(capsys: pytest.CaptureFixture[str]) -> None:
    iris = load("iris")
    argv = ["boost", "--dataset", "iris", "--rounds", "5", "--max-depth", "2", "--holdout", "0.3"]
    status, out, _ = run(capsys, *argv, "--seed", "4", "--learning-rate", "0.5")
    assert status == 0
    train, test = train_test_split(iris, 0.3, seed=4, stratify=True)
    boosted = adaboost(train, n_rounds=5, learner=evolve(STUMP, max_depth=2), learning_rate=0.5)
    held = error(boosted, test)
    assert (
        f"held-out error {format_weight(held)} (accuracy {format_weight(1 - held)}) on the"
        f" {len(test)} rows held out (seed 4)"
    ) in out.splitlines()


def test_boost_runs_gradient_boosting_for_a_numeric_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = write(tmp_path, "prices.csv", PRICES)
    model = str(tmp_path / "boosted.json")
    argv = ["--target", "price", "--stages", "6", "--learning-rate", "0.5", "--subsample", "0.5"]
    status, out, _ = run(capsys, "boost", prices, *argv, "--seed", "2", "--model", model)
    assert status == 0
    data = read_csv(prices, target="price")
    boosted = gradient_boost(data, n_stages=6, learning_rate=0.5, subsample=0.5, seed=2)
    assert ensemble_from_json(Path(model).read_text(encoding="utf-8")) == boosted
    assert out.startswith(
        "gradient boosting (squared error): 6 trees of depth at most 3, learning rate 0.5,"
        " subsample 0.5, seed 2, 5 rows\n"
    )
    assert f"training mean squared error {format_weight(error(boosted, data))}" in out


def test_boost_of_two_classes_by_gradient_boosting_is_log_loss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["boost", "--dataset", "golf", "--method", "gradient", "--stages", "3"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert out.startswith("gradient boosting (log-loss): 3 trees of depth at most 3,")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["forest", "--dataset", "golf", "--trees", "0"],
            "--trees must be an integer in 1..10,000",
        ),
        # a billion members were grown and kept, until the memory ran out
        (
            ["forest", "--dataset", "golf", "--trees", "1000000000"],
            "--trees must be an integer in 1..10,000, got 1000000000",
        ),
        (
            ["boost", "--dataset", "golf", "--rounds", "1000000000"],
            "--rounds must be an integer in 1..10,000, got 1000000000",
        ),
        (
            ["boost", "--dataset", "golf", "--method", "gradient", "--stages", "1000000000"],
            "--stages must be an integer in 1..10,000, got 1000000000",
        ),
        (["forest", "--dataset", "golf", "--max-features", "9"], "--max-features 9 attributes"),
        (["forest", "--dataset", "golf", "--processes", "0"], "--processes must be an integer"),
        (["boost", "--dataset", "golf", "--stages", "3"], "--stages applies to --method gradient"),
        (
            ["boost", "--dataset", "golf", "--method", "gradient", "--rounds", "3"],
            "--rounds applies to --method adaboost only",
        ),
        (
            ["boost", "--dataset", "iris", "--method", "gradient"],
            "--method gradient boosts a numeric target or two classes, and the target 'species'"
            " has 3: use --method adaboost",
        ),
        (
            ["boost", "--dataset", "golf", "--method", "gradient", "--subsample", "2"],
            "--subsample must be",
        ),
        (["boost", "--dataset", "golf", "--learning-rate", "-1"], "--learning-rate must be"),
        (["boost", "--dataset", "golf", "--holdout", "1.5"], "--holdout is a share"),
    ],
)
def test_forest_and_boost_refuse_bad_options_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_boost_adaboost_refuses_a_numeric_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = write(tmp_path, "prices.csv", PRICES)
    status, _, err = run(capsys, "boost", prices, "--target", "price", "--method", "adaboost")
    assert status == 2
    assert err == (
        "dtree: error: --method adaboost classifies, and the target 'price' is numeric:"
        " use --method gradient\n"
    )


def test_forest_and_boost_draw_their_progress_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, drawings = on_a_terminal(monkeypatch, "forest", "--dataset", "golf", "--trees", "3")
    assert status == 0
    assert any("tree 3/3" in line for line in drawings)
    assert drawings[-1] == ""  # erased
    monkeypatch.undo()
    status, drawings = on_a_terminal(monkeypatch, "boost", "--dataset", "golf", "--rounds", "3")
    assert status == 0
    assert len(drawings) > 2
    capsys.readouterr()


@pytest.mark.parametrize("method", ["adaboost", "gradient"])
def test_boost_takes_the_missing_policy_its_refusal_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str
) -> None:
    rows = "x,c\n" + "".join(f"{'?' if i % 5 == 0 else i},{'ab'[i % 3 == 0]}\n" for i in range(30))
    path = write(tmp_path, "gaps.csv", rows)
    argv = ["boost", path, "--target", "c", "--method", method]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "(--missing on the command line)" in err
    status, out, _ = run(capsys, *argv, "--missing", "impute")
    assert status == 0
    data = read_csv(path, target="c")
    if method == "adaboost":
        model = adaboost(data, learner=evolve(STUMP, missing="impute"))
    else:
        model = gradient_boost(data, missing="impute")
    assert f"training error {format_weight(error(model, data))}" in out


def test_forest_measures_importance_by_its_own_criterion(
    capsys: pytest.CaptureFixture[str],
) -> None:
    iris = load("iris")
    argv = ["forest", "--dataset", "iris", "--trees", "5", "--criterion", "entropy"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    bagged = bag(iris, evolve(CART, impurity="entropy", max_features="sqrt"), n_trees=5)
    gains = impurity_importance(bagged.ensemble, impurity=entropy)
    assert gains != impurity_importance(bagged.ensemble)  # Gini's would be another table
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("attribute"))
    table = dict(line.split() for line in lines[header + 1 :])
    assert table == {name: format_weight(value) for name, value in gains.items()}


@pytest.mark.parametrize("value", ["0", "1.5", "-2"])
def test_forest_refuses_max_features_in_the_command_lines_words(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    status, out, err = run(capsys, "forest", "--dataset", "golf", "--max-features", value)
    assert (status, out) == (2, "")
    assert err == (
        "dtree: error: --max-features must be sqrt, log2, all, a count >= 1 or a share in"
        f" (0, 1], got {value}\n"
    )


def test_forest_says_its_out_of_bag_error_counts_rows_not_weights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = tmp_path / "weighted.csv"
    rows = [f"{x},{'ab'[x % 3 == 0]},{1 + x % 4}" for x in range(30)]
    data.write_text("x,y,w\n" + "\n".join(rows) + "\n", encoding="utf-8")
    argv = ["--target", "y", "--trees", "5", "--quiet"]
    status, out, _ = run(capsys, "forest", str(data), *argv, "--weights", "w")
    assert status == 0
    assert out.splitlines()[2].endswith(", each counted once whatever its weight")
    status, out, _ = run(capsys, "forest", str(data), *argv)
    assert out.splitlines()[2].endswith("out of some tree's sample")


# --- fit --algorithm optimal ------------------------------------------------------------


def test_fit_optimal_prints_the_least_error_tree_of_a_depth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "fit", "--dataset", "play-tennis", "--algorithm", "optimal", "--max-depth", "2"
    )
    assert (status, err) == (0, "")
    assert out == text(optimal.least_error(load("play-tennis"), 2)) + "\n"
    assert "Humidity in {High} [No: 4, Yes: 1]: No" in out


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--max-errors", "2"], lambda d: optimal.smallest(d, max_errors=2)),
        (["--max-errors", "0", "--max-depth", "3"], lambda d: optimal.smallest(d, max_depth=3)),
        (["--alpha", "0.05"], lambda d: optimal.penalized(d, Fraction(1, 20))),
        (
            ["--max-depth", "2", "--max-leaf-nodes", "2"],
            lambda d: optimal.least_error(d, 2, max_leaves=2),
        ),
    ],
)
def test_fit_optimal_takes_each_objective(
    capsys: pytest.CaptureFixture[str], options: list[str], expected: Callable[[Dataset], Tree]
) -> None:
    status, out, _ = run(
        capsys, "fit", "--dataset", "play-tennis", "--algorithm", "optimal", *options
    )
    assert status == 0
    assert out == text(expected(load("play-tennis"))) + "\n"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ([], "--algorithm optimal needs --max-depth, --max-errors or --alpha"),
        (["--max-errors", "1", "--alpha", "0.1"], "two objectives; give one"),
        (["--alpha", "0.1", "--max-leaf-nodes", "3"], "--max-leaf-nodes bounds the least-error"),
        (["--max-depth", "3", "--budget", "3"], "--budget 3 spent before the exact search"),
        (["--max-depth", "2", "--missing", "impute"], "--missing applies to id3 and c45 and cart"),
        (["--max-depth", "-1"], "--max-depth must be an integer >= 0"),
        (["--alpha", "-1"], "--alpha must be a finite number >= 0"),
        (["--max-depth", "2", "--max-leaf-nodes", "0"], "--max-leaf-nodes must be an integer >= 1"),
        (["--max-errors", "-2"], "--max-errors must be a finite number >= 0"),
        (["--max-errors", "0"], "no tree has at most 0 training errors; the least is 1"),
        (["--max-errors", "1", "--max-depth", "-1"], "--max-depth must be an integer >= 0"),
    ],
)
def test_fit_optimal_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], message: str
) -> None:
    clash = write(tmp_path, "clash.csv", "x,c\nu,p\nu,q\nv,p\n")
    data = (
        ["--dataset", "play-tennis"] if "--max-errors" not in options else [clash, "--target", "c"]
    )
    status, out, err = run(capsys, "fit", *data, "--algorithm", "optimal", *options)
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_a_spent_budget_says_what_to_do_in_the_options_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One subproblem, a stump over 2,000 thresholds, is more work than --budget 1000."""
    rows = "".join(f"{i},{'ab'[i // 3 % 2]}\n" for i in range(2000))
    data = write(tmp_path, "long.csv", "x,y\n" + rows)
    options = ["fit", data, "--target", "y", "--algorithm", "optimal", "--max-depth", "1"]
    status, out, err = run(capsys, *options, "--budget", "1000")
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: --budget 1,000 spent before the exact search was done")
    assert "give a smaller --max-depth" in err
    assert "or a larger --budget" in err
    assert "max_depth" not in err
    assert "budget=" not in err
    assert len(err.splitlines()) == 1
    status, out, _ = run(capsys, *options, "--budget", "10000")
    assert status == 0
    assert out.startswith("root")


def test_an_objective_of_optimal_given_to_a_greedy_learner_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(
        capsys, "fit", "--dataset", "golf", "--algorithm", "cart", "--alpha", "0.1"
    )
    assert status == 2
    assert err == "dtree: error: --alpha applies to optimal only\n"


def test_fit_optimal_places_a_missing_value_in_its_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = write(tmp_path, "gap.csv", "x,y,c\n1,a,p\n,b,q\n3,a,p\n")
    status, _, err = run(
        capsys, "fit", data, "--target", "c", "--algorithm", "optimal", "--max-depth", "1"
    )
    assert status == 2
    assert err.startswith(f"dtree: error: {data}, row 2, column 'x': exact search needs complete")
