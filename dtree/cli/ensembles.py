"""The ensemble commands: ``forest`` and ``boost``.

``dtree forest (FILE.csv --target COL | --dataset NAME) [--trees N] [--max-features K]``
    Grow a random forest (:func:`dtree.ensemble.bagging.bag` of CART trees, K
    attributes drawn at each node: ``sqrt`` by default, ``all`` for plain
    bagging; ``--seed S`` names the samples and draws, ``--vote`` combines
    by votes, ``--processes P`` grows the trees in P processes, the same
    forest) and print its out-of-bag error, its training error and the
    attributes' impurity importances; ``--model FILE`` writes its model
    file (``dtree-ensemble``), ``--members`` prints its trees.  Each tree
    takes CART's options (``--max-depth``, ``--min-samples-leaf``, ...).
``dtree boost (FILE.csv --target COL | --dataset NAME) [--method METHOD] [--model FILE]``
    Boost trees: AdaBoost (SAMME, ``--rounds``, stumps unless
    ``--max-depth``; the default for classes) or gradient boosting
    (``--stages``, ``--subsample``, ``--seed``; the default for a numeric
    target, log-loss for two classes), each with ``--learning-rate``, and
    print the training error, with ``--holdout SHARE`` the error on rows
    held out, and the importances.

Contents: :data:`FOREST`, :data:`BOOST`, :data:`ENSEMBLE_WORDS`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import get_args

from attrs import evolve

from dtree.cli.common import (
    Command,
    add_data,
    add_output,
    aligned,
    checked_count,
    given,
    held_out,
    placed,
    plural,
    process_pool,
    progress_line,
    read_data,
    weight,
    write_output,
)
from dtree.conditions import format_value
from dtree.dataset import Dataset
from dtree.ensemble import Ensemble
from dtree.ensemble.bagging import DEFAULT_TREES, BaggingCombination, bag, oob_error
from dtree.ensemble.boosting import STUMP, adaboost, gradient_boost
from dtree.errors import DtreeError, quote
from dtree.evaluate import (
    error,
)
from dtree.grower.learner import CART, Criterion, Learner, MaxFeatures, Missing, features_per_node
from dtree.importance import impurity_importance
from dtree.impurity import IMPURITIES, gini
from dtree.render import format_weight, text
from dtree.serialize import ensemble_to_json

__all__ = ["BOOST", "BOOSTERS", "ENSEMBLE_WORDS", "FOREST", "MEMBERS"]


MEMBERS = 10_000
"""The most trees ``forest --trees``, ``boost --rounds`` and ``boost --stages`` grow: every
tree is kept, so a billion of them would fill the memory (a hundred is the usual forest)."""


ENSEMBLE_WORDS: Mapping[str, str] = {
    "n_trees": "--trees",
    "n_rounds": "--rounds",
    "n_stages": "--stages",
    "max_features": "--max-features",
    "learning_rate": "--learning-rate",
    "subsample": "--subsample",
}
"""The ensemble learners' arguments and the options that give them."""


def _max_features(text: str) -> MaxFeatures:
    """``--max-features``: sqrt, log2, all (every attribute: plain bagging), a count or a share.

    >>> _max_features("sqrt"), _max_features("all"), _max_features("3"), _max_features("0.5")
    ('sqrt', None, 3, 0.5)
    """
    if text in ("sqrt", "log2"):
        return text  # type: ignore[return-value]
    if text == "all":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected sqrt, log2, all, a count or a share, got {quote(text)}"
        ) from None


def _add_ensemble_data(command: argparse.ArgumentParser) -> None:
    """The arguments every ensemble command takes: the data, --quiet, the model file."""
    command.add_argument(
        "--quiet", action="store_true", help="draw no progress line on standard error"
    )
    add_data(command)
    writing = command.add_argument_group("writing")
    writing.add_argument(
        "--model",
        metavar="FILE",
        help="write the ensemble's model file (dtree-ensemble JSON, for dtree predict) to FILE",
    )
    writing.add_argument(
        "--members", action="store_true", help="print the members' trees after the report"
    )
    add_output(writing)


def _tree_learner(arguments: argparse.Namespace, data: Dataset) -> Learner:
    """The CART learner of a forest's members, with the options given (squared error
    for a numeric target unless --criterion says otherwise)."""
    default: Criterion = "gini" if data.schema.is_classification else "squared_error"
    options = {
        name: getattr(arguments, name)
        for name in ("max_depth", "min_samples_split", "min_samples_leaf", "missing")
        if getattr(arguments, name) is not None
    }
    return evolve(CART, impurity=arguments.criterion or default, **options)


