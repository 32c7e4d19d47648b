"""rpart's surrogate splits: how they are chosen, ranked and used at a node of a binary tree.

Once a node's split (its *primary*) is chosen, every row whose value of the
primary's attribute is known goes one way, ``L`` or ``R``.  A surrogate on
another attribute is scored by its *agreement*: the weight of the rows it
sends the way the primary does.  The definitions are rpart's
(``surrogate.c``, ``choose_surg.c`` and ``nodesplit.c`` of rpart 4.1; the
"Missing data" section of Therneau and Atkinson's "An Introduction to
Recursive Partitioning Using the RPART Routines"):

* **Sides.** rpart's left child ``L`` is the side of the lower mean: the mean
  class number (classes numbered 0, 1, ... in the schema's order) or the mean
  response, over the rows whose value is known.  On equal means a numeric
  split's ``x >= t`` side is ``L``; a nominal split's ``In`` side is taken
  (rpart's own choice there rests on the order its Gray code meets the
  levels, which this does not replay).
* **Candidates.** For a numeric attribute, every cut between two adjacent
  values of the node's rows whose value of it is known (rows missing the
  primary included), at their midpoint, in either orientation, with at least
  two rows of positive weight whose primary side is known on each side;
  from the lowest cut up, one replaces the best so far only when its
  agreement is strictly greater, the orientation ``x < t`` to ``R`` tried
  before ``x < t`` to ``L``, and the first must beat the majority (all such
  rows sent one way).  For a nominal attribute, each level goes the way most
  of its weight goes (a tie goes to the primary's heavier side, ``R`` when
  the two are equal); a level no such row of positive weight has is sent
  nowhere; it counts only if more than one row of positive weight disagrees
  with the primary and more than one agrees (rpart's test, whose comment
  says "at least 2 each way").
* **Agreement.** ``agree = a / W`` and ``adj = (agree - m) / (1 - m)``, with a
  the agreeing weight, W the weight whose primary side is known and m the
  share of its heavier side (``surrogatestyle = 0``, rpart's default); or W
  and m over the rows whose surrogate value is known too
  (``surrogatestyle = 1``: :data:`~dtree.grower.learner.Agreement` ``"known"``), computed in
  floats in rpart's order.  A surrogate with ``adj <= 1e-10`` is dropped.
* **Ranking.** By agreement, highest first; a later attribute (in the
  schema's order) goes after an earlier one of equal agreement; the first
  ``maxsurrogate`` are kept.  With ``maxsurrogate = 0`` none is computed,
  and no majority either.
* **The majority** (``usesurrogate = 2``): the side of greater weight whose
  primary side is known; none on a tie.

A row whose primary value is missing goes down the first surrogate whose
value is known (and, for a nominal one, names its level), then the majority
(:func:`dtree.surrogates.surrogate_branch`).  What rpart's ``predict`` does
differs in one place, said in :class:`dtree.surrogates.Surrogates`' terms:
it takes the majority to be the child of more rows (``n``) after the
surrogates have placed theirs, not the side of more known weight; the
training rows are placed by the rule above.

Contents: :class:`Ranked`, :func:`rpart_left`, :func:`majority_branch`, :func:`split_rule`,
:func:`ranked_surrogates`, :func:`node_surrogates`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import cast

from attrs import frozen

from dtree.conditions import Above, AtMost, Condition, In
from dtree.dataset import Dataset, Nominal, Numeric, Value, Weight
from dtree.grower.learner import Agreement, SurrogateRule
from dtree.surrogates import Surrogate, Surrogates

__all__ = [
    "Ranked",
    "majority_branch",
    "node_surrogates",
    "ranked_surrogates",
    "rpart_left",
    "split_rule",
]

LEFT, RIGHT = -1, 1
"""rpart's two sides (``LEFT`` is its child 2k); 0 marks a row whose primary value is missing."""

ADJ_FLOOR = 1e-10
"""rpart keeps a surrogate only if its adjusted agreement exceeds this."""


