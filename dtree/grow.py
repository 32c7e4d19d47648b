"""Growing trees: the one top-down procedure, and its presets ID3, C4.5 and CART.

``grow(learner, data)`` is ``MakeSubtree(D)`` of the CS 760 notes::

    MakeSubtree(D):
        C = DetermineCandidateSplits(D)
        if stopping criteria met: make a leaf, predicting the plurality (or mean) of D
        else: S = FindBestSplit(D, C); for each outcome k of S: child k = MakeSubtree(D_k)

A frozen :class:`Learner` value says which candidates exist, how they are
scored and when to stop; :func:`id3`, :func:`c45` and :func:`cart` are
presets of it, and :data:`J48` is C4.5 as Weka's J48 grows it.

Conventions (what makes the result an oracle)
--------------------------------------------
* Candidates, one per attribute (its best split), in schema order:

  - a nominal attribute: one branch per value of its domain, in domain
    order (``nominal="multiway"``), or the best binary split ``In(S)`` /
    ``NotIn(S)`` (``nominal="subsets"``).  An attribute whose known
    values at the node are all one value separates nothing and is not a
    candidate;
  - a numeric attribute: the best cut ``x <= t`` / ``x > t`` among the
    boundary points (see :mod:`dtree.splits`); the first best in
    ascending order of t.  A numeric attribute can be split again below.
    With a ``resolution`` (C4.5, J48: 1e-5), values closer than it to
    their sorted neighbour are one value: no cut between them.

* Best split: the first candidate, in schema order, whose score equals
  the maximum.  Exact scores (Gini and misclassification of rational
  weights, squared error) compare exactly; entropy-based scores compare
  within :data:`dtree.impurity.TOLERANCE`.
* Stopping, in this order: the node is pure; it is at ``max_depth``; its
  weight is below ``min_samples_split`` (or below ``2 * min_objects``);
  no candidate is left; the best split scores below ``min_gain`` or its
  weighted decrease is below ``min_impurity_decrease``.  A leaf predicts
  the plurality of its examples, ties to the first class in the schema's
  class order (the mean for regression); an empty branch predicts its
  parent's.
* Weights: rows of weight 0 are dropped first, so they act as absent
  rows; an integer weight k acts exactly as k copies, because every
  count is a sum of weights.

The Lecture 10 notes' "base case 2" (stop when every remaining attribute
has the same information gain) is not offered: on XOR every gain at the
root is 0, so it never splits, and a learner that stops there cannot fit
consistent data, which is why the notes call it "not always a good base
case".  The case they illustrate, all gains 0, is ``min_gain`` set just
above 0; ties between positive gains are broken by schema order instead.
"""

from __future__ import annotations

import heapq
import itertools
import math
import operator
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from attrs import evolve, frozen

from dtree.conditions import Above, AtMost, Condition, Equals, In, NotIn, holds
from dtree.counts import (
    ClassStats,
    Counts,
    Moments,
    Stats,
    Table,
    central,
    class_totals,
    ratio,
    total,
)
from dtree.dataset import Dataset, Label, Nominal, Schema, Value, Weight, is_number
from dtree.errors import DtreeError, quote
from dtree.impurity import (
    TOLERANCE,
    Impurity,
    entropy,
    gini,
    impurity_decrease,
    misclassification,
)
from dtree.missing import most_likely_value
from dtree.progress import Report, meter
from dtree.significance import is_significant
from dtree.splits import (
    Cut,
    Part,
    Scan,
    Sums,
    best_cut,
    c45_threshold,
    j48_threshold,
    midpoint,
    squared_error,
)
from dtree.tree import Leaf, Sprout, Tree, unfold

__all__ = [
    "C45",
    "C45_RESOLUTION",
    "CART",
    "ID3",
    "J48",
    "MAX_ABS_TARGET",
    "MAX_SUBSET_VALUES",
    "Assessment",
    "Decision",
    "Learner",
    "Node",
    "StopRule",
    "assess",
    "averaged_attributes",
    "c45",
    "cart",
    "children",
    "decide",
    "grow",
    "id3",
    "root",
]

Criterion = Literal["entropy", "gini", "misclassification", "squared_error"]
Score = Literal["impurity_decrease", "gain_ratio"]
NominalSplits = Literal["multiway", "subsets"]
Threshold = Literal["midpoint", "c45", "j48"]
Missing = Literal["refuse", "fractional", "impute"]

IMPURITIES: Mapping[str, Impurity] = MappingProxyType(
    {"entropy": entropy, "gini": gini, "misclassification": misclassification}
)
CRITERIA = (*IMPURITIES, "squared_error")

MAX_SUBSET_VALUES = 12
"""With more than two classes, CART tries all 2^(m-1) - 1 subsets of m values;
beyond this many values it refuses rather than search exponentially."""

MAX_ABS_TARGET = 1e100
"""The largest magnitude of a regression target a tree is grown on.

A regression node keeps sum w*y and sum w*y^2 in floats, and the scan for
a cut squares sums of w*y: with the weights adding up to at most
:data:`dtree.dataset.MAX_TOTAL_WEIGHT` (2^128) and |y| <= 1e100, these stay
below 2^256 * 1e200, about 1.2e277, short of the largest float (1.8e308)."""

C45_RESOLUTION = 1e-5
"""C4.5 release 8 (``contin.c``: ``a < b - 1E-5``) and Weka's J48
(``C45Split``: ``a + 1e-5 < b``) cut between sorted neighbours a and b
only when they are more than this apart, and count only those cuts for
the MDL correction: the ``resolution`` of :data:`C45` and :data:`J48`."""

C45_AVERAGE_GAIN_SLACK = 1e-3
"""C4.5 (and J48) consider a split whose gain is at least the average gain
less this much."""


def _check_choice(name: str, value: object, choices: Sequence[str]) -> None:
    if value not in choices:
        raise DtreeError(f"unknown {name} {quote(value)}; choose one of {sorted(choices)}")


def _check_at_least_zero(name: str, value: object) -> None:
    if not is_number(value) or not math.isfinite(value) or value < 0:
        raise DtreeError(f"{name} must be a finite number >= 0, got {quote(value)}")


def _check_count(name: str, value: object, floor: int) -> None:
    if value is not None and (type(value) is not int or value < floor):
        raise DtreeError(f"{name} must be None or an integer >= {floor}, got {quote(value)}")


