"""The fused residual-add + RMSNorm (kernels/fused.rs, bfloat16 and its float32 twin) and SwiGLU
(kernels/glu.rs) kernels, forward and backward, emulated on the CPU against NumPy references in
float64: no GPU needed.

Like `test_emulated.py`, this needs a build that ships the host libraries (`oxpack build
--emulation`); oxpack's CI runs it (`tests/test_emulation.py`). bfloat16 arrays are uint16 NumPy
arrays of their bits, handed over through DLPack, so neither PyTorch nor ml_dtypes is needed.

Tolerances, per dtype:
- f32 outputs: |got − ref| ≤ 1e-6·|ref| (about 8 f32 ulps; rstd: 1e-5, a sum of C squares).
- bf16 outputs: computed in f32 and rounded to bf16 once, so within one rounding of the float64
  value: |got − ref| ≤ (2⁻⁸ + 1e-6)·|ref| (half a bf16 ulp is at most 2⁻⁸ of the value, 8
  significant bits); `residual_out` bit for bit as PyTorch's bf16 add (the f32 sum rounded to
  nearest even), and nearly every SwiGLU output the bf16 nearest to the float64 value.
- gradients, which sum terms that may cancel: plus 2e-6 times the sum of the terms' magnitudes
  (named per reference), about 16 f32 ulps of it.
- all: plus 1e-37, below f32's normal range (silu(−100) = −3.7e-42 comes out 0: e^100 overflows).
Every output is also checked to give the same bytes on a second run (no atomics: the weights'
gradient is summed in a fixed order).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hostarrays import BFloat16, poisoned, rng, to_bf16  # noqa: F401  (rng: the fixture)
from vecmath import kernels

EMULATION = (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not EMULATION, reason="built without emulation (oxpack build --emulation)")

from vecmath._oxpack.runtime import KernelArgumentError, KernelValueError  # noqa: E402

PARTIAL_ROWS = 16  # common/mod.rs's PARTIAL_ROWS: the rows of one row of `dweight_partial`
EPS = 1e-6
F32_REL = 1e-6
BF16_REL = 2.0**-8 + F32_REL  # one rounding to bf16, after the f32 math
CANCEL = 2e-6  # f32 rounding, relative to the magnitudes of the terms that a gradient sums
TINY = 1e-37  # below f32's normal range: silu(-100) is -3.7e-42, and e^100 overflows, so the kernel gives 0


@pytest.fixture(autouse=True)
def emulated() -> Iterator[None]:
    with kernels.emulation():
        yield


# ---------------------------------------------------------------- bfloat16 on NumPy


def widen(bits: np.ndarray) -> np.ndarray:
    """bf16 bits as float64 (exact)."""
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def wide(a: np.ndarray) -> np.ndarray:
    """A kernel's array as float64 (exact): bf16 bits (uint16) widened, float32 converted."""
    return widen(a) if a.dtype == np.uint16 else a.astype(np.float64)


def random_bf16(rng: np.random.Generator, shape: int | tuple[int, ...], scale: float = 1.0,
                offset: float = 0.0) -> np.ndarray:
    return to_bf16(rng.standard_normal(shape, dtype=np.float32) * np.float32(scale) + np.float32(offset))


def within(got: np.ndarray, ref: np.ndarray, rel: float, terms: np.ndarray | float = 0.0) -> None:
    """|got − ref| ≤ rel·|ref| + CANCEL·terms + TINY, element by element, naming the worst element."""
    err = np.abs(got - ref)
    bound = rel * np.abs(ref) + CANCEL * np.asarray(terms) + TINY
    bad = err > bound
    if bad.any():
        at = np.unravel_index(np.argmax(err - bound), err.shape)
        raise AssertionError(f"{int(bad.sum())} of {err.size} elements off; worst at {at}: got {got[at]!r}, "
                             f"expected {ref[at]!r} within {bound[at] if np.ndim(bound) else bound!r}")


# ---------------------------------------------------------------- fused residual add + RMSNorm


