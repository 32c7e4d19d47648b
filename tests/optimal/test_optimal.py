"""dtree.optimal: exact search against brute force, the worked cases, and the refusals.

Brute force is the model: every tree of binary tests up to the depth, built from the same
tests (:func:`optimal.binary_tests`), each scored by its error, leaves and preorder of tests;
the solver's tree must be the least under that order, for every objective.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import partial
from typing import NamedTuple

import pytest
from helpers import assert_kept_the_promise, recorded, thorough
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import invariants as law
from dtree import optimal
from dtree.arithmetic import Real, rational
from dtree.conditions import holds
from dtree.counts import ClassStats
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.ensemble import predict
from dtree.errors import DtreeError
from dtree.grower.presets import cart, id3
from dtree.progress import STEPS, Progress, Report
from dtree.prune import cost_complexity, cost_complexity_path, tree_risk
from dtree.render import text
from dtree.strategies import datasets
from dtree.tree import Leaf, Split, Tree, n_leaves, preorder


class Scored(NamedTuple):
    """A tree of the brute force: its error, leaves and preorder of test indexes."""

    error: Real
    leaves: int
    order: tuple[int, ...]


def every_tree(data: Dataset, depth: int) -> Iterator[Scored]:
    """Every tree of ``data``'s binary tests of depth at most ``depth``, splits of one empty
    side included, scored on ``data``'s present rows."""
    present = data.present()
    found = optimal.binary_tests(present)
    classes = present.schema.classes

    def error(rows: tuple[int, ...]) -> Real:
        counts = [Fraction(0)] * len(classes)
        for row in rows:
            counts[classes.index(str(present.target[row]))] += rational(present.weights[row])
        return sum(counts) - max(counts)

    def trees(rows: tuple[int, ...], depth: int) -> list[Scored]:
        grown = [Scored(error(rows), 1, (optimal.LEAF,))]
        if depth == 0:
            return grown
        for t, test in enumerate(found):
            yes = tuple(r for r in rows if holds(test.yes, present.example(r)))
            no = tuple(r for r in rows if r not in yes)
            for left in trees(yes, depth - 1):
                for right in trees(no, depth - 1):
                    grown.append(
                        Scored(
                            left.error + right.error,
                            left.leaves + right.leaves,
                            (t, *left.order, *right.order),
                        )
                    )
        return grown

    yield from trees(present.rows, depth)


def scored(tree: Tree, data: Dataset) -> Scored:
    """The solver's tree scored as the brute force scores its trees."""
    found = optimal.binary_tests(data.present())
    order: list[int] = []
    for visit in preorder(tree):
        match visit.node:
            case Leaf():
                order.append(optimal.LEAF)
            case Split(branches):
                first = branches[0].condition
                order.append(next(t for t, test in enumerate(found) if test.yes == first))
    errors = Fraction(0)
    for visit in preorder(tree):
        if isinstance(visit.node, Leaf):
            stats = visit.node.stats
            assert isinstance(stats, ClassStats)
            weights = dict(zip(stats.classes, stats.counts, strict=True))
            errors += sum(map(rational, stats.counts)) - rational(
                weights[str(visit.node.prediction)]
            )
    return Scored(errors, n_leaves(tree), tuple(order))


def least(trees: Iterator[Scored], penalty: Real = 0) -> Scored:
    return min(trees, key=lambda s: (s.error + penalty * s.leaves, s.leaves, s.order))


tiny = datasets(min_rows=1, max_rows=7, max_attributes=2, max_values=3, max_numeric=2)
tiny_weighted = datasets(
    min_rows=1, max_rows=6, max_attributes=2, max_values=2, max_numeric=1, weighted=True
)


def few_tests(data: Dataset, most: int) -> bool:
    return len(optimal.binary_tests(data.present())) <= most


# --- brute force -------------------------------------------------------------------------


@given(st.one_of(tiny, tiny_weighted).filter(lambda d: few_tests(d, 6)), st.integers(0, 2))
def test_least_error_is_the_least_tree_of_the_brute_force(data: Dataset, depth: int) -> None:
    assert scored(optimal.least_error(data, depth), data) == least(every_tree(data, depth))


