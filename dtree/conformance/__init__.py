"""Conformance: dtree as an oracle that other implementations are checked against.

Read another system's fitted tree as a dtree :class:`dtree.tree.Tree`, with
the statistics of its training data on every node, so that every dtree
function (rendering, rules, pruning) applies to it, and the system's own
claims about its nodes that those statistics contradict as findings
(:class:`Reading`, :class:`Finding`); compare it with dtree's
tree node by node, telling exact ties from real disagreements; map a peer's
settings to the :class:`dtree.grower.learner.Learner` that matches them; check what
cannot be replayed draw by draw for admissibility (:func:`check_admissible`) and
scikit-learn's forests member by member (:func:`check_forest`); read the tree of any
other implementation from a ``dtree-tree`` document (:func:`tree_reading`, its JSON
Schema :func:`tree_schema`); and let Hypothesis search for a dataset on which the two
part.

``differential`` and ``Counterexample`` (module
``dtree.conformance.fuzz``) load on first use: they need
Hypothesis, the ``strategies`` extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dtree._optional import optional_module
from dtree.conformance import peers
from dtree.conformance.admissible import Admissibility
from dtree.conformance.check import check, check_admissible
from dtree.conformance.claims import Finding, Reading
from dtree.conformance.compare import compare
from dtree.conformance.j48 import j48_reading, j48_text, read_j48, run_j48
from dtree.conformance.learners import CostComplexity, Pessimistic, Recipe, learner_for
from dtree.conformance.rpart import (
    CpRow,
    cp_table,
    prune_at_cp,
    read_cptable,
    read_rpart,
    rpart_reading,
)
from dtree.conformance.rpart_fit import (
    RPART_CONTROLS,
    RPART_EXPORT,
    RPART_SCRIPT,
    RpartFit,
    rpart_rows,
    run_rpart,
)
from dtree.conformance.rpart_surrogates import SurrogateControl
from dtree.conformance.sklearn import arrays_reading, from_arrays, from_sklearn, sklearn_reading
from dtree.conformance.sklearn_forests import ForestCheck, check_forest
from dtree.conformance.tree_files import read_tree, tree_reading, tree_schema
from dtree.conformance.verdicts import Comparison, NodeVerdict

__all__ = [
    "RPART_CONTROLS",
    "RPART_EXPORT",
    "RPART_SCRIPT",
    "Admissibility",
    "Comparison",
    "CostComplexity",
    "Counterexample",
    "CpRow",
    "Finding",
    "ForestCheck",
    "NodeVerdict",
    "Pessimistic",
    "Reading",
    "Recipe",
    "RpartFit",
    "SurrogateControl",
    "arrays_reading",
    "check",
    "check_admissible",
    "check_forest",
    "compare",
    "cp_table",
    "differential",
    "from_arrays",
    "from_sklearn",
    "j48_reading",
    "j48_text",
    "learner_for",
    "peers",
    "prune_at_cp",
    "read_cptable",
    "read_j48",
    "read_rpart",
    "read_tree",
    "rpart_reading",
    "rpart_rows",
    "run_j48",
    "run_rpart",
    "sklearn_reading",
    "tree_reading",
    "tree_schema",
]

_WITH_HYPOTHESIS = ("Counterexample", "differential")
"""The names that load ``dtree.conformance.fuzz``, and Hypothesis, on first use."""

if TYPE_CHECKING:
    from dtree.conformance.fuzz import Counterexample, differential
else:

    def __getattr__(name: str) -> object:
        """``differential`` and ``Counterexample`` on first use (PEP 562); without
        Hypothesis the error says which extra to install."""
        if name not in _WITH_HYPOTHESIS:
            raise AttributeError(f"module 'dtree.conformance' has no attribute {name!r}")
        return getattr(optional_module("dtree.conformance.fuzz"), name)
