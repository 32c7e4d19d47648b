"""rpart's surrogate splits read back: how its fit routed the training rows, and its claims.

An rpart fit lists, under each split node, up to ``maxsurrogate`` surrogate
splits with their agreement (the splits table's ``improve`` column, for a
surrogate), adjusted agreement (``adj``) and the number of rows each placed
(``count``).  :func:`~dtree.conformance.rpart.rpart_reading` reads them onto
its tree as a :class:`~dtree.surrogates.Surrogates` rule, which sends the
training rows where rpart's fit sent them (``nodesplit.c``): a row whose
primary value is missing goes down the first listed surrogate that places
it, when ``usesurrogate`` is 1 or 2; then, with ``usesurrogate = 2``, down
the side that received more of the weight whose primary value is known
(none on a tie, nor when ``maxsurrogate = 0``); else it stays at the node.
This is how the fit counts its nodes; rpart's ``predict`` takes the
majority from the children's ``n`` instead, which can differ.

The listed surrogates are then claims like any other: this module recomputes
them from the node's rows (:func:`dtree.grower.surrogate_splits.ranked_surrogates`,
with rpart's own left and right) and :func:`surrogate_claims` names each that
the data contradict: another variable, split or direction, an agreement or
adjusted agreement more than a relative 1e-9 away, a count of rows placed
that differs.

Contents: :class:`SurrogateControl`, :class:`Routed`, :func:`primary_side`,
:func:`fit_rule`, :func:`placed_by`, :class:`Listed`, :func:`surrogate_claims`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from attrs import frozen

from dtree.conditions import Condition, describe, holds
from dtree.conformance.claims import Finding
from dtree.dataset import Dataset, Example
from dtree.errors import DtreeError, quote
from dtree.grower.learner import SurrogateRule
from dtree.grower.surrogate_splits import Ranked, majority_branch, ranked_surrogates, split_rule
from dtree.surrogates import Surrogate, Surrogates

__all__ = [
    "RPART_SURROGATE_DEFAULTS",
    "RPART_SURROGATE_RULES",
    "Listed",
    "Routed",
    "SurrogateControl",
    "fit_rule",
    "placed_by",
    "primary_side",
    "surrogate_claims",
]

_TOLERANCE = 1e-9


@frozen
class SurrogateControl:
    """rpart's settings of its surrogates (``rpart.control``), which the fit does not
    write: ``maxsurrogate``, ``usesurrogate`` and ``surrogatestyle``, rpart's defaults
    unless given.

    >>> SurrogateControl.of({"usesurrogate": 1, "cp": 0})
    SurrogateControl(maxsurrogate=5, usesurrogate=1, surrogatestyle=0)
    >>> SurrogateControl.of({"usesurrogate": 3})
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: rpart's usesurrogate is 0, 1 or 2, not 3
    """

    maxsurrogate: int = 5
    usesurrogate: int = 2
    surrogatestyle: int = 0

    @classmethod
    def of(cls, settings: Mapping[str, object]) -> SurrogateControl:
        """The three settings among rpart's ``settings`` (its arguments by name)."""
        found: dict[str, int] = {}
        for name, most in (("maxsurrogate", None), ("usesurrogate", 2), ("surrogatestyle", 1)):
            value = settings.get(name, getattr(cls(), name))
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if type(value) is not int or value < 0 or (most is not None and value > most):
                allowed = "an integer >= 0" if most is None else ("0 or 1", "0, 1 or 2")[most - 1]
                raise DtreeError(f"rpart's {name} is {allowed}, not {quote(value)}")
            found[name] = value
        return cls(**found)


RPART_SURROGATE_RULES: tuple[SurrogateRule, ...] = ("stay", "surrogates", "majority")
"""rpart's ``usesurrogate`` 0, 1 and 2 as :attr:`~dtree.grower.learner.Learner.surrogate_rule`."""

RPART_SURROGATE_DEFAULTS = SurrogateControl()
"""rpart's defaults: five surrogates, ``usesurrogate = 2``, ``surrogatestyle = 0``."""


@frozen
class Routed:
    """A split node's rows as rpart's fit routed them: its ``rows``, each row's primary
    ``sides`` (the dtree branch, -1 where the value is missing), whether dtree's first
    branch is rpart's right (``swapped``), how many rows each of its listed ``surrogates``
    placed."""

    rows: tuple[int, ...]
    sides: tuple[int, ...]
    swapped: bool
    placed: tuple[int, ...]
    surrogates: tuple[Surrogate, ...]


