"""The ``dtree`` command line: :func:`main`, the parser built from the groups of commands.

``dtree --version``
    The version of dtree.

Each group of subcommands is a module, and each subcommand in it a
:class:`~dtree.cli.common.Command`: the function that adds its arguments beside the handler
that runs it.  Each module's docstring says what its commands do.

============================  ==============================================================
:mod:`dtree.cli.data`         ``datasets``, ``example``, ``discretize``
:mod:`dtree.cli.learning`     ``fit``, ``evaluate``, and the learning options
:mod:`dtree.cli.pruning`      ``prune``
:mod:`dtree.cli.ensembles`    ``forest``, ``boost``
:mod:`dtree.cli.models`       ``predict``, ``rules``, ``dnf``
:mod:`dtree.cli.conformance`  ``check``, ``fuzz``
:mod:`dtree.cli.common`       what they share: arguments, reading data, errors, warnings,
                              progress, processes
============================  ==============================================================

Bad input, a malformed model file among it, ends with exit status 2 and one message on
standard error naming the file where there is one, never a traceback; a message about an
argument of the library names the option that gave it (``--max-depth``, not ``max_depth``:
:data:`API_WORDS`). With ``--output`` nothing is written unless the command succeeds. While
they run, the learning commands (forest and boost among them) draw their progress
(:mod:`dtree.progress`), reading the file and then learning, as one line on standard error,
redrawn at least every second, only when it is a terminal and without ``--quiet``. A warning
(:class:`~dtree.errors.DtreeWarning`) is one line on standard error, ``dtree: warning: ...``,
in the options' words (``--numeric COL``).

Contents: :func:`main`, :data:`COMMANDS`, :data:`API_WORDS`, :data:`API_NAMES`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from dtree import optimal
from dtree._version import __version__
from dtree.cli.common import (
    PROGRAM,
    Command,
    flag,
    print_output,
    warnings_drawn,
    write_output,
)
from dtree.cli.conformance import CHECK, FUZZ
from dtree.cli.data import DATASETS, DISCRETIZE, EXAMPLE
from dtree.cli.ensembles import BOOST, ENSEMBLE_WORDS, FOREST
from dtree.cli.learning import EVALUATE, FIT, OPTIONS
from dtree.cli.models import DNF, PREDICT, RULES
from dtree.cli.pruning import PRUNE
from dtree.errors import DtreeError

__all__ = ["main"]


COMMANDS: tuple[Command, ...] = (
    DATASETS,
    EXAMPLE,
    FIT,
    EVALUATE,
    PRUNE,
    FOREST,
    BOOST,
    PREDICT,
    DISCRETIZE,
    RULES,
    DNF,
    CHECK,
    FUZZ,
)
"""The subcommands, in the order ``dtree --help`` lists them."""


def _parser() -> argparse.ArgumentParser:
    """The parser of ``dtree``: ``--version``, and each of :data:`COMMANDS` with its arguments."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Decision-tree learning, the reference implementation."
    )
    parser.add_argument("--version", action="version", version=f"{PROGRAM} {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.arguments(commands.add_parser(command.name, help=command.help))
    return parser


API_WORDS: Mapping[str, str] = {
    "max_features must be None, an integer >= 1, a share in (0, 1], 'sqrt' or 'log2',": (
        "--max-features must be sqrt, log2, all, a count >= 1 or a share in (0, 1],"
    ),
    # An option not given is simply absent: "None or" speaks of the library.
    **{f"{option} must be None or ": f"{flag(option)} must be " for option in OPTIONS},
    **{f"{option} must ": f"{flag(option)} must " for option in OPTIONS},
    "test_size=": "--holdout ",
    "max_leaves must ": "--max-leaf-nodes must ",
    "max_features=": "--max-features ",
    **{f"{name} must ": f"{flag} must " for name, flag in ENSEMBLE_WORDS.items()},
    "the confidence level CF ": "--confidence ",
    "bins must ": "--bins must ",
    optimal.OBJECTIVES: "--max-errors and --alpha are two objectives; give one",
    optimal.LEAVES_BOUND: "--max-leaf-nodes bounds the least-error tree of --max-depth only",
    optimal.NO_OBJECTIVE: "--algorithm optimal needs --max-depth, --max-errors or --alpha",
}
"""How an error of the library that opens by naming an argument names the option instead
(the first entry that opens the message applies)."""


API_NAMES: Mapping[str, str] = {"numeric=": "--numeric", "nominal=": "--nominal"}
"""The arguments of :func:`dtree.read_csv` that a message of it may name anywhere, and the
options that give them."""


def _worded(error: DtreeError) -> DtreeError:
    """The error in the command line's words: the option the user typed, not the argument
    of the library that it became (``max_depth must be None or ...`` is about --max-depth).

    >>> str(_worded(DtreeError("max_depth must be None or an integer >= 0, got -1")))
    '--max-depth must be an integer >= 0, got -1'
    >>> str(_worded(DtreeError("test_size=0.99 of 14 rows leaves the training set empty")))
    '--holdout 0.99 of 14 rows leaves the training set empty'
    >>> str(_worded(DtreeError("numeric= and nominal= both name this column", column="x")))
    "column 'x': --numeric and --nominal both name this column"
    """
    message = error.message
    for words, option in API_WORDS.items():
        if message.startswith(words):
            message = option + message.removeprefix(words)
            break
    for words, option in API_NAMES.items():
        message = message.replace(words, option)
    if message == error.message:
        return error
    return DtreeError(message, file=error.file, row=error.row, column=error.column)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    >>> main(["fit", "--dataset", "xor", "--max-depth", "0"])
    root [0: 2, 1: 2]: 0
    0
    >>> main(["fit", "--dataset", "golf", "--algorithm", "cart", "--max-depth", "1"])
    root [Play: 9, "Don't Play": 5]
    outlook in {overcast} [Play: 4, "Don't Play": 0]: Play
    outlook not in {overcast} [Play: 5, "Don't Play": 5]: Play
    0
    """
    arguments = _parser().parse_args(argv)
    run = {command.name: command.run for command in COMMANDS}[arguments.command]
    destination: str | None = getattr(arguments, "output", None)
    status = 0
    try:
        with warnings_drawn():
            output = run(arguments)
        if isinstance(output, tuple):
            output, status = output
        if destination is None:
            print_output(output)
        else:
            write_output(destination, output + "\n")
    except DtreeError as error:
        print(f"{PROGRAM}: error: {_worded(error)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``dtree ... | head``): stop quietly, as a Unix filter does,
        # and keep the interpreter from reporting the same broken pipe when it flushes.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status
