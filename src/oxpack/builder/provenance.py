"""What a build was made from: the digests a manifest records as `sources`, and their check.

A build records, in the manifest (`_oxpack/<module>.json`) of the module it writes::

    "sources": {
        "kernels": {"kernels/saxpy.rs": "<sha256 of the file>", ...},  # every kernel file the build compiled
        "kernel_globs": ["kernels/*.rs"],                             # the globs that found them
        "modules": {"kernels/common/mod.rs": "<sha256>", ...},        # the files they read besides
                                                                      # (`mod common;`), if any
        "oxpack": "<sha256>",   # oxpack's own files, as installed: the Python package, the device
    }                           # crate and its LLVM IR runtime, the stub templates (its version too)

`stale(recorded, repo, project)` computes the same from a source tree (a checkout of oxpack
at `repo`, the kernel project at `project`) and says what differs: an installed package was
built from that checkout exactly when it answers nothing. File contents decide, never times
or commits, so a build from a dirty working tree matches that tree.

Standard library only, and no import of the rest of oxpack: the GPU tests load this file from
the checkout on a machine where oxpack itself is not installed.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["CHECKOUT_LAYOUT", "build_sources", "checkout_oxpack_files", "files_digest", "installed_oxpack_digest",
           "kernel_files", "package_files", "stale"]

# Where the installed package's files come from in a checkout (the source tree is the import tree).
CHECKOUT_LAYOUT: dict[str, str] = {"src/oxpack": ""}
# What oxpack's wheel leaves out (the checkout's .gitignore), and what an installed package gains.
_SKIP_DIRS = frozenset({"__pycache__", "build", "dist", ".pytest_cache", ".mypy_cache", ".venv", ".dev"})
_SKIP_SUFFIXES = (".pyc", ".pyo")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files_digest(files: Mapping[str, str]) -> str:
    """One sha256 over (relative path, sha256 of its content) pairs, in path order."""
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(f"{name}\0{files[name]}\n".encode())
    return h.hexdigest()


def package_files(root: Path, prefix: str = "") -> dict[str, Path]:
    """The files below `root` that oxpack's wheel ships, by path relative to `root` (with `prefix`)."""
    found: dict[str, Path] = {}
    for path in root.rglob("*"):
        parts = path.relative_to(root).parts
        if (any(p in _SKIP_DIRS or p.endswith(".egg-info") for p in parts[:-1]) or path.suffix in _SKIP_SUFFIXES
                or not path.is_file()):
            continue
        found[prefix + "/".join(parts)] = path
    return found


def checkout_oxpack_files(repo: Path) -> dict[str, Path]:
    """oxpack's files in a checkout, named as they are installed (`src/oxpack/cli.py` → `cli.py`)."""
    found: dict[str, Path] = {}
    for folder, prefix in CHECKOUT_LAYOUT.items():
        found.update(package_files(repo / folder, prefix))
    return found


@functools.cache
def installed_oxpack_digest() -> str:
    """The digest of the oxpack that runs this code (the package folder above this file's `builder/`)."""
    root = Path(__file__).resolve().parent.parent
    return files_digest({name: _sha256(path) for name, path in package_files(root).items()})


def kernel_files(project: Path, globs: Iterable[str]) -> dict[str, Path]:
    """The project's kernel files that `globs` match, as a build finds them (relative posix path → file)."""
    found: dict[str, Path] = {}
    for pattern in globs:
        for path in project.glob(pattern):
            if path.is_file() and path.suffix == ".rs":
                found[path.relative_to(project).as_posix()] = path
    return found


def build_sources(kernels: Mapping[str, str], globs: Iterable[str],
                  modules: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The manifest's `sources` for a build of kernel files `kernels` (relative path → sha256) that read
    `modules` besides (relative path → sha256: the modules they declare, the files they include)."""
    sources: dict[str, Any] = {"kernels": dict(sorted(kernels.items())), "kernel_globs": list(globs)}
    if modules:
        sources["modules"] = dict(sorted(modules.items()))
    sources["oxpack"] = installed_oxpack_digest()
    return sources


def stale(recorded: Mapping[str, Any], repo: Path, project: Path) -> list[str]:
    """What differs between a build's recorded `sources` (a manifest) and the checkout `repo` with the
    kernel project `project`; empty when the build was made from exactly these files."""
    sources = recorded.get("sources")
    if not isinstance(sources, Mapping):
        return [f"its manifest records no `sources` (built by oxpack {recorded.get('oxpack', '?')} before they were "
                "recorded)"]
    problems: list[str] = []
    built: Mapping[str, str] = sources.get("kernels", {})
    modules: Mapping[str, str] = sources.get("modules", {})
    here = {name: _sha256(path) for name, path in kernel_files(project, sources.get("kernel_globs", [])).items()
            if name not in modules}  # a module the globs match too is no kernel file
    for name in sorted(modules):
        path = project / name
        if not path.is_file():
            problems.append(f"module file `{name}` was built but is not in {project}")
        elif _sha256(path) != modules[name]:
            problems.append(f"module file `{name}` in {project} changed since the build")
    for name in sorted(set(built) | set(here)):
        if name not in here:
            problems.append(f"kernel file `{name}` was built but is not in {project}")
        elif name not in built:
            problems.append(f"kernel file `{name}` in {project} was not built")
        elif built[name] != here[name]:
            problems.append(f"kernel file `{name}` in {project} changed since the build")
    files = checkout_oxpack_files(repo)
    ours = files_digest({name: _sha256(path) for name, path in files.items()})
    if sources.get("oxpack") != ours:
        problems.append(f"oxpack's own files ({', '.join(f'{d}/' for d in CHECKOUT_LAYOUT)} of {repo}: "
                        f"{len(files)} files, sha256 {ours[:12]}) are not those of the oxpack that built it "
                        f"(sha256 {str(sources.get('oxpack'))[:12]})")
    return problems