@frozen
class Learner:
    """How to grow a tree: candidate splits, their score, and when to stop.

    Candidates and scores:

    * ``impurity``: the i(t) of the goodness of split I(s, t) = i(t) -
      sum_b p_b i(t_b): ``entropy`` (information gain), ``gini``,
      ``misclassification``, or ``squared_error`` for a numeric target
      (variance; I(s, t) is the decrease of the residual sum of squares
      over the node's weight).
    * ``score``: ``impurity_decrease``, or C4.5's ``gain_ratio`` (the best
      gain ratio among the candidates whose gain is at least the average).
    * ``nominal``: ``multiway`` (a branch per value) or ``subsets``
      (CART's binary ``In`` / ``NotIn``); ``ordered_subsets``: with two
      classes or a numeric target, only the m - 1 splits of the values
      ordered by class share (mean) are tried even under a minimum branch
      weight, as rpart does (Breiman's theorem, which makes them enough,
      knows no such minimum: see :func:`_subsets`).
    * ``threshold``: ``midpoint`` of the two values a cut lies between;
      ``c45``: the largest value of the whole training set not above it
      (:func:`dtree.splits.c45_threshold`); or ``j48``: the same with
      Weka's tolerance, the largest value less than 1e-6 above it
      (:func:`dtree.splits.j48_threshold`), where J48 is the target.
    * ``resolution``: a numeric attribute is cut between sorted
      neighbours a < b only if a + resolution < b; values closer than
      that act as one value, both when cuts are enumerated and when the
      MDL correction counts them.  0 (the default): every two distinct
      values; C4.5 and J48: :data:`C45_RESOLUTION` (1e-5).
    * ``missing``: ``refuse`` (an error), ``fractional`` (C4.5: the score
      is computed on the known values and scaled by their weight share; a
      row with a missing value goes down every branch with weight
      proportional to the branch) or ``impute`` (the node's most likely
      value, :func:`dtree.missing.most_likely_value`).
    * ``mdl``: C4.5's correction of a numeric split's gain, minus
      log2(number of cuts) / (node weight).

    Pre-pruning: ``max_depth`` (None: no limit); ``min_samples_split`` (a
    node of less weight is a leaf); ``min_samples_leaf`` (each branch of
    a split that receives examples has at least this weight);
    ``min_objects`` (None, or C4.5's minimum: a node of less than twice
    this weight is a leaf, a nominal split needs two branches of this
    weight, and a cut needs 0.1 of the node's known weight per class
    each side, clipped to [min_objects, 25]); ``min_gain`` (the score of
    the split is at least this); ``min_impurity_decrease`` (scikit-learn's
    weighted decrease, W_t / W * I(s, t), is at least this);
    ``max_leaf_nodes`` (grow best first: always split the leaf of the
    largest weighted decrease, ties to the leaf made first, until the tree
    has this many leaves); ``significance`` (a split is made only if the
    chi-square test rejects independence of its outcome and the class at
    this level; candidates that fail are discarded).

    >>> Learner(max_depth=-1)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: max_depth must be None or an integer >= 0, got -1
    """

    impurity: Criterion = "entropy"
    score: Score = "impurity_decrease"
    nominal: NominalSplits = "multiway"
    threshold: Threshold = "midpoint"
    resolution: float = 0.0
    ordered_subsets: bool = False
    missing: Missing = "refuse"
    mdl: bool = False
    max_depth: int | None = None
    min_samples_split: Weight = 0
    min_samples_leaf: Weight = 0
    min_objects: Weight | None = None
    min_gain: float | Fraction = 0.0
    min_impurity_decrease: float | Fraction = 0.0
    max_leaf_nodes: int | None = None
    significance: float | None = None

    def __attrs_post_init__(self) -> None:
        _check_choice("impurity", self.impurity, CRITERIA)
        _check_choice("score", self.score, ("impurity_decrease", "gain_ratio"))
        _check_choice("nominal split", self.nominal, ("multiway", "subsets"))
        _check_choice("threshold policy", self.threshold, ("midpoint", "c45", "j48"))
        _check_choice("missing-value policy", self.missing, ("refuse", "fractional", "impute"))
        _check_count("max_depth", self.max_depth, 0)
        _check_count("max_leaf_nodes", self.max_leaf_nodes, 2)
        for name in (
            "resolution",
            "min_samples_split",
            "min_samples_leaf",
            "min_gain",
            "min_impurity_decrease",
        ):
            _check_at_least_zero(name, getattr(self, name))
        if self.min_objects is not None:
            _check_at_least_zero("min_objects", self.min_objects)
        level = self.significance
        if level is not None and not (is_number(level) and 0 < level <= 1):
            raise DtreeError(f"significance must be None or a level in (0, 1], got {quote(level)}")
        if self.score == "gain_ratio" and self.impurity != "entropy":
            raise DtreeError("the gain ratio is a ratio of entropies: use impurity='entropy'")


ID3 = Learner()
"""ID3 (Quinlan 1986): information gain, multiway nominal splits (numeric
attributes by midpoint thresholds), grown until pure; refuses missing values."""

C45 = Learner(
    score="gain_ratio",
    threshold="c45",
    resolution=C45_RESOLUTION,
    missing="fractional",
    mdl=True,
    min_objects=2,
)
"""C4.5 release 8 (Quinlan 1993, 1996), unpruned: gain ratio among the
candidates of at least average gain, the MDL correction log2(cuts) / N of
a numeric split, thresholds at training values not above the midpoint
(compared exactly, as C4.5 does), missing values by fractional weights,
``min_objects`` 2.  Numeric values less than 1e-5 apart
(:data:`C45_RESOLUTION`) are one value: C4.5 neither cuts between them
nor counts such a cut in the MDL correction."""

J48 = evolve(C45, threshold="j48")
"""C4.5 as Weka's J48 (3.6) grows it, before collapsing and pruning.

J48 grows as C4.5 release 8 does (:data:`C45`: the same resolution,
MDL correction, average-gain rule with its 1e-3 slack, and minimum
objects) except for the threshold: the largest training value less than
1e-6 above the midpoint (``threshold="j48"``), where C4.5 takes none
above it.  J48 with its defaults (``-C 0.25 -M 2``) is then
``pessimistic(collapse(tree), data=data, z="normal")`` of this tree
(:mod:`dtree.prune`), and ``J48 -U`` is ``collapse(tree)``; J48 -M m is
``evolve(J48, min_objects=m)``.  On the classification datasets of Weka
3.6's examples, default and ``-U``, the trees are J48's line for line.

Where they can still differ: J48 compares gains and gain ratios within
Weka's 1e-6 (a later candidate must beat the best by more) where dtree
uses :data:`dtree.impurity.TOLERANCE`; and where J48's threshold falls a
hair below the cut's lower value a (see
:func:`dtree.splits.j48_threshold`), dtree takes a: the same rows on each
side, a threshold printed up to 1e-6 higher."""

CART = Learner(impurity="gini", nominal="subsets")
"""CART (Breiman et al. 1984): binary splits, Gini, grown until pure."""


# -- the examples at a node --------------------------------------------------------------------


@frozen
class _Frame:
    """What every node of one growth shares: the data as the scan wants it."""

    learner: Learner
    data: Dataset
    targets: tuple[int, ...] | tuple[float, ...]  # class index, or y
    scaled: tuple[int, ...]  # y * 2^shift, exactly, for regression
    shift: int
    total_weight: Weight
    float_weights: bool  # the dataset's weights include floats: report counts as floats
    training_values: tuple[tuple[float, ...], ...]  # sorted distinct values, numeric columns
    in_row_order: tuple[tuple[float, ...], ...]  # known values in row order (threshold j48)
    complete: tuple[bool, ...]  # the column has no missing value in any row

    @property
    def classification(self) -> bool:
        return self.data.schema.is_classification


@frozen
class _Seed:
    """What MakeSubtree is called with: a node's rows, the weight each carries, its depth."""

    rows: tuple[int, ...]
    weights: tuple[Weight, ...]
    depth: int
    parent_prediction: Label | float
    integral: bool  # every weight is an int


def _exact(weight: Weight) -> int | Fraction:
    return weight if isinstance(weight, int) else Fraction(weight)


