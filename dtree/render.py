"""Renderings of a tree: for people, for Graphviz, and for Python.

Vocabulary
----------
``label``
    What a node shows: the class counts (or n and mean) of the training
    examples that reached it and, at a leaf, the prediction.

Contents
--------
:func:`text`
    The tree as indented lines, one per node, in the style of C4.5 and
    Weka: each line is a branch's condition, the class counts of the
    training examples that reached it and, at a leaf, the prediction after
    a colon.  Read top to bottom it is the nested ``if`` of the CS 536 notes.
    An ensemble's text lists its members, each tree's text indented under
    its weight; the other renderings are of one tree.
:func:`dot`
    The tree as a Graphviz graph: a node per tree node, an edge per
    branch labelled with its condition; every label escaped by
    :func:`dot_string`.
:func:`layout`, :func:`draw`
    The tree as a picture: :func:`layout` places the nodes (leaves one
    unit apart, left to right; a split centred over its branches; one
    level per depth) and :func:`draw` draws them with matplotlib, which
    is optional (the ``notebooks`` extra).
:func:`boxes`, :func:`regions`
    A tree of thresholds on two numeric attributes as the rectangles it
    cuts their plane into, and those drawn over a scatter of the data
    (the Learning with Trees notes' picture of a tree).
:func:`python`
    The tree as the source of a Python function of nested ``if``
    statements: :mod:`dtree.python_source`'s, handed on here with
    :data:`NESTING` and :data:`MAX_PYTHON_DEPTH`.
:func:`format_weight`
    A count as people read it.

How text views write
--------------------
:func:`text`, :func:`rules`, the labels of :func:`dot` and :func:`draw`,
DNF (:func:`dtree.dnf.format_dnf`) and the command line's tables:

* **Numbers**: integers in full, any other number (a threshold, a mean, a
  fractional weight) to :data:`~dtree.conditions.SIGNIFICANT_DIGITS` = 6
  significant digits, as ``%g`` writes them: ``humidity <= 75``,
  ``x <= 2.45``, ``0.1358`` for 0.13579999999999998, ``152.133`` for a mean
  of 152.13348416289594.  Two thresholds that differ beyond the sixth
  digit print alike (the two ends of one rule's range get the digits it
  takes to tell them apart); the exact values are in the JSON model file
  (:mod:`dtree.serialize`), and :func:`python` writes them exactly.
* **Names and values**: as they are when they are one plain word
  (``Outlook = Sunny``), otherwise in double quotes with JSON's backslash
  escapes (``"a and b" = "blue, dark"``), so that every node is one line
  and reads back one way (:func:`~dtree.conditions.format_name`,
  :func:`~dtree.conditions.format_value`).
* **Statistics**: ``[No: 5, Yes: 9]``, each class and its training
  weight; in regression ``[n: 5, mean: 170]``.  With more than
  :data:`MAX_LISTED_CLASSES` classes, a node lists the first ten of
  positive weight and sums up the rest, ``[c7: 1, 249 others: 0]``, so a
  line stays short whatever the number of classes.
* **Deep trees**: :func:`text` indents a line by ``|   `` a level up to
  :data:`MAX_INDENT` levels; a line deeper than that begins with its level
  in parentheses instead, ``(40) x > 40.5 [n: 9960, mean: 5020.5]``, so the
  text of any tree is linear in its size.

All the renderings are iterative and linear in the tree's size: a chain
10,000 splits deep renders in well under a second.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, assert_never

from attrs import frozen

from dtree.conditions import (
    Above,
    AtMost,
    Condition,
    describe,
    format_name,
    format_prediction,
    format_rounded,
    format_value,
)
from dtree.counts import ClassStats, Moments, Stats, total
from dtree.dataset import Dataset, Label, Numeric, Weight
from dtree.ensemble import Combination, Ensemble
from dtree.errors import DtreeError, quote
from dtree.python_source import MAX_PYTHON_DEPTH, NESTING, python
from dtree.rules import describe_rule, rules_of
from dtree.tree import Leaf, Split, Tree, leaves, preorder

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "MAX_INDENT",
    "MAX_LISTED_CLASSES",
    "MAX_PYTHON_DEPTH",
    "MEMBER_INDENT",
    "NESTING",
    "Box",
    "Placed",
    "boxes",
    "dot",
    "dot_string",
    "draw",
    "format_weight",
    "layout",
    "python",
    "regions",
    "rules",
    "text",
]

INDENT = "|   "

MAX_INDENT = 20
"""The most levels :func:`text` indents by bars (80 characters); deeper lines show their level."""

MEMBER_INDENT = "    "
"""What the text of an ensemble's member's tree is indented by."""

MAX_LISTED_CLASSES = 10
"""The most classes a node's statistics list; with more, the others are summed up."""


