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

Both trees are also asked about new values (:func:`probes`): at every
threshold of either tree, the quarter points of the gap between the
training values around it, each set in every training row in turn.  Two
thresholds in the same gap send every training row the same way but part
there, so a threshold placed otherwise is found, and shrunk, as a
prediction that differs.  Trees that tie somewhere are not probed: off the
training rows, two tied splits may part, and both are right.

A campaign of ``examples`` datasets is split into ``campaigns`` searches of
their own seed, each derived from ``seed`` and the search's index; the
first search (in index order) that finds a disagreement gives the result.
With an ``executor`` (a process pool, a Dask cluster's) the searches run
at once, and the result is the serial one.  Everything sent to another
process (``fit``, ``learner``, the data strategy's settings) must be
picklable: a function defined at the top level of a module, a frozen value.

:func:`solver_counterexample` searches the same way for a dataset on which an exact
solver (STreeD, DL8.5, GOSDT) and dtree's optimum part, in one search.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from attrs import frozen
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from dtree.conditions import AtMost
from dtree.conformance.claims import written
from dtree.conformance.compare import compare, same_prediction
from dtree.conformance.learners import Recipe
from dtree.conformance.solvers import OptimalComparison, check_solver
from dtree.conformance.verdicts import Comparison
from dtree.dataset import Dataset, Label
from dtree.ensemble import predict_many
from dtree.errors import DtreeError, quote
from dtree.evaluate import Learn, Learning, learn_with
from dtree.grower.learner import Learner
from dtree.load import csv_text
from dtree.parallel import fan_out, task_seed
from dtree.progress import Report, meter
from dtree.render import text
from dtree.strategies import datasets
from dtree.tree import Split, Tree, nodes

__all__ = [
    "BROAD_DATA",
    "NUMERIC_DATA",
    "SOLVER_DATA",
    "Counterexample",
    "Probe",
    "differential",
    "probes",
    "solver_counterexample",
]

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

BROAD_DATA: Mapping[str, Any] = {
    **NUMERIC_DATA,
    "weighted": True,
    "fractional_weights": True,
    "close_values": True,
    "constant_columns": True,
}
""":data:`NUMERIC_DATA` and more of what peers get wrong: fractional and zero weights,
values closer together than scikit-learn's FEATURE_THRESHOLD (1e-7), constant columns
(repeated values and one-class nodes the grid and the drawn labels give already).  Missing
values (``missing``) are their own setting, for peers that read them."""

Data = Mapping[str, Any] | st.SearchStrategy[Dataset]


@frozen
class Probe:
    """A new value on which the two trees predict otherwise: training row ``row`` with
    ``attribute`` set to ``value`` (inside a gap of its training values), their prediction
    and dtree's."""

    row: int
    attribute: str
    value: float
    theirs: Label | float
    ours: Label | float

    def __str__(self) -> str:
        return (
            f"row {self.row} with {self.attribute} = {self.value!r}: theirs predicts"
            f" {written(self.theirs)}, dtree's {written(self.ours)}"
        )


def _gap_points(data: Dataset, trees: Sequence[Tree]) -> list[tuple[int, float]]:
    """(attribute, value): the quarter points of the gap between the training values around
    each threshold of the trees, in attribute then value order."""
    points: set[tuple[int, float]] = set()
    for tree in trees:
        for node in nodes(tree):
            if not isinstance(node, Split) or not isinstance(node.branches[0].condition, AtMost):
                continue
            condition = node.branches[0].condition
            j = data.schema.index(condition.attribute)
            known = [float(v) for v in data.columns[j] if isinstance(v, int | float)]
            low = max((x for x in known if x <= condition.threshold), default=None)
            high = min((x for x in known if x > condition.threshold), default=None)
            if low is not None and high is not None:
                points.update((j, low + (high - low) * k / 4) for k in (1, 2, 3))
    return sorted(points)


def probes(theirs: Tree, ours: Tree, data: Dataset) -> tuple[Probe, ...]:
    """Where the two trees predict otherwise on new values: the training rows, each with one
    attribute set to a quarter point of a gap around a threshold of either tree (the
    first such point, in attribute then value order, on which they part; none if they
    never do).

    >>> from dtree.conditions import Above
    >>> from dtree.counts import ClassStats
    >>> from dtree.tree import Branch, Leaf
    >>> data = Dataset.from_columns({"x": [1.0, 3.0], "y": ["a", "b"]}, target="y")
    >>> def stump(t):
    ...     return Split((Branch(AtMost("x", t), Leaf("a", ClassStats(("a", "b"), (1, 0)))),
    ...                   Branch(Above("x", t), Leaf("b", ClassStats(("a", "b"), (0, 1))))),
    ...                  ClassStats(("a", "b"), (1, 1)))
    >>> for probe in probes(stump(1.0), stump(2.0), data):
    ...     print(probe)
    row 0 with x = 1.5: theirs predicts 'b', dtree's 'a'
    row 1 with x = 1.5: theirs predicts 'b', dtree's 'a'
    >>> probes(stump(2.0), stump(2.0), data)
    ()
    """
    for j, value in _gap_points(data, (theirs, ours)):
        columns = list(data.columns)
        columns[j] = (value,) * len(data.target)
        probed = Dataset(data.schema, tuple(columns), data.target, data.weights, data.rows)
        their_predictions = predict_many(theirs, probed)
        our_predictions = predict_many(ours, probed)
        found = tuple(
            Probe(row, data.schema.names[j], value, their_predictions[k], our_predictions[k])
            for k, row in enumerate(probed.rows)
            if not same_prediction(their_predictions[k], our_predictions[k])
        )
        if found:
            return found
    return ()


@frozen
class Counterexample:
    """A smallest dataset found on which their tree and dtree's part.

    ``comparison`` is None when their fit raised an exception, whose text
    is ``error``; ``probes`` are the new values on which the trees predict
    otherwise (:func:`probes`).
    """

    data: Dataset
    theirs: Tree | None
    ours: Tree
    comparison: Comparison | None
    error: str | None = None
    probes: tuple[Probe, ...] = ()

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
        if self.probes:
            parts.append("on new values inside the gaps of the training values:")
            parts.extend(f"  {probe}" for probe in self.probes)
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
    resolved: bool = False  # judge with the recipe's learner resolved on each dataset

    def judging(self, data: Dataset) -> tuple[Learner, Dataset]:
        """The Learner that judges the trees of ``data``, and the data as it sees them: a
        recipe's learner resolved on them (:meth:`Recipe.learner_on`: its shares of the
        rows) and the data reweighted by its class weights (:meth:`Recipe.weighted`)."""
        if self.resolved and isinstance(self.learner, Recipe):
            return self.learner.learner_on(data), self.learner.weighted(data)
        return self.judge, data


@frozen
class _Parts:
    """Both trees of one dataset, their comparison and probes, or their fit's error."""

    theirs: Tree | None
    ours: Tree
    comparison: Comparison | None
    error: str = ""
    probes: tuple[Probe, ...] = ()


def _parts(search: _Search, data: Dataset) -> _Parts:
    ours = learn_with(search.learner)(data)
    try:
        theirs = search.fit(data)
    except Exception as error:  # their code may fail any way: that is a finding
        return _Parts(None, ours, None, f"{type(error).__name__}: {error}")
    judge, seen = search.judging(data)
    comparison = compare(theirs, ours, seen, judge)
    if comparison.counts["tie"]:  # off the training rows, tied trees may part: both right
        return _Parts(theirs, ours, comparison)
    return _Parts(theirs, ours, comparison, "", probes(theirs, ours, data))


def _parts_company(search: _Search, data: Dataset) -> bool:
    parts = _parts(search, data)
    comparison = parts.comparison
    if comparison is None or parts.probes:
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
    parts = _parts(search, found)
    return Counterexample(
        found, parts.theirs, parts.ours, parts.comparison, parts.error or None, parts.probes
    )


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
            judge is None and isinstance(learner, Recipe),
        )
        for k in range(campaigns)
    ]
    names = [f"search {k + 1}/{campaigns}" for k in range(campaigns)]
    for found in fan_out(_search, searches, executor, progress=progress, names=names):
        if found is not None:
            return found
    return None


