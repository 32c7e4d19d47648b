"""The ensemble value: its checks, and its predictions combined as each combination says."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given

from dtree import ensemble as ensemble_module
from dtree.arithmetic import Real
from dtree.dataset import Dataset, Example
from dtree.datasets import load
from dtree.ensemble import (
    Ensemble,
    decisions,
    predict,
    predict_many,
    predict_proba,
    predict_proba_many,
    prefix,
    staged,
)
from dtree.errors import DtreeError
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart
from dtree.strategies import datasets, regression_datasets

GOLF = load("golf")
CLASSES = GOLF.schema.classes
DEEP = cart(GOLF)
STUMP = cart(GOLF, max_depth=1)
REGRESSION = Learner(impurity="squared_error")


def _numbers(n: int) -> Dataset:
    return Dataset.from_columns(
        {"x": [float(i) for i in range(n)], "y": [float(i % 3) for i in range(n)]}, target="y"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("average", (), (), CLASSES), "at least one tree"),
        (("average", (DEEP,), (1, 1), CLASSES), "needs as many weights"),
        (("average", (DEEP,), (-1,), CLASSES), "finite and >= 0"),
        (("average", (DEEP,), (math.nan,), CLASSES), "finite and >= 0"),
        (("average", (DEEP,), (Fraction(10**400),), CLASSES), "finite and >= 0"),
        (("average", (DEEP, DEEP), (1e308, 1e308), CLASSES), "largest float"),
        (("gradient", (DEEP,), (1,), (), 10**400), "initial value must be finite"),
        (("average", (DEEP,), (1,), ("a", "b")), "must predict the classes"),
        (("nonsense", (DEEP,), (1,), CLASSES), "combination"),
        (("samme", (STUMP,), (Fraction(1, 2),), CLASSES), "odds must be at least 1"),
        (("gradient", (DEEP,), (1,), ()), "regression trees"),
    ],
)
def test_a_malformed_ensemble_is_refused(arguments: tuple[object, ...], message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        Ensemble(*arguments)  # type: ignore[arg-type]


def test_an_average_of_one_tree_is_that_tree() -> None:
    one = Ensemble("average", (DEEP,), (1,), CLASSES)
    rows = list(GOLF.examples())
    assert predict_many(one, rows) == predict_many(DEEP, rows)
    assert predict_proba_many(one, rows) == predict_proba_many(DEEP, rows)


def test_an_average_weighs_its_members() -> None:
    # member 1 says Don't Play surely, member 2 is even: weights 3 and 1 give 7/8
    mixed = Ensemble("average", (DEEP, STUMP), (3, 1), CLASSES)
    assert predict_proba(mixed, GOLF.example(1)) == {
        "Play": Fraction(1, 8),
        "Don't Play": Fraction(7, 8),
    }


def test_a_tied_vote_goes_to_the_first_class() -> None:
    tied = Ensemble("vote", (DEEP, STUMP), (1, 1), CLASSES)
    assert predict(DEEP, GOLF.example(1)) != predict(STUMP, GOLF.example(1))
    assert predict(tied, GOLF.example(1)) == CLASSES[0]
    heavier = Ensemble("vote", (DEEP, STUMP), (2, 1), CLASSES)
    assert predict(heavier, GOLF.example(1)) == predict(DEEP, GOLF.example(1))


def test_samme_compares_says_exactly_where_floats_tie() -> None:
    # log(1 + 1e-30) is 0.0 in floats: only the exact product of the odds separates the two
    example = GOLF.example(1)
    first, second = predict(STUMP, example), predict(DEEP, example)
    assert (first, second) == ("Play", "Don't Play")
    tiny = Fraction(10**30 + 1, 10**30)
    boosted = Ensemble("samme", (STUMP, DEEP), (Fraction(1), tiny), CLASSES)
    assert decisions(boosted, [example]) == ((0.0, 0.0),)
    assert predict(boosted, example) == "Don't Play"
    reversed_ = Ensemble("samme", (STUMP, DEEP), (tiny, Fraction(1)), CLASSES)
    assert predict(reversed_, example) == "Play"


def test_samme_probabilities_are_a_softmax_of_the_says() -> None:
    boosted = Ensemble("samme", (STUMP, DEEP), (Fraction(3), Fraction(2)), CLASSES)
    (proba,) = predict_proba_many(boosted, [GOLF.example(1)])
    # two classes: scikit-learn's decision_function is the difference of the classes' coded
    # says (+alpha for the member's class, -alpha for the other) over the sum of the says,
    # d = 2 (log 2 - log 3) / (log 3 + log 2), and the probabilities softmax(-d/2, d/2)
    d = 2 * (math.log(2) - math.log(3)) / (math.log(3) + math.log(2))
    expected = 1 / (1 + math.exp(d))
    assert proba[0] == pytest.approx(expected, rel=1e-12)
    assert math.fsum(proba) == pytest.approx(1.0)


def test_gradient_boosting_adds_its_stages() -> None:
    data = _numbers(12)
    first, second = (
        grow(REGRESSION, data),
        grow(Learner(impurity="squared_error", max_depth=1), data),
    )
    boosted = Ensemble("gradient", (first, second), (1, 1), (), 0.5, 0.1)
    example = data.example(4)
    f = 0.5 + 0.1 * (float(predict(first, example)) + float(predict(second, example)))
    assert predict(boosted, example) == pytest.approx(f, abs=1e-15)
    assert [s[0] for s in staged(boosted, [example])][-1] == predict(boosted, example)


def test_binary_gradient_boosting_reads_f_as_log_odds() -> None:
    data = _numbers(12)
    member = grow(REGRESSION, data)
    boosted = Ensemble("gradient", (member,), (1,), ("a", "b"), -1.0, 0.1)
    example = data.example(0)  # y = 0, so F = -1
    assert predict(boosted, example) == "a"
    assert predict_proba(boosted, example)["b"] == pytest.approx(1 / (1 + math.e))


def test_a_prefix_is_the_first_members() -> None:
    forest = Ensemble("vote", (DEEP, STUMP, DEEP), (1, 1, 1), CLASSES)
    assert prefix(forest, 2).trees == (DEEP, STUMP)
    with pytest.raises(DtreeError, match="no prefix of 4"):
        prefix(forest, 4)


def _brute_force(forest: Ensemble, row: Example) -> dict[str, Real]:
    """Each class's share of the weighted votes (or probabilities), member by member."""
    tally: dict[str, Real] = dict.fromkeys(forest.classes, Fraction(0))
    for member, weight in zip(forest.trees, forest.weights, strict=True):
        if forest.combination == "vote":
            tally[str(predict(member, row))] += weight
        else:
            for label, p in predict_proba(member, row).items():
                tally[label] += weight * p
    return {label: t / sum(tally.values()) for label, t in tally.items()}