def format_weight(weight: Weight) -> str:
    """A count as people read it: integers plainly, other numbers to six significant digits.

    The text views' one number format, :func:`dtree.conditions.format_rounded`.

    >>> from fractions import Fraction
    >>> format_weight(4), format_weight(Fraction(5, 2)), format_weight(1 / 3)
    ('4', '2.5', '0.333333')
    """
    return format_rounded(weight)


def _class_pairs(stats: ClassStats) -> list[str]:
    """Each class and its weight; past :data:`MAX_LISTED_CLASSES` classes, the first of positive
    weight and the others summed up."""
    pairs = list(zip(stats.classes, stats.counts, strict=True))
    if len(pairs) > MAX_LISTED_CLASSES:
        listed = [(k, n) for k, n in pairs if n > 0][:MAX_LISTED_CLASSES]
        others = total(n for k, n in pairs) - total(n for _, n in listed)
        shown = [f"{format_value(k)}: {format_weight(n)}" for k, n in listed]
        return [*shown, f"{len(pairs) - len(listed)} others: {format_weight(others)}"]
    return [f"{format_value(k)}: {format_weight(n)}" for k, n in pairs]


def _stats(stats: Stats) -> str:
    match stats:
        case ClassStats():
            return "[" + ", ".join(_class_pairs(stats)) + "]"
        case Moments(weight, _, _):
            mean = "-" if weight == 0 else format_rounded(stats.mean)
            return f"[n: {format_weight(weight)}, mean: {mean}]"
        case _:
            assert_never(stats)


def _line(head: str, node: Tree) -> str:
    match node:
        case Leaf(prediction, stats):
            return f"{head} {_stats(stats)}: {format_prediction(prediction)}"
        case Split(_, stats):
            return f"{head} {_stats(stats)}"
        case _:
            assert_never(node)


def _indent(level: int) -> str:
    """The bars before a line ``level`` levels deep, or its level beyond :data:`MAX_INDENT`."""
    return INDENT * level if level <= MAX_INDENT else f"({level}) "


def text(tree: Tree | Ensemble) -> str:
    """The tree as indented lines: condition [class: count, ...]: prediction.

    An ensemble (:mod:`dtree.ensemble`) is a heading, then each member's
    weight and its tree's text indented by four spaces (see :func:`_members`).

    One line per node, as the module's notes on text views say: names and
    values quoted where they would be ambiguous, numbers to six significant
    digits, and a line more than :data:`MAX_INDENT` levels deep starting
    with its level, ``(21) x <= 21.5 ...``, instead of 21 bars.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> print(text(id3(load("boolean-table"))))
    root [F: 3, T: 5]
    X1 = F [F: 3, T: 1]
    |   X2 = F [F: 2, T: 0]: F
    |   X2 = T [F: 1, T: 1]: F
    X1 = T [F: 0, T: 4]: T

    (Rows 5 and 7 of the Lecture 10 table agree on X1 and X2 but not on Y:
    the data are not consistent, and that leaf keeps the tie's first class.)
    """
    if isinstance(tree, Ensemble):
        return _members(tree)
    return "\n".join(
        _line("root" if edge is None else _indent(level - 1) + describe(edge.condition), node)
        for node, level, edge in preorder(tree)
    )


_COMBINED: Mapping[Combination, str] = {
    "average": "average",
    "vote": "vote",
    "samme": "SAMME (AdaBoost; a weight is the odds beta_t)",
    "gradient": "gradient boosting",
}
"""How each combination is named in the heading of an ensemble's text."""


