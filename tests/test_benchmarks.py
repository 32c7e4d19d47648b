"""The benchmark scripts still run: their code on tiny inputs, timing nothing that is judged."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from benchmarks import (
    bench_cart,
    bench_check,
    bench_commits,
    bench_ensemble,
    bench_extremes,
    bench_frames,
    bench_j48,
    bench_million,
    bench_optimal,
    bench_parallel,
    bench_predict,
    bench_reading,
    bench_regression,
    million,
)

from dtree.cli.commands import main as dtree_main
from dtree.dataset import Nominal, Numeric
from dtree.grower.presets import cart
from dtree.load import read_csv
from dtree.serialize import to_json
from dtree.tree import n_leaves


def test_cart_benchmark_fits_agree_on_a_small_problem() -> None:
    # Full-depth trees on noisy data have tied best splits, which the two learners may break
    # differently; on these 400 rows the ties do not change the number of leaves (on 300 rows
    # one does: 55 leaves against 56, with the trees equal wherever no split ties).
    problem = bench_cart.make_problem(400)
    assert len(problem.rows) == 400
    assert set(problem.labels) == {"no", "yes"}
    assert bench_cart.make_problem(100).rows == problem.rows[:100]
    tree = bench_cart.fit_dtree(bench_cart.dataset(problem))
    estimator = bench_cart.fit_sklearn(*bench_cart.matrix(problem))
    assert n_leaves(tree) == bench_cart.sklearn_leaves(estimator)
    assert bench_cart.node_rows(estimator) > 400


def measurement(
    rows: int,
    dtree: tuple[float, float],
    sklearn: tuple[float, float],
    node_rows: int,
    leaves: int = 10,
) -> bench_cart.Measurement:
    return bench_cart.Measurement(
        rows, 0.1, bench_cart.Timing(*dtree), bench_cart.Timing(*sklearn), leaves, 10, node_rows
    )


# The measurements of bench_cart.py's section in tests/benchmarks/README.md: the rows double, the
# work (rows summed over the nodes) grows 3.5x, and both learners' times grow about 3.8x: about
# 1.1x per row of work.
SMALL = measurement(20_000, (4.5, 4.0), (0.29, 0.25), 1_000_000)
LARGE = measurement(40_000, (17.0, 15.0), (1.11, 0.95), 3_500_000, leaves=11)


def table(text: str) -> dict[str, list[str]]:
    """The report's lines, each by its first word, split into words."""
    return {line.split()[0]: line.split() for line in text.splitlines()}


def test_cart_benchmark_reports_ratios_in_wall_and_cpu_time_and_judges_nothing() -> None:
    text = bench_cart.report(SMALL, LARGE)
    assert "PASS" not in text
    assert "FAIL" not in text
    rows = table(text)
    # rows, build, dtree, sklearn, ratio, dtree cpu, sklearn cpu, cpu ratio, leaves, leaves
    assert rows["20000"][2:8] == ["4.500", "0.2900", "15.52x", "4.000", "0.2500", "16.00x"]
    assert rows["40000"][2:8] == ["17.000", "1.1100", "15.32x", "15.000", "0.9500", "15.79x"]
    assert "1000000 and 3500000, 3.50x for 2x the rows" in text
    # the growth in wall and CPU time, and the same per row of work
    assert rows["dtree"][1:] == ["3.78x", "3.75x", "1.08x", "1.07x"]
    assert rows["scikit-learn"][1:] == ["3.83x", "3.80x", "1.09x", "1.09x"]
    warning = "WARNING: on 40000 rows dtree has 11 leaves, scikit-learn 10 (tied best splits"
    assert warning in text.splitlines()[-1]
    assert "WARNING: on 20000" not in text


def test_cart_benchmark_survives_a_clock_too_coarse_for_a_fit() -> None:
    instant = measurement(100, (0.01, 0.0), (0.0, 0.0), 1000)
    text = bench_cart.report(instant, measurement(200, (0.02, 0.01), (0.0, 0.0), 2000))
    assert table(text)["100"][4] == "n/a"
    assert table(text)["dtree"][1:3] == ["2.00x", "n/a"]


def test_cart_benchmark_exits_0_however_slow_dtree_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    slow = {20_000: SMALL, 40_000: measurement(40_000, (400.0, 390.0), (1.0, 1.0), 1_100_000)}

    def fake(rows: int, **_: object) -> bench_cart.Measurement:
        return slow[rows]

    monkeypatch.setattr(bench_cart, "measure", fake)
    assert bench_cart.main(["--quiet"]) == 0
    captured = capsys.readouterr()
    assert table(captured.out)["dtree"][1] == "88.89x"
    assert captured.err == ""


