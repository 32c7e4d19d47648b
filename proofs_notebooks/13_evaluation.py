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
# # 13. Evaluation: cross-validation, the paired t-test, metrics, curves and choosing
#
# **Claims** (the Decision Trees II notes, "Metrics Methodologies").
#
# 1. Training accuracy cannot choose between classifiers; held-out accuracy can, and
#    k-fold cross-validation uses every example for testing once. Repeating it on freshly
#    shuffled data gives $t \times k$ paired scores, and the paired t-test asks whether two
#    learners differ.
# 2. On a skewed problem accuracy misleads: with 5 positives in 100, saying No to everything
#    is 95% accurate and finds nothing. Recall $= TP / (TP + FN)$ and precision
#    $= TP / (TP + FP)$ say more; $F_\beta$ combines them, and the recall-precision curve
#    shows them at every threshold.
# 3. A learning curve shows performance against the number of training examples.
# 4. A model parameter is chosen by cross-validation: evaluate each value on held-out folds,
#    choose the best, and learn it on the full training set.
#
# dtree's pieces: `dtree.evaluate` (folds, cross-validation, confusion matrices, metrics,
# learning curves), `dtree.significance.paired_t_test`, `dtree.curves` (ROC and
# recall-precision curves with exact areas) and `dtree.selection` (choosing a parameter).

# %%
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import C45, CART, ID3, Dataset, cart, grow, id3, n_leaves
from dtree.curves import average_precision, curve, precision_recall, roc, roc_auc
from dtree.datasets import load
from dtree.evaluate import (
    ConfusionMatrix,
    accuracy,
    cross_validate,
    error,
    f_beta,
    k_fold,
    learning_curve,
    precision,
    recall,
    repeated_k_fold,
    train_test_split,
)
from dtree.selection import grid, select
from dtree.significance import paired_t_test
from dtree.strategies import datasets

# %% [markdown]
# ## 1. k-fold cross-validation
#
# The notes: randomly partition the $n$ examples into $k$ disjoint folds of about $n/k$;
# test on each fold in turn with a tree grown on the others. Every example is tested
# exactly once, which the check below confirms on random data. On iris, ID3's 10-fold
# error, its standard error, and its training error (which says nothing: ID3 grows
# until pure):

# %%
iris = load("iris")
cv = cross_validate(ID3, iris, 10, seed=0)
print("fold errors:", [str(e) for e in cv.errors])
print(f"mean {cv.mean_error} = {float(cv.mean_error):.3f}, standard error {cv.standard_error:.4f}")
print("training error:", error(grow(ID3, iris), iris))
assert cv.mean_error == Fraction(3, 50)
assert error(grow(ID3, iris), iris) == 0


# %%
@given(datasets(min_rows=2, max_rows=20), st.integers(2, 6), st.integers(0, 99))
@settings(deadline=None)
def check_every_example_is_tested_once(data: Dataset, k: int, seed: int) -> None:
    k = min(k, len(data))
    folds = k_fold(data, k, seed=seed)
    tested = sorted(row for fold in folds for row in fold.test)
    assert tested == sorted(data.rows)
    for fold in folds:
        assert not set(fold.train) & set(fold.test)
        assert sorted([*fold.train, *fold.test]) == sorted(data.rows)
        assert len(data) // k <= len(fold.test) <= -(-len(data) // k)


check_every_example_is_tested_once()

# %% [markdown]
# ## Repeated k-fold and the paired t-test
#
# "Test each candidate learner on the same training/testing splits ... allows us to do
# paired summary statistics (e.g., paired t-test)." Five trials of 10-fold cross-validation
# on iris: ID3 (information gain, grown until pure) against CART (Gini, binary splits)
# and against a stump (ID3 at depth 1), the same 50 folds for all. The t statistic is the
# mean difference over its standard error, with 49 degrees of freedom. ID3 against CART
# comes out at p = 0.058: a difference of 0.7 points that the test does not call
# significant at 5%, if only just; the stump is worse beyond any doubt.
#
# What the test sees is the difference on each fold, the two learners scored on the same
# test rows; the picture draws those differences, one stem per fold, and not the folds'
# errors side by side (the folds are not in any order, and the differences between folds
# are what pairing takes out).

