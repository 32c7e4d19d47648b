"""dtree.significance: worked numbers, closed forms, scipy as a model, edge cases.

The statistic is checked against a hand computation in fractions and
against ``scipy.stats.chi2_contingency``; the tail probability against
the closed forms of integer and half-integer shape and against
``scipy.stats.chi2.sf``.  The incomplete beta function is checked
against exact binomial sums and ``scipy.special.betainc``, Student's t
tail against its closed forms and ``scipy.stats.t.sf``, the paired t-test
against ``scipy.stats.ttest_rel``.  The laws of
dtree.invariants about the tests are exercised in tests/test_invariants.py.
"""

from __future__ import annotations

import math
import sys
import warnings
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from attrs import evolve
from helpers import thorough
from hypothesis import given
from hypothesis import strategies as st
from scipy.special import betainc
from scipy.stats import chi2, chi2_contingency, ttest_rel
from scipy.stats import t as student_t

from dtree.counts import Table, contingency, ratio, transpose
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.evaluate import cross_validate
from dtree.grower.learner import ID3
from dtree.resampling import repeated_k_fold
from dtree.significance import (
    TTest,
    chi_square,
    chi_square_sf,
    degrees_of_freedom,
    incomplete_beta,
    is_significant,
    p_value,
    paired_t_test,
    student_t_sf,
)
from dtree.strategies import tables

TOLERANCE = 1e-10
"""How closely the tail must agree with scipy's, absolutely and relatively."""

DFS = (1, 2, 3, 4, 5, 7, 10, 17, 30, 50, 99, 100, 150, 200, 255, 300)
STATISTICS = (
    0.0,
    1e-12,
    1e-6,
    0.01,
    0.1,
    0.5,
    1.0,
    1.5,
    2.0,
    2.9,
    3.0,
    3.1,
    3.841458820694124,
    5.0,
    6.634896601021214,
    10.0,
    20.0,
    50.0,
    99.0,
    100.0,
    101.0,
    150.0,
    199.0,
    201.0,
    250.0,
    300.0,
    302.0,
    500.0,
    750.0,
    1000.0,
    1400.0,
    2000.0,
)


def naive_chi_square(table: Table) -> Fraction | float:
    """Sum (O - E)^2 / E cell by cell, over the non-empty rows and columns: the model."""
    rows = [sum(counts) for counts in table]
    columns = [sum(column) for column in transpose(table)]
    n = sum(rows)
    statistic: Fraction | float = Fraction(0)
    for row, counts in zip(rows, table, strict=True):
        for column, observed in zip(columns, counts, strict=True):
            if row > 0 and column > 0:
                expected = ratio(row * column, n)
                statistic += (observed - expected) ** 2 / expected
    return statistic


def nonempty(table: Table) -> Table:
    """The table without its rows and columns of total 0."""
    rows = tuple(counts for counts in table if sum(counts) > 0)
    return transpose(tuple(column for column in transpose(rows) if sum(column) > 0))


def assert_close_to_scipy(statistic: float, df: float) -> None:
    expected = float(chi2.sf(statistic, df))
    got = chi_square_sf(statistic, df)
    assert abs(got - expected) <= TOLERANCE, (statistic, df, got, expected)
    if expected > 1e-300:
        assert abs(got - expected) <= TOLERANCE * expected, (statistic, df, got, expected)


# -- PlayTennis, Outlook (the CS 536 notes' significance test, on the CS 760 data) --------


