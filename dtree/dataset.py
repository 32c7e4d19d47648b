"""Schemas and datasets: the frozen values every learner reads.

Vocabulary
----------
``Label``
    A class name.  Class labels are strings; their order is declared.
``Value``
    What an example holds for one attribute: a ``str`` for a nominal
    attribute, a number for a numeric one, ``None`` when it is missing.
``Weight``
    How much a row counts: a :data:`dtree.arithmetic.Number`, an ``int``
    (the default is 1), a ``Fraction`` or a ``float``.  Integer weights
    keep every count exact.
``Example``
    One row as a mapping from attribute name to value.
``Nominal(values)``, ``Numeric()``
    The two kinds of domain; a nominal domain lists its values in order.
    ``Nominal(levels, ordered=True)`` is an ordinal attribute: its values
    are levels in that order, and a split keeps to it, ``x <= level`` /
    ``x > level`` (:mod:`dtree.ordinal`; declared by :meth:`Dataset.with_levels`).
``Attribute(name, domain)``, ``Schema(attributes, target)``
    The attributes in order and the target: nominal (classification,
    its values are the classes) or numeric (regression).
``Dataset(schema, columns, target, weights, rows)``
    Column-major data.  A subset is the same columns with another tuple
    of row indices, so recursion never copies rows.

Datasets are built by :meth:`Dataset.from_columns`,
:meth:`Dataset.from_records` or :func:`dtree.read_csv`; all three infer a
schema the same way (see :func:`infer_domain`).  :meth:`Dataset.from_frame`
reads a data frame, typing each column by its type there (:mod:`dtree.frame`).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import TypeVar, assert_never, cast

from attrs import field, frozen

from dtree._optional import optional_module
from dtree.arithmetic import Number, is_number
from dtree.errors import DtreeError, quote

__all__ = [
    "MAX_TOTAL_WEIGHT",
    "Attribute",
    "Dataset",
    "Domain",
    "Example",
    "Label",
    "Nominal",
    "Numeric",
    "Schema",
    "Value",
    "Weight",
    "check_weight",
    "collection",
    "infer_domain",
    "is_number",
]

Label = str
Value = str | float | None
Weight = Number
Example = Mapping[str, Value]

T = TypeVar("T")


def collection(values: Iterable[T], parameter: str) -> tuple[T, ...]:
    """The items of ``values``, a collection, as a tuple; a bare string is refused.

    A string is itself a collection of strings, its characters, so
    ``missing="NA"`` would quietly mean the two markers ``"N"`` and ``"A"``.
    Every parameter of dtree that takes a collection of strings (names,
    classes, markers, values) passes it through here.

    >>> collection(["NA"], "missing")
    ('NA',)
    >>> collection("NA", "missing")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: missing must be a collection such as a list, not the string 'NA'; \
