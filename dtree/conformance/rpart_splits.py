"""rpart's splits table read: each row's split as dtree's conditions, and the CSV fields.

``fit$splits`` (with ``fit$csplit``), as :data:`~dtree.conformance.rpart_fit.RPART_EXPORT`
writes it, holds a row per listed split: each split node's primary split, its
competitors and its surrogates (:func:`~dtree.conformance.rpart.rpart_reading` reads
them).  ``ncat`` -1 sends ``x < t`` left, +1 sends ``x >= t`` left, t the row's
``index``; ``ncat = m`` is a factor of m levels split by the digits of ``csplit``: 1
sends a level left, 3 right, 2 marks a level no row at the node has.  dtree's
``x <= t'`` holds where rpart's ``x < t`` does, on every number: t' is the float just
below t (:func:`primary_conditions`, :func:`surrogate_of`).

Contents: :class:`SplitRow`, :func:`split_rows`, :class:`Fields`, :func:`table_rows`,
:func:`primary_conditions`, :func:`surrogate_of`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from attrs import frozen

from dtree.conditions import Above, AtMost, Condition, In
from dtree.dataset import Dataset, Nominal, Numeric
from dtree.errors import DtreeError, quote
from dtree.reading import csv_records
from dtree.surrogates import Surrogate

__all__ = [
    "SPLITS_COLUMNS",
    "Fields",
    "SplitRow",
    "primary_conditions",
    "split_rows",
    "surrogate_of",
    "table_rows",
]

SPLITS_COLUMNS = ("var", "count", "ncat", "improve", "index", "adj", "csplit")
"""The splits CSV's columns: ``fit$splits``, its variables, and the csplit row of each
categorical split."""


@frozen
class SplitRow:
    """A row of the splits: a node's primary split, a competitor or a surrogate."""

    row: int
    var: str
    count: int
    ncat: int
    improve: float
    index: float
    adj: float
    csplit: str


class Fields:
    """The fields of one CSV row, read by column name, every error naming file and row."""

    def __init__(self, header: Sequence[str], fields: Sequence[str], file: str, row: int) -> None:
        self.header, self.fields, self.file, self.row = header, fields, file, row

    def error(self, message: str, column: str | None = None) -> DtreeError:
        return DtreeError(message, file=self.file, row=self.row, column=column)

    def text(self, column: str) -> str:
        return self.fields[self.header.index(column)]

    def number(self, column: str, field: str | None = None) -> float:
        text = self.text(column) if field is None else field
        try:
            value = float(text)
        except ValueError:
            raise self.error(f"{quote(text)} is not a number", column) from None
        if not math.isfinite(value):
            raise self.error(f"{quote(text)} is not a finite number", column)
        return value

    def integer(self, column: str) -> int:
        value = self.number(column)
        if not value.is_integer():
            raise self.error(f"{quote(self.text(column))} is not an integer", column)
        return int(value)


def table_rows(text: str, file: str, columns: Sequence[str]) -> Iterator[Fields]:
    """The rows of a CSV text whose header starts with ``columns``."""
    records = csv_records(text, file)
    if not records:
        raise DtreeError("empty: expected a header row", file=file)
    header, *rows = records
    if tuple(header[: len(columns)]) != tuple(columns):
        raise DtreeError(
            f"the header is {quote(tuple(header))}, expected it to start with {quote(columns)}",
            file=file,
        )
    for row, fields in enumerate(rows, start=1):
        if len(fields) != len(header):
            raise DtreeError(
                f"{len(fields)} fields, expected {len(header)} (one per header column):"
                " is the file cut short?",
                file=file,
                row=row,
            )
        yield Fields(header, fields, file, row)


def split_rows(text: str, file: str) -> list[SplitRow]:
    return [
        SplitRow(
            fields.row,
            fields.text("var"),
            fields.integer("count"),
            fields.integer("ncat"),
            fields.number("improve"),
            fields.number("index"),
            fields.number("adj"),
            fields.text("csplit"),
        )
        for fields in table_rows(text, file, SPLITS_COLUMNS)
    ]


def primary_conditions(
    split: SplitRow,
    data: Dataset,
    *,
    splits_file: str,
) -> tuple[tuple[Condition, Condition], bool]:
    """dtree's two conditions for the primary split, and whether the first is rpart's right."""
    name = split.var  # the frame's, and an attribute of the data (see read_rpart)
    match data.schema.attribute(name).domain:
        case Numeric():
            t = _threshold(split, splits_file)
            return (AtMost(name, t), Above(name, t)), split.ncat == 1
        case Nominal(levels):
            codes = _codes(split, levels, splits_file)
            first = next((code for code in codes if code != "2"), "2")
            side = frozenset(v for v, code in zip(levels, codes, strict=True) if code == first)
            if first == "2" or all(code in (first, "2") for code in codes):
                raise DtreeError(
                    f"csplit {quote(codes)} sends no level one way",
                    file=splits_file,
                    row=split.row,
                    column="csplit",
                )
            other = frozenset(
                v for v, code in zip(levels, codes, strict=True) if code not in (first, "2")
            )
            return (In(name, side), In(name, other)), first == "3"
    raise AssertionError(name)  # pragma: no cover


def surrogate_of(
    split: SplitRow,
    data: Dataset,
    swapped: bool,
    *,
    splits_file: str,
) -> Surrogate:
    """A surrogate row as a :class:`~dtree.surrogates.Surrogate` of a primary split whose
    first branch is rpart's right if ``swapped``: a numeric one ``x < t`` to rpart's left
    (ncat -1) or right (+1), a nominal one each level to the left (csplit 1), the right (3)
    or neither (2: the next surrogate decides)."""
    name = split.var
    left: Condition
    right: Condition
    match data.schema.attribute(name).domain:
        case Numeric():
            t = _threshold(split, splits_file)
            left, right = (AtMost(name, t), Above(name, t))
            if split.ncat == 1:
                left, right = right, left
        case Nominal(levels):
            codes = _codes(split, levels, splits_file)
            left = In(name, (v for v, code in zip(levels, codes, strict=True) if code == "1"))
            right = In(name, (v for v, code in zip(levels, codes, strict=True) if code == "3"))
    return Surrogate((right, left) if swapped else (left, right))


def _threshold(split: SplitRow, splits_file: str) -> float:
    """The threshold t' of ``x <= t'`` for rpart's ``x < t``: the float just below t, so that
    the two hold on the same numbers, t itself (a new value at the midpoint) included."""
    if split.ncat not in (-1, 1):
        raise DtreeError(
            f"{quote(split.var)} is numeric: ncat must be -1 or 1, got {split.ncat}",
            file=splits_file,
            row=split.row,
            column="ncat",
        )
    return math.nextafter(split.index, -math.inf)


def _codes(split: SplitRow, levels: Sequence[str], splits_file: str) -> str:
    """A categorical split's csplit digits, checked: one of 1, 2, 3 per level."""
    if split.ncat != len(levels):
        raise DtreeError(
            f"{quote(split.var)} is a factor of {len(levels)} levels: ncat must be"
            f" {len(levels)}, got {split.ncat}",
            file=splits_file,
            row=split.row,
            column="ncat",
        )
    codes = split.csplit
    if len(codes) != len(levels) or set(codes) - set("123"):
        raise DtreeError(
            f"csplit {quote(codes)}: expected a digit 1, 2 or 3 for each of the"
            f" {len(levels)} levels of {quote(split.var)}",
            file=splits_file,
            row=split.row,
            column="csplit",
        )
    return codes
