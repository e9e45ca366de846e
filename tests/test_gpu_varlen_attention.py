"""GPU tests: the example's attention over variable-length batches (`attention_varlen_fwd_d64` /
`_d128`, `example-project/kernels/attention.rs`: FlashAttention's varlen layout) against PyTorch's
`F.scaled_dot_product_attention` per sequence, on bf16.

q and o are packed (total_q, heads, d), k and v (total_k, kv_heads, d), with int32 offsets. Each
sequence is compared with softmax attention of the same bf16 inputs in f32 (`reference`: bottom-right
causal alignment, 0 for a row that sees no key) within 2⁻⁷·(p·|v|) plus f32 noise, and, where q and k
have one length, with SDPA's bf16 output of that sequence within one bf16 rounding more. Outputs start
poisoned (NaN), so an element no warp wrote fails. On Hopper (sm_90) the kernels run their sm_90a bodies
(TMA per head, `wgmma`; `test_the_sm90a_body_runs_on_hopper` checks which body ran), elsewhere the portable
`mma.sync` ones. Run where the GPU is, after installing the example's wheel, with PyTorch present:
python -m pytest tests/test_gpu_varlen_attention.py. The emulated twins: tests/test_varlen_attention_emulation.py.
"""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys
from typing import Any

import pytest
from conftest import gpu_torch, require_example

pytestmark = pytest.mark.gpu

torch = gpu_torch()
kernels = require_example()  # built from this checkout, or the file fails where the GPU is

F = torch.nn.functional
CUDA = "cuda"


@pytest.fixture(autouse=True)
def _seeded(seed: int) -> None:
    torch.manual_seed(seed)


def offsets(lengths: list[int]) -> Any:
    return torch.tensor([0, *itertools.accumulate(lengths)], dtype=torch.int32, device=CUDA)


def packed(lengths_q: list[int], lengths_k: list[int], h: int, hkv: int, d: int) -> tuple[Any, Any, Any]:
    q = torch.randn(sum(lengths_q), h, d, device=CUDA).to(torch.bfloat16)
    k, v = (torch.randn(sum(lengths_k), hkv, d, device=CUDA).to(torch.bfloat16) for _ in range(2))
    return q, k, v


def reference(q: Any, k: Any, v: Any, lengths_q: list[int], lengths_k: list[int], causal: bool,
              scale: float) -> tuple[Any, Any]:
    """Softmax attention of the bf16 inputs in f32, sequence by sequence, and p·|v| (GQA: k/v heads
    repeated); causal aligned bottom-right, a row that sees no key 0."""
    per = q.shape[1] // k.shape[1]
    out, mag = torch.zeros(q.shape, device=CUDA), torch.zeros(q.shape, device=CUDA)
    for (q0, sq), (k0, sk) in zip(zip(itertools.accumulate([0, *lengths_q]), lengths_q),
                                  zip(itertools.accumulate([0, *lengths_k]), lengths_k), strict=True):
        if sq == 0 or sk == 0:
            continue
        qs = q[q0:q0 + sq].transpose(0, 1).float()
        ks, vs = (x[k0:k0 + sk].transpose(0, 1).float().repeat_interleave(per, dim=0) for x in (k, v))
        s = qs @ ks.transpose(-1, -2) * scale
        if causal:
            s = s.masked_fill(~torch.ones(sq, sk, device=CUDA, dtype=torch.bool).tril(sk - sq), float("-inf"))
        p = s.softmax(-1).nan_to_num(0.0)  # a row of -inf only: 0
        out[q0:q0 + sq] = (p @ vs).transpose(0, 1)
        mag[q0:q0 + sq] = (p @ vs.abs()).transpose(0, 1)
    return out, mag


def run(q: Any, k: Any, v: Any, lengths_q: list[int], lengths_k: list[int], causal: bool, scale: float) -> Any:
    o = torch.full_like(q, float("nan"))
    kernel = getattr(kernels, f"attention_varlen_fwd_d{q.shape[-1]}")
    kernel(q, k, v, offsets(lengths_q), offsets(lengths_k), max(lengths_q), int(causal), scale, o)
    return o


def ragged(n: int, low: int, high: int) -> list[int]:
    draw = random.Random(n * 7919 + low)
    return [draw.randint(low, high) for _ in range(n)]


