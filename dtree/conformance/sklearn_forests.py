"""scikit-learn's forests checked member by member: :func:`check_forest`.

A fitted ``RandomForestClassifier`` / ``RandomForestRegressor`` or
``ExtraTreesClassifier`` / ``ExtraTreesRegressor`` keeps its members in
``estimators_``: decision trees (``ExtraTree*`` for ExtraTrees), each fit on
every row of X with the classes as indices 0..k-1 (``classes_`` of the
forest in its sorted order) and weights of its own.  :func:`check_forest`
reproduces each member's weights, reads the member on the rows it weighed
(:func:`dtree.conformance.sklearn.sklearn_reading`: every node's statistics
recounted, each contradicted claim a finding), checks it, and reproduces
the forest's out-of-bag estimate and its predictions from the read members.

The members' weights (scikit-learn 1.9, ``sklearn/ensemble/_forest.py``)
------------------------------------------------------------------------
Let s be the sampling weights: the dataset's weights times the class
weights (``class_weight``: a dict by label; ``"balanced"``, W / (k W_c) with
W the total weight and W_c that of class c among k classes; also
``"balanced_subsample"`` without bootstrap), or none when both are absent.
Without ``bootstrap`` a member weighs each row s (1 without s).  With it,
member i draws ``n_b`` rows with replacement from ``RandomState(seed_i)``,
seed_i its ``random_state``: ``randint(0, n, n_b)`` without s,
``choice(n, n_b, p=s / sum(s))`` with s; it weighs each row by how often it
was drawn -- the weights and class weights are in the draw, not in the
member's weights.  ``n_b`` is n, or ``max_samples`` (an integer), or
``max(int(max_samples x sum(s)), 1)`` (a fraction; sum(s) is n without s).
``"balanced_subsample"`` multiplies a drawn row's count by n_b / (k' c) for
its class drawn c times among the k' classes drawn.  scikit-learn before
1.9 drew uniformly and multiplied the counts by s (the change is
scikit-learn's pull request 31529): an older release is refused.
The rows a member drew none of are its out-of-bag rows.  The reproduced
draw is checked against the forest's own record of it
(``estimators_samples_``).

What is checked of a member
---------------------------
A member with the best splitter and every attribute drawn
(``RandomForest*`` with ``max_features`` None or 1.0) is compared node by
node with dtree's tree grown by :func:`dtree.conformance.learners.learner_for`
the member's settings on its weighted rows
(:func:`dtree.conformance.compare.compare`, ties named); any other member
(a random splitter, a draw of the features, or settings whose recipe
refuses the member's weights, such as ``min_samples_leaf`` on bootstrap
counts) is checked for admissibility only
(:func:`dtree.conformance.admissible.sklearn_admissibility`), and the result
says which and why.

Out of bag and predictions
--------------------------
A row's out-of-bag decision is the mean, over the members for which it is
out of bag, of the class proportions (classifier) or mean (regressor) of the
read member's leaf it reaches, routed by its float32 image as scikit-learn
routes it; a row out of no member's bag gets zeros, as scikit-learn gives
it.  ``oob_decision_function_`` / ``oob_prediction_`` must agree within
:data:`dtree.conformance.sklearn.RELATIVE` (of 1, or of the largest absolute
target); ``oob_score_`` (accuracy, or R^2 unweighted) exactly for a
classifier -- but for rows whose mean proportions tie exactly, where float
rounding picks among the tied classes, each such row moving the accuracy by
1 / n -- and within RELATIVE for a regressor.  ``predict_proba`` /
``predict`` on the training rows is the mean of the read members', within
RELATIVE.  Each difference is a :class:`~dtree.conformance.claims.Finding`.

Contents: :func:`check_forest`, :class:`ForestCheck`, :class:`MemberCheck`,
:func:`member_weights`, :func:`sampling_weights`, :func:`sklearn_forest`,
:data:`DRAWN_BY_WEIGHT`.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Literal

from attrs import frozen

from dtree.arithmetic import float32
from dtree.conformance.admissible import Admissibility, rules_of, sklearn_admissibility
from dtree.conformance.claims import Finding, Reading
from dtree.conformance.compare import compare
from dtree.conformance.learners import learner_for
from dtree.conformance.sklearn import RELATIVE, arrays_reading, node_values
from dtree.conformance.sklearn_fit import sklearn_fitted, sklearn_value
from dtree.conformance.verdicts import Comparison
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Weight
from dtree.errors import DtreeError, quote
from dtree.tree import Leaf, distribution, reach

__all__ = [
    "DRAWN_BY_WEIGHT",
    "ForestCheck",
    "MemberCheck",
    "check_forest",
    "member_weights",
    "sampling_weights",
    "sklearn_forest",
]

Kind = Literal["random", "extra"]
FORESTS = {
    ("random", True): "RandomForestClassifier",
    ("random", False): "RandomForestRegressor",
    ("extra", True): "ExtraTreesClassifier",
    ("extra", False): "ExtraTreesRegressor",
}


def sklearn_forest(data: Dataset, kind: Kind = "random", **params: object) -> Any:
    """scikit-learn's forest (``kind`` random: ``RandomForest*``, extra: ``ExtraTrees*``)
    fit on ``data`` with ``params``, as :func:`dtree.conformance.sklearn_fit.sklearn_estimator`
    fits a tree: the attributes in schema order, the target (a class as its label), the
    weights as ``sample_weight`` (none when all are 1); ``random_state`` 0 unless given.

    >>> from dtree.datasets import load
    >>> len(sklearn_forest(load("iris"), n_estimators=3).estimators_)
    3
    """
    name = FORESTS[kind, data.schema.is_classification]
    return sklearn_fitted("sklearn.ensemble", name, data, params)


def _check_forest(forest: Any, data: Dataset) -> bool:
    """Whether ``forest`` is a fitted classifier forest (True) or regressor forest (False)."""
    ensemble = importlib.import_module("sklearn.ensemble")
    kinds = tuple(getattr(ensemble, name) for name in FORESTS.values())
    if not isinstance(forest, kinds):
        raise DtreeError(f"{quote(forest)} is not a RandomForest or ExtraTrees estimator")
    if not hasattr(forest, "estimators_"):
        raise DtreeError(f"{quote(forest)} is not fitted: call its fit method first")
    if forest.n_outputs_ != 1:
        raise DtreeError(f"the forest predicts {forest.n_outputs_} targets; dtree one")
    classification = hasattr(forest, "classes_")
    if classification != data.schema.is_classification:
        raise DtreeError("the forest and the dataset differ in kind (classes or a number)")
    return classification


def _class_weights(forest: Any, data: Dataset) -> Any:
    """Each row's class weight (numpy, in ``data.rows`` order), or None: ``class_weight``
    as the forest applies it before any draw (``"balanced_subsample"`` with bootstrap is
    applied to each draw instead: :func:`member_weights`).

    A seam: scikit-learn's single trees weigh classes the same way; one function for
    both belongs with the reader of single trees.
    """
    import numpy as np  # noqa: PLC0415  (scikit-learn brings numpy)

    chosen = getattr(forest, "class_weight", None)
    if chosen is None or (chosen == "balanced_subsample" and forest.bootstrap):
        return None
    labels = [str(data.target[r]) for r in data.rows]
    classes = [str(c) for c in forest.classes_.tolist()]
    index = np.array([classes.index(label) for label in labels])
    if isinstance(chosen, dict):
        by_class = np.array([float(chosen.get(_key(c), 1.0)) for c in classes])
    else:  # "balanced", W / (k W_c) on the dataset's weights
        weights = np.array([float(data.weights[r]) for r in data.rows])
        totals = np.bincount(index, weights=weights, minlength=len(classes))
        by_class = np.sum(totals) / (len(classes) * totals)
    return by_class[index]


def _key(label: str) -> int | str:
    """A class's key in a ``class_weight`` dict, as scikit-learn looks it up: an integer
    when the label reads as one."""
    try:
        return int(label)
    except ValueError:
        return label


def sampling_weights(forest: Any, data: Dataset) -> Any:
    """s, the weights the forest draws its rows by (or gives its members without bootstrap):
    the dataset's weights times the class weights, None when neither is given (numpy, in
    ``data.rows`` order).

    >>> from dtree.datasets import load
    >>> iris = load("iris")
    >>> sampling_weights(sklearn_forest(iris, n_estimators=1), iris) is None
    True
    >>> s = sampling_weights(sklearn_forest(iris, n_estimators=1, class_weight={"setosa": 2}), iris)
    >>> float(s.sum())
    200.0
    """
    import numpy as np  # noqa: PLC0415

    weights = [float(data.weights[r]) for r in data.rows]
    given = None if set(weights) <= {1.0} else np.array(weights)
    classes = _class_weights(forest, data) if hasattr(forest, "classes_") else None
    if given is None:
        return classes
    return given if classes is None else given * classes


def _n_drawn(forest: Any, n: int, s: Any) -> int:
    """n_b: how many rows each member draws."""
    chosen = forest.max_samples
    if chosen is None:
        return n
    if isinstance(chosen, int):
        return chosen
    total = n if s is None else float(s.sum())
    return max(int(chosen * total), 1)


def _drawn(seed: int, n: int, n_b: int, s: Any) -> Any:
    """The rows member ``seed`` draws (positions in ``data.rows``)."""
    import numpy as np  # noqa: PLC0415

    state = np.random.RandomState(seed)
    if s is None:
        return state.randint(0, n, n_b)
    return state.choice(n, n_b, replace=True, p=s / np.sum(s))


def _subsample_balanced(index: Any, drawn: Any, n_classes: int) -> Any:
    """``"balanced_subsample"``: each row's class weight n_b / (k' c) on the draw."""
    import numpy as np  # noqa: PLC0415

    counts = np.bincount(index[drawn], minlength=n_classes).astype(float)
    present = counts > 0
    by_class = np.zeros(n_classes)
    by_class[present] = float(len(drawn)) / (int(present.sum()) * counts[present])
    return by_class[index]


DRAWN_BY_WEIGHT = (1, 9)
"""The scikit-learn release from which a forest draws its rows by their weights (and gives
its members the counts alone): the rule :func:`member_weights` reproduces."""


def _check_release() -> None:
    """Refuse a scikit-learn older than :data:`DRAWN_BY_WEIGHT`, whose draw is not
    reproduced."""
    version = importlib.import_module("sklearn").__version__
    release = tuple(int(part) for part in version.split(".")[:2] if part.isdigit())
    if release < DRAWN_BY_WEIGHT:
        raise DtreeError(
            f"scikit-learn {version} draws a forest's rows uniformly and multiplies the counts"
            " by the weights; dtree reproduces the draw of scikit-learn 1.9 and later"
        )


def member_weights(forest: Any, data: Dataset) -> tuple[tuple[Weight, ...], ...]:
    """Each member's weight of each row of ``data`` (indexed as its columns; 0 for a row
    not in ``data.rows``), reproduced as the module's notes say: integers where they are
    counts.

    >>> from dtree.datasets import load
    >>> iris = load("iris")
    >>> weights = member_weights(sklearn_forest(iris, n_estimators=2), iris)
    >>> [sum(w) for w in weights], [sum(1 for x in w if x == 0) for w in weights]
    ([150, 150], [56, 50])
    """
    import numpy as np  # noqa: PLC0415

    _check_release()
    rows, n = data.rows, len(data.rows)
    s = sampling_weights(forest, data)
    members: list[tuple[Weight, ...]] = []
    for member in forest.estimators_:
        if not forest.bootstrap:
            own: list[Weight] = [1] * n if s is None else [float(w) for w in s.tolist()]
        else:
            drawn = _drawn(member.random_state, n, _n_drawn(forest, n, s), s)
            counts = np.bincount(drawn, minlength=n)
            own = [int(c) for c in counts.tolist()]
            if forest.class_weight == "balanced_subsample" and hasattr(forest, "classes_"):
                classes = [str(c) for c in forest.classes_.tolist()]
                index = np.array([classes.index(str(data.target[r])) for r in rows])
                balanced = counts * _subsample_balanced(index, drawn, len(classes))
                own = [float(w) for w in balanced.tolist()]
        weights: list[Weight] = [0] * len(data.target)
        for row, weight in zip(rows, own, strict=True):
            weights[row] = weight
        members.append(tuple(weights))
    return tuple(members)


def _member_reading(member: Any, forest: Any, data: Dataset) -> Reading:
    """A member read on its weighted rows: its arrays, whose ``value`` columns are the
    forest's classes (the member was fit on their indices)."""
    classes = getattr(forest, "classes_", None)
    return arrays_reading(member.tree_, data, classes=classes, values=node_values(member))


