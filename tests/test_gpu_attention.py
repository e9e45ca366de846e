"""GPU tests: the example's FlashAttention-2 forward (`example-project/kernels/attention.rs`)
against PyTorch's `F.scaled_dot_product_attention` on bf16.

The kernel rounds p to bf16 before p·v and o to bf16 at the end, and sums in f32, so o is
compared with softmax attention of the same bf16 inputs in f32 (`reference`) within 2⁻⁷·(p·|v|)
(p normalised: a bound on both roundings) plus f32 noise, and with SDPA's bf16 output within one
bf16 rounding more. Outputs start poisoned (NaN), so an element no warp wrote fails. Ragged
sequences (not multiples of 64, or of the k/v tiles), causal and not, head dims 64 and 128, and
8 × 16 × 4096 × 128. Run where the GPU is, after installing the example's wheel, with PyTorch
present: python -m pytest tests/test_gpu_attention.py. The emulated twins:
tests/test_attention_emulation.py.
"""

from __future__ import annotations

import math
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


def run(q: Any, k: Any, v: Any, causal: bool, scale: float) -> Any:
    *_, n, d = q.shape  # (batch, heads, seq, head dim)
    o = torch.full_like(q, float("nan"))
    getattr(kernels, f"attention_fwd_d{d}")(n, int(causal), scale, q, k, v, o)
    return o


def reference(q: Any, k: Any, v: Any, causal: bool, scale: float) -> tuple[Any, Any]:
    """Softmax attention of the bf16 inputs in f32 (one (batch, head) chunk at a time), and p·|v|."""
    outs, mags = [], []
    n = q.shape[2]
    mask = torch.ones(n, n, device=CUDA, dtype=torch.bool).tril() if causal else None
    for qi, ki, vi in zip(q.flatten(0, 1).split(4), k.flatten(0, 1).split(4), v.flatten(0, 1).split(4)):
        s = qi.float() @ ki.float().transpose(-1, -2) * scale
        if mask is not None:
            s = s.masked_fill(~mask, float("-inf"))
        p = s.softmax(-1)
        outs.append(p @ vi.float())
        mags.append(p @ vi.float().abs())
    return torch.cat(outs).view(q.shape), torch.cat(mags).view(q.shape)


@pytest.mark.parametrize("d", [64, 128])
def test_a_wrong_launch_is_refused_before_it_runs(d: int) -> None:
    """Too few blocks, another block: refused in one line against the kernel's declared launch, and a
    partial sequence by its `where (...)`, nothing queued; the context stays usable and the declared
    launch runs."""
    kernel = getattr(kernels, f"attention_fwd_d{d}")
    q = torch.zeros((2, 1, 100, d), device=CUDA, dtype=torch.bfloat16)
    o = torch.full_like(q, float("nan"))
    # on Hopper the sm_90a variant runs (blocks of 384 per 128 rows), elsewhere the mma.sync body
    hopper = kernels._module.kernel(f"attention_fwd_d{d}").pick((100, 0, 0.125, q, q, q, o)).arch_key == "sm_90a"
    rows, block, threads = (128, 384, 768) if hopper else (64, 128, 512)
    with pytest.raises(kernels.KernelValueError) as caught:
        kernel(100, 0, 0.125, q, q, q, o, threads=128 * 3)
    assert str(caught.value) == (
        f"attention_fwd_d{d}(): `threads=384` differs from the kernel's declared launch `grid = len(o) // "
        f"max(seq * {d}, 1) * cdiv(seq, {rows})` (threads={threads} for these arguments); leave `threads` out")
    with pytest.raises(kernels.KernelValueError, match=r"`block=64` differs from the kernel's declared launch "
                                                       rf"`block = {block}`; leave `block` out$"):
        kernel(100, 0, 0.125, q, q, q, o, block=64)
    with pytest.raises(kernels.KernelValueError, match=rf"requirement `len\(o\) % max\(seq \* {d}, 1\) == 0` failed: "
                                                       rf"len\(o\) = {200 * d}, seq = 80$"):
        kernel(80, 0, 0.125, q, q, q, o)
    torch.cuda.synchronize()
    assert bool(o.isnan().all())
    kernel(100, 0, 0.125, q, q, q, o)
    assert torch.equal(o, torch.zeros_like(o))


