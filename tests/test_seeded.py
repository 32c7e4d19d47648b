"""Seeded draws: each is a pure function of its key, and uniform."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.datasets import load
from dtree.ensemble.bagging import bag
from dtree.ensemble.boosting import gradient_boost
from dtree.errors import DtreeError
from dtree.grower.learner import Learner
from dtree.grower.presets import cart
from dtree.importance import permutation_importance
from dtree.resampling import k_fold
from dtree.seeded import below, bootstrap, child, digest, permutation, subset


def test_the_digest_is_the_documented_blake2b_of_the_key() -> None:
    import hashlib  # noqa: PLC0415 - the specification, written out

    expected = hashlib.blake2b(b"dtree/7/bootstrap/0/3", digest_size=16).digest()
    assert digest(7, "bootstrap", 0, 3) == int.from_bytes(expected, "big")


def test_below_rejects_the_incomplete_last_block() -> None:
    # n just above 2**127: about half of all digests fall in the incomplete block
    n = (1 << 127) + 1
    limit = (1 << 128) - (1 << 128) % n
    rejected = next(i for i in range(100) if digest("k", i) >= limit)
    assert below(n, "k", rejected) == below(n, "k", rejected, "again")
    accepted = next(i for i in range(100) if digest("k", i) < limit)
    assert below(n, "k", accepted) == digest("k", accepted) % n
    assert all(below(n, "k", i) < n for i in range(50))


def test_draws_are_uniform_over_many_keys() -> None:
    counts = Counter(below(6, 0, "die", i) for i in range(6000))
    chi_square = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert sorted(counts) == [0, 1, 2, 3, 4, 5]
    assert chi_square < 20.5  # p = 0.001 with 5 degrees of freedom; the draws are fixed


@given(st.integers(1, 60), st.integers(0, 10**6), st.integers(0, 50))
def test_a_bootstrap_draws_n_rows_and_repeats_exactly(n: int, seed: int, member: int) -> None:
    counts = bootstrap(n, seed, member)
    assert len(counts) == n
    assert sum(counts) == n
    assert counts == bootstrap(n, seed, member)


def test_the_out_of_bag_share_approaches_one_over_e() -> None:
    n = 2000
    out = [sum(c == 0 for c in bootstrap(n, 1, member)) / n for member in range(20)]
    assert abs(sum(out) / len(out) - 0.3679) < 0.01


@given(st.lists(st.integers(), max_size=12, unique=True), st.data())
def test_a_subset_keeps_k_items_in_order(items: list[int], data: st.DataObject) -> None:
    k = data.draw(st.integers(0, len(items)))
    chosen = subset(items, k, 3, "features")
    assert len(chosen) == k
    assert list(chosen) == [item for item in items if item in chosen]


def test_a_subset_refuses_more_than_it_has() -> None:
    with pytest.raises(DtreeError, match="cannot choose 3 of 2"):
        subset("ab", 3, 0)


@given(st.integers(0, 40), st.integers(0, 99))
def test_a_permutation_is_one(n: int, seed: int) -> None:
    assert sorted(permutation(n, seed)) == list(range(n))


def test_children_have_distinct_keys() -> None:
    keys = {child(child(0, a), b) for a in range(20) for b in range(20)}
    assert len(keys) == 400


def test_every_seeded_function_refuses_a_seed_in_the_same_words() -> None:
    golf = load("golf")
    refusals: list[Callable[[], object]] = [
        lambda: bag(golf, n_trees=1, seed=1.5),  # type: ignore[arg-type]
        lambda: gradient_boost(golf, n_stages=1, seed=1.5),  # type: ignore[arg-type]
        lambda: permutation_importance(cart(golf), golf, seed=1.5),  # type: ignore[arg-type]
        lambda: Learner(seed=1.5),  # type: ignore[arg-type]
        lambda: k_fold(golf, 3, seed=1.5),  # type: ignore[arg-type]
    ]
    for refuse in refusals:
        with pytest.raises(DtreeError) as raised:
            refuse()
        assert str(raised.value) == "the seed must be an integer, got 1.5"
