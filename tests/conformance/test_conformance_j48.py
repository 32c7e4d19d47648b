"""dtree.conformance.j48: J48's printed trees read onto their data, dtree trees printed as J48
prints them, and Weka's J48 run live on its own example data."""

from __future__ import annotations

import concurrent.futures
import functools
import os
import random
import re
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from helpers import alternating
from helpers import chain as deep_chain
from hypothesis import given
from hypothesis import strategies as st

import dtree
from dtree.conditions import Above, AtMost, Equals, In, NotIn
from dtree.conformance import compare, j48_reading, j48_text, learner_for, read_j48, run_j48
from dtree.conformance.check import Peer
from dtree.conformance.fuzz import differential
from dtree.conformance.j48 import java_double, weka_decimals
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Weight
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.learner import J48
from dtree.grower.make_subtree import grow
from dtree.grower.presets import c45, cart
from dtree.prune import collapse, pessimistic
from dtree.routing import restated
from dtree.serialize import from_json, to_json
from dtree.strategies import datasets
from dtree.tree import Branch, Leaf, Split, Tree, leaves, size

# -- numbers as Weka writes them -------------------------------------------------------

# Written by Java 17 with Weka 3.6.14's Utils.doubleToString(x, 6) and Double.toString(x).
JAVA_WRITES = [
    ("0x0.0p0", "0", "0.0"),
    ("-0x0.0p0", "0", "-0.0"),
    ("0x1.0c6f7a0b5ed8dp-21", "0.000001", "5.0E-7"),
    ("0x1.0c6f7a0b5ed8dp-22", "0", "2.5E-7"),
    ("-0x1.0c6f7a0b5ed8dp-21", "-0.000001", "-5.0E-7"),
    ("0x1.4p3", "10", "10.0"),
    ("-0x1.8p1", "-3", "-3.0"),
    ("0x1.1f3b645af893p-1", "0.561", "0.5610000001"),
    ("0x1.6dc71c717ac19p6", "91.444444", "91.44444444"),
    ("0x1.2309ce54p43", "1.0E13", "1.0E13"),
    ("0x1.e3cbc81fbee23p3", "15.118626", "15.1186257"),
    ("-0x1.2c399ce3c54bbp-11", "-0.000573", "-5.726338390298549E-4"),
    ("0x1.3333333333334p-2", "0.3", "0.30000000000000004"),
    ("0x1.e240c9fcb923ap16", "123456.789013", "123456.7890125"),
    ("0x1.3a92a30553261p-13", "0.00015", "1.5E-4"),
    ("0x1.5666666666666p1", "2.675", "2.675"),
    ("-0x1.e3f63f63f609cp0", "-1.890476", "-1.890476190476"),
]


@pytest.mark.parametrize(("hexadecimal", "decimals", "double"), JAVA_WRITES)
def test_numbers_are_written_as_weka_and_java_write_them(
    hexadecimal: str, decimals: str, double: str
) -> None:
    x = float.fromhex(hexadecimal)
    assert (weka_decimals(x), java_double(x)) == (decimals, double)


# -- printing and reading back ---------------------------------------------------------

GOLF_J48 = """\
outlook = overcast: Play (4.0)
outlook = rain
|   windy = false: Play (3.0)
|   windy = true: Don't Play (2.0)
outlook = sunny
|   humidity <= 75: Play (2.0)
|   humidity > 75: Don't Play (3.0)
"""

GOLF_OUTPUT = f"""
Options: -U

J48 unpruned tree
------------------

{GOLF_J48}
Number of Leaves  : \t5

Size of the tree : \t8


Time taken to build model: 0.01 seconds
"""


def test_golf_is_printed_as_j48_prints_it_and_read_back() -> None:
    golf = load("golf")
    tree = c45(golf)
    assert j48_text(tree) == GOLF_J48
    assert read_j48(GOLF_J48, golf) == tree
    assert read_j48(GOLF_OUTPUT, golf) == tree