def _frame(learner: Learner, data: Dataset) -> _Frame:
    schema = data.schema
    if schema.is_classification:
        position = {label: k for k, label in enumerate(schema.classes)}
        targets: tuple[int, ...] | tuple[float, ...] = tuple(
            position[str(label)] for label in data.target
        )
        scaled: tuple[int, ...] = ()
        shift = 0
    else:
        targets = tuple(float(y) for y in data.target)
        ratios = [Fraction(y) for y in targets]
        shift = max((q.denominator.bit_length() - 1 for q in ratios), default=0)
        scaled = tuple(q.numerator << (shift - q.denominator.bit_length() + 1) for q in ratios)
    numeric_values = tuple(
        tuple(sorted({float(column[r]) for r in data.rows if column[r] is not None}))  # type: ignore[arg-type]
        if not isinstance(attribute.domain, Nominal)
        else ()
        for attribute, column in zip(schema.attributes, data.columns, strict=True)
    )
    present = data.rows
    in_row_order = tuple(
        tuple(float(column[r]) for r in present if column[r] is not None)  # type: ignore[arg-type]
        if learner.threshold == "j48" and not isinstance(attribute.domain, Nominal)
        else ()
        for attribute, column in zip(schema.attributes, data.columns, strict=True)
    )
    return _Frame(
        learner,
        data,
        targets,
        scaled,
        shift,
        total(data.weights[r] for r in present),
        any(isinstance(data.weights[r], float) for r in present),
        numeric_values,
        in_row_order,
        tuple(all(column[r] is not None for r in present) for column in data.columns),
    )


def _reported(frame: _Frame, weight: Weight) -> Weight:
    return float(weight) if frame.float_weights else weight


def _class_counts(frame: _Frame, rows: Sequence[int], weights: Sequence[Weight]) -> Counts:
    counts: list[Weight] = [0] * len(frame.data.schema.classes)
    if _units(weights):  # the common case: count the classes at C speed
        for k, count in Counter(map(frame.targets.__getitem__, rows)).items():
            counts[k] = count  # type: ignore[call-overload]  # classification: class indices
        return tuple(counts)
    for row, weight in zip(rows, weights, strict=True):
        counts[frame.targets[row]] += weight  # type: ignore[index]
    return tuple(counts)


def _units(weights: Sequence[Weight]) -> bool:
    """Whether every weight is the integer 1."""
    return set(map(type, weights)) <= {int} and list(weights).count(1) == len(weights)


def _sums(frame: _Frame, rows: Sequence[int], weights: Sequence[Weight]) -> Sums:
    """(W, sum w*y, sum w*y^2) exactly, from the scaled integer targets."""
    scale = 1 << frame.shift
    first = sum(w * frame.scaled[r] for r, w in zip(rows, weights, strict=True))
    second = sum(w * frame.scaled[r] ** 2 for r, w in zip(rows, weights, strict=True))
    return Sums(total(weights), Fraction(first) / scale, Fraction(second) / scale**2)


def _part(frame: _Frame, rows: Sequence[int], weights: Sequence[Weight]) -> Part:
    if frame.classification:
        return _class_counts(frame, rows, weights)
    return _sums(frame, rows, weights)


def _stats(frame: _Frame, seed: _Seed) -> Stats:
    if frame.classification:
        counts = _class_counts(frame, seed.rows, seed.weights)
        reported = tuple(map(float, counts)) if frame.float_weights else counts
        return ClassStats(frame.data.schema.classes, reported)
    pairs = [
        (float(w), float(frame.targets[r])) for r, w in zip(seed.rows, seed.weights, strict=True)
    ]
    return Moments(
        _reported(frame, total(seed.weights)),
        math.fsum(w * y for w, y in pairs),
        math.fsum(w * y * y for w, y in pairs),
    )


# -- candidate splits -----------------------------------------------------------------------


@frozen
class _Candidate:
    """One attribute's best split at a node, and its score."""

    attribute: str
    conditions: tuple[Condition, ...]
    parts: tuple[Part, ...]  # of the rows with a known value, one per branch
    missing: Weight  # the weight of the rows whose value is missing
    cuts: int  # the cuts a numeric attribute allowed (C4.5's MDL correction), else 0
    screen: float  # the score in floats, to find the few candidates worth scoring exactly
    branch_of: Callable[[Value], int]  # the branch a known value goes down
    fill: Value  # what a missing value is taken to be (impute), else None


@frozen
class _Column:
    """A node's rows with a known value of one attribute."""

    rows: tuple[int, ...]
    weights: tuple[Weight, ...]
    values: tuple[Value, ...]
    missing: Weight
    fill: Value


def _column(frame: _Frame, seed: _Seed, index: int) -> _Column:
    """The node's rows with a known (or imputed) value; an attribute whose every value
    is missing here has no known rows and is no candidate."""
    column = frame.data.columns[index]
    values = tuple(map(column.__getitem__, seed.rows))
    if None not in values:
        return _Column(seed.rows, seed.weights, values, 0, None)
    if frame.learner.missing == "impute" and any(value is not None for value in values):
        name = frame.data.schema.attributes[index].name
        fill = most_likely_value(frame.data.subset(seed.rows), name)
        filled = tuple(fill if value is None else value for value in values)
        return _Column(seed.rows, seed.weights, filled, 0, fill)
    known = [i for i, value in enumerate(values) if value is not None]
    missing = total(w for w, v in zip(seed.weights, values, strict=True) if v is None)
    return _Column(
        tuple(seed.rows[i] for i in known),
        tuple(seed.weights[i] for i in known),
        tuple(values[i] for i in known),
        missing,
        None,
    )


def _weight(part: Part) -> Weight:
    return part.weight if isinstance(part, Sums) else total(part)


def _sum_parts(parts: Sequence[Part]) -> Part:
    if isinstance(parts[0], Sums):
        sums: Sequence[Sums] = parts  # type: ignore[assignment]
        return Sums(
            total(s.weight for s in sums),
            sum((s.first for s in sums), Fraction(0)),
            sum((s.second for s in sums), Fraction(0)),
        )
    return class_totals(parts)  # type: ignore[arg-type]


def _decrease(frame: _Frame, parts: Sequence[Part]) -> Fraction | float:
    """I(s, t) = i(t) - sum_b p_b i(t_b) over the known values."""
    if frame.classification:
        return impurity_decrease(tuple(parts), IMPURITIES[frame.learner.impurity])  # type: ignore[arg-type]
    sums: list[Sums] = list(parts)  # type: ignore[arg-type]
    whole: Sums = _sum_parts(sums)  # type: ignore[assignment]
    residual = squared_error(whole) - sum(map(squared_error, sums), Fraction(0))
    return residual / Fraction(whole.weight)


def _score(
    frame: _Frame, parts: Sequence[Part], missing: Weight, cuts: int = 0
) -> Fraction | float:
    """The decrease, scaled by the known share (C4.5), less the MDL charge for ``cuts``."""
    known = total(_weight(part) for part in parts)
    score = _decrease(frame, parts)
    if missing:
        score = ratio(known, known + missing) * score
    if cuts and frame.learner.mdl:
        score = score - math.log2(cuts) / float(known + missing)
    return score


