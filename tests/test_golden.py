"""The golden corpus: trees do not change when the code gets faster.

Every case below grows a tree on fixed data, and ``tests/golden/NAME.json``
holds the tree it grew when the corpus was written.  A change that makes
the grower faster must regrow every one of them exactly: the same splits,
thresholds, counts and predictions, to the last bit of every float.

The data cover what the grower's fast paths distinguish: the bundled
datasets under each preset; a noisy synthetic problem of 3,000 rows with
numeric and nominal attributes and three classes, with unit, integer,
fractional and float weights and with missing values; a regression
target; and a chain of 120 distinct classes.

Run this file as a script to write the corpus again (only when a tree is
meant to change, and say why in the commit):
``python tests/test_golden.py``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest

from dtree.dataset import Dataset, Value
from dtree.datasets import load, names
from dtree.grow import c45, cart, id3
from dtree.serialize import from_json, to_json
from dtree.tree import Tree

GOLDEN = Path(__file__).parent / "golden"


def synthetic(rows: int, *, seed: int = 0, missing: float = 0.0) -> Dataset:
    """Four numeric attributes on a coarse grid, two nominal ones, three noisy classes."""
    rng = random.Random(seed)
    columns: dict[str, list[Value]] = {name: [] for name in ("a", "b", "c", "d", "e", "f", "y")}
    for _ in range(rows):
        a, b, c, d = (rng.randrange(64) for _ in range(4))
        e, f = rng.choice("pqrs"), rng.choice("uvw")
        label = "k0" if a + b < 60 else ("k1" if c > 20 or e == "p" else "k2")
        if rng.random() < 0.1:
            label = rng.choice(("k0", "k1", "k2"))
        row: list[Value] = [a, b / 8, c, d * 0.1, e, f]
        row = [None if rng.random() < missing else value for value in row]
        for name, value in zip("abcdef", row, strict=True):
            columns[name].append(value)
        columns["y"].append(label)
    return Dataset.from_columns(columns, target="y")


def regression(rows: int, *, seed: int = 1) -> Dataset:
    """A numeric target, a step function of two attributes plus noise."""
    rng = random.Random(seed)
    xs = [rng.randrange(100) for _ in range(rows)]
    zs = [rng.choice("gh") for _ in range(rows)]
    ys = [
        (3.5 if x > 40 else 1.25) + (2 if z == "g" else 0) + rng.gauss(0, 0.5)
        for x, z in zip(xs, zs, strict=True)
    ]
    return Dataset.from_columns({"x": xs, "z": zs, "y": ys}, target="y")


def weighted(data: Dataset, kind: str, *, seed: int = 2) -> Dataset:
    rng = random.Random(seed)
    make: dict[str, Callable[[], int | Fraction | float]] = {
        "integer": lambda: rng.randrange(1, 5),
        "fraction": lambda: Fraction(rng.randrange(1, 7), rng.randrange(1, 4)),
        "float": lambda: rng.uniform(0.1, 3.0),
    }
    return data.with_weights([make[kind]() for _ in range(len(data.weights))])


def _cases() -> dict[str, Callable[[], Tree]]:
    cases: dict[str, Callable[[], Tree]] = {}
    for name in names():
        data = load(name)
        cases[f"{name}-c45"] = partial(c45, data)
        cases[f"{name}-cart"] = partial(cart, data)
        cases[f"{name}-id3"] = partial(id3, data)
    iris = load("iris")
    cases["iris-cart-entropy"] = lambda: cart(iris, criterion="entropy")
    cases["iris-cart-misclassification"] = lambda: cart(iris, criterion="misclassification")
    cases["iris-cart-4-leaves"] = lambda: cart(iris, max_leaf_nodes=4)
    cases["iris-id3-significance"] = lambda: id3(iris, significance=0.05)
    noisy = synthetic(3000)
    cases["noisy-cart"] = lambda: cart(noisy)
    cases["noisy-cart-entropy"] = lambda: cart(noisy, criterion="entropy", min_samples_leaf=3)
    cases["noisy-c45"] = lambda: c45(noisy)
    cases["noisy-id3-depth-4"] = lambda: id3(noisy, max_depth=4)
    for kind in ("integer", "fraction", "float"):
        data = weighted(noisy, kind)
        cases[f"noisy-{kind}-weights-cart"] = partial(cart, data, max_depth=8)
        cases[f"noisy-{kind}-weights-c45"] = partial(c45, data)
    holes = synthetic(1500, seed=3, missing=0.15)
    cases["missing-c45"] = lambda: c45(holes)
    cases["missing-cart-impute"] = lambda: cart(holes, missing="impute", max_depth=6)
    cases["regression-cart"] = lambda: cart(regression(800))
    cases["regression-cart-8-leaves"] = lambda: cart(regression(800), max_leaf_nodes=8)
    classes = Dataset.from_columns(
        {"x": list(range(120)), "y": [f"c{i}" for i in range(120)]}, target="y"
    )
    cases["120-classes-cart"] = lambda: cart(classes)
    cases["120-classes-c45"] = lambda: c45(classes)
    return cases


CASES = _cases()


def _golden(name: str) -> Path:
    return GOLDEN / f"{name}.json"


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_tree_grown_is_the_golden_one(name: str) -> None:
    assert CASES[name]() == from_json(_golden(name).read_text(encoding="utf-8"))


def test_every_golden_tree_has_its_case_and_every_case_its_tree() -> None:
    assert {path.stem for path in GOLDEN.glob("*.json")} == set(CASES)


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, grow in CASES.items():
        _golden(name).write_text(to_json(grow()) + "\n", encoding="utf-8")
    sys.exit(0)
