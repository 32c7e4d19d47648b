"""C4.5's error-based ("pessimistic") pruning (Quinlan 1993, ch. 4), and J48's collapsing.

Vocabulary
----------
``U_CF(e, n)``
    The upper limit, at confidence level CF, of the error rate of a leaf
    that misclassifies ``e`` of its ``n`` training cases (:func:`added_errors`).
estimated errors
    Of a leaf, ``n U_CF(e, n)``: its training errors ``e`` plus the errors
    it adds; of a tree, the sum over its leaves (:func:`estimated_errors`).
subtree raising
    Replacing a split by its largest branch (:func:`largest_branch`),
    restated on all the split's training cases: the branch's estimate
    then is :func:`raised_errors`.
``slack``
    How many estimated errors more a replacement may cost and still be
    taken (0.1 in C4.5 and J48).

Contents
--------
:data:`C45_Z_TABLE`, :data:`ZRule`, :func:`added_errors`,
:func:`estimated_errors`; :data:`J48_SMALL`, :func:`largest_branch`;
:func:`raised_errors` (subtree raising's estimate by its definition) and
:func:`corrected_raised_errors` (the same number as the pruning makes it);
:func:`pessimistic`, the pruning, whose rules at a node are the functions of
the section after it; :data:`COLLAPSE_SLACK`, :func:`collapse`, J48's step
before pruning.

Subtree raising weighs, at every split, its largest branch restated on all
the split's rows.  Restating it whole costs the size of the branch at every
split above it; the pruning instead keeps, for each pruned node, how it reads
restated on its own rows, and corrects the branch's estimate only at the
leaves the split's other rows reach (:func:`corrected_raised_errors`): to the
last bit the same number, as the law
:func:`dtree.invariants.raised_errors_are_restated_estimates` checks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from statistics import NormalDist
from typing import Literal, assert_never, get_args

from attrs import evolve, frozen

from dtree.counts import ClassStats, training_loss
from dtree.dataset import Dataset, Weight
from dtree.errors import DtreeError, check_choice, quote
from dtree.prune.subtrees import as_leaf, check_target, indexed, rebuilt
from dtree.routing import NO_SPAN, Routed, every_row, fold_routed, recounted_leaf, restated, route
from dtree.tree import Leaf, Split, Sprout, Tree, fold, leaves, unfold

__all__ = [
    "C45_Z_TABLE",
    "COLLAPSE_SLACK",
    "J48_SMALL",
    "Largest",
    "ZRule",
    "added_errors",
    "collapse",
    "corrected_raised_errors",
    "estimated_errors",
    "largest_branch",
    "pessimistic",
    "raised_errors",
]

ZRule = Literal["c45", "normal"]
"""The z of U_CF: C4.5's interpolated table, or the exact normal quantile (Weka's J48)."""
Largest = Literal["first", "last"]
"""Which of the heaviest branches subtree raising takes on a tie: C4.5's first, J48's last."""

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
    >>> from dtree.tree import Branch
    >>> def leaf(no: int, yes: int) -> Leaf:
    ...     return Leaf("no" if no >= yes else "yes", ClassStats(("no", "yes"), (no, yes)))
    >>> subtree = Split((Branch(Equals("x", "n"), leaf(6, 0)), Branch(Equals("x", "y"), leaf(9, 0)),
    ...                  Branch(Equals("x", "u"), leaf(0, 1))), ClassStats(("no", "yes"), (15, 1)))
    >>> round(estimated_errors(subtree), 3), round(estimated_errors(as_leaf(subtree)), 3)
    (3.273, 2.507)
    """
    _check_confidence(confidence, z)
    return math.fsum(_leaf_estimate(leaf, confidence, z) for leaf in leaves(tree))


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


