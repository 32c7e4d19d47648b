"""What a comparison says: the verdict on each node of their tree, and the whole comparison.

:func:`dtree.conformance.compare.compare` walks their tree and dtree's and gives each node
of theirs a :class:`NodeVerdict` (see its module for what each verdict means); the
:class:`Comparison` holds them, with the rows on which the trees predict otherwise, the
peer's claims the data contradict (:class:`~dtree.conformance.claims.Finding`) and their
leaves whose predictions their statistics contradict (:class:`Misprediction`), as text
and as JSON.

Contents: :data:`Verdict`, :data:`VERDICTS`, :data:`Side`, :class:`NodeVerdict`,
:class:`Misprediction`, :class:`Comparison`, :data:`SHOWN_FINDINGS`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal, assert_never, get_args

from attrs import frozen

from dtree.arithmetic import Real, exact_text
from dtree.conditions import format_rounded
from dtree.conformance.claims import Finding, written
from dtree.counts import ClassStats, Moments, Stats
from dtree.dataset import Label, Weight

__all__ = [
    "SHOWN_FINDINGS",
    "VERDICTS",
    "Comparison",
    "Misprediction",
    "NodeVerdict",
    "Side",
    "Verdict",
]

Verdict = Literal["same", "tie", "real", "stopped", "below_tie", "below_disagreement"]
VERDICTS: tuple[Verdict, ...] = get_args(Verdict)
Side = Literal["theirs", "ours"]
"""Their tree or dtree's: the one that stopped, where one side is a leaf and the other splits."""

_LABELS: Mapping[Verdict, str] = {
    "same": "same",
    "tie": "tie",
    "real": "real disagreement",
    "stopped": "one side stopped",
    "below_tie": "below a tie",
    "below_disagreement": "below a disagreement",
}


@frozen
class NodeVerdict:
    """The verdict on one node of their tree.

    ``path`` is the conditions from the root to the node (their tree's);
    ``theirs`` and ``ours`` describe the node in each tree (a split's
    conditions, or a leaf's prediction); ``their_score`` and ``our_score``
    are the learner's scores of the two splits (gain ratios for C4.5), None
    for a leaf or a split the learner would not make, whose reason is
    ``rule``; ``rows`` are the training rows that reach the node and
    ``weight`` their weight there; ``placements`` (their threshold's
    convention, then ours) where the two thresholds make the same partition
    from different places; ``gainless`` why their split gains nothing,
    exactly; ``missing_sides`` (their branch for a missing value, then ours: an index, or
    None where the value is spread) where a learner that learns that branch
    (``missing="learned"``) would send it otherwise; ``surrogates`` (theirs, then ours, as
    :func:`dtree.surrogates.describe_surrogates` writes them) where a learner of
    surrogate splits (``missing="surrogate"``) makes the same split with others.
    """

    verdict: Verdict
    path: tuple[str, ...]
    theirs: str
    ours: str
    weight: Weight
    rows: tuple[int, ...]
    their_score: Real | None = None
    our_score: Real | None = None
    rule: str | None = None
    side: Side | None = None
    borderline: bool = False
    conditions_differ: bool = False
    placements: tuple[str, str] | None = None
    gainless: str | None = None
    missing_sides: tuple[int | None, int | None] | None = None
    surrogates: tuple[str, str] | None = None

    @property
    def where(self) -> str:
        """The path to the node, as text."""
        return " / ".join(self.path) if self.path else "the root"


@frozen
class Misprediction:
    """A leaf of their tree whose prediction its (recounted) statistics contradict:
    ``theirs`` is the peer's prediction, ``recounted`` what the statistics give (the first
    plurality, or the mean), ``stats`` the statistics."""

    path: tuple[str, ...]
    theirs: Label | float
    recounted: Label | float
    stats: Stats

    @property
    def message(self) -> str:
        """The misprediction in one line.

        >>> from dtree.counts import ClassStats
        >>> print(Misprediction(("x <= 2",), "b", "a", ClassStats(("a", "b"), (2, 1))).message)
        the leaf at x <= 2 predicts 'b', its statistics 'a' (a: 2, b: 1)
        """
        where = " / ".join(self.path) if self.path else "the root"
        return (
            f"the leaf at {where} predicts {written(self.theirs)}, its statistics"
            f" {written(self.recounted)} ({_stats_text(self.stats)})"
        )

    def json(self) -> dict[str, object]:
        """The misprediction as a JSON object."""
        return {
            "path": list(self.path),
            "theirs": self.theirs,
            "recounted": self.recounted,
            "stats": _stats_text(self.stats),
        }


