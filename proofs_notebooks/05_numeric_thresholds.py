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
# # 5. Numeric thresholds: the best cut lies at a boundary point
#
# **Claim (Fayyad and Irani, 1992).** Sort the examples of a node by a numeric attribute $A$. A
# threshold $t$ splits them into $A \le t$ and $A > t$; only the pair of adjacent distinct
# values $a < b$ that $t$ falls between matters, so the candidate thresholds are the *cuts*
# between adjacent distinct values. Call the cut between $a$ and $b$ a *boundary point* when
# the examples with value $a$ or $b$ are not all of one and the same class. Then
#
# 1. if the node holds two classes or more, every cut of greatest information gain is a
#    boundary point; and if it holds one class, every cut gains 0;
# 2. the same holds for the Gini index;
# 3. for the misclassification rate, *some* best cut is a boundary point, but not every one.
#
# So a learner need score only the boundary points. That is the CS 760 slides'
# DetermineCandidateNumericSplits: group the examples by value, sort the groups, and make a
# candidate $A \le (v_j + v_{j+1})/2$ for each pair of adjacent groups holding two examples of
# different classes. C4.5 then moves the threshold to "the largest value of $A$ in the entire
# training set that does not exceed the midpoint".
#
# The notes behind this notebook: the CS 760 slides (candidate numeric splits, midpoints and
# C4.5's threshold) and the Decision Trees II notes ("Continuous Attributes", the example of
# lengths 10 to 50 and its thresholds).
#
# In dtree, `dtree.grower.thresholds.boundary_points(values, labels)` gives the pairs $(a, b)$,
# `midpoint(a, b)` and `c45_threshold(a, b, training_values)` the two thresholds,
# `cut_table(values, labels, t, classes)` the class counts on each side of any threshold, and
# `best_cut(...)` the one-scan search that `grow` uses.

# %%
import itertools
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import (
    Dataset,
    Split,
    c45,
    cart,
    datasets,
    entropy,
    gini,
    id3,
    misclassification,
    predict,
    size,
)
from dtree.conditions import AtMostLevel, holds
from dtree.discretize import discretize, entropy_mdl, equal_width, range_names
from dtree.grower.midpoints import c45_threshold, midpoint
from dtree.grower.thresholds import best_cut, boundary_points, cut_table
from dtree.impurity import TOLERANCE, impurity_decrease
from dtree.render import draw, text
from dtree.strategies import GRID
from dtree.tree import nodes as tree_nodes

# %% [markdown]
# ## The Decision Trees II example
#
# Lengths 10 15 21 28 32 40 50 with classes $-\,+\,+\,-\,+\,+\,-$. The notes check the
# thresholds $L < 12.5$, $L < 24.5$ and $L < 45$. The library's candidates, every cut with its
# class counts $(-, +)$ on each side and its gain:

# %%
lengths = [10, 15, 21, 28, 32, 40, 50]
signs = "-++-++-"
classes = "-+"
boundaries = boundary_points(lengths, signs)
candidates = [midpoint(a, b) for a, b in boundaries]
print("boundary points:", boundaries)
print("candidate thresholds:", candidates)
for a, b in itertools.pairwise(lengths):
    t = midpoint(a, b)
    cut = cut_table(lengths, signs, t, classes)
    kind = "boundary" if (a, b) in boundaries else "        "
    print(f"L <= {t:4}  {kind}  left {cut[0]}  right {cut[1]}  IG = {impurity_decrease(cut):.4f}")
assert candidates == [12.5, 24.5, 30.0, 45.0]

# %% [markdown]
# The class changes four times along the sorted lengths, not three: 28 is $-$ and 32 is $+$,
# so the cut at 30 is a boundary point too, by the notes' own rule ("for each ordered pair
# $(x, y)$ with different labels"). The notes' list leaves it out. It is not a misprinted class
# either: no labelling of the seven lengths within one or two changed signs of the printed one
# has exactly the notes' three thresholds; the nearest ones differ in three signs:

# %%
nearest = [
    "".join(labels)
    for labels in itertools.product(classes, repeat=len(lengths))
    if [midpoint(a, b) for a, b in boundary_points(lengths, labels)] == [12.5, 24.5, 45.0]
]
distance = {s: sum(x != y for x, y in zip(s, signs, strict=True)) for s in nearest}
print(distance)
assert min(distance.values()) == 3

# %% [markdown]
# So the complete list is 12.5, 24.5, 30 and 45, and the omission is a slip. It does not change
# the answer: the example is symmetric (reverse the lengths and the signs read the same), so
# 30 gains exactly what its mirror image 24.5 gains, $\approx 0.0202$ bits, and the best cuts
# are 12.5 and 45, $\approx 0.1981$ bits each. dtree takes the first best, 12.5. The omission
# does matter lower down, though: in the tree ID3 grows on the seven lengths, the node
# $12.5 < L \le 45$ (lengths 15 to 40, signs $+\,+\,-\,+\,+$) is split at 24.5 and then
# at 30, the cut the notes leave out.

# %%
gains = {t: impurity_decrease(cut_table(lengths, signs, t, classes)) for t in candidates}
assert abs(float(gains[30.0]) - float(gains[24.5])) <= TOLERANCE
assert abs(float(gains[12.5]) - float(gains[45.0])) <= TOLERANCE
assert round(gains[12.5], 4) == 0.1981
assert round(gains[24.5], 4) == 0.0202
scan = best_cut(
    lengths,
    [classes.index(s) for s in signs],
    [1] * 7,
    criterion="entropy",
    n_classes=2,
    min_side=0,
)
print("best_cut:", scan.cuts)
assert [(c.below, c.above) for c in scan.cuts] == [(10, 15), (40, 50)]
lengths_tree = text(id3(Dataset.from_columns({"L": lengths, "y": list(signs)}, target="y")))
print(lengths_tree)
assert lengths_tree.splitlines()[1].startswith("L <= 12.5 ")
assert "L <= 30 " in lengths_tree

# %% [markdown]
# ## The proof
#
# Fix an impurity $i$ and write a side of a cut by its class counts $n = (n_1, \dots, n_K)$,
# of weight $|n| = \sum_k n_k$. Its *cost* is $G(n) = |n|\, i(n / |n|)$ (and $G(0) = 0$). A cut
# with sides $L$ and $R$ has gain $i(\text{parent}) - (G(L) + G(R)) / W$, so the best cut is
# the one of least cost $C = G(L) + G(R)$.
#
# **$G$ is concave.** $i$ is concave on the simplex (notebook 1), and $G$ is its perspective:
# for counts $n, m$ and $0 \le \lambda \le 1$, with $\mu = \lambda |n| /
# (\lambda |n| + (1 - \lambda) |m|)$,
# $G(\lambda n + (1 - \lambda) m) = (\lambda |n| + (1 - \lambda) |m|)\,
# i\big(\mu \tfrac{n}{|n|} + (1 - \mu) \tfrac{m}{|m|}\big)
# \ge \lambda G(n) + (1 - \lambda) G(m)$.
#
# **Along a run, the cost is concave.** Take a run of consecutive cuts that are not boundary
# points, as long as it goes. Each of them lies between two groups of values whose examples
# all have one class, and adjacent such cuts share a group, so all the groups between them
# hold examples of a single class $k$.
# Moving the cut across them moves $s$ examples of class $k$ from the right to the left:
# $L = L_0 + s\,e_k$ and $R = R_0 - s\,e_k$ for $0 \le s \le m$, where $s = 0$ and $s = m$ are
# the cuts that bound the run. $C(s) = G(L_0 + s e_k) + G(R_0 - s e_k)$ is a sum of concave
# functions of $s$, so it is concave, and on $[0, m]$ it is at least $\min(C(0), C(m))$. (With
# weights, $s$ is the weight moved; nothing else changes.)
#
# **The ends of a run.** Each end is a boundary point or one of the two trivial positions
# (before the smallest value, after the largest), which do not split at all and cost
# $G(\text{parent}) = W\, i(\text{parent})$, no less than any cut (a gain is never negative).
# If both ends are trivial, no cut is a boundary point; then every adjacent pair of groups is
# of one class, so all examples are of one class, and every cut gains 0. Otherwise the end of
# least cost can be taken to be a boundary point, and no cut inside the run costs less: some
# best cut is a boundary point. This proves 3, and the weak form of 1 and 2.
#
# **Strictly, for entropy and Gini.** Along $e_k$ at counts $n$ with $u = |n| + s$ and
# $r = |n| - n_k > 0$ examples of other classes, entropy's cost
# $G = u \log u - \sum_j n_j(s) \log n_j(s)$ has second derivative
# $\frac{1}{u} - \frac{1}{n_k + s} < 0$ (natural logarithms), and Gini's cost
# $G = u - \big((u - r)^2 + \sum_{j \ne k} n_j^2\big)/u = 2r - \big(r^2 + \sum_{j \ne k}
# n_j^2\big)/u$ has second derivative $-2\big(r^2 + \sum_{j \ne k} n_j^2\big)/u^3 < 0$. If the
# node has another class than $k$, some side holds an example of it, and keeps it throughout
# the run (only class $k$ moves), so that side has $r > 0$ all along: its term of $C$ is
# strictly concave, and so is $C$. Every cut inside the run costs strictly more than the
# cheaper end. So every best cut is a boundary
# point. The misclassification cost $G(n) = |n| - \max_j n_j$ is linear wherever the same
# class stays the majority, and a cut inside a run can tie with the best.

