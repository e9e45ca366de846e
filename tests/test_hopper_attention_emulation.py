"""Attention on the Hopper path in emulation: `tests/packages/hopper`'s
`attention_fwd_sm90_d{64,128}` (TMA pipeline of q, k and v tiles, `wgmma` q·kᵀ from shared memory,
the online softmax on warpgroup accumulators, `wgmma` p·v with p from registers and v read
N-major) run on the CPU through a real build and its generated stubs, against a NumPy reference.

The emulator's register-A `wgmma` gathers each row of the A fragment from the 4 lanes of its quad
with warp shuffles and reads B through the N-major descriptor's address arithmetic (the 128-byte
swizzle included), so the layouts the GPU reads are the ones emulated. Emulation is slow: shapes are
small (one or two 128-row tiles, ragged), and the project is built once per session. The GPU twin:
tests/test_gpu_hopper_attention.py.
"""

from __future__ import annotations

import math
import os
import sys
from types import ModuleType

import numpy as np
import pytest

from bf16 import BFloat16, to_bf16

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

SMEM_D64 = 10375  # AttnPipeline<BF16, 2, 64>::SHARED_BYTES / 8: `attention_misuse` takes its `smem` from the call


@pytest.fixture(scope="module")
def att(hopper_emulated: ModuleType) -> ModuleType:
    """`tests/packages/hopper` (its attention kernels among the GEMMs) built with --emulation,
    emulating: conftest's `hopper_emulated`, the one build both Hopper emulation files share."""
    return hopper_emulated


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def reference(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool, scale: float) -> np.ndarray:
    """softmax(scale · q·kᵀ [masked]) · v in f64, per (batch · head) sequence."""
    s = np.einsum("gid,gjd->gij", q.astype(np.float64), k.astype(np.float64)) * scale
    if causal:
        n = q.shape[1]
        s = np.where(np.triu(np.ones((n, n), bool), 1), -np.inf, s)
    p = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("gij,gjd->gid", p / p.sum(-1, keepdims=True), v.astype(np.float64))


def run(att: ModuleType, rng: np.random.Generator, groups: int, n: int, d: int, causal: bool) -> None:
    q, k, v = (to_bf16(rng.standard_normal((groups, n, d))) for _ in range(3))  # 3-D TMA sources
    o = np.full(groups * n * d, 0x7FC0, np.uint16)  # NaN: an element nobody wrote fails
    scale = 1 / math.sqrt(d)
    getattr(att, f"attention_fwd_sm90_d{d}")(
        n, int(causal), scale, BFloat16(q), BFloat16(k), BFloat16(v), BFloat16(o))
    ref = reference(*(widen(x).reshape(groups, n, d) for x in (q, k, v)), causal, scale)
    got = widen(o).reshape(groups, n, d)
    assert not np.isnan(got).any(), f"{int(np.isnan(got).sum())} elements not written"
    # p is rounded to bf16 before p·v, o to bf16 at the end: a few bf16 ulps of max |v|
    err = np.abs(got - ref).max()
    assert err <= 2.0**-6 * np.abs(widen(v)).max(), err


@pytest.mark.parametrize("d,n,causal", [(64, 130, False), (64, 200, True), (128, 100, True), (128, 128, False)])
def test_attention_matches_reference(att: ModuleType, rng: np.random.Generator, d: int, n: int, causal: bool) -> None:
    """Ragged and whole tiles, causal and not, head dim 64 and 128: within bf16 rounding of the
    f64 softmax; every row of every sequence written (the next sequence's rows that a ragged tile
    reads are masked out)."""
    run(att, rng, 2, n, d, causal)


