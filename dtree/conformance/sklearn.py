"""scikit-learn's fitted trees as dtree trees: :func:`from_sklearn`.

A fitted ``DecisionTreeClassifier`` or ``DecisionTreeRegressor`` (or an
``ExtraTree*``, its subclass) keeps its tree in ``estimator.tree_``, a set of
arrays indexed by node id: ``children_left`` / ``children_right`` (-1 at a
leaf), ``feature`` (a column of X), ``threshold`` (a row goes left when
``x <= threshold``), ``weighted_n_node_samples`` and ``value`` (a
classifier's class proportions in the order of ``classes_``, a regressor's
mean).  :func:`sklearn_reading` turns them into a :class:`dtree.tree.Tree` of
``AtMost`` / ``Above`` branches on the dataset's attributes, gives every node
the statistics of ``data`` by :func:`dtree.routing.restated`, and sets
scikit-learn's own beside them node by node: each that the data contradict
is a :class:`~dtree.conformance.claims.Finding` (scikit-learn's node id, the
path to it, both numbers), as an estimator fit on other rows or other
weights shows.  :func:`from_sklearn` is the tree alone, refused at the first
finding.  An estimator fit on other columns is refused.

What the estimator must have been fit on
----------------------------------------
``X``: the dataset's attributes as columns, in schema order (the columns'
names, if it was given a data frame, are the attributes' names); ``y``: the
target; ``sample_weight``: the dataset's weights (none when they are all 1).
Every attribute is numeric: a nominal one has no column scikit-learn could
have used, and is refused; one-hot columns are numeric attributes of the
dataset.  A classifier's ``classes_`` are labels of the schema's classes,
matched as text (scikit-learn's sorted order is mapped to the schema's
declared order; a declared class with no row may be absent from
``classes_``).  ``class_weight`` is refused: it reweights the rows in a way
the dataset's weights do not show.

Float32
-------
scikit-learn casts X to float32 before it fits and before it predicts.  Its
splitter (``sklearn/tree/_splitter.pyx``, ``node_split_best``) sorts a
node's float32 values and takes as threshold the double-precision
``a / 2.0 + b / 2.0`` of two neighbours a < b (exact unless b is some 2^29
times a or more), so a row goes left when ``float32(x) <= t``; it never
cuts between two values within ``FEATURE_THRESHOLD`` (1e-7,
``_partitioner.pxd``) of each other.  A dtree condition tests the value as given.  ``x`` and
``float32(x)`` fall on the same side of ``t`` except when ``x`` lies within
half a float32 step of ``t`` -- in practice only when ``a`` and ``b`` are
neighbouring float32 numbers and a training value is a double rounded to
one of them.  The read tree keeps scikit-learn's thresholds exactly as they
are (so it renders as scikit-learn prints them and compares with dtree's
own fits), and :func:`from_sklearn` checks every training row at every node
it reaches: a row whose value is on one side of a threshold and whose
float32 image is on the other is refused, naming the node, the row and the
value: with scikit-learn's threshold kept, the read tree would route that
row otherwise than scikit-learn did.  Off the training data, the read tree
predicts as the estimator for every value not within half a float32 step of
a threshold.

Missing values
--------------
Since scikit-learn 1.3 every split says which branch a missing value (NaN)
takes, ``missing_go_to_left``: the branch learned for the training rows whose
value was missing, where some reached the split, and otherwise the branch of
more training rows (``n_node_samples``; the right one on a tie).  The read
tree says the same: the branch is the one whose condition takes missing
values (``x <= t or missing``, :func:`dtree.conditions.takes_missing`), so a
training row with a missing value is routed and recounted the way scikit-learn
routed it, and the read tree predicts as the estimator on examples with
missing values too.

Predictions
-----------
A leaf predicts what the estimator predicts there: the first class of
largest proportion in ``classes_`` order, or scikit-learn's mean, exactly;
the statistics are dtree's recount (class counts, or n, sum y and sum y^2).
A recounted weight agrees with ``weighted_n_node_samples`` within a
relative 1e-9 (scikit-learn adds weights in floats), class counts with
``value`` times the weight within 1e-9 of the weight, and a mean with
scikit-learn's within 1e-9 of the largest absolute target; otherwise the
node has a finding.

Contents: :func:`sklearn_reading` (the tree and the findings),
:func:`from_sklearn`, :func:`sklearn_estimator`, :func:`fit_sklearn`.
"""

