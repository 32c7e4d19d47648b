"""Compiled trees: the fast walk of prediction, beside its definition.

Prediction is defined in :mod:`dtree.tree`, as the notes say it:
``predict(tree, x) = prediction_of(tree, reach(tree, x))``.  That walk
tests each branch's condition in turn and carries a ``Fraction`` share
down the tree.  Predicting many examples of one tree, it pays to turn the
tree once into a form that a complete example goes down with one
comparison or one dictionary look-up per split and no ``Fraction``; where
that walk cannot decide (a value missing, or no branch's, or not a finite
number or a string as the split needs) it hands over to :func:`dtree.tree.reach`
from the split where it stands, so the results are the definition's,
exactly.  The law :func:`dtree.invariants.compiled_walk_is_the_definition`
checks so.

Vocabulary
----------
``Compiled(tree, root)``
    A tree compiled for prediction: a value, made by :func:`compile_tree`
    and passed to the functions that walk it.  Nothing is kept between
    calls: whoever predicts many batches of one tree compiles it once and
    keeps the value.
The compiled nodes
    Nested tuples, one for each split, whose leaves are the tree's own
    ``Leaf`` values.  A split on a numeric attribute x, ``x <= t`` and
    ``x > u`` (u = t when grown), becomes ``(x, None, t, u, low, high,
    split)``; a split on a nominal attribute becomes ``(x, table, other,
    split)``, the table giving the subtree each value named by the
    conditions goes to (None: no branch takes it), ``other`` that of any
    other value.  ``split`` is the Split itself, for ``reach`` to take over
    from, except at the root (where the tree is).  Plain tuples, because
    Python unpacks them fastest, and the second item tells the two apart.

Contents: :class:`Compiled`, :func:`compile_tree`, :func:`ending`,
:func:`predictions`, :func:`probabilities`; :func:`untaken_examples`, the
examples some split stops short of a leaf, screened by set look-ups.  The predictions of a model,
a tree or an ensemble, are :func:`dtree.ensemble.predict_many` and its
kin, which compile a tree once per call.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from attrs import frozen

from dtree.arithmetic import is_number
from dtree.conditions import Above, AtMost, NotIn, holds
from dtree.dataset import Dataset, Example, Label, Value
from dtree.errors import DtreeError, quote
from dtree.tree import (
    Ends,
    Leaf,
    Probability,
    Split,
    Spread,
    Tree,
    check_example,
    check_spread,
    distribution,
    fold,
    mixture,
    named_values,
    nodes,
    prediction_of,
    reach,
    untaken,
)

__all__ = [
    "Compiled",
    "Row",
    "column_predictions",
    "compile_tree",
    "ending",
    "predictions",
    "probabilities",
    "untaken_examples",
]

_Threshold = tuple[str | int, None, float, float, "_Node", "_Node", "Split | None"]
_Table = tuple[str | int, "dict[str, _Node | None]", "_Node | None", "Split | None"]
_Node = Leaf | _Threshold | _Table


@frozen(eq=False)
class Compiled:
    """A tree compiled for prediction: the tree, and its compiled root (a leaf is its own).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> compiled = compile_tree(tree)
    >>> compiled.tree is tree, compiled.root[0]
    (True, 'Outlook')
    """

    tree: Tree
    root: _Node
    names: tuple[str, ...] | None = None  # the attributes of a row, when rows are tuples


Row = tuple[Value, ...]
"""An example as a tuple of values, in the order of a :class:`Compiled`'s ``names``."""


def compile_tree(tree: Tree, names: Sequence[str] | None = None) -> Compiled:
    """The tree compiled, bottom-up by :func:`dtree.tree.fold` (a chain of any depth
    compiles), its root without its split.  With ``names``, the examples it walks are
    :data:`Row` tuples of the values of those attributes, in that order: each split then
    reads its value by position (see :func:`column_predictions`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> compile_tree(cart(load("golf"), max_depth=1)).root[2]  # outlook: any value but overcast
    Leaf(prediction='Play', stats=ClassStats(classes=('Play', "Don't Play"), counts=(5, 5)))
    >>> compile_tree(cart(load("golf"), max_depth=1), ["temperature", "outlook"]).root[0]
    1
    """
    if isinstance(tree, Leaf):
        return Compiled(tree, tree)
    position = None if names is None else {name: k for k, name in enumerate(names)}
    root = fold(
        tree, lambda leaf: leaf, lambda split, below: _compiled_split(split, below, position)
    )
    named = None if names is None else tuple(names)
    match root:
        case (attribute, None, at_most, above, low, high, _):
            return Compiled(tree, (attribute, None, at_most, above, low, high, None), named)
        case (attribute, table, other, _):
            return Compiled(tree, (attribute, table, other, None), named)
        case _:
            raise AssertionError(f"a split compiles to a split, not {quote(root)}")


