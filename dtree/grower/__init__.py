"""The grower: MakeSubtree and everything it asks at a node.

``grow(learner, data)`` is MakeSubtree(D) of the notes; its parts, from the
bottom up:

=================  ==========================================================
``monotonic``      the rules of monotonicity constraints (``monotonic_cst``)
``learner``        the frozen :class:`~dtree.grower.learner.Learner` and its
                   presets ID3, C4.5, J48 and CART
``medians``        weighted medians and absolute deviations (the
                   ``absolute_error`` criterion)
``targets``        classes or a numeric response: what a branch knows of its
                   examples
``rows``           the examples at a node (D), and the router that divides
                   them among a split's branches
``thresholds``     the scan for a numeric attribute's best cut
``midpoints``      where the threshold goes in that cut's gap: the midpoint,
                   or C4.5's and J48's training value not above it
``candidates``     DetermineCandidateSplits: each attribute's best split
``gain_ratio``     C4.5's gain ratio of a candidate, among those of average
                   gain or more
``choices``        which candidate a node splits on: the best, a random one,
                   or the one of fewest or most values
``make_subtree``   MakeSubtree, FindBestSplit and best-first growth
``presets``        :func:`id3`, :func:`c45` and :func:`cart`, one call each
``node``           one node as the grower sees it, asked by the conformance kit
=================  ==========================================================

This module only hands those names on.

>>> from dtree.datasets import load
>>> from dtree.grower import ID3, grow
>>> grow(ID3, load("play-tennis")) == id3(load("play-tennis"))
True
"""

from __future__ import annotations

from dtree.grower import (
    candidates,
    choices,
    gain_ratio,
    learner,
    make_subtree,
    medians,
    midpoints,
    monotonic,
    node,
    presets,
    rows,
    targets,
    thresholds,
)
from dtree.grower.learner import C45, CART, ID3, J48, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3

__all__ = [
    "C45",
    "CART",
    "ID3",
    "J48",
    "Learner",
    "c45",
    "candidates",
    "cart",
    "choices",
    "gain_ratio",
    "grow",
    "id3",
    "learner",
    "make_subtree",
    "medians",
    "midpoints",
    "monotonic",
    "node",
    "presets",
    "rows",
    "targets",
    "thresholds",
]
