"""Checking a peer end to end: run it, read its tree, grow dtree's the same way, compare.

:func:`check` is what ``dtree check`` does: ``params`` are the peer's own
settings (scikit-learn's keyword arguments, rpart's ``rpart.control``
arguments, J48's option letters), which :func:`learner_for` maps to dtree's
recipe, refusing any it cannot map before the peer runs; :func:`their_reading`
runs the peer with the same settings and reads its tree with its findings
(:class:`~dtree.conformance.claims.Reading`), which the comparison carries:

``sklearn``
    scikit-learn's tree fit in this process, read by
    :func:`~dtree.conformance.sklearn.sklearn_reading`;
``rpart``
    :func:`~dtree.conformance.rpart_fit.run_rpart` then
    :func:`~dtree.conformance.rpart.rpart_reading` (``Rscript`` with rpart);
``j48``
    :func:`~dtree.conformance.j48.run_j48` then
    :func:`~dtree.conformance.j48.j48_reading` (Java with Weka): a number
    ``C=0.1`` is the option ``-C 0.1``, ``U=True`` the flag ``-U``,
    ``U=False`` no flag.

:func:`their_tree` is the tree alone, refused at the first finding.

Settings with which the peer draws at random (scikit-learn's
``splitter="random"``, ``max_features``: the recipe's ``drawn``) grow no
tree of dtree's to compare with: :func:`check` refuses them and
:func:`check_admissible` runs the peer and checks its tree for
admissibility only (:mod:`dtree.conformance.admissible`).
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from dtree.conformance.admissible import Admissibility, sklearn_admissibility
from dtree.conformance.claims import Reading
from dtree.conformance.compare import compare
from dtree.conformance.j48 import j48_reading, run_j48
from dtree.conformance.learners import SYSTEMS, learner_for
from dtree.conformance.rpart import rpart_reading
from dtree.conformance.rpart_fit import rpart_criterion, rpart_rows, run_rpart
from dtree.conformance.rpart_surrogates import SurrogateControl
from dtree.conformance.sklearn import sklearn_reading
from dtree.conformance.sklearn_fit import sklearn_estimator
from dtree.conformance.verdicts import Comparison
from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.tree import Tree

__all__ = [
    "REGRESSION_DEFAULTS",
    "Peer",
    "check",
    "check_admissible",
    "j48_options",
    "their_reading",
    "their_tree",
]


def j48_options(params: Mapping[str, object]) -> list[str]:
    """J48's command-line options for settings given by letter.

    >>> j48_options({"C": 0.1, "M": 3, "U": False, "S": True})
    ['-C', '0.1', '-M', '3', '-S']
    """
    options: list[str] = []
    for letter, value in params.items():
        if value is True:
            options.append(f"-{letter}")
        elif value is not False and value is not None:
            options.extend((f"-{letter}", str(value)))
    return options


def their_reading(system: str, data: Dataset, **params: object) -> Reading:
    """The tree ``system`` fits on ``data`` with its settings ``params``, read as a dtree
    tree with ``data``'s statistics, and its findings (see the module's notes).

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> reading = their_reading("sklearn", load("iris"), max_depth=1)
    >>> print(text(reading.tree))
    root [setosa: 50, versicolor: 50, virginica: 50]
    petal_width <= 0.8 [setosa: 50, versicolor: 0, virginica: 0]: setosa
    petal_width > 0.8 or missing [setosa: 0, versicolor: 50, virginica: 50]: versicolor
    >>> reading.findings
    ()

    dtree splits on petal_length, the first attribute of the tie (see :func:`check`).
    """
    match system:
        case "sklearn":  # version is dtree's setting: which release's conventions to follow
            settings = {name: value for name, value in params.items() if name != "version"}
            return sklearn_reading(sklearn_estimator(data, **settings), data)
        case "rpart":
            data = rpart_rows(data)
            frame, splits = run_rpart(data, **params)
            return rpart_reading(
                frame,
                splits,
                data,
                file="rpart's frame",
                splits_file="its splits",
                surrogates=SurrogateControl.of(params),
                criterion=rpart_criterion(data, params),
            )
        case "j48":
            return j48_reading(run_j48(data, j48_options(params)), data, file="J48's output")
        case _:
            raise DtreeError(f"unknown system {quote(system)}; choose one of {list(SYSTEMS)}")


def their_tree(system: str, data: Dataset, **params: object) -> Tree:
    """The tree of :func:`their_reading`, refused at its first finding (a
    :class:`DtreeError`).

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> n_leaves(their_tree("sklearn", load("iris"), max_depth=2))
    3
    """
    return their_reading(system, data, **params).strict()


@frozen
class Peer:
    """A peer with its settings, as a function from data to its tree (:func:`their_tree`):
    a frozen value, so it can be sent to another process (``differential``'s ``fit``).

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> n_leaves(Peer("sklearn", (("max_depth", 2),))(load("iris")))
    3
    """

    system: str
    settings: tuple[tuple[str, object], ...] = ()

    def __call__(self, data: Dataset) -> Tree:
        return their_tree(self.system, data, **dict(self.settings))


REGRESSION_DEFAULTS: Mapping[str, tuple[str, object]] = {
    "sklearn": ("criterion", "squared_error"),
    "rpart": ("method", "anova"),
}
"""The setting a peer takes by default for a numeric target (a ``DecisionTreeRegressor``'s
criterion, rpart's method for a numeric response), which :func:`check` makes explicit for
:func:`learner_for`."""


def _with_default(data: Dataset, system: str, params: Mapping[str, object]) -> dict[str, object]:
    default = REGRESSION_DEFAULTS.get(system)
    if default is not None and not data.schema.is_classification:
        return {default[0]: default[1], **params}
    return dict(params)


def check_admissible(data: Dataset, system: str, **params: object) -> Admissibility:
    """``system``'s tree on ``data`` with settings ``params`` that draw at random (the
    recipe's ``drawn``), checked for admissibility only
    (:func:`~dtree.conformance.admissible.sklearn_admissibility`): which split it chose is
    not checked.  scikit-learn only.

    >>> from dtree.datasets import load
    >>> result = check_admissible(load("iris"), "sklearn", splitter="random", max_depth=3)
    >>> result.agrees, result.why
    (True, "splitter='random'")
    """
    params = _with_default(data, system, params)
    if not learner_for(system, **params).drawn:
        raise DtreeError(
            f"the {system} settings {quote(params)} draw nothing at random: check them node by"
            " node (check)"
        )
    if system != "sklearn":
        raise DtreeError(f"admissibility is checked for sklearn only, not {quote(system)}")
    return sklearn_admissibility(sklearn_estimator(data, **params), data)


def check(
    data: Dataset, system: str, *, theirs: Tree | Reading | None = None, **params: object
) -> Comparison:
    """``system``'s tree on ``data`` with settings ``params`` against dtree's, grown by
    :func:`learner_for` the same settings: the :class:`Comparison`.

    ``theirs``, when given, is a tree the peer grew elsewhere, compared
    instead of running the peer: read with its findings
    (:func:`~dtree.conformance.j48.j48_reading`,
    :func:`~dtree.conformance.rpart.rpart_reading`), which the comparison
    then carries, or a tree alone.  The peer's tree run here is read with its
    findings (:func:`their_reading`).  For a numeric target the peer's own
    default for regression applies (:data:`REGRESSION_DEFAULTS`) unless the
    setting is given.

    >>> from dtree.datasets import load
    >>> result = check(load("iris"), "sklearn", max_depth=1)
    >>> result.agrees, result.nodes[0].verdict, result.nodes[0].theirs
    (True, 'tie', 'petal_width <= 0.8, petal_width > 0.8 or missing')
    """
    params = _with_default(data, system, params)
    recipe = learner_for(system, **params)
    if recipe.drawn:
        recipe(data)  # refused: what draws at random is checked by check_admissible
    if system == "rpart":
        data = rpart_rows(data)  # as na.rpart leaves them out
    if theirs is None:
        theirs = their_reading(system, data, **params)
    # scikit-learn's class weights and shares: compared on the data as the recipe grows on it
    return compare(theirs, recipe(data), recipe.weighted(data), recipe.learner_on(data))
