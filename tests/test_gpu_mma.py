"""GPU tests: the example's tensor-core GEMMs (`example-project/kernels/tensor.rs`)
against PyTorch on bf16.

`mma.sync` sums the exact bf16 products in f32 in an order of its own, so the f32 outputs are
compared with PyTorch's f32 product of the same bf16 inputs (TF32 off) within the f32 rounding of
k sums (2·k·2⁻²⁴·(|a|·|b|), a bound on both orders' errors), and the bf16 outputs with
`torch.matmul`/`F.linear` in bf16 within one bf16 rounding more. Outputs start poisoned (NaN), so
an element no warp wrote fails. Ragged shapes (M, N not multiples of 128, K not of 32), K not a
multiple of 8 and arrays off 16-byte alignment (ordinary loads instead of cp.async) are covered,
and 4096³. Run where the GPU is, after installing the example's wheel, with PyTorch present:
python -m pytest tests/test_gpu_mma.py. The emulated twins: tests/test_mma_emulation.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import gpu_torch, require_example

pytestmark = pytest.mark.gpu

torch = gpu_torch()
kernels = require_example()  # built from this checkout, or the file fails where the GPU is

F = torch.nn.functional
CUDA = "cuda"


@pytest.fixture(autouse=True)
def _exact_f32_reference(seed: int) -> Iterator[None]:
    """PyTorch's f32 matmul without TF32 (the reference), its bf16 matmul summing in f32 throughout (cuBLAS
    may otherwise round split-k partial sums to bf16: `allow_bf16_reduced_precision_reduction`), its
    generator seeded with the test's seed."""
    torch.manual_seed(seed)
    matmul = torch.backends.cuda.matmul
    before = matmul.allow_tf32, matmul.allow_bf16_reduced_precision_reduction
    matmul.allow_tf32 = matmul.allow_bf16_reduced_precision_reduction = False
    yield
    matmul.allow_tf32, matmul.allow_bf16_reduced_precision_reduction = before


def bf16(*shape: int) -> Any:
    return torch.randn(*shape, device=CUDA).to(torch.bfloat16)


def poisoned(m: int, n: int, dtype: Any) -> Any:
    return torch.full((m, n), float("nan"), device=CUDA, dtype=dtype)


def check_f32(c: Any, a: Any, b: Any) -> None:
    """c (f32) against a·b of the bf16 a (m × k) and b (k × n), within the f32 rounding of k sums."""
    k = a.shape[1]
    ref = a.float() @ b.float()
    scale = a.float().abs() @ b.float().abs()
    assert not c.isnan().any(), "an element of c was never written"
    err = (c - ref).abs()
    assert bool((err <= 2 * k * 2.0**-24 * scale + 1e-30).all()), float((err / scale.clamp_min(1e-30)).max())


SHAPES = [(128, 128, 32), (129, 257, 77), (16, 4096, 4096), (1000, 999, 1001), (512, 512, 512), (4097, 136, 64),
          (1, 8, 8), (300, 40, 2048), (4096, 4096, 4096)]


@pytest.mark.parametrize(("m", "n", "k"), SHAPES)
def test_gemm_bf16_matches_torch(m: int, n: int, k: int) -> None:
    a, b = bf16(m, k), bf16(k, n)
    c = poisoned(m, n, torch.float32)
    kernels.gemm_bf16(m, n, k, a, b, c)
    check_f32(c, a, b)
    # and torch.matmul on bf16 (f32 sums rounded to bf16) within one bf16 rounding more
    ours, theirs = c.to(torch.bfloat16).float(), torch.matmul(a, b).float()
    scale = a.float().abs() @ b.float().abs()
    assert bool(((ours - theirs).abs() <= 2.0**-7 * theirs.abs() + 4 * k * 2.0**-24 * scale + 1e-30).all())


@pytest.mark.parametrize(("m", "n", "k"), SHAPES)
def test_gemm_bf16_nt_takes_a_linear_weight(m: int, n: int, k: int) -> None:
    """b as torch's `linear` weight: n × k, c = a·bᵀ."""
    a, w = bf16(m, k), bf16(n, k)
    c = poisoned(m, n, torch.float32)
    kernels.gemm_bf16_nt(m, n, k, a, w, c)
    check_f32(c, a, w.t())


