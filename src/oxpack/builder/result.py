"""What a build made: the toolchain that made it, and per kernel crate its kernels, fatbin, PTX,
resources and (with emulation) host library; `BuildResult.manifest()` is what it hands to run time."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..config import Config
from ..sources.descriptor import KernelSig
from ..sources.targets import needs_cuda
from ..store.cache import digest
from ..toolchain.rustc import Rustc
from ..toolchain.sysroot import Sysroot
from .manifest import build_manifest
from .provenance import build_sources
from .stages.host import HOST_PLATFORM, host_library_name

__all__ = ["BuildResult", "CrateResult", "Toolchain"]


@dataclass(frozen=True)
class Toolchain:
    rustc: Rustc
    sysroot: Sysroot
    device_rlib: bytes
    llvmlite: str
    llvm: str
    nvjitlink: str
    nvfatbin: str
    ptxas: tuple[Path, str] | None = None  # the standalone ptxas and its version, under `ptxas = "whole-program"`

    def lock_table(self) -> dict[str, str]:
        return {
            "oxpack": __version__,
            "rustc": self.rustc.release,
            "rustc-commit": self.rustc.commit,
            "rustc-llvm": self.rustc.llvm,
            "llvmlite": self.llvmlite,
            "llvmlite-llvm": self.llvm,
            "nvjitlink": self.nvjitlink,
            "nvfatbin": self.nvfatbin,
            **({"ptxas": self.ptxas[1]} if self.ptxas is not None else {}),
            "sysroot-origin": self.sysroot.origin,
            "sysroot-sha256": self.sysroot.digest,
            "device-crate-sha256": digest(self.device_rlib),
        }


@dataclass
class CrateResult:
    name: str
    source: str  # relative to the project
    source_sha256: str
    kernels: tuple[KernelSig, ...]
    fatbin: bytes
    ptx: dict[str, str]
    resources: dict[str, dict[str, dict[str, int]]]  # arch → kernel → resources
    info_logs: dict[str, str]
    host: bytes | None = None  # the host library, for emulation (`emulation = true`)
    modules: dict[str, str] = field(default_factory=dict)  # the other files it reads (`mod common;`) → sha256
    # arch → the cubin the fatbin holds, uncompressed: the stubs read each kernel's registers from it
    # (the fatbin's copy is LZ4-compressed, and decompressing it in Python cost a warm build 1 s)
    cubins: dict[str, bytes] = field(default_factory=dict)


@dataclass
class BuildResult:
    config: Config
    toolchain: Toolchain
    archs: tuple[str, ...]
    ptx_arch: str | None
    ptx_isa: str
    crates: list[CrateResult]
    runs: Counter[str] = field(default_factory=Counter)  # stage → how many times it really ran
    remote: str | None = None  # the shared cache's hits, misses and bytes, for `-v`

    @property
    def min_driver(self) -> str:
        """The oldest Linux driver that loads these fatbins: their PTX ISA and their compression decide."""
        return needs_cuda(self.ptx_isa, self.config.fatbin_compression)[1]

    def manifest(self) -> dict[str, Any]:
        return build_manifest(
            module=self.config.module, archs=self.archs, ptx_arch=self.ptx_arch, ptx_isa=self.ptx_isa,
            fatbin_compression=self.config.fatbin_compression, min_driver=self.min_driver,
            profile=self.config.profile, crates=self.crates,
            # what the build was made from: `provenance.stale` tells whether a checkout still matches
            sources=build_sources({c.source: c.source_sha256 for c in self.crates}, self.config.kernels,
                                  {m: h for c in self.crates for m, h in c.modules.items()}),
            emulation=self._emulation_manifest().get("emulation"))

    def _emulation_manifest(self) -> dict[str, Any]:
        """With `emulation = true`: each crate's host library, and the platform it runs on."""
        libraries = {c.name: {"library": host_library_name(c.name), "sha256": digest(c.host)}
                     for c in self.crates if c.host is not None}
        return {"emulation": {"platform": HOST_PLATFORM, "crates": libraries}} if libraries else {}

    def host_libraries(self) -> dict[str, bytes]:
        """Crate → its host library (empty unless built with `emulation = true`)."""
        return {c.name: c.host for c in self.crates if c.host is not None}

    def fatbins(self) -> dict[str, bytes]:
        return {c.name: c.fatbin for c in self.crates}

    def cubins(self) -> dict[str, dict[str, bytes]]:
        """Crate → arch → its cubin, uncompressed (what each fatbin holds)."""
        return {c.name: c.cubins for c in self.crates if c.cubins}

