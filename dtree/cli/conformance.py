"""The conformance commands: ``check`` and ``fuzz`` (:mod:`dtree.conformance`).

``dtree check (FILE --target COL | --dataset NAME) --against PEER [--param NAME=VALUE ...]``
    Run the peer (``sklearn``, ``rpart`` or ``j48``) with its own settings,
    read its tree, grow dtree's with the same settings
    (:func:`dtree.conformance.learner_for`) and print the comparison
    (:func:`dtree.conformance.compare`; ``--json`` for JSON); settings with
    which the peer draws at random (scikit-learn's ``splitter=random``,
    ``max_features``) are checked for admissibility only, and the report
    says so (:func:`dtree.conformance.check.check_admissible`); ``--tree FILE``
    (J48's printed tree, rpart's frame with ``--splits FILE``, or with ``--format
    dtree`` any implementation's tree as a ``dtree-tree`` document,
    :func:`dtree.conformance.tree_reading`) compares a tree made elsewhere instead of
    running the peer.  The peer's own counts
    that the data contradict are findings, each naming the node and both
    numbers.
``dtree fuzz --against PEER [--param NAME=VALUE ...] [--examples N] [--seed S]``
    Search generated datasets for one on which the peer and dtree part
    (:func:`dtree.conformance.differential`; for an exact solver, its tree against
    dtree's optimum, :func:`dtree.conformance.fuzz.solver_counterexample`) and print the
    smallest found;
    ``--campaigns K`` splits the search into K seeded searches and
    ``--processes P`` runs them in P processes, with the serial result.

``dtree check (FILE --target COL | --dataset NAME) --against streed|dl85|gosdt [--param ...]``
    Run the exact solver on the data's tests (:func:`dtree.optimal.binarised`), read its
    tree, and compare its objective and its tree with dtree's optimum
    (:func:`dtree.conformance.solvers.check_solver`): another optimal tree is a tie, a
    worse one a real disagreement, and an objective the solver claims that the data
    contradict a finding.

``check`` and ``fuzz`` exit 0 when the trees agree and 1 when they part;
``check`` exits 1 too when the peer's tree has a finding.

Contents: :data:`CHECK`, :data:`FUZZ`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping

from dtree._optional import optional_module
from dtree.cli.common import (
    Command,
    add_data,
    checked_count,
    flag,
    placed,
    process_pool,
    progress_line,
    read_data,
)
from dtree.conformance import Reading, j48_reading, learner_for, rpart_reading, tree_reading
from dtree.conformance.check import Peer, check, check_admissible
from dtree.conformance.learners import SYSTEMS
from dtree.conformance.r_forests import R_FOREST_SETTINGS, check_r_forest
from dtree.conformance.rpart_fit import rpart_criterion, rpart_rows
from dtree.conformance.rpart_surrogates import SurrogateControl
from dtree.conformance.solvers import SOLVERS
from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.grower.learner import REGRESSION_CRITERIA
from dtree.load import csv_text
from dtree.reading import read_text

__all__ = ["CHECK", "FUZZ", "FUZZ_EXAMPLES"]


def _add_peer(command: argparse.ArgumentParser, peers: tuple[str, ...] = SYSTEMS) -> None:
    command.add_argument(
        "--against",
        required=True,
        choices=peers,
        help="the peer: scikit-learn, rpart or J48"
        + (", or an exact solver, STreeD, DL8.5 or GOSDT" if peers != SYSTEMS else "")
        + (", or R's forests, randomForest or ranger" if "ranger" in peers else ""),
    )
    command.add_argument(
        "--param",
        action="append",
        type=_setting,
        metavar="NAME=VALUE",
        help="a setting of the peer, in its own words (repeatable): max_depth=3 (sklearn),"
        " cp=0 (rpart), C=0.1 or U=true (j48); dtree grows its tree to match",
    )


def _setting(text: str) -> tuple[str, object]:
    """A peer's setting NAME=VALUE: VALUE an integer, a number, true, false, none, a JSON
    list or object (read as JSON, never evaluated), or text.

    >>> _setting("max_depth=3"), _setting("cp=0.01"), _setting("U=true")
    (('max_depth', 3), ('cp', 0.01), ('U', True))
    >>> _setting("criterion=entropy")
    ('criterion', 'entropy')
    >>> _setting("version=1.10")
    ('version', '1.10')
    >>> _setting("monotonic_cst=[1, 0, -1]"), _setting('class_weight={"yes": 2}')
    (('monotonic_cst', [1, 0, -1]), ('class_weight', {'yes': 2}))
    """
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {quote(text)}")
    words: Mapping[str, object] = {"true": True, "false": False, "none": None}
    value = value.strip()
    if name.strip() == "version":  # a release, such as 1.10: text, not a number
        return name.strip(), value
    if value[:1] in ("[", "{"):
        try:
            return name.strip(), json.loads(value)
        except json.JSONDecodeError as error:
            why = f"{name.strip()}'s value {quote(value)} is no JSON list or object ({error.msg})"
            raise argparse.ArgumentTypeError(why) from None
    if value.lower() in words:
        return name.strip(), words[value.lower()]
    for kind in (int, float):
        try:
            return name.strip(), kind(value)
        except ValueError:
            pass
    return name.strip(), value


def _settings(arguments: argparse.Namespace) -> dict[str, object]:
    settings: dict[str, object] = {}
    for name, value in arguments.param or ():
        if name in settings:
            raise DtreeError(f"--param {name} is given twice")
        settings[name] = value
    return settings


def _check_arguments(checking: argparse.ArgumentParser) -> None:
    add_data(checking)
    _add_peer(checking, (*SYSTEMS, *SOLVERS, *R_FOREST_SETTINGS))
    theirs = checking.add_argument_group("a tree the peer grew elsewhere (instead of running it)")
    theirs.add_argument(
        "--tree",
        metavar="FILE",
        help="J48's printed tree, rpart's frame as CSV (RPART_EXPORT), or any implementation's"
        " tree as a dtree-tree JSON document (--format dtree)",
    )
    theirs.add_argument(
        "--format",
        choices=["j48", "rpart", "dtree"],
        help="the format of --tree (default: --against's; dtree: a dtree-tree document, from"
        " any implementation that follows --against's conventions)",
    )
    theirs.add_argument("--splits", metavar="FILE", help="rpart's splits as CSV, with --tree")
    checking.add_argument("--json", action="store_true", help="print the comparison as JSON")


def _their_file(
    arguments: argparse.Namespace, data: Dataset, settings: Mapping[str, object]
) -> Reading:
    """The tree of --tree (and --splits), read onto the data, with its findings (rpart's with
    the surrogate settings among ``settings``, on the rows rpart keeps)."""
    form = arguments.format or arguments.against
    if form == "j48":
        if arguments.splits is not None:
            raise DtreeError("--splits goes with --format rpart")
        return j48_reading(read_text(arguments.tree), data, file=arguments.tree)
    if form == "rpart":
        if arguments.splits is None:
            raise DtreeError("--format rpart needs --splits FILE, rpart's splits as CSV")
        frame, splits = read_text(arguments.tree), read_text(arguments.splits)
        return rpart_reading(
            frame,
            splits,
            rpart_rows(data),
            file=arguments.tree,
            splits_file=arguments.splits,
            surrogates=SurrogateControl.of(settings),
            criterion=rpart_criterion(data, settings),
        )
    if form == "dtree":
        if arguments.splits is not None:
            raise DtreeError("--splits goes with --format rpart")
        return tree_reading(read_text(arguments.tree), data, file=arguments.tree)
    raise DtreeError(
        "--tree needs --format j48, rpart or dtree: a scikit-learn tree lives in Python"
        " (write it as a dtree-tree document and give --format dtree)"
    )


def _check(arguments: argparse.Namespace) -> tuple[str, int]:
    settings = _settings(arguments)
    if arguments.against in SOLVERS:
        return _check_solver(arguments, settings)
    if arguments.against in R_FOREST_SETTINGS:
        return _check_r_forest(arguments, settings)
    recipe = learner_for(arguments.against, **settings)  # refuse settings before any work
    if recipe.drawn:
        if arguments.tree is not None:
            raise DtreeError(
                f"settings drawn at random ({', '.join(recipe.drawn)}) are checked for"
                " admissibility on a tree the peer grows here: drop --tree"
            )
        data = read_data(arguments)
        found = placed(arguments, lambda: check_admissible(data, arguments.against, **settings))
        report = found.json() if arguments.json else found.text().rstrip("\n")
        return report, int(not found.agrees)
    if arguments.tree is None:
        for option in ("format", "splits"):
            if getattr(arguments, option) is not None:
                raise DtreeError(f"{flag(option)} goes with --tree FILE")
    # rpart (na.rpart) and J48 (deleteWithMissingClass) leave out a row whose target is
    # missing: so does the check, and a warning says which
    drops = arguments.against in ("rpart", "j48")
    data = read_data(arguments, missing_target="drop" if drops else "refuse")
    theirs = None if arguments.tree is None else _their_file(arguments, data, settings)
    result = placed(arguments, lambda: check(data, arguments.against, theirs=theirs, **settings))
    report = result.json() if arguments.json else result.text().rstrip("\n")
    return report, int(not result.agrees)


def _check_solver(arguments: argparse.Namespace, settings: dict[str, object]) -> tuple[str, int]:
    """An exact solver's tree against dtree's optimum (:func:`check_solver`)."""
    for option in ("tree", "format", "splits"):
        if getattr(arguments, option) is not None:
            raise DtreeError(f"{flag(option)} reads a greedy peer's tree; a solver is run here")
    data = read_data(arguments)
    try:
        solvers = optional_module("dtree.conformance.solvers")
        found = placed(arguments, lambda: solvers.check_solver(data, arguments.against, **settings))
    except ImportError as error:  # the solvers are an extra: say so in one line
        raise DtreeError(str(error)) from None
    report = found.json() if arguments.json else found.text().rstrip("\n")
    return report, int(not found.agrees)


def _check_r_forest(arguments: argparse.Namespace, settings: dict[str, object]) -> tuple[str, int]:
    """An R forest fit here, member by member (:func:`check_r_forest`)."""
    for option in ("tree", "format", "splits"):
        if getattr(arguments, option) is not None:
            raise DtreeError(f"{flag(option)} reads one tree; a forest is fit here")
    data = read_data(arguments)
    found = placed(arguments, lambda: check_r_forest(data, arguments.against, **settings))
    report = found.json() if arguments.json else found.text().rstrip("\n")
    return report, int(not found.agrees)


CHECK = Command(
    "check",
    "compare a peer's tree with dtree's, node by node (exit 1 if they part, or if"
    " the peer's counts contradict the data)",
    _check_arguments,
    _check,
)


FUZZ_EXAMPLES = 100_000
"""The most datasets ``dtree fuzz --examples`` tries in one run: each runs the peer once
(about 0.01 s for sklearn, 0.15 s for J48's Java and 1 s for R's rpart on the reference
machine), so the bound is about 20 minutes against sklearn and a day against rpart; a longer
search is several runs of other seeds."""


def _fuzz_arguments(fuzzing: argparse.ArgumentParser) -> None:
    _add_peer(fuzzing, (*SYSTEMS, *SOLVERS))
    fuzzing.add_argument(
        "--quiet", action="store_true", help="draw no progress line on standard error"
    )
    fuzzing.add_argument(
        "--examples",
        type=int,
        default=100,
        metavar="N",
        help=f"datasets to try, at most {FUZZ_EXAMPLES:,} (default: 100); each runs the peer"
        " once, about 0.01 s for sklearn, 0.15 s for j48 and 1 s for rpart",
    )
    fuzzing.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the campaign's seed (default: 0)"
    )
    fuzzing.add_argument(
        "--campaigns",
        type=int,
        metavar="K",
        help="split the examples into K searches of their own seed (default: --processes, or 1)",
    )
    fuzzing.add_argument(
        "--processes", type=int, metavar="P", help="run the searches in P processes"
    )
    fuzzing.add_argument(
        "--exact-ties",
        action="store_true",
        help="count a tie broken otherwise than dtree breaks it as a disagreement",
    )


def _fuzz_counts(arguments: argparse.Namespace) -> tuple[int, int]:
    """``--examples`` and ``--campaigns`` (by default the processes, or 1), each checked."""
    examples = checked_count("--examples", arguments.examples, FUZZ_EXAMPLES)
    campaigns = arguments.campaigns
    if campaigns is None:
        campaigns = min(arguments.processes or 1, examples)
    return examples, checked_count("--campaigns", campaigns, examples, " (--examples)")


def _fuzz(arguments: argparse.Namespace) -> tuple[str, int]:
    settings = _settings(arguments)
    if arguments.against in SOLVERS:
        return _fuzz_solver(arguments, settings)
    examples, campaigns = _fuzz_counts(arguments)
    recipe = learner_for(arguments.against, **settings)
    if recipe.learner.impurity in REGRESSION_CRITERIA:
        raise DtreeError(
            "dtree fuzz draws classification datasets; to fuzz regression trees, call"
            " differential(..., data=dtree.strategies.regression_datasets(...)) in Python"
        )
    try:
        fuzz = optional_module("dtree.conformance.fuzz")
    except ImportError as error:  # Hypothesis is an extra: say so in one line
        raise DtreeError(str(error)) from None
    data = fuzz.NUMERIC_DATA
    if arguments.against in ("j48", "rpart"):  # both fail on a class attribute of one value
        data = {**data, "min_classes": 2}
    if "monotonic_cst" in settings:  # scikit-learn constrains two classes only
        data = {**data, "max_classes": 2}
    fit = Peer(arguments.against, tuple(settings.items()))
    with progress_line(arguments) as progress, process_pool(arguments.processes, campaigns) as pool:
        found = fuzz.differential(
            fit,
            recipe,
            data=data,
            examples=examples,
            seed=arguments.seed,
            campaigns=campaigns,
            exact_ties=arguments.exact_ties,
            executor=pool,
            progress=progress,
        )
    if found is None:
        return f"no disagreement in {examples} datasets (seed {arguments.seed})", 0
    return found.text().rstrip("\n"), 1


def _fuzz_solver(arguments: argparse.Namespace, settings: dict[str, object]) -> tuple[str, int]:
    """A search for a dataset on which an exact solver and dtree's optimum part."""
    for option in ("campaigns", "processes"):
        if getattr(arguments, option) not in (None, 1):
            raise DtreeError(f"{flag(option)} splits a greedy peer's search; a solver's is one")
    if arguments.exact_ties:
        raise DtreeError("--exact-ties is a greedy peer's: any optimal tree is a solver's answer")
    examples = checked_count("--examples", arguments.examples, FUZZ_EXAMPLES)
    try:
        fuzz = optional_module("dtree.conformance.fuzz")
    except ImportError as error:  # Hypothesis is an extra: say so in one line
        raise DtreeError(str(error)) from None
    with progress_line(arguments) as progress:
        try:
            found = fuzz.solver_counterexample(
                arguments.against,
                examples=examples,
                seed=arguments.seed,
                progress=progress,
                **settings,
            )
        except ImportError as error:  # the solvers are an extra
            raise DtreeError(str(error)) from None
    if found is None:
        return f"no disagreement in {examples} datasets (seed {arguments.seed})", 0
    data, comparison = found
    n = len(data.rows)
    heading = f"a dataset of {n} {'row' if n == 1 else 'rows'} on which the trees part:"
    return "\n".join([heading, csv_text(data).rstrip("\n"), comparison.text().rstrip("\n")]), 1


FUZZ = Command(
    "fuzz",
    "search generated datasets for one on which a peer and dtree part, and shrink it",
    _fuzz_arguments,
    _fuzz,
)
