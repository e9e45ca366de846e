"""GPU tests: 16-byte vectors of every element type, cache hints and launch bounds.

The example's kernels/saxpy.rs has `scale_bf16x8` (eight bfloat16 lanes per thread),
`axpy_f16x8` (eight float16 lanes, `ld.cs`/`st.cs`), `add_i32x4` and `xor_u32x4` (four int32 /
uint32 lanes, the latter `L1::evict_first`), `scale_streaming` (one element, streamed) and
`scale_bounded` (`#[launch_bounds(128, 4)]`). Each is checked against NumPy at every view
alignment (a misaligned view takes the scalar path, an aligned one the 16-byte path), and the
launch-bounded kernel is refused a larger block before the driver sees it. The emulated twins
are in tests/test_emulation.py. Run where the GPU is, after installing the example project's
wheel:  python -m pytest tests/test_gpu_vectors.py
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is


def _views(n: int, lanes: int) -> Iterator[tuple[int, int, int]]:
    """(x offset, y offset, length): every alignment of both views, lengths that end mid-vector."""
    for xo in range(lanes):
        for yo in range(lanes):
            yield xo, yo, n - (xo + 2 * yo) % lanes


def _poisoned(n: int, dtype: Any) -> Any:
    out = cp.empty(n, dtype=dtype)
    out.view(cp.uint8).fill(0xA5)  # an element left unwritten fails
    return out


@pytest.mark.parametrize("n", [203, 1 << 20])
def test_int32_and_uint32_vectors_at_every_alignment(rng: np.random.Generator, n: int) -> None:
    for xo, yo, m in _views(n, 4):
        x_h = rng.integers(-(2**31), 2**31 - 1, n + 8, dtype=np.int32)
        yb = _poisoned(n + 8, cp.int32)
        before = yb.get()
        kernels.add_i32x4(-(2**31) + 5, cp.asarray(x_h)[xo : xo + m], yb[yo : yo + m])
        got = yb.get()
        want = (x_h[xo : xo + m].astype(np.int64) + (-(2**31) + 5)).astype(np.uint32).view(np.int32)
        assert np.array_equal(got[yo : yo + m], want), (xo, yo, m)
        assert np.array_equal(got[:yo], before[:yo]) and np.array_equal(got[yo + m :], before[yo + m :])
        u_h = x_h.view(np.uint32)
        ub = _poisoned(n + 8, cp.uint32)
        kernels.xor_u32x4(0xA5A5_5A5A, cp.asarray(u_h)[xo : xo + m], ub[yo : yo + m])
        assert np.array_equal(ub.get()[yo : yo + m], u_h[xo : xo + m] ^ np.uint32(0xA5A5_5A5A)), (xo, yo, m)


@pytest.mark.parametrize("n", [301, 1 << 20])
def test_float16_vectors_of_eight_lanes_at_every_alignment(rng: np.random.Generator, n: int) -> None:
    for xo, yo, m in _views(n, 8):
        x_h = rng.standard_normal(n + 8).astype(np.float16)
        y_h = rng.standard_normal(n + 8).astype(np.float16)
        yb = cp.asarray(y_h)
        kernels.axpy_f16x8(1.5, cp.asarray(x_h)[xo : xo + m], yb[yo : yo + m])
        got = yb.get()
        x, y = x_h[xo : xo + m].astype(np.float32), y_h[yo : yo + m].astype(np.float32)
        want = (np.float32(1.5) * x + y).astype(np.float16)  # the GPU may fuse the multiply-add
        assert np.allclose(got[yo : yo + m].astype(np.float32), want.astype(np.float32), rtol=2e-3, atol=2e-3), (xo, yo, m)
        assert np.array_equal(got[:yo], y_h[:yo]) and np.array_equal(got[yo + m :], y_h[yo + m :])


def test_bfloat16_vectors_of_eight_lanes_at_every_alignment() -> None:
    torch = pytest.importorskip("torch")
    g = torch.Generator(device="cuda").manual_seed(18)
    for xo, yo, m in _views(301, 8):
        xb = torch.randn(320, device="cuda", generator=g).to(torch.bfloat16)
        yb = torch.zeros(320, device="cuda", dtype=torch.bfloat16)
        kernels.scale_bf16x8(3.0, xb[xo : xo + m], yb[yo : yo + m])
        torch.cuda.synchronize()
        assert torch.equal(yb[yo : yo + m], (xb[xo : xo + m].float() * 3.0).to(torch.bfloat16)), (xo, yo, m)
        assert not yb[:yo].any() and not yb[yo + m :].any()


def test_streaming_scale(rng: np.random.Generator) -> None:
    x_h = rng.standard_normal(1_000_003, dtype=np.float32)
    y = _poisoned(1_000_002, cp.float32)
    kernels.scale_streaming(2.0, cp.asarray(x_h)[1:], y)
    assert np.array_equal(y.get(), np.float32(2.0) * x_h[1:])


def test_launch_bounds_refuse_a_larger_block_and_run_within_them(rng: np.random.Generator) -> None:
    """`#[launch_bounds(128, 4)]`: the driver refuses a larger block with an opaque error; the stub
    refuses it first, naming the bound, and runs the default call in blocks of 128."""
    x_h = rng.standard_normal(100_003, dtype=np.float32)
    y = _poisoned(100_003, cp.float32)
    with pytest.raises(kernels.KernelValueError, match=r"over the kernel's #\[launch_bounds\(128\)\]"):
        kernels.scale_bounded(2.0, cp.asarray(x_h), y, block=256)
    kernels.scale_bounded(2.0, cp.asarray(x_h), y)
    assert np.array_equal(y.get(), np.float32(2.0) * x_h)
    for block in (1, 33, 128):
        y = _poisoned(100_003, cp.float32)
        kernels.scale_bounded(3.0, cp.asarray(x_h), y, block=block)
        assert np.array_equal(y.get(), np.float32(3.0) * x_h), block