def test_play_tennis_outlook_by_hand() -> None:
    table = contingency(load("play-tennis"), "Outlook")
    assert table == ((0, 4), (2, 3), (3, 2))  # Overcast, Rain, Sunny x No, Yes
    # N = 14, class totals (5, 9), outcome totals (4, 5, 5): E_bk = R_b C_k / 14.
    expected = [
        [Fraction(4 * 5, 14), Fraction(4 * 9, 14)],
        [Fraction(5 * 5, 14), Fraction(5 * 9, 14)],
        [Fraction(5 * 5, 14), Fraction(5 * 9, 14)],
    ]
    assert expected[0] == [Fraction(10, 7), Fraction(18, 7)]
    cells = [
        (0 - Fraction(10, 7)) ** 2 / Fraction(10, 7),  # 10/7
        (4 - Fraction(18, 7)) ** 2 / Fraction(18, 7),  # 50/63
        (2 - Fraction(25, 14)) ** 2 / Fraction(25, 14),  # 9/350
        (3 - Fraction(45, 14)) ** 2 / Fraction(45, 14),  # 1/70
        (3 - Fraction(25, 14)) ** 2 / Fraction(25, 14),  # 289/350
        (2 - Fraction(45, 14)) ** 2 / Fraction(45, 14),  # 289/630
    ]
    assert cells == [
        Fraction(10, 7),
        Fraction(50, 63),
        Fraction(9, 350),
        Fraction(1, 70),
        Fraction(289, 350),
        Fraction(289, 630),
    ]
    assert sum(cells) == Fraction(266, 75)
    statistic = chi_square(table)
    assert statistic == Fraction(266, 75)
    assert isinstance(statistic, Fraction)
    assert degrees_of_freedom(table) == 2
    # With 2 degrees of freedom the tail is e^(-X^2 / 2) exactly.
    assert math.isclose(p_value(table), math.exp(-133 / 75), rel_tol=1e-14)
    assert round(p_value(table), 4) == 0.1698
    assert not is_significant(table, 0.05)
    assert is_significant(table, 0.2)


@pytest.mark.parametrize("attribute", ["Outlook", "Temperature", "Humidity", "Wind"])
def test_play_tennis_attributes_agree_with_scipy(attribute: str) -> None:
    table = contingency(load("play-tennis"), attribute)
    result = chi2_contingency(np.array(table), correction=False)
    assert math.isclose(chi_square(table), result.statistic, rel_tol=1e-12)
    assert degrees_of_freedom(table) == result.dof
    assert math.isclose(p_value(table), result.pvalue, rel_tol=1e-10)


def test_play_tennis_humidity_and_wind_exactly() -> None:
    tennis = load("play-tennis")
    # Humidity: High (4 No, 3 Yes), Normal (1 No, 6 Yes): X^2 = 14 (4*6 - 3*1)^2 / (5 9 7 7).
    assert contingency(tennis, "Humidity") == ((4, 3), (1, 6))
    assert chi_square(contingency(tennis, "Humidity")) == Fraction(14 * 21**2, 5 * 9 * 7 * 7)
    # Wind: Strong (3 No, 3 Yes), Weak (2 No, 6 Yes): X^2 = 14 (3*6 - 3*2)^2 / (5 9 6 8).
    assert contingency(tennis, "Wind") == ((3, 3), (2, 6))
    assert chi_square(contingency(tennis, "Wind")) == Fraction(14 * 12**2, 5 * 9 * 6 * 8)


def test_two_by_two_has_the_shortcut_formula_and_erfc_tail() -> None:
    # For a 2x2 table X^2 = N (ad - bc)^2 / (R_1 R_2 C_1 C_2); with 1 df the
    # tail is erfc(sqrt(X^2 / 2)), here erfc(sqrt(6.4)).
    table = ((9, 1), (1, 9))
    assert chi_square(table) == Fraction(20 * (81 - 1) ** 2, 10**4) == Fraction(64, 5)
    assert degrees_of_freedom(table) == 1
    assert math.isclose(p_value(table), math.erfc(math.sqrt(6.4)), rel_tol=1e-14)
    assert is_significant(table, 0.01)
    assert is_significant(table, 0.001)
    assert not is_significant(table, 0.0001)


# -- the statistic ------------------------------------------------------------------------


@given(tables(max_outcomes=5, max_classes=5, max_count=30))
def test_chi_square_agrees_with_scipy(table: Table) -> None:
    kept = nonempty(table)
    result = chi2_contingency(np.array(kept), correction=False)
    assert degrees_of_freedom(table) == result.dof
    assert math.isclose(chi_square(table), result.statistic, rel_tol=1e-9, abs_tol=1e-9)
    if result.dof > 0:
        assert math.isclose(p_value(table), result.pvalue, rel_tol=1e-9, abs_tol=1e-12)


@given(tables(max_outcomes=5, max_classes=5, max_count=30))
def test_chi_square_is_the_cell_by_cell_sum_exactly(table: Table) -> None:
    assert chi_square(table) == naive_chi_square(table)
    assert isinstance(chi_square(table), Fraction)


