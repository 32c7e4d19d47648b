"""The two kinds of target a grower counts examples by: classes, or a numeric response.

Growing a tree asks the same questions of a node's examples whatever the
target: what a branch knows of its examples (its *part*), how much they
weigh, whether they are pure, and how much a split decreases the impurity
i(t) of the notes.  A classification tree answers them with class counts
(:class:`Classes`, parts of type :data:`dtree.counts.Counts`); a
regression tree with exact sums of weights, w*y and w*y^2 (:class:`Responses`,
parts of type :class:`Sums`).  Both implement
:class:`Target`, generic in the part, so each path is typed on its own.

Contents: :class:`Target`, :class:`Classes`, :class:`Responses`,
:class:`Sums`, :data:`P`, :func:`target_of`.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

from attrs import frozen

from dtree.arithmetic import exact_sum, rational
from dtree.counts import (
    ClassStats,
    Counts,
    Moments,
    Stats,
    central,
    ratio,
    running_totals,
    total,
)
from dtree.dataset import Dataset, Label, Weight
from dtree.grower.medians import absolute_deviation, weighted_median
from dtree.impurity import (
    IMPURITIES,
    POISSON_EPSILON,
    Impurity,
    impurity_decrease,
    poisson_decrease,
)
from dtree.significance import is_significant

__all__ = ["Classes", "P", "Responses", "Sums", "Target", "target_of"]


@frozen
class Sums:
    """A regression part, exactly: its weight W, and F = sum w*s and Q = sum w*s^2 of the
    targets scaled to integers, s = y * 2^shift (so integer weights keep F and Q integers);
    under the absolute-error criterion, its ``pairs`` (y, w) too, sorted (a median needs
    them all).

    >>> part = Sums(3, 6, 14, 0)  # y = 1, 2, 3
    >>> part.squared_error(), part.mean()
    (Fraction(2, 1), Fraction(2, 1))
    """

    weight: Weight
    first: int | Fraction
    second: int | Fraction
    shift: int
    pairs: tuple[tuple[float, Weight], ...] = ()

    def squared_error(self) -> Fraction:
        """The residual sum of squares sum w (y - mean)^2 = (Q - F^2 / W) / 4^shift."""
        if not self.weight:
            return Fraction(0)
        residual = self.second - Fraction(self.first * self.first) / Fraction(self.weight)
        return residual / (1 << 2 * self.shift)

    def mean(self) -> Fraction:
        """The weighted mean response F / (W 2^shift)."""
        return Fraction(self.first) / Fraction(self.weight) / (1 << self.shift)


P = TypeVar("P", Counts, Sums)
"""A part: what a branch knows of its examples."""


def _integers(values: Sequence[object]) -> list[int] | None:
    """The values, if every one is an integer."""
    ints = [value for value in values if type(value) is int]
    return ints if len(ints) == len(values) else None


def _grouped(
    branches: Sequence[int], n: int, rows: Sequence[int], weights: Sequence[Weight]
) -> tuple[list[list[int]], list[list[Weight]]]:
    """The rows and weights of each of ``n`` branches, each in the order given."""
    order = sorted(range(len(rows)), key=branches.__getitem__)  # stable: the order given
    sizes = Counter(branches)
    grouped_rows: list[list[int]] = []
    grouped_weights: list[list[Weight]] = []
    start = 0
    for b in range(n):
        at = order[start : start + sizes[b]]
        grouped_rows.append(list(map(rows.__getitem__, at)))
        grouped_weights.append(list(map(weights.__getitem__, at)))
        start += sizes[b]
    return grouped_rows, grouped_weights


def _units(weights: Sequence[Weight]) -> bool:
    """Whether every weight is the integer 1."""
    return set(map(type, weights)) <= {int} and list(weights).count(1) == len(weights)


class Target(Protocol[P]):
    """What a grower asks of the examples at a node, for one kind of target."""

    @property
    def float_weights(self) -> bool:
        """Whether the dataset's weights include floats: counts are then reported as floats."""
        ...

    @property
    def values(self) -> tuple[int, ...] | tuple[float, ...]:
        """Each row's target as the scan reads it: its class's index, or y."""
        ...

    @property
    def n_classes(self) -> int:
        """The number of classes (0 for a numeric target)."""
        ...

    def part(self, rows: Sequence[int], weights: Sequence[Weight]) -> P:
        """The part of the rows, each with its weight here."""
        ...

    def parts(
        self, branches: Sequence[int], n: int, rows: Sequence[int], weights: Sequence[Weight]
    ) -> tuple[P, ...]:
        """The part of each of ``n`` branches, row i going down ``branches[i]``."""
        ...

    def weight(self, part: P) -> Weight:
        """The part's total weight."""
        ...

    def merged(self, parts: Sequence[P]) -> P:
        """The part of the union of disjoint parts (at least one)."""
        ...

    def running(self, parts: Sequence[P]) -> tuple[P, ...]:
        """``merged(parts[:1]), merged(parts[:2]), ..., merged(parts)``, in one pass."""
        ...

    def portion(self, part: P, share: Weight) -> P:
        """The part with every weight times ``share``: the share of its rows that goes
        down a branch when their value is missing."""
        ...

    def decrease(self, parts: Sequence[P]) -> Fraction | float:
        """I(s, t) = i(t) - sum_b p_b i(t_b) of a split into ``parts``."""
        ...

    def response(self, part: P) -> Fraction | float:
        """What orders a nominal attribute's values for CART's m - 1 subsets: the share of
        the last class, or the mean response."""
        ...

    def stats(self, rows: Sequence[int], weights: Sequence[Weight]) -> Stats:
        """A node's statistics, as the tree records them."""
        ...

    def is_pure(self, rows: Sequence[int], stats: Stats) -> bool:
        """Whether the rows have one target value (stopping rule one)."""
        ...

    def significant(self, parts: Sequence[P], level: float) -> bool:
        """Whether the chi-square test rejects independence of branch and class."""
        ...

    def from_scan(self, left: Sequence[Weight], totals: Sequence[Weight]) -> tuple[P, P] | None:
        """The parts of a cut from the scan's own exact counts, or None: count them afresh."""
        ...

    def admits(self, parts: Sequence[P]) -> bool:
        """Whether the criterion can score a split into ``parts`` at all (Poisson's cannot
        when a branch's sum of w*y is at most :data:`dtree.impurity.POISSON_EPSILON`)."""
        ...

    def prediction(
        self, rows: Sequence[int], weights: Sequence[Weight], stats: Stats
    ) -> Label | float:
        """What a leaf of these rows (``stats`` their statistics) predicts: the plurality or
        the mean (:func:`dtree.counts.central`), or the weighted median under
        ``absolute_error``."""
        ...


