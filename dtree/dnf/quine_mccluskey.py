"""Boolean functions as bit vectors, their prime implicants, and a minimum cover by them.

Quine-McCluskey's minimization of a sum of products, on the integers that
:mod:`dtree.dnf` turns its formulas into; nothing here knows a literal's
name or spelling.

Vocabulary
----------
Assignment m
    Of n ordered variables: the bits of m, the first variable the most
    significant (binary counting order, 0 before 1).  Variable j (0-based)
    is bit position n - 1 - j.
Truth table
    A function of n variables as one ``int`` of 2^n bits: bit m is its
    value at assignment m.  A set of assignments is a bit vector the same
    way, so "and", "or" and "not" of functions are ``&``, ``|`` and ``~``.
``Cube``
    A term (a conjunction of literals) as bit masks ``(care, values)`` over
    the bit positions of the variables: ``care`` marks the variables the
    term fixes and ``values`` their values (0 where ``care`` is 0).
Term order
    Fewer literals first, then the literals compared as (variable, value)
    pairs, value 0 before 1 (:func:`term_order`).

Contents: :func:`ones`, :func:`everything`, :func:`inside`, :func:`bits`,
:func:`depends`, :func:`term_order`, :func:`primes`, :func:`minimum_cover`,
:data:`SEARCH_BUDGET`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache

from attrs import frozen

from dtree.errors import DtreeError, quote

__all__ = [
    "SEARCH_BUDGET",
    "Cube",
    "bits",
    "depends",
    "everything",
    "inside",
    "minimum_cover",
    "ones",
    "primes",
    "term_order",
]

Cube = tuple[int, int]
"""A term as bit masks ``(care, values)`` over the variables' bit positions."""

SEARCH_BUDGET = 20_000_000
"""How much work :func:`minimum_cover`'s exact search may do before it gives up:
chart cells examined (the rows times the primes of each node it visits), about
ten seconds; a random function of 8 variables takes about a million."""


# -- truth tables as bit vectors: bit m is the value at assignment m -----------------------------


@cache
def ones(n: int, position: int) -> int:
    """The assignments of n variables whose bit ``position`` is 1, as a bit vector.

    >>> bin(ones(2, 1)), bin(ones(2, 0))  # the first variable is 1; the second is
    ('0b1100', '0b1010')
    """
    block = 1 << position
    vector = ((1 << block) - 1) << block  # one period: block zeros, then block ones
    period = 2 * block
    while period < 1 << n:
        vector |= vector << period
        period *= 2
    return vector


def everything(n: int) -> int:
    """Every assignment of n variables, as a bit vector: the function that is always 1.

    >>> bin(everything(2))
    '0b1111'
    """
    return (1 << (1 << n)) - 1


def inside(n: int, cube: Cube) -> int:
    """The assignments inside a cube, as a bit vector: the cube's truth table.

    >>> bin(inside(2, (0b10, 0b10))), bin(inside(2, (0b11, 0b01)))  # x1; ~x1 & x2
    ('0b1100', '0b10')
    """
    care, values = cube
    vector = everything(n)
    for position in bits(care):
        fixed = ones(n, position)
        vector &= fixed if values >> position & 1 else ~fixed
    return vector


def bits(mask: int) -> Iterator[int]:
    """The positions of the 1 bits, lowest first.

    >>> list(bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def depends(function: int, n: int, position: int) -> bool:
    """Whether a function (on a cube free in this variable) changes with the variable:
    whether f|x=1 differs from f|x=0.

    >>> x1 = inside(2, (0b10, 0b10))
    >>> depends(x1, 2, 1), depends(x1, 2, 0)
    (True, False)
    """
    fixed = ones(n, position)
    return (function & fixed) >> (1 << position) != function & ~fixed


# -- Quine-McCluskey ----------------------------------------------------------------------------


def term_order(cube: Cube, n: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The order of terms: fewer literals first, then (variable, value) pairs.

    >>> term_order((0b101, 0b001), 3)  # ~x1 & x3
    (2, ((0, 0), (2, 1)))
    """
    care, values = cube
    literals = tuple((j, values >> (n - 1 - j) & 1) for j in range(n) if care >> (n - 1 - j) & 1)
    return len(literals), literals