from __future__ import annotations

import bisect
import importlib
import math
import struct
from collections.abc import Iterator, Sequence
from typing import Any, TypeAlias, assert_never

from attrs import frozen

from dtree.conditions import Above, AtMost, Condition, describe
from dtree.conformance.claims import Claim, Finding, Reading
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Dataset, Label, Nominal, Value
from dtree.errors import DtreeError, quote
from dtree.routing import Routed, every_row, restated
from dtree.tree import Leaf, Sprout, Tree, unfold

__all__ = ["fit_sklearn", "from_sklearn", "sklearn_estimator", "sklearn_reading"]

LEAF = -1
"""scikit-learn's ``children_left`` (and ``feature``) of a leaf."""

RELATIVE = 1e-9
"""How close a recounted weight, count or mean must be to scikit-learn's (see above)."""


def _float32(x: float) -> float:
    """x rounded to the nearest float32 (ties to even), as numpy's cast rounds it."""
    try:
        return float(struct.unpack("f", struct.pack("f", x))[0])
    except OverflowError:
        return math.copysign(math.inf, x)


@frozen
class _Arrays:
    """``estimator.tree_`` as Python values; ``value`` is each node's row of ``value[:, 0]``."""

    left: tuple[int, ...]
    right: tuple[int, ...]
    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    weight: tuple[float, ...]
    value: tuple[tuple[float, ...], ...]
    missing_left: tuple[bool, ...] = ()
    """``missing_go_to_left``: whether a missing value takes the left branch (else the right);
    empty for a scikit-learn before 1.3, which had no missing values."""

    def is_leaf(self, node: int) -> bool:
        return self.left[node] == LEAF

    def conditions(self, node: int, names: Sequence[str]) -> tuple[AtMost, Above]:
        name, t = names[self.feature[node]], self.threshold[node]
        left = self.missing_left[node] if self.missing_left else None
        return AtMost(name, t, missing=left is True), Above(name, t, missing=left is False)


def _arrays(estimator: Any) -> _Arrays:
    t = estimator.tree_
    return _Arrays(
        tuple(int(i) for i in t.children_left.tolist()),
        tuple(int(i) for i in t.children_right.tolist()),
        tuple(int(i) for i in t.feature.tolist()),
        tuple(float(x) for x in t.threshold.tolist()),
        tuple(float(w) for w in t.weighted_n_node_samples.tolist()),
        tuple(tuple(float(v) for v in row[0]) for row in t.value.tolist()),
        tuple(bool(m) for m in getattr(t, "missing_go_to_left", ())),
    )


def _check_estimator(estimator: Any) -> bool:
    """Whether the estimator is a fitted classifier (True) or regressor (False)."""
    try:
        from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor  # noqa: PLC0415
    except ImportError:  # then it cannot be one of them
        raise DtreeError(
            f"{quote(estimator)} is not a scikit-learn decision tree"
            " (scikit-learn is not installed)"
        ) from None
    if not isinstance(estimator, DecisionTreeClassifier | DecisionTreeRegressor):
        raise DtreeError(
            f"{quote(estimator)} is not a DecisionTreeClassifier or DecisionTreeRegressor"
        )
    if not hasattr(estimator, "tree_"):
        raise DtreeError(f"{quote(estimator)} is not fitted: call its fit method first")
    if getattr(estimator, "n_outputs_", 1) != 1:
        raise DtreeError(f"the estimator predicts {estimator.n_outputs_} targets; dtree one")
    if getattr(estimator, "class_weight", None) is not None:
        raise DtreeError(
            "the estimator was fit with class_weight, which reweights rows in a way the"
            " dataset's weights do not show: give the weights as the dataset's instead"
        )
    return isinstance(estimator, DecisionTreeClassifier)


