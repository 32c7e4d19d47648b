"""Fitting rpart in R: the R script that fits a tree and writes it as CSV, and running it.

rpart (Therneau and Atkinson's R package) is run by ``Rscript`` (found by
:func:`dtree.conformance.peers.rscript`) on a dataset written as CSV with its
column types declared; :data:`RPART_SCRIPT` fits ``rpart`` with the
arguments given and writes the fit as :data:`RPART_EXPORT` does, the CSV
texts of ``fit$frame``, ``fit$splits`` (with ``fit$csplit``) and
``fit$cptable`` that :func:`dtree.conformance.rpart.read_rpart` and
:func:`dtree.conformance.rpart.read_cptable` read.  :data:`RPART_EXPORT`
alone writes a fit made in R by hand.

Every setting of rpart that :func:`run_rpart` passes on is named
(:data:`RPART_CONTROLS`, :data:`RPART_CHOICES`), and any other is refused:
rpart ignores an unknown ``rpart.control`` argument silently.

Contents: :data:`RPART_EXPORT`, :data:`RPART_SCRIPT`, :data:`RPART_CONTROLS`,
:data:`RPART_CHOICES`, :func:`run_rpart` and the :class:`RpartFit` it returns.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from attrs import frozen

from dtree.arithmetic import Number, is_number
from dtree.conformance.r_data import R_INPUT, run_r, write_csv, write_r_data
from dtree.conformance.rpart_competitors import Criterion
from dtree.dataset import Dataset
from dtree.errors import DtreeError, DtreeWarning, quote, warn

__all__ = [
    "RPART_CHOICES",
    "RPART_CONTROLS",
    "RPART_EXPORT",
    "RPART_SCRIPT",
    "RpartFit",
    "rpart_criterion",
    "rpart_rows",
    "run_rpart",
]

RPART_EXPORT = r"""# An rpart fit as the CSV files that dtree.conformance.read_rpart reads:
# with `fit`, the data frame `data` it was fit on, its response's name `target` and a
# folder `dir` set, source() this to write dir/frame.csv, dir/splits.csv and dir/cptable.csv
# (the folder is made if it is not there).
dir.create(dir, showWarnings = FALSE, recursive = TRUE)
output <- function(table, name) {
  write.csv(table, file.path(dir, name), row.names = FALSE, fileEncoding = "UTF-8")
}
digits <- function(x) sprintf("%.17g", x)
table_of <- function(m) {
  as.data.frame(matrix(digits(m), nrow(m), dimnames = list(NULL, colnames(m))), optional = TRUE)
}
frame <- fit$frame
table <- data.frame(node = rownames(frame), var = as.character(frame$var), n = frame$n,
                    wt = digits(frame$wt), dev = digits(frame$dev), yval = digits(frame$yval),
                    complexity = digits(frame$complexity), ncompete = frame$ncompete,
                    nsurrogate = frame$nsurrogate)
if (is.factor(data[[target]])) {  # the class counts of yval2, headed by the classes
  # yval2 is yval, counts, shares, node share, over the classes up to the last one present
  present <- (ncol(frame$yval2) - 2) %/% 2
  counts <- matrix(0, nrow(frame), nlevels(data[[target]]))
  counts[, seq_len(present)] <- frame$yval2[, 1 + seq_len(present)]
  table <- cbind(table, table_of(`colnames<-`(counts, levels(data[[target]]))))
}
output(table, "frame.csv")
splits <- fit$splits
if (is.null(splits)) {
  splits <- matrix(0, 0, 5, dimnames = list(NULL, c("count", "ncat", "improve", "index", "adj")))
}
csplit <- rep("", nrow(splits))  # a categorical split's row of fit$csplit, as digits
categorical <- splits[, "ncat"] > 1
if (any(categorical)) {
  codes <- apply(fit$csplit, 1, paste, collapse = "")
  csplit[categorical] <- substr(codes[splits[categorical, "index"]], 1, splits[categorical, "ncat"])
}
output(data.frame(var = as.character(rownames(splits)), count = splits[, "count"],
                  ncat = splits[, "ncat"], improve = digits(splits[, "improve"]),
                  index = digits(splits[, "index"]), adj = digits(splits[, "adj"]),
                  csplit = csplit), "splits.csv")
output(table_of(fit$cptable), "cptable.csv")
"""
"""The R snippet that writes an rpart fit for :func:`~dtree.conformance.rpart.read_rpart`:
``fit$frame`` (``frame.csv``: node, var, n, wt, dev, yval, complexity, ncompete, nsurrogate
and, for a classification tree, the class counts of ``yval2``), ``fit$splits`` with each row's
variable and, for a categorical split, its row of ``fit$csplit`` as digits (``splits.csv``),
and ``fit$cptable`` (``cptable.csv``).  In R, with ``fit``, ``data``, ``target`` and ``dir``
set, ``source("export.R")``."""

RPART_SCRIPT = (
    r"""# Rscript rpart.R DIR TARGET: rpart on DIR/data.csv, its tree written to DIR.