LENGTHS = [[1, 127, 300, 1000], [0, 5, 0, 64, 65], [1], ragged(16, 128, 4096), ragged(64, 1, 300)]


def on_hopper() -> bool:
    return torch.cuda.get_device_capability() == (9, 0)


@pytest.mark.parametrize("d", [64, 128])
def test_the_sm90a_body_runs_on_hopper(d: int) -> None:
    """On an sm_90 GPU the stub picks the sm_90a variant (`attention_varlen_fwd_d{d}_sm90a`) for packed
    arrays the TMA reads, and it runs (no refusal); an array it cannot read (a base 2 bytes past 16-byte
    alignment) runs the portable body, with the same result. Elsewhere the portable body runs."""
    lengths = [1, 127, 300, 0, 1000]
    q, k, v = packed(lengths, lengths, 8, 2, d)
    cu, o = offsets(lengths), torch.full_like(q, float("nan"))
    kernel = kernels._module.kernel(f"attention_varlen_fwd_d{d}")
    args = (q, k, v, cu, cu, 1000, 1, 0.125, o)
    if not on_hopper():
        assert kernel.pick(args) is kernel
        pytest.skip("not an sm_90 GPU: the portable body runs")
    body = kernel.bodies["sm_90a"]
    assert kernel.body(0) == f"attention_varlen_fwd_d{d}_sm90a"
    assert kernel.pick(args) is body and body.arch_key == "sm_90a"
    state = kernels._module.state(f"attention_varlen_fwd_d{d}@sm_90a")
    state.entries.clear()
    before = body.tma.refusals
    getattr(kernels, f"attention_varlen_fwd_d{d}")(*args)
    assert body.tma.refusals == before and state.entries, "the sm_90a body made the launch"
    assert not o.isnan().any()
    shifted = torch.empty(q.numel() + 1, device=CUDA, dtype=torch.bfloat16)[1:].view(q.shape)
    shifted.copy_(q)
    assert shifted.data_ptr() % 16 == 2
    o2 = torch.full_like(q, float("nan"))
    getattr(kernels, f"attention_varlen_fwd_d{d}")(shifted, k, v, cu, cu, 1000, 1, 0.125, o2)
    assert body.tma.refusals == before + 1  # refused before the launch: the portable body ran
    ref, mag = reference(q, k, v, lengths, lengths, True, 0.125)
    for out in (o, o2):
        assert bool(((out.float() - ref).abs() <= 2.0**-7 * mag + 1e-5).all())


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("d", [64, 128])
@pytest.mark.parametrize(("h", "hkv"), [(4, 2), (32, 8), (8, 8)])
@pytest.mark.parametrize("lengths", LENGTHS, ids=["serving", "empty", "one", "16x128-4096", "64x1-300"])
def test_varlen_matches_sdpa_per_sequence(lengths: list[int], h: int, hkv: int, d: int, causal: bool) -> None:
    q, k, v = packed(lengths, lengths, h, hkv, d)
    scale = 1 / math.sqrt(d)
    o = run(q, k, v, lengths, lengths, causal, scale)
    assert not o.isnan().any(), "an element of o was never written"
    ref, mag = reference(q, k, v, lengths, lengths, causal, scale)
    err = (o.float() - ref).abs()
    assert bool((err <= 2.0**-7 * mag + 1e-5).all()), float((err / mag.clamp_min(1e-30)).max())
    for q0, n in zip(itertools.accumulate([0, *lengths]), lengths):
        if n == 0:
            continue
        qs, ks, vs = (x[q0:q0 + n].transpose(0, 1)[None] for x in (q, k, v))
        theirs = F.scaled_dot_product_attention(qs, ks, vs, is_causal=causal, scale=scale, enable_gqa=h != hkv)
        ours = o[q0:q0 + n].transpose(0, 1)[None].float()
        assert bool(((ours - theirs.float()).abs() <= 2.0**-6 * mag[q0:q0 + n].transpose(0, 1)[None] + 1e-5).all())


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_q_and_k_of_different_lengths_align_bottom_right(causal: bool) -> None:
    """A chunk of new tokens after a cached prefix (q shorter than k), q longer than k (its first rows see
    no key under a causal mask: 0), and a sequence with no keys."""
    lq, lk = [3, 70, 40, 9, 130], [80, 5, 100, 0, 1000]
    q, k, v = packed(lq, lk, 8, 2, 128)
    o = run(q, k, v, lq, lk, causal, 0.088)
    ref, mag = reference(q, k, v, lq, lk, causal, 0.088)
    assert bool(((o.float() - ref).abs() <= 2.0**-7 * mag + 1e-5).all())


