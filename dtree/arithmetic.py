"""Numbers: what dtree accepts as a number and what it computes, exactly where it can.

Vocabulary
----------
``Number``
    A number given to dtree: an ``int``, a ``Fraction`` or a ``float``
    (never a ``bool``, though Python counts ``True`` as 1).
``Real``
    A number dtree computes: a ``Fraction`` when its inputs are integers
    or fractions and the formula is rational (an error rate, Gini, an
    alpha of cost-complexity pruning), a ``float`` otherwise (a
    logarithm, a square root, or a float among the inputs).

Contents: :data:`Number`, :data:`Real`, :func:`is_number`, :func:`check_count`,
:func:`check_at_least_zero`,
:func:`exact`, :func:`rational`, :func:`common_denominator`, :func:`numerators`,
:func:`exact_sum`, :func:`square_root`, :func:`exact_text`, :func:`float32`;
:data:`SCREEN_TOLERANCE`,
:func:`near_best` and :func:`screened_best`, the screen every choice of a best among many
takes: floats first, then exact numbers among the few the floats cannot tell apart.

Sums of many fractions are taken over their least common denominator
(:func:`exact_sum`): as integers, without the greatest common divisor that each
``Fraction`` addition computes, which is most of the time of a long exact sum.

See also: :data:`dtree.dataset.Weight`, a number that says how much a row
counts, and :data:`dtree.tree.Probability`.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Literal, TypeGuard, overload

from dtree.errors import DtreeError, quote

__all__ = [
    "SCREEN_TOLERANCE",
    "Number",
    "Real",
    "check_at_least_zero",
    "check_count",
    "common_denominator",
    "exact",
    "exact_sum",
    "exact_text",
    "float32",
    "is_number",
    "near_best",
    "numerators",
    "rational",
    "screened_best",
    "square_root",
]

Number = int | Fraction | float
Real = Fraction | float


def is_number(value: object) -> TypeGuard[Number]:
    """Whether ``value`` is a number dtree accepts: int, float or Fraction, not bool.

    >>> is_number(2), is_number(0.5), is_number(True), is_number("2")
    (True, True, False, False)
    """
    return isinstance(value, int | float | Fraction) and not isinstance(value, bool)


@overload
def check_count(
    name: str, value: object, low: int, high: float = ..., *, optional: Literal[False] = ...
) -> int: ...


@overload
def check_count(
    name: str, value: object, low: int, high: float = ..., *, optional: Literal[True]
) -> int | None: ...


def check_count(
    name: str, value: object, low: int, high: float = math.inf, *, optional: bool = False
) -> int | None:
    """``value``, refused unless it is an integer (not a bool) in ``low..high``; with
    ``optional``, None passes too (a limit that is not set).

    >>> check_count("k", 3, 2)
    3
    >>> check_count("k", 1, 2, 10)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: k must be an integer in 2..10, got 1
    >>> check_count("max_depth", -1, 0, optional=True)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: max_depth must be None or an integer >= 0, got -1
    """
    if optional and value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        bound = f">= {low}" if high == math.inf else f"in {low}..{int(high)}"
        unset = "None or " if optional else ""
        raise DtreeError(f"{name} must be {unset}an integer {bound}, got {quote(value)}")
    return value


def check_at_least_zero(name: str, value: object) -> Number:
    """``value``, refused unless it is a finite number >= 0 (not a bool): a weight, a bound
    on errors, a penalty alpha, a minimum gain.

    >>> check_at_least_zero("alpha", 0.5)
    0.5
    >>> check_at_least_zero("alpha", math.nan)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: alpha must be a finite number >= 0, got nan
    """
    if not is_number(value) or not 0 <= value < math.inf:  # NaN fails both comparisons
        raise DtreeError(f"{name} must be a finite number >= 0, got {quote(value)}")
    return value


def exact(value: object, what: str) -> Fraction:
    """The exact value of a finite number (a float's binary value); ``what`` names it in errors.

    >>> exact(0.5, "x"), exact(3, "x")
    (Fraction(1, 2), Fraction(3, 1))
    >>> exact(math.nan, "scores")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: scores must be finite numbers, got nan
    """
    if not is_number(value) or not math.isfinite(value):
        raise DtreeError(f"{what} must be finite numbers, got {quote(value)}")
    return Fraction(value)


def rational(value: Number) -> int | Fraction:
    """The exact value of a number, an integer kept an integer: a float's binary value.

    >>> rational(3), rational(0.5), rational(Fraction(1, 3))
    (3, Fraction(1, 2), Fraction(1, 3))
    """
    return Fraction(value) if isinstance(value, float) else value


def common_denominator(values: Iterable[int | Fraction]) -> int:
    """The least common multiple of the denominators of exact numbers (1 for integers).

    >>> common_denominator([Fraction(1, 4), Fraction(1, 6), 2]), common_denominator([])
    (12, 1)
    """
    return math.lcm(*(value.denominator for value in values))


def numerators(values: Iterable[int | Fraction], denominator: int) -> list[int]:
    """Each exact number times ``denominator``, a common multiple of their denominators: the
    integers that stand for them over that denominator.

    >>> numerators([Fraction(1, 4), Fraction(1, 6), 2], 12)
    [3, 2, 24]
    """
    return [
        value * denominator
        if type(value) is int
        else value.numerator * (denominator // value.denominator)
        for value in values
    ]


def exact_sum(values: Sequence[int | Fraction]) -> int | Fraction:
    """sum(values), exactly: an integer when every value is one, else a ``Fraction``, added
    as integers over the values' :func:`common_denominator`.

    >>> exact_sum([Fraction(1, 4), Fraction(1, 6), 2]), exact_sum([1, 2]), exact_sum([])
    (Fraction(29, 12), 3, 0)
    """
    if all(type(value) is int for value in values):
        return sum(values)
    denominator = common_denominator(values)
    return Fraction(sum(numerators(values, denominator)), denominator)


def square_root(x: Fraction) -> float:
    """sqrt(x) rounded to a float (within an ulp); infinite beyond the floats.

    >>> square_root(Fraction(9, 4)), square_root(Fraction(10**400))
    (1.5, inf)
    """
    try:
        return math.sqrt(x)
    except OverflowError:
        return math.inf


def exact_text(x: Number) -> str:
    """A number as text that reads back as the same number: an int or a float as Python
    writes it, a fraction as p/q (as model files write it).

    >>> exact_text(9), exact_text(0.1 + 0.2), exact_text(Fraction(24, 7))
    ('9', '0.30000000000000004', '24/7')
    """
    return f"{x.numerator}/{x.denominator}" if isinstance(x, Fraction) else repr(x)


# -- the screen: floats first, exact numbers among the near --------------------------------------

SCREEN_TOLERANCE = 1e-9
"""How close to the best float score (relative to the larger of 1 and its size) a float score
must come for its item to be scored exactly.

Safe because a screen's floats are sums of at most millions of terms, each rounded by at most
2^-53 of the largest: n 2^-53 stays below 1e-9 for n up to about 9 million, so an item whose
float lies further below the best than this is below it exactly too.  (A caller whose floats
may be off by more widens its own slack, as the grower's scans and the ensembles' tallies do.)
The value costs nothing in exactness, only in time: every item inside it is decided exactly,
so ties and near ties far finer than 1e-9 are still broken by the exact numbers.  It is not
:data:`dtree.impurity.TOLERANCE`, which says when two logarithmic scores count as equal."""


def float32(x: float) -> float:
    """x rounded to the nearest single-precision (float32) number, ties to even, as a C cast
    or numpy's ``astype(float32)`` rounds it; beyond the largest float32, an infinity.

    scikit-learn casts its attributes to float32 before it grows a tree, and adds its
    feature tolerance in float32 arithmetic: at 1.0 the next float32 is 2^-23 (about
    1.19e-7) higher, and 1.0 + 1e-7 rounds to it.

    >>> float32(0.1), float32(1.0 + 1e-7) - 1.0, float32(1e39)
    (0.10000000149011612, 1.1920928955078125e-07, inf)
    """
    try:
        return float(struct.unpack("f", struct.pack("f", x))[0])
    except OverflowError:  # struct refuses what rounds beyond the largest float32
        return math.copysign(math.inf, x)


def near_best(
    scores: Sequence[float], *, slack: float | None = None, lowest: bool = False
) -> list[int]:
    """The indices, ascending, of the float ``scores`` within ``slack`` of the largest
    (``lowest``: of the least): the items the floats cannot tell from the best.

    {i : s_i >= max s - slack}, where slack defaults to
    :data:`SCREEN_TOLERANCE` max(1, |max s|); with ``lowest``, {i : s_i <= min s + slack}.

    >>> near_best([0.5, 0.9, 0.9 - 1e-12, 0.8])
    [1, 2]
    >>> near_best([3.0, 1.0, 1.5], slack=0.5, lowest=True)
    [1, 2]
    """
    top = min(scores) if lowest else max(scores)
    if slack is None:
        slack = SCREEN_TOLERANCE * max(1.0, abs(top))
    if lowest:
        bound = top + slack
        return [i for i, score in enumerate(scores) if score <= bound]
    bound = top - slack
    return [i for i, score in enumerate(scores) if score >= bound]


def screened_best(
    scores: Sequence[float],
    exact: Callable[[int], Number],
    *,
    slack: float | None = None,
) -> int:
    """argmax_i exact(i), ties to the first i, with ``exact`` called only on the indices of
    the :func:`near_best` float ``scores`` (and not at all when one score is near the best).

    The choice is the exact one whenever every float score is within ``slack`` / 2 of its
    exact score (by default, :data:`SCREEN_TOLERANCE`, which is safe for floats rounded from
    the exact numbers).

    >>> thirds = [Fraction(1, 3), Fraction(1, 3) + Fraction(1, 10**30), Fraction(1, 5)]
    >>> screened_best([float(t) for t in thirds], thirds.__getitem__)
    1
    >>> screened_best([1.0, 2.0, 0.5], lambda i: 1 / 0)  # one float is near the best: no exact
    1
    """
    near = near_best(scores, slack=slack)
    return near[0] if len(near) == 1 else max(near, key=exact)