@frozen
class MemberCheck:
    """One member's check: its index, the rows it weighed (positive weight), ``how`` it
    was checked (``node by node`` or ``admissibility``), ``why`` (what drew at random, or
    the recipe's refusal) and the result."""

    index: int
    rows: int
    how: Literal["node by node", "admissibility"]
    why: str
    result: Comparison | Admissibility

    @property
    def agrees(self) -> bool:
        """Whether the member agrees with dtree's tree, or is admissible."""
        return self.result.agrees


def _member_settings(member: Any, n_samples: int, total: float) -> dict[str, object]:
    """The member's settings, in scikit-learn's words, that :func:`learner_for` maps."""
    rules = rules_of(member, n_samples, total)
    settings: dict[str, object] = {
        "criterion": rules.criterion,
        "max_depth": rules.max_depth,
        "max_leaf_nodes": rules.max_leaf_nodes,
        "min_impurity_decrease": rules.min_impurity_decrease,
        "ccp_alpha": float(member.ccp_alpha),
    }
    if rules.min_samples_leaf > 1:
        settings["min_samples_leaf"] = rules.min_samples_leaf
    if rules.min_samples_split > 2:
        settings["min_samples_split"] = rules.min_samples_split
    if member.min_weight_fraction_leaf:
        settings["min_weight_fraction_leaf"] = member.min_weight_fraction_leaf
    if getattr(member, "monotonic_cst", None) is not None:
        settings["monotonic_cst"] = [int(d) for d in member.monotonic_cst]
    return settings


