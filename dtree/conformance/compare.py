"""Comparing another system's tree with dtree's, node by node, ties told from disagreements.

:func:`compare` walks both trees from the root, at each node with the rows
of the training data that reach it (as :func:`dtree.grower.make_subtree.grow` partitions
them), and gives each node of their tree a verdict:

``same``
    Both split on the same attribute into the same partition of the node's
    rows, or both are leaves predicting the same.  Two thresholds may make
    the same partition from different places in the gap between the node's
    values (``conditions_differ``): then the two trees predict otherwise on
    the new values between them, and ``placements`` names the convention
    that puts each where it is (:func:`dtree.grower.midpoints.placement`):
    a disagreement of its own, under the verdict ``same``.
``tie``
    Different splits with exactly the same score under the learner: exact
    for Gini, misclassification and squared error, within
    :data:`dtree.impurity.TOLERANCE` for entropy; or leaves whose
    predictions are both a plurality of the node.  Both trees are right.
``real``
    A real disagreement: the two splits score differently (the report says
    which is better and by how much), or one of them is a split the learner
    would not make, or a leaf predicts what is not a plurality (or the mean).
``stopped``
    One side is a leaf where the other splits; ``rule`` is the stopping rule
    of the learner that holds there (:data:`dtree.grower.make_subtree.StopRule`), or
    ``"pruned"`` where dtree's learner would split but dtree's tree does
    not, or ``None`` where their tree stops and no rule of the learner
    does.  It is ``borderline`` when the split scores within the tolerance
    of the learner's threshold (zero gain, ``min_gain``,
    ``min_impurity_decrease``), where float rounding decides; never when
    their split is of a node whose impurity is exactly zero, or decreases
    the impurity by exactly zero or less (``gainless`` says which): no
    rounding decides that, and the split is a disagreement.
``below_tie`` and ``below_disagreement``
    The nodes of their tree under a tie or a disagreement, which are not
    compared: below different partitions there is no common node.

The predictions of both trees on the training rows are compared too,
except on the rows that reach a tie or a borderline stop (where both are
right).  Each leaf of their tree, whose statistics are the recount of the
training data (as every reader gives them), must predict what they give: a
plurality of the classes, or the mean; a leaf that predicts otherwise is a
:class:`~dtree.conformance.verdicts.Misprediction`, with both, whatever dtree's tree does there.
Their tree given as a :class:`~dtree.conformance.claims.Reading` brings
its findings, the peer's claims about its nodes that the data contradict
(:attr:`~dtree.conformance.verdicts.Comparison.findings`).  Their tree agrees with dtree's
(:attr:`~dtree.conformance.verdicts.Comparison.agrees`) when there is no finding, no real
disagreement, no stop that is not borderline, no threshold placed
otherwise, no missing value sent down another branch under
``missing="learned"``, no other surrogates under ``missing="surrogate"``, no
misprediction, and no other prediction differs.
The verdicts are values of :mod:`dtree.conformance.verdicts`.

Contents: :func:`compare`, :func:`same_prediction`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import assert_never

from attrs import evolve, frozen
from toolz import groupby

from dtree.arithmetic import Real
from dtree.conditions import (
    Above,
    AtMost,
    Condition,
    describe,
    format_prediction,
    takes_missing,
)
from dtree.conformance.claims import Finding, Reading, path_to
from dtree.conformance.gains import gainless as _gainless
from dtree.conformance.verdicts import Comparison, Misprediction, NodeVerdict, Side, Verdict
from dtree.counts import ClassStats, Moments, central
from dtree.dataset import Dataset, Label
from dtree.ensemble import predict_many
from dtree.errors import DtreeError
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import StopRule
from dtree.grower.midpoints import c45_threshold, j48_threshold, placement
from dtree.grower.monotonic import directions
from dtree.grower.node import Assessment, Node, assess, children, decide, root
from dtree.impurity import TOLERANCE
from dtree.surrogates import describe_surrogates
from dtree.tree import Leaf, Split, Tree, preorder

__all__ = ["compare", "same_prediction"]

# -- the walk ---------------------------------------------------------------------------------


def _describe(tree: Tree) -> str:
    match tree:
        case Leaf(prediction, _):
            return f"leaf: {format_prediction(prediction)}"
        case Split(branches, _):
            return ", ".join(describe(branch.condition) for branch in branches)
        case _:
            assert_never(tree)


def _conditions(split: Split) -> tuple[Condition, ...]:
    return tuple(branch.condition for branch in split.branches)


def _partition(nodes: Sequence[Node]) -> Counter[tuple[int, ...]]:
    """The partition of a node's rows into its branches' rows, empty branches left out."""
    return Counter(tuple(sorted(node.rows)) for node in nodes if node.rows)


def _paired(
    theirs: Split, ours: Split, their_nodes: Sequence[Node], our_nodes: Sequence[Node]
) -> Iterator[int | None]:
    """For each of their branches, our branch of the same rows (empty ones by condition,
    then in order), or None when no branch of ours has its rows."""
    ours_by_rows: dict[tuple[int, ...], list[int]] = groupby(
        lambda k: tuple(sorted(our_nodes[k].rows)), range(len(our_nodes))
    )
    empty = [k for k, node in enumerate(our_nodes) if not node.rows]
    for branch, node in zip(theirs.branches, their_nodes, strict=True):
        if node.rows:
            same_rows = ours_by_rows.get(tuple(sorted(node.rows)), [])
            yield same_rows.pop(0) if same_rows else None
            continue
        same = [j for j in empty if ours.branches[j].condition == branch.condition]
        if not (same or empty):
            yield None
            continue
        k = (same or empty)[0]
        empty.remove(k)
        yield k


def _is_zero(score: Real) -> bool:
    return abs(score) <= TOLERANCE if isinstance(score, float) else score == 0


def _equal(a: Real, b: Real) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return abs(float(a) - float(b)) <= TOLERANCE
    return a == b


def _key(assessment: Assessment | str) -> Real | None:
    return None if isinstance(assessment, str) else assessment.key


def _leaf_verdict(theirs: Leaf, ours: Leaf, node: Node) -> Verdict:
    """Two leaves: the same prediction; or two pluralities (a tie, or an empty node whose
    prediction is a convention); or a real disagreement."""
    if theirs.prediction == ours.prediction or node.weight == 0:
        return "same" if theirs.prediction == ours.prediction else "tie"
    match ours.stats:
        case ClassStats(classes, counts):
            top = max(counts)
            most = {label for label, count in zip(classes, counts, strict=True) if count == top}
            return "tie" if {theirs.prediction, ours.prediction} <= most else "real"
        case Moments():
            return "same" if same_prediction(theirs.prediction, ours.prediction) else "real"
        case _:
            assert_never(ours.stats)


def _borderline(learner: Learner, node: Node, score: Real | None) -> bool:
    """Whether a split's score lies within the tolerance of where the learner stops."""
    if score is None:
        return False
    weighted = float(node.weight) * float(score)
    return (
        _is_zero(score)
        or abs(float(score) - float(learner.min_gain)) <= TOLERANCE
        or (
            learner.min_impurity_decrease > 0
            and abs(weighted - float(learner.min_impurity_decrease) * float(node.weight))
            <= TOLERANCE * max(1.0, float(node.weight))
        )
    )


