"""dtree.reading: the text of a file read whole, its bound, and lines decoded a chunk at a time.

(What read_csv makes of the files and lines refused here is tested in test_load.py.)"""

from __future__ import annotations

import io
from pathlib import Path
from unittest.mock import patch

import pytest
from helpers import piped
from hypothesis import given
from hypothesis import strategies as st

from dtree import reading
from dtree.errors import DtreeError
from dtree.reading import read_text, text_lines


def test_read_text_drops_the_byte_order_mark_and_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_text(path) == "{}"
    path.write_bytes(b"{\xff}")
    with pytest.raises(DtreeError, match=r"model\.json: not UTF-8 text: byte 0xff on line 1"):
        read_text(path)
    with pytest.raises(DtreeError, match="a directory, not a file"):
        read_text(tmp_path)


def test_a_model_file_is_read_whole_up_to_its_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "TEXT_LIMIT", 10)
    path = tmp_path / "model.json"
    path.write_bytes(b"\xef\xbb\xbf" + b"[1, 34]")  # ten bytes, the byte-order mark among them
    assert read_text(path) == "[1, 34]"
    path.write_text("[1, 2, 345]", encoding="utf-8")
    with pytest.raises(DtreeError) as caught:
        read_text(path)
    assert str(caught.value) == (
        f"{path}: 11 bytes: more than 10 bytes, the most a file read whole (a model file) may hold"
    )
    with piped(tmp_path, b"[" + b"1, " * 100 + b"2]") as pipe, pytest.raises(DtreeError) as caught:
        read_text(pipe)
    assert str(caught.value) == (
        f"{pipe}: more than 10 bytes, the most a file read whole (a model file) may hold"
    )


# -- lines decoded a chunk at a time --------------------------------------------------

TEXTS = st.lists(
    st.sampled_from(["a", "é", "€", "𝄞", ",", '"', "\r", "\n", "\r\n", " ", "1", ".5"]), max_size=40
).map("".join)


@given(TEXTS, st.booleans(), st.integers(1, 9))
def test_lines_cut_from_chunks_of_any_size_are_the_lines_of_the_whole_text(
    text: str, marked: bool, chunk: int
) -> None:
    data = (b"\xef\xbb\xbf" if marked else b"") + text.encode("utf-8")
    with patch.object(reading, "_CHUNK", chunk):
        lines = list(text_lines(io.BytesIO(data), "t.csv", refuse_nul=True))
    assert lines == io.StringIO(text, newline="").readlines()


@given(st.integers(0, 30), st.integers(1, 4))
def test_bytes_that_are_not_utf8_are_placed_on_their_line_whatever_the_chunks(
    before: int, chunk: int
) -> None:
    data = b"ab\r\n" * before + b"\xc3(" + b"\n"
    with patch.object(reading, "_CHUNK", chunk), pytest.raises(DtreeError) as caught:
        list(text_lines(io.BytesIO(data), "t.csv", refuse_nul=True))
    assert (
        caught.value.message == f"not UTF-8 text: byte 0xc3 on line {before + 1} cannot be decoded"
    )
