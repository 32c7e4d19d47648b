"""Where a threshold goes in the gap between two adjacent values a < b of a numeric attribute.

The scan of :mod:`dtree.grower.thresholds` finds the best gap; a learner's
threshold policy (:attr:`dtree.grower.learner.Learner.threshold`) puts the
threshold ``t`` of the test ``x <= t`` in it, always in [a, b), so that
``x <= t`` separates a from b:

* ``midpoint``: (a + b) / 2 (CART; the lower value if the midpoint rounds
  to the upper);
* ``c45``: the largest value of the attribute in the entire training set
  that does not exceed the midpoint (the CS 760 notes, C4.5);
* ``j48``: the same as Weka's J48 finds it, within Weka's tolerance and in
  row order;
* ``rpart``: the float just below (a + b) / 2, so that ``x <= t`` holds where
  rpart's test ``x < (a + b) / 2`` does on every number, a value at the
  midpoint itself (new data) included.

Contents: :data:`J48_TOLERANCE`, :func:`midpoint`, :func:`rpart_threshold`,
:func:`c45_threshold`, :func:`j48_threshold`, :func:`placement` (which of them, if any,
put a threshold where it is).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence

from dtree.arithmetic import float32
from dtree.errors import DtreeError

__all__ = [
    "J48_TOLERANCE",
    "c45_threshold",
    "j48_threshold",
    "midpoint",
    "placement",
    "rpart_threshold",
]


J48_TOLERANCE = 1e-6
"""Weka's ``Utils.SMALL``: J48 takes a value as not above a threshold when it
exceeds it by less than this (see :func:`j48_threshold`)."""


def midpoint(below: float, above: float) -> float:
    """The threshold between two adjacent values: (a + b) / 2.

    If the midpoint rounds to the upper value, the lower value is taken, so
    that ``x <= t`` still separates a from b.

    >>> midpoint(70.0, 80.0)
    75.0
    >>> midpoint(1.0, math.nextafter(1.0, 2.0))
    1.0
    """
    middle = below / 2 + above / 2
    return below if middle >= above or not math.isfinite(middle) else middle


def rpart_threshold(below: float, above: float) -> float:
    """rpart's threshold between two adjacent values, as ``x <= t``: rpart tests ``x < m``,
    m = (a + b) / 2, which is ``x <= t`` for t the float just below m (no less than a).

    >>> rpart_threshold(70.0, 80.0) == math.nextafter(75.0, 0.0)
    True
    """
    middle = below / 2 + above / 2
    if not math.isfinite(middle):
        return below
    return max(below, math.nextafter(middle, -math.inf))


def c45_threshold(below: float, above: float, training_values: Sequence[float]) -> float:
    """C4.5's threshold between a and b: the largest training value not above (a + b) / 2.

    ``training_values`` are the attribute's distinct values in the whole
    training set, in ascending order (C4.5 looks beyond the node's own
    examples, so that every threshold is a value the data hold).  The CS
    760 notes: "the largest value of X_i in the entire training set that
    does not exceed the midpoint".  Humidity in the numeric weather data,
    between 70 and 75 (midpoint 72.5) and between 75 and 80 (77.5):

    >>> humidity = [65.0, 70.0, 75.0, 80.0, 85.0, 86.0, 90.0, 91.0, 95.0, 96.0]
    >>> c45_threshold(70.0, 75.0, humidity), c45_threshold(75.0, 80.0, humidity)
    (70.0, 75.0)

    See also: :func:`midpoint`, :func:`dtree.grower.thresholds.boundary_points`.
    """
    middle = midpoint(below, above)
    at = bisect.bisect_right(training_values, middle)
    if not at:
        raise DtreeError(f"no training value is at or below the midpoint {middle}")
    return training_values[at - 1]


def j48_threshold(
    below: float,
    above: float,
    training_values: Sequence[float],
    in_row_order: Sequence[float] | None = None,
) -> float:
    """Weka J48's threshold between a and b: the largest training value v below b with
    v - (a + b) / 2 < :data:`J48_TOLERANCE` (10^-6), as J48 meets them in row order.

    J48 (``C45Split.setSplitPoint``) compares with Weka's tolerance where
    C4.5 compares exactly (:func:`c45_threshold`), and computes the
    midpoint as (a + b) / 2.  Where a training value lies less than 10^-6
    above a midpoint that rounds down, as 0.561 above (0.154 + 0.968) / 2 =
    0.5609999999999999 in Pima diabetes' pedigree function, the two differ:

    >>> values = [0.154, 0.56, 0.561, 0.968]
    >>> c45_threshold(0.154, 0.968, values), j48_threshold(0.154, 0.968, values)
    (0.56, 0.561)

    ``training_values`` are the attribute's distinct values in the whole
    training set, ascending; ``in_row_order`` the same values as the rows
    hold them.  J48 scans the rows and keeps a value not above the
    midpoint when it exceeds the one kept so far by more than 10^-6: where
    the largest such values lie within 10^-6 of each other, the first met
    stays.  Weka's image segmentation data hold 0.833335 before 0.833336,
    one float step less than 10^-6 apart:

    >>> values = [0.833333, 0.833335, 0.833336, 0.888889]
    >>> j48_threshold(0.833333, 0.888889, values, [0.833335, 0.888889, 0.833336, 0.833333])
    0.833335

    (Without ``in_row_order``, the largest is taken: 0.833336.)  The value
    kept may lie below a itself, as 0.507407 when a = 0.507408 in the same
    data; J48 still sends a to the left, as it tests x - t < 10^-6, so a is
    taken, which splits the rows as J48 does (J48 prints 0.507407):

    >>> j48_threshold(0.507408, 0.522222, [0.507407, 0.507408, 0.522222], [0.507407, 0.507408])
    0.507408

    The threshold lies in [a, b), so that ``x <= t`` separates a from b as
    the cut does.

    See also: :func:`c45_threshold`, :func:`midpoint`.
    """
    middle = (below + above) / 2
    if not middle < above or not math.isfinite(middle):
        middle = below  # the midpoint rounded up to b: J48 takes a

    def eligible(value: float) -> bool:
        return value - middle < J48_TOLERANCE and value < above

    at = bisect.bisect_left(training_values, True, key=lambda value: not eligible(value))
    if not at:
        raise DtreeError(f"no training value is at or below the midpoint {middle}")
    top = training_values[at - 1]
    if in_row_order is None or at == 1 or top - training_values[at - 2] > J48_TOLERANCE:
        return top  # the row order cannot matter: no other candidate is within 10^-6 of top
    kept = -math.inf
    for value in in_row_order:
        if eligible(value) and value - kept > J48_TOLERANCE:
            kept = value
    return max(kept, below)


def placement(
    threshold: float, below: float, above: float, training_values: Sequence[float] = ()
) -> str:
    """Which convention puts the threshold of ``x <= threshold`` where it is in the gap
    between two adjacent values a < b: the first that does, of ``midpoint``
    (:func:`midpoint` of a and b, or of their :func:`dtree.arithmetic.float32` images, as
    scikit-learn, which reads X as float32, takes it), ``lower value`` (a itself, or its
    float32 image), ``c45`` and
    ``j48`` (:func:`c45_threshold`, :func:`j48_threshold` of ``training_values``,
    ascending, when given), ``rpart`` (:func:`rpart_threshold`), ``below upper value``
    (the float just below b: a test ``x < b``), or else ``elsewhere``.

    Two thresholds in one gap send every value of the gap's ends the same way but part on
    the values between them.

    >>> humidity = [65.0, 70.0, 75.0, 80.0, 85.0]
    >>> [placement(t, 70.0, 75.0, humidity) for t in (72.5, 70.0, 71.0, math.nextafter(75.0, 0))]
    ['midpoint', 'lower value', 'elsewhere', 'below upper value']
    >>> placement(75.0, 75.0, 80.0, humidity), placement(77.5, 75.0, 80.0, humidity)
    ('lower value', 'midpoint')
    >>> placement(float32(1.7), 1.7, 1.8)  # 1.7 as scikit-learn reads it
    'lower value'
    """
    if threshold in (midpoint(below, above), midpoint(float32(below), float32(above))):
        return "midpoint"
    if threshold in (below, float32(below)):
        return "lower value"
    if threshold == rpart_threshold(below, above):
        return "rpart"
    if training_values:
        if threshold == c45_threshold(below, above, training_values):
            return "c45"
        if threshold == j48_threshold(below, above, training_values):
            return "j48"
    if threshold == math.nextafter(above, -math.inf):
        return "below upper value"
    return "elsewhere"
