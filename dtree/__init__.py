"""dtree: decision-tree learning, the reference implementation.

Trees are immutable values (``Leaf | Split``); learning, prediction and
the information measures are pure functions over frozen datasets.

>>> import dtree
>>> tree = dtree.id3(dtree.datasets.load("play-tennis"))
>>> dtree.size(tree), dtree.depth(tree), dtree.n_leaves(tree)
(8, 2, 5)
"""

from dtree import datasets
from dtree.counts import ClassStats, Moments
from dtree.dataset import Attribute, Dataset, Nominal, Numeric, Schema
from dtree.errors import DtreeError
from dtree.grow import C45, CART, ID3, Learner, c45, cart, grow, id3
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
from dtree.tree import Branch, Leaf, Split, Tree, depth, n_leaves, predict, predict_proba, size

__all__ = [
    "C45",
    "CART",
    "ID3",
    "Attribute",
    "Branch",
    "ClassStats",
    "Dataset",
    "DtreeError",
    "Leaf",
    "Learner",
    "Moments",
    "Nominal",
    "Numeric",
    "Schema",
    "Split",
    "Tree",
    "c45",
    "cart",
    "conditional_entropy",
    "datasets",
    "depth",
    "entropy",
    "gain_ratio",
    "gini",
    "grow",
    "id3",
    "information_gain",
    "misclassification",
    "n_leaves",
    "predict",
    "predict_proba",
    "read_csv",
    "size",
    "split_information",
]

__version__ = "0.1.0"
