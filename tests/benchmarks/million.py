"""The data the million-rows targets are measured on, made the same way by every script.

Ten numeric columns: the even ones on a grid of 4,096 values in [0, 1) (k / 4096), the odd
ones integers 0..99 (many ties).  Three targets over them:

* ``classes=2``: ``(x0 + x2 > 1) xor (x1 > 50)``;
* ``classes=3``: ``min(2, floor(3 * (x0 if x3 < 50 else x2)))``;
* ``classes=0`` (regression): ``3 x0 + 2 x2^2 + (x1 > 50)`` plus Gaussian noise of sd 0.1.

A class label is replaced by a random class (possibly itself) with probability 0.1.  The
first n rows are the same for any number of rows at least n, and the same for every commit
(only :mod:`random` draws them, from ``seed``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from dtree.dataset import Dataset, Value

__all__ = ["ATTRIBUTES", "NOISE", "columns", "dataset", "names", "target"]

ATTRIBUTES = 10
NOISE = 0.1
"""The share of class labels replaced by a random class."""


def names() -> list[str]:
    """x0..x9."""
    return [f"x{j}" for j in range(ATTRIBUTES)]


def _row(rng: random.Random) -> list[float]:
    return [
        rng.randrange(4096) / 4096 if j % 2 == 0 else float(rng.randrange(100))
        for j in range(ATTRIBUTES)
    ]


def target(x: Sequence[float], classes: int, rng: random.Random) -> str | float:
    """The target of the row ``x``: a class ``c0``.. (``classes`` of them), or a number."""
    if classes == 0:
        return 3 * x[0] + 2 * x[2] ** 2 + (x[1] > 50) + rng.gauss(0.0, 0.1)
    if classes == 2:
        label = int((x[0] + x[2] > 1) != (x[1] > 50))
    else:
        label = min(2, math.floor(3 * (x[0] if x[3] < 50 else x[2])))
    if rng.random() < NOISE:
        label = rng.randrange(classes)
    return f"c{label}"


def columns(rows: int, classes: int = 2, seed: int = 0) -> dict[str, list[Value]]:
    """The columns x0..x9 and y of ``rows`` rows."""
    rng = random.Random(seed)
    table: dict[str, list[Value]] = {name: [] for name in [*names(), "y"]}
    for _ in range(rows):
        x = _row(rng)
        for name, value in zip(names(), x, strict=True):
            table[name].append(value)
        table["y"].append(target(x, classes, rng))
    return table


def dataset(rows: int, classes: int = 2, seed: int = 0) -> Dataset:
    """The problem as dtree's dataset, the classes in the order c0, c1, ..."""
    order = None if classes == 0 else [f"c{k}" for k in range(classes)]
    return Dataset.from_columns(columns(rows, classes, seed), target="y", classes=order)
