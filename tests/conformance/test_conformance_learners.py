"""dtree.conformance.learner_for: a peer's settings as a Recipe, and the Recipe fits as the peer.

Each mapping is checked setting by setting, each refusal by the name it
gives; then the recipes are fitted next to the peers themselves:
scikit-learn on the tie-free seeded problems (``helpers.SEEDED``: the read
estimator and the recipe's tree render identically), Weka's J48 on its own
example data (the same leaves and size, under each option), and rpart on
iris and kyphosis (the same splits with the same counts).
"""

from __future__ import annotations

import csv
import io
import math
import pickle
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from attrs import evolve
from helpers import SEEDED, Criterion, Options, Problem, fit_sklearn, seeded_problem
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from dtree import read_arff, read_csv
from dtree.conformance import CostComplexity, Pessimistic, Recipe, from_sklearn, learner_for
from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.evaluate import cross_validate
from dtree.grower.learner import CART, J48
from dtree.grower.make_subtree import grow
from dtree.progress import Progress
from dtree.render import text
from dtree.tree import Leaf, n_leaves, nodes, size

# -- scikit-learn ---------------------------------------------------------------------------


def test_sklearn_defaults_are_cart_grown_until_pure() -> None:
    recipe = learner_for("sklearn")
    assert recipe == Recipe("sklearn", evolve(CART, missing="learned"), None, (), (), "")
    assert recipe.system == "sklearn"


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"criterion": "entropy"}, {"impurity": "entropy"}),
        ({"criterion": "log_loss"}, {"impurity": "entropy"}),
        ({"criterion": "squared_error"}, {"impurity": "squared_error"}),
        ({"max_depth": 3}, {"max_depth": 3}),
        ({"max_depth": None}, {}),
        ({"max_leaf_nodes": 8}, {"max_leaf_nodes": 8}),
        ({"min_samples_split": 2, "min_samples_leaf": 1}, {}),
        ({"min_samples_split": 10}, {"min_samples_split": 10}),
        ({"min_samples_leaf": 4}, {"min_samples_leaf": 4}),
        ({"min_impurity_decrease": 0.01}, {"min_impurity_decrease": 0.01}),
        ({"random_state": 7, "splitter": "best", "max_features": None}, {}),
        ({"class_weight": None, "min_weight_fraction_leaf": 0.0, "monotonic_cst": None}, {}),
    ],
)
def test_sklearn_settings_map_to_learner_options(
    params: dict[str, Any], expected: dict[str, Any]
) -> None:
    learner = learner_for("sklearn", **params).learner
    for name, value in expected.items():
        assert getattr(learner, name) == value
    untouched = {"impurity", "max_depth", "max_leaf_nodes", "min_samples_split"}
    untouched |= {"min_samples_leaf", "min_impurity_decrease"}
    for name in untouched - expected.keys():
        assert getattr(learner, name) == getattr(CART, name)


def test_sklearn_ccp_alpha_prunes_by_impurity() -> None:
    recipe = learner_for("sklearn", criterion="entropy", ccp_alpha=0.02)
    assert recipe.pruning == CostComplexity(0.02, "impurity", "entropy")
    assert learner_for("sklearn", ccp_alpha=0.0).pruning is None


@pytest.mark.parametrize(
    ("name", "value", "why"),
    [
        ("splitter", "random", "a random splitter"),
        ("max_features", 2, "a random draw of the features"),
        ("max_features", "sqrt", "a random draw of the features"),
        ("class_weight", "balanced", "weights in the dataset"),
        ("min_weight_fraction_leaf", 0.1, "a share of the total weight"),
        ("monotonic_cst", [1, 0], "monotonicity"),
        ("criterion", "poisson", "dtree has"),
        ("criterion", "friedman_mse", "dtree has"),
        ("min_samples_split", 0.1, "a fraction of the rows"),
        ("min_samples_leaf", 0.5, "a fraction of the rows"),
        ("max_depth", 0, "an integer >= 1"),
        ("max_depth", 2.5, "it must be an integer >= 1$"),
        ("ccp_alpha", -1.0, "a finite number >= 0"),
        ("presort", True, "no such scikit-learn setting"),
    ],
)
def test_sklearn_settings_without_counterpart_are_refused_by_name(
    name: str, value: object, why: str
) -> None:
    with pytest.raises(DtreeError, match=f"^sklearn setting {name}=.* is refused: .*{why}"):
        learner_for("sklearn", **{name: value})


@pytest.mark.parametrize(
    ("system", "settings"),
    [("j48", {"M": 2.0}), ("rpart", {"minsplit": 20.5}), ("rpart", {"maxdepth": 2.5})],
)
def test_a_count_that_is_no_integer_is_not_called_a_fraction_of_the_rows(
    system: str, settings: dict[str, object]
) -> None:
    # only scikit-learn reads a float as a share of the rows
    with pytest.raises(DtreeError, match=r"is refused: (it must be an integer|rpart takes)"):
        learner_for(system, **settings)


