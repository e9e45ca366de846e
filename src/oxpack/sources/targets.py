"""GPU targets: the PTX ISA each arch needs, the CUDA release that introduced each ISA, and the
oldest Linux driver that loads a build's fatbins."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ARCH_MIN_PTX", "COMPRESSION_CUDA", "CUDA_MIN_DRIVER", "PTX_CUDA", "PTX_FLOOR", "PTX_MIN_DRIVER", "needs_cuda",
           "ptx_isa_for"]

# The oldest CUDA release whose driver loads a fatbin compressed in each of nvFatbin's modes
# (`nvidia.FATBIN_COMPRESSION`). NVIDIA's nvcc documentation of `--compress-mode`: "not compatible with drivers released before CUDA Toolkit's 12.4 Release";
# LZ4 and zstd entries both came with 12.4 (older drivers know neither flag).
COMPRESSION_CUDA: dict[str, str | None] = {"speed": "12.4", "balance": "12.4", "size": "12.4", "none": None}

# Oldest PTX ISA that LLVM's NVPTX backend accepts for each arch nvJitLink 13 links.
ARCH_MIN_PTX: dict[str, str] = {
    "sm_80": "7.0", "sm_86": "7.1", "sm_87": "7.4", "sm_89": "7.8", "sm_90": "7.8", "sm_90a": "8.0",
    "sm_100": "8.6", "sm_100a": "8.6", "sm_100f": "8.8", "sm_103": "8.8", "sm_103a": "8.8",
    "sm_110": "9.0", "sm_120": "8.7", "sm_120a": "8.7", "sm_121": "8.8", "sm_121a": "8.8",
}
# The CUDA release that introduced each PTX ISA (a driver must support it to load such PTX).
PTX_CUDA: dict[str, str] = {
    "7.0": "11.0", "7.1": "11.1", "7.2": "11.2", "7.3": "11.3", "7.4": "11.4", "7.5": "11.5", "7.6": "11.6",
    "7.7": "11.7", "7.8": "11.8", "8.0": "12.0", "8.1": "12.1", "8.2": "12.2", "8.3": "12.3", "8.4": "12.4",
    "8.5": "12.5", "8.6": "12.8", "8.7": "12.8", "8.8": "12.9", "9.0": "13.0",
}
# ... and the minimum Linux driver of that release.
PTX_MIN_DRIVER: dict[str, str] = {
    "7.0": "450.36.06", "7.1": "455.23", "7.2": "460.27.03", "7.3": "465.19.01", "7.4": "470.42.01",
    "7.5": "495.29.05", "7.6": "510.39.01", "7.7": "515.43.04", "7.8": "520.61.05", "8.0": "525.60.13",
    "8.1": "530.30.02", "8.2": "535.54.03", "8.3": "545.23.06", "8.4": "550.54.14", "8.5": "555.42.02",
    "8.6": "570.26", "8.7": "570.26", "8.8": "575.51.03", "9.0": "580.65.06",
}

# The minimum Linux driver of each CUDA release that something other than the PTX ISA can demand
# (a compressed fatbin: `COMPRESSION_CUDA`).
CUDA_MIN_DRIVER: dict[str, str] = {**{PTX_CUDA[isa]: driver for isa, driver in PTX_MIN_DRIVER.items()},
                                   "12.4": "550.54.14"}


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def needs_cuda(isa: str, compression: str) -> tuple[str, str]:
    """(CUDA release, its minimum Linux driver) that loads a fatbin of PTX ISA `isa`, compressed with
    `compression`: the newer of what the PTX ISA and the compression demand."""
    cuda = max(filter(None, (PTX_CUDA[isa], COMPRESSION_CUDA[compression])), key=_version_key)
    return cuda, CUDA_MIN_DRIVER[cuda]


def _isa_key(isa: str) -> tuple[int, int]:
    major, minor = isa.split(".")
    return int(major), int(minor)


# The oldest PTX ISA any build uses: the device library's evict-first loads and stores
# (`ld.global.L1::evict_first`, `oxpack::cache`) need 7.4 (CUDA 11.4), above sm_80's and sm_86's own floor.
PTX_FLOOR = "7.4"


def ptx_isa_for(archs: Sequence[str]) -> str:
    """The oldest PTX ISA that covers every arch and the device library (`PTX_FLOOR`)."""
    return max([PTX_FLOOR, *(ARCH_MIN_PTX[a] for a in archs)], key=_isa_key)