def _members(ensemble: Ensemble) -> str:
    """An ensemble as text: a heading line (the combination, the number of trees, the
    initial value and the learning rate where they apply, the classes), then for each
    member ``member t (weight w):`` and its tree's :func:`text`, indented.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> from fractions import Fraction
    >>> golf = load("golf")
    >>> boosted = Ensemble("samme", (cart(golf, max_depth=1), cart(golf, max_depth=0)),
    ...                    (Fraction(7, 3), 2), golf.schema.classes, learning_rate=0.5)
    >>> print(text(boosted))
    SAMME (AdaBoost; a weight is the odds beta_t) of 2 trees; learning rate 0.5; \
classes Play, "Don't Play"
    member 1 (weight 2.33333):
        root [Play: 9, "Don't Play": 5]
        outlook in {overcast} [Play: 4, "Don't Play": 0]: Play
        outlook not in {overcast} [Play: 5, "Don't Play": 5]: Play
    member 2 (weight 2):
        root [Play: 9, "Don't Play": 5]: Play
    """
    combination = ensemble.combination
    trees = "tree" if len(ensemble) == 1 else "trees"
    heading = [f"{_COMBINED[combination]} of {len(ensemble)} {trees}"]
    if combination == "gradient":
        heading.append(f"initial {format_rounded(ensemble.initial)}")
    if combination in ("samme", "gradient"):
        heading.append(f"learning rate {format_rounded(ensemble.learning_rate)}")
    if combination == "gradient" and ensemble.classes:
        heading.append(f"F the log-odds of {format_value(ensemble.classes[1])}")
    if ensemble.classes:
        heading.append("classes " + ", ".join(map(format_value, ensemble.classes)))
    else:
        heading.append("regression")
    lines = ["; ".join(heading)]
    for t, (tree, weight) in enumerate(zip(ensemble.trees, ensemble.weights, strict=True), 1):
        lines.append(f"member {t} (weight {format_weight(weight)}):")
        lines += (MEMBER_INDENT + line for line in text(tree).split("\n"))
    return "\n".join(lines)


def rules(tree: Tree) -> str:
    """The tree as rules, one line per root-to-leaf path: the rules view of :func:`text`.

    Each line is the path's conditions (simplified: a range reads ``2 < x <= 7``),
    the prediction, the leaf's training weight and the share it predicts right
    (see :mod:`dtree.rules`).  The rules are simplified along the traversal
    (:func:`~dtree.rules.rules_of` with ``simplified=True``), so the time is
    linear in the tree's size times the merged conditions of a path.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> print(rules(c45(load("golf"))))
    if outlook = overcast then Play  [4, 100%]
    if outlook = rain and windy = false then Play  [3, 100%]
    if outlook = rain and windy = true then "Don't Play"  [2, 100%]
    if outlook = sunny and humidity <= 75 then Play  [2, 100%]
    if outlook = sunny and humidity > 75 then "Don't Play"  [3, 100%]
    """
    return "\n".join(describe_rule(rule) for rule in rules_of(tree, simplified=True))


# -- Graphviz --------------------------------------------------------------------

# What a quoted DOT label may not hold as it is: the string's own escapes
# (backslash, quote, line breaks), the start of an HTML entity (Graphviz
# decodes entities in labels), the field syntax of record shapes (so that
# a label stays text whatever shape a user chooses), and control characters.
_DOT_SPECIAL = re.compile(r'[\\"\n\r&<>{}|\x00-\x1f\x7f-\x9f]')
_DOT_ESCAPES = {
    "\\": "\\\\",
    '"': '\\"',
    "\n": "\\n",
    "\r": "\\r",
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
}


def _dot_escape(match: re.Match[str]) -> str:
    character = match.group()
    return _DOT_ESCAPES.get(character, f"&#{ord(character)};")


def dot_string(label: str) -> str:
    """A label as a quoted DOT string that Graphviz shows exactly as written.

    Backslash, quote and line breaks get DOT's backslash escapes; ``&``,
    ``<`` and ``>`` their HTML entities; braces, bars and control
    characters numeric entities.

    >>> print(dot_string('say "hi"\\\\n {now} & <then>'))
    "say \\"hi\\"\\\\n &#123;now&#125; &amp; &lt;then&gt;"
    """
    return '"' + _DOT_SPECIAL.sub(_dot_escape, label) + '"'


def _dot_label(node: Tree) -> str:
    match node:
        case Leaf(prediction, stats):
            return f"{format_prediction(prediction)}\n{_stats(stats)}"
        case Split(_, stats):
            return f"{format_name(node.attribute)}\n{_stats(stats)}"
        case _:
            assert_never(node)


