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
# # 3. Many-valued attributes: an identifier maximises IG, the gain ratio corrects it
#
# **Claim.** Let $D$ hold $n$ examples and let $\mathrm{ID}$ be an attribute with a different
# value in every example (a serial number, or the date of each example). Then
#
# 1. $H(Y \mid \mathrm{ID}) = 0$, so $\mathrm{IG}(\mathrm{ID}) = H(Y)$: no attribute gains
#    more, and ID3 splits on the identifier;
# 2. $\mathrm{SplitInfo}(\mathrm{ID}) = H(\mathrm{ID}) = \log_2 n$, so
#    $\mathrm{GainRatio}(\mathrm{ID}) = H(Y) / \log_2 n$, at most $\log_2 k / \log_2 n$ with $k$
#    classes, which shrinks as $n$ grows;
# 3. every gain ratio lies in $[0, 1]$, and equals 1 exactly when the class determines the
#    attribute's value (and the attribute takes at least two values).
#
# The gain ratio of C4.5 is
#
# $$\mathrm{GainRatio}(D, X) = \frac{\mathrm{IG}(D, X)}{\mathrm{SplitInfo}(D, X)},\qquad
#   \mathrm{SplitInfo}(D, X) = -\sum_v \frac{|D_v|}{|D|} \log_2 \frac{|D_v|}{|D|} = H_D(X).$$
#
# The notes behind this notebook: the CS 760 slides (information gain "is biased towards
# tests with many outcomes": a feature that uniquely identifies each instance gives pure
# branches and maximal gain) and the Decision Trees II notes (the restaurant's Patrons and
# Type, and a `date` attribute as the many-valued example).
#
# In dtree: `information_gain`, `split_information` and `gain_ratio` score an attribute of a
# dataset; `Learner(score="gain_ratio")` grows with the gain ratio among the candidates of at
# least average gain, as C4.5 does, and `c45` adds C4.5's other defaults.

# %%
import itertools
import math
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import (
    Dataset,
    Learner,
    Nominal,
    Split,
    c45,
    conditional_entropy,
    datasets,
    entropy,
    gain_ratio,
    grow,
    id3,
    information_gain,
    predict_many,
    size,
    split_information,
    strategies,
)
from dtree.counts import class_counts, contingency
from dtree.grower.gain_ratio import averaged_attributes
from dtree.grower.learner import AttributeChoice
from dtree.impurity import TOLERANCE
from dtree.invariants import (
    fits_consistent_data,
    gain_ratio_is_bounded,
    information_gain_is_at_most_entropy,
)
from dtree.render import draw

# %% [markdown]
# ## The restaurant's Patrons and Type (Decision Trees II)
#
# Twelve restaurant visits, 6 where the diners waited and 6 where they did not. Patrons
# (None, Some, Full) splits them into 2 + 4 + 6 visits: None all No, Some all Yes, Full 2
# Yes and 4 No. Type splits them into French 2, Italian 2, Thai 4, Burger 4, each half Yes.

# %%
restaurant = datasets.load("restaurant")
for name in ("Pat", "Type"):
    domain = restaurant.schema.attribute(name).domain
    assert isinstance(domain, Nominal)
    values = domain.values
    print(name, dict(zip(values, contingency(restaurant, name), strict=True)), "(Yes, No)")
assert class_counts(restaurant) == (6, 6)
assert sorted(contingency(restaurant, "Pat")) == [(0, 2), (2, 4), (4, 0)]
assert all(yes == no for yes, no in contingency(restaurant, "Type"))