@pytest.mark.parametrize("d", [64, 128])
def test_another_sequences_nan_does_not_leak(d: int) -> None:
    """NaN and infinity in one sequence's q, k and v leave its neighbours exact. On Hopper the sm_90a body's
    tensor map covers the packed rows, so a tile of a short sequence reads the next one's rows: their scores
    are masked and their v rows zeroed before p·v (0 · NaN would be NaN); the portable body reads zeros."""
    lengths = [5, 40, 70, 130, 3]
    q, k, v = packed(lengths, lengths, 8, 2, d)
    cu = [0, *itertools.accumulate(lengths)]
    for bad in (1, 3):
        q[cu[bad]:cu[bad + 1]], k[cu[bad]:cu[bad + 1]] = float("nan"), float("inf")
        v[cu[bad]:cu[bad + 1]] = float("nan")
    o = run(q, k, v, lengths, lengths, False, 0.125)
    clean = [i for i in range(len(lengths)) if i not in (1, 3)]
    ref, mag = reference(q, k, v, lengths, lengths, False, 0.125)
    for s in clean:
        rows = slice(cu[s], cu[s + 1])
        assert bool(((o[rows].float() - ref[rows]).abs() <= 2.0**-7 * mag[rows] + 1e-5).all()), s


def test_the_data_alone_call_and_the_torch_operator() -> None:
    """`o = attention_varlen_fwd_d64(q, k, v, cu, cu, max_seqlen, causal, scale)` reads total_q, heads,
    total_k and kv_heads from the shapes and makes o; `ops[...]` the same, and torch.compile traces it."""
    import vecmath.kernels_torch  # noqa: F401  (registers torch.ops.vecmath.*)
    from vecmath.kernels_torch import ops

    lengths = [1, 127, 300, 0, 1000]
    q, k, v = packed(lengths, lengths, 8, 2, 64)
    cu = offsets(lengths)
    o = kernels.attention_varlen_fwd_d64(q, k, v, cu, cu, 1000, 1, 0.125)
    assert o.shape == q.shape and o.dtype == torch.bfloat16
    assert torch.equal(o, run(q, k, v, lengths, lengths, True, 0.125))
    assert torch.equal(ops["attention_varlen_fwd_d64"](q, k, v, cu, cu, 1000, 1, 0.125), o)
    compiled = torch.compile(lambda *a: ops["attention_varlen_fwd_d64"](*a), fullgraph=True)
    assert torch.equal(compiled(q, k, v, cu, cu, 1000, 1, 0.125), o)


# run in a fresh process: a trap there ends its CUDA context, not this session's
_BAD_OFFSETS = """
import sys, torch
from vecmath import kernels
cu_q = torch.tensor([int(x) for x in sys.argv[1].split(",")], dtype=torch.int32, device="cuda")
cu_k = torch.tensor([0, 20, 40, 64], dtype=torch.int32, device="cuda")
q = torch.zeros(64, 2, 64, device="cuda", dtype=torch.bfloat16)
o = torch.full_like(q, float("nan"))
kernels.attention_varlen_fwd_d64(q, q, q, cu_q, cu_k, 40, 0, 0.125, o)
try:
    torch.cuda.synchronize()
except Exception as e:  # the trap: the launch failed
    print("trapped", type(e).__name__)
else:
    print("ran", bool(o.isnan().any()))
"""


@pytest.mark.parametrize("cu", ["0,40,20,64", "0,20,80,64", "0,20,40,50", "8,20,40,64", "0,2,4,64"],
                         ids=["decreasing", "past_total", "last_short", "not_from_zero", "longer_than_max"])
def test_bad_offsets_trap_on_the_gpu(cu: str) -> None:
    """Offsets in device memory that would give a row two writers, a block rows outside its sequence, or
    leave rows unwritten: the launch traps (every block checks the whole array before it writes)."""
    proc = subprocess.run([sys.executable, "-c", _BAD_OFFSETS, cu], capture_output=True, text=True, timeout=300,
                          check=False)
    assert proc.stdout.split()[:1] == ["trapped"], proc.stdout + proc.stderr
