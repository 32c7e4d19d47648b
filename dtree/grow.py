"""Growing trees: the one top-down procedure, and its presets.

``grow(learner, data)`` is ``MakeSubtree(D)`` of the CS 760 notes::

    MakeSubtree(D):
        C = DetermineCandidateSplits(D)
        if stopping criteria met: make a leaf, predicting the plurality of D
        else: S = FindBestSplit(D, C); for each outcome k of S: child k = MakeSubtree(D_k)

A frozen :class:`Learner` value says which candidates exist, how they are
scored and when to stop; :func:`id3` is its first preset.

Conventions (what makes the result an oracle)
--------------------------------------------
* Candidates: one multiway split per nominal attribute, one branch per
  value of the attribute's domain, in domain order.  An attribute that
  takes a single value on the node separates nothing and is not a
  candidate; so an attribute used above is never tested again, and "no
  attribute left" means no attribute separates the node's examples.
* Best split: the first candidate, in schema order of the attributes,
  whose score equals the maximum.  Exact scores (Gini, misclassification
  of integer counts) compare exactly; entropy-based scores compare within
  :data:`dtree.impurity.TOLERANCE`.
* Stopping, in this order: the node is pure; it is at ``max_depth``; its
  weight is below ``min_samples_split`` (weight, so that a weight of k acts
  as k copies; the default 0 never stops, so fractional weights fit
  consistent data too); no candidate is left; the best score is below
  ``min_gain``.  A leaf predicts the plurality of its
  examples, ties to the first class in the schema's class order; an empty
  branch predicts its parent's plurality.
* Weights: rows of weight 0 are dropped first, so they act as absent
  rows; an integer weight k acts exactly as k copies.

The Lecture 10 notes' "base case 2" (stop when every remaining attribute
has the same information gain) is not offered: on XOR every gain at the
root is 0, so it never splits, and a learner that stops there cannot fit
consistent data, which is why the notes call it "not always a good base
case".  The case they illustrate, all gains 0, is ``min_gain`` set just
above 0; ties between positive gains are broken by schema order instead.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from attrs import evolve, frozen

from dtree.conditions import Equals
from dtree.counts import ClassStats, Table, contingency, stats_of
from dtree.dataset import Dataset, Label, Nominal, Weight, is_number
from dtree.errors import DtreeError
from dtree.impurity import TOLERANCE, Impurity, entropy, gini, impurity_decrease, misclassification
from dtree.tree import Leaf, Sprout, Tree, unfold

__all__ = ["ID3", "Learner", "grow", "id3"]

ImpurityName = Literal["entropy", "gini", "misclassification"]

IMPURITIES: Mapping[str, Impurity] = MappingProxyType(
    {"entropy": entropy, "gini": gini, "misclassification": misclassification}
)


@frozen
class Learner:
    """How to grow a tree: candidate splits, their score, and when to stop.

    ``impurity`` scores a split by its goodness I(s, t) = i(t) - sum p_b i(t_b)
    (entropy gives information gain); ``max_depth`` (None: no limit),
    ``min_samples_split`` (a node whose weight is below this is a leaf) and
    ``min_gain`` (a split must score at least this) pre-prune.

    >>> Learner(max_depth=-1)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: max_depth must be None or an integer >= 0, got -1
    """

    impurity: ImpurityName = "entropy"
    max_depth: int | None = None
    min_samples_split: Weight = 0
    min_gain: float = 0.0

    def __attrs_post_init__(self) -> None:
        if self.impurity not in IMPURITIES:
            raise DtreeError(
                f"unknown impurity {self.impurity!r}; choose one of {sorted(IMPURITIES)}"
            )
        depth = self.max_depth
        if depth is not None and (type(depth) is not int or depth < 0):
            raise DtreeError(f"max_depth must be None or an integer >= 0, got {depth!r}")
        for name in ("min_samples_split", "min_gain"):
            value = getattr(self, name)
            if not is_number(value) or not math.isfinite(value) or value < 0:
                raise DtreeError(f"{name} must be a finite number >= 0, got {value!r}")


ID3 = Learner()
"""ID3 (Quinlan 1986): multiway nominal splits by information gain, grown until pure."""


@frozen
class _Seed:
    """What MakeSubtree is called with: a node's rows, its depth, its parent's plurality."""

    rows: tuple[int, ...]
    depth: int
    parent_plurality: Label


@frozen
class _Candidate:
    attribute: str
    table: Table
    score: Fraction | float


def _check_id3_data(data: Dataset) -> None:
    if not data.schema.is_classification:
        raise DtreeError(
            f"target {data.schema.target.name!r} is numeric: ID3 learns classes; declare them "
            "(classes=..., or --classes on the command line) or use cart for a regression tree"
        )
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        if not isinstance(attribute.domain, Nominal):
            raise DtreeError(
                f"attribute {attribute.name!r} is numeric; ID3 splits nominal attributes only: "
                "use c45 or cart for numeric attributes"
            )
        for row in data.rows:
            if column[row] is None:
                raise DtreeError(
                    "missing value: ID3 refuses missing values; impute them or use c45",
                    row=row + 1,
                    column=attribute.name,
                )


def _candidates(learner: Learner, node: Dataset) -> list[_Candidate]:
    """DetermineCandidateSplits: one per attribute that separates the node's examples."""
    impurity = IMPURITIES[learner.impurity]
    found = []
    for name in node.schema.names:
        table = contingency(node, name)
        if sum(1 for counts in table if sum(counts) > 0) >= 2:
            found.append(_Candidate(name, table, impurity_decrease(table, impurity)))
    return found


