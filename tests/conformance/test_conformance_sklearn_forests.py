"""dtree.conformance.sklearn_forests: scikit-learn's forests checked member by member.

Live scikit-learn: small forests (3 to 5 members) on iris, on a regression
of iris and on generated data, classifier and regressor, bootstrap on and
off, ``max_samples``, ``class_weight`` balanced and balanced_subsample: every
member's weights reproduced (checked against the forest's own record),
every member agreeing node by node with dtree's tree (best splitter, every
attribute) or admissible (otherwise), the out-of-bag estimate and the
predictions reproduced.  A bug planted in a member (a threshold moved out of
its node's range, a leaf's value altered) or in the forest's out-of-bag
score is found.
"""

from __future__ import annotations

import copy
import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("sklearn")

from hypothesis import given, settings
from hypothesis import strategies as st

from dtree.conformance.sklearn_forests import (
    ForestCheck,
    check_forest,
    member_weights,
    sklearn_forest,
)
from dtree.conformance.verdicts import Comparison, NodeVerdict
from dtree.dataset import Attribute, Dataset, Numeric
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.strategies import datasets, regression_datasets

IRIS = load("iris")
LENGTHS = IRIS.with_target(Attribute("y", Numeric()), [float(str(v)) for v in IRIS.columns[0]])
WEIGHTED = IRIS.with_weights([1 + r % 3 for r in range(len(IRIS))])


@pytest.fixture(autouse=True)
def _few_members_warn() -> Iterator[None]:
    """scikit-learn warns when a row is out of no member's bag, as with 3 members."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Some inputs do not have OOB scores")
        yield


def _agrees_but_pure_splits(result: ForestCheck) -> bool:
    """Nothing found about the forest, and every member agrees or is admissible, except where
    scikit-learn's float sums of weights that are not dyadic decide: it splits a node whose
    exact impurity is 0 (its float impurity is not: 7.1e-15 for a constant target 4.8 of
    weights 1, 2, 1, 3, 1), which the comparison names as gaining nothing, or it takes a
    split that scores less than dtree's by a rounding (under 1e-12)."""
    if result.findings:
        return False
    for member in result.members:
        if member.agrees:
            continue
        if not isinstance(member.result, Comparison):
            return False
        if not all(map(_rounding, member.result.disagreements)):
            return False
    return True


def _rounding(node: NodeVerdict) -> bool:
    if node.gainless is not None:
        return True
    theirs, ours = node.their_score, node.our_score
    if node.verdict != "real" or theirs is None or ours is None:
        return False
    return abs(float(theirs) - float(ours)) < 1e-12


def _hows(result: ForestCheck) -> set[str]:
    return {member.how for member in result.members}


@pytest.mark.parametrize(
    ("data", "kind", "params", "how"),
    [
        (IRIS, "random", {"max_features": None, "oob_score": True}, "node by node"),
        (IRIS, "random", {"max_features": None, "bootstrap": False}, "node by node"),
        (
            IRIS,
            "random",
            {"max_features": None, "max_samples": 0.5, "oob_score": True},
            "node by node",
        ),
        (IRIS, "random", {"max_samples": 40, "oob_score": True}, "admissibility"),
        (
            IRIS,
            "random",
            {"max_features": None, "class_weight": "balanced", "oob_score": True},
            "node by node",
        ),
        (
            IRIS,
            "random",
            {"max_features": None, "class_weight": "balanced_subsample", "oob_score": True},
            "node by node",
        ),
        (
            IRIS,
            "random",
            {"max_features": None, "class_weight": "balanced_subsample", "bootstrap": False},
            "node by node",
        ),
        (IRIS, "random", {"class_weight": {"setosa": 3, "virginica": 2}}, "admissibility"),
        (WEIGHTED, "random", {"max_features": None, "oob_score": True}, "node by node"),
        (WEIGHTED, "random", {"max_samples": 0.3, "class_weight": "balanced"}, "admissibility"),
        (WEIGHTED, "random", {"max_features": None, "bootstrap": False}, "node by node"),
        (IRIS, "extra", {"bootstrap": True, "oob_score": True}, "admissibility"),
        (IRIS, "extra", {"max_depth": 3, "min_samples_leaf": 4}, "admissibility"),
        (IRIS, "random", {"max_features": None, "min_samples_leaf": 3}, "node by node"),
        (LENGTHS, "random", {"oob_score": True}, "node by node"),
        (LENGTHS, "random", {"max_features": 2, "oob_score": True}, "admissibility"),
        (
            LENGTHS,
            "extra",
            {"bootstrap": True, "max_samples": 0.7, "oob_score": True},
            "admissibility",
        ),
    ],
)
def test_every_member_agrees_or_is_admissible(
    data: Dataset, kind: Any, params: dict[str, object], how: str
) -> None:
    result = check_forest(sklearn_forest(data, kind, n_estimators=4, **params), data)
    assert _agrees_but_pure_splits(result), result.text()
    assert _hows(result) == {how}