def _at(
    verdict: Verdict,
    path: tuple[str, ...],
    theirs: Tree,
    ours: Tree,
    node: Node,
    *,
    their_score: Real | None = None,
    our_score: Real | None = None,
    rule: str | None = None,
    side: Side | None = None,
    borderline: bool = False,
    conditions_differ: bool = False,
    placements: tuple[str, str] | None = None,
    gainless: str | None = None,
    missing_sides: tuple[int | None, int | None] | None = None,
    surrogates: tuple[str, str] | None = None,
) -> NodeVerdict:
    """The verdict on a node that both trees reach with ``node``'s rows."""
    return NodeVerdict(
        verdict,
        path,
        _describe(theirs),
        _describe(ours),
        node.weight,
        node.rows,
        their_score,
        our_score,
        rule,
        side,
        borderline,
        conditions_differ,
        placements,
        gainless,
        missing_sides,
        surrogates,
    )


def _stopped(
    theirs: Tree, ours: Tree, node: Node, learner: Learner, path: tuple[str, ...], *, data: Dataset
) -> NodeVerdict:
    """One side is a leaf: which rule explains it, and whether the split is borderline."""
    decision = decide(node)
    split = theirs if isinstance(theirs, Split) else ours
    assert isinstance(split, Split)
    score = _key(assess(node, _conditions(split)))
    rule: str | None
    gainless: str | None = None
    if isinstance(ours, Leaf):
        rule = decision.stop if decision.stop is not None else "pruned"
        their_score, our_score = score, None
        side: Side = "ours"
        if score is not None:
            gainless = _gainless(data, node, children(node, _conditions(split)), learner)
    else:
        stop: StopRule | None = decision.stop
        rule = stop
        their_score, our_score = None, score
        side = "theirs"
    return _at(
        "stopped",
        path,
        theirs,
        ours,
        node,
        their_score=their_score,
        our_score=our_score,
        rule=rule,
        side=side,
        borderline=gainless is None and _borderline(learner, node, score),
        gainless=gainless,
    )


