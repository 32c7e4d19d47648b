"""Model files: a tree as JSON text, and back.

Vocabulary
----------
``FORMAT``, ``SCHEMA_VERSION``
    The name and the version of the format, written into every document.
``document``
    One JSON object holding one tree.
``node``
    An entry of the document's ``nodes``: a leaf or a split, its children
    named by their index in ``nodes``.
``number``
    A count, weight, threshold or regression value, written so that it
    reads back equal and of the same type.

Contents: :func:`to_json`, :func:`from_json`, :data:`FORMAT`,
:data:`SCHEMA_VERSION`, :data:`MAX_DIGITS`.

The schema, version 1
---------------------
::

    {"format": "dtree-tree", "version": 1,
     "target": "classification", "classes": ["No", "Yes"],
     "nodes": [NODE, NODE, ...]}

A regression tree has ``"target": "regression"`` and no ``"classes"``.
``nodes`` holds every node of the tree, the root first; :func:`to_json`
lists them in preorder (a split before its branches, branches in order),
one to a line.  The tree is flat, so its depth never nests the JSON.
::

    NODE       = {"stats": STATS, "prediction": PREDICTION}          a leaf
               | {"stats": STATS, "branches": [BRANCH, BRANCH, ...]} a split
    BRANCH     = {"condition": CONDITION, "subtree": INDEX}          INDEX: a position in nodes
    CONDITION  = {"kind": "Equals", "attribute": NAME, "value": VALUE}
               | {"kind": "AtMost" or "Above", "attribute": NAME, "threshold": NUMBER}
               | {"kind": "In" or "NotIn", "attribute": NAME, "values": [VALUE, ...]}
    STATS      = {"counts": [NUMBER, ...]}                           a count per class, in order
               | {"weight": NUMBER, "total": NUMBER, "total_squares": NUMBER}
    PREDICTION = a class (a string), or a NUMBER in regression
    NUMBER     = a JSON integer                  an int
               | a JSON number with . or e       a float (written by repr: it reads back the same)
               | a string "p/q"                  a Fraction, exactly (C4.5's fractional counts)

A regression node's STATS are its weighted n, sum of y and sum of y squared
(:class:`~dtree.counts.Moments`).  Names, values and classes are JSON
strings; ``values`` are distinct and written sorted.  Every number must be
finite: JSON has no NaN or infinity.

Reading
-------
:func:`from_json` parses with ``json.loads`` and nothing else (no code is
ever evaluated), then checks everything and reports the first problem as
one :class:`DtreeError` naming its JSON path (``$.nodes[3].stats.counts[1]``;
``$`` is the whole document), or for text that is not JSON its line and
column.  Values are quoted by :func:`~dtree.errors.quote`, a bounded prefix.

- well-formed JSON (a byte-order mark at the start is skipped), nested
  no deeper than Python's parser goes;
- no NaN or Infinity, no number too large for a float (``1e400``), none
  of more than :data:`MAX_DIGITS` digits, no key twice in an object: the
  parser marks each such value, and the check that reads it reports it at
  its path;
- the format's name and a version this module reads;
- exactly the keys above, each value of its type and range (counts and
  weights >= 0, integers not booleans, the classes distinct);
- child indices within ``nodes``, forming one tree rooted at ``nodes[0]``:
  no node the subtree of two branches, none unreached, no cycle;
- a leaf's prediction among the classes (in regression, a number a float
  can hold);
- a split's conditions on one attribute and mutually exclusive: the tree's
  own constructor checks these, and its errors are placed at the split's
  ``branches``.

The nodes the root reaches are checked before any node it does not reach
is reported, so a broken split is named rather than the nodes it orphans.

A document need not list its nodes in preorder; the tree read is the same.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import NoReturn, TypeVar, assert_never

from attrs import frozen

from dtree.arithmetic import Number
from dtree.conditions import Above, AtMost, Condition, Equals, In, NotIn
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Label, Weight
from dtree.errors import DtreeError, quote
from dtree.tree import Branch, Leaf, Split, Tree, preorder

__all__ = ["FORMAT", "MAX_DIGITS", "SCHEMA_VERSION", "from_json", "to_json"]

FORMAT = "dtree-tree"
"""The value of every document's ``"format"``."""

