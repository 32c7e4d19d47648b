"""The bundled datasets: every one loads, with its declared classes and known cells."""

from __future__ import annotations

from importlib.resources import files

import pytest

from dtree import datasets
from dtree.dataset import Dataset, Nominal, Numeric, Value
from dtree.errors import DtreeError

ROWS = {
    "play-tennis": 14,
    "golf": 14,
    "weather-numeric": 14,
    "restaurant": 12,
    "exam-results": 15,
    "boolean-table": 8,
    "xor": 4,
    "iris": 150,
}

CLASSES = {
    "play-tennis": ("No", "Yes"),
    "golf": ("Play", "Don't Play"),
    "weather-numeric": ("yes", "no"),
    "restaurant": ("Yes", "No"),
    "exam-results": ("F", "P"),
    "boolean-table": ("F", "T"),
    "xor": ("0", "1"),
    "iris": ("setosa", "versicolor", "virginica"),
}


def test_names_are_in_the_documented_order() -> None:
    assert datasets.names() == tuple(ROWS)


@pytest.mark.parametrize("name", datasets.names())
def test_every_dataset_loads_with_its_row_count_and_declared_classes(name: str) -> None:
    data = datasets.load(name)
    assert len(data) == ROWS[name]
    assert data.schema.classes == CLASSES[name]
    assert set(data.labels) == set(CLASSES[name])


@pytest.mark.parametrize("name", datasets.names())
def test_every_entry_is_documented_in_the_package_readme(name: str) -> None:
    readme = files("dtree.datasets").joinpath("README.md").read_text(encoding="utf-8")
    entry = datasets.info(name)
    assert entry.name == name
    assert datasets.provenance(name) == entry.provenance
    assert f"| {name} | {entry.file} | {ROWS[name]} | {entry.target} |" in readme
    assert f"| {', '.join(entry.classes)} | {entry.provenance} |" in readme


def domains(data: Dataset) -> dict[str, Nominal | Numeric]:
    return {attribute.name: attribute.domain for attribute in data.schema.attributes}


def test_golf_has_numeric_temperature_and_humidity() -> None:
    assert domains(datasets.load("golf")) == {
        "outlook": Nominal(("overcast", "rain", "sunny")),
        "temperature": Numeric(),
        "humidity": Numeric(),
        "windy": Nominal(("false", "true")),
    }


def test_iris_is_all_numeric() -> None:
    assert set(domains(datasets.load("iris")).values()) == {Numeric()}


def test_xor_inputs_are_nominal_zero_one() -> None:
    data = datasets.load("xor")
    assert domains(data) == {"Z1": Nominal(("0", "1")), "Z2": Nominal(("0", "1"))}
    assert [(row["Z1"], row["Z2"]) for row in data.examples()] == [
        ("0", "0"),
        ("0", "1"),
        ("1", "0"),
        ("1", "1"),
    ]
    assert data.labels == ("0", "1", "1", "0")


@pytest.mark.parametrize("name", ["play-tennis", "restaurant", "exam-results", "boolean-table"])
def test_the_symbolic_datasets_are_all_nominal(name: str) -> None:
    assert all(isinstance(domain, Nominal) for domain in domains(datasets.load(name)).values())


def test_known_cells() -> None:
    golf = datasets.load("golf")
    assert golf.example(0) == {
        "outlook": "sunny",
        "temperature": 75.0,
        "humidity": 70.0,
        "windy": "true",
    }
    assert golf.labels[0] == "Play"
    tennis = datasets.load("play-tennis")
    assert tennis.example(13) == {
        "Outlook": "Rain",
        "Temperature": "Mild",
        "Humidity": "High",
        "Wind": "Strong",
    }
    assert tennis.labels[13] == "No"
    restaurant = datasets.load("restaurant")
    assert restaurant.example(6)["Pat"] == "None"  # a value of the data, not a missing one
    assert datasets.load("iris").example(149) == {
        "sepal_length": 5.9,
        "sepal_width": 3.0,
        "petal_length": 5.1,
        "petal_width": 1.8,
    }


def by_day(data: Dataset) -> dict[tuple[Value, ...], tuple[Value, Value]]:
    """Humidity and label of each day, keyed by outlook, temperature and windiness
    in golf's spellings (which tell the fourteen days apart)."""
    spellings: dict[Value, Value] = {"rainy": "rain", "TRUE": "true", "FALSE": "false"}
    play: dict[Value, Value] = {"Play": "yes", "Don't Play": "no"}
    days = {}
    for day, label in zip(data.examples(), data.labels, strict=True):
        key = tuple(
            spellings.get(day[name], day[name]) for name in ("outlook", "temperature", "windy")
        )
        days[key] = (day["humidity"], play.get(label, label))
    return days


def test_weather_numeric_differs_from_golf_in_two_humidity_values() -> None:
    golf = by_day(datasets.load("golf"))
    weather = by_day(datasets.load("weather-numeric"))
    assert len(golf) == len(weather) == 14
    assert golf.keys() == weather.keys()
    assert all(golf[day][1] == weather[day][1] for day in golf)
    differences = {
        day: (golf[day][0], weather[day][0]) for day in golf if golf[day][0] != weather[day][0]
    }
    assert differences == {
        ("overcast", 83.0, "false"): (78.0, 86.0),
        ("rain", 71.0, "true"): (80.0, 91.0),
    }


def test_an_unknown_name_is_an_error_listing_the_names() -> None:
    with pytest.raises(DtreeError) as caught:
        datasets.load("tennis")
    assert "'tennis'" in caught.value.message
    assert all(repr(name) in caught.value.message for name in datasets.names())
