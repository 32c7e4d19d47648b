"""rpart's surrogate splits, run for real: on R's own datasets with missing values and on
generated ones, under each of rpart's surrogate settings, dtree grows rpart's tree, routes the
rows as rpart's fit routes them, and ranks the surrogates as rpart lists them.

The live tests take the ``rscript`` fixture: without R and rpart they skip locally and fail
in CI.  R's datasets are car.test.frame (Reliability missing in 11 of 60 cars), cu.summary
(Reliability and Mileage missing; Reliability as a plain factor), airquality (Ozone, the
response, missing in 37 of 153 days, and Solar.R in 7) and stagec (g2, gleason and eet
missing), written with their missing values as empty fields.
"""

from __future__ import annotations

import csv
import io
import math
import random
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest

from dtree.cli import main
from dtree.conformance import learner_for, rpart_reading, run_rpart
from dtree.conformance.check import check
from dtree.conformance.rpart import read_cptable
from dtree.conformance.rpart_cp import rpart_xerror
from dtree.conformance.rpart_fit import rpart_rows
from dtree.conformance.rpart_surrogates import SurrogateControl
from dtree.dataset import Dataset
from dtree.errors import DtreeWarning
from dtree.load import read_csv
from dtree.tree import Split, nodes

EXPORT = """
library(rpart)
dir <- commandArgs(trailingOnly = TRUE)[1]
cu <- cu.summary
cu$Reliability <- factor(as.character(cu$Reliability))
stage <- stagec
stage$pgstat <- factor(stage$pgstat)
sets <- list(cars = car.test.frame, cu = cu, air = airquality, stage = stage)
for (name in names(sets)) {
  write.csv(sets[[name]], file.path(dir, paste0(name, ".csv")), row.names = FALSE, na = "")
}
"""

SETTINGS: tuple[dict[str, Any], ...] = (
    {},
    {"usesurrogate": 0},
    {"usesurrogate": 1},
    {"surrogatestyle": 1},
    {"maxsurrogate": 1},
    {"maxsurrogate": 0},
)
"""rpart's default and each way its surrogate settings change where a row goes."""

SMALL: dict[str, Any] = {"minsplit": 8, "minbucket": 3, "cp": 0.001}
"""Small nodes, so that the trees are deep and many splits meet missing values."""

CASES = (
    ("cars", "Type", ()),
    ("cars", "Mileage", ()),
    ("cu", "Type", ()),
    ("air", "Ozone", ()),
    ("stage", "pgstat", ("pgstat", "ploidy")),
)


@pytest.fixture(scope="session")
def r_data(rscript: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rmissing")
    subprocess.run([rscript, "-e", EXPORT, str(folder)], check=True, capture_output=True)
    return folder


def _read(folder: Path, name: str, target: str, nominal: tuple[str, ...]) -> Dataset:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DtreeWarning)  # rows of missing response, left out
        return read_csv(
            folder / f"{name}.csv", target=target, nominal=nominal, missing_target="drop"
        )


def _meets_missing_values(data: Dataset, tree: Split) -> bool:
    """Whether some split's attribute is missing in some row: the surrogates are tested."""
    return any(
        None in data.column(node.attribute) for node in nodes(tree) if isinstance(node, Split)
    )


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: str(s) or "defaults")
@pytest.mark.parametrize(
    ("name", "target", "nominal"), CASES, ids=[c[0] + "-" + c[1] for c in CASES]
)
def test_r_datasets_with_missing_values(
    r_data: Path, name: str, target: str, nominal: tuple[str, ...], settings: dict[str, Any]
) -> None:
    data = _read(r_data, name, target, nominal)
    result = check(data, "rpart", **SMALL, **settings)
    assert result.agrees, result.text()
    assert dict(result.counts)["same"] >= 5
    frame, splits = run_rpart(data, **SMALL, **settings)
    tree = rpart_reading(frame, splits, data, surrogates=SurrogateControl.of(settings)).tree
    assert isinstance(tree, Split)
    assert _meets_missing_values(data, tree)


