"""The host cost of `#[dims]` on a machine without a GPU: the stub's call with every scalar, of a kernel
that declares its operands' dims and of its twin that does not, and the call of the data alone.

    python benchmarks/profile_derived_dims.py [ROUNDS]

Builds (no GPU needed) a module of two GEMM-shaped kernels, the same but for `#[dims(a = (m, k), b =
(n, k))]` on one, each with the example GEMMs' declared launch and output, and loads it with each
kernel's fast path replaced by a no-op that takes the call (as a recorded launch would, minus the
launcher's checks and the driver's launch): what is timed is the stub alone, its arguments bound, the
declared launch computed inline, and, for the data alone, the scalars read from the shapes
(`Kernel.derive`). NumPy arrays, and PyTorch CPU tensors when PyTorch is installed. The forms are
interleaved in rounds; the best round's thread time per call is printed (other processes on a shared
machine do not count).
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
import textwrap
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

KERNEL = """
    /// c ← a·bᵀ (a stand-in: the body does not matter here)
    #[launch(grid = cdiv(m, 128) * cdiv(n, 128), block = 128)]
    {dims}
    #[outputs(c = (m, n))]
    pub fn {name}(m: u32, n: u32, k: u32, a: &[f32], b: &[f32], c: &mut DisjointSlice<f32>)
    where (len(a) == m * k, len(b) == n * k, len(c) == m * n) {{
        let i = index_1d();
        if let Some(o) = c.get_mut(i) {{
            *o = a[0] + b[0] + k as f32;
        }}
    }}
"""


def build(root: Path) -> Any:
    (root / "kernels").mkdir(parents=True)
    (root / "src" / "dimsbench").mkdir(parents=True)
    (root / "src" / "dimsbench" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(textwrap.dedent("""\
        [project]
        name = "dimsbench"
        version = "0.1.0"

        [tool.oxpack]
        archs = ["sm_80"]
    """))
    body = KERNEL.format(name="plain", dims="") + KERNEL.format(name="dimmed", dims="#[dims(a = (m, k), b = (n, k))]")
    (root / "kernels" / "g.rs").write_text("use oxpack::prelude::*;\n\nkernel! {" + body + "}\n")
    subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(root / "out"), "-q"], check=True)
    sys.path.insert(0, str(root / "out"))
    kernels = importlib.import_module("dimsbench.kernels")
    for name in ("plain", "dimmed"):
        setattr(kernels, f"_fast_{name}", lambda *args: True)  # the launch taken, as a recorded one would be
    return kernels


def best(fn: Callable[[], object], rounds: int, number: int = 20000) -> float:
    """The best round's thread time, ns per call."""
    times = timeit.repeat(fn, number=number, repeat=rounds, timer=time.thread_time)
    return min(times) / number * 1e9


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as tmp:
        kernels = build(Path(tmp))
        import numpy as np

        libraries: list[tuple[str, Callable[[tuple[int, ...]], Any]]] = [("NumPy", lambda s: np.ones(s, np.float32))]
        try:
            import torch

            libraries.append(("PyTorch CPU", lambda s: torch.ones(s)))
        except ImportError:
            pass
        m, n, k = 512, 256, 64
        print("| arrays | plain(m, n, k, a, b, c) | dimmed(m, n, k, a, b, c) | dimmed(a, b, c) |")
        print("| --- | --- | --- | --- |")
        for label, make in libraries:
            a, b, c = make((m, k)), make((n, k)), make((m, n))
            calls = [lambda: kernels.plain(m, n, k, a, b, c), lambda: kernels.dimmed(m, n, k, a, b, c),
                     lambda: kernels.dimmed(a, b, c)]
            for call in calls:
                assert call() is c
            results = [min(best(call, 1) for _ in range(rounds)) for call in calls]
            for _ in range(2):  # interleaved again: each form's best of both passes
                results = [min(r, best(call, rounds)) for r, call in zip(results, calls, strict=True)]
            print(f"| {label} | " + " | ".join(f"{r:.0f} ns" for r in results) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
