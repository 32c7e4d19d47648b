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
# # 14. Regression trees: boxes, means and the residual sum of squares
#
# **Claim** (the Learning with Trees notes, "Choosing the best split in Regression Trees").
# A regression tree divides the predictor space into boxes $R_1, \dots, R_J$ and predicts,
# for an $x$ in $R_j$, the mean response $\hat y_{R_j}$ of the training observations in
# $R_j$. It is grown greedily, by recursive binary splitting: at each step the predictor
# $X_j$ and cutpoint $s$ that minimise
#
# $$\sum_{i: x_i \in R_1(j, s)} (y_i - \hat y_{R_1})^2
#   + \sum_{i: x_i \in R_2(j, s)} (y_i - \hat y_{R_2})^2,
#   \qquad R_1(j, s) = \{X \mid X_j \le s\},\ R_2(j, s) = \{X \mid X_j > s\}.$$
#
# 1. The mean is the best constant: among all predictions $c$ for a box, the mean makes
#    the residual sum of squares $\mathrm{RSS}(c) = \sum_i (y_i - c)^2$ least.
# 2. The split the grower makes is the one the formula asks for: the least RSS of the two
#    halves over every predictor and every cutpoint.
# 3. A regression tree of one predictor is a step function, one step per leaf, and its
#    training RSS never rises as it grows deeper.
# 4. A tree of thresholds on two predictors cuts their plane into rectangles: the notes'
#    picture, drawn here from the tree itself for the iris petals.
#
# dtree's pieces: `cart` on a numeric target grows the tree; `counts.training_loss(stats,
# c)` is $\mathrm{RSS}(c)$ of a node, exactly; `render.boxes` and `render.regions` give the
# rectangles.

# %%
import itertools
import math
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings

from dtree import Dataset, cart, depth, n_leaves, predict
from dtree.conditions import AtMost
from dtree.counts import Moments, stats_of, training_loss
from dtree.datasets import load
from dtree.grower.midpoints import midpoint
from dtree.render import boxes, format_weight, regions, text
from dtree.strategies import regression_datasets
from dtree.tree import Split, leaves

# %% [markdown]
# ## The data: petal width from petal length
#
# The iris data's 150 flowers, with petal width (cm) as the response and petal length (cm)
# as the one predictor: a regression problem on real, published measurements.

# %%
iris = load("iris")
petals = Dataset.from_columns(
    {"petal_length": iris.column("petal_length"), "petal_width": iris.column("petal_width")},
    target="petal_width",
)
whole = stats_of(petals)
assert isinstance(whole, Moments)
print(f"n = {whole.weight}, mean petal width = {whole.mean:.4f} cm")

# %% [markdown]
# ## 1. The mean is the best constant
#
# **Proof.** With $\bar y = \frac1n \sum_i y_i$, expand around the mean:
#
# $$\mathrm{RSS}(c) = \sum_i (y_i - \bar y + \bar y - c)^2
#   = \mathrm{RSS}(\bar y) + 2 (\bar y - c) \sum_i (y_i - \bar y) + n (\bar y - c)^2
#   = \mathrm{RSS}(\bar y) + n (c - \bar y)^2,$$
#
# since $\sum_i (y_i - \bar y) = 0$. The second term is zero at $c = \bar y$ and positive
# everywhere else. $\square$ (With weights $w_i$, the same with $n = \sum_i w_i$ and the
# weighted mean.)
#
# Checked exactly: `training_loss` computes $\mathrm{RSS}(c)$ in fractions from the node's
# moments, so the identity holds to the last digit at every $c$ tried.

# %%
# Alt text: The residual sum of squares RSS(c) of predicting one constant c for every flower's
#   petal width, against c from 0 to 2.5 cm: a parabola, about 300 at c = 0 and 340 at c =
#   2.5, with its least value, RSS(mean) = 86.5699, at the dashed line c = mean = 1.199.
y_bar = Fraction(whole.total) / Fraction(whole.weight)
rss_at_mean = training_loss(whole, y_bar)
for c in [Fraction(0), Fraction(1), Fraction(6, 5), y_bar + Fraction(1, 100), Fraction(5, 2)]:
    assert training_loss(whole, c) == rss_at_mean + whole.weight * (c - y_bar) ** 2
