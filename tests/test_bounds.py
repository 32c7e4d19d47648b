"""dtree.bounds: the CS 536 notes' sample-size bound, exactly, and the hypotheses it counts.

The Boolean functions of k variables are counted as truth tables, and the
decision trees of bounded depth by building every one of them (brute force
as the model); the bound is checked against 2^k / epsilon^2 exactly.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.bounds import boolean_hypotheses, boolean_trees, sample_size_bound
from dtree.errors import DtreeError


def test_boolean_hypotheses_count_the_truth_tables() -> None:
    for k in range(4):
        inputs = list(itertools.product((0, 1), repeat=k))
        tables = set(itertools.product((0, 1), repeat=len(inputs)))  # one output per input
        assert boolean_hypotheses(k) == len(tables) == 2 ** (2**k)
    assert boolean_hypotheses(20).bit_length() == 2**20 + 1


BooleanTree = int | tuple[int, "BooleanTree", "BooleanTree"]
"""A leaf's label 0 or 1, or (variable, tree for 0, tree for 1)."""


def every_boolean_tree(variables: frozenset[int], depth: int) -> list[BooleanTree]:
    """Brute force: every tree of at most this depth testing each variable once per path."""
    below = (
        [
            (v, low, high)
            for v in sorted(variables)
            for low in every_boolean_tree(variables - {v}, depth - 1)
            for high in every_boolean_tree(variables - {v}, depth - 1)
        ]
        if depth
        else []
    )
    return [0, 1, *below]


def truth_table_of(tree: BooleanTree, k: int) -> tuple[int, ...]:
    def value(node: BooleanTree, x: tuple[int, ...]) -> int:
        while not isinstance(node, int):
            variable, low, high = node
            node = high if x[variable] else low
        return node

    return tuple(value(tree, x) for x in itertools.product((0, 1), repeat=k))


def test_boolean_trees_count_every_tree() -> None:
    for k, depth in itertools.product(range(4), range(5)):
        trees = every_boolean_tree(frozenset(range(k)), depth)
        assert boolean_trees(k, depth) == len(trees)
        functions = {truth_table_of(tree, k) for tree in trees}
        assert len(functions) <= min(len(trees), boolean_hypotheses(k))
        if depth >= k:  # deep enough, trees compute every Boolean function
            assert len(functions) == boolean_hypotheses(k)


@given(st.integers(0, 40), st.integers(0, 12))
def test_boolean_trees_are_few_beside_all_functions(k: int, depth: int) -> None:
    count = boolean_trees(k, depth)
    assert count == boolean_trees(k, min(depth, k))  # no variable is left to test below k
    # log2 T(k, d) < 2^d log2(2k + 1), compared exactly as T(k, d) < (2k + 1)^(2^d)
    assert count < (2 * k + 1) ** (2**depth) or k == 0


epsilons = st.sampled_from([Fraction(1, 10), Fraction(1, 3), Fraction(1, 2), 1]) | st.floats(
    min_value=1e-3, max_value=2
)


@given(st.integers(0, 16), epsilons)
def test_the_bound_for_boolean_functions_is_two_to_the_k_over_epsilon_squared(
    k: int, epsilon: Fraction | float
) -> None:
    bound = sample_size_bound(epsilon, boolean_hypotheses(k))
    assert bound == math.ceil(Fraction(2**k) / Fraction(epsilon) ** 2)


def test_sample_size_bound_by_hand() -> None:
    assert sample_size_bound(Fraction(1, 10), boolean_hypotheses(3)) == 800
    # The float 0.1 is a little more than 1/10, so 1/0.1^2 is a little less than 100.
    assert sample_size_bound(0.1, boolean_hypotheses(3)) == 800
    assert sample_size_bound(0.1, 2**100) == 10000
    assert sample_size_bound(Fraction(1, 2), 1) == 0  # one hypothesis: nothing to tell apart
    assert sample_size_bound(1, 2**10, base=4) == 5  # log_4 2^10 = 5, exactly
    assert sample_size_bound(1, 8, base=4) == 2  # log_4 8 = 3/2
    assert sample_size_bound(Fraction(1, 10), 1000, base=10) == 300
    assert sample_size_bound(1, 1000) == math.ceil(math.log2(1000)) == 10
    assert sample_size_bound(1, 10, base=math.e) == math.ceil(math.log(10))


def test_sample_size_bound_of_a_huge_hypothesis_space() -> None:
    huge = boolean_hypotheses(24)  # 2^16777216: a number of 2 MiB
    assert sample_size_bound(Fraction(1, 100), huge) == 2**24 * 10_000
    assert sample_size_bound(Fraction(1, 100), huge, base=10) == math.ceil(
        Fraction(2**24 * math.log10(2)) * 10_000
    )
    assert sample_size_bound(Fraction(1, 10), 3**1000, base=3) == 100_000
    assert sample_size_bound(Fraction(1, 10), 3**1000, base=9) == 50_000


@pytest.mark.parametrize(
    ("epsilon", "hypotheses", "base", "message"),
    [
        (0, 16, 2, "epsilon must be"),
        (-0.1, 16, 2, "epsilon must be"),
        (math.inf, 16, 2, "epsilon must be"),
        (0.1, 0, 2, "integer >= 1"),
        (0.1, 16.0, 2, "integer >= 1"),
        (0.1, True, 2, "integer >= 1"),
        (0.1, 16, 1, "base of the logarithm"),
        (0.1, 16, 0.5, "base of the logarithm"),
    ],
)
def test_sample_size_bound_refuses_bad_arguments(
    epsilon: float, hypotheses: int, base: float, message: str
) -> None:
    with pytest.raises(DtreeError, match=message):
        sample_size_bound(epsilon, hypotheses, base=base)
    with pytest.raises(DtreeError, match="k must be"):
        boolean_hypotheses(-1)
