"""nvJitLink (PTX → cubin) and nvFatbin (cubins + PTX → fatbin) through cuda-python's bindings.

Both libraries come from PyPI wheels (`nvidia-nvjitlink`, `nvidia-nvfatbin`) and
need no GPU and no driver.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import StageError, ToolchainError

__all__ = [
    "COMPRESSION_CUDA",
    "FATBIN_COMPRESSION",
    "Cubin",
    "link_cubin",
    "make_fatbin",
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
# The oldest CUDA release whose driver loads such a fatbin. NVIDIA's nvcc documentation of
# `--compress-mode`: "not compatible with drivers released before CUDA Toolkit's 12.4 Release";
# LZ4 and zstd entries both came with 12.4 (older drivers know neither flag).
COMPRESSION_CUDA: dict[str, str | None] = {"speed": "12.4", "balance": "12.4", "size": "12.4", "none": None}


def nvfatbin_options(compression: str) -> list[str]:
    """nvFatbin's options for a fatbin of 64-bit code compressed with `compression` (a FATBIN_COMPRESSION key)."""
    return ["-64", *FATBIN_COMPRESSION[compression]]


def nvjitlink_options(arch: str) -> list[str]:
    """nvJitLink's options for PTX → cubin (`-verbose` gives the info log with the resources)."""
    return [f"-arch={arch}", "-verbose", "-O3"]


def _nvjitlink() -> Any:
    try:
        from cuda.bindings import nvjitlink
    except ImportError as exc:
        raise ToolchainError(
            f"nvJitLink is not available ({exc}); install it with `pip install cuda-bindings nvidia-nvjitlink`"
        ) from exc
    return nvjitlink


def _nvfatbin() -> Any:
    try:
        from cuda.bindings import nvfatbin
    except ImportError as exc:
        raise ToolchainError(
            f"nvFatbin is not available ({exc}); install it with `pip install cuda-bindings nvidia-nvfatbin`"
        ) from exc
    return nvfatbin


def nvjitlink_version() -> str:
    try:
        major, minor = _nvjitlink().version()
    except Exception as exc:  # the shared library is missing or broken
        raise ToolchainError(f"nvJitLink cannot be loaded ({exc}); install it with `pip install nvidia-nvjitlink`") from exc
    return f"{major}.{minor}"


def nvfatbin_version() -> str:
    try:
        major, minor = _nvfatbin().version()
    except Exception as exc:
        raise ToolchainError(f"nvFatbin cannot be loaded ({exc}); install it with `pip install nvidia-nvfatbin`") from exc
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
_SPILL = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SMEM = re.compile(r"(\d+) bytes smem")
_CMEM = re.compile(r"(\d+) bytes cmem\[0\]")


def parse_info_log(log: str) -> dict[str, dict[str, int]]:
    """Per-kernel resources from nvJitLink's `-verbose` info log (ptxas format)."""
    out: dict[str, dict[str, int]] = {}
    current: str | None = None
    for line in log.splitlines():
        if not line.startswith("ptxas"):
            continue  # nvJitLink repeats a summary in another format; ptxas's lines suffice
        if m := _FUNC.search(line):
            current = m.group(1)
            out.setdefault(current, {"registers": 0, "spills": 0, "stack": 0, "shared": 0, "constant": 0})
            continue
        if current is None:
            continue
        entry = out[current]
        if m := _SPILL.search(line):
            entry["stack"] = int(m.group(1))
            entry["spills"] = int(m.group(2)) + int(m.group(3))
        if m := _USED.search(line):
            entry["registers"] = int(m.group(1))
        if m := _SMEM.search(line):
            entry["shared"] = int(m.group(1))
        if m := _CMEM.search(line):
            entry["constant"] = int(m.group(1))
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
