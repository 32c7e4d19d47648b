"""Model files: the round trip keeps every tree and every number's type; a
malformed or hostile document is one clear error naming where it is."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_render import chain

from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Value
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grow import c45, cart, id3
from dtree.serialize import FORMAT, MAX_DIGITS, SCHEMA_VERSION, from_json, to_json
from dtree.strategies import datasets, regression_datasets
from dtree.tree import Branch, Leaf, Split, Tree, depth, nodes, predict

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
    stats = ClassStats(classes, (1, 2))
    numeric = Split(
        (
            Branch(AtMost("x", 0.1 + 0.2), Leaf("a", ClassStats(classes, (0.5, 0.25)))),
            Branch(Above("x", 0.1 + 0.2), Leaf("b", halves)),
        ),
        stats,
    )
    subsets = Split(
        (Branch(In("s", {"u", "v"}), Leaf("a", stats)), Branch(NotIn("s", {"u", "v"}), numeric)),
        stats,
    )
    tree = Split(
        (Branch(Equals("e", "p"), subsets), Branch(Equals("e", "q"), Leaf("b", stats))), stats
    )
    check_round_trip(tree)
    regression = Split(
        (
            Branch(AtMost("x", -1e-300), Leaf(Fraction(1, 3), Moments(1, 1.0, 1.0))),  # type: ignore[arg-type]
            Branch(Above("x", -1e-300), Leaf(7, Moments(Fraction(1, 2), 3, 9.5))),
        ),
        Moments(2, 8.0, 50.0),
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
        stats,
    )
    check_round_trip(tree)
    assert to_json(tree).isascii()


def test_a_chain_ten_thousand_deep_round_trips() -> None:
    deep = chain(10_000)
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


AT_MOST = {"kind": "AtMost", "attribute": "x", "threshold": 1.5}
ABOVE = {"kind": "Above", "attribute": "x", "threshold": 1.5}
COUNT = (
    '{"format": "dtree-tree", "version": 1, "target": "classification", "classes": ["a"],'
    ' "nodes": [{"stats": {"counts": [%s]}, "prediction": "a"}]}'
)

MALFORMED: list[tuple[str, str]] = [
    ("", "not valid JSON: Expecting value (line 1, column 1)"),
    ('{"format": "dtree-tree",', "not valid JSON"),
    ("[]", "document: expected a JSON object, got an array"),
    ('"dtree-tree"', "document: expected a JSON object, got 'dtree-tree'"),
    ("{}", "format: expected 'dtree-tree', got no format: not a dtree model file"),
    ('{"name": "package", "version": "1.0"}', "not a dtree model file"),
    (
        json.dumps(document(format="dtree-forest")),
        "format: expected 'dtree-tree', got 'dtree-forest'",
    ),
    (json.dumps(document(version="1")), "version: expected an integer, got '1'"),
    (json.dumps(document(version=True)), "version: expected an integer, got true"),
    (json.dumps(document(version=1.0)), "version: expected an integer, got 1.0"),
    (json.dumps(document(version=2)), "version: version 2 is not one this dtree reads"),
    (json.dumps(document(version=DROP)), "version: expected an integer, got null"),
    (json.dumps(document(target="ranking")), "target: expected 'classification' or 'regression'"),
    (json.dumps(document(extra=1)), "document: unexpected key 'extra'"),
    (json.dumps(document(classes=DROP)), "document: missing the key 'classes'"),
    (json.dumps(document(nodes=DROP)), "document: missing the key 'nodes'"),
    (json.dumps(document(target="regression")), "document: unexpected key 'classes'"),
    (json.dumps(document(classes=[])), "classes: expected at least one item, got an empty array"),
    (json.dumps(document(classes=["a", "a"])), "classes[1]: 'a' appears twice"),
    (json.dumps(document(classes=["a", 2])), "classes[1]: expected a string, got 2"),
    (json.dumps(document(classes="ab")), "classes: expected an array, got 'ab'"),
    (json.dumps(document(nodes=[])), "nodes: expected at least one item"),
    (json.dumps(document(nodes={"0": {}})), "nodes: expected an array, got an object"),
    (with_node(1, 3), "nodes[1]: expected an object, got 3"),
    (
        with_node(1, {"stats": {"counts": [1, 0]}}),
        "nodes[1]: expected a leaf (with a 'prediction')",
    ),
    (
        with_node(1, {**leaf([1, 0]), "branches": []}),
        "nodes[1]: expected a leaf (with a 'prediction') or a split (with 'branches')",
    ),
    (with_node(1, {"prediction": "a"}), "nodes[1]: missing the key 'stats'"),
    (with_node(1, {**leaf([1, 0]), "weight": 2}), "nodes[1]: unexpected key 'weight'"),
    (
        with_node(1, leaf([1, 0, 0])),
        "nodes[1].stats.counts: expected 2 counts, one per class, got 3",
    ),
    (with_node(1, leaf([1, -1])), "nodes[1].stats.counts[1]: expected a weight >= 0, got -1"),
    (with_node(1, leaf([1, "-1/2"])), "nodes[1].stats.counts[1]: expected a weight >= 0"),
    (
        with_node(1, leaf([1, "1/0"])),
        "nodes[1].stats.counts[1]: the fraction '1/0' divides by zero",
    ),
    (with_node(1, leaf([1, "1.5"])), "counts[1]: expected a number or a fraction 'p/q', got '1.5'"),
    (with_node(1, leaf([1, " 1/2"])), "counts[1]: expected a number or a fraction 'p/q'"),
    (with_node(1, leaf([1, True])), "nodes[1].stats.counts[1]: expected a number, got true"),
    (with_node(1, leaf([1, None])), "nodes[1].stats.counts[1]: expected a number, got null"),
    (with_node(1, leaf([1, [1]])), "nodes[1].stats.counts[1]: expected a number, got an array"),
    (
        with_node(1, {"stats": {"weight": 1, "total": 1, "total_squares": 1}, "prediction": "a"}),
        "nodes[1].stats: missing the key 'counts'",
    ),
    (
        with_node(1, {"stats": [1, 0], "prediction": "a"}),
        "nodes[1].stats: expected an object, got an array",
    ),
    (with_node(1, leaf([1, 0], "z")), "nodes[1]: leaf predicts 'z', not one of ('a', 'b')"),
    (with_node(1, leaf([1, 0], 1)), "nodes[1].prediction: expected a string, got 1"),
    (COUNT % "NaN", "NaN is not a finite number"),
    (COUNT % "Infinity", "Infinity is not a finite number"),
    (COUNT % "-Infinity", "-Infinity is not a finite number"),
    (COUNT % "1e999", "the number 1e999 is too large for a float"),
    (COUNT % ("9" * (MAX_DIGITS + 1)), f"a number of {MAX_DIGITS + 1} digits"),
    (COUNT % ("0." + "1" * MAX_DIGITS), f"a number of {MAX_DIGITS + 2} characters"),
    (COUNT % f'"1/{"3" * (MAX_DIGITS + 1)}"', f"a fraction of more than {MAX_DIGITS} digits"),
    (COUNT % "01", "not valid JSON"),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 3))),
        "nodes[0].branches[1].subtree: node 3 does not exist: the nodes are 0 to 2",
    ),
    (with_node(0, split((AT_MOST, 1), (ABOVE, -1))), "node -1 does not exist"),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 2.0))),
        "nodes[0].branches[1].subtree: expected the index of a node, got 2.0",
    ),
    (with_node(0, split((AT_MOST, 1), (ABOVE, "2"))), "expected the index of a node, got '2'"),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 0))),
        "nodes[0].branches[1].subtree: leads to nodes[0], the root",
    ),
    (
        with_node(0, split((AT_MOST, 1), (ABOVE, 1))),
        "nodes[0].branches[1].subtree: leads to nodes[1], as nodes[0].branches[0] does",
    ),
    (with_node(0, split((AT_MOST, 1), (ABOVE, 1))), "a node has one parent"),
    (
        json.dumps(document(nodes=[split((AT_MOST, 1)), leaf([1, 0])])),
        "nodes[0]: a split needs at least two branches, got 1",
    ),
    (json.dumps(document(nodes=[split()])), "nodes[0]: a split needs at least two branches, got 0"),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "attribute": "y"}, 2))),
        "nodes[0]: a split tests one attribute, got ['x', 'y']",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "threshold": 1}, 2))),
        "nodes[0]: the conditions AtMost(attribute='x', threshold=1.5) and Above(attribute='x',"
        " threshold=1) overlap",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "kind": "Like"}, 2))),
        "nodes[0].branches[1].condition.kind: expected one of Equals, AtMost, Above, In, NotIn,"
        " got 'Like'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({"attribute": "x", "threshold": 1.5}, 2))),
        "nodes[0].branches[1].condition.kind: expected a string, got null",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "value": "u"}, 2))),
        "nodes[0].branches[1].condition: unexpected key 'value'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({"kind": "Equals", "attribute": "x"}, 2))),
        "nodes[0].branches[1].condition: missing the key 'value'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "threshold": "1.5"}, 2))),
        "condition.threshold: expected a number or a fraction 'p/q', got '1.5'",
    ),
    (
        with_node(0, split((AT_MOST, 1), ({**ABOVE, "attribute": 7}, 2))),
        "condition.attribute: expected a string, got 7",
    ),
    (
        with_node(
            0, split(({"kind": "In", "attribute": "s", "values": ["u", "u"]}, 1), (ABOVE, 2))
        ),
        "condition.values[1]: 'u' appears twice",
    ),
    (
        with_node(0, split(({"kind": "In", "attribute": "s", "values": [1]}, 1), (ABOVE, 2))),
        "condition.values[0]: expected a string, got 1",
    ),
    (
        with_node(0, split(({"kind": "NotIn", "attribute": "s", "values": "u"}, 1), (ABOVE, 2))),
        "condition.values: expected an array, got 'u'",
    ),
    (
        with_node(0, {"stats": {"counts": [1, 1]}, "branches": [1, 2]}),
        "nodes[0].branches[0]: expected an object, got 1",
    ),
    (
        with_node(0, {"stats": {"counts": [1, 1]}, "branches": {}}),
        "nodes[0].branches: expected an array, got an object",
    ),
    (
        json.dumps(document(nodes=[split((AT_MOST, 1), (ABOVE, 2)), *[leaf([1, 0])] * 3])),
        "no branch leads to this node",
    ),
    (
        '{"format": "dtree-tree", "format": "dtree-tree"}',
        "the key 'format' appears twice in one object",
    ),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
]


@pytest.mark.parametrize(("text", "fragment"), MALFORMED)
def test_a_malformed_document_is_one_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(DtreeError) as error:
        from_json(text)
    assert fragment in str(error.value)
    assert "\n" not in str(error.value)


def test_the_valid_document_of_the_table_reads() -> None:
    tree = from_json(json.dumps(document()))
    assert predict(tree, {"x": 1.5}) == "a"
    assert predict(tree, {"x": 2}) == "b"


def regression_document(nodes_: list[object]) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "target": "regression", "nodes": nodes_})


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
        DtreeError, match=r"nodes\[1\]: is not reached from the root: its branches form a cycle"
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


@given(st.data(), JSON_VALUES)
def test_a_document_with_any_value_replaced_reads_or_is_a_dtree_error(
    data: st.DataObject, replacement: object
) -> None:
    doc: object = document()
    path = data.draw(st.sampled_from(places(doc)))
    if not path:
        doc = replacement
    else:
        holder = doc
        for step in path[:-1]:
            holder = holder[step]  # type: ignore[index]
        holder[path[-1]] = replacement  # type: ignore[index]
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