def _compiled_split(
    split: Split, below: tuple[_Node, ...], position: dict[str, int] | None
) -> _Node:
    """A split compiled, its branches' subtrees compiled as ``below``; its attribute is its
    name, or its position in a row where rows are tuples (``position``).

    A numeric split has two branches, ``AtMost`` and ``Above``, in either order (no
    third condition excludes both); any other names nominal values (:func:`_table`).
    """
    key: str | int = split.attribute if position is None else _position(position, split)
    if len(below) == 2:
        first, second = split.branches[0].condition, split.branches[1].condition
        if isinstance(first, AtMost) and isinstance(second, Above):
            return (key, None, first.threshold, second.threshold, below[0], below[1], split)
        if isinstance(first, Above) and isinstance(second, AtMost):
            return (key, None, second.threshold, first.threshold, below[1], below[0], split)
    return _table(split, below, key)


def _position(position: dict[str, int], split: Split) -> int:
    """Where a row holds the split's attribute; a clear error if it holds none."""
    try:
        return position[split.attribute]
    except KeyError:
        raise DtreeError(f"the tree tests {quote(split.attribute)}, which the rows lack") from None


def _table(split: Split, below: tuple[_Node, ...], key: str | int) -> _Table:
    """A split on a nominal attribute compiled: each value its conditions name, and any
    other (a string longer than every named one is none of them), goes to the subtree of
    the branch whose condition holds, or to None if none does (where
    :func:`dtree.tree.reach` takes over: a split's surrogates, say)."""

    def subtree(value: str) -> _Node | None:
        example = {split.attribute: value}
        taken = (k for k, branch in enumerate(split.branches) if holds(branch.condition, example))
        k = next(taken, None)
        return None if k is None else below[k]

    named = sorted({value for branch in split.branches for value in named_values(branch.condition)})
    other = max(named, key=len, default="") + "?"
    return (key, {value: subtree(value) for value in named}, subtree(other), split)


def _number(value: Value) -> float | None:
    """A value as :func:`dtree.conditions.holds` compares it with a threshold, ``float(x)``;
    None if it is missing or not a number (left to :func:`dtree.tree.reach`)."""
    return None if value is None or not is_number(value) else float(value)


def ending(compiled: Compiled, example: Example | Row, spread: Spread = "training") -> Leaf | Ends:
    """The leaf the example reaches whole, walking the compiled tree; where the walk cannot
    decide (a value missing, or no branch's, or not a finite number or a string as the
    split needs), what :func:`dtree.tree.reach` gives from that split on.

    A number is compared as ``holds`` compares it (``float(x) <= t``); an infinite one
    or NaN is left to ``reach``, whose error names it.  An example that is not a mapping
    is refused in one line.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> compiled = compile_tree(id3(tennis))
    >>> ending(compiled, tennis.example(0)).prediction
    'No'
    >>> [share for _, share in ending(compiled, {**tennis.example(0), "Humidity": None})]
    [Fraction(3, 5), Fraction(2, 5)]
    """
    try:
        return _end(compiled, example, spread)
    except TypeError:
        check_example(example)
        raise


def _end(compiled: Compiled, example: Example | Row, spread: Spread) -> Leaf | Ends:
    """:func:`ending`, for an example that is a mapping, or a :data:`Row` where the tree
    was compiled for rows (its splits then read their values by position)."""
    node = compiled.root
    inf = math.inf
    try:
        while type(node) is tuple:
            if node[1] is None:
                value = example[node[0]]  # type: ignore[index]  # a name, or a row's position
                if type(value) is not float:
                    value = _number(value)
                    if value is None:
                        break
                if value <= node[2]:
                    if value != -inf:
                        node = node[4]
                        continue
                elif value > node[3] and value != inf:
                    node = node[5]
                    continue
            else:
                value = example[node[0]]  # type: ignore[index]
                if type(value) is str:
                    below = node[1].get(value, node[2])
                    if below is not None:
                        node = below
                        continue
            break
    except KeyError:  # reach names the attribute the example lacks
        pass
    if isinstance(node, Leaf):
        return node
    split: Split | None = node[-1]  # where the walk stopped (None: the root)
    return reach(compiled.tree if split is None else split, _mapping(compiled, example), spread)


def _mapping(compiled: Compiled, example: Example | Row) -> Example:
    """The example as the mapping :func:`dtree.tree.reach` reads."""
    if compiled.names is None:
        return example  # type: ignore[return-value]  # compiled for mappings: one
    return dict(zip(compiled.names, example, strict=True))