def _importances(model: Ensemble, data: Dataset, criterion: str | None) -> list[str]:
    """The table of the attributes' impurity importances, largest first (ties in schema
    order), measured by the impurity the trees were grown with (Gini unless ``criterion``
    names another)."""
    impurity = IMPURITIES.get(criterion or "gini", gini)
    found = impurity_importance(model, impurity=impurity, attributes=data.schema.names)
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return aligned(
        [["attribute", "impurity importance"]]
        + [[format_value(name), format_weight(value)] for name, value in ranked]
    )


def _ensemble_report(
    arguments: argparse.Namespace, model: Ensemble, heading: str, scores: list[str], data: Dataset
) -> str:
    """The report of an ensemble command: the heading, the scores, the importances and,
    with --members, the ensemble's text; the model file written if --model asks."""
    if arguments.model is not None:
        write_output(arguments.model, ensemble_to_json(model) + "\n")
    lines = [
        heading,
        "",
        *scores,
        "",
        *_importances(model, data, getattr(arguments, "criterion", None)),
    ]
    if arguments.members:
        lines += ["", text(model)]
    return "\n".join(lines)


def _error_line(name: str, model: Ensemble, data: Dataset, where: str) -> str:
    """``name error E`` (and the accuracy) of the model on the data, or its mean squared error."""
    measured = error(model, data)
    if data.schema.is_classification:
        accuracy = format_weight(1 - measured)
        return f"{name} error {format_weight(measured)} (accuracy {accuracy}){where}"
    return f"{name} mean squared error {format_weight(measured)}{where}"


def _forest_arguments(forest: argparse.ArgumentParser) -> None:
    _add_ensemble_data(forest)
    growing = forest.add_argument_group("the forest")
    growing.add_argument(
        "--trees", type=int, default=DEFAULT_TREES, metavar="N", help="grow N trees (100)"
    )
    growing.add_argument(
        "--max-features",
        type=_max_features,
        default="sqrt",
        metavar="K",
        help="the attributes each node draws: sqrt (the default), log2, all (bagging), a"
        " count or a share of them",
    )
    growing.add_argument(
        "--vote",
        action="store_true",
        help="combine by the members' votes (default: average their class probabilities)",
    )
    growing.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the samples and draws (0)"
    )
    growing.add_argument(
        "--processes", type=int, metavar="P", help="grow the trees in P processes (the same forest)"
    )
    each = forest.add_argument_group("each tree (CART, grown until pure by default)")
    each.add_argument(
        "--criterion",
        choices=get_args(Criterion),
        help="the impurity (default: gini, squared_error for a numeric target)",
    )
    each.add_argument("--max-depth", type=int, metavar="N", help="grow at most N splits deep")
    each.add_argument(
        "--min-samples-split", type=weight, metavar="W", help="split nodes of weight >= W"
    )
    each.add_argument(
        "--min-samples-leaf", type=weight, metavar="W", help="every branch weighs >= W"
    )
    each.add_argument(
        "--missing",
        choices=get_args(Missing),
        help="missing values (default: refuse)",
    )


def _forest(arguments: argparse.Namespace) -> str:
    data = read_data(arguments)
    learner = evolve(_tree_learner(arguments, data), max_features=arguments.max_features)
    combination: BaggingCombination = "vote" if arguments.vote else "average"
    trees = checked_count("--trees", arguments.trees, MEMBERS)
    with progress_line(arguments) as progress, process_pool(arguments.processes, trees) as executor:
        bagged = placed(
            arguments,
            lambda: bag(
                data,
                learner,
                n_trees=trees,
                seed=arguments.seed,
                combination=combination,
                executor=executor,
                progress=progress,
            ),
        )
    model = bagged.ensemble
    p = len(data.schema.names)
    k = features_per_node(arguments.max_features, p)
    kind = "bagged trees" if k == p else "random forest"
    drawn = "every attribute" if k == p else f"{k} of {p} attributes"
    heading = (
        f"{kind}: {plural(len(model), 'CART tree', 'CART trees')} ({drawn} at a node),"
        f" {'voting' if arguments.vote else 'averaged'}, seed {arguments.seed},"
        f" {plural(len(data), 'row', 'rows')}"
    )
    out = sum(any(c[i] == 0 for c in bagged.counts) for i in range(len(data)))
    scores = [_error_line("training", model, data, "")]
    if out:
        oob = oob_error(bagged, data)
        measure = "error" if data.schema.is_classification else "mean squared error"
        scores.insert(
            0,
            f"out-of-bag {measure} {format_weight(oob)} over the {out} of {len(data)} rows out"
            " of some tree's sample"
            + ("" if set(data.row_weights) <= {1} else ", each counted once whatever its weight"),
        )
    else:
        scores.insert(0, "no row is out of any tree's sample: no out-of-bag error")
    return _ensemble_report(arguments, model, heading, scores, data)


FOREST = Command(
    "forest",
    "grow a random forest (or bagged trees), print its out-of-bag error and write its model file",
    _forest_arguments,
    _forest,
)


BOOSTERS = ("adaboost", "gradient")
"""The methods of ``dtree boost --method``."""


