"""A candidate split at a node, its score, and the cuts of a numeric attribute.

DetermineCandidateSplits (:func:`dtree.grower.candidate_splits.candidates`) asks each
attribute for its best split.  A nominal attribute's are :mod:`dtree.grower.subsets`'; a
numeric attribute's is the best cut ``x <= t`` / ``x > t`` among the boundary points,
found by the scan of :mod:`dtree.grower.thresholds` (:func:`numeric_cut`): the first best
in ascending order of t, with t chosen by the learner's threshold policy
(:mod:`dtree.grower.midpoints`, :func:`threshold_at`).  Under ``monotonic_cst`` a
constrained attribute's candidate is its best admissible cut
(:func:`dtree.grower.monotonic.admissible`, :func:`monotonic_cut`), every cut scored.

A candidate's score is the decrease of impurity I(s, t) over the examples
whose value is known, scaled by their share of the node's weight when
some are missing (C4.5), less C4.5's MDL charge log2(cuts) / W for a
numeric split (:func:`score`).  A split must leave two branches of
weight, each of at least the learner's minimum weight and rows (:func:`allowed`).

Contents: :class:`Candidate`, :class:`KnownValues`, :func:`known_values`,
:func:`shared_rows`, :func:`scan`, :func:`score`, :func:`exact_score`, :func:`allowed`,
:func:`reaches`, :func:`first_best`, :func:`spread`, :func:`unknown_part`, :func:`numeric_cut`,
:func:`numeric_candidate`, :func:`monotonic_cut`, :func:`least_side`, :func:`threshold_at`,
:func:`integral_weights`.
C4.5's gain ratio of a candidate is :mod:`dtree.grower.gain_ratio`.
"""

from __future__ import annotations

import collections
import itertools
import math
import operator
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar, assert_never, cast

from attrs import frozen

from dtree.arithmetic import common_denominator, numerators
from dtree.conditions import Above, AtMost, Condition
from dtree.counts import ratio, total
from dtree.dataset import Value, Weight
from dtree.grower.cuts import Scan, separated
from dtree.grower.midpoints import c45_threshold, j48_threshold, midpoint, rpart_threshold
from dtree.grower.monotonic import admissible
from dtree.grower.rows import Examples, Frame
from dtree.grower.targets import P
from dtree.grower.thresholds import best_cut
from dtree.impurity import TOLERANCE
from dtree.missing import most_likely_value, shares

__all__ = [
    "Candidate",
    "KnownValues",
    "allowed",
    "exact_score",
    "first_best",
    "integral_weights",
    "known_values",
    "least_side",
    "monotonic_cut",
    "numeric_candidate",
    "numeric_cut",
    "reaches",
    "scan",
    "score",
    "shared_rows",
    "spread",
    "threshold_at",
    "unknown_part",
]


@frozen
class Candidate(Generic[P]):
    """One attribute's best split at a node, and its score."""

    attribute: str
    conditions: tuple[Condition, ...]
    parts: tuple[P, ...]  # of the rows with a known value, one per branch
    missing: Weight  # the weight of the rows whose value is missing
    cuts: int  # the cuts a numeric attribute allowed (C4.5's MDL correction), else 0
    screen: float  # the score in floats, to find the few candidates worth scoring exactly
    branch_of: Callable[[Value], int]  # the branch a known value goes down
    fill: Value  # what a missing value is taken to be (impute), else None
    unknown: P | None = None  # the part of the rows whose value is missing (fractional counts)
    missing_to: int | None = None  # the branch a missing value goes down whole (learned)


@frozen
class KnownValues:
    """D as DetermineCandidateSplits reads one attribute: the node's rows whose value of it is
    known (or imputed), their weights and values, and the weight of the rest.

    The examples at a node come in two phases: :class:`~dtree.grower.rows.Examples` as the
    router hands them to the node (every row, with its weight there), and these, as the scan of
    one attribute reads them.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import C45
    >>> from dtree.grower.rows import start
    >>> data = Dataset.from_columns({"x": [1.0, None, 3.0], "y": ["a", "b", "a"]}, target="y")
    >>> known = known_values(*start(C45, data), 0)
    >>> known.rows, known.weights, known.values, known.missing
    ((0, 2), (1, 1), (1.0, 3.0), 1)
    """

    rows: tuple[int, ...]
    weights: tuple[Weight, ...]
    values: tuple[Value, ...]
    missing: Weight
    fill: Value
    unknown_rows: tuple[int, ...] = ()  # the rows whose value is missing, and their weights
    unknown_weights: tuple[Weight, ...] = ()