def _stats_text(stats: Stats) -> str:
    match stats:
        case ClassStats(classes, counts):
            return ", ".join(f"{c}: {exact_text(n)}" for c, n in zip(classes, counts, strict=True))
        case Moments():
            return f"weight {exact_text(stats.weight)}, mean {exact_text(stats.mean)}"
        case _:
            assert_never(stats)


@frozen
class Comparison:
    """Their tree against dtree's, node by node (preorder of their tree), and predictions.

    ``differing_rows`` are the training rows, outside ties and borderline
    stops, where the two trees predict differently; ``n_rows`` is the number
    of training rows (of positive weight: a row of weight 0 is absent);
    ``findings`` are the peer's claims about its tree that the data
    contradict (:class:`~dtree.conformance.claims.Finding`), in the order
    of the peer's output; ``mispredictions`` are their leaves that predict
    what their statistics do not give (:class:`Misprediction`).
    """

    nodes: tuple[NodeVerdict, ...]
    differing_rows: tuple[int, ...]
    n_rows: int
    findings: tuple[Finding, ...] = ()
    mispredictions: tuple[Misprediction, ...] = ()

    @property
    def counts(self) -> Mapping[Verdict, int]:
        """How many nodes of their tree got each verdict."""
        found = Counter(node.verdict for node in self.nodes)
        return {verdict: found[verdict] for verdict in VERDICTS}

    @property
    def disagreements(self) -> tuple[NodeVerdict, ...]:
        """The real disagreements, the stops that are not borderline, the thresholds placed
        otherwise and the missing values sent down another branch."""
        return tuple(node for node in self.nodes if _disagrees(node))

    @property
    def agrees(self) -> bool:
        """No finding, no real disagreement, no stop that is not borderline, no threshold
        placed otherwise, no missing value sent down another branch, no other surrogates, no
        misprediction, no other prediction differs."""
        return not (
            self.findings or self.disagreements or self.differing_rows or self.mispredictions
        )

    def text(self) -> str:
        """A short report: the table of counts, the predictions, the findings (the first
        :data:`SHOWN_FINDINGS`), then the first disagreement."""
        lines = [f"{_LABELS[verdict]:<22}{count:>6}" for verdict, count in self.counts.items()]
        placed = sum(node.placements is not None for node in self.nodes)
        sent = sum(node.missing_sides is not None for node in self.nodes)
        surrogates = sum(node.surrogates is not None for node in self.nodes)
        if placed:
            lines.append(f"of the same, threshold placed otherwise: {placed}")
        if sent:
            lines.append(f"of the same, missing values sent otherwise: {sent}")
        if surrogates:
            lines.append(f"of the same, other surrogates: {surrogates}")
        lines.append(
            f"predictions differ on {len(self.differing_rows)} of {self.n_rows} rows (outside ties)"
        )
        lines.extend(_findings_text(self.findings))
        lines.extend(f"misprediction: {wrong.message}" for wrong in self.mispredictions)
        first = next(iter(self.disagreements), None)
        tie = next((node for node in self.nodes if node.verdict == "tie"), None)
        if first is not None:
            kind = {"real": "real disagreement", "stopped": "one side stopped"}.get(
                first.verdict,
                "threshold placed otherwise"
                if first.placements
                else "other surrogates"
                if first.surrogates
                else "missing values sent otherwise",
            )
            lines.extend(_explained(first, kind))
        elif not self.differing_rows:
            lines.append("no real disagreement")
            if tie is not None and tie.their_score is not None:
                lines.extend(_explained(tie, "tie"))
        return "\n".join(line for line in lines if line) + "\n"

    def json(self) -> str:
        """The comparison as JSON: agreement, counts, differing rows, every node, and every
        finding."""
        return json.dumps(
            {
                "agrees": self.agrees,
                "counts": dict(self.counts),
                "rows": self.n_rows,
                "differing_rows": list(self.differing_rows),
                "nodes": [_node_json(node) for node in self.nodes],
                "findings": [finding.json() for finding in self.findings],
                "mispredictions": [wrong.json() for wrong in self.mispredictions],
            },
            indent=1,
        )


SHOWN_FINDINGS = 10
"""How many findings :meth:`Comparison.text` lists (:meth:`Comparison.json` gives all)."""


