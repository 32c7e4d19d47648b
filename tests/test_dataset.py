"""Schemas and datasets: inference, validation, subsets, and that nothing is mutated."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from fractions import Fraction

import pytest

from dtree.conditions import In, NotIn
from dtree.confusion import ConfusionMatrix
from dtree.counts import ClassStats
from dtree.dataset import (
    MAX_TOTAL_WEIGHT,
    Attribute,
    Dataset,
    Nominal,
    Numeric,
    Schema,
    Value,
    infer_domain,
)
from dtree.datasets import load
from dtree.dnf import parse_dnf, tree_of, truth_table
from dtree.errors import DtreeError

RECORDS: list[dict[str, Value]] = [
    {"Outlook": "Sunny", "Humidity": 85, "PlayTennis": "No"},
    {"Outlook": "Rain", "Humidity": None, "PlayTennis": "Yes"},
    {"Outlook": None, "Humidity": 70.5, "PlayTennis": "Yes"},
]


def test_from_records_infers_the_schema() -> None:
    data = Dataset.from_records(RECORDS, target="PlayTennis")
    assert data.schema == Schema(
        (Attribute("Outlook", Nominal(("Rain", "Sunny"))), Attribute("Humidity", Numeric())),
        Attribute("PlayTennis", Nominal(("No", "Yes"))),
    )
    assert data.column("Humidity") == (85.0, None, 70.5)
    assert data.weights == (1, 1, 1)
    assert data.labels == ("No", "Yes", "Yes")
    assert list(data.examples())[2] == {"Outlook": None, "Humidity": 70.5}


def test_declared_classes_keep_their_order_and_may_be_absent() -> None:
    data = Dataset.from_records(RECORDS, target="PlayTennis", classes=["Yes", "No", "Maybe"])
    assert data.schema.classes == ("Yes", "No", "Maybe")
    with pytest.raises(DtreeError, match="unknown class 'No'") as error:
        Dataset.from_records(RECORDS, target="PlayTennis", classes=["Yes"])
    assert (error.value.row, error.value.column) == (1, "PlayTennis")


def test_a_numeric_target_makes_a_regression_dataset() -> None:
    data = Dataset.from_records([{"x": "u", "y": 1}, {"x": "v", "y": 2.5}], target="y")
    assert not data.schema.is_classification
    assert data.target == (1.0, 2.5)
    with pytest.raises(DtreeError, match="no classes"):
        _ = data.schema.classes


def test_inputs_are_never_mutated() -> None:
    records = copy.deepcopy(RECORDS)
    weights = [1, 2, 3]
    Dataset.from_records(records, target="PlayTennis", weights=weights)
    assert records == RECORDS
    assert weights == [1, 2, 3]


def test_subsets_share_the_columns() -> None:
    data = Dataset.from_records(RECORDS, target="PlayTennis")
    part = data.subset([2, 0])
    assert part.columns is data.columns
    assert len(part) == 2
    assert part.labels == ("Yes", "No")
    assert part.row_weights == (1, 1)
    assert data.rows == (0, 1, 2)
    with pytest.raises(DtreeError, match="row indices"):
        data.subset([3])
    with pytest.raises(DtreeError, match="row indices must be integers"):
        data.subset([1.0])  # type: ignore[list-item]
    with pytest.raises(DtreeError, match="row indices"):
        data.example(10)
    assert data.with_weights([0, 1, 0]).present().rows == (1,)


@pytest.mark.parametrize(
    ("records", "message", "row", "column"),
    [
        ([{"x": "u", "y": None}], "target value is missing", 1, "y"),
        ([{"x": math.nan, "y": "p"}], "not a finite number", 1, "x"),
        ([{"x": 1.0, "y": "p"}, {"x": math.inf, "y": "q"}], "not a finite number", 2, "x"),
        ([{"x": 1, "y": "p"}, {"x": "u", "y": "q"}], "values of types", None, "x"),
        ([{"x": True, "y": "p"}], "values of types", None, "x"),
        ([{"x": "u", "y": "p"}, {"x": "u"}], "keys differ", 2, "y"),
    ],
)
def test_bad_records_get_clear_errors(
    records: list[dict[str, object]], message: str, row: int | None, column: str | None
) -> None:
    with pytest.raises(DtreeError, match=message) as error:
        Dataset.from_records(records, target="y")  # type: ignore[arg-type]
    assert (error.value.row, error.value.column) == (row, column)


def test_other_bad_input() -> None:
    with pytest.raises(DtreeError, match="no rows"):
        Dataset.from_records([], target="y")
    with pytest.raises(DtreeError, match="a record is a mapping"):
        Dataset.from_records([("u", "p")], target="y")  # type: ignore[list-item]
    with pytest.raises(DtreeError, match="too large for a float") as error:
        Dataset.from_columns({"x": [1, 10**400], "y": ["p", "q"]}, target="y")
    assert (error.value.row, error.value.column) == (2, "x")
    with pytest.raises(DtreeError, match="unknown target 'z'"):
        Dataset.from_records([{"x": "u", "y": "p"}], target="z")
    with pytest.raises(DtreeError, match="duplicate column name 'x'"):
        Schema((Attribute("x", Numeric()), Attribute("x", Numeric())), Attribute("y", Numeric()))
    with pytest.raises(DtreeError, match="distinct"):
        Nominal(("u", "u"))
    with pytest.raises(DtreeError, match="weight -1"):
        Dataset.from_records([{"x": "u", "y": "p"}], target="y", weights=[-1])
    with pytest.raises(DtreeError, match="2 weights for 1 rows"):
        Dataset.from_records([{"x": "u", "y": "p"}], target="y", weights=[1, 1])
    with pytest.raises(DtreeError, match="unknown attribute 'z'"):
        Dataset.from_records([{"x": "u", "y": "p"}], target="y").column("z")


def test_construction_validates_every_value() -> None:
    schema = Schema((Attribute("x", Nominal(("u",))),), Attribute("y", Nominal(("p",))))
    with pytest.raises(DtreeError, match="'v' is not one of") as error:
        Dataset(schema, (("u", "v"),), ("p", "p"))
    assert (error.value.row, error.value.column) == (2, "x")
    with pytest.raises(DtreeError, match="1 values for 2 rows"):
        Dataset(schema, (("u",),), ("p", "p"))


def test_weights_may_be_fractions_and_floats() -> None:
    data = Dataset.from_records(RECORDS, target="PlayTennis", weights=[Fraction(1, 2), 0, 2.5])
    assert data.with_weights([1, 1, 1]).weights == (1, 1, 1)
    assert data.weights == (Fraction(1, 2), 0, 2.5)


def test_weights_beyond_the_total_bound_are_refused_at_the_check() -> None:
    golf = load("golf")
    for weight in (1e308, 10**400, float(MAX_TOTAL_WEIGHT) * 2):
        with pytest.raises(DtreeError, match="MAX_TOTAL_WEIGHT") as error:
            golf.with_weights([weight] * 14)
        assert error.value.row == 1
    with pytest.raises(DtreeError, match="add up to more than MAX_TOTAL_WEIGHT"):
        golf.with_weights([MAX_TOTAL_WEIGHT // 14 + 1] * 14)
    assert golf.with_weights([MAX_TOTAL_WEIGHT // 14] * 14).weights[0] == MAX_TOTAL_WEIGHT // 14


def test_infer_domain() -> None:
    assert infer_domain("x", [None, "b", "a", "b"]) == Nominal(("a", "b"))
    assert infer_domain("x", [1, 2.5, None]) == Numeric()
    assert infer_domain("x", [None, None]) == Nominal(())


def test_every_collection_of_strings_refuses_a_bare_string() -> None:
    formula = parse_dnf("a & b")
    calls: dict[str, list[Callable[[], object]]] = {
        "classes": [
            lambda: Dataset.from_columns({"x": ["u"], "y": ["a"]}, target="y", classes="ab"),
            lambda: Dataset.from_records([{"x": "u", "y": "a"}], target="y", classes="ab"),
            lambda: ClassStats("ab", (1, 2)),
            lambda: ConfusionMatrix("ab", ((1, 0), (0, 1))),
            lambda: ConfusionMatrix.from_labels(["a"], ["a"], classes="ab"),
            lambda: tree_of(formula, classes="01"),
        ],
        "column 'x'": [lambda: Dataset.from_columns({"x": "uv", "y": ["a", "b"]}, target="y")],
        "actual": [lambda: ConfusionMatrix.from_labels("ab", ["a", "b"])],
        "predicted": [lambda: ConfusionMatrix.from_labels(["a", "b"], "ab")],
        "the values of a nominal domain": [lambda: Nominal("ab")],
        "the values of a set condition": [lambda: In("x", "ab"), lambda: NotIn("x", "ab")],
        "variables": [lambda: truth_table(formula, "ab"), lambda: tree_of(formula, variables="ab")],
    }
    for parameter, refused in calls.items():
        for call in refused:
            with pytest.raises(DtreeError, match=f"^{parameter} must be a collection"):
                call()


def test_a_new_target_or_new_weights_are_checked_and_the_columns_kept() -> None:
    data = Dataset.from_records([{"x": 1, "y": "p"}, {"x": 2, "y": "q"}], target="y")
    residuals = data.with_target(Attribute("r", Numeric()), [0.25, -1.5])
    assert residuals.columns is data.columns
    assert residuals.schema.target.name == "r"
    assert not residuals.schema.is_classification
    with pytest.raises(DtreeError, match="row 2"):
        data.with_target(Attribute("r", Numeric()), [0.0, math.inf])
    with pytest.raises(DtreeError, match="1 target values for 2 rows"):
        data.with_target(Attribute("r", Numeric()), [0.0])
    reweighted = data.with_weights([2, Fraction(1, 2)])
    assert reweighted.columns is data.columns
    assert reweighted.weights == (2, Fraction(1, 2))
    with pytest.raises(DtreeError, match="row 1"):
        data.with_weights([-1, 1])
    assert data.weights == (1, 1)  # nothing changed in place