@pytest.mark.parametrize(("m", "n", "k"), [(128, 128, 32), (129, 257, 77), (16, 4096, 4096), (2048, 1024, 512)])
def test_gemm_bf16_nt_bf16_is_f_linear(m: int, n: int, k: int) -> None:
    a, w = bf16(m, k), bf16(n, k)
    c = poisoned(m, n, torch.bfloat16)
    kernels.gemm_bf16_nt_bf16(m, n, k, a, w, c)
    assert not c.isnan().any()
    ref = F.linear(a.float(), w.float())
    scale = a.float().abs() @ w.float().abs().t()
    # one bf16 rounding of the f32 sums: 2⁻⁸ relative, plus the f32 sums' own error
    err = (c.float() - ref).abs()
    assert bool((err <= 2.0**-8 * ref.abs() + 2 * k * 2.0**-24 * scale + 1e-30).all())
    theirs = F.linear(a, w).float()  # PyTorch's bf16 linear: within one bf16 rounding of ours
    assert bool(((c.float() - theirs).abs() <= 2.0**-7 * theirs.abs() + 4 * k * 2.0**-24 * scale + 1e-30).all())


def check_linear_bf16(c: Any, a: Any, w: Any) -> None:
    """c (bf16) against a·wᵀ in f32 within one bf16 rounding and the f32 sums' own error, and against PyTorch's
    bf16 `F.linear` within one bf16 rounding more; every element written."""
    k = a.shape[1]
    assert not c.isnan().any(), "an element of c was never written"
    ref = F.linear(a.float(), w.float())
    scale = a.float().abs() @ w.float().abs().t()
    err = (c.float() - ref).abs()
    assert bool((err <= 2.0**-8 * ref.abs() + 2 * k * 2.0**-24 * scale + 1e-30).all())
    theirs = F.linear(a, w).float()
    assert bool(((c.float() - theirs).abs() <= 2.0**-7 * theirs.abs() + 4 * k * 2.0**-24 * scale + 1e-30).all())


SIBLINGS = ("gemm_bf16_nt_bf16_64x64", "gemm_bf16_nt_bf16_128x128", "gemm_bf16_nt_bf16_splitk")
SMALL_M = [(1, 4096, 4096), (16, 4096, 4096), (63, 520, 264), (64, 4096, 4096), (65, 1000, 1032),
           (300, 257, 72), (512, 4096, 4096), (129, 8, 8)]


def hopper_only() -> None:
    if torch.cuda.get_device_capability() != (9, 0):
        pytest.skip("the sm_90a variants run on sm_90 GPUs")


@pytest.mark.parametrize("kernel", SIBLINGS)
@pytest.mark.parametrize(("m", "n", "k"), SMALL_M)
def test_small_m_siblings_are_f_linear(kernel: str, m: int, n: int, k: int) -> None:
    """The small-m siblings of `gemm_bf16_nt_bf16` (64 × 64 and 128 × 128 tiles, and 64 × 64 split in two along k;
    sm_90a) at ragged shapes and the
    benchmark's (m = 16, 64, 512 with n = k = 4096): within the bounds of the kernel itself, every element
    written; the call of the data alone gives the same bits."""
    hopper_only()
    a, w = bf16(m, k), bf16(n, k)
    c = poisoned(m, n, torch.bfloat16)
    getattr(kernels, kernel)(m, n, k, a, w, c)
    check_linear_bf16(c, a, w)
    assert torch.equal(getattr(kernels, kernel)(a, w), c)


