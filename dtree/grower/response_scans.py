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

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from dtree.arithmetic import SCREEN_TOLERANCE, near_best
from dtree.dataset import Weight
from dtree.grower.cuts import Cut, Scan, separated
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
    apart = separated(resolution, float32=float32)
    last = len(order) - min_rows  # the last position leaving min_rows rows on the right
    weight = sum(weights[i] for i in order)
    first = math.fsum(weights[i] * targets[i] for i in order)
    second = math.fsum(weights[i] * targets[i] * targets[i] for i in order)
    shortlist = Shortlist(SCREEN_TOLERANCE * max(second, 1.0))
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
                explained = left_first**2 / left_weight + right_first**2 / right_weight
                c = second - explained
                if c <= bound:
                    shortlist.offer(c, position, previous, value, (left_weight, left_first))
                    bound = shortlist.least + shortlist.window
        previous = value
        left_weight += weights[i]
        left_first += weights[i] * targets[i]
    return shortlist.scan((weight, first), weight, second - first * first / weight, allowed)


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