def raised_errors(
    branch: Tree, data: Dataset, rows: Routed, confidence: float = 0.25, *, z: ZRule = "c45"
) -> float:
    """Subtree raising's estimate, by its definition: the estimated errors of ``branch``
    raised in place of its split and restated on all the split's ``rows`` of ``data``,
    ``estimated_errors(restated(branch, data, rows))``.

    C4.5 raises the largest branch of a split when the branch, "on all the node's
    training cases", is estimated to make no more errors than the split (plus the
    slack).  Raising Outlook = Rain's split on Wind into the root of C4.5's tree of
    play-tennis would estimate 7.7 errors where the tree estimates 5.4 (Wind's leaves
    would take 6 and 8 days with 3 and 2 errors):

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> from dtree.routing import every_row
    >>> data = load("play-tennis")
    >>> tree = c45(data)
    >>> wind = tree.branches[1].subtree
    >>> round(raised_errors(wind, data, every_row(data)), 3), round(estimated_errors(tree), 3)
    (7.739, 5.392)

    See also: :func:`corrected_raised_errors`, the same number as :func:`pessimistic`
    makes it.
    """
    return estimated_errors(restated(branch, data, rows), confidence, z=z)


def corrected_raised_errors(
    split: Split,
    position: int,
    data: Dataset,
    rows: Routed,
    confidence: float = 0.25,
    *,
    z: ZRule = "c45",
) -> float:
    """:func:`raised_errors` of the split's branch at ``position``, made as :func:`pessimistic`
    makes it: the branch's estimate restated on its own rows, corrected at the leaves that
    the split's other ``rows`` reach (see the module's notes).  It is the definition to the
    last bit: :func:`dtree.invariants.raised_errors_are_restated_estimates`.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> from dtree.routing import every_row
    >>> data = load("play-tennis")
    >>> round(corrected_raised_errors(c45(data), 1, data, every_row(data)), 3)
    7.739
    """
    _check_confidence(confidence, z)
    branch = split.branches[position].subtree
    parts, _ = route(split, data, rows, recount=True)
    own = _as_restated(branch, data, parts[position], confidence, z)
    return _corrected_raised_errors(
        split, position, branch, own, data=data, rows=rows, confidence=confidence, z=z
    )


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
      its estimate on *all* the node's training examples
      (:func:`raised_errors`) is at most the subtree's plus ``slack``.  The
      raised branch is recounted on those examples and pruned again.

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
        check_target(tree, data, "training")
    settings = _Settings(confidence, z, slack, largest)
    if data is None or not subtree_raising:
        return _pruned(tree, settings)
    return _pruned_raising(tree, data, every_row(data), settings)[0]


# -- the rules of pessimistic pruning, bottom-up --------------------------------------------------


@frozen
class _Settings:
    """How :func:`pessimistic` was asked to prune: its ``confidence``, ``z``, ``slack`` and
    ``largest``."""

    confidence: float
    z: ZRule
    slack: float
    largest: Largest

    def estimate(self, node: Tree) -> float:
        """The node's :func:`estimated_errors` at these settings."""
        return estimated_errors(node, self.confidence, z=self.z)


def _pruned(tree: Tree, settings: _Settings) -> Tree:
    """Pruning without subtree raising: bottom-up, a leaf stays, and a split over its pruned
    branches is kept or made its leaf (:func:`_kept_or_leaf`)."""
    on_leaf: Callable[[Leaf], tuple[Tree, float]] = partial(_leaf_stays, settings=settings)
    on_split: Callable[[Split, tuple[tuple[Tree, float], ...]], tuple[Tree, float]] = partial(
        _kept_or_leaf, settings=settings
    )
    return fold(tree, on_leaf, on_split)[0]


def _leaf_stays(leaf: Leaf, *, settings: _Settings) -> tuple[Tree, float]:
    """A leaf stays as it is, estimating its own errors."""
    return leaf, settings.estimate(leaf)


def _kept_or_leaf(
    split: Split, below: tuple[tuple[Tree, float], ...], *, settings: _Settings
) -> tuple[Tree, float]:
    """A split over its pruned branches ``below`` (each with its estimate) becomes its leaf
    when that is no worse (:func:`_leaf_if_no_worse`), else it is kept; with the estimate
    of the one taken."""
    kept = math.fsum(errors for _, errors in below)
    leaf = _leaf_if_no_worse(split, kept, math.inf, settings)
    if leaf is not None:
        return leaf
    return rebuilt(split, tuple(subtree for subtree, _ in below)), kept


