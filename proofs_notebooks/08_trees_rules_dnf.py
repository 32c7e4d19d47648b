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
# # 8. Trees, rules and DNF
#
# **Claim.** Over Boolean features,
#
# 1. a decision tree *is* a formula in disjunctive normal form: the tree predicts class $c$
#    exactly when the example satisfies $\bigvee_{\text{paths } \pi \text{ to a } c\text{-leaf}}
#    \bigwedge_{\text{tests } \ell \in \pi} \ell$;
# 2. every Boolean function $f : \{0, 1\}^k \to \{0, 1\}$ is computed by a decision tree,
#
# so trees are exactly as expressive as Boolean functions (the CS 536 notes). A DNF of a tree is
# rarely the shortest one: a *minimum* DNF has the fewest terms, then the fewest literals.
# Finally, a tree read as rules, one per path (the Decision Trees II notes), can be pruned rule by
# rule, and erasing a condition from a rule reaches rules that no pruning of the tree contains.
#
# The notes behind this notebook: the CS 536 notes (trees as nested ifs, paths as conjunctions,
# "decision trees are potentially as expressive as boolean functions"), the CS 760 slides (the
# exercise $Y = X_2 X_5$, $Y = X_2 \vee X_5$, $Y = X_2 X_5 \vee X_3 \neg X_1$) and the Decision
# Trees II notes (trees as rules; pruning at the rules level, "rules are generalized by erasing a
# condition").

# %%
import itertools
import math
from fractions import Fraction

import matplotlib.pyplot as plt
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree import Dataset, depth, id3, n_leaves, predict, size
from dtree.conditions import Equals
from dtree.datasets import load
from dtree.dnf import (
    dnf_of,
    equivalent,
    evaluate,
    format_dnf,
    minimize,
    parse_dnf,
    prime_implicants,
    tree_of,
    truth_table,
)
from dtree.invariants import (
    dnf_agrees_with_tree,
    minimum_dnf_is_equivalent_and_prime,
    minimum_dnf_is_no_larger,
    rules_agree_with_tree,
    tree_of_computes_formula,
)
from dtree.prune import added_errors, prunings
from dtree.render import draw, text
from dtree.rules import (
    Rule,
    describe_rule,
    generalize,
    pessimistic_error,
    predict_rules,
    prune_rules,
    rules_of,
)
from dtree.strategies import consistent_datasets

# %% [markdown]
# ## A tree is a DNF: PlayTennis
#
# ID3's PlayTennis tree, and for each class the disjunction of its paths. Each path is a
# conjunction of tests, read from the root; the Decision Trees II notes' two rules,
# "(outlook = sunny) and (humidity = normal) then YES" and "(outlook = rain) and (wind = strong)
# then NO", are two of its five paths.

# %%
# Alt text: ID3's PlayTennis tree, five root-to-leaf paths that are the five rules printed above:
#   Outlook at the root; Overcast a leaf Yes; Rain split on Wind, Strong No and Weak Yes;
#   Sunny split on Humidity, High No and Normal Yes.
tennis = load("play-tennis")
tennis_tree = id3(tennis)
print(text(tennis_tree))
for label in tennis.schema.classes:
    print(f"PlayTennis = {label}  <=>  {format_dnf(dnf_of(tennis_tree, label))}")
tennis_rules = [describe_rule(rule).split("  ")[0] for rule in rules_of(tennis_tree)]
print(*tennis_rules, sep="\n")
assert "if Outlook = Sunny and Humidity = Normal then Yes" in tennis_rules
assert "if Outlook = Rain and Wind = Strong then No" in tennis_rules
ax = draw(tennis_tree)
ax.set_title("ID3 on PlayTennis: five paths, five rules")

