"""The exact solvers as peers: STreeD, DL8.5 and GOSDT run on a dataset, their trees read as
dtree trees, and checked against dtree's optimum.

Each solver takes a 0/1 matrix: the columns of :func:`dtree.optimal.binarised`, one per
test dtree's search considers, a row of integer weight w given w times.  Its tree is read
onto the binarised dataset (a test of column a is the split ``a in {0}`` / ``a not in
{0}``, as :mod:`dtree.optimal` writes its own), every node recounted from the data
(:func:`dtree.routing.restated`, each leaf keeping the class the solver gave it).  Then:

* the objective the solver minimises, recounted on its tree, against dtree's optimum for
  the same settings: the weighted training error at ``max_depth`` (STreeD, with at most
  ``max_num_nodes`` + 1 leaves; DL8.5), or cost complexity's errors / n + alpha x leaves
  (GOSDT, alpha its ``regularization``, exactly the float given, to ``depth_budget``
  levels), :func:`dtree.optimal.least_error` and :func:`dtree.optimal.penalized`;
* a worse objective is a real disagreement (the solver's tree is not optimal); an equal
  one is the same tree, or another optimal tree, a tie, with the first node where the two
  part named (GOSDT's objectives within :data:`GOSDT_TIE`, which its floats cannot tell
  apart, are equal);
* the objective the solver claims for its tree (DL8.5's ``error_``, GOSDT's
  ``model_loss``, STreeD's accuracy ``score``) beside the recount: a claim the data
  contradict is a :class:`~dtree.conformance.claims.Finding`.

A leaf's class is the label the solver's ``predict`` gives for it.  pydl8.5 0.1.8 numbers
its leaves by the classes present, 0 to k - 1, and its ``predict`` returns that number: where
the labels are not 0 to k - 1 (a class of the data absent, or a leaf of classes 1 and 2),
its predictions are other classes, and its ``error_`` is not theirs.  That is its defect as
its users meet it, and the check reports it so.

Settings are the solvers' own keywords, mapped or refused by name as
:func:`dtree.conformance.learner_for` maps the greedy peers': ``max_depth`` (STreeD's
default 3, DL8.5's 1), ``max_num_nodes``, ``regularization`` (GOSDT's default 0.05) and
``depth_budget``; the switches of a solver's search (its bounds, caches, orderings, DL8.5's
``depth_two_special_algo``) change how it searches, not what is optimal, and are passed on;
``time_limit`` too (a search cut short, or GOSDT's that did not converge, is refused, not
compared).  GOSDT raises a
``regularization`` below 1 / n to 1 / n unless ``allow_small_reg`` is true, and so does
the check.  A setting that changes
the objective (STreeD's ``min_leaf_node_size`` or another ``optimization_task``, DL8.5's
``min_sup`` or ``max_error``, GOSDT's ``balance``) is refused by name.

Contents: :data:`SOLVERS`, :data:`CLAIM_TOLERANCE`, :data:`GOSDT_TIE`, :class:`SolverFit`,
:class:`OptimalComparison`, :func:`run_solver`, :func:`check_solver`.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Literal, get_args

from attrs import frozen

from dtree import optimal
from dtree._optional import optional_module
from dtree.arithmetic import check_count, exact_text
from dtree.conditions import In, NotIn
from dtree.conformance.claims import Finding, path_to
from dtree.counts import ClassStats
from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.evaluate import error
from dtree.prune import cost_complexity
from dtree.routing import restated
from dtree.tree import Leaf, Sprout, Tree, n_leaves, preorder, unfold

__all__ = [
    "CLAIM_TOLERANCE",
    "GOSDT_TIE",
    "SOLVERS",
    "OptimalComparison",
    "Solver",
    "SolverFit",
    "check_solver",
    "run_solver",
]

Solver = Literal["streed", "dl85", "gosdt"]
SOLVERS: tuple[Solver, ...] = get_args(Solver)
"""The exact solvers ``dtree check --against`` runs."""

_PASSED = {
    "streed": (
        "time_limit", "feature_ordering", "use_branch_caching", "use_dataset_caching",
        "use_terminal_solver", "use_similarity_lower_bound", "use_upper_bound",
        "use_lower_bound", "use_task_lower_bound", "random_seed", "verbose",
    ),
    "dl85": (
        "time_limit", "depth_two_special_algo", "use_cache", "use_ub", "similar_lb",
        "dynamic_branch", "similar_for_branching", "desc", "asc", "repeat_sort", "quiet",
    ),
    "gosdt": (
        "time_limit", "allow_small_reg", "cancellation", "look_ahead", "similar_support",
        "worker_limit", "verbose",
    ),
}  # fmt: skip
"""The settings of each solver's search, passed on as given: they change how it searches,
not the tree's objective."""