def dot(tree: Tree) -> str:
    """The tree as a Graphviz digraph.

    Node ``n<k>`` is the k-th node in preorder.  A split shows the
    attribute it tests over its class counts (or n and mean), a leaf its
    prediction over its counts, drawn as an ellipse; each edge shows the
    condition of its branch.  Every label is escaped by :func:`dot_string`,
    so no attribute name or value can change the graph's syntax.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> print(dot(id3(load("boolean-table"))))
    digraph tree {
      node [shape=box];
      n0 [label="X1\\n[F: 3, T: 5]"];
      n0 -> n1 [label="X1 = F"];
      n1 [label="X2\\n[F: 3, T: 1]"];
      n1 -> n2 [label="X2 = F"];
      n2 [label="F\\n[F: 2, T: 0]", shape=ellipse];
      n1 -> n3 [label="X2 = T"];
      n3 [label="F\\n[F: 1, T: 1]", shape=ellipse];
      n0 -> n4 [label="X1 = T"];
      n4 [label="T\\n[F: 0, T: 4]", shape=ellipse];
    }
    """
    lines = ["digraph tree {", "  node [shape=box];"]
    for k, (node, _, edge) in enumerate(preorder(tree)):
        if edge is not None:
            label = dot_string(describe(edge.condition))
            lines.append(f"  n{edge.parent} -> n{k} [label={label}];")
        shape = ", shape=ellipse" if isinstance(node, Leaf) else ""
        lines.append(f"  n{k} [label={dot_string(_dot_label(node))}{shape}];")
    lines.append("}")
    return "\n".join(lines)


@frozen
class Placed:
    """A node of the picture: where it sits, what it says, and the edge that leads to it."""

    x: float
    """Leaves at 0, 1, 2, ... left to right; a split midway over its outer branches."""
    depth: int
    label: str
    """As in :func:`dot`: the attribute or the prediction, over the counts."""
    is_leaf: bool
    parent: int | None
    """The parent's position in the layout; None at the root."""
    test: str
    """The test of the branch from the parent, as :func:`describe` writes it
    without the attribute the parent shows (``= Sunny``, ``<= 75``); empty at the root."""


def layout(tree: Tree) -> tuple[Placed, ...]:
    """The nodes of the tree in preorder, placed for drawing.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> [(p.x, p.depth, p.test) for p in layout(id3(load("boolean-table")))]
    [(1.25, 0, ''), (0.5, 1, '= F'), (0.0, 2, '= F'), (1.0, 2, '= T'), (2.0, 1, '= T')]
    """
    entries = tuple(preorder(tree))
    children: list[list[int]] = [[] for _ in entries]
    for k, (_, _, edge) in enumerate(entries):
        if edge is not None:
            children[edge.parent].append(k)
    # Preorder meets the leaves left to right; a split comes before its
    # branches, so placing splits in reverse preorder finds its branches placed.
    leaf_positions = iter(range(len(entries)))
    x = [float(next(leaf_positions)) if not below else 0.0 for below in children]
    for k in reversed(range(len(entries))):
        if children[k]:
            x[k] = (x[children[k][0]] + x[children[k][-1]]) / 2
    return tuple(
        Placed(
            x[k],
            level,
            _dot_label(node),
            isinstance(node, Leaf),
            None if edge is None else edge.parent,
            "" if edge is None else _test_of(edge.condition),
        )
        for k, (node, level, edge) in enumerate(entries)
    )


def _test_of(condition: Condition) -> str:
    return describe(condition).removeprefix(f"{format_name(condition.attribute)} ")


def draw(tree: Tree, ax: Axes | None = None) -> Axes:
    """The tree drawn with matplotlib, on ``ax`` or on a new figure sized to the tree.

    Splits are square boxes and leaves round ones, each labelled as in
    :func:`dot`; each edge carries its branch's test.  Needs
    matplotlib (``pip install 'dtree[notebooks]'``).

    XOR's tree: seven boxes and six edges, each edge labelled:

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> ax = draw(id3(load("xor")))
    >>> len(ax.texts), len(ax.lines)
    (13, 6)
    >>> import matplotlib.pyplot as plt
    >>> plt.close(ax.figure)

    See also: :func:`layout`, :func:`dot` (for Graphviz).
    """
    plt = _pyplot()
    placed = layout(tree)
    width = max(p.x for p in placed) + 1
    levels = max(p.depth for p in placed) + 1
    if ax is None:
        # a leaf's unit of width holds its longest label line, at about 0.085 inch a character
        longest = max(len(line) for p in placed for line in p.label.splitlines())
        unit = 0.5 + 0.085 * longest
        _, ax = plt.subplots(figsize=(min(unit * width, 60), min(1.3 * levels, 40)))
    for p in placed:
        if p.parent is not None:
            up = placed[p.parent]
            ax.plot([up.x, p.x], [-up.depth, -p.depth], color="0.55", linewidth=1, zorder=1)
            # nearer the child than the parent, where siblings' edges are apart
            near_child = (0.35 * up.x + 0.65 * p.x, -(0.35 * up.depth + 0.65 * p.depth))
            ax.text(
                *near_child,
                p.test,
                ha="center",
                va="center",
                fontsize=8,
                zorder=2,
                parse_math=False,  # a value such as the restaurant's price "$$" is text
                bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"},
            )
    for p in placed:
        box = {
            "boxstyle": "round,pad=0.35" if p.is_leaf else "square,pad=0.35",
            "facecolor": "#e3eef9" if p.is_leaf else "#fbefd9",
            "edgecolor": "0.35",
        }
        ax.text(
            p.x,
            -p.depth,
            p.label,
            ha="center",
            va="center",
            fontsize=9,
            bbox=box,
            zorder=3,
            parse_math=False,
        )
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-levels + 0.5, 0.5)
    ax.axis("off")
    return ax