def test_cart_benchmark_says_what_it_is_doing() -> None:
    said: list[str] = []
    m = bench_cart.measure(
        200, seed=0, levels=bench_cart.LEVELS, dtree_repeats=2, sklearn_repeats=1, log=said.append
    )
    assert (m.rows, m.dtree_leaves > 1, m.dtree.cpu <= m.dtree.wall + 0.5) == (200, True, True)
    assert said[0] == "200 rows: making the data and building the dataset"
    assert said[1].startswith("200 rows: dtree fit 1 of 2: ")
    assert "s for the rest" in said[1]
    assert said[2].startswith("200 rows: dtree fit 2 of 2: ")
    assert said[3].startswith("200 rows: scikit-learn fit 1 of 1: ")
    assert len(said) == 4


def test_the_extremes_benchmark_runs_on_small_problems(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_extremes.main(["--classes", "20", "--depth", "60", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "20 rows of 20 classes" in out
    assert "the chain is 59 splits deep" in out
    lines = out.splitlines()
    assert lines[1].split()[-2:] == ["39", "39"]  # both learners give a node to each class
    assert "prune.pessimistic(data=...)" in out


def test_the_parallel_benchmark_reports_a_speed_up_and_judges_nothing() -> None:
    timing = bench_parallel.Timing
    m = bench_parallel.Measurement(4000, 10, 2, timing(8.0, 7.9, 0.0), timing(4.4, 0.1, 8.1), True)
    text = bench_parallel.report(m)
    lines = text.splitlines()
    assert lines[2].split() == ["serial", "8.00", "7.90"]
    assert lines[3].split() == ["2", "processes", "4.40", "0.10", "8.10"]
    assert lines[4] == "speed-up: 1.82x in wall time with 2 processes"
    assert lines[5].endswith(": 0.99 serial, 1.86 with the pool")
    assert lines[6] == "results identical to the serial run: yes"
    assert "PASS" not in text
    assert "FAIL" not in text


def test_the_parallel_benchmark_runs_on_a_small_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_parallel.main(["--rows", "120", "--folds", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3-fold cross_validate(CART) of 120 rows" in out
    assert "results identical to the serial run: yes" in out


def test_cart_benchmark_takes_three_classes_and_keeps_its_two_class_rows() -> None:
    two = bench_cart.make_problem(200)
    assert two == bench_cart.make_problem(200, classes=2)
    assert two.classes == ("no", "yes")
    # (x0 + x1 > 256) xor (x2 > 128), with a tenth of the labels flipped
    agree = sum(
        ((x[0] + x[1] > 256) != (x[2] > 128)) == (label == "yes")
        for x, label in zip(two.rows, two.labels, strict=True)
    )
    assert 160 < agree < 200
    three = bench_cart.make_problem(500, levels=64, classes=3)
    assert three.classes == ("c0", "c1", "c2") == tuple(sorted(set(three.labels)))
    assert {len({row[j] for row in three.rows}) for j in range(10)} == {64}  # many ties
    assert bench_cart.dataset(three).schema.classes == three.classes
    tree = bench_cart.fit_dtree(bench_cart.dataset(three))
    estimator = bench_cart.fit_sklearn(*bench_cart.matrix(three))
    assert n_leaves(tree) == bench_cart.sklearn_leaves(estimator) == 93


def test_cart_benchmark_refuses_fewer_than_two_classes() -> None:
    with pytest.raises(SystemExit):
        bench_cart.main(["--classes", "1", "--quiet"])


def test_regression_benchmark_fits_agree_on_a_small_problem() -> None:
    problem = bench_regression.make_problem(400)
    assert bench_regression.make_problem(100).rows == problem.rows[:100]
    assert all(4 * y == int(4 * y) for y in problem.targets)  # quarters: exact sums
    data = bench_regression.dataset(problem)
    assert not data.schema.is_classification
    tree = bench_regression.fit_dtree(data)
    estimator = bench_regression.fit_sklearn(*bench_regression.matrix(problem))
    assert n_leaves(tree) == estimator.get_n_leaves() == 399


def test_regression_benchmark_reports_ratios_and_judges_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    timing = bench_cart.Timing
    m = bench_regression.Measurement(20_000, 0.1, timing(30.0, 29.0), timing(0.2, 0.16), 9, 10)
    lines = bench_regression.report(m).splitlines()
    assert lines[2].split() == ["dtree", "30.000", "29.000", "9"]
    assert lines[4].startswith("ratio: 150.00x in wall time, 181.25x in CPU time")
    assert lines[5].startswith("WARNING: dtree has 9 leaves, scikit-learn 10")
    argv = ["--rows", "150", "--dtree-repeats", "1", "--sklearn-repeats", "1", "--quiet"]
    assert bench_regression.main(argv) == 0
    out = capsys.readouterr().out
    assert "regression tree (squared error, full depth) of 150 rows" in out
    assert "WARNING" not in out


def test_j48_benchmark_data_mixes_numeric_and_nominal_attributes() -> None:
    data = bench_j48.make_problem(300)
    assert data.schema.classes == ("low", "mid", "high")
    domains = [attribute.domain for attribute in data.schema.attributes]
    assert sum(isinstance(domain, Numeric) for domain in domains) == 4
    assert sum(isinstance(domain, Nominal) for domain in domains) == 4
    assert bench_j48.make_problem(100).columns[0] == data.columns[0][:100]


def test_j48_benchmark_reports_ratios_and_judges_nothing() -> None:
    timing = bench_cart.Timing
    m = bench_j48.Measurement(20_000, timing(4.0, 3.3), timing(3.0, 1.5), 9, 10, False)
    lines = bench_j48.report(m).splitlines()
    assert lines[2].split() == ["dtree", "fit", "4.00", "3.30", "9"]
    assert lines[3].split() == ["J48", "-U", "3.00", "1.50", "10"]
    assert lines[4] == "ratio: 1.33x in wall time, 2.20x in CPU time"
    assert lines[5] == "the trees agree: NO"
    assert lines[6].startswith("WARNING: ")


def test_j48_benchmark_times_whole_processes(
    weka_jar: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--rows", "300", "--dtree-repeats", "1", "--j48-repeats", "1", "--quiet"]
    assert bench_j48.main(argv) == 0
    out = capsys.readouterr().out
    assert "C4.5 unpruned on 300 rows, each a whole process" in out
    assert "the trees agree: yes" in out
    rows = table(out)
    assert int(rows["dtree"][-1]) == int(rows["J48"][-1]) > 1  # leaves
    assert float(rows["dtree"][3]) > 0  # CPU time of a process that has exited


def test_the_predict_benchmark_reports_ratios_in_wall_and_cpu_time_and_judges_nothing() -> None:
    timing = bench_cart.Timing
    m = bench_predict.Measurement(
        20_000, 100_000, 2516, 34, timing(0.02, 0.01), timing(0.4, 0.2), timing(0.5, 0.25),
        timing(0.02, 0.016), 0.935,
    )  # fmt: skip
    text = bench_predict.report(m)
    assert "PASS" not in text
    assert "FAIL" not in text
    lines = text.splitlines()
    assert lines[0].startswith("dtree's CART tree of 20000 rows: 2516 leaves, depth 34;")
    assert lines[1].split()[:3] == ["predicting", "100000", "rows"]
    # wall s, ratio, cpu s, cpu ratio, rows per CPU second
    assert lines[2].split()[2:] == ["0.0200", "1.00x", "0.0160", "1.00x", "6,250,000"]
    assert lines[3].split()[2:] == ["0.4000", "20.00x", "0.2000", "12.50x", "500,000"]
    assert lines[4].split()[5:] == ["0.5000", "25.00x", "0.2500", "15.62x", "400,000"]
    assert lines[5].startswith("the two trees predict alike on 93.50% of the rows")
    with_reach = bench_predict.report(dataclasses.replace(m, reached=timing(8.0, 6.4)))
    reached = with_reach.splitlines()[5].split()
    assert reached[:3] == ["dtree", "predict,", "definition"]
    assert reached[3:] == ["8.0000", "400.00x", "6.4000", "400.00x", "15,625"]


def test_the_predict_benchmark_survives_a_clock_too_coarse() -> None:
    instant = bench_cart.Timing(0.0, 0.0)
    m = bench_predict.Measurement(10, 10, 2, 1, instant, instant, instant, instant, 1.0)
    assert bench_predict.report(m).splitlines()[3].split()[3:] == ["n/a", "0.0000", "n/a", "n/a"]


def test_the_predict_benchmark_runs_on_a_small_problem(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--training-rows", "300", "--rows", "500", "--dtree-repeats", "1"]
    assert bench_predict.main([*arguments, "--sklearn-repeats", "1", "--quiet"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "dtree's CART tree of 300 rows" in lines[0]
    assert lines[1].split()[:3] == ["predicting", "500", "rows"]
    assert [line.split()[1] for line in lines[2:6]] == [
        "predict",
        "predict_many",
        "compiled,",
        "predict,",
    ]
    assert captured.err == ""


def test_the_ensemble_benchmark_reports_ratios_in_wall_and_cpu_time_and_judges_nothing() -> None:
    timing = bench_cart.Timing
    lines = [
        bench_ensemble.Line("forest", timing(40.0, 30.0), timing(0.5, 0.4), "accuracy 1 and 1"),
        bench_ensemble.Line("boosting", timing(9.0, 8.0), timing(0.0, 0.0), "mse 2 and 2"),
    ]
    text = bench_ensemble.report(20_000, lines)
    assert "PASS" not in text
    assert "FAIL" not in text
    rows = table(text)
    assert rows["forest"][1:] == ["40.000", "0.5000", "80.00x", "30.000", "0.4000", "75.00x"]
    assert rows["boosting"][3:] == ["n/a", "8.000", "0.0000", "n/a"]  # a clock too coarse
    assert text.splitlines()[-1] == "  boosting: mse 2 and 2"


def test_the_ensemble_benchmark_runs_on_a_small_problem(capsys: pytest.CaptureFixture[str]) -> None:
    sizes = ["--rows", "200", "--trees", "3", "--stages", "4", "--rounds", "5", "--seed", "1"]
    assert bench_ensemble.main([*sizes, "--sklearn-repeats", "1", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0].startswith("ensembles on 200 rows")
    tasks = [
        "random forest, 3",
        "forest predicts 200 rows ",
        "AdaBoost (SAMME), 5 stumps ",
        "gradient boosting, squared",
    ]
    assert [line.startswith(task) for line, task in zip(lines[2:6], tasks, strict=True)] == [
        True
    ] * 4
    assert lines[6].startswith("gradient boosting, log-loss, 4 stages ")
    # AdaBoost's stumps are scikit-learn's on tie-free data; here, near enough
    adaboost = next(line for line in lines if line.startswith("  AdaBoost"))
    ours, theirs = (float(word) for word in adaboost.split()[-3::2])
    assert abs(ours - theirs) <= 0.05
    # the boosted models are the same stages up to tied cuts: their training losses agree
    for line in lines[-2:]:
        ours, theirs = (float(word) for word in line.split()[-3::2])
        assert ours == pytest.approx(theirs, rel=1e-6)


def test_the_frames_benchmark_runs_on_a_small_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_frames.main(["--rows", "150", "--sklearn-repeats", "1", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0].startswith("frames and estimators on 150 rows, dtree against pandas")
    tasks = ["read the CSV", "from_frame", "CART on the numeric", "CART predicts 150", "C4.5"]
    assert [line.split()[0] for line in lines[2:7]] == [task.split()[0] for task in tasks]
    assert lines[8].endswith("from_frame of pandas' frame is read_csv's: True")
    assert lines[9].endswith("150 rows, 12 attributes")


def test_the_reading_benchmark_measures_each_task_in_a_process_of_its_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_reading.main(["--rows", "300", "--depth", "2", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0].startswith("reading a CSV file: dtree.read_csv against pandas.read_csv")
    assert lines[2].split()[:2] == ["300", "0.0"]  # rows, and the file's MB
    assert lines[4].startswith("fitting a tree of depth at most 2")
    reading, fitting = lines[2].split(), lines[6].split()
    assert reading[0] == fitting[0] == "300"
    assert fitting[6] == fitting[12] == "4"  # leaves: a tree of depth 2 on both sides
    assert "PASS" not in captured.out
    assert "FAIL" not in captured.out


def test_the_reading_benchmark_runs_on_the_million_data(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_reading.main(["--data", "million", "--rows", "300", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[2].split()[:2] == ["300", "0.0"]  # rows, and the file's MB
    assert lines[4].startswith("fitting a tree of depth at most 4: million.columns' data")
    assert lines[4].endswith("DecisionTreeClassifier on float32")
    fitting = lines[6].split()
    assert fitting[0] == "300"
    assert 1 < int(fitting[6]) <= 16
    assert 1 < int(fitting[12]) <= 16  # leaves: trees of depth at most 4 on both sides


def test_the_reading_benchmarks_million_file_holds_million_columns_and_fits_as_dtree_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "million.csv"
    bench_reading.write_million(path, 500)
    data = read_csv(path, target="y")
    assert data == million.dataset(500)  # every value read back exactly, the classes c0, c1
    tree = cart(data, max_depth=4)
    command = ["fit", str(path), "--target", "y", "--algorithm", "cart", "--max-depth", "4"]
    assert dtree_main([*command, "--quiet", "--format", "json"]) == 0
    assert capsys.readouterr().out.strip() == to_json(tree).strip()  # the command's tree
    task = ["--task", "fit", "--system", "dtree", "--data", "million", str(path)]
    assert bench_reading.main(task) == 0  # the benchmark's fit, in this process
    figures = json.loads(capsys.readouterr().out)
    assert (figures["rows"], figures["leaves"]) == (500, n_leaves(tree))


def test_the_reading_benchmarks_file_reads_as_written(tmp_path: Path) -> None:
    path = tmp_path / "data.csv"
    bench_reading.write_csv(path, 500)
    data = read_csv(path, target="y")  # no warning either: warnings are errors here
    domains = [attribute.domain for attribute in data.schema.attributes]
    assert [isinstance(domain, Numeric) for domain in domains] == [True] * 6 + [False] * 3
    assert data.schema.classes == ("no", "yes")
    assert None in data.column("x4")
    assert 45 < path.stat().st_size / 500 < 60  # about 53 bytes a row


def test_the_reading_benchmark_reports_ratios_and_judges_nothing() -> None:
    def measured(system: str, task: str, cpu: float, peak: float) -> bench_reading.Measurement:
        figures = {"read_cpu": cpu, "read_wall": cpu, "baseline": 30.0, "peak": peak}
        if task == "fit":
            figures |= {"fit_cpu": 4 * cpu, "fit_wall": 4 * cpu, "leaves": 7}
        return bench_reading.Measurement(system, task, 1000, 0.05, figures)

    text = bench_reading.report(
        [
            measured("dtree", "read", 2.0, 50.0),
            measured("field", "read", 0.1, 130.0),
            measured("dtree", "fit", 2.0, 60.0),
            measured("field", "fit", 0.5, 230.0),
        ],
        8,
    )
    lines = text.splitlines()
    assert lines[2].split() == [
        "1000", "0.1", "2.00", "2.00", "50", "(20)", "0.100", "0.100", "130", "(100)", "20.00x",
        "0.20x",
    ]  # fmt: skip
    assert lines[6].split()[-1] == "4.00x"  # the fits' CPU, 8 s against 2 s


def test_the_frames_benchmarks_frame_has_its_nominal_columns() -> None:
    frame = bench_frames.make_frame(50)
    assert frame["n0"].cat.categories.tolist() == [f"s{k}" for k in range(bench_frames.SHIFTS)]
    assert frame.shape == (50, 13)


def test_the_ensemble_benchmark_refuses_an_empty_forest() -> None:
    with pytest.raises(SystemExit):
        bench_ensemble.main(["--trees", "0", "--quiet"])


def test_the_optimal_benchmark_runs_and_its_solvers_agree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # from 10 rows up: on two rows pydl8.5 0.1.8's depth-two routine leaves an error that its
    # own depth 1 does not (tests/optimal/test_optimal_solvers.py pins it), and this run would
    # say so
    argv = ["--rows", "500", "--depths", "2", "--solver-repeats", "1", "--quiet"]
    assert bench_optimal.main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0].split()[:3] == ["rows", "features", "depth"]
    assert len(lines) == 1 + 3 * 3  # 10, 50 and 500 rows, of 10, 20 and 30 features
    assert "DISAGREE" not in captured.out


def test_the_optimal_benchmark_of_numeric_features_gives_the_solvers_every_cut(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--numeric", "--rows", "500", "--depths", "2", "--solver-repeats", "1", "--quiet"]
    assert bench_optimal.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 2 * 3  # 10 and 50 rows, of 10, 20 and 30 numeric features
    assert all(line.split()[-1] == "tests" for line in lines[1:])
    assert "DISAGREE" not in "\n".join(lines)


def test_the_optimal_benchmark_reports_a_disagreement_and_judges_no_time() -> None:
    timing = bench_cart.Timing
    agreeing = bench_optimal.Line(100, 10, 2, timing(0.2, 0.1), "STreeD", timing(0.0, 0.0), {})
    line = dataclasses.replace(agreeing, errors={"dtree": 5, "STreeD": 5, "DL8.5": 6})
    text = bench_optimal.report([dataclasses.replace(agreeing, errors={"dtree": 3}), line])
    first, second = text.splitlines()[1:]
    assert first.split()[6] == "n/a"  # a clock too coarse gives no ratio, and no failure
    assert "DISAGREE dtree=5 STreeD=5 DL8.5=6" in second


def test_the_check_benchmark_runs_on_a_small_problem(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("sklearn")
    assert (
        bench_check.main(["--rows", "300", "--examples", "5", "--max-depth", "3", "--quiet"]) == 0
    )
    out = capsys.readouterr().out
    assert "dtree check of 300 rows against scikit-learn (max_depth=3" in out
    assert "agrees: True" in out
    assert "5 examples: 5 fits of scikit-learn, found a disagreement: False" in out


def test_the_check_benchmark_reports_ratios_and_judges_nothing() -> None:
    timing = bench_cart.Timing
    parts = bench_check.CheckParts(
        timing(0.5, 0.4), timing(0.6, 0.5), timing(2.0, 1.6), timing(1.0, 0.8), 99, False
    )
    fuzz = bench_check.Campaign(10, timing(3.0, 2.0), timing(0.0, 0.0), 10, True)
    text = bench_check.report(1000, timing(5.0, 4.0), parts, fuzz, 4)
    assert "agrees: False" in text
    assert "10.00x" in text  # the command's CPU time over scikit-learn's fit alone
    assert "n/a" in text  # a clock too coarse for scikit-learn's share gives no ratio


def test_the_commits_benchmark_runs_two_revisions_and_reports_the_same_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["HEAD", "HEAD", "--tasks", "cart2", "--rows", "200", "--repeats", "1", "--quiet"]
    assert bench_commits.main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0].startswith("A = HEAD (")
    assert lines[1].startswith("200 rows; the median of 1 fresh process each")
    assert lines[2].split()[0] == "task"
    cart2 = lines[3].split()
    assert cart2[0] == "cart2"
    assert cart2[-1] == "yes"  # the same tree from both
    assert all(float(seconds) >= 0 for seconds in cart2[1:5])  # no time is judged
    assert len(lines) == 4


def test_the_commits_benchmark_says_a_revision_is_unknown_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["no-such-revision", "--tasks", "cart2", "--rows", "200", "--repeats", "1", "--quiet"]
    assert bench_commits.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "bench_commits: 'no-such-revision' is not a revision of this repository\n"
    )


def test_the_commits_benchmark_reports_a_failed_process_and_a_missing_task(
    tmp_path: Path,
) -> None:
    nothing = bench_commits.Revision("empty", "empty", tmp_path)  # a tree without dtree
    with pytest.raises(bench_commits.ChildError, match="No module named 'dtree'"):
        bench_commits.measure(nothing, "cart2", 10)
    with pytest.raises(bench_commits.MissingTaskError, match=r"no cart taking splits in dtree$"):
        bench_commits.function(["dtree"], "cart", ["splits"])  # an API the revision lacks
    with pytest.raises(bench_commits.MissingTaskError, match=r"in dtree\.gone or dtree\.bagging"):
        bench_commits.function(["dtree.gone", "dtree.bagging"], "random_forest")
    missing = bench_commits.Missing("no random_forest in dtree.bagging")
    line = bench_commits.Line("forest", missing, bench_commits.Summary(2.0, 3.0, frozenset("d")))
    a = bench_commits.Revision("old", "0" * 40, tmp_path)
    text = bench_commits.report(a, a, [line], 100, 3)
    assert (
        text.splitlines()[3].split()
        == ["forest", "missing", "2.000", "missing", "3.000"] + ["n/a"] * 3
    )
    assert text.splitlines()[4] == "forest: not in A: no random_forest in dtree.bagging"


def test_the_million_benchmark_measures_every_task_on_a_small_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_million.main(["--rows", "300", "--repeats", "1"]) == 0
    table = capsys.readouterr().out
    for task in ("cart2", "cart3", "regression", "predict"):
        assert task in table
    row = bench_million.measure("cart2", 300, 1)
    assert row.leaves[0] > 1
    assert row.dtree.cpu > 0
    assert row.sklearn.cpu > 0
