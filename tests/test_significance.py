"""dtree.significance: worked numbers, closed forms, scipy as a model, edge cases.

The statistic is checked against a hand computation in fractions and
against ``scipy.stats.chi2_contingency``; the tail probability against
the closed forms of integer and half-integer shape and against
``scipy.stats.chi2.sf``.  The laws of dtree.invariants about the test
are exercised in tests/test_invariants.py.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import chi2, chi2_contingency

from dtree.counts import Table, contingency, ratio, transpose
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.significance import (
    chi_square,
    chi_square_sf,
    degrees_of_freedom,
    is_significant,
    p_value,
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
