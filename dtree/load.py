"""Reading datasets from CSV files (ARFF files: :mod:`dtree.arff`, which reads numbers,
weights and the lines of a file with the helpers here).

Holds
-----
:func:`read_csv`
    A UTF-8 CSV file with a header row, as a :class:`~dtree.dataset.Dataset`.
:func:`read_examples`
    The same kind of file without a target: its rows as examples for a
    model to predict, each column typed as the model reads it.
:func:`read_text`
    The text of any file (a model file too), with the same errors and at most
    :data:`TEXT_LIMIT` bytes of it.
:func:`data_file`, :func:`text_lines`, :func:`reading_meter`
    The file opened if it is one that ends, its lines decoded and bounded one
    at a time, and the progress of reading them: what every reader here and
    :mod:`dtree.arff` share.
:func:`csv_records`
    The records of CSV text already read whole (rpart's frame and splits).
:data:`LINE_LIMIT`, :data:`TEXT_LIMIT`
    The bounds on a line (and a row) of a data file and on a whole model file.

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
   than a guess.  A line may be at most :data:`LINE_LIMIT` characters long, a
   field at most ``csv.field_size_limit()`` (131,072 characters unless a
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

import codecs
import csv
import io
import math
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import BinaryIO, Literal, cast

from attrs import define

from dtree.arithmetic import Number
from dtree.dataset import Dataset, Value, Weight, check_weight, collection
from dtree.errors import DtreeError, DtreeWarning, at_file, quote, warn
from dtree.progress import Progress, Report, meter

__all__ = [
    "INTEGER",
    "LINE_LIMIT",
    "TEXT_LIMIT",
    "csv_field",
    "csv_records",
    "csv_text",
    "data_file",
    "decimal",
    "integer",
    "read_csv",
    "read_examples",
    "read_text",
    "reading_meter",
    "text_lines",
]

Kind = Literal["numeric", "nominal", "inferred"]
"""How a column is typed: forced numeric, forced nominal, or inferred."""

LINE_LIMIT = 2**20
"""The most characters a line of a data file (CSV or ARFF) may hold, its line break included:
1,048,576, ten thousand fields of a hundred characters.  A longer line is an error naming it,
so that a file of one endless line fails at once rather than filling the memory."""

TEXT_LIMIT = 2**28
"""The most bytes :func:`read_text` reads: 256 MiB, about 1.8 million nodes of a model file
(a node takes about 150 bytes of JSON), such as a forest of 100 trees of 18,000 nodes.
Parsing JSON takes several times the text in memory, so the bound is a few GB at most."""

# Python's float() also takes '1_000', ' 1 ', 'nan', 'inf' and non-ASCII
# digits; a data file should only have to mean what it plainly says.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
INTEGER = re.compile(r"[+-]?[0-9]+")
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)
_NUMBER = re.compile(f"(?:{_DECIMAL.pattern})|(?:{_NON_FINITE.pattern})", re.IGNORECASE)
"""What :func:`decimal` reads as a number: a decimal literal, or a spelling of NaN or infinity."""

_CHUNK = 2**16
"""The bytes read from a file at a time."""
_BATCH = 2**10
"""The rows typed at a time, column by column (and between two reports of progress): enough
that the work per batch is small, few enough that a batch stays in the processor's caches
(measured: 1,024 rows read 10% faster than 4,096)."""
_SHARED = 2**16
"""The most spellings of numbers a column keeps, each with its float, to share one float
among the rows that spell it alike."""
_GROWTH = 1.02
"""A stream of unknown size reports its rows each time they have grown by 2%: about a
thousand reports for a billion rows."""


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
    - ``progress`` is told of the reading (:func:`reading_meter`): the
      bytes read of the file's size, or the rows read from a pipe.

    Every problem is a :class:`DtreeError` naming the file (and the row and
    column where there is one); the file must be one that ends, and its
    lines at most :data:`LINE_LIMIT` characters long (see the module's
    docstring).

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
        batches = _csv_batches(text_lines(stream, file, refuse_nul=True), file)
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
    typed = {
        name: _typed(name, column, file, surprises)
        for name, column in columns.items()
        if name != weights
    }
    shares = None if weights is None else _weight_column(weights, columns[weights], file)
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
        batches = _csv_batches(text_lines(stream, file, refuse_nul=True), file)
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


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path``, decoded as UTF-8 without a byte-order mark.

    A missing file, a directory, a device, bytes that are not UTF-8 and a
    file of more than :data:`TEXT_LIMIT` bytes are each a :class:`DtreeError`
    naming the file.

    >>> read_text("no/such/model.json")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: no/such/model.json: no such file
    """
    file = os.fspath(path)
    with data_file(file) as (stream, size):
        data = _bounded_bytes(stream, size, file).removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf8(error, data, "", 0, file) from error


