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
# # 10. Many trees: bias, variance, averaging and boosting
#
# **Claim.** For squared error the notes' "expected error $\approx$ bias + variance" is an
# identity: at a point $x$, over training sets $D$ and noise $\varepsilon$ of variance
# $\sigma_\varepsilon^2$,
#
# $$\mathbb{E}\big[(y - \hat f_D(x))^2\big] = \big(\bar f(x) - f(x)\big)^2
#   + \mathbb{E}\big[(\hat f_D(x) - \bar f(x))^2\big] + \sigma_\varepsilon^2,
#   \qquad \bar f(x) = \mathbb{E}_D\, \hat f_D(x).$$
#
# A deep regression tree has a small bias and a large variance; averaging $B$ trees keeps the
# bias and divides the variance, but not by $B$: trees grown on bootstrap samples of one
# training set are correlated, and the mean of $B$ identically distributed predictions of
# variance $\sigma^2$ and pairwise correlation $\rho$ has variance
#
# $$\operatorname{Var}\Big(\frac1B \sum_b T_b\Big)
#   = \rho\,\sigma^2 + \frac{1 - \rho}{B}\,\sigma^2,$$
#
# which falls to $\rho \sigma^2$, not to 0. A random forest's feature sampling lowers $\rho$.
# The rows out of a bootstrap sample (a share $(1 - 1/n)^n \to 1/e$) give the out-of-bag error,
# an estimate close to 10-fold cross-validation's for the price of one forest. And AdaBoost's
# training error after $T$ rounds is at most $\prod_{t \le T} 2\sqrt{e_t (1 - e_t)}$, and the
# smallest margins of the training examples go on growing after that error reaches 0.
#
# The notes behind this notebook: Learning with Trees (a smaller tree has "lower variance
# (estimation error) at the cost of a little bias (approximation error)", and "by aggregating
# many decision trees, using methods like bagging, random forests, and boosting, the predictive
# performance of trees can be substantially improved"), the Decision Trees II notes (the
# variance and bias of a learner over training sets $D$, "expected error $\approx$ bias +
# variance", which "can be made more accurate for some loss functions") and Lecture 10.
#
# Every random draw is a `dtree.seeded` digest of its name, so every number below is the same on
# every run. The notebook runs in the test suite, so its experiments are small (50 training rows,
# 40 training sets, 20 trees); the asserts hold at these sizes, and the text says what a larger
# run shows.

# %%
import math
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import CART, Dataset, Learner
from dtree.datasets import load
from dtree.ensemble import Ensemble, decisions, predict_many, prefix, staged
from dtree.ensemble.bagging import bag, oob_error, random_forest
from dtree.ensemble.boosting import adaboost, samme_error
from dtree.evaluate import cross_validate, error
from dtree.grower.make_subtree import grow
from dtree.invariants import adaboost_error_is_bounded, oob_fraction_approaches_one_over_e
from dtree.seeded import below, bootstrap

# %% [markdown]
# ## A known function, many training sets
#
# The target is $f(x) = \sin(2\pi x_1) + 2 x_2 x_3$ on $[0, 1)^3$, and
# $y = f(x) + \varepsilon$ with $\varepsilon$ uniform on $[-\tfrac12, \tfrac12)$, of variance
# $\sigma_\varepsilon^2 = 1/12$. Training set $r$ ($r = 0, \dots, 39$) has 50 rows: row $i$'s
# coordinates are `below(N, "train", r, i, j) / N`, uniform draws to $10^{-9}$, and its noise
# `below(N, "noise", r, i) / N - 1/2`. On
# each, three learners: one deep regression tree (CART with squared error, grown until its
# leaves are pure), bagged trees (20 of them, all features at every node) and a random forest
# (20 trees, one feature drawn at every node, `max_features=1`). Their predictions are taken at
# 20 fixed test points, $x_1$ on a grid and $x_2, x_3$ drawn once.

# %%
N = 10**9  # below(N, ...) / N: a uniform draw on [0, 1), to 1e-9
n_rows, n_sets, n_trees = 50, 40, 20
noise_variance = 1 / 12
deep = Learner(impurity="squared_error", nominal="subsets")  # CART for a numeric target
one_feature = Learner(impurity="squared_error", nominal="subsets", max_features=1)
points = [
    {"x1": (p + 0.5) / 20, "x2": below(N, "point", p, 2) / N, "x3": below(N, "point", p, 3) / N}
    for p in range(20)
]
truth = [math.sin(2 * math.pi * x["x1"]) + 2 * x["x2"] * x["x3"] for x in points]
line = [{"x1": k / 200, "x2": 0.5, "x3": 0.5} for k in range(201)]  # for the picture
kinds = ("deep tree", "bagged trees", "random forest")
predicted: dict[str, list[list[float]]] = {kind: [] for kind in kinds}
members: dict[str, list[list[list[float]]]] = {kind: [] for kind in kinds[1:]}
forests: dict[str, list[Ensemble]] = {kind: [] for kind in kinds[1:]}
curves: dict[str, list[list[float]]] = {kind: [] for kind in kinds}
for r in range(n_sets):
    xs = {f"x{j}": [below(N, "train", r, i, j) / N for i in range(n_rows)] for j in (1, 2, 3)}
    ys = [
        math.sin(2 * math.pi * x1) + 2 * x2 * x3 + below(N, "noise", r, i) / N - 0.5
        for i, (x1, x2, x3) in enumerate(zip(xs["x1"], xs["x2"], xs["x3"], strict=True))
    ]
    data = Dataset.from_columns({**xs, "y": ys}, target="y")
    tree = grow(deep, data)
    predicted["deep tree"].append([float(v) for v in predict_many(tree, points)])
    if r < 5:
        curves["deep tree"].append([float(v) for v in predict_many(tree, line)])
    for kind, learner in (("bagged trees", deep), ("random forest", one_feature)):
        ensemble = bag(data, learner, n_trees=n_trees, seed=r).ensemble
        forests[kind].append(ensemble)
        predicted[kind].append([float(v) for v in predict_many(ensemble, points)])
        members[kind].append([[float(v) for v in predict_many(t, points)] for t in ensemble.trees])
        if r < 5:
            curves[kind].append([float(v) for v in predict_many(ensemble, line)])
