"""Renderings: the notes' trees line by line, as Graphviz graphs and as pictures;
hostile names and values; deep trees.  The Python source is tests/test_python_source.py's."""

from __future__ import annotations

import ast
import math
import re
import time
from fractions import Fraction

import pytest
from helpers import (
    compiled,
    hostile_tree,
    missing_left,
    thorough,
)
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import (
    Above,
    AtMost,
    Equals,
    In,
    NotIn,
    describe,
    format_name,
    format_rounded,
    format_value,
)
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.ensemble import Ensemble, predict
from dtree.errors import DtreeError
from dtree.grower.presets import cart, id3
from dtree.python_source import python
from dtree.render import (
    MAX_INDENT,
    MAX_LISTED_CLASSES,
    MEMBER_INDENT,
    Box,
    boxes,
    dot,
    dot_string,
    draw,
    format_weight,
    layout,
    regions,
    rules,
    text,
)
from dtree.strategies import GRID, datasets, regression_datasets
from dtree.tree import (
    Branch,
    Leaf,
    Split,
    Tree,
    leaves,
    n_leaves,
    nodes,
    reach,
    size,
)

RESTAURANT = """\
root [Yes: 6, No: 6]
Pat = Full [Yes: 2, No: 4]
|   Hun = No [Yes: 0, No: 2]: No
|   Hun = Yes [Yes: 2, No: 2]
|   |   Type = Burger [Yes: 1, No: 0]: Yes
|   |   Type = French [Yes: 0, No: 0]: Yes
|   |   Type = Italian [Yes: 0, No: 1]: No
|   |   Type = Thai [Yes: 1, No: 1]
|   |   |   Fri = No [Yes: 0, No: 1]: No
|   |   |   Fri = Yes [Yes: 1, No: 0]: Yes
Pat = None [Yes: 0, No: 2]: No
Pat = Some [Yes: 4, No: 0]: Yes"""


def test_the_restaurant_tree_reads_as_nested_ifs() -> None:
    assert text(id3(load("restaurant"))) == RESTAURANT


def test_a_single_leaf() -> None:
    assert text(id3(load("xor"), max_depth=0)) == "root [0: 2, 1: 2]: 0"


def test_fractional_counts_and_regression_statistics() -> None:
    halves = ClassStats(("a", "b"), (Fraction(5, 2), Fraction(1, 2)))
    assert text(Leaf("a", halves)) == "root [a: 2.5, b: 0.5]: a"
    tree = Split(
        (
            Branch(AtMost("x", 1.5), Leaf(1.0, Moments(1, 1.0, 1.0))),
            Branch(Above("x", 1.5), Leaf(4.0, Moments(0, 0.0, 0.0))),
        ),
        Moments(1, 1.0, 1.0),
    )
    assert (
        text(tree)
        == "root [n: 1, mean: 1]\nx <= 1.5 [n: 1, mean: 1]: 1\nx > 1.5 [n: 0, mean: -]: 4"
    )


def test_weights_print_plainly() -> None:
    assert [format_weight(w) for w in (3, Fraction(6, 2), 0.1 + 0.2)] == ["3", "3", "0.3"]


def test_a_chain_three_thousand_deep_renders() -> None:
    stats = ClassStats(("a", "b"), (1, 1))
    tree: Tree = Leaf("b", stats)
    for i in reversed(range(3000)):
        tree = Split((Branch(AtMost("x", i), Leaf("a", stats)), Branch(Above("x", i), tree)), stats)
    lines = text(tree).splitlines()
    assert len(lines) == 1 + 2 * 3000
    assert lines[2 * MAX_INDENT + 2] == "|   " * MAX_INDENT + f"x > {MAX_INDENT} [a: 1, b: 1]"
    assert lines[2 * MAX_INDENT + 4] == f"({MAX_INDENT + 1}) x > {MAX_INDENT + 1} [a: 1, b: 1]"
    assert lines[-1] == "(2999) x > 2999 [a: 1, b: 1]: b"


