"""The example's FlashAttention-2 forward (example-project/kernels/attention.rs: the sm_80
path, mma.sync + cp.async), or with `--hopper DIR` the sm_90a forward of the scratch project
`tests/packages/hopper` (kernels/attention.rs: TMA + wgmma, FlashAttention-3's structure) built
into DIR (`oxpack build --out DIR`), against `F.scaled_dot_product_attention` with the flash
backend forced (`--sdpa flash`, the default), or with the backend PyTorch picks when it is called
plainly (`--sdpa default`: cuDNN's attention on an H100 or H200), in the same run.

    python benchmarks/bench_attention.py [--repeat 15] [--sdpa flash|default] [--gqa]   # on the GPU machine: vecmath wheel, PyTorch
    python benchmarks/bench_attention.py --hopper DIR [--repeat 15] [--sdpa flash|default]
    python benchmarks/bench_attention.py --varlen [--repeat 15]

For batch 8, heads 16, seq 4096 and head dim 64 and 128, causal and not: check ours against SDPA,
then time both on the same bf16 inputs in batches of back-to-back calls between CUDA events,
alternating batch by batch (in turn first). Times are medians, the ratio the median of per-round
ratios. FLOPs are 4·b·h·n²·d (q·kᵀ and p·v), halved under a causal mask, as FlashAttention counts
them. With `--gqa` (the example's kernels only), grouped-query attention instead: batch 4, 32 query
heads for 8 k/v heads, seq 4096, against SDPA with `enable_gqa=True`. Prints one Markdown table.

With `--varlen`, attention over a variable-length batch (`attention_varlen_fwd_d*`, FlashAttention's
varlen layout: q, k, v packed (total, 16, d), int32 offsets): 16 sequences of 128 to 4096 tokens drawn
with a fixed seed (`VARLEN_SEED`), head dim 128 and 64, causal and not, against what a PyTorch user
writes for such a batch today (the bodies that ran are printed: on an H100 or H200 the sm_90a ones, TMA +
wgmma), each timed in the same rounds: `torch.nn.attention.varlen.varlen_attn`
where this PyTorch has it (2.10 and newer: causal as `is_causal=True` or `window_size=(-1, 0)`, whichever
its signature takes; the table says which ran, or that it is absent), SDPA called per sequence in a
Python loop (views of the packed tensors, as `(1, heads, n, d)`), and SDPA on the batch padded to the
longest sequence with a boolean mask of the padding (and the causal triangle): the padded tensors are
made once, outside the timing, so that column times SDPA alone (a user also pays the copies in and
out). FLOPs count each sequence's own n², as FlashAttention counts them.
"""

from __future__ import annotations

import contextlib
import math
import statistics
import sys
from collections.abc import Callable
from typing import Any

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel

kernels: Any = None  # vecmath.kernels (the sm_80 path) or hopperdemo.kernels (--hopper), imported in main
HOPPER = False
SDPA = "flash"  # --sdpa: "flash" (the FlashAttention-2 backend forced) or "default" (as users call it)

REPEAT = 15
F = torch.nn.functional


def batch_time(fn: Callable[[], object], batch: int) -> float:
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(batch):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1e3 / batch


def paired(ours: Callable[[], object], theirs: Callable[[], object], batch: int,
           repeat: int) -> tuple[float, float, float]:
    for _ in range(3):
        ours()
        theirs()
    t_o, t_t, ratios = [], [], []
    for r in range(repeat):
        pair = (ours, theirs) if r % 2 == 0 else (theirs, ours)
        x, y = (batch_time(fn, batch) for fn in pair)
        o, t = (x, y) if r % 2 == 0 else (y, x)
        t_o.append(o)
        t_t.append(t)
        ratios.append(t / o)
    return statistics.median(t_o), statistics.median(t_t), statistics.median(ratios)


