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
# # 7. Cost-complexity pruning: Breiman's nested subtrees
#
# **Claim (Breiman et al. 1984, as the Learning with Trees notes state it).** Let $T$ be a grown
# tree, and for a pruning $T'$ of $T$ (some splits cut to leaves; $T' \preceq T$) let
#
# $$R_\alpha(T') = R(T') + \alpha\,|T'|,$$
#
# with $R(T')$ the risk of its leaves and $|T'|$ their number. Then
#
# 1. for every $\alpha \ge 0$ there is a unique smallest pruning $T(\alpha)$ minimising
#    $R_\alpha$ (it is a pruning of every other minimiser);
# 2. only finitely many $\alpha$ matter: there are $0 = \alpha_0 < \alpha_1 < \dots < \alpha_M$
#    and nested trees $T_0 \succ T_1 \succ \dots \succ T_M$ (the root alone) with
#    $T(\alpha) = T_k$ for $\alpha \in [\alpha_k, \alpha_{k+1})$;
# 3. weakest-link pruning finds them: $\alpha_{k+1}$ is the least
#    $g(t) = \dfrac{R(t) - R(T_t)}{|T_t| - 1}$ over the splits $t$ of $T_k$, and $T_{k+1}$ cuts
#    every split that attains it.
#
# The notes state 1 and 2; 3 is how Breiman et al. compute the path, which the notes leave out.
# The notes then choose one $T_k$ by an independent test sample or by cross-validation; this
# notebook adds Breiman et al.'s one-standard-error rule, which the notes do not give: the
# smallest tree whose error is within one standard error of the least.
#
# dtree: `prune_to` is $T(\alpha)$, `cost_complexity_path` the path, `link_strengths` the
# $g(t)$, `prunings` every pruning (the brute force), `select_by_cv` the choice. $R(t)$ is a
# node's misclassified weight over the root's weight (`risk="error"`, the notes' $R(T)$ and
# rpart's), or its Gini impurity times its weight over the root's (`risk="impurity"`,
# scikit-learn's).

# %%
import itertools
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import CART, Dataset, Tree, cart, n_leaves
from dtree.datasets import load
from dtree.invariants import is_pruning_of, path_is_nested, prune_to_is_optimal
from dtree.prune import (
    Risk,
    cost_complexity,
    cost_complexity_path,
    link_strengths,
    prune_to,
    prunings,
    tree_risk,
)
from dtree.render import draw
from dtree.selection import select_by_cv
from dtree.strategies import datasets

