"""dtree.rules: the notes' rules read off a tree, simplified, ordered and pruned."""

from __future__ import annotations

import random
import time
from fractions import Fraction
from typing import get_args

import pytest
from helpers import leaf, missing_left, thorough, two
from hypothesis import given
from hypothesis import strategies as st

from dtree import invariants
from dtree.conditions import Above, AtMost, Equals, In, NotIn, holds
from dtree.dataset import Dataset, Example, Nominal
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.presets import c45, cart, id3
from dtree.prune import added_errors
from dtree.rules import (
    Rule,
    RulePruning,
    RuleSet,
    describe_rule,
    fires,
    generalize,
    order_by_false_positives,
    pessimistic_error,
    predict_rules,
    prune_rules,
    rules_of,
    simplify,
)
from dtree.strategies import GRID, datasets, regression_datasets
from dtree.tree import Branch, Split, n_leaves


def test_the_play_tennis_rules() -> None:
    rules = rules_of(id3(load("play-tennis")))
    assert [describe_rule(rule) for rule in rules] == [
        "if Outlook = Overcast then Yes  [4, 100%]",
        "if Outlook = Rain and Wind = Strong then No  [2, 100%]",
        "if Outlook = Rain and Wind = Weak then Yes  [3, 100%]",
        "if Outlook = Sunny and Humidity = High then No  [3, 100%]",
        "if Outlook = Sunny and Humidity = Normal then Yes  [2, 100%]",
    ]
    assert rules[0] == Rule((Equals("Outlook", "Overcast"),), "Yes", 4, Fraction(1))


def test_confidence_is_the_share_the_leaf_predicts_right() -> None:
    rules = rules_of(id3(load("play-tennis"), max_depth=1))
    assert [(rule.support, rule.confidence) for rule in rules] == [
        (4, Fraction(1)),
        (5, Fraction(3, 5)),
        (5, Fraction(3, 5)),
    ]


def test_regression_rules_have_no_confidence() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [1.0, 1.0, 5.0, 7.0]}, target="y")
    rules = rules_of(cart(data, max_depth=1))
    assert [describe_rule(rule) for rule in rules] == [
        "if x <= 2.5 then 1  [2]",
        "if x > 2.5 then 6  [2]",
    ]
    assert all(rule.confidence is None for rule in rules)


# -- simplify -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("conditions", "simplified"),
    [
        ((AtMost("x", 5.0), AtMost("x", 3.0)), (AtMost("x", 3.0),)),
        ((Above("x", 2.0), Above("x", 4.0), AtMost("x", 7.0)), (Above("x", 4.0), AtMost("x", 7.0))),
        ((AtMost("x", 7.0), Above("x", 2.0)), (Above("x", 2.0), AtMost("x", 7.0))),
        ((In("a", {"u", "v", "w"}), In("a", {"u", "v"})), (In("a", {"u", "v"}),)),
        ((NotIn("a", {"u"}), NotIn("a", {"v"})), (NotIn("a", {"u", "v"}),)),
        ((In("a", {"u", "v"}), NotIn("a", {"v"})), (In("a", {"u"}),)),
        ((Equals("a", "u"), In("a", {"u", "v"})), (Equals("a", "u"),)),
        ((NotIn("a", {"v"}), Equals("a", "u")), (Equals("a", "u"),)),
        (
            (Equals("a", "u"), AtMost("x", 1.0), Equals("a", "u")),
            (Equals("a", "u"), AtMost("x", 1.0)),
        ),
    ],
)
def test_simplify_merges_conditions_on_one_attribute(conditions: tuple, simplified: tuple) -> None:  # type: ignore[type-arg]
    assert simplify(Rule(conditions, "yes")).conditions == simplified


def test_a_range_reads_as_one() -> None:
    rule = simplify(
        Rule((AtMost("x", 7.0), Above("x", 2.0), AtMost("x", 9.0)), "yes", 3, Fraction(2, 3))
    )
    assert describe_rule(rule) == "if 2 < x <= 7 then yes  [3, 66.7%]"
    assert describe_rule(Rule((), "no", 0, Fraction(0))) == "if true then no  [0, 0%]"


VALUES = ("u", "v", "w")
CONDITIONS = st.one_of(
    st.builds(AtMost, st.just("x"), st.sampled_from(GRID)),
    st.builds(Above, st.just("x"), st.sampled_from(GRID)),
    st.builds(Equals, st.just("a"), st.sampled_from(VALUES)),
    st.builds(In, st.just("a"), st.frozensets(st.sampled_from(VALUES))),
    st.builds(NotIn, st.just("a"), st.frozensets(st.sampled_from(VALUES))),
)


@given(st.lists(CONDITIONS, max_size=6))
def test_simplify_fires_exactly_when_the_rule_does(conditions: list) -> None:  # type: ignore[type-arg]
    rule = Rule(tuple(conditions), "yes")
    simple = simplify(rule)
    assert len(simple.conditions) <= len(rule.conditions)
    for x in (*GRID, GRID[0] - 1, GRID[-1] + 1):
        for a in VALUES:
            example: Example = {"x": x, "a": a}
            assert fires(simple, example) == fires(rule, example)


