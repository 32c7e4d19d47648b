"""The learner: each option's choices are its Literal's, and a learner that cannot fit the
data is refused up front with a message that says what to do."""

from __future__ import annotations

import math
from typing import Any, get_args

import pytest
from attrs import evolve

from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.grower.learner import (
    C45,
    CART,
    ID3,
    J48,
    Criterion,
    FeatureRule,
    Learner,
    Missing,
    NominalSplits,
    Score,
    Threshold,
    check_fits,
    features_per_node,
)

OPTIONS = {
    "impurity": Criterion,
    "score": Score,
    "nominal": NominalSplits,
    "threshold": Threshold,
    "missing": Missing,
    "max_features": FeatureRule,
}


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_every_choice_of_an_option_is_its_literals_and_no_other(option: str) -> None:
    for choice in get_args(OPTIONS[option]):
        options: dict[str, Any] = {option: choice}
        assert getattr(Learner(**options), option) == choice
    bad: dict[str, Any] = {option: "nonesuch"}
    with pytest.raises(DtreeError, match="choose one of") as refused:
        Learner(**bad)
    for choice in get_args(OPTIONS[option]):
        assert repr(choice) in str(refused.value)


def test_the_presets_are_the_documented_learners() -> None:
    assert (ID3.impurity, ID3.nominal, ID3.missing) == ("entropy", "multiway", "refuse")
    assert (C45.score, C45.threshold, C45.mdl, C45.min_objects) == ("gain_ratio", "c45", True, 2)
    assert evolve(C45, threshold="j48", known_rows_cut=True) == J48
    assert (CART.impurity, CART.nominal) == ("gini", "subsets")


NUMBERS = {"x": [1.0, 2.0], "y": [1.0, 2.0]}
REGRESSION = evolve(CART, impurity="squared_error")


@pytest.mark.parametrize(
    ("learner", "data", "message"),
    [
        (CART, NUMBERS, "needs classes"),
        (REGRESSION, {"x": [1.0, 2.0], "y": ["a", "b"]}, "holds classes"),
        (evolve(REGRESSION, min_objects=2), NUMBERS, "use min_samples_leaf"),
        (evolve(REGRESSION, significance=0.05), NUMBERS, "needs classes"),
        (ID3, {"x": [None, "b"], "y": ["a", "b"]}, "refuses missing values"),
        (evolve(CART, max_features=2), {"x": [1.0, 2.0], "y": ["a", "b"]}, "has 1"),
    ],
)
def test_a_learner_that_cannot_fit_the_data_is_refused_with_what_to_do(
    learner: Learner, data: dict[str, list[object]], message: str
) -> None:
    with pytest.raises(DtreeError, match=message):
        check_fits(learner, Dataset.from_columns(data, target="y"))  # type: ignore[arg-type]


def test_a_learner_that_fits_the_data_passes() -> None:
    check_fits(C45, Dataset.from_columns({"x": [None, "b"], "y": ["a", "b"]}, target="y"))


@pytest.mark.parametrize("bad", [0, -1, 0.0, 1.5, float("nan"), True, "all", 1j])
def test_max_features_is_none_a_count_a_share_or_a_rule(bad: object) -> None:
    with pytest.raises(DtreeError, match="max_features"):
        Learner(max_features=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [1.0, "0", None, False])
def test_the_seed_is_an_integer(bad: object) -> None:
    with pytest.raises(DtreeError, match="seed must be an integer"):
        Learner(seed=bad)  # type: ignore[arg-type]


def test_features_per_node_is_scikit_learns_count() -> None:
    """max(1, int(sqrt(p))), max(1, int(log2(p))), max(1, int(f p)), k, p: by the formula,
    for every p up to 200."""
    for p in range(1, 201):
        assert features_per_node(None, p) == p
        assert features_per_node("sqrt", p) == max(1, int(p**0.5))
        assert features_per_node("log2", p) == max(1, int(math.log2(p)))
        for share in (0.01, 0.3, 0.5, 1.0):
            assert features_per_node(share, p) == max(1, int(share * p))
        assert features_per_node(1, p) == 1


def test_the_regression_criteria_need_a_numeric_target() -> None:
    classes = Dataset.from_columns({"x": [1.0, 2.0], "y": ["a", "b"]}, target="y")
    numbers = Dataset.from_columns({"x": [1.0, 2.0], "y": [1.0, 2.0]}, target="y")
    for criterion in ("friedman_mse", "poisson"):
        with pytest.raises(
            DtreeError, match=f"holds classes: {criterion.replace('_', ' ')} is for a numeric"
        ):
            check_fits(Learner(impurity=criterion), classes)
        check_fits(Learner(impurity=criterion), numbers)


@pytest.mark.parametrize(
    ("ys", "message"),
    [
        ([1.0, -0.5, 2.0], "has a negative value, which the poisson criterion does not allow"),
        ([0.0, 0.0, 0.0], "sums to 0: the poisson criterion needs a positive sum"),
    ],
)
def test_poisson_refuses_what_sklearn_refuses_at_fit(ys: list[float], message: str) -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": ys}, target="y")
    with pytest.raises(DtreeError, match=message):
        check_fits(Learner(impurity="poisson"), data)
    check_fits(Learner(impurity="squared_error"), data)
