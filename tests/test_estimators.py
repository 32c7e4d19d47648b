"""dtree's learners as scikit-learn estimators (dtree.estimators): scikit-learn's own
estimator checks, pipelines and searches over data frames with nominal columns, and the round
trip against a native DecisionTreeClassifier through dtree.conformance.compare."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd
import polars as pl
import pytest
from attrs import evolve
from hypothesis import given
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor
from sklearn.utils.estimator_checks import check_estimator

from dtree import Dataset, c45, cart
from dtree.conformance import compare, from_sklearn, learner_for
from dtree.dataset import Attribute, Nominal, Numeric, Schema
from dtree.datasets import load
from dtree.ensemble import predict, predict_many
from dtree.ensemble.bagging import random_forest
from dtree.ensemble.boosting import adaboost, gradient_boost
from dtree.errors import DtreeError, DtreeWarning
from dtree.estimators import (
    BoostingClassifier,
    BoostingRegressor,
    ForestClassifier,
    ForestRegressor,
    OptimalTreeClassifier,
    TreeClassifier,
    TreeRegressor,
    dataset,
    expected_failed_checks,
)
from dtree.estimators.trees import Algorithm
from dtree.frame import examples, to_frame
from dtree.grower.learner import CART
from dtree.grower.make_subtree import grow
from dtree.importance import impurity_importance
from dtree.impurity import entropy
from dtree.optimal import least_error, penalized
from dtree.prune import pessimistic, prune_to, reduced_error
from dtree.render import text
from dtree.resampling import train_test_split
from dtree.selection import select_by_cv
from dtree.strategies import datasets
from dtree.tree import n_leaves

SKIPPED = {
    "check_array_api_input": (
        "scikit-learn skips it unless SCIPY_ARRAY_API is set; dtree reads NumPy arrays, lists"
        " and data frames, not other Array API namespaces (its array_api_support tag is False)"
    ),
}
"""The checks scikit-learn itself skips for these estimators, and why."""


ESTIMATORS = [
    TreeClassifier(),
    TreeClassifier("j48"),
    TreeClassifier("id3"),
    TreeClassifier("cart", ccp_alpha=0.01),
    TreeRegressor(),
    TreeRegressor(ccp_alpha=0.1),
    OptimalTreeClassifier(max_depth=2),
    BoostingClassifier(n_estimators=5),
    BoostingRegressor(n_estimators=5),
    ForestClassifier(n_estimators=5),
    ForestRegressor(n_estimators=5),
]


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_every_estimator_check_of_scikit_learn_passes(estimator: Any) -> None:
    expected = expected_failed_checks(estimator)
    results = check_estimator(
        estimator, expected_failed_checks=expected, on_fail=None, on_skip=None
    )
    assert len(results) > 40
    for result in results:
        name, status = result["check_name"], result["status"]
        if status == "skipped":
            assert name in SKIPPED, f"{name} skipped: {result['exception']}"
        elif name in expected:
            assert status == "xfail", f"{name} was expected to fail"
        else:
            assert status == "passed", f"{name}: {result['exception']}"


def _golf() -> tuple[pd.DataFrame, pd.Series]:
    frame = load("golf").to_frame()
    assert isinstance(frame, pd.DataFrame)
    return frame.drop(columns="class"), frame["class"]


def test_a_frame_with_nominal_columns_grows_the_tree_dtree_grows() -> None:
    x, y = _golf()
    golf = load("golf")
    data = Dataset.from_frame(x.assign(y=y), target="y", classes=sorted(set(y)))
    model = TreeClassifier("c45").fit(x, y)
    assert model.tree_ == pessimistic(c45(data), data=data)
    assert model.feature_names_in_.tolist() == list(golf.schema.names)
    assert model.n_features_in_ == 4
    assert (TreeClassifier("c45").fit(pl.from_pandas(x), y).predict(x) == model.predict(x)).all()
    unpruned = TreeClassifier("cart", pruning="none").fit(x, y.tolist())
    assert unpruned.tree_ == cart(data)


def _iris() -> tuple[pd.DataFrame, pd.Series]:
    iris = load("iris")
    frame = iris.to_frame()
    assert isinstance(frame, pd.DataFrame)
    target = iris.schema.target.name
    return frame.drop(columns=target), frame[target]


def test_a_pipeline_cross_validates_c45_on_a_frame_with_categorical_columns() -> None:
    x, y = _golf()
    x = x.astype({"outlook": "category", "windy": "category"})
    scores = cross_val_score(make_pipeline(TreeClassifier("c45")), x, y, cv=KFold(3))
    assert scores.shape == (3,)
    by_hand = []
    for train, test in KFold(3).split(x):
        fitted = TreeClassifier("c45").fit(x.iloc[train], y.iloc[train])
        by_hand.append(float(np.mean(fitted.predict(x.iloc[test]) == y.iloc[test].to_numpy())))
    assert scores.tolist() == by_hand


def test_grid_search_tunes_ccp_alpha_and_the_algorithm() -> None:
    x, y = _iris()
    grid = {"algorithm": ["c45", "cart"], "ccp_alpha": [0.0, 0.01, 0.1]}
    search = GridSearchCV(TreeClassifier(), grid, cv=KFold(5, shuffle=True, random_state=0))
    search.fit(x, y)
    assert len(search.cv_results_["params"]) == 6
    best = search.best_params_
    again = cross_val_score(TreeClassifier(**best), x, y, cv=KFold(5, shuffle=True, random_state=0))
    assert float(np.mean(again)) == search.best_score_
    assert search.best_estimator_.tree_ == clone(TreeClassifier(**best)).fit(x, y).tree_


def test_ccp_alpha_prunes_to_t_alpha_with_the_criterions_impurity() -> None:
    iris = load("iris")
    x, y = _iris()
    for alpha in (0.005, 0.02, 0.2):
        model = TreeClassifier("cart", ccp_alpha=alpha).fit(x, y)
        assert model.tree_ == prune_to(cart(iris), alpha, risk="impurity")
        entropic = TreeClassifier("id3", ccp_alpha=alpha).fit(x, y)
        grown = TreeClassifier("id3").fit(x, y).tree_
        assert entropic.tree_ == prune_to(grown, alpha, risk="impurity", impurity=entropy)
    sizes = [n_leaves(TreeClassifier("cart", ccp_alpha=a).fit(x, y).tree_) for a in (0, 0.02, 1)]
    assert sizes[0] > sizes[1] > sizes[2] == 1


def _numeric(seed: int, n: int = 60) -> tuple[Any, Any]:
    rng = random.Random(seed)
    x = np.array([[rng.randint(0, 9), rng.randint(0, 4) / 2, rng.random()] for _ in range(n)])
    y = np.array(["a" if r[0] + 3 * r[1] + rng.random() * 4 > 9 else "b" for r in x])
    return x, y


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("alpha", [0.0, 0.02])
def test_dtree_cart_and_a_native_decision_tree_compare_as_equal(seed: int, alpha: float) -> None:
    x, y = _numeric(seed)
    ours = TreeClassifier("cart", ccp_alpha=alpha).fit(x, y)
    native = DecisionTreeClassifier(random_state=0, ccp_alpha=alpha).fit(x, y)
    data = dataset(TreeClassifier(), x, y.tolist(), classes=ours.classes_.tolist())
    theirs = from_sklearn(native, data)
    comparison = compare(theirs, ours.tree_, data, learner_for("sklearn").learner)
    assert comparison.agrees, comparison.text()
    assert (ours.predict(x) == native.predict(x)).all()
    # scikit-learn's importances are dtree's measure of scikit-learn's tree; dtree's tree may
    # break a tie otherwise, so its own importances are compared where no node tied.
    names = data.schema.names
    measured = impurity_importance(theirs, attributes=names)
    assert np.allclose([measured[a] for a in names], native.feature_importances_, rtol=1e-9)
    if comparison.counts["tie"] == 0:
        assert np.allclose(ours.feature_importances_, native.feature_importances_, rtol=1e-9)
        assert ours.get_n_leaves() == native.get_n_leaves()
        assert ours.get_depth() == native.get_depth()


def test_a_regressor_agrees_with_a_native_regression_tree() -> None:
    rng = random.Random(3)
    x = np.array([[rng.randint(0, 20), rng.random()] for _ in range(80)])
    y = np.array([r[0] ** 2 / 10 + rng.random() for r in x])
    for alpha in (0.0, 0.5):
        ours = TreeRegressor(ccp_alpha=alpha).fit(x, y)
        native = DecisionTreeRegressor(random_state=0, ccp_alpha=alpha).fit(x, y)
        data = dataset(TreeRegressor(), x, y.tolist())
        learner = learner_for("sklearn", criterion="squared_error").learner
        comparison = compare(from_sklearn(native, data), ours.tree_, data, learner)
        assert comparison.agrees, comparison.text()
        assert np.allclose(ours.predict(x), native.predict(x), rtol=1e-12)
        assert np.allclose(ours.feature_importances_, native.feature_importances_, rtol=1e-9)


def test_sample_weights_act_as_copies_and_zero_weights_as_absent_rows() -> None:
    x, y = _numeric(7, n=30)
    weights = np.array([i % 3 for i in range(30)], dtype=float)
    weighted = TreeClassifier("cart").fit(x, y, sample_weight=weights)
    copies = np.repeat(np.arange(30), weights.astype(int))
    repeated = TreeClassifier("cart").fit(x[copies], y[copies])
    assert weighted.tree_ == repeated.tree_


def test_a_missing_value_is_spread_as_c45_spreads_it() -> None:
    x, y = _golf()
    x = x.astype({"humidity": float})
    x.loc[0, "humidity"] = np.nan
    model = TreeClassifier("c45", pruning="none").fit(x, y)
    row = x.iloc[[0]]
    probabilities = model.predict_proba(row)[0]
    assert 0 < probabilities[0] < 1
    assert probabilities.sum() == pytest.approx(1)


def test_predictions_on_arrays_and_frames_agree() -> None:
    x, y = _golf()
    numeric = x[["temperature", "humidity"]]
    model = TreeClassifier("cart").fit(numeric.to_numpy(), y)
    framed = TreeClassifier("cart").fit(numeric, y)
    renamed = text(framed.tree_).replace("temperature", "x0").replace("humidity", "x1")
    assert text(model.tree_) == renamed
    assert model.n_features_in_ == 2
    assert not hasattr(model, "feature_names_in_")
    assert (model.predict(numeric.to_numpy()) == framed.predict(numeric)).all()


@pytest.mark.parametrize(
    ("estimator", "message"),
    [
        (TreeClassifier("c50"), "algorithm"),  # type: ignore[arg-type]
        (TreeClassifier(pruning="reduced"), "pruning"),  # type: ignore[arg-type]
        (TreeClassifier(criterion="gini"), "gain ratio"),
        (TreeClassifier(max_depth=-1), "max_depth"),
        (TreeRegressor("c45"), "'cart', not 'c45'"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_bad_parameters_are_refused_at_fit_by_name(estimator: Any, message: str) -> None:
    x, y = _numeric(0, n=10)
    if isinstance(estimator, TreeRegressor):
        y = np.arange(10.0)
    with pytest.raises(DtreeError, match=message):
        estimator.fit(x, y)


def test_fitting_changes_neither_x_nor_y() -> None:
    x, y = _golf()
    before = (x.copy(), y.copy())
    TreeClassifier().fit(x, y)
    pd.testing.assert_frame_equal(x, before[0])
    pd.testing.assert_series_equal(y, before[1])


def test_the_estimator_keeps_a_plain_dtree_learner() -> None:
    learner = TreeClassifier("j48", min_objects=5, criterion="entropy").learner()
    assert learner == evolve(learner_for("j48", M=5).learner, missing="fractional")


def test_an_estimator_fit_on_an_array_reads_a_frame_by_position() -> None:
    x = pd.DataFrame({"b": [0.0, 1, 2, 3, 4, 5], "a": [5.0, 4, 3, 2, 1, 0]})
    y = [0, 0, 0, 1, 1, 1]
    model = TreeClassifier("cart").fit(x.to_numpy(), y)
    swapped = x.rename(columns={"b": "x1", "a": "x0"})
    with pytest.warns(UserWarning, match="fitted without feature names"):
        assert model.predict(swapped).tolist() == y


@pytest.mark.parametrize("algorithm", ["id3", "cart"])
def test_a_category_unseen_in_training_is_predicted_with_a_warning(algorithm: Algorithm) -> None:
    """Unseen categories were answered silently: a multiway split stops them, CART's subsets
    send them down a 'not in' branch, and either way the estimator says so, once."""
    frame: Any = load("play-tennis").to_frame()
    x, y = frame.drop(columns="PlayTennis"), frame["PlayTennis"]
    model = TreeClassifier(algorithm).fit(x, y)
    foggy = x.astype({"Outlook": str})
    foggy.loc[[0, 3], "Outlook"] = "Foggy"
    expected = r"^2 of 14 rows hold a category unseen in training, the first row 0 \('Outlook'"
    with pytest.warns(DtreeWarning, match=expected) as caught:
        predicted = model.predict(foggy)
    assert len(caught) == 1
    assert list(predicted) == [predict(model.tree_, row) for row in examples(foggy)]
    model.predict(x)  # no warning: warnings are errors in the tests
    numeric = TreeClassifier(algorithm).fit(np.arange(8).reshape(-1, 1), [0, 1] * 4)
    assert numeric.categories_ == {}  # nothing to look up on a numeric X


def test_nullable_columns_and_one_row_of_nulls_predict() -> None:
    x = pd.DataFrame(
        {
            "h": pd.array([80, None, 60, 90], dtype="Int64"),
            "o": pd.array(["s", None, "o", "s"], dtype="string[pyarrow]"),
        }
    )
    model = TreeClassifier("c45", pruning="none", min_objects=1).fit(x, [0, 1, 1, 0])
    row = pl.DataFrame({"h": [None], "o": [None]})
    assert model.predict_proba(row).sum() == pytest.approx(1)


@pytest.mark.parametrize(
    ("fit", "message"),
    [
        (lambda x, y: TreeClassifier().fit(x, [*y[:-1], None]), "class label is missing"),
        (lambda x, y: TreeClassifier().fit(x, y, sample_weight=[-1] * len(y)), "Negative"),
        (lambda x, y: TreeClassifier(ccp_alpha=-1).fit(x, y), "ccp_alpha must be"),
        (lambda x, y: TreeClassifier().fit(pd.DataFrame({"a": []}), []), "no rows"),
        (  # narwhals' DuplicateError, from scikit-learn's validation
            lambda x, y: TreeClassifier().fit(pd.DataFrame(x[:, :2], columns=["a", "a"]), y),
            "^duplicate column name 'a'$",
        ),
        # each raised OverflowError from numpy
        (
            lambda x, y: TreeClassifier().fit(x, y, sample_weight=[10**400] * len(y)),
            "^sample_weight holds a number too large for a float$",
        ),
        (
            lambda x, y: TreeClassifier().fit([[10**400]] * len(y), y),
            "^X holds a number too large for a float$",
        ),
        (
            lambda x, y: TreeRegressor().fit(x, [10**400] * len(y)),
            "^y holds a number too large for a float$",
        ),
    ],
)
def test_bad_targets_weights_and_alphas_are_refused(fit: Any, message: str) -> None:
    x, y = _numeric(1, n=10)
    with pytest.raises(ValueError, match=message) as raised:
        fit(x, y.tolist())
    assert isinstance(raised.value, DtreeError) or "Negative" in message


def test_column_names_that_clash_with_the_targets_name_are_fine() -> None:
    x = pd.DataFrame({"y": range(8), "_y": range(8)})
    assert TreeClassifier("cart").fit(x, [0] * 4 + [1] * 4).tree_.stats.weight == 8


def test_only_the_forests_expect_a_check_to_fail() -> None:
    failing = {type(e).__name__ for e in ESTIMATORS if expected_failed_checks(e)}
    assert failing == {"ForestClassifier", "ForestRegressor"}


def test_the_ensembles_and_the_optimal_tree_are_dtrees_own() -> None:
    x, y = _iris()
    iris = Dataset.from_frame(x.assign(y=y), target="y", classes=sorted(set(y)))
    forest = ForestClassifier(n_estimators=4, random_state=3).fit(x, y)
    assert (
        forest.ensemble_
        == random_forest(
            iris, n_trees=4, seed=3, learner=evolve(CART, missing="fractional")
        ).ensemble
    )
    boosted = BoostingClassifier(n_estimators=4).fit(x, y)
    stumps = evolve(CART, max_depth=1, missing="fractional")
    assert boosted.ensemble_ == adaboost(iris, n_rounds=4, learner=stumps, learning_rate=1.0)
    assert OptimalTreeClassifier(2).fit(x, y).tree_ == least_error(iris, 2)
    penalised = OptimalTreeClassifier(3, ccp_alpha=0.02).fit(x, y).tree_
    assert penalised == penalized(iris, Fraction(0.02), max_depth=3)
    values = x["petal_width"]
    regression = Dataset.from_frame(x.drop(columns="petal_width").assign(y=values), target="y")
    gradient = BoostingRegressor(n_estimators=3).fit(x.drop(columns="petal_width"), values)
    assert gradient.ensemble_ == gradient_boost(
        regression, n_stages=3, min_samples_leaf=1, missing="fractional"
    )
    assert forest.feature_importances_.sum() == pytest.approx(1)
    assert OptimalTreeClassifier(1).fit(x, y).get_n_leaves() == 2
    averaged = ForestRegressor(n_estimators=3).fit(x.drop(columns="petal_width"), values)
    assert len(averaged.ensemble_.trees) == 3
    assert averaged.score(x.drop(columns="petal_width"), values) > 0.9


def test_grid_search_tunes_a_forest_and_boosting() -> None:
    x, y = _iris()
    cv = KFold(3, shuffle=True, random_state=0)
    forest = GridSearchCV(ForestClassifier(n_estimators=5), {"max_depth": [1, 3]}, cv=cv)
    assert forest.fit(x, y).best_params_ == {"max_depth": 3}
    boosted = GridSearchCV(BoostingClassifier(), {"n_estimators": [1, 10]}, cv=cv)
    assert boosted.fit(x, y).best_params_ == {"n_estimators": 10}


@given(datasets(max_numeric=2, missing=True, weighted=True))
def test_a_tree_estimator_on_a_frame_grows_the_tree_dtree_grows(data: Dataset) -> None:
    frame = to_frame(data, backend="pandas")
    x = frame[list(data.schema.names)]
    y = frame[data.schema.target.name].astype(str)
    weights = [data.weights[r] for r in data.rows]
    model = TreeClassifier("cart", pruning="none").fit(x, y, sample_weight=weights)
    # The estimator's classes are the labels y holds, sorted; a row of weight 0 is left out.
    name = "_" * max(len(n) for n in data.schema.names) + "y"  # a name no attribute has
    classes = Attribute(name, Nominal(tuple(sorted({str(data.target[r]) for r in data.rows}))))
    kept = [r for r in data.rows if data.weights[r] > 0]
    expected = Dataset(
        Schema(data.schema.attributes, classes),
        tuple([column[r] for r in kept] for column in data.columns),
        [data.target[r] for r in kept],
        [data.weights[r] for r in kept],
    )
    assert model.tree_ == grow(evolve(CART, missing="fractional"), expected)
    assert model.predict(x).tolist() == [str(p) for p in predict_many(model.tree_, examples(x))]


def test_every_pruning_method_is_a_parameter_and_grows_what_dtree_grows() -> None:
    x, y = _iris()
    iris = Dataset.from_frame(x.assign(y=y), target="y", classes=sorted(set(y)))
    cart_learner = evolve(CART, missing="fractional")
    reduced = TreeClassifier("cart", pruning="reduced_error", random_state=4).fit(x, y)
    train, validation = train_test_split(iris, 0.25, seed=4, stratify=True)
    assert reduced.tree_ == reduced_error(grow(cart_learner, train), validation)
    chosen = TreeClassifier("cart", pruning="cost_complexity_cv", cv_rule="1se").fit(x, y)
    assert chosen.tree_ == select_by_cv(cart_learner, iris, 10, rule="1se").tree
    grid = {"pruning": ["none", "pessimistic", "reduced_error", "cost_complexity_cv"]}
    search = GridSearchCV(TreeClassifier("cart"), grid, cv=KFold(3, shuffle=True, random_state=0))
    assert len(search.fit(x, y).cv_results_["mean_test_score"]) == 4
    values = x["petal_width"]
    regression = TreeRegressor(pruning="cost_complexity_cv", cv_folds=5)
    assert regression.fit(x.drop(columns="petal_width"), values).get_n_leaves() > 1


def test_numpy_numbers_are_parameters_as_a_grid_of_np_arange_gives_them() -> None:
    x, y = _iris()
    cv = KFold(3, shuffle=True, random_state=0)
    for estimator in (TreeClassifier("cart"), ForestClassifier(3), OptimalTreeClassifier()):
        search = GridSearchCV(estimator, {"max_depth": np.arange(1, 3)}, cv=cv, error_score="raise")
        assert search.fit(x, y).best_params_["max_depth"] in (1, 2)


@pytest.mark.parametrize(
    ("estimator", "message"),
    [
        (TreeClassifier("cart", pruning="reduced_error", validation_fraction=1), "share"),
        (TreeClassifier("cart", pruning="reduced_error", validation_fraction=0.0), "share"),
        (TreeClassifier("cart", pruning="cost_complexity_cv", cv_folds=200), "cv_folds"),
        (TreeRegressor(pruning="pessimistic"), "pruning"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_pruning_settings_are_refused_by_their_names(estimator: Any, message: str) -> None:
    x, y = _iris()
    if isinstance(estimator, TreeRegressor):
        y = x.pop("petal_width")
    with pytest.raises(DtreeError, match=message):
        estimator.fit(x, y)


def test_the_estimator_law_can_fail_on_a_class_y_does_not_hold() -> None:
    x, y = [[1.0], [2.0], [3.0]], ["a", "a", "b"]
    model = TreeClassifier("cart", pruning="none").fit(x, y)
    schema = Schema((Attribute("x0", Numeric()),), Attribute("y", Nominal(("a", "b"))))
    declared = evolve(schema, target=Attribute("y", Nominal(("a", "b", "c"))))
    learner = evolve(CART, missing="fractional")
    assert model.tree_ == grow(learner, Dataset(schema, [[1.0, 2.0, 3.0]], y))
    # a class declared but absent from y is no class of the estimator's: the trees differ
    assert model.tree_ != grow(learner, Dataset(declared, [[1.0, 2.0, 3.0]], y))
