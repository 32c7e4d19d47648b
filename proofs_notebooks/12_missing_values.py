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
# # 12. Missing values: filling in, fractional counts, and voting
#
# **Claim** (the Decision Trees II notes, "Missing Values"). When some examples have no
# value for an attribute $a$, $\mathrm{Gain}(S, a)$ can still be evaluated, in two ways:
#
# 1. *fill in*: give such an example the most likely value, $\arg\max_k P(X_i = k)$;
# 2. *fractional counts*: give it the fraction $P(X_i = k)$ of itself in each value $k$,
#    and count the fractions in the entropies.
#
# On the sunny days with day 8's Humidity missing, the notes compute
# $\mathrm{Gain}(S_{sunny}, \mathrm{Temp}) = .97 - \frac35 0 - \frac25 1 = .57$, the filled-in
# $.97 - \frac35 \mathrm{Ent}[+0, -3] - \frac25 \mathrm{Ent}[+2, -0] = .97$ for Humidity, and
# by fractional counts $.97 - \frac{2.5}{5}\mathrm{Ent}[+0, -2.5] - \frac{2.5}{5}
# \mathrm{Ent}[+2, -.5] < .97$. At test time an example missing a value is sent down every
# branch, and the branches vote: $\frac13 \mathrm{Yes} + \frac13 \mathrm{Yes} + \frac13
# \mathrm{No} = \mathrm{Yes}$.
#
# C4.5 (and Weka's J48) does neither exactly: it scores the gain of the examples whose value
# is known and scales it by their share of the node, and at test time weighs each branch by
# its training weight. dtree offers all of them: `Learner(missing="impute" |
# "fractional_counts" | "fractional")` to grow, `predict(..., spread="equal" | "training")`
# to classify. This notebook computes the notes' numbers from data with `None` in it,
# proves how the scores relate, and measures the bias each brings when values go missing
# at random and when they do not.

# %%
import math
import random
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings

from dtree import Dataset, Learner, Nominal, grow, id3, predict, predict_proba
from dtree.conditions import Equals
from dtree.datasets import load
from dtree.grower.node import assess, root
from dtree.impurity import TOLERANCE, entropy, information_gain
from dtree.missing import impute
from dtree.strategies import datasets
from dtree.tree import Spread

# %% [markdown]
# ## The sunny days
#
# PlayTennis's five sunny days, 1, 2, 8, 9 and 11, with day 8's Humidity (High in the
# table) missing.

# %%
tennis = load("play-tennis")
SUNNY = [0, 1, 7, 8, 10]  # days 1, 2, 8, 9, 11, counted from 0
sunny = Dataset.from_records(
    [
        {**tennis.example(r), "Humidity": None if r == 7 else tennis.example(r)["Humidity"]}
        | {"PlayTennis": tennis.target[r]}
        for r in SUNNY
    ],
    target="PlayTennis",
    classes=tennis.schema.classes,
)
for example, label in zip(sunny.examples(), sunny.labels, strict=True):
    print(example, label)


# %%
POLICIES = {
    "fill in (impute)": Learner(missing="impute"),
    "fractional counts (the notes)": Learner(missing="fractional_counts"),
    "known share (C4.5)": Learner(missing="fractional"),
}
HUMIDITY = [Equals("Humidity", "High"), Equals("Humidity", "Normal")]
TEMPERATURE = [Equals("Temperature", v) for v in ("Cool", "Hot", "Mild")]
scores = {}
for name, learner in POLICIES.items():
    node = root(learner, sunny)
    humidity, temperature = assess(node, HUMIDITY), assess(node, TEMPERATURE)
    assert not isinstance(humidity, str)
    assert not isinstance(temperature, str)
    scores[name] = (float(humidity.score), float(temperature.score))
    print(f"{name:32} Gain(Humidity) = {humidity.score:.4f}   Gain(Temp) = {temperature.score:.4f}")

# %% [markdown]
# The notes' numbers, to their two digits: Ent(S) = .97; Temperature, with nothing missing,
# gains .57 whichever the policy; Humidity gains .97 filled in (day 8 becomes High, and
# Humidity then separates the classes), .61 by fractional counts, and .80 by C4.5's rule.

# %%
ent = entropy([3, 2])
assert round(ent, 2) == 0.97
for _, temperature_gain in scores.values():
    assert round(temperature_gain, 2) == 0.57
