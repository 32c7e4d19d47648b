"""dtree.python_source: the generated function agrees with predict, stops where it says,
keeps hostile names and values as strings, and nests no deeper than CPython allows."""

from __future__ import annotations

import ast
import re
from fractions import Fraction

import pytest
from helpers import (
    HOSTILE_NAME,
    chain,
    compiled,
    hostile_examples,
    hostile_tree,
    leaf,
    missing_left,
    thorough,
    two,
)
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants as law
from dtree.conditions import (
    Above,
    AtMost,
    Equals,
    In,
    NotIn,
)
from dtree.counts import ClassStats, Moments, central
from dtree.dataset import Dataset, Label, Nominal, Numeric, Schema, Value
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.presets import c45, cart, id3
from dtree.python_source import MAX_PYTHON_DEPTH, NESTING, python
from dtree.strategies import GRID, datasets, regression_datasets
from dtree.tree import (
    Branch,
    Leaf,
    Split,
    Tree,
    depth,
    descend,
    predict,
)

# -- python ----------------------------------------------------------------------------------


def stops(tree: Tree, example: dict[str, Value]) -> Label | float:
    """The documented rule, written out: follow the branch that holds; a missing
    value or one no branch accepts stops at its split, which answers."""
    node = tree
    while isinstance(node, Split):
        ways = descend(node, example)
        if len(ways) != 1 or example[node.attribute] is None:
            return central(node.stats)
        node = node.branches[ways[0][0]].subtree
    return node.prediction


def examples_of(schema: Schema) -> st.SearchStrategy[dict[str, Value]]:
    """Fresh examples: domain values and one unseen nominal value, grid and other numbers."""
    values: dict[str, st.SearchStrategy[Value]] = {}
    for attribute in schema.attributes:
        match attribute.domain:
            case Nominal(domain):
                values[attribute.name] = st.sampled_from((*domain, "unseen"))
            case Numeric():
                values[attribute.name] = st.sampled_from(GRID) | st.floats(
                    allow_nan=False, allow_infinity=False
                )
    return st.fixed_dictionaries(values)


def check_agreement(tree: Tree, data: Dataset, fresh: list[dict[str, Value]]) -> None:
    source = python(tree)
    generated = compiled(source)
    for example in [*data.examples(), *fresh]:
        if any(value is None for value in example.values()):
            assert generated(example) == stops(tree, example)
        else:
            expected = predict(tree, example)
            assert generated(example) == expected
            assert type(generated(example)) is type(expected)


@thorough(200)
@given(datasets(max_numeric=2, weighted=True), st.data())
def test_python_agrees_with_predict_on_id3_trees(data: Dataset, draw: st.DataObject) -> None:
    fresh = draw.draw(st.lists(examples_of(data.schema), max_size=10))
    check_agreement(id3(data), data, fresh)


@given(datasets(max_numeric=2, weighted=True), st.data())
def test_python_agrees_with_predict_on_cart_trees(data: Dataset, draw: st.DataObject) -> None:
    fresh = draw.draw(st.lists(examples_of(data.schema), max_size=10))
    check_agreement(cart(data), data, fresh)


@thorough(200)
@given(regression_datasets(weighted=True), st.data())
def test_python_agrees_with_predict_on_regression_trees(data: Dataset, draw: st.DataObject) -> None:
    fresh = draw.draw(st.lists(examples_of(data.schema), max_size=10))
    check_agreement(cart(data), data, fresh)


@thorough(200)
@given(datasets(max_numeric=2, missing=True), st.data())
def test_python_stops_at_a_missing_value(data: Dataset, draw: st.DataObject) -> None:
    fresh = draw.draw(st.lists(examples_of(data.schema), max_size=10))
    check_agreement(c45(data, min_objects=1), data, fresh)


def test_python_answers_a_missing_value_where_predict_mixes() -> None:
    tree = id3(load("play-tennis"))
    generated = compiled(python(tree))
    example: dict[str, Value] = {
        "Outlook": "Sunny",
        "Temperature": "Hot",
        "Humidity": None,
        "Wind": "Weak",
    }
    # The Humidity split under Sunny counts [No: 3, Yes: 2]: its plurality answers.
    assert generated(example) == "No"
    assert predict(tree, example) == "No"  # 3/5 No by C4.5's mixture: the same here
    example["Outlook"] = None
    # The root counts [No: 5, Yes: 9]; the mixture of its branches is 0.63 Yes.
    assert generated(example) == "Yes"
    assert predict(tree, example) == "Yes"
    unseen = dict(example, Outlook="Foggy")
    assert generated(unseen) == predict(tree, unseen) == "Yes"


