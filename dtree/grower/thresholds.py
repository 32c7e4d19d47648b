"""The search for the best threshold of a numeric attribute at a node.

DetermineCandidateSplits, which calls this scan for each numeric attribute,
is :func:`dtree.grower.candidate_splits.candidates`.

Vocabulary
----------
``Examples``
    The examples at a node (:class:`dtree.grower.rows.Examples`): row indices
    into the dataset's columns and the weight each row carries here (C4.5
    sends a row with a missing value down every branch with a fraction of
    its weight).
``Cut``
    A place between two adjacent distinct values of a numeric attribute,
    ``x <= below`` on the left and ``x >= above`` on the right.
``resolution``
    How far apart two adjacent values must be for a cut to lie between
    them: a cut separates sorted neighbours ``a < b`` only if
    ``a + resolution < b`` (in floats).  At 0, every two distinct values;
    C4.5 release 8 and Weka's J48 use 1e-5, so that values closer than
    that act as one value (a run of them, each within 1e-5 of the next,
    is never cut) and the MDL correction does not count cuts between them.
    With ``float32``, the sum is rounded to float32 as scikit-learn's
    ``FEATURE_THRESHOLD`` test (1e-7) is: ``b <= float32(a + 1e-7)`` joins
    them (see :func:`dtree.grower.cuts.separated`).

Numeric attributes (CS 760 notes, DetermineCandidateNumericSplits)
------------------------------------------------------------------
Sort the node's known values once; adjacent distinct values ``a < b``
give a cut.  For classification only *boundary points* are candidates:
cuts where the examples of value ``a`` and of value ``b`` are not all
of one and the same class (:func:`boundary_points`).  Every impurity
here is concave, so along a run of cuts that moves examples of one class
only, the weighted impurity of the children is concave and least at an
end of the run: the first best cut among all cuts is a boundary point,
or one of the two extreme cuts allowed by a minimum branch weight, which
are candidates too.  (When no cut lowers the impurity at all, every cut
ties at zero gain and the first boundary point is taken.)  Regression
has no classes: every cut is a candidate.

One sort and a few passes with running sums find the best cut: O(n log n)
per attribute and node, whatever the number of classes (a cut's cost is
O(1) from the sums of its two sides).  The scan scores cuts in floats to
find the few within a hair of the best; those are then compared exactly
(integers and fractions where the math is rational: Gini and
misclassification of exact weights, in the scan itself; otherwise by the
functions of :mod:`dtree.impurity`), so ties are decided exactly, by the
documented order.  Where in the best gap the threshold goes (the midpoint,
C4.5's or J48's training value) is :mod:`dtree.grower.midpoints`.

A class target's scans are :mod:`dtree.grower.class_scans`', a numeric target's
:mod:`dtree.grower.response_scans`'.

Functions: :func:`boundary_points`, :func:`cut_table`,
:func:`best_cut`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from dtree.counts import Table, total
from dtree.dataset import Weight
from dtree.grower.class_scans import scan_classes
from dtree.grower.cuts import Ordered, Scan
from dtree.grower.response_scans import (
    scan_absolute_error,
    scan_poisson,
    scan_squared_error,
)

__all__ = ["best_cut", "boundary_points", "cut_table"]


def cut_table(
    values: Sequence[float],
    labels: Sequence[object],
    threshold: float,
    classes: Sequence[object],
    weights: Sequence[Weight] | None = None,
) -> Table:
    """The contingency table of the cut x <= t: the class counts of x <= t, then of x > t.

    Counts are in the order of ``classes``; each row weighs 1 unless
    ``weights`` says otherwise.  With :func:`dtree.impurity.impurity_decrease`
    it scores any threshold, as a brute force over every threshold does.
    The Decision Trees II notes' lengths, cut at 24.5:

    >>> lengths = [10, 15, 21, 28, 32, 40, 50]
    >>> cut_table(lengths, "-++-++-", 24.5, classes="-+")
    ((1, 2), (2, 2))

    See also: :func:`boundary_points`, :func:`best_cut`,
    :func:`dtree.counts.contingency` (the table of a nominal attribute).
    """
    if weights is None:
        weights = (1,) * len(values)
    column = {label: k for k, label in enumerate(classes)}
    cells: list[list[list[Weight]]] = [[[] for _ in classes] for _ in range(2)]
    for value, label, weight in zip(values, labels, weights, strict=True):
        cells[value > threshold][column[label]].append(weight)
    return tuple(tuple(map(total, side)) for side in cells)


def boundary_points(values: Sequence[float], labels: Sequence[object]) -> list[tuple[float, float]]:
    """The adjacent distinct values (a, b) between which the class changes.

    DetermineCandidateNumericSplits of the CS 760 notes: group the examples
    by value, sort the groups, and keep a pair of adjacent groups when they
    contain two examples of different classes.  The Decision Trees II
    notes' example, lengths and classes:

    >>> from dtree.grower.midpoints import midpoint
    >>> lengths = [10, 15, 21, 28, 32, 40, 50]
    >>> [midpoint(a, b) for a, b in boundary_points(lengths, "-++-++-")]
    [12.5, 24.5, 30.0, 45.0]

    (The notes list 12.5, 24.5 and 45 and skip the boundary 28 | 32.)
    """
    groups: dict[float, set[object]] = {}
    for value, label in zip(values, labels, strict=True):
        groups.setdefault(value, set()).add(label)
    ordered = sorted(groups)
    return [(a, b) for a, b in itertools.pairwise(ordered) if len(groups[a] | groups[b]) > 1]


def best_cut(
    values: Sequence[float],
    targets: Sequence[int] | Sequence[float],
    weights: Sequence[Weight],
    *,
    criterion: str,
    n_classes: int,
    min_side: Weight,
    rows: Sequence[int] | None = None,
    exact_ties: bool = True,
    resolution: float = 0.0,
    float32: bool = False,
    integral: bool = False,
    scale: int = 1,
    min_rows: int = 0,
    ordered: Ordered | None = None,
    units: bool = False,
) -> Scan:
    """The cuts of one numeric attribute whose cost is within a hair of the least.

    ``values``, ``targets`` (class indices, or y for ``criterion
    ="squared_error"``) and ``weights`` describe the rows with a known
    value: all of them, or those whose indices ``rows`` lists (so a node
    can scan the dataset's own columns without copying them).
    ``min_side`` is the least weight each side of a cut must have, and
    ``min_rows`` the least number of rows.
    Returns the near-best cuts in ascending order (usually one), and
    ``allowed``, the number of distinct-value cuts that respect
    ``min_side`` and ``min_rows`` (C4.5's MDL correction counts them).  A cut lies between
    sorted neighbours a < b only if ``a + resolution < b``: C4.5 and J48
    take values within 1e-5 of the next as one (see the module's
    vocabulary); with ``float32``, the sum is rounded to float32 (scikit-learn's
    test, :func:`dtree.grower.cuts.separated`).

    With ``exact_ties`` (the default), Gini and misclassification of
    integer or fraction weights are rational: the scan then compares the
    near-best cuts exactly itself and returns only the first of the least
    exact cost, which is the first of the largest exact decrease.
    Fractions among the weights are added as integers over their common
    denominator; ``integral`` says that every weight is an integer, and
    spares the scan the look for fractions; a ``scale`` above 1 says that
    the class weights are integers already, the weights times ``scale``
    (a common multiple of their denominators), and spares it the sum.
    For classes, ``ordered`` gives the rows already sorted by value with their values and
    classes (:class:`dtree.grower.cuts.Ordered`, the node's presorted order), and spares
    the scan its sort; ``units`` says that every weight is the integer 1.

    >>> scan = best_cut([1.0, 2.0, 3.0, 4.0], [0, 0, 1, 1], [1.0] * 4,
    ...                 criterion="gini", n_classes=2, min_side=0)
    >>> scan.cuts, scan.allowed
    ((Cut(position=2, below=2.0, above=3.0),), 3)

    With a resolution of 1e-5, 2.0 and 2.000001 are one value: the cut
    between them, the best of three, is neither scored nor counted, and the
    two cuts left tie:

    >>> values, classes = [1.0, 2.0, 2.000001, 3.0], [0, 0, 1, 1]
    >>> best_cut(values, classes, [1.0] * 4, criterion="gini", n_classes=2, min_side=0).cuts
    (Cut(position=2, below=2.0, above=2.000001),)
    >>> scan = best_cut(values, classes, [1.0] * 4, criterion="gini", n_classes=2,
    ...                 min_side=0, resolution=1e-5)
    >>> [cut.position for cut in scan.cuts], scan.allowed
    ([1, 3], 2)

    Two rows each side at least, whatever their weights: the cut after the row of weight 5
    is refused, and the best allowed is the next:

    >>> scan = best_cut([1.0, 2.0, 3.0, 4.0], [0, 1, 1, 1], [5, 1, 1, 1], criterion="gini",
    ...                 n_classes=2, min_side=0, min_rows=2)
    >>> scan.cuts, scan.allowed
    ((Cut(position=2, below=2.0, above=3.0),), 1)
    """
    if rows is None:
        rows = range(len(values))
    if len(rows) < 2:
        return Scan((), (), (), 0, 0.0)
    order = list(ordered.rows) if ordered is not None else sorted(rows, key=values.__getitem__)
    if criterion in ("squared_error", "friedman_mse"):  # the same cuts, the same I(s, t)
        ys: Sequence[float] = targets
        return scan_squared_error(
            order,
            values,
            ys,
            weights,
            min_side,
            resolution=resolution,
            float32=float32,
            min_rows=min_rows,
        )
    if criterion == "poisson":
        return scan_poisson(
            order,
            values,
            targets,
            weights,
            min_side,
            resolution=resolution,
            float32=float32,
            min_rows=min_rows,
        )
    if criterion == "absolute_error":
        return scan_absolute_error(
            order,
            values,
            targets,
            weights,
            min_side=min_side,
            resolution=resolution,
            float32=float32,
            min_rows=min_rows,
        )
    classes: Sequence[int] = targets  # type: ignore[assignment]  # not squared error: classes
    if ordered is None:
        ordered = Ordered(
            order, list(map(values.__getitem__, order)), list(map(classes.__getitem__, order))
        )
    return scan_classes(
        ordered,
        weights,
        units=units,
        criterion=criterion,
        n_classes=n_classes,
        min_side=min_side,
        exact_ties=exact_ties,
        resolution=resolution,
        float32=float32,
        integral=integral,
        scale=scale,
        min_rows=min_rows,
    )
