"""The tree ADT: construction laws, traversal, prediction, and very deep trees."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from attrs import evolve
from helpers import chain, leaf, missing_left, two

from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats, Moments
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.learner import CART
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, id3
from dtree.tree import (
    Branch,
    Leaf,
    Split,
    Sprout,
    Tree,
    depth,
    descend,
    fold,
    leaves,
    n_leaves,
    nodes,
    paths,
    predict,
    predict_proba,
    preorder,
    reach,
    size,
    unfold,
    untaken,
)

CLASSES = ("a", "b")


def stats(a: int, b: int) -> ClassStats:
    return ClassStats(CLASSES, (a, b))


DEEP = 10_000


@pytest.fixture
def deep(deep_chain: Tree) -> Tree:
    """The session's chain, DEEP splits deep."""
    assert depth(deep_chain) == DEEP
    return deep_chain


# -- construction --------------------------------------------------------------


def test_a_split_needs_two_branches() -> None:
    with pytest.raises(DtreeError, match="at least two branches"):
        Split((Branch(Equals("x", "u"), Leaf("a", stats(1, 0))),), stats(1, 0))


def test_a_split_tests_one_attribute() -> None:
    with pytest.raises(DtreeError, match="one attribute"):
        Split(
            (
                Branch(Equals("x", "u"), Leaf("a", stats(1, 0))),
                Branch(Equals("y", "v"), Leaf("b", stats(0, 1))),
            ),
            stats(1, 1),
        )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (Equals("x", "u"), Equals("x", "u")),
        (AtMost("x", 2.0), Above("x", 1.0)),
        (In("x", {"u", "v"}), In("x", {"v"})),
        (NotIn("x", {"u"}), NotIn("x", {"v"})),
        (Equals("x", "u"), NotIn("x", {"v"})),
    ],
)
def test_branch_conditions_must_be_exclusive(first: Equals, second: Equals) -> None:
    with pytest.raises(DtreeError, match="overlap"):
        Split(
            (Branch(first, Leaf("a", stats(1, 0))), Branch(second, Leaf("b", stats(0, 1)))),
            stats(1, 1),
        )


def test_overlapping_conditions_are_named_as_a_reader_writes_them() -> None:
    """The message showed the conditions' reprs, AtMost(attribute='x', threshold=3)."""
    branches = (
        Branch(AtMost("x", 3), Leaf("a", stats(1, 0))),
        Branch(AtMost("x", 4), Leaf("b", stats(0, 1))),
    )
    with pytest.raises(DtreeError) as raised:
        Split(branches, stats(1, 1))
    assert str(raised.value) == "the conditions 'x <= 3' and 'x <= 4' overlap"


def test_subtree_statistics_match_their_split() -> None:
    with pytest.raises(DtreeError, match="another kind"):
        Split(
            (
                Branch(Equals("x", "u"), Leaf(1.0, Moments(1, 1.0, 1.0))),
                Branch(Equals("x", "v"), Leaf("b", stats(0, 1))),
            ),
            stats(0, 1),
        )
    other_classes = ClassStats(("b", "a"), (1, 0))
    with pytest.raises(DtreeError, match="another kind"):
        Split(
            (
                Branch(Equals("x", "u"), Leaf("b", other_classes)),
                Branch(Equals("x", "v"), Leaf("b", stats(0, 1))),
            ),
            stats(0, 1),
        )


def test_a_leaf_predicts_one_of_its_classes_or_a_number() -> None:
    with pytest.raises(DtreeError, match="not one of"):
        Leaf("c", stats(1, 0))
    with pytest.raises(DtreeError, match="predicts a finite number"):
        Leaf("a", Moments(1, 1.0, 1.0))
    with pytest.raises(DtreeError, match="predicts a finite number"):
        Leaf(float("nan"), Moments(1, 1.0, 1.0))
    with pytest.raises(DtreeError, match="predicts a finite number"):
        Leaf(True, Moments(1, 1.0, 1.0))


def test_trees_are_frozen() -> None:
    tree = id3(load("play-tennis"))
    with pytest.raises(AttributeError):
        tree.stats = stats(0, 0)  # type: ignore[misc]


# -- equality, hashing, repr ----------------------------------------------------


def test_equal_trees_are_equal_and_hash_alike() -> None:
    first, second = id3(load("play-tennis")), id3(load("play-tennis"))
    assert first is not second
    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


def test_trees_differing_anywhere_are_unequal() -> None:
    assert chain(3) != chain(4)
    tree = chain(2)
    assert isinstance(tree, Split)
    changed = Split(tree.branches, stats(9, 1))
    assert changed != tree
    assert tree != Leaf("b", stats(0, 1))
    assert Leaf("b", stats(0, 1)) != tree