SHAPES = [(1, 1, 64, 64), (2, 3, 77, 64), (1, 2, 1000, 64), (1, 1, 1, 128), (2, 2, 129, 128), (1, 4, 1031, 128),
          (3, 2, 33, 128), (1, 1, 4096, 64)]


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize(("b", "h", "n", "d"), SHAPES)
def test_attention_matches_sdpa(b: int, h: int, n: int, d: int, causal: bool) -> None:
    q, k, v = (torch.randn(b, h, n, d, device=CUDA).to(torch.bfloat16) for _ in range(3))
    scale = 1 / math.sqrt(d)
    o = run(q, k, v, causal, scale)
    assert not o.isnan().any(), "an element of o was never written"
    ref, mag = reference(q, k, v, causal, scale)
    err = (o.float() - ref).abs()
    assert bool((err <= 2.0**-7 * mag + 1e-5).all()), float((err / mag.clamp_min(1e-30)).max())
    theirs = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale).float()
    assert bool(((o.float() - theirs).abs() <= 2.0**-6 * mag + 1e-5).all())


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_attention_at_the_benchmark_shape(causal: bool) -> None:
    """8 × 16 × 4096 × 128, the issue's benchmark shape, against SDPA (flash) in bf16."""
    q, k, v = (torch.randn(8, 16, 4096, 128, device=CUDA).to(torch.bfloat16) for _ in range(3))
    scale = 1 / math.sqrt(128)
    o = run(q, k, v, causal, scale)
    assert not o.isnan().any()
    theirs = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale).float()
    # |o| ≤ p·|v| ≤ max |v|: two bf16 roundings of each side, relative to the largest |v|
    assert float((o.float() - theirs).abs().max()) <= 2.0**-6 * float(v.float().abs().max())


