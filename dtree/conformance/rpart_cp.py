"""rpart's complexity parameter as rpart applies it while it grows: :func:`rpart_pruned`.

rpart does not grow the whole tree and then prune it to Breiman's T(alpha) (the
smallest subtree minimising R(T) + alpha |T|, :func:`dtree.prune.prune_to`); it
prunes as it grows, in ``partition.c``, with alpha = cp x R(root) and each node's
risk R(t) (its misclassified weight, or its sum of squares):

1. A node is not split when its risk, or a bound handed down by its parent, is at
   most alpha.  The root's bound is its risk; the left child's (rpart's left, its
   node 2k) is the parent's bound minus alpha; once the left child is grown with
   ``s_l`` splits and risk ``R_l`` below it, the right child's is the larger of
   (R(t) - R_l) / (s_l + 1) and R(t) - R(left as a leaf), no more than the
   parent's bound, minus alpha.
2. Once both children are grown, the node's complexity is (R(t) - R_l - R_r) /
   (s_l + s_r + 1), but where a child's own complexity is the smaller, that child
   is taken as a leaf first (its risk as a leaf, no splits) and the complexity
   computed again, the other child too if it is then still smaller; a child that
   stopped by rule 1 has complexity alpha.
3. A node whose complexity is at most alpha is collapsed to a leaf; the risk and
   number of splits it hands up are then its own as a leaf.

Breiman's weakest link g(t) takes the minimum over the whole branch; rpart's
complexity of rule 2 looks only at each child's own complexity, so it can be
smaller than g(t), and rpart then returns a smaller tree than T(alpha) (the
example in :mod:`dtree.conformance.rpart`'s notes).  :func:`rpart_pruned` replays
rules 1 to 3 on the tree dtree grows with rpart's other settings, and is the tree
rpart returns (:class:`RpartComplexity`).  Which child
is rpart's left is read from the children's statistics: the one of lower mean
class number or mean response (on equal means, the second, ``x > t``), as rpart
orients a split by the rows whose value is known; where rows missing the value
move a child's mean across the other's, the order can differ from rpart's.

Contents: :func:`rpart_pruned`, :class:`RpartComplexity` (a recipe's pruning),
:func:`rpart_xerror` (the cross-validated error of each CP), :func:`decimal_cp`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

from attrs import frozen

from dtree.arithmetic import Real
from dtree.counts import ClassStats, Moments, Stats, training_loss
from dtree.dataset import Dataset
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.prune import as_leaf
from dtree.tree import Branch, Leaf, Split, Tree, descend

__all__ = ["RpartComplexity", "decimal_cp", "rpart_pruned", "rpart_xerror"]


def _mean(stats: Stats) -> Fraction:
    """The mean class number (classes numbered from 0) or the mean response, exactly."""
    match stats:
        case ClassStats(_, counts):
            weight = sum((Fraction(c) for c in counts), Fraction(0))
            first = sum((Fraction(c) * k for k, c in enumerate(counts)), Fraction(0))
            return first / weight if weight else Fraction(0)
        case Moments(weight, total, _):
            return Fraction(total) / Fraction(weight) if weight else Fraction(0)
    raise AssertionError(stats)  # pragma: no cover


def _left(split: Split) -> int:
    """The branch rpart grows first: its left child, the one of lower mean."""
    first, second = (branch.subtree.stats for branch in split.branches)
    return 0 if _mean(first) < _mean(second) else 1


def _risk(tree: Tree) -> Real:
    """R(t), the node's risk as a leaf: its misclassified weight, or its sum of squares."""
    leaf = as_leaf(tree)
    return training_loss(leaf.stats, leaf.prediction)


@frozen
class _Kept:
    """A node as rpart keeps it, with its complexity, and its children's (none for a leaf)."""

    tree: Tree
    complexity: Real
    below: tuple[_Kept, ...] = ()


