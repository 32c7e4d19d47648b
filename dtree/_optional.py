"""Modules that need an optional dependency, loaded on first use."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["with_hypothesis"]


def with_hypothesis(module: str) -> ModuleType:
    """Import ``module``, which needs Hypothesis; without it, an ImportError that says which
    extra to install.

    >>> with_hypothesis("dtree.strategies").__name__
    'dtree.strategies'
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is None or not error.name.startswith("hypothesis"):
            raise
        raise ImportError(
            f"{module} needs Hypothesis: install the strategies extra"
            " (pip install 'dtree[strategies]')",
            name=module,
        ) from error
