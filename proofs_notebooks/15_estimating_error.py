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
# # 15. Estimating the error: the effect of k, and one split against many
#
# **Claims** (the Decision Trees II notes, "More on Cross-Validation").
#
# 1. As $k$ grows towards $n$ (leave-one-out), each fold's tree is trained on more of the
#    data, so the $k$-fold estimate comes closer to the error of the tree trained on all of
#    it; but it grows $k$ trees, so $k < n$ is a compromise between the two.
# 2. Averaging over several partitions of the data is more robust than a single
#    train/validate partition.
#
# Both are claims about an estimator, so they are measured here against the truth: samples
# are drawn from a known source, whose true error is computed exactly for every tree.
#
# dtree's pieces: `dtree.evaluate` (`cross_validate`, `train_test_split`, `error`, `mean`,
# `standard_error`).

# %%
import itertools
import math
import random
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings

from dtree import ID3, Dataset, id3
from dtree.arithmetic import Real
from dtree.evaluate import cross_validate, error, mean, standard_error, train_test_split
from dtree.strategies import datasets

# %% [markdown]
# ## The source, and the true error
#
# Five Boolean features, uniform on $\{0, 1\}^5$; the target $f^*(x) = (x_1 \wedge x_2) \vee
# x_3$, with $x_4, x_5$ irrelevant; each label flipped with probability $\eta = 1/10$. As in
# notebook 6, the true error of a hypothesis $h$ that disagrees with $f^*$ on a share $d(h)$
# of the 32 points is exactly
#
# $$\operatorname{err}(h) = \eta + (1 - 2\eta)\, d(h),$$
#
# with $d(h)$ the error of $h$ on the domain labelled by $f^*$.
#
# ## Why a small k is pessimistic
#
# A $k$-fold estimate on $n$ rows, $k$ dividing $n$, is the mean of $n$ losses, one per row;
# row $i$ is tested on the tree $h_{-F(i)}$ grown on the $m = n (k - 1)/k$ rows outside its
# fold. The rows are independent draws, so row $i$ is a fresh example for that tree, and
#
# $$E[\widehat{\operatorname{err}}_k] = \frac1n \sum_i E\big[\operatorname{loss}(h_{-F(i)},
#   x_i, y_i)\big] = E[\operatorname{err}(h_m)].$$
#
# The $k$-fold estimate is unbiased, but for the error of a tree grown on $m$ rows, not on
# $n$. Where the learning curve falls, $E[\operatorname{err}(h_m)] > E[\operatorname{err}(h_n)]$:
# the estimate is pessimistic by the fall of the curve from $m$ to $n$ rows, and $m$ rises
# from $n/2$ ($k = 2$) to $n - 1$ (leave-one-out).
#
# **The measurement.** 120 samples of $n = 20$ rows, each drawn with its own seeded
# `random.Random`. For each: the true error of ID3's tree on all 20 rows, and of its trees
# on the first $m$ rows for each $m$ the folds train on; the 2-, 5-, 10- and 20-fold
# estimates; a single random split of one third held out, and the mean of 5 such splits.

