"""R's random forests checked member by member: randomForest (Breiman and Cutler's code) and
ranger, run for real: :func:`check_r_forest`.

:func:`run_r_forest` fits the forest in R with ``keep.inbag = TRUE`` and writes each
member (``getTree`` for randomForest, ``treeInfo`` for ranger) as one table of nodes,
the in-bag counts, the out-of-bag predictions and error.  Each member is then read
onto the data weighted by its in-bag counts (:func:`member_reading`): a row drawn k
times weighs k, as both packages weigh it in their impurities and leaf values.

The packages' conventions (randomForest 4.7 ``rfsub.f``, ``regTree.c``,
``getTree.R``; ranger 0.14 ``Tree*.cpp``, ``treeInfo.R``)
------------------------------------------------------------------------------
* A row goes left where ``x <= t``; t is the midpoint of two neighbouring values of
  the node's in-bag rows (ranger takes the lower value where the midpoint rounds to
  the upper, as :func:`dtree.grower.midpoints.midpoint` does).
* A split maximises the Gini decrease (classification) or the decrease of the sum of
  squares (regression), any split that sends rows both ways counting, a zero decrease
  too; ties among thresholds and variables are broken at random (randomForest) or by
  the variables' shuffled order (ranger), so a tie is a tie, never a disagreement.
* A node stops when it is pure (randomForest's regression never checks), or has at
  most ``nodesize`` rows (randomForest: distinct in-bag rows for classification, draws
  for regression) or ``min.node.size`` draws (ranger), or reaches ``max.depth``
  (ranger); a child may be of any size.
* A leaf predicts the plurality of its in-bag counts (ties at random) or their mean.
* randomForest's regression can "split" a node whose in-bag responses are all equal,
  at a stale point, its left child reached by no in-bag row; such a node is read as
  the leaf it is (its mean), and counted (:attr:`MemberReading.collapsed`).

What is checked
---------------
Every member's statistics are recounted on its weighted rows and each leaf's
prediction set against them (a class that is not a plurality, a mean more than a
relative 1e-9 away: a :class:`~dtree.conformance.claims.Finding`).  With ``mtry``
every attribute, the member is compared node by node
(:func:`~dtree.conformance.compare.compare`) with dtree's tree grown on the same
weighted rows by :func:`member_learner`; otherwise its draw of attributes at a node
cannot be replayed, and it is checked for admissibility: each threshold at a
midpoint of the node's in-bag values, each split the best of its own attribute
(exactly: ties allowed), both children reached, no split of a node the stopping
rules make a leaf.  The out-of-bag predictions are rebuilt from the members and the
in-bag counts: a row's class is a plurality of the votes of the members it is out of
bag for (the packages break a tie at random: any tied class is theirs to choose), or
the mean of their predictions; the out-of-bag error is then the share of the rows out
of some bag that the forest's own predictions misclassify, or their mean squared error.

Refused by name: every setting outside :data:`R_FOREST_SETTINGS`, a nominal attribute
(randomForest codes its subsets in bits, ranger treats a factor as its level numbers
by default; neither is read here yet), a missing value (both packages refuse one),
weights other than 1.

Contents: :data:`R_FOREST_SETTINGS`, :data:`R_FOREST_SCRIPT`, :class:`RForestFit`,
:func:`run_r_forest`, :class:`MemberReading`, :func:`member_reading`,
:func:`member_learner`, :func:`r_admissibility`, :func:`check_r_forest`.
"""

from __future__ import annotations

import csv
import io
import math
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Literal, cast

from attrs import evolve, frozen

from dtree.conditions import Above, AtMost, describe
from dtree.conformance.admissible import Admissibility, Violation
from dtree.conformance.claims import Finding, Reading, predicting
from dtree.conformance.compare import compare
from dtree.conformance.r_data import R_INPUT, run_r, write_csv, write_r_data
from dtree.conformance.sklearn_forests import ForestCheck, MemberCheck
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Label, Nominal
from dtree.ensemble import predict_many
from dtree.errors import DtreeError, quote
from dtree.grower.learner import CART, Criterion, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.midpoints import midpoint
from dtree.routing import restated
from dtree.tree import Leaf, Split, Sprout, Tree, paths, unfold

