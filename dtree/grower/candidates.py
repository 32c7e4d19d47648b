"""DetermineCandidateSplits: each attribute's best split at a node.

One candidate per attribute, in schema order (the notes' C):

* a nominal attribute: one branch per value of its domain, in domain
  order (``nominal="multiway"``), or CART's best binary split ``In(S)`` /
  ``NotIn(S)`` (``nominal="subsets"``, :func:`subsets`).  An attribute
  whose known values at the node are all one value separates nothing and
  is no candidate;
* a numeric attribute: the best cut ``x <= t`` / ``x > t`` among the
  boundary points, found by the scan of :mod:`dtree.grower.thresholds`; the first
  best in ascending order of t, with t chosen by the learner's threshold
  policy (:mod:`dtree.grower.midpoints`).

A candidate's score is the decrease of impurity I(s, t) over the examples
whose value is known, scaled by their share of the node's weight when
some are missing (C4.5), less C4.5's MDL charge log2(cuts) / W for a
numeric split (:func:`score`).  A split must leave two branches of
weight, each of at least the learner's minimum (:func:`allowed`).

Under the learner's ``max_features`` (random forests) only the attributes
drawn for the node are considered (:func:`considered`).

Contents: :class:`Candidate`, :class:`KnownValues`, :func:`candidates`, :func:`considered`,
:func:`known_values`, :func:`scan`, :func:`score`, :func:`exact_score`,
:func:`allowed`, :func:`subsets`, :func:`reaches`, :func:`first_best`, :func:`spread`,
:func:`unknown_part`, :data:`MAX_SUBSET_VALUES`.  Under ``missing="learned"`` a numeric
attribute's candidate is :func:`dtree.grower.learned.learned_cut`'s.
C4.5's gain ratio of a candidate is :mod:`dtree.grower.gain_ratio`.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Generic, TypeVar, assert_never, cast

from attrs import frozen

from dtree.arithmetic import common_denominator, numerators
from dtree.conditions import Above, AtMost, Condition, Equals, In, NotIn
from dtree.counts import ratio, total
from dtree.dataset import Nominal, Numeric, Value, Weight
from dtree.errors import DtreeError
from dtree.grower.learner import features_per_node
from dtree.grower.midpoints import c45_threshold, j48_threshold, midpoint
from dtree.grower.rows import Examples, Frame
from dtree.grower.targets import P
from dtree.grower.thresholds import Scan, best_cut, separated
from dtree.impurity import TOLERANCE
from dtree.missing import most_likely_value, shares
from dtree.seeded import subset

__all__ = [
    "MAX_SUBSET_VALUES",
    "Candidate",
    "KnownValues",
    "allowed",
    "candidates",
    "considered",
    "exact_score",
    "first_best",
    "known_values",
    "reaches",
    "scan",
    "score",
    "spread",
    "subsets",
    "unknown_part",
]

MAX_SUBSET_VALUES = 12
"""With more than two classes, CART tries all 2^(m-1) - 1 subsets of m values;
beyond this many values it refuses rather than search exponentially."""


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


def allowed(frame: Frame[P], parts: Sequence[P]) -> bool:
    """Whether a split's branches are heavy enough for the learner: two of positive weight,
    each of at least ``min_samples_leaf``, and two of at least ``min_objects`` (if set).

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> frame, _ = start(evolve(CART, min_samples_leaf=5), load("play-tennis"))
    >>> allowed(frame, [(0, 4), (5, 5)]), allowed(frame, [(2, 3), (3, 6)])
    (False, True)
    """
    learner = frame.learner
    weights = list(map(frame.target.weight, parts))
    filled = [w for w in weights if w > 0]
    if len(filled) < 2 or any(w < learner.min_samples_leaf for w in filled):
        return False
    least = learner.min_objects
    return least is None or sum(1 for w in weights if w >= least) >= 2


# -- nominal attributes ------------------------------------------------------------------------


def _by_value(frame: Frame[P], column: KnownValues, values: tuple[str, ...]) -> tuple[P, ...]:
    """The part of each value of a nominal attribute, in domain order."""
    branch: dict[Value, int] = {value: b for b, value in enumerate(values)}
    branches = list(map(branch.__getitem__, column.values))
    return frame.target.parts(branches, len(values), column.rows, column.weights)


def _multiway(
    frame: Frame[P], name: str, column: KnownValues, values: tuple[str, ...]
) -> Candidate[P] | None:
    """One branch per value of the domain, in domain order."""
    parts = _by_value(frame, column, values)
    if not allowed(frame, parts):
        return None
    branch = {value: b for b, value in enumerate(values)}
    unknown = unknown_part(frame, column)
    return Candidate(
        name,
        tuple(Equals(name, value) for value in values),
        parts,
        column.missing,
        0,
        float(score(frame, parts, column.missing, unknown=unknown)),
        lambda value: branch[str(value)],
        column.fill,
        unknown,
    )


def subsets(
    frame: Frame[P], present: Sequence[str], parts: Sequence[P]
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

    Outlook's (No, Yes) counts: ordered by the share of Yes, Sunny, Rain, Overcast:

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> frame, _ = start(CART, load("play-tennis"))
    >>> parts = [(0, 4), (2, 3), (3, 2)]  # Overcast, Rain, Sunny
    >>> [sorted(left) for left in subsets(frame, ["Overcast", "Rain", "Sunny"], parts)]
    [['Overcast', 'Rain'], ['Overcast']]
    """
    m = len(present)
    if not _ordered(frame):
        if m > MAX_SUBSET_VALUES:
            raise DtreeError(
                f"{m} values at a node: with more than two classes or a minimum branch "
                f"weight CART tries all 2^{m - 1} - 1 subsets; merge values or use "
                "nominal='multiway'"
            )
        for mask in range(2 ** (m - 1) - 1):
            yield frozenset([present[0]] + [present[j + 1] for j in range(m - 1) if mask >> j & 1])
        return
    order = _order(frame, parts)
    for cut in range(1, m):
        left = frozenset(present[j] for j in order[:cut])
        yield left if present[0] in left else frozenset(present) - left


