"""read_csv: every kind of bad input, type inference, a round-trip law, the files and lines
that are refused, reading as a stream, progress, and the warning of a numeric column with a
typo."""

from __future__ import annotations

import csv
import math
import socket
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import as_file, files
from pathlib import Path
from unittest.mock import patch

import pytest
from helpers import piped
from hypothesis import example, given
from hypothesis import strategies as st

from dtree import reading
from dtree.dataset import Nominal, Numeric, Value
from dtree.errors import DtreeError, DtreeWarning, quote
from dtree.load import read_csv, read_examples
from dtree.progress import Progress
from dtree.reading import LINE_LIMIT


def write(folder: Path, text: str, name: str = "data.csv") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path, **options: object) -> DtreeError:
    with pytest.raises(DtreeError) as caught:
        read_csv(path, target=str(options.pop("target", "y")), **options)  # type: ignore[arg-type]
    return caught.value


# -- bad input: one test each -----------------------------------------------------


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "absent.csv"
    error = error_of(path)
    assert (error.file, error.row, error.column) == (str(path), None, None)
    assert "no such file" in str(error)


def test_a_directory_is_an_error(tmp_path: Path) -> None:
    error = error_of(tmp_path)
    assert error.file == str(tmp_path)
    assert "directory" in error.message


def test_text_that_is_not_utf8_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("x,y\ncafé,a\n".encode("latin-1"))
    error = error_of(path)
    assert error.file == str(path)
    assert "UTF-8" in error.message
    assert "line 2" in error.message


@pytest.mark.parametrize("text", ["", "\n\n", "  \n"])
def test_an_empty_file_is_an_error(tmp_path: Path, text: str) -> None:
    error = error_of(write(tmp_path, text))
    assert error.file == str(tmp_path / "data.csv")
    assert "empty" in error.message


def test_a_header_without_rows_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n"))
    assert error.file == str(tmp_path / "data.csv")
    assert "no data rows" in error.message


@pytest.mark.parametrize(("line", "count"), [("1,a,extra", 3), ("1", 1)])
def test_a_ragged_row_is_an_error(tmp_path: Path, line: str, count: int) -> None:
    error = error_of(write(tmp_path, f"x,y\n2,b\n{line}\n3,c\n"))
    assert (error.file, error.row, error.column) == (str(tmp_path / "data.csv"), 2, None)
    assert f"{count} field" in error.message
    assert "expected 2" in error.message


def test_a_duplicate_column_name_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,x,y\n1,2,a\n"))
    assert (error.row, error.column) == (None, "x")
    assert "duplicate" in error.message


@pytest.mark.parametrize("header", ["x,,y", "x,y,", " ,y"])
def test_an_empty_column_name_is_an_error(tmp_path: Path, header: str) -> None:
    error = error_of(write(tmp_path, f"{header}\n1,a,b\n"))
    assert error.file == str(tmp_path / "data.csv")
    assert "empty name" in error.message


def test_an_unknown_target_is_an_error_listing_the_columns(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n1,a\n"), target="Play")
    assert error.file == str(tmp_path / "data.csv")
    assert "'Play'" in error.message
    assert "'x', 'y'" in error.message


@pytest.mark.parametrize("option", ["numeric", "nominal"])
def test_an_unknown_forced_column_is_an_error(tmp_path: Path, option: str) -> None:
    error = error_of(write(tmp_path, "x,y\n1,a\n"), **{option: ["z"]})
    assert "'z'" in error.message
    assert "'x', 'y'" in error.message


def test_a_column_forced_both_ways_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n1,a\n"), numeric=["x"], nominal=["x"])
    assert error.column == "x"


def test_declared_classes_for_a_numeric_target_are_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n1,0\n"), classes=["0"], numeric=["y"])
    assert error.column == "y"


@pytest.mark.parametrize("spelling", ["nan", "NaN", "inf", "-Infinity", "+INF", "1e999"])
def test_nan_or_infinity_in_a_numeric_column_is_an_error(tmp_path: Path, spelling: str) -> None:
    error = error_of(write(tmp_path, f"x,y\n1,a\n{spelling},b\n"))
    assert (error.file, error.row, error.column) == (str(tmp_path / "data.csv"), 2, "x")
    assert repr(spelling) in error.message


def test_nan_in_a_forced_numeric_column_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n?,a\nnan,b\n"), numeric=["x"])
    assert (error.row, error.column) == (2, "x")


def test_nan_among_other_strings_is_just_a_string(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "name,y\nNan,a\nBob,b\n"), target="y")
    assert data.column("name") == ("Nan", "Bob")