@frozen
class Ranked:
    """A surrogate as rpart ranks it: its conditions (in the order of the split's branches),
    its agreement and its adjusted agreement (``adj``)."""

    surrogate: Surrogate
    agreement: float
    adjusted: float


def rpart_left(data: Dataset, rows: Sequence[int], sides: Sequence[int]) -> int:
    """Which of a binary split's two branches rpart calls its left child: the branch whose
    rows (``sides[i]`` is the branch of ``rows[i]``, -1 where the value is missing) have
    the lower mean class number or response (see the module's notes); on equal means,
    branch 1 (dtree writes ``x <= t`` first, so its second branch is ``x >= t``).

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4], "y": list("bbaa")}, target="y")
    >>> rpart_left(data, [0, 1, 2, 3], [0, 0, 1, 1])
    1
    """
    sums = [Fraction(0), Fraction(0)]
    weights: list[Weight] = [0, 0]
    number = _numbering(data)
    for row, side in zip(rows, sides, strict=True):
        if side in (0, 1):
            w = data.weights[row]
            sums[side] += Fraction(w) * Fraction(number(row))
            weights[side] += w
    if not weights[0] or not weights[1]:
        return 1
    low, high = sums[0] / Fraction(weights[0]), sums[1] / Fraction(weights[1])
    return 0 if low < high else 1


def _numbering(data: Dataset) -> Callable[[int], float]:
    """A row's class number (from 0, in the schema's order), or its response."""
    target = data.target
    if data.schema.is_classification:
        index = {label: k for k, label in enumerate(data.schema.classes)}
        return lambda row: index[str(target[row])]
    return lambda row: float(cast(float, target[row]))


def ranked_surrogates(
    data: Dataset,
    rows: Sequence[int],
    weights: Sequence[Weight],
    primary: str,
    sides: Sequence[int],
    *,
    left: int,
    max_surrogates: int,
    agreement: Agreement = "all",
) -> tuple[Ranked, ...]:
    """The surrogates of a binary split on ``primary`` at a node of ``rows`` (with their
    ``weights`` there), ranked as rpart ranks them: ``sides[i]`` is the branch (0 or 1)
    of ``rows[i]``, -1 where its value of ``primary`` is missing; ``left`` is the branch
    rpart calls left (:func:`rpart_left`).

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4, 5, 6], "z": [6, 5, 4, 3, 1, 2],
    ...                              "y": list("aaabbb")}, target="y")
    >>> from dtree.conditions import describe
    >>> [(describe(r.surrogate.conditions[0]), r.agreement, r.adjusted) for r in
    ...  ranked_surrogates(data, range(6), [1] * 6, "x", [0, 0, 0, 1, 1, 1], left=0,
    ...                    max_surrogates=5)]
    [('z > 3.5', 1.0, 1.0)]
    """
    codes = [0 if side < 0 else (LEFT if side == left else RIGHT) for side in sides]
    floats = [float(w) for w in weights]
    tleft = math.fsum(w for w, c in zip(floats, codes, strict=True) if c == LEFT)
    tright = math.fsum(w for w, c in zip(floats, codes, strict=True) if c == RIGHT)
    ranked: list[Ranked] = []
    for index, attribute in enumerate(data.schema.attributes):
        if attribute.name == primary:
            continue
        column = data.columns[index]
        known = [(column[row], c, w) for row, c, w in zip(rows, codes, floats, strict=True)]
        known = [item for item in known if item[0] is not None]
        match attribute.domain:
            case Numeric():
                found = _numeric(attribute.name, known)
            case Nominal(levels):
                found = _nominal(attribute.name, known, levels)
        if found is None:
            continue
        sends, agree, total, majority = found
        if agreement == "all":
            total = tleft + tright
            majority = tleft if tleft > tright else tright
        share = agree / total
        majority /= total
        adjusted = (share - majority) / (1.0 - majority)
        if adjusted <= ADJ_FLOOR:
            continue
        _insert(ranked, Ranked(_surrogate(sends, left), share, adjusted), max_surrogates)
    return tuple(ranked)


