"""Formulas in disjunctive normal form: a tree's rules as one formula, and a formula as a tree.

Vocabulary
----------
``Literal``
    A tree condition (:data:`dtree.conditions.Condition`), so numeric and
    nominal trees have DNFs as well as Boolean ones.
``Term``
    A conjunction of literals, a tuple; the empty term is True.
``Dnf``
    A disjunction of terms, a tuple; the empty DNF is False.
Boolean variable
    An attribute of two values, spelled ``"0"``/``"1"`` (the CS 536 notes'
    x in {0, 1}^k, and the bundled xor data) or ``"F"``/``"T"`` (the
    bundled boolean-table data): :data:`SPELLINGS`.
Boolean literal
    One that fixes a Boolean variable to one of its values:
    ``Equals(x, v)``, or CART's ``In(x, {v})``, or ``NotIn(x, {v})`` (the
    other value).  Within one formula a variable keeps one spelling.
    What this module builds spells each variable as its input did, and
    ``"0"``/``"1"`` when no input says.
``Assignment``
    An example that gives each variable a value, e.g. ``{"x1": "0", "x2": "1"}``.

The CS 536 notes read a tree as nested ifs whose root-to-leaf paths are
conjunctions, so the leaves of one class make a DNF (:func:`dnf_of`); and
since every Boolean function has a DNF, every Boolean function is a tree
(:func:`tree_of`).  In between, :func:`minimize` finds a smallest DNF of a
Boolean function.

Orders (every result is deterministic)
--------------------------------------
* Variables: sorted by name (Python's string order, so ``x10`` comes
  before ``x2``), unless a function is given them in an order.
* Truth tables: binary counting order over the variables, the first
  variable the most significant bit, 0 before 1.
* Prime implicants, and the terms of a minimized DNF: fewer literals
  first, then by their literals compared as (variable position, value)
  pairs, value 0 before 1.  The literals of a term are in variable order.
* Of the minimum DNFs (fewest terms, then fewest literals; their terms are
  all prime implicants), :func:`minimize` returns the first: the one whose
  terms, each list in the order above, comes first lexicographically.
* A tree from :func:`tree_of` splits on the first variable, in variable
  order, that the function restricted to the node depends on; the branch
  of value 0 before the branch of value 1.

Functions that enumerate assignments refuse formulas of more than
:data:`MAX_VARIABLES` variables.

Contents: :func:`dnf_of`, :func:`evaluate`, :func:`variables`,
:func:`truth_table`, :func:`equivalent`, :func:`prime_implicants`,
:func:`minimize`, :func:`parse_dnf`, :func:`format_dnf`, :func:`tree_of`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache

from attrs import frozen

from dtree.conditions import (
    PLAIN_NAME,
    QUOTED,
    Condition,
    Equals,
    In,
    NotIn,
    describe,
    format_name,
    holds,
    unquoted,
)
from dtree.counts import ClassStats
from dtree.dataset import Example, Label, collection
from dtree.errors import DtreeError, quote
from dtree.rules import rules_of
from dtree.tree import Leaf, Sprout, Tree, paths, unfold

__all__ = [
    "MAX_VARIABLES",
    "SEARCH_BUDGET",
    "SPELLINGS",
    "Assignment",
    "Dnf",
    "Literal",
    "Spelling",
    "Term",
    "dnf_of",
    "equivalent",
    "evaluate",
    "format_dnf",
    "minimize",
    "parse_dnf",
    "prime_implicants",
    "tree_of",
    "truth_table",
    "variables",
]

Literal = Condition
Term = tuple[Literal, ...]
Dnf = tuple[Term, ...]
Spelling = tuple[str, str]
"""A Boolean variable's two values: (false, true)."""
Assignment = dict[str, str]

SPELLINGS: tuple[Spelling, ...] = (("0", "1"), ("F", "T"))
"""The spellings of Boolean values; the first is the default."""

MAX_VARIABLES = 12
"""The most variables a truth table, a minimization or a tree of a formula is built over.

A truth table has 2^n rows, and Quine-McCluskey may meet up to 3^n
implicants and an exact cover search exponential in the primes: beyond
12 variables dtree refuses rather than run for minutes."""