def _allowed(learner: Learner, parts: Sequence[Part]) -> bool:
    """Whether a split's branches are heavy enough for the learner."""
    weights = [_weight(part) for part in parts]
    filled = [w for w in weights if w > 0]
    if len(filled) < 2 or any(w < learner.min_samples_leaf for w in filled):
        return False
    least = learner.min_objects
    return least is None or sum(1 for w in weights if w >= least) >= 2


def _by_value(frame: _Frame, column: _Column, values: tuple[str, ...]) -> tuple[Part, ...]:
    """The part of each value of a nominal attribute, in domain order."""
    branch = {value: b for b, value in enumerate(values)}
    rows: list[list[int]] = [[] for _ in values]
    weights: list[list[Weight]] = [[] for _ in values]
    for row, weight, value in zip(column.rows, column.weights, column.values, strict=True):
        rows[branch[str(value)]].append(row)
        weights[branch[str(value)]].append(weight)
    return tuple(_part(frame, r, w) for r, w in zip(rows, weights, strict=True))


def _multiway(
    frame: _Frame, name: str, column: _Column, values: tuple[str, ...]
) -> _Candidate | None:
    """One branch per value of the domain, in domain order."""
    parts = _by_value(frame, column, values)
    if not _allowed(frame.learner, parts):
        return None
    branch = {value: b for b, value in enumerate(values)}
    return _Candidate(
        name,
        tuple(Equals(name, value) for value in values),
        parts,
        column.missing,
        0,
        float(_score(frame, parts, column.missing)),
        lambda value: branch[str(value)],
        column.fill,
    )


def _subsets(
    present: Sequence[str], parts: Sequence[Part], frame: _Frame
) -> Iterator[frozenset[str]]:
    """The left sides of CART's binary splits of the node's values, in a fixed order.

    The left side always holds the first present value (in domain order),
    so each split appears once.  With two classes or a numeric target,
    Breiman et al. (1984, Theorem 4.5) show the best split is among the
    m - 1 splits of the values ordered by the proportion of the second
    class (by mean response): only those are tried, and ties among them
    go to the first in that order.  The theorem knows no minimum branch
    weight: with ``min_samples_leaf`` or ``min_objects`` (unless the
    learner's ``ordered_subsets``, rpart's way, says to keep to the m - 1),
    and with more than two classes, all 2^(m-1) - 1 are tried, by the
    binary number of the other values they hold.
    """
    m = len(present)
    learner = frame.learner
    constrained = not learner.ordered_subsets and (
        learner.min_samples_leaf > 0 or learner.min_objects is not None
    )
    if constrained or (frame.classification and len(frame.data.schema.classes) > 2):
        if m > MAX_SUBSET_VALUES:
            raise DtreeError(
                f"{m} values at a node: with more than two classes or a minimum branch "
                f"weight CART tries all 2^{m - 1} - 1 subsets; merge values or use "
                "nominal='multiway'"
            )
        for mask in range(2 ** (m - 1) - 1):
            yield frozenset([present[0]] + [present[j + 1] for j in range(m - 1) if mask >> j & 1])
        return
    order = sorted(range(m), key=lambda j: (_response(parts[j]), j))
    for cut in range(1, m):
        left = frozenset(present[j] for j in order[:cut])
        yield left if present[0] in left else frozenset(present) - left


def _response(part: Part) -> Fraction | float:
    if isinstance(part, Sums):
        return part.first / Fraction(part.weight)
    return ratio(part[-1], total(part))


def _binary_subsets(
    frame: _Frame, name: str, column: _Column, values: tuple[str, ...]
) -> _Candidate | None:
    """CART's best split of a nominal attribute into a subset and the rest."""
    by_value = _by_value(frame, column, values)
    present = [v for v, part in zip(values, by_value, strict=True) if _weight(part) > 0]
    parts = [part for part in by_value if _weight(part) > 0]
    if len(present) < 2:
        return None
    best: _Candidate | None = None
    best_score: Fraction | float = 0
    for left in _subsets(present, parts, frame):
        two = (
            _sum_parts([p for v, p in zip(present, parts, strict=True) if v in left]),
            _sum_parts([p for v, p in zip(present, parts, strict=True) if v not in left]),
        )
        if not _allowed(frame.learner, two):
            continue
        score = _score(frame, two, column.missing)
        if best is None or not _reaches(best_score, score):
            best = _Candidate(
                name,
                (In(name, left), NotIn(name, left)),
                two,
                column.missing,
                0,
                float(score),
                _membership(left),
                column.fill,
            )
            best_score = score
    return best


def _membership(left: frozenset[str]) -> Callable[[Value], int]:
    return lambda value: 0 if value in left else 1


def _c45_min_split(min_objects: Weight, known: Weight, n_classes: int) -> Weight:
    """C4.5's least weight each side of a cut: 0.1 of the known weight per class, clipped."""
    share = ratio(known, 10 * n_classes)
    if share <= min_objects:
        return min_objects
    return min(share, 25)


def _threshold(frame: _Frame, index: int, below: float, above: float) -> float:
    """``midpoint``, or C4.5's (J48's) largest training value not above the midpoint."""
    match frame.learner.threshold:
        case "midpoint":
            return midpoint(below, above)
        case "c45":
            return c45_threshold(below, above, frame.training_values[index])
        case "j48":
            in_row_order = frame.in_row_order[index]
            return j48_threshold(below, above, frame.training_values[index], in_row_order)


def _parts_of_cut(frame: _Frame, column: _Column, below: float) -> tuple[Part, Part]:
    """The exact parts x <= below and x > below, counted afresh."""
    side = [value > below for value in column.values]  # type: ignore[operator]
    left, right = (
        _part(
            frame,
            [r for r, s in zip(column.rows, side, strict=True) if s is upper],
            [w for w, s in zip(column.weights, side, strict=True) if s is upper],
        )
        for upper in (False, True)
    )
    return left, right


def _scan(frame: _Frame, seed: _Seed, index: int) -> tuple[_Column, Scan] | None:
    """Scan a numeric attribute's known values at a node for its near-best cuts."""
    learner = frame.learner
    column = _column(frame, seed, index) if not _by_row(frame, seed, index) else None
    if column is None:  # the common case: scan the dataset's own columns, by row
        column = _Column(seed.rows, seed.weights, (), 0, None)
        values, targets, weights = frame.data.columns[index], frame.targets, frame.data.weights
        rows: Sequence[int] = seed.rows
    else:
        values, targets = column.values, tuple(map(frame.targets.__getitem__, column.rows))
        weights = column.weights  # exact: the scan decides min_side exactly
        rows = range(len(column.rows))
    min_side: Weight = learner.min_samples_leaf
    if learner.min_objects is not None:
        known = total(column.weights)
        least = _c45_min_split(learner.min_objects, known, len(frame.data.schema.classes))
        if known < 2 * least:
            return None
        min_side = max(min_side, least)
    scan = best_cut(
        values,  # type: ignore[arg-type]
        targets,
        weights,  # type: ignore[arg-type]
        criterion=learner.impurity,
        n_classes=len(frame.data.schema.classes) if frame.classification else 0,
        min_side=min_side,  # type: ignore[arg-type]
        rows=rows,
        exact_ties=not learner.mdl,  # MDL's score is a float: its ties are _numeric's to decide
        resolution=learner.resolution,
    )
    return column, scan