# %% [markdown]
# ## The proof
#
# **A tree is a DNF.** A split on a nominal attribute has one branch per value in the
# attribute's domain (both values, for a Boolean feature), so its branch conditions are mutually
# exclusive and cover the domain. So an example with no missing value and no value outside the
# domains follows exactly one path $\pi$ from the root to a leaf, and it satisfies that path's
# conjunction $\bigwedge_{\ell \in \pi} \ell$ and no other path's: at the node where another
# path leaves $\pi$, the example satisfies $\pi$'s branch and so fails the other's. The tree
# predicts $c$ exactly when that one path ends in a $c$-leaf, that is exactly when the example
# satisfies one term of $D_c = \bigvee_{\pi \to c} \bigwedge_{\ell \in \pi} \ell$. (A leaf
# alone is $D_c = \text{True}$, one empty term, or $\text{False}$, no term.) This is
# `dnf_of(tree, c)`, and its law is `dnf_agrees_with_tree`.
#
# **Every Boolean function is a tree** (induction on the number $n$ of variables that $f$
# depends on). If $n = 0$, $f$ is constant: a leaf. Otherwise pick a variable $x$ that $f$
# depends on and write Shannon's expansion
#
# $$f = \bar{x}\, f|_{x=0} \;\vee\; x\, f|_{x=1}.$$
#
# Each restriction $f|_{x=b}$ depends on at most the $n - 1$ other variables, so by induction it
# is a tree $T_b$; the split on $x$ with branches $x = 0 \to T_0$ and $x = 1 \to T_1$ computes
# $f$. The tree tests each variable at most once on a path, so its depth is at most $k$. This is
# `tree_of(dnf)`; its law is `tree_of_computes_formula`.
#
# Together: trees over $k$ Boolean variables compute exactly the $2^{2^k}$ Boolean functions.
# The CS 536 notes reach the second half through the DNF of $f$ (a tree can test, path by path,
# the variables of each term); the induction above is the same idea without having to merge
# overlapping terms.

# %% [markdown]
# ## The CS 760 exercises
#
# $X_1, \dots, X_5$ are Boolean and so is $Y$. For each formula: its Shannon tree, drawn; on all
# $2^5 = 32$ assignments, the tree, the formula and its truth table agree; the tree's own DNF is
# equivalent to the formula, and minimizing it gives the formula back. ID3, given the 32-row truth
# table as training data, learns a tree of the same function.

# %%
names = ("X1", "X2", "X3", "X4", "X5")
exercises = ["X2 & X5", "X2 | X5", "X2 & X5 | X3 & ~X1"]
assignments = [assignment for assignment, _ in truth_table((), names)]
exercise_trees = {}
for formula in exercises:
    f = parse_dnf(formula)
    tree = tree_of(f, variables=names)
    exercise_trees[formula] = tree
    table = truth_table(f, names)
    assert len(table) == 32
    for assignment, value in table:
        assert evaluate(f, assignment) is value
        assert (predict(tree, assignment) == "1") is value
        assert dnf_agrees_with_tree(tree, "1", assignment)
        assert dnf_agrees_with_tree(tree, "0", assignment)
    tree_dnf = dnf_of(tree, "1")
    assert equivalent(tree_dnf, f)
    assert tree_of_computes_formula(f)
    assert minimize(tree_dnf) == minimize(f)
    assert equivalent(minimize(f), f)
    assert (len(minimize(f)), sum(map(len, minimize(f)))) == (len(f), sum(map(len, f)))
    columns: dict[str, list[str]] = {x: [a[x] for a, _ in table] for x in names}
    columns["Y"] = ["1" if value else "0" for _, value in table]
    learned = id3(Dataset.from_columns(columns, target="Y", classes=("0", "1")))
    assert all((predict(learned, a) == "1") is value for a, value in table)
    print(f"Y = {formula}")
    print(f"  the tree's DNF: {format_dnf(tree_dnf)}")
    print(f"  minimized:      {format_dnf(minimize(tree_dnf))}")
    print(f"  Shannon tree: size {size(tree)}, depth {depth(tree)};", end=" ")
    print(f"ID3's tree: size {size(learned)}, depth {depth(learned)}")

# %% [markdown]
# The trees, as drawn by the library. In the third the Shannon expansion splits on $X_1$ first,
# the first variable in name order: under $X_1 = 1$ only $X_2 X_5$ is left, under $X_1 = 0$ the
# whole of $X_2 X_5 \vee X_3$.

