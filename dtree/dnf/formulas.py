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
Boolean function: it turns formulas into truth tables and back, and
:mod:`dtree.dnf.quine_mccluskey` does the minimizing on the bit vectors.

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

import re
from collections.abc import Iterable, Sequence

from toolz import isdistinct

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
from dtree.dnf.quine_mccluskey import (
    SEARCH_BUDGET,
    Cube,
    depends,
    everything,
    inside,
    minimum_cover,
    ones,
    primes,
)
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
    >>> from dtree.grower.presets import id3
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
        if not isdistinct(names):
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


# -- formulas as truth tables (bit vectors: see dtree.dnf.quine_mccluskey) ------------------------


def _cube(term: Term, names: Sequence[str]) -> Cube | None:
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
            vector |= inside(len(names), cube)
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


# -- minimization: Quine-McCluskey (dtree.dnf.quine_mccluskey) on formulas ------------------------


def _term(cube: Cube, names: Sequence[str], spellings: Sequence[Spelling]) -> Term:
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
    return tuple(_term(cube, names, spellings) for cube in primes(table, len(names)))


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
    names, spellings = _space((dnf, dont_cares), None)
    on, dont_care = _table(dnf, names), _table(dont_cares, names)
    cover = minimum_cover(on, dont_care, len(names), budget=budget)
    return tuple(_term(cube, names, spellings) for cube in cover)


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

    >>> from dtree.ensemble import predict
    >>> from dtree.tree import size
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
        j = next(j for j in free if depends(table & rows, n, n - 1 - j))
        one = ones(n, n - 1 - j)
        rest = tuple(k for k in free if k != j)
        return Sprout(
            (Equals(names[j], spellings[j][0]), Equals(names[j], spellings[j][1])),
            ((rows & ~one, rest), (rows & one, rest)),
            stats,
        )

    return unfold((everything(n), tuple(range(n))), step)
