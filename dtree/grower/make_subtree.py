"""Growing trees: MakeSubtree, FindBestSplit, and best-first growth.

``grow(learner, data)`` is ``MakeSubtree(D)`` of the CS 760 notes::

    MakeSubtree(D):
        C = DetermineCandidateSplits(D)
        if stopping criteria met: make a leaf, predicting the plurality (or mean) of D
        else: S = FindBestSplit(D, C); for each outcome k of S: child k = MakeSubtree(D_k)

A frozen :class:`dtree.grower.learner.Learner` says which candidates exist, how
they are scored and when to stop; :func:`id3`, :func:`c45` and
:func:`cart` of :mod:`dtree.grower.presets` grow with its presets.  D is
:class:`dtree.grower.rows.Examples`,
C is :func:`dtree.grower.candidate_splits.candidates`, and the D_k are
:func:`dtree.grower.rows.divide`'s.

Conventions (what makes the result an oracle)
--------------------------------------------
* Best split: the first candidate, in schema order, whose score equals
  the maximum.  Exact scores (Gini and misclassification of rational
  weights, squared error) compare exactly; entropy-based scores compare
  within :data:`dtree.impurity.TOLERANCE`.  C4.5's gain ratio: the best
  ratio among the candidates whose gain reaches the average gain.  Under
  the learner's ``attribute_choice``, the split is instead the candidate
  drawn at random, or of the fewest or most values at the node, ties to
  the first (:mod:`dtree.grower.choices`).
* Stopping (:func:`stopping_rule`), in this order: the node is pure (or,
  with a ``purity_tolerance``, its :func:`node_impurity` is at most that); it
  is at ``max_depth``; its weight is below ``min_samples_split``, its rows
  fewer than ``min_rows_split`` (or its weight below ``2 * min_objects``);
  no candidate is left; no gain ratio is positive; the best split scores
  below ``min_gain``, or its weighted decrease (:func:`weighted_decrease`)
  is below ``min_impurity_decrease`` (:func:`clears_decrease`).  A leaf predicts the
  plurality of its examples, ties to the first class in the schema's class
  order (the mean for regression); an empty branch predicts its parent's.
  Under ``monotonic_cst`` a node's value is clipped to its bounds, and its
  children's bounds are cut at the middle of their values below a
  constrained attribute's split (:mod:`dtree.grower.monotonic`).
* Weights: rows of weight 0 are dropped first, so they act as absent
  rows; an integer weight k acts exactly as k copies, because every
  count is a sum of weights.

The Lecture 10 notes' "base case 2" (stop when every remaining attribute
has the same information gain) is not offered: on XOR every gain at the
root is 0, so it never splits, and a learner that stops there cannot fit
consistent data, which is why the notes call it "not always a good base
case".  The case they illustrate, all gains 0, is ``min_gain`` set just
above 0; ties between positive gains are broken by schema order instead.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Literal, cast

from attrs import evolve

from dtree.arithmetic import near_best
from dtree.counts import ClassStats, Counts, Moments, Stats, ratio, total
from dtree.dataset import Dataset, Label
from dtree.grower.candidate_splits import candidates
from dtree.grower.candidates import Candidate, exact_score, first_best, reaches
from dtree.grower.choices import chosen
from dtree.grower.gain_ratio import average_gain, gain_ratio_of, reaches_average
from dtree.grower.learner import Learner
from dtree.grower.monotonic import bounded_prediction, child_bounds
from dtree.grower.rows import Examples, Frame, divide, start
from dtree.grower.squared_error_splits import squared_error_candidates
from dtree.grower.surrogate_splits import node_surrogates
from dtree.grower.targets import Classes, P, Sums
from dtree.impurity import TOLERANCE
from dtree.ordinal import in_levels
from dtree.progress import Report, meter
from dtree.surrogates import Surrogates, surrogate_branch
from dtree.tree import Leaf, Sprout, Tree, unfold

__all__ = [
    "StopRule",
    "best_split",
    "clears_decrease",
    "empty_stats",
    "find_best_split",
    "grow",
    "node_impurity",
    "partition",
    "stopping_rule",
    "weak_split",
    "weighted_decrease",
]


# -- the stopping rules -------------------------------------------------------------------------


StopRule = Literal[
    "pure",
    "max_depth",
    "min_samples_split",
    "min_rows_split",
    "min_objects",
    "no_candidate",
    "no_positive_gain_ratio",
    "no_decrease",
    "min_gain",
    "min_impurity_decrease",
]
"""Why MakeSubtree makes a node a leaf: the stopping rule that holds there, in the order
they are checked (see the module's conventions)."""


def stopping_rule(frame: Frame[P], examples: Examples, stats: Stats) -> StopRule | None:
    """The first rule that makes the node a leaf before its candidates are looked at, or
    None: the node is pure; it is at ``max_depth``; it weighs less than
    ``min_samples_split``; it has fewer rows than ``min_rows_split``; it weighs less than
    twice C4.5's ``min_objects``.

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(evolve(ID3, min_samples_split=15), load("play-tennis"))
    >>> stopping_rule(frame, root, frame.target.stats(root.rows, root.weights))  # 14 days
    'min_samples_split'
    >>> frame, root = start(evolve(ID3, min_rows_split=15), load("play-tennis"))
    >>> stopping_rule(frame, root, frame.target.stats(root.rows, root.weights))
    'min_rows_split'
    """
    learner = frame.learner
    weight = total(examples.weights)
    if frame.target.is_pure(examples.rows, stats):
        return "pure"
    if learner.purity_tolerance and node_impurity(frame, examples) <= learner.purity_tolerance:
        return "pure"
    if examples.depth == learner.max_depth:
        return "max_depth"
    if weight < learner.min_samples_split:
        return "min_samples_split"
    if len(examples.rows) < learner.min_rows_split:
        return "min_rows_split"
    if learner.min_objects is not None and weight < 2 * learner.min_objects:
        return "min_objects"
    return None


def weighted_decrease(
    frame: Frame[P], examples: Examples, score: Fraction | float
) -> Fraction | float:
    """The number ``min_impurity_decrease`` bounds and best-first growth ranks leaves by:
    scikit-learn's weighted decrease W_t / W * score, W_t the node's weight and W the
    training set's; under ``friedman_mse``, Friedman's improvement W_l W_r (mean_l -
    mean_r)^2 / W_t, which is W_t * score (not divided by W).

    >>> from attrs import evolve
    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import CART
    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [0.0, 0.0, 1.0, 1.0]}, target="y")
    >>> for criterion in ("squared_error", "friedman_mse"):
    ...     frame, root = start(evolve(CART, impurity=criterion), data)
    ...     print(weighted_decrease(frame, root, Fraction(1, 4)))
    1/4
    1
    """
    weight = total(examples.weights)
    if frame.learner.impurity == "friedman_mse":
        return weight * score
    return ratio(weight, frame.total_weight) * score


def weak_split(frame: Frame[P], examples: Examples, score: Fraction | float) -> StopRule | None:
    """The rule that refuses the best split of this ``score``, or None: it decreases the
    impurity by nothing where the learner wants a ``positive_decrease``, it scores below
    ``min_gain``, or its weighted decrease W_t / W * score is below
    ``min_impurity_decrease`` (:func:`clears_decrease`).

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(evolve(ID3, min_gain=0.3), load("play-tennis"))
    >>> weak_split(frame, root, 0.247), weak_split(frame, root, 0.3)
    ('min_gain', None)
    """
    learner = frame.learner
    if learner.positive_decrease and not score > (TOLERANCE if isinstance(score, float) else 0):
        return "no_decrease"  # a float decrease within rounding of zero is none
    if not reaches(score, learner.min_gain):
        return "min_gain"
    weighted = weighted_decrease(frame, examples, score)
    return None if clears_decrease(learner, weighted) else "min_impurity_decrease"


def clears_decrease(learner: Learner, weighted: Fraction | float) -> bool:
    """Whether a split of weighted decrease d = W_t / W * I(s, t) is strong enough:
    d >= ``min_impurity_decrease`` (within 1e-12 where either is a float,
    :func:`dtree.grower.candidates.reaches`), or, with a ``decrease_tolerance`` e > 0, unless
    the float sum d + e is below it (scikit-learn's ``improvement + EPSILON <
    min_impurity_decrease`` refuses the split, with e its EPSILON, 2^-52).

    >>> from attrs import evolve
    >>> from dtree.grower.learner import CART
    >>> learner = evolve(CART, min_impurity_decrease=0.01)
    >>> short = Fraction(0.01) - Fraction(1, 10**14)  # within 1e-12, not within EPSILON
    >>> clears_decrease(learner, short), clears_decrease(learner, Fraction(0))
    (True, False)
    >>> sklearn = evolve(learner, decrease_tolerance=2.0**-52)
    >>> clears_decrease(sklearn, short), clears_decrease(sklearn, 0.01 - 2**-60)
    (False, True)
    """
    least = learner.min_impurity_decrease
    if learner.decrease_tolerance:  # scikit-learn: a leaf if decrease + EPSILON < the minimum
        return not float(weighted) + learner.decrease_tolerance < least
    return reaches(weighted, least)


def node_impurity(frame: Frame[P], examples: Examples) -> Fraction | float:
    """i(t) of the node: the learner's impurity of its class weights, or, for a numeric
    target, the weighted variance sum w (y - mean)^2 / W, exactly.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import CART
    >>> frame, root = start(CART, load("play-tennis"))
    >>> node_impurity(frame, root)  # Gini of 9 Yes and 5 No
    Fraction(45, 98)
    """
    part = frame.target.part(examples.rows, examples.weights)
    target = frame.target
    if isinstance(part, Sums):
        return part.squared_error() / Fraction(part.weight)
    assert isinstance(target, Classes)  # a part of counts is a classification target's
    return target.impurity(part)


# -- FindBestSplit ------------------------------------------------------------------------------

Scored = tuple[Candidate[P], Fraction | float]


def _best_decrease(frame: Frame[P], found: Sequence[Candidate[P]]) -> Scored[P]:
    """The first candidate of the largest score: screened by their float scores
    (:func:`dtree.arithmetic.near_best`), and among the near, the first best of the exact
    scores (:func:`first_best`, within :data:`dtree.impurity.TOLERANCE` for entropy's)."""
    near = near_best([candidate.screen for candidate in found])
    return first_best([(found[j], exact_score(frame, found[j])) for j in near], lambda c: c[1])


def _best_gain_ratio(frame: Frame[P], found: Sequence[Candidate[P]]) -> Scored[P] | None:
    """C4.5: the best gain ratio among the candidates whose gain is at least the average
    of the :func:`dtree.grower.gain_ratio.averaged_attributes`' gains; the gain ratio must be
    positive."""
    scored = [(c, exact_score(frame, c)) for c in found]
    average = average_gain(frame, scored)
    if average is None:
        return None
    eligible = [item for item in scored if reaches_average(item[1], average)]
    best = first_best(eligible, lambda item: gain_ratio_of(frame, item))
    return best if gain_ratio_of(frame, best) > TOLERANCE else None


def find_best_split(frame: Frame[P], examples: Examples, stats: Stats) -> Scored[P] | StopRule:
    """The split MakeSubtree makes at this node and its score, or the rule that stops it.

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(ID3, load("play-tennis"))
    >>> best, score = find_best_split(frame, root, frame.target.stats(root.rows, root.weights))
    >>> best.attribute, round(score, 3)
    ('Outlook', 0.247)
    >>> frame, root = start(evolve(ID3, max_depth=0), load("play-tennis"))
    >>> find_best_split(frame, root, frame.target.stats(root.rows, root.weights))
    'max_depth'
    """
    stop = stopping_rule(frame, examples, stats)
    if stop is not None:
        return stop
    found = squared_error_candidates(frame, examples)
    if found is None:
        found = list(candidates(frame, examples))
    return best_split(frame, examples, found)


def best_split(
    frame: Frame[P], examples: Examples, found: Sequence[Candidate[P]]
) -> Scored[P] | StopRule:
    """FindBestSplit among the node's candidates ``found``, or the rule that refuses them
    all: none is left; no gain ratio is positive; the best is weak (:func:`weak_split`).
    Under an ``attribute_choice`` other than ``best``, the split is the candidate that rule
    picks (:func:`dtree.grower.choices.chosen`), refused only if weak.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(ID3, load("play-tennis"))
    >>> best_split(frame, root, [])
    'no_candidate'
    """
    if not found:
        return "no_candidate"
    best: Scored[P] | None
    if frame.learner.attribute_choice != "best":
        pick = chosen(frame, examples, found)
        best = pick, exact_score(frame, pick)
    elif frame.learner.score == "gain_ratio":
        best = _best_gain_ratio(frame, found)
    else:
        best = _best_decrease(frame, found)
    if best is None:
        return "no_positive_gain_ratio"
    weak = weak_split(frame, examples, best[1])
    return best if weak is None else weak


# -- MakeSubtree --------------------------------------------------------------------------------


def empty_stats(frame: Frame[P]) -> Stats:
    """The statistics of a node no example reaches: zero counts, or zero weight.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> empty_stats(start(ID3, load("play-tennis"))[0])
    ClassStats(classes=('No', 'Yes'), counts=(0, 0))
    """
    if frame.classification:
        classes = frame.data.schema.classes
        return ClassStats(classes, (0,) * len(classes))
    return Moments(0, 0.0, 0.0)


def _leaf(frame: Frame[P], examples: Examples) -> tuple[Leaf, Scored[P] | None]:
    """The node as a leaf, and the split that would replace it (None: it stays a leaf)."""
    if not examples.rows:
        return Leaf(examples.parent_prediction, empty_stats(frame)), None
    stats = frame.target.stats(examples.rows, examples.weights)
    found = find_best_split(frame, examples, stats)
    if frame.directions:
        prediction = _bounded(frame, examples, stats)
    else:
        prediction = frame.target.prediction(examples.rows, examples.weights, stats)
    return Leaf(prediction, stats), None if isinstance(found, str) else found


def _bounded(frame: Frame[P], examples: Examples, stats: Stats) -> Label | float:
    """What the node predicts with its value clipped to its bounds (``monotonic_cst``)."""
    value = frame.target.response(frame.target.part(examples.rows, examples.weights))
    return bounded_prediction(stats, value, examples.bounds)


def _with_bounds(
    frame: Frame[P], examples: Examples, split: Candidate[P], below: tuple[Examples, ...]
) -> tuple[Examples, ...]:
    """The children with their bounds (``monotonic_cst``): cut at the middle of their
    values below a constrained attribute's split, the node's own below any other."""
    direction = frame.directions[frame.data.schema.index(split.attribute)]
    values = tuple(map(frame.target.response, split.parts)) if direction else None
    cut = child_bounds(direction, examples.bounds, values)
    bounds = cut or (examples.bounds,) * len(below)
    return tuple(evolve(child, bounds=b) for child, b in zip(below, bounds, strict=True))


def partition(
    frame: Frame[P],
    examples: Examples,
    split: Candidate[P],
    prediction: Label | float,
    surrogates: Surrogates | None = None,
) -> tuple[Examples, ...]:
    """D_k for each outcome k of the split (:func:`dtree.grower.rows.divide`), a row whose
    value is missing sent down the split's ``surrogates`` where given.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(ID3, load("play-tennis"))
    >>> best, _ = find_best_split(frame, root, frame.target.stats(root.rows, root.weights))
    >>> [d.rows for d in partition(frame, root, best, "Yes")]  # Overcast, Rain, Sunny
    [(2, 6, 11, 12), (3, 4, 5, 9, 13), (0, 1, 7, 8, 10)]
    """
    column = frame.data.columns[frame.data.schema.index(split.attribute)]
    known = tuple(map(frame.target.weight, split.parts))
    return divide(
        examples,
        column,
        split.branch_of,
        known,
        fill=split.fill,
        prediction=prediction,
        missing_to=split.missing_to,
        surrogate=None if surrogates is None else _placing(frame.data, surrogates),
        scanned=_scanned(frame, examples, split),
    )


def _placing(data: Dataset, surrogates: Surrogates) -> Callable[[int], int | None]:
    """The branch the surrogates send a row down, or None (it stays)."""
    return lambda row: surrogate_branch(surrogates, data.example(row))


def split_surrogates(frame: Frame[P], examples: Examples, split: Candidate[P]) -> Surrogates | None:
    """The split's rule for a missing value under ``missing="surrogate"``
    (:func:`dtree.grower.surrogate_splits.node_surrogates`), else None.

    >>> from attrs import evolve
    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import CART
    >>> data = Dataset.from_columns({"x": [1, 2, 3, None, 5, 6], "z": [6, 5, 1, 3, 4, 2],
    ...                              "y": list("aaabbb")}, target="y")
    >>> frame, root = start(evolve(CART, missing="surrogate"), data)
    >>> best, _ = find_best_split(frame, root, frame.target.stats(root.rows, root.weights))
    >>> rule = split_surrogates(frame, root, best)
    >>> best.attribute, rule.splits[0].conditions[0], rule.majority
    ('x', Above(attribute='z', threshold=4.499999999999999), 0)
    """
    learner = frame.learner
    if learner.missing != "surrogate":
        return None
    rule, _ = node_surrogates(
        frame.data,
        examples.rows,
        examples.weights,
        split.attribute,
        split.branch_of,
        max_surrogates=learner.max_surrogates,
        agreement=learner.surrogate_agreement,
        rule=learner.surrogate_rule,
    )
    return rule


def _scanned(frame: Frame[P], examples: Examples, split: Candidate[P]) -> tuple[bool, ...]:
    """For each branch, whether its node may be scanned: False where it is sure to be a
    leaf, for it is pure (of one class) or at ``max_depth``."""
    max_depth = frame.learner.max_depth
    if max_depth is not None and examples.depth + 1 >= max_depth:
        return (False,) * len(split.parts)
    if not frame.classification:
        return (True,) * len(split.parts)
    return tuple(sum(map(bool, part)) > 1 for part in cast(Sequence[Counts], split.parts))


def _sprout(
    frame: Frame[P], examples: Examples, leaf: Leaf, split: Candidate[P]
) -> Sprout[Examples]:
    surrogates = split_surrogates(frame, examples, split)
    below = partition(frame, examples, split, leaf.prediction, surrogates)
    if frame.directions:
        below = _with_bounds(frame, examples, split, below)
    return Sprout(split.conditions, below, leaf.stats, surrogates)


def _make_subtree(frame: Frame[P], examples: Examples) -> Leaf | Sprout[Examples]:
    leaf, split = _leaf(frame, examples)
    return leaf if split is None else _sprout(frame, examples, leaf, split[0])


def _grow_best_first(
    frame: Frame[P], root: Examples, limit: int, settle: Callable[[Examples], None]
) -> Tree:
    """Split the leaf of largest weighted decrease first, until there are ``limit`` leaves.

    ``settle`` is told of each node that stays a leaf, as soon as that is known."""
    decided: dict[int, Leaf | Sprout[Examples]] = {}
    frontier: list[tuple[Fraction | float, int, Examples, Leaf, Candidate[P]]] = []
    made = itertools.count()

    def consider(examples: Examples) -> None:
        leaf, split = _leaf(frame, examples)
        decided[id(examples)] = leaf
        if split is not None:
            candidate, score = split
            priority = weighted_decrease(frame, examples, score)
            heapq.heappush(frontier, (-priority, next(made), examples, leaf, candidate))
        else:
            settle(examples)

    leaves = 1
    consider(root)
    while frontier:
        _, _, examples, leaf, split = heapq.heappop(frontier)
        if leaves + len(split.conditions) - 1 > limit:
            settle(examples)
            continue
        leaves += len(split.conditions) - 1
        sprout = _sprout(frame, examples, leaf, split)
        decided[id(examples)] = sprout
        for child in sprout.seeds:
            consider(child)
    return unfold(root, lambda examples: decided[id(examples)])


# -- the procedure -----------------------------------------------------------------------------


def grow(learner: Learner, data: Dataset, *, progress: Report | None = None) -> Tree:
    """Grow a tree from ``data`` as ``learner`` says (MakeSubtree of the CS 760 notes).

    An ordinal attribute grows as its codes, each cut written back in its levels
    (:mod:`dtree.ordinal`).

    ``progress``, if given, is told the share of the training weight that
    has settled in leaves (see :mod:`dtree.progress`): it never falls, and
    reaches 1 when the tree is complete.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> from dtree.render import text
    >>> print(text(grow(ID3, load("xor"))))
    root [0: 2, 1: 2]
    Z1 = 0 [0: 1, 1: 1]
    |   Z2 = 0 [0: 1, 1: 0]: 0
    |   Z2 = 1 [0: 0, 1: 1]: 1
    Z1 = 1 [0: 1, 1: 1]
    |   Z2 = 0 [0: 0, 1: 1]: 1
    |   Z2 = 1 [0: 1, 1: 0]: 0
    """
    frame, first = start(learner, data)
    whole = float(frame.total_weight)
    advance = meter(progress, whole, "growing")
    settled = 0.0

    def settle(examples: Examples) -> None:
        nonlocal settled
        if progress is not None:
            settled += float(sum(examples.weights))
            advance(settled)

    def make_subtree(examples: Examples) -> Leaf | Sprout[Examples]:
        node = _make_subtree(frame, examples)
        if isinstance(node, Leaf):
            settle(examples)
        return node

    roots = [first]  # handed to the growth and dropped here: no node's rows outlive its step
    del first
    if learner.max_leaf_nodes is not None:
        tree = _grow_best_first(frame, roots.pop(), learner.max_leaf_nodes, settle)
    elif progress is None:
        tree = unfold(roots.pop(), lambda examples: _make_subtree(frame, examples))
    else:
        tree = unfold(roots.pop(), make_subtree)
    advance(whole)
    return in_levels(tree, data.schema)