def _check_columns(estimator: Any, data: Dataset) -> tuple[str, ...]:
    schema = data.schema
    names = schema.names
    nominal = [a.name for a in schema.attributes if isinstance(a.domain, Nominal)]
    if nominal:
        raise DtreeError(
            f"the attribute {quote(nominal[0])} is nominal, which scikit-learn's trees cannot"
            " test: a tree fit on one-hot columns reads on a dataset whose attributes are those"
            " numeric columns"
        )
    if estimator.n_features_in_ != len(names):
        raise DtreeError(
            f"the estimator was fit on {estimator.n_features_in_} columns,"
            f" the dataset has {len(names)} attributes"
        )
    if hasattr(estimator, "feature_names_in_"):
        theirs = tuple(str(name) for name in estimator.feature_names_in_.tolist())
        for position, (their, ours) in enumerate(zip(theirs, names, strict=True)):
            if their != ours:
                raise DtreeError(
                    f"the estimator's column {position} is {quote(their)},"
                    f" the dataset's attribute {position} is {quote(ours)}"
                )
    return names


def _check_classes(estimator: Any, data: Dataset) -> tuple[int | None, ...]:
    """For each of the schema's classes, its position in ``classes_`` (None: absent)."""
    theirs = [str(label) for label in estimator.classes_.tolist()]
    ours = data.schema.classes
    unknown = [label for label in theirs if label not in ours]
    if unknown or len(set(theirs)) != len(theirs):
        raise DtreeError(
            f"the estimator's classes {quote(tuple(theirs))} are not among the dataset's"
            f" {quote(ours)}"
        )
    return tuple(theirs.index(label) if label in theirs else None for label in ours)


def _prediction(arrays: _Arrays, node: int, data: Dataset, order: tuple[int | None, ...]) -> Label:
    proportions = arrays.value[node]
    best = max(range(len(proportions)), key=lambda k: (proportions[k], -k))
    return data.schema.classes[order.index(best)]


def _placeholder(data: Dataset) -> Stats:
    schema = data.schema
    if schema.is_classification:
        return ClassStats(schema.classes, (0,) * len(schema.classes))
    return Moments(0, 0.0, 0.0)


def _skeleton(arrays: _Arrays, names: Sequence[str], data: Dataset) -> Tree:
    """scikit-learn's tree with placeholder statistics, in its preorder of node ids."""
    empty = _placeholder(data)
    first: Label | float = data.schema.classes[0] if data.schema.is_classification else 0.0

    def step(node: int) -> Leaf | Sprout[int]:
        if arrays.is_leaf(node):
            return Leaf(first, empty)
        return Sprout(
            arrays.conditions(node, names), (arrays.left[node], arrays.right[node]), empty
        )

    return unfold(0, step)


Trail: TypeAlias = tuple[Condition, "Trail"] | None
"""The conditions from a node up to the root, each node's trail sharing its parent's: a
chain of n splits holds n trails in O(n) space, where whole paths would take O(n^2)."""


def _steps(trail: Trail) -> tuple[str, ...]:
    """The conditions of a trail, root first, as text."""
    return tuple(map(describe, _path(trail)))


def _path(trail: Trail) -> tuple[Condition, ...]:
    conditions: list[Condition] = []
    while trail is not None:
        condition, trail = trail
        conditions.append(condition)
    return tuple(reversed(conditions))


def _where(node: int, trail: Trail) -> str:
    conditions = _path(trail)
    path = "the root" if not conditions else " and ".join(map(describe, conditions))
    return f"scikit-learn's node {node} (at {path})"


