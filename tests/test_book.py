"""The book (``docs/book.py``), built and read in a real browser.

It builds with no warning, its notebooks' outputs are those of the committed renderings, and in
headless Chromium every page loads with no console error and no request outside the book, every
internal link resolves, every image has alt text and loads, the mathematics is typeset (no raw
TeX on a page), and the search finds "information gain".  The build takes two minutes or so,
with warnings as errors: the first worker of a run to need it builds it, and reads it in the
browser, while the others wait for the result (a file lock in the run's shared folder), or the
build that ``DTREE_BOOK`` names is read.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import jupytext
import pytest
from filelock import FileLock
from helpers import served
from matplotlib.image import imread

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs"))
import notes_links

ROOT = Path(__file__).resolve().parent.parent
NOTES = ROOT / "proofs_notebooks"
SCREENSHOTS = (
    "docs/index.html",
    "proofs_notebooks/14_regression_trees.html",
    "docs/api/measures.html",
)
"""Three pages pictured: the front page, a chapter with figures and formulas, an API page."""


# -- the build ----------------------------------------------------------------------------------


def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this run that every xdist worker shares (the run's own base folder)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(path: Path, make: Callable[[], str]) -> str:
    """The text at ``path``, made by the first worker of the run that asks for it while the
    others wait: the book is built, and read in the browser, once a run."""
    with FileLock(f"{path}.lock"):
        if not path.exists():
            path.write_text(make(), encoding="utf-8")
        return path.read_text(encoding="utf-8")


def built(output: Path) -> str:
    """Build the book into ``output`` with warnings as errors; its log."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "book.py"), str(output)],
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return run.stderr


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built book: ``DTREE_BOOK`` if set, else built here with warnings as errors."""
    given = os.environ.get("DTREE_BOOK")
    if given:
        return Path(given).resolve()
    output = shared(tmp_path_factory) / "book" / "html"
    once(output.parent / "build.log", lambda: built(output))
    return output


def test_every_public_module_has_its_api_entry() -> None:
    """The API pages document every module of the package, each once."""
    pages = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "docs/api").glob("*.md"))
    documented = re.findall(r"^\.\. automodule:: (\S+)$", pages, flags=re.MULTILINE)
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "dtree").rglob("*.py")
        if not path.name.startswith("_") or path.name == "__init__.py"
    }
    assert sorted(documented) == sorted(set(documented))
    assert set(documented) == modules


def test_every_notebook_is_a_chapter(book: Path) -> None:
    chapters = sorted(path.stem for path in (book / "proofs_notebooks").glob("[0-9][0-9]_*.html"))
    assert chapters == [path.stem for path in sorted(NOTES.glob("[0-9][0-9]_*.py"))]


# -- the renderings against the build's run -----------------------------------------------------


def text_outputs(notebook: Any) -> list[list[str]]:  # nbformat is untyped
    """Each code cell's outputs as text, its printed lines as one (however the kernel cut them
    into streams, trailing spaces aside); a picture as its kind."""
    return [list(cell_text(cell.outputs)) for cell in notebook.cells if cell.cell_type == "code"]


def cell_text(outputs: Any) -> Iterator[str]:
    printed: list[str] = []
    for out in outputs:
        if out.output_type == "stream":
            printed.append(out.text)
            continue
        data = out.get("data", {})
        yield "<image/png>" if "image/png" in data else data.get("text/plain", str(out))
    lines = "".join(printed).splitlines()
    yield "\n".join(line.rstrip() for line in lines)


def executed(book: Path, chapter: str) -> Path:
    """The notebook the build ran (MyST-NB keeps it beside the site)."""
    found = sorted(book.parent.glob(f"**/jupyter_execute/**/{chapter}.ipynb"))
    assert found, f"the build kept no run of {chapter}"
    return found[0]


@pytest.mark.parametrize("source", sorted(NOTES.glob("[0-9][0-9]_*.py")), ids=lambda p: p.stem)
def test_the_committed_rendering_shows_what_its_source_prints(book: Path, source: Path) -> None:
    committed = jupytext.read(source.with_suffix(".ipynb"))
    ran = jupytext.read(executed(book, source.stem))
    assert text_outputs(committed) == text_outputs(ran), (
        f"{source.with_suffix('.ipynb').name} shows outputs its source no longer prints: "
        "render it again"
    )


# -- the site in a browser ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(book: Path) -> Iterator[str]:
    """The book served on localhost, as a reader's browser reaches it."""
    with served(book) as address:
        yield address


