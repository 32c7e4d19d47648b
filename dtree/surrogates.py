"""Surrogate splits: where a split sends an example whose value of its attribute is missing,
as CART and rpart send it.

CART (Breiman et al., section 5.3) does not share an example out among the
branches when the split's attribute is missing from it: it asks a
*surrogate*, a split on another attribute chosen for how often it sends the
node's training rows where the split itself sends them.  A split keeps a
ranked list of surrogates; an example missing the split's attribute goes
down the branch the first surrogate sends it, or, where that attribute is
missing too, the second's, and so on.  rpart adds two rules at the end of
the list:

*go with the majority* (``usesurrogate = 2``, rpart's default)
    an example no surrogate can place goes down the branch that received
    more of the training weight whose value of the split's attribute was
    known; on a tie it stays where it is;
*stay* (``usesurrogate = 0`` or ``1``)
    an example the surrogates cannot place (``usesurrogate = 1``), or any
    example missing the split's attribute (``usesurrogate = 0``, whose list is
    empty), does not go further: it ends at the split, whose own statistics
    then answer (:func:`dtree.tree.reach` stops it there).

Vocabulary
----------
:class:`Surrogate`
    One surrogate: a condition per branch of the split, on another
    attribute, the k-th sending an example down branch k.  A nominal
    surrogate names the levels it has seen at the node; a level it has not
    (``In`` and ``NotIn`` both false) passes the example to the next
    surrogate, as rpart's ``predict`` does.
:class:`Surrogates`
    The ranked surrogates of a split and its ``majority`` branch (None:
    an example no surrogate places stays at the split).

How surrogates are chosen (rpart's agreement, adjusted agreement and
ranking) is :mod:`dtree.grower.surrogate_splits`; here is only how they
route an example (:func:`surrogate_branch`).
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from dtree.conditions import Condition, describe, exclusive, holds
from dtree.dataset import Example
from dtree.errors import DtreeError, quote

__all__ = ["Surrogate", "Surrogates", "describe_surrogates", "surrogate_branch"]


def _conditions(conditions: Iterable[Condition]) -> tuple[Condition, ...]:
    return tuple(conditions)


@frozen
class Surrogate:
    """A surrogate split: ``conditions[k]`` sends an example down branch k of its split.

    >>> from dtree.conditions import AtMost, Above
    >>> Surrogate((AtMost("Age", 55.0), Above("Age", 55.0))).attribute
    'Age'
    """

    conditions: tuple[Condition, ...] = field(converter=_conditions)

    def __attrs_post_init__(self) -> None:
        attributes = {condition.attribute for condition in self.conditions}
        if len(attributes) != 1 or len(self.conditions) < 2:
            raise DtreeError(
                "a surrogate tests one attribute with a condition per branch, got"
                f" {quote(tuple(map(describe, self.conditions)))}"
            )
        for i, first in enumerate(self.conditions):
            for second in self.conditions[i + 1 :]:
                if not exclusive(first, second):
                    raise DtreeError(
                        f"the surrogate's conditions {quote(describe(first))} and"
                        f" {quote(describe(second))} overlap"
                    )

    @property
    def attribute(self) -> str:
        """The attribute the surrogate tests."""
        return self.conditions[0].attribute


def _surrogates(splits: Iterable[Surrogate]) -> tuple[Surrogate, ...]:
    found = tuple(splits)
    for surrogate in found:
        if not isinstance(surrogate, Surrogate):
            raise DtreeError(f"a split's surrogates are Surrogate values, not {quote(surrogate)}")
    return found


@frozen
class Surrogates:
    """A split's rule for an example whose value of its attribute is missing: its ranked
    surrogate ``splits``, then its ``majority`` branch, else the example stays at the split.

    >>> from dtree.conditions import AtMost, Above
    >>> rule = Surrogates((Surrogate((Above("Age", 55.0), AtMost("Age", 55.0))),), majority=0)
    >>> rule.splits[0].attribute, rule.majority
    ('Age', 0)
    """

    splits: tuple[Surrogate, ...] = field(default=(), converter=_surrogates)
    majority: int | None = None

    def check(self, attribute: str, n_branches: int) -> None:
        """Refuse surrogates that cannot stand for a split of ``n_branches`` branches on
        ``attribute``: one that tests the attribute itself, or has another number of
        conditions, or a majority that is not a branch.

        >>> from dtree.conditions import In, NotIn
        >>> Surrogates((Surrogate((In("a", {"x"}), NotIn("a", {"x"}))),)).check("a", 2)
        Traceback (most recent call last):
        ...
        dtree.errors.DtreeError: a surrogate of a split on 'a' tests 'a' itself
        """
        for surrogate in self.splits:
            if surrogate.attribute == attribute:
                raise DtreeError(
                    f"a surrogate of a split on {quote(attribute)} tests {quote(attribute)} itself"
                )
            if len(surrogate.conditions) != n_branches:
                raise DtreeError(
                    f"a surrogate of a split of {n_branches} branches has"
                    f" {len(surrogate.conditions)} conditions"
                )
        majority = self.majority
        if majority is not None and (type(majority) is not int or not 0 <= majority < n_branches):
            raise DtreeError(
                f"a split's majority branch is a branch number, 0 to {n_branches - 1},"
                f" not {quote(majority)}"
            )


def surrogate_branch(surrogates: Surrogates, example: Example) -> int | None:
    """The branch ``surrogates`` send an example down whose value of the split's attribute
    is missing: the first surrogate whose condition holds, else the majority branch, else
    None (the example stays at the split).

    >>> from dtree.conditions import AtMost, Above
    >>> age = Surrogate((Above("Age", 55.0), AtMost("Age", 55.0)))
    >>> rule = Surrogates((age,), majority=0)
    >>> surrogate_branch(rule, {"Age": 40}), surrogate_branch(rule, {"Age": None})
    (1, 0)
    >>> surrogate_branch(Surrogates((age,)), {"Age": None}) is None
    True
    """
    for surrogate in surrogates.splits:
        for k, condition in enumerate(surrogate.conditions):
            if holds(condition, example):
                return k
    return surrogates.majority


def describe_surrogates(surrogates: Surrogates) -> str:
    """The rule as text: each surrogate's conditions in branch order, then the majority.

    >>> from dtree.conditions import AtMost, Above
    >>> age = Surrogate((Above("Age", 55.0), AtMost("Age", 55.0)))
    >>> describe_surrogates(Surrogates((age,), majority=0))
    'surrogates: Age > 55, Age <= 55; then branch 1'
    >>> describe_surrogates(Surrogates())
    'surrogates: none; then stay'
    """
    listed = "; ".join(", ".join(map(describe, s.conditions)) for s in surrogates.splits)
    last = "stay" if surrogates.majority is None else f"branch {surrogates.majority + 1}"
    return f"surrogates: {listed or 'none'}; then {last}"
