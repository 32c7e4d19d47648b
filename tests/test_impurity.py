"""dtree.impurity: the notes' numbers and the laws, side by side.

Numbers first (PlayTennis, the restaurant, the Boolean table, exam
results, XOR, the bike code, 1024 outcomes), each against the note that
prints it; where a note rounds its intermediates, the exact value is
checked and the note's arithmetic is shown.  Then the laws of
dtree.invariants: exhaustively over tiny domains, with Hypothesis
elsewhere, and against independent formulas as models.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations, product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dtree import invariants as law
from dtree.counts import Counts, Table, class_counts, contingency, transpose
from dtree.dataset import Dataset, Weight
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.impurity import (
    TOLERANCE,
    Impurity,
    conditional_entropy,
    entropy,
    gain_ratio,
    gini,
    half_poisson_deviance,
    impurity_decrease,
    information_gain,
    misclassification,
    mutual_information,
    poisson_decrease,
    remainder,
    split_information,
)
from dtree.strategies import counts, datasets, tables

IMPURITIES = (entropy, gini, misclassification)
LOG2_3 = math.log2(3)


def close(x: float, y: float) -> bool:
    return abs(x - y) <= TOLERANCE


# -- PlayTennis (CS 760 notes) ---------------------------------------------------------


def test_play_tennis_entropy_of_the_sample() -> None:
    tennis = load("play-tennis")
    assert class_counts(tennis) == (5, 9)
    assert round(entropy(class_counts(tennis)), 3) == 0.940


def test_play_tennis_gains() -> None:
    tennis = load("play-tennis")
    gains = {name: round(information_gain(tennis, name), 3) for name in tennis.schema.names}
    assert gains == {"Outlook": 0.247, "Temperature": 0.029, "Humidity": 0.152, "Wind": 0.048}
    assert max(gains, key=gains.__getitem__) == "Outlook"


def test_play_tennis_humidity_the_notes_round_their_intermediates() -> None:
    tennis = load("play-tennis")
    high, normal = contingency(tennis, "Humidity")  # (No, Yes) counts
    assert (high, normal) == ((4, 3), (1, 6))
    assert round(entropy(high), 3) == 0.985
    assert round(entropy(normal), 3) == 0.592
    # The notes: 0.940 - [7/14 (0.985) + 7/14 (0.592)] = 0.1515, printed 0.151;
    # from unrounded values the gain is 0.15184, 0.152 to three places.
    assert round(0.940 - (0.985 + 0.592) / 2, 4) == 0.1515
    assert round(information_gain(tennis, "Humidity"), 5) == 0.15184


def test_play_tennis_wind() -> None:
    tennis = load("play-tennis")
    strong, weak = contingency(tennis, "Wind")
    assert round(entropy(weak), 3) == 0.811
    assert entropy(strong) == 1.0
    assert round(0.940 - (8 / 14 * 0.811 + 6 / 14 * 1.0), 3) == 0.048


def test_play_tennis_gains_are_mutual_informations() -> None:
    # "Information gain (a.k.a. mutual information)": the symmetric sum gives the same numbers.
    tennis = load("play-tennis")
    for name in tennis.schema.names:
        table = contingency(tennis, name)
        assert close(mutual_information(table), information_gain(tennis, name)), name
        assert close(mutual_information(transpose(table)), information_gain(tennis, name)), name
    assert round(mutual_information(contingency(tennis, "Wind")), 3) == 0.048
    assert round(mutual_information(contingency(tennis, "Humidity")), 5) == 0.15184


# -- the restaurant (the Decision Trees II notes; Russell & Norvig) -------------------------------


def test_restaurant_gain_of_patrons_exactly() -> None:
    restaurant = load("restaurant")
    gain = information_gain(restaurant, "Pat")
    assert round(gain, 3) == 0.541
    assert close(gain, 4 / 3 - LOG2_3 / 2)
    # I(Pat, X) = 6/12 H(4/6, 2/6) = log2(3)/2 - 1/3 = 0.459; the notes print .47
    # from log approximations (.6 and 1.6) and so Gain = 1 - .47 = .53.
    assert close(conditional_entropy(restaurant, "Pat"), LOG2_3 / 2 - 1 / 3)


def test_restaurant_type_gains_nothing() -> None:
    restaurant = load("restaurant")
    assert abs(information_gain(restaurant, "Type")) <= TOLERANCE
    assert gain_ratio(restaurant, "Type") == 0.0


def test_restaurant_split_information() -> None:
    restaurant = load("restaurant")
    # SplitInfo(Pat) = H(1/6, 1/3, 1/2) = 2/3 + log2(3)/2 = 1.4591 (notes: 1.47).
    assert close(split_information(restaurant, "Pat"), 2 / 3 + LOG2_3 / 2)
    assert round(split_information(restaurant, "Pat"), 4) == 1.4591
    # SplitInfo(Type) = H(1/6, 1/6, 1/3, 1/3) = 1/3 + log2 3 = 1.9183 (notes: 1.93).
    assert close(split_information(restaurant, "Type"), 1 / 3 + LOG2_3)
    assert round(split_information(restaurant, "Type"), 4) == 1.9183


def test_restaurant_gain_ratio_of_patrons_exactly() -> None:
    # (4/3 - log2(3)/2) / (2/3 + log2(3)/2) = 0.3707; the notes' 0.53 / 1.47 = 0.36.
    ratio = gain_ratio(load("restaurant"), "Pat")
    assert close(ratio, (4 / 3 - LOG2_3 / 2) / (2 / 3 + LOG2_3 / 2))
    assert round(ratio, 4) == 0.3707


# -- Lecture 10 notes: Boolean table, exam results, XOR, base |Y| ---------------------


def test_boolean_table_conditional_entropies() -> None:
    table = load("boolean-table")
    h1, h2 = conditional_entropy(table, "X1"), conditional_entropy(table, "X2")
    assert (round(h1, 4), round(h2, 4)) == (0.4056, 0.9056)
    # H(Y|X1) = 1/2 H(1/4, 3/4) = 1 - (3/8) log2 3; H(Y|X2) = 1/2 + that.
    assert close(h1, 1 - 3 / 8 * LOG2_3)
    assert close(h2, 3 / 2 - 3 / 8 * LOG2_3)
    assert information_gain(table, "X1") > information_gain(table, "X2")


def test_exam_results_gains_and_the_best_attribute() -> None:
    exam = load("exam-results")
    assert class_counts(exam) == (6, 9)  # F, P
    h = entropy((6, 9))
    assert close(h, math.log2(5) - 2 / 5 - 3 / 5 * LOG2_3)  # H(2/5, 3/5) = 0.9710
    gains = {name: information_gain(exam, name) for name in exam.schema.names}
    assert {name: round(gain, 4) for name, gain in gains.items()} == {
        "OnlineCourseTaken": 0.0200,
        "Background": 0.5682,
        "MockTest": 0.1163,
    }
    # Background: CSE (all P) and Other (all F) are pure; only Maths (2 F, 5 P) is mixed.
    assert contingency(exam, "Background") == ((0, 4), (2, 5), (4, 0))
    assert close(gains["Background"], h - 7 / 15 * entropy((2, 5)))
    # The notes' "Try 2", which splits on Background first, is the one ID3 picks.
    assert max(gains, key=gains.__getitem__) == "Background"


def test_xor_gains_nothing_at_the_root() -> None:
    xor = load("xor")
    assert entropy(class_counts(xor)) == 1.0
    assert conditional_entropy(xor, "Z1") == conditional_entropy(xor, "Z2") == 1.0
    assert information_gain(xor, "Z1") == information_gain(xor, "Z2") == 0.0


@pytest.mark.parametrize("k", range(2, 11))
def test_entropy_in_base_k_is_one_for_the_uniform(k: int) -> None:
    assert close(entropy((1,) * k, base=k), 1.0)
    assert close(entropy((3,) * k, base=k), 1.0)


def test_entropy_in_base_k_is_at_most_one_exhaustively() -> None:
    for c in count_vectors():
        if len(c) >= 2:
            assert entropy(c, base=len(c)) <= 1 + TOLERANCE


# -- information theory (the CS 536 and CS 760 notes) ---------------------------------------------


def test_the_bike_code_takes_one_and_three_quarter_bits() -> None:
    # P = 1/2, 1/4, 1/8, 1/8: codes of 1, 2, 3, 3 bits.
    assert entropy((4, 2, 1, 1)) == 1.75
    assert entropy((1, 1, 1, 1)) == 2.0  # the fixed-length code of 2 bits


def test_1024_equiprobable_outcomes_take_ten_bits() -> None:
    assert entropy((1,) * 1024) == 10.0
    assert entropy((1,) + (0,) * 1023) == 0.0  # certainty takes no bits


def test_entropy_in_other_bases() -> None:
    assert close(entropy((1, 1), base=math.e), math.log(2))
    assert close(entropy((1,) * 100, base=10), 2.0)


# -- Gini and misclassification: exact ------------------------------------------------


def test_gini_and_misclassification_are_exact_fractions() -> None:
    assert gini([5, 9]) == Fraction(45, 98)
    assert gini([3, 3, 3]) == Fraction(2, 3)
    assert gini([0, 7]) == 0
    assert misclassification([5, 9]) == Fraction(5, 14)
    assert misclassification([1, 1, 2]) == Fraction(1, 2)
    assert type(gini([5, 9])) is Fraction
    assert type(misclassification([5, 9])) is Fraction
    assert gini([Fraction(1, 2), Fraction(3, 2)]) == Fraction(3, 8)


def test_float_weights_give_floats() -> None:
    assert isinstance(gini([0.5, 1.5]), float)
    assert math.isclose(gini([0.5, 1.5]), 0.375)


def test_remainder_and_decrease_of_play_tennis_outlook_with_gini() -> None:
    outlook = contingency(load("play-tennis"), "Outlook")
    assert remainder(outlook, gini) == Fraction(12, 35)
    assert impurity_decrease(outlook, gini) == Fraction(45, 98) - Fraction(12, 35)


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize("impurity", IMPURITIES)
def test_negative_counts_are_refused(impurity: Impurity) -> None:
    with pytest.raises(DtreeError, match=r"counts must be >= 0"):
        impurity([3, -1])


@pytest.mark.parametrize("impurity", IMPURITIES)
@pytest.mark.parametrize("empty", [(), (0,), (0, 0, 0)])
def test_empty_counts_are_refused(impurity: Impurity, empty: Counts) -> None:
    with pytest.raises(DtreeError, match="empty distribution"):
        impurity(empty)


def test_an_empty_table_is_refused() -> None:
    with pytest.raises(DtreeError, match="empty distribution"):
        remainder(((0, 0), (0, 0)))


@pytest.mark.parametrize("base", [1, 0.5, 0, -2])
def test_a_base_of_at_most_one_is_refused(base: float) -> None:
    with pytest.raises(DtreeError, match="base of a logarithm must be > 1"):
        entropy([1, 1], base)
    with pytest.raises(DtreeError, match="base"):
        information_gain(load("xor"), "Z1", base)


def test_an_unknown_attribute_is_named() -> None:
    tennis = load("play-tennis")
    with pytest.raises(DtreeError, match="unknown attribute 'Humidty'"):
        information_gain(tennis, "Humidty")
    with pytest.raises(DtreeError, match="unknown attribute 'Humidty'"):
        contingency(tennis, "Humidty")


def test_a_numeric_attribute_has_no_contingency_table() -> None:
    golf = load("golf")
    with pytest.raises(DtreeError, match="'humidity' is numeric"):
        contingency(golf, "humidity")
    with pytest.raises(DtreeError, match="numeric"):
        information_gain(golf, "humidity")


# -- tiny domains, exhaustively -----------------------------------------------------------


def count_vectors() -> Iterator[tuple[int, ...]]:
    """Every count vector of length 1..3 with entries 0..3 and a positive total."""
    for k in range(1, 4):
        yield from (c for c in product(range(4), repeat=k) if sum(c) > 0)


def small_tables() -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every 2x2 table with entries 0..3, and every 2x3 and 3x2 table with entries 0..2."""
    for outcomes, classes, top in ((2, 2, 3), (2, 3, 2), (3, 2, 2)):
        for cells in product(range(top + 1), repeat=outcomes * classes):
            if sum(cells) > 0:
                yield tuple(tuple(cells[i * classes : (i + 1) * classes]) for i in range(outcomes))


