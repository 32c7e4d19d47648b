"""The laws of decision-tree learning, as predicates any implementation can be checked by.

Each law is a public function returning ``bool``.  A law about an
implementation takes it as a keyword argument defaulting to dtree's own,
so another implementation is checked by passing its function::

    entropy_is_bounded(counts, entropy=their_entropy)

Scores with logarithms are compared within :data:`dtree.impurity.TOLERANCE`;
exact scores (integers, ``Fraction``) are compared exactly.

Contents
--------
Impurities of class counts:
    :func:`entropy_is_bounded`, :func:`gini_is_bounded`,
    :func:`misclassification_is_at_most_gini`,
    :func:`impurity_is_zero_exactly_when_pure`,
    :func:`impurity_is_maximal_at_uniform`.
Splits (contingency tables, datasets):
    :func:`information_gain_is_nonnegative`,
    :func:`information_gain_is_at_most_entropy`,
    :func:`mutual_information_is_symmetric`,
    :func:`information_gain_is_zero_exactly_under_independence`,
    :func:`gain_ratio_is_bounded`.
Significance (the chi-square test of independence):
    :func:`chi_square_is_zero_under_independence`, :func:`chi_square_is_symmetric`,
    :func:`p_value_is_a_probability`.
Learners:
    :func:`is_consistent`, :func:`fits_consistent_data`,
    :func:`reaches_least_training_error`,
    :func:`is_permutation_invariant`, :func:`weights_act_as_copies`,
    :func:`splits_are_greedy`.
Trees:
    :func:`stats_are_additive`, :func:`leaves_predict_plurality`,
    :func:`probabilities_sum_to_one`, :func:`predict_agrees_with_proba`,
    :func:`predicts_monotonically`,
    :func:`compiled_walk_is_the_definition`, :func:`routed_walk_is_the_definition`.
Evaluation (cross-validation folds, error estimates, metrics, the t-test):
    :func:`folds_partition`, :func:`folds_are_balanced`, :func:`folds_are_stratified`,
    :func:`resubstitution_is_training_error`,
    :func:`f_beta_lies_between_precision_and_recall`,
    :func:`student_t_sf_is_a_symmetric_tail`.
Pruning:
    :func:`is_pruning_of`, :func:`path_is_nested`, :func:`prune_to_is_optimal`,
    :func:`reduced_error_keeps_accuracy`, :func:`pessimistic_keeps_estimate`,
    :func:`raised_errors_are_restated_estimates`, :func:`mdl_never_lengthens`,
    :func:`mdl_is_shortest`.
Exact search:
    :func:`least_error_is_at_most_greedy`.
Formulas (DNF):
    :func:`dnf_agrees_with_tree`, :func:`minimum_dnf_is_equivalent_and_prime`,
    :func:`minimum_dnf_is_no_larger`, :func:`tree_of_computes_formula`.
Rules and model files:
    :func:`rules_agree_with_tree`, :func:`model_file_round_trips`,
    :func:`python_agrees_with_predict`.
Functions:
    :func:`leaves_arguments_unchanged`, :func:`same_seed_same_answer`.
Bagging and random forests:
    :func:`forest_of_one_tree_is_the_tree`, :func:`is_a_pure_function_of_the_seed`,
    :func:`oob_fraction_approaches_one_over_e`.
Boosting:
    :func:`adaboost_error_is_bounded`, :func:`boosted_loss_never_rises`.
"""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import assert_never

from attrs import evolve
from toolz import groupby

from dtree.arithmetic import Number, Real
from dtree.compiled import Compiled, compile_tree, predictions, probabilities
from dtree.conditions import Above, AtMost, takes_missing
from dtree.confusion import ConfusionMatrix, f_beta, precision, recall
from dtree.counts import (
    ClassStats,
    Table,
    central,
    class_totals,
    cross_tabulate,
    is_pure,
    is_sum_of,
    plurality,
    ratio,
    total,
    transpose,
)
from dtree.dataset import Dataset, Example, Label, Nominal, Weight
from dtree.dnf import Dnf, Term, dnf_of, equivalent, minimize, tree_of, truth_table
from dtree.dnf import evaluate as evaluate_dnf
from dtree.ensemble import Ensemble, predict, predict_many, predict_proba, staged
from dtree.ensemble.bagging import Bagged, bag
from dtree.ensemble.boosting import adaboost, gradient_boost
from dtree.errors import DtreeError, quote
from dtree.evaluate import Learn, error, resubstitution
from dtree.grower.learner import Learner
from dtree.grower.make_subtree import grow
from dtree.grower.presets import cart
from dtree.impurity import (
    TOLERANCE,
    entropy,
    gain_ratio,
    gini,
    impurity_decrease,
    information_gain,
    misclassification,
)
from dtree.optimal import least_error as optimal_least_error
from dtree.prune import (
    Risk,
    ZRule,
    corrected_raised_errors,
    cost_complexity,
    estimated_errors,
    mdl,
    messages,
    pessimistic,
    prunings,
    reduced_error,
)
from dtree.prune import prune_to as smallest_minimiser
from dtree.python_source import python
from dtree.resampling import Fold
from dtree.routing import Routed, every_row, fold_routed, restated, routed_predictions
from dtree.rules import Rule, fires, rules_of
from dtree.serialize import from_json, to_json
from dtree.significance import chi_square, chi_square_sf, student_t_sf
from dtree.tree import (
    Leaf,
    Probability,
    Split,
    Spread,
    Tree,
    descend,
    mixture,
    nodes,
    prediction_of,
    preorder,
    reach,
)

__all__ = [
    "AttributeScore",
    "Bagger",
    "Learn",
    "adaboost_error_is_bounded",
    "boosted_loss_never_rises",
    "chi_square_is_symmetric",
    "chi_square_is_zero_under_independence",
    "compiled_walk_is_the_definition",
    "dnf_agrees_with_tree",
    "entropy_is_bounded",
    "f_beta_lies_between_precision_and_recall",
    "fits_consistent_data",
    "folds_are_balanced",
    "folds_are_stratified",
    "folds_partition",
    "forest_of_one_tree_is_the_tree",
    "gain_ratio_is_bounded",
    "gini_is_bounded",
    "impurity_is_maximal_at_uniform",
    "impurity_is_zero_exactly_when_pure",
    "information_gain_is_at_most_entropy",
    "information_gain_is_nonnegative",
    "information_gain_is_zero_exactly_under_independence",
    "is_a_pure_function_of_the_seed",
    "is_consistent",
    "is_permutation_invariant",
    "is_pruning_of",
    "leaves_arguments_unchanged",
    "leaves_predict_plurality",
    "mdl_is_shortest",
    "mdl_never_lengthens",
    "minimum_dnf_is_equivalent_and_prime",
    "minimum_dnf_is_no_larger",
    "misclassification_is_at_most_gini",
    "model_file_round_trips",
    "mutual_information_is_symmetric",
    "oob_fraction_approaches_one_over_e",
    "p_value_is_a_probability",
    "path_is_nested",
    "pessimistic_keeps_estimate",
    "predict_agrees_with_proba",
    "predicts_monotonically",
    "probabilities_sum_to_one",
    "prune_to_is_optimal",
    "python_agrees_with_predict",
    "raised_errors_are_restated_estimates",
    "reaches_least_training_error",
    "reduced_error_keeps_accuracy",
    "resubstitution_is_training_error",
    "routed_walk_is_the_definition",
    "rules_agree_with_tree",
    "same_seed_same_answer",
    "splits_are_greedy",
    "stats_are_additive",
    "student_t_sf_is_a_symmetric_tail",
    "tree_of_computes_formula",
    "weights_act_as_copies",
]

AttributeScore = Callable[[Dataset, str], Real]
"""How a learner scores splitting a node's data on an attribute."""


# -- comparisons: exact where the numbers are, within TOLERANCE where they are not --


def _inexact(*numbers: Number) -> bool:
    return any(isinstance(x, float) for x in numbers)


def _at_most(x: Number, y: Number) -> bool:
    """x <= y, exactly or (a float is involved) within TOLERANCE."""
    return x <= y or _same(x, y)


def _same(x: Number, y: Number) -> bool:
    """x == y, exactly or (a float is involved) within TOLERANCE.

    The tolerance is absolute near 0 and relative for large values, such as
    entropies in a base close to 1.
    """
    if _inexact(x, y):
        return math.isclose(x, y, rel_tol=TOLERANCE, abs_tol=TOLERANCE)
    return x == y


# -- impurities -----------------------------------------------------------------


def entropy_is_bounded(
    counts: Sequence[Weight],
    *,
    base: float = 2,
    entropy: Callable[[Sequence[Weight], float], float] = entropy,
) -> bool:
    """0 <= H(Y) <= log_base k for k classes, in any base > 1 (Jensen, Lecture 10).

    In base k the bound is 1; it is attained by the uniform distribution.

    >>> entropy_is_bounded((9, 5)), entropy_is_bounded((1, 1, 1), base=3)
    (True, True)
    >>> from dtree import impurity
    >>> entropy_is_bounded((1, 1), entropy=lambda c, b: 2 * impurity.entropy(c, b))
    False
    """
    h = entropy(counts, base)
    return _at_most(0.0, h) and _at_most(h, math.log(len(counts), base))


