"""Model files: a tree, or an ensemble of trees, as JSON text, and back.

Vocabulary
----------
``FORMAT``, ``SCHEMA_VERSION``
    The name and the version of the format, written into every document.
``document``
    One JSON object holding one tree (or, in the ``dtree-ensemble``
    format, one ensemble).
``node``
    An entry of the document's ``nodes``: a leaf or a split, its children
    named by their index in ``nodes``.
``number``
    A count, weight, threshold or regression value, written so that it
    reads back equal and of the same type.

Contents: :func:`to_json`, :func:`from_json`, :data:`FORMAT`,
:data:`SCHEMA_VERSION`, :data:`MAX_DIGITS` (:mod:`dtree.strict_json`'s, handed
on); for ensembles :func:`ensemble_to_json`, :func:`ensemble_from_json`,
:data:`ENSEMBLE_FORMAT`, :data:`ENSEMBLE_VERSION`; :func:`model_from_json`
reads a file of either kind.

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
               | {"stats": STATS, "branches": [...], "surrogates": SURROGATES}
    SURROGATES = {"splits": [[CONDITION, ...], ...], "majority": INDEX or null}
    BRANCH     = {"condition": CONDITION, "subtree": INDEX}          INDEX: a position in nodes
    CONDITION  = {"kind": "Equals", "attribute": NAME, "value": VALUE}
               | {"kind": "AtMost" or "Above", "attribute": NAME, "threshold": NUMBER}
               | {"kind": "AtMost" or "Above", "attribute": NAME, "threshold": NUMBER,
                  "missing": true}                                   missing values take it
               | {"kind": "AtMost" or "Above", "attribute": NAME, "threshold": "inf",
                  ...}                                               known against missing
               | {"kind": "In" or "NotIn", "attribute": NAME, "values": [VALUE, ...]}
               | {"kind": "AtMostLevel" or "AboveLevel", "attribute": NAME,
                  "level": VALUE, "levels": [VALUE, ...]}            levels in their order
    STATS      = {"counts": [NUMBER, ...]}                           a count per class, in order
               | {"weight": NUMBER, "total": NUMBER, "total_squares": NUMBER}
    PREDICTION = a class (a string), or a NUMBER in regression
    NUMBER     = a JSON integer                  an int
               | a JSON number with . or e       a float (written by repr: it reads back the same)
               | a string "p/q"                  a Fraction, exactly (C4.5's fractional counts)

A condition is written and read by :mod:`dtree.json_conditions`.  A split's
``"surrogates"`` (:mod:`dtree.surrogates`): conditions per branch on other attributes,
then the ``majority`` branch (null: a row stays, the branches summing to less than the split).

A numeric condition with ``"missing": true`` is the branch of its split that
missing values take (``x <= t or missing``, scikit-learn's ``missing_go_to_left``);
without the key, missing values are spread over the branches.  The key is
written only where it is true (so files of trees without it are as before) and
read only as ``true``.  A split of the known values from the missing ones (every
known value left, scikit-learn's threshold +inf: ``x > inf or missing`` holds only
for a missing value) writes its threshold as the string ``"inf"``, since JSON has no
infinity (a split that sends missing values no one way has no infinite threshold).

A regression node's STATS are its weighted n, sum of y and sum of y squared
(:class:`~dtree.counts.Moments`).  Names, values and classes are JSON
strings; ``values`` are distinct and written sorted.  Every number must be
finite: JSON has no NaN or infinity.

Reading
-------
:func:`from_json` parses with ``json.loads`` and nothing else (no code is
ever evaluated: :mod:`dtree.strict_json`, which holds the parsing and the checks
of plain JSON values), then checks everything and reports the first problem as
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
  ``branches``;
- a split's statistics the sum of its branches' (the branches partition its
  examples; :func:`dtree.counts.is_sum_of`): class counts class by class, a
  regression node's ``weight``, ``total`` and ``total_squares`` term by
  term, exactly where the numbers are integers or fractions and within
  :data:`dtree.counts.SUM_TOLERANCE` of the magnitudes added where a float
  is among them.  A file with an edited count is refused at the first split
  (in preorder) that does not add up, both numbers and the branches shown:
  ``$.nodes[0].stats.counts: the split counts (9, 5) but its branches sum
  to (9, 6) (its branches: $.nodes[1], $.nodes[2], $.nodes[5])``.

The nodes the root reaches are checked before any node it does not reach
is reported, so a broken split is named rather than the nodes it orphans.

A document need not list its nodes in preorder; the tree read is the same.

Ensembles, version 1
--------------------
::

    {"format": "dtree-ensemble", "version": 1,
     "combination": "average", "classes": ["No", "Yes"],
     "initial": NUMBER, "learning_rate": NUMBER,
     "members": [{"weight": NUMBER, "tree": TREE}, ...]}

The fields are those of :class:`dtree.ensemble.Ensemble`: ``combination``
one of ``average``, ``vote``, ``samme``, ``gradient``; ``classes`` the
classes predicted, in order (empty for a regressor); ``initial`` and
``learning_rate`` gradient boosting's F_0 and shrinkage (``0.0`` and
``1.0`` where they do not apply).  ``members`` holds at least one member,
in order, each with its weight (for SAMME its odds beta_t, exact as
``"p/q"`` when it is a fraction) and its tree, a whole ``dtree-tree``
document as above.  A tree's problems are named at their path inside
it (``$.members[2].tree.nodes[0].stats``); each member is checked by the
ensemble's own rules (its classes are the ensemble's; gradient boosting's
members are regression trees; a SAMME odds is at least 1), its problem
named at ``$.members[t]``.  Every number must be finite and one a float
can hold.  A file of one kind given to the reader of the other is refused
with the name of the function that reads it; :func:`model_from_json`
reads either.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import NoReturn, assert_never, cast

from attrs import frozen

from dtree.arithmetic import Number, exact_text, rational
from dtree.conditions import Condition, takes_missing
from dtree.counts import ClassStats, Moments, Stats, adds_up, is_sum_of, magnitudes, total
from dtree.dataset import Label
from dtree.ensemble import COMBINATIONS, Combination, Ensemble
from dtree.errors import check_choice, quote
from dtree.json_conditions import condition_json, condition_of
from dtree.strict_json import (
    MAX_DIGITS,
    Json,
    array_of,
    built,
    expected,
    fail,
    float_sized,
    number_json,
    number_of,
    object_of,
    parse,
    string_of,
    strings_of,
    weight_of,
)
from dtree.surrogates import Surrogate, Surrogates
from dtree.tree import Branch, Leaf, Split, Tree, preorder

__all__ = [
    "ENSEMBLE_FORMAT",
    "ENSEMBLE_VERSION",
    "FORMAT",
    "MAX_DIGITS",
    "SCHEMA_VERSION",
    "ensemble_from_json",
    "ensemble_to_json",
    "from_json",
    "model_from_json",
    "to_json",
]

FORMAT = "dtree-tree"
"""The value of every document's ``"format"``."""