def _ordered(frame: Frame[P]) -> bool:
    """Whether CART's m - 1 ordered subsets are all that is tried (see :func:`subsets`)."""
    learner = frame.learner
    constrained = not learner.ordered_subsets and (
        learner.min_samples_leaf > 0 or learner.min_objects is not None
    )
    return not constrained and frame.target.n_classes <= 2


def _order(frame: Frame[P], parts: Sequence[P]) -> list[int]:
    """The values' positions by their response (share of the last class, mean), ties by
    position."""
    return sorted(range(len(parts)), key=lambda j: (frame.target.response(parts[j]), j))


def _binary_subsets(
    frame: Frame[P], name: str, column: KnownValues, values: tuple[str, ...]
) -> Candidate[P] | None:
    """CART's best split of a nominal attribute into a subset and the rest."""
    target = frame.target
    by_value = _by_value(frame, column, values)
    present = [v for v, part in zip(values, by_value, strict=True) if target.weight(part) > 0]
    parts = [part for part in by_value if target.weight(part) > 0]
    if len(present) < 2:
        return None
    if _ordered(frame):
        splits = _ordered_splits(frame, present, parts)
    else:
        splits = (
            (
                functools.partial(frozenset, left),
                (
                    target.merged([p for v, p in zip(present, parts, strict=True) if v in left]),
                    target.merged(
                        [p for v, p in zip(present, parts, strict=True) if v not in left]
                    ),
                ),
            )
            for left in subsets(frame, present, parts)
        )
    best: tuple[Callable[[], frozenset[str]], tuple[P, P]] | None = None
    best_score: Fraction | float = 0
    unknown = unknown_part(frame, column)
    for left, two in splits:
        if not allowed(frame, two):
            continue
        found = score(frame, two, column.missing, unknown=unknown)
        if best is None or not reaches(best_score, found):
            best, best_score = (left, two), found
    if best is None:
        return None
    left_of, two = best
    chosen = left_of()
    return Candidate(
        name,
        (In(name, chosen), NotIn(name, chosen)),
        two,
        column.missing,
        0,
        float(best_score),
        _membership(chosen),
        column.fill,
        unknown,
    )


