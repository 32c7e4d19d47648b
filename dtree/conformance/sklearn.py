"""scikit-learn's trees as dtree trees: :func:`arrays_reading` and :func:`from_sklearn`.

The arrays
----------
scikit-learn keeps a fitted tree in ``estimator.tree_``, a set of arrays
indexed by node id (0 is the root; a node's children have larger ids), each
with one entry per node (``node_count``):

``children_left``, ``children_right``
    the ids of the node's two children, -1 for both at a leaf;
``feature``
    the column of X the node tests (-2 at a leaf);
``threshold``
    its threshold t: a row goes left when ``x <= t``;
``missing_go_to_left`` (scikit-learn 1.3 and later; optional here)
    whether a missing value goes left at the node;
``n_node_samples``
    how many training rows of positive weight reach the node (an int);
``weighted_n_node_samples``
    their weight (a float);
``value``
    shape (node_count, n_outputs, max_n_classes), one output read: for a
    classifier each class's share of the node's weight (scikit-learn 1.4 and
    later) or its weight (earlier releases), in the order of the classes the
    tree was fit on, which the caller gives; for a regressor the weighted
    mean of the target at the node, as ``value[:, 0, 0]``.

:func:`sklearn_arrays` takes them from a mapping of plain sequences or from
any object that has them as attributes (``estimator.tree_``, a member of
``forest.estimators_``, of a gradient boosting's ``estimators_``), and
:func:`arrays_reading` reads them as a dtree tree, the class order and what
``value`` holds (:data:`ValueKind`, detected by default) given by the
caller.  A forest's member was fit on the class indices 0..k-1 (the
forest's ``classes_`` name them) and on the bootstrap's counts times the
sample weights; a gradient boosting's member is a regression tree of the
residuals (its ``value`` after the boosting's own update of the leaves,
which the learning rate scales only when the boosting adds it up): read
each as it is on the data it was fit on, without relabelling.

:func:`arrays_reading` turns the arrays into a :class:`dtree.tree.Tree` of
``AtMost`` / ``Above`` branches on the dataset's attributes, each leaf
predicting what the peer predicts there, gives every node the statistics of
``data`` by :func:`dtree.routing.restated` (the predictions kept), and sets
the arrays' own beside them node by node: each that the data contradict is
a :class:`~dtree.conformance.claims.Finding` (scikit-learn's node id, the
path to it, both numbers), as a tree fit on other rows or other weights
shows.  :func:`sklearn_reading` is that reading of a fitted estimator's
``tree_`` (its ``classes_`` the class order), :func:`from_sklearn` the tree
alone, refused at the first finding.  An estimator fit on other columns is
refused.

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
``classes_``).  An estimator fit with ``class_weight`` is read on the data
reweighted as scikit-learn reweights it
(:func:`dtree.conformance.learners.class_weighted`): its statistics are the
class-weighted ones, as its ``value`` is.

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
A leaf predicts what the peer predicts there: the first class of largest
``value`` in the caller's class order, or the regressor's ``value``,
exactly, whatever the recount says (a prediction the recount contradicts is
for :func:`dtree.conformance.compare` to report); the statistics are
dtree's recount (class counts, or n, sum y and sum y^2).  A recounted weight
agrees with ``weighted_n_node_samples`` within a relative 1e-9
(scikit-learn adds weights in floats), class counts with ``value`` times the
weight (or ``value``, for counts) within 1e-9 of the weight, a mean with
scikit-learn's within 1e-9 of the largest absolute target, and the number
of rows of positive weight with ``n_node_samples`` exactly; otherwise the
node has a finding.

Node values
-----------
``value`` is a statistic of the node's rows (class proportions or counts, a mean) for every
criterion but two (:data:`NodeValues`): under ``criterion="absolute_error"`` it is a
weighted median (``"medians"``: :func:`dtree.conformance.compare` judges the leaves'), and
under ``monotonic_cst`` it is clipped to the bounds its ancestors' splits set
(``"clipped"``, :mod:`dtree.grower.monotonic`): a clipped leaf predicts its clipped mean, or
the class its clipped proportions favour, and so does the read leaf.  Such values are not
checked against the recount; the node's weight and rows still are.

Contents: :data:`ARRAYS`, :data:`NodeValues`, :data:`ValueKind`, :class:`SklearnArrays`,
:func:`sklearn_arrays`, :func:`value_kind`, :func:`arrays_reading` (the tree and the
findings), :func:`from_arrays`, :func:`sklearn_reading`, :func:`from_sklearn`, :func:`node_values`.
scikit-learn itself is run by :mod:`dtree.conformance.sklearn_fit`.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, TypeAlias, assert_never, cast

from attrs import frozen

from dtree.arithmetic import float32
from dtree.conditions import Above, AtMost, Condition, describe
from dtree.conformance.claims import Claim, Finding, Reading
from dtree.conformance.learners import class_weighted
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Dataset, Label, Nominal, Weight
from dtree.errors import DtreeError, quote
from dtree.routing import Routed, every_row, restated
from dtree.tree import Leaf, Sprout, Tree, nodes, unfold

__all__ = [
    "ARRAYS",
    "NodeValues",
    "SklearnArrays",
    "ValueKind",
    "arrays_reading",
    "from_arrays",
    "from_sklearn",
    "node_values",
    "sklearn_arrays",
    "sklearn_reading",
    "value_kind",
]

LEAF = -1
"""scikit-learn's ``children_left`` (and ``feature``) of a leaf."""

