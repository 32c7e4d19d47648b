"""Build the book: the notes, the guides and the API reference as static HTML.

    .venv/bin/python docs/book.py [OUTPUT]

needs the ``docs`` extra (``pip install -e '.[docs]'``; ``dev`` holds it) and writes the site to
``OUTPUT`` (``docs/_build/html`` by default), whose ``index.html`` opens the book.  The notebooks
run as the book is built; a warning fails the build, as an error in a notebook does.  Nothing is
fetched from the network, at build time or when the book is read.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.cmd.build import build_main

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
OUTPUT = DOCS / "_build" / "html"


def build(output: Path = OUTPUT) -> int:
    """Sphinx's exit status for a fresh build of the book into ``output``."""
    doctrees = output.parent / f"{output.name}.doctrees"
    arguments = ["-W", "--keep-going", "-E", "-q", "-c", str(DOCS), "-d", str(doctrees)]
    return build_main([*arguments, str(ROOT), str(output)])


if __name__ == "__main__":
    sys.exit(build(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else OUTPUT))
