"""Surrogate splits (dtree.surrogates): what a surrogate is, where a split's surrogates send
an example missing the split's attribute, and the laws of trees grown with them: they read
back from a model file, their statistics are the rows their surrogates route, and their
predictions are the definition's, one example at a time or many at once."""

from __future__ import annotations

import copy
import functools
import json
import math
import random
from fractions import Fraction
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats, Moments
from dtree.dataset import Dataset, Example
from dtree.ensemble import predict_many
from dtree.errors import DtreeError
from dtree.grower.learner import CART, Learner, SurrogateRule
from dtree.grower.make_subtree import grow
from dtree.routing import restated
from dtree.serialize import from_json, to_json
from dtree.strategies import datasets, regression_datasets
from dtree.surrogates import Surrogate, Surrogates, describe_surrogates, surrogate_branch
from dtree.tree import Branch, Leaf, Split, Tree, descend, nodes, predict, reach

CLASSES = ("a", "b")


def stats(a: int, b: int) -> ClassStats:
    return ClassStats(CLASSES, (a, b))


Z = Surrogate((AtMost("z", 0.5), Above("z", 0.5)))
"""z <= 0.5 -> branch 0, z > 0.5 -> branch 1."""
C = Surrogate((In("c", {"k"}), In("c", {"m"})))
"""c = k -> branch 0, c = m -> branch 1; any other level is named by neither."""
RULE = Surrogates((Z, C), majority=None)


def on_x(surrogates: Surrogates | None = RULE) -> Split:
    """x <= 1.5 -> a, x > 1.5 -> b.  The split counts 2 a and 4 b; its branches 2 a, 1 b and
    2 b: one b stayed at the split (no surrogate placed it), which only a split with
    surrogates may say.  An example that stops here is predicted b."""
    return Split(
        (
            Branch(AtMost("x", 1.5), Leaf("a", stats(2, 1))),
            Branch(Above("x", 1.5), Leaf("b", stats(0, 2))),
        ),
        stats(2, 4),
        surrogates,
    )


# -- what a surrogate is -------------------------------------------------------


def test_a_surrogate_on_one_attribute_with_exclusive_conditions_is_accepted() -> None:
    assert Z.attribute == "z"
    assert C.attribute == "c"
    three = Surrogate((In("c", {"k"}), In("c", {"m"}), NotIn("c", {"k", "m"})))
    assert len(three.conditions) == 3


def test_a_surrogates_conditions_may_not_overlap() -> None:
    with pytest.raises(DtreeError, match=r"^the surrogate's conditions 'z <= 2' and 'z > 1'"):
        Surrogate((AtMost("z", 2.0), Above("z", 1.0)))
    with pytest.raises(DtreeError, match="overlap"):
        Surrogate((In("c", {"k", "m"}), In("c", {"m"})))


def test_a_surrogate_tests_one_attribute() -> None:
    with pytest.raises(DtreeError, match="one attribute"):
        Surrogate((AtMost("z", 0.5), Above("w", 0.5)))


@pytest.mark.parametrize("conditions", [(), (AtMost("z", 0.5),)])
def test_a_surrogate_has_at_least_two_conditions(conditions: tuple[AtMost, ...]) -> None:
    with pytest.raises(DtreeError, match="a condition per branch"):
        Surrogate(conditions)


def test_a_split_refuses_a_surrogate_on_its_own_attribute() -> None:
    own = Surrogate((AtMost("x", 0.5), Above("x", 0.5)))
    with pytest.raises(DtreeError, match=r"^a surrogate of a split on 'x' tests 'x' itself$"):
        on_x(Surrogates((Z, own)))


def test_a_split_refuses_a_surrogate_of_another_number_of_branches() -> None:
    three = Surrogate((In("c", {"k"}), In("c", {"m"}), In("c", {"n"})))
    with pytest.raises(DtreeError, match="split of 2 branches has 3 conditions"):
        on_x(Surrogates((three,)))


@pytest.mark.parametrize("majority", [2, -1, True, 1.0, "0"])
def test_a_split_refuses_a_majority_that_is_not_a_branch(majority: Any) -> None:
    with pytest.raises(DtreeError, match="majority branch is a branch number, 0 to 1"):
        on_x(Surrogates((Z,), majority=majority))


