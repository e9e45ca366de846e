"""Attention over variable-length batches in emulation: `attention_varlen_fwd_d64` / `_d128` of
`example-project/kernels/attention.rs` (FlashAttention's varlen layout: q, o packed (total_q, heads,
d), k, v (total_k, kv_heads, d), int32 offsets `cu_seqlens_q` / `cu_seqlens_k`), run on the CPU
through a real build and the generated stubs, against softmax attention in float64 per sequence; and
the attacks on `VarlenTiles`' promise (one writer per output element, none outside its sequence),
whose offsets come from device memory: each bad offsets array traps before any block writes.

The error bound is the dense kernels' (tests/test_attention_emulation.py): |o − ref| ≤ 2⁻⁷ · (p·|v|)
plus f32 noise. The GPU twins: tests/test_gpu_varlen_attention.py.
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

kernel! {
    /// Each element of a `VarlenTiles<64, 16, 24>` output of `heads` heads gets its writer (block << 16 |
    /// warp << 8 | lane, as f32) and a count of its writes, for sequences at offsets `cu` of at most
    /// `max_seqlen` rows.
    pub fn varlen_owners(heads: u32, max_seqlen: u32, cu: &[i32], counts: &[AtomicU32],
                         out: &mut DisjointSlice<f32, VarlenTiles<64, 16, 24>> = (heads)) {
        let Some(mut t) = out.varlen_tile(cu, max_seqlen as usize) else { return };
        let (start, rows, head, row) = (t.start(), t.rows(), t.head(), t.warp_row());
        let mut acc = Accum::<1, 3>::zero();
        acc.for_each_mut(|r, c, v| {
            if row + r < rows {
                if let Some(k) = counts.get(((start + row + r) * heads as usize + head) * 24 + c) {
                    k.fetch_add(1);
                }
            }
            *v = ((block_idx().x as u32) << 16 | warp_id() << 8 | lane_id()) as f32;
        });
        t.store(&acc);
    }
}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example's `attention.rs` and an ownership probe, built for sm_80 and sm_90a with `emulation =
    true`, emulating."""
    yield from emulated(tmp_path_factory.mktemp("varlen"), "varlenattn",
                        {"probe.rs": PROBE, **example_kernel_files("attention.rs")}, archs=("sm_80", "sm_90a"))


@pytest.fixture(params=[None, "sm_90a"], ids=["portable", "sm90a"])
def mods(built: ModuleType, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The built module emulating the portable bodies, then (`OXPACK_EMULATE_ARCH=sm_90a`) the sm_90a ones:
    `attention_varlen_fwd_d64_sm90a` / `_d128_sm90a` (TMA per head, `wgmma`, 384 threads a block)."""
    monkeypatch.setattr(built._module, "_emulate_arch", request.param)
    return built


@pytest.fixture
def portable(built: ModuleType, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The built module emulating the portable bodies (the ownership probe has no other)."""
    monkeypatch.setattr(built._module, "_emulate_arch", None)
    return built


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def offsets(lengths: list[int]) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)


