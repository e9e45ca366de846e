"""GPU tests: the example's softmax against NumPy for every kind of row.

Rows of at most 16 · block columns are read once into registers (`RegRow`), longer
ones three times; both paths, ragged and short rows, odd (unaligned) row starts and
every block size must give the same answer. Run where the GPU is, after installing
the example project's wheel:  python -m pytest tests/test_gpu_softmax.py
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is


@pytest.mark.parametrize(
    ("rows", "cols", "block"),
    [
        (5, 1, 32), (3, 2, 256), (9, 31, 32), (7, 33, 256), (11, 255, 256), (4, 256, 256), (6, 257, 256),
        (300, 1000, 64),          # 1000 > 16 · 64: the three-pass path at a small block
        (64, 4096, 256),          # exactly 16 · 256: every register used
        (17, 4097, 256),          # one column past the registers: three passes
        (8, 4097, 512), (3, 16384, 1024), (2, 20001, 1024), (1, 65537, 128),
    ],
)
def test_softmax_rows(rng: np.random.Generator, rows: int, cols: int, block: int) -> None:
    x_h = rng.standard_normal((rows, cols), dtype=np.float32) * 4
    out = cp.empty((rows, cols), dtype=cp.float32)
    out.view(cp.uint8).fill(0xA5)  # poisoned: an element left unwritten fails
    kernels.softmax(cols, cp.asarray(x_h), out, block=block)
    x = x_h.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    ref = e / e.sum(axis=1, keepdims=True)
    got = out.get()
    assert np.all(np.isfinite(got))
    assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-6
    assert np.max(np.abs(got.sum(axis=1) - 1.0)) < 1e-4


def test_softmax_of_extreme_rows() -> None:
    x_h = np.zeros((4, 700), dtype=np.float32)
    x_h[0] = -np.inf
    x_h[0, 5] = 0.0                      # one finite entry: a one-hot row
    x_h[1] = 80.0                        # large equal values: exp would overflow without the max
    x_h[2, ::2] = -1e30
    x_h[3] = np.linspace(-50, 50, 700)
    out = cp.empty_like(cp.asarray(x_h))
    kernels.softmax(700, cp.asarray(x_h), out)
    x = x_h.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    # float32 x - max is off by up to |x - max| · 2^-24, which exp turns into a relative error
    np.testing.assert_allclose(out.get(), e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-30)


def test_softmax_refuses_a_ragged_matrix() -> None:
    x = cp.zeros(10, dtype=cp.float32)
    with pytest.raises(kernels.KernelValueError) as info:
        kernels.softmax(3, x, cp.empty_like(x))
    assert str(info.value) == "softmax(): requirement `len(x) % cols == 0` failed: len(x) = 10, cols = 3"
    with pytest.raises(kernels.KernelValueError) as info:
        kernels.softmax(0, x, cp.empty_like(x))
    assert str(info.value) == "softmax(): requirement `cols >= 1` failed: cols = 0"