@pytest.mark.parametrize("d", [64, 128])
def test_nan_in_another_sequence_does_not_leak(att: ModuleType, rng: np.random.Generator, d: int) -> None:
    """Sequence 0 of a ragged length (100 rows: its only k/v tile reads 28 rows past its end) is
    exact although sequence 1's v (and k, and q) hold NaN and infinity in its first rows: nothing
    of one (batch, head) reaches another's output, masked or not."""
    n, groups = 100, 2
    q, k, v = (to_bf16(rng.standard_normal((groups, n, d))) for _ in range(3))
    for x in (q, k, v):
        x[1, :8] = 0x7FC0  # NaN in the next sequence's first rows
        x[1, 8:16] = 0x7F80  # +inf
    o = np.full(groups * n * d, 0x7FC0, np.uint16)
    scale = 1 / math.sqrt(d)
    getattr(att, f"attention_fwd_sm90_d{d}")(
        n, 0, scale, BFloat16(q), BFloat16(k), BFloat16(v), BFloat16(o))
    ref = reference(*(widen(x[:1]) for x in (q, k, v)), False, scale)
    got = widen(o).reshape(groups, n, d)[:1]
    assert not np.isnan(got).any(), f"{int(np.isnan(got).sum())} elements of sequence 0 are NaN"
    assert np.abs(got - ref).max() <= 2.0**-6 * np.abs(widen(v[:1])).max()


@pytest.mark.parametrize("d", [64, 128])
def test_a_wrong_launch_is_refused_before_it_runs(att: ModuleType, d: int) -> None:
    """The kernels declare their launch (a block of 384 per 128 rows of each sequence): another block,
    too few blocks or a 2-D grid given to a call is refused in one line before the emulated device
    runs (a block of another size or a 2-D grid would have stored nothing, silently; too few blocks
    trapped after the fact). The declared values given explicitly launch as the declaration does."""
    kernel = getattr(att, f"attention_fwd_sm90_d{d}")
    qkv = BFloat16(np.zeros((2, 200, d), np.uint16))  # 2 sequences of 2 tiles of 128 rows
    out = np.full(2 * 200 * d, 0x7FC0, np.uint16)
    grid = (f"attention_fwd_sm90_d{d}(): `threads={{t}}` differs from the kernel's declared launch `grid = len(o) // "
            f"max(seq * {d}, 1) * cdiv(seq, 128)` (threads=1536 for these arguments); leave `threads` out")
    for launch, message in [
        ({"block": 256}, f"attention_fwd_sm90_d{d}(): `block=256` differs from the kernel's declared launch "
                         "`block = 384`; leave `block` out"),
        ({"threads": 384 * 3}, grid.format(t=1152)),
        ({"threads": (384 * 4, 2)}, grid.format(t=(1536, 2))),
    ]:
        with pytest.raises(att.KernelValueError) as caught:
            kernel(200, 0, 0.125, qkv, qkv, qkv, BFloat16(out), **launch)
        assert str(caught.value) == message
    assert (out == 0x7FC0).all()  # nothing ran
    kernel(200, 0, 0.125, qkv, qkv, qkv, BFloat16(out), threads=1536, block=384)
    assert (out == 0).all()


@pytest.mark.parametrize("which,text", [
    (1, "the producer loads k and v before q"),
    (2, "the producer ends without q or with fewer loads than `steps`"),
    (3, "the producer loads more stages than the pipeline's `steps`"),
    (4, "a consumer waits for more stages than the pipeline's `steps`"),
    (5, "q does not have D columns"),
    (6, "less dynamic shared memory than the pipeline's SHARED_BYTES"),
])
def test_pipeline_misuse_traps(att: ModuleType, rng: np.random.Generator, which: int, text: str) -> None:
    """Each break of the attention pipeline's protocol traps with a message naming it; the same
    kernel without misuse computes o = (q·kᵀ rounded to bf16)·v over 2 stages of 128 rows."""
    q, k, v = (to_bf16(rng.standard_normal((1, 256, 64)) / 8) for _ in range(3))
    o = np.zeros((128, 64), np.float32)
    wide = to_bf16(rng.standard_normal((1, 128, 128)))
    smem = 100 if which == 6 else SMEM_D64
    with pytest.raises(att.KernelTrap, match=text):
        att.attention_misuse(which, BFloat16(wide if which == 5 else q), BFloat16(k), BFloat16(v), o, smem)
    att.attention_misuse(0, BFloat16(q), BFloat16(k), BFloat16(v), o, SMEM_D64)
    s = widen(q)[0, :128] @ widen(k)[0].T
    p = widen(to_bf16(s))
    np.testing.assert_allclose(o, p @ widen(v)[0], rtol=0, atol=2.0**-10)  # a p rounded the other way: < 2⁻¹⁴