def test_unknown_system_is_refused() -> None:
    with pytest.raises(DtreeError, match="unknown system 'weka'"):
        learner_for("weka")


def test_sklearn_minima_count_rows() -> None:
    """scikit-learn's min_samples_* count rows: on weighted data they are refused."""
    data = load("iris").with_weights([2] * 150)
    assert n_leaves(learner_for("sklearn", max_depth=2)(data)) == 3
    with pytest.raises(DtreeError, match="sklearn's min_samples_leaf counts rows"):
        learner_for("sklearn", min_samples_leaf=3)(data)
    both = learner_for("sklearn", min_samples_leaf=3, min_samples_split=7)
    with pytest.raises(DtreeError, match="min_samples_leaf and min_samples_split count rows"):
        both(data)


def test_sklearn_missing_values_go_down_the_learned_branch() -> None:
    """Row 1's missing x goes right with the other b: scikit-learn's side, learned."""
    data = Dataset.from_columns({"x": [1.0, None, 3.0], "y": ["a", "b", "b"]}, target="y")
    tree = learner_for("sklearn")(data)
    assert text(tree).splitlines()[1:] == [
        "x <= 2 [a: 1, b: 0]: a",
        "x > 2 or missing [a: 0, b: 2]: b",
    ]
    with pytest.raises(DtreeError, match="surrogate"):
        learner_for("rpart")(data)  # rpart's surrogates still have no counterpart


def test_a_classifiers_settings_on_regression_data_are_refused() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0], "y": [1.0, 2.0]}, target="y")
    with pytest.raises(DtreeError, match="grow a classification tree; the dataset is a regression"):
        learner_for("sklearn", criterion="gini")(data)


def _sklearn_params(problem: Problem) -> dict[str, Any]:
    return {"criterion": problem.criterion, "random_state": 0, **problem.options.for_sklearn()}


@pytest.mark.parametrize("criterion", ["gini", "entropy", "squared_error"])
@pytest.mark.parametrize(("seed", "options"), SEEDED)
def test_a_recipe_fits_as_sklearn(seed: int, options: Options, criterion: Criterion) -> None:
    """On the seeded problems, which have no tie, the trees are the same, line for line."""
    problem = seeded_problem(seed, rows=200, width=3, criterion=criterion, options=options)
    data = problem.dataset()
    theirs = from_sklearn(fit_sklearn(problem), data)
    ours = learner_for("sklearn", **_sklearn_params(problem))(data)
    assert text(ours) == text(theirs)


