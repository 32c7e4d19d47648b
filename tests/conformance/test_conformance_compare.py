"""dtree.conformance.compare: their tree against ours, node by node.

The laws: a tree compared with itself (read back through
``routing.restated``, as every reader gives a foreign tree its statistics)
is the same at every node; a tree grown with the attributes in another
order differs from ours only by ties; a planted change is found at the node
where it was planted, with the right verdict.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from attrs import evolve
from helpers import sklearn_stump
from hypothesis import given
from hypothesis import strategies as st

from dtree.arithmetic import float32
from dtree.conditions import Above, AtMost, Equals
from dtree.conformance import Finding, Reading, compare
from dtree.conformance.learners import learner_for
from dtree.conformance.sklearn import arrays_reading
from dtree.conformance.sklearn_fit import fit_sklearn
from dtree.conformance.verdicts import SHOWN_FINDINGS
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Schema
from dtree.datasets import load
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.prune import truncate
from dtree.routing import restated
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Branch, Leaf, Split, Tree, nodes

LEARNERS = {
    "id3": Learner(missing="fractional"),
    "c45": C45,
    "cart": Learner(impurity="gini", nominal="subsets", missing="fractional"),
    "cart-entropy": Learner(impurity="entropy", nominal="subsets", missing="fractional"),
    "shallow": Learner(impurity="gini", max_depth=2, min_samples_leaf=2, missing="fractional"),
}


def reordered(data: Dataset, order: list[int]) -> Dataset:
    """The same data with the attributes in another order."""
    attributes = tuple(data.schema.attributes[k] for k in order)
    return Dataset(
        Schema(attributes, data.schema.target),
        tuple(data.columns[k] for k in order),
        data.target,
        data.weights,
        data.rows,
    )


@given(
    datasets(max_rows=25, max_numeric=2, weighted=True, missing=True),
    st.sampled_from(sorted(LEARNERS)),
)
def test_a_tree_read_back_is_the_same_at_every_node(data: Dataset, name: str) -> None:
    learner = LEARNERS[name]
    ours = grow(learner, data)
    result = compare(restated(ours, data), ours, data, learner)
    assert result.agrees, result.text()
    assert dict(result.counts) == {**dict.fromkeys(result.counts, 0), "same": len(result.nodes)}
    assert len(result.nodes) == sum(1 for _ in nodes(ours))


@given(regression_datasets(max_rows=25, max_numeric=3))
def test_a_regression_tree_read_back_is_the_same(data: Dataset) -> None:
    learner = Learner(impurity="squared_error", nominal="subsets")
    ours = grow(learner, data)
    assert compare(restated(ours, data), ours, data, learner).agrees


@given(
    datasets(max_rows=25, min_attributes=2, max_numeric=2, weighted=True),
    st.sampled_from(sorted(LEARNERS)),
    st.randoms(use_true_random=False),
)
def test_another_attribute_order_changes_only_ties(
    data: Dataset, name: str, random: st.SearchStrategy[object]
) -> None:
    """Attribute order decides only between splits of equal score: a tree grown with the
    attributes in another order is ours but for ties (and what lies below them)."""
    learner = LEARNERS[name]
    order = list(range(len(data.schema.attributes)))
    random.shuffle(order)  # type: ignore[attr-defined]
    theirs = restated(grow(learner, reordered(data, order)), data)
    result = compare(theirs, grow(learner, data), data, learner)
    assert result.counts["real"] == 0, result.text()
    assert result.counts["stopped"] == 0, result.text()
    assert result.agrees, result.text()


def test_a_tied_c45_threshold_is_placed_among_the_rows_of_positive_weight() -> None:
    """C4.5 places a threshold at the largest training value not above the midpoint, among
    the rows the grower sees: a row of weight 0 (b = 0.25 here) is no training value, so
    the other order's tie on b is where C4.5 puts it."""
    data = Dataset.from_columns(
        {"a": [0.0, 0.0, 0.25], "b": [0.0, 0.25, 0.75], "y": ["aa", "a", "a"]},
        target="y",
        weights=[2, 0, 2],
    )
    learner = LEARNERS["c45"]
    theirs = restated(grow(learner, reordered(data, [1, 0])), data)
    result = compare(theirs, grow(learner, data), data, learner)
    assert result.nodes[0].verdict == "tie"
    assert result.agrees, result.text()