def test_a_non_number_forced_numeric_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n1,a\n2,b\nhot,c\n"), numeric=["x"])
    assert (error.file, error.row, error.column) == (str(tmp_path / "data.csv"), 3, "x")
    assert "'hot'" in error.message


@pytest.mark.parametrize("marker", ["?", ""])
def test_a_missing_target_is_an_error(tmp_path: Path, marker: str) -> None:
    error = error_of(write(tmp_path, f"x,y\n1,a\n2,{marker}\n"))
    assert (error.file, error.row, error.column) == (str(tmp_path / "data.csv"), 2, "y")
    assert "missing" in error.message


def test_an_undeclared_class_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "x,y\n1,a\n2,c\n"), classes=["a", "b"])
    assert (error.file, error.row, error.column) == (str(tmp_path / "data.csv"), 2, "y")


def test_malformed_quoting_is_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, 'x,y\n1,a\n2,"b\n'))
    assert (error.file, error.row) == (str(tmp_path / "data.csv"), 2)
    assert "malformed CSV" in error.message


@pytest.mark.parametrize(
    ("rows", "row", "message"),
    [
        (["1", "2,a", '3,"b'], 1, "1 field, expected 2"),  # ragged before malformed
        (['1,"a"b', "2", "3,c"], 1, "malformed CSV on line 2"),  # malformed before ragged
        (["1,a", "", "  ", "2", '3,"b'], 2, "1 field, expected 2"),
    ],
)
def test_the_first_problem_of_the_files_structure_is_the_one_reported(
    tmp_path: Path, rows: list[str], row: int, message: str
) -> None:
    for batch in (1, 2, 1000):
        with patch.object(reading, "_BATCH", batch):
            error = error_of(write(tmp_path, "x,y\n" + "\n".join(rows) + "\n"))
        assert error.row == row
        assert error.message.startswith(message)


def test_rows_are_counted_from_the_first_data_row_skipping_blank_lines(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "\nx,y\n\n1,a\n\nnan,b\n"))
    assert error.row == 2


# -- inference ----------------------------------------------------------------------


def test_decimal_literals_make_a_numeric_column_of_floats(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "x,y\n75,a\n-1.5e3,b\n.5,a\n+2.,b\n"), target="y")
    assert data.schema.attribute("x").domain == Numeric()
    assert data.column("x") == (75.0, -1500.0, 0.5, 2.0)
    assert all(isinstance(value, float) for value in data.column("x"))


@pytest.mark.parametrize("odd", ["1_000", "0x1F", "1,5", "١", "--1"])
def test_what_float_would_accept_but_is_not_a_decimal_literal_is_nominal(
    tmp_path: Path, odd: str
) -> None:
    data = read_csv(write(tmp_path, f'x,y\n1,a\n"{odd}",b\n'), target="y")
    assert data.column("x") == ("1", odd)
    assert data.schema.attribute("x").domain == Nominal(tuple(sorted(["1", odd])))


def test_nominal_override_keeps_the_strings(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "z,y\n0,a\n1,b\n"), target="y", nominal=["z"])
    assert data.schema.attribute("z").domain == Nominal(("0", "1"))
    assert data.column("z") == ("0", "1")


def test_numeric_override_reads_numbers(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "x,y\n?,a\n3,b\n"), target="y", numeric=["x"])
    assert data.column("x") == (None, 3.0)


def test_missing_markers_are_none(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "x,w,y\n1,?,a\n?,Weak,b\n,,c\n3,Strong,a\n"), target="y")
    assert data.column("x") == (1.0, None, None, 3.0)
    assert data.column("w") == (None, "Weak", None, "Strong")
    assert data.schema.attribute("w").domain == Nominal(("Strong", "Weak"))


def test_missing_markers_can_be_chosen(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "w,y\nNA,a\n?,b\n"), target="y", missing=["NA"])
    assert data.column("w") == (None, "?")


def test_classes_are_sorted_unless_declared(tmp_path: Path) -> None:
    path = write(tmp_path, "x,y\n1,Yes\n2,No\n3,Maybe\n")
    assert read_csv(path, target="y").schema.classes == ("Maybe", "No", "Yes")
    declared = read_csv(path, target="y", classes=["Yes", "No", "Maybe"])
    assert declared.schema.classes == ("Yes", "No", "Maybe")


