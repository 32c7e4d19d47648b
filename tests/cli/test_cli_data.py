"""``dtree datasets``, ``dtree example`` and ``dtree discretize`` (:mod:`dtree.cli.data`)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest
from helpers import run, write

from dtree.arff import read_arff
from dtree.datasets import load, names
from dtree.discretize import discretize, entropy_mdl
from dtree.load import read_csv


def test_datasets_lists_every_bundled_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "datasets")
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()] == list(names())


def test_discretize_writes_the_data_with_ranges_as_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    iris = load("iris")
    status, out, err = run(capsys, "discretize", "--dataset", "iris")
    assert (status, err) == (0, "")
    written = write(tmp_path, "ranges.csv", out)
    read = read_csv(written, target="species")
    assert read.columns == discretize(iris, entropy_mdl(iris)).columns
    status, out, err = run(
        capsys,
        "discretize",
        "--dataset",
        "iris",
        "--method",
        "frequency",
        "--bins",
        "2",
        "--attribute",
        "petal_width",
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "sepal_length,sepal_width,petal_length,petal_width,species"
    assert lines[1] == "5.1,3.5,1.4,<= 1.35,setosa"  # Weka's Discretize -F -B 2 cuts at 1.35
    assert {line.split(",")[3] for line in lines[1:]} == {"<= 1.35", "> 1.35"}
    status, out, err = run(
        capsys, "discretize", "--dataset", "iris", "--method", "width", "--bins", "2"
    )
    assert out.splitlines()[1] == "<= 6.1,> 3.2,<= 3.95,<= 1.3,setosa"


@pytest.mark.parametrize("name", ["ranges.arff", "RANGES.ARFF"])
def test_discretize_writes_arff_to_a_file_named_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """``--output Y.arff`` wrote CSV into the .arff file."""
    iris = load("iris")
    path = tmp_path / name
    status, out, err = run(capsys, "discretize", "--dataset", "iris", "--output", str(path))
    assert (status, out, err) == (0, "", "")
    assert path.read_text(encoding="utf-8").startswith("@relation iris\n")
    assert read_arff(path) == discretize(iris, entropy_mdl(iris))
    status, out, err = run(capsys, "discretize", "--dataset", "iris", "--format", "arff")
    assert out == path.read_text(encoding="utf-8")
    forced = tmp_path / "forced.arff"
    run(capsys, "discretize", "--dataset", "iris", "--format", "csv", "--output", str(forced))
    assert read_csv(forced, target="species").columns == read_arff(path).columns


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--dataset", "iris", "--bins", "4"], "--bins goes with --method width or frequency"),
        (["--dataset", "play-tennis", "--attribute", "Outlook"], "column 'Outlook'"),
        (
            ["--dataset", "iris", "--method", "width", "--bins", "0"],
            "--bins must be a whole number in 1..100,000, got 0",
        ),
    ],
)
def test_discretize_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, out, err = run(capsys, "discretize", *arguments)
    assert (status, out) == (2, "")
    assert message in err
    assert len(err.splitlines()) == 1


def test_example_lists_the_shipped_files_and_writes_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = files("dtree").joinpath("examples")
    shipped = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".csv"))
    assert {"weekends.csv", "prices.csv", "new-days.csv"} <= set(shipped)
    status, out, err = run(capsys, "example")
    assert (status, err) == (0, "")
    assert [line.split()[0] for line in out.splitlines()] == shipped
    assert "weekends.csv  sky,temperature,wind,days,hike" in out.splitlines()
    output = tmp_path / "prices.csv"
    status, out, _ = run(capsys, "example", "prices.csv", "--output", str(output))
    assert (status, out) == (0, "")
    assert output.read_text(encoding="utf-8") == folder.joinpath("prices.csv").read_text(
        encoding="utf-8"
    )
    assert not read_csv(output, target="price").schema.is_classification
    status, out, err = run(capsys, "example", "data.csv")
    assert (status, out) == (2, "")
    assert "unknown example 'data.csv'; the examples are new-days.csv" in err