# %%
# Alt text: The tree of Y = X2 & X5: X2 at the root, X2 = 0 a leaf 0 [0: 16, 1: 0], X2 = 1 split
#   on X5 into a leaf 0 and a leaf 1, 5 nodes.
# Alt text: The tree of Y = X2 | X5: X2 at the root, X2 = 1 a leaf 1 [0: 0, 1: 16], X2 = 0 split
#   on X5 into a leaf 0 and a leaf 1, 5 nodes.
# Alt text: The tree of Y = X2 & X5 | X3 & ~X1, 15 nodes and depth 4: X1 at the root, then X2 on
#   both sides; with X1 = 0 the tree tests X3 (and X5 under X2 = 1, X3 = 0), with X1 = 1
#   it tests X5 under X2 = 1; its leaves of class 1 give a DNF of four terms where the
#   minimum has two.
for formula, tree in exercise_trees.items():
    ax = draw(tree)
    ax.set_title(f"Y = {formula}")

# %% [markdown]
# ## Minimum DNFs, against every DNF
#
# A tree's DNF repeats itself: the Shannon tree of $X_2 X_5 \vee X_3 \neg X_1$ has a term per
# leaf of class 1, where two terms suffice. `minimize` finds a DNF of fewest terms, then fewest
# literals (Quine-McCluskey's prime implicants, then an exact cover). Here it is checked against
# brute force over *every* DNF on three variables $a, b, c$.
#
# A term fixes each variable to 0, to 1, or leaves it free: $3^3 = 27$ terms (the empty one is
# True). Every function of three variables has a DNF of at most 4 terms: in Shannon's expansion
# $f = \bar a\, f|_{a=0} \vee a\, f|_{a=1}$ each restriction is a function of two variables,
# which has a DNF of at most 2 terms ($\bar b\, g|_{b=0} \vee b\, g|_{b=1}$, each restriction
# a constant or a literal). So a minimum DNF never has more than 4 terms (the parity
# $a \oplus b \oplus c$ needs exactly 4), and the $\sum_{r \le 4} \binom{27}{r} = 20{,}854$
# sets of at most 4 terms hold a minimum DNF of every function; the brute force below indeed
# reaches all 256. A DNF is evaluated through its terms' truth tables (bit $m$ is the value at
# assignment $m$ in binary counting order), so the brute force shares nothing with `minimize`
# but `parse_dnf` and `truth_table`.

# %%
abc = ("a", "b", "c")
term_texts = [
    " & ".join(part for part in parts if part) or "1"
    for parts in itertools.product(*[("", v, "~" + v) for v in abc])
]
terms = [parse_dnf(t)[0] for t in term_texts]
term_tables = [sum(1 << m for m, (_, v) in enumerate(truth_table((t,), abc)) if v) for t in terms]
cheapest: dict[int, tuple[int, int]] = {}  # a function's table -> (terms, literals) of its best
for r in range(5):
    for chosen in itertools.combinations(range(len(terms)), r):
        table_bits = 0
        for i in chosen:
            table_bits |= term_tables[i]
        cost = (r, sum(len(terms[i]) for i in chosen))
        if cost < cheapest.get(table_bits, (math.inf, math.inf)):
            cheapest[table_bits] = cost
print(len(terms), "terms;", len(cheapest), "functions reached by DNFs of at most 4 terms")
assert len(terms) == 27
assert len(cheapest) == 2**2**3

# %% [markdown]
# Now every one of the 256 functions, written as its DNF of minterms (one full term per
# assignment where it is true): `minimize` reaches the brute-force cost; its result is
# equivalent and made of prime implicants; and the DNF of the function's Shannon tree is never
# smaller.