def _generated(seed: int, classes: bool) -> Dataset:
    """80 rows, a numeric, a half-numeric and two nominal attributes, each value missing
    with chance 1/5; the target follows the first attribute, with noise."""
    rng = random.Random(seed)
    n = 80
    a = [rng.choice([None, *range(9)]) for _ in range(n)]
    b = [rng.choice([None, 1.5, 2.5, 3.0, 4.0]) for _ in range(n)]
    c = [rng.choice([None, "u", "v", "w", "z"]) for _ in range(n)]
    d = [rng.choice([None, "p", "q"]) for _ in range(n)]
    signal = [(x if x is not None else rng.randrange(9)) for x in a]
    if classes:
        y: list[str | float] = [
            rng.choice("rs") if rng.random() < 0.2 else ("s" if x > 4 else "r") for x in signal
        ]
    else:
        y = [x + rng.random() * 3 for x in signal]
    return Dataset.from_columns({"a": a, "b": b, "c": c, "d": d, "y": y}, target="y")


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: str(s) or "defaults")
@pytest.mark.parametrize("classes", [True, False], ids=["class", "anova"])
@pytest.mark.parametrize("seed", [0, 1])
def test_generated_data_with_missing_values(
    rscript: str, seed: int, classes: bool, settings: dict[str, Any]
) -> None:
    data = _generated(seed, classes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DtreeWarning)  # a row missing every attribute
        result = check(data, "rpart", **{"minsplit": 5, "minbucket": 2, "cp": 0, **settings})
    assert result.agrees, result.text()


def test_a_row_missing_every_attribute_is_left_out_as_rpart_leaves_it(rscript: str) -> None:
    data = _generated(0, True)
    holes = Dataset.from_columns(
        {
            **{name: [*data.column(name), None] for name in ("a", "b", "c", "d")},
            "y": [*(data.target[row] for row in data.rows), "r"],
        },
        target="y",
    )
    with pytest.warns(DtreeWarning, match="row 81"):
        kept = rpart_rows(holes)
    assert kept.rows == data.rows
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DtreeWarning)
        assert check(holes, "rpart", minsplit=5, cp=0).agrees


def _fit_files(folder: Path, data: Dataset, **settings: float) -> tuple[Path, Path]:
    frame, splits = run_rpart(data, **settings)
    (folder / "frame.csv").write_text(frame, encoding="utf-8")
    (folder / "splits.csv").write_text(splits, encoding="utf-8")
    return folder / "frame.csv", folder / "splits.csv"


def _write_data(folder: Path, data: Dataset) -> Path:
    lines = io.StringIO()
    writer = csv.writer(lines)
    names = [*data.schema.names, data.schema.target.name]
    writer.writerow(names)
    for row in data.rows:
        example = data.example(row)
        values = [example[name] for name in data.schema.names] + [data.target[row]]
        writer.writerow(["" if v is None else v for v in values])
    (folder / "data.csv").write_text(lines.getvalue(), encoding="utf-8")
    return folder / "data.csv"


def test_dtree_check_reads_an_rpart_fit_of_data_with_missing_values(
    rscript: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line on rpart's files, R's export of a fit with surrogates."""
    data = _generated(3, True)
    frame, splits = _fit_files(tmp_path, data, minsplit=5, cp=0)
    path = _write_data(tmp_path, data)
    for option in ("a", "b", "c", "d"):
        assert None in data.column(option)
    args = [
        "check",
        str(path),
        "--target",
        "y",
        "--nominal",
        "c",
        "--nominal",
        "d",
        "--against",
        "rpart",
    ]
    files = ["--tree", str(frame), "--splits", str(splits), "--format", "rpart"]
    params = ["--param", "minsplit=5", "--param", "cp=0"]
    assert main([*args, *files, *params]) == 0, capsys.readouterr().out
    assert "no real disagreement" in capsys.readouterr().out
    assert main([*args, *files, *params, "--param", "usesurrogate=1"]) == 1
    assert "rpart's n" in capsys.readouterr().out  # the rows routed otherwise: its counts


def _edited(splits: str, row: int, column: str, value: str) -> str:
    records = list(csv.DictReader(io.StringIO(splits)))
    records[row - 1][column] = value
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]), quoting=csv.QUOTE_ALL)
    writer.writeheader()
    writer.writerows(records)
    return out.getvalue()


def _surrogate_row(frame: str) -> tuple[int, str]:
    """The splits file's row of the first surrogate of the first node that has one, and the
    node's number (the rows run node by node: primary, competitors, surrogates)."""
    position = 0
    for node in csv.DictReader(io.StringIO(frame)):
        split = node["var"] != "<leaf>"
        if split and int(node["nsurrogate"]) >= 1:
            return position + 2 + int(node["ncompete"]), node["node"]
        position += int(node["ncompete"]) + int(node["nsurrogate"]) + split
    raise AssertionError("no surrogate in the fit")


def test_a_surrogates_claims_that_the_data_contradict_are_findings(rscript: str) -> None:
    data = _generated(0, True)
    frame, splits = run_rpart(data, minsplit=5, cp=0)
    assert rpart_reading(frame, splits, data).findings == ()
    row, node = _surrogate_row(frame)
    record = list(csv.DictReader(io.StringIO(splits)))[row - 1]
    wrong = {
        "adj": str(float(record["adj"]) / 2),
        "improve": str(float(record["improve"]) + 0.01),
        "count": str(int(record["count"]) + 1),
    }
    for column, value in wrong.items():
        findings = rpart_reading(frame, _edited(splits, row, column, value), data).findings
        assert len(findings) == 1, (column, findings)
        assert findings[0].node.endswith(f"row {row}: node {node}")
        assert findings[0].what.startswith("rpart's surrogate 1")


@pytest.mark.parametrize("settings", [{"cp": 0}, {"cp": 0.01, "minsplit": 8}], ids=str)
@pytest.mark.parametrize("classes", [True, False], ids=["class", "anova"])
def test_case_weights_with_missing_values(
    rscript: str, classes: bool, settings: dict[str, Any]
) -> None:
    """rpart's case weights: its minima count rows, its risks and agreements weigh them."""
    data = _generated(3, classes)
    rng = random.Random(3)
    weighted = data.with_weights([rng.choice([1, 2, 3]) for _ in data.rows])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DtreeWarning)
        result = check(weighted, "rpart", **{"minsplit": 5, "minbucket": 2, **settings})
    assert result.agrees, result.text()