SCHEMA_VERSION = 1
"""The version of the schema that :func:`to_json` writes and :func:`from_json` reads."""

MAX_DIGITS = 4300
"""The most digits a number may have (Python's own limit on reading integers)."""

T = TypeVar("T")
Json = object
"""A value json.loads returns: dict, list, str, int, float, bool or None."""

CONDITIONS = ("Equals", "AtMost", "Above", "In", "NotIn")
_FRACTION = re.compile(r"(-?[0-9]+)/([0-9]+)")


def _fail(path: str, problem: str) -> NoReturn:
    raise DtreeError(f"{path}: {problem}")


# -- writing ---------------------------------------------------------------------


def _number(x: object, path: str) -> Json:
    """A number as JSON: an int, a float that reads back the same, or "p/q"."""
    if isinstance(x, bool) or not isinstance(x, int | float | Fraction):
        _fail(path, f"{quote(x)} is not a number")
    if isinstance(x, float) and not math.isfinite(x):
        _fail(path, f"{quote(x)} is not finite, and JSON has no such number")
    try:
        if isinstance(x, Fraction):
            return f"{x.numerator}/{x.denominator}"
        json.dumps(x)  # an int too long to write in decimal fails here, not halfway
    except ValueError as error:
        _fail(path, f"a number too long to write: {error}")
    return x


def _stats(stats: Stats, path: str) -> dict[str, Json]:
    match stats:
        case ClassStats(_, counts):
            return {"counts": [_number(n, f"{path}.counts[{k}]") for k, n in enumerate(counts)]}
        case Moments(weight, first, second):
            return {
                "weight": _number(weight, f"{path}.weight"),
                "total": _number(first, f"{path}.total"),
                "total_squares": _number(second, f"{path}.total_squares"),
            }
        case _:
            assert_never(stats)


def _condition(condition: Condition, path: str) -> dict[str, Json]:
    head: dict[str, Json] = {"kind": type(condition).__name__, "attribute": condition.attribute}
    match condition:
        case Equals(_, value):
            return {**head, "value": value}
        case AtMost(_, threshold) | Above(_, threshold):
            return {**head, "threshold": _number(threshold, f"{path}.threshold")}
        case In(_, values) | NotIn(_, values):
            return {**head, "values": sorted(values)}
        case _:
            assert_never(condition)


def to_json(tree: Tree) -> str:
    """The tree as a JSON document of the schema above, a node to a line.

    Counts keep their type: ints as JSON integers, fractions as "p/q",
    floats by ``repr``.  A non-finite number has no JSON form and is a
    :class:`DtreeError`.

    >>> from dtree.datasets import load
    >>> from dtree.presets import id3
    >>> print(to_json(id3(load("xor"), max_depth=1)))
    {
      "format": "dtree-tree",
      "version": 1,
      "target": "classification",
      "classes": ["0", "1"],
      "nodes": [
        {"stats": {"counts": [2, 2]}, "branches": [{"condition": {"kind": "Equals", "attribute": "Z1", "value": "0"}, "subtree": 1}, {"condition": {"kind": "Equals", "attribute": "Z1", "value": "1"}, "subtree": 2}]},
        {"stats": {"counts": [1, 1]}, "prediction": "0"},
        {"stats": {"counts": [1, 1]}, "prediction": "0"}
      ]
    }
    """  # noqa: E501 - a node is one line of the file
    head: dict[str, Json] = {"format": FORMAT, "version": SCHEMA_VERSION}
    if isinstance(tree.stats, ClassStats):
        head |= {"target": "classification", "classes": list(tree.stats.classes)}
    else:
        head["target"] = "regression"
    entries: list[dict[str, Json]] = []
    branches_of: list[list[dict[str, Json]]] = []  # each entry's branches, subtrees to fill in
    for k, (node, _, edge) in enumerate(preorder(tree)):
        if edge is not None:
            branches_of[edge.parent][edge.position]["subtree"] = k
        entry: dict[str, Json] = {"stats": _stats(node.stats, f"$.nodes[{k}].stats")}
        branches: list[dict[str, Json]] = []
        entries.append(entry)
        branches_of.append(branches)
        match node:
            case Leaf(prediction, _):
                label = isinstance(prediction, str)
                entry["prediction"] = (
                    prediction if label else _number(prediction, f"$.nodes[{k}].prediction")
                )
            case Split():
                for i, branch in enumerate(node.branches):
                    path = f"$.nodes[{k}].branches[{i}].condition"
                    branches.append({"condition": _condition(branch.condition, path)})
                entry["branches"] = branches
            case _:
                assert_never(node)
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
    nodes = [f"    {json.dumps(entry)}" for entry in entries]
    return "\n".join(["{", *lines, '  "nodes": [', ",\n".join(nodes), "  ]", "}"])


