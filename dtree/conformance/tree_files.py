"""A tree from any implementation: a ``dtree-tree`` document, read onto its data, its claims
checked.

An implementation that is none of dtree's peers hands dtree its tree in the format of
dtree's own model files, ``dtree-tree`` version 1 (:mod:`dtree.serialize` documents it):
every node in one flat list, the root first; a split's branches, each a condition
(``Equals``, ``AtMost``/``Above`` a threshold, ``In``/``NotIn`` a set of values) and the
index of its subtree; a numeric condition's ``"missing": true`` where missing values
take that branch whole (without it they are shared among the branches by weight); a
leaf's prediction; and every node's statistics (a count per class, or a regression
node's weight, sum of y and sum of y squared).  A JSON Schema of the format ships in the
package (:func:`tree_schema`); the reader checks what a schema cannot say as well (one
tree, a split's statistics the sum of its branches').

The statistics are the implementation's claims about its training data.
:func:`tree_reading` recounts every node from the data (:func:`dtree.routing.restated`;
each leaf keeps the prediction written) and reports each node whose written statistics
the recount contradicts as a :class:`~dtree.conformance.claims.Finding`, named by its
place in the file (``tree.json: $.nodes[4]``).  Counts agree when they are equal, or,
where a float is among them, within :data:`CLAIM_TOLERANCE` of their size.

Contents: :data:`TREE_SCHEMA`, :data:`CLAIM_TOLERANCE`, :func:`tree_schema`,
:func:`tree_reading`, :func:`read_tree`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from importlib import resources
from typing import Any, cast

from dtree.arithmetic import Number
from dtree.conformance.claims import Finding, Reading, path_to
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.routing import restated
from dtree.serialize import from_json
from dtree.tree import Split, Tree, preorder

__all__ = ["CLAIM_TOLERANCE", "TREE_SCHEMA", "read_tree", "tree_reading", "tree_schema"]

TREE_SCHEMA = "schemas/dtree-tree-1.schema.json"
"""Where the JSON Schema of ``dtree-tree`` version 1 lies in the package."""

CLAIM_TOLERANCE = 1e-9
"""How far a written statistic may lie from the recount, relative to the larger of the two
(and to 1), where either is a float; integers and fractions agree only when equal."""


def tree_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a ``dtree-tree`` document, version 1.

    >>> schema = tree_schema()
    >>> numeric = schema["$defs"]["condition"]["oneOf"][1]
    >>> schema["properties"]["format"], sorted(numeric["properties"])
    ({'const': 'dtree-tree'}, ['attribute', 'kind', 'missing', 'threshold'])
    """
    text = resources.files("dtree").joinpath(TREE_SCHEMA).read_text(encoding="utf-8")
    return cast(dict[str, Any], json.loads(text))


def _agree(written: Number, recounted: Number) -> bool:
    """Equal, or where a float is among them within CLAIM_TOLERANCE of their size, compared
    as exact fractions (a written integer may be too large for a float)."""
    if not (isinstance(written, float) or isinstance(recounted, float)):
        return written == recounted
    a, b = Fraction(written), Fraction(recounted)
    return abs(a - b) <= Fraction(CLAIM_TOLERANCE) * max(abs(a), abs(b), Fraction(1))


def _numbers(stats: Stats) -> tuple[Number, ...]:
    """A node's statistics as the file writes them: its counts, or W, sum y, sum y^2."""
    if isinstance(stats, ClassStats):
        return tuple(stats.counts)
    assert isinstance(stats, Moments)  # the two kinds of Stats
    return (stats.weight, stats.total, stats.total_squares)


