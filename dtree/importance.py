"""Variable importance: how much a model owes to each attribute.

Vocabulary
----------
``impurity importance`` (mean decrease in impurity, MDI)
    Breiman's measure, scikit-learn's ``feature_importances_``.  A split s
    at node t, of weight w(t) among a root weight W, with children t_k of
    weight w_k, decreases the impurity by

        Delta(s) = w(t)/W * (i(t) - sum_k w_k/w(t) i(t_k))
                 = (w(t) i(t) - sum_k w_k i(t_k)) / W,

    i the Gini index of the node's class counts (or another impurity, e.g.
    entropy) or, in regression, the squared error (the weighted variance of
    y, so w(t) i(t) is the residual sum of squares).  An attribute's raw
    importance in a tree is the sum of Delta(s) over the splits that test it;
    a tree's importances are its raw ones over their sum, so that they sum to
    1.  An ensemble's are the mean of its members' (every member counts
    alike, whatever its weight), over their sum.
``permutation importance``
    How much worse a model does on data when one attribute's column is
    shuffled (Breiman 2001): the rise in error (the drop in accuracy, or the
    rise in mean squared error), each shuffle named by its key
    ``(seed, "permutation", attribute, repeat)`` (:func:`dtree.seeded.permutation`),
    so it is a pure function of the seed.

Impurity importance is measured on the training data (the statistics the
trees keep), and favours attributes of many values: a random identifier
offers a split that separates a few training rows wherever noise is left,
and a deep tree takes it.  Permutation importance on held-out data does
not reward such splits: shuffling the identifier changes nothing a model
could have learned from it.  ``tests/test_importance.py`` shows both.

Contents: :func:`impurity_importance`, :func:`permutation_importance`,
:func:`oob_permutation_importance` (on a bagged ensemble's out-of-bag rows),
:class:`Permuted`, :data:`Score`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import assert_never

from attrs import frozen

from dtree import seeded
from dtree.arithmetic import Real, check_count
from dtree.counts import ClassStats, Moments, Stats, total
from dtree.dataset import Dataset
from dtree.ensemble import Ensemble, Model, Walks, compiled_members, members
from dtree.ensemble.bagging import Bagged, oob_error
from dtree.errors import DtreeError, quote
from dtree.evaluate import error
from dtree.grower.targets import Sums
from dtree.impurity import Impurity, gini
from dtree.tree import Leaf, Split, Tree, nodes

__all__ = [
    "Permuted",
    "Score",
    "impurity_importance",
    "oob_permutation_importance",
    "permutation_importance",
]

Score = Callable[[Model, Dataset], Real]
"""How well a model does on data, higher being better (the default: minus its error)."""


# -- impurity importance ---------------------------------------------------------------


def _weighted_impurity(stats: Stats, impurity: Impurity) -> Real:
    """w(t) i(t): a node's weight times its impurity; in regression the residual sum of
    squares sum w (y - mean)^2, exactly from the node's moments.  An empty node: 0."""
    match stats:
        case ClassStats(_, counts):
            weight = stats.weight
            if weight == 0:
                return Fraction(0)
            return impurity(counts) * weight
        case Moments(weight, first, second):
            return Sums(weight, Fraction(first), Fraction(second), 0).squared_error()
        case _:
            assert_never(stats)


def _decreases(tree: Tree, impurity: Impurity) -> dict[str, Real]:
    """Each attribute's raw importance in the tree: the sum over the splits that test it
    of (w(t) i(t) - sum_k w_k i(t_k)) / W, in the order the attributes are first tested."""
    whole = tree.stats.weight
    raw: dict[str, Real] = {}
    for node in nodes(tree):
        if isinstance(node, Split) and whole == 0:  # no training weight: nothing decreased
            raw[node.attribute] = Fraction(0)
        elif isinstance(node, Split):
            below = sum(
                (_weighted_impurity(b.subtree.stats, impurity) for b in node.branches),
                Fraction(0),
            )
            decrease = _weighted_impurity(node.stats, impurity) - below
            raw[node.attribute] = raw.get(node.attribute, Fraction(0)) + decrease / whole
    return raw