@dataclass
class Visit:
    """What a page did in the browser."""

    console_errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    raw_tex: list[str] = field(default_factory=list)
    formulas: int = 0


PAGE_REPORT = """() => {
    const text = (root) => {
        const copy = root.cloneNode(true);
        copy.querySelectorAll("pre, code, script, style, mjx-container, .MathJax")
            .forEach((node) => node.remove());
        return copy.innerText;
    };
    const main = document.body;
    return {
        links: [...document.querySelectorAll("a[href]")].map((a) => a.href),
        images: [...document.querySelectorAll("img")].map((img) => ({
            src: img.currentSrc || img.src, alt: img.getAttribute("alt"),
            loaded: img.complete && img.naturalWidth > 0,
        })),
        text: text(main),
        formulas: document.querySelectorAll("mjx-container").length,
    };
}"""

TYPESET = """async () => {
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
        await MathJax.startup.promise;
    }
}"""
"""Wait for MathJax's first typesetting of the page (its script runs before ``load``)."""

REFRESH = re.compile(r'<meta http-equiv="refresh" content="0; url=([^"]+)">')
RAW_TEX = re.compile(r"\\[a-zA-Z]+\{|\\(?:frac|sum|log|le|ge|mathcal|cdot|in)\b|\$\$|\\\(|\\\[")


def pages(book: Path) -> list[str]:
    """Every page of the book, as a path from its root."""
    return sorted(
        str(path.relative_to(book))
        for path in book.rglob("*.html")
        if not str(path.relative_to(book)).startswith(("_static", "_sources", "_images"))
    )


@pytest.fixture(scope="module")
def visits(
    book: Path, site: str, browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Visit]:
    """Every page opened once a run, after its scripts ran and its mathematics was typeset;
    an address in the book is written from the site's root (``/docs/index.html``)."""
    folder = shared(tmp_path_factory)
    text = once(folder / "visits.json", lambda: crawl(book, site, browser, folder / "shots"))
    return {name: Visit(**fields) for name, fields in json.loads(text).items()}


def crawl(book: Path, site: str, browser: Any, shots: Path) -> str:
    """Every page of the book opened in the browser, as JSON, with screenshots in ``shots``."""
    context = browser.new_context()
    seen: dict[str, Visit] = {}
    for name in pages(book):
        visit = seen.setdefault(name, Visit())
        redirect = REFRESH.search((book / name).read_text(encoding="utf-8"))
        if redirect:  # the site's front door, which sends the browser on to the book's
            visit.links = [urljoin(site + name, redirect.group(1))]
            continue
        page = context.new_page()
        page.on(
            "console",
            lambda message, v=visit: (
                v.console_errors.append(message.text) if message.type == "error" else None
            ),
        )
        page.on("pageerror", lambda error, v=visit: v.console_errors.append(str(error)))
        page.on("requestfailed", lambda request, v=visit: v.failed.append(request.url))
        page.on(
            "response",
            lambda response, v=visit: (
                v.failed.append(f"{response.status} {response.url}")
                if response.status >= 400
                else None
            ),
        )

        def route(request_route: Any, v: Visit = visit) -> None:
            url = request_route.request.url
            if url.startswith(site) or url.startswith("data:"):
                request_route.continue_()
            else:
                v.outside.append(url)
                request_route.abort()

        page.route("**/*", route)
        page.goto(site + name, wait_until="load")
        page.evaluate(TYPESET)
        report = page.evaluate(PAGE_REPORT)
        visit.links = report["links"]
        visit.images = report["images"]
        visit.raw_tex = RAW_TEX.findall(report["text"])
        visit.formulas = report["formulas"]
        if name in SCREENSHOTS:
            shots.mkdir(exist_ok=True)
            page.screenshot(path=str(shots / (name.replace("/", "__") + ".png")), full_page=False)
        page.close()
    context.close()
    return json.dumps({name: asdict(visit) for name, visit in seen.items()}).replace(site, "/")


def test_every_page_loads_with_no_console_error(visits: dict[str, Visit]) -> None:
    errors = {name: visit.console_errors for name, visit in visits.items() if visit.console_errors}
    assert not errors
    assert {name: v.failed for name, v in visits.items() if v.failed} == {}


def test_no_page_asks_for_anything_outside_the_book(visits: dict[str, Visit]) -> None:
    assert {name: v.outside for name, v in visits.items() if v.outside} == {}


