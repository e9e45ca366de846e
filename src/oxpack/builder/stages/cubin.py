"""Stage `cubin`: one arch's PTX → cubin, with its info log (registers, spills, shared memory: the
manifest's per-arch resources). nvJitLink links it (`cubin_job`), or, under `ptxas = "whole-program"`,
the standalone ptxas compiles an `a`/`f` arch's PTX as a whole program (`ptxas_job`, where `setmaxnreg`
takes effect). Runs in a worker process."""

from __future__ import annotations

from pathlib import Path

from ...store.cache import key
from ...toolchain import nvidia, ptxas
from ...toolchain.facts import (
    nvjitlink_version,  # asked once per build (or remembered: `oxpack.toolchain.facts`)
)
from ...toolchain.nvidia import Cubin, link_cubin, nvjitlink_options
from .stage import Stage, Tool, code_id

__all__ = ["cubin_job", "cubin_key", "cubin_stage", "cubin_tool", "ptxas_job", "ptxas_key", "ptxas_tool"]


def cubin_stage(arch: str) -> Stage[Cubin]:
    """The stage for one arch (its entries hold the cubin and its info log, not the arch)."""
    return Stage("cubin", load=lambda entry: Cubin(arch, entry["kernel.cubin"], entry["info.log"].decode()),
                 save=lambda c: {"kernel.cubin": c.data, "info.log": c.info_log.encode()})


def cubin_key(ptx: str, arch: str) -> str:
    return key("cubin", ptx, arch, nvjitlink_version(), code_id(nvidia))


def cubin_tool(name: str, arch: str) -> Tool:
    return Tool("nvJitLink", nvjitlink_options(arch), f"{name}: PTX -> cubin")


def cubin_job(ptx: str, arch: str, name: str) -> Cubin:
    return link_cubin(ptx, arch, name=name)


def ptxas_key(ptx: str, arch: str, version: str) -> str:
    """The standalone ptxas's cubin: keyed by its version (`facts.ptxas_version`), not by where it is."""
    return key("cubin", ptx, arch, "ptxas", version, code_id(ptxas))


def ptxas_tool(name: str, arch: str, tool: Path) -> Tool:
    return Tool(str(tool), ptxas.ptxas_options(arch), f"{name}: PTX -> cubin, whole program")


def ptxas_job(ptx: str, arch: str, name: str, tool: str, timeout: float) -> Cubin:
    return ptxas.compile_cubin(ptx, arch, Path(tool), name=name, timeout=timeout)
