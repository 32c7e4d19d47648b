"""rpart's primary and competing splits read back: each listed split's improvement and count.

Under each split node an rpart fit lists its primary split, then up to
``maxcompete`` competitors, the best split of each other variable, ranked by
improvement (``bsplit.c``, the splits table's first ``1 + ncompete`` rows of the
node).  Each row claims two numbers that the node's rows decide
(:func:`split_claims`):

``count``
    the rows of positive weight whose value of the variable is known;
``improve``
    the split's improvement over those rows, as rpart's splitting functions
    return it: with ``split = "gini"`` (``gini.c``, default priors and losses)
    sum_side sum_k w_sk^2 / W_s - sum_k w_k^2 / W, W the known weight; with
    ``"information"`` W H - W_l H_l - W_r H_r, H the entropy in nats; for
    ``method = "anova"`` (``anova.c``) the decrease of the sum of squares over
    the known rows divided by the node's own sum of squares (over all its rows).

A number more than a relative 1e-9 from the recount is a
:class:`~dtree.conformance.claims.Finding`, and so is a list out of rpart's
order (improvements that rise).  Which split of a variable is its best, and so
whether a competitor is the one rpart should have listed, is the comparison's
to judge (:func:`dtree.conformance.compare.compare`) for the primary; a
competitor is checked for its own numbers only.

Contents: :data:`Criterion`, :class:`ListedSplit`, :func:`improvement`,
:func:`split_claims`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Literal

from attrs import frozen

from dtree.conditions import Condition, describe
from dtree.conformance.claims import Finding
from dtree.conformance.rpart_surrogates import primary_side
from dtree.dataset import Dataset, Label

__all__ = ["Criterion", "ListedSplit", "improvement", "split_claims"]

Criterion = Literal["gini", "information", "anova"]
"""rpart's splitting function: ``parms = list(split = ...)`` of ``method = "class"``, or
``method = "anova"``."""

_TOLERANCE = 1e-9


@frozen
class ListedSplit:
    """A primary or competing split as rpart lists it: its row in the splits file, its
    conditions, and the ``improve`` and ``count`` it claims."""

    row: int
    conditions: tuple[Condition, ...]
    improve: float
    count: int


def _weights_by_class(data: Dataset, rows: Sequence[int]) -> tuple[float, list[float]]:
    by_class: dict[Label | float, float] = {}
    for row in rows:
        by_class[data.target[row]] = by_class.get(data.target[row], 0.0) + float(data.weights[row])
    return math.fsum(by_class.values()), list(by_class.values())


def _impurity_sum(data: Dataset, rows: Sequence[int], criterion: Criterion) -> float:
    """W x I of the rows: W - sum w_k^2 / W (Gini), W H (entropy, in nats)."""
    weight, classes = _weights_by_class(data, rows)
    if weight <= 0:
        return 0.0
    if criterion == "gini":
        return weight - math.fsum(w * w for w in classes) / weight
    return -math.fsum(w * math.log(w / weight) for w in classes if w > 0)


def _squares(data: Dataset, rows: Sequence[int]) -> float:
    """The sum of squares of the rows' responses about their mean, weighted."""
    weight = math.fsum(float(data.weights[row]) for row in rows)
    if weight <= 0:
        return 0.0
    mean = math.fsum(float(data.weights[row]) * float(data.target[row]) for row in rows) / weight
    return math.fsum(
        float(data.weights[row]) * (float(data.target[row]) - mean) ** 2 for row in rows
    )


def improvement(
    data: Dataset, rows: Sequence[int], sides: Sequence[int], criterion: Criterion
) -> float:
    """rpart's improvement of a split of a node of ``rows``, ``sides[i]`` the side (0 or 1)
    of ``rows[i]``, -1 where its value is missing (see the module's notes).

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": list("aabb")}, target="y")
    >>> improvement(data, [0, 1, 2, 3], [0, 0, 1, 1], "gini")
    2.0
    """
    known = [row for row, side in zip(rows, sides, strict=True) if side >= 0]
    parts = [[row for row, side in zip(rows, sides, strict=True) if side == k] for k in (0, 1)]
    if criterion == "anova":
        risk = _squares(data, rows)
        decrease = _squares(data, known) - math.fsum(_squares(data, part) for part in parts)
        return decrease / risk if risk > 0 else 0.0
    before = _impurity_sum(data, known, criterion)
    return before - math.fsum(_impurity_sum(data, part, criterion) for part in parts)


def split_claims(
    listed: Sequence[ListedSplit],
    rows: Sequence[int],
    data: Dataset,
    criterion: Criterion,
    *,
    splits_file: str,
    node: int,
    path: Callable[[], tuple[str, ...]],
) -> Iterator[Finding]:
    """The findings on a split node's primary and competing splits: each ``count`` and
    ``improve`` that the node's ``rows`` contradict, and a list whose improvements rise."""
    previous: float | None = None
    for k, split in enumerate(listed):
        name = f"{splits_file}, row {split.row}: node {node}"
        what = "rpart's primary split" if k == 0 else f"rpart's competitor {k}"
        what += f" ({describe(split.conditions[0])})"
        sides = [primary_side(split.conditions, data.example(row)) for row in rows]
        known = zip(rows, sides, strict=True)
        count = sum(1 for row, side in known if side >= 0 and data.weights[row] > 0)
        if count != split.count:
            yield Finding(name, path(), f"{what}'s count", split.count, count)
        ours = improvement(data, rows, sides, criterion)
        if abs(ours - split.improve) > _TOLERANCE * max(1.0, abs(ours), abs(split.improve)):
            yield Finding(name, path(), f"{what}'s improve", split.improve, ours)
        if previous is not None and split.improve > previous * (1 + _TOLERANCE):
            rises = f"{what}'s improve, above the one before it"
            yield Finding(name, path(), rises, split.improve, previous)
        previous = split.improve
