"""dtree.grower.surrogate_splits: rpart's surrogates of a binary split, chosen, scored and
ranked as the module's notes say (rpart's ``choose_surg.c`` and ``surrogate.c``).

The model is a brute force written from those notes alone: for a numeric attribute every
cut between adjacent distinct known values, in both orientations, kept where it strictly
beats the best so far; for a nominal one each level sent the way most of its weight goes.
The law: :func:`ranked_surrogates` is the brute force's ranking, on random small nodes
(unit weights, integer weights 1 to 3, or 0 to 3, where the rules' "rows of positive
weight" count).
Worked examples carry their arithmetic in comments.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import cast

import pytest
from attrs import evolve, frozen
from hypothesis import given
from hypothesis import strategies as st

from dtree.conditions import Above, AtMost, Condition, In
from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Schema, Value, Weight
from dtree.errors import DtreeError
from dtree.grower import surrogate_splits
from dtree.grower.learner import CART, Agreement, SurrogateRule
from dtree.grower.make_subtree import grow
from dtree.grower.surrogate_splits import (
    Ranked,
    node_surrogates,
    ranked_surrogates,
    rpart_left,
)
from dtree.surrogates import Surrogate, Surrogates

# -- a worked node -------------------------------------------------------------

L, R = 0, 1
"""In the worked node rpart's left child is branch 0 (``left=0``): L is branch 0, R branch 1."""

WORKED_SIDES = (L, L, R, L, R, R, R, L, -1)
"""The primary's side of rows 0..8; row 8 is missing the primary."""


def _below(t: float) -> float:
    """rpart's ``x < t`` as dtree's ``x <= t'``: t' the float just below t."""
    return math.nextafter(t, -math.inf)


def worked() -> Dataset:
    """Nine rows of unit weight: a numeric surrogate z, a nominal one c (levels k, m, n, o),
    and the primary x (its values agree with :data:`WORKED_SIDES`; row 8 misses it).

    ====  ====  ===  ===  =====
    row   side  z    c    x
    ====  ====  ===  ===  =====
    0     L     1    k    1
    1     L     2    k    1
    2     R     3    m    2
    3     L     4    m    1
    4     R     5    m    2
    5     R     6    n    2
    6     R     7    -    2
    7     L     -    n    1
    8     -     3.5  o    -
    ====  ====  ===  ===  =====
    """
    schema = Schema(
        (
            Attribute("c", Nominal(("k", "m", "n", "o"))),
            Attribute("x", Numeric()),
            Attribute("z", Numeric()),
        ),
        Attribute("y", Nominal(("a", "b"))),
    )
    c = ("k", "k", "m", "m", "m", "n", None, "n", "o")
    x = (1, 1, 2, 1, 2, 2, 2, 1, None)
    z = (1, 2, 3, 4, 5, 6, 7, None, 3.5)
    y = ("a", "a", "b", "a", "b", "b", "b", "a", "a")
    return Dataset(schema, (c, x, z), y)


def worked_ranking(agreement: Agreement) -> list[tuple[tuple[Condition, ...], float, float]]:
    data = worked()
    found = ranked_surrogates(
        data,
        range(9),
        [1] * 9,
        "x",
        WORKED_SIDES,
        left=0,
        max_surrogates=5,
        agreement=agreement,
    )
    return [(r.surrogate.conditions, r.agreement, r.adjusted) for r in found]


