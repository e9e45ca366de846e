"""The example's kernels against the same kernels in CUDA C++ built by nvcc, and a library reference.

    python benchmarks/bench_kernels.py [--repeat 25]   # on the GPU machine: vecmath wheel installed, CuPy, nvcc

For each kernel: check ours against NumPy/CuPy on fresh random data, then time ours
(through the checked stub), the nvcc-built CUDA C++ equivalent (benchmarks/cuda/*.cu,
`nvcc -O3 -arch=sm_90` here, launched with the same grid and block through
cuda.core) and a library reference where one exists. CUDA-event timings of batches
of 8 back-to-back calls (so that host launch work overlaps the kernels on both
sides), ours and nvcc's alternating batch by batch; the ratio is the median of the
per-round ratios (so that clock drift hits both sides), times are medians; inputs
rotate across sets larger than L2. Prints one table:
time, GB/s, nvcc time / ours, percent of the measured device-to-device copy
bandwidth (bytes read + written).
"""

from __future__ import annotations

import ctypes
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import cupy as cp
import numpy as np

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

from vecmath import kernels

HERE = Path(__file__).resolve().parent
SMS = 132


REPEAT = 25  # rounds per measurement; `--repeat N` sets it
# How `batch_time` times a batch (bench_norms.py's `--queued` sets it): "events": CUDA events
# around the batch as it is issued; "queued": the same, but the batch is queued behind a spin
# kernel first, so the GPU runs its kernels back to back whatever the host's launch path costs.
# Below ~20 µs a kernel, an "events" batch can be bound by the host's launch path (ours a checked
# stub, the twins' a raw launch); a "queued" one is not. (CUPTI's kernel records through
# torch.profiler were tried first: on the H200 machine's torch 2.11 they recorded no kernel.)
TIMING = "events"
SPIN_CYCLES = 2_000_000  # "queued": ~1 ms at the H200's clocks, beyond any batch's host time


def batch_time(fn: Callable[[int], None], sets: int, first: int, batch: int) -> float:
    """Seconds per call of `batch` back-to-back calls between two CUDA events, rotating
    through `sets` inputs from `first`. Back to back, each call's host work (our checked
    stub, or a raw launch for the nvcc twins) overlaps the previous kernel, so the time
    is the kernels', not the launch path's (measured in bench_gpu.py), as long as a kernel
    outlasts a launch; `TIMING` "queued" takes the host out even where it does not."""
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    if TIMING == "queued":
        import torch

        torch.cuda._sleep(SPIN_CYCLES)  # on the default stream, as the events and the calls
    start.record()
    for j in range(batch):
        fn((first + j) % sets)
    stop.record()
    stop.synchronize()
    return float(cp.cuda.get_elapsed_time(start, stop)) / 1e3 / batch


def timed(fn: Callable[[int], None], sets: int, repeat: int = 0, batch: int = 8) -> float:
    """Seconds per call: the median of `repeat` batches (`batch_time`) after warm-ups."""
    for i in range(3):
        fn(i % sets)
    return statistics.median(batch_time(fn, sets, r * batch, batch) for r in range(repeat or REPEAT))


def paired(ours: Callable[[int], None], nvcc: Callable[[int], None], sets: int, repeat: int = 0,
           batch: int = 8) -> tuple[float, float, float]:
    """(ours, nvcc, nvcc / ours): rounds alternate a batch of ours and a batch of nvcc's
    (in turn first), so that clock and thermal drift hit both; the ratio is the median
    of the per-round ratios, the times are medians."""
    for i in range(3):
        ours(i % sets)
        nvcc(i % sets)
    t_o, t_n, ratios = [], [], []
    for r in range(repeat or REPEAT):
        pair = (ours, nvcc) if r % 2 == 0 else (nvcc, ours)
        a, b = (batch_time(fn, sets, r * batch, batch) for fn in pair)
        o, n = (a, b) if r % 2 == 0 else (b, a)
        t_o.append(o)
        t_n.append(n)
        ratios.append(n / o)
    return statistics.median(t_o), statistics.median(t_n), statistics.median(ratios)