RELATIVE = 1e-9
"""How close a recounted weight, count or mean must be to scikit-learn's (see above)."""


NodeValues = Literal["statistics", "medians", "clipped"]
"""What a node's ``value`` is: a statistic of its rows (class proportions or counts, a mean),
a weighted median (``criterion="absolute_error"``), or a value clipped to the bounds of
``monotonic_cst``; only statistics are checked against the recount."""

ValueKind = Literal["proportions", "counts", "detect"]
"""What a classifier's ``value`` holds: each class's share of the node's weight (scikit-learn
1.4 and later), each class's weight (earlier releases), or ``detect``: counts when every
node's row adds up to its ``weighted_n_node_samples`` and not every one adds up to 1."""

ARRAYS = (
    "children_left",
    "children_right",
    "feature",
    "threshold",
    "n_node_samples",
    "weighted_n_node_samples",
    "value",
)
"""The arrays a tree is read from, by scikit-learn's names (``missing_go_to_left`` is optional)."""


@frozen
class SklearnArrays:
    """A tree in scikit-learn's arrays, as Python values indexed by node id (see the module's
    notes): ``value`` is each node's row of ``value[:, 0]`` (one number per class, or the
    mean); ``missing_go_to_left`` is None where the source has no such array."""

    left: tuple[int, ...]
    right: tuple[int, ...]
    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    samples: tuple[int, ...]
    weight: tuple[float, ...]
    value: tuple[tuple[float, ...], ...]
    missing_go_to_left: tuple[bool, ...] | None = None

    def is_leaf(self, node: int) -> bool:
        return self.left[node] == LEAF

    def conditions(self, node: int, names: Sequence[str]) -> tuple[AtMost, Above]:
        name, t = names[self.feature[node]], self.threshold[node]
        left = None if self.missing_go_to_left is None else self.missing_go_to_left[node]
        return AtMost(name, t, missing=left is True), Above(name, t, missing=left is False)


def _found(source: Any, name: str) -> Any:
    """The source's array of that name, or None: a mapping's entry or an object's attribute."""
    return source.get(name) if isinstance(source, Mapping) else getattr(source, name, None)


def _listed(array: Any) -> list[Any]:
    return list(array.tolist() if hasattr(array, "tolist") else array)


def _array(source: Any, name: str) -> list[Any]:
    """One of the source's arrays by scikit-learn's name, as a list (numpy's or any sequence)."""
    found = _found(source, name)
    if found is None:
        raise DtreeError(f"the tree's arrays have no {quote(name)}")
    return _listed(found)


def _value_row(row: Any, node: int) -> tuple[float, ...]:
    """A node's row of ``value``: shape (n_outputs, k) with one output, or (k,) as given."""
    parts = _listed(row)
    if parts and not isinstance(parts[0], int | float):
        if len(parts) != 1:
            raise DtreeError(f"node {node}'s value has {len(parts)} outputs; dtree reads one")
        parts = _listed(parts[0])
    return tuple(_entry("value", node, v, float) for v in parts)


