"""ARFF, Weka's data format: reading a dataset from it, writing one as Weka reads it.

Holds
-----
:func:`read_arff`
    The dataset held by an ARFF file, the target its last attribute by default.
:func:`read_arff_examples`
    Its rows as examples, for a model to predict.
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

How a file is read
------------------
:func:`read_arff` reads what Weka 3.6 reads, with the escapes of Java's
``StreamTokenizer`` (``\\n``, ``\\t``, octal ``\\012``, ``\\'``; any other
escaped character stands for itself), with three differences, each an
error rather than a guess: values are separated by commas (Weka also
takes blanks, so that a forgotten comma shifts a row silently), an empty
field is refused (write ``?`` for a missing value), and a number is a
decimal literal (``1e-5``, not ``NaN``, ``Infinity`` or ``0x1p3``).
String, date and relational attributes and sparse rows are refused: a
decision tree reads nominal and numeric attributes.  Every error is one
:class:`DtreeError` placed at ``file:line``.

The reader is written here rather than wrapped around liac-arff (the
parser OpenML uses) because that parser loses data silently where this
one must not: it truncates ``integer`` values (``1.5`` reads as 1), fills
the absent values of a sparse row with zeros, keeps the backslashes of a
quoted attribute name (``'it\\'s'``) and drops its quotes at both ends
(``"it'"`` reads as ``it``), reads ``nan`` and ``1_000`` as numbers, has no
instance weights, counts lines from the first non-blank one, refuses
``@attribute 'a b' { 'x', 'z' }`` (which Weka reads) and crashes on an
empty domain ``{}``.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import assert_never

from attrs import frozen

from dtree.dataset import (
    Attribute,
    Dataset,
    Domain,
    Nominal,
    Numeric,
    Schema,
    Value,
    Weight,
    check_weight,
    collection,
)
from dtree.errors import DtreeError, at_file, quote
from dtree.load import INTEGER, MissingTarget, decimal, integer, without_missing_target
from dtree.progress import Report
from dtree.reading import data_file, reading_meter, text_lines

__all__ = ["arff_text", "read_arff", "read_arff_examples"]

_SPECIAL = frozenset(",{}'\"%\\")
"""Characters that end a bare token (besides blanks and control characters)."""

_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}

_BATCH = 2**12
"""The rows read between two reports of progress."""


def arff_text(data: Dataset, relation: str = "data") -> str:
    """The ARFF text of ``data``: its attributes in schema order, the target last.

    Nominal domains and the classes keep their declared order; a missing
    value is ``?``; a number is written so that it reads back bit for bit
    (``repr`` of a float, an integer as digits); a row whose weight is not
    the integer 1 carries it as Weka's instance weight ``{w}``.  Only the dataset's
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
        if not (isinstance(weight, int) and weight == 1):  # a float 1.0 stays a float
            values.append(f"{{{_spelled(weight)}}}")
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
            assert_never(attribute.domain)
    return f"@attribute {_token(attribute.name)} {kind}"


def _value(value: Value) -> str:
    if value is None:
        return "?"
    if isinstance(value, str):
        return _token(value)
    return _spelled(value)


