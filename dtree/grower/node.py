"""One node of a growth, as the grower sees it: what it would do there, and why.

What :func:`dtree.grower.make_subtree.grow` would do at any node of any tree, dtree's or
another system's, is asked of a :class:`Node`: :func:`decide` (the split
MakeSubtree makes, or the rule that stops it), :func:`assess` (the
learner's score of a given split) and :func:`children` (the nodes below a
given split).  Start from :func:`root`.  :mod:`dtree.conformance` walks a
foreign tree this way to say where it and dtree's part.  An ordinal attribute is seen here
as the grower sees it, its levels' codes (:func:`dtree.ordinal.codes`): its splits are
``x <= t`` on them.

Contents: :class:`Node`, :class:`Assessment`, :class:`Decision`,
:func:`root`, :func:`decide`, :func:`assess`, :func:`children`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from attrs import frozen

from dtree.conditions import Condition, holds
from dtree.counts import total
from dtree.dataset import Dataset, Nominal, Value, Weight
from dtree.errors import DtreeError, quote
from dtree.grower.candidate_splits import candidates, considered
from dtree.grower.candidates import (
    Candidate,
    KnownValues,
    allowed,
    exact_score,
    known_values,
    scan,
    unknown_part,
)
from dtree.grower.gain_ratio import average_gain, gain_ratio_of, reaches_average
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import (
    StopRule,
    best_split,
    partition,
    split_surrogates,
    stopping_rule,
)
from dtree.grower.rows import Examples, Frame, start

__all__ = ["Assessment", "Decision", "Node", "assess", "children", "decide", "root"]


@frozen(eq=False)
class Node:
    """A node of a growth: the rows that reach it, the weight each carries there, its depth.

    Ask it what :func:`dtree.grower.make_subtree.grow` would do there with :func:`decide`,
    :func:`assess` and :func:`children`; start from :func:`root`.
    """

    _frame: Frame[Any]
    _examples: Examples

    @property
    def rows(self) -> tuple[int, ...]:
        """The rows of the dataset that reach the node (a missing value sends a row down
        every branch, with a share of its weight)."""
        return self._examples.rows

    @property
    def weights(self) -> tuple[Weight, ...]:
        """The weight of each of :attr:`rows` at the node."""
        return self._examples.weights

    @property
    def depth(self) -> int:
        return self._examples.depth

    @property
    def key(self) -> int:
        """The node's name by its path from the root (:attr:`dtree.grower.rows.Examples.key`),
        which names its draw of attributes under the learner's ``max_features``."""
        return self._examples.key

    @property
    def weight(self) -> Weight:
        return total(self._examples.weights)


@frozen
class Assessment:
    """A split at a node as the learner scores it.

    ``score`` is the learner's score (the impurity decrease or gain, scaled
    by the known share and less the MDL charge, as :func:`dtree.grower.make_subtree.grow` compares
    it); with ``score="gain_ratio"``, ``gain_ratio`` is the ratio and
    ``eligible`` whether the gain reaches the node's average, C4.5's
    condition for the ratio to count.  :attr:`key` is what the learner
    maximises.
    """

    conditions: tuple[Condition, ...]
    score: Fraction | float
    gain_ratio: float | None = None
    eligible: bool = True

    @property
    def key(self) -> Fraction | float:
        return self.score if self.gain_ratio is None else self.gain_ratio


@frozen
class Decision:
    """What MakeSubtree does at a node: ``best``, the split it makes, or ``stop``, the rule
    that makes the node a leaf; ``candidates`` are the attributes' best splits."""

    best: Assessment | None
    stop: StopRule | None
    candidates: tuple[Assessment, ...]


def root(learner: Learner, data: Dataset) -> Node:
    """The root of the tree ``learner`` grows on ``data``: every row of positive weight.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> node = root(ID3, load("play-tennis"))
    >>> len(node.rows), node.weight, node.depth
    (14, 14, 0)
    """
    return Node(*start(learner, data))


def _assessed(frame: Frame[Any], candidate: Candidate[Any], average: float | None) -> Assessment:
    score = exact_score(frame, candidate)
    if frame.learner.score != "gain_ratio":
        return Assessment(candidate.conditions, score)
    ratio = gain_ratio_of(frame, (candidate, score))
    eligible = average is None or reaches_average(score, average)
    return Assessment(candidate.conditions, score, ratio, eligible)


def _average(frame: Frame[Any], found: Sequence[Candidate[Any]]) -> float | None:
    """C4.5's average gain at the node, for a gain-ratio learner (else None)."""
    if frame.learner.score != "gain_ratio":
        return None
    return average_gain(frame, [(c, exact_score(frame, c)) for c in found])


def decide(node: Node) -> Decision:
    """The split :func:`~dtree.grower.make_subtree.grow` makes at ``node``, or the rule that
    stops it there.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> node = root(ID3, load("play-tennis"))
    >>> decision = decide(node)
    >>> decision.best.conditions[0], decision.stop
    (Equals(attribute='Outlook', value='Overcast'), None)
    >>> [round(float(c.score), 3) for c in decision.candidates]
    [0.247, 0.029, 0.152, 0.048]
    >>> decide(children(node, decision.best.conditions)[0]).stop
    'pure'
    """
    frame, examples = node._frame, node._examples
    if not examples.rows:
        return Decision(None, "pure", ())
    stop = stopping_rule(frame, examples, frame.target.stats(examples.rows, examples.weights))
    listed = list(candidates(frame, examples)) if stop != "pure" else []
    found = stop or best_split(frame, examples, listed)
    average = _average(frame, listed)
    assessed = tuple(_assessed(frame, c, average) for c in listed)
    if isinstance(found, str):
        return Decision(None, found, assessed)
    return Decision(_assessed(frame, found[0], average), None, assessed)