def test_xor_in_the_other_order_is_a_tie_at_the_root() -> None:
    data = load("xor")
    learner = ID3
    theirs = restated(grow(learner, reordered(data, [1, 0])), data)
    result = compare(theirs, grow(learner, data), data, learner)
    assert result.nodes[0].verdict == "tie"
    assert result.nodes[0].their_score == result.nodes[0].our_score == 0
    assert dict(result.counts) == {
        "same": 0,
        "tie": 1,
        "real": 0,
        "stopped": 0,
        "below_tie": 6,
        "below_disagreement": 0,
    }
    assert result.agrees
    assert result.differing_rows == ()


def split(tree: Tree) -> Split:
    assert isinstance(tree, Split)
    return tree


def _replaced(tree: Tree, path: list[int], subtree: Tree) -> Tree:
    if not path:
        return subtree
    assert isinstance(tree, Split)
    branches = list(tree.branches)
    branch = branches[path[0]]
    branches[path[0]] = Branch(branch.condition, _replaced(branch.subtree, path[1:], subtree))
    return Split(tuple(branches), tree.stats)


def test_a_leaf_predicting_a_minority_is_a_real_disagreement() -> None:
    data = load("play-tennis")
    ours = split(grow(ID3, data))
    leaf = split(ours.branches[2].subtree).branches[0].subtree  # Sunny, High: No
    assert isinstance(leaf, Leaf)
    assert leaf.prediction == "No"
    theirs = _replaced(ours, [2, 0], Leaf("Yes", leaf.stats))
    result = compare(theirs, ours, data, ID3)
    (wrong,) = result.disagreements
    assert wrong.verdict == "real"
    assert wrong.path == ("Outlook = Sunny", "Humidity = High")
    assert len(result.differing_rows) == 3
    assert not result.agrees


def test_a_plurality_tie_at_a_leaf_is_a_tie() -> None:
    data = Dataset.from_records(
        [{"x": "a", "y": "p"}, {"x": "a", "y": "q"}, {"x": "b", "y": "q"}], target="y"
    )
    ours = split(grow(ID3, data))
    leaf = ours.branches[0].subtree
    assert isinstance(leaf, Leaf)
    assert leaf.prediction == "p"
    theirs = _replaced(ours, [0], Leaf("q", leaf.stats))
    result = compare(theirs, ours, data, ID3)
    assert [node.verdict for node in result.nodes] == ["same", "tie", "same"]
    assert result.agrees


def test_a_worse_split_deep_down_is_found_where_it_is() -> None:
    data = load("play-tennis")
    ours = split(grow(ID3, data))
    rain = ours.branches[1].subtree
    assert isinstance(rain, Split)
    assert rain.attribute == "Wind"
    temperature = Split(
        tuple(
            Branch(Equals("Temperature", v), Leaf("Yes", ClassStats(("No", "Yes"), (0, 0))))
            for v in ("Cool", "Hot", "Mild")
        ),
        rain.stats,
    )
    theirs = restated(_replaced(ours, [1], temperature), data)
    result = compare(theirs, ours, data, ID3)
    (wrong,) = result.disagreements
    assert wrong.path == ("Outlook = Rain",)
    assert wrong.our_score is not None
    assert wrong.their_score is not None
    assert wrong.our_score > wrong.their_score
    assert "first real disagreement, at Outlook = Rain" in result.text()
    assert "ours scores better" in result.text()


def test_a_threshold_moved_within_its_gap_is_the_same_partition_placed_otherwise() -> None:
    """The same partition of the node's rows, the threshold elsewhere in the gap: the two
    trees predict otherwise on the new values between 75 and 77.5, so they disagree."""
    data = load("golf")
    ours = split(grow(C45, data))
    sunny = ours.branches[2].subtree
    assert isinstance(sunny, Split)
    assert sunny.branches[0].condition == AtMost("humidity", 75)
    moved = Split(
        (
            Branch(AtMost("humidity", 77.5), sunny.branches[0].subtree),
            Branch(Above("humidity", 77.5), sunny.branches[1].subtree),
        ),
        sunny.stats,
    )
    result = compare(restated(_replaced(ours, [2], moved), data), ours, data, C45)
    assert not result.agrees
    (changed,) = [node for node in result.nodes if node.conditions_differ]
    assert changed.path == ("outlook = sunny",)
    assert changed.verdict == "same"
    assert changed.placements == ("midpoint", "c45")
    assert result.disagreements == (changed,)
    assert (
        "their threshold is at the midpoint, where the learner puts it at C4.5's largest"
        in result.text()
    )


