"""Weka's J48: its printed tree as a dtree tree, a dtree tree printed as J48 prints it, and J48 run.

Vocabulary
----------
J48's text
    What ``java weka.classifiers.trees.J48 -t FILE`` prints between its
    header (``J48 pruned tree`` or ``J48 unpruned tree`` and a line of
    dashes) and ``Number of Leaves``: one line per branch, in preorder,
    ``|   `` once for each split above it, then the attribute, the test
    and, on a branch that ends in a leaf, ``: CLASS (N/E)``::

        outlook = sunny
        |   humidity <= 75: yes (2.0)
        |   humidity > 75: no (3.0)
        outlook = overcast: yes (4.0)
        outlook = rainy: yes (5.0/2.0)

    A tree that is one leaf is the line ``: CLASS (N/E)``.  Names, values
    and classes are printed as they are, never quoted, so the reader finds
    them by the dataset's own names (the longest that fits first).
The tests
    A multiway nominal split ``a = v``, one line for each value of the
    domain (dtree's :class:`~dtree.conditions.Equals`); a binary nominal
    split of ``-B``, ``a = v`` then ``a != v`` (dtree's
    :class:`~dtree.conditions.In` and :class:`~dtree.conditions.NotIn` of
    the one value ``v``, dtree's binary nominal split); a numeric split
    ``a <= t`` then ``a > t`` (:class:`~dtree.conditions.AtMost`,
    :class:`~dtree.conditions.Above`).
A leaf's counts
    ``N`` is the weight of the training rows that reach it and ``E`` the
    weight of those not of its class, each rounded to two decimals
    (Weka's ``Utils.roundDouble(x, 2)``, ``rint(100 x) / 100``) and written
    as Java writes a double (``3.0``, ``7.48``); ``/E`` is left out when E
    is not above 1e-6 (Weka's ``Utils.SMALL``).  A row with a missing value
    reaches every branch with a share of its weight, as in dtree.
Thresholds
    J48's threshold is a training value: the largest value of the
    attribute in the whole training set that is not above the midpoint
    of the cut (by more than 1e-6; :data:`dtree.grower.learner.J48`).  J48 prints
    it to six decimals, trailing zeros cut (Weka's
    ``Utils.doubleToString(t, 6)``: ``10``, ``0.561``, ``-1.89048``), or,
    with ``-B``, as Java writes a double (``10.0``).
    So the printed number is not always the threshold: the reader takes
    the training value that prints as it does (see :func:`read_j48`).

Contents: :func:`j48_reading` (the tree and the findings), :func:`read_j48`,
:func:`j48_text`, :func:`run_j48`,
:func:`weka_decimals`, :func:`java_double`, :data:`COUNT_TOLERANCE`.
"""

from __future__ import annotations

import math
import re
import subprocess
import tempfile
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import assert_never

from attrs import frozen

from dtree.arff import arff_text
from dtree.conditions import Above, AboveLevel, AtMost, AtMostLevel, Condition, Equals, In, NotIn
from dtree.conformance import peers
from dtree.conformance.claims import Finding, Reading, path_to, predicting
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Label, Nominal, Numeric, Weight
from dtree.errors import DtreeError, quote
from dtree.routing import restated
from dtree.tree import Branch, Leaf, Split, Tree, n_leaves, nodes, preorder, size

__all__ = [
    "COUNT_TOLERANCE",
    "j48_reading",
    "j48_text",
    "java_double",
    "read_j48",
    "run_j48",
    "weka_decimals",
]

COUNT_TOLERANCE = 0.005 + 1e-6
"""How far a printed count may be from the recounted one: half its last digit, plus Weka's
``Utils.SMALL`` (its sums are of doubles, dtree's exact)."""

_WEKA_SMALL = 1e-6
"""Weka's ``Utils.SMALL``: J48 writes ``/E`` only for E above it, and calls two class weights
closer than it a tie (won by the first class)."""