# %% [markdown]
# ## The proof
#
# Write $m_\alpha(t)$ for the least $R_\alpha$ over the prunings of the branch $T_t$ rooted at
# node $t$. Both $R$ and $|\cdot|$ are sums over leaves, so $R_\alpha$ of a pruning is the
# sum of $R(\ell) + \alpha$ over its leaves $\ell$.
#
# **1. Minimisers combine, bottom-up.** A pruning of $T_t$ is either the leaf $t$ or the split
# $t$ over a pruning of each branch $t_b$, chosen independently, and its $R_\alpha$ is then the
# sum of theirs. Hence
#
# $$m_\alpha(t) = \min\Big(R(t) + \alpha,\ \sum_b m_\alpha(t_b)\Big).$$
#
# Define $T_t(\alpha)$ bottom-up: the leaf $t$ when $R(t) + \alpha \le \sum_b m_\alpha(t_b)$
# (the leaf on a tie), otherwise the split over the $T_{t_b}(\alpha)$. It attains
# $m_\alpha(t)$. It is a pruning of every minimiser $T'$: if $T'$ is the leaf $t$, the leaf
# attains the minimum, so $T_t(\alpha)$ is the leaf too; if $T'$ splits at $t$, each of its
# branches must minimise its own part (else swapping in a better one lowers the sum), so by
# induction $T_{t_b}(\alpha) \preceq T'_b$, and $T_t(\alpha)$, a leaf or the split over those,
# is $\preceq T'$. A smallest element of a partial order is unique. This is `prune_to`.
#
# **2. A node, once cut, stays cut.** Whether $t$ is cut at $\alpha$ depends on
# $f_t(\alpha) = \sum_b m_\alpha(t_b) - (R(t) + \alpha)
#   = \min_{T' \preceq T_t,\ T' \ne t} \big(R(T') - R(t) + \alpha(|T'| - 1)\big)$,
# a minimum of lines of slope $|T'| - 1 \ge 1$, so strictly increasing: $t$ is cut exactly on
# an interval $[c_t, \infty)$. So $\alpha \le \beta$ implies $T(\beta) \preceq T(\alpha)$, and
# $T(\alpha)$ changes only at the finitely many $c_t$.
#
# **3. The weakest link.** Let $T_k = T(\alpha_k)$. For $\alpha \ge \alpha_k$,
# $T(\alpha) \preceq T_k$ by step 2, so $T(\alpha)$ is the smallest minimiser among the
# prunings of $T_k$. A pruning $T'$ of $T_k$ cuts some disjoint splits $t_1, \dots, t_j$, and
#
# $$R_\alpha(T') - R_\alpha(T_k) = \sum_i \big(R(t_i) - R(T_{k,t_i}) - \alpha(|T_{k,t_i}| - 1)\big)
#   = \sum_i (|T_{k,t_i}| - 1)\,\big(g_k(t_i) - \alpha\big).$$
#
# With $g^* = \min_t g_k(t)$: for $\alpha < g^*$ every term is positive, so
# $T(\alpha) = T_k$; at $\alpha = g^*$ the terms are $\ge 0$ and vanish exactly for cuts at
# weakest links, so the smallest minimiser $T_{k+1}$ cuts all of them: $\alpha_{k+1} = g^*$.
# And $\alpha_{k+2} > \alpha_{k+1}$: a single cut at a split $t$ of $T_{k+1}$ is smaller than
# the smallest minimiser, so it costs strictly more at $g^*$, that is $g_{k+1}(t) > g^*$.
# Each step removes a leaf, so the path ends, at the root, after finitely many steps.
# $\alpha_0 = 0$ and $T_0 = T(0)$, the smallest tree of least risk.
#
# Two remarks on the notes. They write $T_0 \prec T_1 \prec \cdots$; in the order of
# prunings the trees *shrink*, $T_0 \succ T_1 \succ \cdots$. And they say that at
# $\alpha = 0$ "the subtree will simply equal $T_0$", the grown tree: that holds when every
# split lowers $R$. A split whose branches all predict the node's class lowers the impurity but
# not the error, and $T(0)$ cuts it. For instance:

# %%
lopsided = Dataset.from_columns({"a": list("uuuuvv"), "y": list("nnnynn")}, target="y")
grown_split = cart(lopsided)
t_zero = cost_complexity_path(grown_split).trees[0]
print("grown:", n_leaves(grown_split), "leaves, R =", tree_risk(grown_split))
print("T(0): ", n_leaves(t_zero), "leaf,   R =", tree_risk(t_zero))
assert (n_leaves(grown_split), n_leaves(t_zero)) == (2, 1)
assert tree_risk(grown_split) == tree_risk(t_zero) == Fraction(1, 6)
assert cost_complexity_path(grown_split, risk="impurity").trees[0] == grown_split

# %% [markdown]
# ## The worked path: x = 0..9, y = 0010011101
#
# The full Gini (CART) tree:

# %%
# Alt text: The full CART tree of the ten points x = 0 to 9, y = 0010011101: the root splits at x
#   <= 4.5, its left side at 1.5 and 2.5, its right side at 7.5 and 8.5, giving six pure
#   leaves.
ten = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
tree = cart(ten)
ax = draw(tree)
ax.set_title("The full CART tree of x = 0..9, y = 0010011101")

# %% [markdown]
# Its splits' link strengths $g(t)$ under both risks, in preorder (the root first), and the
# paths: with `risk="error"` the alphas are $0, 1/20, 3/10$; with `risk="impurity"` they are
# $0, 2/25, 9/50$, the values scikit-learn's `cost_complexity_pruning_path` gives for these ten
# points (0.08 and 0.18; it lists 0.08 twice, once for each of the two weakest links, which it
# cuts one at a time).

# %%
RISKS: tuple[Risk, ...] = ("error", "impurity")
for risk in RISKS:
    path = cost_complexity_path(tree, risk=risk)
    strengths = [g for _, g in link_strengths(tree, risk=risk)]
    print(f"{risk:8} g(t): {[str(g) for g in strengths]}")
    print(f"{'':8} alphas {[str(a) for a in path.alphas]}, leaves {path.leaves}")
    print(f"{'':8} R(T_k) {[str(r) for r in path.risks]}")
    assert path_is_nested(path.alphas, path.trees)
    assert path.alphas[1] == min(strengths)
