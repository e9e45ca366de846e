"""GPU benchmarks of the example project's installed wheel (run where the GPU is).

    python benchmarks/bench_gpu.py            # needs: vecmath wheel installed, CuPy, nvcc

1. saxpy bandwidth: our kernel through the checked stub, our kernel through a raw
   cuda.core launch, and the same kernel in CUDA C++ built by `nvcc -O3 -arch=sm_90`
   on this machine (benchmarks/cuda/saxpy.cu), against a device-to-device copy.
   Bytes counted: x read, y read, y written (12 B per element). Median of CUDA-event
   timings over rotating input sets larger than L2.
2. Host overhead per launch: the checked stub against a raw `cuda.core.launch` of the
   same kernel with prepared arguments, on a tiny array (host-bound), median of rounds.
"""

from __future__ import annotations

import ctypes
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cupy as cp
import numpy as np

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

import vecmath
from bench_kernels import timed
from vecmath import kernels

HERE = Path(__file__).resolve().parent


def event_time(fn, repeat: int = 30) -> float:
    """Median seconds of fn() between CUDA events (bench_kernels' timer)."""
    return timed(lambda i: fn(), 1, repeat)


def main() -> int:
    dev = Device(0)
    dev.set_current()
    stream = dev.create_stream()
    print(f"GPU: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}, vecmath from {vecmath.__file__}")

    # -- kernels: ours (fatbin from the wheel) and nvcc's ---------------------------
    fatbin = Path(vecmath.__file__).parent / "_oxpack" / "saxpy.fatbin"
    ours = ObjectCode.from_fatbin(fatbin.read_bytes()).get_kernel("saxpy")
    with tempfile.TemporaryDirectory() as tmp:
        cubin = Path(tmp) / "saxpy.cubin"
        subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", str(HERE / "cuda" / "saxpy.cu"), "-o", str(cubin)],
                       check=True)
        theirs = ObjectCode.from_cubin(cubin.read_bytes()).get_kernel("saxpy")

    # -- bandwidth ------------------------------------------------------------------
    n = 1 << 27  # 512 MiB per array; 3 sets rotate, far beyond the 60 MB L2
    sets = [(cp.random.rand(n, dtype=cp.float32), cp.random.rand(n, dtype=cp.float32)) for _ in range(3)]
    block = 256
    config = LaunchConfig(grid=(n + block - 1) // block, block=block)
    try:
        cs = cp.cuda.Stream.from_external(stream)
    except (AttributeError, TypeError):  # older CuPy
        cs = cp.cuda.ExternalStream(int(stream.handle))
    k = [0]

    def rotate():
        k[0] = (k[0] + 1) % len(sets)
        return sets[k[0]]

    def run_stub():  # inside `with cs`, CuPy's arrays report `stream` as their producer
        x, y = rotate()
        kernels.saxpy(1.0001, x, y)

    def run_raw(kernel):
        def go():
            x, y = rotate()
            launch(stream, config, kernel, ctypes.c_float(1.0001), x.data.ptr, n, y.data.ptr, n)
        return go

    def run_copy():
        x, y = rotate()
        cp.copyto(y, x)

    with cs:
        t_stub = event_time(run_stub)
        t_ours = event_time(run_raw(ours))
        t_nvcc = event_time(run_raw(theirs))
        t_copy = event_time(run_copy)
    gbs = lambda t, b: b / t / 1e9  # noqa: E731
    b_saxpy, b_copy = 12 * n, 8 * n
    print("\n| saxpy, n = 2^27 float32 | time | GB/s | vs nvcc | of copy BW |")
    print("| --- | --- | --- | --- | --- |")
    for label, t in (("oxpack, checked stub", t_stub), ("oxpack, raw launch", t_ours), ("nvcc CUDA C++", t_nvcc)):
        print(f"| {label} | {t * 1e3:.3f} ms | {gbs(t, b_saxpy):.0f} | {t_nvcc / t:.3f}x | "
              f"{gbs(t, b_saxpy) / gbs(t_copy, b_copy):.1%} |")
    print(f"| device-to-device copy | {t_copy * 1e3:.3f} ms | {gbs(t_copy, b_copy):.0f} | | 100% |")

    # check the result once more on fresh data
    x, y = sets[0]
    ref = 2.0 * x + y
    kernels.saxpy(2.0, x, y)
    cp.cuda.Device().synchronize()
    assert bool(cp.allclose(y, ref)), "saxpy result is wrong"

    # -- host overhead ---------------------------------------------------------------
    small = 1024
    xs, ys = cp.ones(small, dtype=cp.float32), cp.ones(small, dtype=cp.float32)
    small_cfg = LaunchConfig(grid=(small + block - 1) // block, block=block)
    a = ctypes.c_float(0.0)
    xp, yp = xs.data.ptr, ys.data.ptr
    rounds, per = 21, 2000
    variants = {
        "raw": lambda: launch(stream, small_cfg, ours, a, xp, small, yp, small),
        "stub": lambda: kernels.saxpy(0.0, xs, ys),
        "stub_stream": lambda: kernels.saxpy(0.0, xs, ys, stream=stream),
    }
    times: dict[str, list[float]] = {k: [] for k in variants}
    with cs:  # CuPy's arrays report `stream` as their producer: every variant launches there
        for _ in range(rounds):  # interleaved, so that machine noise hits every variant alike
            for label, fn in variants.items():
                stream.sync()
                t0 = time.perf_counter()
                for _ in range(per):
                    fn()
                times[label].append((time.perf_counter() - t0) / per)
    cp.cuda.Device().synchronize()
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = {k: statistics.median(t / r for t, r in zip(v, times["raw"])) for k, v in times.items()}
    print(f"\n| host time per launch (n = 1024, median of {rounds} interleaved rounds of {per}) | µs | vs raw cuda.core launch (median of per-round ratios) |")
    print("| --- | --- | --- |")
    print(f"| raw cuda.core launch, prepared args | {med['raw'] * 1e6:.2f} | 1.00x |")
    print(f"| checked stub, producer's stream (the default) | {med['stub'] * 1e6:.2f} | {ratio['stub']:.2f}x |")
    print(f"| checked stub, stream= given (the producer's: no wait) | {med['stub_stream'] * 1e6:.2f} | {ratio['stub_stream']:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
