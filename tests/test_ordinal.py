"""Ordinal attributes: the restaurant's wait estimate split in order, and the laws of an
ordinal split (in order, m - 1 of them, the tree of the codes)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import given

from dtree.arff import arff_text, read_arff
from dtree.conditions import AboveLevel, AtMostLevel, describe, holds
from dtree.counts import contingency
from dtree.dataset import Dataset, Nominal
from dtree.datasets import load
from dtree.discretize import discretize
from dtree.errors import DtreeError
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import cart, id3
from dtree.impurity import TOLERANCE, entropy, information_gain
from dtree.invariants import (
    compiled_walk_is_the_definition,
    model_file_round_trips,
    python_agrees_with_predict,
    rules_agree_with_tree,
)
from dtree.ordinal import codes, in_levels, is_ordinal
from dtree.render import rules, text
from dtree.strategies import datasets
from dtree.tree import Leaf, Split, nodes, predict, preorder, reach

WAITS = ("0-10", "10-30", "30-60", ">60")


def _restaurant() -> Dataset:
    """The restaurant with its price and wait estimate ordinal."""
    return load("restaurant").with_levels({"Price": ("$", "$$", "$$$"), "Est": WAITS})


def _only(data: Dataset, name: str) -> Dataset:
    columns = {name: data.column(name), "y": data.labels}
    return Dataset.from_columns(columns, target="y", classes=data.schema.classes).with_levels(
        {name: data.schema.attribute(name).domain.values}  # type: ignore[union-attr]
    )


def _ordinal(data: Dataset) -> Dataset:
    """The data with every nominal attribute ordinal, its values in their declared order."""
    return data.with_levels(
        {a.name: a.domain.values for a in data.schema.attributes if isinstance(a.domain, Nominal)}
    )


def test_the_wait_estimate_has_three_splits_and_the_last_gains_most() -> None:
    # (Yes, No) by estimate: 0-10 (4, 2), 10-30 (1, 1), 30-60 (1, 1), >60 (0, 2).
    data = _only(_restaurant(), "Est")
    assert contingency(data, "Est") == ((4, 2), (1, 1), (1, 1), (0, 2))
    gains = {  # 1 - the weighted entropies of the two sides, one split per cut: 4 levels, 3 cuts
        "0-10": 1 - entropy((4, 2)),
        "10-30": 1 - 8 / 12 * entropy((5, 3)) - 4 / 12 * entropy((1, 3)),
        "30-60": 1 - 10 / 12 * entropy((6, 4)),
    }
    assert [round(g, 4) for g in gains.values()] == [0.0817, 0.0933, 0.1909]
    stump = id3(data, max_depth=1)
    assert isinstance(stump, Split)
    assert [describe(b.condition) for b in stump.branches] == ["Est <= 30-60", "Est > 30-60"]
    nominal = load("restaurant")  # the multiway split of the four estimates gains more
    assert round(information_gain(nominal, "Est"), 4) == 0.2075


def test_text_rules_and_model_files_speak_levels() -> None:
    tree = id3(_only(_restaurant(), "Est"))
    assert text(tree).splitlines()[:3] == [
        "root [Yes: 6, No: 6]",
        "Est <= 30-60 [Yes: 6, No: 4]",
        "|   Est <= 0-10 [Yes: 4, No: 2]: Yes",
    ]
    assert rules(tree).splitlines()[:2] == [  # Est <= 30-60 and Est <= 0-10: Est <= 0-10
        "if Est <= 0-10 then Yes  [6, 66.7%]",
        "if Est <= 10-30 and Est > 0-10 then Yes  [2, 50%]",
    ]
    examples = [{"Est": w} for w in WAITS]
    assert model_file_round_trips(tree)
    assert python_agrees_with_predict(tree, examples)
    assert rules_agree_with_tree(tree, examples)
    assert compiled_walk_is_the_definition(tree, [*examples, {"Est": None}, {"Est": "soon"}])


def test_a_level_outside_the_order_goes_down_no_branch() -> None:
    tree = id3(_only(_restaurant(), "Est"), max_depth=1)
    assert isinstance(tree, Split)
    assert [end for end, _ in reach(tree, {"Est": "soon"})] == [tree]
    assert holds(AtMostLevel("Est", "10-30", WAITS), {"Est": "soon"}) is False
    assert holds(AboveLevel("Est", "10-30", WAITS), {"Est": "soon"}) is False
    with pytest.raises(DtreeError, match="not one of the levels"):
        AtMostLevel("Est", "soon", WAITS)


def test_a_value_outside_the_levels_is_refused_when_declared() -> None:
    data = Dataset.from_columns({"size": ["S", "XL"], "y": ["a", "b"]}, target="y")
    with pytest.raises(DtreeError, match="'XL' is not one of the values"):
        data.with_levels({"size": ["S", "M", "L"]})


def test_missing_values_learned_are_refused_for_an_ordinal_attribute() -> None:
    with pytest.raises(DtreeError, match="ordinal attribute"):
        grow(Learner(missing="learned"), _restaurant())


def test_a_missing_level_is_shared_and_the_split_keeps_to_the_order() -> None:
    data = Dataset.from_columns(
        {"grade": ["A", "B", None, "C", "D", "B"], "y": list("ppqqqp")}, target="y"
    ).with_levels({"grade": ["A", "B", "C", "D"]})
    tree = grow(Learner(missing="fractional"), data)
    assert isinstance(tree, Split)
    assert tree.branches[0].condition == AtMostLevel("grade", "B", ("A", "B", "C", "D"))
    assert isinstance(cart(data.subset([0, 1, 3, 4, 5])), Split)


def test_arff_has_no_ordinal_kind_and_keeps_the_order_of_the_levels(tmp_path: Path) -> None:
    data = _restaurant()
    path = tmp_path / "restaurant.arff"
    path.write_text(arff_text(data), encoding="utf-8")
    read = read_arff(path)
    assert read.schema.attribute("Est").domain == Nominal(WAITS)  # nominal, levels in order
    assert read.with_levels({"Price": ("$", "$$", "$$$"), "Est": WAITS}) == data


def test_discretised_ranges_are_ordinal_on_request() -> None:
    iris = load("iris")
    cuts = {"petal_length": (2.45, 4.75), "petal_width": (0.8, 1.75)}
    ranged = discretize(iris, cuts, ordered=True)
    assert all(is_ordinal(a.domain) for a in ranged.schema.attributes[2:])
    assert not is_ordinal(discretize(iris, cuts).schema.attributes[2].domain)
    tree = cart(ranged, max_depth=1)
    assert isinstance(tree, Split)
    assert [describe(b.condition) for b in tree.branches] == [
        'petal_length <= "<= 2.45"',
        'petal_length > "<= 2.45"',
    ]


def _in_order(split: Split) -> bool:
    """The split's first branch takes a first run of the levels, its second the rest."""
    first, second = (branch.condition for branch in split.branches)
    assert isinstance(first, AtMostLevel)
    left = [holds(first, {first.attribute: v}) is True for v in first.levels]
    right = [holds(second, {first.attribute: v}) is True for v in first.levels]
    return left == sorted(left, reverse=True) and right == [not side for side in left]


