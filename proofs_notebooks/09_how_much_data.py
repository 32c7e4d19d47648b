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
# # 9. How much data: $m \ge \frac{1}{\epsilon^2} \log |H|$
#
# **Claim.** For a finite hypothesis space $H$, to have
# $|\mathrm{err}(f) - \mathrm{err}_{\mathrm{train}}(f)| < \epsilon$ one needs about
#
# $$m \;\ge\; \frac{1}{\epsilon^2} \log |H|$$
#
# training examples (the CS 536 notes, eq. 5, up to its constant). For all Boolean functions of
# $k$ variables $|H| = 2^{2^k}$, so $m \ge 2^k / \epsilon^2$: more examples than there are
# inputs. Limiting the depth of the tree is a regularisation that shrinks $H$ to at most
#
# $$T(k, 0) = 2, \qquad T(k, d) = 2 + k\, T(k - 1, d - 1)^2$$
#
# trees of depth $\le d$, and $\log_2 T(k, d) < 2^d \log_2(2k + 1)$: for a fixed depth the
# bound grows with $\log k$, not with $2^k$. That is Occam's razor as the CS 760 slides put it:
# "there are fewer short models than long ones", and so "a short model is unlikely to fit the
# training data well by chance".
#
# The notes behind this notebook: the CS 536 notes (the bound, $|H| = 2^{2^k}$, regularisation
# by depth, Occam's razor), the CS 760 slides (Occam's razor and decision trees) and the Decision
# Trees II notes (the learning curve: performance against the number of training examples,
# averaged over the folds of a cross-validation).

# %%
import itertools
import math
import random
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import ID3, Dataset, Learner, depth, id3, predict
from dtree.bounds import boolean_hypotheses, boolean_trees, sample_size_bound
from dtree.dnf import evaluate, format_dnf, parse_dnf, tree_of, truth_table
from dtree.evaluate import learning_curve

# %% [markdown]
# ## The notes' numbers: all Boolean functions
#
# A Boolean function of $k$ variables is its truth table, one bit for each of the $2^k$ inputs:
# $|H| = 2^{2^k}$, and $\log_2 |H| = 2^k$. With $\epsilon = 1/10$ the bound asks for
# $100 \cdot 2^k$ examples: every input seen a hundred times over, which is the notes' "we would
# need to see almost every possible value of $x$" (and more). The logarithm is taken in base 2,
# the notes' halving argument; in natural logarithms the bound is $\ln 2 \approx 0.69$ of that.

# %%
epsilon = Fraction(1, 10)
print(" k   inputs   log2|H|   m >= log2|H| / eps^2   (natural log)")
for k in range(1, 11):
    hypotheses = boolean_hypotheses(k)
    m = sample_size_bound(epsilon, hypotheses)
    m_natural = sample_size_bound(epsilon, hypotheses, base=math.e)
    print(f"{k:2}  {2**k:7}  {hypotheses.bit_length() - 1:8}  {m:21}  {m_natural:12}")
    assert hypotheses == 2 ** (2**k)
    assert m == 2**k * 100 == math.ceil(2**k / epsilon**2)
    assert m_natural == math.ceil(2**k * math.log(2) * 100)
assert sample_size_bound(epsilon, boolean_hypotheses(10)) == 102_400

# %% [markdown]
# **The halving argument.** The notes' intuition: each example "should ideally be able to
# eliminate half of the possible hypotheses". Among all Boolean functions it does exactly that:
# a labelled example of an input not seen before fixes one bit of the truth table, so after $m$
# distinct inputs $2^{2^k - m}$ functions are still consistent, and only after all $2^k$ inputs is
# one left. Checked for every target function of three variables, every order of the inputs
# being equivalent: each of the 256 functions, written as its DNF of minterms, is turned into a
# tree by `tree_of`, and a hypothesis is the list of labels its tree predicts for the eight
# inputs (in binary counting order). The 256 trees must give 256 different lists, and after the
# first $m$ inputs, labelled by the target's tree, $2^{8 - m}$ of them must still agree.

