"""dtree.conformance.learner_for: a peer's settings as a Recipe, and the Recipe fits as the peer.

Each mapping is checked setting by setting, each refusal by the name it
gives; then the recipes are fitted next to the peers themselves:
scikit-learn on the tie-free seeded problems (``helpers.SEEDED``: the read
estimator and the recipe's tree render identically), Weka's J48 on its own
example data (the same leaves and size, under each option), and rpart on
iris and kyphosis (the same splits with the same counts).
"""

from __future__ import annotations

import csv
import io
import math
import pickle
import random
import re
import subprocess
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from attrs import evolve
from helpers import SEEDED, Criterion, Options, Problem, fit_sklearn, seeded_problem
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree import invariants as law
from dtree import read_arff, read_csv
from dtree.conditions import Condition
from dtree.conformance import CostComplexity, Pessimistic, Recipe, from_sklearn, learner_for
from dtree.conformance.check import check
from dtree.conformance.compare import compare
from dtree.conformance.fuzz import NUMERIC_DATA
from dtree.conformance.rpart_cp import RpartComplexity
from dtree.conformance.sklearn import sklearn_reading
from dtree.conformance.sklearn_fit import fit_sklearn as fit_sklearn_data
from dtree.conformance.sklearn_fit import sklearn_estimator
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.ensemble import predict_many
from dtree.errors import DtreeError
from dtree.evaluate import cross_validate
from dtree.grower.learner import CART, J48
from dtree.grower.make_subtree import grow
from dtree.progress import Progress
from dtree.render import text
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Leaf, Split, Tree, n_leaves, nodes, size

# -- scikit-learn ---------------------------------------------------------------------------


def test_sklearn_defaults_are_cart_grown_until_pure() -> None:
    recipe = learner_for("sklearn")
    eps = 2.0**-52  # scikit-learn's EPSILON, and its FEATURE_THRESHOLD on float32 values
    cart = evolve(
        CART,
        resolution=1e-7,
        float32=True,
        purity_tolerance=eps,
        decrease_tolerance=eps,
        missing="learned",
    )
    assert recipe == Recipe("sklearn", cart, None, (), (), "", recipe.conventions)
    assert recipe.system == "sklearn"


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"criterion": "entropy"}, {"impurity": "entropy"}),
        ({"criterion": "log_loss"}, {"impurity": "entropy"}),
        ({"criterion": "squared_error"}, {"impurity": "squared_error"}),
        ({"criterion": "friedman_mse"}, {"impurity": "squared_error"}),
        ({"criterion": "poisson"}, {"impurity": "poisson"}),
        ({"criterion": "absolute_error"}, {"impurity": "absolute_error"}),
        ({"max_depth": 3}, {"max_depth": 3}),
        ({"max_depth": None}, {}),
        ({"max_leaf_nodes": 8}, {"max_leaf_nodes": 8}),
        ({"min_samples_split": 2, "min_samples_leaf": 1}, {}),
        ({"min_samples_split": 10}, {"min_rows_split": 10}),
        ({"min_samples_leaf": 4}, {"min_rows_leaf": 4, "min_rows_split": 8}),
        (
            {"min_samples_leaf": 4, "min_samples_split": 9},
            {"min_rows_leaf": 4, "min_rows_split": 9},
        ),
        (
            {"min_impurity_decrease": 0.01},
            {"min_impurity_decrease": 0.01},
        ),
        ({"random_state": 7, "splitter": "best", "max_features": None}, {}),
        ({"class_weight": None, "min_weight_fraction_leaf": 0.0, "monotonic_cst": None}, {}),
    ],
)
def test_sklearn_settings_map_to_learner_options(
    params: dict[str, Any], expected: dict[str, Any]
) -> None:
    learner = learner_for("sklearn", **params).learner
    for name, value in expected.items():
        assert getattr(learner, name) == value
    untouched = {"impurity", "max_depth", "max_leaf_nodes", "min_samples_split"}
    untouched |= {"min_samples_leaf", "min_impurity_decrease"}
    untouched |= {"min_rows_leaf", "min_rows_split"}
    for name in untouched - expected.keys():
        assert getattr(learner, name) == getattr(CART, name)


def test_sklearn_ccp_alpha_prunes_by_impurity() -> None:
    recipe = learner_for("sklearn", criterion="entropy", ccp_alpha=0.02)
    assert recipe.pruning == CostComplexity(0.02, "impurity", "entropy")
    assert learner_for("sklearn", ccp_alpha=0.0).pruning is None


