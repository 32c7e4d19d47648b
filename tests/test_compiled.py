"""The compiled walk: a value made once per tree, predicting as the definition does.

Every test here holds the compiled walk to the definition in :mod:`dtree.tree`,
``prediction_of(tree, reach(tree, x))``, through the law
:func:`dtree.invariants.compiled_walk_is_the_definition` (values, types and errors, both
spreads) and through the model's predictions of :mod:`dtree.ensemble`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any, cast

import pytest
from helpers import LEARNERS, missing_left, thorough
from hypothesis import given
from hypothesis import strategies as st

from dtree import compiled as compiled_module
from dtree import invariants as law
from dtree.compiled import (
    Compiled,
    column_predictions,
    compile_tree,
    ending,
    predictions,
    probabilities,
    untaken_examples,
)
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Example, Label, Nominal, Schema, Value
from dtree.datasets import load
from dtree.ensemble import predict, predict_many, predict_proba, predict_proba_many
from dtree.errors import DtreeError
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import id3
from dtree.strategies import GRID, datasets, regression_datasets
from dtree.tree import (
    Branch,
    Leaf,
    Probability,
    Split,
    Spread,
    Tree,
    mixture,
    prediction_of,
    reach,
    untaken,
)

CLASSES = ("a", "b")


def stats(a: int, b: int) -> ClassStats:
    return ClassStats(CLASSES, (a, b))


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
    return mixture(tree, reach(tree, example))


def agree(tree: Tree, examples: list[Example]) -> None:
    """predict, predict_proba and predict_many give what reach gives, values, types and errors;
    the compiled walk is the definition under either spread."""
    spreads: tuple[Spread, ...] = ("training", "equal")
    for spread in spreads:
        assert law.compiled_walk_is_the_definition(tree, examples, spread)
    for example in examples:
        assert outcome(partial(predict, tree, example)) == outcome(partial(reached, tree, example))
        if isinstance(tree.stats, ClassStats):
            assert outcome(partial(predict_proba, tree, example)) == outcome(
                partial(reached_proba, tree, example)
            )
    assert outcome(lambda: predict_many(tree, examples)) == outcome(
        lambda: tuple(reached(tree, example) for example in examples)
    )


SMALL_DATA = datasets(max_rows=25, max_numeric=2, max_values=4, weighted=True, missing=True)
"""Small datasets of every kind, weighted, with missing values: what a compiled walk meets."""


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


@thorough(200)
@given(
    st.sampled_from(sorted(LEARNERS)),
    SMALL_DATA,
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


@thorough(200)
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


def test_predict_many_compiles_the_tree_once_and_keeps_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each batch compiles its tree once, and nothing is kept between calls (no module
    state): an equal tree, or the same one again, is compiled afresh; a caller that
    predicts one tree many times compiles it once itself and passes the value."""
    compiled: list[Tree] = []

    def counted(tree: Tree) -> Compiled:
        compiled.append(tree)
        return compile_tree(tree)

    monkeypatch.setattr("dtree.ensemble.compile_tree", counted)
    golf = load("golf")
    tree = id3(golf)
    examples = list(golf.examples())
    assert predict_many(tree, examples) == golf.labels
    assert [predict(tree, example) for example in examples] == list(golf.labels)
    assert predict_proba(tree, examples[0]) == {"Don't Play": 0, "Play": 1}
    assert predict_many(tree, examples) == golf.labels
    assert compiled == [tree, tree]  # predict and predict_proba walk the definition
    equal = id3(golf)  # equal, but another tree: compiled for itself
    assert predict_many(equal, examples[:1]) == golf.labels[:1]
    assert compiled[2] is equal
    once = compile_tree(tree)
    assert predictions(once, examples) == predict_many(tree, examples, compiled=(once,))
    assert len(compiled) == 3
    with pytest.raises(DtreeError, match="not the model's members"):
        predict_many(equal, examples, compiled=(once,))