def bench(b: int, h: int, n: int, d: int, causal: bool, repeat: int,
          kv_heads: int | None = None) -> tuple[str, float, float, float, float]:
    q = torch.randn(b, h, n, d, device="cuda").to(torch.bfloat16)
    k, v = (torch.randn(b, kv_heads or h, n, d, device="cuda").to(torch.bfloat16) for _ in range(2))
    gqa = kv_heads is not None  # SDPA's enable_gqa: k and v of fewer heads
    o = torch.empty_like(q)
    scale = 1 / math.sqrt(d)
    if HOPPER:
        name = f"attention_fwd_sm90_d{d}"
        fn = getattr(kernels, name)
        q2, k2, v2 = (x.view(-1, n, d) for x in (q, k, v))  # 3-D TMA sources: (b·h, n, d)

        def ours() -> None:  # the kernel declares its launch and shared memory
            fn(n, int(causal), scale, q2, k2, v2, o)
    else:
        name = f"attention_fwd_d{d}"
        fn = getattr(kernels, name)

        def ours() -> None:  # the kernel declares its launch
            fn(n, int(causal), scale, q, k, v, o)

    def theirs() -> None:
        F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale, enable_gqa=gqa)

    backend = sdpa_kernel(SDPBackend.FLASH_ATTENTION) if SDPA == "flash" else contextlib.nullcontext()
    with backend:
        ours()
        ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale, enable_gqa=gqa)
        err = float((o.float() - ref.float()).abs().max())
        if not err <= 2.0**-6 * float(v.float().abs().max()):
            raise SystemExit(f"{name} (causal={causal}) is wrong: max error {err}")
        t_o, t_t, ratio = paired(ours, theirs, 10, repeat)
    flop = 4.0 * b * h * n * n * d / (2 if causal else 1)
    shape = f"{b}×{h}×{n}×{d}" + (f", {kv_heads} k/v heads" if kv_heads else "") + (", causal" if causal else "")
    return shape, flop, t_o, t_t, ratio


VARLEN_SEED = 2024  # the lengths of the --varlen batch: random.Random(VARLEN_SEED), 16 of 128..4096


def varlen_baselines(q: Any, k: Any, v: Any, cu: Any, lengths: list[int], causal: bool,
                     scale: float) -> dict[str, Callable[[], object]]:
    """What a PyTorch user writes for a packed batch: `varlen_attn` (where present), SDPA per sequence,
    SDPA on the padded batch with a mask."""
    import inspect
    import itertools

    out: dict[str, Callable[[], object]] = {}
    try:
        from torch.nn.attention.varlen import varlen_attn
    except ImportError:
        varlen_attn = None
    if varlen_attn is not None:
        takes = inspect.signature(varlen_attn).parameters
        extra: dict[str, Any] = {"scale": scale} if "scale" in takes else {}
        if causal:
            extra.update({"is_causal": True} if "is_causal" in takes else {"window_size": (-1, 0)})
        n = max(lengths)

        def varlen() -> None:
            varlen_attn(q, k, v, cu, cu, n, n, **extra)

        out["varlen_attn"] = varlen
    starts = list(itertools.accumulate([0, *lengths]))[:-1]
    views = [tuple(x[s:s + n].transpose(0, 1)[None] for x in (q, k, v)) for s, n in zip(starts, lengths)]

    def per_sequence() -> None:
        for qs, ks, vs in views:
            F.scaled_dot_product_attention(qs, ks, vs, is_causal=causal, scale=scale)

    out["SDPA per sequence"] = per_sequence
    b, n, (_, h, d) = len(lengths), max(lengths), q.shape
    padded = [torch.zeros(b, h, n, d, device="cuda", dtype=q.dtype) for _ in range(3)]
    for i, (s, m) in enumerate(zip(starts, lengths)):
        for p, x in zip(padded, (q, k, v)):
            p[i, :, :m] = x[s:s + m].transpose(0, 1)
    valid = torch.arange(n, device="cuda")[None, :] < torch.tensor(lengths, device="cuda")[:, None]  # (b, keys)
    mask = valid[:, None, None, :].expand(b, 1, n, n)
    if causal:
        mask = mask & torch.ones(n, n, device="cuda", dtype=torch.bool).tril()
    # a padded query row keeps key 0 (valid in every sequence): no row of -inf only, no NaN

    def padded_sdpa() -> None:
        F.scaled_dot_product_attention(*padded, attn_mask=mask, scale=scale)

    out["SDPA padded + mask"] = padded_sdpa
    return out