SCHEMA_VERSION = 1
"""The version of the schema that :func:`to_json` writes and :func:`from_json` reads."""

ENSEMBLE_FORMAT = "dtree-ensemble"
"""The value of an ensemble's document's ``"format"``."""

ENSEMBLE_VERSION = 1
"""The version of the ensemble schema that :func:`ensemble_to_json` writes and
:func:`ensemble_from_json` reads."""

READERS: Mapping[str, tuple[str, str]] = {
    FORMAT: ("one tree", "dtree.serialize.from_json"),
    ENSEMBLE_FORMAT: ("an ensemble", "dtree.serialize.ensemble_from_json"),
}
"""What each format holds and the function that reads it, for the message that meets a
file of the other kind."""


# -- writing ---------------------------------------------------------------------


def _stats(stats: Stats, path: str) -> dict[str, Json]:
    match stats:
        case ClassStats(_, counts):
            return {"counts": [number_json(n, f"{path}.counts[{k}]") for k, n in enumerate(counts)]}
        case Moments(weight, first, second):
            return {
                "weight": number_json(weight, f"{path}.weight"),
                "total": number_json(first, f"{path}.total"),
                "total_squares": number_json(second, f"{path}.total_squares"),
            }
        case _:
            assert_never(stats)


def _surrogates(rule: Surrogates, path: str) -> dict[str, Json]:
    written = enumerate(s.conditions for s in rule.splits)
    splits: list[Json] = [[condition_json(c, f"{path}[{j}]") for c in cs] for j, cs in written]
    return {"splits": splits, "majority": rule.majority}


