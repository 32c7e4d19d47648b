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
# # 2. Information gain: $0 \le \mathrm{IG} = H(Y) - H(Y \mid X) \le H(Y)$
#
# **Claim.** For an attribute $X$ and the class $Y$, the information gain
#
# $$\mathrm{IG}(X) = H(Y) - H(Y \mid X), \qquad
#   H(Y \mid X) = \sum_x p(x)\, H(Y \mid X = x),$$
#
# satisfies
#
# 1. $\mathrm{IG}(X) \ge 0$: knowing $X$ never adds uncertainty about $Y$;
# 2. $\mathrm{IG}(X) \le H(Y)$, with equality exactly when $X$ determines $Y$;
# 3. $\mathrm{IG}$ is the mutual information, which is symmetric:
#    $I(X; Y) = H(Y) - H(Y \mid X) = H(X) - H(X \mid Y) = I(Y; X)$;
# 4. $\mathrm{IG}(X) = 0$ exactly when $X$ and $Y$ are independent.
#
# ID3 estimates every probability by a relative frequency in the sample $D$, so everything
# here is about the empirical distribution of a contingency table: one row of class counts
# per value of $X$. Statement 4 then says that the gain is 0 exactly when the rows of the
# table are in proportion.
#
# The notes behind this notebook: the CS 760 slides ("information gain, a.k.a. mutual
# information", the PlayTennis numbers), the CS 536 notes (a determining attribute gains
# $H(Y)$, an independent one gains nothing) and the Lecture 10 notes (the proof that mutual
# information is symmetric, the exam results, the Boolean table).
#
# In dtree, `information_gain(data, attribute)` and `conditional_entropy(data, attribute)`
# work on a dataset; `impurity_decrease(table)` is the same gain on a contingency table, and
# `mutual_information(table)` is the symmetric sum of the proof below.

# %%
import itertools
import math
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from matplotlib.patches import Patch

from dtree import (
    Dataset,
    Split,
    conditional_entropy,
    datasets,
    entropy,
    id3,
    information_gain,
    strategies,
)
from dtree.counts import class_counts, class_totals, contingency, is_pure, transpose
from dtree.impurity import TOLERANCE, impurity_decrease, mutual_information
from dtree.invariants import (
    information_gain_is_at_most_entropy,
    information_gain_is_nonnegative,
    information_gain_is_zero_exactly_under_independence,
    mutual_information_is_symmetric,
)
from dtree.render import draw
from dtree.significance import chi_square

# %% [markdown]
# ## PlayTennis: Humidity against Wind (CS 760)
#
# The fourteen days of PlayTennis hold 9 Yes and 5 No. Humidity splits them into 7 High days
# (3 Yes, 4 No) and 7 Normal days (6 Yes, 1 No). The library's contingency tables list the
# classes in the order No, Yes.

# %%
tennis = datasets.load("play-tennis")
high, normal = contingency(tennis, "Humidity")
strong, weak = contingency(tennis, "Wind")
h_y = entropy(class_counts(tennis))
print("H_D(Y)          =", round(h_y, 3), "  counts (No, Yes):", class_counts(tennis))
print("H_D(Y | high)   =", round(entropy(high), 3), "  counts:", high)
print("H_D(Y | normal) =", round(entropy(normal), 3), "  counts:", normal)
print("InfoGain(D, Humidity) =", round(information_gain(tennis, "Humidity"), 5))
print("H_D(Y | weak)   =", round(entropy(weak), 3), "  counts:", weak)
print("H_D(Y | strong) =", round(entropy(strong), 3), "  counts:", strong)
print("InfoGain(D, Wind)     =", round(information_gain(tennis, "Wind"), 5))
assert round(h_y, 3) == 0.940
assert (round(entropy(high), 3), round(entropy(normal), 3)) == (0.985, 0.592)
assert (round(entropy(weak), 3), entropy(strong)) == (0.811, 1.0)
assert round(information_gain(tennis, "Wind"), 3) == 0.048
assert round(information_gain(tennis, "Humidity"), 3) == 0.152  # the notes print 0.151

