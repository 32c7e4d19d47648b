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
# # 6. Overfitting: training error is not the error
#
# **Claim.** Driving the training error down does not drive the true error down.
#
# 1. A hypothesis can have zero training error and be wrong everywhere else (the CS 536
#    notes, eq. 4), so the training error alone cannot tell it from the target $f^*$.
# 2. As a tree grows, its resubstitution (training) error never rises (the Learning with
#    Trees notes), while its error on unseen data first falls and then rises: the tree
#    *overfits* (the Decision Trees II definition: $h$ overfits if some $h'$ has a larger
#    training error but a smaller test error).
# 3. Three remedies the notes give keep the tree small: early termination on a validation set
#    (the CS 536 and Lecture 10 notes), significance pre-pruning with the $\chi^2$ test (the
#    CS 536 notes), and reduced-error post-pruning (the Decision Trees II notes), which never
#    lowers the validation accuracy. A fourth asks whether a subtree's description is shorter
#    than the exceptions it saves (minimum description length).
# 4. Data that decided the tree cannot then estimate its error: choosing by the validation
#    error and reporting that same error "peeks", and the report is optimistic (the CS 536
#    notes).
#
# dtree's pieces: `truncate` and `early_stopping`, `Learner(significance=...)`,
# `reduced_error`, and `error` / `resubstitution` to measure. The laws come from
# `dtree.invariants`.

# %%
import itertools
import random
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import ID3, Dataset, Learner, Tree, depth, grow, id3, n_leaves, predict, size
from dtree.arithmetic import Real
from dtree.datasets import load
from dtree.evaluate import error, mean, resubstitution, standard_error
from dtree.invariants import (
    is_pruning_of,
    mdl_never_lengthens,
    reduced_error_keeps_accuracy,
    resubstitution_is_training_error,
)
from dtree.prune import cost_complexity_path, description_length, mdl, reduced_error, truncate
from dtree.render import draw, text
from dtree.selection import early_stopping, select_by_holdout
from dtree.strategies import datasets

# %% [markdown]
# ## The notes' example: one noisy day
#
# The Decision Trees II notes add one day to PlayTennis: Outlook = Sunny, Temp = Hot,
# Humidity = Normal, Wind = Strong, **No**. The fourteen days' tree tests Humidity on the
# sunny days, and Sunny with Normal humidity was always Yes; the new day contradicts it.
# ID3 must fit it too ("this can always be done -- may fit noise"): the tree grows from 8
# nodes to 11, the sunny branch now splitting on Temperature and then on Humidity, and it
# answers No for hot sunny days of normal humidity on the strength of one example.

# %%
# Alt text: ID3's tree of the fourteen PlayTennis days, 8 nodes: Outlook at the root, Overcast a
#   leaf Yes, Rain split on Wind (Strong No, Weak Yes), Sunny split on Humidity (High No,
#   Normal Yes).
# Alt text: ID3's tree with the one noisy day added, 11 nodes: the same but under Sunny [No: 4,
#   Yes: 2], which now splits on Temperature (Cool Yes, Hot No) and, under Mild [No: 1,
#   Yes: 1], on Humidity again, so the tree grows three nodes to fit one mislabelled day.
tennis = load("play-tennis")
records = [{**tennis.example(r), "PlayTennis": tennis.target[r]} for r in tennis.rows]
noisy_day = {"Outlook": "Sunny", "Temperature": "Hot", "Humidity": "Normal", "Wind": "Strong"}
with_noise = Dataset.from_records(
    [*records, {**noisy_day, "PlayTennis": "No"}],
    target="PlayTennis",
    classes=tennis.schema.classes,
)
clean_tree, noisy_tree = id3(tennis), id3(with_noise)
print(text(noisy_tree))
print("nodes:", size(clean_tree), "->", size(noisy_tree))
assert (size(clean_tree), size(noisy_tree)) == (8, 11)
assert predict(clean_tree, noisy_day) == "Yes"
assert predict(noisy_tree, noisy_day) == "No"
for shown, title in (
    (clean_tree, "the fourteen days: 8 nodes"),
    (noisy_tree, "with the noisy day: 11 nodes"),
):
    draw(shown).set_title(title)
    plt.show()

