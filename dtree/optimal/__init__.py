"""Exact optimal decision trees, on data small enough: the least-error tree of a depth, the
smallest tree, and cost-complexity's objective solved exactly.

==============  ================================================================================
``objectives``  the recurrence E(S, d, n) and each objective chosen from it: :func:`least_error`,
                :func:`smallest`, :func:`penalized`, :func:`frontier`, and :func:`optimum`,
                which picks one from the limits given
``search``      the engine that solves it: bitsets of the examples, DL8.5's and MurTree's
                bounds, and the budget of work it counts (:data:`BUDGET`, :class:`BudgetError`)
==============  ================================================================================

This module only hands their names on.

>>> from dtree.datasets import load
>>> from dtree.tree import n_leaves
>>> n_leaves(smallest(load("xor")))
4
"""

from __future__ import annotations

from dtree.optimal import objectives, search
from dtree.optimal.objectives import (
    LEAVES_BOUND,
    NO_OBJECTIVE,
    OBJECTIVES,
    binarised,
    frontier,
    least_error,
    optimum,
    penalized,
    smallest,
)
from dtree.optimal.search import (
    BUDGET,
    DEPTH_LIMIT,
    LEAF,
    UNITS,
    BudgetError,
    Test,
    binary_tests,
)

__all__ = [
    "BUDGET",
    "DEPTH_LIMIT",
    "LEAF",
    "LEAVES_BOUND",
    "NO_OBJECTIVE",
    "OBJECTIVES",
    "UNITS",
    "BudgetError",
    "Test",
    "binarised",
    "binary_tests",
    "frontier",
    "least_error",
    "objectives",
    "optimum",
    "penalized",
    "search",
    "smallest",
]