def test_a_member_compared_node_by_node_names_its_ties() -> None:
    result = check_forest(sklearn_forest(IRIS, n_estimators=5, max_features=None), IRIS)
    comparisons = [m.result for m in result.members if isinstance(m.result, Comparison)]
    assert len(comparisons) == 5
    assert all(c.counts["real"] == 0 for c in comparisons)
    assert sum(c.counts["same"] for c in comparisons) > 0


def test_a_member_that_cannot_be_grown_says_why() -> None:
    result = check_forest(sklearn_forest(IRIS, n_estimators=3, min_samples_leaf=3), IRIS)
    assert {m.why for m in result.members} == {"max_features='sqrt'"}
    pruned = sklearn_forest(
        LENGTHS, n_estimators=2, criterion="absolute_error", ccp_alpha=0.01, max_features=None
    )
    refused = check_forest(pruned, LENGTHS)
    assert all("prunes a regression tree by squared error" in m.why for m in refused.members)
    assert "admissibility" in refused.text()


def test_member_weights_are_the_forests_draws() -> None:
    forest = sklearn_forest(IRIS, n_estimators=3, max_samples=30)
    for weights, member, drawn in zip(
        member_weights(forest, IRIS), forest.estimators_, forest.estimators_samples_, strict=True
    ):
        assert sum(weights) == 30
        assert sorted(r for r, w in enumerate(weights) for _ in range(int(w))) == sorted(
            drawn.tolist()
        )
        assert member.tree_.weighted_n_node_samples[0] == 30


def test_balanced_subsample_weighs_each_drawn_class_by_its_share_of_the_draw() -> None:
    forest = sklearn_forest(IRIS, n_estimators=3, class_weight="balanced_subsample", max_samples=20)
    for weights, drawn in zip(
        member_weights(forest, IRIS), forest.estimators_samples_, strict=True
    ):
        labels = [str(IRIS.target[r]) for r in drawn.tolist()]
        present = set(labels)
        for label in present:  # count x n_b / (k' c): each class drawn weighs n_b / k'
            rows = [r for r, w in enumerate(weights) if w and str(IRIS.target[r]) == label]
            assert sum(weights[r] for r in rows) == pytest.approx(20 / len(present), rel=1e-12)
            for r in rows:
                times = drawn.tolist().count(r)
                assert weights[r] == times * (20 / (len(present) * labels.count(label)))


def test_a_bootstrap_drawn_by_weights_differs_from_one_drawn_uniformly() -> None:
    uniform = member_weights(sklearn_forest(IRIS, n_estimators=1), IRIS)
    weighted = member_weights(sklearn_forest(WEIGHTED, n_estimators=1), WEIGHTED)
    assert uniform != weighted
    assert sum(weighted[0]) == len(IRIS)  # the weights are in the draw, not in the member


def _planted(forest: Any, member: int, array: str, node: int, value: float) -> Any:
    planted = copy.deepcopy(forest)
    getattr(planted.estimators_[member].tree_, array)[node] = value
    return planted


def test_a_threshold_moved_out_of_its_nodes_range_is_found() -> None:
    forest = sklearn_forest(IRIS, "extra", n_estimators=3, max_depth=3)
    result = check_forest(_planted(forest, 1, "threshold", 0, 100.0), IRIS)
    assert not result.agrees
    assert [m.agrees for m in result.members] == [True, False, True]
    assert "inadmissible: scikit-learn's node 0" in result.text()


def test_a_leaf_value_altered_is_found_in_the_member_and_the_predictions() -> None:
    forest = sklearn_forest(IRIS, n_estimators=3, max_features=None, max_depth=2)
    tree = forest.estimators_[2].tree_
    leaf = next(k for k in range(tree.node_count) if tree.children_left[k] == -1)
    planted = copy.deepcopy(forest)
    planted.estimators_[2].tree_.value[leaf, 0, :] = [0.0, 0.0, 1.0]
    result = check_forest(planted, IRIS)
    assert [m.agrees for m in result.members] == [True, True, False]
    assert any("predict_proba" in f.what for f in result.findings)


def test_an_oob_score_altered_is_found() -> None:
    forest = sklearn_forest(IRIS, n_estimators=5, oob_score=True)
    assert check_forest(forest, IRIS).agrees
    planted = copy.deepcopy(forest)
    planted.oob_score_ = forest.oob_score_ - 0.1
    (finding,) = check_forest(planted, IRIS).findings
    assert finding.what == "scikit-learn's oob_score_"
    moved = copy.deepcopy(forest)
    moved.oob_decision_function_[7, 0] += 0.01
    assert any("oob_decision_function_" in f.what for f in check_forest(moved, IRIS).findings)


def test_a_regressors_oob_prediction_is_reproduced() -> None:
    forest = sklearn_forest(LENGTHS, n_estimators=4, oob_score=True)
    assert _agrees_but_pure_splits(check_forest(forest, LENGTHS))
    planted = copy.deepcopy(forest)
    planted.oob_prediction_[3] += 1e-6
    assert any("oob_prediction_" in f.what for f in check_forest(planted, LENGTHS).findings)


