"""dtree.ensemble.bagging: bagging, random forests and out-of-bag estimates; their laws; and the
cross-check with scikit-learn's trees fit on the same bootstrap counts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from attrs import evolve
from helpers import thorough
from hypothesis import given
from hypothesis import strategies as st
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree import invariants as law
from dtree.conditions import Equals
from dtree.conformance import from_sklearn
from dtree.conformance.compare import compare
from dtree.counts import Moments
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.ensemble import Ensemble, predict, predict_many, predict_proba
from dtree.ensemble.bagging import (
    Bagged,
    bag,
    member_seed,
    oob_error,
    oob_predictions,
    random_forest,
)
from dtree.errors import DtreeError
from dtree.grower.candidate_splits import considered
from dtree.grower.learner import CART, ID3, Learner, features_per_node
from dtree.grower.make_subtree import grow
from dtree.grower.node import assess, children, decide, root
from dtree.grower.rows import start
from dtree.seeded import bootstrap, child, subset
from dtree.tree import Leaf, Split, Tree

REGRESSION = evolve(CART, impurity="squared_error")


def weighted(data: Dataset, counts: Sequence[int]) -> Dataset:
    """The data with the i-th row's weight times counts[i]."""
    weights = list(data.weights)
    for row, count in zip(data.rows, counts, strict=True):
        weights[row] *= count
    return data.with_weights(weights)


# -- bagging --------------------------------------------------------------------------------


def test_member_t_is_the_tree_of_its_bootstrap_sample() -> None:
    golf = load("golf")
    forest = bag(golf, n_trees=4, seed=5)
    for t, (tree, counts) in enumerate(zip(forest.ensemble.trees, forest.counts, strict=True)):
        assert counts == bootstrap(len(golf), 5, t)
        assert tree == grow(evolve(CART, seed=member_seed(5, t)), weighted(golf, counts))
    assert forest.ensemble.combination == "average"
    assert forest.ensemble.weights == (1, 1, 1, 1)


def test_a_bootstrap_weight_acts_as_that_many_copies() -> None:
    """Member 0 of iris equals the tree of the resample written out row by row."""
    iris = load("iris")
    forest = bag(iris, n_trees=1, seed=3)
    copies = [
        {**example, "class": label}
        for example, label, count in zip(
            iris.examples(), iris.labels, forest.counts[0], strict=True
        )
        for _ in range(count)
    ]
    resample = Dataset.from_records(copies, target="class", classes=iris.schema.classes)
    assert forest.ensemble.trees[0] == grow(CART, resample)


def test_the_ensemble_averages_the_members_probabilities() -> None:
    tennis = load("play-tennis")
    forest = bag(tennis, n_trees=7, seed=2)
    for example in tennis.examples():
        members = [predict_proba(tree, example) for tree in forest.ensemble.trees]
        expected = {k: sum(p[k] for p in members) / 7 for k in tennis.schema.classes}
        assert predict_proba(forest.ensemble, example) == expected
        assert all(isinstance(p, Fraction) for p in expected.values())


def test_a_voting_bag_counts_the_members_votes() -> None:
    tennis = load("play-tennis")
    forest = bag(tennis, n_trees=5, seed=2, combination="vote")
    for example in tennis.examples():
        votes = [predict(tree, example) for tree in forest.ensemble.trees]
        share = predict_proba(forest.ensemble, example)
        assert share == {k: Fraction(votes.count(k), 5) for k in tennis.schema.classes}


def test_a_regression_forest_predicts_the_mean_of_its_members() -> None:
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], "y": [1.0, 1.5, 4.0, 4.5, 9.0, 8.0]}, target="y"
    )
    forest = bag(data, REGRESSION, n_trees=6, seed=0)
    assert forest.ensemble.classes == ()
    for example in data.examples():
        values = [float(predict(tree, example)) for tree in forest.ensemble.trees]
        assert predict(forest.ensemble, example) == pytest.approx(sum(values) / 6, rel=1e-12)