# %% [markdown]
# ## Every small case
#
# Every node of examples with values in $\{1, 2, 3, 4\}$ and two classes, 0 or 1 example of each
# class at each value (255 nodes); values in $\{1, 2, 3\}$ and two classes, 0 to 2 examples of
# each (728 nodes); values in $\{1, 2, 3\}$ and three classes, 0 or 1 of each (511). For each,
# every cut is scored by brute force with `cut_table` for entropy (within the tolerance),
# Gini and misclassification (exactly), and compared with the boundary points and with
# `best_cut`.

# %%
impurities = {"entropy": entropy, "gini": gini, "misclassification": misclassification}
nodes = 0
misclassification_ties = []
for k, n_values, most in ((2, 4, 2), (2, 3, 3), (3, 3, 2)):
    cells = list(itertools.product(range(1, n_values + 1), range(k)))
    for counts in itertools.product(range(most), repeat=len(cells)):
        values = [float(v) for (v, _), c in zip(cells, counts, strict=True) for _ in range(c)]
        labels = [y for (_, y), c in zip(cells, counts, strict=True) for _ in range(c)]
        if not values:
            continue
        nodes += 1
        distinct = sorted(set(values))
        boundary = set(boundary_points(values, labels))
        mixed = len(set(labels)) > 1
        assert bool(boundary) == (mixed and len(distinct) > 1)
        for name, impurity in impurities.items():
            scores = {
                (a, b): impurity_decrease(
                    cut_table(values, labels, midpoint(a, b), range(k)), impurity
                )
                for a, b in itertools.pairwise(distinct)
            }
            if not scores:
                continue
            top = max(scores.values())
            slack = TOLERANCE if name == "entropy" else 0
            best = {cut for cut, score in scores.items() if score >= top - slack}
            if not mixed:
                assert top <= slack
                continue
            assert max(scores[cut] for cut in boundary) >= top - slack  # some best is a boundary
            if name == "misclassification":
                if not best <= boundary:
                    misclassification_ties.append((top <= 0, k))
                continue
            assert best <= boundary  # every best cut is a boundary point
            scan = best_cut(
                values, labels, [1] * len(values), criterion=name, n_classes=k, min_side=0
            )
            assert {(c.below, c.above) for c in scan.cuts} <= best
print(
    nodes,
    "nodes checked;",
    len(misclassification_ties),
    "of them have a best misclassification cut inside a run",
)
assert misclassification_ties