def test_a_near_tie_of_squared_error_is_decided_by_scikit_learns_float_sums() -> None:
    # Member 4 of this forest cuts sepal_length at 4.55 where 4.65 scores 2.7e-17 more
    # (exactly): scikit-learn's float sums rank the two otherwise, and compare calls it real.
    # (Every member also splits nodes of one target value, which scikit-learn's float
    # impurity of the bootstrap's weights leaves above its EPSILON: each is named.)
    forest = sklearn_forest(LENGTHS, n_estimators=5)
    result = check_forest(forest, LENGTHS)
    comparisons = [m.result for m in result.members]
    assert all(isinstance(c, Comparison) for c in comparisons)
    assert [c.counts["real"] for c in comparisons if isinstance(c, Comparison)] == [0, 0, 0, 0, 1]
    stops = [n for c in comparisons if isinstance(c, Comparison) for n in c.disagreements]
    assert {n.gainless is not None for n in stops if n.verdict != "real"} == {True}
    last = result.members[4].result
    assert isinstance(last, Comparison)
    (real,) = [node for node in last.nodes if node.verdict == "real"]
    assert real.their_score is not None
    assert real.our_score is not None
    assert 0 < real.our_score - real.their_score < 1e-15


def test_a_forest_fit_on_other_data_has_findings() -> None:
    forest = sklearn_forest(IRIS, n_estimators=3, max_features=None)
    result = check_forest(forest, WEIGHTED)
    assert not result.agrees


def test_what_is_not_a_forest_is_refused() -> None:
    with pytest.raises(DtreeError, match="not a RandomForest or ExtraTrees"):
        check_forest(object(), IRIS)
    with pytest.raises(DtreeError, match="differ in kind"):
        check_forest(sklearn_forest(IRIS, n_estimators=2), LENGTHS)


@settings(max_examples=12, deadline=None)
@given(
    data=datasets(
        min_rows=4,
        max_rows=25,
        weighted=True,
        min_attributes=2,
        max_attributes=2,
        min_numeric=2,
        max_numeric=2,
    )
    | regression_datasets(
        min_rows=4,
        max_rows=25,
        weighted=True,
        min_attributes=2,
        max_attributes=2,
        min_numeric=2,
        max_numeric=2,
    ),
    kind=st.sampled_from(["random", "extra"]),
    features=st.sampled_from([None, 1]),
    bootstrap=st.booleans(),
    seed=st.integers(0, 50),
)
def test_forests_on_generated_data_agree_or_are_admissible(
    data: Dataset, kind: Any, features: int | None, bootstrap: bool, seed: int
) -> None:
    params: dict[str, object] = {"bootstrap": bootstrap, "max_features": features}
    if bootstrap and data.schema.is_classification:
        params["class_weight"] = "balanced_subsample"
    forest = sklearn_forest(data, kind, n_estimators=3, random_state=seed, **params)
    result = check_forest(forest, data)
    assert _agrees_but_pure_splits(result), result.text()


def test_an_oob_score_of_the_forests_own_function_is_not_checked_its_decisions_are() -> None:
    def wrong(y: Any, decision: Any) -> float:
        del y, decision
        return -1.0

    forest = sklearn_forest(IRIS, n_estimators=4, oob_score=wrong)
    assert check_forest(forest, IRIS).agrees
    planted = copy.deepcopy(forest)
    planted.oob_decision_function_[0, 0] += 0.01
    assert not check_forest(planted, IRIS).agrees


def test_a_release_that_draws_otherwise_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import sklearn  # noqa: PLC0415

    forest = sklearn_forest(IRIS, n_estimators=2)
    monkeypatch.setattr(sklearn, "__version__", "1.8.2")
    with pytest.raises(DtreeError, match="draws a forest's rows uniformly"):
        member_weights(forest, IRIS)


def test_a_forest_under_monotonic_constraints_is_checked_under_them() -> None:
    """Each member is grown under the forest's monotonic_cst, its clipped leaf values read as
    they are: the members agree, but for scikit-learn's splits of pure nodes."""
    rng = random.Random(0)
    xs = [[rng.random() for _ in range(60)] for _ in range(2)]
    y = [round(a * 3 + b + rng.random(), 2) for a, b in zip(*xs, strict=True)]
    data = Dataset.from_columns({"a": xs[0], "b": xs[1], "y": y}, target="y")
    forest = sklearn_forest(data, n_estimators=3, max_features=None, monotonic_cst=[1, 0])
    result = check_forest(forest, data)
    assert _hows(result) == {"node by node"}
    assert _agrees_but_pure_splits(result), result.text()
    comparisons = [m.result for m in result.members if isinstance(m.result, Comparison)]
    assert sum(c.counts["same"] for c in comparisons) > 100
