"""Pruning: pure functions from a tree (and, where needed, data) to a smaller tree.

Every method prunes a node the same way, :func:`as_leaf`: the split
becomes a leaf that keeps the node's statistics and predicts their
plurality (in regression, their mean).  The methods differ in which
nodes they prune.

Vocabulary
----------
``R(t)``
    The risk of node ``t`` as a leaf, a share of the root's weight: its
    misclassified weight over N (``risk="error"``, Breiman and rpart), or
    its impurity times its weight over N (``risk="impurity"``,
    scikit-learn).  A regression node's risk is its residual sum of
    squares over N under both.
``R(T)``
    The risk of a tree, the sum of R over its leaves: with ``"error"``
    it is the resubstitution estimate of the Learning with Trees notes.
``R_alpha(T) = R(T) + alpha |T|``
    The cost-complexity of a tree with ``|T|`` leaves.
``g(t) = (R(t) - R(T_t)) / (|T_t| - 1)``
    The strength of the link at ``t``: the alpha at which pruning the
    branch ``T_t`` to a leaf stops costing anything.

Contents
--------
Reduced-error pruning (Decision Trees II notes): :func:`reduced_error`.
Cost-complexity pruning (Learning with Trees notes; Breiman et al. 1984):
:func:`cost_complexity_path`, :func:`prune_to`, :func:`tree_risk`,
:func:`cost_complexity`, :func:`link_strengths`, :func:`select_by_holdout`,
:func:`select_by_cv`;
:func:`prunings`, every pruning, the brute force they are checked against.
C4.5's pessimistic pruning (Quinlan 1993): :func:`added_errors`,
:func:`estimated_errors`, :func:`pessimistic`, and J48's :func:`collapse`.
Pruning by depth and early termination (CS 536 and Lecture 10 notes):
:func:`truncate`, :func:`early_stopping`.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import partial
from statistics import NormalDist
from typing import Literal, TypeVar, assert_never, get_args

from attrs import evolve, frozen

from dtree.arithmetic import Real
from dtree.counts import (
    ClassStats,
    central,
    training_loss,
)
from dtree.dataset import Dataset, Label, Weight
from dtree.errors import DtreeError, check_choice, quote
from dtree.evaluate import Fold, Learning, error, folds_of, learn_with, losses
from dtree.grower.learner import Learner
from dtree.impurity import IMPURITIES, Impurity, gini
from dtree.progress import Report, meter, part
from dtree.routing import (
    Routed,
    every_row,
    fold_routed,
    recounted_leaf,
    restated,
    route,
    share_weights,
)
from dtree.selection import SelectionRule, choose, cross_validated, mean_and_standard_error
from dtree.tree import (
    Branch,
    Leaf,
    Split,
    Sprout,
    Tree,
    depth,
    fold,
    leaves,
    n_leaves,
    preorder,
    unfold,
)

__all__ = [
    "C45_Z_TABLE",
    "COLLAPSE_SLACK",
    "CostComplexityPath",
    "EarlyStopping",
    "PathEstimate",
    "Risk",
    "Selection",
    "SelectionRule",
    "ZRule",
    "added_errors",
    "as_leaf",
    "collapse",
    "cost_complexity",
    "cost_complexity_path",
    "early_stopping",
    "estimated_errors",
    "link_strengths",
    "pessimistic",
    "prune_to",
    "prunings",
    "reduced_error",
    "select_by_cv",
    "select_by_holdout",
    "tree_risk",
    "truncate",
]

Risk = Literal["error", "impurity"]
ZRule = Literal["c45", "normal"]
Largest = Literal["first", "last"]
"""How cost-complexity pruning picks from its path: the least error, or the 1-SE rule."""
R = TypeVar("R")


def as_leaf(node: Tree) -> Leaf:
    """The node pruned to a leaf: same statistics, predicting their plurality (or mean).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> as_leaf(id3(load("play-tennis")))
    Leaf(prediction='Yes', stats=ClassStats(classes=('No', 'Yes'), counts=(5, 9)))
    """
    match node:
        case Leaf():
            return node
        case Split(_, stats):
            return Leaf(central(stats), stats)
        case _:
            assert_never(node)


def prunings(tree: Tree) -> tuple[Tree, ...]:
    """Every pruning of a tree: the trees made by pruning any set of its splits to leaves.

    A leaf has one pruning, itself; a split has its own leaf and one
    pruning for each choice of a pruning of every branch, so N(t) = 1 +
    prod_b N(t_b).  That is exponential in the size of the tree: this is
    the brute force that the theorems about pruning are checked against,
    for small trees only.  The first is the root as a leaf; the last,
    the tree itself.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import size
    >>> [size(t) for t in prunings(id3(load("xor")))]
    [1, 3, 5, 5, 7]

    See also: :func:`prune_to`, :func:`dtree.invariants.prune_to_is_optimal`.
    """

    def on_split(split: Split, below: tuple[tuple[Tree, ...], ...]) -> tuple[Tree, ...]:
        kept = (
            Split(
                tuple(Branch(b.condition, t) for b, t in zip(split.branches, choice, strict=True)),
                split.stats,
            )
            for choice in itertools.product(*below)
        )
        return (as_leaf(split), *kept)

    return fold(tree, lambda leaf: (leaf,), on_split)


# -- cost-complexity ------------------------------------------------------------------------


def _node_risk(node: Tree, n: Weight, risk: Risk, impurity: Impurity) -> Real:
    """R(t): the node's risk as a leaf, a share of the root's weight ``n``."""
    leaf = as_leaf(node)
    stats = leaf.stats
    if risk == "impurity" and isinstance(stats, ClassStats):
        loss: Real = impurity(stats.counts) * stats.weight if stats.weight > 0 else Fraction(0)
    else:
        loss = training_loss(stats, leaf.prediction)
    return loss / n if isinstance(loss, float) or isinstance(n, float) else Fraction(loss, 1) / n


def _check_risk(risk: str) -> None:
    check_choice("risk", risk, get_args(Risk))


def tree_risk(tree: Tree, *, risk: Risk = "error", impurity: Impurity = gini) -> Real:
    """R(T), the sum of the leaves' risks (the resubstitution estimate for ``"error"``).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> tree = cart(load("play-tennis"), max_depth=1)
    >>> tree_risk(tree), tree_risk(tree, risk="impurity")
    (Fraction(5, 14), Fraction(5, 14))
    """
    _check_risk(risk)
    n = tree.stats.weight
    return sum((_node_risk(leaf, n, risk, impurity) for leaf in leaves(tree)), Fraction(0))


def cost_complexity(
    tree: Tree, alpha: Real, *, risk: Risk = "error", impurity: Impurity = gini
) -> Real:
    """R_alpha(T) = R(T) + alpha |T|, the penalised risk of the Learning with Trees notes.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> cost_complexity(cart(load("play-tennis"), max_depth=1), Fraction(1, 10))
    Fraction(39, 70)
    """
    return tree_risk(tree, risk=risk, impurity=impurity) + _exact(alpha) * n_leaves(tree)


def _exact(alpha: Real) -> Real:
    """A float alpha as the exact rational it stands for, so comparisons stay exact."""
    if isinstance(alpha, float) and math.isfinite(alpha):
        return Fraction(alpha)
    return alpha


def prune_to(tree: Tree, alpha: Real, *, risk: Risk = "error", impurity: Impurity = gini) -> Tree:
    """T(alpha): the smallest pruned subtree minimising R(T) + alpha |T|.

    Bottom-up, a node becomes a leaf when its own cost R(t) + alpha is at
    most the least cost of its branches; taking the leaf on a tie gives the
    smallest minimiser, which Breiman et al. (1984) show is unique.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from dtree.tree import n_leaves
    >>> tree = cart(load("play-tennis"))
    >>> [n_leaves(prune_to(tree, a)) for a in (0, Fraction(1, 28), Fraction(3, 28))]
    [7, 3, 1]
    """
    _check_risk(risk)
    if (isinstance(alpha, float) and math.isnan(alpha)) or alpha < 0:
        raise DtreeError(f"alpha must be a number >= 0, got {quote(alpha)}")
    n, a = tree.stats.weight, _exact(alpha)

    def on_leaf(leaf: Leaf) -> tuple[Tree, Real]:
        return leaf, _node_risk(leaf, n, risk, impurity) + a

    def on_split(split: Split, below: tuple[tuple[Tree, Real], ...]) -> tuple[Tree, Real]:
        as_one = _node_risk(split, n, risk, impurity) + a
        kept = sum((cost for _, cost in below), Fraction(0))
        if as_one <= kept:
            return as_leaf(split), as_one
        return _rebuilt(split, tuple(subtree for subtree, _ in below)), kept

    return fold(tree, on_leaf, on_split)[0]


def _rebuilt(split: Split, subtrees: Sequence[Tree]) -> Split:
    """The split with new subtrees (itself when nothing changed)."""
    if all(new is branch.subtree for new, branch in zip(subtrees, split.branches, strict=True)):
        return split
    branches = (Branch(b.condition, t) for b, t in zip(split.branches, subtrees, strict=True))
    return Split(tuple(branches), split.stats)


@frozen
class CostComplexityPath:
    """Breiman's nested sequence: ``trees[k]`` is T(alpha) for alpha in [alphas[k], alphas[k+1]).

    ``risks[k]`` is R(trees[k]).  The last tree is the root alone.
    """

    alphas: tuple[Real, ...]
    trees: tuple[Tree, ...]
    risks: tuple[Real, ...]

    @property
    def leaves(self) -> tuple[int, ...]:
        """|T_k|, the number of leaves of each tree.

        >>> from dtree.datasets import load
        >>> from dtree.grower.presets import cart
        >>> cost_complexity_path(cart(load("play-tennis"))).leaves
        (7, 3, 1)
        """
        return tuple(n_leaves(tree) for tree in self.trees)

    def tree_at(self, alpha: Real) -> Tree:
        """The tree of the path that is optimal at ``alpha`` (the last with alphas[k] <= alpha).

        >>> from dtree.datasets import load
        >>> from dtree.grower.presets import cart
        >>> path = cost_complexity_path(cart(load("play-tennis")))
        >>> [n_leaves(path.tree_at(a)) for a in (0, 0.05, 0.1, 1)]
        [7, 3, 3, 1]
        """
        a = _exact(alpha)
        k = max((k for k, start in enumerate(self.alphas) if start <= a), default=0)
        return self.trees[k]


@frozen
class _Indexed:
    """A tree's nodes in preorder, each with its parent and its branch position there."""

    nodes: tuple[Tree, ...]
    parents: tuple[int, ...]
    positions: tuple[int, ...]
    spans: tuple[int, ...]
    """The number of nodes in each node's subtree (a subtree is contiguous in preorder)."""

    def route(self, i: int) -> tuple[int, ...]:
        """The branch positions that lead from the root to node ``i``."""
        steps: list[int] = []
        while self.parents[i] >= 0:
            steps.append(self.positions[i])
            i = self.parents[i]
        return tuple(reversed(steps))