def primes(table: int, n: int) -> list[Cube]:
    """The prime implicants of a function of n variables, in term order (Quine-McCluskey):
    merge implicants that differ in one variable until none merge.

    Two implicants that leave the same variables free and differ in the
    value of one fixed variable merge into an implicant that leaves it
    free too; an implicant that merges with none is prime.  The
    implicants that leave a set F of variables free are kept as one bit
    vector (bit m for the cube of F through assignment m, m 0 on F), so
    merging all of them along variable x is one shift and one ``and``.

    >>> a, b, c = (ones(3, 2 - j) for j in range(3))
    >>> primes(a & b | a & ~b & c, 3)  # a & b, a & c
    [(6, 6), (5, 5)]
    """
    full = (1 << n) - 1
    level = {0: table}  # free variables (a mask) -> the implicants that leave them free
    found: list[Cube] = []
    while level:
        above: dict[int, int] = {}
        for free, implicants in level.items():
            merged = 0
            for position in bits(full & ~free):
                step = 1 << position
                pairs = implicants & ~ones(n, position) & (implicants >> step)
                if pairs:
                    above[free | step] = above.get(free | step, 0) | pairs
                    merged |= pairs | pairs << step
            found.extend((full & ~free, m) for m in bits(implicants & ~merged))
        level = above
    return sorted(found, key=lambda cube: term_order(cube, n))


# -- an exact minimum cover ---------------------------------------------------------------------


def minimum_cover(
    on: int, dont_care: int, n: int, *, budget: int = SEARCH_BUDGET
) -> tuple[Cube, ...]:
    """A minimum sum of products of the function of n variables that is 1 on ``on``, 0
    elsewhere but free on ``dont_care``: of the covers of the assignments it must make 1
    by prime implicants of ``on | dont_care``, the first of fewest terms, then fewest
    literals, its terms in term order.

    The search, its simplification rules and its bounds are those
    :func:`dtree.dnf.minimize` describes.  It gives up with a
    :class:`DtreeError` once it has examined ``budget`` chart cells.

    >>> a, b, c = (ones(3, 2 - j) for j in range(3))
    >>> minimum_cover(~a & c | a & b & ~c | a & ~b & c, 0, 3)  # ~a & c | ~b & c | a & b & ~c
    ((5, 1), (3, 1), (7, 6))
    >>> minimum_cover(a & b, a & ~b, 3)  # a
    ((4, 4),)
    """
    if type(budget) is not int or budget < 0:
        raise DtreeError(f"the search budget is an integer >= 0, got {quote(budget)}")
    cared = on & ~dont_care & everything(n)
    if not cared:
        return ()
    found = primes(cared | dont_care & everything(n), n)
    chart = _chart(
        [inside(n, cube) & cared for cube in found],
        [term_order(cube, n)[0] for cube in found],
        cared,
    )
    return tuple(found[i] for i in bits(_minimum_cover(chart, budget)))


@frozen
class _Chart:
    """The prime implicant chart: which primes cover which rows (assignments to cover).

    Rows and primes are numbered from 0, primes in term order; sets of
    them are bit masks.
    """

    covers: tuple[int, ...]  # per prime, its rows
    sizes: tuple[int, ...]  # per prime, its literals
    options: tuple[int, ...]  # per row, the primes that cover it


def _chart(covers: Sequence[int], sizes: Sequence[int], rows: int) -> _Chart:
    """The chart of primes covering the rows (bits of ``rows``), renumbered from 0."""
    number = {row: k for k, row in enumerate(bits(rows))}
    local = tuple(sum(1 << number[row] for row in bits(cover)) for cover in covers)
    options = [0] * len(number)
    for i, cover in enumerate(local):
        for row in bits(cover):
            options[row] |= 1 << i
    return _Chart(local, tuple(sizes), tuple(options))


_Node = tuple[int, int, int]
"""A node of the cover search: primes taken, primes left out, rows still to cover."""


def _minimum_cover(chart: _Chart, budget: int) -> int:
    """The primes of the first cover of fewest primes, then literals (see :func:`minimize`)."""
    spent = 0
    root = _reduce(chart, (0, 0, (1 << len(chart.options)) - 1))
    assert root is not None  # every row has an option: the prime through its assignment
    taken, left_out, uncovered = root
    for part in _parts(chart, uncovered, left_out):
        found, spent = _search(chart, (0, left_out, part), budget, spent)
        taken |= found
    return taken


