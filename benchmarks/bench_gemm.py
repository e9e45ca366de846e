"""The example's tensor-core bf16 GEMMs (example-project/kernels/tensor.rs) against
`torch.matmul` (cuBLAS) in the same run.

    python benchmarks/bench_gemm.py [--repeat 15]   # on the GPU machine: vecmath wheel installed, PyTorch

For each shape (`EXAMPLE_SHAPES`: 4096³ and 8192³, the LLM shapes 8192×4096×4096, 4096×11008×4096 and
16384×1024×4096 and 512³; `--shapes MxNxK,...` picks others) and each B layout: check ours against PyTorch's
f32 product of the same bf16 inputs, then time ours (through the checked stub) and `torch.matmul` on the same bf16 inputs, in batches
of back-to-back calls between CUDA events, ours and PyTorch's alternating batch by batch (in turn
first, so that clock and thermal drift hit both). The ratio is the median of the per-round
ratios, times are medians. Prints one Markdown table: time and TFLOP/s of both, and ours as a
share of cuBLAS (the issue's target for this sm_80 path, mma.sync + cp.async, on an H200: ≥ 60%
at 4096³ and 8192³).

Rows: `gemm_bf16` (B stored k × n, f32 out) against `torch.matmul(a, b)`; `gemm_bf16_nt_bf16` (B
stored n × k, as a `linear` weight, bf16 out) against `torch.matmul(a, w.t())` (cuBLAS's NT
GEMM, what `F.linear` runs). PyTorch's outputs are bf16 in both: ours writes f32 in the first,
twice the output bytes (at most a few percent of the time at these sizes). Last, `gemm_tf32_nt`
at 8192³ against `torch.matmul(a, w.t())` on f32 with TF32 allowed (the issue's tf32 row; the
sm_80 path, B stored n × k).

The ceiling of this path on the GPU at hand: `benchmarks/cuda/gemm_mma.cu`, a hand CUDA GEMM of
the same structure (and larger tiles, more stages in dynamic shared memory, 8 warps), timed
against cuBLAS in the same rounds (`nvcc -O3 -std=c++17 -arch=sm_90 -o gemm_mma
benchmarks/cuda/gemm_mma.cu -lcublas && ./gemm_mma`): on the H200 it reaches 52–56% of cuBLAS in
bf16 and 50–59% in tf32 (archive/journal.md, session 10), so the 60% target is out of its reach.

    python benchmarks/bench_gemm.py --small-m [--repeat 15]

On Hopper (sm_90a) the rows end with `gemm_bf16_nt_bf16` at m = 16, 64 and 512 with n = k = 4096 (the Hopper targets'
small-m row: ≥ 85% of cuBLAS) against `F.linear(a, w)` as users call it, both making their output: the tuned
call of the data alone (its first call of the size times the 128 × 256 body and the small-m siblings
`gemm_bf16_nt_bf16_64x64`, `gemm_bf16_nt_bf16_128x128` and `gemm_bf16_nt_bf16_splitk`, and runs the fastest;
the row names it), the 128 × 256
body itself (`block=384`) and each sibling called directly, all against `F.linear` in the same rounds.
`--small-m` runs those rows alone. Set OXPACK_TUNE_LOG=1 to see the tuning's own times (L2 flushed).

    python benchmarks/bench_gemm.py --hopper DIR [--repeat 15]

The Hopper path instead (TMA + wgmma, sm_90a): `gemm_bf16_nt_sm90_bf16` (its
store staged through shared memory: `stmatrix`, then 16-byte stores), the same with the
per-thread store (`gemm_bf16_nt_sm90_bf16_direct`, the staged store's baseline in the same
rounds) and `gemm_bf16_nt_sm90` (f32 out; persistent: one block per multiprocessor; and once
with one block per tile) of the scratch project `tests/packages/hopper`, built (`oxpack build --out DIR`)
into DIR, against `torch.matmul(a, w.t())` at the same shapes (target: ≥ 80% of cuBLAS at 4096³
and 8192³); then, at the shapes of 4096³ and more, `gemm_tf32_nt_sm90` (f32 in, tf32 `wgmma`)
against `torch.matmul(a, w.t())` on f32 with TF32 allowed (the issue's tf32 row: ≥ 60% at 8192³).
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from typing import Any

import torch

REPEAT = 15
kernels: Any = None  # vecmath.kernels (the sm_80 path) or hopperdemo.kernels (--hopper), imported in main


def batch_time(fn: Callable[[int], object], sets: int, first: int, batch: int) -> float:
    """Seconds per call of `batch` back-to-back calls between two CUDA events, rotating inputs."""
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for j in range(batch):
        fn((first + j) % sets)
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1e3 / batch


def paired(ours: Callable[[int], object], theirs: Callable[[int], object], sets: int, batch: int,
           repeat: int) -> tuple[float, float, float]:
    """(ours, theirs, theirs / ours): medians over rounds that alternate the two."""
    for i in range(3):
        ours(i % sets)
        theirs(i % sets)
    t_o, t_t, ratios = [], [], []
    for r in range(repeat):
        pair = (ours, theirs) if r % 2 == 0 else (theirs, ours)
        x, y = (batch_time(fn, sets, r * batch, batch) for fn in pair)
        o, t = (x, y) if r % 2 == 0 else (y, x)
        t_o.append(o)
        t_t.append(t)
        ratios.append(t / o)
    return statistics.median(t_o), statistics.median(t_t), statistics.median(ratios)


def check(c: torch.Tensor, a: torch.Tensor, b: torch.Tensor, what: str) -> None:
    """c against the f32 product of the bf16 a and b (k × n), within the f32 rounding of k sums
    (and a bf16 rounding, for a bf16 c)."""
    before = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        ref = a.float() @ b.float()
        scale = a.float().abs() @ b.float().abs()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = before
    k = a.shape[1]
    rel = 2.0**-8 if c.dtype == torch.bfloat16 else 0.0
    bad = (c.float() - ref).abs() > rel * ref.abs() + 2 * k * 2.0**-24 * scale + 1e-30
    if bool(bad.any()) or bool(c.isnan().any()):
        raise SystemExit(f"{what} is wrong: {int(bad.sum())} elements off")


def bench(m: int, n: int, k: int, repeat: int) -> list[tuple[str, str, float, float, float]]:
    """Rows (shape, kernel, ours s, torch s, torch / ours) for both B layouts at m × n × k."""
    sets = 2
    a = [torch.randn(m, k, device="cuda").to(torch.bfloat16) for _ in range(sets)]
    b = [torch.randn(k, n, device="cuda").to(torch.bfloat16) for _ in range(sets)]
    w = [x.t().contiguous() for x in b]  # n × k
    c32 = torch.empty(m, n, device="cuda")
    c16 = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    shape = f"{m}×{n}×{k}" if len({m, n, k}) > 1 else f"{m}³"
    batch = max(2, min(50, int(2e11 // (2 * m * n * k))))  # about 0.2 TFLOP per batch

    kernels.gemm_bf16(m, n, k, a[0], b[0], c32)  # its declared launch: a block per tile
    check(c32, a[0], b[0], f"gemm_bf16 at {shape}")
    kernels.gemm_bf16_nt_bf16(m, n, k, a[0], w[0], c16)
    check(c16, a[0], b[0], f"gemm_bf16_nt_bf16 at {shape}")

    rows = []
    t_o, t_t, ratio = paired(lambda i: kernels.gemm_bf16(m, n, k, a[i], b[i], c32),
                             lambda i: torch.matmul(a[i], b[i], out=out), sets, batch, repeat)
    rows.append((shape, "`gemm_bf16` (B k×n, f32 out) vs `torch.matmul(a, b)`", t_o, t_t, ratio))
    t_o, t_t, ratio = paired(lambda i: kernels.gemm_bf16_nt_bf16(m, n, k, a[i], w[i], c16),
                             lambda i: torch.matmul(a[i], w[i].t(), out=out), sets, batch, repeat)
    rows.append((shape, "`gemm_bf16_nt_bf16` (B n×k, bf16 out) vs `torch.matmul(a, w.t())`", t_o, t_t, ratio))
    return rows


SMALL_M_SIBLINGS = ("gemm_bf16_nt_bf16_64x64", "gemm_bf16_nt_bf16_128x128", "gemm_bf16_nt_bf16_splitk")


def bench_small_m(m: int, n: int, k: int, repeat: int) -> list[tuple[str, str, float, float, float]]:
    """Rows for `gemm_bf16_nt_bf16` at a small m (sm_90a) against `F.linear(a, w)` as users call it (cuBLAS, its
    output allocated per call), each side making its output: the tuned call of the data alone (its first call
    timed the kernel's 128 × 256 body and its small-m siblings; the row names the one it chose), the 128 × 256
    body itself (`block=384`: a call that gives a block runs the kernel itself), and each sibling called
    directly (`gemm_bf16_nt_bf16_64x64(a, w)`, `gemm_bf16_nt_bf16_128x128(a, w)`, `gemm_bf16_nt_bf16_splitk(a, w)`,
    whose time includes the zeroed workspace the stub makes for each call)."""
    sets = 2
    a = [torch.randn(m, k, device="cuda").to(torch.bfloat16) for _ in range(sets)]
    w = [torch.randn(n, k, device="cuda").to(torch.bfloat16) for _ in range(sets)]
    shape = f"{m}×{n}×{k}"
    batch = max(10, min(200, int(2e11 // (2 * m * n * k))))
    F = torch.nn.functional
    c = kernels.gemm_bf16_nt_bf16(a[0], w[0])  # the first call of the size: the tuning
    check(c, a[0], w[0].t(), f"gemm_bf16_nt_bf16 at {shape}")
    chosen = kernels._module.kernel("gemm_bf16_nt_bf16").tuned_kernel((m, n, k, a[0], w[0], c))[0]
    runs: list[tuple[str, Callable[[int], object]]] = [
        (f"`gemm_bf16_nt_bf16(a, w)` (tuned: ran `{chosen or 'gemm_bf16_nt_bf16'}`)",
         lambda i: kernels.gemm_bf16_nt_bf16(a[i], w[i])),
        ("`gemm_bf16_nt_bf16(a, w, block=384)` (its 128 × 256 tiles, untuned)",
         lambda i: kernels.gemm_bf16_nt_bf16(a[i], w[i], block=384)),
    ]
    for name in SMALL_M_SIBLINGS:
        kernel = getattr(kernels, name)
        check(kernel(a[0], w[0]), a[0], w[0].t(), f"{name} at {shape}")
        runs.append((f"`{name}(a, w)`", lambda i, kernel=kernel: kernel(a[i], w[i])))
    check(kernels.gemm_bf16_nt_bf16(a[0], w[0], block=384), a[0], w[0].t(), f"gemm_bf16_nt_bf16 128×256 at {shape}")
    rows = []
    for what, ours in runs:
        t_o, t_t, ratio = paired(ours, lambda i: F.linear(a[i], w[i]), sets, batch, repeat)
        rows.append((shape, f"{what} vs `F.linear(a, w)`", t_o, t_t, ratio))
    return rows


def bench_tf32(m: int, n: int, k: int, repeat: int) -> tuple[str, str, float, float, float]:
    """`gemm_tf32_nt` (f32 in and out, read as tf32) against `torch.matmul(a, w.t())` with TF32 allowed."""
    sets = 2
    a = [torch.randn(m, k, device="cuda") for _ in range(sets)]
    w = [torch.randn(n, k, device="cuda") for _ in range(sets)]
    c = torch.empty(m, n, device="cuda")
    out = torch.empty(m, n, device="cuda")
    shape = f"{m}³ f32" if len({m, n, k}) == 1 else f"{m}×{n}×{k} f32"
    kernels.gemm_tf32_nt(m, n, k, a[0], w[0], c)
    ref = a[0].double() @ w[0].double().t()
    scale = a[0].abs().double() @ w[0].abs().double().t()
    if bool(((c.double() - ref).abs() > 2.0**-9 * scale + 2 * k * 2.0**-24 * scale).any()):
        raise SystemExit(f"gemm_tf32_nt at {shape} is wrong")
    before = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = True
    try:
        batch = max(2, min(50, int(1e11 // (2 * m * n * k))))
        t_o, t_t, ratio = paired(lambda i: kernels.gemm_tf32_nt(m, n, k, a[i], w[i], c),
                                 lambda i: torch.matmul(a[i], w[i].t(), out=out), sets, batch, repeat)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = before
    return (shape, "`gemm_tf32_nt` (tf32, B n×k) vs `torch.matmul(a, w.t())`, TF32 allowed", t_o, t_t, ratio)


def bench_hopper(m: int, n: int, k: int, repeat: int) -> list[tuple[str, str, float, float, float]]:
    """Rows for the sm_90a kernels (B stored n × k) against `torch.matmul(a, w.t())`: bf16 and f32
    out with one block per tile, and f32 out with persistent blocks (one per multiprocessor)."""
    sets = 2
    a = [torch.randn(m, k, device="cuda").to(torch.bfloat16) for _ in range(sets)]
    w = [torch.randn(n, k, device="cuda").to(torch.bfloat16) for _ in range(sets)]
    c32 = torch.empty(m, n, device="cuda")
    c16 = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    tiles = -(-m // 128) * -(-n // 256)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    shape = f"{m}×{n}×{k}" if len({m, n, k}) > 1 else f"{m}³"
    batch = max(2, min(50, int(2e11 // (2 * m * n * k))))
    one: dict[str, int] = {}  # the kernels declare their launch: a block of 384 per tile, the pipeline's shared memory
    persistent = {"threads": 384 * min(tiles, sms)}  # its grid is the call's: one block per multiprocessor
    runs = [
        ("gemm_bf16_nt_sm90_bf16", c16, one, "(TMA + wgmma, bf16 out, staged store)"),
        ("gemm_bf16_nt_sm90_bf16_direct", c16, one, "(bf16 out, per-thread store)"),
        ("gemm_bf16_nt_sm90", c32, one, "(TMA + wgmma, f32 out)"),
        ("gemm_bf16_nt_sm90_persistent", c32, persistent, f"(persistent, {min(tiles, sms)} blocks, f32 out)"),
    ]
    rows = []
    for name, c, launch, what in runs:
        kernel = getattr(kernels, name)
        kernel(m, n, k, a[0], w[0], c, **launch)
        check(c, a[0], w[0].t(), f"{name} at {shape}")
        t_o, t_t, ratio = paired(lambda i, kernel=kernel, c=c, launch=launch: kernel(m, n, k, a[i], w[i], c, **launch),
                                 lambda i: torch.matmul(a[i], w[i].t(), out=out), sets, batch, repeat)
        rows.append((shape, f"`{name}` {what} vs `torch.matmul(a, w.t())`", t_o, t_t, ratio))
    return rows


def bench_hopper_tf32(m: int, n: int, k: int, repeat: int) -> tuple[str, str, float, float, float]:
    """`gemm_tf32_nt_sm90` (f32 in, tf32 `wgmma`, f32 out) against `torch.matmul(a, w.t())` on f32
    with TF32 allowed, in the same rounds."""
    sets = 2
    a = [torch.randn(m, k, device="cuda") for _ in range(sets)]
    w = [torch.randn(n, k, device="cuda") for _ in range(sets)]
    c = torch.empty(m, n, device="cuda")
    out = torch.empty(m, n, device="cuda")
    shape = f"{m}³ f32" if len({m, n, k}) == 1 else f"{m}×{n}×{k} f32"
    kernels.gemm_tf32_nt_sm90(m, n, k, a[0], w[0], c)  # its declared launch: a block per tile
    ref = a[0].double() @ w[0].double().t()
    scale = a[0].abs().double() @ w[0].abs().double().t()
    if bool(((c.double() - ref).abs() > 2.0**-8 * scale + 2 * k * 2.0**-24 * scale).any()):
        raise SystemExit(f"gemm_tf32_nt_sm90 at {shape} is wrong")
    before = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = True
    try:
        batch = max(2, min(50, int(2e11 // (2 * m * n * k))))
        t_o, t_t, ratio = paired(lambda i: kernels.gemm_tf32_nt_sm90(m, n, k, a[i], w[i], c),
                                 lambda i: torch.matmul(a[i], w[i].t(), out=out), sets, batch, repeat)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = before
    return (shape, "`gemm_tf32_nt_sm90` (TMA + tf32 wgmma) vs `torch.matmul(a, w.t())`, TF32 allowed",
            t_o, t_t, ratio)


# The example's shapes: the square targets, the three LLM shapes (a Llama-7B projection, its MLP's up
# projection, a long-prompt narrow one) and 512³; the small-m rows (m = 16, 64, 512; n = k = 4096) follow on
# Hopper (`bench_small_m`: the tuned call and each body by itself).
EXAMPLE_SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 4096, 4096), (4096, 11008, 4096),
                  (16384, 1024, 4096), (512, 512, 512)]


def shapes(default: list[tuple[int, int, int]]) -> list[tuple[int, ...]]:
    """`--shapes MxNxK,...` if given, else `default`."""
    if "--shapes" not in sys.argv:
        return list(default)
    return [tuple(int(x) for x in s.split("x")) for s in sys.argv[sys.argv.index("--shapes") + 1].split(",")]


def main() -> int:
    global kernels
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else REPEAT
    hopper = sys.argv[sys.argv.index("--hopper") + 1] if "--hopper" in sys.argv else None
    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    rows = []
    if hopper is not None:
        sys.path.insert(0, hopper)
        from hopperdemo import kernels as hopper_kernels

        kernels = hopper_kernels
        hopper_shapes = shapes([(4096, 4096, 4096), (8192, 8192, 8192), (512, 512, 512), (16, 4096, 4096)])
        for m, n, k in hopper_shapes:
            rows += bench_hopper(m, n, k, repeat)
            torch.cuda.empty_cache()
        for m, n, k in hopper_shapes:
            if m * n * k >= 4096**3:  # the tf32 row is 8192³; 4096³ alongside
                rows.append(bench_hopper_tf32(m, n, k, repeat))
                torch.cuda.empty_cache()
    else:
        from vecmath import kernels as example_kernels

        kernels = example_kernels
        small_m_only = "--small-m" in sys.argv
        if not small_m_only:
            for m, n, k in shapes(EXAMPLE_SHAPES):
                rows += bench(m, n, k, repeat)
                torch.cuda.empty_cache()
            rows.append(bench_tf32(8192, 8192, 8192, repeat))
        if torch.cuda.get_device_capability() == (9, 0):  # the small-m siblings are sm_90a's
            for m in (16, 64, 512):
                rows += bench_small_m(m, 4096, 4096, repeat)
                torch.cuda.empty_cache()
    print("\n| shape | kernel | oxpack | TFLOP/s | cuBLAS (torch.matmul, F.linear) | TFLOP/s | oxpack of cuBLAS |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for shape, what, t_o, t_t, ratio in rows:
        dims = shape.split()[0]
        m, n, k = (int(x) for x in dims.replace("³", f"×{dims[:-1]}×{dims[:-1]}").split("×"))
        flop = 2.0 * m * n * k
        print(f"| {shape} | {what} | {t_o * 1e3:.4f} ms | {flop / t_o / 1e12:.0f} | {t_t * 1e3:.4f} ms | "
              f"{flop / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