def _check_member(index: int, member: Any, reading: Reading, data: Dataset, n: int) -> MemberCheck:
    """A member read as ``reading`` on its weighted rows ``data`` (of a forest fit on ``n``
    rows), compared node by node where dtree can grow its tree, else checked for
    admissibility."""
    total = math.fsum(float(data.weights[r]) for r in data.rows)
    why = "splitter='random'" if member.splitter == "random" else ""
    if not why and member.max_features_ < member.n_features_in_:
        why = f"max_features={quote(member.max_features)}"
    if not why:
        try:
            recipe = learner_for("sklearn", **_member_settings(member, n, total))
            ours = recipe(data)
        except DtreeError as error:
            why = str(error)
        else:
            result = compare(reading, ours, data, recipe.learner_on(data))
            return MemberCheck(index, len(data.rows), "node by node", "", result)
    admissible = sklearn_admissibility(member, data, reading=reading, n_samples=n)
    return MemberCheck(index, len(data.rows), "admissibility", why, admissible)


def _leaf(tree: Leaf | Any, example: dict[str, float]) -> Leaf:
    ((node, _),) = reach(tree, example)
    assert isinstance(node, Leaf)
    return node


def _answer(leaf: Leaf, classes: Sequence[str]) -> tuple[Fraction | float, ...]:
    """A read member's answer at a leaf: its class proportions in the forest's order
    (:func:`dtree.tree.distribution`), or its value, the member's own (the reader checks it
    against the recounted mean, except where ``monotonic_cst`` clips it)."""
    if isinstance(leaf.stats, ClassStats):
        proportions = distribution(leaf)
        return tuple(proportions[leaf.stats.classes.index(label)] for label in classes)
    return (float(leaf.prediction),)


