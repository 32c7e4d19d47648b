"""dtree.discretize: numeric attributes into ranges, by the notes' methods and as Weka cuts them."""

from __future__ import annotations

import bisect
import itertools
import re
import subprocess
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.arff import read_arff
from dtree.conformance import peers
from dtree.counts import total
from dtree.dataset import Dataset, Nominal, Numeric, Weight
from dtree.datasets import load
from dtree.discretize import (
    MAX_BINS,
    discretize,
    entropy_mdl,
    equal_frequency,
    equal_width,
    range_names,
)
from dtree.errors import DtreeError
from dtree.evaluate import error
from dtree.grower.midpoints import midpoint
from dtree.grower.presets import id3
from dtree.grower.thresholds import boundary_points
from dtree.strategies import datasets, regression_datasets

LENGTHS = Dataset.from_columns(
    {"L": [10, 15, 21, 28, 32, 40, 50], "y": list("-++-++-")}, target="y"
)
"""The Decision Trees II notes' lengths and classes."""

# -- worked numbers ------------------------------------------------------------------------------


def test_the_notes_lengths_by_each_method() -> None:
    assert equal_width(LENGTHS, 4) == {"L": (20.0, 30.0, 40.0)}
    assert equal_frequency(LENGTHS, 3) == {"L": (18.0, 36.0)}  # 2, 3 and 2 examples
    assert entropy_mdl(LENGTHS) == {"L": ()}  # seven examples pay for no cut
    ranged = discretize(LENGTHS, equal_width(LENGTHS, 4))
    assert ranged.schema.attribute("L").domain == Nominal(("<= 20", "(20, 30]", "(30, 40]", "> 40"))
    assert ranged.column("L") == ("<= 20",) * 2 + ("(20, 30]",) * 2 + ("(30, 40]",) * 2 + ("> 40",)


def test_iris_by_the_entropy_method() -> None:
    """Weka's supervised Discretize gives these cut points for iris (printed to six places)."""
    cuts = entropy_mdl(load("iris"))
    assert {name: tuple(round(c, 6) for c in points) for name, points in cuts.items()} == {
        "sepal_length": (5.55, 6.15),
        "sepal_width": (2.95, 3.35),
        "petal_length": (2.45, 4.75),
        "petal_width": (0.8, 1.75),
    }


def test_a_value_on_a_cut_point_goes_below_it_and_a_missing_one_stays_missing() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0, None, 3.0], "y": list("abab")}, target="y")
    ranged = discretize(data, {"x": [2.0]})
    assert ranged.column("x") == ("<= 2", "<= 2", None, "> 2")
    assert ranged.target == data.target
    assert ranged.weights == data.weights


def test_cut_points_learnt_on_training_data_apply_to_test_data() -> None:
    iris = load("iris")
    train, test = iris.subset(range(0, 150, 2)), iris.subset(range(1, 150, 2))
    cuts = entropy_mdl(train)
    ranged = discretize(test, cuts)
    for name, points in cuts.items():
        names = range_names(points)
        for value, word in zip(test.column(name), ranged.column(name), strict=True):
            assert isinstance(value, float)
            assert word == names[bisect.bisect_left(points, value)]


def test_equal_width_of_the_widest_floats_does_not_overflow() -> None:
    data = Dataset.from_columns({"x": [-1e308, 1e308], "y": ["a", "b"]}, target="y")
    assert equal_width(data, 2) == {"x": (0.0,)}
    assert equal_width(data, 4) == {"x": (-5e307, 0.0, 5e307)}


@given(st.integers(8, 40), st.data())
def test_a_clean_threshold_is_the_one_cut_found(n: int, draw: st.DataObject) -> None:
    """n distinct values, class a below the k-th and b from it on (2 <= k <= n - 2): the
    MDL rule accepts the cut between them, and no other (each side is pure)."""
    k = draw.draw(st.integers(2, n - 2))
    drawn = draw.draw(st.sets(st.integers(-1000, 1000), min_size=n, max_size=n))
    values = sorted(i / 8 for i in drawn)
    data = Dataset.from_columns({"x": values, "y": ["a"] * k + ["b"] * (n - k)}, target="y")
    assert entropy_mdl(data) == {"x": (midpoint(values[k - 1], values[k]),)}


def test_range_names() -> None:
    assert range_names([]) == ("all",)
    assert range_names([2.45]) == ("<= 2.45", "> 2.45")
    assert range_names([1 / 3, 2 / 3]) == ("<= 0.333333", "(0.333333, 0.666667]", "> 0.666667")
    assert len(set(range_names([1.0, 1.0000001]))) == 3  # written in full where six digits tie


