"""Stage `cubin`: nvJitLink links one arch's PTX into a cubin, with its info log (registers, spills,
shared memory: the manifest's per-arch resources). Runs in a worker process (`cubin_job`)."""

from __future__ import annotations

from ...store.cache import key
from ...toolchain import nvidia
from ...toolchain.facts import (
    nvjitlink_version,  # asked once per build (or remembered: `oxpack.toolchain.facts`)
)
from ...toolchain.nvidia import Cubin, link_cubin, nvjitlink_options
from .stage import Stage, Tool, code_id

__all__ = ["cubin_job", "cubin_key", "cubin_stage", "cubin_tool"]


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