# The numeric surrogate z.  Known primary: L = rows 0, 1, 3, 7 (4), R = rows 2, 4, 5, 6 (4).
# Known z too (rows 0..6): L = 3, R = 4, so the majority to beat is 4.
# The distinct known z are 1, 2, 3, 3.5 (row 8's, missing the primary), 4, 5, 6, 7: cuts at
# 1.5 (one row below: not eligible), 2.5, 3.25, 3.75, 4.5, 5.5, 6.5 (one row above: not).
#   cut 2.5:  z < t -> R: R below 0 + L above 1 (row 3) = 1;  z < t -> L: L below 2 + R above 4 = 6
#   cut 3.25: z < t -> L: L below 2 + R above 3 = 5  (and 3.75 the same: row 8 counts for nothing)
#   cut 4.5:  z < t -> L: L below 3 + R above 3 = 6  (no better than 6: the first cut stays)
#   cut 5.5:  z < t -> L: L below 3 + R above 2 = 5
# Best: z < 2.5 -> L, agreeing weight 6, so (AtMost z 2.5, Above z 2.5) for branches (L, R).
#   "all":   agree = 6/8 = 0.75, m = 4/8 = 0.5, adj = (0.75 - 0.5) / (1 - 0.5) = 0.5
#   "known": agree = 6/7,        m = 4/7,       adj = (6/7 - 4/7) / (3/7)     = 2/3
# The nominal surrogate c.  Known c and primary: rows 0..5 and 7: L = 0, 1, 3, 7 (4), R = 2, 4, 5
# (3), so L is the heavier side there, where a tied level goes.
#   k: L 2, R 0 -> L (agree 2);  m: L 1, R 2 -> R (agree 2);  n: L 1, R 1, a tie -> L (agree 1)
#   o: only row 8, whose primary is missing: sent nowhere.
# Agreeing rows 0, 1, 2, 4, 7 (5 > 1), disagreeing rows 3, 5 (2 > 1): c counts, agreeing weight 5.
#   "all":   agree = 5/8 = 0.625, m = 0.5, adj = (0.625 - 0.5) / 0.5 = 0.25
#   "known": agree = 5/7,         m = 4/7, adj = (5/7 - 4/7) / (3/7) = 1/3
# Ranked by agreement, z before c although c comes first in the schema.
Z_SENDS = (AtMost("z", _below(2.5)), Above("z", _below(2.5)))
C_SENDS = (In("c", {"k", "n"}), In("c", {"m"}))


def test_worked_agreement_over_all_rows_of_known_side() -> None:
    assert worked_ranking("all") == [(Z_SENDS, 0.75, 0.5), (C_SENDS, 0.625, 0.25)]


def test_worked_agreement_over_rows_of_known_surrogate() -> None:
    [(z, z_agree, z_adj), (c, c_agree, c_adj)] = worked_ranking("known")
    assert (z, c) == (Z_SENDS, C_SENDS)
    assert math.isclose(z_agree, 6 / 7, rel_tol=1e-15)
    assert math.isclose(z_adj, 2 / 3, rel_tol=1e-15)
    assert math.isclose(c_agree, 5 / 7, rel_tol=1e-15)
    assert math.isclose(c_adj, 1 / 3, rel_tol=1e-15)


def test_with_the_other_side_left_the_conditions_follow_the_branches() -> None:
    """The worked node with its branches swapped (branch 1 now holds the rows of L, and is
    rpart's left): the same surrogates, each condition on the branch whose rows it sends,
    so in the other order."""
    found = ranked_surrogates(
        worked(),
        range(9),
        [1] * 9,
        "x",
        [1 - s if s >= 0 else s for s in WORKED_SIDES],
        left=1,
        max_surrogates=5,
    )
    assert [(r.surrogate.conditions, r.agreement, r.adjusted) for r in found] == [
        (Z_SENDS[::-1], 0.75, 0.5),
        (C_SENDS[::-1], 0.625, 0.25),
    ]


def test_max_surrogates_keeps_the_best() -> None:
    found = ranked_surrogates(
        worked(), range(9), [1] * 9, "x", WORKED_SIDES, left=0, max_surrogates=1
    )
    assert [r.surrogate.attribute for r in found] == ["z"]


def test_equal_agreements_keep_the_schema_order() -> None:
    """Two copies of z agree equally: the earlier in the schema ranks first."""
    data = Dataset.from_columns(
        {
            "x": [1, 1, 1, 2, 2, 2],
            "w": [1, 2, 3, 4, 5, 6],
            "v": [1, 2, 3, 4, 5, 6],
            "y": list("aaabbb"),
        },
        target="y",
    )
    found = ranked_surrogates(
        data, range(6), [1] * 6, "x", [0, 0, 0, 1, 1, 1], left=0, max_surrogates=5
    )
    assert [r.surrogate.attribute for r in found] == ["w", "v"]
    assert found[0].agreement == found[1].agreement == 1.0
    one = ranked_surrogates(
        data, range(6), [1] * 6, "x", [0, 0, 0, 1, 1, 1], left=0, max_surrogates=1
    )
    assert [r.surrogate.attribute for r in one] == ["w"]