def _indexed(tree: Tree) -> _Indexed:
    visits = tuple(preorder(tree))
    nodes = [node for node, _, _ in visits]
    parents = [-1 if edge is None else edge.parent for _, _, edge in visits]
    positions = [-1 if edge is None else edge.position for _, _, edge in visits]
    spans = [1] * len(nodes)
    for i in reversed(range(1, len(nodes))):
        spans[parents[i]] += spans[i]
    return _Indexed(tuple(nodes), tuple(parents), tuple(positions), tuple(spans))


def _graft(tree: Tree, route: Sequence[int], subtree: Tree) -> Tree:
    """The tree with the node at ``route`` replaced by ``subtree`` (only its ancestors rebuilt)."""
    spine: list[Split] = []
    node = tree
    for position in route:
        assert isinstance(node, Split)
        spine.append(node)
        node = node.branches[position].subtree
    for split, position in zip(reversed(spine), reversed(route), strict=True):
        subtrees = [branch.subtree for branch in split.branches]
        subtrees[position] = subtree
        subtree = _rebuilt(split, subtrees)
    return subtree


class _WeakestLinks:
    """Weakest-link pruning in progress: R(T_t) and |T_t| of every live node, g(t) in a heap."""

    def __init__(self, tree: Tree, risk: Risk, impurity: Impurity) -> None:
        self.index = _indexed(tree)
        self.tree = tree
        nodes, n = self.index.nodes, tree.stats.weight
        self.r_node = [_node_risk(node, n, risk, impurity) for node in nodes]
        self.r_branch: list[Real] = [Fraction(0)] * len(nodes)
        self.size = [0] * len(nodes)
        for i in reversed(range(len(nodes))):
            if isinstance(nodes[i], Leaf):
                self.r_branch[i], self.size[i] = self.r_node[i], 1
            if self.index.parents[i] >= 0:
                self.r_branch[self.index.parents[i]] += self.r_branch[i]
                self.size[self.index.parents[i]] += self.size[i]
        self.live = [True] * len(nodes)
        self.version = [0] * len(nodes)
        self.heap: list[tuple[Real, int, int]] = []
        for i, node in enumerate(nodes):
            if isinstance(node, Split):
                self._push(i)

    def g(self, i: int) -> Real:
        """g(t) = (R(t) - R(T_t)) / (|T_t| - 1)."""
        return (self.r_node[i] - self.r_branch[i]) / (self.size[i] - 1)

    def _push(self, i: int) -> None:
        heapq.heappush(self.heap, (self.g(i), i, self.version[i]))

    def weakest(self) -> tuple[Real, int] | None:
        """The least g(t) over the live splits, and the first split (in preorder) that has it."""
        while self.heap:
            g, i, version = self.heap[0]
            if self.live[i] and self.size[i] > 1 and version == self.version[i]:
                return g, i
            heapq.heappop(self.heap)
        return None

    def cut(self, i: int) -> None:
        """Prune the branch at node ``i`` to a leaf and update its ancestors."""
        heapq.heappop(self.heap)
        gain, dropped = self.r_node[i] - self.r_branch[i], self.size[i] - 1
        self.r_branch[i], self.size[i] = self.r_node[i], 1
        j, end = i + 1, i + self.index.spans[i]
        while j < end:  # retire the branch's nodes, skipping branches retired before
            self.live[j] = False
            j += self.index.spans[j] if self.size[j] == 1 else 1
        ancestor = self.index.parents[i]
        while ancestor >= 0:
            self.r_branch[ancestor] += gain
            self.size[ancestor] -= dropped
            self.version[ancestor] += 1
            self._push(ancestor)
            ancestor = self.index.parents[ancestor]
        self.tree = _graft(self.tree, self.index.route(i), as_leaf(self.index.nodes[i]))