print(f"{n_sets} training sets of {n_rows} rows; {n_trees} trees per ensemble")

# %% [markdown]
# ## Bias squared, variance, noise: each estimated
#
# At test point $x_p$, with $\hat f_r$ the prediction of the model grown on training set $r$:
# $\bar f(x_p) = \frac1R \sum_r \hat f_r(x_p)$, bias$^2$ $= (\bar f(x_p) - f(x_p))^2$ and
# variance $= \frac1R \sum_r (\hat f_r(x_p) - \bar f(x_p))^2$, each averaged over the 20 points.
#
# **Proof of the identity.** Write $y - \hat f = (f - \bar f) + (\bar f - \hat f) + \varepsilon$
# and square. The noise of a new $y$ is independent of $D$ and has mean 0, so its cross terms
# vanish in expectation; and $\mathbb{E}_D[\bar f - \hat f_D] = 0$ by the definition of $\bar f$,
# so the cross term of bias and variance vanishes too. With the empirical mean over $R$ training
# sets in place of $\mathbb{E}_D$ the second step is exact, so
# $\frac1R \sum_r (f - \hat f_r)^2 = (\bar f - f)^2 + \frac1R \sum_r (\hat f_r - \bar f)^2$ holds
# to rounding; the first step holds only in expectation, so the error measured against new noisy
# targets (25 draws of $y$ per training set and point) agrees with bias$^2$ + variance +
# $\sigma_\varepsilon^2$ up to its sampling error.

# %%
decomposition: dict[str, tuple[float, float, float]] = {}
print(f"{'':15} {'bias^2':>8} {'variance':>9} {'noise':>7} {'sum':>7} {'measured':>9}")
for kind in kinds:
    rows = predicted[kind]
    centre = [math.fsum(row[p] for row in rows) / n_sets for p in range(20)]
    bias2 = [(centre[p] - truth[p]) ** 2 for p in range(20)]
    spread = [math.fsum((row[p] - centre[p]) ** 2 for row in rows) / n_sets for p in range(20)]
    off_target = [math.fsum((truth[p] - row[p]) ** 2 for row in rows) / n_sets for p in range(20)]
    for p in range(20):
        assert math.isclose(off_target[p], bias2[p] + spread[p], rel_tol=1e-9, abs_tol=1e-12)
    squared = [
        (truth[p] + below(N, "test", kind, r, p, m) / N - 0.5 - rows[r][p]) ** 2
        for r in range(n_sets)
        for p in range(20)
        for m in range(25)
    ]
    measured = math.fsum(squared) / len(squared)
    b2, var = math.fsum(bias2) / 20, math.fsum(spread) / 20
    decomposition[kind] = (b2, var, measured)
    total = b2 + var + noise_variance
    print(f"{kind:15} {b2:8.4f} {var:9.4f} {noise_variance:7.4f} {total:7.4f} {measured:9.4f}")
    assert abs(measured - total) <= 0.03 * total

# %% [markdown]
# The deep tree's error is mostly variance: about three times the noise, against a bias$^2$ a
# fifth of its variance (its leaves hold one row each, and with 50 rows in three dimensions
# that row can lie some way from the test point). Averaging 20 bagged trees cuts the variance
# by more than two thirds for a small rise in bias (a bootstrap sample holds only about 63% of
# the distinct rows). The random forest, drawing one of the three features at each node, lowers
# the variance a little further but pays more in bias (a node may have only $x_2$ or $x_3$ to
# cut where $x_1$ matters most): with only three features, one per node is too few, and here
# the forest's error lies between the bagged trees' and the deep tree's. Both ensembles' errors
# are well below the deep tree's.

# %%
b_deep, v_deep, e_deep = decomposition["deep tree"]
for kind in kinds[1:]:
    b_kind, v_kind, e_kind = decomposition[kind]
    assert v_kind < v_deep / 3
    assert b_kind > b_deep
    assert e_kind < e_deep
assert decomposition["random forest"][1] < decomposition["bagged trees"][1]
assert b_deep < v_deep / 4

