"""Reading datasets from CSV files (ARFF files: :mod:`dtree.arff`, which reads numbers,
weights and the bytes of a file with the helpers here).

Holds
-----
:func:`read_csv`
    A UTF-8 CSV file with a header row, as a :class:`~dtree.dataset.Dataset`.
:func:`read_examples`
    The same kind of file without a target: its rows as examples for a
    model to predict, each column typed as the model reads it.
:func:`read_text`
    The text of any file (a model file too), with the same errors.

How a file becomes a dataset
----------------------------
1. The bytes are decoded as UTF-8 (a leading byte-order mark is dropped)
   and split into records by the stdlib ``csv`` module, strictly, so that
   malformed quoting (an unclosed quote, text after a closing quote) is an
   error rather than a guess.
2. Every field is stripped of surrounding whitespace; completely blank
   lines are skipped.  The first record is the header; the data rows are
   numbered from 1 (the header is not a row), and every error names the
   file and, where there is one, the row and the column.
3. A field equal to a missing marker (``?`` or empty by default) is ``None``.
4. Each column is typed: numeric when every present value is a decimal
   literal (see :func:`decimal`), nominal otherwise, unless ``numeric=`` or
   ``nominal=`` says so.  NaN and infinity are refused.
5. :meth:`Dataset.from_columns` infers the domains from the typed values
   (nominal values and classes in sorted order unless ``classes=`` declares
   the order), so a file and the same columns given in code make the same
   dataset.
"""

from __future__ import annotations

import codecs
import csv
import io
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Literal, cast

from dtree.arithmetic import Number
from dtree.dataset import Dataset, Value, Weight, check_weight, collection
from dtree.errors import DtreeError, at_file, quote

__all__ = [
    "INTEGER",
    "csv_field",
    "csv_text",
    "decimal",
    "integer",
    "read_csv",
    "read_examples",
    "read_text",
]

Kind = Literal["numeric", "nominal", "inferred"]
"""How a column is typed: forced numeric, forced nominal, or inferred."""

# Python's float() also takes '1_000', ' 1 ', 'nan', 'inf' and non-ASCII
# digits; a data file should only have to mean what it plainly says.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
INTEGER = re.compile(r"[+-]?[0-9]+")
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)


def read_csv(
    path: str | os.PathLike[str],
    *,
    target: str,
    classes: Sequence[str] | None = None,
    numeric: Iterable[str] = (),
    nominal: Iterable[str] = (),
    missing: Iterable[str] = ("?", ""),
    weights: str | None = None,
) -> Dataset:
    """The dataset held by the CSV file at ``path``, predicting column ``target``.

    - Columns whose present values are all decimal numbers are numeric
      (their values become floats); the others are nominal (strings).
      ``numeric=`` and ``nominal=`` force the kind of the named columns,
      e.g. ``nominal=["Z1"]`` for a column of 0/1 codes.
    - ``classes`` declares the class order of a nominal target (every label
      must be one of them); without it the target is typed like any other
      column: a nominal target has its classes in sorted order, a numeric
      target makes a regression dataset.
    - A field equal to one of ``missing`` is a missing value, ``None``;
      the target may not have missing values.
    - ``classes``, ``numeric``, ``nominal`` and ``missing`` are collections
      (``missing=["NA"]``): a bare string is refused, not read as its
      characters.
    - ``weights`` names a column of row weights, which is then no
      attribute: each field a number >= 0 (an integer stays an ``int``,
      so counts stay exact), none missing.  A row of weight k acts as k
      copies of it.
    - Rows are numbered from 1, the first data row after the header;
      blank lines are skipped and not counted.

    Every problem is a :class:`DtreeError` naming the file (and the row and
    column where there is one).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "wind.csv")
    ...     _ = path.write_text("Wind, Humidity, Play\\nWeak, 70, Yes\\nStrong, ?, No\\n")
    ...     data = read_csv(path, target="Play")
    >>> data.schema.classes, data.column("Wind"), data.column("Humidity")
    (('No', 'Yes'), ('Weak', 'Strong'), (70.0, None))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "days.csv")
    ...     _ = path.write_text("Wind,Play,Days\\nWeak,Yes,3\\nStrong,No,0.5\\n")
    ...     data = read_csv(path, target="Play", weights="Days")
    >>> data.schema.names, data.weights
    (('Wind',), (3, 0.5))
    >>> read_csv(Path(folder, "wind.csv"), target="Play")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: .../wind.csv: no such file
    """
    classes = None if classes is None else collection(classes, "classes")
    numeric, nominal = collection(numeric, "numeric"), collection(nominal, "nominal")
    markers = frozenset(collection(missing, "missing"))
    file = os.fspath(path)
    header, rows = _table(_records(_text(file), file), file)
    if weights is not None:
        _check_weights_column(header, weights, target, file)
    kinds = _kinds(
        header, target=target, classes=classes, numeric=numeric, nominal=nominal, file=file
    )
    fields = {
        name: [None if row[j] in markers else row[j] for row in rows]
        for j, name in enumerate(header)
    }
    columns = {
        name: _typed_column(name, values, kinds[name], file)
        for name, values in fields.items()
        if name != weights
    }
    shares = None if weights is None else _weight_column(weights, fields[weights], file)
    return _dataset(columns, target=target, classes=classes, weights=shares, file=file)


