"""Discretising numeric attributes in advance: numbers into ordered ranges.

The Decision Trees II notes: "Real-valued attributes can, in advance, be discretized into
ranges, such as big, medium, small", the alternative to thresholds chosen at every node.
Each method here finds *cut points* c_1 < c_2 < ... < c_m of a numeric attribute from the
data; :func:`discretize` then replaces each value x by its range, one of

    "<= c_1",  "(c_1, c_2]",  ...,  "(c_(m-1), c_m]",  "> c_m"

(a value equal to a cut point goes to the range below it, as ``x <= t`` does in a tree),
a nominal attribute whose values are ordered, or with ``ordered=True`` an ordinal one
(:mod:`dtree.ordinal`), whose splits keep to the order of the ranges: a tree on the ranges
is then a tree on the number whose thresholds are the cut points.  A missing value stays
missing.  Cut points learnt on
training data are applied unchanged to test data: ``discretize(test, cuts)``.

Methods
-------
:func:`equal_width`
    k ranges of equal width between the least and the greatest known value.
:func:`equal_frequency`
    k ranges of about equal weight: the i-th cut after the first value at which the
    running weight reaches i W / k (a run of equal values is never split, so ranges of
    exactly equal weight are not always possible).
:func:`entropy_mdl`
    Fayyad and Irani's (1993) method: the cut that leaves the least class entropy
    E(A, T; S) = |S_1|/|S| Ent(S_1) + |S_2|/|S| Ent(S_2), then the same in each half,
    for as long as the minimum description length principle accepts the cut:

        Gain(A, T; S) > log2(N - 1) / N + Delta(A, T; S) / N,
        Delta = log2(3^k - 2) - [k Ent(S) - k_1 Ent(S_1) - k_2 Ent(S_2)],

    with N = |S| and k, k_1, k_2 the numbers of classes present in S, S_1, S_2; a cut
    that gains nothing is never made.  N - 1 counts the places a cut could go among N
    examples, repeated values or not, as Fayyad and Irani write it and as Weka's
    supervised ``Discretize`` filter counts them by default (the tests run it on Weka's
    own example files and find the same cut points).  With weights, N in the
    denominators is the weight of S and N - 1 its number of examples less one, Weka's
    reading too.  Its cut points are boundary points (between two values whose examples are
    not all of one class; Fayyad and Irani's theorem, which the tests check): every cut
    between adjacent distinct values is scored, and the best is always one of those.

Contents: :data:`Cuts`, :func:`equal_width`, :func:`equal_frequency`,
:func:`entropy_mdl`, :func:`discretize`, :func:`range_names`.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from dtree.arithmetic import is_number
from dtree.conditions import format_rounded
from dtree.counts import running_totals, total
from dtree.dataset import Attribute, Dataset, Label, Nominal, Numeric, Schema, Value, Weight
from dtree.errors import DtreeError, quote
from dtree.grower.midpoints import midpoint
from dtree.impurity import TOLERANCE, entropy

__all__ = [
    "MAX_BINS",
    "Cuts",
    "discretize",
    "entropy_mdl",
    "equal_frequency",
    "equal_width",
    "range_names",
]

Cuts = dict[str, tuple[float, ...]]
"""The cut points of each attribute discretised, ascending, by attribute name."""

Group = tuple[float, int, dict[Label | float, Weight]]
"""A run of equal values: the value, its number of examples, and their weight by class."""


def _numeric_names(data: Dataset, attributes: Iterable[str] | None) -> list[str]:
    """The attributes asked for (all the numeric ones by default), each checked numeric."""
    if attributes is None:
        return [a.name for a in data.schema.attributes if isinstance(a.domain, Numeric)]
    if isinstance(attributes, str):
        raise DtreeError(f"attributes is a list of names, not the string {quote(attributes)}")
    names = list(attributes)
    for name in names:
        if not isinstance(data.schema.attribute(name).domain, Numeric):
            raise DtreeError("only a numeric attribute is discretised", column=name)
    return names


MAX_BINS = 100_000
"""The most ranges :func:`equal_width` and :func:`equal_frequency` make of an attribute: a
range for each of 100,000 distinct values, while a billion cut points would fill the
memory."""


def _check_bins(bins: object) -> int:
    if isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= MAX_BINS:
        raise DtreeError(f"bins must be a whole number in 1..{MAX_BINS:,}, got {quote(bins)}")
    return bins


def _known(data: Dataset, name: str) -> list[tuple[float, Label | float, Weight]]:
    """The rows of positive weight with a known value: (value, target, weight), by value."""
    rows = [
        (float(value), label, weight)
        for value, label, weight in zip(
            data.column(name), data.labels, data.row_weights, strict=True
        )
        if value is not None and weight > 0
    ]
    return sorted(rows, key=lambda row: row[0])


def equal_width(data: Dataset, bins: int, *, attributes: Iterable[str] | None = None) -> Cuts:
    """``bins`` ranges of equal width: cut points min + i (max - min) / bins, i = 1 .. bins - 1,
    between the least and the greatest known value (none where all are one value), each
    computed exactly and rounded once, so no width overflows.

    >>> data = Dataset.from_columns({"L": [10, 15, 21, 28, 32, 40, 50], "y": list("-++-++-")},
    ...                             target="y")
    >>> equal_width(data, 4)
    {'L': (20.0, 30.0, 40.0)}
    """
    _check_bins(bins)
    cuts: Cuts = {}
    for name in _numeric_names(data, attributes):
        values = [value for value, _, _ in _known(data, name)]
        if not values or values[0] == values[-1]:
            cuts[name] = ()
            continue
        low, high = Fraction(values[0]), Fraction(values[-1])
        points = {float(low + i * (high - low) / bins) for i in range(1, bins)}
        cuts[name] = tuple(sorted(p for p in points if low <= p < high))
    return cuts


def equal_frequency(data: Dataset, bins: int, *, attributes: Iterable[str] | None = None) -> Cuts:
    """``bins`` ranges of about equal weight.  The ranges are made left to right, each aiming
    at the weight still to place over the ranges still to make; a range ends at the
    boundary between distinct values nearest that aim: the first boundary that reaches
    it, or the one before if that falls short of the aim by less than the first
    overshoots it (the later one on a tie).  Weka's unsupervised ``Discretize -F`` makes
    its ranges by this rule (the tests run it).

    >>> data = Dataset.from_columns({"L": [10, 15, 21, 28, 32, 40, 50], "y": list("-++-++-")},
    ...                             target="y")
    >>> equal_frequency(data, 3)  # aims 7/3, then 5/2: 2, 3 and 2 examples
    {'L': (18.0, 36.0)}
    """
    _check_bins(bins)
    cuts: Cuts = {}
    for name in _numeric_names(data, attributes):
        groups = _groups(_known(data, name))
        weights = [float(total(by_class.values())) for _, _, by_class in groups]
        cuts[name] = tuple(
            midpoint(groups[g][0], groups[g + 1][0]) for g in _frequency_ends(weights, bins)
        )
    return cuts


def _frequency_ends(weights: Sequence[float], bins: int) -> list[int]:
    """The groups after which :func:`equal_frequency`'s ranges end."""
    ends: list[int] = []
    left = sum(weights)  # the weight not yet passed
    aim = left / bins
    since = 0.0  # the weight since the last end
    before: tuple[int, float] | None = None  # the last boundary passed short of the aim
    for g, weight in enumerate(weights[:-1]):
        if len(ends) == bins - 1:
            break
        since += weight
        left -= weight
        if since < aim:
            before = (g, since)
            continue
        if before is not None and aim - before[1] < since - aim:
            ends.append(before[0])
            since -= before[1]
            before = (g, since)
        else:
            ends.append(g)
            since, before = 0.0, None
        aim = (left + since) / (bins - len(ends))
    if len(ends) < bins - 1 and before is not None:
        ends.append(before[0])
    return ends