error_path = cost_complexity_path(tree)
impurity_path = cost_complexity_path(tree, risk="impurity")
assert error_path.alphas == (0, Fraction(1, 20), Fraction(3, 10))
assert impurity_path.alphas == (0, Fraction(2, 25), Fraction(9, 50))
assert error_path.leaves == impurity_path.leaves == (6, 2, 1)

# %% [markdown]
# By hand, with `risk="error"`: each child of the root has $R(t) = 1/10$ (one of ten examples
# misclassified) and three pure leaves, so $g = (1/10 - 0)/(3 - 1) = 1/20$, the weakest
# links; cutting both leaves two leaves with $R = 2/10$, and then the root, $R = 5/10$ as a
# leaf, has $g = (5/10 - 2/10)/(2 - 1) = 3/10$.
#
# ## Against every pruning
#
# The full tree has 10 prunings. At every alpha of the path, every midpoint between two, and
# beyond the last, `prune_to` is the smallest minimiser of all of them, and it is the path's
# tree.

# %%
every = prunings(tree)
print(len(every), "prunings, with", sorted(n_leaves(t) for t in every), "leaves")
for risk in RISKS:
    path = cost_complexity_path(tree, risk=risk)
    ends = list(path.alphas)
    probes = [*ends, *[(a + b) / 2 for a, b in itertools.pairwise(ends)], ends[-1] + 1]
    for alpha in probes:
        assert prune_to_is_optimal(tree, alpha, risk=risk)
        assert prune_to(tree, alpha, risk=risk) == path.tree_at(alpha)
assert len(every) == 10

# %% [markdown]
# ## The picture: $R_\alpha$ of every pruning
#
# Each pruning is a line $\alpha \mapsto R(T') + \alpha |T'|$; their lower envelope is
# $R_\alpha(T(\alpha))$, made of the path's trees, and it bends at $\alpha_1 = 1/20$ and
# $\alpha_2 = 3/10$ (`risk="error"`).

# %%
# Alt text: For each of the ten prunings of the ten-point tree, the cost-complexity R(T') + alpha
#   |T'| as a straight line against alpha from 0 to 0.4: the three trees of the pruning
#   path in colour, the others in grey, and their lower envelope in thick red. The
#   envelope is made of the path's trees alone: T_0 (6 leaves) up to alpha = 0.05, T_1 (2
#   leaves) up to 0.3, and T_2 (1 leaf) beyond, the breakpoints marked by dotted lines.
grid = [Fraction(k, 400) for k in range(161)]
fig, ax = plt.subplots(figsize=(7, 4.5))
path_colours = ["tab:blue", "tab:green", "tab:purple", "tab:orange", "tab:brown"]
for t in every:
    if t in error_path.trees:
        k = error_path.trees.index(t)
        ax.plot(
            [float(a) for a in grid],
            [float(cost_complexity(t, a)) for a in grid],
            color=path_colours[k % len(path_colours)],
            linewidth=1.6,
            zorder=2,
            label=f"$T_{k}$ of the path",
        )
    else:
        ax.plot(
            [float(a) for a in grid],
            [float(cost_complexity(t, a)) for a in grid],
            color="0.75",
            linewidth=1,
            zorder=1,
        )
envelope = [float(cost_complexity(prune_to(tree, a), a)) for a in grid]
ax.plot([float(a) for a in grid], envelope, color="tab:red", linewidth=3, alpha=0.6)
for k, (alpha, leaves) in enumerate(zip(error_path.alphas, error_path.leaves, strict=True)):
    ax.axvline(float(alpha), color="tab:red", linestyle=":", linewidth=1)
    ax.text(
        float(alpha) + 0.004,
        1.18 - 0.08 * k,
        f"$T_{k}$: {leaves} " + ("leaf" if leaves == 1 else "leaves"),
        fontsize=8,
        va="top",
    )
ax.plot([], [], color="0.75", label="a pruning off the path")
ax.plot([], [], color="tab:red", linewidth=3, alpha=0.6, label="lower envelope")
ax.set_xlabel(r"$\alpha$")
ax.set_ylabel(r"$R_\alpha(T') = R(T') + \alpha\,|T'|$")
ax.set_title("Every pruning of the ten-point tree (risk = error)")
ax.set_ylim(0, 1.25)
ax.legend(loc="lower right", fontsize=8)
fig.tight_layout()