# -- text and rules: names that need quotes, numbers rounded ------------------------------

# A line of text: indentation, a condition, the statistics, and at a leaf the prediction.
TOKEN = r'(?:[^\W\d][\w.-]*|\w[\w.-]*|"(?:[^"\\]|\\.)*")'
LINE = re.compile(
    rf"(?:root|(?P<indent>(?:\|   )*|\(\d+\) )(?P<name>{TOKEN}) "
    rf"(?P<test>= {TOKEN}|<= \S+|> \S+|(?:not )?in \{{(?:{TOKEN}(?:, {TOKEN})*)?\}}))"
    rf" \[(?P<stats>{TOKEN}: \S+(?:, {TOKEN}: \S+)*)\](?:: (?P<prediction>{TOKEN}))?"
)
RULE = re.compile(rf"if (?P<test>true|.+?) then (?P<prediction>{TOKEN})  \[\S+(?:, \S+%)?\]")


def token(written: str) -> str:
    """A name or value as a text view wrote it, read back."""
    return ast.literal_eval(written) if written.startswith('"') else written


def awkward_tree() -> Tree:
    """Names and values with spaces, commas, keywords, ampersands and line breaks."""
    classes = ("Don't Play", "Play", "a: 1, b")
    colour = Split(
        (
            Branch(
                In("colour", {"blue, dark", "red"}), Leaf("Play", ClassStats(classes, (0, 2, 0)))
            ),
            Branch(
                NotIn("colour", {"blue, dark", "red"}),
                Leaf("a: 1, b", ClassStats(classes, (0, 0, 1))),
            ),
        ),
        ClassStats(classes, (0, 2, 1)),
    )
    numeric = Split(
        (
            Branch(AtMost("new\nline", 0.13579999999999998), colour),
            Branch(
                Above("new\nline", 0.13579999999999998),
                Leaf("Play", ClassStats(classes, (0, 1, 0))),
            ),
        ),
        ClassStats(classes, (0, 3, 1)),
    )
    return Split(
        (
            Branch(Equals("a and b", "x & y"), Leaf("Don't Play", ClassStats(classes, (2, 0, 0)))),
            Branch(Equals("a and b", "if"), numeric),
        ),
        ClassStats(classes, (2, 3, 1)),
    )


def test_text_quotes_what_would_be_ambiguous_one_line_a_node() -> None:
    tree = awkward_tree()
    lines = text(tree).split("\n")
    assert len(lines) == size(tree)
    assert lines == [
        'root ["Don\'t Play": 2, Play: 3, "a: 1, b": 1]',
        '"a and b" = "x & y" ["Don\'t Play": 2, Play: 0, "a: 1, b": 0]: "Don\'t Play"',
        '"a and b" = "if" ["Don\'t Play": 0, Play: 3, "a: 1, b": 1]',
        '|   "new\\nline" <= 0.1358 ["Don\'t Play": 0, Play: 2, "a: 1, b": 1]',
        '|   |   colour in {"blue, dark", red} ["Don\'t Play": 0, Play: 2, "a: 1, b": 0]: Play',
        '|   |   colour not in {"blue, dark", red} ["Don\'t Play": 0, Play: 0, "a: 1, b": 1]:'
        ' "a: 1, b"',
        '|   "new\\nline" > 0.1358 ["Don\'t Play": 0, Play: 1, "a: 1, b": 0]: Play',
    ]
    # Read back, each line gives its node's attribute and prediction.
    preorder = list(nodes(tree))
    for k, line in enumerate(lines):
        match = LINE.fullmatch(line)
        assert match is not None, line
        node = preorder[k]
        if isinstance(node, Leaf):
            assert token(match["prediction"]) == node.prediction
        classes = [
            token(pair.rsplit(": ", 1)[0])
            for pair in re.findall(rf"{TOKEN}: [^,\]]+", match["stats"])
        ]
        assert classes == list(node.stats.classes)  # type: ignore[union-attr]
    names = [token(m["name"]) for line in lines[1:] if (m := LINE.fullmatch(line))]
    assert names == ["a and b", "a and b", "new\nline", "colour", "colour", "new\nline"]


