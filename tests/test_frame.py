"""Data frames in and out (dtree.frame): each library's frame of a CSV file is the dataset
read_csv reads from it; categories keep their order; what is neither numeric nor nominal is
refused by column; a dataset goes out to a frame and back unchanged."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.csv as pa_csv
import pytest
from helpers import thorough
from hypothesis import given

from dtree import CART, Dataset, cart, read_csv
from dtree.dataset import Attribute, Nominal, Numeric, Schema
from dtree.datasets import load, names
from dtree.errors import DtreeError
from dtree.frame import BACKENDS, columns, examples, from_frame, to_frame
from dtree.selection import select_by_cv
from dtree.strategies import datasets

CSV = """outlook,temperature,humidity,windy,visitors,play
sunny,85,85,false,12,No
sunny,80,?,true,3,No
overcast,83,78,false,?,Yes
rain,?,96,false,40,Yes
?,68,80,true,7,Yes
rain,65,70.5,true,0,No
"""


def _pandas(path: Path) -> Any:
    return pd.read_csv(path, na_values=["?"], keep_default_na=False)


def _polars(path: Path) -> Any:
    return pl.read_csv(path, null_values=["?"])


def _pyarrow(path: Path) -> Any:
    options = pa_csv.ConvertOptions(null_values=["?"], strings_can_be_null=True)
    return pa_csv.read_csv(path, convert_options=options)


READERS: dict[str, Callable[[Path], Any]] = {
    "pandas": _pandas,
    "polars": _polars,
    "pyarrow": _pyarrow,
}


@pytest.mark.parametrize("library", READERS)
def test_a_frame_read_from_a_csv_file_is_the_dataset_read_csv_reads(
    library: str, tmp_path: Path
) -> None:
    path = tmp_path / "days.csv"
    path.write_text(CSV)
    frame = READERS[library](path)
    expected = read_csv(path, target="play")
    assert from_frame(frame, target="play") == expected
    assert Dataset.from_frame(frame, target="play") == expected
    assert expected.column("humidity")[1] is None
    assert expected.column("outlook")[4] is None


@pytest.mark.parametrize("library", READERS)
@pytest.mark.parametrize("name", ["golf", "iris", "play-tennis", "restaurant"])
def test_the_bundled_datasets_read_by_each_library_are_read_csvs(
    library: str, name: str, tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.csv"
    path.write_bytes((files("dtree.datasets") / f"{name}.csv").read_bytes())
    target = load(name).schema.target.name
    assert from_frame(READERS[library](path), target=target) == read_csv(path, target=target)


@pytest.mark.parametrize("library", ["pandas", "pyarrow"])
def test_a_boolean_column_reads_false_and_true_whatever_the_file_spelt(
    library: str, tmp_path: Path
) -> None:
    # weather-numeric.csv spells FALSE and TRUE; pandas and pyarrow read booleans, whose
    # spelling is gone, so the frame's values are Arrow's text of a boolean.
    path = tmp_path / "weather.csv"
    path.write_bytes((files("dtree.datasets") / "weather-numeric.csv").read_bytes())
    from_file = read_csv(path, target="play")
    data = from_frame(READERS[library](path), target="play")
    assert from_file.column("windy")[:2] == ("FALSE", "TRUE")
    assert data.column("windy") == tuple(str(value).lower() for value in from_file.column("windy"))


def test_categories_keep_their_order_in_every_library() -> None:
    order = ("Sunny", "Overcast", "Rain")
    values = ["Rain", None, "Sunny"]
    frames = [
        pd.DataFrame({"o": pd.Categorical(values, categories=order), "y": ["a", "b", "a"]}),
        pl.DataFrame({"o": pl.Series(values, dtype=pl.Enum(order)), "y": ["a", "b", "a"]}),
        pa.table({"o": pa.DictionaryArray.from_arrays([2, None, 0], list(order)), "y": ["a"] * 3}),
    ]
    for frame in frames:
        data = from_frame(frame, target="y")
        assert data.schema.attributes[0].domain == Nominal(order)
        assert data.column("o") == ("Rain", None, "Sunny")


def test_a_categorical_target_declares_the_class_order_and_classes_override_it() -> None:
    frame = pd.DataFrame({"x": [1, 2, 3], "y": pd.Categorical(["lo", "hi", "lo"], ["lo", "hi"])})
    assert from_frame(frame, target="y").schema.classes == ("lo", "hi")
    assert from_frame(frame, target="y", classes=["hi", "lo"]).schema.classes == ("hi", "lo")
    with pytest.raises(DtreeError, match="unknown class 'lo'"):
        from_frame(frame, target="y", classes=["hi"])


def test_numbers_booleans_nan_and_null() -> None:
    frame = pl.DataFrame(
        {
            "i": [1, None, 3],
            "f": [0.5, float("nan"), None],
            "b": [True, None, False],
            "y": [1.0, 2, 3],
        }
    )
    data = from_frame(frame, target="y")
    assert data.column("i") == (1.0, None, 3.0)
    assert data.column("f") == (0.5, None, None)
    assert data.column("b") == ("true", None, "false")
    assert data.schema.attributes[2].domain == Nominal(("false", "true"))
    assert not data.schema.is_classification
    assert data.target == (1.0, 2.0, 3.0)


def test_a_weights_column_is_no_attribute_and_integers_stay_exact() -> None:
    frame = pd.DataFrame({"x": ["a", "b"], "w": [2, 3], "y": ["p", "q"]})
    data = from_frame(frame, target="y", weights="w")
    assert data.schema.names == ("x",)
    assert data.weights == (2, 3)
    assert all(type(w) is int for w in data.weights)


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (
            pd.DataFrame({"d": pd.to_datetime(["2026-01-01"]), "y": ["a"]}),
            "column 'd': a column of type Datetime",
        ),
        (pl.DataFrame({"l": [[1, 2]], "y": ["a"]}), "column 'l': a column of type List"),
        (pl.DataFrame({"s": [{"a": 1}], "y": ["a"]}), "column 's': a column of type Struct"),
        (pd.DataFrame({"x": ["a", 1], "y": ["a", "b"]}), "row 2, column 'x': 1 in a column"),
        (pd.DataFrame({"x": [1.0, float("inf")], "y": ["a", "b"]}), "row 2, column 'x': inf"),
        (pd.DataFrame({"x": [1.0, 2.0], "y": ["a", None]}), "row 2, column 'y': the target"),
        (pd.DataFrame({"x": [1.0], "y": ["a"]}).iloc[:0], "no rows"),
        (pl.DataFrame({"x": [1.0], "y": ["a"]}).lazy(), "lazy frame .* collect"),
        ([[1.0, "a"]], "a data frame is needed"),
        (pd.DataFrame({"x": [1.0], "z": ["a"]}), "unknown target 'y'; the columns are 'x', 'z'"),
    ],
)
def test_what_is_neither_numeric_nor_nominal_is_refused_by_column(frame: Any, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        from_frame(frame, target="y")


def test_the_frame_given_is_not_changed() -> None:
    frame = pd.DataFrame({"x": [1.0, float("nan")], "y": ["a", "b"]})
    before = frame.copy()
    from_frame(frame, target="y")
    pd.testing.assert_frame_equal(frame, before)


@pytest.mark.parametrize("backend", ["pandas", "polars"])
@pytest.mark.parametrize("name", names())
def test_every_bundled_dataset_goes_out_to_a_frame_and_back_unchanged(
    backend: str, name: str
) -> None:
    data = load(name)
    frame = to_frame(data, backend=backend)  # type: ignore[arg-type]
    assert from_frame(frame, target=data.schema.target.name) == data


@thorough(200)
@given(datasets(weighted=True, max_numeric=2, missing=True))
def test_any_dataset_goes_out_and_back_the_same_rows(data: Dataset) -> None:
    weighted = any(data.weights[r] != 1 for r in data.rows)
    for backend in BACKENDS:
        frame = to_frame(data, backend=backend)
        back = from_frame(
            frame, target=data.schema.target.name, weights="weight" if weighted else None
        )
        for name, column in zip(data.schema.names, data.columns, strict=True):
            assert back.column(name) == tuple(column[r] for r in data.rows)
        assert back.target == tuple(data.target[r] for r in data.rows)
        assert back.weights == tuple(data.weights[r] for r in data.rows)
        if backend != "pyarrow":  # pyarrow's nominal columns are strings: values sorted
            assert back.schema == data.schema


def test_named_columns_such_as_predictions_become_a_frame() -> None:
    frame = to_frame({"prediction": ["Yes", None], "p": [0.5, 1.0]}, backend="polars")
    assert frame.to_dict(as_series=False) == {"prediction": ["Yes", None], "p": [0.5, 1.0]}


def test_examples_and_columns_type_a_frame_as_from_frame_does() -> None:
    frame = pd.DataFrame({"o": pd.Categorical(["b", None], ["b", "a"]), "x": [1, 2]})
    assert examples(frame) == ({"o": "b", "x": 1.0}, {"o": None, "x": 2.0})
    assert columns(frame)[0][0].domain == Nominal(("b", "a"))


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(DtreeError, match="backend"):
        to_frame(load("golf"), backend="duckdb")  # type: ignore[arg-type]


def test_a_null_of_any_library_is_missing() -> None:
    frame = pd.DataFrame(
        {
            "i": pd.array([1, None], dtype="Int64"),
            "b": pd.array([True, None], dtype="boolean"),
            "s": pd.array(["u", None], dtype="string[pyarrow]"),
            "o": pd.Series([True, np.nan], dtype=object),
            "y": ["a", "b"],
        }
    )
    data = from_frame(frame, target="y")
    assert data.columns == ((1.0, None), ("true", None), ("u", None), ("true", None))


@pytest.mark.parametrize("library", READERS)
def test_a_column_of_nothing_but_nulls_is_typed_as_its_library_types_it(
    library: str, tmp_path: Path
) -> None:
    path = tmp_path / "holes.csv"
    path.write_text("x,z,y\n1,?,a\n2,?,b\n")
    data = from_frame(READERS[library](path), target="y")
    assert data.column("z") == (None, None)
    if library == "pandas":  # pandas types a column of NaN float64: a numeric column
        assert data.schema.attributes[1].domain == Numeric()
    else:  # polars and pyarrow give it the null type, which says nothing more
        assert data == read_csv(path, target="y")
        assert data.schema.attributes[1].domain == Nominal(())


def test_column_names_are_text_and_numeric_labels_of_declared_classes_too() -> None:
    frame = pd.DataFrame({0: [1.0, 2.0], 1: [0, 1]})
    data = from_frame(frame, target="1", classes=["0", "1"])
    assert data.schema.names == ("0",)
    assert data.target == ("0", "1")
    assert examples(frame) == ({"0": 1.0, "1": 0.0}, {"0": 2.0, "1": 1.0})
    with pytest.raises(DtreeError, match="duplicate column name '1'"):
        from_frame(pd.DataFrame({1: [1.0], "1": [2.0], "y": ["a"]}), target="y")
    # pandas allows a name twice, where narwhals raised its own DuplicateError
    twice = pd.DataFrame([[1.0, 2.0, "a"]], columns=["x", "x", "y"])
    with pytest.raises(DtreeError, match=r"^duplicate column name 'x'$"):
        Dataset.from_frame(twice, target="y")


def test_an_infinity_is_refused_wherever_a_frame_is_read() -> None:
    frame = pl.DataFrame({"x": [1.0, float("-inf")]})
    with pytest.raises(DtreeError, match="row 2, column 'x': -inf is not a finite number"):
        examples(frame)


def test_tables_of_records_become_frames_with_a_column_per_field() -> None:
    iris = load("iris")
    selection = select_by_cv(CART, iris, 5)
    frame = to_frame(selection.table, backend="polars")
    assert frame.columns == ["alpha", "leaves", "risk", "error", "standard_error"]
    assert frame["leaves"].to_list() == [row.leaves for row in selection.table]
    assert frame["alpha"].to_list() == [float(row.alpha) for row in selection.table]
    assert to_frame({"p": [Fraction(1, 3)]}, backend="pyarrow").column("p").to_pylist() == [1 / 3]


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"tree": [cart(load("golf"))]}, "column 'tree': Split values have no place"),
        ([Nominal(("a",)), Numeric()], "attrs instances of one class"),
        ([1, 2], "attrs instances of one class"),
    ],
)
def test_what_a_frame_cannot_hold_is_refused(table: Any, message: str) -> None:
    with pytest.raises(DtreeError, match=message):
        to_frame(table)


def test_a_polars_categorical_declares_no_order_so_its_values_are_sorted() -> None:
    frame = pl.DataFrame(
        {"x": pl.Series(["b", "c", "a", "b"], dtype=pl.Categorical), "y": ["p", "q", "p", "q"]}
    )
    data = from_frame(frame, target="y")
    assert data.schema.attributes[0].domain == Nominal(("a", "b", "c"))
    assert from_frame(frame.reverse(), target="y").schema == data.schema


def test_numpy_values_such_as_an_estimators_predictions_become_a_frame() -> None:
    frame = to_frame({"label": np.array([1, 0]), "ok": np.array([True, False])}, backend="polars")
    assert frame.to_dict(as_series=False) == {"label": [1, 0], "ok": [True, False]}


def test_the_round_trip_law_can_fail_pyarrow_loses_a_declared_order() -> None:
    data = Dataset.from_columns({"o": ["b", "a"], "y": ["p", "q"]}, target="y")
    declared = Dataset(
        Schema((Attribute("o", Nominal(("b", "a"))),), data.schema.target),
        data.columns,
        data.target,
    )
    assert from_frame(to_frame(declared, backend="polars"), target="y") == declared
    back = from_frame(to_frame(declared, backend="pyarrow"), target="y")
    assert back.schema != declared.schema
    assert back.column("o") == declared.column("o")