@given(
    tables(max_outcomes=5, max_classes=5, max_count=30),
    st.fractions(min_value=Fraction(1, 1000), max_value=1000),
)
def test_scaling_the_counts_scales_the_statistic(table: Table, scale: Fraction) -> None:
    scaled = tuple(tuple(scale * count for count in counts) for counts in table)
    assert chi_square(scaled) == scale * chi_square(table) == naive_chi_square(scaled)
    assert isinstance(chi_square(scaled), Fraction)
    assert degrees_of_freedom(scaled) == degrees_of_freedom(table)
    # Floats: the same statistic, to rounding.
    floats = tuple(tuple(float(count) for count in counts) for counts in scaled)
    statistic = chi_square(floats)
    assert isinstance(statistic, float)
    assert math.isclose(statistic, float(chi_square(scaled)), rel_tol=1e-12, abs_tol=1e-12)


@given(tables(max_outcomes=4, max_classes=4), st.data())
def test_chi_square_ignores_the_order_of_rows_and_columns(
    table: Table, draw: st.DataObject
) -> None:
    rows = draw.draw(st.permutations(table))
    columns = draw.draw(st.permutations(range(len(table[0]))))
    shuffled = tuple(tuple(counts[k] for k in columns) for counts in rows)
    assert chi_square(shuffled) == chi_square(table)
    assert degrees_of_freedom(shuffled) == degrees_of_freedom(table)


def test_float_statistic_is_the_same_in_any_order() -> None:
    table = ((0.1, 0.7, 0.2), (0.3, 0.05, 1e-9), (2.5, 0.4, 0.6))
    statistics = {
        chi_square(tuple(tuple(counts[k] for k in columns) for counts in rows))
        for rows in permutations(table)
        for columns in permutations(range(3))
    }
    assert len(statistics) == 1


def test_mixed_counts_give_a_float() -> None:
    assert chi_square(((1, 2), (3, 4.0))) == pytest.approx(float(chi_square(((1, 2), (3, 4)))))
    assert isinstance(chi_square(((1, 2), (3, 4.0))), float)
    assert isinstance(chi_square(((1, Fraction(1, 2)), (3, 4))), Fraction)
    # A float anywhere makes the result a float, even in a row that is left out.
    assert isinstance(chi_square(((1, 2), (3, 4), (0.0, 0))), float)


# -- empty rows and columns, tables that admit no test ----------------------------------------


def test_empty_rows_and_columns_are_left_out() -> None:
    table = ((0, 4, 0), (0, 0, 0), (2, 3, 0), (3, 2, 0))
    assert chi_square(table) == chi_square(((0, 4), (2, 3), (3, 2))) == Fraction(266, 75)
    assert degrees_of_freedom(table) == 2
    assert p_value(table) == p_value(((0, 4), (2, 3), (3, 2)))


@pytest.mark.parametrize(
    "table",
    [
        (),
        ((), ()),
        ((0, 0), (0, 0)),
        ((3, 5),),  # one outcome
        ((3, 0), (5, 0)),  # one class
        ((0, 0, 7), (0, 0, 0), (0, 0, 2)),  # one class, empty outcomes
        ((0.0, 2.5), (0.0, 1.5)),
    ],
)
def test_a_table_without_two_nonempty_rows_and_columns_admits_no_test(table: Table) -> None:
    assert chi_square(table) == 0
    assert degrees_of_freedom(table) == 0
    assert p_value(table) == 1.0
    assert not is_significant(table, 1)


def test_proportional_rows_have_statistic_zero_and_p_value_one() -> None:
    table = ((2, 4, 6), (1, 2, 3), (5, 10, 15))
    assert chi_square(table) == 0
    assert degrees_of_freedom(table) == 4
    assert p_value(table) == 1.0


def test_degrees_of_freedom_count_nonempty_rows_and_columns() -> None:
    assert degrees_of_freedom(((1, 2), (3, 4))) == 1
    assert degrees_of_freedom(((1, 2, 3), (3, 4, 5))) == 2
    assert degrees_of_freedom(((1, 2, 3), (3, 4, 5), (0, 0, 0), (1, 0, 0))) == 4
    assert degrees_of_freedom(((1, 0, 2), (3, 0, 4))) == 1


# -- the tail -------------------------------------------------------------------------------