def _by_row(frame: _Frame, seed: _Seed, index: int) -> bool:
    """Whether the scan can read the dataset's columns directly: integer weights as in the
    data (no fractional split above), classes, and no missing value in the column."""
    return seed.integral and frame.classification and frame.complete[index]


def _numeric(frame: _Frame, seed: _Seed, index: int) -> _Candidate | None:
    """The best cut x <= t of a numeric attribute (see :mod:`dtree.splits`)."""
    learner = frame.learner
    scanned = _scan(frame, seed, index)
    if scanned is None:
        return None
    column, scan = scanned
    found: list[tuple[Fraction | float | None, float, tuple[Part, ...]]] = []
    for cut, left in zip(scan.cuts, scan.lefts, strict=True):
        parts = _cut_parts(frame, seed, column, scan, cut=cut, left=left)
        if _allowed(learner, parts):
            found.append((None, _threshold(frame, index, cut.below, cut.above), parts))
    if len(found) > 1 or (found and learner.mdl):  # near ties, or C4.5's sign test: exactly
        found = [(_score(frame, p, column.missing, scan.allowed), t, p) for _, t, p in found]
        top = max(score for score, _, _ in found)  # type: ignore[type-var]
        found = [next(f for f in found if _reaches(f[0], top))]  # type: ignore[arg-type]
    if not found or (learner.mdl and found[0][0] <= 0):  # type: ignore[operator]
        return None
    score, t, parts = found[0]
    screen = scan.decrease if score is None else float(score)
    if score is None and column.missing:
        known = total(column.weights)
        screen *= float(ratio(known, known + column.missing))
    name = frame.data.schema.attributes[index].name
    return _Candidate(
        name,
        (AtMost(name, t), Above(name, t)),
        parts,
        column.missing,
        scan.allowed,
        screen,
        lambda value: 0 if value <= t else 1,  # type: ignore[operator]
        column.fill,
    )


def _cut_parts(
    frame: _Frame, seed: _Seed, column: _Column, scan: Scan, *, cut: Cut, left: tuple[Weight, ...]
) -> tuple[Part, ...]:
    """The exact parts of a cut: from the scan's counts when they are integers, else afresh."""
    if seed.integral and frame.classification:
        counts: Counts = tuple(left)  # sums of the integer weights: exact
        rest = tuple(map(operator.sub, scan.totals, counts))
        return counts, rest
    return _parts_of_cut(frame, column, cut.below)


def _candidates(frame: _Frame, seed: _Seed) -> Iterator[_Candidate]:
    """DetermineCandidateSplits: each attribute's best split, in schema order."""
    for index, attribute in enumerate(frame.data.schema.attributes):
        match attribute.domain:
            case Nominal(values) if frame.learner.nominal == "multiway":
                candidate = _multiway(frame, attribute.name, _column(frame, seed, index), values)
            case Nominal(values):
                column = _column(frame, seed, index)
                candidate = _binary_subsets(frame, attribute.name, column, values)
            case _:
                candidate = _numeric(frame, seed, index)
        if candidate is not None and _significant(frame, candidate):
            yield candidate


def _significant(frame: _Frame, candidate: _Candidate) -> bool:
    level = frame.learner.significance
    if level is None:
        return True
    table: Table = candidate.parts  # type: ignore[assignment]  # classification: Counts
    return is_significant(table, level)


# -- FindBestSplit ----------------------------------------------------------------------------


def _reaches(score: Fraction | float, bound: Fraction | float) -> bool:
    """score >= bound: exactly for exact scores, within TOLERANCE for logarithmic ones."""
    slack = TOLERANCE if isinstance(score, float) or isinstance(bound, float) else 0
    return score >= bound - slack


_NEAR = 1e-9
"""Candidates whose float score is within this (relative) of the best are scored exactly."""

Scored = tuple[_Candidate, Fraction | float]


def _exact_score(frame: _Frame, candidate: _Candidate) -> Fraction | float:
    return _score(frame, candidate.parts, candidate.missing, candidate.cuts)


def _first_best(scored: Sequence[Scored], key: Callable[[Scored], Fraction | float]) -> Scored:
    """The first candidate whose key equals the maximum."""
    top = max(map(key, scored))
    return next(item for item in scored if _reaches(key(item), top))


def _best_decrease(frame: _Frame, candidates: Sequence[_Candidate]) -> Scored:
    """FindBestSplit: the first candidate of the largest score."""
    top = max(candidate.screen for candidate in candidates)
    near = [c for c in candidates if c.screen >= top - _NEAR * max(1.0, abs(top))]
    return _first_best([(c, _exact_score(frame, c)) for c in near], lambda item: item[1])


def _split_information(candidate: _Candidate) -> float:
    """H of the outcome, counting a missing value as an outcome of its own (C4.5)."""
    outcomes = [_weight(part) for part in candidate.parts] + [candidate.missing]
    return entropy([w for w in outcomes if w > 0])


def _gain_ratio(item: Scored) -> float:
    candidate, gain = item
    information = _split_information(candidate)
    return 0.0 if information <= TOLERANCE else float(gain) / information


def averaged_attributes(schema: Schema, weight: Weight) -> frozenset[str]:
    """The attributes whose gains make C4.5's average gain at a node of this weight.

    C4.5 and J48 choose the best gain ratio among the splits whose gain is
    at least the average gain; a nominal attribute with at least 0.3 *
    (the node's weight) values does not count towards that average (it is
    nearly an identifier there), unless every attribute is such.

    >>> from dtree.datasets import load
    >>> sorted(averaged_attributes(load("restaurant").schema, 12))  # 0.3 * 12 = 3.6 values
    ['Alt', 'Bar', 'Fri', 'Hun', 'Pat', 'Price', 'Rain', 'Res']

    See also: :func:`dtree.impurity.gain_ratio`.
    """
    names = frozenset(schema.names)
    many = frozenset(
        a.name
        for a in schema.attributes
        if isinstance(a.domain, Nominal) and len(a.domain.values) >= 0.3 * weight
    )
    return names if many == names else names - many


def _best_gain_ratio(frame: _Frame, candidates: Sequence[_Candidate]) -> Scored | None:
    """C4.5: the best gain ratio among the candidates whose gain is at least the average
    of the :func:`averaged_attributes`' gains; the gain ratio must be positive."""
    averaged = averaged_attributes(frame.data.schema, frame.total_weight)
    scored = [(c, _exact_score(frame, c)) for c in candidates]
    counted = [gain for c, gain in scored if c.attribute in averaged]
    if not counted:
        return None
    average = sum(map(float, counted)) / len(counted)
    eligible = [item for item in scored if item[1] >= average - C45_AVERAGE_GAIN_SLACK]
    best = _first_best(eligible, _gain_ratio)
    return best if _gain_ratio(best) > TOLERANCE else None


def _is_pure(frame: _Frame, seed: _Seed, stats: Stats) -> bool:
    if isinstance(stats, ClassStats):
        return stats.is_pure
    return len({frame.targets[row] for row in seed.rows}) <= 1


StopRule = Literal[
    "pure",
    "max_depth",
    "min_samples_split",
    "min_objects",
    "no_candidate",
    "no_positive_gain_ratio",
    "min_gain",
    "min_impurity_decrease",
]
"""Why MakeSubtree makes a node a leaf: the stopping rule that holds there, in the order
they are checked (see the module's conventions)."""


