"""dtree.grower.subsets.one_vs_rest: J48 -B's one nominal value against the rest.

The model is Weka's rule written from its description with the notes' gain ratio
(:func:`dtree.impurity.gain_ratio` of a two-valued attribute "the value, or not"): the
values in domain order, each whose two sides hold at least ``min_objects`` allowed; the
first value taken whenever allowed, a later one only when its gain ratio exceeds the best
by more than 1e-6.  Live J48 ``-B`` on Weka's 17 examples is the other oracle
(``tests/conformance/test_conformance_j48.py``).
"""

from __future__ import annotations

from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import In
from dtree.dataset import Dataset, Nominal
from dtree.datasets import load
from dtree.grower.candidates import known_values
from dtree.grower.learner import J48
from dtree.grower.make_subtree import grow
from dtree.grower.rows import start
from dtree.grower.subsets import J48_SMALL, one_vs_rest
from dtree.impurity import gain_ratio
from dtree.strategies import datasets
from dtree.tree import Split, nodes


def weka_choice(data: Dataset, name: str, values: tuple[str, ...], least: int) -> str | None:
    """The value BinC45Split splits ``name`` on, by its rule (see the module's docstring)."""
    column = [str(data.columns[data.schema.index(name)][row]) for row in data.rows]
    labels = [data.target[row] for row in data.rows]
    best, best_ratio, first = None, 0.0, None
    for i, value in enumerate(values):
        on = sum(x == value for x in column)
        if on < least or len(column) - on < least:
            continue
        first = first or value
        marked = ["yes" if x == value else "no" for x in column]
        side = Dataset.from_columns({"side": marked, "y": labels}, target="y")
        ratio = gain_ratio(side, "side")
        if i == 0 or ratio - best_ratio > J48_SMALL:
            best, best_ratio = value, ratio
    return best or first


@given(
    data=datasets(min_rows=2, max_attributes=3, max_values=4, min_classes=2),
    least=st.integers(1, 3),
)
def test_the_value_chosen_is_j48s(data: Dataset, least: int) -> None:
    frame, root = start(evolve(J48, nominal="one_vs_rest", min_objects=least), data)
    for index, attribute in enumerate(data.schema.attributes):
        if not isinstance(attribute.domain, Nominal):
            continue
        values = attribute.domain.values
        found = one_vs_rest(frame, attribute.name, known_values(frame, root, index), values)
        chosen = None
        if found is not None:
            condition = found.conditions[0]
            assert isinstance(condition, In)
            (chosen,) = condition.values
        assert chosen == weka_choice(data, attribute.name, values, least)


def test_a_tree_of_one_value_against_the_rest_is_binary_throughout() -> None:
    """Golf's root is overcast against the rest (the best gain ratio of outlook's three
    values), and every split below has two branches."""
    tree = grow(evolve(J48, nominal="one_vs_rest"), load("golf"))
    assert isinstance(tree, Split)
    assert tree.branches[0].condition == In("outlook", frozenset({"overcast"}))
    assert all(len(node.branches) == 2 for node in nodes(tree) if isinstance(node, Split))


def test_the_comparison_tells_another_rule_apart() -> None:
    """The law can fail: here the first value's split (u, of mixed classes) is allowed, and
    the rule takes v, pure, over it, as dtree does; a rule that kept the first allowed value
    would part from both."""
    data = Dataset.from_columns(
        {"s": ["u", "u", "v", "v", "w", "w"], "y": ["a", "b", "a", "a", "b", "b"]}, target="y"
    )
    frame, root = start(evolve(J48, nominal="one_vs_rest", min_objects=1), data)
    found = one_vs_rest(frame, "s", known_values(frame, root, 0), ("u", "v", "w"))
    assert found is not None
    assert weka_choice(data, "s", ("u", "v", "w"), 1) == "v"  # not the first, u
    assert found.conditions[0] == In("s", frozenset({"v"}))
