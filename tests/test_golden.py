"""The golden corpus: trees do not change when the code gets faster.

Every case below grows a tree on fixed data, and ``tests/golden/NAME.json``
holds the tree it grew when the corpus was written.  A change that makes
the grower faster must regrow every one of them exactly: the same splits,
thresholds, counts and predictions, to the last bit of every float.

The corpus is the model file (:func:`dtree.serialize.to_json`) of each
tree, compared byte for byte.  It holds a grid, every learner of
:func:`_learners` (each preset, and each option of
:class:`dtree.grower.learner.Learner` changed on its own) on every dataset of
:func:`_datasets` (bundled ones; noisy synthetic data with three classes;
coarse values with many ties and values 1e-6 apart; two classes with a
nominal attribute of 12 values; the benchmark's problem; missing values;
integer, fractional, float and zero weights; a regression target with
and without missing values and weights), and the cases written before
the grid: each bundled dataset under each preset, 3,000 noisy rows with
weights and missing values, and a chain of 120 distinct classes.

Run this file as a script to write the corpus again (only when a tree is
meant to change, and say why in the commit):
``python tests/test_golden.py``.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest
from attrs import evolve
from benchmarks.bench_cart import dataset, make_problem

from dtree.conditions import Above, AtMost
from dtree.dataset import Dataset, Value
from dtree.datasets import load, names
from dtree.grower.learner import C45, CART, ID3, J48, Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart, id3
from dtree.serialize import from_json, to_json
from dtree.tree import Split, Tree

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


def coarse(rows: int, *, seed: int = 4) -> Dataset:
    """Many ties: three numeric attributes of four levels each, one of them
    only ever 1e-6 apart from another value, and a nominal attribute of nine
    values (subset search), with three classes."""
    rng = random.Random(seed)
    columns: dict[str, list[Value]] = {name: [] for name in ("a", "b", "c", "n", "y")}
    for _ in range(rows):
        a, b = rng.randrange(4), rng.randrange(4) / 2
        c = rng.choice((1.0, 1.000001, 2.0, 2.000004))
        n = rng.choice("abcdefghi")
        label = "p" if a + b > 2 else ("q" if n in "abcd" or c > 1.5 else "r")
        if rng.random() < 0.15:
            label = rng.choice("pqr")
        row: tuple[Value, ...] = (a, b, c, n, label)
        for name, value in zip("abcny", row, strict=True):
            columns[name].append(value)
    return Dataset.from_columns(columns, target="y")


def binary(rows: int, *, seed: int = 5) -> Dataset:
    """Two classes, nominal attributes of up to 12 values (ordered subsets)."""
    rng = random.Random(seed)
    columns: dict[str, list[Value]] = {name: [] for name in ("u", "v", "x", "y")}
    for _ in range(rows):
        u, v = rng.choice("ABCDEFGHIJKL"), rng.choice("stuvw")
        x = rng.randrange(30)
        positive = (u in "ABCDEFG") != (x > 20) or (v == "s" and rng.random() < 0.3)
        row: tuple[Value, ...] = (u, v, x, "yes" if positive else "no")
        for name, value in zip("uvxy", row, strict=True):
            columns[name].append(value)
    return Dataset.from_columns(columns, target="y")


def holed(data: Dataset, share: float, *, seed: int = 6) -> Dataset:
    """``data`` with each attribute value missing with probability ``share``."""
    rng = random.Random(seed)
    target = data.schema.target.name
    columns: dict[str, list[Value]] = {
        attribute.name: [None if rng.random() < share else value for value in column]
        for attribute, column in zip(data.schema.attributes, data.columns, strict=True)
    }
    return Dataset.from_columns({**columns, target: list(data.target)}, target=target)


def _datasets() -> dict[str, Dataset]:
    """The small datasets every learner of :func:`_learners` grows a tree on."""
    small = synthetic(500, seed=7)
    rows = regression(300, seed=8)
    bench = make_problem(1500, levels=64)
    data = {
        **{name: load(name) for name in ("golf", "iris", "play-tennis", "restaurant")},
        "small": small,
        "coarse": coarse(400),
        "binary": binary(400),
        "bench": dataset(bench),
        "small-holes": holed(synthetic(100, seed=10), 0.2),
        "coarse-holes": holed(coarse(150, seed=9), 0.1),
        "small-integer-weights": weighted(small, "integer"),
        "small-fraction-weights": weighted(small, "fraction"),
        "small-float-weights": weighted(small, "float"),
        "small-zero-weights": small.with_weights([int(k % 7 != 0) for k in range(500)]),
        "rows": rows,
        "rows-holes": holed(regression(150, seed=11), 0.1),
        "rows-integer-weights": weighted(rows, "integer"),
        "rows-float-weights": weighted(rows, "float"),
    }
    return data


def _learners() -> dict[str, Learner]:
    """Every preset, and each option of :class:`Learner` changed on its own."""
    return {
        "id3": ID3,
        "c45": C45,
        "j48": J48,
        "cart": CART,
        "cart-entropy": evolve(CART, impurity="entropy"),
        "cart-misclassification": evolve(CART, impurity="misclassification"),
        "cart-multiway": evolve(CART, nominal="multiway"),
        "cart-ordered": evolve(CART, ordered_subsets=True, min_samples_leaf=3),
        "cart-c45-threshold": evolve(CART, threshold="c45"),
        "cart-j48-threshold": evolve(CART, threshold="j48"),
        "cart-resolution": evolve(CART, resolution=0.25),
        "cart-impute": evolve(CART, missing="impute"),
        "cart-fractional": evolve(CART, missing="fractional"),
        "cart-fractional-counts": evolve(CART, missing="fractional_counts"),
        "cart-depth-3": evolve(CART, max_depth=3),
        "cart-split-20": evolve(CART, min_samples_split=20),
        "cart-leaf-5": evolve(CART, min_samples_leaf=5),
        "cart-decrease": evolve(CART, min_impurity_decrease=Fraction(1, 100)),
        "cart-6-leaves": evolve(CART, max_leaf_nodes=6),
        "id3-subsets": evolve(ID3, nominal="subsets"),
        "id3-gain": evolve(ID3, min_gain=0.05),
        "id3-significance": evolve(ID3, significance=0.05),
        "id3-mdl": evolve(ID3, mdl=True),
        "c45-no-mdl": evolve(C45, mdl=False),
        "c45-gain": evolve(C45, score="impurity_decrease"),
        "c45-objects-5": evolve(C45, min_objects=5),
        "c45-subsets": evolve(C45, nominal="subsets"),
        "c45-8-leaves": evolve(C45, max_leaf_nodes=8),
        "j48-impute": evolve(J48, missing="impute"),
        "c45-fractional-counts": evolve(C45, missing="fractional_counts"),
    }


def _adapted(learner: Learner, data: Dataset) -> Learner:
    """The learner as it applies to ``data``: squared error for a numeric target
    (no gain ratio, chi-square or C4.5's minimum objects), and missing values shared out where the
    learner would refuse them."""
    if not data.schema.is_classification:
        learner = evolve(
            learner,
            impurity="squared_error",
            score="impurity_decrease",
            significance=None,
            min_objects=None,
        )
    holes = any(value is None for column in data.columns for value in column)
    if holes and learner.missing == "refuse":
        learner = evolve(learner, missing="fractional")
    return learner


def _grid() -> dict[str, Callable[[], Tree]]:
    """Each learner on each dataset, once per distinct learner the dataset makes of it."""
    cases: dict[str, Callable[[], Tree]] = {}
    for data_name, data in _datasets().items():
        seen: set[Learner] = set()
        for learner_name, learner in _learners().items():
            adapted = _adapted(learner, data)
            if adapted not in seen:
                seen.add(adapted)
                cases[f"{data_name}--{learner_name}"] = partial(grow, adapted, data)
    return cases


def _cases() -> dict[str, Callable[[], Tree]]:
    cases: dict[str, Callable[[], Tree]] = _grid()
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


def _model_file(tree: Tree) -> str:
    return to_json(tree) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_tree_grown_is_the_golden_one(name: str) -> None:
    """Byte for byte: the same tree, and the same model file."""
    assert _model_file(CASES[name]()) == _golden(name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_golden_model_file_reads_back(name: str) -> None:
    """Every golden file passes the reader's checks (its splits add up), and reads back to
    the same file."""
    text = _golden(name).read_text(encoding="utf-8")
    assert _model_file(from_json(text)) == text


def test_a_changed_tree_is_caught() -> None:
    """The comparison sees the root's threshold moved by one bit."""
    tree = CASES["iris-cart"]()
    assert isinstance(tree, Split)
    below, above = (branch.condition for branch in tree.branches)
    assert isinstance(below, AtMost)
    assert isinstance(above, Above)
    t = math.nextafter(below.threshold, math.inf)
    nudged = evolve(
        tree,
        branches=(
            evolve(tree.branches[0], condition=AtMost(below.attribute, t)),
            evolve(tree.branches[1], condition=Above(above.attribute, t)),
        ),
    )
    assert _model_file(tree) == _golden("iris-cart").read_text(encoding="utf-8")
    assert _model_file(nudged) != _golden("iris-cart").read_text(encoding="utf-8")


def test_every_golden_tree_has_its_case_and_every_case_its_tree() -> None:
    assert {path.stem for path in GOLDEN.glob("*.json")} == set(CASES)


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, make in CASES.items():
        _golden(name).write_text(_model_file(make()), encoding="utf-8")
    sys.exit(0)
