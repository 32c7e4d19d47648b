"""Hypothesis strategies for dtree's values (needs the ``strategies`` extra).

Strategies are API (Hypothesis's ``guides/api-style.rst``): keyword-only
arguments with ``min_``/``max_`` bounds checked when the strategy is
built, names that are the plural of what they build, and valid values
built directly rather than filtered, so that a failure shrinks to a small
example.

Counts and tables are of integers (a subtype of dtree's ``Counts`` and
``Table``), so that exact results can be asserted exactly.

Contents
--------
:func:`counts`
    Class counts: tuples of integers >= 0 with a positive total.
:func:`tables`
    Contingency tables: one row of counts per outcome, a positive total.
:func:`weights`
    Integer row weights 0..max_weight (0 is an absent row).
:func:`schemas`
    Classification schemas: distinct names, values and classes in sorted
    order, nominal attributes and, if asked, numeric ones.
:func:`datasets`
    Classification datasets over a drawn schema, optionally weighted,
    optionally with missing values.
:func:`regression_datasets`
    The same with a numeric target.
:func:`consistent_datasets`
    Datasets in which equal feature vectors have equal labels, consistent
    by construction: distinct feature vectors first, then any labels.
:data:`GRID`
    The numbers drawn: quarters from -2 to 2, exact in float32, often tied.

By default every attribute is nominal and no value is missing: numeric
attributes (``min_numeric``/``max_numeric``) and missing values
(``missing``) are asked for, and when they are not asked for, a draw is
exactly what it was before they existed.
"""

from __future__ import annotations

import functools
import math
import string
from collections.abc import Sequence
from typing import assert_never

from attrs import frozen
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from dtree.dataset import Attribute, Dataset, Domain, Nominal, Numeric, Schema, Value

__all__ = [
    "CLOSE",
    "FRACTIONAL_WEIGHTS",
    "GRID",
    "MAX_WEIGHT",
    "MISSING_CHANCE",
    "consistent_datasets",
    "counts",
    "datasets",
    "regression_datasets",
    "schemas",
    "tables",
    "weights",
]

MAX_WEIGHT = 3
"""The largest weight drawn by default: 0..3 covers absent, single and repeated rows."""

# Short lowercase words shrink to "a", "b", ...; they are names, values and classes alike.
_WORDS = st.text(alphabet=string.ascii_lowercase, min_size=1, max_size=4)


