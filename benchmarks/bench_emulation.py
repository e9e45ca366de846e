"""Emulated throughput: saxpy and softmax on the CPU, against NumPy doing the same work.

    python benchmarks/bench_emulation.py [--repeat 5] [--out build/bench-emulation]

Builds `example-project` with `--emulation` (through the cache: instant when
unchanged), imports its generated module with emulation on, and times, in interleaved
rounds, each emulated call and NumPy's vectorised version of the same work on the same
arrays (medians). Elements per second count output elements.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "build" / "bench-emulation"))
    args = parser.parse_args()
    out = Path(args.out)
    subprocess.run([sys.executable, "-m", "oxpack", "build", str(ROOT / "example-project"), "--out", str(out),
                    "--emulation", "-q"], check=True)
    sys.path.insert(0, str(out))
    kernels = importlib.import_module("vecmath.kernels")
    kernels.emulation(True)
    rng = np.random.default_rng(0)

    n = 1 << 22
    x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    rows, cols = 1024, 1024
    m = rng.standard_normal((rows, cols), dtype=np.float32)
    sm = np.empty_like(m)

    def numpy_softmax() -> None:
        e = np.exp(m - m.max(axis=1, keepdims=True))
        np.divide(e, e.sum(axis=1, keepdims=True), out=sm)

    cases: dict[str, tuple[int, Callable[[], object], Callable[[], object]]] = {
        f"saxpy, {n:,} float32": (n, lambda: kernels.saxpy(2.0, x, y), lambda: np.add(np.float32(2.0) * x, y, out=y)),
        f"softmax, {rows} rows of {cols} float32 (one 256-thread block per row)": (
            rows * cols, lambda: kernels.softmax(cols, m, sm), numpy_softmax),
    }
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}; {args.repeat} interleaved rounds, medians")
    print("| kernel | emulated | NumPy | emulated elements/s | NumPy elements/s | emulated / NumPy time |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, (count, emulated, reference) in cases.items():
        emulated(), reference()  # warm up: load the library, fault in the pages
        e_runs, r_runs = [], []
        for _ in range(args.repeat):
            e_runs.append(timed(emulated))
            r_runs.append(timed(reference))
        e, r = statistics.median(e_runs), statistics.median(r_runs)
        print(f"| {name} | {e * 1e3:.1f} ms | {r * 1e3:.2f} ms | {count / e / 1e6:.1f} M | {count / r / 1e6:.0f} M "
              f"| {e / r:.0f}x |")
        print(f"<!-- runs {name}: emulated {[round(v * 1e3, 1) for v in e_runs]} ms, "
              f"NumPy {[round(v * 1e3, 2) for v in r_runs]} ms -->")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