# %% [markdown]
# **The notes' 0.151.** The library gives $\mathrm{IG}(\text{Humidity}) = 0.15184$, which is
# 0.152 to three places; the CS 760 slides print 0.151. Their figure comes from the
# three-place intermediates: $0.940 - [\tfrac{7}{14}(0.985) + \tfrac{7}{14}(0.592)]$ is
# exactly $0.1515$, and writing that with three digits by dropping the last one gives 0.151
# (rounding it would give 0.152). Most of the shortfall is the rounding of $H_D(Y)$ itself,
# $0.94029 \to 0.940$. The same arithmetic for Wind lands on 0.048 either way.

# %%
notes_humidity = Fraction("0.940") - (
    Fraction(7, 14) * Fraction("0.985") + Fraction(7, 14) * Fraction("0.592")
)
notes_wind = Fraction("0.940") - (Fraction(8, 14) * Fraction("0.811") + Fraction(6, 14) * 1)
print(
    "the notes' Humidity arithmetic:",
    float(notes_humidity),
    "  exact:",
    information_gain(tennis, "Humidity"),
)
print(
    "the notes' Wind arithmetic:    ",
    round(float(notes_wind), 5),
    "  exact:",
    information_gain(tennis, "Wind"),
)
print("unrounded intermediates:", [round(h, 5) for h in (h_y, entropy(high), entropy(normal))])
assert notes_humidity == Fraction("0.1515")
assert round(information_gain(tennis, "Humidity"), 4) == 0.1518
assert round(float(notes_wind), 3) == round(information_gain(tennis, "Wind"), 3) == 0.048

# %% [markdown]
# All four attributes: Outlook gains most, which is why ID3 puts it at the root of the
# PlayTennis tree; Humidity beats Wind, the slides' tick.

# %%
tennis_gains = {name: information_gain(tennis, name) for name in tennis.schema.names}
for name, gain in tennis_gains.items():
    print(f"IG({name:11}) = {gain:.4f}")
assert [round(g, 3) for g in tennis_gains.values()] == [0.247, 0.029, 0.152, 0.048]
assert max(tennis_gains, key=tennis_gains.__getitem__) == "Outlook"

# %% [markdown]
# **Below the root (Decision Trees II).** On the five sunny days (1, 2, 8, 9, 11: 2 Yes, 3 No)
# the notes compute $\mathrm{Gain}(S_{sunny}, \mathrm{Temp}) = .97 - \tfrac35\,0 -
# \tfrac25\,1 = .57$: Hot holds two No days, Mild one of each, Cool one Yes.

# %%
sunny = tennis.subset(r for r in tennis.rows if tennis.example(r)["Outlook"] == "Sunny")
print("sunny days:", [r + 1 for r in sunny.rows], " counts (No, Yes):", class_counts(sunny))
print("Gain(S_sunny, Temperature) =", round(information_gain(sunny, "Temperature"), 4))
assert [r + 1 for r in sunny.rows] == [1, 2, 8, 9, 11]
assert round(entropy(class_counts(sunny)), 2) == 0.97
assert math.isclose(
    information_gain(sunny, "Temperature"),
    entropy(class_counts(sunny)) - Fraction(2, 5),
    abs_tol=TOLERANCE,
)
assert round(information_gain(sunny, "Temperature"), 2) == 0.57

# %% [markdown]
# ## How H(X), H(Y), H(Y | X) and I(X; Y) relate
#
# The joint entropy splits three ways: $H(X, Y) = H(X \mid Y) + I(X; Y) + H(Y \mid X)$, with
# $H(X) = H(X \mid Y) + I(X; Y)$ and $H(Y) = I(X; Y) + H(Y \mid X)$. So $I(X; Y)$ is the
# part the two entropies share, and the information gain, $H(Y) - H(Y \mid X)$, is that
# shared part. The bars below draw the three pieces for Humidity and for Outlook against
# PlayTennis's class, from the library's entropies of the contingency tables: in each
# panel the middle bar is $H(X, Y)$ cut into $H(X \mid Y)$, $I(X; Y)$ and $H(Y \mid X)$;
# the bar above it is $H(X)$, the first two pieces, and the bar below is $H(Y)$, the last
# two, so that the shared piece lines up in all three.