# %%
# Alt text: Three panels, the predictions along x1 (with x2 = x3 = 0.5) of models grown on 5
#   training sets, over the true curve, a sine wave from 0.5 up to 1.5 and down to -0.5.
#   The deep tree's five predictions are coarse steps scattered far above and below the
#   curve; the bagged trees' are finer steps bunched closer around it; the random forest's
#   are bunched tighter still but flattened, short of the peak and the trough.
# Alt text: Stacked bars of bias squared, variance and noise (1/12) for the deep tree, bagged
#   trees and the random forest, each topped by a mark at the measured squared error,
#   which the stack matches. The deep tree's variance, 0.2339, dominates its error of
#   0.3652; bagging cuts the variance to 0.0693 (error 0.2067); the random forest cuts it
#   to 0.0619 but its bias squared rises to 0.0887 (error 0.2337).
fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
xs_line = [x["x1"] for x in line]
true_line = [math.sin(2 * math.pi * x) + 0.5 for x in xs_line]
for ax, kind in zip(axes, kinds, strict=True):
    for curve in curves[kind]:
        ax.plot(xs_line, curve, color="tab:blue", alpha=0.6, linewidth=1)
    ax.plot(xs_line, true_line, color="black", linewidth=2, label="f(x1, 0.5, 0.5)")
    ax.set_title(f"{kind}: 5 training sets")
    ax.set_xlabel("x1  (x2 = x3 = 0.5)")
axes[0].set_ylabel("prediction")
axes[0].legend(loc="lower left")
fig.tight_layout()

fig, ax = plt.subplots(figsize=(6.5, 4.5))
bottoms = [0.0] * 3
for part, color, label in ((0, "tab:orange", "bias^2"), (1, "tab:blue", "variance")):
    heights = [decomposition[kind][part] for kind in kinds]
    ax.bar(kinds, heights, bottom=bottoms, color=color, label=label)
    bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
ax.bar(kinds, [noise_variance] * 3, bottom=bottoms, color="tab:gray", label="noise 1/12")
ax.plot(kinds, [decomposition[kind][2] for kind in kinds], "k_", markersize=40, mew=2)
ax.plot([], [], "k_", label="measured error")
ax.set_ylabel("squared error, mean over 20 test points")
ax.set_title("Bias^2 + variance + noise, over 40 training sets")
ax.legend()
fig.tight_layout()

# %% [markdown]
# ## Why averaging lowers the variance, and how far
#
# **Derivation.** Let $T_1, \dots, T_B$ have the same variance $\sigma^2$ and every pair the
# same correlation $\rho$, so $\operatorname{Cov}(T_b, T_c) = \rho\sigma^2$ for $b \ne c$. The
# variance of a sum is the sum of all covariances, $B$ variances and $B(B - 1)$ covariances:
#
# $$\operatorname{Var}\Big(\frac1B \sum_b T_b\Big)
#   = \frac{1}{B^2}\Big(B\sigma^2 + B(B - 1)\rho\sigma^2\Big)
#   = \rho\sigma^2 + \frac{1 - \rho}{B}\sigma^2.$$
#
# Independent trees ($\rho = 0$) give $\sigma^2 / B$; identical trees ($\rho = 1$) give
# $\sigma^2$ whatever $B$. The members of a bagged ensemble are exchangeable (each is the same
# learner on a bootstrap sample drawn the same way), so the premise holds, with the randomness
# that of the training set and of the bootstrap draws together.
#
# **Measured.** At each test point: $\sigma^2$ is the variance of one member's prediction over
# all training sets and members ($40 \times 20$ predictions, about their mean $m$), and
# $\rho\sigma^2$ the mean of $(T_b - m)(T_c - m)$ over the pairs $b \ne c$ of members of one
# ensemble. Both are averaged over the 20 points (the formula is linear in $\sigma^2$ and
# $\rho\sigma^2$, so it holds for the averages). Then the ensemble of the first $B$ members
# (`prefix`) is evaluated on every training set, and its variance over the training sets is set
# against the formula. At $B = 20$ the two agree by algebra (the same sums); for $B < 20$ the
# agreement is a test of the premise: it holds within 20% at every $B$ here (the scatter is
# the sampling error of 40 training sets, and shrinks as more are drawn).

# %%
correlation: dict[str, tuple[float, float]] = {}
sizes = (1, 2, 3, 4, 6, 8, 12, 16, 20)
measured_variance: dict[str, list[float]] = {}
for kind in kinds[1:]:
    sigma2s, covariances = [], []
    for p in range(20):
        values = [member[p] for ensemble in members[kind] for member in ensemble]
        m = math.fsum(values) / len(values)
        sigma2s.append(math.fsum((v - m) ** 2 for v in values) / len(values))
        pairs = [
            (ensemble[b][p] - m) * (ensemble[c][p] - m)
            for ensemble in members[kind]
            for b in range(n_trees)
            for c in range(n_trees)
            if b != c
        ]
        covariances.append(math.fsum(pairs) / len(pairs))
    sigma2 = math.fsum(sigma2s) / 20
    rho = math.fsum(covariances) / 20 / sigma2
    correlation[kind] = (sigma2, rho)
    measured_variance[kind] = []
    for size in sizes:
        rows = [[float(v) for v in predict_many(prefix(e, size), points)] for e in forests[kind]]
        centre = [math.fsum(row[p] for row in rows) / n_sets for p in range(20)]
        spread = [math.fsum((row[p] - centre[p]) ** 2 for row in rows) / n_sets for p in range(20)]
        measured_variance[kind].append(math.fsum(spread) / 20)
    print(f"{kind}: sigma^2 = {sigma2:.4f}, rho = {rho:.3f}")
    print("   B       measured   rho s^2 + (1 - rho) s^2 / B")
    for size, var in zip(sizes, measured_variance[kind], strict=True):
        formula = rho * sigma2 + (1 - rho) * sigma2 / size
        print(f"  {size:2}   {var:12.4f}   {formula:12.4f}")
        assert abs(var - formula) <= 0.2 * formula
    assert math.isclose(measured_variance[kind][-1], decomposition[kind][1], rel_tol=1e-9)