def test_a_compiled_tree_is_a_value_of_its_tree() -> None:
    tree = id3(load("play-tennis"))
    compiled = compile_tree(tree)
    assert compiled.tree is tree
    assert not hasattr(compiled_module, "_COMPILED")
    assert compile_tree(Leaf("a", stats(1, 0))).root == Leaf("a", stats(1, 0))


def test_a_complete_example_never_goes_through_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """Known values that a branch takes, a value unnamed that a NotIn takes, ints: the fast path."""
    reached_by: list[Tree] = []
    original = reach

    def counted(
        tree: Tree, example: Example, spread: Spread = "training"
    ) -> tuple[tuple[Tree, Probability], ...]:
        reached_by.append(tree)
        return original(tree, example, spread)

    monkeypatch.setattr(compiled_module, "reach", counted)
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
    assert predict_many(tree, [{"x": 0, "c": "v"}]) == ("b",)  # no branch takes v: reach there
    assert reached_by == [ODD_SPLITS["equals and not in"]]


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


def test_ending_is_a_leaf_or_what_reach_gives() -> None:
    tennis = load("play-tennis")
    tree = id3(tennis)
    walk = compile_tree(tree)
    day = {**tennis.example(0), "Humidity": None}
    assert isinstance(tree, Split)
    sunny = tree.branches[2].subtree  # Outlook = Sunny: a split on Humidity
    assert isinstance(sunny, Split)
    assert ending(walk, tennis.example(0)) == sunny.branches[0].subtree
    assert ending(walk, day) == reach(sunny, day)
    assert probabilities(walk, [day]) == predict_proba_many(tree, [day])


def test_an_example_that_is_not_a_mapping_is_refused_in_one_line() -> None:
    tree = id3(load("play-tennis"))
    row: Any = ["Sunny", "Hot", "High", "Weak"]  # what a caller may pass by mistake
    with pytest.raises(DtreeError, match="got a list"):
        predict_many(tree, [row])
    with pytest.raises(DtreeError, match="got a list"):
        ending(compile_tree(tree), row)


# -- the values no branch takes, for many examples at once ---------------------------------------


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


@thorough(200)
@given(
    st.sampled_from(sorted(LEARNERS)),
    SMALL_DATA,
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


def test_the_compiled_walk_sends_a_missing_value_the_way_a_branch_takes_it() -> None:
    stump = missing_left()
    assert law.compiled_walk_is_the_definition(stump, [{"x": None}, {"x": 1.0}, {"x": 3.0}])
    assert predictions(compile_tree(stump), [{"x": None}]) == ("no",)


@given(
    st.sampled_from(sorted(LEARNERS)),
    SMALL_DATA,
    st.data(),
)
def test_predictions_over_columns_are_predicts_row_by_row(
    name: str, data: Dataset, draw: st.DataObject
) -> None:
    """Rows read from the columns as tuples, a subset's rows in its order, missing values
    finished by reach: each row's prediction is predict's of its example, of the same type."""
    tree = grow(LEARNERS[name], data)
    rows = draw.draw(st.lists(st.sampled_from(data.rows), max_size=30))
    for part in (data, data.subset(rows)):
        expected = tuple(predict(tree, example) for example in part.examples())
        found = column_predictions(tree, part)
        assert found == expected
        assert [type(p) for p in found] == [type(p) for p in expected]


def test_predictions_over_columns_of_data_without_a_tested_attribute_name_it() -> None:
    golf = load("golf")
    tree = id3(golf)
    rest = Dataset.from_columns(
        {"windy": list(golf.column("windy")), "play": list(golf.labels)}, target="play"
    )
    with pytest.raises(DtreeError, match="outlook"):
        column_predictions(tree, rest)
    root = compile_tree(tree, golf.schema.names).root
    assert isinstance(root, tuple)
    assert root[0] == golf.schema.index("outlook")
    with pytest.raises(DtreeError, match="which the rows lack"):
        compile_tree(tree, ["windy"])