@thorough(150)
@given(tiny.filter(lambda d: few_tests(d, 3)))
def test_least_error_at_depth_three_is_the_least_tree_of_the_brute_force(data: Dataset) -> None:
    assert scored(optimal.least_error(data, 3), data) == least(every_tree(data, 3))


@given(tiny.filter(lambda d: few_tests(d, 5)), st.integers(1, 4))
def test_a_leaf_limit_is_the_least_tree_within_it(data: Dataset, leaves: int) -> None:
    within = (s for s in every_tree(data, 2) if s.leaves <= leaves)
    assert scored(optimal.least_error(data, 2, max_leaves=leaves), data) == least(within)


@given(tiny.filter(lambda d: few_tests(d, 5)), st.integers(0, 3))
def test_smallest_has_the_fewest_leaves_within_the_error(data: Dataset, errors: int) -> None:
    trees = [s for s in every_tree(data, 2) if s.error <= errors]
    if not trees:
        with pytest.raises(DtreeError, match="training errors; the least is"):
            optimal.smallest(data, max_errors=errors, max_depth=2)
        return
    best = min(trees, key=lambda s: (s.leaves, s.error, s.order))
    assert scored(optimal.smallest(data, max_errors=errors, max_depth=2), data) == best


@given(
    st.one_of(tiny, tiny_weighted).filter(lambda d: few_tests(d, 5)),
    st.fractions(min_value=0, max_value=Fraction(1, 2), max_denominator=20),
)
def test_penalized_is_the_least_cost_complexity_of_the_brute_force(
    data: Dataset, alpha: Fraction
) -> None:
    whole = sum(rational(w) for w in data.present().row_weights)
    tree = optimal.penalized(data, alpha, max_depth=2)
    assert scored(tree, data) == least(every_tree(data, 2), alpha * whole)
    best = min(s.error / whole + alpha * s.leaves for s in every_tree(data, 2))
    assert cost_complexity(tree, alpha) == best  # dtree's own measure of R(T) + alpha |T|


@given(tiny.filter(lambda d: few_tests(d, 5)))
def test_the_frontier_is_the_least_error_for_each_number_of_leaves(data: Dataset) -> None:
    points = optimal.frontier(data, 2)
    trees = list(every_tree(data, 2))
    for leaves, error in points:
        assert error == min(s.error for s in trees if s.leaves <= leaves)
    assert points[-1][1] == min(s.error for s in trees)
    assert [n for n, _ in points] == list(range(1, len(points) + 1))


# --- worked cases ------------------------------------------------------------------------

XOR = Dataset.from_columns({"a": list("0011"), "b": list("0101"), "y": list("noon")}, target="y")


def test_exclusive_or_needs_four_leaves_where_greedy_gains_nothing_at_the_root() -> None:
    tree = optimal.least_error(XOR, 2)
    assert scored(tree, XOR).error == 0
    assert [predict(tree, XOR.example(r)) for r in range(4)] == list("noon")
    assert n_leaves(tree) == 4
    assert n_leaves(optimal.least_error(XOR, 1)) == 1  # no single test helps: a leaf


BOUNDARY = Dataset.from_columns(
    {"x": [2, 3, 1, 2, 1, 3], "z": [4, 4, 3, 1, 1, 2], "y": list("101101")}, target="y"
)


def test_a_cut_between_two_values_of_one_class_can_be_needed() -> None:
    """Fayyad & Irani's boundary points suffice for one split, not for a tree: z = 2 and z = 3
    are each of class 1, yet the only perfect tree of depth 2 cuts z between them."""
    tree = optimal.least_error(BOUNDARY, 2)
    assert scored(tree, BOUNDARY).error == 0
    assert text(tree).splitlines()[1].startswith("z <= 2.5")


