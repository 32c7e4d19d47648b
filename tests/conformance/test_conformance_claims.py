"""dtree.conformance.claims: findings, the readings that carry them, and their helpers."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dtree.conformance.claims import Finding, Reading, path_to, predicting, written
from dtree.counts import ClassStats
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.presets import c45
from dtree.tree import Leaf, Tree, leaves, nodes, preorder


def test_a_finding_reads_as_one_line_with_both_numbers() -> None:
    finding = Finding(
        "golf.j48:6", ("outlook = sunny", "humidity <= 85"), "J48's (N/E)", (2.0, 0.0), (3, 1)
    )
    assert str(finding) == (
        "golf.j48:6: J48's (N/E) is (2.0, 0.0), the data give (3, 1)"
        " (at outlook = sunny / humidity <= 85)"
    )
    assert finding.where == "at outlook = sunny / humidity <= 85"
    assert Finding("node 1", (), "rpart's n", -81, 81).where == "at the root"


def test_claims_are_written_exactly_and_as_json_exactly() -> None:
    assert written(Fraction(24, 7)) == "24/7"
    assert written((1, Fraction(1, 2), 0.1)) == "(1, 1/2, 0.1)"
    assert written("Don't Play") == '"Don\'t Play"'
    finding = Finding("n", ("a",), "w", (Fraction(1, 3), 2.5), "x")
    assert json.loads(json.dumps(finding.json())) == {
        "node": "n",
        "path": ["a"],
        "what": "w",
        "theirs": ["1/3", 2.5],
        "ours": "x",
    }


def test_strict_is_the_tree_or_the_first_finding() -> None:
    leaf = Leaf("a", ClassStats(("a", "b"), (1, 0)))
    first, second = (Finding(f"line {k}", (), "J48's class", "b", "a") for k in (1, 2))
    assert Reading(leaf).strict() is leaf
    with pytest.raises(DtreeError, match=r"^line 1: J48's class is 'b', the data give 'a'"):
        Reading(leaf, (first, second)).strict()


def test_path_to_walks_up_a_chain_ten_thousand_deep_for_one_node(deep_chain: Tree) -> None:
    visits = tuple(preorder(deep_chain))
    assert path_to(visits, 0) == ()
    assert path_to(visits, 1) == ("x <= 0",)
    bottom = path_to(visits, len(visits) - 1)
    assert len(bottom) == 10_000
    assert bottom[-1] == "x > 9999"


def test_predicting_puts_predictions_on_the_leaves_in_preorder_and_keeps_the_rest(
    deep_chain: Tree,
) -> None:
    tree = c45(load("golf"))
    labels = ["Don't Play", "Play", "Play", "Don't Play", "Play"]
    relabelled = predicting(tree, labels)
    assert [leaf.prediction for leaf in leaves(relabelled)] == labels
    assert [node.stats for node in nodes(relabelled)] == [node.stats for node in nodes(tree)]
    assert predicting(tree, [leaf.prediction for leaf in leaves(tree)]) == tree
    deep = deep_chain
    assert predicting(deep, [leaf.prediction for leaf in leaves(deep)]) == deep
