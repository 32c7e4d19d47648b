"""The scans of a class target: the near-best cuts of one numeric attribute at a node.

:func:`dtree.grower.thresholds.best_cut` hands a classification node's rows, in the order
of the attribute (:class:`dtree.grower.cuts.Ordered`), to :func:`scan_classes`.  Only the
*offered* cuts are scored (:func:`_offered_cuts`): boundary points, where the classes of
the two groups of values beside the cut are not all one, and the extreme allowed cuts
where a minimum cuts a run short (see :mod:`dtree.grower.thresholds` for why no better
cut is missed).  A cut's cost, W_l i(t_l) + W_r i(t_r), takes O(1) from running sums:

* Gini of integer weights (or fractions counted as integers over their common
  denominator), with at most :data:`COUNTED_CLASSES` classes: the running weight of each
  class, summed at C speed (:func:`_class_prefixes`), read at the offered cuts only
  (:func:`_scan_gini_counts`);
* otherwise, one loop over the rows that adds each row's share of the sum (of squares for
  Gini, of x log x for entropy, the largest class weight for misclassification),
  :func:`_prefix_sums`, and of the reversed rows for the right side, :func:`_suffix_sums`.

The costs are screened in floats; the near-best are then compared exactly, in the scan for
Gini and misclassification of exact weights (:func:`_first_exact_best`), otherwise by the
caller with :mod:`dtree.impurity`.

Contents: :data:`COSTS`, :data:`COUNTED_CLASSES`, :func:`scan_classes`.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import cast

from dtree.arithmetic import (
    SCREEN_TOLERANCE,
    common_denominator,
    near_best,
    numerators,
    rational,
)
from dtree.dataset import Weight
from dtree.grower.cuts import Cut, Ordered, Scan, allowed_span, gaps, separated

__all__ = ["COSTS", "COUNTED_CLASSES", "scan_classes"]


# Float costs W * i(t) of a node, from its class weights.  A scan screens cuts with them; the
# near-best are then compared exactly: in the scan for Gini and misclassification of integer or
# fraction weights (_first_exact_best), otherwise by the caller with dtree.impurity.


def _gini_cost(counts: list[float], weight: float) -> float:
    squares: float = sum(map(operator.mul, counts, counts))
    return weight - squares / weight


def _xlogx(x: float) -> float:
    return x * math.log2(x) if x > 0 else 0.0


def _entropy_cost(counts: list[float], weight: float) -> float:
    return _xlogx(weight) - sum(map(_xlogx, itertools.compress(counts, counts)))


def _misclassification_cost(counts: list[float], weight: float) -> float:
    return weight - max(counts)


Cost = Callable[[list[float], float], float]

COSTS: dict[str, Cost] = {
    "entropy": _entropy_cost,
    "gini": _gini_cost,
    "misclassification": _misclassification_cost,
}


COUNTED_CLASSES = 8
"""The most classes for which a Gini scan of integer weights keeps a running weight per class
(a pass at C speed each over the rows, :func:`_class_prefixes`); with more, one pass in Python
adds each row to its class's weight, whatever their number."""


# Running sums over the sorted rows, so that a cut's cost takes O(1) whatever the number of
# classes: for each prefix of the rows, its weight and one number that sums its class weights
# (sum of squares for Gini, sum of x log x for entropy, the largest for misclassification).
# The right side's are the prefix sums of the reversed rows, so both only ever add.


