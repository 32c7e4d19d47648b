"""The command line: output, and bad input as one clear line with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dtree.cli import main
from dtree.datasets import load, names
from dtree.grow import id3
from dtree.render import text


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_fit_prints_the_tree_of_a_bundled_dataset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fit", "--dataset", "play-tennis")
    assert (status, err) == (0, "")
    assert out == text(id3(load("play-tennis"))) + "\n"


def test_fit_reads_a_csv_file_with_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "xor.csv"
    path.write_text("a,b,y\n0,0,no\n0,1,yes\n1,0,yes\n1,1,no\n", encoding="utf-8")
    fit = ("fit", str(path), "--target", "y", "--nominal", "a", "--nominal", "b")
    status, out, _ = run(capsys, *fit)
    assert status == 0
    assert out.splitlines()[0] == "root [no 2, yes 2]"
    assert len(out.splitlines()) == 7
    status, out, _ = run(capsys, *fit, "--classes", " yes , no ", "--max-depth", "0")
    assert (status, out) == (0, "root [yes 2, no 2]: yes\n")
    status, out, _ = run(capsys, *fit, "--min-gain", "0.5")
    assert (status, out) == (0, "root [no 2, yes 2]: no\n")


def test_datasets_lists_every_bundled_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "datasets")
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()] == list(names())


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fit", "--dataset", "golf"], "'temperature' is numeric"),
        (["fit", "--dataset", "nope"], "unknown dataset"),
        (["fit", "missing.csv", "--target", "y"], "missing.csv"),
        (["fit", "--dataset", "xor", "--target", "Y"], "--target goes with FILE.csv"),
        (["fit", "--dataset", "xor", "--max-depth", "-1"], "max_depth"),
        (["fit", "--dataset", "xor", "--classes", "1,0"], "--classes goes with FILE.csv"),
        (["fit", "--dataset", "xor", "--nominal", "Z1"], "--nominal goes with FILE.csv"),
        (["fit", "", "--target", "y"], "FILE.csv must name a file"),
        (["fit", "--dataset", "xor", "--min-gain", "nan"], "min_gain must be a finite number"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


def test_a_ragged_csv_is_named_by_file_and_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ragged.csv"
    path.write_text("a,y\nu,p\nv\n", encoding="utf-8")
    status, _, err = run(capsys, "fit", str(path), "--target", "y")
    assert status == 2
    assert "ragged.csv" in err
    assert "row 2" in err


def test_usage_errors_exit_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fit"])
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_python_dash_m_runs_the_same_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "--dataset", "xor"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout == text(id3(load("xor"))) + "\n"