@frozen
class ForestCheck:
    """A forest checked: each member's :class:`MemberCheck`, and the findings about the
    forest (its record of the draws, its out-of-bag estimate, its predictions)."""

    members: tuple[MemberCheck, ...]
    findings: tuple[Finding, ...]

    @property
    def agrees(self) -> bool:
        """Whether every member agrees (or is admissible) and nothing was found."""
        return not self.findings and all(member.agrees for member in self.members)

    def text(self) -> str:
        """The check as text: a line per member, then the findings."""
        lines = []
        for member in self.members:
            verdict = "agrees" if member.agrees else "PARTS"
            why = f" ({member.why})" if member.why else ""
            lines.append(f"member {member.index}: {member.rows} rows, {member.how}{why}: {verdict}")
            if not member.agrees:
                lines.extend("  " + line for line in member.result.text().splitlines())
        lines.extend(f"finding: {finding}" for finding in self.findings)
        return "\n".join(lines) + "\n"

    def json(self) -> str:
        """The check as JSON: agreement, each member's check, and the findings."""
        members = [
            {
                "index": m.index,
                "rows": m.rows,
                "how": m.how,
                "why": m.why,
                "agrees": m.agrees,
                "result": json.loads(m.result.json()),
            }
            for m in self.members
        ]
        findings = [finding.json() for finding in self.findings]
        return json.dumps(
            {"agrees": self.agrees, "members": members, "findings": findings}, indent=1
        )