def compare(theirs: Tree | Reading, ours: Tree, data: Dataset, learner: Learner) -> Comparison:
    """Their tree against dtree's, both grown on ``data``, judged by ``learner``'s scores.

    ``learner`` is the one dtree grew ``ours`` with (before any pruning):
    its score decides whether two different splits tie.  ``theirs`` read
    with its findings (:func:`~dtree.conformance.j48.j48_reading`,
    :func:`~dtree.conformance.rpart.rpart_reading`,
    :func:`~dtree.conformance.sklearn.sklearn_reading`) brings them into the
    comparison.

    >>> from dtree.conditions import Equals
    >>> from dtree.datasets import load
    >>> from dtree.grower.make_subtree import grow
    >>> from dtree.grower.learner import ID3
    >>> from dtree.routing import restated
    >>> from dtree.tree import Branch
    >>> data = load("play-tennis")
    >>> ours = grow(ID3, data)
    >>> wind = Split((Branch(Equals("Wind", "Strong"), ours.branches[0].subtree),
    ...               Branch(Equals("Wind", "Weak"), ours.branches[1].subtree)), ours.stats)
    >>> theirs = restated(wind, data)
    >>> result = compare(theirs, ours, data, ID3)
    >>> result.agrees, dict(result.counts)["real"]
    (False, 1)
    >>> print(result.text())  # doctest: +NORMALIZE_WHITESPACE
    same                       0
    tie                        0
    real disagreement          1
    one side stopped           0
    below a tie                0
    below a disagreement       4
    predictions differ on 5 of 14 rows (outside ties)
    first real disagreement, at the root (weight 14, 14 rows):
      theirs: Wind = Strong, Wind = Weak   score 0.048127
      ours:   Outlook = Overcast, Outlook = Rain, Outlook = Sunny   score 0.24675
      ours scores better, by 0.198623
    <BLANKLINE>
    """
    findings: tuple[Finding, ...] = ()
    if isinstance(theirs, Reading):
        findings = theirs.findings
        theirs = theirs.tree
    if theirs.stats.weight != ours.stats.weight and isinstance(theirs.stats, ClassStats):
        raise DtreeError(
            "the two trees were not grown on the same data: their root has weight "
            f"{theirs.stats.weight}, ours {ours.stats.weight}"
        )
    verdicts: list[NodeVerdict] = []
    excluded: set[int] = set()
    start = root(learner, data)
    stack: list[_Pair | _Unjudged] = [_Pair(theirs, ours, start, ())]
    while stack:
        item = stack.pop()
        if isinstance(item, _Unjudged):
            verdicts.append(item.verdict_of())
            stack.extend(reversed(item.below()))
            continue
        their_node, our_node, node, path = item.theirs, item.ours, item.node, item.path
        verdict = _judged(their_node, our_node, node, learner, path, data=data)
        verdicts.append(verdict)
        if verdict.borderline or (verdict.verdict == "tie" and isinstance(their_node, Leaf)):
            excluded.update(node.rows)
        if not isinstance(their_node, Split):
            continue
        if verdict.verdict == "real":
            stack.extend(reversed(_Unjudged(their_node, "below_disagreement", path).below()))
        elif (
            verdict.verdict == "tie"
            and isinstance(our_node, Split)
            and _bounds_part(their_node, our_node, learner, data)
        ):
            excluded.update(node.rows)
            stack.extend(reversed(_Unjudged(their_node, "below_tie", path).below()))
        elif verdict.verdict in ("same", "tie"):
            assert isinstance(our_node, Split)
            stack.extend(reversed(_below_both(their_node, our_node, node, path, excluded)))
    present = data.present()
    differing = _differing(theirs, ours, present, excluded)
    wrong = tuple(_mispredictions(theirs, learner))
    return Comparison(tuple(verdicts), differing, len(present.rows), findings, wrong)