@given(datasets(max_numeric=3, weighted=True), st.sampled_from([id3, c45, cart]))
def test_rules_simplified_along_the_way_are_the_simplified_rules(
    data: Dataset,
    learn: object,
) -> None:
    tree = learn(data)  # type: ignore[operator]
    assert rules_of(tree, simplified=True) == tuple(simplify(r) for r in rules_of(tree))


def test_a_long_rule_reads_in_linear_time() -> None:
    """Describing a rule of 20,000 conditions pairs each lower bound with the next upper one."""
    lower = [Above("x", i + 0.5) for i in range(10_000)]
    upper = [AtMost("x", i + 1.5) for i in range(10_000)]
    start = time.perf_counter()
    written = describe_rule(Rule((*lower, *upper), "yes", 1))
    assert time.perf_counter() - start < 5  # about 0.08 s; it took 18 s
    assert written.startswith("if 0.5 < x <= 1.5 and 1.5 < x <= 2.5 and ")
    assert written.endswith(" and 9999.5 < x <= 10000.5 then yes  [1]")
    unpaired = (
        AtMost("x", 3.0),
        Above("x", 1.0),
        Equals("a", "u"),
        Above("x", 2.0),
        AtMost("x", 5.0),
    )
    assert describe_rule(Rule(unpaired, "no")).startswith(
        "if x <= 3 and 1 < x <= 5 and a = u and x > 2 then no"
    )


def test_a_range_keeps_the_digits_that_tell_its_ends_apart() -> None:
    rule = Rule((Above("x", 0.12345671), AtMost("x", 0.12345674)), "yes", 2)
    assert describe_rule(rule) == "if 0.12345671 < x <= 0.12345674 then yes  [2]"


def test_a_missing_value_never_satisfies_a_condition() -> None:
    rule = Rule((AtMost("x", 1.0),), "yes")
    assert holds(rule.conditions[0], {"x": None}) is None
    assert not fires(rule, {"x": None})


# -- rules predict as the tree does --------------------------------------------------------------


def _known_examples(data: Dataset, seed: int) -> list[Example]:
    """The training examples and fresh ones drawn from the schema's domains."""
    rng = random.Random(seed)
    examples: list[Example] = [
        example for example in data.examples() if None not in example.values()
    ]
    for _ in range(20):
        fresh: Example = {
            a.name: rng.choice(a.domain.values)
            if isinstance(a.domain, Nominal)
            else rng.choice(GRID)
            for a in data.schema.attributes
        }
        examples.append(fresh)
    return examples


@given(datasets(max_numeric=2, weighted=True), st.sampled_from([id3, cart]), st.integers(0, 9))
def test_rules_in_any_order_predict_as_the_tree(data: Dataset, learn: object, seed: int) -> None:
    tree = learn(data)  # type: ignore[operator]
    rules = list(rules_of(tree))
    random.Random(seed).shuffle(rules)
    assert len(rules) == n_leaves(tree)
    assert invariants.rules_agree_with_tree(tree, _known_examples(data, seed), rules=rules)


@given(regression_datasets(max_attributes=2), st.integers(0, 9))
def test_regression_rules_predict_as_the_tree(data: Dataset, seed: int) -> None:
    tree = cart(data)
    assert invariants.rules_agree_with_tree(tree, _known_examples(data, seed))


def test_an_unseen_value_falls_to_the_default() -> None:
    rules = rules_of(id3(load("play-tennis")))
    assert predict_rules(rules, {"Outlook": "Foggy"}, default="Maybe") == "Maybe"
    with pytest.raises(DtreeError, match="default"):
        predict_rules(rules, {"Outlook": "Foggy"})


# -- ordering -----------------------------------------------------------------------------------


def test_classes_with_fewer_false_positives_come_first() -> None:
    data = load("play-tennis")
    rules = [
        Rule((Equals("Humidity", "Normal"),), "Yes"),
        Rule((Equals("Outlook", "Sunny"),), "No"),
    ]
    # Humidity = Normal covers 7 days, 1 No; Outlook = Sunny covers 5 days, 2 Yes
    ordered = order_by_false_positives(rules, data)
    assert [rule.prediction for rule in ordered.rules] == ["Yes", "No"]
    # uncovered: the days of high humidity, Overcast or Rain: D3, D4, D12 Yes and D14 No
    assert ordered.default == "Yes"
    no_first = order_by_false_positives(
        [rules[1], Rule((Equals("Outlook", "Overcast"),), "Yes")], data
    )
    assert [rule.prediction for rule in no_first.rules] == ["Yes", "No"]  # 0 false positives first
    assert predict_rules(ordered, {"Outlook": "Sunny", "Humidity": "Normal"}) == "Yes"