# %% [markdown]
# The notes compute with logarithms rounded to one decimal place:
# $-\log_2 \tfrac23 = 0.585 \approx .6$, $-\log_2 \tfrac13 = 1.585 \approx 1.6$ and
# $-\log_2 \tfrac16 = 2.585 \approx 2.6$. Redoing their arithmetic exactly with those
# logarithms (as fractions) gives every figure they print; the exact values, in closed form
# with $\log_2 3$, are the library's:
#
# | quantity | the notes | their arithmetic | dtree |
# |---|---|---|---|
# | $I(X)$ | 1 | $-(.5 \log .5 + .5 \log .5) = 1$ | 1 |
# | $I(\text{Pat}, X)$ | .47 | $\tfrac12(\tfrac23 (.6) + \tfrac13 (1.6)) = \tfrac{7}{15}$ | 0.4591 |
# | $I(\text{Type}, X)$ | 1 | every type is half Yes: $1$ | 1 |
# | Gain(Pat) | .53 | $1 - .47$ | 0.5409 |
# | Gain(Type) | 0 | $1 - 1$ | 0 |
# | SplitInfo(Pat) | 1.47 | $\tfrac16 (2.6) + \tfrac13 (1.6) + \tfrac12 = \tfrac{22}{15}$ | 1.4591 |
# | SplitInfo(Type) | 1.93 | $\tfrac26 (2.6) + \tfrac23 (1.6) = \tfrac{29}{15}$ | 1.9183 |
# | GainRatio(Pat) | .36 | $.53 / 1.47$ | 0.3707 |
# | GainRatio(Type) | 0 | $0 / 1.93$ | 0 |
#
# In closed form: $H(Y \mid \text{Pat}) = \tfrac12 H(\tfrac13, \tfrac23)
# = \tfrac12 \log_2 3 - \tfrac13$, $\mathrm{Gain(Pat)} = \tfrac43 - \tfrac12 \log_2 3$,
# $\mathrm{SplitInfo(Pat)} = H(\tfrac16, \tfrac13, \tfrac12) = \tfrac23 + \tfrac12 \log_2 3$
# and $\mathrm{SplitInfo(Type)} = H(\tfrac16, \tfrac16, \tfrac13, \tfrac13)
# = \tfrac13 + \log_2 3$.
#
# So four of the printed figures are off in the second decimal (.47 for .46, .53 for .54,
# 1.47 for 1.46, 1.93 for 1.92) and the ratio is .36 for .37; all of it is the one-decimal
# logarithms, and none of it changes the verdict: Patrons beats Type on gain and on ratio.

# %%
log2_3 = math.log2(3)
six, three, two = (
    Fraction("2.6"),
    Fraction("1.6"),
    Fraction("0.6"),
)  # the notes' -log2 1/6, 1/3, 2/3
notes_arithmetic = {
    "I(X)": Fraction(1, 2) + Fraction(1, 2),
    "I(Pat, X)": Fraction(1, 2) * (Fraction(2, 3) * two + Fraction(1, 3) * three),
    "I(Type, X)": Fraction(2, 12) + Fraction(2, 12) + Fraction(4, 12) + Fraction(4, 12),
    "Gain(Pat)": 1 - Fraction("0.47"),
    "Gain(Type)": Fraction(1 - 1),
    "SplitInfo(Pat)": Fraction(1, 6) * six + Fraction(1, 3) * three + Fraction(1, 2),
    "SplitInfo(Type)": 2 * Fraction(1, 6) * six + 2 * Fraction(1, 3) * three,
    "GainRatio(Pat)": Fraction("0.53") / Fraction("1.47"),
    "GainRatio(Type)": 0 / Fraction("1.93"),
}
printed = {
    "I(X)": 1,
    "I(Pat, X)": 0.47,
    "I(Type, X)": 1,
    "Gain(Pat)": 0.53,
    "Gain(Type)": 0,
    "SplitInfo(Pat)": 1.47,
    "SplitInfo(Type)": 1.93,
    "GainRatio(Pat)": 0.36,
    "GainRatio(Type)": 0,
}
closed_form = {
    "I(X)": 1.0,
    "I(Pat, X)": log2_3 / 2 - 1 / 3,
    "I(Type, X)": 1.0,
    "Gain(Pat)": 4 / 3 - log2_3 / 2,
    "Gain(Type)": 0.0,
    "SplitInfo(Pat)": 2 / 3 + log2_3 / 2,
    "SplitInfo(Type)": 1 / 3 + log2_3,
    "GainRatio(Pat)": (4 / 3 - log2_3 / 2) / (2 / 3 + log2_3 / 2),
    "GainRatio(Type)": 0.0,
}
library = {
    "I(X)": entropy(class_counts(restaurant)),
    "I(Pat, X)": conditional_entropy(restaurant, "Pat"),
    "I(Type, X)": conditional_entropy(restaurant, "Type"),
    "Gain(Pat)": information_gain(restaurant, "Pat"),
    "Gain(Type)": information_gain(restaurant, "Type"),
    "SplitInfo(Pat)": split_information(restaurant, "Pat"),
    "SplitInfo(Type)": split_information(restaurant, "Type"),
    "GainRatio(Pat)": gain_ratio(restaurant, "Pat"),
    "GainRatio(Type)": gain_ratio(restaurant, "Type"),
}
print(f"{'':16} {'notes':>6} {'their arithmetic':>17} {'dtree':>8}")
for key, value in library.items():
    arithmetic = notes_arithmetic[key]
    print(f"{key:16} {printed[key]:>6} {float(arithmetic):>17.4f} {value:>8.4f}")
    assert round(float(arithmetic), 2) == printed[key]  # the notes' figures, from their logs
    assert math.isclose(value, closed_form[key], abs_tol=TOLERANCE)  # the library is exact