@pytest.mark.parametrize("criterion", ["gini", "entropy", "squared_error"])
def test_a_recipe_prunes_as_sklearn(criterion: Criterion) -> None:
    """ccp_alpha between two alphas of scikit-learn's path (so no float rounding decides)."""
    options = Options(max_depth=4)  # seed 4 at depth 4: no tie (see helpers.SEEDED)
    problem = seeded_problem(4, rows=200, width=3, criterion=criterion, options=options)
    data = problem.dataset()
    kind = DecisionTreeRegressor if criterion == "squared_error" else DecisionTreeClassifier
    X = np.array(problem.rows, dtype=np.float32)  # noqa: N806
    y = np.array(problem.target, dtype=np.float64 if criterion == "squared_error" else str)
    full = kind(criterion=criterion, max_depth=4)
    alphas = sorted(set(full.cost_complexity_pruning_path(X, y).ccp_alphas.tolist()))
    assert len(alphas) >= 5
    for k in (1, len(alphas) // 2, len(alphas) - 3):
        alpha = math.sqrt(alphas[k] * alphas[k + 1])
        estimator = kind(criterion=criterion, max_depth=4, ccp_alpha=alpha, random_state=0)
        theirs = from_sklearn(estimator.fit(X, y), data)
        ours = learner_for("sklearn", criterion=criterion, max_depth=4, ccp_alpha=alpha)(data)
        assert text(ours) == text(theirs)
        assert 1 < n_leaves(ours) < estimator.tree_.node_count


# -- rpart ----------------------------------------------------------------------------------


def test_rpart_defaults() -> None:
    recipe = learner_for("rpart")
    learner = recipe.learner
    assert (learner.impurity, learner.nominal) == ("gini", "subsets")
    assert (learner.min_samples_split, learner.min_samples_leaf, learner.max_depth) == (20, 7, 30)
    assert recipe.pruning == CostComplexity(0.01, "error", relative=True)


@pytest.mark.parametrize(
    ("params", "split", "bucket"),
    [({"minsplit": 10}, 10, 3), ({"minbucket": 5}, 15, 5), ({"minsplit": 8, "minbucket": 4}, 8, 4)],
)
def test_rpart_minsplit_and_minbucket_follow_rpart_control(
    params: dict[str, Any], split: int, bucket: int
) -> None:
    learner = learner_for("rpart", **params).learner
    assert (learner.min_samples_split, learner.min_samples_leaf) == (split, bucket)


def test_rpart_method_and_split() -> None:
    assert learner_for("rpart", method="anova").learner.impurity == "squared_error"
    assert learner_for("rpart", split="information").learner.impurity == "entropy"
    assert learner_for("rpart", maxdepth=2, xval=0, maxcompete=0).learner.max_depth == 2


@pytest.mark.parametrize(
    ("name", "value", "why"),
    [
        ("method", "poisson", "dtree has class and anova"),
        ("split", "twoing", "dtree has gini and information"),
        ("maxdepth", 31, "from 1 to 30"),
        ("cp", -0.1, "a finite number >= 0"),
        ("parms", "prior", "no such rpart setting"),
        ("cost", [1, 2], "no such rpart setting"),
    ],
)
def test_rpart_settings_without_counterpart_are_refused_by_name(
    name: str, value: object, why: str
) -> None:
    with pytest.raises(DtreeError, match=f"^rpart setting {name}=.* is refused: .*{why}"):
        learner_for("rpart", **{name: value})


def test_rpart_surrogates_refuse_missing_values() -> None:
    recipe = learner_for("rpart", maxsurrogate=0)
    data = Dataset.from_columns({"x": [1.0, None, 3.0], "y": ["a", "b", "b"]}, target="y")
    with pytest.raises(DtreeError, match=r"surrogate splits \(maxsurrogate, usesurrogate"):
        recipe(data)


def test_rpart_cp_is_relative_to_the_roots_risk() -> None:
    """play-tennis: R(root) = 5/14; cp = 0.2 is alpha = 1/14 > 1/28, which prunes to one leaf
    the splits whose links are weaker than that."""
    data = load("play-tennis")
    tree = grow(learner_for("rpart", minsplit=2, minbucket=1).learner, data)
    pruned = learner_for("rpart", minsplit=2, minbucket=1, cp=0.2)(data)
    assert n_leaves(tree) == 7
    assert n_leaves(pruned) == 3


# -- J48 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "min_objects", "pruning"),
    [
        ({}, 2, Pessimistic()),
        ({"C": 0.1}, 2, Pessimistic(confidence=0.1)),
        ({"M": 5}, 5, Pessimistic()),
        ({"U": True}, 2, Pessimistic(prune=False)),
        ({"U": True, "O": True}, 2, Pessimistic(prune=False, collapse=False)),
        ({"S": True}, 2, Pessimistic(subtree_raising=False)),
        ({"L": True, "Q": 3}, 2, Pessimistic()),
    ],
)
def test_j48_options(params: dict[str, Any], min_objects: int, pruning: Pessimistic) -> None:
    recipe = learner_for("j48", **params)
    assert recipe.learner == evolve(J48, min_objects=min_objects)
    assert recipe.pruning == pruning


def test_j48_without_mdl_correction() -> None:
    assert learner_for("j48", J=True).learner.mdl is False


@pytest.mark.parametrize(
    ("params", "why"),
    [
        ({"B": True}, "one value against the rest"),
        ({"A": True}, "Laplace"),
        ({"R": True}, "reduced_error"),
        ({"N": 3}, "reduced-error pruning"),
        ({"C": 0.6}, r"confidence is in \(0, 0.5\]"),
        ({"M": 0}, "an integer >= 1"),
        ({"U": "yes"}, "True or False"),
        ({"U": True, "C": 0.1}, "U asks for none"),
        ({"doNotMakeSplitPointActualValue": True}, "no such J48 option"),
    ],
)
def test_j48_options_without_counterpart_are_refused_by_name(
    params: dict[str, Any], why: str
) -> None:
    with pytest.raises(DtreeError, match=f"^j48 setting .* is refused: .*{why}"):
        learner_for("j48", **params)


def test_j48_default_on_iris_is_the_published_tree() -> None:
    tree = learner_for("j48")(load("iris"))
    assert (n_leaves(tree), size(tree)) == (5, 9)


# -- a recipe is a value ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "recipe",
    [learner_for("sklearn", ccp_alpha=0.01), learner_for("rpart"), learner_for("j48", M=3)],
    ids=["sklearn", "rpart", "j48"],
)
def test_a_recipe_pickles_and_is_a_learning(recipe: Recipe) -> None:
    assert pickle.loads(pickle.dumps(recipe)) == recipe
    assert hash(recipe) == hash(pickle.loads(pickle.dumps(recipe)))
    data = load("iris")
    assert cross_validate(recipe, data, folds=3, seed=0) == cross_validate(
        pickle.loads(pickle.dumps(recipe)), data, folds=3, seed=0
    )
    seen: list[Progress] = []
    cross_validate(recipe, data, folds=3, seed=0, progress=seen.append)
    assert "fold 3/3, growing" in {report.what for report in seen}


