"""rpart's trees read as dtree trees, and checked against dtree's own, with rpart run for real.

The live tests take the ``rscript`` fixture: without R and rpart they skip
locally and fail in CI.  R exports its own data (rpart's ``kyphosis`` and
``car.test.frame``, R's ``iris``); dtree reads them with ``read_csv`` and
hands them back to rpart through :func:`run_rpart`.  car.test.frame loses its
Reliability column, the only one with missing values (11 of 60): the cases
here are complete data; ``test_conformance_rpart_surrogates`` checks it with
Reliability, and rpart's surrogate splits.

The bad-input tests read small frames written here and need no R.
"""

from __future__ import annotations

import csv
import io
import math
import random
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from attrs import evolve
from helpers import STUMP_DATA

from dtree.conformance import (
    RPART_EXPORT,
    RpartFit,
    compare,
    learner_for,
    read_rpart,
    rpart_reading,
    run_rpart,
)
from dtree.conformance.check import check
from dtree.conformance.rpart import CpRow, cp_table, prune_at_cp, read_cptable
from dtree.conformance.rpart_cp import rpart_pruned
from dtree.conformance.verdicts import VERDICTS
from dtree.counts import ClassStats
from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.grower.learner import CART, Learner
from dtree.grower.make_subtree import grow
from dtree.load import read_csv
from dtree.prune import as_leaf, cost_complexity, cost_complexity_path, tree_risk
from dtree.render import text
from dtree.serialize import from_json, to_json
from dtree.tree import Leaf, Split, Tree, n_leaves, nodes, size

EXPORT = """
library(rpart)
dir <- commandArgs(trailingOnly = TRUE)[1]
cars <- car.test.frame[, names(car.test.frame) != "Reliability"]
for (name in c("kyphosis", "iris", "cars")) {
  data <- get(name)
  write.csv(data, file.path(dir, paste0(name, ".csv")), row.names = FALSE)
  factors <- Filter(is.factor, data)
  levels <- do.call(rbind, lapply(names(factors), function(column)
    data.frame(column = column, level = levels(factors[[column]]))))
  write.csv(levels, file.path(dir, paste0(name, "-levels.csv")), row.names = FALSE)
}
"""

Case = tuple[str, str, str, dict[str, float]]
"""A name, R's dataset, the target, and rpart.control's arguments (rpart's defaults unless
given)."""

CASES: tuple[Case, ...] = (
    ("kyphosis", "kyphosis", "Kyphosis", {}),
    ("iris", "iris", "Species", {}),
    ("cars-mileage", "cars", "Mileage", {}),
    ("cars-price", "cars", "Price", {}),
    ("cars-type", "cars", "Type", {}),
    ("cars-type-small-nodes", "cars", "Type", {"minsplit": 10, "minbucket": 2, "cp": 0.05}),
)