def _bounded_bytes(stream: BinaryIO, size: int | None, file: str) -> bytes:
    """The bytes of ``stream``, of ``size`` if it is known, refused beyond :data:`TEXT_LIMIT`."""
    chunks: list[bytes] = []
    read = 0
    while (size is None or size <= TEXT_LIMIT) and read <= TEXT_LIMIT:
        chunk = stream.read(16 * _CHUNK)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        read += len(chunk)
    held = "" if size is None or size <= TEXT_LIMIT else f"{size} bytes: "
    raise DtreeError(
        f"{held}more than {TEXT_LIMIT:,} bytes, the most a file read whole (a model file) may hold",
        file=file,
    )


# -- from a file to lines --------------------------------------------------------------------


@contextmanager
def data_file(file: str) -> Iterator[tuple[BinaryIO, int | None]]:
    """The file at path ``file`` opened for reading bytes, with its size in bytes (``None``
    for a named pipe, read as a stream), if it is a file that ends: a regular file or a
    named pipe.  Anything else is refused by what it is, before a byte is read.

    >>> with data_file("/dev/null") as (stream, size):
    ...     pass
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: /dev/null: a character device, not a file (a device such as \
/dev/zero or a terminal may never end): give a regular file, or pipe the data in
    """
    try:
        kind = os.stat(file).st_mode
        if stat.S_ISDIR(kind):
            raise DtreeError("a directory, not a file", file=file)
        if not (stat.S_ISREG(kind) or stat.S_ISFIFO(kind)):
            raise DtreeError(_not_a_file(kind), file=file)
        stream = open(file, "rb", buffering=0)  # noqa: SIM115 - closed below, after the yield
    except FileNotFoundError as error:
        raise DtreeError("no such file", file=file) from error
    except OSError as error:
        raise DtreeError(f"cannot read the file: {error.strerror or error}", file=file) from error
    with stream:
        status = os.fstat(stream.fileno())
        try:
            yield stream, status.st_size if stat.S_ISREG(status.st_mode) else None
        except OSError as error:
            raise DtreeError(
                f"cannot read the file: {error.strerror or error}", file=file
            ) from error


def _not_a_file(mode: int) -> str:
    """What a path that is no regular file, pipe or directory is, and why it is refused."""
    if stat.S_ISCHR(mode):
        return (
            "a character device, not a file (a device such as /dev/zero or a terminal may"
            " never end): give a regular file, or pipe the data in"
        )
    if stat.S_ISBLK(mode):
        return "a block device, not a file: give a regular file, or pipe the data in"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file: give a regular file, or pipe the data in"
    return "not a regular file or a pipe"