def test_a_tree_that_is_one_leaf() -> None:
    golf = load("golf")
    assert j48_text(Leaf("Play", ClassStats(("Play", "Don't Play"), (9, 5)))) == (
        ": Play (14.0/5.0)\n"
    )
    assert read_j48(": Play (14.0/5.0)\n", golf) == Leaf(
        "Play", ClassStats(("Play", "Don't Play"), (9, 5))
    )


def _stump(conditions: tuple[object, ...], counts: tuple[tuple[int, int], ...]) -> Split:
    classes = ("no", "yes")
    branches = [
        Branch(condition, Leaf(classes[c[1] > c[0]], ClassStats(classes, c)))  # type: ignore[arg-type]
        for condition, c in zip(conditions, counts, strict=True)
    ]
    total = tuple(map(sum, zip(*counts, strict=True)))
    return Split(tuple(branches), ClassStats(classes, total))


def test_binary_splits_print_as_j48_b_prints_them() -> None:
    """``In``/``NotIn`` of one value is ``a = v`` / ``a != v``, and the thresholds of such a tree
    are written as Java writes doubles."""
    data = Dataset.from_columns(
        {"a": ["u", "v", "w", "w"], "x": [1.0, 2.0, 3.0, 4.0], "y": ["no", "yes", "yes", "no"]},
        target="y",
        classes=("no", "yes"),
    )
    tree = _stump((In("a", {"u"}), NotIn("a", {"u"})), ((1, 0), (1, 2)))
    assert j48_text(tree) == "a = u: no (1.0)\na != u: yes (3.0/1.0)\n"
    assert read_j48(j48_text(tree), data) == tree
    numeric = _stump((AtMost("x", 2.0), Above("x", 2.0)), ((1, 1), (1, 1)))
    assert j48_text(numeric) == "x <= 2: no (2.0/1.0)\nx > 2: no (2.0/1.0)\n"
    assert j48_text(numeric, binary=True) == "x <= 2.0: no (2.0/1.0)\nx > 2.0: no (2.0/1.0)\n"
    assert read_j48(j48_text(numeric, binary=True), data) == numeric


def test_names_and_values_with_spaces_and_colons_are_found_by_the_data() -> None:
    """Weka prints names and values as they are, never quoted: the reader finds them by the
    dataset's own names, as Weka printed this tree (J48 -U -M 1 on this data)."""
    data = Dataset.from_columns(
        {
            "my attr": ["a b", "a b", "c: d", "c: d", "e", "e"],
            "x y": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            "cls x": ["yes no", "yes no", "no", "no", "no", "yes no"],
        },
        target="cls x",
    )
    text = """\
my attr = a b: yes no (2.0)
my attr = c: d: no (2.0)
my attr = e
|   x y <= 5: no (1.0)
|   x y > 5: yes no (1.0)
"""
    tree = read_j48(text, data)
    assert isinstance(tree, Split)
    assert [b.condition for b in tree.branches] == [
        Equals("my attr", v) for v in ("a b", "c: d", "e")
    ]
    assert j48_text(tree) == text


def test_a_printed_threshold_stands_for_the_training_value_that_prints_so() -> None:
    """J48 prints ``doubleToString(t, 6)``: 0.5610000001 prints as 0.561 and is read back as
    the training value, not as 0.561; a value present exactly (``-B``'s form) is taken as is."""
    data = Dataset.from_columns(
        {"x": [0.25, 0.5610000001, 0.9, 1.0], "y": ["a", "a", "b", "b"]}, target="y"
    )
    tree = read_j48("x <= 0.561: a (2.0)\nx > 0.561: b (2.0)\n", data)
    assert isinstance(tree, Split)
    assert tree.branches[0].condition == AtMost("x", 0.5610000001)
    assert j48_text(tree) == "x <= 0.561: a (2.0)\nx > 0.561: b (2.0)\n"
    assert j48_text(tree, binary=True) == "x <= 0.5610000001: a (2.0)\nx > 0.5610000001: b (2.0)\n"