# %%
abc = ("a", "b", "c")
rows = [assignment for assignment, _ in truth_table((), abc)]
minterm_texts = [" & ".join(v if row[v] == "1" else "~" + v for v in abc) for row in rows]
functions_of_three = [
    parse_dnf(" | ".join(t for x, t in enumerate(minterm_texts) if function >> x & 1) or "0")
    for function in range(2 ** len(rows))
]
hypothesis_labels = [
    tuple(predict(tree_of(f, variables=abc), row) for row in rows) for f in functions_of_three
]
assert len(set(hypothesis_labels)) == boolean_hypotheses(3) == 256
for target_labels in hypothesis_labels:
    for m in range(len(rows) + 1):
        consistent = [h for h in hypothesis_labels if h[:m] == target_labels[:m]]
        assert len(consistent) == 2 ** (len(rows) - m)
print("after m distinct examples, 2^(8 - m) of the 256 functions are left, for every target")

# %% [markdown]
# ## How many trees of depth at most $d$
#
# **Proof of the recurrence.** A tree of depth 0 is a leaf, labelled 0 or 1: $T(k, 0) = 2$. A
# tree of depth $\le d$ is a leaf (2 of them) or a root that tests one of the $k$ variables and
# has, for each of its two values, a tree of depth $\le d - 1$ over the $k - 1$ variables not
# tested yet: $k\, T(k - 1, d - 1)^2$ more. With no variable left only leaves remain,
# $T(0, d) = 2$, and a path tests each variable at most once, so $T(k, d) = T(k, k)$ for $d \ge k$.
#
# **Proof of the bound.** Write $c_k = \log_2(k + \tfrac12)$, which increases with $k$ and is
# $-1$ at $k = 0$. We show, for all $k, d \ge 0$,
#
# $$\log_2 T(k, d) \le 2^d (1 + c_k) - c_k = 2^d \log_2(2k + 1) - \log_2(k + \tfrac12),$$
#
# by induction on $d$. For $d = 0$, or for $k = 0$, $T = 2$ and the right side is $1$ (at
# $k = 0$ it is $2^d \cdot 0 + 1$). For $k, d \ge 1$: every $T \ge 2$, so $2 \le T^2 / 2$ and
# $T(k, d) = 2 + k\, T(k - 1, d - 1)^2 \le (k + \tfrac12)\, T(k - 1, d - 1)^2$. Taking
# logarithms and using the hypothesis for $(k - 1, d - 1)$,
#
# $$\log_2 T(k, d) \le c_k + 2^d (1 + c_{k-1}) - 2 c_{k-1}
#   = 2^d (1 + c_k) - c_k - (2^d - 2)(c_k - c_{k-1}) \le 2^d (1 + c_k) - c_k,$$
#
# since $2^d \ge 2$ and $c_k > c_{k-1}$. For $k \ge 1$, $c_k > 0$, so
# $\log_2 T(k, d) < 2^d \log_2(2k + 1)$. Exponentiated, the bound reads
# $(2k + 1)\, T(k, d) \le 2\, (2k + 1)^{2^d}$, an inequality of integers checked exactly
# below. All functions need $\log_2 |H| = 2^k$ bits; depth-$d$ trees at most
# $2^d \log_2(2k + 1)$.

# %%
print("T(k, d):")
for k in range(6):
    print(f"k = {k}:", [boolean_trees(k, d) for d in range(6)])
for k in range(13):
    assert boolean_trees(k, 0) == 2
    for d in range(1, 13):
        t = boolean_trees(k, d)
        assert t == 2 + k * boolean_trees(k - 1, d - 1) ** 2 if k else t == 2
        assert t == boolean_trees(k, min(d, k))
        if k >= 1:
            assert (2 * k + 1) * t <= 2 * (2 * k + 1) ** (2**d)
            assert math.log2(t) < 2**d * math.log2(2 * k + 1)
assert [boolean_trees(2, d) for d in range(4)] == [2, 10, 74, 74]
assert boolean_trees(10, 3) == 1_082_848_362