def _entry(name: str, node: int, value: object, kind: type[int] | type[float]) -> Any:
    """One entry of an array: an integer (an integral number) or a number, else one error
    naming the array and the node."""
    if hasattr(value, "item"):  # a numpy scalar
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, int | float):
        value_ok = False
    else:
        value_ok = kind is float or float(value).is_integer()
    if not value_ok:
        wanted = "an integer" if kind is int else "a number"
        raise DtreeError(f"the tree's {quote(name)} at node {node} is {quote(value)}, not {wanted}")
    return kind(cast(float, value))


def _check_shape(arrays: Sequence[list[Any]]) -> None:
    """One entry per node in every array; a node's children both -1 or both later nodes,
    and every node but the root the child of exactly one node."""
    n = len(arrays[0])
    for name, array in zip(ARRAYS, arrays, strict=True):
        if len(array) != n or not n:
            raise DtreeError(
                f"the tree's {quote(name)} has {len(array)} entries, children_left {n}"
            )
    parents: dict[int, int] = {}
    for node, pair in enumerate(zip(arrays[0], arrays[1], strict=True)):
        children = (
            _entry("children_left", node, pair[0], int),
            _entry("children_right", node, pair[1], int),
        )
        if (LEAF in children and children != (LEAF, LEAF)) or (
            LEAF not in children and not all(node < child < n for child in children)
        ):
            raise DtreeError(f"node {node}'s children {quote(children)} are not a tree's")
        for child in children if LEAF not in children else ():
            if child in parents or children[0] == children[1]:
                raise DtreeError(
                    f"node {child} is a child of two nodes, {parents.get(child, node)} and {node}"
                )
            parents[child] = node
    if len(parents) != n - 1:
        orphan = next(node for node in range(1, n) if node not in parents)
        raise DtreeError(f"node {orphan} is no node's child")


def sklearn_arrays(source: Any) -> SklearnArrays:
    """A tree in scikit-learn's arrays (:data:`ARRAYS`, and ``missing_go_to_left`` when there):
    a mapping of them, or any object that has them as attributes (``estimator.tree_``).

    Checked: one entry per node in every array, a node's children both -1 (a leaf) or
    both ids of later nodes, and one output in ``value``.

    >>> arrays = sklearn_arrays({"children_left": [1, -1, -1], "children_right": [2, -1, -1],
    ...     "feature": [0, -2, -2], "threshold": [2.5, -2.0, -2.0], "n_node_samples": [4, 2, 2],
    ...     "weighted_n_node_samples": [4.0, 2.0, 2.0],
    ...     "value": [[[0.5, 0.5]], [[1.0, 0.0]], [[0.0, 1.0]]]})
    >>> arrays.is_leaf(1), arrays.value[0], arrays.missing_go_to_left
    (True, (0.5, 0.5), None)
    """
    listed = [_array(source, name) for name in ARRAYS]
    _check_shape(listed)
    left, right, feature, threshold, samples, weight, value = listed
    missing = _found(source, "missing_go_to_left")
    thresholds = tuple(_entry("threshold", k, x, float) for k, x in enumerate(threshold))
    for node, t in enumerate(thresholds):
        if math.isnan(t) and left[node] != LEAF:
            raise DtreeError(f"the tree's 'threshold' at node {node} is nan, which cuts nothing")
    return SklearnArrays(
        tuple(_entry("children_left", k, i, int) for k, i in enumerate(left)),
        tuple(_entry("children_right", k, i, int) for k, i in enumerate(right)),
        tuple(_entry("feature", k, i, int) for k, i in enumerate(feature)),
        thresholds,
        tuple(_entry("n_node_samples", k, i, int) for k, i in enumerate(samples)),
        tuple(_entry("weighted_n_node_samples", k, w, float) for k, w in enumerate(weight)),
        tuple(_value_row(row, node) for node, row in enumerate(value)),
        None if missing is None else _sides(_listed(missing), len(left)),
    )


def _sides(missing: Sequence[object], n: int) -> tuple[bool, ...]:
    """``missing_go_to_left``: one true or false (or 0 or 1) per node."""
    if len(missing) != n:
        raise DtreeError(f"the tree's 'missing_go_to_left' has {len(missing)} entries, not {n}")
    for node, side in enumerate(missing):
        if side not in (True, False):  # 0 and 1 too, as numpy's booleans and integers
            raise DtreeError(
                f"the tree's 'missing_go_to_left' at node {node} is {quote(side)}, not a boolean"
            )
    return tuple(bool(side) for side in missing)