# %%
# Alt text: Information diagrams in bits, one panel for X = Humidity and one for X = Outlook, Y
#   the PlayTennis class. In each, the middle bar is the joint entropy H(X, Y) cut into
#   three labelled pieces, H(X | Y), I(X; Y) and H(Y | X); the bar above is H(X), the
#   first two pieces, and the bar below is H(Y), the last two, with dotted lines lining up
#   the shared piece I(X; Y). Humidity: H(X | Y) 0.848, I 0.152, H(Y | X) 0.788, so H(X) =
#   1.000, H(X, Y) = 1.788 and H(Y) = 0.940. Outlook: H(X | Y) 1.331, I 0.247, H(Y | X)
#   0.694, so H(X) = 1.577 and H(X, Y) = 2.271, with the same H(Y) = 0.940: Outlook shares
#   more of the class's entropy.
fig, axes = plt.subplots(2, 1, figsize=(10, 5.6), sharex=True)
pieces = {}
colours = {"H(X | Y)": "tab:blue", "I(X; Y)": "tab:green", "H(Y | X)": "tab:orange"}
for ax, name in zip(axes, ("Humidity", "Outlook"), strict=True):
    table = contingency(tennis, name)
    h_x = entropy([sum(r) for r in table])
    h_class = entropy(class_totals(table))
    h_joint = entropy([cell for r in table for cell in r])
    shared = mutual_information(table)
    x_given_y, y_given_x = h_x - shared, h_class - shared
    pieces[name] = (h_x, h_class, h_joint, shared, y_given_x)
    assert math.isclose(shared, information_gain(tennis, name), abs_tol=TOLERANCE)
    assert math.isclose(y_given_x, conditional_entropy(tennis, name), abs_tol=TOLERANCE)
    assert math.isclose(x_given_y + shared + y_given_x, h_joint, abs_tol=TOLERANCE)
    # The middle bar is H(X, Y) in its three pieces; H(X) above is the first two of them,
    # H(Y) below the last two, so the shared piece I(X; Y) lines up in all three bars.
    spans = {
        "H(X | Y)": (0.0, x_given_y),
        "I(X; Y)": (x_given_y, shared),
        "H(Y | X)": (x_given_y + shared, y_given_x),
    }
    rows = {2: ("H(X | Y)", "I(X; Y)"), 1: tuple(spans), 0: ("I(X; Y)", "H(Y | X)")}
    for y, shown in rows.items():
        for piece in shown:
            left, width = spans[piece]
            solid = y == 1
            ax.barh(
                y, width, left=left, height=0.6, color=colours[piece], alpha=1 if solid else 0.35
            )
            if solid:
                ax.text(
                    left + width / 2,
                    y,
                    f"{piece.replace('(X; Y)', '')}\n{width:.3f}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="white",
                    fontweight="bold",
                )
    for edge in (x_given_y, x_given_y + shared):
        ax.axvline(edge, color="0.3", linestyle=":", linewidth=1)
    ax.text(h_x + 0.03, 2, f"H(X) = H({name}) = {h_x:.3f}", va="center", fontsize=9)
    ax.text(h_joint + 0.03, 1, f"H(X, Y) = {h_joint:.3f}", va="center", fontsize=9)
    ax.text(h_joint + 0.03, 0, f"H(Y) = H(PlayTennis) = {h_class:.3f}", va="center", fontsize=9)
    ax.set_yticks([2, 1, 0], ["H(X)", "H(X, Y)", "H(Y)"])
    ax.set_ylim(-0.6, 2.6)
    ax.set_title(f"X = {name}, Y = PlayTennis: I(X; Y) = IG({name}) = {shared:.3f}", fontsize=10)
handles = [
    Patch(color=colours["H(X | Y)"], label="H(X | Y)"),
    Patch(color=colours["I(X; Y)"], label="I(X; Y) = information gain"),
    Patch(color=colours["H(Y | X)"], label="H(Y | X)"),
]
axes[1].set_xlabel("bits")
axes[1].set_xlim(0, 3.3)
axes[1].legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=3, fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# ## The Boolean table (Lecture 10)
#
# Eight rows of $X_1, X_2, Y$. When $X_1 = T$ the class is always $T$; when $X_1 = F$ it is
# $T$ once in four. So $H(Y \mid X_1) = \tfrac12 H(\tfrac14, \tfrac34)
# = 1 - \tfrac38 \log_2 3$, and $H(Y \mid X_2) = \tfrac12 H(\tfrac12, \tfrac12) +
# \tfrac12 H(\tfrac14, \tfrac34) = \tfrac32 - \tfrac38 \log_2 3$. The smaller conditional
# entropy is the larger gain: split on $X_1$.

