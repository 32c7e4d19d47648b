"""rpart's trees as dtree trees: the reader of a fit written as CSV, and rpart's ``cp``.

rpart (Therneau and Atkinson's R package) keeps a fitted tree in two tables:
``fit$frame``, a row per node, and ``fit$splits``, a row per candidate split,
with ``fit$csplit`` for the subsets of categorical splits.
:data:`~dtree.conformance.rpart_fit.RPART_SCRIPT` (which
:func:`~dtree.conformance.rpart_fit.run_rpart` runs, in
:mod:`dtree.conformance.rpart_fit`) writes them (and ``fit$cptable``) as CSV;
:func:`read_rpart` turns the frame
and the splits into a :class:`dtree.tree.Tree` with the statistics of the
training data on every node, so that every dtree function applies to it.

Vocabulary
----------
Node numbers
    rpart numbers the root 1 and the children of node k 2k (left) and
    2k + 1 (right); the frame lists the nodes in preorder, its row names
    are their numbers.
The primary split of a node
    A split node's rows in ``fit$splits`` are its primary split, then
    ``ncompete`` competitors and ``nsurrogate`` surrogates (the frame's
    columns of those names); the reader takes the primary and skips the rest.
``ncat``
    ``-1``: ``x < t`` goes left; ``+1``: ``x >= t`` goes left, where t is
    the row's ``index``.  ``ncat = m >= 2``: a factor of m levels, split by
    row ``index`` of ``fit$csplit``: 1 sends a level left, 3 right, and 2
    marks a level that no training row at the node has.

How an rpart split becomes a dtree split
----------------------------------------
dtree tests ``x <= t`` (:class:`~dtree.conditions.AtMost`) and ``x > t``
(:class:`~dtree.conditions.Above`).  rpart's t is the midpoint (a + b) / 2
of two adjacent values of the node's rows and its test ``x < t``, which is
``x <= t'`` for t' the float just below t, on every number: the split is read
as ``AtMost(x, t')`` / ``Above(x, t')``, as dtree's CART writes its own with
rpart's threshold rule (``threshold="rpart"``,
:func:`dtree.grower.midpoints.rpart_threshold`), so that a new value equal to
t goes where rpart sends it.  A categorical split is ``In(x, S)`` /
``In(x, T)``, S the levels at the node on the side of its first level (in
the factor's order) and T those on the other, as dtree's CART writes its own
subset splits under ``missing="surrogate"``; a level that no training row at
the node has (csplit 2) is in neither, and goes down the surrogates, then the
majority's side, as rpart sends it.  The branches are
in dtree's order (``AtMost`` before ``Above``, S's before T's),
whichever of them rpart sends left, so that dtree's and rpart's trees print
alike; a branch's condition, not its place, says which rows take it.

The statistics are recounted on the data by :func:`dtree.routing.restated`,
and the frame's are set beside them: every node's ``n`` (its rows of
positive weight), ``wt``, class counts (``yval2``), ``dev`` (its risk) and
``yval`` (its class, or its mean).  Each that the data contradict is a
:class:`~dtree.conformance.claims.Finding` naming the file, row and node
(:func:`rpart_reading`); a leaf predicts rpart's ``yval`` whatever the data
say.  :func:`read_rpart` is the tree alone, refused at the first finding.

rpart's ``cp``
--------------
rpart grows with ``alpha = cp * R(root)`` (R the misclassified weight or,
in regression, the residual sum of squares) and prunes as it grows
(``partition.c``): a node is not split when its risk is at most alpha
(Breiman's pruning would remove any split below it: g(t) <= R(t)), nor when
a bound on its complexity handed down from its parent is; once a node's
branches are grown it gets a complexity, and is collapsed to a leaf when
that is at most alpha.  The complexity is Breiman's weakest-link value g(t) = (R(t) -
R(T_t)) / (|T_t| - 1), with one shortcut: each branch of the node enters it
with the risk and number of splits its own computation returned, in which
any split below that was weaker than the branch's root is already cut, even
when that split is stronger than t itself; the complexity can then come out
below g(t).  On kyphosis, iris and car.test.frame with rpart's defaults the
shortcut changes nothing, and rpart's tree is dtree's tree grown with the
same ``minsplit`` (``min_samples_split``), ``minbucket``
(``min_samples_leaf``) and ``maxdepth`` (``max_depth``), then pruned at
alpha: :func:`prune_at_cp`; rpart's complexity parameter of a subtree is
dtree's alpha over R(root), so ``fit$cptable`` is :func:`cp_table` of
dtree's :func:`~dtree.prune.cost_complexity_path`.  Where the shortcut does
change a complexity, rpart's is the smaller.  With ``Type ~ .`` on
car.test.frame (without Reliability) and ``minsplit = 5``, node 4 (9 errors
as a leaf) has a branch of 5 splits and 1 error: g = 8/5 errors a split, a
CP of 8/225.  Its right branch, node 9, returned 1 split and 6 errors,
having cut node 18 (g = 5/3) as weaker than itself (g = 2); so rpart gives
node 4 (9 - 6) / 2 = 3/2, a CP of 1/30, although node 18 outlasts node 4.
For a cp between the two values rpart returns the smaller tree, whose
R(T) + alpha |T| is not the least: Breiman's T(alpha), :func:`prune_at_cp`'s,
keeps the branch; :func:`dtree.conformance.rpart_cp.rpart_pruned` replays
rpart's rule and returns rpart's tree.

Contents: :func:`rpart_reading` (the tree and the findings),
:func:`read_rpart`, :class:`CpRow`, :func:`read_cptable`,
:func:`cp_table`, :func:`prune_at_cp`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import partial

from attrs import frozen

from dtree.arithmetic import Real
from dtree.conformance.claims import Claim, Finding, Reading, path_to, predicting
from dtree.conformance.rpart_competitors import Criterion, ListedSplit, split_claims
from dtree.conformance.rpart_cp import decimal_cp
from dtree.conformance.rpart_splits import (
    SplitRow,
    primary_conditions,
    split_rows,
    surrogate_of,
    table_rows,
)
from dtree.conformance.rpart_surrogates import (
    RPART_SURROGATE_DEFAULTS,
    Listed,
    Routed,
    SurrogateControl,
    fit_rule,
    placed_by,
    primary_side,
    surrogate_claims,
)
from dtree.counts import ClassStats, Moments, Stats, central, training_loss
from dtree.dataset import Dataset, Label, Weight
from dtree.errors import DtreeError, quote
from dtree.prune import CostComplexityPath, as_leaf, prune_to, tree_risk
from dtree.routing import restated
from dtree.tree import Leaf, Sprout, Tree, n_leaves, nodes, preorder, unfold

__all__ = [
    "CpRow",
    "cp_table",
    "prune_at_cp",
    "read_cptable",
    "read_rpart",
    "rpart_reading",
]

FRAME_COLUMNS = ("node", "var", "n", "wt", "dev", "yval", "complexity", "ncompete", "nsurrogate")
"""The frame CSV's first columns; a classification frame has one more per class."""


