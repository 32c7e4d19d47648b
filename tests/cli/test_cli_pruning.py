"""``dtree prune`` (:mod:`dtree.cli.pruning`): reduced-error, cost-complexity, pessimistic
and minimum description length pruning."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pytest
from helpers import run, write

from dtree.datasets import load
from dtree.evaluate import error, train_test_split
from dtree.grower.presets import c45, cart, id3
from dtree.prune import description_length, mdl, pessimistic, reduced_error
from dtree.render import format_weight, text
from dtree.selection import select_by_cv
from dtree.tree import n_leaves


def test_cost_complexity_prints_the_rows_near_its_choice_unless_all_are_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """On diabetes the path's table printed all of its 292 rows."""
    draw = random.Random(5)
    rows = "".join(
        f"{draw.random():.3f},{draw.random():.3f},{draw.choice('ab')}\n" for _ in range(300)
    )
    data = write(tmp_path, "noise.csv", "u,v,y\n" + rows)
    argv = [*("prune", data, "--target", "y", "--algorithm", "cart"), "--risk", "impurity"]
    argv += ["--method", "cost-complexity"]
    status, out, err = run(capsys, *argv, "--all-rows")
    assert (status, err) == (0, "")
    every = out.split("\n\n")[1].splitlines()
    assert len(every) > 30
    status, out, err = run(capsys, *argv)
    shown = out.split("\n\n")[1].splitlines()
    assert len(shown) < 30
    kept = [line for line in shown if not line.startswith("... ")]
    assert set(kept) <= set(every)
    assert kept[:6] == every[:6]
    assert kept[-5:] == every[-5:]
    chosen = next(k for k, line in enumerate(every) if line.endswith("<- chosen"))
    assert every[chosen - 4 : chosen + 5] == kept[kept.index(every[chosen]) - 4 :][:9]
    gaps = [line for line in shown if line.startswith("... ")]
    assert sum(int(line.split()[1]) for line in gaps) == len(every) - len(kept)
    assert all(line.endswith("(--all-rows prints them)") for line in gaps)


def test_prune_reduced_error_holds_out_a_share_and_reports_the_validation_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prune", "--dataset", "golf", "--algorithm", "cart", "--method", "reduced-error"]
    status, out, err = run(capsys, *argv, "--holdout", "0.3", "--seed", "2")
    assert status == 0
    assert err == ""
    data = load("golf")
    train, validation = train_test_split(data, 0.3, seed=2, stratify=True)
    tree = cart(train)
    pruned = reduced_error(tree, validation)
    before, after = (format_weight(error(t, validation)) for t in (tree, pruned))
    assert out.splitlines()[1] == (
        f"leaves {n_leaves(tree)} -> {n_leaves(pruned)}; validation error {before} -> {after}"
    )
    assert out.endswith(text(pruned) + "\n")


def test_prune_cost_complexity_prints_the_path_and_the_chosen_tree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, out, err = run(capsys, *argv, "--folds", "5", "--rule", "1se")
    assert status == 0
    assert err == ""  # standard error is no terminal here: no progress
    chosen = select_by_cv(partial(cart), load("iris"), 5, seed=0, rule="1se")
    lines = out.splitlines()
    assert lines[2].split() == [
        "alpha",
        "leaves",
        "training",
        "error",
        "cv",
        "error",
        "standard",
        "error",
    ]
    table = [line.split() for line in lines[3 : 3 + len(chosen.table)]]
    assert [int(row[1]) for row in table] == [row.leaves for row in chosen.table]
    assert [row[3] for row in table] == [format_weight(row.error) for row in chosen.table]
    assert table[chosen.index][-2:] == ["<-", "chosen"]
    assert out.endswith(text(chosen.tree) + "\n")


def test_prune_cost_complexity_on_a_holdout(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, out, err = run(capsys, *argv, "--holdout", "0.3", "--risk", "impurity")
    assert status == 0
    assert err == ""
    assert "held-out error" in out
    assert "(risk impurity)" in out


def test_prune_pessimistic_reports_the_estimated_errors(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["prune", "--dataset", "restaurant", "--algorithm", "c45", "--min-objects", "1"]
    status, out, err = run(capsys, *argv, "--method", "pessimistic")
    assert status == 0
    assert err == ""
    data = load("restaurant")
    tree = c45(data, min_objects=1)
    pruned = pessimistic(tree, data=data)
    assert out.splitlines()[1].startswith(f"leaves {n_leaves(tree)} -> {n_leaves(pruned)};")
    assert out.endswith(text(pruned) + "\n")
    status, out, _ = run(
        capsys, *argv, "--method", "pessimistic", "--no-subtree-raising", "--z", "normal"
    )
    assert status == 0
    assert "z normal, subtree raising off" in out


def test_prune_mdl_reports_the_description_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "prune", "--dataset", "iris", "--method", "mdl")
    assert (status, err) == (0, "")
    data = load("iris")
    tree = id3(data)
    pruned = mdl(tree, data)
    before, after = (format_weight(description_length(t, data)) for t in (tree, pruned))
    assert out.splitlines()[:2] == [
        "minimum description length pruning of id3 on 150 rows",
        f"leaves 9 -> 3; description length {before} -> {after} bits",
    ]
    assert out.endswith(text(pruned) + "\n")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ["--method", "pessimistic", "--folds", "3"],
            "--folds applies to --method cost-complexity only",
        ),
        (
            ["--method", "reduced-error", "--confidence", "0.1"],
            "--confidence applies to --method pessimistic only",
        ),
        (
            ["--method", "reduced-error", "--holdout", "1.5"],
            "--holdout is a share of the data in (0, 1)",
        ),
        (["--method", "cost-complexity", "--folds", "99"], "--folds must lie in 2..14"),
        (
            ["--method", "mdl", "--holdout", "0.2"],
            "--holdout applies to --method reduced-error and cost-complexity only",
        ),
        (["--method", "pessimistic", "--confidence", "0"], "--confidence is in (0, 1), got 0.0"),
        (
            ["--method", "reduced-error", "--holdout", "0.99"],
            "--holdout 0.99 of 14 rows leaves the training set empty",
        ),
    ],
)
def test_prune_refuses_bad_options_in_one_line(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    status, out, err = run(capsys, "prune", "--dataset", "golf", *extra)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_cost_complexity_sums_up_its_choice_after_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prune", "--dataset", "iris", "--algorithm", "cart", "--method", "cost-complexity"]
    status, out, _ = run(capsys, *argv, "--rule", "1se")
    assert status == 0
    chosen = select_by_cv(partial(cart), load("iris"), 10, seed=0, rule="1se")
    row = chosen.table[chosen.index]
    summary = (
        f"chosen: alpha {format_weight(row.alpha)}, {row.leaves} leaves, cv error"
        f" {format_weight(row.error)} (standard error {format_weight(row.standard_error)}),"
        f" row {chosen.index + 1} of {len(chosen.table)} by rule 1se"
    )
    lines = out.splitlines()
    after_table = 3 + len(chosen.table)
    assert lines[after_table : after_table + 3] == ["", summary, ""]