__all__ = [
    "R_FOREST_SCRIPT",
    "R_FOREST_SETTINGS",
    "MemberReading",
    "RForestFit",
    "check_r_forest",
    "member_learner",
    "member_reading",
    "r_admissibility",
    "run_r_forest",
]

Package = Literal["randomForest", "ranger"]

R_FOREST_SETTINGS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "randomForest": ("ntree", "mtry", "nodesize", "replace", "seed"),
        "ranger": (
            "num.trees",
            "mtry",
            "min.node.size",
            "replace",
            "sample.fraction",
            "max.depth",
            "seed",
        ),
    }
)
"""The settings :func:`run_r_forest` passes on, by package (``seed`` is ``set.seed``'s for
randomForest, ranger's own ``seed``); every other is refused."""

R_FOREST_SCRIPT = (
    r"""# Rscript forest.R DIR TARGET: randomForest or ranger on DIR/data.csv (R_INPUT's files),
# settings in DIR/control.csv (parameter,value; package names the package).  Writes
# DIR/treeK.csv (node,left,right,var,point,leaf: a row per node, children by row number,
# 0 for a leaf), DIR/inbag.csv (a column per tree), DIR/oob.csv and DIR/fit.csv.
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]
target <- args[2]
"""
    + R_INPUT
    + r"""control <- input("control.csv")
settings <- setNames(as.list(control$value), control$parameter)
package <- settings$package
settings$package <- NULL
x <- data[names(data) != target]
y <- data[[target]]
output <- function(table, name) {
  write.csv(table, file.path(dir, name), row.names = FALSE, fileEncoding = "UTF-8", na = "")
}
digits <- function(v) ifelse(is.na(v), "", sprintf("%.17g", v))
value <- function(name, text) if (name == "replace") as.logical(text) else as.numeric(text)
seed <- as.numeric(settings$seed)
settings$seed <- NULL
arguments <- c(list(x = x, y = y, keep.inbag = TRUE), Map(value, names(settings), settings))
label <- function(k) ifelse(is.na(k) | k < 1, "", levels(y)[pmax(k, 1)])
if (package == "randomForest") {
  library(randomForest)
  set.seed(seed)
  fit <- do.call(randomForest, arguments)
  for (k in seq_len(fit$ntree)) {
    tree <- getTree(fit, k, labelVar = FALSE)
    leaf <- tree[, "status"] == -1
    prediction <- if (is.factor(y)) label(tree[, 6]) else digits(tree[, 6])
    output(data.frame(node = seq_len(nrow(tree)), left = tree[, 1], right = tree[, 2],
                      var = ifelse(leaf, "", names(x)[pmax(tree[, 3], 1)]),
                      point = ifelse(leaf, "", digits(tree[, 4])),
                      leaf = ifelse(leaf, prediction, ""), claimed = ifelse(leaf, prediction, "")),
           sprintf("tree%d.csv", k))
  }
  inbag <- fit$inbag
  error <- if (is.factor(y)) fit$err.rate[fit$ntree, "OOB"] else fit$mse[fit$ntree]
  oob <- fit$predicted
} else {
  library(ranger)
  fit <- do.call(ranger, c(arguments, list(seed = seed, num.threads = 1)))
  for (k in seq_len(fit$num.trees)) {
    tree <- treeInfo(fit, k)
    leaf <- tree$terminal
    # a leaf's class in the forest: the level of its stored class value (treeInfo's own
    # label, kept as its claim, names the wrong level in ranger 0.14 where the classes
    # first appear in another order than their levels')
    model <- if (is.factor(y)) {
      levels(y)[fit$forest$class.values[as.integer(tree$prediction)]]
    } else {
      digits(tree$prediction)
    }
    claimed <- if (is.factor(y)) as.character(tree$prediction) else model
    output(data.frame(node = tree$nodeID + 1, left = ifelse(leaf, 0, tree$leftChild + 1),
                      right = ifelse(leaf, 0, tree$rightChild + 1),
                      var = ifelse(leaf, "", tree$splitvarName),
                      point = ifelse(leaf, "", digits(tree$splitval)),
                      leaf = ifelse(leaf, model, ""), claimed = ifelse(leaf, claimed, "")),
           sprintf("tree%d.csv", k))
  }
  inbag <- do.call(cbind, fit$inbag.counts)
  error <- fit$prediction.error
  oob <- fit$predictions
}
output(as.data.frame(inbag), "inbag.csv")
output(data.frame(out = !is.na(oob), oob = if (is.factor(y)) as.character(oob) else digits(oob)),
       "oob.csv")
output(data.frame(trees = ncol(inbag), mtry = fit$mtry, error = digits(error)), "fit.csv")
"""
)
"""The R script :func:`run_r_forest` runs."""


