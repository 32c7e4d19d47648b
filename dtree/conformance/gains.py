"""Whether a split gains nothing, decided exactly: the splits no rounding excuses.

A learner that splits only where the impurity decreases stops at a node of
impurity zero (a pure node) and where no split decreases it.  A foreign
tree's split there is a disagreement, not a borderline case: the decrease
is decided here in exact arithmetic (weights and targets as fractions), so
no tolerance is needed.

Vocabulary
----------
pure node
    All its weight on one class (classification), or one target value
    among its rows of positive weight (regression): impurity exactly 0.
no decrease
    The impurity of the parent minus the weighted impurities of the parts
    is 0 or less, exactly: Gini and misclassification as fractions; the
    entropy's decrease (the information gain) is 0 exactly when every part
    has the parent's class proportions (and never less); squared error as
    fractions of sums of w y and w y^2.

Contents: :func:`class_weights`, :func:`squared_error`, :func:`gainless`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from dtree.dataset import Dataset
from dtree.grower.learner import Learner
from dtree.grower.node import Node
from dtree.impurity import gini, impurity_decrease, misclassification

__all__ = ["class_weights", "gainless", "squared_error"]


def class_weights(data: Dataset, node: Node) -> tuple[Fraction, ...]:
    """The exact weight of each class at the node, in the schema's class order.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> from dtree.grower.node import root
    >>> class_weights(load("play-tennis"), root(ID3, load("play-tennis")))
    (Fraction(5, 1), Fraction(9, 1))
    """
    position = {label: k for k, label in enumerate(data.schema.classes)}
    weights = [Fraction(0)] * len(position)
    for row, weight in zip(node.rows, node.weights, strict=True):
        weights[position[str(data.target[row])]] += Fraction(weight)
    return tuple(weights)


def squared_error(data: Dataset, node: Node) -> Fraction:
    """The node's exact sum of squared deviations from its mean, sum w y^2 - (sum w y)^2 / W.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.learner import Learner
    >>> from dtree.grower.node import root
    >>> data = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [0.0, 1.0, 2.0]}, target="y")
    >>> squared_error(data, root(Learner(impurity="squared_error"), data))
    Fraction(2, 1)
    """
    w = s = s2 = Fraction(0)
    for row, weight in zip(node.rows, node.weights, strict=True):
        y, share = Fraction(float(data.target[row])), Fraction(weight)
        w, s, s2 = w + share, s + share * y, s2 + share * y * y
    return s2 - s * s / w if w else Fraction(0)


def _pure(data: Dataset, node: Node) -> bool:
    if data.schema.is_classification:
        return sum(1 for weight in class_weights(data, node) if weight > 0) <= 1
    reached = {data.target[r] for r, w in zip(node.rows, node.weights, strict=True) if w > 0}
    return len(reached) <= 1


def _no_decrease(data: Dataset, node: Node, parts: Sequence[Node], impurity: str) -> bool | None:
    """Whether the split decreases the impurity by 0 or less, exactly (None: a criterion
    not decided here)."""
    if not data.schema.is_classification:
        if impurity != "squared_error":
            return None
        return squared_error(data, node) - sum(squared_error(data, p) for p in parts) <= 0
    whole = class_weights(data, node)
    table = tuple(row for part in parts if sum(row := class_weights(data, part)) > 0)
    if impurity == "entropy":
        total = sum(whole)
        return all(
            c * total == w * sum(row) for row in table for c, w in zip(row, whole, strict=True)
        )
    measure = {"gini": gini, "misclassification": misclassification}.get(impurity)
    return None if measure is None else impurity_decrease(table, measure) <= 0


def gainless(data: Dataset, node: Node, parts: Sequence[Node], learner: Learner) -> str | None:
    """Why the split of ``node`` into ``parts`` gains nothing under the learner's impurity,
    exactly (a pure node, or no decrease), or None when it gains something.

    >>> from dtree.conditions import Equals
    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> from dtree.grower.node import children, root
    >>> xor = load("xor")
    >>> node = root(ID3, xor)
    >>> split = [Equals(xor.schema.names[0], v) for v in ("0", "1")]
    >>> gainless(xor, node, children(node, split), ID3)
    'their split decreases the impurity by exactly 0'
    >>> tennis = load("play-tennis")
    >>> wind = [Equals("Wind", "Strong"), Equals("Wind", "Weak")]
    >>> gainless(tennis, root(ID3, tennis), children(root(ID3, tennis), wind), ID3) is None
    True
    """
    if _pure(data, node):
        return "their split is of a pure node (impurity exactly 0)"
    if _no_decrease(data, node, parts, learner.impurity):
        return "their split decreases the impurity by exactly 0"
    return None