def shared_rows(frame: Frame[P], column: KnownValues) -> int:
    """How many rows whose value is missing every branch receives, for ``min_rows_leaf``
    to count on each side: all of them under C4.5's fractions, none where the split's
    surrogates place each whole (``missing="surrogate"``: rpart's minimum counts the rows
    whose value is known).

    >>> from attrs import evolve
    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import C45
    >>> from dtree.grower.rows import start
    >>> data = Dataset.from_columns({"x": [1, None, 3], "y": list("pqp")}, target="y")
    >>> [shared_rows(frame, known_values(frame, root, 0)) for frame, root in
    ...  (start(C45, data), start(evolve(C45, missing="surrogate"), data))]
    [1, 0]
    """
    return 0 if frame.learner.missing == "surrogate" else len(column.unknown_rows)


def reaches(score: Fraction | float, bound: Fraction | float) -> bool:
    """score >= bound: exactly for exact scores, within TOLERANCE for logarithmic ones.

    >>> reaches(Fraction(1, 3), Fraction(1, 3)), reaches(0.3 - 1e-13, 0.3)
    (True, True)
    """
    slack = TOLERANCE if isinstance(score, float) or isinstance(bound, float) else 0
    return score >= bound - slack


T = TypeVar("T")


def first_best(items: Sequence[T], key: Callable[[T], Fraction | float]) -> T:
    """The first item whose key equals the maximum (as :func:`reaches` compares).

    >>> first_best([("a", 0.5), ("b", 0.9), ("c", 0.9 - 1e-13)], lambda item: item[1])
    ('b', 0.9)
    """
    top = max(map(key, items))
    return next(item for item in items if reaches(key(item), top))


def known_values(frame: Frame[P], examples: Examples, index: int) -> KnownValues:
    """The node's rows with a known (or, under ``missing="impute"``, imputed) value of
    attribute ``index``: an attribute whose every value is missing here has none.

    >>> from attrs import evolve
    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import C45
    >>> data = Dataset.from_columns({"x": ["a", "a", "b", None], "y": list("pqqp")}, target="y")
    >>> column = known_values(*start(C45, data), 0)
    >>> column.rows, column.values, column.missing
    ((0, 1, 2), ('a', 'a', 'b'), 1)
    >>> column = known_values(*start(evolve(C45, missing="impute"), data), 0)
    >>> column.rows, column.values, column.fill
    ((0, 1, 2, 3), ('a', 'a', 'b', 'a'), 'a')
    """
    column = frame.data.columns[index]
    values = tuple(map(column.__getitem__, examples.rows))
    if None not in values:
        return KnownValues(examples.rows, examples.weights, values, 0, None)
    if frame.learner.missing == "impute" and any(value is not None for value in values):
        name = frame.data.schema.attributes[index].name
        fill = most_likely_value(frame.data.subset(examples.rows), name)
        filled = tuple(fill if value is None else value for value in values)
        return KnownValues(examples.rows, examples.weights, filled, 0, fill)
    known = [i for i, value in enumerate(values) if value is not None]
    unknown = [i for i, value in enumerate(values) if value is None]
    weights = tuple(examples.weights[i] for i in unknown)
    return KnownValues(
        tuple(examples.rows[i] for i in known),
        tuple(examples.weights[i] for i in known),
        tuple(values[i] for i in known),
        total(weights),
        None,
        tuple(examples.rows[i] for i in unknown),
        weights,
    )


def unknown_part(frame: Frame[P], column: KnownValues) -> P | None:
    """The part of the rows whose value is missing, where the learner scores by the notes'
    fractional counts (``missing="fractional_counts"``) and there are such rows; else None.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import Learner
    >>> from dtree.grower.rows import start
    >>> data = Dataset.from_columns({"x": ["a", None, "b", None], "y": list("pqqq")}, target="y")
    >>> frame, node = start(Learner(missing="fractional_counts"), data)
    >>> unknown_part(frame, known_values(frame, node, 0))  # (p, q) weights of rows 1 and 3
    (0, 2)
    >>> frame, node = start(Learner(missing="fractional"), data)
    >>> unknown_part(frame, known_values(frame, node, 0)) is None
    True
    """
    if frame.learner.missing != "fractional_counts" or not column.unknown_rows:
        return None
    return frame.target.part(column.unknown_rows, column.unknown_weights)