def _partition(node: Tree, bound: Real, alpha: Real) -> tuple[_Kept, Real, int]:
    """partition.c on a grown node: the node as rpart keeps it with its complexity, and the
    risk and the number of splits it hands up.  Recursive: rpart's depth is at most 30."""
    risk = _risk(node)
    if isinstance(node, Leaf) or min(risk, bound) <= alpha or len(node.branches) != 2:
        return _Kept(as_leaf(node), alpha), risk, 0
    tempcp = min(risk, bound)
    k = _left(node)
    left, left_risk, left_splits = _partition(node.branches[k].subtree, tempcp - alpha, alpha)
    shortcut = (risk - left_risk) / (left_splits + 1)
    right_bound = min(max(shortcut, risk - _risk(left.tree)), tempcp)
    right, right_risk, right_splits = _partition(
        node.branches[1 - k].subtree, right_bound - alpha, alpha
    )

    def complexity() -> Real:
        return (risk - (left_risk + right_risk)) / (left_splits + right_splits + 1)

    if right.complexity > left.complexity:
        if complexity() > left.complexity:  # the left child collapses first
            left_risk, left_splits = _risk(left.tree), 0
            if complexity() > right.complexity:
                right_risk, right_splits = _risk(right.tree), 0
    elif complexity() > right.complexity:  # the right child collapses first
        right_risk, right_splits = _risk(right.tree), 0
        if complexity() > left.complexity:
            left_risk, left_splits = _risk(left.tree), 0
    cp = complexity()
    if cp <= alpha:
        return _Kept(as_leaf(node), cp), risk, 0
    kept = (left, right) if k == 0 else (right, left)
    branches = (Branch(b.condition, t.tree) for b, t in zip(node.branches, kept, strict=True))
    split = Split(tuple(branches), node.stats, node.surrogates)
    return _Kept(split, cp, kept), left_risk + right_risk, left_splits + right_splits + 1


def rpart_pruned(tree: Tree, cp: Real) -> Tree:
    """The tree rpart returns with complexity parameter ``cp``, from the tree dtree grows
    with rpart's other settings (see the module's notes); a float cp is taken as the
    decimal it is written as, as :func:`dtree.conformance.rpart.prune_at_cp` takes it.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.presets import cart
    >>> from dtree.tree import n_leaves
    >>> ten = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> n_leaves(rpart_pruned(cart(ten), 0.01)), n_leaves(rpart_pruned(cart(ten), 0.2))
    (6, 2)
    """
    alpha = decimal_cp(cp) * _risk(tree)
    return _partition(tree, _risk(tree), alpha)[0].tree


@frozen
class RpartComplexity:
    """A recipe's pruning: rpart's ``cp`` as rpart applies it while it grows
    (:func:`rpart_pruned`), which can prune more than Breiman's T(alpha).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from dtree.tree import n_leaves
    >>> data = load("play-tennis")
    >>> [n_leaves(RpartComplexity(cp)(cart(data), data)) for cp in (0.01, 0.2, 0.5)]
    [7, 3, 1]
    """

    cp: float

    def __call__(self, tree: Tree, data: Dataset) -> Tree:
        return rpart_pruned(tree, self.cp)


def decimal_cp(cp: Real) -> Real:
    """A float cp as the decimal it is written as (``0.01`` is 1/100, not the double nearest
    it), so that a complexity of exactly cp is at most alpha, as in rpart.

    >>> decimal_cp(0.01), decimal_cp(Fraction(1, 3))
    (Fraction(1, 100), Fraction(1, 3))
    """
    if isinstance(cp, float) and math.isfinite(cp):
        return Fraction(repr(cp))
    return cp


def _with_parents(kept: _Kept, parent: Real) -> _Kept:
    """fix_cp.c: a node's complexity no more than its parent's, all the way down."""
    complexity = min(kept.complexity, parent)
    below = tuple(_with_parents(child, complexity) for child in kept.below)
    return _Kept(kept.tree, complexity, below)


