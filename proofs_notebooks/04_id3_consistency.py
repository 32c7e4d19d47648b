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
# # 4. ID3 fits consistent data: zero training error
#
# **Claim.** Call a dataset *consistent* when no two examples have the same feature vector and
# different labels. On a finite consistent dataset, ID3 (split on an attribute of greatest
# information gain, recurse, stop when a node is pure or no attribute separates its examples)
#
# 1. terminates, and
# 2. returns a tree with zero training error: it predicts the label of every training example.
#
# On inconsistent data it still terminates, and its training error is the least any classifier
# of the features can have: for each group of examples with one and the same feature vector,
# the weight of the group less the weight of its most common label.
#
# The notes behind this notebook: the CS 536 notes ("assuming there is no contradictory data
# [...] will be able to fit a decision tree to the data with zero error"), the CS 760 slides
# (the MakeSubtree pseudocode) and the Lecture 10 notes (the Boolean table, which has two
# contradictory rows, and Example 4, XOR, where "base case 2" never splits).
#
# In dtree, `id3(data)` is `grow(ID3, data)`; `dtree.invariants` holds the laws
# `is_consistent(data)`, `fits_consistent_data(learn, data)` and `splits_are_greedy(tree,
# data)`; `dtree.evaluate.error(tree, data)` is the training error when `data` is the training
# set, and `resubstitution(tree)` is the same number read from the leaves' statistics.

# %%
import itertools
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings

from dtree import (
    ID3,
    Attribute,
    Dataset,
    Learner,
    Nominal,
    Schema,
    Split,
    conditional_entropy,
    datasets,
    entropy,
    grow,
    id3,
    information_gain,
)
from dtree.counts import class_counts
from dtree.evaluate import error, learn_with, resubstitution
from dtree.invariants import (
    fits_consistent_data,
    is_consistent,
    reaches_least_training_error,
    splits_are_greedy,
)
from dtree.render import draw, text
from dtree.strategies import consistent_datasets
from dtree.strategies import datasets as any_datasets
from dtree.tree import depth, n_leaves

# %% [markdown]
# ## The shape of the algorithm: MakeSubtree (CS 760)
#
# The CS 760 slides write top-down learning as one recursive procedure:
#
# ```
# MakeSubtree(D):
#     C = DetermineCandidateSplits(D)
#     if stopping criteria met: make a leaf, with the class (probabilities) of D
#     else: S = FindBestSplit(D, C)
#           for each outcome k of S: child k = MakeSubtree(D_k)
# ```
#
# `dtree.grow(learner, data)` is this procedure, and `dtree.id3` is `grow` with the preset
# `ID3`. Each line has its counterpart:
#
# * *DetermineCandidateSplits*: one candidate per attribute, in schema order. A nominal
#   attribute splits one branch per value; an attribute that takes a single value at the node
#   separates nothing and is no candidate (so an attribute used above is never used again
#   below). A numeric attribute is cut at its best threshold (notebook 5).
# * *stopping criteria*: the node is pure (Lecture 10's base case 1, $H(Y \mid
#   \text{node}) = 0$), or no candidate is left, or an optional limit of the `Learner` holds
#   (`max_depth`, `min_gain`, ...). ID3 sets no limit.
# * *the leaf's class*: the plurality of $D$, a tie going to the first class of the schema.
# * *FindBestSplit*: the first candidate, in schema order, of the greatest information gain.
# * *for each outcome k*: one child per branch; a branch that receives no example is a leaf
#   predicting its parent's class.
#
# The PlayTennis tree, grown by `grow(ID3, ...)` and by `id3(...)`:

# %%
tennis = datasets.load("play-tennis")
print(text(grow(ID3, tennis)))
assert grow(ID3, tennis) == id3(tennis)
assert splits_are_greedy(id3(tennis), tennis)

