"""dtree.grower.gain_ratio: the attributes whose gains make C4.5's average gain.

(C4.5's choice by gain ratio, grown into trees, is tested with MakeSubtree in
test_make_subtree.py.)"""

from __future__ import annotations

from dtree.dataset import Dataset
from dtree.datasets import load
from dtree.grower.gain_ratio import averaged_attributes


def test_averaged_attributes_leave_out_the_near_identifiers() -> None:
    schema = load("restaurant").schema
    near_identifiers = {"Type", "Est"}  # 4 values >= 0.3 * 12
    assert averaged_attributes(schema, 12) == frozenset(schema.names) - near_identifiers
    assert averaged_attributes(schema, 14) == frozenset(schema.names)  # 4 < 4.2
    # when every attribute is nearly an identifier, all of them count
    few = Dataset.from_columns({"x": list("abc"), "z": list("abc"), "y": list("pqp")}, target="y")
    assert averaged_attributes(few.schema, 3) == {"x", "z"}
    numeric = Dataset.from_columns({"x": [1.0, 2.0, 3.0], "y": list("pqp")}, target="y")
    assert averaged_attributes(numeric.schema, 1) == {"x"}  # only nominal attributes are left out
