"""GPU benchmarks of the example project's installed wheel (run where the GPU is).

    python benchmarks/bench_gpu.py            # needs: vecmath wheel installed, CuPy, nvcc

1. saxpy bandwidth: our kernel through the checked stub, our kernel through a raw
   cuda.core launch, and the same kernel in CUDA C++ built by `nvcc -O3 -arch=sm_90`
   on this machine (benchmarks/cuda/saxpy.cu), against a device-to-device copy.
   Bytes counted: x read, y read, y written (12 B per element). Median of CUDA-event
   timings over rotating input sets larger than L2.
2. Host cost per call: a raw `cuda.core.launch` of the same kernel
   with prepared arguments, CuPy's `RawKernel`, PyTorch's `y.add_(x)`, and the checked
   stub with CuPy arrays, `stream=`, PyTorch tensors and DLPack-only arrays (and, with
   two GPUs, CuPy arrays on device 1 while device 0 is current), on 1024 floats
   (host-bound), median of interleaved rounds; then 100 stub calls captured as one
   graph (`kernels.capture`) and replayed, against the same 100 calls eager.

    python benchmarks/bench_gpu.py --host-only   # part 2 alone (no nvcc needed)
    CUDA_VISIBLE_DEVICES=0 python benchmarks/bench_gpu.py   # one GPU of a two-GPU machine
"""

from __future__ import annotations

import ctypes
import statistics
import struct
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
    if "--host-only" not in sys.argv:
        with tempfile.TemporaryDirectory() as tmp:
            cubin = Path(tmp) / "saxpy.cubin"
            subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", str(HERE / "cuda" / "saxpy.cu"), "-o",
                            str(cubin)], check=True)
            theirs = ObjectCode.from_cubin(cubin.read_bytes()).get_kernel("saxpy")
        bandwidth(dev, stream, ours, theirs)
    host_table(dev, ours)
    return 0


def bandwidth(dev, stream, ours, theirs) -> None:
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


class DLPackOnly:
    """An array that offers DLPack alone (no __cuda_array_interface__), as JAX's do."""

    def __init__(self, array: cp.ndarray) -> None:
        self._array = array

    def __dlpack__(self, *, stream: int | None = None) -> object:
        return self._array.__dlpack__(stream=stream)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._array.__dlpack_device__()