def _loss(node: Tree, data: Dataset, row: int) -> float:
    """The loss of the node's prediction for the row: 0 or 1, or the squared error."""
    prediction = as_leaf(node).prediction
    if data.schema.is_classification:
        return float(prediction != data.target[row])
    return (float(data.target[row]) - float(prediction)) ** 2


def _run_down(
    kept: _Kept, data: Dataset, row: int, cps: Sequence[Real], *, default: bool
) -> list[float]:
    """rundown.c: for each cp (decreasing), the loss at the first node on the row's path
    whose complexity is at most cp.  A row no surrogate places goes, with ``default``
    (``usesurrogate = 2``), down the majority's side, or where the two sides weighed the
    same down rpart's right child (``branch.c``); without, it stops there."""
    losses: list[float] = []
    example = data.example(row)
    for cp in cps:
        while cp < kept.complexity and kept.below:
            split = kept.tree
            assert isinstance(split, Split)
            ways = descend(split, example)
            if ways:
                kept = kept.below[ways[0][0]]
            elif default:
                kept = kept.below[1 - _left(split)]
            else:
                break
        losses.append(_loss(kept.tree, data, row))
    return losses


def rpart_xerror(
    learner: Learner, data: Dataset, folds: Sequence[int], cps: Sequence[float], cp: Real
) -> tuple[tuple[float, float], ...]:
    """rpart's cross-validated error and its standard error (``xerror``, ``xstd``) for each
    row of its cptable, whose CP column is ``cps``, on the fixed ``folds`` (``folds[k]`` the
    fold of ``data.rows[k]``), as ``xval.c`` computes them with ``learner`` growing as
    rpart grows (:func:`dtree.conformance.learners.learner_for`): a row's losses are those
    of the tree grown without its fold, pruned by rpart's rule at cp scaled by the fold's
    share of the weight, at the geometric means of the table's consecutive CPs (10 times
    the first for the first row); xerror = sum w loss / R(root), xstd = sqrt(sum w loss^2
    - (sum w loss)^2 / W) / R(root).  rpart's ``rundown.c`` leaves stale losses where a
    row stops short of a node with ``usesurrogate`` below 2; here such a row's loss is its
    node's.

    >>> from dtree.conformance.learners import learner_for
    >>> from dtree.datasets import load
    >>> golf = load("play-tennis")
    >>> result = rpart_xerror(learner_for("rpart", minsplit=2, minbucket=1).learner, golf,
    ...                       [k % 2 + 1 for k in range(14)], [0.5, 0.01], 0.01)
    >>> [round(x, 4) for x, _ in result]
    [2.0, 0.8]
    """
    total = math.fsum(float(data.weights[row]) for row in data.rows)
    root = _risk(grow(learner, data))
    alpha = decimal_cp(cp) * root
    scaled = [10 * cps[0]] + [math.sqrt(a * b) for a, b in itertools.pairwise(cps)]
    xrisk = [0.0] * len(cps)
    squares = [0.0] * len(cps)
    for fold in sorted(set(folds)):
        held = [row for row, f in zip(data.rows, folds, strict=True) if f == fold]
        chosen = set(held)
        train = data.subset(row for row in data.rows if row not in chosen)
        share = math.fsum(float(train.weights[row]) for row in train.rows) / total
        tree = grow(learner, train)
        kept, _, _ = _partition(tree, _risk(tree), alpha * Fraction(share))
        kept = _with_parents(kept, kept.complexity)
        at = [Fraction(c) * root * Fraction(share) for c in scaled]
        for row in held:
            w = float(data.weights[row])
            losses = _run_down(kept, data, row, at, default=learner.surrogate_rule == "majority")
            for k, loss in enumerate(losses):
                xrisk[k] += loss * w
                squares[k] += loss * loss * w
    scale = float(root)
    return tuple(
        (r / scale, math.sqrt(max(q - r * r / total, 0.0)) / scale)
        for r, q in zip(xrisk, squares, strict=True)
    )
