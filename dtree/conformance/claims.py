"""A peer's claims about its tree, and the findings: the claims that its training data contradict.

A peer's tree comes with numbers of its own about each node: J48 prints a
leaf's class and ``(N/E)``; rpart's frame gives each node's ``n``, ``wt``,
class counts, ``yval`` and ``dev``; scikit-learn's ``tree_`` its
``weighted_n_node_samples`` and ``value``.  A reader keeps the peer's tree
as the peer made it (its splits and its predictions), gives every node the
statistics recounted on the training data (:func:`dtree.routing.restated`),
and sets each claim beside the recount.  A claim that the data contradict is
a :class:`Finding` about the peer, never a refusal of the input: input that
cannot be read at all (cut short, bad syntax, names the data lack) is a
:class:`~dtree.errors.DtreeError`.

Vocabulary
----------
``Claim``
    What a peer states about a node: a number, a tuple of numbers (J48's
    ``(N/E)``, rpart's class counts) or a class.
``Finding(node, path, what, theirs, ours)``
    One claim the data contradict: the node (by the peer's own name for it
    and where its output states it: a file's line, a frame's row, a node
    number), the conditions leading to it, what is claimed, the peer's
    number and the data's.
``Reading(tree, findings)``
    A peer's tree as read: the tree and every finding, in the order of the
    peer's output.  :meth:`Reading.strict` is the tree when nothing is
    found, and the first finding as a :class:`~dtree.errors.DtreeError`
    otherwise: what ``read_j48``, ``read_rpart`` and ``from_sklearn``
    return.

Contents: :data:`Claim`, :class:`Finding`, :class:`Reading`, :func:`path_to`,
:func:`predicting`, :func:`written`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from attrs import evolve, frozen

from dtree.arithmetic import Number, exact_text
from dtree.conditions import describe
from dtree.dataset import Label
from dtree.errors import DtreeError, quote
from dtree.tree import Branch, Leaf, Split, Tree, Visit, fold

__all__ = ["Claim", "Finding", "Reading", "path_to", "predicting", "written"]

Claim = Label | Number | tuple[Number, ...]
"""What a peer states about a node, or what the data give in its place."""


def written(claim: Claim) -> str:
    """A claim as a finding shows it: a class quoted, a number as Python writes it (a
    fraction as p/q), a tuple in parentheses.

    >>> written("Play"), written(-81), written(Fraction(24, 7)), written((2.0, 0.0))
    ("'Play'", '-81', '24/7', '(2.0, 0.0)')
    """
    match claim:
        case tuple():
            return "(" + ", ".join(map(written, claim)) + ")"
        case str():
            return quote(claim)
        case _:
            return exact_text(claim)


def _json(claim: Claim) -> object:
    """A claim as JSON: a fraction as the text p/q, a tuple as an array."""
    match claim:
        case tuple():
            return [_json(part) for part in claim]
        case Fraction():
            return written(claim)
        case _:
            return claim


@frozen
class Finding:
    """A claim of the peer's about one node that the data contradict.

    ``node`` names the node as the peer does and where its output states
    the claim (``golf.j48:6``, ``frame.csv, row 3: node 3``,
    ``scikit-learn's node 4``); ``path`` is the conditions from the root to
    it, as :class:`~dtree.conformance.compare.NodeVerdict` gives them;
    ``what`` is the claim in the peer's words (``J48's (N/E)``, ``rpart's
    n``); ``theirs`` is the peer's number and ``ours`` the data's.

    >>> finding = Finding("frame.csv, row 1: node 1", (), "rpart's n", -81, 81)
    >>> print(finding)
    frame.csv, row 1: node 1: rpart's n is -81, the data give 81 (at the root)
    """

    node: str
    path: tuple[str, ...]
    what: str
    theirs: Claim
    ours: Claim

    @property
    def where(self) -> str:
        """The path to the node, as text."""
        return "at " + " / ".join(self.path) if self.path else "at the root"

    @property
    def message(self) -> str:
        """The finding in one line: the node, the claim, both numbers, and the path."""
        return (
            f"{self.node}: {self.what} is {written(self.theirs)}, the data give"
            f" {written(self.ours)} ({self.where})"
        )

    def json(self) -> dict[str, object]:
        """The finding as a JSON object (exact fractions as the text p/q)."""
        return {
            "node": self.node,
            "path": list(self.path),
            "what": self.what,
            "theirs": _json(self.theirs),
            "ours": _json(self.ours),
        }

    def __str__(self) -> str:
        return self.message


@frozen
class Reading:
    """A peer's tree as read: its splits and predictions, the data's statistics on every node,
    and the :class:`Finding` s, the peer's claims that those statistics contradict.

    >>> from dtree.counts import ClassStats
    >>> leaf = Leaf("No", ClassStats(("No", "Yes"), (2, 3)))
    >>> Reading(leaf).strict() == leaf
    True
    >>> wrong = Finding("line 1", (), "J48's class", "No", "Yes")
    >>> Reading(leaf, (wrong,)).strict()
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: line 1: J48's class is 'No', the data give 'Yes' (at the root)
    """

    tree: Tree
    findings: tuple[Finding, ...] = ()

    def strict(self) -> Tree:
        """The tree when the data contradict none of the peer's claims; else the first
        finding, as a :class:`~dtree.errors.DtreeError`."""
        if self.findings:
            raise DtreeError(self.findings[0].message)
        return self.tree


def path_to(visits: Sequence[Visit], k: int) -> tuple[str, ...]:
    """The conditions, as text, from the root to node ``k`` of a tree's preorder ``visits``
    (:func:`dtree.tree.preorder`): built for one node when asked, so that a chain n splits
    deep costs no n^2 paths.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import preorder
    >>> path_to(tuple(preorder(id3(load("boolean-table")))), 3)
    ('X1 = F', 'X2 = T')
    """
    steps: list[str] = []
    edge = visits[k].edge
    while edge is not None:
        steps.append(describe(edge.condition))
        edge = visits[edge.parent].edge
    return tuple(reversed(steps))


def predicting(tree: Tree, predictions: Iterable[Label | float]) -> Tree:
    """The tree with its leaves, in preorder, predicting ``predictions``: a peer's own
    predictions put back on the tree that :func:`dtree.routing.restated` recounted.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import leaves
    >>> [leaf.prediction for leaf in leaves(predicting(id3(load("xor")), "0101"))]
    ['0', '1', '0', '1']
    """
    given = iter(predictions)

    def on_leaf(leaf: Leaf) -> Tree:
        return evolve(leaf, prediction=next(given))  # fold meets the leaves in preorder

    def on_split(split: Split, below: tuple[Tree, ...]) -> Tree:
        branches = map(Branch, (branch.condition for branch in split.branches), below)
        return Split(tuple(branches), split.stats, split.surrogates)

    return fold(tree, on_leaf, on_split)