assert notes_arithmetic["I(Pat, X)"] == Fraction(7, 15)
assert notes_arithmetic["SplitInfo(Pat)"] == Fraction(22, 15)
assert notes_arithmetic["SplitInfo(Type)"] == Fraction(29, 15)
assert [round(library[k], 2) for k in ("I(Pat, X)", "Gain(Pat)", "SplitInfo(Pat)")] == [
    0.46,
    0.54,
    1.46,
]
assert (round(library["SplitInfo(Type)"], 2), round(library["GainRatio(Pat)"], 2)) == (1.92, 0.37)

# %% [markdown]
# ## The proof
#
# **An identifier maximises the gain.** Every value of $\mathrm{ID}$ occurs in one example,
# so every branch of the split holds a single example and is pure: $H(Y \mid \mathrm{ID} = v)
# = 0$ for each $v$, hence $H(Y \mid \mathrm{ID}) = 0$ and
# $\mathrm{IG}(\mathrm{ID}) = H(Y)$. Notebook 2 showed $\mathrm{IG}(X) \le H(Y)$ for every
# attribute, so no attribute gains more than the identifier; one that determines the class
# can only tie with it. (More generally, a split that refines another never gains less:
# the chain rule gives $I(\mathrm{ID}; Y) = I(X; Y) + I(\mathrm{ID}; Y \mid X) \ge I(X; Y)$
# when $X$ is a function of $\mathrm{ID}$, and every attribute is a function of the
# identifier.) This is why ID3 picks it, and why the tree it grows is a lookup table that
# says nothing about a new example.
#
# **Its split information is $\log_2 n$.** The $n$ values of $\mathrm{ID}$ each have
# frequency $1/n$, so $\mathrm{SplitInfo}(\mathrm{ID}) = H(\mathrm{ID}) = \log_2 n$, the
# largest split information any attribute can have on $n$ examples (notebook 1). Hence
#
# $$\mathrm{GainRatio}(\mathrm{ID}) = \frac{H(Y)}{\log_2 n} \le \frac{\log_2 k}{\log_2 n}$$
#
# for $k$ classes: with two classes it is at most $1/\log_2 n$, which falls towards 0 as the
# data grow, while an attribute with a fixed number of values keeps its ratio.
#
# **Every gain ratio lies in $[0, 1]$.** The gain is the mutual information (notebook 2), so
# $\mathrm{IG}(X) = I(X; Y) = H(X) - H(X \mid Y) \le H(X) = \mathrm{SplitInfo}(X)$, and
# $\mathrm{IG} \ge 0$. The ratio is 1 exactly when $H(X \mid Y) = 0$: each class goes with
# one value of $X$. An attribute with a single value at a node has split information 0 and
# gains nothing; dtree gives it the ratio 0.
#
# **What the correction does not do.** Dividing by $H(X)$ rewards splits with small split
# information, that is very unbalanced ones, which is why C4.5 takes the best ratio only
# among the attributes whose gain is at least the average. And $\log_2 n$ is small at a node
# with few examples, so deep in a tree an identifier can still win on ratio: the restaurant
# below shows both.

# %% [markdown]
# ## The date attribute (Decision Trees II) on the restaurant
#
# Add to the twelve visits the date of each: twelve different days of January 2011, the last
# the notes' `Jan_28_2011` (written `Jan28` here). The date is an identifier.

# %%
dates = [f"Jan{day}" for day in range(17, 29)]  # short, so the drawn edges stay legible
columns = {"Date": dates} | {
    name: list(restaurant.column(name)) for name in restaurant.schema.names
}
dated = Dataset.from_columns(
    columns | {"WillWait": list(restaurant.labels)},
    target="WillWait",
    classes=restaurant.schema.classes,
)
gains = {name: information_gain(dated, name) for name in dated.schema.names}
ratios = {name: gain_ratio(dated, name) for name in dated.schema.names}
print(f"{'':6} {'IG':>7} {'SplitInfo':>10} {'GainRatio':>10}")
for name in dated.schema.names:
    print(
        f"{name:6} {gains[name]:7.4f} {split_information(dated, name):10.4f} {ratios[name]:10.4f}"
    )