def test_mutual_information_exhaustively() -> None:
    # The symmetric sum is the gain both ways, and exactly 0 on (and only on) the tables
    # whose cells are products of their margins, N n_xy = n_x n_y.
    for table in small_tables():
        n = sum(map(sum, table))
        rows, columns = [sum(r) for r in table], [sum(c) for c in zip(*table, strict=True)]
        independent = all(
            n * cell == rows[i] * columns[j]
            for i, r in enumerate(table)
            for j, cell in enumerate(r)
        )
        mi = mutual_information(table)
        assert close(mi, float(impurity_decrease(table))), table
        assert close(mi, float(impurity_decrease(transpose(table)))), table
        assert (mi == 0) == independent, table
        assert mi > 0 or independent, table


def test_mutual_information_in_other_bases_and_errors() -> None:
    table = ((0, 4), (2, 3), (3, 2))
    assert close(mutual_information(table, base=math.e), impurity_decrease(table) * math.log(2))
    assert close(mutual_information(((1, 0), (0, 1)), base=2), 1.0)
    with pytest.raises(DtreeError, match="empty distribution"):
        mutual_information(((0, 0), (0, 0)))
    with pytest.raises(DtreeError, match="counts must be >= 0"):
        mutual_information(((1, -1), (0, 1)))
    with pytest.raises(DtreeError, match="base of a logarithm"):
        mutual_information(table, base=1)


