"""Conformance: dtree as an oracle that other implementations are checked against.

Read another system's fitted tree as a dtree :class:`dtree.tree.Tree`, with
the statistics of its training data on every node, so that every dtree
function (rendering, rules, pruning) applies to it; compare it with dtree's
tree node by node, telling exact ties from real disagreements; map a peer's
settings to the :class:`dtree.grow.Learner` that matches them; and let
Hypothesis search for a dataset on which the two part.
"""

from __future__ import annotations

from dtree.conformance import peers
from dtree.conformance.learners import CostComplexity, Pessimistic, Recipe, learner_for
from dtree.conformance.sklearn import from_sklearn

__all__ = [
    "CostComplexity",
    "Pessimistic",
    "Recipe",
    "from_sklearn",
    "learner_for",
    "peers",
]
