"""What every dtree estimator shares (dtree.estimators.base): scikit-learn's own estimator
checks on each estimator, reading X (arrays and data frames with nominal, missing and nullable
columns, categories unseen in training), the classes y holds, sample weights, and the targets,
weights and numbers refused."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import polars as pl
import pytest
from attrs import evolve
from helpers import numeric_xy, thorough
from hypothesis import given
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.utils.estimator_checks import check_estimator

from dtree import Dataset, c45, cart
from dtree.dataset import Attribute, Nominal, Numeric, Schema
from dtree.datasets import load
from dtree.ensemble import predict, predict_many
from dtree.errors import DtreeError, DtreeWarning
from dtree.estimators import (
    BoostingClassifier,
    BoostingRegressor,
    ForestClassifier,
    ForestRegressor,
    OptimalTreeClassifier,
    TreeClassifier,
    TreeRegressor,
    expected_failed_checks,
)
from dtree.estimators.trees import Algorithm
from dtree.frame import examples, to_frame
from dtree.grower.learner import CART
from dtree.grower.make_subtree import grow
from dtree.prune import pessimistic
from dtree.render import text
from dtree.strategies import datasets

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


def test_sample_weights_act_as_copies_and_zero_weights_as_absent_rows() -> None:
    x, y = numeric_xy(7, n=30)
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


def test_fitting_changes_neither_x_nor_y() -> None:
    x, y = _golf()
    before = (x.copy(), y.copy())
    TreeClassifier().fit(x, y)
    pd.testing.assert_frame_equal(x, before[0])
    pd.testing.assert_series_equal(y, before[1])


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
    x, y = numeric_xy(1, n=10)
    with pytest.raises(ValueError, match=message) as raised:
        fit(x, y.tolist())
    assert isinstance(raised.value, DtreeError) or "Negative" in message


def test_column_names_that_clash_with_the_targets_name_are_fine() -> None:
    x = pd.DataFrame({"y": range(8), "_y": range(8)})
    assert TreeClassifier("cart").fit(x, [0] * 4 + [1] * 4).tree_.stats.weight == 8


def test_only_the_forests_expect_a_check_to_fail() -> None:
    failing = {type(e).__name__ for e in ESTIMATORS if expected_failed_checks(e)}
    assert failing == {"ForestClassifier", "ForestRegressor"}


@thorough(200)
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


def test_the_estimator_law_can_fail_on_a_class_y_does_not_hold() -> None:
    x, y = [[1.0], [2.0], [3.0]], ["a", "a", "b"]
    model = TreeClassifier("cart", pruning="none").fit(x, y)
    schema = Schema((Attribute("x0", Numeric()),), Attribute("y", Nominal(("a", "b"))))
    declared = evolve(schema, target=Attribute("y", Nominal(("a", "b", "c"))))
    learner = evolve(CART, missing="fractional")
    assert model.tree_ == grow(learner, Dataset(schema, [[1.0, 2.0, 3.0]], y))
    # a class declared but absent from y is no class of the estimator's: the trees differ
    assert model.tree_ != grow(learner, Dataset(declared, [[1.0, 2.0, 3.0]], y))
