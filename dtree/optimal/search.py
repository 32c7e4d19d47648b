"""The exact search of :mod:`dtree.optimal`: the dynamic program E(S, d, n) over bitsets,
its bounds and its budget.

:mod:`~dtree.optimal.objectives` states the recurrence and selects each objective from it; this
module is the engine that solves it. The examples S are a bitset (a Python ``int``, bit i for
the i-th present row), so the weight of a class in S is a popcount for each distinct weight, and
E is memoised on the bitset itself: two paths that reach the same examples share their subtree.
Depth 1 has its own routine: a nominal test's "no" side is S's counts less the "yes" side's, and
a numeric attribute's cuts are scanned in one pass over S's examples in ascending order of
value, with running class weights (O(|S|) for all its cuts, where trying each cut's bitset is
O(cuts)). Deeper, the search branches and bounds as DL8.5 does: each subtree is searched under
the cost the best tree so far leaves it, a search that finds nothing within its bound leaves
that bound in the memo as a lower bound, and a split whose first subtree cannot fit is not
finished. Without a limit on leaves, where numeric attributes are tested, the tree under the
best single test is tried first, for an early cost to beat, and the cuts of one numeric
attribute are skipped by MurTree's similarity bound (:class:`_Anchor`): a cut moves a few
examples across from the last cut searched, and costs at least that cut's cost less their
weight.

The search counts its work (:data:`BUDGET`: bitset operations and examples scanned, a unit
proportional to time) and stops with :class:`BudgetError`, a
:class:`~dtree.errors.DtreeError`, past ``budget``; ``progress`` is told the share of the
budget spent (:mod:`dtree.progress`), complete when the search is done.

Contents: the tests (:class:`Test`, :func:`binary_tests`, :func:`check_complete`), the budget
(:data:`BUDGET`, :data:`UNITS`, :class:`BudgetError`, :data:`DEPTH_LIMIT`), and the search
(:func:`search`, the :class:`Search` it returns, :data:`LEAF`).  Every name here is also
:mod:`dtree.optimal`'s.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import ClassVar, NamedTuple, TypeVar, assert_never, cast

from attrs import frozen

from dtree.arithmetic import Real, check_count, rational
from dtree.conditions import Above, AtMost, Condition, In, NotIn
from dtree.counts import ClassStats, class_counts, plurality
from dtree.dataset import Dataset, Nominal, Numeric, Value
from dtree.errors import DtreeError, quote
from dtree.grower.midpoints import midpoint
from dtree.progress import Report, meter
from dtree.tree import Leaf, Sprout, Tree, unfold

__all__ = [
    "BUDGET",
    "DEPTH_LIMIT",
    "LEAF",
    "UNITS",
    "BudgetError",
    "Search",
    "Test",
    "binary_tests",
    "check_complete",
    "search",
]

UNITS = "6 for a test tried on a subproblem's rows, 3 for a class counted, 1 for a row scanned"
"""The units of work :data:`BUDGET` counts, in a line (its docstring says them in full)."""

BUDGET = 200_000_000
"""The work a search may do before it stops with :class:`BudgetError`, in units of about a
seventh of a microsecond: a test tried on a subproblem's examples (an intersection of bitsets,
and the partition it makes looked up) is 6 units; one class's weight counted among a
subproblem's examples (a popcount for each distinct weight) is 3; a stump's scan of a numeric
attribute is 1 unit per example of the subproblem visited, and 1 per 8 of the attribute's
examples sifted for them.  The count depends on the data and the search alone, never on a
clock, so a search that fits its budget fits it on any machine.  On the machine of the
benchmarks a search does 4.5 to 8 million units a second (the fewer, the more classes), whether
it tries nominal tests or scans numeric attributes, so the default is about half a minute (a
depth-two search of breast cancer's 30 numeric attributes, 15,310 tests, takes 25 million
units, 3.3 s)."""

T = TypeVar("T")

_TRIED = 6
"""The units of work of one test tried on a subproblem's examples (a bitset intersection, and
a look-up of the partition it makes)."""

_COUNTED = 3
"""The units of work of one class's weight counted among a subproblem's examples (a popcount
for each distinct weight)."""

_SIFTED = 8
"""How many examples of a numeric attribute's order, sifted for a subproblem's, cost one unit
of work (a visit of one of the subproblem's examples in a scan costs one)."""


class BudgetError(DtreeError):
    """The exact search spent its budget before it was done.

    >>> str(BudgetError(1000)).startswith("budget=1,000 spent before the exact search was done")
    True
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        super().__init__(
            f"budget={budget:,} spent before the exact search was done (its units of work:"
            f" {UNITS}; the default, {BUDGET:,}, is about half a minute); search less deep"
            " (max_depth),"
            " with fewer thresholds (bin numeric attributes first: dtree.discretize), or give"
            " a larger budget"
        )

    def __reduce__(self) -> tuple[type[BudgetError], tuple[int]]:
        return BudgetError, (self.budget,)


DEPTH_LIMIT = 200
"""The deepest search: each level is one call deeper, and deeper searches are out of reach."""


@frozen
class Test:
    """A binary test: the examples where ``yes`` holds go one way, the others (``no``) the
    other.

    >>> from dtree.conditions import describe
    >>> test = binary_tests(Dataset.from_columns({"x": [1, 2, 4], "y": list("aab")}, target="y"))[1]
    >>> describe(test.yes), describe(test.no)
    ('x <= 3', 'x > 3')
    """

    __test__: ClassVar[bool] = False  # not a test case for pytest

    yes: Condition
    no: Condition


def binary_tests(data: Dataset) -> tuple[Test, ...]:
    """The binary tests of ``data``, in dtree's order: attributes in schema order, then a
    nominal attribute's values in domain order, a numeric one's cuts ascending.

    >>> from dtree.conditions import describe
    >>> data = Dataset.from_columns({"x": [3, 1, 2, 2], "c": list("uvuw"), "y": list("abab")},
    ...                             target="y")
    >>> [describe(test.yes) for test in binary_tests(data)]
    ['x <= 1.5', 'x <= 2.5', 'c in {u}', 'c in {v}', 'c in {w}']
    """
    return tuple(test for test, _ in _tested(data))


def _tested(data: Dataset) -> Iterator[tuple[Test, int]]:
    """Each binary test with the bitset of the rows where its ``yes`` condition holds (bit i
    for ``data.rows[i]``)."""
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        groups: dict[Value, list[int]] = {}
        for i, row in enumerate(data.rows):
            groups.setdefault(column[row], []).append(i)
        masks = {value: _bitset(rows, len(data)) for value, rows in groups.items()}
        name = attribute.name
        match attribute.domain:
            case Nominal(values):
                for value in values:
                    yield Test(In(name, {value}), NotIn(name, {value})), masks.get(value, 0)
            case Numeric():
                ascending = sorted(float(v) for v in masks if v is not None)
                below_or_at = 0
                for below, above in itertools.pairwise(ascending):
                    below_or_at |= masks[below]
                    cut = midpoint(below, above)
                    yield Test(AtMost(name, cut), Above(name, cut)), below_or_at
            case _:
                assert_never(attribute.domain)


def _bitset(positions: Sequence[int], size: int) -> int:
    """The int whose bit i is set for each i in ``positions``, built in O(size)."""
    bits = bytearray((size + 7) // 8)
    for i in positions:
        bits[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(bits, "little")


def check_complete(data: Dataset) -> None:
    """Exact search needs every value: a missing one is named, with its row and column.

    >>> check_complete(Dataset.from_columns({"x": [1, None], "y": ["a", "b"]}, target="y"))
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: row 2, column 'x': exact search needs complete data; ...
    """
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        for row in data.rows:
            if column[row] is None:
                raise DtreeError(
                    "exact search needs complete data; impute the missing values or drop their"
                    " rows first",
                    row=row + 1,
                    column=attribute.name,
                )


class _Node(NamedTuple):
    """A solution E(S, d, n): its key (cost, leaves, preorder) and its shape."""

    cost: Real
    leaves: int
    order: tuple[int, ...]
    examples: int  # the bitset S
    test: int  # -1 for a leaf
    yes: _Node | None
    no: _Node | None

    @property
    def key(self) -> tuple[Real, int, tuple[int, ...]]:
        return (self.cost, self.leaves, self.order)


LEAF = -1
"""The test index of a leaf in a preorder sequence: a leaf comes before any test."""


@frozen
class _Problem:
    """The data as bitsets: each test's "yes" examples and, for each distinct weight, the
    examples of each class that weigh it; and each test's chain (the position of its numeric
    attribute, whose tests' "yes" examples grow with the cut; -1 for a nominal test)."""

    masks: tuple[int, ...]
    weighed: tuple[tuple[Real, tuple[int, ...]], ...]
    penalty: Real
    budget: int
    chains: tuple[int, ...]
    blocks: tuple[_Block, ...]
    classes: tuple[int, ...]  # the class of each example, by its bit
    weights: tuple[Real, ...]  # the weight of each example, by its bit


class _Block(NamedTuple):
    """The tests ``start`` to ``stop`` (excluded) of one attribute (of adjacent nominal
    attributes, which are tried one by one alike); for a numeric one, its
    examples ascending by value (``order``, by bit) and the rank of each example's value
    among the attribute's distinct values (``ranks``, by bit): the cut after the value of
    rank r is test ``start`` + r."""

    start: int
    stop: int
    order: tuple[int, ...]
    ranks: tuple[int, ...]


class Search:
    """One search: the data, its tests, the problem as bitsets, the memo of solved
    subproblems, and the work done so far (:data:`BUDGET`'s unit); made by :func:`search`.

    >>> from dtree.datasets import load
    >>> solver, root = search(load("play-tennis"), 0, BUDGET)
    >>> solver.leaf(root).cost, solver.floor()
    (5, 0)
    """

    def __init__(
        self,
        data: Dataset,
        found: tuple[Test, ...],
        problem: _Problem,
        progress: Report | None = None,
    ) -> None:
        self.data = data
        self.tests = found
        self.problem = problem
        self.memo: dict[tuple[int, int, int | None], _Node] = {}
        self.lower: dict[tuple[int, int, int | None], Real] = {}
        self.work = 0
        self.groups = sum(len(masks) for _, masks in problem.weighed)
        self.numeric = any(chain >= 0 for chain in problem.chains)
        self.advance = meter(progress, problem.budget, "exact search, share of the budget")

    def spend(self, units: int) -> None:
        """Count ``units`` of work (:data:`BUDGET`), and stop past the budget."""
        self.work += units
        if self.work > self.problem.budget:
            raise BudgetError(self.problem.budget)

    def done(self, result: T) -> T:
        """``result``, once the search is over: its progress is complete."""
        self.advance(self.problem.budget)
        return result

    def deepest(self, depth: int | None) -> int:
        """The depth to search: at most ``depth``, and no deeper than a tree can usefully be
        (each level divides the examples, and a penalised tree has at most
        E(D, 0) / penalty + 1 leaves)."""
        rows = len(self.data)
        bound = rows - 1 if depth is None else min(depth, rows - 1)
        if depth is None and self.problem.penalty > 0:
            root_error = self.leaf((1 << rows) - 1).cost - self.problem.penalty
            bound = min(bound, int(root_error / self.problem.penalty))
        if bound > DEPTH_LIMIT:
            raise DtreeError(
                f"the exact search goes at most {DEPTH_LIMIT} levels deep; give a max_depth"
            )
        return bound

    def floor(self) -> Real:
        """The least error of any tree: the weight outside the plurality of each group of
        examples no test tells apart."""
        parts = [(1 << len(self.data)) - 1]
        for mask in self.problem.masks:
            self.spend(_TRIED * 2 * len(parts))
            parts = [side for part in parts for side in (part & mask, part & ~mask) if side]
        return sum((self.leaf(part).cost - self.problem.penalty for part in parts), 0)

    def tree(self, node: _Node) -> Tree:
        """The solution as a dtree tree, each node with the statistics of its examples."""
        classes = self.data.schema.classes

        def step(node: _Node) -> Leaf | Sprout[_Node]:
            rows = [self.data.rows[i] for i in _bits(node.examples)]
            counts = class_counts(self.data.subset(rows))
            stats = ClassStats(classes, counts)
            if node.yes is None or node.no is None:
                return Leaf(classes[plurality(counts)], stats)
            test = self.tests[node.test]
            return Sprout((test.yes, test.no), (node.yes, node.no), stats)

        return unfold(node, step)

    def counts(self, examples: int) -> list[Real]:
        """The weight of each class among ``examples``: sum over weights w of w |S & W_k,w|."""
        self.spend(_COUNTED * self.groups)
        return self._counted(examples)

    def _counted(self, examples: int) -> list[Real]:
        """:meth:`counts`, its work counted by the caller."""
        weighed = self.problem.weighed
        first_weight, first_masks = weighed[0]
        found = [first_weight * (examples & m).bit_count() for m in first_masks]
        for weight, masks in weighed[1:]:
            for k, mask in enumerate(masks):
                found[k] += weight * (examples & mask).bit_count()
        return found

    def leaf(self, examples: int, counts: Sequence[Real] | None = None) -> _Node:
        """A leaf over ``examples``: its error is the weight outside its plurality class."""
        counts = self.counts(examples) if counts is None else counts
        error = sum(counts) - max(counts)
        return _Node(error + self.problem.penalty, 1, (LEAF,), examples, LEAF, None, None)

    def optimum(self, examples: int, depth: int, leaves: int | None) -> _Node:
        """E(S, d, n), ``leaves`` None for no limit on n."""
        found = self.best(examples, depth, leaves, None)
        if found is None:  # pragma: no cover - without a bound there is always a best tree
            raise AssertionError(examples)
        return found

    def best(
        self, examples: int, depth: int, leaves: int | None, bound: Real | None
    ) -> _Node | None:
        """E(S, d, n) if it costs at most ``bound`` (None: no bound), else None.

        Branch and bound, as DL8.5's: a search that finds nothing within its bound leaves a
        lower bound in the memo (E costs more than that bound), and a later search under a
        bound no larger is answered from it without searching again."""
        leaves = _limit(examples, depth, leaves)
        key = (examples, depth, leaves)
        found = self.memo.get(key)
        if found is not None:
            return _within(found, bound)
        if bound is not None and (bound < self.problem.penalty or bound <= self.lower.get(key, -1)):
            return None  # every tree costs at least one leaf's penalty, and more than ``lower``
        self.advance(self.work)
        shallow = depth <= 1 or leaves == 1  # solved whole at no extra cost: kept exactly
        found = self._solve(examples, depth, leaves, None if shallow else bound)
        if found is None:
            self.lower[key] = max(bound or 0, self.lower.get(key, 0))
            return None
        self.memo[key] = found
        return _within(found, bound)

    def _solve(
        self, examples: int, depth: int, leaves: int | None, bound: Real | None
    ) -> _Node | None:
        """E(S, d, n) if it costs at most ``bound``: a candidate is given up as soon as it
        must cost more than the bound or than the best tree found so far."""
        counts = self.counts(examples)
        best = self.leaf(examples, counts)
        if depth == 0 or leaves == 1 or best.cost == self.problem.penalty:  # pure: a leaf
            return _within(best, bound)
        if depth == 1:
            return _within(self._stump(examples, counts, best), bound)
        if leaves is None and self.numeric:  # a cost to beat early, for the similarity bound
            best = self._greedy(examples, depth, best, bound)
        limit = _least(best.cost, bound)
        penalty = self.problem.penalty
        chains = self.problem.chains
        anchor = _Anchor(-1, 0, 0, 0)
        for t, yes, no in self._divisions(examples):
            if (
                leaves is None
                and chains[t] == anchor.chain >= 0
                and self._beyond(anchor, yes, limit)
            ):
                continue
            for n_yes, n_no in _shares(leaves):
                # the other side costs at least one leaf
                first = self.best(yes, depth - 1, n_yes, limit - penalty)
                second = (
                    None if first is None else self.best(no, depth - 1, n_no, limit - first.cost)
                )
                if leaves is None and chains[t] >= 0:
                    lows = self.known(yes, depth - 1), self.known(no, depth - 1)
                    anchor = _Anchor(chains[t], yes, *lows)
                if first is None or second is None:
                    continue
                candidate = _split(t, first, second)
                if candidate.key < best.key:
                    best = candidate
                    limit = _least(best.cost, bound)
        return _within(best, bound)

    def _greedy(self, examples: int, depth: int, best: _Node, bound: Real | None) -> _Node:
        """The better of ``best`` and the best tree under the best single test (E(S, 1)'s):
        a cost to beat found early, so that the bounds prune from the first test on.  (The
        best tree is the least of all, whichever is tried first.)"""
        stump = self.best(examples, 1, None, None)
        if stump is None or stump.test == LEAF:
            return best
        yes = examples & self.problem.masks[stump.test]
        limit = _least(best.cost, bound)
        first = self.best(yes, depth - 1, None, limit - self.problem.penalty)
        if first is None:
            return best
        second = self.best(examples ^ yes, depth - 1, None, limit - first.cost)
        if second is None:
            return best
        candidate = _split(stump.test, first, second)
        return candidate if candidate.key < best.key else best

    def known(self, examples: int, depth: int) -> Real:
        """What the memo knows of E(S, d) (no limit on leaves): its cost, else a lower bound
        (a search under that bound found nothing), else one leaf's penalty."""
        key = (examples, depth, None)
        found = self.memo.get(key)
        if found is not None:
            return found.cost
        return max(self.lower.get(key, 0), self.problem.penalty)

    def _beyond(self, anchor: _Anchor, yes: int, limit: Real) -> bool:
        """Whether the test of ``yes``, later in the anchor's chain, must cost more than
        ``limit`` (see :class:`_Anchor`)."""
        if anchor.yes_lower + self.problem.penalty > limit:
            return True  # its "yes" side alone costs that much
        moved = sum(self.counts(yes ^ anchor.yes))
        return anchor.yes_lower + max(self.problem.penalty, anchor.no_lower - moved) > limit

    def _stump(self, examples: int, counts: Sequence[Real], best: _Node) -> _Node:
        """E(S, 1, n) for n >= 2: the best single test, the "no" side's counts by subtraction.

        Every stump has two leaves and the preorder (t, leaf, leaf), so the least error wins,
        then the first test; only the winner is built."""
        whole = sum(counts)
        least: Real = best.cost - 2 * self.problem.penalty
        first = -1
        inside = format(examples, f"0{len(self.data)}b")[::-1]  # "1" at each example's bit
        masks, counted = self.problem.masks, self._counted
        for block in self.problem.blocks:
            if block.order:
                least, first = self._scan(block, inside, counts, least, first)
                continue
            self.spend((_TRIED + _COUNTED * self.groups) * (block.stop - block.start))
            for t in range(block.start, block.stop):
                yes = examples & masks[t]
                if yes in (0, examples):
                    continue
                yes_counts = counted(yes)
                most_no = max(c - y for c, y in zip(counts, yes_counts, strict=True))
                error = whole - max(yes_counts) - most_no
                if error < least:
                    least, first = error, t
        if first == -1:
            return best
        yes = examples & self.problem.masks[first]
        return _split(first, self.leaf(yes), self.leaf(examples ^ yes))

    def _scan(
        self, block: _Block, inside: str, counts: Sequence[Real], least: Real, first: int
    ) -> tuple[Real, int]:
        """The stump's search among a numeric attribute's cuts: the examples in ascending
        order of value, with running class weights, one cut between each two distinct values
        (the first test of those that divide the examples alike); the least error below
        ``least`` and its test, else ``least`` and ``first``.  O(|S|), not O(tests)."""
        rows = [i for i in block.order if inside[i] == "1"]
        self.spend(len(rows) + len(block.order) // _SIFTED)
        classes, weights, ranks = self.problem.classes, self.problem.weights, block.ranks
        if len(counts) == 2:
            return self._scan_two(rows, block, counts, least, first)
        whole = sum(counts)
        left: list[Real] = [0] * len(counts)
        for i, after in itertools.pairwise(rows):
            left[classes[i]] += weights[i]
            here = ranks[i]
            if here == ranks[after]:
                continue  # no cut between equal values
            error = whole - max(left) - max(map(operator.sub, counts, left))
            if error < least:
                least, first = error, block.start + here
        return least, first

    def _scan_two(
        self, rows: list[int], block: _Block, counts: Sequence[Real], least: Real, first: int
    ) -> tuple[Real, int]:
        """:meth:`_scan` for two classes, where a side's error is the lesser class weight:
        min(l0, l1) + min(c0 - l0, c1 - l1), the same exact number as W - max l - max r."""
        classes, weights, ranks = self.problem.classes, self.problem.weights, block.ranks
        c0, c1 = counts
        l0: Real = 0
        l1: Real = 0
        for i, after in itertools.pairwise(rows):
            if classes[i]:
                l1 += weights[i]
            else:
                l0 += weights[i]
            here = ranks[i]
            if here == ranks[after]:
                continue  # no cut between equal values
            r0, r1 = c0 - l0, c1 - l1
            error = (l0 if l0 < l1 else l1) + (r0 if r0 < r1 else r1)
            if error < least:
                least, first = error, block.start + here
        return least, first

    def _divisions(self, examples: int) -> Iterator[tuple[int, int, int]]:
        """The tests that divide ``examples``, each partition once (its first test)."""
        seen: set[int] = set()
        self.spend(_TRIED * len(self.problem.masks))
        for t, mask in enumerate(self.problem.masks):
            yes = examples & mask
            if yes in (0, examples) or yes in seen:
                continue
            no = examples ^ yes
            seen.update((yes, no))
            yield t, yes, no


class _Anchor(NamedTuple):
    """The last test of a chain whose subtrees were searched: its chain, its "yes" examples,
    and lower bounds of E(yes) and E(no) (their costs, where the memo has them).

    A later test t of the same chain moves the examples M = yes_t - yes from the "no" side to
    the "yes" side.  The best tree of a set of examples costs at least as much on a superset
    (on the subset, its tests that no longer divide fall away), and at most w(M) more on the
    set with M added: so E(yes_t) >= E(yes) and E(no_t) >= E(no) - w(M), and t costs at least
    E(yes) + max(penalty, E(no) - w(M)) (MurTree's similarity bound).  Where that exceeds the
    cost to beat, t is not searched; once E(yes) alone does, no later test of the chain is."""

    chain: int
    yes: int
    yes_lower: Real
    no_lower: Real


def _within(node: _Node, bound: Real | None) -> _Node | None:
    return node if bound is None or node.cost <= bound else None


def _least(cost: Real, bound: Real | None) -> Real:
    return cost if bound is None else min(cost, bound)


def _limit(examples: int, depth: int, leaves: int | None) -> int | None:
    """n, or None where the limit cannot bind: a tree of depth d has at most 2^d leaves, and
    no more leaves than examples."""
    if leaves is None or leaves >= examples.bit_count() or (depth < 63 and leaves >= 1 << depth):
        return None
    return leaves


def _shares(leaves: int | None) -> Iterator[tuple[int | None, int | None]]:
    """The ways n1 + n2 = n to share n leaves between two subtrees (n1, n2 >= 1)."""
    if leaves is None:
        yield None, None
        return
    for first in range(1, leaves):
        yield first, leaves - first


def _split(test: int, yes: _Node, no: _Node) -> _Node:
    return _Node(
        yes.cost + no.cost,
        yes.leaves + no.leaves,
        (test, *yes.order, *no.order),
        yes.examples | no.examples,
        test,
        yes,
        no,
    )


def _bits(mask: int) -> Iterator[int]:
    """The positions of the 1 bits of ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def search(
    data: Dataset, alpha: Real, budget: int, progress: Report | None = None
) -> tuple[Search, int]:
    """The search over ``data``'s present rows, with alpha W per leaf; and the root's bitset,
    every present row's bit set.  E(root, d, n) is ``search.optimum(root, d, n)``.

    >>> from dtree.datasets import load
    >>> solver, root = search(load("play-tennis"), 0, BUDGET)
    >>> root == 2**14 - 1, solver.optimum(root, 1, None).cost
    (True, 4)
    """
    if not data.schema.is_classification:
        raise DtreeError(
            f"exact search grows classification trees; the target"
            f" {quote(data.schema.target.name)} is numeric"
        )
    check_count("budget", budget, 0)
    present = data.present()
    if len(present) == 0:
        raise DtreeError("the dataset has no rows of positive weight")
    check_complete(present)
    tested = tuple(_tested(present))
    found = tuple(test for test, _ in tested)
    masks = tuple(mask for _, mask in tested)
    weights = [rational(present.weights[row]) for row in present.rows]
    penalty = rational(alpha) * sum(weights, Fraction(0)) if alpha else 0
    positions = {attribute.name: i for i, attribute in enumerate(present.schema.attributes)}
    chains = tuple(
        positions[test.yes.attribute] if isinstance(test.yes, AtMost) else -1 for test in found
    )
    index = {label: k for k, label in enumerate(present.schema.classes)}
    problem = _Problem(
        masks,
        _weighed(present, weights),
        penalty,
        budget,
        chains,
        _blocks(present),
        tuple(index[str(present.target[row])] for row in present.rows),
        tuple(weights),
    )
    return Search(present, found, problem, progress), (1 << len(present)) - 1


def _blocks(data: Dataset) -> tuple[_Block, ...]:
    """Each numeric attribute's tests, and each run of nominal attributes' tests, in the order
    of :func:`binary_tests`, as a :class:`_Block`."""
    found: list[_Block] = []
    start = 0
    for attribute, column in zip(data.schema.attributes, data.columns, strict=True):
        match attribute.domain:
            case Nominal(values) if found and not found[-1].order:  # one run of nominal tests
                found[-1] = _Block(found[-1].start, start + len(values), (), ())
                start += len(values)
            case Nominal(values):
                found.append(_Block(start, start + len(values), (), ()))
                start += len(values)
            case Numeric():
                numbers = [float(cast(float, column[row])) for row in data.rows]
                rank = {value: r for r, value in enumerate(sorted(set(numbers)))}
                order = tuple(sorted(range(len(numbers)), key=numbers.__getitem__))
                ranks = tuple(rank[value] for value in numbers)
                found.append(_Block(start, start + len(rank) - 1, order, ranks))
                start += len(rank) - 1
            case _:
                assert_never(attribute.domain)
    return tuple(found)


def _weighed(data: Dataset, weights: Sequence[Real]) -> tuple[tuple[Real, tuple[int, ...]], ...]:
    """For each distinct weight w, the bitset of each class's rows of weight w."""
    index = {label: k for k, label in enumerate(data.schema.classes)}
    groups: dict[Real, list[int]] = {}
    for i, (row, weight) in enumerate(zip(data.rows, weights, strict=True)):
        masks = groups.setdefault(weight, [0] * len(index))
        masks[index[str(data.target[row])]] |= 1 << i
    return tuple((weight, tuple(masks)) for weight, masks in sorted(groups.items()))