SEARCH_BUDGET = 20_000_000
"""How much work :func:`minimize`'s exact cover search may do before it gives up:
chart cells examined (the rows times the primes of each node it visits), about
ten seconds; a random function of 8 variables takes about a million."""

_Cube = tuple[int, int]
"""A term over n ordered variables as bit masks ``(care, values)``: variable j
(0-based) is bit n - 1 - j; ``care`` marks the variables the term fixes and
``values`` their values (0 where ``care`` is 0)."""


# -- the DNF of a tree --------------------------------------------------------------------------


def dnf_of(tree: Tree, label: Label, *, simplified: bool = False) -> Dnf:
    """The disjunction of the paths that end in a leaf predicting ``label``.

    Each term is a path's conditions, root first; the terms are in path
    order (left to right, :func:`dtree.tree.paths`).  A leaf alone is True
    (one empty term) or False (no term).  With ``simplified``, each term's
    conditions on one attribute are merged as :func:`dtree.rules.simplify`
    merges them (``x > 2 & x > 5`` is ``x > 5``), computed along the
    traversal: the formula of a chain 10,000 splits deep is then 10,000
    short terms, not 50 million literals.  A Boolean tree, which never tests
    a variable twice on a path, has the same terms either way.

    >>> from dtree.datasets import load
    >>> from dtree.grow import id3
    >>> format_dnf(dnf_of(id3(load("play-tennis")), "Yes"))
    'Outlook = Overcast | Outlook = Rain & Wind = Weak | Outlook = Sunny & Humidity = Normal'
    >>> dnf_of(id3(load("xor")), "1")  # doctest: +NORMALIZE_WHITESPACE
    ((Equals(attribute='Z1', value='0'), Equals(attribute='Z2', value='1')),
     (Equals(attribute='Z1', value='1'), Equals(attribute='Z2', value='0')))
    >>> dnf_of(id3(load("xor")), "yes")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: unknown class 'yes'; the classes are ('0', '1')
    """
    stats = tree.stats
    if not isinstance(stats, ClassStats):
        raise DtreeError("a regression tree predicts numbers: it has no class to write a DNF of")
    if label not in stats.classes:
        raise DtreeError(f"unknown class {quote(label)}; the classes are {quote(stats.classes)}")
    if simplified:
        rules = rules_of(tree, simplified=True)
        return tuple(rule.conditions for rule in rules if rule.prediction == label)
    return tuple(conditions for conditions, leaf in paths(tree) if leaf.prediction == label)


def _conjunction(term: Term, example: Example) -> bool | None:
    values = [holds(literal, example) for literal in term]
    if False in values:
        return False
    return None if None in values else True


def evaluate(dnf: Dnf, example: Example) -> bool | None:
    """Whether the example satisfies the formula; ``None`` when missing values leave it open.

    Kleene's three-valued logic over :func:`dtree.conditions.holds`: a
    term is false if one of its literals is, true if all are, and open
    otherwise; the formula is true if one term is, false if all are, and
    open otherwise.  A missing value that cannot change the answer leaves
    it decided.  The example spells values as the literals do.

    >>> d = parse_dnf("x2 & x5 | x3 & ~x1")
    >>> evaluate(d, {"x1": "0", "x2": "0", "x3": "1", "x5": "0"})
    True
    >>> evaluate(d, {"x1": None, "x2": "1", "x3": "1", "x5": "0"}) is None
    True
    >>> evaluate(d, {"x1": "1", "x2": None, "x3": "1", "x5": "0"})
    False
    """
    values = [_conjunction(term, example) for term in dnf]
    if True in values:
        return True
    return None if None in values else False


def variables(dnf: Dnf) -> tuple[str, ...]:
    """The attributes the formula tests, sorted by name.

    >>> variables(parse_dnf("x2 & x5 | x3 & ~x1"))
    ('x1', 'x2', 'x3', 'x5')
    """
    return tuple(sorted({literal.attribute for term in dnf for literal in term}))


