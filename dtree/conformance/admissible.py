"""Admissibility: what can be checked of a tree grown with draws dtree cannot replay.

scikit-learn's random splitter (``splitter="random"``, the ``ExtraTree*``
estimators and ``ExtraTrees*`` forests) draws a threshold at each node, and
``max_features`` below the number of attributes draws the attributes a node
may split on; dtree cannot replay those draws, so it cannot say which split
scikit-learn should have chosen.  It can say whether the split it chose is
one scikit-learn's rules allow -- whether the tree is *admissible* -- and
:func:`admissibility` checks exactly that, node by node, on the training
rows that reach each node (of positive weight: scikit-learn drops a row of
weight 0 before it grows):

- every node's statistics recounted: the reader's findings
  (:func:`dtree.conformance.sklearn.sklearn_reading`), leaves' values
  included;
- a split only where no stopping rule holds: depth below ``max_depth``, at
  least ``min_samples_split`` and ``2 * min_samples_leaf`` rows, weight at
  least ``2 * min_weight_leaf``, impurity above scikit-learn's EPSILON
  (2^-52: a pure node is a leaf);
- a split on an attribute that is not constant at the node (its largest
  float32 value above the smallest plus ``FEATURE_THRESHOLD``, 1e-7);
- its threshold where scikit-learn puts one: the random splitter draws it
  uniformly in [min, max) of the node's float32 values (a draw equal to max
  becomes min: ``node_split_random``); the best splitter puts it at
  ``a / 2 + b / 2`` of two neighbouring float32 values a < b of the node
  (``a`` where that rounds to ``b``);
- both children with at least ``min_samples_leaf`` rows (so neither empty)
  and weight at least ``min_weight_leaf``;
- the split's improvement, recounted exactly, (W_t / W) (i(t) - W_l / W_t
  i(t_l) - W_r / W_t i(t_r)), not below ``min_impurity_decrease`` by more
  than EPSILON (and a float rounding's margin): a zero improvement is
  admissible where ``min_impurity_decrease`` is 0, as scikit-learn makes it;
- no more leaves than ``max_leaf_nodes``;
- a leaf where every rule allows a split, the node is impure and some
  attribute is not constant is a leaf scikit-learn would have split (it
  draws attributes until one is not constant, and with ``min_samples_leaf``
  1, ``min_weight_leaf`` 0 and ``min_impurity_decrease`` 0 any threshold it
  draws there is taken); this is checked only with those settings, without
  ``max_leaf_nodes`` and without pruning (``ccp_alpha``).

Which split was chosen among the admissible ones is not checked:
:class:`Admissibility` says so in its text.  The impurity-based rules (a pure
node, ``min_impurity_decrease``) are checked for the criteria dtree has
(:data:`dtree.conformance.learners.SKLEARN_IMPURITIES`); for another, the
result names them as not checked.

Contents: :class:`Rules`, :func:`rules_of`, :class:`Violation`,
:class:`Admissibility`, :func:`admissibility`, :func:`sklearn_admissibility`,
:func:`drawn`, :func:`preorder_ids`, :data:`EPSILON`, :data:`FEATURE_THRESHOLD`.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any, Literal

from attrs import frozen

from dtree.arithmetic import float32
from dtree.conditions import AtMost, describe
from dtree.conformance.claims import Finding, Reading
from dtree.conformance.learners import SKLEARN_IMPURITIES
from dtree.conformance.sklearn import sklearn_reading
from dtree.dataset import Dataset
from dtree.grower.targets import Classes, Responses, target_of
from dtree.tree import Leaf, Split, Tree

__all__ = [
    "EPSILON",
    "FEATURE_THRESHOLD",
    "Admissibility",
    "Rules",
    "Violation",
    "admissibility",
    "drawn",
    "preorder_ids",
    "rules_of",
    "sklearn_admissibility",
]

EPSILON = sys.float_info.epsilon
"""scikit-learn's EPSILON (``np.finfo('double').eps``, ``_tree.pyx``): a node of impurity
at most this is pure, and a split whose improvement plus this is below
``min_impurity_decrease`` is refused."""

FEATURE_THRESHOLD = 1e-7
"""scikit-learn's ``FEATURE_THRESHOLD`` (``_partitioner.pxd``): an attribute whose values at
a node lie within it is constant there."""

MARGIN = 1e-9
"""How far (relative to the node's weight share) a recounted improvement may fall below
``min_impurity_decrease - EPSILON`` before it is a violation: scikit-learn sums in floats."""

Splitter = Literal["best", "random"]


@frozen
class Rules:
    """scikit-learn's rules for one fitted tree, resolved as its ``fit`` resolves them:
    ``min_samples_split`` at least 2 and ``2 * min_samples_leaf``, fractions of ``n``
    rounded up, ``min_weight_leaf`` = ``min_weight_fraction_leaf`` times the total weight W
    of the rows it was fit on; ``pruned`` when ``ccp_alpha`` > 0.

    >>> Rules("gini", "random", None, 2, 1, 0.0, 0.0, None, False, 150.0).splitter
    'random'
    """

    criterion: str
    splitter: Splitter
    max_depth: int | None
    min_samples_split: int
    min_samples_leaf: int
    min_weight_leaf: float
    min_impurity_decrease: float
    max_leaf_nodes: int | None
    pruned: bool
    total_weight: float

    @property
    def forces_splits(self) -> bool:
        """Whether a node that no rule stops must split: any cut of a non-constant
        attribute is then taken (see the module's notes)."""
        return (
            self.min_samples_leaf == 1
            and self.min_weight_leaf == 0
            and self.min_impurity_decrease == 0
            and self.max_leaf_nodes is None
            and not self.pruned
        )


def _rows_count(value: object, n: int) -> int:
    """A count of rows or a fraction of ``n`` rounded up, as scikit-learn reads its minima."""
    return value if isinstance(value, int) else math.ceil(float(str(value)) * n)


def rules_of(estimator: Any, n_samples: int, total_weight: float) -> Rules:
    """The :class:`Rules` of a fitted scikit-learn tree, fit on ``n_samples`` rows (zero
    weights included) of total weight ``total_weight``.

    >>> from sklearn.tree import ExtraTreeClassifier
    >>> rules = rules_of(ExtraTreeClassifier(min_samples_leaf=0.1), 25, 25.0)
    >>> rules.splitter, rules.min_samples_leaf, rules.min_samples_split
    ('random', 3, 6)
    """
    leaf = _rows_count(estimator.min_samples_leaf, n_samples)
    split = max(2, _rows_count(estimator.min_samples_split, n_samples), 2 * leaf)
    return Rules(
        str(estimator.criterion),
        "random" if estimator.splitter == "random" else "best",
        estimator.max_depth,
        split,
        leaf,
        float(estimator.min_weight_fraction_leaf) * total_weight,
        float(estimator.min_impurity_decrease),
        estimator.max_leaf_nodes,
        float(estimator.ccp_alpha) > 0,
        total_weight,
    )


@frozen
class Violation:
    """A node of the tree that scikit-learn's rules do not allow: ``node`` as the peer
    names it, the ``path`` to it, the ``rule`` broken and what the data show."""

    node: str
    path: tuple[str, ...]
    rule: str
    detail: str

    @property
    def message(self) -> str:
        """The violation in one line."""
        where = " / ".join(self.path) if self.path else "the root"
        return f"{self.node} (at {where}): {self.rule}: {self.detail}"

    def __str__(self) -> str:
        return self.message


CHECKED = (
    "every node's statistics and leaves' values recounted; every split where no stopping"
    " rule holds, on an attribute not constant at the node, its threshold where the"
    " splitter puts one, both children non-empty and within the minima, its improvement"
    " recounted against min_impurity_decrease; max_leaf_nodes"
)
"""What :func:`admissibility` checks, as the result's text says it."""


@frozen
class Admissibility:
    """The admissibility of a tree grown with draws dtree cannot replay: the reader's
    ``findings`` (statistics the data contradict), the ``violations`` of scikit-learn's
    rules, the number of splits and leaves checked, ``unchecked`` rules (for a
    criterion dtree lacks) and ``why``, the settings that drew at random.  Which split was
    chosen is not checked."""

    findings: tuple[Finding, ...]
    violations: tuple[Violation, ...]
    n_splits: int
    n_leaves: int
    why: str
    unchecked: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        """Whether the tree is admissible and its statistics are the data's."""
        return not self.findings and not self.violations

    def text(self) -> str:
        """The result as text, saying that admissibility is what was checked."""
        lines = [
            f"admissibility only ({self.why}, which dtree cannot replay): not which split"
            " was chosen",
            f"checked {self.n_splits} split{'' if self.n_splits == 1 else 's'} and"
            f" {self.n_leaves} lea{'f' if self.n_leaves == 1 else 'ves'}: {CHECKED}",
        ]
        if self.unchecked:
            lines.append("not checked: " + ", ".join(self.unchecked))
        lines.extend(f"finding: {finding}" for finding in self.findings)
        lines.extend(f"inadmissible: {violation}" for violation in self.violations)
        lines.append("admissible" if self.agrees else "not admissible")
        return "\n".join(lines) + "\n"

    def json(self) -> str:
        """The result as JSON."""
        return json.dumps(
            {
                "checked": "admissibility",
                "why": self.why,
                "agrees": self.agrees,
                "splits": self.n_splits,
                "leaves": self.n_leaves,
                "unchecked": list(self.unchecked),
                "findings": [finding.json() for finding in self.findings],
                "violations": [
                    {"node": v.node, "path": list(v.path), "rule": v.rule, "detail": v.detail}
                    for v in self.violations
                ],
            },
            indent=2,
        )


Target = Classes | Responses


Purity = Literal["pure", "impure", "unsure"]


def _purity(target: Target, rows: Sequence[int], data: Dataset, scale: float) -> Purity:
    """Whether scikit-learn's float impurity of the node's rows is certainly at most EPSILON
    (``pure``), certainly above it (``impure``), or within its rounding of EPSILON.

    scikit-learn sums a child's weights as its parent's less its sibling's, so the
    rounding of a node's impurity grows with the root's sums over the node's weight:
    ``scale`` is 16 EPSILON times the root's weight (times the mean of y^2 in regression),
    and the allowance is that over the node's weight.  Integer class weights add up
    exactly: a node of one class is then certainly pure.
    """
    weights = [data.weights[r] for r in rows]
    node_weight = sum(float(w) for w in weights)
    if not node_weight:
        return "pure"
    rounding = scale / node_weight
    if isinstance(target, Classes):
        counts = target.part(rows, weights)
        if sum(1 for count in counts if count) <= 1 and all(type(w) is int for w in weights):
            return "pure"
        impurity = float(target.impurity(counts))
    else:
        sums = target.part(rows, weights)
        impurity = float(sums.squared_error() / Fraction(sums.weight))
    if impurity + rounding <= EPSILON:
        return "pure"
    return "impure" if impurity > EPSILON + rounding else "unsure"


def _scale(target: Target, rows: Sequence[int], data: Dataset) -> float:
    """16 EPSILON times the weight of the rows (times their mean of y^2 in regression)."""
    weights = [data.weights[r] for r in rows]
    total = sum(float(w) for w in weights)
    if isinstance(target, Classes):
        return 16 * EPSILON * total
    sums = target.part(rows, weights)
    squares = float(Fraction(sums.second) / (1 << 2 * sums.shift)) if sums.weight else 0.0
    return 16 * EPSILON * squares


def _improvement(target: Target, sides: Sequence[Sequence[int]], data: Dataset) -> float:
    """W_t times the impurity decrease of a split into ``sides``, recounted: scikit-learn's
    improvement times W."""
    weights = data.weights
    node_weight = sum(float(weights[r]) for side in sides for r in side)
    if isinstance(target, Classes):
        counts = [target.part(side, [weights[r] for r in side]) for side in sides]
        return float(target.decrease(counts)) * node_weight
    sums = [target.part(side, [weights[r] for r in side]) for side in sides]
    return float(target.decrease(sums)) * node_weight


@frozen
class _Measure:
    """The criterion as dtree counts it, and the rounding scale of scikit-learn's."""

    target: Target
    scale: float


@frozen
class _Node:
    tree: Tree
    rows: tuple[int, ...]
    depth: int
    path: tuple[str, ...]


def _range(data: Dataset, column: int, rows: Sequence[int]) -> tuple[float, float] | None:
    values = [float32(float(v)) for r in rows if (v := data.columns[column][r]) is not None]
    return (min(values), max(values)) if values else None


def _constant(span: tuple[float, float] | None) -> bool:
    return span is None or span[1] <= span[0] + FEATURE_THRESHOLD


def _best_thresholds(data: Dataset, column: int, rows: Sequence[int]) -> set[float]:
    """The thresholds the best splitter can place: a / 2 + b / 2 of neighbouring float32
    values a < b (a where that is b)."""
    values = sorted({float32(float(v)) for r in rows if (v := data.columns[column][r]) is not None})
    placed = set()
    for a, b in itertools.pairwise(values):
        if b > a + FEATURE_THRESHOLD:
            middle = a / 2.0 + b / 2.0
            placed.add(a if middle == b or math.isinf(middle) else middle)
    return placed


def _threshold_violations(
    data: Dataset,
    column: int,
    rows: Sequence[int],
    t: float,
    *,
    span: tuple[float, float],
    splitter: str,
) -> Iterator[tuple[str, str]]:
    """A threshold outside the node's range (a random splitter's draw lies in [min, max)),
    or, for the best splitter, no midpoint of two neighbouring values of the node."""
    if splitter == "random" and not span[0] <= t < span[1]:
        yield "threshold", f"{t!r} is outside [{span[0]!r}, {span[1]!r}), the node's range"
    if splitter == "best" and t not in _best_thresholds(data, column, rows):
        yield "threshold", f"{t!r} is no midpoint of two neighbouring values of the node"


def _split_violations(
    node: _Node, sides: Sequence[_Node], data: Dataset, rules: Rules, measure: _Measure | None
) -> Iterator[tuple[str, str]]:
    """The rules a split into ``sides`` breaks: (rule, what the data show)."""
    split = node.tree
    assert isinstance(split, Split)
    rows, weights = node.rows, data.weights
    n, weight = len(rows), sum(float(weights[r]) for r in rows)
    yield from _stopping(rules, node.depth, n, weight)
    condition = split.branches[0].condition
    assert isinstance(condition, AtMost)  # scikit-learn's trees test x <= t
    column, t = data.schema.index(condition.attribute), condition.threshold
    span = _range(data, column, rows)
    missing = any(data.columns[column][r] is None for r in rows)
    if span is None or not missing:
        if _constant(span):
            yield "constant attribute", f"{condition.attribute} is constant at the node: {span}"
            return
        assert span is not None
        yield from _threshold_violations(data, column, rows, t, span=span, splitter=rules.splitter)
    elif not (math.isinf(t) or _constant(span)):
        # with missing values: a cut of the known ones, or every known value against the
        # missing ones (+inf, or any threshold where the known values are one value)
        yield from _threshold_violations(data, column, rows, t, span=span, splitter=rules.splitter)
    for name, side in zip(("left", "right"), sides, strict=True):
        if len(side.rows) < max(1, rules.min_samples_leaf):
            yield "min_samples_leaf", f"the {name} child has {len(side.rows)} rows"
        side_weight = sum(float(weights[r]) for r in side.rows)
        if side_weight < rules.min_weight_leaf:
            yield "min_weight_fraction_leaf", f"the {name} child weighs {side_weight!r}"
    if measure is not None and all(side.rows for side in sides):
        if _purity(measure.target, rows, data, measure.scale) == "pure":
            yield "pure node", "scikit-learn makes a node of impurity <= EPSILON a leaf"
        improvement = _improvement(measure.target, [side.rows for side in sides], data)
        improvement /= rules.total_weight
        margin = MARGIN * weight / rules.total_weight
        if improvement + EPSILON + margin < rules.min_impurity_decrease:
            yield "min_impurity_decrease", f"the improvement is {improvement!r}"


def _stopping(rules: Rules, depth: int, n: int, weight: float) -> Iterator[tuple[str, str]]:
    """The stopping rules that hold at a node of ``n`` rows and ``weight``."""
    if rules.max_depth is not None and depth >= rules.max_depth:
        yield "max_depth", f"the node is at depth {depth}"
    if n < rules.min_samples_split:
        yield "min_samples_split", f"the node has {n} rows"
    if n < 2 * rules.min_samples_leaf:
        yield "min_samples_leaf", f"the node has {n} rows, fewer than 2 x {rules.min_samples_leaf}"
    if weight < 2 * rules.min_weight_leaf:
        yield "min_weight_fraction_leaf", f"the node weighs {weight!r}"


def _leaf_violations(
    node: _Node, data: Dataset, rules: Rules, measure: _Measure | None
) -> Iterator[tuple[str, str]]:
    """A leaf scikit-learn would have split (see the module's notes)."""
    rows, weights = node.rows, data.weights
    if not rules.forces_splits or measure is None or not rows:
        return
    weight = sum(float(weights[r]) for r in rows)
    if any(_stopping(rules, node.depth, len(rows), weight)):
        return
    if _purity(measure.target, rows, data, measure.scale) != "impure":
        return
    movable = [
        attribute.name
        for column, attribute in enumerate(data.schema.attributes)
        if not _constant(_range(data, column, rows))
    ]
    if movable:
        yield (
            "a leaf scikit-learn splits",
            (f"no rule stops the node, it is impure and {movable[0]} is not constant there"),
        )


def admissibility(
    reading: Reading,
    data: Dataset,
    rules: Rules,
    *,
    names: Sequence[str] = (),
    why: str = "scikit-learn drew at random",
) -> Admissibility:
    """Whether a read scikit-learn tree is one scikit-learn's ``rules`` allow on ``data``
    (see the module's notes): the reading's findings and every violation, node by node
    in preorder, each named by ``names`` (the peer's name of the k-th node in preorder;
    ``node k`` without).

    >>> from sklearn.tree import ExtraTreeClassifier
    >>> from dtree.conformance.sklearn_fit import sklearn_estimator
    >>> from dtree.datasets import load
    >>> data = load("iris")
    >>> fitted = sklearn_estimator(data, splitter="random", max_depth=3)
    >>> result = admissibility(sklearn_reading(fitted, data), data, rules_of(fitted, 150, 150.0))
    >>> result.agrees, result.n_splits + result.n_leaves == fitted.tree_.node_count
    (True, True)
    """
    impurity = SKLEARN_IMPURITIES.get(rules.criterion)
    rows = tuple(r for r in data.rows if data.weights[r] > 0)
    measure = None
    if impurity is not None:
        target = target_of(data, impurity)
        measure = _Measure(target, _scale(target, rows, data))
    stack = [_Node(reading.tree, rows, 0, ())]
    violations: list[Violation] = []
    n_splits = n_leaves = 0
    while stack:
        node = stack.pop()
        k = n_splits + n_leaves
        name = names[k] if k < len(names) else f"node {k}"
        if isinstance(node.tree, Leaf):
            n_leaves += 1
            broken = list(_leaf_violations(node, data, rules, measure))
        else:
            n_splits += 1
            sides = _children(node, data)
            broken = list(_split_violations(node, sides, data, rules, measure))
            stack.extend(reversed(sides))
        violations.extend(Violation(name, node.path, rule, detail) for rule, detail in broken)
    if rules.max_leaf_nodes is not None and n_leaves > rules.max_leaf_nodes:
        violations.append(Violation("the tree", (), "max_leaf_nodes", f"it has {n_leaves} leaves"))
    unchecked = (
        ()
        if measure is not None
        else (f"pure nodes and min_impurity_decrease ({rules.criterion})",)
    )
    return Admissibility(reading.findings, tuple(violations), n_splits, n_leaves, why, unchecked)


def _children(node: _Node, data: Dataset) -> list[_Node]:
    split = node.tree
    assert isinstance(split, Split)
    condition = split.branches[0].condition
    assert isinstance(condition, AtMost)
    column, t = data.schema.index(condition.attribute), condition.threshold
    values = data.columns[column]
    left = tuple(  # a missing value goes down the branch that takes it (scikit-learn's)
        r
        for r in node.rows
        if ((v := values[r]) is None and condition.missing)
        or (v is not None and float32(float(v)) <= t)
    )
    right = tuple(r for r in node.rows if r not in set(left))
    return [
        _Node(branch.subtree, side, node.depth + 1, (*node.path, describe(branch.condition)))
        for branch, side in zip(split.branches, (left, right), strict=True)
    ]


def preorder_ids(estimator: Any) -> tuple[int, ...]:
    """scikit-learn's node ids of a fitted tree in preorder (left before right), the order
    of the read tree's nodes: a best-first tree (``max_leaf_nodes``) numbers its nodes
    otherwise.

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> fitted = DecisionTreeClassifier(max_leaf_nodes=3, random_state=0).fit(
    ...     [[0.0], [1.0], [2.0], [3.0]], ["a", "b", "b", "c"])
    >>> preorder_ids(fitted)
    (0, 1, 2, 3, 4)
    """
    left = estimator.tree_.children_left.tolist()
    right = estimator.tree_.children_right.tolist()
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        if left[node] != -1:
            stack.extend((right[node], left[node]))
    return tuple(order)


def drawn(estimator: Any) -> str:
    """What a fitted scikit-learn tree drew at random that dtree cannot replay, in its
    settings' words; empty when nothing.

    >>> from sklearn.tree import DecisionTreeClassifier, ExtraTreeClassifier
    >>> drawn(ExtraTreeClassifier().fit([[0.0], [1.0]], ["a", "b"]))
    "splitter='random'"
    >>> drawn(DecisionTreeClassifier().fit([[0.0], [1.0]], ["a", "b"]))
    ''
    """
    draws = []
    if estimator.splitter == "random":
        draws.append("splitter='random'")
    if estimator.max_features_ < estimator.n_features_in_:
        draws.append(f"max_features={estimator.max_features!r}")
    return " and ".join(draws)


def sklearn_admissibility(
    estimator: Any, data: Dataset, *, reading: Reading | None = None, n_samples: int | None = None
) -> Admissibility:
    """The admissibility of scikit-learn's fitted tree on the data it was fit on
    (:func:`admissibility` with the estimator's :func:`rules_of`, its nodes named by their
    ids): ``reading`` when it was read already, ``n_samples`` the rows of the fit when
    ``data`` holds only those of positive weight (a forest's member).

    >>> from dtree.conformance.sklearn_fit import sklearn_estimator
    >>> from dtree.datasets import load
    >>> data = load("iris")
    >>> result = sklearn_admissibility(sklearn_estimator(data, max_features=2), data)
    >>> result.agrees, result.why
    (True, 'max_features=2')
    """
    reading = sklearn_reading(estimator, data) if reading is None else reading
    total_weight = math.fsum(float(data.weights[r]) for r in data.rows)
    rules = rules_of(estimator, len(data.rows) if n_samples is None else n_samples, total_weight)
    names = [f"scikit-learn's node {node}" for node in preorder_ids(estimator)]
    why = drawn(estimator) or "checked for admissibility"
    return admissibility(reading, data, rules, names=names, why=why)