assert gains["Date"] == entropy(class_counts(dated)) == 1.0
assert math.isclose(split_information(dated, "Date"), math.log2(12), abs_tol=TOLERANCE)
assert math.isclose(ratios["Date"], 1 / math.log2(12), abs_tol=TOLERANCE)
assert max(gains, key=gains.__getitem__) == "Date"
assert max(ratios, key=ratios.__getitem__) == "Pat"

# %% [markdown]
# **At the root.** The date gains 1 bit, everything there is to know; Patrons, the best real
# attribute, gains 0.54. By gain ratio the date falls to $1/\log_2 12 = 0.28$ and Patrons,
# at 0.37, wins. C4.5's average-gain condition does not decide it here. As in C4.5, a nominal
# attribute with at least $0.3 n = 3.6$ values is left out of the average: the date, and also
# Type and Est, which have four values each. The average of the other eight gains is 0.12, and
# the date's gain is far above it. Five attributes pass the bar, and Patrons has the best ratio
# among them.

# %%
averaged = averaged_attributes(dated.schema, len(dated.rows))
many_valued = [name for name in dated.schema.names if name not in averaged]
counted = [gains[name] for name in dated.schema.names if name in averaged]
average = sum(counted) / len(counted)
eligible = [name for name in dated.schema.names if gains[name] >= average]
print("left out of the average:", many_valued, "  counted:", len(counted))
print("average gain:", round(average, 4), "  at least average:", eligible)
assert many_valued == ["Date", "Type", "Est"]
assert round(average, 2) == 0.12
print("best ratio among them:", max(eligible, key=ratios.__getitem__))
assert eligible == ["Date", "Hun", "Pat", "Price", "Est"]
assert max(eligible, key=ratios.__getitem__) == "Pat"

# %% [markdown]
# **ID3** splits the root on the date: twelve pure leaves, a tree that has memorised the
# visits.

# %%
# Alt text: ID3's tree on the restaurant data with a date: the root Date [Yes: 6, No: 6] splits
#   twelve ways, one branch per day from Jan17 to Jan28, each a leaf of a single example,
#   so the tree memorises the data and says nothing about a new day.
id3_tree = id3(dated)
ax = draw(id3_tree)
ax.set_title("ID3 on the restaurant with a date: the date at the root, twelve leaves")

# %% [markdown]
# **The gain ratio alone** (`Learner(score="gain_ratio")`, with the average-gain condition)
# puts Patrons at the root, but below Full the six remaining visits make the date's split
# information only $\log_2 6 = 2.58$, and its ratio $H(\tfrac13, \tfrac23) / \log_2 6 = 0.355$
# beats every other attribute's, the best of them 0.274 (Hungry, tied with Price and Res). The
# date comes back one level down.

# %%
# Alt text: The tree grown by the gain ratio alone: Pat at the root, with None a leaf No [Yes: 0,
#   No: 2] and Some a leaf Yes [Yes: 4, No: 0]; under Full [Yes: 2, No: 4] the date is
#   chosen again, twelve branches, most of them empty leaves and the rest single examples.
full = dated.subset([row for row in dated.rows if dated.column("Pat")[row] == "Full"])
print(
    "under Full: GainRatio(Date) =",
    round(gain_ratio(full, "Date"), 3),
    "  GainRatio(Hun) =",
    round(gain_ratio(full, "Hun"), 3),
)
assert math.isclose(gain_ratio(full, "Date"), entropy((2, 4)) / math.log2(6), abs_tol=TOLERANCE)
assert gain_ratio(full, "Date") > gain_ratio(full, "Hun")
assert round(max(gain_ratio(full, x) for x in full.schema.names if x != "Date"), 3) == 0.274
ratio_tree = grow(Learner(score="gain_ratio"), dated)
ax = draw(ratio_tree)
ax.set_title("The gain ratio alone: Patrons at the root, the date again under Full")

