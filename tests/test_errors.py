"""The one exception family."""

from collections.abc import Callable
from pathlib import Path

import pytest

from dtree.bounds import sample_size_bound
from dtree.counts import ClassStats
from dtree.datasets import load
from dtree.dnf import dnf_of, parse_dnf
from dtree.ensemble import predict
from dtree.errors import MESSAGE_LIMIT, QUOTE_LIMIT, DtreeError, at_file, quote
from dtree.grower.presets import id3
from dtree.load import read_csv
from dtree.tree import Leaf


def test_a_dtree_error_is_a_value_error_that_names_its_place() -> None:
    error = DtreeError("bad", file="f.csv", row=2, column="x")
    assert isinstance(error, ValueError)
    assert str(error) == "f.csv, row 2, column 'x': bad"
    assert str(DtreeError("bad", column="x")) == "column 'x': bad"
    placed = at_file(DtreeError("bad", row=2), "g.csv")
    assert (placed.file, placed.row, placed.column, placed.message) == ("g.csv", 2, None, "bad")


def test_a_message_quotes_a_bounded_prefix_of_any_value() -> None:
    huge = "a" * 50_000_000
    error = DtreeError(f"leaf predicts {quote(huge)}", file="m.json", column=huge)
    assert len(str(error)) < 200
    assert str(error).startswith("m.json, column 'aaaa")
    assert len(quote(10**400)) <= QUOTE_LIMIT
    assert quote(["x" * 1000] * 1000).count("x") <= 10 * QUOTE_LIMIT


def test_a_whole_message_is_cut_at_the_limit() -> None:
    message = str(DtreeError("b" * 10_000, file="f" * 10_000, row=1))
    assert len(message) <= MESSAGE_LIMIT
    assert message.endswith("more characters)")


def test_messages_from_the_library_quote_huge_values_by_a_bounded_prefix(tmp_path: Path) -> None:
    huge = "v" * 1_000_000
    path = tmp_path / "huge.csv"
    path.write_text(f"x,y\n{huge},a\n1,b\n", encoding="utf-8")
    tree = id3(load("play-tennis"))
    attempts: list[Callable[[], object]] = [
        lambda: read_csv(path, target="y", numeric=["x"]),
        lambda: read_csv(path, target=huge),
        lambda: load(huge),
        lambda: parse_dnf(huge + " &"),
        lambda: predict(tree, {huge: "Sunny"}),
        lambda: dnf_of(tree, huge),
        lambda: Leaf(huge, ClassStats(("a", "b"), (1, 1))),
        lambda: sample_size_bound(huge, 2),  # type: ignore[arg-type]
    ]
    for attempt in attempts:
        with pytest.raises(DtreeError) as caught:
            attempt()
        assert len(str(caught.value)) < 6 * QUOTE_LIMIT, str(caught.value)[:200]