# (batch, heads, kv_heads, seq, head dim): GQA at ragged sequences, MQA, and the 32 query heads for 8 k/v heads
GQA_SHAPES = [(2, 8, 2, 1, 64), (1, 4, 1, 127, 128), (2, 6, 3, 300, 64), (1, 32, 8, 1000, 128),
              (1, 32, 8, 4096, 128)]


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize(("b", "h", "hkv", "n", "d"), GQA_SHAPES)
def test_gqa_matches_sdpa_with_enable_gqa(b: int, h: int, hkv: int, n: int, d: int, causal: bool) -> None:
    """k and v with fewer heads than q (GQA; MQA with one), the same call: query head i reads k/v head
    i // (h // hkv), as `F.scaled_dot_product_attention(..., enable_gqa=True)`; on Hopper the sm_90a variant
    runs it (4-D arrays whose rows are seq), elsewhere the mma.sync body."""
    q = torch.randn(b, h, n, d, device=CUDA).to(torch.bfloat16)
    k, v = (torch.randn(b, hkv, n, d, device=CUDA).to(torch.bfloat16) for _ in range(2))
    scale = 1 / math.sqrt(d)
    o = run(q, k, v, causal, scale)
    assert not o.isnan().any(), "an element of o was never written"
    ref, mag = reference(q, *(x.repeat_interleave(h // hkv, dim=1) for x in (k, v)), causal, scale)
    err = (o.float() - ref).abs()
    assert bool((err <= 2.0**-7 * mag + 1e-5).all()), float((err / mag.clamp_min(1e-30)).max())
    theirs = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale, enable_gqa=True).float()
    assert bool(((o.float() - theirs).abs() <= 2.0**-6 * mag + 1e-5).all())


def test_gqa_heads_not_a_multiple_of_kv_heads_are_refused_before_the_launch() -> None:
    """3 query heads for 2 k/v heads: one line naming the requirement and the lengths, nothing queued."""
    q = torch.randn(1, 3, 70, 64, device=CUDA).to(torch.bfloat16)
    k = torch.randn(1, 2, 70, 64, device=CUDA).to(torch.bfloat16)
    o = torch.full_like(q, float("nan"))
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels.attention_fwd_d64(70, 0, 0.125, q, k, k, o)
    assert str(caught.value) == (f"attention_fwd_d64(): requirement `len(o) % max(len(k), 1) == 0` failed: "
                                 f"len(o) = {q.numel()}, len(k) = {k.numel()}")
    torch.cuda.synchronize()
    assert bool(o.isnan().all())


def test_a_large_scale_and_the_same_bits_twice() -> None:
    q, k, v = (torch.randn(2, 2, 300, 64, device=CUDA).to(torch.bfloat16) for _ in range(3))
    o1, o2 = run(q, k, v, True, 4.0), run(q, k, v, True, 4.0)
    assert torch.equal(o1, o2)
    ref, mag = reference(q, k, v, True, 4.0)
    assert bool(((o1.float() - ref).abs() <= 2.0**-7 * mag + 1e-5).all())


# run in a fresh process: a trap there ends its CUDA context, not this session's
_ROWS_OTHER_THAN_SEQ = """
import math, sys, torch
from vecmath import kernels
d, seq, shape = int(sys.argv[1]), int(sys.argv[2]), tuple(int(x) for x in sys.argv[3].split(","))
torch.manual_seed(int(sys.argv[4]))
q, k, v = (torch.randn(*shape, device="cuda").to(torch.bfloat16) for _ in range(3))
kernel, scale = getattr(kernels, f"attention_fwd_d{d}"), 1 / math.sqrt(d)
hopper, portable = kernels._module.state(f"attention_fwd_d{d}@sm_90a"), kernels._module.state(f"attention_fwd_d{d}")
for _ in range(2):  # the general path, then the fast path
    o = torch.full_like(q, float("nan"))
    kernel(seq, 0, scale, q, k, v, o)
    torch.cuda.synchronize()  # a trap shows here
flat = [x.reshape(-1, seq, d).float() for x in (q, k, v)]  # the sequences the portable body reads
ref = (flat[0] @ flat[1].transpose(-1, -2) * scale).softmax(-1) @ flat[2]
err = float((o.reshape(-1, seq, d).float() - ref).abs().max())
fine = torch.randn(2, 3, 130, d, device="cuda").to(torch.bfloat16)  # rows = seq: the variant
kernel(130, 0, scale, fine, fine, fine, torch.empty_like(fine))
torch.cuda.synchronize()
print(err <= 2.0**-6 * float(v.float().abs().max()), bool(portable.entries), bool(hopper.entries))
"""


@pytest.mark.parametrize(("d", "seq", "shape"), [(64, 128, (1, 2, 256, 64)), (64, 64, (2, 64, 128)),
                                                 (128, 100, (1, 4, 50, 128))])
def test_rows_other_than_seq_run_the_portable_body_on_hopper_and_never_trap(seed: int, d: int, seq: int,
                                                                           shape: tuple[int, ...]) -> None:
    """q, k, v whose rows (or columns) are not the call's `seq` (or head dim), at lengths the `where` accepts:
    the portable body reads them as flat memory, `len / (seq · d)` sequences. On an sm_90 GPU the sm_90a
    variant trapped on them (`q.rows() != seq`), which ends the CUDA context; its `where` (`rows(q) == ... ==
    seq, cols(q) == ... == d`) now sends them to the mma.sync body before the launch, on the general and the
    fast path, and the context stays usable: a call of rows = seq then runs the variant."""
    if torch.cuda.get_device_capability() != (9, 0):
        pytest.skip("the sm_90a variants run on sm_90 GPUs")
    proc = subprocess.run([sys.executable, "-c", _ROWS_OTHER_THAN_SEQ, str(d), str(seq), ",".join(map(str, shape)),
                           str(seed)], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0 and proc.stdout.split() == ["True", "True", "True"], proc.stdout + proc.stderr