def _walk_row(arrays: _Arrays, names: Sequence[str], data: Dataset, row: int) -> None:
    """Follow one row down scikit-learn's tree as scikit-learn routes it (float32, learned
    directions: a missing value down the branch that takes it); refuse where it meets a
    threshold that its float32 image and its value fall on different sides of."""
    node: int = 0
    trail: Trail = None
    while not arrays.is_leaf(node):
        name, t = names[arrays.feature[node]], arrays.threshold[node]
        value = data.columns[arrays.feature[node]][row]
        conditions = arrays.conditions(node, names)
        if value is None:  # the branch that takes missing values, as scikit-learn routed it
            branch = 0 if conditions[0].missing else 1
            trail = (conditions[branch], trail)
            node = arrays.left[node] if branch == 0 else arrays.right[node]
            continue
        x = float(value)  # numeric attributes only
        image = _float32(x)
        if (image <= t) != (x <= t):
            raise DtreeError(
                f"at {_where(node, trail)}: the value {quote(x)} is on the other side of the"
                f" threshold {quote(t)} than its float32 image {quote(image)}, on which"
                " scikit-learn routed it, and the read tree keeps scikit-learn's threshold",
                row=row,
                column=name,
            )
        branch = 0 if image <= t else 1
        trail = (conditions[branch], trail)
        node = arrays.left[node] if branch == 0 else arrays.right[node]


def _near_thresholds(arrays: _Arrays, data: Dataset) -> set[int]:
    """The rows to follow: a missing value of an attribute the tree tests, or a value
    within a few float32 steps of a threshold on its attribute."""
    tested = {f for node, f in enumerate(arrays.feature) if not arrays.is_leaf(node)}
    rows: set[int] = set()
    for f in sorted(tested):
        column = data.columns[f]
        rows.update(r for r in data.rows if column[r] is None)
        known = sorted(  # numeric attributes only
            (float(value), r) for r in data.rows if (value := column[r]) is not None
        )
        values = [x for x, _ in known]
        for node, feature in enumerate(arrays.feature):
            if feature != f or arrays.is_leaf(node):
                continue
            t = arrays.threshold[node]
            reach = max(abs(t), 2.0**-126) * 2.0**-21  # four float32 steps at |t|
            low = bisect.bisect_left(values, t - reach)
            high = bisect.bisect_right(values, t + reach)
            rows.update(r for x, r in known[low:high] if (_float32(x) <= t) != (x <= t))
    return rows


def _close(ours: float, theirs: float, scale: float) -> bool:
    return abs(ours - theirs) <= RELATIVE * scale


def _claims(
    arrays: _Arrays, node: int, stats: Stats, order: tuple[int | None, ...], scale: float
) -> Iterator[tuple[str, Claim, Claim]]:
    """scikit-learn's statistics of a node that dtree's recount contradicts: what is claimed,
    scikit-learn's number and the data's."""
    weight = arrays.weight[node]
    if not _close(float(stats.weight), weight, max(abs(weight), 1.0)):
        yield "scikit-learn's weighted_n_node_samples", weight, stats.weight
    match stats:
        case ClassStats(_, counts):
            proportions = arrays.value[node]
            theirs = tuple(0.0 if k is None else proportions[k] * weight for k in order)
            if not all(
                _close(float(count), their, max(weight, 1.0))
                for count, their in zip(counts, theirs, strict=True)
            ):
                yield "scikit-learn's weight of each class (value times the weight)", theirs, counts
        case Moments():
            their_mean = arrays.value[node][0]
            if stats.weight > 0 and not _close(stats.mean, their_mean, scale):
                yield "scikit-learn's mean (value)", their_mean, stats.mean
        case _:
            assert_never(stats)