def test_weights_count_in_the_agreement() -> None:
    """Rows 0, 1 (L) and 2, 3 (R), weights 1, 3, 1, 1; z = 1, 2, 3, 4 sends z < 2.5 to L and
    agrees with all: agree 6/6 = 1.  The majority is 4/6, so adj = (1 - 2/3) / (1/3) = 1.
    A nominal surrogate whose levels split (k: rows 0, 2; m: rows 1, 3) sends k by weight
    (L 1, R 1: a tie, to the heavier side L) and m to L (3 against 1): agree 4/6, adj 0,
    dropped."""
    data = Dataset.from_columns(
        {"x": [1, 1, 2, 2], "z": [1, 2, 3, 4], "c": ["k", "m", "k", "m"], "y": list("aabb")},
        target="y",
    )
    found = ranked_surrogates(
        data, range(4), [1, 3, 1, 1], "x", [0, 0, 1, 1], left=0, max_surrogates=5
    )
    assert [(r.surrogate.conditions, r.agreement, r.adjusted) for r in found] == [
        ((AtMost("z", _below(2.5)), Above("z", _below(2.5))), 1.0, 1.0)
    ]


@pytest.mark.parametrize(
    ("sides", "weights", "of_unit_weights"),
    [
        # Row 1 weighs 0: at 2.5 one row of positive weight is below; at 3.5, z < t -> L
        # agrees with 1 + 0 + 2 = 3, no more than the majority (R, 3).  Of unit weights,
        # z < 2.5 -> L agrees with all 5.
        ((0, 0, 1, 1, 1), (1, 0, 1, 1, 1), (AtMost("z", _below(2.5)), Above("z", _below(2.5)))),
        # Row 4 weighs 0: at 3.5 one row of positive weight is above; at 2.5, z < t -> R
        # agrees with 2 + 1 + 0 = 3, no more than the majority (R, 3).  Of unit weights,
        # z < 3.5 -> R agrees with all 5 (and branch 0 is L).
        ((1, 1, 1, 0, 0), (1, 1, 1, 1, 0), (Above("z", _below(3.5)), AtMost("z", _below(3.5)))),
    ],
)
def test_a_numeric_cut_needs_two_rows_of_known_side_and_positive_weight_each_way(
    sides: tuple[int, ...], weights: tuple[int, ...], of_unit_weights: tuple[Condition, ...]
) -> None:
    """z separates the sides perfectly, but one side has only one row of positive weight:
    no cut is eligible that beats the majority."""
    data = Dataset.from_columns(
        {"x": [1, 1, 2, 2, 2], "z": [1, 2, 3, 4, 5], "y": list("aabbb")}, target="y"
    )
    found = ranked_surrogates(data, range(5), weights, "x", sides, left=0, max_surrogates=5)
    assert found == ()
    every = ranked_surrogates(data, range(5), [1] * 5, "x", sides, left=0, max_surrogates=5)
    assert [r.surrogate.conditions for r in every] == [of_unit_weights]


def test_a_nominal_surrogate_needs_two_rows_each_way() -> None:
    """c agrees with the primary on every row but one: one row disagrees, so c does not
    count (rpart's "at least 2 each way")."""
    data = Dataset.from_columns(
        {"x": [1, 1, 1, 2, 2, 2], "c": list("kkkmmk"), "y": list("aaabbb")}, target="y"
    )
    found = ranked_surrogates(
        data, range(6), [1] * 6, "x", [0, 0, 0, 1, 1, 1], left=0, max_surrogates=5
    )
    assert found == ()


# -- the brute force -----------------------------------------------------------

Side = str  # "L" or "R"


def other(side: Side) -> Side:
    return "R" if side == "L" else "L"


@frozen
class Found:
    """A surrogate as the brute force finds it: its condition for each side and the weight
    of the rows it sends their primary's way."""

    sends: dict[Side, Condition]
    agree: Fraction


Known = list[tuple[Value, Side | None, Fraction]]  # (surrogate value, primary side, weight)