print(f"RSS(mean) = {float(rss_at_mean):.4f}")

cs = [i / 100 for i in range(0, 251)]
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(cs, [float(training_loss(whole, Fraction(c))) for c in cs], color="tab:blue")
ax.axvline(whole.mean, color="tab:red", linestyle="--", label=f"mean = {whole.mean:.3f}")
ax.set_xlabel("c, the constant predicted for every flower (cm)")
ax.set_ylabel("RSS(c)  (cm$^2$)")
ax.set_title("RSS(c) = RSS(mean) + n (c - mean)$^2$: least at the mean")
ax.legend()
plt.show()


# %% [markdown]
# And on random data: whatever the responses and weights, no constant among the responses
# (nor their midpoints) beats the weighted mean.


# %%
@given(regression_datasets(max_rows=12, weighted=True))
@settings(deadline=None)
def check_mean_is_best(data: Dataset) -> None:
    stats = stats_of(data)
    assert isinstance(stats, Moments)
    if stats.weight == 0:
        return
    mean = Fraction(stats.total) / Fraction(stats.weight)
    least = training_loss(stats, mean)
    ys = sorted({float(y) for y in data.labels})
    for c in [*ys, *(midpoint(a, b) for a, b in itertools.pairwise(ys))]:
        assert training_loss(stats, Fraction(c)) >= least


check_mean_is_best()

# %% [markdown]
# ## 2. The split the grower makes is the least RSS of the two halves
#
# Against brute force: for every cutpoint $s$ between two adjacent distinct petal lengths,
# the RSS of the two halves, each predicted by its own mean. CART's root split is the
# least of them.

# %%
# Alt text: The RSS of the two halves, RSS(R1) + RSS(R2), against each of the 42 cutpoints s of
#   petal length, with the RSS of no split (86.57) dotted. It falls steeply from the left
#   to its least, 18.4066, at s = 2.45, CART's root split (dashed), stays low up to about
#   4 cm and climbs back towards the no-split value on the right.
length_of = [v for v in petals.column("petal_length") if isinstance(v, float)]
assert len(length_of) == len(petals)  # every length is known
lengths = sorted(set(length_of))
halves = []
for a, b in itertools.pairwise(lengths):
    s = midpoint(a, b)
    left = petals.subset(r for r in petals.rows if length_of[r] <= s)
    right = petals.subset(r for r in petals.rows if length_of[r] > s)
    rss = sum(
        (
            training_loss(part, Fraction(part.total) / Fraction(part.weight))
            for part in (stats_of(left), stats_of(right))
            if isinstance(part, Moments)
        ),
        Fraction(0),
    )
    halves.append((rss, s))
best_rss, best_s = min(halves)
tree = cart(petals)
assert isinstance(tree, Split)
(root_test, _) = (branch.condition for branch in tree.branches)
assert isinstance(root_test, AtMost)
assert root_test.threshold == best_s
print(f"{len(halves)} cutpoints; the least RSS of the two halves, {float(best_rss):.4f},")
print(f"is at petal_length <= {best_s}, CART's root split: {root_test}")

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot([s for _, s in halves], [float(r) for r, _ in halves], "o-", markersize=3)
ax.axvline(best_s, color="tab:red", linestyle="--", label=f"CART's cut, s = {best_s}")
ax.axhline(float(rss_at_mean), color="0.6", linestyle=":", label="RSS of no split")
ax.set_xlabel("cutpoint s of petal length (cm)")
ax.set_ylabel("RSS(R1) + RSS(R2)  (cm$^2$)")
ax.legend()
plt.show()

# %% [markdown]
# ## 3. A regression tree of one predictor is a step function
#
# Each leaf is an interval of petal lengths and predicts its mean: the tree's prediction is
# constant on each interval and jumps at the cutpoints. As the tree grows deeper the steps
# get finer and the training RSS, $\sum_{\text{leaves } t} \mathrm{RSS}_t(\hat y_t)$, never
# rises: splitting a box replaces its RSS by the RSS of two halves, each with its own mean,
# which by part 1 is at most the RSS of the halves predicted by the parent's mean, and that
# is the parent's RSS.

