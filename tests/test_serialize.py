"""Model files: the round trip keeps every tree and every number's type; a
malformed or hostile document is one clear error naming where it is."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import missing_left, thorough
from hypothesis import given
from hypothesis import strategies as st

from dtree.cli import main
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import SUM_TOLERANCE, ClassStats, Moments
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.ensemble import Ensemble, predict
from dtree.ensemble.bagging import bag
from dtree.ensemble.boosting import adaboost, gradient_boost
from dtree.errors import MESSAGE_LIMIT, DtreeError, quote
from dtree.grower.presets import c45, cart, id3
from dtree.optimal import least_error
from dtree.prune import cost_complexity_path, pessimistic, reduced_error
from dtree.serialize import (
    FORMAT,
    MAX_DIGITS,
    SCHEMA_VERSION,
    ensemble_from_json,
    ensemble_to_json,
    from_json,
    model_from_json,
    to_json,
)
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Branch, Leaf, Split, Tree, depth, nodes

FIXTURE = Path(__file__).parent / "fixtures" / "golf-c45-missing-outlook.json"


def typed(x: object) -> tuple[str, object]:
    return type(x).__name__, x


def exact(tree: Tree) -> list[object]:
    """Every number of the tree with its type, in preorder: 1 == 1.0 == Fraction(1)
    in a tree's equality, but not here."""
    found: list[object] = []
    for node in nodes(tree):
        match node.stats:
            case ClassStats(_, counts):
                found.append(tuple(map(typed, counts)))
            case Moments(weight, first, second):
                found.append((typed(weight), typed(first), typed(second)))
        match node:
            case Leaf(prediction, _):
                found.append(typed(prediction))
            case Split(branches, _):
                found += [typed(getattr(b.condition, "threshold", None)) for b in branches]
    return found


def check_round_trip(tree: Tree) -> None:
    text = to_json(tree)
    back = from_json(text)
    assert back == tree
    assert exact(back) == exact(tree)
    assert to_json(back) == text


# -- the round trip ------------------------------------------------------------------------------


@given(datasets(max_numeric=2, weighted=True))
def test_id3_trees_round_trip(data: Dataset) -> None:
    check_round_trip(id3(data))


@given(datasets(max_numeric=2, weighted=True, missing=True))
def test_c45_trees_with_fractional_counts_round_trip(data: Dataset) -> None:
    check_round_trip(c45(data, min_objects=1))


@given(datasets(max_numeric=2, weighted=True, missing=True))
def test_cart_trees_round_trip(data: Dataset) -> None:
    check_round_trip(cart(data, missing="fractional"))


@thorough(200)
@given(regression_datasets(weighted=True, missing=True))
def test_regression_trees_round_trip(data: Dataset) -> None:
    check_round_trip(cart(data, missing="fractional"))


@given(datasets(max_numeric=2, weighted=True))
def test_trees_of_float_weights_round_trip(data: Dataset) -> None:
    thirds = data.with_weights([w / 3 for w in data.weights])
    tree = cart(thirds)
    assert any(isinstance(n, float) for n in tree.stats.counts)  # type: ignore[union-attr]
    check_round_trip(tree)


def test_every_kind_of_condition_and_number_round_trips() -> None:
    classes = ("a", "b")
    halves = ClassStats(classes, (Fraction(1, 2), Fraction(3, 2)))
    numeric = Split(
        (
            Branch(AtMost("x", 0.1 + 0.2), Leaf("a", ClassStats(classes, (0.5, 0.25)))),
            Branch(Above("x", 0.1 + 0.2), Leaf("b", halves)),
        ),
        ClassStats(classes, (1.0, 1.75)),
    )
    subsets = Split(
        (
            Branch(In("s", {"u", "v"}), Leaf("a", ClassStats(classes, (1, 2)))),
            Branch(NotIn("s", {"u", "v"}), numeric),
        ),
        ClassStats(classes, (2.0, 3.75)),
    )
    tree = Split(
        (
            Branch(Equals("e", "p"), subsets),
            Branch(Equals("e", "q"), Leaf("b", ClassStats(classes, (1, 2)))),
        ),
        ClassStats(classes, (3.0, 5.75)),
    )
    check_round_trip(tree)
    regression = Split(
        (
            Branch(AtMost("x", -1e-300), Leaf(Fraction(1, 3), Moments(1, 1.0, 1.0))),  # type: ignore[arg-type]
            Branch(Above("x", -1e-300), Leaf(7, Moments(Fraction(1, 2), 3, 9.5))),
        ),
        Moments(Fraction(3, 2), 4.0, 10.5),
    )
    check_round_trip(regression)


def test_hostile_names_values_and_classes_round_trip() -> None:
    classes = ('say "yes"', "no\\", "\u2028\ud800", "")
    stats = ClassStats(classes, (1, 1, 1, 0))
    name = "\"]); import os; os.system('x') #\n"
    values = ("\x00", "a\\u0041", "}", '"', "'", "é")
    tree = Split(
        tuple(
            Branch(Equals(name, value), Leaf(classes[k % 3], stats))
            for k, value in enumerate(values)
        ),
        ClassStats(classes, (6, 6, 6, 0)),
    )
    check_round_trip(tree)
    assert to_json(tree).isascii()


def test_a_chain_ten_thousand_deep_round_trips(deep_chain: Tree) -> None:
    deep = deep_chain
    text = to_json(deep)
    assert len(text.splitlines()) == 6 + (2 * 10_000 + 1) + 2  # a line a node
    back = from_json(text)
    assert depth(back) == 10_000
    assert back == deep
    assert to_json(back) == text


def golf_with_a_missing_outlook() -> Dataset:
    """Quinlan's golf data with the outlook of the overcast day of temperature 72 unknown."""
    golf = load("golf")
    records: list[dict[str, Value]] = []
    for example, label in zip(golf.examples(), golf.target, strict=True):
        if example["outlook"] == "overcast" and example["temperature"] == 72:
            example["outlook"] = None
        records.append({**example, "class": label})
    return Dataset.from_records(records, target="class", classes=golf.schema.classes)


def test_the_model_file_fixture_is_c45s_golf_tree() -> None:
    tree = c45(golf_with_a_missing_outlook())
    text = FIXTURE.read_text(encoding="utf-8")
    assert from_json(text) == tree
    assert exact(from_json(text)) == exact(tree)
    assert to_json(tree) + "\n" == text  # the format is stable: a change here is a new version
    assert '"counts": ["42/13", 0]' in text
    example: dict[str, Value] = {
        "outlook": None,
        "temperature": 70,
        "humidity": 95,
        "windy": "true",
    }
    assert predict(from_json(text), example) == predict(tree, example)


def test_to_json_refuses_a_number_json_cannot_hold() -> None:
    tree = Leaf(1.0, Moments(1, float("inf"), 1.0))
    with pytest.raises(DtreeError, match=r"nodes\[0\]\.stats\.total: inf is not finite"):
        to_json(tree)
    infinite = Split(
        (
            Branch(AtMost("x", float("inf")), Leaf("a", ClassStats(("a",), (1,)))),
            Branch(Above("x", float("inf")), Leaf("a", ClassStats(("a",), (1,)))),
        ),
        ClassStats(("a",), (1,)),
    )
    with pytest.raises(DtreeError, match=r"nodes\[0\]\.branches\[0\]\.condition\.threshold"):
        to_json(infinite)


# -- malformed and hostile documents ----------------------------------------------------------