_OBJECTIVE = {
    "streed": ("max_depth", "max_num_nodes"),
    "dl85": ("max_depth",),
    "gosdt": ("regularization", "depth_budget"),
}
"""The settings that name the objective, each mapped to dtree's search."""

_MODULES = {"streed": "pystreed", "dl85": "pydl85", "gosdt": "gosdt"}
_PACKAGES = {
    "streed": ("pystreed", "optimal"),
    "dl85": ("pydl8.5", "dl85"),
    "gosdt": ("gosdt", "optimal"),
}


@frozen
class SolverFit:
    """A solver's tree read onto the binarised data (``binary``), the objective it claims,
    and its name for it (``DL8.5's error_``)."""

    tree: Tree
    binary: Dataset
    claim: float
    claimed: str


def _settings(system: str, params: Mapping[str, object]) -> dict[str, object]:
    if system not in SOLVERS:
        raise DtreeError(f"unknown solver {quote(system)}; choose one of {list(SOLVERS)}")
    for name, value in params.items():
        if name not in _PASSED[system] + _OBJECTIVE[system]:
            why = "it changes the objective" if name in _REFUSED else "no such setting is mapped"
            raise DtreeError(f"{system} setting {name}={quote(value)} is refused: {why}")
    for name, low in (("max_depth", 0), ("max_num_nodes", 0), ("depth_budget", 1)):
        check_count(name, params.get(name), low, optional=True)
    given = params.get("regularization", 0.05)
    if not isinstance(given, int | float) or isinstance(given, bool) or not given >= 0:
        raise DtreeError(f"gosdt setting regularization={quote(given)} is refused: a number >= 0")
    return dict(params)


_REFUSED = (
    "optimization_task", "min_leaf_node_size", "accuracy_objective", "hyper_tune",
    "cost_complexity", "upper_bound", "min_sup", "max_error", "stop_after_better",
    "error_function", "fast_error_function", "balance", "rule_list", "non_binary",
    "uncertainty_tolerance", "upperbound_guess",
)  # fmt: skip


def _matrix(binary: Dataset) -> tuple[Any, Any]:
    """The 0/1 matrix and class indexes of the binarised data, a row of integer weight w
    given w times; other weights refused (a solver counts rows)."""
    np = optional_module("numpy")
    rows: list[int] = []
    for row in binary.rows:
        weight = binary.weights[row]
        if weight != int(weight):
            raise DtreeError(f"row {row + 1} weighs {quote(weight)}: a solver counts whole rows")
        rows += [row] * int(weight)
    if len(rows) < 2:
        raise DtreeError("a solver needs two rows or more")
    classes = binary.schema.classes
    x = [[int(column[row] == "1") for column in binary.columns] for row in rows]
    y = [classes.index(str(binary.target[row])) for row in rows]
    return np.array(x, dtype=np.int32).reshape(len(rows), len(binary.columns)), np.array(
        y, dtype=np.int32
    )


Native = Callable[[Any], tuple[int, Any, Any] | int]
"""How to read a solver's node: its (feature, subtree where 1, subtree where 0), or at a
leaf the index of its class."""


def _read(root: Any, native: Native, binary: Dataset) -> Tree:
    """A solver's tree on the binarised data, every node recounted, each leaf its class."""
    names, classes = binary.schema.names, binary.schema.classes
    empty = ClassStats(classes, (0,) * len(classes))

    def step(node: Any) -> Leaf | Sprout[Any]:
        read = native(node)
        if isinstance(read, int):
            if not 0 <= read < len(classes):
                raise DtreeError(f"the solver's leaf predicts label {read}, no class of the data")
            return Leaf(classes[read], empty)
        feature, one, zero = read
        name = names[feature]
        return Sprout((In(name, frozenset("0")), NotIn(name, frozenset("0"))), (zero, one), empty)

    return restated(unfold(root, step), binary, predictions="kept")


def _streed(module: Any, x: Any, y: Any, settings: dict[str, object], binary: Dataset) -> SolverFit:
    fitted = module.STreeDClassifier(**settings).fit(x, y)
    if not fitted.fit_result.is_optimal():
        raise DtreeError("STreeD ran out of time (time_limit): no proof of optimality")
    tree = _read(
        fitted.get_tree(),
        lambda node: (
            int(node.label)
            if node.is_leaf_node()
            else (int(node.feature), node.right_child, node.left_child)
        ),
        binary,
    )
    return SolverFit(tree, binary, float(fitted.fit_result.score()), "STreeD's accuracy score")