def spread(frame: Frame[P], parts: Sequence[P], unknown: P) -> tuple[P, ...]:
    """The notes' fractional counts: each branch's part plus its share
    P(X = k) = w_k / sum_j w_j (:func:`dtree.missing.shares`) of the rows whose value is
    missing.

    The Decision Trees II notes' sunny days, Humidity's (No, Yes) counts High (2, 0) and
    Normal (0, 2), and day 8 (a No) with Humidity missing: half of it each way.

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import ID3
    >>> frame, _ = start(ID3, load("play-tennis"))
    >>> spread(frame, [(2, 0), (0, 2)], (1, 0))
    ((Fraction(5, 2), Fraction(0, 1)), (Fraction(1, 2), Fraction(2, 1)))
    """
    target = frame.target
    fractions = shares([target.weight(part) for part in parts])
    return tuple(
        target.merged([part, target.portion(unknown, share)])
        for part, share in zip(parts, fractions, strict=True)
    )


def score(
    frame: Frame[P], parts: Sequence[P], missing: Weight, cuts: int = 0, unknown: P | None = None
) -> Fraction | float:
    """The decrease, less the MDL charge for ``cuts``, with the rows whose value is missing
    (of weight ``missing``) counted in one of two ways:

    * C4.5's: the decrease over the rows whose value is known, times their share of the
      node's weight, W_known / W;
    * the Decision Trees II notes' fractional counts, where ``unknown`` (their part) is
      given: the decrease over all the node's rows, each missing one shared out among the
      branches as :func:`spread` shares it.

    Outlook's (No, Yes) counts, all known, then as if 14 more days had it missing:

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import ID3
    >>> frame, _ = start(ID3, load("play-tennis"))
    >>> outlook = [(0, 4), (2, 3), (3, 2)]
    >>> round(score(frame, outlook, 0), 3), round(score(frame, outlook, 14), 3)
    (0.247, 0.123)

    The gain of Humidity on the notes' sunny days, day 8 (a No) missing it: C4.5's
    4/5 * (1 - 0) = 0.80, and the notes' .97 - (2.5/5) Ent[+0, -2.5] - (2.5/5) Ent[+2, -.5]
    = 0.61:

    >>> humidity = [(2, 0), (0, 2)]  # High, Normal
    >>> round(score(frame, humidity, 1), 2), round(score(frame, humidity, 1, unknown=(1, 0)), 2)
    (0.8, 0.61)
    """
    target = frame.target
    known = total(map(target.weight, parts))
    if unknown is not None:
        decrease = target.decrease(spread(frame, parts, unknown))
    else:
        decrease = target.decrease(parts)
        if missing:
            decrease = ratio(known, known + missing) * decrease
    if cuts and frame.learner.mdl:
        decrease = decrease - math.log2(cuts) / float(known + missing)
    return decrease


def allowed(frame: Frame[P], parts: Sequence[P], rows: Sequence[int] | None = None) -> bool:
    """Whether a split's branches are heavy enough for the learner: two of positive weight,
    each of at least ``min_samples_leaf`` and, where ``rows`` (the rows each branch
    receives) are given, of at least ``min_rows_leaf`` rows, and two of at least
    ``min_objects`` (if set).

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> frame, _ = start(evolve(CART, min_samples_leaf=5), load("play-tennis"))
    >>> allowed(frame, [(0, 4), (5, 5)]), allowed(frame, [(2, 3), (3, 6)])
    (False, True)
    >>> frame, _ = start(evolve(CART, min_rows_leaf=3), load("play-tennis"))
    >>> allowed(frame, [(0, 4), (5, 5)], [2, 10]), allowed(frame, [(0, 4), (5, 5)], [3, 9])
    (False, True)
    """
    learner = frame.learner
    weights = list(map(frame.target.weight, parts))
    filled = [w for w in weights if w > 0]
    if len(filled) < 2 or any(w < learner.min_samples_leaf for w in filled):
        return False
    if rows is not None and any(0 < n < learner.min_rows_leaf for n in rows):
        return False
    if not frame.target.admits(parts):
        return False
    least = learner.min_objects
    return least is None or sum(1 for w in weights if w >= least) >= 2


