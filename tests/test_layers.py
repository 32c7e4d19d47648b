"""The map at the door is the house: ``dtree/__init__.py``'s table of layers names every module
once, no import runs up a layer, the import graph has no cycle, every package's ``__init__``
hands names on or is the core its modules build on, no module passes 800 lines, and the
README's map is the same table."""

from __future__ import annotations

import ast
import itertools
import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dtree

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "dtree"
LONGEST = 800
"""No module over about 800 lines (DESIGN), but the laws: one predicate per law of the notes."""
LONG_BY_DESIGN = frozenset({"invariants"})
PRIVATE_LAYER = {"_optional": "data", "_version": "data", "__main__": "interop"}
"""The private modules, which the map leaves out, by the layer they serve."""
ROOT_MODULE = ""
"""The package's own ``__init__``: the door, above every layer, which no module imports."""


# -- the map, read -------------------------------------------------------------------------------


def table(doc: str) -> dict[str, str]:
    """The map's rows: each layer's cell of modules, continuation lines joined."""
    lines = doc.splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("=====")]
    width = len(re.match(r"=+\s+", lines[rules[0]]).group())  # type: ignore[union-attr]
    body = lines[rules[1] + 1 : rules[2]]
    rows: dict[str, str] = {}
    layer = ""
    for line in body:
        if line[:width].strip():
            layer = line[:width].strip()
            rows[layer] = ""
        rows[layer] += " " + line[width:].strip()
    return rows


def members(cell: str) -> Iterator[str]:
    """The dotted names a cell lists: ``p/ (a, b)`` is the package ``p`` and ``p.a``, ``p.b``;
    a bare ``name`` or ``name/`` one module or package."""
    for package, inside in re.findall(r"(\w+)/\s*\(([^)]*)\)", cell):
        yield package
        yield from (f"{package}.{name}" for name in re.findall(r"\w+", inside))
    yield from re.findall(r"\w+", re.sub(r"\w+/\s*\([^)]*\)", "", cell))


def layers_of(doc: str) -> dict[str, int]:
    """Each module's layer, by its place in the map (0 the bottom)."""
    return {name: level for level, cell in enumerate(table(doc).values()) for name in members(cell)}


MAP = layers_of(dtree.__doc__ or "")
ORDER = list(table(dtree.__doc__ or ""))


# -- the house, read -----------------------------------------------------------------------------


def module_name(path: Path) -> str:
    """``dtree/grower/rows.py`` -> ``grower.rows``; a package's ``__init__`` is the package."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def target(name: str) -> str:
    """The module an import names: the longest prefix that is a module of the house."""
    parts = name.removeprefix("dtree").removeprefix(".").split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in MODULES:
            return ".".join(parts[:end])
    return ROOT_MODULE


def imports(source: str, *, top_level_only: bool = False) -> set[str]:
    """The modules of the house a module's source imports (``from dtree import x`` names the
    module ``x`` when there is one, else the package's own ``__init__``)."""
    tree = ast.parse(source)
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {target(alias.name) for alias in node.names if _ours(alias.name)}
        elif isinstance(node, ast.ImportFrom) and node.module and _ours(node.module):
            found |= {target(f"{node.module}.{alias.name}") for alias in node.names}
    return found


def _ours(name: str) -> bool:
    return name == "dtree" or name.startswith("dtree.")


def layer(module: str) -> int:
    """A module's layer: a package's modules share the package's."""
    if module == ROOT_MODULE:
        return len(ORDER)
    top = module.split(".", 1)[0]
    if top in PRIVATE_LAYER:
        return ORDER.index(PRIVATE_LAYER[top])
    return MAP[module] if module in MAP else MAP[top]


def upward(graph: Mapping[str, set[str]]) -> list[str]:
    """The arrows that run up a layer, as ``importer -> imported``."""
    return sorted(
        f"{importer} -> {imported or 'dtree'}"
        for importer, found in graph.items()
        if importer != ROOT_MODULE
        for imported in found
        if layer(imported) > layer(importer)
    )


