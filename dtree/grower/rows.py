"""The examples at a node, and the router that divides them among a split's branches.

MakeSubtree(D) of the notes is called with D, the examples that reach a
node.  Here D is an :class:`Examples` value: rows of the dataset, with the
weight each carries at the node (C4.5 sends an example whose value is
missing down every branch with a fraction of its weight,
:func:`dtree.missing.shares`), the node's depth and its parent's
prediction (what an empty branch predicts).  :func:`divide` is the router:
the examples of each branch of a split.

A :class:`Frame` is what every node of one growth shares: the learner, the
data, its target as the scan reads it (:mod:`dtree.grower.targets`) and, for
each numeric attribute, its sorted distinct training values (thresholds
are chosen among them).

Contents: :class:`Examples`, :class:`Frame`, :func:`start`, :func:`as_float32`,
:func:`divide`.
"""

from __future__ import annotations

import collections
import itertools
import math
import operator
from collections.abc import Callable, Sequence
from typing import Any, Generic, cast

from attrs import frozen

from dtree.arithmetic import float32, rational
from dtree.counts import total
from dtree.dataset import Dataset, Label, Nominal, Value, Weight
from dtree.errors import DtreeError
from dtree.grower.cuts import Ordered
from dtree.grower.learner import Learner, check_fits
from dtree.grower.monotonic import UNBOUNDED, Bounds, directions
from dtree.grower.targets import Classes, P, Responses, Target, target_of
from dtree.missing import shares
from dtree.ordinal import codes
from dtree.seeded import child

__all__ = ["Examples", "Frame", "as_float32", "divide", "presorted", "start"]


@frozen
class Examples:
    """What MakeSubtree is called with: a node's rows, the weight each carries, its depth.

    ``parent_prediction`` is what the node predicts if no row reaches it;
    ``integral`` says every weight is an integer (no share of a missing
    value above), which lets the scan count exactly in its own sums;
    ``key`` names the node by its path from the root (0), its k-th child's
    being :func:`dtree.seeded.child` of it and k: the name of the node's
    draw of attributes under ``max_features``; ``bounds``, the interval its value must lie
    in under the learner's ``monotonic_cst`` (:mod:`dtree.grower.monotonic`); ``ordered``,
    where the scan can read them (:func:`presorted`), the rows in the order of each numeric
    attribute (None for the others).
    """

    rows: tuple[int, ...]
    weights: tuple[Weight, ...]
    depth: int
    parent_prediction: Label | float
    integral: bool
    key: int = 0
    bounds: Bounds = UNBOUNDED
    ordered: tuple[Ordered | None, ...] | None = None


@frozen
class Frame(Generic[P]):
    """What every node of one growth shares: the data as the scan wants it."""

    learner: Learner
    data: Dataset
    target: Target[P]
    total_weight: Weight
    training_values: tuple[tuple[float, ...], ...]  # sorted distinct values, numeric columns
    in_row_order: tuple[tuple[float, ...], ...]  # known values in row order (threshold j48)
    complete: tuple[bool, ...]  # the column has no missing value in any row
    directions: tuple[int, ...] = ()  # monotonic_cst per attribute; () when none is constrained
    units: bool = False  # every weight of the data is the integer 1

    @property
    def classification(self) -> bool:
        return self.target.n_classes > 0


def _known(column: Sequence[Value], rows: Sequence[int]) -> list[float]:
    return [
        float(value) for value in map(column.__getitem__, rows) if not isinstance(value, str | None)
    ]


def _frame(learner: Learner, data: Dataset, target: Classes | Responses) -> Frame[Any]:
    rows = data.rows
    numeric = [not isinstance(a.domain, Nominal) for a in data.schema.attributes]
    return Frame[Any](
        learner,
        data,
        target,
        total(map(data.weights.__getitem__, rows)),
        tuple(
            tuple(sorted(set(_known(column, rows)))) if is_numeric else ()
            for is_numeric, column in zip(numeric, data.columns, strict=True)
        ),
        tuple(
            tuple(_known(column, rows)) if is_numeric and learner.threshold == "j48" else ()
            for is_numeric, column in zip(numeric, data.columns, strict=True)
        ),
        tuple(None not in map(column.__getitem__, rows) for column in data.columns),
        directions(learner.monotonic_cst, data.schema),
        all(type(w) is int and w == 1 for w in data.weights),
    )


