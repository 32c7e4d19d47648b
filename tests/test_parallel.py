"""dtree.parallel: fan_out's laws, and every fan-out giving exactly the serial result.

The laws of :func:`fan_out` are checked with a thread pool (cheap to start,
so a property can run many examples): results in task order whatever the
order the tasks finish in, the serial result through any executor, a
task's exception back as itself.  Cross-validation, learning curves and
the choice of a pruned tree by cross-validation are then run through a
process pool and through a Dask cluster, each started once for this
module, and must equal the serial run value for value, type for type.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.evaluate import cross_validate, learning_curve
from dtree.grower.learner import CART, ID3, Learner
from dtree.grower.presets import c45, cart
from dtree.parallel import fan_out, task_seed
from dtree.progress import Progress, Report
from dtree.resampling import repeated_k_fold
from dtree.selection import select_by_cv
from dtree.tree import Tree

# -- the tasks of the laws (module level, so that a process could run them too) ------------------


def negated(x: int) -> int:
    return -x


def after_a_while(x: int) -> int:
    """x, returned later the smaller x is: so the first tasks finish last."""
    time.sleep(0.0005 * max(0, 10 - x))
    return x


def refusing_negatives(x: int) -> int:
    if x < 0:
        raise DtreeError(f"task {x} refused")
    return x


def counted(x: int, *, progress: Report | None = None) -> int:
    """A task that takes a progress keyword and reports one step of its own work."""
    if progress is not None:
        progress(Progress(1, 1, "counting"))
    return x


@pytest.fixture(scope="module")
def threads() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(4) as pool:
        yield pool


tasks = st.lists(st.integers(-(10**6), 10**6), max_size=12)


# -- fan_out's laws -------------------------------------------------------------------------------


@given(tasks)
def test_serial_fan_out_is_map(work: list[int]) -> None:
    assert fan_out(negated, work) == tuple(map(negated, work))


@given(tasks)
def test_any_executor_gives_the_serial_result(threads: Executor, work: list[int]) -> None:
    assert fan_out(negated, work, threads) == fan_out(negated, work)


@given(st.lists(st.integers(0, 10), min_size=1, max_size=8))
def test_results_come_in_task_order_whatever_order_they_finish_in(
    threads: Executor, work: list[int]
) -> None:
    seen: list[Progress] = []
    results = fan_out(after_a_while, work, threads, progress=seen.append)
    assert results == tuple(work)
    # each task reported once, as it completed, and the count of done tasks only grows
    assert [p.done for p in seen] == list(range(1, len(work) + 1))
    assert sorted(p.what for p in seen) == sorted(
        f"task {i}/{len(work)}" for i in range(1, len(work) + 1)
    )


def test_the_first_task_finishing_last_still_comes_first(threads: Executor) -> None:
    others_done = threading.Event()
    finished: list[int] = []
    lock = threading.Lock()

    def recorded(x: int) -> int:
        if x == 0:
            assert others_done.wait(timeout=30)  # task 0 finishes last, whatever the scheduler
        with lock:
            finished.append(x)
            if len(finished) == 3:
                others_done.set()
        return x

    assert fan_out(recorded, [0, 1, 2, 3], threads) == (0, 1, 2, 3)
    assert finished[-1] == 0


@given(tasks)
def test_a_task_error_comes_back_as_itself_the_first_in_task_order(
    threads: Executor, work: list[int]
) -> None:
    if all(x >= 0 for x in work):
        assert fan_out(refusing_negatives, work, threads) == tuple(work)
        return
    first = next(x for x in work if x < 0)
    for executor in (None, threads):
        with pytest.raises(DtreeError, match=rf"^task {first} refused$"):
            fan_out(refusing_negatives, work, executor)


def test_progress_serially_includes_each_task_own_work() -> None:
    seen: list[Progress] = []
    assert fan_out(counted, [5, 6], progress=seen.append, names=["a", "b"]) == (5, 6)
    assert seen == [
        Progress(1, 2, "a, counting"),
        Progress(1, 2, "a"),
        Progress(2, 2, "b, counting"),
        Progress(2, 2, "b"),
    ]


def test_progress_through_an_executor_reports_each_task_as_it_completes(
    threads: Executor,
) -> None:
    seen: list[Progress] = []
    fan_out(counted, [5, 6, 7], threads, progress=seen.append, start=2, total=5)
    assert [p.done for p in seen] == [3, 4, 5]
    assert {p.what for p in seen} == {"task 1/3", "task 2/3", "task 3/3"}
    assert {p.total for p in seen} == {5}


def test_no_tasks_give_no_results(threads: Executor) -> None:
    assert fan_out(negated, [], threads) == fan_out(negated, []) == ()


def test_names_must_name_every_task() -> None:
    with pytest.raises(DtreeError, match="one name for each of the 2 tasks"):
        fan_out(negated, [1, 2], names=["only one"])


def test_what_cannot_be_pickled_is_named_when_a_process_pool_needs_it(
    processes: Executor,
) -> None:
    with pytest.raises(DtreeError, match=r"<lambda>.* cannot be sent to the executor's workers"):
        fan_out(lambda x: x, [1, 2], processes)
    with pytest.raises(DtreeError, match=r"<lambda>.* cannot be sent"):
        cross_validate(lambda data: cart(data, max_depth=2), load("iris"), 3, executor=processes)


def test_a_lambda_runs_in_a_thread_pool(threads: Executor) -> None:
    assert fan_out(lambda x: x + 1, [1, 2], threads) == (2, 3)


# -- task seeds ---------------------------------------------------------------------------------


@given(st.integers(-(2**70), 2**70), st.integers(0, 10**6))
def test_a_task_seed_depends_on_the_seed_and_the_index_alone(seed: int, index: int) -> None:
    assert task_seed(seed, index) == task_seed(seed, index)
    assert 0 <= task_seed(seed, index) < 2**64
    assert task_seed(seed, index) != task_seed(seed, index + 1)
    assert task_seed(seed, index) != task_seed(seed + 1, index)


def test_task_seeds_are_the_same_in_every_process(processes: Executor) -> None:
    assert fan_out(partial(task_seed, 7), range(5), processes) == tuple(
        task_seed(7, i) for i in range(5)
    )


def test_a_task_seed_is_made_of_integers() -> None:
    with pytest.raises(DtreeError, match="a task's seed is an integer"):
        task_seed(True, 0)
    with pytest.raises(DtreeError, match="a task's index is an integer"):
        task_seed(0, 1.0)  # type: ignore[arg-type]


# -- the fan-outs of evaluate and prune, through a process pool and a Dask cluster -------------


@pytest.fixture(scope="module")
def processes() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2) as pool:
        yield pool


def petal_widths() -> Dataset:
    """Iris with a numeric target: a regression whose errors are exact Fractions."""
    iris = load("iris")
    columns = {a.name: iris.columns[j] for j, a in enumerate(iris.schema.attributes)}
    return Dataset.from_columns(columns, target="petal_width")


def weighted_golf() -> Dataset:
    """Golf with float weights and missing values: scores are floats, C4.5 spreads the rows."""
    golf = load("golf")
    rng = random.Random(3)
    columns = {a.name: list(golf.columns[j]) for j, a in enumerate(golf.schema.attributes)}
    columns["outlook"][2] = columns["humidity"][5] = None
    columns["class"] = list(golf.labels)
    weights = [rng.choice([0.5, 1.0, 2.25]) for _ in golf.rows]
    return Dataset.from_columns(columns, target="class", weights=weights)


C45_WITH_MISSING = partial(c45, min_objects=1)
"""C4.5 (which spreads missing values by fractional weights), as a function that takes progress."""

REGRESSION = Learner(impurity="squared_error", nominal="subsets")


def serial_and_parallel_agree(executor: Executor) -> None:
    """Every fan-out gives, through ``executor``, the serial result and the same types."""
    iris, widths, golf = load("iris"), petal_widths(), weighted_golf()
    runs: list[Callable[..., object]] = [
        partial(cross_validate, CART, iris, 10),
        partial(cross_validate, REGRESSION, widths, 5),
        partial(cross_validate, C45_WITH_MISSING, golf, 3),
        partial(cross_validate, ID3, load("play-tennis"), repeated_k_fold(load("play-tennis"), 2)),
        partial(learning_curve, ID3, iris, [5, 20, 135]),
        partial(learning_curve, REGRESSION, widths, [10, 100], folds=4),
        partial(select_by_cv, CART, iris, 10),
        partial(select_by_cv, CART, iris, 5, risk="impurity", rule="1se"),
        partial(select_by_cv, REGRESSION, widths.subset(range(0, 150, 3)), 4),
    ]
    for run in runs:
        serial = run()
        parallel = run(executor=executor)
        assert parallel == serial
        assert repr(parallel) == repr(serial)  # Fractions stay Fractions, floats floats
    assert all(
        type(e) is Fraction for e in cross_validate(CART, iris, 10, executor=executor).errors
    )


def test_a_process_pool_gives_exactly_the_serial_result(processes: Executor) -> None:
    serial_and_parallel_agree(processes)


def test_a_process_pool_reports_progress_here_fold_by_fold(processes: Executor) -> None:
    seen: list[Progress] = []
    cross_validate(CART, load("iris"), 5, progress=seen.append, executor=processes)
    assert [p.done for p in seen] == [1, 2, 3, 4, 5]
    assert {p.what for p in seen} == {f"fold {i}/5" for i in range(1, 6)}
    seen.clear()
    select_by_cv(CART, load("iris"), 4, progress=seen.append, executor=processes)
    assert seen[-1] == Progress(5, 5, seen[-1].what)
    assert [p.done for p in seen if "," not in p.what] == [2, 3, 4, 5]


def refuse(data: Dataset) -> Tree:
    """A learner that refuses every dataset."""
    raise DtreeError(f"no tree for {len(data)} rows")


def test_a_learner_error_comes_back_from_a_process_as_itself(processes: Executor) -> None:
    with pytest.raises(DtreeError, match=r"^no tree for 135 rows$") as raised:
        cross_validate(refuse, load("iris"), 10, executor=processes)
    assert type(raised.value) is DtreeError


@pytest.fixture(scope="module")
def dask() -> Iterator[Executor]:
    """An executor of a local Dask cluster of two worker processes."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


def test_a_dask_cluster_gives_exactly_the_serial_result(dask: Executor) -> None:
    serial_and_parallel_agree(dask)


def test_a_learner_error_comes_back_from_a_dask_worker_as_itself(dask: Executor) -> None:
    with pytest.raises(DtreeError, match=r"^no tree for 135 rows$"):
        cross_validate(refuse, load("iris"), 10, executor=dask)


def test_a_failure_on_a_dask_cluster_does_not_wait_for_cancelled_tasks(dask: Executor) -> None:
    # A task cancelled after it finished on a worker is never reported done to a waiter by
    # Dask's executor: waiting for the cancelled tasks would wait for ever.  (Each round has
    # tasks of its own: Dask gives equal calls one key, and cancelling one cancels them all.)
    for attempt in range(1, 4):
        work = [-attempt, *range(1000 * attempt, 1000 * attempt + 300)]
        with pytest.raises(DtreeError, match=rf"^task {-attempt} refused$"):
            fan_out(refusing_negatives, work, dask)


def test_what_dask_cannot_send_is_named(dask: Executor) -> None:
    with pytest.raises(DtreeError, match=r"lock.* cannot be sent to the executor's workers"):
        fan_out(repr, [1, threading.Lock()], dask)
