"""dtree.conformance.admissible: scikit-learn's trees grown with draws dtree cannot replay,
checked for admissibility.

Live scikit-learn: trees of the random splitter and of a draw of the
features, under every stopping rule, are admissible on the data they were
fit on; a tree with a bug planted in its arrays (a threshold moved out of
the node's range or off the midpoints, a leaf's value altered, a split under
a stopping rule) is not, and the result names the node and the rule.  The
worked numbers: scikit-learn's rules resolved as its fit resolves them.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from attrs import evolve

pytest.importorskip("sklearn")

from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeRegressor

from dtree.conformance.admissible import (
    EPSILON,
    Rules,
    admissibility,
    preorder_ids,
    rules_of,
    sklearn_admissibility,
)
from dtree.conformance.check import check_admissible
from dtree.conformance.sklearn import sklearn_reading
from dtree.conformance.sklearn_fit import sklearn_estimator
from dtree.dataset import Attribute, Dataset, Numeric
from dtree.datasets import load
from dtree.strategies import datasets, regression_datasets

IRIS = load("iris")


@pytest.mark.parametrize(
    "params",
    [
        {"splitter": "random"},
        {"max_features": 2},
        {"max_features": "sqrt", "criterion": "entropy"},
        {"splitter": "random", "min_samples_leaf": 5},
        {"splitter": "random", "min_samples_split": 0.2},
        {"splitter": "random", "min_weight_fraction_leaf": 0.05},
        {"splitter": "random", "min_impurity_decrease": 0.01},
        {"splitter": "random", "max_leaf_nodes": 5},
        {"splitter": "random", "max_depth": 2},
        {"max_features": 1, "ccp_alpha": 0.02},
    ],
)
def test_trees_drawn_at_random_are_admissible(params: dict[str, object]) -> None:
    for seed in range(3):
        result = sklearn_admissibility(sklearn_estimator(IRIS, random_state=seed, **params), IRIS)
        assert result.agrees, result.text()
        assert "admissibility only" in result.text()


@settings(max_examples=15, deadline=None)
@given(
    data=datasets(
        max_rows=25, weighted=True, min_attributes=2, max_attributes=2, min_numeric=2, max_numeric=2
    )
    | regression_datasets(
        max_rows=25, weighted=True, min_attributes=2, max_attributes=2, min_numeric=2, max_numeric=2
    ),
    seed=st.integers(0, 100),
    leaf=st.integers(1, 3),
)
def test_draws_on_generated_weighted_data_are_admissible(
    data: Dataset, seed: int, leaf: int
) -> None:
    for params in ({"splitter": "random"}, {"max_features": 1}):
        fitted = sklearn_estimator(data, random_state=seed, min_samples_leaf=leaf, **params)
        result = sklearn_admissibility(fitted, data)
        assert result.agrees, result.text()


def _planted(params: dict[str, object], plant: str, node: int, value: float) -> Any:
    fitted = copy.deepcopy(sklearn_estimator(IRIS, random_state=0, **params))
    getattr(fitted.tree_, plant)[node] = value
    return fitted


def test_a_threshold_moved_outside_the_nodes_range_is_inadmissible() -> None:
    fitted = _planted({"splitter": "random", "max_depth": 3}, "threshold", 0, 0.0)
    result = sklearn_admissibility(fitted, IRIS)
    assert not result.agrees
    assert any(
        v.rule in ("threshold", "min_samples_leaf") and v.node == "scikit-learn's node 0"
        for v in result.violations
    ), result.text()
    assert "not admissible" in result.text()


def test_a_threshold_off_the_midpoints_is_inadmissible_for_the_best_splitter() -> None:
    tree = sklearn_estimator(IRIS, random_state=0, max_features=2, max_depth=2)
    fitted = copy.deepcopy(tree)
    fitted.tree_.threshold[0] = fitted.tree_.threshold[0] + 1e-6
    (violation,) = sklearn_admissibility(fitted, IRIS).violations
    assert (violation.node, violation.rule) == ("scikit-learn's node 0", "threshold")


def test_a_leaf_value_altered_is_a_finding() -> None:
    fitted = sklearn_estimator(IRIS, random_state=0, splitter="random", max_depth=2)
    leaf = next(k for k in range(fitted.tree_.node_count) if fitted.tree_.children_left[k] == -1)
    planted = copy.deepcopy(fitted)
    planted.tree_.value[leaf, 0, :] = [0.0, 0.0, 1.0]
    result = sklearn_admissibility(planted, IRIS)
    assert not result.agrees
    assert [f.node for f in result.findings] == [f"scikit-learn's node {leaf}"]


def test_a_split_under_a_stopping_rule_and_a_leaf_that_must_split_are_inadmissible() -> None:
    fitted = sklearn_estimator(IRIS, random_state=0, splitter="random", max_depth=2)
    reading = sklearn_reading(fitted, IRIS)
    rules = rules_of(fitted, 150, 150.0)
    shallower = admissibility(reading, IRIS, evolve(rules, max_depth=1)).violations
    assert {v.rule for v in shallower} == {"max_depth"}
    broken = admissibility(reading, IRIS, evolve(rules, max_depth=3)).violations
    assert broken
    assert {v.rule for v in broken} == {"a leaf scikit-learn splits"}


def test_a_zero_improvement_is_refused_only_under_min_impurity_decrease() -> None:
    xor = Dataset.from_columns(
        {"a": [0.0, 0.0, 1.0, 1.0], "b": [0.0, 1.0, 0.0, 1.0], "y": ["p", "q", "q", "p"]},
        target="y",
    )
    fitted = sklearn_estimator(xor, random_state=0, splitter="random")
    assert sklearn_admissibility(fitted, xor).agrees  # the root's split gains nothing
    reading = sklearn_reading(fitted, xor)
    rules = Rules("gini", "random", None, 2, 1, 0.0, 0.001, None, False, 4.0)
    assert "min_impurity_decrease" in {
        v.rule for v in admissibility(reading, xor, rules).violations
    }


def test_rules_are_resolved_as_scikit_learn_resolves_them() -> None:
    rules = rules_of(
        DecisionTreeRegressor(min_samples_split=0.1, min_weight_fraction_leaf=0.2), 31, 10.0
    )
    assert (rules.min_samples_split, rules.min_samples_leaf, rules.min_weight_leaf) == (4, 1, 2.0)
    assert rules.splitter == "best"
    assert not rules.forces_splits
    assert EPSILON == 2.0**-52


def test_best_first_trees_are_named_by_their_ids_in_preorder() -> None:
    fitted = sklearn_estimator(IRIS, random_state=0, splitter="random", max_leaf_nodes=4)
    ids = preorder_ids(fitted)
    assert sorted(ids) == list(range(fitted.tree_.node_count))
    assert sklearn_admissibility(fitted, IRIS).agrees


def test_check_admissible_says_admissibility_is_what_it_checked() -> None:
    lengths = [float(str(v)) for v in IRIS.columns[0]]
    regression = IRIS.with_target(Attribute("y", Numeric()), lengths)
    result = check_admissible(regression, "sklearn", splitter="random", max_depth=3)
    assert result.agrees
    assert result.text().startswith("admissibility only (splitter='random'")
    with pytest.raises(Exception, match="draw nothing at random"):
        check_admissible(IRIS, "sklearn", max_depth=3)
