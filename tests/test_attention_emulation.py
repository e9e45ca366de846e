"""Attention forward on tensor cores in emulation: `example-project/kernels/attention.rs`
(FlashAttention-2: online softmax over k/v tiles, `mma.sync` for q·kᵀ and p·v) and the register
operations of `oxpack::mma` it is made of (`ARegs`, `Accum::to_a`, the row reductions, `SeqTiles`),
run on the CPU through a real build and the generated stubs.

The reference is softmax attention in float64 of the same bf16 inputs. The kernel rounds p to bf16
before p·v and o to bf16 at the end (each within 2⁻⁸ relative), and everything else is f32, so
|o − ref| ≤ 2⁻⁷ · (p·|v|) (normalised p) plus f32 noise. The GPU twins: tests/test_gpu_attention.py.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterator
from types import ModuleType

import numpy as np
import pytest

from bf16 import BFloat16, to_bf16
from conftest import emulated, example_kernel_files

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

PROBE = """\
use oxpack::prelude::*;

/// One warp: out (16 × 16, f32) = a (16 × 32, read by `ARegs::load` at (r0, c0) of a 20 × 40 x,
/// zeros past its edges) times b (stored 16 × 32, n × k), then `which` 1: each row's max, sum
/// (`row_max`, `row_sum`) in columns 0 and 1 of a second output (16 × 2); 2: the scores through
/// `to_a` (rounded to bf16) times an identity b again (the P of attention); 3: `mask` with
/// columns from r0 on and column − row > c0 − 8 set to −1.
pub fn probe(which: u32, r0: u32, c0: u32, x: &[BF16], b: &[BF16], eye: &[BF16],
             out: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>>, stats: &mut DisjointSlice<f32>) {
    let pipe = cp_async_pipeline!(1, 32, BtTile<BF16, 16, 32>, BTile<BF16, 16, 16>);
    let (Some(xm), Some(bm), Some(em)) = (matrix(x, 40, 20), matrix(b, 32, 16), matrix(eye, 16, 16)) else { trap() };
    pipe.fill(&bm, (0, 0), &em, (0, 0));
    let stage = pipe.wait();
    let a = if which == 3 { ARegs::<BF16, 1, 2>::load(&xm, 0, 0) } else { ARegs::<BF16, 1, 2>::load(&xm, r0 as usize, c0 as usize) };
    let mut acc = Accum::<1, 2>::zero();
    acc.mma_a(&a, &stage.a(), 0);
    if which == 1 {
        let (mx, sum) = (acc.row_max(), acc.row_sum());
        acc.for_each_mut(|_, c, v| *v = c as f32);
        acc.map_rows(&mx, |v, m| if v == 0.0 { m } else { v });
        acc.map_rows(&sum, |v, s| if v == 1.0 { s } else { v });
    } else if which == 3 {
        // r0: the first masked column; c0 - 8: the largest column - row kept
        acc.mask(r0 as usize, Some(c0 as isize - 8), -1.0);
    } else if which == 2 {
        let p = acc.to_a::<BF16, 1>();
        let mut again = Accum::<1, 2>::zero();
        again.mma_a(&p, &stage.b(), 0);
        acc = again;
    }
    drop(stage);
    if let Some(mut t) = out.warp_tile() {
        t.store(&acc);
    }
    let _ = stats;
}

kernel! {
    pub fn regs_probe(which: u32, r0: u32, c0: u32, n: u32, x: &[BF16], b: &[BF16], eye: &[BF16],
                      out: &mut DisjointSlice<f32, WarpTiles<16, 16, 16, 16>> = (n), stats: &mut DisjointSlice<f32>) {
        probe(which, r0, c0, x, b, eye, out, stats);
    }

    /// Each element of a `SeqTiles<64, 16, 24>` output of `seq` rows gets its writer (block << 16 |
    /// warp << 8 | lane, as f32) and a count of its writes.
    pub fn seq_owners(seq: u32, counts: &[AtomicU32], out: &mut DisjointSlice<f32, SeqTiles<64, 16, 24>> = (seq)) {
        let Some(mut t) = out.seq_tile() else { return };
        let (g, row) = (t.group(), t.warp_row());
        let mut acc = Accum::<1, 3>::zero();
        acc.for_each_mut(|r, c, v| {
            if row + r < seq as usize {
                if let Some(k) = counts.get((g * seq as usize + row + r) * 24 + c) {
                    k.fetch_add(1);
                }
            }
            *v = ((block_idx().x as u32) << 16 | warp_id() << 8 | lane_id()) as f32;
        });
        t.store(&acc);
    }

    /// `o.kv_heads(kv_len)` of a `SeqTiles<64, 16, 8>` output of `seq` rows, from one thread: `seqs[g]` gets
    /// the k/v sequence that o's sequence g reads (`KvHeads::seq`) for g below o's sequences and `per_kv`
    /// after them; every `seqs[i]` gets u32::MAX where `kv_heads` gives `None`.
    pub fn kv_heads_probe(seq: u32, kv_len: u32, seqs: &[AtomicU32],
                          o: &mut DisjointSlice<f32, SeqTiles<64, 16, 8>> = (seq)) {
        if block_idx().x != 0 || thread_idx().x != 0 {
            return;
        }
        let (heads, groups) = (o.kv_heads(kv_len as usize), o.groups());
        for (g, s) in seqs.iter().enumerate() {
            s.store(heads.map_or(u32::MAX, |h| if g < groups { h.seq(g) as u32 } else { h.per_kv() as u32 }));
        }
    }
}
"""


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The probes and the example's `attention.rs`, built with `emulation = true`, emulating."""
    yield from emulated(tmp_path_factory.mktemp("attn"), "attnprobe",
                        {"probe.rs": PROBE, **example_kernel_files("attention.rs")})


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


