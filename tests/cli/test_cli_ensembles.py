"""``dtree forest`` and ``dtree boost`` (:mod:`dtree.cli.ensembles`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve
from helpers import PRICES_CSV, on_a_terminal, run, write

from dtree.datasets import load
from dtree.ensemble import predict_many
from dtree.ensemble.bagging import bag, oob_error
from dtree.ensemble.boosting import STUMP, adaboost, gradient_boost
from dtree.evaluate import error, train_test_split
from dtree.grower.learner import CART
from dtree.importance import impurity_importance
from dtree.impurity import entropy
from dtree.load import read_csv
from dtree.render import format_weight, text
from dtree.serialize import ensemble_from_json, ensemble_to_json


def test_forest_prints_its_out_of_bag_error_and_writes_its_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    iris = load("iris")
    model = str(tmp_path / "forest.json")
    status, out, err = run(capsys, "forest", "--dataset", "iris", "--trees", "7", "--seed", "3",
                           "--model", model)  # fmt: skip
    assert (status, err) == (0, "")
    bagged = bag(iris, evolve(CART, max_features="sqrt"), n_trees=7, seed=3)
    assert Path(model).read_text(encoding="utf-8") == ensemble_to_json(bagged.ensemble) + "\n"
    lines = out.splitlines()
    assert lines[0] == (
        "random forest: 7 CART trees (2 of 4 attributes at a node), averaged, seed 3, 150 rows"
    )
    assert lines[2].startswith(f"out-of-bag error {format_weight(oob_error(bagged, iris))} over")
    training = error(bagged.ensemble, iris)
    assert lines[3] == (
        f"training error {format_weight(training)} (accuracy {format_weight(1 - training)})"
    )
    importance = impurity_importance(bagged.ensemble)
    assert lines[5].split() == ["attribute", "impurity", "importance"]
    table = dict(line.split() for line in lines[6:])
    assert table == {name: format_weight(value) for name, value in importance.items()}


def test_forest_of_every_attribute_is_bagging_and_can_vote(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    model = str(tmp_path / "bagged.json")
    argv = ["--dataset", "golf", "--trees", "5", "--max-features", "all", "--vote"]
    status, out, _ = run(capsys, "forest", *argv, "--model", model, "--max-depth", "2")
    assert status == 0
    assert out.startswith("bagged trees: 5 CART trees (every attribute at a node), voting,")
    bagged = bag(golf, evolve(CART, max_depth=2), n_trees=5, combination="vote")
    assert ensemble_from_json(Path(model).read_text(encoding="utf-8")) == bagged.ensemble


def test_forest_of_a_numeric_target_is_a_regression_forest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = write(tmp_path, "prices.csv", PRICES_CSV)
    model = str(tmp_path / "forest.json")
    status, out, _ = run(capsys, "forest", prices, "--target", "price", "--trees", "4",
                         "--model", model, "--members")  # fmt: skip
    assert status == 0
    data = read_csv(prices, target="price")
    learner = evolve(CART, impurity="squared_error", max_features="sqrt")
    forest = bag(data, learner, n_trees=4).ensemble
    assert "out-of-bag mean squared error " in out
    assert out.endswith(text(forest) + "\n")
    status, out, _ = run(capsys, "predict", model, prices)
    assert [float(cell) for cell in out.splitlines()[1:]] == list(
        predict_many(forest, data.examples())
    )


def test_forest_grows_the_same_forest_in_processes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["forest", "--dataset", "golf", "--trees", "4"]
    one = run(capsys, *argv, "--model", str(tmp_path / "one.json"))
    two = run(capsys, *argv, "--model", str(tmp_path / "two.json"), "--processes", "2")
    assert one == two
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()


def test_boost_runs_adaboost_for_classes_and_writes_its_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    model = str(tmp_path / "boosted.json")
    status, out, err = run(capsys, "boost", "--dataset", "golf", "--rounds", "4", "--model", model)
    assert (status, err) == (0, "")
    boosted = adaboost(golf, n_rounds=4)
    assert Path(model).read_text(encoding="utf-8") == ensemble_to_json(boosted) + "\n"
    assert out.startswith(
        f"AdaBoost (SAMME): {len(boosted)} trees of depth at most 1 (4 rounds at most),"
        " learning rate 1, 14 rows\n"
    )
    assert f"training error {format_weight(error(boosted, golf))} " in out


def test_boost_holds_out_a_share_and_reports_its_error(capsys: pytest.CaptureFixture[str]) -> None:
    iris = load("iris")
    argv = ["boost", "--dataset", "iris", "--rounds", "5", "--max-depth", "2", "--holdout", "0.3"]
    status, out, _ = run(capsys, *argv, "--seed", "4", "--learning-rate", "0.5")
    assert status == 0
    train, test = train_test_split(iris, 0.3, seed=4, stratify=True)
    boosted = adaboost(train, n_rounds=5, learner=evolve(STUMP, max_depth=2), learning_rate=0.5)
    held = error(boosted, test)
    assert (
        f"held-out error {format_weight(held)} (accuracy {format_weight(1 - held)}) on the"
        f" {len(test)} rows held out (seed 4)"
    ) in out.splitlines()


def test_boost_runs_gradient_boosting_for_a_numeric_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = write(tmp_path, "prices.csv", PRICES_CSV)
    model = str(tmp_path / "boosted.json")
    argv = ["--target", "price", "--stages", "6", "--learning-rate", "0.5", "--subsample", "0.5"]
    status, out, _ = run(capsys, "boost", prices, *argv, "--seed", "2", "--model", model)
    assert status == 0
    data = read_csv(prices, target="price")
    boosted = gradient_boost(data, n_stages=6, learning_rate=0.5, subsample=0.5, seed=2)
    assert ensemble_from_json(Path(model).read_text(encoding="utf-8")) == boosted
    assert out.startswith(
        "gradient boosting (squared error): 6 trees of depth at most 3, learning rate 0.5,"
        " subsample 0.5, seed 2, 5 rows\n"
    )
    assert f"training mean squared error {format_weight(error(boosted, data))}" in out


def test_boost_of_two_classes_by_gradient_boosting_is_log_loss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["boost", "--dataset", "golf", "--method", "gradient", "--stages", "3"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert out.startswith("gradient boosting (log-loss): 3 trees of depth at most 3,")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["forest", "--dataset", "golf", "--trees", "0"],
            "--trees must be an integer in 1..10,000",
        ),
        # a billion members were grown and kept, until the memory ran out
        (
            ["forest", "--dataset", "golf", "--trees", "1000000000"],
            "--trees must be an integer in 1..10,000, got 1000000000",
        ),
        (
            ["boost", "--dataset", "golf", "--rounds", "1000000000"],
            "--rounds must be an integer in 1..10,000, got 1000000000",
        ),
        (
            ["boost", "--dataset", "golf", "--method", "gradient", "--stages", "1000000000"],
            "--stages must be an integer in 1..10,000, got 1000000000",
        ),
        (["forest", "--dataset", "golf", "--max-features", "9"], "--max-features 9 attributes"),
        (["forest", "--dataset", "golf", "--processes", "0"], "--processes must be an integer"),
        (["boost", "--dataset", "golf", "--stages", "3"], "--stages applies to --method gradient"),
        (
            ["boost", "--dataset", "golf", "--method", "gradient", "--rounds", "3"],
            "--rounds applies to --method adaboost only",
        ),
        (
            ["boost", "--dataset", "iris", "--method", "gradient"],
            "--method gradient boosts a numeric target or two classes, and the target 'species'"
            " has 3: use --method adaboost",
        ),
        (
            ["boost", "--dataset", "golf", "--method", "gradient", "--subsample", "2"],
            "--subsample must be",
        ),
        (["boost", "--dataset", "golf", "--learning-rate", "-1"], "--learning-rate must be"),
        (["boost", "--dataset", "golf", "--holdout", "1.5"], "--holdout is a share"),
    ],
)
def test_forest_and_boost_refuse_bad_options_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("dtree: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_boost_adaboost_refuses_a_numeric_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = write(tmp_path, "prices.csv", PRICES_CSV)
    status, _, err = run(capsys, "boost", prices, "--target", "price", "--method", "adaboost")
    assert status == 2
    assert err == (
        "dtree: error: --method adaboost classifies, and the target 'price' is numeric:"
        " use --method gradient\n"
    )


def test_forest_and_boost_draw_their_progress_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, drawings = on_a_terminal(monkeypatch, "forest", "--dataset", "golf", "--trees", "3")
    assert status == 0
    assert any("tree 3/3" in line for line in drawings)
    assert drawings[-1] == ""  # erased
    monkeypatch.undo()
    status, drawings = on_a_terminal(monkeypatch, "boost", "--dataset", "golf", "--rounds", "3")
    assert status == 0
    assert len(drawings) > 2
    capsys.readouterr()


@pytest.mark.parametrize("method", ["adaboost", "gradient"])
def test_boost_takes_the_missing_policy_its_refusal_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str
) -> None:
    rows = "x,c\n" + "".join(f"{'?' if i % 5 == 0 else i},{'ab'[i % 3 == 0]}\n" for i in range(30))
    path = write(tmp_path, "gaps.csv", rows)
    argv = ["boost", path, "--target", "c", "--method", method]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "(--missing on the command line)" in err
    status, out, _ = run(capsys, *argv, "--missing", "impute")
    assert status == 0
    data = read_csv(path, target="c")
    if method == "adaboost":
        model = adaboost(data, learner=evolve(STUMP, missing="impute"))
    else:
        model = gradient_boost(data, missing="impute")
    assert f"training error {format_weight(error(model, data))}" in out


def test_forest_measures_importance_by_its_own_criterion(
    capsys: pytest.CaptureFixture[str],
) -> None:
    iris = load("iris")
    argv = ["forest", "--dataset", "iris", "--trees", "5", "--criterion", "entropy"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    bagged = bag(iris, evolve(CART, impurity="entropy", max_features="sqrt"), n_trees=5)
    gains = impurity_importance(bagged.ensemble, impurity=entropy)
    assert gains != impurity_importance(bagged.ensemble)  # Gini's would be another table
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("attribute"))
    table = dict(line.split() for line in lines[header + 1 :])
    assert table == {name: format_weight(value) for name, value in gains.items()}


@pytest.mark.parametrize("value", ["0", "1.5", "-2"])
def test_forest_refuses_max_features_in_the_command_lines_words(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    status, out, err = run(capsys, "forest", "--dataset", "golf", "--max-features", value)
    assert (status, out) == (2, "")
    assert err == (
        "dtree: error: --max-features must be sqrt, log2, all, a count >= 1 or a share in"
        f" (0, 1], got {value}\n"
    )


def test_forest_says_its_out_of_bag_error_counts_rows_not_weights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = tmp_path / "weighted.csv"
    rows = [f"{x},{'ab'[x % 3 == 0]},{1 + x % 4}" for x in range(30)]
    data.write_text("x,y,w\n" + "\n".join(rows) + "\n", encoding="utf-8")
    argv = ["--target", "y", "--trees", "5", "--quiet"]
    status, out, _ = run(capsys, "forest", str(data), *argv, "--weights", "w")
    assert status == 0
    assert out.splitlines()[2].endswith(", each counted once whatever its weight")
    status, out, _ = run(capsys, "forest", str(data), *argv)
    assert out.splitlines()[2].endswith("out of some tree's sample")
