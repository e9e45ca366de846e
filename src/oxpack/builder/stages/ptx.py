"""Stages `ll` and `ptx`: llvmlite links a crate's bitcode with the device runtime (`runtime.ll`), the
device crate's and the sysroot's members it needs and, when called for, NVIDIA's libdevice, reads its
kernels' signatures (`ll`), then optimises the linked module and emits PTX for each arch (`ptx`), each
kernel with its `#[variant_of]` body for that arch, if any (`oxpack.sources.variants.select_variants`).

Both run in worker processes (`link_job`, `codegen_job`: plain functions of plain data, since llvmlite
objects cannot cross processes).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ... import data_dir
from ...errors import StageError
from ...contract import where
from ...sources import descriptor, variants
from ...sources.descriptor import KernelSig
from ...store.cache import decoded, key
from ...toolchain import coarsen, llvm
from ...toolchain.libdevice import find_libdevice, libdevice_id
from ...toolchain.llvm import LinkedCrate, emit_ptx, link_kernel_crate, read_archive
from ...toolchain.sysroot import Sysroot
from ..manifest import sig_from_json, sig_to_json
from .stage import Stage, Tool, code_id

__all__ = ["LINK", "PTX", "LinkInputs", "codegen_job", "link_job", "link_key", "link_libraries", "link_tool",
           "ptx_key", "ptx_tool", "unbuilt_variants"]

LINK: Stage[LinkedCrate] = Stage(
    "ll", label="link",
    load=lambda entry: LinkedCrate(decoded(entry["kernel.ll"]),
                                   tuple(sig_from_json(s) for s in json.loads(entry["kernels.json"]))),
    save=lambda out: {"kernel.ll": out.ir.encode(),
                      "kernels.json": json.dumps([sig_to_json(s) for s in out.kernels], sort_keys=True).encode()})
PTX: Stage[str] = Stage("ptx", load=lambda entry: decoded(entry["kernel.ptx"]),
                        save=lambda text: {"kernel.ptx": text.encode()})


@dataclass(frozen=True)
class LinkInputs:
    """What every link of a build shares, found once: the runtime IR, NVIDIA's libdevice (resolved here:
    workers see no environment changes) and its digest."""

    runtime: str
    libdevice: Path | None
    libdevice_id: str

    @classmethod
    def find(cls) -> LinkInputs:
        libdevice = find_libdevice()
        return cls((data_dir("device") / "runtime.ll").read_text(), libdevice, libdevice_id(libdevice))


def link_libraries(device_rlib: bytes, sysroot: Sysroot) -> list[tuple[str, bytes]]:
    """The device crate's and the sysroot's bitcode members, that a link takes what it needs from."""
    return [(f"device:{n}", d) for n, d in read_archive(device_rlib)] + sysroot.bitcode()


def _code() -> tuple[str, ...]:
    """The digests of the modules that link and generate code, and read the kernels' descriptors into the
    signatures the link's output holds (the attributes' checks, the `where` language): it depends on them."""
    return tuple(code_id(m) for m in (llvm, variants, coarsen, descriptor, where()))


def link_key(bc: bytes, inputs: LinkInputs, device_rlib: bytes, sysroot: Sysroot, llvmlite: str) -> str:
    return key("ll", bc, inputs.runtime, device_rlib, sysroot.digest, llvmlite, inputs.libdevice_id, *_code())


def link_tool(name: str) -> Tool:
    return Tool("llvmlite", ["link", "internalize", "globaldce"],
                f"{name}: kernel bitcode + runtime.ll + the device crate and core members it needs")


def link_job(
    kernel_bc: bytes, runtime_ll: str, libraries: Sequence[tuple[str, bytes]], libdevice: Path | None
) -> LinkedCrate:
    return link_kernel_crate(kernel_bc, runtime_ll, libraries, libdevice)


def _llvm_id() -> str:
    import llvmlite

    return f"llvmlite {llvmlite.__version__}"


def ptx_key(ir: str, arch: str, isa: str, opt_level: int) -> str:
    return key("ptx", ir, arch, isa, str(opt_level), _llvm_id(), *_code())


def ptx_tool(name: str, arch: str, isa: str, opt_level: int) -> Tool:
    llc = ["-mtriple=nvptx64-nvidia-cuda", f"-mcpu={arch}", f"-mattr=+ptx{isa.replace('.', '')}", f"-O{opt_level}"]
    return Tool("llvmlite", llc, f"{name}: optimise and emit PTX {isa}, as `opt -O{opt_level} | llc` would")


def unbuilt_variants(rel: str, kernels: Sequence[KernelSig], archs: Sequence[str]) -> list[str]:
    """One warning line per `#[variant_of(kernel, arch)]` whose arch this build makes no cubin for: its body
    is in no fatbin (a build for `native` or `--archs` may leave an arch out on purpose, so this is no error)."""
    return [f"kernel file `{rel}`: `{entry}` (`#[variant_of({k.name}, {arch})]`) is not built: {arch} is not in "
            f"`archs` ({', '.join(archs)}), so no GPU runs it; add {arch} to `archs` to ship it"
            for k in kernels for arch, entry in k.variants if arch not in archs]


def codegen_job(ir: str, arch: str, isa: str, opt_level: int, name: str) -> str:
    """Linked IR → PTX text for one arch."""
    try:
        return emit_ptx(ir, arch, isa, opt_level)
    except RuntimeError as exc:
        raise StageError(f"LLVM failed to generate PTX of `{name}` for {arch}: {exc}", stage="ptx", arch=arch) from exc