@pytest.mark.parametrize(
    ("name", "value", "why"),
    [
        ("splitter", "zigzag", "best and random"),
        ("max_features", 0, "sqrt, log2, a count"),
        ("max_features", 1.5, "sqrt, log2, a count"),
        ("monotonic_cst", [1, 2], "a -1, 0 or 1 for each column"),
        ("monotonic_cst", "increasing", "a -1, 0 or 1 for each column"),
        ("criterion", "quantile", "scikit-learn 1.9 has no such criterion"),
        ("criterion", "mae", "scikit-learn 1.9 has no such criterion"),
        ("class_weight", [{"a": 2}], "a list is for several outputs"),
        ("class_weight", {"a": -1}, r"\['a'\]=-1 is refused: it must be a finite number"),
        ("class_weight", "even", "give a dict of class weights or 'balanced'"),
        ("min_weight_fraction_leaf", 0.6, r"a share in \[0, 0.5\]"),
        ("min_weight_fraction_leaf", "x", r"a share in \[0, 0.5\]"),
        ("min_samples_split", 1.5, r"a share of the rows .* a float in \(0, 1\]"),
        ("min_samples_split", 0.0, r"a float in \(0, 1\]"),
        ("min_samples_leaf", 1.0, r"a share of the rows .* a float in \(0, 1\)"),
        ("min_samples_leaf", -0.5, r"a float in \(0, 1\)"),
        ("min_samples_leaf", 0, "an integer >= 1"),
        ("min_samples_split", 1, "an integer >= 2"),
        ("max_depth", 0, "an integer >= 1"),
        ("max_depth", 2.5, "it must be an integer >= 1$"),
        ("ccp_alpha", -1.0, "a finite number >= 0"),
        ("presort", True, "no such scikit-learn setting"),
    ],
)
def test_sklearn_settings_without_counterpart_are_refused_by_name(
    name: str, value: object, why: str
) -> None:
    with pytest.raises(DtreeError, match=f"^sklearn setting {name}.*{why}"):
        learner_for("sklearn", **{name: value})


@pytest.mark.parametrize(
    ("settings", "drawn"),
    [
        ({"splitter": "random"}, ("splitter='random'",)),
        ({"max_features": 2}, ("max_features=2",)),
        (
            {"max_features": "sqrt", "splitter": "random"},
            ("splitter='random'", "max_features='sqrt'"),
        ),
        ({"max_features": 1.0}, ()),
        ({"max_features": None, "splitter": "best"}, ()),
        ({"splitter": "random", "min_weight_fraction_leaf": 0.1}, ("splitter='random'",)),
    ],
)
def test_sklearn_settings_that_draw_give_a_recipe_for_admissibility_only(
    settings: dict[str, object], drawn: tuple[str, ...]
) -> None:
    recipe = learner_for("sklearn", **settings)
    assert recipe.drawn == drawn
    if drawn:
        with pytest.raises(DtreeError, match="can only be checked for admissibility"):
            recipe(load("iris"))
    else:
        assert recipe(load("iris")) == learner_for("sklearn")(load("iris"))


@pytest.mark.parametrize(
    ("system", "settings"),
    [("j48", {"M": 2.0}), ("rpart", {"minsplit": 20.5}), ("rpart", {"maxdepth": 2.5})],
)
def test_a_count_that_is_no_integer_is_not_called_a_fraction_of_the_rows(
    system: str, settings: dict[str, object]
) -> None:
    # only scikit-learn reads a float as a share of the rows
    with pytest.raises(DtreeError, match=r"is refused: (it must be an integer|rpart takes)"):
        learner_for(system, **settings)


def test_unknown_system_is_refused() -> None:
    with pytest.raises(DtreeError, match="unknown system 'weka'"):
        learner_for("weka")


def test_sklearn_minima_count_rows() -> None:
    """scikit-learn's min_samples_* count rows: doubling every weight changes nothing."""
    data = load("iris")
    for params in [{"min_samples_leaf": 3}, {"min_samples_leaf": 3, "min_samples_split": 7}]:
        recipe = learner_for("sklearn", **params)
        assert _splits(recipe(data.with_weights([2] * 150))) == _splits(recipe(data))


def _splits(tree: Tree) -> list[tuple[Condition, ...]]:
    """The conditions of each split, in preorder."""
    return [tuple(b.condition for b in n.branches) for n in nodes(tree) if isinstance(n, Split)]


def test_a_classifiers_class_weight_is_refused_for_a_regressor() -> None:
    with pytest.raises(DtreeError, match=r"class_weight=.* a regressor has none"):
        learner_for("sklearn", criterion="squared_error", class_weight="balanced")


def test_sklearn_missing_values_go_down_the_learned_branch() -> None:
    """Row 1's missing x goes right with the other b: scikit-learn's side, learned."""
    data = Dataset.from_columns({"x": [1.0, None, 3.0], "y": ["a", "b", "b"]}, target="y")
    tree = learner_for("sklearn")(data)
    assert text(tree).splitlines()[1:] == [
        "x <= 2 [a: 1, b: 0]: a",
        "x > 2 or missing [a: 0, b: 2]: b",
    ]
    rpart = learner_for("rpart", minsplit=2, minbucket=1, cp=0)(data)
    assert text(rpart).splitlines() == [  # rpart's rule: no surrogate, sides of equal weight
        "root [a: 1, b: 2]",  # row 1 stays at the root
        "x <= 2 [a: 1, b: 0]: a",
        "x > 2 [a: 0, b: 1]: b",
    ]


