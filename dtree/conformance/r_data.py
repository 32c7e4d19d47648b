"""Handing a dataset to R and running a script there: the exchange rpart and R's forests share.

A dataset goes to R as three CSV files in one folder, every field quoted and read
back as text, so that nothing is lost on the way: ``data.csv`` (the attributes, then
the target; a number as a hexadecimal float, which R reads exactly; a missing value
as an empty field), ``levels.csv`` (column, level: each nominal column's levels in
the schema's order, so that R's factor codes are dtree's) and ``missing.csv``
(column, row: which values are missing, so that a level spelled as an empty string
is not taken for one).  :data:`R_INPUT` is the R snippet that reads them into the data
frame ``data``; :func:`run_r` runs a script with ``Rscript`` in the ``C.UTF-8``
locale, a failure of R one :class:`DtreeError` with R's own message.

Contents: :data:`R_INPUT`, :func:`write_r_data`, :func:`write_csv`, :func:`run_r`,
:func:`r_message`.
"""

from __future__ import annotations

import csv
import itertools
import os
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dtree.conformance.peers import rscript
from dtree.dataset import Dataset, Nominal, Value
from dtree.errors import DtreeError

__all__ = ["R_INPUT", "r_message", "run_r", "write_csv", "write_r_data"]

R_INPUT = r"""input <- function(name) {
  read.csv(file.path(dir, name), colClasses = "character", check.names = FALSE,
           na.strings = character(), fileEncoding = "UTF-8")
}
data <- input("data.csv")
levels <- input("levels.csv")
missing <- input("missing.csv")  # (column, row): the values that are missing
for (name in names(data)) {
  absent <- as.integer(missing$row[missing$column == name])
  data[[name]][absent] <- NA
  data[[name]] <- if (name %in% levels$column) {
    factor(data[[name]], levels = levels$level[levels$column == name])
  } else {
    as.numeric(data[[name]])
  }
}
"""
"""The R snippet that reads the files :func:`write_r_data` writes in the folder ``dir``
into the data frame ``data``, and defines ``input(name)`` to read another CSV of text."""


def write_r_data(folder: Path, data: Dataset) -> None:
    """Write ``data.csv``, ``levels.csv`` and ``missing.csv`` for :data:`R_INPUT`.

    >>> import tempfile
    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [0.5, None], "y": ["a", "b"]}, target="y")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_r_data(Path(folder), data)
    ...     print((Path(folder) / "data.csv").read_text(), end="")
    ...     print((Path(folder) / "missing.csv").read_text(), end="")
    "x","y"
    "0x1.0000000000000p-1","a"
    "","b"
    "column","row"
    "x","2"
    """
    write_csv(folder / "data.csv", _data_rows(data))
    write_csv(folder / "levels.csv", _level_rows(data))
    write_csv(folder / "missing.csv", _missing_rows(data))


def write_csv(path: Path, rows: Iterable[Sequence[str]]) -> None:
    """Rows of text as CSV, every field quoted."""
    with path.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file, quoting=csv.QUOTE_ALL).writerows(rows)


def _data_rows(data: Dataset) -> Iterator[Sequence[str]]:
    schema = data.schema
    yield (*schema.names, schema.target.name)
    for row in data.rows:
        values = [column[row] for column in data.columns] + [data.target[row]]
        yield tuple(map(_r_field, values))


def _r_field(value: Value) -> str:
    """A value as R reads it back exactly: text as it is, a number as a hexadecimal float;
    a missing value as nothing (``missing.csv`` marks it)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else float(value).hex()


def _missing_rows(data: Dataset) -> Iterator[Sequence[str]]:
    """The missing values, by column name and row of ``data.csv`` (from 1)."""
    yield ("column", "row")
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        for k, row in enumerate(data.rows, start=1):
            if column[row] is None:
                yield (attribute.name, str(k))


def _level_rows(data: Dataset) -> Iterator[Sequence[str]]:
    yield ("column", "level")
    for attribute in (*data.schema.attributes, data.schema.target):
        if isinstance(attribute.domain, Nominal):
            yield from ((attribute.name, value) for value in attribute.domain.values)


def run_r(script: str, folder: Path, *arguments: str, what: str, hint: str = "") -> None:
    """Run ``script`` (saved in ``folder``) with ``Rscript``, ``folder`` and ``arguments``
    its arguments; a failure is one :class:`DtreeError`: ``what`` failed, R's message,
    and ``hint``."""
    path = folder / "script.R"
    path.write_text(script, encoding="utf-8")
    done = subprocess.run(
        [rscript(), str(path), str(folder), *arguments],
        capture_output=True,
        encoding="utf-8",
        errors="replace",
        check=False,
        env={**os.environ, "LC_ALL": "C.UTF-8"},  # names and levels in any script
    )
    if done.returncode != 0:
        raise DtreeError(f"{what} failed: {r_message(done.stderr)}{hint}")


def r_message(stderr: str) -> str:
    """R's error message: from its ``Error`` line to its ``Calls:`` or ``Execution halted``,
    else the last lines R printed.

    >>> r_message("Error in f(x) : bad\\n  thing\\nCalls: g -> f\\nExecution halted\\n")
    'Error in f(x) : bad thing'
    """
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    start = next((i for i, line in enumerate(lines) if line.startswith("Error")), None)
    if start is None:
        return " ".join(lines[-5:]) or "no message"
    kept = itertools.takewhile(
        lambda line: not line.startswith(("Calls:", "Execution halted")), lines[start:]
    )
    return " ".join(kept)
