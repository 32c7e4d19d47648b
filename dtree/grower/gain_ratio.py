"""C4.5's gain ratio at a node: the choice FindBestSplit makes under ``score="gain_ratio"``.

C4.5 and J48 take, among the candidates whose gain (the decrease of
entropy, :func:`dtree.grower.candidates.exact_score`) reaches the average
gain of the node's attributes, the first of the largest gain ratio: the
gain over the split information, H of the split's outcomes, a missing
value counted as an outcome of its own.  A nominal attribute with nearly
as many values as the node has weight does not count towards the average
(:func:`averaged_attributes`).  The gain ratio of a contingency table is
:func:`dtree.impurity.gain_ratio`; here it is a candidate's.

Contents: :func:`split_information_of`, :func:`gain_ratio_of`,
:func:`averaged_attributes`, :func:`average_gain`, :func:`reaches_average`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from dtree.dataset import Nominal, Schema, Weight
from dtree.grower.candidates import Candidate
from dtree.grower.learner import C45_AVERAGE_GAIN_SLACK
from dtree.grower.rows import Frame
from dtree.grower.targets import P
from dtree.impurity import TOLERANCE, entropy

__all__ = [
    "average_gain",
    "averaged_attributes",
    "gain_ratio_of",
    "reaches_average",
    "split_information_of",
]


def split_information_of(candidate: Candidate[P], weight: Callable[[P], Weight]) -> float:
    """H of the outcome, counting a missing value as an outcome of its own (C4.5).

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import C45
    >>> from dtree.grower.candidate_splits import candidates
    >>> frame, root = start(C45, load("golf"))
    >>> round(split_information_of(next(candidates(frame, root)), frame.target.weight), 3)
    1.577
    """
    outcomes = [*map(weight, candidate.parts), candidate.missing]
    return entropy([w for w in outcomes if w > 0])


def gain_ratio_of(frame: Frame[P], item: tuple[Candidate[P], Fraction | float]) -> float:
    """The gain over the split information; 0 where that is 0.

    Quinlan's golf data (C4.5, 1993): outlook's gain 0.247 over its split
    information 1.577; windy's 0.048 over 0.985:

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import C45
    >>> from dtree.grower.candidates import exact_score
    >>> from dtree.grower.candidate_splits import candidates
    >>> frame, root = start(C45, load("golf"))
    >>> scored = [(c, exact_score(frame, c)) for c in candidates(frame, root)]
    >>> [(c.attribute, round(gain_ratio_of(frame, (c, gain)), 3)) for c, gain in scored]
    [('outlook', 0.156), ('windy', 0.049)]
    """
    candidate, gain = item
    information = split_information_of(candidate, frame.target.weight)
    return 0.0 if information <= TOLERANCE else float(gain) / information


def averaged_attributes(schema: Schema, weight: Weight) -> frozenset[str]:
    """The attributes whose gains make C4.5's average gain at a node of this weight.

    C4.5 and J48 choose the best gain ratio among the splits whose gain is
    at least the average gain; a nominal attribute with at least 0.3 *
    (the node's weight) values does not count towards that average (it is
    nearly an identifier there), unless every attribute is such.

    >>> from dtree.datasets import load
    >>> sorted(averaged_attributes(load("restaurant").schema, 12))  # 0.3 * 12 = 3.6 values
    ['Alt', 'Bar', 'Fri', 'Hun', 'Pat', 'Price', 'Rain', 'Res']

    See also: :func:`dtree.impurity.gain_ratio`.
    """
    names = frozenset(schema.names)
    many = frozenset(
        a.name
        for a in schema.attributes
        if isinstance(a.domain, Nominal) and len(a.domain.values) >= 0.3 * weight
    )
    return names if many == names else names - many


def average_gain(
    frame: Frame[P], scored: Sequence[tuple[Candidate[P], Fraction | float]]
) -> float | None:
    """C4.5's average gain over the :func:`averaged_attributes` (None if there are none).

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import C45
    >>> from dtree.grower.candidates import exact_score
    >>> from dtree.grower.candidate_splits import candidates
    >>> frame, root = start(C45, load("golf"))
    >>> scored = [(c, exact_score(frame, c)) for c in candidates(frame, root)]
    >>> round(average_gain(frame, scored), 3)  # (0.247 + 0.048) / 2
    0.147
    """
    averaged = averaged_attributes(frame.data.schema, frame.total_weight)
    counted = [float(gain) for c, gain in scored if c.attribute in averaged]
    return sum(counted) / len(counted) if counted else None


def reaches_average(gain: Fraction | float, average: float) -> bool:
    """C4.5's condition for a gain ratio to count: the gain is at least the average gain
    less :data:`dtree.grower.learner.C45_AVERAGE_GAIN_SLACK`.

    >>> reaches_average(0.2995, 0.3), reaches_average(0.2, 0.3)
    (True, False)
    """
    return gain >= average - C45_AVERAGE_GAIN_SLACK