# %%
NAMES = [f"x{i}" for i in range(1, 6)]
points = list(itertools.product("01", repeat=5))
target = [str(int((p[0] == "1" and p[1] == "1") or p[2] == "1")) for p in points]
domain = Dataset.from_columns(
    {**{name: [p[i] for p in points] for i, name in enumerate(NAMES)}, "y": target}, target="y"
)
NOISE = Fraction(1, 10)
N, SAMPLES, SPLITS = 20, 120, 5
KS = [2, 5, 10, N]
TRAINED_ON = {k: N * (k - 1) // k for k in KS}  # the rows each fold's tree is grown on

true_error: list[Real] = []
curve: dict[int, list[Real]] = {m: [] for m in TRAINED_ON.values()}
estimates: dict[int, list[Real]] = {k: [] for k in KS}
single: list[Real] = []
averaged: list[Real] = []
for sample_seed in range(SAMPLES):
    rng = random.Random(sample_seed)
    drawn = [rng.randrange(len(points)) for _ in range(N)]
    labels = [str(1 - int(target[j])) if rng.randrange(10) == 0 else target[j] for j in drawn]
    sample = Dataset.from_columns(
        {**{name: [points[j][i] for j in drawn] for i, name in enumerate(NAMES)}, "y": labels},
        target="y",
        classes=("0", "1"),
    )
    true_error.append(NOISE + (1 - 2 * NOISE) * error(id3(sample), domain))
    for m, at_m in curve.items():
        at_m.append(NOISE + (1 - 2 * NOISE) * error(id3(sample.subset(range(m))), domain))
    for k in KS:
        folds = cross_validate(ID3, sample, k, seed=sample_seed, stratified=False)
        estimates[k].append(folds.mean_error)
    held_out = []
    for split_seed in range(SPLITS):
        train, test = train_test_split(
            sample, Fraction(1, 3), seed=SPLITS * sample_seed + split_seed
        )
        held_out.append(error(id3(train), test))
    single.append(held_out[0])
    averaged.append(mean(held_out))

# %% [markdown]
# ## 1. The effect of k
#
# For each $k$: the trees it grows, the rows each is trained on, the mean of the estimate
# against the mean true error of the learner at $m$ rows (what it estimates) and at $n$ rows
# (what is wanted), its bias $E[\widehat{\operatorname{err}}_k - \operatorname{err}(h_n)]$ with
# the standard error of that mean, the spread of the estimate, and its root mean squared
# error against $\operatorname{err}(h_n)$ sample by sample.

# %%
wanted = mean(true_error)
bias = {k: mean([e - t for e, t in zip(estimates[k], true_error, strict=True)]) for k in KS}
bias_se = {
    k: standard_error([e - t for e, t in zip(estimates[k], true_error, strict=True)]) for k in KS
}
spread = {k: standard_error(estimates[k]) * math.sqrt(SAMPLES) for k in KS}
rmse = {
    k: math.sqrt(mean([(e - t) ** 2 for e, t in zip(estimates[k], true_error, strict=True)]))
    for k in KS
}
print(f"E[err(h_n)], n = {N}: {float(wanted):.4f}")
print(" k  trees  m   E[estimate]  E[err(h_m)]  bias            spread  RMSE")
for k in KS:
    m = TRAINED_ON[k]
    print(
        f"{k:2} {k:6} {m:3}  {float(mean(estimates[k])):11.4f}  {float(mean(curve[m])):11.4f}"
        f"  {float(bias[k]):+.4f} +- {bias_se[k]:.4f}  {spread[k]:.4f}  {rmse[k]:.4f}"
    )

# %% [markdown]
# Two-fold cross-validation is pessimistic: its trees see 10 rows, and the learner's true
# error at 10 rows is well above its error at 20. The bias shrinks as $k$ grows and the
# trees see more rows, and each estimate's mean sits near the true error at its own $m$,
# as the proof says. The price is the trees grown: 2 against 20. The spread does not fall
# in step: leave-one-out's 20 trees are nearly the same tree, so their errors are strongly
# correlated and averaging them removes little of the sample's own variance; past
# $k = 5$ or 10 the root mean squared error hardly changes.
#
# The bias is measured sample by sample, so its standard error is that of paired
# differences; the difference between $k = 2$ and leave-one-out is paired too.

# %%
# Alt text: Two panels for k = 2, 5, 10 and 20 (leave-one-out) folds on samples of n = 20. Left:
#   the bias of the k-fold estimate against the true error, with 2-SE error bars, falling
#   from +0.0335 at k = 2 to about 0 at k = 10 and 20, next to the learning curve's fall
#   from m rows to n (dashed), which it follows. Right: bars of the estimate's spread and
#   RMSE over 120 samples, both about 0.12 to 0.15 for every k, the RMSE falling from
#   0.1495 at k = 2 to 0.1226 at k = 10.
gap = [a - b for a, b in zip(estimates[2], estimates[N], strict=True)]
print(
    f"E[2-fold - leave-one-out] = {float(mean(gap)):.4f} +- {standard_error(gap):.4f};"
    f" learning curve from {TRAINED_ON[2]} to {TRAINED_ON[N]} rows:"
    f" {float(mean(curve[TRAINED_ON[2]]) - mean(curve[TRAINED_ON[N]])):.4f}"
)
assert mean(gap) > 0.02
assert mean(gap) > 3 * standard_error(gap)
assert bias[2] > bias[10]
assert bias[2] > bias[N]
assert mean(curve[TRAINED_ON[2]]) > mean(curve[TRAINED_ON[N]]) + Fraction(1, 50)

fig, axes = plt.subplots(1, 2, figsize=(11, 4))
positions = range(len(KS))
axes[0].errorbar(
    positions,
    [float(bias[k]) for k in KS],
    yerr=[2 * bias_se[k] for k in KS],
    marker="o",
    capsize=4,
    label="bias of the k-fold estimate (2 SE)",
)
axes[0].plot(
    positions,
    [float(mean(curve[TRAINED_ON[k]]) - wanted) for k in KS],
    "s--",
    label="E[err(h_m)] - E[err(h_n)]: the learning curve's fall",
)
axes[0].axhline(0, color="0.6", linestyle=":")
axes[0].set_xticks(list(positions), [f"k = {k}\nm = {TRAINED_ON[k]}" for k in KS])
axes[0].set_ylabel("error")
axes[0].set_title("bias against the true error at n = 20")
axes[0].legend(fontsize=8)
axes[1].bar([p - 0.2 for p in positions], [spread[k] for k in KS], width=0.4, label="spread (SD)")
axes[1].bar([p + 0.2 for p in positions], [rmse[k] for k in KS], width=0.4, label="RMSE")
axes[1].set_xticks(list(positions), [f"k = {k}" for k in KS])
axes[1].set_title("spread and error of the estimate, over 120 samples")
axes[1].legend(fontsize=8)
plt.tight_layout()
plt.show()

# %% [markdown]
# ## 2. One split against the mean of several
#
# A single random split of the same sample (a third held out) gives an estimate that depends
# on which rows it happened to hold out; the mean over 5 splits of the same sample averages
# that luck away. Against the true error of the tree on all 20 rows, sample by sample:

# %%
# Alt text: A scatter of estimates against the exact true error of the tree grown on all 20 rows,
#   for one random train/test split and for the mean of 5 splits, with the diagonal
#   dotted. The single split's estimates spread widely, from 0 to above 0.7 (RMSE 0.189);
#   the means of 5 splits crowd closer to the diagonal (RMSE 0.135), though still far from
#   it.
single_dev = [e - t for e, t in zip(single, true_error, strict=True)]
averaged_dev = [e - t for e, t in zip(averaged, true_error, strict=True)]
spread_single = standard_error(single) * math.sqrt(SAMPLES)
spread_averaged = standard_error(averaged) * math.sqrt(SAMPLES)
rmse_single = math.sqrt(mean([d * d for d in single_dev]))
rmse_averaged = math.sqrt(mean([d * d for d in averaged_dev]))
print(f"one split:      spread {spread_single:.4f}, RMSE {rmse_single:.4f}")
print(f"mean of {SPLITS}:      spread {spread_averaged:.4f}, RMSE {rmse_averaged:.4f}")
print(f"10-fold CV:     spread {spread[10]:.4f}, RMSE {rmse[10]:.4f}")
assert spread_single > 1.25 * spread_averaged
assert rmse_single > 1.2 * rmse_averaged
assert rmse_single > 1.2 * rmse[10]

fig, ax = plt.subplots(figsize=(7, 4))
ax.scatter(
    [float(t) for t in true_error],
    [float(e) for e in single],
    s=14,
    alpha=0.6,
    label=f"one split (RMSE {rmse_single:.3f})",
)
ax.scatter(
    [float(t) for t in true_error],
    [float(e) for e in averaged],
    s=14,
    alpha=0.8,
    label=f"mean of {SPLITS} splits (RMSE {rmse_averaged:.3f})",
)
ax.plot([0, 0.6], [0, 0.6], color="0.6", linestyle=":")
ax.set_xlabel("true error of the tree grown on all 20 rows (exact)")
ax.set_ylabel("estimate")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# ## Random cases: leave-one-out is its definition
#
# With $k = n$ each fold tests one row on the tree grown from all the others; Hypothesis
# draws datasets and checks that `cross_validate` with $k = n$ gives, row by row, the loss
# of ID3's tree grown without that row.


# %%
@given(datasets(min_rows=2, max_rows=10, max_numeric=1))
@settings(deadline=None, max_examples=20)
def check_leave_one_out_is_its_definition(data: Dataset) -> None:
    folds = cross_validate(ID3, data, len(data), stratified=False)
    for fold, fold_error in zip(folds.folds, folds.errors, strict=True):
        assert len(fold.test) == 1
        (row,) = fold.test
        rest = data.subset([other for other in data.rows if other != row])
        assert fold_error == error(id3(rest), data.subset([row]))


check_leave_one_out_is_its_definition()

# %% [markdown]
# ## Conclusion
#
# The $k$-fold estimate is unbiased for the error of a tree grown on $n (k - 1)/k$ rows,
# so a small $k$ is pessimistic about the tree grown on all $n$: here 2-fold
# cross-validation overstates the true error by the fall of the learning curve from 10 to
# 20 rows, and the bias shrinks as $k$ grows towards leave-one-out, at the cost of $k$
# trees. One random split is a noisier estimate than the mean of several splits of the same
# data, or than 10-fold cross-validation, which average the luck of the split away.

# %%
assert len(true_error) == SAMPLES
assert all(NOISE <= t <= 1 - NOISE for t in true_error)
assert bias[2] > bias[N]
assert rmse_single > rmse_averaged

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 15.1.** In the setting above ($n = 20$ rows, 32 inputs, labels flipped with
# probability $\eta = 1/10$): on how many rows is each fold's tree grown for $k = 2, 5, 10$
# and 20? A tree disagrees with $f^*$ on 4 of the 32 inputs: what is its true error?

# %% tags=["hide-input"]
# Answer. A fold holds n/k rows, and its tree is grown on the rest, n (k - 1)/k: 10, 16, 18
# and 19 rows. The true error is eta + (1 - 2 eta) d = 1/10 + 4/5 * 4/32 = 1/10 + 1/10 = 1/5.
assert TRAINED_ON == {2: 10, 5: 16, 10: 18, 20: 19}
assert NOISE + (1 - 2 * NOISE) * Fraction(4, 32) == Fraction(1, 5)

# %% [markdown]
# **Exercise 15.2.** Ten rows, five of each class, and a learner that predicts the majority
# class of its training rows (a single leaf; a tie goes to the first class). Its true error
# on a source with two equally likely classes is 1/2. What is its leave-one-out estimate?
# Explain the result.

# %% tags=["hide-input"]
# Answer. Leave out a row of class +: the other nine hold four + and five -, so the leaf says
# - and is wrong. Leave out a -: five + against four -, it says + and is wrong again. Every
# row is misclassified: the estimate is 1, though the true error is 1/2. Averaged over
# samples the estimate is unbiased (its expectation is the true error of the learner on nine
# rows, 1/2 here), but this balanced sample is its worst case: the held-out row always tips
# the majority of the rest against itself. Six + and four - give 4/10 instead. One sample's
# estimate can be far off, which is the spread measured above.
balanced = Dataset.from_columns(
    {"x": list("ababababab"), "y": list("+-+-+-+-+-")}, target="y", classes=("+", "-")
)
loo_majority = cross_validate(lambda data: id3(data, max_depth=0), balanced, 10)
print(loo_majority.mean_error)
assert loo_majority.mean_error == 1
six_four = Dataset.from_columns(
    {"x": list("ababababab"), "y": list("++++++----")}, target="y", classes=("+", "-")
)
six_four_loo = cross_validate(lambda data: id3(data, max_depth=0), six_four, 10)
assert six_four_loo.mean_error == Fraction(4, 10)

# %% [markdown]
# **Exercise 15.3.** Use dtree to find out: on PlayTennis, average the $k$-fold estimate of
# ID3's error over 5 seeds of the folds for $k = 2, 5$ and 7, and set it against leave-one-out
# ($k = 14$, the same for every seed). How does the estimate move with $k$, and why?

# %% tags=["hide-input"]
# Answer. It falls steadily, from about 0.43 at k = 2 to 0.21 at k = 14: with 2 folds each
# tree is grown on 7 days, with leave-one-out on 13, and ID3's learning curve on fourteen days
# is still falling steeply, so the smaller k is the more pessimistic.
from dtree.datasets import load  # noqa: E402  (this notebook had no dataset to load so far)

play_days = load("play-tennis")
by_k = {
    k: mean(
        [cross_validate(ID3, play_days, k, seed=s, stratified=False).mean_error for s in range(5)]
    )
    for k in (2, 5, 7)
}
by_k[14] = cross_validate(ID3, play_days, 14).mean_error
print({k: round(float(e), 3) for k, e in by_k.items()})
assert [round(float(by_k[k]), 2) for k in (2, 5, 7, 14)] == [0.43, 0.35, 0.29, 0.21]
assert by_k[14] == Fraction(3, 14)
