"""The commands that read a model file (:mod:`dtree.cli.models`): ``predict``, ``rules``
and ``dnf``."""

from __future__ import annotations

import csv
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import PRICES_CSV, golf_csv, run, write

from dtree.cli import main
from dtree.conditions import Above, AtMost, Equals
from dtree.counts import ClassStats
from dtree.datasets import load
from dtree.dnf import dnf_of, format_dnf, minimize
from dtree.ensemble import Ensemble, predict, predict_many
from dtree.grower.presets import c45, cart, id3
from dtree.load import read_csv
from dtree.render import rules
from dtree.rules import describe_rule, prune_rules, rules_of
from dtree.serialize import ensemble_to_json, to_json
from dtree.tree import Branch, Leaf, Split


def fit_model(capsys: pytest.CaptureFixture[str], folder: Path, *argv: str) -> str:
    """Fit with ``argv`` and write the model file; its path."""
    model = str(folder / "model.json")
    status, out, err = run(capsys, "fit", *argv, "--format", "json", "--output", model)
    assert (status, out, err) == (0, "", "")
    return model


def test_fit_then_predict_a_csv_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    content = golf_csv().replace("\novercast,72,90,", "\n?,72,90,")
    data = write(tmp_path, "golf.csv", content)
    model = fit_model(capsys, tmp_path, data, "--target", "class", "--algorithm", "c45")
    tree = c45(read_csv(data, target="class"))
    assert Path(model).read_text(encoding="utf-8") == to_json(tree) + "\n"
    status, out, err = run(capsys, "predict", model, data)
    assert (status, err) == (0, "")
    examples = list(read_csv(data, target="class").examples())
    assert out.splitlines() == ["prediction", *(str(predict(tree, e)) for e in examples)]
    assert "Don't Play" in out
    predictions = str(tmp_path / "predictions.csv")
    status, out, err = run(capsys, "predict", model, data, "--output", predictions)
    assert (status, out, err) == (0, "", "")
    with open(predictions, encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows == [["prediction"], *([str(predict(tree, e))] for e in examples)]


def test_predict_says_once_how_many_rows_hold_values_the_model_never_saw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Unseen categories were answered silently."""
    model = fit_model(capsys, tmp_path, "--dataset", "play-tennis")
    days = "Outlook,Temperature,Humidity,Wind\nSunny,Hot,High,Weak\nFoggy,Hot,High,Weak\n"
    data = write(tmp_path, "days.csv", days + "Rain,Hot,High,Calm\nFoggy,Mild,Low,Weak\n")
    status, out, err = run(capsys, "predict", model, data)
    assert (status, out) == (0, "prediction\nNo\nYes\nYes\nYes\n")
    assert err == (
        f"dtree: warning: {data}, row 2, column 'Outlook': 3 of 4 rows hold a value no branch"
        " of the model takes, this row first ('Foggy'); each is predicted from the training"
        " statistics of the split where it stops\n"
    )
    known = write(tmp_path, "known.csv", days.replace("Foggy", "Overcast"))
    assert run(capsys, "predict", model, known)[2] == ""


def test_predict_reads_nominal_digits_as_the_model_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = fit_model(capsys, tmp_path, "--dataset", "xor")
    data = write(tmp_path, "xor.csv", "Z2,Z1,other\n0,0,a\n0,1,b\n1,0,c\n1,1,d\n\n?,1,e\n")
    status, out, err = run(capsys, "predict", model, data)
    assert (status, err) == (0, "")
    tree = id3(load("xor"))
    spread = predict(tree, {"Z1": "1", "Z2": None})
    assert out.splitlines() == ["prediction", "0", "1", "1", "0", str(spread)]


def test_predict_a_regression_tree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = write(tmp_path, "prices.csv", PRICES_CSV)
    model = fit_model(capsys, tmp_path, data, "--target", "price", "--algorithm", "cart")
    rows = write(tmp_path, "new.csv", "district,size\nnorth,50\nsouth,101.5\nnorth,?\n")
    status, out, err = run(capsys, "predict", model, rows)
    assert (status, err) == (0, "")
    tree = cart(read_csv(data, target="price"))
    expected = [
        predict(tree, {"size": 50, "district": "north"}),
        predict(tree, {"size": 101.5, "district": "south"}),
        predict(tree, {"size": None, "district": "north"}),
    ]
    assert [float(line) for line in out.splitlines()[1:]] == expected
    assert out.splitlines()[1:3] == ["100", "260"]


def test_predict_with_missing_markers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    model = fit_model(capsys, tmp_path, "--dataset", "xor")
    data = write(tmp_path, "xor.csv", "Z1,Z2\nNA,1\n?,1\n")
    status, out, err = run(capsys, "predict", model, data, "--missing-marker", "NA")
    assert status == 0
    assert err.startswith(f"dtree: warning: {data}, row 2, column 'Z1': 1 of 2 rows holds")
    tree = id3(load("xor"))
    spread, unseen = (predict(tree, {"Z1": z1, "Z2": "1"}) for z1 in (None, "?"))
    assert out.splitlines() == ["prediction", str(spread), str(unseen)]
    assert unseen == "0"  # '?' is a value now, unseen at the root: its plurality, first of a tie


def test_predict_spreads_a_missing_value_by_training_weight_or_equally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Five a's of class p and one b and one c of class q: a row missing x goes 5/7 to p by
    C4.5's training shares, but 2/3 to q by the notes' equal vote."""
    data = write(tmp_path, "votes.csv", "x,y\n" + "a,p\n" * 5 + "b,q\nc,q\n")
    model = fit_model(capsys, tmp_path, data, "--target", "y")
    rows = write(tmp_path, "rows.csv", "x\n?\nb\n")
    assert run(capsys, "predict", model, rows) == (0, "prediction\np\nq\n", "")
    voted = run(capsys, "predict", model, rows, "--spread", "equal")
    assert voted == (0, "prediction\nq\nq\n", "")
    with pytest.raises(SystemExit) as exit_:
        main(["predict", model, rows, "--spread", "votes"])
    assert exit_.value.code == 2
    assert "invalid choice: 'votes'" in capsys.readouterr().err


def test_predict_refuses_equal_votes_for_an_ensemble(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = tmp_path / "forest.json"
    status, _, err = run(
        capsys, "forest", "--dataset", "golf", "--trees", "3", "--model", str(model)
    )
    assert (status, err) == (0, "")
    rows = write(tmp_path, "rows.csv", "outlook,temperature,humidity,windy\n?,70,70,false\n")
    status, out, err = run(capsys, "predict", str(model), rows, "--spread", "equal")
    assert (status, out) == (2, "")
    assert "--spread equal is for a tree's model file" in err
    assert run(capsys, "predict", str(model), rows)[0] == 0


def hostile_model(folder: Path, content: str | bytes) -> str:
    path = folder / "model.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not valid JSON: Expecting value (line 1, column 1)"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        ("[1, 2]", "$: expected a JSON object, got an array"),
        (
            '{"format": "dtree-tree", "version": 9}',
            "version: version 9 is not one this dtree reads",
        ),
        (
            '{"format": "dtree-tree", "version": 1, "target": "classification", "classes": ["a"],'
            ' "nodes": [{"stats": {"counts": [NaN]}, "prediction": "a"}]}',
            "NaN is not a finite number",
        ),
        (
            '{"format": "dtree-tree", "version": 1, "target": "classification", "classes": ["a"],'
            ' "nodes": [{"stats": {"counts": [1]}, "prediction": "a\\nb"}]}',
            "$.nodes[0].prediction: expected one of the classes of $.classes, got 'a\\nb'",
        ),
        ("[" * 50_000, "nested too deeply"),
    ],
)
def test_a_bad_model_file_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes, message: str
) -> None:
    model = hostile_model(tmp_path, content)
    data = write(tmp_path, "data.csv", "a\nu\n")
    status, out, err = run(capsys, "predict", model, data)
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {model}: ")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["absent.json", "data.csv"], "absent.json: no such file"),
        ([".", "data.csv"], ".: a directory, not a file"),
    ],
)
def test_predict_names_a_model_file_it_cannot_read(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "predict", *argv)
    assert (status, out) == (2, "")
    assert err == f"dtree: error: {message}\n"