# -- Boolean variables --------------------------------------------------------------------------


def _fixes(literal: Literal) -> tuple[Spelling, int] | None:
    """The spelling of a Boolean literal and the value (0 or 1) it fixes; None if not Boolean."""
    match literal:
        case Equals(_, value):
            negated = False
        case In(_, values) | NotIn(_, values) if len(values) == 1:
            (value,) = values
            negated = isinstance(literal, NotIn)
        case _:
            return None
    for spelling in SPELLINGS:
        if value in spelling:
            return spelling, spelling.index(value) ^ negated
    return None


def _spelling_of(dnfs: Iterable[Dnf]) -> dict[str, Spelling | None]:
    """Each variable's spelling; None where a literal is not Boolean or two spellings meet."""
    found: dict[str, Spelling | None] = {}
    for dnf in dnfs:
        for term in dnf:
            for literal in term:
                fixed = _fixes(literal)
                spelling = None if fixed is None else fixed[0]
                name = literal.attribute
                found[name] = spelling if found.get(name, spelling) == spelling else None
    return found


def _spellings(dnfs: Iterable[Dnf]) -> dict[str, Spelling]:
    """Each variable's spelling, and a clear error for a formula that is not Boolean."""
    dnfs = tuple(dnfs)
    for dnf in dnfs:
        for term in dnf:
            for literal in term:
                if _fixes(literal) is None:
                    raise DtreeError(
                        f"{quote(describe(literal))} is not a Boolean literal: a Boolean variable"
                        " is 0 or 1 (or F or T)"
                    )
    spellings: dict[str, Spelling] = {}
    for name, spelling in _spelling_of(dnfs).items():
        if spelling is None:
            raise DtreeError(f"variable {quote(name)} is spelled both 0/1 and F/T")
        spellings[name] = spelling
    return spellings


def _space(
    dnfs: Iterable[Dnf], names: Sequence[str] | None
) -> tuple[tuple[str, ...], tuple[Spelling, ...]]:
    """The variables, in order, and their spellings (the formulas' own, or 0/1)."""
    spellings = _spellings(dnfs)
    if names is None:
        names = tuple(sorted(spellings))
    else:
        names = collection(names, "variables")
        if not all(isinstance(name, str) for name in names):
            raise DtreeError(f"variables are named by strings, got {quote(names)}")
        if len(set(names)) != len(names):
            raise DtreeError(f"the variables must be distinct, got {quote(names)}")
        for name in sorted(spellings):
            if name not in names:
                raise DtreeError(
                    f"the formula's variable {quote(name)} is not among {quote(names)}"
                )
    if len(names) > MAX_VARIABLES:
        raise DtreeError(
            f"{len(names)} variables: dtree enumerates the 2^n assignments of at most"
            f" MAX_VARIABLES = {MAX_VARIABLES}"
        )
    return names, tuple(spellings.get(name, SPELLINGS[0]) for name in names)


# -- truth tables as bit vectors: bit m is the value at assignment m -----------------------------


@cache
def _ones(n: int, position: int) -> int:
    """The assignments of n variables whose bit ``position`` is 1, as a bit vector."""
    block = 1 << position
    vector = ((1 << block) - 1) << block  # one period: block zeros, then block ones
    period = 2 * block
    while period < 1 << n:
        vector |= vector << period
        period *= 2
    return vector


def _everything(n: int) -> int:
    return (1 << (1 << n)) - 1


def _inside(n: int, cube: _Cube) -> int:
    """The assignments inside a cube, as a bit vector."""
    care, values = cube
    vector = _everything(n)
    for position in _bits(care):
        ones = _ones(n, position)
        vector &= ones if values >> position & 1 else ~ones
    return vector