def _first_largest(classes: tuple[str, ...], shares: dict[str, Real]) -> str:
    top = max(shares.values())
    return next(label for label in classes if shares[label] == top)


@given(datasets(min_rows=1, max_numeric=2, missing=True))
def test_a_forest_combines_its_members_as_brute_force_does(data: Dataset) -> None:
    members = (c45(data), cart(data, max_depth=1, missing="fractional"))
    for combination in ("average", "vote"):
        forest = Ensemble(combination, members, (2, 1), data.schema.classes)
        rows = list(data.examples())
        expected = [_brute_force(forest, row) for row in rows]
        assert [
            dict(zip(forest.classes, p, strict=True)) for p in predict_proba_many(forest, rows)
        ] == expected
        plurality = [_first_largest(forest.classes, e) for e in expected]
        assert list(predict_many(forest, rows)) == plurality


@given(regression_datasets(min_rows=1))
def test_a_regression_average_is_the_mean_of_its_members(data: Dataset) -> None:
    members = (grow(REGRESSION, data), grow(Learner(impurity="squared_error", max_depth=1), data))
    forest = Ensemble("average", members, (1, 1), ())
    for row in data.examples():
        mean = (float(predict(members[0], row)) + float(predict(members[1], row))) / 2
        assert predict(forest, row) == pytest.approx(mean, rel=1e-12, abs=1e-300)