def _pyplot() -> Any:
    """matplotlib's pyplot, or one line saying how to install it."""
    try:
        import matplotlib.pyplot as plt  # noqa: PLC0415 (optional: only drawing needs it)
    except ImportError as missing:
        message = "drawing a tree needs matplotlib: pip install 'dtree[notebooks]'"
        raise DtreeError(message) from missing
    return plt


# -- regions of the plane ----------------------------------------------------------------------


@frozen
class Box:
    """The rectangle of the (x, y) plane where a tree answers with ``leaf``:
    x_low < x <= x_high and y_low < y <= y_high (infinite where the path sets no bound)."""

    x_low: float
    x_high: float
    y_low: float
    y_high: float
    leaf: Leaf


def boxes(tree: Tree, x: str, y: str) -> tuple[Box, ...]:
    """The rectangles a tree of thresholds on two numeric attributes cuts the plane into,
    one per leaf, left to right: each path's conditions x <= t and x > t (and y's)
    narrow the plane to the leaf's box.

    Iris's petal plane, cut by CART at depth 2:

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> tree = cart(load("iris"), max_depth=2)
    >>> for box in boxes(tree, "petal_length", "petal_width"):
    ...     print(box.x_low, box.x_high, box.y_low, box.y_high, box.leaf.prediction)
    -inf 2.45 -inf inf setosa
    2.45 inf -inf 1.75 versicolor
    2.45 inf 1.75 inf virginica

    A tree that tests anything else has no such picture:

    >>> from dtree.grower.presets import id3
    >>> boxes(id3(load("xor")), "Z1", "Z2")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: the tree tests Z1 = 0, not a threshold on 'Z1' or 'Z2'
    """
    found: list[Box] = []
    stack: list[tuple[Tree, tuple[float, float, float, float]]] = [
        (tree, (-math.inf, math.inf, -math.inf, math.inf))
    ]
    while stack:
        node, (x_low, x_high, y_low, y_high) = stack.pop()
        match node:
            case Leaf():
                found.append(Box(x_low, x_high, y_low, y_high, node))
            case Split(branches, _):
                children = []
                for branch in branches:
                    box = [x_low, x_high, y_low, y_high]
                    match branch.condition:
                        case AtMost(name, t) if name in (x, y):
                            at = 1 if name == x else 3
                            box[at] = min(box[at], t)
                        case Above(name, t) if name in (x, y):
                            at = 0 if name == x else 2
                            box[at] = max(box[at], t)
                        case condition:
                            raise DtreeError(
                                f"the tree tests {describe(condition)}, not a threshold on "
                                f"{quote(x)} or {quote(y)}"
                            )
                    children.append((branch.subtree, (box[0], box[1], box[2], box[3])))
                stack.extend(reversed(children))
            case _:
                assert_never(node)
    return tuple(found)