# %%
# Alt text: Petal width against petal length for the 150 flowers (grey dots), with the step
#   functions of CART regression trees of depth 1, 2, 3 and 6 drawn over them. Depth 1 is
#   one step at 2.45 cm (2 leaves, RSS 18.41); each deeper tree adds finer steps following
#   the points more closely: 4 leaves, RSS 6.77; 8 leaves, RSS 4.95; 28 leaves, RSS 4.30,
#   the training RSS never rising with depth.
grid = [1 + i * 6 / 600 for i in range(601)]
fig, ax = plt.subplots(figsize=(7, 4.5))
ax.scatter(
    length_of,
    [y for y in petals.labels if isinstance(y, float)],
    s=10,
    color="0.55",
    label="flowers",
)
trained_rss = []
for d, colour in zip(
    [1, 2, 3, 6], ["tab:orange", "tab:green", "tab:purple", "tab:red"], strict=True
):
    grown = cart(petals, max_depth=d)
    rss = sum((training_loss(leaf.stats, leaf.prediction) for leaf in leaves(grown)), Fraction(0))
    trained_rss.append(rss)
    ax.step(
        grid,
        [predict(grown, {"petal_length": x}) for x in grid],
        where="post",
        color=colour,
        label=f"depth {d}: {n_leaves(grown)} leaves, RSS {float(rss):.2f}",
    )
ax.set_xlabel("petal length (cm)")
ax.set_ylabel("petal width (cm)")
ax.set_title("CART regression trees: step functions of petal length")
ax.legend(fontsize=8)
plt.show()
assert trained_rss == sorted(trained_rss, reverse=True)
print(text(cart(petals, max_depth=2)))

# %% [markdown]
# ## 4. Two predictors: the plane cut into rectangles
#
# The notes draw a tree on two predictors as boxes of their plane. `render.boxes` reads the
# boxes off the tree (each root-to-leaf path's thresholds bound its leaf's rectangle), and
# `render.regions` shades them over the data. Here the species of iris by petal length and
# petal width, CART to depth 3; every flower lies in the box of the leaf it reaches.

# %%
# Alt text: The iris petal plane, petal width against petal length, cut into the 5 rectangles of a
#   depth-3 CART tree and shaded by the class each predicts, with the flowers as dots
#   coloured by species: setosa (blue) fills the strip petal_length <= 2.45, versicolor
#   (orange) the box from 2.45 to 4.95 with petal_width <= 1.75, and virginica (green) the
#   rest, the upper band and the right-hand box, a few flowers of each of the last two on
#   the wrong side.
plane = Dataset.from_columns(
    {
        "petal_length": iris.column("petal_length"),
        "petal_width": iris.column("petal_width"),
        "species": list(iris.labels),
    },
    target="species",
)
species_tree = cart(plane, max_depth=3)
cut = boxes(species_tree, "petal_length", "petal_width")
for box in cut:
    print(
        f"{box.x_low:>5} < petal_length <= {box.x_high:<5}  "
        f"{box.y_low:>5} < petal_width <= {box.y_high:<5}  -> {box.leaf.prediction}"
    )
for example in plane.examples():
    x, y = example["petal_length"], example["petal_width"]
    assert isinstance(x, float)
    assert isinstance(y, float)
    holding = [b for b in cut if b.x_low < x <= b.x_high and b.y_low < y <= b.y_high]
    assert len(holding) == 1
    assert holding[0].leaf.prediction == predict(species_tree, example)
ax = regions(species_tree, plane, "petal_length", "petal_width")
ax.set_title(f"CART, depth {depth(species_tree)}: {n_leaves(species_tree)} rectangles")
plt.show()

# %% [markdown]
# A regression tree on two predictors is drawn the same way, each box shaded by its mean
# on a colour scale, and the colour bar beside the plot reads a box's mean (and a flower's
# petal width) back off its shade: petal width from petal length and sepal length. Each box
# wide enough to hold it is labelled with its mean too (the shading is pale, so that the
# points show over it), and the boxes, with their flowers and means, are printed.