for one item write ['NA']
    """
    if isinstance(values, str):
        text = quote(values)
        raise DtreeError(
            f"{parameter} must be a collection such as a list, not the string {text};"
            f" for one item write [{text}]"
        )
    return tuple(values)


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return collection(values, "the values of a nominal domain")


def _attributes(attributes: Iterable[Attribute]) -> tuple[Attribute, ...]:
    return tuple(attributes)


def _columns(columns: Iterable[Sequence[Value]]) -> tuple[tuple[Value, ...], ...]:
    return tuple(map(tuple, columns))


def _targets(values: Iterable[Label | float]) -> tuple[Label | float, ...]:
    return tuple(values)


def _weights(values: Iterable[Weight]) -> tuple[Weight, ...]:
    return tuple(values)


def _indices(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@frozen(repr=False)
class Nominal:
    """A finite domain of named values, in a declared order; with ``ordered=True``, the
    levels of an ordinal attribute, whose splits keep to that order.

    >>> Nominal(("Sunny", "Overcast", "Rain")).values
    ('Sunny', 'Overcast', 'Rain')
    >>> Nominal(("S", "M", "L"), ordered=True)
    Nominal(values=('S', 'M', 'L'), ordered=True)
    """

    values: tuple[str, ...] = field(converter=_strings)
    ordered: bool = field(default=False, kw_only=True)

    def __repr__(self) -> str:  # ``ordered`` shown only where set, as before it existed
        flag = ", ordered=True" if self.ordered else ""
        return f"Nominal(values={self.values!r}{flag})"

    def __attrs_post_init__(self) -> None:
        if not all(isinstance(value, str) for value in self.values):
            raise DtreeError(f"nominal values must be strings, got {quote(self.values)}")
        if len(set(self.values)) != len(self.values):
            raise DtreeError(f"nominal values must be distinct, got {quote(self.values)}")
        if type(self.ordered) is not bool:
            raise DtreeError(f"ordered is True or False, not {quote(self.ordered)}")


@frozen
class Numeric:
    """The domain of a numeric attribute: any finite number."""


Domain = Nominal | Numeric


@frozen
class Attribute:
    """A named attribute and its domain.

    >>> Attribute("Wind", Nominal(("Strong", "Weak")))
    Attribute(name='Wind', domain=Nominal(values=('Strong', 'Weak')))
    """

    name: str
    domain: Domain


@frozen
class Schema:
    """The attributes in order, and the target.

    A nominal target makes a classification problem whose classes are the
    target's values in their declared order (plurality ties go to the
    first); a numeric target makes a regression problem.

    >>> schema = Schema((Attribute("Wind", Nominal(("Strong", "Weak"))),),
    ...                 Attribute("PlayTennis", Nominal(("No", "Yes"))))
    >>> schema.names, schema.classes, schema.is_classification
    (('Wind',), ('No', 'Yes'), True)
    """

    attributes: tuple[Attribute, ...] = field(converter=_attributes)
    target: Attribute

    def __attrs_post_init__(self) -> None:
        names = [attribute.name for attribute in self.attributes] + [self.target.name]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise DtreeError(f"duplicate column name {quote(duplicates[0])}")

    @property
    def names(self) -> tuple[str, ...]:
        """The attribute names, in schema order."""
        return tuple(attribute.name for attribute in self.attributes)

    @property
    def is_classification(self) -> bool:
        """Whether the target is nominal."""
        return isinstance(self.target.domain, Nominal)

    @property
    def classes(self) -> tuple[Label, ...]:
        """The class labels in their declared order."""
        match self.target.domain:
            case Nominal(values):
                return values
            case Numeric():
                raise DtreeError(f"target {quote(self.target.name)} is numeric: it has no classes")
            case _:
                assert_never(self.target.domain)

    def index(self, name: str) -> int:
        """The position of attribute ``name``; a clear error if there is none.

        >>> Schema((Attribute("a", Numeric()),), Attribute("y", Numeric())).index("b")
        Traceback (most recent call last):
        ...
        dtree.errors.DtreeError: unknown attribute 'b'; the attributes are 'a'
        """
        for position, attribute in enumerate(self.attributes):
            if attribute.name == name:
                return position
        known = ", ".join(quote(known) for known in self.names)
        raise DtreeError(f"unknown attribute {quote(name)}; the attributes are {known}")

    def attribute(self, name: str) -> Attribute:
        """The attribute called ``name``."""
        return self.attributes[self.index(name)]


@frozen
class Dataset:
    """Column-major examples with a schema, a target, weights and a row subset.

    ``columns[j][i]`` is the value of attribute ``j`` in row ``i``;
    ``rows`` says which rows belong to this dataset (all of them unless it
    is a subset).  Construction validates every value against the schema.

    >>> data = Dataset.from_records(
    ...     [{"Wind": "Weak", "Play": "Yes"}, {"Wind": "Strong", "Play": "No"}],
    ...     target="Play")
    >>> len(data), data.schema.classes, data.column("Wind")
    (2, ('No', 'Yes'), ('Weak', 'Strong'))
    >>> data.subset([1]).labels
    ('No',)
    """

    schema: Schema
    columns: tuple[tuple[Value, ...], ...] = field(converter=_columns)
    target: tuple[Label | float, ...] = field(converter=_targets)
    weights: tuple[Weight, ...] = field(converter=_weights)
    rows: tuple[int, ...] = field(converter=_indices)

    @weights.default
    def _weights_default(self) -> tuple[Weight, ...]:
        return (1,) * len(self.target)

    @rows.default
    def _rows_default(self) -> tuple[int, ...]:
        return tuple(range(len(self.target)))

    def __attrs_post_init__(self) -> None:
        if len(self.columns) != len(self.schema.attributes):
            raise DtreeError(
                f"{len(self.columns)} columns for {len(self.schema.attributes)} attributes"
            )
        n = len(self.target)
        for attribute, column in zip(self.schema.attributes, self.columns, strict=True):
            if len(column) != n:
                raise DtreeError(f"{len(column)} values for {n} rows", column=attribute.name)
            for row, value in enumerate(column, start=1):
                _check_value(attribute, value, row)
        for row, label in enumerate(self.target, start=1):
            _check_target(self.schema.target, label, row)
        if len(self.weights) != n:
            raise DtreeError(f"{len(self.weights)} weights for {n} rows")
        for row, weight in enumerate(self.weights, start=1):
            check_weight(weight, row)
        _check_total_weight(self.weights)
        _check_rows(self.rows, n)

    # -- construction -------------------------------------------------------

    @classmethod
    def from_columns(
        cls,
        columns: Mapping[str, Sequence[Value]],
        *,
        target: str,
        classes: Sequence[Label] | None = None,
        weights: Sequence[Weight] | None = None,
    ) -> Dataset:
        """Build a dataset from named columns, inferring each domain.

        A column is numeric when every present value is a number, nominal
        when every present value is a string (values in sorted order).  The
        classes are sorted unless ``classes`` declares their order.

        >>> data = Dataset.from_columns(
        ...     {"x": [1, 2.5, None], "y": ["b", "a", "b"]}, target="y")
        >>> data.schema.attributes[0], data.schema.classes
        (Attribute(name='x', domain=Numeric()), ('a', 'b'))
        """
        columns = {
            name: collection(values, f"column {quote(name)}") for name, values in columns.items()
        }
        classes = None if classes is None else collection(classes, "classes")
        if target not in columns:
            known = ", ".join(quote(name) for name in columns)
            raise DtreeError(f"unknown target {quote(target)}; the columns are {known}")
        lengths = {len(values) for values in columns.values()}
        if len(lengths) > 1:
            raise DtreeError(f"columns of different lengths {sorted(lengths)}")
        if not lengths or lengths == {0}:
            raise DtreeError("the dataset has no rows")
        attributes = tuple(
            Attribute(name, infer_domain(name, values))
            for name, values in columns.items()
            if name != target
        )
        target_attribute = Attribute(target, _target_domain(target, columns[target], classes))
        schema = Schema(attributes, target_attribute)
        return cls(
            schema,
            tuple(_normalised(attribute, columns[attribute.name]) for attribute in attributes),
            tuple(
                label
                for label in _normalised(target_attribute, columns[target])
                if label is not None
            ),
            (1,) * len(columns[target]) if weights is None else tuple(weights),
        )

    @classmethod
    def from_records(
        cls,
        records: Iterable[Example],
        *,
        target: str,
        classes: Sequence[Label] | None = None,
        weights: Sequence[Weight] | None = None,
    ) -> Dataset:
        """Build a dataset from rows given as mappings with the same keys.

        >>> Dataset.from_records([{"x": 1, "y": 2.0}], target="y").schema.is_classification
        False
        """
        records = tuple(records)
        if not records:
            raise DtreeError("the dataset has no rows")
        for row, record in enumerate(records, start=1):
            if not isinstance(record, Mapping):
                raise DtreeError(
                    f"a record is a mapping from names to values, not {quote(record)}", row=row
                )
        names = tuple(records[0])
        for row, record in enumerate(records, start=1):
            if set(record) != set(names):
                extra = sorted(set(record) ^ set(names))
                raise DtreeError(
                    "record keys differ from the first record's", row=row, column=extra[0]
                )
        columns = {name: [record[name] for record in records] for name in names}
        return cls.from_columns(columns, target=target, classes=classes, weights=weights)

    @classmethod
    def from_frame(
        cls,
        frame: object,
        *,
        target: str,
        classes: Sequence[Label] | None = None,
        weights: str | None = None,
    ) -> Dataset:
        """Build a dataset from a pandas, polars or pyarrow data frame (any frame narwhals
        reads), typing each column by its type in the frame: :func:`dtree.frame.from_frame`,
        which needs the ``frames`` extra.

        >>> import polars as pl
        >>> frame = pl.DataFrame({"x": [1, None], "y": ["b", "a"]})
        >>> Dataset.from_frame(frame, target="y").column("x")
        (1.0, None)
        """
        module = optional_module("dtree.frame")
        return cast(
            Dataset, module.from_frame(frame, target=target, classes=classes, weights=weights)
        )

    def to_frame(self, *, backend: str = "pandas", weights: str = "weight") -> object:
        """This dataset as a data frame of ``backend`` (``pandas``, ``polars`` or
        ``pyarrow``): :func:`dtree.frame.to_frame`, which needs the ``frames`` extra.

        >>> data = Dataset.from_records([{"x": 1, "y": "b"}, {"x": 2, "y": "a"}], target="y")
        >>> data.to_frame(backend="polars").to_dict(as_series=False)
        {'x': [1.0, 2.0], 'y': ['b', 'a']}
        """
        module = optional_module("dtree.frame")
        return cast(object, module.to_frame(self, backend=backend, weights=weights))

    # -- access -------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.rows)

    def subset(self, rows: Iterable[int]) -> Dataset:
        """The same columns restricted to ``rows`` (indices into the columns).

        The columns were validated when this dataset was built, so only the
        new row indices are checked: a subset costs O(len(rows)), not a copy.
        """
        rows = tuple(rows)
        _check_rows(rows, len(self.target))
        return self._replaced(rows=rows)

    def present(self) -> Dataset:
        """The rows of positive weight: a row of weight 0 is an absent row.

        >>> data = Dataset.from_records([{"x": "u", "y": "p"}, {"x": "v", "y": "q"}],
        ...                             target="y", weights=[0, 2])
        >>> data.present().rows
        (1,)
        """
        return self.subset(row for row in self.rows if self.weights[row] > 0)

    def column(self, name: str) -> tuple[Value, ...]:
        """The values of attribute ``name`` in this dataset's rows.

        >>> Dataset.from_records([{"x": 1, "y": "p"}], target="y").column("x")
        (1.0,)
        """
        values = self.columns[self.schema.index(name)]
        return tuple(values[i] for i in self.rows)

    @property
    def labels(self) -> tuple[Label | float, ...]:
        """The target values of this dataset's rows."""
        return tuple(self.target[i] for i in self.rows)

    @property
    def row_weights(self) -> tuple[Weight, ...]:
        """The weights of this dataset's rows."""
        return tuple(self.weights[i] for i in self.rows)

    def example(self, row: int) -> dict[str, Value]:
        """Row ``row`` (an index into the columns) as an example mapping.

        >>> Dataset.from_records([{"x": 1, "y": "p"}], target="y").example(0)
        {'x': 1.0}
        """
        _check_rows((row,), len(self.target))
        return {
            attribute.name: column[row]
            for attribute, column in zip(self.schema.attributes, self.columns, strict=True)
        }

    def examples(self) -> Iterator[dict[str, Value]]:
        """The examples of this dataset's rows, in order, as :meth:`example` gives them (the
        rows were checked when the dataset was built).

        >>> data = Dataset.from_records([{"x": 1, "y": "p"}, {"x": 2, "y": "q"}], target="y")
        >>> list(data.subset([1]).examples())
        [{'x': 2.0}]
        """
        names = tuple(attribute.name for attribute in self.schema.attributes)
        return (
            dict(zip(names, map(itemgetter(row), self.columns), strict=True)) for row in self.rows
        )

    def with_weights(self, weights: Sequence[Weight]) -> Dataset:
        """The same data with new weights, one per column row.

        The columns and targets were validated when this dataset was built: only the
        weights are checked, so a reweighting costs O(rows), not O(rows x columns).

        >>> data = Dataset.from_records([{"x": 1, "y": "p"}, {"x": 2, "y": "q"}], target="y")
        >>> data.with_weights([3, 0]).present().rows
        (0,)
        >>> data.with_weights([1])
        Traceback (most recent call last):
        ...
        dtree.errors.DtreeError: 1 weights for 2 rows
        """
        weights = _weights(weights)
        if len(weights) != len(self.target):
            raise DtreeError(f"{len(weights)} weights for {len(self.target)} rows")
        for row, weight in enumerate(weights, start=1):
            check_weight(weight, row)
        _check_total_weight(weights)
        return self._replaced(weights=weights)

    def with_levels(self, levels: Mapping[str, Sequence[str]]) -> Dataset:
        """The same data with each attribute ``levels`` names ordinal, its values levels in
        the order given (every value of its column among them): a split of it is then
        ``x <= level`` / ``x > level`` (:mod:`dtree.ordinal`).

        >>> data = Dataset.from_columns({"size": ["M", "S", "L"], "y": list("aab")}, target="y")
        >>> data.with_levels({"size": ["S", "M", "L"]}).schema.attributes[0]
        Attribute(name='size', domain=Nominal(values=('S', 'M', 'L'), ordered=True))
        """
        declared = {
            self.schema.attribute(name).name: Nominal(_strings(order), ordered=True)
            for name, order in levels.items()
        }
        attributes = tuple(
            Attribute(a.name, declared.get(a.name, a.domain)) for a in self.schema.attributes
        )
        schema = Schema(attributes, self.schema.target)
        return Dataset(schema, self.columns, self.target, self.weights, self.rows)

    def with_target(self, target: Attribute, values: Sequence[Label | float]) -> Dataset:
        """The same attributes with a new target (say, the residuals a boosting stage fits),
        one value per column row; only the new values are checked.

        >>> data = Dataset.from_records([{"x": 1, "y": "p"}, {"x": 2, "y": "q"}], target="y")
        >>> data.with_target(Attribute("r", Numeric()), [0.5, -0.5]).labels
        (0.5, -0.5)
        """
        values = _targets(values)
        if len(values) != len(self.target):
            raise DtreeError(f"{len(values)} target values for {len(self.target)} rows")
        for row, label in enumerate(values, start=1):
            _check_target(target, label, row)
        return self._replaced(schema=Schema(self.schema.attributes, target), target=values)

    def _replaced(self, **validated: object) -> Dataset:
        """This dataset with some fields replaced by values already validated against it."""
        view = copy.copy(self)
        for name, value in validated.items():
            object.__setattr__(view, name, value)  # frozen: a new value, never a change
        return view