# %% [markdown]
# ## Every small case
#
# x = 0..6 with every labelling $y \in \{0, 1\}^7$ (128 datasets), the full CART tree, both
# risks. For each: the path is nested with rising alphas; $\alpha_{k+1}$ is the least link
# strength of $T_k$; and at every alpha, midpoint and beyond, `prune_to` is the smallest
# minimiser over all prunings and the path's tree.

# %%
cut_at_zero = 0
for labels in itertools.product("01", repeat=7):
    small = cart(Dataset.from_columns({"x": list(range(7)), "y": list(labels)}, target="y"))
    for risk in RISKS:
        path = cost_complexity_path(small, risk=risk)
        assert path_is_nested(path.alphas, path.trees)
        for k in range(len(path.trees) - 1):
            assert path.alphas[k + 1] == min(g for _, g in link_strengths(path.trees[k], risk=risk))
        ends = list(path.alphas)
        for alpha in [*ends, *[(a + b) / 2 for a, b in itertools.pairwise(ends)], ends[-1] + 1]:
            assert prune_to_is_optimal(small, alpha, risk=risk)
            assert prune_to(small, alpha, risk=risk) == path.tree_at(alpha)
        cut_at_zero += path.trees[0] != small
print("128 datasets x 2 risks checked; T(0) smaller than the grown tree:", cut_at_zero, "times")
assert cut_at_zero == 0  # distinct x, grown to purity: every branch has risk 0 < its node's

# %% [markdown]
# ## Random cases
#
# Hypothesis grows CART on datasets with up to 3 attributes (nominal and numeric), 3 classes
# and integer weights, and checks the theorem against every pruning, under both risks.


# %%
@given(
    datasets(min_rows=2, max_rows=10, max_attributes=3, max_numeric=2, weighted=True),
    st.sampled_from(["error", "impurity"]),
    st.data(),
)
@settings(deadline=None)
def check_breiman(data: Dataset, risk: Risk, draw_alpha: st.DataObject) -> None:
    grown: Tree = cart(data)
    path = cost_complexity_path(grown, risk=risk)
    assert path_is_nested(path.alphas, path.trees)
    ends = list(path.alphas)
    middles = [(a + b) / 2 for a, b in itertools.pairwise(ends)]
    alpha = draw_alpha.draw(st.sampled_from([*ends, *middles, ends[-1] + 1]))
    assert prune_to_is_optimal(grown, alpha, risk=risk)
    assert prune_to(grown, alpha, risk=risk) == path.tree_at(alpha)
    assert all(is_pruning_of(t, grown) for t in path.trees)


check_breiman()

# %% [markdown]
# ## Choosing a tree: cross-validation and the one-SE rule
#
# On iris, CART's full tree and its path; 10-fold cross-validation (stratified, seed 0) grows a
# tree on each nine folds, prunes it at $\beta_k = \sqrt{\alpha_k \alpha_{k+1}}$, the
# geometric middle of tree $k$'s interval (for the last tree, the root, $\beta_M = \infty$), and
# counts its mistakes on the held-out fold. The
# notes' table of leaves and CV error:

# %%
iris = load("iris")
by_min = select_by_cv(CART, iris, folds=10, seed=0)
by_1se = select_by_cv(CART, iris, folds=10, seed=0, rule="1se")
print(" k  alpha   leaves  R(T_k)  CV error  SE")
for k, row in enumerate(by_min.table):
    print(
        f"{k:2} {row.alpha!s:7} {row.leaves:6} {row.risk!s:7} {row.error!s:8}"
        f" {row.standard_error:.4f}"
    )
print("min picks", by_min.table[by_min.index].leaves, "leaves; 1-SE picks", end=" ")
print(by_1se.table[by_1se.index].leaves, "leaves")
assert [(row.leaves, row.error) for row in by_min.table] == [
    (9, Fraction(3, 50)),
    (7, Fraction(4, 75)),
    (4, Fraction(3, 50)),
    (3, Fraction(3, 50)),
    (2, Fraction(1, 3)),
    (1, Fraction(2, 3)),
]
assert by_min.table[by_min.index].leaves == 7
assert by_1se.table[by_1se.index].leaves == 3
assert by_1se.tree == cost_complexity_path(cart(iris)).trees[by_1se.index]