@pytest.mark.parametrize("df", DFS)
def test_chi_square_sf_agrees_with_scipy_on_a_grid(df: int) -> None:
    for statistic in STATISTICS:
        assert_close_to_scipy(statistic, df)
    # Around the switch from the series to the continued fraction, x = a + 1.
    switch = df + 2
    for statistic in (switch - 1e-9, switch, switch + 1e-9, switch - 0.5, switch + 0.5):
        assert_close_to_scipy(statistic, df)


@given(st.integers(1, 300), st.floats(min_value=0, max_value=2000))
def test_chi_square_sf_agrees_with_scipy(df: int, statistic: float) -> None:
    assert_close_to_scipy(statistic, df)


@given(st.floats(min_value=0.01, max_value=300), st.floats(min_value=0, max_value=2000))
def test_chi_square_sf_agrees_with_scipy_for_fractional_df(df: float, statistic: float) -> None:
    assert_close_to_scipy(statistic, df)


def even_tail(df: int, statistic: float) -> Decimal:
    """Q(k, x) = e^-x sum_{j < k} x^j / j! for df = 2k, x = statistic / 2, in 50 digits."""
    with localcontext() as context:
        context.prec = 50
        x = Decimal(statistic) / 2
        term, tail = Decimal(1), Decimal(0)
        for j in range(df // 2):
            if j > 0:
                term = term * x / j
            tail += term
        return +((-x).exp() * tail)


@pytest.mark.parametrize("df", [2, 4, 10, 50, 100, 200, 300])
def test_chi_square_sf_of_even_df_matches_the_closed_form(df: int) -> None:
    for statistic in STATISTICS:
        exact = even_tail(df, statistic)
        got = Decimal(chi_square_sf(statistic, df))
        assert abs(got - exact) <= Decimal("1e-15")
        if exact > Decimal("1e-100"):
            assert abs(got - exact) <= Decimal("1e-13") * exact, (df, statistic)


@pytest.mark.parametrize("df", [1, 3, 5, 9, 15])
def test_chi_square_sf_of_odd_df_matches_the_closed_form(df: int) -> None:
    # Q(k + 1/2, x) = erfc(sqrt x) + e^-x sum_{j < k} x^(j + 1/2) / Gamma(j + 3/2).
    for statistic in (0.01, 0.5, 1.0, 2.0, 3.0, 3.5, 5.0, 10.0, 30.0, 60.0):
        x = statistic / 2
        terms = (
            math.exp(-x + (j + 0.5) * math.log(x) - math.lgamma(j + 1.5)) for j in range(df // 2)
        )
        exact = math.erfc(math.sqrt(x)) + math.fsum(terms)
        assert math.isclose(chi_square_sf(statistic, df), exact, rel_tol=1e-13)


def test_chi_square_sf_critical_values() -> None:
    # The textbook 5% and 1% critical values (scipy's chi2.isf).
    for df, critical in ((1, 3.841458820694124), (2, 5.991464547107979), (10, 18.307038053275146)):
        assert math.isclose(chi_square_sf(critical, df), 0.05, rel_tol=1e-12)
    assert math.isclose(chi_square_sf(6.634896601021214, 1), 0.01, rel_tol=1e-12)


def test_chi_square_sf_accepts_exact_statistics() -> None:
    assert chi_square_sf(Fraction(266, 75), 2) == chi_square_sf(266 / 75, 2)
    assert chi_square_sf(4, 3) == chi_square_sf(4.0, 3)
    assert chi_square_sf(Fraction(10**400), 3) == 0.0  # beyond the floats: the tail is 0
    assert chi_square_sf(10**400, 3) == 0.0


def test_chi_square_sf_edge_cases() -> None:
    for df in (0, 0.0, 1, 7, 300):
        assert chi_square_sf(0, df) == 1.0
        assert chi_square_sf(-3.5, df) == 1.0
        assert chi_square_sf(-math.inf, df) == 1.0
    for statistic in (0, 1e-300, 1.0, 1e6, math.inf):
        assert chi_square_sf(statistic, 0) == 1.0  # no degrees of freedom: no test
    assert chi_square_sf(math.inf, 1) == 0.0
    assert chi_square_sf(1e300, 5) == 0.0
    for df in (1, 19, 20, 21, 300):  # the smallest statistics: P(a, x) underflows to 0
        assert chi_square_sf(5e-324, df) == chi_square_sf(1e-323, df) == 1.0
    assert chi_square_sf(1e-8, 300) == 1.0
    # Large df, near the mean and three standard deviations out.
    assert_close_to_scipy(1e6, 1e6)
    assert_close_to_scipy(1e6 + 3 * math.sqrt(2e6), 1e6)


@pytest.mark.parametrize(
    ("statistic", "df", "message"),
    [
        (1.0, -1, "degrees of freedom"),
        (1.0, -1e-300, "degrees of freedom"),
        (1.0, math.inf, "degrees of freedom"),
        (1.0, math.nan, "degrees of freedom"),
        (math.nan, 1, "statistic"),
        (True, 1, "statistic"),
        (1.0, True, "degrees of freedom"),
        ("3", 1, "statistic"),
        (1.0, "2", "degrees of freedom"),
    ],
)
def test_chi_square_sf_refuses_bad_arguments(statistic: object, df: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        chi_square_sf(statistic, df)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "table",
    [
        ((1, 2), (3,)),
        ((1, -2), (3, 4)),
        ((1, math.inf), (3, 4)),
        ((1, math.nan), (3, 4)),
    ],
)
def test_bad_tables_are_refused(table: Table) -> None:
    for function in (chi_square, degrees_of_freedom, p_value):
        with pytest.raises(DtreeError):
            function(table)


@pytest.mark.parametrize("level", [0, -0.05, 1.5, math.nan, math.inf, True, "0.05"])
def test_is_significant_refuses_a_level_outside_0_1(level: object) -> None:
    with pytest.raises(DtreeError, match="level"):
        is_significant(((9, 1), (1, 9)), level)  # type: ignore[arg-type]


def test_is_significant_compares_strictly() -> None:
    table = ((9, 1), (1, 9))
    p = p_value(table)
    assert not is_significant(table, p)
    assert is_significant(table, math.nextafter(p, 1))
    assert is_significant(table, Fraction(1, 100))
    assert is_significant(table, 1)


# -- the incomplete beta function ----------------------------------------------------------

BETA_TOLERANCE = 1e-12
"""How closely I_x(a, b) and Student's t tail must agree with scipy's, relatively."""
BETA_ABSOLUTE = 1e-14
"""... and absolutely: a small value found as 1 - I_(1-x)(b, a) keeps only absolute digits."""
SCIPY_FLOOR = 1e-250
"""scipy's betainc loses its digits near the bottom of the floats (0 for 7e-273, see below)."""

shapes = st.floats(min_value=-2, max_value=3).map(lambda e: 10**e)
"""a and b from 0.01 to 1000, as evenly in scale as in value."""
unit = (
    st.floats(min_value=0, max_value=1).filter(lambda x: x == 0 or x >= sys.float_info.min)
    | st.floats(min_value=-20, max_value=0).map(lambda e: 10**e)
    | st.floats(min_value=-16, max_value=0).map(lambda e: 1 - 10**e)
)
"""x in [0, 1], often very near 0 or 1; no subnormal x, where scipy loses digits (see below)."""


def binomial_tail(a: int, b: int, x: Fraction) -> Fraction:
    """I_x(a, b) = P(Binomial(a + b - 1, x) >= a) for integers a, b >= 1: the exact model."""
    n = a + b - 1
    return sum(
        (math.comb(n, j) * x**j * (1 - x) ** (n - j) for j in range(a, n + 1)), start=Fraction(0)
    )


@given(shapes, shapes, unit)
def test_incomplete_beta_agrees_with_scipy(a: float, b: float, x: float) -> None:
    expected = float(betainc(a, b, x))
    got = incomplete_beta(a, b, x)
    assert 0 <= got <= 1
    assert abs(got - expected) <= BETA_TOLERANCE * expected + BETA_ABSOLUTE, (a, b, x, got)


@thorough(200)
@given(st.integers(1, 60), st.integers(1, 60), st.floats(min_value=0, max_value=1))
def test_incomplete_beta_of_integers_is_a_binomial_tail(a: int, b: int, x: float) -> None:
    exact = binomial_tail(a, b, Fraction(x))
    got = Fraction(incomplete_beta(a, b, x))
    assert abs(got - exact) <= BETA_TOLERANCE * exact + Fraction(BETA_ABSOLUTE), (a, b, x)


def test_incomplete_beta_keeps_its_digits_at_a_subnormal_x() -> None:
    # x = 2^-1074, the least float: I_x(a, b) = x^a / (a B(a, b)) (1 + O(x)).  scipy gives
    # 6.0184e-4 for (0.01, 10) and 8.3187e-162 for (0.5, 10), both wrong from the fourth digit.
    x = 5e-324
    for a, b in ((0.01, 10.0), (0.5, 10.0)):
        log_beta = math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)
        leading = math.exp(-1074 * math.log(2) * a - log_beta - math.log(a))
        assert incomplete_beta(a, b, x) == pytest.approx(leading, rel=1e-12)


def test_incomplete_beta_is_exact_where_scipy_underflows() -> None:
    # Far in the lower tail of Beta(670, 32) scipy returns 0; the binomial sum says 7.2e-273.
    x = 0.3321253797907232
    exact = binomial_tail(670, 32, Fraction(x))
    assert float(exact) == pytest.approx(7.209304661191923e-273, rel=1e-14)
    assert betainc(670, 32, x) == 0
    assert abs(Fraction(incomplete_beta(670, 32, x)) / exact - 1) < 1e-13


@given(shapes, unit)
def test_incomplete_beta_closed_forms(a: float, x: float) -> None:
    # I_x(a, 1) = x^a and I_x(1, b) = 1 - (1 - x)^b = -expm1(b log(1 - x)).
    power = x**a
    assert math.isclose(incomplete_beta(a, 1, x), power, rel_tol=BETA_TOLERANCE, abs_tol=1e-300)
    complement = -math.expm1(a * math.log1p(-x)) if x < 1 else 1.0
    assert math.isclose(incomplete_beta(1, a, x), complement, rel_tol=BETA_TOLERANCE)


@given(shapes, shapes, st.floats(min_value=0, max_value=1))
def test_incomplete_beta_is_symmetric(a: float, b: float, x: float) -> None:
    # I_x(a, b) + I_(1-x)(b, a) = 1, when 1 - x is exact (x >= 1/2 or x a multiple of 2^-53).
    x = round(x * 2**20) / 2**20
    assert math.isclose(incomplete_beta(a, b, x) + incomplete_beta(b, a, 1 - x), 1, rel_tol=1e-14)


def test_incomplete_beta_is_monotone_in_x() -> None:
    for a, b in ((0.5, 0.5), (2, 3), (50, 0.5), (0.5, 50), (300, 300)):
        values = [incomplete_beta(a, b, k / 1000) for k in range(1001)]
        assert values == sorted(values)
        assert (values[0], values[-1]) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("a", "b", "x", "message"),
    [
        (0, 1, 0.5, "a must be"),
        (-1, 1, 0.5, "a must be"),
        (math.inf, 1, 0.5, "a must be"),
        (1, 0, 0.5, "b must be"),
        (1, math.nan, 0.5, "b must be"),
        (1, 1, -0.1, "x must lie in"),
        (1, 1, 1.5, "x must lie in"),
        (1, 1, math.nan, "x must be"),
        (True, 1, 0.5, "a must be"),
        ("1", 1, 0.5, "a must be"),
    ],
)
def test_incomplete_beta_refuses_bad_arguments(
    a: object, b: object, x: object, message: str
) -> None:
    with pytest.raises(DtreeError, match=message):
        incomplete_beta(a, b, x)  # type: ignore[arg-type]