# -- inference and validation ---------------------------------------------------


def infer_domain(name: str, values: Iterable[Value]) -> Domain:
    """The domain of a column: numeric if every present value is a number,
    nominal (sorted values) if every present value is a string.

    >>> infer_domain("Outlook", ["Sunny", None, "Rain", "Sunny"])
    Nominal(values=('Rain', 'Sunny'))
    >>> infer_domain("x", [3, 1.5])
    Numeric()
    """
    present = [value for value in values if value is not None]
    if all(is_number(value) for value in present) and present:
        return Numeric()
    if all(isinstance(value, str) for value in present):
        return Nominal(tuple(sorted({str(value) for value in present})))
    kinds = sorted({type(value).__name__ for value in present})
    raise DtreeError(
        f"values of types {kinds}: a column holds strings or numbers, not both", column=name
    )


def _target_domain(name: str, labels: Sequence[Value], classes: Sequence[Label] | None) -> Domain:
    for row, label in enumerate(labels, start=1):
        if label is None:
            raise DtreeError("the target value is missing", row=row, column=name)
    if classes is not None:
        return Nominal(tuple(classes))
    return infer_domain(name, labels)


def _normalised(attribute: Attribute, values: Sequence[Value]) -> tuple[Value, ...]:
    """Numeric values as floats, so that 75 and 75.0 are one value."""
    if isinstance(attribute.domain, Numeric):
        return tuple(_as_float(value, row, attribute.name) for row, value in enumerate(values, 1))
    return tuple(values)


