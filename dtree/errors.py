"""The one exception family of dtree.

Every bad input -- a ragged CSV row, an unknown attribute, a malformed
model file -- is reported as a :class:`DtreeError`.  It subclasses
``ValueError`` so that callers who already catch ``ValueError`` keep
working, and it carries the place of the problem (file, row, column)
as attributes as well as in its message.

A message quotes values through :func:`quote`, which shows a bounded
prefix of any value, and the whole message is cut at
:data:`MESSAGE_LIMIT` characters: a 50 MB class name in a model file
makes an error line of a few hundred characters, not of 50 MB.

An option with a few named choices is typed by a ``Literal``, and its
choices are read from that type (``typing.get_args``) wherever they are
needed: by :func:`check_choice`, and by the command line.

A surprise that is not an error -- a numeric column read as nominal because
of one odd field, values a model never saw -- is a :class:`DtreeWarning`,
issued through the standard :mod:`warnings` module with the same place and
the same bounds; the command line prints each on standard error, once.

Contents: :class:`DtreeError`, :class:`DtreeWarning`, :func:`warn`,
:func:`at_file`, :func:`quote`, :func:`check_choice`, :data:`QUOTE_LIMIT`,
:data:`MESSAGE_LIMIT`.
"""

from __future__ import annotations

import reprlib
import warnings
from collections.abc import Sequence
from fractions import Fraction

__all__ = [
    "MESSAGE_LIMIT",
    "QUOTE_LIMIT",
    "DtreeError",
    "DtreeWarning",
    "at_file",
    "check_choice",
    "quote",
    "warn",
]

QUOTE_LIMIT = 60
"""The most characters of one string or number that a message quotes."""

MESSAGE_LIMIT = 1000
"""The most characters of a whole message, place included."""

_QUOTER = reprlib.Repr()
_QUOTER.maxstring = _QUOTER.maxother = _QUOTER.maxlong = QUOTE_LIMIT
_QUOTER.maxlevel = 3
for _name in ("maxtuple", "maxlist", "maxarray", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_QUOTER, _name, 10)


# A fraction is shown as the number it is (-1, 1/3), not as the call that makes one.
def _fraction(value: Fraction, level: int) -> str:
    numerator = _QUOTER.repr_int(value.numerator, level)
    denominator = _QUOTER.repr_int(value.denominator, level)
    return numerator if value.denominator == 1 else f"{numerator}/{denominator}"


_QUOTER.repr_Fraction = _fraction  # type: ignore[attr-defined]


def quote(value: object) -> str:
    """``repr(value)``, bounded: the head and tail of a long string or number, ten items of a
    collection, three levels of nesting.

    >>> quote("Yes")
    "'Yes'"
    >>> len(quote("x" * 10**6))
    60
    >>> quote(tuple(range(100)))
    '(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...)'
    >>> from fractions import Fraction
    >>> quote(Fraction(-1)), quote((Fraction(1, 3), 2))
    ('-1', '(1/3, 2)')
    """
    return _QUOTER.repr(value)


def _bounded(message: str) -> str:
    if len(message) <= MESSAGE_LIMIT:
        return message
    cut = len(message) - MESSAGE_LIMIT
    return f"{message[: MESSAGE_LIMIT - 40]} ... ({cut + 40} more characters)"


class _Placed(Exception):  # noqa: N818  # the base of an error and of a warning alike
    """A message about the input and the place it speaks of (file, row, column), shown
    before it: what :class:`DtreeError` and :class:`DtreeWarning` share."""

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
                None if file is None else _bounded_name(file),
                None if row is None else f"row {row}",
                None if column is None else f"column {quote(column)}",
            )
            if part is not None
        ]
        super().__init__(_bounded(f"{', '.join(place)}: {message}" if place else message))


class DtreeError(_Placed, ValueError):
    """A clear message about bad input, naming where the problem is.

    >>> error = DtreeError("'abc' is not a number", file="golf.csv", row=3, column="humidity")
    >>> str(error)
    "golf.csv, row 3, column 'humidity': 'abc' is not a number"
    >>> error.row, error.column
    (3, 'humidity')
    >>> str(DtreeError("the dataset is empty"))
    'the dataset is empty'
    >>> len(str(DtreeError("x" * 10**6, column="y" * 10**6))) <= MESSAGE_LIMIT
    True
    """


class DtreeWarning(_Placed, UserWarning):
    """A surprise in the input that is not an error, placed as a :class:`DtreeError` is.

    >>> str(DtreeWarning("read as nominal", file="golf.csv", row=7, column="humidity"))
    "golf.csv, row 7, column 'humidity': read as nominal"
    """


def warn(warning: DtreeWarning) -> None:
    """Issue ``warning`` through :mod:`warnings`, attributed to the caller of dtree's caller.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn(DtreeWarning("2 rows hold values the model never saw"))
    >>> [str(w.message) for w in caught]
    ['2 rows hold values the model never saw']
    """
    warnings.warn(warning, stacklevel=3)


def _bounded_name(file: str) -> str:
    """A file's name as a message shows it: whole unless it is absurdly long."""
    return file if len(file) <= 4 * QUOTE_LIMIT else quote(file)


def at_file(error: DtreeError, file: str) -> DtreeError:
    """The same error, placed in ``file`` (for loaders that parse then validate).

    >>> str(at_file(DtreeError("no classes", row=2), "x.csv"))
    'x.csv, row 2: no classes'
    """
    return DtreeError(error.message, file=file, row=error.row, column=error.column)


def check_choice(name: str, value: object, choices: Sequence[object]) -> None:
    """Refuse ``value`` unless it is one of ``choices``: ``typing.get_args`` of the
    option's ``Literal``, so that the choices are written once, in the type.  The
    message lists them sorted.

    >>> from typing import Literal, get_args
    >>> Risk = Literal["error", "impurity"]
    >>> check_choice("risk", "error", get_args(Risk))
    >>> check_choice("risk", "gini", get_args(Risk))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: unknown risk 'gini'; choose one of ['error', 'impurity']
    """
    if value not in choices:
        raise DtreeError(
            f"unknown {name} {quote(value)}; choose one of {sorted(map(str, choices))}"
        )