@pytest.mark.parametrize("value", [(Z,), Z, "surrogates", 0])
def test_a_split_refuses_surrogates_that_are_not_surrogates(value: Any) -> None:
    with pytest.raises(DtreeError, match="a split's surrogates are Surrogates"):
        on_x(value)


def test_a_split_refuses_surrogates_whose_splits_are_not_surrogates() -> None:
    with pytest.raises(DtreeError):
        on_x(Surrogates((AtMost("z", 0.5),)))  # type: ignore[arg-type]


def test_the_rule_as_text() -> None:
    assert describe_surrogates(Surrogates((Z, C), 1)) == (
        "surrogates: z <= 0.5, z > 0.5; c in {k}, c in {m}; then branch 2"
    )
    assert describe_surrogates(Surrogates((Z,))) == "surrogates: z <= 0.5, z > 0.5; then stay"


# -- where the surrogates send an example --------------------------------------


def test_the_first_surrogate_whose_condition_holds_names_the_branch() -> None:
    assert surrogate_branch(RULE, {"z": 0.0, "c": "m"}) == 0
    assert surrogate_branch(RULE, {"z": 1.0, "c": "k"}) == 1


def test_a_missing_surrogate_value_passes_to_the_next() -> None:
    assert surrogate_branch(RULE, {"z": None, "c": "m"}) == 1
    assert surrogate_branch(RULE, {"z": None, "c": "k"}) == 0


def test_a_level_no_nominal_surrogate_names_passes_to_the_next() -> None:
    """c = n is in neither In: the next surrogate, z, places it."""
    rule = Surrogates((C, Z))
    assert surrogate_branch(rule, {"z": 1.0, "c": "n"}) == 1
    assert surrogate_branch(rule, {"z": 0.0, "c": "n"}) == 0


def test_an_example_no_surrogate_places_goes_to_the_majority() -> None:
    for example in ({"z": None, "c": None}, {"z": None, "c": "n"}):
        assert surrogate_branch(evolve(RULE, majority=1), example) == 1
        assert surrogate_branch(evolve(RULE, majority=0), example) == 0
        assert surrogate_branch(RULE, example) is None


def test_no_surrogates_and_no_majority_place_nothing() -> None:
    assert surrogate_branch(Surrogates(), {"z": 0.0, "c": "k"}) is None
    assert surrogate_branch(Surrogates(majority=1), {"z": 0.0, "c": "k"}) == 1


# -- descend, reach and predict ------------------------------------------------


def test_a_missing_value_goes_down_the_surrogates_branch_whole() -> None:
    split = on_x()
    example = {"x": None, "z": 0.0, "c": "m"}
    assert descend(split, example) == ((0, Fraction(1)),)
    assert descend(split, example, Fraction(1, 3)) == ((0, Fraction(1, 3)),)
    assert reach(split, example) == ((split.branches[0].subtree, Fraction(1)),)
    assert predict(split, example) == "a"
    later = {"x": None, "z": None, "c": "m"}  # z missing: c places it
    assert descend(split, later) == ((1, Fraction(1)),)
    assert predict(split, later) == "b"


def test_the_equal_spread_does_not_share_out_a_split_with_surrogates() -> None:
    example = {"x": None, "z": 0.0, "c": "m"}
    assert descend(on_x(), example, spread="equal") == ((0, Fraction(1)),)


def test_an_example_no_surrogate_places_stops_at_the_split() -> None:
    split = on_x()
    example = {"x": None, "z": None, "c": "n"}
    assert descend(split, example) == ()
    assert reach(split, example) == ((split, Fraction(1)),)
    assert predict(split, example) == "b"  # the split's own plurality: 2 a, 4 b


def test_the_majority_places_an_example_no_surrogate_does() -> None:
    split = on_x(evolve(RULE, majority=0))
    example = {"x": None, "z": None, "c": "n"}
    assert descend(split, example) == ((0, Fraction(1)),)
    assert predict(split, example) == "a"


def test_a_known_value_ignores_the_surrogates() -> None:
    split = on_x()
    example: Example = {"x": 2.0, "z": 0.0, "c": "k"}  # both surrogates say branch 0
    assert descend(split, example) == ((1, Fraction(1)),)
    assert predict(split, example) == "b"