def document(**changes: object) -> dict[str, object]:
    """A valid document of a two-leaf tree (on x <= 1.5), with top-level keys changed."""
    base: dict[str, object] = {
        "format": FORMAT,
        "version": SCHEMA_VERSION,
        "target": "classification",
        "classes": ["a", "b"],
        "nodes": [
            {
                "stats": {"counts": [1, 1]},
                "branches": [
                    {
                        "condition": {"kind": "AtMost", "attribute": "x", "threshold": 1.5},
                        "subtree": 1,
                    },
                    {
                        "condition": {"kind": "Above", "attribute": "x", "threshold": 1.5},
                        "subtree": 2,
                    },
                ],
            },
            {"stats": {"counts": [1, 0]}, "prediction": "a"},
            {"stats": {"counts": [0, 1]}, "prediction": "b"},
        ],
    }
    base.update(changes)
    return {key: value for key, value in base.items() if value is not DROP}


DROP = object()


def with_node(k: int, node: object) -> str:
    doc = document()
    nodes_ = doc["nodes"]
    assert isinstance(nodes_, list)
    nodes_[k] = node
    return json.dumps(doc)


def leaf(counts: object, prediction: object = "a") -> dict[str, object]:
    return {"stats": {"counts": counts}, "prediction": prediction}


def split(*branches: tuple[object, object], counts: object = (1, 1)) -> dict[str, object]:
    return {
        "stats": {"counts": list(counts)},  # type: ignore[call-overload]
        "branches": [{"condition": c, "subtree": s} for c, s in branches],
    }


def regression_document(nodes_: list[object]) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "target": "regression", "nodes": nodes_})


AT_MOST = {"kind": "AtMost", "attribute": "x", "threshold": 1.5}
ABOVE = {"kind": "Above", "attribute": "x", "threshold": 1.5}
COUNT = (
    '{"format": "dtree-tree", "version": 1, "target": "classification", "classes": ["a"],'
    ' "nodes": [{"stats": {"counts": [%s]}, "prediction": "a"}]}'
)

MALFORMED: list[tuple[str, str]] = [
    ("", "not valid JSON: Expecting value (line 1, column 1)"),
    ('{"format": "dtree-tree",', "not valid JSON"),
    ("[]", "$: expected a JSON object, got an array"),
    ('"dtree-tree"', "$: expected a JSON object, got 'dtree-tree'"),
    ("{}", "$: missing the key 'format': not a dtree model file"),
    (
        '{"name": "package", "version": "1.0"}',
        "$: missing the key 'format': not a dtree model file",
    ),
    (
        json.dumps(document(format="dtree-forest")),
        "$.format: expected 'dtree-tree', got 'dtree-forest': not a dtree model file",
    ),
    (json.dumps(document(version="1")), "$.version: expected an integer, got '1'"),
    (json.dumps(document(version=True)), "$.version: expected an integer, got true"),
    (json.dumps(document(version=1.0)), "$.version: expected an integer, got 1.0"),
    (json.dumps(document(version=2)), "$.version: version 2 is not one this dtree reads"),
    (json.dumps(document(version=DROP)), "$.version: expected an integer, got null"),
    (json.dumps(document(target="ranking")), "$.target: expected 'classification' or 'regression'"),
    (json.dumps(document(extra=1)), "$: unexpected key 'extra'"),
    (
        json.dumps(document(classes=DROP)),
        "$: missing the key 'classes', which a classification model ($.target) has",
    ),
    (json.dumps(document(nodes=DROP)), "$: missing the key 'nodes'"),
    (
        json.dumps(document(target="regression")),
        "$.classes: a regression model ($.target) has no classes",
    ),
    (json.dumps(document(classes=[])), "$.classes: expected at least one item, got an empty array"),
    (json.dumps(document(classes=["a", "a"])), "$.classes[1]: 'a' appears twice"),
    (json.dumps(document(classes=["a", 2])), "$.classes[1]: expected a string, got 2"),
    (json.dumps(document(classes="ab")), "$.classes: expected an array, got 'ab'"),
    (json.dumps(document(nodes=[])), "$.nodes: expected at least one item"),
    (json.dumps(document(nodes={"0": {}})), "$.nodes: expected an array, got an object"),
    (with_node(1, 3), "$.nodes[1]: expected an object, got 3"),
    (
        with_node(1, {"stats": {"counts": [1, 0]}}),
        "$.nodes[1]: expected a leaf (with a 'prediction')",
    ),
    (
        with_node(1, {**leaf([1, 0]), "branches": []}),
        "$.nodes[1]: expected a leaf (with a 'prediction') or a split (with 'branches')",
    ),
    (with_node(1, {"prediction": "a"}), "$.nodes[1]: missing the key 'stats'"),
    (with_node(1, {**leaf([1, 0]), "weight": 2}), "$.nodes[1]: unexpected key 'weight'"),
    (
        with_node(1, leaf([1, 0, 0])),
        "$.nodes[1].stats.counts: expected 2 counts, one per class of $.classes, got 3",
    ),
    (with_node(1, leaf([1, -1])), "$.nodes[1].stats.counts[1]: expected a weight >= 0, got -1"),
    (with_node(1, leaf([1, "-1/2"])), "$.nodes[1].stats.counts[1]: expected a weight >= 0"),
    (
        with_node(1, leaf([1, "1/0"])),
        "$.nodes[1].stats.counts[1]: the fraction '1/0' divides by zero",
    ),
    (
        with_node(1, leaf([1, "1.5"])),
        "$.nodes[1].stats.counts[1]: expected a number or a fraction 'p/q', got '1.5'",
    ),
    (
        with_node(1, leaf([1, " 1/2"])),
        "$.nodes[1].stats.counts[1]: expected a number or a fraction 'p/q'",
    ),
    (with_node(1, leaf([1, True])), "$.nodes[1].stats.counts[1]: expected a number, got true"),
    (with_node(1, leaf([1, None])), "$.nodes[1].stats.counts[1]: expected a number, got null"),
    (with_node(1, leaf([1, [1]])), "$.nodes[1].stats.counts[1]: expected a number, got an array"),
    (
        with_node(1, {"stats": {"weight": 1, "total": 1, "total_squares": 1}, "prediction": "a"}),
        "$.nodes[1].stats: missing the key 'counts'",
    ),
    (
        with_node(1, {"stats": [1, 0], "prediction": "a"}),
        "$.nodes[1].stats: expected an object, got an array",
    ),
    (
        with_node(1, leaf([1, 0], "z")),
        "$.nodes[1].prediction: expected one of the classes of $.classes, got 'z'",
    ),
    (with_node(1, leaf([1, 0], 1)), "$.nodes[1].prediction: expected a string, got 1"),
    (COUNT % "NaN", "$.nodes[0].stats.counts[0]: NaN is not a finite number"),
    (COUNT % "Infinity", "$.nodes[0].stats.counts[0]: Infinity is not a finite number"),
    (COUNT % "-Infinity", "$.nodes[0].stats.counts[0]: -Infinity is not a finite number"),
    (COUNT % "1e999", "$.nodes[0].stats.counts[0]: the number '1e999' is too large for a float"),
    (
        COUNT % ("9" * (MAX_DIGITS + 1)),
        f"$.nodes[0].stats.counts[0]: a number of {MAX_DIGITS + 1} digits",
    ),
    (
        COUNT % ("0." + "1" * MAX_DIGITS),
        f"$.nodes[0].stats.counts[0]: a number of {MAX_DIGITS + 2} characters",
    ),
    (
        COUNT % f'"1/{"3" * (MAX_DIGITS + 1)}"',
        f"$.nodes[0].stats.counts[0]: a fraction of more than {MAX_DIGITS} digits",
    ),
    (COUNT % "01", "not valid JSON"),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 3))),
        "$.nodes[0].branches[1].subtree: expected the index of a node, 0 to 2, got 3",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, -1))),
        "$.nodes[0].branches[1].subtree: expected the index of a node, 0 to 2, got -1",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 2.0))),
        "$.nodes[0].branches[1].subtree: expected the index of a node, got 2.0",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, "2"))),
        "$.nodes[0].branches[1].subtree: expected the index of a node, got '2'",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 0))),
        "$.nodes[0].branches[1].subtree: leads to $.nodes[0], the root",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 1))),
        "$.nodes[0].branches[1].subtree: leads to $.nodes[1], as $.nodes[0].branches[0] does",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 1))),
        "as $.nodes[0].branches[0] does: a node has one parent",
    ),
    (
        json.dumps(document(nodes=[split((AT_MOST, 1)), leaf([1, 0])])),
        "$.nodes[0].branches: a split needs at least two branches, got 1",
    ),
    (
        json.dumps(document(nodes=[split()])),
        "$.nodes[0].branches: a split needs at least two branches, got 0",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "attribute": "y"}, 2))),
        "$.nodes[0].branches: a split tests one attribute, got ['x', 'y']",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "threshold": 1}, 2))),
        "$.nodes[0].branches: the conditions 'x <= 1.5' and 'x > 1' overlap",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "kind": "Like"}, 2))),
        "$.nodes[0].branches[1].condition.kind: expected one of Equals, AtMost, Above, In, NotIn,"
        " AtMostLevel, AboveLevel, got 'Like'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({"attribute": "x", "threshold": 1.5}, 2))),
        "$.nodes[0].branches[1].condition.kind: expected a string, got null",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "value": "u"}, 2))),
        "$.nodes[0].branches[1].condition: unexpected key 'value'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({"kind": "Equals", "attribute": "x"}, 2))),
        "$.nodes[0].branches[1].condition: missing the key 'value'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "threshold": "1.5"}, 2))),
        "$.nodes[0].branches[1].condition.threshold: expected a number or a fraction 'p/q',"
        " got '1.5'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "attribute": 7}, 2))),
        "$.nodes[0].branches[1].condition.attribute: expected a string, got 7",
    ),
    (
        with_node(
            0, split(({"kind": "In", "attribute": "s", "values": ["u", "u"]}, 1), (ABOVE, 2))
        ),
        "$.nodes[0].branches[0].condition.values[1]: 'u' appears twice",
    ),
    (
        with_node(0, split(({"kind": "In", "attribute": "s", "values": [1]}, 1), (ABOVE, 2))),
        "$.nodes[0].branches[0].condition.values[0]: expected a string, got 1",
    ),
    (
        with_node(0, split(({"kind": "NotIn", "attribute": "s", "values": "u"}, 1), (ABOVE, 2))),
        "$.nodes[0].branches[0].condition.values: expected an array, got 'u'",
    ),
    (
        with_node(0, {"stats": {"counts": [1, 1]}, "branches": [1, 2]}),
        "$.nodes[0].branches[0]: expected an object, got 1",
    ),
    (
        with_node(0, {"stats": {"counts": [1, 1]}, "branches": {}}),
        "$.nodes[0].branches: expected an array, got an object",
    ),
    (
        json.dumps(
            document(nodes=[split((AT_MOST, 1), (ABOVE, 2), counts=(2, 0)), *[leaf([1, 0])] * 3])
        ),
        "$.nodes[3]: no branch leads to this node",
    ),
    (
        '{"format": "dtree-tree", "format": "dtree-tree"}',
        "$: the key 'format' appears twice in this object",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "threshold": float("nan")}, 2))),
        "$.nodes[0].branches[1].condition.threshold: NaN is not a finite number",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "threshold": True}, 2))),
        "$.nodes[0].branches[1].condition.threshold: expected a number, got true",
    ),
    (
        regression_document(
            [{"stats": {"weight": False, "total": 0, "total_squares": 0}, "prediction": 0}]
        ),
        "$.nodes[0].stats.weight: expected a number, got false",
    ),
    (
        regression_document(
            [{"stats": {"weight": 1, "total": 0, "total_squares": 0}, "prediction": float("inf")}]
        ),
        "$.nodes[0].prediction: Infinity is not a finite number",
    ),
    (json.dumps(document()) + "\n{}", "not valid JSON: Extra data (line 2, column 1)"),
    ('{"a": ' * 100_000, "nested too deeply (100000 deep at line 1, column 599995)"),
    (
        "[" * 100_000 + "]" * 100_000,
        (
            "not valid JSON for a model: arrays or objects nested too deeply"
            " (100000 deep at line 1, column 100000)"
        ),
    ),
]


