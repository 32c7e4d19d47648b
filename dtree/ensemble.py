"""Many trees as one model: a frozen ensemble value and its predictions.

An :class:`Ensemble` is a tuple of trees, a weight for each, and how their
predictions combine (its ``combination``):

``"average"``
    Bagging and random forests.  P(k | x) is the weighted mean of the
    members' P(k | x); the prediction is its plurality (ties to the first
    class).  In regression the prediction is the weighted mean of the
    members' predictions.
``"vote"``
    Breiman's original bagging: each member votes for its prediction with
    its weight, the plurality wins (ties to the first class); P(k | x) is
    the share of the votes for k.
``"samme"``
    AdaBoost (SAMME).  A member's weight is its odds
    beta_t = (1 - e_t) / e_t * (K - 1), so that its say is
    alpha_t = learning_rate * log beta_t; class k scores
    sum of alpha_t over the members that predict k.  The plurality is
    compared as the product of the betas, exactly when they are
    fractions (the learning rate scales every score alike).
``"gradient"``
    Gradient boosting: F(x) = initial + learning_rate * sum_t w_t f_t(x), each
    f_t a regression tree.  A regressor predicts F(x); a binary classifier
    (log-loss, ``classes`` its two classes) takes F(x) as the log-odds of the
    second class.

The value is never mutated: learners (:mod:`dtree.bagging`,
:mod:`dtree.boosting`) return new ones.

Contents: :class:`Ensemble`, :data:`Combination`, :func:`predict`,
:func:`predict_proba`, :func:`predict_many`, :func:`decision`,
:func:`staged`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Literal, get_args

from attrs import frozen

from dtree import tree as trees
from dtree.arithmetic import Real, is_number
from dtree.counts import ClassStats, plurality
from dtree.dataset import Example, Label
from dtree.errors import DtreeError, check_choice, quote

__all__ = [
    "COMBINATIONS",
    "Combination",
    "Ensemble",
    "decision",
    "predict",
    "predict_many",
    "predict_proba",
    "staged",
]

Combination = Literal["average", "vote", "samme", "gradient"]
COMBINATIONS: tuple[Combination, ...] = get_args(Combination)


def _classes_of(tree: trees.Tree) -> tuple[Label, ...]:
    stats = tree.stats
    return stats.classes if isinstance(stats, ClassStats) else ()


@frozen
class Ensemble:
    """Trees, a weight for each, and how their predictions combine.

    ``classes`` are the classes predicted, in order (empty: a regressor);
    ``initial`` and ``learning_rate`` are gradient boosting's F_0 and shrinkage
    (the learning rate also scales AdaBoost's says).

    >>> from dtree.datasets import load
    >>> from dtree.presets import cart
    >>> golf = load("golf")
    >>> one = Ensemble("average", (cart(golf),), (1,), golf.schema.classes)
    >>> predict(one, golf.example(0)) == golf.labels[0]
    True
    >>> Ensemble("average", (), (), ("a", "b"))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: an ensemble needs at least one tree
    """

    combination: Combination
    trees: tuple[trees.Tree, ...]
    weights: tuple[Real, ...]
    classes: tuple[Label, ...]
    initial: Real = 0.0
    learning_rate: Real = 1.0

    def __attrs_post_init__(self) -> None:
        check_choice("combination", self.combination, COMBINATIONS)
        if not self.trees:
            raise DtreeError("an ensemble needs at least one tree")
        if len(self.weights) != len(self.trees):
            raise DtreeError(
                f"an ensemble of {len(self.trees)} trees needs as many weights,"
                f" got {len(self.weights)}"
            )
        for weight in (*self.weights, self.learning_rate):
            if not is_number(weight) or not math.isfinite(weight) or weight < 0:
                raise DtreeError(f"ensemble weights must be finite and >= 0, got {quote(weight)}")
        if not is_number(self.initial) or not math.isfinite(self.initial):
            raise DtreeError(
                f"an ensemble's initial value must be finite, got {quote(self.initial)}"
            )
        self._check_members()

    def _check_members(self) -> None:
        if self.combination == "gradient":
            if any(_classes_of(tree) for tree in self.trees):
                raise DtreeError("gradient boosting's members are regression trees")
            if self.classes and len(self.classes) != 2:
                raise DtreeError(
                    f"gradient boosting classifies two classes, got {len(self.classes)}"
                )
            return
        for tree in self.trees:
            if _classes_of(tree) != self.classes:
                raise DtreeError(
                    f"every member must predict the classes {quote(self.classes)},"
                    f" one predicts {quote(_classes_of(tree))}"
                )
        if self.combination == "samme" and len(self.classes) < 2:
            raise DtreeError("AdaBoost (SAMME) needs at least two classes")
        if self.combination == "samme" and any(w < 1 for w in self.weights):
            raise DtreeError("a SAMME member's odds must be at least 1 (its error at most 1 - 1/K)")

    @property
    def is_classifier(self) -> bool:
        return bool(self.classes)

    def __len__(self) -> int:
        return len(self.trees)


def _check_classifier(ensemble: Ensemble) -> None:
    if not ensemble.is_classifier:
        raise DtreeError("a regression ensemble has no class probabilities")


def _votes(ensemble: Ensemble, example: Example) -> tuple[Real, ...]:
    """Each class's share of the weighted votes (of the members' P(k | x) for
    ``"average"``)."""
    classes = ensemble.classes
    tally: list[Real] = [Fraction(0)] * len(classes)
    index = {label: k for k, label in enumerate(classes)}
    for tree, weight in zip(ensemble.trees, ensemble.weights, strict=True):
        if ensemble.combination == "vote":
            tally[index[str(trees.predict(tree, example))]] += weight
        else:
            proba = trees.predict_proba(tree, example)
            for k, label in enumerate(classes):
                tally[k] += weight * proba[label]
    whole = sum(tally)
    if whole == 0:
        return tuple(Fraction(1, len(classes)) for _ in classes)
    return tuple(t / whole for t in tally)


def _samme_odds(ensemble: Ensemble, example: Example) -> list[Real]:
    """For each class, the product of the odds of the members that predict it."""
    index = {label: k for k, label in enumerate(ensemble.classes)}
    odds: list[Real] = [Fraction(1)] * len(ensemble.classes)
    for tree, beta in zip(ensemble.trees, ensemble.weights, strict=True):
        odds[index[str(trees.predict(tree, example))]] *= beta
    return odds


def decision(ensemble: Ensemble, example: Example) -> tuple[float, ...]:
    """The ensemble's raw scores for ``example``: F(x) for gradient boosting (one
    number), each class's say sum alpha_t [h_t(x) = k] for SAMME, each class's
    share of the votes otherwise.

    >>> from dtree.datasets import load
    >>> from dtree.presets import cart
    >>> golf = load("golf")
    >>> stump = cart(golf, max_depth=1)
    >>> boosted = Ensemble("samme", (stump, stump), (Fraction(3), Fraction(2)),
    ...                    stump.stats.classes)
    >>> [round(s, 4) for s in decision(boosted, golf.example(0))]  # log 3 + log 2 for one class
    [1.7918, 0.0]
    """
    match ensemble.combination:
        case "gradient":
            return (float(_raw(ensemble, example)),)
        case "samme":
            rate = float(ensemble.learning_rate)
            return tuple(rate * math.log(o) for o in _samme_odds(ensemble, example))
        case _:
            return tuple(map(float, _votes(ensemble, example)))


def _raw(ensemble: Ensemble, example: Example, stages: int | None = None) -> float:
    members = zip(ensemble.trees[:stages], ensemble.weights[:stages], strict=True)
    steps = math.fsum(float(w) * _number(trees.predict(tree, example)) for tree, w in members)
    return float(ensemble.initial) + float(ensemble.learning_rate) * steps


def _number(prediction: Label | float) -> float:
    if isinstance(prediction, str):
        raise DtreeError(f"a gradient boosting member predicted the label {quote(prediction)}")
    return float(prediction)


def _sigmoid(f: float) -> float:
    """1 / (1 + e^-f), without overflow for large |f|."""
    if f >= 0:
        return 1.0 / (1.0 + math.exp(-f))
    e = math.exp(f)
    return e / (1.0 + e)


def predict_proba(ensemble: Ensemble, example: Example) -> dict[Label, Real]:
    """P(class | example) under the ensemble (see the module's combinations).

    SAMME's probabilities are scikit-learn's: the softmax of the says divided by
    K - 1 (for two classes, of the difference of the says halved).

    >>> from dtree.datasets import load
    >>> from dtree.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("average", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_proba(forest, golf.example(1))  # (0 + 1/2) / 2 and (1 + 1/2) / 2
    {'Play': Fraction(1, 4), "Don't Play": Fraction(3, 4)}
    """
    _check_classifier(ensemble)
    classes = ensemble.classes
    match ensemble.combination:
        case "gradient":
            p = _sigmoid(_raw(ensemble, example))
            return {classes[0]: 1.0 - p, classes[1]: p}
        case "samme":
            return dict(zip(classes, _softmax(_samme_scores(ensemble, example)), strict=True))
        case _:
            return dict(zip(classes, _votes(ensemble, example), strict=True))


def _samme_scores(ensemble: Ensemble, example: Example) -> list[float]:
    """scikit-learn's SAMME decision: each class's say, less 1/(K-1) of the others', over
    the sum of the says, divided by K - 1 (two classes: the difference, halved)."""
    says = decision(ensemble, example)
    k = len(says)
    whole = float(ensemble.learning_rate) * math.fsum(math.log(b) for b in ensemble.weights)
    if whole == 0:
        return [0.0] * k
    everything = math.fsum(says)
    scores = [(s - (everything - s) / (k - 1)) / whole for s in says]
    if k == 2:
        return [s / 2 for s in scores]
    return [s / (k - 1) for s in scores]


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    whole = math.fsum(exps)
    return [e / whole for e in exps]


def predict(ensemble: Ensemble, example: Example) -> Label | float:
    """The ensemble's prediction for one example: the plurality (ties to the first class)
    or, in regression, the combined value.

    >>> from dtree.datasets import load
    >>> from dtree.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict(forest, golf.example(1))  # one vote each: a tie, to the first class
    'Play'
    """
    classes = ensemble.classes
    match ensemble.combination:
        case "gradient":
            f = _raw(ensemble, example)
            return classes[int(f > 0)] if classes else f
        case "samme":
            return classes[plurality(_samme_odds(ensemble, example))]
        case _ if classes:
            return classes[plurality(_votes(ensemble, example))]
        case _:
            whole = sum(ensemble.weights)
            if whole == 0:
                raise DtreeError("every member of the ensemble weighs 0")
            values = (
                float(w) * _number(trees.predict(t, example))
                for t, w in zip(ensemble.trees, ensemble.weights, strict=True)
            )
            return math.fsum(values) / float(whole)


def predict_many(ensemble: Ensemble, examples: Iterable[Example]) -> tuple[Label | float, ...]:
    """:func:`predict` for each example, in order.

    >>> from dtree.datasets import load
    >>> from dtree.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("average", (cart(golf),), (1,), golf.schema.classes)
    >>> predict_many(forest, golf.examples()) == golf.labels
    True
    """
    return tuple(predict(ensemble, example) for example in examples)


def staged(ensemble: Ensemble, example: Example) -> Iterator[Label | float]:
    """The prediction of the first 1, 2, ..., all members, in order (scikit-learn's
    ``staged_predict``).

    >>> from dtree.datasets import load
    >>> from dtree.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> list(staged(forest, golf.example(1)))
    ["Don't Play", 'Play']
    """
    for t in range(1, len(ensemble.trees) + 1):
        yield predict(_first(ensemble, t), example)


def _first(ensemble: Ensemble, t: int) -> Ensemble:
    return Ensemble(
        ensemble.combination,
        ensemble.trees[:t],
        ensemble.weights[:t],
        ensemble.classes,
        ensemble.initial,
        ensemble.learning_rate,
    )