# %%
# Alt text: Two panels of per-fold differences of test error on the same 50 folds of iris, one
#   stem from 0 per fold, the mean dashed. Left, ID3 minus CART: 46 folds at 0 and 4 below
#   it (one at about -0.13, three at about -0.07), none above; mean -0.0067, t = -1.941, p
#   = 0.058. Right, ID3 minus the stump: all 50 folds below 0, mostly between -0.2 and
#   -0.33; mean -0.2760, t = -38.712, p = 2.11e-38.
folds = repeated_k_fold(iris, 10, repeats=5, seed=760, stratified=True)
errors = {
    "ID3": cross_validate(ID3, iris, folds).errors,
    "CART": cross_validate(CART, iris, folds).errors,
    "stump": cross_validate(lambda data: id3(data, max_depth=1), iris, folds).errors,
}
for a, b in [("ID3", "CART"), ("ID3", "stump")]:
    t_test = paired_t_test(errors[a], errors[b])
    mean_a = sum(errors[a]) / len(errors[a])
    mean_b = sum(errors[b]) / len(errors[b])
    print(
        f"{a} {float(mean_a):.4f} vs {b} {float(mean_b):.4f}:"
        f" t = {t_test.statistic:.3f}, df = {t_test.df}, p = {t_test.p_value:.3g}"
    )
id3_cart = paired_t_test(errors["ID3"], errors["CART"])
id3_stump = paired_t_test(errors["ID3"], errors["stump"])
assert id3_cart.df == id3_stump.df == 49
assert id3_stump.p_value < 1e-6  # a stump is far worse, beyond doubt
assert id3_cart.p_value > 0.05  # ID3 and CART: no difference the test can see

gaps = {
    other: [float(e - f) for e, f in zip(errors["ID3"], errors[other], strict=True)]
    for other in ("CART", "stump")
}
for other, gap in gaps.items():
    print(
        f"ID3 - {other}, fold by fold: lower on {sum(g < 0 for g in gap)},"
        f" equal on {sum(g == 0 for g in gap)}, higher on {sum(g > 0 for g in gap)} of 50"
    )
fig, axes = plt.subplots(1, 2, figsize=(11, 3.5))
for ax, (other, gap) in zip(axes, gaps.items(), strict=True):
    paired = paired_t_test(errors["ID3"], errors[other])
    mean_gap = sum(gap) / len(gap)
    ax.vlines(range(1, 51), 0, gap, color="tab:blue", linewidth=1)
    ax.plot(range(1, 51), gap, "o", markersize=3, color="tab:blue")
    ax.axhline(0, color="0.5", linewidth=0.8)
    ax.axhline(mean_gap, color="tab:red", linestyle="--")
    ax.set_xlabel("fold (5 trials of 10 folds, the same for both)")
    ax.set_title(
        f"ID3's error minus {other}'s, on each fold\n"
        f"mean (dashed) {mean_gap:+.4f}: t = {paired.statistic:.3f}, p = {paired.p_value:.3g}",
        fontsize=10,
    )
axes[0].set_ylabel("difference of the fold's test errors")
plt.tight_layout()
plt.show()

# %% [markdown]
# ## 2. Accuracy on a skewed problem, and recall and precision
#
# The notes' example: 100 examples, 5 positive. Just saying No is 95% accurate, with recall
# and precision 0. Predicting 4 positives of which 2 are right: recall 2/5, precision 2/4.

# %%
actual = ["+"] * 5 + ["-"] * 95
say_no = ConfusionMatrix.from_labels(actual, ["-"] * 100, classes=["+", "-"])
four = ConfusionMatrix.from_labels(
    actual, ["+", "+", "-", "-", "-"] + ["+", "+"] + ["-"] * 93, classes=["+", "-"]
)
print(
    "say no: accuracy",
    say_no.accuracy,
    " recall",
    recall(say_no, "+"),
    " precision",
    precision(say_no, "+"),
)
print(
    "four +: accuracy",
    four.accuracy,
    " recall",
    recall(four, "+"),
    " precision",
    precision(four, "+"),
    " F1",
    f_beta(four, "+"),
)
assert say_no.accuracy == Fraction(95, 100)
assert recall(say_no, "+") == precision(say_no, "+") == 0
assert (recall(four, "+"), precision(four, "+")) == (Fraction(2, 5), Fraction(1, 2))
assert f_beta(four, "+") == Fraction(4, 9)  # 2 (1/2)(2/5) / (1/2 + 2/5)
assert four.accuracy == say_no.accuracy  # one accuracy; only one of them finds anything


