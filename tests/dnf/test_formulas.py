"""DNF: the CS 760 exercises learned, minimized and rebuilt; the bundled Boolean data; and
the laws of minimum DNFs, checked against brute force and against sympy.

The brute-force model reads formulas only through ``evaluate`` (that is,
through ``holds``), and finds minimum DNFs by trying every set of
implicants, smallest first: it shares nothing with Quine-McCluskey or the
cover search.
"""

from __future__ import annotations

import importlib
import itertools
import random
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest
from helpers import thorough
from hypothesis import given
from hypothesis import strategies as st

from dtree import datasets
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.counts import ClassStats
from dtree.dataset import Attribute, Dataset, Label, Nominal, Schema
from dtree.datasets import load
from dtree.dnf import (
    MAX_VARIABLES,
    SPELLINGS,
    Dnf,
    Spelling,
    Term,
    dnf_of,
    equivalent,
    evaluate,
    format_dnf,
    minimize,
    parse_dnf,
    prime_implicants,
    tree_of,
    truth_table,
    variables,
)
from dtree.ensemble import predict
from dtree.errors import DtreeError
from dtree.grower.presets import cart, id3
from dtree.invariants import stats_are_additive
from dtree.tree import Branch, Leaf, Split, Tree, depth, leaves, paths

Minterms = frozenset[int]
NAMES = tuple(f"x{j}" for j in range(1, MAX_VARIABLES + 1))


# -- the brute-force model ----------------------------------------------------------------------


def assignment(names: Sequence[str], m: int, spelling: Spelling = SPELLINGS[0]) -> dict[str, str]:
    """Assignment m of binary counting order: the first variable is the most significant bit."""
    n = len(names)
    return {name: spelling[m >> (n - 1 - j) & 1] for j, name in enumerate(names)}


def minterms(dnf: Dnf, names: Sequence[str]) -> Minterms:
    """The assignments where the formula is true, by evaluating it at each."""
    return frozenset(m for m in range(1 << len(names)) if evaluate(dnf, assignment(names, m)))


def canonical(on: Minterms, names: Sequence[str]) -> Dnf:
    """The formula of one full term per true assignment."""
    return tuple(
        tuple(Equals(name, value) for name, value in assignment(names, m).items())
        for m in sorted(on)
    )


def cubes(names: Sequence[str]) -> Iterator[Term]:
    """Every term over the variables, in variable order, each variable absent, 0 or 1."""
    for choice in itertools.product((None, "0", "1"), repeat=len(names)):
        yield tuple(Equals(name, v) for name, v in zip(names, choice, strict=True) if v)


def order(term: Term, names: Sequence[str]) -> tuple[int, tuple[tuple[int, str], ...]]:
    """The documented term order: fewer literals, then (variable position, value) pairs."""
    pairs = tuple((names.index(literal.attribute), str(literal.value)) for literal in term)  # type: ignore[union-attr]
    return len(term), pairs


def first_minimum(on: Minterms, names: Sequence[str], dont_care: Minterms = frozenset()) -> Dnf:
    """The first minimum DNF by brute force over sets of implicants, fewest first.

    Sets of k implicants are built by covering the lowest assignment not
    yet covered with each implicant that covers it: every cover none of
    whose terms can be dropped (and so every minimum one) is built.
    """
    care = on - dont_care
    if not care:
        return ()
    allowed = on | dont_care
    implicants = []
    for term in cubes(names):
        inside = minterms((term,), names)
        if inside <= allowed and inside & care:
            implicants.append((term, inside & care))
    for k in itertools.count(1):
        covers: list[tuple[Term, ...]] = []
        stack: list[tuple[tuple[Term, ...], Minterms]] = [((), care)]
        while stack:
            chosen, uncovered = stack.pop()
            if not uncovered:
                covers.append(chosen)
            elif len(chosen) < k:
                row = min(uncovered)
                stack.extend(
                    ((*chosen, term), uncovered - rows) for term, rows in implicants if row in rows
                )
        if covers:
            best = min(
                covers,
                key=lambda terms: (
                    sum(map(len, terms)),
                    sorted(order(term, names) for term in terms),
                ),
            )
            return tuple(sorted(best, key=lambda term: order(term, names)))
    raise AssertionError("unreachable: the minterms cover")