# %% [markdown]
# ## The proof
#
# Let $D$ be a finite dataset of $n$ examples (more generally, rows of positive weight) and
# call the examples that reach a node its data $D_t$.
#
# **Termination.** A split made at a node sends every example of $D_t$ down exactly one branch,
# and a split is only made by an attribute that separates $D_t$: at least two branches receive
# examples. So every child has strictly fewer examples than its parent, and a child with none
# is a leaf at once. Along any path the number of examples falls by at least one per level, so
# no path is longer than $n - 1$ splits; every node has finitely many branches, so the tree is
# finite and the recursion ends. With nominal attributes only there is a second bound: an
# attribute tested on a path takes a single value below that test, so it is no candidate
# there, and no path is longer than the number of attributes $k$.
#
# **The leaves.** The recursion stops at a node for one of three reasons only (ID3 has no other
# stopping rule, and a gain is never negative, notebook 2, so a best split is always made when
# there is a candidate):
#
# * *$D_t$ is empty*: a branch that no example reached. It predicts its parent's class and has
#   no example to misclassify.
# * *$D_t$ is pure*: all its examples have one label, the leaf predicts it, and it
#   misclassifies nothing.
# * *no attribute separates $D_t$*: every attribute takes one value on $D_t$, so all examples
#   of $D_t$ have the same feature vector. (A numeric attribute separates $D_t$ as soon as it
#   takes two values there: the cut between them has two non-empty sides.)
#
# **Zero error (induction on the tree).** Claim: every node's subtree predicts the label of
# every example of its $D_t$. At an empty leaf there is nothing to predict, and at a pure one
# this is purity. A leaf of the third kind holds examples of one feature vector; if $D$ is
# consistent they have one label, so $D_t$ is pure after all and the leaf is right about all
# of them. At a split, each example
# of $D_t$ goes down the branch whose test it satisfies, and that branch's subtree is right
# about it by the induction hypothesis (its data are smaller). At the root, $D_t = D$: the tree
# has zero training error.
#
# **Inconsistent data.** Group the examples by feature vector. A classifier of the features
# gives every example of a group the same label, so it errs on at least the group's weight less
# the weight of its commonest label; summed over the groups this is a lower bound for *every*
# classifier. ID3 meets it: examples of one group always go down the same branch, so each group
# ends in one leaf. An empty or pure leaf errs on nothing. A leaf of the third kind is a single
# group, and it predicts the group's plurality, erring on exactly the group's minority. Hence
# ID3's training error is exactly $\sum_{\text{groups } g} \big(w(g) - \max_y w(g, y)\big) /
# w(D)$, the least possible.

# %% [markdown]
# ## The Lecture 10 Boolean table: two contradictory rows
#
# Table 10.1 has eight rows; two of them, $(X_1, X_2) = (F, T)$, carry different labels, so no
# classifier of $X_1, X_2$ fits all eight. The notes' conditional entropies decide the root:
# $H(Y \mid X_1) = 0.4056$ and $H(Y \mid X_2) = 0.9056$.

# %%
table = datasets.load("boolean-table")
for name in table.schema.names:
    print(f"H(Y | {name}) = {conditional_entropy(table, name):.4f}")
assert round(conditional_entropy(table, "X1"), 4) == 0.4056
assert round(conditional_entropy(table, "X2"), 4) == 0.9056
print("consistent:", is_consistent(table))
assert not is_consistent(table)

table_tree = id3(table)
print(text(table_tree))
print("training error:", error(table_tree, table), "  R(T):", resubstitution(table_tree))

# %% [markdown]
# The node $X_1 = F, X_2 = T$ holds the two contradictory rows, one of each label: no attribute
# is left to separate them, so it is a leaf, and the tie goes to the first class, F. The tree
# errs on exactly one row of eight, the minority of that group, which is the least possible.
# The groups and their minorities, counted from the data:

# %%
vectors = [tuple(column[r] for column in table.columns) for r in table.rows]
groups = {
    v: [table.target[r] for r, u in zip(table.rows, vectors, strict=True) if u == v]
    for v in vectors
}
for v, labels in sorted(groups.items()):
    print(v, labels)
least = Fraction(
    sum(len(labels) - max(labels.count(y) for y in labels) for labels in groups.values()),
    len(table.rows),
)
print("least possible training error:", least)
assert error(table_tree, table) == resubstitution(table_tree) == least == Fraction(1, 8)

# %% [markdown]
# ## XOR (Lecture 10, Example 4) and "base case 2"
#
# $Y = Z_1 \oplus Z_2$. Each attribute alone says nothing about $Y$: $H(Y) = 1$ and
# $H(Y \mid Z_1) = H(Y \mid Z_2) = 1$, so every gain at the root is 0.

# %%
xor = datasets.load("xor")
print("H(Y) =", entropy(class_counts(xor)))
for name in xor.schema.names:
    print(f"H(Y | {name}) = {conditional_entropy(xor, name)}   IG = {information_gain(xor, name)}")
assert entropy(class_counts(xor)) == 1
assert all(conditional_entropy(xor, name) == 1 for name in xor.schema.names)
assert all(information_gain(xor, name) == 0 for name in xor.schema.names)
assert is_consistent(xor)