def text_lines(stream: BinaryIO, file: str, *, refuse_nul: bool) -> Iterator[str]:
    """The lines of the bytes of ``stream``, decoded as UTF-8 without a leading byte-order
    mark, each with its line break (``\\n``, ``\\r\\n`` or ``\\r``; the last line may have
    none).

    The bytes are read and decoded :data:`_CHUNK` at a time, so only a line, never the
    whole text, is held at once.  A line longer than :data:`LINE_LIMIT` characters, bytes
    that are not UTF-8 and, with ``refuse_nul``, a NUL character are each an error naming
    the file and the line (lines numbered from 1).

    >>> list(text_lines(io.BytesIO(b"\\xef\\xbb\\xbfa,b\\r\\nc\\rd"), "t.csv", refuse_nul=True))
    ['a,b\\r\\n', 'c\\r', 'd']
    >>> list(text_lines(io.BytesIO(b"a\\nb\\x00\\n"), "t.csv", refuse_nul=True))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv: a NUL byte on line 2: a text file holds none
    """
    pending = b""  # bytes read but not decoded: a character cut by the chunk, or a BOM's start
    rest = ""  # the start of a line whose end is not read yet
    number = 0  # the lines yielded so far
    started = False
    final = False
    while not final:
        chunk = stream.read(_CHUNK)
        final = not chunk
        data = pending + chunk
        if not started:
            if len(data) < len(codecs.BOM_UTF8) and not final:
                pending = data
                continue
            data, started = data.removeprefix(codecs.BOM_UTF8), True
        try:
            text, used = codecs.utf_8_decode(data, "strict", final)
        except UnicodeDecodeError as error:
            raise _not_utf8(error, data, rest, number, file) from error
        pending = data[used:]
        lines = io.StringIO(rest + text, newline="").readlines()
        # A line is whole once its break is read; a '\r' may yet be the start of '\r\n'.
        rest = lines.pop() if lines and not final and not lines[-1].endswith("\n") else ""
        _check_lines(lines, rest, number, file, nul=refuse_nul and "\x00" in text)
        number += len(lines)
        yield from lines


def _check_lines(lines: Sequence[str], rest: str, number: int, file: str, *, nul: bool) -> None:
    """Refuse a line (whole, or the ``rest`` of one) over :data:`LINE_LIMIT`, and the line of
    the first NUL character if ``nul`` says there is one to refuse; ``number`` lines come
    before these."""
    if len(rest) > LINE_LIMIT or (lines and max(map(len, lines)) > LINE_LIMIT):
        at = next((i for i, line in enumerate(lines) if len(line) > LINE_LIMIT), len(lines))
        raise DtreeError(
            f"line {number + at + 1} is longer than {LINE_LIMIT:,} characters, the most a line"
            " may hold",
            file=file,
        )
    if nul:
        at = next((i for i, line in enumerate(lines) if "\x00" in line), len(lines))
        raise DtreeError(f"a NUL byte on line {number + at + 1}: a text file holds none", file=file)


_BREAK = re.compile(r"\r\n?|\n")


def _not_utf8(
    error: UnicodeDecodeError, data: bytes, rest: str, number: int, file: str
) -> DtreeError:
    """The error for bytes that are not UTF-8: the first bad byte and its line."""
    before = rest + data[: error.start].decode("utf-8")
    line = number + len(_BREAK.findall(before)) + 1
    return DtreeError(
        f"not UTF-8 text: byte {data[error.start]:#04x} on line {line} cannot be decoded",
        file=file,
    )


def reading_meter(
    report: Report | None, file: str, size: int | None, position: Callable[[], int]
) -> Callable[[int, bool], None]:
    """A counter of the rows read from ``file``, called with the rows read so far and whether
    the data is complete, that reports to ``report`` as :mod:`dtree.progress` promises.

    Of a file of ``size`` bytes, it reports the bytes read (``position()``) of size + 1,
    the last unit being the data built from them, at most about :data:`~dtree.progress.STEPS`
    times.  Of a stream of unknown size (``size`` None) it reports the rows read, of an
    infinite total until the data is complete, each time they have grown by 2% (about a
    thousand reports for a billion rows); the last report is complete, rows of rows.

    >>> seen = []
    >>> advance = reading_meter(seen.append, "/dev/stdin", None, lambda: 0)
    >>> advance(4096, False); advance(4100, False); advance(8192, False); advance(8192, True)
    >>> [(p.done, p.total, p.what) for p in seen]  # doctest: +NORMALIZE_WHITESPACE
    [(4096, inf, 'reading /dev/stdin, 4096 rows'), (8192, inf, 'reading /dev/stdin, 8192 rows'),
     (8192, 8192, 'reading /dev/stdin, 8192 rows')]
    """
    if size is not None:
        count = meter(report, size + 1, f"reading {file}")
        return lambda rows, done: count(size + 1 if done else min(position(), size))
    if report is None:
        return lambda rows, done: None
    whole = report
    last = 0

    def advance(rows: int, done: bool) -> None:
        nonlocal last
        if done or (rows >= last * _GROWTH and rows > last):
            last = rows
            whole(Progress(rows, rows if done else math.inf, f"reading {file}, {rows} rows"))

    return advance


