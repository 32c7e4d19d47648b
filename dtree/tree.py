"""The tree: an immutable algebraic data type, and the functions over it.

Vocabulary
----------
``Tree = Leaf | Split``
    A tree is a leaf or a split.
``Leaf(prediction, stats)``
    Predicts a class (or a number, in regression).  The prediction is
    stored because it is not always the plurality of the leaf's own
    examples: an empty branch predicts its parent's plurality.
``Split(branches, stats)``
    Tests one attribute; its branches' conditions are mutually exclusive.
    ``Split(branches, stats, surrogates)`` also says where an example missing
    that attribute goes: down its surrogate splits, CART's and rpart's rule
    (:mod:`dtree.surrogates`); without them it is shared out among the
    branches, or goes down the branch that takes missing values.
``Branch(condition, subtree)``
    The condition sits on the branch, so a root-to-leaf path is a rule.

Every node keeps the statistics of the training examples that reached it
(:mod:`dtree.counts`).  Construction validates structure, so an
ill-formed tree cannot exist.

Every function here is iterative, not recursive: a chain 10,000 splits
deep is traversed, compared, hashed and printed without ``RecursionError``.
Consumers fold over trees with :func:`fold` (or ``match`` on the two cases
and end with ``assert_never``); learners build them with :func:`unfold`.

Contents: :func:`nodes`, :func:`preorder`, :func:`paths`, :func:`leaves`, :func:`size`,
:func:`depth`, :func:`n_leaves`, :func:`fold`, :func:`unfold`; prediction's definition,
:func:`reach`, :func:`descend`, :func:`prediction_of`, :func:`predict`,
:func:`predict_proba` (with :func:`mixture` and :func:`distribution`); :func:`untaken`,
:func:`named_values` (:mod:`dtree.conditions`'s, handed on), :func:`check_spread`,
:func:`check_example`.

Prediction is defined here as the notes say it, one example at a time:
``predict(tree, x) = prediction_of(tree, reach(tree, x))``.  Two faster walks
sit beside it, each checked equal to it by a law of :mod:`dtree.invariants`:
:mod:`dtree.compiled` (a tree compiled once, for many examples) and
:mod:`dtree.routing` (a whole dataset routed at once, for deep trees).  The
predictions of a model, a tree or an ensemble, are
:func:`dtree.ensemble.predict` and its kin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import zip_longest
from typing import Generic, Literal, NamedTuple, TypeVar, assert_never, get_args

from attrs import field, frozen

from dtree.arithmetic import Real, is_number
from dtree.conditions import (
    Condition,
    describe,
    exclusive,
    holds,
    named_values,
)
from dtree.counts import ClassStats, Moments, Stats, plurality
from dtree.dataset import Example, Label, Value
from dtree.errors import DtreeError, check_choice, quote
from dtree.missing import shares
from dtree.surrogates import Surrogates, surrogate_branch

__all__ = [
    "Branch",
    "Edge",
    "Ends",
    "Leaf",
    "Path",
    "Probability",
    "Split",
    "Spread",
    "Sprout",
    "Tree",
    "Visit",
    "check_example",
    "check_spread",
    "depth",
    "descend",
    "distribution",
    "fold",
    "leaves",
    "mixture",
    "n_leaves",
    "named_values",
    "nodes",
    "paths",
    "predict",
    "predict_proba",
    "prediction_of",
    "preorder",
    "reach",
    "size",
    "unfold",
    "untaken",
]

Probability = Real
"""A share of an example's weight, or a class's probability: exact when the weights are."""
R = TypeVar("R")
S = TypeVar("S")


@frozen
class Leaf:
    """A leaf: its prediction and the statistics of its training examples.

    >>> Leaf("Yes", ClassStats(("No", "Yes"), (0, 4)))
    Leaf(prediction='Yes', stats=ClassStats(classes=('No', 'Yes'), counts=(0, 4)))
    """

    prediction: Label | float
    stats: Stats

    def __attrs_post_init__(self) -> None:
        match self.stats:
            case ClassStats(classes, _):
                if self.prediction not in classes:
                    raise DtreeError(
                        f"leaf predicts {quote(self.prediction)}, not one of {quote(classes)}"
                    )
            case Moments():
                prediction = self.prediction
                if not is_number(prediction) or not math.isfinite(prediction):
                    raise DtreeError(
                        f"a regression leaf predicts a finite number, not {quote(prediction)}"
                    )
            case _:
                assert_never(self.stats)


@frozen(eq=False)
class Branch:
    """One outcome of a split: its condition and the subtree it leads to."""

    condition: Condition
    subtree: Tree

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Branch):
            return NotImplemented
        return self.condition == other.condition and self.subtree == other.subtree

    def __hash__(self) -> int:
        return hash((self.condition, self.subtree))

    def __copy__(self) -> Branch:
        return self

    def __deepcopy__(self, memo: object) -> Branch:
        return self  # immutable all the way down: a copy would equal it in every way

    def __repr__(self) -> str:
        return f"Branch(condition={self.condition!r}, subtree={_repr(self.subtree)})"


def _check_branches(branches: tuple[Branch, ...], stats: Stats) -> None:
    if len(branches) < 2:
        raise DtreeError(f"a split needs at least two branches, got {len(branches)}")
    attributes = {branch.condition.attribute for branch in branches}
    if len(attributes) > 1:
        raise DtreeError(f"a split tests one attribute, got {sorted(attributes)}")
    conditions = [branch.condition for branch in branches]
    for i, first in enumerate(conditions):
        for second in conditions[i + 1 :]:
            if not exclusive(first, second):
                raise DtreeError(
                    f"the conditions {quote(describe(first))} and {quote(describe(second))} overlap"
                )
    for branch in branches:
        below = branch.subtree.stats
        if type(below) is not type(stats) or (
            isinstance(stats, ClassStats)
            and isinstance(below, ClassStats)
            and below.classes != stats.classes
        ):
            raise DtreeError("a subtree's statistics are of another kind than its split's")


def _branches(branches: Iterable[Branch]) -> tuple[Branch, ...]:
    return tuple(branches)


@frozen(eq=False)
class Split:
    """An internal node: mutually exclusive branches on one attribute.

    >>> from dtree.conditions import Equals
    >>> s = ClassStats(("F", "T"), (1, 1))
    >>> Split((Branch(Equals("x", "T"), Leaf("T", ClassStats(("F", "T"), (0, 1)))),
    ...        Branch(Equals("x", "F"), Leaf("F", ClassStats(("F", "T"), (1, 0))))), s).attribute
    'x'
    """

    branches: tuple[Branch, ...] = field(converter=_branches)
    stats: Stats
    surrogates: Surrogates | None = None

    def __attrs_post_init__(self) -> None:
        _check_branches(self.branches, self.stats)
        if self.surrogates is not None:
            if not isinstance(self.surrogates, Surrogates):
                raise DtreeError(
                    f"a split's surrogates are Surrogates, not {quote(self.surrogates)}"
                )
            self.surrogates.check(self.attribute, len(self.branches))

    @property
    def attribute(self) -> str:
        """The attribute this split tests."""
        return self.branches[0].condition.attribute

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Split):
            return NotImplemented
        missing = object()
        return all(a == b for a, b in zip_longest(_shape(self), _shape(other), fillvalue=missing))

    def __hash__(self) -> int:
        return hash(tuple(_shape(self)))

    def __copy__(self) -> Split:
        return self

    def __deepcopy__(self, memo: object) -> Split:
        return self  # immutable all the way down, and copying would recurse

    def __repr__(self) -> str:
        return _repr(self)


Tree = Leaf | Split
Path = tuple[tuple[Condition, ...], Leaf]


# -- traversal -----------------------------------------------------------------


def nodes(tree: Tree) -> Iterator[Tree]:
    """Every node, in preorder (a split before its branches, branches in order).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> [type(node).__name__ for node in nodes(id3(load("xor")))]
    ['Split', 'Split', 'Leaf', 'Leaf', 'Split', 'Leaf', 'Leaf']
    """
    stack: list[Tree] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Split):
            stack.extend(branch.subtree for branch in reversed(node.branches))


class Edge(NamedTuple):
    """The branch that leads to a node: where it leaves the parent, and its test."""

    parent: int
    """The parent's place in preorder."""
    position: int
    """The branch's position among the parent's branches."""
    condition: Condition