def value_kind(
    arrays: SklearnArrays, kind: ValueKind = "detect"
) -> Literal["proportions", "counts"]:
    """What a classifier's ``value`` holds: ``kind`` when given, else detected (see
    :data:`ValueKind`).

    >>> arrays = SklearnArrays((1, -1, -1), (2, -1, -1), (0, -2, -2), (2.5, -2.0, -2.0),
    ...     (4, 2, 2), (4.0, 2.0, 2.0), ((2.0, 2.0), (2.0, 0.0), (0.0, 2.0)))
    >>> value_kind(arrays), value_kind(arrays, "proportions")
    ('counts', 'proportions')
    """
    if kind != "detect":
        return kind
    sums = [math.fsum(row) for row in arrays.value]
    counts = all(_close(s, w, max(w, 1.0)) for s, w in zip(sums, arrays.weight, strict=True))
    return "counts" if counts and not all(_close(s, 1.0, 1.0) for s in sums) else "proportions"


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
    return isinstance(estimator, DecisionTreeClassifier)


def _numeric_names(data: Dataset) -> tuple[str, ...]:
    """The attributes' names, every attribute numeric (a nominal one is refused)."""
    schema = data.schema
    nominal = [a.name for a in schema.attributes if isinstance(a.domain, Nominal)]
    if nominal:
        raise DtreeError(
            f"the attribute {quote(nominal[0])} is nominal, which scikit-learn's trees cannot"
            " test: a tree fit on one-hot columns reads on a dataset whose attributes are those"
            " numeric columns"
        )
    return schema.names


def _check_columns(estimator: Any, data: Dataset) -> tuple[str, ...]:
    names = _numeric_names(data)
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


def _check_classes(classes: Sequence[object], data: Dataset) -> tuple[int | None, ...]:
    """For each of the schema's classes, its position in ``classes`` (None: absent), the
    labels matched as text."""
    theirs = [str(label) for label in _listed(classes)]
    ours = data.schema.classes
    unknown = [label for label in theirs if label not in ours]
    if unknown or len(set(theirs)) != len(theirs):
        raise DtreeError(
            f"the estimator's classes {quote(tuple(theirs))} are not among the dataset's"
            f" {quote(ours)}"
        )
    return tuple(theirs.index(label) if label in theirs else None for label in ours)


def _check_arrays(
    arrays: SklearnArrays, names: Sequence[str], order: tuple[int | None, ...]
) -> None:
    """Every split tests a column of the data; every ``value`` row has a number per class
    (one: a regressor's mean)."""
    for node, f in enumerate(arrays.feature):
        if not arrays.is_leaf(node) and not 0 <= f < len(names):
            raise DtreeError(
                f"node {node} tests column {f}, the dataset has {len(names)} attributes"
            )
    width = sum(k is not None for k in order) if order else 1
    for node, row in enumerate(arrays.value):
        if len(row) != width:
            raise DtreeError(f"node {node}'s value has {len(row)} numbers, the classes {width}")


def _prediction(
    arrays: SklearnArrays, node: int, data: Dataset, order: tuple[int | None, ...]
) -> Label | float:
    """What the peer predicts at a leaf: the first class of largest ``value`` in the
    caller's class order, or the regressor's mean."""
    if not order:
        return arrays.value[node][0]
    proportions = arrays.value[node]
    best = max(range(len(proportions)), key=lambda k: (proportions[k], -k))
    return data.schema.classes[order.index(best)]


def _placeholder(data: Dataset) -> Stats:
    schema = data.schema
    if schema.is_classification:
        return ClassStats(schema.classes, (0,) * len(schema.classes))
    return Moments(0, 0.0, 0.0)


def _skeleton(
    arrays: SklearnArrays, names: Sequence[str], data: Dataset, order: tuple[int | None, ...]
) -> Tree:
    """scikit-learn's tree, its leaves predicting what the peer predicts, with placeholder
    statistics, in its preorder of node ids."""
    empty = _placeholder(data)

    def step(node: int) -> Leaf | Sprout[int]:
        if arrays.is_leaf(node):
            return Leaf(_prediction(arrays, node, data, order), empty)
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


