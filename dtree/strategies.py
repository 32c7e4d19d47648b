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
    Nominal schemas: distinct names, values and classes in sorted order.
:func:`datasets`
    Nominal datasets over a drawn schema, optionally weighted.
:func:`consistent_datasets`
    Datasets in which equal feature vectors have equal labels, consistent
    by construction: distinct feature vectors first, then any labels.

Every value is nominal for now: no numeric attributes, no missing values.
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from dtree.dataset import Attribute, Dataset, Nominal, Schema, Value

__all__ = [
    "MAX_WEIGHT",
    "consistent_datasets",
    "counts",
    "datasets",
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


@st.composite
def _positive_weights(draw: st.DrawFn, n: int) -> tuple[int, ...]:
    drawn = list(draw(weights(min_size=n, max_size=n)))
    # A dataset must have something to learn from: all zeros becomes one row.
    if sum(drawn) == 0:
        drawn[0] = 1
    return tuple(drawn)


# -- schemas and datasets ---------------------------------------------------------


@st.composite
def _schemas(
    draw: st.DrawFn,
    attributes: tuple[int, int],
    values: tuple[int, int],
    classes: tuple[int, int],
    min_capacity: int,
) -> Schema:
    m = draw(st.integers(*attributes))
    sizes = draw(st.lists(st.integers(*values), min_size=m, max_size=m))
    if math.prod(sizes) < min_capacity:
        # Too few feature vectors for the rows asked for: the largest domains
        # always suffice (the caller checked), and a fixed fallback shrinks well.
        m, sizes = attributes[1], [values[1]] * attributes[1]
    names = draw(st.lists(_WORDS, min_size=m + 1, max_size=m + 1, unique=True))
    domains = [
        Nominal(sorted(draw(st.lists(_WORDS, min_size=size, max_size=size, unique=True))))
        for size in sizes
    ]
    k = draw(st.integers(*classes))
    labels = sorted(draw(st.lists(_WORDS, min_size=k, max_size=k, unique=True)))
    return Schema(
        tuple(map(Attribute, names[:m], domains)),
        Attribute(names[m], Nominal(labels)),
    )


def _schema_strategy(
    attributes: tuple[int, int],
    values: tuple[int, int],
    classes: tuple[int, int],
    min_capacity: int = 1,
) -> st.SearchStrategy[Schema]:
    """Check the (min, max) bounds of a schema, then draw within them."""
    _check_range("attributes", *attributes, 0)
    _check_range("values", *values, 1)
    _check_range("classes", *classes, 1)
    if values[1] ** attributes[1] < min_capacity:
        raise InvalidArgument(
            f"{attributes[1]} attributes of at most {values[1]} values have fewer "
            f"than min_rows={min_capacity} distinct feature vectors"
        )
    return _schemas(attributes, values, classes, min_capacity)


def schemas(
    *,
    min_attributes: int = 1,
    max_attributes: int = 4,
    min_values: int = 1,
    max_values: int = 3,
    min_classes: int = 1,
    max_classes: int = 3,
) -> st.SearchStrategy[Schema]:
    """Nominal schemas: distinct attribute and target names, each domain's
    values and the classes in sorted order (as :func:`dtree.read_csv` orders them).

    A domain may hold values no row takes: that is how empty branches arise.

    >>> from hypothesis import find
    >>> schema = find(schemas(min_attributes=2), lambda s: len(s.classes) == 2)
    >>> len(schema.names), schema.classes == tuple(sorted(schema.classes))
    (2, True)
    """
    return _schema_strategy(
        (min_attributes, max_attributes), (min_values, max_values), (min_classes, max_classes)
    )


def _vector(code: int, domains: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    """The feature vector numbered ``code`` in the mixed radix of the domain sizes."""
    vector = []
    for values in domains:
        code, digit = divmod(code, len(values))
        vector.append(values[digit])
    return tuple(vector)


def _domains(schema: Schema) -> list[tuple[str, ...]]:
    return [
        attribute.domain.values
        for attribute in schema.attributes
        if isinstance(attribute.domain, Nominal)
    ]


@st.composite
def _datasets(
    draw: st.DrawFn,
    schema_strategy: st.SearchStrategy[Schema],
    rows: tuple[int, int],
    weighted: bool,
    consistent: bool,
) -> Dataset:
    schema = draw(schema_strategy)
    domains = _domains(schema)
    vectors: list[tuple[str, ...]]
    if consistent:
        # Distinct codes are distinct feature vectors: no two rows can disagree.
        capacity = math.prod(map(len, domains))
        codes = draw(
            st.lists(
                st.sampled_from(range(capacity)),
                min_size=rows[0],
                max_size=min(rows[1], capacity),
                unique=True,
            )
        )
        vectors = [_vector(code, domains) for code in codes]
    else:
        n = draw(st.integers(*rows))
        vector = st.tuples(*(st.sampled_from(values) for values in domains))
        vectors = draw(st.lists(vector, min_size=n, max_size=n))
    n = len(vectors)
    labels = draw(st.lists(st.sampled_from(schema.classes), min_size=n, max_size=n))
    columns: tuple[tuple[Value, ...], ...] = tuple(
        tuple(vector[j] for vector in vectors) for j in range(len(domains))
    )
    row_weights = draw(_positive_weights(n)) if weighted else (1,) * n
    return Dataset(schema, columns, labels, row_weights)


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
) -> st.SearchStrategy[Dataset]:
    """Nominal datasets over a drawn schema (see :func:`schemas`).

    Rows may repeat and may contradict each other.  With ``weighted`` each
    row weighs 0..MAX_WEIGHT and at least one weighs more than 0; otherwise
    every row weighs 1.

    >>> from hypothesis import find
    >>> data = find(datasets(min_rows=5, weighted=True), lambda d: True)
    >>> len(data), sum(data.weights) > 0
    (5, True)
    """
    _check_range("rows", min_rows, max_rows, 1)
    schema = _schema_strategy(
        (min_attributes, max_attributes), (min_values, max_values), (min_classes, max_classes)
    )
    return _datasets(schema, (min_rows, max_rows), weighted, consistent=False)


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
) -> st.SearchStrategy[Dataset]:
    """Datasets whose rows have distinct feature vectors, so they are consistent.

    Built, not filtered: the distinct feature vectors are drawn first and
    then any labels.  There are at most prod |domain| distinct vectors, so
    a draw has at most that many rows; when a drawn schema has fewer than
    ``min_rows`` vectors, the largest schema allowed is used instead.

    >>> from hypothesis import find
    >>> from dtree.invariants import is_consistent
    >>> data = find(consistent_datasets(min_rows=4), lambda d: len(d.schema.classes) >= 2)
    >>> is_consistent(data), len(data)
    (True, 4)
    """
    _check_range("rows", min_rows, max_rows, 1)
    schema = _schema_strategy(
        (min_attributes, max_attributes),
        (min_values, max_values),
        (min_classes, max_classes),
        min_capacity=min_rows,
    )
    return _datasets(schema, (min_rows, max_rows), weighted, consistent=True)
