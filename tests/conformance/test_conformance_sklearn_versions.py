"""dtree.conformance.sklearn_versions: scikit-learn's releases as data, and the conventions
the sklearn recipe grows by, each against live scikit-learn on data that exercises it."""

from __future__ import annotations

import pytest
from attrs import evolve

from dtree.conditions import AtMost
from dtree.conformance import learner_for
from dtree.conformance.sklearn_versions import (
    EPSILON,
    RELEASES,
    Conventions,
    installed_version,
    release_of,
)
from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.grower.make_subtree import grow
from dtree.tree import Split, n_leaves

# -- the version table ---------------------------------------------------------------------


def test_releases_run_from_1_0_to_1_9_in_order() -> None:
    assert [release.version for release in RELEASES] == [(1, minor) for minor in range(10)]


@pytest.mark.parametrize(
    ("version", "name"),
    [("1.0", "1.0"), ("1.3.2", "1.3"), ("1.6.0rc1", "1.6"), ("1.9.1", "1.9"), ("1.4.dev0", "1.4")],
)
def test_a_version_string_names_its_release(version: str, name: str) -> None:
    assert release_of(version).name == name


@pytest.mark.parametrize("version", ["0.24.2", "1.10.0", "2.0"])
def test_an_unsupported_version_is_refused_with_the_range(version: str) -> None:
    with pytest.raises(DtreeError, match=f"'{version}' is not supported: dtree knows 1.0 to 1.9"):
        learner_for("sklearn", version=version)


def test_a_malformed_version_is_refused() -> None:
    with pytest.raises(DtreeError, match="'latest' is not a version"):
        release_of("latest")


def test_the_default_is_the_installed_release_or_the_newest() -> None:
    installed = installed_version()
    expected = RELEASES[-1] if installed is None else release_of(installed)
    assert release_of() == expected
    assert learner_for("sklearn").conventions == expected.conventions


@pytest.mark.parametrize(("old", "new"), [("mse", "squared_error")])
@pytest.mark.parametrize("version", ["1.0", "1.1.3"])
def test_old_criterion_names_are_accepted_by_the_releases_that_had_them(
    old: str, new: str, version: str
) -> None:
    learner = learner_for("sklearn", criterion=old, version=version).learner
    assert learner.impurity == new


@pytest.mark.parametrize("version", ["1.2", "1.9"])
def test_old_criterion_names_are_refused_after_their_removal(version: str) -> None:
    with pytest.raises(DtreeError, match=f"scikit-learn {version} has no such criterion"):
        learner_for("sklearn", criterion="mse", version=version)


def test_a_new_name_is_refused_for_an_old_release_with_the_releases_that_have_it() -> None:
    with pytest.raises(
        DtreeError, match=r"1\.0 has no such criterion .* log_loss is in 1\.1 to 1\.9"
    ):
        learner_for("sklearn", criterion="log_loss", version="1.0.2")
    assert learner_for("sklearn", criterion="log_loss", version="1.1").learner.impurity == "entropy"


def test_friedman_mse_is_squared_error_in_1_9_only() -> None:
    assert learner_for("sklearn", criterion="friedman_mse", version="1.9").learner.impurity == (
        "squared_error"
    )
    assert release_of("1.8").criterion("friedman_mse") == "friedman_mse"


def test_monotonic_cst_is_refused_by_name_before_1_4() -> None:
    with pytest.raises(
        DtreeError, match=r"monotonic_cst=None is refused: scikit-learn 1\.3 has no"
    ):
        learner_for("sklearn", monotonic_cst=None, version="1.3")
    learner_for("sklearn", monotonic_cst=None, version="1.4")


def test_missing_values_are_refused_as_releases_before_1_3_refuse_them() -> None:
    data = Dataset.from_columns({"x": [0.0, None, 2.0], "y": ["a", "b", "a"]}, target="y")
    with pytest.raises(DtreeError, match=r"refusing them \(scikit-learn 1.2 does\)"):
        learner_for("sklearn", version="1.2")(data)


def test_the_version_is_not_a_setting_passed_to_scikit_learn() -> None:
    recipe = learner_for("sklearn", version="1.5", max_depth=2)
    assert recipe.settings == (("max_depth", 2),)
    assert recipe.conventions == Conventions("1.5")