def test_the_same_forest_serially_and_through_executors() -> None:
    iris = load("iris")
    serial = random_forest(iris, n_trees=4, seed=9)
    with ThreadPoolExecutor(2) as threads:
        assert random_forest(iris, n_trees=4, seed=9, executor=threads) == serial
    with ProcessPoolExecutor(2) as processes:
        assert random_forest(iris, n_trees=4, seed=9, executor=processes) == serial


def test_progress_is_reported_for_each_member() -> None:
    seen: list[Any] = []
    bag(load("golf"), n_trees=3, progress=seen.append)
    assert seen[-1].done == seen[-1].total == 3


def test_bagging_leaves_its_arguments_unchanged() -> None:
    counts = [[1, 2, 0] * 4 + [1, 1]]
    assert law.leaves_arguments_unchanged(bag, load("golf"), CART, counts=counts)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"n_trees": 0}, "n_trees must be an integer >= 1, got 0"),
        ({"n_trees": 2.0}, "n_trees must be an integer"),
        ({"n_trees": True}, "n_trees must be an integer"),
        ({"seed": 1.5}, "seed must be an integer"),
        ({"combination": "samme"}, "combination"),
        ({"counts": []}, "at least one member"),
        ({"counts": "11"}, "a sequence of counts per member"),
        ({"counts": [[1] * 13]}, "member 0 has 13 counts; the data has 14 rows"),
        ({"counts": [[1] * 14, [1] * 13 + [-1]]}, "member 1's counts must be integers >= 0"),
        ({"counts": [[1.0] * 14]}, "integers >= 0, one is 1.0"),
        ({"counts": [[0] * 14]}, "member 0's sample has no row of positive weight"),
        ({"counts": [[1] * 14], "n_trees": 2}, "n_trees=2, but counts are given for 1"),
        ({"counts": [5]}, "member 0's counts are not a sequence"),
    ],
)
def test_bad_input_is_refused_with_what_is_wrong(keywords: dict[str, Any], message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        bag(load("golf"), **keywords)


def test_a_learner_that_cannot_fit_is_refused_before_any_member_grows() -> None:
    with pytest.raises(DtreeError, match="max_features=9"):
        random_forest(load("golf"), max_features=9)
    numeric = Dataset.from_columns({"x": [1.0, 2.0], "y": [1.0, 2.0]}, target="y")
    with pytest.raises(DtreeError, match="needs classes"):
        bag(numeric, CART)


def test_a_numeric_target_is_bagged_with_squared_error_by_default() -> None:
    numeric = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0], "y": [1.0, 2.0, 4.0, 8.0]}, target="y"
    )
    forest = random_forest(numeric, n_trees=3, seed=1)
    regression = evolve(CART, impurity="squared_error")
    assert forest == bag(numeric, evolve(regression, max_features="sqrt"), n_trees=3, seed=1)
    assert not forest.ensemble.is_classifier


def test_a_bagged_value_checks_its_counts() -> None:
    forest = bag(load("golf"), n_trees=2)
    with pytest.raises(DtreeError, match="needs as many rows of counts"):
        Bagged(forest.ensemble, forest.counts[:1])
    with pytest.raises(DtreeError, match="lengths differ"):
        Bagged(forest.ensemble, (forest.counts[0], forest.counts[1][:-1]))


# -- random forests -------------------------------------------------------------------------


def splits_with_keys(tree: Tree) -> list[tuple[int, Split]]:
    """Every split of the tree with its node key (root 0, child k of key c: child(c, k))."""
    found, stack = [], [(0, tree)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, Split):
            found.append((key, node))
            stack.extend((child(key, b), branch.subtree) for b, branch in enumerate(node.branches))
    return found


