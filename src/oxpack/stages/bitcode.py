"""Stages `rlib` and `bc`: rustc compiles, for nvptx, the device crate once (an rlib of LLVM bitcode)
and each kernel file, as a crate of its own, to LLVM bitcode.

A kernel file is its one crate: what else rustc read (`mod x;`, `#[path]`, `include!`) or took from the
environment (`env!`) is refused, since it is part of neither the key nor the lockfile's source hash.
Paths are remapped (panic locations read `kernels/saxpy.rs:9:5`): the bitcode holds no path of the
build machine.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .. import data_dir
from ..cache import digest, key
from ..errors import StageError
from ..rustc import TARGET, Rustc
from ..sysroot import Sysroot
from .rust import DEVICE_REMAP, Run, crate_root, device_sources, take, write_if_changed
from .stage import Stage

__all__ = ["BC", "RLIB", "DeviceRustc", "bc_key", "compile_device_crate", "compile_kernel_file", "rlib_key"]

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
        if self.profile == "debug":  # issue 9: panics record their message (device crate's cfg)
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


def bc_key(device: DeviceRustc, device_rlib: bytes, source: bytes, name: str, rel: str) -> str:
    where = Path(rel).parent.as_posix()  # rustc writes it into panic locations: part of the output
    return key("bc", device.rustc.identity, device.sysroot.digest, device_rlib, source, name, where,
               str(device.opt_level), device.profile)


def compile_kernel_file(run: Run, device: DeviceRustc, device_rlib: bytes, path: Path, rel: str, name: str,
                        project_dir: Path, work: Path) -> bytes:
    """Kernel file `path` (shown as `rel`, relative to `project_dir`) as crate `name`'s LLVM bitcode."""
    where = Path(rel).parent.as_posix()
    shared = work.parent / f"liboxpack-{digest(device_rlib)[:24]}.rlib"  # one copy for all crates
    write_if_changed(shared, device_rlib)
    write_if_changed(work / "root.rs", crate_root(path, name, recursion_limit=_RECURSION_LIMIT))
    run(device.flags() + [
        "--crate-type", "lib", "--crate-name", name, "--emit=llvm-bc=kernel.bc,dep-info=kernel.d",
        "--extern", f"oxpack=../{shared.name}",
        f"--remap-path-prefix={path.resolve().parent}={where}", f"--remap-path-prefix={work.parent}=<oxpack>",
        f"--remap-path-prefix={work}=<oxpack>", "root.rs"], f"`{rel}`", work)
    depinfo = take(work, "kernel.d").decode("utf-8")
    data = take(work, "kernel.bc")
    _check_reads(rel, path, depinfo, project_dir)
    return data


def _check_reads(rel: str, path: Path, depinfo: str, root: Path) -> None:
    """A kernel crate is its one file: refuse what else rustc read (`mod x;`, `#[path]`, `include!`,
    `include_str!`, ...) or what it took from the environment (`env!`), since none of it is part of the
    cache key or the lockfile's source hash: editing it would keep a stale fatbin."""
    read: list[str] = []
    env: list[str] = []
    for line in depinfo.splitlines():
        if line.startswith("# env-dep:"):
            env.append(line[len("# env-dep:"):].split("=", 1)[0])
        elif line.endswith(":") and not line.startswith("#"):
            read.append(os.path.normpath(line[:-1].replace("\\ ", " ")))
    own = {"root.rs", str(path.resolve())}
    others = sorted({f for f in read if f not in own and Path(f).resolve() != path.resolve()})
    if others:
        shown = ", ".join(f"`{_shown_path(Path(f), root)}`" for f in others)
        raise StageError(
            f"kernel file `{rel}` makes rustc read {shown} (through `mod name;`, `#[path]` or `include!`-like "
            "macros): a kernel file is a crate of its own and may not read other files; move that code into "
            f"`{rel}`, or make it a kernel file of its own", stage="bc")
    if env:
        raise StageError(
            f"kernel file `{rel}` reads environment variable{'s' if len(env) > 1 else ''} "
            f"{', '.join(f'`{v}`' for v in sorted(set(env)))} at compile time (`env!`/`option_env!`): its fatbin "
            "would depend on the building machine; use a constant or a kernel parameter instead", stage="bc")


def _shown_path(file: Path, root: Path) -> str:
    return file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)