def test_predict_names_the_data_file_and_its_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = fit_model(capsys, tmp_path, "--dataset", "golf")
    no_humidity = write(tmp_path, "a.csv", "outlook,temperature,windy\nsunny,80,true\n")
    status, out, err = run(capsys, "predict", model, no_humidity)
    assert (status, out) == (2, "")
    assert err.startswith(
        f"dtree: error: {no_humidity}: the column 'humidity' is needed but absent"
    )
    typo = write(tmp_path, "b.csv", "outlook,temperature,humidity,windy\nsunny,80,9O,true\n")
    status, out, err = run(capsys, "predict", model, typo)
    assert (status, out) == (2, "")
    assert err == f"dtree: error: {typo}, row 1, column 'humidity': '9O' is not a number\n"


def test_a_model_testing_an_attribute_both_ways_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def stats(a: int, b: int) -> ClassStats:
        return ClassStats(("a", "b"), (a, b))

    inner = Split(
        (
            Branch(AtMost("x", 1.0), Leaf("a", stats(1, 0))),
            Branch(Above("x", 1.0), Leaf("b", stats(0, 1))),
        ),
        stats(1, 1),
    )
    tree = Split(
        (Branch(Equals("x", "u"), inner), Branch(Equals("x", "v"), Leaf("a", stats(1, 0)))),
        stats(2, 1),
    )
    model = hostile_model(tmp_path, to_json(tree))
    status, _, err = run(capsys, "predict", model, write(tmp_path, "d.csv", "x\nu\n"))
    assert status == 2
    assert (
        err
        == f"dtree: error: {model}: the model tests 'x' both as a number and as a nominal value\n"
    )


