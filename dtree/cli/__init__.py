"""The ``dtree`` command line: ``main``, the entry point of ``dtree`` and ``python -m dtree``.

===============  ==========================================================================
``commands``     the commands in order, the parser built from them, and :func:`main`
``data``         ``datasets``, ``example``, ``discretize``
``learning``     ``fit``, ``evaluate``, and the learning options
``pruning``      ``prune``
``ensembles``    ``forest``, ``boost``
``models``       ``predict``, ``rules``, ``dnf``
``conformance``  ``check``, ``fuzz``
``common``       what they share: arguments, reading data, errors, warnings, progress,
                 processes
===============  ==========================================================================

This module only hands :func:`main` on.
"""

from __future__ import annotations

from dtree.cli.commands import main

__all__ = ["main"]