def _leaf_if_no_worse(
    split: Split, kept: float, by_raising: float, settings: _Settings
) -> tuple[Leaf, float] | None:
    """The leaf of ``split`` and its estimate, if that is at most the subtree's estimate
    ``kept`` and the raised branch's ``by_raising``, each plus the slack; else None."""
    leaf = as_leaf(split)
    as_one = settings.estimate(leaf)
    if as_one <= kept + settings.slack and as_one <= by_raising + settings.slack:
        return leaf, as_one
    return None


_Pruned = tuple[Tree, float, "_Recounted"]
"""A node pruned with subtree raising: the pruned node, its estimated errors, and how it reads
restated on the rows that reach it."""


def _pruned_raising(node: Tree, data: Dataset, rows: Routed, settings: _Settings) -> _Pruned:
    """Pruning with subtree raising of the node reached by ``rows``: bottom-up, a leaf stays,
    and a split over its pruned branches is kept, made its leaf or replaced by its largest
    branch (:func:`_kept_raised_or_leaf`).  With the pruned node, its estimated errors and
    how it reads restated on ``rows``."""
    on_leaf: Callable[[Leaf, Routed], _Pruned] = partial(
        _leaf_stays_raising, data=data, settings=settings
    )
    on_split: Callable[[Split, Routed, Routed, tuple[_Pruned, ...]], _Pruned] = partial(
        _kept_raised_or_leaf, data=data, settings=settings
    )
    return fold_routed(node, data, rows, on_leaf, on_split, recount=True)


def _leaf_stays_raising(leaf: Leaf, rows: Routed, *, data: Dataset, settings: _Settings) -> _Pruned:
    """A leaf reached by ``rows`` stays as it is, estimating its own errors."""
    return (
        leaf,
        settings.estimate(leaf),
        _leaf_as_restated(data, rows, settings.confidence, settings.z),
    )


def _kept_raised_or_leaf(
    split: Split,
    rows: Routed,
    stopped: Routed,
    below: tuple[_Pruned, ...],
    *,
    data: Dataset,
    settings: _Settings,
) -> _Pruned:
    """A split reached by ``rows``, over its pruned branches ``below``, becomes its leaf when
    that is no worse than the split and than its largest branch raised
    (:func:`_leaf_if_no_worse`); else it is replaced by that branch, restated on ``rows``
    and pruned again, when the branch's estimate there (:func:`raised_errors`) is at most
    the split's plus the slack; else it is kept.  (``stopped``, the rows no branch takes,
    are among ``rows``.)"""
    kept = math.fsum(errors for _, errors, _ in below)
    weights = [branch.subtree.stats.weight for branch in split.branches]
    raised = largest_branch(weights, settings.largest)
    branch, _, own = below[raised]
    by_raising = _corrected_raised_errors(
        split,
        raised,
        branch,
        own,
        data=data,
        rows=rows,
        confidence=settings.confidence,
        z=settings.z,
    )
    leaf = _leaf_if_no_worse(split, kept, by_raising, settings)
    if leaf is not None:
        return *leaf, _leaf_as_restated(data, rows, settings.confidence, settings.z)
    if by_raising <= kept + settings.slack:
        return _pruned_raising(restated(branch, data, rows), data, rows, settings)
    as_read = _split_as_restated(split, data, rows, tuple(part for _, _, part in below))
    return rebuilt(split, tuple(subtree for subtree, _, _ in below)), kept, as_read


# -- subtree raising's estimate, by correction -----------------------------------------------------


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


def _as_restated(
    tree: Tree, data: Dataset, rows: Routed, confidence: float, z: ZRule
) -> _Recounted:
    """How ``tree`` reads restated on ``rows``, node by node.  Pruning with subtree raising
    builds the same record of each pruned node as it goes."""
    return fold_routed(
        tree,
        data,
        rows,
        lambda _, routed: _leaf_as_restated(data, routed, confidence, z),
        lambda split, routed, _, below: _split_as_restated(split, data, routed, below),
        recount=True,
    )