def test_stopping_early_names_the_rule() -> None:
    data = load("play-tennis")
    shallow = Learner(max_depth=1)
    result = compare(restated(grow(ID3, data), data), grow(shallow, data), data, shallow)
    stopped = [node for node in result.nodes if node.verdict == "stopped"]
    assert {node.rule for node in stopped} == {"max_depth"}
    assert {node.side for node in stopped} == {"ours"}
    assert not result.agrees


def test_their_unexplained_stop_is_a_disagreement() -> None:
    data = load("play-tennis")
    ours = split(grow(ID3, data))
    result = compare(restated(truncate(ours, 1), data), ours, data, ID3)
    stopped = [node for node in result.nodes if node.verdict == "stopped"]
    assert len(stopped) == 2
    assert all(node.side == "theirs" and node.rule is None for node in stopped)
    assert all(node.our_score is not None and node.our_score > 0 for node in stopped)
    assert not result.agrees
    assert len(result.disagreements) == 2
    # the report says that no rule explains their leaf (it said nothing after the two trees)
    assert "  rule: none of the learner's stopping rules holds here\n" in result.text()


def test_a_split_that_gains_nothing_against_a_leaf_is_borderline() -> None:
    data = load("xor")
    ours = split(grow(ID3, data))
    result = compare(restated(truncate(ours, 0), data), ours, data, ID3)
    (root,) = result.nodes
    assert root.verdict == "stopped"
    assert root.borderline
    assert result.agrees


def test_a_split_the_learner_would_not_make_is_real() -> None:
    data = load("play-tennis")
    learner = Learner(min_samples_leaf=5)
    ours = grow(learner, data)
    theirs = restated(grow(ID3, data), data)
    result = compare(theirs, ours, data, learner)
    first = result.disagreements[0]
    assert first.verdict in ("real", "stopped")
    assert not result.agrees


def test_the_json_report_reads_back() -> None:
    data = load("play-tennis")
    ours = split(grow(ID3, data))
    result = compare(restated(truncate(ours, 1), data), ours, data, ID3)
    report = json.loads(result.json())
    assert report["agrees"] is False
    assert report["counts"]["stopped"] == 2
    assert [node["verdict"] for node in report["nodes"]] == [n.verdict for n in result.nodes]
    assert report["nodes"][0]["rows"] == list(range(14))


def test_exact_scores_stay_exact_in_json() -> None:
    data = load("golf")
    ours = split(grow(CART, data))
    wind = Split(
        (
            Branch(Equals("windy", "false"), Leaf("Play", ClassStats(data.schema.classes, (0, 0)))),
            Branch(Equals("windy", "true"), Leaf("Play", ClassStats(data.schema.classes, (0, 0)))),
        ),
        ours.stats,
    )
    result = compare(restated(wind, data), ours, data, CART)
    first = result.nodes[0]
    assert isinstance(first.their_score, Fraction)
    assert isinstance(first.our_score, Fraction)
    assert json.loads(result.json())["nodes"][0]["our_score"] == str(first.our_score)


# -- findings: the peer's claims that the data contradict --------------------------------------


def _finding(k: int) -> Finding:
    return Finding(
        f"line {k}", ("outlook = sunny",), "J48's (N/E)", (2.0, 0.0), (3, Fraction(1, 2))
    )


def test_a_finding_parts_trees_that_agree_node_for_node() -> None:
    data = load("golf")
    ours = grow(C45, data)
    assert compare(Reading(ours), ours, data, C45).agrees
    result = compare(Reading(ours, (_finding(6),)), ours, data, C45)
    assert result.agrees is False
    assert result.counts["same"] == len(list(nodes(ours)))
    assert result.findings == (_finding(6),)
    lines = result.text().splitlines()
    assert lines[7:10] == [
        "1 finding: the peer's claims that the data contradict",
        "  line 6: J48's (N/E) is (2.0, 0.0), the data give (3, 1/2) (at outlook = sunny)",
        "no real disagreement",
    ]
    assert json.loads(result.json())["findings"] == [
        {
            "node": "line 6",
            "path": ["outlook = sunny"],
            "what": "J48's (N/E)",
            "theirs": [2.0, 0.0],
            "ours": [3, "1/2"],
        }
    ]


def test_the_text_report_lists_the_first_findings_and_counts_the_rest() -> None:
    data = load("golf")
    ours = grow(C45, data)
    many = tuple(map(_finding, range(SHOWN_FINDINGS + 3)))
    result = compare(Reading(ours, many), ours, data, C45)
    listed = [line for line in result.text().splitlines() if line.startswith("  line ")]
    assert len(listed) == SHOWN_FINDINGS
    assert "  and 3 more (the JSON report lists every one)" in result.text()
    assert len(json.loads(result.json())["findings"]) == SHOWN_FINDINGS + 3


