"""Cost-complexity pruning (Breiman et al. 1984; the Learning with Trees notes).

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
:data:`Risk`, :func:`tree_risk`, :func:`cost_complexity`; :func:`prune_to`,
T(alpha); :func:`link_strengths`, g(t); :func:`cost_complexity_path`, the
weakest-link path (:class:`CostComplexityPath`).  Choosing a tree of the path
on other data is model selection: :func:`dtree.selection.select_by_holdout`
and :func:`dtree.selection.select_by_cv`.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, get_args

from attrs import frozen

from dtree.arithmetic import Real
from dtree.counts import ClassStats, training_loss
from dtree.dataset import Weight
from dtree.errors import DtreeError, check_choice, quote
from dtree.impurity import Impurity, gini
from dtree.progress import Report, meter
from dtree.prune.subtrees import as_leaf, indexed, rebuilt
from dtree.tree import Leaf, Split, Tree, fold, leaves, n_leaves

__all__ = [
    "CostComplexityPath",
    "Risk",
    "check_risk",
    "cost_complexity",
    "cost_complexity_path",
    "link_strengths",
    "prune_to",
    "tree_risk",
]

Risk = Literal["error", "impurity"]
"""How R(t) is measured: see the module's vocabulary."""


def _node_risk(node: Tree, n: Weight, risk: Risk, impurity: Impurity) -> Real:
    """R(t): the node's risk as a leaf, a share of the root's weight ``n``."""
    leaf = as_leaf(node)
    stats = leaf.stats
    if risk == "impurity" and isinstance(stats, ClassStats):
        loss: Real = impurity(stats.counts) * stats.weight if stats.weight > 0 else Fraction(0)
    else:
        loss = training_loss(stats, leaf.prediction)
    return loss / n if isinstance(loss, float) or isinstance(n, float) else Fraction(loss, 1) / n


def check_risk(risk: str) -> None:
    """Refuse a risk other than ``"error"`` and ``"impurity"``.

    >>> check_risk("deviance")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: unknown risk 'deviance'; choose one of ['error', 'impurity']
    """
    check_choice("risk", risk, get_args(Risk))


def tree_risk(tree: Tree, *, risk: Risk = "error", impurity: Impurity = gini) -> Real:
    """R(T), the sum of the leaves' risks (the resubstitution estimate for ``"error"``).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> tree = cart(load("play-tennis"), max_depth=1)
    >>> tree_risk(tree), tree_risk(tree, risk="impurity")
    (Fraction(5, 14), Fraction(5, 14))
    """
    check_risk(risk)
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
    check_risk(risk)
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
        return rebuilt(split, tuple(subtree for subtree, _ in below)), kept

    return fold(tree, on_leaf, on_split)[0]


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
        subtree = rebuilt(split, subtrees)
    return subtree


class _WeakestLinks:
    """Weakest-link pruning in progress: R(T_t) and |T_t| of every live node, g(t) in a heap."""

    def __init__(self, tree: Tree, risk: Risk, impurity: Impurity) -> None:
        self.index = indexed(tree)
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
    check_risk(risk)
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
    check_risk(risk)
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