def _bits(mask: int) -> Iterator[int]:
    """The positions of the 1 bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cube(term: Term, names: Sequence[str]) -> _Cube | None:
    """A Boolean term as a cube; None if it is contradictory (x and not x)."""
    n = len(names)
    position = {name: n - 1 - j for j, name in enumerate(names)}
    care = values = 0
    for literal in term:
        fixed = _fixes(literal)
        assert fixed is not None  # checked by _spellings
        bit = 1 << position[literal.attribute]
        if care & bit and bool(values & bit) != bool(fixed[1]):
            return None
        care |= bit
        values |= bit * fixed[1]
    return care, values


def _table(dnf: Dnf, names: Sequence[str]) -> int:
    vector = 0
    for term in dnf:
        cube = _cube(term, names)
        if cube is not None:
            vector |= _inside(len(names), cube)
    return vector


def truth_table(
    dnf: Dnf, variables: Sequence[str] | None = None
) -> tuple[tuple[Assignment, bool], ...]:
    """Every assignment of the variables with the formula's value, in binary counting order.

    ``variables`` defaults to the formula's own, sorted; given, they are
    taken in their order and may include variables the formula ignores.
    Each variable is spelled as in the formula (``"0"``/``"1"`` if absent).

    >>> for assignment, value in truth_table(parse_dnf("a & ~b")):
    ...     print(assignment, value)
    {'a': '0', 'b': '0'} False
    {'a': '0', 'b': '1'} False
    {'a': '1', 'b': '0'} True
    {'a': '1', 'b': '1'} False
    >>> truth_table(parse_dnf("1"))
    (({}, True),)
    """
    names, spellings = _space((dnf,), variables)
    n = len(names)
    table = _table(dnf, names)
    return tuple(
        (
            {
                name: spelling[m >> (n - 1 - j) & 1]
                for j, (name, spelling) in enumerate(zip(names, spellings, strict=True))
            },
            bool(table >> m & 1),
        )
        for m in range(1 << n)
    )


def equivalent(first: Dnf, second: Dnf) -> bool:
    """Whether two Boolean formulas agree on every assignment of all their variables.

    A variable spelled F/T in one and 0/1 in the other is one variable:
    F is 0 and T is 1.

    >>> equivalent(parse_dnf("a & b | a & ~b"), parse_dnf("a"))
    True
    >>> equivalent(parse_dnf("a | b"), parse_dnf("a"))
    False
    """
    names = tuple(sorted({*variables(first), *variables(second)}))
    _space((first,), names)
    _space((second,), names)
    return _table(first, names) == _table(second, names)


# -- Quine-McCluskey ----------------------------------------------------------------------------


def _key(cube: _Cube, n: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The order of terms: fewer literals first, then (variable, value) pairs."""
    care, values = cube
    literals = tuple((j, values >> (n - 1 - j) & 1) for j in range(n) if care >> (n - 1 - j) & 1)
    return len(literals), literals


def _primes(table: int, n: int) -> list[_Cube]:
    """Quine-McCluskey: merge implicants that differ in one variable until none merge.

    Two implicants that leave the same variables free and differ in the
    value of one fixed variable merge into an implicant that leaves it
    free too; an implicant that merges with none is prime.  The
    implicants that leave a set F of variables free are kept as one bit
    vector (bit m for the cube of F through assignment m, m 0 on F), so
    merging all of them along variable x is one shift and one ``and``.
    """
    full = (1 << n) - 1
    level = {0: table}  # free variables (a mask) -> the implicants that leave them free
    primes: list[_Cube] = []
    while level:
        above: dict[int, int] = {}
        for free, implicants in level.items():
            merged = 0
            for position in _bits(full & ~free):
                step = 1 << position
                pairs = implicants & ~_ones(n, position) & (implicants >> step)
                if pairs:
                    above[free | step] = above.get(free | step, 0) | pairs
                    merged |= pairs | pairs << step
            primes.extend((full & ~free, m) for m in _bits(implicants & ~merged))
        level = above
    return sorted(primes, key=lambda cube: _key(cube, n))


def _term(cube: _Cube, names: Sequence[str], spellings: Sequence[Spelling]) -> Term:
    care, values = cube
    n = len(names)
    return tuple(
        Equals(name, spelling[values >> (n - 1 - j) & 1])
        for j, (name, spelling) in enumerate(zip(names, spellings, strict=True))
        if care >> (n - 1 - j) & 1
    )