def _ordered_splits(
    frame: Frame[P], present: Sequence[str], parts: Sequence[P]
) -> Iterator[tuple[Callable[[], frozenset[str]], tuple[P, P]]]:
    """The m - 1 splits of :func:`subsets`' ordered path, each as (its left side, made on
    demand; its two parts), the parts by running sums up and down the order: O(m) merges
    in all, and each part exactly what :meth:`~dtree.grower.targets.Target.merged` makes of it.
    """
    m = len(present)
    order = _order(frame, parts)
    ordered = [parts[j] for j in order]
    ups = frame.target.running(ordered)  # ups[c - 1]: the first c in the order
    downs = frame.target.running(ordered[::-1])  # downs[c - 1]: the last c in the order
    first = order.index(0)  # the first present value goes left
    for cut in range(1, m):
        below, above = ups[cut - 1], downs[m - cut - 1]
        if first < cut:
            yield _side(present, order, 0, cut), (below, above)
        else:
            yield _side(present, order, cut, m), (above, below)


def _side(
    present: Sequence[str], order: Sequence[int], start: int, stop: int
) -> Callable[[], frozenset[str]]:
    """The values at ``order[start:stop]``, made when asked for."""
    return lambda: frozenset(present[j] for j in order[start:stop])


def _membership(left: frozenset[str]) -> Callable[[Value], int]:
    return lambda value: 0 if value in left else 1


# -- numeric attributes ------------------------------------------------------------------------


def _c45_min_split(min_objects: Weight, known: Weight, n_classes: int) -> Weight:
    """C4.5's least weight each side of a cut: 0.1 of the known weight per class, clipped."""
    share = ratio(known, 10 * n_classes)
    if share <= min_objects:
        return min_objects
    return min(share, 25)


def _threshold(frame: Frame[P], index: int, below: float, above: float) -> float:
    """``midpoint``, or C4.5's (J48's) largest training value not above the midpoint."""
    match frame.learner.threshold:
        case "midpoint":
            return midpoint(below, above)
        case "c45":
            return c45_threshold(below, above, frame.training_values[index])
        case "j48":
            in_row_order = frame.in_row_order[index]
            return j48_threshold(below, above, frame.training_values[index], in_row_order)
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


def _least_side(frame: Frame[P], column: KnownValues) -> Weight | None:
    """The least weight each side of a cut may have: ``min_samples_leaf``, and C4.5's
    minimum where ``min_objects`` is set; None where the node is too light for any cut."""
    learner = frame.learner
    least: Weight = learner.min_samples_leaf
    if learner.min_objects is not None:
        known = total(column.weights)
        c45 = _c45_min_split(learner.min_objects, known, frame.target.n_classes)
        if known < 2 * c45:
            return None
        least = max(least, c45)
    return least


def _by_row(frame: Frame[P], examples: Examples, index: int) -> bool:
    """Whether the scan can read the dataset's columns directly: integer weights as in the
    data (no fractional split above), classes, and no missing value in the column."""
    return examples.integral and frame.classification and frame.complete[index]


Scaled = tuple[int, tuple[int, ...]]
"""A node's weights over their common denominator: the denominator, and each weight times it."""