def _groups(
    rows: Sequence[tuple[float, Label | float, Weight]],
) -> list[Group]:
    """Runs of one value: (value, number of examples, weight by class), ascending."""
    groups: list[Group] = []
    for value, run in itertools.groupby(rows, key=lambda row: row[0]):
        members = list(run)
        by_class: dict[Label | float, Weight] = {}
        for _, label, weight in members:
            by_class[label] = total([by_class.get(label, 0), weight])
        groups.append((value, len(members), by_class))
    return groups


def entropy_mdl(data: Dataset, *, attributes: Iterable[str] | None = None) -> Cuts:
    """Fayyad and Irani's entropy-based cut points, each accepted by the MDL rule (see the
    module).

    The notes' lengths: seven examples are too few for any cut to pay for its description
    (the best, 10 | 15, tied with 40 | 50, gains 0.198 bits where the rule asks for more
    than 0.751):

    >>> data = Dataset.from_columns({"L": [10, 15, 21, 28, 32, 40, 50], "y": list("-++-++-")},
    ...                             target="y")
    >>> entropy_mdl(data)
    {'L': ()}

    On the iris data, petal length falls into three ranges, one per species in the main,
    the cut points Weka's ``Discretize`` finds (2.45 and 4.75):

    >>> from dtree.datasets import load
    >>> entropy_mdl(load("iris"), attributes=["petal_length"])
    {'petal_length': (2.45, 4.75)}
    """
    if not data.schema.is_classification:
        raise DtreeError(
            "the entropy method needs classes; this target is numeric:"
            " use equal_width or equal_frequency",
            column=data.schema.target.name,
        )
    cuts: Cuts = {}
    for name in _numeric_names(data, attributes):
        groups = _groups(_known(data, name))
        found: list[float] = []
        stack = [(0, len(groups))]
        while stack:
            start, stop = stack.pop()
            at = _accepted_cut(groups[start:stop])
            if at is not None:
                found.append(midpoint(groups[start + at - 1][0], groups[start + at][0]))
                stack.extend([(start, start + at), (start + at, stop)])
        cuts[name] = tuple(sorted(found))
    return cuts


