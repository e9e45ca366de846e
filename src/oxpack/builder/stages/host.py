"""Stages `host-rlib` and `host-so`: the same kernel files compiled for the build machine, for emulation.

With ``emulation = true`` (or ``oxpack build --emulation``) every kernel crate is also
compiled for the host CPU, into one shared library per crate that the generated
module loads with ctypes when it emulates (``OXPACK_EMULATE=1``). Three rustc runs,
each a cached stage like the device side's (keyed by rustc's identity, the sources and
the options):

- ``host-rlib``: the device crate (``src/oxpack/device``) for the host target, once;
  its ``host`` module gives every device primitive a host implementation (fibers for
  the threads of a block, host atomics, libm);
- ``host-so``: per kernel file, the file as an rlib under ``#![forbid(unsafe_code)]``,
  then a small generated crate around it (the only ``unsafe``: one ``#[no_mangle]``
  entry per kernel, ``__oxpack_host_<kernel>``) linked as a ``cdylib``.

The files a kernel file reads besides itself (its modules, ``oxpack.sources.reads``) are part of the
``host-so`` key as of the ``bc`` one, and rustc may read no others (its dep-info list is checked).
Paths are remapped as for the GPU build (panic locations read ``kernels/saxpy.rs:9:5``),
so the library holds no path of the build machine and two clean builds give the same
bytes. Only x86-64 Linux is supported (the fibers switch stacks in x86-64 assembly).
"""

from __future__ import annotations

import platform
import shutil
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ... import data_dir
from ...errors import ToolchainError
from ...sources.descriptor import KernelSig
from ...sources.reads import Read, check_depinfo, key_parts
from ...store.cache import digest, key
from ...toolchain.rustc import Rustc
from .bitcode import remaps
from .rust import DEVICE_REMAP, Run, crate_root, device_sources, take, write_if_changed
from .stage import Stage

__all__ = ["HOST_PLATFORM", "HOST_RLIB", "HOST_SO", "HostRustc", "can_emulate_here", "check_host_supported",
           "compile_host_device_crate", "compile_host_library", "glue", "host_library_name", "host_platform",
           "host_rlib_key", "host_so_key"]

_RECIPE = "oxpack-host-v3"  # v3: the glue calls the entry shims
HOST_SUFFIX = ".host.so"
_ENTRY = HOST_SUFFIX.lstrip(".")  # the library's name in its cache entry

HOST_RLIB: Stage[bytes] = Stage("host-rlib", load=lambda entry: entry["liboxpack.rlib"],
                                save=lambda rlib: {"liboxpack.rlib": rlib})
HOST_SO: Stage[bytes] = Stage("host-so", load=lambda entry: entry[_ENTRY], save=lambda library: {_ENTRY: library})


def host_platform() -> str:
    """The platform tag of a host library built here (`linux_x86_64`), as wheels spell it."""
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


HOST_PLATFORM = host_platform()


def host_library_name(crate: str) -> str:
    """The file name of a crate's host library inside ``_oxpack/``."""
    return f"{crate}{HOST_SUFFIX}"


