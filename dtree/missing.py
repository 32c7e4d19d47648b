"""Missing values: filled in with the most likely value, shared out among the branches, or sent
one learned way.

The Decision Trees II notes ("Missing Values") offer two ways to evaluate
Gain(S, a) when some examples have no value for ``a``.  The first is to
*fill in*: give such an example s the most likely value of the attribute,

    argmax_k P(X_i = k),

where P is estimated by the (weighted) frequencies among the examples
whose value is known (:func:`impute`; the learner's ``missing="impute"``
fills in at each node).  The second sends such an example down every
branch k of a split with the fraction P(branch k) of its weight, the
branch's share of the weight whose value is known (:func:`shares`):
growing, recounting and predicting all share it out by this one rule.

Sharing out is scored in two ways, and an example with a missing value is
classified in two ways:

=========================  ===========================================  ==================
                           score of a split                             at test time
=========================  ===========================================  ==================
the notes                  the gain over *fractional counts*: each      an equal vote of
(``fractional_counts``,    branch's counts plus its share of the        the branches,
``spread="equal"``)        missing examples', Ent(S) of the whole       1/3 + 1/3 + 1/3
                           node
C4.5 and Weka's J48        the gain over the examples whose value is    each branch by its
(``fractional``,           known, times their share of the node's       training weight
``spread="training"``)     weight
=========================  ===========================================  ==================

On the notes' sunny days with day 8's Humidity missing, the gain of
Humidity is 0.97 filled in, .97 - (2.5/5) Ent[+0, -2.5] - (2.5/5)
Ent[+2, -.5] = 0.61 over fractional counts, and 4/5 * 1 = 0.80 by C4.5's
rule (:func:`dtree.grower.candidates.score`).  The C4.5 and J48 presets keep
C4.5's; either score can be grown with either vote, since the vote is an
argument of prediction (:func:`dtree.tree.predict`), not of the tree.
CART and rpart send a missing value down surrogate splits, splits on other
attributes that agree most with the split's own (``missing="surrogate"``,
:mod:`dtree.surrogates` and :mod:`dtree.grower.surrogate_splits`).

scikit-learn (1.3 on) learns a third rule, ``missing="learned"``
(:func:`dtree.grower.learned.learned_cut`): a binary numeric split sends the
examples whose value is missing *whole* to one side, the side that scores best,
tried with every cut (first on the right, then on the left), and also alone
against every known value (the threshold +inf).  The score is the plain
decrease over all the node's examples, nothing shared out; the side is written
into the split (``x <= t or missing``, :class:`dtree.conditions.AtMost`), and
growing and predicting both send a missing value down it.  A split that met no
missing value sends them to its side of more training rows, ties to the right.
Nominal attributes (which scikit-learn has not) have no such rule: a missing
nominal value is refused under it.

A missing value is ``None``.  Only attribute values can be missing: a
dataset refuses a missing target (see :class:`dtree.dataset.Dataset`).

Contents
--------
:func:`shares`
    The fraction of a missing value's weight each branch receives.
:func:`most_likely_value`
    The value of an attribute of greatest total weight among the known values.
:func:`impute`
    A copy of a dataset with every missing value replaced by that value.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import assert_never

from dtree.counts import plurality, ratio, total
from dtree.dataset import Dataset, Nominal, Numeric, Value, Weight
from dtree.errors import DtreeError

__all__ = ["impute", "most_likely_value", "shares"]


def shares(known: Sequence[Weight]) -> tuple[Fraction | float, ...]:
    """C4.5's fractional sharing: the fraction of an example whose value is missing that
    goes down each branch, the branch's share w_k / sum_j w_j of the ``known`` weight of the
    examples whose value is known.  With no known weight, every branch gets an equal share.

    >>> shares([2, 5, 7])
    (Fraction(1, 7), Fraction(5, 14), Fraction(1, 2))
    >>> shares([0, 0])
    (Fraction(1, 2), Fraction(1, 2))
    """
    whole = total(known)
    if whole == 0:
        return tuple(Fraction(1, len(known)) for _ in known)
    return tuple(ratio(weight, whole) for weight in known)


def most_likely_value(data: Dataset, attribute: str) -> str | float:
    """The value of ``attribute`` with the greatest total weight among the
    dataset's rows whose value is known: argmax_k P(X = k).

    P(X = k) is estimated as W(X = k) / W(X known), where W sums the weights
    of the dataset's rows (``data.rows``); a row of weight 0 adds nothing,
    so a value held only by such rows is never chosen.  Ties go to the first
    value in the domain's order for a nominal attribute and to the smallest
    value for a numeric one.

    For a numeric attribute this is the *mode*, the most frequent value,
    as the notes' "most likely value" says -- not the mean, which need not
    be a value any example holds.

    PlayTennis's Outlook (5 Sunny, 4 Overcast, 5 Rain: Rain comes first in
    the domain's sorted order) and a numeric column whose tie goes to the
    smaller value:

    >>> from dtree.datasets import load
    >>> most_likely_value(load("play-tennis"), "Outlook")
    'Rain'
    >>> data = Dataset.from_columns(
    ...     {"x": [2.5, 1.0, None, 2.5, 1.0], "y": list("ppqqq")}, target="y")
    >>> most_likely_value(data, "x")
    1.0
    >>> most_likely_value(data.with_weights([1, 1, 1, 1, 0]), "x")
    2.5

    A dataset with no known value of positive weight has no most likely value:

    >>> most_likely_value(data.subset([2]), "x")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: column 'x': no row of positive weight has a known value

    See also: :func:`impute`; :func:`dtree.counts.plurality`, the same rule
    for class labels.
    """
    domain = data.schema.attribute(attribute).domain
    column = data.columns[data.schema.index(attribute)]
    weights: dict[str | float, list[Weight]] = {}
    for row in data.rows:
        value, weight = column[row], data.weights[row]
        if value is not None and weight > 0:
            weights.setdefault(value, []).append(weight)
    if not weights:
        raise DtreeError("no row of positive weight has a known value", column=attribute)
    present: list[str | float]
    match domain:
        case Nominal(values):
            # Values in domain order, so plurality's tie rule is the domain's order.
            present = [value for value in values if value in weights]
        case Numeric():
            present = sorted(value for value in weights if not isinstance(value, str))
        case _:  # pragma: no cover - Domain has two cases
            assert_never(domain)
    return present[plurality([total(weights[value]) for value in present])]


def impute(data: Dataset) -> Dataset:
    """The dataset with each missing value replaced by its attribute's
    most likely value over ``data``'s rows (see :func:`most_likely_value`).

    For each attribute X and each row i of the dataset,

        x_i' = x_i                        if x_i is known,
        x_i' = argmax_k P(X = k)          if x_i is missing.

    The schema, target, weights and row indices are unchanged; so is a
    column with no missing value in the dataset's rows, which the result
    shares rather than copies.  Only the dataset's rows are read and
    filled: values of column rows outside ``data.rows`` (a subset's
    other rows) belong to no example of this dataset and are kept as they
    are.  ``data`` itself is never changed.

    The Decision Trees II notes' sunny days (1, 2, 8, 9, 11) with day 8's
    Humidity missing: High and Normal tie 2 to 2, High comes first, and
    the gain of Humidity is that of a perfect split, Ent[2, 3] = .97:

    >>> from dtree.impurity import information_gain
    >>> sunny = Dataset.from_columns(
    ...     {"Humidity": ["High", "High", None, "Normal", "Normal"],
    ...      "PlayTennis": ["No", "No", "No", "Yes", "Yes"]},
    ...     target="PlayTennis")
    >>> impute(sunny).column("Humidity")
    ('High', 'High', 'High', 'Normal', 'Normal')
    >>> round(information_gain(impute(sunny), "Humidity"), 2)
    0.97

    Raises :class:`~dtree.errors.DtreeError` when an attribute has a
    missing value but no known value of positive weight to fill it with.

    See also: :func:`most_likely_value`.
    """
    columns = tuple(
        _filled(data, attribute.name, column)
        for attribute, column in zip(data.schema.attributes, data.columns, strict=True)
    )
    return Dataset(data.schema, columns, data.target, data.weights, data.rows)


def _filled(data: Dataset, attribute: str, column: Sequence[Value]) -> Sequence[Value]:
    """``column`` with its missing values at ``data.rows`` filled in (itself if none are)."""
    missing = {row for row in data.rows if column[row] is None}
    if not missing:
        return column
    value = most_likely_value(data, attribute)
    return tuple(value if row in missing else known for row, known in enumerate(column))
