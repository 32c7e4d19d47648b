"""dtree.conformance.from_sklearn: scikit-learn's fitted trees read as dtree trees.

A tree read from an estimator fit on a dataset has scikit-learn's splits,
the dataset's statistics on every node (checked by ``from_sklearn``
against ``tree_``, and here against the arrays directly), and predicts
what the estimator predicts.  Statistics of an estimator fit on other rows
are findings naming the node, and ``from_sklearn`` refuses the first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from helpers import alternating, sklearn_stump, thorough
from hypothesis import given
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor, ExtraTreeClassifier

from dtree.conditions import Above, AtMost
from dtree.conformance import Finding, arrays_reading, from_arrays, from_sklearn, sklearn_reading
from dtree.conformance.learners import class_weighted
from dtree.conformance.sklearn_fit import sklearn_estimator
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Value, Weight
from dtree.datasets import load
from dtree.ensemble import predict_many
from dtree.errors import MESSAGE_LIMIT, DtreeError
from dtree.render import text
from dtree.serialize import from_json, to_json
from dtree.tree import Leaf, Split, Tree, leaves, n_leaves, nodes, predict


def matrix(data: Dataset) -> Any:
    return np.array([[data.columns[j][r] for j in range(len(data.columns))] for r in data.rows])


def target(data: Dataset) -> Any:
    labels = [data.target[r] for r in data.rows]
    return np.array(labels, dtype=str if data.schema.is_classification else np.float64)


def fit(estimator: Any, data: Dataset) -> Any:
    weights = [data.weights[r] for r in data.rows]
    sample_weight = None if set(weights) == {1} else np.array(weights, dtype=float)
    return estimator.fit(matrix(data), target(data), sample_weight=sample_weight)


def preorder(estimator: Any) -> list[int]:
    """scikit-learn's node ids in preorder, left before right."""
    t = estimator.tree_
    order, stack = [], [0]
    while stack:
        node = stack.pop()
        order.append(node)
        if t.children_left[node] != -1:
            stack += [int(t.children_right[node]), int(t.children_left[node])]
    return order


def assert_read(estimator: Any, data: Dataset, tree: Tree) -> None:
    """The read tree is scikit-learn's, node for node, and predicts as it does."""
    t = estimator.tree_
    ours = list(nodes(tree))
    assert len(ours) == t.node_count
    for node, mine in zip(preorder(estimator), ours, strict=True):
        weight = float(t.weighted_n_node_samples[node])
        assert math.isclose(float(mine.stats.weight), weight, rel_tol=1e-12)
        if t.children_left[node] == -1:
            assert isinstance(mine, Leaf)
        else:
            assert isinstance(mine, Split)
            name = data.schema.names[int(t.feature[node])]
            threshold = float(t.threshold[node])
            left = bool(t.missing_go_to_left[node])  # every split says where NaN goes
            assert [b.condition for b in mine.branches] == [
                AtMost(name, threshold, missing=left),
                Above(name, threshold, missing=not left),
            ]
        match mine.stats:
            case ClassStats(classes, counts):
                theirs = dict(
                    zip(estimator.classes_.tolist(), t.value[node, 0].tolist(), strict=True)
                )
                for label, count in zip(classes, counts, strict=True):
                    assert math.isclose(
                        float(count), theirs.get(label, 0.0) * weight, abs_tol=1e-9 * weight
                    )
            case Moments():
                assert math.isclose(mine.stats.mean, float(t.value[node, 0, 0]), rel_tol=1e-9)
    expected = estimator.predict(matrix(data)).tolist()
    assert list(predict_many(tree, data)) == expected
    assert from_json(to_json(tree)) == tree  # its statistics add up, as a model file's must


@pytest.mark.parametrize("criterion", ["gini", "entropy", "log_loss"])
@pytest.mark.parametrize("max_depth", [None, 1, 3])
def test_iris(criterion: str, max_depth: int | None) -> None:
    data = load("iris")
    estimator = fit(DecisionTreeClassifier(criterion=criterion, max_depth=max_depth), data)
    tree = from_sklearn(estimator, data)
    assert_read(estimator, data, tree)
    assert n_leaves(tree) == estimator.get_n_leaves()