def test_fractional_counts_of_missing_values_are_rounded_to_two_decimals() -> None:
    """The row whose value is missing goes 2/3 to u and 1/3 to v, as its known rows do."""
    data = Dataset.from_columns(
        {"a": ["u", "u", "v", None], "y": ["p", "q", "q", "p"]},
        target="y",
        classes=("p", "q"),
    )
    text = "a = u: p (2.67/1.0)\na = v: q (1.33/0.33)\n"
    tree = read_j48(text, data)
    assert [leaf.stats for leaf in leaves(tree)] == [
        ClassStats(("p", "q"), (Fraction(5, 3), 1)),
        ClassStats(("p", "q"), (Fraction(1, 3), 1)),
    ]
    assert j48_text(tree) == text


def test_a_chain_deeper_than_pythons_recursion_limit_is_printed_and_read_back() -> None:
    """1,500 splits ``x <= i`` one below the other (J48's text of it is 9 MB: its indentation
    grows with the depth)."""
    n = 1500
    data = alternating(n + 1)
    chain = restated(deep_chain(n), data)
    text = j48_text(chain)
    assert text.count("\n") == 2 * n
    assert read_j48(text, data) == chain


REGRESSION = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0, 5.0]}, target="y")


def test_a_leaf_keeps_j48s_class_where_the_classes_tie() -> None:
    """Weka calls class weights within 1e-6 a tie, as dtree does exact ones; a leaf J48 labels
    with the second of two tied classes keeps J48's label."""
    data = Dataset.from_columns(
        {"a": ["u", "u", "v"], "y": ["no", "yes", "yes"]}, target="y", classes=("no", "yes")
    )
    text = "a = u: yes (2.0/1.0)\na = v: yes (1.0)\n"
    tree = read_j48(text, data)
    assert [leaf.prediction for leaf in leaves(tree)] == ["yes", "yes"]
    assert j48_text(tree) == text


def test_what_has_no_j48_form_is_refused() -> None:
    tree = _stump((In("a", {"u", "v"}), NotIn("a", {"u", "v"})), ((1, 0), (0, 1)))
    with pytest.raises(DtreeError, match="on one value"):
        j48_text(tree)
    with pytest.raises(DtreeError, match="classification"):
        j48_text(cart(REGRESSION))


def test_a_numeric_target_is_refused_before_weka_runs() -> None:
    # Weka's own words were "C45PruneableClassifierTree: Cannot handle numeric class!"
    with pytest.raises(DtreeError, match="J48 grows classification trees") as raised:
        run_j48(REGRESSION)
    assert raised.value.column == REGRESSION.schema.target.name


@given(
    datasets(max_rows=24, max_numeric=3),
    st.booleans(),
)
def test_c45_trees_are_printed_and_read_back_unchanged(data: Dataset, pruned: bool) -> None:
    tree = c45(data)
    if pruned:
        tree = pessimistic(collapse(tree), data=data, z="normal")
    assert read_j48(j48_text(tree), data) == tree


@given(datasets(max_rows=24, max_numeric=3, missing=True, weighted=True))
def test_c45_trees_of_weighted_data_with_missing_values_are_read_back_unchanged(
    data: Dataset,
) -> None:
    tree = c45(data)
    assert read_j48(j48_text(tree), data) == tree


@given(datasets(max_rows=24, max_values=2, max_numeric=3, weighted=True))
def test_binary_trees_are_printed_as_j48_b_and_read_back_unchanged(data: Dataset) -> None:
    """CART's trees, where a nominal attribute has at most two values, split as J48 -B does
    (``a = v`` / ``a != v``); their midpoint thresholds are no training values, and read back
    as the numbers printed."""
    tree = cart(data)
    assert read_j48(j48_text(tree, binary=True), data) == tree