def gini_is_bounded(
    counts: Sequence[Weight], *, gini: Callable[[Sequence[Weight]], Number] = gini
) -> bool:
    """0 <= Gini <= 1 - 1/k for k classes; the bound is the uniform distribution's.

    >>> gini_is_bounded((5, 9)), gini_is_bounded((3, 3, 3))
    (True, True)
    >>> gini_is_bounded((1, 1), gini=lambda c: 1 - max(c) ** 2 / sum(c) ** 2)
    False
    """
    g = gini(counts)
    return _at_most(0, g) and _at_most(g, 1 - Fraction(1, len(counts)))


def misclassification_is_at_most_gini(
    counts: Sequence[Weight],
    *,
    misclassification: Callable[[Sequence[Weight]], Number] = misclassification,
    gini: Callable[[Sequence[Weight]], Number] = gini,
) -> bool:
    """1 - max_k p(k) <= 1 - sum_k p(k)^2, since sum_k p(k)^2 <= max_k p(k) sum_k p(k).

    >>> misclassification_is_at_most_gini((5, 9))  # 5/14 <= 45/98
    True
    >>> misclassification_is_at_most_gini((5, 9), misclassification=lambda c: 1 - min(c) / sum(c))
    False
    """
    return _at_most(misclassification(counts), gini(counts))


def impurity_is_zero_exactly_when_pure(
    counts: Sequence[Weight], *, impurity: Callable[[Sequence[Weight]], Number] = entropy
) -> bool:
    """i(t) = 0 if and only if at most one class has positive weight (base case 1).

    Exact: a pure node has impurity 0, not nearly 0, and a mixed one more.

    >>> impurity_is_zero_exactly_when_pure((0, 4)), impurity_is_zero_exactly_when_pure((2, 3))
    (True, True)
    >>> impurity_is_zero_exactly_when_pure((2, 3), impurity=lambda c: 0)
    False
    """
    return (impurity(counts) == 0) == is_pure(counts)


def impurity_is_maximal_at_uniform(
    counts: Sequence[Weight], *, impurity: Callable[[Sequence[Weight]], Number] = entropy
) -> bool:
    """i(p) <= i(1/k, ..., 1/k): no distribution over k classes is more mixed than the uniform.

    >>> [impurity_is_maximal_at_uniform((9, 5), impurity=i) for i in (entropy, gini)]
    [True, True]
    >>> impurity_is_maximal_at_uniform((9, 5), impurity=lambda c: Fraction(max(c), sum(c)))
    False
    """
    return _at_most(impurity(counts), impurity((1,) * len(counts)))


# -- splits ----------------------------------------------------------------------


def information_gain_is_nonnegative(
    table: Table, *, impurity_decrease: Callable[[Table], Number] = impurity_decrease
) -> bool:
    """IG = H(Y) - H(Y | X) >= 0: conditioning never adds uncertainty.

    The same holds for the goodness of split of any concave impurity
    (Gini, misclassification): pass ``lambda t: impurity_decrease(t, gini)``.

    >>> information_gain_is_nonnegative(((0, 4), (2, 3), (3, 2)))  # PlayTennis, Outlook
    True

    Forgetting to weigh each outcome's impurity by its share p_b breaks it:

    >>> def unweighted(table):
    ...     parent = tuple(map(sum, zip(*table)))
    ...     return entropy(parent) - sum(entropy(c) for c in table) / len(table)
    >>> information_gain_is_nonnegative(((9, 0), (1, 1)), impurity_decrease=unweighted)
    False
    """
    return _at_most(0, impurity_decrease(table))


def information_gain_is_at_most_entropy(
    table: Table,
    *,
    impurity_decrease: Callable[[Table], Number] = impurity_decrease,
    entropy: Callable[[Sequence[Weight]], float] = entropy,
) -> bool:
    """IG = H(Y) - H(Y | X) <= H(Y), since H(Y | X) >= 0; equality when X determines Y.

    >>> information_gain_is_at_most_entropy(((0, 4), (2, 3), (3, 2)))
    True
    >>> from dtree.impurity import remainder
    >>> sign_error = lambda t: entropy(class_totals(t)) + remainder(t)
    >>> information_gain_is_at_most_entropy(((0, 4), (2, 3), (3, 2)), impurity_decrease=sign_error)
    False
    """
    return _at_most(impurity_decrease(table), entropy(class_totals(table)))


def mutual_information_is_symmetric(
    table: Table, *, impurity_decrease: Callable[[Table], Number] = impurity_decrease
) -> bool:
    """I(X; Y) = H(Y) - H(Y | X) = H(X) - H(X | Y) (Lecture 10, by Bayes' theorem).

    Transposing the table exchanges X and Y, so the gain must not change.
    Gini's goodness of split is not a mutual information, and is not symmetric:

    >>> mutual_information_is_symmetric(((0, 4), (2, 3), (3, 2)))
    True
    >>> mutual_information_is_symmetric(((0, 4), (2, 3), (3, 2)),
    ...                                 impurity_decrease=lambda t: impurity_decrease(t, gini))
    False
    """
    return _same(impurity_decrease(table), impurity_decrease(transpose(table)))


def information_gain_is_zero_exactly_under_independence(
    table: Table, *, impurity_decrease: Callable[[Table], Number] = impurity_decrease
) -> bool:
    """IG = 0 if and only if X and Y are independent in the table: N n_xy = n_x n_y in
    every cell (Gibbs' inequality and its case of equality; the CS 536 notes).

    Compared within :data:`~dtree.impurity.TOLERANCE`, which separates the
    two cases for tables of integer counts with total N up to 900: a
    dependent table has some |p(x, y) - p(x) p(y)| = |N n_xy - n_x n_y| / N^2
    >= 1/N^2, so sum |p - q| >= 2/N^2 and by Pinsker's inequality
    IG >= 2 / (N^4 ln 2) bits.

    >>> information_gain_is_zero_exactly_under_independence(((2, 4), (1, 2)))  # independent
    True
    >>> information_gain_is_zero_exactly_under_independence(((0, 4), (2, 3), (3, 2)))
    True
    >>> information_gain_is_zero_exactly_under_independence(
    ...     ((0, 4), (2, 3), (3, 2)), impurity_decrease=lambda t: 0)
    False
    """
    n = sum(map(sum, table))
    outcomes, classes = [sum(row) for row in table], class_totals(table)
    independent = all(
        n * cell == outcomes[x] * classes[y]
        for x, row in enumerate(table)
        for y, cell in enumerate(row)
    )
    return _same(impurity_decrease(table), 0) == independent


def gain_ratio_is_bounded(
    data: Dataset, attribute: str, *, gain_ratio: AttributeScore = gain_ratio
) -> bool:
    """0 <= GainRatio(D, X) = IG(D, X) / H_D(X) <= 1, since I(X; Y) <= H(X).

    >>> data = Dataset.from_columns({"X": ["a", "b", "c", "d"], "Y": ["1", "2", "3", "4"]},
    ...                             target="Y")
    >>> gain_ratio_is_bounded(data, "X")  # X determines Y: the ratio is exactly 1
    True
    >>> gain_ratio_is_bounded(data, "X", gain_ratio=information_gain)  # forgot to divide: 2 bits
    False
    """
    ratio = gain_ratio(data, attribute)
    return _at_most(0, ratio) and _at_most(ratio, 1)


# -- significance ----------------------------------------------------------------


def chi_square_is_zero_under_independence(
    counts: Sequence[Weight],
    scales: Sequence[Weight],
    *,
    chi_square: Callable[[Table], Number] = chi_square,
) -> bool:
    """X^2 = 0 when the rows are proportional: outcome and class are then
    independent, and every count equals its expected count R_b C_k / N.

    The table has one row ``scale * counts`` per scale.  Exact counts give
    exactly 0; float counts give 0 within TOLERANCE.

    >>> chi_square_is_zero_under_independence((5, 9), (1, 2, 3))
    True

    Yates's continuity correction, (|O - E| - 1/2)^2 / E, is no Pearson statistic:

    >>> from dtree.counts import ratio
    >>> def yates(table):
    ...     rows, columns = [sum(r) for r in table], class_totals(table)
    ...     n = sum(rows)
    ...     return sum((abs(o - ratio(r * c, n)) - Fraction(1, 2)) ** 2 / ratio(r * c, n)
    ...                for r, row in zip(rows, table) for c, o in zip(columns, row))
    >>> chi_square_is_zero_under_independence((5, 9), (1, 2), chi_square=yates)
    False
    """
    table = tuple(tuple(scale * count for count in counts) for scale in scales)
    return _same(chi_square(table), 0)


def chi_square_is_symmetric(
    table: Table, *, chi_square: Callable[[Table], Number] = chi_square
) -> bool:
    """X^2 does not depend on which margin is the outcome: E_bk = R_b C_k / N
    treats rows and columns alike, so transposing the table leaves it unchanged.

    >>> chi_square_is_symmetric(((0, 4), (2, 3), (3, 2)))  # PlayTennis, Outlook
    True

    Testing each row against a uniform class distribution (E_bk = R_b / c)
    is a goodness-of-fit statistic, not one of independence:

    >>> def uniform_fit(table):
    ...     return sum(Fraction(len(row) * o - sum(row)) ** 2 / (len(row) * sum(row))
    ...                for row in table for o in row)
    >>> chi_square_is_symmetric(((0, 4), (2, 3), (3, 2)), chi_square=uniform_fit)
    False
    """
    return _same(chi_square(table), chi_square(transpose(table)))


