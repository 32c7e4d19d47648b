"""A small CART written without dtree, as another library's author would write one, and the
few lines that hand its tree to dtree as a ``dtree-tree`` document.

It grows a classification tree on numeric features to full depth: at each node every
feature is sorted and every cut between two different neighbouring values is scored by
the Gini decrease (in fractions, so ties are exact); the first best feature in column
order, then the first best cut, wins; the threshold is the midpoint.  A node is a leaf
when it is pure or no cut is left.  Nothing here imports dtree: the tests hand the JSON
text to :func:`dtree.conformance.tree_reading` and ``dtree check --format dtree``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction


@dataclass
class Node:
    counts: list[int]  # a count per class, in the order of the classes
    feature: int | None = None  # a split's feature and threshold: x <= t left, x > t right
    threshold: float = 0.0
    left: Node | None = None
    right: Node | None = None


def gini_sum(counts: list[int]) -> Fraction:
    """n * Gini(counts) = n - sum c^2 / n: the impurity weighted by the node's size."""
    n = sum(counts)
    return Fraction(n) - Fraction(sum(c * c for c in counts), n) if n else Fraction(0)


def fit(rows: list[list[float]], labels: list[int], n_classes: int) -> Node:
    counts = [0] * n_classes
    for label in labels:
        counts[label] += 1
    node = Node(counts)
    if max(counts) == len(labels):
        return node
    best: tuple[Fraction, int, float] | None = None
    for feature in range(len(rows[0])):
        order = sorted(range(len(rows)), key=lambda i: rows[i][feature])
        left = [0] * n_classes
        for position in range(1, len(order)):
            left[labels[order[position - 1]]] += 1
            a, b = rows[order[position - 1]][feature], rows[order[position]][feature]
            if a == b:
                continue
            right = [total - on_left for total, on_left in zip(counts, left, strict=True)]
            cost = gini_sum(left) + gini_sum(right)
            if best is None or cost < best[0]:
                best = (cost, feature, (a + b) / 2)
    if best is None:
        return node
    _, node.feature, node.threshold = best
    goes_left = [row[node.feature] <= node.threshold for row in rows]
    for side, keep in (("left", True), ("right", False)):
        chosen = [i for i, g in enumerate(goes_left) if g is keep]
        subtree = fit([rows[i] for i in chosen], [labels[i] for i in chosen], n_classes)
        setattr(node, side, subtree)
    return node


def to_dtree_json(root: Node, features: list[str], classes: list[str]) -> str:
    """The tree as a dtree-tree document: the nodes in one list, each split's branches
    naming their subtrees by index.  This is all an implementation needs to write."""
    nodes: list[dict[str, object]] = []

    def add(node: Node) -> int:
        index = len(nodes)
        nodes.append({"stats": {"counts": node.counts}})
        if node.feature is None or node.left is None or node.right is None:
            nodes[index]["prediction"] = classes[node.counts.index(max(node.counts))]
            return index
        name, t = features[node.feature], node.threshold
        nodes[index]["branches"] = [
            {
                "condition": {"kind": "AtMost", "attribute": name, "threshold": t},
                "subtree": add(node.left),
            },
            {
                "condition": {"kind": "Above", "attribute": name, "threshold": t},
                "subtree": add(node.right),
            },
        ]
        return index

    add(root)
    document = {"format": "dtree-tree", "version": 1, "target": "classification"}
    return json.dumps({**document, "classes": classes, "nodes": nodes})