class Visit(NamedTuple):
    """A node met by :func:`preorder`: its depth and the edge from its parent."""

    node: Tree
    depth: int
    """The number of splits above the node (the root's depth is 0)."""
    edge: Edge | None
    """The branch that leads to the node; None at the root."""


def preorder(tree: Tree) -> Iterator[Visit]:
    """Every node in preorder, as :func:`nodes` gives them, each with its depth and the
    edge from its parent.

    The k-th visit is node k: a node's parent comes before it, and a subtree's
    nodes are contiguous.  What a node inherits from its ancestors (the rows
    that reach it, the conditions of its path) is then that of
    ``edge.parent`` carried along ``edge.condition``.

    >>> from dtree.conditions import describe
    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> for node, level, edge in preorder(id3(load("boolean-table"))):
    ...     print(level, edge and (edge.parent, edge.position, describe(edge.condition)))
    0 None
    1 (0, 0, 'X1 = F')
    2 (1, 0, 'X2 = F')
    2 (1, 1, 'X2 = T')
    1 (0, 1, 'X1 = T')

    See also: :func:`nodes` (the nodes alone), :func:`paths`, :func:`fold`.
    """
    stack: list[Visit] = [Visit(tree, 0, None)]
    k = 0
    while stack:
        visit = stack.pop()
        yield visit
        node = visit.node
        if isinstance(node, Split):
            below = visit.depth + 1
            stack.extend(
                Visit(branch.subtree, below, Edge(k, i, branch.condition))
                for i, branch in reversed(tuple(enumerate(node.branches)))
            )
        k += 1