def _find_best_split(frame: _Frame, seed: _Seed, stats: Stats) -> Scored | StopRule:
    """The split MakeSubtree makes at this node and its score, or the rule that stops it."""
    learner = frame.learner
    weight = total(seed.weights)
    if _is_pure(frame, seed, stats):
        return "pure"
    if seed.depth == learner.max_depth:
        return "max_depth"
    if weight < learner.min_samples_split:
        return "min_samples_split"
    if learner.min_objects is not None and weight < 2 * learner.min_objects:
        return "min_objects"
    candidates = list(_candidates(frame, seed))
    if not candidates:
        return "no_candidate"
    if learner.score == "gain_ratio":
        best = _best_gain_ratio(frame, candidates)
    else:
        best = _best_decrease(frame, candidates)
    if best is None:
        return "no_positive_gain_ratio"
    if not _reaches(best[1], learner.min_gain):
        return "min_gain"
    weighted = ratio(weight, frame.total_weight) * best[1]
    return best if _reaches(weighted, learner.min_impurity_decrease) else "min_impurity_decrease"


# -- MakeSubtree ------------------------------------------------------------------------------


def _partition(
    frame: _Frame, seed: _Seed, split: _Candidate
) -> list[tuple[list[int], list[Weight]]]:
    """D_k for each outcome k; a missing value goes down every branch, by its share (C4.5)."""
    column = frame.data.columns[frame.data.schema.index(split.attribute)]
    if len(split.conditions) == 2 and not split.missing and split.fill is None:
        # every value known, two branches: select each side's rows at C speed
        right = list(map(split.branch_of, map(column.__getitem__, seed.rows)))
        left = list(map(operator.not_, right))
        return [
            (
                list(itertools.compress(seed.rows, side)),
                list(itertools.compress(seed.weights, side)),
            )
            for side in (left, right)
        ]
    parts: list[tuple[list[int], list[Weight]]] = [([], []) for _ in split.conditions]
    known = total(_weight(part) for part in split.parts)
    shares = [ratio(_weight(part), known) for part in split.parts]
    for row, weight in zip(seed.rows, seed.weights, strict=True):
        value = column[row]
        if value is None and split.fill is not None:
            value = split.fill
        if value is not None:
            rows, weights = parts[split.branch_of(value)]
            rows.append(row)
            weights.append(weight)
            continue
        for (rows, weights), share in zip(parts, shares, strict=True):
            if share > 0:
                rows.append(row)
                weights.append(weight * share)
    return parts


def _leaf(frame: _Frame, seed: _Seed) -> tuple[Leaf, Scored | None]:
    """The node as a leaf, and the split that would replace it (None: it stays a leaf)."""
    if not seed.rows:
        empty: Stats
        if frame.classification:
            empty = ClassStats(frame.data.schema.classes, (0,) * len(frame.data.schema.classes))
        else:
            empty = Moments(0, 0.0, 0.0)
        return Leaf(seed.parent_prediction, empty), None
    stats = _stats(frame, seed)
    found = _find_best_split(frame, seed, stats)
    return Leaf(central(stats), stats), None if isinstance(found, str) else found


def _sprout(frame: _Frame, seed: _Seed, leaf: Leaf, split: _Candidate) -> Sprout[_Seed]:
    return Sprout(
        split.conditions,
        tuple(
            _Seed(
                tuple(rows),
                tuple(weights),
                seed.depth + 1,
                leaf.prediction,
                seed.integral and not split.missing,
            )
            for rows, weights in _partition(frame, seed, split)
        ),
        leaf.stats,
    )


def _make_subtree(frame: _Frame, seed: _Seed) -> Leaf | Sprout[_Seed]:
    leaf, split = _leaf(frame, seed)
    return leaf if split is None else _sprout(frame, seed, leaf, split[0])


def _grow_best_first(
    frame: _Frame, root: _Seed, limit: int, settle: Callable[[_Seed], None]
) -> Tree:
    """Split the leaf of largest weighted decrease first, until there are ``limit`` leaves.

    ``settle`` is told of each seed that stays a leaf, as soon as that is known."""
    decided: dict[int, Leaf | Sprout[_Seed]] = {}
    frontier: list[tuple[Fraction | float, int, _Seed, Leaf, _Candidate]] = []
    made = itertools.count()

    def consider(seed: _Seed) -> None:
        leaf, split = _leaf(frame, seed)
        decided[id(seed)] = leaf
        if split is not None:
            candidate, score = split
            priority = ratio(total(seed.weights), frame.total_weight) * score
            heapq.heappush(frontier, (-priority, next(made), seed, leaf, candidate))
        else:
            settle(seed)

    leaves = 1
    consider(root)
    while frontier:
        _, _, seed, leaf, split = heapq.heappop(frontier)
        if leaves + len(split.conditions) - 1 > limit:
            settle(seed)
            continue
        leaves += len(split.conditions) - 1
        sprout = _sprout(frame, seed, leaf, split)
        decided[id(seed)] = sprout
        for child in sprout.seeds:
            consider(child)
    return unfold(root, lambda seed: decided[id(seed)])


# -- the procedure and its presets ----------------------------------------------------------


def _check(learner: Learner, data: Dataset) -> None:
    schema = data.schema
    if schema.is_classification and learner.impurity == "squared_error":
        raise DtreeError(
            f"target {quote(schema.target.name)} holds classes: squared error is for a numeric "
            "target; use gini, entropy or misclassification"
        )
    if not schema.is_classification and learner.impurity != "squared_error":
        raise DtreeError(
            f"target {quote(schema.target.name)} is numeric: {learner.impurity} needs classes;"
            " declare them (classes=..., or --classes on the command line), or grow a regression"
            " tree with cart and the squared_error criterion (its default for a numeric target)"
        )
    if not schema.is_classification and not all(
        -MAX_ABS_TARGET <= y <= MAX_ABS_TARGET  # type: ignore[operator]  # numeric target
        for y in map(data.target.__getitem__, data.rows)
    ):
        raise DtreeError(
            f"target {quote(schema.target.name)} has values beyond MAX_ABS_TARGET = 1e100 in "
            "magnitude, whose squares times the weights overflow floats; rescale the target"
        )
    if not schema.is_classification and learner.significance is not None:
        raise DtreeError("the significance test needs classes; a regression tree has none")
    if not schema.is_classification and learner.min_objects is not None:
        raise DtreeError(
            "min_objects is C4.5's minimum, a share of the weight per class; a regression "
            "tree has no classes: use min_samples_leaf"
        )
    if learner.missing != "refuse":
        return
    for row in data.rows:
        for attribute, column in zip(schema.attributes, data.columns, strict=True):
            if column[row] is None:
                raise DtreeError(
                    "missing value: this learner refuses missing values; choose "
                    "missing='impute' or 'fractional' (--missing on the command line), "
                    "or use c45",
                    row=row + 1,
                    column=attribute.name,
                )