# %% [markdown]
# $F_\beta = (1 + \beta^2) \frac{PR}{\beta^2 P + R}$ is the weighted harmonic mean of
# precision and recall: $\frac{1}{F_\beta} = \frac{1}{1 + \beta^2} \frac1P +
# \frac{\beta^2}{1 + \beta^2} \frac1R$. Checked on random confusion matrices:


# %%
@given(
    st.integers(1, 20),
    st.integers(0, 20),
    st.integers(0, 20),
    st.fractions(1, 4, max_denominator=6),
)
def check_f_is_a_harmonic_mean(tp: int, fp: int, fn: int, beta: Fraction) -> None:
    labels = ["+"] * (tp + fn) + ["-"] * fp
    guesses = ["+"] * tp + ["-"] * fn + ["+"] * fp
    matrix = ConfusionMatrix.from_labels(labels, guesses, classes=["+", "-"])
    p, r = precision(matrix, "+"), recall(matrix, "+")
    assert (p, r) == (Fraction(tp, tp + fp), Fraction(tp, tp + fn))
    b2 = beta * beta
    assert 1 / f_beta(matrix, "+", beta=beta) == (1 / (1 + b2)) / p + (b2 / (1 + b2)) / r


check_f_is_a_harmonic_mean()

# %% [markdown]
# ## The recall-precision curve
#
# A tree gives each example the probability of the positive class at its leaf; declaring
# positive every example whose probability is at least $\theta$ gives one confusion matrix
# per $\theta$. Between two leaves' probabilities nothing changes, so the curve steps only
# at the leaves' probabilities. The problem: iris's virginica against the rest, a CART tree
# of depth 2 grown on 100 flowers and measured on the other 50.

# %%
# Alt text: Two panels for the depth-2 CART tree scoring virginica on the test third of iris, one
#   point per leaf probability used as the threshold theta (31/32, 1/17, 0). Left, the
#   recall-precision curve as steps: precision about 0.93 up to recall about 0.76 at theta
#   = 31/32, then 0.5 at recall 1 (theta = 1/17) and about 0.33 at theta = 0; AP = 0.828.
#   Right, the ROC curve: from (0, 0) up steeply to a true positive rate about 0.76 at a
#   false positive rate near 0.03, then to (0.5, 1) and (1, 1), well above the dotted
#   diagonal; AUC = 0.926.
train, test = train_test_split(iris, Fraction(1, 3), seed=13, stratify=True)
for depth_limit in (1, 2, 4):
    tree = cart(train, max_depth=depth_limit)
    counts = curve(tree, test, "virginica")
    print(
        f"depth {depth_limit}: {n_leaves(tree)} leaves, thresholds"
        f" {[str(t) for t in counts.thresholds]}, AUC {roc_auc(counts)},"
        f" AP {average_precision(counts)}"
    )
tree = cart(train, max_depth=2)
counts = curve(tree, test, "virginica")
fig, axes = plt.subplots(1, 2, figsize=(11, 4))
recalls, precisions = zip(*precision_recall(counts), strict=True)
axes[0].step([0.0, *map(float, recalls)], [1.0, *map(float, precisions)], where="pre", marker="o")
for (r, p), threshold in zip(precision_recall(counts), counts.thresholds, strict=True):
    axes[0].annotate(
        f"theta = {threshold}",
        (float(r), float(p)),
        textcoords="offset points",
        xytext=(5, 5),
        fontsize=8,
    )
axes[0].set_xlabel("recall")
axes[0].set_ylabel("precision")
axes[0].set_title(f"recall-precision, virginica: AP = {float(average_precision(counts)):.3f}")
xs, ys = zip(*roc(counts), strict=True)
axes[1].plot([float(x) for x in xs], [float(y) for y in ys], marker="o")
axes[1].plot([0, 1], [0, 1], color="0.7", linestyle=":")
axes[1].set_xlabel("false positive rate")
axes[1].set_ylabel("true positive rate (recall)")
axes[1].set_title(f"ROC, virginica: AUC = {float(roc_auc(counts)):.3f}")
plt.tight_layout()
plt.show()
assert len(counts.thresholds) <= n_leaves(tree)