class Anchors(HTMLParser):
    """The ids a page holds."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for key, value in attrs if key in {"id", "name"} and value)


@functools.cache
def anchors(path: Path) -> frozenset[str]:
    parser = Anchors()
    parser.feed(path.read_text(encoding="utf-8"))
    return frozenset(parser.ids)


def test_every_internal_link_resolves(book: Path, visits: dict[str, Visit]) -> None:
    broken: list[str] = []
    for name, visit in visits.items():
        for link in visit.links:
            if not link.startswith("/"):
                continue
            parts = urlsplit(link)
            target = book / unquote(parts.path.removeprefix("/"))
            if target.is_dir():
                target /= "index.html"
            if not target.is_file():
                broken.append(f"{name}: {link}")
            elif parts.fragment and unquote(parts.fragment) not in anchors(target):
                broken.append(f"{name}: {link} (no such anchor)")
    assert broken == []


def test_every_link_stays_in_the_book_or_names_its_source(visits: dict[str, Visit]) -> None:
    """Outside links are for the reader to follow, never for the page to load: only http(s)
    and mail links leave the book (whose own are written from its root, with no scheme)."""
    schemes = {urlsplit(link).scheme for visit in visits.values() for link in visit.links}
    assert schemes <= {"", "http", "https", "mailto"}


def test_every_image_has_alt_text_and_loads(visits: dict[str, Visit]) -> None:
    bad = [
        f"{name}: {image['src']} (alt {image['alt']!r}, loaded {image['loaded']})"
        for name, visit in visits.items()
        for image in visit.images
        if not image["loaded"]
        or not (image["alt"] or "").strip()
        or re.search(r"\.(png|svg|jpe?g)$|^_build|jupyter_execute", image["alt"] or "")
    ]
    assert bad == []
    assert sum(len(visit.images) for visit in visits.values()) >= 40


def test_the_mathematics_is_typeset(visits: dict[str, Visit]) -> None:
    assert {name: v.raw_tex for name, v in visits.items() if v.raw_tex} == {}
    chapters = {name: v.formulas for name, v in visits.items() if name.startswith("proofs_")}
    assert chapters["proofs_notebooks/01_entropy.html"] >= 10
    assert sum(chapters.values()) >= 200


def test_the_search_finds_information_gain(site: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(urljoin(site, "search.html?q=information+gain"), wait_until="load")
    page.wait_for_selector("#search-results ul.search li", timeout=60_000)
    found = page.eval_on_selector_all(
        "#search-results ul.search li a", "links => links.map(a => a.href)"
    )
    page.close()
    assert any("02_information_gain" in link for link in found), found
    assert any("/api/" in link for link in found), found


def test_three_pages_pictured_are_not_blank(
    visits: dict[str, Visit], tmp_path_factory: pytest.TempPathFactory
) -> None:
    shots = sorted((shared(tmp_path_factory) / "shots").glob("*.png"))
    assert len(shots) == len(SCREENSHOTS)
    for shot in shots:
        pixels = imread(str(shot))
        colours = {tuple(pixel) for row in pixels[::8] for pixel in row[::8]}
        assert len(colours) >= 8, f"{shot.name} is blank"
        assert pixels.std() > 0.05, f"{shot.name} is nearly one colour"


# -- how the book reads docstrings and figures --------------------------------------------------


def test_a_figure_cell_gives_its_alt_text_in_a_comment() -> None:
    code = "# Alt text: the tree of\n#   PlayTennis.\ndraw(tree)\n# Alt text: its leaves.\n"
    assert notes_links.alt_texts(code) == ["the tree of PlayTennis.", "its leaves."]
    assert notes_links.alt_texts("draw(tree)  # Alt text: not at a line's start") == []


def test_a_docstring_heading_becomes_a_rubric_and_its_bars_stay_bars() -> None:
    lines = ["Vocabulary", "----------", "the size |T| of ``a | b``", "", ">>> 1 | 2", "3"]
    assert notes_links.rubrics(notes_links.prose(lines)) == [
        ".. rubric:: Vocabulary",
        "",
        "the size \\|T\\| of ``a | b``",
        "",
        ">>> 1 | 2",
        "3",
    ]


def test_every_chapter_links_the_library_names_it_imports() -> None:
    used = notes_links.chapters_using()
    assert "proofs_notebooks/01_entropy" in used["dtree.impurity.entropy"]
    assert "proofs_notebooks/01_entropy" in used["dtree.invariants.entropy_is_bounded"]
