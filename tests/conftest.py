"""Hypothesis profiles for the test suite, chosen by ``HYPOTHESIS_PROFILE``.

``default``
    Fast, for every run on a laptop: 60 examples per property.
``ci``
    Thorough: 600 examples per property, and a reproduction blob printed
    with every failure.  Still randomised (not derandomized), so that each
    CI run explores new examples.

Neither has a deadline: the first call of a property pays for imports and
caches, and a timing failure says nothing about correctness.
"""

from __future__ import annotations

import os

from hypothesis import settings

# Both profiles derive from Hypothesis's own defaults, not from whatever
# profile Hypothesis loaded on import (on a CI machine it loads a
# derandomized "ci" profile of its own, which this one replaces).
_HYPOTHESIS_DEFAULTS = settings.get_profile("default")

settings.register_profile("default", _HYPOTHESIS_DEFAULTS, max_examples=60, deadline=None)
settings.register_profile(
    "ci",
    _HYPOTHESIS_DEFAULTS,
    max_examples=600,
    deadline=None,
    derandomize=False,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