@pytest.mark.parametrize(("m", "n", "k"), [(16, 4096, 4096), (64, 4096, 4096), (65, 1000, 1032), (1, 72, 8)])
def test_splitk_gives_the_same_bits_every_call(m: int, n: int, k: int) -> None:
    """The split-K sibling adds a tile's two partial sums in slice order in whichever block arrives last, so
    which one that is (it varies from launch to launch on the GPU) cannot change the bits: 30 calls, one result.
    Each call's workspace is new and zeroed (a kept one would leave its counters at 2: the sums would be wrong)."""
    hopper_only()
    a, w = bf16(m, k), bf16(n, k)
    first = kernels.gemm_bf16_nt_bf16_splitk(a, w)
    check_linear_bf16(first, a, w)
    for _ in range(30):
        assert torch.equal(kernels.gemm_bf16_nt_bf16_splitk(a, w), first)


def test_small_m_siblings_refuse_what_they_cannot_run() -> None:
    """`#[only_on(sm_90a)]`: on another GPU each sibling is refused before the launch; on Hopper, arrays its TMA
    sources cannot read (flat, k not a multiple of 8) are refused too (its own body is the refusal). Nothing is
    written either way, and `gemm_bf16_nt_bf16` runs such arrays itself."""
    m, n, k = 100, 72, 77
    a, w = bf16(m, k), bf16(n, k)
    for kernel in SIBLINGS:
        c = poisoned(m, n, torch.bfloat16)
        with pytest.raises(kernels.LaunchError, match=rf"^{kernel}\(\): "):
            getattr(kernels, kernel)(m, n, k, a, w, c)
        torch.cuda.synchronize()
        assert bool(c.isnan().all())
    c = poisoned(m, n, torch.bfloat16)
    kernels.gemm_bf16_nt_bf16(m, n, k, a, w, c)  # tuned: the siblings refuse, the kernel itself runs
    check_linear_bf16(c, a, w)


TUNED = """
import json, sys, torch
from vecmath import kernels
m = int(sys.argv[1])
torch.manual_seed(0)
a = torch.randn(m, 4096, device="cuda").to(torch.bfloat16)
w = torch.randn(4096, 4096, device="cuda").to(torch.bfloat16)
tuner = kernels._module.tuner
c = kernels.gemm_bf16_nt_bf16(a, w)  # the data alone: the first call of the size times the four kernels
runs = tuner.timed_runs
chosen = kernels._module.kernel("gemm_bf16_nt_bf16").tuned_kernel((m, 4096, 4096, a, w, c))
again = kernels.gemm_bf16_nt_bf16(a, w)
torch.save({"a": a.cpu(), "w": w.cpu(), "c": c.cpu()}, sys.argv[2])
print(json.dumps({"runs": runs, "again": tuner.timed_runs - runs, "chosen": chosen[0], "same": bool(torch.equal(c, again))}))
"""


