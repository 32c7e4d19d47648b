"""Filling in missing values with the most likely value: the notes' numbers and laws."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import AtMost, Equals
from dtree.counts import total
from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Schema, Value, Weight
from dtree.datasets import load
from dtree.ensemble import Ensemble, predict, predict_many, predict_proba
from dtree.errors import DtreeError
from dtree.grower.learner import C45 as C45_LEARNER
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.grower.node import assess, decide, root
from dtree.grower.presets import id3
from dtree.impurity import TOLERANCE, entropy, information_gain
from dtree.missing import impute, most_likely_value, shares
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Split, depth, nodes

SUNNY_DAYS = (1, 2, 8, 9, 11)  # PlayTennis's days with Outlook = Sunny, numbered from 1


def sunny(humidity_of_day_8: str | None = None) -> Dataset:
    """The Decision Trees II notes' sunny days, with day 8's Humidity replaced."""
    tennis = load("play-tennis")
    records: list[dict[str, Value]] = []
    for day in SUNNY_DAYS:
        record = {**tennis.example(day - 1), "PlayTennis": tennis.target[day - 1]}
        assert record["Outlook"] == "Sunny"
        if day == 8:
            record["Humidity"] = humidity_of_day_8
        records.append(record)
    return Dataset.from_records(records, target="PlayTennis", classes=tennis.schema.classes)


# -- the notes' example ------------------------------------------------------------


def test_the_sunny_days_are_those_of_the_notes() -> None:
    data = sunny()
    assert data.column("Humidity") == ("High", "High", None, "Normal", "Normal")
    assert data.labels == ("No", "No", "No", "Yes", "Yes")
    assert data.schema.attribute("Humidity").domain == Nominal(("High", "Normal"))


def test_a_missing_value_has_no_gain_until_it_is_filled_in() -> None:
    with pytest.raises(DtreeError, match="missing value") as error:
        information_gain(sunny(), "Humidity")
    assert error.value.column == "Humidity"


def test_fill_in_gives_high_and_the_notes_gain() -> None:
    """High and Normal tie 2 to 2 among the other sunny days; High comes first.

    Gain = .97 - (3/5) Ent[+0, -3] - (2/5) Ent[+2, -0] = .97, a perfect split.
    """
    data = sunny()
    assert most_likely_value(data, "Humidity") == "High"
    filled = impute(data)
    assert filled.column("Humidity") == ("High", "High", "High", "Normal", "Normal")
    assert filled == sunny("High")
    gain = information_gain(filled, "Humidity")
    assert round(gain, 2) == 0.97
    assert abs(gain - entropy([3, 2])) <= TOLERANCE  # all of Ent(S): nothing is left


def test_fractional_counts_gain_less_than_fill_in() -> None:
    """Day 8 as two halves, High and Normal (the notes' second suggestion):

    Gain = .97 - (2.5/5) Ent[+0, -2.5] - (2.5/5) Ent[+2, -.5] < .97
    """
    half = Fraction(1, 2)
    data = Dataset.from_columns(
        {
            "Humidity": ["High", "High", "High", "Normal", "Normal", "Normal"],
            "PlayTennis": ["No", "No", "No", "No", "Yes", "Yes"],
        },
        target="PlayTennis",
        weights=[1, 1, half, half, 1, 1],
    )
    # Classes in the order (No, Yes): the notes' Ent[+p, -n] is entropy([n, p]).
    expected = (
        entropy([3, 2])
        - Fraction(5, 2) / 5 * entropy([Fraction(5, 2), 0])
        - Fraction(5, 2) / 5 * entropy([half, 2])
    )
    gain = information_gain(data, "Humidity")
    assert abs(gain - expected) <= TOLERANCE
    assert gain < 0.97
    assert gain < information_gain(impute(sunny()), "Humidity")


# -- most_likely_value -------------------------------------------------------------


def schema_of(domain: Nominal | Numeric) -> Schema:
    return Schema((Attribute("x", domain),), Attribute("y", Nominal(("p", "q"))))


def test_a_nominal_tie_goes_to_the_first_value_in_domain_order() -> None:
    schema = schema_of(Nominal(("b", "a", "c")))  # not alphabetical on purpose
    data = Dataset(schema, [["a", "b", None, "c"]], ["p", "q", "p", "q"])
    assert most_likely_value(data, "x") == "b"
    assert most_likely_value(data.with_weights([2, 1, 1, 1]), "x") == "a"


def test_a_numeric_tie_goes_to_the_smallest_value() -> None:
    data = Dataset(schema_of(Numeric()), [[3.0, -1.5, 3.0, -1.5, 7.0]], list("ppqqp"))
    assert most_likely_value(data, "x") == -1.5
    assert most_likely_value(data.with_weights([1, 1, 1, 1, 2]), "x") == -1.5
    assert most_likely_value(data.with_weights([1, 1, 1, 1, 3]), "x") == 7.0


def test_the_numeric_most_likely_value_is_the_mode_not_the_mean() -> None:
    data = Dataset(schema_of(Numeric()), [[0.0, 0.0, 9.0]], list("pqp"))
    assert most_likely_value(data, "x") == 0.0


def test_weights_count_and_rows_of_weight_zero_count_nothing() -> None:
    data = Dataset(schema_of(Nominal(("a", "b"))), [["a", "a", "b"]], list("pqp"))
    assert most_likely_value(data.with_weights([1, 1, 3]), "x") == "b"
    assert most_likely_value(data.with_weights([0.75, 0.75, Fraction(3, 2)]), "x") == "a"
    assert most_likely_value(data.with_weights([1, 1, Fraction(5, 2)]), "x") == "b"
    assert most_likely_value(data.with_weights([0, 0, 1]), "x") == "b"


def test_only_the_datasets_rows_are_counted() -> None:
    data = Dataset(schema_of(Nominal(("a", "b"))), [["a", "a", "b", None]], list("pqpq"))
    assert most_likely_value(data, "x") == "a"
    assert most_likely_value(data.subset([2, 3]), "x") == "b"


@pytest.mark.parametrize(
    ("column", "weights"),
    [
        ([None, None], [1, 1]),  # nothing known
        (["a", None], [0, 1]),  # known only in a row of weight 0
    ],
)
def test_no_known_value_of_positive_weight_is_an_error(
    column: list[Value], weights: list[Weight]
) -> None:
    data = Dataset(schema_of(Nominal(("a",))), [column], ["p", "q"], weights)
    with pytest.raises(DtreeError, match="no row of positive weight") as error:
        most_likely_value(data, "x")
    assert error.value.column == "x"
    with pytest.raises(DtreeError) as error:
        impute(data)
    assert error.value.column == "x"


def test_an_unknown_attribute_is_an_error() -> None:
    with pytest.raises(DtreeError, match="unknown attribute 'Humid'"):
        most_likely_value(sunny(), "Humid")


# -- impute --------------------------------------------------------------------------


def test_columns_without_missing_values_are_shared() -> None:
    data = sunny()
    filled = impute(data)
    for name in ("Outlook", "Temperature", "Wind"):
        j = data.schema.index(name)
        assert filled.columns[j] is data.columns[j]
    j = data.schema.index("Humidity")
    assert filled.columns[j] is not data.columns[j]
    tennis = load("play-tennis")
    assert impute(tennis) == tennis
    assert all(a is b for a, b in zip(impute(tennis).columns, tennis.columns, strict=True))


def test_a_subset_fills_its_own_rows_only() -> None:
    """Values outside the subset's rows are no example of it: they are kept."""
    data = Dataset(schema_of(Nominal(("a", "b"))), [["a", None, "b", "b", None]], list("pqpqp"))
    filled = impute(data.subset([0, 1]))
    assert filled.columns == (("a", "a", "b", "b", None),)
    assert filled.rows == (0, 1)
    assert impute(data.subset([0, 2, 3])).columns == data.columns


def test_a_missing_target_is_refused_before_imputation() -> None:
    """Only attribute values can be missing, so impute never meets a missing target."""
    with pytest.raises(DtreeError, match="target value is missing"):
        Dataset.from_columns({"x": ["a", "b"], "y": ["p", None]}, target="y")
    with pytest.raises(DtreeError, match="target value is missing"):
        Dataset(schema_of(Nominal(("a",))), [["a"]], [None])  # type: ignore[list-item]


# -- laws ----------------------------------------------------------------------------

MIXED = datasets(max_rows=12, max_numeric=2, weighted=True, missing=True)
MIXED_DATA = st.one_of(MIXED, regression_datasets(max_rows=12, weighted=True, missing=True))


def weight_by_value(data: Dataset, name: str) -> dict[str | float, Weight]:
    """W(X = k) over the dataset's known values of positive weight, computed afresh."""
    weights: dict[str | float, list[Weight]] = defaultdict(list)
    for value, weight in zip(data.column(name), data.row_weights, strict=True):
        if value is not None and weight > 0:
            weights[value].append(weight)
    return {value: total(w) for value, w in weights.items()}


def fillable(data: Dataset, name: str) -> bool:
    return bool(weight_by_value(data, name)) or None not in data.column(name)


@given(MIXED_DATA)
def test_most_likely_value_is_the_weightiest_known_value(data: Dataset) -> None:
    for attribute in data.schema.attributes:
        weights = weight_by_value(data, attribute.name)
        if not weights:
            with pytest.raises(DtreeError):
                most_likely_value(data, attribute.name)
            continue
        heaviest = max(weights.values())
        ties = [value for value, weight in weights.items() if weight == heaviest]
        match attribute.domain:
            case Nominal(values):
                expected = min(ties, key=values.index)
            case _:
                expected = min(value for value in ties if not isinstance(value, str))
        assert most_likely_value(data, attribute.name) == expected


@given(MIXED_DATA)
def test_impute_fills_every_gap_and_changes_nothing_else(data: Dataset) -> None:
    before = (data.schema, data.columns, data.target, data.weights, data.rows)
    if not all(fillable(data, name) for name in data.schema.names):
        with pytest.raises(DtreeError):
            impute(data)
        return
    filled = impute(data)
    assert (data.schema, data.columns, data.target, data.weights, data.rows) == before
    assert (filled.schema, filled.target, filled.weights, filled.rows) == before[0:1] + before[2:]
    for name in data.schema.names:
        old, new = data.column(name), filled.column(name)
        assert None not in new
        for was, now in zip(old, new, strict=True):
            assert now == (most_likely_value(data, name) if was is None else was)
    assert impute(filled) == filled


@given(st.one_of(datasets(max_rows=8, max_numeric=2, weighted=True), MIXED))
def test_an_integer_weight_counts_as_that_many_copies(data: Dataset) -> None:
    copies = [row for row in data.rows for _ in range(int(data.weights[row]))]
    expanded = Dataset(
        data.schema,
        [[column[row] for row in copies] for column in data.columns],
        [data.target[row] for row in copies],
    )
    for name in data.schema.names:
        if weight_by_value(data, name):
            assert most_likely_value(expanded, name) == most_likely_value(data, name)
        else:
            for dataset in (data, expanded):
                with pytest.raises(DtreeError):
                    most_likely_value(dataset, name)


# -- the notes' fractional counts, scored by the grower ----------------------------------------

NOTES_COUNTS = Learner(missing="fractional_counts")  # ID3's entropy, the notes' counts
C45_SHARES = Learner(missing="fractional")  # ID3's entropy, C4.5's known share


def gain_of(learner: Learner, data: Dataset, attribute: str) -> Fraction | float:
    """The learner's score of the multiway split of ``attribute`` at the root."""
    values = data.schema.attribute(attribute).domain
    assert isinstance(values, Nominal)
    assessed = assess(root(learner, data), [Equals(attribute, v) for v in values.values])
    assert not isinstance(assessed, str), assessed
    return assessed.score


def test_the_grower_scores_the_notes_fractional_counts_and_c45s_share() -> None:
    """Humidity on the sunny days, day 8's missing: the notes' fractional counts give
    .97 - (2.5/5) Ent[+0, -2.5] - (2.5/5) Ent[+2, -.5] = 0.61, C4.5's known share
    4/5 * Gain(known) = 4/5 * 1 = 0.80, and filling in High, 0.97."""
    data = sunny()
    half = Fraction(1, 2)
    notes = (
        entropy([3, 2])
        - Fraction(1, 2) * entropy([Fraction(5, 2), 0])
        - Fraction(1, 2) * entropy([half, 2])
    )
    assert abs(gain_of(NOTES_COUNTS, data, "Humidity") - notes) <= TOLERANCE
    assert round(gain_of(NOTES_COUNTS, data, "Humidity"), 2) == 0.61
    assert gain_of(C45_SHARES, data, "Humidity") == pytest.approx(0.8, abs=TOLERANCE)
    assert round(gain_of(Learner(missing="impute"), data, "Humidity"), 2) == 0.97


def test_temperature_on_the_sunny_days_gains_the_notes_point_57() -> None:
    """Gain(S_sunny, Temp) = .97 - (3/5) 0 - (2/5) 1 = .57 (no value missing), the same
    under every policy."""
    for learner in (NOTES_COUNTS, C45_SHARES, Learner(missing="impute")):
        gain = gain_of(learner, sunny(), "Temperature")
        assert abs(gain - (entropy([3, 2]) - Fraction(2, 5))) <= TOLERANCE
        assert round(gain, 2) == 0.57


def shared_out(data: Dataset, attribute: str, sides: Sequence[Sequence[Value]]) -> Dataset:
    """The model of fractional counts: the data with a new nominal attribute "side" (the
    branch of each row's known value of ``attribute``, a side being a list of values), each
    row whose value is missing replaced by a copy per side, weighted by the side's share of
    the known weight (equal shares when none is known)."""
    column = data.column(attribute)
    fractions = shares([known_weight(data, attribute, side) for side in sides])
    records: list[dict[str, Value]] = []
    weights: list[Weight] = []
    for value, label, weight in zip(column, data.labels, data.row_weights, strict=True):
        for b, side in enumerate(sides):
            if value is None or value in side:
                records.append({"side": str(b), "y": label})
                weights.append(weight if value is not None else weight * fractions[b])
    return Dataset.from_records(records, target="y", classes=data.schema.classes, weights=weights)


MISSING_DATA = datasets(max_rows=10, max_numeric=2, weighted=True, missing=True)


@given(MISSING_DATA)
def test_fractional_counts_are_the_gain_of_the_data_shared_out(data: Dataset) -> None:
    """A nominal attribute's score is the information gain of the data in which each row
    whose value is missing is replaced by one copy per value, weighted P(X = k)."""
    for attribute in data.schema.attributes:
        domain = attribute.domain
        if not isinstance(domain, Nominal):
            continue
        conditions = [Equals(attribute.name, v) for v in domain.values]
        assessed = assess(root(NOTES_COUNTS, data), conditions)
        if isinstance(assessed, str):  # fewer than two branches of weight: no split
            continue
        sides = [[v] for v in domain.values]
        model = information_gain(shared_out(data, attribute.name, sides), "side")
        assert abs(float(assessed.score) - model) <= 1e-9


@given(MISSING_DATA)
def test_a_numeric_cut_under_fractional_counts_is_the_best_of_all_cuts(data: Dataset) -> None:
    """The best cut of a numeric attribute scores the most any cut between adjacent known
    values does, each scored on the data shared out by that cut."""
    decision = decide(root(NOTES_COUNTS, data))
    if decision.stop == "pure":  # a pure node lists no candidate
        return
    found = {a.conditions[0].attribute: a for a in decision.candidates}
    for attribute in data.schema.attributes:
        if not isinstance(attribute.domain, Numeric):
            continue
        column = data.column(attribute.name)
        known = sorted({float(v) for v in column if v is not None})
        scores = []
        for a, b in itertools.pairwise(known):
            sides = [[v for v in known if v <= a], [v for v in known if v >= b]]
            if all(known_weight(data, attribute.name, side) > 0 for side in sides):
                scores.append(information_gain(shared_out(data, attribute.name, sides), "side"))
        if scores:
            assert abs(float(found[attribute.name].score) - max(scores)) <= 1e-9
        else:
            assert attribute.name not in found


def known_weight(data: Dataset, attribute: str, side: Sequence[Value]) -> Weight:
    """The weight of the rows whose value of ``attribute`` is one of ``side``."""
    column = data.column(attribute)
    return total([w for v, w in zip(column, data.row_weights, strict=True) if v in side] or [0])


@given(datasets(max_rows=10, max_numeric=2, weighted=True))
def test_with_no_missing_value_the_policies_grow_one_tree(data: Dataset) -> None:
    assert grow(NOTES_COUNTS, data) == grow(C45_SHARES, data) == grow(Learner(), data)


# -- at test time: training shares, or the notes' equal vote -----------------------------------


def test_the_notes_vote_one_third_each() -> None:
    """Outlook = ???, Temp = Hot, Humidity = Normal, Wind = Strong: 1/3 Yes + 1/3 Yes +
    1/3 No = Yes."""
    tree = id3(load("play-tennis"))
    day = {"Outlook": None, "Temperature": "Hot", "Humidity": "Normal", "Wind": "Strong"}
    assert predict_proba(tree, day, spread="equal") == {
        "No": Fraction(1, 3),
        "Yes": Fraction(2, 3),
    }
    assert predict(tree, day, spread="equal") == "Yes"
    # C4.5's shares weigh the branches 5/14, 4/14, 5/14 (Sunny, Overcast, Rain in the tree).
    assert predict_proba(tree, day) == {"No": Fraction(5, 14), "Yes": Fraction(9, 14)}


@given(datasets(max_rows=12, max_attributes=3, weighted=True), st.data())
def test_an_equal_vote_is_the_mean_over_the_values_of_the_missing_one(
    data: Dataset, draw: st.DataObject
) -> None:
    """Under ID3 (a branch per value, each attribute tested once on a path) an example
    missing one value gets the mean of what it gets with each value of the domain."""
    tree = id3(data)
    row = draw.draw(st.sampled_from(data.rows))
    attribute = draw.draw(st.sampled_from(data.schema.attributes))
    domain = attribute.domain
    assert isinstance(domain, Nominal)
    example = {**data.example(row), attribute.name: None}
    filled = [predict_proba(tree, {**example, attribute.name: v}) for v in domain.values]
    voted = predict_proba(tree, example, spread="equal")
    tested = any(
        isinstance(node, Split) and node.attribute == attribute.name for node in nodes(tree)
    )
    if tested:
        assert voted == {c: sum(p[c] for p in filled) / len(filled) for c in voted}
    else:
        assert all(p == voted for p in filled)
    assert predict_many(tree, [example], spread="equal") == (predict(tree, example, "equal"),)


def test_an_unknown_spread_is_refused() -> None:
    tree = id3(load("play-tennis"))
    with pytest.raises(DtreeError, match="spread"):
        predict_many(tree, [], spread="votes")  # type: ignore[arg-type]


def test_fractional_counts_keep_c45s_least_weight_each_side_of_a_cut() -> None:
    """Three a's then 97 b's: the best cut alone, x <= 3.5, leaves three examples on its
    left, but C4.5 asks for 0.1 of the known weight per class each side, 100 / 20 = 5
    (``min_objects=2``, raised to 5), under either score; x <= 5.5 is the best left."""
    data = Dataset.from_columns(
        {"x": [float(i) for i in range(1, 101)] + [None], "y": list("aaa" + "b" * 97 + "a")},
        target="y",
    )

    def threshold(learner: Learner) -> float:
        best = decide(root(learner, data)).best
        assert best is not None
        condition = best.conditions[0]
        assert isinstance(condition, AtMost)
        return condition.threshold

    assert threshold(NOTES_COUNTS) == 3.5
    assert threshold(evolve(NOTES_COUNTS, min_objects=2)) == 5.5
    assert threshold(evolve(C45_SHARES, min_objects=2)) == 5.5


def test_a_fractional_count_cut_scores_as_the_same_split_assessed() -> None:
    """C4.5's MDL charge counts the cuts the scan allows under either score: the grower's
    best cut scores what ``assess`` gives the same conditions."""
    labels = ["a" if i < 20 or i % 5 == 0 else "b" for i in range(60)]
    values: list[Value] = [float(i) for i in range(60)]
    values[5] = None
    data = Dataset.from_columns({"x": values, "y": labels}, target="y")
    for policy in ("fractional", "fractional_counts"):
        node = root(evolve(C45_LEARNER, missing=policy), data)
        best = decide(node).best
        assert best is not None
        assessed = assess(node, best.conditions)
        assert not isinstance(assessed, str)
        assert assessed.score == best.score


def test_equal_votes_on_a_deep_tree_route_as_row_by_row() -> None:
    """Deeper than the row-by-row walk, rows are routed together under either spread."""
    n = 330
    labels = ["0" if i % 3 == 0 else "1" for i in range(n)]
    data = Dataset.from_columns({"x": [float(i) for i in range(n)], "y": labels}, target="y")
    tree = id3(data)
    assert depth(tree) > 200
    holes = Dataset.from_columns(
        {"x": [None if i % 7 == 0 else float(i) for i in range(n)], "y": labels}, target="y"
    )
    for spread in ("training", "equal"):
        assert predict_many(tree, holes, spread) == predict_many(tree, holes.examples(), spread)
    assert predict_many(tree, holes, "equal") != predict_many(tree, holes)


def test_an_ensemble_refuses_equal_votes() -> None:
    tennis = load("play-tennis")
    tree = id3(tennis)
    ensemble = Ensemble("average", (tree,), (1,), tennis.schema.classes)
    with pytest.raises(DtreeError, match="spread='equal' is for one tree"):
        predict_many(ensemble, tennis, "equal")
    with pytest.raises(DtreeError, match="unknown spread 'votes'"):
        predict_many(tree, tennis, "votes")  # type: ignore[arg-type]
    assert predict_many(ensemble, tennis) == predict_many(tree, tennis)