def test_trees_of_other_data_are_refused() -> None:
    data = load("play-tennis")
    with pytest.raises(Exception, match="not grown on the same data"):
        compare(grow(ID3, load("xor")), grow(ID3, data), data, ID3)


def test_below_a_tie_of_the_same_partition_the_subtrees_are_compared() -> None:
    """On iris, petal_length <= 2.45 and petal_width <= 0.8 both set the setosa apart: a tie
    of different attributes but one partition, below which both trees are compared."""
    data = load("iris")
    learner = Learner(impurity="gini", nominal="subsets")
    ours = grow(learner, data)
    theirs = restated(grow(learner, reordered(data, [3, 2, 1, 0])), data)
    result = compare(theirs, ours, data, learner)
    root = result.nodes[0]
    assert root.verdict == "tie"
    assert root.theirs.startswith("petal_width <= 0.8")
    assert root.ours.startswith("petal_length <= 2.45")
    assert result.nodes[1].verdict == "same"  # the setosa leaf, compared
    assert result.counts["below_tie"] < len(result.nodes) - 2
    assert result.agrees


def test_a_wrong_leaf_below_a_tie_of_one_partition_is_found() -> None:
    data = load("iris")
    learner = Learner(impurity="gini", nominal="subsets")
    swapped = split(restated(grow(learner, reordered(data, [3, 2, 1, 0])), data))
    setosa = swapped.branches[0].subtree
    assert isinstance(setosa, Leaf)
    wrong = _replaced(swapped, [0], Leaf("virginica", setosa.stats))
    result = compare(wrong, grow(learner, data), data, learner)
    assert [node.path for node in result.disagreements] == [("petal_width <= 0.8",)]
    assert len(result.differing_rows) == 50


def test_a_multiway_split_is_no_tie_of_a_binary_learner() -> None:
    # x and y hold the classes in the same proportion, so the three-way split scores what
    # CART's {x, y} / {z} scores: CART never splits in three, which is a real disagreement
    data = Dataset.from_columns(
        {"a": list("xxxxyyzzz"), "c": list("aabbabaaa")}, target="c", classes=["a", "b"]
    )
    result = compare(grow(ID3, data), grow(CART, data), data, CART)
    assert result.nodes[0].verdict == "real"
    assert result.nodes[0].their_score is None
    assert not result.agrees
    # and the other way round: ID3 splits a nominal attribute one branch per value
    backwards = compare(grow(CART, data), grow(ID3, data), data, ID3)
    assert backwards.nodes[0].verdict == "real"
    assert not backwards.agrees


# -- zero-gain splits, thresholds placed otherwise, mispredictions -----------------------------


def _four(labels: str) -> Dataset:
    return Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": list(labels)}, target="y")


def _stump(threshold: float, left: str = "a", right: str = "b") -> Tree:
    """x <= threshold, by hand, each leaf predicting the class given (statistics to be
    recounted)."""
    empty = ClassStats(("a", "b"), (0, 0))
    return Split(
        (
            Branch(AtMost("x", threshold), Leaf(left, empty)),
            Branch(Above("x", threshold), Leaf(right, empty)),
        ),
        empty,
    )


@pytest.mark.parametrize("impurity", ["gini", "entropy", "misclassification"])
def test_their_split_that_decreases_nothing_exactly_is_a_disagreement(impurity: str) -> None:
    """a b | b a: each side has the parent's proportions, no decrease under any impurity.
    Where dtree stops (max_depth 0), their split is no borderline case: no rounding decides
    a decrease of exactly 0."""
    data = _four("abba")
    learner = Learner(impurity=impurity, max_depth=0)  # type: ignore[arg-type]
    theirs = restated(_stump(2.5), data)
    result = compare(theirs, grow(learner, data), data, learner)
    (root,) = result.nodes
    assert root.verdict == "stopped"
    assert not root.borderline
    assert root.gainless == "their split decreases the impurity by exactly 0"
    assert not result.agrees
    assert "no rounding decides that" in result.text()
    assert json.loads(result.json())["nodes"][0]["gainless"] == root.gainless


def test_their_split_of_a_pure_node_is_a_disagreement() -> None:
    data = _four("aaaa")
    theirs = restated(_stump(2.5, "a", "a"), data)
    result = compare(theirs, grow(CART, data), data, CART)
    (root,) = result.nodes
    assert (root.verdict, root.rule, root.borderline) == ("stopped", "pure", False)
    assert root.gainless == "their split is of a pure node (impurity exactly 0)"
    assert not result.agrees