def cost(dnf: Dnf) -> tuple[int, int]:
    return len(dnf), sum(map(len, dnf))


def is_prime(term: Term, allowed: Minterms, names: Sequence[str]) -> bool:
    """An implicant of the allowed assignments that stops being one without any literal."""

    def implies(t: Term) -> bool:
        return minterms((t,), names) <= allowed

    return implies(term) and not any(implies(term[:i] + term[i + 1 :]) for i in range(len(term)))


# -- strategies ---------------------------------------------------------------------------------


@st.composite
def functions(
    draw: st.DrawFn, *, min_variables: int = 0, max_variables: int = 6
) -> tuple[tuple[str, ...], Minterms]:
    """A Boolean function: its variables, and the assignments where it is true."""
    n = draw(st.integers(min_variables, max_variables))
    table = draw(st.integers(0, (1 << (1 << n)) - 1))
    return NAMES[:n], frozenset(m for m in range(1 << n) if table >> m & 1)


@st.composite
def boolean_dnfs(
    draw: st.DrawFn, *, max_variables: int = 6, max_terms: int = 6, spelling: Spelling = ("0", "1")
) -> Dnf:
    """Formulas of Equals literals in any order, repeats and contradictions included."""
    pool = NAMES[: draw(st.integers(1, max_variables))]
    literals = st.builds(Equals, st.sampled_from(pool), st.sampled_from(spelling))
    terms = st.lists(literals, max_size=len(pool) + 1).map(tuple)
    return tuple(draw(st.lists(terms, max_size=max_terms)))


def boolean_data(rows: Sequence[tuple[Mapping[str, str], Label]], names: Sequence[str]) -> Dataset:
    """A dataset of Boolean attributes that declare both values, so every assignment
    follows exactly one path of a tree grown on it."""
    classes = tuple(sorted({label for _, label in rows}))
    schema = Schema(
        tuple(Attribute(name, Nominal(("0", "1"))) for name in names),
        Attribute("y", Nominal(classes)),
    )
    columns = [tuple(example[name] for example, _ in rows) for name in names]
    return Dataset(schema, columns, tuple(label for _, label in rows))


@st.composite
def boolean_datasets(draw: st.DrawFn, *, max_variables: int = 5) -> Dataset:
    """Consistent datasets over Boolean variables: distinct assignments, then any labels."""
    names = NAMES[: draw(st.integers(1, max_variables))]
    rows = draw(
        st.lists(st.integers(0, (1 << len(names)) - 1), min_size=1, max_size=12, unique=True)
    )
    labels = st.sampled_from(("c0", "c1", "c2"))
    return boolean_data([(assignment(names, m), draw(labels)) for m in rows], names)


def truth_table_data(table: Sequence[tuple[dict[str, str], bool]]) -> Dataset:
    """A truth table as a dataset: each assignment once, labelled 0 or 1."""
    return boolean_data(
        [(example, label_of(value)) for example, value in table], tuple(table[0][0])
    )


def label_of(value: bool) -> str:
    return "1" if value else "0"


# -- the CS 760 exercises -----------------------------------------------------------------------

X = ("X1", "X2", "X3", "X4", "X5")