def test_iris_regression_on_a_column() -> None:
    """Petal width from the other three measurements: a regressor's means, exactly."""
    iris = load("iris")
    columns: dict[str, Sequence[Value]] = {
        name: iris.column(name) for name in iris.schema.names if name != "petal_width"
    }
    columns["petal_width"] = iris.column("petal_width")
    data = Dataset.from_columns(columns, target="petal_width")
    estimator = fit(DecisionTreeRegressor(min_samples_leaf=3), data)
    assert_read(estimator, data, from_sklearn(estimator, data))


def test_an_extra_tree_reads_too() -> None:
    """Random thresholds are thresholds: the tree is read as any other."""
    data = load("iris")
    estimator = fit(ExtraTreeClassifier(random_state=0), data)
    assert_read(estimator, data, from_sklearn(estimator, data))


def test_the_schemas_class_order_is_kept() -> None:
    """Classes declared c, a, b: the statistics follow that order, and a tied leaf
    predicts scikit-learn's choice, the first of its sorted classes_."""
    data = Dataset.from_columns(
        {"x": [0.0, 0.0, 1.0, 1.0, 2.0], "y": ["a", "c", "b", "b", "c"]},
        target="y",
        classes=("c", "a", "b"),
    )
    estimator = fit(DecisionTreeClassifier(max_depth=1), data)
    tree = from_sklearn(estimator, data)
    assert tree.stats == ClassStats(("c", "a", "b"), (2, 1, 2))
    assert_read(estimator, data, tree)
    tied = next(leaf for leaf in nodes(tree) if isinstance(leaf, Leaf) and leaf.stats.weight == 2)
    assert tied.prediction == "a"  # (c 1, a 1): dtree's own rule would say c


def test_a_declared_class_without_rows_may_be_absent() -> None:
    data = Dataset.from_columns(
        {"x": [0.0, 1.0], "y": ["a", "b"]}, target="y", classes=("a", "b", "z")
    )
    estimator = fit(DecisionTreeClassifier(), data)
    assert from_sklearn(estimator, data).stats == ClassStats(("a", "b", "z"), (1, 1, 0))


def test_weights_are_the_sample_weights() -> None:
    iris = load("iris")
    weights: list[Weight] = [1 + r % 3 for r in range(len(iris))]
    data = iris.with_weights(weights)
    estimator = fit(DecisionTreeClassifier(max_depth=3), data)
    assert_read(estimator, data, from_sklearn(estimator, data))
    with pytest.raises(DtreeError, match=r"weighted_n_node_samples is 300\.0, the data give 150 "):
        from_sklearn(estimator, iris)


# -- generated data -------------------------------------------------------------------------


@st.composite
def datasets(draw: st.DrawFn, *, classification: bool) -> Dataset:
    """Up to 30 rows of 1 to 3 numeric attributes, any floats, often repeated."""
    width = draw(st.integers(1, 3))
    pool = draw(
        st.lists(
            st.floats(-1e6, 1e6, allow_nan=False, allow_subnormal=False), min_size=1, max_size=8
        )
    )
    n = draw(st.integers(2, 30))
    columns: dict[str, Sequence[Value]] = {
        f"x{j}": draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)) for j in range(width)
    }
    if classification:
        columns["y"] = draw(st.lists(st.sampled_from("abc"), min_size=n, max_size=n))
    else:
        columns["y"] = draw(st.lists(st.integers(-20, 20).map(float), min_size=n, max_size=n))
    return Dataset.from_columns(columns, target="y")


@thorough(200)
@pytest.mark.parametrize("classification", [True, False])
@given(data=st.data())
def test_generated_trees_read_back(classification: bool, data: st.DataObject) -> None:
    dataset = data.draw(datasets(classification=classification))
    depth = data.draw(st.none() | st.integers(1, 4))
    kind = DecisionTreeClassifier if classification else DecisionTreeRegressor
    estimator = fit(kind(max_depth=depth, random_state=0), dataset)
    try:
        tree = from_sklearn(estimator, dataset)
    except DtreeError as error:
        refusal = str(error)
    else:
        assert_read(estimator, dataset, tree)
        return
    assert "float32 image" in refusal  # the one refusal that data fit with itself can meet