def test_empty_surrogates_stop_every_missing_value() -> None:
    """``Surrogates()`` is rpart's usesurrogate = 0: a missing value stays at the split,
    where a split without surrogates shares it out by its branches' weights (3 and 2)."""
    stay = on_x(Surrogates())
    for example in ({"x": None, "z": 0.0, "c": "k"}, {"x": None, "z": None, "c": None}):
        assert descend(stay, example) == ()
        assert reach(stay, example) == ((stay, Fraction(1)),)
        assert predict(stay, example) == "b"
    shared = descend(on_x(None), {"x": None, "z": 0.0, "c": "k"})
    assert shared == ((0, Fraction(3, 5)), (1, Fraction(2, 5)))


def test_a_value_no_branch_takes_goes_down_the_surrogates() -> None:
    """A level the split does not name (p = w) is sent as a missing one is."""
    split = Split(
        (
            Branch(In("p", {"u"}), Leaf("a", stats(2, 0))),
            Branch(In("p", {"v"}), Leaf("b", stats(0, 2))),
        ),
        stats(2, 2),
        Surrogates((Z,)),
    )
    assert descend(split, {"p": "w", "z": 1.0}) == ((1, Fraction(1)),)
    assert descend(split, {"p": "w", "z": None}) == ()
    assert descend(split, {"p": "u", "z": 1.0}) == ((0, Fraction(1)),)


def test_a_deep_example_follows_the_surrogates_of_each_split() -> None:
    """Under the root (on x) a split on z with a surrogate on c: an example missing x and z
    goes down the root's c surrogate, then the inner split's."""
    inner = Split(
        (
            Branch(AtMost("z", 0.5), Leaf("a", stats(1, 0))),
            Branch(Above("z", 0.5), Leaf("b", stats(0, 2))),
        ),
        stats(1, 2),
        Surrogates((Surrogate((In("c", {"m"}), In("c", {"k"}))),)),
    )
    root = Split(
        (Branch(AtMost("x", 1.5), Leaf("a", stats(2, 0))), Branch(Above("x", 1.5), inner)),
        stats(3, 2),
        Surrogates((C,)),
    )
    assert reach(root, {"x": None, "z": None, "c": "m"}) == (
        (inner.branches[0].subtree, Fraction(1)),
    )
    assert reach(root, {"x": None, "z": None, "c": "n"}) == ((root, Fraction(1)),)


# -- equality, hash and repr ---------------------------------------------------


def test_trees_differing_only_in_surrogates_are_unequal() -> None:
    rules = [None, Surrogates(), RULE, evolve(RULE, majority=0), Surrogates((C, Z))]
    trees = [on_x(rule) for rule in rules]
    for i, first in enumerate(trees):
        for j, second in enumerate(trees):
            assert (first == second) == (i == j)
    assert on_x(evolve(RULE, majority=0)) == on_x(Surrogates((Z, C), 0))
    assert hash(on_x(evolve(RULE, majority=0))) == hash(on_x(Surrogates((Z, C), 0)))


def test_trees_differing_in_a_deep_splits_surrogates_are_unequal() -> None:
    def above(rule: Surrogates | None) -> Split:
        return Split(
            (Branch(AtMost("w", 0.0), Leaf("a", stats(1, 0))), Branch(Above("w", 0.0), on_x(rule))),
            stats(3, 4),
        )

    assert above(RULE) == above(Surrogates((Z, C)))
    assert above(RULE) != above(None)
    assert above(RULE) != above(Surrogates((Z,)))


def test_repr_shows_surrogates_only_when_set() -> None:
    assert "surrogates=" not in repr(on_x(None))
    assert "surrogates=Surrogates(splits=()" in repr(on_x(Surrogates()))
    assert repr(on_x()).endswith(f"stats={stats(2, 4)!r}, surrogates={RULE!r})")


# -- model files ---------------------------------------------------------------


def check_round_trip(tree: Tree) -> None:
    text = to_json(tree)
    back = from_json(text)
    assert back == tree
    assert [getattr(n, "surrogates", None) for n in nodes(back)] == [
        getattr(n, "surrogates", None) for n in nodes(tree)
    ]
    assert to_json(back) == text


def test_a_split_with_surrogates_round_trips() -> None:
    """Its branches sum to less than the split, as only such a split's may."""
    for rule in (Surrogates(), RULE, Surrogates((C,), 1)):
        check_round_trip(on_x(rule))
    assert '"surrogates"' not in to_json(on_x(None))
    assert '"surrogates": {"splits": [], "majority": null}' in to_json(on_x(Surrogates()))