def p_value_is_a_probability(
    statistic: Fraction | float,
    other: Fraction | float,
    df: float,
    *,
    chi_square_sf: Callable[[Fraction | float, float], float] = chi_square_sf,
) -> bool:
    """A p-value is a tail probability: for statistics s <= t on the same
    degrees of freedom, 0 <= P(X >= t) <= P(X >= s) <= 1.

    The two statistics may come in either order.

    >>> p_value_is_a_probability(3.84, 6.63, 1)
    True

    The distribution function rises where the tail falls:

    >>> cdf = lambda s, df: 1 - chi_square_sf(s, df)
    >>> p_value_is_a_probability(3.84, 6.63, 1, chi_square_sf=cdf)
    False
    """
    low, high = sorted((statistic, other))
    p, q = chi_square_sf(low, df), chi_square_sf(high, df)
    return _at_most(0, q) and _at_most(q, p) and _at_most(p, 1)


# -- learners --------------------------------------------------------------------


def _is_count(k: object) -> bool:
    return isinstance(k, int) and not isinstance(k, bool) and k >= 0


def _present_rows(data: Dataset) -> tuple[int, ...]:
    """The rows a learner sees: weight 0 is an absent row."""
    return data.present().rows


def _features(data: Dataset, row: int) -> tuple[object, ...]:
    return tuple(column[row] for column in data.columns)


def is_consistent(data: Dataset) -> bool:
    """No two rows of positive weight have equal feature vectors and different labels.

    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> is_consistent(xor)
    True
    >>> contradiction = Dataset.from_columns({"X": ["T", "T"], "Y": ["T", "F"]}, target="Y")
    >>> is_consistent(contradiction), is_consistent(contradiction.with_weights((1, 0)))
    (False, True)
    """
    groups: dict[tuple[object, ...], list[int]] = groupby(
        lambda row: _features(data, row), _present_rows(data)
    )
    return all(len({data.target[row] for row in rows}) == 1 for rows in groups.values())


def fits_consistent_data(learn: Learn, data: Dataset) -> bool:
    """Zero training error on consistent data (the CS 536 notes: with no contradictory
    examples, growing until pure fits the data exactly).

    True when the data are inconsistent (nothing to check) or when the tree
    predicts the label of every row of positive weight.  Lecture 10's XOR
    is consistent, and a learner that stops at a single leaf fails it:

    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import Leaf
    >>> from dtree.counts import stats_of
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> fits_consistent_data(id3, xor)
    True
    >>> fits_consistent_data(lambda d: Leaf("0", stats_of(d)), xor)
    False
    """
    rows = _present_rows(data)
    if not rows or not is_consistent(data):
        return True
    tree = learn(data)
    return all(predict(tree, data.example(row)) == data.target[row] for row in rows)


def reaches_least_training_error(learn: Learn, data: Dataset) -> bool:
    """Grown until pure, a tree's training error is the least of any classifier of the
    features: the minority weight of each group of rows with equal feature vectors,
    sum_g (w(g) - max_y w(g, y)), over the total weight.

    It is 0 exactly when the data are consistent, so this extends
    :func:`fits_consistent_data` to contradictory data, such as the Lecture
    10 Boolean table, whose rows 5 and 7 agree on X1 and X2 but not on Y.
    True for data with a missing value (a group is then not defined) and
    for regression data.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> reaches_least_training_error(id3, load("boolean-table"))  # 1/8: row 5 or row 7
    True
    >>> reaches_least_training_error(lambda d: id3(d, max_depth=0), load("boolean-table"))  # 3/8
    False
    """
    present = data.present()
    rows = present.rows
    missing = any(column[row] is None for column in present.columns for row in rows)
    if not rows or missing or not data.schema.is_classification:
        return True
    features = [_features(present, row) for row in rows]
    groups = tuple(dict.fromkeys(features))
    entries = zip(features, present.labels, present.row_weights, strict=True)
    table = cross_tabulate(entries, groups, present.schema.classes)
    least = total(total(group) - max(group) for group in table)
    return _same(error(learn(data), present), ratio(least, total(present.row_weights)))


def _reordered(data: Dataset, order: Sequence[int]) -> Dataset:
    """A fresh dataset of the rows ``order`` (indices into the columns), in that order."""
    return Dataset(
        data.schema,
        tuple(tuple(column[row] for row in order) for column in data.columns),
        tuple(data.target[row] for row in order),
        tuple(data.weights[row] for row in order),
    )


def is_permutation_invariant(learn: Learn, data: Dataset, order: Sequence[int]) -> bool:
    """The tree does not depend on the order of the rows.

    ``order`` is a permutation of ``data.rows``.  The permuted data are a
    new dataset whose columns, target and weights are in that order: a
    subset lists its rows in another order but keeps the columns as they
    were, so a learner that reads the columns directly would go unnoticed.

    >>> from dtree.grower.presets import id3
    >>> from dtree.tree import Leaf
    >>> from dtree.counts import stats_of
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> is_permutation_invariant(id3, xor, [1, 0, 3, 2])
    True
    >>> first_label = lambda d: Leaf(d.labels[0], stats_of(d))
    >>> is_permutation_invariant(first_label, xor, [1, 0, 3, 2])
    False
    """
    if sorted(order) != sorted(data.rows):
        raise DtreeError(
            f"{quote(tuple(order))} is not a permutation of the rows {quote(data.rows)}"
        )
    return learn(_reordered(data, order)) == learn(data)


def weights_act_as_copies(learn: Learn, data: Dataset, weights: Sequence[int]) -> bool:
    """A row of integer weight k grows the same tree as k copies of it; 0 is an absent row.

    ``weights`` has one integer >= 0 per row of ``data``; it multiplies the
    row's own weight.  When no row keeps a positive weight there is nothing
    to learn from, and the law holds vacuously.

    >>> from dtree.grower.presets import id3
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> weights_act_as_copies(id3, xor, [2, 0, 1, 3])
    True
    >>> def unweighted(d):  # counts rows, ignoring their weights
    ...     return id3(Dataset(d.schema, d.columns, d.target, rows=d.rows))
    >>> weights_act_as_copies(unweighted, xor, [2, 0, 1, 3])
    False
    """
    if len(weights) != len(data):
        raise DtreeError(f"{len(weights)} weights for {len(data)} rows")
    if not all(_is_count(k) for k in weights):
        raise DtreeError(f"copy counts must be integers >= 0, got {quote(tuple(weights))}")
    copies = [row for row, k in zip(data.rows, weights, strict=True) for _ in range(k)]
    if not any(data.weights[row] > 0 for row in copies):
        return True
    weighted = _reordered(data, data.rows).with_weights(
        [data.weights[row] * k for row, k in zip(data.rows, weights, strict=True)]
    )
    return learn(weighted) == learn(_reordered(data, copies))


def _training_rows(tree: Tree, data: Dataset) -> list[tuple[Split, tuple[int, ...]]]:
    """Every split with the rows of positive weight that reach it whole, in row order, as
    the router (:func:`dtree.routing.route`) sends them down."""
    reached: list[tuple[Split, tuple[int, ...]]] = []

    def on_split(split: Split, rows: Routed, stopped: Routed, below: tuple[None, ...]) -> None:
        reached.append((split, tuple(sorted(row for row, share in rows.shares() if share == 1))))

    whole = Routed(tuple((row, Fraction(1)) for row in _present_rows(data)))
    fold_routed(tree, data, whole, lambda leaf, rows: None, on_split)
    return reached


def _separates(data: Dataset, attribute: str) -> bool:
    return len(set(data.column(attribute))) >= 2


def splits_are_greedy(
    tree: Tree, data: Dataset, *, score: AttributeScore = information_gain
) -> bool:
    """Every split tests the first attribute, in schema order, whose score on
    the training rows that reach it is the maximum (FindBestSplit, the CS 760 notes).

    Only attributes that separate those rows (take two values or more) are
    candidates.  For multiway nominal splits (ID3); ``score`` is the
    learner's criterion, e.g. ``lambda d, a: impurity_decrease(contingency(d, a), gini)``.

    >>> from dtree.grower.presets import id3
    >>> tennis = Dataset.from_columns(
    ...     {"Wind": ["Weak", "Strong", "Weak", "Strong"], "Sky": ["Sun", "Sun", "Rain", "Rain"],
    ...      "Play": ["Yes", "Yes", "No", "No"]}, target="Play")
    >>> splits_are_greedy(id3(tennis), tennis)
    True

    A learner that never sees Sky splits on Wind, which gains nothing:

    >>> blind = Dataset.from_columns({"Wind": tennis.column("Wind"), "Play": tennis.labels},
    ...                              target="Play")
    >>> splits_are_greedy(id3(blind), tennis)
    False
    """
    for node, rows in _training_rows(tree, data):
        if not rows:
            continue
        reached = data.subset(rows)
        scores = [
            (name, score(reached, name)) for name in data.schema.names if _separates(reached, name)
        ]
        if not scores:
            return False
        top = max(value for _, value in scores)
        best = next(name for name, value in scores if _at_most(top, value))
        if node.attribute != best:
            return False
    return True


