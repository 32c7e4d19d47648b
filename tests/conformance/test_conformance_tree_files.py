"""dtree.conformance.tree_files: any implementation's tree as a dtree-tree document.

The JSON Schema shipped in the package holds for every tree dtree writes (the golden
corpus, and trees grown on generated data with missing values and every kind of split)
and refuses the documents of the wrong shape that the reader refuses; the reader reads a
written tree back with no finding and names the node of an edited count by its place in
the file.  An implementation written without dtree (``independent_cart.py``) writes its
trees in the format a few lines long, and ``check`` and ``dtree check --format dtree``
find them the trees scikit-learn's conventions grow.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from independent_cart import fit, to_dtree_json

from dtree.cli import main
from dtree.conformance import check, read_tree, tree_reading, tree_schema
from dtree.dataset import Dataset, Numeric
from dtree.datasets import load
from dtree.errors import DtreeError
from dtree.grower.presets import cart
from dtree.serialize import from_json, to_json
from dtree.strategies import datasets, regression_datasets

GOLDEN = Path(__file__).parent.parent / "golden"
VALIDATOR = jsonschema.Draft202012Validator(tree_schema())


def meets_schema(text: str) -> bool:
    return bool(VALIDATOR.is_valid(json.loads(text)))


def test_the_schema_is_a_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(tree_schema())


def test_every_tree_of_the_golden_corpus_meets_the_schema() -> None:
    files = sorted(GOLDEN.glob("*.json"))
    assert len(files) > 500
    for path in files:
        errors = list(VALIDATOR.iter_errors(json.loads(path.read_text())))
        assert not errors, f"{path.name}: {errors[0].message}"


@given(
    data=st.one_of(
        datasets(max_numeric=3, missing=True, weighted=True),
        regression_datasets(max_rows=12, missing=True, weighted=True),
    ),
    missing=st.sampled_from(["fractional", "learned"]),
)
def test_every_tree_dtree_writes_meets_the_schema(data: Dataset, missing: str) -> None:
    """Trees with missing-value branches ("missing": true, the threshold "inf"), subsets,
    fractions: whatever the writer writes, the schema accepts."""
    try:
        tree = cart(data, missing=missing)  # type: ignore[arg-type]  # one of the two
    except DtreeError:  # "learned" and a nominal attribute's missing value: refused
        tree = cart(data, missing="fractional")
    assert meets_schema(to_json(tree))


GOLF = to_json(cart(load("golf"), max_depth=1))


def edited(change: Any) -> str:
    document = json.loads(GOLF)
    change(document)
    return json.dumps(document)


BROKEN = {
    "no format": lambda d: d.pop("format"),
    "another version": lambda d: d.update(version=2),
    "an unknown key": lambda d: d.update(author="me"),
    "a regression tree with classes": lambda d: d.update(target="regression"),
    "a node both leaf and split": lambda d: d["nodes"][1].update(branches=[]),
    "an unknown condition": lambda d: d["nodes"][0]["branches"][0]["condition"].update(
        kind="Below"
    ),
    "a negative count": lambda d: d["nodes"][1]["stats"].update(counts=[-1, 4]),
    "missing false": lambda d: d["nodes"][0]["branches"][0]["condition"].update(missing=False),
    "a subtree by name": lambda d: d["nodes"][0]["branches"][0].update(subtree="left"),
}


@pytest.mark.parametrize("change", BROKEN.values(), ids=BROKEN.keys())
def test_the_schema_refuses_what_the_reader_refuses(change: Any) -> None:
    text = edited(change)
    assert not meets_schema(text)
    with pytest.raises(DtreeError):
        from_json(text)


def test_the_reader_checks_what_a_schema_cannot_say() -> None:
    """A split whose counts are not its branches' sum has the right shape."""
    text = edited(lambda d: d["nodes"][0]["stats"].update(counts=[9, 6]))
    assert meets_schema(text)
    with pytest.raises(DtreeError, match=r"\$\.nodes\[0\]\.stats\.counts: the split counts"):
        from_json(text)


@given(data=datasets(max_numeric=3, missing=True))
def test_a_tree_written_is_read_onto_its_data_with_no_finding(data: Dataset) -> None:
    tree = cart(data, missing="fractional")
    reading = tree_reading(to_json(tree), data)
    assert reading.findings == ()
    assert reading.tree == tree


def test_an_edited_count_is_a_finding_named_by_its_place_in_the_file() -> None:
    """The root's branches listed in the other order (not in preorder): the findings still
    name the index in the file of each node edited, and its path; read_tree refuses it."""
    golf = load("golf")
    document = json.loads(GOLF)
    root, first, second = document["nodes"]
    for branch in root["branches"]:
        branch["subtree"] = 3 - branch["subtree"]  # 1 <-> 2
    root["stats"]["counts"][0] += 1
    first["stats"]["counts"][0] += 1
    text = json.dumps({**document, "nodes": [root, second, first]})
    findings = tree_reading(text, golf, file="tree.json").findings
    assert [f.node for f in findings] == ["tree.json: $.nodes[0]", "tree.json: $.nodes[2]"]
    assert findings[0].path == ()
    assert len(findings[1].path) == 1
    with pytest.raises(DtreeError, match=r"^tree.json: \$\.nodes\[0\]: the file's statistics"):
        read_tree(text, golf, file="tree.json")