@pytest.mark.parametrize("max_features", ["sqrt", "log2", 2, 0.5])
def test_every_split_of_a_forest_is_on_an_attribute_drawn_for_its_node(
    max_features: str | int | float,
) -> None:
    data = load("restaurant")
    names = data.schema.names
    k = features_per_node(max_features, len(names))  # type: ignore[arg-type]
    forest = random_forest(data, n_trees=5, max_features=max_features, seed=4)  # type: ignore[arg-type]
    splits = 0
    for t, tree in enumerate(forest.ensemble.trees):
        for key, split in splits_with_keys(tree):
            attribute = split.branches[0].condition.attribute
            assert attribute in subset(names, k, member_seed(4, t), "features", key)
            splits += 1
    assert splits > 5


def test_a_regression_forest_draws_attributes_too() -> None:
    """Petal width from the other measurements, one attribute drawn at a node: the members
    differ from the bagged trees of all attributes, and predict within the data's range."""
    iris = load("iris")
    columns = {name: iris.column(name) for name in iris.schema.names}
    data = Dataset.from_columns(columns, target="petal_width")
    forest = random_forest(data, n_trees=4, max_features=1, learner=REGRESSION, seed=1)
    bagged = bag(data, REGRESSION, n_trees=4, seed=1)
    assert forest.counts == bagged.counts
    assert forest.ensemble.trees != bagged.ensemble.trees
    for example in data.examples():
        assert 0.1 <= float(predict(forest.ensemble, example)) <= 2.5


def test_best_first_growth_draws_attributes_by_the_same_node_keys() -> None:
    """max_leaf_nodes grows in another order; a node's draw is named by its path alone, so
    the best-first tree's splits are among the attributes drawn for their nodes."""
    data = load("restaurant")
    learner = evolve(CART, max_features=2, max_leaf_nodes=6, seed=5)
    splits = splits_with_keys(grow(learner, data))
    assert len(splits) == 5
    for key, split in splits:
        drawn = subset(data.schema.names, 2, 5, "features", key)
        assert split.branches[0].condition.attribute in drawn


def test_drawing_every_attribute_is_drawing_none() -> None:
    iris = load("iris")
    for share in (1.0, 4):
        everything = evolve(CART, max_features=share, seed=11)
        assert grow(everything, iris) == grow(CART, iris)


def test_a_forest_tree_differs_from_the_full_tree() -> None:
    restaurant = load("restaurant")
    assert grow(evolve(CART, max_features=1, seed=0), restaurant) != grow(CART, restaurant)


