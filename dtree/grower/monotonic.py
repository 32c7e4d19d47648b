"""Monotonicity constraints: scikit-learn's ``monotonic_cst`` as a learner's option.

Vocabulary
----------
direction
    Of an attribute: +1 (the prediction may only rise as the attribute
    grows), -1 (may only fall), or 0 (no constraint).
value of a part
    What a node predicts before any constraint: the mean response of a
    regression part, or the share of the *second* class of a two-class
    target (:meth:`dtree.grower.targets.Target.response`; scikit-learn's
    positive class, the second in its sorted order).
bounds
    Of a node: the interval [lower, upper] its value must lie in, (-inf,
    inf) at the root.

The rules (scikit-learn 1.4 and later, ``_splitter.pyx``, ``_criterion.pyx``
and ``_tree.pyx``; here with exact arithmetic):

* a cut ``x <= t`` / ``x > t`` of a constrained attribute of direction d,
  with values l (left) and r (right), is admissible only if
  (l - r) d <= 0 and both l and r lie in the node's bounds
  (:func:`admissible`); the cut found is the best admissible one, which
  need not be the best cut.  A cut of an unconstrained attribute is not
  tested at all, not even against the bounds;
* the children of a split on a constrained attribute get the bounds cut at
  the middle value m = (l + r) / 2: for d = +1, [lower, m] left and
  [m, upper] right; for d = -1 the other way round; the children of any
  other split inherit the node's bounds (:func:`child_bounds`);
* a node's value is clipped to its bounds (:func:`clip`).  A regression
  leaf predicts its clipped mean.  A classification leaf predicts a class:
  the second class if the clipped share of the second class exceeds 1/2,
  else the first (:func:`bounded_prediction`), which is scikit-learn's
  ``predict``.  Its statistics stay the recounted class counts: the
  clipped *probability* (scikit-learn's ``predict_proba`` of a clipped
  leaf) has no place in a :class:`dtree.tree.Leaf`, and dtree's
  probabilities are the counts' proportions.

scikit-learn computes the values and the middle in floats (the middle as
l / 2 + r / 2); dtree exactly.  Where a child's value equals a bound, or
two children's values are equal, the two may decide an admissibility
otherwise: a rounding, which dtree's conformance kit shows as a finding.

Contents: :data:`MonotonicCst`, :data:`Bounds`, :data:`UNBOUNDED`, :func:`monotonic_cst`,
:func:`check_monotonic_cst`, :func:`directions`, :func:`check_monotonic`, :func:`admissible`,
:func:`middle`, :func:`child_bounds`, :func:`clip`, :func:`bounded_prediction`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import assert_never, cast

from dtree.counts import ClassStats, Moments, Stats, central
from dtree.dataset import Dataset, Label, Nominal, Schema
from dtree.errors import DtreeError, quote

__all__ = [
    "UNBOUNDED",
    "Bounds",
    "MonotonicCst",
    "admissible",
    "bounded_prediction",
    "check_monotonic",
    "check_monotonic_cst",
    "child_bounds",
    "clip",
    "directions",
    "middle",
    "monotonic_cst",
]

MonotonicCst = tuple[int, ...] | tuple[tuple[str, int], ...]
"""A learner's constraints: a direction per attribute in schema order (by position), or
(name, direction) pairs, sorted by name, for the attributes named (by name; the rest 0).
The empty tuple: no constraint."""

Bound = Fraction | float
Bounds = tuple[Bound, Bound]
"""[lower, upper]: the interval a node's value must lie in."""

UNBOUNDED: Bounds = (-math.inf, math.inf)
"""The root's bounds."""


def monotonic_cst(value: object) -> MonotonicCst:
    """The constraints as a learner keeps them: None is none; a mapping, its (name,
    direction) pairs sorted by name; a sequence, a tuple.

    >>> monotonic_cst(None), monotonic_cst([1, 0, -1]), monotonic_cst({"b": -1, "a": 1})
    ((), (1, 0, -1), (('a', 1), ('b', -1)))
    """
    if value is None:
        return ()
    if isinstance(value, Mapping):
        return tuple(sorted(value.items(), key=lambda item: str(item[0])))
    if isinstance(value, Iterable) and not isinstance(value, str):
        return tuple(value)
    raise DtreeError(
        f"monotonic_cst must be None, a direction per attribute or a mapping of names to"
        f" directions, got {quote(value)}"
    )


def _check_direction(where: str, direction: object) -> None:
    if type(direction) is not int or direction not in (-1, 0, 1):
        raise DtreeError(f"monotonic_cst{where} must be -1, 0 or 1, got {quote(direction)}")


def check_monotonic_cst(cst: MonotonicCst) -> None:
    """Refuse constraints that are not -1, 0 or 1 each, or name an attribute twice or not
    by a string.

    >>> check_monotonic_cst((1, 0, -1))
    >>> check_monotonic_cst((1, 2))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: monotonic_cst[1] must be -1, 0 or 1, got 2
    """
    for position, entry in enumerate(cst):
        if isinstance(entry, tuple):
            if len(entry) != 2 or not isinstance(entry[0], str):
                raise DtreeError(f"monotonic_cst names an attribute by a string, got {entry!r}")
            _check_direction(f"[{entry[0]!r}]", entry[1])
        else:
            _check_direction(f"[{position}]", entry)
    names = [entry[0] for entry in cst if isinstance(entry, tuple)]
    if names and len(names) != len(cst):
        raise DtreeError("monotonic_cst is either a direction per attribute or a mapping")
    if len(set(names)) != len(names):
        raise DtreeError(f"monotonic_cst names an attribute twice: {quote(names)}")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def directions(cst: MonotonicCst, schema: Schema) -> tuple[int, ...]:
    """The direction of each attribute, in schema order; () when none is constrained (the
    grower then does no work for constraints).

    >>> from dtree.datasets import load
    >>> schema = load("golf").schema
    >>> schema.names
    ('outlook', 'temperature', 'humidity', 'windy')
    >>> directions((("humidity", -1),), schema), directions((0, 0, 0, 0), schema)
    ((0, 0, -1, 0), ())
    """
    names = schema.names
    if cst and isinstance(cst[0], tuple):
        named = dict(cst)  # pairs: by name
        unknown = sorted(set(named) - set(names))
        if unknown:
            raise DtreeError(f"monotonic_cst names {quote(unknown[0])}, not an attribute")
        found = tuple(named.get(name, 0) for name in names)
    elif cst:
        if len(cst) != len(names):
            raise DtreeError(
                f"monotonic_cst has {_count(len(cst), 'direction')};"
                f" the data has {_count(len(names), 'attribute')}"
            )
        found = cast(tuple[int, ...], cst)  # not pairs: a direction per attribute
    else:
        return ()
    return found if any(found) else ()