fill, counts, c45 = (scores[name][0] for name in POLICIES)
assert round(fill, 2) == 0.97
assert round(counts, 2) == 0.61
assert round(c45, 2) == 0.80
notes = (
    ent
    - Fraction(1, 2) * entropy([Fraction(5, 2), 0])
    - Fraction(1, 2) * entropy([Fraction(1, 2), 2])
)
assert abs(counts - notes) <= TOLERANCE
assert impute(sunny).column("Humidity")[2] == "High"

# %% [markdown]
# ## How the three scores relate
#
# Let $K$ be the examples whose value of $a$ is known, $M$ those whose value is missing,
# $W = |K| + |M|$ (weights), and $p_k = |K_k| / |K|$ the known share of value $k$.
#
# * **C4.5**: $\mathrm{Gain}_{C4.5} = \frac{|K|}{W}\,\mathrm{Gain}(K, a)$. It never exceeds
#   the gain of the known examples, and is zero when they gain nothing.
# * **Fractional counts**: branch $k$ holds $K_k$ and the fraction $p_k$ of every missing
#   example, so $\mathrm{Gain}_{frac} = \mathrm{Ent}(S) - \sum_k \frac{|K_k| + p_k |M|}{W}
#   \mathrm{Ent}(K_k + p_k M)$. Since $|K_k| + p_k|M| = p_k W$, the branches keep the known
#   shares; what changes is their class mix, which the missing examples pull towards
#   $M$'s own. This is exactly the information gain of the dataset in which each missing
#   example is replaced by one copy per value $k$, of weight $p_k$ (the library's tests
#   check this identity on random data).
# * **Fill in** moves all of $M$ to the most likely value: it is the gain of a dataset
#   with no missing value, so it can exceed both (0.97 here: day 8's true value is High,
#   and filling it in happens to be right).
#
# Where no value is missing, the three are one and the same, and so are the trees:


# %%
@given(datasets(max_rows=10, max_numeric=1, weighted=True))
@settings(deadline=None)
def check_one_tree_without_missing_values(data: Dataset) -> None:
    trees = {name: grow(learner, data) for name, learner in POLICIES.items()}
    assert len(set(map(repr, trees.values()))) == 1


check_one_tree_without_missing_values()


# %%
@given(datasets(max_rows=10, max_attributes=2, weighted=True, missing=True))
@settings(deadline=None)
def check_c45_never_exceeds_the_known_gain(data: Dataset) -> None:
    for attribute in data.schema.attributes:
        domain = attribute.domain
        if not isinstance(domain, Nominal):
            continue
        conditions = [Equals(attribute.name, v) for v in domain.values]
        scored = assess(root(POLICIES["known share (C4.5)"], data), conditions)
        known = data.subset(r for r in data.rows if data.column(attribute.name)[r] is not None)
        if isinstance(scored, str) or sum(known.row_weights) == 0:
            continue
        assert float(scored.score) <= information_gain(known, attribute.name) + 1e-12


check_c45_never_exceeds_the_known_gain()

# %% [markdown]
# ## Bias: values missing at random, and not at random
#
# A known target on six Boolean features, uniform on $\{0,1\}^6$:
# $f^*(x) = (x_1 \wedge x_2) \vee x_3$, no label noise. Its strongest attribute $x_3$ has
# true gain $\mathrm{Gain}(x_3) = H(Y) - H(Y \mid x_3)$ over the 64 points. From 120 draws
# $x_3$ is hidden in two ways:
#
# * **at random** (MCAR): in each row with probability 0.4, whatever its value;
# * **not at random** (MNAR): only where $x_3 = 1$, with probability 0.7, so the known
#   values under-represent the ones.
#
# For 30 seeded samples, each policy's root score of $x_3$ and the true error of its tree
# (on the 64 points, complete) are averaged.

