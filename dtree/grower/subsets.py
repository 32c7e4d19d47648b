"""CART's nominal splits, and the multiway split: a nominal attribute's candidate at a node.

A nominal attribute splits one of two ways (the learner's ``nominal``):

* ``multiway``: one branch per value of its domain, in domain order; an
  attribute whose known values at the node are all one value separates
  nothing and is no candidate;
* ``subsets``: CART's best binary split ``In(S)`` / ``NotIn(S)``
  (:func:`subsets`; ``In(S)`` / ``In(T)`` of the values present at the node
  under ``missing="surrogate"``, whose surrogates take any other): with two
  classes or a numeric target, only the m - 1 splits of the values ordered
  by class share (or mean), which Breiman's theorem makes enough; with more
  classes, all 2^(m-1) - 1 subsets, up to :data:`MAX_SUBSET_VALUES` values;
* ``one_vs_rest``: J48 ``-B``'s split of one value against the rest,
  ``In({v})`` / ``NotIn({v})`` (:func:`one_vs_rest`).

Contents: :func:`multiway`, :func:`binary_subsets`, :func:`subsets`, :func:`one_vs_rest`,
:data:`MAX_SUBSET_VALUES`, :data:`J48_SMALL`.
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from dtree.conditions import Condition, Equals, In, NotIn
from dtree.dataset import Value
from dtree.errors import DtreeError
from dtree.grower.candidates import (
    Candidate,
    KnownValues,
    allowed,
    reaches,
    score,
    shared_rows,
    unknown_part,
)
from dtree.grower.gain_ratio import gain_ratio_of
from dtree.grower.rows import Frame
from dtree.grower.targets import P

__all__ = [
    "J48_SMALL",
    "MAX_SUBSET_VALUES",
    "binary_subsets",
    "multiway",
    "one_vs_rest",
    "subsets",
]

MAX_SUBSET_VALUES = 12
"""With more than two classes, CART tries all 2^(m-1) - 1 subsets of m values;
beyond this many values it refuses rather than search exponentially."""


def _rows_by_value(frame: Frame[P], column: KnownValues, values: Sequence[str]) -> list[int]:
    """The rows each value's branch receives: those of the value and, if it has any, every
    row whose value is missing (C4.5's fractions send them down each branch of weight)."""
    counts = collections.Counter(column.values)
    extra = shared_rows(frame, column)
    return [counts[value] + extra if counts[value] else 0 for value in values]


def _by_value(frame: Frame[P], column: KnownValues, values: tuple[str, ...]) -> tuple[P, ...]:
    """The part of each value of a nominal attribute, in domain order."""
    branch: dict[Value, int] = {value: b for b, value in enumerate(values)}
    branches = list(map(branch.__getitem__, column.values))
    return frame.target.parts(branches, len(values), column.rows, column.weights)


def multiway(
    frame: Frame[P], name: str, column: KnownValues, values: tuple[str, ...]
) -> Candidate[P] | None:
    """One branch per value of the domain, in domain order."""
    parts = _by_value(frame, column, values)
    rows = _rows_by_value(frame, column, values) if frame.learner.min_rows_leaf > 1 else None
    if not allowed(frame, parts, rows):
        return None
    branch = {value: b for b, value in enumerate(values)}
    unknown = unknown_part(frame, column)
    return Candidate(
        name,
        tuple(Equals(name, value) for value in values),
        parts,
        column.missing,
        0,
        float(score(frame, parts, column.missing, unknown=unknown)),
        lambda value: branch[str(value)],
        column.fill,
        unknown,
    )


def subsets(
    frame: Frame[P], present: Sequence[str], parts: Sequence[P]
) -> Iterator[frozenset[str]]:
    """The left sides of CART's binary splits of the node's values, in a fixed order.

    The left side always holds the first present value (in domain order),
    so each split appears once.  With two classes or a numeric target,
    Breiman et al. (1984, Theorem 4.5) show the best split is among the
    m - 1 splits of the values ordered by the proportion of the second
    class (by mean response): only those are tried, and ties among them
    go to the first in that order.  The theorem knows no minimum branch
    weight: with ``min_samples_leaf`` or ``min_objects`` (unless the
    learner's ``ordered_subsets``, rpart's way, says to keep to the m - 1),
    and with more than two classes, all 2^(m-1) - 1 are tried, by the
    binary number of the other values they hold.

    Outlook's (No, Yes) counts: ordered by the share of Yes, Sunny, Rain, Overcast:

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> frame, _ = start(CART, load("play-tennis"))
    >>> parts = [(0, 4), (2, 3), (3, 2)]  # Overcast, Rain, Sunny
    >>> [sorted(left) for left in subsets(frame, ["Overcast", "Rain", "Sunny"], parts)]
    [['Overcast', 'Rain'], ['Overcast']]
    """
    m = len(present)
    if not _ordered(frame):
        if m > MAX_SUBSET_VALUES:
            raise DtreeError(
                f"{m} values at a node: with more than two classes or a minimum branch "
                f"weight CART tries all 2^{m - 1} - 1 subsets; merge values or use "
                "nominal='multiway'"
            )
        for mask in range(2 ** (m - 1) - 1):
            yield frozenset([present[0]] + [present[j + 1] for j in range(m - 1) if mask >> j & 1])
        return
    order = _order(frame, parts)
    for cut in range(1, m):
        left = frozenset(present[j] for j in order[:cut])
        yield left if present[0] in left else frozenset(present) - left


def _ordered(frame: Frame[P]) -> bool:
    """Whether CART's m - 1 ordered subsets are all that is tried (see :func:`subsets`)."""
    learner = frame.learner
    constrained = not learner.ordered_subsets and (
        learner.min_samples_leaf > 0 or learner.min_rows_leaf > 1 or learner.min_objects is not None
    )
    return not constrained and frame.target.n_classes <= 2


def _order(frame: Frame[P], parts: Sequence[P]) -> list[int]:
    """The values' positions by their response (share of the last class, mean), ties by
    position; rpart's way (``ordered_subsets``), two classes by the share of the first class
    (``gini.c``'s rate, sorted by ``graycode_init2``), so that a tie of two subsets goes
    to the one rpart meets first."""
    target = frame.target
    if frame.learner.ordered_subsets and frame.classification:
        return sorted(range(len(parts)), key=lambda j: (-target.response(parts[j]), j))
    return sorted(range(len(parts)), key=lambda j: (target.response(parts[j]), j))


def binary_subsets(
    frame: Frame[P], name: str, column: KnownValues, values: tuple[str, ...]
) -> Candidate[P] | None:
    """CART's best split of a nominal attribute into a subset and the rest."""
    target = frame.target
    by_value = _by_value(frame, column, values)
    present = [v for v, part in zip(values, by_value, strict=True) if target.weight(part) > 0]
    parts = [part for part in by_value if target.weight(part) > 0]
    if len(present) < 2:
        return None
    if _ordered(frame):
        splits = _ordered_splits(frame, present, parts)
    else:
        splits = (
            (
                functools.partial(frozenset, left),
                (
                    target.merged([p for v, p in zip(present, parts, strict=True) if v in left]),
                    target.merged(
                        [p for v, p in zip(present, parts, strict=True) if v not in left]
                    ),
                ),
            )
            for left in subsets(frame, present, parts)
        )
    best: tuple[Callable[[], frozenset[str]], tuple[P, P]] | None = None
    best_score: Fraction | float = 0
    unknown = unknown_part(frame, column)
    counted = frame.learner.min_rows_leaf > 1
    known = collections.Counter(column.values)
    extra = shared_rows(frame, column)  # rows whose value is missing go down both sides
    for left, two in splits:
        sides = None
        if counted:
            on_left = sum(map(known.__getitem__, left()))
            sides = [on_left + extra, len(column.values) - on_left + extra]
        if not allowed(frame, two, sides):
            continue
        found = score(frame, two, column.missing, unknown=unknown)
        if best is None or not reaches(best_score, found):
            best, best_score = (left, two), found
    if best is None:
        return None
    left_of, two = best
    chosen = left_of()
    return Candidate(
        name,
        _subset_conditions(frame, name, chosen, present),
        two,
        column.missing,
        0,
        float(best_score),
        _membership(chosen),
        column.fill,
        unknown,
    )


def _ordered_splits(
    frame: Frame[P], present: Sequence[str], parts: Sequence[P]
) -> Iterator[tuple[Callable[[], frozenset[str]], tuple[P, P]]]:
    """The m - 1 splits of :func:`subsets`' ordered path, each as (its left side, made on
    demand; its two parts), the parts by running sums up and down the order: O(m) merges
    in all, and each part exactly what :meth:`~dtree.grower.targets.Target.merged` makes of it.
    """
    m = len(present)
    order = _order(frame, parts)
    ordered = [parts[j] for j in order]
    ups = frame.target.running(ordered)  # ups[c - 1]: the first c in the order
    downs = frame.target.running(ordered[::-1])  # downs[c - 1]: the last c in the order
    first = order.index(0)  # the first present value goes left
    for cut in range(1, m):
        below, above = ups[cut - 1], downs[m - cut - 1]
        if first < cut:
            yield _side(present, order, 0, cut), (below, above)
        else:
            yield _side(present, order, cut, m), (above, below)


def _side(
    present: Sequence[str], order: Sequence[int], start: int, stop: int
) -> Callable[[], frozenset[str]]:
    """The values at ``order[start:stop]``, made when asked for."""
    return lambda: frozenset(present[j] for j in order[start:stop])


def _subset_conditions(
    frame: Frame[P], name: str, chosen: frozenset[str], present: Sequence[str]
) -> tuple[Condition, Condition]:
    """``In(S)`` / ``NotIn(S)``; under ``missing="surrogate"``, ``In(S)`` / ``In(T)``, T the
    other values present at the node, so that a value present at neither side (unseen
    there) goes to the split's surrogates, as rpart sends it."""
    if frame.learner.missing == "surrogate":
        return In(name, chosen), In(name, frozenset(present) - chosen)
    return In(name, chosen), NotIn(name, chosen)


def _membership(left: frozenset[str]) -> Callable[[Value], int]:
    return lambda value: 0 if value in left else 1


J48_SMALL = 1e-6
"""Weka's ``Utils.SMALL``: J48 -B takes a later value's split only when its gain ratio
exceeds the best so far by more than this."""


def one_vs_rest(
    frame: Frame[P], name: str, column: KnownValues, values: tuple[str, ...]
) -> Candidate[P] | None:
    """J48 ``-B``'s split of a nominal attribute: one value ``v`` against the rest,
    ``In({v})`` / ``NotIn({v})``, for the value of the largest gain ratio among those whose
    two branches the learner allows (Weka's ``BinC45Split``).

    The values are tried in domain order.  The first value is taken whenever its split is
    allowed, and a later one only when its gain ratio exceeds the best so far by more than
    :data:`J48_SMALL`; where the first value's split is not allowed, a later one needs a
    gain ratio above J48_SMALL (Weka compares it with 0).  Where splits are allowed but none
    is taken that way, the first allowed one stands for the attribute: J48 then keeps a
    split of gain 0 that counts towards the average gain and is never chosen; this
    candidate's gain ratio, at most J48_SMALL, is as near as a split can come to that.

    Outlook's (No, Yes) counts on the golf data: Overcast (0, 4) against the rest has the
    best gain ratio:

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import J48
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.candidates import known_values
    >>> frame, root = start(evolve(J48, nominal="one_vs_rest"), load("golf"))
    >>> outlook = known_values(frame, root, 0)
    >>> found = one_vs_rest(frame, "outlook", outlook, ("sunny", "overcast", "rain"))
    >>> found.conditions[0], found.parts
    (In(attribute='outlook', values=frozenset({'overcast'})), ((4, 0), (5, 5)))
    """
    if len(values) < 2:  # one value against none
        return None
    target = frame.target
    by_value = _by_value(frame, column, values)
    unknown = unknown_part(frame, column)
    counted = frame.learner.min_rows_leaf > 1
    known = collections.Counter(column.values)
    extra = shared_rows(frame, column)  # rows whose value is missing go down both sides
    best: Candidate[P] | None = None
    best_ratio, first_allowed = 0.0, None
    for i, value in enumerate(values):
        rest = target.merged([part for j, part in enumerate(by_value) if j != i])
        two = (by_value[i], rest)
        sides = None
        if counted:
            sides = [known[value] + extra, len(column.values) - known[value] + extra]
        if not allowed(frame, two, sides):
            continue
        gain = score(frame, two, column.missing, unknown=unknown)
        chosen = frozenset((value,))
        candidate = Candidate(
            name,
            (In(name, chosen), NotIn(name, chosen)),
            two,
            column.missing,
            0,
            float(gain),
            _membership(chosen),
            column.fill,
            unknown,
        )
        first_allowed = first_allowed or candidate
        ratio = gain_ratio_of(frame, (candidate, gain))
        if i == 0 or ratio - best_ratio > J48_SMALL:
            best, best_ratio = candidate, ratio
    return best or first_allowed