# -- numeric attributes ------------------------------------------------------------------------


def _c45_min_split(min_objects: Weight, known: Weight, n_classes: int) -> Weight:
    """C4.5's least weight each side of a cut: 0.1 of the known weight per class, clipped."""
    share = ratio(known, 10 * n_classes)
    if share <= min_objects:
        return min_objects
    return min(share, 25)


def threshold_at(frame: Frame[P], index: int, below: float, above: float) -> float:
    """``midpoint``, C4.5's (J48's) largest training value not above the midpoint, or the
    float just below the midpoint (rpart's ``x < midpoint``)."""
    match frame.learner.threshold:
        case "midpoint":
            return midpoint(below, above)
        case "c45":
            return c45_threshold(below, above, frame.training_values[index])
        case "j48":
            in_row_order = frame.in_row_order[index]
            return j48_threshold(below, above, frame.training_values[index], in_row_order)
        case "rpart":
            return rpart_threshold(below, above)
        case _:
            assert_never(frame.learner.threshold)


def _parts_of_cut(frame: Frame[P], column: KnownValues, below: float) -> tuple[P, P]:
    """The exact parts x <= below and x > below, counted afresh."""
    values = cast(Sequence[float], column.values)  # a numeric column: numbers
    above = list(map(operator.gt, values, itertools.repeat(below)))
    at_most = list(map(operator.not_, above))
    return (
        frame.target.part(
            list(itertools.compress(column.rows, at_most)),
            list(itertools.compress(column.weights, at_most)),
        ),
        frame.target.part(
            list(itertools.compress(column.rows, above)),
            list(itertools.compress(column.weights, above)),
        ),
    )


def least_side(frame: Frame[P], column: KnownValues) -> Weight | None:
    """The least weight each side of a cut may have: ``min_samples_leaf``, and C4.5's
    minimum where ``min_objects`` is set; None where the node is too light for any cut."""
    learner = frame.learner
    least: Weight = learner.min_samples_leaf
    if learner.min_objects is not None:
        known = total(column.weights)
        c45 = _c45_min_split(learner.min_objects, known, frame.target.n_classes)
        enough = len(column.rows) if learner.known_rows_cut else known  # J48 counts rows
        if enough < 2 * c45:
            return None
        least = max(least, c45)
    return least


def _by_row(frame: Frame[P], examples: Examples, index: int) -> bool:
    """Whether the scan can read the dataset's columns directly: integer weights as in the
    data (no fractional split above), classes, and no missing value in the column."""
    return examples.integral and frame.classification and frame.complete[index]


Scaled = tuple[int, tuple[int, ...]]
"""A node's weights over their common denominator: the denominator, and each weight times it."""


def integral_weights(frame: Frame[P], examples: Examples) -> Scaled | None:
    """The node's fraction weights as integers over their common denominator, found once for
    all its numeric attributes' scans (each would find it again); None where the weights are
    integers, or the target has no classes (a regression scan adds in floats)."""
    if examples.integral or not frame.classification:
        return None
    denominator = common_denominator(examples.weights)  # type: ignore[arg-type]  # exact
    if denominator == 1:
        return None
    return denominator, tuple(numerators(examples.weights, denominator))  # type: ignore[arg-type]  # exact


