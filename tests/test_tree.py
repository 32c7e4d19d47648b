"""The tree ADT: construction laws, traversal, prediction, and very deep trees."""

from __future__ import annotations

import copy
import gc
import math
import weakref
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any, cast

import pytest
from attrs import evolve
from helpers import chain
from hypothesis import given
from hypothesis import strategies as st

from dtree import tree as tree_module
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Example, Label, Nominal, Schema, Value
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grow import grow
from dtree.learner import C45, CART, Learner
from dtree.presets import c45, id3
from dtree.strategies import GRID, datasets, regression_datasets
from dtree.tree import (
    Branch,
    Leaf,
    Probability,
    Split,
    Spread,
    Sprout,
    Tree,
    depth,
    fold,
    leaves,
    n_leaves,
    nodes,
    paths,
    predict,
    predict_many,
    predict_proba,
    prediction_of,
    preorder,
    reach,
    size,
    unfold,
    untaken,
    untaken_examples,
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


# -- compiled prediction: the same answers as reach ----------------------------------------------


def outcome(compute: Callable[[], object]) -> object:
    """What a computation gives, value and type (of each value of a mapping), or the error
    it raises, type and message: two computations agree when their outcomes are equal."""
    try:
        result = compute()
    except (DtreeError, OverflowError) as error:
        return ("error", type(error), str(error))
    if isinstance(result, dict):
        return [(key, value, type(value)) for key, value in result.items()]
    if isinstance(result, tuple):
        return [(value, type(value)) for value in result]
    return (result, type(result))


def reached(tree: Tree, example: Example) -> Label | float:
    """The prediction as it was made before the tree was compiled: by reach."""
    return prediction_of(tree, reach(tree, example))


def reached_proba(tree: Tree, example: Example) -> dict[Label, Probability]:
    """The class probabilities as they were made before the tree was compiled: by reach."""
    return tree_module._mixture(tree, reach(tree, example))


def agree(tree: Tree, examples: list[Example]) -> None:
    """predict, predict_proba and predict_many give what reach gives, values, types and errors."""
    for example in examples:
        assert outcome(partial(predict, tree, example)) == outcome(partial(reached, tree, example))
        if isinstance(tree.stats, ClassStats):
            assert outcome(partial(predict_proba, tree, example)) == outcome(
                partial(reached_proba, tree, example)
            )
    assert outcome(lambda: predict_many(tree, examples)) == outcome(
        lambda: tuple(reached(tree, example) for example in examples)
    )


LEARNERS = {
    "id3": Learner(missing="fractional"),
    "c45": C45,
    "cart": evolve(CART, missing="fractional"),
    "shallow": Learner(impurity="gini", max_depth=2, min_samples_leaf=2, missing="fractional"),
}

ODD_VALUES: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.just("unseen"),
    st.booleans(),
    st.integers(-3, 3),
    st.just(10**400),
    st.fractions(min_value=-3, max_value=3, max_denominator=4),
    st.just(Fraction(10**400, 3)),
    st.floats(),
    st.text(max_size=2),
)
"""Values an example may hold besides its attribute's own: missing, unseen, of the other
kind, ints and fractions for a float, not finite, not numbers at all."""


@st.composite
def examples_of(draw: st.DrawFn, schema: Schema) -> Example:
    """Examples of the schema's attributes, mostly of their own values, some odd ones, and
    now and then without one of the attributes."""
    example: dict[str, object] = {}
    for attribute in schema.attributes:
        domain = attribute.domain
        own = st.sampled_from(domain.values if isinstance(domain, Nominal) else GRID)
        example[attribute.name] = draw(st.one_of(own, own, ODD_VALUES))
    if example and draw(st.integers(0, 9)) == 0:
        del example[draw(st.sampled_from(sorted(example)))]
    return cast(Example, example)  # odd values on purpose


@given(
    st.sampled_from(sorted(LEARNERS)),
    datasets(max_rows=25, max_numeric=2, max_values=4, weighted=True, missing=True),
    st.booleans(),
    st.data(),
)
def test_compiled_prediction_is_reachs(
    name: str, data: Dataset, halved: bool, draw: st.DataObject
) -> None:
    if halved:  # float weights: float probabilities, and float shares of a missing value
        data = data.with_weights([weight / 2 for weight in data.weights])
    tree = grow(LEARNERS[name], data)
    examples = draw.draw(st.lists(examples_of(data.schema), max_size=10))
    agree(tree, [*data.examples(), *examples])


def first_untaken(
    trees: Sequence[Tree], examples: Sequence[Example]
) -> list[tuple[int, str, Value]]:
    """The model of untaken_examples: every example walked through every tree."""
    found = []
    for index, example in enumerate(examples):
        stops = [stop for tree in trees for stop in untaken(tree, example)]
        if stops:
            found.append((index, *stops[0]))
    return found