def _insert(ranked: list[Ranked], new: Ranked, most: int) -> None:
    """rpart's insert_split: after every surrogate of at least its agreement, at most ``most``."""
    place = 0
    while place < len(ranked) and not new.agreement > ranked[place].agreement:
        place += 1
    if place < most:
        ranked.insert(place, new)
        del ranked[most:]


_Sends = tuple[tuple[Condition, Condition], ...]  # (condition sending L, condition sending R)


def _surrogate(sends: tuple[Condition, Condition], left: int) -> Surrogate:
    to_left, to_right = sends
    return Surrogate((to_left, to_right) if left == 0 else (to_right, to_left))


def _numeric(
    name: str, known: list[tuple[Value, int, float]]
) -> tuple[tuple[Condition, Condition], float, float, float] | None:
    """choose_surg's scan of a numeric attribute: the best cut, its agreeing weight, and the
    weight and majority of the rows of known surrogate value."""
    items = sorted(((float(x), c, w) for x, c, w in known), key=lambda item: item[0])  # type: ignore[arg-type]
    ll = rl = 0
    llwt = rlwt = 0.0
    lastx = 0.0
    for x, c, w in reversed(items):  # every row sent left to start with
        lastx = x
        if c == LEFT:
            ll += w > 0
            llwt += w
        elif c == RIGHT:
            rl += w > 0
            rlwt += w
    agree = llwt if llwt > rlwt else rlwt
    majority, total = agree, llwt + rlwt
    lr = rr = 0
    lrwt = rrwt = 0.0
    best: tuple[float, int] | None = None  # the cut and the side x < t goes to
    i = 0
    while ll + rl >= 2:
        x, c, w = items[i]
        if lr + rr >= 2 and x != lastx:
            if llwt + rrwt > agree:
                agree, best = llwt + rrwt, ((x + lastx) / 2, RIGHT)
            elif lrwt + rlwt > agree:
                agree, best = lrwt + rlwt, ((x + lastx) / 2, LEFT)
        if c == LEFT:
            ll, lr = ll - (w > 0), lr + (w > 0)
            llwt -= w
            lrwt += w
        elif c == RIGHT:
            rl, rr = rl - (w > 0), rr + (w > 0)
            rlwt -= w
            rrwt += w
        lastx = x
        i += 1
    if best is None:
        return None
    t, below = best
    t = math.nextafter(t, -math.inf)  # rpart's x < t is x <= the float below t, on every x
    at_most, above = AtMost(name, t), Above(name, t)
    sends = (at_most, above) if below == LEFT else (above, at_most)
    return sends, agree, total, majority


def _nominal(
    name: str, known: list[tuple[Value, int, float]], levels: Sequence[str]
) -> tuple[tuple[Condition, Condition], float, float, float] | None:
    """choose_surg's pass over a nominal attribute's levels (see the module's notes)."""
    at = {level: k for k, level in enumerate(levels)}
    n_left, n_right = [0] * len(levels), [0] * len(levels)
    w_left, w_right = [0.0] * len(levels), [0.0] * len(levels)
    for value, c, w in known:
        k = at[str(value)]
        if c == LEFT:
            n_left[k] += w > 0
            w_left[k] += w
        elif c == RIGHT:
            n_right[k] += w > 0
            w_right[k] += w
    llwt = rrwt = 0.0
    for k in range(len(levels)):
        llwt += w_left[k]
        rrwt += w_right[k]
    default = LEFT if llwt > rrwt else RIGHT
    majority, total = (llwt if llwt > rrwt else rrwt), llwt + rrwt
    agree = 0.0
    disagreeing = agreeing = 0
    sent: dict[int, list[str]] = {LEFT: [], RIGHT: []}
    for k, level in enumerate(levels):
        if n_left[k] == 0 and n_right[k] == 0:
            continue
        if w_left[k] < w_right[k] or (w_left[k] == w_right[k] and default == RIGHT):
            agree += w_right[k]
            sent[RIGHT].append(level)
            disagreeing, agreeing = disagreeing + n_left[k], agreeing + n_right[k]
        else:
            agree += w_left[k]
            sent[LEFT].append(level)
            disagreeing, agreeing = disagreeing + n_right[k], agreeing + n_left[k]
    if not (disagreeing > 1 and agreeing > 1):
        return None
    sends = (In(name, sent[LEFT]), In(name, sent[RIGHT]))
    return sends, agree, total, majority