assert correlation["random forest"][1] < correlation["bagged trees"][1] / 2

# %% [markdown]
# Drawing one feature per node makes a member's prediction more variable ($\sigma^2$ rises, each
# tree being worse) but much less correlated with its fellows': $\rho$ falls to less than half.
# For a large $B$ the variance tends to $\rho\sigma^2$, and $\rho\sigma^2$ is the smaller for
# the forest; with few trees the bagged ensemble is the steadier. That is Breiman's argument for
# random forests, measured.

# %%
# Alt text: The variance over training sets of an average of B trees against B from 1 to 20,
#   measured (dots) and by the formula rho s^2 + (1 - rho) s^2 / B (lines), for bagged
#   trees (rho = 0.22) and a random forest (rho = 0.10), with each formula's limit rho s^2
#   dotted and one deep tree's variance dashed. The dots follow the curves: both fall
#   steeply over the first few trees and level off, the forest starting higher but, less
#   correlated, ending lower, 0.0619 against 0.0693 at B = 20.
fig, ax = plt.subplots(figsize=(6.5, 4.5))
grid = list(range(1, n_trees + 1))
for kind, color in (("bagged trees", "tab:blue"), ("random forest", "tab:green")):
    sigma2, rho = correlation[kind]
    ax.plot(sizes, measured_variance[kind], "o", color=color, label=f"{kind}: measured")
    ax.plot(
        grid,
        [rho * sigma2 + (1 - rho) * sigma2 / b for b in grid],
        "-",
        color=color,
        label=f"{kind}: rho s^2 + (1 - rho) s^2 / B, rho = {rho:.2f}",
    )
    ax.axhline(rho * sigma2, color=color, linestyle=":", label=f"{kind}: rho s^2, B -> infinity")
ax.axhline(decomposition["deep tree"][1], color="tab:red", linestyle="--", label="one deep tree")
ax.set_ylim(0, None)
ax.set_xlabel("B, trees averaged")
ax.set_ylabel("variance over training sets (mean over 20 points)")
ax.set_title("Averaging correlated trees")
ax.legend(fontsize="small")
fig.tight_layout()

# %% [markdown]
# ## Out of bag against 10-fold cross-validation
#
# Row $i$ is out of bag for member $t$ when the bootstrap sample of $n$ draws misses it, with
# probability $(1 - 1/n)^n$, which rises to $1/e \approx 0.368$ (from $0.25$ at $n = 2$). Each
# row is predicted by the members that did not see it, and the out-of-bag error is the error of
# those predictions: a held-out estimate from the training rows alone. Set against 10-fold
# cross-validation (stratified for classes; each fold a forest of its own, ten forests in all)
# on bundled datasets and generated ones: a regression set drawn from $f$ above (150 rows) and
# a two-class set (a disc in the unit square, 200 rows, a tenth of the labels flipped). For the
# generated sets the true error is also measured, on 1,000 new rows. Random forests of 30 trees,
# `max_features="sqrt"` (regression trees for the regression set).

# %%
xs_reg = {f"x{j}": [below(N, "oob", i, j) / N for i in range(1150)] for j in (1, 2, 3)}
y_reg = [
    math.sin(2 * math.pi * x1) + 2 * x2 * x3 + below(N, "oob noise", i) / N - 0.5
    for i, (x1, x2, x3) in enumerate(zip(xs_reg["x1"], xs_reg["x2"], xs_reg["x3"], strict=True))
]
regression_all = Dataset.from_columns({**xs_reg, "y": y_reg}, target="y")
xs_disc = {f"x{j}": [below(N, "disc", i, j) / N for i in range(1200)] for j in (1, 2)}
y_disc = [
    ("in" if (x1 - 0.5) ** 2 + (x2 - 0.5) ** 2 < 0.12 else "out")
    if below(10, "flip", i)
    else ("out" if (x1 - 0.5) ** 2 + (x2 - 0.5) ** 2 < 0.12 else "in")
    for i, (x1, x2) in enumerate(zip(xs_disc["x1"], xs_disc["x2"], strict=True))
]
disc_all = Dataset.from_columns({**xs_disc, "y": y_disc}, target="y")
studied = {
    "iris": (load("iris"), None),
    "golf": (load("golf"), None),
    "regression f": (
        regression_all.subset(range(150)),
        regression_all.subset(range(150, 1150)),
    ),
    "noisy disc": (disc_all.subset(range(200)), disc_all.subset(range(200, 1200))),
}
estimates: dict[str, tuple[float, float, float, float | None]] = {}
shares: dict[str, float] = {}
print(f"{'dataset':13} {'rows':>5} {'out of bag':>11} {'10-fold CV':>11} {'(s.e.)':>7} {'true':>7}")
for name, (data, fresh) in studied.items():
    member = CART if data.schema.is_classification else deep  # squared error for a number
    forest = random_forest(data, n_trees=30, seed=1, learner=member)
    oob = float(oob_error(forest, data))
    cv = cross_validate(  # each fold's forest: the same call on the fold's training rows
        lambda d: random_forest(d, n_trees=30, seed=1, learner=member).ensemble,  # noqa: B023
        data,
        10,
    )
    true = None if fresh is None else float(error(forest.ensemble, fresh))
    estimates[name] = (oob, float(cv.mean_error), cv.standard_error, true)
    n = len(data.rows)
    shares[name] = sum(c == 0 for member in forest.counts for c in member) / (30 * n)
    assert oob_fraction_approaches_one_over_e(forest.counts)
    shown = "" if true is None else f"{true:7.3f}"
    print(
        f"{name:13} {n:5} {oob:11.3f} {float(cv.mean_error):11.3f} {cv.standard_error:7.3f} {shown}"
    )