def fused_call(kernel: str, wrap: Any, dtype: type, x: np.ndarray, residual: np.ndarray, weight: np.ndarray,
               block: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(out, residual_out, rstd) of `kernel` into poisoned outputs of `dtype` (rstd f32), each array passed as
    `wrap` makes it."""
    rows, cols = x.shape
    out, h, rstd = poisoned((rows, cols), dtype), poisoned((rows, cols), dtype), poisoned(rows, np.float32)
    extra = {} if block is None else {"block": block}
    getattr(kernels, kernel)(EPS, wrap(x), wrap(residual), wrap(weight), wrap(out), wrap(h), rstd, **extra)
    return out, h, rstd


def fused_forward(x: np.ndarray, residual: np.ndarray, weight: np.ndarray, block: int | None = None,
                  kernel: str = "fused_add_rmsnorm_bf16") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(out, residual_out, rstd) of the bf16 kernel (or `kernel`, a sibling its tuning weighs), into poisoned
    outputs (bf16 as bits)."""
    return fused_call(kernel, BFloat16, np.uint16, x, residual, weight, block)


def fused_backward(dout: np.ndarray, dh: np.ndarray, h: np.ndarray, weight: np.ndarray,
                   rstd: np.ndarray, block: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dx, dweight_partial, dweight) of the two backward kernels (the first at `block`, else the tuning's), the
    partial rows in column order (`in_columns`); dx is also the gradient of `residual` (`dresidual = dx`)."""
    rows, cols = dout.shape
    dx = poisoned((rows, cols), np.uint16)
    lo, hi = (poisoned((-(-rows // PARTIAL_ROWS), 4 * -(-cols // 8)), np.float32) for _ in range(2))
    kernels.fused_add_rmsnorm_bf16_bwd(BFloat16(dout), BFloat16(dh), BFloat16(h), BFloat16(weight), rstd,
                                       BFloat16(dx), lo, hi, block=block)
    dweight = poisoned(cols, np.uint16)
    kernels.rmsnorm_bf16_bwd_reduce_halves(BFloat16(weight), lo, hi, BFloat16(dweight))
    return dx, in_columns(lo, hi, cols), dweight


def in_columns(lo: np.ndarray, hi: np.ndarray, cols: int) -> np.ndarray:
    """The bf16 backward's partial rows in column order: columns 8q .. 8q + 4 are chunk q of `lo`, 8q + 4 .. 8q + 8
    chunk q of `hi`."""
    quads = np.stack([lo.reshape(len(lo), -1, 4), hi.reshape(len(hi), -1, 4)], axis=2)  # (rows, chunk, half, 4)
    return quads.reshape(len(lo), -1)[:, :cols]


SHAPES = [(rows, cols) for cols in (1, 7, 64, 4100) for rows in (1, 3, 257)]


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
@pytest.mark.parametrize("block", [None, 32])
def test_fused_add_rmsnorm_forward(rng: np.random.Generator, rows: int, cols: int, block: int | None) -> None:
    """Every shape at the default block (256 in emulation: a row of 4100 channels in registers)
    and at 32 (8 · 4 · 32 = 1,024 channels in registers: 4100 goes through the two passes; 7
    and 64 leave threads with no chunk)."""
    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols), 2.0)
    weight = random_bf16(rng, cols, 0.2, 1.0)
    out, h, rstd = fused_forward(x, residual, weight, block)
    # residual_out as PyTorch's bf16 add: the f32 sum, rounded to nearest even
    assert np.array_equal(h, to_bf16(widen(x).astype(np.float32) + widen(residual).astype(np.float32)))
    hf = widen(h)
    s = 1 / np.sqrt(np.mean(hf * hf, axis=1) + EPS)
    within(rstd.astype(np.float64), s, 1e-5)
    within(widen(out), hf * s[:, None] * widen(weight), BF16_REL)
    again = fused_forward(x, residual, weight, block)
    assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8)) for a, b in zip((out, h, rstd), again, strict=True))


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
@pytest.mark.parametrize("sibling", ["fused_add_rmsnorm_bf16_two_pass", "fused_add_rmsnorm_bf16_one_chunk"])
def test_the_siblings_give_the_same_bits(rng: np.random.Generator, rows: int, cols: int, sibling: str) -> None:
    """`fused_add_rmsnorm_bf16_two_pass` and `_one_chunk`, which the fused kernel's tuning weighs
    (`#[tune(kernels = [...])]`), write what `fused_add_rmsnorm_bf16` writes, bit for bit, at every candidate
    block of either."""
    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols), 2.0)
    weight = random_bf16(rng, cols, 0.2, 1.0)
    for block in (128, 256, 512):
        if sibling.endswith("one_chunk") and cols > 8 * block:
            continue  # rows of at most 8 · block (its `where`, tested below)
        one = fused_forward(x, residual, weight, block)
        theirs = fused_forward(x, residual, weight, block, sibling)
        assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8))
                   for a, b in zip(one, theirs, strict=True)), block


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 7), (257, 64), (5, 1000), (3, 2048)])
@pytest.mark.parametrize("block", [64, 512])
def test_the_warp_sibling_writes_the_sum_and_the_norm(rng: np.random.Generator, rows: int, cols: int,
                                                      block: int) -> None:
    """`fused_add_rmsnorm_bf16_warp`, which the fused kernel's tuning weighs: a warp per row, eight chunks of 8 a
    lane (rows of up to 2,048 channels), summed by the warp alone. Its residual_out is PyTorch's bf16 add, bit for
    bit, as the block kernel's; its rstd and out agree with the float64 norm of that sum within a bf16 rounding
    (the squares are folded in another order than the block kernel's, so not its bits); the same bits twice;
    blocks of 64 (2 rows) and 512 (16, most of them past the last row at these sizes)."""
    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols), 2.0)
    weight = random_bf16(rng, cols, 0.2, 1.0)
    (out, h, rstd), again = (fused_forward(x, residual, weight, block, "fused_add_rmsnorm_bf16_warp")
                             for _ in range(2))
    assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8)) for a, b in zip((out, h, rstd), again, strict=True))
    assert np.array_equal(h, fused_forward(x, residual, weight, block)[1])
    hf = widen(h)
    s = 1 / np.sqrt(np.mean(hf * hf, axis=1) + EPS)
    within(rstd.astype(np.float64), s, 1e-5)
    within(widen(out), hf * s[:, None] * widen(weight), BF16_REL)


def test_the_warp_sibling_refuses_rows_past_its_registers(rng: np.random.Generator) -> None:
    """`fused_add_rmsnorm_bf16_warp` holds eight chunks of 8 a lane: a row of more than 2,048 channels is refused
    before the launch, in one line naming the requirement (the fused kernel's tuning skips the kernel there)."""
    x, residual = random_bf16(rng, (2, 2056)), random_bf16(rng, (2, 2056), 2.0)
    weight = random_bf16(rng, 2056, 0.2, 1.0)
    out, h, rstd = poisoned((2, 2056), np.uint16), poisoned((2, 2056), np.uint16), poisoned(2, np.float32)
    with pytest.raises(KernelValueError, match=r"requirement `len\(weight\) <= 2048` failed"):
        kernels.fused_add_rmsnorm_bf16_warp(EPS, BFloat16(x), BFloat16(residual), BFloat16(weight),
                                            BFloat16(out), BFloat16(h), rstd, block=256)


def test_the_one_chunk_sibling_refuses_longer_rows(rng: np.random.Generator) -> None:
    """`fused_add_rmsnorm_bf16_one_chunk` holds one chunk of 8 a thread: a row longer than 8 · block is refused
    before the launch, in one line naming the requirement (the fused kernel's tuning skips that block)."""
    x, residual = random_bf16(rng, (2, 4100)), random_bf16(rng, (2, 4100), 2.0)
    weight = random_bf16(rng, 4100, 0.2, 1.0)
    out, h, rstd = poisoned((2, 4100), np.uint16), poisoned((2, 4100), np.uint16), poisoned(2, np.float32)
    with pytest.raises(KernelValueError, match=r"requirement `len\(weight\) <= 8 \* block` failed"):
        kernels.fused_add_rmsnorm_bf16_one_chunk(EPS, BFloat16(x), BFloat16(residual), BFloat16(weight),
                                                 BFloat16(out), BFloat16(h), rstd, block=512)


def fused_grads(dout: np.ndarray, dh: np.ndarray, h: np.ndarray, weight: np.ndarray,
                rstd: np.ndarray) -> dict[str, np.ndarray]:
    """The float64 gradients for the kernel's own saved rstd, and the magnitudes they sum (bf16 bits or
    float32 arrays)."""
    dy, dhf, hf, w, s = wide(dout), wide(dh), wide(h), wide(weight), rstd.astype(np.float64)[:, None]
    wdy = w * dy
    c = s * s * np.mean(wdy * hf, axis=1, keepdims=True)
    terms = s * s * np.mean(np.abs(wdy * hf), axis=1, keepdims=True)
    rows = len(hf)
    starts = range(0, rows, PARTIAL_ROWS)
    contrib = dy * hf * s
    return {
        "g": dhf + s * (wdy - hf * c),
        "g_terms": np.abs(dhf) + s * (np.abs(wdy) + np.abs(hf) * terms),
        "partial": np.stack([contrib[b:b + PARTIAL_ROWS].sum(axis=0) for b in starts]),
        "partial_terms": np.stack([np.abs(contrib[b:b + PARTIAL_ROWS]).sum(axis=0) for b in starts]),
        "dweight": contrib.sum(axis=0),
        "dweight_terms": np.abs(contrib).sum(axis=0),
    }


@pytest.mark.parametrize(("rows", "cols"), [*SHAPES, (257, 1030), (3, 2048)])
@pytest.mark.parametrize("block", [None, 100, 256])
def test_fused_add_rmsnorm_backward(rng: np.random.Generator, rows: int, cols: int, block: int | None) -> None:
    """dx = dresidual = dresidual_out + the RMSNorm's input gradient and dweight_partial per 16 rows (one kernel, a
    block per 16 rows, at the tuning's block, a block of a partial warp, and 256), dweight their sum: a row of
    whole 16-byte chunks in registers up to 8 · block channels (64 and 2048 at 256), read twice beyond and where
    the chunks are not whole (1, 7, 1030, 4100); 1 and 3 rows leave a block's group with one or three rows, 257
    a last one with one."""
    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols), 2.0)
    weight = random_bf16(rng, cols, 0.2, 1.0)
    _, h, rstd = fused_forward(x, residual, weight)
    dout, dh = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols), 0.5)
    dx, partial, dweight = fused_backward(dout, dh, h, weight, rstd, block)
    ref = fused_grads(dout, dh, h, weight, rstd)
    within(widen(dx), ref["g"], BF16_REL, ref["g_terms"])
    within(partial.astype(np.float64), ref["partial"], F32_REL, ref["partial_terms"])
    within(widen(dweight), ref["dweight"], BF16_REL, ref["dweight_terms"])
    again = fused_backward(dout, dh, h, weight, rstd, block)
    assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8))
               for a, b in zip((dx, partial, dweight), again, strict=True))