def _shape(tree: Tree) -> Iterator[object]:
    """The preorder tokens that determine a tree: equal trees, equal tokens."""
    for node in nodes(tree):
        match node:
            case Leaf(prediction, stats):
                yield ("leaf", prediction, stats)
            case Split(branches, stats, surrogates):
                yield ("split", stats, tuple(branch.condition for branch in branches), surrogates)
            case _:
                assert_never(node)


def _repr(tree: Tree) -> str:
    pieces: list[str] = []
    stack: list[Tree | str] = [tree]
    while stack:
        item = stack.pop()
        match item:
            case str():
                pieces.append(item)
            case Leaf():
                pieces.append(repr(item))
            case Split(branches, stats, surrogates):
                todo: list[Tree | str] = ["Split(branches=("]
                for i, branch in enumerate(branches):
                    todo += [", " * (i > 0) + f"Branch(condition={branch.condition!r}, subtree="]
                    todo += [branch.subtree, ")"]
                rule = "" if surrogates is None else f", surrogates={surrogates!r}"
                todo.append(f"), stats={stats!r}{rule})")
                stack.extend(reversed(todo))
            case _:
                assert_never(item)
    return "".join(pieces)


def fold(
    tree: Tree, on_leaf: Callable[[Leaf], R], on_split: Callable[[Split, tuple[R, ...]], R]
) -> R:
    """Reduce a tree bottom-up: ``on_split`` gets the results of its branches.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> fold(id3(load("play-tennis")), lambda leaf: 1, lambda split, below: 1 + sum(below))
    8
    """
    results: list[R] = []
    stack: list[Tree | tuple[Split]] = [tree]  # a split still to fold: (split,)
    while stack:
        node = stack.pop()
        if isinstance(node, Leaf):
            results.append(on_leaf(node))
        elif isinstance(node, tuple):  # its branches are folded: the last of the results
            (split,) = node
            first = len(results) - len(split.branches)
            below = tuple(results[first:])
            del results[first:]
            results.append(on_split(split, below))
        else:
            stack.append((node,))
            stack.extend([branch.subtree for branch in reversed(node.branches)])
    return results[0]


