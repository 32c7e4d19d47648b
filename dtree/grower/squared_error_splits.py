"""FindBestSplit of squared error with integer weights: every cut of every attribute scored
exactly, in integers.

Squared error's decrease at a node of weight W and target sum F is
(F_l^2 / W_l + F_r^2 / W_r - F^2 / W) / W for a cut into a left part (W_l, F_l) and a
right part (W_r, F_r), so the best cut is the one of the largest explained sum
E = F_l^2 / W_l + F_r^2 / W_r.  With integer weights and the targets scaled to integers
(:class:`dtree.grower.targets.Responses`), E is a fraction of integers, and two cuts
compare exactly by cross-multiplying: no float, no screen, no tie left to decide
afterwards.  The first cut of the largest E wins, in the order the general path breaks
ties: the attributes in schema order, then the cuts in ascending order of the value.  Only
the chosen cut becomes a :class:`~dtree.grower.candidates.Candidate`.

The general path (:func:`dtree.grower.candidate_splits.candidates`, then
:func:`dtree.grower.make_subtree.best_split`) makes the same choice, and is kept for
what this one does not cover.  A full-depth regression tree is mostly small nodes (of
the benchmarks' 20,000-row tree, half the nodes split hold two rows, three in four at
most eight), and there the general path spends its time around the scan rather than in
it: a candidate of exact parts for every attribute, a screen in floats, and the exact
scores of the near ties, which at two rows are every attribute.  This path grows the
same tree in about 0.4 of the time, and is no slower on large nodes.

It applies where the general path's choice is that first best and nothing else:
squared error (or ``friedman_mse``), integer weights, every attribute numeric and with no
missing value in the data, no monotonicity constraint, and no side learned for missing
values (``missing="learned"`` gives a cut one even where no value is missing), and no
MDL charge for the cuts (``mdl``).  The law
``tests/grower/test_squared_error_splits.py`` checks is that it chooses as the general
path does.

Contents: :func:`squared_error_candidates`.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable
from typing import Any, cast

from attrs import frozen

from dtree.dataset import Numeric
from dtree.grower.candidate_splits import considered
from dtree.grower.candidates import Candidate, KnownValues, numeric_candidate, threshold_at
from dtree.grower.cuts import gaps, separated
from dtree.grower.rows import Examples, Frame
from dtree.grower.targets import Responses, Sums

__all__ = ["squared_error_candidates"]

_SQUARED = ("squared_error", "friedman_mse")


def _applies(frame: Frame[Any], examples: Examples) -> bool:
    """Whether the node's best split is the first of the largest explained sum, so that this
    path finds it (see the module's docstring): every attribute is numeric and complete here,
    whichever the node considers."""
    learner = frame.learner
    columns = frame.data.schema.attributes
    return (
        isinstance(frame.target, Responses)
        and examples.integral
        and learner.impurity in _SQUARED
        and learner.score == "impurity_decrease"
        and not learner.mdl  # C4.5's charge for the cuts: the general path weighs it
        and not frame.directions
        and learner.missing != "learned"  # its side for missing values is learned even so
        and all(isinstance(a.domain, Numeric) for a in columns)
        and all(frame.complete)
    )


Best = tuple[int, int, int, int, int]
"""The best cut so far: E's numerator and denominator, the attribute's position, the cut's
position in its sorted rows, and the cuts the attribute allowed."""


@frozen
class _Node:
    """What every attribute's scan at the node shares: its weights and w*s, in the node's
    order of its rows, their totals, and the least weight and rows a side may have."""

    weights: list[int]
    firsts: list[int]
    weight: int
    first: int
    least: int
    least_rows: int
    apart: Callable[[float, float], bool]


def _node(frame: Frame[Any], examples: Examples) -> _Node:
    learner = frame.learner
    weights = cast(list[int], list(examples.weights))  # integral: integers
    scaled = map(cast(Responses, frame.target).scaled.__getitem__, examples.rows)
    firsts = list(map(operator.mul, weights, scaled))
    return _Node(
        weights,
        firsts,
        sum(weights),
        sum(firsts),
        math.ceil(learner.min_samples_leaf),  # integer weights: the same cuts, as integers
        learner.min_rows_leaf,
        separated(learner.resolution, float32=learner.float32),
    )


def _best_of_attribute(
    node: _Node, values: list[float], order: list[int]
) -> tuple[int, int, int, int] | None:
    """The first cut of the largest E of an attribute whose ``values`` at the node are given
    in the node's order: E's numerator and denominator, the cut's position, and the number
    of cuts allowed; None if none is allowed.  ``order`` receives the node's positions
    sorted by the attribute (ties in the node's order)."""
    order[:] = sorted(range(len(values)), key=values.__getitem__)
    lefts = list(itertools.accumulate(map(node.weights.__getitem__, order)))  # W_l
    left_firsts = list(itertools.accumulate(map(node.firsts.__getitem__, order)))  # F_l
    weight, first, least = node.weight, node.first, node.least
    cuts = gaps(list(map(values.__getitem__, order)), node.apart)
    n, least_rows = len(order), node.least_rows
    best: tuple[int, int, int] | None = None
    allowed = 0
    for p in cuts:
        w_l, f_l = lefts[p - 1], left_firsts[p - 1]
        w_r, f_r = weight - w_l, first - f_l
        if least <= w_l and least <= w_r and least_rows <= p <= n - least_rows:
            allowed += 1
            numerator, denominator = f_l * f_l * w_r + f_r * f_r * w_l, w_l * w_r
            if best is None or numerator * best[1] > best[0] * denominator:
                best = (numerator, denominator, p)
    return None if best is None else (*best, allowed)


def squared_error_candidates(frame: Frame[Any], examples: Examples) -> list[Candidate[Any]] | None:
    """The candidate FindBestSplit chooses at a regression node, alone in the list
    ([] where no attribute has an allowed cut); None where this path does not apply, and
    :func:`dtree.grower.candidate_splits.candidates` is to be asked.

    >>> from attrs import evolve
    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import CART
    >>> from dtree.grower.rows import start
    >>> data = Dataset.from_columns(
    ...     {"a": [1.0, 2.0, 3.0, 4.0], "b": [4.0, 1.0, 3.0, 2.0], "y": [0.0, 0.0, 5.0, 5.0]},
    ...     target="y")
    >>> [found] = squared_error_candidates(*start(evolve(CART, impurity="squared_error"), data))
    >>> found.attribute, found.conditions[0], [(part.weight, part.first) for part in found.parts]
    ('a', AtMost(attribute='a', threshold=2.5), [(2, 0), (2, 10)])
    """
    if not _applies(frame, examples):
        return None
    attributes = considered(frame, examples)
    node = _node(frame, examples)
    columns, rows = frame.data.columns, examples.rows
    best: Best | None = None
    best_order: list[int] = []
    for index in attributes:
        order: list[int] = []
        values = cast(list[float], list(map(columns[index].__getitem__, rows)))  # numeric
        found = _best_of_attribute(node, values, order)
        if found is not None and (best is None or found[0] * best[1] > best[0] * found[1]):
            best, best_order = (found[0], found[1], index, found[2], found[3]), order
    if best is None:
        return []
    return [_candidate(frame, examples, node, best, best_order)]


def _candidate(
    frame: Frame[Any], examples: Examples, node: _Node, best: Best, order: list[int]
) -> Candidate[Sums]:
    """The chosen cut as a candidate: its exact parts, its threshold, and its score in floats
    (the decrease (E - F^2 / W) / W / 4^shift, rounded once: an integer's true division;
    |y| <= MAX_ABS_TARGET keeps it a float)."""
    numerator, denominator, index, p, allowed = best
    rows, weights = examples.rows, examples.weights
    left, right = order[:p], order[p:]
    target = cast(Responses, frame.target)
    parts = (
        target.part([rows[k] for k in left], [weights[k] for k in left]),
        target.part([rows[k] for k in right], [weights[k] for k in right]),
    )
    column = frame.data.columns[index]
    below, above = column[rows[left[-1]]], column[rows[right[0]]]
    t = threshold_at(frame, index, cast(float, below), cast(float, above))
    weight, first = node.weight, node.first
    excess = numerator * weight - first * first * denominator  # (E - F^2 / W) W den
    screen = excess / (denominator * weight * weight << 2 * target.shift)
    known = KnownValues(rows, weights, (), 0, None)
    return numeric_candidate(frame, index, t, parts, known, cuts=allowed, screen=screen)