_INDENT = "|   "
_INDENTS = re.compile(r"(?:\|   )*")
_HEADERS = ("J48 pruned tree", "J48 unpruned tree")
_LEAVES_LINE = re.compile(r"Number of Leaves\s*:\s*(\d+)\s*")
_SIZE_LINE = re.compile(r"Size of the tree\s*:\s*(\d+)\s*")
_NUMBER = r"\d+(?:\.\d+)?(?:E-?\d+)?"
_THRESHOLD = re.compile(f"-?{_NUMBER}")
_LABEL = re.compile(rf"(?P<label>.*) \((?P<n>{_NUMBER})(?:/(?P<e>{_NUMBER}))?\)", re.DOTALL)
_TEST = re.compile(r"(?P<name>.*?) (?P<op>=|!=|<=|>) (?P<rest>.*)", re.DOTALL)
_OPERATORS = (" != ", " <= ", " = ", " > ")
_LONG_MAX = 2.0**63
"""Java's ``Long.MAX_VALUE`` as a double: Weka's ``doubleToString`` falls back to
:func:`java_double` for a number whose scaled value is not below it."""


# -- numbers as Weka writes them -------------------------------------------------


def java_double(x: float) -> str:
    """A double as Java's ``Double.toString`` writes it: the shortest digits that read back,
    with at least one decimal, in scientific notation (``1.0E7``) outside [1e-3, 1e7).

    (Java before release 19 writes a few doubles with a digit more than the
    shortest; every count J48 prints, a multiple of 0.01 below 20,000, is
    written alike.)

    >>> java_double(3.0), java_double(7.48), java_double(-0.0)
    ('3.0', '7.48', '-0.0')
    >>> java_double(1e7), java_double(1.5e-4), java_double(-123456789.0)
    ('1.0E7', '1.5E-4', '-1.23456789E8')
    """
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    if 1e-3 <= abs(x) < 1e7:
        return repr(x)
    digits_tuple, exponent = Decimal(repr(abs(x))).normalize().as_tuple()[1:]
    digits = "".join(map(str, digits_tuple))
    assert isinstance(exponent, int)  # a finite number
    mantissa = digits[0] + "." + (digits[1:] or "0")
    return ("-" if x < 0 else "") + f"{mantissa}E{len(digits) - 1 + exponent}"


def weka_decimals(x: float, decimals: int = 6) -> str:
    """``x`` as Weka's ``Utils.doubleToString(x, decimals)`` writes it, J48's thresholds:
    ``x * 10**decimals`` rounded half away from zero (in doubles, as Java computes it), the
    decimal point put back and trailing zeros cut.

    >>> weka_decimals(10.0), weka_decimals(0.5610000001), weka_decimals(-1.890476190)
    ('10', '0.561', '-1.890476')
    >>> weka_decimals(91.44444444), weka_decimals(-0.0000001), weka_decimals(5e-7)
    ('91.444444', '0', '0.000001')
    """
    scaled = x * 10.0**decimals
    if not abs(scaled) < _LONG_MAX:
        return java_double(x)
    units = int(scaled + 0.5) if scaled > 0 else -int(abs(scaled) + 0.5)
    digits = str(abs(units)).rjust(decimals + 1, "0")
    whole, fraction = digits[: len(digits) - decimals], digits[len(digits) - decimals :]
    fraction = fraction.rstrip("0")
    return ("-" if units < 0 else "") + whole + ("." + fraction if fraction else "")


def _weka_count(weight: float) -> str:
    """A count as J48 prints it: ``Utils.roundDouble(weight, 2)`` written by Java."""
    return java_double(round(weight * 100.0) / 100.0)


# -- printing --------------------------------------------------------------------


def _label(leaf: Leaf) -> str:
    """``CLASS (N/E)`` of a leaf, as J48's ``dumpLabel`` writes it."""
    stats = leaf.stats
    if not isinstance(stats, ClassStats) or not isinstance(leaf.prediction, str):
        raise DtreeError("J48 prints classification trees only: a leaf predicts a number")
    weight = float(stats.weight)
    errors = weight - float(stats.counts[stats.classes.index(leaf.prediction)])
    wrong = f"/{_weka_count(errors)}" if errors > _WEKA_SMALL else ""
    return f"{leaf.prediction} ({_weka_count(weight)}{wrong})"