# %% [markdown]
# Every one of these ties gains nothing. Why: a concave cost that is least at a point inside a
# run is constant along the whole run, and inside a run of class $k$ the misclassification cost
# is constant only when $k$ is the majority on both sides or the minority on both sides. With
# two classes either makes the cost that of the whole node, so the gain is 0. With three
# classes a tie of positive gain needs $k$ to be the minority on both sides under two
# different majorities, which needs more examples than the small cases hold. The six values
# 1 1 2 3 4 4 with classes a a b b c c are such a case: the cuts are a a | b | b | c c, the
# middle one inside the run of b; every cut lowers the misclassification rate by 1/3, while
# entropy and Gini prefer the two boundary points.

# %%
assert all(gains_nothing for gains_nothing, *_ in misclassification_ties)
tie_values = [1.0, 1.0, 2.0, 3.0, 4.0, 4.0]
tie_labels = ["a", "a", "b", "b", "c", "c"]
print("boundary points:", boundary_points(tie_values, tie_labels))
for low, high in itertools.pairwise(sorted(set(tie_values))):
    cut = cut_table(tie_values, tie_labels, midpoint(low, high), "abc")
    print(
        f"cut {low:g}|{high:g}: table {cut}  entropy {impurity_decrease(cut):.4f}",
        f" gini {impurity_decrease(cut, gini)}  misclassification",
        impurity_decrease(cut, misclassification),
    )
tie = cut_table(tie_values, tie_labels, 2.5, "abc")
assert (2.0, 3.0) not in boundary_points(tie_values, tie_labels)
assert impurity_decrease(tie, misclassification) == Fraction(1, 3)
assert all(
    impurity_decrease(cut_table(tie_values, tie_labels, t, "abc"), misclassification)
    == Fraction(1, 3)
    for t in (1.5, 3.5)
)
assert impurity_decrease(tie, gini) < impurity_decrease(
    cut_table(tie_values, tie_labels, 1.5, "abc"), gini
)

# %% [markdown]
# ## Random cases
#
# Hypothesis draws nodes of up to 30 examples with values on a grid of quarters from $-2$ to
# $2$ (so that equal values are common), up to three classes, and integer weights. The same
# checks: the best gain over all cuts is reached at a boundary point, for entropy and Gini
# only there, and `best_cut` finds it.


# %%
@given(
    st.lists(
        st.tuples(st.sampled_from(GRID), st.integers(0, 2), st.integers(1, 3)),
        min_size=2,
        max_size=30,
    ),
    st.sampled_from(["entropy", "gini"]),
)
@settings(deadline=None)
def check_boundary(rows: list[tuple[float, int, int]], name: str) -> None:
    values = [v for v, _, _ in rows]
    labels = [y for _, y, _ in rows]
    weights = [w for _, _, w in rows]
    impurity = gini if name == "gini" else entropy
    scores = {
        (a, b): impurity_decrease(
            cut_table(values, labels, midpoint(a, b), range(3), weights), impurity
        )
        for a, b in itertools.pairwise(sorted(set(values)))
    }
    boundary = set(boundary_points(values, labels))
    if not scores or not boundary:
        assert all(score <= TOLERANCE for score in scores.values())
        return
    top = max(scores.values())
    slack = TOLERANCE if name == "entropy" else 0
    best = {cut for cut, score in scores.items() if score >= top - slack}
    assert best <= boundary
    scan = best_cut(values, labels, weights, criterion=name, n_classes=3, min_side=0)
    assert {(c.below, c.above) for c in scan.cuts} <= best


check_boundary()

# %% [markdown]
# ## Midpoints and C4.5's thresholds on the numeric weather data
#
# The CS 760 candidates of temperature and humidity at the root, each with its midpoint, C4.5's
# threshold (the largest value in the whole training set not above the midpoint) and its gain.
# At the root the two thresholds give the same partition, since no training value lies
# strictly between $a$ and the midpoint.