def check_monotonic(cst: MonotonicCst, data: Dataset) -> None:
    """Refuse constraints that ``data`` cannot take: a constrained nominal attribute, a
    constrained attribute with a missing value, a target of more than two classes.

    >>> from dtree.datasets import load
    >>> check_monotonic((("humidity", 1),), load("golf"))
    >>> check_monotonic((("outlook", 1),), load("golf"))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: monotonic_cst constrains 'outlook', which is nominal: ...
    """
    found = directions(cst, data.schema)
    if not found:
        return
    schema = data.schema
    if schema.is_classification and len(schema.classes) > 2:
        raise DtreeError(
            f"monotonic_cst constrains the share of the second class: the target has"
            f" {len(schema.classes)} classes, and the constraints need two (or a numeric target)"
        )
    for attribute, column, direction in zip(schema.attributes, data.columns, found, strict=True):
        if not direction:
            continue
        if isinstance(attribute.domain, Nominal):
            raise DtreeError(
                f"monotonic_cst constrains {quote(attribute.name)}, which is nominal:"
                " only a numeric attribute is ordered"
            )
        row = next((r for r in data.rows if column[r] is None), None)
        if row is not None:
            raise DtreeError(
                "monotonic_cst: a constrained attribute has a missing value, which has no place"
                " in its order",
                row=row + 1,
                column=attribute.name,
            )


def admissible(direction: int, bounds: Bounds, left: Bound, right: Bound) -> bool:
    """Whether a cut of values ``left`` and ``right`` of an attribute of ``direction`` may be
    made at a node of ``bounds``: (left - right) direction <= 0, both within the bounds.

    >>> admissible(1, UNBOUNDED, Fraction(1, 3), Fraction(2, 3))
    True
    >>> admissible(-1, UNBOUNDED, Fraction(1, 3), Fraction(2, 3))
    False
    >>> admissible(1, (Fraction(1, 2), 1), Fraction(1, 3), Fraction(2, 3))
    False
    """
    lower, upper = bounds
    within = lower <= left <= upper and lower <= right <= upper
    return within and (left - right) * direction <= 0


def middle(left: Bound, right: Bound) -> Bound:
    """The middle value (left + right) / 2 of a split: its children's common bound.

    >>> middle(Fraction(1, 3), Fraction(2, 3))
    Fraction(1, 2)
    """
    return (left + right) / 2


def child_bounds(
    direction: int, bounds: Bounds, values: tuple[Bound, ...] | None
) -> tuple[Bounds, ...] | None:
    """The bounds of a split's two children, cut at the :func:`middle` of their ``values``
    when the split's attribute is constrained; None when the children keep the node's.

    >>> child_bounds(1, UNBOUNDED, (Fraction(1, 3), Fraction(2, 3)))
    ((-inf, Fraction(1, 2)), (Fraction(1, 2), inf))
    >>> child_bounds(-1, (0, 1), (2.0, 1.0))
    ((1.5, 1), (0, 1.5))
    >>> child_bounds(0, (0, 1), None) is None
    True
    """
    if not direction or values is None:
        return None
    lower, upper = bounds
    m = middle(*values)
    return ((lower, m), (m, upper)) if direction > 0 else ((m, upper), (lower, m))


def clip(value: Bound, bounds: Bounds) -> Bound:
    """``value`` clipped to [lower, upper].

    >>> clip(Fraction(3, 4), (0, Fraction(1, 2))), clip(0.25, UNBOUNDED)
    (Fraction(1, 2), 0.25)
    """
    lower, upper = bounds
    return lower if value < lower else upper if value > upper else value


def bounded_prediction(stats: Stats, value: Bound, bounds: Bounds) -> Label | float:
    """What a leaf of ``stats`` and ``value`` (its mean, or the share of its second class)
    predicts within ``bounds``: as unconstrained while the value lies within them; else the
    clipped mean, or the second class if the clipped share exceeds 1/2 and the first if not.

    >>> stats = ClassStats(("no", "yes"), (1, 3))
    >>> bounded_prediction(stats, Fraction(3, 4), UNBOUNDED)
    'yes'
    >>> bounded_prediction(stats, Fraction(3, 4), (0, Fraction(1, 2)))
    'no'
    >>> bounded_prediction(Moments(2, 5.0, 13.0), Fraction(5, 2), (3, 4))
    3.0
    """
    clipped = clip(value, bounds)
    if clipped == value:
        return central(stats)
    match stats:
        case ClassStats(classes, _):
            return classes[1] if clipped > Fraction(1, 2) else classes[0]
        case Moments():
            return float(clipped)
        case _:  # pragma: no cover - Stats has two cases
            assert_never(stats)