@given(
    st.sampled_from(sorted(LEARNERS)),
    datasets(max_rows=25, max_numeric=2, max_values=4, weighted=True, missing=True),
    st.data(),
)
def test_untaken_examples_are_those_reach_stops_at_a_split(
    name: str, data: Dataset, draw: st.DataObject
) -> None:
    """The set look-ups skip only examples that no tree stops; training rows never stop."""
    trees = [grow(LEARNERS[name], data), grow(LEARNERS["shallow"], data)]
    examples = [
        {
            **example,
            **{
                attribute: "unseen"
                for attribute in draw.draw(st.lists(st.sampled_from(data.schema.names)))
                if isinstance(data.schema.attribute(attribute).domain, Nominal)
            },
        }
        for example in draw.draw(st.lists(st.sampled_from(list(data.examples())), max_size=8))
    ]
    assert list(untaken_examples(trees, examples)) == first_untaken(trees, examples)
    assert untaken_examples(trees, list(data.examples())) == ()


def test_a_value_one_split_names_is_untaken_where_another_split_names_it_not() -> None:
    """The look-up took the values named anywhere in the model for an attribute, so a row
    whose value another split named was never walked."""
    leaf = Leaf("p", ClassStats(("p",), (1,)))
    under = [
        Split(tuple(Branch(Equals("A", value), leaf) for value in values), stats_p(len(values)))
        for values in (("a1", "a2"), ("a3", "a4"))
    ]
    tree = Split(
        (Branch(Equals("B", "b1"), under[0]), Branch(Equals("B", "b2"), under[1])), stats_p(4)
    )
    stopped = {"A": "a3", "B": "b1"}
    assert untaken(tree, stopped) == (("A", "a3"),)
    assert untaken_examples([tree], [{"A": "a1", "B": "b1"}, stopped]) == ((1, "A", "a3"),)


def stats_p(n: int) -> ClassStats:
    return ClassStats(("p",), (n,))


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


@given(regression_datasets(max_rows=25, weighted=True, missing=True), st.data())
def test_compiled_regression_is_reachs(data: Dataset, draw: st.DataObject) -> None:
    learner = Learner(impurity="squared_error", nominal="subsets", missing="fractional")
    tree = grow(learner, data)
    examples = draw.draw(st.lists(examples_of(data.schema), max_size=10))
    agree(tree, [*data.examples(), *examples])


def leaf(label: Label, a: int, b: int) -> Leaf:
    return Leaf(label, stats(a, b))


ODD_SPLITS = {
    # the ``x > t`` branch first
    "above first": Split(
        (Branch(Above("x", 1.5), leaf("b", 0, 2)), Branch(AtMost("x", 1.5), leaf("a", 1, 0))),
        stats(1, 2),
    ),
    # a gap: 1 < x <= 2 is taken by no branch; integer thresholds
    "gap": Split(
        (Branch(AtMost("x", 1), leaf("a", 3, 0)), Branch(Above("x", 2), leaf("b", 0, 1))),
        stats(3, 1),
    ),
    # no branch for "w", nor for any value unnamed
    "in and in": Split(
        (Branch(In("c", {"u", "v"}), leaf("a", 2, 0)), Branch(In("c", {"z"}), leaf("b", 0, 3))),
        stats(2, 3),
    ),
    # "u", and every other value but "v"
    "equals and not in": Split(
        (
            Branch(Equals("c", "u"), leaf("a", 1, 0)),
            Branch(NotIn("c", {"u", "v"}), leaf("b", 0, 4)),
        ),
        stats(1, 4),
    ),
    "empty branch": Split(
        (Branch(Equals("c", "u"), leaf("b", 0, 0)), Branch(Equals("c", "v"), leaf("a", 2, 1))),
        stats(2, 1),
    ),
}


@pytest.mark.parametrize("name", sorted(ODD_SPLITS))
@pytest.mark.parametrize(
    "value",
    [None, 0.5, 1, 1.5, 1.75, 2, 2.5, -math.inf, math.inf, math.nan, True, 10**400, Fraction(3, 2),
     "u", "v", "w", "", "uv"],
)  # fmt: skip
def test_every_shape_of_split_compiles_to_reachs_prediction(name: str, value: object) -> None:
    tree = ODD_SPLITS[name]
    attribute = tree.attribute
    examples = [{attribute: value}, {attribute: value, "other": 1.0}, {"other": value}]
    agree(tree, cast(list[Example], examples))