RULES: tuple[SurrogateRule, ...] = ("stay", "surrogates", "majority")

surrogate_learners = st.builds(
    lambda rule, agreement, most: evolve(
        CART,
        missing="surrogate",
        surrogate_rule=rule,
        surrogate_agreement=agreement,
        max_surrogates=most,
    ),
    st.sampled_from(RULES),
    st.sampled_from(("all", "known")),
    st.integers(0, 5),
)


def regression(learner: Learner) -> Learner:
    return evolve(learner, impurity="squared_error")


@given(datasets(max_numeric=2, weighted=True, missing=True), surrogate_learners)
def test_classification_trees_with_surrogates_round_trip(data: Dataset, learner: Learner) -> None:
    check_round_trip(grow(learner, data))


@given(regression_datasets(weighted=True, missing=True), surrogate_learners)
def test_regression_trees_with_surrogates_round_trip(data: Dataset, learner: Learner) -> None:
    check_round_trip(grow(regression(learner), data))


def seeded(seed: int, *, classification: bool) -> Dataset:
    """A random dataset of two numeric and two nominal attributes, about one value in five
    missing, weights 1 to 3."""
    rng = random.Random(seed)
    n = rng.randint(8, 30)

    def numbers() -> list[float | None]:
        return [None if rng.random() < 0.2 else rng.randint(0, 6) / 2 for _ in range(n)]

    def levels() -> list[str | None]:
        return [None if rng.random() < 0.2 else rng.choice("pqr") for _ in range(n)]

    target: list[Any] = (
        [rng.choice("xyz") for _ in range(n)]
        if classification
        else [rng.randint(0, 8) / 4 for _ in range(n)]
    )
    columns: dict[str, list[Any]] = {
        "a": numbers(),
        "b": levels(),
        "c": numbers(),
        "d": levels(),
        "y": target,
    }
    return Dataset.from_columns(columns, target="y", weights=[rng.randint(1, 3) for _ in range(n)])


SEEDED = [
    (seed, classification, rule)
    for seed in range(4)
    for classification in (True, False)
    for rule in RULES
]


def stayed(tree: Tree) -> bool:
    """Whether some split's branches weigh less than it: rows its surrogates left there."""
    return any(
        isinstance(node, Split)
        and sum(branch.subtree.stats.weight for branch in node.branches) < node.stats.weight
        for node in nodes(tree)
    )


@functools.cache
def surrogate_trees() -> list[tuple[Tree, Dataset, SurrogateRule]]:
    """A tree grown with surrogates for each seeded dataset, rule and agreement (grown once:
    trees are immutable)."""
    grown = []
    for seed, classification, rule in SEEDED:
        data = seeded(seed, classification=classification)
        learner = evolve(CART, missing="surrogate", surrogate_rule=rule)
        for agreement in ("all", "known"):
            chosen = evolve(learner, surrogate_agreement=agreement)
            tree = grow(chosen if classification else regression(chosen), data)
            grown.append((tree, data, rule))
    return grown


def test_seeded_trees_with_surrogates_round_trip() -> None:
    for tree, _, _ in surrogate_trees():
        check_round_trip(tree)


def test_the_seeded_trees_use_their_surrogates() -> None:
    """The seeded datasets are not vacuous: their trees have surrogates, and rows stay at
    splits under the rules that let them."""
    grown = surrogate_trees()
    assert any(
        isinstance(node, Split) and node.surrogates is not None and node.surrogates.splits
        for tree, _, _ in grown
        for node in nodes(tree)
    )
    assert all(
        isinstance(node, Leaf) or node.surrogates == Surrogates()
        for tree, _, rule in grown
        if rule == "stay"
        for node in nodes(tree)
    )
    for rule in RULES:
        assert any(stayed(tree) for tree, _, made in grown if made == rule), rule


def document(tree: Tree) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(to_json(tree))
    return parsed