@frozen
class Sprout(Generic[S]):
    """A split whose subtrees are still to be grown, one from each seed."""

    conditions: tuple[Condition, ...]
    seeds: tuple[S, ...]
    stats: Stats
    surrogates: Surrogates | None = None


def unfold(seed: S, step: Callable[[S], Leaf | Sprout[S]]) -> Tree:
    """Grow a tree top-down: ``step`` turns a seed into a leaf or a sprout.

    The seeds are expanded depth first, in branch order, so ``step`` sees
    them in the order a recursive ``MakeSubtree`` would.

    >>> from dtree.conditions import AtMost, Above
    >>> def halve(n: int) -> Leaf | Sprout[int]:
    ...     stats = Moments(1, float(n), float(n * n))
    ...     if n <= 1:
    ...         return Leaf(float(n), stats)
    ...     return Sprout((AtMost("x", n / 2), Above("x", n / 2)), (n // 2, n - n // 2), stats)
    >>> n_leaves(unfold(5, halve))
    5
    """
    first = step(seed)
    del seed  # each seed is dropped once stepped (see below)
    if isinstance(first, Leaf):
        return first
    frames = [_Frame(first)]
    del first
    while True:
        frame = frames[-1]
        if len(frame.grown) < len(frame.seeds):
            child = step(frame.next_seed())
            if isinstance(child, Leaf):
                frame.grown.append(child)
            else:
                frames.append(_Frame(child))
            del child  # the sprout, and so its seeds, are the frame's alone
            continue
        frames.pop()
        branches = (Branch(c, t) for c, t in zip(frame.conditions, frame.grown, strict=True))
        node = Split(tuple(branches), frame.stats, frame.surrogates)
        if not frames:
            return node
        frames[-1].grown.append(node)


class _Frame(Generic[S]):
    """A sprout being grown: its seeds still to step, and the subtrees grown from the others.

    A seed is let go as it is stepped, so that what it holds (a node's rows, say) lives no
    longer than the step: a depth-first growth holds only the seeds of the siblings along
    its path."""

    def __init__(self, sprout: Sprout[S]) -> None:
        self.conditions = sprout.conditions
        self.stats = sprout.stats
        self.surrogates = sprout.surrogates
        self.seeds: list[S | None] = list(sprout.seeds)
        self.grown: list[Tree] = []

    def next_seed(self) -> S:
        k = len(self.grown)
        seed, self.seeds[k] = self.seeds[k], None
        assert seed is not None
        return seed


def paths(tree: Tree) -> Iterator[Path]:
    """Every root-to-leaf path: its conditions and its leaf, left to right.

    >>> from dtree.conditions import describe
    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> conditions, leaf = next(paths(id3(load("play-tennis"))))
    >>> [describe(c) for c in conditions], leaf.prediction
    (['Outlook = Overcast'], 'Yes')
    """
    stack: list[tuple[Tree, tuple[Condition, ...]]] = [(tree, ())]
    while stack:
        node, conditions = stack.pop()
        match node:
            case Leaf():
                yield conditions, node
            case Split(branches, _):
                stack.extend(
                    (branch.subtree, (*conditions, branch.condition))
                    for branch in reversed(branches)
                )
            case _:
                assert_never(node)


def leaves(tree: Tree) -> Iterator[Leaf]:
    """The leaves, left to right.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> [leaf.prediction for leaf in leaves(id3(load("xor")))]
    ['0', '1', '1', '0']
    """
    return (node for node in nodes(tree) if isinstance(node, Leaf))


