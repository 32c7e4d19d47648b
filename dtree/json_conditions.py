"""A branch's condition as the model files write it: a JSON object, and back.

One object per condition, its ``"kind"`` the condition's class (the grammar is
:mod:`dtree.serialize`'s)::

    {"kind": "Equals", "attribute": NAME, "value": VALUE}
    {"kind": "AtMost" or "Above", "attribute": NAME, "threshold": NUMBER}   (+ "missing": true)
    {"kind": "In" or "NotIn", "attribute": NAME, "values": [VALUE, ...]}
    {"kind": "AtMostLevel" or "AboveLevel", "attribute": NAME, "level": VALUE,
     "levels": [VALUE, ...]}                                 an ordinal test, levels in order

Contents: :func:`condition_json`, :func:`condition_of`, :data:`CONDITIONS`,
:data:`INFINITY`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import assert_never

from dtree.arithmetic import Number
from dtree.conditions import (
    Above,
    AboveLevel,
    AtMost,
    AtMostLevel,
    Condition,
    Equals,
    In,
    NotIn,
)
from dtree.strict_json import (
    Json,
    built,
    expected,
    number_json,
    number_of,
    object_of,
    string_of,
    strings_of,
)

__all__ = ["CONDITIONS", "INFINITY", "condition_json", "condition_of"]

_KEYS: Mapping[str, tuple[str, ...]] = {
    "Equals": ("kind", "attribute", "value"),
    "AtMost": ("kind", "attribute", "threshold"),
    "Above": ("kind", "attribute", "threshold"),
    "In": ("kind", "attribute", "values"),
    "NotIn": ("kind", "attribute", "values"),
    "AtMostLevel": ("kind", "attribute", "level", "levels"),
    "AboveLevel": ("kind", "attribute", "level", "levels"),
}

CONDITIONS = tuple(_KEYS)
"""The kinds of condition, in the order an error message lists them."""

INFINITY = "inf"
"""The threshold +inf of a split of the known values from the missing ones."""


def condition_json(condition: Condition, path: str, learned: bool = False) -> dict[str, Json]:
    """The JSON object of ``condition`` (at ``path``, for an error); ``learned``: its split
    sends missing values one way, so that a threshold +inf is written ``"inf"``.

    >>> condition_json(AtMostLevel("size", "M", ("S", "M", "L")), "$")
    {'kind': 'AtMostLevel', 'attribute': 'size', 'level': 'M', 'levels': ['S', 'M', 'L']}
    """
    head: dict[str, Json] = {"kind": type(condition).__name__, "attribute": condition.attribute}
    match condition:
        case Equals(_, value):
            return {**head, "value": value}
        case AtMost(_, threshold) | Above(_, threshold):
            if threshold == math.inf and learned:
                number: dict[str, Json] = {**head, "threshold": INFINITY}
            else:
                number = {**head, "threshold": number_json(threshold, f"{path}.threshold")}
            return {**number, "missing": True} if condition.missing else number
        case In(_, values) | NotIn(_, values):
            return {**head, "values": sorted(values)}
        case AtMostLevel(_, level, levels) | AboveLevel(_, level, levels):
            return {**head, "level": level, "levels": list(levels)}
        case _:
            assert_never(condition)


def condition_of(value: Json, path: str) -> Condition:
    """The condition of the JSON object ``value`` found at ``path``, checked throughout.

    >>> condition_of({"kind": "AboveLevel", "attribute": "size", "level": "M",
    ...               "levels": ["S", "M", "L"]}, "$")
    AboveLevel(attribute='size', level='M', levels=('S', 'M', 'L'))
    >>> condition_of({"kind": "AboveLevel", "attribute": "size", "level": "XL",
    ...               "levels": ["S", "M", "L"]}, "$.nodes[0]")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: $.nodes[0]: the level 'XL' is not one of the levels ('S', 'M', 'L')
    """
    if not isinstance(value, dict):
        expected(path, "an object", value)
    kind = string_of(value.get("kind"), f"{path}.kind")
    if kind not in _KEYS:
        expected(f"{path}.kind", f"one of {', '.join(CONDITIONS)}", kind)
    flagged = kind in ("AtMost", "Above") and "missing" in value
    fields = object_of(value, path, _KEYS[kind] + ("missing",) * flagged)
    attribute = string_of(fields["attribute"], f"{path}.attribute")
    match kind:
        case "Equals":
            return Equals(attribute, string_of(fields["value"], f"{path}.value"))
        case "AtMost" | "Above":
            if flagged and fields["missing"] is not True:
                expected(
                    f"{path}.missing", "true (the key is left out otherwise)", fields["missing"]
                )
            threshold: Number = math.inf
            if fields["threshold"] != INFINITY:
                threshold = number_of(fields["threshold"], f"{path}.threshold")
            # A file may write a threshold as a fraction 'p/q': it is kept as written, exact.
            numeric = AtMost if kind == "AtMost" else Above
            return numeric(attribute, threshold, missing=flagged)  # type: ignore[arg-type]
        case "AtMostLevel" | "AboveLevel":
            level = string_of(fields["level"], f"{path}.level")
            levels = strings_of(fields["levels"], f"{path}.levels", nonempty=True)
            if kind == "AtMostLevel":
                return built(path, AtMostLevel, attribute, level, levels)
            return built(path, AboveLevel, attribute, level, levels)
        case _:
            values = frozenset(strings_of(fields["values"], f"{path}.values"))
            return (In if kind == "In" else NotIn)(attribute, values)