# %%
boolean = datasets.load("boolean-table")
h1, h2 = conditional_entropy(boolean, "X1"), conditional_entropy(boolean, "X2")
print("H(Y | X1) =", round(h1, 4), "  H(Y | X2) =", round(h2, 4))
print(
    "IG(X1) =",
    round(information_gain(boolean, "X1"), 4),
    "  IG(X2) =",
    round(information_gain(boolean, "X2"), 4),
)
assert (round(h1, 4), round(h2, 4)) == (0.4056, 0.9056)
assert math.isclose(h1, 1 - 3 / 8 * math.log2(3), abs_tol=TOLERANCE)
assert math.isclose(h2, 3 / 2 - 3 / 8 * math.log2(3), abs_tol=TOLERANCE)
assert information_gain(boolean, "X1") > information_gain(boolean, "X2")

# %% [markdown]
# ## The exam results (Lecture 10): "Try 1" and "Try 2"
#
# The notes try two trees by hand for fifteen students' results. Try 1 asks only about the
# mock test; Try 2 asks about the background first, after which CSE students all pass and
# "Other" students all fail, and only the Maths students need more questions. Information
# gain makes the comparison systematic: Background gains almost five times what the mock
# test gains, and the online course almost nothing.

# %%
exam = datasets.load("exam-results")
exam_gains = {name: information_gain(exam, name) for name in exam.schema.names}
for name, gain in exam_gains.items():
    print(f"IG({name:17}) = {gain:.4f}   table (F, P) per value: {contingency(exam, name)}")
assert {name: round(g, 4) for name, g in exam_gains.items()} == {
    "OnlineCourseTaken": 0.0200,
    "Background": 0.5682,
    "MockTest": 0.1163,
}
assert max(exam_gains, key=exam_gains.__getitem__) == "Background"

# %% [markdown]
# Try 1 is the tree ID3 grows when the mock test is the only question it may ask; Try 2 is
# the tree ID3 grows from all three attributes. It opens with Background, as the notes do,
# and under Maths asks the mock test and then the online course, after which no attribute is
# left (the two last leaves hold one pass and one fail each). The online course gains nothing
# at that node, since both of its branches hold one pass and one fail, and ID3 splits on it all
# the same: notebook 4 shows why it must.

# %%
# Alt text: Try 1, the tree grown on the mock test alone (IG = 0.116): the root MockTest [F: 6, P:
#   9] splits into N, a leaf P [F: 1, P: 5], and Y, a leaf F [F: 5, P: 4].
# Alt text: Try 2, ID3's tree on all the attributes (IG of Background = 0.568): Background at the
#   root [F: 6, P: 9]; CSE is a leaf P [F: 0, P: 4], Other a leaf F [F: 4, P: 0], and
#   Maths [F: 2, P: 5] splits on MockTest: N is a leaf P [F: 0, P: 3], Y [F: 2, P: 2]
#   splits on OnlineCourseTaken into two leaves F of [F: 1, P: 1] each, a split that gains
#   nothing.
mock_only = Dataset.from_columns(
    {"MockTest": exam.column("MockTest"), "ExamResult": exam.labels},
    target="ExamResult",
    classes=exam.schema.classes,
)
try_1, try_2 = id3(mock_only), id3(exam)
ax = draw(try_1)
ax.set_title(f"Try 1: the mock test only (IG = {exam_gains['MockTest']:.3f})")
ax = draw(try_2)
ax.set_title(f"Try 2: Background first (IG = {exam_gains['Background']:.3f}), as ID3 chooses")
maths_mock = exam.subset(
    [
        r
        for r in exam.rows
        if (exam.column("Background")[r], exam.column("MockTest")[r]) == ("Maths", "Y")
    ]
)
print(
    "Maths, mock test Y: table (F, P) per online course:",
    contingency(maths_mock, "OnlineCourseTaken"),
)
assert isinstance(try_2, Split)
assert try_2.attribute == "Background"
assert abs(information_gain(maths_mock, "OnlineCourseTaken")) <= TOLERANCE