def brute_numeric(name: str, known: Known) -> Found | None:
    """Every cut between adjacent distinct values, from low to high, ``x < t -> R`` then
    ``x < t -> L``; the first strictly better than the best so far, from the majority."""
    placed = [(side, w) for _, side, w in known if side is not None]
    best = max(
        sum((w for s, w in placed if s == "L"), Fraction(0)),
        sum((w for s, w in placed if s == "R"), Fraction(0)),
    )
    chosen: tuple[float, Side] | None = None
    numbers = [(float(cast(float, x)), s, w) for x, s, w in known]
    values = sorted({x for x, _, _ in numbers})
    for low, high in itertools.pairwise(values):
        t = (low + high) / 2
        assert low < t < high  # the grid's values: a midpoint is no value
        below = [(s, w) for x, s, w in numbers if x < t]
        above = [(s, w) for x, s, w in numbers if x > t]

        def eligible(part: list[tuple[Side | None, Fraction]]) -> bool:
            return sum(1 for s, w in part if s is not None and w > 0) >= 2

        if not (eligible(below) and eligible(above)):
            continue
        for goes in ("R", "L"):  # where x < t goes
            agree = sum((w for s, w in below if s == goes), Fraction(0)) + sum(
                (w for s, w in above if s == other(goes)), Fraction(0)
            )
            if agree > best:
                best, chosen = agree, (t, goes)
    if chosen is None:
        return None
    t, goes = chosen
    t = _below(t)  # rpart's x < t
    return Found({goes: AtMost(name, t), other(goes): Above(name, t)}, best)


def brute_nominal(name: str, known: Known, levels: Sequence[str]) -> Found | None:
    """Each level the way most of its weight goes, a tie to the heavier side (R if equal); a
    level no row of known side and positive weight has, nowhere; at least two rows agree
    and two disagree."""
    placed = [(str(x), s, w) for x, s, w in known if s is not None]
    total = {side: sum((w for _, s, w in placed if s == side), Fraction(0)) for side in "LR"}
    heavier = "L" if total["L"] > total["R"] else "R"
    goes: dict[str, Side] = {}
    for level in levels:
        here = [(s, w) for x, s, w in placed if x == level]
        if not any(w > 0 for _, w in here):
            continue
        weight = {side: sum((w for s, w in here if s == side), Fraction(0)) for side in "LR"}
        if weight["L"] == weight["R"]:
            goes[level] = heavier
        else:
            goes[level] = "L" if weight["L"] > weight["R"] else "R"
    counted = [(goes[x] == s, w) for x, s, w in placed if x in goes]
    agreeing = sum(1 for same, w in counted if same and w > 0)
    disagreeing = sum(1 for same, w in counted if not same and w > 0)
    if not (agreeing > 1 and disagreeing > 1):
        return None
    agree = sum((w for same, w in counted if same), Fraction(0))
    sends: dict[Side, Condition] = {
        side: In(name, [level for level in levels if goes.get(level) == side]) for side in "LR"
    }
    return Found(sends, agree)


def brute_ranked(
    data: Dataset,
    rows: Sequence[int],
    weights: Sequence[Weight],
    primary: str,
    sides: Sequence[int],
    *,
    left: int,
    max_surrogates: int,
    agreement: Agreement,
) -> list[tuple[tuple[Condition, ...], Fraction, Fraction]]:
    """The ranked surrogates, from the module's notes alone, in exact arithmetic."""
    side_of: list[Side | None] = [None if s < 0 else ("L" if s == left else "R") for s in sides]
    exact = [Fraction(w) for w in weights]
    every = [(s, w) for s, w in zip(side_of, exact, strict=True) if s is not None]
    found: list[tuple[tuple[Condition, ...], Fraction, Fraction]] = []
    for j, attribute in enumerate(data.schema.attributes):
        if attribute.name == primary:
            continue
        known: Known = [
            (data.columns[j][row], s, w)
            for row, s, w in zip(rows, side_of, exact, strict=True)
            if data.columns[j][row] is not None
        ]
        domain = attribute.domain
        if isinstance(domain, Nominal):
            result = brute_nominal(attribute.name, known, domain.values)
        else:
            result = brute_numeric(attribute.name, known)
        if result is None:
            continue
        counted = every if agreement == "all" else [(s, w) for _, s, w in known if s is not None]
        total = sum((w for _, w in counted), Fraction(0))
        majority = max(sum((w for s, w in counted if s == side), Fraction(0)) for side in "LR")
        share, m = result.agree / total, majority / total
        adjusted = (share - m) / (1 - m)
        if adjusted <= Fraction(1e-10):
            continue
        branches = tuple(result.sends["L" if k == left else "R"] for k in (0, 1))
        found.append((branches, share, adjusted))
    found.sort(key=lambda item: -item[1])  # stable: equal agreements keep the schema's order
    return found[:max_surrogates]


