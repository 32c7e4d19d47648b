"""ARFF, Weka's data format: writing a dataset as Weka reads it.

Holds
-----
:func:`arff_text`
    A :class:`~dtree.dataset.Dataset` as the text of an ARFF file.

The format as Weka 3.6 reads it
-------------------------------
- A header of ``@relation NAME``, one ``@attribute NAME TYPE`` per column
  and ``@data``; keywords in any case.  TYPE is ``numeric`` (``real`` and
  ``integer`` mean the same) or a nominal domain ``{v1,v2,...}`` whose order
  is the declared order of the values.
- One data row a line: the values in attribute order, separated by commas,
  ``?`` for a missing value, then optionally an instance weight ``{w}``
  (a row without one weighs 1).
- A name or value is one token: bare when it holds no blank, control
  character or any of ``,{}'"%\\`` and is neither empty nor ``?``;
  otherwise in single quotes, with ``\\\\``, ``\\'``, ``\\n``, ``\\r``,
  ``\\t`` and three-digit octal escapes (``\\001``) inside.  ``%`` starts
  a comment outside quotes.
- Weka reads a file in the platform's encoding; the text written here is
  meant to be saved as UTF-8, so run Java with ``-Dfile.encoding=UTF-8``
  when a name or value is not ASCII.
"""

from __future__ import annotations

from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Value, Weight
from dtree.errors import DtreeError, quote

__all__ = ["arff_text"]

_SPECIAL = frozenset(",{}'\"%\\")
"""Characters that end a bare token (besides blanks and control characters)."""

_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def arff_text(data: Dataset, relation: str = "data") -> str:
    """The ARFF text of ``data``: its attributes in schema order, the target last.

    Nominal domains and the classes keep their declared order; a missing
    value is ``?``; a number is written so that it reads back bit for bit
    (``repr`` of a float, an integer as digits); a row whose weight is not
    1 carries it as Weka's instance weight ``{w}``.  Only the dataset's
    rows are written, in its order.  A weight or value that no double
    holds exactly (``Fraction(1, 3)``) is a :class:`DtreeError`: ARFF holds
    doubles.

    >>> from dtree.datasets import load
    >>> data = load("play-tennis").subset([0, 2])
    >>> print(arff_text(data.with_weights([2] + [1] * 13), relation="play tennis"))
    @relation 'play tennis'
    <BLANKLINE>
    @attribute Outlook {Overcast,Rain,Sunny}
    @attribute Temperature {Cool,Hot,Mild}
    @attribute Humidity {High,Normal}
    @attribute Wind {Strong,Weak}
    @attribute PlayTennis {No,Yes}
    <BLANKLINE>
    @data
    Sunny,Hot,High,Weak,No,{2}
    Overcast,Hot,High,Weak,Yes
    <BLANKLINE>
    """
    schema = data.schema
    lines = [f"@relation {_token(relation)}", ""]
    lines += [_declaration(attribute) for attribute in (*schema.attributes, schema.target)]
    lines += ["", "@data"]
    for row in data.rows:
        values = [_value(column[row]) for column in data.columns]
        values.append(_value(data.target[row]))
        weight = data.weights[row]
        if weight != 1:
            values.append(f"{{{_number(weight)}}}")
        lines.append(",".join(values))
    return "\n".join(lines) + "\n"


def _token(text: str) -> str:
    """``text`` as one ARFF token: bare if it can be, else single-quoted with escapes.

    >>> [_token(text) for text in ["Sunny", "no checking", "?", "", "it's", "a,b", "%"]]
    ['Sunny', "'no checking'", "'?'", "''", "'it\\\\'s'", "'a,b'", "'%'"]
    >>> print(_token("tab\\there\\x01"))
    'tab\\there\\001'
    """
    if text and text != "?" and all(_is_bare(character) for character in text):
        return text
    return "'" + "".join(map(_escaped, text)) + "'"


def _is_bare(character: str) -> bool:
    return character.isprintable() and not character.isspace() and character not in _SPECIAL


def _escaped(character: str) -> str:
    if character in _ESCAPES:
        return _ESCAPES[character]
    if ord(character) < 32:
        return f"\\{ord(character):03o}"
    return character


def _declaration(attribute: Attribute) -> str:
    match attribute.domain:
        case Nominal(values):
            kind = "{" + ",".join(map(_token, values)) + "}"
        case Numeric():
            kind = "numeric"
        case _:  # pragma: no cover - Domain has two cases
            raise AssertionError(attribute.domain)
    return f"@attribute {_token(attribute.name)} {kind}"


def _value(value: Value) -> str:
    if value is None:
        return "?"
    if isinstance(value, str):
        return _token(value)
    return _number(value)


def _number(number: Weight) -> str:
    """A number as text that a double reads back exactly: ``repr`` of a float (the shortest
    that rounds back to it), an integer as its digits.

    >>> from fractions import Fraction
    >>> _number(0.1), _number(3), _number(Fraction(1, 4)), _number(1e-300)
    ('0.1', '3', '0.25', '1e-300')
    """
    if isinstance(number, float):
        return repr(number)
    try:
        exact = float(number) == number
    except OverflowError:
        exact = False
    if not exact:
        raise DtreeError(f"{quote(number)} is not exactly a double, and ARFF holds doubles")
    if isinstance(number, int) or number.denominator == 1:
        return str(int(number))
    return repr(float(number))