# %%
weather = datasets.load("weather-numeric")
numeric = {
    name: [v for v in weather.column(name) if isinstance(v, float)]
    for name in ("temperature", "humidity")
}
assert all(len(column) == len(weather.target) for column in numeric.values())  # none missing
for name, column in numeric.items():
    training_values = sorted(set(column))
    print(name, "values:", training_values)
    for low, high in boundary_points(column, weather.target):
        t = midpoint(low, high)
        gain = impurity_decrease(cut_table(column, weather.target, t, weather.schema.classes))
        print(
            f"   {low:g} | {high:g}   midpoint {t:5}",
            f"  C4.5 {c45_threshold(low, high, training_values):g}   IG {gain:.4f}",
        )
    assert all(  # at the root C4.5's threshold is the lower value: the same partition
        c45_threshold(low, high, training_values) == low
        for low, high in boundary_points(column, weather.target)
    )
humidity = sorted(set(numeric["humidity"]))
assert c45_threshold(80.0, 85.0, humidity) == 80.0

# %% [markdown]
# Below the root the difference shows. Both ID3 and C4.5 split the sunny days on humidity:
# the two that play have humidity 70, the three that do not 85, 90 and 95, so the cut is
# between 70 and 85. The midpoint is 77.5; the
# node holds no value between 70 and 85, but the training set holds 75 (an overcast day), so
# C4.5's threshold is 75, where Weka's J48 puts it too. Both thresholds separate the sunny
# days alike; a new day of humidity 76 goes different ways.

# %%
print(text(id3(weather)))
print(text(c45(weather)))
assert "humidity <= 77.5" in text(id3(weather))
assert "humidity <= 75" in text(c45(weather))
assert c45_threshold(70.0, 85.0, humidity) == 75.0
new_day: dict[str, str | float] = {
    "outlook": "sunny",
    "temperature": 70.0,
    "humidity": 76.0,
    "windy": "FALSE",
}
print("a sunny day of humidity 76: ID3", predict(id3(weather), new_day), " C4.5", end=" ")
print(predict(c45(weather), new_day))
assert (predict(id3(weather), new_day), predict(c45(weather), new_day)) == ("yes", "no")

# %% [markdown]
# ## The pictures
#
# The information gain of every threshold $t$, as a step function (a threshold between two
# adjacent values gives one partition); the boundary points' midpoints are marked in red, the
# other cuts in grey. Left, the Decision Trees II lengths, with the notes' three thresholds and
# the fourth, 30, which they leave out; right, humidity in the numeric weather data. Every
# maximum sits on a red mark. Below, the two trees of the numeric weather data.

# %%
# Alt text: Two panels, each the information gain of the cut x <= t as a step function of the
#   threshold t, red dots at the midpoints of boundary points and grey crosses at the
#   other cuts. Left, the Decision Trees II lengths: the highest gain, 0.1981, is at the
#   boundary points 12.5 and 45, and the two other cuts, 18 and 36, gain only 0.0060.
#   Right, the weather data's humidity: the highest gain, 0.1518, is at the boundary point
#   82.5; every cut that is not a boundary point (77.5 and 93) gains less than the best.
fig, axes = plt.subplots(1, 2, figsize=(12, 4))
panels: list[tuple[str, list[float], list[object], list[object]]] = [
    ("Decision Trees II lengths", [float(x) for x in lengths], list(signs), list(classes)),
    (
        "numeric weather data: humidity",
        numeric["humidity"],
        list(weather.target),
        list(weather.schema.classes),
    ),
]
for ax, (title, xs, ys, names) in zip(axes, panels, strict=True):
    distinct = sorted(set(xs))
    marks = [midpoint(a, b) for a, b in itertools.pairwise(distinct)]
    ig = [impurity_decrease(cut_table(xs, ys, t, names)) for t in marks]
    ax.stairs(ig, distinct, color="0.4", label="IG of x <= t")
    on_boundary = {midpoint(a, b) for a, b in boundary_points(xs, ys)}
    ax.scatter(
        [t for t in marks if t in on_boundary],
        [g for t, g in zip(marks, ig, strict=True) if t in on_boundary],
        color="tab:red",
        zorder=3,
        label="boundary point (midpoint)",
    )
    ax.scatter(
        [t for t in marks if t not in on_boundary],
        [g for t, g in zip(marks, ig, strict=True) if t not in on_boundary],
        color="0.6",
        marker="x",
        zorder=3,
        label="other cut",
    )
    ax.set_xlabel("threshold t")
    ax.set_ylabel("information gain (bits)")
    ax.set_title(title)
    ax.set_ylim(0, 1.3 * max(float(g) for g in ig))  # room for the legend above the steps
    ax.legend(loc="upper center", ncol=3, fontsize=8)