def _walk_row(arrays: SklearnArrays, names: Sequence[str], data: Dataset, row: int) -> None:
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
        image = float32(x)
        if (image <= t) != (x <= t):
            raise DtreeError(
                f"at {_where(node, trail)}: the value {quote(x)} is on the other side of the"
                f" threshold {quote(t)} than its float32 image {quote(image)}, on which"
                " scikit-learn routed it, and the read tree keeps scikit-learn's threshold",
                row=row + 1,
                column=name,
            )
        branch = 0 if image <= t else 1
        trail = (conditions[branch], trail)
        node = arrays.left[node] if branch == 0 else arrays.right[node]


def _near_thresholds(arrays: SklearnArrays, data: Dataset) -> set[int]:
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
            rows.update(r for x, r in known[low:high] if (float32(x) <= t) != (x <= t))
    return rows


def _close(ours: float, theirs: float, scale: float) -> bool:
    return abs(ours - theirs) <= RELATIVE * scale


@frozen
class _Recount:
    """What the data give at each node: its statistics, and the number of its rows of positive
    weight (scikit-learn's ``n_node_samples``)."""

    stats: Stats
    samples: Weight


def _claims(
    arrays: SklearnArrays,
    node: int,
    recount: _Recount,
    order: tuple[int | None, ...],
    scale: float,
    *,
    kind: Literal["proportions", "counts"],
    values: NodeValues = "statistics",
) -> Iterator[tuple[str, Claim, Claim]]:
    """scikit-learn's statistics of a node that dtree's recount contradicts: what is claimed,
    scikit-learn's number and the data's (not ``value`` unless it holds ``"statistics"``)."""
    weight, stats = arrays.weight[node], recount.stats
    if not _close(float(stats.weight), weight, max(abs(weight), 1.0)):
        yield "scikit-learn's weighted_n_node_samples", weight, stats.weight
    if arrays.samples[node] != recount.samples:
        yield "scikit-learn's n_node_samples", arrays.samples[node], recount.samples
    if values != "statistics":
        return
    match stats:
        case ClassStats(_, counts):
            row = arrays.value[node]
            times = weight if kind == "proportions" else 1.0
            theirs = tuple(0.0 if k is None else row[k] * times for k in order)
            if not all(
                _close(float(count), their, max(weight, 1.0))
                for count, their in zip(counts, theirs, strict=True)
            ):
                what = "value times the weight" if kind == "proportions" else "value"
                yield f"scikit-learn's weight of each class ({what})", theirs, counts
        case Moments():
            their_mean = arrays.value[node][0]
            if stats.weight > 0 and not _close(stats.mean, their_mean, scale):
                yield "scikit-learn's mean (value)", their_mean, stats.mean
        case _:
            assert_never(stats)


def _recounted(skeleton: Tree, data: Dataset, *, kept: bool) -> Tree:
    """The skeleton restated on ``data``, dividing runs of sorted rows by bisection (every
    split is a threshold), counted or not."""
    rows = every_row(data, skeleton)
    routed = rows if rows.runs else Routed(rows.loose, runs=True)
    return restated(skeleton, data, routed, predictions="kept" if kept else "recounted")


def _findings(
    arrays: SklearnArrays,
    recounts: Iterator[_Recount],
    data: Dataset,
    order: tuple[int | None, ...],
    kind: Literal["proportions", "counts"],
    *,
    values: NodeValues,
) -> Iterator[Finding]:
    """scikit-learn's statistics that the recount contradicts, node by node in preorder."""
    rows = () if data.schema.is_classification else data.rows
    scale = max([1.0, *(abs(float(data.target[r])) for r in rows)])
    stack: list[tuple[int, Trail]] = [(0, None)]
    names = data.schema.names
    while stack:
        node, trail = stack.pop()
        recount = next(recounts)
        for what, theirs, mine in _claims(
            arrays, node, recount, order, scale, kind=kind, values=values
        ):
            yield Finding(f"scikit-learn's node {node}", _steps(trail), what, theirs, mine)
        if not arrays.is_leaf(node):
            at_most, above = arrays.conditions(node, names)
            stack.extend(
                ((arrays.right[node], (above, trail)), (arrays.left[node], (at_most, trail)))
            )


