"""The scans of a numeric target: squared error, the Poisson deviance, absolute error.

:func:`dtree.grower.thresholds.best_cut` scans a numeric attribute at a node;
for a regression tree it hands the sorted rows to the scan of its criterion
here.  Each walks the rows once with running sums and offers every allowed
cut's cost (the children's impurity times their weight) to a
:class:`Shortlist`, which keeps those within a hair of the least for an exact
decision, as the class scans do.  Absolute error is exact throughout
(:mod:`dtree.grower.medians`).

Contents: :class:`Shortlist`, :func:`scan_squared_error`, :func:`scan_poisson`,
:func:`scan_absolute_error`.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from dtree.arithmetic import SCREEN_TOLERANCE, near_best
from dtree.dataset import Weight
from dtree.grower.cuts import Cut, Scan, allowed_span, gaps, separated
from dtree.grower.medians import prefix_deviations
from dtree.impurity import POISSON_EPSILON

__all__ = ["Shortlist", "scan_absolute_error", "scan_poisson", "scan_squared_error"]


class Shortlist:
    """The cuts a regression scan has seen whose cost is within the screening window of the least.

    (A class scan has its running sums for every cut at once, and screens them in one go.)"""

    def __init__(self, window: float) -> None:
        self.window = window
        self.least = math.inf
        self.found: list[tuple[float, Cut, tuple[Weight, ...]]] = []

    def offer(self, cost: float, position: int, a: float, b: float, left: Sequence[Weight]) -> None:
        self.least = min(self.least, cost)
        self.found.append((cost, Cut(position, a, b), tuple(left)))

    def scan(
        self, totals: Sequence[Weight], weight: Weight, parent_cost: float, allowed: int
    ) -> Scan:
        costs = [cost for cost, _, _ in self.found]
        near = near_best(costs, slack=self.window, lowest=True) if costs else []
        by_position = {
            cut.position: (cut, left) for _, cut, left in map(self.found.__getitem__, near)
        }
        ordered = [by_position[p] for p in sorted(by_position)]
        lefts = tuple(left for _, left in ordered)
        decrease = float((parent_cost - self.least) / weight) if ordered else 0.0
        return Scan(tuple(c for c, _ in ordered), lefts, tuple(totals), allowed, decrease)


def scan_squared_error(
    order: list[int],
    values: Sequence[float],
    targets: Sequence[float],
    weights: Sequence[Weight],
    min_side: Weight,
    *,
    resolution: float,
    float32: bool,
    min_rows: int = 0,
) -> Scan:
    """The squared-error scan: a cut costs Q - (F_l^2 / W_l + F_r^2 / W_r), the children's
    sum of squared errors, from the running sums W and F = sum w*y of the rows in order.

    Each step is a pass at C speed: the sorted rows' weights, w*y and their running sums
    (added in row order, as a loop would add them), the cuts (:func:`~dtree.grower.cuts.gaps`),
    those allowed (:func:`~dtree.grower.cuts.allowed_span`), and their costs; the cuts within
    the screening window of the least are returned, as :class:`Shortlist` keeps them.

    >>> scan = scan_squared_error([0, 1, 2, 3], [1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 1.0, 1.0],
    ...                           [1, 1, 1, 1], 0, resolution=0.0, float32=False)
    >>> scan.cuts, scan.lefts, scan.allowed, scan.decrease
    ((Cut(position=2, below=2.0, above=3.0),), ((2, 0.0),), 3, 0.25)
    """
    ws = list(map(weights.__getitem__, order))
    ys = list(map(targets.__getitem__, order))
    sorted_values = list(map(values.__getitem__, order))
    wys = list(map(operator.mul, ws, ys))
    weight = sum(ws)
    first = math.fsum(wys)
    second = math.fsum(map(operator.mul, wys, ys))
    window = SCREEN_TOLERANCE * max(second, 1.0)
    cuts = gaps(sorted_values, separated(resolution, float32=float32))
    sizes = list(itertools.accumulate(ws, initial=0))  # exact, like the weights
    low, high = allowed_span(
        cuts, sizes, weight, min_side=min_side, min_rows=min_rows, rows=len(order)
    )
    allowed = cuts[low:high]
    if not allowed:
        return Scan((), (), (weight, first), 0, 0.0)
    firsts = list(itertools.accumulate(wys, initial=0.0))
    left_weights = list(map(sizes.__getitem__, allowed))
    left_firsts = list(map(firsts.__getitem__, allowed))
    right_weights = map(operator.sub, itertools.repeat(weight), left_weights)
    right_firsts = map(operator.sub, itertools.repeat(first), left_firsts)
    explained = map(
        operator.add,
        map(operator.truediv, map(pow, left_firsts, itertools.repeat(2)), left_weights),
        map(operator.truediv, map(pow, right_firsts, itertools.repeat(2)), right_weights),
    )
    costs = list(map(operator.sub, itertools.repeat(second), explained))
    near = near_best(costs, slack=window, lowest=True)
    least = min(costs)
    found = tuple(
        Cut(allowed[j], sorted_values[allowed[j] - 1], sorted_values[allowed[j]]) for j in near
    )
    lefts = tuple((left_weights[j], left_firsts[j]) for j in near)
    decrease = float((second - first * first / weight - least) / weight)
    return Scan(found, lefts, (weight, first), len(allowed), decrease)


def _poisson_cost(first: float, weight: Weight) -> float:
    """-F ln(F / W): a branch's share of W_t i(t) under the Poisson criterion, less its
    constant sum of w y ln y (the same for every cut)."""
    return -first * math.log(first / float(weight))


def _above_epsilon(
    rough: float, rows: Sequence[int], side: slice, ys: Sequence[float], ws: Sequence[Weight]
) -> bool:
    """Whether the exact sum of w*y over ``rows[side]`` exceeds POISSON_EPSILON; ``rough``,
    its running float sum, decides unless it lies within a factor 2 of the bound (the rows
    are then added exactly: rarely, and never for counts).

    >>> _above_epsilon(1.0, [], slice(0), [], [])
    True
    >>> _above_epsilon(1e-15, [0], slice(1), [1e-15], [3])  # 3e-15 > 2.2e-15, exactly
    True
    """
    if abs(rough - float(POISSON_EPSILON)) > float(POISSON_EPSILON):
        return rough > float(POISSON_EPSILON)
    exact = sum((Fraction(ws[i]) * Fraction(ys[i]) for i in rows[side]), Fraction(0))
    return exact > POISSON_EPSILON


def scan_poisson(
    order: list[int],
    values: Sequence[float],
    targets: Sequence[float],
    weights: Sequence[Weight],
    min_side: Weight,
    *,
    resolution: float,
    float32: bool = False,
    min_rows: int = 0,
) -> Scan:
    """The Poisson criterion's scan: a cut costs -F_l ln(F_l / W_l) - F_r ln(F_r / W_r), the
    impurity W_l i(t_l) + W_r i(t_r) less its constant sum of w y ln y; a cut with a
    side whose sum of w*y is at most POISSON_EPSILON is not scored (scikit-learn refuses
    it), though it is counted as allowed."""
    apart = separated(resolution, float32=float32)
    last = len(order) - min_rows  # the last position leaving min_rows rows on the right
    weight = sum(weights[i] for i in order)
    first = math.fsum(weights[i] * targets[i] for i in order)
    if first <= 0:  # every y is 0: no split has a side to score
        return Scan((), (), (weight, first), 0, 0.0)
    # a side's -F_b ln(mean_b) is at most F (|ln mean| + ln W + 40) in size, as a mean above
    # POISSON_EPSILON / W is (ln POISSON_EPSILON > -34): a window of that relative size
    reach = first * (abs(math.log(first / float(weight))) + math.log(float(weight) + 1) + 40)
    shortlist = Shortlist(SCREEN_TOLERANCE * max(reach, 1.0))
    bound = math.inf
    left_weight: float = 0  # exact, like the weights
    left_first = 0.0
    allowed = 0
    previous = math.nan
    for position, i in enumerate(order):
        value = values[i]
        if position and apart(previous, value):
            right_weight = weight - left_weight
            if (
                min_side <= left_weight
                and min_side <= right_weight
                and min_rows <= position <= last
            ):
                allowed += 1
                right_first = first - left_first
                left, right = slice(position), slice(position, None)
                if _above_epsilon(left_first, order, left, targets, weights) and _above_epsilon(
                    right_first, order, right, targets, weights
                ):
                    c = _poisson_cost(left_first, left_weight) + _poisson_cost(
                        right_first, right_weight
                    )
                    if c <= bound:
                        shortlist.offer(c, position, previous, value, (left_weight, left_first))
                        bound = shortlist.least + shortlist.window
        previous = value
        left_weight += weights[i]
        left_first += weights[i] * targets[i]
    return shortlist.scan((weight, first), weight, _poisson_cost(first, weight), allowed)


def scan_absolute_error(
    order: list[int], values: Sequence[float], targets: Sequence[float], weights: Sequence[Weight],
    *, min_side: Weight, resolution: float, float32: bool = False, min_rows: int = 0,
) -> Scan:  # fmt: skip
    """The absolute-error scan: a cut costs AE_l + AE_r, exactly, from the deviations of every
    prefix and suffix (:func:`dtree.grower.medians.prefix_deviations`, O(n log n)); only
    the first cut of the least cost is returned."""
    ys, ws = [targets[i] for i in order], [weights[i] for i in order]
    left, right = prefix_deviations(ys, ws), prefix_deviations(ys[::-1], ws[::-1])[::-1]
    apart, weight = separated(resolution, float32=float32), sum(ws)
    best: tuple[Fraction, int, Weight] | None = None
    allowed, left_weight = 0, cast(Weight, 0)
    for p in range(1, len(order)):
        left_weight += ws[p - 1]
        a, b = values[order[p - 1]], values[order[p]]
        fits = min_side <= left_weight and min_side <= weight - left_weight
        if apart(a, b) and fits and min_rows <= p <= len(order) - min_rows:
            allowed += 1
            if best is None or left[p] + right[p] < best[0]:
                best = (left[p] + right[p], p, left_weight)
    if best is None:
        return Scan((), (), (weight,), allowed, 0.0)
    cost, p, known = best
    cut, decrease = Cut(p, values[order[p - 1]], values[order[p]]), (left[-1] - cost) / weight
    return Scan((cut,), ((known,),), (weight,), allowed, float(decrease))