@frozen
class Node:
    """A node for :func:`ranked_surrogates`: its rows of ``data`` with their weights and
    sides, the primary's name, which branch is rpart's left, and the options."""

    data: Dataset
    rows: tuple[int, ...]
    weights: tuple[Weight, ...]
    primary: str
    sides: tuple[int, ...]
    left: int
    max_surrogates: int
    agreement: Agreement


NUMBERS = st.integers(0, 4).map(lambda k: k / 2)
"""Values 0, 0.5, ..., 2: repeats are common, and no midpoint is a value."""


@st.composite
def nodes(draw: st.DrawFn) -> Node:
    n_surrogates = draw(st.integers(1, 4))
    kinds = draw(st.lists(st.booleans(), min_size=n_surrogates, max_size=n_surrogates))
    names = [f"s{j}" for j in range(n_surrogates)]
    attributes = [
        Attribute(
            name, Nominal(("k", "m", "n")[: draw(st.integers(2, 3))]) if nominal else Numeric()
        )
        for name, nominal in zip(names, kinds, strict=True)
    ]
    at = draw(st.integers(0, n_surrogates))
    attributes.insert(at, Attribute("p", Numeric()))
    n = draw(st.integers(1, 12))
    columns: list[tuple[Value, ...]] = []
    for attribute in attributes:
        if attribute.name == "p":
            columns.append((0.0,) * n)  # replaced by the sides below
            continue
        domain = attribute.domain
        values: st.SearchStrategy[Value] = (
            st.sampled_from(domain.values) if isinstance(domain, Nominal) else NUMBERS
        )
        drawn = draw(st.lists(st.none() | values, min_size=n, max_size=n))
        columns.append(tuple(drawn))
    rows = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=1))))
    sides = tuple(
        draw(st.lists(st.sampled_from((-1, 0, 1)), min_size=len(rows), max_size=len(rows)))
    )
    by_row = dict(zip(rows, sides, strict=True))
    columns[at] = tuple(
        None if by_row.get(row, 0) < 0 else float(by_row.get(row, 0)) for row in range(n)
    )
    lightest = draw(st.sampled_from((None, 1, 0)))  # unit weights, 1..3, or 0..3
    weights: tuple[Weight, ...] = (
        (1,) * len(rows)
        if lightest is None
        else tuple(draw(st.lists(st.integers(lightest, 3), min_size=len(rows), max_size=len(rows))))
    )
    schema = Schema(tuple(attributes), Attribute("y", Nominal(("a", "b"))))
    data = Dataset(schema, tuple(columns), ("a",) * n)
    return Node(
        data,
        rows,
        weights,
        "p",
        sides,
        draw(st.sampled_from((0, 1))),
        draw(st.integers(0, 4)),
        draw(st.sampled_from(("all", "known"))),
    )


def ranked(node: Node) -> tuple[Ranked, ...]:
    return ranked_surrogates(
        node.data,
        node.rows,
        node.weights,
        node.primary,
        node.sides,
        left=node.left,
        max_surrogates=node.max_surrogates,
        agreement=node.agreement,
    )


def brute(node: Node) -> list[tuple[tuple[Condition, ...], Fraction, Fraction]]:
    return brute_ranked(
        node.data,
        node.rows,
        node.weights,
        node.primary,
        node.sides,
        left=node.left,
        max_surrogates=node.max_surrogates,
        agreement=node.agreement,
    )