# %%
rows = [assignment for assignment, _ in truth_table((), abc)]
minterm_texts = [" & ".join(v if row[v] == "1" else "~" + v for v in abc) for row in rows]
minimum_terms = []
tree_terms = []
for function in range(2**2**3):
    f = parse_dnf(" | ".join(t for m, t in enumerate(minterm_texts) if function >> m & 1) or "0")
    minimum = minimize(f)
    minimum_table = sum(1 << m for m, (_, v) in enumerate(truth_table(minimum, abc)) if v)
    assert minimum_table == function
    assert (len(minimum), sum(map(len, minimum))) == cheapest[function]
    assert minimum_dnf_is_equivalent_and_prime(f)
    assert set(minimum) <= set(prime_implicants(f))
    shannon = dnf_of(tree_of(f, variables=abc), "1")
    assert minimum_dnf_is_no_larger(f, shannon)
    assert minimum_dnf_is_no_larger(f, f)
    minimum_terms.append(len(minimum))
    tree_terms.append(len(shannon))
print("terms of the minimum DNF: ", {t: minimum_terms.count(t) for t in sorted(set(minimum_terms))})
print("terms of the Shannon tree:", {t: tree_terms.count(t) for t in sorted(set(tree_terms))})
parity = parse_dnf(" | ".join(t for t in minterm_texts if t.count("~") % 2 == 0))
print("a XOR b XOR c (as 'even number of zeros'):", format_dnf(minimize(parity)))
assert len(minimize(parity)) == 4

# %% [markdown]
# The picture: for each of the 256 functions, the terms of its Shannon tree's DNF (one per leaf
# of class 1) against the terms of its minimum DNF. Points on the diagonal are functions whose
# tree is already as short as a DNF can be; the rest are above it.

# %%
# Alt text: A bubble chart of the 256 Boolean functions of 3 variables: the terms of the minimum
#   DNF (0 to 4) across, the terms of the Shannon tree's DNF up, each bubble's area and
#   label the number of functions. 1, 27, 90, 68 and 10 functions lie on the dashed
#   diagonal, where the tree's DNF is as short as the minimum; the other 60 lie one term
#   above it, 40 with a minimum of 2 terms and 20 with a minimum of 3, and none further.
pairs = sorted(set(zip(minimum_terms, tree_terms, strict=True)))
fig, ax = plt.subplots(figsize=(5.5, 4.5))
ax.scatter(
    [p[0] for p in pairs],
    [p[1] for p in pairs],
    s=[12 * sum(1 for q in zip(minimum_terms, tree_terms, strict=True) if q == p) for p in pairs],
    alpha=0.6,
)
for point in pairs:
    count = list(zip(minimum_terms, tree_terms, strict=True)).count(point)
    ax.annotate(str(count), point, ha="center", va="center")
ax.plot([0, 4], [0, 4], color="grey", linestyle="--", label="as short as the minimum")
ax.set_xticks(range(5))
ax.set_yticks(range(5))
ax.set_xlim(-0.5, 4.5)
ax.set_ylim(-0.5, 4.5)
ax.set_xlabel("terms of the minimum DNF")
ax.set_ylabel("terms of the Shannon tree's DNF (leaves of class 1)")
ax.set_title("The 256 functions of 3 variables (area: how many)")
ax.legend(loc="upper left")
fig.tight_layout()

# %% [markdown]
# ## Random cases
#
# Hypothesis draws a function of four variables (its 16-bit truth table): its Shannon tree
# computes it and its own DNF is equivalent to the function, and the minimum DNF is equivalent,
# prime, and no larger than the tree's DNF. It also draws consistent datasets: ID3's tree, read as
# rules (in the tree's order and reversed: the paths are exclusive, so order does not matter) or
# as a DNF per class, predicts what the tree predicts on every row.

# %%
abcd = ("a", "b", "c", "d")
four_rows = [assignment for assignment, _ in truth_table((), abcd)]
four_minterms = [" & ".join(v if row[v] == "1" else "~" + v for v in abcd) for row in four_rows]


@given(st.integers(min_value=0, max_value=2**16 - 1))
@settings(deadline=None)
def check_every_function_is_a_tree_and_a_minimum_dnf(function: int) -> None:
    f = parse_dnf(" | ".join(t for m, t in enumerate(four_minterms) if function >> m & 1) or "0")
    tree = tree_of(f, variables=abcd)
    assert depth(tree) <= len(abcd)
    for m, assignment in enumerate(four_rows):
        assert (predict(tree, assignment) == "1") is bool(function >> m & 1)
    assert equivalent(dnf_of(tree, "1"), f)
    assert minimum_dnf_is_equivalent_and_prime(f)
    assert minimum_dnf_is_no_larger(f, dnf_of(tree, "1"))


