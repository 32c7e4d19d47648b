"""dtree.grower.thresholds: boundary points and the one-scan search against brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from attrs import evolve
from helpers import GRID
from hypothesis import given
from hypothesis import strategies as st

from dtree.arithmetic import near_best
from dtree.dataset import Weight
from dtree.grower.class_scans import (
    COSTS,
    _first_exact_best,
    _float_costs,
    _lefts,
    _offered_cuts,
    _prefix_sums,
    _suffix_sums,
    _window,
)
from dtree.grower.cuts import Cut, Scan, separated
from dtree.grower.medians import absolute_deviation
from dtree.grower.midpoints import midpoint
from dtree.grower.thresholds import best_cut, boundary_points, cut_table
from dtree.impurity import (
    TOLERANCE,
    entropy,
    gini,
    half_poisson_deviance,
    impurity_decrease,
    misclassification,
)

IMPURITY = {"gini": gini, "entropy": entropy, "misclassification": misclassification}


def test_the_notes_lengths_have_four_boundaries() -> None:
    """Decision Trees II notes: L = 10 15 21 28 32 40 50, classes - + + - + + -."""
    pairs = boundary_points([10, 15, 21, 28, 32, 40, 50], "-++-++-")
    assert [midpoint(a, b) for a, b in pairs] == [12.5, 24.5, 30.0, 45.0]


def test_a_value_shared_by_two_classes_is_a_boundary_on_both_sides() -> None:
    assert boundary_points([1, 2, 2, 3], "aabb") == [(1, 2), (2, 3)]
    assert boundary_points([1, 2, 3, 4], "aaab") == [(3, 4)]


def test_the_notes_lengths_cut_into_tables() -> None:
    """Each boundary of the notes' example, as the class counts (-, +) of each side."""
    lengths = [10, 15, 21, 28, 32, 40, 50]
    tables = [cut_table(lengths, "-++-++-", t, classes="-+") for t in (12.5, 24.5, 30.0, 45.0)]
    assert tables == [
        ((1, 0), (2, 4)),
        ((1, 2), (2, 2)),
        ((2, 2), (1, 2)),
        ((2, 4), (1, 0)),
    ]
    assert cut_table(lengths, "-++-++-", 30.0, classes="-+", weights=[2] * 7) == ((4, 4), (2, 4))


@given(
    st.lists(st.tuples(GRID, st.integers(0, 2), st.integers(0, 3)), min_size=1, max_size=20),
    GRID,
)
def test_cut_table_counts_each_row_once_on_its_side(
    rows: list[tuple[float, int, int]], threshold: float
) -> None:
    values, labels, weights = zip(*rows, strict=True)
    left, right = cut_table(values, labels, threshold, classes=(0, 1, 2), weights=weights)
    for k in range(3):
        assert left[k] == sum(w for v, y, w in rows if y == k and v <= threshold)
        assert left[k] + right[k] == sum(w for _, y, w in rows if y == k)


@given(
    st.lists(st.tuples(GRID, st.integers(0, 3), st.integers(0, 1)), min_size=2, max_size=30),
    st.sampled_from(["gini", "misclassification"]),
    st.integers(0, 3),
)
def test_values_within_the_resolution_are_scanned_as_one_value(
    rows: list[tuple[float, int, int]], criterion: str, min_side: int
) -> None:
    """Values a few 1e-6 apart, with a resolution of 1e-5, are cut exactly where the same
    values rounded to one are: the same cuts, counts, and number of cuts allowed."""
    close = [v + j * 1e-6 for v, j, _ in rows]
    labels = [y for _, _, y in rows]
    ones = [1] * len(rows)
    options = {"criterion": criterion, "n_classes": 2, "min_side": min_side}
    scan = best_cut(close, labels, ones, resolution=1e-5, **options)  # type: ignore[arg-type]
    merged = best_cut([v for v, _, _ in rows], labels, ones, **options)  # type: ignore[arg-type]
    assert [cut.position for cut in scan.cuts] == [cut.position for cut in merged.cuts]
    assert (scan.lefts, scan.allowed) == (merged.lefts, merged.allowed)
    assert all(cut.below + 1e-5 < cut.above for cut in scan.cuts)