def test_counts_too_large_for_a_float_are_compared_exactly() -> None:
    data = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0, 4.0]}, target="y")
    document = json.loads(to_json(cart(data, max_depth=0)))
    document["nodes"][0]["stats"]["total_squares"] = 10**400
    [finding] = tree_reading(json.dumps(document), data).findings
    assert finding.theirs == (3, 7.0, 10**400)


def test_a_split_of_one_branch_fails_the_schema_as_the_reader() -> None:
    text = edited(lambda d: d["nodes"][0].update(branches=d["nodes"][0]["branches"][:1]))
    assert not meets_schema(text)
    with pytest.raises(DtreeError):
        from_json(text)


def test_a_file_with_a_byte_order_mark_reads_as_without() -> None:
    golf = load("golf")
    for text in ("\ufeff" + GOLF, ("\ufeff" + GOLF).encode()):
        assert tree_reading(text, golf) == tree_reading(GOLF, golf)


def test_a_tree_that_does_not_fit_the_data_is_refused_in_one_line() -> None:
    regression = Dataset.from_columns({"x": [1.0, 2.0], "y": [0.5, 1.5]}, target="y")
    with pytest.raises(DtreeError, match=r"tree\.json: the data need a regression tree"):
        tree_reading(GOLF, regression, file="tree.json")
    golf = load("golf")
    swapped = edited(lambda d: d.update(classes=d["classes"][::-1]))
    with pytest.raises(DtreeError, match=r"the file's classes are .*, the data's .*: write"):
        tree_reading(swapped, golf)
    with pytest.raises(DtreeError, match=r"^tree\.json: the tree tests 'outlook', which the data"):
        tree_reading(GOLF, load("iris"), file="tree.json")
    with pytest.raises(DtreeError, match=r"^tree.json: .*\$\.nodes"):
        tree_reading(edited(lambda d: d["nodes"].pop()), load("golf"), file="tree.json")


# -- an implementation written without dtree ---------------------------------------------


def independent_tree(data: Dataset) -> str:
    """``independent_cart``'s tree of ``data`` (numeric attributes, classes) as JSON text."""
    names = list(data.schema.names)
    rows = [[float(data.columns[j][i]) for j in range(len(names))] for i in data.rows]  # type: ignore[arg-type]
    labels = [str(label) for label in data.target]
    classes = list(data.schema.classes)  # the library's own list of the classes
    root = fit(rows, [classes.index(label) for label in labels], len(classes))
    return to_dtree_json(root, names, classes)


SKLEARN_1_2 = {"version": "1.2.2"}
"""scikit-learn's conventions before missing values had a branch: the independent tree
writes none, so missing values are shared, as there."""


def test_an_independent_cart_on_iris_is_the_tree_scikit_learns_conventions_grow() -> None:
    iris = load("iris")
    result = check(
        iris, "sklearn", theirs=tree_reading(independent_tree(iris), iris), **SKLEARN_1_2
    )
    assert result.agrees, result.text()
    assert result.counts["same"] == 17


@given(
    data=datasets(min_rows=2, max_rows=30, max_attributes=3, min_numeric=1, max_numeric=3).filter(
        lambda d: all(isinstance(a.domain, Numeric) for a in d.schema.attributes)
    )
)
def test_an_independent_cart_agrees_on_generated_data(data: Dataset) -> None:
    reading = tree_reading(independent_tree(data), data)
    assert reading.findings == ()
    result = check(data, "sklearn", theirs=reading, **SKLEARN_1_2)
    assert result.agrees, result.text()


def test_a_wrong_leaf_makes_the_check_part() -> None:
    """The comparison can fail: a leaf of the independent tree made to predict another class."""
    iris = load("iris")
    document = json.loads(independent_tree(iris))
    leaf = next(node for node in document["nodes"] if node.get("prediction") == "setosa")
    leaf["prediction"] = "virginica"
    result = check(iris, "sklearn", theirs=tree_reading(json.dumps(document), iris), **SKLEARN_1_2)
    assert not result.agrees


def test_dtree_check_reads_an_independent_tree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tree.json"
    path.write_text(independent_tree(load("iris")))
    argv = ["check", "--dataset", "iris", "--against", "sklearn", "--param", "version=1.2.2"]
    status = main([*argv, "--tree", str(path), "--format", "dtree"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert "real disagreement          0" in out
    path.write_text(GOLF)
    status = main([*argv, "--tree", str(path), "--format", "dtree"])
    out, err = capsys.readouterr()
    assert status == 2
    assert err.startswith("dtree: ")
    assert "tree.json" in err