# %% [markdown]
# ## 3. Learning curves
#
# Performance against the number of training examples, averaged over the folds of a
# 10-fold cross-validation: ID3 on iris, training and test error at 5 to 135 flowers.
# Grown until pure, ID3's training error is 0 at every size; the test error falls as the
# training set grows.

# %%
# Alt text: Learning curves on iris, the error (mean over 10 folds) against m, 5 to 135 training
#   examples, for ID3 and C4.5: test error solid, training error dashed. Both test errors
#   fall steeply from about 0.31 (ID3) and 0.51 (C4.5) at m = 5 to about 0.06 by m = 40
#   and then level off; ID3's training error is 0 throughout, C4.5's, pruned, 0.16 at m =
#   5 and about 0.02 beyond.
sizes = [5, 10, 20, 40, 70, 100, 135]
curves_by_learner = {
    name: learning_curve(learner, iris, sizes, folds=10, seed=0)
    for name, learner in [("ID3", ID3), ("C4.5", C45)]
}
fig, ax = plt.subplots(figsize=(7, 4))
for (name, points), colour in zip(
    curves_by_learner.items(), ["tab:blue", "tab:orange"], strict=True
):
    ax.plot(sizes, [float(p.test_error) for p in points], "o-", color=colour, label=f"{name}: test")
    ax.plot(
        sizes,
        [float(p.training_error) for p in points],
        "s--",
        color=colour,
        label=f"{name}: training",
        alpha=0.7,
    )
ax.set_xlabel("m, training examples")
ax.set_ylabel("error, mean over 10 folds")
ax.legend()
plt.show()
id3_points = curves_by_learner["ID3"]
assert all(p.training_error == 0 for p in id3_points)
assert id3_points[-1].test_error < id3_points[0].test_error

# %% [markdown]
# ## 4. Choosing a parameter by cross-validation
#
# The notes' recipe, for ID3's maximum depth on iris: evaluate each depth by 10-fold
# cross-validation, choose the best (or, by Breiman's one-standard-error rule, the
# shallowest within one standard error of the best), then learn the chosen depth on all
# 150 flowers.

# %%
# Alt text: The 10-fold cross-validated error of ID3 on iris against max_depth 0 to 5, with one
#   standard error bars: 0.6667 at depth 0, 0.3333 at depth 1, then 0.0600 to 0.0667 from
#   depth 2 on, all under the dashed line at the least error plus one SE, so the 1-SE rule
#   and the least error both choose max_depth=2.
depths = [0, 1, 2, 3, 4, 5]
choice = select(grid(ID3, max_depth=depths), iris, folds=10)
one_se = select(grid(ID3, max_depth=depths), iris, folds=10, rule="1se")
for row in choice.table:
    print(
        f"{row.name:12} {row.leaves:2} leaves  error {float(row.error):.4f} +- "
        f"{row.standard_error:.4f}"
    )
print("chosen:", choice.name, " by the 1-SE rule:", one_se.name)
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.errorbar(
    depths,
    [float(r.error) for r in choice.table],
    yerr=[r.standard_error for r in choice.table],
    marker="o",
    capsize=3,
)
ax.axhline(
    float(choice.table[choice.index].error) + choice.table[choice.index].standard_error,
    color="tab:red",
    linestyle="--",
    label="least error + 1 SE",
)
ax.set_xlabel("max_depth of ID3")
ax.set_ylabel("10-fold cross-validated error")
ax.legend()
plt.show()
assert choice.model == id3(iris, max_depth=int(choice.name.removeprefix("max_depth=")))
assert one_se.table[one_se.index].leaves <= choice.table[choice.index].leaves

# %% [markdown]
# ## Conclusion
#
# Cross-validation tests every example once; repeated on the same folds for every learner,
# it pairs their scores, and the paired t-test tells a stump from ID3 beyond doubt while
# finding no difference between ID3 and CART on iris. On a skewed problem accuracy rewards
# saying No; recall, precision and $F_\beta$ (a harmonic mean, checked) do not, and the
# recall-precision and ROC curves of a tree step only at its leaves' probabilities, with
# exact areas. The learning curve falls with the training size, and a parameter chosen by
# cross-validation is learnt again on all the data.