def primary_side(conditions: Sequence[Condition], example: Example) -> int:
    """The branch whose condition holds, or -1 where the value is missing.

    >>> from dtree.conditions import Above, AtMost
    >>> primary_side((AtMost("x", 1.0), Above("x", 1.0)), {"x": 2}), primary_side(
    ...     (AtMost("x", 1.0), Above("x", 1.0)), {"x": None})
    (1, -1)
    """
    for k, condition in enumerate(conditions):
        if holds(condition, example):
            return k
    return -1


def fit_rule(
    listed: Sequence[Surrogate],
    sides: Sequence[int],
    rows: Sequence[int],
    data: Dataset,
    control: SurrogateControl,
) -> Surrogates:
    """The rule by which rpart's fit placed a node's rows missing the primary value: its
    ``listed`` surrogates (with ``usesurrogate`` 1 or 2), then the side of more known
    weight (with ``usesurrogate = 2`` and ``maxsurrogate > 0``; none on a tie).

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1, 2, None], "y": list("aab")}, target="y")
    >>> fit_rule((), [0, 1, -1], [0, 1, 2], data, SurrogateControl())
    Surrogates(splits=(), majority=None)
    """
    majority = majority_branch(sides, [data.weights[row] for row in rows])
    rule = RPART_SURROGATE_RULES[control.usesurrogate]
    return split_rule(listed, majority, rule, control.maxsurrogate)


def placed_by(rule: Surrogates, example: Example) -> tuple[int | None, int | None]:
    """Where the rule sends an example missing the primary value, and which surrogate (by
    its place in the list) placed it: None for the majority, or where it stays.

    >>> from dtree.conditions import Above, AtMost
    >>> rule = Surrogates((Surrogate((AtMost("z", 1.0), Above("z", 1.0))),), majority=0)
    >>> placed_by(rule, {"z": 3}), placed_by(rule, {"z": None})
    ((1, 0), (0, None))
    """
    for k, surrogate in enumerate(rule.splits):
        for side, condition in enumerate(surrogate.conditions):
            if holds(condition, example):
                return side, k
    return rule.majority, None


@frozen
class Listed:
    """One surrogate as rpart lists it: its row in the splits file, the surrogate, its
    agreement (the ``improve`` column), ``adj`` and ``count``."""

    row: int
    surrogate: Surrogate
    agreement: float
    adjusted: float
    count: int


def _text(surrogate: Surrogate, agreement: float, adjusted: float) -> str:
    sends = ", ".join(map(describe, surrogate.conditions))
    return f"{sends}; agree {agreement!r}, adj {adjusted!r}"


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= _TOLERANCE * max(1.0, abs(a), abs(b))


def surrogate_claims(
    listed: Sequence[Listed],
    routed: Routed,
    data: Dataset,
    primary: str,
    control: SurrogateControl,
    *,
    splits_file: str,
    node: int,
    path: Callable[[], tuple[str, ...]],
) -> Iterator[Finding]:
    """The findings on a split node's listed surrogates: each that the node's rows, ranked
    again as rpart ranks them, contradict, and a count of rows placed that differs."""
    ours: tuple[Ranked, ...] = ranked_surrogates(
        data,
        routed.rows,
        [data.weights[row] for row in routed.rows],
        primary,
        routed.sides,
        left=1 if routed.swapped else 0,
        max_surrogates=control.maxsurrogate,
        agreement=("all", "known")[control.surrogatestyle],
    )
    for k in range(max(len(listed), len(ours))):
        theirs = listed[k] if k < len(listed) else None
        mine = ours[k] if k < len(ours) else None
        where = f"{splits_file}, row {theirs.row if theirs else listed[-1].row if listed else '-'}"
        name = f"{where}: node {node}"
        claim = f"rpart's surrogate {k + 1}"
        their_text = (
            "none" if theirs is None else _text(theirs.surrogate, theirs.agreement, theirs.adjusted)
        )
        our_text = "none" if mine is None else _text(mine.surrogate, mine.agreement, mine.adjusted)
        if (
            theirs is None
            or mine is None
            or theirs.surrogate != mine.surrogate
            or not _close(theirs.agreement, mine.agreement)
            or not _close(theirs.adjusted, mine.adjusted)
        ):
            yield Finding(name, path(), claim, their_text, our_text)
            continue
        placed = routed.placed[k] if k < len(routed.placed) and control.usesurrogate > 0 else 0
        if theirs.count != placed:
            yield Finding(name, path(), f"{claim}'s count of rows placed", theirs.count, placed)