@pytest.mark.parametrize(
    ("formula", "minimum"),
    [
        ("X2 X5", "X2 & X5"),
        ("X2 ∨ X5", "X2 | X5"),
        ("X2 X5 ∨ X3 ¬X1", "~X1 & X3 | X2 & X5"),
    ],
)
def test_cs760_exercises_tree_formula_and_truth_table_agree(formula: str, minimum: str) -> None:
    """Y = X2 X5, Y = X2 ∨ X5, Y = X2 X5 ∨ X3 ¬X1 over Boolean X1..X5 (the CS 760 notes):
    ID3 learns each from its truth table, and the learned tree's DNF minimizes to it."""
    dnf = parse_dnf(formula)
    table = truth_table(dnf, X)
    learned = id3(truth_table_data(table))
    shannon = tree_of(dnf, variables=X)
    learned_dnf = dnf_of(learned, "1")
    assert len(table) == 32
    for example, value in table:
        assert evaluate(dnf, example) is value
        assert predict(learned, example) == label_of(value)
        assert evaluate(learned_dnf, example) is value
        assert predict(shannon, example) == label_of(value)
    assert format_dnf(minimize(learned_dnf)) == minimum
    assert minimize(learned_dnf) == minimize(dnf)
    assert equivalent(learned_dnf, dnf)


@pytest.mark.parametrize("formula", ["X2 X5", "X2 ∨ X5"])
def test_id3_grows_the_shannon_tree_of_the_first_two_exercises(formula: str) -> None:
    # X2 and X5 gain alike; ID3 breaks the tie by schema order, Shannon by variable order.
    dnf = parse_dnf(formula)
    assert id3(truth_table_data(truth_table(dnf, X))) == tree_of(dnf, variables=X)


def test_the_third_exercise_learned_and_its_minimum() -> None:
    learned = id3(truth_table_data(truth_table(parse_dnf("X2 X5 ∨ X3 ¬X1"), X)))
    assert format_dnf(dnf_of(learned, "1")) == ("~X1 & ~X3 & X2 & X5 | ~X1 & X3 | X1 & X2 & X5")
    assert format_dnf(dnf_of(learned, "0")) == (
        "~X1 & ~X3 & ~X2 | ~X1 & ~X3 & X2 & ~X5 | X1 & ~X2 | X1 & X2 & ~X5"
    )
    assert (
        format_dnf(minimize(dnf_of(learned, "0"))) == "X1 & ~X2 | X1 & ~X5 | ~X2 & ~X3 | ~X3 & ~X5"
    )


# -- the bundled Boolean data -------------------------------------------------------------------


def test_boolean_table_spelled_f_and_t() -> None:
    tree = id3(load("boolean-table"))
    assert dnf_of(tree, "T") == ((Equals("X1", "T"),),)
    assert dnf_of(tree, "F") == (
        (Equals("X1", "F"), Equals("X2", "F")),
        (Equals("X1", "F"), Equals("X2", "T")),
    )
    assert minimize(dnf_of(tree, "F")) == ((Equals("X1", "F"),),)
    assert format_dnf(minimize(dnf_of(tree, "F"))) == "~X1"
    assert parse_dnf("~X1", spelling=("F", "T")) == minimize(dnf_of(tree, "F"))
    # F/T and 0/1 name the same values.
    assert equivalent(dnf_of(tree, "T"), parse_dnf("X1"))


def test_xor() -> None:
    tree = id3(load("xor"))
    assert dnf_of(tree, "1") == parse_dnf("~Z1 & Z2 | Z1 & ~Z2")
    assert dnf_of(tree, "0") == parse_dnf("~Z1 & ~Z2 | Z1 & Z2")
    # XOR's DNF is already minimum: every minterm is a prime of its own.
    assert minimize(dnf_of(tree, "1")) == dnf_of(tree, "1")


@pytest.mark.parametrize("name", ["boolean-table", "xor"])
def test_cart_literals_are_boolean_too(name: str) -> None:
    """CART writes In(x, {v}) and NotIn(x, {v}); they fix a Boolean variable all the same."""
    data = load(name)
    for label in data.schema.classes:
        by_cart, by_id3 = dnf_of(cart(data), label), dnf_of(id3(data), label)
        assert any(isinstance(c, In | NotIn) for term in by_cart for c in term)
        assert minimize(by_cart) == minimize(by_id3)


