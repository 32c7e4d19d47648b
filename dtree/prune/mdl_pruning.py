"""Pruning by minimum description length (Quinlan and Rivest 1989; the notes' third way).

The notes ask of a subtree: "Is the additional complexity of the hypothesis
smaller than remembering the exceptions?"  Quinlan and Rivest ("Inferring
decision trees using the minimum description length principle", Information
and Computation 80, 1989) make the question a sum of bits: a sender who
knows the classes of the training rows tells them to a receiver who knows
only the rows' attribute values, by sending a tree and then the rows the
tree gets wrong.  The tree whose message is shortest wins; a split that
costs more bits to describe than it saves in exceptions is pruned.

Vocabulary
----------
a message count ``M``
    A part of the message is one of ``M`` equally likely messages, so it
    costs ``log2 M`` bits.  Every count below is a whole number and the
    count of a whole message is the product of its parts' counts, so
    lengths add as counts multiply and compare exactly, as integers.
``L(T) = log2 M(T)``
    The description length of tree ``T`` with the classes of its rows:
    its structure, then the exceptions of each leaf.

The coding
----------
With ``a`` the number of attributes of the data and ``m`` its number of
classes, the tree is sent in preorder, each node's part being:

* one bit, leaf or split (a factor 2);
* at a leaf, its class: ``log2 m`` bits (a factor ``m``); then its
  exceptions, below;
* at a split, its attribute: ``log2 a`` bits (a factor ``a``); a
  threshold ``x <= t`` costs ``log2 c`` bits more, for ``c`` the
  candidate cuts of ``x``, its distinct values in the data less one; a
  subset ``x in S`` of a nominal attribute of ``v`` values costs
  ``log2 (2^(v-1) - 1)`` bits more, for the two-way partitions of its
  values; a split with one branch per value (``x = value``) costs nothing
  more, as the receiver knows the values.

The exceptions of a leaf of ``n`` rows, ``n_j`` of class ``j``, predicting
class ``c`` and so wrong on ``e = n - n_c`` rows:

* ``log2 (n + 1)`` bits for ``e``, which lies in ``0..n``;
* ``log2 C(e + m - 2, m - 2)`` bits for how the ``e`` exceptions divide
  among the ``m - 1`` other classes (none with two classes);
* ``log2 (n! / prod_j n_j!)`` bits for which rows have which class, given
  the counts: ``C(n, e)`` for which rows are exceptions, times
  ``e! / prod_(j != c) n_j!`` for their classes.

With two classes a leaf's exceptions are Quinlan and Rivest's
``L(n, e, n) = log2 (n + 1) + log2 C(n, e)``, and its structure their one
bit and the class.  Two departures from their paper, to keep each node's
cost its own: every split pays ``log2 a`` (they count only the attributes
a path has not used), and a threshold pays for the cuts of the whole data
(they count those at the node).  Both make a split dearer, never cheaper,
so a tree they keep may be pruned here but not the other way round.

The counts are those the tree's nodes keep, which must be whole numbers
(weights that act as copies; fractional counts from missing values are
refused); the ``data`` are the rows it was grown on, which give ``a``, ``m``
and the candidate cuts.  The pruning is bottom-up, :func:`mdl`: a split
becomes its leaf (:func:`dtree.prune.as_leaf`) when the leaf's length is at
most that of the split with its branches pruned; an equal length prunes,
since the shorter hypothesis is the point.  As every node's cost is its own,
this gives the pruning of least description length, the smallest of them on
a tie (:func:`dtree.invariants.mdl_is_shortest`).

Contents
--------
:func:`exception_messages`; :class:`Coding` and :func:`coding_of`;
:func:`messages`, :func:`description_length`; :func:`mdl`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import assert_never

from attrs import frozen

from dtree.conditions import Above, AboveLevel, AtMost, AtMostLevel, Equals, In, NotIn
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Label, Nominal, Numeric, Weight
from dtree.errors import DtreeError, quote
from dtree.prune.subtrees import as_leaf, check_target, indexed
from dtree.tree import Leaf, Split, Sprout, Tree, unfold

__all__ = ["Coding", "coding_of", "description_length", "exception_messages", "mdl", "messages"]


def _whole(count: Weight) -> int:
    """A count as the whole number it must be to be coded."""
    if isinstance(count, int):
        return count
    if isinstance(count, Fraction) and count.denominator == 1:
        return count.numerator
    if isinstance(count, float) and count.is_integer():
        return int(count)
    raise DtreeError(
        f"description lengths code whole rows: a node's count is {quote(count)}, not a whole number"
    )


def exception_messages(stats: ClassStats, prediction: Label) -> int:
    """The count of messages that tell a leaf's exceptions:
    ``(n + 1) C(e + m - 2, m - 2) n! / prod_j n_j!`` (see the module's coding).

    Quinlan and Rivest's ``L(n, e, n)``: 16 rows, 1 exception, two classes,
    is ``log2 (17 x 16) = 8.09`` bits; a pure leaf of 4 rows costs only its
    count, ``log2 5``.

    >>> stats = ClassStats(("no", "yes"), (15, 1))
    >>> exception_messages(stats, "no"), round(math.log2(exception_messages(stats, "no")), 2)
    (272, 8.09)
    >>> exception_messages(ClassStats(("no", "yes"), (0, 4)), "yes")
    5
    >>> exception_messages(ClassStats(("a", "b", "c"), (3, 1, 1)), "a")  # 6 x C(3, 1) x 20
    360
    """
    counts = [_whole(count) for count in stats.counts]
    n = sum(counts)
    e = n - counts[stats.classes.index(prediction)]
    others = len(counts) - 1
    divisions = math.comb(e + others - 1, others - 1) if others else 1
    arrangements, placed = 1, 0  # n! / prod_j n_j!, class by class
    for count in counts:
        placed += count
        arrangements *= math.comb(placed, count)
    return (n + 1) * divisions * arrangements


@frozen
class Coding:
    """What the receiver knows from the data: ``classes`` (m), ``attributes`` (a), and for
    each attribute the number of binary tests it offers (``choices``): a numeric one's
    candidate cuts, a nominal one's two-way partitions of its values.

    >>> from dtree.datasets import load
    >>> coding = coding_of(load("golf"))
    >>> coding.classes, coding.attributes, dict(coding.choices)
    (2, 4, {'outlook': 3, 'temperature': 11, 'humidity': 8, 'windy': 1})
    """

    classes: int
    attributes: int
    choices: tuple[tuple[str, int], ...]

    def leaf_messages(self, leaf: Leaf) -> int:
        """A leaf's count: 2 (a leaf), m (its class), and its exceptions."""
        stats = leaf.stats
        if not isinstance(stats, ClassStats) or isinstance(leaf.prediction, float):
            raise DtreeError("description lengths code classes: not for regression")
        return 2 * self.classes * exception_messages(stats, leaf.prediction)

    def split_messages(self, split: Split) -> int:
        """A split's own count: 2 (a split), a (its attribute), and its test's choices."""
        condition = split.branches[0].condition
        match condition:
            case Equals():
                test = 1
            case AtMost() | Above() | AtMostLevel() | AboveLevel() | In() | NotIn():
                offered = dict(self.choices)
                if condition.attribute not in offered:
                    raise DtreeError(f"the data have no attribute {quote(condition.attribute)}")
                test = offered[condition.attribute]
            case _:
                assert_never(condition)
        return 2 * self.attributes * test


def coding_of(data: Dataset) -> Coding:
    """The :class:`Coding` of a tree grown on ``data``: a numeric attribute of ``d`` distinct
    values (among the rows of positive weight) offers ``max(1, d - 1)`` cuts, an ordinal one
    of ``v`` levels ``max(1, v - 1)``, a nominal one of ``v`` values ``max(1, 2^(v-1) - 1)``
    subsets.

    >>> from dtree.datasets import load
    >>> dict(coding_of(load("play-tennis")).choices)["Outlook"]  # {S}, {O}, {R} against the rest
    3
    """
    if not data.schema.is_classification:
        raise DtreeError("description lengths code classes: not for regression")
    present = data.present()
    choices: list[tuple[str, int]] = []
    for attribute in data.schema.attributes:
        match attribute.domain:
            case Nominal(values, ordered=True):
                choices.append((attribute.name, max(1, len(values) - 1)))
            case Nominal(values):
                choices.append((attribute.name, max(1, 2 ** (len(values) - 1) - 1)))
            case Numeric():
                distinct = {x for x in present.column(attribute.name) if x is not None}
                choices.append((attribute.name, max(1, len(distinct) - 1)))
            case _:
                assert_never(attribute.domain)
    return Coding(len(data.schema.classes), len(data.schema.attributes), tuple(choices))


def _node_messages(node: Tree, coding: Coding) -> int:
    """A node's own count: a leaf's all of it, a split's without its branches'."""
    match node:
        case Leaf():
            return coding.leaf_messages(node)
        case Split():
            return coding.split_messages(node)
        case _:
            assert_never(node)


def messages(tree: Tree, data: Dataset) -> int:
    """M(T): the count of messages of the tree's form, the product of its nodes' counts.

    ID3's PlayTennis tree: 3 splits of 2 x 4 each, 5 pure leaves of 2 x 2 x (n + 1) each.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> data = load("play-tennis")
    >>> messages(id3(data), data) == 8**3 * 4**5 * (5 * 3 * 4 * 4 * 3)
    True
    """
    check_target(tree, data, "training")
    coding = coding_of(data)
    return math.prod(_node_messages(node, coding) for node in indexed(tree).nodes)


def description_length(tree: Tree, data: Dataset) -> float:
    """L(T) = log2 M(T), in bits: the tree and the exceptions of its leaves.

    The fourteen days of PlayTennis do not pay for ID3's tree: its 19 bits
    of structure and 9.49 of exceptions are 28.49 bits, while the root as a
    leaf sends the 5 exceptions of 14 days in log2(15 x C(14, 5)) = 14.87
    bits, 16.87 with its 2 bits of structure.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> data = load("play-tennis")
    >>> tree = id3(data)
    >>> round(description_length(tree, data), 2), round(description_length(as_leaf(tree), data), 2)
    (28.49, 16.87)
    """
    return math.log2(messages(tree, data))


def mdl(tree: Tree, data: Dataset) -> Tree:
    """Pruning by minimum description length, bottom-up (see the module's coding).

    A split becomes its leaf when the leaf's count of messages is at most
    that of the split with its branches pruned: exactly, as integers, so an
    equal length prunes.  The result is the pruning of ``tree`` of least
    :func:`description_length` on ``data``, its training rows.

    The small textbook datasets do not pay for any split (PlayTennis' 14
    days, see :func:`description_length`).  On iris, ID3's tree of 9 leaves,
    111.68 bits, keeps the 3 leaves that cost 71.25; the root alone would
    cost 246.72:

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.render import text
    >>> iris = load("iris")
    >>> tree = id3(iris)
    >>> print(text(mdl(tree, iris)))
    root [setosa: 50, versicolor: 50, virginica: 50]
    petal_length <= 2.45 [setosa: 50, versicolor: 0, virginica: 0]: setosa
    petal_length > 2.45 [setosa: 0, versicolor: 50, virginica: 50]
    |   petal_width <= 1.75 [setosa: 0, versicolor: 49, virginica: 5]: versicolor
    |   petal_width > 1.75 [setosa: 0, versicolor: 1, virginica: 45]: virginica
    >>> [round(description_length(t, iris), 2) for t in (tree, mdl(tree, iris), as_leaf(tree))]
    [111.68, 71.25, 246.72]
    """
    check_target(tree, data, "training")
    coding = coding_of(data)
    index = indexed(tree)
    kept = [1] * len(index.nodes)  # the count of each node's subtree, pruned
    pruned = [False] * len(index.nodes)
    for i in reversed(range(len(index.nodes))):
        node = index.nodes[i]
        kept[i] *= _node_messages(node, coding)
        if isinstance(node, Split):
            as_one = coding.leaf_messages(as_leaf(node))
            if as_one <= kept[i]:
                kept[i], pruned[i] = as_one, True
        if index.parents[i] >= 0:
            kept[index.parents[i]] *= kept[i]
    children: list[list[int]] = [[] for _ in index.nodes]
    for i in range(1, len(index.nodes)):
        children[index.parents[i]].append(i)

    def step(i: int) -> Leaf | Sprout[int]:
        node = index.nodes[i]
        if isinstance(node, Leaf) or pruned[i]:
            return as_leaf(node)
        conditions = tuple(branch.condition for branch in node.branches)
        return Sprout(conditions, tuple(children[i]), node.stats, node.surrogates)

    return unfold(0, step)