def test_repr_evaluates_back_to_the_tree() -> None:
    tree = id3(load("restaurant"))
    namespace = {
        "Split": Split,
        "Branch": Branch,
        "Leaf": Leaf,
        "Equals": Equals,
        "ClassStats": ClassStats,
    }
    assert eval(repr(tree), namespace) == tree  # our own repr, in a test


# -- traversal ------------------------------------------------------------------


def test_traversals_of_the_play_tennis_tree() -> None:
    tree = id3(load("play-tennis"))
    assert (size(tree), depth(tree), n_leaves(tree)) == (8, 2, 5)
    assert [leaf.prediction for leaf in leaves(tree)] == ["Yes", "No", "Yes", "No", "Yes"]
    assert [len(conditions) for conditions, _ in paths(tree)] == [1, 2, 2, 2, 2]

    def predictions(leaf: Leaf) -> tuple[str | float, ...]:
        return (leaf.prediction,)

    def joined(split: Split, below: tuple[tuple[str | float, ...], ...]) -> tuple[str | float, ...]:
        return tuple(prediction for part in below for prediction in part)

    assert fold(tree, predictions, joined) == tuple(leaf.prediction for leaf in leaves(tree))


def test_a_leaf_alone() -> None:
    leaf = Leaf("a", stats(2, 1))
    assert (size(leaf), depth(leaf), n_leaves(leaf)) == (1, 0, 1)
    assert list(paths(leaf)) == [((), leaf)]
    assert list(nodes(leaf)) == [leaf]


def test_unfold_expands_seeds_depth_first_in_branch_order() -> None:
    seen: list[str] = []

    def step(word: str) -> Leaf | Sprout[str]:
        seen.append(word)
        if len(word) == 2:
            return Leaf("a", stats(1, 0))
        return Sprout((Equals("x", "l"), Equals("x", "r")), (word + "l", word + "r"), stats(2, 0))

    tree = unfold("", step)
    assert seen == ["", "l", "ll", "lr", "r", "rl", "rr"]
    assert (size(tree), depth(tree)) == (7, 2)


# -- prediction -----------------------------------------------------------------


def test_prediction_follows_the_one_branch_that_holds() -> None:
    tree = id3(load("play-tennis"))
    for example, label in zip(
        load("play-tennis").examples(), load("play-tennis").labels, strict=True
    ):
        assert predict(tree, example) == label
        proba = predict_proba(tree, example)
        assert proba[str(label)] == 1


def test_a_missing_value_spreads_by_training_weight() -> None:
    """Outlook missing: 4/14 Overcast (Yes), 5/14 Rain, 5/14 Sunny; Wind Weak and Humidity High."""
    tree = id3(load("play-tennis"))
    example = {"Outlook": None, "Temperature": "Hot", "Humidity": "High", "Wind": "Weak"}
    proba = predict_proba(tree, example)
    assert proba == {"No": Fraction(5, 14), "Yes": Fraction(9, 14)}
    assert sum(share for _, share in reach(tree, example)) == 1
    assert predict(tree, example) == "Yes"


def test_an_unseen_value_answers_with_the_nodes_own_distribution() -> None:
    tree = id3(load("play-tennis"))
    example = {"Outlook": "Foggy", "Temperature": "Hot", "Humidity": "High", "Wind": "Weak"}
    assert predict_proba(tree, example) == {"No": Fraction(5, 14), "Yes": Fraction(9, 14)}
    assert predict(tree, example) == "Yes"


def test_an_empty_leaf_is_certain_of_its_parents_plurality() -> None:
    tree = id3(load("restaurant"))
    french = {"Pat": "Full", "Hun": "Yes", "Type": "French", "Fri": "No"}
    assert predict(tree, french) == "Yes"
    assert predict_proba(tree, french) == {"Yes": 1, "No": 0}


def test_an_example_must_name_the_tested_attributes() -> None:
    with pytest.raises(DtreeError, match="no attribute 'Outlook'"):
        predict(id3(load("play-tennis")), {"Wind": "Weak"})


def test_regression_prediction_averages_what_a_missing_value_reaches() -> None:
    tree = Split(
        (
            Branch(AtMost("x", 1.0), Leaf(1.0, Moments(1, 1.0, 1.0))),
            Branch(Above("x", 1.0), Leaf(4.0, Moments(3, 12.0, 48.0))),
        ),
        Moments(4, 13.0, 49.0),
    )
    assert predict(tree, {"x": 0.5}) == 1.0
    assert predict(tree, {"x": None}) == pytest.approx(1 * 0.25 + 4 * 0.75)
    with pytest.raises(DtreeError, match="no class probabilities"):
        predict_proba(tree, {"x": 0.5})