def prime_implicants(dnf: Dnf, *, dont_cares: Dnf = ()) -> Dnf:
    """The prime implicants of a Boolean formula, by Quine-McCluskey, in term order.

    An implicant is a term that implies the formula; a prime implicant is
    one that no longer does when any literal is dropped.  With don't-cares,
    the implicants are those of the formula or the don't-cares.

    >>> format_dnf(prime_implicants(parse_dnf("a & b | a & ~b & c")))
    'a & b | a & c'
    >>> format_dnf(prime_implicants(parse_dnf("a & b"), dont_cares=parse_dnf("a & ~b")))
    'a'
    """
    names, spellings = _space((dnf, dont_cares), None)
    table = _table(dnf, names) | _table(dont_cares, names)
    return tuple(_term(cube, names, spellings) for cube in _primes(table, len(names)))


# -- an exact minimum cover ---------------------------------------------------------------------


def minimize(dnf: Dnf, *, dont_cares: Dnf = (), budget: int = SEARCH_BUDGET) -> Dnf:
    """A minimum DNF of a Boolean formula: fewest terms, then fewest literals.

    Quine-McCluskey's prime implicants (:func:`prime_implicants`), then an
    exact cover, by primes, of the assignments where the formula is true:

    1. the chart (which primes cover which assignments) is simplified
       until nothing changes: a prime that is some assignment's only
       option is taken (an essential prime); an assignment whose options
       include all of another's is dropped; a prime whose assignments are
       all another's, earlier in term order, is left out;
    2. what is left splits into parts that no prime joins, each covered
       on its own;
    3. each part by branch and bound: branch on an assignment of fewest
       options (the first), taking each option in turn and leaving out
       the ones before it; simplify each node as in 1; cut a node whose
       cost plus a lower bound is worse than the best cover found, or
       equal and unable to come first (lower bounds: independent
       assignments, no two sharing a prime, need a prime each; and each
       assignment pays at least 1/k of a term to a prime covering k of
       them; the limit bound of Coudert leaves out the primes no cover as
       good as the best can take).

    Every rule keeps the first minimum cover, so the result is the
    tie-break the module names: of the DNFs of fewest terms, then fewest
    literals, the first in term order.

    ``dont_cares`` is the set of assignments (a formula) whose value does
    not matter: the result agrees with ``dnf`` on every other assignment.
    An assignment of both is a don't-care.

    Exact covering is NP-hard, and the search is exponential in the worst
    case.  It is deterministic, and gives up with a :class:`DtreeError`
    once the branch and bound has examined ``budget`` chart cells (the
    assignments times the primes of each node it visits): the DNF of a
    tree grown on 400 rows of 12 variables takes a tenth of a second, a
    random function of 8 variables under a second, but a random function
    of 10 or more variables can exceed any budget.

    False is the empty DNF, True the DNF of one empty term.  Every literal
    must be Boolean, and there are at most :data:`MAX_VARIABLES` variables.

    >>> format_dnf(minimize(parse_dnf("x2 & x5 | x2 & ~x5 & x1 | x2 & ~x1")))
    'x2'
    >>> format_dnf(minimize(parse_dnf("~a & ~b & c | ~a & b & c | a & ~b & c | a & b & ~c")))
    '~a & c | ~b & c | a & b & ~c'
    >>> format_dnf(minimize(parse_dnf("a & b"), dont_cares=parse_dnf("a & ~b")))
    'a'
    >>> minimize(parse_dnf("a | ~a")), minimize(parse_dnf("a & ~a"))
    (((),), ())
    >>> from dtree.conditions import AtMost
    >>> minimize(((AtMost("humidity", 75.0),),))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: 'humidity <= 75' is not a Boolean literal: ...
    """
    _check_budget(budget)
    names, spellings = _space((dnf, dont_cares), None)
    n = len(names)
    dont_care = _table(dont_cares, names)
    cared = _table(dnf, names) & ~dont_care
    if not cared:
        return ()
    primes = _primes(cared | dont_care, n)
    chart = _chart(
        [_inside(n, cube) & cared for cube in primes], [_key(cube, n)[0] for cube in primes], cared
    )
    chosen = _minimum_cover(chart, budget)
    return tuple(_term(primes[i], names, spellings) for i in _bits(chosen))