_LEAF = "<leaf>"
_TOLERANCE = 1e-9
"""How far (relative) a recounted float may be from the frame's and still agree."""


# -- reading the frame and the splits --------------------------------------------------------


@frozen
class _Node:
    """A row of the frame: its place in the file, and what the reader uses of it."""

    row: int
    number: int
    var: str
    n: int
    weight: float
    dev: float
    yval: float
    ncompete: int
    nsurrogate: int
    counts: tuple[float, ...]

    @property
    def is_leaf(self) -> bool:
        return self.var == _LEAF


def _frame_nodes(text: str, file: str, classes: int) -> tuple[tuple[str, ...], list[_Node]]:
    """The frame's class columns and its nodes, in the file's order."""
    found: list[_Node] = []
    extra: tuple[str, ...] = ()
    for fields in table_rows(text, file, FRAME_COLUMNS):
        extra = tuple(fields.header[len(FRAME_COLUMNS) :])
        if len(extra) != classes:
            raise fields.error(
                f"{len(extra)} class count columns, expected {classes} (one per class)"
            )
        counts = tuple(
            fields.number(c, f)
            for c, f in zip(extra, fields.fields[len(FRAME_COLUMNS) :], strict=True)
        )
        node = _Node(
            fields.row,
            fields.integer("node"),
            fields.text("var"),
            fields.integer("n"),
            fields.number("wt"),
            fields.number("dev"),
            fields.number("yval"),
            fields.integer("ncompete"),
            fields.integer("nsurrogate"),
            counts if classes else (),
        )
        if node.number < 1 or node.ncompete < 0 or node.nsurrogate < 0:
            raise fields.error("node numbers are >= 1 and ncompete, nsurrogate >= 0")
        if classes and node.yval not in range(1, classes + 1):
            raise fields.error(
                f"{quote(fields.text('yval'))} is not the number of a class, 1 to {classes}",
                "yval",
            )
        found.append(node)
    if not found:
        raise DtreeError("the frame has no nodes", file=file)
    return extra, found