def test_rules_of_a_model_file_pruned_or_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = str(tmp_path / "tennis.json")
    assert (
        run(capsys, "fit", "--dataset", "play-tennis", "--format", "json", "--output", model)[0]
        == 0
    )
    status, out, _ = run(capsys, "rules", model)
    assert status == 0
    assert out == rules(id3(load("play-tennis"))) + "\n"
    status, out, _ = run(
        capsys, "rules", model, "--prune", "pessimistic", "--dataset", "play-tennis"
    )
    assert status == 0
    pruned = prune_rules(rules_of(id3(load("play-tennis"))), load("play-tennis"))
    assert out.splitlines() == [*map(describe_rule, pruned.rules), "otherwise Yes"]
    path = write(
        tmp_path,
        "tennis.csv",
        "\n".join(
            ",".join(str(v) for v in (*example.values(), label))
            for example, label in zip(
                load("play-tennis").examples(), load("play-tennis").labels, strict=True
            )
        ),
    )
    header = "Outlook,Temperature,Humidity,Wind,Play\n"
    Path(path).write_text(header + Path(path).read_text(encoding="utf-8"), encoding="utf-8")
    status, from_file, _ = run(
        capsys, "rules", model, path, "--prune", "pessimistic", "--target", "Play"
    )
    assert (status, from_file) == (0, out)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--prune", "pessimistic"], "--prune measures rules on data"),
        (["--dataset", "golf"], "FILE.csv and --dataset are the data --prune measures rules on"),
    ],
)
def test_rules_refuses_data_without_pruning_and_pruning_without_data(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    model = str(tmp_path / "tennis.json")
    run(capsys, "fit", "--dataset", "play-tennis", "--format", "json", "--output", model)
    status, out, err = run(capsys, "rules", model, *extra)
    assert status == 2
    assert out == ""
    assert message in err


def test_dnf_of_a_model_file_minimized_or_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    model = str(tmp_path / "table.json")
    argv = ["fit", "--dataset", "boolean-table", "--format", "json", "--output", model]
    assert run(capsys, *argv)[0] == 0
    tree = id3(load("boolean-table"))
    label = tree.stats.classes[0]  # type: ignore[union-attr]
    status, out, _ = run(capsys, "dnf", model, "--label", label)
    assert (status, out) == (0, format_dnf(dnf_of(tree, label)) + "\n")
    status, out, _ = run(capsys, "dnf", model, "--label", label, "--minimize")
    assert (status, out) == (0, format_dnf(minimize(dnf_of(tree, label))) + "\n")


def test_a_regression_tree_has_no_dnf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "prices.csv", PRICES_CSV)
    argv = ["fit", path, "--target", "price", "--algorithm", "cart", "--format", "dnf"]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert "regression tree has no DNF" in err


