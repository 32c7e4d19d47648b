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

The predictions of a model, a tree or an ensemble, are made here, by one set of
functions: :func:`predict`, :func:`predict_proba` (one example), :func:`predict_many`
and :func:`predict_proba_many` (many, or a dataset's rows).  A tree's are its
definition (:mod:`dtree.tree`), made faster by :mod:`dtree.compiled` and
:mod:`dtree.routing`.

Contents: :class:`Ensemble`, :data:`Combination`, :data:`Model`, :func:`predict`,
:func:`predict_many`, :func:`predict_proba`, :func:`predict_proba_many`,
:func:`decisions`, :func:`prefix`, :func:`staged`, :func:`sigmoid`, :func:`members`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Literal, assert_never, get_args

from attrs import evolve, frozen

from dtree import tree as trees
from dtree.arithmetic import SCREEN_TOLERANCE, Real, is_number, near_best, screened_best
from dtree.compiled import (
    Compiled,
    column_predictions,
    compile_tree,
    predictions,
    probabilities,
)
from dtree.counts import ClassStats, plurality
from dtree.dataset import Dataset, Example, Label
from dtree.errors import DtreeError, check_choice, quote
from dtree.routing import routed_predictions
from dtree.tree import Spread, check_spread, depth

__all__ = [
    "COMBINATIONS",
    "ROW_BY_ROW_DEPTH",
    "Combination",
    "Ensemble",
    "Model",
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


Model = trees.Tree | Ensemble
"""What predicts: a tree, or an ensemble of trees."""


Walks = Sequence[Compiled]
"""An ensemble's members compiled for prediction, in member order (:func:`compiled_members`)."""


def compiled_members(model: Model) -> tuple[Compiled, ...]:
    """The trees of a model compiled for prediction (:func:`dtree.compiled.compile_tree`), in
    member order: for a caller that predicts with the same model again and again (pass
    them to :func:`predict_many` or :func:`predict_proba_many` as ``compiled``).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> [walk.tree is tree for walk in compiled_members(tree)]
    [True]
    """
    return tuple(compile_tree(tree) for tree in members(model))


def members(model: Model) -> tuple[trees.Tree, ...]:
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


def _outputs(
    ensemble: Ensemble, examples: Sequence[Example], walks: Walks
) -> list[tuple[Any, ...]]:
    """Each member's answers for all the examples, one traversal of each member: its
    P(k | x) for an ``"average"`` classifier, its predictions otherwise."""
    if ensemble.combination == "average" and ensemble.classes:
        return [probabilities(walk, examples) for walk in walks]
    return [predictions(walk, examples) for walk in walks]


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


def _tallies(
    ensemble: Ensemble, examples: Sequence[Example], walks: Walks
) -> list[tuple[Real, ...]]:
    """For each example, each class's share of the members' weighted votes (of their
    weighted P(k | x), for ``"average"``): uniform if every member weighs 0."""
    tallies: list[list[Real]] = [[Fraction(0)] * len(ensemble.classes) for _ in examples]
    for output, weight in zip(_outputs(ensemble, examples, walks), ensemble.weights, strict=True):
        _tally(ensemble, tallies, output, weight)
    return _finished(ensemble, tallies)


def _shares(tally: Sequence[Real]) -> tuple[Real, ...]:
    whole = sum(tally)
    return tuple(t / whole for t in tally) if whole else ()


def _votes_of(
    ensemble: Ensemble, examples: Sequence[Example], walks: Walks
) -> list[tuple[int, ...]]:
    """For each member, the index of the class it predicts for each example."""
    return _indices(ensemble, _outputs(ensemble, examples, walks))


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


def _samme_winner(
    ensemble: Ensemble, votes: Sequence[tuple[int, ...]], i: int, says: Sequence[float]
) -> int:
    """The class of the largest say (``says``, :func:`_says`), ties to the first: compared
    exactly (products of the odds) among the classes whose float says are near the largest
    (:func:`dtree.arithmetic.screened_best`)."""

    def odds(k: int) -> Real:
        voters = (
            beta for member, beta in zip(votes, ensemble.weights, strict=True) if member[i] == k
        )
        return math.prod(voters, start=Fraction(1))

    return screened_best(says, odds)


def _terms(ensemble: Ensemble, examples: Sequence[Example], walks: Walks) -> list[list[float]]:
    """For each example, each member's weighted prediction w_t f_t(x), in member order."""
    terms: list[list[float]] = [[] for _ in examples]
    for output, weight in zip(_outputs(ensemble, examples, walks), ensemble.weights, strict=True):
        for term, value in zip(terms, output, strict=True):
            term.append(float(weight) * _number(value))
    return terms


def _raw_of(ensemble: Ensemble, terms: Sequence[Sequence[float]]) -> list[float]:
    rate, initial = float(ensemble.learning_rate), float(ensemble.initial)
    return [initial + rate * math.fsum(term) for term in terms]


def _raw(ensemble: Ensemble, examples: Sequence[Example], walks: Walks) -> list[float]:
    """Gradient boosting: F(x) = initial + learning_rate * sum_t w_t f_t(x) for each example."""
    return _raw_of(ensemble, _terms(ensemble, examples, walks))


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
    return _decisions(ensemble, rows, compiled_members(ensemble))


def _decisions(
    ensemble: Ensemble, rows: Sequence[Example], walks: Walks
) -> tuple[tuple[float, ...], ...]:
    match ensemble.combination:
        case "gradient":
            return tuple((f,) for f in _raw(ensemble, rows, walks))
        case "samme":
            votes = _votes_of(ensemble, rows, walks)
            return tuple(tuple(_says(ensemble, votes, i)) for i in range(len(rows)))
        case "average" | "vote":
            _check_classifier(ensemble)
            return tuple(tuple(map(float, tally)) for tally in _tallies(ensemble, rows, walks))
        case _:
            assert_never(ensemble.combination)


def _probabilities(
    ensemble: Ensemble, rows: Sequence[Example], walks: Walks
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
    >>> walks = compiled_members(forest)
    >>> _probabilities(forest, [golf.example(1)], walks)  # (0 + 1/2) / 2 and (1 + 1/2) / 2
    ((Fraction(1, 4), Fraction(3, 4)),)
    """
    _check_classifier(ensemble)
    match ensemble.combination:
        case "gradient":
            return tuple((1.0 - p, p) for p in map(sigmoid, _raw(ensemble, rows, walks)))
        case "samme":
            return tuple(
                tuple(_softmax(_samme_scores(ensemble, d)))
                for d in _decisions(ensemble, rows, walks)
            )
        case "average" | "vote":
            return tuple(_tallies(ensemble, rows, walks))
        case _:
            assert_never(ensemble.combination)


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


def _predictions(
    ensemble: Ensemble, rows: Sequence[Example], walks: Walks
) -> tuple[Label | float, ...]:
    """The ensemble's prediction for each example, in order: the plurality (ties to the
    first class) or, in regression, the combined value.  Each member predicts all the
    examples at once, compiled once (:mod:`dtree.compiled`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> _predictions(forest, [golf.example(0), golf.example(1)], compiled_members(forest))
    ('Play', 'Play')
    """
    classes = ensemble.classes
    match ensemble.combination:
        case "gradient":
            return _summed(ensemble, _terms(ensemble, rows, walks))
        case "samme":
            votes = _votes_of(ensemble, rows, walks)
            return tuple(
                classes[_samme_winner(ensemble, votes, i, _says(ensemble, votes, i))]
                for i in range(len(rows))
            )
        case "average" if classes:
            return tuple(classes[k] for k in _average_winners(ensemble, rows, walks))
        case "vote" if classes:
            return tuple(classes[plurality(tally)] for tally in _tallies(ensemble, rows, walks))
        case "average" | "vote":
            return _summed(ensemble, _terms(ensemble, rows, walks))
        case _:
            assert_never(ensemble.combination)


def _float_sized(x: object) -> bool:
    """Whether ``x`` is a number within the range of floats, as predictions compute in them."""
    if not is_number(x):
        return False
    try:
        return math.isfinite(float(x))
    except OverflowError:  # an int or Fraction beyond the largest float
        return False


def _average_winners(ensemble: Ensemble, examples: Sequence[Example], walks: Walks) -> list[int]:
    """For each example, the plurality of :func:`_tallies` (ties to the first class), found
    in floats and compared exactly only where the floats cannot decide.

    Each float tally is sum_t w_t P_t(k | x) to within (B + 2) 2^-53 of W = sum_t |w_t|
    (B members), so a largest float tally ahead of every other by more than
    max(SCREEN_TOLERANCE, 4 (B + 2) 2^-53) W is the exact plurality (the one class
    :func:`dtree.arithmetic.near_best` finds); the other examples (near ties)
    get the exact tallies.  Weights that are all 0, or whose float sum overflows, are all
    compared exactly.
    """
    weights = [float(w) for w in ensemble.weights]
    whole = math.fsum(weights)
    if not 0 < whole < math.inf:
        return [plurality(tally) for tally in _tallies(ensemble, examples, walks)]
    margin = max(SCREEN_TOLERANCE, 4 * (len(weights) + 2) * 2.0**-53) * whole
    tallies = [[0.0] * len(ensemble.classes) for _ in examples]
    for walk, weight in zip(walks, weights, strict=True):
        floats: dict[int, list[float]] = {}  # each leaf's distribution once, by identity
        for tally, proba in zip(tallies, probabilities(walk, examples), strict=True):
            terms = floats.get(id(proba))
            if terms is None:
                terms = floats[id(proba)] = [weight * float(p) for p in proba]
            for k, term in enumerate(terms):
                tally[k] += term
    winners: list[int] = []
    near: list[int] = []
    for i, tally in enumerate(tallies):
        classes = near_best(tally, slack=margin)
        if len(classes) == 1:
            winners.append(classes[0])
        else:
            winners.append(-1)
            near.append(i)
    exact = _tallies(ensemble, [examples[i] for i in near], walks) if near else []
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
    outputs = _outputs(ensemble, rows, compiled_members(ensemble))
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


# -- the predictions of a model: a tree or an ensemble ------------------------------------------


ROW_BY_ROW_DEPTH = 200
"""The deepest tree whose predictions for a dataset :func:`predict_many` walks row by row,
compiled: about where routing the rows together (:func:`dtree.routing.routed_predictions`)
starts to cost less, on a chain of thresholds (the worst case for row by row)."""

Examples = Iterable[Example] | Dataset
"""Examples to predict: any iterable of them, or a dataset's rows."""


def _check_spread(model: Model, spread: Spread) -> None:
    check_spread(spread)
    if isinstance(model, Ensemble) and spread != "training":
        raise DtreeError(
            "an ensemble's trees share a missing value by training weight only;"
            " spread='equal' is for one tree"
        )


def _check_compiled(model: Model, compiled: Walks | None) -> None:
    """``compiled``, if given, is the model's members compiled, in order."""
    if compiled is None:
        return
    trees_of = members(model)
    if len(compiled) != len(trees_of) or any(
        walk.tree is not tree for walk, tree in zip(compiled, trees_of, strict=False)
    ):
        raise DtreeError("the compiled trees given are not the model's members, in order")


def _walks(model: Model, compiled: Walks | None) -> Walks:
    """The model's members compiled: ``compiled`` if given (checked), else afresh."""
    return compiled_members(model) if compiled is None else compiled


def _rows(examples: Examples) -> list[Example]:
    return list(examples.examples() if isinstance(examples, Dataset) else examples)


def predict(model: Model, example: Example, spread: Spread = "training") -> Label | float:
    """The model's prediction for one example: a tree's is its definition,
    ``prediction_of(tree, reach(tree, example))`` (:func:`dtree.tree.predict`; a missing
    value shared among the branches as ``spread`` says), an ensemble's combines its
    members' (see the module's combinations).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> predict(cart(golf), golf.example(1))
    "Don't Play"
    >>> predict(Ensemble("average", (cart(golf),), (1,), golf.schema.classes), golf.example(1))
    "Don't Play"

    See also: :func:`predict_many`, for many examples.
    """
    _check_spread(model, spread)
    match model:
        case Ensemble():
            (prediction,) = _predictions(model, [example], compiled_members(model))
            return prediction
        case trees.Leaf() | trees.Split():
            return trees.predict(model, example, spread)
        case _:
            assert_never(model)


def predict_proba(model: Model, example: Example, spread: Spread = "training") -> dict[Label, Real]:
    """P(class | example) under the model: a tree's mixture of the class distributions the
    example reaches (:func:`dtree.tree.predict_proba`), an ensemble's combination of its
    members'.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> predict_proba(cart(golf), golf.example(1))
    {'Play': Fraction(0, 1), "Don't Play": Fraction(1, 1)}
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_proba(forest, golf.example(1))  # one vote each
    {'Play': Fraction(1, 2), "Don't Play": Fraction(1, 2)}
    """
    _check_spread(model, spread)
    match model:
        case Ensemble():
            (proba,) = _probabilities(model, [example], compiled_members(model))
            return dict(zip(model.classes, proba, strict=True))
        case trees.Leaf() | trees.Split():
            return trees.predict_proba(model, example, spread)
        case _:
            assert_never(model)


def predict_many(
    model: Model,
    examples: Examples,
    spread: Spread = "training",
    *,
    compiled: Walks | None = None,
) -> tuple[Label | float, ...]:
    """:func:`predict` for each example, in order: the same predictions, faster.

    A tree is compiled once for the call (:mod:`dtree.compiled`) and each example
    walks it; the rows of a dataset are routed through a tree deeper than
    :data:`ROW_BY_ROW_DEPTH` side by side instead
    (:func:`dtree.routing.routed_predictions`), so that a chain of n thresholds
    costs O(n log n).  Each member of an ensemble predicts all the examples at once.
    A caller that predicts with one model again and again passes its members
    compiled once (:func:`compiled_members`) as ``compiled``.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45, cart
    >>> golf = load("golf")
    >>> predict_many(c45(golf), golf) == golf.labels
    True
    >>> forest = Ensemble("vote", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_many(forest, [golf.example(0), golf.example(1)])  # a tie, to the first class
    ('Play', 'Play')
    """
    _check_spread(model, spread)
    _check_compiled(model, compiled)
    match model:
        case Ensemble():
            return _predictions(model, _rows(examples), _walks(model, compiled))
        case trees.Leaf() | trees.Split():
            if isinstance(examples, Dataset) and depth(model) > ROW_BY_ROW_DEPTH:
                return routed_predictions(model, examples, spread)  # no walk to compile
            if isinstance(examples, Dataset) and compiled is None:
                return column_predictions(model, examples, spread)  # rows read as tuples
            return predictions(_walks(model, compiled)[0], _rows(examples), spread)
        case _:
            assert_never(model)


def predict_proba_many(
    model: Model,
    examples: Examples,
    spread: Spread = "training",
    *,
    compiled: Walks | None = None,
) -> tuple[tuple[Real, ...], ...]:
    """:func:`predict_proba` for each example, in order, as the probabilities of the model's
    classes in their order: the same numbers, faster (a tree compiled once for the call).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> golf = load("golf")
    >>> forest = Ensemble("average", (cart(golf), cart(golf, max_depth=1)), (1, 1),
    ...                   golf.schema.classes)
    >>> predict_proba_many(forest, [golf.example(1)])  # (0 + 1/2) / 2 and (1 + 1/2) / 2
    ((Fraction(1, 4), Fraction(3, 4)),)
    >>> predict_proba_many(cart(golf), [golf.example(1)])
    ((Fraction(0, 1), Fraction(1, 1)),)
    """
    _check_spread(model, spread)
    _check_compiled(model, compiled)
    walks = _walks(model, compiled)
    match model:
        case Ensemble():
            return _probabilities(model, _rows(examples), walks)
        case trees.Leaf() | trees.Split():
            return probabilities(walks[0], _rows(examples), spread)
        case _:
            assert_never(model)
