"""scikit-learn's whole tree surface, live: every parameter alone and in combinations.

Each setting of ``DecisionTreeClassifier`` and ``DecisionTreeRegressor`` is run by the
installed scikit-learn and checked node by node against the tree dtree grows with
``learner_for("sklearn", ...)`` (or, for the settings that draw at random, checked for
admissibility), on random data drawn here (numbers on a grid of quarters, exact in
float32) plain, with missing values, with weights of quarters (their float sums exact)
and with both, and on scikit-learn's bundled datasets.  A verdict other than agreement
fails the test, with the comparison's text.

The one disagreement allowed is scikit-learn's own: where fractional weights that are not
dyadic (class weights such as 71 / 59 of ``"balanced"``) make its float impurity of a pure
node exceed its EPSILON, it splits the node with a gain of exactly 0, and the comparison
names the split as gaining nothing (``gainless``); :func:`_only_scikit_learns_rounding`
allows that and nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from dtree.conformance.check import check, check_admissible
from dtree.conformance.verdicts import Comparison
from dtree.dataset import Dataset, Value

pytest.importorskip("sklearn")

from sklearn import datasets as sklearn_datasets

QUARTER_WEIGHTS = (0.0, 0.25, 0.5, 1.0, 1.0, 1.5, 2.0)
"""Weights whose float sums are exact: scikit-learn adds them as dtree does."""


def random_data(
    seed: int, *, regression: bool = False, nan: bool = False, weighted: bool = False
) -> Dataset:
    """60 rows of three numeric columns on a grid of quarters (ties common), a target that
    follows x0 and x1 with noise (three classes, or a positive number), about one value
    in six missing with ``nan``, weights of quarters with ``weighted``."""
    rng = random.Random(seed)
    n = 60
    grid = [[rng.randrange(16) / 4 for _ in range(n)] for _ in range(3)]
    signal = [grid[0][r] + 2 * grid[1][r] + rng.random() * 3 for r in range(n)]
    columns: dict[str, Sequence[Value]] = {
        f"x{j}": [None if nan and rng.random() < 1 / 6 else v for v in grid[j]] for j in range(3)
    }
    y: list[Value] = (
        [round(s, 2) + 0.25 for s in signal]
        if regression
        else ["a" if s < 6 else "b" if s < 10 else "c" for s in signal]
    )
    weights = [rng.choice(QUARTER_WEIGHTS) for _ in range(n)] if weighted else None
    return Dataset.from_columns({**columns, "y": y}, target="y", weights=weights)


def bundled(name: str) -> Dataset:
    """One of scikit-learn's bundled datasets, its first six features (at most)."""
    bunch = getattr(sklearn_datasets, f"load_{name}")()
    columns: dict[str, Sequence[Value]] = {
        f"f{j}": [float(v) for v in bunch.data[:, j]] for j in range(min(6, bunch.data.shape[1]))
    }
    if "target_names" not in bunch:
        target = [float(v) for v in bunch.target]
        return Dataset.from_columns({**columns, "y": target}, target="y")
    classes = [str(label) for label in bunch.target_names]
    labels = [classes[k] for k in bunch.target]
    return Dataset.from_columns({**columns, "y": labels}, target="y", classes=classes)


def _only_scikit_learns_rounding(result: Comparison) -> bool:
    """No real disagreement, and every other disagreement a split scikit-learn made of a node
    that gains nothing, exactly (its float impurity of a pure node above EPSILON)."""
    return result.counts["real"] == 0 and all(
        node.gainless is not None for node in result.disagreements
    )


VARIANTS = [
    pytest.param({}, id="plain"),
    pytest.param({"nan": True}, id="nan"),
    pytest.param({"weighted": True}, id="weighted"),
    pytest.param({"nan": True, "weighted": True}, id="nan-weighted"),
]

CLASSIFIER: list[dict[str, Any]] = [
    {},
    {"criterion": "entropy"},
    {"criterion": "log_loss", "max_depth": 3},
    {"max_depth": 2},
    {"min_samples_split": 9},
    {"min_samples_split": 0.2},
    {"min_samples_leaf": 4},
    {"min_samples_leaf": 0.05},
    {"min_weight_fraction_leaf": 0.05},
    {"max_leaf_nodes": 6},
    {"min_impurity_decrease": 0.01},
    {"class_weight": {"a": 2.0, "c": 0.5}},
    {"ccp_alpha": 0.01},
    {"random_state": 7},
    {"max_features": None},
    {"splitter": "best"},
    # combinations
    {"criterion": "entropy", "min_samples_leaf": 3, "max_depth": 4},
    {"max_leaf_nodes": 8, "min_samples_split": 0.1, "class_weight": {"b": 1.5}},
    {"min_weight_fraction_leaf": 0.02, "min_impurity_decrease": 0.005, "ccp_alpha": 0.002},
]