def _prefix_sums(
    criterion: str,
    classes: Sequence[int],
    weights: Sequence[Weight],
    counts: list[float],
    scale: int = 1,
) -> tuple[list[Weight], list[Weight]]:
    """For p = 0..n: the weight of the first p rows, and their sum of class weights.

    ``counts``, zeros on entry, holds the class weights of all the rows on exit.  The
    weights may be integers standing for weight * ``scale`` (see :func:`_unscaled`):
    entropy's float terms are then of the weights they stand for.  Rows of
    classes 0, 0, 1, 0: the first three weigh 3 and have class weights 2 and 1, so Gini's
    sum is 2^2 + 1^2 = 5 and misclassification's max(2, 1) = 2:

    >>> counts = [0, 0]
    >>> _prefix_sums("gini", [0, 0, 1, 0], [1, 1, 1, 1], counts), counts
    (([0, 1, 2, 3, 4], [0, 1, 4, 5, 10]), [3, 1])
    >>> _prefix_sums("misclassification", [0, 0, 1, 0], [1, 1, 1, 1], [0, 0])[1]
    [0, 1, 2, 2, 3]
    """
    sizes: list[Weight] = list(itertools.accumulate(weights, initial=0))
    steps: list[Weight] = []  # how much each row adds to the sum
    if criterion == "misclassification":  # the largest class weight so far
        largest: Weight = 0
        for k, w in zip(classes, weights, strict=True):
            counts[k] += w
            largest = max(largest, counts[k])
            steps.append(largest)
        sums = [0, *steps]
    elif criterion == "gini":
        for k, w in zip(classes, weights, strict=True):
            c = counts[k]
            counts[k] = c + w
            steps.append(w * (c + c + w))  # (c + w)^2 - c^2
        sums = list(itertools.accumulate(steps, initial=0))
    else:  # each class's last x log2 x is kept: one logarithm per row
        log2 = math.log2
        last = [0.0] * len(counts)
        for k, w in zip(classes, weights, strict=True):
            counts[k] = now = counts[k] + w
            x = float(now) if scale == 1 else now / scale  # _nearest, inline in this loop
            xlogx = x * log2(x) if x > 0 else 0.0
            steps.append(xlogx - last[k])
            last[k] = xlogx
        sums = list(itertools.accumulate(steps, initial=0))
    return sizes, sums


def _exact(weights: Sequence[Weight]) -> bool:
    """Whether no weight is a float (integers and fractions add and multiply exactly)."""
    return not any(issubclass(kind, float) for kind in set(map(type, weights)))


def _suffix_sums(
    criterion: str,
    classes: Sequence[int],
    weights: Sequence[Weight],
    totals: Sequence[Weight],
    left: tuple[list[Weight], list[Weight]],
    *,
    scale: int = 1,
) -> tuple[list[Weight], list[Weight]]:
    """For p = 0..n: the weight of the rows from p on, and their sum of class weights.

    Gini of exact weights needs no second pass: sum_k (T_k - l_k)^2 = sum T_k^2 -
    sum_k 2 T_k l_k + sum l_k^2, and sum_k 2 T_k l_k adds 2 T_k w row by row.  Rows of
    classes 0, 0, 1, 0: the last three weigh 3, with class weights 2 and 1, Gini's sum 5:

    >>> left = _prefix_sums("gini", [0, 0, 1, 0], [1, 1, 1, 1], [0, 0])
    >>> _suffix_sums("gini", [0, 0, 1, 0], [1, 1, 1, 1], [3, 1], left)
    ([4, 3, 2, 1, 0], [10, 5, 2, 1, 0])
    """
    left_sizes, left_squares = left
    weight = left_sizes[-1]
    if criterion == "gini" and _exact(weights):
        squares = sum(map(operator.mul, totals, totals))
        doubled = [t + t for t in totals]
        steps = map(operator.mul, map(doubled.__getitem__, classes), weights)
        crossed = itertools.accumulate(steps, initial=0)
        sizes = [weight - size for size in left_sizes]
        return sizes, list(map(squares.__add__, map(operator.sub, left_squares, crossed)))
    sizes, sums = _prefix_sums(criterion, classes[::-1], weights[::-1], [0] * len(totals), scale)
    return sizes[::-1], sums[::-1]


def _float_cost(criterion: str, w: Weight, s: Weight, scale: int = 1) -> float:
    """W_b i(t_b) of one side, in floats, from its weight and its sum of class weights
    (integers standing for weight * ``scale`` for misclassification and entropy, whose
    sums are of the first degree; entropy's sum is a float already)."""
    if criterion == "gini":
        return float(w) - float(s / w)
    if criterion == "entropy":
        return _xlogx(_nearest(w, scale)) - float(s)
    return _nearest(w - s, scale)


def _nearest(x: Weight, scale: int) -> float:
    """The float nearest x / ``scale`` (x an integer when ``scale`` is not 1: int / int is
    rounded once, as the fraction it stands for is by ``float``).

    >>> _nearest(Fraction(1, 3), 1), _nearest(1, 3)
    (0.3333333333333333, 0.3333333333333333)
    """
    return float(x) if scale == 1 else cast(int, x) / scale