def test_a_classifiers_settings_on_regression_data_are_refused() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0], "y": [1.0, 2.0]}, target="y")
    with pytest.raises(DtreeError, match="grow a classification tree; the dataset is a regression"):
        learner_for("sklearn", criterion="gini")(data)


def _sklearn_params(problem: Problem) -> dict[str, Any]:
    return {"criterion": problem.criterion, "random_state": 0, **problem.options.for_sklearn()}


@pytest.mark.parametrize("criterion", ["gini", "entropy", "squared_error"])
@pytest.mark.parametrize(("seed", "options"), SEEDED)
def test_a_recipe_fits_as_sklearn(seed: int, options: Options, criterion: Criterion) -> None:
    """On the seeded problems, which have no tie, the trees are the same, line for line."""
    problem = seeded_problem(seed, rows=200, width=3, criterion=criterion, options=options)
    data = problem.dataset()
    theirs = from_sklearn(fit_sklearn(problem), data)
    ours = learner_for("sklearn", **_sklearn_params(problem))(data)
    assert text(ours) == text(theirs)


@pytest.mark.parametrize("criterion", ["gini", "entropy", "squared_error"])
def test_a_recipe_prunes_as_sklearn(criterion: Criterion) -> None:
    """ccp_alpha between two alphas of scikit-learn's path (so no float rounding decides)."""
    options = Options(max_depth=4)  # seed 4 at depth 4: no tie (see helpers.SEEDED)
    problem = seeded_problem(4, rows=200, width=3, criterion=criterion, options=options)
    data = problem.dataset()
    kind = DecisionTreeRegressor if criterion == "squared_error" else DecisionTreeClassifier
    X = np.array(problem.rows, dtype=np.float32)  # noqa: N806
    y = np.array(problem.target, dtype=np.float64 if criterion == "squared_error" else str)
    full = kind(criterion=criterion, max_depth=4)
    alphas = sorted(set(full.cost_complexity_pruning_path(X, y).ccp_alphas.tolist()))
    assert len(alphas) >= 5
    for k in (1, len(alphas) // 2, len(alphas) - 3):
        alpha = math.sqrt(alphas[k] * alphas[k + 1])
        estimator = kind(criterion=criterion, max_depth=4, ccp_alpha=alpha, random_state=0)
        theirs = from_sklearn(estimator.fit(X, y), data)
        ours = learner_for("sklearn", criterion=criterion, max_depth=4, ccp_alpha=alpha)(data)
        assert text(ours) == text(theirs)
        assert 1 < n_leaves(ours) < estimator.tree_.node_count


# scikit-learn's minima, class weights and impurity decrease on weighted data, live: fractional
# weights (quarters: float sums exact) and zero weights, which scikit-learn drops as dtree does
# (its splitter keeps only the rows of positive weight) but counts in n for its shares.

QUARTERS = st.sampled_from([0, 0, 0.25, 0.5, 1, 1, 1.5, 2.75])


@st.composite
def weighted_numeric(draw: st.DrawFn, *, regression: bool = False) -> Dataset:
    """Numeric datasets (:data:`NUMERIC_DATA`'s shape) with weights of quarters, some 0."""
    if regression:
        shape = {k: v for k, v in NUMERIC_DATA.items() if k != "max_classes"}
        data = draw(regression_datasets(**shape))
    else:
        data = draw(datasets(**NUMERIC_DATA))
    weights = draw(st.lists(QUARTERS, min_size=len(data.target), max_size=len(data.target)))
    assume(any(weights))
    return data.with_weights(weights)


MINIMA = {
    "min_samples_split": st.one_of(st.integers(2, 9), st.sampled_from([0.05, 0.2, 0.45, 1.0])),
    "min_samples_leaf": st.one_of(st.integers(1, 4), st.sampled_from([0.04, 0.1, 0.2])),
    "min_weight_fraction_leaf": st.sampled_from([0.0, 0.05, 0.1, 0.2, 0.5]),
    "min_impurity_decrease": st.sampled_from([0.0, 0.005, 0.02]),
    "max_depth": st.integers(1, 4),
}


def _class_weight(draw: st.DrawFn, data: Dataset) -> object:
    classes = sorted({str(data.target[r]) for r in data.rows})
    named = draw(st.lists(st.sampled_from(classes), unique=True))
    # dyadic class weights: "balanced" ones (n / (k n_c)) are not, and scikit-learn's float
    # scores then break near-ties by rounding (worked examples test "balanced" below)
    given = {label: draw(st.sampled_from([0.5, 2.0, 3.0, 0.25])) for label in named}
    return draw(st.sampled_from([None, given]))


@settings(max_examples=20, deadline=None)
@given(data=weighted_numeric(), params=st.fixed_dictionaries({}, optional=MINIMA), draw=st.data())
def test_sklearn_minima_and_class_weights_grow_sklearns_tree(
    data: Dataset, params: dict[str, Any], draw: st.DataObject
) -> None:
    """Row-counted minima, their shares, a share of the weight, class weights and the impurity
    decrease together, on fractional and zero weights: scikit-learn's tree, ties apart."""
    class_weight = draw.draw(st.composite(lambda d: _class_weight(d, data))())
    if class_weight is not None:
        params = {**params, "class_weight": class_weight}
    result = check(data, "sklearn", **params)
    assert result.agrees, result.text()


@settings(max_examples=20, deadline=None)
@given(
    data=weighted_numeric(regression=True),
    params=st.fixed_dictionaries({}, optional={**MINIMA, "min_impurity_decrease": st.just(0.01)}),
)
def test_sklearn_regression_minima_grow_sklearns_tree(
    data: Dataset, params: dict[str, Any]
) -> None:
    result = check(data, "sklearn", criterion="squared_error", **params)
    assert result.agrees, result.text()


@settings(max_examples=20, deadline=None)
@given(data=weighted_numeric(), alpha=st.sampled_from([0.005, 0.02, 0.05]), draw=st.data())
def test_sklearn_ccp_alpha_prunes_weighted_and_class_weighted_data(
    data: Dataset, alpha: float, draw: st.DataObject
) -> None:
    class_weight = draw.draw(st.composite(lambda d: _class_weight(d, data))())
    result = check(data, "sklearn", ccp_alpha=alpha, class_weight=class_weight)
    assert result.agrees, result.text()


def test_sklearn_shares_resolve_on_every_row_those_of_weight_0_too() -> None:
    """Ten rows, five of weight 0: min_samples_leaf=0.3 is ceil(0.3 x 10) = 3 rows, which the
    five rows of positive weight cannot give both sides of a cut: scikit-learn's root is a leaf,
    as dtree's; on the five rows alone it is ceil(1.5) = 2 rows, and both split."""
    x = [float(i) for i in range(10)]
    data = Dataset.from_columns(
        {"x": x, "y": list("aabbbaabbb")}, target="y", weights=[1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    )
    recipe = learner_for("sklearn", min_samples_leaf=0.3)
    assert recipe.learner_on(data).min_rows_leaf == 3
    assert isinstance(recipe(data), Leaf)
    assert check(data, "sklearn", min_samples_leaf=0.3).agrees
    alone = data.subset(range(5))
    assert recipe.learner_on(alone).min_rows_leaf == 2
    assert not isinstance(recipe(alone), Leaf)
    assert check(alone, "sklearn", min_samples_leaf=0.3).agrees


def test_sklearn_balanced_class_weights_count_rows_of_weight_0() -> None:
    """'balanced' is n / (k n_c) over every row, whatever its weight: a b b b with the last b
    of weight 0 weighs a by 4 / (2 x 1) = 2 and b by 4 / (2 x 3), and the read estimator's
    class weights (value times weight) are those."""
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0], "y": list("abbb")}, target="y", weights=[1, 1, 1, 0]
    )
    weighted = learner_for("sklearn", class_weight="balanced").weighted(data)
    assert weighted.weights == (2.0, 4 / 6, 4 / 6, 0.0)
    stump = learner_for("sklearn", class_weight="balanced", max_depth=1)(data)
    theirs = from_sklearn(sklearn_estimator(data, class_weight="balanced", max_depth=1), data)
    assert text(stump) == text(theirs)
    assert stump.stats == ClassStats(("a", "b"), (2, Fraction(4 / 6) * 2))


