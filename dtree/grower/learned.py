"""scikit-learn's rule for missing values (1.3 on), ``missing="learned"``: a numeric split
sends the rows whose value is missing whole to the side that scores best, learned with the
cut (see :mod:`dtree.missing`).

:func:`dtree.grower.candidate_splits.candidates` asks :func:`learned_cut` for a numeric attribute's
candidate under this policy; the candidate's ``missing_to`` is the branch
:func:`dtree.grower.rows.divide` sends a missing value down, and its conditions carry the
flag (``x <= t or missing``, :class:`dtree.conditions.AtMost`).

Contents: :func:`learned_cut`, :func:`majority_side`.
"""

from __future__ import annotations

import collections
import itertools
import math
from collections.abc import Sequence
from typing import cast

from attrs import evolve

from dtree.conditions import Above, AtMost
from dtree.grower.candidates import (
    Candidate,
    KnownValues,
    Scaled,
    allowed,
    first_best,
    known_values,
    least_side,
    numeric_cut,
    score,
    threshold_at,
)
from dtree.grower.cuts import separated
from dtree.grower.rows import Examples, Frame
from dtree.grower.targets import P

__all__ = ["learned_cut", "majority_side"]

Tried = tuple[int, tuple[P, P], int, tuple[int, int]]
"""A split tried: its cut's index (-1: every known value left), its parts, the branch the
missing rows take, and the rows each branch receives."""


def learned_cut(
    frame: Frame[P], examples: Examples, index: int, scaled: Scaled | None = None
) -> Candidate[P] | None:
    """The best cut of a numeric attribute under ``missing="learned"`` (scikit-learn 1.3 on),
    with the side the rows whose value is missing go down whole.

    Where the node has such rows (M), the splits are tried in scikit-learn's order: each cut
    of the known values, ascending, with M on the right; then every known row left and M
    right (the threshold +inf: ``x <= inf`` holds for every number); then each cut again
    with M on the left.  Each is scored by the decrease over all the node's rows, and
    ``min_samples_leaf`` counts M on its side; the first of the greatest score wins (exact
    ties go to the earlier, as scikit-learn keeps the first best).  A node whose known
    values are one value has only the +inf split; one with no known value, none.  Where
    the node has no such row, the cut is :func:`numeric_cut`'s and missing values (met only
    later, in prediction) take its side of more rows, ties to the right, as scikit-learn's
    ``missing_go_to_left`` says.

    >>> from attrs import evolve
    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import CART
    >>> from dtree.grower.rows import start
    >>> data = Dataset.from_columns(
    ...     {"x": [1.0, 2.0, 3.0, None, None], "y": list("aabbb")}, target="y")
    >>> frame, root = start(evolve(CART, missing="learned"), data)
    >>> found = learned_cut(frame, root, 0)
    >>> found.conditions[1], found.parts, found.missing_to
    (Above(attribute='x', threshold=2.5, missing=True), ((2, 0), (0, 3)), 1)
    >>> found = learned_cut(*start(evolve(CART, missing="learned"), data.subset([0, 1, 3])), 0)
    >>> found.conditions[1], found.parts
    (Above(attribute='x', threshold=inf, missing=True), ((2, 0), (0, 1)))
    """
    if frame.complete[index] or not (column := known_values(frame, examples, index)).missing:
        found = numeric_cut(frame, examples, index, scaled)
        return None if found is None else majority_side(frame, examples, index, found)
    if not column.values:
        return None
    return _learned_side(frame, column, index)


def majority_side(
    frame: Frame[P], examples: Examples, index: int, found: Candidate[P]
) -> Candidate[P]:
    """A cut that met no missing value, its side of more rows (counted, not weighed; a
    tie to the right) taking missing values."""
    at_most, above = cast(tuple[AtMost, Above], found.conditions)
    values = map(frame.data.columns[index].__getitem__, examples.rows)
    left = sum(1 for value in values if cast(float, value) <= at_most.threshold)
    to = 0 if left > len(examples.rows) - left else 1
    flagged = (evolve(at_most, missing=to == 0), evolve(above, missing=to == 1))
    return evolve(found, conditions=flagged, missing_to=to)


def _learned_side(frame: Frame[P], column: KnownValues, index: int) -> Candidate[P] | None:
    """The first best of :func:`learned_cut`'s splits of a node with missing values."""
    target = frame.target
    values = cast(Sequence[float], column.values)  # a numeric column: its known values
    distinct = sorted(set(values))
    rank = {value: r for r, value in enumerate(distinct)}
    by_value = target.parts(
        list(map(rank.__getitem__, values)), len(distinct), column.rows, column.weights
    )
    ups, downs = target.running(by_value), target.running(by_value[::-1])
    gone = target.part(column.unknown_rows, column.unknown_weights)
    apart = separated(frame.learner.resolution, float32=frame.learner.float32)
    cuts = [c for c in range(len(distinct) - 1) if apart(distinct[c], distinct[c + 1])]
    last = len(distinct) - 2
    below = list(itertools.accumulate(collections.Counter(values)[v] for v in distinct))
    known, m = len(values), len(column.unknown_rows)  # rows, counted for min_rows_leaf
    right: list[Tried[P]] = [
        (c, (ups[c], target.merged([downs[last - c], gone])), 1, (below[c], known - below[c] + m))
        for c in cuts
    ]
    left: list[Tried[P]] = [
        (c, (target.merged([ups[c], gone]), downs[last - c]), 0, (below[c] + m, known - below[c]))
        for c in cuts
    ]
    every: Tried[P] = (-1, (ups[-1], gone), 1, (known, m))  # all known rows left
    tried = right + [every] + left  # noqa: RUF005 (mypy cannot type the starred form)
    least = least_side(frame, column)
    scored = [
        (score(frame, parts, 0, len(cuts)), c, parts, to)
        for c, parts, to, rows in tried
        if allowed(frame, parts, rows)
        and least is not None
        and min(map(target.weight, parts)) >= least
    ]
    if not scored:
        return None
    best, c, parts, to = first_best(scored, lambda item: item[0])
    if frame.learner.mdl and best <= 0:
        return None
    t = math.inf if c < 0 else threshold_at(frame, index, distinct[c], distinct[c + 1])
    name = frame.data.schema.attributes[index].name
    return Candidate(
        name,
        (AtMost(name, t, missing=to == 0), Above(name, t, missing=to == 1)),
        parts,
        0,
        len(cuts),
        float(best),
        lambda value: 0 if cast(float, value) <= t else 1,  # a known value here is a number
        None,
        None,
        to,
    )
