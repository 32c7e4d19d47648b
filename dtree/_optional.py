"""Modules that need an optional dependency, loaded on first use."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRAS", "optional_module"]

EXTRAS = {
    "hypothesis": "strategies",
    "narwhals": "frames",
    "sklearn": "sklearn",
    "numpy": "sklearn",
    "scipy": "sklearn",
    "pystreed": "optimal",
    "gosdt": "optimal",
    "pydl85": "dl85",
}
"""The extra that installs each optional package a dtree module imports."""


def optional_module(module: str) -> ModuleType:
    """Import ``module``; if an optional package it needs is absent, an ImportError that
    says which extra to install.

    >>> optional_module("dtree.strategies").__name__
    'dtree.strategies'
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        package = (error.name or "").partition(".")[0]
        if package not in EXTRAS:
            raise
        extra = EXTRAS[package]
        raise ImportError(
            f"{module} needs {package}: install the {extra} extra (pip install 'dtree[{extra}]')",
            name=module,
        ) from error