def edited(path: tuple[Any, ...], value: Any) -> str:
    """The model file of :func:`on_x` with the value at ``path`` (under the root's
    surrogates) replaced; ``value`` DROP removes the key."""
    doc = document(on_x(evolve(RULE, majority=0)))
    place = doc["nodes"][0]["surrogates"]
    for key in path[:-1]:
        place = place[key]
    if value is DROP:
        del place[path[-1]]
    else:
        place[path[-1]] = copy.deepcopy(value)
    return json.dumps(doc)


DROP = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("majority",), 2, r"^\$\.nodes\[0\]\.surrogates\.majority: .*0 to 1, got 2"),
        (("majority",), -1, r"^\$\.nodes\[0\]\.surrogates\.majority: "),
        (("majority",), "0", r"^\$\.nodes\[0\]\.surrogates\.majority: "),
        (("majority",), True, r"^\$\.nodes\[0\]\.surrogates\.majority: "),
        (("majority",), 0.0, r"^\$\.nodes\[0\]\.surrogates\.majority: "),
        (("majority",), DROP, r"^\$\.nodes\[0\]\.surrogates: missing the key 'majority'"),
        (("splits",), DROP, r"^\$\.nodes\[0\]\.surrogates: missing the key 'splits'"),
        (("extra",), 1, r"^\$\.nodes\[0\]\.surrogates: unexpected key 'extra'"),
        (("splits",), {}, r"^\$\.nodes\[0\]\.surrogates\.splits: "),
        (("splits", 0), "z", r"^\$\.nodes\[0\]\.surrogates\.splits\[0\]: "),
        (
            ("splits", 0, 1, "threshold"),
            0.25,
            r"^\$\.nodes\[0\]\.surrogates\.splits\[0\]: the surrogate's conditions .* overlap",
        ),
        (
            ("splits", 1, 1, "values"),
            ["k", "m"],
            r"^\$\.nodes\[0\]\.surrogates\.splits\[1\]: .* overlap",
        ),
        (
            ("splits", 1, 1, "attribute"),
            "w",
            r"^\$\.nodes\[0\]\.surrogates\.splits\[1\]: a surrogate tests one attribute",
        ),
        (("splits", 1, 1), DROP, r"^\$\.nodes\[0\]\.surrogates\.splits\[1\]: "),
        (("splits", 0, 0, "kind"), "Below", r"^\$\.nodes\[0\]\.surrogates\.splits\[0\]\[0\]"),
        (
            ("splits", 0, 0, "extra"),
            1,
            r"^\$\.nodes\[0\]\.surrogates\.splits\[0\]\[0\]: unexpected key 'extra'",
        ),
    ],
    ids=[
        "majority-2",
        "majority-negative",
        "majority-string",
        "majority-true",
        "majority-float",
        "majority-missing",
        "splits-missing",
        "unknown-key",
        "splits-object",
        "surrogate-string",
        "overlapping-thresholds",
        "overlapping-levels",
        "two-attributes",
        "one-condition",
        "unknown-kind",
        "condition-unknown-key",
    ],
)
def test_a_malformed_surrogate_is_refused_at_its_path(
    path: tuple[Any, ...], value: Any, message: str
) -> None:
    with pytest.raises(DtreeError, match=message):
        from_json(edited(path, value))


def test_a_surrogate_of_the_wrong_shape_for_its_split_is_refused_at_the_split() -> None:
    """A surrogate on the split's own attribute, or of three conditions: refused where the
    split is built (the path names the node)."""
    own = (
        {"kind": "AtMost", "attribute": "x", "threshold": 0.5},
        {
            "kind": "Above",
            "attribute": "x",
            "threshold": 0.5,
        },
    )
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\S*: .* tests 'x' itself"):
        from_json(edited(("splits", 0), list(own)))
    third = {"kind": "In", "attribute": "c", "values": ["n"]}
    doc = json.loads(edited(("splits", 1, 1), {"kind": "In", "attribute": "c", "values": ["m"]}))
    doc["nodes"][0]["surrogates"]["splits"][1].append(third)
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\S*: .* has 3 conditions"):
        from_json(json.dumps(doc))


def test_a_split_without_surrogates_must_still_add_up() -> None:
    """The split of :func:`on_x` counts a row its branches do not: read with its surrogates,
    refused without them."""
    doc = document(on_x())
    del doc["nodes"][0]["surrogates"]
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\.stats\.counts: the split counts"):
        from_json(json.dumps(doc))