@pytest.mark.parametrize("name", datasets.names())
@pytest.mark.parametrize("learn", [id3, cart], ids=["id3", "cart"])
def test_dnf_of_agrees_with_the_tree_on_every_training_example(
    name: str, learn: Callable[[Dataset], Tree]
) -> None:
    """Nominal and numeric trees alike: x satisfies dnf_of(T, k) exactly when T predicts k."""
    data = load(name)
    tree = learn(data)
    for label in data.schema.classes:
        dnf = dnf_of(tree, label)
        assert len(dnf) == sum(leaf.prediction == label for leaf in leaves(tree))
        for example in data.examples():
            assert evaluate(dnf, example) is (predict(tree, example) == label)


def test_dnf_of_a_leaf_and_of_a_class_no_leaf_predicts() -> None:
    leaf = Leaf("yes", ClassStats(("no", "yes"), (0, 3)))
    assert dnf_of(leaf, "yes") == ((),)
    assert dnf_of(leaf, "no") == ()


def test_dnf_of_refuses_unknown_classes_and_regression_trees() -> None:
    with pytest.raises(DtreeError, match="unknown class 'maybe'"):
        dnf_of(id3(load("play-tennis")), "maybe")
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0, 4.0]}, target="y")
    with pytest.raises(DtreeError, match="regression tree"):
        dnf_of(id3(data), "1")


def test_dnf_of_a_chain_ten_thousand_splits_deep(deep_chain: Tree) -> None:
    tree = deep_chain
    # The DNF of "a" would have 10,000 terms and 50,005,000 literals; that of "b"
    # is the one long path.
    (term,) = dnf_of(tree, "b")
    assert term == tuple(Above("x", i) for i in range(10_000))
    assert evaluate((term,), {"x": 10_000}) is True
    assert evaluate((term,), {"x": 9_999}) is False
    start = time.perf_counter()
    simplified = dnf_of(tree, "a", simplified=True)
    assert format_dnf(dnf_of(tree, "b", simplified=True)) == "x > 9999"
    assert time.perf_counter() - start < 10  # about 0.3 s; the plain formula of "a" takes minutes
    assert simplified[0] == (AtMost("x", 0),)
    assert simplified[5000] == (Above("x", 4999), AtMost("x", 5000))
    assert format_dnf(simplified[-1:]) == "x > 9998 & x <= 9999"


@given(boolean_datasets())
def test_a_boolean_tree_has_the_same_dnf_simplified(data: Dataset) -> None:
    for learn in (id3, cart):
        tree = learn(data)
        for label in tree.stats.classes:  # type: ignore[union-attr]
            assert dnf_of(tree, label, simplified=True) == dnf_of(tree, label)


# -- evaluate, truth tables, equivalence --------------------------------------------------------


def test_evaluate_is_three_valued() -> None:
    dnf = parse_dnf("a & b | c")
    assert evaluate(dnf, {"a": "1", "b": None, "c": "1"}) is True  # c decides
    assert evaluate(dnf, {"a": "0", "b": None, "c": "0"}) is False  # a decides
    assert evaluate(dnf, {"a": "1", "b": None, "c": "0"}) is None
    assert evaluate((), {}) is False
    assert evaluate(((),), {}) is True
    with pytest.raises(DtreeError, match="no attribute 'c'"):
        evaluate(dnf, {"a": "1", "b": "1"})


def test_truth_table_counts_in_binary_with_the_first_variable_most_significant() -> None:
    table = truth_table(parse_dnf("b"), ["b", "a"])
    assert [tuple(row.values()) for row, _ in table] == [
        ("0", "0"),
        ("0", "1"),
        ("1", "0"),
        ("1", "1"),
    ]
    assert [value for _, value in table] == [False, False, True, True]
    assert [row for row, _ in truth_table(dnf_of(id3(load("boolean-table")), "T"))] == [
        {"X1": "F"},
        {"X1": "T"},
    ]