# %% [markdown]
# **C4.5** (`c45`) also asks that a nominal split send at least two examples down at least
# two of its branches (its minimum of 2 objects). No split on the date can, so the date is
# never a candidate, and the tree is the restaurant's own: Patrons, then Hungry under Full,
# where the four hungry visits stay a leaf of 2 Yes and 2 No.

# %%
# Alt text: C4.5's tree, the same with or without the date: Pat at the root, None a leaf No [Yes:
#   0, No: 2], Some a leaf Yes [Yes: 4, No: 0], and Full [Yes: 2, No: 4] split on Hun into
#   No, a leaf No [Yes: 0, No: 2], and Yes, a leaf Yes [Yes: 2, No: 2].
c45_tree = c45(dated)
ax = draw(c45_tree)
ax.set_title("C4.5: the date is never a candidate")
assert c45_tree == c45(restaurant)

# %% [markdown]
# ## Four ways to choose the attribute (Decision Trees II)
#
# The notes ask of the restaurant which attribute to test first, and answer four ways:
# "Random: Patrons or Wait-time; **Least-values:** Patrons; **Most-values:** Type;
# **Max-gain:** ???". `Learner(attribute_choice=...)` grows with each rule: `"best"` (the
# learner's score, here the gain: the default), `"random"` (a candidate drawn by the learner's
# `seed`, the same tree for the same seed), `"fewest_values"` and `"most_values"` (of the
# distinct values the attribute takes at the node, ties to the first in schema order).
#
# **The slide's three attributes.** Its table shows Patrons (3 values) and Type (4), and it
# names the wait estimate Est (4). Among them the fewest values are Patrons', the most Type's
# (tied with Est, and first), and the largest gain, the slide's "???", is Patrons': 0.54
# against Type's 0 and Est's 0.21. A random draw takes each of the three for some seed.

# %%
slide = Dataset.from_columns(
    {name: list(restaurant.column(name)) for name in ("Pat", "Type", "Est")}
    | {"WillWait": list(restaurant.labels)},
    target="WillWait",
    classes=restaurant.schema.classes,
)
choices: tuple[AttributeChoice, ...] = ("best", "random", "fewest_values", "most_values")
slide_roots = {}
for choice in choices:
    grown = grow(Learner(attribute_choice=choice), slide)
    assert isinstance(grown, Split)
    slide_roots[choice] = grown.attribute
drawn = {}
for seed in range(12):
    grown = grow(Learner(attribute_choice="random", seed=seed), slide)
    assert isinstance(grown, Split)
    drawn[seed] = grown.attribute
print("first test, by rule:", slide_roots)
print("random, by seed:", drawn)
print("gains:", {name: round(information_gain(slide, name), 2) for name in slide.schema.names})
assert slide_roots["fewest_values"] == "Pat"
assert slide_roots["most_values"] == "Type"
assert slide_roots["best"] == "Pat"
assert set(drawn.values()) == {"Pat", "Type", "Est"}

# %% [markdown]
# **The four trees on the whole restaurant.** With all ten attributes, the fewest values are
# the two of Alt (first of the eight yes/no attributes) and the most Type's four; the seed 0
# draws Type. Each rule grows a tree on to pure leaves (every rule splits a node into at least
# two nonempty branches, so ID3's consistency theorem of notebook 4 holds for each), and the
# gain's tree is the smallest: 12 nodes, against 19 to 26.

# %%
# Alt text: The tree the largest gain grows on the restaurant data: Patrons at the root, None
#   and Some leaves at once, Full asks Hungry, then Type, then Friday; 12 nodes, the smallest.
# Alt text: The tree a random choice (seed 0) grows: Type at the root, then the wait estimate
#   under each type, then a third test here and there; 22 nodes.
# Alt text: The tree the fewest values grow: yes/no attributes first, Alt at the root, then Bar,
#   Friday and Hungry, Patrons only deep down; 26 nodes, the largest of the four.
# Alt text: The tree the most values grow: Type, with four values, at the root, then Patrons or
#   a yes/no attribute under each type; 19 nodes.
trees = {choice: grow(Learner(attribute_choice=choice), restaurant) for choice in choices}
tree_sizes = {choice: size(grown) for choice, grown in trees.items()}
for choice, grown in trees.items():
    ax = draw(grown)
    ax.set_title(f"attribute_choice={choice!r}: {tree_sizes[choice]} nodes")