# -- trees -----------------------------------------------------------------------


def stats_are_additive(tree: Tree) -> bool:
    """Every split's statistics are the sum of its branches': the branches
    partition the split's examples (missing values in fractional shares).

    Class counts add class by class, a regression node's weight, total and
    total of squares term by term: exactly where they are integers or
    fractions, within :data:`dtree.counts.SUM_TOLERANCE` of the magnitudes
    added where a float is among them, a total's by the sums it was added from
    (:func:`dtree.counts.is_sum_of` and :func:`dtree.counts.magnitudes`, the
    check :func:`dtree.serialize.from_json` makes of a model file).  This is
    what makes pruning exact and local.

    >>> from dtree.grower.presets import id3
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> stats_are_additive(id3(xor))
    True
    >>> from dtree.conditions import Equals
    >>> from dtree.counts import ClassStats
    >>> from dtree.tree import Branch
    >>> def leaf(counts): return Leaf("F" if counts[0] else "T", ClassStats(("F", "T"), counts))
    >>> miscounted = Split((Branch(Equals("x", "a"), leaf((1, 0))),
    ...                     Branch(Equals("x", "b"), leaf((0, 1)))), ClassStats(("F", "T"), (1, 2)))
    >>> stats_are_additive(miscounted)
    False
    """
    return all(
        is_sum_of(node.stats, [branch.subtree.stats for branch in node.branches])
        for node in nodes(tree)
        if isinstance(node, Split)
    )


def _predicts(prediction: Label | float, expected: Label | float) -> bool:
    if isinstance(prediction, str) or isinstance(expected, str):
        return prediction == expected
    return _same(prediction, expected)


def leaves_predict_plurality(tree: Tree) -> bool:
    """A leaf predicts the plurality of its examples (ties to the first class;
    the mean in regression), and an empty leaf that of its nearest non-empty
    ancestor (the plurality rule of the Learning with Trees notes).

    >>> from dtree.grower.presets import id3
    >>> data = Dataset.from_columns({"X": ["a", "b", "b"], "Y": ["T", "F", "T"]}, target="Y")
    >>> tree = id3(data)
    >>> leaves_predict_plurality(tree)  # X = b is a 1-1 tie: the first class, F
    True
    >>> from dtree.counts import ClassStats
    >>> leaves_predict_plurality(Leaf("T", ClassStats(("F", "T"), (2, 1))))
    False
    """
    expected: list[Label | float | None] = []  # what each node predicts, by its place in preorder
    for node, _, edge in preorder(tree):
        inherited = None if edge is None else expected[edge.parent]
        own = central(node.stats) if node.stats.weight > 0 else inherited
        expected.append(own)
        if isinstance(node, Leaf) and own is not None and not _predicts(node.prediction, own):
            return False
    return True


def probabilities_sum_to_one(
    tree: Tree,
    example: Example,
    *,
    predict_proba: Callable[[Tree, Example], Mapping[Label, Probability]] = predict_proba,
) -> bool:
    """P(k | x) lies in [0, 1] for each class k, and sum_k P(k | x) = 1, missing values or not.

    >>> from dtree.grower.presets import id3
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> probabilities_sum_to_one(id3(xor), {"Z1": None, "Z2": "1"})
    True
    >>> def counts(tree, example):  # forgot to normalise
    ...     return dict(zip(tree.stats.classes, tree.stats.counts))
    >>> probabilities_sum_to_one(id3(xor), {"Z1": "0", "Z2": "1"}, predict_proba=counts)
    False
    """
    p = tuple(predict_proba(tree, example).values())
    return all(_at_most(0, q) and _at_most(q, 1) for q in p) and _same(sum(p), 1)


def predict_agrees_with_proba(
    tree: Tree,
    example: Example,
    *,
    predict: Callable[[Tree, Example], Label | float] = predict,
    predict_proba: Callable[[Tree, Example], Mapping[Label, Probability]] = predict_proba,
) -> bool:
    """The predicted class is the most probable, ties to the first class.

    Holds when every leaf predicts its plurality (see :func:`leaves_predict_plurality`).

    >>> from dtree.grower.presets import id3
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> predict_agrees_with_proba(id3(xor), {"Z1": "1", "Z2": "1"})
    True
    >>> predict_agrees_with_proba(id3(xor), {"Z1": "1", "Z2": "1"}, predict=lambda t, x: "1")
    False
    """
    proba = predict_proba(tree, example)
    classes = tuple(proba)
    return predict(tree, example) == classes[plurality(tuple(proba.values()))]


def _tested_values(tree: Tree, data: Dataset, attribute: str) -> list[float]:
    """Every value of ``attribute`` at which a prediction along it can change, and one on
    each side: its training values, and each threshold t the tree tests it at with the next
    float above t."""
    column = data.columns[data.schema.index(attribute)]
    values = {float(v) for v in column if isinstance(v, int | float)}
    for node in nodes(tree):
        if isinstance(node, Split):
            for branch in node.branches:
                condition = branch.condition
                if isinstance(condition, AtMost | Above) and condition.attribute == attribute:
                    values |= {condition.threshold, math.nextafter(condition.threshold, math.inf)}
    return sorted(values)


def predicts_monotonically(
    tree: Tree,
    data: Dataset,
    attribute: str,
    direction: int,
    *,
    predict: Callable[[Tree, Example], Label | float] = predict,
) -> bool:
    """Along a numeric ``attribute``, every other value of each training example held, the
    predictions never fall (``direction`` +1) or never rise (-1): numbers as they are,
    classes by their place in the schema's order (what ``monotonic_cst`` promises, see
    :mod:`dtree.grower.monotonic`).  The values tried are the training values and each
    threshold the tree tests the attribute at, with the next float above it.

    >>> from attrs import evolve
    >>> from dtree.grower.learner import CART
    >>> data = Dataset.from_columns({"x": [1.0, 2.0, 3.0, 4.0], "y": [0.0, 2.0, 1.0, 3.0]},
    ...                             target="y")
    >>> learner = evolve(CART, impurity="squared_error")
    >>> predicts_monotonically(grow(learner, data), data, "x", 1)
    False
    >>> predicts_monotonically(grow(evolve(learner, monotonic_cst=(1,)), data), data, "x", 1)
    True
    """
    classification = data.schema.is_classification

    def rank(prediction: Label | float) -> Label | float:
        return data.schema.classes.index(prediction) if classification else prediction

    values = _tested_values(tree, data, attribute)
    for row in _present_rows(data):
        example = data.example(row)
        along = [rank(predict(tree, {**example, attribute: v})) for v in values]
        steps = itertools.pairwise(along)
        if not all((b - a) * direction >= 0 for a, b in steps):  # type: ignore[operator]
            return False
    return True


def _outcome(compute: Callable[[], object]) -> object:
    """What a computation gives, each value with its type, or the error it raises, type and
    message: two computations agree when their outcomes are equal."""
    try:
        result = compute()
    except (DtreeError, OverflowError) as failure:
        return ("error", type(failure), str(failure))
    if isinstance(result, dict):
        return [(key, value, type(value)) for key, value in result.items()]
    if isinstance(result, tuple):
        return [_outcome(partial(_given, item)) for item in result]
    return (result, type(result))


def _given(value: object) -> object:
    return value


def compiled_walk_is_the_definition(
    tree: Tree,
    examples: Sequence[Example],
    spread: Spread = "training",
    *,
    compile_tree: Callable[[Tree], Compiled] = compile_tree,
) -> bool:
    """The compiled walk (:mod:`dtree.compiled`) predicts what the definition predicts,
    ``prediction_of(tree, reach(tree, x))`` for each example x, and gives the same class
    probabilities: the same values of the same types, or the same error, missing values
    shared as ``spread`` says.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> holes = [{**x, "humidity": None} for x in golf.examples()]
    >>> compiled_walk_is_the_definition(c45(golf), [*golf.examples(), *holes], "equal")
    True
    >>> stump = compile_tree(c45(golf, max_depth=1))
    >>> compiled_walk_is_the_definition(c45(golf), holes, compile_tree=lambda _: stump)
    False
    """
    compiled = compile_tree(tree)
    rows = list(examples)
    batches = [[x] for x in rows] + [rows]  # each example alone, and all at once
    classes = isinstance(tree.stats, ClassStats)
    for batch in batches:
        if _outcome(partial(predictions, compiled, batch, spread)) != _outcome(
            partial(_defined, tree, batch, spread)
        ):
            return False
        if classes and _outcome(partial(probabilities, compiled, batch, spread)) != _outcome(
            partial(_defined_proba, tree, batch, spread)
        ):
            return False
    return True


def _defined(tree: Tree, examples: Sequence[Example], spread: Spread) -> tuple[object, ...]:
    """The definition's prediction of each example: prediction_of(tree, reach(tree, x))."""
    return tuple(prediction_of(tree, reach(tree, x, spread)) for x in examples)