# %% [markdown]
# The least CV error is $4/75 \approx 0.053$ (7 leaves), with standard error
# $\approx 0.018$; the 4- and 3-leaf trees, at $3/50 = 0.06$, are within one standard error
# of it, so the one-SE rule takes the smaller, 3 leaves. The picture, in the manner of rpart's
# `plotcp`: CV error $\pm$ one standard error for each tree of the path, and the one-SE line.

# %%
# Alt text: The 10-fold cross-validated error of each tree of CART's pruning path on iris, with
#   error bars of one standard error, against its leaves and alpha (9 leaves down to 1).
#   The error stays near 0.06 from 9 leaves to 3, least at 7 leaves (4/75, green square),
#   and climbs to 1/3 at 2 leaves and 2/3 at 1; the dashed line at the minimum plus one SE
#   picks out the 1-SE rule's choice, the smallest tree under it, 3 leaves (red star).
best = by_min.table[by_min.index]
fig, ax = plt.subplots(figsize=(7, 4.2))
positions = list(range(len(by_min.table)))
ax.errorbar(
    positions,
    [float(row.error) for row in by_min.table],
    yerr=[row.standard_error for row in by_min.table],
    fmt="o-",
    capsize=4,
    label="10-fold CV error ± 1 SE",
)
ax.axhline(
    float(best.error) + best.standard_error, color="tab:red", linestyle="--", label="min + 1 SE"
)
ax.plot([by_min.index], [float(best.error)], "s", color="tab:green", markersize=12, label="min")
ax.plot(
    [by_1se.index],
    [float(by_1se.table[by_1se.index].error)],
    "*",
    color="tab:red",
    markersize=16,
    label="1-SE rule",
)
ax.set_xticks(positions)
ax.set_xticklabels([f"{row.leaves}\n{float(row.alpha):.3f}" for row in by_min.table])
ax.set_xlabel(r"leaves $|T_k|$  /  $\alpha_k$")
ax.set_ylabel("cross-validated error")
ax.set_title("CART on iris: choosing a tree of the path")
ax.legend(fontsize=8)
fig.tight_layout()

# %% [markdown]
# The tree the one-SE rule chooses:

# %%
# Alt text: The iris tree the one-SE rule keeps, 3 leaves: petal_length <= 2.45 is a leaf setosa
#   [setosa: 50]; above it, petal_width <= 1.75 is a leaf versicolor [versicolor: 49,
#   virginica: 5] and petal_width > 1.75 a leaf virginica [versicolor: 1, virginica: 45].
ax = draw(by_1se.tree)
ax.set_title("Iris, pruned by the one-SE rule (3 leaves)")

# %% [markdown]
# ## Conclusion
#
# For every alpha the smallest minimiser of $R(T) + \alpha |T|$ exists, is unique and is found
# bottom-up; as alpha grows nodes are only ever cut, so the minimisers form a finite nested
# path, and the weakest link $g(t)$ gives each next alpha. On the ten-point example the alphas
# are $0, 1/20, 3/10$ (error) and $0, 2/25, 9/50$ (impurity), and every small case and random
# case agrees with the brute force over all prunings (`prune_to_is_optimal`,
# `path_is_nested`). On iris, cross-validation picks 7 leaves and the one-SE rule 3.

# %%
assert error_path.alphas == (0, Fraction(1, 20), Fraction(3, 10))
assert impurity_path.alphas == (0, Fraction(2, 25), Fraction(9, 50))
assert [tree_risk(t) for t in error_path.trees] == list(error_path.risks)
assert min(envelope) == 0
tenth = Fraction(1, 10)
assert all(
    cost_complexity(t, tenth) >= cost_complexity(prune_to(tree, tenth), tenth) for t in every
)
assert (by_min.index, by_1se.index) == (1, 3)

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 7.1.** Eight points $x = 0, \dots, 7$ with classes $y = 0\,0\,1\,0\,0\,1\,1\,1$.
# CART's full tree splits at $x \le 4.5$; its left child $[4, 1]$ splits at $x \le 1.5$ into a
# pure leaf $[2, 0]$ and a node $[2, 1]$, which splits at $x \le 2.5$ into two pure leaves; the
# right child $[0, 3]$ is a leaf. With $R$ the misclassified share of the 8 points, compute
# $g(t)$ for the three splits by hand, and the path of alphas and trees.