def test_sklearn_min_impurity_decrease_keeps_a_split_short_by_less_than_epsilon() -> None:
    """x 1..4, classes a b b a: the cut 1.5 (or 3.5) gains, weighted, exactly 1/6 in Gini.
    A minimum of 1/6 + 2^-54 (the float above 1/6, less than EPSILON above it) keeps it in
    scikit-learn, whose improvement + EPSILON clears it; and in dtree's recipe."""
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": list("abba")}, target="y")
    least = math.nextafter(1 / 6, 1.0)
    assert least > Fraction(1, 6)
    ours = learner_for("sklearn", min_impurity_decrease=least)(data)
    theirs = from_sklearn(sklearn_estimator(data, min_impurity_decrease=least), data)
    assert n_leaves(theirs) == n_leaves(ours) == 3
    assert n_leaves(grow(evolve(CART, min_impurity_decrease=least + 1e-11), data)) == 1
    assert n_leaves(learner_for("sklearn", min_impurity_decrease=least + 1e-11)(data)) == 1


@st.composite
def counts_data(draw: st.DrawFn) -> Dataset:
    """Up to 40 rows of 1 to 3 attributes on a grid of quarters, y a count from 0 to 8 (zeros
    often, so that cuts with a side of zeros come up), with weights 1 to 3 or none."""
    n = draw(st.integers(2, 40))
    width = draw(st.integers(1, 3))
    value = st.integers(-8, 8).map(lambda i: i / 4)
    columns: dict[str, Any] = {
        f"x{j}": draw(st.lists(value, min_size=n, max_size=n)) for j in range(width)
    }
    ys = draw(st.lists(st.sampled_from([0.0, 0.0, 1.0, 2.0, 3.0, 8.0]), min_size=n, max_size=n))
    assume(any(ys))
    columns["y"] = ys
    weights = draw(st.none() | st.lists(st.integers(1, 3), min_size=n, max_size=n))
    return Dataset.from_columns(columns, target="y", weights=weights)


