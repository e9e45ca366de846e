"""GPU tests of the cooperative layouts, through the example's norm kernels.

`example-project/kernels/norm.rs` writes its outputs with the new layouts:
- `layernorm`: one warp per row in 16-byte chunks (`WarpRows<Vec4>`), a mean and an rstd per
  warp (`OnePerWarp`), rows held in registers (`RegChunks`) up to 1,024 channels, three
  passes beyond;
- `rmsnorm_bf16`: one block per row of bfloat16 in chunks of 8 (`BlockRows<Vec4>`), an rstd
  per block (`OnePerBlock`);
- `residual_add`: grid-stride ownership in 16-byte chunks (`GridStride<Vec4>`).

`rmsnorm_bf16` runs at block sizes whose last warp is partial (33, 100, 488: its lanes stride by
the warp's live lanes); `layernorm` is `#[whole_warps]` (its docs ask for a multiple of 32), so it
runs at blocks of whole warps (32 to 480) and refuses the others before launch
(tests/test_gpu_collectives.py); 1024 is more than layernorm's registers allow and is refused
before launch (tests/test_gpu_limits.py). Each with a partial last block (rows that do not fill it), ragged row lengths
(no multiple of 4 or 8: rows start misaligned, the last chunk is cut) and misaligned views,
against NumPy in float64, outputs poisoned so that an element left unwritten fails. The
element-wise `WarpRows` and `GridStride` and the partition of every layout at every launch
shape are checked in emulation (tests/test_device_layouts.py). Run where the GPU is, after
installing the example project's wheel:  python -m pytest tests/test_gpu_layouts.py
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is


def _poisoned(shape: int | tuple[int, ...], dtype: Any) -> Any:
    out = cp.empty(shape, dtype=dtype)
    out.view(cp.uint8).fill(0xA5)  # an element left unwritten fails
    return out


def _layernorm_ref(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """llm.c's layernorm_forward in float64: out, mean, rstd (eps 1e-5, biased variance)."""
    x64 = x.astype(np.float64)
    mean = x64.mean(1)
    rstd = 1 / np.sqrt(((x64 - mean[:, None]) ** 2).mean(1) + 1e-5)
    return (x64 - mean[:, None]) * rstd[:, None] * w + b, mean, rstd