# -- reading ---------------------------------------------------------------------
#
# A path names a value of the document in JSONPath's notation: ``$`` is the
# document, ``$.nodes[3].stats.counts[1]`` the second count of the fourth node.
# Every check knows the path of the value it reads, and says it first.


@frozen
class _Refused:
    """What the JSON parser puts in place of a value this module never accepts
    (a number that is not finite or too long, an object with a key twice): the
    problem, which the first check to read the value reports at its path.

    Every value of an accepted document is read by a check that wants a
    string, number, array or object, so none of these can slip through.
    """

    problem: str


def _refuse_constant(name: str) -> _Refused:
    return _Refused(f"{name} is not a finite number, and a model file holds only finite numbers")


def _parse_int(text: str) -> int | _Refused:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Refused(f"a number of {digits} digits: at most {MAX_DIGITS} are read")
    try:
        return int(text)
    except ValueError:  # a lower limit set by sys.set_int_max_str_digits
        return _Refused(f"a number of {digits} digits: more than this Python reads")


def _parse_float(text: str) -> float | _Refused:
    if len(text) > MAX_DIGITS:
        return _Refused(f"a number of {len(text)} characters: at most {MAX_DIGITS} are read")
    x = float(text)
    if not math.isfinite(x):
        return _Refused(f"the number {quote(text)} is too large for a float")
    return x


def _distinct_keys(pairs: list[tuple[str, Json]]) -> dict[str, Json] | _Refused:
    found: dict[str, Json] = {}
    for key, value in pairs:
        if key in found:
            return _Refused(f"the key {quote(key)} appears twice in this object")
        found[key] = value
    return found


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _deepest(text: str) -> tuple[int, int]:
    """How deeply the arrays and objects of ``text`` nest, and the offset of the
    first bracket that opens that deep (strings skipped)."""
    depth = deepest = where = 0
    for token in _TOKEN.finditer(text):
        if token[0] in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, token.start()
        elif token[0] in "]}":
            depth -= 1
    return deepest, where