@given(boolean_dnfs())
def test_truth_table_is_the_formula_at_every_assignment(dnf: Dnf) -> None:
    for example, value in truth_table(dnf):
        assert evaluate(dnf, example) is value


def test_variables_and_the_variable_list() -> None:
    assert variables(parse_dnf("b & ~a | c")) == ("a", "b", "c")
    assert variables(()) == ()
    with pytest.raises(DtreeError, match="'c' is not among"):
        truth_table(parse_dnf("c"), ["a", "b"])
    with pytest.raises(DtreeError, match="distinct"):
        truth_table(parse_dnf("a"), ["a", "a"])


def test_boolean_literals_only_and_one_spelling_a_variable() -> None:
    with pytest.raises(DtreeError, match="'Outlook = Overcast' is not a Boolean literal"):
        minimize(dnf_of(id3(load("play-tennis")), "Yes"))
    with pytest.raises(DtreeError, match="not a Boolean literal"):
        truth_table(((In("x", {"0", "1"}),),))
    with pytest.raises(DtreeError, match="spelled both"):
        equivalent(((Equals("x", "T"), Equals("x", "1")),), ())
    assert equivalent(((NotIn("x", {"1"}),),), parse_dnf("~x"))


def test_more_variables_than_the_limit_are_refused() -> None:
    wide = (tuple(Equals(f"v{j}", "1") for j in range(MAX_VARIABLES + 1)),)
    for enumerate_assignments in (truth_table, minimize, tree_of, prime_implicants):
        with pytest.raises(DtreeError, match="MAX_VARIABLES = 12"):
            enumerate_assignments(wide)
    with pytest.raises(DtreeError, match="MAX_VARIABLES"):
        equivalent(wide, ())


@thorough(200)
@given(boolean_dnfs(), boolean_dnfs())
def test_equivalent_is_agreement_at_every_assignment(first: Dnf, second: Dnf) -> None:
    names = tuple(sorted({*variables(first), *variables(second)}))
    assert equivalent(first, second) == (minterms(first, names) == minterms(second, names))
    assert equivalent(first, first)


# -- minimum DNFs -------------------------------------------------------------------------------


def test_every_function_of_three_variables_gets_its_first_minimum() -> None:
    """All 256 functions: minimize is the brute force's minimum, tie-break and all."""
    names = NAMES[:3]
    for table in range(256):
        on = frozenset(m for m in range(8) if table >> m & 1)
        assert minimize(canonical(on, names)) == first_minimum(on, names), sorted(on)


@given(functions(min_variables=4, max_variables=4))
def test_functions_of_four_variables_get_their_first_minimum(
    function: tuple[tuple[str, ...], Minterms],
) -> None:
    names, on = function
    assert minimize(canonical(on, names)) == first_minimum(on, names)


@given(boolean_dnfs())
def test_minimize_gives_an_equivalent_dnf_of_primes_in_order(dnf: Dnf) -> None:
    names = variables(dnf)
    minimum = minimize(dnf)
    on = minterms(dnf, names)
    assert minterms(minimum, names) == on
    assert all(is_prime(term, on, names) for term in minimum)
    assert [order(term, names) for term in minimum] == sorted(
        order(term, names) for term in minimum
    )
    assert all(order(term, names)[1] == tuple(sorted(order(term, names)[1])) for term in minimum)
    assert minimize(minimum) == minimum
    assert cost(minimum) <= cost(dnf)


@given(boolean_dnfs(max_variables=4))
def test_prime_implicants_are_every_prime_by_brute_force(dnf: Dnf) -> None:
    names = variables(dnf)
    on = minterms(dnf, names)
    primes = [term for term in cubes(names) if is_prime(term, on, names)]
    assert prime_implicants(dnf) == tuple(sorted(primes, key=lambda t: order(t, names)))