def test_the_classes_of_dnf_and_rules_output_are_quoted_as_in_the_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(
        capsys, "fit", "--dataset", "golf", "--algorithm", "c45", "--format", "dnf"
    )
    assert status == 0
    assert [line.split(": ")[0] for line in out.splitlines()] == ["Play", '"Don\'t Play"']
    path = write(tmp_path, "t.csv", "x,y\nu,a b\nv,a b\nw,c\n")
    model = str(tmp_path / "t.json")
    run(capsys, "fit", path, "--target", "y", "--format", "json", "--output", model)
    pruning = ("rules", model, path, "--prune", "pessimistic", "--target", "y")
    status, out, err = run(capsys, *pruning)
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == 'otherwise "a b"'


def test_predict_reads_an_ensembles_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    forest = Ensemble(
        "average",
        (cart(golf), c45(golf), cart(golf, max_depth=1)),
        (1, 2, Fraction(1, 2)),
        golf.schema.classes,
    )
    model = write(tmp_path, "forest.json", ensemble_to_json(forest))
    data = write(tmp_path, "golf.csv", golf_csv())
    status, out, err = run(capsys, "predict", model, data)
    assert (status, err) == (0, "")
    assert out.splitlines() == ["prediction", *map(str, predict_many(forest, golf.examples()))]


def test_predict_reads_a_boosted_regressors_model_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prices = read_csv(write(tmp_path, "prices.csv", PRICES_CSV), target="price")
    boosted = Ensemble(
        "gradient", (cart(prices, max_depth=1), cart(prices)), (1, 1), (), 170.0, 0.5
    )
    model = write(tmp_path, "boosted.json", ensemble_to_json(boosted))
    status, out, err = run(capsys, "predict", model, str(tmp_path / "prices.csv"))
    assert (status, err) == (0, "")
    expected = predict_many(boosted, prices.examples())
    assert [float(cell) for cell in out.splitlines()[1:]] == list(expected)


@pytest.mark.parametrize("command", [["rules"], ["dnf", "--label", "Play"]])
def test_rules_and_dnf_refuse_an_ensembles_model_file_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    golf = load("golf")
    forest = Ensemble("vote", (cart(golf), c45(golf)), (1, 1), golf.schema.classes)
    model = write(tmp_path, "forest.json", ensemble_to_json(forest))
    status, out, err = run(capsys, command[0], model, *command[1:])
    assert (status, out) == (2, "")
    assert err == (
        f"dtree: error: {model}: dtree {command[0]} reads the model file of one tree, and this"
        " one holds an ensemble of 2 trees (dtree predict reads it)\n"
    )


def test_predict_names_the_member_of_a_malformed_ensemble_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golf = load("golf")
    text_ = ensemble_to_json(Ensemble("samme", (cart(golf),), (Fraction(3),), golf.schema.classes))
    model = write(tmp_path, "boosted.json", text_.replace('"weight": "3/1"', '"weight": "1/3"'))
    status, out, err = run(capsys, "predict", model, write(tmp_path, "golf.csv", golf_csv()))
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {model}: $.members[0]: a SAMME member's odds")


def test_a_class_no_encoding_can_write_is_an_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # JSON can spell a lone surrogate ("\ud800"), which no UTF-8 output can hold.
    stats = ClassStats(("\ud800", "b"), (1, 0))
    empty = ClassStats(("\ud800", "b"), (0, 0))
    tree = Split(
        (
            Branch(Equals("x", "u"), Leaf("\ud800", stats)),
            Branch(Equals("x", "v"), Leaf("b", empty)),
        ),
        stats,
    )
    model = hostile_model(tmp_path, to_json(tree))
    data = write(tmp_path, "d.csv", "x\nu\n")
    target = tmp_path / "predictions.csv"
    status, out, err = run(capsys, "predict", model, data, "--output", str(target))
    assert (status, out) == (2, "")
    assert err.startswith(f"dtree: error: {target}: cannot write the output as UTF-8: ")
    assert not target.exists()
    result = subprocess.run(
        [sys.executable, "-m", "dtree", "predict", model, data],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("dtree: error: cannot write the output: ")
    assert len(result.stderr.splitlines()) == 1