BOOST_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "rounds": ("adaboost",),
    "stages": ("gradient",),
    "subsample": ("gradient",),
}
"""Each boosting option that belongs to one method, and that method."""


def _boost_arguments(boost: argparse.ArgumentParser) -> None:
    _add_ensemble_data(boost)
    boosting = boost.add_argument_group(
        "boosting", "An option marked with a method belongs to it only."
    )
    boosting.add_argument(
        "--method",
        choices=BOOSTERS,
        help="adaboost (SAMME; the default for classes) or gradient (the default for a"
        " numeric target; log-loss for two classes)",
    )
    boosting.add_argument("--rounds", type=int, metavar="N", help="adaboost: at most N rounds (50)")
    boosting.add_argument("--stages", type=int, metavar="N", help="gradient: N stages (100)")
    boosting.add_argument(
        "--learning-rate",
        type=weight,
        metavar="R",
        help="shrink each member's say (adaboost: 1) or step (gradient: 0.1) by R",
    )
    boosting.add_argument(
        "--max-depth",
        type=int,
        metavar="N",
        help="each tree's depth (adaboost: 1, stumps; gradient: 3)",
    )
    boosting.add_argument(
        "--subsample",
        type=float,
        metavar="SHARE",
        help="gradient: grow each stage on this share of the rows (1)",
    )
    boosting.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="the seed of gradient's subsamples and of --holdout's split (0)",
    )
    boosting.add_argument(
        "--holdout",
        type=float,
        metavar="SHARE",
        help="boost on the rest and report the error on this share of the rows, held out",
    )
    boosting.add_argument(
        "--missing",
        choices=get_args(Missing),
        help="each tree's policy for missing values (default: refuse)",
    )


def _boost(arguments: argparse.Namespace) -> str:
    data = read_data(arguments)
    default = "adaboost" if data.schema.is_classification else "gradient"
    method = arguments.method or default
    given(arguments, BOOST_OPTIONS, method, "--method ")
    target = quote(data.schema.target.name)
    if method == "adaboost" and not data.schema.is_classification:
        raise DtreeError(
            f"--method adaboost classifies, and the target {target} is numeric:"
            " use --method gradient"
        )
    if method == "gradient" and data.schema.is_classification and len(data.schema.classes) > 2:
        raise DtreeError(
            "--method gradient boosts a numeric target or two classes, and the target"
            f" {target} has {len(data.schema.classes)}: use --method adaboost"
        )
    train, test = data, None
    if arguments.holdout is not None:
        train, test = held_out(data, arguments.holdout, arguments.seed)
    rate = arguments.learning_rate
    missing: Missing = arguments.missing or "refuse"
    with progress_line(arguments) as progress:
        if method == "adaboost":
            depth = 1 if arguments.max_depth is None else arguments.max_depth
            rounds = checked_count(
                "--rounds", 50 if arguments.rounds is None else arguments.rounds, MEMBERS
            )
            model = placed(
                arguments,
                lambda: adaboost(
                    train,
                    n_rounds=rounds,
                    learner=evolve(STUMP, max_depth=depth, missing=missing),
                    learning_rate=1 if rate is None else rate,
                    progress=progress,
                ),
            )
            heading = (
                f"AdaBoost (SAMME): {plural(len(model), 'tree', 'trees')} of depth at most"
                f" {depth} ({rounds} rounds at most), learning rate"
                f" {format_weight(model.learning_rate)}"
            )
        else:
            depth = 3 if arguments.max_depth is None else arguments.max_depth
            stages = checked_count(
                "--stages", 100 if arguments.stages is None else arguments.stages, MEMBERS
            )
            subsample = 1.0 if arguments.subsample is None else arguments.subsample
            model = placed(
                arguments,
                lambda: gradient_boost(
                    train,
                    n_stages=stages,
                    learning_rate=0.1 if rate is None else rate,
                    max_depth=depth,
                    subsample=subsample,
                    seed=arguments.seed,
                    missing=missing,
                    progress=progress,
                ),
            )
            loss = "log-loss" if model.classes else "squared error"
            heading = (
                f"gradient boosting ({loss}): {plural(len(model), 'tree', 'trees')} of depth"
                f" at most {depth}, learning rate {format_weight(model.learning_rate)},"
                f" subsample {format_weight(subsample)}, seed {arguments.seed}"
            )
    heading += f", {plural(len(train), 'row', 'rows')}"
    scores = [_error_line("training", model, train, "")]
    if test is not None:
        where = f" on the {len(test)} rows held out (seed {arguments.seed})"
        scores.append(_error_line("held-out", model, test, where))
    return _ensemble_report(arguments, model, heading, scores, data)


BOOST = Command(
    "boost",
    "boost trees (AdaBoost or gradient boosting), print their error and write the model file",
    _boost_arguments,
    _boost,
)