SOLVER_DATA: Mapping[str, Any] = {
    "min_rows": 2,
    "max_rows": 12,
    "max_attributes": 3,
    "min_classes": 2,
    "max_numeric": 1,
}
"""The datasets :func:`solver_counterexample` draws: tiny, nominal and numeric, where ties,
pure nodes and constant and repeated tests abound (the solvers' tests are the binarised
attributes, one per threshold)."""


def solver_counterexample(
    system: str,
    *,
    examples: int = 100,
    seed: int = 0,
    progress: Report | None = None,
    **params: object,
) -> tuple[Dataset, OptimalComparison] | None:
    """A smallest dataset on which the exact solver ``system`` (with its settings
    ``params``) and dtree's optimum part (:func:`dtree.conformance.solvers.check_solver`:
    the solver's tree is not optimal, or the data contradict the objective it claims),
    with the comparison; None when ``examples`` datasets show none.  Data a solver
    cannot take (a dataset that binarises to no test) are passed over.

    DL8.5's depth-two routine, on by default, misses the split of two rows:

    >>> data, found = solver_counterexample("dl85", examples=50, max_depth=2)
    >>> len(data.rows), found.verdict
    (2, 'not optimal')
    """
    two_rows = Dataset.from_columns({"x": ["0", "1"], "y": ["a", "b"]}, target="y")
    check_solver(two_rows, system, **params)  # bad settings fail here, before any work
    advance = meter(progress, examples, "datasets tried")
    tried = 0

    def parts_company(data: Dataset) -> bool:
        nonlocal tried
        tried += 1
        advance(tried)
        try:
            return not check_solver(data, system, **params).agrees
        except DtreeError:  # no test to give the solver
            return False

    try:
        found = find(
            datasets(**SOLVER_DATA),
            parts_company,
            settings=settings(
                max_examples=examples,
                database=None,
                deadline=None,
                phases=(Phase.generate, Phase.shrink),
                suppress_health_check=list(HealthCheck),
            ),
            random=random.Random(seed),
        )
    except NoSuchExample:
        advance(examples)
        return None
    advance(examples)
    return found, check_solver(found, system, **params)