def test_the_brute_force_works_the_worked_node() -> None:
    """The model reads the worked node as the comments above do."""
    node = Node(worked(), tuple(range(9)), (1,) * 9, "x", WORKED_SIDES, 0, 5, "all")
    assert brute(node) == [
        (Z_SENDS, Fraction(3, 4), Fraction(1, 2)),
        (C_SENDS, Fraction(5, 8), Fraction(1, 4)),
    ]
    assert brute(evolve(node, agreement="known")) == [
        (Z_SENDS, Fraction(6, 7), Fraction(2, 3)),
        (C_SENDS, Fraction(5, 7), Fraction(1, 3)),
    ]


@given(nodes())
def test_ranked_surrogates_are_the_brute_forces(node: Node) -> None:
    """The law: the same surrogates, conditions for conditions, in the same order, with the
    same agreement and adjusted agreement."""
    found = ranked(node)
    expected = brute(node)
    assert [r.surrogate.conditions for r in found] == [c for c, _, _ in expected]
    for r, (_, agree, adjusted) in zip(found, expected, strict=True):
        assert math.isclose(r.agreement, agree, rel_tol=1e-12)
        assert math.isclose(r.adjusted, adjusted, rel_tol=1e-12)


def test_the_law_tells_a_different_ranking() -> None:
    """The law can fail: the worked node with the sides of rows 0 and 2 swapped is ranked
    otherwise."""
    node = Node(worked(), tuple(range(9)), (1,) * 9, "x", WORKED_SIDES, 0, 5, "all")
    swapped = evolve(node, sides=(R, L, L, *WORKED_SIDES[3:]))
    assert [r.surrogate.conditions for r in ranked(swapped)] != [c for c, _, _ in brute(node)]


# -- rpart's left child --------------------------------------------------------


def test_the_side_of_the_lower_mean_class_number_is_left() -> None:
    """Classes a, b are numbered 0, 1: branch 0 holds b, b, a (mean 2/3), branch 1 a, a (0)."""
    data = Dataset.from_columns({"x": [1, 2, 3, 4, 5], "y": list("bbaaa")}, target="y")
    assert rpart_left(data, range(5), [0, 0, 0, 1, 1]) == 1
    assert rpart_left(data, range(5), [1, 1, 1, 0, 0]) == 0


def test_a_row_of_missing_side_counts_for_neither() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3, None], "y": list("abab")}, target="y")
    assert rpart_left(data, range(4), [0, 1, 1, -1]) == 0  # means 0 and 1/2


def test_the_means_are_weighted() -> None:
    """Branch 0: b (weight 1), a (3), mean 1/4; branch 1: b, a of weight 1, mean 1/2.  Left
    is branch 0; of unit weights, the means are equal and left is branch 1."""
    weighted = Dataset.from_columns(
        {"x": [1, 2, 3, 4], "y": list("baba")}, target="y", weights=[1, 3, 1, 1]
    )
    assert rpart_left(weighted, range(4), [0, 0, 1, 1]) == 0
    unit = Dataset.from_columns({"x": [1, 2, 3, 4], "y": list("baba")}, target="y")
    assert rpart_left(unit, range(4), [0, 0, 1, 1]) == 1


def test_equal_means_give_branch_1() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": list("abab")}, target="y")
    assert rpart_left(data, range(4), [0, 0, 1, 1]) == 1
    assert rpart_left(data, range(4), [1, 1, 0, 0]) == 1


def test_a_side_without_rows_gives_branch_1() -> None:
    data = Dataset.from_columns({"x": [1, 2, 3], "y": list("bba")}, target="y")
    assert rpart_left(data, range(3), [0, 0, 0]) == 1
    assert rpart_left(data, range(3), [-1, -1, -1]) == 1


def test_the_side_of_the_lower_mean_response_is_left() -> None:
    """Branch 0: responses 3, 1 (mean 2); branch 1: 0, 5 (mean 2.5)."""
    data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": [3.0, 1.0, 0.0, 5.0]}, target="y")
    assert rpart_left(data, range(4), [0, 0, 1, 1]) == 0
    assert rpart_left(data, range(4), [1, 1, 0, 0]) == 1