# -- refusals -------------------------------------------------------------------------------


def four_rows() -> Dataset:
    return Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0], "z": [4.0, 2.0, 3.0, 1.0], "y": ["a", "a", "b", "b"]},
        target="y",
    )


def test_fit_on_other_columns_is_a_finding_at_each_node_they_change() -> None:
    data = four_rows()
    swapped = DecisionTreeClassifier().fit(matrix(data)[:, ::-1], target(data))
    reading = sklearn_reading(swapped, data)
    claim = "scikit-learn's weight of each class (value times the weight)"
    assert reading.findings == (
        Finding("scikit-learn's node 1", ("z <= 2.5",), claim, (2.0, 0.0), (1, 1)),
        Finding("scikit-learn's node 2", ("z > 2.5 or missing",), claim, (0.0, 2.0), (1, 1)),
    )
    assert [leaf.prediction for leaf in leaves(reading.tree)] == ["a", "b"]  # scikit-learn's
    with pytest.raises(DtreeError) as caught:
        from_sklearn(swapped, data)
    assert str(caught.value) == (
        f"scikit-learn's node 1: {claim} is (2.0, 0.0), the data give (1, 1) (at z <= 2.5)"
    )


def test_fit_on_other_rows_names_the_nodes_and_paths() -> None:
    data = load("iris")
    estimator = fit(DecisionTreeClassifier(max_depth=3, random_state=0), data)
    other = data.subset(data.rows[:-1])  # the last row, a virginica, left out
    findings = sklearn_reading(estimator, other).findings
    assert str(findings[0]) == (
        "scikit-learn's node 0: scikit-learn's weighted_n_node_samples is 150.0, the data give"
        " 149 (at the root)"
    )
    below = [finding for finding in findings if finding.path]
    assert below
    # the row's way, which takes missing values too (the side of more rows)
    assert all(finding.path[0] == "petal_width > 0.8 or missing" for finding in below)
    with pytest.raises(DtreeError, match=r"^scikit-learn's node 0: .* \(at the root\)$"):
        from_sklearn(estimator, other)


def test_other_column_names_are_refused() -> None:
    data = four_rows()
    estimator = fit(DecisionTreeClassifier(), data)
    estimator.feature_names_in_ = np.array(["z", "x"], dtype=object)  # as a data frame sets it
    with pytest.raises(DtreeError, match="column 0 is 'z', the dataset's attribute 0 is 'x'"):
        from_sklearn(estimator, data)


def test_another_number_of_columns_is_refused() -> None:
    data = four_rows()
    estimator = DecisionTreeClassifier().fit(matrix(data)[:, :1], target(data))
    with pytest.raises(DtreeError, match="fit on 1 columns, the dataset has 2 attributes"):
        from_sklearn(estimator, data)


def test_a_nominal_attribute_is_refused() -> None:
    data = load("golf")
    estimator = DecisionTreeClassifier()
    with pytest.raises(DtreeError, match=r"'outlook' is nominal.*one-hot"):
        from_sklearn(estimator.fit([[0.0]] * 2, ["a", "b"]), data)


def test_an_unfitted_estimator_is_refused() -> None:
    with pytest.raises(DtreeError, match="is not fitted"):
        from_sklearn(DecisionTreeClassifier(), four_rows())


def test_something_else_is_refused() -> None:
    with pytest.raises(DtreeError, match="not a DecisionTreeClassifier or DecisionTreeRegressor"):
        from_sklearn(object(), four_rows())


def test_other_classes_are_refused() -> None:
    data = four_rows()
    estimator = DecisionTreeClassifier().fit(matrix(data), ["a", "a", "b", "c"])
    with pytest.raises(DtreeError, match=r"classes \('a', 'b', 'c'\) are not among"):
        from_sklearn(estimator, data)