def _dl85(module: Any, x: Any, y: Any, settings: dict[str, object], binary: Dataset) -> SolverFit:
    fitted = module.DL85Classifier(**settings).fit(x, y)
    if fitted.timeout_:
        raise DtreeError("DL8.5 ran out of time (time_limit): no proof of optimality")
    tree = _read(
        fitted.tree_,
        lambda node: (
            int(node["value"])  # the label DL8.5's predict gives (see the module's notes)
            if "feat" not in node
            else (node["feat"], node["left"], node["right"])
        ),
        binary,
    )
    return SolverFit(tree, binary, float(fitted.error_), "DL8.5's error_")


def _gosdt(module: Any, x: Any, y: Any, settings: dict[str, object], binary: Dataset) -> SolverFit:
    fitted = module.GOSDTClassifier(**settings).fit(x, y)
    if fitted.result_.status != module.Status.CONVERGED:
        why = str(fitted.result_.status).rpartition(".")[2]
        raise DtreeError(f"GOSDT did not converge ({why}): no proof of optimality")
    (model,) = json.loads(fitted.result_.model)
    classes = [int(c) for c in fitted.classes_]
    tree = _read(
        model,
        lambda node: (
            classes[node["prediction"]]
            if "prediction" in node
            else (node["feature"], node["true"], node["false"])
        ),
        binary,
    )
    return SolverFit(tree, binary, float(fitted.result_.model_loss), "GOSDT's model_loss")


_RUNS = {"streed": _streed, "dl85": _dl85, "gosdt": _gosdt}


def run_solver(system: str, data: Dataset, **params: object) -> SolverFit:
    """Run the solver ``system`` on ``data`` (binarised) with its settings ``params``, and
    read its tree onto the binarised data (:func:`dtree.optimal.binarised`).

    XOR at depth 2: STreeD's tree is the four leaves, its accuracy score 1:

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> fit = run_solver("streed", load("xor"), max_depth=2)
    >>> n_leaves(fit.tree), fit.claim, fit.claimed
    (4, 1.0, "STreeD's accuracy score")
    """
    settings = _settings(system, params)
    binary = optimal.binarised(data)
    if not binary.schema.is_classification:
        raise DtreeError(f"{system} classifies: the data's target is numeric")
    if not binary.columns:
        raise DtreeError(f"the data give {system} no test: every attribute is constant")
    module = _solver_module(system)
    x, y = _matrix(binary)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # GOSDT's warnings, printed
            return _RUNS[system](module, x, y, settings, binary)
    except (ValueError, TypeError, RuntimeError) as failure:  # the solver's own refusal
        raise DtreeError(f"{system} failed: {str(failure)[:300]}") from None


def _solver_module(system: str) -> Any:
    """The solver's Python module; one line naming the extra that installs it if absent."""
    package, extra = _PACKAGES[system]
    try:
        return importlib.import_module(_MODULES[system])
    except ImportError:
        raise DtreeError(
            f"{system} needs the package {package}: install the {extra} extra"
            f" (pip install 'dtree[{extra}]')"
        ) from None


@frozen
class OptimalComparison:
    """A solver's tree against dtree's optimum: the objective of each, the verdict (``same``,
    ``tie``: another optimal tree; ``not optimal``: the solver's is worse; ``better``: the
    solver's is better than dtree's optimum, dtree's defect), the first node where the trees
    part, and the findings."""

    system: str
    objective: str
    theirs: Fraction
    ours: Fraction
    verdict: str
    parting: str | None
    findings: tuple[Finding, ...]
    their_tree: Tree
    our_tree: Tree

    @property
    def agrees(self) -> bool:
        """Whether the solver's tree is optimal (the same tree or a tie) and every objective
        it claims is the recount's."""
        return self.verdict in ("same", "tie") and not self.findings

    def text(self) -> str:
        """The comparison for a reader: both objectives, the verdict, where the trees part,
        and the findings."""
        lines = [
            f"{self.system}'s tree against dtree's optimum ({self.objective})",
            f"theirs: {_written(self.theirs)}, {n_leaves(self.their_tree)} leaves",
            f"ours:   {_written(self.ours)}, {n_leaves(self.our_tree)} leaves",
            f"verdict: {_VERDICTS[self.verdict]}",
        ]
        if self.parting is not None:
            lines.append(f"first node where they part: {self.parting}")
        lines += [f"finding: {finding}" for finding in self.findings]
        return "\n".join(lines) + "\n"

    def json(self) -> str:
        """The comparison as JSON, the objectives exact (p/q)."""
        return json.dumps(
            {
                "system": self.system,
                "objective": self.objective,
                "theirs": str(self.theirs),  # exact: p/q
                "ours": str(self.ours),
                "verdict": self.verdict,
                "parting": self.parting,
                "agrees": self.agrees,
                "findings": [finding.json() for finding in self.findings],
            }
        )


