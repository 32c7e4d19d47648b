"""DetermineCandidateSplits: each attribute's best split at a node, in schema order.

One candidate per attribute (the notes' C): a nominal attribute's is
:mod:`dtree.grower.subsets`' (a branch per value, or CART's best subset); a
numeric attribute's is the best cut of :func:`dtree.grower.candidates.scan`,
or, under the learner's ``monotonic_cst``, its best admissible cut
(:mod:`dtree.grower.monotonic`), and under ``missing="learned"`` the cut with
the side its missing values learn (:mod:`dtree.grower.learned`).  Under
``max_features`` (random forests) only the attributes drawn for the node are
considered (:func:`considered`); under ``significance`` the candidates the
chi-square test rejects are left out.

Contents: :func:`candidates`, :func:`considered`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import assert_never

from dtree.dataset import Nominal, Numeric
from dtree.grower.candidates import (
    Candidate,
    integral_weights,
    known_values,
    monotonic_cut,
    numeric_cut,
)
from dtree.grower.learned import learned_cut, majority_side
from dtree.grower.learner import features_per_node
from dtree.grower.rows import Examples, Frame
from dtree.grower.subsets import binary_subsets, multiway, one_vs_rest
from dtree.grower.targets import P
from dtree.seeded import subset

__all__ = ["candidates", "considered"]


def candidates(frame: Frame[P], examples: Examples) -> Iterator[Candidate[P]]:
    """DetermineCandidateSplits: each attribute's best split, in schema order (those the
    chi-square test rejects at the learner's ``significance`` left out).

    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import ID3
    >>> frame, root = start(ID3, load("play-tennis"))
    >>> [(c.attribute, len(c.conditions), round(c.screen, 3)) for c in candidates(frame, root)]
    [('Outlook', 3, 0.247), ('Temperature', 3, 0.029), ('Humidity', 2, 0.152), ('Wind', 2, 0.048)]
    """
    level = frame.learner.significance
    attributes = frame.data.schema.attributes
    scaled = integral_weights(frame, examples)
    for index in considered(frame, examples):
        attribute = attributes[index]
        match attribute.domain:
            case Nominal(values) if frame.learner.nominal == "multiway":
                candidate = multiway(
                    frame, attribute.name, known_values(frame, examples, index), values
                )
            case Nominal(values) if frame.learner.nominal == "one_vs_rest":
                column = known_values(frame, examples, index)
                candidate = one_vs_rest(frame, attribute.name, column, values)
            case Nominal(values):
                column = known_values(frame, examples, index)
                candidate = binary_subsets(frame, attribute.name, column, values)
            case Numeric() if frame.directions and frame.directions[index]:
                candidate = monotonic_cut(frame, examples, index)
                if candidate is not None and frame.learner.missing == "learned":
                    candidate = majority_side(frame, examples, index, candidate)
            case Numeric() if frame.learner.missing == "learned":
                candidate = learned_cut(frame, examples, index, scaled)
            case Numeric():
                candidate = numeric_cut(frame, examples, index, scaled)
            case _:
                assert_never(attribute.domain)
        if candidate is not None and (
            level is None or frame.target.significant(candidate.parts, level)
        ):
            yield candidate


def considered(frame: Frame[P], examples: Examples) -> Sequence[int]:
    """The positions of the attributes whose splits are candidates at the node, in schema
    order: every attribute, or, under the learner's ``max_features``, the k =
    :func:`dtree.grower.learner.features_per_node` of the p attributes that
    ``subset(names, k, seed, "features", key)`` of :mod:`dtree.seeded` draws for the node
    (its :attr:`~dtree.grower.rows.Examples.key`), without replacement.  The draw is made
    once: if none of the k splits the node, it is a leaf (scikit-learn draws on until one
    of its drawn features is not constant at the node).

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.rows import start
    >>> from dtree.grower.learner import CART
    >>> considered(*start(CART, load("play-tennis")))
    range(0, 4)
    >>> considered(*start(evolve(CART, max_features="sqrt", seed=1), load("play-tennis")))
    (0, 2)
    """
    learner = frame.learner
    p = len(frame.data.schema.attributes)
    if learner.max_features is None:
        return range(p)
    k = features_per_node(learner.max_features, p)
    return subset(range(p), k, learner.seed, "features", examples.key)
