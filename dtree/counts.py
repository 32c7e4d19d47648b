"""Counting examples: node statistics and the contingency table of a split.

Vocabulary
----------
``Counts``
    Class weights in the schema's class order, e.g. ``(5, 9)`` for
    PlayTennis's 5 No and 9 Yes.  Integer weights give integer counts.
``Table``
    A contingency table: one ``Counts`` row per outcome of a split.
``ClassStats(classes, counts)``
    What a classification node remembers of the examples that reached it.
``Moments(weight, total, total_squares)``
    What a regression node remembers: n, the sum of y and of y squared
    (all weighted).
``Stats = ClassStats | Moments``
    A node's statistics, of either kind.

Functions: :func:`ratio`, :func:`total`, :func:`plurality`, :func:`stats_of`,
:func:`class_counts`, :func:`contingency`, :func:`transpose`,
:func:`central`, :func:`training_loss`, :func:`cross_tabulate`.

Additivity: the statistics of a node are the sum of its branches' (the
branches partition its examples, a missing value in fractional shares):
:func:`adds_up` (one number and its parts) and :func:`is_sum_of` (whole
statistics), exact for integers and fractions, within :data:`SUM_TOLERANCE`
where a float is among them.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from typing import assert_never

from attrs import field, frozen
from toolz import isdistinct

from dtree.arithmetic import exact_sum, rational
from dtree.dataset import Dataset, Label, Nominal, Numeric, Weight, collection
from dtree.errors import DtreeError, quote

__all__ = [
    "SUM_TOLERANCE",
    "ClassStats",
    "Counts",
    "Moments",
    "Stats",
    "Table",
    "adds_up",
    "central",
    "class_counts",
    "class_totals",
    "contingency",
    "cross_tabulate",
    "is_pure",
    "is_sum_of",
    "magnitudes",
    "plurality",
    "ratio",
    "running_totals",
    "stats_of",
    "total",
    "training_loss",
    "transpose",
]

Counts = tuple[Weight, ...]
Table = tuple[Counts, ...]

SUM_TOLERANCE = 1e-9
"""How close a float statistic must be to the sum of its parts to count as that sum: within
this share of the magnitudes added (the parts' absolute values and its own).

dtree rounds a float statistic once from its exact value (:func:`total`, ``math.fsum``), so
a node's and the sum of its branches' differ by a few units in the last place, some 1e-16
of the magnitudes.  The tolerance also admits sums of floats added one at a time (each
addition off by at most 2**-53 of the running sum) over millions of terms, and still tells
a change in a statistic's ninth significant digit.  Integers and fractions add exactly and
are compared exactly."""


def ratio(numerator: Weight, denominator: Weight) -> Fraction | float:
    """``numerator / denominator``, exact when both are integers or fractions.

    >>> ratio(9, 14)
    Fraction(9, 14)
    >>> ratio(1.5, 3)
    0.5
    """
    if isinstance(numerator, float) or isinstance(denominator, float):
        return numerator / denominator
    return Fraction(numerator) / Fraction(denominator)


def _labels(labels: Iterable[Label]) -> tuple[Label, ...]:
    return collection(labels, "classes")


def _counts(counts: Iterable[Weight]) -> Counts:
    return tuple(counts)


@frozen
class ClassStats:
    """The weighted class counts of the examples at a node.

    >>> stats = ClassStats(("No", "Yes"), (5, 9))
    >>> stats.weight, stats.plurality, stats.proportions
    (14, 'Yes', (Fraction(5, 14), Fraction(9, 14)))
    """

    classes: tuple[Label, ...] = field(converter=_labels)
    counts: Counts = field(converter=_counts)

    def __attrs_post_init__(self) -> None:
        if len(set(self.classes)) != len(self.classes):
            raise DtreeError(f"the classes must be distinct, got {quote(self.classes)}")
        if len(self.classes) != len(self.counts):
            raise DtreeError(f"{len(self.counts)} counts for the classes {quote(self.classes)}")
        if _negative(self.counts):
            raise DtreeError(f"class counts must be >= 0, got {quote(self.counts)}")

    @property
    def weight(self) -> Weight:
        """The total weight of the examples."""
        return total(self.counts)

    @property
    def plurality(self) -> Label:
        """The class of largest weight; a tie goes to the first class."""
        return self.classes[plurality(self.counts)]

    @property
    def proportions(self) -> tuple[Fraction | float, ...]:
        """p(k | node) for each class (an error for an empty node)."""
        if self.weight == 0:
            raise DtreeError("an empty node has no class proportions")
        return tuple(ratio(count, self.weight) for count in self.counts)

    @property
    def is_pure(self) -> bool:
        """Whether at most one class has positive weight (see :func:`is_pure`)."""
        return is_pure(self.counts)


@frozen
class Moments:
    """The weighted n, sum of y and sum of y squared at a regression node.

    >>> Moments(4, 10.0, 30.0).mean
    2.5
    """

    weight: Weight
    total: float
    total_squares: float

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.weight < math.inf:
            raise DtreeError(f"a node's weight is a finite number >= 0, got {quote(self.weight)}")

    @property
    def mean(self) -> float:
        """The weighted mean of y (an error for an empty node)."""
        if self.weight == 0:
            raise DtreeError("an empty node has no mean")
        return float(self.total / self.weight)


Stats = ClassStats | Moments


def is_pure(counts: Sequence[Weight]) -> bool:
    """Whether at most one class has positive weight.

    >>> is_pure((0, 4)), is_pure((2, 3)), is_pure((0, 0))
    (True, False, True)
    """
    return len(counts) - list(counts).count(0) <= 1  # counts are >= 0


def _terms(stats: Stats) -> tuple[Weight, ...]:
    """The numbers that add up: the class counts, or the weight, total and total of squares."""
    if isinstance(stats, ClassStats):
        return stats.counts
    return (stats.weight, stats.total, stats.total_squares)


def is_sum_of(whole: Stats, parts: Sequence[Stats]) -> bool:
    """Whether ``whole`` is the sum of ``parts``, number by number (:func:`adds_up`): class
    counts class by class, moments term by term.  Statistics of another kind, or of other
    classes, are no part of it.

    >>> def stats(*counts): return ClassStats(("No", "Yes"), counts)
    >>> is_sum_of(stats(5, 9), [stats(3, 2), stats(2, 7)])
    True
    >>> is_sum_of(stats(5, 9), [stats(3, 2), stats(2, 8)])
    False
    >>> is_sum_of(Moments(3, 3.5, 5.25), [Moments(2, 3.0, 5.0), Moments(1, 0.5, 0.25)])
    True
    """
    kind = (type(whole), getattr(whole, "classes", None))
    if any((type(part), getattr(part, "classes", None)) != kind for part in parts):
        return False
    terms = _terms(whole)
    columns = list(zip(*map(_terms, parts), strict=True)) or [()] * len(terms)
    return all(map(adds_up, terms, columns, magnitudes(whole, parts)))


def magnitudes(whole: Stats, parts: Sequence[Stats]) -> tuple[float, ...]:
    """For each term of :func:`is_sum_of`, how large the products summed into it and its parts
    may be beyond the terms themselves: 0 for counts, weights and totals of squares, whose
    products are never negative; for a total sum w*y, which cancels, Cauchy-Schwarz's bound
    sum |w*y| <= sqrt(sum w * sum w*y^2) of each.  A total of 0.0 whose branches hold
    -5.6e-17 and -1.1e-16 (the same products, summed in other orders) adds up at that scale.

    >>> magnitudes(Moments(4, 0.0, 9.0), [Moments(2, -3.0, 4.5), Moments(2, 3.0, 4.5)])
    (0.0, 12.0, 0.0)
    >>> magnitudes(ClassStats(("a", "b"), (1, 2)), [])
    (0.0, 0.0)
    """
    if isinstance(whole, ClassStats):
        return (0.0,) * len(whole.counts)
    moments = [whole, *(part for part in parts if isinstance(part, Moments))]
    return (0.0, math.fsum(map(_cauchy_schwarz, moments)), 0.0)


def _cauchy_schwarz(moments: Moments) -> float:
    try:
        bound = math.sqrt(float(moments.weight) * float(moments.total_squares))
    except (OverflowError, ValueError):  # beyond the floats, or a negative term: no scale
        return 0.0
    return bound if math.isfinite(bound) else 0.0


def plurality(counts: Sequence[Weight]) -> int:
    """The index of the largest count; ties go to the smallest index.

    >>> plurality((2, 4, 4))
    1
    """
    return list(counts).index(max(counts))  # index finds the first of the largest


_is_float = float.__instancecheck__


def _negative(counts: Sequence[Weight], *, or_infinite: bool = False) -> bool:
    """Whether a count is below 0 or, with ``or_infinite``, is not finite (or is NaN).

    >>> _negative((0, 3)), _negative((2, -1)), _negative((1.0, math.inf))
    (False, True, False)
    >>> _negative((1.0, math.inf), or_infinite=True), _negative((math.nan,), or_infinite=True)
    (True, True)
    """
    if set(map(type, counts)) <= {int}:  # plain integers: one pass at C speed suffices
        return bool(counts) and min(counts) < 0
    if or_infinite:
        return any(not 0 <= count < math.inf for count in counts)
    return any(count < 0 for count in counts)


def total(weights: Iterable[Weight]) -> Weight:
    """The sum of weights, the same in any order.

    Integers and fractions add exactly; with a float among them the exact
    sum is rounded once, so permuting rows never changes a count.

    >>> total([1, 2, 3]), total([0.1, 0.2, 0.3]) == total([0.3, 0.2, 0.1])
    (6, True)
    """
    weights = tuple(weights)
    if not weights or type(weights[0]) is int:  # mostly integers: sum them at C speed
        plain = sum(weights)
        if not _is_float(plain):  # exact: an integer, or the few fractions among them
            return plain
    kinds = set(map(type, weights))
    if any(issubclass(kind, float) for kind in kinds):  # add exactly, and round once
        return float(exact_sum(tuple(map(rational, weights))))
    if Fraction in kinds:  # over the common denominator: no gcd per addition
        return exact_sum(tuple(map(rational, weights)))
    return sum(weights)


def adds_up(value: Weight, parts: Sequence[Weight], magnitude: float = 0.0) -> bool:
    """Whether ``value`` is the sum of ``parts``: exactly when all are integers or fractions;
    with a float among them, within :data:`SUM_TOLERANCE` of sum |part| + |value|, plus the
    ``magnitude`` of what was summed into them where that was larger (:func:`magnitudes`).

    >>> adds_up(14, (5, 9)), adds_up(15, (5, 9)), adds_up(Fraction(7, 2), (3, Fraction(1, 2)))
    (True, False, True)
    >>> adds_up(0.6, (0.1, 0.2, 0.3)), adds_up(0.6000001, (0.1, 0.2, 0.3))
    (True, False)
    >>> adds_up(0.0, (1e20, -1e20 + 16384.0))  # within 1e-9 of the magnitudes added
    True
    >>> adds_up(1.5, (10**400, 0.5))  # beyond the floats: compared exactly
    False
    >>> adds_up(0.0, (-5.6e-17, -1.1e-16)), adds_up(0.0, (-5.6e-17, -1.1e-16), magnitude=3.5)
    (False, True)
    """
    numbers = (value, *parts)
    floats = [number for number in numbers if _is_float(number)]
    if not floats:
        return sum(parts) == value
    if not all(map(math.isfinite, floats)):  # an infinite sum is only itself
        try:
            return sum(parts) == value
        except OverflowError:  # an integer too large for a float, beside an infinity
            return False
    decided = _clearly_adds_up(value, parts, magnitude)
    if decided is not None:
        return decided
    exact = [Fraction(number) for number in numbers]
    gap = abs(sum(exact[1:], Fraction(0)) - exact[0])
    scale = sum(map(abs, exact), Fraction(magnitude))
    return gap <= Fraction(SUM_TOLERANCE) * scale


def _clearly_adds_up(value: Weight, parts: Sequence[Weight], magnitude: float) -> bool | None:
    """:func:`adds_up` of finite numbers in floats, where floats decide it; else None.

    Each number rounds to a float within 2**-53 of itself, and ``math.fsum`` adds
    the floats exactly and rounds once: the gap and the bound come out within some
    1e-16 of the magnitudes, a ten-millionth of the bound, whose 1e-9 of them is
    the tolerance.  A gap within a millionth of the bound, or a bound beyond the
    normal floats, is left to the exact comparison.  Reading a model file then
    costs no ``Fraction`` a number."""
    try:
        gap = abs(math.fsum((*parts, -value)))
        bound = SUM_TOLERANCE * math.fsum(
            (magnitude, *(abs(float(number)) for number in (value, *parts)))
        )
    except OverflowError:  # a number, or a partial sum, beyond the floats
        return None
    if not _NORMAL <= bound < math.inf:
        return None
    if gap < bound * (1 - 1e-6):
        return True
    if gap > bound * (1 + 1e-6):
        return False
    return None


_NORMAL = 2.0**-900
"""Below this a bound may have lost relative precision to gradual underflow (a float's
smallest normal is 2**-1022): the exact comparison decides."""


def running_totals(weights: Sequence[Weight]) -> list[Weight]:
    """The :func:`total` of each prefix of ``weights``, in one pass: the exact running sum,
    rounded once to a float where a float is among the weights so far.

    >>> running_totals([1, Fraction(1, 2), 0.1])
    [1, Fraction(3, 2), 1.6]
    >>> running_totals([0.1, 0.2, 0.3])[-1] == total([0.3, 0.2, 0.1])
    True
    """
    sums: list[Weight] = []
    exact: int | Fraction = 0
    rounded = False
    for weight in weights:
        rounded = rounded or isinstance(weight, float)
        exact = exact + rational(weight)
        sums.append(float(exact) if rounded else exact)
    return sums


def class_counts(data: Dataset, weights: Sequence[Weight] | None = None) -> Counts:
    """The weight of each class among the dataset's rows, in class order.

    ``weights``, one per row of ``data.rows``, replaces the rows' own
    weights (a pruner counts the shares of examples that reach a node).

    >>> from dtree.datasets import load
    >>> class_counts(load("play-tennis"))
    (5, 9)
    """
    shares = data.row_weights if weights is None else tuple(weights)
    position = {label: k for k, label in enumerate(data.schema.classes)}
    per_class: list[list[Weight]] = [[] for _ in position]
    for row, weight in zip(data.rows, shares, strict=True):
        per_class[position[str(data.target[row])]].append(weight)
    return tuple(map(total, per_class))


def stats_of(data: Dataset, weights: Sequence[Weight] | None = None) -> Stats:
    """The statistics a node keeps of the dataset's rows (``weights`` as in :func:`class_counts`).

    >>> from dtree.datasets import load
    >>> stats_of(load("play-tennis"))
    ClassStats(classes=('No', 'Yes'), counts=(5, 9))
    """
    match data.schema.target.domain:
        case Nominal(classes):
            return ClassStats(classes, class_counts(data, weights))
        case Numeric():
            shares = data.row_weights if weights is None else tuple(weights)
            pairs = [(w, float(data.target[row])) for row, w in zip(data.rows, shares, strict=True)]
            return Moments(
                total(w for w, _ in pairs),
                math.fsum(float(w) * y for w, y in pairs),
                math.fsum(float(w) * y * y for w, y in pairs),
            )
        case _:  # pragma: no cover - Domain has two cases
            assert_never(data.schema.target.domain)


def contingency(data: Dataset, attribute: str) -> Table:
    """Class counts for each value of a nominal attribute, in domain order.

    Values absent from the rows get a row of zeros.  Missing values are
    refused here (rows of weight 0 are absent and not looked at): how to
    count them is the learner's choice.

    >>> from dtree.datasets import load
    >>> contingency(load("play-tennis"), "Outlook")  # Overcast, Rain, Sunny
    ((0, 4), (2, 3), (3, 2))
    """
    domain = data.schema.attribute(attribute).domain
    if not isinstance(domain, Nominal):
        raise DtreeError(
            f"attribute {quote(attribute)} is numeric: it has no contingency table by value"
        )
    column = data.columns[data.schema.index(attribute)]
    outcome = {value: i for i, value in enumerate(domain.values)}
    klass = {label: k for k, label in enumerate(data.schema.classes)}
    cells: list[list[list[Weight]]] = [[[] for _ in klass] for _ in outcome]
    for row in data.rows:
        value, weight = column[row], data.weights[row]
        if weight == 0:
            continue
        if value is None:
            raise DtreeError(
                f"missing value of {quote(attribute)}: a table by value counts known values only",
                row=row + 1,
                column=attribute,
            )
        cells[outcome[str(value)]][klass[str(data.target[row])]].append(weight)
    return tuple(tuple(map(total, weights)) for weights in cells)


def _add(left: Iterable[Weight], right: Iterable[Weight]) -> list[Weight]:
    return list(map(operator.add, left, right))


def class_totals(table: Table) -> Counts:
    """The class counts of the node a split divides: the column sums of its table.

    >>> class_totals(((0, 4), (2, 3), (3, 2)))
    (5, 9)
    """
    if len({len(counts) for counts in table}) > 1:
        raise DtreeError(f"the rows of a table have different lengths: {quote(table)}")
    plain: Counts = tuple(functools.reduce(_add, table)) if table else ()
    if any(map(_is_float, plain)):  # a float among them: add again exactly (see total)
        return tuple(map(total, zip(*table, strict=True)))
    return plain


def transpose(table: Sequence[Sequence[Weight]]) -> Table:
    """The table with outcomes and classes exchanged.

    >>> transpose(((0, 4), (2, 3), (3, 2)))
    ((0, 2, 3), (4, 3, 2))
    """
    return tuple(zip(*table, strict=True))


def central(stats: Stats) -> Label | float:
    """What a node of these statistics predicts: the plurality class, or the mean.

    >>> central(ClassStats(("No", "Yes"), (5, 9))), central(Moments(4, 10.0, 30.0))
    ('Yes', 2.5)
    """
    match stats:
        case ClassStats():
            return stats.plurality
        case Moments():
            return stats.mean
        case _:  # pragma: no cover - Stats has two cases
            assert_never(stats)


def training_loss(stats: Stats, prediction: Label | float | Fraction) -> Weight | Fraction:
    """The loss of predicting ``prediction`` for every example a node counted.

    Classification: the weight of the examples of other classes (the
    misclassified weight, ``N(t) r(t)`` in the Learning with Trees notes'
    resubstitution estimate).  Regression: the residual sum of squares
    ``sum w (y - prediction)^2``, computed exactly from the node's moments
    (a tiny negative value that rounded sums can leave is clipped to 0).

    >>> training_loss(ClassStats(("No", "Yes"), (5, 9)), "Yes")
    5
    >>> training_loss(Moments(4, 10.0, 30.0), 2.5)
    Fraction(5, 1)
    """
    match stats:
        case ClassStats(classes, counts):
            right = classes.index(str(prediction))
            return total(count for k, count in enumerate(counts) if k != right)
        case Moments(weight, first, second):
            p = Fraction(prediction)
            rss = Fraction(second) - 2 * p * Fraction(first) + p * p * Fraction(weight)
            return max(rss, Fraction(0))
        case _:  # pragma: no cover - Stats has two cases
            assert_never(stats)


def cross_tabulate(
    entries: Iterable[tuple[Hashable, Hashable, Weight]],
    rows: Sequence[Hashable],
    columns: Sequence[Hashable],
) -> Table:
    """The weighted cross-tabulation of (row, column, weight) entries: cell (i, j) is
    n_ij = sum of w over the entries (rows[i], columns[j], w).

    The table has a row for each of ``rows`` and a column for each of
    ``columns``, in their order (a pair no entry takes gets 0).  Each cell
    is summed by :func:`total`: exact for integers and fractions, and the
    same in any order of the entries.  An entry outside the table is a
    :class:`DtreeError`.  A split's contingency table is the
    cross-tabulation of (value, class); a confusion matrix that of
    (actual, predicted).

    >>> from dtree.datasets import load
    >>> tennis = load("play-tennis")
    >>> entries = zip(tennis.column("Outlook"), tennis.labels, tennis.row_weights)
    >>> cross_tabulate(entries, ("Overcast", "Rain", "Sunny"), ("No", "Yes"))
    ((0, 4), (2, 3), (3, 2))

    See also: :func:`contingency`, :func:`class_totals`, :func:`transpose`.
    """
    if not (isdistinct(rows) and isdistinct(columns)):
        raise DtreeError("a table's rows, and its columns, are distinct")
    row_of = {key: i for i, key in enumerate(rows)}
    column_of = {key: j for j, key in enumerate(columns)}
    cells: list[list[list[Weight]]] = [[[] for _ in column_of] for _ in row_of]
    for row, column, weight in entries:
        if row not in row_of:
            raise DtreeError(f"{quote(row)} is not a row of the table: {quote(tuple(rows))}")
        if column not in column_of:
            raise DtreeError(
                f"{quote(column)} is not a column of the table: {quote(tuple(columns))}"
            )
        cells[row_of[row]][column_of[column]].append(weight)
    return tuple(tuple(map(total, cell)) for cell in cells)