# %% [markdown]
# On the sets of 150 and 200 rows the two estimates agree within two of the cross-validation's
# standard errors, and both lie within two and a half of them of the true error where it is
# known; on golf's 14 rows each is an average of 14 right-or-wrong answers, and both are
# rough. The out-of-bag estimate leans high: a row's out-of-bag prediction is that of the
# members that missed it, about $B/e$ of them (11 of 30), a smaller and so more variable
# forest than the one assessed. It shows most in regression, where the variance is the error:
# with the same rows, grown apart from this notebook, 100 and 300 trees bring the regression's
# out-of-bag error from 0.217 down to 0.185 and 0.164, against true errors of 0.149 and 0.146.
# The out-of-bag share of the rows is near $(1 - 1/n)^n$ on every set
# (`oob_fraction_approaches_one_over_e`); sets of the same size have the same share, their
# bootstrap samples being functions of $n$ and the seed alone.
#
# The picture draws each out-of-bag error, and each true error where it is known, as its
# difference from the cross-validation error, with the cross-validation's standard error as
# the bar. Golf is drawn apart, on its own scale: with 14 rows an error is a multiple of
# 1/14 and each of the ten test folds holds one or two rows, so its standard error is four
# times and more the others'; on shared axes its bar would flatten theirs to nothing. Its
# two estimates are equal, and that says little.

# %%
for name, (oob, cv_error, se, true) in estimates.items():
    if len(studied[name][0].rows) >= 100:
        assert abs(oob - cv_error) <= 2 * se
        if true is not None:
            assert abs(oob - true) <= 2.5 * se
            assert abs(cv_error - true) <= 2.5 * se
print("out-of-bag share of (member, row) pairs, against (1 - 1/n)^n:")
for name, share in shares.items():
    n = len(studied[name][0].rows)
    print(f"  {name:13} n = {n:4}: {share:.4f}  (1 - 1/n)^n = {(1 - 1 / n) ** n:.4f}")
    assert abs(share - (1 - 1 / n) ** n) < 0.05

# %%
# Alt text: Three panels. Left: for iris, the regression set and the noisy disc, the out-of-bag
#   error minus the 10-fold cross-validation error, with bars of one CV standard error,
#   and the true error minus the CV error as stars where known: the out-of-bag error is
#   higher by +0.007, +0.034 and +0.030, each within two standard errors of 0, and the
#   true errors lie at -0.019 and +0.013. Middle: golf on its own scale, out of bag minus
#   CV +0.000 with a bar of 0.129 either way, four or more times the others'. Right: the
#   share of rows out of bag against n on a log scale, measured over 40 bootstrap samples
#   and the curve (1 - 1/n)^n, which rises from 0.25 at n = 2 towards the dotted line 1/e.
for name, (oob, cv_error, se, true) in estimates.items():
    against_truth = "" if true is None else f"   true - CV {true - cv_error:+.3f}"
    print(f"{name:13} out of bag - CV {oob - cv_error:+.3f}   CV s.e. {se:.3f}{against_truth}")
fig, axes = plt.subplots(1, 3, figsize=(14, 4.5), gridspec_kw={"width_ratios": [3, 1.3, 3.5]})
apart = {"golf"}  # 14 rows: its standard error is four times the others', so its own axes
for ax, shown_here in (
    (axes[0], [name for name in estimates if name not in apart]),
    (axes[1], sorted(apart)),
):
    for k, name in enumerate(shown_here):
        oob, cv_error, se, true = estimates[name]
        ax.errorbar([k], [oob - cv_error], yerr=[se], fmt="o", capsize=4, color="tab:blue")
        if true is not None:
            ax.plot([k], [true - cv_error], "k*", markersize=10)
    ax.axhline(0, color="gray", linestyle=":")
    ax.set_xticks(
        range(len(shown_here)),
        [f"{name}\n{len(studied[name][0].rows)} rows" for name in shown_here],
    )
    ax.set_xlim(-0.5, len(shown_here) - 0.5)
