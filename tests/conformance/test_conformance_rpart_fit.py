"""Fitting rpart in R: what :func:`run_rpart` refuses, what its script writes, and R's failures.

The live tests take the ``rscript`` fixture: without R and rpart they skip locally and fail in
CI.  The refusals need no R: they come before R is started.
"""

from __future__ import annotations

import math

import pytest
from helpers import STUMP_DATA

from dtree.conformance import (
    RPART_CONTROLS,
    RPART_EXPORT,
    RPART_SCRIPT,
    RpartFit,
    read_rpart,
    run_rpart,
)
from dtree.conformance.rpart_fit import RPART_CHOICES
from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.render import text

# -- live: rpart run for real ---------------------------------------------------------------------


def test_classes_after_the_last_one_present_count_zero(rscript: str) -> None:
    # rpart counts the classes up to the last level present in the data: yval2 has fewer
    # count columns then, and the snippet once read a class share as the absent class's count
    data = Dataset.from_columns(
        {"x": [1, 2, 3], "y": ["a", "a", "b"]}, target="y", classes=["a", "b", "c"]
    )
    fit = run_rpart(data)
    assert text(read_rpart(fit.frame, fit.splits, data)) == "root [a: 2, b: 1, c: 0]: a"


def test_rpart_failing_on_a_class_of_only_the_first_level_says_so(rscript: str) -> None:
    # rpart's class method fails then, in R's words: "Error in cbind(yval2, yprob, nodeprob)"
    data = Dataset.from_columns({"x": [1, 2, 3], "y": ["a"] * 3}, target="y", classes=["a", "b"])
    with pytest.raises(DtreeError, match=r"rpart failed: Error in cbind.*every row is of the"):
        run_rpart(data)


# -- without R: what run_rpart refuses, and what it returns ---------------------------------------


def test_run_rpart_refuses_what_it_cannot_pass_on() -> None:
    with pytest.raises(DtreeError, match=r"unknown rpart\.control argument 'minleaf'"):
        run_rpart(STUMP_DATA, minleaf=3)
    with pytest.raises(DtreeError, match="rpart's method is one of class, anova, not 'poisson'"):
        run_rpart(STUMP_DATA, method="poisson")
    with pytest.raises(DtreeError, match="cp must be a finite number"):
        run_rpart(STUMP_DATA, cp=math.nan)
    with pytest.raises(DtreeError, match="positive case weights: leave out the rows of weight 0"):
        run_rpart(STUMP_DATA.with_weights([1, 0, 1, 1, 1]))


def test_the_fit_unpacks_as_the_frame_and_the_splits() -> None:
    frame, splits = RpartFit("f", "s", "c")
    assert (frame, splits) == ("f", "s")


# -- without R: the script and its settings -------------------------------------------------------


def test_the_script_fits_then_writes_the_fit_as_the_export_snippet_does() -> None:
    assert RPART_SCRIPT.startswith("# Rscript rpart.R DIR TARGET")
    assert RPART_SCRIPT.endswith(RPART_EXPORT)
    assert "fit <- do.call(rpart, arguments)\n" + RPART_EXPORT in RPART_SCRIPT


def test_every_setting_passed_on_is_named_once() -> None:
    assert not set(RPART_CONTROLS) & set(RPART_CHOICES)
    assert list(RPART_CONTROLS) == sorted(RPART_CONTROLS)
    with pytest.raises(DtreeError, match=r"choose among cp, .*, xval, method, split$"):
        run_rpart(STUMP_DATA, parms="gini")