def test_the_tiny_domains_are_what_they_say() -> None:
    assert sum(1 for _ in count_vectors()) == 3 + 15 + 63
    assert sum(1 for _ in small_tables()) == 255 + 728 + 728


def test_impurity_laws_exhaustively() -> None:
    for c in count_vectors():
        assert law.entropy_is_bounded(c), c
        assert law.entropy_is_bounded(c, base=10), c
        assert law.gini_is_bounded(c), c
        assert law.misclassification_is_at_most_gini(c), c
        for impurity in IMPURITIES:
            assert law.impurity_is_zero_exactly_when_pure(c, impurity=impurity), (impurity, c)
            assert law.impurity_is_maximal_at_uniform(c, impurity=impurity), (impurity, c)


def test_impurities_are_symmetric_in_the_classes_exhaustively() -> None:
    for c in count_vectors():
        for impurity in IMPURITIES:
            values = {impurity(p) for p in permutations(c)}
            assert max(values) - min(values) <= TOLERANCE, (impurity, c)


def test_split_laws_exhaustively() -> None:
    for table in small_tables():
        assert law.information_gain_is_nonnegative(table), table
        assert law.information_gain_is_at_most_entropy(table), table
        assert law.mutual_information_is_symmetric(table), table
        for impurity in (gini, misclassification):
            decrease = impurity_decrease(table, impurity)
            assert decrease >= 0, (impurity, table)  # exact: no tolerance needed