def _test(condition: Condition, binary: bool) -> str:
    """`` = v``, `` != v``, `` <= t`` or `` > t``: a condition without its attribute."""
    number = java_double if binary else weka_decimals
    match condition:
        case Equals(_, value):
            return f" = {value}"
        case AtMost(_, threshold):
            return f" <= {number(threshold)}"
        case Above(_, threshold):
            return f" > {number(threshold)}"
        case In(_, values) | NotIn(_, values):
            if len(values) != 1:
                raise DtreeError(
                    f"J48 splits a nominal attribute on one value (a = v, a != v), not on"
                    f" {quote(sorted(values))}"
                )
            (value,) = values
            return f" {'=' if isinstance(condition, In) else '!='} {value}"
        case AtMostLevel() | AboveLevel():
            raise DtreeError("J48 has no ordinal attributes: it cannot write x <= level")
        case _:
            assert_never(condition)


def _is_binary(tree: Tree) -> bool:
    """Whether a split of the tree tests a nominal value as J48 -B does (In / NotIn)."""
    return any(
        isinstance(branch.condition, In | NotIn)
        for node in nodes(tree)
        if isinstance(node, Split)
        for branch in node.branches
    )


def j48_text(tree: Tree, *, binary: bool | None = None) -> str:
    """The tree as J48 prints it between its header and ``Number of Leaves``, a line a branch.

    ``binary`` says whether thresholds are written as J48 ``-B`` writes them
    (as Java writes a double, ``10.0``) or as plain J48 does (six decimals,
    ``10``); by default, as ``-B`` does when the tree has a binary nominal
    split (``In`` / ``NotIn`` of one value), else as plain J48 does.  A
    split on a set of more than one value, or a regression tree, has no J48
    form: a :class:`DtreeError`.  :func:`read_j48` reads the text back.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> print(j48_text(c45(load("golf"))), end="")
    outlook = overcast: Play (4.0)
    outlook = rain
    |   windy = false: Play (3.0)
    |   windy = true: Don't Play (2.0)
    outlook = sunny
    |   humidity <= 75: Play (2.0)
    |   humidity > 75: Don't Play (3.0)

    See also: :func:`read_j48`, :func:`run_j48`, :func:`dtree.render.text`.
    """
    if isinstance(tree, Leaf):
        return f": {_label(tree)}\n"
    thresholds_binary = _is_binary(tree) if binary is None else binary
    lines: list[str] = []
    for node, level, edge in preorder(tree):
        if edge is None:
            continue
        condition = edge.condition
        line = _INDENT * (level - 1) + condition.attribute + _test(condition, thresholds_binary)
        match node:
            case Leaf():
                lines.append(f"{line}: {_label(node)}")
            case Split():
                lines.append(line)
            case _:
                assert_never(node)
    return "\n".join(lines) + "\n"


# -- reading ---------------------------------------------------------------------


@frozen
class _Counts:
    """A leaf as printed: its class, N and E (0 when not printed), and its line."""

    label: Label
    weight: float
    errors: float
    line: int


@frozen
class _Line:
    """One printed branch: its line number, depth, attribute, test and leaf (if it ends in
    one).  ``operand`` is the value, or the threshold as printed."""

    number: int
    depth: int
    attribute: str
    operator: str
    operand: str
    leaf: _Counts | None


@frozen
class _Block:
    """The lines of the tree, numbered from 1 in the whole text, and the numbers J48 printed
    after it (with their lines)."""

    lines: tuple[tuple[int, str], ...]
    leaves: tuple[int, int] | None
    size: tuple[int, int] | None


def _fail(message: str, file: str | None, line: int) -> DtreeError:
    """The error placed at ``file:line`` (as :func:`dtree.read_arff` places its own), or at
    ``line N`` of a text that has no file."""
    if file is None:
        return DtreeError(f"line {line}: {message}")
    return DtreeError(message, file=f"{file}:{line}")


