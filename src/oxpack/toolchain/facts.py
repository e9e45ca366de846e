"""Facts about the tools, remembered across builds: a library's version (and the standalone ptxas's), the
archs that nvJitLink links, what a rustc answers to `-vV` and `--print sysroot` (`rustc.probe`).

Asking one means loading the library (nvJitLink, nvFatbin and llvmlite's LLVM are hundreds of megabytes
of shared objects behind their Python bindings), for the archs linking an empty kernel per arch, for a
rustc running it twice: most of what an unchanged rebuild did, for answers that change only when those
files do. A fact is kept
in the cache folder (`<cache>/facts/<key>.json`) under a key of everything its answer depends on: the
question, the digest of the oxpack module that asks it (and of this one), and the identity of every file
that could give the answer, those that are absent included (path, device, inode, size, modification
and status-change times in nanoseconds: a library replaced, rewritten or reinstalled has another
identity; the change time is the kernel's, which `touch` and unpacking an archive cannot set). A fact whose files cannot all be named (a library
that only the system loader finds) is asked every time. An entry that is unreadable, damaged (its
digest is checked) or not a valid answer is asked again and replaced; a cache folder that cannot be
written only costs the time.

These are answers about tools, never about a project's sources: those are always read and hashed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from ..store.cache import code_id, digest, key, write_atomic
from . import llvm, nvidia, ptxas

__all__ = ["FOLDER", "file_identity", "llvm_version", "nvfatbin_version", "nvjitlink_version", "ptxas_version",
           "remembered", "supported_archs"]

T = TypeVar("T")

FOLDER = "facts"
"""The cache folder's subfolder that holds the facts."""


def file_identity(path: Path) -> str:
    """`path` and what tells this file from any other that has been or will be there: device, inode, size,
    modification and status-change times (ns); `absent` where there is no file."""
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}\0absent"
    return f"{path}\0{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}"


def remembered(folder: Path | None, question: str, code: Sequence[ModuleType], files: Sequence[Path] | None,
               ask: Callable[[], T], *, valid: Callable[[Any], bool], load: Callable[[Any], T] = lambda a: a,
               keep: Callable[[T], bool] = lambda a: True, extra: Sequence[str] = ()) -> T:
    """The answer to `question`: `ask()`, or what it answered in an earlier build whose key was the same.

    The key: `question`, `extra`, the digests of the modules `code` (the code that asks) and of this one, and
    the identities of `files` (all those that could give the answer). `files` None (not all known) or
    `folder` None: asked, not remembered. A remembered answer goes through `valid` (a JSON value), then
    `load` (back to what `ask` returns); `ask()`'s answer must be JSON (tuples are stored as lists), and is
    stored where `keep` says so (not a failure, not an answer that more than these files decide)."""
    if folder is None or files is None:
        return ask()
    codes = [code_id(m) for m in (*code, sys.modules[__name__])]
    k = key("fact", question, *extra, *codes, *[file_identity(f) for f in files])
    path = folder / f"{k}.json"
    try:
        entry = json.loads(path.read_bytes())
        answer = entry["answer"]
        if entry["digest"] == digest(json.dumps(answer, sort_keys=True)) and valid(answer):
            return load(answer)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    answer = ask()
    if not keep(answer):
        return answer
    value = json.loads(json.dumps(answer))  # as it will be read back
    entry = {"question": question, "answer": value, "digest": digest(json.dumps(value, sort_keys=True))}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(entry, indent=1, sort_keys=True) + "\n").encode())
    except OSError:
        pass  # a read-only cache: asked again next time
    return answer


# --- the facts of a build: each asked once per process, and remembered in `folder` where one is given ---

_ASKED: dict[str, Any] = {}


def llvm_version(folder: Path | None = None) -> tuple[int, int, int]:
    """The LLVM version that llvmlite was built with (`llvm.llvm_version`), remembered under the identity
    of llvmlite's library files: asking loads all of LLVM."""
    if "llvm" not in _ASKED:
        _ASKED["llvm"] = remembered(
            folder, "LLVM version", [llvm], None if folder is None else _llvmlite_files(), llvm.llvm_version,
            load=tuple, valid=lambda a: isinstance(a, list) and len(a) == 3 and all(type(x) is int for x in a))
    return _ASKED["llvm"]  # type: ignore[no-any-return]