def _defined_proba(
    tree: Tree, examples: Sequence[Example], spread: Spread
) -> tuple[tuple[Probability, ...], ...]:
    """The definition's P(k | x) of each example: the mixture of what it reaches."""
    return tuple(tuple(mixture(tree, reach(tree, x, spread)).values()) for x in examples)


def routed_walk_is_the_definition(
    tree: Tree,
    data: Dataset,
    spread: Spread = "training",
    *,
    routed_predictions: Callable[[Tree, Dataset, Spread], object] = routed_predictions,
) -> bool:
    """The rows of a dataset routed through the tree side by side
    (:func:`dtree.routing.routed_predictions`) get the definition's predictions, row by row.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> golf = load("golf")
    >>> routed_walk_is_the_definition(c45(golf), golf)
    True
    >>> backwards = lambda tree, data, spread: data.labels[::-1]
    >>> routed_walk_is_the_definition(c45(golf), golf, routed_predictions=backwards)
    False
    """
    return _outcome(partial(routed_predictions, tree, data, spread)) == _outcome(
        partial(_defined, tree, tuple(data.examples()), spread)
    )


# -- evaluation ------------------------------------------------------------------


def folds_partition(data: Dataset, folds: Sequence[Fold]) -> bool:
    """Cross-validation folds partition the rows: every row is tested by exactly
    one fold, and each fold trains on all the others (its training and test
    rows are disjoint and together are the dataset's rows).

    >>> from dtree.resampling import k_fold
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> folds_partition(xor, k_fold(xor, 2))
    True
    >>> folds_partition(xor, (Fold((2, 3), (0, 1)), Fold((0, 1), (2,))))  # row 3 never tested
    False
    """
    rows = sorted(data.rows)
    if sorted(row for fold in folds for row in fold.test) != rows:
        return False
    everything = set(rows)
    return all(
        set(fold.train) | set(fold.test) == everything and not set(fold.train) & set(fold.test)
        for fold in folds
    )


def _within_one_of_share(count: int, n: int, k: int) -> bool:
    """floor(n / k) <= count <= ceil(n / k)."""
    return n // k <= count <= -(-n // k)


def folds_are_balanced(data: Dataset, folds: Sequence[Fold]) -> bool:
    """The k folds test floor(n / k) or ceil(n / k) of the n rows each: their
    sizes differ by at most one ("each roughly of size n/k", the Decision Trees II notes).

    >>> from dtree.resampling import k_fold
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> folds_are_balanced(xor, k_fold(xor, 3))  # tests of 2, 1 and 1 rows
    True
    >>> folds_are_balanced(xor, (Fold((3,), (0, 1, 2)), Fold((0, 1, 2), (3,))))
    False
    """
    return all(_within_one_of_share(len(fold.test), len(data), len(folds)) for fold in folds)


def folds_are_stratified(data: Dataset, folds: Sequence[Fold]) -> bool:
    """Each of the k folds tests floor(n_c / k) or ceil(n_c / k) of the n_c rows
    of each class c: every class keeps its share in every fold, to within one row.

    >>> from dtree.resampling import stratified_k_fold
    >>> data = Dataset.from_columns({"X": list("abcdef"), "Y": list("nnnyyy")}, target="Y")
    >>> folds_are_stratified(data, stratified_k_fold(data, 3))
    True

    Folds of consecutive rows test one class each on class-sorted data:

    >>> blocks = (Fold((2, 3, 4, 5), (0, 1)), Fold((0, 1, 4, 5), (2, 3)),
    ...           Fold((0, 1, 2, 3), (4, 5)))
    >>> folds_are_stratified(data, blocks)
    False
    """
    k = len(folds)
    for label in data.schema.classes:
        members = {row for row in data.rows if data.target[row] == label}
        for part in folds:
            tested = sum(1 for row in part.test if row in members)
            if not _within_one_of_share(tested, len(members), k):
                return False
    return True


def resubstitution_is_training_error(
    learn: Learn,
    data: Dataset,
    *,
    resubstitution: Callable[[Tree], Number] = resubstitution,
    error: Callable[[Tree, Dataset], Number] = error,
) -> bool:
    """R^(T) = sum over leaves t of r(t) p(t), from the leaves' statistics, is the
    error of the tree on the data it was grown from (the Learning with Trees notes).

    Each training example is counted at the leaf it reaches, so the weight a
    leaf misclassifies is the weight of its training examples that the tree
    gets wrong.  Exact for classification; in regression the leaves' sums
    are rounded, and the two agree within TOLERANCE.  With a missing value
    an example is spread over several leaves, and the law says nothing
    (True), as it does for data without a row of positive weight.

    >>> from dtree.grower.presets import id3
    >>> tennis = Dataset.from_columns(
    ...     {"Wind": ["Weak", "Strong", "Weak", "Strong", "Weak"],
    ...      "Play": ["Yes", "No", "Yes", "Yes", "No"]}, target="Play")
    >>> resubstitution_is_training_error(lambda d: id3(d, max_depth=1), tennis)
    True

    Averaging r(t) over the leaves forgets that p(t) weighs them:

    >>> from dtree.counts import training_loss
    >>> from dtree.tree import leaves
    >>> def unweighted(tree):
    ...     rates = [Fraction(training_loss(t.stats, t.prediction), t.stats.weight)
    ...              for t in leaves(tree)]
    ...     return sum(rates) / len(rates)
    >>> resubstitution_is_training_error(lambda d: id3(d, max_depth=1), tennis,
    ...                                  resubstitution=unweighted)
    False
    """
    present = data.present()
    if not present.rows or any(
        column[row] is None for column in data.columns for row in present.rows
    ):
        return True
    tree = learn(data)
    estimate, measured = resubstitution(tree), error(tree, data)
    if data.schema.is_classification:
        return _same(estimate, measured)
    return _same(float(estimate), float(measured))


def f_beta_lies_between_precision_and_recall(
    matrix: ConfusionMatrix,
    label: Label,
    beta: Number = 1,
    *,
    f_beta: Callable[..., Number] = f_beta,
) -> bool:
    """min(P, R) <= F_beta <= max(P, R): F_beta = (1 + beta^2) P R / (beta^2 P + R)
    is a weighted harmonic mean of precision P and recall R (the Decision Trees II notes).

    >>> notes = ConfusionMatrix(("+", "-"), ((2, 3), (2, 93)))  # P = 1/2, R = 2/5
    >>> f_beta_lies_between_precision_and_recall(notes, "+", 2)
    True
    >>> product = lambda m, k, beta: precision(m, k) * recall(m, k)
    >>> f_beta_lies_between_precision_and_recall(notes, "+", f_beta=product)
    False
    """
    p, r, f = precision(matrix, label), recall(matrix, label), f_beta(matrix, label, beta=beta)
    return _at_most(min(p, r), f) and _at_most(f, max(p, r))


def student_t_sf_is_a_symmetric_tail(
    t: float,
    u: float,
    df: float,
    *,
    student_t_sf: Callable[[float, float], float] = student_t_sf,
) -> bool:
    """P(T >= t) is a tail of a distribution symmetric about 0: for t <= u,
    0 <= P(T >= u) <= P(T >= t) <= 1, and P(T >= t) + P(T >= -t) = 1.

    The two statistics may come in either order.

    >>> student_t_sf_is_a_symmetric_tail(1.0, 2.5, 4)
    True

    The distribution function is symmetric too, but rises:

    >>> cdf = lambda t, df: 1 - student_t_sf(t, df)
    >>> student_t_sf_is_a_symmetric_tail(1.0, 2.5, 4, student_t_sf=cdf)
    False
    """
    low, high = sorted((t, u))
    p, q = student_t_sf(low, df), student_t_sf(high, df)
    symmetric = all(_same(student_t_sf(x, df) + student_t_sf(-x, df), 1) for x in (t, u))
    return symmetric and _at_most(0, q) and _at_most(q, p) and _at_most(p, 1)


# -- pruning ---------------------------------------------------------------------


def is_pruning_of(pruned: Tree, tree: Tree) -> bool:
    """``pruned`` is ``tree`` with some splits cut to leaves that keep their statistics
    and predict their plurality (a pruned subtree, T' <= T in Breiman's order).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tree = id3(load("play-tennis"))
    >>> cut = Leaf("Yes", tree.stats)
    >>> is_pruning_of(cut, tree), is_pruning_of(tree, cut)
    (True, False)
    >>> is_pruning_of(Leaf("No", tree.stats), tree)  # not the plurality
    False
    """
    stack: list[tuple[Tree, Tree]] = [(pruned, tree)]
    while stack:
        small, large = stack.pop()
        match small:
            case Leaf():
                if isinstance(large, Leaf):
                    if small != large:
                        return False
                elif small.stats != large.stats or not _predicts(
                    small.prediction, central(large.stats)
                ):
                    return False
            case Split(branches, stats):
                if not isinstance(large, Split) or stats != large.stats:
                    return False
                if [b.condition for b in branches] != [b.condition for b in large.branches]:
                    return False
                stack.extend(
                    (b.subtree, c.subtree) for b, c in zip(branches, large.branches, strict=True)
                )
            case _:
                assert_never(small)
    return True