def test_the_class_numbers_follow_the_declared_order() -> None:
    """Declared b, a: b is class 0, so branch 0 (b, b, a: mean 1/3) is left of branch 1
    (a, a: mean 1)."""
    data = Dataset.from_columns(
        {"x": [1, 2, 3, 4, 5], "y": list("bbaaa")}, target="y", classes=["b", "a"]
    )
    assert rpart_left(data, range(5), [0, 0, 0, 1, 1]) == 0


# -- node_surrogates -----------------------------------------------------------


def tied() -> Dataset:
    """x <= 3.5 holds rows 0, 1, 2 and x > 3.5 rows 4, 5, 6: a tie of known weight; row 3
    misses x.  z tracks x backwards."""
    return Dataset.from_columns(
        {
            "x": [1, 2, 3, None, 5, 6, 7],
            "z": [7, 6, 5, 4, 3, 2, 1],
            "y": list("aaabbbb"),
        },
        target="y",
    )


def side_of_x(value: Value) -> int:
    return 0 if float(value) <= 3.5 else 1  # type: ignore[arg-type]


def test_no_surrogates_are_computed_with_max_surrogates_0(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> tuple[Ranked, ...]:
        raise AssertionError("ranked_surrogates was called")

    monkeypatch.setattr(surrogate_splits, "ranked_surrogates", refuse)
    data = evolve(tied(), weights=(1, 1, 1, 1, 1, 1, 2))  # no tie: still no majority
    rule, found = node_surrogates(data, range(7), data.weights, "x", side_of_x, max_surrogates=0)
    assert (rule, found) == (Surrogates(), ())


@pytest.mark.parametrize(
    ("rule", "splits", "majority"),
    [("stay", False, False), ("surrogates", True, False), ("majority", True, True)],
)
def test_the_rule_keeps_what_rparts_usesurrogate_keeps(
    rule: SurrogateRule, splits: bool, majority: bool
) -> None:
    """Rows 0..2 (3) against 4..6 (weights 1, 1, 2: 4): branch 1 is the majority.  Branch 0
    has the lower mean class (0 against 1): it is rpart's left.  Of z's cuts (from 1.5 up),
    z < 2.5 -> branch 1 agrees with 6, z < 3.5 -> branch 1 with all 7 (the first to; 4.5,
    past row 3's z, no better): the surrogate.  The ranking is listed whatever the rule."""
    data = evolve(tied(), weights=(1, 1, 1, 1, 1, 1, 2))
    made, found = node_surrogates(
        data,
        range(7),
        data.weights,
        "x",
        side_of_x,
        max_surrogates=5,
        rule=rule,
    )
    z = Surrogate((Above("z", _below(3.5)), AtMost("z", _below(3.5))))
    assert [r.surrogate for r in found] == [z]
    assert made == Surrogates((z,) if splits else (), 1 if majority else None)


def test_the_majority_is_none_on_a_tie_of_known_weight() -> None:
    data = tied()
    made, found = node_surrogates(data, range(7), data.weights, "x", side_of_x, max_surrogates=5)
    assert made.majority is None
    assert [r.surrogate.attribute for r in found] == ["z"]


def test_the_majority_is_the_heavier_branch_of_known_weight() -> None:
    """Row 3, missing x, weighs 5: it does not count."""
    data = evolve(tied(), weights=(2, 1, 1, 5, 1, 1, 1))
    made, _ = node_surrogates(data, range(7), data.weights, "x", side_of_x, max_surrogates=5)
    assert made.majority == 0


def test_the_node_weights_are_the_ones_counted() -> None:
    """The weights passed for the node's rows, not the dataset's, make the majority."""
    data = tied()
    made, _ = node_surrogates(
        data, range(7), (1, 1, 1, 1, 1, 1, 2), "x", side_of_x, max_surrogates=5
    )
    assert made.majority == 1


# -- growing -------------------------------------------------------------------


def test_multiway_splits_of_three_levels_are_refused_with_surrogates() -> None:
    data = Dataset.from_columns(
        {"c": ["p", "q", "r", "p", None], "x": [1, 2, 3, 4, 5], "y": list("abbab")}, target="y"
    )
    learner = evolve(CART, missing="surrogate", nominal="multiway")
    with pytest.raises(DtreeError, match="nominal='subsets'"):
        grow(learner, data)
    grow(evolve(learner, nominal="subsets"), data)  # binary subsets: grown