# ---------------------------------------------------------------- the register operations


@pytest.mark.parametrize(("r0", "c0"), [(0, 0), (2, 5), (10, 20)])
def test_aregs_load_reads_the_window_with_zeros_past_the_edges(mods: ModuleType, rng: np.random.Generator,
                                                                r0: int, c0: int) -> None:
    """`ARegs::load` puts rows r0.., columns c0.. of a global matrix in the A fragment layout
    (an odd column start included): a·bᵀ is exact in f32 in k order for small integers."""
    x = to_bf16(rng.integers(-4, 5, (20, 40)).astype(np.float32))
    b = to_bf16(rng.integers(-4, 5, (16, 32)).astype(np.float32))
    eye = to_bf16(np.eye(16, dtype=np.float32))
    out = np.full((16, 16), np.nan, np.float32)
    mods.regs_probe(0, r0, c0, 16, BFloat16(x), BFloat16(b), BFloat16(eye), out, np.zeros(1, np.float32),
                    threads=32, block=32)
    window = np.zeros((16, 32), np.float32)
    part = widen(x)[r0:r0 + 16, c0:c0 + 32]
    window[:part.shape[0], :part.shape[1]] = part
    assert np.array_equal(out, window @ widen(b).T)


def test_row_max_and_sum_cover_the_whole_row(mods: ModuleType, rng: np.random.Generator) -> None:
    """Each row's max and sum over its 16 columns, held by 4 lanes: columns 0 and 1 get them."""
    x = to_bf16(rng.integers(-8, 9, (20, 40)).astype(np.float32))
    b = to_bf16(rng.integers(-8, 9, (16, 32)).astype(np.float32))
    eye = to_bf16(np.eye(16, dtype=np.float32))
    out = np.full((16, 16), np.nan, np.float32)
    mods.regs_probe(1, 0, 0, 16, BFloat16(x), BFloat16(b), BFloat16(eye), out, np.zeros(1, np.float32),
                    threads=32, block=32)
    s = widen(x)[:16, :32] @ widen(b).T
    assert np.array_equal(out[:, 0], s.max(axis=1))
    assert np.array_equal(out[:, 1], s.sum(axis=1))
    assert np.array_equal(out[:, 2:], np.broadcast_to(np.arange(2, 16, dtype=np.float32), (16, 14)))


def test_accumulators_become_an_a_operand_rounded_to_bf16(mods: ModuleType, rng: np.random.Generator) -> None:
    """`to_a` keeps every value in place (times the identity it comes back), rounded to bf16."""
    x = to_bf16(rng.standard_normal((20, 40)))
    b = to_bf16(rng.standard_normal((16, 32)))
    eye = to_bf16(np.eye(16, dtype=np.float32))
    out = np.full((16, 16), np.nan, np.float32)
    mods.regs_probe(2, 0, 0, 16, BFloat16(x), BFloat16(b), BFloat16(eye), out, np.zeros(1, np.float32),
                    threads=32, block=32)
    exact = np.full((16, 16), np.nan, np.float32)
    mods.regs_probe(0, 0, 0, 16, BFloat16(x), BFloat16(b), BFloat16(eye), exact, np.zeros(1, np.float32),
                    threads=32, block=32)
    assert np.array_equal(out, widen(to_bf16(exact)))


