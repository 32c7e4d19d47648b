# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 1. Entropy: $0 \le H(Y) \le \log |\mathcal{Y}|$
#
# **Claim.** For a random variable $Y$ with $|\mathcal{Y}|$ possible values,
#
# $$0 \;\le\; H(Y) = -\sum_{y} p(y) \log p(y) \;\le\; \log |\mathcal{Y}|,$$
#
# with $H(Y) = 0$ exactly when $Y$ is certain and $H(Y) = \log |\mathcal{Y}|$ exactly when
# $Y$ is uniform. In base $|\mathcal{Y}|$ (when $|\mathcal{Y}| \ge 2$) the bounds read
# $0 \le H \le 1$ (Lecture 10).
#
# The notes behind this notebook: the CS 760 slides (the bike code, the entropy of a binary
# variable), the CS 536 notes (1024 equally likely outcomes take 10 bits), Lecture 10 (the proof
# by Jensen's inequality, the base $|\mathcal{X}|$) and Learning with Trees (entropy beside the
# Gini index and the misclassification rate).
#
# dtree computes entropy from class counts: `entropy(counts, base=2)` turns the counts into
# relative frequencies $p(y) = n_y / n$, as ID3 does.

# %%
import itertools
import math
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings

from dtree import entropy, gini, misclassification
from dtree.impurity import TOLERANCE, impurity_decrease
from dtree.invariants import (
    entropy_is_bounded,
    gini_is_bounded,
    impurity_is_maximal_at_uniform,
    impurity_is_zero_exactly_when_pure,
    misclassification_is_at_most_gini,
)
from dtree.strategies import counts

# %% [markdown]
# ## Entropy as a code length: the bike example (CS 760)
#
# Four makes of bike go past. With a fixed two-bit code every bike costs 2 bits. If the makes
# are not equally likely, the optimal code gives a make of probability $P(y)$ a word of
# $-\log_2 P(y)$ bits, and the expected length is the entropy. With
# $P = (1/2, 1/4, 1/8, 1/8)$ the words have 1, 2, 3 and 3 bits:

# %%
bikes = {"Trek": 4, "Specialized": 2, "Cervelo": 1, "Serrota": 1}  # counts in the ratio of P
n = sum(bikes.values())
for make, count in bikes.items():
    print(f"{make:12} P = {Fraction(count, n)!s:4}  {-math.log2(count / n):.0f} bits")
expected_bits = sum(Fraction(count, n) * -math.log2(count / n) for count in bikes.values())
print("expected bits per bike:", float(expected_bits), "  H(Y) =", entropy(list(bikes.values())))
print("with equally likely makes:", entropy([1, 1, 1, 1]), "bits")
assert expected_bits == entropy(list(bikes.values())) == 1.75
assert entropy([1, 1, 1, 1]) == 2

# %% [markdown]
# The CS 536 notes' extremes: 1024 equally likely outcomes need 10 bits, and a certain outcome
# needs none.

# %%
print(entropy([1] * 1024), entropy([1] + [0] * 1023))
assert entropy([1] * 1024) == 10
assert entropy([1] + [0] * 1023) == 0

