"""The command line's shared plumbing (:mod:`dtree.cli.common`, and ``main``): reading
files, bad input as one clear line with exit status 2, usage errors, output, warnings, progress
on a terminal and ``--processes``."""

from __future__ import annotations

import argparse
import io
import itertools
import resource
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import ClassVar, get_args

import pytest
from helpers import QUINLAN_GOLF, Terminal, golf_csv, on_a_terminal, run, write

from dtree.cli import common, main
from dtree.datasets import load
from dtree.grower.learner import Criterion, Missing
from dtree.grower.presets import id3
from dtree.load import read_csv
from dtree.progress import Line, Progress
from dtree.prune import Risk, ZRule
from dtree.render import text
from dtree.rules import RulePruning, describe_rule, prune_rules, rules_of
from dtree.selection import SelectionRule
from dtree.serialize import from_json


class CountingPool(ThreadPoolExecutor):
    """A pool that records how many workers it was asked for (and runs them as threads)."""

    asked: ClassVar[list[int]] = []

    def __init__(self, max_workers: int) -> None:
        CountingPool.asked.append(max_workers)
        super().__init__(max_workers)


def test_messages_about_reading_a_file_name_the_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """They said nominal= and numeric=, and to use equal_width or equal_frequency."""
    path = write(tmp_path, "n.csv", "a,b,y\n1,x,1.5\n2,y,2.5\n")
    for argv, message in [
        (
            ("fit", path, "--target", "y", "--nominal", "z"),
            "--nominal names an unknown column 'z'; the columns are 'a', 'b', 'y'",
        ),
        (
            ("fit", path, "--target", "y", "--nominal", "a", "--numeric", "a"),
            "column 'a': --numeric and --nominal both name this column",
        ),
        (
            ("discretize", path, "--target", "y"),
            "--method entropy needs classes, and the target 'y' is numeric: use --method width"
            " or frequency",
        ),
    ]:
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "")
        assert err.startswith("dtree: error: ")
        assert err.endswith(message + "\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fit", "--dataset", "nope"], "unknown dataset"),
        (["fit", "missing.csv", "--target", "y"], "missing.csv"),
        (["fit", "--dataset", "xor", "--target", "Y"], "--target goes with FILE.csv"),
        (
            ["fit", "--dataset", "xor", "--max-depth", "-1"],
            "--max-depth must be an integer >= 0, got -1",
        ),
        (["fit", "--dataset", "xor", "--classes", "1,0"], "--classes goes with FILE.csv"),
        (["fit", "--dataset", "xor", "--nominal", "Z1"], "--nominal goes with FILE.csv"),
        (["fit", "--dataset", "xor", "--numeric", "Z1"], "--numeric goes with FILE.csv"),
        # the library's words and reprs, each once shown here
        (
            ["fit", "--dataset", "golf", "--algorithm", "optimal", "--alpha", "-1"],
            "--alpha must be a finite number >= 0, got -1",
        ),
        (
            ["boost", "--dataset", "golf", "--learning-rate", "-1"],
            "--learning-rate must be a finite number > 0, got -1",
        ),
        (
            ["discretize", "--dataset", "iris", "--method", "width", "--bins", "0"],
            "--bins must be a whole number in 1..100,000, got 0",
        ),
        (["fit", "--dataset", "xor", "--missing-marker", "NA"], "--missing-marker goes with"),
        (["fit", "", "--target", "y"], "FILE.csv must name a file"),
        (["fit", "--dataset", "xor", "--min-gain", "nan"], "--min-gain must be a finite number"),
        (["fit", "--dataset", "golf", "--significance", "0"], "--significance must be a level"),
        (["fit", "--dataset", "golf", "--significance", "1.5"], "--significance must be"),
        (
            ["fit", "--dataset", "golf", "--min-objects", "-1", "--algorithm", "c45"],
            "--min-objects must",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "cart", "--max-leaf-nodes", "1"],
            "--max-leaf-nodes must be an integer >= 2",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "cart", "--criterion", "squared_error"],
            "squared error is for a numeric target",
        ),
        (
            ["fit", "--dataset", "golf", "--min-samples-leaf", "2"],
            "--min-samples-leaf applies to cart",
        ),
        (["fit", "--dataset", "golf", "--criterion", "gini"], "--criterion applies to cart only"),
        (
            ["fit", "--dataset", "golf", "--min-objects", "2"],
            "--min-objects applies to c45 and j48 only",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "c45", "--min-gain", "0"],
            "--min-gain applies to id3",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "c45", "--min-samples-split", "4"],
            "--min-samples-split applies to id3 and cart only",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "id3", "--max-leaf-nodes", "4"],
            "--max-leaf-nodes applies to cart and optimal only",
        ),
        (
            ["fit", "--dataset", "golf", "--algorithm", "c45", "--min-impurity-decrease", "0"],
            "--min-impurity-decrease applies to cart only",
        ),
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


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--algorithm", "c50"),
        ("--criterion", "nope"),
        ("--missing", "skip"),
        ("--max-depth", "1.5"),
        ("--max-leaf-nodes", "many"),
        ("--min-objects", "two"),
        ("--min-samples-split", "x"),
        ("--significance", "5%"),
    ],
)
def test_a_malformed_option_value_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fit", "--dataset", "golf", option, value])
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out) == (2, "")
    assert captured.err.startswith("usage: dtree fit")
    assert captured.err.splitlines()[-1].startswith(f"dtree fit: error: argument {option}: ")
    assert repr(value) in captured.err