@given(functions(max_variables=4), st.data())
def test_dont_cares_by_brute_force(
    function: tuple[tuple[str, ...], Minterms], data: st.DataObject
) -> None:
    names, on = function
    dont_care = frozenset(data.draw(st.sets(st.sampled_from(range(1 << len(names))))))
    minimum = minimize(canonical(on, names), dont_cares=canonical(dont_care, names))
    assert minimum == first_minimum(on, names, dont_care)


@given(functions(max_variables=6), st.data())
def test_dont_cares_agree_on_the_cared_for_inputs_and_cost_no_more(
    function: tuple[tuple[str, ...], Minterms], data: st.DataObject
) -> None:
    names, on = function
    dont_care = frozenset(data.draw(st.sets(st.sampled_from(range(1 << len(names))))))
    minimum = minimize(canonical(on, names), dont_cares=canonical(dont_care, names))
    got = minterms(minimum, names)
    assert got - dont_care == on - dont_care
    assert all(is_prime(term, on | dont_care, names) for term in minimum)
    assert cost(minimum) <= cost(minimize(canonical(on, names)))


def test_constants() -> None:
    assert minimize(()) == ()
    assert minimize(((),)) == ((),)
    assert minimize(parse_dnf("a | ~a")) == ((),)
    assert minimize(parse_dnf("a & ~a")) == ()
    assert minimize(parse_dnf("a"), dont_cares=parse_dnf("a")) == ()
    assert minimize(parse_dnf("a"), dont_cares=parse_dnf("~a")) == ((),)


def test_twelve_variables() -> None:
    """The DNF of a tree grown on 400 random rows of 12 variables, and a function
    whose 3^12 - 2^12 implicants Quine-McCluskey meets."""
    rng = random.Random(12)
    names = NAMES[:12]
    rows = rng.sample(range(1 << 12), 400)
    tree = id3(boolean_data([(assignment(names, m), rng.choice("01")) for m in rows], names))
    started = time.perf_counter()
    learned = dnf_of(tree, "1")
    minimum = minimize(learned)
    assert equivalent(minimum, learned)
    assert len(minimum) < len(learned)
    nand = parse_dnf(" | ".join(f"~{name}" for name in names))
    assert set(minimize(nand)) == set(nand)
    assert time.perf_counter() - started < 60  # a fraction of a second; a hang is a failure


def test_the_search_budget() -> None:
    # Six minterms, six primes of two literals, each minterm in two: no prime is
    # essential or dominated, so only the search can choose.
    cyclic = parse_dnf(
        "~a & ~b & ~c | ~a & ~b & c | ~a & b & ~c | a & ~b & c | a & b & ~c | a & b & c"
    )
    assert minimize(cyclic, budget=10**6) == minimize(cyclic)
    with pytest.raises(DtreeError, match="gave up after examining 0 chart cells"):
        minimize(cyclic, budget=0)
    assert minimize(parse_dnf("a & b | ~a"), budget=0) == parse_dnf("~a | b")  # essential primes
    with pytest.raises(DtreeError, match="budget"):
        minimize(cyclic, budget=-1)


@pytest.fixture(scope="module")
def sympy() -> Any:
    """sympy, from the dev extra (a missing cross-check is a failure, not a skip)."""
    return importlib.import_module("sympy")


@given(function=functions(min_variables=1, max_variables=6))
def test_never_worse_than_sympy(sympy: Any, function: tuple[tuple[str, ...], Minterms]) -> None:
    """sympy's SOPform covers by the same primes, choosing by dominance alone: it never
    has fewer terms, nor with as many terms fewer literals."""
    names, on = function
    theirs = sympy.SOPform(sympy.symbols(names), sorted(on)) if on else sympy.false
    terms = [] if theirs == sympy.false else sympy.Or.make_args(theirs)
    dnf = tuple(
        tuple(
            Equals(str(literal.args[0]), "0")
            if isinstance(literal, sympy.Not)
            else Equals(str(literal), "1")
            for literal in sympy.And.make_args(term)
            if literal != sympy.true
        )
        for term in terms
    )
    minimum = minimize(canonical(on, names))
    assert minterms(dnf, names) == on
    assert cost(minimum) <= cost(dnf)