def _normalised(values: dict[str, Real]) -> dict[str, Real]:
    """The values over their sum (all left as they are when they sum to 0)."""
    whole = total(values.values())
    if whole == 0:
        return values
    return {name: value / whole for name, value in values.items()}


def impurity_importance(
    model: Tree | Ensemble, *, impurity: Impurity = gini, attributes: Sequence[str] = ()
) -> dict[str, float]:
    """Each attribute's mean decrease in impurity (see the module's notes): in a tree, the
    sum over its splits on the attribute of w(t)/W (i(t) - sum_k w_k/w(t) i(t_k)), over
    the sum for all attributes; in an ensemble the mean over its members, over its sum.

    ``impurity`` is a classification tree's i (Gini by default, as scikit-learn's
    ``feature_importances_``; :func:`~dtree.impurity.entropy` for information gain); a
    regression tree's is always the squared error.  The keys are ``attributes``, then any
    other attribute a split tests, in the order first tested (an attribute untested
    scores 0).

    A tree without a split, or whose splits decrease nothing, has every importance 0,
    as in scikit-learn.  An ensemble averages its members that split (as scikit-learn's
    forests, which skip the trees of one node); if none does, every importance is 0.

    Play-tennis' ID3 tree splits on Outlook (14 i(5, 9) - 5 i(3, 2) - 5 i(2, 3) = 57/35 of
    Gini), then on Humidity under Sunny and on Wind under Rain (5 i(3, 2) = 12/5 each,
    to pure leaves); the three sum to the root's 14 i(5, 9) = 45/7:

    >>> from dtree.datasets import load
    >>> from dtree.impurity import entropy
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> importance = impurity_importance(id3(tennis), attributes=tennis.schema.names)
    >>> importance == {"Outlook": 57 / 225, "Temperature": 0.0, "Humidity": 84 / 225,
    ...                "Wind": 84 / 225}
    True
    >>> gains = impurity_importance(id3(tennis), impurity=entropy)
    >>> round(gains["Outlook"], 4)  # 0.2467 bits of 0.9403, the root's entropy, all gained
    0.2624
    """
    if not isinstance(model, Ensemble | Leaf | Split):
        raise DtreeError(f"an importance is of a tree or an ensemble, not {quote(model)}")
    splitting = [
        _normalised(_decreases(tree, impurity))
        for tree in members(model)
        if isinstance(tree, Split)  # a tree of one leaf has no importances to average
    ]
    names = list(dict.fromkeys([*attributes, *(name for raw in splitting for name in raw)]))
    if not splitting:
        return dict.fromkeys(names, 0.0)
    sums = {name: total(raw.get(name, 0) for raw in splitting) for name in names}
    averaged = _normalised({name: value / len(splitting) for name, value in sums.items()})
    return {name: float(value) for name, value in averaged.items()}


# -- permutation importance ------------------------------------------------------------


@frozen
class Permuted:
    """An attribute's permutation importance: how much the score dropped in each repeat
    (``values``, in order), their mean and their spread (population standard deviation,
    scikit-learn's ``importances_std``).

    >>> found = Permuted((0.25, 0.5, 0.75))
    >>> found.mean, round(found.spread, 4)
    (0.5, 0.2041)
    """

    values: tuple[float, ...]

    @property
    def mean(self) -> float:
        return math.fsum(self.values) / len(self.values)

    @property
    def spread(self) -> float:
        return statistics.pstdev(self.values)


def _minus_error(model: Model, data: Dataset, *, compiled: Walks | None = None) -> Real:
    """The default score: minus the error (so its drop is the rise in the error rate, the
    drop in accuracy, or in regression the rise in mean squared error), of the model's
    trees ``compiled`` once for every permutation."""
    return -error(model, data, compiled=compiled)