@pytest.fixture(scope="session")
def exported(rscript: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """R's own datasets as CSV, with each factor's levels: one R process for all of them."""
    folder = tmp_path_factory.mktemp("rdata")
    subprocess.run([rscript, "-e", EXPORT, str(folder)], check=True, capture_output=True)
    return folder


def _data(exported: Path, file: str, target: str) -> Dataset:
    return read_csv(exported / f"{file}.csv", target=target)


@pytest.fixture(scope="session")
def fits(exported: Path) -> dict[str, tuple[Dataset, RpartFit]]:
    """Each case's data and rpart's fit: one R process per case, for the whole session."""
    found = {}
    for name, file, target, control in CASES:
        data = _data(exported, file, target)
        found[name] = (data, run_rpart(data, **control))
    return found


def _rpart_learner(data: Dataset, control: dict[str, float]) -> Learner:
    """The learner that grows as rpart grows (rpart's defaults: minsplit 20, minbucket
    round(minsplit / 3), maxdepth 30), before cp prunes: the rpart recipe's."""
    method = {} if data.schema.is_classification else {"method": "anova"}
    return learner_for("rpart", **method, **control).learner


def _rpart_like(data: Dataset, control: dict[str, float]) -> Tree:
    """dtree's tree grown as rpart grows, before cp prunes it."""
    return grow(_rpart_learner(data, control), data)


def _frame_column(frame: str, column: str) -> list[str]:
    return [row[column] for row in csv.DictReader(io.StringIO(frame))]


def _close(theirs: Fraction | float, ours: Fraction | float) -> bool:
    """R's double and dtree's exact value agree to 1e-9, relative."""
    return math.isclose(float(theirs), float(ours), rel_tol=1e-9, abs_tol=1e-12)


def _same_cptable(theirs: tuple[CpRow, ...], ours: tuple[CpRow, ...]) -> bool:
    return len(theirs) == len(ours) and all(
        t.nsplit == o.nsplit and _close(t.cp, o.cp) and _close(t.rel_error, o.rel_error)
        for t, o in zip(theirs, ours, strict=True)
    )


# -- live: rpart's trees, statistics and CP tables ----------------------------------------------


def test_r_and_read_csv_order_the_levels_alike(exported: Path) -> None:
    for file, target in (("kyphosis", "Kyphosis"), ("iris", "Species"), ("cars", "Type")):
        data = _data(exported, file, target)
        levels = read_csv(exported / f"{file}-levels.csv", target="level", nominal=["column"])
        by_column: dict[str, list[str]] = {}
        for column, level in zip(levels.column("column"), levels.labels, strict=True):
            by_column.setdefault(str(column), []).append(str(level))
        ours = {target: list(data.schema.classes)} | {
            a.name: list(a.domain.values)  # type: ignore[union-attr]
            for a in data.schema.attributes
            if a.name in by_column
        }
        assert ours == by_column


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_rpart_statistics_are_the_data_recounted(
    fits: dict[str, tuple[Dataset, RpartFit]], case: Case
) -> None:
    data, fit = fits[case[0]]
    reading = rpart_reading(fit.frame, fit.splits, data, file="frame.csv")
    assert reading.findings == ()  # no n, wt, count, dev or yval of the frame is contradicted
    tree = reading.tree
    assert from_json(to_json(tree)) == tree  # its statistics add up, as a model file's must
    weights = sorted(float(node.stats.weight) for node in nodes(tree))
    assert weights == sorted(float(n) for n in _frame_column(fit.frame, "n"))
    assert tree.stats.weight == len(data)


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_dtree_grows_the_tree_rpart_prints(
    fits: dict[str, tuple[Dataset, RpartFit]], case: Case
) -> None:
    name, _, _, control = case
    data, fit = fits[name]
    theirs = read_rpart(fit.frame, fit.splits, data)
    ours = prune_at_cp(_rpart_like(data, control), control.get("cp", 0.01))
    assert isinstance(theirs, Split)
    assert text(theirs) == text(ours)
    comparison = compare(theirs, ours, data, _rpart_learner(data, control))
    assert comparison.agrees
    every_node_same = {verdict: size(theirs) if verdict == "same" else 0 for verdict in VERDICTS}
    assert dict(comparison.counts) == every_node_same


def test_a_tie_rpart_breaks_by_rounding_is_a_tie(exported: Path) -> None:
    # Grown to the end, rpart splits three cars by Country where dtree splits them by Price
    # (the first attribute): the same partition, 24 from 25 and 25, the same squared error;
    # rpart's sums of doubles make Country's improvement the larger by a rounding error.
    data = _data(exported, "cars", "Mileage")
    control = {"cp": 0.0, "minsplit": 2, "minbucket": 1}
    frame, splits = run_rpart(data, **control)
    theirs = read_rpart(frame, splits, data)
    ours = prune_at_cp(_rpart_like(data, control), 0)
    assert text(theirs) != text(ours)
    comparison = compare(theirs, ours, data, _rpart_learner(data, control))
    assert comparison.agrees
    assert comparison.counts["tie"] == 1
    assert comparison.counts["real"] == comparison.counts["stopped"] == 0


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_rpart_cptable_is_dtree_cost_complexity_path(
    fits: dict[str, tuple[Dataset, RpartFit]], case: Case
) -> None:
    name, _, _, control = case
    data, fit = fits[name]
    path = cost_complexity_path(_rpart_like(data, control))
    ours = cp_table(path, control.get("cp", 0.01))
    theirs = read_cptable(fit.cptable)
    assert _same_cptable(theirs, ours), (theirs, ours)
    assert len(theirs) >= 3


def test_the_categorical_splits_of_rpart_are_read(
    fits: dict[str, tuple[Dataset, RpartFit]],
) -> None:
    data, fit = fits["cars-price"]
    lines = text(read_rpart(fit.frame, fit.splits, data)).splitlines()
    assert "|   Type in {Compact, Medium, Sporty} [n: 23, mean: 12002.7]" in lines
    assert "Country in {USA} [n: 14, mean: 14185.7]: 14185.7" in [  # the levels at the node
        line.removeprefix("|   ") for line in lines
    ]


def test_kyphosis_start_at_least_8_5_goes_left_in_rpart_and_second_in_dtree(
    fits: dict[str, tuple[Dataset, RpartFit]],
) -> None:
    data, fit = fits["kyphosis"]
    root = next(csv.DictReader(io.StringIO(fit.splits)))
    assert (root["var"], root["ncat"], root["index"]) == ("Start", "1", "8.5")  # x >= 8.5 left
    lines = text(read_rpart(fit.frame, fit.splits, data)).splitlines()
    assert lines[1] == "Start <= 8.5 [absent: 8, present: 11]: present"
    assert lines[2].startswith("Start > 8.5 [absent: 56, present: 6]")


def test_rpart_collapses_a_branch_that_breiman_keeps(exported: Path) -> None:
    # rpart's complexity of node 4 counts its right branch as the one split (and 3 errors
    # fewer) that its own growth left of it, not the 4 splits and 8 errors it has: 1.5
    # errors a split where Breiman's g(t) is 8/5.  The trees agree; the tables part there.
    data = _data(exported, "cars", "Type")
    fit = run_rpart(data, minsplit=5, cp=0.001)
    full = _rpart_like(data, {"minsplit": 5})
    assert text(read_rpart(fit.frame, fit.splits, data)) == text(prune_at_cp(full, 0.001))
    theirs = read_cptable(fit.cptable)
    ours = cp_table(cost_complexity_path(full), 0.001)
    assert [row.nsplit for row in theirs] == [row.nsplit for row in ours] == [0, 1, 2, 3, 4, 9]
    assert _close(theirs[4].cp, Fraction(3, 2) / 45)
    assert ours[4].cp == Fraction(8, 5) / 45
    assert all(_close(t.cp, o.cp) for t, o in zip(theirs, ours, strict=True) if t.nsplit != 4)
    # Between the two, at cp = 0.0345, rpart returns the 4 splits, Breiman's T(alpha) keeps 9,
    # and the 9 cost less: R(T) + alpha |T| is 7 + 10 alpha against 15 + 5 alpha errors.
    cp = Fraction(345, 10000)
    frame, splits = run_rpart(data, minsplit=5, cp=0.0345)
    small = read_rpart(frame, splits, data)
    large = prune_at_cp(full, cp)
    assert (n_leaves(small), n_leaves(large)) == (5, 10)
    alpha = cp * tree_risk(as_leaf(full))
    assert cost_complexity(large, alpha) < cost_complexity(small, alpha)
    # rpart's own rule, replayed on dtree's tree, returns rpart's tree, at both cps
    assert text(rpart_pruned(full, 0.0345)) == text(small)
    assert text(rpart_pruned(full, 0.001)) == text(read_rpart(fit.frame, fit.splits, data))


def test_odd_names_and_levels_and_thresholds_below_one_make_the_trip(
    rscript: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A name or level with a comma, a quote, "NA" or an umlaut reaches R as itself, in a C
    # locale too, and a numeric competitor whose threshold is below 1 does not shift the
    # categorical splits' csplit rows.
    monkeypatch.setenv("LC_ALL", "C")
    draw = random.Random(3)
    levels = ["klein, sehr", 'mit "quote"', "Ä", "NA", "b"]
    size = [draw.choice(levels) for _ in range(120)]
    share = [draw.uniform(0, 1) for _ in range(120)]
    label = [
        "ja" if (s in ("Ä", "NA") and x > 0.3) or x > 0.8 else "nein"
        for s, x in zip(size, share, strict=True)
    ]
    data = Dataset.from_columns({"größe x": size, "x-y": share, "T": label}, target="T")
    control = {"cp": 0.0, "minsplit": 2, "minbucket": 1}
    fit = run_rpart(data, **control)
    tree = read_rpart(fit.frame, fit.splits, data)
    assert text(tree) == text(prune_at_cp(_rpart_like(data, control), 0))
    assert '"größe x" in {NA, Ä}' in text(tree)


def test_rpart_method_and_split_reach_rpart(exported: Path) -> None:
    # dtree check states rpart's regression default, method="anova"; split="information"
    # grows with entropy (rpart's natural logarithms rank the splits as base 2 does)
    cars = _data(exported, "cars", "Mileage")
    assert check(cars, "rpart").agrees  # failed: 'method' is no argument of rpart.control
    kyphosis = _data(exported, "kyphosis", "Kyphosis")
    frame, splits = run_rpart(kyphosis, split="information", cp=0.0)
    learner = evolve(_rpart_learner(kyphosis, {}), impurity="entropy")
    ours = prune_at_cp(grow(learner, kyphosis), 0)
    theirs = read_rpart(frame, splits, kyphosis, criterion="information")
    assert text(theirs) == text(ours)
    gini = rpart_reading(frame, splits, kyphosis).findings  # improvements in nats, not Gini's
    assert gini
    assert all(finding.what.endswith("'s improve") for finding in gini)
    assert text(ours) != text(prune_at_cp(_rpart_like(kyphosis, {}), 0))


def test_an_r_failure_is_one_error_with_r_message(exported: Path) -> None:
    data = _data(exported, "kyphosis", "Kyphosis")
    with pytest.raises(DtreeError, match=r"rpart failed: Error.*30"):
        run_rpart(data, maxdepth=31)


# -- without R: the reading rules and bad input --------------------------------------------------

STUMP_FRAME = """node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,absent,present
1,Start,5,5,2,2,0.5,1,0,2,3
2,<leaf>,3,3,1,1,0.01,0,0,2,1
3,<leaf>,2,2,0,2,0.01,0,0,0,2
"""
STUMP_SPLITS = """var,count,ncat,improve,index,adj,csplit
Start,5,1,1.0666666666666667,7,0,
Start,5,-1,0.4,13,0,
"""


def test_a_stump_reads_with_its_competitor_skipped() -> None:
    tree = read_rpart(STUMP_FRAME, STUMP_SPLITS, STUMP_DATA)
    assert text(tree).splitlines() == [
        "root [absent: 2, present: 3]",
        "Start <= 7 [absent: 0, present: 2]: present",
        "Start > 7 [absent: 2, present: 1]: absent",
    ]


def test_a_midpoint_that_rounded_to_the_upper_value_keeps_it_right() -> None:
    a = math.nextafter(1.0, 2.0)
    b = math.nextafter(a, 2.0)
    assert (a + b) / 2 == b  # rpart's threshold is the upper value: x < b sends a left only
    data = Dataset.from_columns({"x": [a, b], "y": ["p", "q"]}, target="y")
    frame = """node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,p,q
1,x,2,2,1,1,1,0,0,1,1
2,<leaf>,1,1,0,1,0.01,0,0,1,0
3,<leaf>,1,1,0,2,0.01,0,0,0,1
"""
    splits = f"var,count,ncat,improve,index,adj,csplit\nx,2,-1,1,{b!r},0,\n"
    tree = read_rpart(frame, splits, data)
    assert isinstance(tree, Split)
    assert [branch.subtree.stats.weight for branch in tree.branches] == [1, 1]
    assert tree.branches[0].condition.threshold == a  # type: ignore[union-attr]


def test_a_subset_split_reads_as_in_the_side_of_the_first_level() -> None:
    data = Dataset.from_columns({"c": ["u", "v", "w", "v"], "y": ["p", "q", "q", "q"]}, target="y")
    # csplit: u right (3), v left (1), w left (1); dtree writes In({u}) first
    frame = """node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,p,q
1,c,4,4,1,2,1,0,0,1,3
2,<leaf>,3,3,0,2,0.01,0,0,0,3
3,<leaf>,1,1,0,1,0.01,0,0,1,0
"""
    splits = "var,count,ncat,improve,index,adj,csplit\nc,4,3,1.5,1,0,311\n"
    assert text(read_rpart(frame, splits, data)).splitlines() == [
        "root [p: 1, q: 3]",
        "c in {u} [p: 1, q: 0]: p",
        "c in {v, w} [p: 0, q: 3]: q",
    ]


@pytest.mark.parametrize(
    ("frame", "splits", "message"),
    [
        (
            STUMP_FRAME.replace("1,Start", "1,Begin"),
            STUMP_SPLITS.replace("Start,5,1", "Begin,5,1"),
            r"frame\.csv, row 1: unknown variable 'Begin'",
        ),
        (
            STUMP_FRAME.replace("1,Start", "1,Begin"),
            STUMP_SPLITS,
            r"frame\.csv, row 1: unknown variable 'Begin'",
        ),
        (STUMP_FRAME[:-20], STUMP_SPLITS, r"frame\.csv, row 3: 3 fields, expected 11"),
        (
            STUMP_FRAME.splitlines(keepends=True)[0] + STUMP_FRAME.splitlines(keepends=True)[1],
            STUMP_SPLITS,
            r"frame\.csv, row 1: node 1 splits but its child 2 is not in the frame",
        ),
        (
            STUMP_FRAME.replace("3,<leaf>,2,2,0,2", "3,<leaf>,2,2,0,3"),
            STUMP_SPLITS,
            r"frame\.csv, row 3, column 'yval': '3' is not the number of a class, 1 to 2",
        ),
        (STUMP_FRAME, STUMP_SPLITS.splitlines()[0] + "\n", r"splits\.csv: the splits end before"),
        (
            STUMP_FRAME,
            STUMP_SPLITS.replace("Start,5,1,", "Start,5,4,"),
            r"splits\.csv, row 1, column 'ncat': 'Start' is numeric: ncat must be -1 or 1",
        ),
        (
            STUMP_FRAME.replace(",absent,present", ",present,absent"),
            STUMP_SPLITS,
            r"frame\.csv: the frame's classes \('present', 'absent'\) are not the data's",
        ),
        (STUMP_FRAME.replace("0.5", '"0.5'), STUMP_SPLITS, r"frame\.csv.*malformed CSV"),
        (
            STUMP_FRAME.replace("Start,5,5", "Start,5,five"),
            STUMP_SPLITS,
            r"frame\.csv, row 1, column 'wt': 'five' is not a number",
        ),
    ],
    ids=[
        "unknown-variable",
        "unknown-variable-in-the-frame-only",
        "truncated-row",
        "truncated-nodes",
        "yval-numbers-no-class",
        "truncated-splits",
        "numeric-as-factor",
        "classes-in-another-order",
        "malformed-csv",
        "not-a-number",
    ],
)
def test_bad_frames_are_one_error_naming_file_and_row(
    frame: str, splits: str, message: str
) -> None:
    with pytest.raises(DtreeError, match=message):
        read_rpart(frame, splits, STUMP_DATA, file="frame.csv", splits_file="splits.csv")


# -- the frame's claims that the data contradict: findings, not refusals ------------------------


@pytest.mark.parametrize(
    ("frame", "row", "what", "theirs", "ours"),
    [
        pytest.param(STUMP_FRAME.replace("1,Start,5,5", "1,Start,-81,5"), 1, "n", -81, 5, id="n"),
        pytest.param(STUMP_FRAME.replace("3,<leaf>,2,2", "3,<leaf>,2,4"), 3, "wt", 4.0, 2, id="wt"),
        pytest.param(
            STUMP_FRAME.replace("3,3,1,1,0.01,0,0,2,1", "3,3,1,1,0.01,0,0,1,2"),
            2,
            "count of each class",
            (1.0, 2.0),
            (2, 1),
            id="counts",
        ),
        pytest.param(STUMP_FRAME.replace("5,5,2,2", "5,5,3,2"), 1, "dev", 3.0, 2, id="dev"),
        pytest.param(
            STUMP_FRAME.replace("3,3,1,1", "3,3,1,2"),
            2,
            "class (yval)",
            "present",
            "absent",
            id="yval",
        ),
    ],
)
def test_a_claim_the_data_contradict_is_a_finding_at_its_row(
    frame: str, row: int, what: str, theirs: object, ours: object
) -> None:
    reading = rpart_reading(frame, STUMP_SPLITS, STUMP_DATA, file="frame.csv")
    node = {1: 1, 2: 2, 3: 3}[row]
    assert [(f.node, f.what, f.theirs, f.ours) for f in reading.findings] == [
        (f"frame.csv, row {row}: node {node}", f"rpart's {what}", theirs, ours)
    ]
    assert reading.tree.stats == ClassStats(("absent", "present"), (2, 3))  # read all the same
    with pytest.raises(DtreeError, match=rf"^frame\.csv, row {row}: node {node}: rpart's"):
        read_rpart(frame, STUMP_SPLITS, STUMP_DATA, file="frame.csv")


def test_a_leaf_predicts_rpart_s_class_though_the_data_say_otherwise() -> None:
    frame = STUMP_FRAME.replace("3,3,1,1", "3,3,1,2")  # node 2 (2 absent, 1 present): present
    tree = rpart_reading(frame, STUMP_SPLITS, STUMP_DATA).tree
    assert text(tree).splitlines()[2] == "Start > 7 [absent: 2, present: 1]: present"


def test_a_regression_frame_s_mean_and_dev_are_claims_too() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": [1.0, 1.0, 3.0, 5.0]}, target="y")
    frame = "node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate\n1,<leaf>,4,4,11,2.5,0.01,0,0\n"
    splits = "var,count,ncat,improve,index,adj,csplit\n"
    assert rpart_reading(frame, splits, data).findings == ()
    wrong = rpart_reading(frame.replace("11,2.5", "12,2.75"), splits, data, file="f.csv")
    assert [str(finding) for finding in wrong.findings] == [
        "f.csv, row 1: node 1: rpart's dev is 12.0, the data give 11.0 (at the root)",
        "f.csv, row 1: node 1: rpart's mean (yval) is 2.75, the data give 2.5 (at the root)",
    ]
    assert wrong.tree == Leaf(2.75, wrong.tree.stats)  # the leaf predicts rpart's mean


def test_n_counts_rows_of_positive_weight_whatever_they_weigh() -> None:
    weighted = STUMP_DATA.with_weights([1, 1, 2, 3, 0])  # the last row is absent
    frame = """node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,absent,present
1,Start,4,7,2,1,0.5,1,0,5,2
2,<leaf>,2,5,0,1,0.01,0,0,5,0
3,<leaf>,2,2,0,2,0.01,0,0,0,2
"""
    splits = "var,count,ncat,improve,index,adj,csplit\nStart,4,1,2.8571428571428568,7,0,\n"
    frame = frame.replace(",0.5,1,0,5,2", ",0.5,0,0,5,2")  # no competitor
    assert rpart_reading(frame, splits, weighted).findings == ()
    wrong = rpart_reading(frame.replace("1,Start,4,7", "1,Start,7,7"), splits, weighted)
    assert [(f.what, f.theirs, f.ours) for f in wrong.findings] == [("rpart's n", 7, 4)]


def test_cp_table_of_a_pure_root_is_one_row() -> None:
    data = Dataset.from_columns({"x": [1, 2], "y": ["p", "p"]}, target="y")
    tree = grow(CART, data)
    assert isinstance(tree, Leaf)
    assert cp_table(cost_complexity_path(tree), 0.01) == (CpRow(0.01, 0, Fraction(0)),)


def test_the_export_snippet_writes_a_fit_made_in_r(
    rscript: str, exported: Path, tmp_path: Path
) -> None:
    """What docs/checking-another-implementation.md shows, in an empty folder: fit rpart in R as
    usual, set dir <- "out", source RPART_EXPORT, read the files (it failed unless out/ existed)."""
    (tmp_path / "export.R").write_text(RPART_EXPORT, encoding="utf-8")
    session = (
        "library(rpart); data <- kyphosis; target <- 'Kyphosis'; "
        "dir <- 'out'; fit <- rpart(Kyphosis ~ ., data); source('export.R')"
    )
    subprocess.run([rscript, "-e", session], check=True, capture_output=True, cwd=tmp_path)
    data = _data(exported, "kyphosis", "Kyphosis")
    frame, splits = (
        (tmp_path / "out" / name).read_text(encoding="utf-8")
        for name in ("frame.csv", "splits.csv")
    )
    theirs = read_rpart(frame, splits, data)
    recipe = learner_for("rpart")
    assert compare(theirs, recipe(data), data, recipe.learner).agrees
    assert n_leaves(theirs) == 5


def test_categorical_splits_under_minbucket_are_rpart_s_ordered_ones(rscript: str) -> None:
    """rpart tries only the m - 1 splits of the levels ordered by mean, minbucket or not;
    an exhaustive search of the subsets finds a split rpart never tries."""
    rows = [("c", 6 + k / 10) for k in range(1, 5)] + [("e", 2 + k / 10) for k in range(1, 5)]
    rows += [("d", 3 + k / 10) for k in range(1, 10)] + [("d", 4 + k / 10) for k in range(1, 6)]
    data = Dataset.from_columns({"a": [a for a, _ in rows], "t": [t for _, t in rows]}, target="t")
    result = check(data, "rpart", minbucket=5, cp=0)
    assert result.agrees, result.text()
    exhaustive = evolve(
        learner_for("rpart", minbucket=5, method="anova").learner, ordered_subsets=False
    )
    assert grow(exhaustive, data) != grow(
        learner_for("rpart", minbucket=5, method="anova").learner, data
    )
