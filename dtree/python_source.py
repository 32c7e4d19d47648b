"""A tree as the source of a Python function: the nested ``if`` of the CS 536 notes.

Vocabulary
----------
``stop``
    Where an example ends when a split cannot send it down a branch (its
    value is missing, or no branch accepts it): the split answers for it,
    with the plurality class of its training examples or their mean.
nesting
    How many splits sit inside one another in one function; a subtree
    deeper than :data:`NESTING` becomes a function of its own.

Contents
--------
:func:`python`
    The tree as the source of a Python function of nested ``if``
    statements, as the CS 536 notes write a tree; data appear in it only
    as ``repr`` literals.  :data:`NESTING` splits nest in one function at
    most; :data:`MAX_PYTHON_DEPTH` is the deepest tree it writes.

:mod:`dtree.render`, which holds the other renderings of a tree, hands
these names on.
"""

from __future__ import annotations

import keyword
import math
from collections import deque
from fractions import Fraction
from typing import assert_never

from dtree.conditions import (
    Above,
    AboveLevel,
    AtMost,
    AtMostLevel,
    Condition,
    Equals,
    In,
    NotIn,
    takes_missing,
)
from dtree.counts import Moments, Stats, central
from dtree.errors import DtreeError, quote
from dtree.tree import Leaf, Split, Tree, depth, nodes

__all__ = ["MAX_PYTHON_DEPTH", "NESTING", "python"]

NESTING = 50
"""The most splits nested in one generated function.

CPython's tokenizer allows 100 levels of indentation, and each nested
split takes one (on CPython 3.11, 98 nested splits compile and 99 are an
``IndentationError``).  A subtree that would nest deeper than this is
written as a function of its own, which its parent calls."""

MAX_PYTHON_DEPTH = 400 * NESTING
"""The deepest tree :func:`python` writes: 20,000 splits.

The generated functions call each other once per :data:`NESTING` levels,
so an example makes at most 400 nested calls, well inside Python's
default recursion limit of 1000."""

_RESERVED = frozenset({"Any", "Fraction", "Mapping"})
"""The names the generated source imports, which its function may not take."""


def _literal(x: object) -> str:
    """A Python expression for ``x``, equal to it and of its type.

    >>> [_literal(x) for x in ("it's", 0.1, 3, Fraction(1, 3), float("inf"))]
    ['"it\\'s"', '0.1', '3', 'Fraction(1, 3)', "float('inf')"]
    """
    if isinstance(x, Fraction):
        return f"Fraction({x.numerator}, {x.denominator})"
    if isinstance(x, float) and not math.isfinite(x):
        return f"float({repr(x)!r})"
    return repr(x)


def _set_literal(values: frozenset[str]) -> str:
    if not values:
        return "frozenset()"
    return "{" + ", ".join(map(repr, sorted(values))) + "}"


def _test(condition: Condition) -> str:
    """The condition as a Python expression over ``value``.

    Numbers are compared as :func:`dtree.conditions.holds` compares them:
    the value as a float, against the threshold as it is; a condition that takes
    missing values first asks ``value is None or``.

    >>> _test(AtMost("x", 2.5, missing=True))
    'value is None or float(value) <= 2.5'

    An ordinal test is membership in the levels on its side:

    >>> _test(AtMostLevel("size", "M", ("S", "M", "L")))
    "value in {'M', 'S'}"
    """
    missing = "value is None or " if takes_missing(condition) else ""
    match condition:
        case Equals(_, expected):
            return f"value == {expected!r}"
        case AtMost(_, threshold):
            return f"{missing}float(value) <= {_literal(threshold)}"
        case Above(_, threshold):
            return f"{missing}float(value) > {_literal(threshold)}"
        case In(_, values):
            return f"value in {_set_literal(values)}"
        case NotIn(_, values):
            return f"value not in {_set_literal(values)}"
        case AtMostLevel(_, level, levels):
            return f"value in {_set_literal(frozenset(levels[: levels.index(level) + 1]))}"
        case AboveLevel(_, level, levels):
            return f"value in {_set_literal(frozenset(levels[levels.index(level) + 1 :]))}"
        case _:
            assert_never(condition)


def _stop(stats: Stats) -> str:
    """The statement by which a split answers for an example it cannot send on."""
    if isinstance(stats, Moments) and stats.weight == 0:
        return "raise ValueError('no training example reached this split: it has no mean')"
    return f"return {_literal(central(stats))}"


def _uses_fraction(tree: Tree) -> bool:
    """Whether a leaf or a threshold of the tree is a Fraction."""
    for node in nodes(tree):
        match node:
            case Leaf(prediction, _):
                # Typed Label | float, a regression leaf may hold any number dtree accepts.
                value: object = prediction
                if isinstance(value, Fraction):
                    return True
            case Split(branches, _):
                for branch in branches:
                    if isinstance(getattr(branch.condition, "threshold", None), Fraction):
                        return True
            case _:
                assert_never(node)
    return False


def _docstring(name: str, title: str, regression: bool) -> list[str]:
    if title != name:
        return [f'    """A subtree of {name}, nested too deep to be written inside it."""']
    answer = (
        ("with the mean of its", "training examples (a ValueError if it had none).")
        if regression
        else ("with the plurality", "class of its training examples (ties to the first class).")
    )
    return [
        '    """The decision tree as nested if statements.',
        "",
        "    A missing value (None), or a value that no branch accepts, stops at",
        f"    the split that tests it, and that split answers {answer[0]}",
        f"    {answer[1]}",
        '    """',
    ]