def test_declared_classes_keep_numeric_looking_labels_as_strings(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "x,y\n1,0\n2,1\n"), target="y", classes=["0", "1"])
    assert data.labels == ("0", "1")


def test_a_numeric_target_makes_a_regression_dataset(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "x,y\na,1.5\nb,2\n"), target="y")
    assert not data.schema.is_classification
    assert data.labels == (1.5, 2.0)


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbfx,y\n1,a\n")
    data = read_csv(path, target="y")
    assert data.schema.names == ("x",)


def test_names_and_values_are_stripped(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, " x ,\ty\n  1 , a \n ? ,\tb \n 3 ,b\n"), target="y")
    assert data.schema.names == ("x",)
    assert data.schema.target.name == "y"
    assert data.column("x") == (1.0, None, 3.0)
    assert data.labels == ("a", "b", "b")


def test_quoted_fields_may_hold_commas_and_newlines(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, 'x,y\n"a, b",p\n"c\nd",q\n'), target="y")
    assert data.column("x") == ("a, b", "c\nd")


# -- the bundled files ---------------------------------------------------------------

BUNDLED = [
    # file, target, rows, attributes, classes in sorted order (None: regression)
    ("play-tennis.csv", "PlayTennis", 14, 4, ("No", "Yes")),
    ("golf.csv", "class", 14, 4, ("Don't Play", "Play")),
    ("weather-numeric.csv", "play", 14, 4, ("no", "yes")),
    ("restaurant.csv", "WillWait", 12, 10, ("No", "Yes")),
    ("exam-results.csv", "ExamResult", 15, 3, ("F", "P")),
    ("boolean-table.csv", "Y", 8, 2, ("F", "T")),
    ("xor.csv", "Y", 4, 2, None),  # 0/1 labels read as numbers unless classes are declared
    ("iris.csv", "species", 150, 4, ("setosa", "versicolor", "virginica")),
]


@contextmanager
def bundled(file: str) -> Iterator[Path]:
    with as_file(files("dtree.datasets").joinpath(file)) as path:
        yield path


@pytest.mark.parametrize(("file", "target", "rows", "attributes", "classes"), BUNDLED)
def test_every_bundled_file_reads_with_its_documented_shape(
    file: str, target: str, rows: int, attributes: int, classes: tuple[str, ...] | None
) -> None:
    with bundled(file) as path:
        data = read_csv(path, target=target)
    assert len(data) == rows
    assert len(data.schema.attributes) == attributes
    assert data.schema.target.name == target
    if classes is None:
        assert not data.schema.is_classification
    else:
        assert data.schema.classes == classes


# -- the round-trip law --------------------------------------------------------------

# Strings that cannot be read as anything else: they start with a letter that
# begins no number, NaN or infinity spelling, and end without whitespace.
FIRST = "abcdfghjklmopqrstuvwxyzABCDFGHJKLMOPQRSTUVWXYZé"
REST = FIRST + "in0123456789 ,;'\"\n-."
words = st.builds(
    lambda first, rest: first + rest.rstrip(), st.sampled_from(FIRST), st.text(REST, max_size=8)
)
numbers = st.one_of(st.integers(-(10**6), 10**6), st.floats(allow_nan=False, allow_infinity=False))


Cell = str | int | float | None
"""A value as generated: an int is written without a decimal point."""


@st.composite
def tables(draw: st.DrawFn) -> list[list[Cell]]:
    """Columns of one kind each (numbers or words), the last one the target.

    Only the attributes may have missing values.
    """
    rows = draw(st.integers(1, 6))
    width = draw(st.integers(1, 4))
    columns: list[list[Cell]] = []
    for j in range(width):
        values: st.SearchStrategy[Cell] = draw(st.sampled_from([numbers, words]))
        if j < width - 1:
            values = st.none() | values
        columns.append(draw(st.lists(values, min_size=rows, max_size=rows)))
    return columns


def spelled(cell: Cell) -> str:
    """How a cell is written: floats by repr, which reads back exactly."""
    match cell:
        case None:
            return ""
        case float():
            return repr(cell)
        case _:
            return str(cell)


def as_read(cell: Cell) -> Value:
    """What reading a cell gives: numbers as floats."""
    return float(cell) if isinstance(cell, int) else cell