# %% [markdown]
# ## The proof
#
# Write $p = p(y)$ and sum only over the values with $p > 0$ (the convention $0 \log 0 = 0$).
#
# **Lower bound.** Each $0 < p \le 1$ has $\log p \le 0$, so every term $-p \log p$ is
# $\ge 0$ and so is their sum. A term is $0$ only when $p = 1$, so $H(Y) = 0$ exactly when
# one value has probability 1: $Y$ is certain.
#
# **Upper bound (Jensen).** $\log$ is concave, so $\mathbb{E}[\log Z] \le \log \mathbb{E}[Z]$
# for a positive random variable $Z$. Take $Z = 1/p(Y)$:
#
# $$H(Y) = \mathbb{E}\left[\log \frac{1}{p(Y)}\right]
#   \le \log \mathbb{E}\left[\frac{1}{p(Y)}\right]
#   = \log \sum_{y:\,p(y)>0} p(y) \frac{1}{p(y)}
#   = \log |\{y : p(y) > 0\}| \le \log |\mathcal{Y}|.$$
#
# Since $\log$ is strictly concave, Jensen's inequality is an equality only when $Z$ is
# constant, that is $p(y)$ is the same for every $y$ with $p(y) > 0$; the last step is an
# equality only when every $y$ has $p(y) > 0$. Together: $H(Y) = \log |\mathcal{Y}|$ exactly
# when $Y$ is uniform.
#
# **Base $|\mathcal{Y}|$.** $\log_b x = \ln x / \ln b$, so changing the base divides $H$ by a
# positive constant; in base $b = |\mathcal{Y}| \ge 2$ the upper bound is $\log_b b = 1$. (With a
# single value there is no base $|\mathcal{Y}| = 1$, but then $H = 0$ in any base; the checks
# below use base 2 for it.)
#
# **The other impurities.** Over $K$ classes, Gini, $1 - \sum_k p_k^2$, and the
# misclassification rate, $1 - \max_k p_k$, are $0$ exactly at a certain $Y$ too: $\sum_k p_k^2
# = 1$ and $\max_k p_k = 1$ both need one $p_k = 1$. Both peak at the uniform distribution,
# at $1 - 1/K$: by Cauchy-Schwarz $1 = (\sum_k 1 \cdot p_k)^2 \le K \sum_k p_k^2$, and a maximum
# is at least the mean, $\max_k p_k \ge 1/K$; each is an equality exactly when all $p_k$ are
# equal. And since $\sum_k p_k^2 \le \max_k p_k \sum_k p_k = \max_k p_k$, misclassification never
# exceeds Gini.
#
# A note on the Learning with Trees notes: they print the misclassification rate as
# $\sum_k p_k (1 - p_k)$. That sum is $\sum_k p_k - \sum_k p_k^2 = 1 - \sum_k p_k^2$, the Gini
# index again; the rate they use for $r(\tau)$ later, and dtree's `misclassification`, is
# $1 - \max_k p_k$. The checks below confirm both identities.

# %% [markdown]
# ## Every small case
#
# Every vector of class counts with 1 to 4 classes and counts 0 to 6 (a positive total): 2,796
# distributions. The laws come from `dtree.invariants`; the equality cases of the upper bounds
# (entropy $\log_2 K$, Gini and misclassification $1 - 1/K$, uniform distributions only) are
# checked directly.

# %%
small = [c for k in range(1, 5) for c in itertools.product(range(7), repeat=k) if sum(c) > 0]
for c in small:
    k = len(c)
    assert entropy_is_bounded(c)
    assert entropy_is_bounded(c, base=max(k, 2))
    assert impurity_is_zero_exactly_when_pure(c, impurity=entropy)
    assert impurity_is_zero_exactly_when_pure(c, impurity=gini)
    assert impurity_is_zero_exactly_when_pure(c, impurity=misclassification)
    assert impurity_is_maximal_at_uniform(c, impurity=entropy)
    assert impurity_is_maximal_at_uniform(c, impurity=gini)
    assert impurity_is_maximal_at_uniform(c, impurity=misclassification)
    assert gini_is_bounded(c)
    assert misclassification_is_at_most_gini(c)
    p = [Fraction(n_y, sum(c)) for n_y in c]
    assert gini(c) == sum(p_y * (1 - p_y) for p_y in p)  # the notes' formula is Gini
    assert misclassification(c) == 1 - max(p)
    # the upper bound is reached by the uniform distributions only
    uniform = len(set(c)) == 1
    assert math.isclose(entropy(c), math.log2(k), abs_tol=TOLERANCE) == uniform
    assert (gini(c) == 1 - Fraction(1, k)) == uniform
    assert (misclassification(c) == 1 - Fraction(1, k)) == uniform
print(len(small), "distributions checked")
assert len(small) == 2796

# %% [markdown]
# ## Random cases
#
# Hypothesis draws class counts with up to 8 classes and counts up to 1,000.


# %%
@given(counts(max_classes=8, max_count=1000))
@settings(deadline=None)
def check_bounds(c: tuple[int, ...]) -> None:
    assert entropy_is_bounded(c)
    assert entropy_is_bounded(c, base=max(len(c), 2))
    assert 0 <= entropy(c, base=max(len(c), 2)) <= 1 + TOLERANCE
    assert impurity_is_zero_exactly_when_pure(c)
    assert impurity_is_maximal_at_uniform(c)
    assert impurity_is_maximal_at_uniform(c, impurity=misclassification)
    assert gini_is_bounded(c)
    assert misclassification_is_at_most_gini(c)