@given(consistent_datasets(max_rows=12, max_attributes=3, max_values=3))
@settings(deadline=None)
def check_rules_and_dnf_agree_with_the_tree(data: Dataset) -> None:
    tree = id3(data)
    examples = data.examples()
    assert rules_agree_with_tree(tree, examples)
    assert rules_agree_with_tree(tree, examples, rules=rules_of(tree)[::-1])
    for example in examples:
        for label in data.schema.classes:
            assert dnf_agrees_with_tree(tree, label, example)


check_every_function_is_a_tree_and_a_minimum_dnf()
check_rules_and_dnf_agree_with_the_tree()

# %% [markdown]
# ## Rules, and pruning them
#
# C4.5rules prunes each rule on its own: it erases a condition while the rule's *pessimistic
# error* does not rise. That error is $U_{CF}(E, N)$, the upper limit at confidence
# $CF = 25\%$ of the error rate of a rule that covers $N$ training examples, $E$ of them of
# another class. Take the rule "Outlook = Sunny and Humidity = Normal → Yes". It covers D9 and
# D11, both Yes: $N = 2$, $E = 0$, and with no error the limit is exact,
# $U_{0.25}(0, 2) = 1 - 0.25^{1/2} = 0.5$. Erase "Outlook = Sunny" and it covers the seven days of
# normal humidity, six of them Yes (D6 is the exception): $N = 7$, $E = 1$, and the limit drops to
# about a third. Erasing "Humidity = Normal" instead leaves "Outlook = Sunny → Yes", which covers
# five days, three of them No: far worse. So the rule is generalized to "Humidity = Normal → Yes".

# %%
sunny_normal = rules_of(tennis_tree)[-1]
print(describe_rule(sunny_normal))
assert sunny_normal.conditions == (Equals("Outlook", "Sunny"), Equals("Humidity", "Normal"))
general = generalize(sunny_normal, lambda rule: pessimistic_error(rule, tennis))
print(describe_rule(general).split("  ")[0])
assert general.conditions == (Equals("Humidity", "Normal"),)
before = pessimistic_error(sunny_normal, tennis)
after = pessimistic_error(general, tennis)
sunny_only = pessimistic_error(Rule((Equals("Outlook", "Sunny"),), "Yes"), tennis)
print(f"pessimistic error: {before:.4f} -> {after:.4f} (Outlook = Sunny -> Yes: {sunny_only:.4f})")
assert math.isclose(before, 1 - 0.25**0.5)
assert before == 0.5
assert round(after, 2) == 0.34
assert sunny_only > before

# %% [markdown]
# *Three readings of $U_{0.25}(1, 7)$.* The notes quote no number for this step; the limit
# itself can be read in three ways, which round to 0.33 or 0.34. With one error or more, C4.5
# does not invert the binomial: it uses the normal approximation with continuity correction,
#
# $$U = \frac{E + \tfrac12 + \tfrac{z^2}{2} + z\sqrt{(E + \tfrac12)(1 - \tfrac{E + 1/2}{N})
#   + \tfrac{z^2}{4}}}{N + z^2},$$
#
# with $z$ for $CF = 25\%$ taken from C4.5's own table (0.69), which is what `pessimistic_error`
# does; Weka's J48 uses the exact normal quantile $z = 0.6745$ instead. The exact binomial limit,
# the $p$ with $P(\text{at most 1 error in 7} \mid p) = 0.25$, is found below by bisection.

# %%
c45_z = (1 + added_errors(7, 1)) / 7
weka_z = (1 + added_errors(7, 1, z="normal")) / 7
low, high = 0.0, 1.0
for _ in range(60):
    p = (low + high) / 2
    low, high = (p, high) if (1 - p) ** 7 + 7 * p * (1 - p) ** 6 > 0.25 else (low, p)
print(
    f"U(1, 7): C4.5's z table {c45_z:.4f}, exact normal quantile {weka_z:.4f}, binomial {low:.4f}"
)
assert math.isclose(c45_z, after)
assert round(weka_z, 2) == 0.33
assert round(c45_z, 2) == 0.34
assert round(low, 2) == 0.34