print(tree_sizes)
assert tree_sizes == {"best": 12, "random": 22, "fewest_values": 26, "most_values": 19}
assert min(tree_sizes, key=tree_sizes.__getitem__) == "best"
assert all(
    predict_many(grown, restaurant.examples()) == restaurant.labels for grown in trees.values()
)

# %% [markdown]
# On random consistent data (distinct feature vectors, any labels) every rule, with any seed,
# still fits the training data exactly.


# %%
@given(strategies.consistent_datasets(max_rows=16), st.sampled_from(choices), st.integers(0, 9))
@settings(deadline=None)
def check_every_choice_fits(data: Dataset, choice: AttributeChoice, seed: int) -> None:
    learner = Learner(attribute_choice=choice, seed=seed)
    assert fits_consistent_data(lambda d: grow(learner, d), data)


check_every_choice_fits()

# %% [markdown]
# ## Every small case
#
# Every dataset of 1 to 4 examples with one attribute $A$ over three values and two classes,
# with an identifier added: 1,554 datasets. For each: the identifier gains $H(Y)$, at least
# as much as $A$; its split information is $\log_2 n$ and its ratio $H(Y) / \log_2 n$; both
# ratios lie in $[0, 1]$ (the law of `dtree.invariants`), and $A$'s is 1 exactly when the
# class determines $A$ and $A$ takes two values or more.

# %%
cases = 0
for n in range(1, 5):
    for values, labels in itertools.product(
        itertools.product("abc", repeat=n), itertools.product(("no", "yes"), repeat=n)
    ):
        data = Dataset.from_columns(
            {"ID": [f"e{i}" for i in range(n)], "A": list(values), "Y": list(labels)},
            target="Y",
            classes=("no", "yes"),
        )
        h = entropy(class_counts(data))
        assert abs(conditional_entropy(data, "ID")) <= TOLERANCE
        assert math.isclose(information_gain(data, "ID"), h, abs_tol=TOLERANCE)
        assert information_gain(data, "A") <= information_gain(data, "ID") + TOLERANCE
        assert math.isclose(split_information(data, "ID"), math.log2(n), abs_tol=TOLERANCE)
        if n > 1:
            assert math.isclose(gain_ratio(data, "ID"), h / math.log2(n), abs_tol=TOLERANCE)
        assert gain_ratio_is_bounded(data, "ID")
        assert gain_ratio_is_bounded(data, "A")
        class_determines_a = all(
            len({v for v, y in zip(values, labels, strict=True) if y == c}) <= 1
            for c in ("no", "yes")
        )
        is_one = math.isclose(gain_ratio(data, "A"), 1, abs_tol=TOLERANCE)
        assert is_one == (class_determines_a and len(set(values)) > 1)
        cases += 1
print(cases, "datasets checked")
assert cases == sum(6**n for n in range(1, 5))

# %% [markdown]
# ## Random cases
#
# Hypothesis draws datasets (up to 20 rows, up to 4 attributes of up to 3 values, up to 3
# classes, rows that may repeat and contradict each other) and adds an identifier. Even on
# contradictory rows the identifier's branches are pure, since each holds one row.


# %%
@given(strategies.datasets(max_rows=20))
@settings(deadline=None)
def check_identifier(data: Dataset) -> None:
    n = len(data.rows)
    named = {name: list(data.column(name)) for name in data.schema.names}
    with_id = Dataset.from_columns(
        {"ID#": [f"e{i}" for i in range(n)]} | named | {"Y#": list(data.labels)},
        target="Y#",
        classes=data.schema.classes,
    )
    h = entropy(class_counts(with_id))
    assert math.isclose(information_gain(with_id, "ID#"), h, abs_tol=TOLERANCE)
    assert math.isclose(split_information(with_id, "ID#"), math.log2(n), abs_tol=TOLERANCE)
    for name in data.schema.names:
        gain = information_gain(with_id, name)
        assert gain <= information_gain(with_id, "ID#") + TOLERANCE
        assert information_gain_is_at_most_entropy(contingency(with_id, name))
        assert gain_ratio_is_bounded(with_id, name)
        if split_information(with_id, name) > TOLERANCE:
            ratio = gain / split_information(with_id, name)
            assert math.isclose(gain_ratio(with_id, name), ratio, abs_tol=TOLERANCE)


check_identifier()

