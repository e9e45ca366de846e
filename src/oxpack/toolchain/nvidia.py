"""nvJitLink (PTX → cubin) and nvFatbin (cubins + PTX → fatbin) through cuda-python's bindings.

Both libraries come from PyPI wheels (`nvidia-nvjitlink`, `nvidia-nvfatbin`) and
need no GPU and no driver. They are found through the import system, wherever the
building Python imports the `nvidia` package from (`load_nvidia_library`).
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import StageError, ToolchainError

__all__ = [
    "FATBIN_COMPRESSION",
    "NVIDIA_LIBRARIES",
    "Cubin",
    "NvidiaLibrary",
    "find_nvidia_library",
    "link_cubin",
    "load_nvidia_library",
    "make_fatbin",
    "missing_library",
    "nvidia_package_roots",
    "nvfatbin_options",
    "nvfatbin_version",
    "nvjitlink_options",
    "nvjitlink_version",
    "parse_info_log",
    "supported_archs",
]

# nvFatbin's compression modes (nvcc's `--compress-mode`), each entry compressed on its own:
# `speed` is LZ4 (entry flag 0x2000), `balance` (what `-compress-all` alone gives in 13.x) and
# `size` are zstd (flag 0x8000); `none` stores every entry as is, PTX included.
FATBIN_COMPRESSION: dict[str, tuple[str, ...]] = {
    "speed": ("-compress-all", "-compress-mode=speed"),
    "balance": ("-compress-all", "-compress-mode=balance"),
    "size": ("-compress-all", "-compress-mode=size"),
    "none": ("-compress-mode=none",),
}


def nvfatbin_options(compression: str) -> list[str]:
    """nvFatbin's options for a fatbin of 64-bit code compressed with `compression` (a FATBIN_COMPRESSION key)."""
    return ["-64", *FATBIN_COMPRESSION[compression]]


def nvjitlink_options(arch: str) -> list[str]:
    """nvJitLink's options for PTX → cubin (`-verbose` gives the info log with the resources)."""
    return [f"-arch={arch}", "-verbose", "-O3"]


@dataclass(frozen=True)
class NvidiaLibrary:
    package: str  # the pip package that ships it
    sonames: tuple[str, ...]  # what cuda-python's bindings load, newest first
    pathfinder_name: str  # its name for cuda.pathfinder.load_nvidia_dynamic_lib


NVIDIA_LIBRARIES: dict[str, NvidiaLibrary] = {
    "nvJitLink": NvidiaLibrary("nvidia-nvjitlink", ("libnvJitLink.so.13", "libnvJitLink.so.12"), "nvJitLink"),
    "nvFatbin": NvidiaLibrary("nvidia-nvfatbin", ("libnvfatbin.so.13", "libnvfatbin.so.12"), "nvfatbin"),
}
# Where NVIDIA's wheels put their shared libraries, inside the `nvidia` namespace package:
# CUDA 13 wheels share `nvidia/cu13/lib`, CUDA 12 wheels have one folder per library.
_WHEEL_LIB_DIRS = ("cu13/lib", "nvjitlink/lib", "nvfatbin/lib", "cu12/lib")
_LOADED: dict[str, Path] = {}
_HANDLES: list[ctypes.CDLL] = []  # never closed: the bindings use the library for the process's lifetime


def nvidia_package_roots() -> list[Path]:
    """The folders of the `nvidia` namespace package that this Python imports from.

    Asks the import system (`importlib.util.find_spec`), so it sees every place a package
    can be imported from: a venv, the user site, `--system-site-packages`, `--target` and
    `--prefix` folders on `sys.path`/`PYTHONPATH`, and pip's build-isolation overlay.
    """
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        return []
    return [Path(root) for root in (spec.submodule_search_locations or [])] if spec else []


def find_nvidia_library(name: str) -> Path | None:
    """The shared library of `name` (a NVIDIA_LIBRARIES key) in an importable NVIDIA wheel."""
    for soname in NVIDIA_LIBRARIES[name].sonames:
        for root in nvidia_package_roots():
            for folder in _WHEEL_LIB_DIRS:
                if (root / folder / soname).is_file():
                    return root / folder / soname
    return None


def missing_library(name: str) -> str:
    """The one line that says where to install `name`'s pip package."""
    library, python = NVIDIA_LIBRARIES[name], sys.executable
    return (f"{name} ({library.sonames[0]}) is found neither in an `nvidia` package that {python} imports nor in "
            f"a CUDA toolkit: install the pip package `{library.package}` into that environment (`{python} -m pip "
            f"install {library.package}`; in a pyproject build, `oxpack` in `build-system.requires` brings it)")