def check_host_supported() -> None:
    """Refuse, with one line, a build machine the emulator does not run on."""
    if not (sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")):
        raise ToolchainError(
            f"emulation (`emulation = true` / `--emulation`) builds on x86-64 Linux only; this machine is "
            f"{sys.platform} {platform.machine()}: build without emulation here"
        )


def can_emulate_here() -> bool:
    """Whether this machine can build host libraries: x86-64 Linux with a C linker (`cc`, rustc's default
    linker for a `cdylib`; rustc itself is there, since it builds the fatbins)."""
    return (sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")
            and shutil.which("cc") is not None)


@dataclass(frozen=True)
class HostRustc:
    """How rustc compiles for the build machine: which rustc, the optimisation level, the profile."""

    rustc: Rustc
    opt_level: int
    profile: str = "release"  # "debug": overflow checks and the GPU's debug messages, as the device build

    def flags(self) -> list[str]:
        cmd = [str(self.rustc.path), "--edition", "2024", "-C", f"opt-level={self.opt_level}",
               "-C", "panic=unwind", "-C", "codegen-units=1", "-C", "debuginfo=0", "--color", "never"]
        if self.profile == "debug":  # as the device stages: arithmetic overflow traps in emulation too
            cmd += ["--cfg", "oxpack_debug", "-C", "overflow-checks=on"]
        return cmd


def host_rlib_key(host: HostRustc) -> str:
    return key("host-rlib", _RECIPE, host.rustc.identity, *device_sources(), str(host.opt_level), host.profile)


def compile_host_device_crate(run: Run, host: HostRustc, work: Path) -> bytes:
    """The device crate compiled for the host."""
    src = data_dir("device")
    run(host.flags() + [
        "--crate-type", "rlib", "--crate-name", "oxpack",
        f"--remap-path-prefix={src}={DEVICE_REMAP}", f"--remap-path-prefix={work}=<oxpack>",
        str(src / "src" / "lib.rs"), "-o", "liboxpack.rlib"], "the oxpack device crate for the host", work)
    return take(work, "liboxpack.rlib")


def glue(crate: str, kernels: Sequence[KernelSig]) -> str:
    """The generated crate around one kernel file: one exported entry per kernel, which runs
    the launch with a closure that calls the kernel's own entry shim (its words made from
    the 64-bit launch words, two per Rust parameter, launch index included)."""
    lines = [
        f"// Generated by oxpack: the host entry points of kernel crate `{crate}`, for emulation.",
        "#![no_std]",
        "extern crate oxpack;",
        f"extern crate {crate} as kernels;",
        "",
        "use oxpack::host::{launch_kernel, HostWord, Launch};",
    ]
    for k, entry in ((k, entry) for k in kernels for entry in (k.name, *(e for _, e in k.variants))):
        # a variant of its own parameters (`bodies`) takes its own words
        own = next((body for _, body in k.bodies if body.name == entry), k)
        words = ", ".join(f"HostWord::from_word(*w.add({2 * i})), *w.add({2 * i + 1}) as usize"
                          for i in range(len(own.params)))
        lines += [
            "",
            f"/// Runs kernel `{entry}` over the launch `l`; `w`: two words per parameter.",
            "///",
            "/// # Safety",
            "/// `l` is a valid launch and `w` holds the words the stub checked.",
            "#[unsafe(no_mangle)]",
            f"pub unsafe extern \"C\" fn __oxpack_host_{entry}(l: *mut Launch, w: *const u64) -> u32 {{",
            f"    unsafe {{ launch_kernel(l, &|| kernels::{crate}::{entry}::{_entry(k, entry)}({words})) }}",
            "}",
        ]
    return "\n".join(lines) + "\n"


def _entry(k: KernelSig, body: str) -> str:
    """The entry the link stage chose for `body` (the kernel's own or a variant's): the coarsened one
    (several launch indices per thread; never a variant's), or the plain one."""
    return "__oxpack_coarse_entry" if k.coarsen > 1 and body == k.name else "__oxpack_entry"


def host_so_key(host: HostRustc, device: bytes, source: bytes, name: str, rel: str, glue_rs: str,
                reads: Sequence[Read] = ()) -> str:
    where = Path(rel).parent.as_posix()
    return key("host-so", _RECIPE, host.rustc.identity, device, source, name, where, glue_rs, str(host.opt_level),
               host.profile, *key_parts(reads))


def compile_host_library(run: Run, host: HostRustc, device: bytes, path: Path, rel: str, name: str, glue_rs: str,
                         work: Path, project_dir: Path | None = None, reads: Sequence[Read] = ()) -> bytes:
    """Kernel file `path` (shown as `rel`, in `project_dir`) as a host library: an rlib, then the `cdylib` of
    its glue; `reads`: the other files it reads (`oxpack.sources.reads.kernel_reads`), the only ones rustc may read."""
    project = path.resolve().parent if project_dir is None else project_dir
    outputs = (f"lib{name}.rlib", host_library_name(name))
    shared = work.parent / f"liboxpack-host-{digest(device)[:24]}.rlib"  # one copy for all crates
    write_if_changed(shared, device)
    write_if_changed(work / "root.rs", crate_root(path, name))
    write_if_changed(work / "glue.rs", glue_rs.encode())
    remap = remaps(path, rel, project, work)
    extern = ["--extern", f"oxpack=../{shared.name}"]
    run(host.flags() + [
        "--crate-type", "rlib", "--crate-name", name, *extern, f"--emit=link={outputs[0]},dep-info=host.d",
        *remap, "root.rs"], f"`{rel}` for the host", work)
    check_depinfo(rel, path, take(work, "host.d").decode("utf-8"), work, project, reads, stage="host-so")
    run(host.flags() + [
        "--crate-type", "cdylib", "--crate-name", f"oxpack_host_{name}", *extern,
        "--extern", f"{name}={outputs[0]}",
        "-C", "link-arg=-Wl,--build-id=none", "-C", "strip=symbols",
        *remap, "glue.rs", "-o", outputs[1]], f"the host library of `{rel}`", work)
    data = take(work, outputs[1])  # its file name is its SONAME too
    take(work, outputs[0])
    return data