def test_a_regressor_on_classification_data_is_refused() -> None:
    data = four_rows()
    estimator = DecisionTreeRegressor().fit(matrix(data), [0.0, 0.0, 1.0, 1.0])
    with pytest.raises(DtreeError, match="is a regressor, the dataset a classification"):
        from_sklearn(estimator, data)


def test_class_weight_is_read_on_the_data_class_weighted() -> None:
    """The estimator's value is class-weighted: the read tree's statistics are too, those
    of the data class_weighted as scikit-learn weighs it, and nothing is contradicted."""
    data = four_rows()
    estimator = fit(DecisionTreeClassifier(class_weight={data.schema.classes[0]: 3}), data)
    reading = sklearn_reading(estimator, data)
    assert reading.findings == ()
    assert reading.tree.stats == ClassStats(("a", "b"), (6, 2))  # a's two rows weigh 3 each
    assert class_weighted(data, {"a": 3}).weights == (3.0, 3.0, 1.0, 1.0)


def test_a_learned_direction_for_missing_values_is_read() -> None:
    """Row 2's missing x went right with the b's: the read tree's right branch takes missing
    values, routes the row there, and predicts as the estimator on a missing value."""
    data = Dataset.from_columns({"x": [1.0, 2.0, None, 4.0], "y": ["a", "a", "b", "b"]}, target="y")
    estimator = DecisionTreeClassifier().fit([[1.0], [2.0], [math.nan], [4.0]], target(data))
    tree = from_sklearn(estimator, data)
    assert isinstance(tree, Split)
    assert [b.condition for b in tree.branches] == [AtMost("x", 3.0), Above("x", 3.0, missing=True)]
    assert tree.branches[1].subtree.stats == ClassStats(("a", "b"), (0, 2))
    assert_read(estimator, data, tree)
    assert predict(tree, {"x": None}) == estimator.predict([[math.nan]])[0] == "b"


def test_missing_values_where_the_tree_does_not_look_are_read() -> None:
    """A missing value of an attribute no split tests: no direction was learned."""
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0], "w": [None, 0.0, 0.0, 0.0], "y": ["a", "a", "b", "b"]},
        target="y",
    )
    X = [[1.0, math.nan], [2.0, 0.0], [3.0, 0.0], [4.0, 0.0]]  # noqa: N806
    estimator = DecisionTreeClassifier().fit(X, target(data))
    assert n_leaves(from_sklearn(estimator, data)) == 2


def test_a_value_that_float32_moves_across_a_threshold_is_refused() -> None:
    """3 + 3 * 2^-23 lies halfway between two float32 neighbours and rounds up (to the
    even one), so scikit-learn routes it right of its threshold, which is that very
    value; as given, it is not above it."""
    a, b = 3 + 2**-22, 3 + 2**-21
    middle = a / 2 + b / 2
    data = Dataset.from_columns({"x": [a, middle, b], "y": ["p", "q", "q"]}, target="y")
    estimator = fit(DecisionTreeClassifier(), data)
    assert float(estimator.tree_.threshold[0]) == middle
    with pytest.raises(DtreeError, match=r"row 2, column 'x': at scikit-learn's node 0.*float32"):
        from_sklearn(estimator, data)


def test_float32_rounding_elsewhere_is_harmless() -> None:
    """Values that are not float32 numbers, as most data's are not, read as usual."""
    xs = [0.1 * k for k in range(20)]
    data = Dataset.from_columns({"x": xs, "y": ["a" if x < 0.95 else "b" for x in xs]}, target="y")
    estimator = fit(DecisionTreeClassifier(), data)
    tree = from_sklearn(estimator, data)
    assert_read(estimator, data, tree)


