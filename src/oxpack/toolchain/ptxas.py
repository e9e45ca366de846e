"""The standalone ptxas: PTX → cubin as a whole program, for the `ptxas = "whole-program"` setting.

nvJitLink compiles each PTX as a separate compilation unit, and there ptxas ignores `setmaxnreg` (info
C7504: "'setmaxnreg' ignored to maintain compatibility across compilation units"), so a kernel's
warpgroups keep the launch bound's register count whatever their role. The standalone ptxas compiles the
same PTX as a whole program, where `setmaxnreg` moves registers between the roles (SASS `USETMAXREG`).
It comes from PyPI's `nvidia-cuda-nvcc` (CUDA 13: `nvidia/cu13/bin/ptxas`; `oxpack[ptxas]` installs it)
in the building environment, or is the `ptxas` on PATH (a CUDA toolkit's). Only the archs that
`setmaxnreg` exists on take this route (those with an `a` or `f` suffix, `whole_program_arch`); the
lockfile records the ptxas's version.

Its info log is made to read as nvJitLink's (`nvidia.parse_info_log`): ptxas's `-v` lines as they are
(their indented continuation lines prefixed with `ptxas`, as nvJitLink prints them), then per kernel the
shared and constant memory from the cubin's `.nv.shared.<kernel>` and `.nv.constant0.<kernel>` sections, as
nvJitLink's own summary gives them. `parse_info_log` keeps ptxas's figure where a line has one (its shared
memory without the arch's reserve for the block), as it does for nvJitLink's log.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

from ..errors import StageError, ToolchainError
from .nvidia import Cubin, nvidia_package_roots
from .process import PROBE_TIMEOUT, TIMEOUT_HINT, run_bounded, timed_out

__all__ = ["PTXAS_PACKAGE", "compile_cubin", "find_ptxas", "missing_ptxas", "ptxas_options", "ptxas_places",
           "ptxas_version", "whole_program_arch"]

PTXAS_PACKAGE = "nvidia-cuda-nvcc"
"""The pip package that ships ptxas (`nvidia/cu13/bin/ptxas`)."""
_WHEEL_BINS = ("cu13/bin",)  # where CUDA 13's wheels put their programs, inside the `nvidia` namespace package
_VERSION = re.compile(r"release \d+\.\d+, V(\d+\.\d+\.\d+)")


def whole_program_arch(arch: str) -> bool:
    """Whether `arch` is compiled by the standalone ptxas under `ptxas = "whole-program"`: the archs
    with an `a` or `f` suffix (`sm_90a`, `sm_100a`), where `setmaxnreg` exists."""
    return arch.endswith(("a", "f"))


def ptxas_places() -> list[Path]:
    """Every place a ptxas is looked for, in order: each `nvidia` package folder's `cu13/bin/ptxas`, then the
    `ptxas` on PATH (absent ones are left out)."""
    places = [root / folder / "ptxas" for root in nvidia_package_roots() for folder in _WHEEL_BINS]
    on_path = shutil.which("ptxas")
    return [*places, *([Path(on_path)] if on_path else [])]


def find_ptxas() -> Path | None:
    """The ptxas a whole-program build runs (`ptxas_places`' first), or None."""
    return next((p for p in ptxas_places() if p.is_file()), None)


def missing_ptxas(origin: str) -> str:
    """The one line for a build that needs ptxas and finds none; `origin` says where the setting came from."""
    python, origin = sys.executable, origin[:1].upper() + origin[1:]
    return (f"{origin} asks for the standalone ptxas, which is found neither in an `nvidia` package that {python} "
            f"imports nor on PATH: install the pip package `{PTXAS_PACKAGE}` into that environment (`{python} -m pip "
            f"install {PTXAS_PACKAGE}`, or `oxpack[ptxas]`; in a pyproject build, add it to `build-system.requires`), "
            f"or set `ptxas = \"nvjitlink\"`")


def ptxas_version(ptxas: Path) -> str:
    """`ptxas --version`'s `major.minor.patch` (`13.5.37`)."""
    argv = [str(ptxas), "--version"]
    try:
        code, out, err = run_bounded(argv, PROBE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise ToolchainError(timed_out("ptxas", argv, PROBE_TIMEOUT)) from None
    except OSError as exc:
        raise ToolchainError(f"ptxas at {ptxas} cannot be run ({exc.strerror or exc}); reinstall the pip package "
                             f"`{PTXAS_PACKAGE}` into the environment of {sys.executable}") from None
    found = _VERSION.search(out.decode("utf-8", "replace"))
    if code != 0 or found is None:
        said = (out + err).decode("utf-8", "replace").strip().splitlines()
        raise ToolchainError(f"ptxas at {ptxas} does not tell its version (`{' '.join(argv)}` exited {code}"
                             f"{': ' + said[-1] if said else ''}); reinstall the pip package `{PTXAS_PACKAGE}`")
    return found.group(1)


def ptxas_options(arch: str) -> list[str]:
    """ptxas's options for PTX → cubin of `arch` as a whole program (`-v` gives the resources)."""
    return [f"-arch={arch}", "-O3", "-v"]


def compile_cubin(ptx: str, arch: str, ptxas: Path, *, name: str = "kernel", timeout: float = 900.0) -> Cubin:
    """PTX → cubin for `arch` by the standalone `ptxas`, as one whole program; the info log reads as
    nvJitLink's (see the module docs)."""
    with tempfile.TemporaryDirectory(prefix="oxpack-ptxas-") as work:
        source, target = Path(work) / f"{name}.ptx", Path(work) / f"{name}.cubin"
        source.write_text(ptx)
        argv = [str(ptxas), *ptxas_options(arch), "-o", str(target), str(source)]
        try:
            code, out, err = run_bounded(argv, timeout)
        except subprocess.TimeoutExpired:
            raise StageError(timed_out("ptxas", argv, timeout, TIMEOUT_HINT), stage="cubin", arch=arch) from None
        except OSError as exc:
            raise StageError(f"ptxas at {ptxas} cannot be run ({exc.strerror or exc}) for `{name}` ({arch})",
                             stage="cubin", arch=arch) from None
        log = (out + err).decode("utf-8", "replace")
        if code != 0 or not target.is_file():
            raise StageError(f"ptxas rejected the PTX of `{name}` for {arch} (exit code {code})", stage="cubin",
                             arch=arch, command=argv, stderr=log)
        data = target.read_bytes()
    return Cubin(arch, data, _as_nvjitlink_log(log, data))


def _as_nvjitlink_log(log: str, cubin: bytes) -> str:
    lines = [("ptxas         ." + line if line.startswith(" ") else line) for line in log.splitlines() if line.strip()]
    sizes = _section_sizes(cubin)
    for kernel in sorted({n.removeprefix(".nv.constant0.") for n in sizes if n.startswith(".nv.constant0.")}):
        lines.append(f"info    : Function properties for '{kernel}':")
        lines.append(f"info    : {sizes.get('.nv.shared.' + kernel, 0)} bytes smem, "
                     f"{sizes['.nv.constant0.' + kernel]} bytes cmem[0]")
    return "\n".join(lines) + "\n"


def _section_sizes(elf: bytes) -> dict[str, int]:
    """Section name → size of a 64-bit little-endian ELF (a cubin); empty for anything else."""
    if elf[:6] != b"\x7fELF\x02\x01":
        return {}
    try:
        (shoff,) = struct.unpack_from("<Q", elf, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
        headers = [struct.unpack_from("<IIQQQQ", elf, shoff + i * shentsize) for i in range(shnum)]
        strings_at = headers[shstrndx][4]
        out = {}
        for name_at, _type, _flags, _addr, _offset, size in headers:
            start = strings_at + name_at
            out[elf[start:elf.index(b"\0", start)].decode("utf-8", "replace")] = size
        return out
    except (struct.error, IndexError, ValueError):
        return {}
