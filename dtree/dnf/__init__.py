"""Formulas in disjunctive normal form: a tree's rules as one formula, a formula's smallest DNF,
and a formula as a tree.

====================  ==========================================================================
``formulas``          literals, terms and DNFs; a tree's DNF (:func:`dnf_of`), truth tables,
                      :func:`minimize`, and a tree for any Boolean function (:func:`tree_of`)
``quine_mccluskey``   the minimizing itself, on the bit vectors of truth tables
====================  ==========================================================================

This module only hands their names on.

>>> from dtree.datasets import load
>>> from dtree.grower.presets import id3
>>> print(format_dnf(minimize(dnf_of(id3(load("xor")), "1"))))
~Z1 & Z2 | Z1 & ~Z2
"""

from __future__ import annotations

from dtree.dnf import formulas, quine_mccluskey
from dtree.dnf.formulas import (
    MAX_VARIABLES,
    SEARCH_BUDGET,
    SPELLINGS,
    Assignment,
    Dnf,
    Literal,
    Spelling,
    Term,
    dnf_of,
    equivalent,
    evaluate,
    format_dnf,
    minimize,
    parse_dnf,
    prime_implicants,
    tree_of,
    truth_table,
    variables,
)

__all__ = [
    "MAX_VARIABLES",
    "SEARCH_BUDGET",
    "SPELLINGS",
    "Assignment",
    "Dnf",
    "Literal",
    "Spelling",
    "Term",
    "dnf_of",
    "equivalent",
    "evaluate",
    "format_dnf",
    "formulas",
    "minimize",
    "parse_dnf",
    "prime_implicants",
    "quine_mccluskey",
    "tree_of",
    "truth_table",
    "variables",
]
