"""Stages `rlib` and `bc`: rustc compiles, for nvptx, the device crate once (an rlib of LLVM bitcode)
and each kernel file, as a crate of its own, to LLVM bitcode.

A kernel file is one crate with the modules it declares (`mod common;`, `#[path = "..."] mod x;`) and
the files it includes (`include_str!`): `oxpack.sources.reads` finds them before rustc runs, and the key covers
the content of each (so editing a shared module rebuilds exactly the crates that declare it); what else
rustc read (its `--emit dep-info` list) or took from the environment (`env!`) is refused, since it would
be part of neither the key nor the lockfile. Paths are remapped (panic locations read
`kernels/saxpy.rs:9:5`, `kernels/common/mod.rs:3:9`): the bitcode holds no path of the build machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ... import data_dir
from ...sources.reads import Read, check_depinfo, key_parts
from ...store.cache import digest, key
from ...toolchain.rustc import TARGET, Rustc
from ...toolchain.sysroot import Sysroot
from .rust import DEVICE_REMAP, Run, crate_root, device_sources, take, write_if_changed
from .stage import Stage

__all__ = ["BC", "RLIB", "DeviceRustc", "bc_key", "compile_device_crate", "compile_kernel_file", "remaps", "rlib_key"]

RLIB: Stage[bytes] = Stage("rlib", load=lambda entry: entry["liboxpack.rlib"],
                           save=lambda rlib: {"liboxpack.rlib": rlib})
BC: Stage[bytes] = Stage("bc", load=lambda entry: entry["kernel.bc"], save=lambda bc: {"kernel.bc": bc})

_RECIPE = "oxpack-device-v2"  # v2: no temporary path in the rlib
_RECURSION_LIMIT = 8192  # rustc's default (128) stops `kernel!` at about 120 kernels


@dataclass(frozen=True)
class DeviceRustc:
    """How rustc compiles for the GPU: which rustc, its nvptx sysroot, the optimisation level, the profile."""

    rustc: Rustc
    sysroot: Sysroot
    opt_level: int
    profile: str  # "debug": panics record their message (the device crate's cfg), overflow checked

    def flags(self) -> list[str]:
        cmd = [str(self.rustc.path), "--edition", "2024", "--target", TARGET, "-C", f"opt-level={self.opt_level}",
               "-C", "panic=abort", "-C", "codegen-units=1", "-C", "debuginfo=0", "--color", "never"]
        if self.profile == "debug":  # panics record their message (device crate's cfg)
            cmd += ["--cfg", "oxpack_debug", "-C", "overflow-checks=on"]
        if self.sysroot.sysroot_arg is not None:
            cmd += ["--sysroot", str(self.sysroot.sysroot_arg)]
        return cmd


def rlib_key(device: DeviceRustc) -> str:
    return key("rlib", _RECIPE, device.rustc.identity, device.sysroot.digest, *device_sources(),
               str(device.opt_level), device.profile)


def compile_device_crate(run: Run, device: DeviceRustc, work: Path) -> bytes:
    """The device crate (`src/oxpack/device`) as an rlib."""
    src = data_dir("device")
    run(device.flags() + [
        "--crate-type", "rlib", "--crate-name", "oxpack", f"--remap-path-prefix={src}={DEVICE_REMAP}",
        f"--remap-path-prefix={work}=<oxpack>", str(src / "src" / "lib.rs"), "-o", "liboxpack.rlib"],
        "the oxpack device crate", work)
    return take(work, "liboxpack.rlib")


def bc_key(device: DeviceRustc, device_rlib: bytes, source: bytes, name: str, rel: str,
           reads: Sequence[Read] = ()) -> str:
    """The key of kernel file `rel`'s bitcode: its `source` and every file it `reads` (modules, includes)."""
    where = Path(rel).parent.as_posix()  # rustc writes it into panic locations: part of the output
    return key("bc", device.rustc.identity, device.sysroot.digest, device_rlib, source, name, where,
               str(device.opt_level), device.profile, *key_parts(reads))


def remaps(path: Path, rel: str, project_dir: Path, work: Path) -> list[str]:
    """rustc's path remaps for kernel file `path` (`rel`): the project's files by their path in it (a
    module's panic location reads `kernels/common/mod.rs:3:9`), the work folders as `<oxpack>` (the
    later flag wins where two match)."""
    return [f"--remap-path-prefix={project_dir.resolve()}=", f"--remap-path-prefix={path.resolve().parent}="
            f"{Path(rel).parent.as_posix()}", f"--remap-path-prefix={work.parent}=<oxpack>",
            f"--remap-path-prefix={work}=<oxpack>"]


def compile_kernel_file(run: Run, device: DeviceRustc, device_rlib: bytes, path: Path, rel: str, name: str,
                        project_dir: Path, work: Path, reads: Sequence[Read] = ()) -> bytes:
    """Kernel file `path` (shown as `rel`, relative to `project_dir`) as crate `name`'s LLVM bitcode; `reads`:
    the other files it reads (`oxpack.sources.reads.kernel_reads`), the only ones rustc may read."""
    shared = work.parent / f"liboxpack-{digest(device_rlib)[:24]}.rlib"  # one copy for all crates
    write_if_changed(shared, device_rlib)
    write_if_changed(work / "root.rs", crate_root(path, name, recursion_limit=_RECURSION_LIMIT))
    run(device.flags() + [
        "--crate-type", "lib", "--crate-name", name, "--emit=llvm-bc=kernel.bc,dep-info=kernel.d",
        "--extern", f"oxpack=../{shared.name}", *remaps(path, rel, project_dir, work), "root.rs"], f"`{rel}`", work)
    depinfo = take(work, "kernel.d").decode("utf-8")
    data = take(work, "kernel.bc")
    check_depinfo(rel, path, depinfo, work, project_dir, reads, stage="bc")
    return data