def _routed_answers(
    readings: Sequence[Reading], data: Dataset, classes: Sequence[str]
) -> list[list[tuple[Fraction | float, ...]]]:
    """Each member's answer for each of ``data.rows``, routed by float32 images."""
    names = data.schema.names
    examples = [
        {
            name: float32(sklearn_value(column[r]))
            for name, column in zip(names, data.columns, strict=True)
        }
        for r in data.rows
    ]
    return [[_answer(_leaf(reading.tree, x), classes) for x in examples] for reading in readings]


def _mean(
    answers: Sequence[tuple[Fraction | float, ...]], width: int
) -> tuple[Fraction | float, ...]:
    if not answers:
        return (0,) * width
    return tuple(sum(a[k] for a in answers) / len(answers) for k in range(width))


def _differs(ours: Sequence[Sequence[Fraction | float]], theirs: Any, scale: float) -> int | None:
    """The first row where two tables of answers differ by more than RELATIVE x scale."""
    for row, (mine, their) in enumerate(
        zip(ours, theirs.reshape(len(ours), -1).tolist(), strict=True)
    ):
        if any(abs(float(a) - b) > RELATIVE * scale for a, b in zip(mine, their, strict=True)):
            return row
    return None


def _first_top(decision: Sequence[Fraction | float], classes: Sequence[str]) -> str:
    """The first class of largest mean (numpy's argmax)."""
    return classes[max(range(len(decision)), key=lambda k: (decision[k], -k))]


Answers = Sequence[tuple[Fraction | float, ...]]
"""An answer per row: class proportions in the forest's order, or a one-tuple of a mean."""


def _table_finding(
    what: str, ours: Answers, theirs: Any, rows: Sequence[int], scale: float
) -> list[Finding]:
    """A finding at the first row where scikit-learn's table ``what`` is not ours."""
    row = _differs(ours, theirs, scale)
    if row is None:
        return []
    their = tuple(theirs.reshape(len(ours), -1)[row].tolist())
    return [
        Finding(
            "the forest",
            (),
            f"scikit-learn's {what} of row {rows[row]}",
            their,
            tuple(map(float, ours[row])),
        )
    ]


def _accuracy_finding(
    score: float, decisions: Answers, labels: Sequence[str], classes: Sequence[str]
) -> list[Finding]:
    """scikit-learn's out-of-bag accuracy against the decisions': exact but for the rows
    whose classes tie within float rounding, which may count either way."""
    tops = [[classes[k] for k, p in enumerate(d) if p >= max(d) - RELATIVE] for d in decisions]
    pairs = list(zip(tops, labels, strict=True))
    right = sum(1 for top, label in pairs if top == [label])
    tied = sum(1 for top, label in pairs if len(top) > 1 and label in top)
    n = len(labels)
    if right / n - RELATIVE <= score <= (right + tied) / n + RELATIVE:
        return []
    firsts = sum(
        1 for d, label in zip(decisions, labels, strict=True) if _first_top(d, classes) == label
    )
    return [Finding("the forest", (), "scikit-learn's oob_score_", score, firsts / n)]


def _r2_finding(score: float, decisions: Answers, ys: Sequence[float]) -> list[Finding]:
    """scikit-learn's out-of-bag R^2 (unweighted) against the decisions', within RELATIVE."""
    mean = math.fsum(ys) / len(ys)
    residual = math.fsum((y - float(d[0])) ** 2 for y, d in zip(ys, decisions, strict=True))
    spread = math.fsum((y - mean) ** 2 for y in ys)
    ours = 1 - residual / spread if spread else 0.0
    if abs(score - ours) <= RELATIVE * max(1.0, abs(ours)):
        return []
    return [Finding("the forest", (), "scikit-learn's oob_score_", score, ours)]