# %% [markdown]
# ## The setting: a known target, uniform inputs, label noise
#
# Six Boolean features $x_1, \dots, x_6$, uniform on $\{0, 1\}^6$, and the target
# $f^*(x) = (x_1 \wedge x_2) \vee x_3$; $x_4, x_5, x_6$ are irrelevant. A label is flipped with
# probability $\eta = 1/5$. Because the input space has only 64 points, the *true* error of
# any hypothesis $h$ is computable exactly. With $d(h)$ the share of the 64 points where $h$
# disagrees with $f^*$,
#
# $$\operatorname{err}(h) = P(h(X) \ne Y)
#   = \sum_x \tfrac{1}{64}\big(\eta\,[h(x) = f^*(x)] + (1 - \eta)\,[h(x) \ne f^*(x)]\big)
#   = \eta + (1 - 2\eta)\, d(h) = \tfrac15 + \tfrac35\, d(h).$$
#
# So $1/5$ is the noise floor: no hypothesis does better, and $f^*$ reaches it. $d(h)$ is
# `error(h, domain)` on the dataset of all 64 points labelled by $f^*$.
#
# The data: 180 draws with a seeded `random.Random`, the first 120 for training and the last
# 60 for validation.

# %%
NAMES = [f"x{i}" for i in range(1, 7)]
points = list(itertools.product("01", repeat=6))
target = [str(int((p[0] == "1" and p[1] == "1") or p[2] == "1")) for p in points]
domain = Dataset.from_columns(
    {**{name: [p[i] for p in points] for i, name in enumerate(NAMES)}, "y": target},
    target="y",
)
NOISE = Fraction(1, 5)

rng = random.Random(536)
drawn = [rng.randrange(64) for _ in range(180)]
flipped = [rng.randrange(5) == 0 for _ in drawn]  # each with probability exactly 1/5
noisy_labels = [
    str(1 - int(target[k])) if f else target[k] for k, f in zip(drawn, flipped, strict=True)
]
sample = Dataset.from_columns(
    {**{name: [points[k][i] for k in drawn] for i, name in enumerate(NAMES)}, "y": noisy_labels},
    target="y",
)
train, validation = sample.subset(range(120)), sample.subset(range(120, 180))
print("flipped labels in the training set:", sum(flipped[:120]), "of 120")
assert domain.schema == sample.schema

# %% [markdown]
# ## Eq. 4: zero training error, wrong everywhere else
#
# Take the noise-free target and a training set $S$ of 20 distinct points labelled by $f^*$.
# The CS 536 notes' hypothesis agrees with $f^*$ on $S$ and disagrees with it off $S$. It is a
# Boolean function, so it is a tree: grown by ID3 from all 64 points labelled that way
# (consistent data, which ID3 fits exactly). Beside it, $f^*$ itself (ID3 on the clean domain)
# and ID3 grown on $S$ alone.

# %%
chosen = sorted(rng.sample(range(64), 20))
S = domain.subset(chosen)
contrary = Dataset.from_columns(
    {
        **{name: [p[i] for p in points] for i, name in enumerate(NAMES)},
        "y": [y if k in chosen else str(1 - int(y)) for k, y in enumerate(target)],
    },
    target="y",
)
hypotheses = {
    "f* (ID3 on the whole domain)": id3(domain),
    "eq. 4": id3(contrary),
    "ID3 on S": id3(S),
}
for name, h in hypotheses.items():
    print(f"{name:30} training error {error(h, S)!s:5} true error {error(h, domain)!s:6}")
