"""Work that fans out: independent tasks, run here one after another or through an executor.

Vocabulary
----------
task
    One independent piece of work, ``function(task)``: the tree of one fold
    of a cross-validation and its scores, one point of a learning curve.
executor
    Any :class:`concurrent.futures.Executor`: a ``ThreadPoolExecutor``, a
    ``ProcessPoolExecutor``, or a Dask cluster's
    ``distributed.Client(...).get_executor()``.  ``None`` runs the tasks
    one after another in this process.
task seed
    The seed of task i of a caller with seed s, derived from s and i alone
    (:func:`task_seed`), never drawn from a generator the tasks share: so a
    task's randomness does not depend on which worker runs it, or when.

Conventions
-----------
* The results come back in task order, whatever order the tasks finish in,
  so any executor gives exactly the serial result.
* A process pool or a cluster sends the function and each task to another
  process by pickling them.  A function defined at module level, and a
  ``functools.partial`` of one, can be sent; a lambda or a function defined
  inside another cannot (Dask's cloudpickle sends them).  What cannot be
  sent is refused by one :class:`~dtree.errors.DtreeError` that names it.
* An exception raised by a task is raised again as itself: the first in
  task order, the one the serial run would raise.  Tasks that have not
  started by then are cancelled.
* Progress callbacks stay in the caller's process: each task is reported as
  it completes, ``Progress(done, total, name)``.  In the serial run, a
  function that takes a ``progress`` keyword (see
  :func:`dtree.progress.takes_progress`) also reports its own work, as its
  task's slice of the whole.

Contents: :func:`fan_out`, :func:`task_seed`.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import TypeVar

from dtree.errors import DtreeError, quote
from dtree.progress import Progress, Report, part, takes_progress

__all__ = ["fan_out", "task_seed"]

T = TypeVar("T")
R = TypeVar("R")


def fan_out(
    function: Callable[[T], R],
    tasks: Iterable[T],
    executor: Executor | None = None,
    *,
    progress: Report | None = None,
    names: Sequence[str] | None = None,
    start: float = 0,
    total: float | None = None,
) -> tuple[R, ...]:
    """``function(task)`` for each task, in task order: serially, or through ``executor``.

    With an executor the tasks are submitted at once and run in any order;
    the result is the same tuple as the serial one.  ``progress``, if given,
    is told ``Progress(start + d, total, name)`` when the d-th task completes
    (``name`` from ``names``, ``task i/n`` by default); the tasks are units
    ``start`` to ``start + n`` of a work of ``total`` units (n by default).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> fan_out(abs, [-3, 1, -2])
    (3, 1, 2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     fan_out(abs, [-3, 1, -2], pool)
    (3, 1, 2)
    >>> seen = []
    >>> _ = fan_out(abs, [-3, 1], progress=seen.append, names=["a", "b"], start=1, total=3)
    >>> seen
    [Progress(done=2, total=3, what='a'), Progress(done=3, total=3, what='b')]

    See also: :func:`task_seed`, :func:`dtree.evaluate.cross_validate`.
    """
    work = tuple(tasks)
    labels = _names(names, len(work))
    whole = len(work) if total is None else total
    if executor is None:
        return _serially(function, work, progress=progress, labels=labels, start=start, whole=whole)
    return _through(
        executor, function, work, progress=progress, labels=labels, start=start, whole=whole
    )


def _names(names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"task {i}/{n}" for i in range(1, n + 1))
    if isinstance(names, str) or len(names) != n:
        raise DtreeError(f"fan_out needs one name for each of the {n} tasks, got {quote(names)}")
    return tuple(names)


def _serially(
    function: Callable[[T], R],
    work: tuple[T, ...],
    *,
    progress: Report | None,
    labels: tuple[str, ...],
    start: float,
    whole: float,
) -> tuple[R, ...]:
    """The tasks one after another in this process, each reporting its own work if it can."""
    reporting: Callable[..., R] = function
    inside = progress is not None and takes_progress(reporting)
    results = []
    for i, (task, name) in enumerate(zip(work, labels, strict=True)):
        if inside:
            result = reporting(task, progress=part(progress, start + i, start + i + 1, whole, name))
        else:
            result = function(task)
        results.append(result)
        if progress is not None:
            progress(Progress(start + i + 1, whole, name))
    return tuple(results)


def _through(
    executor: Executor,
    function: Callable[[T], R],
    work: tuple[T, ...],
    *,
    progress: Report | None,
    labels: tuple[str, ...],
    start: float,
    whole: float,
) -> tuple[R, ...]:
    """The tasks submitted to ``executor`` at once, each reported here as it completes; on
    a failure the tasks after the first failed one are cancelled, and it is raised."""
    futures = _submitted(executor, function, work)
    results: dict[int, R] = {}
    failures: dict[int, BaseException] = {}
    waiting = set(futures)
    try:
        while waiting:
            finished, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=futures.__getitem__):
                index = futures[future]
                problem = future.exception()
                if problem is not None:
                    failures[index] = problem
                elif not failures:
                    results[index] = future.result()
                    if progress is not None:
                        progress(Progress(start + len(results), whole, labels[index]))
            if failures:  # only the tasks before the first failure can still change the outcome
                waiting = {future for future in waiting if futures[future] < min(failures)}
    finally:
        for future in futures:
            future.cancel()
    if failures:
        first = failures[min(failures)]
        unsent = _unsent(first, function, work)
        if unsent is None:
            raise first
        raise unsent from first
    return tuple(results[index] for index in range(len(work)))


def _submitted(
    executor: Executor, function: Callable[[T], R], work: tuple[T, ...]
) -> dict[Future[R], int]:
    """Each task submitted to ``executor``: its future, and its index.  Should a submission
    fail, the tasks submitted before it are cancelled."""
    futures: dict[Future[R], int] = {}
    try:
        for index, task in enumerate(work):
            futures[executor.submit(function, task)] = index
    except Exception as problem:  # some executors pickle the task as it is submitted
        for future in futures:
            future.cancel()
        unsent = _unsent(problem, function, work)
        if unsent is None:
            raise
        raise unsent from problem
    return futures


def _is_about_pickling(problem: BaseException) -> bool:
    """Whether pickling failed, by the exception or any it arose from (Dask raises its own
    error, "could not serialize", from the pickling error)."""
    seen: set[int] = set()
    cause: BaseException | None = problem
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, pickle.PicklingError) or "pickle" in str(cause).lower():
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _unsent(problem: BaseException, function: object, work: Sequence[object]) -> DtreeError | None:
    """The clear error for a task that could not be sent to a worker, or None if it was not
    that: the first of the function's parts (a partial's function and arguments) and of the
    tasks that cannot be pickled is named."""
    if isinstance(problem, DtreeError) or not _is_about_pickling(problem):
        return None
    parts: list[object] = [function]
    if isinstance(function, functools.partial):
        parts = [function.func, *function.args, *function.keywords.values()]
    for candidate in [*parts, *work]:
        try:
            pickle.dumps(candidate)
        except Exception as reason:  # whatever pickling raises, it is the answer here
            return DtreeError(
                f"{quote(candidate)} cannot be sent to the executor's workers ({reason}):"
                " define functions at module level (a lambda or a local function cannot be"
                " pickled), or run without an executor"
            )
    return DtreeError(f"the work cannot be sent to or from the executor's workers: {problem}")


def task_seed(seed: int, index: int) -> int:
    """The seed of task ``index`` of a fan-out whose caller has ``seed``: the first 8 bytes
    of SHA-256 of ``"seed:index"``, read as an unsigned big-endian integer.

    It depends on the two numbers alone (not on a generator the tasks share,
    nor on the process), so every task draws the same numbers wherever and
    whenever it runs; ``random.Random(task_seed(seed, i))`` is task i's generator.

    >>> task_seed(0, 0), task_seed(0, 1)
    (12426054289685354689, 17227200041832915037)
    >>> task_seed(0, 1) == int.from_bytes(hashlib.sha256(b"0:1").digest()[:8], "big")
    True
    >>> len({task_seed(seed, i) for seed in range(10) for i in range(100)})
    1000
    """
    for name, value in (("seed", seed), ("index", index)):
        if type(value) is not int:
            raise DtreeError(f"a task's {name} is an integer, got {quote(value)}")
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