CONSTANT_FIRST = Dataset.from_columns(
    {"flat": [0.0] * 6, "x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], "y": list("aaabbb")}, target="y"
)


def test_a_node_whose_drawn_attributes_do_not_split_is_a_leaf() -> None:
    """With one attribute a node and 'flat' drawn, dtree draws no other ('no_candidate'),
    where scikit-learn would go on to draw 'x'."""
    seeds = {
        s: considered(*start(evolve(CART, max_features=1, seed=s), CONSTANT_FIRST))
        for s in range(10)
    }
    flat = next(s for s, drawn in seeds.items() if tuple(drawn) == (0,))
    other = next(s for s, drawn in seeds.items() if tuple(drawn) == (1,))
    learner = evolve(CART, max_features=1, seed=flat)
    assert decide(root(learner, CONSTANT_FIRST)).stop == "no_candidate"
    assert isinstance(grow(learner, CONSTANT_FIRST), Leaf)
    assert isinstance(grow(evolve(learner, seed=other), CONSTANT_FIRST), Split)


def test_the_node_api_knows_the_draw() -> None:
    """decide lists only the drawn attributes' candidates; assess refuses a split on
    another, and gives the grower's score to one on a drawn one."""
    tennis = load("play-tennis")
    learner = evolve(ID3, max_features=2, seed=1)
    node = root(learner, tennis)
    drawn = subset(tennis.schema.names, 2, 1, "features", 0)
    assert node.key == 0
    decision = decide(node)
    assert {c.conditions[0].attribute for c in decision.candidates} == set(drawn)
    assert decision.best is not None
    assert decision.best.conditions[0].attribute in drawn
    undrawn = next(a for a in tennis.schema.attributes if a.name not in drawn)
    values: Sequence[str] = undrawn.domain.values  # type: ignore[union-attr]
    refusal = assess(node, [Equals(undrawn.name, v) for v in values])
    assert isinstance(refusal, str)
    assert "not among the attributes drawn" in refusal
    assert assess(node, decision.best.conditions) == decision.best
    below = children(node, decision.best.conditions)
    assert [n.key for n in below] == [child(0, b) for b in range(len(below))]


@pytest.mark.parametrize("learner", [evolve(CART, max_features=2), evolve(ID3, max_features=1)])
def test_the_node_api_walks_a_forest_tree_as_the_grower_grew_it(learner: Learner) -> None:
    """compare, which asks node.decide, assess and children at every node, finds a tree
    grown with feature draws the same as itself, node for node."""
    restaurant = load("restaurant")
    for seed in range(3):
        drawn = evolve(learner, seed=seed)
        tree = grow(drawn, restaurant)
        comparison = compare(tree, tree, restaurant, drawn)
        assert {node.verdict for node in comparison.nodes} == {"same"}
        assert comparison.agrees


# -- out of bag -----------------------------------------------------------------------------


def test_oob_predictions_use_the_members_a_row_is_out_of() -> None:
    tennis = load("play-tennis")
    forest = bag(tennis, n_trees=6, seed=3)
    for i, (example, oob) in enumerate(
        zip(tennis.examples(), oob_predictions(forest, tennis), strict=True)
    ):
        out = [t for t in range(6) if forest.counts[t][i] == 0]
        if not out:
            assert oob is None
            continue
        members = Ensemble(
            "average",
            tuple(forest.ensemble.trees[t] for t in out),
            (1,) * len(out),
            tennis.schema.classes,
        )
        assert oob == predict(members, example)


def test_the_oob_error_by_hand() -> None:
    """Two members, each trained on one half: each half is predicted by the other half's
    tree, a one-leaf tree here (each half is pure)."""
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": list("aabb")}, target="y")
    forest = bag(data, counts=[[1, 1, 0, 0], [0, 0, 1, 1]])
    assert oob_predictions(forest, data) == ("b", "b", "a", "a")
    assert oob_error(forest, data) == 1
    both = bag(data, counts=[[1, 1, 0, 0], [0, 0, 1, 1], [2, 0, 2, 0]])
    assert oob_predictions(both, data)[1] == "a"  # members 1 and 2: b (1) and a (1), tie to a
    assert oob_error(both, data) == Fraction(3, 4)


def test_the_oob_error_of_a_regression_forest_is_a_mean_squared_error() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0, 6.0]}, target="y")
    forest = bag(data, REGRESSION, counts=[[1, 1, 0], [0, 1, 1]])
    # row 0 by member 1 (mean of rows 1, 2 split at 2.5: x = 1 goes left, 2.0), row 2 by
    # member 0 (x = 3 goes right: 2.0); row 1 is in both bags.
    assert oob_predictions(forest, data) == (2.0, None, 2.0)
    assert oob_error(forest, data) == pytest.approx(((2 - 1) ** 2 + (2 - 6) ** 2) / 2)


def test_the_oob_error_refuses_other_data_and_bags_without_oob_rows() -> None:
    golf = load("golf")
    with pytest.raises(DtreeError, match="bagged from 14 rows; the data has 150"):
        oob_predictions(bag(golf, n_trees=2), load("iris"))
    with pytest.raises(DtreeError, match="no row is out of bag"):
        oob_error(bag(golf, counts=[[1] * 14]), golf)


def test_the_oob_error_of_a_forest_estimates_its_error_on_new_rows() -> None:
    """On a noisy threshold problem the OOB error is near the error on fresh rows."""
    rng = random.Random(0)

    def draw(n: int) -> Dataset:
        xs = [rng.random() for _ in range(n)]
        ys = ["a" if (x < 0.5) != (rng.random() < 0.2) else "b" for x in xs]
        return Dataset.from_columns({"x": xs, "y": ys}, target="y", classes=("a", "b"))

    train, fresh = draw(200), draw(400)
    forest = bag(train, n_trees=30, seed=1)
    wrong = sum(map(str.__ne__, predict_many(forest.ensemble, fresh.examples()), fresh.labels))  # type: ignore[arg-type]
    assert abs(float(oob_error(forest, train)) - wrong / 400) < 0.1