def link_strengths(
    tree: Tree, *, risk: Risk = "error", impurity: Impurity = gini
) -> tuple[tuple[Split, Real], ...]:
    """g(t) = (R(t) - R(T_t)) / (|T_t| - 1) for every split t of the tree, in preorder.

    R is a share of the root's weight, as in :func:`tree_risk`.  g(t) is the
    alpha at which pruning the branch T_t to a leaf stops raising
    R(T) + alpha |T|; the least of them is the weakest link, the next alpha
    of :func:`cost_complexity_path`.

    On x = 0..9, y = 0 0 1 0 0 1 1 1 0 1 the full Gini tree's weakest links
    are the two splits below the root, at 1/20:

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.presets import cart
    >>> data = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> [str(g) for _, g in link_strengths(cart(data))]
    ['1/10', '1/20', '1/10', '1/20', '1/10']

    See also: :func:`cost_complexity_path`, :func:`tree_risk`.
    """
    _check_risk(risk)
    links = _WeakestLinks(tree, risk, impurity)
    return tuple(
        (node, links.g(i)) for i, node in enumerate(links.index.nodes) if isinstance(node, Split)
    )


def cost_complexity_path(
    tree: Tree,
    *,
    risk: Risk = "error",
    impurity: Impurity = gini,
    one_at_a_time: bool = False,
    progress: Report | None = None,
) -> CostComplexityPath:
    """Weakest-link pruning: the nested trees T_0 > T_1 > ... > root and their alphas.

    T_0 is the smallest subtree with the least risk (``prune_to(tree, 0)``).
    Then, repeatedly, alpha_(k+1) is the least g(t) over the splits of T_k,
    and T_(k+1) prunes *every* split that attains it.  The alphas strictly
    increase, and are exact (``Fraction``) when the weights are integers.

    ``one_at_a_time=True`` is scikit-learn's ``cost_complexity_pruning_path``
    convention instead: the path starts at the full tree with alpha 0 and
    prunes one weakest link per step (the first in preorder), so a tied
    alpha repeats.  With ``risk="impurity"`` and the tree's own criterion it
    reproduces scikit-learn's ``ccp_alphas`` and ``impurities``.
    ``progress``, if given, is told the leaves pruned away, of all but one.

    On x = 0..9, y = 0 0 1 0 0 1 1 1 0 1 the full Gini tree gives:

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.presets import cart
    >>> data = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> tree = cart(data)
    >>> cost_complexity_path(tree, risk="impurity").alphas
    (Fraction(0, 1), Fraction(2, 25), Fraction(9, 50))
    >>> cost_complexity_path(tree, risk="impurity", one_at_a_time=True).alphas
    (Fraction(0, 1), Fraction(2, 25), Fraction(2, 25), Fraction(9, 50))
    >>> cost_complexity_path(tree).alphas
    (Fraction(0, 1), Fraction(1, 20), Fraction(3, 10))
    """
    _check_risk(risk)
    links = _WeakestLinks(tree, risk, impurity)
    alphas: list[Real] = []
    trees: list[Tree] = []
    risks: list[Real] = []
    leaves = links.size[0]
    advance = meter(progress, leaves - 1, "pruning")

    def record(alpha: Real) -> None:
        alphas.append(alpha)
        trees.append(links.tree)
        risks.append(links.r_branch[0])
        advance(leaves - links.size[0])

    if one_at_a_time:
        record(Fraction(0))
        while (weakest := links.weakest()) is not None:
            links.cut(weakest[1])
            record(weakest[0])
    else:
        while (weakest := links.weakest()) is not None and weakest[0] <= 0:
            links.cut(weakest[1])
        record(Fraction(0))
        while (weakest := links.weakest()) is not None:
            alpha = weakest[0]
            while weakest is not None and weakest[0] == alpha:
                links.cut(weakest[1])
                weakest = links.weakest()
            record(alpha)
    return CostComplexityPath(tuple(alphas), tuple(trees), tuple(risks))