# -- Student's t -----------------------------------------------------------------------------

t_statistics = st.floats(min_value=-3, max_value=3).map(lambda e: 10**e) | st.floats(
    min_value=-50, max_value=50
).filter(lambda t: abs(t) >= 1e-3)
"""|t| from 1e-3 to 1000: nearer 0 scipy's tail of 1 df loses digits (0.5 at t = 1e-9,
where it is 0.5 - 3.2e-10); the closed forms check that range."""
t_dfs = st.floats(min_value=-1, max_value=6).map(lambda e: 10**e) | st.integers(1, 100)


def assert_t_close_to_scipy(t: float, df: float) -> None:
    expected = float(student_t.sf(t, df))
    got = student_t_sf(t, df)
    assert abs(got - expected) <= BETA_TOLERANCE * max(expected, SCIPY_FLOOR), (t, df, got)


@given(t_statistics, t_dfs, st.booleans())
def test_student_t_sf_agrees_with_scipy(t: float, df: float, negative: bool) -> None:
    assert_t_close_to_scipy(-t if negative else t, df)


@pytest.mark.parametrize("df", [1, 2, 3, 5, 9, 10, 29, 30, 100, 1000, 10**5, 10**6])
def test_student_t_sf_agrees_with_scipy_on_a_grid(df: int) -> None:
    for t in (0.0, 0.01, 0.5, 1.0, 1.5, 1.7, 1.8, 2.0, 2.5, 3.0, 5.0, 10.0, 40.0, 300.0):
        assert_t_close_to_scipy(t, df)
        assert_t_close_to_scipy(-t, df)