def cycle(graph: Mapping[str, set[str]]) -> list[str]:
    """One cycle of the graph, as the modules on it in order, or [] when it has none."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for other in sorted(graph.get(node, set())):
            if state.get(other) == "open":
                return [*path[path.index(other) :], other]
            if other not in state and (found := visit(other)):
                return found
        state[node] = "done"
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


GRAPH = {name: imports(path.read_text(encoding="utf-8")) - {name} for name, path in MODULES.items()}
LOADING = {
    name: imports(path.read_text(encoding="utf-8"), top_level_only=True) - {name}
    for name, path in MODULES.items()
}
"""What each module imports as it loads (a function's own imports left out): the graph a
cycle would break."""


# -- the laws of the house -----------------------------------------------------------------------


def test_the_map_names_every_module_once() -> None:
    public = {name for name in MODULES if name and not name.split(".")[-1].startswith("_")}
    named = [name for cell in table(dtree.__doc__ or "").values() for name in members(cell)]
    assert sorted(named) == sorted(set(named))
    assert set(named) == public


def test_no_import_runs_up_a_layer() -> None:
    assert upward(GRAPH) == []


def test_the_import_graph_has_no_cycle() -> None:
    assert cycle(LOADING) == []


def test_every_package_init_hands_names_on_or_is_the_core() -> None:
    """An ``__init__`` that defines anything (a core) imports none of its own modules; one that
    imports them (hands names on) defines nothing but ``__all__`` and a lazy ``__getattr__``."""
    mixed = []
    for name, path in MODULES.items():
        if path.name != "__init__.py" or not name:
            continue
        body = ast.parse(path.read_text(encoding="utf-8")).body
        own = {found for found in LOADING[name] if found.startswith(f"{name}.")}
        defines = [node for node in body if _defines(node)]
        if own and defines:
            mixed.append(name)
    assert mixed == []


def _defines(node: ast.stmt) -> bool:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return node.name != "__getattr__"
    if isinstance(node, ast.ClassDef):
        return True
    if isinstance(node, ast.Assign | ast.AnnAssign):
        names = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(not (isinstance(n, ast.Name) and n.id.startswith("_")) for n in names)
    return False


def test_no_module_is_over_800_lines() -> None:
    long = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in MODULES.items()
        if name not in LONG_BY_DESIGN
    }
    assert {name: lines for name, lines in long.items() if lines > LONGEST} == {}


def test_the_readme_map_is_the_same_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Map of the package\n")[1].split("\n## ")[0]
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \|", section, flags=re.MULTILINE)
    written = {layer.strip(): cell.replace("`", "") for layer, cell in rows[1:]}
    expected = table(dtree.__doc__ or "")
    assert list(written) == list(expected)
    assert {k: sorted(members(v)) for k, v in written.items()} == {
        k: sorted(members(v)) for k, v in expected.items()
    }


def test_the_version_is_the_package_metadata() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        assert dtree.__version__ == tomllib.load(file)["project"]["version"]


# -- the checks can fail -------------------------------------------------------------------------


def test_an_import_from_a_higher_layer_is_found() -> None:
    """``tree`` importing the grower, or any module importing the package's door, runs up."""
    graph = {"tree": {"grower.make_subtree", "conditions"}, "counts": {ROOT_MODULE}}
    assert upward(graph) == ["counts -> dtree", "tree -> grower.make_subtree"]


def test_a_cycle_is_found_and_a_chain_is_not() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=20))
def test_cycle_agrees_with_reachability(edges: list[tuple[int, int]]) -> None:
    """A graph has a cycle exactly when some node reaches itself (brute force: closure)."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(str(a), set()).add(str(b))
    reach = {node: set(graph.get(node, set())) for node in map(str, range(7))}
    for _ in range(7):
        for near in reach.values():
            near |= {far for step in set(near) for far in reach.get(step, set())}
    found = cycle(graph)
    assert bool(found) == any(node in reach[node] for node in reach)
    assert all(b in graph[a] for a, b in itertools.pairwise(found))


def test_imports_are_read_with_their_targets() -> None:
    source = (
        "from dtree import tree as trees\n"
        "from dtree.grower.rows import Examples\n"
        "import dtree.ensemble.bagging\n"
        "from dtree import __version__\n"
        "def later():\n"
        "    from dtree.render import text\n"
    )
    assert imports(source) == {"tree", "grower.rows", "ensemble.bagging", ROOT_MODULE, "render"}
    assert imports(source, top_level_only=True) == {
        "tree",
        "grower.rows",
        "ensemble.bagging",
        ROOT_MODULE,
    }


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("tree, compiled", ["tree", "compiled"]),
        ("grower/ (rows, node), rules", ["grower", "grower.rows", "grower.node", "rules"]),
        ("datasets/, dnf/ (formulas)", ["dnf", "dnf.formulas", "datasets"]),
    ],
)
def test_a_cell_lists_its_modules(cell: str, expected: list[str]) -> None:
    assert list(members(cell)) == expected