def _surrogates_of(value: Json, path: str, branches: Sequence[Branch]) -> Surrogates | None:
    if value is None:  # the key left out: no surrogates
        return None
    fields = object_of(value, path, ("splits", "majority"))
    splits = []
    for j, item in enumerate(array_of(fields["splits"], f"{path}.splits")):
        here = f"{path}.splits[{j}]"
        conditions = [condition_of(c, f"{here}[{i}]") for i, c in enumerate(array_of(item, here))]
        splits.append(built(here, Surrogate, conditions))
    majority = fields["majority"]
    if majority is not None and (type(majority) is not int or not 0 <= majority < len(branches)):
        expected(
            f"{path}.majority", f"null or a branch's position, 0 to {len(branches) - 1}", majority
        )
    rule = Surrogates(splits, majority)
    built(path, rule.check, branches[0].condition.attribute, len(branches))
    return rule


def to_json(tree: Tree) -> str:
    """The tree as a JSON document of the schema above, a node to a line.

    Counts keep their type: ints as JSON integers, fractions as "p/q",
    floats by ``repr``.  A non-finite number has no JSON form and is a
    :class:`DtreeError`.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
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
    return "\n".join(_tree_lines(tree))


def _tree_lines(tree: Tree, root: str = "$") -> list[str]:
    """The lines of :func:`to_json`'s document of ``tree``, unindented and unjoined: one
    encoder for a tree's file and for each member of an ensemble's (whose document is
    at ``root``, the path its errors name)."""
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
        entry: dict[str, Json] = {"stats": _stats(node.stats, f"{root}.nodes[{k}].stats")}
        branches: list[dict[str, Json]] = []
        entries.append(entry)
        branches_of.append(branches)
        match node:
            case Leaf(prediction, _):
                label = isinstance(prediction, str)
                entry["prediction"] = (
                    prediction
                    if label
                    else number_json(prediction, f"{root}.nodes[{k}].prediction")
                )
            case Split():
                learned = any(takes_missing(branch.condition) for branch in node.branches)
                for i, branch in enumerate(node.branches):
                    path = f"{root}.nodes[{k}].branches[{i}].condition"
                    branches.append({"condition": condition_json(branch.condition, path, learned)})
                entry["branches"] = branches
                if (rule := node.surrogates) is not None:
                    entry["surrogates"] = _surrogates(rule, f"{root}.nodes[{k}].surrogates")
            case _:
                assert_never(node)
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
    nodes = [f"    {json.dumps(entry)}" for entry in entries]
    return ["{", *lines, '  "nodes": [', *_commas(nodes), "  ]", "}"]


def _commas(lines: Sequence[str]) -> list[str]:
    """The lines of a JSON array's items, a comma after each but the last."""
    return [line + "," for line in lines[:-1]] + list(lines[-1:])