def _spelled(number: Weight) -> str:
    """A number as text that a double reads back exactly: ``repr`` of a float (the shortest
    that rounds back to it), an integer as its digits.

    >>> from fractions import Fraction
    >>> _spelled(0.1), _spelled(3), _spelled(Fraction(1, 4)), _spelled(1e-300)
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


# -- reading ----------------------------------------------------------------------


def read_arff(
    path: str | os.PathLike[str],
    target: str | None = None,
    *,
    progress: Report | None = None,
    missing_target: MissingTarget = "refuse",
) -> Dataset:
    """The dataset held by the ARFF file at ``path``, predicting attribute ``target``.

    - ``target`` defaults to the last attribute, as in Weka.  A nominal
      target makes a classification dataset whose classes are in the
      order the file declares them; a numeric one, a regression dataset.
    - Every other attribute keeps its declared domain: a nominal one its
      values in the file's order (values no row takes included), a
      ``numeric``, ``real`` or ``integer`` one floats.
    - ``?`` is a missing value (``'?'`` is the string); the target may not
      be missing.  An instance weight ``{w}`` after a row weighs it (an
      integer stays an ``int``, so counts stay exact).
    - Blank lines and ``%`` comments are skipped; the lines are numbered
      from 1, the first line of the file.
    - The file is read as :func:`dtree.read_csv` reads one: only a file that
      ends (a regular file or a named pipe), one line at a time, each at
      most :data:`~dtree.reading.LINE_LIMIT` characters; ``progress`` is told
      of the reading (:func:`dtree.reading.reading_meter`).

    Every problem is one :class:`DtreeError` placed at ``file:line`` (see
    the module's docstring for what is read and what is refused).

    >>> import tempfile
    >>> from pathlib import Path
    >>> text = '''% the weather, with a quoted value
    ... @relation weather
    ... @attribute outlook {sunny, overcast, 'light rain'}
    ... @attribute humidity numeric
    ... @attribute play {yes, no}
    ... @data
    ... sunny, 85, no
    ... 'light rain', ?, yes, {2}
    ... '''
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "weather.arff")
    ...     _ = path.write_text(text)
    ...     data = read_arff(path)
    >>> data.schema.classes, data.column("outlook"), data.column("humidity"), data.weights
    (('yes', 'no'), ('sunny', 'light rain'), (85.0, None), (1, 2))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "weather.arff")
    ...     _ = path.write_text(text.replace("85", "eighty-five"))
    ...     read_arff(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: .../weather.arff:7, column 'humidity': 'eighty-five' is not a number
    """
    file = os.fspath(path)
    table, done = _table(file, progress)
    names = [attribute.name for attribute in table.attributes]
    if target is None:
        target = names[-1]
    elif target not in names:
        known = ", ".join(map(quote, names))
        raise DtreeError(f"unknown target {quote(target)}; the attributes are {known}", file=file)
    position = names.index(target)
    all_columns: list[Sequence[Value]] = list(table.columns)
    weights: Sequence[Weight] = table.weights
    if missing_target == "drop":  # as J48 and rpart do, said so
        by_name = dict(zip(names, table.columns, strict=True))
        kept, shares = without_missing_target(by_name, target, weights, file)
        all_columns, weights = [kept[name] for name in names], shares or []
    for line, label in zip(table.lines, all_columns[position], strict=False):
        if label is None:
            raise _error("the target value is missing", file, line, target)
    attributes = [a for j, a in enumerate(table.attributes) if j != position]
    columns = [c for j, c in enumerate(all_columns) if j != position]
    labels = [label for label in all_columns[position] if label is not None]
    try:
        data = Dataset(Schema(attributes, table.attributes[position]), columns, labels, weights)
    except DtreeError as error:
        raise at_file(error, file) from error
    done()
    return data


def read_arff_examples(
    path: str | os.PathLike[str], *, numeric: Iterable[str] = (), nominal: Iterable[str] = ()
) -> tuple[dict[str, Value], ...]:
    """The rows of the ARFF file at ``path`` as examples, for a model to predict.

    Every attribute is kept, the target too (a model never reads it, and it
    may be missing, ``?``, as in a file of rows to classify).  Each
    attribute named in ``numeric`` must be declared numeric, each in
    ``nominal`` nominal: a model compares those as numbers and as names.
    Instance weights are read and dropped.  Errors are as in :func:`read_arff`.

    >>> import tempfile
    >>> from pathlib import Path
    >>> text = "@relation r\\n@attribute t numeric\\n@attribute play {yes,no}\\n@data\\n20,?\\n"
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "days.arff")
    ...     _ = path.write_text(text)
    ...     read_arff_examples(path, numeric=["t"])
    ({'t': 20.0, 'play': None},)
    """
    file = os.fspath(path)
    table, _ = _table(file, None)
    kinds = {attribute.name: attribute.domain for attribute in table.attributes}
    for names, kind in ((numeric, Numeric), (nominal, Nominal)):
        for name in collection(names, kind.__name__.lower()):
            if name not in kinds:
                known = ", ".join(map(quote, kinds))
                raise DtreeError(
                    f"the attribute {quote(name)} is needed but absent; the attributes are {known}",
                    file=file,
                )
            if not isinstance(kinds[name], kind):
                raise DtreeError(
                    f"declared {type(kinds[name]).__name__.lower()}, but the model compares it"
                    f" as {kind.__name__.lower()}",
                    file=file,
                    column=name,
                )
    return tuple(
        {
            attribute.name: column[i]
            for attribute, column in zip(table.attributes, table.columns, strict=True)
        }
        for i in range(len(table.lines))
    )


@frozen
class _Table:
    """What an ARFF file holds: its attributes, their typed columns (any value may be
    missing), the weight of each row and the line it is on."""

    attributes: tuple[Attribute, ...]
    columns: tuple[tuple[Value, ...], ...]
    weights: tuple[Weight, ...]
    lines: tuple[int, ...]


def _table(file: str, progress: Report | None) -> tuple[_Table, Callable[[], None]]:
    """The table the ARFF file holds, read line by line and typed row by row (so that the
    first error is the one on the first line), and the last report of its progress, to make
    once the data is built from it."""
    with data_file(file) as (stream, size):
        advance = reading_meter(progress, file, size, stream.tell)
        attributes, start, rows = _parse(text_lines(stream, file, refuse_nul=False), file)
        domains = [_values(attribute) for attribute in attributes]
        columns: list[list[Value]] = [[] for _ in attributes]
        weights: list[Weight] = []
        lines: list[int] = []
        for row in rows:
            for column, attribute, values, (kind, text) in zip(
                columns, attributes, domains, row.fields, strict=True
            ):
                column.append(_typed(attribute, kind, text, file, row.line, values=values))
            weights.append(1 if row.weight is None else _weight(row.weight, file, row.line))
            lines.append(row.line)
            if len(lines) % _BATCH == 0:
                advance(len(lines), False)
    if not lines:
        raise _error("no data rows after @data", file, start)
    table = _Table(tuple(attributes), tuple(map(tuple, columns)), tuple(weights), tuple(lines))
    return table, lambda: advance(len(lines), True)


def _values(attribute: Attribute) -> dict[str, str] | None:
    """The declared values of a nominal attribute, each its own key (so that every row
    holding a value shares one string), or None for a numeric attribute."""
    match attribute.domain:
        case Nominal(values):
            return {value: value for value in values}
        case Numeric():
            return None
        case _:
            assert_never(attribute.domain)


Token = tuple[str, str]
"""A token of a line: its kind (``word``, ``quoted``, ``{``, ``}``, ``,``) and its text,
unescaped if it was quoted."""

# As Java's StreamTokenizer splits Weka's lines: characters up to the space are blanks, a
# quoted string ends on its line, '%' outside quotes starts a comment.
_BARE = r"[^\x00-\x20{},'\"%]+"
"""A bare word: no blank, comma, brace, quote or comment sign."""
_TOKEN = re.compile(
    rf"""(?P<blank>[\x00-\x20]+)
      | (?P<quoted>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
      | (?P<open>['"])
      | (?P<comment>%.*)
      | (?P<mark>[{{}},])
      | (?P<word>{_BARE})""",
    re.VERBOSE | re.DOTALL,
)
_PLAIN = re.compile(rf"[ \t]*{_BARE}(?:[ \t]*,[ \t]*{_BARE})*[ \t]*")
"""A line of bare words between commas, as most data rows are."""
_ESCAPE = re.compile(r"\\(?:([0-3][0-7]{0,2}|[4-7][0-7]?)|(.))", re.DOTALL)
_NAMED_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_NUMERIC_TYPES = ("numeric", "real", "integer")
_REFUSED_TYPES = {
    "string": "string attributes are not supported (Weka's StringToNominal filter makes one"
    " nominal)",
    "date": "date attributes are not supported (make the date numeric or nominal)",
    "relational": "relational (multi-instance) attributes are not supported",
}


@frozen
class _Row:
    line: int
    fields: tuple[Token, ...]
    weight: str | None


def _error(message: str, file: str, line: int, column: str | None = None) -> DtreeError:
    return DtreeError(message, file=f"{file}:{line}", column=column)


def _lines(lines: Iterable[str], file: str) -> Iterator[tuple[int, list[Token]]]:
    """The numbered lines that hold a token, as their tokens."""
    for number, text in enumerate(lines, start=1):
        line = text.rstrip("\r\n")
        tokens = _plain(line) or _tokens(line, file, number)
        if tokens:
            yield number, tokens


def _plain(line: str) -> list[Token] | None:
    """The tokens of a line of bare words between commas, found faster than by
    :func:`_tokens` (most data rows are such lines); ``None`` for any other line.

    >>> _plain(" sunny, 85 ,no")
    [('word', 'sunny'), (',', ','), ('word', '85'), (',', ','), ('word', 'no')]
    """
    if not _PLAIN.fullmatch(line):
        return None
    tokens: list[Token] = [(",", ",")] * (2 * line.count(",") + 1)
    tokens[::2] = [("word", word.strip(" \t")) for word in line.split(",")]
    return tokens


def _tokens(line: str, file: str, number: int) -> list[Token]:
    """The tokens of one line; blanks and a comment are dropped.

    >>> _tokens("'light rain', 85, {2} % a comment", "w.arff", 7)
    [('quoted', 'light rain'), (',', ','), ('word', '85'), (',', ','), ('{', '{'), \
('word', '2'), ('}', '}')]
    >>> _tokens("'light rain, 85", "w.arff", 7)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: w.arff:7: a quote that is not closed on its line: "'light rain, 85"
    """
    tokens: list[Token] = []
    for match in _TOKEN.finditer(line):
        kind, text = match.lastgroup, match.group()
        if kind == "open":
            raise _error(
                f"a quote that is not closed on its line: {quote(line[match.start() :])}",
                file,
                number,
            )
        if kind == "quoted":
            tokens.append(("quoted", _unescaped(text[1:-1])))
        elif kind == "mark":
            tokens.append((text, text))
        elif kind == "word":
            tokens.append(("word", text))
    return tokens


def _unescaped(body: str) -> str:
    r"""The text a quoted token stands for, its escapes read as Java's StreamTokenizer reads
    them (Weka's rules).

    >>> _unescaped(r"it\'s a\ttab, \101\1012 and \%")
    "it's a\ttab, AA2 and %"
    """

    def replacement(match: re.Match[str]) -> str:
        octal, other = match.groups()
        if octal is not None:
            return chr(int(octal, 8))
        return _NAMED_ESCAPES.get(other, other)

    return _ESCAPE.sub(replacement, body)


def _parse(lines: Iterable[str], file: str) -> tuple[tuple[Attribute, ...], int, Iterator[_Row]]:
    """The declared attributes of an ARFF file's lines, the line of its ``@data``, and its
    data rows, read as they are consumed."""
    numbered = _lines(lines, file)
    last = 0
    relation = False
    attributes: list[Attribute] = []
    names: set[str] = set()
    for number, tokens in numbered:
        last = number
        keyword = tokens[0][1].lower() if tokens[0][0] == "word" else ""
        if keyword == "@relation" and not relation and not attributes:
            if len(tokens) != 2 or tokens[1][0] not in ("word", "quoted"):
                raise _error("expected @relation NAME", file, number)
            relation = True
        elif keyword == "@attribute" and relation:
            attribute = _attribute(tokens[1:], file, number)
            if attribute.name in names:
                raise _error(f"a second attribute called {quote(attribute.name)}", file, number)
            names.add(attribute.name)
            attributes.append(attribute)
        elif keyword == "@data" and attributes:
            if len(tokens) > 1:
                raise _error("nothing may follow @data on its line", file, number)
            width = len(attributes)
            rows = (_row(tokens, width, file, line) for line, tokens in numbered)
            return tuple(attributes), number, rows
        else:
            expected = (
                "@attribute or @data" if attributes else "@attribute" if relation else "@relation"
            )
            raise _error(f"expected {expected}, found {quote(tokens[0][1])}", file, number)
    raise _error(
        "the file ends before its @data section"
        if attributes or relation
        else "the file is empty: expected @relation, @attribute lines, @data and rows",
        file,
        max(last, 1),
    )


def _attribute(tokens: Sequence[Token], file: str, line: int) -> Attribute:
    """The attribute an ``@attribute NAME TYPE`` line declares (``tokens`` after the keyword).

    >>> _attribute([("quoted", "a b"), ("{", "{"), ("word", "x"), (",", ","),
    ...             ("quoted", "y z"), ("}", "}")], "w.arff", 3)
    Attribute(name='a b', domain=Nominal(values=('x', 'y z')))
    >>> _attribute([("word", "when"), ("word", "DATE")], "w.arff", 3)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: w.arff:3, column 'when': date attributes are not supported \
(make the date numeric or nominal)
    """
    if len(tokens) < 2 or tokens[0][0] not in ("word", "quoted"):
        raise _error("expected @attribute NAME TYPE", file, line)
    name = tokens[0][1]
    kind, text = tokens[1]
    domain: Domain
    if kind == "{":
        domain = Nominal(_domain(tokens[2:], name, file, line))
    elif kind == "word" and text.lower() in _REFUSED_TYPES:
        raise _error(_REFUSED_TYPES[text.lower()], file, line, name)
    elif kind == "word" and text.lower() in _NUMERIC_TYPES:
        if len(tokens) > 2:
            raise _error(f"nothing may follow the type {text}", file, line, name)
        domain = Numeric()
    else:
        raise _error(
            f"unknown attribute type {quote(text)}: expected numeric, real, integer or a"
            " nominal domain {v1,v2,...}",
            file,
            line,
            name,
        )
    return Attribute(name, domain)


def _domain(tokens: Sequence[Token], name: str, file: str, line: int) -> tuple[str, ...]:
    """The values of a nominal domain: ``tokens`` after its ``{``, up to its ``}``."""
    if not tokens or tokens[-1][0] != "}":
        raise _error("a nominal domain must end with } on its line", file, line, name)
    values = tuple(value for _, value in _fields(tokens[:-1], file, line, "the nominal domain"))
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise _error(f"the value {quote(value)} is declared twice", file, line, name)
        seen.add(value)
    return values


def _fields(tokens: Sequence[Token], file: str, line: int, what: str) -> list[Token]:
    """The values of comma-separated ``tokens``: a value, then a comma and a value, ...

    >>> _fields([("word", "a"), (",", ","), (",", ","), ("word", "b")], "w.arff", 9, "the row")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: w.arff:9: an empty field in the row (write ? for a missing value)
    """
    values: list[Token] = []
    expect_value = True
    for token in tokens:
        kind, text = token
        if kind in ("word", "quoted") and expect_value:
            values.append(token)
        elif kind == "," and not expect_value:
            pass
        elif kind == ",":
            hint = " (write ? for a missing value)" if what == "the row" else ""
            raise _error(f"an empty field in {what}{hint}", file, line)
        elif kind in ("word", "quoted"):
            raise _error(f"a comma is missing before {quote(text)} in {what}", file, line)
        else:
            raise _error(f"unexpected {text} in {what}", file, line)
        expect_value = not expect_value
    if values and expect_value:
        raise _error(f"{what} ends with a comma", file, line)
    return values


def _row(tokens: list[Token], width: int, file: str, line: int) -> _Row:
    """A dense data row: ``width`` values, and an instance weight ``{w}`` if there is one."""
    if tokens[0][0] == "{":
        raise _error(
            "sparse rows ({index value, ...}) are not supported: write every value", file, line
        )
    weight = None
    if tokens[-1][0] == "}":
        if len(tokens) < 4 or tokens[-3][0] != "{" or tokens[-2][0] not in ("word", "quoted"):
            raise _error("an instance weight is written {w}, after the row's values", file, line)
        weight = tokens[-2][1]
        tokens = tokens[:-3]
        if tokens and tokens[-1][0] == ",":
            tokens = tokens[:-1]
    fields = _fields(tokens, file, line, "the row")
    if len(fields) != width:
        raise _error(
            f"{len(fields)} values, expected {width} (one per attribute)"
            if len(fields) != 1
            else f"1 value, expected {width} (one per attribute)",
            file,
            line,
        )
    return _Row(line, tuple(fields), weight)


def _typed(
    attribute: Attribute,
    kind: str,
    text: str,
    file: str,
    line: int,
    *,
    values: dict[str, str] | None,
) -> Value:
    """The value a field holds for ``attribute`` (of declared ``values`` if it is nominal,
    :func:`_values`): ``None`` for a bare ``?``."""
    if kind == "word" and text == "?":
        return None
    match attribute.domain:
        case Nominal(declared):
            assert values is not None
            if text not in values:
                raise _error(
                    f"{quote(text)} is not one of the declared values {quote(declared)}",
                    file,
                    line,
                    attribute.name,
                )
            return values[text]
        case Numeric():
            number = decimal(text)
            if number is None:
                raise _error(f"{quote(text)} is not a number", file, line, attribute.name)
            if not math.isfinite(number):
                raise _error(
                    f"{quote(text)} is not a finite number (NaN and infinity are not allowed)",
                    file,
                    line,
                    attribute.name,
                )
            return number
        case _:  # pragma: no cover - Domain has two cases
            assert_never(attribute.domain)


def _weight(text: str, file: str, line: int) -> Weight:
    """An instance weight: a finite number >= 0, an integer kept an ``int``."""
    number = decimal(text)
    weight: object = integer(text) if INTEGER.fullmatch(text) else number
    try:
        check_weight(weight, row=line)
    except DtreeError as error:
        raise _error(error.message, file, line) from error
    assert isinstance(weight, int | float)  # check_weight refused anything else
    return weight
