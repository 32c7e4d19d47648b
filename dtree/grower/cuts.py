"""A cut between two values, what a scan of one attribute finds, and where a cut may lie.

A numeric attribute is cut between sorted neighbours a < b (``x <= a`` on the
left, ``x >= b`` on the right): a :class:`Cut`.  The scan of an attribute at a
node (:func:`dtree.grower.thresholds.best_cut`) returns a :class:`Scan`.  A cut
lies only between values more than the learner's ``resolution`` apart
(:func:`separated`).

Contents: :class:`Cut`, :class:`Scan`, :class:`Ordered`, :func:`separated`,
:func:`gaps`, :func:`allowed_span`.
"""

from __future__ import annotations

import bisect
import itertools
import operator
from collections.abc import Callable, Sequence

from attrs import frozen

from dtree.arithmetic import float32 as to_float32
from dtree.dataset import Weight

__all__ = ["Cut", "Ordered", "Scan", "allowed_span", "gaps", "separated"]


@frozen
class Cut:
    """Cut ``position`` rows into the sorted known rows, between ``below`` and ``above``."""

    position: int
    below: float
    above: float


@frozen
class Scan:
    """What scanning one attribute found: the near-best cuts, and how many cuts were allowed.

    ``lefts`` holds, for each cut, the class weights left of it, and
    ``totals`` those of the node (for regression: weight and sum of w*y);
    ``decrease`` is I(s, t) of the best cut, in floats.
    """

    cuts: tuple[Cut, ...]
    lefts: tuple[tuple[Weight, ...], ...]
    totals: tuple[Weight, ...]
    allowed: int
    decrease: float


@frozen
class Ordered:
    """A node's rows in ascending order of one numeric attribute, ties in the node's order
    of its rows, with their values and classes in that order: what the scan of the
    attribute reads.  The root sorts each attribute once; a split divides each order
    stably into its children's (SLIQ's presorted attribute lists), so no node sorts again
    (:func:`dtree.grower.rows.start`, :func:`dtree.grower.rows.divide`).  The classes are
    bytes where there are at most 256 of them: a byte a row, not a reference."""

    rows: Sequence[int]
    values: Sequence[float]
    classes: Sequence[int]

    def divided(
        self, right: Callable[[int], int], kept: Sequence[bool] = (True, True)
    ) -> tuple[Ordered | None, Ordered | None]:
        """The rows for which ``right`` is false and those for which it is true (0 or 1,
        False or True), each still in order; None for a side ``kept`` says is not wanted.

        >>> Ordered([4, 2, 7], [0.5, 1.0, 2.0], [1, 0, 1]).divided({2}.__contains__)
        (Ordered(rows=[4, 7], values=[0.5, 2.0], classes=[1, 1]), \
Ordered(rows=[2], values=[1.0], classes=[0]))
        >>> ordered = Ordered([4, 2, 7], [0.5, 1.0, 2.0], b"\\x01\\x00\\x01")
        >>> ordered.divided({2}.__contains__, (True, False))
        (Ordered(rows=[4, 7], values=[0.5, 2.0], classes=b'\\x01\\x01'), None)
        """
        marks = bytes(map(right, self.rows))  # a byte a row: 1 on the right
        left = self._kept(marks.translate(_FLIPPED)) if kept[0] else None
        return left, self._kept(marks) if kept[1] else None

    def _kept(self, marks: bytes) -> Ordered:
        compress = itertools.compress
        classes = compress(self.classes, marks)
        return Ordered(
            list(compress(self.rows, marks)),
            list(compress(self.values, marks)),
            bytes(classes) if isinstance(self.classes, bytes) else list(classes),
        )


_FLIPPED = bytes([1, 0]) + bytes(254)
"""The table that turns the bytes 0 and 1 into 1 and 0."""


def separated(resolution: float, *, float32: bool = False) -> Callable[[float, float], bool]:
    """Whether a cut may lie between sorted neighbours a <= b: a + resolution < b, the sum
    rounded to float32 if ``float32`` (a and b are then float32 numbers, scikit-learn's).

    In float32, 1.0 + 1e-7 is the next float32 above 1.0, so the two are one value, while
    2.0 + 1e-7 rounds back to 2.0, whose next float32 is a value of its own:

    >>> separated(1e-5)(2.0, 2.000001), separated(1e-5)(2.0, 2.0001), separated(0.0)(2.0, 2.0)
    (False, True, False)
    >>> up = 2.0**-23  # the step of float32 between 1 and 2
    >>> separated(1e-7)(1.0, 1.0 + up), separated(1e-7, float32=True)(1.0, 1.0 + up)
    (True, False)
    >>> separated(1e-7, float32=True)(2.0, 2.0 + 2 * up)
    True
    """
    if float32:
        tolerance = to_float32(resolution)
        return lambda a, b: to_float32(a + tolerance) < b
    if not resolution:
        return operator.lt  # the common case, at C speed
    return lambda a, b: a + resolution < b


def gaps(sorted_values: Sequence[float], apart: Callable[[float, float], bool]) -> list[int]:
    """The positions p of the cuts of sorted values: between values p - 1 and p, where the two
    are ``apart`` (:func:`separated`); a pass at C speed.

    >>> gaps([1.0, 1.0, 2.0, 3.0], operator.lt)
    [2, 3]
    """
    return list(
        itertools.compress(
            range(1, len(sorted_values)), map(apart, sorted_values, sorted_values[1:])
        )
    )


def allowed_span(
    cuts: Sequence[int],
    sizes: Sequence[Weight],
    weight: Weight,
    *,
    min_side: Weight,
    min_rows: int,
    rows: int,
    exact: bool = False,
) -> tuple[int, int]:
    """The cuts that leave at least ``min_side`` of the ``weight`` and ``min_rows`` of the
    ``rows`` each side are a run of them, ``cuts[first:last]``: weights are not negative, so
    the weight left of a cut (``sizes[p]``, the first p rows') grows with p.  Bisections,
    the weights right of the cuts compared as ``left - weight <= -min_side``, which is
    ``min_side <= weight - left`` exactly (a float difference changes sign exactly).  With
    ``exact`` weights (integers or fractions) and no ``min_side``, every cut is heavy
    enough, and the weights are not looked at.

    >>> allowed_span([1, 2, 3, 4], [0, 1, 2, 3, 4, 5], 5, min_side=2, min_rows=0, rows=5)
    (1, 3)
    >>> allowed_span([1, 2, 3, 4], range(6), 5, min_side=0, min_rows=2, rows=5)
    (1, 3)
    """
    first, last = 0, len(cuts)
    if min_rows > 1:
        first = bisect.bisect_left(cuts, min_rows)
        last = bisect.bisect_right(cuts, rows - min_rows)
    if exact and not min_side:
        return first, last
    lefts = list(map(sizes.__getitem__, cuts))
    first = max(first, bisect.bisect_left(lefts, min_side))
    rights = list(map(operator.sub, lefts, itertools.repeat(weight)))  # ascending
    return first, min(last, bisect.bisect_right(rights, -min_side))