def test_rules_quote_what_would_be_ambiguous() -> None:
    tree = awkward_tree()
    written = rules(tree).split("\n")
    assert written == [
        'if "a and b" = "x & y" then "Don\'t Play"  [2, 100%]',
        'if "a and b" = "if" and "new\\nline" <= 0.1358 and colour in {"blue, dark", red} then Play'
        "  [2, 100%]",
        'if "a and b" = "if" and "new\\nline" <= 0.1358 and colour not in {"blue, dark", red}'
        ' then "a: 1, b"  [1, 100%]',
        'if "a and b" = "if" and "new\\nline" > 0.1358 then Play  [1, 100%]',
    ]
    for line, leaf in zip(written, leaves(tree), strict=True):
        match = RULE.fullmatch(line)
        assert match is not None
        assert token(match["prediction"]) == leaf.prediction


def test_numbers_round_to_six_significant_digits_but_python_keeps_them() -> None:
    tree = Split(
        (
            Branch(
                AtMost("x", 0.13579999999999998),
                Leaf(152.13348416289594, Moments(2, 304.2669683257919, 1.0)),
            ),
            Branch(Above("x", 0.13579999999999998), Leaf(75.0, Moments(1, 75.0, 5625.0))),
        ),
        Moments(3, 379.2669683257919, 5626.0),
    )
    assert text(tree).split("\n") == [
        "root [n: 3, mean: 126.422]",
        "x <= 0.1358 [n: 2, mean: 152.133]: 152.133",
        "x > 0.1358 [n: 1, mean: 75]: 75",
    ]
    assert rules(tree) == "if x <= 0.1358 then 152.133  [2]\nif x > 0.1358 then 75  [1]"
    source = python(tree)
    assert "0.13579999999999998" in source
    assert "152.13348416289594" in source


# -- a chain 10,000 splits deep, grown by unfold ----------------------------------------------


def test_text_of_a_chain_ten_thousand_deep_is_linear(peeled_chain: Tree) -> None:
    start = time.perf_counter()
    written = text(peeled_chain)
    assert time.perf_counter() - start < 10  # about 0.2 s; bars at every level wrote 400 MB
    lines = written.split("\n")
    assert len(lines) == size(peeled_chain) == 20_001
    assert len(written) < 100 * len(lines)
    assert lines[2 * MAX_INDENT + 2].startswith("|   " * MAX_INDENT + f"x > {MAX_INDENT}.5 ")
    assert lines[-1] == "(9999) x > 9999.5 [n: 1, mean: 10000]: 10000"


def test_rules_of_a_chain_ten_thousand_deep_are_short(peeled_chain: Tree) -> None:
    start = time.perf_counter()
    written = rules(peeled_chain).split("\n")
    assert time.perf_counter() - start < 10  # about 0.3 s; it took minutes
    assert len(written) == 10_001
    assert written[0] == "if x <= 0.5 then 0  [1]"
    assert written[5000] == "if 4999.5 < x <= 5000.5 then 5000  [1]"
    assert written[-1] == "if x > 9999.5 then 10000  [1]"


def test_dot_layout_and_python_of_a_chain_ten_thousand_deep(peeled_chain: Tree) -> None:
    start = time.perf_counter()
    assert dot(peeled_chain).count(" -> ") == 20_000
    assert layout(peeled_chain)[-1].depth == 10_000
    generated = compiled(python(peeled_chain))
    assert time.perf_counter() - start < 20  # about 1 s
    for x in (0, 1, 5000, 9999, 10_000):
        assert generated({"x": x}) == predict(peeled_chain, {"x": x}) == x