def test_play_tennis_smallest_consistent_tree_is_quinlans() -> None:
    tennis = load("play-tennis")
    tree = optimal.smallest(tennis)
    assert n_leaves(tree) == 5
    assert scored(tree, tennis).error == 0
    assert n_leaves(id3(tennis)) == 5  # ID3 finds the smallest here


def test_the_results_are_dtree_trees_with_their_statistics() -> None:
    tennis = load("play-tennis")
    for tree in (
        optimal.least_error(tennis, 2),
        optimal.smallest(tennis),
        optimal.penalized(tennis, Fraction(1, 20)),
    ):
        assert law.stats_are_additive(tree)
        assert law.leaves_predict_plurality(tree)
        assert tree_risk(tree) == scored(tree, tennis).error / 14


def test_a_weight_of_two_is_a_row_twice() -> None:
    doubled = Dataset.from_columns(
        {"x": [1, 2, 3, 3], "y": list("abba")}, target="y", weights=[2, 1, 1, 1]
    )
    twice = Dataset.from_columns({"x": [1, 1, 2, 3, 3], "y": list("aabba")}, target="y")
    assert text(optimal.least_error(doubled, 2)) == text(optimal.least_error(twice, 2))


def test_penalized_is_at_most_the_greedy_path_at_every_alpha() -> None:
    tennis = load("play-tennis")
    path = cost_complexity_path(cart(tennis))
    for alpha, pruned in zip(path.alphas, path.trees, strict=True):
        assert cost_complexity(optimal.penalized(tennis, alpha), alpha) <= cost_complexity(
            pruned, alpha
        )


# --- refusals ----------------------------------------------------------------------------


def test_the_budget_stops_the_search_with_a_clear_error() -> None:
    tennis = load("play-tennis")
    with pytest.raises(DtreeError, match=r"budget=3 spent before the exact search was done"):
        optimal.least_error(tennis, 3, budget=3)


def thresholds(n: int) -> Dataset:
    """n distinct values of one numeric attribute: n - 1 tests, classes in runs of three."""
    return Dataset.from_columns(
        {"x": list(range(n)), "y": ["ab"[i // 3 % 2] for i in range(n)]}, target="y"
    )


def test_the_budget_counts_work_not_subproblems() -> None:
    """A stump over 2,000 thresholds is one subproblem, but a scan of 2,000 rows: it is
    work the budget counts, and a budget too small for it stops the search."""
    data = thresholds(2000)
    with pytest.raises(optimal.BudgetError, match="budget=1,000 spent") as raised:
        optimal.least_error(data, 1, budget=1000)
    assert raised.value.budget == 1000
    assert n_leaves(optimal.least_error(data, 1, budget=10_000)) == 2
    with pytest.raises(optimal.BudgetError):  # and so does a depth-two search of its rows
        optimal.least_error(data, 2, budget=100_000)


def test_a_spent_budget_is_pickled_whole() -> None:
    """A search in a process pool hands its error back whole."""
    error = pickle.loads(pickle.dumps(optimal.BudgetError(7)))
    assert isinstance(error, optimal.BudgetError)
    assert (error.budget, str(error)) == (7, str(optimal.BudgetError(7)))


SEARCHES: dict[str, Callable[..., object]] = {
    "least_error": partial(optimal.least_error, max_depth=2),
    "least_error, 3 leaves": partial(optimal.least_error, max_depth=3, max_leaves=3),
    "smallest": partial(optimal.smallest, max_errors=2, max_depth=3),
    "penalized": partial(optimal.penalized, alpha=Fraction(1, 20)),
    "frontier": partial(optimal.frontier, max_depth=2),
}


def searched(search: Callable[..., object], data: Dataset, report: Report) -> object:
    return search(data, progress=report)


@settings(max_examples=20)
@given(datasets(max_rows=12, max_numeric=2))
def test_a_search_reports_the_share_of_its_budget_spent(data: Dataset) -> None:
    """Every search keeps the promise of dtree.progress, and finds what it finds without a
    callback."""
    for search in SEARCHES.values():
        try:
            plain = search(data)
        except DtreeError as error:  # no tree within max_errors; never the budget
            if isinstance(error, optimal.BudgetError):
                raise
            continue
        found, seen = recorded(partial(searched, search, data))
        assert found == plain
        assert_kept_the_promise(seen, float(optimal.BUDGET))


def test_a_long_search_reports_a_bounded_number_of_times() -> None:
    data = thresholds(300)
    tree, seen = recorded(lambda report: optimal.least_error(data, 2, progress=report))
    assert tree == optimal.least_error(data, 2)
    assert_kept_the_promise(seen, float(optimal.BUDGET))
    seen_small: list[Progress] = []
    with pytest.raises(optimal.BudgetError):
        optimal.least_error(data, 3, budget=200_000, progress=seen_small.append)
    shares = [p.share for p in seen_small]
    assert 100 < len(shares) <= STEPS
    assert shares == sorted(shares)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: optimal.least_error(load("play-tennis"), -1), "max_depth must be"),
        (lambda: optimal.least_error(load("play-tennis"), 2, max_leaves=0), "max_leaves must"),
        (lambda: optimal.penalized(load("play-tennis"), -0.5), "alpha must be"),
        (lambda: optimal.penalized(load("play-tennis"), float("nan")), "alpha must be"),
        (lambda: optimal.smallest(load("play-tennis"), max_errors=-1), "max_errors must"),
        (lambda: optimal.least_error(load("play-tennis"), 2, budget=-1), "budget must"),
    ],
)
def test_bad_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        call()  # type: ignore[operator]