# -- scikit-learn: the same trees from the same counts --------------------------------------


def matrix(data: Dataset) -> Any:
    return np.array([[float(column[r]) for column in data.columns] for r in data.rows])  # type: ignore[arg-type]


def labels(data: Dataset) -> Any:
    classes = data.schema.is_classification
    return np.array(data.labels, dtype=str if classes else np.float64)


def tie_free(n: int, width: int, *, seed: int, regression: bool = False) -> Dataset:
    """n rows of ``width`` attributes, every value distinct and a multiple of 1/4 (exact in
    float32, as scikit-learn reads them); classes a, b, c or whole numbers at random."""
    rng = random.Random(seed)
    columns: dict[str, Sequence[Value]] = {
        f"x{j}": [v / 4 for v in rng.sample(range(40 * n), n)] for j in range(width)
    }
    columns["y"] = (
        [float(rng.randrange(1000)) for _ in range(n)]
        if regression
        else [rng.choice("abc") for _ in range(n)]
    )
    return Dataset.from_columns(columns, target="y")


def fresh_rows(data: Dataset, n: int) -> list[dict[str, Value]]:
    """n new examples: values between and beyond the training values."""
    rng = random.Random(1)
    names = data.schema.names
    return [{name: rng.uniform(-5.0, 45 * len(data)) / 4 for name in names} for _ in range(n)]


def sklearn_member(data: Dataset, counts: Sequence[int]) -> Any:
    kind = DecisionTreeClassifier if data.schema.is_classification else DecisionTreeRegressor
    return kind(random_state=0).fit(
        matrix(data), labels(data), sample_weight=np.array(counts, dtype=float)
    )


def their_answers(estimator: Any, rows: Sequence[dict[str, Value]], regression: bool) -> Any:
    x = np.array([list(row.values()) for row in rows], dtype=float)
    return estimator.predict(x) if regression else estimator.predict_proba(x)


def our_answers(model: Tree | Ensemble, rows: Sequence[dict[str, Value]]) -> Any:
    if isinstance(model, Ensemble):
        if not model.classes:
            return np.array([predict(model, row) for row in rows], dtype=float)
        return np.array([[float(p) for p in predict_proba(model, row).values()] for row in rows])
    if isinstance(model.stats, Moments):
        return np.array([predict(model, row) for row in rows], dtype=float)
    return np.array([[float(p) for p in predict_proba(model, row).values()] for row in rows])


@pytest.mark.parametrize("regression", [False, True])
def test_given_the_counts_the_members_are_scikit_learns_trees(regression: bool) -> None:
    """One attribute, every value distinct: no two splits tie, so scikit-learn's trees
    fit with sample_weight = the counts are dtree's members node for node, and the two
    forests give the same probabilities (values) on the training rows and on fresh rows."""
    data = tie_free(40, 1, seed=0, regression=regression)
    forest = bag(data, REGRESSION if regression else CART, n_trees=10, seed=0)
    rows = list(data.examples()) + fresh_rows(data, 200)
    theirs = []
    for tree, counts in zip(forest.ensemble.trees, forest.counts, strict=True):
        estimator = sklearn_member(data, counts)
        sample = weighted(data, counts)
        comparison = compare(
            from_sklearn(estimator, sample), tree, sample, REGRESSION if regression else CART
        )
        assert comparison.agrees
        assert {node.verdict for node in comparison.nodes} == {"same"}
        assert not any(node.conditions_differ for node in comparison.nodes)
        answers = their_answers(estimator, rows, regression)
        np.testing.assert_allclose(our_answers(tree, rows), answers, rtol=1e-12, atol=1e-12)
        theirs.append(answers)
    np.testing.assert_allclose(
        our_answers(forest.ensemble, rows), np.mean(theirs, axis=0), rtol=1e-12, atol=1e-12
    )


