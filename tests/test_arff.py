"""ARFF: Weka's example files, every kind of bad input, a round-trip law, Weka itself
reading what dtree writes, and the command line on .arff files."""

from __future__ import annotations

import math
import re
import subprocess
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree import read_arff
from dtree.arff import arff_text, read_arff_examples
from dtree.cli import main
from dtree.conformance import peers
from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Schema, Value
from dtree.datasets import load
from dtree.ensemble import predict
from dtree.errors import DtreeError, DtreeWarning
from dtree.serialize import from_json
from dtree.strategies import GRID, datasets, regression_datasets
from dtree.tree import Tree

HEADER = """\
@relation r
@attribute a {x,y}
@attribute n numeric
@attribute class {p,q}
@data
"""
"""A header whose data rows start on line 6."""


def write(folder: Path, text: str, name: str = "data.arff") -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8"))
    return path


def error_of(path: Path, target: str | None = None) -> DtreeError:
    with pytest.raises(DtreeError) as caught:
        read_arff(path, target=target)
    return caught.value


# -- reading ----------------------------------------------------------------------


def test_declared_orders_missing_values_quotes_comments_and_weights(tmp_path: Path) -> None:
    text = """\
% Weka's comments, blank lines and keywords in any case

@RELATION 'the weather'
@Attribute outlook { sunny, overcast, 'light rain' }   % a comment after a declaration
@attribute 'wind, gusts' real
@attribute days INTEGER
@attribute play {yes, no, maybe}

@DATA
% a comment among the rows
sunny, 12.5, 1.5, no
'light rain',?,'7', yes, {2}
?, -0.25, 3, yes ,{0.5}
"""
    data = read_arff(write(tmp_path, text))
    assert data.schema == Schema(
        (
            Attribute("outlook", Nominal(("sunny", "overcast", "light rain"))),
            Attribute("wind, gusts", Numeric()),
            Attribute("days", Numeric()),
        ),
        Attribute("play", Nominal(("yes", "no", "maybe"))),
    )
    assert data.columns == (
        ("sunny", "light rain", None),
        (12.5, None, -0.25),
        (1.5, 7.0, 3.0),  # integer means numeric, as in Weka: 1.5 stays 1.5
    )
    assert data.target == ("no", "yes", "yes")
    assert repr(data.weights) == "(1, 2, 0.5)"  # an integer weight stays an int


def test_quoted_names_and_values_are_unescaped_as_weka_reads_them(tmp_path: Path) -> None:
    text = r"""@relation r
@attribute 'it\'s' {'?', '', 'a\\b', 'tab\there', 'new\nline', '\101\1012', "say \"hi\"", '%'}
@attribute "'" {"x y", 'x,y', '{x}'}
@attribute 'class' {'yes'}
@data
'?', 'x y', yes
'', 'x,y', yes
'a\\b', '{x}', yes
'tab\there', ?, yes
'new\nline', ?, yes
'\101\1012', ?, yes
"say \"hi\"", ?, yes
'%', ?, yes
?, ?, yes
"""
    data = read_arff(write(tmp_path, text))
    values = ("?", "", "a\\b", "tab\there", "new\nline", "AA2", 'say "hi"', "%")
    assert data.schema.attributes[0] == Attribute("it's", Nominal(values))
    assert data.schema.attributes[1] == Attribute("'", Nominal(("x y", "x,y", "{x}")))
    assert data.column("it's") == (*values, None)
    assert data.column("'") == ("x y", "x,y", "{x}", *[None] * 6)


def test_the_target_defaults_to_the_last_attribute_and_can_be_chosen(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "y,1,p\nx,2,q\n")
    assert read_arff(path).schema.target == Attribute("class", Nominal(("p", "q")))
    chosen = read_arff(path, target="a")
    assert chosen.schema.classes == ("x", "y")  # the declared order, not the order of the rows
    assert chosen.schema.names == ("n", "class")
    assert chosen.labels == ("y", "x")
    assert chosen.column("class") == ("p", "q")