# %% [markdown]
# ## Every small case: the trees, built one by one
#
# The recurrence is checked against an enumeration of the trees themselves. A tree is
# represented by the truth table it computes, a bit vector over the $2^k$ inputs (bit $m$ is
# input $m$ in binary counting order, the first variable the most significant bit); a split on
# variable $j$ with subtrees computing $f_0$ and $f_1$ computes $f_0$ where $x_j = 0$ and $f_1$
# where $x_j = 1$. Built level by level for every set $S$ of variables still free, the list of
# trees over $S$ of depth $\le d$ has one entry per tree, so its length must be $T(|S|, d)$; its
# set is the functions that trees of depth $\le d$ reach. For $k \le 3$ every tree is built
# (16,430 of them at $k = d = 3$); for $k = 4$, where there are over a billion, only the sets.

# %%
reachable: dict[tuple[int, int], set[int]] = {}  # (k, d) -> functions of depth <= d
for k in range(5):
    n = 2**k
    everything = (1 << n) - 1
    ones = [sum(1 << x for x in range(n) if x >> (k - 1 - j) & 1) for j in range(k)]
    subsets = [frozenset(s) for r in range(k + 1) for s in itertools.combinations(range(k), r)]
    enumerate_trees = k <= 3
    trees = {(s, 0): [0, everything] for s in subsets}
    functions = {(s, 0): {0, everything} for s in subsets}
    for d in range(1, k + 2):
        for s in subsets:
            below = [(j, s - {j}) for j in sorted(s)]
            functions[(s, d)] = {0, everything} | {
                f0 & ~ones[j] | f1 & ones[j]
                for j, rest in below
                for f0 in functions[(rest, d - 1)]
                for f1 in functions[(rest, d - 1)]
            }
            if enumerate_trees:
                trees[(s, d)] = [0, everything] + [
                    f0 & ~ones[j] | f1 & ones[j]
                    for j, rest in below
                    for f0 in trees[(rest, d - 1)]
                    for f1 in trees[(rest, d - 1)]
                ]
                assert set(trees[(s, d)]) == functions[(s, d)]
                assert len(trees[(s, d)]) == boolean_trees(len(s), d)
    for d in range(k + 2):
        reachable[(k, d)] = functions[(frozenset(range(k)), d)]
        assert len(reachable[(k, d)]) <= boolean_trees(k, d)
    assert len(reachable[(k, k)]) == boolean_hypotheses(k)  # depth k reaches every function
    counts = [len(reachable[(k, d)]) for d in range(k + 1)]
    if k == 4:  # the figures the next paragraph quotes
        assert counts == [2, 10, 166, 8406, 65536]
        assert round(100 * counts[3] / 2**16) == 13
        assert boolean_trees(4, 3) == 364_818
    trees_counted = [boolean_trees(k, d) for d in range(k + 1)]
    print(f"k = {k}: functions of depth <= d: {counts}; trees: {trees_counted}")

# %% [markdown]
# With four variables, trees of depth $\le 2$ reach 166 of the 65,536 functions and depth
# $\le 3$ only 8,406 (13%); it takes depth 4 to reach them all. Many trees compute the same
# function: 364,818 trees of depth $\le 3$ for those 8,406 functions.
#
# **The library's trees on every truth table.** For every function of three variables: the
# Shannon tree `tree_of` computes it, so the function is reachable at that tree's depth; and ID3,
# given the whole truth table as data, grows a tree that is never shallower than the shallowest
# tree of the function (the enumeration's least $d$), and often as shallow.

# %%
columns: dict[str, list[str]] = {v: [row[v] for row in rows] for v in abc}
shallowest = []
learned_depths = []
for function in range(2**8):
    least = min(d for d in range(4) if function in reachable[(3, d)])
    shannon = tree_of(functions_of_three[function], variables=abc)
    assert function in reachable[(3, depth(shannon))]
    assert depth(shannon) >= least
    labels = [str(function >> x & 1) for x in range(8)]
    learned = id3(Dataset.from_columns({**columns, "y": labels}, target="y", classes=("0", "1")))
    assert [predict(learned, row) for row in rows] == labels
    assert depth(learned) >= least
    shallowest.append(least)
    learned_depths.append(depth(learned))