# %% [markdown]
# ## The proof
#
# Write $p(x, y)$ for the joint relative frequencies of a table, $p(x)$ and $p(y)$ for its
# row and column shares, and sum only over cells with $p(x, y) > 0$.
#
# **IG is the mutual information, and it is symmetric (Lecture 10).** Since
# $p(y) = \sum_x p(x, y)$ and $p(y \mid x) = p(x, y) / p(x)$,
#
# $$H(Y) - H(Y \mid X)
#   = \sum_{x, y} p(x, y) \log \frac{1}{p(y)} - \sum_{x, y} p(x, y) \log \frac{1}{p(y \mid x)}
#   = \sum_{x, y} p(x, y) \log \frac{p(x, y)}{p(x)\, p(y)} = I(X; Y).$$
#
# The last sum does not change when $X$ and $Y$ exchange roles, so by the same steps read
# backwards it is also $H(X) - H(X \mid Y)$. (The notes take the route through
# $p(x \mid y) / p(x) = p(y \mid x) / p(y)$, which is Bayes' theorem; it is the same sum.)
#
# **IG $\ge 0$ (Jensen, or Gibbs' inequality).** Let $Z = p(X)p(Y) / p(X, Y)$ over the cells
# of positive probability. $\log$ is concave, so
#
# $$-I(X; Y) = \mathbb{E}[\log Z] \le \log \mathbb{E}[Z]
#   = \log \sum_{p(x, y) > 0} p(x)\, p(y) \le \log \sum_{x, y} p(x)\, p(y) = \log 1 = 0.$$
#
# Equivalently: $H(Y \mid X) = \sum_x p(x) H(p(\cdot \mid x))$ is an average of the
# entropies of the rows, and since entropy is concave it is at most the entropy of the
# averaged row, $H(\sum_x p(x) p(\cdot \mid x)) = H(Y)$. The picture at the end draws this.
#
# **IG $= 0$ exactly under independence.** $\log$ is strictly concave, so Jensen's inequality
# is an equality only when $Z$ is constant on the cells with $p(x, y) > 0$; the second step
# is an equality only when those cells carry all of $\sum p(x)p(y) = 1$. Together these say
# $p(x, y) = p(x)\, p(y)$ in every cell: the rows of the table are proportional. Conversely,
# independence makes every logarithm $\log 1 = 0$. For counts $n_{xy}$ with row totals
# $n_x$, column totals $n_y$ and total $N$ the condition is $N n_{xy} = n_x n_y$, which is
# also exactly when Pearson's $\chi^2$ statistic of the table is 0.
#
# **IG $\le H(Y)$, with equality exactly when $X$ determines $Y$ (CS 536).** Each
# $H(Y \mid X = x) \ge 0$ (notebook 1), so $H(Y \mid X) \ge 0$ and
# $\mathrm{IG} \le H(Y)$. Equality needs $H(Y \mid X = x) = 0$ for every $x$ with
# $p(x) > 0$: each value of $X$ that occurs goes with one class only, so $X$ determines $Y$
# on the sample.
#
# **Telling 0 from "nearly 0" in floats.** Gains are floats, compared within dtree's
# `TOLERANCE` ($10^{-12}$). That tolerance cannot hide a dependence in a small table: if
# some cell has $N n_{xy} \ne n_x n_y$, the joint and product distributions differ by at
# least $1/N^2$ in that cell, and Pinsker's inequality gives
# $I(X; Y) \ge \tfrac12 (1/N^2)^2$ nats $= 1 / (2 N^4 \ln 2)$ bits, which exceeds
# $10^{-12}$ for every total $N \le 900$. The tables below are far smaller than that.

# %% [markdown]
# ## Two examples of independence: XOR and the restaurant's Type
#
# In the XOR data of Lecture 10 each input alone is independent of the class (its table has
# equal rows), so each gains exactly nothing, although the two together determine it. The
# restaurant's Type is the other classic: every type of restaurant is half Yes, half No.

# %%
xor = datasets.load("xor")
restaurant = datasets.load("restaurant")
for data, name in ((xor, "Z1"), (xor, "Z2"), (restaurant, "Type")):
    table = contingency(data, name)
    print(
        f"{name:4} table {table}  IG = {information_gain(data, name)}  chi^2 = {chi_square(table)}"
    )
    assert chi_square(table) == 0
    assert abs(information_gain(data, name)) <= TOLERANCE
assert mutual_information(contingency(restaurant, "Type")) == 0

# %% [markdown]
# ## Every small case
#
# Every contingency table with 2 outcomes and 2 classes and counts 0 to 3, and with 2
# outcomes and 3 classes or 3 outcomes and 2 classes and counts 0 to 2 (a positive total):
# 1,711 tables. For each: the laws of `dtree.invariants`, the symmetric sum equal to the gain
# both ways, the gain equal to $H(Y)$ exactly when every row is pure, and the gain 0 exactly
# when the rows are proportional (and exactly when $\chi^2 = 0$).