def _check_target(tree: Tree, data: Dataset, role: str) -> None:
    stats = tree.stats
    if isinstance(stats, ClassStats) != data.schema.is_classification or (
        isinstance(stats, ClassStats) and stats.classes != data.schema.classes
    ):
        raise DtreeError(f"the {role} data's target does not match the tree's")


# -- reduced-error pruning -------------------------------------------------------------------


def _loss(prediction: Label | float, data: Dataset, rows: Routed) -> Real:
    """The weighted validation loss of one prediction: misclassified weight or squared error."""
    counted = rows.counted
    shares = rows.loose if counted else rows.shares()
    weights = share_weights(data, shares)
    if data.schema.is_classification:
        wrong = (
            w for (row, _), w in zip(shares, weights, strict=True) if data.target[row] != prediction
        )
        loss: Real = sum(wrong, Fraction(0))
        if counted:  # the run's weight less its weight of the predicted class
            classes = data.schema.classes
            right = rows.run_weight(classes.index(prediction))[0] if prediction in classes else 0
            loss += rows.run_weight()[0] - right
        return loss
    return math.fsum(
        float(w) * (float(data.target[row]) - float(prediction)) ** 2
        for (row, _), w in zip(shares, weights, strict=True)
    )


def reduced_error(tree: Tree, validation: Dataset) -> Tree:
    """Reduced-error pruning (Decision Trees II notes), bottom-up on a validation set.

    A split whose branches are all leaves becomes a leaf (:func:`as_leaf`)
    when that does not increase the validation error: the misclassified
    weight (squared error in regression) of the validation examples that
    reach it.  A node that no validation example reaches is pruned.  One
    bottom-up pass reaches the fixed point of "repeat until nothing
    changes": a node's decision depends only on its own, final, subtree.

    A validation example with a missing value is counted by the share of
    it that reaches each leaf (C4.5's convention); without missing values
    this is exactly the validation accuracy.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import size
    >>> data = load("play-tennis")
    >>> tree = id3(data.subset(range(10)))
    >>> size(tree), size(reduced_error(tree, data.subset(range(10, 14))))
    (9, 6)
    """
    _check_target(tree, validation, "validation")

    def on_leaf(leaf: Leaf, rows: Routed) -> tuple[Tree, Real]:
        return leaf, _loss(leaf.prediction, validation, rows)

    def on_split(
        split: Split, rows: Routed, stopped: Routed, below: tuple[tuple[Tree, Real], ...]
    ) -> tuple[Tree, Real]:
        leaf = as_leaf(split)
        kept = sum((loss for _, loss in below), _loss(leaf.prediction, validation, stopped))
        if all(isinstance(subtree, Leaf) for subtree, _ in below):
            as_one = _loss(leaf.prediction, validation, rows)
            if as_one <= kept:
                return leaf, as_one
        return _rebuilt(split, tuple(subtree for subtree, _ in below)), kept

    return fold_routed(tree, validation, every_row(validation, tree), on_leaf, on_split)[0]


# -- pessimistic pruning (C4.5) --------------------------------------------------------------

C45_Z_TABLE = (
    (0.0, 4.0),
    (0.001, 3.09),
    (0.005, 2.58),
    (0.01, 2.33),
    (0.05, 1.65),
    (0.10, 1.28),
    (0.20, 0.84),
    (0.40, 0.25),
    (1.00, 0.0),
)
"""C4.5's table of (confidence CF, z): the upper tail P(Z > z) = CF of the normal,
rounded, between whose rows C4.5 interpolates linearly (Quinlan 1993, from the
Documenta Geigy Scientific Tables)."""


def _z(confidence: float, rule: ZRule) -> float:
    """The z with P(Z > z) = CF: interpolated in C4.5's table, or the exact normal quantile."""
    if rule == "normal":
        return NormalDist().inv_cdf(1 - confidence)
    upper = next(i for i, (cf, _) in enumerate(C45_Z_TABLE) if confidence <= cf)
    (cf0, z0), (cf1, z1) = C45_Z_TABLE[upper - 1], C45_Z_TABLE[upper]
    return z0 + (z1 - z0) * (confidence - cf0) / (cf1 - cf0)


def _check_confidence(confidence: float, rule: str) -> None:
    check_choice("z", rule, get_args(ZRule))
    if not 0 < confidence < 1:
        raise DtreeError(f"the confidence level CF is in (0, 1), got {quote(confidence)}")