def test_their_split_that_gains_where_dtree_stops_is_not_gainless() -> None:
    data = _four("aabb")
    learner = Learner(impurity="gini", max_depth=0)
    result = compare(restated(_stump(2.5), data), grow(learner, data), data, learner)
    (root,) = result.nodes
    assert (root.verdict, root.rule, root.gainless) == ("stopped", "max_depth", None)


def test_a_threshold_at_the_lower_value_is_placed_otherwise() -> None:
    data = _four("aabb")
    lower = compare(restated(_stump(2.0), data), grow(CART, data), data, CART)
    assert lower.nodes[0].verdict == "same"
    assert lower.nodes[0].placements == ("lower value", "midpoint")
    assert lower.differing_rows == ()  # the training rows cannot tell
    assert not lower.agrees
    assert "first threshold placed otherwise, at the root" in lower.text()
    assert "  theirs: x <= 2, x > 2\n" in lower.text()
    midpoint = compare(restated(_stump(2.5), data), grow(CART, data), data, CART)
    assert midpoint.nodes[0].placements is None
    assert midpoint.agrees


def test_a_leaf_predicting_the_wrong_class_is_a_misprediction() -> None:
    """Their leaf predicts b where its rows are a, a: kept as the peer's (restated with
    predictions="kept", as the readers restate), reported with both."""
    data = _four("aabb")
    theirs = restated(_stump(2.5, "b", "b"), data, predictions="kept")
    result = compare(theirs, grow(CART, data), data, CART)
    (wrong,) = result.mispredictions
    assert (wrong.path, wrong.theirs, wrong.recounted) == (("x <= 2.5",), "b", "a")
    assert wrong.stats == ClassStats(("a", "b"), (2, 0))
    assert not result.agrees
    assert "misprediction: the leaf at x <= 2.5 predicts 'b', its statistics 'a'" in result.text()
    assert json.loads(result.json())["mispredictions"][0]["theirs"] == "b"
    right = restated(_stump(2.5), data, predictions="kept")
    assert compare(right, grow(CART, data), data, CART).mispredictions == ()


def test_a_regression_leaf_off_its_mean_is_a_misprediction() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0], "y": [1.0, 3.0]}, target="y")
    learner = Learner(impurity="squared_error", max_depth=0)
    theirs = restated(Leaf(2.5, grow(learner, data).stats), data, predictions="kept")
    (wrong,) = compare(theirs, grow(learner, data), data, learner).mispredictions
    assert (wrong.theirs, wrong.recounted) == (2.5, 2.0)


def test_a_missing_value_sent_otherwise_is_counted_and_named_first() -> None:
    # a stump read from plain arrays without missing_go_to_left spreads a missing value, where
    # scikit-learn's recipe (missing="learned") sends it down the side of more rows
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": list("aabb")}, target="y")
    stump = sklearn_stump()
    recipe = learner_for("sklearn")
    result = compare(arrays_reading(stump, data, classes="ab"), recipe(data), data, recipe.learner)
    assert not result.agrees
    text = result.text()
    assert "of the same, missing values sent otherwise: 1" in text
    assert "first missing values sent otherwise, at the root" in text
    assert result.disagreements[0].missing_sides == (None, 1)


def test_a_tied_split_whose_threshold_is_at_the_lower_value_is_placed_otherwise() -> None:
    """iris's root ties (petal_width <= 0.8 against petal_length <= 2.45); their threshold
    moved to the lower value of its gap (0.6 as scikit-learn reads it, in float32) still
    ties, but not where the learner puts a threshold: a disagreement, found although no
    training row tells."""
    iris = load("iris")
    recipe = learner_for("sklearn")
    theirs = fit_sklearn(iris)
    assert isinstance(theirs, Split)
    at_most, above = (b.condition for b in theirs.branches)
    assert isinstance(at_most, AtMost)
    assert isinstance(above, Above)
    low = float32(0.6)
    moved = Split(
        (
            Branch(evolve(at_most, threshold=low), theirs.branches[0].subtree),
            Branch(evolve(above, threshold=low), theirs.branches[1].subtree),
        ),
        theirs.stats,
    )
    assert compare(theirs, recipe(iris), iris, recipe.learner).agrees
    result = compare(moved, recipe(iris), iris, recipe.learner)
    root = result.nodes[0]
    assert (root.verdict, root.placements) == ("tie", ("lower value", "midpoint"))
    assert not result.agrees
    assert "in its gap, their threshold is at the lower value" in result.text()
