"""Softmax at 65536 × 4096 float32 for several block sizes: oxpack, its nvcc twin, torch.softmax.

    python benchmarks/softmax_blocks.py [BLOCK ...]   # default 256 512 1024; GPU machine, as bench_kernels.py

One table row per block size (bench_kernels.bench_softmax), after the copy bandwidth.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import cupy as cp

import bench_kernels
from bench_kernels import Device, ObjectCode, timed

HERE = Path(__file__).resolve().parent


def main() -> int:
    dev = Device(0)
    dev.set_current()
    with tempfile.TemporaryDirectory() as tmp:
        cubin = Path(tmp) / "nn.cubin"
        subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", "-Xptxas", "-v", str(HERE / "cuda" / "nn.cu"),
                        "-o", str(cubin)], check=True)
        nv = ObjectCode.from_cubin(cubin.read_bytes())
    big = [cp.random.rand(1 << 28, dtype=cp.float32) for _ in range(2)]
    copy_bw = 8 * (1 << 28) / timed(lambda i: cp.copyto(big[1 - i % 2], big[i % 2]), 2)
    del big
    print(f"device-to-device copy: {copy_bw / 1e9:.0f} GB/s")
    for block in [int(b) for b in sys.argv[1:]] or [256, 512, 1024]:
        name, t_o, t_n, ratio, t_l, lib, nbytes = bench_kernels.bench_softmax(nv, dev.default_stream, block=block)
        lib_cell = f"{lib} {t_l * 1e3:.3f} ms ({nbytes / t_l / 1e9:.0f} GB/s)" if t_l is not None else "—"
        print(f"| {name} | {t_o * 1e3:.3f} ms | {t_n * 1e3:.3f} ms | {ratio:.3f}x | {lib_cell} | "
              f"{nbytes / t_o / 1e9:.0f} GB/s | {nbytes / t_o / copy_bw:.1%} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