# %%
shapes = ((2, 2, 3), (2, 3, 2), (3, 2, 2))  # outcomes, classes, largest count
small = [
    tuple(tuple(cells[i * k : (i + 1) * k]) for i in range(m))
    for m, k, top in shapes
    for cells in itertools.product(range(top + 1), repeat=m * k)
    if sum(cells) > 0
]
determined = independent = 0
for t in small:
    gain, h = float(impurity_decrease(t)), entropy(class_totals(t))
    assert information_gain_is_nonnegative(t)
    assert information_gain_is_at_most_entropy(t)
    assert mutual_information_is_symmetric(t)
    assert math.isclose(mutual_information(t), gain, abs_tol=TOLERANCE)
    assert math.isclose(mutual_information(transpose(t)), gain, abs_tol=TOLERANCE)
    assert information_gain_is_zero_exactly_under_independence(t)  # N n_xy = n_x n_y
    assert (abs(gain) <= TOLERANCE) == (chi_square(t) == 0)
    assert (abs(gain - h) <= TOLERANCE) == all(is_pure(r) for r in t)
    determined += all(is_pure(r) for r in t)
    independent += chi_square(t) == 0
print(
    len(small),
    "tables checked;",
    determined,
    "determine the class,",
    independent,
    "are independent",
)
assert len(small) == 255 + 728 + 728

# %% [markdown]
# ## Random cases
#
# Hypothesis draws tables with up to 5 outcomes and 5 classes and counts up to 20 (totals up
# to 500, well inside the Pinsker bound above), and weighted datasets, where the gain must be
# $H(Y) - H(Y \mid X)$ computed from the rows and the symmetric sum of their table.


# %%
@given(strategies.tables(max_outcomes=5, max_classes=5, max_count=20))
@settings(deadline=None)
def check_gain_laws(t: tuple[tuple[int, ...], ...]) -> None:
    gain = float(impurity_decrease(t))
    assert information_gain_is_nonnegative(t)
    assert information_gain_is_at_most_entropy(t)
    assert mutual_information_is_symmetric(t)
    assert math.isclose(mutual_information(t), gain, abs_tol=TOLERANCE)
    assert information_gain_is_zero_exactly_under_independence(t)
    assert (abs(gain - entropy(class_totals(t))) <= TOLERANCE) == all(is_pure(r) for r in t)


check_gain_laws()


# %%
@given(strategies.datasets(max_rows=30, weighted=True))
@settings(deadline=None)
def check_gain_of_datasets(data: Dataset) -> None:
    h = entropy(class_counts(data))
    for name in data.schema.names:
        gain = information_gain(data, name)
        assert math.isclose(gain, h - conditional_entropy(data, name), abs_tol=TOLERANCE)
        assert math.isclose(gain, mutual_information(contingency(data, name)), abs_tol=TOLERANCE)
        assert -TOLERANCE <= gain <= h + TOLERANCE


check_gain_of_datasets()

# %% [markdown]
# ## The picture: concavity is the gain
#
# Left: the entropy of a two-class node against its share $p$ of Yes. Humidity sends the 14
# days ($p = 9/14$) to two children with $p = 3/7$ (High) and $p = 6/7$ (Normal), each with
# half the days. The parent's $p$ is the weighted average of the children's, so the
# children's weighted entropy, $H(Y \mid \text{Humidity})$, lies on the chord between them,
# below the curve; the height of the curve above the chord at the parent is the gain.
# Right: the gain of each PlayTennis attribute, with the figures the slides print.