def _scaled(frame: Frame[P], examples: Examples) -> Scaled | None:
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
    the node's weights over their common denominator, if known (:func:`_scaled`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> column, found = scan(*start(CART, load("golf")), 2)  # humidity
    >>> [(cut.below, cut.above) for cut in found.cuts], found.lefts, found.allowed
    ([(80.0, 85.0)], ((7, 2),), 8)
    """
    learner = frame.learner
    target = frame.target
    if _by_row(frame, examples, index):  # the common case: scan the dataset's own columns
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
    least = _least_side(frame, column)
    if least is None:
        return None
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
        exact_ties=not learner.mdl,  # MDL's score is a float: its ties are _numeric's to decide
        resolution=learner.resolution,
        integral=examples.integral,
        scale=scale,
    )
    return column, found


def _numeric(
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
            cuts.append((_threshold(frame, index, cut.below, cut.above), parts))
    if not cuts:
        return None
    screen: float = found.decrease
    if len(cuts) > 1 or learner.mdl:  # near ties, or C4.5's sign test: exactly
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
    return _cut(frame, index, t, parts, column, cuts=found.allowed, screen=screen)


def _cut(
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
    """The candidate x <= t / x > t of the numeric attribute at ``index``."""
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


def _numeric_fractional(
    frame: Frame[P], column: KnownValues, index: int, unknown: P, allowed_cuts: int
) -> Candidate[P] | None:
    """The best cut under the notes' fractional counts (see :func:`score`): every cut
    between adjacent distinct known values that leaves each side its least weight is
    scored exactly, since the share of the missing rows each side gets moves with the
    cut, and the scan's screen, which counts only the known rows, may not rank the cuts
    as this score does.  Ties go to the first.  C4.5's MDL charge counts the cuts the
    scan allowed (``allowed_cuts``), as under C4.5's own score.
    """
    target = frame.target
    values = cast(Sequence[float], column.values)  # a numeric column: its known values
    distinct = sorted(set(values))
    rank = {value: r for r, value in enumerate(distinct)}
    branches = list(map(rank.__getitem__, values))
    by_value = target.parts(branches, len(distinct), column.rows, column.weights)
    ups, downs = target.running(by_value), target.running(by_value[::-1])
    apart = separated(frame.learner.resolution)
    cuts = [
        (c, (ups[c], downs[len(distinct) - 2 - c]))
        for c in range(len(distinct) - 1)
        if apart(distinct[c], distinct[c + 1])
    ]
    least = _least_side(frame, column)
    scored = [
        (score(frame, parts, column.missing, allowed_cuts, unknown), c, parts)
        for c, parts in cuts
        if allowed(frame, parts) and least is not None and min(map(target.weight, parts)) >= least
    ]
    if not scored:
        return None
    best, c, parts = first_best(scored, lambda item: item[0])
    if frame.learner.mdl and best <= 0:
        return None
    t = _threshold(frame, index, distinct[c], distinct[c + 1])
    return _cut(
        frame, index, t, parts, column, cuts=allowed_cuts, screen=float(best), unknown=unknown
    )


def candidates(frame: Frame[P], examples: Examples) -> Iterator[Candidate[P]]:
    """DetermineCandidateSplits: each attribute's best split, in schema order (those the
    chi-square test rejects at the learner's ``significance`` left out).

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(ID3, load("play-tennis"))
    >>> [(c.attribute, len(c.conditions), round(c.screen, 3)) for c in candidates(frame, root)]
    [('Outlook', 3, 0.247), ('Temperature', 3, 0.029), ('Humidity', 2, 0.152), ('Wind', 2, 0.048)]
    """
    level = frame.learner.significance
    attributes = frame.data.schema.attributes
    scaled = _scaled(frame, examples)
    for index in considered(frame, examples):
        attribute = attributes[index]
        match attribute.domain:
            case Nominal(values) if frame.learner.nominal == "multiway":
                candidate = _multiway(
                    frame, attribute.name, known_values(frame, examples, index), values
                )
            case Nominal(values):
                column = known_values(frame, examples, index)
                candidate = _binary_subsets(frame, attribute.name, column, values)
            case Numeric() if frame.learner.missing == "learned":
                from dtree.grower.learned import learned_cut  # noqa: PLC0415 (it builds on this)

                candidate = learned_cut(frame, examples, index, scaled)
            case Numeric():
                candidate = _numeric(frame, examples, index, scaled)
            case _:
                assert_never(attribute.domain)
        if candidate is not None and (
            level is None or frame.target.significant(candidate.parts, level)
        ):
            yield candidate


def considered(frame: Frame[P], examples: Examples) -> Sequence[int]:
    """The positions of the attributes whose splits are candidates at the node, in schema
    order: every attribute, or, under the learner's ``max_features``, the k =
    :func:`dtree.grower.learner.features_per_node` of the p attributes that
    ``subset(names, k, seed, "features", key)`` of :mod:`dtree.seeded` draws for the node
    (its :attr:`~dtree.grower.rows.Examples.key`), without replacement.  The draw is made
    once: if none of the k splits the node, it is a leaf (scikit-learn draws on until one
    of its drawn features is not constant at the node).

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> considered(*start(CART, load("play-tennis")))
    range(0, 4)
    >>> considered(*start(evolve(CART, max_features="sqrt", seed=1), load("play-tennis")))
    (0, 2)
    """
    learner = frame.learner
    p = len(frame.data.schema.attributes)
    if learner.max_features is None:
        return range(p)
    k = features_per_node(learner.max_features, p)
    return subset(range(p), k, learner.seed, "features", examples.key)


# -- scores of a chosen few --------------------------------------------------------------------


def exact_score(frame: Frame[P], candidate: Candidate[P]) -> Fraction | float:
    """The candidate's score, exactly where the impurity is rational.

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> frame, root = start(CART, load("play-tennis"))
    >>> exact_score(frame, next(candidates(frame, root)))  # Outlook: 45/98 - 10/14 * 1/2
    Fraction(5, 49)
    """
    return score(frame, candidate.parts, candidate.missing, candidate.cuts, candidate.unknown)