def _tree_block(text: str, file: str | None) -> _Block:
    """Find the tree in J48's output: after its header when there is one, up to ``Number of
    Leaves`` (which must follow a header: without it the text is cut short)."""
    all_lines = text.splitlines()
    start, header = 0, None
    for i, line in enumerate(all_lines):
        if line.strip() in _HEADERS:
            start, header = i + 1, i
            if start < len(all_lines) and set(all_lines[start].strip()) == {"-"}:
                start += 1
            break
    stop = next(
        (i for i in range(start, len(all_lines)) if _LEAVES_LINE.fullmatch(all_lines[i])),
        None,
    )
    if stop is None and header is not None:
        raise _fail(
            "the text ends before 'Number of Leaves': J48's output is cut short",
            file,
            len(all_lines),
        )
    end = len(all_lines) if stop is None else stop
    lines = tuple((i + 1, all_lines[i]) for i in range(start, end) if all_lines[i].strip())
    leaves = size = None
    if stop is not None:
        counted = _LEAVES_LINE.fullmatch(all_lines[stop])
        assert counted is not None
        leaves = (stop + 1, int(counted[1]))
        size = next(
            (
                (i + 1, int(match[1]))
                for i in range(stop + 1, len(all_lines))
                if (match := _SIZE_LINE.fullmatch(all_lines[i]))
            ),
            None,
        )
    if not lines:
        raise _fail("no tree: J48 prints at least one line", file, max(end, 1))
    return _Block(lines, leaves, size)


def _leaf_of(text: str, classes: Sequence[Label], number: int) -> _Counts | str:
    """``CLASS (N/E)``, or what is wrong with it."""
    match = _LABEL.fullmatch(text)
    if match is None:
        return f"{quote(text)} is not a leaf 'CLASS (N)' or 'CLASS (N/E)'"
    if match["label"] not in classes:
        return f"unknown class {quote(match['label'])}"
    errors = 0.0 if match["e"] is None else float(match["e"])
    return _Counts(match["label"], float(match["n"]), errors, number)


def _parse_line(
    number: int, line: str, data: Dataset, names: Sequence[str], file: str | None
) -> _Line:
    indent = _INDENTS.match(line)
    assert indent is not None  # it matches the empty string
    depth, body = indent.end() // len(_INDENT), line[indent.end() :].rstrip()
    classes = data.schema.classes
    if body.startswith(": "):
        counts = _leaf_of(body[2:], classes, number)
        if isinstance(counts, str):
            raise _fail(counts, file, number)
        return _Line(number, depth, "", "", "", counts)
    problem = None
    for name in names:
        if not body.startswith(name):
            continue
        after = body[len(name) :]
        for operator in _OPERATORS:
            if after.startswith(operator):
                test = (name, operator.strip(), after[len(operator) :])
                result = _read_test((number, depth), test, data)
                if isinstance(result, _Line):
                    return result
                problem = problem or result
    if problem is not None:
        raise _fail(problem, file, number)
    guess = _TEST.fullmatch(body)
    if guess is None:
        raise _fail(f"{quote(body)} is not a J48 test 'a = v', 'a <= t', ...", file, number)
    raise _fail(f"unknown attribute {quote(guess['name'])}", file, number)


def _read_test(where: tuple[int, int], test: tuple[str, str, str], data: Dataset) -> _Line | str:
    """The line whose test is ``name operator rest``, or what is wrong with it."""
    number, depth = where
    name, operator, rest = test
    domain = data.schema.attribute(name).domain
    classes = data.schema.classes
    match domain:
        case Numeric():
            if operator not in ("<=", ">"):
                return f"{quote(name)} is numeric: its tests are <= and >, not {operator}"
            threshold, colon, leaf = rest.partition(": ")
            if not _THRESHOLD.fullmatch(threshold):
                return f"threshold {quote(threshold)} is not a number as J48 writes one"
            counts = _leaf_of(leaf, classes, number) if colon else None
            if isinstance(counts, str):
                return counts
            return _Line(number, depth, name, operator, threshold, counts)
        case Nominal(values):
            if operator not in ("=", "!="):
                return f"{quote(name)} is nominal: its tests are = and !=, not {operator}"
            problem = None
            for value in sorted(values, key=len, reverse=True):
                if rest == value:
                    return _Line(number, depth, name, operator, value, None)
                if rest.startswith(value + ": "):
                    counts = _leaf_of(rest[len(value) + 2 :], classes, number)
                    if not isinstance(counts, str):
                        return _Line(number, depth, name, operator, value, counts)
                    problem = problem or counts
            shown = rest.partition(": ")[0]
            return problem or f"unknown value {quote(shown)} of {quote(name)}"
        case _:
            assert_never(domain)