assert error(hypotheses["eq. 4"], S) == 0 == error(hypotheses["f* (ID3 on the whole domain)"], S)
assert error(hypotheses["eq. 4"], domain) == Fraction(64 - 20, 64)
assert error(hypotheses["ID3 on S"], S) == 0
assert error(hypotheses["f* (ID3 on the whole domain)"], domain) == 0

# %% [markdown]
# Both have zero training error; one is right everywhere and the other wrong on every point
# it has not seen. Nothing in $S$ separates them. (ID3 on $S$ alone happens to find $f^*$
# here: its preference for short trees is the kind of restriction, or *regularization*, that
# the notes say learning needs.)
#
# **Every small case.** On $\{0, 1\}^3$ with the same $f^*$, for *every* one of the 256
# training sets $S$, the eq. 4 tree has training error 0 and noise-free true error
# $(8 - |S|)/8$.

# %%
cube = list(itertools.product("01", repeat=3))
labels3 = [str(int((p[0] == "1" and p[1] == "1") or p[2] == "1")) for p in cube]
cube_data = Dataset.from_columns(
    {**{f"x{i + 1}": [p[i] for p in cube] for i in range(3)}, "y": labels3}, target="y"
)
for subset in itertools.product([False, True], repeat=8):
    inside = [k for k in range(8) if subset[k]]
    bad = Dataset.from_columns(
        {
            **{f"x{i + 1}": [p[i] for p in cube] for i in range(3)},
            "y": [y if subset[k] else str(1 - int(y)) for k, y in enumerate(labels3)],
        },
        target="y",
    )
    h = id3(bad)
    if inside:
        assert error(h, cube_data.subset(inside)) == 0
    assert error(h, cube_data) == Fraction(8 - len(inside), 8)
print("256 training sets checked")

# %% [markdown]
# ## Training and true error as the tree grows
#
# ID3 grown to purity on the 120 noisy examples, then cut at every depth by `truncate` (the
# tree ID3 grows with `max_depth=d`, the CS 536 notes' pruning "by depth").

# %%
full = grow(ID3, train)
trees = [truncate(full, d) for d in range(depth(full) + 1)]
training_errors = [error(t, train) for t in trees]
true_errors = [NOISE + (1 - 2 * NOISE) * error(t, domain) for t in trees]
print("depth leaves training  true error")
for d, (t, e, r) in enumerate(zip(trees, training_errors, true_errors, strict=True)):
    print(f"{d:5} {n_leaves(t):6} {float(e):9.3f} {float(r):10.3f}")
best_depth = min(range(len(trees)), key=lambda d: true_errors[d])
assert all(a >= b for a, b in itertools.pairwise(training_errors))
assert training_errors[-1] < NOISE < true_errors[-1]
assert trees[3] == grow(Learner(max_depth=3), train)  # truncating is growing to a depth
print("best depth by true error:", best_depth, " true error", true_errors[best_depth])

# %% [markdown]
# The training error falls at every depth and ends *below* the noise floor $1/5$: the full
# tree has learned some of the flipped labels. The true error falls to its least at depth 3
# and then rises. That is the Decision Trees II definition at work: the full tree $h$ has a
# smaller training error than $h'$, the depth-3 tree, and a larger true error, so $h$
# overfits.

# %%
h, h_prime = trees[-1], trees[best_depth]
assert error(h, train) < error(h_prime, train)
assert true_errors[-1] > true_errors[best_depth]

# %% [markdown]
# ## Early termination (CS 536, Lecture 10)
#
# Early termination deepens the tree until the *validation* error first rises and keeps the
# last depth before the rise. `early_stopping` returns that depth and both curves.

# %%
stop = early_stopping(ID3, train, validation)
print("validation errors by depth:", [str(e) for e in stop.validation_errors])
print("early termination keeps depth", stop.depth)
assert list(stop.training_errors) == training_errors
assert stop.tree == trees[stop.depth]
first_rise = next(
    d for d in range(1, len(trees)) if stop.validation_errors[d] > stop.validation_errors[d - 1]
)
assert stop.depth == first_rise - 1

