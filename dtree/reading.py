"""Reading files that end, within bounds: their lines, their CSV records, and the text of a
file read whole.  What :mod:`dtree.load` (CSV files), :mod:`dtree.arff` and the model files
share.

Holds
-----
:func:`data_file`
    The file opened if it is one that ends: a regular file, or a named pipe
    (a FIFO: standard input piped in, ``/dev/stdin``, or a shell's
    ``<(command)``), which is read as a stream.  A directory, a device
    (``/dev/zero``, a terminal) or a socket is refused by name before a byte
    is read.
:func:`text_lines`
    Its bytes decoded as UTF-8 a chunk at a time (a leading byte-order mark
    dropped), cut into lines (``\\n``, ``\\r\\n`` or ``\\r``), each at most
    :data:`LINE_LIMIT` characters long; a NUL byte refused where the file
    must be text.
:func:`csv_batches`, :func:`csv_records`
    The non-blank records of CSV lines, read by the stdlib ``csv`` module
    strictly (malformed quoting is an error, not a guess), a record held to
    :data:`LINE_LIMIT` characters however many lines its quoted fields span
    and a field to ``csv.field_size_limit()``: a batch at a time as a file
    is read, or all at once from text already read whole (rpart's frame).
:func:`reading_meter`
    The progress of reading a file: the bytes read of its size, or the rows
    read from a pipe.
:func:`read_text`
    The text of any file (a model file), at most :data:`TEXT_LIMIT` bytes.
:data:`LINE_LIMIT`, :data:`TEXT_LIMIT`
    The bounds on a line (and a row) of a data file and on a file read whole.

Every refusal is a :class:`~dtree.errors.DtreeError` naming the file and,
where there is one, the line (or the data row: the header is not a row).
"""

from __future__ import annotations

import codecs
import csv
import io
import math
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import BinaryIO

from attrs import define

from dtree.errors import DtreeError
from dtree.progress import Progress, Report, meter

__all__ = [
    "LINE_LIMIT",
    "TEXT_LIMIT",
    "csv_batches",
    "csv_records",
    "data_file",
    "read_text",
    "reading_meter",
    "text_lines",
]

LINE_LIMIT = 2**20
"""The most characters a line of a data file (CSV or ARFF) may hold, its line break included:
1,048,576, ten thousand fields of a hundred characters.  A longer line is an error naming it,
so that a file of one endless line fails at once rather than filling the memory."""

TEXT_LIMIT = 2**28
"""The most bytes :func:`read_text` reads: 256 MiB, about 1.8 million nodes of a model file
(a node takes about 150 bytes of JSON), such as a forest of 100 trees of 18,000 nodes.
Parsing JSON takes several times the text in memory, so the bound is a few GB at most."""

_CHUNK = 2**16
"""The bytes read from a file at a time."""
_BATCH = 2**10
"""The rows typed at a time, column by column (and between two reports of progress): enough
that the work per batch is small, few enough that a batch stays in the processor's caches
(measured: 1,024 rows read 10% faster than 4,096)."""

_GROWTH = 1.02
"""A stream of unknown size reports its rows each time they have grown by 2%: about a
thousand reports for a billion rows."""


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


# -- from lines to records -----------------------------------------------------------------


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
        for batch in csv_batches(lines, file)
        for fields in batch
    ]


def csv_batches(lines: Iterable[str], file: str) -> Iterator[list[list[str]]]:
    """The non-blank records of CSV ``lines``, their fields as the file spells them: the
    first (the header) alone, then the others :data:`_BATCH` at a time.

    A record that cannot be read (malformed quoting, a line that is too long or not text)
    is an error placed at the data row being read, after the batch of the rows before it,
    so that problems come in the file's order.

    >>> list(csv_batches(['a, b \\n', '\\n', ' "x, y", z\\n', '  \\n', 'c,d'], "t.csv"))
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
