"""The classic algorithms as one call each: :func:`id3`, :func:`c45` and :func:`cart`.

Each grows the tree of its preset :class:`dtree.grower.learner.Learner`
(:data:`~dtree.grower.learner.ID3`, :data:`~dtree.grower.learner.C45`,
:data:`~dtree.grower.learner.CART`) with the options it is known by, through
:func:`dtree.grower.make_subtree.grow`.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import evolve

from dtree.dataset import Dataset, Weight
from dtree.grower.learner import C45, CART, ID3, Criterion, Missing
from dtree.grower.make_subtree import grow
from dtree.progress import Report
from dtree.tree import Tree

__all__ = ["c45", "cart", "id3"]


def id3(
    data: Dataset,
    *,
    max_depth: int | None = None,
    min_samples_split: Weight = 0,
    min_gain: float | Fraction = 0.0,
    significance: float | None = None,
    missing: Missing = "refuse",
    progress: Report | None = None,
) -> Tree:
    """ID3: information gain, multiway nominal splits, grown until pure.

    Reproduces the PlayTennis tree of Mitchell's Table 3.2 (CS 760 notes):

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(id3(load("play-tennis"))))
    root [No: 5, Yes: 9]
    Outlook = Overcast [No: 0, Yes: 4]: Yes
    Outlook = Rain [No: 2, Yes: 3]
    |   Wind = Strong [No: 2, Yes: 0]: No
    |   Wind = Weak [No: 0, Yes: 3]: Yes
    Outlook = Sunny [No: 3, Yes: 2]
    |   Humidity = High [No: 3, Yes: 0]: No
    |   Humidity = Normal [No: 0, Yes: 2]: Yes

    See also: :func:`grow`, :data:`ID3`, :func:`c45`, :func:`cart`.
    """
    learner = evolve(
        ID3,
        max_depth=max_depth,
        min_samples_split=min_samples_split,
        min_gain=min_gain,
        significance=significance,
        missing=missing,
    )
    return grow(learner, data, progress=progress)


def c45(
    data: Dataset,
    *,
    min_objects: Weight = 2,
    max_depth: int | None = None,
    significance: float | None = None,
    missing: Missing = "fractional",
    progress: Report | None = None,
) -> Tree:
    """C4.5 (release 8), before pruning.

    Gain ratio among the candidates whose gain is at least the average;
    multiway nominal splits; numeric cuts with the MDL correction and
    C4.5's minimum split size, values within 1e-5 taken as one, thresholds
    at training values; missing values by fractional weights.  Weka's J48
    grows the same tree but for its threshold rule (:data:`dtree.grower.learner.J48`), and
    collapses it before pruning.  Quinlan's golf tree (C4.5, 1993):

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(c45(load("golf"))))
    root [Play: 9, "Don't Play": 5]
    outlook = overcast [Play: 4, "Don't Play": 0]: Play
    outlook = rain [Play: 3, "Don't Play": 2]
    |   windy = false [Play: 3, "Don't Play": 0]: Play
    |   windy = true [Play: 0, "Don't Play": 2]: "Don't Play"
    outlook = sunny [Play: 2, "Don't Play": 3]
    |   humidity <= 75 [Play: 2, "Don't Play": 0]: Play
    |   humidity > 75 [Play: 0, "Don't Play": 3]: "Don't Play"

    See also: :func:`grow`, :data:`C45`, :func:`id3`, :func:`cart`.
    """
    learner = evolve(
        C45,
        min_objects=min_objects,
        max_depth=max_depth,
        significance=significance,
        missing=missing,
    )
    return grow(learner, data, progress=progress)


def cart(
    data: Dataset,
    *,
    criterion: Criterion | None = None,
    max_depth: int | None = None,
    min_samples_split: Weight = 0,
    min_samples_leaf: Weight = 0,
    min_impurity_decrease: float | Fraction = 0.0,
    max_leaf_nodes: int | None = None,
    significance: float | None = None,
    missing: Missing = "refuse",
    progress: Report | None = None,
) -> Tree:
    """CART: binary splits, Gini by default, a regression tree for a numeric target.

    Numeric attributes by midpoint thresholds, nominal ones by subsets;
    ``criterion`` is ``gini`` (default), ``entropy`` or
    ``misclassification``, or for a numeric target ``squared_error`` (the
    default), ``friedman_mse``, ``poisson`` or ``absolute_error``.  The
    options mean what they mean in scikit-learn, with weights in place of
    sample counts.

    >>> from dtree.datasets import load
    >>> from dtree.render import text
    >>> print(text(cart(load("golf"), max_depth=1)))
    root [Play: 9, "Don't Play": 5]
    outlook in {overcast} [Play: 4, "Don't Play": 0]: Play
    outlook not in {overcast} [Play: 5, "Don't Play": 5]: Play

    See also: :func:`grow`, :data:`CART`, :func:`id3`, :func:`c45`.
    """
    if criterion is None:
        criterion = "gini" if data.schema.is_classification else "squared_error"
    learner = evolve(
        CART,
        impurity=criterion,
        max_depth=max_depth,
        min_samples_split=min_samples_split,
        min_samples_leaf=min_samples_leaf,
        min_impurity_decrease=min_impurity_decrease,
        max_leaf_nodes=max_leaf_nodes,
        significance=significance,
        missing=missing,
    )
    return grow(learner, data, progress=progress)