# -- bad input: one DtreeError naming the file and the line -----------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            GOLF_OUTPUT.split("Number of", maxsplit=1)[0], 14, "cut short", id="no-footer"
        ),
        pytest.param(GOLF_J48.rsplit("|", 2)[0], 5, "cut short", id="ends-at-a-split"),
        pytest.param(GOLF_J48.replace("windy", "gusty"), 3, "unknown attribute 'gusty'", id="attr"),
        pytest.param(GOLF_J48.replace("= true", "= maybe"), 4, "unknown value 'maybe'", id="value"),
        pytest.param(GOLF_J48.replace("Play (4.0)", "Golf (4.0)"), 1, "unknown class", id="class"),
        pytest.param(GOLF_J48.replace(" <= ", " < "), 6, "not a J48 test", id="syntax"),
        pytest.param(GOLF_J48.replace(" > 75", " <= 75"), 6, "numeric split", id="op"),
        pytest.param(GOLF_J48.replace("|   h", "|   |   h"), 6, "too deep", id="indent"),
        pytest.param(GOLF_J48.replace("|   w", "w"), 2, "no branches", id="no-branches"),
        pytest.param(
            GOLF_J48 + "|   |   windy = true: Play (1.0)",
            8,
            "below a leaf",
            id="under-a-leaf",
        ),
        pytest.param(GOLF_OUTPUT.replace("Leaves  : \t5", "Leaves  : \t6"), 15, "6 leaves", id="n"),
        pytest.param(GOLF_J48.replace("> 75", "> 80"), 6, "differ: ", id="thresholds"),
        pytest.param(GOLF_J48.replace("= false", "!= false"), 3, "binary split", id="binary"),
        pytest.param("", 1, "no tree", id="empty"),
    ],
)
def test_bad_j48_text_is_one_error_naming_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DtreeError, match=message) as raised:
        read_j48(text, load("golf"), file="golf.j48")
    assert str(raised.value).startswith(f"golf.j48:{line}: ")


# -- J48's claims that the data contradict: findings, not refusals ---------------------------------

MOVED = GOLF_J48.replace("<= 75", "<= 85").replace("> 75", "> 85")
"""Golf's J48 tree with humidity's threshold moved from 75 to 85, its counts as before."""


@pytest.mark.parametrize(
    ("text", "line", "what", "theirs", "ours"),
    [
        pytest.param(MOVED, 6, "J48's (N/E)", (2.0, 0.0), (3, 1), id="threshold"),
        pytest.param(
            GOLF_J48.replace("(3.0)\n|", "(2.0)\n|"),
            3,
            "J48's (N/E)",
            (2.0, 0.0),
            (3, 0),
            id="counts",
        ),
        pytest.param(
            GOLF_J48.replace("(2.0)\noutlook", "(2.0/1.0)\noutlook"),
            4,
            "J48's (N/E)",
            (2.0, 1.0),
            (2, 0),
            id="e",
        ),
        pytest.param(
            GOLF_J48.replace("Don't Play (3.0)", "Play (3.0/3.0)"),
            7,
            "J48's class",
            "Play",
            "Don't Play",
            id="label",
        ),
    ],
)
def test_a_claim_the_data_contradict_is_a_finding_at_its_line(
    text: str, line: int, what: str, theirs: object, ours: object
) -> None:
    reading = j48_reading(text, load("golf"), file="golf.j48")
    first = reading.findings[0]
    assert (first.node, first.what, first.theirs, first.ours) == (
        f"golf.j48:{line}",
        what,
        theirs,
        ours,
    )
    assert reading.tree.stats.weight == 14  # read, whatever it claims
    with pytest.raises(DtreeError, match=f"^golf\\.j48:{line}: {re.escape(what)} is "):
        read_j48(text, load("golf"), file="golf.j48")