axes[0].errorbar([], [], yerr=[], fmt="o", capsize=4, color="tab:blue", label="out of bag - CV")
axes[0].plot([], [], "k*", label="true error (1,000 new rows) - CV")
axes[0].set_ylabel("error minus the 10-fold CV error\n(bars: +- 1 s.e. of the CV estimate)")
axes[0].set_title("Out of bag against cross-validation (forests of 30)")
axes[0].set_ylim(bottom=-0.05)  # room for the legend below the points
axes[0].legend(fontsize="small", loc="lower right")
axes[1].set_title("golf, on its own scale")
ax = axes[2]
ns = [2, 3, 5, 8, 12, 20, 35, 60, 100, 200, 400]
drawn_shares = [sum(c == 0 for t in range(40) for c in bootstrap(n, 3, t)) / (40 * n) for n in ns]
ax.plot(ns, [(1 - 1 / n) ** n for n in ns], "-", label="(1 - 1/n)^n")
ax.plot(ns, drawn_shares, "o", label="measured, 40 bootstrap samples")
ax.axhline(math.exp(-1), color="black", linestyle=":", label="1/e")
ax.set_xscale("log")
ax.set_xlabel("n, rows")
ax.set_ylabel("share of the rows out of bag")
ax.set_title("The out-of-bag share tends to 1/e")
ax.legend()
fig.tight_layout()
assert all(abs(s - (1 - 1 / n) ** n) < 0.06 for s, n in zip(drawn_shares, ns, strict=True))

# %% [markdown]
# ## AdaBoost: the training error bound and the margins
#
# **The bound.** AdaBoost (SAMME with $K = 2$ classes is Freund and Schapire's AdaBoost) gives
# member $t$, of weighted error $e_t$, the odds $\beta_t = (1 - e_t)/e_t$ and the say
# $\alpha_t = \log \beta_t$, and multiplies the weight of each row it gets wrong by $\beta_t$. The
# normaliser is $Z_t = (1 - e_t) + e_t \beta_t = 2(1 - e_t)$, and a row the vote gets wrong has
# $\sum_t \alpha_t [h_t(x_i) \ne y_i] \ge \frac12 \sum_t \alpha_t$; so the training error is at
# most $\prod_t Z_t e^{-\alpha_t / 2} = \prod_t 2\sqrt{e_t(1 - e_t)}$ (the full proof in
# `dtree.invariants.adaboost_error_is_bounded`). Each factor is below 1 when $e_t < 1/2$: the
# bound falls geometrically while the stumps beat chance.
#
# The ensemble keeps the odds $\beta_t$ as its weights, so $e_t = 1/(\beta_t + 1)$
# (`samme_error`). On the disc (200 rows, no label noise this time), 160 rounds of stumps: the
# training error of the first $T$ members (`staged`) against the bound, round by round, and the
# error on 1,000 new rows.

# %%
disc_labels = [
    "in" if (x1 - 0.5) ** 2 + (x2 - 0.5) ** 2 < 0.12 else "out"
    for x1, x2 in zip(xs_disc["x1"], xs_disc["x2"], strict=True)
]
clean_all = Dataset.from_columns({**xs_disc, "y": disc_labels}, target="y")
clean, clean_fresh = clean_all.subset(range(200)), clean_all.subset(range(200, 1200))
boosted = adaboost(clean, n_rounds=160)
examples = list(clean.examples())
training_errors = [
    Fraction(sum(p != y for p, y in zip(stage, clean.labels, strict=True)), len(examples))
    for stage in staged(boosted, examples)
]
fresh_examples = list(clean_fresh.examples())
test_errors = [
    sum(p != y for p, y in zip(stage, clean_fresh.labels, strict=True)) / len(fresh_examples)
    for stage in staged(boosted, fresh_examples)
]
bounds = []
bound = 1.0
for beta in boosted.weights:
    e = float(samme_error(beta, 2))
    bound *= 2 * math.sqrt(e * (1 - e))
    bounds.append(bound)
assert len(boosted) == 160
assert all(err <= b for err, b in zip(training_errors, bounds, strict=True))
assert adaboost_error_is_bounded(clean, n_rounds=12)  # replayed in exact fractions
first_zero = training_errors.index(Fraction(0)) + 1
zero = 1 + max(t for t, err in enumerate(training_errors) if err > 0) + 1  # 0 from here on
print(
    f"training error after 1, 10, 40 rounds: {[str(training_errors[t - 1]) for t in (1, 10, 40)]}"
)
print(f"training error 0 first after round {first_zero}, and for good from round {zero}")
print(f"the bound after {zero} rounds: {bounds[zero - 1]:.3f}, after 160: {bounds[-1]:.4f}")
print(
    f"test error after {zero} rounds: {test_errors[zero - 1]:.3f}, after 160: {test_errors[-1]:.3f}"
)
assert all(err == 0 for err in training_errors[zero - 1 :])

# %%
# Alt text: AdaBoost with stumps: against the round T from 1 to 160, on a scale linear near 0 and
#   logarithmic above 0.01, the bound prod 2 sqrt(e_t (1 - e_t)), the training error and
#   the error on 1,000 new rows. The bound falls steadily to 0.0532 and stays above the
#   training error, which reaches 0 for good from round 102; the error on new rows levels
#   off near 0.04 to 0.05 (0.043 after 160 rounds).
fig, ax = plt.subplots(figsize=(6.5, 4.5))
rounds = range(1, len(boosted) + 1)
ax.plot(rounds, bounds, label="prod 2 sqrt(e_t (1 - e_t))")
ax.plot(rounds, [float(err) for err in training_errors], label="training error")
ax.plot(rounds, test_errors, label="error on 1,000 new rows")
ax.set_yscale("symlog", linthresh=0.01)
ax.set_xlabel("T, rounds (stumps)")
ax.set_ylabel("error")
ax.set_title("AdaBoost's training error bound, round by round")
ax.legend()
fig.tight_layout()