# -- from lines to records and rows ---------------------------------------------------------


def csv_records(text: str, file: str) -> list[list[str]]:
    """The non-blank records of CSV ``text`` read whole (as rpart's frame is), each field
    stripped.

    >>> csv_records('a, b \\n\\n "x, y", z\\n', "t.csv")
    [['a', 'b'], ['x, y', 'z']]
    >>> csv_records('a\\n"x\\n', "t.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: t.csv, row 1: malformed CSV on line 2: unexpected end of data
    """
    lines = io.StringIO(text, newline="")
    return [
        [field.strip() for field in fields]
        for batch in _csv_batches(lines, file)
        for fields in batch
    ]


def _csv_batches(lines: Iterable[str], file: str) -> Iterator[list[list[str]]]:
    """The non-blank records of CSV ``lines``, their fields as the file spells them: the
    first (the header) alone, then the others :data:`_BATCH` at a time.

    A record that cannot be read (malformed quoting, a line that is too long or not text)
    is an error placed at the data row being read, after the batch of the rows before it,
    so that problems come in the file's order.

    >>> list(_csv_batches(['a, b \\n', '\\n', ' "x, y", z\\n', '  \\n', 'c,d'], "t.csv"))
    [[['a', 'b ']], [['x, y', 'z'], ['c', 'd']]]
    """
    # Strict, so that malformed quoting cannot silently swallow rows; skipping
    # initial spaces lets a quoted field follow ', ' as people write it.
    span = _Span()
    reader = csv.reader(_spanned(lines, span, file), strict=True, skipinitialspace=True)
    records = _fielded(reader, span)
    read = 0  # the non-blank records read: the header, then data row k is record k + 1
    while True:
        batch: list[list[str]] = []
        failure: DtreeError | None = None
        try:
            batch.extend(islice(records, _BATCH if read else 1))  # keeps what it read
        except csv.Error as error:
            failure = DtreeError(_malformed(error, reader.line_num), file=file)
        except DtreeError as error:  # a line that is too long, or not text
            failure = error
        ended = not batch and failure is None
        batch = _nonblank(batch)
        read += len(batch)
        if batch:
            yield batch
        if failure is not None:
            raise DtreeError(failure.message, file=file, row=read or None) from failure
        if ended:
            return


@define
class _Span:
    """How many characters the record being read spans so far, and the lines read in all:
    what :func:`_spanned` counts and :func:`_fielded` starts again at each record."""

    characters: int = 0
    lines: int = 0


def _spanned(lines: Iterable[str], span: _Span, file: str) -> Iterator[str]:
    """``lines``, counted into ``span``: a record whose quoted fields hold line breaks may
    span many lines, each short, and is held to :data:`LINE_LIMIT` characters in all."""
    for line in lines:
        span.lines += 1
        span.characters += len(line)
        if span.characters > LINE_LIMIT:
            raise DtreeError(
                f"a row runs past {LINE_LIMIT:,} characters by line {span.lines} (a quoted"
                " field holds its line breaks): a row holds at most that many",
                file=file,
            )
        yield line


def _fielded(reader: Iterator[list[str]], span: _Span) -> Iterator[list[str]]:
    """The records of ``reader`` that hold a field (an empty line is a record of none), the
    span counted afresh for each."""
    for record in reader:
        span.characters = 0
        if record:
            yield record


def _nonblank(batch: list[list[str]]) -> list[list[str]]:
    """The records of ``batch`` that hold something (a line of blanks is one empty field).

    >>> _nonblank([["a", "b"], [""], ["  "], ["c"]])
    [['a', 'b'], ['c']]
    """
    if min(map(len, batch), default=2) > 1:
        return batch
    return [fields for fields in batch if len(fields) > 1 or fields[0].strip()]


def _malformed(error: csv.Error, line: int) -> str:
    if str(error).startswith("field larger than field limit"):
        return (
            f"a field on line {line} is longer than {csv.field_size_limit():,} characters, the"
            " most a field may hold"
        )
    return f"malformed CSV on line {line}: {error}"


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