def grow(learner: Learner, data: Dataset, *, progress: Report | None = None) -> Tree:
    """Grow a tree from ``data`` as ``learner`` says (MakeSubtree of the CS 760 notes).

    ``progress``, if given, is told the share of the training weight that
    has settled in leaves (see :mod:`dtree.progress`): it never falls, and
    reaches 1 when the tree is complete.

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(grow(ID3, load("xor"))))
    root [0: 2, 1: 2]
    Z1 = 0 [0: 1, 1: 1]
    |   Z2 = 0 [0: 1, 1: 0]: 0
    |   Z2 = 1 [0: 0, 1: 1]: 1
    Z1 = 1 [0: 1, 1: 1]
    |   Z2 = 0 [0: 0, 1: 1]: 1
    |   Z2 = 1 [0: 1, 1: 0]: 0
    """
    start = root(learner, data)
    frame, first = start._frame, start._seed
    whole = float(frame.total_weight)
    advance = meter(progress, whole, "growing")
    settled = 0.0

    def settle(seed: _Seed) -> None:
        nonlocal settled
        if progress is not None:
            settled += float(sum(seed.weights))
            advance(settled)

    def make_subtree(seed: _Seed) -> Leaf | Sprout[_Seed]:
        node = _make_subtree(frame, seed)
        if isinstance(node, Leaf):
            settle(seed)
        return node

    if learner.max_leaf_nodes is not None:
        tree = _grow_best_first(frame, first, learner.max_leaf_nodes, settle)
    elif progress is None:
        tree = unfold(first, lambda seed: _make_subtree(frame, seed))
    else:
        tree = unfold(first, make_subtree)
    advance(whole)
    return tree


def id3(
    data: Dataset,
    *,
    max_depth: int | None = None,
    min_samples_split: Weight = 0,
    min_gain: float | Fraction = 0.0,
    significance: float | None = None,
    missing: Missing = "refuse",
    progress: Report | None = None,
) -> Tree:
    """ID3: information gain, multiway nominal splits, grown until pure.

    Reproduces the PlayTennis tree of Mitchell's Table 3.2 (CS 760 notes):

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(id3(load("play-tennis"))))
    root [No: 5, Yes: 9]
    Outlook = Overcast [No: 0, Yes: 4]: Yes
    Outlook = Rain [No: 2, Yes: 3]
    |   Wind = Strong [No: 2, Yes: 0]: No
    |   Wind = Weak [No: 0, Yes: 3]: Yes
    Outlook = Sunny [No: 3, Yes: 2]
    |   Humidity = High [No: 3, Yes: 0]: No
    |   Humidity = Normal [No: 0, Yes: 2]: Yes

    See also: :func:`grow`, :data:`ID3`, :func:`c45`, :func:`cart`.
    """
    learner = evolve(
        ID3,
        max_depth=max_depth,
        min_samples_split=min_samples_split,
        min_gain=min_gain,
        significance=significance,
        missing=missing,
    )
    return grow(learner, data, progress=progress)


def c45(
    data: Dataset,
    *,
    min_objects: Weight = 2,
    max_depth: int | None = None,
    significance: float | None = None,
    missing: Missing = "fractional",
    progress: Report | None = None,
) -> Tree:
    """C4.5 (release 8), before pruning.

    Gain ratio among the candidates whose gain is at least the average;
    multiway nominal splits; numeric cuts with the MDL correction and
    C4.5's minimum split size, values within 1e-5 taken as one, thresholds
    at training values; missing values by fractional weights.  Weka's J48
    grows the same tree but for its threshold rule (:data:`J48`), and
    collapses it before pruning.  Quinlan's golf tree (C4.5, 1993):

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(c45(load("golf"))))
    root [Play: 9, "Don't Play": 5]
    outlook = overcast [Play: 4, "Don't Play": 0]: Play
    outlook = rain [Play: 3, "Don't Play": 2]
    |   windy = false [Play: 3, "Don't Play": 0]: Play
    |   windy = true [Play: 0, "Don't Play": 2]: "Don't Play"
    outlook = sunny [Play: 2, "Don't Play": 3]
    |   humidity <= 75 [Play: 2, "Don't Play": 0]: Play
    |   humidity > 75 [Play: 0, "Don't Play": 3]: "Don't Play"

    See also: :func:`grow`, :data:`C45`, :func:`id3`, :func:`cart`.
    """
    learner = evolve(
        C45,
        min_objects=min_objects,
        max_depth=max_depth,
        significance=significance,
        missing=missing,
    )
    return grow(learner, data, progress=progress)


def cart(
    data: Dataset,
    *,
    criterion: Criterion | None = None,
    max_depth: int | None = None,
    min_samples_split: Weight = 0,
    min_samples_leaf: Weight = 0,
    min_impurity_decrease: float | Fraction = 0.0,
    max_leaf_nodes: int | None = None,
    significance: float | None = None,
    missing: Missing = "refuse",
    progress: Report | None = None,
) -> Tree:
    """CART: binary splits, Gini by default, a regression tree for a numeric target.

    Numeric attributes by midpoint thresholds, nominal ones by subsets;
    ``criterion`` is ``gini`` (default), ``entropy`` or
    ``misclassification``, or ``squared_error`` (the default and only
    choice for a numeric target).  The options mean what they mean in
    scikit-learn, with weights in place of sample counts.

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(cart(load("golf"), max_depth=1)))
    root [Play: 9, "Don't Play": 5]
    outlook in {overcast} [Play: 4, "Don't Play": 0]: Play
    outlook not in {overcast} [Play: 5, "Don't Play": 5]: Play

    See also: :func:`grow`, :data:`CART`, :func:`id3`, :func:`c45`.
    """
    if criterion is None:
        criterion = "gini" if data.schema.is_classification else "squared_error"
    learner = evolve(
        CART,
        impurity=criterion,
        max_depth=max_depth,
        min_samples_split=min_samples_split,
        min_samples_leaf=min_samples_leaf,
        min_impurity_decrease=min_impurity_decrease,
        max_leaf_nodes=max_leaf_nodes,
        significance=significance,
        missing=missing,
    )
    return grow(learner, data, progress=progress)


# -- one node, as the grower sees it ----------------------------------------------------------


@frozen(eq=False)
class Node:
    """A node of a growth: the rows that reach it, the weight each carries there, its depth.

    What :func:`grow` would do at any node of any tree, dtree's or another
    system's, is asked of a :class:`Node`: :func:`decide` (the split
    MakeSubtree makes, or the rule that stops it), :func:`assess` (the
    learner's score of a given split) and :func:`children` (the nodes below
    a given split).  Start from :func:`root`.
    """

    _frame: _Frame
    _seed: _Seed

    @property
    def rows(self) -> tuple[int, ...]:
        """The rows of the dataset that reach the node (a missing value sends a row down
        every branch, with a share of its weight)."""
        return self._seed.rows

    @property
    def weights(self) -> tuple[Weight, ...]:
        """The weight of each of :attr:`rows` at the node."""
        return self._seed.weights

    @property
    def depth(self) -> int:
        return self._seed.depth

    @property
    def weight(self) -> Weight:
        return total(self._seed.weights)