def written_table(path: Path, names: list[str], columns: list[list[Cell]]) -> Path:
    """``path``, written as a CSV file of the columns, each cell spelled as a file spells it."""
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(names)
        writer.writerows(map(spelled, row) for row in zip(*columns, strict=True))
    return path


@given(tables())
def test_a_table_written_then_read_gives_the_same_values(columns: list[list[Cell]]) -> None:
    names = [f"c{j}" for j in range(len(columns))]
    with tempfile.TemporaryDirectory() as folder:
        path = written_table(Path(folder, "table.csv"), names, columns)
        data = read_csv(path, target=names[-1])
    for name, column in zip(names[:-1], columns, strict=False):
        assert data.column(name) == tuple(map(as_read, column))
    assert data.labels == tuple(map(as_read, columns[-1]))


# -- examples without a target ----------------------------------------------------


def test_examples_are_typed_as_the_model_reads_them(tmp_path: Path) -> None:
    path = write(tmp_path, "code,temp,note\n1,64,?\n0, ,x\n\n1,7e1,y\n")
    examples = read_examples(path, numeric=["temp"], nominal=["code"])
    assert examples == (
        {"code": "1", "temp": 64.0, "note": None},
        {"code": "0", "temp": None, "note": "x"},
        {"code": "1", "temp": 70.0, "note": "y"},
    )
    # Without a word from the model every column stays text, numbers too.
    assert read_examples(path)[0] == {"code": "1", "temp": "64", "note": None}
    assert read_examples(path, missing=["x"])[1] == {"code": "0", "temp": "", "note": None}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"numeric": ["wind"]}, "the column 'wind' is needed but absent; the columns are 'a', 't'"),
        ({"nominal": ["wind"]}, "the column 'wind' is needed but absent"),
        ({"numeric": ["a"], "nominal": ["a"]}, "column 'a': read both as numbers and as nominal"),
        ({"numeric": ["a"]}, "row 2, column 'a': 'u' is not a number"),
        ({"numeric": ["t"]}, "row 1, column 't': 'inf' is not a finite number"),
    ],
)
def test_examples_that_cannot_be_read_are_an_error(
    tmp_path: Path, options: dict[str, list[str]], message: str
) -> None:
    path = write(tmp_path, "a,t\n1,inf\nu,2\n")
    with pytest.raises(DtreeError) as caught:
        read_examples(path, **options)
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)


def test_examples_need_a_header_and_rows(tmp_path: Path) -> None:
    with pytest.raises(DtreeError, match="a header but no data rows"):
        read_examples(write(tmp_path, "a,b\n"))
    with pytest.raises(DtreeError, match="1 field, expected 2"):
        read_examples(write(tmp_path, "a,b\n1\n"))


# -- a bare string where a collection is expected -------------------------------


@pytest.mark.parametrize("option", ["missing", "numeric", "nominal", "classes"])
def test_read_csv_refuses_a_bare_string_for_a_collection(tmp_path: Path, option: str) -> None:
    # missing="NA" once meant the two markers "N" and "A".
    path = write(tmp_path, "x,y\nNA,A\nN,B\n")
    error = error_of(path, **{option: "NA"})
    assert str(error).startswith(f"{option} must be a collection")
    assert "['NA']" in str(error)


@pytest.mark.parametrize("option", ["missing", "numeric", "nominal"])
def test_read_examples_refuses_a_bare_string_for_a_collection(tmp_path: Path, option: str) -> None:
    path = write(tmp_path, "x,y\nNA,A\nN,B\n")
    with pytest.raises(DtreeError, match=f"^{option} must be a collection"):
        read_examples(path, **{option: "x"})


def test_a_one_item_list_of_markers_is_read_as_one_marker(tmp_path: Path) -> None:
    data = read_csv(write(tmp_path, "x,y\nNA,A\nN,B\n"), target="y", missing=["NA"])
    assert data.column("x") == (None, "N")


# -- a column of weights ------------------------------------------------------------


def test_a_weights_column_weighs_the_rows_and_is_no_attribute(tmp_path: Path) -> None:
    path = write(tmp_path, "x,y,w\nu,a,2\nv,b,0.5\nu,b,0\n")
    data = read_csv(path, target="y", weights="w")
    assert data.schema.names == ("x",)
    assert data.weights == (2, 0.5, 0)
    assert type(data.weights[0]) is int


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("-1", "weight -1 is not a finite number >= 0"),
        ("?", "weight None is not a finite number >= 0"),
        ("heavy", "'heavy' is not a number"),
        ("inf", "'inf' is not a finite number"),
    ],
)
def test_a_bad_weight_is_placed_by_file_row_and_column(
    tmp_path: Path, field: str, message: str
) -> None:
    path = write(tmp_path, f"x,y,w\nu,a,1\nv,b,{field}\n")
    error = error_of(path, weights="w")
    assert (error.file, error.row, error.column) == (str(path), 2, "w")
    assert message in str(error)


