"""dtree.grower.node: one node of a growth, asked what the grower would do there.

PlayTennis (Mitchell Table 3.2, the CS 760 notes) worked at the root and one
level down: ID3's information gains, C4.5's gain ratios and its
average-gain rule, CART's exact Gini decreases, the children's rows and
weights, and the split each child decides.  Then the law that ties the
module to :func:`dtree.grower.make_subtree.grow`: walking :func:`decide` and
:func:`children` from :func:`root` makes every split grow makes and stops
where it stops, and :func:`assess` scores the chosen split as
:func:`decide` does, on the textbook data and on generated data.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import Equals, In, NotIn
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.node import Node, assess, children, decide, root
from dtree.strategies import datasets
from dtree.tree import Leaf, Tree

TENNIS = load("play-tennis")
OUTLOOK = tuple(Equals("Outlook", v) for v in ("Overcast", "Rain", "Sunny"))


def h(*counts: int) -> float:
    """Entropy in bits of class counts, from the definition."""
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


# -- PlayTennis at the root ----------------------------------------------------------------------


def test_the_root_holds_every_row_at_depth_zero() -> None:
    node = root(ID3, TENNIS)
    assert (node.rows, node.weights) == (tuple(range(14)), (1,) * 14)
    assert (node.weight, node.depth) == (14, 0)


def test_id3s_gains_at_the_root_are_mitchells() -> None:
    """Gain(S, A) = H(S) - sum |S_v| / |S| H(S_v), S = [9+, 5-]: Outlook 0.246, Temperature
    0.029, Humidity 0.151, Wind 0.048; Outlook is the best."""
    decision = decide(root(ID3, TENNIS))
    s = h(9, 5)
    model = {
        "Outlook": s - 5 / 14 * h(2, 3) - 4 / 14 * h(4, 0) - 5 / 14 * h(3, 2),
        "Temperature": s - 4 / 14 * h(2, 2) - 6 / 14 * h(4, 2) - 4 / 14 * h(3, 1),
        "Humidity": s - 7 / 14 * h(3, 4) - 7 / 14 * h(6, 1),
        "Wind": s - 6 / 14 * h(3, 3) - 8 / 14 * h(6, 2),
    }
    scores = {c.conditions[0].attribute: float(c.score) for c in decision.candidates}
    assert scores == pytest.approx(model, abs=1e-12)
    assert [round(g, 3) for g in scores.values()] == [0.247, 0.029, 0.152, 0.048]
    assert decision.stop is None
    assert decision.best is not None
    assert decision.best.conditions == OUTLOOK
    assert decision.best.key == decision.best.score
    assert decision.best.gain_ratio is None


def test_c45_takes_the_best_ratio_among_gains_at_least_the_average() -> None:
    """Gain ratio = gain / split information; only attributes whose gain reaches the
    average gain (0.119) are eligible, so Temperature and Wind are not, and Outlook's
    ratio 0.156 beats Humidity's 0.152."""
    decision = decide(root(C45, TENNIS))
    split_information = {"Outlook": h(5, 4, 5), "Temperature": h(4, 6, 4)}
    split_information |= {"Humidity": h(7, 7), "Wind": h(6, 8)}
    for candidate in decision.candidates:
        name = candidate.conditions[0].attribute
        assert candidate.gain_ratio is not None
        ratio = float(candidate.score) / split_information[name]
        assert candidate.gain_ratio == pytest.approx(ratio, abs=1e-12)
        assert candidate.key == candidate.gain_ratio
    average = sum(float(c.score) for c in decision.candidates) / 4
    assert round(average, 3) == 0.119
    eligible = {c.conditions[0].attribute: c.eligible for c in decision.candidates}
    assert eligible == {"Outlook": True, "Temperature": False, "Humidity": True, "Wind": False}
    assert decision.best is not None
    assert decision.best.conditions == OUTLOOK
    assert round(decision.best.key, 3) == 0.156


def test_carts_gini_decreases_are_exact_fractions() -> None:
    """Gini(S) = 1 - (9/14)^2 - (5/14)^2 = 45/98; Overcast against the rest leaves
    10/14 x 1/2, a decrease of 5/49; Humidity 9/98, Wind 3/98, Temperature 4/245."""
    decision = decide(root(CART, TENNIS))
    scores = {c.conditions[0].attribute: c.score for c in decision.candidates}
    assert scores == {
        "Outlook": Fraction(5, 49),
        "Temperature": Fraction(4, 245),
        "Humidity": Fraction(9, 98),
        "Wind": Fraction(3, 98),
    }
    overcast = frozenset({"Overcast"})
    assert decision.best is not None
    assert decision.best.conditions == (In("Outlook", overcast), NotIn("Outlook", overcast))


def test_assess_scores_a_split_as_decide_lists_it() -> None:
    node = root(ID3, TENNIS)
    wind = assess(node, [Equals("Wind", "Strong"), Equals("Wind", "Weak")])
    assert not isinstance(wind, str)
    assert float(wind.score) == pytest.approx(h(9, 5) - 6 / 14 * h(3, 3) - 8 / 14 * h(6, 2))
    assert wind in decide(node).candidates


# -- PlayTennis one level down -------------------------------------------------------------------


