"""Data frames in and out: pandas, polars, pyarrow and any frame narwhals reads.

Needs the ``frames`` extra (``pip install 'dtree[frames]'``, which installs
`narwhals <https://narwhals-dev.github.io/narwhals/>`_): one reader for every
library narwhals speaks to, no per-library code here.  A frame that narwhals
does not know but that exports Arrow's C stream (``__arrow_c_stream__``) or
the dataframe interchange protocol (``__dataframe__``) is read through pyarrow.

How a column becomes an attribute
---------------------------------
=======================================  ============================================
The column's type                        The attribute
=======================================  ============================================
integer, float, decimal                  numeric; its values as floats
string, or objects that are strings      nominal, its values in sorted order
                                         (as :func:`dtree.read_csv` orders them)
categorical, enum, Arrow dictionary      nominal, the categories in their order
boolean                                  nominal ``('false', 'true')``, Arrow's text
anything else (dates, durations, lists,  a :class:`DtreeError` naming the column
structs, binary, other objects)          (and the row): convert it first
=======================================  ============================================

A null of any library (None, pandas' NA), and a NaN, is a missing value
(``None``); a column of nothing but nulls whose type says nothing more (polars'
and Arrow's null type) is nominal with no values, as :func:`dtree.read_csv`
reads one (pandas reads such a column of a file as floats: numeric); an
infinity is refused.  A pandas column of objects is read by what it holds:
strings, or booleans.  Column names are
taken as text.  A polars ``Categorical`` declares no order of its own (its
categories come in the order they first appear): its values are sorted, as
strings are, so that permuting the rows changes nothing (declare an order with
an ``Enum``).  A categorical value is the text of its category, so
categories must be strings or numbers.  The target is typed the same way: a
categorical target declares the class order, a numeric one makes a regression
dataset.  Rows are numbered from 1 in errors, as in a CSV file.

So a frame read from a CSV file by pandas, polars or pyarrow and the file read
by :func:`dtree.read_csv` are the same :class:`~dtree.dataset.Dataset` where the
library types each column as dtree does: numbers, text, missing markers read as
nulls.  They part where the library reads more into a field: a boolean loses its
spelling (``TRUE`` is ``'true'`` here), an empty field may stay an empty string,
and a library may read ``0x1F`` as a number or keep `` 1 `` as text.  With
``classes`` declared, a numeric target's labels are their text (``'0'``, ``'1'``),
as :func:`dtree.read_csv` keeps them.

Holds: :func:`from_frame` (also :meth:`Dataset.from_frame`), :func:`columns`
(a frame's columns as attributes and values), :func:`rows` (such columns as
examples), :func:`examples`
(a frame's rows, for a model to predict), :func:`to_frame` (a dataset, or a
:data:`Table`: predictions, a confusion matrix, a table of records, as a
frame of the backend asked for) and :data:`BACKENDS`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, assert_never, cast

import attrs
import narwhals.stable.v2 as nw
from narwhals.dependencies import is_polars_series
from narwhals.exceptions import DuplicateError

from dtree.confusion import ConfusionMatrix
from dtree.dataset import (
    Attribute,
    Dataset,
    Domain,
    Label,
    Nominal,
    Numeric,
    Schema,
    Value,
    Weight,
    check_weight,
    collection,
    infer_domain,
)
from dtree.errors import DtreeError, check_choice, quote
from dtree.load import csv_field

__all__ = [
    "BACKENDS",
    "Backend",
    "Table",
    "columns",
    "examples",
    "from_frame",
    "rows",
    "to_frame",
]

Backend = Literal["pandas", "polars", "pyarrow"]
BACKENDS: tuple[Backend, ...] = ("pandas", "polars", "pyarrow")
"""The libraries :func:`to_frame` builds frames of."""

_BOOLEAN = {False: "false", True: "true"}
"""A boolean's text, as Arrow and polars cast it (pandas and pyarrow read a CSV file's
true/false or True/False as booleans)."""


def _eager(frame: object) -> nw.DataFrame[Any]:
    """``frame`` as a narwhals data frame whose column names are strings, or a clear error
    saying what it is not."""
    data = _native(frame)
    names = _distinct(data.columns)
    if names == data.columns:
        return data
    return data.rename(dict(zip(data.columns, names, strict=True)))


def _distinct(columns: Sequence[object]) -> list[str]:
    """The column names as strings, refused if one is there twice."""
    names = [str(name) for name in columns]
    if len(set(names)) < len(names):
        repeated = next(name for name in names if names.count(name) > 1)
        raise DtreeError(f"duplicate column name {quote(repeated)}")
    return names


def _native(frame: object) -> nw.DataFrame[Any]:
    try:
        return nw.from_native(frame, eager_only=True)
    except TypeError:
        pass
    except DuplicateError:  # pandas allows a name twice, narwhals does not
        _distinct(list(getattr(frame, "columns", ())))
        raise
    if hasattr(frame, "__arrow_c_stream__"):
        return nw.from_arrow(cast(Any, frame), backend="pyarrow")
    if hasattr(frame, "__dataframe__"):
        interchange = importlib.import_module("pyarrow.interchange")
        return nw.from_native(interchange.from_dataframe(frame), eager_only=True)
    if hasattr(frame, "collect"):
        raise DtreeError(
            f"a lazy frame ({type(frame).__name__}) has no rows yet: collect() it first"
        )
    raise DtreeError(
        f"a data frame is needed (pandas, polars, pyarrow or any frame that exports Arrow's"
        f" C stream), not {type(frame).__name__}"
    )


def _categories(series: nw.Series[Any]) -> tuple[str, ...]:
    """A categorical column's values in their declared order; a polars ``Categorical``
    declares none (its categories are those present, in the order they first appear),
    so its values are sorted, as strings are, and permuting rows changes nothing."""
    dtype = series.dtype
    if isinstance(dtype, nw.Enum):
        return tuple(map(_text, dtype.categories))
    values = tuple(_text(value) for value in series.cat.get_categories().to_list())
    return tuple(sorted(values)) if is_polars_series(series.to_native()) else values


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise DtreeError(f"a category must be a string or a number, not {quote(value)}")


def _present(series: nw.Series[Any]) -> list[Any]:
    """The values of a column, ``None`` for a null of any library (pandas' NA, NaT) and for
    a float NaN."""
    nulls = series.is_null().to_list()
    return [
        None if null or (isinstance(v, float) and math.isnan(v)) else v
        for null, v in zip(nulls, series.to_list(), strict=True)
    ]


def _numbers(name: str, values: list[Any]) -> list[Value]:
    numbers: list[Value] = []
    for row, value in enumerate(values, start=1):
        number = None if value is None else float(value)
        if number is not None and not math.isfinite(number):
            raise DtreeError(f"{quote(value)} is not a finite number", row=row, column=name)
        numbers.append(number)
    return numbers


def _column(series: nw.Series[Any]) -> tuple[Domain, list[Value]]:
    """The domain and the values of one column (see the module's table)."""
    name, dtype = str(series.name), series.dtype
    values = _present(series)
    present = [v for v in values if v is not None]
    try:
        if dtype.is_numeric():
            return Numeric(), _numbers(name, values)
        if dtype == nw.Boolean or (
            dtype == nw.Object and present and all(isinstance(v, bool) for v in present)
        ):
            return Nominal(("false", "true")), [None if v is None else _BOOLEAN[v] for v in values]
        if dtype == nw.Categorical or isinstance(dtype, nw.Enum):
            return Nominal(_categories(series)), [None if v is None else _text(v) for v in values]
        if dtype in (nw.String, nw.Object) or not present:  # all null: polars' type Null
            for row, value in enumerate(values, start=1):
                if value is not None and not isinstance(value, str):
                    raise DtreeError(f"{quote(value)} in a column of strings", row=row, column=name)
            return infer_domain(name, values), values
    except DtreeError as error:
        if error.column is not None:
            raise
        raise DtreeError(str(error), column=name) from None
    raise DtreeError(
        f"a column of type {dtype} is neither numeric nor nominal: convert it first"
        " (a number, a string or a category)",
        column=name,
    )


def _weights(series: nw.Series[Any]) -> list[Weight]:
    """A column of row weights: integers stay integers, so that counts stay exact."""
    weights: list[Weight] = []
    for row, value in enumerate(series.to_list(), start=1):
        weight = int(value) if isinstance(value, int) and not isinstance(value, bool) else value
        check_weight(weight, row, series.name)
        weights.append(cast(Weight, weight))
    return weights


def from_frame(
    frame: object,
    *,
    target: str,
    classes: Sequence[Label] | None = None,
    weights: str | None = None,
) -> Dataset:
    """The dataset held by a data frame, predicting column ``target``.

    Each column is typed by its type in the frame (the module's table);
    ``classes`` declares the class order of a nominal target (else a
    categorical target's categories, else the sorted labels); ``weights``
    names a column of row weights, which is then no attribute.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({
    ...     "Outlook": pd.Categorical(["Sunny", "Rain", None], ["Sunny", "Overcast", "Rain"]),
    ...     "Humidity": [85, 70.5, float("nan")],
    ...     "Play": ["No", "Yes", "Yes"]})
    >>> data = from_frame(frame, target="Play")
    >>> data.schema.attributes[0].domain, data.column("Humidity"), data.schema.classes
    (Nominal(values=('Sunny', 'Overcast', 'Rain')), (85.0, 70.5, None), ('No', 'Yes'))
    >>> from_frame(frame.assign(Day=pd.to_datetime(["2026-11-26"] * 3)), target="Play")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: column 'Day': a column of type Datetime(time_unit='us', \
time_zone=None) is neither numeric nor nominal: convert it first (a number, a string or a \
category)
    """
    data = _eager(frame)
    names = data.columns
    known = ", ".join(quote(name) for name in names)
    if target not in names:
        raise DtreeError(f"unknown target {quote(target)}; the columns are {known}")
    if weights is not None and weights not in names:
        raise DtreeError(f"unknown weights column {quote(weights)}; the columns are {known}")
    if weights == target:
        raise DtreeError("the target cannot be the weights too", column=weights)
    if len(data) == 0:
        raise DtreeError("the dataset has no rows")
    typed = {name: _column(data.get_column(name)) for name in names if name != weights}
    attributes = tuple(Attribute(name, typed[name][0]) for name in typed if name != target)
    schema = Schema(attributes, Attribute(target, _target_domain(target, typed[target], classes)))
    labels = typed[target][1]
    if classes is not None and isinstance(typed[target][0], Numeric):
        # a label is the number's text, as a CSV file spells it and read_csv keeps it
        labels = [None if v is None else csv_field(float(v)) for v in labels]
    for row, label in enumerate(labels, start=1):
        if label is None:
            raise DtreeError("the target value is missing", row=row, column=target)
    return Dataset(
        schema,
        tuple(typed[attribute.name][1] for attribute in attributes),
        cast(list[Label | float], labels),
        (1,) * len(data) if weights is None else _weights(data.get_column(weights)),
    )


def _target_domain(
    name: str, column: tuple[Domain, list[Value]], classes: Sequence[Label] | None
) -> Domain:
    if classes is None:
        return column[0]
    del name
    return Nominal(collection(classes, "classes"))


def columns(frame: object) -> tuple[tuple[Attribute, list[Value]], ...]:
    """Each column of a frame as an attribute and its values, typed as :func:`from_frame`
    types them.

    >>> import pyarrow as pa
    >>> columns(pa.table({"Wind": ["Weak", None], "Humidity": [70, 90]}))[0]
    (Attribute(name='Wind', domain=Nominal(values=('Weak',))), ['Weak', None])
    """
    data = _eager(frame)
    typed = (_column(data.get_column(name)) for name in data.columns)
    return tuple(
        (Attribute(str(name), domain), values)
        for name, (domain, values) in zip(data.columns, typed, strict=True)
    )


def examples(frame: object) -> tuple[dict[str, Value], ...]:
    """A frame's rows as examples for a model to predict, each column typed as
    :func:`from_frame` types it (numbers as floats, categories as text, nulls and NaN as
    ``None``).

    >>> import polars as pl
    >>> examples(pl.DataFrame({"Wind": ["Weak", None], "Humidity": [70, 90]}))
    ({'Wind': 'Weak', 'Humidity': 70.0}, {'Wind': None, 'Humidity': 90.0})
    """
    return rows(columns(frame))


def rows(typed: Sequence[tuple[Attribute, Sequence[Value]]]) -> tuple[dict[str, Value], ...]:
    """Columns given as (attribute, values) pairs, such as :func:`columns` gives, as
    examples: one mapping from attribute name to value per row.

    >>> from dtree.dataset import Numeric
    >>> rows([(Attribute("x", Numeric()), [1.0, None])])
    ({'x': 1.0}, {'x': None})
    """
    names = [attribute.name for attribute, _ in typed]
    values = zip(*(column for _, column in typed), strict=True)
    return tuple(dict(zip(names, row, strict=True)) for row in values)


def _frame_columns(data: Dataset, weights: str) -> Iterator[tuple[str, list[Any], nw.dtypes.DType]]:
    """A dataset's columns, each with its name and its narwhals type."""
    named = [*data.schema.attributes, data.schema.target]
    for attribute, column in zip(named, (*data.columns, data.target), strict=True):
        values = [column[row] for row in data.rows]
        match attribute.domain:
            case Nominal(categories):
                yield attribute.name, values, nw.Enum(categories)
            case Numeric():
                yield attribute.name, values, nw.Float64()
            case _:
                assert_never(attribute.domain)
    if any(data.weights[row] != 1 for row in data.rows):
        if weights in (attribute.name for attribute in named):
            raise DtreeError(f"the weights column {quote(weights)} is also a column of the data")
        shares = [data.weights[row] for row in data.rows]
        kind = nw.Int64() if all(isinstance(w, int) for w in shares) else nw.Float64()
        yield weights, [w if isinstance(w, int) else float(w) for w in shares], kind


Table = Dataset | ConfusionMatrix | Mapping[str, Iterable[object]] | Sequence[object]
"""What :func:`to_frame` takes: a dataset, a confusion matrix, named columns, or records
(attrs instances, such as the rows of :attr:`dtree.selection.Selection.table`)."""


def _cell(value: object, column: str) -> object:
    """A value as a frame holds it: an exact fraction as the nearest float, a NumPy number
    as the Python number it holds; a tree, statistics or any other dtree value refused."""
    if isinstance(value, Fraction):
        return float(value)
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        return value.item()
    if attrs.has(type(value)):
        raise DtreeError(
            f"{type(value).__name__} values have no place in a frame: give numbers or text",
            column=column,
        )
    return value


def _named(table: Table) -> dict[str, list[object]]:
    """The columns of a table that is not a dataset, by name."""
    if isinstance(table, ConfusionMatrix):
        by_class = {
            f"predicted {c}": [row[k] for row in table.counts] for k, c in enumerate(table.classes)
        }
        named: Mapping[str, Iterable[object]] = {"actual": table.classes, **by_class}
    elif isinstance(table, Mapping):
        named = table
    else:
        records = collection(cast(Sequence[object], table), "records")
        kinds = {type(record) for record in records}
        if len(kinds) > 1 or not all(attrs.has(kind) for kind in kinds):
            raise DtreeError(
                "records are attrs instances of one class, such as a Selection's table rows"
            )
        fields = (
            [field.name for field in attrs.fields(cast(Any, type(records[0])))] if records else []
        )
        named = {name: [getattr(record, name) for record in records] for name in fields}
    return {name: [_cell(v, name) for v in values] for name, values in named.items()}


def to_frame(
    data: Table,
    *,
    backend: Backend = "pandas",
    weights: str = "weight",
) -> Any:
    """A dataset, or a table (predictions, a confusion matrix, a table of records), as a
    native frame of ``backend``.

    A dataset gives its attributes, then its target, then (unless every weight
    is 1) a column ``weights``; a nominal column is an enum of its declared
    values in their order, except in pyarrow, which narwhals cannot give one
    (strings there, so a pyarrow frame read back has its values sorted).
    :func:`from_frame` with the same ``target`` and ``weights`` reads a pandas
    or polars frame back as the same rows and schema.

    Named columns are given as they are (numbers, text, ``None``); a confusion
    matrix as a column ``actual`` and a column ``predicted <class>`` per class;
    records (attrs instances of one class) as a column per field.  An exact
    fraction becomes the nearest float: a frame has no rationals.

    >>> from dtree.datasets import load
    >>> golf = load("golf")
    >>> frame = to_frame(golf.subset([0, 1]), backend="polars")
    >>> frame.columns, frame["outlook"].dtype
    (['outlook', 'temperature', 'humidity', 'windy', 'class'], Enum(categories=['overcast', \
'rain', 'sunny']))
    >>> from_frame(to_frame(golf), target="class") == golf
    True
    >>> from dtree.evaluate import confusion_matrix
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> print(to_frame(confusion_matrix(id3(tennis, max_depth=1), tennis)))
      actual  predicted No  predicted Yes
    0     No             3              2
    1    Yes             2              7
    """
    check_choice("backend", backend, BACKENDS)
    if isinstance(data, Dataset):
        columns = list(_frame_columns(data, weights))
        schema = {
            name: nw.String() if backend == "pyarrow" and isinstance(kind, nw.Enum) else kind
            for name, _, kind in columns
        }
        named = {name: values for name, values, _ in columns}
        return nw.from_dict(named, schema=schema, backend=backend).to_native()
    return nw.from_dict(_named(data), backend=backend).to_native()