# %% [markdown]
# The validation error falls to depth 3 and rises at depth 4, so early termination keeps
# depth 3, the depth of least true error, whose true error is the noise floor itself. (The
# rule is myopic: it stops at the first rise, and 60 validation examples are a noisy
# estimate too; the CS 536 notes allow "a certain threshold" instead.) The picture:
# training, validation and true error by depth, the noise floor, and the depth early
# termination picks.

# %%
# Alt text: Training, validation and exact true error of ID3 on 120 noisy examples against the
#   depth the tree is cut at, 0 to 6, with the noise floor 1/5 dotted. Training error
#   falls all the way, from 0.383 to 0.092; true error falls to its least, 0.200, at depth
#   3 and rises again to 0.303 at depth 6; the validation error is least at depth 3 too,
#   where early termination stops.
fig, ax = plt.subplots(figsize=(7, 4.2))
depths = list(range(len(trees)))
ax.plot(depths, [float(e) for e in training_errors], "o-", label="training error")
ax.plot(depths, [float(e) for e in stop.validation_errors], "s-", label="validation error")
ax.plot(depths, [float(e) for e in true_errors], "^-", label="true error (exact)")
ax.axhline(float(NOISE), color="0.5", linestyle=":", label="noise floor 1/5")
ax.axvline(
    stop.depth, color="tab:red", linestyle="--", label=f"early termination: depth {stop.depth}"
)
ax.plot(
    [best_depth],
    [float(true_errors[best_depth])],
    "*",
    color="tab:green",
    markersize=16,
    label=f"least true error: depth {best_depth}",
)
ax.set_xlabel("depth of the tree")
ax.set_ylabel("error")
ax.set_title("ID3 on 120 noisy examples, cut at each depth")
ax.set_ylim(0, 0.45)  # the legend goes below the curves
ax.legend(loc="lower left", fontsize=8)
fig.tight_layout()

# %% [markdown]
# ## Significance pre-pruning (CS 536)
#
# `Learner(significance=level)` makes a split only when the $\chi^2$ test of independence of
# the split's outcome and the class rejects independence at that level; an attribute that
# fails is not a candidate. Trees grown at several levels, their sizes and true errors:

# %%
levels = [Fraction(1), Fraction(1, 2), Fraction(1, 5), Fraction(1, 20), Fraction(1, 100)]
significant = {level: grow(Learner(significance=float(level)), train) for level in levels}
print("level  nodes  true error")
for level, t in significant.items():
    print(f"{level!s:5} {size(t):6} {float(NOISE + (1 - 2 * NOISE) * error(t, domain)):10.3f}")
at_5_percent, at_1_percent = significant[Fraction(1, 20)], significant[Fraction(1, 100)]
print(text(at_5_percent))
assert error(at_5_percent, domain) == 0 == error(at_1_percent, domain)  # both compute f*
assert size(at_1_percent) == 7 < size(at_5_percent) < size(significant[Fraction(1)])
assert size(at_5_percent) == 11
assert "x4 = 1" in text(at_5_percent)
assert "x6 = 1" in text(at_5_percent)
assert stop.depth == best_depth == 3

# %% [markdown]
# The looser the level, the more noise gets in. At 5% two splits on irrelevant features
# survive (on $x_4$ and on $x_6$), but the leaves below each predict the same class, so the
# tree still computes $f^*$ on all 64 points; at 1% the tree is exactly the 7-node tree of
# $f^*$. Both have the noise floor as their true error.

# %%
# Alt text: The tree ID3 grows with the chi-square test at the 1% level, 7 nodes: x3 at the root,
#   x3 = 1 a leaf 1 [0: 10, 1: 56]; under x3 = 0, x1 = 0 is a leaf 0 [0: 26, 1: 4] and x1
#   = 1 splits on x2 into a leaf 0 [0: 7, 1: 2] and a leaf 1 [0: 3, 1: 12].
ax = draw(at_1_percent)
ax.set_title("ID3 with the chi-square test at the 1% level")