@pytest.mark.parametrize(("text", "fragment"), MALFORMED)
def test_a_malformed_document_is_one_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(DtreeError) as error:
        from_json(text)
    message = str(error.value)
    assert fragment in message
    assert "\n" not in message
    # Where the problem is comes first: a JSON path, or for text that is not JSON a line.
    assert message.startswith(("$: ", "$.", "not valid JSON")), message


def test_the_valid_document_of_the_table_reads() -> None:
    tree = from_json(json.dumps(document()))
    assert predict(tree, {"x": 1.5}) == "a"
    assert predict(tree, {"x": 2}) == "b"


@pytest.mark.parametrize(
    ("node", "fragment"),
    [
        ({"stats": {"counts": [1]}, "prediction": 1.0}, "nodes[0].stats: missing the key 'weight'"),
        (
            {"stats": {"weight": -1, "total": 0, "total_squares": 0}, "prediction": 1.0},
            "nodes[0].stats.weight: expected a weight >= 0, got -1",
        ),
        (
            {"stats": {"weight": 1, "total": "x", "total_squares": 0}, "prediction": 1.0},
            "nodes[0].stats.total: expected a number or a fraction 'p/q', got 'x'",
        ),
        (
            {"stats": {"weight": 1, "total": 1, "total_squares": 1}, "prediction": "high"},
            "nodes[0].prediction: expected a number or a fraction 'p/q', got 'high'",
        ),
    ],
)
def test_a_malformed_regression_node(node: object, fragment: str) -> None:
    with pytest.raises(DtreeError, match=None) as error:
        from_json(regression_document([node]))
    assert fragment in str(error.value)


def test_a_cycle_unreached_from_the_root_is_refused() -> None:
    loop = [
        leaf([1, 0]),
        split((AT_MOST, 2), (ABOVE, 3)),
        split((AT_MOST, 1), (ABOVE, 4)),
        leaf([1, 0]),
        leaf([0, 1], "b"),
    ]
    with pytest.raises(
        DtreeError,
        match=r"^\$\.nodes\[1\]: is not reached from the root: the branches above it form a cycle$",
    ):
        from_json(json.dumps(document(nodes=loop)))


def test_nodes_in_another_order_read_as_the_same_tree() -> None:
    shuffled = [
        split((AT_MOST, 2), (ABOVE, 1)),
        {"stats": {"counts": [0, 1]}, "prediction": "b"},
        {"stats": {"counts": [1, 0]}, "prediction": "a"},
    ]
    assert from_json(json.dumps(document(nodes=shuffled))) == from_json(json.dumps(document()))


# -- fuzzing: anything else is still a DtreeError ----------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def places(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The paths of every value inside a JSON value, itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            found += places(item, (*path, k))
    return found


def replaced(value: object, path: tuple[object, ...], replacement: object) -> object:
    """A copy of a JSON value with the value at ``path`` (one of :func:`places`) replaced."""
    if not path:
        return replacement
    copy: object = json.loads(json.dumps(value))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]  # type: ignore[index]
    holder[path[-1]] = replacement  # type: ignore[index]
    return copy


@given(st.data(), JSON_VALUES)
def test_a_document_with_any_value_replaced_reads_or_is_a_dtree_error(
    data: st.DataObject, replacement: object
) -> None:
    original = document()
    doc = replaced(original, data.draw(st.sampled_from(places(original))), replacement)
    try:
        tree = from_json(json.dumps(doc))
    except DtreeError as error:
        message = str(error)
    else:
        message = ""
        assert from_json(to_json(tree)) == tree
    assert "\n" not in message