check_bounds()

# %% [markdown]
# ## The picture: three impurities of a two-class node
#
# The Learning with Trees figure: for a node where a share $p$ of the examples is in class 1,
# the entropy (rescaled by $1/2$ so that all three peak at $1/2$), the Gini index $2p(1-p)$,
# and the misclassification rate $\min(p, 1 - p)$. All vanish at a pure node and peak at
# $p = 1/2$; entropy and Gini are strictly concave, so a split always lowers them unless the
# children have the parent's proportions, while the misclassification rate is linear on each
# side of $p = 1/2$, so a split whose children all keep the parent's majority class does not
# lower it at all, however much purer they are. For example, 9 examples of class 0 and 3 of
# class 1 split into $(5, 0)$ and $(4, 3)$: the entropy falls, the misclassification rate stays
# at $3/12$ (checked at the end).

# %%
# Alt text: The impurity of a two-class node against p, the share of class 1, for three measures:
#   entropy halved, the Gini index and the misclassification rate. All three are 0 at p =
#   0 and p = 1 and peak at 0.5 when p = 1/2; entropy / 2 lies just above Gini, both
#   smooth arches, while misclassification is a tent of two straight lines below them.
shares = [Fraction(i, 200) for i in range(201)]
two_class = [(p, 1 - p) for p in shares]
curves = {
    "entropy / 2": [entropy(c) / 2 for c in two_class],
    "Gini": [float(gini(c)) for c in two_class],
    "misclassification": [float(misclassification(c)) for c in two_class],
}
fig, ax = plt.subplots(figsize=(6, 4))
for (name, values), color in zip(curves.items(), ["tab:red", "tab:green", "tab:blue"], strict=True):
    ax.plot([float(p) for p in shares], values, color=color, label=name)
ax.set_xlabel("p, the share of class 1")
ax.set_ylabel("impurity")
ax.set_title("Node impurity of a two-class node")
ax.legend()
fig.tight_layout()

# %% [markdown]
# ## Conclusion
#
# Entropy lies between 0 (a certain outcome) and $\log |\mathcal{Y}|$ (the uniform one), so in
# base $|\mathcal{Y}|$ it is a number in $[0, 1]$; the bike code's 1.75 bits is its entropy.
# Gini and the misclassification rate share the zero set and the peak (at most $1 - 1/K$, reached
# by the uniform distribution only), and misclassification never exceeds Gini. These are the laws
# `entropy_is_bounded`, `gini_is_bounded`, `impurity_is_zero_exactly_when_pure`,
# `impurity_is_maximal_at_uniform` and `misclassification_is_at_most_gini` of `dtree.invariants`.

# %%
assert entropy([4, 2, 1, 1]) == 1.75
assert entropy([9, 5], base=2) == entropy([5, 9])  # symmetric in the classes
assert all(entropy(c) / 2 <= Fraction(1, 2) for c in two_class[1:-1])
assert max(two_class, key=entropy) == (Fraction(1, 2), Fraction(1, 2))
# a split that keeps the majority class in every child: purer children, the same error rate
assert misclassification((9, 3)) == Fraction(3, 12)
assert impurity_decrease(((5, 0), (4, 3)), misclassification) == 0
assert impurity_decrease(((5, 0), (4, 3)), gini) > 0
assert impurity_decrease(((5, 0), (4, 3))) > TOLERANCE

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 1.1.** A node holds 12 examples: 6 of class A, 3 of class B and 3 of class C.
# Compute by hand its entropy in bits, its entropy in base 3, its Gini index and its
# misclassification rate.

# %% tags=["hide-input"]
# Answer. The shares are p = (1/2, 1/4, 1/4), and -log2 of them is 1, 2 and 2 bits, so
#   H = 1/2 * 1 + 1/4 * 2 + 1/4 * 2 = 1.5 bits.
# In base 3 every logarithm is divided by log2 3: H_3 = 1.5 / log2 3 = 0.946 (at most 1).
# Gini: 1 - (1/4 + 1/16 + 1/16) = 1 - 6/16 = 5/8.
# Misclassification: 1 - max p = 1 - 1/2 = 1/2 (predict A, wrong on 6 of 12).
node = (6, 3, 3)
print(entropy(node), round(entropy(node, base=3), 3), gini(node), misclassification(node))
assert entropy(node) == 1.5
assert math.isclose(entropy(node, base=3), 1.5 / math.log2(3))
assert gini(node) == Fraction(5, 8)
assert misclassification(node) == Fraction(1, 2)