class _Thresholds:
    """The training value each printed threshold of an attribute stands for."""

    def __init__(self, data: Dataset) -> None:
        self._data = data
        self._printed: dict[str, dict[str, float]] = {}
        self._present: dict[str, frozenset[float]] = {}

    def value(self, attribute: str, printed: str) -> float:
        """The training value that J48 printed as ``printed`` (see :func:`read_j48`)."""
        if attribute not in self._present:
            present = frozenset(
                float(v) for v in self._data.column(attribute) if isinstance(v, int | float)
            )
            by_print: dict[str, float] = {}
            for v in sorted(present):
                by_print[weka_decimals(v)] = v  # ascending: the largest that prints so
            self._present[attribute], self._printed[attribute] = present, by_print
        number = float(printed)
        if number in self._present[attribute]:
            return number
        return self._printed[attribute].get(printed, number)


def _conditions(lines: Sequence[_Line], data: Dataset, thresholds: _Thresholds) -> list[Condition]:
    name = lines[0].attribute
    operators = [line.operator for line in lines]
    operands = {line.operand for line in lines}
    if isinstance(data.schema.attribute(name).domain, Numeric):
        if sorted(operators) != ["<=", ">"]:
            raise DtreeError(f"a numeric split is 'a <= t' and 'a > t', not {quote(operators)}")
        if len(operands) != 1:
            raise DtreeError(f"the two branches of a numeric split differ: {quote(operands)}")
        threshold = thresholds.value(name, lines[0].operand)
        return [(AtMost if line.operator == "<=" else Above)(name, threshold) for line in lines]
    if "!=" in operators:
        if sorted(operators) != ["!=", "="] or len(operands) != 1:
            raise DtreeError(
                f"a binary split of a nominal attribute is 'a = v' and 'a != v', not"
                f" {quote(operators)} of {quote(sorted(operands))}"
            )
        return [(In if line.operator == "=" else NotIn)(name, {line.operand}) for line in lines]
    return [Equals(name, line.operand) for line in lines]


@frozen
class _Frame:
    """The branches read so far of a split at ``depth``, with their subtrees (None while the
    lines below one are still being read); the two lists grow as the lines are read."""

    depth: int
    lines: list[_Line]
    subtrees: list[Tree | None]


def _blank(classes: tuple[Label, ...]) -> ClassStats:
    return ClassStats(classes, (0,) * len(classes))