def _given(node: Node, conditions: Sequence[Condition]) -> Candidate[Any] | str:
    """A split given by its conditions, as a candidate of the grower, or why the learner
    would not make it."""
    frame, examples = node._frame, node._examples
    names = {condition.attribute for condition in conditions}
    if len(names) != 1 or next(iter(names)) not in frame.data.schema.names:
        return f"the conditions test {sorted(names)}, not one attribute of the data"
    name = next(iter(names))
    index = frame.data.schema.index(name)
    if index not in considered(frame, examples):
        return f"{quote(name)} is not among the attributes drawn at the node (max_features)"
    column = known_values(frame, examples, index)
    learned = frame.learner.missing == "learned" and column.missing
    if learned:  # the missing rows go down the branch that takes them, whole
        values = tuple(map(frame.data.columns[index].__getitem__, examples.rows))
        column = KnownValues(examples.rows, examples.weights, values, 0, None)

    def branch_of(value: Value) -> int:
        outcomes = [holds(condition, {name: value}) for condition in conditions]
        return outcomes.index(True) if True in outcomes else -1

    branches = [branch_of(value) for value in column.values]
    if -1 in branches:
        return f"no branch accepts the value {quote(column.values[branches.index(-1)])}"
    parts = frame.target.parts(branches, len(conditions), column.rows, column.weights)
    cuts = 0
    if not isinstance(frame.data.schema.attributes[index].domain, Nominal):
        scanned = scan(frame, examples, index)
        if scanned is None:
            return "too little weight at the node for a cut"
        cuts = scanned[1].allowed
    unknown = unknown_part(frame, column)
    to = branch_of(None) if learned else None
    candidate = Candidate(
        name,
        tuple(conditions),
        parts,
        column.missing,
        cuts,
        0.0,
        branch_of,
        column.fill,
        unknown,
        None if to is None or to < 0 else to,
    )
    return candidate if allowed(frame, parts) else "a branch the learner would not allow"


def assess(node: Node, conditions: Sequence[Condition]) -> Assessment | str:
    """The learner's score of the split of ``node`` by ``conditions`` (one branch each, all
    on one attribute), or why the learner would not make that split: among the reasons, a
    split into other than two branches, or, for a multiway learner, other than one branch
    per value of a nominal attribute, or, under the learner's ``max_features``, a split on
    an attribute not drawn for the node (:func:`dtree.grower.candidate_splits.considered`).

    >>> from dtree.conditions import Equals
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import CART, ID3
    >>> node = root(ID3, load("play-tennis"))
    >>> wind = assess(node, [Equals("Wind", "Strong"), Equals("Wind", "Weak")])
    >>> round(float(wind.score), 3)
    0.048
    >>> assess(node, [Equals("Wind", "Strong")])
    "no branch accepts the value 'Weak'"
    >>> outlook = [Equals("Outlook", v) for v in ("Overcast", "Rain", "Sunny")]
    >>> assess(root(CART, load("play-tennis")), outlook)
    "3 branches: the learner splits 'Outlook' in 2"
    """
    candidate = _given(node, conditions)
    if isinstance(candidate, str):
        return candidate
    frame = node._frame
    domain = frame.data.schema.attribute(candidate.attribute).domain
    branches = 2
    if isinstance(domain, Nominal) and frame.learner.nominal == "multiway":
        branches = len(domain.values)
    if len(conditions) != branches:
        name = quote(candidate.attribute)
        return f"{len(conditions)} branches: the learner splits {name} in {branches}"
    average = _average(frame, list(candidates(frame, node._examples)))
    return _assessed(frame, candidate, average)


def children(node: Node, conditions: Sequence[Condition]) -> tuple[Node, ...]:
    """The nodes below the split of ``node`` by ``conditions``, one per branch: a row with a
    missing value goes down every branch, by the branch's share of the known weight.

    >>> from dtree.conditions import Equals
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> wind = [Equals("Wind", "Strong"), Equals("Wind", "Weak")]
    >>> strong, weak = children(root(ID3, load("play-tennis")), wind)
    >>> strong.rows, weak.weight, weak.depth
    ((1, 5, 6, 10, 11, 13), 8, 1)
    """
    candidate = _given(node, conditions)
    if isinstance(candidate, str):
        raise DtreeError(f"cannot split the node by {len(conditions)} conditions: {candidate}")
    frame, examples = node._frame, node._examples
    stats = frame.target.stats(examples.rows, examples.weights)
    prediction = (
        frame.target.prediction(examples.rows, examples.weights, stats)
        if examples.rows
        else examples.parent_prediction
    )
    surrogates = split_surrogates(frame, examples, candidate)
    below = partition(frame, examples, candidate, prediction, surrogates)
    return tuple(Node(frame, part) for part in below)