# %%
# Alt text: Two panels of bars, for each of the three ways of scoring with missing values (fill
#   in, fractional counts, C4.5's known share), x3 missing at random and not at random.
#   Left: the mean root score of x3 over 30 samples, every bar far below the true gain
#   0.549 (dashed), C4.5's highest in both cases (0.343 and 0.238), filling in lowest when
#   values are missing not at random (0.116). Right: the mean true error of the grown
#   tree, 0.084 to 0.120 at random, filling in the best, and about 0.097 to 0.098 for all
#   three not at random.
NAMES = [f"x{i}" for i in range(1, 7)]
points = [tuple(format(code, "06b")) for code in range(64)]
truth = [str(int((p[0] == "1" and p[1] == "1") or p[2] == "1")) for p in points]
domain = Dataset.from_columns(
    {**{name: [p[i] for p in points] for i, name in enumerate(NAMES)}, "y": truth}, target="y"
)
true_gain = information_gain(domain, "x3")
X3 = [Equals("x3", "0"), Equals("x3", "1")]
MECHANISMS = ("at random", "not at random")
estimates: dict[tuple[str, str], list[float]] = {
    (m, name): [] for m in MECHANISMS for name in POLICIES
}
true_errors: dict[tuple[str, str], list[float]] = {
    (m, name): [] for m in MECHANISMS for name in POLICIES
}
for mechanism in MECHANISMS:
    for seed in range(30):
        rng = random.Random(seed)
        records = []
        for _ in range(120):
            p = [rng.choice("01") for _ in NAMES]
            label = str(int((p[0] == "1" and p[1] == "1") or p[2] == "1"))
            is_hidden = (mechanism == "at random" and rng.random() < 0.4) or (
                mechanism == "not at random" and p[2] == "1" and rng.random() < 0.7
            )
            record = {name: p[i] for i, name in enumerate(NAMES)}
            records.append({**record, "x3": None if is_hidden else p[2], "y": label})
        sample = Dataset.from_records(records, target="y", classes=("0", "1"))
        for name, learner in POLICIES.items():
            scored = assess(root(learner, sample), X3)
            assert not isinstance(scored, str)
            estimates[mechanism, name].append(float(scored.score))
            tree = grow(learner, sample)
            wrong = sum(
                predict(tree, e) != y for e, y in zip(domain.examples(), truth, strict=True)
            )
            true_errors[mechanism, name].append(wrong / 64)
mean_estimate = {key: sum(v) / len(v) for key, v in estimates.items()}
mean_error = {key: sum(v) / len(v) for key, v in true_errors.items()}
print(f"true Gain(x3) = {true_gain:.3f}")
for mechanism in MECHANISMS:
    for name in POLICIES:
        key = (mechanism, name)
        print(
            f"{mechanism:14} {name:30} mean score {mean_estimate[key]:.3f}"
            f"   mean true error {mean_error[key]:.3f}"
        )

fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
width = 0.26
for k, name in enumerate(POLICIES):
    xs = [m + (k - 1) * width for m in range(len(MECHANISMS))]
    axes[0].bar(xs, [mean_estimate[m, name] for m in MECHANISMS], width, label=name)
    axes[1].bar(xs, [mean_error[m, name] for m in MECHANISMS], width, label=name)
axes[0].axhline(true_gain, color="black", linestyle="--", label="true Gain(x3), no value missing")
axes[0].set_ylabel("root score of x3, mean of 30 samples")
axes[1].set_ylabel("true error of the tree, mean of 30 samples")
for ax in axes:
    ax.set_xticks(range(len(MECHANISMS)), [f"x3 missing {m}" for m in MECHANISMS])
axes[0].legend(fontsize=7)
axes[1].legend(fontsize=7)
plt.tight_layout()
plt.show()

# %% [markdown]
# Every policy underestimates the gain of an attribute with missing values. At random,
# C4.5's known share is nearest: the known rows are a fair sample, their gain is about the
# true gain, and the factor $|K|/W \approx 0.6$ is all it loses. Fractional counts lose
# more, since the missing rows are spread over both branches in the proportions of the
# whole and blur each branch's class mix; filling in moves all of them to one value and
# blurs that one branch. Not at random, the known rows are no fair sample any more, and
# filling in with the most likely value (now 0, the value the missing rows mostly do *not*
# have) is the worst. The trees' errors differ less than the scores, since $x_3$ is chosen
# anyway or found lower down.

# %%
C45_KEY, COUNTS_KEY, FILL_KEY = (
    "known share (C4.5)",
    "fractional counts (the notes)",
    "fill in (impute)",
)
for mechanism in MECHANISMS:
    for name in POLICIES:
        assert mean_estimate[mechanism, name] < true_gain