def path_is_nested(alphas: Sequence[Number], trees: Sequence[Tree], *, strict: bool = True) -> bool:
    """Breiman's nested sequence: alpha_0 = 0 and the alphas increase (strictly, unless
    ``strict=False`` as in scikit-learn's path), each tree is a pruning of the one before,
    and the last is the root alone.

    >>> from dtree.prune import cost_complexity_path
    >>> from dtree.grower.presets import cart
    >>> data = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> path = cost_complexity_path(cart(data))
    >>> path_is_nested(path.alphas, path.trees)
    True
    >>> path_is_nested(path.alphas, path.trees[::-1])
    False
    """
    if not alphas or len(alphas) != len(trees) or alphas[0] != 0:
        return False
    rising = all(a < b if strict else a <= b for a, b in itertools.pairwise(alphas))
    nested = all(is_pruning_of(b, a) for a, b in itertools.pairwise(trees))
    return rising and nested and isinstance(trees[-1], Leaf)


def prune_to_is_optimal(
    tree: Tree,
    alpha: Fraction | float,
    *,
    risk: Risk = "error",
    prune_to: Callable[[Tree, Fraction | float], Tree] | None = None,
) -> bool:
    """Breiman's theorem, by brute force over every pruning: ``prune_to(tree, alpha)``
    minimises R(T) + alpha |T|, and is a pruning of every other minimiser (the smallest).

    ``prune_to`` defaults to dtree's, measuring R by ``risk``.

    >>> from dtree.grower.presets import cart
    >>> data = Dataset.from_columns({"x": list(range(10)), "y": list("0010011101")}, target="y")
    >>> prune_to_is_optimal(cart(data), Fraction(1, 10))
    True
    >>> prune_to_is_optimal(cart(data), Fraction(1, 10), prune_to=lambda tree, alpha: tree)
    False
    """

    def cost(t: Tree) -> Number:
        return cost_complexity(t, alpha, risk=risk)

    chosen = (prune_to or partial(smallest_minimiser, risk=risk))(tree, alpha)
    candidates = prunings(tree)
    least = min(cost(t) for t in candidates)
    minimisers = [t for t in candidates if cost(t) == least]
    return (
        is_pruning_of(chosen, tree)
        and cost(chosen) == least
        and all(is_pruning_of(chosen, t) for t in minimisers)
    )


def reduced_error_keeps_accuracy(
    tree: Tree,
    validation: Dataset,
    *,
    reduced_error: Callable[[Tree, Dataset], Tree] = reduced_error,
) -> bool:
    """Reduced-error pruning gives a pruning of the tree whose validation error is no
    higher (for validation data without missing values).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> data = load("play-tennis")
    >>> tree = id3(data.subset(range(10)))
    >>> reduced_error_keeps_accuracy(tree, data.subset(range(10, 14)))
    True
    >>> reduced_error_keeps_accuracy(tree, data, reduced_error=lambda t, v: Leaf("Yes", t.stats))
    False
    """
    pruned = reduced_error(tree, validation)
    return is_pruning_of(pruned, tree) and error(pruned, validation) <= error(tree, validation)


def pessimistic_keeps_estimate(
    tree: Tree,
    confidence: float = 0.25,
    *,
    data: Dataset | None = None,
    slack: float = 0.0,
    pessimistic: Callable[..., Tree] = pessimistic,
) -> bool:
    """C4.5's pruning with no slack never raises the estimated errors; without subtree
    raising (no ``data``) its result is a pruning of the tree.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> data = load("restaurant")
    >>> pessimistic_keeps_estimate(c45(data, min_objects=1), data=data)
    True
    """
    pruned = pessimistic(tree, confidence, subtree_raising=data is not None, data=data, slack=slack)
    lower = estimated_errors(pruned, confidence) <= estimated_errors(tree, confidence) + TOLERANCE
    return lower and (data is not None or is_pruning_of(pruned, tree))


def raised_errors_are_restated_estimates(
    tree: Tree,
    data: Dataset,
    confidence: float = 0.25,
    *,
    z: ZRule = "c45",
    corrected_raised_errors: Callable[..., float] = corrected_raised_errors,
) -> bool:
    """Subtree raising's estimate, as C4.5's pruning makes it, is its definition to the last
    bit: at every split of the tree, for every branch, the estimated errors of the branch
    restated on all the rows of ``data`` that reach the split.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> data = load("restaurant")
    >>> raised_errors_are_restated_estimates(c45(data, min_objects=1), data)
    True
    """

    def at_split(split: Split, rows: Routed, _: Routed, below: tuple[bool, ...]) -> bool:
        return all(below) and all(
            corrected_raised_errors(split, k, data, rows, confidence, z=z)
            == estimated_errors(restated(branch.subtree, data, rows), confidence, z=z)
            for k, branch in enumerate(split.branches)
        )

    return fold_routed(tree, data, every_row(data), lambda *_: True, at_split, recount=True)


def mdl_never_lengthens(
    tree: Tree, data: Dataset, *, mdl: Callable[[Tree, Dataset], Tree] = mdl
) -> bool:
    """Pruning by minimum description length gives a pruning of the tree whose description
    length on its training ``data`` is no longer (compared exactly, as counts of messages).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> iris = load("iris")
    >>> mdl_never_lengthens(id3(iris), iris)
    True
    >>> grown = id3(iris, max_depth=1)  # one split that pays for itself
    >>> mdl_never_lengthens(grown, iris, mdl=lambda t, d: Leaf("setosa", t.stats))
    False
    """
    pruned = mdl(tree, data)
    return is_pruning_of(pruned, tree) and messages(pruned, data) <= messages(tree, data)


def mdl_is_shortest(
    tree: Tree, data: Dataset, *, mdl: Callable[[Tree, Dataset], Tree] = mdl
) -> bool:
    """By brute force over every pruning: ``mdl(tree, data)`` has the least description
    length of them all, and is a pruning of every other pruning that has it (the smallest,
    as a tie prunes).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> xor = load("xor")  # four rows do not pay for two levels of splits
    >>> mdl_is_shortest(id3(xor), xor)
    True
    >>> mdl_is_shortest(id3(xor), xor, mdl=lambda t, d: t)
    False
    """
    chosen = mdl(tree, data)
    candidates = prunings(tree)
    least = min(messages(t, data) for t in candidates)
    shortest = [t for t in candidates if messages(t, data) == least]
    return (
        is_pruning_of(chosen, tree)
        and messages(chosen, data) == least
        and all(is_pruning_of(chosen, t) for t in shortest)
    )


# -- rules and model files -------------------------------------------------------


def rules_agree_with_tree(
    tree: Tree, examples: Iterable[Example], *, rules: Sequence[Rule] | None = None
) -> bool:
    """A tree's rules, in any order, predict what the tree predicts for every example
    that reaches one leaf (no missing value, no value the tree has not seen): the
    paths are mutually exclusive and cover every such example.

    >>> from dtree.grower.presets import id3
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> tree = id3(xor)
    >>> rules_agree_with_tree(tree, xor.examples())
    True
    >>> rules_agree_with_tree(tree, xor.examples(), rules=rules_of(tree)[1:])
    False
    """
    chosen = tuple(rules_of(tree) if rules is None else rules)
    for example in examples:
        ends = reach(tree, example)
        if len(ends) != 1 or not isinstance(ends[0][0], Leaf):
            continue
        fired = [rule.prediction for rule in chosen if fires(rule, example)]
        if fired != [predict(tree, example)]:
            return False
    return True


def model_file_round_trips(
    tree: Tree,
    *,
    to_json: Callable[[Tree], str] = to_json,
    from_json: Callable[[str], Tree] = from_json,
) -> bool:
    """Reading a tree's model file gives the tree back, every number of its own type.

    Equal trees may hold 1, 1.0 and Fraction(1) alike; the file writes them
    differently (1, 1.0, "1/1"), so equal text read back means equal types.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import c45
    >>> tree = c45(load("golf"))
    >>> model_file_round_trips(tree)
    True
    >>> model_file_round_trips(tree, from_json=lambda text: tree.branches[0].subtree)
    False
    """
    text = to_json(tree)
    back = from_json(text)
    return back == tree and to_json(back) == text


def python_agrees_with_predict(
    tree: Tree, examples: Iterable[Example], *, python: Callable[[Tree], str] = python
) -> bool:
    """The function :func:`dtree.render.python` writes predicts as ``predict`` does on
    every example whose missing values meet only splits that take them (``x <= t or
    missing``): so on every example with no missing value, and on every example of a
    tree grown by ``missing="sklearn"``.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> data = load("play-tennis")
    >>> python_agrees_with_predict(id3(data), data.examples())
    True
    >>> always_no = "def predict(example):\\n    return 'No'\\n"
    >>> python_agrees_with_predict(id3(data), data.examples(), python=lambda t: always_no)
    False
    """
    namespace: dict[str, object] = {}
    exec(compile(python(tree), "<generated>", "exec"), namespace)
    generated = namespace["predict"]
    assert callable(generated)
    return all(
        generated(example) == predict(tree, example)
        for example in examples
        if _missing_taken(tree, example)
    )


