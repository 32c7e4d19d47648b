"""Routing: which rows of a dataset reach each node of a tree, all the rows at once.

Row by row, a row descends the tree alone, so a chain of n thresholds costs
O(n^2).  Routed together, a node's rows are divided among its branches at
once; under a threshold ``x <= t`` on a numeric attribute x they are a slice
of one run of rows sorted by x, divided by one bisection, so the chain costs
O(n log n).  Breiman et al. sort each numeric attribute once for the same
reason.  Prediction of deep trees (:func:`routed_predictions`), reduced-error
pruning and C4.5's subtree raising (:mod:`dtree.prune`) route their data this way.

Vocabulary
----------
``Run``
    The rows that reach a node whole with a known value of a numeric
    attribute, sorted by that value.  A node's rows are a :class:`Span`
    ``[lo, hi)`` of its parent's run, never copied; the run is sorted
    again only where the tree turns to another attribute.
``Span``
    The positions ``[lo, hi)`` of a run that a chain of thresholds has
    bisected out of it: the state of the bisection, one value.
``Routed``
    The rows that reach a node: ``loose`` rows, each with the share of it
    that does, and a slice of a run.
The weights of a counted run
    A run whose weights are counted (only by the pruners: prediction counts
    nothing) keeps running sums of its weights, in all and, for each class
    present, at the positions of that class's rows.  The weight of a slice
    is then two look-ups and that of one class two bisections, so a node
    pays for the classes it has, never for every class of the schema.
    Counted runs are used only for classification data whose weights (and
    the tree's, where they spread a missing value) are integers or
    fractions: every sum is then exact, the same in any order, and equal to
    the row by row count.

Contents: :class:`Run`, :class:`Span`, :data:`NO_SPAN`, :class:`Routed`, :func:`every_row`,
:func:`route`, :func:`fold_routed`, :func:`share_weights`, :func:`total_weight`,
:func:`routed_stats`, :func:`restated`, :func:`recounted_leaf`,
:func:`routed_predictions`.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Literal, TypeVar, assert_never

from attrs import frozen

from dtree.conditions import Above, AtMost, takes_missing
from dtree.counts import ClassStats, Stats, central, stats_of, total
from dtree.dataset import Dataset, Label, Numeric, Weight
from dtree.missing import shares
from dtree.tree import (
    Branch,
    Leaf,
    Probability,
    Split,
    Spread,
    Tree,
    descend,
    nodes,
    prediction_of,
)

__all__ = [
    "NO_SPAN",
    "Routed",
    "Run",
    "Span",
    "every_row",
    "fold_routed",
    "recounted_leaf",
    "restated",
    "route",
    "routed_predictions",
    "routed_stats",
    "share_weights",
    "total_weight",
]

R = TypeVar("R")

_WHOLE = Fraction(1)
"""The share of a row that reaches a node whole."""


@frozen
class Span:
    """The positions ``[lo, hi)`` of a :class:`Run`: the rows a chain of thresholds on its
    attribute has bisected out of it, those of one node.

    >>> Span(0, 5).cut((1.0, 2.0, 2.0, 3.0, 4.0), 2.5), Span(3, 3).empty
    ((Span(lo=0, hi=3), Span(lo=3, hi=5)), True)
    """

    lo: int
    hi: int

    @property
    def empty(self) -> bool:
        """Whether no position is in the span."""
        return self.lo == self.hi

    def positions(self) -> range:
        """The positions of the span, in order."""
        return range(self.lo, self.hi)

    def cut(self, values: Sequence[float], threshold: float) -> tuple[Span, Span]:
        """The positions whose value (the run's ``values``, sorted) is at most ``threshold``,
        and the rest: one bisection."""
        middle = bisect.bisect_right(values, threshold, self.lo, self.hi)
        return Span(self.lo, middle), Span(middle, self.hi)


NO_SPAN = Span(0, 0)
"""The span of rows without a run."""


@frozen(eq=False)
class _Sums:
    """Running sums of the weights of some rows of a run: the rows at ``positions`` (every
    row when None), ``weights[i]`` the weight of the first i of them and ``fractions[i]``
    how many of those weigh a ``Fraction``."""

    positions: tuple[int, ...] | None
    weights: tuple[Weight, ...]
    fractions: tuple[int, ...]

    @classmethod
    def of(cls, positions: tuple[int, ...] | None, weights: Sequence[Weight]) -> _Sums:
        sums = tuple(itertools.accumulate(weights, initial=0))
        fractions = itertools.accumulate((isinstance(w, Fraction) for w in weights), initial=0)
        return cls(positions, sums, tuple(fractions))

    def between(self, span: Span) -> tuple[Weight, int]:
        """The weight of those rows among the run's ``span``, and how many are fractions."""
        lo, hi = span.lo, span.hi
        if self.positions is not None:
            lo, hi = bisect.bisect_left(self.positions, lo), bisect.bisect_left(self.positions, hi)
        return self.weights[hi] - self.weights[lo], self.fractions[hi] - self.fractions[lo]


@frozen(eq=False)
class _Tally:
    """The counted weights of a run: each row's class (its index in the schema's classes),
    the running sums of all the weights, and those of each class present."""

    classes: tuple[int, ...]
    everything: _Sums
    by_class: Mapping[int, _Sums]


@frozen(eq=False)
class Run:
    """Whole rows with a known value of the numeric ``attribute``, sorted by it: ``rows``
    and their ``values``, and, when the weights are counted, their running sums.

    A chain of thresholds on the attribute divides the run by bisection: the rows
    of each node are a slice of it.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.presets import cart
    >>> ten = Dataset.from_columns({"x": [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ...                             "y": list("1011100100")}, target="y")
    >>> tree = cart(ten, max_depth=2)  # x <= 4.5, then x <= 1.5 and x <= 7.5
    >>> parts, _ = route(tree, ten, every_row(ten))
    >>> run = parts[0].run
    >>> run.attribute, run.rows, run.values[:3]
    ('x', (9, 8, 7, 6, 5, 4, 3, 2, 1, 0), (0.0, 1.0, 2.0))
    >>> [part.span for part in parts]  # x <= 4.5: the first five
    [Span(lo=0, hi=5), Span(lo=5, hi=10)]
    >>> [(part.span, part.run is run) for part in route(tree.branches[1].subtree, ten,
    ...                                                 parts[1])[0]]
    [(Span(lo=5, hi=8), True), (Span(lo=8, hi=10), True)]
    """

    attribute: str
    rows: tuple[int, ...]
    values: tuple[float, ...]
    tally: _Tally | None = None


@frozen(eq=False)
class Routed:
    """The rows of a dataset that reach a node: ``loose`` rows, each with the share of it
    that does, and the :class:`Span` of ``run``, rows that reach it whole.

    Thresholds divide runs only when ``runs`` is set; ``classes`` (the index of
    each row's class in the schema's, by row) is set when a run's weights are
    counted too.

    >>> from fractions import Fraction
    >>> from dtree.datasets import load
    >>> rows = Routed(((0, Fraction(1)), (3, Fraction(1, 2))))
    >>> rows.shares()
    ((0, Fraction(1, 1)), (3, Fraction(1, 2)))
    >>> total_weight(load("golf"), rows)
    Fraction(3, 2)
    """

    loose: tuple[tuple[int, Probability], ...]
    runs: bool = False
    classes: tuple[int, ...] | None = None
    run: Run | None = None
    span: Span = NO_SPAN

    def shares(self) -> tuple[tuple[int, Probability], ...]:
        """Every row with its share, the loose ones first."""
        if self.run is None or self.span.empty:
            return self.loose
        whole = self.run.rows[self.span.lo : self.span.hi]
        return self.loose + tuple((row, _WHOLE) for row in whole)

    @property
    def counted(self) -> bool:
        """Whether the rows have a run whose weights are counted."""
        return self.run is not None and self.run.tally is not None

    def run_weight(self, k: int | None = None) -> tuple[Weight, int]:
        """The weight of the run's rows (of class ``k`` only, if given), and how many of those
        weigh a ``Fraction``: (0, 0) without a counted run.  Two bisections at most.

        >>> from dtree.dataset import Dataset
        >>> from dtree.grower.presets import cart
        >>> ten = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")},
        ...                            target="y")
        >>> parts, _ = route(cart(ten), ten, every_row(ten))  # x <= 4.5: 0 0 1 0 0
        >>> parts[0].run_weight(), parts[0].run_weight(1), parts[0].run_weight(0)
        ((5, 0), (1, 0), (4, 0))
        """
        if self.run is None or self.run.tally is None:
            return 0, 0
        tally = self.run.tally
        sums = tally.everything if k is None else tally.by_class.get(k)
        return (0, 0) if sums is None else sums.between(self.span)

    def _with(
        self, loose: Sequence[tuple[int, Probability]], run: Run | None, span: Span
    ) -> Routed:
        return Routed(tuple(loose), self.runs, self.classes, run, span)


def every_row(data: Dataset, tree: Tree | None = None) -> Routed:
    """Every row of the dataset, whole, to be routed through ``tree``: with counted runs when
    every weight is exact (the data's and, where they spread a missing value, the tree's).

    >>> from dtree.datasets import load
    >>> rows = every_row(load("golf"))
    >>> len(rows.shares()), rows.runs, total_weight(load("golf"), rows)
    (14, True, 14)
    """
    runs = data.schema.is_classification and not any(
        isinstance(weight, float) for weight in data.weights
    )
    if tree is not None and runs:
        runs = not any(isinstance(node.stats.weight, float) for node in nodes(tree))
    loose = tuple((row, _WHOLE) for row in data.rows)
    if not runs:
        return Routed(loose)
    position = {label: k for k, label in enumerate(data.schema.classes)}
    return Routed(loose, True, tuple(position[str(label)] for label in data.target))


def share_weights(data: Dataset, rows: Sequence[tuple[int, Probability]]) -> tuple[Weight, ...]:
    """Each routed row's weight times its share (a whole row keeps its own weight).

    >>> from fractions import Fraction
    >>> from dtree.datasets import load
    >>> share_weights(load("golf"), ((0, Fraction(1)), (1, Fraction(1, 3))))
    (1, Fraction(1, 3))
    """
    return tuple(data.weights[row] if p == 1 else data.weights[row] * p for row, p in rows)


def _summed(terms: Sequence[Weight], run: Weight, fractions: int) -> Weight:
    """``total`` of ``terms`` and of a run's weights, exact sums all (no float among them):
    a ``Fraction`` if any of them is one, else an integer."""
    exact = sum(terms) + run
    if fractions or any(isinstance(term, Fraction) for term in terms):
        return Fraction(exact)
    return int(exact)


def total_weight(data: Dataset, rows: Routed) -> Weight:
    """The weight of the rows, shares counted: ``total`` of their :func:`share_weights`.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> parts, _ = route(c45(golf), golf, every_row(golf))
    >>> [total_weight(golf, part) for part in parts]
    [4, 5, 5]
    """
    if not rows.counted:
        return total(share_weights(data, rows.shares()))
    return _summed(share_weights(data, rows.loose), *rows.run_weight())


def routed_stats(data: Dataset, rows: Routed) -> Stats:
    """The statistics of the rows, shares counted: ``stats_of`` them, by their
    :func:`share_weights`.

    Of a counted run, a class's weight is read from its running sums, or the slice's
    rows are counted one by one when there are fewer of them than classes in the run:
    a node costs the smaller of its rows and its run's classes present (times a
    bisection), besides the counts it returns.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> tree = c45(golf)
    >>> parts, _ = route(tree, golf, every_row(golf))
    >>> routed_stats(golf, parts[2]) == tree.branches[2].subtree.stats
    True
    """
    tally = None if rows.run is None else rows.run.tally
    if tally is None or rows.classes is None:
        shares = rows.shares()
        return stats_of(data.subset(row for row, _ in shares), share_weights(data, shares))
    weights: dict[int, Weight] = {}  # of the classes present only
    fractions: dict[int, int] = {}

    def add(k: int, weight: Weight, fraction: int) -> None:
        weights[k] = weights.get(k, 0) + weight
        fractions[k] = fractions.get(k, 0) + fraction

    assert rows.run is not None
    if len(rows.span.positions()) <= len(tally.by_class):
        for j in rows.span.positions():
            weight = data.weights[rows.run.rows[j]]
            add(tally.classes[j], weight, isinstance(weight, Fraction))
    else:
        for k, sums in tally.by_class.items():
            add(k, *sums.between(rows.span))
    for (row, _), weight in zip(rows.loose, share_weights(data, rows.loose), strict=True):
        add(rows.classes[row], weight, isinstance(weight, Fraction))
    counts: list[Weight] = [0] * len(data.schema.classes)
    for k, weight in weights.items():
        counts[k] = _summed((), weight, fractions[k])
    return ClassStats(data.schema.classes, tuple(counts))


def _sorted_by(data: Dataset, rows: Routed, attribute: str) -> Routed:
    """The same rows, those that reach the node whole with a known value of ``attribute``
    as a run sorted by it (its weights counted when ``rows.classes`` is set)."""
    column = data.columns[data.schema.index(attribute)]
    whole: list[int] = []
    loose: list[tuple[int, Probability]] = []
    for row, share in rows.shares():
        if share == 1 and column[row] is not None:
            whole.append(row)
        else:
            loose.append((row, share))
    whole.sort(key=lambda row: float(column[row]))  # type: ignore[arg-type]  # known numbers
    values = tuple(float(column[row]) for row in whole)  # type: ignore[arg-type]  # known numbers
    tally = None if rows.classes is None else _tally(data, rows.classes, whole)
    return rows._with(loose, Run(attribute, tuple(whole), values, tally), Span(0, len(whole)))


def _tally(data: Dataset, classes: tuple[int, ...], whole: Sequence[int]) -> _Tally:
    """The counted weights of the run ``whole``: O(len(whole)), whatever the classes."""
    of_run = tuple(classes[row] for row in whole)
    weights = [data.weights[row] for row in whole]
    positions: dict[int, list[int]] = {}
    for j, k in enumerate(of_run):
        positions.setdefault(k, []).append(j)
    by_class = {
        k: _Sums.of(tuple(at), [weights[j] for j in at]) for k, at in sorted(positions.items())
    }
    return _Tally(of_run, _Sums.of(None, weights), by_class)


def _threshold(split: Split, data: Dataset) -> tuple[str, float, int] | None:
    """For a split ``x <= t`` / ``x > t`` on a numeric attribute x of the data: x, t and the
    position of the ``x <= t`` branch."""
    match [branch.condition for branch in split.branches]:
        case [AtMost(a, t), Above(b, u)] if a == b and t == u:
            cut = (a, t, 0)
        case [Above(a, t), AtMost(b, u)] if a == b and t == u:
            cut = (a, t, 1)
        case _:
            return None
    numeric = any(
        attribute.name == cut[0] and isinstance(attribute.domain, Numeric)
        for attribute in data.schema.attributes
    )
    return cut if numeric else None


def route(
    split: Split,
    data: Dataset,
    rows: Routed,
    *,
    recount: bool = False,
    spread: Spread = "training",
) -> tuple[tuple[Routed, ...], Routed]:
    """The rows that go down each branch, and those that stop (no branch accepts their value).

    A row follows :func:`dtree.tree.descend` (a missing value shared as ``spread``
    says).  When the tree is being recounted on ``data`` (``recount``), a row with a
    missing value at a split where no branch takes missing values is spread instead
    in proportion to the weight of the rows with a known value in each branch, as
    C4.5 spreads its training cases (:func:`dtree.missing.shares`: in equal shares
    where no row's value is known), so
    that the recounted node's weight is the sum of its branches'.  A threshold on a
    numeric attribute divides the node's run of rows sorted by that attribute by
    bisection (:class:`Run`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> tree = c45(golf)  # outlook = overcast, rain, sunny
    >>> parts, stopped = route(tree, golf, every_row(golf))
    >>> [[row for row, _ in part.shares()] for part in parts], stopped.shares()
    ([[5, 6, 7, 8], [9, 10, 11, 12, 13], [0, 1, 2, 3, 4]], ())
    """
    cut = _threshold(split, data) if rows.runs else None
    spans = [NO_SPAN for _ in split.branches]
    if cut is None:
        loose = rows.shares()
    else:
        attribute, threshold, at_most = cut
        if rows.run is None or rows.run.attribute != attribute:
            rows = _sorted_by(data, rows, attribute)
        assert rows.run is not None
        spans[at_most], spans[1 - at_most] = rows.span.cut(rows.run.values, threshold)
        loose = rows.loose
    run = rows.run if cut is not None else None
    parts: list[list[tuple[int, Probability]]] = [[] for _ in split.branches]
    stopped: list[tuple[int, Probability]] = []
    unknown: list[tuple[int, Probability]] = []
    spreads = (
        recount
        and split.surrogates is None
        and not any(takes_missing(branch.condition) for branch in split.branches)
    )
    for row, share in loose:
        example = data.example(row)
        if spreads and example.get(split.attribute) is None:
            unknown.append((row, share))
            continue
        ways = descend(split, example, share, spread)
        if not ways:
            stopped.append((row, share))
        for i, part in ways:
            parts[i].append((row, part))
    routed = [rows._with(part, run, span) for part, span in zip(parts, spans, strict=True)]
    fractions = shares([total_weight(data, part) for part in routed]) if unknown else ()
    for row, share in unknown:
        for i, fraction in enumerate(fractions):
            if fraction > 0:
                parts[i].append((row, share * fraction))
    if unknown:
        routed = [rows._with(part, run, span) for part, span in zip(parts, spans, strict=True)]
    return tuple(routed), rows._with(stopped, None, NO_SPAN)


def fold_routed(
    tree: Tree,
    data: Dataset,
    rows: Routed,
    on_leaf: Callable[[Leaf, Routed], R],
    on_split: Callable[[Split, Routed, Routed, tuple[R, ...]], R],
    *,
    recount: bool = False,
    spread: Spread = "training",
) -> R:
    """Reduce a tree bottom-up, each node seeing which of ``rows`` (of ``data``) reach it.

    ``on_split`` gets the split, its rows, the rows that stop there (no
    branch accepts their value) and the results of its branches; ``recount``
    and ``spread`` are :func:`route`'s.  Iterative: a chain 10,000 splits deep is no problem.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> fold_routed(c45(golf), golf, every_row(golf),
    ...             lambda leaf, rows: [total_weight(golf, rows)],
    ...             lambda split, rows, stopped, below: sum(below, []))
    [4, 3, 2, 2, 3]
    """
    results: list[R] = []
    stack: list[tuple[Tree, Routed, Routed | None]] = [(tree, rows, None)]
    while stack:
        node, rows, stopped = stack.pop()
        match node:
            case Leaf():
                results.append(on_leaf(node, rows))
            case Split(branches, _) if stopped is not None:
                below = tuple(results[len(results) - len(branches) :])
                del results[len(results) - len(branches) :]
                results.append(on_split(node, rows, stopped, below))
            case Split(branches, _):
                parts, stopped = route(node, data, rows, recount=recount, spread=spread)
                stack.append((node, rows, stopped))
                stack.extend(
                    (branch.subtree, part, None)
                    for branch, part in reversed(tuple(zip(branches, parts, strict=True)))
                )
            case _:
                assert_never(node)
    return results[0]


def restated(
    tree: Tree,
    data: Dataset,
    rows: Routed | None = None,
    *,
    predictions: Literal["recounted", "kept"] = "recounted",
) -> Tree:
    """The tree with every node's statistics recounted from ``rows`` of ``data`` (all of it
    by default).

    With ``predictions="recounted"`` (pruning's and growing's use) leaves
    predict the new plurality (or mean), and a leaf that no row reaches
    predicts its parent's, as an empty branch does when a tree is grown.
    With ``predictions="kept"`` (a reader's use) every leaf keeps the
    prediction it has, a peer's own, whatever the recount says: a
    prediction the recount contradicts is then for
    :func:`dtree.conformance.compare` to report, not for the recount to
    hide.  A row with a missing value is spread as :func:`route` spreads it
    when recounting, so a tree read from elsewhere, whose statistics are
    unknown, gets the statistics of the data it was trained on.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> restated(tree, load("play-tennis")) == tree
    True
    >>> wrong = Leaf("No", ClassStats(("No", "Yes"), (0, 0)))
    >>> restated(wrong, load("play-tennis"))
    Leaf(prediction='Yes', stats=ClassStats(classes=('No', 'Yes'), counts=(5, 9)))
    >>> restated(wrong, load("play-tennis"), predictions="kept")
    Leaf(prediction='No', stats=ClassStats(classes=('No', 'Yes'), counts=(5, 9)))
    """
    if rows is None:
        rows = every_row(data, tree)
    kept = predictions == "kept"

    def on_leaf(leaf: Leaf, routed: Routed) -> Tree:
        if kept:
            return Leaf(leaf.prediction, routed_stats(data, routed))
        return recounted_leaf(data, routed, leaf.prediction)

    def on_split(split: Split, routed: Routed, stopped: Routed, below: tuple[Tree, ...]) -> Tree:
        stats = routed_stats(data, routed)
        fallback = central(stats if stats.weight > 0 else split.stats)
        subtrees = (
            Leaf(fallback, t.stats) if isinstance(t, Leaf) and _unreached(t, kept) else t
            for t in below
        )
        branches = (Branch(b.condition, t) for b, t in zip(split.branches, subtrees, strict=True))
        return Split(tuple(branches), stats, split.surrogates)

    return fold_routed(tree, data, rows, on_leaf, on_split, recount=True)


def _unreached(leaf: Leaf, kept: bool) -> bool:
    """Whether a recounted leaf takes its parent's prediction: no row reaches it, and its own
    prediction is not to be kept."""
    return not kept and leaf.stats.weight == 0


def recounted_leaf(data: Dataset, rows: Routed, fallback: Label | float | None) -> Leaf:
    """A leaf of the statistics of ``rows``, predicting their plurality (or mean); a leaf
    that no row reaches predicts ``fallback`` (when given)."""
    stats = routed_stats(data, rows)
    return Leaf(central(stats) if stats.weight > 0 or fallback is None else fallback, stats)


def routed_predictions(
    tree: Tree, data: Dataset, spread: Spread = "training"
) -> tuple[Label | float, ...]:
    """:func:`dtree.tree.predict` for every row of the data, in row order, a missing value
    shared among the branches as ``spread`` says (see :func:`dtree.tree.reach`): the rows
    routed down the tree side by side.

    Under a threshold on a numeric attribute the rows are divided by one bisection of
    the rows sorted by it: a chain of n thresholds costs O(n log n), not O(n^2) as it
    would row by row.  No weight is counted: the cost does not grow with the number of
    classes.  :func:`dtree.ensemble.predict_many` routes the rows of a dataset this way
    through a tree deeper than ``ensemble.ROW_BY_ROW_DEPTH``, and walks a shallower one
    compiled, row by row (:mod:`dtree.compiled`), where a row costs the splits on its path.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> xor = load("xor")
    >>> routed_predictions(id3(xor), xor) == xor.labels
    True

    See also: :func:`dtree.tree.prediction_of`.
    """
    ends: dict[int, list[tuple[Tree, Probability]]] = {row: [] for row in data.rows}

    def on_leaf(leaf: Leaf, rows: Routed) -> None:
        for row, share in rows.shares():
            ends[row].append((leaf, share))

    def on_split(split: Split, rows: Routed, stopped: Routed, below: tuple[None, ...]) -> None:
        for row, share in stopped.shares():
            ends[row].append((split, share))

    everyone = Routed(tuple((row, _WHOLE) for row in ends), runs=True)
    fold_routed(tree, data, everyone, on_leaf, on_split, spread=spread)
    return tuple(prediction_of(tree, ends[row]) for row in data.rows)