def ensemble_to_json(ensemble: Ensemble) -> str:
    """The ensemble as a JSON document of the ``dtree-ensemble`` schema (see the module's
    notes): its combination, classes, initial value and learning rate, then each member's
    weight and tree, the tree a whole ``dtree-tree`` document as :func:`to_json` writes it.

    Numbers keep their type, as in a tree's file: a SAMME odds 3/2 is ``"3/2"``.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from fractions import Fraction
    >>> stump = cart(load("xor"), max_depth=0)
    >>> print(ensemble_to_json(Ensemble("average", (stump,), (Fraction(1, 2),), ("0", "1"))))
    {
      "format": "dtree-ensemble",
      "version": 1,
      "combination": "average",
      "classes": ["0", "1"],
      "initial": 0.0,
      "learning_rate": 1.0,
      "members": [
        {
          "weight": "1/2",
          "tree": {
            "format": "dtree-tree",
            "version": 1,
            "target": "classification",
            "classes": ["0", "1"],
            "nodes": [
              {"stats": {"counts": [2, 2]}, "prediction": "0"}
            ]
          }
        }
      ]
    }
    """
    head: dict[str, Json] = {
        "format": ENSEMBLE_FORMAT,
        "version": ENSEMBLE_VERSION,
        "combination": ensemble.combination,
        "classes": list(ensemble.classes),
        "initial": number_json(ensemble.initial, "$.initial"),
        "learning_rate": number_json(ensemble.learning_rate, "$.learning_rate"),
    }
    members: list[list[str]] = []
    for t, (tree, weight) in enumerate(zip(ensemble.trees, ensemble.weights, strict=True)):
        here = f"$.members[{t}]"
        tree_lines = _tree_lines(tree, f"{here}.tree")
        members.append(
            [
                "    {",
                f'      "weight": {json.dumps(number_json(weight, f"{here}.weight"))},',
                f'      "tree": {tree_lines[0]}',
                *(f"      {line}" for line in tree_lines[1:]),
                "    }",
            ]
        )
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
    listed = [line for member in _commas_after(members) for line in member]
    return "\n".join(["{", *lines, '  "members": [', *listed, "  ]", "}"])


def _commas_after(items: Sequence[list[str]]) -> list[list[str]]:
    """Items of a JSON array written over several lines each, a comma after each but the
    last."""
    return [[*item[:-1], item[-1] + ","] for item in items[:-1]] + list(items[-1:])


# -- reading ---------------------------------------------------------------------
#
# A path names a value of the document in JSONPath's notation: ``$`` is the
# document, ``$.nodes[3].stats.counts[1]`` the second count of the fourth node.
# Every check knows the path of the value it reads, and says it first: the checks
# of plain JSON values are dtree.strict_json's, those of the schema's parts below.