def test_a_resolution_merges_runs_of_close_values_in_regression_too() -> None:
    values = [1.0, 1.000004, 1.000008, 3.0]  # each within 1e-5 of the next: one run
    targets = [0.0, 5.0, 0.0, 5.0]
    options = {"criterion": "squared_error", "n_classes": 0, "min_side": 0}
    scan = best_cut(values, targets, [1.0] * 4, resolution=1e-5, **options)  # type: ignore[arg-type]
    assert scan.cuts == (Cut(3, 1.000008, 3.0),)
    assert scan.allowed == 1
    assert best_cut(values, targets, [1.0] * 4, **options).allowed == 3  # type: ignore[arg-type]


def brute_force(
    values: list[float], labels: list[int], criterion: str, min_side: int
) -> tuple[Fraction | float, float] | None:
    """Score every cut between distinct values exactly; the first best (score, below)."""
    best: tuple[Fraction | float, float] | None = None
    for below in sorted(set(values))[:-1]:
        left, right = cut_table(values, labels, below, classes=(0, 1))
        if sum(left) < min_side or sum(right) < min_side:
            continue
        score = impurity_decrease((left, right), IMPURITY[criterion])
        if best is None or score > best[0] + (1e-12 if isinstance(score, float) else 0):
            best = (score, below)
    return best


@given(
    st.lists(st.tuples(GRID, st.integers(0, 1)), min_size=2, max_size=30),
    st.sampled_from(sorted(IMPURITY)),
    st.integers(0, 4),
    st.sampled_from([1, 1.0]),
)
def test_the_scan_finds_the_first_best_of_all_cuts(
    rows: list[tuple[float, int]], criterion: str, min_side: int, unit: float
) -> None:
    """Only boundary points and the extreme allowed cuts are scored, yet none better is missed:
    the first best of all cuts, unless every cut gains nothing.  Integer weights take the
    exact path (ties decided in the scan), float weights the screened one."""
    values, labels = [v for v, _ in rows], [y for _, y in rows]
    scan = best_cut(
        values, labels, [unit] * len(rows), criterion=criterion, n_classes=2, min_side=min_side
    )
    expected = brute_force(values, labels, criterion, min_side)
    if not scan.cuts:  # no boundary point, and no binding minimum: no cut gains anything
        assert expected is None or float(expected[0]) <= 1e-12
        return
    assert expected is not None
    scores: list[tuple[Fraction | float, float]] = []
    for cut, left in zip(scan.cuts, scan.lefts, strict=True):
        counts = tuple(map(int, left))
        rest = tuple(int(t) - c for t, c in zip(scan.totals, counts, strict=True))
        scores.append((impurity_decrease((counts, rest), IMPURITY[criterion]), cut.below))
    top = max(score for score, _ in scores)
    slack: float = 1e-12 if isinstance(top, float) else 0.0
    first = next(below for score, below in scores if float(score) >= float(top) - slack)
    assert abs(float(top) - float(expected[0])) <= slack
    if float(expected[0]) > slack:  # when no cut gains, the first boundary point is taken
        assert first == expected[1]


@given(st.lists(st.tuples(GRID, st.integers(0, 1)), min_size=2, max_size=30))
def test_the_best_gini_cut_lies_at_a_boundary_point_or_gains_nothing(
    rows: list[tuple[float, int]],
) -> None:
    values, labels = [v for v, _ in rows], [y for _, y in rows]
    best = brute_force(values, labels, "gini", 0)
    if best is None or best[0] == 0:
        return
    assert best[1] in {a for a, _ in boundary_points(values, labels)}