def test_the_weights_column_must_exist_and_not_be_the_target(tmp_path: Path) -> None:
    path = write(tmp_path, "x,y\nu,a\n")
    assert "unknown weights column 'w'" in str(error_of(path, weights="w"))
    assert "the target cannot be the weights" in str(error_of(path, weights="y"))


def test_a_weight_of_thousands_of_leading_zeros_reads_exactly(tmp_path: Path) -> None:
    path = tmp_path / "zeros.csv"
    path.write_text(f"x,y,w\nu,a,{'0' * 5000}3\nv,b,1\n", encoding="utf-8")
    assert read_csv(path, target="y", weights="w").weights == (3, 1)


# -- only files that end, and lines that end ----------------------------------------


def refusal_in_a_child(call: str) -> str:
    """The message of the DtreeError that ``call`` raises in a child interpreter held to
    30 seconds and 1 GiB, so that a reader that does not refuse cannot hang the suite."""
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))\n"
        "from dtree.errors import DtreeError\n"
        "from dtree.load import read_csv\n"
        "from dtree.reading import read_text\n"
        f"try:\n    {call}\nexcept DtreeError as error:\n    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.parametrize("call", ["read_csv('/dev/zero', target='y')", "read_text('/dev/zero')"])
def test_an_endless_device_is_refused_before_a_byte_is_read(call: str) -> None:
    assert refusal_in_a_child(call) == (
        "/dev/zero: a character device, not a file (a device such as /dev/zero or a terminal"
        " may never end): give a regular file, or pipe the data in"
    )


def test_a_socket_is_refused_by_name(tmp_path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "s.csv"))
        error = error_of(tmp_path / "s.csv")
    assert error.message == "a socket, not a file: give a regular file, or pipe the data in"


def test_a_named_pipe_is_read_as_a_stream(tmp_path: Path) -> None:
    rows = b"".join(b"%d,%s\n" % (i, b"ab"[i % 2 : i % 2 + 1]) for i in range(10_000))
    seen: list[Progress] = []
    with piped(tmp_path, b"x,y\n", rows[:70_000], rows[70_000:]) as path:
        data = read_csv(path, target="y", progress=seen.append)
    assert len(data) == 10_000
    assert data.column("x")[-1] == 9_999.0
    # Of a size unknown: rows of an infinite total, rising, then complete.
    assert [p.total for p in seen[:-1]] == [math.inf] * (len(seen) - 1)
    assert [p.done for p in seen] == sorted(p.done for p in seen)
    assert seen[-1] == Progress(10_000, 10_000, f"reading {path}, 10000 rows")


def test_an_endless_line_in_a_pipe_is_refused_at_the_limit(tmp_path: Path) -> None:
    with piped(tmp_path, b"x,y\n", b"1" * (LINE_LIMIT + 1), b"1" * 10 * LINE_LIMIT) as path:
        error = error_of(path)
    assert (error.file, error.row) == (str(path), 1)
    assert (
        error.message
        == f"line 2 is longer than {LINE_LIMIT:,} characters, the most a line may hold"
    )


def test_a_line_longer_than_the_limit_is_an_error_naming_it(tmp_path: Path) -> None:
    path = write(tmp_path, "x,y\n1,a\n" + "2," + "b" * LINE_LIMIT + "\n")
    error = error_of(path)
    assert (error.file, error.row) == (str(path), 2)
    assert (
        error.message
        == f"line 3 is longer than {LINE_LIMIT:,} characters, the most a line may hold"
    )
    wide = ",".join(f"{j}" + "b" * 99_999 for j in range(10))  # within both limits
    data = read_csv(write(tmp_path, f"{wide},y\n{wide},a\n"), target="y")
    assert len(data.schema.names) == len(wide) // 100_000 == 10


