"""Trees as rules: one rule per root-to-leaf path, simplified, ordered and pruned.

The Decision Trees II notes: a tree can be written as rules, "(outlook =
sunny) and (humidity = normal) then YES", and pruning can be done at the
rules level, where "rules are generalized by erasing a condition".

Vocabulary
----------
``Rule(conditions, prediction, support, confidence)``
    If every condition holds, predict ``prediction``.  ``support`` is the
    training weight of the examples the rule was read from (its leaf's),
    ``confidence`` the share of them it predicts right (``None`` in
    regression).
``RuleSet(rules, default)``
    An ordered list of rules: the first rule that fires answers, and the
    ``default`` answers when none does.

Contents
--------
Reading and simplifying: :func:`rules_of`, :func:`simplify`, :func:`fires`,
:func:`describe_rule`.
Predicting: :func:`predict_rules`, :func:`order_by_false_positives`.
Pruning: :func:`pessimistic_error`, :func:`generalize`,
:func:`prune_rules` (C4.5rules' pessimistic pruning, or on validation data).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Literal, get_args

from attrs import field, frozen
from toolz import groupby

from dtree.conditions import (
    SIGNIFICANT_DIGITS,
    Above,
    AboveLevel,
    AtMost,
    AtMostLevel,
    Condition,
    Equals,
    In,
    NotIn,
    describe,
    format_name,
    format_prediction,
    format_rounded,
    holds,
)
from dtree.counts import ClassStats, class_counts, cross_tabulate, plurality, ratio, total
from dtree.dataset import Dataset, Example, Label, Weight
from dtree.errors import DtreeError, check_choice
from dtree.prune import added_errors
from dtree.tree import Leaf, Tree, paths, preorder

__all__ = [
    "Rule",
    "RulePruning",
    "RuleSet",
    "describe_rule",
    "fires",
    "generalize",
    "order_by_false_positives",
    "pessimistic_error",
    "predict_rules",
    "prune_rules",
    "rules_of",
    "simplify",
]

Prediction = Label | float
RulePruning = Literal["pessimistic", "validation"]
"""How :func:`prune_rules` measures a rule: C4.5rules' pessimistic estimate, or validation data."""


def _conditions(conditions: Sequence[Condition]) -> tuple[Condition, ...]:
    return tuple(conditions)


@frozen
class Rule:
    """``if conditions then prediction``, with the support and confidence it was read with.

    >>> Rule((Equals("Outlook", "Overcast"),), "Yes", 4, Fraction(1))
    Rule(conditions=(Equals(attribute='Outlook', value='Overcast'),), prediction='Yes', \
support=4, confidence=Fraction(1, 1))
    """

    conditions: tuple[Condition, ...] = field(converter=_conditions)
    prediction: Prediction
    support: Weight = 0
    confidence: Fraction | float | None = None