@pytest.mark.parametrize("regression", [False, True])
def test_with_more_attributes_the_members_agree_up_to_ties(regression: bool) -> None:
    """Three attributes: a small node is often split as well by any of them (scikit-learn
    visits the features in a random order, dtree in schema order), so the trees agree up
    to such ties, and predict alike on every row of the sample (a row out of the sample is
    a new row to the member: tied splits may send it different ways)."""
    learner = REGRESSION if regression else CART
    data = tie_free(40, 3, seed=1, regression=regression)
    forest = bag(data, learner, n_trees=10, seed=2)
    examples = list(data.examples())
    for tree, counts in zip(forest.ensemble.trees, forest.counts, strict=True):
        estimator = sklearn_member(data, counts)
        sample = weighted(data, counts)
        rows = [example for example, c in zip(examples, counts, strict=True) if c > 0]
        assert compare(from_sklearn(estimator, sample), tree, sample, learner).agrees
        np.testing.assert_allclose(
            our_answers(tree, rows), their_answers(estimator, rows, regression), rtol=1e-12
        )


@thorough(200)
@given(
    st.lists(st.integers(-100, 100), min_size=2, max_size=25, unique=True),
    st.data(),
)
def test_generated_counts_give_scikit_learns_trees(xs: list[int], draw: st.DataObject) -> None:
    n = len(xs)
    ys = draw.draw(st.lists(st.sampled_from("ab"), min_size=n, max_size=n))
    counts = draw.draw(
        st.lists(st.lists(st.integers(0, 3), min_size=n, max_size=n), min_size=1, max_size=3)
    )
    data = Dataset.from_columns({"x": [x / 2 for x in xs], "y": ys}, target="y")
    counts = [c for c in counts if any(c)] or [[1] * n]
    forest = bag(data, counts=counts)
    for tree, member in zip(forest.ensemble.trees, forest.counts, strict=True):
        sample = weighted(data, member)
        comparison = compare(from_sklearn(sklearn_member(data, member), sample), tree, sample, CART)
        assert comparison.agrees, comparison.text()


@pytest.mark.parametrize("regression", [False, True])
def test_scikit_learns_forest_is_dtrees_bag_of_its_counts(regression: bool) -> None:
    """RandomForestClassifier (Regressor) with all features, fit on tie-free data of one
    attribute: bagging with its members' counts (from ``estimators_samples_``) gives the
    same members and the same probabilities (values), on the training rows and fresh ones,
    and the same out-of-bag predictions: its oob_score_ is 1 - the out-of-bag error (for a
    regressor, its oob_prediction_ are dtree's)."""
    data = tie_free(50, 1, seed=3, regression=regression)
    kind = RandomForestRegressor if regression else RandomForestClassifier
    theirs = kind(n_estimators=30, max_features=None, random_state=0, oob_score=True).fit(
        matrix(data), labels(data)
    )
    counts = [np.bincount(s, minlength=len(data)).tolist() for s in theirs.estimators_samples_]
    ours = bag(data, REGRESSION if regression else CART, counts=counts)
    assert any(0 in c for c in counts)  # real bootstraps: rows left out, rows drawn twice
    assert any(2 in c for c in counts)
    oob = oob_predictions(ours, data)
    assert None not in oob  # every row is out of some bag, as scikit-learn needs
    if regression:
        np.testing.assert_allclose(oob, theirs.oob_prediction_, rtol=1e-12)  # type: ignore[arg-type]
    else:
        assert float(oob_error(ours, data)) == pytest.approx(1 - theirs.oob_score_, abs=1e-12)
    rows = list(data.examples()) + fresh_rows(data, 200)
    np.testing.assert_allclose(
        our_answers(ours.ensemble, rows),
        their_answers(theirs, rows, regression),
        rtol=1e-12,
        atol=1e-12,
    )