def _class_tables(groups: Sequence[Group]) -> tuple[list[list[Weight]], list[list[Weight]]]:
    """For each cut position c = 1 .. len(groups) - 1, the class weights of the groups
    before it and of those from it on: running sums from either end, exact, so that a class
    absent from a side has weight 0 there, not a rounding error."""
    labels = sorted({label for _, _, by_class in groups for label in by_class}, key=repr)
    vectors = [[by_class.get(label, 0) for label in labels] for _, _, by_class in groups]

    def running(rows: Sequence[list[Weight]]) -> list[list[Weight]]:
        columns = [running_totals(column) for column in zip(*rows, strict=True)]
        return [list(row) for row in zip(*columns, strict=True)]

    ups, downs = running(vectors), running(vectors[::-1])[::-1]
    return ups, downs


def _present(weights: Sequence[Weight]) -> list[float]:
    """The weights of the classes present, as floats for the entropy."""
    return [float(w) for w in weights if w > 0]


def _accepted_cut(groups: Sequence[Group]) -> int | None:
    """The position of the best cut among the groups (the first of the right part), if the
    MDL rule accepts it: one pass of running class weights, O(groups x classes)."""
    if len(groups) < 2:
        return None
    ups, downs = _class_tables(groups)
    whole = _present(ups[-1])
    n = sum(whole)
    examples = sum(count for _, count, _ in groups)
    ent = entropy(whole)
    best: tuple[float, int, list[float], list[float]] | None = None
    for at in range(1, len(groups)):
        left, right = _present(ups[at - 1]), _present(downs[at])
        spread = (sum(left) * entropy(left) + sum(right) * entropy(right)) / n
        if best is None or spread < best[0] - TOLERANCE:
            best = (spread, at, left, right)
    assert best is not None
    spread, at, left, right = best
    gain = ent - spread
    if gain <= 0:
        return None
    k, k1, k2 = len(whole), len(left), len(right)
    delta = math.log2(3**k - 2) - (k * ent - k1 * entropy(left) - k2 * entropy(right))
    return at if gain > (math.log2(examples - 1) + delta) / n else None