def _bounds_part(theirs: Split, ours: Split, learner: Learner, data: Dataset) -> bool:
    """Whether two tied splits set their children different bounds under ``monotonic_cst``:
    one of them is on a constrained attribute and the other not on the same one, so the
    values below, clipped to the bounds, may differ while both trees are right."""
    if not learner.monotonic_cst or theirs.attribute == ours.attribute:
        return False
    constrained = directions(learner.monotonic_cst, data.schema)
    index = data.schema.index
    return bool(constrained[index(theirs.attribute)] or constrained[index(ours.attribute)])


@frozen(eq=False)
class _Pair:
    """A node of their tree and ours, reached by the same rows: to be judged."""

    theirs: Tree
    ours: Tree
    node: Node
    path: tuple[str, ...]


@frozen(eq=False)
class _Unjudged:
    """A node of their tree that has no counterpart in ours, below a tie or a disagreement."""

    tree: Tree
    verdict: Verdict
    path: tuple[str, ...]

    def verdict_of(self) -> NodeVerdict:
        return NodeVerdict(
            self.verdict, self.path, _describe(self.tree), "", self.tree.stats.weight, ()
        )

    def below(self) -> list[_Unjudged]:
        if not isinstance(self.tree, Split):
            return []
        return [
            _Unjudged(b.subtree, self.verdict, (*self.path, describe(b.condition)))
            for b in self.tree.branches
        ]


def _below_both(
    theirs: Split, ours: Split, node: Node, path: tuple[str, ...], excluded: set[int]
) -> list[_Pair | _Unjudged]:
    """Below a split that both trees make alike or that ties: each of their branches paired
    with ours of the same rows, to be judged; a branch with no such counterpart (below a tie
    of different partitions) is not compared, nor are the predictions of its rows."""
    their_nodes = children(node, _conditions(theirs))
    our_nodes = children(node, _conditions(ours))
    below: list[_Pair | _Unjudged] = []
    pairs = _paired(theirs, ours, their_nodes, our_nodes)
    for branch, child, k in zip(theirs.branches, their_nodes, pairs, strict=True):
        step = (*path, describe(branch.condition))
        if k is None:
            below.append(_Unjudged(branch.subtree, "below_tie", step))
            excluded.update(child.rows)
        else:
            below.append(_Pair(branch.subtree, ours.branches[k].subtree, child, step))
    return below