def added_errors(n: float, e: float, confidence: float = 0.25, *, z: ZRule = "c45") -> float:
    """U_CF(e, n) n - e: the errors a leaf adds when its error rate rises to the upper limit.

    U_CF(e, n) is the upper limit of the binomial error rate at confidence
    CF (Quinlan 1993, ch. 4).  With no errors it is exact,
    1 - CF^(1/n); between 0 and 1 error it is interpolated linearly; from
    one error on it is the normal approximation with continuity
    correction, p = (e + 1/2 + z^2/2 + z sqrt((e + 1/2)(1 - (e + 1/2)/n) + z^2/4)) / (n + z^2).

    ``z="c45"`` is C4.5 release 8 (z interpolated in :data:`C45_Z_TABLE`,
    0.67 (n - e) when e + 1/2 >= n); ``z="normal"`` is Weka's J48 (the
    exact normal quantile, n - e when e + 1/2 >= n).  An empty leaf adds 0.

    Quinlan's example: a leaf of 16 cases with 1 error.

    >>> round(1 + added_errors(16, 1), 3), round(1 + added_errors(16, 1, z="normal"), 3)
    (2.507, 2.476)
    >>> round(added_errors(6, 0) + added_errors(9, 0) + added_errors(1, 0), 3)
    3.273
    """
    _check_confidence(confidence, z)
    if n <= 0:
        return 0.0
    zero_errors: float = n * (1 - math.pow(confidence, 1 / n))
    if e < (1e-6 if z == "c45" else 1e-300):
        return zero_errors
    if e < (0.9999 if z == "c45" else 1):
        return zero_errors + e * (added_errors(n, 1.0, confidence, z=z) - zero_errors)
    if e + 0.5 >= n:
        return 0.67 * (n - e) if z == "c45" else max(n - e, 0.0)
    z2 = _z(confidence, z) ** 2
    half = e + 0.5
    upper = (half + z2 / 2 + math.sqrt(z2 * (half * (1 - half / n) + z2 / 4))) / (n + z2)
    return n * upper - e


def _leaf_estimate(leaf: Leaf, confidence: float, z: ZRule) -> float:
    """A leaf's estimated errors: its training errors plus :func:`added_errors`."""
    stats = leaf.stats
    if not isinstance(stats, ClassStats):
        raise DtreeError("pessimistic pruning estimates classification errors: not for regression")
    n, e = float(stats.weight), float(training_loss(stats, leaf.prediction))
    return e + added_errors(n, e, confidence, z=z)


def estimated_errors(tree: Tree, confidence: float = 0.25, *, z: ZRule = "c45") -> float:
    """C4.5's predicted errors of a tree: the sum of its leaves' estimates.

    >>> from dtree.counts import ClassStats
    >>> from dtree.conditions import Equals
    >>> def leaf(no: int, yes: int) -> Leaf:
    ...     return Leaf("no" if no >= yes else "yes", ClassStats(("no", "yes"), (no, yes)))
    >>> subtree = Split((Branch(Equals("x", "n"), leaf(6, 0)), Branch(Equals("x", "y"), leaf(9, 0)),
    ...                  Branch(Equals("x", "u"), leaf(0, 1))), ClassStats(("no", "yes"), (15, 1)))
    >>> round(estimated_errors(subtree), 3), round(estimated_errors(as_leaf(subtree)), 3)
    (3.273, 2.507)
    """
    _check_confidence(confidence, z)
    return math.fsum(_leaf_estimate(leaf, confidence, z) for leaf in leaves(tree))


def _has_unknown(data: Dataset, rows: Routed, attribute: str) -> bool:
    """Whether some of the rows miss the attribute's value, so that routing them to recount a
    tree spreads them in proportion to the others (an attribute the data lacks is missing)."""
    if attribute not in data.schema.names:
        return True
    column = data.columns[data.schema.index(attribute)]
    known = rows.run is not None and rows.run.attribute == attribute  # a run's values are known
    return any(column[row] is None for row, _ in (rows.loose if known else rows.shares()))


def _joined(parts: Sequence[Routed]) -> Routed:
    """The rows of several routings as one: the first non-empty run stays a run, every other
    row is loose."""
    runs = [part for part in parts if part.run is not None and part.lo < part.hi]
    kept = runs[0] if runs else None
    loose = tuple(
        itertools.chain.from_iterable(
            part.loose if part is kept else part.shares() for part in parts
        )
    )
    if kept is None:
        return evolve(parts[0], loose=loose, run=None, lo=0, hi=0)
    return evolve(kept, loose=loose)


@frozen(eq=False)
class _Recounted:
    """A pruned subtree as it reads when :func:`dtree.routing.restated` on its own rows.

    ``errors`` is the exact sum of its leaves' estimated errors then (each a float, summed
    as a ``Fraction``); a leaf keeps its ``rows``; a split says whether it ``spread`` rows
    with its attribute missing, and has the same of each branch ``below``.
    """

    errors: Fraction
    rows: Routed | None
    spread: bool
    below: tuple[_Recounted, ...]


def _raised_errors(
    split: Split,
    position: int,
    branch: Tree,
    recounted: _Recounted,
    *,
    data: Dataset,
    rows: Routed,
    confidence: float,
    z: ZRule,
) -> float:
    """The estimated errors of the pruned ``branch`` at ``position`` raised in place of the
    split: ``estimated_errors(restated(branch, data, rows))``, all the split's rows recounted.

    Restated on its own rows the branch estimates ``recounted.errors``; the split's other
    rows (of the other branches, and those that stop at it) change only the leaves they
    reach.  So only they are routed down the branch, and at each leaf they reach its estimate
    is replaced by that of its own rows and theirs together.  The sum is exact (floats
    summed as a ``Fraction``), and rounded once it is the ``math.fsum`` of every leaf's
    estimate, to the last bit.  A row with a missing value, at the split or at a split of
    the branch that the other rows reach, would be spread in proportions that they change:
    then the whole branch is restated instead.  Routing only the other rows costs, at each
    split, the splits of the branch they pass, not the branch's size.
    """

    def whole() -> float:
        return estimated_errors(restated(branch, data, rows), confidence, z=z)

    if _has_unknown(data, rows, split.attribute):
        return whole()
    parts, stopped = route(split, data, rows, recount=True)
    others = _joined([part for i, part in enumerate(parts) if i != position] + [stopped])
    errors = recounted.errors
    stack: list[tuple[Tree, _Recounted, Routed]] = [(branch, recounted, others)]
    while stack:
        node, own, extra = stack.pop()
        if not extra.loose and (extra.run is None or extra.lo == extra.hi):
            continue
        match node:
            case Leaf():
                assert own.rows is not None
                leaf = recounted_leaf(data, _joined((own.rows, extra)), None)
                errors += Fraction(_leaf_estimate(leaf, confidence, z)) - own.errors
            case Split():
                if own.spread or _has_unknown(data, extra, node.attribute):
                    return whole()
                routed, _ = route(node, data, extra, recount=True)
                subtrees = (b.subtree for b in node.branches)
                stack.extend(zip(subtrees, own.below, routed, strict=True))
            case _:
                assert_never(node)
    return float(errors)