def test_python_and_predict_can_differ_on_a_missing_value() -> None:
    stats = ClassStats(("a", "b"), (3, 2))
    tree = Split(
        (
            Branch(Equals("x", "u"), Leaf("b", ClassStats(("a", "b"), (0, 2)))),
            Branch(Equals("x", "v"), Leaf("a", ClassStats(("a", "b"), (3, 0)))),
        ),
        stats,
    )
    example: dict[str, Value] = {"x": None}
    assert compiled(python(tree))(example) == "a"  # the split's plurality
    assert predict(tree, example) == "a"
    weighted = Split(
        (
            Branch(Equals("x", "u"), Leaf("b", ClassStats(("a", "b"), (1, 3)))),
            Branch(Equals("x", "v"), Leaf("a", ClassStats(("a", "b"), (2, 1)))),
        ),
        ClassStats(("a", "b"), (4, 3)),  # counts a split may keep that its leaves do not add to
    )
    assert compiled(python(weighted))(example) == "a"
    assert predict(weighted, example) == "b"  # 4/7 of b's 3/4 and 3/7 of 1/3: b wins


def test_python_regression_means_and_an_empty_split() -> None:
    regression = Split(
        (
            Branch(AtMost("x", 1.5), Leaf(1.0, Moments(1, 1.0, 1.0))),
            Branch(Above("x", 1.5), Leaf(3.0, Moments(3, 9.0, 27.0))),
        ),
        Moments(4, 10.0, 28.0),
    )
    generated = compiled(python(regression))
    assert generated({"x": 1.5}) == 1.0
    assert generated({"x": 1.5000000000000002}) == 3.0
    assert generated({"x": None}) == 2.5  # the split's mean
    empty = Split(
        (
            Branch(Equals("c", "u"), Leaf(1.0, Moments(0, 0.0, 0.0))),
            Branch(Equals("c", "v"), Leaf(2.0, Moments(0, 0.0, 0.0))),
        ),
        Moments(0, 0.0, 0.0),
    )
    generated = compiled(python(empty))
    assert generated({"c": "v"}) == 2.0
    with pytest.raises(ValueError, match="no training example"):
        generated({"c": "w"})
    with pytest.raises(DtreeError, match="no mean"):
        predict(empty, {"c": "w"})


def test_python_writes_thresholds_and_fractions_exactly() -> None:
    third = Fraction(1, 3)
    cut = 0.1 + 0.2
    tree = Split(
        (
            # A regression leaf may hold any number dtree accepts, a Fraction too.
            Branch(AtMost("x", cut), Leaf(third, Moments(1, 1.0, 1.0))),  # type: ignore[arg-type]
            Branch(Above("x", cut), Leaf(7, Moments(1, 7.0, 49.0))),
        ),
        Moments(2, 8.0, 50.0),
    )
    source = python(tree)
    assert "float(value) <= 0.30000000000000004" in source
    assert "from fractions import Fraction" in source
    assert "-> float | Fraction:" in source
    generated = compiled(source)
    for x in (0.3, cut, 0.3000000000000001, 1e300):
        assert generated({"x": x}) == predict(tree, {"x": x})
        assert type(generated({"x": x})) is type(predict(tree, {"x": x}))


def test_python_compares_numbers_as_floats_as_predict_does() -> None:
    big = 2.0**60
    tree = Split(
        (
            Branch(AtMost("n", big), Leaf("a", ClassStats(("a", "b"), (1, 0)))),
            Branch(Above("n", big), Leaf("b", ClassStats(("a", "b"), (0, 1)))),
        ),
        ClassStats(("a", "b"), (1, 1)),
    )
    generated = compiled(python(tree))
    # 2^60 + 1 is above 2^60, but as a float it is 2^60: holds rounds it first.
    for n in (2**60 + 1, Fraction(2**60 + 1), big):
        example = {"n": n}
        assert generated(example) == predict(tree, example) == "a"  # type: ignore[arg-type]


def test_python_sets_of_values() -> None:
    tree = cart(load("golf"), max_depth=1)
    source = python(tree)
    assert "if value in {'overcast'}:" in source
    assert "if value not in {'overcast'}:" in source
    empty = Split(
        (
            Branch(In("t", frozenset()), Leaf("a", ClassStats(("a", "b"), (1, 0)))),
            Branch(NotIn("t", frozenset()), Leaf("b", ClassStats(("a", "b"), (0, 1)))),
        ),
        ClassStats(("a", "b"), (1, 1)),
    )
    assert compiled(python(empty))({"t": "z"}) == "b"


ALLOWED_NAMES = {"example", "value", "float", "frozenset", "Fraction", "Mapping", "Any", "str"}