@frozen
class RForestFit:
    """What :data:`R_FOREST_SCRIPT` writes: the package, each member's node table (CSV
    text), each member's in-bag count of each row, the forest's out-of-bag prediction of
    each row (None where no member left it out), its ``mtry`` and its out-of-bag error."""

    package: Package
    trees: tuple[str, ...]
    inbag: tuple[tuple[int, ...], ...]
    oob: tuple[Label | float | None, ...]
    mtry: int
    error: float


def _settings(package: str, settings: Mapping[str, object]) -> list[tuple[str, str]]:
    if package not in R_FOREST_SETTINGS:
        raise DtreeError(
            f"unknown R forest package {quote(package)}; choose randomForest or ranger"
        )
    rows = [("package", package)]
    for name, value in {"seed": 1, **settings}.items():
        if name not in R_FOREST_SETTINGS[package]:
            raise DtreeError(
                f"{package} setting {quote(name)} is refused: dtree passes on "
                + ", ".join(R_FOREST_SETTINGS[package])
            )
        if isinstance(value, bool):
            rows.append((name, "TRUE" if value else "FALSE"))
        elif isinstance(value, int | float) and math.isfinite(value):
            if name in _COUNTS and (value != int(value) or value < 1):
                raise DtreeError(f"{package}'s {name} is a whole number >= 1, not {quote(value)}")
            rows.append((name, repr(value)))
        else:
            raise DtreeError(f"{package}'s {name} is a finite number or a flag, not {quote(value)}")
    return rows


_COUNTS = ("ntree", "num.trees", "mtry", "nodesize", "min.node.size")
"""The settings that count trees, attributes or rows: whole numbers from 1."""


def _check_data(package: str, data: Dataset) -> None:
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        if isinstance(attribute.domain, Nominal):
            raise DtreeError(
                f"{package}'s splits of a factor are not read: give numeric attributes",
                column=attribute.name,
            )
        if any(column[row] is None for row in data.rows):
            raise DtreeError(f"{package} refuses missing values", column=attribute.name)
    if any(data.weights[row] != 1 for row in data.rows):
        raise DtreeError(f"{package} is fit on unweighted data here: every weight must be 1")


def run_r_forest(data: Dataset, package: Package, **settings: object) -> RForestFit:
    """Fit randomForest or ranger to the data in R (the attributes as ``x``, the target as
    ``y``; ``seed`` 1 unless given) and return its members, in-bag counts and out-of-bag
    results.

    >>> from dtree.datasets import load
    >>> run_r_forest(load("iris"), "ranger", ntree=5)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: ranger setting 'ntree' is refused: dtree passes on num.trees, ...
    """
    rows = _settings(package, settings)
    _check_data(package, data)
    with tempfile.TemporaryDirectory(prefix="dtree-forest-") as folder:
        directory = Path(folder)
        write_r_data(directory, data)
        write_csv(directory / "control.csv", [("parameter", "value"), *rows])
        run_r(R_FOREST_SCRIPT, directory, data.schema.target.name, what=package)
        fit = _records(directory / "fit.csv")[0]
        n_trees = int(fit["trees"])
        trees = tuple(
            (directory / f"tree{k}.csv").read_text(encoding="utf-8") for k in range(1, n_trees + 1)
        )
        inbag_rows = [list(record.values()) for record in _records(directory / "inbag.csv")]
        oob = [
            record["oob"] if record["out"] == "TRUE" else None
            for record in _records(directory / "oob.csv")
        ]
    inbag = tuple(tuple(int(float(row[k])) for row in inbag_rows) for k in range(n_trees))
    classes = data.schema.is_classification
    predictions = tuple(
        None if text is None else (text if classes else float(text)) for text in oob
    )
    return RForestFit(package, trees, inbag, predictions, int(fit["mtry"]), float(fit["error"]))