# %% [markdown]
# **Exercise 1.2.** Show that for a two-class node with a share $p$ of class 1 the entropy in
# bits is at least twice the misclassification rate, $H(p) \ge 2 \min(p, 1 - p)$, with
# equality only at $p = 0$, $p = 1/2$ and $p = 1$.

# %% tags=["hide-input"]
# Answer. H is symmetric about p = 1/2, so take p <= 1/2, where min(p, 1 - p) = p. The points
# (0, H(0)) = (0, 0) and (1/2, H(1/2)) = (1/2, 1) lie on the curve, and the chord between them
# is the line 2p. H is strictly concave, so between the ends of a chord the curve lies strictly
# above it: H(p) > 2p for 0 < p < 1/2, with equality at the ends only. In words: entropy
# punishes a slightly impure node far more than the error rate does.
# Checked at p = i/100, and at the three points of equality exactly:
grid = [Fraction(i, 100) for i in range(101)]
for share in grid:
    bound = 2 * misclassification((1 - share, share))
    assert entropy((1 - share, share)) >= bound - TOLERANCE
    at_equality = share in (0, Fraction(1, 2), 1)
    assert (abs(entropy((1 - share, share)) - bound) <= TOLERANCE) == at_equality

# %% [markdown]
# **Exercise 1.3.** The grouping rule: show that
# $H(\tfrac12, \tfrac14, \tfrac14) = H(\tfrac12, \tfrac12) + \tfrac12 H(\tfrac12, \tfrac12)$,
# and more generally that merging classes B and C into one class and then telling them apart
# costs $H(p_A, p_B + p_C) + (p_B + p_C)\, H\big(\tfrac{p_B}{p_B + p_C},
# \tfrac{p_C}{p_B + p_C}\big)$ bits, the entropy of the three classes. (This is why a
# two-level code for the bikes also averages 1.75 bits.)

# %% tags=["hide-input"]
# Answer. Write q = p_B + p_C. Then
#   -p_B log p_B = -p_B log q - p_B log(p_B / q), and the same for C, so
#   H(p_A, p_B, p_C) = -p_A log p_A - q log q + q * [-(p_B/q) log(p_B/q) - (p_C/q) log(p_C/q)]
#                    = H(p_A, q) + q H(p_B/q, p_C/q).
# For (1/2, 1/4, 1/4): 1 + 1/2 * 1 = 1.5 bits. Checked on every node of three classes with
# counts 0 to 6 (with both B and C present, so that the inner entropy is defined):
assert entropy((2, 1, 1)) == entropy((1, 1)) + Fraction(1, 2) * entropy((1, 1)) == 1.5
three_classes = [c for c in itertools.product(range(7), repeat=3) if c[1] + c[2] > 0]
for n_a, n_b, n_c in three_classes:
    q = Fraction(n_b + n_c, n_a + n_b + n_c)
    assert math.isclose(
        entropy((n_a, n_b, n_c)),
        entropy((n_a, n_b + n_c)) + q * entropy((n_b, n_c)),
        abs_tol=TOLERANCE,
    )

# %% [markdown]
# **Exercise 1.4.** Use dtree to find out: among the two-class nodes of 10 examples, which
# have an entropy above 0.9 bits? What does that say about a node whose minority class is 30%?

# %% tags=["hide-input"]
# Answer. Entropy is flat near its peak: 4 against 6 still scores 0.971 bits and 3 against 7
# 0.881, so only the counts 4 to 6 of class 1 exceed 0.9. A node with a 30% minority is, in
# bits, nearly as uncertain as a fair coin, while its error rate, 0.3, is well below 0.5.
above = [(10 - k, k) for k in range(11) if entropy((10 - k, k)) > 0.9]
print(above, round(entropy((7, 3)), 3))
assert above == [(6, 4), (5, 5), (4, 6)]
assert round(entropy((7, 3)), 3) == 0.881