# %% [markdown]
# Base case 2 of the notes stops "when the information gain is the same for all remaining
# variables". On XOR it stops at the root and returns one leaf, which errs on half the data:
# consistent data, and a tree that does not fit them. (Read literally it would also stop at
# every node with a single attribute left, since that attribute's gain is trivially "the
# same for all", however large.) dtree does not offer it.
#
# What dtree's ID3 does instead: every candidate scores 0, the first in schema order of the
# greatest score is taken (a tie goes to $Z_1$), and below it $Z_2$ gains a full bit in each
# branch. The tree fits XOR, as the theorem says it must.
#
# What a learner does that *requires* a positive gain, `Learner(min_gain=...)` with any
# threshold above 0 (here $10^{-9}$, far above the tolerance of $10^{-12}$ within which dtree
# compares logarithmic scores): the root's best gain, 0, is below it, and the root is a leaf.
# That is base case 2 in the one case the notes illustrate, all gains zero.

# %%
positive_gain = Learner(min_gain=1e-9)
xor_tree = id3(xor)
xor_stump = grow(positive_gain, xor)
print(text(xor_tree))
print("ID3 training error:", error(xor_tree, xor))
print(text(xor_stump))
print("min_gain > 0 training error:", error(xor_stump, xor))
assert isinstance(xor_tree, Split)
assert xor_tree.attribute == "Z1"
assert error(xor_tree, xor) == 0
assert error(xor_stump, xor) == Fraction(1, 2)
assert n_leaves(xor_stump) == 1
assert n_leaves(xor_tree) == 4
assert fits_consistent_data(id3, xor)
assert not fits_consistent_data(learn_with(positive_gain), xor)

# %% [markdown]
# ## The pictures: the two XOR trees, and the Boolean table's tree
#
# Left, ID3 on XOR (a tie to $Z_1$ at the root, then $Z_2$): zero training error. Middle, the
# learner that requires a positive gain: one leaf, the tie of two and two going to class 0,
# training error 1/2. Right, ID3 on the Boolean table: the leaf of the two contradictory rows
# errs on one of them.

# %%
# Alt text: Three trees side by side. ID3 on XOR: Z1 at the root, each branch split on Z2, four
#   pure leaves, training error 0. The learner requiring a positive gain on XOR: a single
#   leaf 0 [0: 2, 1: 2], training error 1/2, since neither Z1 nor Z2 alone gains anything.
#   ID3 on the Boolean table: X1 at the root, X1 = T a pure leaf T [F: 0, T: 4], X1 = F
#   split on X2 into a leaf F [F: 2, T: 0] and a leaf F [F: 1, T: 1] whose rows contradict
#   each other, training error 1/8.
fig, axes = plt.subplots(1, 3, figsize=(15, 4), gridspec_kw={"width_ratios": [4, 1.4, 3]})
titles = [
    f"ID3 on XOR: error {error(xor_tree, xor)}",
    f"min_gain > 0 on XOR: error {error(xor_stump, xor)}",
    f"ID3 on the Boolean table: error {error(table_tree, table)}",
]
for ax, tree, title in zip(axes, [xor_tree, xor_stump, table_tree], titles, strict=True):
    draw(tree, ax)
    ax.set_title(title)
fig.tight_layout()

# %% [markdown]
# ## Every small case
#
# Consistent data over Boolean attributes: with $k \le 2$ attributes, every dataset that holds
# each feature vector at most once, with either label (every subset of the $2^k$ vectors, every
# labelling: $3^{2^k} - 1$ datasets); with $k = 3$, every complete truth table, that is every
# Boolean function of three variables (256). ID3 fits each with a tree no deeper than $k$,
# and its splits are greedy. The learner that requires a positive gain is grown beside it:
# how often does it fail?

# %%
bits = Nominal(("0", "1"))
consistent_cases = []
for k in (1, 2, 3):
    schema = Schema(tuple(Attribute(f"X{j + 1}", bits) for j in range(k)), Attribute("Y", bits))
    cube = list(itertools.product("01", repeat=k))
    labellings = itertools.product(("0", "1") if k == 3 else ("", "0", "1"), repeat=len(cube))
    for labelling in labellings:
        rows = [(v, y) for v, y in zip(cube, labelling, strict=True) if y]
        if rows:
            columns = tuple(tuple(v[j] for v, _ in rows) for j in range(k))
            consistent_cases.append(Dataset(schema, columns, tuple(y for _, y in rows)))