def test_bad_requests_are_refused_in_one_line() -> None:
    tennis = load("play-tennis")
    with pytest.raises(DtreeError, match="column 'Outlook'"):
        equal_width(tennis, 3, attributes=["Outlook"])
    with pytest.raises(DtreeError, match="bins must be a whole number"):
        equal_frequency(LENGTHS, 0)
    with pytest.raises(DtreeError, match="bins must be a whole number"):
        equal_width(LENGTHS, True)
    # a billion ranges made a billion cut points, until the memory ran out
    for cut in (equal_width, equal_frequency):
        with pytest.raises(DtreeError, match=r"in 1\.\.100,000, got 1000000000$"):
            cut(LENGTHS, 10**9)
    assert len(equal_width(LENGTHS, MAX_BINS)["L"]) < MAX_BINS
    with pytest.raises(DtreeError, match="list of names"):
        entropy_mdl(LENGTHS, attributes="L")
    with pytest.raises(DtreeError, match="ascend strictly"):
        discretize(LENGTHS, {"L": [3.0, 1.0]})
    with pytest.raises(DtreeError, match="finite numbers"):
        discretize(LENGTHS, {"L": [float("nan")]})
    with pytest.raises(DtreeError, match="column 'Outlook'"):
        discretize(tennis, {"Outlook": [1.0]})
    prices = Dataset.from_columns({"x": [1.0, 2.0], "y": [1.0, 5.0]}, target="y")
    with pytest.raises(DtreeError, match="the entropy method needs classes"):
        entropy_mdl(prices)
    assert equal_width(prices, 2) == {"x": (1.5,)}


# -- laws ---------------------------------------------------------------------------------------

NUMERIC = datasets(min_rows=1, max_rows=16, min_numeric=1, max_numeric=2, weighted=True)


def known(data: Dataset, name: str) -> list[tuple[float, object, Weight]]:
    return sorted(
        (float(v), y, w)
        for v, y, w in zip(data.column(name), data.labels, data.row_weights, strict=True)
        if v is not None and w > 0
    )


def numeric_names(data: Dataset) -> list[str]:
    return [a.name for a in data.schema.attributes if isinstance(a.domain, Numeric)]


@given(NUMERIC)
def test_entropy_cut_points_are_boundary_points(data: Dataset) -> None:
    """Fayyad and Irani's theorem: the best cut lies between two adjacent values whose
    examples are not all of one class, so every cut point accepted is one."""
    for name, points in entropy_mdl(data).items():
        rows = known(data, name)
        boundaries = {
            midpoint(a, b)
            for a, b in boundary_points([v for v, _, _ in rows], [y for _, y, _ in rows])
        }
        assert set(points) <= boundaries


@given(NUMERIC, st.integers(1, 5))
def test_equal_width_cuts_are_evenly_spaced(data: Dataset, bins: int) -> None:
    for name, points in equal_width(data, bins).items():
        values = [v for v, _, _ in known(data, name)]
        if len(set(values)) < 2:
            assert points == ()
            continue
        low, high = values[0], values[-1]
        assert len(points) == bins - 1
        assert all(low <= p < high for p in points)
        for p in points:
            step = (p - low) / ((high - low) / bins)
            assert abs(step - round(step)) < 1e-9


@given(NUMERIC, st.integers(1, 5))
def test_equal_frequency_cuts_lie_between_values_and_are_at_most_bins_minus_one(
    data: Dataset, bins: int
) -> None:
    for name, points in equal_frequency(data, bins).items():
        values = sorted({v for v, _, _ in known(data, name)})
        between = {midpoint(a, b) for a, b in itertools.pairwise(values)}
        assert set(points) <= between
        assert len(points) <= bins - 1
        assert list(points) == sorted(set(points))


@given(st.integers(1, 6), st.integers(1, 6))
def test_equal_frequency_of_distinct_values_is_exact_when_the_bins_divide_them(
    bins: int, per_bin: int
) -> None:
    n = bins * per_bin
    data = Dataset.from_columns({"x": [float(i) for i in range(n)], "y": ["a"] * n}, target="y")
    ranged = discretize(data, equal_frequency(data, bins))
    sizes: dict[object, int] = defaultdict(int)
    for word in ranged.column("x"):
        sizes[word] += 1
    assert sorted(sizes.values()) == [per_bin] * bins


def cell_error(data: Dataset) -> Fraction:
    """The error of the ranges' best classifier: each cell of the ranges' product predicts
    its plurality class."""
    cells: dict[tuple[object, ...], dict[object, Weight]] = defaultdict(dict)
    for example, y, w in zip(data.examples(), data.labels, data.row_weights, strict=True):
        cell = cells[tuple(example.values())]
        cell[y] = total([cell.get(y, 0), w])
    wrong = sum(
        (Fraction(total(list(c.values()))) - Fraction(max(c.values())) for c in cells.values()),
        Fraction(0),
    )
    return wrong / Fraction(total(list(data.row_weights)))


