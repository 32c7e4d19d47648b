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

The value is never mutated: learners (:mod:`dtree.ensemble.bagging`,
:mod:`dtree.ensemble.boosting`) return new ones.

Contents: :class:`Ensemble`, :data:`Combination`, :func:`predict`,
:func:`predict_many`, :func:`predict_proba`, :func:`predict_proba_many`,
:func:`decisions`, :func:`prefix`, :func:`staged`, :func:`sigmoid`, :func:`members`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Literal, get_args

from attrs import evolve, frozen

from dtree import tree as trees
from dtree.arithmetic import Real, is_number
from dtree.counts import ClassStats, plurality
from dtree.dataset import Example, Label
from dtree.errors import DtreeError, check_choice, quote

__all__ = [
    "COMBINATIONS",
    "Combination",
    "Ensemble",
    "decisions",
    "members",
    "predict",
    "predict_many",
    "predict_proba",
    "predict_proba_many",
    "prefix",
    "sigmoid",
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
    >>> from dtree.grower.presets import cart
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
            if not _float_sized(weight) or weight < 0:
                raise DtreeError(f"ensemble weights must be finite and >= 0, got {quote(weight)}")
        if not _float_sized(sum(float(w) for w in self.weights)):
            raise DtreeError("an ensemble's weights must sum to less than the largest float")
        if not _float_sized(self.initial):
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


def members(model: trees.Tree | Ensemble) -> tuple[trees.Tree, ...]:
    """The trees of a model: an ensemble's members, or the one tree.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> len(members(id3(load("play-tennis"))))
    1
    """
    return model.trees if isinstance(model, Ensemble) else (model,)


def _check_classifier(ensemble: Ensemble) -> None:
    if not ensemble.is_classifier:
        raise DtreeError("a regression ensemble has no class probabilities")


def _outputs(ensemble: Ensemble, examples: Sequence[Example]) -> list[tuple[Any, ...]]:
    """Each member's answers for all the examples, one traversal of each member: its
    P(k | x) for an ``"average"`` classifier, its predictions otherwise."""
    if ensemble.combination == "average" and ensemble.classes:
        return [trees.predict_proba_many(tree, examples) for tree in ensemble.trees]
    return [trees.predict_many(tree, examples) for tree in ensemble.trees]


def _tally(
    ensemble: Ensemble, tallies: list[list[Real]], output: Sequence[Any], weight: Real
) -> None:
    """Add one member's weighted votes (weighted P(k | x), for ``"average"``) to the
    running tallies of the examples."""
    if ensemble.combination == "vote":
        index = {label: k for k, label in enumerate(ensemble.classes)}
        for tally, label in zip(tallies, output, strict=True):
            tally[index[str(label)]] += weight
        return
    for tally, proba in zip(tallies, output, strict=True):
        for k, p in enumerate(proba):
            tally[k] += p if weight == 1 else weight * p


def _finished(ensemble: Ensemble, tallies: Sequence[Sequence[Real]]) -> list[tuple[Real, ...]]:
    uniform = tuple(Fraction(1, len(ensemble.classes)) for _ in ensemble.classes)
    return [_shares(tally) or uniform for tally in tallies]


def _tallies(ensemble: Ensemble, examples: Sequence[Example]) -> list[tuple[Real, ...]]:
    """For each example, each class's share of the members' weighted votes (of their
    weighted P(k | x), for ``"average"``): uniform if every member weighs 0."""
    tallies: list[list[Real]] = [[Fraction(0)] * len(ensemble.classes) for _ in examples]
    for output, weight in zip(_outputs(ensemble, examples), ensemble.weights, strict=True):
        _tally(ensemble, tallies, output, weight)
    return _finished(ensemble, tallies)


def _shares(tally: Sequence[Real]) -> tuple[Real, ...]:
    whole = sum(tally)
    return tuple(t / whole for t in tally) if whole else ()


def _votes_of(ensemble: Ensemble, examples: Sequence[Example]) -> list[tuple[int, ...]]:
    """For each member, the index of the class it predicts for each example."""
    return _indices(ensemble, _outputs(ensemble, examples))


def _indices(ensemble: Ensemble, outputs: Sequence[Sequence[Any]]) -> list[tuple[int, ...]]:
    index = {label: k for k, label in enumerate(ensemble.classes)}
    return [tuple(index[str(label)] for label in output) for output in outputs]


def _says(ensemble: Ensemble, votes: Sequence[tuple[int, ...]], i: int) -> list[float]:
    """SAMME: each class's say for example ``i``, sum of alpha_t over the members voting for
    it (alpha_t = learning_rate * log beta_t)."""
    rate = float(ensemble.learning_rate)
    says = [0.0] * len(ensemble.classes)
    for member, beta in zip(votes, ensemble.weights, strict=True):
        says[member[i]] += rate * math.log(beta)
    return says


_NEAR = 1e-9
"""Says within this (relative) of the largest are compared exactly, as products of odds."""


def _samme_winner(
    ensemble: Ensemble, votes: Sequence[tuple[int, ...]], i: int, says: Sequence[float]
) -> int:
    """The class of the largest say (``says``, :func:`_says`), ties to the first: compared
    exactly (products of the odds) among the classes whose float says are near the largest."""
    top = max(says)
    near = [k for k, say in enumerate(says) if say >= top - _NEAR * max(1.0, abs(top))]
    if len(near) == 1:
        return near[0]
    odds: list[Real] = [Fraction(1) if k in near else Fraction(0) for k in range(len(says))]
    for member, beta in zip(votes, ensemble.weights, strict=True):
        if member[i] in near:
            odds[member[i]] *= beta
    return plurality(odds)


def _terms(ensemble: Ensemble, examples: Sequence[Example]) -> list[list[float]]:
    """For each example, each member's weighted prediction w_t f_t(x), in member order."""
    terms: list[list[float]] = [[] for _ in examples]
    for output, weight in zip(_outputs(ensemble, examples), ensemble.weights, strict=True):
        for term, value in zip(terms, output, strict=True):
            term.append(float(weight) * _number(value))
    return terms


def _raw_of(ensemble: Ensemble, terms: Sequence[Sequence[float]]) -> list[float]:
    rate, initial = float(ensemble.learning_rate), float(ensemble.initial)
    return [initial + rate * math.fsum(term) for term in terms]


def _raw(ensemble: Ensemble, examples: Sequence[Example]) -> list[float]:
    """Gradient boosting: F(x) = initial + learning_rate * sum_t w_t f_t(x) for each example."""
    return _raw_of(ensemble, _terms(ensemble, examples))


def _number(prediction: Label | float) -> float:
    if isinstance(prediction, str):
        raise DtreeError(f"a gradient boosting member predicted the label {quote(prediction)}")
    return float(prediction)


def sigmoid(f: float) -> float:
    """1 / (1 + e^-f), without overflow for large |f|: the probability of the second class
    of a binary gradient boosting classifier whose F(x) is f.

    >>> sigmoid(0.0), sigmoid(-1000.0), round(sigmoid(math.log(3)), 12)
    (0.5, 0.0, 0.75)
    """
    if f >= 0:
        return 1.0 / (1.0 + math.exp(-f))
    e = math.exp(f)
    return e / (1.0 + e)


def decisions(ensemble: Ensemble, examples: Iterable[Example]) -> tuple[tuple[float, ...], ...]:
    """The ensemble's raw scores for each example: (F(x),) for gradient boosting, each
    class's say sum alpha_t [h_t(x) = k] for SAMME, each class's share of the votes
    otherwise.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> stump = cart(golf, max_depth=1)
    >>> boosted = Ensemble("samme", (stump, stump), (Fraction(3), Fraction(2)),
    ...                    golf.schema.classes)
    >>> [[round(s, 4) for s in d] for d in decisions(boosted, [golf.example(0)])]
    [[1.7918, 0.0]]
    """
    rows = list(examples)
    match ensemble.combination:
        case "gradient":
            return tuple((f,) for f in _raw(ensemble, rows))
        case "samme":
            votes = _votes_of(ensemble, rows)
            return tuple(tuple(_says(ensemble, votes, i)) for i in range(len(rows)))
        case _:
            _check_classifier(ensemble)
            return tuple(tuple(map(float, tally)) for tally in _tallies(ensemble, rows))


def predict_proba_many(
    ensemble: Ensemble, examples: Iterable[Example]
) -> tuple[tuple[Real, ...], ...]:
    """P(k | x) for each example, in the order of the ensemble's classes (see the module's
    combinations): exact for ``"average"`` and ``"vote"`` when the members' are.

    SAMME's probabilities are scikit-learn's: the softmax of the normalised says divided
    by K - 1 (for two classes, of +-(s_1 - s_0) / sum alpha_t).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("average", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_proba_many(forest, [golf.example(1)])  # (0 + 1/2) / 2 and (1 + 1/2) / 2
    ((Fraction(1, 4), Fraction(3, 4)),)
    """
    _check_classifier(ensemble)
    rows = list(examples)
    match ensemble.combination:
        case "gradient":
            return tuple((1.0 - p, p) for p in map(sigmoid, _raw(ensemble, rows)))
        case "samme":
            return tuple(
                tuple(_softmax(_samme_scores(ensemble, d))) for d in decisions(ensemble, rows)
            )
        case _:
            return tuple(_tallies(ensemble, rows))


def predict_proba(ensemble: Ensemble, example: Example) -> dict[Label, Real]:
    """P(class | example) under the ensemble: :func:`predict_proba_many` of one example.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_proba(forest, golf.example(1))  # one vote each
    {'Play': Fraction(1, 2), "Don't Play": Fraction(1, 2)}
    """
    (proba,) = predict_proba_many(ensemble, [example])
    return dict(zip(ensemble.classes, proba, strict=True))


def _samme_scores(ensemble: Ensemble, says: Sequence[float]) -> list[float]:
    """scikit-learn's SAMME decision: each class's say, less 1/(K-1) of the others', over
    the sum of the says, divided by K - 1 (two classes: +-(s_1 - s_0) / sum alpha, which is
    scikit-learn's two-class decision_function halved)."""
    k = len(says)
    whole = float(ensemble.learning_rate) * math.fsum(math.log(b) for b in ensemble.weights)
    if whole == 0:
        return [0.0] * k
    everything = math.fsum(says)
    scores = [(s - (everything - s) / (k - 1)) / whole for s in says]
    return [s / (k - 1) for s in scores]


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    whole = math.fsum(exps)
    return [e / whole for e in exps]


def predict_many(ensemble: Ensemble, examples: Iterable[Example]) -> tuple[Label | float, ...]:
    """The ensemble's prediction for each example, in order: the plurality (ties to the
    first class) or, in regression, the combined value.  Each member predicts all the
    examples at once (:func:`dtree.tree.predict_many`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_many(forest, [golf.example(0), golf.example(1)])  # a tie, to the first class
    ('Play', 'Play')
    """
    rows = list(examples)
    classes = ensemble.classes
    match ensemble.combination:
        case "gradient":
            return _summed(ensemble, _terms(ensemble, rows))
        case "samme":
            votes = _votes_of(ensemble, rows)
            return tuple(
                classes[_samme_winner(ensemble, votes, i, _says(ensemble, votes, i))]
                for i in range(len(rows))
            )
        case "average" if classes:
            return tuple(classes[k] for k in _average_winners(ensemble, rows))
        case _ if classes:
            return tuple(classes[plurality(tally)] for tally in _tallies(ensemble, rows))
        case _:
            return _summed(ensemble, _terms(ensemble, rows))


def _float_sized(x: object) -> bool:
    """Whether ``x`` is a number within the range of floats, as predictions compute in them."""
    if not is_number(x):
        return False
    try:
        return math.isfinite(float(x))
    except OverflowError:  # an int or Fraction beyond the largest float
        return False


def _average_winners(ensemble: Ensemble, examples: Sequence[Example]) -> list[int]:
    """For each example, the plurality of :func:`_tallies` (ties to the first class), found
    in floats and compared exactly only where the floats cannot decide.

    Each float tally is sum_t w_t P_t(k | x) to within (B + 2) 2^-53 of W = sum_t |w_t|
    (B members), so a largest float tally ahead of every other by more than
    max(_NEAR, 4 (B + 2) 2^-53) W is the exact plurality; the other examples (near ties)
    get the exact tallies.  Weights that are all 0, or whose float sum overflows, are all
    compared exactly.
    """
    weights = [float(w) for w in ensemble.weights]
    whole = math.fsum(weights)
    if not 0 < whole < math.inf:
        return [plurality(tally) for tally in _tallies(ensemble, examples)]
    margin = max(_NEAR, 4 * (len(weights) + 2) * 2.0**-53) * whole
    tallies = [[0.0] * len(ensemble.classes) for _ in examples]
    for tree, weight in zip(ensemble.trees, weights, strict=True):
        floats: dict[int, list[float]] = {}  # each leaf's distribution once, by identity
        for tally, proba in zip(tallies, trees.predict_proba_many(tree, examples), strict=True):
            terms = floats.get(id(proba))
            if terms is None:
                terms = floats[id(proba)] = [weight * float(p) for p in proba]
            for k, term in enumerate(terms):
                tally[k] += term
    winners: list[int] = []
    near: list[int] = []
    for i, tally in enumerate(tallies):
        top = max(tally)
        if sum(t >= top - margin for t in tally) == 1:
            winners.append(tally.index(top))
        else:
            winners.append(-1)
            near.append(i)
    exact = _tallies(ensemble, [examples[i] for i in near]) if near else []
    for i, shares in zip(near, exact, strict=True):
        winners[i] = plurality(shares)
    return winners


def _averages_of(ensemble: Ensemble, terms: Sequence[Sequence[float]]) -> tuple[float, ...]:
    whole = float(sum(ensemble.weights))
    if whole == 0:
        raise DtreeError("every member of the ensemble weighs 0")
    return tuple(math.fsum(term) / whole for term in terms)


def _summed(ensemble: Ensemble, terms: Sequence[Sequence[float]]) -> tuple[Label | float, ...]:
    """The predictions of a gradient-boosted or a regression ensemble from its terms."""
    if ensemble.combination == "gradient":
        raw = _raw_of(ensemble, terms)
        classes = ensemble.classes
        return tuple(classes[int(f > 0)] for f in raw) if classes else tuple(raw)
    return _averages_of(ensemble, terms)


def predict(ensemble: Ensemble, example: Example) -> Label | float:
    """The ensemble's prediction for one example: :func:`predict_many` of it.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> predict(Ensemble("average", (cart(golf),), (1,), golf.schema.classes), golf.example(1))
    "Don't Play"
    """
    (prediction,) = predict_many(ensemble, [example])
    return prediction


def prefix(ensemble: Ensemble, t: int) -> Ensemble:
    """The ensemble of its first ``t`` members (a boosted model after t stages).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> len(prefix(Ensemble("vote", (cart(golf),) * 3, (1, 1, 1), golf.schema.classes), 2))
    2
    """
    if not 1 <= t <= len(ensemble):
        raise DtreeError(f"an ensemble of {len(ensemble)} members has no prefix of {t}")
    return evolve(ensemble, trees=ensemble.trees[:t], weights=ensemble.weights[:t])


def staged(ensemble: Ensemble, examples: Iterable[Example]) -> Iterator[tuple[Label | float, ...]]:
    """The predictions of the first 1, 2, ..., all members for each example, stage by stage
    (scikit-learn's ``staged_predict``): stage t is ``predict_many(prefix(ensemble, t), ...)``,
    computed from each member's predictions, taken once, and running sums.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> list(staged(forest, [golf.example(1)]))
    [("Don't Play",), ('Play',)]
    """
    rows = list(examples)
    outputs = _outputs(ensemble, rows)
    classes = ensemble.classes
    if ensemble.combination == "samme":
        votes = _indices(ensemble, outputs)
        rate = float(ensemble.learning_rate)
        says = [[0.0] * len(classes) for _ in rows]
        for t, (member, beta) in enumerate(zip(votes, ensemble.weights, strict=True), 1):
            for i, k in enumerate(member):  # as _says adds them: the same floats
                says[i][k] += rate * math.log(beta)
            head, heard = prefix(ensemble, t), votes[:t]
            yield tuple(classes[_samme_winner(head, heard, i, says[i])] for i in range(len(rows)))
    elif ensemble.combination == "gradient" or not classes:
        terms: list[list[float]] = [[] for _ in rows]
        for t, (output, weight) in enumerate(zip(outputs, ensemble.weights, strict=True), 1):
            for term, value in zip(terms, output, strict=True):
                term.append(float(weight) * _number(value))
            yield _summed(prefix(ensemble, t), terms)
    else:
        tallies: list[list[Real]] = [[Fraction(0)] * len(classes) for _ in rows]
        for output, weight in zip(outputs, ensemble.weights, strict=True):
            _tally(ensemble, tallies, output, weight)
            yield tuple(classes[plurality(tally)] for tally in _finished(ensemble, tallies))