def test_a_moved_threshold_is_read_and_both_leaves_below_it_are_found() -> None:
    reading = j48_reading(MOVED, load("golf"), file="golf.j48")
    assert [str(finding) for finding in reading.findings] == [
        "golf.j48:6: J48's (N/E) is (2.0, 0.0), the data give (3, 1)"
        " (at outlook = sunny / humidity <= 85)",
        "golf.j48:7: J48's (N/E) is (3.0, 0.0), the data give (2, 0)"
        " (at outlook = sunny / humidity > 85)",
    ]
    assert reading.tree.stats == ClassStats(("Play", "Don't Play"), (9, 5))


def test_a_leaf_predicts_j48s_class_though_the_data_say_otherwise() -> None:
    text = GOLF_J48.replace("Don't Play (3.0)", "Play (3.0/3.0)")
    reading = j48_reading(text, load("golf"))
    assert [finding.node for finding in reading.findings] == ["line 7"]
    assert [leaf.prediction for leaf in leaves(reading.tree)][-1] == "Play"
    assert j48_text(reading.tree) == GOLF_J48.replace("Don't Play (3.0)", "Play (3.0/3.0)")


def test_a_tree_of_other_data_does_not_fit() -> None:
    with pytest.raises(DtreeError, match=r"^golf\.j48:1: unknown attribute 'outlook'"):
        read_j48(GOLF_J48, load("xor"), file="golf.j48")
    with pytest.raises(DtreeError, match=r"^line 1: unknown attribute 'outlook'"):
        read_j48(GOLF_J48, load("xor"))
    with pytest.raises(DtreeError, match="numeric"):
        read_j48(GOLF_J48, REGRESSION)


# -- live: Weka's J48 on Weka's own example data ---------------------------------------

EXAMPLES = (
    "breast-cancer",
    "contact-lenses",
    "credit-g",
    "diabetes",
    "glass",
    "ionosphere",
    "iris",
    "iris.2D",
    "labor",
    "segment-challenge",
    "segment-test",
    "soybean",
    "supermarket",
    "unbalanced",
    "vote",
    "weather.nominal",
    "weather.numeric",
)
"""Every classification dataset of Weka's example folder."""

Run = tuple[str, tuple[str, ...]]

PLAIN_AND_UNPRUNED: tuple[tuple[str, ...], ...] = ((), ("-U",))

RUNS: list[Run] = [(name, options) for name in EXAMPLES for options in PLAIN_AND_UNPRUNED]
BINARY_RUNS: list[Run] = [
    (name, options) for name in EXAMPLES for options in (("-B",), ("-B", "-U"))
]
"""J48 ``-B`` (one nominal value against the rest), pruned and not, on every example."""
RUNS += BINARY_RUNS
LAPLACE: list[Run] = [(name, ("-A",)) for name in EXAMPLES]
"""J48 ``-A``: Laplace's smoothing of the probabilities it predicts, which leaves the tree."""
RUNS += LAPLACE
IDS = [f"{name}{''.join(options)}" for name, options in RUNS]


@pytest.fixture(scope="session")
def examples(weka_examples: Path) -> dict[str, Dataset]:
    return {name: dtree.read_arff(weka_examples / f"{name}.arff") for name in EXAMPLES}


@pytest.fixture(scope="session")
def j48_runs(weka_jar: Path, examples: dict[str, Dataset]) -> Iterator[dict[Run, Future[str]]]:
    """J48 on every example and option, a few at a time, each run once for the session."""
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
        futures = {run: pool.submit(run_j48, examples[run[0]], run[1]) for run in RUNS}
        yield futures
        for future in futures.values():
            future.cancel()
        concurrent.futures.wait(futures.values())


def test_a_failure_of_weka_is_one_error_with_its_message(weka_jar: Path) -> None:
    with pytest.raises(
        DtreeError, match="Weka's J48 failed: Weka exception: No value given for -Q"
    ):
        run_j48(load("golf"), ["-Q"])