def _check_range(name: str, low: int, high: int, floor: int) -> None:
    """Refuse bounds that admit no value, as Hypothesis's own strategies do."""
    for bound, value in ((f"min_{name}", low), (f"max_{name}", high)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgument(f"{bound} must be an integer, got {value!r}")
    if low < floor:
        raise InvalidArgument(f"min_{name} must be >= {floor}, got {low}")
    if high < low:
        raise InvalidArgument(f"max_{name}={high} is below min_{name}={low}")


def _check_at_least(name: str, value: object, floor: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < floor:
        raise InvalidArgument(f"{name} must be an integer >= {floor}, got {value!r}")


# -- counts and tables ----------------------------------------------------------


@st.composite
def _counts(draw: st.DrawFn, min_classes: int, max_classes: int, max_count: int) -> tuple[int, ...]:
    drawn = draw(st.lists(st.integers(0, max_count), min_size=min_classes, max_size=max_classes))
    # All zeros is no distribution; making it one example of the first class
    # keeps every draw valid instead of filtering, and shrinks to (1, 0, ...).
    if sum(drawn) == 0:
        drawn[0] = 1
    return tuple(drawn)


def counts(
    *, min_classes: int = 1, max_classes: int = 5, max_count: int = 20
) -> st.SearchStrategy[tuple[int, ...]]:
    """Class counts: ``min_classes``..``max_classes`` integers in 0..max_count,
    with a positive total (so every impurity is defined).

    >>> from hypothesis import find
    >>> find(counts(min_classes=3), lambda c: True)
    (1, 0, 0)
    >>> sum(find(counts(max_count=1), lambda c: len(c) == 5)) > 0
    True
    """
    _check_range("classes", min_classes, max_classes, 1)
    _check_at_least("max_count", max_count, 1)
    return _counts(min_classes, max_classes, max_count)


@st.composite
def _tables(
    draw: st.DrawFn, outcomes: tuple[int, int], classes: tuple[int, int], max_count: int
) -> tuple[tuple[int, ...], ...]:
    k = draw(st.integers(*classes))
    row = st.lists(st.integers(0, max_count), min_size=k, max_size=k)
    drawn = draw(st.lists(row, min_size=outcomes[0], max_size=outcomes[1]))
    if sum(map(sum, drawn)) == 0:  # as in counts: valid by construction, not by filter
        drawn[0][0] = 1
    return tuple(tuple(counts) for counts in drawn)


def tables(
    *,
    min_outcomes: int = 1,
    max_outcomes: int = 4,
    min_classes: int = 1,
    max_classes: int = 4,
    max_count: int = 10,
) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    """Contingency tables: one row of class counts per outcome of a split,
    every row of the same length, with a positive total.

    Rows (outcomes) or columns (classes) of zeros are allowed: a value
    absent from a node, a class absent from it.

    >>> from hypothesis import find
    >>> find(tables(min_outcomes=2, min_classes=2), lambda t: True)
    ((1, 0), (0, 0))
    >>> from dtree.impurity import impurity_decrease
    >>> table = find(tables(), lambda t: impurity_decrease(t) > 0.5)
    >>> impurity_decrease(table) > 0.5
    True
    """
    _check_range("outcomes", min_outcomes, max_outcomes, 1)
    _check_range("classes", min_classes, max_classes, 1)
    _check_at_least("max_count", max_count, 1)
    return _tables((min_outcomes, max_outcomes), (min_classes, max_classes), max_count)


def weights(
    *, min_size: int = 0, max_size: int = 20, max_weight: int = MAX_WEIGHT
) -> st.SearchStrategy[tuple[int, ...]]:
    """Integer row weights in 0..max_weight: 0 is an absent row, k is k copies.

    >>> from hypothesis import find
    >>> find(weights(min_size=3), lambda w: True)
    (0, 0, 0)
    >>> max(find(weights(), lambda w: sum(w) > 9)) <= MAX_WEIGHT
    True
    """
    _check_range("size", min_size, max_size, 0)
    _check_at_least("max_weight", max_weight, 0)
    return st.lists(st.integers(0, max_weight), min_size=min_size, max_size=max_size).map(tuple)


def _made_positive(drawn: list[int]) -> tuple[int, ...]:
    """A dataset must have something to learn from: all zeros becomes one row."""
    if sum(drawn) == 0:
        drawn[0] = 1
    return tuple(drawn)


@functools.cache
def _rows(radices: tuple[int, ...], n: int) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    """``n`` rows, each a digit in 0..radix - 1 for each radix (a radix of 1 draws nothing)."""
    digit = {radix: st.integers(0, radix - 1) if radix > 1 else st.just(0) for radix in radices}
    return st.tuples(*[st.tuples(*(digit[radix] for radix in radices))] * n)


@functools.cache
def _indices(size: int, n: int) -> st.SearchStrategy[tuple[int, ...]]:
    """``n`` indices into a sequence of ``size`` choices, each one draw (fixed-size tuples
    cost less to draw than fixed-size lists)."""
    return st.tuples(*[st.integers(0, size - 1)] * n)


# -- numbers ----------------------------------------------------------------------

GRID: tuple[float, ...] = tuple(k / 4 for k in range(-8, 9))
"""Every number drawn, attribute value or regression target: the quarters
from -2 to 2.

A coarse grid makes equal values common (thresholds between ties are
what numeric splits get wrong), and every quarter of so small a size is
exact in float32 as in float64, so a comparison with a learner that
works in float32 (scikit-learn) is a comparison of the same numbers."""

# The grid in the order a draw shrinks through it: 0 first, then outwards.
_SIMPLEST_FIRST: tuple[float, ...] = tuple(sorted(GRID, key=lambda x: (abs(x), x < 0)))

MISSING_CHANCE = 4
"""With missing values asked for, about one value in this many is ``None``."""

CLOSE: tuple[float, ...] = (2.0**-24, 2.0**-23, 3 * 2.0**-24, 0.25 + 2.0**-24)
"""Numbers added to the grid with ``close_values``: neighbours of 0 and of 0.25 closer
together than scikit-learn's ``FEATURE_THRESHOLD`` (1e-7), which it never cuts between,
and 2^-23 more than 1e-7 from 0; every one exact in float32."""

FRACTIONAL_WEIGHTS: tuple[float, ...] = (0.0, 0.5, 1.0, 0.1, 0.25, 1.5, 2.0, 3.0)
"""The weights drawn with ``fractional_weights``, simplest first: 0 (an absent row),
fractions exact in binary and 0.1, which is not."""


# -- schemas and datasets ---------------------------------------------------------


def _largest(max_attributes: int, max_values: int, numeric: tuple[int, int]) -> tuple[int, int]:
    """The number of numeric attributes of the schema with the most distinct
    feature vectors, and that number of vectors (all attributes used)."""
    # Each attribute multiplies the count by its number of values, so the
    # best schema has all numeric or all nominal attributes that it may.
    capacity, q = max(
        (max_values ** (max_attributes - q) * len(GRID) ** q, q)
        for q in (numeric[0], min(numeric[1], max_attributes))
    )
    return q, capacity


@st.composite
def _schemas(
    draw: st.DrawFn,
    attributes: tuple[int, int],
    values: tuple[int, int],
    classes: tuple[int, int],
    numeric: tuple[int, int],
    *,
    min_capacity: int,
    regression: bool,
) -> Schema:
    # Every draw about numbers is skipped when none are allowed, so that a
    # nominal schema is drawn exactly as it was before numbers existed.
    m = draw(st.integers(*attributes))
    q = numeric[0]
    if min(numeric[1], m) > q:
        q = draw(st.integers(q, min(numeric[1], m)))
    sizes = draw(st.lists(st.integers(*values), min_size=m - q, max_size=m - q))
    is_numeric = [False] * (m - q) + [True] * q
    if 0 < q < m:
        is_numeric = list(draw(st.permutations(is_numeric)))
    if math.prod(sizes) * len(GRID) ** q < min_capacity:
        # Too few feature vectors for the rows asked for: the largest schema
        # always suffices (the caller checked), and a fixed fallback shrinks well.
        m = attributes[1]
        q = _largest(m, values[1], numeric)[0]
        sizes, is_numeric = [values[1]] * (m - q), [False] * (m - q) + [True] * q
    names = draw(st.lists(_WORDS, min_size=m + 1, max_size=m + 1, unique=True))
    nominal = iter(
        [
            Nominal(sorted(draw(st.lists(_WORDS, min_size=size, max_size=size, unique=True))))
            for size in sizes
        ]
    )
    domains: list[Domain] = [Numeric() if flag else next(nominal) for flag in is_numeric]
    target: Domain
    if regression:
        target = Numeric()
    else:
        k = draw(st.integers(*classes))
        target = Nominal(sorted(draw(st.lists(_WORDS, min_size=k, max_size=k, unique=True))))
    return Schema(tuple(map(Attribute, names[:m], domains)), Attribute(names[m], target))


def _schema_strategy(
    attributes: tuple[int, int],
    values: tuple[int, int],
    classes: tuple[int, int],
    numeric: tuple[int, int] = (0, 0),
    *,
    min_capacity: int = 1,
    regression: bool = False,
    missing: bool = False,
) -> st.SearchStrategy[Schema]:
    """Check the (min, max) bounds of a schema, then draw within them."""
    _check_range("attributes", *attributes, 0)
    _check_range("values", *values, 1)
    _check_range("classes", *classes, 1)
    _check_range("numeric", *numeric, 0)
    if numeric[0] > attributes[1]:
        raise InvalidArgument(f"min_numeric={numeric[0]} is above max_attributes={attributes[1]}")
    if missing and attributes[1] == 0:
        raise InvalidArgument("missing values need an attribute, but max_attributes=0")
    if _largest(attributes[1], values[1], numeric)[1] < min_capacity:
        raise InvalidArgument(
            f"{attributes[1]} attributes of at most {values[1]} values have fewer "
            f"than min_rows={min_capacity} distinct feature vectors"
        )
    # At least the numeric attributes asked for, and one to be missing if asked.
    low = max(attributes[0], numeric[0], 1 if missing else 0)
    return _schemas(
        (low, attributes[1]),
        values,
        classes,
        numeric,
        min_capacity=min_capacity,
        regression=regression,
    )


def schemas(
    *,
    min_attributes: int = 1,
    max_attributes: int = 4,
    min_values: int = 1,
    max_values: int = 3,
    min_classes: int = 1,
    max_classes: int = 3,
    min_numeric: int = 0,
    max_numeric: int = 0,
) -> st.SearchStrategy[Schema]:
    """Classification schemas: distinct attribute and target names, each
    nominal domain's values and the classes in sorted order (as
    :func:`dtree.read_csv` orders them).

    Between ``min_numeric`` and ``max_numeric`` of the attributes (never
    more than there are) are numeric, at any positions; the rest are
    nominal.  The default, no numeric attribute, gives nominal schemas.
    A nominal domain may hold values no row takes: that is how empty
    branches arise.

    >>> from hypothesis import find
    >>> schema = find(schemas(min_attributes=2), lambda s: len(s.classes) == 2)
    >>> len(schema.names), schema.classes == tuple(sorted(schema.classes))
    (2, True)
    >>> schema = find(schemas(min_numeric=1, max_numeric=2), lambda s: True)
    >>> schema.attributes[0].domain
    Numeric()
    """
    return _schema_strategy(
        (min_attributes, max_attributes),
        (min_values, max_values),
        (min_classes, max_classes),
        (min_numeric, max_numeric),
    )


def _vector(code: int, choices: Sequence[tuple[Value, ...]]) -> tuple[Value, ...]:
    """The feature vector numbered ``code`` in the mixed radix of the numbers of choices."""
    digits = _digits(code, [len(values) for values in choices])
    return tuple(values[digit] for values, digit in zip(choices, digits, strict=True))


def _digits(code: int, radices: Sequence[int]) -> tuple[int, ...]:
    """The digits of ``code`` in the mixed radix ``radices``, least significant first.

    >>> _digits(23, (2, 3, 4))
    (1, 2, 3)
    """
    digits = []
    for radix in radices:
        code, digit = divmod(code, radix)
        digits.append(digit)
    return tuple(digits)


def _choices(attribute: Attribute, *, close: bool = False) -> tuple[Value, ...]:
    """The values a row may hold for ``attribute``, simplest first (with ``close``, the
    grid and :data:`CLOSE`)."""
    match attribute.domain:
        case Nominal(values):
            return values
        case Numeric():
            return _SIMPLEST_FIRST + CLOSE if close else _SIMPLEST_FIRST
        case _:  # pragma: no cover - Domain has two cases
            assert_never(attribute.domain)


@frozen
class _Broad:
    """The options that widen a draw beyond the grid and integer weights."""

    fractional_weights: bool = False
    close_values: bool = False
    constant_columns: bool = False


@st.composite
def _datasets(
    draw: st.DrawFn,
    schema_strategy: st.SearchStrategy[Schema],
    rows: tuple[int, int],
    *,
    weighted: bool,
    consistent: bool,
    missing: bool = False,
    broad: _Broad | None = None,
) -> Dataset:
    schema = draw(schema_strategy)
    broad = broad or _Broad()
    choices = [_choices(attribute, close=broad.close_values) for attribute in schema.attributes]
    outcomes: tuple[str | float, ...] = (
        schema.classes if schema.is_classification else _SIMPLEST_FIRST
    )
    capacity = math.prod(map(len, choices))
    gaps = MISSING_CHANCE ** len(choices) if missing else 1
    gaps_of: list[tuple[int, ...]] = []
    if consistent:
        # Distinct codes are distinct feature vectors: no two rows can disagree.
        codes = draw(
            st.lists(
                st.sampled_from(range(capacity)),
                min_size=rows[0],
                max_size=min(rows[1], capacity),
                unique=True,
            )
        )
        n = len(codes)
        labels = [outcomes[i] for i in draw(_indices(len(outcomes), n))]
        row_weights = _made_positive(list(draw(_indices(MAX_WEIGHT + 1, n)))) if weighted else None
    else:
        # A row is a few draws: the number of its feature vector (see _vector), of its
        # label, its weight and its missing values.  A draw costs the same whatever its
        # range, so a row costs as many draws whatever the number of attributes, and
        # every row can still be drawn.
        n = draw(st.integers(*rows))
        scale = len(FRACTIONAL_WEIGHTS) if broad.fractional_weights else MAX_WEIGHT + 1
        radices = (capacity, len(outcomes), scale if weighted else 1, gaps)
        drawn = draw(_rows(radices, n))
        codes = [row[0] for row in drawn]
        labels = [outcomes[row[1]] for row in drawn]
        row_weights = _made_positive([row[2] for row in drawn]) if weighted else None
        gaps_of = [_digits(row[3], (MISSING_CHANCE,) * len(choices)) for row in drawn]
    weights_drawn: tuple[int | float, ...] | None = row_weights
    if row_weights is not None and broad.fractional_weights:
        weights_drawn = tuple(FRACTIONAL_WEIGHTS[k] for k in row_weights)
    vectors = [_vector(code, choices) for code in codes]
    columns = [[vector[j] for vector in vectors] for j in range(len(choices))]
    if broad.constant_columns:
        # One draw per column: True makes it constant, its first row's value in every row.
        for column in columns:
            if draw(st.booleans()):
                column[:] = [column[0]] * len(column)
    if missing:
        # About one value in MISSING_CHANCE is missing (a digit of 0 keeps the value, so
        # shrinking removes missing values), and at least one is.
        for i, row_gaps in enumerate(gaps_of):
            for column, gap in zip(columns, row_gaps, strict=True):
                if gap == MISSING_CHANCE - 1:
                    column[i] = None
        if all(value is not None for column in columns for value in column):
            columns[0][0] = None
    return Dataset(schema, columns, labels, weights_drawn or (1,) * n)


def datasets(
    *,
    min_rows: int = 1,
    max_rows: int = 20,
    min_attributes: int = 1,
    max_attributes: int = 4,
    min_values: int = 1,
    max_values: int = 3,
    min_classes: int = 1,
    max_classes: int = 3,
    weighted: bool = False,
    min_numeric: int = 0,
    max_numeric: int = 0,
    missing: bool = False,
    fractional_weights: bool = False,
    close_values: bool = False,
    constant_columns: bool = False,
) -> st.SearchStrategy[Dataset]:
    """Classification datasets over a drawn schema (see :func:`schemas`).

    Rows may repeat and may contradict each other.  With ``weighted`` each
    row weighs 0..MAX_WEIGHT (with ``fractional_weights``, one of
    :data:`FRACTIONAL_WEIGHTS`) and at least one weighs more than 0;
    otherwise every row weighs 1.  Numeric values are floats of
    :data:`GRID` (with ``close_values``, also of :data:`CLOSE`); with
    ``constant_columns`` a column may hold one value in every row.  With
    ``missing`` about one attribute value in :data:`MISSING_CHANCE` is
    ``None``, and at least one is (so there is at least one attribute);
    without it no value is missing.  Targets are never missing.

    >>> from hypothesis import find
    >>> data = find(datasets(min_rows=5, weighted=True), lambda d: True)
    >>> len(data), sum(data.weights) > 0
    (5, True)
    >>> data = find(datasets(max_numeric=1, missing=True), lambda d: True)
    >>> data.columns
    ((None,),)
    >>> numeric = {"min_numeric": 1, "max_numeric": 1, "max_attributes": 1}
    >>> find(datasets(**numeric, weighted=True, fractional_weights=True),
    ...      lambda d: 0.1 in d.weights).weights
    (0.1,)
    >>> find(datasets(**numeric, close_values=True), lambda d: 0 < d.columns[0][0] < 1e-7).columns
    ((5.960464477539063e-08,),)
    >>> find(datasets(**numeric, min_rows=2, constant_columns=True),
    ...      lambda d: len(set(d.columns[0])) == 1 and d.columns[0][0] != 0).columns
    ((0.25, 0.25),)
    """
    _check_range("rows", min_rows, max_rows, 1)
    schema = _schema_strategy(
        (min_attributes, max_attributes),
        (min_values, max_values),
        (min_classes, max_classes),
        (min_numeric, max_numeric),
        missing=missing,
    )
    broad = _Broad(fractional_weights, close_values, constant_columns)
    return _datasets(
        schema,
        (min_rows, max_rows),
        weighted=weighted,
        consistent=False,
        missing=missing,
        broad=broad,
    )


def regression_datasets(
    *,
    min_rows: int = 1,
    max_rows: int = 20,
    min_attributes: int = 1,
    max_attributes: int = 4,
    min_values: int = 1,
    max_values: int = 3,
    min_numeric: int = 0,
    max_numeric: int = 4,
    weighted: bool = False,
    missing: bool = False,
) -> st.SearchStrategy[Dataset]:
    """Regression datasets: a numeric target (its domain is ``Numeric()``)
    whose values, like the numeric attributes' values, are floats of :data:`GRID`.

    The attributes are nominal and numeric as in :func:`schemas` (by
    default any mix, all nominal to all numeric); rows, weights and
    missing values are as in :func:`datasets`.

    >>> from hypothesis import find
    >>> data = find(regression_datasets(min_rows=3), lambda d: len(set(d.target)) == 3)
    >>> data.schema.target.domain, sorted(data.target)
    (Numeric(), [-0.25, 0.0, 0.25])
    """
    _check_range("rows", min_rows, max_rows, 1)
    schema = _schema_strategy(
        (min_attributes, max_attributes),
        (min_values, max_values),
        (1, 1),
        (min_numeric, max_numeric),
        regression=True,
        missing=missing,
    )
    return _datasets(
        schema, (min_rows, max_rows), weighted=weighted, consistent=False, missing=missing
    )


def consistent_datasets(
    *,
    min_rows: int = 1,
    max_rows: int = 20,
    min_attributes: int = 1,
    max_attributes: int = 4,
    min_values: int = 1,
    max_values: int = 3,
    min_classes: int = 1,
    max_classes: int = 3,
    weighted: bool = False,
    min_numeric: int = 0,
    max_numeric: int = 0,
) -> st.SearchStrategy[Dataset]:
    """Datasets whose rows have distinct feature vectors, so they are consistent.

    Built, not filtered: the distinct feature vectors are drawn first and
    then any labels.  A numeric attribute has len(GRID) values, a nominal
    one those of its domain; there are at most the product of those many
    distinct vectors, so a draw has at most that many rows; when a drawn
    schema has fewer than ``min_rows`` vectors, the largest schema allowed
    is used instead.  No value is missing.

    >>> from hypothesis import find
    >>> from dtree.invariants import is_consistent
    >>> data = find(consistent_datasets(min_rows=4), lambda d: len(d.schema.classes) >= 2)
    >>> is_consistent(data), len(data)
    (True, 4)
    >>> data = find(consistent_datasets(min_rows=17, max_rows=17, max_attributes=1,
    ...                                 min_numeric=1, max_numeric=1), lambda d: True)
    >>> data.schema.attributes[0].domain, len(set(data.columns[0]))
    (Numeric(), 17)
    """
    _check_range("rows", min_rows, max_rows, 1)
    schema = _schema_strategy(
        (min_attributes, max_attributes),
        (min_values, max_values),
        (min_classes, max_classes),
        (min_numeric, max_numeric),
        min_capacity=min_rows,
    )
    return _datasets(schema, (min_rows, max_rows), weighted=weighted, consistent=True)