def _denominator(weights: Sequence[Weight]) -> int:
    """The least common denominator of exact weights that are not all integers; 1 when they
    are all integers or a float is among them (the scan then adds them as they are).

    >>> _denominator([Fraction(1, 4), Fraction(1, 6), 2]), _denominator([1, 2]), _denominator([0.5])
    (12, 1, 1)
    """
    kinds = set(map(type, weights))
    if kinds <= {int} or any(issubclass(kind, float) for kind in kinds):
        return 1
    return common_denominator(map(rational, weights))


def _first_exact_best(
    criterion: str,
    positions: Sequence[int],
    left: tuple[Sequence[Weight], Sequence[Weight]],
    right: tuple[Sequence[Weight], Sequence[Weight]],
) -> int:
    """The first of ``positions`` whose cut has the least exact cost, for integer or
    fraction weights: Gini's cost is W - (sum l^2 / W_l + sum r^2 / W_r), compared
    here by cross-multiplying, and misclassification's W - (max l + max r).

    Rows of classes 0, 0, 1, 0: cutting after two costs 4 - (4/2 + 2/2) = 1, after one
    or three 4 - (1 + 5/3) = 4/3, a tie that goes to the first of ``positions``:

    >>> left = _prefix_sums("gini", [0, 0, 1, 0], [1, 1, 1, 1], [0, 0])
    >>> right = _suffix_sums("gini", [0, 0, 1, 0], [1, 1, 1, 1], [3, 1], left)
    >>> [_first_exact_best("gini", positions, left, right) for positions in ([1, 2, 3], [1, 3])]
    [2, 1]
    """
    (left_sizes, left_sums), (right_sizes, right_sums) = left, right
    best = positions[0]
    top: Weight = 0
    base: Weight = 1
    for p in positions:
        wl, wr = left_sizes[p], right_sizes[p]
        if criterion == "gini":  # (sum l^2 W_r + sum r^2 W_l) / (W_l W_r)
            gain, scale = left_sums[p] * wr + right_sums[p] * wl, wl * wr
        else:
            gain, scale = left_sums[p] + right_sums[p], 1
        if p == positions[0] or gain * base > top * scale:
            best, top, base = p, gain, scale
    return best


def scan_classes(
    ordered: Ordered,
    weights: Sequence[Weight],
    *,
    units: bool,
    criterion: str,
    n_classes: int,
    min_side: Weight,
    exact_ties: bool,
    resolution: float,
    float32: bool,
    integral: bool,
    scale: int,
    min_rows: int = 0,
) -> Scan:
    order, sorted_values, classes = ordered.rows, ordered.values, ordered.classes
    row_weights: list[Weight] = [1] * len(order) if units else list(map(weights.__getitem__, order))
    # Fractions are counted as integers over their common denominator: the same exact sums,
    # costs and comparisons, without a sum of fractions' greatest common divisor at each step
    if scale == 1 and not integral:
        scale = _denominator(row_weights)
        if scale != 1:
            row_weights = list[Weight](numerators(map(rational, row_weights), scale))
    if scale != 1:
        min_side = math.ceil(rational(min_side) * scale)  # integer sides: the same cuts
    if criterion == "gini" and (integral or scale != 1) and n_classes <= COUNTED_CLASSES:
        return _scan_gini_counts(
            sorted_values,
            classes,
            cast(list[int], row_weights),  # integers: integral, or scaled to integers
            n_classes=n_classes,
            min_side=min_side,
            exact_ties=exact_ties,
            separated=separated(resolution, float32=float32),
            scale=scale,
            min_rows=min_rows,
        )
    totals: list[float] = [0] * n_classes  # exact sums of weights, filled by the first pass
    left = _prefix_sums(criterion, classes, row_weights, totals, scale)
    weight = sum(totals)
    offered, allowed = _offered_cuts(
        sorted_values,
        classes,
        row_weights,
        weight,
        min_side,
        separated=separated(resolution, float32=float32),
        min_rows=min_rows,
        sizes=left[0],
        exact=integral or scale != 1,
    )
    if not offered:
        return Scan((), (), _unscaled(totals, scale), allowed, 0.0)
    right = _suffix_sums(criterion, classes, row_weights, totals, left, scale=scale)
    costs = _float_costs(criterion, weight, offered, left, right, scale=scale)
    whole = weight if scale == 1 else Fraction(cast(int, weight), scale)
    screened = near_best(costs, slack=_window(criterion, len(order), whole), lowest=True)
    least = min(costs[j] for j in screened)  # the least cost is among the near
    near = [offered[j] for j in screened]
    if exact_ties and len(near) > 1 and criterion != "entropy" and _exact(row_weights):
        near = [_first_exact_best(criterion, near, left, right)]  # the same order, scaled
    cuts = tuple(Cut(p, sorted_values[p - 1], sorted_values[p]) for p in near)
    lefts = _lefts(near, classes, row_weights, n_classes)
    if scale != 1:  # the counts as the exact weights they stand for
        totals = cast(list[float], list(_unscaled(totals, scale)))
        lefts = tuple(_unscaled(side, scale) for side in lefts)
    decrease = float((COSTS[criterion](totals, cast(float, whole)) - least) / whole)
    return Scan(cuts, lefts, tuple(totals), allowed, decrease)


