"""Impurity and information: how mixed a node is, and what a split gains.

Vocabulary: an *impurity* ``i`` maps class counts to a number that is 0
for a pure node and largest for a uniform one (the Learning with Trees notes, "Node
information functions").  A split's contingency table (one row of counts
per outcome) is scored by the *goodness of split*

    I(s, t) = i(t) - sum_b p_b i(t_b)

which is information gain when ``i`` is entropy.

Contents
--------
Impurities
    :func:`entropy`, :func:`gini`, :func:`misclassification`.
On tables
    :func:`remainder`, :func:`impurity_decrease`, :func:`mutual_information`.
On datasets
    :func:`conditional_entropy`, :func:`information_gain`,
    :func:`split_information`, :func:`gain_ratio`.
A numeric target's
    :func:`half_poisson_deviance`, :func:`poisson_decrease`, :data:`POISSON_EPSILON`.
:data:`TOLERANCE`
    The one tolerance for comparing logarithmic scores.

Exactness: Gini and misclassification of integer (or fraction) counts are
``Fraction``; anything with a logarithm is a ``float``.  Logarithms are
base 2 unless ``base`` says otherwise; ``base=len(counts)`` gives the
normalised entropy of the Lecture 10 notes, 0 <= H <= 1.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from dtree.counts import Table, _negative, class_totals, contingency, ratio, total
from dtree.dataset import Dataset, Weight
from dtree.errors import DtreeError, quote

__all__ = [
    "IMPURITIES",
    "POISSON_EPSILON",
    "TOLERANCE",
    "Impurity",
    "conditional_entropy",
    "entropy",
    "gain_ratio",
    "gini",
    "half_poisson_deviance",
    "impurity_decrease",
    "information_gain",
    "misclassification",
    "mutual_information",
    "poisson_decrease",
    "remainder",
    "split_information",
]

TOLERANCE = 1e-12
"""Scores computed with logarithms are equal when they differ by at most this.