def size(tree: Tree) -> int:
    """The number of nodes, leaves and splits.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> size(id3(load("play-tennis")))
    8
    """
    return sum(1 for _ in nodes(tree))


def n_leaves(tree: Tree) -> int:
    """The number of leaves, |T~| in the notes' cost-complexity.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> n_leaves(id3(load("play-tennis")))
    5
    """
    return sum(1 for _ in leaves(tree))


def depth(tree: Tree) -> int:
    """The number of splits on the longest root-to-leaf path (a leaf has depth 0).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> depth(id3(load("play-tennis")))
    2
    """
    return fold(tree, lambda leaf: 0, lambda split, below: 1 + max(below))


# -- prediction ----------------------------------------------------------------


Spread = Literal["training", "equal"]
"""How an example whose tested value is missing is shared among a split's branches:
``training``, in proportion to each branch's training weight (C4.5's rule; a branch no
training example took gets nothing), or ``equal``, an equal share to every branch, an
empty one too, which answers with its own prediction (the Decision Trees II notes' vote
over the attribute's values, 1/3 Yes + 1/3 Yes + 1/3 No)."""


Ends = tuple[tuple["Tree", Probability], ...]
"""The nodes where an example ends up, each with the share of it that ends there: leaves,
and the splits where no branch takes its value (see :func:`reach`)."""


def check_spread(spread: object) -> None:
    """Refuse a ``spread`` that is not one of :data:`Spread`'s.

    >>> check_spread("equal")
    >>> check_spread("votes")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: unknown spread 'votes'; choose one of ['equal', 'training']
    """
    check_choice("spread", spread, get_args(Spread))


def check_example(example: object) -> None:
    """Refuse, in one line, an example that is not a mapping of attribute names to values.

    >>> check_example(["Sunny", "Hot"])
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: an example maps attribute names to values (a dict), got a list
    """
    if not isinstance(example, Mapping):
        kind = type(example).__name__
        raise DtreeError(f"an example maps attribute names to values (a dict), got a {kind}")


def _branch_weights(split: Split, spread: Spread = "training") -> tuple[Probability, ...]:
    """The share of a missing value each branch gets: its share of the split's training
    weight, or 1/m of m branches."""
    if spread == "equal":
        return tuple(Fraction(1, len(split.branches)) for _ in split.branches)
    return shares([branch.subtree.stats.weight for branch in split.branches])


def reach(tree: Tree, example: Example, spread: Spread = "training") -> Ends:
    """The nodes where an example ends up, with the share of it that ends there.

    A known value follows the one branch whose condition holds.  A missing
    value (``None``) follows the branch that takes missing values where one
    does (``x <= t or missing``, scikit-learn's rule); elsewhere it goes down
    every branch, in proportion to the training
    weight of each (C4.5's rule), or, with ``spread="equal"``, in equal shares
    (the notes' vote); at a split with surrogates it goes where they send it,
    whole (:mod:`dtree.surrogates`).  A value that no branch accepts (a
    nominal value unseen in training), or that the surrogates leave where it
    is, stops at that split, whose own distribution then answers.  The
    shares sum to 1.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> [(type(node).__name__, share) for node, share in
    ...  reach(tree, {"Outlook": None, "Temperature": "Hot", "Humidity": "High", "Wind": "Weak"})]
    [('Leaf', Fraction(2, 7)), ('Leaf', Fraction(5, 14)), ('Leaf', Fraction(5, 14))]
    """
    check_spread(spread)
    try:
        return _reach(tree, example, spread)
    except TypeError:
        check_example(example)
        raise


