"""Stage `fatbin`: nvFatbin packs a crate's cubins (one per arch) and, where configured, one arch's PTX
(forward compatibility) into one fatbin, each entry compressed as `fatbin-compression` says. Runs in
this process (it takes milliseconds)."""

from __future__ import annotations

from collections.abc import Sequence

from ...store.cache import key
from ...toolchain import nvidia
from ...toolchain.facts import (
    nvfatbin_version,  # asked once per build (or remembered: `oxpack.toolchain.facts`)
)
from ...toolchain.nvidia import Cubin, make_fatbin, nvfatbin_options
from .stage import Stage, Tool, code_id

__all__ = ["FATBIN", "fatbin_key", "fatbin_tool", "make_fatbin"]

FATBIN: Stage[bytes] = Stage("fatbin", load=lambda entry: entry["kernel.fatbin"],
                             save=lambda data: {"kernel.fatbin": data})


def fatbin_key(name: str, cubins: Sequence[Cubin], ptx: tuple[str, str] | None, compression: str) -> str:
    """`ptx`: (arch, text) of the PTX to embed, or None."""
    parts = [c.arch.encode() + b"\0" + c.data for c in cubins]
    if ptx is not None:
        parts.append(("ptx:" + ptx[0] + "\0" + ptx[1]).encode())
    return key("fatbin", name, nvfatbin_version(), code_id(nvidia), compression, *parts)


def fatbin_tool(name: str, cubins: Sequence[Cubin], ptx: tuple[str, str] | None, compression: str) -> Tool:
    contents = " ".join(c.arch for c in cubins) + (f" + PTX {ptx[0]}" if ptx else "")
    return Tool("nvFatbin", nvfatbin_options(compression), f"{name}: cubins {contents}")