def _records(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


# -- reading a member --------------------------------------------------------------------------


@frozen
class MemberReading:
    """A member read: its tree with the statistics of its weighted rows, the findings
    about its leaves, and how many of randomForest's splits of a node of equal responses
    were read as the leaf they are (``collapsed``)."""

    reading: Reading
    collapsed: int


def _nodes(text: str, file: str) -> dict[int, dict[str, str]]:
    found: dict[int, dict[str, str]] = {}
    for row, record in enumerate(csv.DictReader(io.StringIO(text)), start=1):
        try:
            found[int(record["node"])] = record
        except (KeyError, ValueError):
            raise DtreeError(
                "expected a node number in column 'node'", file=file, row=row
            ) from None
    if 1 not in found:
        raise DtreeError("no root: the table has no node 1", file=file)
    return found


def member_reading(text: str, weighted: Dataset, package: Package, *, file: str) -> MemberReading:
    """A member's node table read as a tree on ``weighted`` (the data weighted by the
    member's in-bag counts): every node recounted, each leaf predicting what the table
    says, each leaf's prediction that the recount contradicts a finding."""
    table = _nodes(text, file)
    classes = weighted.schema.classes if weighted.schema.is_classification else ()
    placeholder: Leaf = (
        Leaf(classes[0], ClassStats(classes, (0,) * len(classes)))
        if classes
        else Leaf(0.0, Moments(0, 0.0, 0.0))
    )
    order: list[int] = []

    def step(number: int) -> Leaf | Sprout[int]:
        record = table.get(number)
        if record is None:
            raise DtreeError(f"node {number} is named as a child but not in the table", file=file)
        order.append(number)
        if record["left"] in ("0", ""):
            return placeholder
        name, t = record["var"], float(record["point"])
        if name not in weighted.schema.names or not math.isfinite(t):
            raise DtreeError(
                f"node {number} splits {quote(name)} at {quote(record['point'])}", file=file
            )
        children = (int(record["left"]), int(record["right"]))
        return Sprout((AtMost(name, t), Above(name, t)), children, placeholder.stats)

    tree = restated(unfold(1, step), weighted)
    leaves = [k for k in order if table[k]["left"] in ("0", "")]
    predictions = [_leaf_value(table[k]["leaf"], classes) for k in leaves]
    tree = predicting(tree, predictions)
    claims = [  # the class the package prints for a leaf, against the one its forest keeps
        Finding(
            f"{file}, node {k}",
            tuple(map(describe, steps)),
            "the class its table prints",
            table[k]["claimed"],
            leaf,
        )
        for k, leaf, (steps, _) in zip(leaves, predictions, paths(tree), strict=True)
        if classes and table[k]["claimed"] != leaf
    ]
    collapsed = 0
    if package == "randomForest" and not classes:
        tree, collapsed = _collapsed(tree, weighted)
    findings = (*claims, *_leaf_findings(tree, weighted, file))
    return MemberReading(Reading(tree, findings), collapsed)


def _leaf_value(text: str, classes: Sequence[str]) -> Label | float:
    return text if classes else float(text)


def _sides(split: Split, rows: Sequence[int], data: Dataset) -> tuple[list[int], list[int]]:
    """The rows of a member's split ``x <= t`` (first) and ``x > t``."""
    condition = split.branches[0].condition
    assert isinstance(condition, AtMost)
    column = data.columns[data.schema.index(condition.attribute)]
    left = [row for row in rows if float(column[row]) <= condition.threshold]  # type: ignore[arg-type]
    chosen = set(left)
    return left, [row for row in rows if row not in chosen]


def _present(data: Dataset) -> tuple[int, ...]:
    return tuple(row for row in data.rows if data.weights[row] > 0)


def _collapsed(tree: Tree, data: Dataset) -> tuple[Tree, int]:
    """The member with each split of a node whose in-bag responses are all equal read as
    a leaf of their mean, and how many there were."""
    count = 0

    def step(seed: tuple[Tree, tuple[int, ...]]) -> Leaf | Sprout[tuple[Tree, tuple[int, ...]]]:
        nonlocal count
        node, rows = seed
        if isinstance(node, Leaf):
            return node
        if rows and len({data.target[row] for row in rows}) == 1:
            count += 1
            assert isinstance(node.stats, Moments)
            return Leaf(node.stats.mean, node.stats)
        sides = _sides(node, rows, data)
        seeds = tuple(
            (b.subtree, tuple(side)) for b, side in zip(node.branches, sides, strict=True)
        )
        return Sprout(tuple(b.condition for b in node.branches), seeds, node.stats)

    return unfold((tree, _present(data)), step), count


def _leaf_findings(tree: Tree, data: Dataset, file: str) -> list[Finding]:
    """Each leaf reached by in-bag rows whose prediction is not a plurality (or the mean)."""
    found: list[Finding] = []
    stack: list[tuple[Tree, tuple[str, ...]]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, Split):
            stack.extend(
                (b.subtree, (*path, describe(b.condition))) for b in reversed(node.branches)
            )
            continue
        stats = node.stats
        if stats.weight <= 0:
            continue
        if isinstance(stats, ClassStats):
            top = max(stats.counts)
            plural = [c for c, n in zip(stats.classes, stats.counts, strict=True) if n == top]
            if node.prediction not in plural:
                found.append(Finding(file, path, "the leaf's class", node.prediction, plural[0]))
        else:
            mean = float(stats.mean)
            if abs(float(node.prediction) - mean) > 1e-9 * max(1.0, abs(mean)):
                found.append(Finding(file, path, "the leaf's mean", node.prediction, mean))
    return found


# -- checking a member -------------------------------------------------------------------------


def _minimum(package: Package, settings: Mapping[str, object], classes: bool) -> int:
    """The largest node the package leaves unsplit: ``nodesize`` / ``min.node.size``."""
    name = "nodesize" if package == "randomForest" else "min.node.size"
    value = settings.get(name, 1 if classes else 5)
    return int(float(str(value)))


def member_learner(package: Package, settings: Mapping[str, object], classes: bool) -> Learner:
    """dtree's learner that grows a member as the package grows it with every attribute
    drawn (see the module's notes): CART with Gini or squared error, no minimum leaf, a
    node of at most ``nodesize`` (randomForest's classification: distinct rows) or
    ``min.node.size`` draws a leaf, ranger's ``max.depth``.

    >>> member_learner("ranger", {"min.node.size": 3, "max.depth": 4}, True).max_depth
    4
    """
    impurity: Criterion = "gini" if classes else "squared_error"
    least = _minimum(package, settings, classes) + 1
    learner = evolve(CART, impurity=impurity)
    if package == "randomForest" and classes:
        learner = evolve(learner, min_rows_split=least)
    else:
        learner = evolve(learner, min_samples_split=least)
    depth = int(float(str(settings.get("max.depth", 0)))) if package == "ranger" else 0
    return evolve(learner, max_depth=depth or None)


def _sums(data: Dataset, rows: Iterable[int]) -> tuple[Fraction, dict[Label | None, Fraction]]:
    """A side's weight W and its sums s_k: the weight of each class, or the one sum of w y."""
    classes = data.schema.is_classification
    weight, sums = Fraction(0), dict[Label | None, Fraction]()
    for row in rows:
        w = Fraction(data.weights[row])
        key = str(data.target[row]) if classes else None
        term = w if classes else w * Fraction(cast(float, data.target[row]))
        weight += w
        sums[key] = sums.get(key, Fraction(0)) + term
    return weight, sums


def _side_score(weight: Fraction, sums: Mapping[Label | None, Fraction]) -> Fraction:
    """sum_k s_k^2 / W: sum_c w_c^2 / W for Gini, (sum w y)^2 / W for squared error."""
    return sum((v * v for v in sums.values()), Fraction(0)) / weight


def _score(data: Dataset, sides: Sequence[Sequence[int]]) -> Fraction:
    """What a split maximises, exactly: the sum over its sides of :func:`_side_score`."""
    return sum((_side_score(*_sums(data, side)) for side in sides), Fraction(0))


def _best_on(data: Dataset, rows: Sequence[int], attribute: str) -> Fraction | None:
    """The best score of a cut of ``attribute`` at a node of ``rows``, exactly: one sweep of
    the rows in the attribute's order, the left side's sums grown a row at a time."""
    column = data.columns[data.schema.index(attribute)]
    ordered = sorted(rows, key=lambda row: float(cast(float, column[row])))
    total, whole = _sums(data, ordered)
    weight, left = Fraction(0), dict[Label | None, Fraction]()
    best: Fraction | None = None
    for k, row in enumerate(ordered[:-1]):
        w, sums = _sums(data, (row,))
        weight += w
        for key, value in sums.items():
            left[key] = left.get(key, Fraction(0)) + value
        if float(cast(float, column[row])) == float(cast(float, column[ordered[k + 1]])):
            continue  # no cut between equal values
        right = {key: whole[key] - left.get(key, Fraction(0)) for key in whole}
        score = _side_score(weight, left) + _side_score(total - weight, right)
        best = score if best is None or score > best else best
    return best


def r_admissibility(
    reading: Reading, weighted: Dataset, package: Package, settings: Mapping[str, object], why: str
) -> Admissibility:
    """Whether a member the package grew with a draw of attributes is one its rules allow
    on ``weighted`` (see the module's notes)."""
    classes = weighted.schema.is_classification
    least = _minimum(package, settings, classes)
    depth_limit = int(float(str(settings.get("max.depth", 0)))) if package == "ranger" else 0
    violations: list[Violation] = []
    n_splits = n_leaves = 0
    stack: list[tuple[Tree, tuple[int, ...], int, tuple[str, ...]]] = [
        (reading.tree, _present(weighted), 0, ())
    ]
    while stack:
        node, rows, depth, path = stack.pop()
        if isinstance(node, Leaf):
            n_leaves += 1
            continue
        n_splits += 1
        name = f"split {n_splits}"

        def broken(rule: str, detail: str, name: str = name, path: tuple[str, ...] = path) -> None:
            violations.append(Violation(name, path, rule, detail))

        size = (
            len(rows)
            if package == "randomForest" and classes
            else sum(weighted.weights[row] for row in rows)
        )
        if size <= least:
            broken("node size", f"{size} rows, at most {least}: a leaf")
        if depth_limit and depth >= depth_limit:
            broken("max.depth", f"a split at depth {depth}")
        left, right = _sides(node, rows, weighted)
        if not left or not right:
            broken("both sides", "a side no in-bag row reaches")
        condition = node.branches[0].condition
        assert isinstance(condition, AtMost)
        column = weighted.columns[weighted.schema.index(condition.attribute)]
        below = max((float(column[row]) for row in left), default=None)  # type: ignore[arg-type]
        above = min((float(column[row]) for row in right), default=None)  # type: ignore[arg-type]
        if below is not None and above is not None:
            if condition.threshold not in (midpoint(below, above), (below + above) / 2):
                broken(
                    "threshold",
                    f"{condition.threshold!r}, not the midpoint of {below!r} and {above!r}",
                )
            best = _best_on(weighted, rows, condition.attribute)
            if best is not None and _score(weighted, (left, right)) < best:
                broken(
                    "best of its attribute",
                    f"another cut of {quote(condition.attribute)} scores better",
                )
        for branch, side in zip(node.branches, (left, right), strict=True):
            stack.append(
                (branch.subtree, tuple(side), depth + 1, (*path, describe(branch.condition)))
            )
    return Admissibility(reading.findings, tuple(violations), n_splits, n_leaves, why)


# -- the forest --------------------------------------------------------------------------------


def check_r_forest(data: Dataset, package: Package, **settings: object) -> ForestCheck:
    """Fit the forest in R (:func:`run_r_forest`) and check it: each member node by node
    where it tried every attribute, else for admissibility, and its out-of-bag predictions
    and error rebuilt from the members (see the module's notes).

    >>> from dtree.datasets import load
    >>> check_r_forest(load("golf"), "randomForest", ntree=3)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: column 'outlook': randomForest's splits of a factor are not read: ...
    """
    fit = run_r_forest(data, package, **settings)
    classes = data.schema.is_classification
    p = len(data.schema.attributes)
    members: list[MemberCheck] = []
    trees: list[Tree] = []
    collapsed = 0
    for k, (text, counts) in enumerate(zip(fit.trees, fit.inbag, strict=True)):
        weighted = data.with_weights(list(_counts_by_row(data, counts)))
        weighted = weighted.subset(_present(weighted))
        read = member_reading(text, weighted, package, file=f"{package}'s tree {k + 1}")
        collapsed += read.collapsed
        trees.append(read.reading.tree)
        if fit.mtry >= p:
            learner = member_learner(package, settings, classes)
            result = compare(read.reading, grow(learner, weighted), weighted, learner)
            members.append(MemberCheck(k, len(weighted.rows), "node by node", "", result))
        else:
            why = f"mtry={fit.mtry} of {p} attributes drawn at each node"
            admissible = r_admissibility(read.reading, weighted, package, settings, why)
            members.append(MemberCheck(k, len(weighted.rows), "admissibility", why, admissible))
    findings = _oob_findings(fit, trees, data)
    return ForestCheck(tuple(members), tuple(findings))


def _counts_by_row(data: Dataset, counts: Sequence[int]) -> list[int]:
    """The in-bag counts (one per row of the data R was given) as weights of every row."""
    weights = [0] * len(data.target)
    for row, count in zip(data.rows, counts, strict=True):
        weights[row] = count
    return weights


def _oob_findings(fit: RForestFit, trees: Sequence[Tree], data: Dataset) -> list[Finding]:
    """The forest's out-of-bag predictions and error against those rebuilt from its members."""
    answers = [predict_many(tree, data) for tree in trees]
    found: list[Finding] = []
    errors: list[float] = []
    classes = data.schema.is_classification
    for k, row in enumerate(data.rows):
        out = [answers[t][k] for t in range(len(trees)) if fit.inbag[t][k] == 0]
        theirs = fit.oob[k]
        where = f"{fit.package}'s out-of-bag prediction of row {row + 1}"
        if not out:
            if theirs is not None:
                found.append(
                    Finding(where, (), "a prediction of a row no member left out", theirs, "none")
                )
            continue
        if theirs is None:
            found.append(Finding(where, (), "no prediction", "none", str(out[0])))
            continue
        truth = data.target[row]
        if classes:
            votes = {label: out.count(label) for label in set(out)}
            top = max(votes.values())
            plural = sorted(str(label) for label, n in votes.items() if n == top)
            if theirs not in plural:
                found.append(Finding(where, (), "a class of the most votes", theirs, plural[0]))
            errors.append(float(theirs != truth))
        else:
            mean = math.fsum(float(a) for a in out) / len(out)
            if abs(float(theirs) - mean) > 1e-9 * max(1.0, abs(mean)):
                found.append(Finding(where, (), "the mean of the members", theirs, mean))
            errors.append((float(truth) - float(theirs)) ** 2)
    ours = math.fsum(errors) / len(errors) if errors else math.nan
    if errors and abs(fit.error - ours) > 1e-9 * max(1.0, abs(ours)):
        found.append(Finding(f"{fit.package}'s out-of-bag error", (), "the error", fit.error, ours))
    return found
