"""The four ways of the Decision Trees II notes to choose an attribute: the restaurant's
answers, and the laws every choice keeps."""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.learner import CART, ID3, AttributeChoice, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import id3
from dtree.impurity import information_gain
from dtree.invariants import fits_consistent_data, splits_are_greedy
from dtree.strategies import consistent_datasets, datasets
from dtree.tree import Split, size

CHOICES: tuple[AttributeChoice, ...] = ("best", "random", "fewest_values", "most_values")


def _slide() -> Dataset:
    """The restaurant as the notes' slide sees it: Patrons, Type and the wait estimate."""
    data = load("restaurant")
    columns = {name: list(data.column(name)) for name in ("Pat", "Type", "Est")}
    return Dataset.from_columns(
        columns | {"WillWait": list(data.labels)}, target="WillWait", classes=data.schema.classes
    )


def _root(choice: AttributeChoice, data: Dataset, seed: int = 0) -> str:
    tree = grow(Learner(attribute_choice=choice, seed=seed), data)
    assert isinstance(tree, Split)
    return tree.attribute


def test_the_slide_least_values_patrons_most_values_type_max_gain_patrons() -> None:
    # Patrons has 3 values, Type and Est 4 each: the tie of most values goes to Type, first.
    slide = _slide()
    assert _root("fewest_values", slide) == "Pat"
    assert _root("most_values", slide) == "Type"
    assert _root("best", slide) == "Pat"  # the slide's "???": Gain(Pat) = 0.54, Gain(Type) = 0


def test_random_draws_every_attribute_of_the_slide_and_repeats_itself() -> None:
    slide = _slide()
    drawn = {seed: _root("random", slide, seed) for seed in range(12)}
    assert set(drawn.values()) == {"Pat", "Type", "Est"}
    assert drawn[4] == "Est"  # "Random: Patrons or Wait-time", by the seed
    assert all(_root("random", slide, seed) == name for seed, name in drawn.items())


def test_on_the_whole_restaurant_the_gain_grows_the_smallest_tree() -> None:
    data = load("restaurant")
    sizes = {c: size(grow(Learner(attribute_choice=c), data)) for c in CHOICES}
    assert sizes == {"best": 12, "random": 22, "fewest_values": 26, "most_values": 19}
    assert _root("fewest_values", data) == "Alt"  # two values, first of the eight such
    assert _root("most_values", data) == "Type"
    most = grow(Learner(attribute_choice="most_values"), data)
    assert splits_are_greedy(most, data, score=_values)
    assert not splits_are_greedy(grow(ID3, data), data, score=_values)  # the law can fail


def test_an_unknown_choice_is_refused_by_name() -> None:
    with pytest.raises(DtreeError, match="attribute choice"):
        Learner(attribute_choice="worst")  # type: ignore[arg-type]


def test_best_is_the_default() -> None:
    data = load("play-tennis")
    assert grow(Learner(attribute_choice="best"), data) == id3(data)
    assert grow(evolve(CART, attribute_choice="best"), data) == grow(CART, data)


def _values(data: Dataset, name: str) -> int:
    return len(set(data.column(name)))


@given(data=datasets(), seed=st.integers(0, 3))
def test_most_and_fewest_values_split_on_the_extreme_attribute(data: Dataset, seed: int) -> None:
    most = grow(Learner(attribute_choice="most_values", seed=seed), data)
    fewest = grow(Learner(attribute_choice="fewest_values", seed=seed), data)
    assert splits_are_greedy(most, data, score=_values)
    assert splits_are_greedy(fewest, data, score=lambda d, name: -_values(d, name))


@given(datasets())
def test_the_best_choice_is_the_largest_gain(data: Dataset) -> None:
    best = grow(Learner(attribute_choice="best"), data)
    assert splits_are_greedy(best, data, score=information_gain)
    assert best == grow(ID3, data)


@pytest.mark.parametrize("choice", CHOICES)
@given(data=consistent_datasets(max_numeric=2), seed=st.integers(0, 10))
@settings(max_examples=min(150, settings().max_examples))  # four choices, each a search
def test_every_choice_fits_consistent_data(
    choice: AttributeChoice, data: Dataset, seed: int
) -> None:
    learner = Learner(attribute_choice=choice, seed=seed)
    assert fits_consistent_data(lambda d: grow(learner, d), data)