_VERDICTS = {
    "same": "the same tree",
    "tie": "another tree of the same objective: both optimal",
    "not optimal": "real disagreement: the solver's tree is not optimal",
    "better": "real disagreement: the solver's tree beats dtree's optimum",
}


def _written(value: Fraction) -> str:
    """An objective exactly, and as a decimal where it is no whole number."""
    if value.denominator == 1:
        return exact_text(value.numerator)
    return f"{exact_text(value)} ({float(value):.6g})"


def check_solver(data: Dataset, system: str, **params: object) -> OptimalComparison:
    """Run ``system`` (``"streed"``, ``"dl85"`` or ``"gosdt"``) on ``data`` with its
    settings ``params`` and compare its tree with dtree's optimum for the same objective.

    PlayTennis at depth 2: STreeD's tree errs on 2 days, as dtree's optimum does, with
    another root test, a tie:

    >>> from dtree.datasets import load
    >>> found = check_solver(load("play-tennis"), "streed", max_depth=2)
    >>> found.verdict, found.theirs, found.ours, found.agrees
    ('tie', Fraction(2, 1), Fraction(2, 1), True)
    """
    fit = run_solver(system, data, **params)
    binary, tree = fit.binary, fit.tree
    n = sum(int(binary.weights[row]) for row in binary.rows)
    errors = Fraction(error(tree, binary)) * n
    recounted = {"streed": 1 - errors / n, "dl85": errors, "gosdt": errors / n}[system]
    findings: tuple[Finding, ...] = ()
    if abs(fit.claim - float(recounted)) > CLAIM_TOLERANCE:
        findings = (Finding(f"{system}'s tree", (), fit.claimed, fit.claim, recounted),)
    value: Callable[[Tree], Fraction]
    if system == "gosdt":
        given = float(params.get("regularization", 0.05))  # type: ignore[arg-type]  # checked
        raised = given < 1.0 / n and params.get("allow_small_reg") is not True
        alpha = Fraction(1.0 / n if raised else float(given))  # GOSDT raises it to 1 / n
        depth = check_count("depth_budget", params.get("depth_budget"), 1, optional=True)
        ours = optimal.penalized(binary, alpha, max_depth=depth)
        objective = f"errors / n + {float(alpha):g} x leaves"
        if raised:
            objective += f" (GOSDT raises a regularization below 1 / n to 1 / {n})"
        value = lambda found: Fraction(cost_complexity(found, alpha))  # noqa: E731
    else:
        depth = check_count("max_depth", params.get("max_depth", _DEPTHS[system]), 0)
        nodes = check_count("max_num_nodes", params.get("max_num_nodes"), 0, optional=True)
        ours = optimal.least_error(binary, depth, max_leaves=None if nodes is None else nodes + 1)
        objective = f"training errors at depth {depth}"
        value = lambda found: Fraction(error(found, binary)) * n  # noqa: E731
    theirs_value, ours_value = value(tree), value(ours)
    verdict = "same" if tree == ours else "tie"
    floats = system == "gosdt" and abs(theirs_value - ours_value) <= GOSDT_TIE
    if theirs_value != ours_value and not floats:
        verdict = "not optimal" if theirs_value > ours_value else "better"
    parting = None if verdict == "same" else _first_parting(tree, ours)
    return OptimalComparison(
        system, objective, theirs_value, ours_value, verdict, parting, findings, tree, ours
    )


CLAIM_TOLERANCE = 1e-6
"""How far a solver's claimed objective may lie from the recount: GOSDT reports its loss
in single precision."""

GOSDT_TIE = Fraction(1, 10**7)
"""Objectives nearer than this are one to GOSDT, which adds them in floats: a tie.  Two
trees' objectives differ by errors / n and multiples of alpha, so only the rounding of
alpha and its sums comes this near (GOSDT at alpha = float(1/3) on three rows: a leaf of
one error and a split of none, 2/3 and 2 float(1/3))."""

_DEPTHS = {"streed": 3, "dl85": 1}
"""Each solver's default ``max_depth``."""


def _first_parting(theirs: Tree, ours: Tree) -> str | None:
    """The first node, in preorder, where the two trees differ: its path and both nodes."""
    mine, yours = tuple(preorder(theirs)), tuple(preorder(ours))
    for k, (a, b) in enumerate(zip(mine, yours, strict=False)):
        if _test(a.node) != _test(b.node) or a.edge != b.edge:
            path = " / ".join(path_to(mine, k)) or "the root"
            return f"at {path}: theirs {_test(a.node)}, ours {_test(b.node)}"
    return None


def _test(node: Tree) -> str:
    if isinstance(node, Leaf):
        return f"a leaf predicting {quote(node.prediction)}"
    return f"a test of {quote(node.attribute)}"