J48_SMALL = 1e-6
"""Weka's ``Utils.SMALL``: J48 takes two weights within this of each other as equal."""


def largest_branch(weights: Sequence[Weight], ties: Largest = "first") -> int:
    """The branch subtree raising weighs: the one of largest training weight.

    On a tie C4.5 takes the first (``ties="first"``).  J48 (Weka's
    ``Distribution.maxBag``) scans the branches in order and takes each
    one whose weight is at least the largest so far less :data:`J48_SMALL`
    (``Utils.grOrEq``), so it ends with the last of the tied ones
    (``ties="last"``).

    >>> largest_branch([3, 5, 5, 2]), largest_branch([3, 5, 5, 2], "last")
    (1, 2)
    >>> largest_branch([3, 5, 4.9999995], "last")
    2
    """
    check_choice("ties", ties, get_args(Largest))
    if ties == "first":
        return list(weights).index(max(weights))
    best, top = 0, -math.inf
    for k, weight in enumerate(weights):
        if top - float(weight) < J48_SMALL:
            best, top = k, float(weight)
    return best


def pessimistic(
    tree: Tree,
    confidence: float = 0.25,
    *,
    z: ZRule = "c45",
    subtree_raising: bool = True,
    data: Dataset | None = None,
    slack: float = 0.1,
    largest: Largest = "first",
) -> Tree:
    """C4.5's error-based pruning (Quinlan 1993, ch. 4), bottom-up.

    With its branches pruned first, a split is compared with two
    replacements by :func:`estimated_errors`:

    * the leaf :func:`as_leaf`, taken when its estimate is at most the
      subtree's and (with raising) at most the largest branch's, plus
      ``slack``;
    * otherwise, with ``subtree_raising``, its largest branch (by training
      weight; see :func:`largest_branch` for ties, ``largest``), taken when
      its estimate on *all* the node's training examples is at most the
      subtree's plus ``slack``.  The raised branch is recounted on those
      examples and pruned again.

    ``slack=0.1`` is C4.5's and J48's: a replacement may cost up to 0.1
    estimated errors more.  With ``slack=0`` pruning never raises the
    estimated errors.  Subtree raising re-routes the training examples, so
    it needs them: pass the tree's training ``data`` (or
    ``subtree_raising=False``, which needs only the tree).

    Quinlan's example: the subtree with leaves (6, 0), (9, 0) and (1, 0)
    predicts 3.273 errors, the leaf (16, 1) 2.507, so it is pruned.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> from dtree.tree import size
    >>> data = load("restaurant")
    >>> tree = c45(data, min_objects=1)
    >>> size(tree), size(pessimistic(tree, data=data))
    (11, 4)
    """
    _check_confidence(confidence, z)
    if subtree_raising and data is None:
        raise DtreeError(
            "subtree raising re-routes the training examples: pass data=..., "
            "or subtree_raising=False"
        )
    if data is not None:
        _check_target(tree, data, "training")

    def estimate(node: Tree) -> float:
        return estimated_errors(node, confidence, z=z)

    def collapsed(
        split: Split, kept: float, by_raising: float = math.inf
    ) -> tuple[Leaf, float] | None:
        """The leaf of ``split`` and its estimate, if that is at most the subtree's estimate
        ``kept`` and the raised branch's ``by_raising``, plus ``slack``; else None."""
        leaf = as_leaf(split)
        as_one = estimate(leaf)
        if as_one <= kept + slack and as_one <= by_raising + slack:
            return leaf, as_one
        return None

    if data is None or not subtree_raising:

        def compare(split: Split, below: tuple[tuple[Tree, float], ...]) -> tuple[Tree, float]:
            kept = math.fsum(errors for _, errors in below)
            collapsing = collapsed(split, kept)
            if collapsing is not None:
                return collapsing
            return _rebuilt(split, tuple(subtree for subtree, _ in below)), kept

        return fold(tree, lambda leaf: (leaf, estimate(leaf)), compare)[0]
    training = data

    def recounted(rows: Routed) -> _Recounted:
        """A leaf reached by ``rows``, as :func:`restated` on them would estimate it."""
        errors = _leaf_estimate(recounted_leaf(training, rows, None), confidence, z)
        return _Recounted(Fraction(errors), rows, False, ())

    def prune(node: Tree, rows: Routed) -> tuple[Tree, float, _Recounted]:
        """The node pruned bottom-up, its estimated errors, and how it reads restated."""
        return fold_routed(
            node,
            training,
            rows,
            lambda leaf, routed: (leaf, estimate(leaf), recounted(routed)),
            lambda split, routed, _, below: decide(split, routed, below),
            recount=True,
        )

    def decide(
        split: Split, rows: Routed, below: tuple[tuple[Tree, float, _Recounted], ...]
    ) -> tuple[Tree, float, _Recounted]:
        kept = math.fsum(errors for _, errors, _ in below)
        weights = [branch.subtree.stats.weight for branch in split.branches]
        raised = largest_branch(weights, largest)
        branch, _, as_read = below[raised]
        by_raising = _raised_errors(
            split, raised, branch, as_read, data=training, rows=rows, confidence=confidence, z=z
        )
        collapsing = collapsed(split, kept, by_raising)
        if collapsing is not None:
            leaf, as_one = collapsing
            return leaf, as_one, recounted(rows)
        if by_raising <= kept + slack:
            return prune(restated(branch, training, rows), rows)
        parts = tuple(part for _, _, part in below)
        spread = _has_unknown(training, rows, split.attribute)
        as_read = _Recounted(sum((part.errors for part in parts), Fraction(0)), None, spread, parts)
        return _rebuilt(split, tuple(subtree for subtree, _, _ in below)), kept, as_read

    return prune(tree, every_row(data))[0]