SKLEARN_REGRESSION_OPTIONS = st.fixed_dictionaries(
    {
        "max_depth": st.none() | st.integers(1, 4),
        "min_impurity_decrease": st.sampled_from([0.0, 0.01, 0.05, 0.2]),
        "max_leaf_nodes": st.none() | st.integers(2, 8),
    }
)


@settings(max_examples=20, deadline=None)
@given(counts_data(), SKLEARN_REGRESSION_OPTIONS, st.sampled_from([1, 2, 3]))
def test_a_poisson_recipe_fits_as_sklearn(
    data: Dataset, options: dict[str, Any], min_samples_leaf: int
) -> None:
    """criterion="poisson": scikit-learn's tree, read, agrees with the recipe's (compare),
    weighted or not, under a depth, a minimum decrease and best-first growth; a tie at some
    node would be named by compare as a tie, not a disagreement."""
    params = {"criterion": "poisson", "random_state": 0, **options}
    if set(data.weights) == {1}:  # scikit-learn's minimum counts rows
        params["min_samples_leaf"] = min_samples_leaf
    recipe = learner_for("sklearn", **params)
    result = compare(fit_sklearn_data(data, **params), recipe(data), data, recipe.learner)
    assert result.agrees, result.text()


def test_poisson_and_absolute_error_pruning_is_refused() -> None:
    """scikit-learn prunes by the criterion's impurity; dtree's pruning knows squared error."""
    assert learner_for("sklearn", criterion="poisson", ccp_alpha=0.0).pruning is None
    for criterion in ("poisson", "absolute_error"):
        with pytest.raises(DtreeError, match=rf"ccp_alpha=0\.1 is refused: .* not by {criterion}"):
            learner_for("sklearn", criterion=criterion, ccp_alpha=0.1)


def test_poisson_and_squared_error_grow_different_trees() -> None:
    """The test above is not vacuous: on counts with zeros, scikit-learn's Poisson tree is
    not its squared-error tree, and the recipe follows the criterion."""
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], "y": [0.0, 1.0, 0.0, 4.0, 1.0, 8.0]}, target="y"
    )  # Poisson cuts at 3.5, squared error at 5.5
    poisson = learner_for("sklearn", criterion="poisson", max_depth=1)
    squared = learner_for("sklearn", criterion="squared_error", max_depth=1)
    theirs = fit_sklearn_data(data, criterion="poisson", max_depth=1)
    assert text(poisson(data)) == text(theirs) != text(squared(data))


def test_friedman_mse_is_squared_error_in_sklearn_1_9() -> None:
    """scikit-learn 1.9 maps criterion="friedman_mse" to "squared_error" itself (with a
    FutureWarning), min_impurity_decrease included: on a case where the minimum separates
    Friedman's improvement (4/3 at the root) from squared error's weighted decrease (2/9),
    its tree is squared error's, one leaf, and so is the recipe's."""
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], "y": [0.0, 0.0, 1.0, 1.0, 1.0, 1.0]}, target="y"
    )
    with pytest.warns(FutureWarning, match="friedman_mse"):
        theirs = fit_sklearn_data(data, criterion="friedman_mse", min_impurity_decrease=1.0)
    recipe = learner_for("sklearn", criterion="friedman_mse", min_impurity_decrease=1.0)
    assert text(recipe(data)) == text(theirs)
    assert n_leaves(theirs) == 1
    friedman = evolve(recipe.learner, impurity="friedman_mse")  # scikit-learn before 1.9
    assert n_leaves(grow(friedman, data)) == 2


@st.composite
def medians_data(draw: st.DrawFn, *, grid: bool) -> Dataset:
    """Up to 40 rows of 1 to 3 attributes on a grid of quarters; y on a grid of halves (many
    exact ties between cuts, and between leaves' improvements) or of 1/1024 (few), with
    weights 1, 2, 3 or 0.5, or none."""
    n = draw(st.integers(2, 40))
    width = draw(st.integers(1, 3))
    value = st.integers(-8, 8).map(lambda i: i / 4)
    columns: dict[str, Any] = {
        f"x{j}": draw(st.lists(value, min_size=n, max_size=n)) for j in range(width)
    }
    y = st.integers(-10, 10).map(lambda i: i / 2) if grid else st.integers(-9999, 9999)
    columns["y"] = [
        float(v) / (1 if grid else 1024) for v in draw(st.lists(y, min_size=n, max_size=n))
    ]
    weight = st.sampled_from([1, 2, 3, 0.5])
    weights = draw(st.none() | st.lists(weight, min_size=n, max_size=n))
    return Dataset.from_columns(columns, target="y", weights=weights)