def test_a_field_longer_than_the_csv_limit_is_an_error_naming_its_line(tmp_path: Path) -> None:
    lines = "\n".join(["b" * 100_000] * 2)  # a quoted field of lines within the line limit
    error = error_of(write(tmp_path, f'x,y\n1,a\n2,"{lines}"\n'))
    assert error.row == 2
    assert error.message == (
        "a field on line 4 is longer than 131,072 characters, the most a field may hold"
    )


def test_a_row_of_quoted_line_breaks_is_held_to_the_line_limit_in_all(tmp_path: Path) -> None:
    """A quoted field may hold line breaks, so that a row of short lines and short fields
    ran on without a bound, to a MemoryError from a pipe."""
    fields = '","x\n' * (LINE_LIMIT // 5)  # one row: a field a line, each line short
    error = error_of(write(tmp_path, f'x,y\n1,a\n"x{fields}"\n'))
    assert error.row == 2
    assert error.message.startswith(f"a row runs past {LINE_LIMIT:,} characters by line ")
    within = '","x\n' * 1000  # a row of a thousand quoted line breaks is read
    names = ",".join(f"c{j}" for j in range(1002))
    data = read_csv(write(tmp_path, f'{names}\n"x{within}",a\n'), target="c1001")
    assert len(data.schema.names) == 1001
    endless = (  # an endless row of short quoted lines, from a pipe: refused, not a MemoryError
        "import os, tempfile, threading\n"
        "    pipe = os.path.join(tempfile.mkdtemp(), 'rows.csv')\n"
        "    os.mkfifo(pipe)\n"
        "    def feed():\n"
        "        with open(pipe, 'w') as out:\n"
        "            out.write('x,y\\n\"x')\n"
        "            while True:\n"
        "                out.write('\",\"x\\n' * 1000)\n"
        "    threading.Thread(target=feed, daemon=True).start()\n"
        "    read_csv(pipe, target='y')"
    )
    assert refusal_in_a_child(endless).endswith(
        "(a quoted field holds its line breaks): a row holds at most that many"
    )


@pytest.mark.parametrize(("text", "line"), [("x,y\n1,a\x00\n", 2), ("x,y\n\x00" * 40_000, 2)])
def test_a_nul_byte_is_refused_with_its_line(tmp_path: Path, text: str, line: int) -> None:
    error = error_of(write(tmp_path, text))
    assert error.message == f"a NUL byte on line {line}: a text file holds none"


def test_a_file_of_zeros_is_refused_at_once() -> None:
    assert refusal_in_a_child(
        "import tempfile, pathlib\n"
        "    folder = tempfile.mkdtemp()\n"
        "    path = pathlib.Path(folder, 'zeros.csv')\n"
        "    with path.open('wb') as out:\n"
        "        out.truncate(2**31)  # 2 GiB of zeros, more than the child's memory\n"
        "    read_csv(path, target='y')"
    ).endswith("zeros.csv: a NUL byte on line 1: a text file holds none")


# -- rows typed a batch at a time ---------------------------------------------------------


@given(tables(), st.integers(1, 3))
def test_rows_typed_in_batches_of_any_size_are_the_rows_read_at_once(
    columns: list[list[Cell]], batch: int
) -> None:
    names = [f"c{j}" for j in range(len(columns))]
    with tempfile.TemporaryDirectory() as folder:
        path = written_table(Path(folder, "table.csv"), names, columns)
        whole = read_csv(path, target=names[-1])
        with patch.object(reading, "_BATCH", batch):
            assert read_csv(path, target=names[-1]) == whole


def test_a_column_that_turns_nominal_late_keeps_the_spellings_of_its_numbers(
    tmp_path: Path,
) -> None:
    rows = [f"{i}.50,a" if i % 7 else "?,a" for i in range(10_000)] + ["1e1,b", "ten,b"]
    path = write(tmp_path, "x,y\n" + "\n".join(rows) + "\n")
    with pytest.warns(DtreeWarning):
        data = read_csv(path, target="y")
    assert data.column("x")[:3] == (None, "1.50", "2.50")
    assert data.column("x")[-2:] == ("1e1", "ten")
    assert data.column("x").count(None) == 1429


def test_a_value_is_one_object_shared_by_every_row_that_spells_it_alike(tmp_path: Path) -> None:
    path = write(tmp_path, "w,x,y\nWeak,1.5,a\nStrong,2,b\nWeak,1.5,a\nWeak,1.50,b\n")
    data = read_csv(path, target="y")
    assert data.column("w")[0] is data.column("w")[2] is data.column("w")[3]
    assert data.labels[0] is data.labels[2]
    assert data.column("x")[0] is data.column("x")[2]  # one float for one spelling
    assert data.column("x")[3] == 1.5


# -- the typo warning ------------------------------------------------------------------


def test_a_column_of_numbers_but_for_a_typo_is_nominal_with_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, "age,y\n31,a\n?,b\n4O,a\n52,b\n")
    with pytest.warns(DtreeWarning) as caught:
        data = read_csv(path, target="y")
    assert data.column("age") == ("31", None, "4O", "52")
    [warning] = [w.message for w in caught]
    assert isinstance(warning, DtreeWarning)
    assert (warning.file, warning.row, warning.column) == (str(path), 3, "age")
    assert str(warning) == (
        f"{path}, row 3, column 'age': read as nominal, though 2 of its 3 present fields spell"
        " numbers: '4O' is the first that does not; numeric=['age'] reads it as numbers (each"
        " field that spells none an error), nominal=['age'] as nominal without this warning"
    )
    assert read_csv(path, target="y", nominal=["age"]) == data  # forced: no warning
    error = error_of(path, numeric=["age"])
    assert (error.row, error.column, error.message) == (3, "age", "'4O' is not a number")