# %%
# Alt text: Two panels. Left: the entropy curve H(p) against p, the share of Yes, with the points
#   of Humidity's children High (p = 3/7) and Normal (p = 6/7) joined by a chord; at the
#   parent's p = 9/14 the curve lies above the chord, and the gap between them, marked by
#   an arrow, is IG = 0.152. Right: a bar per PlayTennis attribute of its information
#   gain: Outlook 0.2467, Temperature 0.0292, Humidity 0.1518 and Wind 0.0481, with the CS
#   760 slides' values for Humidity and Wind (0.151 and 0.048) as diamonds at the tops of
#   their bars.
shares = [i / 200 for i in range(201)]
curve = [entropy((1 - p, p)) for p in shares]
children = [(Fraction(3, 7), Fraction(1, 2)), (Fraction(6, 7), Fraction(1, 2))]  # (p, weight)
parent = sum(p * w for p, w in children)
chord_at_parent = sum(w * entropy((1 - p, p)) for p, w in children)
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
left.plot(shares, curve, color="tab:blue", label="H(p), entropy of a node")
left.plot(
    [float(p) for p, _ in children],
    [entropy((1 - p, p)) for p, _ in children],
    "o--",
    color="tab:orange",
    label="children High, Normal and their chord",
)
left.plot([float(parent)], [entropy((1 - parent, parent))], "o", color="tab:blue")
left.plot([float(parent)], [chord_at_parent], "o", color="tab:orange")
left.annotate(
    "",
    xy=(float(parent), chord_at_parent),
    xytext=(float(parent), entropy((1 - parent, parent))),
    arrowprops={"arrowstyle": "<->", "color": "tab:red"},
)
left.text(
    float(parent) - 0.03,
    chord_at_parent - 0.05,
    f"IG = {tennis_gains['Humidity']:.3f}",
    color="tab:red",
    ha="right",
)
left.set_xlabel("p, the share of Yes")
left.set_ylabel("entropy (bits)")
left.set_title("IG(Humidity): the curve above the chord at p = 9/14")
left.legend(loc="lower center")
names = list(tennis_gains)
right.bar(names, list(tennis_gains.values()), color="tab:blue", label="dtree")
right.plot(["Humidity", "Wind"], [0.151, 0.048], "D", color="tab:red", label="the CS 760 slides")
right.set_ylabel("information gain (bits)")
right.set_title("PlayTennis: IG per attribute")
right.legend()
fig.tight_layout()

# %% [markdown]
# ## Conclusion
#
# The information gain of an attribute is the mutual information of the attribute and the
# class: a symmetric, nonnegative quantity, at most $H(Y)$, equal to $H(Y)$ exactly when
# the attribute determines the class on the sample and to 0 exactly when the two are
# independent there (the rows of the table in proportion, $\chi^2 = 0$). The CS 760
# numbers are the library's, except Humidity's 0.151, which is 0.1515 from three-place
# intermediates; the exact gain is 0.15184. These are the laws
# `information_gain_is_nonnegative`, `information_gain_is_at_most_entropy`,
# `mutual_information_is_symmetric` and `information_gain_is_zero_exactly_under_independence`
# of `dtree.invariants`.

# %%
assert round(h_y, 3) == 0.940
assert round(tennis_gains["Wind"], 3) == round(float(notes_wind), 3) == 0.048
# the notes' 0.1515 cut to three places is 0.151; rounded, it and the exact gain are 0.152
assert math.floor(notes_humidity * 1000) == 151
assert (
    round(notes_humidity, 3) == Fraction(152, 1000) == round(Fraction(tennis_gains["Humidity"]), 3)
)
assert math.isclose(chord_at_parent, conditional_entropy(tennis, "Humidity"), abs_tol=TOLERANCE)
assert math.isclose(
    entropy((1 - parent, parent)) - chord_at_parent, tennis_gains["Humidity"], abs_tol=TOLERANCE
)
assert exam_gains["Background"] > exam_gains["MockTest"] > exam_gains["OnlineCourseTaken"]

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 2.1.** Eight examples, four of each class, and an attribute $A$:
#
# | $A$ | + | − |
# |---|---|---|
# | a | 3 | 1 |
# | b | 1 | 3 |
#
# Compute $H(Y)$, $H(Y \mid A)$ and $\mathrm{IG}(A)$ by hand, in bits.

# %% tags=["hide-input"]
# Answer. H(Y) = H(1/2, 1/2) = 1. Each value of A holds 4 examples split 3 : 1, so
#   H(Y | A = a) = H(Y | A = b) = -(3/4) log2(3/4) - (1/4) log2(1/4) = 2 - (3/4) log2 3 = 0.811,
# and H(Y | A) = 1/2 * 0.811 + 1/2 * 0.811 = 0.811. The gain is 1 - 0.811 = 0.189 bits.
exercise_a = Dataset.from_columns(
    {"A": list("aaaabbbb"), "y": list("+++-+---")}, target="y", classes=("+", "-")
)
print(contingency(exercise_a, "A"), round(information_gain(exercise_a, "A"), 3))
assert entropy(class_counts(exercise_a)) == 1
assert math.isclose(conditional_entropy(exercise_a, "A"), 2 - 3 / 4 * math.log2(3))
assert round(information_gain(exercise_a, "A"), 3) == 0.189
assert math.isclose(information_gain(exercise_a, "A"), impurity_decrease(((3, 1), (1, 3))))