def test_allowed_counts_every_cut_that_leaves_enough_weight_each_side() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 5.0]
    for min_side, allowed in [(0, 4), (1, 4), (2, 2), (3, 0)]:
        scan = best_cut(
            values, [0, 1, 0, 1, 0], [1.0] * 5, criterion="entropy", n_classes=2, min_side=min_side
        )
        assert scan.allowed == allowed


def test_regression_cut_between_two_levels() -> None:
    scan = best_cut(
        [1.0, 2.0, 3.0, 4.0],
        [5.0, 5.0, 9.0, 9.0],
        [1.0] * 4,
        criterion="squared_error",
        n_classes=0,
        min_side=0,
    )
    assert scan.cuts == (Cut(2, 2.0, 3.0),)
    assert scan.decrease == 4.0


def test_exact_ties_among_many_classes_go_to_the_first_cut_in_the_scan() -> None:
    """n rows of n classes: every cut costs n - 2.  Integer weights: the scan decides the tie
    exactly and returns the first cut only; float weights: every cut, for the caller."""
    n = 50
    values, classes = [float(x) for x in range(n)], list(range(n))
    scan = best_cut(values, classes, [1] * n, criterion="gini", n_classes=n, min_side=0)
    assert scan.cuts == (Cut(1, 0.0, 1.0),)
    assert scan.lefts == ((1,) + (0,) * (n - 1),)
    screened = best_cut(values, classes, [1.0] * n, criterion="gini", n_classes=n, min_side=0)
    assert [cut.position for cut in screened.cuts] == list(range(1, n))


def _left_counts(classes: tuple[int, ...], weights: tuple[Weight, ...], p: int) -> list[Weight]:
    counts: list[Weight] = [0, 0, 0]
    for k, w in zip(classes[:p], weights[:p], strict=True):
        counts[k] += w
    return counts


@pytest.mark.parametrize("criterion", ["gini", "misclassification"])
def test_the_exact_tie_break_takes_the_first_cut_of_largest_exact_decrease(criterion: str) -> None:
    """Every sequence of up to 5 rows of 3 classes, and of weights 1 (and 2, up to 4 rows, and
    1/2, up to 3 rows), and every set of cuts to choose from: the scan's exact choice is the
    first of the largest impurity decrease, scored by dtree.impurity on the cut's table."""
    impurity = IMPURITY[criterion]
    for n in range(2, 6):
        choices: tuple[Weight, ...] = ((1, 2, Fraction(1, 2)), (1, 2), (1,))[max(n - 3, 0)]
        every = range(1, n)
        subsets = [c for r in range(1, n) for c in itertools.combinations(every, r)]
        for classes in itertools.product(range(3), repeat=n):
            for weights in itertools.product(choices, repeat=n):
                totals: list[float] = [0, 0, 0]  # exact weights, as in the scan
                left = _prefix_sums(criterion, classes, weights, totals)
                right = _suffix_sums(criterion, classes, weights, totals, left)
                decrease = {}
                for p in every:
                    below = _left_counts(classes, weights, p)
                    above = [t - b for t, b in zip(totals, below, strict=True)]
                    decrease[p] = impurity_decrease((tuple(below), tuple(above)), impurity)
                for positions in subsets:
                    most = max(decrease[p] for p in positions)
                    first = next(p for p in positions if decrease[p] == most)
                    assert _first_exact_best(criterion, positions, left, right) == first, (
                        classes,
                        weights,
                        positions,
                    )