@pytest.mark.parametrize("m", [16, 64, 512])
def test_the_tuned_call_weighs_the_small_m_siblings(tmp_path: Path, m: int) -> None:
    """`gemm_bf16_nt_bf16(a, w)` at m × 4096 × 4096: its first call times itself and its three siblings (each once,
    none refused), runs the fastest, and times nothing again; the result is F.linear's within the bounds. Run in
    a subprocess with a tuning cache of its own, and the tuning's line on stderr (OXPACK_TUNE_LOG)."""
    hopper_only()
    proc = subprocess.run([sys.executable, "-c", TUNED, str(m), str(tmp_path / "out.pt")], capture_output=True,
                          text=True, timeout=600, check=False,
                          env={**os.environ, "OXPACK_TUNING_DIR": str(tmp_path / "tuning"), "OXPACK_TUNE_LOG": "1"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    said = json.loads(proc.stdout.splitlines()[-1])
    assert said["runs"] == 4 and said["again"] == 0 and said["same"], said
    assert said["chosen"] in (None, *SIBLINGS), said
    log = proc.stderr
    assert "oxpack: tuned gemm_bf16_nt_bf16 on " in log and "failed" not in log, log
    assert all(f"kernel={n}" in log for n in range(4)), log
    print(log)  # which won, and every candidate's time (pytest -s shows it)
    saved = torch.load(tmp_path / "out.pt")
    check_linear_bf16(saved["c"].cuda(), saved["a"].cuda(), saved["w"].cuda())


def check_gelu(c: Any, a: Any, w: Any, bias: Any) -> None:
    """c (bf16) against the exact (erf) GELU of a·wᵀ + bias in f64, within one bf16 rounding and the f32
    sums' own error; every element written."""
    k = a.shape[1]
    assert not c.isnan().any(), "an element of c was never written"
    ref = F.gelu(F.linear(a.double(), w.double(), bias.double()))
    scale = a.double().abs() @ w.double().abs().t() + bias.double().abs()
    # GELU's slope is below 1.13: the f32 sums' error passes through at most so amplified
    err = (c.double() - ref).abs()
    assert bool((err <= 2.0**-8 * ref.abs() + 3 * k * 2.0**-24 * scale + 1e-6).all()), float(err.max())


@pytest.mark.parametrize(("m", "n", "k"), [(128, 128, 32), (130, 200, 48), (1024, 4096, 1024)])
def test_linear_gelu_bf16_is_gelu_of_f_linear(m: int, n: int, k: int) -> None:
    a, w, bias = bf16(m, k), bf16(n, k) / 8, bf16(n)
    c = poisoned(m, n, torch.bfloat16)
    kernels.linear_gelu_bf16(m, n, k, a, w, bias, c)
    check_gelu(c, a, w, bias)


@pytest.mark.parametrize(("m", "n", "k"), [(130, 300, 136), (1, 8, 8), (2048, 3000, 1000), (4096, 4096, 4096)])
def test_linear_gelu_runs_its_hopper_body_on_sm90_and_its_mma_sync_body_when_forced(tmp_path: Path, m: int, n: int,
                                                                                   k: int) -> None:
    """On an sm_90 GPU `linear_gelu_bf16` runs its sm_90a variant (TMA + `wgmma`, the bias and GELU in the
    staged epilogue) for 2-D arrays: ragged m and n (the bias read past n), k not a multiple of the 64-deep
    stage. `OXPACK_ARCH=sm_90` (a subprocess: the variable is read when the module is made) runs the mma.sync
    body on the same arrays, through the same call: both within the same bound of the f64 result."""
    if torch.cuda.get_device_capability() != (9, 0):
        pytest.skip("the sm_90a variants run on sm_90 GPUs")
    a, w, bias = bf16(m, k), bf16(n, k) / 8, bf16(n)
    hopper = kernels._module.state("linear_gelu_bf16@sm_90a")
    hopper.entries.clear()
    c = poisoned(m, n, torch.bfloat16)
    kernels.linear_gelu_bf16(m, n, k, a, w, bias, c)
    check_gelu(c, a, w, bias)
    assert hopper.entries  # the variant's general path made the launch
    torch.save({"a": a.cpu(), "w": w.cpu(), "bias": bias.cpu()}, tmp_path / "in.pt")
    code = textwrap.dedent(f"""
        import torch
        from vecmath import kernels
        x = {{k: v.cuda() for k, v in torch.load({str(tmp_path / "in.pt")!r}).items()}}
        c = torch.full(({m}, {n}), float("nan"), device="cuda", dtype=torch.bfloat16)
        kernels.linear_gelu_bf16({m}, {n}, {k}, x["a"], x["w"], x["bias"], c)
        torch.save(c.cpu(), {str(tmp_path / "out.pt")!r})
        print(kernels._module.kernel("linear_gelu_bf16").pick(({m}, {n}, {k}, x["a"], x["w"], x["bias"], c)).arch_key)
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "OXPACK_ARCH": "sm_90"})
    assert proc.stdout.split() == ["None"], proc.stdout + proc.stderr  # the kernel's own body
    check_gelu(torch.load(tmp_path / "out.pt").cuda(), a, w, bias)


@pytest.mark.parametrize(("m", "n", "k"), [(128, 128, 16), (129, 257, 77), (1000, 999, 1001), (4096, 4096, 4096)])
def test_gemm_tf32_nt_matches_torch(m: int, n: int, k: int) -> None:
    """f32 inputs read as tf32 (truncated to 10 mantissa bits) and summed in f32."""
    a, w = torch.randn(m, k, device=CUDA), torch.randn(n, k, device=CUDA)
    c = poisoned(m, n, torch.float32)
    kernels.gemm_tf32_nt(m, n, k, a, w, c)
    assert not c.isnan().any()
    truncate = lambda x: (x.view(torch.int32) & -8192).view(torch.float32)  # noqa: E731  (0xffffe000)
    check_f32(c, truncate(a), truncate(w).t())  # exactly the tf32 values, then f32 sums
    ref = a.double() @ w.double().t()  # and the f32 inputs, within tf32's rounding
    scale = a.abs().double() @ w.abs().double().t()
    assert bool(((c.double() - ref).abs() <= 2.0**-9 * scale + 2 * k * 2.0**-24 * scale + 1e-30).all())


def test_misaligned_arrays_and_k_not_a_multiple_of_8() -> None:
    """Views one element into their buffers (2-byte aligned) take the ordinary-load copies."""
    m, n, k = 300, 260, 96
    a = bf16(m * k + 1)[1:].view(m, k)
    w = bf16(n * k + 1)[1:].view(n, k)
    assert a.data_ptr() % 16 and w.data_ptr() % 16
    c = poisoned(m, n, torch.float32)
    kernels.gemm_bf16_nt(m, n, k, a, w, c)
    check_f32(c, a, w.t())


def test_the_same_inputs_give_the_same_bits() -> None:
    a, b = bf16(777, 555), bf16(555, 333)
    c1, c2 = poisoned(777, 333, torch.float32), poisoned(777, 333, torch.float32)
    kernels.gemm_bf16(777, 333, 555, a, b, c1)
    kernels.gemm_bf16(777, 333, 555, a, b, c2)
    assert torch.equal(c1, c2)


def test_empty_k_gives_zeros() -> None:
    a, b = bf16(100, 0), bf16(0, 50)
    c = poisoned(100, 50, torch.float32)
    kernels.gemm_bf16(100, 50, 0, a, b, c)
    assert torch.equal(c, torch.zeros_like(c))


def _trap_output(call: str) -> str:
    """Run `call` (with `kernels`, `torch` imported) in a fresh process, since a trap ends the
    CUDA context; its stdout says whether the launch trapped."""
    code = textwrap.dedent(
        """
        import torch
        from vecmath import kernels
        try:
            {call}
            torch.cuda.synchronize()
        except Exception as exc:
            print("TRAPPED", type(exc).__name__, exc)
        else:
            print("NO TRAP")
        """
    ).format(call=call)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    return proc.stdout + proc.stderr


DECLARED = ("gemm_bf16(): `threads={t}` differs from the kernel's declared launch `grid = cdiv(m, 128) * "
            "cdiv(n, 128)` (threads=512 for these arguments); leave `threads` out")


@pytest.mark.parametrize(("launch", "message"), [
    ({"threads": 128 * 3}, DECLARED.format(t=384)),
    ({"block": 64}, ("gemm_bf16(): `block=64` differs from the kernel's declared launch `block = 128`; "
                     "leave `block` out")),
    ({"threads": (128 * 4, 2)}, DECLARED.format(t=(512, 2))),
], ids=["too-few-blocks", "another-block", "2-d-grid"])
def test_a_launch_that_cannot_cover_c_is_refused_before_it_runs(launch: dict[str, Any], message: str) -> None:
    """Refused in one line against the kernel's declared launch, nothing queued: the CUDA context stays
    usable, and the declared launch runs. Behind the declaration the kernel's `where (...)` still
    refuses a launch that cannot cover C: given past the stub (threads 512 for a C of 8 tiles), the
    fast path, primed by the declared launch, returns False and the run time's general path names it."""
    a = torch.ones((512, 32), device=CUDA, dtype=torch.bfloat16)
    b = torch.ones((32, 256), device=CUDA, dtype=torch.bfloat16)  # k × n (gemm_bf16: no Hopper variant)
    c = poisoned(256, 256, torch.float32)
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels.gemm_bf16(256, 256, 32, a[:256], b, c, **launch)
    assert str(caught.value) == message
    torch.cuda.synchronize()
    assert bool(c.isnan().all())
    for _ in range(2):  # the general path, then the fast path (threads 512 and block 128, as the stub computes them)
        kernels.gemm_bf16(256, 256, 32, a[:256], b, c)
    assert torch.equal(c, torch.full_like(c, 32.0))
    big = poisoned(512, 256, torch.float32)
    assert kernels._fast_gemm_bf16(512, 256, 32, a, b, big, None, 512, 128) is False
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels._module.kernel("gemm_bf16")((512, 256, 32, a, b, big), None, 512, None)
    assert str(caught.value) == ("gemm_bf16(): requirement `blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)` "
                                 "failed: blocks.x = 4, blocks = 4, m = 512, n = 256; launch at least 8 blocks: "
                                 "threads=1024")
    torch.cuda.synchronize()
    assert bool(big.isnan().all())


@pytest.mark.parametrize(("threads", "block"), [(128 * 3, None), (64 * 8, 64)], ids=["too-few-blocks", "another-block"])
def test_the_device_still_traps_a_launch_past_the_requirements(threads: int, block: int | None) -> None:
    """Defence in depth: with the stub's launch requirements taken away and the launch given to the run
    time's general path (past the declared one), the kernel's own test traps."""
    out = _trap_output(
        "kernels._module.kernel('gemm_bf16').checks.launch_requires = (); "
        "a = torch.ones((256, 32), device='cuda', dtype=torch.bfloat16); "
        "b = torch.ones((32, 256), device='cuda', dtype=torch.bfloat16); "
        "c = torch.zeros((256, 256), device='cuda'); "
        f"kernels._module.kernel('gemm_bf16')((256, 256, 32, a, b, c), None, {threads}, {block})"
    )
    assert "TRAPPED" in out and "KernelValueError" not in out, out


def test_the_hopper_body_runs_where_its_tma_can_read_the_arrays() -> None:
    """On an sm_90 GPU the example's GEMMs run their sm_90a variants (TMA + wgmma, blocks of 384) for 2-D
    arrays the TMA reads, and their own mma.sync bodies (from the sm_90 cubin) for arrays it cannot read
    (flat ones, k not a multiple of 8): one call, the same results. `OXPACK_ARCH=sm_90` (a subprocess: the
    variable is read when the module is made) runs the mma.sync bodies for every call."""
    if torch.cuda.get_device_capability() != (9, 0):
        pytest.skip("the sm_90a variants run on sm_90 GPUs")
    m, n, k = 300, 520, 256
    a, w = bf16(m, k), bf16(n, k)
    hopper, portable = kernels._module.state("gemm_bf16_nt@sm_90a"), kernels._module.state("gemm_bf16_nt")
    hopper.entries.clear()
    portable.entries.clear()
    c = poisoned(m, n, torch.float32)
    kernels.gemm_bf16_nt(m, n, k, a, w, c)
    check_f32(c, a, w.t())
    assert hopper.entries and not portable.entries  # the variant's general path made the launch
    flat = poisoned(m, n, torch.float32)
    kernels.gemm_bf16_nt(m, n, k, a.view(-1), w.view(-1), flat)
    check_f32(flat, a, w.t())
    assert portable.entries  # the mma.sync body, from the sm_90 cubin
    odd = bf16(m, 77), bf16(n, 77)
    c77 = poisoned(m, n, torch.float32)
    kernels.gemm_bf16_nt(m, n, 77, *odd, c77)
    check_f32(c77, odd[0], odd[1].t())
    code = textwrap.dedent("""
        import torch
        from vecmath import kernels
        a, w = torch.ones(300, 256, device="cuda", dtype=torch.bfloat16), torch.ones(520, 256, device="cuda", dtype=torch.bfloat16)
        c = torch.zeros(300, 520, device="cuda")
        kernels.gemm_bf16_nt(300, 520, 256, a, w, c)
        print(kernels._module.kernel("gemm_bf16_nt").pick((300, 520, 256, a, w, c)).arch_key, bool((c == 256).all()),
              bool(kernels._module.state("gemm_bf16_nt").entries))
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "OXPACK_ARCH": "sm_90"})
    assert proc.stdout.split() == ["None", "True", "True"], proc.stdout + proc.stderr