misfits = 0
for data in consistent_cases:
    assert is_consistent(data)
    tree = id3(data)
    assert error(tree, data) == resubstitution(tree) == 0
    assert depth(tree) <= len(data.schema.attributes)
    assert splits_are_greedy(tree, data)
    misfits += error(grow(positive_gain, data), data) > 0
print(
    len(consistent_cases),
    "consistent datasets: ID3 fits every one;",
    misfits,
    "are not fitted by the learner that requires a positive gain",
)

# %% [markdown]
# The learner that requires a positive gain leaves 74 of the 344 unfitted: it grows what ID3
# grows until ID3 meets an impure node at which every gain is 0, as at the root of XOR, and
# there it stops with a leaf that errs.
#
# Inconsistent data: with one Boolean attribute, every dataset with 0 to 3 copies of each
# (vector, label) pair; with two, 0 or 1 of each (the copies are row weights, which act as
# copies). ID3's training error is the least possible, the sum of the groups' minorities.

# %%
contradictory_cases = 0
for k, copies in ((1, 4), (2, 2)):
    schema = Schema(tuple(Attribute(f"X{j + 1}", bits) for j in range(k)), Attribute("Y", bits))
    pairs = [(v, y) for v in itertools.product("01", repeat=k) for y in "01"]
    for weights in itertools.product(range(copies), repeat=len(pairs)):
        if not any(weights):
            continue
        weighted_rows = [(v, y, w) for (v, y), w in zip(pairs, weights, strict=True) if w]
        data = Dataset(
            schema,
            tuple(tuple(v[j] for v, _, _ in weighted_rows) for j in range(k)),
            tuple(y for _, y, _ in weighted_rows),
            tuple(w for _, _, w in weighted_rows),
        )
        minorities = sum(min(weights[2 * g], weights[2 * g + 1]) for g in range(len(pairs) // 2))
        tree = id3(data)
        assert error(tree, data) == resubstitution(tree) == Fraction(minorities, sum(weights))
        assert (minorities == 0) == is_consistent(data)
        contradictory_cases += 1
print(contradictory_cases, "datasets: ID3's training error is the least possible in each")

# %% [markdown]
# ## Random cases
#
# Hypothesis draws consistent datasets of up to 12 rows, up to 4 attributes (up to 2 of them
# numeric) and up to 3 classes: ID3 fits every one (`fits_consistent_data`), its leaves say so
# too (`resubstitution`), and on nominal data its depth is at most the number of attributes and
# its splits are greedy. Then any datasets, weighted, contradictions included: the training
# error is the sum of the groups' minorities, the law `reaches_least_training_error`.


# %%
@given(consistent_datasets(max_rows=12, max_numeric=2))
@settings(deadline=None)
def check_fits(data: Dataset) -> None:
    assert fits_consistent_data(id3, data)
    tree = id3(data)
    assert resubstitution(tree) == 0
    if all(isinstance(a.domain, Nominal) for a in data.schema.attributes):
        assert depth(tree) <= len(data.schema.attributes)
        assert splits_are_greedy(tree, data)


check_fits()


# %%
@given(any_datasets(max_rows=12, weighted=True, max_numeric=2))
@settings(deadline=None)
def check_least_error(data: Dataset) -> None:
    assert reaches_least_training_error(id3, data)  # the sum of the groups' minorities
    tree = id3(data)
    assert error(tree, data) == resubstitution(tree)
    assert (error(tree, data) == 0) == is_consistent(data)


check_least_error()

# %% [markdown]
# ## Conclusion
#
# ID3 always terminates: every split leaves each child fewer examples than its parent (and,
# with nominal attributes, one attribute fewer to test). It stops only at a pure node or at a
# node of identical feature vectors, so on consistent data it fits every example, as the CS 536
# notes say; on contradictory data its training error is exactly the least possible, the
# minority of each group of identical vectors (1/8 on the Lecture 10 Boolean table). On XOR
# every root gain is 0 ($H(Y) = H(Y \mid Z_1) = H(Y \mid Z_2) = 1$): dtree's ID3 breaks the tie
# by schema order and fits the data, while "base case 2", or any learner that demands a
# positive gain, stops at one leaf with training error 1/2. The theorem needs ID3 to split even
# when nothing is gained; a minimum gain is a pre-pruning rule, and it can stop short of fitting
# consistent data. The laws checked are `is_consistent`, `fits_consistent_data`,
# `reaches_least_training_error` and `splits_are_greedy` of `dtree.invariants`.

# %%
assert fits_consistent_data(id3, xor)
assert not fits_consistent_data(learn_with(positive_gain), xor)
assert error(id3(table), table) == Fraction(1, 8)
assert reaches_least_training_error(id3, table)
assert not reaches_least_training_error(learn_with(positive_gain), xor)
assert (len(consistent_cases), misfits, contradictory_cases) == (344, 74, 510)

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 4.1.** Six examples of two Boolean attributes:
#
# | $A$ | $B$ | $Y$ |
# |---|---|---|
# | 0 | 0 | + |
# | 0 | 0 | + |
# | 0 | 0 | − |
# | 0 | 1 | − |
# | 1 | 0 | + |
# | 1 | 0 | − |
#
# Is the table consistent? What is the least training error any classifier of $A, B$ can
# have on it? Check that ID3 reaches it.

# %% tags=["hide-input"]
# Answer. Not consistent: (0, 0) carries both labels, and so does (1, 0). Group the rows by
# feature vector: (0, 0) holds + + -, so any classifier errs on at least its minority, 1 row;
# (0, 1) holds one row, no error needed; (1, 0) holds + -, at least 1 error. The least
# training error is 2/6 = 1/3, and ID3 meets it, as the proof says it must.
contradictory = Dataset.from_columns(
    {"A": list("000011"), "B": list("000100"), "Y": list("++--+-")}, target="Y"
)
print(text(id3(contradictory)))
assert not is_consistent(contradictory)
assert error(id3(contradictory), contradictory) == Fraction(1, 3)
assert reaches_least_training_error(id3, contradictory)

# %% [markdown]
# **Exercise 4.2.** Show that on $k$ nominal attributes ID3's tree has depth at most $k$.
# Can it have more leaves than there are training examples?

# %% tags=["hide-input"]
# Answer. Depth: an attribute tested on a path takes one value below its test, so it is no
# candidate there; each split on a path uses a new attribute, so a path has at most k splits.
# Leaves: every example ends in exactly one leaf, so at most n leaves hold an example. But a
# split on a nominal attribute has a branch for every value of its domain, and a value that
# no example at the node takes makes an empty leaf. So yes: two examples of an attribute with
# three values give a split with three leaves, one of them empty.
for name in ("play-tennis", "exam-results", "restaurant", "xor"):
    data = datasets.load(name)
    assert depth(id3(data)) <= len(data.schema.names)
three_values = Nominal(("red", "green", "blue"))
two = Dataset(
    Schema((Attribute("colour", three_values),), Attribute("y", Nominal(("+", "-")))),
    (("red", "green"),),
    ("+", "-"),
)
print(text(id3(two)))
assert n_leaves(id3(two)) == 3 > len(two)

# %% [markdown]
# **Exercise 4.3.** Use dtree to find out: add to PlayTennis a fifteenth day that repeats
# day 1 (Sunny, Hot, High, Weak) but with the label Yes. What is ID3's training error now, is
# it the least possible, and which leaf holds the two copies?

# %% tags=["hide-input"]
# Answer. Day 1 is No; its copy is Yes, so the data are no longer consistent and no
# classifier can be right about both: the least training error is 1/15, and ID3 meets it.
# But it grows to meet it: the node Sunny, High now holds 3 No and 1 Yes, and the gains there
# are positive, so ID3 splits it on Temperature and then the Hot days on Wind. The two copies
# end together in the leaf Sunny, High, Hot, Weak, one of each label, where no attribute is
# left; the tie goes to the first class, No. Three more leaves, and not one error fewer than
# the leaf Sunny, High would make on its own: fitting a contradiction only grows the tree.
play = datasets.load("play-tennis")
days = [{**play.example(r), "PlayTennis": play.target[r]} for r in play.rows]
doubled = Dataset.from_records(
    [*days, {**days[0], "PlayTennis": "Yes"}], target="PlayTennis", classes=play.schema.classes
)
doubled_tree = id3(doubled)
print(text(doubled_tree))
assert not is_consistent(doubled)
assert error(doubled_tree, doubled) == Fraction(1, 15)
assert reaches_least_training_error(id3, doubled)
assert (n_leaves(id3(play)), n_leaves(doubled_tree)) == (5, 8)
assert "|   |   |   Wind = Weak [No: 1, Yes: 1]: No" in text(doubled_tree)