print("shallowest depth, how many functions:", {d: shallowest.count(d) for d in range(4)})
agree = sum(a == b for a, b in zip(shallowest, learned_depths, strict=True))
print(f"ID3 grows a tree of the least depth for {agree} of the 256")
for d in range(4):
    assert shallowest.count(d) == len(reachable[(3, d)]) - (len(reachable[(3, d - 1)]) if d else 0)

# %% [markdown]
# ## What the bound then asks for
#
# With $k = 10$ variables and $\epsilon = 1/10$: all functions need 102,400 examples. Trees of
# depth $\le d$ are at most $\min(T(10, d), 2^{2^{10}})$ functions (different trees may compute
# one function, and there are only $2^{2^k}$ functions), so the bound asks for
# $\log_2 \min(T, 2^{2^k}) / \epsilon^2$. Trees of depth $\le 3$ need about 3,000 examples at
# most; from depth 9 on, the count of trees exceeds the count of functions and the bound is back
# at 102,400.

# %%
k = 10
print(" d    log2 T(10, d)   2^d log2(21)   m >= ...")
bounds = []
for d in range(k + 1):
    trees_d = boolean_trees(k, d)
    space = min(trees_d, boolean_hypotheses(k))
    m = sample_size_bound(epsilon, space)
    bounds.append(m)
    print(f"{d:2}  {math.log2(trees_d):14.1f}  {2**d * math.log2(2 * k + 1):13.1f}  {m:9}")
assert bounds[3] == math.ceil(math.log2(1_082_848_362) * 100) == 3002
assert bounds[-1] == 102_400
assert bounds == sorted(bounds)

# %% [markdown]
# ## The picture: $\log_2 |H|$ against depth
#
# For $k = 10$: the trees of depth $\le d$ (exact), the bound $2^d \log_2 21$, and all Boolean
# functions, $2^{10} = 1024$ bits. Each bit of $\log_2 |H|$ costs $1/\epsilon^2 = 100$ examples.

# %%
# Alt text: On a log scale against the maximum depth d from 0 to 10, for k = 10 Boolean variables:
#   the bits to name a tree of depth at most d, log2 T(10, d), rising from 1.0 to 2080.3;
#   the bound 2^d log2(21) just above it; and a dotted line at 1024 bits, enough to name
#   every function. The count of trees stays below 1024 bits up to depth 8 (775.4) and
#   passes it at depth 9, so bounding the depth below 9 cuts the examples the bound asks
#   for.
fig, ax = plt.subplots(figsize=(6.5, 4.5))
ds = list(range(k + 1))
ax.plot(ds, [math.log2(boolean_trees(k, d)) for d in ds], "o-", label="log2 T(10, d): trees")
ax.plot(ds, [2**d * math.log2(2 * k + 1) for d in ds], "--", label="2^d log2(21): the bound")
ax.axhline(2**k, color="black", linestyle=":", label="log2 2^(2^10) = 1024: all functions")
ax.set_yscale("log")
ax.set_xlabel("maximum depth d")
ax.set_ylabel("bits to name a hypothesis, log2 |H|\n(times 100: examples needed at eps = 0.1)")
ax.set_title("Regularisation by depth, k = 10 Boolean variables")
ax.legend()
fig.tight_layout()

# %% [markdown]
# ## Occam's razor: a short model rarely fits by chance
#
# Take $k = 4$ and labels that are pure noise: each of $m$ distinct inputs labelled 0 or 1 by a
# fair coin. The chance that *some* tree of depth $\le d$ fits all $m$ labels is the number of
# labellings of those inputs that depth-$d$ functions produce, over $2^m$; it is at most
# $|H_d| / 2^m$. Computed exactly from the enumeration above, for the inputs in one random order:
# trees of depth $\le 1$ stop fitting noise after a handful of examples, while depth 4 (every
# function) fits any labelling, so a perfect fit by a deep tree says nothing.