def test_a_numeric_target_is_refused() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0], "y": [0.5, 1.5]}, target="y")
    with pytest.raises(DtreeError, match="classification trees; the target 'y' is numeric"):
        optimal.least_error(data, 1)


def test_a_missing_value_is_refused_naming_its_row_and_column() -> None:
    data = Dataset.from_columns({"x": [1.0, None], "y": list("ab")}, target="y")
    with pytest.raises(DtreeError, match=r"row 2, column 'x': exact search needs complete"):
        optimal.least_error(data, 1)


def test_inconsistent_data_has_no_perfect_tree() -> None:
    data = Dataset.from_columns({"x": list("uu"), "y": list("ab")}, target="y")
    with pytest.raises(DtreeError, match="no tree has at most 0 training errors; the least is 1"):
        optimal.smallest(data)


def test_a_deep_search_is_refused_not_a_recursion_error() -> None:
    rows = 400
    data = Dataset.from_columns(
        {"x": [float(i) for i in range(rows)], "y": [str(i % 2) for i in range(rows)]}, target="y"
    )
    assert sys.getrecursionlimit() < 10_000
    with pytest.raises(DtreeError, match="give a max_depth"):
        optimal.penalized(data, 0)


def test_no_argument_is_mutated() -> None:
    assert law.leaves_arguments_unchanged(optimal.least_error, load("play-tennis"), 2)


def smallest_perfect(data: Dataset) -> Tree:
    return optimal.smallest(data, max_depth=3)


@given(tiny.filter(lambda d: few_tests(d, 6)))
def test_the_laws_of_learners_hold(data: Dataset) -> None:
    assert law.fits_consistent_data(lambda d: optimal.least_error(d, 6), data)
    assert law.reaches_least_training_error(lambda d: optimal.least_error(d, 6), data)
    order = list(reversed(data.rows))
    assert law.is_permutation_invariant(lambda d: optimal.least_error(d, 2), data, order)
    copies = [1 + row % 2 for row in data.rows]
    penalized = partial(optimal.penalized, alpha=0.01, max_depth=2)
    assert law.weights_act_as_copies(penalized, data, copies)


@settings(deadline=None)
@given(tiny)
def test_binarised_columns_are_the_tests(data: Dataset) -> None:
    binary = optimal.binarised(data)
    found = optimal.binary_tests(data)
    assert len(binary.schema.attributes) == len(found)
    for column, test in zip(binary.columns, found, strict=True):
        for row in data.rows:
            assert (column[row] == "1") == bool(holds(test.yes, data.example(row)))