COLLAPSE_SLACK = 1e-3
"""J48 collapses a subtree whose training errors are within this of its root's as a leaf."""


def collapse(tree: Tree) -> Tree:
    """J48's collapsing, which it does before pruning: top-down, a split becomes a leaf when
    its subtree's training errors are at least its own as a leaf, less :data:`COLLAPSE_SLACK`.

    Weka's J48 is ``pessimistic(collapse(tree), data=data, z="normal")`` of ``grow(J48, data)``.

    >>> from dtree.counts import ClassStats
    >>> from dtree.conditions import Equals
    >>> def leaf(no: int, yes: int) -> Leaf:
    ...     return Leaf("no", ClassStats(("no", "yes"), (no, yes)))
    >>> split = Split((Branch(Equals("a", "u"), leaf(3, 1)), Branch(Equals("a", "v"), leaf(2, 0))),
    ...               ClassStats(("no", "yes"), (5, 1)))
    >>> collapse(split)  # both branches say "no": the split corrects no training error
    Leaf(prediction='no', stats=ClassStats(classes=('no', 'yes'), counts=(5, 1)))
    """
    index = _indexed(tree)
    below: list[float] = [0.0] * len(index.nodes)
    for i in reversed(range(len(index.nodes))):
        node = index.nodes[i]
        if isinstance(node, Leaf):
            below[i] = float(training_loss(node.stats, node.prediction))
        if index.parents[i] >= 0:
            below[index.parents[i]] += below[i]
    children: list[list[int]] = [[] for _ in index.nodes]
    for i in range(1, len(index.nodes)):
        children[index.parents[i]].append(i)

    def step(i: int) -> Leaf | Sprout[int]:
        node = index.nodes[i]
        if isinstance(node, Leaf):
            return node
        leaf = as_leaf(node)
        if below[i] >= float(training_loss(leaf.stats, leaf.prediction)) - COLLAPSE_SLACK:
            return leaf
        conditions = tuple(branch.condition for branch in node.branches)
        return Sprout(conditions, tuple(children[i]), node.stats)

    return unfold(0, step)


# -- choosing a tree of the path ----------------------------------------------------------------


@frozen
class PathEstimate:
    """One tree of a cost-complexity path, with its estimated error (a row of rpart's cptable).

    ``risk`` is R(T_k) on the training data; ``error`` the test-sample or
    cross-validated estimate of the Learning with Trees notes, and
    ``standard_error`` its standard error (rpart's ``xerror`` and ``xstd``
    are these divided by the root's risk).
    """

    alpha: Real
    leaves: int
    risk: Real
    error: Real
    standard_error: float


@frozen
class Selection:
    """The tree chosen from a path: ``trees[index]`` of the path, at ``alpha``, and the table."""

    tree: Tree
    alpha: Real
    index: int
    table: tuple[PathEstimate, ...]


def _selection(
    path: CostComplexityPath, estimates: Sequence[tuple[Real, float]], rule: SelectionRule
) -> Selection:
    table = tuple(
        PathEstimate(alpha, leaves, risk, error, se)
        for alpha, leaves, risk, (error, se) in zip(
            path.alphas, path.leaves, path.risks, estimates, strict=True
        )
    )
    k = choose([(row.error, row.standard_error, row.leaves) for row in table], rule)
    return Selection(path.trees[k], path.alphas[k], k, table)


def _row_losses(tree: Tree, data: Dataset) -> list[tuple[Real, Weight]]:
    return list(zip(losses(tree, data), data.row_weights, strict=True))


def select_by_holdout(
    path: CostComplexityPath, test: Dataset, *, rule: SelectionRule = "min"
) -> Selection:
    """Choose from a path by the error on an independent test sample.

    ``rule="min"`` takes the least test error (the smaller tree on a tie);
    ``rule="1se"`` the smallest tree within one standard error of it.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> data = load("play-tennis")
    >>> path = cost_complexity_path(cart(data.subset(range(10))))
    >>> chosen = select_by_holdout(path, data.subset(range(10, 14)))
    >>> chosen.index, [str(row.error) for row in chosen.table]
    (3, ['1/4', '1/2', '1/2', '1/4'])
    """
    for tree in path.trees[:1]:
        _check_target(tree, test, "test")
    estimates = [mean_and_standard_error(_row_losses(tree, test)) for tree in path.trees]
    return _selection(path, estimates, rule)