def _oob_findings(
    forest: Any,
    data: Dataset,
    answers: Sequence[Answers],
    weights: Sequence[Sequence[Weight]],
    *,
    classes: Sequence[str],
    scale: float,
) -> list[Finding]:
    """The out-of-bag decisions and score reproduced from the members' ``answers`` on
    their out-of-bag rows (``weights`` 0), against the forest's; a score of the forest's own
    ``oob_score`` function is not checked."""
    rows = data.rows
    width = max(1, len(classes))
    decisions = [
        _mean([answers[m][i] for m in range(len(answers)) if weights[m][r] == 0], width)
        for i, r in enumerate(rows)
    ]
    attribute = "oob_decision_function_" if classes else "oob_prediction_"
    found = _table_finding(attribute, decisions, getattr(forest, attribute), rows, scale)
    score = float(forest.oob_score_)
    if callable(forest.oob_score):
        return found
    if classes:
        labels = [str(data.target[r]) for r in rows]
        return found + _accuracy_finding(score, decisions, labels, classes)
    return found + _r2_finding(score, decisions, [float(data.target[r]) for r in rows])


def _draw_findings(
    forest: Any, data: Dataset, weights: Sequence[Sequence[Weight]]
) -> list[Finding]:
    """Each member whose reproduced draw is not the forest's record of it
    (``estimators_samples_``)."""
    found = []
    for index, (own, theirs) in enumerate(zip(weights, forest.estimators_samples_, strict=True)):
        drawn = [i for i, r in enumerate(data.rows) if own[r]]
        recorded = sorted(set(theirs.tolist()))
        if drawn != recorded:
            what = "scikit-learn's estimators_samples_ (rows drawn)"
            found.append(Finding(f"member {index}", (), what, tuple(recorded), tuple(drawn)))
    return found


def check_forest(forest: Any, data: Dataset) -> ForestCheck:
    """scikit-learn's fitted forest checked on the data it was fit on (see the module's
    notes): each member read on its reproduced weights and compared node by node or checked
    for admissibility; the forest's record of its draws, its out-of-bag estimate and its
    predictions reproduced from the read members.

    >>> from dtree.datasets import load
    >>> iris = load("iris")
    >>> result = check_forest(sklearn_forest(iris, n_estimators=3, max_features=None), iris)
    >>> result.agrees, [member.how for member in result.members]
    (True, ['node by node', 'node by node', 'node by node'])
    """
    classification = _check_forest(forest, data)
    classes = [str(c) for c in forest.classes_.tolist()] if classification else []
    if any(v is None for column in data.columns for v in column):
        raise DtreeError(
            "the dataset has missing values: check_forest does not yet send them down the"
            " members for the out-of-bag estimate; check the trees one by one (dtree check)"
        )
    weights = member_weights(forest, data)
    n = len(data.rows)
    members, readings = [], []
    for index, (member, own) in enumerate(zip(forest.estimators_, weights, strict=True)):
        member_data = data.with_weights(own).present()
        reading = _member_reading(member, forest, member_data)
        members.append(_check_member(index, member, reading, member_data, n))
        readings.append(reading)
    findings = _draw_findings(forest, data, weights) if forest.bootstrap else []
    targets = [] if classification else [abs(float(data.target[r])) for r in data.rows]
    scale = max([1.0, *targets])
    answers = _routed_answers(readings, data, classes)
    if forest.oob_score:
        findings.extend(_oob_findings(forest, data, answers, weights, classes=classes, scale=scale))
    mean = [_mean([a[i] for a in answers], max(1, len(classes))) for i in range(n)]
    x = [[sklearn_value(column[r]) for column in data.columns] for r in data.rows]
    theirs = forest.predict_proba(x) if classification else forest.predict(x)
    what = "predict_proba" if classification else "predict"
    findings.extend(_table_finding(what, mean, theirs, data.rows, scale))
    return ForestCheck(tuple(members), tuple(findings))