def test_the_primary_and_competitors_claims_are_checked(rscript: str) -> None:
    """rpart's improve and count of each listed split, recomputed from the node's rows."""
    data = _generated(1, True)
    frame, splits = run_rpart(data, minsplit=5, cp=0, maxcompete=3)
    assert rpart_reading(frame, splits, data).findings == ()
    root = next(csv.DictReader(io.StringIO(frame)))
    assert int(root["ncompete"]) == 3
    records = list(csv.DictReader(io.StringIO(splits)))
    for row, column, value, what in (
        (1, "improve", str(float(records[0]["improve"]) * 1.01), "rpart's primary split"),
        (2, "count", str(int(records[1]["count"]) - 1), "rpart's competitor 1"),
        (4, "improve", str(float(records[0]["improve"]) * 2), "rpart's competitor 3"),
    ):
        findings = rpart_reading(frame, _edited(splits, row, column, value), data).findings
        assert findings, (row, column)
        assert all(f.what.startswith(what) for f in findings), findings
        assert all(f.node.endswith(f"row {row}: node 1") for f in findings)


XERROR_CASES: tuple[tuple[str, str, tuple[str, ...], dict[str, Any]], ...] = (
    ("cars", "Type", (), {"minsplit": 8, "minbucket": 3, "cp": 0.001}),
    ("cars", "Mileage", (), {"usesurrogate": 1}),
    ("cu", "Type", (), {"minsplit": 8, "minbucket": 3, "cp": 0.001}),
    ("air", "Ozone", (), {"minsplit": 8, "minbucket": 3, "cp": 0.001}),
    ("stage", "pgstat", ("pgstat", "ploidy"), {"minsplit": 8, "minbucket": 3, "cp": 0.001}),
)
"""Among them the deep trees whose held-out rows meet a threshold at a midpoint exactly, which
rpart's ``x < t`` sends right (``threshold="rpart"``)."""


@pytest.mark.parametrize(
    ("name", "target", "nominal", "settings"), XERROR_CASES, ids=[c[0] + c[1] for c in XERROR_CASES]
)
def test_xerror_and_xstd_on_fixed_folds_are_rparts(
    r_data: Path, name: str, target: str, nominal: tuple[str, ...], settings: dict[str, Any]
) -> None:
    """rpart's cross-validation replayed on its own folds: every row of its cptable."""
    data = _read(r_data, name, target, nominal)
    folds = [k % 5 + 1 for k in range(len(data.rows))]
    method = {} if data.schema.is_classification else {"method": "anova"}
    fit = run_rpart(data, folds=folds, **method, **settings)
    table = read_cptable(fit.cptable)
    learner = learner_for("rpart", **method, **settings).learner
    cps = [float(row.cp) for row in table]
    ours = rpart_xerror(learner, data, folds, cps, settings.get("cp", 0.01))
    assert len(table) >= 3
    for row, (xerror, xstd) in zip(table, ours, strict=True):
        assert row.xerror is not None
        assert row.xstd is not None
        assert math.isclose(row.xerror, xerror, rel_tol=1e-9), (row, xerror)
        assert math.isclose(row.xstd, xstd, rel_tol=1e-9), (row, xstd)