def majority_branch(sides: Sequence[int], weights: Sequence[Weight]) -> int | None:
    """rpart's "go with the majority": the branch (0 or 1) that received more of the weight
    whose side is known (``sides[i]`` -1 where the value is missing), None on a tie.

    >>> majority_branch([0, 1, 1, -1], [1, 1, 1, 5]), majority_branch([0, 1], [2, 2]) is None
    (1, True)
    """
    weight = [0.0, 0.0]
    for side, w in zip(sides, weights, strict=True):
        if side >= 0:
            weight[side] += float(w)
    return None if weight[0] == weight[1] else int(weight[1] > weight[0])


def split_rule(
    surrogates: Sequence[Surrogate],
    majority: int | None,
    rule: SurrogateRule,
    max_surrogates: int,
) -> Surrogates:
    """What a split keeps of its ranked ``surrogates`` and its ``majority`` branch under
    rpart's ``usesurrogate`` (``rule``): none of either with ``"stay"``, the surrogates with
    ``"surrogates"``, both with ``"majority"``; no majority where ``maxsurrogate`` is 0
    (rpart then computes none).

    >>> split_rule([], 1, "majority", 5), split_rule([], 1, "surrogates", 5).majority is None
    (Surrogates(splits=(), majority=1), True)
    """
    kept = tuple(surrogates) if rule != "stay" else ()
    return Surrogates(kept, majority if rule == "majority" and max_surrogates > 0 else None)


def node_surrogates(
    data: Dataset,
    rows: Sequence[int],
    weights: Sequence[Weight],
    primary: str,
    branch_of: Callable[[Value], int],
    *,
    max_surrogates: int,
    agreement: Agreement = "all",
    rule: SurrogateRule = "majority",
) -> tuple[Surrogates, tuple[Ranked, ...]]:
    """The rule a binary split on ``primary`` (``branch_of`` a known value's branch) takes
    for a missing value at a node of ``rows``, as rpart makes it with ``maxsurrogate =
    max_surrogates``, ``surrogatestyle`` (``agreement``) and ``usesurrogate`` 0, 1 or 2
    (``rule`` ``"stay"``, ``"surrogates"``, ``"majority"``), and the ranked surrogates,
    which rpart lists whatever ``usesurrogate`` is.

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"x": [1, 2, 3, None, 5, 6], "z": [6, 5, 4, 3, 1, 2],
    ...                              "y": list("aaabbb")}, target="y")
    >>> rule, ranked = node_surrogates(data, range(6), [1] * 6, "x",
    ...                                lambda x: 0 if x <= 3.5 else 1, max_surrogates=5)
    >>> rule.majority, [r.surrogate.attribute for r in ranked]
    (0, ['z'])
    """
    column = data.columns[data.schema.index(primary)]
    sides = [-1 if (value := column[row]) is None else branch_of(value) for row in rows]
    if max_surrogates == 0:
        return Surrogates(), ()
    left = rpart_left(data, rows, sides)
    ranked = ranked_surrogates(
        data,
        rows,
        weights,
        primary,
        sides,
        left=left,
        max_surrogates=max_surrogates,
        agreement=agreement,
    )
    surrogates = [r.surrogate for r in ranked]
    return split_rule(surrogates, majority_branch(sides, weights), rule, max_surrogates), ranked
