"""The book: the notes, the guides and the API reference as one static site.

Built by Sphinx with MyST-NB (``docs/book.py`` is the one command).  The source folder is the
repository itself, so that the README, the guides, the notebooks' sources and the benchmarks'
README are read where they live and their relative links hold in the book as on a code host;
``include_patterns`` names the pages.  The notebooks are their jupytext sources, executed at
build time; MathJax is served from the book (``sphinx-mathjax-offline``), so nothing is fetched
from the network at build or read time.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

project = "dtree"
author = "the dtree authors"
copyright = "the dtree authors"
root_doc = "docs/index"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.mathjax",
    "sphinx-mathjax-offline",
    "notes_links",
]

include_patterns = [
    "README.md",
    "docs/*.md",
    "docs/api/*.md",
    "proofs_notebooks/README.md",
    "proofs_notebooks/[0-9][0-9]_*.py",
    "tests/benchmarks/README.md",
    "dtree/datasets/README.md",
]
exclude_patterns = [".*", "**/.*", "build", "dist", "docs/_build", "**/__pycache__", "*.egg-info"]

# The notebooks: jupytext py:percent sources, run top to bottom at every build, an error
# failing the build.
nb_custom_formats = {".py": ["jupytext.reads", {"fmt": "py:percent"}]}
nb_execution_mode = "force"
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True

myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "no-value": True}

html_theme = "furo"
html_title = "dtree: the notes and the library"
html_extra_path = ["_extra"]
html_favicon = "favicon.svg"
html_show_sourcelink = False
html_copy_source = False
