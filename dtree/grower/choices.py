"""ChooseAttribute: which of a node's candidate splits MakeSubtree makes, by the learner's
``attribute_choice``.

The Decision Trees II notes ask of the restaurant which attribute to split first, four ways:
"Random: Patrons or Wait-time; Least-values: Patrons; Most-values: Type; Max-gain: ???".
Each is a rule that picks one of the node's candidates
(:func:`dtree.grower.candidate_splits.candidates`, one per attribute that separates the
node's examples, in schema order):

* ``best``: the candidate of the best score (information gain, Gini decrease, C4.5's gain
  ratio...), as :func:`dtree.grower.make_subtree.best_split` finds it: the default;
* ``random``: a candidate drawn uniformly, by :func:`dtree.seeded.below` of the key
  ``(seed, "attribute", node key)``, so a tree is a pure function of the learner's ``seed``;
* ``fewest_values``: the candidate whose attribute takes the fewest distinct known values at
  the node (:func:`values_at`);
* ``most_values``: the one whose attribute takes the most.

Ties among the fewest or most values go to the first attribute in schema order, the house's
rule for every tie.  Whatever the rule, a candidate separates the node's examples into at
least two nonempty branches, so growth ends and ID3's consistency theorem holds: on data
without contradictions every choice grows a tree with no training error.

Contents: :func:`values_at`, :func:`chosen`; the option's type is
:data:`dtree.grower.learner.AttributeChoice`.
"""

from __future__ import annotations

from collections.abc import Sequence

from dtree.grower.candidates import Candidate
from dtree.grower.rows import Examples, Frame
from dtree.grower.targets import P
from dtree.seeded import below

__all__ = ["chosen", "values_at"]


def values_at(frame: Frame[P], examples: Examples, attribute: str) -> int:
    """The number of distinct known values ``attribute`` takes among the node's rows.

    The restaurant's root: Patrons takes 3 values, Type 4.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> from dtree.grower.rows import start
    >>> frame, root = start(ID3, load("restaurant"))
    >>> values_at(frame, root, "Pat"), values_at(frame, root, "Type")
    (3, 4)
    """
    column = frame.data.columns[frame.data.schema.index(attribute)]
    return len({column[row] for row in examples.rows} - {None})


def chosen(frame: Frame[P], examples: Examples, found: Sequence[Candidate[P]]) -> Candidate[P]:
    """The candidate of ``found`` (nonempty, in schema order) that the learner's
    ``attribute_choice`` other than ``best`` picks: drawn at random, or of the fewest or the
    most values at the node, the first in schema order among equals.

    >>> from attrs import evolve
    >>> from dtree.datasets import load
    >>> from dtree.grower.candidate_splits import candidates
    >>> from dtree.grower.learner import ID3
    >>> from dtree.grower.rows import start
    >>> data = load("restaurant")
    >>> for rule in ("fewest_values", "most_values"):
    ...     frame, root = start(evolve(ID3, attribute_choice=rule), data)
    ...     print(rule, chosen(frame, root, list(candidates(frame, root))).attribute)
    fewest_values Alt
    most_values Type
    """
    learner = frame.learner
    match learner.attribute_choice:
        case "random":
            return found[below(len(found), learner.seed, "attribute", examples.key)]
        case "fewest_values":
            return min(found, key=lambda c: values_at(frame, examples, c.attribute))
        case _:  # "most_values" ("best" is make_subtree's best_split)
            return max(found, key=lambda c: values_at(frame, examples, c.attribute))
