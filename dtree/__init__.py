"""dtree: decision-tree learning, the reference implementation.

Trees are immutable values (``Leaf | Split``); learning, prediction and
the information measures are pure functions over frozen datasets.

>>> import dtree
>>> tree = dtree.id3(dtree.datasets.load("play-tennis"))
>>> dtree.size(tree), dtree.depth(tree), dtree.n_leaves(tree)
(8, 2, 5)

The map: the layers from the bottom up, a module importing only from its own
layer and those above it in this table (``tests/test_layers.py`` holds the
import graph to it).  ``p/ (a, b)`` is the package ``p`` and its modules.

========================  ==========================================================================
layer                     modules
========================  ==========================================================================
data                      errors, arithmetic, dataset, reading, load, arff, datasets/, progress,
                          parallel, seeded, strategies
measures                  counts, impurity, significance, bounds, missing
tree                      conditions, surrogates, tree, compiled, routing, ordinal
grower                    grower/ (monotonic, learner, medians, targets, rows, cuts,
                          class_scans, response_scans, thresholds, midpoints, gain_ratio,
                          candidates, subsets, learned, candidate_splits,
                          squared_error_splits, surrogate_splits, choices, make_subtree,
                          presets, node)
pruning                   prune/ (subtrees, cost_complexity_pruning, pessimistic_pruning,
                          reduced_error_pruning, mdl_pruning)
ensembles                 ensemble/ (bagging, boosting)
rules and DNF             rules, dnf/ (quine_mccluskey, formulas)
output                    render, python_source, strict_json, json_conditions, serialize
evaluation and selection  resampling, confusion, evaluate, selection, curves, importance, discretize
optimal                   optimal/ (search, objectives)
conformance               conformance/ (peers, claims, gains, verdicts, compare, learners, j48,
                          r_data, rpart_splits, rpart_surrogates, rpart_competitors, rpart_cp,
                          rpart, rpart_fit, sklearn, sklearn_fit, sklearn_versions,
                          admissible, sklearn_forests, r_forests, tree_files, solvers,
                          check, fuzz)
interop                   frame, estimators/ (base, trees, ensembles), cli/ (common, data, learning,
                          pruning, ensembles, models, conformance, commands)
laws                      invariants
========================  ==========================================================================

``import dtree`` makes every public module an attribute, so that
``dtree.render.text(tree)`` works with no other import, and so is every module
of a package (``dtree.ensemble.bagging``) but where a package hands on a function
of the module's name: ``dtree.grow`` is the function, whose module is
``dtree.grower.make_subtree``, and ``dtree.conformance.compare`` the function of
``sys.modules["dtree.conformance.compare"]``.  Four load on first use: ``dtree.cli``
(the command line), ``dtree.strategies`` (Hypothesis strategies, which need the
optional ``strategies`` extra), ``dtree.frame`` (data frames in and out: the
``frames`` extra) and ``dtree.estimators`` (scikit-learn estimators: the
``sklearn`` extra).

>>> print(dtree.render.text(dtree.id3(dtree.datasets.load("xor"), max_depth=0)))
root [0: 2, 1: 2]: 0
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from dtree import (
    arff,
    arithmetic,
    bounds,
    compiled,
    conditions,
    conformance,
    confusion,
    counts,
    curves,
    dataset,
    datasets,
    discretize,
    dnf,
    ensemble,
    errors,
    evaluate,
    grower,
    importance,
    impurity,
    invariants,
    json_conditions,
    load,
    missing,
    optimal,
    ordinal,
    parallel,
    progress,
    prune,
    python_source,
    reading,
    render,
    resampling,
    routing,
    rules,
    seeded,
    selection,
    serialize,
    significance,
    strict_json,
    surrogates,
    tree,
)
from dtree._optional import optional_module
from dtree._version import __version__ as __version__
from dtree.arff import read_arff
from dtree.counts import ClassStats, Moments
from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Schema
from dtree.ensemble import predict, predict_many, predict_proba
from dtree.errors import DtreeError, DtreeWarning
from dtree.grower.learner import C45, CART, ID3, J48, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3
from dtree.impurity import (
    conditional_entropy,
    entropy,
    gain_ratio,
    gini,
    information_gain,
    misclassification,
    split_information,
)
from dtree.load import read_csv
from dtree.tree import (
    Branch,
    Leaf,
    Split,
    Tree,
    depth,
    n_leaves,
    size,
)

__all__ = [
    "C45",
    "CART",
    "ID3",
    "J48",
    "Attribute",
    "Branch",
    "ClassStats",
    "Dataset",
    "DtreeError",
    "DtreeWarning",
    "Leaf",
    "Learner",
    "Moments",
    "Nominal",
    "Numeric",
    "Schema",
    "Split",
    "Tree",
    "arff",
    "arithmetic",
    "bounds",
    "c45",
    "cart",
    "cli",
    "compiled",
    "conditional_entropy",
    "conditions",
    "conformance",
    "confusion",
    "counts",
    "curves",
    "dataset",
    "datasets",
    "depth",
    "discretize",
    "dnf",
    "ensemble",
    "entropy",
    "errors",
    "estimators",
    "evaluate",
    "frame",
    "gain_ratio",
    "gini",
    "grow",
    "grower",
    "id3",
    "importance",
    "impurity",
    "information_gain",
    "invariants",
    "json_conditions",
    "load",
    "misclassification",
    "missing",
    "n_leaves",
    "optimal",
    "ordinal",
    "parallel",
    "predict",
    "predict_many",
    "predict_proba",
    "progress",
    "prune",
    "python_source",
    "read_arff",
    "read_csv",
    "reading",
    "render",
    "resampling",
    "routing",
    "rules",
    "seeded",
    "selection",
    "serialize",
    "significance",
    "size",
    "split_information",
    "strategies",
    "strict_json",
    "surrogates",
    "tree",
]


# A package whose __init__ is its core (ensemble, dnf) does not import the modules built on it;
# they load here, so that ``dtree.ensemble.bagging`` is an attribute after ``import dtree``.
for _built_on_a_core in ("dtree.ensemble.bagging", "dtree.ensemble.boosting"):
    import_module(_built_on_a_core)

_ON_FIRST_USE = ("cli", "estimators", "frame", "strategies")
"""The public modules ``import dtree`` loads only when they are first used."""

if TYPE_CHECKING:
    from dtree import cli, estimators, frame, strategies
else:

    def __getattr__(name: str) -> ModuleType:
        """Load ``dtree.cli``, ``dtree.estimators``, ``dtree.frame`` or ``dtree.strategies``
        on first use (PEP 562).

        Without the optional package one of them needs, the error says which extra to
        install.
        """
        if name not in _ON_FIRST_USE:
            raise AttributeError(f"module 'dtree' has no attribute {name!r}")
        return optional_module(f"dtree.{name}")
