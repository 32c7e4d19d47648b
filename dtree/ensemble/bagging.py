"""Bagging, random forests and their out-of-bag estimates.

Vocabulary
----------
bootstrap counts
    c_t(i), how many times row i is drawn in the n draws with replacement
    of member t's sample (:func:`dtree.seeded.bootstrap`).  The sample is
    the data with row i's weight multiplied by c_t(i): an integer weight k
    acts exactly as k copies, so a member is exactly the tree of its sample.
member
    Tree t, grown by the learner with seed ``below(2**63, seed, "member", t)``
    on its sample.  The members are fit through :mod:`dtree.parallel`, so an
    executor gives exactly the serial forest; every draw is named by the
    seed (:mod:`dtree.seeded`), so the forest is a pure function of it.
bagging (Breiman 1996)
    B members on bootstrap samples; the ensemble averages their P(k | x)
    (``combination="average"``), or takes the plurality of their votes
    (``"vote"``), or, in regression, the mean of their values.
random forest (Breiman 2001)
    Bagging of trees whose every node chooses among ``max_features``
    attributes drawn for that node (:attr:`dtree.grower.learner.Learner.max_features`).
out of bag
    Row i is out of bag for member t when c_t(i) = 0; with n draws from n rows
    that happens with probability (1 - 1/n)^n, which tends to 1/e = 0.368.
    The out-of-bag prediction of a row is the ensemble of its out-of-bag
    members; the out-of-bag error is the error of those predictions, an
    estimate of the error on new data that costs no held-out rows.

Where dtree's forests differ from scikit-learn's ``RandomForestClassifier``
--------------------------------------------------------------------------
* The bootstrap stream: scikit-learn draws tree t's rows from a NumPy
  generator seeded by a number its forest's generator draws for the tree,
  so its samples depend on that generator's state; dtree draws each row of
  each sample from the BLAKE2b digest of ``(seed, "bootstrap", t, i)``.
  The two never draw the same samples; given the same counts (``counts=``;
  scikit-learn's are the row counts of its ``estimators_samples_``), the
  members are the same trees: scikit-learn grows a member with the counts
  as ``sample_weight``, as dtree does when the rows weigh 1.
* Weighted rows: dtree draws every row with probability 1/n and grows
  member t on the weights times the counts; scikit-learn (1.9) draws row i
  with probability w_i / sum w and grows the member on the counts alone.
  Both sample the weighted data, differently: with weights other than 1 the
  members differ even for the same draws.
* The feature draws: scikit-learn draws a node's features one at a time
  from the tree's generator, without replacement, and goes on drawing past
  ``max_features`` until at least one drawn feature is not constant at the
  node; dtree draws the k attributes of a node once, from the digests of
  ``(seed, "features", node key, attribute position)``, and a node where
  none of them splits is a leaf (``no_candidate``).
* Ties: scikit-learn visits the features in a random order at every node,
  even with all features, so tied best splits are broken at random; dtree
  takes the first in schema order.  Its thresholds are float32 midpoints.
* Probabilities and votes are exact fractions in dtree; the out-of-bag
  error here is the misclassification rate (mean squared error), where
  scikit-learn reports the accuracy (R^2) as ``oob_score_``; a row out of
  bag of no member has no out-of-bag prediction and is left out.

Contents: :class:`Bagged`, :func:`bag`, :func:`random_forest`,
:func:`member_seed`, :func:`default_learner`, :func:`oob_predictions`, :func:`oob_error`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import partial
from typing import Literal, get_args

from attrs import evolve, frozen

from dtree.arithmetic import Real, check_count
from dtree.dataset import Dataset, Label
from dtree.ensemble import Ensemble, compiled_members, predict_many
from dtree.errors import DtreeError, check_choice, quote
from dtree.grower.learner import CART, Learner, MaxFeatures, check_fits
from dtree.grower.make_subtree import grow
from dtree.parallel import fan_out
from dtree.progress import Report
from dtree.seeded import below, bootstrap, check_seed
from dtree.tree import Tree

__all__ = [
    "BAGGING_COMBINATIONS",
    "Bagged",
    "BaggingCombination",
    "bag",
    "default_learner",
    "member_seed",
    "oob_error",
    "oob_predictions",
    "random_forest",
]

BaggingCombination = Literal["average", "vote"]
BAGGING_COMBINATIONS: tuple[BaggingCombination, ...] = get_args(BaggingCombination)

DEFAULT_TREES = 100
"""The number of members when neither ``n_trees`` nor ``counts`` says."""


@frozen
class Bagged:
    """A bagged ensemble and the in-bag count of each row for each member:
    ``counts[t][i]`` is how many times the i-th row of the data was drawn into
    member t's sample (0: the row is out of bag for member t).

    >>> from dtree.datasets import load
    >>> forest = bag(load("golf"), n_trees=3)
    >>> len(forest.ensemble), len(forest.counts), [sum(c) for c in forest.counts]
    (3, 3, [14, 14, 14])
    """

    ensemble: Ensemble
    counts: tuple[tuple[int, ...], ...]

    def __attrs_post_init__(self) -> None:
        if len(self.counts) != len(self.ensemble.trees):
            raise DtreeError(
                f"a bagged ensemble of {len(self.ensemble.trees)} trees needs as many rows of"
                f" counts, got {len(self.counts)}"
            )
        if len({len(row) for row in self.counts}) > 1:
            raise DtreeError("every member's counts cover the same rows: their lengths differ")

    @property
    def n_rows(self) -> int:
        """The number of rows of the data the members were drawn from."""
        return len(self.counts[0])


def member_seed(seed: int, member: int) -> int:
    """The seed of member t's learner: ``below(2**63, seed, "member", t)`` of
    :mod:`dtree.seeded`, a number named by the forest's seed and t alone.

    >>> member_seed(0, 0) == member_seed(0, 0) != member_seed(0, 1)
    True
    >>> 0 <= member_seed(7, 3) < 2**63
    True
    """
    return below(2**63, seed, "member", member)


def _checked_counts(
    counts: object, n_rows: int, n_trees: int | None
) -> tuple[tuple[int, ...], ...]:
    """The given counts as a tuple per member, refused unless each member has a non-negative
    integer count for each of the ``n_rows`` rows (and there are ``n_trees`` members)."""
    if isinstance(counts, str | bytes) or not isinstance(counts, Sequence):
        raise DtreeError(f"counts are a sequence of counts per member, got {quote(counts)}")
    if not counts:
        raise DtreeError("counts for at least one member are needed")
    if n_trees is not None and n_trees != len(counts):
        raise DtreeError(f"n_trees={n_trees}, but counts are given for {len(counts)} members")
    checked = []
    for t, member in enumerate(counts):
        if isinstance(member, str | bytes) or not isinstance(member, Sequence):
            raise DtreeError(f"member {t}'s counts are not a sequence: {quote(member)}")
        if len(member) != n_rows:
            raise DtreeError(
                f"member {t} has {len(member)} counts; the data has {n_rows} rows, one count each"
            )
        for count in member:
            if type(count) is not int or count < 0:
                raise DtreeError(
                    f"member {t}'s counts must be integers >= 0, one is {quote(count)}"
                )
        checked.append(tuple(member))
    return tuple(checked)


def _sample(data: Dataset, counts: Sequence[int]) -> Dataset:
    """The data with the weight of its i-th row multiplied by ``counts[i]``."""
    weights = list(data.weights)
    for row, count in zip(data.rows, counts, strict=True):
        weights[row] = weights[row] * count
    return data.with_weights(weights)


Task = tuple[int, Learner, tuple[int, ...]]
"""Member t: its index, its learner (with the member's seed) and its counts."""


def _member(data: Dataset, task: Task, *, progress: Report | None = None) -> Tree:
    """Member t of a bagged ensemble: grown by its learner on its sample."""
    t, learner, counts = task
    sample = _sample(data, counts)
    if not sample.present().rows:
        raise DtreeError(f"member {t}'s sample has no row of positive weight")
    return grow(learner, sample, progress=progress)


def bag(
    data: Dataset,
    learner: Learner | None = None,
    *,
    n_trees: int | None = None,
    seed: int = 0,
    counts: Sequence[Sequence[int]] | None = None,
    combination: BaggingCombination = "average",
    executor: Executor | None = None,
    progress: Report | None = None,
) -> Bagged:
    """Bootstrap aggregation: B trees, member t grown by ``learner`` (with the seed
    :func:`member_seed` (seed, t)) on the data with row i's weight times c_t(i), combined
    by ``combination``.

    The counts c_t are :func:`dtree.seeded.bootstrap` (n, seed, t) for n rows, or
    ``counts[t]`` when given (then B is their number; ``n_trees``, if given, must agree);
    B is ``n_trees``, 100 by default, otherwise.  The ensemble predicts

        P(k | x) = (1/B) sum_t P_t(k | x)     (``"average"``; regression: the mean value)

    or the plurality of the members' votes (``"vote"``).  The learner is CART by default,
    with Gini for classes and squared error for a numeric target (:func:`default_learner`).
    The members are fit through
    ``executor`` (:func:`dtree.parallel.fan_out`): any executor gives the serial result.

    >>> from dtree.datasets import load
    >>> from dtree.ensemble import predict
    >>> golf = load("golf")
    >>> forest = bag(golf, n_trees=10, seed=1)
    >>> forest.counts[0]  # member 0's sample: row 0 drawn twice, row 1 not at all, ...
    (2, 0, 0, 1, 1, 0, 2, 0, 2, 0, 1, 0, 4, 1)
    >>> forest == bag(golf, n_trees=10, seed=1)  # a pure function of the seed
    True
    >>> predict(forest.ensemble, golf.example(0))
    'Play'
    >>> bag(golf, counts=[[1] * 13])
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: member 0 has 13 counts; the data has 14 rows, one count each
    """
    check_choice("combination", combination, BAGGING_COMBINATIONS)
    check_seed(seed)
    if learner is None:
        learner = default_learner(data)
    if n_trees is not None:
        check_count("n_trees", n_trees, 1)
    check_fits(learner, data)
    n = len(data.rows)
    if counts is None:
        b = DEFAULT_TREES if n_trees is None else n_trees
        drawn = tuple(bootstrap(n, seed, t) for t in range(b))
    else:
        drawn = _checked_counts(counts, n, n_trees)
    b = len(drawn)
    tasks = [(t, evolve(learner, seed=member_seed(seed, t)), drawn[t]) for t in range(b)]
    trees = fan_out(
        partial(_member, data),
        tasks,
        executor,
        progress=progress,
        names=[f"tree {t + 1}/{b}" for t in range(b)],
    )
    classes = data.schema.classes if data.schema.is_classification else ()
    ensemble = Ensemble(combination, trees, (1,) * len(trees), classes)
    return Bagged(ensemble, drawn)


def default_learner(data: Dataset) -> Learner:
    """CART, growing with Gini on classes and with squared error on a numeric target (as
    :func:`dtree.grower.presets.cart` does).

    >>> from dtree.dataset import Dataset
    >>> default_learner(Dataset.from_columns({"x": [1, 2], "y": [0.5, 1.5]}, target="y")).impurity
    'squared_error'
    """
    return CART if data.schema.is_classification else evolve(CART, impurity="squared_error")


def random_forest(
    data: Dataset,
    *,
    n_trees: int = DEFAULT_TREES,
    max_features: MaxFeatures = "sqrt",
    seed: int = 0,
    learner: Learner | None = None,
    executor: Executor | None = None,
    progress: Report | None = None,
) -> Bagged:
    """A random forest (Breiman 2001): :func:`bag` of ``learner`` with ``max_features``
    attributes drawn at every node, k = :func:`dtree.grower.learner.features_per_node` of p
    (sqrt: max(1, int(sqrt p))).  A node where none of its k attributes splits is a leaf:
    unlike scikit-learn, dtree draws no more (see the module's notes).

    >>> from dtree.datasets import load
    >>> from dtree.ensemble import predict_many
    >>> iris = load("iris")
    >>> forest = random_forest(iris, n_trees=5, seed=2)
    >>> sum(map(str.__eq__, predict_many(forest.ensemble, iris.examples()), iris.labels))
    149
    """
    forest_learner = evolve(learner or default_learner(data), max_features=max_features)
    return bag(
        data,
        forest_learner,
        n_trees=n_trees,
        seed=seed,
        executor=executor,
        progress=progress,
    )


def _check_data(bagged: Bagged, data: Dataset) -> None:
    if len(data.rows) != bagged.n_rows:
        raise DtreeError(
            f"the ensemble was bagged from {bagged.n_rows} rows; the data has {len(data.rows)}:"
            " out-of-bag estimates need the data it was bagged from"
        )


def oob_predictions(bagged: Bagged, data: Dataset) -> tuple[Label | float | None, ...]:
    """For each row i of the data the ensemble was bagged from, the prediction of the
    ensemble of the members for which row i is out of bag (c_t(i) = 0), combined as the
    whole ensemble's are; None for a row in the bag of every member.

    >>> from dtree.datasets import load
    >>> from dtree.ensemble import predict
    >>> golf = load("golf")
    >>> forest = bag(golf, counts=[[1] * 7 + [0] * 7, [0] * 7 + [1] * 7, [1] * 14])
    >>> oob = oob_predictions(forest, golf)  # rows 0-6 by member 1, rows 7-13 by member 0
    >>> oob[0] == predict(forest.ensemble.trees[1], golf.example(0))
    True
    >>> oob_predictions(bag(golf, counts=[[1] * 14]), golf)[:3]  # in every bag
    (None, None, None)
    """
    _check_data(bagged, data)
    walks = compiled_members(bagged.ensemble)  # once, for every row's ensemble of the out
    answers: list[Label | float | None] = []
    for i, example in enumerate(data.examples()):
        out = tuple(t for t, member in enumerate(bagged.counts) if member[i] == 0)
        if not out:
            answers.append(None)
            continue
        (answer,) = predict_many(
            _only(bagged, out), [example], compiled=tuple(walks[t] for t in out)
        )
        answers.append(answer)
    return tuple(answers)


def _only(bagged: Bagged, members: Sequence[int]) -> Ensemble:
    """The ensemble of the given members alone."""
    whole = bagged.ensemble
    return Ensemble(
        whole.combination,
        tuple(whole.trees[t] for t in members),
        tuple(whole.weights[t] for t in members),
        whole.classes,
    )


def oob_error(bagged: Bagged, data: Dataset) -> Real:
    """The out-of-bag error: over the m rows that have an out-of-bag prediction
    y_hat_i (:func:`oob_predictions`), the misclassification rate
    (1/m) sum [y_hat_i != y_i] (an exact fraction), or in regression the mean squared
    error (1/m) sum (y_hat_i - y_i)^2.  Every row counts once, whatever its weight, as
    in scikit-learn's ``oob_score_``.

    >>> from dtree.datasets import load
    >>> golf = load("golf")
    >>> oob_error(bag(golf, n_trees=25, seed=0), golf)
    Fraction(3, 7)
    >>> oob_error(bag(golf, counts=[[1] * 14]), golf)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: no row is out of bag of any member: grow more trees
    """
    predicted = oob_predictions(bagged, data)
    pairs = [(p, y) for p, y in zip(predicted, data.labels, strict=True) if p is not None]
    if not pairs:
        raise DtreeError("no row is out of bag of any member: grow more trees")
    if bagged.ensemble.is_classifier:
        return Fraction(sum(p != y for p, y in pairs), len(pairs))
    return math.fsum((_number(p) - _number(y)) ** 2 for p, y in pairs) / len(pairs)


def _number(value: Label | float) -> float:
    assert not isinstance(value, str)  # a regression ensemble predicts numbers
    return float(value)