@frozen
class Assessment:
    """A split at a node as the learner scores it.

    ``score`` is the learner's score (the impurity decrease or gain, scaled
    by the known share and less the MDL charge, as :func:`grow` compares
    it); with ``score="gain_ratio"``, ``gain_ratio`` is the ratio and
    ``eligible`` whether the gain reaches the node's average, C4.5's
    condition for the ratio to count.  :attr:`key` is what the learner
    maximises.
    """

    conditions: tuple[Condition, ...]
    score: Fraction | float
    gain_ratio: float | None = None
    eligible: bool = True

    @property
    def key(self) -> Fraction | float:
        return self.score if self.gain_ratio is None else self.gain_ratio


@frozen
class Decision:
    """What MakeSubtree does at a node: ``best``, the split it makes, or ``stop``, the rule
    that makes the node a leaf; ``candidates`` are the attributes' best splits."""

    best: Assessment | None
    stop: StopRule | None
    candidates: tuple[Assessment, ...]


def root(learner: Learner, data: Dataset) -> Node:
    """The root of the tree ``learner`` grows on ``data``: every row of positive weight.

    >>> from dtree.datasets import load
    >>> node = root(ID3, load("play-tennis"))
    >>> len(node.rows), node.weight, node.depth
    (14, 14, 0)
    """
    present = data.present()
    if not present.rows:
        raise DtreeError("cannot grow a tree from a dataset with no rows of positive weight")
    _check(learner, present)
    frame = _frame(learner, present)
    first: Label | float = data.schema.classes[0] if frame.classification else 0.0
    weights = tuple(_exact(data.weights[r]) for r in present.rows)
    return Node(frame, _Seed(present.rows, weights, 0, first, all(type(w) is int for w in weights)))


def _assessed(node: Node, candidate: _Candidate, average: float | None) -> Assessment:
    frame = node._frame
    score = _exact_score(frame, candidate)
    if frame.learner.score != "gain_ratio":
        return Assessment(candidate.conditions, score)
    ratio_ = _gain_ratio((candidate, score))
    eligible = average is None or score >= average - C45_AVERAGE_GAIN_SLACK
    return Assessment(candidate.conditions, score, ratio_, eligible)


def _average_gain(node: Node, candidates: Sequence[_Candidate]) -> float | None:
    """C4.5's average gain over the :func:`averaged_attributes` at the node."""
    frame = node._frame
    if frame.learner.score != "gain_ratio":
        return None
    averaged = averaged_attributes(frame.data.schema, frame.total_weight)
    gains = [float(_exact_score(frame, c)) for c in candidates if c.attribute in averaged]
    return sum(gains) / len(gains) if gains else None


def decide(node: Node) -> Decision:
    """The split :func:`grow` makes at ``node``, or the rule that stops it there.

    >>> from dtree.datasets import load
    >>> node = root(ID3, load("play-tennis"))
    >>> decision = decide(node)
    >>> decision.best.conditions[0], decision.stop
    (Equals(attribute='Outlook', value='Overcast'), None)
    >>> [round(float(c.score), 3) for c in decision.candidates]
    [0.247, 0.029, 0.152, 0.048]
    >>> decide(children(node, decision.best.conditions)[0]).stop
    'pure'
    """
    frame, seed = node._frame, node._seed
    if not seed.rows:
        return Decision(None, "pure", ())
    found = _find_best_split(frame, seed, _stats(frame, seed))
    candidates = list(_candidates(frame, seed)) if found != "pure" else []
    average = _average_gain(node, candidates)
    assessed = tuple(_assessed(node, c, average) for c in candidates)
    if isinstance(found, str):
        return Decision(None, found, assessed)
    return Decision(_assessed(node, found[0], average), None, assessed)


def _given(node: Node, conditions: Sequence[Condition]) -> _Candidate | str:
    """A split given by its conditions, as a candidate of the grower, or why the learner
    would not make it."""
    frame, seed = node._frame, node._seed
    names = {condition.attribute for condition in conditions}
    if len(names) != 1 or next(iter(names)) not in frame.data.schema.names:
        return f"the conditions test {sorted(names)}, not one attribute of the data"
    name = next(iter(names))
    index = frame.data.schema.index(name)
    column = _column(frame, seed, index)

    def branch_of(value: Value) -> int:
        outcomes = [holds(condition, {name: value}) for condition in conditions]
        return outcomes.index(True) if True in outcomes else -1

    branches = [branch_of(value) for value in column.values]
    if -1 in branches:
        return f"no branch accepts the value {quote(column.values[branches.index(-1)])}"
    parts = tuple(
        _part(
            frame,
            [r for r, b in zip(column.rows, branches, strict=True) if b == k],
            [w for w, b in zip(column.weights, branches, strict=True) if b == k],
        )
        for k in range(len(conditions))
    )
    cuts = 0
    if not isinstance(frame.data.schema.attributes[index].domain, Nominal):
        scanned = _scan(frame, seed, index)
        if scanned is None:
            return "too little weight at the node for a cut"
        cuts = scanned[1].allowed
    candidate = _Candidate(
        name, tuple(conditions), parts, column.missing, cuts, 0.0, branch_of, column.fill
    )
    return candidate if _allowed(frame.learner, parts) else "a branch the learner would not allow"


def assess(node: Node, conditions: Sequence[Condition]) -> Assessment | str:
    """The learner's score of the split of ``node`` by ``conditions`` (one branch each, all
    on one attribute), or why the learner would not make that split: among the reasons, a
    split into other than two branches, or, for a multiway learner, other than one branch
    per value of a nominal attribute.

    >>> from dtree.conditions import Equals
    >>> from dtree.datasets import load
    >>> node = root(ID3, load("play-tennis"))
    >>> wind = assess(node, [Equals("Wind", "Strong"), Equals("Wind", "Weak")])
    >>> round(float(wind.score), 3)
    0.048
    >>> assess(node, [Equals("Wind", "Strong")])
    "no branch accepts the value 'Weak'"
    >>> outlook = [Equals("Outlook", v) for v in ("Overcast", "Rain", "Sunny")]
    >>> assess(root(CART, load("play-tennis")), outlook)
    "3 branches: the learner splits 'Outlook' in 2"
    """
    candidate = _given(node, conditions)
    if isinstance(candidate, str):
        return candidate
    domain = node._frame.data.schema.attribute(candidate.attribute).domain
    branches = 2
    if isinstance(domain, Nominal) and node._frame.learner.nominal == "multiway":
        branches = len(domain.values)
    if len(conditions) != branches:
        name = quote(candidate.attribute)
        return f"{len(conditions)} branches: the learner splits {name} in {branches}"
    average = None
    if node._frame.learner.score == "gain_ratio":
        average = _average_gain(node, list(_candidates(node._frame, node._seed)))
    return _assessed(node, candidate, average)


def children(node: Node, conditions: Sequence[Condition]) -> tuple[Node, ...]:
    """The nodes below the split of ``node`` by ``conditions``, one per branch: a row with a
    missing value goes down every branch, by the branch's share of the known weight."""
    candidate = _given(node, conditions)
    if isinstance(candidate, str):
        raise DtreeError(f"cannot split the node by {len(conditions)} conditions: {candidate}")
    frame, seed = node._frame, node._seed
    prediction = central(_stats(frame, seed)) if seed.rows else seed.parent_prediction
    return tuple(
        Node(
            frame,
            _Seed(
                tuple(rows),
                tuple(weights),
                seed.depth + 1,
                prediction,
                seed.integral and not candidate.missing,
            ),
        )
        for rows, weights in _partition(frame, seed, candidate)
    )