def reference(q: np.ndarray, k: np.ndarray, v: np.ndarray, cu_q: np.ndarray, cu_k: np.ndarray, scale: float,
              causal: bool) -> tuple[np.ndarray, np.ndarray]:
    """Softmax attention in float64 per sequence of packed (total, heads, d) inputs (GQA: query head h
    reads k/v head h // (heads // kv_heads)), causal aligned bottom-right (row i sees columns
    j ≤ i + sk − sq; a row that sees none is 0); also p·|v|, the scale of the kernel's rounding."""
    heads, per = q.shape[1], q.shape[1] // k.shape[1]
    out, mag = np.zeros_like(q), np.zeros_like(q)
    for s in range(len(cu_q) - 1):
        (q0, q1), (k0, k1) = cu_q[s:s + 2], cu_k[s:s + 2]
        sq, sk = q1 - q0, k1 - k0
        if sq == 0 or sk == 0:
            continue
        for h in range(heads):
            sc = q[q0:q1, h] @ k[k0:k1, h // per].T * scale
            if causal:
                i, j = np.indices((sq, sk))
                sc = np.where(j <= i + sk - sq, sc, -np.inf)
            mx = sc.max(axis=-1, keepdims=True)
            p = np.where(np.isfinite(mx), np.exp(sc - np.where(np.isfinite(mx), mx, 0)), 0.0)
            total = p.sum(axis=-1, keepdims=True)
            p = np.divide(p, total, out=np.zeros_like(p), where=total > 0)
            out[q0:q1, h], mag[q0:q1, h] = p @ v[k0:k1, h // per], p @ np.abs(v[k0:k1, h // per])
    return out, mag


def varlen(mods: ModuleType, rng: np.random.Generator, lengths_q: list[int], lengths_k: list[int], heads: int,
           kv_heads: int, d: int, causal: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    cu_q, cu_k = offsets(lengths_q), offsets(lengths_k)
    tq, tk = int(cu_q[-1]), int(cu_k[-1])
    q = to_bf16(rng.standard_normal((tq, heads, d)))
    k, v = (to_bf16(rng.standard_normal((tk, kv_heads, d))) for _ in range(2))
    scale = 1 / math.sqrt(d)
    o = np.full((tq, heads, d), 0x7FC0, np.uint16)  # NaN: an element never written fails
    kernel = getattr(mods, f"attention_varlen_fwd_d{d}")
    kernel(BFloat16(q), BFloat16(k), BFloat16(v), cu_q, cu_k, max(lengths_q, default=0), int(causal), scale,
           tq, heads, tk, kv_heads, BFloat16(o))
    ref, mag = reference(*(widen(x).astype(np.float64) for x in (q, k, v)), cu_q, cu_k, scale, causal)
    return widen(o).astype(np.float64), ref, mag


def check(got: np.ndarray, ref: np.ndarray, mag: np.ndarray) -> None:
    assert not np.isnan(got).any(), "an element of o was never written"
    err = np.abs(got - ref)
    assert np.all(err <= 2.0**-7 * mag + 1e-6), (err / (mag + 1e-30)).max()


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize(("lengths", "d"), [([0, 5, 0, 64, 65], 64), ([0, 5, 0, 64, 65], 128), ([1, 127, 30], 64),
                                            ([70, 1, 33], 128)])
def test_varlen_matches_float64_per_sequence(mods: ModuleType, rng: np.random.Generator, lengths: list[int], d: int,
                                             causal: bool) -> None:
    """Ragged batches with empty sequences, a sequence of 1 and tiles cut at every edge, GQA (4 query
    heads on 2 k/v heads), head dim 64 and 128, causal or not: each sequence within the bf16 roundings
    of its own float64 attention (no row sees another sequence's keys)."""
    check(*varlen(mods, rng, lengths, lengths, 4, 2, d, causal))


@pytest.mark.parametrize("d", [64, 128])
def test_another_sequences_nan_does_not_leak(mods: ModuleType, rng: np.random.Generator, d: int) -> None:
    """A tile of a short sequence ends inside the next one's rows; those rows are read as zeros (the matrices
    end at the sequence), never as the next sequence's values: NaN and infinity in sequence 1's q, k and v leave
    sequences 0 and 2 exact, which a masked column's p = 0 times v = NaN would not."""
    lengths, heads, kv_heads = [5, 40, 70], 4, 2
    cu = offsets(lengths)
    q = to_bf16(rng.standard_normal((cu[-1], heads, d)))
    k, v = (to_bf16(rng.standard_normal((cu[-1], kv_heads, d))) for _ in range(2))
    for x, bad in ((q, 0x7FC0), (k, 0x7F80), (v, 0x7FC0)):  # NaN, +inf, NaN in the middle sequence
        x[cu[1]:cu[2]] = bad
    o = np.full(q.shape, 0x7FC0, np.uint16)
    scale = 1 / math.sqrt(d)
    getattr(mods, f"attention_varlen_fwd_d{d}")(BFloat16(q), BFloat16(k), BFloat16(v), cu, cu, max(lengths), 0,
                                                  scale, int(cu[-1]), heads, int(cu[-1]), kv_heads, BFloat16(o))
    ref, mag = reference(*(widen(x).astype(np.float64) for x in (q, k, v)), cu, cu, scale, False)
    got = widen(o).astype(np.float64)
    for s in (0, 2):
        rows = slice(cu[s], cu[s + 1])
        check(got[rows], ref[rows], mag[rows])


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("d", [64, 128])
def test_varlen_at_serving_lengths(mods: ModuleType, rng: np.random.Generator, d: int, causal: bool) -> None:
    """Sequences of 1, 127, 300 and 1000 tokens in one batch (GQA: 4 query heads on 2 k/v heads)."""
    check(*varlen(mods, rng, [1, 127, 300, 1000], [1, 127, 300, 1000], 4, 2, d, causal))


def test_an_empty_batch_launches_nothing(mods: ModuleType) -> None:
    """No tokens, no sequences: a grid of no block, and no error."""
    e = BFloat16(np.zeros((0, 2, 64), np.uint16))
    mods.attention_varlen_fwd_d64(e, e, e, offsets([]), offsets([]), 0, 0, 0.125, 0, 2, 0, 2, e)
    mods.attention_varlen_fwd_d64(e, e, e, offsets([0, 0]), offsets([0, 0]), 0, 1, 0.125, 0, 2, 0, 2, e)


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_varlen_q_and_k_of_different_lengths_align_bottom_right(mods: ModuleType, rng: np.random.Generator,
                                                                 causal: bool) -> None:
    """q shorter than k (decoding a chunk after a cached prefix), longer than k (the first rows see no
    key under a causal mask: 0), and a sequence with no keys (its rows 0)."""
    check(*varlen(mods, rng, [3, 70, 40, 9], [80, 5, 100, 0], 2, 2, 64, causal))


def test_the_data_alone_call_reads_heads_from_the_shapes(mods: ModuleType, rng: np.random.Generator) -> None:
    """`attention_varlen_fwd_d64(q, k, v, cu_q, cu_k, max_seqlen_q, causal, scale, o)`: total_q, heads,
    total_k and kv_heads come from the (total, heads, 64) shapes (`#[dims]`), as FlashAttention reads them."""
    cu = offsets([5, 0, 20])
    q = to_bf16(rng.standard_normal((25, 4, 64)))
    k, v = (to_bf16(rng.standard_normal((25, 2, 64))) for _ in range(2))
    o = np.full((25, 4, 64), 0x7FC0, np.uint16)
    mods.attention_varlen_fwd_d64(BFloat16(q), BFloat16(k), BFloat16(v), cu, cu, 20, 1, 0.125, BFloat16(o))
    ref, mag = reference(*(widen(x).astype(np.float64) for x in (q, k, v)), cu, cu, 0.125, True)
    check(widen(o).astype(np.float64), ref, mag)


# ---------------------------------------------------------------- VarlenTiles' promise, and attacks on it


@pytest.mark.parametrize(("lengths", "heads", "extra"), [([0, 5, 0, 64, 65], 2, 0), ([130], 1, 3), ([1, 70, 0], 3, 1)])
def test_varlen_tiles_give_each_element_one_owner(portable: ModuleType, lengths: list[int], heads: int,
                                                   extra: int) -> None:
    """Every element of a packed (total, heads, 24) output is written once, by the lane the layout names:
    block b → tile tiles − 1 − b % tiles of head h of sequence s, b // tiles = s · heads + h (a (sequence,
    head)'s blocks next to each other); rows past a sequence's end, and blocks past the last tile (`extra`),
    write nothing."""
    cu, batch, max_len = offsets(lengths), len(lengths), max(lengths)
    total, tiles, groups = int(cu[-1]), -(-max_len // 64), len(lengths) * heads
    counts = np.zeros(total * heads * 24, np.uint32)
    out = np.full((total, heads, 24), -1, np.float32)
    portable.varlen_owners(heads, max_len, cu, counts, out, threads=128 * (groups * tiles + extra), block=128)
    expected = np.full((total, heads, 24), -1, np.float32)
    for b in range(groups * tiles):
        (s, h), t = divmod(b // tiles, heads), tiles - 1 - b % tiles
        for w in range(4):
            for lane in range(32):
                grp, tq = divmod(lane, 4)
                for r in (grp, grp + 8):
                    row = t * 64 + 16 * w + r
                    if row < lengths[s]:
                        for c in range(2 * tq, 24, 8):
                            expected[cu[s] + row, h, c:c + 2] = b << 16 | w << 8 | lane
    assert batch == len(cu) - 1 and counts.tolist() == [1] * counts.size
    assert np.array_equal(out, expected)


def test_varlen_tiles_trap_on_too_few_blocks(portable: ModuleType) -> None:
    """A grid one block short of batch · heads · tiles would leave rows unwritten: every block traps."""
    cu = offsets([64, 65])
    out = np.full((129, 1, 24), -1, np.float32)
    with pytest.raises(portable.KernelTrap, match=r"^varlen_owners\(\): the kernel trapped"):
        portable.varlen_owners(1, 65, cu, np.zeros(129 * 24, np.uint32), out, threads=128 * 3, block=128)
    assert (out == -1).all()


ATTACKS = {
    "decreasing": [0, 40, 20, 64],  # sequence 1 would be rows 40..20: blocks of sequences 0 and 2 overlap
    "past_total": [0, 20, 80, 64],  # rows 64..80 lie past the output
    "last_short": [0, 20, 40, 50],  # rows 50..64 owned by no block (and the total disagrees)
    "last_long": [0, 20, 40, 70],  # the last sequence runs past the output
    "not_from_zero": [8, 20, 40, 64],  # the first sequence starts inside the output
    "negative": [0, -16, 40, 64],  # a negative offset
    "longer_than_max": [0, 2, 4, 64],  # a 60-row sequence with max_seqlen_q = 40: rows no block writes
}


@pytest.mark.parametrize(("attack", "which"), [*((a, "q") for a in ATTACKS), *((a, "k") for a in ATTACKS
                                                                              if a != "longer_than_max")])
def test_bad_offsets_trap_before_any_write(mods: ModuleType, attack: str, which: str) -> None:
    """Offsets that would make two blocks own one row, a block write outside its sequence or past the
    output, or leave rows unwritten (q's), or read k/v rows of another sequence (k's): every block checks
    the whole array first, so the launch traps and o keeps every element as it was. (k's sequences have
    no bound: the kernels take no max_seqlen_k, whose only use is the grid's of q.)"""
    good, bad = offsets([20, 20, 24]), np.array(ATTACKS[attack], np.int32)
    cu_q, cu_k = (bad, good) if which == "q" else (good, bad)
    z = BFloat16(np.zeros((64, 2, 64), np.uint16))
    out = np.full((64, 2, 64), 0x7FC0, np.uint16)
    with pytest.raises(mods.KernelTrap, match=r"^attention_varlen_fwd_d64\(\): the kernel trapped"):
        mods.attention_varlen_fwd_d64(z, z, z, cu_q, cu_k, 40, 0, 0.125, 64, 2, 64, 2, BFloat16(out))
    assert (out == 0x7FC0).all()  # no block wrote
    mods.attention_varlen_fwd_d64(z, z, z, good, good, 40, 0, 0.125, 64, 2, 64, 2, BFloat16(out))
    assert (out == 0).all()  # the same launch with valid offsets writes every element


def test_the_where_refuses_what_the_lengths_can_say(mods: ModuleType) -> None:
    """What the lengths say is refused in one line before the launch: offset arrays of two batch sizes,
    a q that is not (total_q, heads, 64), query heads that are no multiple of the k/v heads, and a grid of
    no block for a nonempty q (max_seqlen_q 0, or no sequence), whose device checks would never run."""
    z, cu = BFloat16(np.zeros((64, 2, 64), np.uint16)), offsets([20, 20, 24])
    o = BFloat16(np.zeros((64, 2, 64), np.uint16))
    kernel = mods.attention_varlen_fwd_d64
    for args, message in [
        ((z, z, z, cu, offsets([64]), 40, 0, 0.125, 64, 2, 64, 2, o),
         "requirement `len(cu_seqlens_k) == len(cu_seqlens_q) >= 1` failed: len(cu_seqlens_k) = 2, "
         "len(cu_seqlens_q) = 4"),
        ((z, z, z, cu, cu, 40, 0, 0.125, 60, 2, 64, 2, o),
         "requirement `len(q) == len(o) == total_q * heads * 64` failed: len(q) = 8192, len(o) = 8192, total_q = 60, "
         "heads = 2"),
        ((z, BFloat16(np.zeros((64, 3, 64), np.uint16)), BFloat16(np.zeros((64, 3, 64), np.uint16)), cu, cu, 40, 0,
          0.125, 64, 2, 64, 3, o),
         "requirement `heads >= kv_heads >= 1` failed: heads = 2, kv_heads = 3"),
        ((z, z, z, cu, cu, 0, 0, 0.125, 64, 2, 64, 2, o),
         "requirement `(len(cu_seqlens_q) - 1) * max_seqlen_q >= min(len(q), 1)` failed: len(cu_seqlens_q) = 4, "
         "max_seqlen_q = 0, len(q) = 8192"),
        ((z, z, z, offsets([]), offsets([]), 40, 0, 0.125, 64, 2, 64, 2, o),
         "requirement `(len(cu_seqlens_q) - 1) * max_seqlen_q >= min(len(q), 1)` failed: len(cu_seqlens_q) = 1, "
         "max_seqlen_q = 40, len(q) = 8192"),
    ]:
        with pytest.raises(mods.KernelValueError) as caught:
            kernel(*args)
        assert str(caught.value) == "attention_varlen_fwd_d64(): " + message


# ---------------------------------------------------------------- which body runs (OXPACK_EMULATE_ARCH=sm_90a)


def test_the_sm90a_body_runs_and_arrays_the_tma_cannot_read_go_to_the_portable_one(
        built: ModuleType, rng: np.random.Generator, monkeypatch: pytest.MonkeyPatch) -> None:
    """Emulating sm_90a, the stub picks `attention_varlen_fwd_d64_sm90a` for packed (total, heads, 64) arrays
    and it runs (no refusal); a q whose base is 2 bytes past 16-byte alignment, or flat arrays with the
    scalars passed, are refused by its TMA sources before the launch and run the portable body: the same
    attention either way."""
    monkeypatch.setattr(built._module, "_emulate_arch", "sm_90a")
    kernel = built._module.kernel("attention_varlen_fwd_d64")
    body = kernel.bodies["sm_90a"]
    monkeypatch.setattr(body.tma, "refused", 0)  # the module is shared: count from none
    monkeypatch.setattr(body.tma, "refusals", 0)
    lengths = [5, 0, 70]
    cu = offsets(lengths)
    q = to_bf16(rng.standard_normal((75, 4, 64)))
    k, v = (to_bf16(rng.standard_normal((75, 2, 64))) for _ in range(2))
    ref, mag = reference(*(widen(x).astype(np.float64) for x in (q, k, v)), cu, cu, 0.125, True)

    def run(qa: np.ndarray, flat: bool = False) -> np.ndarray:
        o = np.full(q.shape, 0x7FC0, np.uint16)
        if flat:
            built.attention_varlen_fwd_d64(BFloat16(qa.ravel()), BFloat16(k.ravel()), BFloat16(v.ravel()), cu, cu,
                                           70, 1, 0.125, 75, 4, 75, 2, BFloat16(o.reshape(-1)))
        else:
            built.attention_varlen_fwd_d64(BFloat16(qa), BFloat16(k), BFloat16(v), cu, cu, 70, 1, 0.125, BFloat16(o))
        return widen(o).astype(np.float64)

    assert kernel.pick((BFloat16(q), BFloat16(k), BFloat16(v), cu, cu, 70, 1, 0.125)).arch_key == "sm_90a"
    check(run(q), ref, mag)
    assert body.tma.refusals == 0
    buffer = np.zeros(q.size + 8, np.uint16)
    start = (-buffer.ctypes.data % 16) // 2 + 1  # 2 bytes past a 16-byte boundary
    shifted = buffer[start:start + q.size].reshape(q.shape)
    shifted[:] = q
    assert shifted.ctypes.data % 16 == 2
    check(run(shifted), ref, mag)
    assert body.tma.refusals == 1
    check(run(q, flat=True), ref, mag)
    assert body.tma.refusals == 2
    check(run(q), ref, mag)  # the variant again
    assert body.tma.refusals == 2
