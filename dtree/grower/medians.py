"""The absolute-error criterion: weighted medians, and absolute deviations about them.

Vocabulary
----------
``pairs``
    A node's targets with their weights, (y, w) with w > 0.
weighted median
    scikit-learn's rule (``DecisionTreeRegressor(criterion="absolute_error")``
    since 1.9): sort the pairs by y; the median is the y of the first pair
    whose cumulative weight exceeds half the total weight W / 2, unless the
    pairs before it weigh exactly W / 2, when it is the midpoint of its y and
    the y of the pair before it.  (Equal y's in either order give the same
    median.)
absolute deviation
    AE = sum w |y - m| about the median m.  A node's impurity is i(t) = AE / W,
    a split's decrease I(s, t) = (AE(t) - sum_b AE(t_b)) / W, and a leaf
    predicts the median.

Every number here is exact: a float y is a rational, and so is every weight.
The scan for a numeric attribute's best cut needs AE of every prefix of the
node's rows in the attribute's order (and of every suffix):
:func:`prefix_deviations` gives them in O(n log n), from a Fenwick tree over
the ranks of the y's that holds the weight and the sum of w*y below each
rank, searched for the median after each row is added.

Contents: :func:`weighted_median`, :func:`absolute_deviation`,
:func:`prefix_deviations`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from dtree.dataset import Weight

__all__ = ["absolute_deviation", "prefix_deviations", "weighted_median"]

Exact = int | Fraction
"""A weight or a sum taken exactly."""


def _exact(x: Weight | float) -> Exact:
    return x if isinstance(x, int | Fraction) else Fraction(x)


def weighted_median(pairs: Sequence[tuple[float, Weight]]) -> Fraction:
    """The weighted median of the (y, w) ``pairs`` by scikit-learn's rule (see the module's
    vocabulary): the first y whose cumulative weight exceeds W / 2, or the midpoint of it and
    the y before when those before weigh exactly W / 2.

    >>> weighted_median([(1.0, 1), (2.0, 1), (9.0, 1)]), weighted_median([(1.0, 1), (2.0, 1)])
    (Fraction(2, 1), Fraction(3, 2))
    >>> weighted_median([(1.0, 3), (2.0, 1), (4.0, 2)])  # 3 of 6 below 2: the midpoint
    Fraction(3, 2)
    """
    ordered = sorted((Fraction(y), _exact(w)) for y, w in pairs)
    half = Fraction(sum(w for _, w in ordered), 2)
    below: Exact = 0
    for k, (y, w) in enumerate(ordered):
        if below + w > half:
            return (ordered[k - 1][0] + y) / 2 if below == half else y
        below += w
    raise ValueError("no pairs, or no positive weight: no median")


def absolute_deviation(pairs: Sequence[tuple[float, Weight]]) -> Fraction:
    """AE = sum w |y - m| of the (y, w) ``pairs`` about their :func:`weighted_median` m
    (0 for no pairs, or pairs of no weight: a branch that a share of 0 of a missing value
    reaches under the notes' fractional counts).

    >>> absolute_deviation([(1.0, 1), (2.0, 1), (9.0, 1)]), absolute_deviation([])
    (Fraction(8, 1), Fraction(0, 1))
    >>> absolute_deviation([(4.0, 0)])
    Fraction(0, 1)
    """
    if not any(w > 0 for _, w in pairs):
        return Fraction(0)
    m = weighted_median(pairs)
    return sum((_exact(w) * abs(Fraction(y) - m) for y, w in pairs), Fraction(0))


def prefix_deviations(ys: Sequence[float], weights: Sequence[Weight]) -> list[Fraction]:
    """AE of the first p pairs (ys[i], weights[i]), for p = 0..n, in O(n log n).

    The model is :func:`absolute_deviation` of each prefix:

    >>> prefix_deviations([5.0, 1.0, 3.0, 3.0], [1, 1, 2, 1])
    [Fraction(0, 1), Fraction(0, 1), Fraction(4, 1), Fraction(4, 1), Fraction(4, 1)]
    >>> [absolute_deviation(list(zip([5.0, 1.0, 3.0, 3.0], [1, 1, 2, 1]))[:p]) for p in range(5)]
    [Fraction(0, 1), Fraction(0, 1), Fraction(4, 1), Fraction(4, 1), Fraction(4, 1)]
    """
    n = len(ys)
    order = sorted(range(n), key=ys.__getitem__)
    rank = [0] * n
    for r, i in enumerate(order):
        rank[i] = r
    sorted_ys = [Fraction(ys[i]) for i in order]
    tree_w: list[Exact] = [0] * (n + 1)  # Fenwick sums of weight and of w*y, by rank
    tree_wy: list[Exact] = [0] * (n + 1)
    top = 1 << (n.bit_length() - 1) if n else 0
    whole_w: Exact = 0
    whole_wy: Exact = 0
    found = [Fraction(0)]
    for i, y in enumerate(ys):
        w = _exact(weights[i])
        wy = w * Fraction(y)
        whole_w, whole_wy = whole_w + w, whole_wy + wy
        j = rank[i] + 1
        while j <= n:
            tree_w[j] += w
            tree_wy[j] += wy
            j += j & -j
        found.append(
            _deviation(tree_w, tree_wy, top, sorted_ys, whole_w=whole_w, whole_wy=whole_wy)
        )
    return found


def _deviation(
    tree_w: list[Exact],
    tree_wy: list[Exact],
    top: int,
    sorted_ys: list[Fraction],
    *,
    whole_w: Exact,
    whole_wy: Exact,
) -> Fraction:
    """AE of the pairs the Fenwick sums hold: the median rank k is the largest index whose
    prefix weight is at most W / 2 (the first rank whose cumulative weight exceeds it), and
    AE = m W_< - S_< + (S - S_<) - m (W - W_<) from the weight W_< and sum S_< below k."""
    half = Fraction(whole_w, 2)
    k, below_w, below_wy = _descend(tree_w, tree_wy, top, half, strict=False)
    m = sorted_ys[k]
    if below_w == half:  # the pairs below weigh exactly half: the midpoint with the one before
        j, _, _ = _descend(tree_w, tree_wy, top, half, strict=True)
        m = (sorted_ys[j] + m) / 2
    return m * below_w - below_wy + (whole_wy - below_wy) - m * (whole_w - below_w)


def _descend(
    tree_w: list[Exact], tree_wy: list[Exact], top: int, bound: Fraction, *, strict: bool
) -> tuple[int, Exact, Exact]:
    """The largest index p whose prefix weight is at most ``bound`` (below it, ``strict``),
    with that prefix's weight and sum of w*y: binary lifting down the Fenwick tree."""
    p = 0
    below_w: Exact = 0
    below_wy: Exact = 0
    for bit in itertools.takewhile(bool, (top >> s for s in itertools.count())):
        nxt = p + bit
        if nxt < len(tree_w):
            total = below_w + tree_w[nxt]
            if total < bound or (not strict and total == bound):
                p, below_w, below_wy = nxt, total, below_wy + tree_wy[nxt]
    return p, below_w, below_wy