def load_nvidia_library(name: str) -> Path:
    """Load `name`'s shared library where this Python imports NVIDIA's wheel from; return its path.

    cuda-python's loader (cuda.pathfinder) looks in site-packages only, which misses pip's
    build isolation, `--target` and `--prefix`; it does use a library that is already
    loaded (same soname), so the one found here is loaded first. Without a wheel, the
    library may still come from a CUDA toolkit (CUDA_HOME, conda, the system loader),
    which cuda.pathfinder finds itself.
    """
    if name in _LOADED:
        return _LOADED[name]
    path = find_nvidia_library(name)
    if path is not None:
        try:
            _HANDLES.append(ctypes.CDLL(str(path), mode=os.RTLD_NOW | os.RTLD_GLOBAL))
        except OSError as exc:
            package = NVIDIA_LIBRARIES[name].package
            raise ToolchainError(f"{name} at {path} cannot be loaded ({exc}); reinstall the pip package "
                                 f"`{package}` into the environment of {sys.executable}") from None
    else:
        try:
            from cuda.pathfinder import load_nvidia_dynamic_lib
        except ImportError:
            raise ToolchainError(missing_library(name)) from None
        try:
            path = Path(load_nvidia_dynamic_lib(NVIDIA_LIBRARIES[name].pathfinder_name).abs_path or name)
        except Exception:  # DynamicLibNotFoundError and kin: nowhere on this machine
            raise ToolchainError(missing_library(name)) from None
    _LOADED[name] = path
    return path


def _nvjitlink() -> Any:
    try:
        from cuda.bindings import nvjitlink
    except ImportError as exc:
        raise ToolchainError(
            f"nvJitLink's Python bindings are not importable by {sys.executable} ({exc}); install the pip "
            f"package `cuda-bindings` into that environment (`{sys.executable} -m pip install cuda-bindings`)"
        ) from None
    load_nvidia_library("nvJitLink")
    return nvjitlink


def _nvfatbin() -> Any:
    try:
        from cuda.bindings import nvfatbin
    except ImportError as exc:
        raise ToolchainError(
            f"nvFatbin's Python bindings are not importable by {sys.executable} ({exc}); install the pip "
            f"package `cuda-bindings` into that environment (`{sys.executable} -m pip install cuda-bindings`)"
        ) from None
    load_nvidia_library("nvFatbin")
    return nvfatbin


def nvjitlink_version() -> str:
    nvjitlink = _nvjitlink()
    try:
        major, minor = nvjitlink.version()
    except Exception as exc:  # the library is there but broken
        raise ToolchainError(f"nvJitLink ({_LOADED['nvJitLink']}) does not answer ({exc}); reinstall the pip "
                             f"package `nvidia-nvjitlink` into the environment of {sys.executable}") from None
    return f"{major}.{minor}"


def nvfatbin_version() -> str:
    nvfatbin = _nvfatbin()
    try:
        major, minor = nvfatbin.version()
    except Exception as exc:
        raise ToolchainError(f"nvFatbin ({_LOADED['nvFatbin']}) does not answer ({exc}); reinstall the pip "
                             f"package `nvidia-nvfatbin` into the environment of {sys.executable}") from None
    return f"{major}.{minor}"


@dataclass(frozen=True)
class Cubin:
    arch: str
    data: bytes
    info_log: str


def _arch_number(arch: str) -> str:
    return arch.removeprefix("sm_").removeprefix("compute_")


def link_cubin(ptx: str, arch: str, *, name: str = "kernel") -> Cubin:
    """PTX → cubin for `arch` (``sm_90``); nvJitLink's info log is kept for `inspect`."""
    nvjitlink = _nvjitlink()
    options = nvjitlink_options(arch)
    handle = nvjitlink.create(len(options), options)
    try:
        try:
            data = ptx.encode()
            nvjitlink.add_data(handle, nvjitlink.InputType.PTX, data, len(data), f"{name}.ptx")
            nvjitlink.complete(handle)
        except nvjitlink.nvJitLinkError as exc:
            log = _log(nvjitlink, handle, error=True)
            raise StageError(
                f"nvJitLink rejected the PTX of `{name}` for {arch}: {exc}", stage="cubin", arch=arch, stderr=log
            ) from exc
        size = nvjitlink.get_linked_cubin_size(handle)
        buf = bytearray(size)
        nvjitlink.get_linked_cubin(handle, buf)
        return Cubin(arch, bytes(buf), _log(nvjitlink, handle, error=False))
    finally:
        nvjitlink.destroy(handle)


