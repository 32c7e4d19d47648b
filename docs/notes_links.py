"""Links between the notes and the API reference, both ways, and docstrings read as the book reads.

A notebook's imports name the library's functions and laws it proves, checks or pictures:

- each of those names' entries in the API reference ends with the chapters that use it;
- each chapter ends with the names it uses, each a link to its entry.

A figure's alt text is written in the cell that draws it, a comment ``# Alt text: ...`` (its
lines continued as comments indented under it), one per figure in the order drawn; a figure
without one is a warning, so that the book, built with warnings as errors, fails.

Docstrings head their parts numpy's way (``Vocabulary`` over a line of dashes); inside an
entry those become rubrics, as a section cannot open inside a description.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from itertools import takewhile
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent
NOTES = ROOT / "proofs_notebooks"
CHAPTERS = sorted(NOTES.glob("[0-9][0-9]_*.py"))
"""The notebooks' sources, in reading order."""


def docname(chapter: Path) -> str:
    return f"proofs_notebooks/{chapter.stem}"


def short_title(chapter: Path) -> str:
    """A chapter's title up to its colon, where its formula starts: a link's words.

    >>> short_title(CHAPTERS[0])
    '1. Entropy'
    """
    source = chapter.read_text(encoding="utf-8")
    title = re.search(r"^# # (.+)$", source, flags=re.MULTILINE)
    return title.group(1).split(":")[0].strip() if title else chapter.stem


TITLES = {docname(chapter): short_title(chapter) for chapter in CHAPTERS}
"""Each chapter's short title, by its document's name."""


def canonical(module: ModuleType, name: str) -> str:
    """The documented name of ``module.name``: where a function or class is defined."""
    value = getattr(module, name)
    if isinstance(value, ModuleType):
        return value.__name__
    home = getattr(value, "__module__", None)
    qualname = getattr(value, "__qualname__", None)
    if isinstance(home, str) and isinstance(qualname, str) and home.startswith("dtree"):
        return f"{home}.{qualname}"
    return f"{module.__name__}.{name}"


def dotted(node: ast.expr) -> list[str]:
    """``a.b.c`` as ``["a", "b", "c"]``; ``[]`` for anything else."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return [*head, node.attr] if head else []
    return []


def resolved(parts: list[str]) -> str | None:
    """The documented name a dotted path from ``dtree`` reaches, if it reaches one."""
    module: ModuleType = import_module("dtree")
    for index, part in enumerate(parts[1:], start=1):
        value = getattr(module, part, None)
        if value is None:
            return None
        if not isinstance(value, ModuleType) or index == len(parts) - 1:
            return canonical(module, part)
        module = value
    return module.__name__


def names_used(chapter: Path) -> Iterator[str]:
    """Every documented name a chapter imports from dtree or reaches as ``dtree.x.y``."""
    tree = ast.parse(chapter.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dtree"):
            module = import_module(node.module or "dtree")
            yield from (canonical(module, alias.name) for alias in node.names)
        elif (
            isinstance(node, ast.Attribute)
            and (parts := dotted(node))[:1] == ["dtree"]
            and (name := resolved(parts)) is not None
        ):
            yield name


@cache
def chapters_using() -> dict[str, tuple[str, ...]]:
    """Each documented name, and the chapters that use it, in reading order."""
    using: defaultdict[str, list[str]] = defaultdict(list)
    for chapter in CHAPTERS:
        for name in sorted(set(names_used(chapter))):
            using[name].append(docname(chapter))
    return {name: tuple(chapters) for name, chapters in using.items()}


def names_of(chapter_docname: str) -> list[str]:
    return sorted(name for name, used in chapters_using().items() if chapter_docname in used)


HEADING = re.compile(r"^-{3,}$")
LITERAL = re.compile(r"(``.*?``)")


def bars_escaped(line: str) -> str:
    """A line of prose with its bars read as bars (``|T|`` is a size), not substitutions."""
    parts = LITERAL.split(line)
    return "".join(
        part if index % 2 else part.replace("|", "\\|") for index, part in enumerate(parts)
    )


def prose(lines: list[str]) -> list[str]:
    """A docstring with the bars of its prose escaped; examples and literal blocks as written."""
    out: list[str] = []
    verbatim = False
    literal_indent: int | None = None
    for line in lines:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None and stripped and indent <= literal_indent:
            literal_indent = None
        if stripped.startswith(">>>"):
            verbatim = True
        elif not stripped:
            verbatim = False
        keep = verbatim or literal_indent is not None
        out.append(line if keep else bars_escaped(line))
        if not keep and stripped.endswith("::"):
            literal_indent = indent
    return out


def rubrics(lines: list[str]) -> list[str]:
    """A docstring's numpy-style headings (a title of one line or more over a line of dashes)
    as rubrics."""
    out: list[str] = []
    for line in lines:
        title = list(takewhile(str.strip, reversed(out)))[::-1]
        if HEADING.match(line.strip()) and title and not title[0].lstrip().startswith(">>>"):
            del out[len(out) - len(title) :]
            out.extend([f".. rubric:: {' '.join(part.strip() for part in title)}", ""])
        else:
            out.append(line)
    return out


DOCUMENTING: dict[str, str] = {"module": "dtree"}
"""The module whose entry autodoc is writing: its docstring comes before its members'."""


