"""``dtree fit`` and ``dtree evaluate`` (:mod:`dtree.cli.learning`): the learners and their
options, the formats, cross-validation and the exact search."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from helpers import PRICES_CSV, QUINLAN_GOLF, golf_csv, run, write

from dtree import optimal
from dtree.arff import read_arff
from dtree.cli import main
from dtree.cli.learning import FORMATS
from dtree.conformance import j48_text, read_j48, run_j48
from dtree.conformance.learners import c45_program
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.dnf import dnf_of, format_dnf
from dtree.ensemble import predict
from dtree.estimators import TreeClassifier
from dtree.evaluate import cross_validate, f_beta, precision, recall
from dtree.grower.presets import c45, cart, id3
from dtree.load import read_csv
from dtree.prune import pessimistic
from dtree.render import dot, format_weight, python, rules, text
from dtree.serialize import from_json, to_json
from dtree.tree import Tree, n_leaves

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


LEARNERS: dict[str, Callable[..., Tree]] = {"id3": id3, "c45": c45_program, "cart": cart}
"""What each --algorithm runs: c45 prunes the tree it grows."""


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
    path = write(tmp_path, "prices.csv", PRICES_CSV)
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


def test_an_inapplicable_option_is_refused_before_the_file_is_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "fit", "absent.csv", "--target", "y", "--min-samples-leaf", "1")
    assert (status, out) == (2, "")
    assert err == "dtree: error: --min-samples-leaf applies to cart only\n"


def test_a_regression_target_is_refused_where_classes_are_needed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "prices.csv", PRICES_CSV)
    for argv, message in [
        ((), "target 'price' is numeric"),
        (("--algorithm", "c45"), "target 'price' is numeric"),
        (("--algorithm", "cart", "--significance", "0.05"), "the significance test needs classes"),
    ]:
        status, out, err = run(capsys, "fit", path, "--target", "price", *argv)
        assert (status, out) == (2, "")
        assert err.startswith("dtree: error: ")
        assert message in err


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
    path = write(tmp_path, "prices.csv", PRICES_CSV)
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


def test_a_tree_too_deep_for_python_is_an_error_and_json_still_works(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("dtree.python_source.MAX_PYTHON_DEPTH", 1)
    status, out, err = run(capsys, "fit", "--dataset", "xor", "--format", "python")
    assert (status, out) == (2, "")
    assert err == (
        "dtree: error: the tree is 2 splits deep, and Python source is written for trees at"
        " most 1 deep: write a JSON model file instead\n"
    )
    status, out, _ = run(capsys, "fit", "--dataset", "xor", "--format", "json")
    assert status == 0
    assert from_json(out) == id3(load("xor"))


def test_fit_writes_the_rules_view(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "fit", "--dataset", "golf", "--algorithm", "c45", "--format", "rules"
    )
    assert status == 0
    assert err == ""
    assert out == rules(c45(load("golf"))) + "\n"
    assert out.splitlines()[3] == "if outlook = sunny and humidity <= 75 then Play  [2, 100%]"


def test_fit_writes_each_class_as_a_dnf(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fit", "--dataset", "xor", "--format", "dnf")
    assert (status, err) == (0, "")
    assert out.splitlines() == ["0: ~Z1 & ~Z2 | Z1 & Z2", "1: ~Z1 & Z2 | Z1 & ~Z2"]


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