fig.tight_layout()

# %%
# Alt text: The trees of ID3 and C4.5 on the numeric weather data, side by side and alike but for
#   one threshold: outlook at the root, overcast a leaf yes [yes: 4, no: 0], rainy split
#   on windy, sunny split on humidity, at the midpoint 77.5 in ID3's tree and at the
#   training value 75 in C4.5's, each branch ending in a pure leaf.
fig, axes = plt.subplots(1, 2, figsize=(14, 4))
for ax, tree, title in zip(
    axes, [id3(weather), c45(weather)], ["ID3 (midpoints)", "C4.5 (training values)"], strict=True
):
    draw(tree, ax)
    ax.set_title(title)
fig.tight_layout()

# %% [markdown]
# ## Ranges in advance: the entropy method with its MDL rule
#
# The notes' other way with a numeric attribute: "discretize in advance into ranges".
# Fayyad and Irani cut where the class entropy left is least (a boundary point, by the
# theorem above) and go on cutting each part while the gain exceeds the cost of describing
# the cut, $\log_2(N - 1)/N + \Delta/N$. On the seven lengths no cut pays for itself;
# on the 150 iris flowers petal length falls into three ranges, one per species in the
# main. Every cut point the method accepts is a boundary point, on random data too.

# %%
notes_lengths = Dataset.from_columns(
    {"L": [10, 15, 21, 28, 32, 40, 50], "y": list("-++-++-")}, target="y"
)
iris = datasets.load("iris")
iris_cuts = entropy_mdl(iris)
print("the notes' lengths:", entropy_mdl(notes_lengths))
for name, points in iris_cuts.items():
    print(f"iris {name:12}", range_names(points))
assert entropy_mdl(notes_lengths) == {"L": ()}
assert iris_cuts["petal_length"] == (2.45, 4.75)
ranged = discretize(iris, iris_cuts)
print(text(id3(ranged, max_depth=2)))


# %%
@given(st.lists(st.tuples(st.sampled_from(GRID), st.sampled_from("abc")), min_size=2, max_size=30))
@settings(deadline=None)
def check_mdl_cuts_are_boundary_points(rows: list[tuple[float, str]]) -> None:
    data = Dataset.from_columns({"x": [x for x, _ in rows], "y": [y for _, y in rows]}, target="y")
    between = {
        midpoint(a, b) for a, b in boundary_points([x for x, _ in rows], [y for _, y in rows])
    }
    assert set(entropy_mdl(data)["x"]) <= between


check_mdl_cuts_are_boundary_points()

# %% [markdown]
# ## Ordered ranges: ordinal attributes
#
# Ranges are ordered, as the numbers were, and the CART notes of Breiman et al. treat an
# ordered variable as they treat a number: its splits are $x \le$ level / $x >$ level, so $m$
# distinct levels give $m - 1$ candidate splits (against $2^{m-1} - 1$ subsets of a nominal
# one, or one multiway split). `discretize(data, cuts, ordered=True)` makes each range
# attribute ordinal. Read as nominal, ID3 splits petal width three ways, empty branches and
# all; read as ordinal, it splits petal length at its first range and petal width at its
# second, which are the thresholds 2.45 and 1.75 that CART finds on the numbers, and the tree
# is smaller.

