"""Pruning: pure functions from a tree (and, where needed, data) to a smaller tree.

Every method prunes a node the same way, :func:`as_leaf`: the split
becomes a leaf that keeps the node's statistics and predicts their
plurality (in regression, their mean).  The methods differ in which
nodes they prune.  One module per method, and one for what they share:

``subtrees``
    :func:`as_leaf`; :func:`prunings`, every pruning, the brute force the
    methods are checked against; :func:`truncate`, pruning by depth
    (CS 536 notes).
``cost_complexity_pruning``
    Breiman et al. (1984), the Learning with Trees notes: R(T)
    (:func:`tree_risk`), R_alpha(T) (:func:`cost_complexity`), T(alpha)
    (:func:`prune_to`), g(t) (:func:`link_strengths`), and the weakest-link
    path (:func:`cost_complexity_path`).
``pessimistic_pruning``
    C4.5's error-based pruning (Quinlan 1993): :func:`added_errors`,
    :func:`estimated_errors`, :func:`largest_branch`, :func:`raised_errors`,
    :func:`corrected_raised_errors`, :func:`pessimistic`, and J48's
    :func:`collapse`.
``reduced_error_pruning``
    Reduced-error pruning on a validation set (Decision Trees II notes):
    :func:`reduced_error`.
``mdl_pruning``
    Pruning by minimum description length (Quinlan and Rivest 1989; the
    notes' "is the additional complexity of the hypothesis smaller than
    remembering the exceptions?"): :func:`exception_messages`,
    :class:`Coding`, :func:`coding_of`, :func:`messages`,
    :func:`description_length`, :func:`mdl`.

Choosing a tree by its error on other data (a tree of the cost-complexity
path, a depth by early termination) is model selection:
:func:`dtree.selection.select_by_holdout`,
:func:`dtree.selection.select_by_cv` and :func:`dtree.selection.early_stopping`.
"""

from __future__ import annotations

from dtree.prune.cost_complexity_pruning import (
    CostComplexityPath,
    Risk,
    cost_complexity,
    cost_complexity_path,
    link_strengths,
    prune_to,
    tree_risk,
)
from dtree.prune.mdl_pruning import (
    Coding,
    coding_of,
    description_length,
    exception_messages,
    mdl,
    messages,
)
from dtree.prune.pessimistic_pruning import (
    C45_Z_TABLE,
    COLLAPSE_SLACK,
    J48_SMALL,
    Largest,
    ZRule,
    added_errors,
    collapse,
    corrected_raised_errors,
    estimated_errors,
    largest_branch,
    pessimistic,
    raised_errors,
)
from dtree.prune.reduced_error_pruning import reduced_error
from dtree.prune.subtrees import as_leaf, prunings, truncate

__all__ = [
    "C45_Z_TABLE",
    "COLLAPSE_SLACK",
    "J48_SMALL",
    "Coding",
    "CostComplexityPath",
    "Largest",
    "Risk",
    "ZRule",
    "added_errors",
    "as_leaf",
    "coding_of",
    "collapse",
    "corrected_raised_errors",
    "cost_complexity",
    "cost_complexity_path",
    "description_length",
    "estimated_errors",
    "exception_messages",
    "largest_branch",
    "link_strengths",
    "mdl",
    "messages",
    "pessimistic",
    "prune_to",
    "prunings",
    "raised_errors",
    "reduced_error",
    "tree_risk",
    "truncate",
]