REGRESSOR: list[dict[str, Any]] = [
    {"criterion": "squared_error"},
    {"criterion": "friedman_mse", "max_depth": 3},
    {"criterion": "absolute_error", "max_depth": 3},
    {"criterion": "poisson", "max_depth": 3},
    {"criterion": "squared_error", "min_samples_leaf": 0.1},
    {"criterion": "squared_error", "min_weight_fraction_leaf": 0.1},
    {"criterion": "squared_error", "max_leaf_nodes": 5},
    {"criterion": "squared_error", "min_impurity_decrease": 0.05},
    {"criterion": "squared_error", "ccp_alpha": 0.05},
    {"criterion": "poisson", "min_samples_leaf": 5, "max_leaf_nodes": 6},
    {"criterion": "absolute_error", "min_samples_split": 10, "max_depth": 4},
]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("settings", CLASSIFIER, ids=str)
def test_every_classifier_setting_grows_scikit_learns_tree(
    settings: dict[str, Any], variant: dict[str, bool]
) -> None:
    data = random_data(11, **variant)
    result = check(data, "sklearn", **settings)
    assert result.counts["real"] == 0, result.text()
    assert result.agrees, result.text()


@pytest.mark.filterwarnings('ignore:Value `"friedman_mse"` for `criterion` is deprecated')
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("settings", REGRESSOR, ids=str)
def test_every_regressor_setting_grows_scikit_learns_tree(
    settings: dict[str, Any], variant: dict[str, bool]
) -> None:
    data = random_data(12, regression=True, **variant)
    result = check(data, "sklearn", **settings)
    assert result.counts["real"] == 0, result.text()
    assert result.agrees, result.text()


@pytest.mark.parametrize("variant", [{}, {"weighted": True}])
@pytest.mark.parametrize(
    "settings",
    [{"monotonic_cst": [1, -1, 0]}, {"monotonic_cst": [1, 0, 0], "max_leaf_nodes": 6}],
    ids=str,
)
@pytest.mark.parametrize("regression", [False, True])
def test_monotonic_constraints_grow_scikit_learns_tree(
    settings: dict[str, Any], variant: dict[str, bool], regression: bool
) -> None:
    data = random_data(13, regression=regression, **variant)
    if not regression:  # two classes, declared in scikit-learn's sorted order
        labels = ["a" if y == "a" else "b" for y in data.target]
        data = Dataset.from_columns(
            {**dict(zip(data.schema.names, data.columns, strict=False)), "y": labels},
            target="y",
            weights=data.weights,
        )
    result = check(data, "sklearn", **settings)
    assert result.counts["real"] == 0, result.text()
    assert result.agrees, result.text()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    "settings",
    [
        {"splitter": "random", "random_state": 1},
        {"max_features": 2, "random_state": 2},
        {"max_features": "sqrt", "min_samples_leaf": 3, "random_state": 3},
        {"splitter": "random", "max_depth": 3, "min_weight_fraction_leaf": 0.05},
    ],
    ids=str,
)
def test_settings_that_draw_at_random_give_admissible_trees(
    settings: dict[str, Any], variant: dict[str, bool]
) -> None:
    result = check_admissible(random_data(14, **variant), "sklearn", **settings)
    assert result.agrees, result.text()
    assert result.why  # it says that admissibility is all it checked


@pytest.mark.parametrize("name", ["iris", "wine", "breast_cancer", "diabetes"])
@pytest.mark.parametrize(
    "settings",
    [
        {"max_depth": 4},
        {"min_samples_leaf": 0.02, "max_leaf_nodes": 10},
        {"class_weight": "balanced", "max_depth": 4},
        {"min_weight_fraction_leaf": 0.01, "min_impurity_decrease": 0.001},
    ],
    ids=str,
)
def test_scikit_learns_bundled_datasets_under_its_settings(
    name: str, settings: dict[str, Any]
) -> None:
    data = bundled(name)
    if not data.schema.is_classification:
        settings = {k: v for k, v in settings.items() if k != "class_weight"}
    result = check(data, "sklearn", **settings)
    assert _only_scikit_learns_rounding(result), result.text()
