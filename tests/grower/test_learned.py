"""scikit-learn's learned side for missing values: the scan against a brute force over every
cut with the missing rows on each side, its order among exact ties, the side of a cut that met
no missing value, and the minimum branch weight counting the missing rows."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree.conditions import Above, AtMost
from dtree.dataset import Dataset, Weight
from dtree.errors import DtreeError
from dtree.grower.candidate_splits import candidates
from dtree.grower.candidates import exact_score, first_best
from dtree.grower.learner import CART, Criterion
from dtree.grower.make_subtree import grow
from dtree.grower.rows import start
from dtree.impurity import IMPURITIES, impurity_decrease
from dtree.strategies import datasets

LEARNED = evolve(CART, missing="learned")


def _learned_brute_force(
    data: Dataset, attribute: str, criterion: str, least: Weight
) -> tuple[Fraction | float, float, int] | None:
    """The model of the learned scan: every cut of the known values with the missing rows
    right, then all known left and the missing right (threshold inf), then every cut with
    the missing rows left, counted from scratch and scored by the plain formula; the first
    of the greatest score (threshold, side of the missing rows)."""
    present = data.present()
    x, y = present.columns[present.schema.index(attribute)], present.target
    rows = present.rows
    classes = present.schema.classes
    known = sorted({float(x[r]) for r in rows if x[r] is not None})  # type: ignore[arg-type]
    cuts = [(a + b) / 2 for a, b in itertools.pairwise(known)]
    tried = [(t, 1) for t in cuts] + [(math.inf, 1)] + [(t, 0) for t in cuts]
    scored = []
    for t, to in tried:
        sides: list[list[int]] = [[], []]
        for r in rows:
            value = x[r]
            side = to if value is None else int(float(value) > t)
            sides[side].append(r)
        table = tuple(
            tuple(sum(data.weights[r] for r in side if y[r] == c) for c in classes)
            for side in sides
        )
        weights = [sum(row) for row in table]
        if min(weights) <= 0 or min(weights) < least:
            continue
        scored.append((impurity_decrease(table, IMPURITIES[criterion]), t, to))
    if not scored:
        return None
    return first_best(scored, lambda item: item[0])


def _learned_candidate(data: Dataset, learner: Any, attribute: str) -> Any:
    frame, root = start(learner, data)
    return next((c for c in candidates(frame, root) if c.attribute == attribute), None)


@given(
    datasets(
        min_attributes=2,
        max_attributes=2,
        min_numeric=2,
        max_numeric=2,
        weighted=True,
        missing=True,
    ),
    st.sampled_from(["gini", "entropy", "misclassification"]),
    st.sampled_from([0, 2]),
)
@settings(max_examples=200)
def test_the_learned_side_is_the_brute_force_first_best(
    data: Dataset, criterion: Criterion, least: int
) -> None:
    learner = evolve(LEARNED, impurity=criterion, min_samples_leaf=least)
    for attribute in data.schema.names:
        model = _learned_brute_force(data, attribute, criterion, least)
        found = _learned_candidate(data, learner, attribute)
        column = [data.columns[data.schema.index(attribute)][r] for r in data.present().rows]
        if None not in column:
            continue  # a cut that met no missing value: the next test's
        if model is None:
            assert found is None
            continue
        best, t, to = model
        assert found is not None
        at_most, above = found.conditions
        assert (at_most.threshold, found.missing_to) == (t, to)
        assert (at_most.missing, above.missing) == (to == 0, to == 1)
        assert exact_score(start(learner, data)[0], found) == best or criterion == "entropy"


@given(datasets(min_attributes=1, max_attributes=1, min_numeric=1, max_numeric=1, weighted=True))
def test_a_cut_that_met_no_missing_value_sends_them_to_its_side_of_more_rows(
    data: Dataset,
) -> None:
    plain = _learned_candidate(data, CART, data.schema.names[0])
    found = _learned_candidate(data, LEARNED, data.schema.names[0])
    if plain is None:
        assert found is None
        return
    at_most, above = found.conditions
    assert (at_most.threshold, above.threshold, found.parts) == (
        plain.conditions[0].threshold,
        plain.conditions[1].threshold,
        plain.parts,
    )
    present = data.present()
    x = present.columns[0]
    left = sum(1 for r in present.rows if x[r] <= at_most.threshold)
    to = 0 if left > len(present.rows) - left else 1
    assert (found.missing_to, at_most.missing, above.missing) == (to, to == 0, to == 1)


def test_the_learned_side_breaks_ties_in_scikit_learns_order() -> None:
    # x: 1 (a), 2 (b), missing (a), missing (b): the cut 1.5 with the missing rows right
    # scores as the cut with them left and as present against missing; the first tried wins.
    data = Dataset.from_columns({"x": [1.0, 2.0, None, None], "y": list("abab")}, target="y")
    found = _learned_candidate(data, LEARNED, "x")
    assert found.conditions == (AtMost("x", 1.5), Above("x", 1.5, missing=True))
    # x: 1..4 (a, b, a, a) and two missing (b, b): present against missing and the cut 2.5
    # with the missing rows left both score 1/4; present against missing is tried first
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0, None, None], "y": list("abaabb")}, target="y"
    )
    found = _learned_candidate(data, LEARNED, "x")
    assert found.conditions == (AtMost("x", math.inf), Above("x", math.inf, missing=True))
    assert exact_score(start(LEARNED, data)[0], found) == Fraction(1, 4)
    # all known values equal: only present against missing, threshold inf
    data = Dataset.from_columns({"x": [1.0, 1.0, None], "y": list("aab")}, target="y")
    found = _learned_candidate(data, LEARNED, "x")
    assert found.conditions == (AtMost("x", math.inf), Above("x", math.inf, missing=True))
    # every value missing: no split (the row of weight 0 makes x numeric, and is dropped)
    data = Dataset.from_columns(
        {"x": [5.0, None, None], "y": list("aab")}, target="y", weights=[0, 1, 1]
    )
    assert _learned_candidate(data, LEARNED, "x") is None


def test_min_samples_leaf_counts_the_missing_rows_on_their_side() -> None:
    # the cut 1.5 leaves one known row left: with the two missing rows left too it weighs 3
    data = Dataset.from_columns(
        {"x": [1.0, 2.0, 3.0, 4.0, None, None], "y": list("abbbaa")}, target="y"
    )
    found = _learned_candidate(data, evolve(LEARNED, min_samples_leaf=3), "x")
    assert found.conditions == (AtMost("x", 1.5, missing=True), Above("x", 1.5))
    assert found.parts == ((3, 0), (0, 3))


def test_the_learned_policy_refuses_a_missing_nominal_value_by_name() -> None:
    data = Dataset.from_columns({"c": ["u", None, "v"], "y": list("abb")}, target="y")
    with pytest.raises(DtreeError, match="nominal attribute: missing='learned'"):
        grow(LEARNED, data)