def _reach(tree: Tree, example: Example, spread: Spread) -> Ends:
    ends: list[tuple[Tree, Probability]] = []
    stack: list[tuple[Tree, Probability]] = [(tree, Fraction(1))]
    while stack:
        node, share = stack.pop()
        match node:
            case Leaf():
                ends.append((node, share))
            case Split(branches, _):
                ways = descend(node, example, share, spread)
                if not ways:
                    ends.append((node, share))
                stack.extend((branches[i].subtree, part) for i, part in reversed(ways))
            case _:
                assert_never(node)
    return tuple(ends)


def untaken(tree: Tree, example: Example) -> tuple[tuple[str, Value], ...]:
    """Each known value of ``example`` that no branch takes at a split it reaches, with its
    attribute: where :func:`reach` stops it short of a leaf (a nominal value unseen in
    training), so that the split's own distribution answers.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> day = {"Outlook": "Foggy", "Temperature": "Hot", "Humidity": "High", "Wind": "Weak"}
    >>> untaken(tree, day), untaken(tree, {**day, "Outlook": "Sunny"})
    ((('Outlook', 'Foggy'),), ())
    """
    return tuple(
        (node.attribute, example[node.attribute])
        for node, _ in reach(tree, example)
        if isinstance(node, Split) and example.get(node.attribute) is not None
    )


_WHOLE = Fraction(1)
"""The share of an example that goes down the one branch whose condition holds."""


def _times(share: Probability, p: Probability) -> Probability:
    """share * p, without the cost of a Fraction product when p is a whole Fraction 1
    (which leaves the product's value and type those of ``share``)."""
    return share if type(p) is Fraction and p == 1 else share * p


def descend(
    split: Split, example: Example, share: Probability = _WHOLE, spread: Spread = "training"
) -> tuple[tuple[int, Probability], ...]:
    """The branches an example goes down at a split, each with its share of it: of the
    ``share`` of it that reaches the split (the whole example by default).

    The rules of :func:`reach`: the one branch whose condition holds (a
    missing value too, where a branch takes it: ``x <= t or missing``); every
    branch of positive training weight, in proportion, when the value is
    missing and no branch takes it (or every branch equally, by
    ``spread="equal"``); none when no branch accepts the value.  A split with
    surrogates (:mod:`dtree.surrogates`) sends a value missing, or one no branch
    accepts, down the one branch :func:`~dtree.surrogates.surrogate_branch` names, or
    none.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> descend(tree, {"Outlook": "Rain"}), descend(tree, {"Outlook": None})
    (((1, Fraction(1, 1)),), ((0, Fraction(2, 7)), (1, Fraction(5, 14)), (2, Fraction(5, 14))))
    >>> descend(tree, {"Outlook": None}, Fraction(1, 2))[0]
    (0, Fraction(1, 7))
    >>> descend(tree, {"Outlook": None}, spread="equal")[0]
    (0, Fraction(1, 3))
    """
    outcomes = [holds(branch.condition, example) for branch in split.branches]
    if True in outcomes:
        return ((outcomes.index(True), share),)
    if split.surrogates is not None:  # missing, or a level no branch names: rpart asks them
        k = surrogate_branch(split.surrogates, example)
        return () if k is None else ((k, share),)
    if None in outcomes:
        weights = _branch_weights(split, spread)
        return tuple((i, _times(share, p)) for i, p in enumerate(weights) if p > 0)
    return ()


def distribution(node: Tree) -> tuple[Probability, ...]:
    """p(k | node), in the order of the classes: the node's training proportions; an empty
    leaf is certain of its own prediction, an empty split uniform.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> distribution(id3(load("play-tennis")))
    (Fraction(5, 14), Fraction(9, 14))
    """
    stats = node.stats
    if not isinstance(stats, ClassStats):
        raise DtreeError("a regression tree has no class probabilities")
    if stats.weight > 0:
        return stats.proportions
    if isinstance(node, Leaf):
        return tuple(Fraction(int(label == node.prediction)) for label in stats.classes)
    return tuple(Fraction(1, len(stats.classes)) for _ in stats.classes)