def _findings_text(findings: Sequence[Finding]) -> list[str]:
    """The lines of the report that list the findings: how many, then each of the first few."""
    if not findings:
        return []
    n = len(findings)
    lines = [
        f"{n} {'finding' if n == 1 else 'findings'}: the peer's claims that the data contradict"
    ]
    lines.extend(f"  {finding}" for finding in findings[:SHOWN_FINDINGS])
    if n > SHOWN_FINDINGS:
        lines.append(f"  and {n - SHOWN_FINDINGS} more (the JSON report lists every one)")
    return lines


_PLACES: Mapping[str, str] = {
    "midpoint": "the midpoint",
    "lower value": "the lower value",
    "c45": "C4.5's largest training value not above the midpoint",
    "j48": "J48's threshold",
    "rpart": "just below the midpoint (x < midpoint, rpart's)",
    "below upper value": "just below the upper value (x < upper)",
    "elsewhere": "none of the conventions' places",
}
"""The conventions of :func:`dtree.grower.midpoints.placement`, as the report names them."""


def _disagrees(node: NodeVerdict) -> bool:
    return (
        node.verdict == "real"
        or (node.verdict == "stopped" and not node.borderline)
        or node.placements is not None
        or node.missing_sides is not None
        or node.surrogates is not None
    )


def _score_text(score: Real | None) -> str:
    return "not a split the learner makes" if score is None else format_rounded(score)


def _scored(description: str, score: Real | None, is_leaf: bool) -> str:
    return description if is_leaf else f"{description}   score {_score_text(score)}"


def _explained(node: NodeVerdict, kind: str) -> list[str]:
    """The lines of the report that explain a node: a disagreement, or a tie."""
    same = node.verdict == "same"  # a threshold placed otherwise: one partition, one score
    lines = [
        f"first {kind}, at {node.where} (weight {format_rounded(node.weight)},"
        f" {len(node.rows)} rows):",
        "  theirs: " + _scored(node.theirs, node.their_score, node.side == "theirs" or same),
        "  ours:   " + _scored(node.ours, node.our_score, node.side == "ours" or same),
    ]
    if node.their_score is not None and node.our_score is not None:
        gap: Real = abs(float(node.our_score) - float(node.their_score))
        if isinstance(node.our_score, Fraction) and isinstance(node.their_score, Fraction):
            gap = abs(node.our_score - node.their_score)
        if node.verdict == "tie":
            lines.append(
                "  both score the same: dtree takes the first attribute, then the lowest cut"
            )
        else:
            better = "ours" if node.our_score > node.their_score else "theirs"
            lines.append(f"  {better} scores better, by {format_rounded(gap)}")
    if node.placements is not None:
        theirs, ours = (_PLACES[p] for p in node.placements)
        where = "the same partition" if node.verdict == "same" else "in its gap"
        lines.append(
            f"  {where}, their threshold is at {theirs}, where the learner puts it at {ours}:"
            " the trees predict otherwise on the values between the two"
        )
    if node.gainless is not None:
        lines.append(f"  {node.gainless}: no rounding decides that")
    if node.missing_sides is not None:
        theirs, ours = (_branch_name(b) for b in node.missing_sides)
        lines.append(
            f"  the same partition; a missing value goes down {theirs} of theirs,"
            f" {ours} of ours: the trees predict otherwise on such values"
        )
    if node.surrogates is not None:
        lines.append(f"  the same partition; theirs: {node.surrogates[0]}")
        lines.append(f"  ours: {node.surrogates[1]}")
    if node.rule is not None:
        lines.append(f"  rule: {node.rule}")
    elif node.verdict == "stopped":
        lines.append("  rule: none of the learner's stopping rules holds here")
    return lines


def _json_number(x: Real | Weight | None) -> object:
    return str(x) if isinstance(x, Fraction) else x


def _node_json(node: NodeVerdict) -> dict[str, object]:
    return {
        "verdict": node.verdict,
        "path": list(node.path),
        "theirs": node.theirs,
        "ours": node.ours,
        "weight": _json_number(node.weight),
        "rows": list(node.rows),
        "their_score": _json_number(node.their_score),
        "our_score": _json_number(node.our_score),
        "rule": node.rule,
        "side": node.side,
        "borderline": node.borderline,
        "conditions_differ": node.conditions_differ,
        "placements": None if node.placements is None else list(node.placements),
        "gainless": node.gainless,
        "missing_sides": None if node.missing_sides is None else list(node.missing_sides),
        "surrogates": None if node.surrogates is None else list(node.surrogates),
    }


def _branch_name(branch: int | None) -> str:
    return "every branch (spread)" if branch is None else f"branch {branch + 1}"