# %%
# Alt text: The chance that some tree of depth at most d fits m randomly labelled examples (k =
#   4), on a log scale against m from 0 to 16, one curve per depth 0 to 4. Depth 0 falls
#   fastest, as 2 / 2^m (1/2048 at m = 12); depths 1 and 2 fall later and more slowly
#   (5/2048 and 77/2048 at m = 12); depth 3 stays near 1 until about m = 10 (1641/2048 at
#   m = 12); depth 4 fits every labelling, a flat line at 1.
order = random.Random(0).sample(range(16), 16)
chance: dict[int, list[Fraction]] = {}
for d in range(5):
    chance[d] = []
    for m in range(17):
        seen_mask = sum(1 << x for x in order[:m])
        labellings = {f & seen_mask for f in reachable[(4, d)]}
        chance[d].append(Fraction(len(labellings), 2**m))
        assert chance[d][m] <= min(Fraction(1), Fraction(len(reachable[(4, d)]), 2**m))
    print(
        f"depth <= {d}: P(fit by chance) at m = 4, 8, 12:", [str(chance[d][m]) for m in (4, 8, 12)]
    )
assert all(c == 1 for c in chance[4])
fig, ax = plt.subplots(figsize=(6.5, 4.5))
for d in range(5):
    ax.plot(range(17), [float(c) for c in chance[d]], "o-", label=f"depth <= {d}")
ax.set_yscale("log")
ax.set_xlabel("m, the number of randomly labelled examples (k = 4)")
ax.set_ylabel("P(some tree fits them all)")
ax.set_title("Fitting noise: short trees rarely can, long ones always")
ax.legend()
fig.tight_layout()

# %% [markdown]
# ## Random cases
#
# Hypothesis draws $k$, $d$ and $\epsilon$: the count obeys its recurrence and its bound, and the
# sample-size bound for all functions is $\lceil 2^k / \epsilon^2 \rceil$ and never below the one
# for trees of depth $\le d$ (once the tree count is capped at the number of functions).


# %%
@given(
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=0, max_value=12),
    st.fractions(min_value=Fraction(1, 100), max_value=1, max_denominator=1000),
)
@settings(deadline=None)
def check_counts_and_bounds(k: int, d: int, eps: Fraction) -> None:
    t = boolean_trees(k, d)
    assert t == (2 + k * boolean_trees(k - 1, d - 1) ** 2 if d else 2)
    assert (2 * k + 1) * t <= 2 * (2 * k + 1) ** (2**d)
    all_functions = sample_size_bound(eps, boolean_hypotheses(k))
    assert all_functions == math.ceil(2**k / eps**2)
    capped = sample_size_bound(eps, min(t, boolean_hypotheses(k)))
    assert capped <= all_functions
    assert capped <= math.ceil(2**d * math.log2(2 * k + 1) / eps**2) + 1


check_counts_and_bounds()

# %% [markdown]
# ## A learning curve
#
# The Decision Trees II notes' learning curve: performance against the number of training
# examples, averaged over the folds of a cross-validation (`learning_curve`: in each of 5 folds,
# trees grown on the first $m$ of the fold's shuffled training rows, tested on the fold's test
# rows). The data: 300 distinct random inputs of $k = 12$ Boolean variables, 7% of the 4,096
# inputs, labelled by the CS 760 exercise's target $Y = X_2 X_5 \vee X_3 \neg X_1$, a tree of
# depth 4 that ignores 8 of the 12 variables. For contrast, the same inputs labelled by a random
# function of the 12 variables (a fair coin per input): the space of all $2^{4096}$ functions.
#
# ID3 learns the shallow target from about 60 examples, far fewer than the $2^{12}$ inputs;
# the random function it cannot learn at all from 6% of the inputs, since the labels it has seen
# say nothing about the others (the CS 536 notes' eq. 4).