def test_null_surrogates_are_refused() -> None:
    doc = document(on_x(None))
    doc["nodes"][0]["surrogates"] = None
    with pytest.raises(DtreeError, match=r"^\$\.nodes\[0\]\.surrogates"):
        from_json(json.dumps(doc))


# -- the recount law -----------------------------------------------------------


def check_routing(tree: Tree, data: Dataset) -> None:
    """The statistics are the rows the surrogates route; many predictions at once are one
    at a time."""
    assert restated(tree, data) == tree
    assert list(predict_many(tree, data)) == [predict(tree, data.example(r)) for r in data.rows]


@given(datasets(max_numeric=2, weighted=True, missing=True), surrogate_learners)
def test_classification_trees_are_their_recount(data: Dataset, learner: Learner) -> None:
    check_routing(grow(learner, data), data)


@given(regression_datasets(weighted=True, missing=True), surrogate_learners)
def test_regression_trees_are_their_recount(data: Dataset, learner: Learner) -> None:
    check_routing(grow(regression(learner), data), data)


def test_seeded_trees_are_their_recount() -> None:
    for tree, data, _ in surrogate_trees():
        check_routing(tree, data)


def two_missing() -> Dataset:
    """x separates the classes where known (x <= 3.5: a); rows 6 and 7 miss it.  z is worse
    (z <= 3: a, a, a; above, a and four b), so the root splits on x with z its surrogate:
    z < 3 -> branch 0 agrees with 5 of the 6 rows of known x.  Row 6 (z = 2) goes to
    branch 0, row 7 (z = 6) to branch 1."""
    return Dataset.from_columns(
        {
            "x": [1, 2, 3, 4, 5, 6, None, None],
            "z": [1, 2, 5, 4, 6, 7, 2, 6],
            "y": list("aaabbbab"),
        },
        target="y",
    )


def test_the_worked_tree_routes_its_missing_rows_by_its_surrogate() -> None:
    data = two_missing()
    tree = grow(evolve(CART, missing="surrogate"), data)
    assert isinstance(tree, Split)
    assert tree.attribute == "x"
    t = math.nextafter(3.0, -math.inf)  # rpart's z < 3
    assert tree.surrogates == Surrogates((Surrogate((AtMost("z", t), Above("z", t))),), None)
    assert [branch.subtree.stats for branch in tree.branches] == [stats(4, 0), stats(0, 4)]
    check_routing(tree, data)


@pytest.mark.parametrize("rule", [Surrogates(), Surrogates((), 0), None])
def test_the_recount_law_tells_other_surrogates_apart(rule: Surrogates | None) -> None:
    """The law can fail: with the root's surrogates replaced the missing rows go elsewhere
    (stay at the root, or both to branch 0, or are shared out), and the recount differs."""
    data = two_missing()
    tree = grow(evolve(CART, missing="surrogate"), data)
    assert isinstance(tree, Split)
    other = evolve(tree, surrogates=rule)
    assert restated(other, data) != other


def test_many_predictions_of_a_binary_multiway_split_with_surrogates() -> None:
    """missing="surrogate" allows a multiway split of a two-level attribute (Equals p = u,
    Equals p = v): compiling it asks its surrogates about a level neither names."""
    data = Dataset.from_columns(
        {
            "p": ["u", "u", "u", "v", "v", "v", None],
            "z": [1, 2, 3, 4, 5, 6, 7],
            "y": list("aaabbba"),
        },
        target="y",
    )
    tree = grow(evolve(CART, missing="surrogate", nominal="multiway"), data)
    assert isinstance(tree, Split)
    assert tree.branches[0].condition == Equals("p", "u")
    assert tree.surrogates is not None
    assert tree.surrogates.splits
    check_routing(tree, data)


def test_a_regression_split_stops_at_its_own_mean() -> None:
    """A row that stays at a regression split is predicted the split's mean."""
    split = Split(
        (
            Branch(AtMost("x", 1.5), Leaf(1.0, Moments(1, 1.0, 1.0))),
            Branch(Above("x", 1.5), Leaf(3.0, Moments(1, 3.0, 9.0))),
        ),
        Moments(3, 6.0, 14.0),
        Surrogates((Z,)),
    )
    assert predict(split, {"x": None, "z": None, "c": "k"}) == 2.0
    assert predict(split, {"x": None, "z": 1.0, "c": "k"}) == 3.0