def test_the_default_of_a_covering_rule_set_is_the_plurality() -> None:
    data = load("play-tennis")
    assert order_by_false_positives(rules_of(id3(data)), data).default == "Yes"
    assert isinstance(order_by_false_positives([], data), RuleSet)


# -- pruning ------------------------------------------------------------------------------------


def test_pessimistic_error_is_c45s_upper_limit() -> None:
    data = load("play-tennis")
    sunny = Rule((Equals("Outlook", "Sunny"),), "No")  # 5 days, 2 of them Yes
    assert pessimistic_error(sunny, data) == pytest.approx((2 + added_errors(5, 2)) / 5)
    assert pessimistic_error(Rule((Equals("Outlook", "Foggy"),), "No"), data) == 1.0


def test_c45rules_generalizes_sunny_and_normal_to_normal() -> None:
    """Humidity = Normal alone covers 7 days with 1 error: U = 0.33 < 0.5 for the 2 days of both."""
    data = load("play-tennis")
    rule = Rule((Equals("Outlook", "Sunny"), Equals("Humidity", "Normal")), "Yes")
    assert pessimistic_error(rule, data) == pytest.approx(0.5)
    general = generalize(rule, lambda r: pessimistic_error(r, data))
    assert general.conditions == (Equals("Humidity", "Normal"),)
    assert pessimistic_error(general, data) < 0.5


@thorough(200)
@given(datasets(min_rows=2, max_rows=30, max_numeric=2), st.sampled_from(get_args(RulePruning)))
def test_pruned_rules_are_no_worse_and_no_longer(data: Dataset, method: RulePruning) -> None:
    tree = c45(data, min_objects=1)
    rules = rules_of(tree)
    pruned = prune_rules(rules, data, method=method)
    assert len(pruned.rules) <= len(rules)

    def score(rule: Rule) -> Fraction | float | None:
        if method == "pessimistic":
            return pessimistic_error(rule, data)
        covered = [row for row in data.rows if fires(rule, data.example(row))]
        wrong = [row for row in covered if data.target[row] != rule.prediction]
        return Fraction(len(wrong), len(covered)) if covered else None

    for rule in rules:
        general = generalize(rule, score)
        assert set(general.conditions) <= set(rule.conditions)
        before, after = score(rule), score(general)
        assert before is None or (after is not None and after <= before)


PRUNED_ON_FOUR_DAYS = [
    "if Outlook = Overcast then Yes  [4, 100%]",
    "if Outlook = Rain and Wind = Weak then Yes  [3, 100%]",
    "if Outlook = Sunny and Temperature = Cool then Yes  [1, 100%]",
    "if Outlook = Rain then No  [5, 40%]",
    "if Outlook = Sunny and Temperature = Hot then No  [2, 100%]",
    "if Temperature = Mild then No  [6, 33.3%]",
]
"""ID3 on the first ten days, its rules pruned on the last four: a rule loses a condition
while its error on the days it covers does not rise (Sunny-Mild errs on day 11 and Mild
alone errs on 2 of its 3), then support and confidence are measured on all fourteen."""


def test_validation_pruning_keeps_what_the_validation_data_needs() -> None:
    data = load("play-tennis")
    rules = rules_of(id3(data.subset(range(10))))
    pruned = prune_rules(rules, data.subset(range(10, 14)), method="validation", order_data=data)
    assert [describe_rule(rule) for rule in pruned.rules] == PRUNED_ON_FOUR_DAYS
    assert pruned.default == "Yes"
    with pytest.raises(DtreeError, match="method"):
        prune_rules(rules, data, method="magic")  # type: ignore[arg-type]


def test_a_rule_says_where_missing_values_go() -> None:
    stump = missing_left()
    said = [describe_rule(rule) for rule in rules_of(stump)]
    assert "x <= 2.5 or missing" in said[0]
    assert "missing" not in said[1]
    assert invariants.rules_agree_with_tree(stump, [{"x": None}, {"x": 1.0}, {"x": 3.0}])


def test_merging_keeps_missing_values_only_where_both_conditions_take_them() -> None:
    inner = Split(
        (
            Branch(AtMost("x", 1.5), leaf(2, 0)),
            Branch(Above("x", 1.5, missing=True), leaf(1, 0)),
        ),
        two(3, 0),
    )
    outer = Split(
        (Branch(AtMost("x", 2.5, missing=True), inner), Branch(Above("x", 2.5), leaf(0, 1))),
        two(3, 1),
    )
    conditions = [rule.conditions for rule in rules_of(outer, simplified=True)]
    assert conditions[0] == (AtMost("x", 1.5),)
    assert conditions[1] == (Above("x", 1.5, missing=True), AtMost("x", 2.5, missing=True))
    assert invariants.rules_agree_with_tree(
        outer, [{"x": None}, {"x": 1.0}, {"x": 2.0}, {"x": 3.0}]
    )
