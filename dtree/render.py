"""Renderings of a tree for people.

:func:`text` prints a tree as indented lines, one per node, in the
style of C4.5 and Weka: each line is a branch's condition, the class
counts of the training examples that reached it and, at a leaf, the
prediction after a colon.  Read top to bottom it is the nested ``if`` of
the CS 536 notes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import assert_never

from dtree.conditions import describe, format_number
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Label, Weight
from dtree.tree import Branch, Leaf, Split, Tree

__all__ = ["format_weight", "text"]

INDENT = "|   "


def format_weight(weight: Weight) -> str:
    """A count as people read it: integers plainly, fractions to six digits.

    >>> format_weight(4), format_weight(Fraction(5, 2)), format_weight(1 / 3)
    ('4', '2.5', '0.333333')
    """
    if isinstance(weight, Fraction) and weight.denominator == 1:
        return str(weight.numerator)
    if isinstance(weight, int):
        return str(weight)
    return format(float(weight), ".6g")


def _stats(stats: Stats) -> str:
    match stats:
        case ClassStats(classes, counts):
            return (
                "["
                + ", ".join(f"{k} {format_weight(n)}" for k, n in zip(classes, counts, strict=True))
                + "]"
            )
        case Moments(weight, _, _):
            mean = "-" if weight == 0 else format_number(stats.mean)
            return f"[n {format_weight(weight)}, mean {mean}]"
        case _:
            assert_never(stats)


def _prediction(prediction: Label | float) -> str:
    return prediction if isinstance(prediction, str) else format_number(prediction)


def _line(head: str, node: Tree) -> str:
    match node:
        case Leaf(prediction, stats):
            return f"{head} {_stats(stats)}: {_prediction(prediction)}"
        case Split(_, stats):
            return f"{head} {_stats(stats)}"
        case _:
            assert_never(node)


def text(tree: Tree) -> str:
    """The tree as indented lines: condition [class counts]: prediction.

    >>> from dtree.datasets import load
    >>> from dtree.grow import id3
    >>> print(text(id3(load("boolean-table"))))
    root [F 3, T 5]
    X1 = F [F 3, T 1]
    |   X2 = F [F 2, T 0]: F
    |   X2 = T [F 1, T 1]: F
    X1 = T [F 0, T 4]: T

    (Rows 5 and 7 of the Lecture 10 table agree on X1 and X2 but not on Y:
    the data are not consistent, and that leaf keeps the tie's first class.)
    """
    lines = [_line("root", tree)]
    stack: list[tuple[Branch, int]] = []
    if isinstance(tree, Split):
        stack.extend((branch, 0) for branch in reversed(tree.branches))
    while stack:
        branch, level = stack.pop()
        lines.append(_line(INDENT * level + describe(branch.condition), branch.subtree))
        if isinstance(branch.subtree, Split):
            stack.extend((child, level + 1) for child in reversed(branch.subtree.branches))
    return "\n".join(lines)