def _skeleton(lines: Sequence[_Line], data: Dataset, file: str | None) -> Tree:
    """The tree of the lines, iteratively, with empty statistics (recounted later)."""
    classes = data.schema.classes
    thresholds = _Thresholds(data)

    def leaf(counts: _Counts | None) -> Tree | None:
        return None if counts is None else Leaf(counts.label, _blank(classes))

    def close(frame: _Frame) -> Split:
        try:
            conditions = _conditions(frame.lines, data, thresholds)
            subtrees = [subtree for subtree in frame.subtrees if subtree is not None]
            branches = map(Branch, conditions, subtrees)
            return Split(tuple(branches), _blank(classes))
        except DtreeError as error:
            raise _fail(error.message, file, frame.lines[0].number) from None

    first = lines[0]
    if first.leaf is not None and not first.attribute:
        if len(lines) > 1:
            raise _fail("a tree that is one leaf has one line", file, lines[1].number)
        return Leaf(first.leaf.label, _blank(classes))
    if first.depth != 0:
        raise _fail("the tree's first line is indented", file, first.number)
    stack = [_Frame(0, [], [])]
    previous: _Line | None = None
    for line in lines:
        if not line.attribute:
            raise _fail("a leaf ': CLASS (N)' is a whole tree, not a branch", file, line.number)
        _check_indent(previous, line, stack[-1].depth, file)
        if previous is not None and previous.leaf is None:
            stack.append(_Frame(line.depth, [], []))
        while stack[-1].depth > line.depth:
            _attach(stack, close(stack.pop()))
        frame = stack[-1]
        if frame.lines and frame.lines[0].attribute != line.attribute:
            raise _fail(
                f"this branch tests {quote(line.attribute)}, its siblings"
                f" {quote(frame.lines[0].attribute)} (line {frame.lines[0].number})",
                file,
                line.number,
            )
        frame.lines.append(line)
        frame.subtrees.append(leaf(line.leaf))
        previous = line
    assert previous is not None
    if previous.leaf is None:
        raise _fail(
            "the text ends at a split with no branches below it: it is cut short",
            file,
            previous.number,
        )
    while len(stack) > 1:
        _attach(stack, close(stack.pop()))
    return close(stack[0])


def _check_indent(previous: _Line | None, line: _Line, deepest: int, file: str | None) -> None:
    """A line is indented once more than a split above it, else at most as its branch above."""
    if previous is None or previous.leaf is not None:
        if line.depth > deepest:
            raise _fail("indented below a leaf", file, line.number)
    elif line.depth > previous.depth + 1:
        raise _fail(
            f"indented too deep: the branches of the split on line {previous.number}"
            f" are indented {previous.depth + 1} times",
            file,
            line.number,
        )
    elif line.depth != previous.depth + 1:
        raise _fail("this split has no branches below it", file, previous.number)


def _attach(stack: list[_Frame], split: Split) -> None:
    stack[-1].subtrees[-1] = split


def _where(file: str | None, line: int) -> str:
    """A line of the text as findings and errors name it: ``file:line``, or ``line N``."""
    return f"line {line}" if file is None else f"{file}:{line}"


def _n_and_e(stats: ClassStats, label: Label) -> tuple[Weight, Weight]:
    """A leaf's ``(N/E)`` of the data: the weight reaching it, and the weight not of ``label``."""
    weight = stats.weight
    return weight, (weight - stats.counts[stats.classes.index(label)] if weight else 0)


def _is_plurality(label: Label, stats: ClassStats) -> bool:
    """Whether no class weighs more than ``label`` by over Weka's 1e-6 (Weka's tie)."""
    mine = float(stats.counts[stats.classes.index(label)])
    return max(map(float, stats.counts)) - mine <= _WEKA_SMALL


def _leaf_claims(tree: Tree, printed: Sequence[_Counts], file: str | None) -> list[Finding]:
    """Each leaf's printed ``(N/E)`` and class beside the recount: the claims the data
    contradict, in the order of the text.

    ``(N/E)`` agrees within :data:`COUNT_TOLERANCE` of each number; the class
    when it is a plurality (:func:`_is_plurality`) of the data reaching the
    leaf, or of its parent's for a leaf that no row reaches."""
    findings: list[Finding] = []
    visits = tuple(preorder(tree))
    leaves = [(k, visit) for k, visit in enumerate(visits) if isinstance(visit.node, Leaf)]
    for (k, (leaf, _, edge)), counts in zip(leaves, printed, strict=True):
        stats = leaf.stats
        parent = stats if edge is None else visits[edge.parent].node.stats
        assert isinstance(stats, ClassStats)  # J48's trees classify (checked when read)
        assert isinstance(parent, ClassStats)
        ours = _n_and_e(stats, counts.label)
        theirs = (counts.weight, counts.errors)
        if any(abs(float(o) - t) > COUNT_TOLERANCE for o, t in zip(ours, theirs, strict=True)):
            where = _where(file, counts.line)
            findings.append(Finding(where, path_to(visits, k), "J48's (N/E)", theirs, ours))
        basis = stats if stats.weight > 0 else parent
        if not _is_plurality(counts.label, basis):
            what = "J48's class" if basis is stats else "J48's class of a leaf no row reaches"
            where = _where(file, counts.line)
            findings.append(Finding(where, path_to(visits, k), what, counts.label, basis.plurality))
    return findings