@given(st.text())
def test_any_text_reads_or_is_a_dtree_error(text: str) -> None:
    with pytest.raises(DtreeError):
        from_json(text)


# -- every error says where: the JSON path of the bad value -----------------------------------

GOLF = json.loads(to_json(id3(load("golf"))))


def golf_with(path: str, raw: str) -> str:
    """Golf's ID3 model file with the value at ``path`` (a Python subscript chain, such as
    ``["nodes"][1]["stats"]["counts"][0]``) written as the JSON text ``raw``."""
    doc = json.loads(json.dumps(GOLF))
    holder = doc
    steps = [json.loads(step) for step in re.findall(r"\[([^\]]+)\]", path)]
    for step in steps[:-1]:
        holder = holder[step]
    holder[steps[-1]] = MARK
    return json.dumps(doc).replace(json.dumps(MARK), raw)


MARK = "\x00mutated\x00"


@pytest.mark.parametrize(
    ("path", "raw", "message"),
    [
        (
            '["nodes"][1]["stats"]["counts"][0]',
            "NaN",
            "$.nodes[1].stats.counts[0]: NaN is not a finite number",
        ),
        ('["version"]', "Infinity", "$.version: Infinity is not a finite number"),
        (
            '["nodes"][0]["branches"][2]["subtree"]',
            "-Infinity",
            "$.nodes[0].branches[2].subtree: -Infinity is not a finite number",
        ),
        (
            '["nodes"][3]["stats"]["counts"][1]',
            "1e400",
            "$.nodes[3].stats.counts[1]: the number '1e400' is too large for a float",
        ),
        (
            '["nodes"][3]["stats"]["counts"][1]',
            "-1e400",
            "$.nodes[3].stats.counts[1]: the number '-1e400' is too large for a float",
        ),
        (
            '["classes"][1]',
            "9" * 5000,
            f"$.classes[1]: a number of 5000 digits: at most {MAX_DIGITS} are read",
        ),
        (
            '["nodes"][2]["branches"][0]["condition"]',
            '{"kind": "Equals", "kind": "Equals", "attribute": "windy", "value": "true"}',
            "$.nodes[2].branches[0].condition: the key 'kind' appears twice in this object",
        ),
        (
            '["nodes"][2]',
            '{"stats": {"counts": [1, 1]}, "stats": {"counts": [1, 1]}, "prediction": "Play"}',
            "$.nodes[2]: the key 'stats' appears twice in this object",
        ),
        (
            '["nodes"][4]["prediction"]',
            "true",
            "$.nodes[4].prediction: expected a string, got true",
        ),
        (
            '["nodes"][0]["branches"][1]["subtree"]',
            "false",
            "$.nodes[0].branches[1].subtree: expected the index of a node, got false",
        ),
        ('["nodes"][1]["stats"]["counts"][0]', "true", "expected a number, got true"),
        (
            '["nodes"][0]["branches"][1]["subtree"]',
            "1" + "0" * 100,
            "$.nodes[0].branches[1].subtree: expected the index of a node, 0 to 7, got"
            f" {quote(10**100)}",
        ),
    ],
)
def test_a_number_json_cannot_hold_or_a_key_twice_is_named_by_its_path(
    path: str, raw: str, message: str
) -> None:
    with pytest.raises(DtreeError) as error:
        from_json(golf_with(path, raw))
    assert str(error.value).startswith(message) or message in str(error.value)
    assert str(error.value).startswith("$")


def test_a_number_that_reads_is_kept() -> None:
    """-0.0 and an underflowing 1e-400 are finite numbers: a count of each reads."""
    for raw, count in (("-0.0", -0.0), ("1e-400", 0.0), ("0.0", 0.0)):
        tree = from_json(golf_with('["nodes"][1]["stats"]["counts"][1]', raw))
        assert tree.branches[0].subtree.stats.counts == (4, count)  # type: ignore[union-attr]
        assert from_json(to_json(tree)) == tree


def test_a_regression_prediction_too_large_for_a_float_is_refused() -> None:
    stats = {"weight": 1, "total": 1, "total_squares": 1}
    for prediction, shown in ((10**400, "1000"), (f"{10**400}/3", "'1000")):
        text = regression_document([{"stats": stats, "prediction": prediction}])
        with pytest.raises(DtreeError) as error:
            from_json(text)
        assert str(error.value).startswith(f"$.nodes[0].prediction: {shown}")
        assert "too large for a float" in str(error.value)


def test_a_byte_order_mark_at_the_start_is_skipped() -> None:
    text = json.dumps(document())
    assert from_json("\ufeff" + text) == from_json(text)
    with pytest.raises(DtreeError, match=r"not valid JSON: .*\(line 1, column 1\)"):
        from_json("\ufeff\ufeff" + text)


def test_trailing_text_is_not_valid_json_at_its_line() -> None:
    text = to_json(id3(load("golf"))) + "\n}"
    with pytest.raises(DtreeError, match=r"^not valid JSON: Extra data \(line 17, column 1\)$"):
        from_json(text)


def test_deep_nesting_is_placed_at_its_line_and_column() -> None:
    text = '{"format": "dtree-tree",\n "nodes": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(DtreeError) as error:
        from_json(text)
    assert str(error.value).endswith("(100001 deep at line 2, column 100010)")


def test_a_split_without_branches_is_named_before_the_nodes_it_orphans() -> None:
    doc = document()
    doc["nodes"][0]["branches"] = []  # type: ignore[index]
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\.branches: a split needs at least two"):
        from_json(json.dumps(doc))


def test_a_renamed_class_names_the_classes_and_the_leaf() -> None:
    doc = document(classes=["a", "c"])
    with pytest.raises(DtreeError) as error:
        from_json(json.dumps(doc))
    assert str(error.value) == (
        "$.nodes[2].prediction: expected one of the classes of $.classes, got 'b'"
    )


# -- a value of 50 MB makes a short message ----------------------------------------------------

HUGE = "x" * 50_000_000


def golf_document(**changes: object) -> dict[str, object]:
    return {**json.loads(json.dumps(GOLF)), **changes}


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            golf_document(classes=[HUGE, "Don't Play"]),
            "$.nodes[1].prediction: expected one of the classes of $.classes, got 'Play'",
        ),
        (
            golf_document(classes=[HUGE, HUGE]),
            f"$.classes[1]: {quote(HUGE)} appears twice",
        ),
        (golf_document(format=HUGE), "$.format: expected 'dtree-tree', got 'xxxxx"),
        ({**golf_document(), HUGE: 1}, "$: unexpected key 'xxxxx"),
        (golf_document(target=HUGE), "$.target: expected 'classification' or 'regression'"),
        (golf_document(version=int("9" * MAX_DIGITS)), "$.version: version 9999"),
    ],
)
def test_a_huge_value_is_quoted_by_a_bounded_prefix(doc: object, message: str) -> None:
    with pytest.raises(DtreeError) as error:
        from_json(json.dumps(doc))
    assert str(error.value).startswith(message)
    assert len(str(error.value)) < 200