def even_t_tail(t: float, df: int) -> Decimal:
    """P(T >= t) for even df, in 200 digits: with x = df / (df + t^2), P(|T| < t) =
    (t / sqrt(df + t^2)) sum_{j < df/2} (1 3 ... (2j - 1)) / (2 4 ... 2j) x^j."""
    with localcontext() as context:
        context.prec = 200  # P(|T| < t) is 1 - 1e-88 at t = 20, df = 20,000
        exact_t, n = Decimal(t), Decimal(df)
        x = n / (n + exact_t * exact_t)
        term = total = Decimal(1)
        for j in range(1, df // 2):
            term = term * (2 * j - 1) / (2 * j) * x
            total += term
        return +((1 - exact_t / (n + exact_t * exact_t).sqrt() * total) / 2)


@pytest.mark.parametrize("df", [2, 4, 10, 30, 100, 1000, 20_000])
def test_student_t_sf_of_even_df_matches_the_closed_form(df: int) -> None:
    for t in (1e-9, 0.001, 0.3, 1.0, 1.7, 1.8, 2.5, 4.0, 8.0, 20.0):
        exact = even_t_tail(t, df)
        assert abs(Decimal(student_t_sf(t, df)) / exact - 1) < Decimal(BETA_TOLERANCE), (t, df)


@given(st.floats(min_value=-300, max_value=300).map(lambda e: 10**e))
def test_student_t_sf_of_one_and_two_df(t: float) -> None:
    # Cauchy: P(T >= t) = arctan(1 / t) / pi; 2 df: 1 / (s (s + t)) with s = sqrt(2 + t^2).
    cauchy = math.atan2(1, t) / math.pi
    assert math.isclose(student_t_sf(t, 1), cauchy, rel_tol=BETA_TOLERANCE)
    if t < 1e150:
        s = math.sqrt(2 + t * t)
        assert math.isclose(student_t_sf(t, 2), 1 / (s * (s + t)), rel_tol=BETA_TOLERANCE)


def test_student_t_sf_critical_values() -> None:
    # The two-sided 5% and 1% values of the t tables (scipy's t.isf).
    for df, critical in (
        (1, 12.706204736174705),
        (10, 2.2281388519862753),
        (30, 2.042272456301238),
    ):
        assert math.isclose(student_t_sf(critical, df), 0.025, rel_tol=1e-13)
    assert math.isclose(student_t_sf(3.1692726726169504, 10), 0.005, rel_tol=1e-13)


def test_student_t_sf_is_symmetric_and_one_half_at_zero() -> None:
    for df in (0.5, 1, 7, 1e4):
        assert student_t_sf(0, df) == student_t_sf(-0.0, df) == 0.5
        for t in (0.1, 1.0, 3.0, 30.0):
            assert math.isclose(student_t_sf(t, df) + student_t_sf(-t, df), 1, rel_tol=1e-15)


def test_student_t_sf_edge_cases() -> None:
    for df in (0.1, 1, 30, 1e9):
        assert student_t_sf(math.inf, df) == 0.0
        assert student_t_sf(-math.inf, df) == 1.0
        assert student_t_sf(5e-324, df) == 0.5
    assert student_t_sf(Fraction(1), 1) == student_t_sf(1.0, 1) == pytest.approx(0.25)
    assert student_t_sf(10**400, 1) == 0.0  # beyond the floats: the tail of an infinite t
    # Far out, where x = df / (df + t^2) underflows, the tail is still there.
    assert math.isclose(student_t_sf(1e300, 1), 1 / (math.pi * 1e300), rel_tol=1e-12)
    assert student_t_sf(1e200, 0.5) > 0 == student_t.sf(1e200, 0.5)


@pytest.mark.parametrize(
    ("t", "df", "message"),
    [
        (1.0, 0, "degrees of freedom"),
        (1.0, -3, "degrees of freedom"),
        (1.0, math.inf, "degrees of freedom"),
        (1.0, math.nan, "degrees of freedom"),
        (math.nan, 3, "statistic"),
        (True, 3, "statistic"),
        ("2", 3, "statistic"),
    ],
)
def test_student_t_sf_refuses_bad_arguments(t: object, df: object, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        student_t_sf(t, df)  # type: ignore[arg-type]


# -- the paired t-test -----------------------------------------------------------------------------

scores = st.integers(0, 1024).map(lambda k: k / 1024)
"""Scores in [0, 1] on a binary grid, as fold errors are: their differences are exact."""


@given(st.integers(2, 40).flatmap(lambda n: st.tuples(*[st.tuples(scores, scores)] * n)))
def test_paired_t_test_agrees_with_scipy(pairs: tuple[tuple[float, float], ...]) -> None:
    a, b = zip(*pairs, strict=True)
    ours = paired_t_test(a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # scipy's 0 / 0 when s = 0
        theirs = ttest_rel(a, b)
    assert ours.df == theirs.df == len(a) - 1
    if math.isnan(theirs.statistic):
        assert math.isnan(ours.statistic)
        assert math.isnan(ours.p_value)
        return
    assert ours.statistic == pytest.approx(float(theirs.statistic), rel=1e-12)
    assert ours.p_value == pytest.approx(float(theirs.pvalue), rel=1e-12, abs=1e-300)


@given(st.lists(st.tuples(scores, scores), min_size=2, max_size=30))
def test_paired_t_test_is_antisymmetric(pairs: list[tuple[float, float]]) -> None:
    a, b = zip(*pairs, strict=True)
    forward, backward = paired_t_test(a, b), paired_t_test(b, a)
    if math.isnan(forward.statistic):
        assert math.isnan(backward.statistic)
        return
    assert forward.statistic == -backward.statistic
    assert forward.p_value == backward.p_value
    assert 0 <= forward.p_value <= 1


def test_paired_t_test_by_hand() -> None:
    # Differences 1, 2, 3, 6: mean 3, s^2 = (4 + 1 + 0 + 9) / 3 = 14/3, t = 3 / sqrt(14/12).
    result = paired_t_test([5, 6, 7, 10], [4, 4, 4, 4])
    assert result.df == 3
    assert result.statistic == math.sqrt(Fraction(9 * 12, 14))
    assert result.p_value == 2 * student_t_sf(result.statistic, 3)


def test_paired_t_test_with_equal_differences() -> None:
    # As scipy: t = +-inf and p = 0 when the differences are equal and not 0,
    # NaN when they are all 0.
    assert paired_t_test([1, 2, 3], [0, 1, 2]) == TTest(math.inf, 2, 0.0)
    assert paired_t_test([0, 1, 2], [1, 2, 3]) == TTest(-math.inf, 2, 0.0)
    same = paired_t_test([Fraction(1, 3), 0.5], [Fraction(1, 3), 0.5])
    assert math.isnan(same.statistic)
    assert math.isnan(same.p_value)
    assert same.df == 1
    # Exactly: 0.1 + 0.2 - 0.3 is not 0 in floats, but a difference of equal values is.
    assert paired_t_test([0.3, 0.3], [0.1, 0.1]).statistic == math.inf


def test_paired_t_test_of_two_learners_on_the_same_folds() -> None:
    iris = load("iris")
    folds = repeated_k_fold(iris, 10, repeats=2, seed=5, stratified=True)
    deep = cross_validate(ID3, iris, folds)
    stump = cross_validate(evolve(ID3, max_depth=1), iris, folds)
    result = paired_t_test(stump.errors, deep.errors)
    assert result.df == 19
    assert result.statistic > 10  # a stump of iris errs on a third of it
    assert result.p_value < 1e-9


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ([1, 2], [1], "equally long"),
        ([1], [2], "two pairs or more"),
        ([1, math.nan], [1, 2], "finite numbers"),
        ([1, math.inf], [1, 2], "finite numbers"),
        ([1, "2"], [1, 2], "finite numbers"),
        ([True, False], [1, 2], "finite numbers"),
    ],
)
def test_paired_t_test_refuses_bad_samples(a: list[object], b: list[object], message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        paired_t_test(a, b)  # type: ignore[arg-type]