def _class_prefixes(
    classes: Sequence[int], weights: Sequence[int], n_classes: int
) -> tuple[Sequence[int], list[list[int]]]:
    """For p = 0..n: the weight of the first p rows, and for each class k but the first its
    weight among them (integer weights, summed at C speed: the weight of a row of class k
    is ``w * (k == class)``; the first class's is what the others leave).  A unit weight
    needs no product, and with two classes a row's class is its mark for class 1.

    >>> _class_prefixes([0, 0, 1, 0], [1, 2, 1, 1], 2)
    ([0, 1, 3, 4, 5], [[0, 0, 0, 1, 1]])
    >>> _class_prefixes([0, 2, 1], [1, 1, 1], 3)
    (range(0, 4), [[0, 0, 0, 1], [0, 0, 1, 1]])
    """
    units = weights.count(1) == len(weights)
    sizes: Sequence[int] = (
        range(len(weights) + 1) if units else list(itertools.accumulate(weights, initial=0))
    )
    prefixes = []
    for k in range(1, n_classes):
        marks: Iterable[int] = classes if n_classes == 2 else map(k.__eq__, classes)
        steps = marks if units else map(operator.mul, weights, marks)
        prefixes.append(list(itertools.accumulate(steps, initial=0)))
    return sizes, prefixes


def _at(
    positions: Sequence[int], sizes: Sequence[int], prefixes: Sequence[Sequence[int]]
) -> list[list[int]]:
    """The class weights left of each of ``positions``, a list per class (see
    :func:`_class_prefixes`: the first class's are the rest of the weight).

    >>> _at([1, 3], [0, 1, 3, 4, 5], [[0, 0, 0, 1, 1]])
    [[1, 3], [0, 1]]
    """
    others = [list(map(prefix.__getitem__, positions)) for prefix in prefixes]
    first: Iterable[int] = map(sizes.__getitem__, positions)
    for other in others:
        first = map(operator.sub, first, other)
    return [list(first), *others]


