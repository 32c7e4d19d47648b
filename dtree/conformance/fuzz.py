"""Differential testing: let Hypothesis look for a dataset on which their tree and dtree's part.

:func:`differential` draws datasets (from :mod:`dtree.strategies`), fits
their implementation and dtree's on each, and compares the two trees with
:func:`dtree.conformance.compare`.  On the first real disagreement
Hypothesis shrinks the dataset to a smallest one that still disagrees, and
the result is a :class:`Counterexample`: the data as CSV, both trees, and
the node where they part.  It is a function to call from a test::

    def test_my_trees_agree_with_dtree():
        found = differential(my_fit, CART, examples=500, seed=1)
        assert found is None, found.text()

``fit`` is their side: a function from a :class:`~dtree.dataset.Dataset`
to a dtree tree (read from theirs by :func:`~dtree.conformance.from_sklearn`,
:func:`~dtree.conformance.read_j48` or :func:`~dtree.conformance.read_rpart`).

A campaign of ``examples`` datasets is split into ``campaigns`` searches of
their own seed, each derived from ``seed`` and the search's index; the
first search (in index order) that finds a disagreement gives the result.
With an ``executor`` (a process pool, a Dask cluster's) the searches run
at once, and the result is the serial one.  Everything sent to another
process (``fit``, ``learner``, the data strategy's settings) must be
picklable: a function defined at the top level of a module, a frozen value.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Any

from attrs import frozen
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from dtree.conformance.compare import Comparison, compare
from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.evaluate import Learn, Learning, learn_with
from dtree.grower.learner import Learner
from dtree.load import csv_text
from dtree.parallel import fan_out, task_seed
from dtree.progress import Report, meter
from dtree.render import text
from dtree.strategies import datasets
from dtree.tree import Tree

__all__ = ["NUMERIC_DATA", "Counterexample", "differential"]

NUMERIC_DATA: Mapping[str, Any] = {
    "min_rows": 1,
    "max_rows": 30,
    "min_attributes": 3,
    "max_attributes": 3,
    "min_numeric": 3,
    "max_numeric": 3,
    "max_classes": 3,
}
"""The default data: :func:`dtree.strategies.datasets` with these settings, up to 30 rows
of three numeric attributes (quarters from -2 to 2) and up to three classes: data every
implementation reads."""

Data = Mapping[str, Any] | st.SearchStrategy[Dataset]


@frozen
class Counterexample:
    """A smallest dataset found on which their tree and dtree's part.

    ``comparison`` is None when their fit raised an exception, whose text
    is ``error``.
    """

    data: Dataset
    theirs: Tree | None
    ours: Tree
    comparison: Comparison | None
    error: str | None = None

    def csv(self) -> str:
        """The dataset as CSV (see :func:`dtree.load.csv_text`)."""
        return csv_text(self.data)

    def text(self) -> str:
        """The dataset, both trees, and where they part."""
        n = len(self.data.rows)
        parts = [
            f"a dataset of {n} {'row' if n == 1 else 'rows'} on which the trees part:",
            self.csv(),
            "their tree:",
            "(their fit raised an error)" if self.theirs is None else text(self.theirs),
            "dtree's tree:",
            text(self.ours),
        ]
        if self.comparison is not None:
            parts.append(self.comparison.text())
        if self.error is not None:
            parts.append(f"their fit raised: {self.error}")
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.text()


def _judge(learner: Learning, judge: Learner | None) -> Learner:
    """The Learner whose scores say whether two splits tie."""
    if judge is not None:
        return judge
    if isinstance(learner, Learner):
        return learner
    inner = getattr(learner, "learner", None)
    if isinstance(inner, Learner):
        return inner
    raise DtreeError(
        f"cannot tell which Learner scores the splits of {quote(learner)}: pass judge=Learner(...)"
    )


@frozen
class _Search:
    """One search of a campaign, everything it needs, to run in any process."""

    fit: Learn
    learner: Learning
    judge: Learner
    data: Data
    examples: int
    seed: int
    exact_ties: bool


def _parts(search: _Search, data: Dataset) -> tuple[Tree | None, Tree, Comparison | None, str]:
    ours = learn_with(search.learner)(data)
    try:
        theirs = search.fit(data)
    except Exception as error:  # their code may fail any way: that is a finding
        return None, ours, None, f"{type(error).__name__}: {error}"
    return theirs, ours, compare(theirs, ours, data, search.judge), ""


def _parts_company(search: _Search, data: Dataset) -> bool:
    comparison = _parts(search, data)[2]
    if comparison is None:
        return True
    return not comparison.agrees or (search.exact_ties and comparison.counts["tie"] > 0)


def _strategy(data: Data) -> st.SearchStrategy[Dataset]:
    if isinstance(data, st.SearchStrategy):
        return data
    return datasets(**data)


def _search(search: _Search, *, progress: Report | None = None) -> Counterexample | None:
    """One search: the smallest dataset on which the trees part, or None.  ``progress`` is
    told the datasets tried of ``search.examples`` (shrinking the dataset found is not
    counted: its steps are not known in advance)."""
    strategy = _strategy(search.data)
    advance = meter(progress, search.examples, "datasets tried")
    tried = 0

    def parts_company(data: Dataset) -> bool:
        nonlocal tried
        tried += 1
        advance(tried)
        return _parts_company(search, data)

    try:
        found = find(
            strategy,
            parts_company,
            settings=settings(
                max_examples=search.examples,
                database=None,
                deadline=None,
                phases=(Phase.generate, Phase.shrink),
                suppress_health_check=list(HealthCheck),
            ),
            random=random.Random(search.seed),
        )
    except NoSuchExample:
        advance(search.examples)
        return None
    advance(search.examples)
    theirs, ours, comparison, error = _parts(search, found)
    return Counterexample(found, theirs, ours, comparison, error or None)


def differential(
    fit: Learn,
    learner: Learning,
    *,
    data: Data = NUMERIC_DATA,
    examples: int = 100,
    seed: int = 0,
    campaigns: int = 1,
    exact_ties: bool = False,
    judge: Learner | None = None,
    executor: Executor | None = None,
    progress: Report | None = None,
) -> Counterexample | None:
    """A smallest dataset on which ``fit`` and dtree's ``learner`` grow trees that part, or
    None when ``examples`` datasets show no real disagreement.

    ``learner`` is dtree's side (a :class:`~dtree.grower.learner.Learner`, a function from data to a
    tree, or a :func:`~dtree.conformance.learner_for` recipe); ``judge`` the Learner whose
    scores tell ties (by default ``learner`` itself, or its ``learner``).  ``data`` is the
    keyword arguments of :func:`dtree.strategies.datasets` (:data:`NUMERIC_DATA` by default)
    or any Hypothesis strategy of datasets.  With ``exact_ties`` a tie broken otherwise than
    dtree breaks it (the first attribute, then the lowest threshold) counts too.
    ``progress`` is told the datasets tried (in one process), or the searches done.

    >>> from dtree.grower.make_subtree import grow
    >>> from dtree.grower.learner import CART
    >>> differential(lambda data: grow(CART, data), CART, examples=20) is None
    True
    """
    if type(examples) is not int or examples < 1:
        raise DtreeError(f"examples must be an integer >= 1, got {quote(examples)}")
    if type(campaigns) is not int or not 1 <= campaigns <= examples:
        raise DtreeError(f"campaigns must be an integer in [1, examples], got {quote(campaigns)}")
    referee = _judge(learner, judge)
    _strategy(data)  # bad strategy settings fail here, before any work
    searches = [
        _Search(
            fit,
            learner,
            referee,
            data,
            examples // campaigns + (k < examples % campaigns),
            task_seed(seed, k),
            exact_ties,
        )
        for k in range(campaigns)
    ]
    names = [f"search {k + 1}/{campaigns}" for k in range(campaigns)]
    for found in fan_out(_search, searches, executor, progress=progress, names=names):
        if found is not None:
            return found
    return None
