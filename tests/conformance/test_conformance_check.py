"""dtree.conformance.check and the commands ``dtree check`` and ``dtree fuzz``.

The peers run for real: scikit-learn in this process, J48 and rpart through
the ``weka_jar`` and ``rscript`` fixtures (a failure, not a skip, in CI).
Exit status: 0 when the trees agree, 1 when they part, 2 on bad input.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sklearn import datasets as sklearn_datasets
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree.cli import main
from dtree.conformance import from_sklearn, j48_reading, j48_text, read_j48, run_j48, run_rpart
from dtree.conformance.check import Peer, check, j48_options, their_reading, their_tree
from dtree.conformance.learners import learner_for
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.ensemble import predict_many
from dtree.errors import DtreeError
from dtree.grower.presets import c45


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_scikit_learn_on_iris_ties_at_the_root_and_agrees_below() -> None:
    result = check(load("iris"), "sklearn")
    assert result.agrees
    assert result.counts["tie"] >= 1
    assert result.counts["real"] == 0
    assert result.nodes[0].verdict == "tie"


def test_settings_that_the_peer_and_dtree_share_give_the_same_tree() -> None:
    result = check(load("iris"), "sklearn", max_depth=2, criterion="entropy")
    assert result.agrees
    assert result.counts["stopped"] == 0


def test_a_setting_without_counterpart_is_refused_before_the_peer_runs() -> None:
    with pytest.raises(DtreeError, match="splitter='random' draws at random"):
        check(load("iris"), "sklearn", splitter="random")
    with pytest.raises(DtreeError, match="unknown system"):
        their_tree("weka", load("iris"))


def test_j48_options_are_its_letters() -> None:
    assert j48_options({"C": 0.25, "U": True, "S": False}) == ["-C", "0.25", "-U"]


def test_a_peer_is_a_value() -> None:
    assert Peer("sklearn", (("max_depth", 1),)) == Peer("sklearn", (("max_depth", 1),))


def test_dtree_check_against_scikit_learn(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "--dataset", "iris", "--against", "sklearn")
    assert status == 0, err
    assert "real disagreement          0" in out
    assert "first tie, at the root" in out


def test_dtree_check_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("check", "--dataset", "iris", "--against", "sklearn", "--param", "max_depth=2")
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 0
    report = json.loads(out)
    assert report["agrees"] is True
    assert report["rows"] == 150


def test_dtree_check_against_j48(capsys: pytest.CaptureFixture[str], weka_jar: Path) -> None:
    for options in ((), ("--param", "U=true"), ("--param", "C=0.1", "--param", "M=5")):
        status, out, err = run(capsys, "check", "--dataset", "golf", "--against", "j48", *options)
        assert status == 0, out + err
        assert "no real disagreement" in out


def test_dtree_check_against_rpart(capsys: pytest.CaptureFixture[str], rscript: str) -> None:
    argv = ("check", "--dataset", "iris", "--against", "rpart", "--param", "cp=0")
    status, out, err = run(capsys, *argv)
    assert status == 0, out + err
    assert "no real disagreement" in out


def test_a_tree_made_elsewhere_is_compared(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, weka_jar: Path
) -> None:
    printed = tmp_path / "j48.txt"
    printed.write_text(run_j48(load("golf")), encoding="utf-8")
    argv = ("check", "--dataset", "golf", "--against", "j48", "--tree", str(printed))
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert out.startswith("same                       8\n")


def test_a_tree_that_parts_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, weka_jar: Path
) -> None:
    """J48's tree of golf, given as if it came from a J48 asked for leaves of 5 or more."""
    printed = tmp_path / "j48.txt"
    printed.write_text(run_j48(load("golf"), ["-U"]), encoding="utf-8")
    argv = ("check", "--dataset", "golf", "--against", "j48", "--tree", str(printed))
    status, out, err = run(capsys, *argv, "--param", "U=true", "--param", "M=5")
    assert status == 1, out + err
    assert "first one side stopped" in out or "first real disagreement" in out