def start(learner: Learner, data: Dataset) -> tuple[Frame[Any], Examples]:
    """The frame of a growth of ``learner`` on ``data``, and the root's examples: every row
    of positive weight.  (The frame's part type is its target's, chosen at run time.)  The
    frame's data holds each ordinal attribute as its codes (:func:`dtree.ordinal.codes`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(ID3, load("play-tennis"))
    >>> len(root.rows), root.depth, frame.total_weight
    (14, 0, 14)
    """
    present = as_float32(data.present()) if learner.float32 else data.present()
    if not present.rows:
        raise DtreeError("cannot grow a tree from a dataset with no rows of positive weight")
    check_fits(learner, present)
    present = codes(present)  # an ordinal attribute grows as its levels' codes
    frame = _frame(learner, present, target_of(present, learner.impurity))
    first: Label | float = data.schema.classes[0] if frame.classification else 0.0
    weights = tuple(map(rational, map(data.weights.__getitem__, present.rows)))
    integral = all(type(w) is int for w in weights)
    ordered = presorted(frame, present.rows) if integral else None
    return frame, Examples(present.rows, weights, 0, first, integral, ordered=ordered)


def presorted(frame: Frame[Any], rows: Sequence[int]) -> tuple[Ordered | None, ...] | None:
    """Each numeric attribute's rows sorted once, with their values and classes in that
    order (:class:`dtree.grower.cuts.Ordered`), for the scans of a classification tree
    whose every attribute is scanned at every node; None where the scans read otherwise
    (a numeric target, or ``max_features``, under which a node scans a few attributes and
    sorting those costs less than dividing every order).  A column with a missing value,
    whose rows the scan reads with their weights there, has none.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import CART
    >>> frame, root = start(CART, load("golf"))
    >>> [None if o is None else o.values[:3] for o in root.ordered]
    [None, [64.0, 65.0, 68.0], [65.0, 70.0, 70.0], None]
    """
    if not frame.classification or frame.learner.max_features is not None:
        return None
    classes = cast(Sequence[int], frame.target.values)  # a classification target: classes
    ordered: list[Ordered | None] = []
    for attribute, column, complete in zip(
        frame.data.schema.attributes, frame.data.columns, frame.complete, strict=True
    ):
        if isinstance(attribute.domain, Nominal) or not complete:
            ordered.append(None)
            continue
        values = cast(Sequence[float], column)  # a complete numeric column: numbers
        order = sorted(rows, key=values.__getitem__)
        in_order = map(classes.__getitem__, order)
        ordered.append(
            Ordered(
                order,
                list(map(values.__getitem__, order)),
                bytes(in_order) if frame.target.n_classes <= 256 else list(in_order),
            )
        )
    return tuple(ordered)


def as_float32(data: Dataset) -> Dataset:
    """``data`` with every numeric value rounded to the nearest float32, as scikit-learn
    casts its X before it grows a tree (a :class:`Learner` with ``float32`` grows on this);
    a value beyond the largest float32 (about 3.4e38) is refused, as scikit-learn refuses it.

    >>> data = Dataset.from_columns({"x": [0.1, 2.0], "y": ["a", "b"]}, target="y")
    >>> as_float32(data).column("x")
    (0.10000000149011612, 2.0)
    """
    columns = []
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        if isinstance(attribute.domain, Nominal):
            columns.append(column)
            continue
        rounded = tuple(None if x is None else float32(float(x)) for x in column)
        beyond = next((row for row in data.rows if abs(rounded[row] or 0.0) == math.inf), None)
        if beyond is not None:
            raise DtreeError(
                f"value {column[beyond]!r} is beyond the largest float32 (about 3.4e38),"
                " which a float32 learner (scikit-learn's) cannot hold",
                row=beyond + 1,
                column=attribute.name,
            )
        columns.append(rounded)
    return Dataset(data.schema, tuple(columns), data.target, data.weights, data.rows)


Branching = Callable[[Value], int]
"""The branch a known value goes down."""


