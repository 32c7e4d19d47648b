"""The text rendering: the notes' trees line by line, and deep trees."""

from __future__ import annotations

from fractions import Fraction

from dtree.conditions import Above, AtMost
from dtree.counts import ClassStats, Moments
from dtree.datasets import load
from dtree.grow import id3
from dtree.render import format_weight, text
from dtree.tree import Branch, Leaf, Split, Tree

RESTAURANT = """\
root [Yes 6, No 6]
Pat = Full [Yes 2, No 4]
|   Hun = No [Yes 0, No 2]: No
|   Hun = Yes [Yes 2, No 2]
|   |   Type = Burger [Yes 1, No 0]: Yes
|   |   Type = French [Yes 0, No 0]: Yes
|   |   Type = Italian [Yes 0, No 1]: No
|   |   Type = Thai [Yes 1, No 1]
|   |   |   Fri = No [Yes 0, No 1]: No
|   |   |   Fri = Yes [Yes 1, No 0]: Yes
Pat = None [Yes 0, No 2]: No
Pat = Some [Yes 4, No 0]: Yes"""


def test_the_restaurant_tree_reads_as_nested_ifs() -> None:
    assert text(id3(load("restaurant"))) == RESTAURANT


def test_a_single_leaf() -> None:
    assert text(id3(load("xor"), max_depth=0)) == "root [0 2, 1 2]: 0"


def test_fractional_counts_and_regression_statistics() -> None:
    halves = ClassStats(("a", "b"), (Fraction(5, 2), Fraction(1, 2)))
    assert text(Leaf("a", halves)) == "root [a 2.5, b 0.5]: a"
    tree = Split(
        (
            Branch(AtMost("x", 1.5), Leaf(1.0, Moments(1, 1.0, 1.0))),
            Branch(Above("x", 1.5), Leaf(4.0, Moments(0, 0.0, 0.0))),
        ),
        Moments(1, 1.0, 1.0),
    )
    assert text(tree) == "root [n 1, mean 1]\nx <= 1.5 [n 1, mean 1]: 1\nx > 1.5 [n 0, mean -]: 4"


def test_weights_print_plainly() -> None:
    assert [format_weight(w) for w in (3, Fraction(6, 2), 0.1 + 0.2)] == ["3", "3", "0.3"]


def test_a_chain_three_thousand_deep_renders() -> None:
    stats = ClassStats(("a", "b"), (1, 1))
    tree: Tree = Leaf("b", stats)
    for i in reversed(range(3000)):
        tree = Split((Branch(AtMost("x", i), Leaf("a", stats)), Branch(Above("x", i), tree)), stats)
    lines = text(tree).splitlines()
    assert len(lines) == 1 + 2 * 3000
    assert lines[-1] == "|   " * 2999 + "x > 2999 [a 1, b 1]: b"