# %% tags=["hide-input"]
# Answer. The full tree has 4 pure leaves, R = 0.
#   node [2, 1]: as a leaf R = 1/8; below it 2 leaves, R = 0:  g = (1/8 - 0) / (2 - 1) = 1/8.
#   node [4, 1]: as a leaf R = 1/8; below it 3 leaves, R = 0:  g = (1/8 - 0) / (3 - 1) = 1/16.
#   the root:    as a leaf R = 4/8; below it 4 leaves, R = 0:  g = (1/2 - 0) / (4 - 1) = 1/6.
# The weakest link is the node [4, 1], alpha_1 = 1/16: cutting it removes the split [2, 1]
# too, although that split's own g, 1/8, is larger. T_1 has 2 leaves with R = 1/8; its root
# then has g = (1/2 - 1/8) / (2 - 1) = 3/8 = alpha_2. Path: alphas 0, 1/16, 3/8 with 4, 2, 1
# leaves.
eight = Dataset.from_columns({"x": list(range(8)), "y": list("00100111")}, target="y")
eight_tree = cart(eight)
eight_path = cost_complexity_path(eight_tree)
print([str(g) for _, g in link_strengths(eight_tree)], eight_path.alphas, eight_path.leaves)
assert [g for _, g in link_strengths(eight_tree)] == [
    Fraction(1, 6),
    Fraction(1, 16),
    Fraction(1, 8),
]
assert eight_path.alphas == (0, Fraction(1, 16), Fraction(3, 8))
assert eight_path.leaves == (4, 2, 1)
assert eight_path.risks == (0, Fraction(1, 8), Fraction(1, 2))

# %% [markdown]
# **Exercise 7.2.** Show that the tree chosen never grows with $\alpha$: if
# $\alpha < \beta$, then $|T(\beta)| \le |T(\alpha)|$.

# %% tags=["hide-input"]
# Answer. T(alpha) minimises R + alpha |T| and T(beta) minimises R + beta |T|, so
#   R(T_a) + alpha |T_a| <= R(T_b) + alpha |T_b|   and   R(T_b) + beta |T_b| <= R(T_a) + beta |T_a|.
# Adding the two and cancelling the risks: alpha |T_a| + beta |T_b| <= alpha |T_b| + beta |T_a|,
# that is (beta - alpha)(|T_b| - |T_a|) <= 0, and since beta > alpha, |T_b| <= |T_a|. (The
# argument holds for any minimisers, so it needs neither uniqueness nor nesting.)
# Checked on iris's CART tree at 200 alphas from 0 to 2/5:
iris_tree = cart(load("iris"))
alphas_grid = [Fraction(i, 500) for i in range(201)]
leaf_counts = [n_leaves(prune_to(iris_tree, a)) for a in alphas_grid]
assert all(a >= b for a, b in itertools.pairwise(leaf_counts))
assert (leaf_counts[0], leaf_counts[-1]) == (9, 1)

# %% [markdown]
# **Exercise 7.3.** Use dtree to find out: for which values of $\alpha$ is the 3-leaf tree of
# iris's CART path the cost-complexity optimum, and what is its resubstitution error?

# %% tags=["hide-input"]
# Answer. The path's alphas are 0, 1/300, 1/150, 1/75, 22/75 and 1/3, with 9, 7, 4, 3, 2 and
# 1 leaves; the 3-leaf tree is T(alpha) for 1/75 <= alpha < 22/75, a long interval. It
# misclassifies 6 of the 150 flowers, R = 1/25. The 4-leaf tree misclassifies 4, so its extra
# leaf is worth keeping only while alpha < (6 - 4)/150 = 1/75; the 2-leaf tree misclassifies
# 50, so cutting back to it pays only from alpha = (50 - 6)/150 = 22/75 on.
iris_path = cost_complexity_path(iris_tree)
k = iris_path.leaves.index(3)
print(iris_path.alphas[k], iris_path.alphas[k + 1], iris_path.risks[k])
assert (iris_path.alphas[k], iris_path.alphas[k + 1]) == (Fraction(1, 75), Fraction(22, 75))
assert iris_path.risks[k - 1 : k + 2] == (Fraction(4, 150), Fraction(6, 150), Fraction(50, 150))
assert n_leaves(prune_to(iris_tree, Fraction(1, 10))) == 3
