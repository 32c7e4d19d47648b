"""The one exception family."""

from dtree.errors import MESSAGE_LIMIT, QUOTE_LIMIT, DtreeError, at_file, quote


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