def scan(
    frame: Frame[P], examples: Examples, index: int, scaled: Scaled | None = None
) -> tuple[KnownValues, Scan] | None:
    """Scan a numeric attribute's known values at a node for its near-best cuts; ``scaled``,
    the node's weights over their common denominator, if known (:func:`integral_weights`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> column, found = scan(*start(CART, load("golf")), 2)  # humidity
    >>> [(cut.below, cut.above) for cut in found.cuts], found.lefts, found.allowed
    ([(80.0, 85.0)], ((7, 2),), 8)
    """
    learner = frame.learner
    target = frame.target
    ordered = None
    if _by_row(frame, examples, index):  # the common case: scan the dataset's own columns
        ordered = None if examples.ordered is None else examples.ordered[index]
        column = KnownValues(examples.rows, examples.weights, (), 0, None)
        values, targets, weights = frame.data.columns[index], target.values, frame.data.weights
        rows: Sequence[int] = examples.rows
    else:
        column = known_values(frame, examples, index)
        values, targets = column.values, tuple(map(target.values.__getitem__, column.rows))
        weights = column.weights  # exact: the scan decides min_side exactly
        rows = range(len(column.rows))
    scale = 1
    if scaled is not None and column.weights is examples.weights:  # every row: the node's
        scale, weights = scaled
    least = least_side(frame, column)
    if least is None:
        return None
    # a row whose value is missing goes down both sides (C4.5's fractions): it counts in each
    min_rows = max(0, learner.min_rows_leaf - shared_rows(frame, column))
    min_side: Weight = least
    if examples.integral:  # sides of integer weight: the same cuts allowed, compared as integers
        min_side = math.ceil(min_side)
    found = best_cut(
        cast(Sequence[float], values),  # a numeric column: its known values are numbers
        targets,
        weights,
        criterion=learner.impurity,
        n_classes=target.n_classes,
        min_side=min_side,
        rows=rows,
        exact_ties=not learner.mdl,  # MDL's score is a float: its ties are numeric_cut's to decide
        resolution=learner.resolution,
        float32=learner.float32,
        integral=examples.integral,
        scale=scale,
        min_rows=min_rows,
        ordered=ordered,
        units=frame.units and examples.integral,
    )
    return column, found


def numeric_cut(
    frame: Frame[P], examples: Examples, index: int, scaled: Scaled | None = None
) -> Candidate[P] | None:
    """The best cut x <= t of a numeric attribute (see :mod:`dtree.grower.thresholds`)."""
    learner = frame.learner
    scanned = scan(frame, examples, index, scaled)
    if scanned is None:
        return None
    column, found = scanned
    unknown = unknown_part(frame, column)
    if unknown is not None:
        return _numeric_fractional(frame, column, index, unknown, found.allowed)
    cuts: list[tuple[float, tuple[P, ...]]] = []
    for cut, left in zip(found.cuts, found.lefts, strict=True):
        # the scan's counts are exact (integers, or fractions over their common denominator)
        exact = frame.target.from_scan(left, found.totals)
        parts: tuple[P, ...] = exact or _parts_of_cut(frame, column, cut.below)
        if allowed(frame, parts):
            cuts.append((threshold_at(frame, index, cut.below, cut.above), parts))
    if not cuts:
        return None
    screen: float = found.decrease
    # near ties, C4.5's sign test, or a numeric target, whose float decrease loses its digits
    # where the targets share a large part (y = 1.7e9 + a few): exactly
    if len(cuts) > 1 or learner.mdl or not frame.classification:
        scored = [(score(frame, p, column.missing, found.allowed), t, p) for t, p in cuts]
        best, t, parts = first_best(scored, lambda item: item[0])
        if learner.mdl and best <= 0:
            return None
        screen = float(best)
    else:
        ((t, parts),) = cuts
        if column.missing:
            known = total(column.weights)
            screen *= float(ratio(known, known + column.missing))
    return numeric_candidate(frame, index, t, parts, column, cuts=found.allowed, screen=screen)


def numeric_candidate(
    frame: Frame[P],
    index: int,
    t: float,
    parts: tuple[P, ...],
    column: KnownValues,
    *,
    cuts: int,
    screen: float,
    unknown: P | None = None,
) -> Candidate[P]:
    """The candidate x <= t / x > t of the numeric attribute at ``index``: its ``parts``
    (below, above), the ``cuts`` the scan allowed, its ``screen`` score, and the part of the
    rows whose value is missing (``unknown``, fractional counts), if any.

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> frame, root = start(CART, load("golf"))
    >>> column = known_values(frame, root, 2)  # humidity
    >>> found = numeric_candidate(frame, 2, 82.5, ((7, 2), (2, 3)), column, cuts=8, screen=0.1)
    >>> found.conditions[0], found.branch_of(80.0), found.branch_of(85.0)
    (AtMost(attribute='humidity', threshold=82.5), 0, 1)
    """
    name = frame.data.schema.attributes[index].name
    return Candidate(
        name,
        (AtMost(name, t), Above(name, t)),
        parts,
        column.missing,
        cuts,
        screen,
        lambda value: 0 if cast(float, value) <= t else 1,  # a known value here is a number
        column.fill,
        unknown,
    )