# %% [markdown]
# ## Reduced-error pruning (Decision Trees II)
#
# Grow the full tree, then, bottom-up, replace a split whose children are all leaves by a leaf
# predicting its majority when that does not lower the accuracy on the validation set.

# %%
pruned = reduced_error(full, validation)
before, after = true_errors[-1], NOISE + (1 - 2 * NOISE) * error(pruned, domain)
print(f"nodes {size(full)} -> {size(pruned)}")
print(f"validation error {error(full, validation)} -> {error(pruned, validation)}")
print(f"true error {float(before):.3f} -> {float(after):.3f}")
assert is_pruning_of(pruned, full)
assert size(pruned) < size(full)
assert error(pruned, validation) <= error(full, validation)
assert after < before

# %% [markdown]
# **The law, and why.** Each prune replaces a split whose branches are leaves by a leaf; the
# validation examples reaching other leaves are classified as before, and those reaching this
# node are, by the test, misclassified no more often than before. So the validation error
# never rises, and the result is a pruning of the tree (`reduced_error_keeps_accuracy`).
#
# **Resubstitution never rises as a tree grows (Learning with Trees).** Splitting a leaf
# $t$ into children $t_1, \dots, t_k$ replaces its misclassified weight
# $n(t) - \max_c n_c(t)$ by $\sum_b (n(t_b) - \max_c n_c(t_b))$, and
# $\sum_b \max_c n_c(t_b) \ge \max_c \sum_b n_c(t_b) = \max_c n_c(t)$. The trees cut at
# depths $0, 1, 2, \dots$ each split leaves of the one before, so $\hat R$ falls or stays.
#
# **Every small case.** Each point of $\{0, 1\}^2$ three times, with every number 0 to 3 of
# them labelled 1 (256 noisy training sets); for each, $\hat R$ of the cut trees never rises
# and equals the training error, and reduced-error pruning against every labelling of the
# four points (16 validation sets) keeps the validation accuracy.