def _structure(
    frame: list[_Node], splits: list[SplitRow], frame_file: str, splits_file: str
) -> tuple[dict[int, _Node], dict[int, list[SplitRow]], dict[int, list[SplitRow]]]:
    """The nodes by number, each split node's primary split and competitors, and its
    surrogates, the tree's shape checked."""
    by_number: dict[int, _Node] = {}
    for node in frame:
        if node.number in by_number:
            raise DtreeError(f"node {node.number} appears twice", file=frame_file, row=node.row)
        by_number[node.number] = node
    if 1 not in by_number:
        raise DtreeError("no root: the frame has no node 1", file=frame_file)
    primary: dict[int, list[SplitRow]] = {}  # the primary split, then the competitors
    surrogates: dict[int, list[SplitRow]] = {}
    position = 0  # rpart's labels.rpart: cumsum(ncompete + nsurrogate + !is.leaf)
    for node in frame:
        parent = by_number.get(node.number // 2)
        if node.number > 1 and (parent is None or parent.is_leaf):
            raise DtreeError(
                f"node {node.number}'s parent, node {node.number // 2}, is not a split"
                " of the frame",
                file=frame_file,
                row=node.row,
            )
        if not node.is_leaf:
            for child in (2 * node.number, 2 * node.number + 1):
                if child not in by_number:
                    raise DtreeError(
                        f"node {node.number} splits but its child {child} is not in the frame:"
                        " is the file cut short?",
                        file=frame_file,
                        row=node.row,
                    )
            if position >= len(splits):
                raise DtreeError(
                    f"the splits end before node {node.number}'s primary split"
                    f" (row {position + 1}): is the file cut short?",
                    file=splits_file,
                )
            split = splits[position]
            if split.var != node.var:
                raise DtreeError(
                    f"this primary split of node {node.number} tests {quote(split.var)},"
                    f" the frame's node {quote(node.var)}: the splits are not the frame's",
                    file=splits_file,
                    row=split.row,
                )
            primary[node.number] = splits[position : position + 1 + node.ncompete]
            first = position + 1 + node.ncompete
            surrogates[node.number] = splits[first : first + node.nsurrogate]
        position += node.ncompete + node.nsurrogate + (not node.is_leaf)
    if position != len(splits):
        raise DtreeError(
            f"{len(splits)} rows, but the frame accounts for {position}:"
            " the splits are not the frame's",
            file=splits_file,
        )
    return by_number, primary, surrogates


def _placeholder(data: Dataset) -> Leaf:
    """A leaf of no weight, whose statistics :func:`restated` replaces."""
    if data.schema.is_classification:
        classes = data.schema.classes
        return Leaf(classes[0], ClassStats(classes, (0,) * len(classes)))
    return Leaf(0.0, Moments(0, 0.0, 0.0))


def rpart_reading(
    frame: str,
    splits: str,
    data: Dataset,
    *,
    file: str | None = None,
    splits_file: str | None = None,
    surrogates: SurrogateControl = RPART_SURROGATE_DEFAULTS,
    criterion: Criterion | None = None,
) -> Reading:
    """The tree of rpart's ``fit$frame`` and ``fit$splits`` (CSV texts, as
    :data:`~dtree.conformance.rpart_fit.RPART_SCRIPT` writes them), with the statistics of
    ``data``, the data it was fit on, on every node; and the findings, the frame's claims that
    those statistics contradict.

    Node k's branches lead to nodes 2k and 2k + 1; each split node's primary
    split is its first row of the splits, then come ``ncompete`` competitors
    and ``nsurrogate`` surrogates: the surrogates route the rows whose value
    is missing as rpart's fit routed them (``surrogates``, rpart's settings of
    them, :mod:`dtree.conformance.rpart_surrogates`), and every listed split's
    numbers are claims (the primary's and competitors' ``improve`` and
    ``count`` by rpart's ``criterion``, ``"gini"`` by default for classes,
    ``"anova"`` for a response: :mod:`dtree.conformance.rpart_competitors`).
    A leaf predicts
    rpart's ``yval`` (its class, or its mean).  Every node's ``n`` (the rows
    of positive weight that reach it), ``wt``, class counts, ``dev`` (the
    node's risk: the weight not of its plurality class, or the residual sum
    of squares about its mean) and ``yval`` (the plurality, or the mean) is
    set beside the
    recount: a count that differs, or a float that differs by more than a
    relative 1e-9, is a :class:`~dtree.conformance.claims.Finding` naming
    ``file``, the row and rpart's node number.  A variable the data lack, a
    frame whose classes are not the data's, a ``yval`` that numbers no
    class, a malformed or truncated file is one :class:`DtreeError` naming
    ``file`` (the frame's) or ``splits_file`` and the row.

    The kyphosis stump, ``Start >= 8.5`` going left in rpart, with its root's n edited:

    >>> from dtree.dataset import Dataset
    >>> data = Dataset.from_columns({"Start": [1, 5, 9, 12, 14],
    ...                              "Kyphosis": ["present", "present", "absent", "absent",
    ...                                           "present"]}, target="Kyphosis")
    >>> frame = '''node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,absent,present
    ... 1,Start,-5,5,2,2,0.5,0,0,2,3
    ... 2,<leaf>,3,3,1,1,0.01,0,0,2,1
    ... 3,<leaf>,2,2,0,2,0.01,0,0,0,2
    ... '''
    >>> splits = '''var,count,ncat,improve,index,adj,csplit
    ... Start,5,1,1.0666666666666667,7,0,
    ... '''
    >>> print(*rpart_reading(frame, splits, data, file="frame.csv").findings)
    frame.csv, row 1: node 1: rpart's n is -5, the data give 5 (at the root)

    See also: :func:`read_rpart`, :func:`~dtree.conformance.rpart_fit.run_rpart`,
    :data:`~dtree.conformance.rpart_fit.RPART_EXPORT`.
    """
    surrogates_control = surrogates
    frame_file = file if file is not None else "rpart frame"
    splits_file = splits_file if splits_file is not None else "rpart splits"
    classes = data.schema.classes if data.schema.is_classification else ()
    header, frame_rows = _frame_nodes(frame, frame_file, len(classes))
    if header != classes:
        raise DtreeError(
            f"the frame's classes {quote(header)} are not the data's {quote(classes)},"
            " in that order: declare the factor's levels in the data's order",
            file=frame_file,
        )
    for node in frame_rows:  # before the splits are matched with the frame's variables
        if not node.is_leaf and node.var not in data.schema.names:
            known = ", ".join(quote(known) for known in data.schema.names)
            raise DtreeError(
                f"unknown variable {quote(node.var)}; the data's attributes are {known}",
                file=frame_file,
                row=node.row,
            )
    by_number, primary, listed = _structure(
        frame_rows, split_rows(splits, splits_file), frame_file, splits_file
    )
    placeholder = _placeholder(data)
    order: list[_Node] = []  # the nodes in the order unfold makes them: dtree's preorder
    met: dict[int, Routed] = {}  # each split node's rows, as rpart's fit routed them
    ranked: dict[int, list[ListedSplit]] = {}  # each split node's primary and competitors

    def step(seed: tuple[int, tuple[int, ...]]) -> Leaf | Sprout[tuple[int, tuple[int, ...]]]:
        number, rows = seed
        node = by_number[number]
        order.append(node)
        if node.is_leaf:
            return placeholder
        conditions, swapped = primary_conditions(primary[number][0], data, splits_file=splits_file)
        theirs = tuple(
            surrogate_of(row, data, swapped, splits_file=splits_file) for row in listed[number]
        )
        sides = tuple(primary_side(conditions, data.example(row)) for row in rows)
        rule = fit_rule(theirs, sides, rows, data, surrogates_control)
        below: tuple[list[int], list[int]] = ([], [])
        placed = [0] * len(theirs)
        for row, side in zip(rows, sides, strict=True):
            goes: int | None = side
            if side < 0:
                goes, by = placed_by(rule, data.example(row))
                if by is not None:
                    placed[by] += 1
            if goes is not None:  # else it stays here
                below[goes].append(row)
        met[number] = Routed(rows, sides, swapped, tuple(placed), theirs)
        ranked[number] = [
            ListedSplit(
                row.row,
                (*conditions,)
                if k == 0
                else surrogate_of(row, data, swapped, splits_file=splits_file).conditions,
                row.improve,
                row.count,
            )
            for k, row in enumerate(primary[number])
        ]
        children = (2 * number + 1, 2 * number) if swapped else (2 * number, 2 * number + 1)
        seeds = tuple(zip(children, map(tuple, below), strict=True))
        return Sprout(conditions, seeds, placeholder.stats, rule)

    skeleton = unfold((1, tuple(data.rows)), step)
    tree = restated(skeleton, data)
    visits = tuple(preorder(tree))
    counted = zip(order, _row_counts(skeleton, tree, data), strict=True)
    findings = [
        finding
        for k, (node, rows) in enumerate(counted)
        for finding in _claims(
            node,
            visits[k].node.stats,
            rows,
            classes,
            file=frame_file,
            path=partial(path_to, visits, k),
        )
    ]
    for k, node in enumerate(order):
        if not node.is_leaf:
            routed = met[node.number]
            listed_here = [
                Listed(row.row, surrogate, row.improve, row.adj, row.count)
                for row, surrogate in zip(listed[node.number], routed.surrogates, strict=True)
            ]
            findings.extend(
                split_claims(
                    ranked[node.number],
                    routed.rows,
                    data,
                    criterion or ("gini" if classes else "anova"),
                    splits_file=splits_file,
                    node=node.number,
                    path=partial(path_to, visits, k),
                )
            )
            findings.extend(
                surrogate_claims(
                    listed_here,
                    routed,
                    data,
                    node.var,
                    surrogates_control,
                    splits_file=splits_file,
                    node=node.number,
                    path=partial(path_to, visits, k),
                )
            )
    predictions = [_yval(node, classes) for node in order if node.is_leaf]
    return Reading(predicting(tree, predictions), tuple(findings))


def read_rpart(
    frame: str,
    splits: str,
    data: Dataset,
    *,
    file: str | None = None,
    splits_file: str | None = None,
    surrogates: SurrogateControl = RPART_SURROGATE_DEFAULTS,
    criterion: Criterion | None = None,
) -> Tree:
    """The tree of rpart's ``fit$frame`` and ``fit$splits`` with the statistics of ``data`` on
    every node, refused when the data contradict any of the frame's statistics: the tree of
    :func:`rpart_reading`, whose first finding is here a :class:`DtreeError`.

    The kyphosis stump, ``Start >= 8.5`` going left in rpart:

    >>> from dtree.dataset import Dataset
    >>> from dtree.render import text
    >>> data = Dataset.from_columns({"Start": [1, 5, 9, 12, 14],
    ...                              "Kyphosis": ["present", "present", "absent", "absent",
    ...                                           "present"]}, target="Kyphosis")
    >>> frame = '''node,var,n,wt,dev,yval,complexity,ncompete,nsurrogate,absent,present
    ... 1,Start,5,5,2,2,0.5,0,0,2,3
    ... 2,<leaf>,3,3,1,1,0.01,0,0,2,1
    ... 3,<leaf>,2,2,0,2,0.01,0,0,0,2
    ... '''
    >>> splits = '''var,count,ncat,improve,index,adj,csplit
    ... Start,5,1,1.0666666666666667,7,0,
    ... '''
    >>> print(text(read_rpart(frame, splits, data)))
    root [absent: 2, present: 3]
    Start <= 7 [absent: 0, present: 2]: present
    Start > 7 [absent: 2, present: 1]: absent
    >>> read_rpart(frame.replace("2,<leaf>,3,3", "2,<leaf>,3,4"), splits, data, file="f.csv")
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: f.csv, row 2: node 2: rpart's wt is 4.0, the data give 3 (at Start > 7)

    See also: :func:`rpart_reading` (the findings, the tree read whatever they are).
    """
    return rpart_reading(
        frame,
        splits,
        data,
        file=file,
        splits_file=splits_file,
        surrogates=surrogates,
        criterion=criterion,
    ).strict()


def _row_counts(skeleton: Tree, recounted: Tree, data: Dataset) -> Iterator[Weight]:
    """The number of rows of positive weight that reach each node, in preorder: the
    recounted weight when every such row weighs 1, else the weight of the rows reweighted 1."""
    present = data.present()
    if all(present.weights[row] == 1 for row in present.rows):
        counted = recounted
    else:
        ones = [1 if weight > 0 else 0 for weight in data.weights]
        counted = restated(skeleton, data.with_weights(ones))
    return (node.stats.weight for node in nodes(counted))


def _yval(node: _Node, classes: Sequence[str]) -> Label | float:
    """What rpart predicts at the node: class number ``yval`` (checked to be one when the
    frame was read), or in regression the mean ``yval``."""
    return classes[int(node.yval) - 1] if classes else node.yval


def _close(ours: Weight, theirs: float, scale: float = 1.0) -> bool:
    return abs(float(ours) - theirs) <= _TOLERANCE * max(1.0, abs(theirs), float(scale))


def _claims(
    node: _Node,
    stats: Stats,
    rows: Weight,
    classes: Sequence[str],
    *,
    file: str,
    path: Callable[[], tuple[str, ...]],
) -> Iterator[Finding]:
    """The frame's claims about ``node`` that its recounted ``stats`` (and the number of
    ``rows`` that reach it) contradict, in the frame's order of columns; ``path`` gives the
    conditions that lead to the node."""

    def finding(what: str, theirs: Claim, ours: Claim) -> Finding:
        return Finding(f"{file}, row {node.row}: node {node.number}", path(), what, theirs, ours)

    if rows != node.n:
        yield finding("rpart's n", node.n, rows)
    if not _close(stats.weight, node.weight):
        yield finding("rpart's wt", node.weight, stats.weight)
    theirs = _yval(node, classes)
    dev = training_loss(stats, central(stats)) if stats.weight else 0
    match stats:
        case ClassStats(_, counts):
            if not all(_close(c, d) for c, d in zip(counts, node.counts, strict=True)):
                yield finding("rpart's count of each class", node.counts, counts)
            if stats.weight and not _close(dev, node.dev):
                yield finding("rpart's dev", node.dev, dev)
            if stats.weight and stats.plurality != theirs:
                yield finding("rpart's class (yval)", theirs, stats.plurality)
        case Moments():
            if stats.weight and not _close(dev, node.dev, stats.total_squares):
                yield finding("rpart's dev", node.dev, float(dev))  # as exact as the moments
            if stats.weight and not _close(stats.mean, node.yval):
                yield finding("rpart's mean (yval)", node.yval, stats.mean)


# -- complexity parameters ------------------------------------------------------------------


@frozen
class CpRow:
    """A row of rpart's ``cptable``: the complexity parameter from which the subtree of
    ``nsplit`` splits is optimal, and its risk over the root's (``rel error``); with
    rpart's cross-validation, ``xerror`` and ``xstd`` (:func:`~dtree.conformance.rpart_cp.
    rpart_xerror`)."""

    cp: Real
    nsplit: int
    rel_error: Real
    xerror: float | None = None
    xstd: float | None = None


def read_cptable(text: str, *, file: str | None = None) -> tuple[CpRow, ...]:
    """The rows of ``fit$cptable`` as :data:`~dtree.conformance.rpart_fit.RPART_SCRIPT` writes it
    (``cptable.csv``).

    >>> [(row.cp, row.nsplit, row.rel_error, row.xerror) for row in
    ...  read_cptable('"CP","nsplit","rel error"\\n"0.5","0","1"\\n"0.01","1","0.5"\\n')]
    [(0.5, 0, 1.0, None), (0.01, 1, 0.5, None)]
    """
    name = file if file is not None else "rpart cptable"
    rows = tuple(
        CpRow(
            fields.number("CP"),
            fields.integer("nsplit"),
            fields.number("rel error"),
            *((fields.number("xerror"), fields.number("xstd")) if "xstd" in fields.header else ()),
        )
        for fields in table_rows(text, name, ("CP", "nsplit", "rel error"))
    )
    if not rows:
        raise DtreeError("the cptable has no rows", file=name)
    return rows


def _root_risk(tree: Tree) -> Real:
    return tree_risk(as_leaf(tree))


def prune_at_cp(tree: Tree, cp: Real) -> Tree:
    """The tree rpart returns with complexity parameter ``cp``: ``prune_to(tree, cp * R(root))``.

    ``tree`` is grown as rpart grows (:data:`dtree.grower.learner.CART` with rpart's
    ``minsplit``, ``minbucket`` and ``maxdepth``).  A float cp is taken as
    the decimal it is written as (``0.01`` is 1/100, not the double nearest
    it), so that a split whose complexity is exactly cp is collapsed, as
    rpart's ``complexity <= alpha`` collapses it.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.presets import cart
    >>> ten = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> n_leaves(prune_at_cp(cart(ten), 0.01)), n_leaves(prune_at_cp(cart(ten), 0.2))
    (6, 2)

    See also: :func:`cp_table`, :func:`dtree.prune.prune_to`.
    """
    return prune_to(tree, decimal_cp(cp) * _root_risk(tree))


def cp_table(path: CostComplexityPath, cp: Real) -> tuple[CpRow, ...]:
    """rpart's ``cptable`` for the tree of ``path`` (dtree's cost-complexity path of the tree
    grown as rpart grows) at complexity parameter ``cp``.

    rpart's CP of a subtree T_k is alpha_k / R(root), its ``rel error``
    R(T_k) / R(root); its rows run from the root to the tree rpart returns,
    T(cp * R(root)), whose row has CP = cp.  Exact when the path is.

    >>> from dtree.dataset import Dataset
    >>> from dtree.grower.presets import cart
    >>> from dtree.prune import cost_complexity_path
    >>> ten = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> [(str(r.cp), r.nsplit, str(r.rel_error)) for r in
    ...  cp_table(cost_complexity_path(cart(ten)), Fraction(1, 100))]
    [('3/5', 0, '1'), ('1/10', 1, '2/5'), ('1/100', 5, '0')]
    """
    root = path.risks[-1]
    if root == 0:
        return (CpRow(cp, 0, Fraction(0)),)
    alpha = decimal_cp(cp) * root
    chosen = max(k for k, start in enumerate(path.alphas) if start <= alpha)
    rows = [
        CpRow(path.alphas[k] / root, n_leaves(path.trees[k]) - 1, path.risks[k] / root)
        for k in range(len(path.alphas) - 1, chosen, -1)
    ]
    rows.append(CpRow(cp, n_leaves(path.trees[chosen]) - 1, path.risks[chosen] / root))
    return tuple(rows)