# -- the live peers ---------------------------------------------------------------------------

J48_CASES = [(), ("-U",), ("-M", "5"), ("-C", "0.1"), ("-S",), ("-M", "1", "-C", "0.5")]


def _j48_params(options: tuple[str, ...]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    flags = iter(options)
    for flag in flags:
        name = flag.lstrip("-")
        params[name] = True if name in "USOJL" else float(next(flags))
    if "M" in params:
        params["M"] = int(params["M"])
    return params


@pytest.mark.parametrize("name", ["iris", "diabetes", "glass", "breast-cancer", "labor", "vote"])
def test_a_recipe_fits_as_j48(name: str, weka_jar: Path, weka_examples: Path) -> None:
    """Weka's J48 on its own example data: the same number of leaves and size, option by option
    (the trees themselves are compared by the J48 reader's tests)."""
    path = weka_examples / f"{name}.arff"
    data = read_arff(path)
    for options in J48_CASES:
        command = ["java", "-cp", str(weka_jar), "weka.classifiers.trees.J48", "-no-cv"]
        printed = subprocess.run(
            [*command, "-t", str(path), *options], check=True, capture_output=True, text=True
        ).stdout
        leaves = re.search(r"Number of Leaves\s*:\s*(\d+)", printed)
        total = re.search(r"Size of the tree\s*:\s*(\d+)", printed)
        assert leaves is not None, printed
        assert total is not None, printed
        tree = learner_for("j48", **_j48_params(options))(data)
        assert (n_leaves(tree), size(tree)) == (int(leaves[1]), int(total[1])), options


RPART_FRAME = """
library(rpart)
data <- {data}
fit <- rpart({formula}, data = data, {settings})
write.csv(data, "{csv}", row.names = FALSE)
frame <- fit$frame
cat(paste(as.character(frame$var), frame$n, sep = ","), sep = "\\n")
"""


def _rpart_splits(rscript: str, tmp: Path, data: str, formula: str, settings: str) -> list[str]:
    script = RPART_FRAME.format(data=data, formula=formula, settings=settings, csv=tmp / "d.csv")
    done = subprocess.run([rscript, "-e", script], check=True, capture_output=True, text=True)
    return done.stdout.split()


def _dtree_splits(tree: Any, renamed: dict[str, str]) -> list[str]:
    return [
        f"{'<leaf>' if isinstance(node, Leaf) else renamed.get(node.attribute, node.attribute)},"
        f"{node.stats.weight}"
        for node in nodes(tree)
    ]


@pytest.mark.parametrize(
    ("frame", "formula", "params", "target"),
    [
        ("iris", "Species ~ .", {}, "Species"),
        ("kyphosis", "Kyphosis ~ Age + Number + Start", {}, "Kyphosis"),
        ("kyphosis", "Kyphosis ~ Age + Number + Start", {"cp": 0.0, "minsplit": 2}, "Kyphosis"),
        ("kyphosis", "Kyphosis ~ Age + Number + Start", {"minbucket": 3, "cp": 0.02}, "Kyphosis"),
        ("car.test.frame", "Mileage ~ Weight", {"method": "anova"}, "Mileage"),
    ],
)
def test_a_recipe_fits_as_rpart(  # noqa: PLR0917  # the case's four fields, two fixtures
    frame: str, formula: str, params: dict[str, Any], target: str, rscript: str, tmp_path: Path
) -> None:
    """rpart's frame, node by node: the variable split (or leaf) and the rows, as multisets
    (rpart puts a split's larger side first where dtree puts x <= t first)."""
    settings = ", ".join(
        f'{k} = "{v}"' if isinstance(v, str) else f"{k} = {v}" for k, v in params.items()
    )
    theirs = _rpart_splits(rscript, tmp_path, frame, formula, settings or "model = FALSE")
    columns = next(csv.reader(io.StringIO((tmp_path / "d.csv").read_text())))
    data = read_csv(tmp_path / "d.csv", target=target, missing=["NA"])  # R writes NA
    used = [c for c in columns if c == target or c in formula or formula.endswith(".")]
    kept = Dataset.from_columns(
        {c: data.column(c) if c != target else data.target for c in used},
        target=target,
        classes=data.schema.classes if data.schema.is_classification else None,
    )
    ours = _dtree_splits(learner_for("rpart", **params)(kept), {})
    assert Counter(ours) == Counter(theirs)