def defined_elsewhere(name: str, value: object) -> bool:
    """Whether a package's member is another module's: a function or class defined there, or
    a name a submodule of the package exports as the same value."""
    package = DOCUMENTING["module"]
    home = getattr(value, "__module__", None)
    if isinstance(home, str) and (callable(value) or isinstance(value, type)):
        return home != package
    return any(
        module_name.startswith(f"{package}.")
        and getattr(module, name, None) is value
        and name in getattr(module, "__all__", ())
        for module_name, module in list(sys.modules.items())
    )


def one_entry_each(  # noqa: PLR0917 (the arguments of Sphinx's event)
    app: Sphinx, what: str, name: str, obj: object, skip: bool, options: Any
) -> bool | None:
    """Document a name once, in the module that defines it, and only dtree's own names."""
    if what == "module":
        return True if defined_elsewhere(name, obj) else None
    home = getattr(obj, "__module__", None)
    return True if isinstance(home, str) and not home.startswith("dtree") else None


def in_the_notes(  # noqa: PLR0917 (the arguments of Sphinx's event)
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Read the headings as rubrics, and end an entry with the chapters that use it."""
    if what == "module":
        DOCUMENTING["module"] = name
    lines[:] = rubrics(prose(lines))
    chapters = chapters_using().get(name, ())
    if chapters:
        links = ", ".join(f":doc:`{TITLES[chapter]} </{chapter}>`" for chapter in chapters)
        lines.extend(["", f"*In the notes:* {links}.", ""])


def names_in_this_chapter(app: Sphinx, doctree: nodes.document) -> None:
    """End a chapter with the library's names it uses, each a link to its API entry."""
    here = app.env.docname
    names = names_of(here) if here.startswith("proofs_notebooks/") else []
    if not names:
        return
    section = nodes.section(ids=["the-library-in-this-chapter"])
    section += nodes.title(text="The library in this chapter")
    paragraph = nodes.paragraph()
    for index, name in enumerate(names):
        if index:
            paragraph += nodes.Text(", ")
        reference = addnodes.pending_xref(
            "", refdomain="py", reftype="obj", reftarget=name, refwarn=False, refexplicit=True
        )
        reference += nodes.literal(text=name.removeprefix("dtree."))
        paragraph += reference
    paragraph += nodes.Text(".")
    section += paragraph
    sections = list(doctree.findall(nodes.section))
    (sections[0] if sections else doctree).append(section)


ALT_TEXT = re.compile(r"^# Alt text: (.+(?:\n#   .+)*)", re.MULTILINE)


def alt_texts(code: str) -> list[str]:
    """The alt texts a figure cell's comments give, in order.

    >>> alt_texts("# Alt text: two bars,\\n#   one tall.\\nplt.bar([1, 2], [3, 9])")
    ['two bars, one tall.']
    """
    return [
        " ".join(line.lstrip("# ").strip() for line in text.splitlines())
        for text in ALT_TEXT.findall(code)
    ]


def figures_described(app: Sphinx, doctree: nodes.document) -> None:
    """Give each figure of a chapter the alt text its cell's comment writes."""
    if not app.env.docname.startswith("proofs_notebooks/"):
        return
    for cell in doctree.findall(nodes.container):
        if cell.get("nb_element") != "cell_code":
            continue
        images = list(cell.findall(nodes.image))
        code = "".join(block.astext() for block in cell.findall(nodes.literal_block))
        texts = alt_texts(code)
        for image, text in zip(images, texts, strict=False):
            image["alt"] = text
        if len(texts) != len(images):
            logger.warning(
                "cell %s draws %d figures and describes %d (a '# Alt text:' comment each)",
                cell.get("cell_index"),
                len(images),
                len(texts),
                location=(app.env.docname, cell.line),
            )


def setup(app: Sphinx) -> dict[str, Any]:
    # MathJax on every page: a chapter's title, in the navigation and in links, is a formula.
    app.set_html_assets_policy("always")
    app.connect("autodoc-process-docstring", in_the_notes)
    app.connect("autodoc-skip-member", one_entry_each)
    app.connect("doctree-read", names_in_this_chapter)
    app.connect("doctree-read", figures_described)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