def main() -> int:
    global REPEAT
    if sys.argv[1:2] == ["--repeat"]:
        REPEAT = int(sys.argv[2])
    dev = Device(0)
    dev.set_current()
    stream = dev.default_stream
    tmp = Path(tempfile.mkdtemp())
    nv = {}
    for name in ("saxpy", "reduce", "matrix", "nn", "gemm"):
        cubin = tmp / f"{name}.cubin"
        subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", str(HERE / "cuda" / f"{name}.cu"), "-o", str(cubin)],
                       check=True)
        nv[name] = ObjectCode.from_cubin(cubin.read_bytes())
    # name, ours, nvcc, nvcc / ours, lib, lib name, bytes
    table: list[tuple[str, float, float, float, float | None, str, float]] = []
    rng = np.random.default_rng()

    # copy bandwidth: the ceiling
    big = [cp.random.rand(1 << 28, dtype=cp.float32) for _ in range(2)]
    t_copy = timed(lambda i: cp.copyto(big[1 - i % 2], big[i % 2]), 2)
    copy_bw = 8 * (1 << 28) / t_copy
    del big

    # saxpy
    n = 1 << 27
    xs = [(cp.random.rand(n, dtype=cp.float32), cp.random.rand(n, dtype=cp.float32)) for _ in range(3)]
    cfg = LaunchConfig(grid=n // 256, block=256)
    k_nv = nv["saxpy"].get_kernel("saxpy")
    t_ours, t_nv, ratio = paired(lambda i: kernels.saxpy(1.0001, *xs[i]),
                                 lambda i: launch(stream, cfg, k_nv, ctypes.c_float(1.0001), xs[i][0].data.ptr, n,
                                  xs[i][1].data.ptr, n), 3)
    t_lib = timed(lambda i: cp.add(cp.multiply(xs[i][0], 1.0001, out=xs[i][0]), xs[i][1], out=xs[i][1]), 3)
    table.append(("saxpy, 2^27 f32", t_ours, t_nv, ratio, t_lib, "cupy (2 kernels)", 12 * n))

    # saxpy with 16-byte loads and stores (thread i owns y[4i .. 4i+4])
    x0, y0 = xs[0][0].copy(), xs[0][1].copy()
    ref = 1.0001 * x0 + y0
    kernels.saxpy4(1.0001, x0, y0)  # its declared launch: a thread per 4 elements
    assert bool(cp.allclose(y0, ref, rtol=1e-6)), "saxpy4 is wrong"
    del x0, y0, ref
    cfg4 = LaunchConfig(grid=n // 4 // 256, block=256)
    k_nv4 = nv["saxpy"].get_kernel("saxpy4")
    t_ours, t_nv, ratio = paired(lambda i: kernels.saxpy4(1.0001, *xs[i]),
                                 lambda i: launch(stream, cfg4, k_nv4, ctypes.c_float(1.0001), xs[i][0].data.ptr, n,
                                  xs[i][1].data.ptr, n), 3)
    table.append(("saxpy4 (16-byte access), 2^27 f32", t_ours, t_nv, ratio, None, "", 12 * n))
    del xs

    # sum
    n = 1 << 28
    xs = [cp.asarray(rng.random(n, dtype=np.float32)) for _ in range(2)]
    total = cp.zeros(1, dtype=cp.float32)
    kernels.sum(xs[0], total, block=512)  # its declared threads: min(n / 4, 132 · 2048), the nvcc twin's SMS · 2048
    ref = float(cp.sum(xs[0], dtype=cp.float64))
    assert abs(float(total.get()[0]) - ref) / ref < 1e-5, (float(total.get()[0]), ref)
    cfg = LaunchConfig(grid=SMS * 4, block=512)
    k_nv = nv["reduce"].get_kernel("sum")
    t_ours, t_nv, ratio = paired(lambda i: kernels.sum(xs[i], total, block=512),
                                 lambda i: launch(stream, cfg, k_nv, xs[i].data.ptr, n, total.data.ptr, 1), 2)
    t_lib = timed(lambda i: cp.sum(xs[i]), 2)
    table.append(("sum, 2^28 f32", t_ours, t_nv, ratio, t_lib, "cupy.sum", 4 * n))
    del xs

    # histogram
    n, bins = 1 << 28, 256
    xs = [cp.asarray(rng.integers(0, 2**32, n, dtype=np.uint32)) for _ in range(2)]
    hist = cp.zeros(bins, dtype=cp.uint32)
    kernels.histogram(bins, xs[0], hist)  # its declared threads: min(n, 132 · 2048), in blocks of 256
    assert np.array_equal(hist.get(), np.bincount((xs[0] % bins).get(), minlength=bins)), "histogram is wrong"
    cfg = LaunchConfig(grid=SMS * 8, block=256)
    k_nv = nv["reduce"].get_kernel("histogram")
    t_ours, t_nv, ratio = paired(lambda i: kernels.histogram(bins, xs[i], hist),
                                 lambda i: launch(stream, cfg, k_nv, ctypes.c_uint32(bins), xs[i].data.ptr, n, hist.data.ptr, bins), 2)
    table.append(("histogram, 2^28 u32, 256 bins", t_ours, t_nv, ratio, None, "", 4 * n))
    del xs

    # transpose
    h = w = 8192
    ms = [cp.asarray(rng.standard_normal((h, w), dtype=np.float32)) for _ in range(2)]
    out = cp.empty((w, h), dtype=cp.float32)
    kernels.transpose_tiled(w, h, ms[0], out)  # its declared launch: a block of 32 × 8 per 32 × 32 tile
    assert bool(cp.array_equal(out, ms[0].T)), "transpose is wrong"
    cfg = LaunchConfig(grid=(w // 32, h // 32), block=(32, 8))
    k_nv = nv["matrix"].get_kernel("transpose_tiled")
    t_ours, t_nv, ratio = paired(lambda i: kernels.transpose_tiled(w, h, ms[i], out),
                                 lambda i: launch(stream, cfg, k_nv, ctypes.c_uint32(w), ctypes.c_uint32(h), ms[i].data.ptr, h * w,
                                  out.data.ptr, h * w), 2)
    t_lib = timed(lambda i: cp.copyto(out, ms[i].T), 2)
    table.append(("transpose, 8192² f32", t_ours, t_nv, ratio, t_lib, "cupy copyto(m.T)", 8 * h * w))

    del ms, out

    table.append(bench_softmax(nv["nn"], stream))
    gemm = bench_sgemm(nv["gemm"], stream)

    print(f"device-to-device copy: {copy_bw / 1e9:.0f} GB/s (bytes read + written)\n")
    print("| kernel | oxpack | nvcc | nvcc / oxpack | library | oxpack GB/s | of copy BW |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, t_o, t_n, ratio, t_l, lib, nbytes in table:
        lib_cell = f"{lib} {t_l * 1e3:.3f} ms" if t_l is not None else "—"
        print(f"| {name} | {t_o * 1e3:.3f} ms | {t_n * 1e3:.3f} ms | {ratio:.3f}x | {lib_cell} | "
              f"{nbytes / t_o / 1e9:.0f} | {nbytes / t_o / copy_bw:.1%} |")
    print("\n| kernel | oxpack | nvcc | nvcc / oxpack | cuBLAS (TF32 off) | oxpack TFLOP/s | of cuBLAS |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    name, t_o, t_n, ratio, t_l, lib, flops = gemm
    print(f"| {name} | {t_o * 1e3:.3f} ms | {t_n * 1e3:.3f} ms | {ratio:.3f}x | {lib} {t_l * 1e3:.3f} ms | "
          f"{flops / t_o / 1e12:.1f} | {t_l / t_o:.1%} |")
    return 0


# --- softmax (helper torchsoft) ---------------------------------------------------------
def bench_softmax(nv: ObjectCode, stream: object, rows: int = 65536, cols: int = 4096,
                  block: int = 256) -> tuple[str, float, float, float, float | None, str, float]:
    """Row-wise softmax, one block per row (the row read once, into registers), against
    the nvcc twin written the same way and torch.softmax; bytes = one read + one write."""
    rng = np.random.default_rng()
    xs = [cp.asarray(rng.standard_normal((rows, cols), dtype=np.float32)) for _ in range(2)]
    out = cp.empty((rows, cols), dtype=cp.float32)
    kernels.softmax(cols, xs[0], out, block=block)  # a block per row (declared)
    e = cp.exp(xs[0].astype(cp.float64) - xs[0].max(axis=1, keepdims=True))
    ref = e / e.sum(axis=1, keepdims=True)
    assert float(cp.linalg.norm(out - ref) / cp.linalg.norm(ref)) < 1e-6, "softmax is wrong"
    del e, ref
    cfg = LaunchConfig(grid=rows, block=block)
    k_nv = nv.get_kernel("softmax")
    t_ours, t_nv, ratio = paired(lambda i: kernels.softmax(cols, xs[i], out, block=block),
                                 lambda i: launch(stream, cfg, k_nv, ctypes.c_uint32(cols), xs[i].data.ptr, rows * cols,
                                  out.data.ptr, rows * cols), 2)
    t_lib, lib = None, ""
    try:
        import torch

        ts = [torch.as_tensor(x, device="cuda") for x in xs]
        t_lib, lib = timed(lambda i: torch.softmax(ts[i], dim=1), 2), "torch.softmax"
        _, _, vs_torch = paired(lambda i: kernels.softmax(cols, xs[i], out, block=block),
                                lambda i: torch.softmax(ts[i], dim=1), 2)
        print(f"softmax {rows} × {cols}, block {block}: torch.softmax time / oxpack time = {vs_torch:.3f}x "
              "(paired rounds)")
        del ts
    except ImportError:
        pass
    del xs, out
    return (f"softmax, {rows} × {cols} f32, block {block}", t_ours, t_nv, ratio, t_lib, lib, 8 * rows * cols)
# --- end softmax ------------------------------------------------------------------------


def bench_sgemm(nv: ObjectCode, stream: object) -> tuple[str, float, float, float, float, str, float]:
    """SGEMM at 4096³ against the nvcc twin and cuBLAS (through CuPy, TF32 off)."""
    import os

    if os.environ.get("CUPY_TF32", "0") != "0":
        raise SystemExit("unset CUPY_TF32: the cuBLAS reference must compute in full fp32")
    m = n = k = 4096
    rng = np.random.default_rng()
    abs_ = [(cp.asarray(rng.standard_normal((m, k), dtype=np.float32)),
             cp.asarray(rng.standard_normal((k, n), dtype=np.float32))) for _ in range(2)]
    c = cp.empty((m, n), dtype=cp.float32)
    kernels.sgemm(m, n, k, *abs_[0], c)  # its declared launch: a thread per 8 × 8 of c, blocks of 16 × 16
    ref = abs_[0][0].astype(cp.float64) @ abs_[0][1].astype(cp.float64)
    assert float(cp.abs(c - ref).max() / cp.abs(ref).max()) < 1e-4, "sgemm is wrong"
    del ref
    cfg = LaunchConfig(grid=(n // 128, m // 128), block=(16, 16))
    k_nv = nv.get_kernel("sgemm")
    u32 = ctypes.c_uint32
    c_nv = cp.empty_like(c)
    launch(stream, cfg, k_nv, u32(m), u32(n), u32(k), abs_[0][0].data.ptr, m * k, abs_[0][1].data.ptr, k * n,
           c_nv.data.ptr, m * n)
    assert bool(cp.allclose(c_nv, c, rtol=1e-5, atol=1e-3)), "the nvcc twin disagrees"
    del c_nv
    t_ours, t_nv, ratio = paired(lambda i: kernels.sgemm(m, n, k, *abs_[i], c),
                                 lambda i: launch(stream, cfg, k_nv, u32(m), u32(n), u32(k), abs_[i][0].data.ptr, m * k,
                                  abs_[i][1].data.ptr, k * n, c.data.ptr, m * n), 2, repeat=15)
    t_lib = timed(lambda i: cp.matmul(abs_[i][0], abs_[i][1], out=c), 2, repeat=15)
    return ("sgemm, 4096³ f32", t_ours, t_nv, ratio, t_lib, "cupy.matmul", 2.0 * m * n * k)


if __name__ == "__main__":
    sys.exit(main())
