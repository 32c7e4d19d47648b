"""Build the notebooks as a JupyterLite site: dtree's notes, run in the reader's browser by
Pyodide (Python compiled to WebAssembly), with no server behind them but a static one.

    python docs/lite.py                 # builds docs/_build/lite
    python docs/lite.py --out SOMEWHERE
    python -m http.server -d docs/_build/lite    # then open http://localhost:8000/lab/

What it makes: a static folder holding JupyterLite's pages, the Pyodide kernel, Pyodide's
runtime and, as the site's files, the notebooks' renderings (``proofs_notebooks/*.ipynb``, set to
open on the Pyodide kernel).
Pyodide starts with dtree and Hypothesis loaded, so a notebook's ``import dtree`` runs as
written; ``%pip install dtree`` (piplite) finds the same wheels in the site.

Every file the kernel needs is in the folder:

- Pyodide's runtime (``pyodide.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip`` and
  ``pyodide-lock.json``) is the npm package ``pyodide`` at :data:`PYODIDE`, the version that
  the pinned ``jupyterlite-pyodide-kernel`` expects;
- the npm package has no wheels, so the pure-Python wheels that the kernel and dtree load
  through Pyodide's lock file (micropip, IPython and its dependencies, attrs, toolz,
  sortedcontainers) are fetched from PyPI at the versions the lock names, and the lock is
  rewritten to point at them (their hashes differ from Pyodide's rebuilt ones);
- dtree's wheel is built from this checkout; Hypothesis's WebAssembly wheel, and comm (which
  the kernel installs and the lock lacks), come from PyPI.

What stays out: the packages that only Pyodide compiles for WebAssembly (numpy, matplotlib,
Pillow, kiwisolver, ...) are on no registry the build can reach. By default the lock sends
them to Pyodide's own CDN, so a reader who is online can still draw the notes' figures; with
``--offline`` they are dropped from the lock and the kernel never leaves the site (then
``import matplotlib`` fails, and with it each notebook's first cell, which imports it).

Needs: the ``lite`` extra (``pip install -e '.[lite]'``), pip, npm, and PyPI and the npm
registry while it builds; nothing at all while the site runs (``--offline``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "proofs_notebooks"
OUT = ROOT / "docs" / "_build" / "lite"

PYODIDE = "314.0.6"
"""The npm package ``pyodide``'s version: the one ``jupyterlite-pyodide-kernel`` 0.8.6 names."""
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE}/full/"
"""Where Pyodide publishes the wheels it compiles, which no registry carries."""
PYTHON = "3.14"
"""The Python of that Pyodide, for which the wheels are chosen."""
PLATFORM = "pyemscripten_2026_0_wasm32"
"""That Pyodide's platform tag, for the WebAssembly wheels PyPI carries (Hypothesis's)."""

EXTRAS = ["hypothesis"]
"""What the notes import beside dtree and the standard library (and matplotlib)."""
PRELOAD = ["dtree", "hypothesis"]
"""Loaded as the kernel starts, so that a notebook runs as written."""
KERNEL = ["micropip", "comm", "jedi", "ipython"]
"""What the Pyodide kernel installs as it starts, beside its own wheels: from the lock where
Pyodide has them, else (comm) from PyPI."""
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"


PURE = ["--implementation", "py", "--abi", "none", "--platform", "any"]
"""pip's options for pure-Python wheels, which run anywhere."""
WASM = ["--implementation", "cp", "--abi", "cp" + PYTHON.replace(".", ""), "--abi", "none",
        "--platform", PLATFORM, "--platform", "any"]  # fmt: skip
"""pip's options for wheels built for that Pyodide, or for any platform."""


def run(*command: str | Path, cwd: Path | None = None) -> None:
    print("$", *command, flush=True)
    subprocess.run([str(part) for part in command], cwd=cwd, check=True)


def pip(*arguments: str | Path) -> None:
    run(sys.executable, "-m", "pip", *arguments)


def download(into: Path, options: list[str], *requirements: str) -> None:
    """Wheels for Pyodide's Python, each without its dependencies: the lock lists those."""
    pip("download", "--quiet", "--no-deps", "--only-binary=:all:", "--python-version", PYTHON,
        *options, "--dest", into, *requirements)  # fmt: skip


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_runtime(into: Path, work: Path) -> None:
    """Pyodide's runtime from npm, unpacked into ``into`` (its docs and types left out)."""
    run("npm", "pack", "--silent", f"pyodide@{PYODIDE}", "--pack-destination", work, cwd=work)
    with tarfile.open(work / f"pyodide-{PYODIDE}.tgz") as tarball:
        tarball.extractall(work / "npm", filter="data")
    into.mkdir(parents=True)
    for path in (work / "npm" / "package").iterdir():
        if path.suffix in {".mjs", ".js", ".wasm", ".zip"} or path.name == "pyodide-lock.json":
            shutil.copy2(path, into / path.name)