def test_pingpong_turns_alternate_whatever_the_consumer_does(att: ModuleType, rng: np.random.Generator) -> None:
    """`AttnPipeline::pingpong`: the consumer warpgroups take turns for their q·kᵀ, which changes the order of
    the `wgmma`s only: the same o as without turns. A stage released without a `qk`, or given two, still
    passes the turn exactly once, so the other warpgroup never waits for a turn forever (in emulation that
    would be a `KernelBarrierError`): both calls end, with what they computed."""
    q, k, v = (to_bf16(rng.standard_normal((1, 256, 64)) / 8) for _ in range(3))
    plain, turns = np.zeros((128, 64), np.float32), np.zeros((128, 64), np.float32)
    att.attention_misuse(0, BFloat16(q), BFloat16(k), BFloat16(v), plain, SMEM_D64)
    att.attention_misuse(7, BFloat16(q), BFloat16(k), BFloat16(v), turns, SMEM_D64)
    np.testing.assert_array_equal(turns, plain)
    s = widen(q)[0, :128] @ widen(k)[0].T
    for which, expect in ((8, np.concatenate([widen(to_bf16(s[:64, 128:])) @ widen(v)[0, 128:],
                                              (widen(to_bf16(s)) @ widen(v)[0])[64:]])),
                          (9, widen(to_bf16(2 * s)) @ widen(v)[0])):
        o = np.zeros((128, 64), np.float32)
        att.attention_misuse(which, BFloat16(q), BFloat16(k), BFloat16(v), o, SMEM_D64)
        np.testing.assert_allclose(o, expect, rtol=0, atol=2.0**-9)


def test_zero_v_from_zeroes_the_rows_past_a_sequence_for_both_warpgroups(att: ModuleType,
                                                                          rng: np.random.Generator) -> None:
    """`KvStage::zero_v_from(100)` in the last stage, called by both consumer warpgroups after their q·kᵀ (under
    pingpong): v's rows 100..128 of that stage (rows 228..256) add nothing to p·v, as if they were zeros. Called
    by one warpgroup only, it waits at the named barrier that the other never reaches: a deadlock, reported."""
    q, k, v = (to_bf16(rng.standard_normal((1, 256, 64)) / 8) for _ in range(3))
    o = np.zeros((128, 64), np.float32)
    att.attention_misuse(10, BFloat16(q), BFloat16(k), BFloat16(v), o, SMEM_D64)
    zeroed = widen(v)[0].copy()
    zeroed[228:] = 0
    p = widen(to_bf16(widen(q)[0, :128] @ widen(k)[0].T))
    np.testing.assert_allclose(o, p @ zeroed, rtol=0, atol=2.0**-9)
    assert np.abs(p[:, 228:] @ widen(v)[0, 228:]).max() > 2.0**-4  # those rows mattered
    with pytest.raises(att.KernelBarrierError):
        att.attention_misuse(11, BFloat16(q), BFloat16(k), BFloat16(v), np.zeros((128, 64), np.float32), SMEM_D64)