# -- the values no branch takes ----------------------------------------------------------------


def test_an_unseen_value_is_untaken_only_where_no_branch_takes_it() -> None:
    tennis = load("play-tennis")
    day = {"Outlook": "Foggy", "Temperature": "Hot", "Humidity": "High", "Wind": "Calm"}
    assert untaken(id3(tennis), day) == (("Outlook", "Foggy"),)
    assert untaken(id3(tennis), {**day, "Outlook": "Rain"}) == (("Wind", "Calm"),)
    assert untaken(id3(tennis), {**day, "Outlook": None}) == (("Wind", "Calm"),)  # via rain
    assert untaken(id3(tennis), {**day, "Outlook": "Sunny"}) == ()  # Wind is not tested there
    # CART's subsets send any value outside the named ones down the NotIn branch
    golf = load("golf")
    stump = grow(evolve(CART, max_depth=1), golf)
    assert untaken(stump, {"outlook": "foggy"}) == ()


# -- very deep trees --------------------------------------------------------------


def test_every_tree_function_works_on_a_chain_ten_thousand_deep(deep: Tree) -> None:
    assert depth(deep) == DEEP
    assert size(deep) == 2 * DEEP + 1
    assert n_leaves(deep) == DEEP + 1
    assert sum(1 for _ in nodes(deep)) == 2 * DEEP + 1
    assert sum(1 for _ in paths(deep)) == DEEP + 1
    assert predict(deep, {"x": DEEP + 1}) == "b"
    assert predict(deep, {"x": 5000.5}) == "a"
    assert predict_proba(deep, {"x": DEEP + 1}) == {"a": 0, "b": 1}
    assert sum(predict_proba(deep, {"x": None}).values()) == 1
    assert fold(deep, lambda leaf: 1, lambda split, below: sum(below)) == DEEP + 1


def test_deep_trees_compare_hash_copy_and_print(deep: Tree) -> None:
    other = chain(DEEP)
    assert deep == other
    assert hash(deep) == hash(other)
    assert copy.deepcopy(deep) == deep
    assert copy.copy(deep) == deep
    assert repr(deep).count("Split(") == DEEP


@pytest.mark.parametrize("name", ["play-tennis", "golf", "restaurant", "iris"])
def test_preorder_gives_each_node_its_depth_and_the_branch_from_its_parent(name: str) -> None:
    """The k-th visit is the k-th node of ``nodes``; the edge names the parent by its place
    in preorder and the branch by its position there; depth is the parent's plus one."""
    tree = c45(load(name))
    visits = list(preorder(tree))
    assert [node for node, _, _ in visits] == list(nodes(tree))
    assert visits[0].depth == 0
    assert visits[0].edge is None
    for k, (node, level, edge) in enumerate(visits[1:], start=1):
        assert edge is not None
        assert edge.parent < k
        parent = visits[edge.parent].node
        assert isinstance(parent, Split)
        branch = parent.branches[edge.position]
        assert branch.subtree is node
        assert branch.condition == edge.condition
        assert level == visits[edge.parent].depth + 1
    assert max(level for _, level, _ in visits) == depth(tree)


def test_an_example_that_is_not_a_mapping_is_refused_in_one_line() -> None:
    tree = id3(load("play-tennis"))
    row: Any = ["Sunny", "Hot", "High", "Weak"]  # what a caller may pass by mistake
    with pytest.raises(DtreeError, match="an example maps attribute names to values"):
        predict(tree, row)
    with pytest.raises(DtreeError, match="got a list"):
        reach(tree, row)


def test_a_missing_value_follows_the_branch_that_takes_it() -> None:
    stump = missing_left()
    assert descend(stump, {"x": None}) == ((0, Fraction(1)),)
    assert reach(stump, {"x": None}) == ((stump.branches[0].subtree, Fraction(1)),)
    assert predict(stump, {"x": None}) == "no"
    assert predict(stump, {"x": 3.0}) == "yes"
    plain = (Branch(AtMost("x", 2.5), leaf(3, 0)), Branch(Above("x", 2.5), leaf(0, 1)))
    spread = Split(plain, two(3, 1))
    assert len(reach(spread, {"x": None})) == 2  # no branch takes it: C4.5's spreading, as before


def test_a_split_with_two_branches_that_take_missing_values_is_refused() -> None:
    with pytest.raises(DtreeError, match="overlap"):
        Split(
            (
                Branch(AtMost("x", 2.5, missing=True), leaf(3, 0)),
                Branch(Above("x", 2.5, missing=True), leaf(0, 1)),
            ),
            two(3, 1),
        )