assert mean_estimate["at random", C45_KEY] == max(mean_estimate["at random", n] for n in POLICIES)
assert mean_estimate["not at random", FILL_KEY] == min(
    mean_estimate["not at random", n] for n in POLICIES
)

# %% [markdown]
# ## At test time: equal votes against training shares
#
# The notes' example: Outlook missing, Temperature Hot, Humidity Normal, Wind Strong. ID3's
# tree sends the day down all three Outlook branches, to Sunny/Normal (Yes), Overcast (Yes)
# and Rain/Strong (No). Equal votes give $\frac13 + \frac13$ Yes against $\frac13$ No; C4.5
# weighs the branches by their training days, 5, 4 and 5 of 14.

# %%
tree = id3(tennis)
day = {"Outlook": None, "Temperature": "Hot", "Humidity": "Normal", "Wind": "Strong"}
voted, weighed = predict_proba(tree, day, spread="equal"), predict_proba(tree, day)
print("equal votes:     ", voted)
print("training shares: ", weighed)
assert voted == {"No": Fraction(1, 3), "Yes": Fraction(2, 3)}
assert weighed == {"No": Fraction(5, 14), "Yes": Fraction(9, 14)}
assert predict(tree, day, spread="equal") == predict(tree, day) == "Yes"

# %% [markdown]
# The two differ when the branches are unequal. Let $x_3 = 1$ with probability 0.8 (the
# other features uniform), grow C4.5's tree on 200 draws, and classify every point of the
# space *with $x_3$ hidden*, each point weighted by its probability. Given $x_1, x_2$ only,
# the best guess is always 1 (right with probability at least 0.8), an error of
# $0.2 \cdot P(\neg(x_1 \wedge x_2)) = 0.2 \cdot \frac34 = 0.15$. Training shares weigh the
# $x_3 = 1$ branch by about 0.8 and come near it; equal votes give the two branches half
# each, and where they disagree a tie goes to the first class, 0. The gap in error printed
# below is that tie rule's, as the next cell shows.

# %%
rng = random.Random(12)
skewed_records = []
for _ in range(200):
    p = [rng.choice("01") for _ in NAMES]
    p[2] = "1" if rng.random() < 0.8 else "0"
    label = str(int((p[0] == "1" and p[1] == "1") or p[2] == "1"))
    skewed_records.append({**{name: p[i] for i, name in enumerate(NAMES)}, "y": label})
skewed = Dataset.from_records(skewed_records, target="y", classes=("0", "1"))
c45_tree = grow(Learner(missing="fractional"), skewed)
chance = [Fraction(4, 5) if p[2] == "1" else Fraction(1, 5) for p in points]
x3_hidden = [{**e, "x3": None} for e in domain.examples()]
test_errors = {}
for spread in ("training", "equal"):
    guesses = [predict(c45_tree, e, spread=spread) for e in x3_hidden]
    test_errors[spread] = sum(
        (w / 32 for w, g, y in zip(chance, guesses, truth, strict=True) if g != y), Fraction(0)
    )
    print(f"spread={spread!r:11} error with x3 hidden: {float(test_errors[spread]):.3f}")
print("the best possible: 0.150")
assert test_errors["training"] < test_errors["equal"]
assert abs(test_errors["training"] - Fraction(3, 20)) < Fraction(1, 20)

# %% [markdown]
# Equal votes' 0.600 against 0.150 is the tie rule's, not the votes': where the two $x_3$
# branches disagree, equal votes make P(1) exactly 1/2, and the tie goes to whichever class
# comes first. Grow the same tree with the classes in the order (1, 0) and equal votes err
# no more than training shares. What the two spreads really differ in is the probability
# they give, and a proper score of the probabilities, which no class order changes, sees
# it: the Brier score, the weighted mean of $(P(y = 1) - [y = 1])^2$, and the log loss,
# the weighted mean of $-\log_2 P(y)$, on the same 64 points with $x_3$ hidden.

