"""Ordinal attributes: values that are levels in a declared order, split as the order allows.

Vocabulary
----------
ordinal attribute
    A nominal attribute declared ``Nominal(levels, ordered=True)``
    (:meth:`dtree.dataset.Dataset.with_levels`; :func:`dtree.discretize.discretize` makes
    its ranges ordinal with ``ordered=True``): small, medium, large; a grade; a range of a
    discretised number.
code
    A level's position in the declared order, 0 to m - 1.
``x <= level`` / ``x > level``
    A split of an ordinal attribute (:class:`~dtree.conditions.AtMostLevel`,
    :class:`~dtree.conditions.AboveLevel`): the levels up to ``level`` one way, the rest
    the other, never a level out of order.  Breiman et al.'s ordered variables: with m
    distinct levels at a node there are m - 1 such splits, as for a number of m distinct
    values, where a nominal attribute has 2^(m-1) - 1.

Growing
-------
A tree grows on an ordinal attribute as on its codes, a numeric attribute
(:func:`codes`): every rule of a numeric attribute holds (the cuts between
adjacent distinct codes, first best in ascending order, the learner's threshold
policy), and each cut ``x <= t`` is then written back in levels as
``x <= levels[floor(t)]`` (:func:`in_levels`).  Codes are integers, so the two
send every level the same way: the tree on the levels predicts, for every
example, what the tree on the codes predicts for its codes.  Under the default
midpoint policy a cut between two levels present, with k levels absent between
them, takes the first floor(k / 2) of those with the lower side (the midpoint
of codes 0 and 2 is 1: ``x <= levels[1]``); C4.5's policy names a level of
the training data.  A level the
declared order does not hold goes down neither branch, as an unseen nominal
value does.

Contents: :func:`is_ordinal`, :func:`codes`, :func:`in_levels`.
"""

from __future__ import annotations

import math

from dtree.conditions import Above, AboveLevel, AtMost, AtMostLevel, Condition
from dtree.dataset import Attribute, Dataset, Domain, Nominal, Numeric, Schema
from dtree.surrogates import Surrogate, Surrogates
from dtree.tree import Branch, Leaf, Split, Tree, fold

__all__ = ["codes", "in_levels", "is_ordinal"]


def is_ordinal(domain: Domain) -> bool:
    """Whether the domain is an ordinal attribute's: nominal, its values ordered.

    >>> is_ordinal(Nominal(("S", "M", "L"), ordered=True)), is_ordinal(Nominal(("a", "b")))
    (True, False)
    """
    return isinstance(domain, Nominal) and domain.ordered


def _levels(schema: Schema) -> dict[str, tuple[str, ...]]:
    """The levels of each ordinal attribute of the schema, by name."""
    return {
        a.name: a.domain.values
        for a in schema.attributes
        if isinstance(a.domain, Nominal) and a.domain.ordered
    }


def codes(data: Dataset) -> Dataset:
    """The data with each ordinal attribute numeric: its levels' codes 0, ..., m - 1 (a
    missing value stays missing); the data itself where it has none.

    >>> data = Dataset.from_columns({"size": ["L", "S", None], "y": list("aab")}, target="y")
    >>> codes(data.with_levels({"size": ["S", "M", "L"]})).column("size")
    (2.0, 0.0, None)
    """
    levels = _levels(data.schema)
    if not levels:
        return data
    attributes = tuple(
        Attribute(a.name, Numeric()) if a.name in levels else a for a in data.schema.attributes
    )
    columns = tuple(
        column
        if a.name not in levels
        else tuple(None if v is None else float(levels[a.name].index(str(v))) for v in column)
        for a, column in zip(data.schema.attributes, data.columns, strict=True)
    )
    schema = Schema(attributes, data.schema.target)
    return Dataset(schema, columns, data.target, data.weights, data.rows)


def _in_levels(condition: Condition, levels: dict[str, tuple[str, ...]]) -> Condition:
    """A cut of an ordinal attribute's codes, ``x <= t`` or ``x > t``, as the same test of its
    levels, ``x <= levels[floor(t)]`` or ``x > levels[floor(t)]``; any other condition as it
    is."""
    order = levels.get(condition.attribute)
    if order is None or not isinstance(condition, AtMost | Above):
        return condition
    level = order[math.floor(condition.threshold)]
    if isinstance(condition, AtMost):
        return AtMostLevel(condition.attribute, level, order)
    return AboveLevel(condition.attribute, level, order)


def in_levels(tree: Tree, schema: Schema) -> Tree:
    """The tree grown on :func:`codes` of data of ``schema``, each cut of an ordinal
    attribute (its surrogates' too) written in the attribute's levels.

    >>> from dtree.conditions import describe
    >>> from dtree.grower.presets import id3
    >>> data = Dataset.from_columns({"size": list("SMLL"), "y": list("aabb")}, target="y")
    >>> ordinal = data.with_levels({"size": ["S", "M", "L"]})
    >>> tree = in_levels(id3(codes(ordinal)), ordinal.schema)
    >>> [describe(branch.condition) for branch in tree.branches]
    ['size <= M', 'size > M']
    """
    levels = _levels(schema)
    if not levels:
        return tree

    def on_split(split: Split, below: tuple[Tree, ...]) -> Tree:
        branches = (
            Branch(_in_levels(b.condition, levels), subtree)
            for b, subtree in zip(split.branches, below, strict=True)
        )
        rule = split.surrogates
        if rule is not None:
            splits = (
                Surrogate(tuple(_in_levels(c, levels) for c in s.conditions)) for s in rule.splits
            )
            rule = Surrogates(tuple(splits), rule.majority)
        return Split(tuple(branches), split.stats, rule)

    def on_leaf(leaf: Leaf) -> Tree:
        return leaf

    return fold(tree, on_leaf, on_split)
