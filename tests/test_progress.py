"""dtree.progress: the promise of every ``progress`` argument, and the line that draws it.

Every long-running function reports shares that never fall, stay in [0, 1]
and end complete, a bounded number of times, and returns the same result
with or without a callback.  The line redraws in place, at a bounded rate,
and erases itself.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from attrs import evolve
from helpers import assert_kept_the_promise, recorded, thorough
from hypothesis import example, given
from hypothesis import strategies as st

from dtree.arff import read_arff
from dtree.dataset import Dataset
from dtree.datasets import load, names
from dtree.evaluate import cross_validate, learn_with, learning_curve
from dtree.grower.learner import C45, CART, ID3, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3
from dtree.load import read_csv
from dtree.progress import STEPS, Line, Progress, Report, clock, meter, part, remaining
from dtree.prune import cost_complexity_path
from dtree.reading import reading_meter
from dtree.selection import select_by_cv
from dtree.strategies import datasets
from dtree.tree import Tree

# -- the vocabulary ----------------------------------------------------------------------------


def test_a_part_maps_its_shares_into_its_slice_of_the_whole() -> None:
    seen: list[Progress] = []
    fold = part(seen.append, 4, 6, 8, "fold 3/4")
    assert fold is not None
    for done in (0, 1, 2):
        fold(Progress(done, 2, "growing"))
    assert [p.done for p in seen] == [4, 5, 6]
    assert {(p.total, p.what) for p in seen} == {(8, "fold 3/4, growing")}


@given(st.lists(st.floats(0, 1e6), max_size=3000), st.floats(0, 1e6))
@example(steps=[0.0, 0.0], total=5e-324)  # total / STEPS rounds to 0: 0 was reported twice
def test_a_meter_reports_rising_values_a_bounded_number_of_times(
    steps: list[float], total: float
) -> None:
    seen: list[Progress] = []
    advance = meter(seen.append, total, "counting")
    for done in sorted(steps):
        advance(done)
    advance(total)
    assert_kept_the_promise(seen, total)
    assert len(seen) <= STEPS + 1
    assert len({p.done for p in seen}) == len(seen)


def test_a_meter_without_a_report_does_nothing() -> None:
    advance = meter(None, 10, "counting")
    advance(5)
    advance(10)


def test_the_estimate_of_the_time_left() -> None:
    assert remaining(10.0, 0.5) == 10.0
    assert remaining(10.0, 1.0) == 0.0
    assert remaining(0.0, 0.0) is None
    assert [clock(s) for s in (0, 59.4, 59.6, 600, 36_000)] == [
        "0:00",
        "0:59",
        "1:00",
        "10:00",
        "10:00:00",
    ]


# -- the library's long-running functions ---------------------------------------------------------


def datasets_and_learners() -> Iterator[tuple[str, Callable[..., Tree]]]:
    for name in names():
        yield name, c45
        yield name, cart
        if not any(None in column for column in load(name).columns):
            yield name, id3


@pytest.mark.parametrize(("name", "learn"), list(datasets_and_learners()))
def test_growing_reports_the_weight_settled_in_leaves(
    name: str, learn: Callable[..., Tree]
) -> None:
    data = load(name)
    tree, seen = recorded(lambda report: learn(data, progress=report))
    assert tree == learn(data)
    assert_kept_the_promise(seen, float(len(data)))
    assert {p.what for p in seen} == {"growing"}


def test_growing_best_first_and_with_fractional_weights_keeps_the_promise() -> None:
    iris = load("iris")
    tree, seen = recorded(lambda report: cart(iris, max_leaf_nodes=4, progress=report))
    assert tree == cart(iris, max_leaf_nodes=4)
    assert_kept_the_promise(seen, 150.0)
    golf = load("golf")
    holes = Dataset.from_columns(
        {
            name: [None if (row + j) % 5 == 0 else column[row] for row in golf.rows]
            for j, (name, column) in enumerate(
                zip((a.name for a in golf.schema.attributes), golf.columns, strict=True)
            )
        }
        | {"play": list(golf.target)},
        target="play",
    )
    tree, seen = recorded(lambda report: c45(holes, progress=report))
    assert tree == c45(holes)
    assert_kept_the_promise(seen, 14.0)


def test_a_large_tree_reports_a_bounded_number_of_times() -> None:
    wide = Dataset.from_columns(
        {"x": list(range(1500)), "y": [str(i % 2) for i in range(1500)]}, target="y"
    )
    tree, seen = recorded(lambda report: cart(wide, progress=report))
    assert tree == cart(wide)
    assert_kept_the_promise(seen, 1500.0)
    assert 100 < len(seen) <= STEPS + 1  # 1,500 leaves of one row: more than STEPS + 1


def test_reading_reports_the_bytes_read_and_reads_the_same_without_a_callback(
    tmp_path: Path,
) -> None:
    path = tmp_path / "data.csv"
    path.write_text("x,y\n" + "".join(f"{i},{i % 3}\n" for i in range(60_000)), encoding="utf-8")
    data, seen = recorded(lambda report: read_csv(path, target="y", progress=report))
    assert data == read_csv(path, target="y")
    assert_kept_the_promise(seen, path.stat().st_size + 1)  # the bytes, then the dataset
    assert {p.what for p in seen} == {f"reading {path}"}
    assert 1 < len(seen) <= STEPS + 1  # while reading, not only at the end


def test_reading_arff_reports_the_bytes_read_too(tmp_path: Path) -> None:
    rows = "".join(f"{i},{'pq'[i % 2]}\n" for i in range(20_000))
    path = tmp_path / "data.arff"
    path.write_text(f"@relation r\n@attribute x numeric\n@attribute y {{p,q}}\n@data\n{rows}")
    data, seen = recorded(lambda report: read_arff(path, progress=report))
    assert data == read_arff(path)
    assert_kept_the_promise(seen, path.stat().st_size + 1)


@given(st.lists(st.integers(1, 10**9), min_size=1, max_size=3000))
def test_reading_a_stream_of_unknown_size_reports_rows_a_bounded_number_of_times(
    batches: list[int],
) -> None:
    seen: list[Progress] = []
    advance = reading_meter(seen.append, "/dev/stdin", None, lambda: 0)
    rows = 0
    for count in sorted(batches):
        rows = count
        advance(rows, False)
    advance(rows, True)
    assert_kept_the_promise(seen, None)
    assert {p.total for p in seen[:-1]} <= {math.inf}
    assert len(seen) <= STEPS + 50  # 2% growth: ln(10**9) / ln(1.02) = 1047 reports at most


def growing(learner: Learner, data: Dataset) -> Callable[[Report], Tree]:
    return lambda report: grow(learner, data, progress=report)


@thorough(200)
@given(datasets(weighted=True, max_numeric=2), datasets(weighted=True, missing=True))
def test_growing_with_a_callback_grows_the_same_tree(data: Dataset, holes: Dataset) -> None:
    for learner, rows in ((ID3, data), (CART, data), (C45, data), (C45, holes)):
        tree, seen = recorded(growing(learner, rows))
        assert tree == grow(learner, rows)
        assert_kept_the_promise(seen)
    for rows in (data, holes):
        best_first = evolve(CART, max_leaf_nodes=3, missing="fractional")
        tree, seen = recorded(growing(best_first, rows))
        assert tree == grow(best_first, rows)
        assert_kept_the_promise(seen)


def test_a_pruning_path_reports_the_leaves_pruned_away() -> None:
    tree = cart(load("iris"))
    path, seen = recorded(lambda report: cost_complexity_path(tree, progress=report))
    assert path == cost_complexity_path(tree)
    assert_kept_the_promise(seen, 8)  # nine leaves, down to one
    one, seen = recorded(
        lambda report: cost_complexity_path(tree, one_at_a_time=True, progress=report)
    )
    assert one == cost_complexity_path(tree, one_at_a_time=True)
    assert_kept_the_promise(seen, 8)
    stump = cart(load("iris"), max_depth=0)
    _, seen = recorded(lambda report: cost_complexity_path(stump, progress=report))
    assert seen == [Progress(0, 0, "pruning")]


def test_folds_report_fold_by_fold_with_the_growth_inside() -> None:
    iris = load("iris")
    result, seen = recorded(lambda report: cross_validate(CART, iris, 5, progress=report))
    assert result == cross_validate(CART, iris, 5)
    assert_kept_the_promise(seen, 5)
    assert [p.what for p in seen if p.done == int(p.done) and "," not in p.what] == [
        f"fold {i}/5" for i in range(1, 6)
    ]
    selection, seen = recorded(lambda report: select_by_cv(CART, iris, 5, progress=report))
    assert selection == select_by_cv(CART, iris, 5)
    assert_kept_the_promise(seen, 6)
    curve, seen = recorded(lambda report: learning_curve(ID3, iris, [10, 50], progress=report))
    assert curve == learning_curve(ID3, iris, [10, 50])
    assert_kept_the_promise(seen, 20)


def plain_id3(data: Dataset) -> Tree:
    """ID3 as a function that takes no progress argument."""
    return id3(data)


def test_a_function_reports_its_growth_when_it_takes_progress() -> None:
    tennis = load("play-tennis")
    _, seen = recorded(lambda report: learn_with(partial(id3, max_depth=1), report)(tennis))
    assert_kept_the_promise(seen, 14.0)
    _, seen = recorded(lambda report: learn_with(plain_id3, report)(tennis))
    assert seen == []
    _, seen = recorded(lambda report: cross_validate(plain_id3, tennis, 2, progress=report))
    assert [p.done for p in seen] == [1, 2]


# -- the line -------------------------------------------------------------------------------------


class Ticks:
    """A fake clock that reads ``start``, then moves on by ``step`` each time it is read."""

    def __init__(self, step: float, start: float = 0.0) -> None:
        self.now, self.step = start - step, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def drawn(stream: io.StringIO) -> list[str]:
    return stream.getvalue().split("\r")[1:]


def test_the_line_redraws_in_place_and_erases_itself() -> None:
    stream = io.StringIO()
    line = Line(stream, "dtree", timer=Ticks(2.0), width=80)
    line(Progress(1, 10, "fold 1/10"))
    line(Progress(5, 10, "fold 5/10"))
    assert drawn(stream) == [
        "dtree: fold 1/10, 10%, 0:02 elapsed, about 0:18 left",
        "dtree: fold 5/10, 50%, 0:04 elapsed, about 0:04 left",
    ]
    line(Progress(10, 10, "done"))
    assert drawn(stream)[-1] == "dtree: done, 100%, 0:06 elapsed".ljust(52)
    line.close()
    assert drawn(stream)[-2:] == [" " * len("dtree: done, 100%, 0:06 elapsed"), ""]
    line.close()  # twice is harmless
    assert len(drawn(stream)) == 5


def test_the_line_is_redrawn_at_most_ten_times_a_second() -> None:
    stream = io.StringIO()
    line = Line(stream, "dtree", timer=Ticks(0.001), width=80)
    for done in range(1000):  # a second of reports, one a millisecond
        line(Progress(done, 1000, "growing"))
    assert 9 <= len(drawn(stream)) <= 11


def test_the_line_never_wraps() -> None:
    stream = io.StringIO()
    line = Line(stream, "dtree", timer=Ticks(1.0), width=20)
    line(Progress(1, 2, "a long description of the work"))
    assert drawn(stream) == ["dtree: a long descr"]


def test_a_line_that_drew_nothing_erases_nothing() -> None:
    stream = io.StringIO()
    Line(stream, "dtree", width=80).close()
    assert stream.getvalue() == ""
