"""Time saxpy variants (built by oxpack from benchmarks/variants/, fatbins in DIR) against nvcc's.

    python benchmarks/saxpy_variants.py DIR      # on the GPU machine; needs CuPy and nvcc

Raw cuda.core launches of each kernel on the same rotating 2^27-element inputs; the
nvcc kernels are built there from benchmarks/cuda/saxpy.cu with and without FMA
contraction. Also dumps each kernel's SASS to DIR/sass-*.txt when cuobjdump exists.
"""

from __future__ import annotations

import ctypes
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import cupy as cp

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

HERE = Path(__file__).resolve().parent


def main() -> int:
    src = Path(sys.argv[1])
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else src
    dev = Device(0)
    dev.set_current()
    stream = dev.create_stream()
    kernels = {}
    for fatbin in sorted(src.glob("v_*.fatbin")):
        kernels[f"oxpack {fatbin.stem}"] = ObjectCode.from_fatbin(fatbin.read_bytes()).get_kernel(fatbin.stem)
    tmp = Path(tempfile.mkdtemp())
    for label, flags in (("nvcc -O3", []), ("nvcc -O3 -fmad=false", ["-fmad=false"])):
        cubin = tmp / f"{len(kernels)}.cubin"
        subprocess.run(["nvcc", "-O3", "-arch=sm_90", *flags, "-cubin", str(HERE / "cuda" / "saxpy.cu"),
                        "-o", str(cubin)], check=True)
        kernels[label] = ObjectCode.from_cubin(cubin.read_bytes()).get_kernel("saxpy")
        if not flags:
            subprocess.run(f"cuobjdump -sass {cubin} > {out}/sass-nvcc.txt", shell=True, check=False)
    for fatbin in sorted(src.glob("v_*.fatbin")):
        subprocess.run(f"cuobjdump -sass {fatbin} > {out}/sass-{fatbin.stem}.txt", shell=True, check=False)

    n = 1 << 27
    sets = [(cp.random.rand(n, dtype=cp.float32), cp.random.rand(n, dtype=cp.float32)) for _ in range(3)]
    block = 256
    config = LaunchConfig(grid=(n + block - 1) // block, block=block)
    a = ctypes.c_float(1.0001)
    cs = cp.cuda.ExternalStream(int(stream.handle))
    results: dict[str, list[float]] = {k: [] for k in kernels}
    with cs:
        for _round in range(5):  # interleave variants so drift hits all alike
            for label, kernel in kernels.items():
                for i in range(3):
                    x, y = sets[i % 3]
                    launch(stream, config, kernel, a, x.data.ptr, n, y.data.ptr, n)
                times = []
                for i in range(12):
                    x, y = sets[i % 3]
                    start, stop = cp.cuda.Event(), cp.cuda.Event()
                    start.record()
                    launch(stream, config, kernel, a, x.data.ptr, n, y.data.ptr, n)
                    stop.record()
                    stop.synchronize()
                    times.append(cp.cuda.get_elapsed_time(start, stop) / 1e3)
                results[label] += times
    base = statistics.median(results["nvcc -O3"])
    print("| saxpy variant, n = 2^27 | median ms | GB/s | nvcc -O3 / this |")
    print("| --- | --- | --- | --- |")
    for label, times in results.items():
        t = statistics.median(times)
        print(f"| {label} | {t * 1e3:.4f} | {12 * n / t / 1e9:.0f} | {base / t:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
