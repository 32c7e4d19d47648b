"""The one exception family of dtree.

Every bad input -- a ragged CSV row, an unknown attribute, a malformed
model file -- is reported as a :class:`DtreeError`.  It subclasses
``ValueError`` so that callers who already catch ``ValueError`` keep
working, and it carries the place of the problem (file, row, column)
as attributes as well as in its message.
"""

from __future__ import annotations

__all__ = ["DtreeError", "at_file"]


class DtreeError(ValueError):
    """A clear message about bad input, naming where the problem is.

    >>> error = DtreeError("'abc' is not a number", file="golf.csv", row=3, column="humidity")
    >>> str(error)
    "golf.csv, row 3, column 'humidity': 'abc' is not a number"
    >>> error.row, error.column
    (3, 'humidity')
    >>> str(DtreeError("the dataset is empty"))
    'the dataset is empty'
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        row: int | None = None,
        column: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.row = row
        self.column = column
        place = [
            part
            for part in (
                file,
                None if row is None else f"row {row}",
                None if column is None else f"column {column!r}",
            )
            if part is not None
        ]
        super().__init__(f"{', '.join(place)}: {message}" if place else message)


def at_file(error: DtreeError, file: str) -> DtreeError:
    """The same error, placed in ``file`` (for loaders that parse then validate).

    >>> str(at_file(DtreeError("no classes", row=2), "x.csv"))
    'x.csv, row 2: no classes'
    """
    return DtreeError(error.message, file=file, row=error.row, column=error.column)