def _charge(chart: _Chart, node: _Node, spent: int, budget: int) -> int:
    """What the search has spent after visiting the node: its rows times its primes."""
    _, left_out, uncovered = node
    options = 0
    for row in bits(uncovered):
        options |= chart.options[row]
    spent += uncovered.bit_count() * (options & ~left_out).bit_count()
    if spent > budget:
        raise DtreeError(
            f"the search for a minimum cover gave up after examining {budget} chart cells:"
            " this function is too irregular to minimize exactly within the budget"
        )
    return spent


def _reduce(chart: _Chart, node: _Node) -> _Node | None:
    """Simplify a node until nothing changes; None if some row can no longer be covered.

    Three rules, none of which loses the first minimum cover:

    * a prime that is some row's only option is taken (an essential prime);
    * a row whose options include all of another row's is dropped: covering
      the other covers it;
    * a prime whose rows are all rows of an earlier prime (fewer or as many
      literals) is left out: trading it for the earlier one never costs
      more, and comes first.
    """
    taken, left_out, uncovered = node
    while True:
        options = {row: chart.options[row] & ~left_out for row in bits(uncovered)}
        if not all(options.values()):
            return None
        forced = _singles(options.values())
        if forced:
            taken |= forced
            for i in bits(forced):
                uncovered &= ~chart.covers[i]
            continue
        uncovered = _undominated_rows(options)
        dominated = _dominated_primes(chart, uncovered, left_out)
        if not dominated:
            return taken, left_out, uncovered
        left_out |= dominated


def _singles(options: Iterable[int]) -> int:
    """The primes that are some row's only option."""
    forced = 0
    for row_options in options:
        if row_options & (row_options - 1) == 0:
            forced |= row_options
    return forced


def _undominated_rows(options: Mapping[int, int]) -> int:
    """The rows none of whose options sets includes another's (of equal ones, the first)."""
    kept: list[int] = []
    rows = 0
    for row in sorted(options, key=lambda row: (options[row].bit_count(), row)):
        if all(other & ~options[row] for other in kept):
            kept.append(options[row])
            rows |= 1 << row
    return rows


def _dominated_primes(chart: _Chart, uncovered: int, left_out: int) -> int:
    """The primes that still cover rows, all of them rows of an earlier prime's."""
    available = 0
    for row in bits(uncovered):
        available |= chart.options[row]
    available &= ~left_out
    earlier: list[int] = []
    dominated = 0
    for i in bits(available):
        rows = chart.covers[i] & uncovered
        if any(not rows & ~other for other in earlier):
            dominated |= 1 << i
        else:
            earlier.append(rows)
    return dominated


def _parts(chart: _Chart, rows: int, left_out: int) -> Iterator[int]:
    """The rows split into parts that no prime joins."""
    while rows:
        frontier = rows & -rows
        part = seen = 0
        while frontier:
            part |= frontier
            options = 0
            for row in bits(frontier):
                options |= chart.options[row]
            options &= ~(seen | left_out)
            seen |= options
            frontier = 0
            for i in bits(options):
                frontier |= chart.covers[i]
            frontier &= rows & ~part
        yield part
        rows &= ~part


_Cost = tuple[int, int]
"""(terms, literals): covers compare by terms, then literals."""


def _cost(chart: _Chart, taken: int) -> _Cost:
    return taken.bit_count(), sum(chart.sizes[i] for i in bits(taken))


def _greedy(chart: _Chart, node: _Node) -> int:
    """A cover to start from: the prime that covers most rows, fewest literals, first."""
    taken, left_out, uncovered = node
    while uncovered:
        options = 0
        for row in bits(uncovered):
            options |= chart.options[row]
        best = min(
            bits(options & ~left_out),
            key=lambda i: (-(chart.covers[i] & uncovered).bit_count(), chart.sizes[i], i),
        )
        taken |= 1 << best
        uncovered &= ~chart.covers[best]
    return taken


def _first(cover: int, other: int) -> bool:
    """Whether a cover's terms come before another's of as many: the first prime in one
    only is in it."""
    differ = cover ^ other
    return bool(cover & differ & -differ)