def _load(document: str | bytes) -> Json:
    """The JSON value of ``document``, by json.loads: a number that is not finite or
    too long, or an object with a key twice, read as a :class:`_Refused`."""
    text = _text(document).removeprefix("\ufeff")
    try:
        return json.loads(
            text,
            object_pairs_hook=_distinct_keys,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise DtreeError(f"not valid JSON: {error.msg} ({where})") from None
    except RecursionError:
        deepest, offset = _deepest(text)
        line = text.count("\n", 0, offset) + 1
        column = offset - text.rfind("\n", 0, offset)
        raise DtreeError(
            "not valid JSON for a model: arrays or objects nested too deeply"
            f" ({deepest} deep at line {line}, column {column})"
        ) from None


def _shown(value: Json) -> str:
    """A JSON value in a message: a string or number itself (bounded), else its kind."""
    match value:
        case bool():
            return "true" if value else "false"
        case None:
            return "null"
        case str() | int() | float():
            return quote(value)
        case dict():
            return "an object"
        case list():
            return "an array"
        case _:
            return type(value).__name__


def _expected(path: str, wanted: str, value: Json, why: str = "") -> NoReturn:
    """Fail at ``path``: ``value`` is not what was ``wanted`` (or was refused by the parser)."""
    if isinstance(value, _Refused):
        _fail(path, value.problem)
    _fail(path, f"expected {wanted}, got {_shown(value)}{why}")


def _object(value: Json, path: str, keys: Sequence[str]) -> dict[str, Json]:
    """``value`` as an object with exactly ``keys``."""
    if not isinstance(value, dict):
        _expected(path, "an object", value)
    for key in keys:
        if key not in value:
            _fail(path, f"missing the key {quote(key)}")
    for key in value:
        if key not in keys:
            _fail(path, f"unexpected key {quote(key)} (the keys are {', '.join(keys)})")
    return value


def _array(value: Json, path: str, *, nonempty: bool = False) -> list[Json]:
    if not isinstance(value, list):
        _expected(path, "an array", value)
    if nonempty and not value:
        _fail(path, "expected at least one item, got an empty array")
    return value


def _string(value: Json, path: str) -> str:
    if not isinstance(value, str):
        _expected(path, "a string", value)
    return value


def _strings(value: Json, path: str, *, nonempty: bool = False) -> tuple[str, ...]:
    """An array of distinct strings."""
    items = _array(value, path, nonempty=nonempty)
    strings = tuple(_string(item, f"{path}[{k}]") for k, item in enumerate(items))
    seen: set[str] = set()
    for k, item in enumerate(strings):
        if item in seen:
            _fail(f"{path}[{k}]", f"{quote(item)} appears twice")
        seen.add(item)
    return strings


def _number_of(value: Json, path: str) -> Number:
    """A NUMBER of the schema: an int, a float or a string "p/q"."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        match = _FRACTION.fullmatch(value)
        if match is None:
            _expected(path, "a number or a fraction 'p/q'", value)
        if max(len(part.lstrip("-")) for part in match.groups()) > MAX_DIGITS:
            _fail(path, f"a fraction of more than {MAX_DIGITS} digits above or below")
        numerator, denominator = map(int, match.groups())
        if denominator == 0:
            _fail(path, f"the fraction {quote(value)} divides by zero")
        return Fraction(numerator, denominator)
    _expected(path, "a number", value)


def _weight_of(value: Json, path: str) -> Weight:
    weight = _number_of(value, path)
    if weight < 0:
        _fail(path, f"expected a weight >= 0, got {_shown(value)}")
    return weight


def _index_of(value: Json, path: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _expected(path, "the index of a node", value)
    if not 0 <= value < n:
        _fail(path, f"expected the index of a node, 0 to {n - 1}, got {quote(value)}")
    return value


def _built(path: str, make: Callable[..., T], *arguments: object) -> T:
    """``make(*arguments)``, a validating constructor; its error placed at ``path``."""
    try:
        return make(*arguments)
    except DtreeError as error:
        _fail(path, error.message)


def _stats_of(value: Json, path: str, classes: tuple[Label, ...] | None) -> Stats:
    if classes is not None:
        counts = _array(_object(value, path, ("counts",))["counts"], f"{path}.counts")
        if len(counts) != len(classes):
            _fail(
                f"{path}.counts",
                f"expected {len(classes)} counts, one per class of $.classes, got {len(counts)}",
            )
        weights = tuple(_weight_of(n, f"{path}.counts[{k}]") for k, n in enumerate(counts))
        return _built(path, ClassStats, classes, weights)
    fields = _object(value, path, ("weight", "total", "total_squares"))
    weight = _weight_of(fields["weight"], f"{path}.weight")
    first = _number_of(fields["total"], f"{path}.total")
    second = _number_of(fields["total_squares"], f"{path}.total_squares")
    return _built(path, Moments, weight, first, second)


def _prediction_of(value: Json, path: str, classes: tuple[Label, ...] | None) -> Label | Number:
    """A leaf's prediction: one of the classes, or in regression a number a float can hold."""
    if classes is not None:
        label = _string(value, path)
        if label not in classes:
            _fail(path, f"expected one of the classes of $.classes, got {quote(label)}")
        return label
    number = _number_of(value, path)
    try:
        float(number)
    except OverflowError:
        _fail(path, f"{quote(value)} is too large for a float, and a regression leaf predicts one")
    return number


_CONDITION_KEYS: Mapping[str, tuple[str, str, str]] = {
    "Equals": ("kind", "attribute", "value"),
    "AtMost": ("kind", "attribute", "threshold"),
    "Above": ("kind", "attribute", "threshold"),
    "In": ("kind", "attribute", "values"),
    "NotIn": ("kind", "attribute", "values"),
}


def _condition_of(value: Json, path: str) -> Condition:
    if not isinstance(value, dict):
        _expected(path, "an object", value)
    kind = _string(value.get("kind"), f"{path}.kind")
    if kind not in _CONDITION_KEYS:
        _expected(f"{path}.kind", f"one of {', '.join(CONDITIONS)}", kind)
    fields = _object(value, path, _CONDITION_KEYS[kind])
    attribute = _string(fields["attribute"], f"{path}.attribute")
    match kind:
        case "Equals":
            return Equals(attribute, _string(fields["value"], f"{path}.value"))
        case "AtMost" | "Above":
            threshold = _number_of(fields["threshold"], f"{path}.threshold")
            # A file may write a threshold as a fraction 'p/q': it is kept as written, exact.
            return (AtMost if kind == "AtMost" else Above)(attribute, threshold)  # type: ignore[arg-type]
        case _:
            values = frozenset(_strings(fields["values"], f"{path}.values"))
            return (In if kind == "In" else NotIn)(attribute, values)


@frozen
class _Node:
    """A node as read, before its subtrees exist: a leaf's prediction, or a
    split's conditions and the indices of their subtrees."""

    stats: Stats
    prediction: Label | Number | None
    branches: tuple[tuple[Condition, int], ...] | None


def _node_of(value: Json, path: str, classes: tuple[Label, ...] | None, n: int) -> _Node:
    if not isinstance(value, dict):
        _expected(path, "an object", value)
    if ("prediction" in value) == ("branches" in value):
        _fail(path, "expected a leaf (with a 'prediction') or a split (with 'branches')")
    if "prediction" in value:
        fields = _object(value, path, ("stats", "prediction"))
        stats = _stats_of(fields["stats"], f"{path}.stats", classes)
        return _Node(
            stats, _prediction_of(fields["prediction"], f"{path}.prediction", classes), None
        )
    fields = _object(value, path, ("stats", "branches"))
    stats = _stats_of(fields["stats"], f"{path}.stats", classes)
    branches = []
    for k, item in enumerate(_array(fields["branches"], f"{path}.branches")):
        here = f"{path}.branches[{k}]"
        branch = _object(item, here, ("condition", "subtree"))
        condition = _condition_of(branch["condition"], f"{here}.condition")
        branches.append((condition, _index_of(branch["subtree"], f"{here}.subtree", n)))
    return _Node(stats, None, tuple(branches))


def _preorder(found: Sequence[_Node]) -> tuple[list[int], list[str | None]]:
    """The indices of the nodes reached from node 0, in preorder, once every node
    but the root is checked to be the subtree of at most one branch; and the
    branch that leads to each node."""
    parent: list[str | None] = [None] * len(found)
    for i, node in enumerate(found):
        for k, (_, child) in enumerate(node.branches or ()):
            here = f"$.nodes[{i}].branches[{k}]"
            if child == 0:
                _fail(f"{here}.subtree", "leads to $.nodes[0], the root")
            if parent[child] is not None:
                _fail(
                    f"{here}.subtree",
                    f"leads to $.nodes[{child}], as {parent[child]} does: a node has one parent",
                )
            parent[child] = here
    # With one parent each and none for the root, what the root reaches has no cycle.
    order: list[int] = []
    stack = [0]
    while stack:
        i = stack.pop()
        order.append(i)
        stack.extend(child for _, child in reversed(found[i].branches or ()))
    return order, parent


def _unreached(reached: Sequence[int], parent: Sequence[str | None]) -> NoReturn:
    """Fail at the first node the root does not reach (there is one)."""
    unreached = sorted(set(range(len(parent))) - set(reached))
    orphans = [i for i in unreached if parent[i] is None]
    if orphans:
        _fail(f"$.nodes[{orphans[0]}]", "no branch leads to this node")
    # Every unreached node has a parent, itself unreached: they lie on cycles.
    _fail(
        f"$.nodes[{unreached[0]}]",
        "is not reached from the root: the branches above it form a cycle",
    )


def _text(document: object) -> str:
    """The text of a model file given as ``str`` or as UTF-8 ``bytes``."""
    if isinstance(document, bytes | bytearray):
        try:
            return bytes(document).decode("utf-8")
        except UnicodeDecodeError as error:
            bad = bytes(document[error.start : error.start + 1])
            raise DtreeError(f"not UTF-8 text: byte {error.start} is {quote(bad)}") from None
    if not isinstance(document, str):
        raise DtreeError(f"a model file is JSON text (str or bytes), got {type(document).__name__}")
    return document


def from_json(text: str | bytes) -> Tree:
    """The tree of a JSON document of the schema above, checked throughout.

    Nothing in the text is evaluated; every problem is a :class:`DtreeError`
    naming where it is.  The text is a ``str``, or ``bytes`` in UTF-8.

    >>> from dtree.datasets import load
    >>> from dtree.presets import c45
    >>> tree = c45(load("golf"))
    >>> from_json(to_json(tree)) == tree
    True
    >>> from_json('{"format": "dtree-tree", "version": 2}')
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.version: version 2 is not one this dtree reads (it reads version 1)
    """
    document = _load(text)
    if not isinstance(document, dict):
        _expected("$", "a JSON object", document)
    if document.get("format") != FORMAT:
        if "format" not in document:
            _fail("$", "missing the key 'format': not a dtree model file")
        _expected("$.format", quote(FORMAT), document["format"], ": not a dtree model file")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        _expected("$.version", "an integer", version)
    if version != SCHEMA_VERSION:
        _fail(
            "$.version",
            f"version {quote(version)} is not one this dtree reads"
            f" (it reads version {SCHEMA_VERSION})",
        )
    target = document.get("target")
    if target not in ("classification", "regression"):
        _expected("$.target", "'classification' or 'regression'", target)
    classification = target == "classification"
    if classification and "classes" not in document:
        _fail("$", "missing the key 'classes', which a classification model ($.target) has")
    if not classification and "classes" in document:
        _fail("$.classes", "a regression model ($.target) has no classes")
    keys = ("format", "version", "target", *("classes",) * classification, "nodes")
    _object(document, "$", keys)
    classes = _strings(document["classes"], "$.classes", nonempty=True) if classification else None
    items = _array(document["nodes"], "$.nodes", nonempty=True)
    found = [_node_of(item, f"$.nodes[{i}]", classes, len(items)) for i, item in enumerate(items)]
    order, parent = _preorder(found)
    trees: dict[int, Tree] = {}
    for i in reversed(order):  # children before their parents
        node = found[i]
        if node.branches is None:
            trees[i] = _built(f"$.nodes[{i}]", Leaf, node.prediction, node.stats)
        else:
            branches = tuple(Branch(condition, trees[child]) for condition, child in node.branches)
            trees[i] = _built(f"$.nodes[{i}].branches", Split, branches, node.stats)
    if len(order) < len(found):
        _unreached(order, parent)
    return trees[0]