def test_gini_equals_the_pairs_formula_exhaustively() -> None:
    # Gini is the chance that two independent draws have different classes.
    for c in count_vectors():
        n = sum(c)
        pairs = sum(
            Fraction(a * b, n * n) for j, a in enumerate(c) for k, b in enumerate(c) if j != k
        )
        assert gini(c) == pairs, c


# -- Hypothesis: the laws beyond the tiny domains -----------------------------------------------

bases = st.floats(min_value=1.01, max_value=1000) | st.sampled_from([2, math.e, 10])
big_counts = counts(max_classes=8, max_count=1000)


@given(big_counts, bases)
def test_entropy_is_bounded_in_any_base(c: tuple[int, ...], base: float) -> None:
    assert law.entropy_is_bounded(c, base=base)


@given(big_counts)
def test_entropy_is_bounded_by_one_in_base_k(c: tuple[int, ...]) -> None:
    if len(c) >= 2:
        assert -TOLERANCE <= entropy(c, base=len(c)) <= 1 + TOLERANCE


@given(big_counts)
def test_entropy_equals_the_counts_formula(c: tuple[int, ...]) -> None:
    # H = log2 N - (1/N) sum_k n_k log2 n_k: the same quantity computed another way.
    n = sum(c)
    model = math.log2(n) - sum(k * math.log2(k) for k in c if k > 0) / n
    assert math.isclose(entropy(c), model, rel_tol=1e-9, abs_tol=1e-9)


@given(big_counts, bases)
def test_entropy_changes_base_by_a_constant_factor(c: tuple[int, ...], base: float) -> None:
    assert math.isclose(entropy(c, base), entropy(c) / math.log2(base), rel_tol=1e-9, abs_tol=1e-12)


@pytest.mark.parametrize("impurity", IMPURITIES)
@given(c=big_counts)
def test_impurity_is_maximal_at_the_uniform(impurity: Impurity, c: tuple[int, ...]) -> None:
    assert law.impurity_is_maximal_at_uniform(c, impurity=impurity)


@pytest.mark.parametrize("impurity", IMPURITIES)
@given(c=big_counts)
def test_impurity_is_zero_exactly_when_pure(impurity: Impurity, c: tuple[int, ...]) -> None:
    assert law.impurity_is_zero_exactly_when_pure(c, impurity=impurity)