@pytest.mark.parametrize(
    "column",
    [
        "1,2,x,y",  # half the fields spell numbers: not most
        "1,?,x,?",
        "a,b,c,1",
        "1,2,3,4",  # numbers: numeric
        "?,?,?,?",
    ],
)
def test_a_column_of_words_as_much_as_numbers_is_nominal_without_a_word(
    tmp_path: Path, column: str
) -> None:
    rows = "".join(f"{field},c\n" for field in column.split(","))
    read_csv(write(tmp_path, "x,y\n" + rows), target="y")  # warnings are errors here


@given(st.lists(st.sampled_from(["1", "2.5", "-3", "?", "", "x", "1O"]), min_size=1, max_size=12))
@example(["1", "x", "2.5"])  # two of three: most
@example(["1", "x", "?", "2.5", "1O"])  # two of four: not most
def test_the_warning_comes_exactly_when_most_present_fields_spell_numbers(
    fields: list[str],
) -> None:
    present = [field for field in fields if field not in ("?", "")]
    words = [row for row, field in enumerate(fields, start=1) if field in ("x", "1O")]
    most = 2 * (len(present) - len(words)) > len(present)
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "x,y\n" + "".join(f"{field},a\n" for field in fields))
        for batch in (1, 2, 5):  # the count is kept across batches
            with (
                patch.object(reading, "_BATCH", batch),
                warnings.catch_warnings(record=True) as seen,
            ):
                warnings.simplefilter("always")
                read_csv(path, target="y")
            if words and most:
                [warning] = [w.message for w in seen]
                assert isinstance(warning, DtreeWarning)
                assert (warning.row, warning.column) == (words[0], "x")
                assert f"{quote(fields[words[0] - 1])} is the first" in str(warning)
            else:
                assert seen == []


def test_a_target_of_numbers_but_for_a_typo_warns_too(tmp_path: Path) -> None:
    path = write(tmp_path, "x,price\na,100\nb,2OO\nc,300\n")
    with pytest.warns(DtreeWarning, match=r"row 2, column 'price': read as nominal"):
        assert read_csv(path, target="price").schema.classes == ("100", "2OO", "300")


def test_rows_whose_target_is_missing_are_refused_or_left_out_as_asked(tmp_path: Path) -> None:
    path = tmp_path / "days.csv"
    path.write_text("x,y,w\n1,a,2\n2,,1\n3,b,1\n4,?,1\n5,a,3\n")
    with pytest.raises(DtreeError, match=r"row 2, column 'y': the target value is missing"):
        read_csv(path, target="y", weights="w")
    with pytest.warns(
        DtreeWarning, match=r"column 'y': 2 rows whose target is missing left out \(rows 2, 4\)"
    ):
        data = read_csv(path, target="y", weights="w", missing_target="drop")
    assert (data.column("x"), data.target, data.weights) == (
        (1.0, 3.0, 5.0),
        ("a", "b", "a"),
        (2, 1, 3),
    )


def test_a_file_whose_every_target_is_known_warns_of_nothing(tmp_path: Path) -> None:
    path = tmp_path / "days.csv"
    path.write_text("x,y\n1,a\n2,b\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert read_csv(path, target="y", missing_target="drop").target == ("a", "b")