# %%
# Alt text: Two panels of bars for training shares and equal votes on the 64 points with x3
#   hidden. Left, the error, for the classes in the order (0, 1) and (1, 0), with the best
#   possible 0.150 dotted: training shares err 0.150 in both orders; equal votes err 0.600
#   with 0 first but 0.150 with 1 first, since 48 of the 64 points are ties. Right, the
#   Brier score and log loss, the same in either order: training shares 0.1237 and 0.5558
#   bits, equal votes 0.1875 and 0.7500 bits, worse in both.
reversed_tree = grow(
    Learner(missing="fractional"),
    Dataset.from_records(skewed_records, target="y", classes=("1", "0")),
)
weights = [w / 32 for w in chance]
scored_by: dict[tuple[str, Spread], dict[str, float]] = {}
spreads: tuple[Spread, Spread] = ("training", "equal")
for order, grown_tree in (("(0, 1)", c45_tree), ("(1, 0)", reversed_tree)):
    for spread in spreads:
        given_x3_hidden = [predict_proba(grown_tree, e, spread=spread) for e in x3_hidden]
        guesses = [predict(grown_tree, e, spread=spread) for e in x3_hidden]
        scored_by[order, spread] = {
            "error": float(
                sum((w for w, g, y in zip(weights, guesses, truth, strict=True) if g != y), 0)
            ),
            "Brier": float(
                sum(
                    w * (q["1"] - int(y == "1")) ** 2
                    for w, q, y in zip(weights, given_x3_hidden, truth, strict=True)
                )
            ),
            "log loss": sum(
                float(w) * -math.log2(q[y])
                for w, q, y in zip(weights, given_x3_hidden, truth, strict=True)
            ),
            "ties": sum(q["0"] == q["1"] for q in given_x3_hidden),
        }
        values_of_p1 = sorted({f"{float(q['1']):.3f}" for q in given_x3_hidden})
        print(
            f"classes {order}  spread={spread!r:11} error {scored_by[order, spread]['error']:.3f}"
            f"  Brier {scored_by[order, spread]['Brier']:.4f}"
            f"  log loss {scored_by[order, spread]['log loss']:.4f} bits"
            f"  ties {scored_by[order, spread]['ties']:.0f} of 64  P(1) takes {values_of_p1}"
        )
for spread in spreads:
    for score in ("Brier", "log loss"):
        assert math.isclose(scored_by["(0, 1)", spread][score], scored_by["(1, 0)", spread][score])
assert scored_by["(0, 1)", "equal"]["error"] > scored_by["(1, 0)", "equal"]["error"]
assert scored_by["(1, 0)", "equal"]["error"] <= scored_by["(1, 0)", "training"]["error"]
assert scored_by["(0, 1)", "equal"]["Brier"] > scored_by["(0, 1)", "training"]["Brier"]
assert scored_by["(0, 1)", "equal"]["log loss"] > scored_by["(0, 1)", "training"]["log loss"]

fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
for k, order in enumerate(("(0, 1)", "(1, 0)")):
    axes[0].bar(
        [s + (k - 0.5) * 0.36 for s in range(2)],
        [scored_by[order, spread]["error"] for spread in spreads],
        0.36,
        label=f"classes in the order {order}",
    )
axes[0].axhline(0.15, color="black", linestyle=":", label="the best possible, 0.150")
axes[0].set_ylabel("error with x3 hidden")
axes[0].set_title("Error: equal votes' ties go to the first class")
for k, score in enumerate(("Brier", "log loss")):
    axes[1].bar(
        [s + (k - 0.5) * 0.36 for s in range(2)],
        [scored_by["(0, 1)", spread][score] for spread in spreads],
        0.36,
        label=score + (" (bits)" if score == "log loss" else ""),
        color=("tab:green", "tab:purple")[k],
    )
axes[1].set_ylabel("score (lower is better)")
axes[1].set_title("Proper scores: the same in either class order")
for ax in axes:
    ax.set_xticks(range(2), ["training shares", "equal votes"])
    ax.legend(fontsize=8)
plt.tight_layout()
plt.show()

# %% [markdown]
# ## Conclusion
#
# From data with `None` in it, dtree computes the notes' numbers: Ent(S) = .97,
# Gain(S_sunny, Temp) = .57, Humidity's .97 filled in and .61 by fractional counts, and
# C4.5's .80 beside them; and the notes' vote of 1/3 Yes + 1/3 Yes + 1/3 No. The three
# scores agree when nothing is missing, and C4.5's never exceeds the gain of the known
# examples. All three underestimate an attribute with missing values: C4.5's least when
# values are missing at random, filling in most when they are not. At test time, equal
# votes ignore how often each branch occurs, and on skewed data pay for it in their
# probabilities (a worse Brier score and log loss, in either class order); C4.5's shares
# do not. Their gap in error is the tie rule's, and reverses with the class order.