def test_3d_tma_sources_checked_in_one_line(att: ModuleType, rng: np.random.Generator) -> None:
    """q, k and v are 3-D TMA sources (`TmaSource3`): a 2-D or 5-D array, or rows that are not a
    multiple of 16 bytes, is refused before anything runs, in one line naming the kernel and the
    argument, the shape expected and the fix; a 4-D (batch, heads, seq, d) one is its
    (batch·heads, seq, d) view, the same result as the 3-D call."""
    from hopperdemo._oxpack.runtime import KernelValueError
    q = to_bf16(rng.standard_normal((2, 100, 64)))
    o = np.zeros(2 * 100 * 64, np.uint16)
    for bad in (q.reshape(200, 64), q.reshape(1, 1, 2, 100, 64)):
        with pytest.raises(KernelValueError, match=r"^attention_fwd_sm90_d64\(\): argument `q` is a 3-D TMA source "
                                                   r"\(`TmaSource3`\): pass a non-empty 3-D array \(seqs, rows, cols\) "
                                                   r"or 4-D one \(batch, heads, rows, cols\), got shape \(.*\); "
                                                   r"reshape it, e\.g\. `x\.view\(-1, seq, d\)`$"):
            att.attention_fwd_sm90_d64(100, 0, 0.125, BFloat16(bad), BFloat16(q), BFloat16(q), BFloat16(o))
    att.attention_fwd_sm90_d64(100, 0, 0.125, BFloat16(q), BFloat16(q), BFloat16(q), BFloat16(o))
    four = q.reshape(1, 2, 100, 64)
    o4 = np.zeros_like(o)
    att.attention_fwd_sm90_d64(100, 0, 0.125, BFloat16(four), BFloat16(four), BFloat16(four), BFloat16(o4))
    assert np.array_equal(o4, o)
    # a base 2 bytes past a 16-byte boundary (rows of 64 columns, as `cols(q) == 64` asks: rows of 68,
    # 136 bytes, would fail that requirement first)
    shifted = np.zeros(q.size + 8, np.uint16)[1:q.size + 1].reshape(q.shape)
    shifted[...] = q
    with pytest.raises(KernelValueError, match=r"argument `q` is a TMA source, which needs a 16-byte-aligned base"):
        att.attention_fwd_sm90_d64(100, 0, 0.125, BFloat16(shifted), BFloat16(q), BFloat16(q),
                                   BFloat16(np.zeros(q.size, np.uint16)))
    assert "\n" not in str(KernelValueError("x"))


@pytest.mark.parametrize(("seq", "shape", "message"), [
    (128, (1, 1, 256, 64), "requirement `rows(q) == rows(k) == rows(v) == seq` failed: rows(q) = 256, rows(k) = 256, "
                           "rows(v) = 256, seq = 128"),
    (64, (1, 64, 128), "requirement `cols(q) == cols(k) == cols(v) == 64` failed: cols(q) = 128, cols(k) = 128, "
                       "cols(v) = 128"),
])
def test_sequences_other_than_the_calls_are_refused_before_the_launch(att: ModuleType, rng: np.random.Generator,
                                                                     seq: int, shape: tuple[int, ...],
                                                                     message: str) -> None:
    """q, k, v of the length the kernel takes but whose rows are not the call's `seq` (or whose columns are
    not the head dim) trapped in the device (`q.rows() != seq`), which on the GPU ends the CUDA context:
    the kernel's `where` refuses them in one line naming the requirement and the values, nothing queued,
    on the general path and on the fast path after a call of the right rows made its entry."""
    q = to_bf16(rng.standard_normal(shape))
    o = np.full(q.size, 0x7FC0, np.uint16)
    fine = q.reshape(-1, seq, 64)
    att.attention_fwd_sm90_d64(seq, 0, 0.125, BFloat16(fine), BFloat16(fine), BFloat16(fine), BFloat16(o))
    assert not (o == 0x7FC0).any()
    o[:] = 0x7FC0
    for _ in range(2):
        with pytest.raises(att.KernelValueError) as caught:
            att.attention_fwd_sm90_d64(seq, 0, 0.125, BFloat16(q), BFloat16(q), BFloat16(q), BFloat16(o))
        assert str(caught.value) == f"attention_fwd_sm90_d64(): {message}"
    assert (o == 0x7FC0).all()