# %% [markdown]
# Rounded to two places, 0.33 is the exact-quantile (J48) figure; C4.5's table and the binomial
# itself give 0.34. Either way the erased rule is much less pessimistic than the original, which
# is all the pruning step asks.
#
# `prune_rules` does this for every rule, drops rules subsumed by another of the same class, and
# orders the classes by their false positives. The pruned set still classifies all fourteen
# days correctly.

# %%
pruned = prune_rules(rules_of(tennis_tree), tennis)
for rule in pruned.rules:
    print(describe_rule(rule))
print("default:", pruned.default)
assert Equals("Humidity", "Normal") in [c for rule in pruned.rules for c in rule.conditions]
assert any(rule.conditions == (Equals("Humidity", "Normal"),) for rule in pruned.rules)
assert all(
    predict_rules(pruned, e) == y for e, y in zip(tennis.examples(), tennis.target, strict=True)
)

# %% [markdown]
# **Tree pruning cannot do this.** Pruning a tree replaces subtrees by leaves, so every path of
# a pruned tree is a prefix of a path of the tree: each of its rules still starts with the root's
# test, Outlook. Checked on every one of the prunings of the PlayTennis tree: none has a rule
# "Humidity = Normal → Yes", nor any rule without Outlook other than the bare root leaf.

# %%
all_prunings = prunings(tennis_tree)
for pruning in all_prunings:
    for rule in rules_of(pruning):
        assert rule.conditions == () or rule.conditions[0].attribute == "Outlook"
print(len(all_prunings), "prunings; in all of them every rule tests Outlook first")
assert len(all_prunings) == 1 + 2 * 2  # the root as a leaf, or each Outlook child kept or cut

# %% [markdown]
# ## Conclusion
#
# A tree over Boolean features is a DNF per class, one term per path to a leaf of that class,
# because the paths are exclusive and exhaustive; and Shannon's expansion turns any Boolean
# function into a tree of depth at most $k$. So trees and Boolean functions are the same class,
# checked on the CS 760 exercises over all 32 assignments and on random functions of four
# variables. A tree's DNF is seldom minimal; `minimize` matches the brute force over every DNF of
# at most four terms on all 256 functions of three variables. Read as rules, a tree can be pruned
# more finely than as a tree: C4.5rules erases "Outlook = Sunny" from a rule (pessimistic error
# 0.5 to 0.34, the 0.33 of the exact normal quantile), which no pruning of the tree can do.
# The laws are `dnf_agrees_with_tree`, `tree_of_computes_formula`,
# `minimum_dnf_is_equivalent_and_prime`, `minimum_dnf_is_no_larger` and `rules_agree_with_tree`.

# %%
assert format_dnf(dnf_of(tennis_tree, "No")) == (
    "Outlook = Rain & Wind = Strong | Outlook = Sunny & Humidity = High"
)
assert [format_dnf(minimize(dnf_of(t, "1"))) for t in exercise_trees.values()] == [
    "X2 & X5",
    "X2 | X5",
    "~X1 & X3 | X2 & X5",
]
assert n_leaves(exercise_trees["X2 & X5"]) == 3
assert n_leaves(exercise_trees["X2 | X5"]) == 3
assert sum(minimum_terms) <= sum(tree_terms)
assert len(cheapest) == 256
assert max(minimum_terms) == 4
assert before == Fraction(1, 2)
assert 0.33 < after < 0.34

# %% [markdown]
# ## Exercises

# %% [markdown]
# **Exercise 8.1.** Read ID3's PlayTennis tree (drawn above) as a DNF for each class. How
# many terms has each, and what is the pessimistic error $U_{0.25}(0, 4)$ of the rule
# "Outlook = Overcast → Yes", which covers four days, all Yes?

