"""The one exception family."""

from dtree.errors import DtreeError, at_file


def test_a_dtree_error_is_a_value_error_that_names_its_place() -> None:
    error = DtreeError("bad", file="f.csv", row=2, column="x")
    assert isinstance(error, ValueError)
    assert str(error) == "f.csv, row 2, column 'x': bad"
    assert str(DtreeError("bad", column="x")) == "column 'x': bad"
    placed = at_file(DtreeError("bad", row=2), "g.csv")
    assert (placed.file, placed.row, placed.column, placed.message) == ("g.csv", 2, None, "bad")