def test_a_chain_deeper_than_the_recursion_limit() -> None:
    """Alternating classes on x = 0, 1, ...: every best split peels one row off, so
    scikit-learn grows a chain 3,000 splits deep; it is read, and a difference at its
    bottom is reported with a bounded message."""
    n = 3001
    data = alternating(n)
    xs, labels = list(data.columns[0]), list(data.labels)
    estimator = fit(DecisionTreeClassifier(), data)
    assert estimator.get_depth() == n - 1
    tree = from_sklearn(estimator, data)
    assert n_leaves(tree) == n
    assert list(predict_many(tree, data)) == labels
    swapped = Dataset.from_columns(
        {"x": xs, "y": [*labels[:-2], *reversed(labels[-2:])]}, target="y"
    )
    with pytest.raises(DtreeError, match=r"^scikit-learn's node \d+: scikit-learn's") as caught:
        from_sklearn(estimator, swapped)
    assert len(str(caught.value)) <= MESSAGE_LIMIT


def test_a_regressor_fit_on_other_targets_is_refused_at_the_root() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": [0.0, 0.0, 1.0, 1.0]}, target="y")
    estimator = DecisionTreeRegressor().fit(matrix(data), [0.0, 0.0, 1.0, 3.0])
    with pytest.raises(DtreeError) as caught:
        from_sklearn(estimator, data)
    assert str(caught.value) == (
        "scikit-learn's node 0: scikit-learn's mean (value) is 1.0, the data give 0.5 (at the root)"
    )


# -- the arrays reader: plain sequences, a forest's member, a gradient boosting's member --------


def test_plain_lists_read_as_scikit_learns_arrays() -> None:
    data = four_rows()
    reading = arrays_reading(sklearn_stump(), data, classes=["a", "b"])
    assert reading.findings == ()
    # a missing value goes right, the side of more rows (a tie here), as scikit-learn sends it
    sides = arrays_reading(sklearn_stump(missing_go_to_left=[0, 0, 0]), data, classes=["a", "b"])
    assert sides.tree == from_sklearn(fit(DecisionTreeClassifier(), data), data)
    assert "x > 2.5 or missing" in text(sides.tree)
    assert "or missing" not in text(reading.tree)
    counts = sklearn_stump(
        value=[[[2.0, 2.0]], [[2.0, 0.0]], [[0.0, 2.0]]]
    )  # an older release's value
    assert from_arrays(counts, data, classes=["a", "b"]) == reading.tree
    assert from_arrays(counts, data, classes=["a", "b"], value="counts") == reading.tree


def test_the_callers_class_order_names_values_columns() -> None:
    data = four_rows()
    swapped = arrays_reading(sklearn_stump(), data, classes=["b", "a"])
    assert [leaf.prediction for leaf in leaves(swapped.tree)] == ["b", "a"]
    assert len(swapped.findings) == 2  # the class weights of both leaves contradict the data


def test_a_wrong_n_node_samples_is_a_finding() -> None:
    data = four_rows()
    (finding,) = arrays_reading(
        sklearn_stump(n_node_samples=[4, 2, 3]), data, classes="ab"
    ).findings
    assert (finding.what, finding.theirs, finding.ours) == ("scikit-learn's n_node_samples", 3, 2)


def test_bad_arrays_are_refused() -> None:
    data = four_rows()
    with pytest.raises(DtreeError, match="need classes="):
        arrays_reading(sklearn_stump(), data)
    with pytest.raises(DtreeError, match="no 'value'"):
        arrays_reading(
            {k: v for k, v in sklearn_stump().items() if k != "value"}, data, classes="ab"
        )
    with pytest.raises(DtreeError, match="'threshold' has 2 entries"):
        arrays_reading(sklearn_stump(threshold=[2.5, -2.0]), data, classes="ab")
    with pytest.raises(DtreeError, match="children"):
        arrays_reading(sklearn_stump(children_right=[0, -1, -1]), data, classes="ab")
    with pytest.raises(DtreeError, match="tests column 3"):
        arrays_reading(sklearn_stump(feature=[3, -2, -2]), data, classes="ab")
    with pytest.raises(DtreeError, match="3 numbers, the classes 2"):
        arrays_reading(sklearn_stump(value=[[[0.5, 0.5, 0]]] * 3), data, classes="ab")