def _scan_gini_counts(
    sorted_values: Sequence[float],
    classes: Sequence[int],
    weights: Sequence[int],
    *,
    n_classes: int,
    min_side: Weight,
    exact_ties: bool,
    separated: Callable[[float, float], bool],
    scale: int,
    min_rows: int,
) -> Scan:
    """The Gini scan of sorted rows whose weights are integers (or integers standing for
    weight * ``scale``): each side's class weights at a cut are read from the running class
    weights of :func:`_class_prefixes`, and Gini's costs are computed only at the offered
    cuts, column by column: the same integers, so the same floats and the same exact
    comparisons, as :func:`_prefix_sums` and :func:`_suffix_sums` give.

    >>> scan = _scan_gini_counts([1.0, 2.0, 3.0, 4.0], [0, 0, 1, 0], [1, 1, 1, 1], n_classes=2,
    ...     min_side=0, exact_ties=True, separated=operator.lt, scale=1, min_rows=0)
    >>> scan.cuts, scan.lefts, scan.totals, scan.allowed
    ((Cut(position=2, below=2.0, above=3.0),), ((2, 0),), (3, 1), 3)
    """
    sizes, prefixes = _class_prefixes(classes, weights, n_classes)
    weight = sizes[-1]
    totals = [column[0] for column in _at([len(weights)], sizes, prefixes)]
    offered, allowed = _offered_cuts(
        sorted_values,
        classes,
        weights,
        weight,
        min_side,
        separated=separated,
        min_rows=min_rows,
        sizes=sizes,
        exact=True,
    )
    if not offered:
        return Scan((), (), _unscaled(totals, scale), allowed, 0.0)
    lefts = _at(offered, sizes, prefixes)
    left_sizes = list(map(sizes.__getitem__, offered))
    right_sizes = list(map(weight.__sub__, left_sizes))
    left_sums = _squares(lefts)
    right_sums = _squares(
        [list(map(total.__sub__, side)) for total, side in zip(totals, lefts, strict=True)]
    )
    if scale == 1:  # W - sum l^2 / W_l - sum r^2 / W_r, as _float_costs writes it
        costs = list(
            map(
                operator.sub,
                map(
                    operator.sub,
                    itertools.repeat(weight),
                    map(operator.truediv, left_sums, left_sizes),
                ),
                map(operator.truediv, right_sums, right_sizes),
            )
        )
    else:
        costs = [
            (weight * wl * wr - sl * wr - sr * wl) / (scale * wl * wr)
            for wl, wr, sl, sr in zip(left_sizes, right_sizes, left_sums, right_sums, strict=True)
        ]
    whole = weight if scale == 1 else Fraction(weight, scale)
    screened = near_best(costs, slack=_window("gini", len(weights), whole), lowest=True)
    least = min(costs[j] for j in screened)
    if (
        exact_ties and len(screened) > 1
    ):  # (sum l^2 W_r + sum r^2 W_l) / (W_l W_r), first of the most
        screened = [
            _first_exact_best(
                "gini",
                screened,
                (left_sizes, left_sums),
                (right_sizes, right_sums),
            )
        ]
    cuts = tuple(
        Cut(offered[j], sorted_values[offered[j] - 1], sorted_values[offered[j]]) for j in screened
    )
    near_lefts = tuple(_unscaled([side[j] for side in lefts], scale) for j in screened)
    exact_totals = _unscaled(totals, scale)
    decrease = float(
        (COSTS["gini"](cast(list[float], list(exact_totals)), cast(float, whole)) - least) / whole
    )
    return Scan(cuts, near_lefts, exact_totals, allowed, decrease)


def _squares(columns: Sequence[Sequence[int]]) -> list[int]:
    """The sum of the squares of each row of ``columns`` (a list per class)."""
    sums: Iterable[int] = itertools.repeat(0)
    for column in columns:
        sums = map(operator.add, sums, map(operator.mul, column, column))
    return list(sums) if columns else []


def _unscaled(counts: Sequence[Weight], scale: int) -> tuple[Weight, ...]:
    """Class weights counted as integers standing for weight * ``scale``
    (:func:`dtree.arithmetic.numerators`), as the fractions they stand for.

    >>> _unscaled([3, 0], 12), _unscaled([3, 0], 1)
    ((Fraction(1, 4), Fraction(0, 1)), (3, 0))
    """
    if scale == 1:
        return tuple(counts)
    return tuple(Fraction(cast(int, count), scale) for count in counts)


def _float_costs(
    criterion: str,
    weight: Weight,
    positions: Sequence[int],
    left: tuple[list[Weight], list[Weight]],
    right: tuple[list[Weight], list[Weight]],
    *,
    scale: int = 1,
) -> list[float]:
    """W_l i(t_l) + W_r i(t_r) of the cut at each of ``positions``, in floats; from sums of
    integers standing for weight * ``scale`` (see :func:`_unscaled`), the float nearest the
    exact cost, as from sums of the fractions they stand for."""
    (left_sizes, left_sums), (right_sizes, right_sums) = left, right
    if criterion == "gini" and scale != 1:
        # (W - sum l^2 / W_l - sum r^2 / W_r) / scale over one denominator: int / int rounds once
        return [
            _nearest(weight * wl * wr - left_sums[p] * wr - right_sums[p] * wl, scale * wl * wr)
            for p in positions
            for wl, wr in ((cast(int, left_sizes[p]), cast(int, right_sizes[p])),)
        ]
    if criterion == "gini":
        # W - sum l^2 / W_l - sum r^2 / W_r: the sum of _float_cost("gini", ...) of both sides,
        # written out.  A call per cut would make CART's fit about 3% slower, and would round
        # (W_l - a) + (W_r - b) where the screen has always rounded W - a - b.
        listed = [
            weight - left_sums[p] / left_sizes[p] - right_sums[p] / right_sizes[p]
            for p in positions
        ]
        return list(map(float, listed))
    return [
        float(
            _float_cost(criterion, left_sizes[p], left_sums[p], scale)
            + _float_cost(criterion, right_sizes[p], right_sums[p], scale)
        )
        for p in positions
    ]


