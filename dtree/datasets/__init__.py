"""The textbook datasets bundled with dtree, by name.

Holds
-----
:class:`Entry`
    What the registry knows of a dataset: its file, target, declared class
    order, the columns read as nominal, and where the data comes from.
:func:`names`
    The names of the bundled datasets, in the order of the provenance table.
:func:`load`
    A bundled dataset, read from the package data by :func:`dtree.load.read_csv`.
:func:`info`, :func:`provenance`
    A dataset's registry entry, and its provenance line.

The class orders are declared, not inferred: they are the orders of the
texts the data come from, and plurality ties go to the first class.  The
files and their provenance table are in this package's ``README.md``.
"""

from __future__ import annotations

from importlib.resources import as_file, files

from attrs import frozen

from dtree.dataset import Dataset
from dtree.errors import DtreeError, quote
from dtree.load import read_csv

__all__ = ["Entry", "info", "load", "names", "provenance"]


@frozen
class Entry:
    """A bundled dataset: where it is, how to read it, where it comes from.

    >>> info("xor").nominal
    ('Z1', 'Z2')
    """

    name: str
    file: str
    target: str
    classes: tuple[str, ...]
    nominal: tuple[str, ...]
    provenance: str


_REGISTRY = (
    Entry(
        "play-tennis",
        "play-tennis.csv",
        "PlayTennis",
        ("No", "Yes"),
        (),
        "Mitchell, Machine Learning (1997), Table 3.2;"
        " Liang, CS 760 notes, Decision Tree Learning: Part 1 (2017)",
    ),
    Entry(
        "golf",
        "golf.csv",
        "class",
        ("Play", "Don't Play"),
        (),
        "Quinlan, C4.5: Programs for Machine Learning (1993), the numeric golf data",
    ),
    Entry(
        "weather-numeric",
        "weather-numeric.csv",
        "play",
        ("yes", "no"),
        (),
        "the numeric weather data distributed with Weka; differs from golf.csv in two"
        " humidity values (86 vs 78, 91 vs 80) and value spellings",
    ),
    Entry(
        "restaurant",
        "restaurant.csv",
        "WillWait",
        ("Yes", "No"),
        (),
        "Russell & Norvig, AIMA 3rd ed., Figure 18.3; the tree of Figure 18.6 follows with"
        " ties to the first attribute in column order and plurality ties to the first class",
    ),
    Entry(
        "exam-results",
        "exam-results.csv",
        "ExamResult",
        ("F", "P"),
        (),
        "Nath, Lecture 10: Decision Trees (notes), Example 1",
    ),
    Entry(
        "boolean-table",
        "boolean-table.csv",
        "Y",
        ("F", "T"),
        (),
        "Nath, Lecture 10: Decision Trees (notes), Table 10.1",
    ),
    Entry(
        "xor",
        "xor.csv",
        "Y",
        ("0", "1"),
        # 0/1 codes name the two values of a boolean input, not quantities.
        ("Z1", "Z2"),
        "Nath, Lecture 10: Decision Trees (notes), Example 4",
    ),
    Entry(
        "iris",
        "iris.csv",
        "species",
        ("setosa", "versicolor", "virginica"),
        (),
        "Fisher (1936), as distributed with scikit-learn",
    ),
)


def names() -> tuple[str, ...]:
    """The names of the bundled datasets, in the order of the provenance table.

    >>> ", ".join(names())
    'play-tennis, golf, weather-numeric, restaurant, exam-results, boolean-table, xor, iris'
    """
    return tuple(entry.name for entry in _REGISTRY)


def info(name: str) -> Entry:
    """The registry entry of dataset ``name``.

    >>> info("golf").classes
    ('Play', "Don't Play")
    >>> info("tennis")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: unknown dataset 'tennis'; the datasets are 'play-tennis', 'golf', ...
    """
    for entry in _REGISTRY:
        if entry.name == name:
            return entry
    known = ", ".join(repr(known) for known in names())
    raise DtreeError(f"unknown dataset {quote(name)}; the datasets are {known}")


def provenance(name: str) -> str:
    """Where dataset ``name`` comes from.

    >>> provenance("iris")
    'Fisher (1936), as distributed with scikit-learn'
    """
    return info(name).provenance


def load(name: str) -> Dataset:
    """The bundled dataset ``name``, with its declared class order.

    >>> play = load("play-tennis")
    >>> len(play), play.schema.classes
    (14, ('No', 'Yes'))
    >>> load("golf").schema.attribute("humidity").domain
    Numeric()
    >>> load("restaurant").schema.classes
    ('Yes', 'No')
    """
    entry = info(name)
    with as_file(files(__name__).joinpath(entry.file)) as path:
        return read_csv(path, target=entry.target, classes=entry.classes, nominal=entry.nominal)