def _leaf_as_restated(data: Dataset, rows: Routed, confidence: float, z: ZRule) -> _Recounted:
    """A leaf reached by ``rows``, as :func:`restated` on them would estimate it."""
    errors = _leaf_estimate(recounted_leaf(data, rows, None), confidence, z)
    return _Recounted(Fraction(errors), rows, False, ())


def _split_as_restated(
    split: Split, data: Dataset, rows: Routed, below: tuple[_Recounted, ...]
) -> _Recounted:
    """A split reached by ``rows``, restated: its branches' errors summed, and whether it
    spreads rows that miss its attribute."""
    errors = sum((part.errors for part in below), Fraction(0))
    return _Recounted(errors, None, _has_unknown(data, rows, split.attribute), below)


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
    runs = [part for part in parts if part.run is not None and not part.span.empty]
    kept = runs[0] if runs else None
    loose = tuple(
        itertools.chain.from_iterable(
            part.loose if part is kept else part.shares() for part in parts
        )
    )
    if kept is None:
        return evolve(parts[0], loose=loose, run=None, span=NO_SPAN)
    return evolve(kept, loose=loose)


def _corrected_raised_errors(
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
    """:func:`raised_errors` of the pruned ``branch`` at ``position`` of the split, to the last
    bit, made from ``recounted``, the branch as it reads restated on its own rows.

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
    if _has_unknown(data, rows, split.attribute):
        return raised_errors(branch, data, rows, confidence, z=z)
    parts, stopped = route(split, data, rows, recount=True)
    others = _joined([part for i, part in enumerate(parts) if i != position] + [stopped])
    errors = recounted.errors
    stack: list[tuple[Tree, _Recounted, Routed]] = [(branch, recounted, others)]
    while stack:
        node, own, extra = stack.pop()
        if not extra.loose and (extra.run is None or extra.span.empty):
            continue
        match node:
            case Leaf():
                assert own.rows is not None
                leaf = recounted_leaf(data, _joined((own.rows, extra)), None)
                errors += Fraction(_leaf_estimate(leaf, confidence, z)) - own.errors
            case Split():
                if own.spread or _has_unknown(data, extra, node.attribute):
                    return raised_errors(branch, data, rows, confidence, z=z)
                routed, _ = route(node, data, extra, recount=True)
                subtrees = (b.subtree for b in node.branches)
                stack.extend(zip(subtrees, own.below, routed, strict=True))
            case _:
                assert_never(node)
    return float(errors)


COLLAPSE_SLACK = 1e-3
"""J48 collapses a subtree whose training errors are within this of its root's as a leaf."""


def collapse(tree: Tree) -> Tree:
    """J48's collapsing, which it does before pruning: top-down, a split becomes a leaf when
    its subtree's training errors are at least its own as a leaf, less :data:`COLLAPSE_SLACK`.

    Weka's J48 is ``pessimistic(collapse(tree), data=data, z="normal")`` of ``grow(J48, data)``.

    >>> from dtree.counts import ClassStats
    >>> from dtree.conditions import Equals
    >>> from dtree.tree import Branch
    >>> def leaf(no: int, yes: int) -> Leaf:
    ...     return Leaf("no", ClassStats(("no", "yes"), (no, yes)))
    >>> split = Split((Branch(Equals("a", "u"), leaf(3, 1)), Branch(Equals("a", "v"), leaf(2, 0))),
    ...               ClassStats(("no", "yes"), (5, 1)))
    >>> collapse(split)  # both branches say "no": the split corrects no training error
    Leaf(prediction='no', stats=ClassStats(classes=('no', 'yes'), counts=(5, 1)))
    """
    index = indexed(tree)
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
        return Sprout(conditions, tuple(children[i]), node.stats, node.surrogates)

    return unfold(0, step)