@pytest.mark.parametrize(("cols", "diag"), [(16, 8 + 15), (5, 8 + 15), (16, 8 + 0), (9, 8 - 3), (0, 8 + 3), (16, 0)])
def test_mask_sets_the_ragged_columns_and_the_upper_triangle(mods: ModuleType, rng: np.random.Generator,
                                                             cols: int, diag: int) -> None:
    """`Accum::mask(cols, Some(d), v)`: v wherever column ≥ cols or column − row > d."""
    x = to_bf16(rng.integers(-4, 5, (20, 40)).astype(np.float32))
    b = to_bf16(rng.integers(-4, 5, (16, 32)).astype(np.float32))
    eye = to_bf16(np.eye(16, dtype=np.float32))
    out = np.full((16, 16), np.nan, np.float32)
    mods.regs_probe(3, cols, diag, 16, BFloat16(x), BFloat16(b), BFloat16(eye), out, np.zeros(1, np.float32),
                    threads=32, block=32)
    s = widen(x)[:16, :32] @ widen(b).T
    row, col = np.indices((16, 16))
    assert np.array_equal(out, np.where((col >= cols) | (col - row > diag - 8), -1.0, s))


@pytest.mark.parametrize(("groups", "seq", "extra"), [(1, 64, 0), (3, 70, 2), (2, 5, 0), (1, 200, 1)])
def test_seq_tiles_give_each_element_one_owner(mods: ModuleType, groups: int, seq: int, extra: int) -> None:
    """Every element of `groups` sequences of `seq` rows is written once, by the lane the layout
    names: block b → tile tiles − 1 − b % tiles of sequence b / tiles; rows past seq are not."""
    tiles = -(-seq // 64)
    blocks = groups * tiles + extra
    counts = np.zeros(groups * seq * 24, np.uint32)
    out = np.full((groups, seq, 24), -1, np.float32)
    mods.seq_owners(seq, counts, out, threads=128 * blocks, block=128)
    expected = np.full((groups, seq, 24), -1, np.float32)
    for b in range(groups * tiles):
        g, t = b // tiles, tiles - 1 - b % tiles
        for w in range(4):
            for lane in range(32):
                grp, tq = divmod(lane, 4)
                for r in (grp, grp + 8):
                    row = t * 64 + 16 * w + r
                    if row < seq:
                        for c in range(2 * tq, 24, 8):
                            expected[g, row, c:c + 2] = b << 16 | w << 8 | lane
    assert counts.tolist() == [1] * counts.size
    assert np.array_equal(out, expected)


# ---------------------------------------------------------------- the example's attention (attention.rs)


def reference(q: np.ndarray, k: np.ndarray, v: np.ndarray, scale: float, causal: bool) -> tuple[np.ndarray, np.ndarray]:
    """Softmax attention in float64 of (batch, heads, seq, d) inputs; also p·|v| (p normalised),
    the scale of the kernel's rounding error."""
    s = np.einsum("bhid,bhjd->bhij", q, k) * scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tri(n, dtype=bool), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return p @ v, p @ np.abs(v)


def attention(mods: ModuleType, rng: np.random.Generator, b: int, h: int, n: int, d: int, causal: bool,
              scale: float | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    q, k, v = (to_bf16(rng.standard_normal((b, h, n, d))) for _ in range(3))
    scale = 1 / math.sqrt(d) if scale is None else scale
    o = np.full((b, h, n, d), 0x7FC0, np.uint16)  # NaN: an element never written fails
    getattr(mods, f"attention_fwd_d{d}")(n, int(causal), scale, BFloat16(q), BFloat16(k), BFloat16(v), BFloat16(o))
    ref, mag = reference(*(widen(x).astype(np.float64) for x in (q, k, v)), scale, causal)
    return widen(o).astype(np.float64), ref, mag


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize(("b", "h", "n", "d"), [(1, 2, 64, 64), (2, 1, 77, 64), (1, 1, 130, 64), (1, 2, 50, 128),
                                                (1, 1, 97, 128), (1, 1, 1, 64)])
def test_attention_matches_float64_softmax_attention(mods: ModuleType, rng: np.random.Generator, b: int, h: int,
                                                    n: int, d: int, causal: bool) -> None:
    """Head dim 64 and 128, causal or not, seq a multiple of the tiles or not (the last q and
    k/v tiles ragged): within the bf16 roundings of p and o of the float64 reference."""
    got, ref, mag = attention(mods, rng, b, h, n, d, causal)
    assert not np.isnan(got).any(), "an element of o was never written"
    err = np.abs(got - ref)
    assert np.all(err <= 2.0**-7 * mag + 1e-6), (err / (mag + 1e-30)).max()


def test_attention_with_a_large_scale_stays_finite(mods: ModuleType, rng: np.random.Generator) -> None:
    """Scores of hundreds (a scale of 20): the running maximum keeps every exponent ≤ 0."""
    got, ref, mag = attention(mods, rng, 1, 1, 70, 64, True, scale=20.0)
    assert np.all(np.abs(got - ref) <= 2.0**-7 * mag + 1e-6)


ATTENTION_GRID = ("attention_fwd_d{d}(): `threads={t}` differs from the kernel's declared launch `grid = len(o) // "
                  "max(seq * {d}, 1) * cdiv(seq, 64)` (threads=512 for these arguments); leave `threads` out")


@pytest.mark.parametrize("d", [64, 128])
def test_attention_refuses_a_wrong_launch_or_a_partial_sequence(mods: ModuleType, d: int) -> None:
    """Too few blocks for 2 sequences of 2 tiles, another block, a 2-D grid: refused against the
    kernel's declared launch, and a partial sequence by its `where (...)`, in one line before the
    emulated device runs (its traps stay behind, as on the GPU); then the declared launch runs."""
    kernel = getattr(mods, f"attention_fwd_d{d}")
    z = BFloat16(np.zeros(2 * 100 * d, np.uint16))
    out = np.full(2 * 100 * d, 0x7FC0, np.uint16)
    o = BFloat16(out)
    for launch, message in [
        ({"threads": 128 * 3}, ATTENTION_GRID.format(d=d, t=384)),
        ({"block": 64}, f"attention_fwd_d{d}(): `block=64` differs from the kernel's declared launch `block = 128`; "
                        "leave `block` out"),
        ({"threads": (128 * 4, 2)}, ATTENTION_GRID.format(d=d, t=(512, 2))),
    ]:
        with pytest.raises(mods.KernelValueError) as caught:
            kernel(100, 0, 0.125, z, z, z, o, **launch)
        assert str(caught.value) == message
    z3 = BFloat16(np.zeros(150 * d, np.uint16))
    with pytest.raises(mods.KernelValueError) as caught:
        kernel(100, 0, 0.125, z3, z3, z3, BFloat16(np.zeros(150 * d, np.uint16)))
    assert str(caught.value) == (f"attention_fwd_d{d}(): requirement `len(o) % max(seq * {d}, 1) == 0` failed: "
                                 f"len(o) = {150 * d}, seq = 100")
    assert (out == 0x7FC0).all()  # nothing ran
    kernel(100, 0, 0.125, z, z, z, o)
    assert (out == 0).all()  # zeros: every element written
    kernel(0, 0, 0.125, z, z, z, o)  # no rows: a grid of no block


# ---------------------------------------------------------------- grouped-query attention: KvHeads


@pytest.mark.parametrize(("kv_seqs", "expected"), [
    (2, [0, 0, 0, 0, 1, 1, 1, 1, 4]),  # GQA: 4 query heads a k/v head
    (8, [0, 1, 2, 3, 4, 5, 6, 7, 1]),  # as many k/v heads as query heads: each its own
    (1, [0] * 8 + [8]),  # MQA: one k/v head for all
    (4, [0, 0, 1, 1, 2, 2, 3, 3, 2]),
])
def test_kv_heads_maps_each_sequence_to_its_kv_sequence(mods: ModuleType, kv_seqs: int, expected: list[int]) -> None:
    """`kv_heads(len(k))` of an output of 8 sequences (of 4 rows × 8): sequence g reads k/v sequence
    g / (8 / kv_seqs), the grouping of `enable_gqa=True` (consecutive query heads share a k/v head)."""
    seq, per = 4, 4 * 8
    seqs = np.zeros(9, np.uint32)
    mods.kv_heads_probe(seq, kv_seqs * per, seqs, np.zeros(8 * per, np.float32), threads=32, block=32)
    assert seqs.tolist() == expected


@pytest.mark.parametrize("kv_len", [0, 48, 3 * 32, 16 * 32, 5 * 32])
def test_kv_heads_refuses_lengths_that_are_no_grouping(mods: ModuleType, kv_len: int) -> None:
    """No grouping: k empty, not a whole number of sequences (48 elements of 32-element sequences), or a
    number of sequences that does not divide the output's 8 (3, 5, and 16: more k/v heads than query
    heads). The kernels trap on these (their `where` refuses the call before)."""
    seqs = np.zeros(9, np.uint32)
    mods.kv_heads_probe(4, kv_len, seqs, np.zeros(8 * 32, np.float32), threads=32, block=32)
    assert (seqs == np.iinfo(np.uint32).max).all()
