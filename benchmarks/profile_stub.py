"""Where a checked stub call spends host time (run on the GPU machine with the vecmath wheel).

    python benchmarks/profile_stub.py
"""

from __future__ import annotations

import cProfile
import ctypes
import pstats
import statistics
import sys
import time

import cupy as cp

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

from pathlib import Path

import vecmath
from vecmath import kernels


def per_call(fn, rounds: int = 9, per: int = 3000) -> float:
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(per):
            fn()
        out.append((time.perf_counter() - t0) / per)
    cp.cuda.Device().synchronize()
    return statistics.median(out) * 1e6


def main() -> int:
    dev = Device(0)
    dev.set_current()
    n = 1024
    x, y = cp.ones(n, dtype=cp.float32), cp.ones(n, dtype=cp.float32)
    fat = Path(vecmath.__file__).parent / "_oxpack" / "saxpy.fatbin"
    k = ObjectCode.from_fatbin(fat.read_bytes()).get_kernel("saxpy")
    cfg = LaunchConfig(grid=4, block=256)
    s = dev.default_stream
    a = ctypes.c_float(0.0)
    xp, yp = x.data.ptr, y.data.ptr
    kernels.saxpy(0.0, x, y)
    rows = {
        "raw launch, prepared args": lambda: launch(s, cfg, k, a, xp, n, yp, n),
        "raw launch, fresh c_float": lambda: launch(s, cfg, k, ctypes.c_float(0.0), xp, n, yp, n),
        "raw launch, np.float32": lambda: launch(s, cfg, k, __import__("numpy").float32(0.0), xp, n, yp, n),
        "CuPy __cuda_array_interface__ x2": lambda: (x.__cuda_array_interface__, y.__cuda_array_interface__),
        "x.data.ptr x2": lambda: (x.data.ptr, y.data.ptr),
        "stub": lambda: kernels.saxpy(0.0, x, y),
    }
    for label, fn in rows.items():
        print(f"{label:40s} {per_call(fn):7.2f} us")
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(20000):
        kernels.saxpy(0.0, x, y)
    prof.disable()
    cp.cuda.Device().synchronize()
    pstats.Stats(prof).sort_stats("tottime").print_stats(22)
    return 0


if __name__ == "__main__":
    sys.exit(main())