def requirements(wheel: Path) -> list[str]:
    """The names a wheel requires, but for its extras' requirements."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = (n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    wanted = [line.split(":", 1)[1] for line in lines if line.startswith("Requires-Dist:")]
    return [
        canonical(re.split(r"[^A-Za-z0-9._-]", req.strip(), maxsplit=1)[0])
        for req in wanted
        if not re.search(r"\bextra\b", req)
    ]


def imports(wheel: Path) -> list[str]:
    """A wheel's top-level modules, as a lock's entry lists them."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/", 1)[0] for name in archive.namelist()}
    return sorted(
        top.removesuffix(".py")
        for top in tops
        if not top.endswith((".dist-info", ".data")) and (top.endswith(".py") or "." not in top)
    )


def closure(lock: dict[str, Any], roots: list[str]) -> list[str]:
    """The lock's packages that ``roots`` need, each once."""
    packages = {canonical(name): entry for name, entry in lock["packages"].items()}
    seen: list[str] = []
    todo = [canonical(root) for root in roots if canonical(root) in packages]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo.extend(canonical(dep) for dep in packages[name]["depends"])
    return sorted(seen)


def relock(runtime: Path, ours: list[Path], offline: bool) -> None:
    """Point Pyodide's lock at wheels in the site: the pure-Python ones it names, fetched
    from PyPI at its versions, and ``ours`` (dtree's, Hypothesis's), added to it."""
    path = runtime / "pyodide-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    packages = lock["packages"] = {canonical(k): v for k, v in lock["packages"].items()}
    roots = [*KERNEL, *(name for wheel in ours for name in requirements(wheel))]
    needed = closure(lock, roots)
    compiled = [n for n in needed if not packages[n]["file_name"].endswith("-none-any.whl")]
    if compiled:
        sys.exit(f"these need Pyodide's own builds, which no registry has: {compiled}")
    download(runtime, PURE, *(f"{packages[n]['name']}=={packages[n]['version']}" for n in needed))
    wheels = {canonical(w.name.split("-", 1)[0]): w for w in runtime.glob("*.whl")}
    for name in needed:
        wheel = wheels[name]
        packages[name].update(file_name=wheel.name, sha256=sha256(wheel))
    kept = {*needed, *(canonical(wheel.name.split("-")[0]) for wheel in ours)}
    for wheel in ours:
        name, version = wheel.name.split("-")[:2]
        shutil.copy2(wheel, runtime / wheel.name)
        packages[canonical(name)] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "sha256": sha256(wheel),
            "package_type": "package",
            "install_dir": "site",
            "imports": imports(wheel),
            "depends": [dep for dep in requirements(wheel) if dep in kept],
            "unvendored_tests": False,
        }
    for name in [n for n in packages if n not in kept]:
        if offline:
            del packages[name]
        else:
            packages[name]["file_name"] = CDN + packages[name]["file_name"]
    path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


def notebooks(into: Path) -> None:
    """The notes' renderings, set to open on the site's kernel."""
    into.mkdir(parents=True)
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        notebook = json.loads(source.read_text(encoding="utf-8"))
        kernel = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        notebook["metadata"]["kernelspec"] = kernel
        (into / source.name).write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def build(out: Path, offline: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="lite-") as tmp:
        work = Path(tmp)
        lite = work / "site"
        runtime = lite / "static" / "pyodide"
        pyodide_runtime(runtime, work)
        wheels = work / "wheels"
        pip("wheel", "--quiet", "--no-deps", "--wheel-dir", wheels, ROOT)
        locked = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
        unlocked = [name for name in KERNEL if canonical(name) not in locked["packages"]]
        download(wheels, WASM, *EXTRAS, *unlocked)
        ours = sorted(wheels.glob("*.whl"))
        relock(runtime, ours, offline)
        notebooks(lite / "files")
        settings = {
            "loadPyodideOptions": {"packages": PRELOAD},
            **({"disablePyPIFallback": True} if offline else {}),
        }
        config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_SETTINGS: settings}}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        # A notebook opened before the kernel's spec has loaded would ask which kernel to start.
        overrides = {"@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True}}
        (lite / "overrides.json").write_text(json.dumps(overrides, indent=1), encoding="utf-8")
        shutil.rmtree(out, ignore_errors=True)
        run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite,
            "--contents", lite / "files", "--piplite-wheels", wheels,
            "--output-dir", out.resolve(), cwd=lite)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"default: {OUT.relative_to(ROOT)}")
    parser.add_argument(
        "--offline",
        action="store_true",
        help="leave out what only Pyodide's CDN has: the site never reaches out",
    )
    arguments = parser.parse_args()
    build(arguments.out, arguments.offline)
    print(f"built {arguments.out}")


if __name__ == "__main__":
    main()
