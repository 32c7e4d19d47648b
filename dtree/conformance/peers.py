"""Where the peers are: Weka's jar and a Java runtime for J48, ``Rscript`` for rpart.

dtree runs a peer only when asked to (``dtree check --against j48``, the
tests that compare with it); these functions find it or say what is missing.
``WEKA_JAR`` names the jar; otherwise the one Debian's ``weka`` package
installs is used.  ``WEKA_EXAMPLES`` names the folder of Weka's example
ARFF files; otherwise Debian's is used.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from dtree.errors import DtreeError, quote

__all__ = [
    "DEBIAN_WEKA_EXAMPLES",
    "DEBIAN_WEKA_JAR",
    "java",
    "rscript",
    "weka_examples",
    "weka_jar",
]

DEBIAN_WEKA_JAR = Path("/usr/share/java/weka.jar")
"""Where Debian's ``weka`` package puts Weka."""

DEBIAN_WEKA_EXAMPLES = Path("/usr/share/doc/weka/examples")
"""Where Debian's ``weka`` package puts Weka's example data (``iris.arff``, ...)."""


def weka_jar() -> Path:
    """Weka's jar: ``WEKA_JAR`` if set, else Debian's; a :class:`DtreeError` if neither exists."""
    named = os.environ.get("WEKA_JAR")
    jar = Path(named) if named else DEBIAN_WEKA_JAR
    if not jar.is_file():
        source = "WEKA_JAR" if named else "the default place"
        raise DtreeError(
            f"no Weka jar at {quote(str(jar))} ({source}): install Weka"
            " (Debian: apt-get install weka) or set WEKA_JAR to weka.jar"
        )
    return jar


def weka_examples() -> Path:
    """The folder of Weka's example ARFF files: ``WEKA_EXAMPLES`` if set, else Debian's."""
    named = os.environ.get("WEKA_EXAMPLES")
    folder = Path(named) if named else DEBIAN_WEKA_EXAMPLES
    if not (folder / "iris.arff").is_file():
        raise DtreeError(
            f"no Weka example data in {quote(str(folder))}: install Weka"
            " (Debian: apt-get install weka) or set WEKA_EXAMPLES to its data folder"
        )
    return folder


def java() -> str:
    """The ``java`` command; a :class:`DtreeError` if there is none."""
    found = shutil.which("java")
    if found is None:
        raise DtreeError("no java on the PATH: install a Java runtime to run Weka's J48")
    return found


def rscript() -> str:
    """The ``Rscript`` command; a :class:`DtreeError` if there is none."""
    found = shutil.which("Rscript")
    if found is None:
        raise DtreeError("no Rscript on the PATH: install R and rpart to run rpart")
    return found