def test_a_truncated_j48_text_is_one_error_naming_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, weka_jar: Path
) -> None:
    text = run_j48(load("golf"))
    printed = tmp_path / "cut.txt"
    printed.write_text(text[: len(text) // 2], encoding="utf-8")
    argv = ("check", "--dataset", "golf", "--against", "j48", "--tree", str(printed))
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith(f"dtree: error: {printed}")
    assert err.count("\n") == 1


def test_an_rpart_frame_with_an_unknown_variable_is_one_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rscript: str
) -> None:
    frame, splits = run_rpart(load("iris"))
    (tmp_path / "frame.csv").write_text(frame.replace("petal_length", "stem_length"))
    (tmp_path / "splits.csv").write_text(splits.replace("petal_length", "stem_length"))
    argv = ("check", "--dataset", "iris", "--against", "rpart", "--tree")
    status, out, err = run(
        capsys, *argv, str(tmp_path / "frame.csv"), "--splits", str(tmp_path / "splits.csv")
    )
    assert status == 2
    assert out == ""
    assert "frame.csv" in err or "splits.csv" in err
    assert "stem_length" in err
    assert err.count("\n") == 1


# -- a tree made elsewhere whose own counts the data contradict: findings, exit 1 ---------------

GOLF_MOVED = j48_text(c45(load("golf"))).replace("75", "85")
"""J48's tree of golf as J48 prints it, with humidity's threshold moved from 75 to 85 and its
leaves' counts left as they were."""

KYPHOSIS_ROOT = """node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,absent,present
1,<leaf>,81,81,17,1,0.01,0,0,64,17
"""
"""rpart's frame of a tree that is its root, on 81 rows of which 17 are present (kyphosis's
counts), written as RPART_EXPORT writes it; its splits are none."""


def kyphosis_root(folder: Path, n: int) -> list[str]:
    """The data, frame (its n replaced) and splits of KYPHOSIS_ROOT as files in ``folder``, as
    the arguments of dtree check; no split of the data gains (every Start is 1)."""
    rows = ["absent"] * 64 + ["present"] * 17
    (folder / "k.csv").write_text("Start,Kyphosis\n" + "".join(f"1,{y}\n" for y in rows))
    (folder / "frame.csv").write_text(KYPHOSIS_ROOT.replace("<leaf>,81", f"<leaf>,{n}"))
    (folder / "splits.csv").write_text("var,count,ncat,improve,index,adj,csplit\n")
    data, frame, splits = (str(folder / name) for name in ("k.csv", "frame.csv", "splits.csv"))
    peer = ["--against", "rpart", "--tree", frame, "--splits", splits]
    return ["check", data, "--target", "Kyphosis", *peer]


def test_an_rpart_frame_whose_n_the_data_contradict_is_a_finding_with_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, *kyphosis_root(tmp_path, 81))
    assert (status, err) == (0, "")
    status, out, err = run(capsys, *kyphosis_root(tmp_path, -81))
    assert (status, err) == (1, "")
    assert "1 finding: the peer's claims that the data contradict\n" in out
    frame = tmp_path / "frame.csv"
    assert f"  {frame}, row 1: node 1: rpart's n is -81, the data give 81 (at the root)\n" in out
    status, out, err = run(capsys, *kyphosis_root(tmp_path, -81), "--json")
    report = json.loads(out)
    assert (status, report["agrees"]) == (1, False)
    assert report["findings"] == [
        {
            "node": f"{frame}, row 1: node 1",
            "path": [],
            "what": "rpart's n",
            "theirs": -81,
            "ours": 81,
        }
    ]


def test_a_j48_tree_with_a_threshold_moved_is_a_finding_with_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    printed = tmp_path / "golf.j48"
    printed.write_text(GOLF_MOVED, encoding="utf-8")
    argv = ("check", "--dataset", "golf", "--against", "j48", "--tree", str(printed))
    status, out, err = run(capsys, *argv)
    assert (status, err) == (1, "")
    assert "2 findings: the peer's claims that the data contradict\n" in out
    assert (
        f"  {printed}:6: J48's (N/E) is (2.0, 0.0), the data give (3, 1)"
        " (at outlook = sunny / humidity <= 85)\n"
    ) in out
    assert f"  {printed}:7: J48's (N/E) is (3.0, 0.0), the data give (2, 0)" in out