# %% tags=["hide-input"]
# Answer. One term per leaf of the class, each the conjunction of the tests on its path:
#   Yes <=> Outlook = Overcast | Outlook = Rain & Wind = Weak
#                              | Outlook = Sunny & Humidity = Normal
#   No  <=> Outlook = Rain & Wind = Strong | Outlook = Sunny & Humidity = High
# three terms and two: five leaves. With no error the limit is exact: the p with
# (1 - p)^4 = 0.25, so U = 1 - 0.25^(1/4) = 1 - 1/sqrt(2) = 0.293.
yes_dnf, no_dnf = dnf_of(tennis_tree, "Yes"), dnf_of(tennis_tree, "No")
print(format_dnf(yes_dnf), "/", format_dnf(no_dnf))
assert format_dnf(no_dnf) == "Outlook = Rain & Wind = Strong | Outlook = Sunny & Humidity = High"
assert (len(yes_dnf), len(no_dnf)) == (3, 2)
overcast = pessimistic_error(Rule((Equals("Outlook", "Overcast"),), "Yes"), tennis)
assert math.isclose(overcast, 1 - 1 / math.sqrt(2))

# %% [markdown]
# **Exercise 8.2.** Show that every DNF of the parity of three variables,
# $a \oplus b \oplus c$, has at least four terms of three literals each, so that its minimum
# DNF is the list of its minterms. What does ID3's tree of its truth table look like?

# %% tags=["hide-input"]
# Answer. A term that leaves out a variable, say c, is satisfied by some assignment, and then
# also by the same assignment with c flipped; but flipping c flips the parity, so the term
# would be true on an input where the function is 0. So every term names all three variables:
# it is a minterm, true on one input only. The function is 1 on four inputs, so four terms
# are needed. No attribute alone says anything about the parity (every gain is 0), and on
# every path every variable is needed: ID3's tree is the full tree of depth 3, 8 leaves.
parity = parse_dnf("a & ~b & ~c | ~a & b & ~c | ~a & ~b & c | a & b & c")
minimum = minimize(parity)
assert len(minimum) == 4
assert all(len(term) == 3 for term in minimum)
assert len(prime_implicants(parity)) == 4  # no implicant but the minterms themselves
parity_table = truth_table(parity, ("a", "b", "c"))
parity_columns: dict[str, list[str]] = {v: [row[v] for row, _ in parity_table] for v in "abc"}
parity_columns["Y"] = ["1" if value else "0" for _, value in parity_table]
parity_tree = id3(Dataset.from_columns(parity_columns, target="Y", classes=("0", "1")))
assert (n_leaves(parity_tree), depth(parity_tree)) == (8, 3)

# %% [markdown]
# **Exercise 8.3.** Use dtree to find out: the majority of three, "at least two of $a, b, c$
# are 1". What is its minimum DNF? How many terms and literals has the DNF of ID3's tree of
# its truth table, and why can a tree's DNF not be the minimum one here?

# %% tags=["hide-input"]
# Answer. The minimum DNF is a b | a c | b c: three terms, six literals. ID3's tree (6
# leaves, three of each class) gives three terms too, but with 2 + 3 + 3 = 8 literals, for
# instance a b | a ~b c | ~a b c. The terms of a tree's DNF are mutually exclusive (an
# example follows one path), while the minimum DNF's terms overlap: a b and a c are both true
# at a = b = c = 1. Any DNF read from a tree must split that overlap between its terms, at
# the price of extra literals.
majority = parse_dnf("a & b | a & c | b & c")
majority_table = truth_table(majority, ("a", "b", "c"))
majority_columns: dict[str, list[str]] = {v: [row[v] for row, _ in majority_table] for v in "abc"}
majority_columns["Y"] = ["1" if value else "0" for _, value in majority_table]
majority_tree = id3(Dataset.from_columns(majority_columns, target="Y", classes=("0", "1")))
majority_tree_dnf = dnf_of(majority_tree, "1")
print(format_dnf(minimize(majority)), "  ID3's tree:", format_dnf(majority_tree_dnf))
assert format_dnf(minimize(majority)) == "a & b | a & c | b & c"
assert n_leaves(majority_tree) == 6
assert (len(majority_tree_dnf), sum(map(len, majority_tree_dnf))) == (3, 8)
assert equivalent(majority_tree_dnf, majority)