def _counted(function: Callable[..., object], calls: list[str]) -> Callable[..., object]:
    """``function``, noting each call in ``calls``."""

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(function.__name__)
        return function(*args, **kwargs)

    return counted


@pytest.mark.parametrize("combination", ["average", "vote", "samme", "gradient", "regression"])
def test_staged_predicts_with_each_member_once(
    combination: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # staged over T members traverses each member once (T traversals), not once per stage
    # (T (T + 1) / 2), and its stages are the prefixes' predictions
    if combination in ("gradient", "regression"):
        data = _numbers(12)
        members = tuple(
            grow(Learner(impurity="squared_error", max_depth=d), data) for d in (1, 2, 3, 1, 2)
        )
        forest = (
            Ensemble("gradient", members, (1, 2, 1, 1, 3), (), 0.5, 0.1)
            if combination == "gradient"
            else Ensemble("average", members, (1, 2, 1, 1, 3), ())
        )
        rows = list(data.examples())
    else:
        members = (STUMP, DEEP, cart(GOLF, max_depth=2), STUMP, DEEP)
        weights = (Fraction(3), Fraction(2), Fraction(5, 2), Fraction(7), Fraction(2))
        forest = Ensemble(combination, members, weights, CLASSES)  # type: ignore[arg-type]
        rows = list(GOLF.examples())
    expected = [predict_many(prefix(forest, t), rows) for t in range(1, len(forest) + 1)]
    calls: list[str] = []
    for name in ("predictions", "probabilities"):
        monkeypatch.setattr(ensemble_module, name, _counted(getattr(ensemble_module, name), calls))
    assert list(staged(forest, rows)) == expected
    assert len(calls) == len(forest)


def test_staged_samme_compares_says_exactly_where_floats_tie() -> None:
    tiny = Fraction(10**30 + 1, 10**30)
    for odds in ((Fraction(1), tiny), (tiny, Fraction(1))):
        boosted = Ensemble("samme", (STUMP, DEEP, STUMP), (*odds, Fraction(1)), CLASSES)
        rows = list(GOLF.examples())
        expected = [predict_many(prefix(boosted, t), rows) for t in (1, 2, 3)]
        assert list(staged(boosted, rows)) == expected
    assert expected[1][1] == "Play"  # the tie at example 1 goes to STUMP's greater odds


def _iris_forest() -> tuple[Ensemble, list[Example]]:
    iris = load("iris")
    forest = Ensemble(
        "average",
        tuple(cart(iris, max_depth=depth) for depth in (1, 2, 3, None) * 5),
        (1,) * 20,
        iris.schema.classes,
    )
    return forest, list(iris.examples())


def test_an_averaged_plurality_is_the_exact_plurality_ties_included() -> None:
    forest, rows = _iris_forest()
    stump, deep = forest.trees[0], forest.trees[3]
    tied = Ensemble("average", (stump, stump), (1, 1), forest.classes)  # 1/2 and 1/2: ties
    # the deep tree's weight 10^-30 decides the stump's ties, below any float's margin
    near = Ensemble("average", (stump, deep), (1, Fraction(1, 10**30)), forest.classes)
    for ensemble in (forest, tied, near, prefix(forest, 6)):
        exact = [
            _first_largest(ensemble.classes, dict(zip(ensemble.classes, p, strict=True)))
            for p in predict_proba_many(ensemble, rows)
        ]
        assert list(predict_many(ensemble, rows)) == exact
    assert predict_many(tied, rows)[50:] == predict_many(stump, rows)[50:]
    assert set(predict_many(tied, rows)[50:]) == {"versicolor"}  # the first of the tied
    assert predict_many(near, rows) == predict_many(deep, rows)


def test_an_averaged_plurality_adds_no_fraction_where_floats_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 20 members, 150 examples: the exact tallies made 9,300 additions of fractions; now only
    # the examples whose float tallies are near a tie are added exactly (none here)
    forest, rows = _iris_forest()
    additions = 0
    add = Fraction.__add__

    def counted(a: Fraction, b: Fraction | int) -> Fraction:
        nonlocal additions
        additions += 1
        return add(a, b)

    monkeypatch.setattr(Fraction, "__add__", counted)
    predict_many(forest, rows)
    assert additions == 0
