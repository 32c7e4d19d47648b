"""Reading datasets from CSV files (ARFF files: :mod:`dtree.arff`, which reads numbers and
weights with the helpers here).

Holds
-----
:func:`read_csv`
    A UTF-8 CSV file with a header row, as a :class:`~dtree.dataset.Dataset`.
:func:`read_examples`
    The same kind of file without a target: its rows as examples for a
    model to predict, each column typed as the model reads it.
:func:`decimal`, :func:`integer`, :data:`INTEGER`
    What a field spells: a number, an integer weight.
:func:`csv_field`, :func:`csv_text`
    Values and datasets written as CSV that :func:`read_csv` reads back.

The file, its lines and its CSV records are read, within bounds, by
:mod:`dtree.reading` (steps 1 and 2 below); here the records become typed
columns and a dataset.

How a file becomes a dataset
----------------------------
1. Only a file that ends is read: a regular file, or a named pipe (a FIFO:
   standard input piped in, ``/dev/stdin``, or a shell's ``<(command)``),
   which is read as a stream.  A directory, a device (``/dev/zero``, a
   terminal) or a socket is refused by name before a byte is read.
2. The bytes are decoded as UTF-8 a chunk at a time (a leading byte-order
   mark is dropped), cut into lines (``\\n``, ``\\r\\n`` or ``\\r``), and each
   line is handed to the stdlib ``csv`` module, strictly, so that malformed
   quoting (an unclosed quote, text after a closing quote) is an error rather
   than a guess.  A line may be at most :data:`~dtree.reading.LINE_LIMIT`
   characters long, a field at most ``csv.field_size_limit()`` (131,072 characters unless a
   program raises it), and a NUL byte is refused: a CSV file holds text, and
   ``/dev/zero`` piped in is one endless line of NUL bytes.
3. Every field is stripped of surrounding whitespace; completely blank
   lines are skipped.  The first record is the header; the data rows are
   numbered from 1 (the header is not a row), and every error names the
   file and, where there is one, the row and the column.
4. A field equal to a missing marker (``?`` or empty by default) is ``None``.
5. Each column is typed as its rows arrive: numeric when every present value
   is a decimal literal (see :func:`decimal`), nominal otherwise, unless
   ``numeric=`` or ``nominal=`` says so.  NaN and infinity are refused.  A
   column read as nominal although most of its present fields spell numbers
   (more than half of them) is read as nominal still, with a
   :class:`~dtree.errors.DtreeWarning` naming the first field that spells no
   number: it is most likely a typo, and ``numeric=`` or ``nominal=`` says
   which reading is meant.
6. :meth:`Dataset.from_columns` infers the domains from the typed values
   (nominal values and classes in sorted order unless ``classes=`` declares
   the order), so a file and the same columns given in code make the same
   dataset.

Reading is one pass over the file, and what it keeps is the columns, never
the file's text or its rows: each distinct nominal value is one string
shared by every row that holds it, and a numeric column keeps its floats
(and, until the file ends, the digits of its fields packed in a few long
strings, in case a later field turns the column nominal and its values must
be the strings the file spells).  The structure of the file (its quoting,
each row's number of fields) is checked as the rows arrive; the fields are
checked once the file is read, column by column, so that errors come in the
order they always have.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Literal, cast

from dtree.arithmetic import Number
from dtree.dataset import Dataset, Value, Weight, check_weight, collection
from dtree.errors import DtreeError, DtreeWarning, at_file, quote, warn
from dtree.progress import Report
from dtree.reading import csv_batches, data_file, reading_meter, text_lines

__all__ = [
    "INTEGER",
    "MissingTarget",
    "csv_field",
    "csv_text",
    "decimal",
    "integer",
    "read_csv",
    "read_examples",
    "without_missing_target",
]

Kind = Literal["numeric", "nominal", "inferred"]
"""How a column is typed: forced numeric, forced nominal, or inferred."""

# Python's float() also takes '1_000', ' 1 ', 'nan', 'inf' and non-ASCII
# digits; a data file should only have to mean what it plainly says.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
INTEGER = re.compile(r"[+-]?[0-9]+")
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)
_NUMBER = re.compile(f"(?:{_DECIMAL.pattern})|(?:{_NON_FINITE.pattern})", re.IGNORECASE)
"""What :func:`decimal` reads as a number: a decimal literal, or a spelling of NaN or infinity."""

_SHARED = 2**16
"""The most spellings of numbers a column keeps, each with its float, to share one float
among the rows that spell it alike."""


def read_csv(
    path: str | os.PathLike[str],
    *,
    target: str,
    classes: Sequence[str] | None = None,
    numeric: Iterable[str] = (),
    nominal: Iterable[str] = (),
    missing: Iterable[str] = ("?", ""),
    weights: str | None = None,
    progress: Report | None = None,
    missing_target: MissingTarget = "refuse",
) -> Dataset:
    """The dataset held by the CSV file at ``path``, predicting column ``target``.

    - Columns whose present values are all decimal numbers are numeric
      (their values become floats); the others are nominal (strings).
      ``numeric=`` and ``nominal=`` force the kind of the named columns,
      e.g. ``nominal=["Z1"]`` for a column of 0/1 codes.
    - A column read as nominal although more than half of its present
      fields spell numbers issues a :class:`~dtree.errors.DtreeWarning`
      naming the first field that spells none (a typo, most likely):
      ``numeric=`` reads the column as numbers (that field is then an
      error), ``nominal=`` as nominal without the warning.
    - ``classes`` declares the class order of a nominal target (every label
      must be one of them); without it the target is typed like any other
      column: a nominal target has its classes in sorted order, a numeric
      target makes a regression dataset.
    - A field equal to one of ``missing`` is a missing value, ``None``;
      the target may not have missing values, unless ``missing_target="drop"``
      leaves those rows out, as rpart and J48 do, with a
      :class:`~dtree.errors.DtreeWarning` that names them (:func:`without_missing_target`).
    - ``classes``, ``numeric``, ``nominal`` and ``missing`` are collections
      (``missing=["NA"]``): a bare string is refused, not read as its
      characters.
    - ``weights`` names a column of row weights, which is then no
      attribute: each field a number >= 0 (an integer stays an ``int``,
      so counts stay exact), none missing.  A row of weight k acts as k
      copies of it.
    - Rows are numbered from 1, the first data row after the header;
      blank lines are skipped and not counted.
    - ``progress`` is told of the reading
      (:func:`~dtree.reading.reading_meter`): the bytes read of the file's
      size, or the rows read from a pipe.

    Every problem is a :class:`DtreeError` naming the file (and the row and
    column where there is one); the file must be one that ends, and its
    lines at most :data:`~dtree.reading.LINE_LIMIT` characters long (see
    the module's docstring).

    >>> import tempfile
    >>> from pathlib import Path
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
    >>> read_csv("/dev/zero", target="y")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: /dev/zero: a character device, not a file (a device such as \
/dev/zero or a terminal may never end): give a regular file, or pipe the data in
    """
    classes = None if classes is None else collection(classes, "classes")
    numeric, nominal = collection(numeric, "numeric"), collection(nominal, "nominal")
    markers = frozenset(collection(missing, "missing"))
    file = os.fspath(path)
    with data_file(file) as (stream, size):
        batches = csv_batches(text_lines(stream, file, refuse_nul=True), file)
        header = _header(batches, file)
        if weights is not None:
            _check_weights_column(header, weights, target, file)
        kinds = _kinds(
            header, target=target, classes=classes, numeric=numeric, nominal=nominal, file=file
        )
        columns = {
            name: _Numbers(markers, exact=True) if name == weights else _column(kind, markers)
            for name, kind in kinds.items()
        }
        advance = reading_meter(progress, file, size, stream.tell)
        rows = _read_rows(batches, list(columns.values()), file, advance)
    surprises: list[DtreeWarning] = []
    typed: Mapping[str, Sequence[Value]] = {
        name: _typed(name, column, file, surprises)
        for name, column in columns.items()
        if name != weights
    }
    shares = None if weights is None else _weight_column(weights, columns[weights], file)
    if missing_target == "drop":
        typed, shares = without_missing_target(typed, target, shares, file)
    data = _dataset(typed, target=target, classes=classes, weights=shares, file=file)
    for surprise in surprises:
        warn(surprise)
    advance(rows, True)
    return data


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
    - Missing markers, blank lines, row numbers, limits and errors are as
      in :func:`read_csv`.

    >>> import tempfile
    >>> from pathlib import Path
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
    with data_file(file) as (stream, size):
        batches = csv_batches(text_lines(stream, file, refuse_nul=True), file)
        header = _header(batches, file)
        absent = sorted((forced_numeric | forced_nominal) - set(header))
        if absent:
            known = ", ".join(quote(name) for name in header)
            raise DtreeError(
                f"the column {quote(absent[0])} is needed but absent; the columns are {known}",
                file=file,
            )
        both = sorted(forced_numeric & forced_nominal)
        if both:
            raise DtreeError(
                "read both as numbers and as nominal values", file=file, column=both[0]
            )
        columns = [
            _column("numeric" if name in forced_numeric else "nominal", markers) for name in header
        ]
        _read_rows(batches, columns, file, reading_meter(None, file, size, stream.tell))
    values = [_typed(name, column, file, []) for name, column in zip(header, columns, strict=True)]
    return tuple(dict(zip(header, row, strict=True)) for row in zip(*values, strict=True))


def _header(batches: Iterator[list[list[str]]], file: str) -> list[str]:
    """The first record, the header: its names stripped, none empty, no two alike.

    >>> _header(iter([[["a", " a "]]]), "t.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, column 'a': duplicate column name
    """
    first = next(batches, None)
    if first is None:
        raise DtreeError("the file is empty: expected a header row and data rows", file=file)
    header = [field.strip() for field in first[0]]
    for position, name in enumerate(header, start=1):
        if not name:
            raise DtreeError(f"header column {position} has an empty name", file=file)
    seen: set[str] = set()
    for name in header:
        if name in seen:
            raise DtreeError("duplicate column name", file=file, column=name)
        seen.add(name)
    return header


def _read_rows(
    batches: Iterator[list[list[str]]],
    columns: Sequence[_Column],
    file: str,
    advance: Callable[[int, bool], None],
) -> int:
    """Read the data rows of ``batches`` into ``columns``, one per header column, a batch
    at a time, each field stripped; the number of rows.

    >>> column = _Strings(frozenset("?"))
    >>> _read_rows(iter([[[" a ", "1"], ["b"]]]), [column, column], "t.csv", lambda *_: None)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 2: 1 field, expected 2 (one per header column)
    """
    width = len(columns)
    rows = 0
    for batch in batches:
        if min(map(len, batch)) != width or max(map(len, batch)) != width:
            at, fields = next((i, f) for i, f in enumerate(batch, 1) if len(f) != width)
            raise DtreeError(
                f"{_plural(len(fields), 'field')}, expected {width} (one per header column)",
                file=file,
                row=rows + at,
            )
        for column, texts in zip(columns, zip(*batch, strict=True), strict=True):
            column.extend(list(map(str.strip, texts)), rows + 1)
        rows += len(batch)
        advance(rows, False)
        del batch  # before the next is read: two batches at once fit the CPU's caches worse
    if not rows:
        raise DtreeError("the file has a header but no data rows", file=file)
    return rows


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# -- from fields to typed columns -----------------------------------------------------------


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
    if _NUMBER.fullmatch(text):
        return float(text)
    return None


def _spelled(
    texts: Sequence[str], markers: frozenset[str], shared: dict[str, float | None]
) -> list[float | None] | int:
    """The numbers ``texts`` spell (None for a missing marker) or, if one spells none, its
    position.

    ``shared`` holds the number of each spelling read so far (and None for each marker), up
    to :data:`_SHARED` spellings: the rows of a column that spell a number alike hold one
    float, as the rows of a nominal column that hold a value alike hold one string.

    >>> shared = dict.fromkeys("?")
    >>> _spelled(["1", "?", "2.5"], frozenset("?"), shared), shared
    ([1.0, None, 2.5], {'?': None, '1': 1.0, '2.5': 2.5})
    >>> _spelled(["1", "?", "hot"], frozenset("?"), shared)
    2
    """
    present = [text for text in texts if text not in markers]
    if not all(map(_NUMBER.fullmatch, present)):
        return next(
            position
            for position, text in enumerate(texts)
            if text not in markers and not _NUMBER.fullmatch(text)
        )
    if len(shared) >= _SHARED:  # as many spellings as that: most rows spell their own
        if len(present) == len(texts):
            return list(map(float, texts))
        return [None if text in markers else float(text) for text in texts]
    if len(present) == len(texts):
        return list(map(shared.setdefault, texts, map(float, texts)))
    return [
        shared[text] if text in shared else shared.setdefault(text, float(text)) for text in texts
    ]


def _finite(numbers: Iterable[float | None]) -> bool:
    """Whether every number present is finite."""
    return all(map(math.isfinite, filter(None, numbers)))  # filter(None) drops None (and 0.0)


def _fault(texts: Sequence[str], markers: frozenset[str], row: int) -> tuple[int, str]:
    """The row of the first of ``texts`` (``row`` the first's) that is no finite number, and
    what is wrong with it.

    >>> _fault(["1", "?", "nan", "x"], frozenset("?"), 10)
    (12, "'nan' is not a finite number (NaN and infinity are not allowed)")
    """
    for position, text in enumerate(texts):
        if text in markers:
            continue
        number = decimal(text)
        if number is None:
            return row + position, f"{quote(text)} is not a number"
        if not math.isfinite(number):
            return (
                row + position,
                f"{quote(text)} is not a finite number (NaN and infinity are not allowed)",
            )
    raise AssertionError("every field is a finite number or missing")


class _Strings:
    """A nominal column as it is read: a missing marker is None, and each distinct value
    one string shared by every row that holds it.

    >>> column = _Strings(frozenset("?"))
    >>> column.extend(["ab", "?"], 1)
    >>> column.extend(["".join(["a", "b"])], 3)  # another string of the same text
    >>> column.values, column.values[2] is column.values[0]
    (['ab', None, 'ab'], True)
    """

    def __init__(self, markers: frozenset[str]) -> None:
        self.shared: dict[str, str | None] = dict.fromkeys(markers)
        self.values: list[str | None] = []

    def extend(self, texts: Sequence[str], row: int) -> None:
        self.values += map(self.shared.setdefault, texts, texts)


class _Numbers:
    """A numeric column as it is read: floats, None for a missing marker; with ``exact``, a
    field of digits is an ``int`` (a weight), read exactly.  The first field that is no
    finite number is kept, and refused by :meth:`result` once the file is read.

    >>> column = _Numbers(frozenset("?"), exact=True)
    >>> column.extend(["2", "0.5", "?"], 1)
    >>> column.result("w", "t.csv")
    [2, 0.5, None]
    >>> column.extend(["inf"], 4)
    >>> column.result("w", "t.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 4, column 'w': 'inf' is not a finite number ...
    """

    def __init__(self, markers: frozenset[str], *, exact: bool = False) -> None:
        self.markers = markers
        self.exact = exact
        self.shared: dict[str, float | None] = dict.fromkeys(markers)
        self.values: list[Weight | None] = []
        self.fault: tuple[int, str] | None = None

    def extend(self, texts: Sequence[str], row: int) -> None:
        if self.fault is not None:
            return  # the column is refused: its values are never used
        numbers = _spelled(texts, self.markers, self.shared)
        if isinstance(numbers, int) or not _finite(numbers):
            self.fault = _fault(texts, self.markers, row)
        elif self.exact:
            self.values += (
                integer(text) if number is not None and INTEGER.fullmatch(text) else number
                for text, number in zip(texts, numbers, strict=True)
            )
        else:
            self.values += numbers

    def result(self, name: str, file: str) -> list[Weight | None]:
        """The values, handed over, or the error of the first field that is no finite
        number."""
        if self.fault is not None:
            row, message = self.fault
            raise DtreeError(message, file=file, row=row, column=name)
        values, self.values = self.values, []
        return values


class _Inferred:
    """A column typed by what its fields spell: numeric while every present field spells
    a number, nominal from the first that does not.

    While it is numeric it keeps its floats and, packed in a few long strings, the text
    of its fields, so that turning nominal it has the strings the file spells
    (``'1.50'``, not ``'1.5'``).  It counts its present fields and those that spell
    numbers, for the warning of :meth:`result`: once nominal, by the distinct values
    that spell numbers, each read once (none, in a column of words).

    >>> column = _Inferred(frozenset("?"))
    >>> column.extend(["1.50", "?", "2"], 1)
    >>> column.extend(["3", "hot"], 4)
    >>> values, surprise = column.result("t", "t.csv")
    >>> values
    ['1.50', None, '2', '3', 'hot']
    >>> print(surprise)  # doctest: +NORMALIZE_WHITESPACE
    t.csv, row 5, column 't': read as nominal, though 3 of its 4 present fields spell numbers:
    'hot' is the first that does not; numeric=['t'] reads it as numbers (each field that spells
    none an error), nominal=['t'] as nominal without this warning
    """

    def __init__(self, markers: frozenset[str]) -> None:
        self.markers = markers
        self.numbers: list[float | None] | None = []
        self.shared: dict[str, float | None] = dict.fromkeys(markers)
        self.spellings: list[str] = []  # the present fields' texts, a line each
        self.infinite: tuple[int, str] | None = None  # the first NaN or infinity
        self.strings = _Strings(markers)
        self.numeric_values: set[str] = set()  # the nominal values that spell numbers
        self.present = 0
        self.spelled = 0
        self.word: tuple[int, str] | None = None  # the first field that spells no number

    def extend(self, texts: Sequence[str], row: int) -> None:
        present = [text for text in texts if text not in self.markers]
        if self.numbers is not None:
            numbers = _spelled(texts, self.markers, self.shared)
            if isinstance(numbers, list):
                self.numbers += numbers
                if present:
                    self.spellings.append("\n".join(present))
                if self.infinite is None and not _finite(numbers):
                    self.infinite = _fault(texts, self.markers, row)
                self.present += len(present)
                self.spelled += len(present)
                return
            self.word = (row + numbers, texts[numbers])
            self._turn_nominal()
        fresh = set(present).difference(self.strings.shared)
        self.numeric_values.update(filter(_NUMBER.fullmatch, fresh))
        self.strings.extend(texts, row)
        self.present += len(present)
        if self.numeric_values:
            self.spelled += sum(map(self.numeric_values.__contains__, present))

    def _turn_nominal(self) -> None:
        """Keep the strings of the rows read so far, and no longer their numbers."""
        assert self.numbers is not None
        marker = next(iter(self.markers), "")  # a row's None stands for some marker
        texts = "\n".join(self.spellings).split("\n") if self.spellings else []
        self.numeric_values.update(texts)
        spelled = iter(texts)
        self.strings.extend([marker if x is None else next(spelled) for x in self.numbers], 1)
        self.numbers, self.spellings, self.shared = None, [], {}

    def result(self, name: str, file: str) -> tuple[Sequence[Value], DtreeWarning | None]:
        """The values, numbers or strings, handed over, and the warning a column of mostly
        numbers read as nominal deserves; a NaN or an infinity in a numeric column is an
        error."""
        if self.numbers is not None:
            if self.infinite is not None:
                row, message = self.infinite
                raise DtreeError(message, file=file, row=row, column=name)
            numbers, self.numbers = self.numbers, []
            return numbers, None
        values, self.strings.values = self.strings.values, []
        if self.word is None or 2 * self.spelled <= self.present:
            return values, None
        row, text = self.word
        return values, DtreeWarning(
            f"read as nominal, though {self.spelled} of its {self.present} present fields spell"
            f" numbers: {quote(text)} is the first that does not; numeric=[{quote(name)}]"
            " reads it as numbers (each field that spells none an error),"
            f" nominal=[{quote(name)}] as nominal without this warning",
            file=file,
            row=row,
            column=name,
        )


_Column = _Strings | _Numbers | _Inferred
"""A column as its fields arrive, a batch of consecutive rows at a time (``extend(texts,
row)``, row the first's number)."""


def _column(kind: Kind, markers: frozenset[str]) -> _Column:
    """An empty column of ``kind``."""
    if kind == "nominal":
        return _Strings(markers)
    return _Numbers(markers) if kind == "numeric" else _Inferred(markers)


def _typed(
    name: str, column: _Column, file: str, surprises: list[DtreeWarning]
) -> tuple[Value, ...]:
    """The values of a column read whole, its error raised, its warning added to
    ``surprises``."""
    if isinstance(column, _Inferred):
        values, surprise = column.result(name, file)
        if surprise is not None:
            surprises.append(surprise)
        return tuple(values)
    if isinstance(column, _Numbers):
        return tuple(cast(list[float | None], column.result(name, file)))  # not exact: floats
    values, column.values = column.values, []
    return tuple(values)


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


def _weight_column(name: str, column: _Column, file: str) -> list[Weight]:
    """The weights a column spells: integers as ints, other decimals as floats.

    >>> column = _Numbers(frozenset("?"), exact=True)
    >>> column.extend(["1", "?"], 1)
    >>> _weight_column("w", column, "t.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 2, column 'w': weight None is not a finite number >= 0
    """
    assert isinstance(column, _Numbers)
    weights = column.result(name, file)
    for row, weight in enumerate(weights, start=1):
        try:
            check_weight(weight, row, name)
        except DtreeError as error:
            raise at_file(error, file) from error
    return cast(list[Weight], weights)  # check_weight refused None


MissingTarget = Literal["refuse", "drop"]
"""What a reader does with a row whose target is missing: refuse it (an error naming it),
or leave it out (rpart's ``na.rpart`` and J48's ``deleteWithMissingClass`` do)."""


def without_missing_target(
    columns: Mapping[str, Sequence[Value]],
    target: str,
    weights: Sequence[Weight] | None,
    file: str,
) -> tuple[dict[str, list[Value]], list[Weight] | None]:
    """The columns (and weights) without the rows whose target is missing, and a
    :class:`~dtree.errors.DtreeWarning` naming them (the first few rows, by their number in
    the file's data, 1 for the first) if there are any.

    >>> import warnings
    >>> columns = {"x": [1, 2, 3], "y": ["a", None, "b"]}
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     kept, _ = without_missing_target(columns, "y", None, "t.csv")
    >>> kept
    {'x': [1, 3], 'y': ['a', 'b']}
    >>> [str(w.message) for w in caught]
    ["t.csv, column 'y': 1 row whose target is missing left out (row 2)"]
    """
    gone = [k for k, label in enumerate(columns[target]) if label is None]
    if not gone:
        return {name: list(column) for name, column in columns.items()}, (
            None if weights is None else list(weights)
        )
    dropped = set(gone)
    kept = {
        name: [value for k, value in enumerate(column) if k not in dropped]
        for name, column in columns.items()
    }
    shares = None if weights is None else [w for k, w in enumerate(weights) if k not in dropped]
    rows = ", ".join(str(k + 1) for k in gone[:_NAMED_ROWS]) + (
        ", ..." if len(gone) > _NAMED_ROWS else ""
    )
    noun = "row" if len(gone) == 1 else "rows"
    message = f"{len(gone)} {noun} whose target is missing left out ({noun} {rows})"
    warn(DtreeWarning(message, file=file, column=target))
    return kept, shares


_NAMED_ROWS = 5
"""The most rows a warning of rows left out names."""


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