# %%
square = [p for p in itertools.product("01", repeat=2) for _ in range(3)]
validations = [
    Dataset.from_columns(
        {"a": ["0", "0", "1", "1"], "b": ["0", "1", "0", "1"], "y": list(labels)},
        target="y",
        classes=("0", "1"),
    )
    for labels in itertools.product("01", repeat=4)
]
for ones in itertools.product(range(4), repeat=4):
    noisy = Dataset.from_columns(
        {
            "a": [p[0] for p in square],
            "b": [p[1] for p in square],
            "y": ["1" if k % 3 < ones[k // 3] else "0" for k in range(12)],
        },
        target="y",
        classes=("0", "1"),
    )
    grown = id3(noisy)
    estimates = [resubstitution(truncate(grown, d)) for d in range(depth(grown) + 1)]
    assert all(a >= b for a, b in itertools.pairwise(estimates))
    assert resubstitution_is_training_error(id3, noisy)
    for held_out in validations:
        assert reduced_error_keeps_accuracy(grown, held_out)
print("256 training sets x 16 validation sets checked")

# %% [markdown]
# ## Minimum description length (the notes' third way to judge a subtree)
#
# "Is the additional complexity of the hypothesis smaller than remembering the exceptions?"
# Quinlan and Rivest's coding sends a tree and then the training rows it gets wrong, both in
# bits (`dtree.prune.mdl_pruning` states the coding); bottom-up, a split becomes a leaf when
# the leaf with its exceptions is no longer than the split with its subtrees. It needs no
# validation set: the 120 training rows decide alone.

# %%
shortest = mdl(full, train)
after_mdl = NOISE + (1 - 2 * NOISE) * error(shortest, domain)
print(f"nodes {size(full)} -> {size(shortest)}")
print(
    f"description length {description_length(full, train):.1f} ->"
    f" {description_length(shortest, train):.1f} bits"
)
print(f"true error {float(before):.3f} -> {float(after_mdl):.3f}")
assert mdl_never_lengthens(full, train)
assert size(shortest) < size(full)
assert after_mdl < before

# %% [markdown]
# The coding prunes harder than reduced-error pruning did: 120 noisy rows pay for only two
# splits, and the tree of 5 nodes, shorter by 178 bits, lowers the true error from 0.303 to
# 0.275 without setting any rows aside.

# %% [markdown]
# ## Peeking: the validation error of the chosen tree is optimistic
#
# The CS 536 notes warn that data used to decide the tree (to see whether it overfits, to
# stop it growing) has been looked at by the learner, and its error no longer estimates the
# true error: a third set, looked at only at the end, must do that. The reason is a
# minimum: a tree chosen because its validation error is the least of several has that
# least error partly by luck, and the luck does not carry over to new data. For a tree fixed
# in advance the validation error is unbiased; for the chosen one,
# $E[\min_j \widehat{\operatorname{err}}_j] \le \min_j E[\widehat{\operatorname{err}}_j]$.
#
# **The measurement.** 300 seeds; for each, 60 training and 30 validation rows from the
# source above. The trees of ID3's cost-complexity path are the candidates;
# `select_by_holdout` chooses the one of least validation error and reports that error,
# against its exact true error. Beside it the full tree, fixed before the validation set is
# seen.

# %%
# Alt text: Histograms over 300 seeds of the true error minus the validation error reported, for
#   the tree chosen by its validation error and for a tree fixed in advance, means dashed.
#   Both spread from about -0.2 to 0.2, but the chosen tree's histogram sits to the right,
#   its mean +0.0383, while the fixed tree's is centred near 0, its mean +0.0069: choosing
#   by the validation error makes that error optimistic.
optimism: list[Real] = []
fixed_tree: list[Real] = []
for seed in range(300):
    draws = random.Random(seed)
    picked = [draws.randrange(64) for _ in range(90)]
    seen = [str(1 - int(target[k])) if draws.randrange(5) == 0 else target[k] for k in picked]
    rows = Dataset.from_columns(
        {**{name: [points[k][i] for k in picked] for i, name in enumerate(NAMES)}, "y": seen},
        target="y",
        classes=("0", "1"),
    )
    grown_here, held = id3(rows.subset(range(60))), rows.subset(range(60, 90))
    chosen_here = select_by_holdout(cost_complexity_path(grown_here), held)
    reported = chosen_here.table[chosen_here.index].error
    optimism.append(NOISE + (1 - 2 * NOISE) * error(chosen_here.tree, domain) - reported)
    fixed_tree.append(NOISE + (1 - 2 * NOISE) * error(grown_here, domain) - error(grown_here, held))
print(
    f"chosen tree: true - reported validation error = {float(mean(optimism)):+.4f}"
    f" +- {standard_error(optimism):.4f}"
)
print(
    f"fixed tree:  true - validation error          = {float(mean(fixed_tree)):+.4f}"
    f" +- {standard_error(fixed_tree):.4f}"
)
assert mean(optimism) > Fraction(1, 100)
assert mean(optimism) > 4 * standard_error(optimism)
within = 3 * standard_error(fixed_tree)
assert -within < mean(fixed_tree) < within

fig, ax = plt.subplots(figsize=(7, 3.8))
ax.hist(
    [[float(o) for o in optimism], [float(f) for f in fixed_tree]],
    bins=20,
    label=["tree chosen by its validation error", "tree fixed in advance"],
)
ax.axvline(float(mean(optimism)), color="tab:blue", linestyle="--")
ax.axvline(float(mean(fixed_tree)), color="tab:orange", linestyle="--")
ax.set_xlabel("true error - validation error reported (over 300 seeds; means dashed)")
ax.set_ylabel("seeds")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# The fixed tree's validation error is right on average, its errors either way; the chosen
# tree's validation error understates its true error, by the amount printed: the price of
# peeking. Early termination peeks the same way, which is why its curve above cannot be
# read as the error of the tree it keeps.

# %% [markdown]
# ## Random cases
#
# Hypothesis draws datasets (nominal and numeric attributes, up to 3 classes, contradictions
# allowed). On each, resubstitution never rises with depth and is the training error; and ID3
# grown on the first rows and pruned on the rest keeps its accuracy on the rest.


# %%
@given(datasets(min_rows=2, max_rows=16, max_numeric=1), st.integers(1, 15))
@settings(deadline=None)
def check_pruning_laws(data: Dataset, cut: int) -> None:
    tree: Tree = id3(data)
    estimates = [resubstitution(truncate(tree, d)) for d in range(depth(tree) + 1)]
    assert all(a >= b for a, b in itertools.pairwise(estimates))
    assert resubstitution_is_training_error(id3, data)
    k = max(1, min(cut, len(data) - 1))
    grown = id3(data.subset(data.rows[:k]))
    assert reduced_error_keeps_accuracy(grown, data.subset(data.rows[k:]))


check_pruning_laws()

# %% [markdown]
# ## Conclusion
#
# Zero training error says nothing by itself: the eq. 4 tree has it and is wrong off the
# sample. On noisy data the training (resubstitution) error of a growing tree only falls,
# below the noise floor, while the true error falls and then rises: the full tree overfits.
# Early termination, the $\chi^2$ test and reduced-error pruning each keep a smaller tree:
# here early termination stops at depth 3, the depth of least true error; the $\chi^2$ test at
# 1% recovers the 7-node tree of $f^*$; reduced-error pruning cuts the tree from 71 nodes to
# 19 and lowers its true error from 0.303 to 0.219, never raising the validation error;
# minimum description length, on the training rows alone, keeps 5 nodes (0.275). And a
# validation error that chose the tree is no estimate of its error: over 300 seeds it
# understates the chosen tree's true error by 0.038 on average, where a tree fixed in
# advance is measured without bias.

# %%
assert error(hypotheses["eq. 4"], S) == 0
assert error(hypotheses["eq. 4"], domain) == Fraction(11, 16)
assert all(a >= b for a, b in itertools.pairwise(training_errors))
assert true_errors[best_depth] < true_errors[-1]
assert training_errors[best_depth] > 0
assert NOISE + (1 - 2 * NOISE) * error(at_1_percent, domain) == NOISE
assert (size(full), size(pruned)) == (71, 19)
assert reduced_error_keeps_accuracy(full, validation)
assert (size(full), size(shortest)) == (71, 5)
assert mean(optimism) > mean(fixed_tree) + Fraction(1, 50)

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 6.1.** In the setting above (64 equally likely inputs, labels flipped with
# probability $\eta = 1/5$), the full ID3 tree disagrees with $f^*$ on 11 of the 64 inputs.
# What is its true error? What would be the true error of a tree that disagrees with $f^*$
# everywhere, and of one that predicts 1 everywhere ($f^*$ is 1 on 40 of the 64 inputs)?

# %% tags=["hide-input"]
# Answer. err(h) = eta + (1 - 2 eta) d(h) = 1/5 + 3/5 d(h).
#   the full tree:        d = 11/64,  1/5 + 33/320 = 97/320 = 0.303;
#   wrong everywhere:     d = 1,      1/5 + 3/5 = 4/5 (right only when the label is flipped);
#   always 1:             d = 24/64,  1/5 + 3/5 * 3/8 = 17/40 = 0.425.
always_one = grow(Learner(max_depth=0), domain.subset(r for r in domain.rows if target[r] == "1"))
print(error(full, domain), NOISE + (1 - 2 * NOISE) * error(full, domain))
assert error(full, domain) == Fraction(11, 64)
assert NOISE + (1 - 2 * NOISE) * error(full, domain) == Fraction(97, 320)
wrong_everywhere = NOISE + (1 - 2 * NOISE) * 1
assert wrong_everywhere == Fraction(4, 5)
assert target.count("1") == 40
assert NOISE + (1 - 2 * NOISE) * error(always_one, domain) == Fraction(17, 40)

# %% [markdown]
# **Exercise 6.2.** Derive $\operatorname{err}(h) = \eta + (1 - 2\eta)\, d(h)$ and show that no
# hypothesis has a true error below $\eta$ when $\eta < 1/2$. What happens at $\eta = 1/2$?

# %% tags=["hide-input"]
# Answer. At an input x where h agrees with f*, h errs exactly when the label was flipped,
# with probability eta; where it disagrees, exactly when it was not, 1 - eta. Averaging over
# the 64 equally likely inputs: err(h) = (1 - d) eta + d (1 - eta) = eta + (1 - 2 eta) d.
# With eta < 1/2 the slope 1 - 2 eta is positive and d >= 0, so err(h) >= eta, with equality
# exactly when d = 0: f* itself. At eta = 1/2 the slope is 0: every hypothesis has error 1/2,
# the labels are coin flips and there is nothing to learn.
# Checked against the sum over the inputs, point by point, for every tree cut from the full one:
for cut in trees:
    per_point = (
        sum(
            (
                NOISE if predict(cut, x) == y else 1 - NOISE
                for x, y in zip(domain.examples(), target, strict=True)
            ),
            Fraction(0),
        )
        / 64
    )
    assert per_point == NOISE + (1 - 2 * NOISE) * error(cut, domain) >= NOISE

# %% [markdown]
# **Exercise 6.3.** Why can reduced-error pruning not use the training set in place of the
# validation set? Use dtree to prune the full tree against `train` and against `validation`,
# and compare the sizes and the true errors.

# %% tags=["hide-input"]
# Answer. Reduced-error pruning cuts a split when the leaf in its place is no worse on the
# data it is judged on. On the training set a leaf is never better than the split below it
# (the resubstitution error never rises as a tree grows), so the only splits cut are those
# that did not help on the training rows at all; every split that fits a flipped label does
# help there and survives. Judged on the training rows the tree shrinks from 71 nodes to 39
# with the same training error, and keeps most of its noise (true error 0.294); judged on the
# validation rows it shrinks to 19 nodes and the true error falls to 0.219.
on_train, on_validation = reduced_error(full, train), reduced_error(full, validation)
true_of = {
    name: NOISE + (1 - 2 * NOISE) * error(t, domain)
    for name, t in (("train", on_train), ("validation", on_validation))
}
print(size(full), size(on_train), size(on_validation), {k: float(v) for k, v in true_of.items()})
assert error(on_train, train) == error(full, train)
assert (size(on_train), size(on_validation)) == (39, 19)
assert true_of == {"train": Fraction(47, 160), "validation": Fraction(7, 32)}

# %% [markdown]
# **Exercise 6.4.** Use dtree to find out: the CS 536 notes also prune "by sample size": a
# node with fewer than $s$ examples is not split. Grow ID3 on `train` with
# `Learner(min_samples_split=s)` for $s = 5, 10, 20, 40$: which $s$ gives the least true error?

# %% tags=["hide-input"]
# Answer. s = 20: 17 nodes, and it computes f* exactly (true error at the noise floor, 1/5).
# Smaller s lets noise in; s = 40 stops before the target is found (true error 0.275).
by_size = {s: grow(Learner(min_samples_split=s), train) for s in (5, 10, 20, 40)}
true_by_size = {s: NOISE + (1 - 2 * NOISE) * error(t, domain) for s, t in by_size.items()}
print({s: (size(t), float(true_by_size[s])) for s, t in by_size.items()})
assert min(true_by_size, key=true_by_size.__getitem__) == 20
assert true_by_size[20] == NOISE
assert size(by_size[20]) == 17