def test_python_dash_m_runs_the_same_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "--dataset", "xor"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout == text(id3(load("xor"))) + "\n"


def test_output_to_a_file_that_cannot_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = str(tmp_path / "no" / "such" / "folder" / "tree.txt")
    status, out, err = run(capsys, "fit", "--dataset", "xor", "--output", target)
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {target}: cannot write the file: ")
    assert len(err.splitlines()) == 1


def test_a_failed_command_writes_no_output_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "tree.json"
    status, _, _ = run(
        capsys, "fit", "--dataset", "nope", "--format", "json", "--output", str(target)
    )
    assert status == 2
    assert not target.exists()


def test_an_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fit", "--dataset", "golf", "--format", "yaml"])
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out) == (2, "")
    assert "argument --format: invalid choice: 'yaml'" in captured.err


@pytest.mark.parametrize(
    ("argv", "option", "literal"),
    [
        (["fit", "--dataset", "golf"], "--criterion", Criterion),
        (["fit", "--dataset", "golf"], "--missing", Missing),
        (["prune", "--dataset", "golf", "--method", "cost-complexity"], "--rule", SelectionRule),
        (["prune", "--dataset", "golf", "--method", "cost-complexity"], "--risk", Risk),
        (["prune", "--dataset", "golf", "--method", "pessimistic"], "--z", ZRule),
        (["rules", "model.json"], "--prune", RulePruning),
    ],
)
def test_an_option_offers_the_choices_of_its_type(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str, literal: object
) -> None:
    """The command line reads each option's choices from the library's Literal, in its order."""
    with pytest.raises(SystemExit) as exit_:
        main([*argv, option, "nonsense"])
    captured = capsys.readouterr()
    assert exit_.value.code == 2
    offered = ", ".join(repr(choice) for choice in get_args(literal))
    assert f"argument {option}: invalid choice: 'nonsense' (choose from {offered})" in captured.err


def test_a_reader_that_goes_away_gets_no_traceback(tmp_path: Path) -> None:
    """``dtree fit ... | head -1``: the pipe breaks, and dtree stops quietly.

    The tree of 400 alternating labels prints far more than a pipe holds,
    so dtree is still writing when the reader leaves."""
    rows = "\n".join(f"{x},{'ab'[x % 2]}" for x in range(400))
    path = write(tmp_path, "zigzag.csv", "x,y\n" + rows + "\n")
    command = [sys.executable, "-m", "dtree", "fit", path, "--target", "y", "--format", "python"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait() == 1
    assert err == b""


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == "dtree 0.1.0\n"


def test_weights_names_the_column_of_row_weights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "w.csv", "x,y,w\nu,a,3\nv,b,1\nu,b,1\n")
    status, out, err = run(capsys, "fit", path, "--target", "y", "--weights", "w")
    assert (status, err) == (0, "")
    assert out == text(id3(read_csv(path, target="y", weights="w"))) + "\n"
    assert out.splitlines()[0] == "root [a: 3, b: 2]"
    for command in (["evaluate", "--folds", "2"], ["prune", "--method", "pessimistic"]):
        status, _, err = run(capsys, *command, path, "--target", "y", "--weights", "w")
        assert status == 0, err
    model = str(tmp_path / "w.json")
    run(
        capsys,
        "fit",
        path,
        "--target",
        "y",
        "--weights",
        "w",
        "--format",
        "json",
        "--output",
        model,
    )
    pruning = ("rules", model, path, "--prune", "pessimistic", "--target", "y")
    status, out, err = run(capsys, *pruning, "--weights", "w")
    assert (status, err) == (0, "")
    tree = from_json(Path(model).read_text(encoding="utf-8"))
    data = read_csv(path, target="y", classes=["a", "b"], weights="w")
    pruned = prune_rules(rules_of(tree), data, method="pessimistic")
    assert out.splitlines()[: len(pruned.rules)] == [describe_rule(r) for r in pruned.rules]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fit", "--dataset", "golf", "--weights", "w"], "--weights goes with FILE.csv"),
        (["fit", "{path}", "--target", "y", "--weights", "z"], "unknown weights column 'z'"),
        (["fit", "{path}", "--target", "y", "--weights", "x"], "row 1, column 'x': 'u' is not"),
        (["fit", "{path}", "--target", "y", "--weights", "w"], "row 2, column 'w': weight -1"),
    ],
)
def test_bad_weights_are_one_line_naming_the_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    path = write(tmp_path, "w.csv", "x,y,w\nu,a,3\nv,b,-1\n")
    status, out, err = run(capsys, *(arg.format(path=path) for arg in argv))
    assert (status, out) == (2, "")
    assert message in err
    assert len(err.splitlines()) == 1