def test_the_backward_matches_the_forward_by_finite_differences(rng: np.random.Generator) -> None:
    """The gradients' formula, in float64 against the forward's own definition (so the
    references above test the kernels against the right derivative): L = Σ out·dout + Σ h·dh."""
    rows, cols = 2, 9
    hf, w = rng.standard_normal((rows, cols)), 1 + 0.2 * rng.standard_normal(cols)
    dy, dh = rng.standard_normal((rows, cols)), rng.standard_normal((rows, cols))

    def loss(h: np.ndarray, w: np.ndarray) -> float:
        s = 1 / np.sqrt(np.mean(h * h, axis=1, keepdims=True) + EPS)
        return float(np.sum(h * s * w * dy) + np.sum(h * dh))

    s = 1 / np.sqrt(np.mean(hf * hf, axis=1, keepdims=True) + EPS)
    c = s * s * np.mean(w * dy * hf, axis=1, keepdims=True)
    g, dw = dh + s * (w * dy - hf * c), np.sum(dy * hf * s, axis=0)
    step = 1e-6
    for r, j in [(0, 0), (1, 4), (1, 8)]:
        e = np.zeros_like(hf)
        e[r, j] = step
        assert abs((loss(hf + e, w) - loss(hf - e, w)) / (2 * step) - g[r, j]) < 1e-6
    for j in (0, 5):
        e = np.zeros(cols)
        e[j] = step
        assert abs((loss(hf, w + e) - loss(hf, w - e)) / (2 * step) - dw[j]) < 1e-6