def test_a_j48_tree_as_j48_prints_it_has_no_finding(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    printed = tmp_path / "golf.j48"
    printed.write_text(j48_text(c45(load("golf"))), encoding="utf-8")
    argv = ("check", "--dataset", "golf", "--against", "j48", "--tree", str(printed))
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert "finding" not in out


def test_the_findings_reach_the_comparison_through_the_python_api() -> None:
    golf = load("golf")
    reading = j48_reading(GOLF_MOVED, golf, file="golf.j48")
    result = check(golf, "j48", theirs=reading)
    assert result.agrees is False
    assert result.findings == reading.findings
    assert [(f.node, f.theirs, f.ours) for f in result.findings] == [
        ("golf.j48:6", (2.0, 0.0), (3, 1)),
        ("golf.j48:7", (3.0, 0.0), (2, 0)),
    ]
    assert check(golf, "j48", theirs=reading.tree).findings == ()  # a tree alone claims nothing
    with pytest.raises(DtreeError, match=r"^golf\.j48:6: J48's \(N/E\) is \(2\.0, 0\.0\)"):
        read_j48(GOLF_MOVED, golf, file="golf.j48")


def test_a_peer_run_here_brings_its_findings_none_when_it_fits_the_data() -> None:
    reading = their_reading("sklearn", load("iris"), max_depth=2)
    assert reading.findings == ()
    assert check(load("iris"), "sklearn", max_depth=2).findings == ()


def test_check_with_a_setting_drawn_at_random_reports_admissibility_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "check", "--dataset", "iris", "--against", "sklearn", "--param", "splitter=random"
    )
    assert status == 0
    assert out.startswith("admissibility only (splitter='random', which dtree cannot replay)")
    assert out.rstrip().endswith("admissible")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--param", "splitter=zigzag"), "splitter"),
        (("--param", "splitter=random", "--tree", "x.txt"), "drop --tree"),
        (("--param", "max_depth=2", "--param", "max_depth=3"), "given twice"),
        (("--format", "j48"), "--format goes with --tree"),
        (("--tree", "x.txt", "--format", "rpart"), "needs --splits"),
    ],
)
def test_bad_check_arguments_are_one_error(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, "check", "--dataset", "iris", "--against", "sklearn", *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_a_scikit_learn_tree_cannot_come_from_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("check", "--dataset", "iris", "--against", "sklearn", "--tree", "model.pkl")
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "a scikit-learn tree lives in Python" in err


def test_dtree_fuzz_against_scikit_learn(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("fuzz", "--against", "sklearn", "--examples", "30", "--seed", "2")
    status, out, err = run(capsys, *argv)
    assert status == 0, out + err
    assert out == "no disagreement in 30 datasets (seed 2)\n"


def test_dtree_fuzz_finds_a_setting_dtree_reads_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With exact ties, scikit-learn's random order of the attributes parts from dtree's
    first-attribute rule on some small dataset, which fuzz shrinks and prints."""
    argv = ("fuzz", "--against", "sklearn", "--examples", "200", "--seed", "0", "--exact-ties")
    status, out, _ = run(capsys, *argv)
    assert status == 1
    assert "a dataset of" in out
    assert "first tie, at" in out


def sklearn_bundled(name: str) -> Dataset:
    """One of scikit-learn's bundled datasets as a dtree dataset: its features as numeric
    attributes (names with spaces joined by _), its target names as classes, or its target
    as a number."""
    bunch = getattr(sklearn_datasets, f"load_{name}")()
    names = [str(feature).replace(" ", "_") for feature in bunch.feature_names]
    columns: dict[str, list[float] | list[str]] = {
        feature: [float(v) for v in bunch.data[:, j]] for j, feature in enumerate(names)
    }
    if "target_names" not in bunch:
        columns["target"] = [float(y) for y in bunch.target]
        return Dataset.from_columns(columns, target="target")
    classes = [str(label) for label in bunch.target_names]
    columns["target"] = [classes[k] for k in bunch.target]
    return Dataset.from_columns(columns, target="target", classes=classes)


@pytest.mark.parametrize("name", ["iris", "wine", "breast_cancer", "digits", "diabetes"])
@pytest.mark.parametrize("max_depth", [None, 3])
def test_scikit_learns_bundled_datasets_show_no_real_disagreement(
    name: str, max_depth: int | None
) -> None:
    data = sklearn_bundled(name)
    criteria = ["gini", "entropy"] if data.schema.is_classification else ["squared_error"]
    for criterion in criteria:
        settings = (
            {"criterion": criterion}
            if max_depth is None
            else {"criterion": criterion, "max_depth": max_depth}
        )
        result = check(data, "sklearn", **settings)
        assert result.counts["real"] == 0, result.text()
        assert result.agrees, result.text()
        assert result.counts["same"] > result.counts["tie"]


def test_a_nominal_attribute_against_scikit_learn_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "colours.csv"
    path.write_text("colour,y\nred,a\nblue,b\n", encoding="utf-8")
    status, out, err = run(capsys, "check", str(path), "--target", "y", "--against", "sklearn")
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {path}, column 'colour': scikit-learn takes numeric")
    assert err.count("\n") == 1


def test_an_error_in_the_peer_output_keeps_its_own_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an error reading the peer's output (here rpart's frame) is not placed in the data file
    def failing(*args: object, **kwargs: object) -> None:
        raise DtreeError("node 1: the tree was not fit on these data", file="rpart's frame", row=1)

    monkeypatch.setattr("dtree.cli.conformance.check", failing)
    path = tmp_path / "two.csv"
    path.write_text("x,y\n1,a\n2,b\n", encoding="utf-8")
    status, _, err = run(capsys, "check", str(path), "--target", "y", "--against", "sklearn")
    assert status == 2
    assert err == "dtree: error: rpart's frame, row 1: node 1: the tree was not fit on these data\n"


def test_dtree_fuzz_against_j48_declares_two_classes_at_least(
    capsys: pytest.CaptureFixture[str], weka_jar: Path
) -> None:
    # J48 refuses a class of one value ("Cannot handle unary class!"), which fuzz reported as
    # a dataset of one row on which the trees part
    argv = ("fuzz", "--against", "j48", "--examples", "15", "--seed", "0")
    status, out, err = run(capsys, *argv)
    assert status == 0, out + err
    assert out == "no disagreement in 15 datasets (seed 0)\n"


def test_dtree_fuzz_against_rpart_declares_two_classes_at_least(
    capsys: pytest.CaptureFixture[str], rscript: str
) -> None:
    # rpart's class method fails on a class of one value ("number of rows of matrices must
    # match"), which fuzz reported as a dataset of two rows on which the trees part
    argv = ("fuzz", "--against", "rpart", "--examples", "3", "--seed", "0")
    status, out, err = run(capsys, *argv)
    assert status == 0, out + err
    assert out == "no disagreement in 3 datasets (seed 0)\n"


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--examples", "0", "--examples must be an integer in 1..100,000, got 0"),
        ("--examples", "1000000000", "--examples must be an integer in 1..100,000, got 1000000000"),
        ("--campaigns", "0", "--campaigns must be an integer in 1..100 (--examples), got 0"),
        ("--campaigns", "101", "--campaigns must be an integer in 1..100 (--examples), got 101"),
        ("--processes", "0", "--processes must be an integer >= 1, got 0"),
    ],
)
def test_dtree_fuzz_bounds_its_counts_alike(
    capsys: pytest.CaptureFixture[str], option: str, value: str, message: str
) -> None:
    """--examples 1000000000 was accepted, and --campaigns 0 read silently as 1."""
    status, out, err = run(capsys, "fuzz", "--against", "sklearn", option, value)
    assert (status, out, err) == (2, "", f"dtree: error: {message}\n")


def test_dtree_fuzz_with_regression_settings_says_it_draws_classes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # it said "the dataset is a classification one", of datasets the user never gave
    argv = ("fuzz", "--against", "sklearn", "--param", "criterion=squared_error")
    status, out, err = run(capsys, *argv, "--examples", "5")
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: dtree fuzz draws classification datasets;")
    assert "regression_datasets" in err
    assert err.count("\n") == 1


def test_dtree_fuzz_runs_one_search_per_process_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--processes 2 alone splits the examples into two searches, the result of
    --campaigns 2 run serially."""
    argv = ("fuzz", "--against", "sklearn", "--examples", "10", "--seed", "1", "--exact-ties")
    pooled = run(capsys, *argv, "--processes", "2")
    serial = run(capsys, *argv, "--campaigns", "2")
    assert pooled == serial
    assert pooled != run(capsys, *argv)  # one search of 10 finds another counterexample


def test_dtree_fuzz_without_hypothesis_says_which_extra_to_install() -> None:
    probe = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "from dtree.cli import main\n"
        "sys.exit(main(['fuzz', '--against', 'sklearn', '--examples', '1']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(
        "dtree: error: dtree.conformance.fuzz needs hypothesis: install the strategies extra"
    )
    assert result.stderr.count("\n") == 1


# -- missing values: scikit-learn's learned branch --------------------------------------------


def _with_missing(seed: int, *, regression: bool, weighted: bool, n: int = 80) -> Dataset:
    """Three numeric columns, about one value in five missing, a target that follows x0 and
    x1 with noise; integer weights 1..3 if ``weighted``."""
    rng = random.Random(seed)
    columns: dict[str, list[float | None]] = {
        f"x{j}": [None if rng.random() < 0.2 else round(rng.random(), 4) for _ in range(n)]
        for j in range(3)
    }
    signal = [
        (x0 if x0 is not None else 0.7) + 2 * (x1 if x1 is not None else 0.2) + rng.random()
        for x0, x1 in zip(columns["x0"], columns["x1"], strict=True)
    ]
    y: list[Value] = (
        [round(s, 3) for s in signal]
        if regression
        else ["a" if s < 1.4 else "b" if s < 2.2 else "c" for s in signal]
    )
    weights = [rng.randint(1, 3) for _ in range(n)] if weighted else None
    table: dict[str, Sequence[Value]] = {**columns, "y": y}
    return Dataset.from_columns(table, target="y", weights=weights)


def _nan_matrix(data: Dataset, rows: Sequence[int]) -> Any:
    return np.array(
        [[math.nan if (v := c[r]) is None else float(v) for c in data.columns] for r in rows]
    )


MISSING_SETTINGS: list[dict[str, Any]] = [
    {},
    {"max_depth": 3},
    {"min_samples_leaf": 5},
    {"max_depth": 4, "min_samples_split": 10},
]


@pytest.mark.parametrize("regression", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("settings", MISSING_SETTINGS)
@pytest.mark.parametrize("seed", [0, 1])
def test_trees_with_missing_values_are_scikit_learns(
    seed: int, settings: dict[str, Any], weighted: bool, regression: bool
) -> None:
    """dtree's recipe grows scikit-learn's tree on data with missing values, and the read tree
    predicts as the estimator on new rows with missing values."""
    data = _with_missing(seed, regression=regression, weighted=weighted)
    criterion = "squared_error" if regression else "gini"
    result = check(data, "sklearn", criterion=criterion, random_state=0, **settings)
    assert result.counts["real"] == 0
    assert result.agrees
    estimator = (DecisionTreeRegressor if regression else DecisionTreeClassifier)(
        criterion=criterion, random_state=0, **settings
    )
    weights = np.array([data.weights[r] for r in data.rows], dtype=float)
    estimator.fit(
        _nan_matrix(data, data.rows), [data.target[r] for r in data.rows], sample_weight=weights
    )
    new = _with_missing(seed + 100, regression=regression, weighted=False, n=200)
    theirs = estimator.predict(_nan_matrix(new, new.rows)).tolist()
    read = from_sklearn(estimator, data)
    assert _same(list(predict_many(read, new)), theirs)
    if result.counts["tie"] == 0:  # the same tree: dtree's predicts as scikit-learn's too
        ours = learner_for("sklearn", criterion=criterion, **settings)(data)
        assert _same(list(predict_many(ours, new)), theirs)


def _same(ours: Sequence[object], theirs: Sequence[object]) -> bool:
    """Equal classes; means equal to a few ulps (scikit-learn sums in another order)."""
    return len(ours) == len(theirs) and all(
        a == b or math.isclose(a, b, rel_tol=1e-12)  # type: ignore[arg-type]
        for a, b in zip(ours, theirs, strict=True)
    )


def test_dtree_check_against_sklearn_reads_empty_cells_as_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = _with_missing(3, regression=False, weighted=False)
    lines = ["x0,x1,x2,y"] + [
        ",".join("" if (v := c[r]) is None else str(v) for c in (*data.columns, data.target))
        for r in data.rows
    ]
    path = tmp_path / "missing.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "check", str(path), "--target", "y", "--against", "sklearn")
    assert (status, err) == (0, "")
    assert "real disagreement          0" in out


# -- every scikit-learn setting from the command line -----------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        ['class_weight={"setosa": 2}'],
        ["min_samples_leaf=0.05", "max_leaf_nodes=6"],
        ["criterion=log_loss", "version=1.9"],
        ["version=1.2.0"],
        ["min_weight_fraction_leaf=0.02", "ccp_alpha=0.01"],
    ],
    ids=" ".join,
)
def test_dtree_check_takes_scikit_learns_settings(
    capsys: pytest.CaptureFixture[str], params: list[str]
) -> None:
    argv = ["check", "--dataset", "iris", "--against", "sklearn"]
    for param in params:
        argv += ["--param", param]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, ""), out + err
    assert "real disagreement          0" in out