# %%
# Alt text: Sepal length against petal length for the 150 flowers, cut into the 8 boxes of a
#   depth-3 regression tree of petal width, each box shaded by its mean and labelled with
#   it where it has room, each flower coloured by its petal width, and a colour bar of
#   petal width from 0.1 to 2.5 beside the plot. Four bands across the whole height, dark
#   to light, hold the means 1.15 (petal length 2.45 to 4.15), 1.41, 1.73 and, right of
#   5.05, 2.06; the setosa strip left of 2.45 is cut by sepal length and petal length into
#   four dark boxes of means 0.15 to 0.36.
two = Dataset.from_columns(
    {
        "sepal_length": iris.column("sepal_length"),
        "petal_length": iris.column("petal_length"),
        "petal_width": iris.column("petal_width"),
    },
    target="petal_width",
)
width_tree = cart(two, max_depth=3)
for box in boxes(width_tree, "petal_length", "sepal_length"):
    print(
        f"{box.x_low:>5} < petal_length <= {box.x_high:<5}  "
        f"{box.y_low:>5} < sepal_length <= {box.y_high:<5}  "
        f"n {format_weight(box.leaf.stats.weight):>2}  mean {float(box.leaf.prediction):.3f}"
    )
ax = regions(width_tree, two, "petal_length", "sepal_length")
ax.set_title(
    f"Petal width from petal and sepal length: {n_leaves(width_tree)} boxes, as many means"
)
(x_low, x_high), (y_low, y_high) = ax.get_xlim(), ax.get_ylim()
for box in boxes(width_tree, "petal_length", "sepal_length"):
    x_from, x_to = max(box.x_low, x_low), min(box.x_high, x_high)
    y_from, y_to = max(box.y_low, y_low), min(box.y_high, y_high)
    if x_to - x_from > 0.25 and y_to - y_from > 0.3:  # room for its mean, written in it
        ax.text(
            (x_from + x_to) / 2,
            y_to - 0.12 if box.y_high == math.inf else (y_from + y_to) / 2,
            f"{float(box.leaf.prediction):.2f}",
            ha="center",
            va="center",
            fontsize=7,
            bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.8, "linewidth": 0},
        )
plt.show()
assert len(boxes(width_tree, "petal_length", "sepal_length")) == n_leaves(width_tree)
assert len(ax.figure.axes) == 2  # the plot and its colour bar

# %% [markdown]
# ## Conclusion
#
# The mean is the best constant for a box ($\mathrm{RSS}(c) = \mathrm{RSS}(\bar y) + n(c -
# \bar y)^2$, exact at every $c$ tried and on random data); CART's cut is the least RSS of
# the two halves over all cutpoints; a regression tree of one predictor is a step function
# whose training RSS never rises with depth; and a tree of thresholds on two predictors is
# a set of rectangles, one per leaf, read off the tree.

# %%
assert math.isclose(whole.mean, float(y_bar))
assert trained_rss[0] > trained_rss[-1]
assert len(cut) == n_leaves(species_tree)
assert root_test.threshold == 2.45  # setosa's petals apart, as in the notes' figure

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 14.1.** Six points:
#
# | $x$ | 1 | 2 | 3 | 4 | 5 | 6 |
# |---|---|---|---|---|---|---|
# | $y$ | 1 | 2 | 3 | 10 | 11 | 12 |
#
# Compute by hand the RSS of the root (predicting the mean) and of the best single split,
# with the prediction of each half.