# %% [markdown]
# **Exercise 2.2.** A node holds 6 examples of class + and 2 of class −. A split sends four +
# to one child and the rest, two + and two −, to the other. The second child is *more* impure
# than the parent. Is the gain negative? Compute it, and say why no split can have a negative
# gain.

# %% tags=["hide-input"]
# Answer. H(parent) = H(3/4, 1/4) = 0.811. The children: (4, 0) with entropy 0 and (2, 2)
# with entropy 1, each with half the examples, so H(Y | split) = 1/2 * 0 + 1/2 * 1 = 1/2 and
# the gain is 0.811 - 0.5 = 0.311 > 0. One child may be worse than the parent, but the gain
# compares the parent with the *weighted average* of the children: the parent's share of +,
# 3/4, is the weighted average of the children's, 1 and 1/2, and entropy is concave, so the
# entropy at the average is at least the average of the entropies (Jensen). That is IG >= 0.
before_split, split = (6, 2), ((4, 0), (2, 2))
print(round(entropy(before_split), 3), round(impurity_decrease(split), 3))
assert entropy(split[1]) > entropy(before_split)
assert math.isclose(impurity_decrease(split), entropy(before_split) - Fraction(1, 2))
assert round(impurity_decrease(split), 3) == 0.311

# %% [markdown]
# **Exercise 2.3.** Check the symmetry $I(X; Y) = H(X) - H(X \mid Y)$ by hand on PlayTennis's
# Humidity: the 9 Yes days hold 3 High and 6 Normal, the 5 No days 4 High and 1 Normal.
# Compute $H(\text{Humidity})$, $H(\text{Humidity} \mid \text{PlayTennis})$ and their
# difference, and compare it with $\mathrm{IG}(\text{Humidity}) = 0.152$.

# %% tags=["hide-input"]
# Answer. Humidity is High on 7 days and Normal on 7: H(X) = 1.
#   H(X | Yes) = H(3/9, 6/9) = 0.918,  H(X | No) = H(4/5, 1/5) = 0.722,
#   H(X | Y) = 9/14 * 0.918 + 5/14 * 0.722 = 0.848,  and  1 - 0.848 = 0.152:
# the gain the other way round. In dtree: make Humidity the target and the class an
# attribute; transposing the contingency table swaps the roles too.
play_days = datasets.load("play-tennis")
swapped = Dataset.from_columns(
    {"PlayTennis": play_days.labels, "Humidity": play_days.column("Humidity")}, target="Humidity"
)
by_class = contingency(swapped, "PlayTennis")
h_x_given_y = conditional_entropy(swapped, "PlayTennis")
print(by_class, round(h_x_given_y, 3), round(1 - h_x_given_y, 3))
assert sorted(by_class) == [(3, 6), (4, 1)]
assert round(h_x_given_y, 3) == 0.848
assert math.isclose(1 - h_x_given_y, information_gain(play_days, "Humidity"))
assert by_class == transpose(contingency(play_days, "Humidity"))

# %% [markdown]
# **Exercise 2.4.** Use dtree to find out: on the five Rain days of PlayTennis, what does each
# of Temperature, Humidity and Wind gain, and which does ID3 put under Outlook = Rain?

# %% tags=["hide-input"]
# Answer. The Rain days hold 3 Yes and 2 No, H = 0.971. Wind separates them (Weak: 3 Yes,
# Strong: 2 No), so it gains all 0.971 bits; Temperature and Humidity gain only 0.020.
play = datasets.load("play-tennis")
rain = play.subset(r for r in play.rows if play.example(r)["Outlook"] == "Rain")
rain_gains = {name: round(information_gain(rain, name), 3) for name in rain.schema.names}
print(rain_gains)
assert rain_gains == {"Outlook": 0.0, "Temperature": 0.02, "Humidity": 0.02, "Wind": 0.971}
rain_tree = id3(play)
assert isinstance(rain_tree, Split)
rain_branch = next(b.subtree for b in rain_tree.branches if "Rain" in str(b.condition))
assert isinstance(rain_branch, Split)
assert rain_branch.attribute == "Wind"