# -- dot -------------------------------------------------------------------------------------

QUOTED = r'"(?:[^"\\\n\r]|\\.)*"'
NODE = re.compile(rf"  n(\d+) \[label=({QUOTED})(, shape=ellipse)?\];")
EDGE = re.compile(rf"  n(\d+) -> n(\d+) \[label=({QUOTED})\];")
# What dot_string may write between the quotes: plain characters, the four
# backslash escapes, and the entities.
ESCAPED = re.compile(r'(?:[^"\\&\x00-\x1f\x7f-\x9f<>{}|]|\\[\\"nr]|&(?:#[0-9]+|amp|lt|gt);)*')


def unescape(quoted: str) -> str:
    """The text Graphviz shows for a quoted DOT label of ours: escapes, then entities."""
    assert quoted[0] == quoted[-1] == '"'
    body = quoted[1:-1]
    assert ESCAPED.fullmatch(body), body
    escapes = {"\\": "\\", '"': '"', "n": "\n", "r": "\r"}
    named = {"amp": "&", "lt": "<", "gt": ">"}

    def one(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return escapes[match.group(1)]
        entity = match.group(2)
        return chr(int(entity[1:])) if entity.startswith("#") else named[entity]

    return re.sub(r"\\(.)|&(#[0-9]+|amp|lt|gt);", one, body, flags=re.DOTALL)


def parse_dot(
    graph: str,
) -> tuple[dict[int, tuple[str, bool]], list[tuple[int, int, str]]]:
    """The nodes (label, is a leaf) and edges (parent, child, label) of a graph of ours.

    Every line must be one whole statement: a label that let a quote or a
    line break through would leave a line that matches nothing.
    """
    lines = graph.split("\n")
    assert lines[:2] == ["digraph tree {", "  node [shape=box];"]
    assert lines[-1] == "}"
    found: dict[int, tuple[str, bool]] = {}
    edges: list[tuple[int, int, str]] = []
    for line in lines[2:-1]:
        if node := NODE.fullmatch(line):
            found[int(node.group(1))] = (unescape(node.group(2)), node.group(3) is not None)
        elif edge := EDGE.fullmatch(line):
            edges.append((int(edge.group(1)), int(edge.group(2)), unescape(edge.group(3))))
        else:
            raise AssertionError(f"not a statement of ours: {line!r}")
    return found, edges


def stats_label(stats: Stats) -> str:
    match stats:
        case ClassStats(classes, counts):
            pairs = zip(classes, counts, strict=True)
            return "[" + ", ".join(f"{format_value(k)}: {format_weight(n)}" for k, n in pairs) + "]"
        case Moments(weight, _, _):
            mean = "-" if weight == 0 else format_rounded(stats.mean)
            return f"[n: {format_weight(weight)}, mean: {mean}]"
    raise AssertionError(stats)


def check_dot(tree: Tree) -> None:
    """Nodes numbered in preorder, one edge per branch, every label read back exactly."""
    found, edges = parse_dot(dot(tree))
    preorder = list(nodes(tree))
    assert sorted(found) == list(range(len(preorder)))
    for k, node in enumerate(preorder):
        label, is_leaf = found[k]
        match node:
            case Leaf(prediction, stats):
                assert is_leaf
                assert label.split("\n")[-1] == stats_label(stats)
                if isinstance(prediction, str):
                    assert label == f"{format_value(prediction)}\n{stats_label(stats)}"
            case Split(_, stats):
                assert not is_leaf
                assert label == f"{format_name(node.attribute)}\n{stats_label(stats)}"
    expected = []
    for k, node in enumerate(preorder):
        if isinstance(node, Split):
            child = k + 1  # a split's children follow it, each after its elder siblings' subtrees
            for branch in node.branches:
                expected.append((k, child, describe(branch.condition)))
                child += size(branch.subtree)
    assert sorted(edges) == sorted(expected)


def test_dot_draws_the_restaurant_tree() -> None:
    tree = id3(load("restaurant"))
    check_dot(tree)
    graph = dot(tree)
    assert 'n0 -> n1 [label="Pat = Full"];' in graph
    assert graph.count("shape=ellipse") == sum(isinstance(n, Leaf) for n in nodes(tree))


def test_dot_labels_of_a_regression_tree() -> None:
    regression = Split(
        (
            Branch(AtMost("x", 1.5), Leaf(1.0, Moments(1, 1.0, 1.0))),
            Branch(Above("x", 1.5), Leaf(4.0, Moments(0, 0.0, 0.0))),
        ),
        Moments(1, 1.0, 1.0),
    )
    check_dot(regression)
    found, edges = parse_dot(dot(regression))
    assert found == {
        0: ("x\n[n: 1, mean: 1]", False),
        1: ("1\n[n: 1, mean: 1]", True),
        2: ("4\n[n: 0, mean: -]", True),
    }
    assert edges == [(0, 1, "x <= 1.5"), (0, 2, "x > 1.5")]


def test_dot_escapes_hostile_names_values_and_classes() -> None:
    tree = hostile_tree()
    check_dot(tree)
    graph = dot(tree)
    found, edges = parse_dot(graph)
    name = '"\\"]); import os; os.system(\'x\') #"'
    assert found[0] == (f'{name}\n["say \\"yes\\"": 2, "no\\\\": 1, None: 1]', False)
    assert (0, 1, f'{name} = "a\\"b"') in edges
    assert "\x00" not in graph
    assert "\r" not in graph


@given(st.text())
def test_dot_string_reads_back_as_written(label: str) -> None:
    quoted = dot_string(label)
    assert re.fullmatch(QUOTED, quoted)
    assert unescape(quoted) == label


def test_dot_string_escapes_each_special_character() -> None:
    assert dot_string('\\"\n\r&<>{}|\t') == ('"\\\\\\"\\n\\r&amp;&lt;&gt;&#123;&#125;&#124;&#9;"')
    assert dot_string("Outlook = Sunny") == '"Outlook = Sunny"'


def test_dot_draws_a_chain_ten_thousand_deep(deep_chain: Tree) -> None:
    graph = dot(deep_chain)
    lines = graph.split("\n")
    assert len(lines) == 3 + (2 * 10_000 + 1) + 2 * 10_000
    assert lines[-3] == '  n19998 -> n20000 [label="x &gt; 9999"];'
    assert lines[-2] == '  n20000 [label="b\\n[a: 0, b: 1]", shape=ellipse];'


# -- layout and draw ---------------------------------------------------------------------------


def test_layout_places_the_play_tennis_tree() -> None:
    placed = layout(id3(load("play-tennis")))
    assert [(p.x, p.depth, p.test, p.is_leaf) for p in placed] == [
        (1.75, 0, "", False),
        (0.0, 1, "= Overcast", True),
        (1.5, 1, "= Rain", False),
        (1.0, 2, "= Strong", True),
        (2.0, 2, "= Weak", True),
        (3.5, 1, "= Sunny", False),
        (3.0, 2, "= High", True),
        (4.0, 2, "= Normal", True),
    ]
    assert placed[0].label == "Outlook\n[No: 5, Yes: 9]"
    assert placed[1].label == "Yes\n[No: 0, Yes: 4]"


@given(datasets(max_rows=12) | regression_datasets(max_rows=12))
def test_layout_is_a_tidy_picture_of_the_tree(data: Dataset) -> None:
    tree = cart(data)
    placed = layout(tree)
    assert len(placed) == size(tree)
    assert [p.is_leaf for p in placed] == [isinstance(n, Leaf) for n in nodes(tree)]
    leaf_xs = [p.x for p in placed if p.is_leaf]
    assert leaf_xs == list(range(len(leaf_xs)))  # a unit apart, left to right
    for k, p in enumerate(placed):
        if p.parent is None:
            assert k == 0
            assert p.depth == 0
            continue
        up = placed[p.parent]
        assert p.parent < k
        assert p.depth == up.depth + 1
        children = [c.x for c in placed if c.parent == p.parent]
        assert up.x == (children[0] + children[-1]) / 2


def test_layout_of_a_chain_ten_thousand_deep(deep_chain: Tree) -> None:
    placed = layout(deep_chain)
    assert placed[-1].depth == 10_000
    assert placed[-1].x == 10_000
    assert 0 < placed[0].x < 2  # each split midway between a leaf and the split below it


def test_draw_puts_every_node_and_edge_on_the_axes() -> None:
    matplotlib = pytest.importorskip("matplotlib")  # in the dev extra: present in CI
    matplotlib.use("Agg")
    tree = id3(load("play-tennis"))
    ax = draw(tree)
    texts = [t.get_text() for t in ax.texts]
    assert [t for t in texts if "\n" in t] == [p.label for p in layout(tree)]
    assert sorted(t for t in texts if "\n" not in t) == sorted(p.test for p in layout(tree)[1:])
    assert len(ax.lines) == size(tree) - 1
    matplotlib.pyplot.close("all")


def test_draw_writes_dollar_signs_as_text_not_mathematics() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    data = load("restaurant")
    prices = Dataset.from_columns(
        {"Price": data.column("Price"), "WillWait": data.labels}, target="WillWait"
    )
    ax = draw(id3(prices, max_depth=1))
    ax.figure.canvas.draw()  # mathematics would be parsed here: "$$" is no formula
    assert '= "$$"' in [t.get_text() for t in ax.texts]
    matplotlib.pyplot.close("all")


def test_every_rendering_of_a_leaf() -> None:
    leaf = Leaf("a", ClassStats(("a", "b"), (2, 1)))
    assert text(leaf) == "root [a: 2, b: 1]: a"
    assert parse_dot(dot(leaf)) == ({0: ("a\n[a: 2, b: 1]", True)}, [])
    assert compiled(python(leaf))({}) == "a"
    assert size(leaf) == 1


def test_a_node_of_many_classes_lists_ten_and_sums_up_the_rest() -> None:
    classes = tuple(f"c{k:03}" for k in range(250))
    leaf = Leaf("c007", ClassStats(classes, tuple(int(k == 7) for k in range(250))))
    assert text(leaf) == "root [c007: 1, 249 others: 0]: c007"
    crowded = Leaf("c000", ClassStats(classes, tuple(range(1, 251))))
    listed = text(crowded).removeprefix("root [").removesuffix("]: c000").split(", ")
    assert listed[:10] == [f"c{k:03}: {k + 1}" for k in range(10)]
    assert listed[10:] == [f"240 others: {sum(range(11, 251))}"]
    few = tuple(f"c{k}" for k in range(MAX_LISTED_CLASSES))
    assert text(Leaf("c0", ClassStats(few, (0,) * MAX_LISTED_CLASSES))).count(": 0") == 10


# -- ensembles ------------------------------------------------------------------------------------


def test_the_text_of_a_forest_lists_each_member_under_its_weight() -> None:
    golf = load("golf")
    forest = Ensemble(
        "average", (cart(golf, max_depth=1), cart(golf, max_depth=0)), (1, 0.5), golf.schema.classes
    )
    assert text(forest) == "\n".join(
        [
            'average of 2 trees; classes Play, "Don\'t Play"',
            "member 1 (weight 1):",
            '    root [Play: 9, "Don\'t Play": 5]',
            '    outlook in {overcast} [Play: 4, "Don\'t Play": 0]: Play',
            '    outlook not in {overcast} [Play: 5, "Don\'t Play": 5]: Play',
            "member 2 (weight 0.5):",
            '    root [Play: 9, "Don\'t Play": 5]: Play',
        ]
    )


def test_the_heading_of_gradient_boosting_gives_the_initial_value_and_learning_rate() -> None:
    stats = Moments(2, 3.0, 5.0)
    stump = Leaf(1.5, stats)
    regressor = Ensemble("gradient", (stump,), (1,), (), Fraction(1, 3), 0.1)
    assert text(regressor).split("\n")[0] == (
        "gradient boosting of 1 tree; initial 0.333333; learning rate 0.1; regression"
    )
    classifier = Ensemble("gradient", (stump, stump), (1, 1), ("no", "so so"), -2, 1)
    assert text(classifier).split("\n")[0] == (
        'gradient boosting of 2 trees; initial -2; learning rate 1; F the log-odds of "so so";'
        ' classes no, "so so"'
    )
    vote = Ensemble("vote", (stump,), (3,), ())
    assert (
        text(vote)
        == "vote of 1 tree; regression\nmember 1 (weight 3):\n    root [n: 2, mean: 1.5]: 1.5"
    )


@given(datasets(max_numeric=2, weighted=True))
def test_each_members_lines_are_its_trees_text_indented(data: Dataset) -> None:
    trees = (cart(data), id3(data), cart(data, max_depth=1))
    lines = text(Ensemble("vote", trees, (1, 2, 3), data.schema.classes)).split("\n")
    at = 1
    for t, tree in enumerate(trees, 1):
        assert lines[at] == f"member {t} (weight {t}):"
        own = text(tree).split("\n")
        assert lines[at + 1 : at + 1 + len(own)] == [MEMBER_INDENT + line for line in own]
        at += 1 + len(own)
    assert at == len(lines)


def test_an_ensemble_of_deep_chains_renders_in_linear_time(deep_chain: Tree) -> None:
    deep = deep_chain
    forest = Ensemble("average", (deep, deep), (1, 1), ("a", "b"))
    lines = text(forest).split("\n")
    assert len(lines) == 1 + 2 * (1 + 2 * 10_000 + 1)
    assert lines[-1] == MEMBER_INDENT + "(9999) x > 9999 [a: 0, b: 1]: b"


# -- boxes and regions of the plane ------------------------------------------------------------


def contains(box: Box, a: float, b: float) -> bool:
    return box.x_low < a <= box.x_high and box.y_low < b <= box.y_high


@thorough(200)
@given(regression_datasets(max_rows=12, min_numeric=2, max_numeric=2, max_attributes=2), st.data())
def test_the_boxes_partition_the_plane_by_the_leaf_each_point_reaches(
    data: Dataset, draw_from: st.DataObject
) -> None:
    """Every point of the plane lies in exactly one box, that of the leaf it reaches."""
    x, y = data.schema.names
    tree = cart(data.present() if len(data.present()) else data)
    cut = boxes(tree, x, y)
    assert [box.leaf for box in cut] == list(leaves(tree))
    for _ in range(10):
        a, b = draw_from.draw(st.sampled_from(GRID)), draw_from.draw(st.sampled_from(GRID))
        holding = [box for box in cut if contains(box, a, b)]
        assert len(holding) == 1
        ((reached, _),) = reach(tree, {x: a, y: b})
        assert holding[0].leaf is reached


def test_the_boxes_of_a_chain_ten_thousand_deep(peeled_chain: Tree) -> None:
    cut = boxes(peeled_chain, "x", "y")
    assert len(cut) == 10_001
    assert (cut[0].x_low, cut[0].x_high) == (-math.inf, 0.5)
    assert (cut[-1].x_low, cut[-1].x_high, cut[-1].y_high) == (9999.5, math.inf, math.inf)


def test_a_box_needs_thresholds_on_the_two_attributes() -> None:
    with pytest.raises(DtreeError, match="not a threshold on 'x' or 'z'"):
        boxes(cart(load("iris")), "x", "z")


def test_regions_draws_a_box_per_leaf_and_the_points_of_each_class() -> None:
    import matplotlib  # noqa: PLC0415 (the notebooks extra, in dev)

    matplotlib.use("Agg")
    iris = load("iris")
    tree = cart(iris, max_depth=3)
    ax = regions(tree, iris, "petal_length", "petal_width")
    assert len(ax.patches) == len(boxes(tree, "petal_length", "petal_width")) == 5
    assert sum(c.get_offsets().shape[0] for c in ax.collections) == 150  # type: ignore[union-attr]
    legend = ax.get_legend()
    assert legend is not None
    assert [t.get_text() for t in legend.get_texts()] == list(iris.schema.classes)
    matplotlib.pyplot.close("all")


def test_regions_colours_by_the_trees_classes_where_the_data_lack_one() -> None:
    import matplotlib  # noqa: PLC0415 (the notebooks extra, in dev)

    matplotlib.use("Agg")
    iris = load("iris")
    tree = cart(iris, max_depth=2)
    two = Dataset.from_records(
        [{**iris.example(r), "species": iris.target[r]} for r in range(100)], target="species"
    )
    assert two.schema.classes == ("setosa", "versicolor")
    ax = regions(tree, two, "petal_length", "petal_width")
    assert len(ax.patches) == 3
    legend = ax.get_legend()
    assert legend is not None
    assert [t.get_text() for t in legend.get_texts()] == ["setosa", "versicolor"]
    matplotlib.pyplot.close("all")


def test_regions_of_a_regression_tree_and_of_bad_axes() -> None:
    import matplotlib  # noqa: PLC0415 (the notebooks extra, in dev)

    matplotlib.use("Agg")
    rows = Dataset.from_columns(
        {"x": [0.0, 1.0, 2.0, 3.0], "y": [0.0, 1.0, 0.0, 1.0], "z": [1.0, 2.0, 5.0, 9.0]},
        target="z",
    )
    ax = regions(cart(rows), rows, "x", "y")
    assert len(ax.patches) == n_leaves(cart(rows))
    assert ax.get_legend() is None
    with pytest.raises(DtreeError, match="numeric attributes"):
        regions(id3(load("xor")), load("xor"), "Z1", "Z2")
    matplotlib.pyplot.close("all")


def test_regions_of_a_regression_tree_have_a_colour_bar_of_the_target() -> None:
    import matplotlib  # noqa: PLC0415 (the notebooks extra, in dev)

    matplotlib.use("Agg")
    iris = load("iris")
    widths = Dataset.from_columns(
        {name: iris.column(name) for name in ("petal_length", "sepal_length", "petal_width")},
        target="petal_width",
    )
    tree = cart(widths, max_depth=3)
    ax = regions(tree, widths, "petal_length", "sepal_length")
    assert len(ax.figure.axes) == 2
    bar = ax.figure.axes[1]
    assert bar.get_ylabel() == "petal_width"
    means = [float(leaf.prediction) for leaf in leaves(tree)]
    targets = [float(v) for v in widths.labels]
    low, high = min(*means, *targets), max(*means, *targets)
    assert [float(end) for end in bar.get_ylim()] == pytest.approx([low, high])
    matplotlib.pyplot.close("all")


def test_regions_of_a_classification_tree_have_a_legend_and_no_colour_bar() -> None:
    import matplotlib  # noqa: PLC0415 (the notebooks extra, in dev)

    matplotlib.use("Agg")
    iris = load("iris")
    ax = regions(cart(iris, max_depth=3), iris, "petal_length", "petal_width")
    assert ax.figure.axes == [ax]
    assert ax.get_legend() is not None
    matplotlib.pyplot.close("all")


def test_views_say_which_branch_takes_missing_values() -> None:
    stump = missing_left()
    assert "x <= 2.5 or missing" in text(stump)
    assert "x &lt;= 2.5 or missing" in dot(stump)
    assert "or missing" in rules(stump)