def j48_reading(text: str, data: Dataset, *, file: str | None = None) -> Reading:
    """J48's printed tree as a dtree tree with the statistics of ``data`` on every node, and
    the findings: each leaf's printed class and ``(N/E)`` that the data contradict.

    ``text`` is the whole output of ``J48 -t`` or the tree alone (as
    :func:`j48_text` and :func:`run_j48` give it).  ``data`` is the data J48
    was trained on: its names find the attributes, values and classes in
    the text, and its rows are routed through the tree
    (:func:`dtree.routing.restated`) to recount every node.  Each leaf
    predicts J48's class.  A leaf's printed ``(N/E)`` that is not the
    recounted weight and errors within :data:`COUNT_TOLERANCE`, or a class
    that is not the recounted plurality (nor ties with it within 1e-6,
    Weka's tolerance), is a :class:`~dtree.conformance.claims.Finding`
    naming the leaf's line (``file:line``, or ``line N`` without a file),
    its path and both numbers.

    A printed threshold t stands for the training value J48 used: the
    value of the attribute in ``data`` equal to t if there is one (J48
    ``-B`` prints it exactly), else the largest value that six decimals
    print as t (J48 prints ``doubleToString(t, 6)``), else t itself (a tree
    not grown by J48 on this data: its counts then show what it claims).

    Text that cannot be read -- cut short, bad syntax, an unknown
    attribute, value or class, a ``Number of Leaves`` or ``Size of the
    tree`` that is not the tree's -- is one :class:`DtreeError` placed at
    ``file:line`` (at ``line N`` without a file).

    The golf tree with humidity's threshold moved from 75 to 85:

    >>> from dtree.datasets import load
    >>> golf = load("golf")
    >>> reading = j48_reading('''
    ... outlook = overcast: Play (4.0)
    ... outlook = rain
    ... |   windy = false: Play (3.0)
    ... |   windy = true: Don't Play (2.0)
    ... outlook = sunny
    ... |   humidity <= 85: Play (2.0)
    ... |   humidity > 85: Don't Play (3.0)
    ... ''', golf, file="golf.j48")
    >>> for finding in reading.findings:
    ...     print(finding.node, finding.where, finding.theirs, finding.ours)
    golf.j48:7 at outlook = sunny / humidity <= 85 (2.0, 0.0) (3, 1)
    golf.j48:8 at outlook = sunny / humidity > 85 (3.0, 0.0) (2, 0)
    >>> print(reading.findings[0])
    golf.j48:7: J48's (N/E) is (2.0, 0.0), the data give (3, 1) (at outlook = sunny / ...)
    >>> reading.tree.stats
    ClassStats(classes=('Play', "Don't Play"), counts=(9, 5))

    See also: :func:`read_j48`, :func:`j48_text`, :func:`run_j48`.
    """
    if not isinstance(text, str):
        raise DtreeError(f"J48's tree is text, not {quote(type(text).__name__)}", file=file)
    if not data.schema.is_classification:
        raise DtreeError(
            "J48's trees are classification trees: the data's target is numeric", file=file
        )
    block = _tree_block(text, file)
    names = sorted(data.schema.names, key=len, reverse=True)
    lines = [_parse_line(number, line, data, names, file) for number, line in block.lines]
    skeleton = _skeleton(lines, data, file)
    for place, expected, what in (
        (block.leaves, n_leaves(skeleton), "leaves"),
        (block.size, size(skeleton), "nodes"),
    ):
        if place is not None and place[1] != expected:
            raise _fail(
                f"J48 counts {place[1]} {what}, the tree above has {expected}", file, place[0]
            )
    recounted = restated(skeleton, data)
    printed = [line.leaf for line in lines if line.leaf is not None]
    findings = _leaf_claims(recounted, printed, file)
    return Reading(predicting(recounted, [counts.label for counts in printed]), tuple(findings))