@given(datasets(min_rows=2, max_rows=16, min_numeric=1, max_numeric=3))
def test_a_tree_grown_to_purity_on_the_ranges_errs_as_their_best_classifier(
    data: Dataset,
) -> None:
    """Discretising never raises the training error of a tree grown to purity above that of
    the ranges' best classifier: ID3 on the discretised data reaches it exactly."""
    for cuts in (entropy_mdl(data), equal_width(data, 3), equal_frequency(data, 2)):
        ranged = discretize(data, cuts)
        assert error(id3(ranged), ranged) == cell_error(ranged)


@given(NUMERIC, st.integers(1, 4))
def test_discretize_changes_only_the_columns_cut_and_nothing_given(
    data: Dataset, bins: int
) -> None:
    before = (data.schema, data.columns, data.target, data.weights, data.rows)
    cuts = equal_frequency(data, bins)
    ranged = discretize(data, cuts)
    assert (data.schema, data.columns, data.target, data.weights, data.rows) == before
    for attribute, column, new in zip(
        data.schema.attributes, data.columns, ranged.columns, strict=True
    ):
        if attribute.name not in cuts:
            assert new is column
            continue
        names = range_names(cuts[attribute.name])
        assert ranged.schema.attribute(attribute.name).domain == Nominal(names)
        assert [v is None for v in new] == [v is None for v in column]


@given(regression_datasets(max_rows=10, min_numeric=1, max_numeric=2), st.integers(1, 4))
def test_a_numeric_target_is_cut_by_width_and_frequency(data: Dataset, bins: int) -> None:
    for cuts in (equal_width(data, bins), equal_frequency(data, bins)):
        assert discretize(data, cuts).target == data.target


# -- Weka, run -----------------------------------------------------------------------------------

NUMBER = r"-?[0-9.]+(?:E-?[0-9]+)?"
WEKA_RANGE = re.compile(rf"'\\'\((-inf|{NUMBER})-(inf|{NUMBER})[\])]\\''")


def weka_cuts(jar: Path, path: Path, *options: str) -> dict[str, tuple[float, ...]]:
    """The cut points Weka's Discretize filter (``options`` choose which) prints for each
    numeric attribute of an ARFF file, from the ranges of its output header."""
    result = subprocess.run(
        [peers.java(), "-cp", str(jar), *options, "-R", "first-last", "-i", str(path)],
        check=False,
        capture_output=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stderr
    cuts: dict[str, tuple[float, ...]] = {}
    for line in result.stdout.splitlines():
        if not line.startswith("@attribute"):
            continue
        name = line.split()[1].strip("'")
        ranges = WEKA_RANGE.findall(line)
        if ranges or "All" in line:  # 'All': one range, no cut point
            cuts[name] = tuple(float(high) for _, high in ranges if high != "inf")
    return cuts


def weka_files(weka_examples: Path) -> list[Path]:
    """Weka's example files with a nominal class and numeric attributes."""
    chosen = []
    for path in sorted(weka_examples.glob("*.arff")):
        if path.stem.startswith("Reuters"):
            continue
        data = read_arff(path)
        if data.schema.is_classification and any(
            isinstance(a.domain, Numeric) for a in data.schema.attributes
        ):
            chosen.append(path)
    return chosen


def as_printed(ours: tuple[float, ...], theirs: tuple[float, ...]) -> bool:
    """Whether cut points are those Weka prints, to its six places (it rounds the decimal
    half up, so a last digit may differ from Python's ``round`` by one)."""
    return len(ours) == len(theirs) and all(
        abs(a - b) <= 5e-7 + 1e-12 * abs(a) for a, b in zip(ours, theirs, strict=True)
    )


def test_dtree_cuts_weka_example_files_as_weka_does(weka_jar: Path, weka_examples: Path) -> None:
    files = weka_files(weka_examples)
    assert len(files) >= 5
    for path in files:
        data = read_arff(path)
        supervised = ("weka.filters.supervised.attribute.Discretize", "-c", "last")
        width = ("weka.filters.unsupervised.attribute.Discretize", "-B", "3")
        frequency = ("weka.filters.unsupervised.attribute.Discretize", "-F", "-B", "3")
        for ours, options in (
            (entropy_mdl(data), supervised),
            (equal_width(data, 3), width),
            (equal_frequency(data, 3), frequency),
        ):
            theirs = weka_cuts(weka_jar, path, *options)
            assert set(ours) <= set(theirs), (path.name, options)
            for name, points in ours.items():
                assert as_printed(points, theirs[name]), (path.name, options, name)