# %% [markdown]
# **Margins.** The vote's normalised margin on a training example is
# $y f(x) / \sum_t \alpha_t$, with $y = \pm 1$ and $f(x) = \sum_t \alpha_t h_t(x)$: for two
# classes, the say of the example's own class less the other's (`decisions`), over the total
# say. It lies in $[-1, 1]$ and is positive exactly when the vote is right (bar ties). Schapire,
# Freund, Bartlett and Lee's explanation of why AdaBoost's test error goes on falling after the
# training error reaches 0 is that the rounds after that go on raising the smallest margins.
# The training error above first reaches 0 after round 79, is 1/200 again now and then, and
# is 0 for good from round 102. Here: the margins' cumulative distribution after 5 rounds,
# after 102 and after 160. From 102 to 160 rounds the least margin rises from 0.0095 to 0.016
# and the lowest tenth from 0.064 to 0.075, while the test error goes from 0.047 to 0.043. A
# longer run (600 rounds, grown apart from this notebook) goes on: the least margin is 0.034
# after 300 rounds and 0.045 after 600, while the median falls from 0.155 after 160 rounds to
# 0.132 after 600 and the test error stays between 0.043 and 0.045. Boosting raises the
# smallest margins at the expense of the larger ones.

# %%
margins: dict[int, list[float]] = {}
for rounds_taken in (5, zero, 160):
    model = prefix(boosted, rounds_taken)
    total_say = math.fsum(math.log(beta) for beta in model.weights)
    own = [clean.schema.classes.index(y) for y in clean.labels]
    margins[rounds_taken] = sorted(
        (say[k] - say[1 - k]) / total_say
        for say, k in zip(decisions(model, examples), own, strict=True)
    )
    low = margins[rounds_taken]
    print(
        f"after {rounds_taken:3} rounds: least margin {low[0]:+.4f},"
        f" 10% {low[20]:+.4f}, median {low[100]:+.4f}"
    )
assert margins[5][0] < 0 < margins[zero][0] < margins[160][0]
assert margins[zero][20] < margins[160][20]

# %%
# Alt text: The cumulative distribution of AdaBoost's normalised margins on the training examples
#   after 5, 102 and 160 rounds. After 5 rounds a third of the examples have a negative
#   margin (least -0.0576); after 102 and 160 rounds every margin is positive and the
#   curves move right, the least margin growing from +0.0095 to +0.0159 and the median
#   from +0.1503 to +0.1547, although the training error was already 0.
fig, ax = plt.subplots(figsize=(6.5, 4.5))
for rounds_taken, style in zip(margins, (":", "--", "-"), strict=True):
    ms = margins[rounds_taken]
    ax.step(
        ms,
        [(i + 1) / len(ms) for i in range(len(ms))],
        style,
        where="post",
        label=f"after {rounds_taken} rounds",
    )
ax.axvline(0, color="gray", linewidth=0.8)
ax.set_xlabel("margin y f(x) / sum alpha_t")
ax.set_ylabel("share of training examples with margin <= x")
ax.set_title("AdaBoost's least margins grow after the training error is 0")
ax.legend()
fig.tight_layout()

# %% [markdown]
# ## Random cases
#
# Hypothesis draws predictions, as small integers, of $B$ members on $R$ training sets: the
# decomposition $\frac1R \sum_r (f - T_r)^2 = (\bar T - f)^2 + \frac1R \sum_r (T_r - \bar T)^2$
# and the variance of the mean of $B$ correlated members, $\rho\sigma^2 + (1 - \rho)\sigma^2/B$
# with $\sigma^2$ and $\rho\sigma^2$ taken about the grand mean, hold exactly, in fractions. And
# for any $n$ and seed the bootstrap counts add up to $n$, and the out-of-bag share of a few
# samples is near $(1 - 1/n)^n$ (`oob_fraction_approaches_one_over_e`).