def _scan_of_fractions(
    values: list[float],
    classes: list[int],
    weights: list[Weight],
    criterion: str,
    min_side: Weight,
) -> Scan:
    """The scan of exact weights as it was first defined: every sum a sum of the fractions
    themselves (the scan now adds them as integers over their common denominator)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    sorted_values = [values[i] for i in order]
    ordered = [classes[i] for i in order]
    row_weights = [weights[i] for i in order]
    totals: list[float] = [0, 0, 0]
    left = _prefix_sums(criterion, ordered, row_weights, totals)
    weight = sum(totals)
    offered, allowed = _offered_cuts(sorted_values, ordered, row_weights, weight, min_side)
    if not offered:
        return Scan((), (), tuple(totals), allowed, 0.0)
    right = _suffix_sums(criterion, ordered, row_weights, totals, left)
    costs = _float_costs(criterion, weight, offered, left, right)
    least = min(costs)
    window = _window(criterion, len(order), weight)
    near = [p for p, cost in zip(offered, costs, strict=True) if cost <= least + window]
    if len(near) > 1 and criterion != "entropy":
        near = [_first_exact_best(criterion, near, left, right)]
    cuts = tuple(Cut(p, sorted_values[p - 1], sorted_values[p]) for p in near)
    decrease = (COSTS[criterion](totals, weight) - least) / weight
    return Scan(cuts, _lefts(near, ordered, row_weights, 3), tuple(totals), allowed, decrease)


FRACTIONS = st.fractions(min_value=Fraction(1, 1000), max_value=10, max_denominator=10**6)


@given(
    st.lists(
        st.tuples(GRID, st.integers(0, 2), st.one_of(st.integers(1, 3), FRACTIONS)),
        min_size=1,
        max_size=30,
    ),
    st.sampled_from(["gini", "entropy", "misclassification"]),
    st.one_of(st.just(0), FRACTIONS),
)
def test_a_scan_of_fractions_is_the_scan_of_their_sums_as_fractions(
    rows: list[tuple[float, int, Weight]], criterion: str, min_side: Weight
) -> None:
    """The scan adds fractions as integers over their common denominator: the same cuts,
    exact counts and allowed cuts, and the same float decrease (the screen), to the last bit
    where every weight is a fraction.  Where integers are among them, a sum of fractions
    divided Gini's sums of a side of integers in floats: the screen (a share of the node's
    weight) may then differ in its last bits, never the cuts, as the window is wide (and
    exact ties are compared exactly)."""
    values, classes, weights = (list(column) for column in zip(*rows, strict=True))
    found = best_cut(values, classes, weights, criterion=criterion, n_classes=3, min_side=min_side)
    if len(rows) < 2:
        return
    model = _scan_of_fractions(values, classes, weights, criterion, min_side)
    assert abs(found.decrease - model.decrease) <= 1e-12  # the screen is 1e-9 of the weight
    if all(isinstance(w, Fraction) for w in weights):
        assert found == model
    assert evolve(found, decrease=model.decrease) == model


def test_a_scan_of_floats_as_fractions_adds_them_exactly() -> None:
    """Weights of the binary fractions of floats (boosting's, reweighted) far apart in size,
    whose common denominator is 2^1074: the scan's integers stand for them exactly."""
    weights: list[Weight] = [Fraction(5e-324), Fraction(0.75), Fraction(1e-300), Fraction(3)]
    values, classes = [1.0, 2.0, 3.0, 4.0], [0, 1, 0, 1]
    for criterion in ("gini", "entropy", "misclassification"):
        found = best_cut(values, classes, weights, criterion=criterion, n_classes=3, min_side=0)
        assert found == _scan_of_fractions(values, classes, weights, criterion, 0)


def brute_force_rows(
    values: list[float], labels: list[int], weights: list[int], criterion: str, min_rows: int
) -> tuple[Fraction | float, float] | None:
    """Score every cut that leaves ``min_rows`` rows each side exactly; the first best."""
    best: tuple[Fraction | float, float] | None = None
    for below in sorted(set(values))[:-1]:
        if not min_rows <= sum(v <= below for v in values) <= len(values) - min_rows:
            continue
        table = cut_table(values, labels, below, classes=(0, 1), weights=weights)
        score = impurity_decrease(table, IMPURITY[criterion])
        if best is None or score > best[0] + (1e-12 if isinstance(score, float) else 0):
            best = (score, below)
    return best


@given(
    st.lists(st.tuples(GRID, st.integers(0, 1), st.integers(1, 4)), min_size=2, max_size=20),
    st.sampled_from(["gini", "squared_error"]),
    st.integers(0, 5),
)
def test_the_scan_keeps_min_rows_rows_each_side_whatever_their_weights(
    rows: list[tuple[float, int, int]], criterion: str, min_rows: int
) -> None:
    """``min_rows`` counts rows, not weight: the scan's first best cut is brute force's
    among the cuts that leave that many rows each side (scikit-learn's min_samples_leaf)."""
    values = [value for value, _, _ in rows]
    labels = [label for _, label, _ in rows]
    weights = [weight for _, _, weight in rows]
    regression = criterion == "squared_error"
    options = {"criterion": criterion, "n_classes": 0 if regression else 2, "min_side": 0}
    scan = best_cut(values, labels, weights, min_rows=min_rows, **options)  # type: ignore[arg-type]
    allowed = [
        below
        for below in sorted(set(values))[:-1]
        if min_rows <= sum(v <= below for v in values) <= len(values) - min_rows
    ]
    assert scan.allowed == len(allowed)
    assert all(cut.below in allowed for cut in scan.cuts)
    if regression or not scan.cuts:
        return
    expected = brute_force_rows(values, labels, weights, criterion, min_rows)
    assert expected is not None
    (cut,) = scan.cuts  # Gini of integer weights: the scan decides ties exactly
    table = cut_table(values, labels, cut.below, classes=(0, 1), weights=weights)
    assert impurity_decrease(table, gini) == expected[0]
    if expected[0] > 0:
        assert cut.below == expected[1]


# -- the Poisson criterion's scan ---------------------------------------------------------------


def poisson_brute_force(
    values: list[float], ys: list[float], weights: list[int], min_side: int
) -> tuple[float, list[float]] | None:
    """Every cut between distinct values scored by the plain formula, half the Poisson
    deviance of the node less its branches'; a side whose sum of w*y is 0 is no cut.  The
    best decrease and every cut's lower value that reaches it within TOLERANCE."""
    pairs = list(zip(values, ys, weights, strict=True))
    scored: list[tuple[float, float]] = []
    for below in sorted(set(values))[:-1]:
        sides = [[(y, w) for x, y, w in pairs if (x <= below) == left] for left in (True, False)]
        weight = [sum(w for _, w in side) for side in sides]
        if min(weight) < min_side or any(not any(y > 0 for y, _ in side) for side in sides):
            continue
        whole = half_poisson_deviance([(y, w) for _, y, w in pairs])
        branches = sum(
            wb / sum(weights) * half_poisson_deviance(side)
            for wb, side in zip(weight, sides, strict=True)
        )
        scored.append((whole - branches, below))
    if not scored:
        return None
    top = max(score for score, _ in scored)
    return top, [below for score, below in scored if score >= top - TOLERANCE]


@given(
    st.lists(
        st.tuples(GRID, st.integers(0, 6).map(float), st.integers(1, 3)),
        min_size=2,
        max_size=25,
    ),
    st.integers(0, 4),
)
def test_the_poisson_scan_finds_the_brute_forces_best_cut(
    rows: list[tuple[float, float, int]], min_side: int
) -> None:
    values, ys, weights = (list(column) for column in zip(*rows, strict=True))
    model = poisson_brute_force(values, ys, weights, min_side)
    scan = best_cut(values, ys, weights, criterion="poisson", n_classes=0, min_side=min_side)
    if model is None:
        assert scan.cuts == ()
        return
    top, best = model
    assert scan.cuts
    assert scan.cuts[0].below in best  # the scan's first near-best is a best cut
    assert math.isclose(scan.decrease, top, rel_tol=1e-9, abs_tol=1e-9)


def test_a_poisson_cut_leaving_a_side_of_zeros_is_not_made() -> None:
    """y = 0, 0 | 4, 4: the best squared-error cut has a side of mean 0, which has no
    logarithm; scikit-learn refuses it, and so does the Poisson scan (one cut is left)."""
    values, ys = [1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 4.0, 1.0]
    options = {"n_classes": 0, "min_side": 0}
    squared = best_cut(values, ys, [1] * 4, criterion="squared_error", **options)  # type: ignore[arg-type]
    poisson = best_cut(values, ys, [1] * 4, criterion="poisson", **options)  # type: ignore[arg-type]
    assert [cut.position for cut in squared.cuts] == [2]
    assert [cut.position for cut in poisson.cuts] == [3]
    assert poisson.allowed == 3  # counted, as every cut the minimum allows
    assert best_cut([1.0, 2.0], [0.0, 0.0], [1, 1], criterion="poisson", **options).cuts == ()  # type: ignore[arg-type]


# -- the absolute-error scan --------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(GRID, st.integers(-6, 6).map(lambda i: i / 2), st.integers(1, 3)),
        min_size=2,
        max_size=25,
    ),
    st.integers(0, 4),
)
def test_the_absolute_error_scan_finds_the_first_best_cut_of_the_brute_force(
    rows: list[tuple[float, float, int]], min_side: int
) -> None:
    """The model: every cut between distinct values, AE of each side by the plain formula
    (absolute_deviation), the first of the least total, exactly."""
    values, ys, weights = (list(column) for column in zip(*rows, strict=True))
    pairs = sorted(zip(values, ys, weights, strict=True))
    scored = []
    for below in sorted(set(values))[:-1]:
        sides = [[(y, w) for x, y, w in pairs if (x <= below) == left] for left in (True, False)]
        if min(sum(w for _, w in side) for side in sides) >= min_side:
            scored.append((sum(map(absolute_deviation, sides)), below))
    scan = best_cut(values, ys, weights, criterion="absolute_error", n_classes=0, min_side=min_side)
    assert scan.allowed == len(scored)
    if not scored:
        assert scan.cuts == ()
        return
    least = min(cost for cost, _ in scored)
    first = next(below for cost, below in scored if cost == least)
    assert [cut.below for cut in scan.cuts] == [first]
    whole = absolute_deviation([(y, w) for _, y, w in pairs])
    assert scan.decrease == float((whole - least) / sum(weights))