# %%
assert round(counts, 2) == 0.61
assert round(c45, 2) == 0.80
assert test_errors["equal"] > Fraction(3, 20)

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 12.1.** Ten examples, five + and five −, of an attribute $A$ known on eight of
# them and missing on one + and one −:
#
# | $A$ | + | − |
# |---|---|---|
# | a | 3 | 1 |
# | b | 1 | 3 |
# | missing | 1 | 1 |
#
# Compute C4.5's gain of $A$ by hand.

# %% tags=["hide-input"]
# Answer. C4.5 scores the known examples and scales by their share: on the eight known,
# H = 1 and H(Y | A) = H(3/4, 1/4) = 0.811, a gain of 0.189; times 8/10 it is 0.151.
partly_known = Dataset.from_columns(
    {"A": ["a"] * 4 + ["b"] * 4 + [None, None], "y": list("+++-+---+-")},
    target="y",
    classes=("+", "-"),
)
scored_a = assess(
    root(Learner(missing="fractional"), partly_known), [Equals("A", "a"), Equals("A", "b")]
)
assert not isinstance(scored_a, str)
print(round(float(scored_a.score), 3))
assert abs(float(scored_a.score) - Fraction(8, 10) * (1 - entropy([3, 1]))) <= TOLERANCE
assert round(float(scored_a.score), 3) == 0.151

# %% [markdown]
# **Exercise 12.2.** A day with Outlook missing, Humidity High and Wind Strong reaches ID3's
# PlayTennis tree. Which leaves does it reach, and with what weights under equal votes and
# under C4.5's training shares (5 Sunny, 4 Overcast, 5 Rain days)? When do the two always
# agree?

# %% tags=["hide-input"]
# Answer. Down all three Outlook branches: Sunny then Humidity High, a No leaf; Overcast, a
# Yes leaf; Rain then Wind Strong, a No leaf. Equal votes: No 2/3, Yes 1/3. Training shares:
# No 5/14 + 5/14 = 5/7, Yes 4/14 = 2/7. Both say No here. They always agree when the branches
# carry equal training weight, since then the shares are the equal votes.
stormy = {"Outlook": None, "Temperature": "Mild", "Humidity": "High", "Wind": "Strong"}
print(predict_proba(tree, stormy, spread="equal"), predict_proba(tree, stormy))
assert predict_proba(tree, stormy, spread="equal") == {"No": Fraction(2, 3), "Yes": Fraction(1, 3)}
assert predict_proba(tree, stormy) == {"No": Fraction(5, 7), "Yes": Fraction(2, 7)}

# %% [markdown]
# **Exercise 12.3.** Use dtree to find out: on the five sunny days, hide Humidity on day 9
# (Normal, Yes) as well as day 8 (High, No). What do the three policies now score for
# Humidity, and why does filling in do worst?

# %% tags=["hide-input"]
# Answer. The known days are 1 and 2 (High, No) and 11 (Normal, Yes). C4.5 scores them,
# H = 0.918, all of it gained, times 3/5: 0.551. Fractional counts spread each hidden day 2/3
# to High and 1/3 to Normal: 0.249. Filling in puts both hidden days at High, the commonest
# known value, which is right for day 8 and wrong for day 9: High then holds three No and a
# Yes, and the gain is 0.971 - 4/5 H(1/4, 3/4) = 0.322, against 0.971 with the true values.
# One wrong guess costs it two thirds of the gain.
two_hidden = Dataset.from_records(
    [
        {**tennis.example(r), "Humidity": None if r in (7, 8) else tennis.example(r)["Humidity"]}
        | {"PlayTennis": tennis.target[r]}
        for r in SUNNY
    ],
    target="PlayTennis",
    classes=tennis.schema.classes,
)
two_hidden_scores = {}
for name, learner in POLICIES.items():
    scored_humidity = assess(root(learner, two_hidden), HUMIDITY)
    assert not isinstance(scored_humidity, str)
    two_hidden_scores[name] = round(float(scored_humidity.score), 3)
print(two_hidden_scores)
assert list(two_hidden_scores.values()) == [0.322, 0.249, 0.551]
assert impute(two_hidden).column("Humidity")[2:4] == ("High", "High")