def predict_proba(
    tree: Tree, example: Example, spread: Spread = "training"
) -> dict[Label, Probability]:
    """P(class | example): the mixture of the class distributions it reaches, shared
    among the branches as ``spread`` says where a value is missing (see :func:`reach`).

    Exact (``Fraction``) when the training weights are integers.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> predict_proba(tree, {"Outlook": "Sunny", "Temperature": "Hot",
    ...                      "Humidity": None, "Wind": "Weak"})
    {'No': Fraction(3, 5), 'Yes': Fraction(2, 5)}

    The notes' vote: with Outlook missing (and Humidity Normal, Wind Strong) the
    example reaches three pure leaves, each with a third of it, 1/3 Yes + 1/3 Yes +
    1/3 No:

    >>> day = {"Outlook": None, "Temperature": "Hot", "Humidity": "Normal", "Wind": "Strong"}
    >>> predict_proba(tree, day, spread="equal")
    {'No': Fraction(1, 3), 'Yes': Fraction(2, 3)}
    """
    return mixture(tree, reach(tree, example, spread))


def mixture(tree: Tree, ends: Sequence[tuple[Tree, Probability]]) -> dict[Label, Probability]:
    """P(k | x) = sum_e share_e p(k | e) over the nodes ``ends`` where an example ends up (as
    :func:`reach` gives them), for each class k of the tree.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> mixture(tree, reach(tree, {"Outlook": "Sunny", "Temperature": "Hot",
    ...                            "Humidity": None, "Wind": "Weak"}))
    {'No': Fraction(3, 5), 'Yes': Fraction(2, 5)}
    """
    classes = tree.stats.classes if isinstance(tree.stats, ClassStats) else ()
    mixture: list[Probability] = [Fraction(0)] * len(classes)
    for node, share in ends:
        for k, p in enumerate(distribution(node)):
            mixture[k] += share * p
    return dict(zip(classes, mixture, strict=True))


def _value(node: Tree) -> float:
    match node:
        case Leaf(prediction, _):
            return float(prediction)
        case Split(_, stats) if isinstance(stats, Moments):
            return stats.mean
        case _:
            raise DtreeError("a classification node has no numeric value")


def predict(tree: Tree, example: Example, spread: Spread = "training") -> Label | float:
    """The tree's prediction for one example.

    An example that reaches one leaf gets that leaf's prediction; one that
    is spread by missing values (as ``spread`` says: see :func:`reach`) gets the
    plurality of the mixed distribution (ties to the first class) or, in
    regression, the weighted mean of the values it reaches.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> predict(tree, {"Outlook": "Rain", "Temperature": "Mild",
    ...                "Humidity": "High", "Wind": "Strong"})
    'No'

    See also: :func:`dtree.compiled.predictions`, the same for many examples of one
    tree, faster; :func:`dtree.ensemble.predict`, of a tree or an ensemble.
    """
    return prediction_of(tree, reach(tree, example, spread))


def prediction_of(tree: Tree, ends: Sequence[tuple[Tree, Probability]]) -> Label | float:
    """The prediction for an example that ends at ``ends`` of the tree, as :func:`reach` gives.

    One leaf, whole: its prediction.  Otherwise the plurality of the mixture
    sum_e share_e p(k | e) (ties to the first class) or, in regression, the
    weighted mean sum_e share_e value_e.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> ends = reach(tree, {"Outlook": None, "Temperature": "Hot", "Humidity": "High",
    ...                     "Wind": "Weak"})
    >>> prediction_of(tree, ends)
    'Yes'

    See also: :func:`predict`.
    """
    if len(ends) == 1 and isinstance(ends[0][0], Leaf):
        return ends[0][0].prediction
    if isinstance(tree.stats, Moments):
        return float(sum(share * _value(node) for node, share in ends))
    proba = mixture(tree, ends)
    labels = tuple(proba)
    return labels[plurality(tuple(proba.values()))]