def offered_by_rows(
    sorted_values: list[float],
    classes: list[int],
    weights: list[Weight],
    *,
    min_side: Weight,
    resolution: float,
    min_rows: int,
) -> tuple[list[int], int]:
    """The offered cuts by definition, one cut at a time: a cut between two groups is allowed
    when each side weighs at least ``min_side`` and has at least ``min_rows`` rows; an
    allowed cut is offered when the two groups are not all of one class, or it is the
    first or last allowed cut and not the first or last cut."""
    m = len(sorted_values)
    gap = separated(resolution)
    cuts = [p for p in range(1, m) if gap(sorted_values[p - 1], sorted_values[p])]
    weight = sum(weights)
    allowed = [
        p
        for p in cuts
        if min_side <= sum(weights[:p])
        and min_side <= weight - sum(weights[:p])
        and (min_rows <= 1 or min_rows <= p <= m - min_rows)
    ]
    starts = [0, *cuts, m]
    offered = []
    for i, p in enumerate(cuts):
        if p not in allowed:
            continue
        around = classes[starts[i] : starts[i + 2]]
        ends = (p == allowed[0] and p != cuts[0]) or (p == allowed[-1] and p != cuts[-1])
        if len(set(around)) > 1 or ends:
            offered.append(p)
    return offered, len(allowed)