def test_the_children_of_outlook_and_what_each_decides() -> None:
    """Overcast [4+, 0-] is pure; Sunny [2+, 3-] splits on Humidity, Rain [3+, 2-] on
    Wind (gains 0.971 each, the entropy of the child), as in Mitchell's tree."""
    overcast, rain, sunny = children(root(ID3, TENNIS), OUTLOOK)
    assert (overcast.rows, rain.rows, sunny.rows) == (
        (2, 6, 11, 12),
        (3, 4, 5, 9, 13),
        (0, 1, 7, 8, 10),
    )
    assert (overcast.weight, rain.weight, sunny.weight) == (4, 5, 5)
    assert {overcast.depth, rain.depth, sunny.depth} == {1}
    assert (decide(overcast).stop, decide(overcast).candidates) == ("pure", ())
    for child, name in ((sunny, "Humidity"), (rain, "Wind")):
        best = decide(child).best
        assert best is not None
        assert best.conditions[0].attribute == name
        assert float(best.score) == pytest.approx(h(2, 3))


def test_a_row_missing_the_split_value_goes_down_every_branch_by_its_share() -> None:
    """Row 0 (Weak) loses its Wind: it reaches both children, weighing 6/13 in Strong
    (6 of the 13 known rows) and 7/13 in Weak."""
    records = [dict(TENNIS.example(r), Play=TENNIS.target[r]) for r in TENNIS.rows]
    records[0]["Wind"] = None
    data = Dataset.from_records(records, target="Play")
    node = root(Learner(missing="fractional"), data)
    strong, weak = children(node, [Equals("Wind", "Strong"), Equals("Wind", "Weak")])
    assert (strong.rows[0], weak.rows[0]) == (0, 0)
    assert (strong.weights[0], weak.weights[0]) == (Fraction(6, 13), Fraction(7, 13))
    assert strong.weight + weak.weight == node.weight == 14


# -- the law: node by node, the grower's tree -----------------------------------------------------


def assert_regrows(learner: Learner, data: Dataset) -> None:
    """decide and children, walked from the root, make every split grow makes and stop
    where it stops; assess scores the chosen split as decide does."""
    stack: list[tuple[Tree, Node]] = [(grow(learner, data), root(learner, data))]
    while stack:
        tree, node = stack.pop()
        decision = decide(node)
        assert node.weight == tree.stats.weight or isinstance(tree.stats.weight, float)
        if isinstance(tree, Leaf):
            assert decision.best is None
            assert decision.stop is not None
            continue
        conditions = tuple(branch.condition for branch in tree.branches)
        assert decision.best is not None
        assert decision.stop is None
        assert decision.best.conditions == conditions
        assert decision.best in decision.candidates
        assert assess(node, conditions) == decision.best
        below = children(node, conditions)
        stack.extend(zip((branch.subtree for branch in tree.branches), below, strict=True))


@pytest.mark.parametrize("name", ["play-tennis", "golf", "restaurant", "xor", "iris"])
@pytest.mark.parametrize("learner", [ID3, C45, CART], ids=["id3", "c45", "cart"])
def test_deciding_node_by_node_regrows_the_textbook_trees(learner: Learner, name: str) -> None:
    assert_regrows(learner, load(name))


NODE_LEARNERS = {
    "id3": Learner(missing="fractional"),
    "c45": C45,
    "cart": evolve(CART, missing="fractional", min_samples_leaf=2),
    "impute": evolve(CART, missing="impute", max_depth=3),
    "significance": Learner(significance=0.2, missing="fractional", min_gain=0.01),
}


@given(
    datasets(max_rows=25, max_numeric=2, weighted=True, missing=True),
    st.sampled_from(sorted(NODE_LEARNERS)),
)
def test_deciding_node_by_node_regrows_the_tree(data: Dataset, name: str) -> None:
    """decide and children, walked from the root, make every split grow makes and stop
    where it stops; assess scores the chosen split as decide does."""
    assert_regrows(NODE_LEARNERS[name], data)


# -- stopping and refusing ------------------------------------------------------------------------


def test_the_stopping_rules_are_named() -> None:
    golf = load("golf")
    rules = {
        "pure": (ID3, load("xor").subset([0])),
        "max_depth": (Learner(max_depth=0), golf),
        "min_samples_split": (Learner(min_samples_split=15), golf),
        "min_objects": (evolve(C45, min_objects=8), golf),
        "min_gain": (Learner(min_gain=0.5), golf),
        "min_impurity_decrease": (Learner(min_impurity_decrease=0.5), golf),
        "no_candidate": (
            ID3,
            Dataset.from_records([{"x": "a", "y": "p"}, {"x": "a", "y": "q"}], target="y"),
        ),
    }
    for rule, (learner, data) in rules.items():
        assert decide(root(learner, data)).stop == rule


def test_assessing_a_split_the_learner_refuses_says_why() -> None:
    node = root(Learner(min_samples_leaf=7), load("play-tennis"))  # Strong 6, Weak 8
    wind = [Equals("Wind", "Strong"), Equals("Wind", "Weak")]
    assert assess(node, wind) == "a branch the learner would not allow"
    assert "not one attribute" in str(
        assess(node, [Equals("Wind", "Strong"), Equals("Outlook", "Rain")])
    )
    with pytest.raises(DtreeError, match="no branch accepts the value 'Weak'"):
        children(node, wind[:1])


def test_a_split_into_the_wrong_number_of_branches_is_refused() -> None:
    """A binary learner refuses Outlook's three branches; a multiway one takes them, and
    refuses two of them."""
    assert assess(root(CART, TENNIS), OUTLOOK) == "3 branches: the learner splits 'Outlook' in 2"
    node = root(ID3, TENNIS)
    assert assess(node, OUTLOOK) == decide(node).best
    sunny = (Equals("Outlook", "Sunny"), NotIn("Outlook", frozenset({"Sunny"})))
    assert assess(node, sunny) == "2 branches: the learner splits 'Outlook' in 3"