def test_every_release_grows_by_the_same_conventions() -> None:
    assert {release.conventions.feature_tolerance for release in RELEASES} == {1e-7}
    assert {release.conventions.purity_epsilon for release in RELEASES} == {EPSILON}


# -- the conventions, against live scikit-learn ---------------------------------------------

UP = 2.0**-23  # one float32 step above 1.0
"""Between 1 and 2, float32 numbers are 2^-23 apart (about 1.19e-7)."""


def _classes(xs: list[float], ys: list[str]) -> Dataset:
    return Dataset.from_columns({"x": xs, "y": ys}, target="y")


def _targets(xs: list[float], ys: list[float]) -> Dataset:
    return Dataset.from_columns({"x": xs, "y": ys}, target="y")


def _sklearn_leaves(data: Dataset, **settings: object) -> int:
    sklearn_tree = pytest.importorskip("sklearn.tree")
    np = pytest.importorskip("numpy")
    x = np.array([[value] for value in data.column("x")], dtype=float)
    y = list(data.target)
    kind = sklearn_tree.DecisionTreeRegressor
    if data.schema.is_classification:
        kind = sklearn_tree.DecisionTreeClassifier
    return int(kind(random_state=0, **settings).fit(x, y).get_n_leaves())


@pytest.mark.parametrize(
    ("low", "high", "cut"),
    [
        (0.1, 0.1 + 5e-8, False),  # closer than 1e-7
        (0.1, 0.1 + 2e-7, True),
        (1.0, 1.0 + UP, False),  # 1.19e-7 apart, yet 1 + 1e-7 rounds up to 1 + UP in float32
        (2.0, 2.0 + 2 * UP, True),  # 2.38e-7 apart: 2 + 1e-7 rounds back to 2
        (0.1, 0.1 + 1e-9, False),  # one float32 number
    ],
)
def test_values_within_the_float32_feature_tolerance_are_one_value(
    low: float, high: float, cut: bool
) -> None:
    data = _classes([low, high], ["a", "b"])
    assert _sklearn_leaves(data) == (2 if cut else 1)
    assert isinstance(learner_for("sklearn")(data), Split) == cut


def test_thresholds_are_midpoints_of_the_float32_values() -> None:
    sklearn_tree = pytest.importorskip("sklearn.tree")
    data = _classes([0.1, 0.3], ["a", "b"])
    estimator = sklearn_tree.DecisionTreeClassifier(random_state=0).fit([[0.1], [0.3]], ["a", "b"])
    tree = learner_for("sklearn")(data)
    assert isinstance(tree, Split)
    condition = tree.branches[0].condition
    assert isinstance(condition, AtMost)
    assert condition.threshold == float(estimator.tree_.threshold[0]) != 0.2


@pytest.mark.parametrize(
    ("spread", "split"),
    [(1e-10, False), (2.9e-8, False), (3e-8, True), (1e-7, True)],
)
def test_a_regression_node_of_impurity_at_most_epsilon_is_a_leaf(
    spread: float, split: bool
) -> None:
    data = _targets([0.0, 1.0], [0.0, spread])  # i(t) = spread^2 / 4
    assert (spread**2 / 4 > EPSILON) == split
    assert _sklearn_leaves(data) == (2 if split else 1)
    recipe = learner_for("sklearn", criterion="squared_error")
    assert isinstance(recipe(data), Split) == split
    exact = evolve(recipe.learner, purity_tolerance=0.0)  # dtree's own rule: one target value
    assert isinstance(grow(exact, data), Split)


@pytest.mark.parametrize(
    ("minimum", "split"),
    [(0.5, True), (0.5 + 2**-53, True), (0.5 + 2**-52, True), (0.5 + 3 * 2**-53, False)],
)
def test_min_impurity_decrease_is_met_within_epsilon(minimum: float, split: bool) -> None:
    data = _classes([0.0, 1.0], ["a", "b"])  # the cut's weighted Gini decrease: 0.5
    assert _sklearn_leaves(data, min_impurity_decrease=minimum) == (2 if split else 1)
    recipe = learner_for("sklearn", min_impurity_decrease=minimum)
    assert n_leaves(recipe(data)) == (2 if split else 1)