def regions(tree: Tree, data: Dataset, x: str, y: str, ax: Axes | None = None) -> Axes:
    """The tree's rectangles (:func:`boxes`) over a scatter of the data's (x, y), drawn
    with matplotlib.

    Each leaf's box is shaded by its prediction, a class's colour (or, in regression,
    the value's on a colour scale), and each row is a point of its own class's colour
    (value's); the plot spans the data with a margin.  A classification has a legend of
    the classes; a regression a colour bar beside the axes, labelled with the target's
    name, from which a box's mean and a point's value are read.  The Learning with Trees
    notes' figure of the iris petal plane:

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> iris = load("iris")
    >>> ax = regions(cart(iris, max_depth=2), iris, "petal_length", "petal_width")
    >>> len(ax.patches), len(ax.collections)  # three boxes, three classes of points
    (3, 3)
    >>> len(ax.figure.axes)  # no colour bar: the legend names the classes
    1
    >>> import matplotlib.pyplot as plt
    >>> plt.close(ax.figure)

    In regression, the colour bar is the figure's second axes:

    >>> from dtree.dataset import Dataset
    >>> rows = Dataset.from_columns(
    ...     {"x": [0.0, 1.0, 2.0, 3.0], "y": [0.0, 1.0, 0.0, 1.0], "z": [1.0, 2.0, 5.0, 9.0]},
    ...     target="z",
    ... )
    >>> ax = regions(cart(rows), rows, "x", "y")
    >>> bar = ax.figure.axes[1]
    >>> bar.get_ylabel(), [float(end) for end in bar.get_ylim()]  # the least z to the greatest
    ('z', [1.0, 9.0])
    >>> plt.close(ax.figure)
    """
    plt = _pyplot()
    rows = [
        (a, b, label)
        for a, b, label in zip(_numbers(data, x), _numbers(data, y), data.labels, strict=True)
        if a is not None and b is not None
    ]
    if not rows:
        raise DtreeError(f"no row has both {quote(x)} and {quote(y)} to plot")
    cut = boxes(tree, x, y)
    x_range, y_range = _padded([a for a, _, _ in rows]), _padded([b for _, b, _ in rows])
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4.5))
    colour = _colour_of(tree, data, plt)
    for box in cut:
        left, right = max(box.x_low, x_range[0]), min(box.x_high, x_range[1])
        bottom, top = max(box.y_low, y_range[0]), min(box.y_high, y_range[1])
        if left < right and bottom < top:
            shade = colour(box.leaf.prediction)
            corner, width, height = (left, bottom), right - left, top - bottom
            ax.add_patch(
                plt.Rectangle(corner, width, height, facecolor=shade, alpha=0.2, edgecolor="0.3")
            )
    groups = data.schema.classes if data.schema.is_classification else (None,)
    for group in groups:
        points = [(a, b, t) for a, b, t in rows if group is None or t == group]
        if points:
            ax.scatter(
                [a for a, _, _ in points],
                [b for _, b, _ in points],
                color=[colour(t) for _, _, t in points],
                label=None if group is None else format_prediction(group),
                s=14,
                edgecolors="0.2",
                linewidths=0.4,
                zorder=3,
            )
    ax.set(xlim=x_range, ylim=y_range, xlabel=x, ylabel=y)
    if data.schema.is_classification:
        ax.legend(loc="best", fontsize=8)
    else:
        low, high = _value_range(tree, data)
        scale = plt.cm.ScalarMappable(norm=plt.Normalize(low, high), cmap="viridis")
        ax.figure.colorbar(scale, ax=ax, label=data.schema.target.name)
    return ax


def _numbers(data: Dataset, name: str) -> list[float | None]:
    """A numeric attribute's values, row by row (None where missing)."""
    if not isinstance(data.schema.attribute(name).domain, Numeric):
        raise DtreeError("a region plot's axes are numeric attributes", column=name)
    return [None if v is None else float(v) for v in data.column(name)]


def _padded(values: Sequence[float]) -> tuple[float, float]:
    """The range of the values with a margin of 5% each side (half a unit if they are one)."""
    low, high = min(values), max(values)
    margin = 0.05 * (high - low) or 0.5
    return low - margin, high + margin


def _colour_of(tree: Tree, data: Dataset, plt: Any) -> Callable[[Label | float], Any]:
    """A colour for each class (matplotlib's ten, in the order of the tree's classes, then
    any other of the data's), or for each value on the viridis scale from the least to
    the greatest target or leaf value."""
    if data.schema.is_classification:
        tree_classes = tree.stats.classes if isinstance(tree.stats, ClassStats) else ()
        classes = tuple(dict.fromkeys([*tree_classes, *data.schema.classes]))
        palette = plt.get_cmap("tab10")
        return lambda label: palette(classes.index(label) % 10)
    low, high = _value_range(tree, data)
    scale = plt.get_cmap("viridis")
    return lambda value: scale((float(value) - low) / (high - low) if high > low else 0.5)


def _value_range(tree: Tree, data: Dataset) -> tuple[float, float]:
    """The least and the greatest of a regression's targets and leaf values: the ends of
    its colour scale."""
    values = [float(v) for v in data.labels] + [float(leaf.prediction) for leaf in leaves(tree)]
    return min(values), max(values)