Two splits whose information gains agree mathematically can differ in the
last bits of a float; ties are broken by a documented order, so they must
be recognised as ties first.  Gains are at most log2(#classes) bits, so an
absolute tolerance serves."""

Impurity = Callable[[Sequence[Weight]], Fraction | float]


def _total(counts: Sequence[Weight]) -> Weight:
    if _negative(counts, or_infinite=True):
        raise DtreeError(f"counts must be >= 0 and finite, got {quote(tuple(counts))}")
    weight = total(counts)
    if weight <= 0:
        raise DtreeError(f"an empty distribution has no impurity: counts {quote(tuple(counts))}")
    if weight == math.inf:
        raise DtreeError(f"counts too large to add up as floats: {quote(tuple(counts))}")
    return weight


def entropy(counts: Sequence[Weight], base: float = 2) -> float:
    """H(Y) = -sum_y p(y) log p(y), with 0 log 0 = 0.

    PlayTennis (9 Yes, 5 No; the CS 760 notes), its bike code, and
    entropy in base |Y| (Lecture 10), which lies in [0, 1]:

    >>> round(entropy([9, 5]), 3)
    0.94
    >>> entropy([4, 2, 1, 1])
    1.75
    >>> entropy([1, 1, 1, 1], base=4)
    1.0

    See also: :func:`gini`, :func:`misclassification`.
    """
    if not 1 < base < math.inf:
        raise DtreeError(f"the base of a logarithm must be > 1, got {quote(base)}")
    n = _total(counts)
    log = math.log2 if base == 2 else (lambda x: math.log(x) / math.log(base))
    present = itertools.compress(counts, counts)  # absent classes skipped at C speed
    return -sum(p * log(p) for p in (float(count / n) for count in present) if p > 0) + 0.0


def gini(counts: Sequence[Weight]) -> Fraction | float:
    """Gini index 1 - sum_k p(k)^2: the chance that a random example is
    mislabelled by a label drawn from the node's own distribution.

    >>> gini([5, 9])
    Fraction(45, 98)
    >>> gini([3, 3, 3])
    Fraction(2, 3)

    See also: :func:`entropy`, :func:`misclassification`.
    """
    n = _total(counts)
    if isinstance(n, int) and set(map(type, counts)) <= {int}:
        squares: int = sum(map(operator.mul, counts, counts))
        return Fraction(n * n - squares, n * n)  # the same number, with one division
    return 1 - sum(ratio(count, n) ** 2 for count in counts)


def misclassification(counts: Sequence[Weight]) -> Fraction | float:
    """Misclassification rate r(t) = 1 - max_k p(k): the error of the plurality.

    (The Learning with Trees notes print sum_k p(k)(1 - p(k)) under this name; that sum is the
    Gini index.  This is the resubstitution rate r(t) the same notes use.)

    >>> misclassification([5, 9])
    Fraction(5, 14)

    See also: :func:`entropy`, :func:`gini`.
    """
    n = _total(counts)
    return 1 - ratio(max(counts), n)


def remainder(table: Table, impurity: Impurity = entropy) -> Fraction | float:
    """The weighted impurity of a split's outcomes: sum_b p_b i(t_b).

    With entropy this is the conditional entropy H(Y | X).  Empty outcomes
    weigh nothing.

    >>> remainder(((0, 4), (2, 3), (3, 2)), gini)  # PlayTennis, Outlook
    Fraction(12, 35)
    """
    weights = [total(counts) for counts in table]
    n = _total(weights)
    return sum(
        (ratio(w, n) * impurity(counts) for w, counts in zip(weights, table, strict=True) if w > 0),
        start=Fraction(0),
    )


def impurity_decrease(table: Table, impurity: Impurity = entropy) -> Fraction | float:
    """Goodness of split I(s, t) = i(t) - sum_b p_b i(t_b) (Learning with Trees notes).

    With entropy it is the information gain, which is the mutual
    information of outcome and class and so symmetric in the two.

    >>> round(impurity_decrease(((0, 4), (2, 3), (3, 2))), 3)  # PlayTennis, Outlook
    0.247
    """
    return impurity(class_totals(table)) - remainder(table, impurity)


def mutual_information(table: Table, base: float = 2) -> float:
    """I(X; Y) = sum_{x,y} p(x, y) log p(x, y) / (p(x) p(y)): the symmetric form (Lecture 10).

    Outcomes X are the table's rows and classes Y its columns; the sum
    treats them alike, so transposing the table leaves it unchanged.  It is
    the information gain H(Y) - H(Y | X) computed another way (Lecture 10's
    proof), and 0 exactly when p(x, y) = p(x) p(y) in every cell.
    PlayTennis, Wind (rows Strong, Weak; the CS 760 notes' 0.048):

    >>> round(mutual_information(((3, 3), (2, 6))), 3)
    0.048
    >>> mutual_information(((2, 4), (1, 2)))  # rows in proportion: independent
    0.0

    See also: :func:`impurity_decrease`, :func:`dtree.counts.transpose`.
    """
    if not 1 < base < math.inf:
        raise DtreeError(f"the base of a logarithm must be > 1, got {quote(base)}")
    n = _total([count for counts in table for count in counts])
    rows = [total(counts) for counts in table]
    columns = class_totals(table)
    return math.fsum(
        float(ratio(count, n)) * math.log(float(ratio(count * n, row * column)), base)
        for row, counts in zip(rows, table, strict=True)
        for column, count in zip(columns, counts, strict=True)
        if count > 0
    )


def _entropy_in(base: float) -> Impurity:
    return lambda counts: entropy(counts, base)


def conditional_entropy(data: Dataset, attribute: str, base: float = 2) -> float:
    """H(Y | X) = sum_x P(X = x) H(Y | X = x) over the dataset's rows.

    The Boolean table of Lecture 10:

    >>> from dtree.datasets import load
    >>> table = load("boolean-table")
    >>> round(conditional_entropy(table, "X1"), 4), round(conditional_entropy(table, "X2"), 4)
    (0.4056, 0.9056)

    See also: :func:`information_gain`.
    """
    return float(remainder(contingency(data, attribute), _entropy_in(base)))


def information_gain(data: Dataset, attribute: str, base: float = 2) -> float:
    """IG(D, X) = H_D(Y) - H_D(Y | X), ID3's splitting criterion.

    PlayTennis (the CS 760 notes; they print 0.151 for Humidity from rounded
    intermediates) and the restaurant (Decision Trees II notes):

    >>> from dtree.datasets import load
    >>> tennis = load("play-tennis")
    >>> [round(information_gain(tennis, a), 3) for a in tennis.schema.names]
    [0.247, 0.029, 0.152, 0.048]
    >>> restaurant = load("restaurant")
    >>> round(information_gain(restaurant, "Pat"), 3)
    0.541
    >>> abs(information_gain(restaurant, "Type")) <= TOLERANCE
    True

    Exactly, Gain(Patrons) = 4/3 - (1/2) log2 3 = 0.5409...

    See also: :func:`gain_ratio`, :func:`impurity_decrease`.
    """
    return float(impurity_decrease(contingency(data, attribute), _entropy_in(base)))


def split_information(data: Dataset, attribute: str, base: float = 2) -> float:
    """SplitInformation(D, X) = H_D(X): the entropy of the outcome itself.

    Restaurant, Patrons: exactly 2/3 + (1/2) log2 3 = 1.4591... (the Decision Trees II notes
    print 1.47):

    >>> from dtree.datasets import load
    >>> round(split_information(load("restaurant"), "Pat"), 4)
    1.4591

    See also: :func:`gain_ratio`.
    """
    table = contingency(data, attribute)
    return entropy([sum(counts) for counts in table], base)


def gain_ratio(data: Dataset, attribute: str) -> float:
    """GainRatio(D, X) = IG(D, X) / SplitInformation(D, X), C4.5's criterion.

    It lies in [0, 1], since I(X; Y) <= H(X).  An attribute with a single
    value at this node has split information 0 and gains nothing: its
    ratio is 0.  Restaurant, Patrons: exactly (4/3 - (1/2) log2 3) /
    (2/3 + (1/2) log2 3) = 0.3707... (the Decision Trees II notes print 0.53 / 1.47 = 0.36):

    >>> from dtree.datasets import load
    >>> round(gain_ratio(load("restaurant"), "Pat"), 4)
    0.3707

    See also: :func:`information_gain`, :func:`split_information`.
    """
    split = split_information(data, attribute)
    return 0.0 if split <= TOLERANCE else information_gain(data, attribute) / split


IMPURITIES: Mapping[str, Impurity] = MappingProxyType(
    {"entropy": entropy, "gini": gini, "misclassification": misclassification}
)
"""The impurities of classes by name: a learner's ``impurity`` other than ``squared_error``."""


POISSON_EPSILON = Fraction(10 * 2.0**-52)
"""scikit-learn's EPSILON, 10 times the float epsilon: its Poisson criterion makes no split
with a branch whose sum of w*y is at most this (a mean of 0 has no logarithm), nor grows
from a node whose sum is."""


def half_poisson_deviance(pairs: Sequence[tuple[float, Weight]]) -> float:
    """i(t) = sum_i w_i y_i ln(y_i / mean) / W, half the mean Poisson deviance of the
    (y, w) ``pairs`` about their weighted mean (0 ln 0 = 0), scikit-learn's Poisson
    impurity.  Counts 1, 2 and 3 (mean 2):

    >>> round(half_poisson_deviance([(1.0, 1), (2.0, 1), (3.0, 1)]), 6)
    0.174416

    See also: :func:`poisson_decrease`.
    """
    weight = Fraction(total([w for _, w in pairs]))
    mean = sum((Fraction(w) * Fraction(y) for y, w in pairs), Fraction(0)) / weight
    return math.fsum(
        float(w) * y * math.log(Fraction(y) / mean) for y, w in pairs if y > 0
    ) / float(weight)


def poisson_decrease(parts: Sequence[tuple[Weight, Fraction]]) -> float:
    """I(s, t) = i(t) - sum_b W_b / W i(t_b) of the Poisson impurity, from each branch's
    weight W_b and sum F_b of w*y: the sums of w y ln y cancel, leaving
    sum_b F_b ln(mean_b / mean) / W (each ratio of means taken exactly, so that a small
    decrease is not lost in the cancellation of large logarithms).  Counts 1, 2 | 3:

    >>> round(poisson_decrease([(2, Fraction(3)), (1, Fraction(3))]), 6)
    0.117783

    which is :func:`half_poisson_deviance` of all three less the weighted deviances of the
    branches.  See also: :func:`half_poisson_deviance`.
    """
    weight = Fraction(total([w for w, _ in parts]))
    mean = sum((f for _, f in parts), Fraction(0)) / weight
    terms = (float(f) * math.log(f / Fraction(w) / mean) for w, f in parts if f > 0)
    return math.fsum(terms) / float(weight)