@pytest.mark.parametrize(
    ("param", "message"),
    [
        ("min_samples_leaf=1.5", "sklearn setting min_samples_leaf=1.5 is refused"),
        ("max_leaf_nodes=1", "sklearn setting max_leaf_nodes=1 is refused"),
        ("version=1.10", "scikit-learn version '1.10' is not supported: dtree knows 1.0 to 1.9"),
        ("presort=true", "sklearn setting presort=True is refused"),
    ],
)
def test_a_bad_scikit_learn_setting_is_one_error(
    capsys: pytest.CaptureFixture[str], param: str, message: str
) -> None:
    status, out, err = run(
        capsys, "check", "--dataset", "iris", "--against", "sklearn", "--param", param
    )
    assert (status, out) == (2, "")
    assert message in err, err
    assert err.count("\n") == 1


def test_dtree_fuzz_with_monotonic_constraints_draws_two_classes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("fuzz", "--against", "sklearn", "--param", "monotonic_cst=[1,0,-1]", "--examples", "20")
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, ""), out + err
    assert out == "no disagreement in 20 datasets (seed 0)\n"


def test_a_setting_that_is_no_json_is_an_argument_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "--dataset", "iris", "--against", "sklearn", "--param", "class_weight={a: 2}"]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "class_weight's value '{a: 2}' is no JSON list or object" in capsys.readouterr().err