def arrays_reading(
    tree: Any,
    data: Dataset,
    *,
    classes: Sequence[object] | None = None,
    value: ValueKind = "detect",
    values: NodeValues = "statistics",
) -> Reading:
    """A tree in scikit-learn's arrays (:func:`sklearn_arrays`: ``estimator.tree_``, a
    forest's or a boosting's member's, or a mapping of plain lists) as a dtree tree with
    ``data``'s statistics, and the findings: the arrays' statistics that the data contradict.

    ``data`` is what the tree was fit on: its attributes the columns of X in order, its
    weights the sample weights the tree saw (a bootstrap's counts times the weights, for a
    forest's member).  A classifier's ``classes`` are the labels of ``value``'s columns in
    order (a forest's ``classes_`` for its members, which were fit on the class indices),
    matched as text to the schema's; ``value`` says what its rows hold (:data:`ValueKind`), and
    ``values`` whether they are statistics of the rows at all (:data:`NodeValues`).
    A regression tree (a gradient boosting's member, fit on residuals: ``data``'s target
    is then those residuals) predicts its ``value`` as it is.  Every leaf keeps the
    peer's prediction; the statistics are recounted (see the module's notes).

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": ["a", "a", "b", "b"]},
    ...                             target="y")
    >>> stump = {"children_left": [1, -1, -1], "children_right": [2, -1, -1],
    ...     "feature": [0, -2, -2], "threshold": [2.5, -2.0, -2.0], "n_node_samples": [4, 2, 3],
    ...     "weighted_n_node_samples": [4.0, 2.0, 2.0],
    ...     "value": [[[0.5, 0.5]], [[1.0, 0.0]], [[0.0, 1.0]]]}
    >>> from dtree.tree import leaves
    >>> reading = arrays_reading(stump, data, classes=["a", "b"])
    >>> [leaf.prediction for leaf in leaves(reading.tree)]
    ['a', 'b']
    >>> print(*reading.findings)
    scikit-learn's node 2: scikit-learn's n_node_samples is 3, the data give 2 (at x > 2.5)
    """
    names = _numeric_names(data)
    arrays = sklearn_arrays(tree)
    classification = data.schema.is_classification
    if classification and classes is None:
        raise DtreeError("a classifier's arrays need classes=, the labels of value's columns")
    order = _check_classes(classes, data) if classes is not None and classification else ()
    _check_arrays(arrays, names, order)
    kind = value_kind(arrays, value) if classification else "proportions"
    for row in sorted(_near_thresholds(arrays, data)):
        _walk_row(arrays, names, data, row)
    skeleton = _skeleton(arrays, names, data, order)
    read = _recounted(skeleton, data, kept=True)
    ones = data.with_weights([1 if w > 0 else 0 for w in data.weights])
    samples = (node.stats.weight for node in nodes(_recounted(skeleton, ones, kept=True)))
    recounts = map(_Recount, (node.stats for node in nodes(read)), samples)
    return Reading(read, tuple(_findings(arrays, recounts, data, order, kind, values=values)))


def from_arrays(
    tree: Any,
    data: Dataset,
    *,
    classes: Sequence[object] | None = None,
    value: ValueKind = "detect",
) -> Tree:
    """The tree of :func:`arrays_reading`, refused at its first finding (a :class:`DtreeError`).

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1.0, 2.0], "y": [0.5, 1.5]}, target="y")
    >>> leaf = {"children_left": [-1], "children_right": [-1], "feature": [-2],
    ...     "threshold": [-2.0], "n_node_samples": [2], "weighted_n_node_samples": [2.0],
    ...     "value": [[[1.0]]]}
    >>> from_arrays(leaf, data)
    Leaf(prediction=1.0, stats=Moments(weight=2, total=2.0, total_squares=2.5))
    """
    return arrays_reading(tree, data, classes=classes, value=value).strict()


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
    _check_columns(estimator, data)
    classes = estimator.classes_ if classification else None
    if classification and estimator.class_weight is not None:  # the weights it grew on
        data = class_weighted(data, estimator.class_weight)
    return arrays_reading(estimator.tree_, data, classes=classes, values=node_values(estimator))


def node_values(estimator: Any) -> NodeValues:
    """What a fitted scikit-learn tree's ``value`` holds (:data:`NodeValues`): values clipped
    under ``monotonic_cst``, weighted medians under ``absolute_error``, else statistics.

    >>> from sklearn.tree import DecisionTreeRegressor
    >>> node_values(DecisionTreeRegressor(criterion="absolute_error"))
    'medians'
    """
    if getattr(estimator, "monotonic_cst", None) is not None:
        return "clipped"
    if getattr(estimator, "criterion", None) == "absolute_error":
        return "medians"
    return "statistics"


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