def _read(
    arrays: _Arrays, recounted: Tree, data: Dataset, order: tuple[int | None, ...]
) -> Reading:
    """The recounted tree, its leaves predicting what scikit-learn predicts, with
    scikit-learn's statistics that the recount contradicts node by node."""
    classification = data.schema.is_classification
    rows = () if classification else data.rows
    scale = max([1.0, *(abs(float(data.target[r])) for r in rows)])
    findings: list[Finding] = []

    def step(seed: tuple[int, Tree, Trail]) -> Leaf | Sprout[tuple[int, Tree, Trail]]:
        node, ours, trail = seed
        findings.extend(
            Finding(f"scikit-learn's node {node}", _steps(trail), what, theirs, mine)
            for what, theirs, mine in _claims(arrays, node, ours.stats, order, scale)
        )
        if isinstance(ours, Leaf):
            prediction: Label | float = (
                _prediction(arrays, node, data, order) if classification else arrays.value[node][0]
            )
            return Leaf(prediction, ours.stats)
        conditions = arrays.conditions(node, data.schema.names)
        children = (arrays.left[node], arrays.right[node])
        seeds: tuple[tuple[int, Tree, Trail], ...] = tuple(
            (child, branch.subtree, (condition, trail))
            for child, branch, condition in zip(children, ours.branches, conditions, strict=True)
        )
        return Sprout(conditions, seeds, ours.stats)

    root: tuple[int, Tree, Trail] = (0, recounted, None)
    tree = unfold(root, step)
    return Reading(tree, tuple(findings))


def sklearn_reading(estimator: Any, data: Dataset) -> Reading:
    """scikit-learn's fitted decision tree as a dtree tree with ``data``'s statistics, and the
    findings: the statistics of ``tree_`` that the data contradict.

    ``data`` is what the estimator was fit on (see the module's notes); the
    tree's splits are scikit-learn's, ``AtMost(a, t)`` then ``Above(a, t)``
    with its threshold ``t`` verbatim, its leaves predict what the estimator
    predicts, and every node's statistics are recounted from ``data``.  A
    node whose ``weighted_n_node_samples``, class weights (``value`` times
    the weight) or mean are not the recount's (see the module's notes) is a
    :class:`~dtree.conformance.claims.Finding`, naming scikit-learn's node
    id and the path to it: an estimator fit on other rows or other weights
    shows there; a training row with a missing value goes down the branch
    scikit-learn learned for it.  What the read tree cannot represent (a row on
    the other side of a threshold than its float32 image) and an estimator of
    other columns or classes are refused.

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from dtree.dataset import Dataset
    >>> fitted = DecisionTreeClassifier().fit([[1.0], [2.0], [3.0], [4.0]], ["a", "a", "b", "b"])
    >>> shuffled = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": ["a", "b", "a", "b"]},
    ...                                 target="y")
    >>> for finding in sklearn_reading(fitted, shuffled).findings:
    ...     print(finding.node, finding.where, finding.theirs, finding.ours)
    scikit-learn's node 1 at x <= 2.5 (2.0, 0.0) (1, 1)
    scikit-learn's node 2 at x > 2.5 or missing (0.0, 2.0) (1, 1)

    See also: :func:`from_sklearn`, :func:`dtree.routing.restated`.
    """
    classification = _check_estimator(estimator)
    if classification != data.schema.is_classification:
        kinds = (
            ("a regressor", "a classification")
            if data.schema.is_classification
            else ("a classifier", "a regression")
        )
        raise DtreeError(f"the estimator is {kinds[0]}, the dataset {kinds[1]} dataset")
    names = _check_columns(estimator, data)
    order = _check_classes(estimator, data) if classification else ()
    arrays = _arrays(estimator)
    for row in sorted(_near_thresholds(arrays, data)):
        _walk_row(arrays, names, data, row)
    skeleton = _skeleton(arrays, names, data)
    rows = every_row(data, skeleton)
    # Every split is a threshold: divide runs of sorted rows by bisection, counted or not.
    recounted = restated(skeleton, data, rows if rows.runs else Routed(rows.loose, runs=True))
    return _read(arrays, recounted, data, order)


