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
from typing import Any

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example(emulation=True)  # this checkout's, built --emulation, or the file fails on a GPU

F32 = np.float32

# name: (make host arguments, call options, float tolerance or None for bit-exact): a float
# tolerance (rel, floor) bounds |emulated - gpu| / max(|gpu|, floor)
Case = tuple[Callable[[np.random.Generator], list[Any]], dict[str, Any], tuple[float, float] | None]
_FAST = {17: 2e-6, 18: 2e-6, 19: 2e-6, 20: 2e-6, 21: 1e-5, 22: 1e-5, 23: 2e-3, 24: 2e-6}  # math::fast, absolute
CASES: dict[str, Case] = {
    "saxpy": (lambda rng: [1.5, rng.standard_normal(100_003, dtype=F32), rng.standard_normal(100_003, dtype=F32)],
              {}, (1e-6, 1.0)),  # a fused multiply-add on the GPU: compare near zero absolutely
    "gather": (lambda rng: [rng.integers(0, 1000, 50_000, dtype=np.uint32), rng.standard_normal(1000, dtype=F32),
                        np.zeros(50_000, F32)], {}, None),
    "hash32": (lambda rng: [12345, rng.integers(0, 2**32, 100_000, dtype=np.uint32), np.zeros(100_000, np.uint32)], {},
               None),
    "collatz_steps": (lambda rng: [10**12, 1000, np.zeros(3000, np.uint32)], {}, None),
    "offset_clamp": (lambda rng: [-(2**40), -(2**30), 2**30, rng.integers(-(2**31), 2**31, 50_000, dtype=np.int32),
                              np.zeros(50_000, np.int64)], {}, None),
    "histogram": (lambda rng: [200, rng.integers(0, 2**32, 500_000, dtype=np.uint32), np.zeros(200, np.uint32)],
                  {}, None),
    "warp_scan": (lambda rng: [rng.integers(-(2**40), 2**40, 32_017, dtype=np.int64), np.zeros(32_017, np.int64)], {},
                  None),
    "min_max": (lambda rng: [rng.integers(-(2**31), 2**31, 100_001, dtype=np.int32), np.full(1, 2**31 - 1, np.int32),
                         np.full(1, -(2**31), np.int32)], {}, None),
    # the single-pass scan: output and state (counter back at 0, generation 1, every tile's flag,
    # sum and prefix) bit for bit, each with its declared launch (a thread per 32 elements) and one block
    # (the state's tiles follow the block, which the GPU would tune and emulation leaves at its default)
    "cumsum_i32": (lambda rng: [rng.integers(-(2**31), 2**31, 100_003, dtype=np.int32),
                                np.zeros(3 * (100_003 // 2048) + 5, np.uint64), np.zeros(100_003, np.int32)],
                   {"block": 256}, None),
    "cumsum_u32": (lambda rng: [rng.integers(0, 2**32, 50_001, dtype=np.uint32),
                                np.zeros(3 * (50_001 // 2048) + 5, np.uint64), np.zeros(50_001, np.uint32)],
                   {"block": 256}, None),
    "transpose_tiled": (lambda rng: [333, 257, rng.standard_normal((257, 333), dtype=F32), np.zeros((333, 257), F32)],
                        {}, None),
    "block_reverse": (lambda rng: [rng.standard_normal(25_677, dtype=F32), np.zeros(25_677, F32)], {}, None),
    "sum": (lambda rng: [rng.random(1_000_003, dtype=F32), np.zeros(1, F32)], {}, (1e-5, 1e-30)),
    "softmax": (lambda rng: [1000, rng.standard_normal((50, 1000), dtype=F32) * 4, np.zeros((50, 1000), F32)],
                {}, (1e-6, 1e-30)),
    "gelu": (lambda rng: [rng.standard_normal(50_001, dtype=F32) * 3, np.zeros(50_001, F32)], {}, (1e-5, 1.0)),  # 1 + erf cancels
    "to_f16": (lambda rng: [rng.standard_normal(50_003, dtype=F32) * 100, np.zeros(50_003, np.float16)], {}, None),
    "sgemm": (lambda rng: [64, 96, 77, rng.standard_normal((64, 77), dtype=F32), rng.standard_normal((77, 96), dtype=F32),
                       np.zeros((64, 96), F32)], {}, (1e-5, 10.0)),
}


def _math32(op: int) -> Case:
    def make(rng: np.random.Generator) -> list[Any]:
        return [op, rng.uniform(0.01, 10, 20_003).astype(F32), np.zeros(20_003, F32)]

    return make, {}, (_FAST[op], 1.0) if op >= 17 else (1e-6, 1e-30)


CASES.update({f"math32[{op}]": _math32(op) for op in range(25)})


@pytest.mark.parametrize("name", sorted(CASES))
def test_emulated_matches_the_gpu(rng: np.random.Generator, name: str) -> None:
    make, options, tol = CASES[name]
    host = make(rng)
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