def _rules(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    return tuple(rules)


@frozen
class RuleSet:
    """Rules in order, and the default prediction when none fires."""

    rules: tuple[Rule, ...] = field(converter=_rules)
    default: Prediction


# -- reading rules off a tree ---------------------------------------------------------------


def rules_of(tree: Tree, *, simplified: bool = False) -> tuple[Rule, ...]:
    """One rule per root-to-leaf path, left to right (Decision Trees II notes).

    The paths of a tree are mutually exclusive, so the rules may be used in
    any order.  With ``simplified``, each rule is :func:`simplify` of its
    path's, computed along the way: a node's merged conditions are its
    parent's merged with one more, so the work is the tree's size times the
    merged conditions of a path (two per attribute, on a path an example
    can follow), and a chain
    10,000 splits deep on one attribute takes a fraction of a second.  The
    plain rules hold every condition of their paths, which on such a chain
    is 50 million conditions.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> for rule in rules_of(id3(load("play-tennis")))[:2]:
    ...     print(describe_rule(rule))
    if Outlook = Overcast then Yes  [4, 100%]
    if Outlook = Rain and Wind = Strong then No  [2, 100%]
    """
    if not simplified:
        return tuple(_rule(conditions, leaf) for conditions, leaf in paths(tree))
    rules: list[Rule] = []
    merged: list[tuple[Condition, ...]] = []  # each node's path, merged, by its place in preorder
    for node, _, edge in preorder(tree):
        kept = () if edge is None else _merged_into(merged[edge.parent], edge.condition)
        merged.append(kept)
        if isinstance(node, Leaf):
            rules.append(_rule(_ordered(kept), node))
    return tuple(rules)


def _rule(conditions: tuple[Condition, ...], leaf: Leaf) -> Rule:
    """The rule of a path to ``leaf``: its support and confidence are the leaf's."""
    stats = leaf.stats
    confidence: Fraction | float | None = None
    if isinstance(stats, ClassStats):
        right = stats.counts[stats.classes.index(str(leaf.prediction))]
        confidence = ratio(right, stats.weight) if stats.weight > 0 else Fraction(0)
    return Rule(conditions, leaf.prediction, stats.weight, confidence)


def _merged(first: Condition, second: Condition) -> Condition | None:
    """The one condition equivalent to both on one attribute, or None if there is none."""
    match first, second:
        case AtMost(a, t), AtMost(_, u):
            # (x <= t or missing) and (x <= u): missing values satisfy both only if both say so
            return AtMost(a, min(t, u), missing=first.missing and second.missing)
        case Above(a, t), Above(_, u):
            return Above(a, max(t, u), missing=first.missing and second.missing)
        case In(a, s), In(_, t):
            return In(a, s & t)
        case NotIn(a, s), NotIn(_, t):
            return NotIn(a, s | t)
        case (In(a, s), NotIn(_, t)) | (NotIn(_, t), In(a, s)):
            return In(a, s - t)
        case (Equals(_, v), In(_, s)) | (In(_, s), Equals(_, v)) if v in s:
            return Equals(first.attribute, v)
        case (Equals(_, v), NotIn(_, s)) | (NotIn(_, s), Equals(_, v)) if v not in s:
            return Equals(first.attribute, v)
        case Equals(_, v), Equals(_, w) if v == w:
            return first
        case AtMostLevel(a, t, order), AtMostLevel(_, u, same) if order == same:
            return AtMostLevel(a, min(t, u, key=order.index), order)
        case AboveLevel(a, t, order), AboveLevel(_, u, same) if order == same:
            return AboveLevel(a, max(t, u, key=order.index), order)
        case _:
            return None


def _merged_into(kept: tuple[Condition, ...], condition: Condition) -> tuple[Condition, ...]:
    """One step of :func:`simplify`: the condition merged into the first kept one it merges
    with, on its attribute; appended if there is none."""
    for i, other in enumerate(kept):
        if other.attribute == condition.attribute:
            merged = _merged(other, condition)
            if merged is not None:
                return (*kept[:i], merged, *kept[i + 1 :])
    return (*kept, condition)


def _ordered(kept: Sequence[Condition]) -> tuple[Condition, ...]:
    """The merged conditions in the order of their attributes' first appearance, the
    numeric bounds of one attribute lower first."""
    first: dict[str, int] = {}
    for i, condition in enumerate(kept):
        first.setdefault(condition.attribute, i)
    return tuple(sorted(kept, key=lambda c: (first[c.attribute], _rank(c))))


def simplify(rule: Rule) -> Rule:
    """The rule with the conditions on each attribute merged: implied ones dropped.

    ``x <= 5 and x <= 3`` is ``x <= 3``; ``a in {u, v} and a not in {v}`` is
    ``a in {u}``; ``a = u and a in {u, v}`` is ``a = u``.  A lower and an
    upper bound stay two conditions (read as ``2 < x <= 7`` by
    :func:`describe_rule`).  Conditions keep the order of their attributes'
    first appearance; the numeric bounds of one attribute read lower first.

    >>> rule = Rule((AtMost("x", 5.0), Above("x", 2.0), AtMost("x", 3.0)), "yes")
    >>> [describe(c) for c in simplify(rule).conditions]
    ['x > 2', 'x <= 3']
    """
    kept: tuple[Condition, ...] = ()
    for condition in rule.conditions:
        kept = _merged_into(kept, condition)
    return Rule(_ordered(kept), rule.prediction, rule.support, rule.confidence)


def _rank(condition: Condition) -> int:
    return 0 if isinstance(condition, Above) else 1


def fires(rule: Rule, example: Example) -> bool:
    """Whether every condition of the rule holds (a missing value satisfies only a
    condition that takes it, ``x <= t or missing``).

    >>> fires(Rule((Equals("Outlook", "Sunny"),), "No"), {"Outlook": "Sunny"})
    True
    """
    return all(holds(condition, example) for condition in rule.conditions)


def describe_rule(rule: Rule) -> str:
    """``if c1 and c2 then prediction  [support, confidence]``, as people read rules.

    A lower bound on an attribute and the first upper bound on it after it
    read as one range.  Names, values and numbers are written as
    :func:`~dtree.conditions.describe` writes them (quoted where a name
    would be ambiguous; numbers to six significant digits, and more if the
    two ends of a range would otherwise read alike).  The time is linear in
    the rule's length.

    >>> print(describe_rule(Rule((Above("x", 2.0), AtMost("x", 7.0)), "yes", 3, Fraction(2, 3))))
    if 2 < x <= 7 then yes  [3, 66.7%]
    >>> print(describe_rule(Rule((Above("x", 0.1234561), AtMost("x", 0.1234564)), "yes", 1)))
    if 0.1234561 < x <= 0.1234564 then yes  [1]
    >>> print(describe_rule(Rule((Equals("a and b", "blue, dark"),), "Don't Play", 2.5)))
    if "a and b" = "blue, dark" then "Don't Play"  [2.5]
    """
    conditions = rule.conditions
    # Per attribute, the positions of its upper bounds, in order.
    bounded = (i for i, condition in enumerate(conditions) if isinstance(condition, AtMost))
    uppers: dict[str, list[int]] = groupby(lambda i: conditions[i].attribute, bounded)
    cursor = dict.fromkeys(uppers, 0)  # per attribute, its first upper bound not yet passed
    taken: set[int] = set()
    parts: list[str] = []
    for i, condition in enumerate(conditions):
        if i in taken:
            continue
        positions = uppers.get(condition.attribute, [])
        k = cursor.get(condition.attribute, 0)
        while k < len(positions) and positions[k] <= i:
            k += 1
        if isinstance(condition, Above) and k < len(positions):
            taken.add(positions[k])
            cursor[condition.attribute] = k + 1
            upper = conditions[positions[k]]
            assert isinstance(upper, AtMost)
            low, high = _distinct(condition.threshold, upper.threshold)
            parts.append(f"{low} < {format_name(condition.attribute)} <= {high}")
        else:
            if positions:
                cursor[condition.attribute] = k
            parts.append(describe(condition))
    test = " and ".join(parts) if parts else "true"
    head = f"if {test} then {format_prediction(rule.prediction)}"
    if rule.confidence is None:
        return f"{head}  [{format_rounded(rule.support)}]"
    share = f"{float(rule.confidence):.1%}".replace(".0%", "%")
    return f"{head}  [{format_rounded(rule.support)}, {share}]"


def _distinct(low: float, high: float) -> tuple[str, str]:
    """Two ends of a range, with as many more digits as it takes to tell them apart."""
    for digits in range(SIGNIFICANT_DIGITS, 18):
        texts = format_rounded(low, digits=digits), format_rounded(high, digits=digits)
        if texts[0] != texts[1]:
            return texts
    return texts


# -- predicting with rules ------------------------------------------------------------------


def predict_rules(
    rules: RuleSet | Sequence[Rule], example: Example, default: Prediction | None = None
) -> Prediction:
    """The prediction of the first rule that fires; otherwise the default.

    A ``RuleSet`` brings its own default; for a plain sequence of rules
    ``default`` must be given.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> rules = rules_of(id3(load("play-tennis")))
    >>> predict_rules(rules, {"Outlook": "Rain", "Wind": "Weak"}, default="Yes")
    'Yes'
    """
    fallback: Prediction | None = default
    if isinstance(rules, RuleSet):
        ordered = rules.rules
        fallback = rules.default if default is None else default
    else:
        ordered = tuple(rules)
    for rule in ordered:
        if fires(rule, example):
            return rule.prediction
    if fallback is None:
        raise DtreeError("no rule fires and no default was given")
    return fallback


def _covered(rule: Rule, data: Dataset) -> list[int]:
    return [row for row in data.rows if fires(rule, data.example(row))]


def order_by_false_positives(rules: Sequence[Rule], data: Dataset) -> RuleSet:
    """C4.5rules' order: the rules grouped by class, the classes by their false positives.

    A class's false positives are the training weight that its rules cover
    but that belongs to another class; the class with the fewest goes first
    (ties in the schema's class order), and within a class the rules keep
    their order.  The default is the class with the most training weight
    that no rule covers (ties to the first class; if every example is
    covered, the plurality of all the data).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> data = load("play-tennis")
    >>> ordered = order_by_false_positives(rules_of(id3(data)), data)
    >>> [rule.prediction for rule in ordered.rules], ordered.default
    (['No', 'No', 'Yes', 'Yes', 'Yes'], 'Yes')
    """
    classes = data.schema.classes
    if not data.schema.is_classification:
        raise DtreeError("rules are ordered by false positives for classification only")
    covered: set[int] = set()
    votes: list[tuple[Prediction, Label | float, Weight]] = []  # (rule's class, row's, weight)
    for rule in rules:
        rows = _covered(rule, data)
        covered.update(rows)
        votes.extend((rule.prediction, data.target[r], data.weights[r]) for r in rows)
    # Rows: the class of the rules; columns: the class of the rows they cover.
    cover = cross_tabulate(votes, classes, classes)
    false_positives = [total(n for j, n in enumerate(row) if j != k) for k, row in enumerate(cover)]
    order = sorted(range(len(classes)), key=lambda k: (false_positives[k], k))
    grouped = [rule for k in order for rule in rules if rule.prediction == classes[k]]
    rows_of = ((r in covered, data.target[r], data.weights[r]) for r in data.rows)
    uncovered, _ = cross_tabulate(rows_of, (False, True), classes)
    if total(uncovered) == 0:
        uncovered = class_counts(data)
    return RuleSet(tuple(grouped), classes[plurality(uncovered)])


# -- pruning rules --------------------------------------------------------------------------


def _tally(rule: Rule, data: Dataset) -> tuple[Weight, Weight]:
    """(N, E): the weight the rule covers, and the part of it of another class."""
    rows = _covered(rule, data)
    n = total(data.weights[r] for r in rows)
    e = total(data.weights[r] for r in rows if data.target[r] != rule.prediction)
    return n, e


def _measured(rule: Rule, data: Dataset) -> Rule:
    """The rule with its support and confidence measured on ``data`` (what it covers there)."""
    n, e = _tally(rule, data)
    if not data.schema.is_classification:
        return Rule(rule.conditions, rule.prediction, n, None)
    confidence = ratio(n - e, n) if n > 0 else Fraction(0)
    return Rule(rule.conditions, rule.prediction, n, confidence)


def pessimistic_error(rule: Rule, data: Dataset, confidence: float = 0.25) -> float:
    """U_CF(E, N): the upper confidence limit of the rule's error rate on its training cover.

    N is the weight of the training examples the rule covers and E the
    part of them of another class (Quinlan 1993, ch. 5); a rule that covers
    nothing has rate 1.

    >>> from dtree.datasets import load
    >>> rule = Rule((Equals("Outlook", "Overcast"),), "Yes")
    >>> round(pessimistic_error(rule, load("play-tennis")), 4)  # 4 cases, none wrong
    0.2929
    """
    n, e = _tally(rule, data)
    if n == 0:
        return 1.0
    return (float(e) + added_errors(float(n), float(e), confidence)) / float(n)


def generalize(rule: Rule, score: Callable[[Rule], Fraction | float | None]) -> Rule:
    """Erase conditions while that does not make the rule worse (lower score is better).

    Each step scores the rule without each of its conditions and erases the
    one whose removal scores least (the first on a tie) if that is no more
    than the rule's own score.  A score of ``None`` (nothing to judge the
    rule by) stops the erasing.

    >>> rule = Rule((Equals("a", "x"), Equals("b", "y")), "yes")
    >>> generalize(rule, lambda r: len(r.conditions) if r.conditions else 5).conditions
    (Equals(attribute='b', value='y'),)
    """
    current = score(rule)
    while rule.conditions and current is not None:
        candidates = [
            Rule(rule.conditions[:i] + rule.conditions[i + 1 :], rule.prediction, rule.support)
            for i in range(len(rule.conditions))
        ]
        scored = [(s, k) for k, c in enumerate(candidates) if (s := score(c)) is not None]
        if not scored:
            break
        best, k = min(scored)
        if best > current:
            break
        rule, current = candidates[k], best
    return rule


def _validation_error(rule: Rule, data: Dataset) -> Fraction | float | None:
    n, e = _tally(rule, data)
    return None if n == 0 else ratio(e, n)


def prune_rules(
    rules: Sequence[Rule],
    data: Dataset,
    *,
    method: RulePruning = "pessimistic",
    confidence: float = 0.25,
    order_data: Dataset | None = None,
) -> RuleSet:
    """Prune rules by erasing conditions, then drop repeated and subsumed rules and order them.

    ``method="pessimistic"`` is C4.5rules': a rule loses a condition while
    its :func:`pessimistic_error` on the training ``data`` does not rise.
    ``method="validation"``: a rule loses a condition while its error rate
    on the validation examples it covers, ``data`` here, does not rise (a
    rule that covers no validation example is kept as it is).  Then a rule
    equal to an earlier one, or of the same prediction with a superset of
    another's conditions (it covers less and says the same), is dropped,
    and the rest are ordered by :func:`order_by_false_positives` on
    ``order_data`` (the training data; by default ``data``), on which each
    rule's support and confidence are measured anew.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> data = load("play-tennis")
    >>> pruned = prune_rules(rules_of(id3(data)), data)
    >>> for rule in pruned.rules:
    ...     print(describe_rule(rule).split("  ")[0])
    if Outlook = Rain and Wind = Strong then No
    if Outlook = Sunny and Humidity = High then No
    if Outlook = Overcast then Yes
    if Outlook = Rain and Wind = Weak then Yes
    if Humidity = Normal then Yes
    >>> pruned.default
    'Yes'
    """
    check_choice("method", method, get_args(RulePruning))

    def score(rule: Rule) -> Fraction | float | None:
        if method == "pessimistic":
            return pessimistic_error(rule, data, confidence)
        return _validation_error(rule, data)

    training = order_data if order_data is not None else data
    general = [_measured(simplify(generalize(rule, score)), training) for rule in rules]
    kept: list[Rule] = []
    for i, rule in enumerate(general):
        same = (r for r in general[:i] if r.prediction == rule.prediction)
        repeated = any(r.conditions == rule.conditions for r in same)
        subsumed = any(
            r.prediction == rule.prediction and set(r.conditions) < set(rule.conditions)
            for r in general
        )
        if not repeated and not subsumed:
            kept.append(rule)
    return order_by_false_positives(kept, training)