# -- trees of formulas --------------------------------------------------------------------------


def depends(rows: Sequence[tuple[dict[str, str], bool]], name: str) -> bool:
    """Whether flipping the variable changes the function on some row of a subcube."""
    value = {tuple(a.items()): v for a, v in rows}
    flip = {"0": "1", "1": "0"}
    return any(v != value[tuple({**a, name: flip[a[name]]}.items())] for a, v in rows)


def splits_on_first_dependent_variable(tree: Tree, dnf: Dnf, names: Sequence[str]) -> bool:
    """Every split tests the first variable, in order, that the function restricted to
    the node depends on; every leaf's restriction is constant."""
    stack: list[tuple[Tree, dict[str, str]]] = [(tree, {})]
    while stack:
        node, fixed = stack.pop()
        rows = [(a, v) for a, v in truth_table(dnf, names) if fixed.items() <= a.items()]
        dependent = [name for name in names if name not in fixed and depends(rows, name)]
        match node:
            case Leaf():
                if dependent:
                    return False
            case Split(branches, _):
                if not dependent or node.attribute != dependent[0]:
                    return False
                for branch in branches:
                    condition = branch.condition
                    assert isinstance(condition, Equals)
                    stack.append((branch.subtree, {**fixed, condition.attribute: condition.value}))
    return True


@given(boolean_dnfs(max_variables=5))
def test_tree_of_computes_the_formula_with_truth_table_counts(dnf: Dnf) -> None:
    names = variables(dnf)
    tree = tree_of(dnf)
    table = truth_table(dnf)
    for example, value in table:
        assert predict(tree, example) == label_of(value)
    trues = sum(value for _, value in table)
    assert tree.stats == ClassStats(("0", "1"), (len(table) - trues, trues))
    assert stats_are_additive(tree)
    assert all(leaf.stats.is_pure for leaf in leaves(tree))  # type: ignore[union-attr]
    assert depth(tree) <= len(names)
    assert splits_on_first_dependent_variable(tree, dnf, names)


def test_tree_of_branches_zero_first_in_the_formulas_spelling() -> None:
    tree = tree_of(((Equals("X1", "T"),),), classes=("F", "T"))
    assert tree == Split(
        (
            Branch(Equals("X1", "F"), Leaf("F", ClassStats(("F", "T"), (1, 0)))),
            Branch(Equals("X1", "T"), Leaf("T", ClassStats(("F", "T"), (0, 1)))),
        ),
        ClassStats(("F", "T"), (1, 1)),
    )
    assert tree_of(()) == Leaf("0", ClassStats(("0", "1"), (1, 0)))
    assert tree_of(((),), variables=["a", "b"]) == Leaf("1", ClassStats(("0", "1"), (0, 4)))
    with pytest.raises(DtreeError, match="two classes"):
        tree_of((), classes=("a", "b", "c"))


def test_tree_of_a_twelve_variable_parity_is_complete() -> None:
    parity = tuple(
        tuple(Equals(name, value) for name, value in assignment(NAMES[:12], m).items())
        for m in range(1 << 12)
        if m.bit_count() % 2
    )
    tree = tree_of(parity)
    assert depth(tree) == 12
    assert sum(1 for _ in paths(tree)) == 1 << 12


@given(boolean_datasets())
def test_the_tree_of_a_learned_trees_minimum_dnf_computes_the_learned_tree(data: Dataset) -> None:
    names = data.schema.names
    for learn in (id3, cart):
        tree = learn(data)
        for label in sorted({str(leaf.prediction) for leaf in leaves(tree)}):
            rebuilt = tree_of(minimize(dnf_of(tree, label)), variables=names)
            for m in range(1 << len(names)):
                example = assignment(names, m)
                assert (predict(rebuilt, example) == "1") == (predict(tree, example) == label)