def _missing_taken(tree: Tree, example: Example) -> bool:
    """Whether each split on the example's way whose attribute it lacks a value of has a
    branch that takes missing values (the example then goes one way, as it does in the
    Python source)."""
    node = tree
    while isinstance(node, Split):
        if example.get(node.attribute) is None and not any(
            takes_missing(branch.condition) for branch in node.branches
        ):
            return False
        ways = descend(node, example)
        if len(ways) != 1:
            return True
        node = node.branches[ways[0][0]].subtree
    return True


# -- formulas ----------------------------------------------------------------------


def least_error_is_at_most_greedy(
    data: Dataset,
    depth: int,
    *,
    least_error: Callable[[Dataset, int], Tree] = optimal_least_error,
) -> bool:
    """An exact search errs no more than CART's greedy tree of the same depth.

    Where each nominal attribute has at most three values, every split CART makes divides a
    node as one of :mod:`dtree.optimal`'s binary tests does (two values against one is the
    test of the one), and a numeric cut as one of its cuts, so CART's tree of depth d is among
    the trees the search ranges over.  True, with nothing to compare, for data with a missing
    value, a nominal attribute of four or more values, or a numeric target.

    >>> from dtree.counts import stats_of
    >>> from dtree.tree import Leaf
    >>> xor = Dataset.from_columns({"a": list("0011"), "b": list("0101"), "y": list("0110")},
    ...                            target="y")
    >>> least_error_is_at_most_greedy(xor, 2)
    True
    >>> least_error_is_at_most_greedy(xor, 2, least_error=lambda d, _: Leaf("0", stats_of(d)))
    False
    """
    attributes = data.schema.attributes
    comparable = (
        data.schema.is_classification
        and all(len(a.domain.values) <= 3 for a in attributes if isinstance(a.domain, Nominal))
        and all(column[row] is not None for column in data.columns for row in data.rows)
    )
    if not comparable:
        return True
    return _at_most(error(least_error(data, depth), data), error(cart(data, max_depth=depth), data))


def dnf_agrees_with_tree(
    tree: Tree,
    label: Label,
    example: Example,
    *,
    dnf_of: Callable[[Tree, Label], Dnf] = dnf_of,
) -> bool:
    """An example satisfies ``dnf_of(tree, label)`` exactly when the tree predicts
    ``label`` (CS 536 notes: a tree is a DNF); vacuous unless it reaches one leaf.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> tennis = id3(load("play-tennis"))
    >>> day = {"Outlook": "Sunny", "Temperature": "Hot", "Humidity": "Normal", "Wind": "Weak"}
    >>> dnf_agrees_with_tree(tennis, "Yes", day)
    True
    >>> dnf_agrees_with_tree(tennis, "Yes", day, dnf_of=lambda t, k: dnf_of(t, k)[:-1])
    False
    """
    ends = reach(tree, example)
    if len(ends) != 1 or not isinstance(ends[0][0], Leaf):
        return True
    return evaluate_dnf(dnf_of(tree, label), example) is (predict(tree, example) == label)


def _names(dnf: Dnf, term: Term) -> tuple[str, ...]:
    return tuple(sorted({c.attribute for t in (*dnf, term) for c in t}))


def _implies(term: Term, dnf: Dnf) -> bool:
    table = truth_table((term,), _names(dnf, term))
    return all(evaluate_dnf(dnf, assignment) for assignment, true in table if true)


def minimum_dnf_is_equivalent_and_prime(
    dnf: Dnf, *, minimize: Callable[[Dnf], Dnf] = minimize
) -> bool:
    """``minimize(dnf)`` is equivalent to ``dnf``, and each of its terms is a prime
    implicant: it implies the formula, and no term with a literal fewer does.

    >>> from dtree.dnf import parse_dnf
    >>> minimum_dnf_is_equivalent_and_prime(parse_dnf("a & b | a & ~b & c"))
    True
    >>> minimum_dnf_is_equivalent_and_prime(parse_dnf("a & b | a & ~b & c"), minimize=lambda d: d)
    False
    """
    minimum = minimize(dnf)
    return equivalent(minimum, dnf) and all(
        _implies(term, dnf)
        and not any(_implies(term[:i] + term[i + 1 :], dnf) for i in range(len(term)))
        for term in minimum
    )


def minimum_dnf_is_no_larger(
    dnf: Dnf, other: Dnf, *, minimize: Callable[[Dnf], Dnf] = minimize
) -> bool:
    """No DNF equivalent to ``dnf`` has fewer terms than ``minimize(dnf)``, or as many
    and fewer literals; vacuous when ``other`` is not equivalent.

    >>> from dtree.dnf import parse_dnf
    >>> f = parse_dnf("~a & ~b & c | ~a & b & c | a & ~b & c | a & b & ~c")
    >>> minimum_dnf_is_no_larger(f, parse_dnf("~a & c | ~b & c | a & b & ~c"))
    True
    >>> minimum_dnf_is_no_larger(f, parse_dnf("~a & c | ~b & c | a & b & ~c"), minimize=lambda d: d)
    False
    """
    if not equivalent(dnf, other):
        return True
    minimum = minimize(dnf)
    return (len(minimum), sum(map(len, minimum))) <= (len(other), sum(map(len, other)))


def tree_of_computes_formula(dnf: Dnf, *, tree_of: Callable[[Dnf], Tree] = tree_of) -> bool:
    """``tree_of(dnf)`` predicts "1" exactly where the formula is true (CS 536 notes:
    any Boolean function is a tree).

    >>> from dtree.dnf import parse_dnf
    >>> tree_of_computes_formula(parse_dnf("x2 & x5 | x3 & ~x1"))
    True
    >>> first_term = lambda d: tree_of(d[:1], variables=("x1", "x2", "x3", "x5"))
    >>> tree_of_computes_formula(parse_dnf("x2 & x5 | x3 & ~x1"), tree_of=first_term)
    False
    """
    tree = tree_of(dnf)
    return all((predict(tree, a) == "1") is value for a, value in truth_table(dnf))


# -- functions -------------------------------------------------------------------


def leaves_arguments_unchanged(f: Callable[..., object], *args: object, **kwargs: object) -> bool:
    """Calling ``f`` leaves its arguments as they were: no function mutates its arguments.

    The arguments are deep-copied before the call and compared with ``==``
    after it, so they must compare by value.

    >>> from dtree.grower.presets import id3
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> leaves_arguments_unchanged(id3, xor, max_depth=1)
    True
    >>> leaves_arguments_unchanged(list.sort, [3, 1, 2])
    False
    """
    before = copy.deepcopy((args, kwargs))
    f(*args, **kwargs)
    return (args, kwargs) == before


def same_seed_same_answer(f: Callable[..., object], *args: object, **kwargs: object) -> bool:
    """Randomness only through a seed: called twice with the same arguments
    (its seed among them), ``f`` gives equal answers, whatever the state of
    Python's shared random generator.

    The shared generator is put in two different states for the two calls,
    and restored afterwards.

    >>> from dtree.resampling import k_fold
    >>> xor = Dataset.from_columns({"Z1": list("0011"), "Z2": list("0101"), "Y": list("0110")},
    ...                            target="Y")
    >>> same_seed_same_answer(k_fold, xor, 2, seed=7)
    True
    >>> def shuffled(data, seed):  # ignores its seed
    ...     rows = list(data.rows)
    ...     random.shuffle(rows)
    ...     return rows
    >>> same_seed_same_answer(shuffled, xor, seed=7)
    False
    """
    state = random.getstate()
    try:
        random.seed(0)
        first = f(*args, **kwargs)
        random.seed(1)
        second = f(*args, **kwargs)
    finally:
        random.setstate(state)
    return first == second


# -- bagging and random forests ----------------------------------------------------


Bagger = Callable[..., Bagged]
"""A bagger: called ``(data, learner, counts=...)`` as :func:`dtree.ensemble.bagging.bag` is."""


def forest_of_one_tree_is_the_tree(
    data: Dataset, learner: Learner, *, bag: Bagger = bag, grow: Callable[..., Tree] = grow
) -> bool:
    """A forest of one tree without bootstrap (every row's count 1) and without feature
    sampling (``max_features`` None) is the tree ``learner`` grows on the data: the same
    tree, and on every row of the data the same prediction and P(k | x).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import CART
    >>> forest_of_one_tree_is_the_tree(load("golf"), CART)
    True
    >>> bootstrapped = lambda data, learner, counts: bag(data, learner, n_trees=1, seed=3)
    >>> forest_of_one_tree_is_the_tree(load("golf"), CART, bag=bootstrapped)
    False
    """
    whole = evolve(learner, max_features=None)
    forest = bag(data, whole, counts=[(1,) * len(data.rows)]).ensemble
    tree = grow(whole, data)
    if forest.trees != (tree,):
        return False
    for example in data.examples():
        if predict(forest, example) != predict(tree, example):
            return False
        if forest.is_classifier and predict_proba(forest, example) != predict_proba(tree, example):
            return False
    return True


