"""Seeded choices that any implementation can repeat: every draw is a hash of its name.

An ensemble is a pure function of its seed.  No random stream is kept:
each choice is named by a key (the seed, what is chosen, and where:
which member, which draw, which node) and decided by the 128-bit BLAKE2b
digest of that key, so a draw depends on nothing drawn before it, in
any order, on any machine, and another library can reproduce it from
this description alone:

* the key ``(seed, part, ...)`` is written as its parts' decimal or text
  forms joined by ``/``, prefixed ``dtree/``, in UTF-8: ``dtree/7/bootstrap/0/3``;
* :func:`digest` is ``int.from_bytes(blake2b(key, digest_size=16).digest(), "big")``;
* :func:`below` ``(key, n)`` is ``digest(key) % n`` unless the digest falls in the
  last, incomplete block of n values, ``digest >= 2**128 - 2**128 % n``; then it
  is :func:`below` of the key with ``/again`` appended (so every value is equally
  likely);
* :func:`bootstrap` draws row ``below((seed, "bootstrap", member, i), n)`` for
  i = 0, ..., n - 1 and counts each row's draws;
* :func:`subset` keeps the k items whose keys ``(seed, ..., item)`` have the
  smallest digests (ties, which have probability 2^-128, by position), in their
  given order;
* :func:`permutation` orders 0, ..., n - 1 by the digests of ``(seed, ..., i)``.

Contents: :func:`digest`, :func:`below`, :func:`bootstrap`, :func:`subset`,
:func:`permutation`, :func:`child`, :func:`check_seed`.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from dtree.errors import DtreeError, quote

__all__ = ["below", "bootstrap", "check_seed", "child", "digest", "permutation", "subset"]

T = TypeVar("T")

Part = int | str
"""A part of a key: a seed, a name, an index."""

_SPAN = 1 << 128


def _key(parts: Sequence[Part]) -> bytes:
    return ("dtree/" + "/".join(map(str, parts))).encode()


def digest(*parts: Part) -> int:
    """The 128-bit BLAKE2b digest of the key, as an integer.

    >>> digest(0, "bootstrap", 0, 0) < 2**128
    True
    >>> digest(0, "a") == digest(0, "a") != digest(1, "a")
    True
    """
    return int.from_bytes(hashlib.blake2b(_key(parts), digest_size=16).digest(), "big")


def below(n: int, *parts: Part) -> int:
    """A number in 0, ..., n - 1 named by the key, each equally likely.

    >>> sorted({below(3, 5, "die", i) for i in range(60)})
    [0, 1, 2]
    """
    if n < 1:
        raise DtreeError(f"cannot draw below {n}")
    limit = _SPAN - _SPAN % n
    value = digest(*parts)
    while value >= limit:
        parts = (*parts, "again")
        value = digest(*parts)
    return value % n


def bootstrap(n: int, seed: int, member: int) -> tuple[int, ...]:
    """How many times each of n rows is drawn in n draws with replacement: the bootstrap
    sample of ensemble member ``member``, as a weight per row.

    >>> counts = bootstrap(10, 0, 0)
    >>> sum(counts), len(counts)
    (10, 10)
    >>> bootstrap(10, 0, 0) == counts != bootstrap(10, 0, 1)
    True
    """
    drawn = Counter(below(n, seed, "bootstrap", member, i) for i in range(n))
    return tuple(drawn[row] for row in range(n))


def subset(items: Sequence[T], k: int, *parts: Part) -> tuple[T, ...]:
    """The k of ``items`` whose keys (``parts``, then the item's position) hash lowest, in
    their given order: a uniformly random k-subset, named by the key.

    >>> subset("abcdef", 3, 0, "features", 1)
    ('b', 'c', 'd')
    >>> subset("abcdef", 6, 0, "features", 1)
    ('a', 'b', 'c', 'd', 'e', 'f')
    """
    if not 0 <= k <= len(items):
        raise DtreeError(f"cannot choose {k} of {len(items)} items")
    ranked = sorted(range(len(items)), key=lambda i: (digest(*parts, i), i))
    return tuple(items[i] for i in sorted(ranked[:k]))


def permutation(n: int, *parts: Part) -> tuple[int, ...]:
    """0, ..., n - 1 in the order of their keys' digests: a uniformly random permutation.

    >>> permutation(5, 0, "shuffle")
    (2, 4, 1, 3, 0)
    >>> sorted(permutation(5, 0, "shuffle"))
    [0, 1, 2, 3, 4]
    """
    return tuple(sorted(range(n), key=lambda i: (digest(*parts, i), i)))


def child(node: int, branch: int) -> int:
    """The key of a node's ``branch``-th child, from its own: the root's is 0.  A node's key
    names it by its path from the root, whatever order a tree is grown in.

    >>> child(0, 1) != child(0, 0) != child(child(0, 0), 0)
    True
    """
    return digest(node, branch) >> 64


def check_seed(seed: object) -> int:
    """``seed``, refused unless it is an integer (not a bool): a key's first part.

    >>> check_seed(7)
    7
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: the seed must be an integer, got 1.5
    """
    if type(seed) is not int:
        raise DtreeError(f"the seed must be an integer, got {quote(seed)}")
    return seed