def test_fused_add_rmsnorm_off_a_16_byte_boundary(rng: np.random.Generator) -> None:
    """Views one element into their buffers (the scalar path of every 16-byte access): the same
    bits as aligned copies."""
    rows, cols = 5, 24

    def shifted(a: np.ndarray) -> np.ndarray:
        flat = np.empty(a.size + 1, a.dtype)
        flat[1:] = a.ravel()
        return flat[1:].reshape(a.shape)

    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols))
    weight, dout, dh = random_bf16(rng, cols, 0.2, 1.0), random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols))
    out, h, rstd = fused_forward(x, residual, weight)
    grads = fused_backward(dout, dh, h, weight, rstd)
    out2, h2, rstd2 = (shifted(a) for a in (poisoned((rows, cols), np.uint16), poisoned((rows, cols), np.uint16),
                                            poisoned(rows, np.float32)))
    kernels.fused_add_rmsnorm_bf16(EPS, BFloat16(shifted(x)), BFloat16(shifted(residual)), BFloat16(shifted(weight)),
                                   BFloat16(out2), BFloat16(h2), rstd2)
    assert np.array_equal(out2, out) and np.array_equal(h2, h) and np.array_equal(rstd2, rstd)
    dx2 = shifted(poisoned((rows, cols), np.uint16))
    lo2, hi2 = (shifted(poisoned((1, 4 * -(-cols // 8)), np.float32)) for _ in range(2))
    kernels.fused_add_rmsnorm_bf16_bwd(BFloat16(shifted(dout)), BFloat16(shifted(dh)), BFloat16(shifted(h)),
                                       BFloat16(shifted(weight)), shifted(rstd), BFloat16(dx2), lo2, hi2)
    assert np.array_equal(dx2, grads[0]) and np.array_equal(in_columns(lo2, hi2, cols), grads[1])


def test_fused_add_rmsnorm_refuses_rows_that_do_not_divide() -> None:
    x = BFloat16(np.zeros(10, np.uint16))
    with pytest.raises(KernelValueError, match=r"requirement `len\(x\) % len\(weight\) == 0` failed"):
        kernels.fused_add_rmsnorm_bf16(EPS, x, x, BFloat16(np.zeros(3, np.uint16)), BFloat16(np.zeros(10, np.uint16)),
                                       BFloat16(np.zeros(10, np.uint16)), np.zeros(3, np.float32))


# ---------------------------------------------------------------- the float32 twin


def fused_forward_f32(x: np.ndarray, residual: np.ndarray, weight: np.ndarray,
                      block: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(out, residual_out, rstd) of `fused_add_rmsnorm_f32`, into poisoned outputs."""
    return fused_call("fused_add_rmsnorm_f32", np.asarray, np.float32, x, residual, weight, block)  # NumPy f32 as is


def fused_backward_f32(dout: np.ndarray, dh: np.ndarray, h: np.ndarray, weight: np.ndarray,
                       rstd: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dx, dweight_partial, dweight) of `fused_add_rmsnorm_f32_bwd` (dx and the partial rows) and
    `rmsnorm_f32_bwd_reduce` (dx also the gradient of `residual`)."""
    rows, cols = dout.shape
    dx = poisoned((rows, cols), np.float32)
    partial = poisoned((-(-rows // PARTIAL_ROWS), cols), np.float32)
    kernels.fused_add_rmsnorm_f32_bwd(dout, dh, h, weight, rstd, dx, partial)
    dweight = poisoned(cols, np.float32)
    kernels.rmsnorm_f32_bwd_reduce(weight, partial, dweight)
    return dx, partial, dweight


def random_f32(rng: np.random.Generator, shape: int | tuple[int, ...], scale: float = 1.0,
               offset: float = 0.0) -> np.ndarray:
    return rng.standard_normal(shape, dtype=np.float32) * np.float32(scale) + np.float32(offset)


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
@pytest.mark.parametrize("block", [None, 32, 512])
def test_fused_add_rmsnorm_f32_forward(rng: np.random.Generator, rows: int, cols: int, block: int | None) -> None:
    """`fused_add_rmsnorm_f32`: residual_out bit for bit NumPy's float32 sum, rstd within 1e-5 of the float64
    value, out within F32_REL of residual_out · rstd · weight (its own rstd). 4 chunks of 4 a thread in
    registers: 16 · 32 = 512 channels at block 32 and 4,096 at the default 256 (4100 takes the two passes at
    both), 8,192 at 512 (4100 in registers); 7 and 64 leave threads with no chunk."""
    x, residual = random_f32(rng, (rows, cols)), random_f32(rng, (rows, cols), 2.0)
    weight = random_f32(rng, cols, 0.2, 1.0)
    out, h, rstd = fused_forward_f32(x, residual, weight, block)
    assert np.array_equal(h.view(np.uint32), (x + residual).view(np.uint32))
    hf = h.astype(np.float64)
    within(rstd.astype(np.float64), 1 / np.sqrt(np.mean(hf * hf, axis=1) + EPS), 1e-5)
    within(out.astype(np.float64), hf * rstd.astype(np.float64)[:, None] * weight.astype(np.float64), F32_REL)
    again = fused_forward_f32(x, residual, weight, block)
    assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8)) for a, b in zip((out, h, rstd), again, strict=True))
    # outputs made (NumPy, as the inputs), at the same block: another block sums the squares in another order
    made = kernels.fused_add_rmsnorm_f32(EPS, x, residual, weight, **({} if block is None else {"block": block}))
    assert [a.shape for a in made] == [(rows, cols), (rows, cols), (rows,)]
    assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8)) for a, b in zip(made, (out, h, rstd), strict=True))


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_fused_add_rmsnorm_f32_backward(rng: np.random.Generator, rows: int, cols: int) -> None:
    """dx (= dresidual) = dresidual_out + the RMSNorm's input gradient and dweight_partial per 16 rows (one
    kernel, a block per 16 rows), dweight their column sums (`rmsnorm_f32_bwd_reduce`, shared with RMSNorm), all
    in f32 within F32_REL plus the cancellation bound: in registers up to 4 · block channels (one chunk of 4 a
    thread), read twice beyond; 1 and 3 rows leave a block's group with one or three rows."""
    x, residual = random_f32(rng, (rows, cols)), random_f32(rng, (rows, cols), 2.0)
    weight = random_f32(rng, cols, 0.2, 1.0)
    _, h, rstd = fused_forward_f32(x, residual, weight)
    dout, dh = random_f32(rng, (rows, cols)), random_f32(rng, (rows, cols), 0.5)
    dx, partial, dweight = fused_backward_f32(dout, dh, h, weight, rstd)
    ref = fused_grads(dout, dh, h, weight, rstd)
    within(dx.astype(np.float64), ref["g"], F32_REL, ref["g_terms"])
    within(partial.astype(np.float64), ref["partial"], F32_REL, ref["partial_terms"])
    within(dweight.astype(np.float64), ref["dweight"], F32_REL, ref["dweight_terms"])
    again = fused_backward_f32(dout, dh, h, weight, rstd)
    assert all(np.array_equal(a.view(np.uint8), b.view(np.uint8))
               for a, b in zip((dx, partial, dweight), again, strict=True))


def test_the_f32_twin_agrees_with_the_bf16_kernel_on_bf16_values(rng: np.random.Generator) -> None:
    """The f32 kernel's residual_out, rounded to bf16, is the bf16 kernel's (both the f32 sum, rounded once);
    given that bf16 residual_out itself (and a zero residual), its rstd is the bf16 kernel's within 1e-5 (the
    same squares, summed in another order) and its out the bf16 one's within a bf16 rounding."""
    rows, cols = 5, 4100
    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols), 2.0)
    weight = random_bf16(rng, cols, 0.2, 1.0)
    out16, h16, rstd16 = fused_forward(x, residual, weight)
    _, h, _ = fused_forward_f32(*(widen(a).astype(np.float32) for a in (x, residual, weight)))
    assert np.array_equal(to_bf16(h), h16)
    out, h, rstd = fused_forward_f32(widen(h16).astype(np.float32), np.zeros((rows, cols), np.float32),
                                     widen(weight).astype(np.float32))
    assert np.array_equal(h, widen(h16).astype(np.float32))
    within(rstd.astype(np.float64), rstd16.astype(np.float64), 1e-5)
    within(widen(out16), out.astype(np.float64), BF16_REL)


def test_fused_add_rmsnorm_f32_off_a_16_byte_boundary(rng: np.random.Generator) -> None:
    """Views one element into their buffers (the scalar path of every 16-byte access): the same bits as
    aligned copies, forward and backward."""
    rows, cols = 5, 24

    def shifted(a: np.ndarray) -> np.ndarray:
        flat = np.empty(a.size + 1, a.dtype)
        flat[1:] = a.ravel()
        return flat[1:].reshape(a.shape)

    x, residual, weight = random_f32(rng, (rows, cols)), random_f32(rng, (rows, cols)), random_f32(rng, cols, 0.2, 1.0)
    dout, dh = random_f32(rng, (rows, cols)), random_f32(rng, (rows, cols))
    out, h, rstd = fused_forward_f32(x, residual, weight)
    grads = fused_backward_f32(dout, dh, h, weight, rstd)
    out2, h2, rstd2 = (shifted(poisoned(s, np.float32)) for s in ((rows, cols), (rows, cols), rows))
    kernels.fused_add_rmsnorm_f32(EPS, shifted(x), shifted(residual), shifted(weight), out2, h2, rstd2)
    assert np.array_equal(out2, out) and np.array_equal(h2, h) and np.array_equal(rstd2, rstd)
    dx2, partial2 = (shifted(poisoned(s, np.float32)) for s in ((rows, cols), (1, cols)))
    kernels.fused_add_rmsnorm_f32_bwd(shifted(dout), shifted(dh), shifted(h), shifted(weight), shifted(rstd), dx2,
                                      partial2)
    assert np.array_equal(dx2, grads[0]) and np.array_equal(partial2, grads[1])


def test_fused_add_rmsnorm_f32_refuses_bad_arguments_before_the_launch() -> None:
    """Rows that do not divide, another dtype, a backward of mismatched lengths: one line each, naming the kernel
    and the argument or requirement."""
    x, w = np.zeros((2, 5), np.float32), np.zeros(5, np.float32)
    with pytest.raises(KernelValueError,
                       match=r"fused_add_rmsnorm_f32\(\): requirement `len\(x\) % len\(weight\) == 0`"):
        kernels.fused_add_rmsnorm_f32(EPS, x, x, np.zeros(3, np.float32))
    with pytest.raises(KernelArgumentError, match=r"fused_add_rmsnorm_f32\(\): argument `residual`.*float32"):
        kernels.fused_add_rmsnorm_f32(EPS, x, x.astype(np.float64), w)
    with pytest.raises(KernelValueError,
                       match=r"fused_add_rmsnorm_f32_bwd\(\): requirement `len\(dresidual_out\) == len\(dout\)`"):
        kernels.fused_add_rmsnorm_f32_bwd(x, x[:1], x, w, np.ones(2, np.float32))


# ---------------------------------------------------------------- SwiGLU


def swiglu_refs(dout: np.ndarray, gate: np.ndarray, up: np.ndarray) -> dict[str, np.ndarray]:
    sig = 1 / (1 + np.exp(-gate))
    return {
        "out": gate * sig * up,
        "dgate": dout * up * sig * (1 + gate * (1 - sig)),
        # the terms that cancel in 1 + g·(1 − σ) (g near −1.28), as magnitudes
        "dgate_terms": np.abs(dout * up * sig) * (1 + np.abs(gate)),
        "dup": dout * gate * sig,
    }


LENGTHS = [1, 7, 8, 1000, 1_000_003]


@pytest.mark.parametrize("n", LENGTHS)
def test_swiglu_f32(rng: np.random.Generator, n: int) -> None:
    gate = (rng.standard_normal(n, dtype=np.float32) * 4).astype(np.float32)
    gate[: min(n, 4)] = np.float32([-100.0, 100.0, 0.0, -1.2785])[: min(n, 4)]  # e^-g overflows, σ = 1, 0, cancels
    up, dout = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    ref = swiglu_refs(dout.astype(np.float64), gate.astype(np.float64), up.astype(np.float64))
    out = poisoned(n, np.float32)
    kernels.swiglu_f32(gate, up, out)
    within(out.astype(np.float64), ref["out"], F32_REL)
    dgate, dup = poisoned(n, np.float32), poisoned(n, np.float32)
    kernels.swiglu_f32_bwd(dout, gate, up, dgate, dup)
    within(dgate.astype(np.float64), ref["dgate"], F32_REL, ref["dgate_terms"])
    within(dup.astype(np.float64), ref["dup"], F32_REL)
    # the form that leaves the outputs out makes them (NumPy, as the inputs) and returns them
    made = kernels.swiglu_f32(gate, up)
    made_dgate, made_dup = kernels.swiglu_f32_bwd(dout, gate, up)
    for a, b in ((made, out), (made_dgate, dgate), (made_dup, dup)):
        assert isinstance(a, np.ndarray) and a.dtype == np.float32 and a.shape == (n,)
        assert np.array_equal(a.view(np.uint32), b.view(np.uint32))  # and the same bytes again


@pytest.mark.parametrize("n", LENGTHS)
def test_swiglu_bf16(rng: np.random.Generator, n: int) -> None:
    gate, up, dout = random_bf16(rng, n, 4.0), random_bf16(rng, n), random_bf16(rng, n)
    gate[: min(n, 4)] = to_bf16(np.float32([-100.0, 100.0, 0.0, -1.2785]))[: min(n, 4)]
    ref = swiglu_refs(widen(dout), widen(gate), widen(up))
    out = poisoned(n, np.uint16)
    kernels.swiglu_bf16(BFloat16(gate), BFloat16(up), BFloat16(out))
    within(widen(out), ref["out"], BF16_REL)
    dgate, dup = poisoned(n, np.uint16), poisoned(n, np.uint16)
    kernels.swiglu_bf16_bwd(BFloat16(dout), BFloat16(gate), BFloat16(up), BFloat16(dgate), BFloat16(dup))
    within(widen(dgate), ref["dgate"], BF16_REL, ref["dgate_terms"])
    within(widen(dup), ref["dup"], BF16_REL)
    # nearly every element is the bf16 nearest to the float64 value (a tie-break of f32 rounding aside)
    for got, exact in ((out, ref["out"]), (dup, ref["dup"])):
        assert np.mean(got == to_bf16(exact.astype(np.float32))) > 0.99
    again = [poisoned(n, np.uint16) for _ in range(3)]
    kernels.swiglu_bf16(BFloat16(gate), BFloat16(up), BFloat16(again[0]))
    kernels.swiglu_bf16_bwd(BFloat16(dout), BFloat16(gate), BFloat16(up), BFloat16(again[1]), BFloat16(again[2]))
    assert all(np.array_equal(a, b) for a, b in zip(again, (out, dgate, dup), strict=True))


def aligned_copy(a: np.ndarray) -> np.ndarray:
    """A copy of `a` starting on a 16-byte boundary."""
    buf = np.empty(a.nbytes + 16, np.uint8)
    at = -buf.ctypes.data % 16
    out = buf[at:at + a.nbytes].view(a.dtype)
    out[:] = a
    return out


@pytest.mark.parametrize("n", [7, 1000])
def test_swiglu_inputs_off_16_byte_alignment_give_the_same_bytes(rng: np.random.Generator, n: int) -> None:
    """Inputs that start one element past a 16-byte boundary (a view from the second element): no thread's
    chunk is an aligned vector, so every thread takes `load4_each`'s per-input path (`load4`, scalar loads)
    rather than the loads it issues together; each output has the same bytes as from aligned copies."""
    for dtype in (np.float32, np.uint16):
        f32 = dtype == np.float32
        base = [rng.standard_normal(n + 1).astype(np.float32) if f32 else random_bf16(rng, n + 1) for _ in range(3)]
        shifted = [b[1:] for b in base]  # one element (4 or 2 bytes) past the allocation's alignment
        aligned = [aligned_copy(v) for v in shifted]
        assert all(v.ctypes.data % 16 != 0 for v in shifted) and all(v.ctypes.data % 16 == 0 for v in aligned)
        wrap = (lambda a: a) if f32 else BFloat16
        fwd, bwd = ((kernels.swiglu_f32, kernels.swiglu_f32_bwd) if f32
                    else (kernels.swiglu_bf16, kernels.swiglu_bf16_bwd))
        results = []
        for d, g, u in (shifted, aligned):
            out = poisoned(n, dtype)
            fwd(wrap(g), wrap(u), wrap(out))
            dgate, dup = poisoned(n, dtype), poisoned(n, dtype)
            bwd(wrap(d), wrap(g), wrap(u), wrap(dgate), wrap(dup))
            results.append((out, dgate, dup))
        for a, b in zip(*results, strict=True):
            assert np.array_equal(a.view(np.uint8), b.view(np.uint8)), dtype


# ---------------------------------------------------------------- called with the inputs alone


def test_every_kernel_returns_its_outputs_when_called_with_its_inputs_alone(rng: np.random.Generator) -> None:
    """The form autograd calls: inputs only, outputs made (like the first array) and returned in
    the order the kernel declares them. bf16 outputs need an array library with bfloat16:
    PyTorch where it is installed; without it, the call says to pass them."""
    try:
        import torch
    except ImportError:
        x = BFloat16(np.zeros(16, np.uint16))
        with pytest.raises(KernelArgumentError, match="cannot make output `out`"):
            kernels.swiglu_bf16(x, x)
        return
    rows, cols = 3, 40
    t = lambda a: torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)  # noqa: E731 (bits as a bf16 tensor)
    x, residual = random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols))
    weight, dout, dh = random_bf16(rng, cols, 0.2, 1.0), random_bf16(rng, (rows, cols)), random_bf16(rng, (rows, cols))
    out, h, rstd = kernels.fused_add_rmsnorm_bf16(EPS, t(x), t(residual), t(weight))
    assert (out.shape, h.shape, rstd.shape) == ((rows, cols), (rows, cols), (rows,))
    assert (out.dtype, h.dtype, rstd.dtype) == (torch.bfloat16, torch.bfloat16, torch.float32)
    ref = fused_forward(x, residual, weight)
    bits = lambda a: a.contiguous().view(torch.int16).numpy().view(np.uint16)  # noqa: E731
    assert np.array_equal(bits(out), ref[0]) and np.array_equal(bits(h), ref[1]) and np.array_equal(rstd.numpy(), ref[2])
    dx, lo, hi = kernels.fused_add_rmsnorm_bf16_bwd(t(dout), t(dh), h, t(weight), rstd)
    assert (dx.shape, lo.shape, hi.shape) == ((rows, cols), (1, 4 * -(-cols // 8)), (1, 4 * -(-cols // 8)))
    dweight = kernels.rmsnorm_bf16_bwd_reduce_halves(t(weight), lo, hi)
    assert dweight.shape == (cols,) and dweight.dtype == torch.bfloat16
    grads = fused_backward(dout, dh, ref[1], weight, ref[2])
    assert np.array_equal(bits(dx), grads[0])
    assert np.array_equal(in_columns(lo.numpy(), hi.numpy(), cols), grads[1])
    assert np.array_equal(bits(dweight), grads[2])
    gate, up = random_bf16(rng, 21), random_bf16(rng, 21)
    o = kernels.swiglu_bf16(t(gate), t(up))
    dgate, dup = kernels.swiglu_bf16_bwd(t(gate), t(gate), t(up))
    assert o.shape == dgate.shape == dup.shape == (21,) and o.dtype == dgate.dtype == dup.dtype == torch.bfloat16
