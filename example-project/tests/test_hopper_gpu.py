"""One call, the body for the GPU: on an sm_90 GPU the example's bf16 GEMM and attention run their sm_90a bodies
(TMA + wgmma), and with `OXPACK_ARCH=sm_80` (the package's sm_80 PTX, which the driver compiles for this GPU)
their portable mma.sync bodies, through the same data-only call. Run against the installed wheel, with PyTorch;
skipped without an sm_90 GPU.

Each result is checked against an f32 reference of the same bf16 inputs: the GEMM within a bf16 rounding of
each element plus 2⁻¹² of Σ|a||w| (the products' f32 sums in another order), the attention within 2⁻⁷ of
p·|v| (its softmax in another order and its p rounded to bf16 for the second product).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from hostarrays import HOPPER, on_hopper  # noqa: E402
from vecmath import kernels  # noqa: E402

pytestmark = pytest.mark.skipif(not on_hopper(), reason=HOPPER)

GEMMS = ("gemm_bf16_nt_bf16", "gemm_bf16_nt_bf16_64x64", "gemm_bf16_nt_bf16_128x128")
"""The GEMM and the small-tile siblings its tuning weighs: each runs as its sm_90a body on Hopper."""

FORCED = f"GEMMS = {GEMMS!r}\n" + """
import math, sys, torch
from vecmath import kernels
x = torch.load(sys.argv[1])
x = {k: v.cuda() for k, v in x.items()}
gemm, attention = kernels._module.kernel("gemm_bf16_nt_bf16"), kernels._module.kernel("attention_fwd_d128")
print(gemm.arch(0), gemm.body(0), attention.body(0))
c = kernels.gemm_bf16_nt_bf16(x["a"], x["w"])
o = torch.full_like(x["q"], float("nan"))
kernels.attention_fwd_d128(x["q"].shape[2], 1, 1 / math.sqrt(128), x["q"], x["k"], x["v"], o)
print(any(kernels._module.state(n + "@sm_90a").entries for n in GEMMS),
      bool(kernels._module.state("attention_fwd_d128@sm_90a").entries))
torch.save({"c": c.cpu(), "o": o.cpu()}, sys.argv[2])
"""


def _operands(m: int, n: int, k: int, seq: int) -> dict[str, object]:
    g = torch.Generator(device="cuda").manual_seed(m + 3 * n + 7 * k + seq)
    def rand(*shape: int) -> object:
        return torch.randn(*shape, device="cuda", generator=g).to(torch.bfloat16)
    return {"a": rand(m, k), "w": rand(n, k) / 8, "q": rand(2, 4, seq, 128), "k": rand(2, 4, seq, 128),
            "v": rand(2, 4, seq, 128)}


def _check_gemm(c: object, a: object, w: object) -> None:
    ref = a.float() @ w.float().t()  # type: ignore[attr-defined]
    size = a.float().abs() @ w.float().abs().t()  # type: ignore[attr-defined]
    err = (c.float() - ref).abs()  # type: ignore[attr-defined]
    assert not bool(c.isnan().any())  # type: ignore[attr-defined]
    assert bool((err <= 2.0**-8 * ref.abs() + 2.0**-12 * size + 1e-30).all()), float((err / size).max())


def _check_attention(o: object, q: object, k: object, v: object) -> None:
    seq = q.shape[2]  # type: ignore[attr-defined]
    s = q.float() @ k.float().transpose(-1, -2) / math.sqrt(128)  # type: ignore[attr-defined]
    s = s.masked_fill(~torch.ones(seq, seq, device="cuda", dtype=torch.bool).tril(), float("-inf"))
    p = s.softmax(-1)
    ref, mag = p @ v.float(), p @ v.float().abs()  # type: ignore[attr-defined]
    err = (o.float() - ref).abs()  # type: ignore[attr-defined]
    assert not bool(o.isnan().any()), "an element of o was never written"  # type: ignore[attr-defined]
    assert bool((err <= 2.0**-7 * mag + 1e-5).all()), float((err / mag.clamp_min(1e-30)).max())


@pytest.mark.parametrize(("m", "n", "k", "seq"), [(4096, 4096, 4096, 1024), (130, 300, 136, 200)])
def test_one_call_runs_the_hopper_bodies_and_the_mma_sync_bodies_when_forced_to_sm80(
        tmp_path: Path, m: int, n: int, k: int, seq: int) -> None:
    x = _operands(m, n, k, seq)
    gemm, attention = kernels._module.kernel("gemm_bf16_nt_bf16"), kernels._module.kernel("attention_fwd_d128")
    assert (gemm.body(0), attention.body(0)) == ("gemm_bf16_nt_bf16_sm90a", "attention_fwd_d128_sm90a")
    # the GEMM's tuning may run a small-tile sibling (`#[tune(kernels = [...])]`), each an sm_90a body too
    gemms = [kernels._module.state(n + "@sm_90a") for n in GEMMS]
    attention_state = kernels._module.state("attention_fwd_d128@sm_90a")
    for state in (*gemms, attention_state):
        state.entries.clear()
    c = kernels.gemm_bf16_nt_bf16(x["a"], x["w"])
    o = torch.full_like(x["q"], float("nan"))
    kernels.attention_fwd_d128(seq, 1, 1 / math.sqrt(128), x["q"], x["k"], x["v"], o)
    assert any(state.entries for state in gemms) and attention_state.entries  # sm_90a bodies made the launches
    _check_gemm(c, x["a"], x["w"])
    _check_attention(o, x["q"], x["k"], x["v"])

    torch.save({key: value.cpu() for key, value in x.items()}, tmp_path / "in.pt")  # type: ignore[attr-defined]
    proc = subprocess.run([sys.executable, "-c", FORCED, str(tmp_path / "in.pt"), str(tmp_path / "out.pt")],
                          capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "OXPACK_ARCH": "sm_80"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["sm_80", "gemm_bf16_nt_bf16", "attention_fwd_d128", "False", "False"], proc.stdout
    out = torch.load(tmp_path / "out.pt")
    _check_gemm(out["c"].cuda(), x["a"], x["w"])
    _check_attention(out["o"].cuda(), x["q"], x["k"], x["v"])
