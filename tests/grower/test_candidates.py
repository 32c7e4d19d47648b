"""DetermineCandidateSplits: the subsets CART tries, the tie rule, and each candidate's score
checked against the impurity decrease of its parts computed from scratch."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from attrs import evolve
from helpers import thorough
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import holds
from dtree.counts import class_counts
from dtree.dataset import Dataset, Weight
from dtree.grower.candidate_splits import candidates
from dtree.grower.candidates import exact_score, first_best, reaches
from dtree.grower.learner import CART
from dtree.grower.rows import start
from dtree.grower.subsets import subsets
from dtree.impurity import gini, impurity_decrease
from dtree.strategies import datasets


def test_first_best_takes_the_first_of_the_largest_and_ties_within_the_tolerance() -> None:
    items: list[Fraction | float] = [0.25, 0.5, 0.5 - 1e-14, Fraction(1, 2)]
    assert first_best(list(enumerate(items)), lambda item: item[1]) == (1, 0.5)
    assert reaches(Fraction(1, 2), Fraction(1, 2))
    assert not reaches(Fraction(1, 2) - Fraction(1, 10**20), Fraction(1, 2))  # exact: no slack


def test_cart_tries_every_subset_once_with_more_than_two_classes() -> None:
    data = Dataset.from_columns({"x": list("abcd"), "y": list("pqrp")}, target="y")
    frame, _ = start(CART, data)
    present = ["a", "b", "c", "d"]
    left_sides = list(subsets(frame, present, [(1, 0, 0)] * 4))
    assert len(left_sides) == len(set(left_sides)) == 2**3 - 1
    assert all("a" in left for left in left_sides)  # each split once: its side holding a


def test_with_two_classes_cart_tries_the_m_minus_1_ordered_splits() -> None:
    data = Dataset.from_columns({"x": list("abc"), "y": list("pqp")}, target="y")
    frame, _ = start(CART, data)
    parts = [(3, 1), (0, 2), (1, 1)]  # shares of the second class: 1/4, 1, 1/2
    assert list(subsets(frame, ["a", "b", "c"], parts)) == [
        frozenset("a"),
        frozenset("ac"),
    ]


@given(datasets(min_rows=2, max_rows=15, max_numeric=2, max_classes=3))
def test_each_candidate_scores_the_gini_decrease_of_the_rows_it_sends_each_way(
    data: Dataset,
) -> None:
    frame, root = start(evolve(CART, nominal="multiway"), data)
    for candidate in candidates(frame, root):
        column = data.columns[data.schema.index(candidate.attribute)]
        table = tuple(
            class_counts(
                data.subset([r for r in data.rows if holds(c, {candidate.attribute: column[r]})])
            )
            for c in candidate.conditions
        )
        assert candidate.parts == table
        assert exact_score(frame, candidate) == impurity_decrease(table, gini)


@pytest.mark.parametrize("regression", [False, True])
def test_the_m_minus_1_ordered_splits_merge_each_values_part_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch, regression: bool
) -> None:
    """Running sums up and down the order: O(m) parts merged at a node, not m per cut."""
    m = 300
    values = [f"v{i % m}" for i in range(3 * m)]
    target: list[str | float] = [float(i * 7 % 5) for i in range(3 * m)]
    if not regression:
        target = ["ab"[i * 7 % 5 % 2] for i in range(3 * m)]
    data = Dataset.from_columns({"x": values, "y": target}, target="y")
    learner = evolve(CART, impurity="squared_error") if regression else CART
    frame, root = start(learner, data)
    merged = 0
    kind = type(frame.target)
    for method in ("merged", "running"):
        original = getattr(kind, method, None)
        if original is None:
            continue

        def counted(self: object, parts: Sequence[object], original: Any = original) -> Any:
            nonlocal merged
            merged += len(parts)
            return original(self, parts)

        monkeypatch.setattr(kind, method, counted)
    (candidate,) = candidates(frame, root)
    assert len(candidate.conditions) == 2
    assert merged <= 4 * m  # merging all m parts at each of the m - 1 cuts: m * (m - 1)


@thorough(200)
@given(
    datasets(min_rows=2, max_rows=15, max_numeric=2, max_classes=3),
    st.lists(
        st.one_of(
            st.integers(1, 5),
            st.fractions(min_value=Fraction(1, 100), max_value=5, max_denominator=1000),
            st.floats(min_value=1e-3, max_value=5.0),
        ),
        min_size=15,
        max_size=15,
    ),
)
def test_a_cut_of_fraction_weights_counts_the_weight_it_sends_each_way(
    data: Dataset, drawn: list[Weight]
) -> None:
    """The parts of a numeric cut come from the scan's counts, added over a common
    denominator: they are the exact class weights of the rows each side, as summed plainly."""
    weighted = data.with_weights(drawn[: len(data.target)])
    frame, root = start(CART, weighted)
    classes = weighted.schema.classes
    for candidate in candidates(frame, root):
        column = weighted.columns[weighted.schema.index(candidate.attribute)]
        expected = []
        for condition in candidate.conditions:
            counts = [Fraction(0)] * len(classes)
            for row in weighted.present().rows:
                if holds(condition, {candidate.attribute: column[row]}):
                    label = classes.index(str(weighted.target[row]))
                    counts[label] += Fraction(weighted.weights[row])
            expected.append(tuple(counts))
        assert candidate.parts == tuple(expected)