@given(datasets())
def test_an_ordinal_split_never_separates_levels_out_of_order(data: Dataset) -> None:
    ordinal = _ordinal(data)
    for learner in (ID3, CART):
        for node in nodes(grow(learner, ordinal)):
            if isinstance(node, Split):
                assert _in_order(node)


@given(datasets())
def test_the_best_ordinal_split_is_the_best_of_the_m_minus_1_in_order(data: Dataset) -> None:
    ordinal = _ordinal(data)
    stump = id3(ordinal, max_depth=1)
    if isinstance(stump, Leaf):
        return
    first = stump.branches[0].condition
    assert isinstance(first, AtMostLevel)
    ranks = [first.levels.index(str(v)) for v in ordinal.column(first.attribute)]
    present = sorted(set(ranks))  # m levels at the root, m - 1 cuts between them
    gains = [_gain_of_cut(ordinal, ranks, cut) for cut in present[:-1]]
    # the cut after the last level present up to the split's (the midpoint of two codes may
    # name a level between them that no row has)
    chosen = max(k for k, rank in enumerate(present) if rank <= first.levels.index(first.level))
    assert math.isclose(gains[chosen], max(gains), abs_tol=TOLERANCE)
    assert all(g < gains[chosen] - TOLERANCE for g in gains[:chosen])  # the first best


def _gain_of_cut(data: Dataset, ranks: list[int], cut: int) -> float:
    """The information gain of the split of the rows into ranks <= cut and > cut."""
    sides = ["at most" if rank <= cut else "above" for rank in ranks]
    split = Dataset.from_columns(
        {"side": sides, "y": data.labels}, target="y", classes=data.schema.classes
    )
    return information_gain(split, "side")


@given(datasets(missing=True))
def test_growing_on_levels_is_growing_on_their_codes(data: Dataset) -> None:
    ordinal = _ordinal(data)
    coded = codes(ordinal)
    levels = {
        a.name: a.domain.values for a in ordinal.schema.attributes if isinstance(a.domain, Nominal)
    }
    for learner in (C45, evolve(CART, missing="fractional")):
        on_levels, on_codes = grow(learner, ordinal), grow(learner, coded)
        assert [v.node.stats for v in preorder(on_levels)] == [
            v.node.stats for v in preorder(on_codes)
        ]
        assert in_levels(on_codes, ordinal.schema) == on_levels
        for example in itertools.islice(_every_example(levels), 200):
            code = {
                name: None if v is None else float(levels[name].index(v))
                for name, v in example.items()
            }
            assert predict(on_levels, example) == predict(on_codes, code)


def _every_example(levels: dict[str, tuple[str, ...]]) -> Iterator[dict[str, str | None]]:
    """Every example of the levels, a missing value among them."""
    names = list(levels)
    for values in itertools.product(*([*levels[n], None] for n in names)):
        yield dict(zip(names, values, strict=True))