def from_sklearn(estimator: Any, data: Dataset) -> Tree:
    """scikit-learn's fitted decision tree as a dtree tree with ``data``'s statistics, refused
    when they contradict the statistics of ``tree_``: the tree of :func:`sklearn_reading`,
    whose first finding is here a :class:`DtreeError`.

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from dtree.dataset import Dataset
    >>> from dtree.render import text
    >>> data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": ["a", "a", "b", "b"]},
    ...                             target="y")
    >>> fitted = DecisionTreeClassifier().fit([[1.0], [2.0], [3.0], [4.0]], ["a", "a", "b", "b"])
    >>> print(text(from_sklearn(fitted, data)))
    root [a: 2, b: 2]
    x <= 2.5 [a: 2, b: 0]: a
    x > 2.5 or missing [a: 0, b: 2]: b
    >>> shuffled = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": ["a", "b", "a", "b"]},
    ...                                 target="y")
    >>> try:
    ...     from_sklearn(fitted, shuffled)
    ... except DtreeError as error:
    ...     print(error)
    scikit-learn's node 1: scikit-learn's weight of each class (value times the weight) is \
(2.0, 0.0), the data give (1, 1) (at x <= 2.5)

    See also: :func:`sklearn_reading` (the findings, the tree read whatever they are).
    """
    return sklearn_reading(estimator, data).strict()


def _number(value: Value) -> float:
    """A numeric attribute's value as scikit-learn takes it: NaN for missing."""
    return math.nan if value is None else float(value)


def sklearn_estimator(data: Dataset, **params: object) -> Any:
    """scikit-learn's decision tree fit on ``data`` with ``params``: the fitted estimator.

    A ``DecisionTreeClassifier`` for classes, a ``DecisionTreeRegressor`` for a
    numeric target, fit on the attributes in schema order (a missing value as
    NaN), the target, and the weights as ``sample_weight`` (none when all are 1).
    scikit-learn is a development extra, imported here only.  ``random_state``
    is 0 unless given, so the fit is repeatable.

    >>> from dtree.datasets import load
    >>> int(sklearn_estimator(load("iris"), max_depth=2).get_n_leaves())
    3
    """
    try:
        tree_module = importlib.import_module("sklearn.tree")
    except ModuleNotFoundError as error:
        raise DtreeError(
            "fitting scikit-learn needs scikit-learn: pip install scikit-learn"
        ) from error
    kind = "DecisionTreeClassifier" if data.schema.is_classification else "DecisionTreeRegressor"
    try:
        estimator = getattr(tree_module, kind)(**{"random_state": 0, **params})
    except TypeError as error:
        raise DtreeError(f"scikit-learn's {kind} refuses the settings: {error}") from None
    nominal = [a.name for a in data.schema.attributes if isinstance(a.domain, Nominal)]
    if nominal:
        raise DtreeError(
            f"scikit-learn takes numeric attributes only; {quote(nominal[0])} is nominal"
            " (give it as one-hot numeric columns)",
            column=nominal[0],
        )
    rows = data.rows
    x = [[_number(column[r]) for column in data.columns] for r in rows]
    y = [str(data.target[r]) if data.schema.is_classification else data.target[r] for r in rows]
    weights = [float(data.weights[r]) for r in rows]
    try:
        estimator.fit(x, y, sample_weight=None if set(weights) == {1.0} else weights)
    except ValueError as error:
        raise DtreeError(f"scikit-learn could not fit: {error}") from None
    return estimator


def fit_sklearn(data: Dataset, **params: object) -> Tree:
    """scikit-learn's decision tree fit on ``data`` with ``params``
    (:func:`sklearn_estimator`), read as a dtree tree by :func:`from_sklearn`.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> n_leaves(fit_sklearn(load("iris"), max_depth=2))
    3
    """
    return from_sklearn(sklearn_estimator(data, **params), data)