# %% tags=["hide-input"]
# Answer. The mean is 39/6 = 6.5; the deviations are -5.5, -4.5, -3.5, 3.5, 4.5, 5.5, so
# RSS = 2 (30.25 + 20.25 + 12.25) = 125.5. The best cut is between 3 and 4, at 3.5: the halves
# predict 2 and 11, each with deviations -1, 0, 1, RSS 2 + 2 = 4. (Cutting at 2.5 instead
# leaves 1.5 on the left, and 3, 10, 11, 12 on the right, RSS 0.5 + 50 = 50.5.)
six = Dataset.from_columns({"x": [1, 2, 3, 4, 5, 6], "y": [1, 2, 3, 10, 11, 12]}, target="y")
six_stats = stats_of(six)
assert isinstance(six_stats, Moments)
six_stump = cart(six, max_depth=1)
print(text(six_stump))
assert training_loss(six_stats, Fraction(13, 2)) == Fraction(251, 2)
assert [leaf.prediction for leaf in leaves(six_stump)] == [2, 11]
assert (
    sum((training_loss(leaf.stats, leaf.prediction) for leaf in leaves(six_stump)), Fraction(0))
    == 4
)

# %% [markdown]
# **Exercise 14.2.** Show that a split of a node of $n$ points into halves of $n_L$ and $n_R$
# points with means $\bar y_L$ and $\bar y_R$ lowers the RSS by exactly
# $\frac{n_L n_R}{n} (\bar y_L - \bar y_R)^2$. Check it on exercise 14.1.

# %% tags=["hide-input"]
# Answer. Predict both halves by the parent's mean ybar first: by part 1, applied to each
# half, RSS_L(ybar) = RSS_L + n_L (ybar_L - ybar)^2, and the same on the right, and the two
# add up to the parent's RSS. Since ybar = (n_L ybar_L + n_R ybar_R) / n,
# ybar_L - ybar = (n_R / n)(ybar_L - ybar_R) and ybar_R - ybar = (n_L / n)(ybar_R - ybar_L), so
#   RSS - RSS_L - RSS_R = n_L n_R^2 / n^2 d^2 + n_R n_L^2 / n^2 d^2 = (n_L n_R / n) d^2,
# with d = ybar_L - ybar_R. The grower's best cut is the one that best balances the sizes of
# the halves against the gap between their means. On exercise 14.1 at 3.5: 3 * 3 / 6 * 9^2 =
# 121.5 = 125.5 - 4. Checked exactly at every cut of the six points (row r holds x = r + 1):
for cut_at in (1.5, 2.5, 3.5, 4.5, 5.5):
    sides = [
        stats_of(six.subset(r for r in six.rows if (r + 1 <= cut_at) == left))
        for left in (True, False)
    ]
    assert all(isinstance(side, Moments) for side in sides)
    moments = [side for side in sides if isinstance(side, Moments)]
    means = [Fraction(m.total) / Fraction(m.weight) for m in moments]
    split_rss = sum((training_loss(m, y) for m, y in zip(moments, means, strict=True)), Fraction(0))
    n_l, n_r = (Fraction(m.weight) for m in moments)
    assert (
        training_loss(six_stats, Fraction(13, 2)) - split_rss
        == n_l * n_r / 6 * (means[0] - means[1]) ** 2
    )

# %% [markdown]
# **Exercise 14.3.** Use dtree to find out: grow CART's regression tree of petal width on
# petal length to depth 2. Where are its cuts, what does each leaf predict, and by how much
# does the second level lower the training RSS?

# %% tags=["hide-input"]
# Answer. The root cuts at 2.45 (the setosas, mean width 0.246, against the rest, 1.676);
# below it the cuts are at 1.55 (0.224 and 0.308) and 4.75 (1.3 and 1.984). The first level
# takes the RSS from 86.6 to 18.4; the second takes it to 6.8, nearly all of that from the
# cut at 4.75, which comes close to separating versicolor from virginica.
petal_trees = {d: cart(petals, max_depth=d) for d in (0, 1, 2)}
petal_rss = {
    d: round(float(sum(training_loss(leaf.stats, leaf.prediction) for leaf in leaves(t))), 1)
    for d, t in petal_trees.items()
}
print(text(petal_trees[2]))
print(petal_rss)
assert [round(float(leaf.prediction), 3) for leaf in leaves(petal_trees[2])] == [
    0.224,
    0.308,
    1.3,
    1.984,
]
assert petal_rss == {0: 86.6, 1: 18.4, 2: 6.8}