def _log(nvjitlink: Any, handle: int, *, error: bool) -> str:
    size = (nvjitlink.get_error_log_size if error else nvjitlink.get_info_log_size)(handle)
    if size <= 1:
        return ""
    buf = bytearray(size)
    (nvjitlink.get_error_log if error else nvjitlink.get_info_log)(handle, buf)
    return bytes(buf).rstrip(b"\0").decode("utf-8", "replace")


_FUNC = re.compile(r"Function properties for (\S+)")
_SUMMARY_FUNC = re.compile(r"^info\s*: Function properties for '(\S+)':")
_SPILL = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SMEM = re.compile(r"(\d+) bytes smem")
_CMEM = re.compile(r"(\d+) bytes cmem\[0\]")


def parse_info_log(log: str) -> dict[str, dict[str, int]]:
    """Per-kernel resources from nvJitLink's `-verbose` info log.

    The log has ptxas's lines (``ptxas info    : Used 8 registers, used 0 barriers, 364 bytes
    cmem[0]``), then nvJitLink's own summary per function (``info    : used 8 registers, ...,
    0 bytes smem, 540 bytes cmem[0], 0 bytes lmem``). ptxas's lines are read first; for sm_90
    and newer they leave out the constant memory, which then comes from the summary. A value
    ptxas gives is kept: the summary's can differ (2048 bytes smem for a 1024-byte array on
    sm_90).
    """
    out: dict[str, dict[str, int]] = {}
    from_ptxas: dict[str, set[str]] = {}
    current: str | None = None
    for line in log.splitlines():
        ptxas = line.startswith("ptxas")
        if not ptxas and not line.startswith("info"):
            continue
        if m := (_FUNC if ptxas else _SUMMARY_FUNC).search(line):
            current = m.group(1)
            out.setdefault(current, {"registers": 0, "spills": 0, "stack": 0, "shared": 0, "constant": 0})
            from_ptxas.setdefault(current, set())
            continue
        if current is None:
            continue
        entry, known = out[current], from_ptxas[current]
        found: dict[str, int] = {}
        if ptxas and (m := _SPILL.search(line)):
            found["stack"] = int(m.group(1))
            found["spills"] = int(m.group(2)) + int(m.group(3))
        if ptxas and (m := _USED.search(line)):
            found["registers"] = int(m.group(1))
        if m := _SMEM.search(line):
            found["shared"] = int(m.group(1))
        if m := _CMEM.search(line):
            found["constant"] = int(m.group(1))
        for field, value in found.items():
            if ptxas:
                entry[field] = value
                known.add(field)
            elif field not in known:
                entry[field] = value
    return out


_PROBE_PTX = ".version {isa}\n.target {arch}\n.address_size 64\n.visible .entry probe() {{ ret; }}\n"


def supported_archs(candidates: Mapping[str, str]) -> list[str]:
    """The archs of `candidates` (arch → oldest PTX ISA) that this nvJitLink links.

    Asks nvJitLink itself, once per process, with an empty kernel per arch (~ms each).
    """
    key = tuple(sorted(candidates.items()))
    if key not in _SUPPORTED:
        ok = []
        for arch, isa in candidates.items():
            try:
                link_cubin(_PROBE_PTX.format(isa=isa, arch=arch), arch, name="probe")
                ok.append(arch)
            except StageError:
                pass
        _SUPPORTED[key] = ok
    return list(_SUPPORTED[key])


_SUPPORTED: dict[tuple[tuple[str, str], ...], list[str]] = {}


def make_fatbin(cubins: Sequence[Cubin], ptx: tuple[str, str] | None, *, name: str = "kernel",
                compression: str = "speed") -> bytes:
    """cubins (+ optionally PTX as ``(arch, text)``) → one fatbin, each entry compressed with `compression`."""
    nvfatbin = _nvfatbin()
    options = nvfatbin_options(compression)
    handle = nvfatbin.create(options, len(options))
    try:
        try:
            for cubin in cubins:
                nvfatbin.add_cubin(handle, cubin.data, len(cubin.data), _arch_number(cubin.arch), name)
            if ptx is not None:
                arch, text = ptx
                data = text.encode() + b"\0"
                nvfatbin.add_ptx(handle, data, len(data), _arch_number(arch), name, "")
            size = nvfatbin.size(handle)
            buf = bytearray(size)
            nvfatbin.get(handle, buf)
        except nvfatbin.nvFatbinError as exc:
            raise StageError(f"nvFatbin failed for `{name}`: {exc}", stage="fatbin") from exc
        return bytes(buf)
    finally:
        nvfatbin.destroy(handle)