def test_a_warning_on_a_terminal_stands_on_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The typo warning, issued while the reading line was drawn, was glued onto it."""
    rows = "".join(f"{x},{'ab'[x % 2]}\n" for x in range(50))
    path = write(tmp_path, "typo.csv", "x,y\n" + rows + "4O,a\n")
    status, drawings = on_a_terminal(monkeypatch, "fit", path, "--target", "y")
    assert status == 0
    warned = next(k for k, text in enumerate(drawings) if "dtree: warning: " in text)
    assert drawings[warned - 1].startswith("dtree: reading ")  # the line drawn before it
    assert drawings[warned].startswith(common.CLEAR_LINE[1:] + "dtree: warning: ")
    assert drawings[warned].endswith("without this warning\n")


def test_fit_draws_its_progress_on_a_terminal_and_erases_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, drawings = on_a_terminal(monkeypatch, "fit", "--dataset", "golf", "--algorithm", "c45")
    assert (status, capsys.readouterr().out) == (0, QUINLAN_GOLF)
    assert drawings[0].startswith("dtree: growing, ")
    assert "dtree: growing, 100%, " in drawings[-3]
    assert drawings[-2:] == [
        " " * len(drawings[-3].rstrip()),
        "",
    ]  # erased, the cursor back at the start


def test_evaluate_draws_fold_after_fold(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, drawings = on_a_terminal(monkeypatch, "evaluate", "--dataset", "iris", "--folds", "5")
    assert status == 0
    assert "mean error" in capsys.readouterr().out
    shown = drawings[:-2]
    assert [line.split(",")[0] for line in shown if "growing" not in line] == [
        f"dtree: fold {k}/5" for k in range(1, 6)
    ]
    percents = [int(line.split("%")[0].rsplit(" ", 1)[1]) for line in shown]
    assert percents == sorted(percents)
    assert percents[-1] == 100
    assert "elapsed, about " in shown[len(shown) // 2]  # an estimate of the time left


def test_prune_draws_the_full_tree_and_each_fold(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, drawings = on_a_terminal(monkeypatch, *argv, "--folds", "3")
    assert status == 0
    assert "<- chosen" in capsys.readouterr().out
    assert drawings[0].startswith("dtree: the full tree, growing, ")
    assert any(line.startswith("dtree: fold 3/3, pruning, ") for line in drawings)


def test_progress_is_silent_with_quiet_or_off_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for command in (["fit"], ["evaluate", "--folds", "3"]):
        argv = [*command, "--dataset", "iris", "--algorithm", "cart"]
        status, drawings = on_a_terminal(monkeypatch, *argv, "--quiet")
        assert (status, drawings) == (0, [])
        monkeypatch.undo()
        status, _, err = run(capsys, *argv)  # captured: standard error is no terminal
        assert (status, err) == (0, "")


def test_fit_draws_the_reading_of_its_file_before_the_growing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = write(tmp_path, "golf.csv", golf_csv())
    status, drawings = on_a_terminal(monkeypatch, "fit", path, "--target", "class")
    assert status == 0
    assert capsys.readouterr().out == text(id3(read_csv(path, target="class"))) + "\n"
    reading = [line for line in drawings if line.startswith(f"dtree: reading {path}, ")]
    assert reading[-1].startswith(f"dtree: reading {path}, 100%, ")
    assert drawings.index(reading[0]) == 0
    first_growing = next(i for i, line in enumerate(drawings) if "growing" in line)
    assert drawings.index(reading[-1]) < first_growing


def test_the_line_keeps_moving_while_no_report_arrives() -> None:
    stream = io.StringIO()
    line = Line(stream, "dtree", timer=itertools.count(0, 30).__next__, width=80)
    line(Progress(1, 4, "growing"))  # at 30 s; then no report for a minute and a half
    ticks = iter([False, False, False, True])  # three ticks, then the work is over
    common.keep_moving(line.tick, lambda: next(ticks))
    assert stream.getvalue().split("\r")[1:] == [
        "dtree: growing, 25%, 0:30 elapsed, about 1:30 left",
        "dtree: growing, 25%, 1:00 elapsed, about 3:00 left",
        "dtree: growing, 25%, 1:30 elapsed, about 4:30 left",
        "dtree: growing, 25%, 2:00 elapsed, about 6:00 left",
    ]


def test_the_ticker_runs_in_a_thread_that_ends_with_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(common, "Line", partial(Line, timer=itertools.count().__next__, width=80))
    monkeypatch.setattr(common, "TICK", 3600.0)  # it waits for the line's end, not for a tick
    before = set(threading.enumerate())
    with common.progress_line(argparse.Namespace(quiet=False)) as report:
        assert report is not None
        [ticker] = set(threading.enumerate()) - before
        assert ticker.daemon
        report(Progress(1, 2, "growing"))
    assert not ticker.is_alive()
    assert terminal.getvalue().split("\r")[1:] == [
        "dtree: growing, 50%, 0:01 elapsed, about 0:01 left",
        " " * 50,
        "",
    ]
    with common.progress_line(argparse.Namespace()) as report:  # a command without --quiet: no line
        assert report is None


def test_a_numeric_column_with_a_typo_is_one_warning_in_the_options_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "typo.csv", "age,y\n31,a\n40,b\n4O,a\n52,b\n31,a\n")
    for command in (["fit"], ["evaluate", "--folds", "2"]):
        status, out, err = run(capsys, *command, path, "--target", "y")
        assert (status, err.count("dtree: warning:")) == (0, 1)
        assert out
        assert err == (
            f"dtree: warning: {path}, row 3, column 'age': read as nominal, though 4 of its 5"
            " present fields spell numbers: '4O' is the first that does not; --numeric age"
            " reads it as numbers (each field that spells none an error), --nominal age as"
            " nominal without this warning\n"
        )
    status, _, err = run(capsys, "fit", path, "--target", "y", "--nominal", "age")
    assert (status, err) == (0, "")
    status, _, err = run(capsys, "fit", path, "--target", "y", "--numeric", "age")
    assert (status, err) == (
        2,
        f"dtree: error: {path}, row 3, column 'age': '4O' is not a number\n",
    )


def test_fit_refuses_an_endless_device_at_once() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "/dev/zero", "--target", "y"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30)),
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "dtree: error: /dev/zero: a character device, not a file (a device such as /dev/zero or"
        " a terminal may never end): give a regular file, or pipe the data in\n"
    )


def test_fit_reads_data_piped_into_standard_input(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "fit", "/dev/stdin", "--target", "class"],
        input=golf_csv(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    golf = read_csv(write(tmp_path, "golf.csv", golf_csv()), target="class")
    assert result.stdout == text(id3(golf)) + "\n"


@pytest.mark.parametrize(
    ("argv", "tasks"),
    [
        (("evaluate", "--dataset", "golf", "--folds", "3"), 3),
        (("forest", "--dataset", "golf", "--trees", "4"), 4),
        (("fuzz", "--against", "sklearn", "--examples", "5"), 5),
    ],
)
@pytest.mark.parametrize("cores", [2, 64])
def test_processes_start_no_more_workers_than_tasks_or_cores(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    tasks: int,
    cores: int,
) -> None:
    """--processes 1000 started all 1000 workers at once, a fork bomb on any machine."""
    monkeypatch.setattr(common, "ProcessPoolExecutor", CountingPool)
    monkeypatch.setattr(common, "cores", lambda: cores)
    CountingPool.asked.clear()
    status, out, err = run(capsys, *argv, "--processes", "1000")
    assert status == 0, err
    assert CountingPool.asked == [min(tasks, cores)]
    assert err == (
        f"dtree: warning: --processes 1000 is more than the {cores} cores this machine gives"
        f" dtree: using {min(tasks, cores)}\n"
    )
    assert (status, out, "") == run(capsys, *argv)
