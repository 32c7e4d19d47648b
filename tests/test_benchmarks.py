"""The benchmark scripts still run: their code on tiny inputs, timing nothing."""

from __future__ import annotations

from benchmarks import bench_cart

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


def test_cart_benchmark_report_judges_the_targets() -> None:
    def measurement(rows: int, dtree: float, leaves: int = 10) -> bench_cart.Measurement:
        return bench_cart.Measurement(rows, 0.1, dtree, 0.1, leaves, 10, rows * 10)

    text, passed = bench_cart.report(measurement(100, 2.0), measurement(200, 4.0))
    assert passed
    assert "PASS dtree within 25x" in text
    assert "PASS per row of work, doubling costs dtree at most 1.15x (1.00x)" in text
    assert "WARNING" not in text
    assert "rows summed over the nodes of scikit-learn's tree: 1000 and 2000, 2.00x" in text
    text, passed = bench_cart.report(measurement(100, 3.0), measurement(200, 7.5, leaves=11))
    assert not passed
    assert "FAIL dtree within 25x of scikit-learn on 100 rows (30.0x)" in text
    assert "FAIL doubling the rows costs dtree at most 2.3x (2.50x)" in text
    assert "FAIL per row of work, doubling costs dtree at most 1.15x (1.25x)" in text
    assert "WARNING: on 200 rows dtree has 11 leaves, scikit-learn 10" in text