def _as_float(value: Value, row: int, column: str) -> Value:
    if not isinstance(value, int | float | Fraction):
        return value
    try:
        return float(value)
    except OverflowError:
        raise DtreeError(
            f"{quote(value)} is too large for a float", row=row, column=column
        ) from None


def _check_value(attribute: Attribute, value: Value, row: int) -> None:
    if value is None:
        return
    match attribute.domain:
        case Nominal(values):
            if value not in values:
                raise DtreeError(
                    f"{quote(value)} is not one of the values {quote(values)}",
                    row=row,
                    column=attribute.name,
                )
        case Numeric():
            if not is_number(value):
                raise DtreeError(f"{quote(value)} is not a number", row=row, column=attribute.name)
            if not math.isfinite(value):
                raise DtreeError(
                    f"{quote(value)} is not a finite number", row=row, column=attribute.name
                )
        case _:
            assert_never(attribute.domain)


def _check_target(target: Attribute, label: Label | float, row: int) -> None:
    if label is None:
        raise DtreeError("the target value is missing", row=row, column=target.name)
    match target.domain:
        case Nominal(classes):
            if label not in classes:
                raise DtreeError(
                    f"unknown class {quote(label)}; the classes are {quote(classes)}",
                    row=row,
                    column=target.name,
                )
        case Numeric():
            _check_value(target, label, row)
        case _:
            assert_never(target.domain)