def _window(criterion: str, n: int, weight: Weight) -> float:
    """How far above the least float cost of n rows a cut's cost may lie and still be a near-best.

    Running float sums of n terms may be off by about n ulps of the largest: widen the window
    (for entropy, whose terms reach W log2 W, by log2 W more)."""
    rounding = n * 2.0**-50
    if criterion == "entropy":
        rounding *= math.log2(float(weight) + 2)
    return max(SCREEN_TOLERANCE, rounding) * max(float(weight), 1.0)


def _lefts(
    positions: Sequence[int], classes: Sequence[int], weights: Sequence[Weight], n_classes: int
) -> tuple[tuple[Weight, ...], ...]:
    """The class weights of the first p rows, for each p of ``positions`` (ascending)."""
    left: list[Weight] = [0] * n_classes
    found: list[tuple[Weight, ...]] = []
    done = 0
    for p in positions:
        for k, w in zip(classes[done:p], weights[done:p], strict=True):
            left[k] += w
        done = p
        found.append(tuple(left))
    return tuple(found)


def _offered_cuts(
    sorted_values: Sequence[float],
    classes: Sequence[int],
    weights: Sequence[Weight],
    weight: Weight,
    min_side: Weight,
    *,
    separated: Callable[[float, float], bool] = operator.lt,
    min_rows: int = 0,
    sizes: Sequence[Weight] | None = None,
    exact: bool = False,
) -> tuple[list[int], int]:
    """The positions of the cuts worth scoring, in ascending order, and the number allowed
    (``sizes``, the weights of the first p rows for p = 0..n, if the caller has them;
    ``exact``, whether the weights are integers or fractions).

    A group is a run of sorted values, each not ``separated`` from the one
    before it (by default: equal values).
    A cut between two groups is scored when it is a boundary point
    (the two groups are not all of one class), when it is the first allowed cut, or the
    last allowed one where ``min_side`` (or ``min_rows``, the least rows each side) cuts a
    run short on the right.  Of the three cuts
    of classes 0, 0, 1, 1 one is a boundary; of values 1, 1, 2, 2, 3, the class of the
    group of 1s is mixed, so its cut is one too; one class, five values and sides of at
    least 2 allow the cuts 2 and 3, the ends of the run:

    >>> _offered_cuts([1.0, 2.0, 3.0, 4.0], [0, 0, 1, 1], [1, 1, 1, 1], 4, 0)
    ([2], 3)
    >>> _offered_cuts([1.0, 1.0, 2.0, 2.0, 3.0], [0, 1, 0, 0, 0], [1] * 5, 5, 0)
    ([2], 2)
    >>> _offered_cuts([1.0, 2.0, 3.0, 4.0, 5.0], [0] * 5, [1] * 5, 5, 2)
    ([2, 3], 2)

    Every step is a pass at C speed over the rows (a map, an accumulation, a bisection); only
    the allowed cuts are looked at one by one.  They are a run of the cuts
    (:func:`dtree.grower.cuts.allowed_span`).
    """
    m = len(sorted_values)
    cuts = gaps(sorted_values, separated)
    changes = map(operator.ne, classes, classes[1:])
    if not min_side and min_rows <= 1 and len(cuts) == m - 1:
        # distinct values and no minimum: every cut is allowed, and a boundary where the
        # class changes (the first and last cuts need no special case)
        return list(itertools.compress(range(1, m), changes)), m - 1
    if sizes is None:
        sizes = list(itertools.accumulate(weights, initial=0))
    first, last = allowed_span(
        cuts, sizes, weight, min_side=min_side, min_rows=min_rows, rows=m, exact=exact
    )
    if first >= last:
        return [], 0
    # the cut cuts[i] lies between the groups starting at starts[i] and starts[i + 1], the
    # latter ending at starts[i + 2]: a boundary when the class changes within the two
    seen = list(itertools.accumulate(changes, initial=0))  # seen[j]: changes before row j
    starts = [0, *cuts, m]
    before = map(seen.__getitem__, starts[first:last])
    within = map(seen.__getitem__, map((-1).__add__, starts[first + 2 : last + 2]))
    boundary = list(map(operator.lt, before, within))
    allowed = cuts[first:last]
    if first and not boundary[0]:
        boundary[0] = True  # min_side cut a run short on the left: score its start
    if last < len(cuts) and not boundary[-1]:
        boundary[-1] = True  # and on the right: its end
    return list(itertools.compress(allowed, boundary)), last - first