def divide(
    examples: Examples,
    column: Sequence[Value],
    branch_of: Branching,
    known: Sequence[Weight],
    *,
    fill: Value = None,
    prediction: Label | float,
    missing_to: int | None = None,
    surrogate: Callable[[int], int | None] | None = None,
    scanned: Sequence[bool] = (True, True),
) -> tuple[Examples, ...]:
    """D_k for each branch k of a split of ``examples`` on ``column``: a known value goes
    down ``branch_of(value)``; a missing one is taken to be ``fill`` if given (imputation),
    else goes down branch ``missing_to`` whole if given (scikit-learn's learned side), else
    down branch ``surrogate(row)`` whole if given (a split's surrogates; None: the row stays
    at the node, in no branch), else down every branch with its share of the ``known``
    weight (C4.5).  The presorted orders
    (:func:`presorted`) are divided between two branches, for those ``scanned`` says a scan
    may read them (a child sure to be a leaf needs none).

    Row 3's value is missing; the known weight is 2 on branch 0 and 1 on branch 1:

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import C45
    >>> data = Dataset.from_columns({"x": ["a", "a", "b", None], "y": list("pqqp")}, target="y")
    >>> _, root = start(C45, data)
    >>> branch_of = {"a": 0, "b": 1}.__getitem__
    >>> left, right = divide(root, data.columns[0], branch_of, (2, 1), prediction="p")
    >>> left.rows, left.weights, left.depth
    ((0, 1, 3), (1, 1, Fraction(2, 3)), 1)
    >>> right.rows, right.weights
    ((2, 3), (1, Fraction(1, 3)))
    >>> from dtree.seeded import child
    >>> (left.key, right.key) == (child(root.key, 0), child(root.key, 1))
    True
    >>> [d.rows for d in divide(root, data.columns[0], branch_of, (2, 1), fill="b", prediction="p")]
    [(0, 1), (2, 3)]
    >>> [d.rows for d in divide(root, data.columns[0], branch_of, (2, 1), prediction="p",
    ...                          missing_to=1)]
    [(0, 1), (2, 3)]
    >>> [d.weights for d in divide(root, data.columns[0], branch_of, (2, 1), prediction="p",
    ...                             missing_to=0)]
    [(1, 1, 1), (1,)]
    """
    n = len(known)
    integral = examples.integral
    ordered: list[tuple[Ordered | None, ...] | None] = [None] * n
    if n == 2 and fill is None and None not in map(column.__getitem__, examples.rows):
        # every value known, two branches: select each side's rows at C speed
        right = list(map(branch_of, map(column.__getitem__, examples.rows)))
        left = list(map(operator.not_, right))
        sides = [
            (
                tuple(itertools.compress(examples.rows, side)),
                tuple(itertools.compress(examples.weights, side)),
            )
            for side in (left, right)
        ]
        if examples.ordered is not None and any(scanned):  # the orders divided, in order
            right_side = _side(sides[1][0], len(column), len(examples.rows))
            ordered = _divided(examples.ordered, right_side, scanned)
    else:
        rows: list[list[int]] = [[] for _ in range(n)]
        weights: list[list[Weight]] = [[] for _ in range(n)]
        fractions = shares(known)
        for row, weight in zip(examples.rows, examples.weights, strict=True):
            value = column[row]
            if value is None:
                value = fill
            if value is None and missing_to is not None:  # the learned side, whole
                rows[missing_to].append(row)
                weights[missing_to].append(weight)
                continue
            if value is None and surrogate is not None:  # the surrogates' branch, or none
                side = surrogate(row)
                if side is not None:
                    rows[side].append(row)
                    weights[side].append(weight)
                continue
            if value is not None:
                b = branch_of(value)
                rows[b].append(row)
                weights[b].append(weight)
                continue
            integral = False
            for b, fraction in enumerate(fractions):
                if fraction > 0:
                    rows[b].append(row)
                    weights[b].append(weight * fraction)
        sides = [(tuple(r), tuple(w)) for r, w in zip(rows, weights, strict=True)]
    depth = examples.depth + 1
    return tuple(
        Examples(r, w, depth, prediction, integral, child(examples.key, b), ordered=o)
        for b, ((r, w), o) in enumerate(zip(sides, ordered, strict=True))
    )


def _side(rows: Sequence[int], n: int, node: int) -> Callable[[int], int]:
    """Whether a row of the dataset's ``n`` is one of ``rows`` (a side of a node of ``node``
    rows): a byte a row of the dataset where the node holds a sixteenth of them or more (a
    look-up that costs no more, in a sixteenth of a set's memory), else a set of the rows.

    >>> _side([2, 5], 8, 8)(5), _side([2, 5], 1000, 8)(5), _side([2, 5], 8, 8)(3)
    (1, True, 0)
    """
    if 16 * node < n:
        return set(rows).__contains__
    marked = bytearray(n)
    collections.deque(map(marked.__setitem__, rows, itertools.repeat(1)), maxlen=0)
    return marked.__getitem__


def _divided(
    ordered: tuple[Ordered | None, ...], right: Callable[[int], int], scanned: Sequence[bool]
) -> list[tuple[Ordered | None, ...] | None]:
    """The orders of the two sides of a binary split, ``right`` the rows of the second;
    None for a side that will not be scanned."""
    halves = [(None, None) if o is None else o.divided(right, scanned) for o in ordered]
    return [tuple(h[side] for h in halves) if scanned[side] else None for side in (0, 1)]