def range_names(cuts: Sequence[float]) -> tuple[str, ...]:
    """The names of the ranges the cut points make, in order: "<= c_1", "(c_1, c_2]", ...,
    "> c_m"; "all" for no cut point.  Numbers are written to six significant digits, or
    in full where that would make two names alike.

    >>> range_names([2.45, 4.75])
    ('<= 2.45', '(2.45, 4.75]', '> 4.75')
    >>> range_names([0.1234567, 0.1234568])
    ('<= 0.1234567', '(0.1234567, 0.1234568]', '> 0.1234568')
    """
    if not cuts:
        return ("all",)
    written = [format_rounded(c) for c in cuts]
    if len(set(written)) < len(written):
        written = [repr(float(c)) for c in cuts]
    inner = [f"({a}, {b}]" for a, b in itertools.pairwise(written)]
    return (f"<= {written[0]}", *inner, f"> {written[-1]}")


def _check_cuts(name: str, points: object) -> tuple[float, ...]:
    if not isinstance(points, Sequence) or isinstance(points, str):
        raise DtreeError(f"the cut points are a list of numbers, got {quote(points)}", column=name)
    if not all(is_number(p) and math.isfinite(float(p)) for p in points):
        raise DtreeError(f"the cut points are finite numbers, got {quote(points)}", column=name)
    ordered = tuple(float(p) for p in points)
    if any(a >= b for a, b in itertools.pairwise(ordered)):
        raise DtreeError(f"the cut points ascend strictly, got {quote(points)}", column=name)
    return ordered


def discretize(
    data: Dataset, cuts: Mapping[str, Sequence[float]], *, ordered: bool = False
) -> Dataset:
    """The dataset with each attribute of ``cuts`` replaced by its ranges (see the module);
    every other column, the target, the weights and the rows are the data's own.  The
    ranges are a nominal attribute, or with ``ordered=True`` an ordinal one, split as
    ``x <= range`` / ``x > range`` (:mod:`dtree.ordinal`), as the number was.

    >>> from dtree.datasets import load
    >>> iris = load("iris")
    >>> ranged = discretize(iris, entropy_mdl(iris, attributes=["petal_length"]))
    >>> ranged.schema.attribute("petal_length").domain.values
    ('<= 2.45', '(2.45, 4.75]', '> 4.75')
    >>> ranged.column("petal_length")[:2], iris.column("petal_length")[:2]
    (('<= 2.45', '<= 2.45'), (1.4, 1.4))
    >>> discretize(iris, {"petal_length": [2.45]}, ordered=True).schema.attributes[2].domain
    Nominal(values=('<= 2.45', '> 2.45'), ordered=True)
    """
    checked = {name: _check_cuts(name, points) for name, points in cuts.items()}
    for name in checked:
        if not isinstance(data.schema.attribute(name).domain, Numeric):
            raise DtreeError("only a numeric attribute is discretised", column=name)
    attributes = []
    columns = []
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        if attribute.name not in checked:
            attributes.append(attribute)
            columns.append(column)
            continue
        points = checked[attribute.name]
        names = range_names(points)
        attributes.append(Attribute(attribute.name, Nominal(names, ordered=ordered)))
        columns.append(tuple(_range_of(value, points, names) for value in column))
    schema = Schema(tuple(attributes), data.schema.target)
    return Dataset(schema, tuple(columns), data.target, data.weights, data.rows)


def _range_of(value: Value, points: Sequence[float], names: Sequence[str]) -> str | None:
    """The name of the range of a value: that of the first cut point it does not exceed."""
    if value is None:
        return None
    return names[bisect.bisect_left(points, float(value))]