def _check_budget(budget: object) -> None:
    if type(budget) is not int or budget < 0:
        raise DtreeError(f"the search budget is an integer >= 0, got {quote(budget)}")


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
    number = {row: k for k, row in enumerate(_bits(rows))}
    local = tuple(sum(1 << number[row] for row in _bits(cover)) for cover in covers)
    options = [0] * len(number)
    for i, cover in enumerate(local):
        for row in _bits(cover):
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
    for row in _bits(uncovered):
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
        options = {row: chart.options[row] & ~left_out for row in _bits(uncovered)}
        if not all(options.values()):
            return None
        forced = _singles(options.values())
        if forced:
            taken |= forced
            for i in _bits(forced):
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
    for row in _bits(uncovered):
        available |= chart.options[row]
    available &= ~left_out
    earlier: list[int] = []
    dominated = 0
    for i in _bits(available):
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
            for row in _bits(frontier):
                options |= chart.options[row]
            options &= ~(seen | left_out)
            seen |= options
            frontier = 0
            for i in _bits(options):
                frontier |= chart.covers[i]
            frontier &= rows & ~part
        yield part
        rows &= ~part


_Cost = tuple[int, int]
"""(terms, literals): covers compare by terms, then literals."""


def _cost(chart: _Chart, taken: int) -> _Cost:
    return taken.bit_count(), sum(chart.sizes[i] for i in _bits(taken))