MAX_TOTAL_WEIGHT = 2**128
"""The most the weights of a dataset may add up to (about 3.4e38).

Weights enter float arithmetic as sums (a node's weight), squares and
products of two sums (Gini's sum of squared class weights, a regression
node's (sum of w*y)^2); with every sum at most 2^128, each of these stays
below 2^256 (times a regression target's square, see
:data:`dtree.grower.learner.MAX_ABS_TARGET`), far from the largest float, 2^1024.
Only the weights' ratios matter to a tree's splits: scale larger weights
down (and any minimum branch weight with them)."""


def check_weight(weight: object, row: int, column: str | None = None) -> None:
    """Refuse a weight that is not a finite number >= 0 (a ``bool`` is not a number), or
    that is above :data:`MAX_TOTAL_WEIGHT`.

    ``row`` (from 1) and ``column`` (where the weights were read from) place the error.

    >>> check_weight(2, row=1)
    >>> check_weight(-1, row=3, column="w")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: row 3, column 'w': weight -1 is not a finite number >= 0
    """
    if not is_number(weight) or not 0 <= weight < math.inf:  # NaN fails both comparisons
        raise DtreeError(
            f"weight {quote(weight)} is not a finite number >= 0", row=row, column=column
        )
    if weight > MAX_TOTAL_WEIGHT:
        raise DtreeError(
            f"weight {quote(weight)} is above MAX_TOTAL_WEIGHT = 2**128, the most all "
            "weights may add up to; scale the weights down",
            row=row,
            column=column,
        )


def _check_total_weight(weights: Sequence[Weight]) -> None:
    """The weights add up to at most MAX_TOTAL_WEIGHT (each is already at most that)."""
    exact = sum(weights)  # integers and fractions exactly; with floats, the fsum below
    if (math.fsum(map(float, weights)) if isinstance(exact, float) else exact) > MAX_TOTAL_WEIGHT:
        raise DtreeError(
            "the weights add up to more than MAX_TOTAL_WEIGHT = 2**128 (about 3.4e38), beyond "
            "which sums and squares of weights overflow floats; scale the weights down"
        )


def _check_rows(rows: tuple[int, ...], n: int) -> None:
    if not all(type(row) is int for row in rows):
        raise DtreeError(f"row indices must be integers, got {quote(rows)}")
    if rows and (min(rows) < 0 or max(rows) >= n):
        raise DtreeError(f"row indices must lie in 0..{n - 1}")