# %%
twelve = tuple(f"X{i}" for i in range(1, 13))
target = parse_dnf("X2 & X5 | X3 & ~X1")
rng = random.Random(0)
inputs = rng.sample([assignment for assignment, _ in truth_table((), twelve)], 300)
features: dict[str, list[str]] = {x: [row[x] for row in inputs] for x in twelve}
shallow = Dataset.from_columns(
    {**features, "Y": ["1" if evaluate(target, row) else "0" for row in inputs]},
    target="Y",
    classes=("0", "1"),
)
noise = Dataset.from_columns(
    {**features, "Y": [rng.choice("01") for _ in inputs]}, target="Y", classes=("0", "1")
)
sizes = [5, 10, 20, 40, 60, 80, 120, 160, 240]
limited = "ID3 depth <= 2, shallow target"
curves = {
    "ID3, shallow target": learning_curve(ID3, shallow, sizes, folds=5),
    limited: learning_curve(Learner(max_depth=2), shallow, sizes, folds=5),
    "ID3, random function": learning_curve(ID3, noise, sizes, folds=5),
}
for name, curve in curves.items():
    print(f"{name:32}", " ".join(f"{float(p.test_error):.3f}" for p in curve))
target_table = truth_table(target, ("X1", "X2", "X3", "X5"))
target_bits = sum(1 << x for x, (_, value) in enumerate(target_table) if value)
target_depth = min(d for d in range(5) if target_bits in reachable[(4, d)])
print("target:", format_dnf(target), "  its least depth as a tree:", target_depth)
print("depth <= 2, training error:", [f"{float(p.training_error):.3f}" for p in curves[limited]])
assert target_depth == 4
assert curves["ID3, shallow target"][-1].test_error == 0
assert all(p.training_error == 0 for p in curves["ID3, shallow target"])
assert all(p.test_error > Fraction(1, 4) for p in curves["ID3, random function"])
assert all(p.training_error == 0 for p in curves["ID3, random function"])
assert all(p.test_error > Fraction(1, 10) for p in curves[limited][2:])

# %%
# Alt text: Learning curves, the error (mean over 5 folds) against m, 5 to 240 training examples
#   of 4,096 inputs: test error solid, training error dotted. ID3 on the shallow target:
#   test error falls from 0.500 to 0.000 by m = 60, training error 0 throughout. ID3 held
#   to depth 2 on the same target: test and training error meet near 0.18, the depth too
#   small for the target. ID3 on a random function: training error 0 but test error about
#   0.5 at every m, nothing learned.
fig, ax = plt.subplots(figsize=(7, 4.5))
styles = [("tab:blue", "s", 9), ("tab:orange", "^", 5), ("tab:red", "D", 5)]
for (name, curve), (color, marker, size) in zip(curves.items(), styles, strict=True):
    ax.plot(sizes, [float(p.test_error) for p in curve], "o-", color=color, label=f"{name}: test")
    # Both ID3 training curves lie at 0: distinct hollow and filled markers keep both in sight.
    ax.plot(
        sizes,
        [float(p.training_error) for p in curve],
        ":",
        color=color,
        marker=marker,
        markersize=size,
        markerfacecolor="none" if marker == "s" else color,
        label=f"{name}: training",
    )
ax.set_xlabel("m, training examples (of 4,096 inputs; k = 12)")
ax.set_ylabel("error, mean over 5 folds")
ax.set_ylim(-0.02, 0.9)
ax.set_title("Learning curves: a shallow target and a random function")
ax.legend(fontsize="small", loc="upper right", ncol=2)
fig.tight_layout()

# %% [markdown]
# The depth-2 learner cannot express the target (it needs depth 4), so it levels off with a
# test error near 0.2: a hypothesis space too small for the target is a bias no
# data removes. Unrestricted ID3 has the whole space available but, guided by information gain
# towards short trees, finds the depth-4 target from a few dozen examples; the random function,
# which has no short description, it fits perfectly on the training rows and at chance on the
# rest.
#
# ## Conclusion
#
# The bound $m \ge \log_2 |H| / \epsilon^2$ is $2^k / \epsilon^2$ for all Boolean functions
# (102,400 examples for $k = 10$, $\epsilon = 1/10$), more than there are inputs. Trees of depth
# $\le d$ number $T(k, d) = 2 + k\, T(k - 1, d - 1)^2$ (checked against every tree for $k \le 3$),
# so $\log_2 |H| < 2^d \log_2(2k + 1)$ and the bound falls to about 3,000 at depth 3. Short trees
# are few, so they fit noise only by rare chance, and a short tree that fits is evidence; a
# shallow target among many variables is learned from a small fraction of the inputs, a random
# function is not learned at all.

