"""Learning-theory bounds: how much data a learner needs, and how many hypotheses it chooses from.

Vocabulary
----------
H
    A finite hypothesis space: the functions a learner may output.
sample-size bound
    m >= (1 / epsilon^2) log |H| (the CS 536 notes, eq. 5): with m
    training examples, every f in H has a training error within epsilon
    of its true error.
Boolean functions of k variables
    |H| = 2^(2^k), one bit of truth table for each of the 2^k inputs:
    all of them need about 2^k / epsilon^2 examples.
Decision trees of bounded depth
    T(k, d), the trees over k Boolean variables of depth at most d: far
    fewer than all functions (the notes' regularisation by depth, and
    Occam's razor, counted).

Contents: :func:`boolean_hypotheses`, :func:`boolean_trees`,
:func:`sample_size_bound`.

Exact: |H| is any Python int, however large, and log_base |H| is a
``Fraction`` whenever |H| and an integer base are powers of one integer.
"""

from __future__ import annotations

import math
from fractions import Fraction

from dtree.arithmetic import Number, Real, check_count, is_number
from dtree.errors import DtreeError, quote

__all__ = ["boolean_hypotheses", "boolean_trees", "sample_size_bound"]


def boolean_hypotheses(k: int) -> int:
    """|H| = 2^(2^k): the number of Boolean functions of k Boolean variables.

    (A function is its truth table, one bit for each of the 2^k inputs.)
    The result has 2^k + 1 bits: k = 30 takes 128 MiB.

    >>> [boolean_hypotheses(k) for k in range(4)]
    [2, 4, 16, 256]

    See also: :func:`sample_size_bound`.
    """
    return 1 << (1 << check_count("k", k, 0))


def boolean_trees(k: int, depth: int) -> int:
    """The number of decision trees over k Boolean variables of depth at most ``depth``.

    A tree is a leaf labelled 0 or 1, or a test of one of the variables
    not tested above it with a tree for each of its two values, so
    T(k, 0) = 2 and T(k, d) = 2 + k T(k - 1, d - 1)^2.  Distinct trees can
    compute one function, so the trees of depth d are a hypothesis space
    of at most T(k, d) functions.  Since T >= 2, T(k, d) <= (k + 1/2) T(k,
    d - 1)^2, so log2 T(k, d) < 2^d log2(2k + 1) for k >= 1, where all 2^(2^k)
    functions need 2^k bits: the CS 536 notes' regularisation by depth,
    counted.

    >>> [boolean_trees(2, d) for d in range(4)]
    [2, 10, 74, 74]
    >>> boolean_trees(10, 3), boolean_hypotheses(10).bit_length() - 1
    (1082848362, 1024)

    See also: :func:`boolean_hypotheses`, :func:`sample_size_bound`.
    """
    check_count("k", k, 0)
    check_count("depth", depth, 0)
    # T(k - depth + j, j) for j = 0, 1, ..., depth: the trees that fit under
    # the last j levels, with the variables that the levels above leave.
    count = 2
    for j in range(1, depth + 1):
        variables = k - depth + j
        count = 2 + variables * count * count if variables > 0 else 2
    return count


def _integer_root(base: int) -> tuple[int, int]:
    """(r, s) with base = r^s and s as large as possible."""
    for s in range(base.bit_length(), 1, -1):
        r = round(base ** (1 / s))
        for candidate in (r - 1, r, r + 1):
            if candidate > 1 and candidate**s == base:
                return candidate, s
    return base, 1


def _log(hypotheses: int, base: Number) -> Real:
    """log_base |H|: exact when |H| and an integer base are powers of one integer."""
    if hypotheses == 1:
        return Fraction(0)
    root, s = _integer_root(base) if type(base) is int else (0, 0)
    if root and hypotheses % root == 0:
        if root == 2:  # a power of two is its bit length less one; no huge power computed
            t = hypotheses.bit_length() - 1
            if hypotheses == 1 << t:
                return Fraction(t, s)
        else:
            t = round(math.log(hypotheses, root))
            for exponent in (t - 1, t, t + 1):
                if exponent > 0 and root**exponent == hypotheses:
                    return Fraction(exponent, s)
    return math.log(hypotheses) / math.log(base)


def sample_size_bound(epsilon: Number, hypotheses: int, *, base: Number = 2) -> int:
    """The least integer m with m >= (1 / epsilon^2) log |H| (the CS 536 notes, eq. 5).

    With that many training examples, |err(f) - err_train(f)| < epsilon for
    every f of a finite hypothesis space H (the notes' bound, up to its
    constant).  ``epsilon`` counts as the exact number it is (the float 0.1
    is a little more than 1/10; pass Fraction(1, 10) for a tenth).
    log_base |H| is exact when |H| and an integer base are powers of one
    integer (2^(2^k) in base 2 is 2^k, 8 in base 4 is 3/2), and otherwise
    the float log |H| / log base; |H| may be any Python int, however large.

    For Boolean functions of k variables, |H| = 2^(2^k) and the bound is
    2^k / epsilon^2: the notes' "almost every possible value of x".

    >>> sample_size_bound(Fraction(1, 10), boolean_hypotheses(10))  # 1024 / 0.01
    102400
    >>> sample_size_bound(Fraction(1, 10), 1000, base=10), sample_size_bound(0.5, 1)
    (300, 0)

    See also: :func:`boolean_hypotheses`.
    """
    if not is_number(epsilon) or not 0 < epsilon < math.inf:
        raise DtreeError(f"epsilon must be a finite number > 0, got {quote(epsilon)}")
    if type(hypotheses) is not int or hypotheses < 1:
        raise DtreeError(f"|H| is an integer >= 1, got {quote(hypotheses)}")
    if not is_number(base) or not 1 < base < math.inf:
        raise DtreeError(
            f"the base of the logarithm must be a finite number > 1, got {quote(base)}"
        )
    return math.ceil(Fraction(_log(hypotheses, base)) / Fraction(epsilon) ** 2)