def test_names_beyond_ascii_reach_weka_and_come_back_whatever_the_locale(
    weka_jar: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setenv("LANG", "C")
    data = Dataset.from_columns(
        {
            "größe": ["café", "café", "thé", "thé", "eau", "eau"],
            "x y": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            "klasse": ["ja", "ja", "nein", "nein", "ja", "nein"],
        },
        target="klasse",
    )
    text = run_j48(data, ["-M", "1"])
    assert text == (
        "größe = café: ja (2.0)\n"
        "größe = eau\n"
        "|   x y <= 5: ja (1.0)\n"
        "|   x y > 5: nein (1.0)\n"
        "größe = thé: nein (2.0)\n"
    )
    assert j48_text(read_j48(text, data)) == text


@pytest.mark.parametrize("run", RUNS, ids=IDS)
def test_j48s_tree_is_read_onto_its_data_and_printed_back_exactly(
    run: Run, examples: dict[str, Dataset], j48_runs: dict[Run, Future[str]]
) -> None:
    """No leaf's printed class or (N/E) is contradicted by the recount of the data; printing
    the tree read gives Weka's text back, character for character."""
    name, options = run
    text = j48_runs[run].result()
    reading = j48_reading(text, examples[name], file=f"J48{''.join(' ' + o for o in options)}")
    assert reading.findings == ()
    assert j48_text(reading.tree, binary="-B" in options) == text
    assert from_json(to_json(reading.tree)) == reading.tree  # its statistics add up


@pytest.fixture(scope="session")
def grown_as_j48(examples: dict[str, Dataset]) -> Callable[[str], Tree]:
    """dtree's J48 preset on an example, grown once for the session."""
    return functools.cache(lambda name: grow(J48, examples[name]))


@pytest.mark.parametrize("run", RUNS[: 2 * len(EXAMPLES)], ids=IDS[: 2 * len(EXAMPLES)])
def test_dtree_grows_and_prunes_every_example_as_j48_does(
    run: Run,
    examples: dict[str, Dataset],
    j48_runs: dict[Run, Future[str]],
    grown_as_j48: Callable[[str], Tree],
) -> None:
    """J48 is ``pessimistic(collapse(grow(J48, data)), data=data, z="normal")`` and ``J48 -U``
    is ``collapse(grow(J48, data))`` (``learner_for("j48")``, ``learner_for("j48", U=True)``):
    compared node by node, every node is the same split; the trees are equal, statistics
    and all; printed as J48 prints them, the same text to the character."""
    name, options = run
    data = examples[name]
    recipe = learner_for("j48", **({"U": True} if "-U" in options else {}))
    assert recipe.learner == J48
    assert recipe.pruning is not None
    ours = recipe.pruning(grown_as_j48(name), data)
    text = j48_runs[run].result()
    theirs = read_j48(text, data)
    comparison = compare(theirs, ours, data, recipe.learner)
    assert comparison.counts["same"] == size(theirs), comparison.text()
    assert theirs == ours
    assert j48_text(ours) == text


@pytest.mark.parametrize("run", BINARY_RUNS, ids=[f"{n}{''.join(o)}" for n, o in BINARY_RUNS])
def test_dtree_grows_and_prunes_every_example_as_j48_b_does(
    run: Run, examples: dict[str, Dataset], j48_runs: dict[Run, Future[str]]
) -> None:
    """``learner_for("j48", B=True)`` grows one nominal value against the rest
    (``nominal="one_vs_rest"``): node by node the same splits as J48 ``-B``, and the same
    text to the character, pruned and unpruned."""
    name, options = run
    data = examples[name]
    recipe = learner_for("j48", B=True, U="-U" in options)
    assert recipe.learner == evolve(J48, nominal="one_vs_rest")
    ours = recipe(data)
    text = j48_runs[run].result()
    comparison = compare(read_j48(text, data), ours, data, recipe.learner)
    assert comparison.counts["same"] == size(ours), comparison.text()
    assert j48_text(ours, binary=True) == text


WEIGHTED = ("credit-g", "diabetes", "glass", "labor", "vote")
"""Examples given instance weights (J48 reads ARFF's ``{w}``): whole and in halves and
quarters."""


@pytest.mark.parametrize("kind", ["integer", "float"])
@pytest.mark.parametrize("name", WEIGHTED)
def test_j48_on_weighted_rows_is_dtrees_tree(
    name: str, kind: str, examples: dict[str, Dataset], weka_jar: Path
) -> None:
    """Before it cuts a numeric attribute J48 asks for twice C4.5's least side in rows with
    a known value, counted (C4.5's program weighs them): the J48 preset counts them
    (``known_rows_cut``), and J48's text is dtree's, pruned, unpruned and with -B."""
    rng = random.Random(name)
    data = examples[name]
    choices: list[Weight] = [1, 2, 3] if kind == "integer" else [0.5, 0.75, 1.25, 1.5, 2.0]
    weighted = data.with_weights([rng.choice(choices) for _ in data.rows])
    for options, params in (((), {}), (("-U",), {"U": True}), (("-B",), {"B": True})):
        ours = learner_for("j48", **params)(weighted)
        assert j48_text(ours, binary="-B" in options) == run_j48(weighted, options), options


@pytest.mark.parametrize(
    ("params", "data"),
    [
        ({"B": True, "M": 1, "U": True}, {"max_values": 4, "max_numeric": 1, "missing": True}),
        ({"B": True, "M": 2}, {"max_values": 4, "max_numeric": 1, "missing": True}),
        ({"M": 2, "U": True}, {"min_numeric": 2, "max_numeric": 3, "weighted": True}),
    ],
    ids=["B-M1-U", "B-M2", "weighted"],
)
def test_a_search_finds_no_dataset_on_which_j48_and_dtree_part(
    params: dict[str, object], data: dict[str, object], weka_jar: Path
) -> None:
    """Small nominal data with missing values under -B, and weighted numeric data (positive
    weights: J48 counts rows of weight 0 where dtree drops them), against the live J48."""
    settings: dict[str, Any] = {"min_rows": 2, "max_rows": 25, "max_attributes": 3, **data}
    positive = datasets(min_classes=2, **settings).filter(lambda d: all(w > 0 for w in d.weights))
    peer = Peer("j48", tuple(params.items()))
    found = differential(peer, learner_for("j48", **params), data=positive, examples=40, seed=11)
    assert found is None, found.text()


@pytest.mark.parametrize("run", LAPLACE, ids=[f"{name}-A" for name, _ in LAPLACE])
def test_laplace_smoothing_leaves_j48s_tree_as_dtree_grows_it(
    run: Run,
    examples: dict[str, Dataset],
    j48_runs: dict[Run, Future[str]],
    grown_as_j48: Callable[[str], Tree],
) -> None:
    """``learner_for("j48", A=True)`` is J48's recipe unchanged, and J48 ``-A`` prints the
    tree dtree grows and prunes with it, to the character."""
    name, _ = run
    data = examples[name]
    recipe = learner_for("j48", A=True)
    assert (recipe.learner, recipe.pruning) == (J48, learner_for("j48").pruning)
    assert recipe.pruning is not None
    ours = recipe.pruning(grown_as_j48(name), data)
    assert j48_text(ours) == j48_runs[run].result()


def test_j48_raises_the_last_of_equally_heavy_branches(weka_jar: Path) -> None:
    """A dataset that differential testing found against the live J48: J48 weighs raising the
    last of two equally heavy branches (Weka's maxBag), C4.5 the first, and the two prune to
    different trees.  J48's recipe takes J48's rule."""
    path = Path(__file__).parent.parent / "fixtures" / "j48-raising-tie.csv"
    data = dtree.read_csv(path, target="aa")
    theirs = read_j48(run_j48(data), data)
    grown = collapse(grow(J48, data))
    first = pessimistic(grown, data=data, z="normal", largest="first")
    assert not compare(theirs, first, data, J48).agrees
    assert compare(theirs, learner_for("j48")(data), data, J48).agrees
