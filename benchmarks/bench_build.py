"""Build time and fatbin size: oxpack on example-project vs `nvcc -fatbin` of the same kernels in CUDA C++.

    python benchmarks/bench_build.py [--repeat 3]

Both sides target the example's archs (sm_80, sm_86, sm_89, sm_90) plus sm_90 PTX.
oxpack "cold" starts from an empty stage cache with the nvptx sysroot already built
(it is built once per rustc, ~20 s, and reported separately); "warm" is an unchanged
rebuild. Medians of --repeat runs; ratios are oxpack / nvcc measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "example-project"
ARCHS = ["sm_80", "sm_86", "sm_89", "sm_90"]


def oxpack_build(cache: Path, out: Path) -> float:
    env = dict(os.environ, OXPACK_CACHE_DIR=str(cache))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "oxpack", "build", str(EXAMPLE), "--out", str(out), "-q"],
                   check=True, env=env)
    return time.perf_counter() - start


def nvcc_build(out: Path) -> float:
    gencode = [f"-gencode=arch=compute_{a[3:]},code=sm_{a[3:]}" for a in ARCHS]
    gencode.append("-gencode=arch=compute_90,code=compute_90")
    start = time.perf_counter()
    for name in ("bits", "matrix", "saxpy"):
        subprocess.run(["nvcc", "-O3", "-fatbin", *gencode, str(HERE / "cuda" / f"{name}.cu"),
                        "-o", str(out / f"{name}.fatbin")], check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="oxpack-bench-"))
    try:
        sysroot_cache = work / "cache-sysroot"
        first = oxpack_build(sysroot_cache, work / "first")  # builds the sysroot once
        cold, warm, nvcc = [], [], []
        for i in range(args.repeat):
            cache = work / f"cache{i}"
            shutil.copytree(sysroot_cache / "sysroot", cache / "sysroot")
            out = work / f"out{i}"
            cold.append(oxpack_build(cache, out))
            warm.append(oxpack_build(cache, out))
            nv = work / f"nvcc{i}"
            nv.mkdir()
            nvcc.append(nvcc_build(nv))
        ours = sum(p.stat().st_size for p in (work / "out0").rglob("*.fatbin"))
        theirs = sum(p.stat().st_size for p in (work / "nvcc0").glob("*.fatbin"))
        c, w, n = statistics.median(cold), statistics.median(warm), statistics.median(nvcc)
        print(f"| first build incl. nvptx sysroot | {first:.2f} s | | |")
        print(f"| cold build (empty stage cache) | {c:.2f} s | nvcc {n:.2f} s | {c / n:.2f}x |")
        print(f"| unchanged rebuild | {w:.2f} s | nvcc {n:.2f} s | {w / n:.2f}x |")
        print(f"| fatbins, 3 crates, 4 archs + PTX | {ours} B | nvcc {theirs} B | {ours / theirs:.2f}x |")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