def probabilities(
    compiled: Compiled, examples: Iterable[Example], spread: Spread = "training"
) -> tuple[tuple[Probability, ...], ...]:
    """:func:`dtree.tree.predict_proba` for each example, in order, as the probabilities of
    the tree's classes in their order: the same numbers, faster (a leaf's distribution is
    computed once).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> compiled = compile_tree(id3(tennis))
    >>> probabilities(compiled, [tennis.example(0), {**tennis.example(0), "Humidity": None}])
    ((Fraction(1, 1), Fraction(0, 1)), (Fraction(3, 5), Fraction(2, 5)))
    """
    check_spread(spread)
    seen: dict[int, tuple[Probability, ...]] = {}
    found: list[tuple[Probability, ...]] = []
    for example in examples:
        end = ending(compiled, example, spread)
        if isinstance(end, Leaf):
            shares = seen.get(id(end))
            if shares is None:
                shares = seen[id(end)] = distribution(end)
            found.append(shares)
        else:
            found.append(tuple(mixture(compiled.tree, end).values()))
    return tuple(found)


def predictions(
    compiled: Compiled, examples: Iterable[Example] | Iterable[Row], spread: Spread = "training"
) -> tuple[Label | float, ...]:
    """:func:`dtree.tree.predict` for each example, in order: the same predictions, faster.

    Each split is a threshold test, ``x <= t`` to one subtree and ``x > t`` to the
    other, or a table from a nominal value to its subtree.  An example whose every
    tested value is known and taken by a branch goes down it to one leaf, with no
    ``Fraction``.  Any other is finished by :func:`dtree.tree.reach` from the split where
    the compiled walk cannot decide: a missing value is shared among the branches by
    their training weights, and a value no branch takes stops at that split, as ever.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> compiled = compile_tree(c45(golf))
    >>> predictions(compiled, golf.examples()) == golf.labels
    True
    >>> sunny = {"outlook": "sunny", "temperature": 70, "humidity": 70, "windy": "false"}
    >>> predictions(compiled, [sunny, {**sunny, "humidity": 90}, {**sunny, "humidity": None}])
    ('Play', "Don't Play", "Don't Play")
    """
    check_spread(spread)
    tree = compiled.tree
    found: list[Label | float] = []
    for example in examples:
        try:
            end = _end(compiled, example, spread)  # ending's walk, a call less a row
        except TypeError:
            check_example(example)
            raise
        found.append(end.prediction if isinstance(end, Leaf) else prediction_of(tree, end))
    return tuple(found)


def column_predictions(
    tree: Tree, data: Dataset, spread: Spread = "training"
) -> tuple[Label | float, ...]:
    """:func:`dtree.tree.predict` for each row of ``data``, in order: the tree compiled for
    the dataset's attributes, each row read from its columns as a tuple (no mapping per
    row; a row the compiled walk cannot finish becomes one for :func:`dtree.tree.reach`).
    A tree that tests an attribute the data lack walks mappings, where ``reach`` names it.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> column_predictions(c45(golf), golf) == golf.labels
    True
    """
    try:
        compiled = compile_tree(tree, data.schema.names)
    except DtreeError:  # a split on an attribute the rows lack
        return predictions(compile_tree(tree), data.examples(), spread)
    whole = data.rows == tuple(range(len(data.target)))  # every row, in order: the columns
    columns = [column if whole else map(column.__getitem__, data.rows) for column in data.columns]
    rows = zip(*columns, strict=True) if columns else (() for _ in data.rows)
    return predictions(compiled, rows, spread)


def untaken_examples(
    trees: Iterable[Tree], examples: Sequence[Example]
) -> tuple[tuple[int, str, Value], ...]:
    """The examples that hold a value no branch takes (:func:`untaken`) in any of ``trees``
    (a tree, or an ensemble's members), each as its index in ``examples`` and its first such
    attribute and value.  Only an example with a value that some split of the trees takes
    on no branch is walked: the values every split of an attribute takes are known, so a
    model of known values costs a set look-up per tested value.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> foggy = {**tennis.example(0), "Outlook": "Foggy"}
    >>> untaken_examples([id3(tennis)], [tennis.example(0), foggy])
    ((1, 'Outlook', 'Foggy'),)
    """
    models = tuple(trees)
    taken = _taken_everywhere(models)
    found = []
    for index, example in enumerate(examples):
        if all(
            not isinstance(example.get(name), str) or example.get(name) in values
            for name, values in taken.items()
        ):
            continue
        stops = next((stop for tree in models for stop in untaken(tree, example)), None)
        if stops is not None:
            found.append((index, *stops))
    return tuple(found)


def _taken_everywhere(trees: Sequence[Tree]) -> dict[str, frozenset[str]]:
    """For each nominal attribute some split of ``trees`` may stop a value at, the values
    that every such split takes on a branch (a split with a ``NotIn`` branch takes any
    value, and stops none)."""
    taken: dict[str, frozenset[str]] = {}
    for node in (node for tree in trees for node in nodes(tree)):
        if not isinstance(node, Split):
            continue
        conditions = [branch.condition for branch in node.branches]
        if any(isinstance(condition, AtMost | Above | NotIn) for condition in conditions):
            continue
        named = frozenset().union(*map(named_values, conditions))
        taken[node.attribute] = taken.get(node.attribute, named) & named
    return taken