def python(tree: Tree, *, name: str = "predict") -> str:
    """The tree as the source of a Python function of nested ``if`` statements.

    As the CS 536 notes write a decision tree: each split reads its
    attribute, ``value = example['Outlook']``, and tries its branches in
    order, ``if value == 'Sunny':``; a leaf returns its prediction.  The
    source imports what it names and nothing else, and defines
    ``name(example: Mapping[str, Any])``, returning a class (a ``str``) or,
    for a regression tree, a number.

    **Agreement with** :func:`dtree.tree.predict`.  On an example with no
    missing value the function returns what ``predict`` returns, exactly:
    thresholds are written by ``repr``, which reads back the same float,
    and a number is compared as a float, as :func:`~dtree.conditions.holds`
    compares it.  A nominal value that no branch accepts stops at its split,
    which returns the plurality class (ties to the first class) or the mean
    of its training examples, as ``predict`` does.

    **Missing values.**  At a split one of whose branches takes missing values
    (``x <= t or missing``) a missing value follows that branch, as in
    ``predict``.  At any other split a missing value (``None``) stops at the
    split that tests it, which answers the same way.  ``predict`` instead
    sends such an example down every branch in proportion to the training
    weight of each (C4.5's rule) and mixes what it reaches; the nested
    ``if`` form cannot, so the two may disagree on such an example.

    The function checks nothing: an attribute absent from ``example`` is a
    ``KeyError``, and a value of the wrong type gives whatever Python's
    ``==`` or ``float`` make of it, where ``predict`` raises a
    :class:`DtreeError`.  An empty split of a regression tree has no mean,
    so an example that stops there raises ``ValueError``, as ``predict``
    does for an unseen value.

    **Data never become code.**  Attribute names and values, classes and
    numbers appear only as ``repr`` literals; the only identifiers are
    ``name``, ``value``, ``example`` and the imported ones, so a name such
    as ``"]); import os #`` is just a dictionary key.

    **Deep trees.**  A function nests at most :data:`NESTING` splits; a
    deeper subtree becomes a function of its own, ``_<name>_<k>``, called
    from its parent.  A tree deeper than :data:`MAX_PYTHON_DEPTH` is a
    :class:`DtreeError` (write it with :func:`dtree.serialize.to_json`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> source = python(id3(load("boolean-table")))
    >>> print(source[source.index("    value") :])
        value = example['X1']
        if value is None:
            return 'T'
        if value == 'F':
            value = example['X2']
            if value is None:
                return 'F'
            if value == 'F':
                return 'F'
            if value == 'T':
                return 'F'
            return 'F'
        if value == 'T':
            return 'T'
        return 'T'
    >>> namespace: dict[str, object] = {}
    >>> exec(source, namespace)
    >>> predict = namespace["predict"]
    >>> predict({"X1": "F", "X2": "T"}), predict({"X1": None, "X2": "T"})
    ('F', 'T')
    """
    if not name.isidentifier() or keyword.iskeyword(name) or name in _RESERVED:
        raise DtreeError(
            "the function's name must be a Python identifier, not a keyword nor "
            f"{', '.join(sorted(_RESERVED))}: got {quote(name)}"
        )
    deepest = depth(tree)
    if deepest > MAX_PYTHON_DEPTH:
        raise DtreeError(
            f"the tree is {deepest} splits deep, and Python source is written for trees at "
            f"most {MAX_PYTHON_DEPTH} deep: write a JSON model file instead"
        )
    regression = isinstance(tree.stats, Moments)
    fraction = _uses_fraction(tree)
    returns = ("float | Fraction" if fraction else "float") if regression else "str"
    header = ["from collections.abc import Mapping"]
    if fraction:
        header.append("from fractions import Fraction")
    header.append("from typing import Any")
    functions: list[str] = []
    roots: deque[Tree] = deque([tree])
    queued = 1
    while roots:
        title = f"_{name}_{len(functions)}" if functions else name
        lines = [f"def {title}(example: Mapping[str, Any]) -> {returns}:"]
        lines += _docstring(name, title, regression)
        stack: list[str | tuple[Tree, int]] = [(roots.popleft(), 0)]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                lines.append(item)
                continue
            node, level = item
            indent = "    " * (level + 1)
            match node:
                case Leaf(prediction, _):
                    lines.append(f"{indent}return {_literal(prediction)}")
                case Split() if level == NESTING:
                    lines.append(f"{indent}return _{name}_{queued}(example)")
                    roots.append(node)
                    queued += 1
                case Split(branches, stats):
                    stop = _stop(stats)
                    lines.append(f"{indent}value = example[{node.attribute!r}]")
                    if not any(takes_missing(branch.condition) for branch in branches):
                        lines += [f"{indent}if value is None:", f"{indent}    {stop}"]
                    todo: list[str | tuple[Tree, int]] = []
                    for branch in branches:
                        test = f"{indent}if {_test(branch.condition)}:"
                        todo += [test, (branch.subtree, level + 1)]
                    todo.append(f"{indent}{stop}")
                    stack.extend(reversed(todo))
                case _:
                    assert_never(node)
        functions.append("\n".join(lines))
    return "\n\n\n".join(["\n".join(header), *functions])