# %%
ordered_ranges = discretize(iris, iris_cuts, ordered=True)
print(ordered_ranges.schema.attribute("petal_length").domain)
ordinal_tree = id3(ordered_ranges)
nominal_tree = id3(ranged)
print(text(id3(ordered_ranges, max_depth=2)))
print("ID3 on ordinal ranges:", size(ordinal_tree), "nodes; on nominal ranges:", size(nominal_tree))
assert isinstance(ordinal_tree, Split)
assert ordinal_tree.branches[0].condition == AtMostLevel(
    "petal_length", "<= 2.45", range_names(iris_cuts["petal_length"])
)
assert size(ordinal_tree) < size(nominal_tree)

# %% [markdown]
# A split of ordinal ranges is a threshold on the number at a cut point: $x \le$ the $k$-th
# range holds exactly where $x \le c_k$. Hypothesis checks it at every split of CART's tree on
# the ordinal ranges of random data, cut into three ranges of equal width.


# %%
@given(st.lists(st.tuples(st.sampled_from(GRID), st.sampled_from("abc")), min_size=2, max_size=30))
@settings(deadline=None)
def check_ordinal_ranges_cut_at_cut_points(rows: list[tuple[float, str]]) -> None:
    data = Dataset.from_columns({"x": [x for x, _ in rows], "y": [y for _, y in rows]}, target="y")
    points = equal_width(data, 3)["x"]
    ordinal = discretize(data, {"x": points}, ordered=True)
    for node in tree_nodes(cart(ordinal)):
        if isinstance(node, Split):
            at_most = node.branches[0].condition
            assert isinstance(at_most, AtMostLevel)
            cut = points[at_most.levels.index(at_most.level)]
            for row in data.rows:
                x = data.columns[0][row]
                assert isinstance(x, float)
                assert holds(at_most, ordinal.example(row)) == (x <= cut)


check_ordinal_ranges_cut_at_cut_points()

# %% [markdown]
# ## Conclusion
#
# Along a run of cuts that moves examples of one class, the cost of a split is concave for every
# impurity and strictly concave for entropy and Gini, so the best threshold for entropy or Gini
# is always at a boundary point (Fayyad and Irani), and for the misclassification rate some best
# threshold is. Scoring only the boundary points, as DetermineCandidateNumericSplits and
# `best_cut` do, loses nothing. The Decision Trees II example has four boundary points, 12.5,
# 24.5, 30 and 45; the notes omit 30, which gains exactly what 24.5 gains, and the best cuts
# are 12.5 and 45 either way. C4.5 moves a midpoint down to a training value: 77.5 becomes 75
# on the sunny days of the numeric weather data. Cutting into ranges in advance, Fayyad and
# Irani's entropy method cuts only at boundary points too, and its MDL rule keeps iris's
# petal length to three ranges. Read as ordinal, the ranges are split in order, each split a
# threshold at a cut point, and ID3's tree on them is smaller than on nominal ranges.

# %%
assert candidates == [12.5, 24.5, 30.0, 45.0]
assert max(gains, key=gains.__getitem__) == 12.5
assert c45_threshold(70.0, 85.0, humidity) == 75.0
assert midpoint(70.0, 85.0) == 77.5
assert size(ordinal_tree) < size(nominal_tree)

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 5.1.** Six examples of a numeric attribute $x$:
#
# | $x$ | 1 | 2 | 3 | 4 | 5 | 6 |
# |---|---|---|---|---|---|---|
# | class | + | + | − | − | − | + |
#
# List the boundary points and their midpoints, compute the information gain of each
# midpoint by hand, and compare with the non-boundary cut $x \le 3.5$.