def _search(chart: _Chart, start: _Node, budget: int, spent: int) -> tuple[int, int]:
    """The primes of the first minimum cover of the start node's rows, by branch and
    bound (see :func:`minimize`), and what the search has spent."""
    best = _greedy(chart, start)
    best_cost = _cost(chart, best)
    stack = [start]
    while stack:
        visited = stack.pop()
        spent = _charge(chart, visited, spent, budget)
        node = _reduce(chart, visited)
        if node is None:
            continue
        taken, left_out, uncovered = node
        cost = _cost(chart, taken)
        if not uncovered:
            if cost < best_cost or (cost == best_cost and _first(taken, best)):
                best, best_cost = taken, cost
            continue
        options = [chart.options[row] & ~left_out for row in bits(uncovered)]
        (more_terms, more_literals), independent = _lower_bound(chart, uncovered, options)
        bound = (cost[0] + more_terms, cost[1] + more_literals)
        if bound > best_cost or (bound == best_cost and not _may_come_first(node, best)):
            continue
        available = 0
        for row_options in options:
            available |= row_options
        hopeless = _beyond_limit(chart, independent, cost, best_cost) & available
        if hopeless:
            stack.append((taken, left_out | hopeless, uncovered))
            continue
        branch = min(options, key=int.bit_count)
        earlier = 0
        children = []
        for i in bits(branch):
            children.append((taken | 1 << i, left_out | earlier, uncovered & ~chart.covers[i]))
            earlier |= 1 << i
        stack.extend(reversed(children))
    return best, spent


def _beyond_limit(chart: _Chart, independent: Sequence[int], cost: _Cost, best_cost: _Cost) -> int:
    """The primes no cover as good as the best can take, by the limit bound.

    When the independent rows already need all the terms the best cover
    has, a cover that still has a chance takes exactly one prime for each
    of them and nothing else: so not a prime that covers none of them,
    nor one whose extra literals over its row's shortest prime would
    exceed the best cover's literals.
    """
    if cost[0] + len(independent) < best_cost[0]:
        return 0
    shortest = [min(chart.sizes[i] for i in bits(options)) for options in independent]
    slack = best_cost[1] - cost[1] - sum(shortest)
    hopeless = ~_union(independent)
    for options, least in zip(independent, shortest, strict=True):
        for i in bits(options):
            if chart.sizes[i] - least > slack:
                hopeless |= 1 << i
    return hopeless


def _union(masks: Iterable[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _may_come_first(node: _Node, best: int) -> bool:
    """Whether a cover below the node could come before ``best``: it needs a prime
    that ``best`` lacks, earlier than every prime of ``best`` it has to leave out."""
    _, left_out, _ = node
    barred = best & left_out
    before = (barred & -barred) - 1 if barred else -1
    return bool(~best & ~left_out & before)


def _lower_bound(chart: _Chart, uncovered: int, options: Sequence[int]) -> tuple[_Cost, list[int]]:
    """What covering the rows left costs at least, for terms and for literals alike
    the larger of two bounds; and the options of the independent rows of the first.

    * Independent rows, no two of which share a prime, need a prime each,
      of at least its fewest literals (rows taken greedily, fewest options first).
    * A prime covering k of the rows left pays 1/k of a term (and size/k of
      a literal) for each: so a row costs at least the least it can be
      charged by one of its primes, and a cover at least the sum.
    """
    independent: list[int] = []
    used = literals = 0
    for row_options in sorted(options, key=int.bit_count):
        if not row_options & used:
            used |= row_options
            independent.append(row_options)
            literals += min(chart.sizes[i] for i in bits(row_options))
    share = {i: (chart.covers[i] & uncovered).bit_count() for i in bits(_union(options))}
    unit = math.lcm(*share.values())  # the sums in units of 1/unit, exactly
    term_shares = literal_shares = 0
    for row_options in options:
        term_shares += min(unit // share[i] for i in bits(row_options))
        literal_shares += min(unit // share[i] * chart.sizes[i] for i in bits(row_options))
    terms = max(len(independent), -(-term_shares // unit))
    return (terms, max(literals, -(-literal_shares // unit))), independent