@frozen
class Classes:
    """A classification target: each row's class index, the classes, and the impurity."""

    classes: tuple[Label, ...]
    values: tuple[int, ...]
    impurity: Impurity
    float_weights: bool

    @property
    def n_classes(self) -> int:
        return len(self.classes)

    def part(self, rows: Sequence[int], weights: Sequence[Weight]) -> Counts:
        counts: list[Weight] = [0] * len(self.classes)
        if _units(weights):  # the common case: count the classes at C speed
            for k, count in Counter(map(self.values.__getitem__, rows)).items():
                counts[k] = count
            return tuple(counts)
        if Fraction in set(map(type, weights)) and not any(isinstance(w, float) for w in weights):
            by_class: list[list[int | Fraction]] = [[] for _ in self.classes]
            for row, weight in zip(rows, weights, strict=True):
                by_class[self.values[row]].append(rational(weight))  # no float: as it is
            return tuple(map(exact_sum, by_class))  # fractions: over a common denominator
        for row, weight in zip(rows, weights, strict=True):
            counts[self.values[row]] += weight
        return tuple(counts)

    def parts(
        self, branches: Sequence[int], n: int, rows: Sequence[int], weights: Sequence[Weight]
    ) -> tuple[Counts, ...]:
        if not _units(weights):
            return tuple(map(self.part, *_grouped(branches, n, rows, weights)))
        table = [[0] * len(self.classes) for _ in range(n)]  # a cross-tabulation at C speed
        for (b, k), count in Counter(
            zip(branches, map(self.values.__getitem__, rows), strict=True)
        ).items():
            table[b][k] = count
        return tuple(map(tuple, table))

    def weight(self, part: Counts) -> Weight:
        return total(part)

    def merged(self, parts: Sequence[Counts]) -> Counts:
        return self.running(parts)[-1]

    def running(self, parts: Sequence[Counts]) -> tuple[Counts, ...]:
        """The running class counts (:func:`dtree.counts.class_totals` of each prefix).

        >>> Classes(("a", "b"), (), IMPURITIES["gini"], False).running([(0, 4), (2, 3)])
        ((0, 4), (2, 7))
        """
        columns = [running_totals(column) for column in zip(*parts, strict=True)]
        return tuple(zip(*columns, strict=True))

    def portion(self, part: Counts, share: Weight) -> Counts:
        return tuple(count * share for count in part)

    def decrease(self, parts: Sequence[Counts]) -> Fraction | float:
        return impurity_decrease(tuple(parts), self.impurity)

    def response(self, part: Counts) -> Fraction | float:
        return ratio(part[-1], total(part))

    def stats(self, rows: Sequence[int], weights: Sequence[Weight]) -> Stats:
        counts = self.part(rows, weights)
        return ClassStats(self.classes, tuple(map(float, counts)) if self.float_weights else counts)

    def is_pure(self, rows: Sequence[int], stats: Stats) -> bool:
        return isinstance(stats, ClassStats) and stats.is_pure

    def significant(self, parts: Sequence[Counts], level: float) -> bool:
        return is_significant(tuple(parts), level)

    def from_scan(
        self, left: Sequence[Weight], totals: Sequence[Weight]
    ) -> tuple[Counts, Counts] | None:
        counts = tuple(left)  # sums of integer weights: exact
        return counts, tuple(t - c for t, c in zip(totals, counts, strict=True))

    def admits(self, parts: Sequence[Counts]) -> bool:
        return True

    def prediction(
        self, rows: Sequence[int], weights: Sequence[Weight], stats: Stats
    ) -> Label | float:
        return central(stats)