def _index_of(value: Json, path: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        expected(path, "the index of a node", value)
    if not 0 <= value < n:
        fail(path, f"expected the index of a node, 0 to {n - 1}, got {quote(value)}")
    return value


def _stats_of(value: Json, path: str, classes: tuple[Label, ...] | None, root: str) -> Stats:
    if classes is not None:
        counts = array_of(object_of(value, path, ("counts",))["counts"], f"{path}.counts")
        if len(counts) != len(classes):
            fail(
                f"{path}.counts",
                f"expected {len(classes)} counts, one per class of {root}.classes,"
                f" got {len(counts)}",
            )
        weights = tuple(weight_of(n, f"{path}.counts[{k}]") for k, n in enumerate(counts))
        return built(path, ClassStats, classes, weights)
    fields = object_of(value, path, ("weight", "total", "total_squares"))
    weight = weight_of(fields["weight"], f"{path}.weight")
    first = number_of(fields["total"], f"{path}.total")
    second = number_of(fields["total_squares"], f"{path}.total_squares")
    return built(path, Moments, weight, first, second)


def _prediction_of(
    value: Json, path: str, classes: tuple[Label, ...] | None, root: str
) -> Label | Number:
    """A leaf's prediction: one of the classes, or in regression a number a float can hold."""
    if classes is not None:
        label = string_of(value, path)
        if label not in classes:
            fail(path, f"expected one of the classes of {root}.classes, got {quote(label)}")
        return label
    return float_sized(value, path, "a regression leaf predicts one")


@frozen
class _Node:
    """A node as read, before its subtrees exist: a leaf's prediction, or a
    split's conditions and the indices of their subtrees."""

    stats: Stats
    prediction: Label | Number | None
    branches: tuple[tuple[Condition, int], ...] | None
    surrogates: Json = None  # a split's, as written (read once its branches are)


def _node_of(value: Json, path: str, classes: tuple[Label, ...] | None, n: int, root: str) -> _Node:
    if not isinstance(value, dict):
        expected(path, "an object", value)
    if ("prediction" in value) == ("branches" in value):
        fail(path, "expected a leaf (with a 'prediction') or a split (with 'branches')")
    if "prediction" in value:
        fields = object_of(value, path, ("stats", "prediction"))
        stats = _stats_of(fields["stats"], f"{path}.stats", classes, root)
        prediction = _prediction_of(fields["prediction"], f"{path}.prediction", classes, root)
        return _Node(stats, prediction, None)
    fields = object_of(
        value, path, ("stats", "branches", *("surrogates",) * ("surrogates" in value))
    )
    stats = _stats_of(fields["stats"], f"{path}.stats", classes, root)
    branches = []
    for k, item in enumerate(array_of(fields["branches"], f"{path}.branches")):
        here = f"{path}.branches[{k}]"
        branch = object_of(item, here, ("condition", "subtree"))
        condition = condition_of(branch["condition"], f"{here}.condition")
        branches.append((condition, _index_of(branch["subtree"], f"{here}.subtree", n)))
    if "surrogates" in fields and not isinstance(fields["surrogates"], dict):
        expected(f"{path}.surrogates", "an object", fields["surrogates"])
    return _Node(stats, None, tuple(branches), fields.get("surrogates"))


def _preorder(found: Sequence[_Node], root: str) -> tuple[list[int], list[str | None]]:
    """The indices of the nodes reached from node 0, in preorder, once every node
    but the root is checked to be the subtree of at most one branch; and the
    branch that leads to each node."""
    parent: list[str | None] = [None] * len(found)
    for i, node in enumerate(found):
        for k, (_, child) in enumerate(node.branches or ()):
            here = f"{root}.nodes[{i}].branches[{k}]"
            if child == 0:
                fail(f"{here}.subtree", f"leads to {root}.nodes[0], the root")
            if parent[child] is not None:
                fail(
                    f"{here}.subtree",
                    f"leads to {root}.nodes[{child}], as {parent[child]} does:"
                    " a node has one parent",
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


def _unreached(reached: Sequence[int], parent: Sequence[str | None], root: str) -> NoReturn:
    """Fail at the first node the root does not reach (there is one)."""
    unreached = sorted(set(range(len(parent))) - set(reached))
    orphans = [i for i in unreached if parent[i] is None]
    if orphans:
        fail(f"{root}.nodes[{orphans[0]}]", "no branch leads to this node")
    # Every unreached node has a parent, itself unreached: they lie on cycles.
    fail(
        f"{root}.nodes[{unreached[0]}]",
        "is not reached from the root: the branches above it form a cycle",
    )


def from_json(text: str | bytes) -> Tree:
    """The tree of a JSON document of the schema above, checked throughout.

    Nothing in the text is evaluated; every problem is a :class:`DtreeError`
    naming where it is.  The text is a ``str``, or ``bytes`` in UTF-8.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> tree = c45(load("golf"))
    >>> from_json(to_json(tree)) == tree
    True
    >>> from_json('{"format": "dtree-tree", "version": 2}')
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.version: version 2 is not one this dtree reads (it reads version 1)
    """
    return _tree_of(parse(text), "$")


def _head(document: Json, root: str, kind: str, version: int) -> dict[str, Json]:
    """The object at ``root``, checked to be a model file of format ``kind``, version
    ``version``; a model file of the other kind is named as such."""
    if not isinstance(document, dict):
        expected(root, "a JSON object", document)
    found = document.get("format")
    if found != kind:
        if "format" not in document:
            fail(root, "missing the key 'format': not a dtree model file")
        if isinstance(found, str) and found in READERS:
            fail(
                f"{root}.format",
                f"{quote(found)} is the model file of {READERS[found][0]}, not of"
                f" {READERS[kind][0]}: read it with {READERS[found][1]}",
            )
        expected(f"{root}.format", quote(kind), found, ": not a dtree model file")
    number = document.get("version")
    if not isinstance(number, int) or isinstance(number, bool):
        expected(f"{root}.version", "an integer", number)
    if number != version:
        fail(
            f"{root}.version",
            f"version {quote(number)} is not one this dtree reads (it reads version {version})",
        )
    return document


def _tree_of(value: Json, root: str) -> Tree:
    """The tree of the document ``value``, found at ``root`` (``$`` for a whole file)."""
    document = _head(value, root, FORMAT, SCHEMA_VERSION)
    target = document.get("target")
    if target not in ("classification", "regression"):
        expected(f"{root}.target", "'classification' or 'regression'", target)
    classification = target == "classification"
    if classification and "classes" not in document:
        fail(root, f"missing the key 'classes', which a classification model ({root}.target) has")
    if not classification and "classes" in document:
        fail(f"{root}.classes", f"a regression model ({root}.target) has no classes")
    keys = ("format", "version", "target", *("classes",) * classification, "nodes")
    object_of(document, root, keys)
    classes = (
        strings_of(document["classes"], f"{root}.classes", nonempty=True)
        if classification
        else None
    )
    items = array_of(document["nodes"], f"{root}.nodes", nonempty=True)
    found = [
        _node_of(item, f"{root}.nodes[{i}]", classes, len(items), root)
        for i, item in enumerate(items)
    ]
    order, parent = _preorder(found, root)
    trees: dict[int, Tree] = {}
    for i in reversed(order):  # children before their parents
        node = found[i]
        if node.branches is None:
            trees[i] = built(f"{root}.nodes[{i}]", Leaf, node.prediction, node.stats)
        else:
            branches = tuple(Branch(condition, trees[child]) for condition, child in node.branches)
            here = f"{root}.nodes[{i}]"
            rule = _surrogates_of(node.surrogates, f"{here}.surrogates", branches)
            trees[i] = built(f"{here}.branches", Split, branches, node.stats, rule)
    for i in order:
        children = [child for _, child in found[i].branches or ()]
        if children and found[i].surrogates is None:  # rows may stay at a split with them
            below = ", ".join(f"{root}.nodes[{child}]" for child in children)
            parts = [found[child].stats for child in children]
            _check_sum(found[i].stats, parts, f"{root}.nodes[{i}].stats", below)
    if len(order) < len(found):
        _unreached(order, parent, root)
    return trees[0]


def _sum_of(terms: Sequence[Number]) -> Number:
    """The sum of ``terms`` as a message shows it: as :func:`dtree.counts.total` adds them
    (a float sum rounded once), or exactly where a float cannot hold it."""
    try:
        return total(terms)
    except OverflowError:
        return sum(map(rational, terms), 0)


def _all_written(numbers: Sequence[Number]) -> str:
    return "(" + ", ".join(map(exact_text, numbers)) + ")"


def _check_sum(stats: Stats, parts: Sequence[Stats], path: str, branches: str) -> None:
    """A split's statistics are the sum of its branches' (:func:`dtree.counts.is_sum_of`):
    else fail at the counts, or at the first moment that does not add up, showing both
    numbers and naming the ``branches``."""
    if is_sum_of(stats, parts):
        return
    match stats:
        case ClassStats(_, counts):
            table = [part.counts for part in parts if isinstance(part, ClassStats)]
            sums = tuple(map(_sum_of, zip(*table, strict=True)))
            fail(
                f"{path}.counts",
                f"the split counts {_all_written(counts)} but its branches sum to"
                f" {_all_written(sums)} (its branches: {branches})",
            )
        case Moments():
            moments = [part for part in parts if isinstance(part, Moments)]
            scales = magnitudes(stats, moments)
            for name, scale in zip(("weight", "total", "total_squares"), scales, strict=True):
                value, terms = getattr(stats, name), [getattr(m, name) for m in moments]
                if not adds_up(value, terms, scale):
                    fail(
                        f"{path}.{name}",
                        f"the split's {name} is {exact_text(value)} but its branches sum to"
                        f" {exact_text(_sum_of(terms))} (its branches: {branches})",
                    )
        case _:
            assert_never(stats)


def _check_member_classes(
    tree: Tree, kind: Combination, classes: tuple[str, ...], here: str
) -> None:
    """A member of a classifying ensemble predicts the classes ``$.classes`` names."""
    if kind == "gradient" or not isinstance(tree.stats, ClassStats):
        return
    if tree.stats.classes != classes:
        fail(
            f"{here}.tree.classes",
            f"the member predicts the classes {quote(tree.stats.classes)},"
            f" and $.classes names {quote(classes)}",
        )


def ensemble_from_json(text: str | bytes) -> Ensemble:
    """The ensemble of a ``dtree-ensemble`` document, checked throughout as
    :func:`from_json` checks a tree (each member's tree by the same reader, its errors
    at ``$.members[t].tree...``).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 2),
    ...                   golf.schema.classes)
    >>> ensemble_from_json(ensemble_to_json(forest)) == forest
    True
    >>> ensemble_from_json(to_json(cart(golf)))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.format: 'dtree-tree' is the model file of one tree, not of an \
ensemble: read it with dtree.serialize.from_json
    """
    return _ensemble_of(parse(text))


def model_from_json(text: str | bytes) -> Tree | Ensemble:
    """The model of a model file of either kind: a tree (``dtree-tree``, as
    :func:`from_json` reads it) or an ensemble (``dtree-ensemble``, as
    :func:`ensemble_from_json` reads it), told by its ``"format"``.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> model_from_json(to_json(cart(golf))) == cart(golf)
    True
    >>> one = Ensemble("average", (cart(golf),), (1,), golf.schema.classes)
    >>> model_from_json(ensemble_to_json(one)) == one
    True
    """
    document = parse(text)
    if isinstance(document, dict) and document.get("format") == ENSEMBLE_FORMAT:
        return _ensemble_of(document)
    return _tree_of(document, "$")


_ENSEMBLE_KEYS = ("format", "version", "combination", "classes", "initial", "learning_rate")


def _ensemble_of(value: Json) -> Ensemble:
    """The ensemble of the document ``value``.

    Each member is checked as an ensemble of that one tree (by :class:`Ensemble`'s own
    rules: a member predicts the ensemble's classes, gradient boosting's are regression
    trees, a SAMME odds is at least 1), so a problem names the member it is in.
    """
    document = object_of(
        _head(value, "$", ENSEMBLE_FORMAT, ENSEMBLE_VERSION), "$", (*_ENSEMBLE_KEYS, "members")
    )
    combination = string_of(document["combination"], "$.combination")
    built("$.combination", check_choice, "combination", combination, COMBINATIONS)
    kind = cast(Combination, combination)
    classes = strings_of(document["classes"], "$.classes")
    initial = float_sized(document["initial"], "$.initial", "F_0 is one")
    rate = weight_of(document["learning_rate"], "$.learning_rate")
    float_sized(document["learning_rate"], "$.learning_rate", "the learning rate is one")
    trees: list[Tree] = []
    weights: list[Number] = []
    for t, item in enumerate(array_of(document["members"], "$.members", nonempty=True)):
        here = f"$.members[{t}]"
        member = object_of(item, here, ("weight", "tree"))
        weight = weight_of(member["weight"], f"{here}.weight")
        float_sized(member["weight"], f"{here}.weight", "a member's weight is one")
        tree = _tree_of(member["tree"], f"{here}.tree")
        _check_member_classes(tree, kind, classes, here)
        built(here, Ensemble, kind, (tree,), (weight,), classes, initial, rate)
        trees.append(tree)
        weights.append(weight)
    return built("$", Ensemble, kind, tuple(trees), tuple(weights), classes, initial, rate)