def test_a_leaf_keeps_the_peers_prediction() -> None:
    """A leaf whose value says b where its rows are all a predicts b as read: the value's
    contradiction is a finding, and the prediction is the peer's, not the recount's."""
    data = four_rows()
    wrong = sklearn_stump(value=[[[0.5, 0.5]], [[0.0, 1.0]], [[0.0, 1.0]]])
    reading = arrays_reading(wrong, data, classes="ab")
    assert [leaf.prediction for leaf in leaves(reading.tree)] == ["b", "b"]
    assert [finding.node for finding in reading.findings] == ["scikit-learn's node 1"]


def test_a_forests_member_reads_with_the_forests_classes() -> None:
    """A member of a random forest was fit on the class indices 0..k-1, not the labels: read
    with the forest's classes_ (here on every row, bootstrap=False, a draw of two attributes
    at each node), it has no finding and predicts as the forest's member does."""
    from sklearn.ensemble import RandomForestClassifier  # noqa: PLC0415

    data = load("iris")
    forest = RandomForestClassifier(n_estimators=3, max_features=2, bootstrap=False, random_state=0)
    forest.fit(matrix(data), target(data))
    for member in forest.estimators_:
        assert member.classes_.tolist() == [0.0, 1.0, 2.0]
        reading = arrays_reading(member.tree_, data, classes=forest.classes_)
        assert reading.findings == ()
        indices = member.predict(matrix(data)).astype(int)
        assert list(predict_many(reading.tree, data)) == forest.classes_[indices].tolist()


def test_a_gradient_boostings_member_reads_on_its_residuals() -> None:
    """The first regression tree of gradient boosting (squared error) was fit on the
    residuals from the mean: read on a dataset whose target is those residuals, it has no
    finding and predicts its leaves' values as they are (not scaled by the learning rate)."""
    from sklearn.ensemble import GradientBoostingRegressor  # noqa: PLC0415

    iris = load("iris")
    columns = {name: iris.column(name) for name in iris.schema.names if name != "petal_width"}
    y = [float(v) for v in iris.column("petal_width")]  # type: ignore[arg-type]
    boosting = GradientBoostingRegressor(n_estimators=2, max_depth=2, learning_rate=0.5)
    x = np.array([[float(columns[n][r]) for n in columns] for r in iris.rows])  # type: ignore[arg-type]
    boosting.fit(x, y)
    mean = float(np.mean(y))
    residuals = Dataset.from_columns({**columns, "r": [v - mean for v in y]}, target="r")
    (member,) = boosting.estimators_[0]
    reading = arrays_reading(member.tree_, residuals)
    assert reading.findings == ()
    assert list(predict_many(reading.tree, residuals)) == member.predict(x).tolist()


def test_a_value_whose_float32_image_crosses_the_threshold_is_refused_by_its_row() -> None:
    # scikit-learn's random splitter at a node of one known value and missing ones draws the
    # float32 image of that value as threshold: the value itself (0.543) is above it
    data = Dataset.from_columns({"x": [0.543, None, None], "y": ["a", "b", "b"]}, target="y")
    estimator = sklearn_estimator(data, splitter="random")
    with pytest.raises(DtreeError, match=r"row 1, column 'x': .* than its float32 image"):
        from_sklearn(estimator, data)


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        ({"threshold": ["x", -2.0, -2.0]}, "'threshold' at node 0 is 'x', not a number"),
        ({"children_left": "abc"}, "'children_left' at node 0 is 'a', not an integer"),
        ({"children_left": [1.5, -1, -1]}, "'children_left' at node 0 is 1.5, not an integer"),
        ({"children_right": [1, -1, -1]}, "node 1 is a child of two nodes"),
        ({"threshold": [math.nan, -2.0, -2.0]}, "'threshold' at node 0 is nan, which cuts"),
        ({"missing_go_to_left": [0, 1]}, "'missing_go_to_left' has 2 entries, not 3"),
        ({"missing_go_to_left": ["no", 0, 0]}, "'missing_go_to_left' at node 0 is 'no'"),
    ],
)
def test_malformed_arrays_are_one_error_naming_the_array_and_node(
    changed: dict[str, object], message: str
) -> None:
    with pytest.raises(DtreeError, match=re.escape(message)):
        arrays_reading(sklearn_stump(**changed), four_rows(), classes="ab")