# %%
assert sample_size_bound(Fraction(1, 10), boolean_hypotheses(10)) == 102_400
assert [len(reachable[(4, d)]) for d in range(5)][-1] == 65_536
assert len(reachable[(3, 1)]) == 2 + 2 * 3  # constants, and each variable or its negation
assert chance[1][16] == Fraction(len(reachable[(4, 1)]), 2**16)
assert curves["ID3, shallow target"][-1].test_error < curves["ID3, random function"][-1].test_error

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 9.1.** Take $k = 4$ Boolean variables and $\epsilon = 1/20$. How many examples
# does the bound $m \ge \frac{1}{\epsilon^2} \log_2 |H|$ ask for when $H$ is all Boolean
# functions, and when $H$ is the trees of depth at most 1? Work out $T(4, 1)$ from the
# recurrence.

# %% tags=["hide-input"]
# Answer. All functions: log2 |H| = 2^4 = 16 and 1/eps^2 = 400, so m >= 6,400.
# Depth <= 1: T(4, 1) = 2 + 4 T(3, 0)^2 = 2 + 4 * 4 = 18 trees; log2 18 = 4.17, and
# m >= 400 * 4.17 = 1,667.6, so 1,668 examples: about a quarter.
eps = Fraction(1, 20)
print(sample_size_bound(eps, boolean_hypotheses(4)), boolean_trees(4, 1))
print(sample_size_bound(eps, boolean_trees(4, 1)))
assert sample_size_bound(eps, boolean_hypotheses(4)) == 6400
assert boolean_trees(4, 1) == 18
assert sample_size_bound(eps, boolean_trees(4, 1)) == math.ceil(400 * math.log2(18)) == 1668

# %% [markdown]
# **Exercise 9.2.** $T(k, 1) = 2 + 4k$ counts trees, not functions. Show that the trees of
# depth at most 1 over $k$ variables compute exactly $2 + 2k$ different functions, so the
# bound could use $\log_2(2 + 2k)$ instead.

# %% tags=["hide-input"]
# Answer. A leaf computes a constant, 0 or 1. A split on x_i with leaves labelled (l0, l1)
# computes: the constant 0 or 1 when l0 = l1 (already counted), x_i when (0, 1), and ~x_i
# when (1, 0). The functions are therefore the 2 constants and the 2k literals, all
# different (a literal x_i is not constant and differs from x_j, j != i, on some input):
# 2 + 2k. Checked by writing every such tree's truth table for k = 1 to 5:
for k in range(1, 6):
    variables = tuple(f"x{i}" for i in range(1, k + 1))
    inputs = [row for row, _ in truth_table((), variables)]
    stump_tables = {
        tuple(low if row[x] == "0" else high for row in inputs)
        for x in variables
        for low, high in itertools.product("01", repeat=2)
    }
    depth_one_functions = stump_tables | {tuple("0" for _ in inputs), tuple("1" for _ in inputs)}
    assert len(depth_one_functions) == 2 + 2 * k < boolean_trees(k, 1) == 2 + 4 * k

# %% [markdown]
# **Exercise 9.3.** Use dtree to find out: with $k = 10$ Boolean variables, $m = 1{,}000$
# examples and $\epsilon = 1/10$, what is the greatest depth $d$ for which the bound is met
# by the trees of depth at most $d$?

# %% tags=["hide-input"]
# Answer. Depth 1: T(10, 1) = 42 trees need 540 examples; T(10, 2) = 14,442 trees need
# 1,382, more than we have. (All Boolean functions of 10 variables would need 102,400.)
needed = {d: sample_size_bound(Fraction(1, 10), boolean_trees(10, d)) for d in range(5)}
print(needed)
affordable = max(d for d, m in needed.items() if m <= 1000)
assert affordable == 1
assert (boolean_trees(10, 1), boolean_trees(10, 2)) == (42, 14442)
assert (needed[1], needed[2]) == (540, 1382)