def host_table(dev, ours) -> None:
    """The issue's table: host time per call of each way to launch saxpy on 1024 floats,
    median of interleaved rounds, ratio to a raw cuda.core launch in the same round."""
    import torch

    small, block = 1024, 256
    xs, ys = cp.ones(small, dtype=cp.float32), cp.ones(small, dtype=cp.float32)
    xt, yt = torch.ones(small, device="cuda:0"), torch.ones(small, device="cuda:0")
    xd, yd = DLPackOnly(cp.ones(small, dtype=cp.float32)), DLPackOnly(cp.ones(small, dtype=cp.float32))
    legacy = dev.default_stream  # CuPy's and PyTorch's default stream too: no variant waits
    cfg = LaunchConfig(grid=(small + block - 1) // block, block=block)
    a, xp, yp = ctypes.c_float(0.0), xs.data.ptr, ys.data.ptr
    source = (HERE / "cuda" / "saxpy.cu").read_text().split("extern")[1]  # saxpy alone, for NVRTC
    raw_kernel = cp.RawKernel("typedef unsigned long long uint64_t;\nextern" + source, "saxpy")
    a32, n64 = np.float32(0.0), np.uint64(small)
    grid = ((small + block - 1) // block,)
    variants = {
        "raw `cuda.core.launch`, prepared arguments": lambda: launch(legacy, cfg, ours, a, xp, small, yp, small),
        "CuPy `RawKernel` (unchecked)": lambda: raw_kernel(grid, (block,), (a32, xs, n64, ys, n64)),
        "torch `y.add_(x)`": lambda: yt.add_(xt),
        "oxpack stub, CuPy arrays": lambda: kernels.saxpy(0.0, xs, ys),
        "oxpack stub, `stream=` given": lambda: kernels.saxpy(0.0, xs, ys, stream=legacy),
        "oxpack stub, PyTorch tensors": lambda: kernels.saxpy(0.0, xt, yt),
        "oxpack stub, DLPack-only arrays": lambda: kernels.saxpy(0.0, xd, yd),
    }
    if cp.cuda.runtime.getDeviceCount() > 1:  # arrays on device 1, device 0 current
        with cp.cuda.Device(1):
            x1, y1 = cp.ones(small, dtype=cp.float32), cp.ones(small, dtype=cp.float32)
        variants["oxpack stub, CuPy arrays on device 1 (device 0 current)"] = lambda: kernels.saxpy(0.0, x1, y1)
    for fn in variants.values():  # warm: module loads, the general path's first launch
        fn()
        fn()
    assert kernels._fast_saxpy(0.0, xs, ys, None) and kernels._fast_saxpy(0.0, xt, yt, None)
    assert kernels._fast_saxpy(0.0, xs, ys, legacy) and kernels._fast_saxpy(0.0, xd, yd, None)
    # the fast path's own launch, with no checks: the driver's cuLaunchKernelEx through
    # ctypes on a packed parameter block (what a checked call costs beyond it is the checks)
    direct, config, function = kernels._module.state("saxpy").entries[(0, 1, small, None)]
    pack_saxpy = struct.Struct("=f4xQQQQ").pack_into  # as saxpy's launcher packs its parameters
    block_ = kernels._launchers._params(5)
    pack_saxpy(block_, 40, 0.0, xp, small, yp, small)
    variants["oxpack's launch alone (ctypes `cuLaunchKernelEx`, packed parameters)"] = (
        lambda: direct(config, function, block_, None))
    rounds, per = 15, 1000
    times: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(rounds):  # interleaved, so that machine noise hits every variant alike
        for label, fn in variants.items():
            cp.cuda.Device(0).synchronize()
            torch.cuda.synchronize(0)
            t0 = time.perf_counter()
            for _ in range(per):
                fn()
            times[label].append((time.perf_counter() - t0) / per)
    for d in range(cp.cuda.runtime.getDeviceCount()):
        cp.cuda.Device(d).synchronize()
    raw = times["raw `cuda.core.launch`, prepared arguments"]

    # graph replay: 100 stub launches captured once, replayed; per kernel, device time included
    with kernels.capture() as graph:
        for _ in range(100):
            kernels.saxpy(0.0, xs, ys)
    replays, graph_times, eager_times = 20, [], []
    for _ in range(rounds):
        graph.stream.sync()
        t0 = time.perf_counter()
        for _ in range(replays):
            graph.replay()
        graph.stream.sync()
        graph_times.append((time.perf_counter() - t0) / (replays * 100))
        cp.cuda.Device(0).synchronize()
        t0 = time.perf_counter()
        for _ in range(replays * 100):
            kernels.saxpy(0.0, xs, ys)
        cp.cuda.Device(0).synchronize()
        eager_times.append((time.perf_counter() - t0) / (replays * 100))

    devices = cp.cuda.runtime.getDeviceCount()
    print(f"\n| saxpy, 1024 float32, {devices} GPU(s) visible: host time per call (median of {rounds} "
          f"interleaved rounds of {per}) | µs | vs raw launch (median of per-round ratios) |")
    print("| --- | --- | --- |")
    for label, ts in times.items():
        ratio = statistics.median(t / r for t, r in zip(ts, raw))
        print(f"| {label} | {statistics.median(ts) * 1e6:.2f} | {ratio:.2f}x |")
    med_raw = statistics.median(raw)
    print(f"| 100 stub calls replayed as one graph (`kernels.capture`), per kernel, device time included | "
          f"{statistics.median(graph_times) * 1e6:.2f} | {statistics.median(graph_times) / med_raw:.2f}x |")
    print(f"| the same 100 stub calls eager, per call, device time included | "
          f"{statistics.median(eager_times) * 1e6:.2f} | {statistics.median(eager_times) / med_raw:.2f}x |")
    print("| torch.compile(fullgraph=True) of a function calling the stub | — | (row filled by the torch.library work) |")


if __name__ == "__main__":
    sys.exit(main())