@settings(max_examples=20, deadline=None)
@given(medians_data(grid=True), SKLEARN_REGRESSION_OPTIONS)
def test_an_absolute_error_recipe_grows_as_sklearn_depth_first(
    data: Dataset, options: dict[str, Any]
) -> None:
    """criterion="absolute_error", grown depth first: compare agrees (a tie between cuts at a
    node is named a tie), leaf by leaf the weighted median."""
    params = {"criterion": "absolute_error", "random_state": 0, **options, "max_leaf_nodes": None}
    recipe = learner_for("sklearn", **params)
    result = compare(fit_sklearn_data(data, **params), recipe(data), data, recipe.learner)
    assert result.agrees, result.text()


@settings(max_examples=20, deadline=None)
@given(medians_data(grid=False), SKLEARN_REGRESSION_OPTIONS)
def test_an_absolute_error_recipe_grows_as_sklearn_best_first(
    data: Dataset, options: dict[str, Any]
) -> None:
    """Best first too, where y on a fine grid leaves no two leaves of equal improvement (on a
    coarse grid they tie, and scikit-learn's float rounding, not a rule, picks one)."""
    params = {"criterion": "absolute_error", "random_state": 0, **options}
    recipe = learner_for("sklearn", **params)
    result = compare(fit_sklearn_data(data, **params), recipe(data), data, recipe.learner)
    assert result.agrees, result.text()


# -- rpart ----------------------------------------------------------------------------------


def test_rpart_defaults() -> None:
    recipe = learner_for("rpart")
    learner = recipe.learner
    assert (learner.impurity, learner.nominal) == ("gini", "subsets")
    assert (learner.min_rows_split, learner.min_rows_leaf, learner.max_depth) == (20, 7, 30)
    assert recipe.pruning == RpartComplexity(0.01)


@pytest.mark.parametrize(
    ("params", "split", "bucket"),
    [({"minsplit": 10}, 10, 3), ({"minbucket": 5}, 15, 5), ({"minsplit": 8, "minbucket": 4}, 8, 4)],
)
def test_rpart_minsplit_and_minbucket_follow_rpart_control(
    params: dict[str, Any], split: int, bucket: int
) -> None:
    learner = learner_for("rpart", **params).learner
    assert (learner.min_rows_split, learner.min_rows_leaf) == (split, bucket)


def test_rpart_method_and_split() -> None:
    assert learner_for("rpart", method="anova").learner.impurity == "squared_error"
    assert learner_for("rpart", split="information").learner.impurity == "entropy"
    assert learner_for("rpart", maxdepth=2, xval=0, maxcompete=0).learner.max_depth == 2


@pytest.mark.parametrize(
    ("name", "value", "why"),
    [
        ("method", "poisson", "dtree has class and anova"),
        ("split", "twoing", "dtree has gini and information"),
        ("maxdepth", 31, "from 1 to 30"),
        ("cp", -0.1, "a finite number >= 0"),
        ("parms", "prior", "no such rpart setting"),
        ("cost", [1, 2], "no such rpart setting"),
    ],
)
def test_rpart_settings_without_counterpart_are_refused_by_name(
    name: str, value: object, why: str
) -> None:
    with pytest.raises(DtreeError, match=f"^rpart setting {name}=.* is refused: .*{why}"):
        learner_for("rpart", **{name: value})


def test_rpart_surrogate_settings_are_the_learners() -> None:
    learner = learner_for("rpart", maxsurrogate=2, usesurrogate=1, surrogatestyle=1).learner
    assert (learner.missing, learner.max_surrogates) == ("surrogate", 2)
    assert (learner.surrogate_rule, learner.surrogate_agreement) == ("surrogates", "known")
    defaults = learner_for("rpart").learner
    assert (defaults.max_surrogates, defaults.surrogate_rule) == (5, "majority")
    assert defaults.surrogate_agreement == "all"
    for name, value in (("usesurrogate", 3), ("surrogatestyle", 2), ("maxsurrogate", -1)):
        with pytest.raises(DtreeError, match=name):
            learner_for("rpart", **{name: value})


def test_rpart_cp_is_relative_to_the_roots_risk() -> None:
    """play-tennis: R(root) = 5/14; cp = 0.2 is alpha = 1/14 > 1/28, which prunes to one leaf
    the splits whose links are weaker than that."""
    data = load("play-tennis")
    tree = grow(learner_for("rpart", minsplit=2, minbucket=1).learner, data)
    pruned = learner_for("rpart", minsplit=2, minbucket=1, cp=0.2)(data)
    assert n_leaves(tree) == 7
    assert n_leaves(pruned) == 3