def test_compiled_splits_under_a_split_are_reachs() -> None:
    """The odd splits below a threshold: the walk hands over to reach below the root."""
    for odd in ODD_SPLITS.values():
        tree = Split(
            (Branch(AtMost("r", 0.0), odd), Branch(Above("r", 0.0), leaf("a", 1, 0))),
            stats(9, 9),
        )
        values: list[Value] = [None, 1.5, 2, "u", "w", math.nan]
        agree(tree, [{"r": r, "x": v, "c": v} for r in (-1.0, None, 1) for v in values])


def test_a_tree_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[Tree] = []
    original = tree_module._compile

    def counted(tree: Split) -> object:
        compiled.append(tree)
        return original(tree)

    monkeypatch.setattr(tree_module, "_compile", counted)
    golf = load("golf")
    tree = id3(golf)
    examples = list(golf.examples())
    assert predict_many(tree, examples) == golf.labels
    assert [predict(tree, example) for example in examples] == list(golf.labels)
    assert predict_proba(tree, examples[0]) == {"Don't Play": 0, "Play": 1}
    assert predict_many(tree, examples) == golf.labels
    assert compiled == [tree]
    equal = id3(golf)  # equal, but another tree: compiled for itself
    assert predict(equal, examples[0]) == golf.labels[0]
    assert compiled == [tree, equal]
    assert compiled[1] is equal


def test_a_complete_example_never_goes_through_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """Known values that a branch takes, a value unnamed that a NotIn takes, ints: the fast path."""
    reached_by: list[Tree] = []
    original = tree_module.reach

    def counted(
        tree: Tree, example: Example, spread: Spread = "training"
    ) -> tuple[tuple[Tree, Probability], ...]:
        reached_by.append(tree)
        return original(tree, example, spread)

    monkeypatch.setattr(tree_module, "reach", counted)
    tree = Split(
        (
            Branch(AtMost("x", 1), ODD_SPLITS["equals and not in"]),
            Branch(Above("x", 1), ODD_SPLITS["above first"]),
        ),
        stats(2, 6),
    )
    examples: list[Example] = [{"x": 0, "c": "u"}, {"x": 1.0, "c": "w"}, {"x": 3, "c": "w"}]
    examples += [{"x": 2}, {"x": 1.25}]
    assert predict_many(tree, examples) == ("a", "b", "b", "b", "a")
    assert reached_by == []
    assert predict(tree, {"x": 0, "c": "v"}) == "b"  # no branch takes v: reach from that split
    assert reached_by == [ODD_SPLITS["equals and not in"]]


def test_the_compiled_tree_does_not_keep_its_tree_alive() -> None:
    golf = load("golf")
    tree = id3(golf)
    assert predict_many(tree, golf.examples()) == golf.labels
    alive = weakref.ref(tree)
    key = id(tree)
    assert key in tree_module._COMPILED
    del tree
    gc.collect()
    assert alive() is None
    assert key not in tree_module._COMPILED


def test_a_leaf_alone_predicts_whatever_the_example() -> None:
    alone = leaf("b", 1, 2)
    assert predict_many(alone, [{}, {"x": math.nan}]) == ("b", "b")
    assert predict_proba(alone, {}) == {"a": Fraction(1, 3), "b": Fraction(2, 3)}


def test_ints_and_fractions_compare_as_floats_do() -> None:
    """holds compares float(x) <= t: an int beyond 2**53 rounds as float() rounds it."""
    big = 2**53 + 1  # float(big) == 2**53
    tree = Split(
        (
            Branch(AtMost("x", 2.0**53), leaf("a", 1, 0)),
            Branch(Above("x", 2.0**53), leaf("b", 0, 1)),
        ),
        stats(1, 1),
    )
    examples = cast(list[Example], [{"x": big}, {"x": Fraction(big)}, {"x": 2.0**53 + 2}])
    assert predict_many(tree, examples) == (
        "a",
        "a",
        "b",
    )
    with pytest.raises(OverflowError):
        predict(tree, {"x": 10**400})


def test_a_nominal_value_that_is_not_a_string_is_an_error() -> None:
    tree = id3(load("play-tennis"))
    example: Example = {"Outlook": 1.0, "Temperature": "Hot", "Humidity": "High", "Wind": "Weak"}
    with pytest.raises(DtreeError, match="not a nominal value"):
        predict_many(tree, [example])
    with pytest.raises(DtreeError, match="not a finite number"):
        predict(ODD_SPLITS["gap"], {"x": math.inf})


def test_predict_many_takes_any_iterable_and_gives_a_tuple() -> None:
    golf = load("golf")
    tree = id3(golf)
    assert predict_many(tree, iter(golf.examples())) == golf.labels
    assert predict_many(tree, ()) == ()


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
        predict_many(tree, [row])