# %%
@given(
    st.lists(st.integers(-50, 50), min_size=1, max_size=40),
    st.integers(1, 6),
    st.integers(-50, 50),
)
@settings(deadline=None)
def check_decompositions(values: list[int], b: int, target: int) -> None:
    r = max(1, len(values) // b)
    table = [[Fraction(v) for v in (values * b)[i * b : (i + 1) * b]] for i in range(r)]
    means = [sum(row) / b for row in table]
    centre = sum(means) / r
    assert (
        sum((target - v) ** 2 for v in means) / r
        == (centre - target) ** 2 + sum((v - centre) ** 2 for v in means) / r
    )
    sigma2 = sum((v - centre) ** 2 for row in table for v in row) / (r * b)
    covariance = (
        sum(
            (row[i] - centre) * (row[j] - centre)
            for row in table
            for i in range(b)
            for j in range(b)
            if i != j
        )
        / (r * b * (b - 1))
        if b > 1
        else Fraction(0)
    )
    assert sum((v - centre) ** 2 for v in means) / r == covariance + (sigma2 - covariance) / b


@given(st.integers(1, 300), st.integers(0, 10**6))
@settings(deadline=None)
def check_bootstrap(n: int, seed: int) -> None:
    counts = [bootstrap(n, seed, t) for t in range(8)]
    assert all(sum(c) == n for c in counts)
    assert oob_fraction_approaches_one_over_e(counts)


check_decompositions()
check_bootstrap()

# %% [markdown]
# ## Conclusion
#
# Over 40 training sets of a known function, the squared error of a deep tree, of bagged trees
# and of a random forest each split into bias$^2$ + variance + noise, as measured on new noisy
# targets within 3%. The deep tree's error is mostly variance; averaging 20 trees removes most
# of it, and the variance left follows $\rho\sigma^2 + (1 - \rho)\sigma^2 / B$ with $\rho$ and
# $\sigma^2$ measured from the members; drawing one feature per node lowers $\rho$ by more than
# half. The out-of-bag error of one forest agrees with ten forests' cross-validation, from
# about $1/e$ of the rows held out of each tree, if with a pessimistic lean when the forest is
# small. AdaBoost's training error stays under $\prod_t 2\sqrt{e_t(1 - e_t)}$ at every round,
# reaches 0, and the rounds after raise the smallest margins.

# %%
assert decomposition["deep tree"][1] > 3 * decomposition["random forest"][1]
assert correlation["random forest"][1] < correlation["bagged trees"][1]
assert all(abs(s - math.exp(-1)) < 0.05 for n, s in zip(ns, drawn_shares, strict=True) if n >= 60)
assert all(err <= b for err, b in zip(training_errors, bounds, strict=True))
assert margins[160][0] > margins[zero][0] > 0

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 10.1.** Each tree of an ensemble has variance $\sigma^2 = 1/25$ at a point, and
# two trees are correlated with $\rho = 3/10$. What is the variance of the average of
# $B = 10$ trees, and its limit as $B \to \infty$? How many trees bring the variance within
# 10% of that limit?

# %% tags=["hide-input"]
# Answer. rho s^2 + (1 - rho) s^2 / B = 3/10 * 1/25 + 7/10 * 1/25 / 10 = 3/250 + 7/2500
# = 37/2500 = 0.0148, against the limit rho s^2 = 3/250 = 0.012. Within 10% of the limit:
# (1 - rho) s^2 / B <= rho s^2 / 10, that is B >= 10 (1 - rho) / rho = 70/3 = 23.3: 24 trees.
# More trees cannot take the variance below 0.012; only a smaller rho can (random forests).
sigma2_ex, rho_ex = Fraction(1, 25), Fraction(3, 10)
variance_of = {b: rho_ex * sigma2_ex + (1 - rho_ex) * sigma2_ex / b for b in range(1, 101)}
enough = min(b for b, v in variance_of.items() if v <= Fraction(11, 10) * rho_ex * sigma2_ex)
print(variance_of[10], float(variance_of[10]), enough)
assert variance_of[10] == Fraction(37, 2500)
assert enough == 24 == math.ceil(10 * (1 - rho_ex) / rho_ex)

# %% [markdown]
# **Exercise 10.2.** Show that a given row is left out of a bootstrap sample of $n$ draws
# with probability $(1 - 1/n)^n$, and that this rises towards $1/e$. Use dtree's `bootstrap`
# to count the share of rows out of bag over 200 samples of $n = 100$ rows.

# %% tags=["hide-input"]
# Answer. Each draw picks the row with probability 1/n, independently, so all n draws miss
# it with probability (1 - 1/n)^n: 1/4 at n = 2, 0.349 at n = 10, 0.366 at n = 100.
# Its logarithm n ln(1 - 1/n) = -(1 + 1/(2n) + 1/(3n^2) + ...) rises to -1 (every term of the
# series falls with n), so the probability rises to 1/e = 0.368. Over 200 samples of 100 rows
# the share of rows drawn zero times comes out near 0.366.
print([round((1 - 1 / n) ** n, 3) for n in (2, 10, 100)], round(1 / math.e, 3))
assert all((1 - 1 / n) ** n < (1 - 1 / (n + 1)) ** (n + 1) < 1 / math.e for n in range(1, 200))
missed = sum(count == 0 for member in range(200) for count in bootstrap(100, 0, member))
print("share out of bag:", missed / 20000)
assert abs(missed / 20000 - (1 - 1 / 100) ** 100) < 0.01

# %% [markdown]
# **Exercise 10.3.** Every stump of an AdaBoost run has weighted error $e_t = 0.3$. Compute
# the stump's odds $\beta_t$ and say $\alpha_t$, the factor $2\sqrt{e_t(1 - e_t)}$ of the
# training error bound, and the number of rounds after which the bound is below 1%.

# %% tags=["hide-input"]
# Answer. beta = (1 - e)/e = 7/3 and alpha = ln(7/3) = 0.847. The factor is
# 2 sqrt(0.3 * 0.7) = 2 sqrt(0.21) = 0.917, so after T rounds the bound is 0.917^T, below
# 0.01 once T >= ln 0.01 / ln 0.917 = 52.8: 53 rounds. dtree's ensembles keep beta as the
# weight; `samme_error` gives e back from it.
beta_ex = (1 - Fraction(3, 10)) / Fraction(3, 10)
factor = 2 * math.sqrt(0.3 * 0.7)
rounds_needed = math.ceil(math.log(0.01) / math.log(factor))
print(beta_ex, round(math.log(beta_ex), 3), round(factor, 3), rounds_needed)
assert beta_ex == Fraction(7, 3)
assert samme_error(beta_ex, 2) == Fraction(3, 10)
assert rounds_needed == 53
assert factor**53 < 0.01 < factor**52