def _every_cut(
    frame: Frame[P],
    column: KnownValues,
    index: int,
    allowed_cuts: int | None,
    *,
    unknown: P | None = None,
    keep: Callable[[tuple[P, P]], bool] | None = None,
) -> Candidate[P] | None:
    """The first best cut by exact :func:`score`, every cut scored: of those between known
    values the resolution apart that leave each side its least weight, the ones ``keep``
    keeps (all if None); MDL counts ``allowed_cuts`` (None: those cuts, kept or not)."""
    target = frame.target
    values = cast(Sequence[float], column.values)  # a numeric column: its known values
    distinct = sorted(set(values))
    rank = {value: r for r, value in enumerate(distinct)}
    branches = list(map(rank.__getitem__, values))
    by_value = target.parts(branches, len(distinct), column.rows, column.weights)
    ups, downs = target.running(by_value), target.running(by_value[::-1])
    apart = separated(frame.learner.resolution, float32=frame.learner.float32)
    cuts = [
        (c, (ups[c], downs[len(distinct) - 2 - c]))
        for c in range(len(distinct) - 1)
        if apart(distinct[c], distinct[c + 1])
    ]
    least = least_side(frame, column)
    below = list(itertools.accumulate(collections.Counter(values)[v] for v in distinct))
    extra = shared_rows(frame, column)  # rows whose value is missing go down both sides
    heavy = [
        (c, parts)
        for c, parts in cuts
        if allowed(frame, parts, [below[c] + extra, len(values) - below[c] + extra])
        and least is not None
        and min(map(target.weight, parts)) >= least
    ]
    n = len(heavy) if allowed_cuts is None else allowed_cuts
    scored = [
        (score(frame, parts, column.missing, n, unknown), c, parts)
        for c, parts in heavy
        if keep is None or keep(parts)
    ]
    if not scored:
        return None
    best, c, parts = first_best(scored, lambda item: item[0])
    if frame.learner.mdl and best <= 0:
        return None
    t = threshold_at(frame, index, distinct[c], distinct[c + 1])
    return numeric_candidate(
        frame, index, t, parts, column, cuts=n, screen=float(best), unknown=unknown
    )


def monotonic_cut(frame: Frame[P], examples: Examples, index: int) -> Candidate[P] | None:
    """The best cut of a constrained attribute among those whose sides' values are
    :func:`dtree.grower.monotonic.admissible`: every cut is scored, since the best
    admissible cut need be no boundary point."""
    direction, bounds, value = frame.directions[index], examples.bounds, frame.target.response
    column = known_values(frame, examples, index)
    return _every_cut(
        frame, column, index, None, keep=lambda p: admissible(direction, bounds, *map(value, p))
    )


def _numeric_fractional(
    frame: Frame[P], column: KnownValues, index: int, unknown: P, allowed_cuts: int
) -> Candidate[P] | None:
    """The best cut under the notes' fractional counts (see :func:`score`): every cut that
    leaves each side its least weight is scored exactly, since the missing rows' share of
    each side moves with the cut, which the screen of the known rows does not see.  Ties
    go to the first.  C4.5's MDL charge counts the cuts the scan allowed (``allowed_cuts``).
    """
    return _every_cut(frame, column, index, allowed_cuts, unknown=unknown)


# -- scores of a chosen few --------------------------------------------------------------------


def exact_score(frame: Frame[P], candidate: Candidate[P]) -> Fraction | float:
    """The candidate's score, exactly where the impurity is rational.

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> from dtree.grower.candidate_splits import candidates
    >>> frame, root = start(CART, load("play-tennis"))
    >>> exact_score(frame, next(candidates(frame, root)))  # Outlook: 45/98 - 10/14 * 1/2
    Fraction(5, 49)
    """
    return score(frame, candidate.parts, candidate.missing, candidate.cuts, candidate.unknown)