# -- text ---------------------------------------------------------------------------------------


@thorough(200)
@pytest.mark.parametrize("spelling", SPELLINGS)
@given(data=st.data())
def test_parse_reads_back_what_format_writes(spelling: Spelling, data: st.DataObject) -> None:
    dnf = data.draw(boolean_dnfs(spelling=spelling))
    assert parse_dnf(format_dnf(dnf), spelling=spelling) == dnf


# Names a formula may not show as they are: operators, constants, quotes, escapes, line breaks.
AWKWARD_NAMES = st.text(alphabet=st.sampled_from('a1 &|~!¬∧∨*()"\\\n\r\t\u2028\x85Tru'), max_size=6)


@thorough(200)
@pytest.mark.parametrize("spelling", SPELLINGS)
@given(data=st.data())
def test_parse_reads_back_any_names(spelling: Spelling, data: st.DataObject) -> None:
    """parse_dnf(format_dnf(f)) == f for a formula over arbitrary names, awkward ones often."""
    names = st.text() | AWKWARD_NAMES | st.sampled_from(["and", "True", "1", "0x", "a-b", ""])
    literals = st.builds(Equals, names, st.sampled_from(spelling))
    dnf = tuple(tuple(term) for term in data.draw(st.lists(st.lists(literals, max_size=4))))
    written = format_dnf(dnf)
    assert "\n" not in written
    assert parse_dnf(written, spelling=spelling) == dnf


def test_quoted_names() -> None:
    assert format_dnf(((Equals("a & b", "1"), Equals('say "1"\n', "0")),)) == (
        '"a & b" & ~"say \\"1\\"\\n"'
    )
    assert parse_dnf('"x" "y" | ~ "x"') == parse_dnf("x & y | ~x")
    with pytest.raises(DtreeError, match=r"at position 4 .*no escape"):
        parse_dnf('a & "\\q"')
    with pytest.raises(DtreeError, match=r"position 4 .*found '\"'"):
        parse_dnf('a & "unterminated')


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("X2 X5 ∨ X3 ¬X1", "X2 & X5 | X3 & ~X1"),
        ("a*b + c", None),
        ("a ∧ !b | True", "a & ~b | 1"),
        ("a & 1 & b | 0 | c & False | True & c", "a & b | c"),
        ("False", "0"),
        ("  _x1  ", "_x1"),
    ],
)
def test_the_grammar(text: str, written: str | None) -> None:
    if written is None:
        with pytest.raises(DtreeError, match=r"position 4 .*found '\+'"):
            parse_dnf(text)
    else:
        assert format_dnf(parse_dnf(text)) == written


@pytest.mark.parametrize(
    ("text", "position", "found"),
    [
        ("", 0, "the end"),
        ("a |", 3, "the end"),
        ("a & | b", 4, "'|'"),
        ("~ | a", 2, "'|'"),
        ("~~a", 1, "'~'"),
        ("a (b)", 2, "'('"),
        ("a & 2", 4, "'2'"),
        ("a | ~1", 5, "'1'"),
    ],
)
def test_syntax_errors_name_their_position(text: str, position: int, found: str) -> None:
    pattern = f"syntax error at position {position} .*" + re.escape(f"found {found}")
    with pytest.raises(DtreeError, match=pattern):
        parse_dnf(text)


def test_format_writes_other_literals_as_the_notes_do() -> None:
    assert format_dnf(dnf_of(id3(load("play-tennis")), "No")) == (
        "Outlook = Rain & Wind = Strong | Outlook = Sunny & Humidity = High"
    )
    weird = ((Equals("two words", "1"), Equals("True", "0"), Equals("Grade", "F")),)
    mixed = ((Equals("Grade", "P"),),)
    assert format_dnf(weird + mixed) == '"two words" & ~"True" & Grade = F | Grade = P'
    with pytest.raises(DtreeError, match="unknown spelling"):
        parse_dnf("a", spelling=("no", "yes"))