def test_a_numeric_target_makes_a_regression_dataset(tmp_path: Path) -> None:
    data = read_arff(write(tmp_path, HEADER + "y,1,p\nx,2.5,q\n"), target="n")
    assert not data.schema.is_classification
    assert data.labels == (1.0, 2.5)
    assert data.schema.names == ("a", "class")


def test_line_endings_of_every_kind_count_lines_alike(tmp_path: Path) -> None:
    for ending in ("\n", "\r\n", "\r"):
        text = (HEADER + "x,1,p\nx,oops,p\n").replace("\n", ending)
        assert str(error_of(write(tmp_path, text))).startswith(f"{tmp_path / 'data.arff'}:7,")


BAD_INPUTS = [
    # (text, line, what the message says)
    ("", 1, "the file is empty"),
    ("% only a comment\n\n", 1, "the file is empty"),
    ("@relation r\n@attribute a {x,y", 2, "must end with }"),
    ("@relation r\n@attribute a numeric\n", 2, "ends before its @data"),
    ("@relation r\n@attribute a numeric\n@attribute c {p", 3, "must end with }"),
    (HEADER, 5, "no data rows"),
    (HEADER + "x,1,p\nx,1", 7, "2 values, expected 3"),
    (HEADER + "x,1,p\n'x", 7, "not closed on its line"),
    (HEADER + "x,1,p\ny,2,'q", 7, "not closed on its line"),
    ("@relation r\n@attribute a text\n@data\nx\n", 2, "unknown attribute type 'text'"),
    ("@relation r\n@attribute a\n@data\nx\n", 2, "expected @attribute NAME TYPE"),
    ("@relation r\n@attribute a numeric 1\n@data\nx\n", 2, "nothing may follow the type numeric"),
    ("@relation r\n@attribute s string\n@data\nx\n", 2, "string attributes are not supported"),
    ("@relation r\n@attribute s STRING\n@data\nx\n", 2, "string attributes are not supported"),
    (
        '@relation r\n@attribute d date "yyyy-MM-dd"\n@data\n"2001-04-03"\n',
        2,
        "date attributes are not supported",
    ),
    (
        "@relation r\n@attribute bag relational\n@attribute x numeric\n@end bag\n@data\n",
        2,
        "relational (multi-instance) attributes are not supported",
    ),
    (HEADER + "x,1,p\n{0 y, 2 q}\n", 7, "sparse rows"),
    (HEADER + "{}\n", 6, "sparse rows"),
    (HEADER + "x,1,p,q\n", 6, "4 values, expected 3"),
    (HEADER + "x\n", 6, "1 value, expected 3"),
    (HEADER + "x,1,p\nz,1,p\n", 7, "'z' is not one of the declared values ('x', 'y')"),
    (HEADER + "x,1,p\nX,1,p\n", 7, "'X' is not one of the declared values"),
    (HEADER + "x,1,r\n", 6, "'r' is not one of the declared values ('p', 'q')"),
    (HEADER + "x,abc,p\n", 6, "'abc' is not a number"),
    (HEADER + "x,1_000,p\n", 6, "'1_000' is not a number"),
    (HEADER + "x,NaN,p\n", 6, "'NaN' is not a finite number"),
    (HEADER + "x,-Infinity,p\n", 6, "'-Infinity' is not a finite number"),
    (HEADER + "x,1e999,p\n", 6, "'1e999' is not a finite number"),
    (HEADER + "x,,p\n", 6, "an empty field in the row"),
    (HEADER + "x,1,p,\n", 6, "the row ends with a comma"),
    (HEADER + "x 1,p\n", 6, "a comma is missing before '1'"),
    (HEADER + "x,1,?\n", 6, "the target value is missing"),
    (HEADER + "x,1,p,{-1}\n", 6, "weight -1 is not a finite number >= 0"),
    (HEADER + "x,1,p,{heavy}\n", 6, "weight None is not a finite number >= 0"),
    (HEADER + "x,1,p,{2\n", 6, "unexpected { in the row"),
    (HEADER + "x,1,p,{}\n", 6, "an instance weight is written {w}"),
    ("@relation r\n@attribute a numeric\n@attribute a numeric\n@data\n", 3, "a second attribute"),
    ("@relation r\n@attribute a {x,y,x}\n@data\n", 2, "the value 'x' is declared twice"),
    ("@relation r\n@attribute a {x,,y}\n@data\n", 2, "an empty field in the nominal domain"),
    ("@data\nx\n", 1, "expected @relation, found '@data'"),
    ("@relation\n@attribute a numeric\n@data\n1\n", 1, "expected @relation NAME"),
    ("@relation a b\n@attribute a numeric\n@data\n1\n", 1, "expected @relation NAME"),
    ("@relation r\n@data\nx\n", 2, "expected @attribute, found '@data'"),
    ("@relation r\n@relation s\n", 2, "expected @attribute, found '@relation'"),
    ("@relation r\n@attribute a numeric\nx\n", 3, "expected @attribute or @data, found 'x'"),
    ("@relation r\n@attribute a numeric\n@data 1\n", 3, "nothing may follow @data"),
    ("% a comment\n\n@relation r\n@attribute 'a numeric\n", 4, "not closed on its line"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD_INPUTS)
def test_bad_input_is_one_error_at_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = write(tmp_path, text)
    error = error_of(path)
    assert str(error).startswith(f"{path}:{line}:") or str(error).startswith(f"{path}:{line},")
    assert message in str(error)


def test_an_error_names_the_column_where_there_is_one(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "x,abc,p\n")
    assert str(error_of(path)) == f"{path}:6, column 'n': 'abc' is not a number"


def test_the_first_bad_line_is_reported_whatever_its_column(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "x,1,r\nz,1,p\n")
    assert str(error_of(path)).startswith(f"{path}:6, column 'class'")


def test_an_unknown_target_names_the_file_and_the_attributes(tmp_path: Path) -> None:
    # No line is at fault: the file is well formed and the argument names no attribute.
    path = write(tmp_path, HEADER + "x,1,p\n")
    assert str(error_of(path, target="play")) == (
        f"{path}: unknown target 'play'; the attributes are 'a', 'n', 'class'"
    )


def test_a_file_that_is_absent_or_not_utf8_is_named(tmp_path: Path) -> None:
    assert str(error_of(tmp_path / "absent.arff")) == f"{tmp_path / 'absent.arff'}: no such file"
    path = tmp_path / "latin1.arff"
    path.write_bytes((HEADER + "x,1,p\n").replace("x,y", "x,\xe9").encode("latin-1"))
    assert "not UTF-8 text" in str(error_of(path))


# -- Weka's own example files ------------------------------------------------------

REUTERS = ("ReutersCorn-test", "ReutersCorn-train", "ReutersGrain-test", "ReutersGrain-train")


def weka_summary(jar: Path, path: Path) -> tuple[int, list[tuple[str, str, int, int, int]]]:
    """Weka's own reading of an ARFF file: the number of instances and, for each attribute,
    its name (cut at 25 characters), its kind (Nom or Num) and its counts of missing, unique
    and distinct values."""
    output = run_weka(jar, "weka.core.Instances", str(path))
    instances = int(re.search(r"Num Instances:\s+(\d+)", output).group(1))  # type: ignore[union-attr]
    row = re.compile(
        r"^\s*\d+ (.*?)\s+(Nom|Num|Str|Dat|Rel)\s+\d+%\s+\d+%\s+\d+%"
        r"\s+(\d+) /\s*\d+%\s+(\d+) /\s*\d+%\s+(\d+)\s*$"
    )
    attributes = [
        (match[1], match[2], int(match[3]), int(match[4]), int(match[5]))
        for match in map(row.match, output.splitlines())
        if match
    ]
    return instances, attributes


def dtree_summary(
    attributes: Sequence[Attribute], columns: Sequence[Sequence[Value]]
) -> list[tuple[str, str, int, int, int]]:
    """The same counts, from what dtree read."""
    summary = []
    for attribute, column in zip(attributes, columns, strict=True):
        counts = Counter(value for value in column if value is not None)
        kind = "Num" if isinstance(attribute.domain, Numeric) else "Nom"
        unique = sum(1 for count in counts.values() if count == 1)
        summary.append((attribute.name[:25], kind, column.count(None), unique, len(counts)))
    return summary


def run_weka(jar: Path, *arguments: str) -> str:
    result = subprocess.run(
        [peers.java(), "-Dfile.encoding=UTF-8", "-cp", str(jar), *arguments],
        check=False,
        capture_output=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_example_file_of_weka_reads_as_weka_reads_it(
    weka_examples: Path, weka_jar: Path
) -> None:
    files = sorted(weka_examples.glob("*.arff"))
    assert len(files) >= 20
    read = 0
    for path in files:
        if path.stem in REUTERS:
            continue
        data = read_arff(path)
        instances, summary = weka_summary(weka_jar, path)
        assert len(data) == instances, path.name
        attributes = (*data.schema.attributes, data.schema.target)
        assert dtree_summary(attributes, (*data.columns, data.target)) == summary, path.name
        assert all(weight == 1 for weight in data.weights)
        read += 1
    assert read == len(files) - len(REUTERS)


def test_the_reuters_files_are_refused_at_their_string_attribute(weka_examples: Path) -> None:
    for stem in REUTERS:
        path = weka_examples / f"{stem}.arff"
        lines = path.read_text(encoding="utf-8").splitlines()
        line = 1 + next(i for i, text in enumerate(lines) if text.lower().endswith(" string"))
        assert str(error_of(path)).startswith(f"{path}:{line}, column 'Text': string attributes")


def test_weather_nominal_is_play_tennis_spelled_otherwise(weka_examples: Path) -> None:
    # The same fourteen days in the same order; Weka spells the values in lower case, rain
    # as rainy and the wind as windy TRUE/FALSE, and declares its own orders.
    weather = read_arff(weka_examples / "weather.nominal.arff")
    tennis = load("play-tennis")
    spelling = {"rainy": "Rain", "TRUE": "Strong", "FALSE": "Weak"}

    def respelled(values: Sequence[Value | float]) -> tuple[Value | float, ...]:
        return tuple(spelling.get(str(value), str(value).capitalize()) for value in values)

    assert len(weather.columns) == len(tennis.columns) == 4
    for ours, theirs in zip(weather.columns, tennis.columns, strict=True):
        assert respelled(ours) == theirs
    assert respelled(weather.target) == tennis.target
    assert weather.schema.classes == ("yes", "no")  # the file's order
    assert weather.schema.attribute("windy").domain == Nominal(("TRUE", "FALSE"))


def test_weather_numeric_is_the_bundled_weather_numeric_in_the_files_orders(
    weka_examples: Path,
) -> None:
    weather = read_arff(weka_examples / "weather.numeric.arff")
    bundled = load("weather-numeric")
    assert weather.columns == bundled.columns
    assert weather.target == bundled.target
    assert weather.schema.classes == bundled.schema.classes == ("yes", "no")
    # Only the order of nominal values differs: the file declares it, read_csv sorts.
    assert weather.schema.attribute("outlook").domain == Nominal(("sunny", "overcast", "rainy"))
    assert bundled.schema.attribute("outlook").domain == Nominal(("overcast", "rainy", "sunny"))


# -- writing, and reading back ------------------------------------------------------


def round_trip(data: Dataset, relation: str = "data") -> Dataset:
    with tempfile.TemporaryDirectory() as folder:
        return read_arff(write(Path(folder), arff_text(data, relation)))


@given(
    st.one_of(
        datasets(weighted=True, max_numeric=4),
        datasets(weighted=True, max_numeric=4, missing=True),
        regression_datasets(weighted=True, missing=True),
    )
)
def test_a_dataset_written_then_read_is_the_same_dataset(data: Dataset) -> None:
    again = round_trip(data)
    assert again == data
    assert repr(again) == repr(data)  # the very numbers: 1 stays an int, -0.0 keeps its sign


@st.composite
def spelled_datasets(draw: st.DrawFn) -> Dataset:
    """Datasets whose names, values, numbers and weights are anything a Dataset allows:
    the words and numbers of a drawn dataset renamed one to one."""
    data = draw(
        datasets(weighted=True, max_numeric=2, missing=True)
        | regression_datasets(weighted=True, missing=True)
    )
    schema = data.schema
    words = sorted(
        {*schema.names, schema.target.name}
        | {
            value
            for attribute in (*schema.attributes, schema.target)
            if isinstance(attribute.domain, Nominal)
            for value in attribute.domain.values
        }
    )
    texts = draw(st.lists(st.text(), min_size=len(words), max_size=len(words), unique=True))
    numbers = draw(
        st.lists(
            st.floats(allow_nan=False, allow_infinity=False),
            min_size=len(GRID),
            max_size=len(GRID),
            unique=True,
        )
    )
    word = dict(zip(words, texts, strict=True))
    number = dict(zip(GRID, numbers, strict=True))

    def renamed(attribute: Attribute) -> Attribute:
        domain = attribute.domain
        if isinstance(domain, Nominal):
            domain = Nominal(tuple(word[value] for value in domain.values))
        return Attribute(word[attribute.name], domain)

    def value(x: Value) -> Value:
        return x if x is None else word[x] if isinstance(x, str) else number[x]

    weights = draw(
        st.lists(
            st.integers(0, 2**53) | st.floats(0, 1e30),
            min_size=len(data.weights),
            max_size=len(data.weights),
        )
    )
    return Dataset(
        Schema(map(renamed, schema.attributes), renamed(schema.target)),
        [[value(x) for x in column] for column in data.columns],
        [value(label) for label in data.target],  # type: ignore[misc]
        weights,
    )


@given(spelled_datasets(), st.text())
def test_any_names_values_and_numbers_written_then_read_are_the_same(
    data: Dataset, relation: str
) -> None:
    again = round_trip(data, relation)
    assert again == data
    assert repr(again) == repr(data)


def test_only_the_rows_of_a_subset_are_written_in_its_order() -> None:
    tennis = load("play-tennis")
    again = round_trip(tennis.subset([3, 0]))
    assert again.labels == ("Yes", "No")
    assert again.example(0) == tennis.example(3)
    assert again.schema == tennis.schema


def test_an_empty_domain_is_written_and_read_back() -> None:
    # A column with no value at all has the empty nominal domain, which Weka declares {}.
    data = Dataset.from_columns({"gone": [None, None], "y": ["a", "b"]}, target="y")
    assert data.schema.attribute("gone").domain == Nominal(())
    assert "@attribute gone {}" in arff_text(data)
    assert round_trip(data) == data


def test_a_weight_that_no_double_holds_is_refused() -> None:
    from fractions import Fraction  # noqa: PLC0415 - only this test builds one

    tennis = load("play-tennis")
    halves = tennis.with_weights([Fraction(1, 2)] * 14)
    assert round_trip(halves).weights == (0.5,) * 14
    with pytest.raises(DtreeError, match=r"^1/3 is not exactly a double"):
        arff_text(tennis.with_weights([Fraction(1, 3)] * 14))
    with pytest.raises(DtreeError, match="is not exactly a double"):
        arff_text(tennis.with_weights([2**53 + 1] * 14))


def awkward() -> Dataset:
    """Names and values that need every rule of quoting, and weights of every kind."""
    values = ("x,y", "q'r", 'z"%', "{}", "?", "", "back\\slash", "tab\there", "ünï", "@data")
    schema = Schema(
        (
            Attribute("a b", Nominal((*values, "never used", "line\nbreak"))),
            Attribute("n%", Numeric()),
            Attribute("'quoted'", Nominal(("1", "2"))),
        ),
        Attribute("class {c}", Nominal(("No", "Yes", "may be"))),
    )
    numbers = [1.5, 0.00001, None, 0.25, -2.0, 123456.5, 1.0, 0.0, 1e9, 7.0]
    ones = ["1", "2", None, "1", "1", "2", "2", "1", "1", "2"]
    labels = ["No", "Yes", "may be", "No", "Yes", "No", "No", "Yes", "may be", "No"]
    return Dataset(schema, [values, numbers, ones], labels, [2, 0.5, 0, 1, 1, 3, 1, 1, 1, 1])


def test_weka_reads_back_what_arff_text_writes(weka_jar: Path, tmp_path: Path) -> None:
    # Weka reads the file and writes it out again in its own spelling, which dtree reads
    # back: the same names, domains, values, missing values and weights.  (Weka prints
    # numbers to 6 decimals: these are exact at that precision.)
    golf = load("golf")
    hours = Dataset.from_columns(  # a regression dataset, with missing values
        {"outlook": [*golf.column("outlook")[:13], None], "hours": [k / 8 for k in range(14)]},
        target="hours",
    )
    for data in (
        awkward(),
        load("play-tennis").with_weights(range(14)),
        golf,
        hours,
        load("iris"),
    ):
        path = write(tmp_path, arff_text(data, relation="it's {data}"), "ours.arff")
        again = write(tmp_path, run_weka(weka_jar, "weka.filters.AllFilter", "-i", str(path)))
        assert read_arff(again) == data


def test_weka_tells_apart_neighbouring_doubles(weka_jar: Path, tmp_path: Path) -> None:
    # Weka counts distinct values exactly: every double written reads back as itself.
    numbers = [
        1.0,
        math.nextafter(1.0, 2.0),
        0.1 + 0.2,
        0.3,
        5e-324,
        1e-300,
        1.7976931348623157e308,
    ]
    numbers += [123456789.123, 123456789.12300001, -1e22, -1e22 - 2**21]
    data = Dataset.from_columns(
        {"n": [*numbers, *numbers[:3]], "y": ["a"] * (len(numbers) + 3)}, target="y"
    )
    path = write(tmp_path, arff_text(data))
    _, summary = weka_summary(weka_jar, path)
    assert summary[0] == ("n", "Num", 0, len(numbers) - 3, len(numbers))
    assert len(set(numbers)) == len(numbers)


def test_weka_weighs_the_rows_as_written(weka_jar: Path, tmp_path: Path) -> None:
    data = load("play-tennis").with_weights([2, 0.5, 0, *[1] * 11])
    path = write(tmp_path, arff_text(data))
    output = run_weka(weka_jar, "weka.classifiers.trees.J48", "-t", str(path), "-no-cv")
    total = re.search(r"Total Number of Instances\s+(\S+)", output)
    assert total is not None
    assert float(total.group(1)) == 13.5


# -- the command line ---------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_fit_reads_an_arff_file_with_its_last_attribute_as_the_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(write(tmp_path, arff_text(load("golf"), "golf"), "golf.ARFF"))
    status, out, err = run(capsys, "fit", path, "--algorithm", "c45")
    assert (status, err) == (0, "")
    assert out == run(capsys, "fit", "--dataset", "golf", "--algorithm", "c45")[1]
    status, out, err = run(capsys, "fit", path, "--target", "outlook", "--max-depth", "0")
    assert (status, err) == (0, "")
    assert out == "root [overcast: 4, rain: 5, sunny: 5]: rain\n"


def test_evaluate_and_prune_read_an_arff_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(write(tmp_path, arff_text(load("iris"))))
    for command in (["evaluate", "--folds", "3"], ["prune", "--method", "pessimistic"]):
        status, out, err = run(capsys, *command, path, "--algorithm", "c45")
        expected = run(capsys, *command, "--dataset", "iris", "--algorithm", "c45")
        assert (status, out, err) == expected


def test_predict_and_rules_read_an_arff_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    model = str(tmp_path / "golf.json")
    assert run(capsys, "fit", "--dataset", "golf", "--format", "json", "--output", model)[0] == 0
    path = str(write(tmp_path, arff_text(golf)))
    status, out, err = run(capsys, "predict", model, path)
    assert (status, err) == (0, "")
    tree = load_model(model)
    assert out.splitlines() == ["prediction", *(str(predict(tree, x)) for x in golf.examples())]
    status, out, err = run(capsys, "rules", model, path, "--prune", "pessimistic")
    expected = run(capsys, "rules", model, "--prune", "pessimistic", "--dataset", "golf")
    assert (status, out, err) == expected


def load_model(file: str) -> Tree:
    return from_json(Path(file).read_text(encoding="utf-8"))


def test_predict_reads_rows_whose_class_is_unknown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = str(tmp_path / "golf.json")
    run(capsys, "fit", "--dataset", "golf", "--format", "json", "--output", model)
    text = arff_text(load("golf").subset([0])).replace("Play\n", "?\n").replace("Play,", "?,")
    path = str(write(tmp_path, text))
    status, out, err = run(capsys, "predict", model, path)
    assert (status, out, err) == (0, "prediction\nPlay\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fit", "{path}", "--weights", "w"], "--weights goes with a CSV file"),
        (["fit", "{path}", "--classes", "p,q"], "--classes goes with a CSV file"),
        (["fit", "{path}", "--numeric", "n"], "--numeric goes with a CSV file"),
        (["fit", "{path}", "--nominal", "a"], "--nominal goes with a CSV file"),
        (["fit", "{path}", "--missing-marker", "NA"], "--missing-marker goes with a CSV file"),
        (["fit", "{path}", "--target", "z"], "{path}: unknown target 'z'"),
        (["evaluate", "{bad}"], "{bad}:7, column 'n': 'abc' is not a number"),
        (["fit", "{bad}"], "{bad}:7, column 'n': 'abc' is not a number"),
        (["predict", "{model}", "{bad}"], "{bad}:7, column 'n': 'abc' is not a number"),
        (["predict", "{model}", "{path}", "--missing-marker", "NA"], "--missing-marker goes"),
        (["predict", "{model}", "{path}"], "declared nominal, but the model compares it as"),
        (["rules", "{model}", "{bad}", "--prune", "pessimistic"], "{bad}:7, column"),
    ],
)
def test_bad_arff_input_to_a_command_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    places = {
        "path": str(write(tmp_path, HEADER.replace("{x,y}", "{x,y,z}") + "x,1,p\n")),
        "bad": str(write(tmp_path, HEADER + "x,1,p\nx,abc,p\n", "bad.arff")),
        "model": str(tmp_path / "model.json"),
    }
    # A model that compares 'a' as a number, which the file declares nominal.
    numeric_a = write(tmp_path, "a,n,class\n1,1,p\n2,1,q\n", "numeric-a.csv")
    run(capsys, "fit", str(numeric_a), "--target", "class", "--format", "json", "--output",
        places["model"])  # fmt: skip
    status, out, err = run(capsys, *(part.format(**places) for part in argv))
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message.format(**places) in err
    assert err.count("\n") == 1


def test_read_arff_examples_checks_the_kinds_the_model_reads(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "x,1,?\n")
    assert read_arff_examples(path, numeric=["n"], nominal=["a"]) == (
        {"a": "x", "n": 1.0, "class": None},
    )
    with pytest.raises(DtreeError, match="'b' is needed but absent"):
        read_arff_examples(path, numeric=["b"])
    with pytest.raises(DtreeError, match="declared numeric, but the model compares it as nominal"):
        read_arff_examples(path, nominal=["n"])


def test_an_arff_files_rows_whose_class_is_missing_are_left_out_as_asked(tmp_path: Path) -> None:
    path = tmp_path / "weather.arff"
    path.write_text(
        "@relation w\n@attribute x numeric\n@attribute play {yes, no}\n@data\n"
        "1, yes\n2, ?, {2}\n3, no, {3}\n"
    )
    with pytest.raises(DtreeError, match=r"weather.arff:6, column 'play': the target value"):
        read_arff(path)
    with pytest.warns(DtreeWarning, match=r"1 row whose target is missing left out \(row 2\)"):
        data = read_arff(path, missing_target="drop")
    assert (data.column("x"), data.target, data.weights) == ((1.0, 3.0), ("yes", "no"), (1, 3))