def test_predict_with_a_model_of_a_50_mb_class_name_prints_one_short_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = tmp_path / "model.json"
    model.write_text(json.dumps(golf_document(classes=[HUGE, "Don't Play"])), encoding="utf-8")
    data = tmp_path / "days.csv"
    data.write_text("outlook,temperature,humidity,windy\nsunny,70,95,true\n", encoding="utf-8")
    status = main(["predict", str(model), str(data)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    place = f"dtree: error: {model}: $.nodes[1].prediction: "
    assert err == place + "expected one of the classes of $.classes, got 'Play'\n"


# -- a split's statistics are the sum of its branches' -----------------------------------------

GOLF_BRANCHES = "(its branches: $.nodes[1], $.nodes[2], $.nodes[5])"


def edited(tree: Tree, node: int, key: str, value: object) -> str:
    """The model file of ``tree`` with one statistic of node ``node`` replaced (``key`` a
    moment, or ``counts[k]``)."""
    doc = json.loads(to_json(tree))
    stats = doc["nodes"][node]["stats"]
    if key.startswith("counts["):
        stats["counts"][int(key[7:-1])] = value
    else:
        stats[key] = value
    return json.dumps(doc)


def test_a_model_file_whose_leaf_was_edited_is_refused_at_its_split() -> None:
    # golf's overcast leaf counts 4 Play; edited to 5, the root no longer sums its branches
    text = edited(c45(load("golf")), 1, "counts[0]", 5)
    with pytest.raises(DtreeError) as raised:
        from_json(text)
    assert str(raised.value) == (
        "$.nodes[0].stats.counts: the split counts (9, 5) but its branches sum to (10, 5) "
        + GOLF_BRANCHES
    )


def test_dtree_predict_refuses_an_edited_model_file_with_exit_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = tmp_path / "model.json"
    model.write_text(edited(c45(load("golf")), 5, "counts[1]", 2), encoding="utf-8")
    data = tmp_path / "days.csv"
    data.write_text("outlook,temperature,humidity,windy\nsunny,70,95,true\n", encoding="utf-8")
    status = main(["predict", str(model), str(data)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err == (
        f"dtree: error: {model}: $.nodes[0].stats.counts: the split counts (9, 5) but its"
        f" branches sum to (9, 4) {GOLF_BRANCHES}\n"
    )


def test_a_regression_split_whose_moments_do_not_add_up_names_the_moment() -> None:
    tree = cart(regression_golf(), max_depth=1)
    assert isinstance(tree, Split)
    below = tree.branches[0].subtree.stats
    assert isinstance(below, Moments)
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\.stats\.total: the split's total is"):
        from_json(edited(tree, 1, "total", below.total + 1))
    weight = r"^\$\.nodes\[0\]\.stats\.weight: the split's weight is 14 but its branches sum to 15"
    with pytest.raises(DtreeError, match=weight):
        from_json(edited(tree, 1, "weight", below.weight + 1))
    beyond = r"^\$\.nodes\[0\]\.stats\.total: .* its branches sum to 1000000000"
    with pytest.raises(DtreeError, match=beyond):  # an integer no float holds, added exactly
        from_json(edited(tree, 1, "total", 10**400))


def test_fractions_add_up_exactly_and_floats_within_the_sum_tolerance() -> None:
    fractional = c45(golf_with_a_missing_outlook())
    assert from_json(to_json(fractional)) == fractional
    leaf = json.loads(to_json(fractional))["nodes"][1]["stats"]["counts"][0]
    numerator, denominator = map(int, leaf.split("/"))
    nudged = f"{numerator * 1000 + 1}/{denominator * 1000}"  # a thousandth of a unit off
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\.stats\.counts: the split counts"):
        from_json(edited(fractional, 1, "counts[0]", nudged))
    root = ClassStats(("a", "b"), (0.1 + 0.2, 1.0))  # 0.30000000000000004: the sum of floats
    halves = (ClassStats(("a", "b"), (0.1, 0.5)), ClassStats(("a", "b"), (0.2, 0.5)))
    tree = Split(
        (Branch(AtMost("x", 0), Leaf("b", halves[0])), Branch(Above("x", 0), Leaf("b", halves[1]))),
        root,
    )
    assert from_json(to_json(tree)) == tree
    assert from_json(edited(tree, 0, "counts[0]", 0.3)).stats == ClassStats(("a", "b"), (0.3, 1.0))
    assert 0.3 * (1 + 10 * SUM_TOLERANCE) != 0.3
    with pytest.raises(DtreeError, match=r"the split counts \(0\.30000000\d+, 1\.0\)"):
        from_json(edited(tree, 0, "counts[0]", 0.3 * (1 + 10 * SUM_TOLERANCE)))


def test_an_edited_member_of_an_ensemble_is_named_at_its_path() -> None:
    golf = load("golf")
    forest = Ensemble("vote", (cart(golf), c45(golf)), (1, 1), golf.schema.classes)
    doc = json.loads(ensemble_to_json(forest))
    doc["members"][1]["tree"]["nodes"][1]["stats"]["counts"][0] = 5
    with pytest.raises(DtreeError) as raised:
        ensemble_from_json(json.dumps(doc))
    assert str(raised.value) == (
        "$.members[1].tree.nodes[0].stats.counts: the split counts (9, 5) but its branches sum"
        " to (10, 5) (its branches: $.members[1].tree.nodes[1], $.members[1].tree.nodes[2],"
        " $.members[1].tree.nodes[5])"
    )


@given(datasets(max_numeric=2, weighted=True, missing=True, max_rows=15))
def test_pruned_trees_read_back(data: Dataset) -> None:
    tree = c45(data, min_objects=1)
    check_round_trip(pessimistic(tree, data=data))  # subtree raising recounts the branches
    check_round_trip(reduced_error(tree, data))
    for pruned in cost_complexity_path(cart(data, missing="fractional")).trees:
        check_round_trip(pruned)


@given(datasets(max_numeric=2, weighted=True, max_rows=12))
def test_optimal_trees_and_ensemble_members_read_back(data: Dataset) -> None:
    check_round_trip(least_error(data, 2))
    for member in bag(data.present(), n_trees=3, seed=1).ensemble.trees:
        check_round_trip(member)
    if len(set(data.present().labels)) > 1:
        try:
            boosted = adaboost(data, n_rounds=3)
        except DtreeError as error:  # a first stump no better than chance: nothing to read
            if "AdaBoost cannot start" not in str(error):
                raise
            return
        for member in boosted.trees:
            check_round_trip(member)


@given(regression_datasets(weighted=True, min_rows=2))
def test_gradient_boosting_members_read_back(data: Dataset) -> None:
    for member in gradient_boost(data.present(), n_stages=3).trees:
        check_round_trip(member)


# -- reading evaluates nothing ----------------------------------------------------------------

AUDIT = """
import json, sys
from dtree.errors import MESSAGE_LIMIT, DtreeError, quote
from dtree.serialize import from_json
documents = json.loads(sys.stdin.read())
from_json(documents[0])  # any import or cache the first reading needs, before the audit
events = []
sys.addaudithook(lambda event, arguments: events.append(event))
for text in documents:
    try:
        from_json(text)
    except DtreeError:
        pass
print(json.dumps(sorted(set(events) - {"sys.addaudithook"})))
"""


def test_reading_evaluates_compiles_imports_and_opens_nothing() -> None:
    """Python's audit hooks see every exec, eval, compile, import, open, pickle or process:
    reading model files, valid and hostile, raises none of them."""
    code = "__import__('os').system('touch pwned')"
    hostile = document(
        classes=[code, "b"],
        nodes=[
            {
                "stats": {"counts": [1, 1]},
                "branches": [
                    {
                        "condition": {"kind": "Equals", "attribute": code, "value": "}"},
                        "subtree": 1,
                    },
                    {
                        "condition": {"kind": "Equals", "attribute": code, "value": code},
                        "subtree": 2,
                    },
                ],
            },
            leaf([1, 0], code),
            leaf([0, 1], "b"),
        ],
    )
    documents = [
        to_json(c45(golf_with_a_missing_outlook())),
        json.dumps(hostile),
        json.dumps({**hostile, "__class__": code}),
        json.dumps(hostile).replace('"b"', '"__builtins__"'),
        "[" * 100_000,
    ]
    assert from_json(documents[1]).stats.classes[0] == code  # type: ignore[union-attr]
    result = subprocess.run(
        [sys.executable, "-c", AUDIT],
        input=json.dumps(documents),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert json.loads(result.stdout) == []


# -- any value replaced by a bad one: read, or one error at its path ---------------------------


def regression_golf() -> Dataset:
    """Quinlan's golf data, predicting the temperature."""
    golf = load("golf")
    records = [
        {**example, "play": label}
        for example, label in zip(golf.examples(), golf.target, strict=True)
    ]
    return Dataset.from_records(records, target="temperature")


MODELS = [
    json.loads(to_json(tree))
    for tree in (
        id3(load("golf")),
        c45(golf_with_a_missing_outlook()),
        cart(load("golf")),
        cart(regression_golf(), max_depth=2),
    )
]

REFUSED = {
    "NaN": "NaN is not a finite number",
    "Infinity": "Infinity is not a finite number",
    "-Infinity": "-Infinity is not a finite number",
    "1e400": "the number '1e400' is too large for a float",
    "-1e309": "the number '-1e309' is too large for a float",
    "9" * (MAX_DIGITS + 1): f"a number of {MAX_DIGITS + 1} digits",
    "-0." + "0" * MAX_DIGITS: f"a number of {MAX_DIGITS + 3} characters",
}

BAD_VALUES = st.one_of(
    st.sampled_from(sorted(REFUSED)),
    st.sampled_from(["-0.0", "1e-400", "1e308", "true", "false", "null", '"1/0"', '"-1/2"']),
    st.sampled_from(["10" * 200, "-1", "0", "1", "2", "3", "7", "1.5", str(10**400)]),
    st.integers().map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(json.dumps),
    st.text(max_size=5).map(json.dumps),
    JSON_VALUES.map(json.dumps),
)


def json_path(steps: tuple[object, ...]) -> str:
    """``("nodes", 3, "stats")`` as ``$.nodes[3].stats``."""
    return "$" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in steps)


def within(inner: str, outer: str) -> bool:
    """Whether the JSON path ``inner`` is ``outer`` or a path inside it."""
    return inner == outer or inner.startswith((outer + ".", outer + "["))


@given(st.sampled_from(MODELS), st.data(), BAD_VALUES)
def test_a_model_with_one_value_replaced_reads_or_names_the_path(
    model: dict[str, object], data: st.DataObject, raw: str
) -> None:
    steps = data.draw(st.sampled_from(places(model)))
    doc = replaced(model, steps, MARK)
    text = json.dumps(doc).replace(json.dumps(MARK), raw)
    mutated = json_path(steps)
    try:
        tree = from_json(text)
    except DtreeError as error:
        message = str(error)
    else:
        assert raw not in REFUSED
        assert from_json(to_json(tree)) == tree
        if json.loads(raw) == json.loads(json.dumps(model)) or json.dumps(doc) == json.dumps(model):
            assert tree == from_json(json.dumps(model))
        return
    assert "\n" not in message
    assert len(message) <= MESSAGE_LIMIT
    if raw in REFUSED:
        # Every value is read by some check, so a refused one is reported where it is.
        assert message == f"{mutated}: {REFUSED[raw]}" or message.startswith(
            f"{mutated}: {REFUSED[raw]}"
        )
    named = re.findall(r"\$(?:\.[A-Za-z_]\w*|\[-?\d+\])*", message)
    assert any(
        within(mutated, path) or within(path, mutated) for path in named if path != "$" or not steps
    ), (mutated, message)


def test_a_model_file_reads_from_utf8_bytes_and_refuses_other_things() -> None:
    tree = c45(load("golf"))
    assert from_json(to_json(tree).encode("utf-8")) == tree
    with pytest.raises(DtreeError, match="not UTF-8 text: byte 0 is b'\\\\xff'"):
        from_json(b"\xff{}")
    with pytest.raises(DtreeError, match="JSON text \\(str or bytes\\), got NoneType"):
        from_json(None)  # type: ignore[arg-type]


# -- ensembles: the dtree-ensemble format ------------------------------------------------------


def exact_ensemble(ensemble: Ensemble) -> list[object]:
    """Every number of the ensemble with its type, its trees' too (see :func:`exact`)."""
    head = [typed(ensemble.initial), typed(ensemble.learning_rate)]
    return [*head, *map(typed, ensemble.weights), *(exact(tree) for tree in ensemble.trees)]


def check_ensemble_round_trip(ensemble: Ensemble) -> None:
    text = ensemble_to_json(ensemble)
    back = ensemble_from_json(text)
    assert back == ensemble
    assert exact_ensemble(back) == exact_ensemble(ensemble)
    assert ensemble_to_json(back) == text
    assert model_from_json(text) == ensemble
    assert ensemble_from_json(text.encode("utf-8")) == ensemble


WEIGHTS = st.one_of(
    st.integers(0, 10),
    st.fractions(min_value=0, max_value=10, max_denominator=12),
    st.floats(0, 1e6),
)
ODDS = st.one_of(
    st.integers(1, 10),
    st.fractions(min_value=1, max_value=10, max_denominator=12),
    st.floats(1, 1e6),
)
NUMBERS = st.one_of(
    st.integers(-(10**30), 10**30),
    st.fractions(max_denominator=10**20),
    st.floats(allow_nan=False, allow_infinity=False),
)


@st.composite
def members(draw: st.DrawFn, data: Dataset) -> tuple[Tree, ...]:
    """One to four trees of the data, each grown to its own depth on its own weights."""
    n = draw(st.integers(1, 4))
    trees = []
    for _ in range(n):
        weights = draw(st.lists(st.integers(1, 3), min_size=len(data), max_size=len(data)))
        depth_ = draw(st.none() | st.integers(0, 3))
        trees.append(cart(data.with_weights(weights), max_depth=depth_, missing="fractional"))
    return tuple(trees)


@thorough(200)
@given(st.data(), datasets(max_numeric=2, weighted=True, missing=True, min_classes=2))
def test_classifying_ensembles_round_trip(data: st.DataObject, sample: Dataset) -> None:
    trees = data.draw(members(sample))
    combination = data.draw(st.sampled_from(["average", "vote", "samme"]))
    weights = data.draw(
        st.lists(
            ODDS if combination == "samme" else WEIGHTS, min_size=len(trees), max_size=len(trees)
        )
    )
    rate = data.draw(WEIGHTS)
    classes = sample.schema.classes
    ensemble = Ensemble(combination, trees, tuple(weights), classes, learning_rate=rate)  # type: ignore[arg-type]
    check_ensemble_round_trip(ensemble)


@thorough(200)
@given(st.data(), regression_datasets(weighted=True, missing=True))
def test_gradient_and_averaged_regression_ensembles_round_trip(
    data: st.DataObject, sample: Dataset
) -> None:
    trees = data.draw(members(sample))
    weights = data.draw(st.lists(WEIGHTS, min_size=len(trees), max_size=len(trees)))
    initial, rate = data.draw(NUMBERS), data.draw(WEIGHTS)
    classes = data.draw(st.sampled_from([(), ("no", "yes")]))
    check_ensemble_round_trip(Ensemble("gradient", trees, tuple(weights), classes, initial, rate))
    check_ensemble_round_trip(Ensemble("average", trees, tuple(weights), ()))


def test_an_ensemble_of_deep_chains_round_trips(deep_chain: Tree) -> None:
    deep = deep_chain
    forest = Ensemble("average", (deep, Leaf("a", deep.stats), deep), (1, 2, 3), ("a", "b"))
    check_ensemble_round_trip(forest)


def golf_forest() -> Ensemble:
    golf = load("golf")
    return Ensemble(
        "samme",
        (cart(golf, max_depth=1), cart(golf, max_depth=2)),
        (Fraction(7, 3), 2),
        golf.schema.classes,
        learning_rate=0.5,
    )


ENSEMBLE_FIXTURE = Path(__file__).parent / "fixtures" / "golf-samme-ensemble.json"


def test_the_ensemble_fixture_is_a_samme_ensemble_of_golfs_cart_trees() -> None:
    text = ENSEMBLE_FIXTURE.read_text(encoding="utf-8")
    forest = golf_forest()
    assert ensemble_from_json(text) == forest
    assert exact_ensemble(ensemble_from_json(text)) == exact_ensemble(forest)
    assert ensemble_to_json(forest) + "\n" == text  # the format is stable: a change is a version
    assert '"weight": "7/3",' in text


def test_reading_an_ensemble_evaluates_compiles_imports_and_opens_nothing() -> None:
    """The audit of the trees' reader, for the reader of either kind."""
    code = "__import__('os').system('touch pwned')"
    hostile = with_member(1, weight=code, tree={**golf_tree(), "classes": [code, "b"]})
    documents = [
        ENSEMBLE_FIXTURE.read_text(encoding="utf-8"),
        json.dumps(hostile),
        json.dumps({**ensemble_document(), "__class__": code}),
        json.dumps(ensemble_document(combination="__builtins__")),
        '{"format": "dtree-ensemble", "members": ' + "[" * 100_000,
    ]
    result = subprocess.run(
        [sys.executable, "-c", AUDIT.replace("from_json", "model_from_json")],
        input=json.dumps(documents),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert json.loads(result.stdout) == []


def ensemble_document(**changes: object) -> dict[str, object]:
    """A valid document of a two-member vote on golf's CART trees, with top-level keys
    changed (``DROP`` removes one)."""
    golf = load("golf")
    forest = Ensemble(
        "vote", (cart(golf, max_depth=1), cart(golf)), (1, Fraction(1, 2)), golf.schema.classes
    )
    base: dict[str, object] = json.loads(ensemble_to_json(forest))
    base.update(changes)
    return {key: value for key, value in base.items() if value is not DROP}


def with_member(t: int, **changes: object) -> dict[str, object]:
    doc = ensemble_document()
    listed = doc["members"]
    assert isinstance(listed, list)
    listed[t] = {key: value for key, value in {**listed[t], **changes}.items() if value is not DROP}
    return doc


def golf_tree() -> dict[str, object]:
    return json.loads(to_json(cart(load("golf"), max_depth=1)))  # type: ignore[no-any-return]


def regression_tree() -> dict[str, object]:
    return json.loads(to_json(cart(regression_golf(), max_depth=1)))  # type: ignore[no-any-return]


ENSEMBLE_MALFORMED: list[tuple[object, str]] = [
    ("", "not valid JSON: Expecting value (line 1, column 1)"),
    ([], "$: expected a JSON object, got an array"),
    ({}, "$: missing the key 'format': not a dtree model file"),
    (
        golf_tree(),
        "$.format: 'dtree-tree' is the model file of one tree, not of an ensemble:"
        " read it with dtree.serialize.from_json",
    ),
    (
        ensemble_document(format="dtree-forest"),
        "$.format: expected 'dtree-ensemble', got 'dtree-forest': not a dtree model file",
    ),
    (ensemble_document(version=2), "$.version: version 2 is not one this dtree reads"),
    (ensemble_document(version="1"), "$.version: expected an integer, got '1'"),
    (ensemble_document(version=DROP), "$.version: expected an integer, got null"),
    (ensemble_document(extra=1), "$: unexpected key 'extra'"),
    *[
        (ensemble_document(**{key: DROP}), f"$: missing the key {key!r}")
        for key in ("combination", "classes", "initial", "learning_rate", "members")
    ],
    (
        ensemble_document(combination="bagging"),
        "$.combination: unknown combination 'bagging'; choose one of",
    ),
    (ensemble_document(combination=1), "$.combination: expected a string, got 1"),
    (ensemble_document(classes="ab"), "$.classes: expected an array, got 'ab'"),
    (
        ensemble_document(classes=["Play", "Play"]),
        "$.classes[1]: 'Play' appears twice",
    ),
    (ensemble_document(initial="x"), "$.initial: expected a number or a fraction 'p/q', got 'x'"),
    (ensemble_document(initial=None), "$.initial: expected a number, got null"),
    (
        ensemble_document(initial=f"{10**400}/3"),
        "$.initial: '1000",
    ),
    (ensemble_document(learning_rate=-1), "$.learning_rate: expected a weight >= 0, got -1"),
    (ensemble_document(learning_rate=True), "$.learning_rate: expected a number, got true"),
    (ensemble_document(members=[]), "$.members: expected at least one item, got an empty array"),
    (ensemble_document(members={}), "$.members: expected an array, got an object"),
    (ensemble_document(members=[3]), "$.members[0]: expected an object, got 3"),
    # a member without its weight: as many weights as trees, or the file is refused
    (with_member(1, weight=DROP), "$.members[1]: missing the key 'weight'"),
    (with_member(1, tree=DROP), "$.members[1]: missing the key 'tree'"),
    (with_member(0, trees=[]), "$.members[0]: unexpected key 'trees'"),
    (with_member(1, weight=-1), "$.members[1].weight: expected a weight >= 0, got -1"),
    (with_member(1, weight="-1/2"), "$.members[1].weight: expected a weight >= 0"),
    (with_member(1, weight="1/0"), "$.members[1].weight: the fraction '1/0' divides by zero"),
    (with_member(1, weight=False), "$.members[1].weight: expected a number, got false"),
    (with_member(1, weight=[1]), "$.members[1].weight: expected a number, got an array"),
    (
        with_member(1, weight=f"{10**400}/1"),
        "$.members[1].weight: '1000",
    ),
    (with_member(0, tree=[]), "$.members[0].tree: expected a JSON object, got an array"),
    (
        with_member(0, tree=ensemble_document()),
        "$.members[0].tree.format: 'dtree-ensemble' is the model file of an ensemble,"
        " not of one tree: read it with dtree.serialize.ensemble_from_json",
    ),
    (
        with_member(0, tree={**golf_tree(), "version": 2}),
        "$.members[0].tree.version: version 2 is not one this dtree reads",
    ),
    (
        with_member(0, tree={**golf_tree(), "classes": ["Go", "Stay"]}),
        "$.members[0].tree.nodes[1].prediction: expected one of the classes of"
        " $.members[0].tree.classes, got 'Play'",
    ),
    (
        with_member(0, tree={**golf_tree(), "nodes": []}),
        "$.members[0].tree.nodes: expected at least one item",
    ),
    (
        with_member(1, tree={**golf_tree(), "classes": ["Don't Play", "Play"]}),
        "$.members[1].tree.classes: the member predicts the classes (\"Don't Play\", 'Play'),"
        " and $.classes names ('Play', \"Don't Play\")",
    ),
    (
        with_member(1, tree=regression_tree()),
        "$.members[1]: every member must predict the classes",
    ),
    (
        ensemble_document(combination="gradient"),
        "$.members[0]: gradient boosting's members are regression trees",
    ),
    (
        ensemble_document(combination="samme"),
        "$.members[1]: a SAMME member's odds must be at least 1",
    ),
    (
        {**ensemble_document(combination="samme", classes=["Play"])},
        "$.members[0].tree.classes: the member predicts the classes ('Play', \"Don't Play\"),"
        " and $.classes names ('Play',)",
    ),
    (
        ensemble_document(
            combination="gradient",
            classes=["a", "b", "c"],
            members=[{"weight": 1, "tree": regression_tree()}],
        ),
        "$.members[0]: gradient boosting classifies two classes, got 3",
    ),
]


@pytest.mark.parametrize(("doc", "fragment"), ENSEMBLE_MALFORMED)
def test_a_malformed_ensemble_is_one_clear_error_at_its_path(doc: object, fragment: str) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(DtreeError) as error:
        ensemble_from_json(text)
    message = str(error.value)
    assert message.startswith(fragment) or fragment in message, message
    assert "\n" not in message
    assert message.startswith(("$: ", "$.", "not valid JSON")), message
    assert len(message) <= MESSAGE_LIMIT


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("NaN", "$.members[1].weight: NaN is not a finite number"),
        ("Infinity", "$.members[1].weight: Infinity is not a finite number"),
        ("-Infinity", "$.members[1].weight: -Infinity is not a finite number"),
        ("1e400", "$.members[1].weight: the number '1e400' is too large for a float"),
        ("9" * 5000, f"$.members[1].weight: a number of 5000 digits: at most {MAX_DIGITS}"),
    ],
)
def test_a_weight_json_cannot_hold_is_named_at_its_member(raw: str, message: str) -> None:
    text = json.dumps(with_member(1, weight=MARK)).replace(json.dumps(MARK), raw)
    with pytest.raises(DtreeError) as error:
        ensemble_from_json(text)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("key", ["initial", "learning_rate"])
def test_nan_or_infinity_as_initial_or_learning_rate_is_refused(key: str) -> None:
    for raw in ("NaN", "Infinity", "-Infinity", "1e999"):
        text = json.dumps(ensemble_document(**{key: MARK})).replace(json.dumps(MARK), raw)
        with pytest.raises(DtreeError, match=rf"^\$\.{key}: "):
            ensemble_from_json(text)


def test_an_ensembles_file_given_to_the_trees_reader_says_what_reads_it() -> None:
    """It said: "$.format: expected 'dtree-tree', got 'dtree-ensemble': not a dtree model
    file", which a dtree model file is."""
    with pytest.raises(DtreeError) as error:
        from_json(ensemble_to_json(golf_forest()))
    assert str(error.value) == (
        "$.format: 'dtree-ensemble' is the model file of an ensemble, not of one tree:"
        " read it with dtree.serialize.ensemble_from_json"
    )


def test_model_from_json_reads_either_kind_and_refuses_the_rest_as_a_tree() -> None:
    forest = golf_forest()
    assert model_from_json(ensemble_to_json(forest)) == forest
    tree = c45(golf_with_a_missing_outlook())
    assert model_from_json(to_json(tree)) == tree
    with pytest.raises(DtreeError, match=r"^\$\.format: expected 'dtree-tree', got 'dtree-x'"):
        model_from_json(json.dumps(ensemble_document(format="dtree-x")))
    with pytest.raises(DtreeError, match=r"^\$\.members\[1\]\.weight: expected a weight >= 0"):
        model_from_json(json.dumps(with_member(1, weight=-2)))


def test_an_ensemble_too_deeply_nested_or_of_a_huge_value_makes_a_short_message() -> None:
    deep = '{"format": "dtree-ensemble", "members": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(DtreeError, match=r"nested too deeply \(100001 deep at line 1"):
        ensemble_from_json(deep)
    for doc in (
        ensemble_document(classes=[HUGE, "Don't Play"]),
        ensemble_document(combination=HUGE),
        ensemble_document(format=HUGE),
        with_member(0, weight=HUGE),
        {**ensemble_document(), HUGE: 1},
    ):
        with pytest.raises(DtreeError) as error:
            ensemble_from_json(json.dumps(doc))
        assert len(str(error.value)) < 300
        assert str(error.value).startswith("$")


def test_ensemble_to_json_refuses_a_number_json_cannot_hold() -> None:
    stump = Leaf(1.0, Moments(1, float("inf"), 1.0))
    with pytest.raises(DtreeError, match=r"^\$\.members\[0\]\.tree\.nodes\[0\]\.stats\.total: inf"):
        ensemble_to_json(Ensemble("gradient", (stump,), (1,), ()))


ENSEMBLE_MODELS = [
    json.loads(ensemble_to_json(model))
    for model in (
        golf_forest(),
        Ensemble(
            "gradient",
            (cart(regression_golf(), max_depth=1), cart(regression_golf(), max_depth=2)),
            (1, 0.5),
            (),
            initial=Fraction(145, 2),
            learning_rate=0.1,
        ),
    )
]


@given(st.sampled_from(ENSEMBLE_MODELS), st.data(), BAD_VALUES)
def test_an_ensemble_with_one_value_replaced_reads_or_names_the_path(
    model: dict[str, object], data: st.DataObject, raw: str
) -> None:
    steps = data.draw(st.sampled_from(places(model)))
    doc = replaced(model, steps, MARK)
    text = json.dumps(doc).replace(json.dumps(MARK), raw)
    mutated = json_path(steps)
    try:
        ensemble = ensemble_from_json(text)
    except DtreeError as error:
        message = str(error)
    else:
        assert raw not in REFUSED
        assert ensemble_from_json(ensemble_to_json(ensemble)) == ensemble
        return
    assert "\n" not in message
    assert len(message) <= MESSAGE_LIMIT
    if raw in REFUSED:
        assert message.startswith(f"{mutated}: {REFUSED[raw]}"), (mutated, message)
    named = re.findall(r"\$(?:\.[A-Za-z_]\w*|\[-?\d+\])*", message)
    assert any(
        within(mutated, path) or within(path, mutated) for path in named if path != "$" or not steps
    ), (mutated, message)


def test_a_member_predicting_other_classes_than_the_ensembles_names_both_paths() -> None:
    document = json.loads(ENSEMBLE_FIXTURE.read_text(encoding="utf-8"))
    document["classes"][0] = "1/0"
    with pytest.raises(DtreeError) as refused:
        ensemble_from_json(json.dumps(document))
    message = str(refused.value)
    assert message.startswith("$.members[0].tree.classes: the member predicts the classes")
    assert "$.classes names ('1/0'," in message


def test_a_branch_that_takes_missing_values_round_trips() -> None:
    stump = missing_left(0.1)
    text = to_json(stump)
    assert '"missing": true' in text
    assert text.count('"missing"') == 1
    assert from_json(text) == stump
    assert '"missing"' not in to_json(cart(load("golf")))  # files without the rule are as before


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ('"kind": "AtMost", "attribute": "x", "threshold": 2.5, "missing": false', "expected true"),
        ('"kind": "Equals", "attribute": "x", "value": "a", "missing": true', "unexpected key"),
    ],
)
def test_the_missing_key_is_read_only_as_true_on_a_threshold(condition: str, message: str) -> None:
    text = to_json(missing_left()).replace(
        '"kind": "AtMost", "attribute": "x", "threshold": 2.5, "missing": true', condition
    )
    with pytest.raises(DtreeError, match=message):
        from_json(text)


@given(datasets(min_attributes=2, max_attributes=2, min_numeric=2, max_numeric=2, missing=True))
def test_trees_that_learn_the_side_of_missing_values_round_trip(data: Dataset) -> None:
    check_round_trip(cart(data, missing="learned"))


def test_a_split_of_the_known_values_from_the_missing_ones_writes_inf() -> None:
    data = Dataset.from_columns({"x": [1.0, 1.0, None], "y": list("aab")}, target="y")
    tree = cart(data, missing="learned")
    assert isinstance(tree, Split)
    assert tree.branches[1].condition == Above("x", float("inf"), missing=True)
    text = to_json(tree)
    assert text.count('"threshold": "inf"') == 2
    assert '"threshold": "inf", "missing": true' in text
    assert from_json(text) == tree
    with pytest.raises(DtreeError, match="threshold"):
        from_json(text.replace('"threshold": "inf"', '"threshold": "-inf"', 1))
