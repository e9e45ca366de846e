"""GPU test: the example kernels emulated on the CPU agree with the same kernels on the GPU.

Needs the example project built with emulation, and a GPU with CuPy. Build here, run there:

    python -m oxpack build example-project --out build/emu --emulation     # where rustc is
    PYTHONPATH=build/emu python -m pytest tests/test_gpu_emulation.py       # where the GPU is

Integer kernels must agree bit for bit; float kernels within a few ulps (the GPU's
libdevice and the host's libm differ in the last bits, and the GPU may fuse a multiply
and an add into one FMA).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytestmark = pytest.mark.gpu

cp = pytest.importorskip("cupy", reason="the GPU tests use CuPy arrays")
kernels = pytest.importorskip("vecmath.kernels", reason="put the example project's build with --emulation on PYTHONPATH")
if not (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file():
    pytest.skip("this vecmath was built without --emulation", allow_module_level=True)

RNG = np.random.default_rng(12)
F32 = np.float32

# name: (make host arguments, call options, float tolerance or None for bit-exact): a float
# tolerance (rel, floor) bounds |emulated - gpu| / max(|gpu|, floor)
Case = tuple[Callable[[], list[Any]], dict[str, Any], tuple[float, float] | None]
_FAST = {17: 2e-6, 18: 2e-6, 19: 2e-6, 20: 2e-6, 21: 1e-5, 22: 1e-5, 23: 2e-3, 24: 2e-6}  # math::fast, absolute
CASES: dict[str, Case] = {
    "saxpy": (lambda: [1.5, RNG.standard_normal(100_003, dtype=F32), RNG.standard_normal(100_003, dtype=F32)],
              {}, (1e-6, 1.0)),  # a fused multiply-add on the GPU: compare near zero absolutely
    "gather": (lambda: [RNG.integers(0, 1000, 50_000, dtype=np.uint32), RNG.standard_normal(1000, dtype=F32),
                        np.zeros(50_000, F32)], {}, None),
    "hash32": (lambda: [12345, RNG.integers(0, 2**32, 100_000, dtype=np.uint32), np.zeros(100_000, np.uint32)], {},
               None),
    "collatz_steps": (lambda: [10**12, 1000, np.zeros(3000, np.uint32)], {}, None),
    "offset_clamp": (lambda: [-(2**40), -(2**30), 2**30, RNG.integers(-(2**31), 2**31, 50_000, dtype=np.int32),
                              np.zeros(50_000, np.int64)], {}, None),
    "histogram": (lambda: [200, RNG.integers(0, 2**32, 500_000, dtype=np.uint32), np.zeros(200, np.uint32)],
                  {"threads": 16 * 512}, None),
    "warp_scan": (lambda: [RNG.integers(-(2**40), 2**40, 32_017, dtype=np.int64), np.zeros(32_017, np.int64)], {},
                  None),
    "min_max": (lambda: [RNG.integers(-(2**31), 2**31, 100_001, dtype=np.int32), np.full(1, 2**31 - 1, np.int32),
                         np.full(1, -(2**31), np.int32)], {}, None),
    "transpose_tiled": (lambda: [333, 257, RNG.standard_normal((257, 333), dtype=F32), np.zeros((333, 257), F32)],
                        {"threads": (352, 288 // 4), "block": (32, 8)}, None),
    "block_reverse": (lambda: [RNG.standard_normal(25_677, dtype=F32), np.zeros(25_677, F32), 256],
                      {"block": 256}, None),
    "sum": (lambda: [RNG.random(1_000_003, dtype=F32), np.zeros(1, F32)], {"threads": 16 * 1024, "block": 512}, (1e-5, 1e-30)),
    "softmax": (lambda: [1000, RNG.standard_normal((50, 1000), dtype=F32) * 4, np.zeros((50, 1000), F32)],
                {"threads": 50 * 256, "block": 256}, (1e-6, 1e-30)),
    "gelu": (lambda: [RNG.standard_normal(50_001, dtype=F32) * 3, np.zeros(50_001, F32)], {}, (1e-5, 1.0)),  # 1 + erf cancels
    "to_f16": (lambda: [RNG.standard_normal(50_003, dtype=F32) * 100, np.zeros(50_003, np.float16)], {}, None),
    "sgemm": (lambda: [64, 96, 77, RNG.standard_normal((64, 77), dtype=F32), RNG.standard_normal((77, 96), dtype=F32),
                       np.zeros((64, 96), F32)], {"threads": (12, 8), "block": (16, 16)}, (1e-5, 10.0)),
}


def _math32(op: int) -> Case:
    def make() -> list[Any]:
        return [op, RNG.uniform(0.01, 10, 20_003).astype(F32), np.zeros(20_003, F32)]

    return make, {}, (_FAST[op], 1.0) if op >= 17 else (1e-6, 1e-30)


CASES.update({f"math32[{op}]": _math32(op) for op in range(25)})


@pytest.mark.parametrize("name", sorted(CASES))
def test_emulated_matches_the_gpu(name: str) -> None:
    make, options, tol = CASES[name]
    host = make()
    gpu = [cp.asarray(a) if isinstance(a, np.ndarray) else a for a in host]
    kernel = getattr(kernels, name.split("[")[0])
    with kernels.emulation(False):
        kernel(*gpu, **options)
        cp.cuda.Device().synchronize()
    with kernels.emulation():
        kernel(*host, **options)
    for h, g in zip(host, gpu, strict=True):
        if not isinstance(h, np.ndarray):
            continue
        g = cp.asnumpy(g)
        if tol is None or h.dtype.kind in "iu":
            assert np.array_equal(h.view(np.uint8), g.view(np.uint8)), name
        else:
            rel, floor = tol
            scale = np.maximum(np.abs(g.astype(np.float64)), floor)
            assert np.max(np.abs(h.astype(np.float64) - g) / scale) <= rel, name