@given(big_counts)
def test_gini_is_at_most_one_minus_one_over_k(c: tuple[int, ...]) -> None:
    assert law.gini_is_bounded(c)
    assert 0 <= gini(c) <= 1 - Fraction(1, len(c))


@given(big_counts)
def test_misclassification_is_at_most_gini(c: tuple[int, ...]) -> None:
    # 1 - max p <= 1 - sum p^2 because sum p^2 <= max p * sum p = max p.
    assert law.misclassification_is_at_most_gini(c)
    assert misclassification(c) == Fraction(sum(c) - max(c), sum(c))


@given(tables(max_outcomes=5, max_classes=5, max_count=50))
def test_information_gain_is_between_zero_and_the_entropy(table: Table) -> None:
    assert law.information_gain_is_nonnegative(table)
    assert law.information_gain_is_at_most_entropy(table)


@given(tables(max_outcomes=5, max_classes=5, max_count=50))
def test_information_gain_is_the_mutual_information(table: Table) -> None:
    # I(X; Y) = sum_xy p(x, y) log2 (p(x, y) / (p(x) p(y))) (Lecture 10): another formula.
    assert math.isclose(
        impurity_decrease(table), mutual_information(table), rel_tol=1e-9, abs_tol=1e-9
    )
    assert law.mutual_information_is_symmetric(table)


@pytest.mark.parametrize("impurity", [gini, misclassification])
@given(table=tables(max_outcomes=5, max_classes=5, max_count=50))
def test_goodness_of_split_is_nonnegative(impurity: Impurity, table: Table) -> None:
    assert impurity_decrease(table, impurity) >= 0


@given(datasets(weighted=True))
def test_gain_ratio_is_between_zero_and_one(data: Dataset) -> None:
    for name in data.schema.names:
        assert law.gain_ratio_is_bounded(data, name)


@given(datasets(weighted=True))
def test_information_gain_is_the_entropy_less_the_conditional_entropy(data: Dataset) -> None:
    h = entropy(class_counts(data))
    for name in data.schema.names:
        gain = information_gain(data, name)
        assert close(gain, h - conditional_entropy(data, name))
        assert gain == impurity_decrease(contingency(data, name))
        assert law.information_gain_is_nonnegative(contingency(data, name))


# -- the Poisson impurity of a numeric target -------------------------------------------------


POISSON_PAIRS = st.lists(
    st.tuples(st.integers(0, 12).map(float), st.integers(1, 4)), min_size=2, max_size=12
).filter(lambda pairs: any(y > 0 for y, _ in pairs))


def test_half_poisson_deviance_by_hand() -> None:
    """y = 1, 2, 3 (mean 2): (1 ln(1/2) + 2 ln 1 + 3 ln(3/2)) / 3; a constant y has none."""
    expected = (math.log(0.5) + 3 * math.log(1.5)) / 3
    assert math.isclose(half_poisson_deviance([(1.0, 1), (2.0, 1), (3.0, 1)]), expected)
    assert half_poisson_deviance([(4.0, 2), (4.0, 3)]) == 0.0
    assert half_poisson_deviance([(0.0, 1), (2.0, 1)]) == math.log(2)  # 0 ln 0 = 0


@given(POISSON_PAIRS, st.data())
def test_poisson_decrease_is_the_deviance_less_the_branches(
    pairs: list[tuple[float, int]], data: st.DataObject
) -> None:
    """The model: i(t) - sum_b W_b / W i(t_b), each deviance from its rows."""
    cut = data.draw(st.integers(1, len(pairs) - 1))
    branches = [pairs[:cut], pairs[cut:]]
    assume(all(any(y > 0 for y, _ in branch) for branch in branches))
    weight = sum(w for _, w in pairs)
    model = half_poisson_deviance(pairs) - sum(
        sum(w for _, w in b) / weight * half_poisson_deviance(b) for b in branches
    )
    sums: list[tuple[Weight, Fraction]] = [
        (sum(w for _, w in b), sum((Fraction(w) * Fraction(y) for y, w in b), Fraction(0)))
        for b in branches
    ]
    assert math.isclose(poisson_decrease(sums), model, abs_tol=TOLERANCE)
    assert poisson_decrease(sums) >= -TOLERANCE  # a concave loss: no split makes it worse