def read_j48(text: str, data: Dataset, *, file: str | None = None) -> Tree:
    """J48's printed tree as a dtree tree, with the statistics of ``data`` on every node,
    refused when the data contradict any of its printed counts or classes: the tree of
    :func:`j48_reading`, whose first finding is here a :class:`DtreeError`.

    >>> from dtree.datasets import load
    >>> golf = load("golf")
    >>> tree = read_j48('''
    ... outlook = overcast: Play (4.0)
    ... outlook = rain: Play (5.0/2.0)
    ... outlook = sunny
    ... |   humidity <= 75: Play (2.0)
    ... |   humidity > 75: Don't Play (3.0)
    ... ''', golf)
    >>> tree.stats
    ClassStats(classes=('Play', "Don't Play"), counts=(9, 5))
    >>> read_j48("outlook = overcast: Play (4.0)\\noutlook = rain: Play (5.0)", golf, file="j.txt")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: j.txt:2: J48's (N/E) is (5.0, 0.0), the data give (5, 2) (at ...)

    See also: :func:`j48_reading` (the findings, the tree read whatever they are),
    :func:`j48_text`, :func:`run_j48`, :func:`dtree.routing.restated`.
    """
    return j48_reading(text, data, file=file).strict()


# -- running J48 -----------------------------------------------------------------


def run_j48(data: Dataset, options: Sequence[str] = ()) -> str:
    """The tree Weka's J48 grows on ``data``, as J48 prints it (between its header and
    ``Number of Leaves``: what :func:`j48_text` prints and :func:`read_j48` reads).

    The data is written as ARFF (:func:`dtree.arff.arff_text`, the target
    last, where J48 takes its class) in a temporary folder, and
    ``java -cp WEKA_JAR weka.classifiers.trees.J48 -t FILE -no-cv -v`` runs
    on it with ``options`` after (``-U`` unpruned, ``-B`` binary nominal
    splits, ``-C 0.25``, ``-M 2``, ...).  Java and Weka are found by
    :mod:`dtree.conformance.peers`; if they fail, one :class:`DtreeError`
    carries Weka's message.  A numeric target is refused before Weka runs
    (J48 classifies).

    Options are strings, a string alone being one option:

    >>> from dtree.datasets import load
    >>> run_j48(load("golf"), ["-C", 0.25])
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: J48's options are strings, not 0.25

    See also: :func:`read_j48`, :func:`dtree.conformance.peers.weka_jar`.
    """
    arguments = tuple(options) if not isinstance(options, str) else (options,)
    for option in arguments:
        if not isinstance(option, str):
            raise DtreeError(f"J48's options are strings, not {quote(option)}")
    if not data.schema.is_classification:
        target = data.schema.target.name
        raise DtreeError(
            f"J48 grows classification trees; the target {quote(target)} is numeric",
            column=target,
        )
    # UTF-8 both ways, whatever the locale: the ARFF file Weka reads and the tree it prints.
    command = [peers.java(), "-Dfile.encoding=UTF-8", "-cp", str(peers.weka_jar())]
    command.append("weka.classifiers.trees.J48")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "data.arff"
        path.write_text(arff_text(data, "dtree"), encoding="utf-8")
        done = subprocess.run(
            [*command, "-t", str(path), "-no-cv", "-v", *arguments],
            capture_output=True,
            encoding="utf-8",
            errors="replace",
            check=False,
            cwd=folder,
        )
    if not any(line.strip() in _HEADERS for line in done.stdout.splitlines()):
        said = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        message = said[0] if said else f"no tree and no message (exit status {done.returncode})"
        raise DtreeError(f"Weka's J48 failed: {message}")
    block = _tree_block(done.stdout, "J48's output")
    return "\n".join(line for _, line in block.lines) + "\n"