# -- J48 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "min_objects", "pruning"),
    [
        ({}, 2, Pessimistic()),
        ({"C": 0.1}, 2, Pessimistic(confidence=0.1)),
        ({"M": 5}, 5, Pessimistic()),
        ({"U": True}, 2, Pessimistic(prune=False)),
        ({"U": True, "O": True}, 2, Pessimistic(prune=False, collapse=False)),
        ({"S": True}, 2, Pessimistic(subtree_raising=False)),
        ({"L": True, "Q": 3}, 2, Pessimistic()),
        ({"A": True}, 2, Pessimistic()),  # Laplace's probabilities: the same tree
        ({"B": False}, 2, Pessimistic()),
        ({"R": False}, 2, Pessimistic()),  # J48's default
    ],
)
def test_j48_options(params: dict[str, Any], min_objects: int, pruning: Pessimistic) -> None:
    recipe = learner_for("j48", **params)
    assert recipe.learner == evolve(J48, min_objects=min_objects)
    assert recipe.pruning == pruning


def test_j48_without_mdl_correction() -> None:
    assert learner_for("j48", J=True).learner.mdl is False


def test_j48s_binary_splits_are_one_value_against_the_rest() -> None:
    assert learner_for("j48", B=True).learner.nominal == "one_vs_rest"


@pytest.mark.parametrize(
    ("params", "why"),
    [
        ({"R": True}, "reduced_error"),
        ({"N": 3}, "reduced-error pruning"),
        ({"R": True, "N": 3}, "reduced_error"),  # -R named, not -N its number of folds
        ({"A": "yes"}, "True or False"),
        ({"C": 0.6}, r"confidence is in \(0, 0.5\]"),
        ({"M": 0}, "an integer >= 1"),
        ({"U": "yes"}, "True or False"),
        ({"U": True, "C": 0.1}, "U asks for none"),
        ({"doNotMakeSplitPointActualValue": True}, "no such J48 option"),
    ],
)
def test_j48_options_without_counterpart_are_refused_by_name(
    params: dict[str, Any], why: str
) -> None:
    with pytest.raises(DtreeError, match=f"^j48 setting .* is refused: .*{why}"):
        learner_for("j48", **params)


def test_j48_default_on_iris_is_the_published_tree() -> None:
    tree = learner_for("j48")(load("iris"))
    assert (n_leaves(tree), size(tree)) == (5, 9)


# -- a recipe is a value ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "recipe",
    [learner_for("sklearn", ccp_alpha=0.01), learner_for("rpart"), learner_for("j48", M=3)],
    ids=["sklearn", "rpart", "j48"],
)
def test_a_recipe_pickles_and_is_a_learning(recipe: Recipe) -> None:
    assert pickle.loads(pickle.dumps(recipe)) == recipe
    assert hash(recipe) == hash(pickle.loads(pickle.dumps(recipe)))
    data = load("iris")
    assert cross_validate(recipe, data, folds=3, seed=0) == cross_validate(
        pickle.loads(pickle.dumps(recipe)), data, folds=3, seed=0
    )
    seen: list[Progress] = []
    cross_validate(recipe, data, folds=3, seed=0, progress=seen.append)
    assert "fold 3/3, growing" in {report.what for report in seen}


# -- the live peers ---------------------------------------------------------------------------

J48_CASES = [(), ("-U",), ("-M", "5"), ("-C", "0.1"), ("-S",), ("-M", "1", "-C", "0.5")]