def _shuffled(data: Dataset, attribute: str, order: Sequence[int]) -> Dataset:
    """The data with the values of ``attribute`` in its rows taken in ``order`` (the
    row at position i gets the value of the row at position order[i])."""
    j = data.schema.index(attribute)
    column = list(data.columns[j])
    rows = data.rows
    for i, row in enumerate(rows):
        column[row] = data.columns[j][rows[order[i]]]
    columns = (*data.columns[:j], tuple(column), *data.columns[j + 1 :])
    return Dataset(data.schema, columns, data.target, data.weights, rows)


def permutation_importance(
    model: Model, data: Dataset, *, seed: int = 0, repeats: int = 5, score: Score | None = None
) -> dict[str, Permuted]:
    """Each attribute's permutation importance on ``data``: score(model, data) less the
    score with that attribute's column permuted, for each of ``repeats`` permutations.

    Repeat r of attribute a permutes the data's rows by
    ``seeded.permutation(len(data), seed, "permutation", a, r)``: the result is a pure
    function of the seed.  ``score`` is higher-is-better (default: minus the error, so
    an importance is the drop in accuracy, or the rise in mean squared error).  The keys
    are the data's attributes, in schema order.  Measure it on data the model was not
    trained on (held-out or out-of-bag rows): on the training data it shares impurity
    importance's bias towards the attributes a tree overfits with.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = load("play-tennis")
    >>> found = permutation_importance(id3(tennis), tennis, repeats=3)
    >>> found["Outlook"].values, round(found["Outlook"].mean, 4)
    ((0.35714285714285715, 0.35714285714285715, 0.42857142857142855), 0.381)
    >>> found["Temperature"].mean, found["Temperature"].spread  # the tree never tests it
    (0.0, 0.0)
    """
    seeded.check_seed(seed)
    check_count("repeats", repeats, 1)
    walks = compiled_members(model)
    measure = partial(_minus_error, compiled=walks) if score is None else score
    baseline = measure(model, data)
    n = len(data)
    found: dict[str, Permuted] = {}
    for name in data.schema.names:
        drops = []
        for repeat in range(repeats):
            order = seeded.permutation(n, seed, "permutation", name, repeat)
            drops.append(float(baseline - measure(model, _shuffled(data, name, order))))
        found[name] = Permuted(tuple(drops))
    return found


def oob_permutation_importance(
    bagged: Bagged, data: Dataset, *, seed: int = 0, repeats: int = 5
) -> dict[str, Permuted]:
    """Each attribute's permutation importance on the out-of-bag rows of a bagged
    ensemble (Breiman 2001): :func:`permutation_importance` with the score minus the
    out-of-bag error (:func:`dtree.ensemble.bagging.oob_error`), so each row is predicted only by
    the members that did not see it, before and after its column is permuted.

    ``data`` is the data the ensemble was bagged from; the permutations are those of
    :func:`permutation_importance`, so the result is a pure function of the seeds.

    Unlike Breiman's measure, which permutes a column among each tree's own
    out-of-bag rows, this permutes the column once across all the rows, so a row
    out of a member's bag may be given the value of a row in it; the out-of-bag
    error is then measured as ever.  Breiman's form needs one permutation per
    member; this one is the same for every member, and so a permutation importance
    of the ensemble as a whole.

    >>> from dtree.ensemble.bagging import bag
    >>> from dtree.datasets import load
    >>> golf = load("golf")
    >>> found = oob_permutation_importance(bag(golf, n_trees=10, seed=1), golf, repeats=2)
    >>> list(found) == list(golf.schema.names)
    True
    """

    def minus_oob_error(_: Model, rows: Dataset) -> Real:  # the model is bagged.ensemble
        return -oob_error(bagged, rows)

    return permutation_importance(
        bagged.ensemble, data, seed=seed, repeats=repeats, score=minus_oob_error
    )