# %% [markdown]
# ## The picture: gain against gain ratio
#
# Left: the gain and the gain ratio of every attribute of the dated restaurant, with the
# average gain that C4.5 asks for. The date towers over the gains and sinks among the
# ratios. Right: an identifier on $n$ examples of two balanced classes always gains 1 bit,
# but its ratio is $1 / \log_2 n$ (computed by the library for each $n$); Patrons' ratio on
# the restaurant is marked for comparison.

# %%
# Alt text: Two panels. Left: paired bars of information gain and gain ratio for each attribute of
#   the restaurant data with a date, and a dashed line at the average gain 0.1243. Date
#   has the greatest gain, 1.0, but a gain ratio of only 0.2789; Pat has gain 0.5409 and
#   the greatest gain ratio, 0.3707. Right: an identifier's gain and gain ratio against n,
#   the number of examples, for balanced data of 2 to 64 rows: IG(ID) stays at 1 bit while
#   GainRatio(ID) falls from 1 towards about 0.17, below the restaurant's GainRatio(Pat)
#   at n = 12.
names = list(dated.schema.names)
fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.2), gridspec_kw={"width_ratios": [3, 2]})
positions = range(len(names))
left.bar(
    [i - 0.2 for i in positions], [gains[x] for x in names], width=0.4, label="information gain"
)
left.bar([i + 0.2 for i in positions], [ratios[x] for x in names], width=0.4, label="gain ratio")
left.axhline(
    average,
    color="0.4",
    linestyle="--",
    linewidth=1,
    label="average gain (Date, Type, Est not counted)",
)
left.set_xticks(list(positions), names)
left.set_ylabel("bits, or bits per bit")
left.set_title("Restaurant with a date: IG and gain ratio per attribute")
left.legend()
sizes = list(range(2, 65, 2))
balanced = [
    Dataset.from_columns(
        {"ID": [f"e{i:02}" for i in range(m)], "Y": ["no", "yes"] * (m // 2)}, target="Y"
    )
    for m in sizes
]
right.plot(sizes, [information_gain(d, "ID") for d in balanced], color="tab:blue", label="IG(ID)")
right.plot(
    sizes, [gain_ratio(d, "ID") for d in balanced], color="tab:orange", label="GainRatio(ID)"
)
right.plot([12], [ratios["Pat"]], "D", color="tab:green", label="GainRatio(Pat), restaurant")
right.set_xlabel("n, the number of examples")
right.set_ylabel("bits, or bits per bit")
right.set_ylim(0, 1.1)
right.set_title("An identifier's gain and gain ratio")
right.legend()
fig.tight_layout()

# %% [markdown]
# ## Conclusion
#
# An attribute that tells the examples apart gains everything, $H(Y)$, and so ID3 takes it,
# growing a tree that only remembers. The gain ratio divides by the attribute's own entropy,
# $\log_2 n$ for an identifier, and on the restaurant it restores Patrons at the root; but
# at small nodes $\log_2 n$ is small too, and only C4.5's minimum branch size keeps the date
# out of the tree altogether. The Decision Trees II figures are reproduced from their
# one-decimal logarithms; the exact values are $\mathrm{Gain(Pat)} = 0.5409$,
# $\mathrm{SplitInfo(Pat)} = 1.4591$, $\mathrm{SplitInfo(Type)} = 1.9183$ and
# $\mathrm{GainRatio(Pat)} = 0.3707$. The bound is the law `gain_ratio_is_bounded` of
# `dtree.invariants`.
#
# Of the notes' four ways to choose the first test, fewest values gives Patrons and most
# values Type, as the slide says; the largest gain, its "???", is Patrons; and on the whole
# restaurant the gain's tree is the smallest of the four (12 nodes; random 22, fewest values
# 26, most values 19), while every rule still fits the consistent data.

# %%
assert isinstance(id3_tree, Split)
assert isinstance(ratio_tree, Split)
assert isinstance(c45_tree, Split)
assert (id3_tree.attribute, ratio_tree.attribute, c45_tree.attribute) == ("Date", "Pat", "Pat")
assert all(
    math.isclose(gain_ratio(d, "ID"), 1 / math.log2(len(d)), abs_tol=TOLERANCE) for d in balanced
)
assert all(information_gain(d, "ID") == 1.0 for d in balanced)
assert round(library["GainRatio(Pat)"], 4) == 0.3707
assert (slide_roots["fewest_values"], slide_roots["most_values"]) == ("Pat", "Type")
assert min(tree_sizes, key=tree_sizes.__getitem__) == "best"
assert tree_sizes["best"] < min(tree_sizes[c] for c in choices if c != "best")

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 3.1.** Eight examples, four + and four −, with an identifier ID (eight distinct
# values) and an attribute $A$:
#
# | $A$ | + | − |
# |---|---|---|
# | a | 4 | 1 |
# | b | 0 | 3 |
#
# Compute by hand the gain, split information and gain ratio of ID and of $A$. Which does
# information gain choose, and which the gain ratio?

# %% tags=["hide-input"]
# Answer. H(Y) = 1. ID: every branch is pure, so IG(ID) = 1; its split information is the
# entropy of eight equal shares, log2 8 = 3; ratio 1/3 = 0.333.
# A: H(Y | A) = 5/8 H(4/5, 1/5) + 3/8 * 0 = 5/8 * 0.722 = 0.451, so IG(A) = 0.549;
# SplitInfo(A) = H(5/8, 3/8) = 0.954; ratio 0.549 / 0.954 = 0.575.
# Information gain takes ID (1 > 0.549); the gain ratio takes A (0.575 > 0.333).
ids = Dataset.from_columns(
    {"ID": [f"e{i}" for i in range(8)], "A": list("aaaaabbb"), "y": list("++++----")},
    target="y",
    classes=("+", "-"),
)
summary = {
    name: (
        round(information_gain(ids, name), 3),
        round(split_information(ids, name), 3),
        round(gain_ratio(ids, name), 3),
    )
    for name in ("ID", "A")
}
print(summary)
assert summary == {"ID": (1.0, 3.0, 0.333), "A": (0.549, 0.954, 0.575)}

# %% [markdown]
# **Exercise 3.2.** Show that the gain ratio of an attribute (one that takes at least two
# values) is never above 1, and that it is 1 exactly when the class determines the attribute:
# all the examples of one class share one value of it. Must such an attribute determine the
# class?

# %% tags=["hide-input"]
# Answer. SplitInfo(A) is H(A), the entropy of the attribute's own shares, and the gain is the
# mutual information (notebook 2), symmetric: IG(A) = I(A; Y) = H(A) - H(A | Y). Since
# H(A | Y) >= 0, IG(A) <= H(A) and the ratio is at most 1, with equality exactly when
# H(A | Y) = 0, that is, when each class goes with one value of A.
# It need not determine the class: with three classes a, b, c and A = "is the class a?",
# each class has one value of A (ratio 1), but A cannot tell b from c, so IG(A) < H(Y).
# With two classes and A of two values, though, A is the class renamed.
# Checked on the attributes of two bundled datasets, and on that three-class example:
restaurant_data = datasets.load("restaurant")
for data in (restaurant_data, datasets.load("exam-results")):
    for name in data.schema.names:
        assert gain_ratio(data, name) <= 1 + TOLERANCE
merged = Dataset.from_columns(
    {"A": ["yes", "yes", "no", "no", "no", "no"], "y": list("aabbcc")}, target="y"
)
print(round(gain_ratio(merged, "A"), 3), round(information_gain(merged, "A"), 3))
assert math.isclose(gain_ratio(merged, "A"), 1)
assert information_gain(merged, "A") < entropy(class_counts(merged)) - TOLERANCE

# %% [markdown]
# **Exercise 3.3.** Use dtree to find out: rank the restaurant's ten attributes by
# information gain and by gain ratio. Which attribute loses most places when the gain is
# divided by the split information, and why?

# %% tags=["hide-input"]
# Answer. Patrons leads on both. Est (the estimated wait, four values) is second by gain,
# 0.208, but only fourth by ratio, 0.116: its four values spread the twelve visits out, so its
# split information is high (1.79 bits). Hungry, a yes/no attribute with nearly the same gain
# (0.196), keeps a ratio of 0.200 and moves up to second.
by_gain = sorted(restaurant_data.schema.names, key=lambda a: -information_gain(restaurant_data, a))
by_ratio = sorted(restaurant_data.schema.names, key=lambda a: -gain_ratio(restaurant_data, a))
print("by gain: ", by_gain[:4])
print("by ratio:", by_ratio[:4])
assert by_gain[:4] == ["Pat", "Est", "Hun", "Price"]
assert by_ratio[:4] == ["Pat", "Hun", "Price", "Est"]
assert round(split_information(restaurant_data, "Est"), 2) == 1.79