@given(
    st.lists(
        st.tuples(st.integers(0, 6), st.integers(0, 2), st.integers(1, 3)), min_size=1, max_size=30
    ),
    st.integers(0, 6),
    st.integers(0, 4),
    st.sampled_from([0.0, 1.5]),
)
def test_the_offered_cuts_are_those_the_definition_offers(
    rows: list[tuple[int, int, int]], min_side: int, min_rows: int, resolution: float
) -> None:
    rows.sort()
    values = [float(v) for v, _, _ in rows]
    classes = [k for _, k, _ in rows]
    weights: list[Weight] = [w for _, _, w in rows]
    found = _offered_cuts(
        values,
        classes,
        weights,
        sum(weights),
        min_side,
        separated=separated(resolution),
        min_rows=min_rows,
    )
    assert found == offered_by_rows(
        values, classes, weights, min_side=min_side, resolution=resolution, min_rows=min_rows
    )


def test_the_offered_cuts_law_fails_on_a_cut_inside_a_pure_run() -> None:
    """The model is not vacuous: a cut between two groups of one class is not offered."""
    values, classes = [1.0, 2.0, 3.0, 4.0], [0, 0, 1, 1]
    assert offered_by_rows(values, classes, [1] * 4, min_side=0, resolution=0.0, min_rows=0) == (
        [2],
        3,
    )
    assert offered_by_rows(values, classes, [1] * 4, min_side=0, resolution=0.0, min_rows=0) != (
        [1, 2],
        3,
    )