def _judged(
    theirs: Tree, ours: Tree, node: Node, learner: Learner, path: tuple[str, ...], *, data: Dataset
) -> NodeVerdict:
    """The verdict on one node where both trees have the same rows."""
    match theirs, ours:
        case Leaf(), Leaf():
            return _at(_leaf_verdict(theirs, ours, node), path, theirs, ours, node)
        case Split(), Split():
            return _splits(theirs, ours, node, learner, path, data=data)
        case _:
            return _stopped(theirs, ours, node, learner, path, data=data)


def _splits(
    theirs: Split,
    ours: Split,
    node: Node,
    learner: Learner,
    path: tuple[str, ...],
    *,
    data: Dataset,
) -> NodeVerdict:
    their_conditions, our_conditions = _conditions(theirs), _conditions(ours)
    sides = (_missing_branch(their_conditions), _missing_branch(our_conditions))
    if learner.missing != "learned":  # the branch of a missing value is none of its choices
        their_conditions, our_conditions = _known(their_conditions), _known(our_conditions)
    same_attribute = theirs.attribute == ours.attribute
    if same_attribute and their_conditions == our_conditions:
        verdict: Verdict = "same"
        their_score = our_score = None
    else:
        their_assessment = assess(node, their_conditions)
        their_score = _key(their_assessment)
        if (
            same_attribute
            and their_score is not None
            and _partition(children(node, their_conditions))
            == _partition(children(node, our_conditions))
        ):
            verdict = "same"
        else:
            our_score = _key(assess(node, our_conditions))
            if their_score is None or our_score is None:
                verdict = "real"
            else:
                verdict = "tie" if _equal(their_score, our_score) else "real"
            rule = their_assessment if isinstance(their_assessment, str) else None
            placed = _tie_placement(their_conditions, node, data, learner)
            return _at(
                verdict,
                path,
                theirs,
                ours,
                node,
                their_score=their_score,
                our_score=our_score,
                rule=rule,
                placements=placed if verdict == "tie" else None,
            )
    return _at(
        verdict,
        path,
        theirs,
        ours,
        node,
        conditions_differ=_known(their_conditions) != _known(our_conditions),
        placements=_placements(their_conditions, our_conditions, node, data),
        missing_sides=sides if learner.missing == "learned" and sides[0] != sides[1] else None,
        surrogates=_other_surrogates(theirs, ours, learner),
    )


def _other_surrogates(theirs: Split, ours: Split, learner: Learner) -> tuple[str, str] | None:
    """Both rules, where a learner of surrogate splits made the same split with others."""
    if learner.missing != "surrogate" or theirs.surrogates == ours.surrogates:
        return None
    return _surrogate_text(theirs), _surrogate_text(ours)


def _surrogate_text(split: Split) -> str:
    rule = split.surrogates
    return "no surrogates: shared out" if rule is None else describe_surrogates(rule)


def _missing_branch(conditions: Sequence[Condition]) -> int | None:
    """The branch a missing value takes (the one whose condition takes it), or None."""
    return next((k for k, c in enumerate(conditions) if takes_missing(c)), None)


def _known(conditions: tuple[Condition, ...]) -> tuple[Condition, ...]:
    """The conditions with no branch taking missing values (``x <= t``, not ``... or
    missing``)."""
    return tuple(
        evolve(c, missing=False) if isinstance(c, AtMost | Above) else c for c in conditions
    )


def _differing(theirs: Tree, ours: Tree, data: Dataset, excluded: set[int]) -> tuple[int, ...]:
    """The rows, outside ``excluded``, where the two trees predict differently."""
    their_predictions: Sequence[Label | float] = predict_many(theirs, data)
    our_predictions: Sequence[Label | float] = predict_many(ours, data)
    return tuple(
        row
        for k, row in enumerate(data.rows)
        if row not in excluded and not same_prediction(their_predictions[k], our_predictions[k])
    )


