"""Where a checked stub call spends host time (run on the GPU machine with the vecmath wheel).

    python benchmarks/profile_stub.py

Prints the cost of each read the generated fast path makes of a CuPy array and a
PyTorch tensor, of the fast path itself with the launch replaced by a no-op (so the
checks alone), of the stub, and of a raw cuda.core launch; then a profile of stub calls.
"""

from __future__ import annotations

import cProfile
import ctypes
import pstats
import struct
import sys
import timeit
from pathlib import Path

import cupy as cp
import torch

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

import vecmath
from vecmath import kernels


def cost(fn, number: int = 20000) -> float:
    """Best of 5 rounds, µs per call."""
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def main() -> int:
    dev = Device(0)
    dev.set_current()
    n = 1024
    x, y = cp.ones(n, dtype=cp.float32), cp.ones(n, dtype=cp.float32)
    xt, yt = torch.ones(n, device="cuda:0"), torch.ones(n, device="cuda:0")
    fat = Path(vecmath.__file__).parent / "_oxpack" / "saxpy.fatbin"
    k = ObjectCode.from_fatbin(fat.read_bytes()).get_kernel("saxpy")
    cfg = LaunchConfig(grid=4, block=256)
    s = dev.default_stream
    a = ctypes.c_float(0.0)
    xp, yp = x.data.ptr, y.data.ptr
    kernels.saxpy(0.0, x, y)
    kernels.saxpy(0.0, xt, yt)
    kernels.saxpy(0.0, x, y, threads=n, block=256)  # an explicit shape: an entry of its own
    hooks = sys.modules["vecmath._oxpack.runtime"]._hooks
    f32 = cp.dtype("<f4")
    rows = {
        "raw launch, prepared args": lambda: launch(s, cfg, k, a, xp, n, yp, n),
        "stub, CuPy arrays": lambda: kernels.saxpy(0.0, x, y),
        "stub, PyTorch tensors": lambda: kernels.saxpy(0.0, xt, yt),
        "stub, CuPy arrays, threads= block= given": lambda: kernels.saxpy(0.0, x, y, threads=n, block=256),
        "CuPy x.data": lambda: x.data,
        "CuPy x.data.ptr": lambda: x.data.ptr,
        "CuPy x.data.device_id": lambda: x.data.device_id,
        "CuPy x.size": lambda: x.size,
        "CuPy x.dtype is f32": lambda: x.dtype is f32,
        "CuPy x._c_contiguous": lambda: x._c_contiguous,
        "CuPy get_current_stream().ptr": lambda: hooks.cupy_current_stream().ptr,
        "torch t.dtype": lambda: xt.dtype,
        "torch t.is_cuda": lambda: xt.is_cuda,
        "torch t.requires_grad": lambda: xt.requires_grad,
        "torch t.is_contiguous()": lambda: xt.is_contiguous(),
        "torch t.data_ptr()": lambda: xt.data_ptr(),
        "torch t.numel()": lambda: xt.numel(),
        "torch t.get_device()": lambda: xt.get_device(),
        "torch _cuda_getCurrentRawStream(0)": lambda: hooks.torch_raw_stream(0),
    }
    for label, fn in rows.items():
        print(f"{label:40s} {cost(fn):7.3f} µs")
    # the fast path's launch alone: the driver's cuLaunchKernelEx through ctypes, the
    # parameter block packed as the fast path packs it
    entries = kernels._module.state("saxpy").entries
    launch_, config_, function_ = next(iter(entries.values()))
    pack_saxpy = struct.Struct("=f4xQQQQ").pack_into  # as saxpy's launcher packs its parameters
    block = kernels._launchers._params(5)
    pack_saxpy(block, 40, 0.0, xp, n, yp, n)
    print(f"{'direct launch, packed block':40s} {cost(lambda: launch_(config_, function_, block, None)):7.3f} µs")
    print(f"{'pack the block':40s} {cost(lambda: pack_saxpy(block, 40, 0.0, xp, n, yp, n)):7.3f} µs")
    # the checks alone: the fast path with its recorded launch replaced by a no-op
    saved = dict(entries)
    for key, entry in saved.items():
        entries[key] = (lambda *args: 0, *entry[1:])
    print(f"{'fast path, CuPy, no-op launch':40s} {cost(lambda: kernels._fast_saxpy(0.0, x, y, None)):7.3f} µs")
    print(f"{'fast path, PyTorch, no-op launch':40s} {cost(lambda: kernels._fast_saxpy(0.0, xt, yt, None)):7.3f} µs")
    print(f"{'stub, CuPy, no-op launch':40s} {cost(lambda: kernels.saxpy(0.0, x, y)):7.3f} µs")
    print(f"{'fast path, CuPy, threads/block, no-op':40s} "
          f"{cost(lambda: kernels._fast_saxpy(0.0, x, y, None, n, 256)):7.3f} µs")
    entries.update(saved)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(20000):
        kernels.saxpy(0.0, x, y)
    prof.disable()
    cp.cuda.Device().synchronize()
    pstats.Stats(prof).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