def _j48_params(options: tuple[str, ...]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    flags = iter(options)
    for flag in flags:
        name = flag.lstrip("-")
        params[name] = True if name in "USOJL" else float(next(flags))
    if "M" in params:
        params["M"] = int(params["M"])
    return params


@pytest.mark.parametrize("name", ["iris", "diabetes", "glass", "breast-cancer", "labor", "vote"])
def test_a_recipe_fits_as_j48(name: str, weka_jar: Path, weka_examples: Path) -> None:
    """Weka's J48 on its own example data: the same number of leaves and size, option by option
    (the trees themselves are compared by the J48 reader's tests)."""
    path = weka_examples / f"{name}.arff"
    data = read_arff(path)
    for options in J48_CASES:
        command = ["java", "-cp", str(weka_jar), "weka.classifiers.trees.J48", "-no-cv"]
        printed = subprocess.run(
            [*command, "-t", str(path), *options], check=True, capture_output=True, text=True
        ).stdout
        leaves = re.search(r"Number of Leaves\s*:\s*(\d+)", printed)
        total = re.search(r"Size of the tree\s*:\s*(\d+)", printed)
        assert leaves is not None, printed
        assert total is not None, printed
        tree = learner_for("j48", **_j48_params(options))(data)
        assert (n_leaves(tree), size(tree)) == (int(leaves[1]), int(total[1])), options


RPART_FRAME = """
library(rpart)
data <- {data}
fit <- rpart({formula}, data = data, {settings})
write.csv(data, "{csv}", row.names = FALSE)
frame <- fit$frame
cat(paste(as.character(frame$var), frame$n, sep = ","), sep = "\\n")
"""


def _rpart_splits(rscript: str, tmp: Path, data: str, formula: str, settings: str) -> list[str]:
    script = RPART_FRAME.format(data=data, formula=formula, settings=settings, csv=tmp / "d.csv")
    done = subprocess.run([rscript, "-e", script], check=True, capture_output=True, text=True)
    return done.stdout.split()


def _dtree_splits(tree: Any, renamed: dict[str, str]) -> list[str]:
    return [
        f"{'<leaf>' if isinstance(node, Leaf) else renamed.get(node.attribute, node.attribute)},"
        f"{node.stats.weight}"
        for node in nodes(tree)
    ]


@pytest.mark.parametrize(
    ("frame", "formula", "params", "target"),
    [
        ("iris", "Species ~ .", {}, "Species"),
        ("kyphosis", "Kyphosis ~ Age + Number + Start", {}, "Kyphosis"),
        ("kyphosis", "Kyphosis ~ Age + Number + Start", {"cp": 0.0, "minsplit": 2}, "Kyphosis"),
        ("kyphosis", "Kyphosis ~ Age + Number + Start", {"minbucket": 3, "cp": 0.02}, "Kyphosis"),
        ("car.test.frame", "Mileage ~ Weight", {"method": "anova"}, "Mileage"),
    ],
)
def test_a_recipe_fits_as_rpart(  # noqa: PLR0917  # the case's four fields, two fixtures
    frame: str, formula: str, params: dict[str, Any], target: str, rscript: str, tmp_path: Path
) -> None:
    """rpart's frame, node by node: the variable split (or leaf) and the rows, as multisets
    (rpart puts a split's larger side first where dtree puts x <= t first)."""
    settings = ", ".join(
        f'{k} = "{v}"' if isinstance(v, str) else f"{k} = {v}" for k, v in params.items()
    )
    theirs = _rpart_splits(rscript, tmp_path, frame, formula, settings or "model = FALSE")
    columns = next(csv.reader(io.StringIO((tmp_path / "d.csv").read_text())))
    data = read_csv(tmp_path / "d.csv", target=target, missing=["NA"])  # R writes NA
    used = [c for c in columns if c == target or c in formula or formula.endswith(".")]
    kept = Dataset.from_columns(
        {c: data.column(c) if c != target else data.target for c in used},
        target=target,
        classes=data.schema.classes if data.schema.is_classification else None,
    )
    ours = _dtree_splits(learner_for("rpart", **params)(kept), {})
    assert Counter(ours) == Counter(theirs)


def _monotonic_problem(seed: int, *, classification: bool, weighted: bool) -> Dataset:
    """80 rows of three attributes: the target rises with x1, falls with x2, and is noisy."""
    rng = random.Random(seed)
    n = 80
    x1, x2, x3 = ([round(rng.random() * 10, 3) for _ in range(n)] for _ in range(3))
    if classification:
        y: list[str] | list[float] = [
            "b" if rng.random() < 0.3 + 0.04 * a - 0.03 * b else "a"
            for a, b in zip(x1, x2, strict=True)
        ]
    else:
        y = [round(a - b + rng.gauss(0, 3), 4) for a, b in zip(x1, x2, strict=True)]
    weights = [rng.choice([1, 2, 3]) for _ in range(n)] if weighted else None
    columns: dict[str, Sequence[Value]] = {"x1": x1, "x2": x2, "x3": x3, "y": y}
    return Dataset.from_columns(columns, target="y", weights=weights)


@pytest.mark.parametrize("classification", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("growth", [{"max_depth": 5}, {"max_leaf_nodes": 10}])
def test_monotonic_cst_grows_as_sklearn(
    classification: bool, weighted: bool, growth: dict[str, int]
) -> None:
    """The same splits (but for ties), leaves and predictions as scikit-learn's, which the
    constraints change."""
    params: dict[str, Any] = {
        "criterion": "gini" if classification else "squared_error",
        "monotonic_cst": [1, -1, 0],
        **growth,
    }
    for seed in range(2):
        data = _monotonic_problem(seed, classification=classification, weighted=weighted)
        estimator = sklearn_estimator(data, **params)
        recipe = learner_for("sklearn", **params)
        ours = recipe(data)
        assert compare(sklearn_reading(estimator, data), ours, data, recipe.learner).agrees
        x = np.array([[data.columns[j][r] for j in range(3)] for r in data.rows])
        theirs = estimator.predict(x).tolist()
        mine = list(predict_many(ours, data))
        if classification:
            assert mine == theirs
        else:
            assert mine == pytest.approx(theirs, rel=1e-9, abs=1e-9)
        unconstrained = learner_for("sklearn", **{**params, "monotonic_cst": None})(data)
        assert text(unconstrained) != text(ours)
        for attribute, direction in (("x1", 1), ("x2", -1)):
            assert law.predicts_monotonically(ours, data, attribute, direction)


def test_monotonic_cst_needs_the_classes_in_sklearns_order() -> None:
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0], "y": ["b", "a", "b"]}, target="y", classes=["b", "a"]
    )
    with pytest.raises(DtreeError, match="declare them sorted"):
        learner_for("sklearn", monotonic_cst=[1])(data)
    sorted_classes = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": ["b", "a", "b"]}, target="y")
    assert n_leaves(learner_for("sklearn", monotonic_cst=[1])(sorted_classes)) == 2