# DIR/levels.csv (column,level): each factor's levels in order; DIR/missing.csv
# (column,row): the values that are missing (NA); DIR/control.csv
# (parameter,value): arguments of rpart.control, and rpart's method and split.  Numbers are
# written to 17 digits.
library(rpart)
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]
target <- args[2]
"""
    + R_INPUT
    + r"""control <- input("control.csv")
fitting <- control$parameter %in% c("method", "split")  # rpart's own arguments, as text
settings <- setNames(as.list(control$value[fitting]), control$parameter[fitting])
control <- lapply(setNames(as.list(control$value[!fitting]), control$parameter[!fitting]),
                  as.numeric)
folds <- as.integer(input("folds.csv")$fold)  # each row's fold of rpart's xval, or none
if (length(folds) > 0) control$xval <- folds
arguments <- list(call("~", as.name(target), quote(.)), data,
                  control = do.call(rpart.control, control))
weights <- as.numeric(input("weights.csv")$weight)  # a case weight per row, or none
if (length(weights) > 0) arguments$weights <- weights
if (!is.null(settings$method)) arguments$method <- settings$method
if (!is.null(settings$split)) arguments$parms <- list(split = settings$split)
fit <- do.call(rpart, arguments)
"""
    + RPART_EXPORT
)
"""The R script :func:`run_rpart` runs: it reads a dataset from CSV with declared column
types, fits ``rpart`` with the given ``rpart.control`` arguments, and writes the fit as
:data:`RPART_EXPORT` does."""

RPART_CONTROLS = (
    "cp",
    "maxcompete",
    "maxdepth",
    "maxsurrogate",
    "minbucket",
    "minsplit",
    "surrogatestyle",
    "usesurrogate",
    "xval",
)
"""The arguments of ``rpart.control`` that :func:`run_rpart` passes on (rpart ignores any
other name silently, so :func:`run_rpart` refuses it)."""

RPART_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"method": ("class", "anova"), "split": ("gini", "information")}
)
"""rpart's own arguments that :func:`run_rpart` passes on, and their values: ``method``,
and ``split`` (of ``parms``, for ``method = "class"``)."""


@frozen
class RpartFit:
    """What :data:`RPART_SCRIPT` writes: the CSV texts of ``fit$frame``, ``fit$splits`` (with
    ``fit$csplit``) and ``fit$cptable``.

    It unpacks as the pair ``frame, splits`` that :func:`~dtree.conformance.rpart.read_rpart`
    reads.

    >>> frame, splits = RpartFit("node,var\\n", "var\\n", "CP\\n")
    >>> frame
    'node,var\\n'
    """

    frame: str
    splits: str
    cptable: str

    def __iter__(self) -> Iterator[str]:
        return iter((self.frame, self.splits))


def run_rpart(data: Dataset, **params: object) -> RpartFit:
    """Fit rpart to the data (``target ~ .``) and return its tree as CSV texts.

    ``params`` are arguments of ``rpart.control`` (:data:`RPART_CONTROLS`),
    rpart's defaults otherwise, except ``xval``, 0 unless given: rpart's
    default of 10 draws random folds, and dtree's results are deterministic
    (``folds``, a fold number from 1 for each row, are rpart's ``xval`` groups,
    fixed: its cptable then has ``xerror`` and ``xstd``);
    and ``method`` and ``split`` (:data:`RPART_CHOICES`, rpart's default
    otherwise: ``class`` for a factor, ``anova`` for a number, ``gini``).
    Nominal attributes and classes become factors with their levels in the
    schema's order, so rpart's class and level numbers are dtree's.  Numbers
    go to R as hexadecimal floats, which R reads exactly, and R runs in the
    ``C.UTF-8`` locale, so that any name or level reaches it as itself.  A
    missing value reaches it as ``NA``; weights as rpart's case ``weights`` (positive ones).
    A failure of R is one :class:`DtreeError` with R's message.

    >>> from dtree.datasets import load
    >>> run_rpart(load("golf"), minleaf=3)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: unknown rpart.control argument 'minleaf'; choose among cp, ...
    """
    control: dict[str, Number | str] = {}
    folds = _folds(data, params.pop("folds", ()))
    for name, value in {"xval": 0.0, **params}.items():
        if name in RPART_CHOICES:
            if not isinstance(value, str) or value not in RPART_CHOICES[name]:
                raise DtreeError(
                    f"rpart's {name} is one of {', '.join(RPART_CHOICES[name])}, not {quote(value)}"
                )
            control[name] = value
        elif name not in RPART_CONTROLS:
            raise DtreeError(
                f"unknown rpart.control argument {quote(name)}; choose among "
                + ", ".join((*RPART_CONTROLS, *RPART_CHOICES))
            )
        elif not is_number(value) or not math.isfinite(value):
            raise DtreeError(f"rpart.control's {name} must be a finite number, got {quote(value)}")
        else:
            control[name] = value
    _check_rpart_data(data)
    with tempfile.TemporaryDirectory(prefix="dtree-rpart-") as folder:
        directory = Path(folder)
        write_r_data(directory, data)
        settings = (
            (name, v if isinstance(v, str) else repr(float(v))) for name, v in control.items()
        )
        write_csv(directory / "control.csv", [("parameter", "value"), *settings])
        write_csv(directory / "weights.csv", _weight_rows(data))
        write_csv(directory / "folds.csv", [("fold",), *((str(k),) for k in folds)])
        run_r(RPART_SCRIPT, directory, data.schema.target.name, what="rpart", hint=_hint(data))
        texts = [
            (directory / name).read_text(encoding="utf-8")
            for name in ("frame.csv", "splits.csv", "cptable.csv")
        ]
    return RpartFit(*texts)


def rpart_criterion(data: Dataset, settings: Mapping[str, object]) -> Criterion:
    """rpart's splitting function for ``data`` under its ``settings``: ``"anova"`` for a
    numeric response or ``method="anova"``, else ``split``, ``"gini"`` by default.

    >>> from dtree.datasets import load
    >>> rpart_criterion(load("iris"), {"split": "information"})
    'information'
    """
    if settings.get("method") == "anova" or not data.schema.is_classification:
        return "anova"
    return "information" if settings.get("split") == "information" else "gini"


def rpart_rows(data: Dataset) -> Dataset:
    """The rows rpart fits on: its ``na.rpart`` leaves out a row whose every attribute is
    missing (as a row whose response is missing, which a dataset cannot hold), and a
    :class:`~dtree.errors.DtreeWarning` names them (by their number in the data, 1 for the
    first).

    >>> import warnings
    >>> data = Dataset.from_columns({"x": [1, None, 3], "y": list("pqp")}, target="y")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     kept = rpart_rows(data)
    >>> kept.rows, [str(w.message) for w in caught]
    ((0, 2), ["1 row whose every attribute is missing left out, as rpart's na.rpart does (row 2)"])
    """
    gone = {row for row in data.rows if all(column[row] is None for column in data.columns)}
    if not gone:
        return data
    numbers = ", ".join(str(row + 1) for row in sorted(gone)[:5]) + (
        ", ..." if len(gone) > 5 else ""
    )
    rows = "row" if len(gone) == 1 else "rows"
    warn(
        DtreeWarning(
            f"{len(gone)} {rows} whose every attribute is missing left out, as rpart's"
            f" na.rpart does ({rows} {numbers})"
        )
    )
    return data.subset(row for row in data.rows if row not in gone)


def _check_rpart_data(data: Dataset) -> None:
    if any(data.weights[row] <= 0 for row in data.rows):
        raise DtreeError(
            "run_rpart gives rpart positive case weights: leave out the rows of weight 0"
        )


def _folds(data: Dataset, folds: object) -> tuple[int, ...]:
    """The fold of each row, checked: none, or a whole number from 1 for every row."""
    found = tuple(folds) if isinstance(folds, list | tuple) else None
    if found is None or (
        found and (len(found) != len(data.rows) or any(type(k) is not int or k < 1 for k in found))
    ):
        raise DtreeError(
            f"folds are a fold number from 1 for each of the {len(data.rows)} rows,"
            f" not {quote(folds)}"
        )
    return found


def _weight_rows(data: Dataset) -> Iterator[Sequence[str]]:
    """Each row's case weight as R reads it back exactly, or no row where every weight is 1."""
    yield ("weight",)
    if any(data.weights[row] != 1 for row in data.rows):
        yield from ((float(data.weights[row]).hex(),) for row in data.rows)


def _hint(data: Dataset) -> str:
    """What explains a failure of rpart on the data, if dtree knows: rpart's class method
    fails on rows that are all of the first class (it counts the classes up to the last
    one present)."""
    if not data.schema.is_classification:
        return ""
    first = data.schema.classes[0]
    if any(data.target[row] != first for row in data.rows):
        return ""
    return f" (every row is of the first class {quote(first)}, which rpart's class method fails on)"