def _file_order(text: str | bytes) -> list[int]:
    """For each node in preorder, its index in the document's ``nodes`` (which need not
    list them in preorder), from a document :func:`dtree.serialize.from_json` has checked."""
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig")  # from_json read it: UTF-8, perhaps after a mark
    nodes = json.loads(text.removeprefix("\ufeff"))["nodes"]
    order: list[int] = []
    stack = [0]
    while stack:
        index = stack.pop()
        order.append(index)
        branches = nodes[index].get("branches", ())
        stack.extend(branch["subtree"] for branch in reversed(branches))
    return order


def tree_reading(text: str | bytes, data: Dataset, *, file: str | None = None) -> Reading:
    """A ``dtree-tree`` document's tree with the statistics of ``data`` on every node, and the
    findings: each node whose written statistics the data contradict.

    ``data`` is the data the tree was fitted on: its rows are routed through the tree and
    every node recounted; each leaf keeps the prediction the file gives it (a prediction
    the recount contradicts is for :func:`dtree.conformance.compare` to report).  A
    document that cannot be read is one :class:`DtreeError`, naming the file and the
    JSON path of the problem.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from dtree.serialize import to_json
    >>> golf = load("golf")
    >>> text = to_json(cart(golf, max_depth=1))
    >>> tree_reading(text, golf).findings
    ()
    >>> edited = text.replace("[5, 5]", "[6, 4]").replace("[9, 5]", "[10, 4]")
    >>> print(tree_reading(edited, golf, file="tree.json").findings[0])
    tree.json: $.nodes[0]: the file's statistics is (10, 4), the data give (9, 5) (at the root)
    """
    try:
        claimed = from_json(text)
        _check_fits(claimed, data)
        recounted = restated(claimed, data, predictions="kept")
    except DtreeError as error:
        raise DtreeError(str(error), file=file) from None
    return Reading(recounted, tuple(_findings(claimed, recounted, _file_order(text), file)))


def _check_fits(tree: Tree, data: Dataset) -> None:
    """Refuse a tree of the other kind than the data's target, testing an attribute the
    data lack, or of other classes (or the same in another order: the counts are written
    in the data's order)."""
    schema = data.schema
    if schema.is_classification != isinstance(tree.stats, ClassStats):
        kind = "classification" if schema.is_classification else "regression"
        raise DtreeError(f"the data need a {kind} tree; the file holds the other kind")
    tested = {visit.node.attribute for visit in preorder(tree) if isinstance(visit.node, Split)}
    for name in sorted(tested - set(schema.names)):
        raise DtreeError(f"the tree tests {quote(name)}, which the data lack")
    if isinstance(tree.stats, ClassStats) and tree.stats.classes != schema.classes:
        raise DtreeError(
            f"the file's classes are {list(tree.stats.classes)}, the data's {list(schema.classes)}:"
            " write the classes, and each node's counts, in the data's order"
        )


def _findings(
    claimed: Tree, recounted: Tree, order: Sequence[int], file: str | None
) -> list[Finding]:
    """Each node, in preorder, whose written statistics the recount contradicts."""
    found: list[Finding] = []
    visits = tuple(preorder(recounted))
    for k, (written, visit) in enumerate(zip(preorder(claimed), visits, strict=True)):
        ours, theirs = _numbers(visit.node.stats), _numbers(written.node.stats)
        if not all(map(_agree, theirs, ours)):  # as many numbers: the same kind and classes
            where = f"$.nodes[{order[k]}]" if file is None else f"{file}: $.nodes[{order[k]}]"
            found.append(Finding(where, path_to(visits, k), "the file's statistics", theirs, ours))
    return found


def read_tree(text: str | bytes, data: Dataset, *, file: str | None = None) -> Tree:
    """A ``dtree-tree`` document's tree with the statistics of ``data`` on every node,
    refused when the data contradict any statistics it writes: the tree of
    :func:`tree_reading`, whose first finding is here a :class:`DtreeError`.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from dtree.serialize import to_json
    >>> golf = load("golf")
    >>> read_tree(to_json(cart(golf)), golf) == cart(golf)
    True
    """
    return tree_reading(text, data, file=file).strict()