def bench_varlen(d: int, causal: bool, repeat: int) -> list[tuple[str, str, float, float, float, float]]:
    import itertools
    import random

    draw = random.Random(VARLEN_SEED)
    lengths = [draw.randint(128, 4096) for _ in range(16)]
    h, total = 16, sum(lengths)
    q, k, v = (torch.randn(total, h, d, device="cuda").to(torch.bfloat16) for _ in range(3))
    cu = torch.tensor([0, *itertools.accumulate(lengths)], dtype=torch.int32, device="cuda")
    scale, n = 1 / math.sqrt(d), max(lengths)
    fn = getattr(kernels, f"attention_varlen_fwd_d{d}")
    o = torch.empty_like(q)

    def ours() -> None:  # the kernel declares its launch; total, heads from the shapes
        fn(q, k, v, cu, cu, n, int(causal), scale, o)

    ours()
    for s, m in zip(cu.tolist(), lengths):  # correctness first: SDPA per sequence
        qs, ks, vs = (x[s:s + m].transpose(0, 1)[None] for x in (q, k, v))
        ref = F.scaled_dot_product_attention(qs, ks, vs, is_causal=causal, scale=scale).float()
        err = float((o[s:s + m].transpose(0, 1)[None].float() - ref).abs().max())
        if not err <= 2.0**-6 * float(vs.float().abs().max()):
            raise SystemExit(f"attention_varlen_fwd_d{d} (causal={causal}) is wrong at a sequence of {m}: {err}")
    flop = sum(4.0 * h * m * m * d / (2 if causal else 1) for m in lengths)
    shape = f"16 seqs ({min(lengths)}..{max(lengths)}, {total} tokens)×{h}×{d}" + (", causal" if causal else "")
    rows = []
    for name, theirs in varlen_baselines(q, k, v, cu, lengths, causal, scale).items():
        t_o, t_t, ratio = paired(ours, theirs, 5, repeat)
        rows.append((shape, name, flop, t_o, t_t, ratio))
    return rows


def main_varlen(repeat: int) -> int:
    try:
        import torch.nn.attention.varlen  # noqa: F401
        present = "present"
    except ImportError:
        present = "absent: its column is left out"
    bodies = ", ".join(kernels._module.kernel(f"attention_varlen_fwd_d{d}").body(0) for d in (128, 64))
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"torch.nn.attention.varlen {present}; bodies: {bodies}")
    torch.manual_seed(0)
    rows = [r for d in (128, 64) for causal in (False, True) for r in bench_varlen(d, causal, repeat)]
    print("\n| batch×heads×d | baseline | oxpack `attention_varlen_fwd_d*` | TFLOP/s | baseline | TFLOP/s "
          "| oxpack of baseline |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for shape, name, flop, t_o, t_t, ratio in rows:
        print(f"| {shape} | {name} | {t_o * 1e3:.3f} ms | {flop / t_o / 1e12:.0f} | {t_t * 1e3:.3f} ms | "
              f"{flop / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


def main() -> int:
    global kernels, HOPPER, SDPA
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else REPEAT
    if "--sdpa" in sys.argv:
        SDPA = sys.argv[sys.argv.index("--sdpa") + 1]
        if SDPA not in ("flash", "default"):
            raise SystemExit(f"--sdpa {SDPA}: flash or default")
    if "--varlen" in sys.argv:
        if "--hopper" in sys.argv or "--gqa" in sys.argv:
            raise SystemExit("--varlen: the example's varlen kernels, alone: leave --hopper and --gqa out")
        from vecmath import kernels as vecmath_kernels

        kernels = vecmath_kernels
        return main_varlen(repeat)
    if "--hopper" in sys.argv:
        sys.path.insert(0, sys.argv[sys.argv.index("--hopper") + 1])
        from hopperdemo import kernels as hopper_kernels

        kernels, HOPPER = hopper_kernels, True
    else:
        from vecmath import kernels as vecmath_kernels

        kernels = vecmath_kernels
    gqa = "--gqa" in sys.argv
    if gqa and HOPPER:
        raise SystemExit("--gqa: the example's kernels (tests/packages/hopper's take no GQA): leave --hopper out")
    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    if gqa:
        rows = [bench(4, 32, 4096, d, causal, repeat, kv_heads=8) for d in (128, 64) for causal in (False, True)]
    else:
        rows = [bench(8, 16, 4096, d, causal, repeat) for d in (128, 64) for causal in (False, True)]
    ours = "`attention_fwd_sm90_d*` (TMA + wgmma)" if HOPPER else "`attention_fwd_d*`"
    print(f"\n| shape (b×h×n×d) | oxpack {ours} | TFLOP/s | SDPA ({SDPA}) | TFLOP/s | oxpack of SDPA |")
    print("| --- | --- | --- | --- | --- | --- |")
    for shape, flop, t_o, t_t, ratio in rows:
        print(f"| {shape} | {t_o * 1e3:.3f} ms | {flop / t_o / 1e12:.0f} | {t_t * 1e3:.3f} ms | "
              f"{flop / t_t / 1e12:.0f} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