def same_prediction(a: Label | float, b: Label | float) -> bool:
    """Equal labels, or means equal but for the rounding of their sums (a relative 1e-9).

    >>> same_prediction("a", "a"), same_prediction(0.1 + 0.2, 0.3), same_prediction(1.0, 1.1)
    (True, True, False)
    """
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
    return a == b


def _placements(
    theirs: Sequence[Condition], ours: Sequence[Condition], node: Node, data: Dataset
) -> tuple[str, str] | None:
    """Where two thresholds of the same partition lie in the gap between the node's values
    (their convention, then ours), or None when they are the same threshold, follow the
    same convention (a midpoint of float32 images is a midpoint), or are not thresholds."""
    first, second = theirs[0], ours[0]
    if not (isinstance(first, AtMost) and isinstance(second, AtMost)):
        return None
    if first.threshold == second.threshold or (found := _gap(first, node, data)) is None:
        return None
    low, high, values = found
    places = (
        placement(first.threshold, low, high, values),
        placement(second.threshold, low, high, values),
    )
    return None if places[0] == places[1] != "elsewhere" else places


def _gap(condition: AtMost, node: Node, data: Dataset) -> tuple[float, float, list[float]] | None:
    """The node's values a < b around the threshold, and the attribute's training values (of
    the rows of positive weight, as the grower sees them)."""
    column = data.columns[data.schema.index(condition.attribute)]
    known = [float(v) for r in node.rows if isinstance(v := column[r], int | float)]
    low = max((x for x in known if x <= condition.threshold), default=None)
    high = min((x for x in known if x > condition.threshold), default=None)
    if low is None or high is None:
        return None
    present = (column[r] for r in data.rows if data.weights[r] > 0)  # the grower's values
    return low, high, sorted({float(v) for v in present if isinstance(v, int | float)})


def _tie_placement(
    theirs: Sequence[Condition], node: Node, data: Dataset, learner: Learner
) -> tuple[str, str] | None:
    """At a tie, their threshold's convention and the learner's, where the learner would
    put it elsewhere in the same gap (a tie of scores says nothing of where the threshold
    lies; the two trees then predict otherwise between the two places)."""
    first = theirs[0]
    if not isinstance(first, AtMost) or (found := _gap(first, node, data)) is None:
        return None
    low, high, values = found
    place = placement(first.threshold, low, high, values)
    rule = learner.threshold
    expected = {
        "midpoint": place == "midpoint",
        "c45": first.threshold == c45_threshold(low, high, values),
        "j48": first.threshold == j48_threshold(low, high, values),
        "rpart": place == "rpart",
    }[rule]
    return None if expected else (place, rule)


def _mispredictions(theirs: Tree, learner: Learner) -> Iterator[Misprediction]:
    """The leaves of their tree, reached by some weight, whose prediction their statistics
    contradict: not a plurality of the classes, or not the mean.  Under ``monotonic_cst``
    (a value clipped to its bounds) or ``absolute_error`` (a weighted median) a leaf's
    prediction is no function of its statistics alone: none is judged here, and the node
    verdicts compare their leaves' predictions with dtree's."""
    if learner.monotonic_cst or learner.impurity == "absolute_error":
        return
    visits = tuple(preorder(theirs))
    for k, visit in enumerate(visits):
        leaf = visit.node
        if not isinstance(leaf, Leaf) or leaf.stats.weight <= 0:
            continue
        match leaf.stats:
            case ClassStats(classes, counts):
                top = max(counts)
                plural = {c for c, n in zip(classes, counts, strict=True) if n == top}
                right = leaf.prediction in plural
            case Moments():
                right = same_prediction(leaf.prediction, leaf.stats.mean)
            case _:
                assert_never(leaf.stats)
        if not right:
            yield Misprediction(
                path_to(visits, k), leaf.prediction, central(leaf.stats), leaf.stats
            )