def _reaches(score: Fraction | float, bound: Fraction | float) -> bool:
    """score >= bound: exactly for exact scores, within TOLERANCE for logarithmic ones."""
    slack = TOLERANCE if isinstance(score, float) or isinstance(bound, float) else 0
    return score >= bound - slack


def _best(candidates: list[_Candidate]) -> _Candidate:
    """FindBestSplit: the first candidate whose score equals the maximum."""
    top = max(candidate.score for candidate in candidates)
    return next(candidate for candidate in candidates if _reaches(candidate.score, top))


def _partition(node: Dataset, attribute: str) -> tuple[tuple[int, ...], ...]:
    """D_k for each value k of a nominal attribute, in domain order."""
    domain = node.schema.attribute(attribute).domain
    assert isinstance(domain, Nominal)
    column = node.columns[node.schema.index(attribute)]
    parts: dict[str | float | None, list[int]] = {value: [] for value in domain.values}
    for row in node.rows:
        parts[column[row]].append(row)
    return tuple(tuple(parts[value]) for value in domain.values)


def _make_subtree(learner: Learner, data: Dataset, seed: _Seed) -> Leaf | Sprout[_Seed]:
    classes = data.schema.classes
    if not seed.rows:
        return Leaf(seed.parent_plurality, ClassStats(classes, (0,) * len(classes)))
    node = data.subset(seed.rows)
    stats = stats_of(node)
    assert isinstance(stats, ClassStats)
    leaf = Leaf(stats.plurality, stats)
    if stats.is_pure or seed.depth == learner.max_depth or stats.weight < learner.min_samples_split:
        return leaf
    candidates = _candidates(learner, node)
    if not candidates:
        return leaf
    best = _best(candidates)
    if not _reaches(best.score, learner.min_gain):
        return leaf
    domain = node.schema.attribute(best.attribute).domain
    assert isinstance(domain, Nominal)
    return Sprout(
        tuple(Equals(best.attribute, value) for value in domain.values),
        tuple(
            _Seed(rows, seed.depth + 1, stats.plurality)
            for rows in _partition(node, best.attribute)
        ),
        stats,
    )


def grow(learner: Learner, data: Dataset) -> Tree:
    """Grow a tree from ``data`` as ``learner`` says (MakeSubtree of the CS 760 notes).

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(grow(ID3, load("xor"))))
    root [0 2, 1 2]
    Z1 = 0 [0 1, 1 1]
    |   Z2 = 0 [0 1, 1 0]: 0
    |   Z2 = 1 [0 0, 1 1]: 1
    Z1 = 1 [0 1, 1 1]
    |   Z2 = 0 [0 0, 1 1]: 1
    |   Z2 = 1 [0 1, 1 0]: 0
    """
    rows = data.present().rows
    if not rows:
        raise DtreeError("cannot grow a tree from a dataset with no rows of positive weight")
    _check_id3_data(data.subset(rows))
    return unfold(
        _Seed(rows, 0, data.schema.classes[0]),
        lambda seed: _make_subtree(learner, data, seed),
    )


def id3(
    data: Dataset,
    *,
    max_depth: int | None = None,
    min_samples_split: Weight = 0,
    min_gain: float = 0.0,
) -> Tree:
    """ID3: information gain, multiway nominal splits, grown until pure.

    Reproduces the PlayTennis tree of Mitchell's Table 3.2 (CS 760 notes):

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(id3(load("play-tennis"))))
    root [No 5, Yes 9]
    Outlook = Overcast [No 0, Yes 4]: Yes
    Outlook = Rain [No 2, Yes 3]
    |   Wind = Strong [No 2, Yes 0]: No
    |   Wind = Weak [No 0, Yes 3]: Yes
    Outlook = Sunny [No 3, Yes 2]
    |   Humidity = High [No 3, Yes 0]: No
    |   Humidity = Normal [No 0, Yes 2]: Yes

    See also: :func:`grow`, :data:`ID3`.
    """
    learner = evolve(
        ID3, max_depth=max_depth, min_samples_split=min_samples_split, min_gain=min_gain
    )
    return grow(learner, data)