def _greedy(chart: _Chart, node: _Node) -> int:
    """A cover to start from: the prime that covers most rows, fewest literals, first."""
    taken, left_out, uncovered = node
    while uncovered:
        options = 0
        for row in _bits(uncovered):
            options |= chart.options[row]
        best = min(
            _bits(options & ~left_out),
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
        options = [chart.options[row] & ~left_out for row in _bits(uncovered)]
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
        for i in _bits(branch):
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
    shortest = [min(chart.sizes[i] for i in _bits(options)) for options in independent]
    slack = best_cost[1] - cost[1] - sum(shortest)
    hopeless = ~_union(independent)
    for options, least in zip(independent, shortest, strict=True):
        for i in _bits(options):
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
            literals += min(chart.sizes[i] for i in _bits(row_options))
    share = {i: (chart.covers[i] & uncovered).bit_count() for i in _bits(_union(options))}
    unit = math.lcm(*share.values())  # the sums in units of 1/unit, exactly
    term_shares = literal_shares = 0
    for row_options in options:
        term_shares += min(unit // share[i] for i in _bits(row_options))
        literal_shares += min(unit // share[i] * chart.sizes[i] for i in _bits(row_options))
    terms = max(len(independent), -(-term_shares // unit))
    return (terms, max(literals, -(-literal_shares // unit))), independent


# -- text ---------------------------------------------------------------------------------------

_TOKEN = re.compile(
    rf"\s*(?:(?P<name>{PLAIN_NAME.pattern})|(?P<quoted>{QUOTED.pattern})|(?P<constant>\d\w*)"
    r"|(?P<not>[~!¬])|(?P<and>[&∧*])|(?P<or>[|∨])|(?P<other>\S))",
    re.DOTALL,
)
_CONSTANTS = {"0": False, "1": True, "False": False, "True": True}

_Token = tuple[str, str, int]  # kind, text, position


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    position = 0
    while (match := _TOKEN.match(text, position)) is not None:
        kind = match.lastgroup
        assert kind is not None
        token, start = match.group(kind), match.start(kind)
        if kind == "name" and token in _CONSTANTS:
            kind = "constant"
        elif kind == "quoted":
            try:
                kind, token = "name", unquoted(token)
            except DtreeError as error:
                raise DtreeError(f"at position {start} of {quote(text)}: {error}") from None
        tokens.append((kind, token, start))
        position = match.end()
    tokens.append(("end", "", len(text)))
    return tokens


def _syntax_error(text: str, token: _Token, expected: str) -> DtreeError:
    kind, found, position = token
    what = "the end" if kind == "end" else repr(found)
    return DtreeError(
        f"syntax error at position {position} of {quote(text)}: expected {expected}, found {what}"
    )


def parse_dnf(text: str, *, spelling: Spelling = SPELLINGS[0]) -> Dnf:
    """Read a Boolean formula in disjunctive normal form.

    Grammar (whitespace between tokens is ignored)::

        dnf      = term { ("|" | "∨") term }
        term     = factor { ["&" | "∧" | "*"] factor }    (juxtaposed factors: "and")
        factor   = ["~" | "!" | "¬"] name | constant
        name     = a letter or "_", then letters, digits, "_", "-", "." (not True
                   or False), or any string in double quotes with JSON's
                   backslash escapes (dtree.conditions.quoted)
        constant = "0" | "1" | "False" | "True"

    A variable ``x`` reads as ``Equals(x, "1")`` and ``~x`` as
    ``Equals(x, "0")``, in ``spelling`` (("0", "1") unless given).  A term
    keeps its literals in the order written; a constant 1 in a term is
    dropped (a term of only 1s is the empty term, True) and a term with a
    constant 0 is dropped from the formula (the formula ``0`` is the empty
    DNF, False).  A syntax error names its position (0-based).

    >>> parse_dnf("X2 X5 ∨ X3 ¬X1") == parse_dnf("X2 & X5 | X3 & ~X1")
    True
    >>> parse_dnf("~x1 | 0"), parse_dnf("1")
    (((Equals(attribute='x1', value='0'),),), ((),))
    >>> parse_dnf('"a & b" & ~"1" | "True"')  # doctest: +NORMALIZE_WHITESPACE
    ((Equals(attribute='a & b', value='1'), Equals(attribute='1', value='0')),
     (Equals(attribute='True', value='1'),))
    >>> parse_dnf("x1 & | x2")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: syntax error at position 5 of 'x1 & | x2': expected a variable or a constant, found '|'
    """  # noqa: E501
    if spelling not in SPELLINGS:
        raise DtreeError(f"unknown spelling {quote(spelling)}; choose one of {quote(SPELLINGS)}")
    tokens = _tokens(text)
    terms: list[Term] = []
    at = 0
    while True:
        term, at = _parse_term(text, tokens, at, spelling)
        if term is not None:
            terms.append(term)
        if tokens[at][0] == "end":
            return tuple(terms)
        if tokens[at][0] != "or":
            raise _syntax_error(text, tokens[at], "'|', '&' or the end")
        at += 1


def _parse_term(
    text: str, tokens: Sequence[_Token], at: int, spelling: Spelling
) -> tuple[Term | None, int]:
    """The term that starts at token ``at`` (None if it has a constant 0), and where it ends."""
    literals: list[Literal] = []
    false = False
    while True:
        kind, token, _ = tokens[at]
        if kind == "not":
            at += 1
            if tokens[at][0] != "name":
                raise _syntax_error(text, tokens[at], f"a variable after {quote(token)}")
            literals.append(Equals(tokens[at][1], spelling[0]))
        elif kind == "name":
            literals.append(Equals(token, spelling[1]))
        elif kind == "constant" and token in _CONSTANTS:
            false = false or not _CONSTANTS[token]
        else:
            raise _syntax_error(text, tokens[at], "a variable or a constant")
        at += 1
        if tokens[at][0] == "and":
            at += 1
        elif tokens[at][0] not in ("not", "name", "constant"):
            return (None if false else tuple(literals)), at


def format_dnf(dnf: Dnf) -> str:
    """A formula in the syntax of :func:`parse_dnf`.

    A Boolean variable (all its literals Boolean, in one spelling) is
    written ``x`` or ``~x``, its name by :func:`dtree.conditions.format_name`
    (as it is if plainly one word, else in double quotes); any other literal
    as :func:`dtree.conditions.describe` writes it.  ``parse_dnf`` reads
    back a DNF of ``Equals`` literals in its spelling, whatever the names:
    ``parse_dnf(format_dnf(d), spelling=s) == d``.

    >>> format_dnf(parse_dnf("x2 x5 ∨ x3 ¬x1")), format_dnf(()), format_dnf(((),))
    ('x2 & x5 | x3 & ~x1', '0', '1')
    >>> from dtree.conditions import AtMost
    >>> format_dnf(((Equals("X1", "T"), AtMost("humidity", 75.0)),))
    'X1 & humidity <= 75'
    >>> print(format_dnf(((Equals("a | b", "1"), Equals("1", "0")),)))
    "a | b" & ~"1"
    """
    if not dnf:
        return "0"
    booleans = {name for name, spelling in _spelling_of((dnf,)).items() if spelling is not None}
    return " | ".join(_format_term(term, booleans) for term in dnf)


def _format_term(term: Term, booleans: set[str]) -> str:
    if not term:
        return "1"
    return " & ".join(_format_literal(literal, booleans) for literal in term)


def _format_literal(literal: Literal, booleans: set[str]) -> str:
    fixed = _fixes(literal)
    if fixed is None or literal.attribute not in booleans:
        return describe(literal)
    name = format_name(literal.attribute)
    return name if fixed[1] else "~" + name


# -- a tree of a formula ------------------------------------------------------------------------


_Seed = tuple[int, tuple[int, ...]]
"""A node of :func:`tree_of` to grow: its rows (a bit vector), and the variables still free."""


def tree_of(
    dnf: Dnf,
    *,
    variables: Sequence[str] | None = None,
    classes: Sequence[Label] = ("0", "1"),
) -> Tree:
    """A decision tree over Boolean attributes that computes the formula.

    Shannon's expansion f = x f|x=1 + ~x f|x=0: a node splits on the first
    variable (in the order of ``variables``, sorted by default) that the
    function restricted to the node depends on, with the branch of value
    0 first; a restriction that is constant is a leaf predicting
    ``classes[1]`` (true) or ``classes[0]`` (false).  This is the CS 536
    notes' argument that any Boolean function is a tree.

    Every node counts the rows of the truth table over ``variables`` that
    reach it, as ``ClassStats(classes, (false rows, true rows))``, so the
    tree is a decision tree of the truth table taken as a dataset: its
    statistics add up, and its leaves are pure.

    >>> from dtree.tree import predict, size
    >>> tree = tree_of(parse_dnf("x2 & x5"))
    >>> predict(tree, {"x2": "1", "x5": "1"}), size(tree)
    ('1', 5)
    >>> tree.stats
    ClassStats(classes=('0', '1'), counts=(3, 1))
    >>> tree_of(parse_dnf("x2 & ~x2"), variables=["x1", "x2"])
    Leaf(prediction='0', stats=ClassStats(classes=('0', '1'), counts=(4, 0)))
    """
    classes = collection(classes, "classes")
    if len(classes) != 2:
        raise DtreeError(f"a Boolean tree has two classes, false and true, got {quote(classes)}")
    names, spellings = _space((dnf,), variables)
    n = len(names)
    table = _table(dnf, names)
    false, true = classes

    def step(seed: _Seed) -> Leaf | Sprout[_Seed]:
        rows, free = seed
        trues = (table & rows).bit_count()
        stats = ClassStats((false, true), (rows.bit_count() - trues, trues))
        if trues in (0, rows.bit_count()):
            return Leaf(true if trues else false, stats)
        j = next(j for j in free if _depends(table & rows, n, n - 1 - j))
        ones = _ones(n, n - 1 - j)
        rest = tuple(k for k in free if k != j)
        return Sprout(
            (Equals(names[j], spellings[j][0]), Equals(names[j], spellings[j][1])),
            ((rows & ~ones, rest), (rows & ones, rest)),
            stats,
        )

    return unfold((_everything(n), tuple(range(n))), step)


def _depends(function: int, n: int, position: int) -> bool:
    """Whether a function (on a cube free in this variable) changes with the variable."""
    ones = _ones(n, position)
    return (function & ones) >> (1 << position) != function & ~ones