def select_by_cv(
    learner: Learning,
    data: Dataset,
    folds: int | Sequence[Fold] = 10,
    *,
    seed: int = 0,
    rule: SelectionRule = "min",
    risk: Risk = "error",
    impurity: Impurity | None = None,
    progress: Report | None = None,
    executor: Executor | None = None,
) -> Selection:
    """Choose from the path of the full tree by V-fold cross-validation (Breiman et al. 1984).

    Grow the full tree on all of ``data`` and take its path, alphas
    a_0 < a_1 < ... < a_M.  Tree k stands for the interval [a_k, a_(k+1)),
    represented by the geometric mean b_k = sqrt(a_k a_(k+1)) (b_M is
    infinite: the root).  For each fold (stratified for classification),
    grow a tree on the other folds, prune it to each b_k, and count its
    losses on the held-out fold; tree k's cross-validated error is the
    mean loss over all rows, with its standard error.  ``folds`` is their
    number or the folds themselves (see :func:`dtree.evaluate.folds_of`);
    ``learner`` a :class:`~dtree.grower.learner.Learner` or any function from data to
    a tree.  ``risk="impurity"`` measures R(t) by ``impurity``, by default
    the learner's own (Gini for a function).  ``progress``, if given, is
    told the work done: the full tree and each fold, grown and then pruned,
    are each one unit of k + 1.  With an ``executor`` (a process pool, a
    Dask cluster's) the folds are grown and pruned in parallel, with exactly
    the serial result (see :mod:`dtree.parallel`).

    This is :func:`dtree.selection.select` with the trees of the path as the
    candidates, each fold's tree pruned to each b_k instead of a tree grown
    for each candidate: the same estimates and rules
    (:func:`dtree.selection.cross_validated`, :func:`dtree.selection.choose`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import CART
    >>> chosen = select_by_cv(CART, load("iris"), folds=10, seed=0)
    >>> [(row.leaves, str(row.error)) for row in chosen.table]
    [(9, '3/50'), (7, '4/75'), (4, '3/50'), (3, '3/50'), (2, '1/3'), (1, '2/3')]
    >>> chosen.index, select_by_cv(CART, load("iris"), folds=10, seed=0, rule="1se").index
    (1, 3)
    """
    _check_risk(risk)
    if impurity is None:
        impurity = IMPURITIES.get(learner.impurity, gini) if isinstance(learner, Learner) else gini
    learn_with(learner)  # a bad learner is refused before any work
    parts = folds_of(data, folds, seed=seed)
    units = len(parts) + 1
    path = _path_of(learner, data, risk, impurity, part(progress, 0, 1, units, "the full tree"))
    betas = (*(math.sqrt(a * b) for a, b in itertools.pairwise(path.alphas)), math.inf)
    pruned = partial(_pruned, learner=learner, betas=betas, risk=risk, impurity=impurity)
    estimates = cross_validated(
        pruned, data, parts, executor, progress=progress, start=1, total=units
    )
    return _selection(path, estimates, rule)


def _path_of(
    learner: Learning, rows: Dataset, risk: Risk, impurity: Impurity, progress: Report | None
) -> CostComplexityPath:
    """The path of the tree grown on ``rows``: growing is the first half of the work, pruning
    the second."""
    grown = learn_with(learner, part(progress, 0, 0.5, 1, ""))(rows)
    pruning = part(progress, 0.5, 1, 1, "")
    return cost_complexity_path(grown, risk=risk, impurity=impurity, progress=pruning)


def _pruned(
    rows: Dataset,
    *,
    learner: Learning,
    betas: Sequence[float],
    risk: Risk,
    impurity: Impurity,
    progress: Report | None = None,
) -> tuple[Tree, ...]:
    """The tree grown on ``rows`` pruned to each beta: one fold's candidates."""
    path = _path_of(learner, rows, risk, impurity, progress)
    return tuple(path.tree_at(beta) for beta in betas)


# -- pruning by depth and early termination -------------------------------------------------------


def truncate(tree: Tree, max_depth: int) -> Tree:
    """The tree cut at depth ``max_depth``: every node there becomes :func:`as_leaf`.

    For a learner that grows depth first (no ``max_leaf_nodes``), this is
    the tree the learner grows with ``max_depth``, by the CS 536 notes'
    pruning "by depth".

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.render import text
    >>> print(text(truncate(id3(load("play-tennis")), 1)))
    root [No: 5, Yes: 9]
    Outlook = Overcast [No: 0, Yes: 4]: Yes
    Outlook = Rain [No: 2, Yes: 3]: Yes
    Outlook = Sunny [No: 3, Yes: 2]: No
    """
    if max_depth < 0:
        raise DtreeError(f"max_depth must be >= 0, got {quote(max_depth)}")

    def step(seed: tuple[Tree, int]) -> Leaf | Sprout[tuple[Tree, int]]:
        node, level = seed
        if isinstance(node, Leaf) or level == max_depth:
            return as_leaf(node)
        return Sprout(
            tuple(branch.condition for branch in node.branches),
            tuple((branch.subtree, level + 1) for branch in node.branches),
            node.stats,
        )

    return unfold((tree, 0), step)


@frozen
class EarlyStopping:
    """The tree chosen by early termination, its depth, and the two error curves by depth."""

    tree: Tree
    depth: int
    training_errors: tuple[Real, ...]
    validation_errors: tuple[Real, ...]


def early_stopping(learner: Learning, train: Dataset, validation: Dataset) -> EarlyStopping:
    """Early termination (CS 536 and Lecture 10 notes): deepen until validation error rises.

    The trees of depth 0, 1, 2, ... are the learner's full tree cut by
    :func:`truncate`.  Training error falls as they deepen; the chosen
    depth is the last before the validation error first rises (the full
    depth if it never does).  Both curves are returned in full, to be
    pictured.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> data = load("play-tennis")
    >>> stop = early_stopping(ID3, data.subset(range(10)), data.subset(range(10, 14)))
    >>> [str(e) for e in stop.training_errors], [str(e) for e in stop.validation_errors]
    (['2/5', '1/5', '0'], ['1/4', '1/2', '1/4'])
    >>> stop.depth
    0
    """
    grown = learn_with(learner)(train)
    _check_target(grown, validation, "validation")
    trees = [truncate(grown, d) for d in range(depth(grown) + 1)]
    training = tuple(error(tree, train) for tree in trees)
    held_out = tuple(error(tree, validation) for tree in trees)
    rise = next((d for d in range(1, len(trees)) if held_out[d] > held_out[d - 1]), len(trees))
    return EarlyStopping(trees[rise - 1], rise - 1, training, held_out)