# %%
assert accuracy(grow(ID3, iris), iris) == 1
assert cv.mean_error == Fraction(3, 50)

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 13.1.** A screening test sees 1,000 people, 50 of them ill. It flags 100, of whom
# 40 are ill. Compute its accuracy, recall, precision, $F_1$ and $F_2$ by hand, and the
# accuracy of flagging nobody.

# %% tags=["hide-input"]
# Answer. TP = 40, FP = 60, FN = 10, TN = 890.
#   accuracy = (40 + 890) / 1000 = 0.93   (flagging nobody: 950 / 1000 = 0.95, better!)
#   recall = 40 / 50 = 4/5,   precision = 40 / 100 = 2/5
#   F1 = 2 P R / (P + R) = 2 (2/5)(4/5) / (6/5) = 8/15
#   F2 = 5 P R / (4 P + R) = 5 (8/25) / (12/5) = 2/3   (recall counts four times as much)
ill = ["+"] * 50 + ["-"] * 950
flagged = ["+"] * 40 + ["-"] * 10 + ["+"] * 60 + ["-"] * 890
screening = ConfusionMatrix.from_labels(ill, flagged, classes=["+", "-"])
nobody = ConfusionMatrix.from_labels(ill, ["-"] * 1000, classes=["+", "-"])
print(screening.accuracy, recall(screening, "+"), precision(screening, "+"))
assert screening.accuracy == Fraction(93, 100) < nobody.accuracy == Fraction(95, 100)
assert (recall(screening, "+"), precision(screening, "+")) == (Fraction(4, 5), Fraction(2, 5))
assert f_beta(screening, "+") == Fraction(8, 15)
assert f_beta(screening, "+", beta=2) == Fraction(2, 3)

# %% [markdown]
# **Exercise 13.2.** Show that $F_1$ lies between $\min(P, R)$ and the arithmetic mean
# $(P + R)/2$, with equality only when $P = R$. Why is that a reason to report $F_1$ rather
# than the mean?

# %% tags=["hide-input"]
# Answer. 1/F1 = (1/P + 1/R)/2 is the mean of 1/P and 1/R, so it is at most 1/min(P, R):
# F1 >= min(P, R). And (P + R)/2 - F1 = ((P + R)^2 - 4PR) / (2(P + R)) = (P - R)^2 / (2(P + R))
# >= 0, zero only when P = R. The harmonic mean is dragged towards the smaller of the two: a
# classifier that flags everything has R = 1 and a tiny P, a mean above 1/2, but an F1 near P.
# Checked on every pair of precision and recall in tenths:
tenths = [Fraction(i, 10) for i in range(1, 11)]
pairs_in_tenths = [(p_ex, r_ex) for p_ex in tenths for r_ex in tenths]
for p_ex, r_ex in pairs_in_tenths:
    f1 = 2 * p_ex * r_ex / (p_ex + r_ex)
    assert min(p_ex, r_ex) <= f1 <= (p_ex + r_ex) / 2
    assert (f1 == (p_ex + r_ex) / 2) == (p_ex == r_ex)
everything = ConfusionMatrix.from_labels(ill, ["+"] * 1000, classes=["+", "-"])
assert f_beta(everything, "+") == Fraction(2, 21)  # P = 1/20, R = 1: F1 = 2/21, the mean 21/40

# %% [markdown]
# **Exercise 13.3.** Use dtree to find out: estimate by leave-one-out (14 folds) the error of
# ID3 on PlayTennis and of a single leaf (ID3 with `max_depth=0`). Work out the single leaf's
# estimate by hand first.

# %% tags=["hide-input"]
# Answer. The leaf predicts the majority of the 13 days it is grown on: leaving out a Yes day
# leaves 8 Yes and 5 No, so it says Yes and is right; leaving out a No day leaves 9 Yes and
# 4 No, Yes again, wrong. So it errs on the 5 No days: 5/14. ID3 errs on 3 of 14, so the tree
# does learn something, though 3/14 from 14 days is a rough estimate.
play_days = load("play-tennis")
loo = {
    "ID3": cross_validate(ID3, play_days, 14, seed=0).mean_error,
    "leaf": cross_validate(lambda data: id3(data, max_depth=0), play_days, 14, seed=0).mean_error,
}
print({name: str(e) for name, e in loo.items()})
assert loo == {"ID3": Fraction(3, 14), "leaf": Fraction(5, 14)}