def summing_gini_scan(
    values: list[float],
    classes: list[int],
    weights: list[int],
    *,
    n_classes: int,
    min_side: int,
    min_rows: int,
) -> Scan:
    """The Gini scan of integer weights as the criteria without a counting scan take it: the
    running sums of each row's class weight, the offered cuts' float costs, the near-best
    decided exactly."""
    order = sorted(range(len(values)), key=values.__getitem__)
    sorted_values = [values[i] for i in order]
    ks = [classes[i] for i in order]
    ws: list[Weight] = [weights[i] for i in order]
    totals: list[float] = [0] * n_classes
    left = _prefix_sums("gini", ks, ws, totals)
    weight = sum(totals)
    offered, allowed = _offered_cuts(sorted_values, ks, ws, weight, min_side, min_rows=min_rows)
    if not offered:
        return Scan((), (), tuple(totals), allowed, 0.0)
    right = _suffix_sums("gini", ks, ws, totals, left)
    costs = _float_costs("gini", weight, offered, left, right)
    near = [
        offered[j] for j in near_best(costs, slack=_window("gini", len(ws), weight), lowest=True)
    ]
    least = min(costs[offered.index(p)] for p in near)
    if len(near) > 1:
        near = [_first_exact_best("gini", near, left, right)]
    cuts = tuple(Cut(p, sorted_values[p - 1], sorted_values[p]) for p in near)
    decrease = float((COSTS["gini"](totals, weight) - least) / weight)
    return Scan(cuts, _lefts(near, ks, ws, n_classes), tuple(totals), allowed, decrease)


@given(
    st.lists(st.tuples(GRID, st.integers(0, 4), st.integers(1, 3)), min_size=2, max_size=40),
    st.integers(2, 5),
    st.integers(0, 4),
    st.integers(0, 3),
)
def test_the_counting_gini_scan_is_the_summing_scan(
    rows: list[tuple[float, int, int]], n_classes: int, min_side: int, min_rows: int
) -> None:
    """Integer weights take the counting scan: the same cuts, counts and decrease as the
    summing scan of the other criteria gives."""
    values = [v for v, _, _ in rows]
    classes = [k % n_classes for _, k, _ in rows]
    weights = [w for _, _, w in rows]
    options = {
        "criterion": "gini",
        "n_classes": n_classes,
        "min_side": min_side,
        "min_rows": min_rows,
    }
    counted = best_cut(values, classes, weights, integral=True, **options)  # type: ignore[arg-type]
    assert counted == summing_gini_scan(
        values, classes, weights, n_classes=n_classes, min_side=min_side, min_rows=min_rows
    )
