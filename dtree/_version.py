"""The version of dtree, one place for the package and its command line (pyproject.toml says the
same, which a test checks)."""

__version__ = "0.1.0"