@frozen
class Responses:
    """A numeric target: each row's y, and y * 2^shift as an integer (exact sums); the
    ``criterion`` is squared error's (``friedman_mse`` decreases it the same),
    ``poisson`` or ``absolute_error``."""

    values: tuple[float, ...]
    scaled: tuple[int, ...]
    shift: int
    float_weights: bool
    criterion: str = "squared_error"

    @property
    def n_classes(self) -> int:
        return 0

    def part(self, rows: Sequence[int], weights: Sequence[Weight]) -> Sums:
        """(W, sum w*s, sum w*s^2) exactly, from the scaled integer targets s."""
        ys = list(map(self.scaled.__getitem__, rows))
        first = sum(map(operator.mul, weights, ys))
        second = sum(map(operator.mul, weights, map(operator.mul, ys, ys)))
        pairs: tuple[tuple[float, Weight], ...] = ()
        if self.criterion == "absolute_error":
            pairs = tuple(sorted(zip(map(self.values.__getitem__, rows), weights, strict=True)))
        return Sums(total(weights), rational(first), rational(second), self.shift, pairs)

    def parts(
        self, branches: Sequence[int], n: int, rows: Sequence[int], weights: Sequence[Weight]
    ) -> tuple[Sums, ...]:
        return tuple(map(self.part, *_grouped(branches, n, rows, weights)))

    def weight(self, part: Sums) -> Weight:
        return part.weight

    def merged(self, parts: Sequence[Sums]) -> Sums:
        return self.running(parts)[-1]

    def running(self, parts: Sequence[Sums]) -> tuple[Sums, ...]:
        """The running sums: W as :func:`dtree.counts.total` adds weights; F and Q exactly.

        >>> [part.weight for part in Responses((), (), 0, False).running([Sums(1, 2, 4, 0)] * 2)]
        [1, 2]
        """
        weights = running_totals([s.weight for s in parts])
        firsts = itertools.accumulate(s.first for s in parts)
        seconds = itertools.accumulate(s.second for s in parts)
        if self.criterion == "absolute_error":  # the pairs of each prefix, sorted
            pairs = itertools.accumulate(
                (s.pairs for s in parts), lambda a, b: tuple(sorted(a + b))
            )
            return tuple(
                Sums(w, f, q, self.shift, p)
                for w, f, q, p in zip(weights, firsts, seconds, pairs, strict=True)
            )
        return tuple(
            Sums(w, f, q, self.shift) for w, f, q in zip(weights, firsts, seconds, strict=True)
        )

    def portion(self, part: Sums, share: Weight) -> Sums:
        exact = rational(share)
        pairs = tuple((y, w * share) for y, w in part.pairs)
        return Sums(part.weight * share, part.first * exact, part.second * exact, part.shift, pairs)

    def decrease(self, parts: Sequence[Sums]) -> Fraction | float:
        """The decrease of the residual sum of squares over the node's weight W.

        The sums of w*y^2 cancel: I = (sum_b F_b^2 / W_b - F^2 / W) / W / 4^shift, the
        same number as (SSE(t) - sum_b SSE(t_b)) / W (:meth:`Sums.squared_error`); with
        integer weights, one fraction of integers.  Under ``poisson``:
        :func:`dtree.impurity.poisson_decrease` of the exact sums, a float.
        """
        if self.criterion == "absolute_error":
            node = self.merged(parts)
            deviations = sum(map(absolute_deviation, (p.pairs for p in parts)), Fraction(0))
            return (absolute_deviation(node.pairs) - deviations) / rational(node.weight)
        if self.criterion == "poisson":
            unit = Fraction(1 << self.shift)
            return poisson_decrease([(p.weight, Fraction(p.first) / unit) for p in parts])
        filled = [part for part in parts if part.weight]
        weight = total(part.weight for part in parts)
        first = sum(part.first for part in parts)
        scale = 1 << 2 * self.shift
        weights, firsts = (
            _integers([p.weight for p in filled]),
            _integers([p.first for p in filled]),
        )
        if weights is not None and firsts is not None and isinstance(first, int):
            common = math.prod(weights)
            explained = sum(f * f * (common // w) for f, w in zip(firsts, weights, strict=True))
            whole_ = sum(weights)
            return Fraction(explained * whole_ - first * first * common, common * whole_**2 * scale)
        whole = Fraction(weight)
        explained_ = sum(
            (Fraction(p.first * p.first) / Fraction(p.weight) for p in filled), Fraction(0)
        )
        return (explained_ - Fraction(first * first) / whole) / whole / scale

    def response(self, part: Sums) -> Fraction | float:
        return part.mean()

    def stats(self, rows: Sequence[int], weights: Sequence[Weight]) -> Stats:
        pairs = [(float(w), self.values[r]) for r, w in zip(rows, weights, strict=True)]
        weight = total(weights)
        return Moments(
            float(weight) if self.float_weights else weight,
            math.fsum(w * y for w, y in pairs),
            math.fsum(w * y * y for w, y in pairs),
        )

    def is_pure(self, rows: Sequence[int], stats: Stats) -> bool:
        return len(set(map(self.values.__getitem__, rows))) <= 1

    def significant(self, parts: Sequence[Sums], level: float) -> bool:
        return True  # no classes: the learner refuses a significance level (check_fits)

    def from_scan(
        self, left: Sequence[Weight], totals: Sequence[Weight]
    ) -> tuple[Sums, Sums] | None:
        return None  # the scan's sums are floats: the parts are counted exactly afresh

    def admits(self, parts: Sequence[Sums]) -> bool:
        """Every branch that receives examples has a sum of w*y above POISSON_EPSILON,
        under ``poisson``; any split otherwise.

        >>> poisson = Responses((), (), 0, False, "poisson")
        >>> poisson.admits([Sums(2, 0, 0, 0), Sums(1, 3, 9, 0)]), poisson.admits([Sums(1, 3, 9, 0)])
        (False, True)
        """
        if self.criterion != "poisson":
            return True
        scale = 1 << self.shift
        return all(Fraction(p.first) / scale > POISSON_EPSILON for p in parts if p.weight)

    def prediction(
        self, rows: Sequence[int], weights: Sequence[Weight], stats: Stats
    ) -> Label | float:
        """The mean, or under ``absolute_error`` the weighted median (as a float).

        >>> median = Responses((1.0, 2.0, 9.0), (), 0, False, "absolute_error")
        >>> median.prediction([0, 1, 2], [1, 1, 1], Moments(3, 12.0, 86.0))
        2.0
        """
        if self.criterion != "absolute_error":
            return central(stats)
        return float(
            weighted_median(list(zip(map(self.values.__getitem__, rows), weights, strict=True)))
        )


def target_of(data: Dataset, impurity: str) -> Classes | Responses:
    """The target of ``data`` as a grower counts it, with the learner's ``impurity``.

    >>> from dtree.datasets import load
    >>> target_of(load("golf"), "gini").values[:4]
    (0, 1, 1, 1)
    """
    schema = data.schema
    present = data.rows
    float_weights = any(isinstance(data.weights[r], float) for r in present)
    if schema.is_classification:
        position = {label: k for k, label in enumerate(schema.classes)}
        values = tuple(position[str(label)] for label in data.target)
        return Classes(schema.classes, values, IMPURITIES[impurity], float_weights)
    ys = tuple(map(float, data.target))
    ratios = [Fraction(y) for y in ys]
    shift = max((q.denominator.bit_length() - 1 for q in ratios), default=0)
    scaled = tuple(q.numerator << (shift - q.denominator.bit_length() + 1) for q in ratios)
    return Responses(ys, scaled, shift, float_weights, impurity)