# %% tags=["hide-input"]
# Answer. The class changes between 2 and 3 and between 5 and 6: candidates 2.5 and 5.5.
# H(Y) = 1 (three of each).
#   x <= 2.5: left (2+, 0-) pure; right (1+, 3-), H = 0.811, weight 4/6:
#             IG = 1 - 4/6 * 0.811 = 0.459.
#   x <= 5.5: left (2+, 3-), H = 0.971, weight 5/6; right (1+) pure:
#             IG = 1 - 5/6 * 0.971 = 0.191.
#   x <= 3.5: (2+, 1-) and (1+, 2-), each H = 0.918: IG = 1 - 0.918 = 0.082, less than the
#             boundary point 2.5 beside it, as the theorem says.
# The best cut is 2.5.
x_values, x_classes = [1, 2, 3, 4, 5, 6], "++---+"
cut_gains = {
    t: round(impurity_decrease(cut_table(x_values, x_classes, t, "+-")), 3) for t in (2.5, 3.5, 5.5)
}
print(boundary_points(x_values, x_classes), cut_gains)
assert [midpoint(a, b) for a, b in boundary_points(x_values, x_classes)] == [2.5, 5.5]
assert cut_gains == {2.5: 0.459, 3.5: 0.082, 5.5: 0.191}
assert cut_table(x_values, x_classes, 2.5, "+-") == ((2, 0), (1, 3))

# %% [markdown]
# **Exercise 5.2.** A nominal attribute is tested at most once on a path of an ID3 tree. Why
# may a numeric attribute be tested again and again? How many tests on $L$ does the longest
# path of ID3's tree of the seven lengths (10 15 21 28 32 40 50, classes $-\,+\,+\,-\,+\,+\,-$)
# make?

# %% tags=["hide-input"]
# Answer. Below a test "A = v" every example has A = v, so A separates nothing there. Below a
# test "L <= t" the examples still take many values of L, and a second cut can separate them:
# an interval is cut again and again. On the seven lengths every test is on L: 12.5, then 45,
# then 24.5, then 30, four tests on the path to the leaf of 28.
seven = Dataset.from_columns({"L": [10, 15, 21, 28, 32, 40, 50], "y": list("-++-++-")}, target="y")
lengths_tree_text = text(id3(seven))
print(lengths_tree_text)
longest = max(line.count("|") for line in lengths_tree_text.splitlines()) + 1
assert longest == 4
assert all("L " in line for line in lengths_tree_text.splitlines()[1:])

# %% [markdown]
# **Exercise 5.3.** C4.5 moves a threshold down from the midpoint to the largest training
# value at or below it. Give a node where this makes no difference to the training examples
# but does to a new one, and say why the training examples can never tell the two apart.

# %% tags=["hide-input"]
# Answer. At a node whose examples have adjacent values a < b (no example of the node lies
# strictly between them), both "x <= (a + b)/2" and "x <= t" with a <= t < b send every
# example of the node the same way: the values at or below a go left, the rest right. They
# differ only on values in (t, (a + b)/2], which no training example at the node has. The
# numeric weather's sunny days: a = 70, b = 85, the midpoint 77.5 and C4.5's 75 (a value
# another training day has); a new day of humidity 76 goes left under ID3 and right under
# C4.5.
sunny_humidity = [70.0, 70.0, 85.0, 90.0, 95.0]
every_humidity = sorted(
    {v for v in datasets.load("weather-numeric").column("humidity") if isinstance(v, float)}
)
assert c45_threshold(70.0, 85.0, every_humidity) == 75.0
assert all((h <= 77.5) == (h <= 75.0) for h in sunny_humidity)
assert midpoint(70.0, 85.0) >= 76.0 > c45_threshold(70.0, 85.0, every_humidity)

# %% [markdown]
# **Exercise 5.4.** Use dtree to find out: into how many ranges does Fayyad and Irani's
# entropy method cut each of iris's four measurements, and where does it cut petal width?

# %% tags=["hide-input"]
# Answer. Every measurement gets two cuts, three ranges. Petal width is cut at 0.8 and 1.75:
# below 0.8 the setosas, from 1.75 up nearly all virginicas.
ranges = entropy_mdl(datasets.load("iris"))
print(
    {name: len(points) + 1 for name, points in ranges.items()}, range_names(ranges["petal_width"])
)
assert all(len(points) == 2 for points in ranges.values())
assert ranges["petal_width"] == (0.8, 1.75)
