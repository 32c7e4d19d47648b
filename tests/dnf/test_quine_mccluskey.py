"""Prime implicants and minimum covers on bit vectors, against brute force over every
function of up to three variables."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from dtree.dnf.quine_mccluskey import (
    Cube,
    bits,
    depends,
    everything,
    inside,
    minimum_cover,
    ones,
    primes,
    term_order,
)
from dtree.errors import DtreeError


def cubes(n: int) -> list[Cube]:
    """Every term of n variables: each variable left free, 0 or 1 (3^n of them)."""
    found = []
    for choice in product((None, 0, 1), repeat=n):
        care = sum(1 << (n - 1 - j) for j, c in enumerate(choice) if c is not None)
        values = sum(1 << (n - 1 - j) for j, c in enumerate(choice) if c == 1)
        found.append((care, values))
    return found


def brute_primes(table: int, n: int) -> set[Cube]:
    """The implicants no other implicant contains."""
    implicants = [cube for cube in cubes(n) if inside(n, cube) & ~table == 0]
    return {
        cube
        for cube in implicants
        if not any(
            other != cube and inside(n, cube) & ~inside(n, other) == 0 for other in implicants
        )
    }


FUNCTIONS = [(n, table) for n in range(4) for table in range(1 << (1 << n))]


def test_a_cube_holds_the_assignments_that_agree_with_it() -> None:
    for n in range(4):
        for care, values in cubes(n):
            expected = sum(1 << m for m in range(1 << n) if m & care == values)
            assert inside(n, (care, values)) == expected
    assert inside(3, (0, 0)) == everything(3)
    assert [list(bits(ones(3, p))) for p in range(3)] == [[1, 3, 5, 7], [2, 3, 6, 7], [4, 5, 6, 7]]


def test_primes_are_the_maximal_implicants_in_term_order() -> None:
    for n, table in FUNCTIONS:
        found = primes(table, n)
        assert set(found) == brute_primes(table, n)
        assert found == sorted(found, key=lambda cube: term_order(cube, n))


def test_minimum_cover_has_fewest_terms_then_literals() -> None:
    for n, table in FUNCTIONS:
        cover = minimum_cover(table, 0, n)
        assert _union(n, cover) == table
        assert set(cover) <= set(primes(table, n))
        found = primes(table, n)
        best = min(
            (len(other), _literals(n, other))
            for k in range(len(found) + 1)
            for other in combinations(found, k)
            if _union(n, other) == table
        )
        assert (len(cover), _literals(n, cover)) == best


def _literals(n: int, cover: tuple[Cube, ...]) -> int:
    return sum(term_order(cube, n)[0] for cube in cover)


def _union(n: int, cover: tuple[Cube, ...]) -> int:
    union = 0
    for cube in cover:
        union |= inside(n, cube)
    return union


def test_a_function_depends_on_a_variable_when_its_two_halves_differ() -> None:
    for n, table in FUNCTIONS:
        for position in range(n):
            flip = [m ^ (1 << position) for m in range(1 << n)]
            changes = any((table >> m & 1) != (table >> f & 1) for m, f in enumerate(flip))
            assert depends(table, n, position) == changes


def test_dont_cares_may_be_covered_and_a_bad_budget_is_refused() -> None:
    a, b = ones(2, 1), ones(2, 0)
    assert minimum_cover(a & b, a & ~b, 2) == ((0b10, 0b10),)  # a
    assert minimum_cover(0, a, 2) == ()
    with pytest.raises(DtreeError, match="budget"):
        minimum_cover(a, 0, 2, budget=-1)