def check_no_code_from_data(source: str, name: str) -> None:
    """Only the generator's own identifiers, calls and imports: data are constants."""
    module = ast.parse(source)
    helper = re.compile(rf"_{name}_[0-9]+")
    for node in ast.walk(module):
        match node:
            case ast.Name(identifier):
                assert identifier in ALLOWED_NAMES | {name, "ValueError"} or helper.fullmatch(
                    identifier
                ), identifier
            case ast.FunctionDef(identifier):
                assert identifier == name or helper.fullmatch(identifier)
            case ast.Import():
                raise AssertionError("a plain import")
            case ast.ImportFrom(module_name, aliases):
                assert module_name in {"collections.abc", "fractions", "typing"}
                assert {alias.name for alias in aliases} <= {"Mapping", "Fraction", "Any"}
            case ast.Call(function):
                assert isinstance(function, ast.Name)
            case ast.Attribute() | ast.Lambda() | ast.JoinedStr() | ast.Starred():
                raise AssertionError(ast.dump(node))
            case _:
                pass


def test_python_keeps_hostile_names_and_values_as_strings() -> None:
    tree = hostile_tree()
    source = python(tree)
    check_no_code_from_data(source, "predict")
    assert f"value = example[{HOSTILE_NAME!r}]" in source
    generated = compiled(source)
    for example in hostile_examples():
        if any(value is None for value in example.values()):
            assert generated(example) == stops(tree, example)
        else:
            assert generated(example) == predict(tree, example)


@pytest.mark.parametrize("name", ["classify", "_f", "match", "predict2"])
def test_python_names_the_function(name: str) -> None:
    source = python(id3(load("xor")), name=name)
    check_no_code_from_data(source, name)
    assert compiled(source, name)({"Z1": "1", "Z2": "0"}) == "1"


@pytest.mark.parametrize("name", ["if", "None", "x y", "", "f()", "Mapping", "Any", "Fraction"])
def test_python_refuses_a_name_that_is_not_an_identifier_of_its_own(name: str) -> None:
    with pytest.raises(DtreeError, match="the function's name"):
        python(id3(load("xor")), name=name)


def test_a_tree_nesting_deeper_than_a_function_may_is_split_into_functions() -> None:
    at_limit = python(chain(NESTING))
    assert at_limit.count("\ndef ") == 1
    deeper = python(chain(NESTING + 1))
    assert deeper.count("\ndef ") == 2
    assert "return _predict_1(example)" in deeper
    generated = compiled(deeper)
    for x in (-1.0, 0.0, 25.5, float(NESTING), NESTING + 0.5):
        assert generated({"x": x}) == predict(chain(NESTING + 1), {"x": x})


def test_cpython_nests_at_most_98_splits_in_one_function() -> None:
    # The measurement behind NESTING: indentation levels are what runs out.
    def nested(levels: int) -> str:
        lines = ["def f(value):"]
        lines += ["    " * (k + 1) + "if value:" for k in range(levels)]
        return "\n".join([*lines, "    " * (levels + 1) + "return 1"])

    compile(nested(98), "<nested>", "exec")
    with pytest.raises(IndentationError, match="too many levels of indentation"):
        compile(nested(99), "<nested>", "exec")
    assert NESTING < 98


def test_python_writes_a_chain_ten_thousand_deep(deep_chain: Tree) -> None:
    deep = deep_chain
    source = python(deep)
    assert source.count("\ndef ") == 10_000 // NESTING
    generated = compiled(source)
    for x in (-0.5, 0.0, 0.5, 4999.5, 9998.5, 9999.0, 9999.5, 1e9):
        assert generated({"x": x}) == predict(deep, {"x": x})


def test_python_refuses_a_tree_deeper_than_it_writes() -> None:
    tree: Tree = chain(MAX_PYTHON_DEPTH)
    assert depth(tree) == MAX_PYTHON_DEPTH
    python(tree)
    too_deep = Split(
        (
            Branch(AtMost("x", -1.0), Leaf("a", ClassStats(("a", "b"), (1, 0)))),
            Branch(Above("x", -1.0), tree),
        ),
        ClassStats(("a", "b"), (1, 1)),
    )
    with pytest.raises(DtreeError, match=f"the tree is {MAX_PYTHON_DEPTH + 1} splits deep"):
        python(too_deep)


def test_a_missing_value_follows_the_branch_that_takes_it_in_the_source() -> None:
    stump = missing_left()
    source = python(stump)
    assert "value is None or float(value) <= 2.5" in source
    assert "if value is None:" not in source
    assert law.python_agrees_with_predict(stump, [{"x": None}, {"x": 1.0}, {"x": 3.0}])


def test_source_that_stops_a_missing_value_taken_by_a_branch_breaks_the_law() -> None:
    def right(missing: bool) -> Split:  # missing values to the yes side, the split's plurality no
        return Split(
            (
                Branch(AtMost("x", 2.5), leaf(3, 0)),
                Branch(Above("x", 2.5, missing=missing), leaf(0, 1)),
            ),
            two(3, 1),
        )

    assert predict(right(True), {"x": None}) == "yes"
    stops = python(right(False))
    assert not law.python_agrees_with_predict(right(True), [{"x": None}], python=lambda _: stops)