MISSING_TARGET = "x,z,y\n1,0,a\n2,1,a\n3,0,b\n4,1,\n5,0,b\n6,1,b\n7,0,a\n"
"""Seven rows, the fourth without a class."""


def test_rpart_and_j48_leave_out_a_row_whose_target_is_missing_and_so_does_the_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rscript: str, weka_jar: Path
) -> None:
    """rpart itself fits on six of the seven rows (its root's n); the check reads the file
    without the fourth, says so, and agrees with rpart and with J48."""
    path = tmp_path / "seven.csv"
    path.write_text(MISSING_TARGET)
    script = (
        'library(rpart); d <- read.csv(commandArgs(TRUE)[1], na.strings = c("", "?"));'
        ' f <- rpart(y ~ ., d, method = "class", control = rpart.control(minsplit = 2,'
        " minbucket = 1, cp = 0)); cat(f$frame$n[1])"
    )
    command = [rscript, "-e", script, str(path)]
    fitted = subprocess.run(command, capture_output=True, text=True, check=True)
    assert fitted.stdout == "6"
    controls = ("--param", "minsplit=2", "--param", "minbucket=1", "--param", "cp=0")
    for against, options in (("rpart", controls), ("j48", ("--param", "M=1"))):
        status, out, err = run(
            capsys, "check", str(path), "--target", "y", "--against", against, *options
        )
        assert status == 0, out + err
        left_out = "column 'y': 1 row whose target is missing left out (row 4)"
        assert err == f"dtree: warning: {path}, {left_out}\n"
    status, _, err = run(capsys, "check", str(path), "--target", "y", "--against", "sklearn")
    assert status == 2  # scikit-learn refuses a missing y: so does the check
    assert err.endswith("row 4, column 'y': the target value is missing\n")