def is_a_pure_function_of_the_seed(
    learn: Callable[..., object], data: Dataset, seed: int, other_seed: int
) -> bool:
    """``learn(data, seed=s)`` is a pure function of s: two calls with seed s give equal
    answers, whatever the state of Python's shared generator
    (:func:`same_seed_same_answer`), and the seed s' != s gives another answer.  Two
    seeds can name the same answer by chance: two bootstrap samples of n rows are the
    same with probability at most n! / n^n (that of the likeliest sample, each row once),
    so B samples with at most (n! / n^n)^B, below 10^-5 for 14 rows and B = 1.

    >>> from dtree.datasets import load
    >>> from dtree.ensemble.bagging import random_forest
    >>> is_a_pure_function_of_the_seed(partial(random_forest, n_trees=3), load("golf"), 0, 1)
    True
    >>> seedless = lambda data, seed: bag(data, n_trees=3)  # ignores its seed
    >>> is_a_pure_function_of_the_seed(seedless, load("golf"), 0, 1)
    False
    """
    if seed == other_seed:
        raise DtreeError(f"two different seeds are needed, got {quote(seed)} twice")
    if not same_seed_same_answer(learn, data, seed=seed):
        return False
    return learn(data, seed=seed) != learn(data, seed=other_seed)


def _oob_moments(n: int) -> tuple[float, float]:
    """The mean and the variance of the share of n rows out of one bootstrap sample of n
    draws: q = (1 - 1/n)^n, and (n q + n (n - 1) (1 - 2/n)^n - n^2 q^2) / n^2."""
    q = (1 - 1 / n) ** n
    both = (1 - 2 / n) ** n
    return q, max(0.0, (n * q + n * (n - 1) * both - n * n * q * q) / (n * n))


def oob_fraction_approaches_one_over_e(counts: Sequence[Sequence[int]], *, z: float = 5) -> bool:
    """The average share of the rows out of bag (count 0) over B bootstrap samples of n rows
    is 1/e = 0.3679 within the stated tolerance

        |f - 1/e| <= |(1 - 1/n)^n - 1/e| + z sqrt(v / B),

    where (1 - 1/n)^n is the share's mean for n rows (it tends to 1/e, about 1/(2 e n)
    below) and v = (n q + n (n - 1) (1 - 2/n)^n - n^2 q^2) / n^2 its variance for one
    sample: z standard deviations of the average of B independent samples.  The counts
    must be bootstrap samples of n draws each.

    >>> from dtree.seeded import bootstrap
    >>> oob_fraction_approaches_one_over_e([bootstrap(100, 0, t) for t in range(50)])
    True
    >>> oob_fraction_approaches_one_over_e([[1] * 100] * 50)  # no row is ever out of bag
    False
    """
    if not counts or not counts[0]:
        raise DtreeError("the law needs at least one sample of at least one row")
    n, b = len(counts[0]), len(counts)
    if any(len(c) != n for c in counts):
        raise DtreeError("every sample must count the same rows")
    share = math.fsum(sum(1 for c in sample if c == 0) / n for sample in counts) / b
    mean, variance = _oob_moments(n)
    return abs(share - math.exp(-1)) <= abs(mean - math.exp(-1)) + z * math.sqrt(variance / b)


# -- boosting ------------------------------------------------------------------------------------


def _weighted_error(weights: Sequence[Real], wrong: Sequence[bool]) -> Real:
    return sum((w for w, miss in zip(weights, wrong, strict=True) if miss), Fraction(0)) / sum(
        weights
    )


def adaboost_error_is_bounded(
    data: Dataset, *, n_rounds: int = 10, adaboost: Callable[..., Ensemble] = adaboost
) -> bool:
    """AdaBoost's training error bound, at every round: the weighted training error of the
    ensemble of the first T members is at most prod_{t <= T} K sqrt(e_t (1 - e_t) / (K - 1)),
    for two classes the notes' prod_t 2 sqrt(e_t (1 - e_t)).

    ``adaboost(data, n_rounds=n_rounds)`` is fitted (learning rate 1), and e_t is
    replayed from the data and the ensemble: D_1 is the data's weights normalised, e_t
    member t's weighted error under D_t, and D_{t+1} is D_t with the rows member t gets
    wrong multiplied by its odds beta_t (to the ensemble's learning rate), normalised.
    The error and the bound are compared squared, exactly when the weights are exact
    (within 1e-9, relative, otherwise).

    Why (SAMME, K classes, learning rate 1): with alpha_t = log beta_t, the weights'
    normaliser is Z_t = (1 - e_t) + e_t beta_t = K (1 - e_t), and unrolled,
    sum_i D_1(i) exp(sum_t alpha_t [h_t(x_i) != y_i]) = prod_t Z_t.  A row the ensemble
    gets wrong has another class whose say is at least its own class's, and the two
    says add up to at most A = sum_t alpha_t, so its own class's say is at most A / 2
    and sum_t alpha_t [h_t(x_i) != y_i] >= A / 2.  Hence the error is at most
    prod_t Z_t exp(-alpha_t / 2) = prod_t K sqrt(e_t (1 - e_t) / (K - 1)).  With K = 2
    this is Freund and Schapire's bound: their AdaBoost's alpha = log((1 - e) / e) / 2
    is half SAMME's, which scales every say alike, and its weights D_t are the same.
    The bound needs the right odds: members weighed otherwise can break it.  A perfect
    member (e_t = 0) makes the bound 0, which the member alone meets (dtree's ensemble
    then), where earlier members beside it, with a finite say, can break it.

    >>> from dtree.datasets import load
    >>> adaboost_error_is_bounded(load("iris"), n_rounds=8)
    True
    >>> def overconfident(data, n_rounds):  # the right members, each say doubled
    ...     boosted = adaboost(data, n_rounds=n_rounds)
    ...     odds = tuple(beta * beta for beta in boosted.weights)
    ...     return Ensemble("samme", boosted.trees, odds, boosted.classes)
    >>> five = Dataset.from_columns({"x": [3, 10, 12, 14, 19], "y": list("abaab")}, target="y")
    >>> adaboost_error_is_bounded(five, n_rounds=4), adaboost_error_is_bounded(
    ...     five, n_rounds=4, adaboost=overconfident)
    (True, False)
    """
    ensemble = adaboost(data, n_rounds=n_rounds)
    classes = ensemble.classes
    k = len(classes)
    rows = list(data.examples())
    labels = data.labels
    given = data.row_weights
    start: list[Real] = [w if isinstance(w, float) else Fraction(w) for w in given]
    weights = [w / sum(start) for w in start]
    first = list(weights)
    bound: Real = Fraction(1)
    rate = ensemble.learning_rate
    for member, beta, stage in zip(
        ensemble.trees, ensemble.weights, staged(ensemble, rows), strict=True
    ):
        wrong = [p != y for p, y in zip(predict_many(member, data), labels, strict=True)]
        e = _weighted_error(weights, wrong)
        bound *= (
            Fraction(k * k, k - 1) * e * (1 - e)
            if not isinstance(e, float)
            else (k * k / (k - 1) * e * (1 - e))
        )
        error = _weighted_error(first, [p != y for p, y in zip(stage, labels, strict=True)])
        exact = not isinstance(error, float) and not isinstance(bound, float)
        if error * error > (bound if exact else bound * (1 + 1e-9)):
            return False
        factor = beta**rate
        weights = [w * factor if miss else w for w, miss in zip(weights, wrong, strict=True)]
        weights = [w / sum(weights) for w in weights]
    return True


def boosted_loss_never_rises(
    data: Dataset,
    *,
    n_stages: int = 10,
    learning_rate: float = 0.1,
    max_depth: int | None = 3,
    gradient_boost: Callable[..., Ensemble] = gradient_boost,
) -> bool:
    """A boosted regressor's training loss sum_i w_i (y_i - F_t(x_i))^2 never rises from one
    stage to the next (F_0 the initial value), for a learning rate of at most 1 and no
    subsample.

    Why: stage t adds nu * m_R on each leaf R of a tree fit to the residuals, m_R the
    leaf's mean residual, which changes the loss on R by -W_R m_R^2 nu (2 - nu) <= 0 for
    0 <= nu <= 2.  The losses are computed exactly from the float F_t; F_t and the leaves'
    means are rounded, so a rise within 1e-12 of the first loss is not counted.

    >>> data = Dataset.from_columns({"x": [1, 2, 3, 4, 5], "y": [1.0, 3.0, 2.0, 5.0, 4.0]},
    ...                             target="y")
    >>> boosted_loss_never_rises(data, n_stages=5, learning_rate=1.0)
    True
    >>> def overshoot(data, **options):  # learning rate 3: each step goes past the minimum
    ...     return gradient_boost(data, **{**options, "learning_rate": 3.0})
    >>> boosted_loss_never_rises(data, n_stages=5, gradient_boost=overshoot)
    False
    """
    model = gradient_boost(
        data, n_stages=n_stages, learning_rate=learning_rate, max_depth=max_depth
    )
    rows = list(data.examples())
    ys = [Fraction(float(y)) for y in data.labels]
    weights = [Fraction(w) for w in data.row_weights]

    def loss(fs: Sequence[Label | float]) -> Fraction:
        return sum(
            (w * (y - Fraction(float(f))) ** 2 for w, y, f in zip(weights, ys, fs, strict=True)),
            Fraction(0),
        )

    losses = [loss([float(model.initial)] * len(rows))]
    losses += [loss(stage) for stage in staged(model, rows)]
    slack = Fraction(1, 10**12) * losses[0]
    return all(later <= earlier + slack for earlier, later in itertools.pairwise(losses))
