"""GPU tests: attention forward on the Hopper path — TMA pipeline of q, k and v,
`wgmma` q·kᵀ from shared memory and p·v with p in registers and v read N-major — through the
scratch sm_90a project `tests/packages/hopper` (`attention_fwd_sm90_d{64,128}`), against
`F.scaled_dot_product_attention` in f32 on the same bf16 inputs.

p is rounded to bf16 before p·v (as FlashAttention does) and o to bf16 at the end: outputs are
compared within 2⁻⁷ of max |v|. Outputs start poisoned (NaN), so a row nobody wrote fails. Ragged
sequence lengths (not multiples of the 128-row tiles) exercise the masking of the rows a tile reads
past its sequence (3-D TMA sources: zeros there, never the next sequence's rows). Needs an sm_90
GPU (skipped elsewhere) and the project built by
scripts/gpu-artifacts.sh (`.artifacts/gpu/hopper`). The emulated twin:
tests/test_hopper_attention_emulation.py.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from conftest import hopper_on_gpu

pytestmark = pytest.mark.gpu

torch, kernels = hopper_on_gpu()

CUDA = "cuda"


def attention(q: Any, k: Any, v: Any, causal: bool, scale: float) -> Any:
    """Ours on (b, h, n, d) bf16 tensors: o of the same shape."""
    *_, n, d = q.shape  # (batch, heads, seq, head dim)
    o = torch.full_like(q, float("nan"))
    getattr(kernels, f"attention_fwd_sm90_d{d}")(n, int(causal), scale, q, k, v, o)
    return o


@pytest.mark.parametrize("d", [64, 128])
def test_a_wrong_launch_is_refused_before_it_runs(d: int) -> None:
    """Another block, too few blocks: refused in one line against the kernels' declared launch,
    nothing queued; the context stays usable and the declared launch runs."""
    kernel = getattr(kernels, f"attention_fwd_sm90_d{d}")
    q = torch.zeros((2, 1, 200, d), device=CUDA, dtype=torch.bfloat16)
    o = torch.full_like(q, float("nan"))
    with pytest.raises(kernels.KernelValueError, match=r"`block=256` differs from the kernel's declared launch "
                                                       r"`block = 384`; leave `block` out$"):
        kernel(200, 0, 0.125, q, q, q, o, block=256)
    with pytest.raises(kernels.KernelValueError) as caught:
        kernel(200, 0, 0.125, q, q, q, o, threads=384 * 3)
    assert str(caught.value) == (
        f"attention_fwd_sm90_d{d}(): `threads=1152` differs from the kernel's declared launch `grid = len(o) // "
        f"max(seq * {d}, 1) * cdiv(seq, 128)` (threads=1536 for these arguments); leave `threads` out")
    torch.cuda.synchronize()
    assert bool(o.isnan().all())
    kernel(200, 0, 0.125, q, q, q, o)
    assert torch.equal(o, torch.zeros_like(o))


@pytest.mark.parametrize("d", [64, 128])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("b,h,n", [(2, 3, 256), (1, 2, 200), (2, 2, 1000), (1, 1, 1), (1, 3, 4096)])
def test_attention_matches_sdpa(seed: int, d: int, causal: bool, b: int, h: int, n: int) -> None:
    """o = softmax(scale · q·kᵀ [causal]) · v against SDPA in f32 on the same bf16 inputs."""
    torch.manual_seed(seed)
    q, k, v = (torch.randn(b, h, n, d, device=CUDA).to(torch.bfloat16) for _ in range(3))
    scale = 1 / math.sqrt(d)
    o = attention(q, k, v, causal, scale)
    ref = torch.nn.functional.scaled_dot_product_attention(q.float(), k.float(), v.float(), is_causal=causal,
                                                           scale=scale)
    assert not bool(o.isnan().any()), f"{int(o.isnan().sum())} elements not written"
    err = float((o.float() - ref).abs().max())
    assert err <= 2.0**-7 * float(v.float().abs().max()), err


@pytest.mark.parametrize("d", [64, 128])
def test_nan_in_another_sequence_does_not_leak(seed: int, d: int) -> None:
    """Sequence (0, 0) of a ragged length (100 rows: its k/v tile reaches 28 rows past its end) is
    exact although the next sequence's q, k and v hold NaN and infinity in their first rows: the
    3-D tensor maps read zeros past each sequence, so 0 · NaN never happens."""
    torch.manual_seed(seed)
    n = 100
    q, k, v = (torch.randn(1, 2, n, d, device=CUDA).to(torch.bfloat16) for _ in range(3))
    for x in (q, k, v):
        x[0, 1, :8] = float("nan")
        x[0, 1, 8:16] = float("inf")
    scale = 1 / math.sqrt(d)
    o = attention(q, k, v, False, scale)
    ref = torch.nn.functional.scaled_dot_product_attention(*(x[:, :1].float() for x in (q, k, v)), scale=scale)
    got = o[:, :1].float()
    assert not bool(got.isnan().any()), f"{int(got.isnan().sum())} elements of sequence (0, 0) are NaN"
    assert float((got - ref).abs().max()) <= 2.0**-7 * float(v[:, :1].float().abs().max())


def test_attention_takes_4d_sources_and_refuses_2d_ones_in_one_line() -> None:
    """q, k and v are 3-D TMA sources: a contiguous 4-D (b, h, n, d) tensor is taken as its
    (b·h, n, d) view (the same o as the 3-D call, on the general and the fast path), a 2-D or 5-D one
    is refused before the launch, naming the argument."""
    from hopperdemo._oxpack.runtime import KernelValueError

    b, h, n, d = 2, 3, 200, 64
    q, k, v = (torch.randn(b, h, n, d, device=CUDA).to(torch.bfloat16) for _ in range(3))
    want = torch.full_like(q, float("nan"))
    kernels.attention_fwd_sm90_d64(n, 1, 0.125, q.view(-1, n, d), k.view(-1, n, d), v.view(-1, n, d), want)
    for _ in range(2):  # the second call finds the 4-D tensors' blocks (the fast path)
        got = torch.full_like(q, float("nan"))
        kernels.attention_fwd_sm90_d64(n, 1, 0.125, q, k, v, got)
        assert torch.equal(got, want)
    for bad in (q.view(-1, d), q.view(1, b, h, n, d)):
        with pytest.raises(KernelValueError, match=r"argument `q` is a 3-D TMA source .*or 4-D one"):
            kernels.attention_fwd_sm90_d64(n, 1, 0.125, bad, k, v, want)


def test_sequences_other_than_the_calls_are_refused_and_the_context_stays_usable() -> None:
    """q, k, v of the right length whose rows are not the call's `seq` (here 256 rows, seq 128) trapped in the
    device, ending the CUDA context: the kernel's `where` (`rows(q) == ... == seq`) refuses them in one line
    before the launch, on the general path and after a call of the right rows made the fast path's entry."""
    from hopperdemo._oxpack.runtime import KernelValueError

    q = torch.randn(1, 1, 256, 64, device=CUDA).to(torch.bfloat16)
    o = torch.full_like(q, float("nan"))
    kernels.attention_fwd_sm90_d64(128, 0, 0.125, q.view(2, 128, 64), q.view(2, 128, 64), q.view(2, 128, 64), o)
    for _ in range(2):
        with pytest.raises(KernelValueError) as caught:
            kernels.attention_fwd_sm90_d64(128, 0, 0.125, q, q, q, o)
        assert str(caught.value) == ("attention_fwd_sm90_d64(): requirement `rows(q) == rows(k) == rows(v) == seq` "
                                     "failed: rows(q) = 256, rows(k) = 256, rows(v) = 256, seq = 128")
    torch.cuda.synchronize()  # no trap: the context still works
    assert not o.isnan().any()