@pytest.mark.parametrize(
    ("rows", "c", "block"),
    [
        (5, 1, 32), (7, 3, 64), (9, 37, 64), (11, 4, 96), (33, 768, 256),
        (17, 768, 32), (40, 768, 480),           # a block of one warp, of 15 (a partial last block)
        (6, 1024, 128), (5, 1025, 256),          # the last row held in registers, the first of three passes
        (300, 770, 96),                          # rows start 8 bytes off 16: the scalar path in every other row
        (64, 4096, 256), (33, 4099, 480),        # three passes, a ragged last chunk
    ],
)
def test_layernorm_rows(rng: np.random.Generator, rows: int, c: int, block: int) -> None:
    x_h = (rng.standard_normal((rows, c), dtype=np.float32) * 3 + 1).astype(np.float32)
    w_h, b_h = rng.standard_normal(c, dtype=np.float32), rng.standard_normal(c, dtype=np.float32)
    out, mean, rstd = _poisoned((rows, c), cp.float32), _poisoned(rows, cp.float32), _poisoned(rows, cp.float32)
    kernels.layernorm(cp.asarray(x_h), cp.asarray(w_h), cp.asarray(b_h), out, mean, rstd, block=block)
    ref, ref_mean, ref_rstd = _layernorm_ref(x_h, w_h, b_h)
    np.testing.assert_allclose(mean.get(), ref_mean, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(rstd.get(), ref_rstd, rtol=1e-4)
    np.testing.assert_allclose(out.get(), ref, rtol=1e-4, atol=1e-4)


def test_layernorm_on_misaligned_views(rng: np.random.Generator) -> None:
    rows, c = 40, 768
    for offset in (1, 2, 3):
        flat = cp.asarray(rng.standard_normal(rows * c + offset, dtype=np.float32))
        x = flat[offset:]  # every row 4·offset bytes off 16: the scalar path throughout
        w, b = cp.asarray(rng.standard_normal(c, dtype=np.float32)), cp.asarray(rng.standard_normal(c, dtype=np.float32))
        out_flat = _poisoned(rows * c + offset, cp.float32)
        out, mean, rstd = out_flat[offset:], _poisoned(rows, cp.float32), _poisoned(rows, cp.float32)
        kernels.layernorm(x, w, b, out, mean, rstd, block=128)
        ref, ref_mean, _ = _layernorm_ref(x.get().reshape(rows, c), w.get(), b.get())
        np.testing.assert_allclose(out.get().reshape(rows, c), ref, rtol=1e-4, atol=1e-4, err_msg=f"offset {offset}")
        np.testing.assert_allclose(mean.get(), ref_mean, rtol=1e-5, atol=1e-5)


def test_layernorm_matches_torch() -> None:
    torch = pytest.importorskip("torch")
    g = torch.Generator(device="cuda").manual_seed(7)
    for bt, c in ((8 * 1024, 768), (1024, 4096)):
        x = torch.randn(bt, c, device="cuda", generator=g)
        w, b = torch.randn(c, device="cuda", generator=g), torch.randn(c, device="cuda", generator=g)
        out, mean, rstd = torch.empty_like(x), torch.empty(bt, device="cuda"), torch.empty(bt, device="cuda")
        kernels.layernorm(x, w, b, out, mean, rstd)
        ref = torch.nn.functional.layer_norm(x, (c,), w, b, eps=1e-5)
        torch.cuda.synchronize()
        assert torch.allclose(out, ref, rtol=1e-4, atol=1e-4), (bt, c, (out - ref).abs().max().item())
        assert torch.allclose(mean, x.mean(1), atol=1e-5)


def test_layernorm_refuses_a_ragged_matrix() -> None:
    x = cp.zeros(10, dtype=cp.float32)
    w = cp.ones(3, dtype=cp.float32)
    with pytest.raises(kernels.KernelValueError) as info:
        kernels.layernorm(x, w, w, cp.empty_like(x), cp.zeros(3, cp.float32), cp.zeros(3, cp.float32))
    assert str(info.value) == ("layernorm(): requirement `len(x) % len(weight) == 0` failed: "
                               "len(x) = 10, len(weight) = 3")


@pytest.mark.parametrize(
    ("rows", "c", "block"),
    [(3, 1, 32), (4, 7, 33), (5, 8, 1), (6, 77, 7), (9, 2048, 128), (7, 4096, 256), (5, 4096, 100),
     (4, 4097, 488), (2, 8200, 256), (3, 20000, 128)],  # the last three: a row longer than 32 · block, two passes
)
def test_rmsnorm_bf16_rows(rows: int, c: int, block: int) -> None:
    torch = pytest.importorskip("torch")
    g = torch.Generator(device="cuda").manual_seed(rows * c + block)
    x = torch.randn(rows, c, device="cuda", generator=g).to(torch.bfloat16)
    w = torch.randn(c, device="cuda", generator=g).to(torch.bfloat16)
    out = torch.full_like(x, float("nan"))
    rstd = torch.full((rows,), float("nan"), device="cuda")
    kernels.rmsnorm_bf16(1e-6, x, w, out, rstd, block=block)
    torch.cuda.synchronize()
    xf = x.double()
    ref_rstd = torch.rsqrt(xf.pow(2).mean(1) + 1e-6)
    ref = xf * ref_rstd[:, None] * w.double()
    assert torch.allclose(rstd.double(), ref_rstd, rtol=1e-4), (rows, c, block)
    # bfloat16 keeps 8 bits: within one rounding of the exact value
    assert torch.allclose(out.double(), ref, rtol=2**-7, atol=1e-30), (rows, c, block, (out.double() - ref).abs().max())
    if hasattr(torch.nn.functional, "rms_norm"):
        theirs = torch.nn.functional.rms_norm(x.float(), (c,), w.float(), eps=1e-6).to(torch.bfloat16)
        assert torch.allclose(out.float(), theirs.float(), rtol=2**-7, atol=1e-30)


def test_a_block_over_what_the_registers_allow_is_refused_before_launch() -> None:
    """A block of 32 × 32 is more than sgemm's registers allow (given past its declared 16 × 16, through
    the run time's general path), and 1000 more than rmsnorm_bf16's on sm_80–sm_89 (layernorm's 64
    registers take 1024): one line, nothing launched (the whole message: tests/test_gpu_limits.py)."""
    a, c = cp.zeros((64, 64), cp.float32), _poisoned((64, 64), cp.float32)
    with pytest.raises(kernels.KernelValueError, match=r"^sgemm\(\): `block` \(32, 32\) has 1024 threads, over the \d+ "
                       r"this kernel allows per block on device 0 \(sm_\d+\), where it uses \d+ registers per thread"):
        kernels._module.kernel("sgemm")((64, 64, 64, a, a, c), None, (8, 8), (32, 32))
    cp.cuda.Device().synchronize()
    assert (c.view(cp.uint8) == 0xA5).all()
    limits = kernels._module.kernel("rmsnorm_bf16").spec.block_limits
    arch = f"sm_{cp.cuda.Device(0).compute_capability}"  # a build for this arch alone has no sm_80 entry
    if (limits[arch] if arch in limits else limits["sm_80"]).max_threads >= 1000:
        return  # rmsnorm_bf16 fits 1,024 threads on sm_90 (64 registers)
    torch = pytest.importorskip("torch")
    xb = torch.zeros(4, 4097, device="cuda", dtype=torch.bfloat16)
    wb = torch.ones(4097, device="cuda", dtype=torch.bfloat16)
    with pytest.raises(kernels.KernelValueError, match=r"^rmsnorm_bf16\(\): `block` 1000 has 1000 threads, over the"):
        kernels.rmsnorm_bf16(1e-6, xb, wb, torch.empty_like(xb), torch.empty(4, device="cuda"), block=1000)


@pytest.mark.parametrize("n", [0, 1, 5, 8, 1000, 1_000_003])
def test_residual_add_with_any_launch(rng: np.random.Generator, n: int) -> None:
    a_h, b_h = rng.standard_normal(n + 1, dtype=np.float32), rng.standard_normal(n + 1, dtype=np.float32)
    for threads, block in ((7, 7), (1024, 256), (99, 33), (4 * 132 * 256, 256)):
        for offset in (0, 1):  # an aligned view, and one 4 bytes off 16 (the scalar path)
            a, b = cp.asarray(a_h)[offset : offset + n], cp.asarray(b_h)[offset : offset + n]
            out = _poisoned(n, cp.float32)
            kernels.residual_add(a, b, out, threads=threads, block=block)
            assert np.array_equal(out.get(), a_h[offset : offset + n] + b_h[offset : offset + n]), (n, threads, offset)