def read_examples(
    path: str | os.PathLike[str],
    *,
    numeric: Iterable[str] = (),
    nominal: Iterable[str] = (),
    missing: Iterable[str] = ("?", ""),
) -> tuple[dict[str, Value], ...]:
    """The rows of the CSV file at ``path`` as examples, for a model to predict.

    There is no target: a column of the file that the model does not read
    (the target among them) is carried along and never looked at.

    - Every column named in ``numeric`` or ``nominal`` must be in the file.
      The ``numeric`` ones are read as numbers (NaN and infinity refused);
      every other column is kept as strings.  Nothing is inferred: a
      model says which attributes it compares as numbers, and a nominal
      value such as ``1`` stays the string ``'1'`` it was trained on.
    - Missing markers, blank lines, row numbers and errors are as in
      :func:`read_csv`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "days.csv")
    ...     _ = path.write_text("Wind,Humidity,Day\\nWeak,70,1\\nStrong,?,2\\n")
    ...     examples = read_examples(path, numeric=["Humidity"], nominal=["Wind"])
    >>> examples[0], examples[1]["Humidity"]
    ({'Wind': 'Weak', 'Humidity': 70.0, 'Day': '1'}, None)
    """
    forced_numeric, forced_nominal = (
        set(collection(numeric, "numeric")),
        set(collection(nominal, "nominal")),
    )
    markers = frozenset(collection(missing, "missing"))
    file = os.fspath(path)
    header, rows = _table(_records(_text(file), file), file)
    absent = sorted((forced_numeric | forced_nominal) - set(header))
    if absent:
        known = ", ".join(quote(name) for name in header)
        raise DtreeError(
            f"the column {quote(absent[0])} is needed but absent; the columns are {known}",
            file=file,
        )
    both = sorted(forced_numeric & forced_nominal)
    if both:
        raise DtreeError("read both as numbers and as nominal values", file=file, column=both[0])
    columns = [
        _typed_column(
            name,
            [None if row[j] in markers else row[j] for row in rows],
            "numeric" if name in forced_numeric else "nominal",
            file,
        )
        for j, name in enumerate(header)
    ]
    return tuple(dict(zip(header, values, strict=True)) for values in zip(*columns, strict=True))


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path``, decoded as UTF-8 without a byte-order mark.

    A missing file, a directory or bytes that are not UTF-8 are each a
    :class:`DtreeError` naming the file.

    >>> read_text("no/such/model.json")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: no/such/model.json: no such file
    """
    return _text(os.fspath(path))


# -- from bytes to records ------------------------------------------------------


def _text(file: str) -> str:
    """The text of ``file``, decoded as UTF-8 without its byte-order mark."""
    try:
        data = Path(file).read_bytes()
    except FileNotFoundError as error:
        raise DtreeError("no such file", file=file) from error
    except IsADirectoryError as error:
        raise DtreeError("a directory, not a file", file=file) from error
    except OSError as error:
        raise DtreeError(f"cannot read the file: {error.strerror or error}", file=file) from error
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise DtreeError(
            f"not UTF-8 text: byte {data[error.start]:#04x} on line {line} cannot be decoded",
            file=file,
        ) from error


def _records(text: str, file: str) -> list[list[str]]:
    """The non-blank records of CSV ``text``, each field stripped.

    >>> _records('a, b \\n\\n "x, y", z\\n', "t.csv")
    [['a', 'b'], ['x, y', 'z']]
    >>> _records('a\\n"x\\n', "t.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 1: malformed CSV on line 2: unexpected end of data
    """
    # Strict, so that malformed quoting cannot silently swallow rows; skipping
    # initial spaces lets a quoted field follow ', ' as people write it.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True, skipinitialspace=True)
    records: list[list[str]] = []
    try:
        for fields in reader:
            stripped = [field.strip() for field in fields]
            if any(stripped) or len(stripped) > 1:
                records.append(stripped)
    except csv.Error as error:
        # The record being read is data row len(records) once the header is in.
        raise DtreeError(
            f"malformed CSV on line {reader.line_num}: {error}",
            file=file,
            row=len(records) or None,
        ) from error
    return records


def _table(records: list[list[str]], file: str) -> tuple[list[str], list[list[str]]]:
    """The header and the data rows of ``records``, checked to be a table.

    >>> _table([["a", "b"], ["1", "2"], ["3"]], "t.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 2: 1 field, expected 2 (one per header column)
    """
    if not records:
        raise DtreeError("the file is empty: expected a header row and data rows", file=file)
    header, *rows = records
    _check_header(header, file)
    if not rows:
        raise DtreeError("the file has a header but no data rows", file=file)
    for row, fields in enumerate(rows, start=1):
        if len(fields) != len(header):
            raise DtreeError(
                f"{_plural(len(fields), 'field')}, expected {len(header)} (one per header column)",
                file=file,
                row=row,
            )
    return header, rows


def _check_header(header: list[str], file: str) -> None:
    for position, name in enumerate(header, start=1):
        if not name:
            raise DtreeError(f"header column {position} has an empty name", file=file)
    seen: set[str] = set()
    for name in header:
        if name in seen:
            raise DtreeError("duplicate column name", file=file, column=name)
        seen.add(name)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# -- from strings to typed columns ----------------------------------------------


def _kinds(
    header: Sequence[str],
    *,
    target: str,
    classes: Sequence[str] | None,
    numeric: Iterable[str],
    nominal: Iterable[str],
    file: str,
) -> dict[str, Kind]:
    """How each column of ``header`` is typed, after checking every name given.

    Declared classes make the target nominal: its labels stay the strings
    of the file (so 0/1 classes are the strings '0' and '1').

    >>> _kinds(["x", "y"], target="y", classes=["b", "a"], numeric=["x"], nominal=[], file="t.csv")
    {'x': 'numeric', 'y': 'nominal'}
    """
    forced_numeric, forced_nominal = set(numeric), set(nominal)
    known = ", ".join(quote(name) for name in header)
    if target not in header:
        raise DtreeError(f"unknown target {quote(target)}; the columns are {known}", file=file)
    for option, names in (("numeric", forced_numeric), ("nominal", forced_nominal)):
        unknown = sorted(names - set(header))
        if unknown:
            raise DtreeError(
                f"{option}= names an unknown column {quote(unknown[0])}; the columns are {known}",
                file=file,
            )
    both = sorted(forced_numeric & forced_nominal)
    if both:
        raise DtreeError("numeric= and nominal= both name this column", file=file, column=both[0])
    if classes is not None:
        if target in forced_numeric:
            raise DtreeError(
                "declared classes make the target nominal, but numeric= forces it numeric",
                file=file,
                column=target,
            )
        forced_nominal.add(target)
    kinds: dict[str, Kind] = dict.fromkeys(header, "inferred")
    kinds.update(dict.fromkeys(forced_numeric, "numeric"))
    kinds.update(dict.fromkeys(forced_nominal, "nominal"))
    return kinds


def decimal(text: str) -> float | None:
    """The number a field spells, or ``None`` if it spells none.

    Decimal literals only: an optional sign, digits with an optional
    fraction, an optional exponent.  NaN and infinity (and literals too
    large for a float) come back non-finite so that the caller can refuse
    them by name instead of reading them as strings.

    >>> [decimal(text) for text in ["75", "-1.5e3", ".5", "1_000", "0x1F", "Hot"]]
    [75.0, -1500.0, 0.5, None, None, None]
    >>> [decimal(text) for text in ["nan", "-Infinity", "1e999"]]
    [nan, -inf, inf]
    """
    if _DECIMAL.fullmatch(text) or _NON_FINITE.fullmatch(text):
        return float(text)
    return None


def _typed_column(name: str, fields: Sequence[str | None], kind: Kind, file: str) -> list[Value]:
    """The values of a column: floats if it is numeric, the strings if not.

    An inferred column is numeric when every present field spells a number;
    in a numeric column, a NaN or an infinity is an error.

    >>> _typed_column("t", ["75", None, "80"], "inferred", "t.csv")
    [75.0, None, 80.0]
    >>> _typed_column("t", ["75", "hot"], "inferred", "t.csv")
    ['75', 'hot']
    >>> _typed_column("t", ["75", "NaN"], "inferred", "t.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 2, column 't': 'NaN' is not a finite number ...
    """
    if kind == "nominal":
        return list(fields)
    numbers = [None if field is None else decimal(field) for field in fields]
    spells_numbers = all(
        number is not None
        for field, number in zip(fields, numbers, strict=True)
        if field is not None
    )
    if kind == "inferred" and not spells_numbers:
        return list(fields)
    for row, (field, number) in enumerate(zip(fields, numbers, strict=True), start=1):
        if field is None:
            continue
        if number is None:
            raise DtreeError(f"{quote(field)} is not a number", file=file, row=row, column=name)
        if not math.isfinite(number):
            raise DtreeError(
                f"{quote(field)} is not a finite number (NaN and infinity are not allowed)",
                file=file,
                row=row,
                column=name,
            )
    return list(numbers)


def _check_weights_column(header: Sequence[str], weights: str, target: str, file: str) -> None:
    if weights not in header:
        known = ", ".join(quote(name) for name in header)
        raise DtreeError(
            f"unknown weights column {quote(weights)}; the columns are {known}", file=file
        )
    if weights == target:
        raise DtreeError("the target cannot be the weights too", file=file, column=weights)


def integer(field: str) -> int:
    """The integer a field of digits spells, however many leading zeros it has (Python's
    ``int`` refuses a text of over 4,300 digits; a finite value has at most 309).

    >>> integer("-" + "0" * 5000 + "12")
    -12
    """
    digits = field.lstrip("+-").lstrip("0") or "0"
    return -int(digits) if field.startswith("-") else int(digits)


def _weight_column(name: str, fields: Sequence[str | None], file: str) -> list[Weight]:
    """The weights a column spells: integers as ints, other decimals as floats.

    >>> _weight_column("w", ["2", "0.5", "1e1"], "t.csv")
    [2, 0.5, 10.0]
    >>> _weight_column("w", ["1", None], "t.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 2, column 'w': weight None is not a finite number >= 0
    """
    numbers = _typed_column(name, fields, "numeric", file)
    weights: list[Weight] = []
    for row, (field, number) in enumerate(zip(fields, numbers, strict=True), start=1):
        weight = integer(field) if field is not None and INTEGER.fullmatch(field) else number
        try:
            check_weight(weight, row, name)
        except DtreeError as error:
            raise at_file(error, file) from error
        weights.append(cast(Weight, weight))
    return weights


def _dataset(
    columns: Mapping[str, Sequence[Value]],
    *,
    target: str,
    classes: Sequence[str] | None,
    weights: Sequence[Weight] | None = None,
    file: str,
) -> Dataset:
    """The dataset of typed ``columns``; its errors are placed in ``file``."""
    try:
        return Dataset.from_columns(columns, target=target, classes=classes, weights=weights)
    except DtreeError as error:
        raise at_file(error, file) from error


def csv_field(value: Value | Number) -> str:
    """A value as a CSV field that :func:`read_csv` reads back: ``?`` for missing, a number
    as its shortest exact form.

    >>> [csv_field(v) for v in (None, 1.0, 0.5, 1e300, "Yes")]
    ['?', '1', '0.5', '1e+300', 'Yes']
    """
    if value is None:
        return "?"
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def csv_text(data: Dataset, *, weights: str = "weight") -> str:
    """The dataset's rows as CSV: the attributes, then the target, then (unless every weight
    is 1) a column ``weights`` of row weights; ``?`` for a missing value.

    :func:`read_csv` with the same ``target``, ``classes`` and ``weights`` reads it back as
    the same rows (a nominal value no row holds is not written, so the domain read back
    lacks it).

    >>> from dtree.datasets import load
    >>> print(csv_text(load("golf").subset([0, 1])), end="")
    outlook,temperature,humidity,windy,class
    sunny,75,70,true,Play
    sunny,80,90,true,Don't Play
    """
    names = [*data.schema.names, data.schema.target.name]
    weighted = any(data.weights[row] != 1 for row in data.rows)
    if weighted and weights in names:
        raise DtreeError(f"the weights column {quote(weights)} is also a column of the data")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*names, weights] if weighted else names)
    for row in data.rows:
        fields = [csv_field(column[row]) for column in data.columns]
        fields.append(csv_field(data.target[row]))
        if weighted:
            fields.append(csv_field(data.weights[row]))
        writer.writerow(fields)
    return out.getvalue()