def nvjitlink_version(folder: Path | None = None) -> str:
    """nvJitLink's `major.minor` (`nvidia.nvjitlink_version`), remembered under the identity of its library
    files and cuda-python's bindings of it."""
    return _version("nvJitLink", folder, nvidia.nvjitlink_version)


def nvfatbin_version(folder: Path | None = None) -> str:
    """nvFatbin's `major.minor`, as `nvjitlink_version` is nvJitLink's."""
    return _version("nvFatbin", folder, nvidia.nvfatbin_version)


def ptxas_version(tool: Path, folder: Path | None = None) -> str:
    """The `major.minor.patch` of the standalone ptxas at `tool` (`ptxas.ptxas_version`), remembered under
    that file's identity: asking runs it."""
    question = f"ptxas version\0{tool}"
    if question not in _ASKED:
        _ASKED[question] = remembered(
            folder, "ptxas version", [ptxas], None if folder is None else [tool], lambda: ptxas.ptxas_version(tool),
            valid=lambda a: isinstance(a, str) and re.fullmatch(r"\d+\.\d+\.\d+", a) is not None)
    return _ASKED[question]  # type: ignore[no-any-return]


def _version(name: str, folder: Path | None, ask: Callable[[], str]) -> str:
    if name not in _ASKED:
        _ASKED[name] = remembered(folder, f"{name} version", [nvidia], None if folder is None else _library_files(name),
                                  ask, valid=lambda a: isinstance(a, str) and re.fullmatch(r"\d+\.\d+", a) is not None)
    return _ASKED[name]  # type: ignore[no-any-return]


def supported_archs(candidates: Mapping[str, str], folder: Path | None = None) -> list[str]:
    """The archs of `candidates` (arch → oldest PTX ISA) that this nvJitLink links (`nvidia.supported_archs`:
    an empty kernel linked per arch), remembered as its version is."""
    question = json.dumps(sorted(candidates.items()))
    if question not in _ASKED:
        _ASKED[question] = remembered(
            folder, "nvJitLink archs", [nvidia], None if folder is None else _library_files("nvJitLink"),
            lambda: nvidia.supported_archs(candidates), extra=[question],
            valid=lambda a: isinstance(a, list) and all(isinstance(x, str) and x in candidates for x in a))
    return list(_ASKED[question])


_BINDINGS = {"nvJitLink": "nvjitlink", "nvFatbin": "nvfatbin"}  # cuda.bindings' module of each library


def _library_files(name: str) -> list[Path] | None:
    """Every file that could answer for NVIDIA library `name` here: each of its sonames in each wheel folder
    that `nvidia.find_nvidia_library` looks in, present or not, and the modules of cuda-python's bindings
    that call it. None where no wheel has it (a CUDA toolkit's, which the system loader finds, is not
    named) or the bindings are not found: then it is asked at every build."""
    candidates = [root / folder / soname for soname in nvidia.NVIDIA_LIBRARIES[name].sonames
                  for root in nvidia.nvidia_package_roots() for folder in nvidia._WHEEL_LIB_DIRS]
    if not any(path.is_file() for path in candidates):
        return None
    bindings = []
    for module in (f"cuda.bindings.{_BINDINGS[name]}", f"cuda.bindings._internal.{_BINDINGS[name]}"):
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            return None
        if spec is None or not spec.origin:
            return None
        bindings.append(Path(spec.origin))
    return candidates + bindings


def _llvmlite_files() -> list[Path] | None:
    """The files that say which LLVM `llvmlite.binding` loads (LLVM is linked into its one shared library,
    which it loads from its own folder): that folder's shared libraries and the Python that loads one and
    reads its version; None where llvmlite is not found."""
    try:
        spec = importlib.util.find_spec("llvmlite")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    binding = Path(list(spec.submodule_search_locations)[0]) / "binding"
    try:
        libraries = sorted(p for p in binding.iterdir() if ".so" in p.name or p.suffix in (".dylib", ".dll"))
    except OSError:
        return None
    if not libraries:
        return None
    return [*libraries, binding / "__init__.py", binding / "ffi.py", binding / "initfini.py"]
