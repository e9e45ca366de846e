"""The tuned call against the best block picked by hand, in the same run.

    python benchmarks/bench_tuning.py [--repeat 25]   # on the GPU machine: the vecmath wheel, CuPy, PyTorch

The example's `layernorm`, `layernorm_block`, `rmsnorm_bf16`, `softmax` and `cumsum_f32` declare their
launch and the candidate blocks they tune (`#[tune(block = [...])]`). For each, at three sizes: the
call with every candidate block passed by hand (`block=`) is timed, and so is the call as users write
it, with the block left out, whose first call timed the candidates (`OXPACK_TUNING_DIR` is a fresh
folder, so this process tunes). Then the tuned call and the fastest hand block are timed again in
paired rounds (bench_kernels.paired), and the ratio is the median of the per-round ratios: tuned time
/ best hand time (the target: at most 1.03). Times are CUDA-event timings of batches of 8
back-to-back calls (bench_kernels.timed), inputs rotating over sets past L2 where they fit in memory.
Prints one Markdown table. Left out: other kernels (the rest fix their block or leave it to the
caller), the tuning run itself (a first call's cost, once per size bucket and GPU), and other dtypes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("OXPACK_TUNING_DIR", tempfile.mkdtemp(prefix="oxpack-tuning-"))

import cupy as cp  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_kernels  # noqa: E402
from vecmath import kernels  # noqa: E402

L2 = 100 << 20  # rotate inputs over at least this many bytes (twice an H100's or H200's 50 MB L2)


def _sets(nbytes: int) -> int:
    return max(1, min(8, -(-L2 // max(nbytes, 1))))


def layernorm_case(block_kernel: bool) -> Callable[[int, int], tuple[Callable[..., None], int]]:
    fn = kernels.layernorm_block if block_kernel else kernels.layernorm

    def make(rows: int, cols: int) -> tuple[Callable[..., None], int]:
        sets = _sets(rows * cols * 8)
        xs = [torch.randn(rows, cols, device="cuda") for _ in range(sets)]
        w, b = torch.randn(cols, device="cuda"), torch.randn(cols, device="cuda")
        outs = [torch.empty_like(x) for x in xs]
        mean, rstd = torch.empty(rows, device="cuda"), torch.empty(rows, device="cuda")
        return (lambda i, **kw: fn(xs[i], w, b, outs[i], mean, rstd, **kw)), sets

    return make


def rmsnorm_case(rows: int, cols: int) -> tuple[Callable[..., None], int]:
    sets = _sets(rows * cols * 4)
    xs = [torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16) for _ in range(sets)]
    w = torch.randn(cols, device="cuda", dtype=torch.bfloat16)
    outs = [torch.empty_like(x) for x in xs]
    rstd = torch.empty(rows, device="cuda")
    return (lambda i, **kw: kernels.rmsnorm_bf16(1e-6, xs[i], w, outs[i], rstd, **kw)), sets


def softmax_case(rows: int, cols: int) -> tuple[Callable[..., None], int]:
    sets = _sets(rows * cols * 8)
    xs = [torch.randn(rows, cols, device="cuda") for _ in range(sets)]
    outs = [torch.empty_like(x) for x in xs]
    return (lambda i, **kw: kernels.softmax(cols, xs[i], outs[i], **kw)), sets


def scan_case(n: int, _: int) -> tuple[Callable[..., None], int]:
    sets = _sets(n * 8)
    xs = [cp.random.rand(n, dtype=cp.float32) for _ in range(sets)]
    outs = [cp.empty_like(x) for x in xs]
    state = cp.zeros(3 * (n // 2048) + 5, cp.uint64)
    return (lambda i, **kw: kernels.cumsum_f32(xs[i], state, outs[i], **kw)), sets


CASES: list[tuple[str, Callable[[int, int], tuple[Callable[..., None], int]], list[tuple[int, int]]]] = [
    ("layernorm", layernorm_case(False), [(8192, 768), (65536, 768), (16384, 1024)]),
    ("layernorm_block", layernorm_case(True), [(8192, 768), (16384, 4096), (4096, 8192)]),
    ("rmsnorm_bf16", rmsnorm_case, [(8192, 4096), (65536, 768), (2048, 8192)]),
    ("softmax", softmax_case, [(4096, 4096), (65536, 768), (512, 50257)]),
    ("cumsum_f32", scan_case, [(1 << 20, 1), (1 << 24, 1), (1 << 27, 1)]),
]


def candidates(name: str) -> list[int]:
    spec = kernels._module.kernel(name).spec
    return [b[0] for b in spec.tune]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--only", default="", help="comma-separated kernels to run (default: all five)")
    args = parser.parse_args()
    only = {k for k in args.only.split(",") if k}
    bench_kernels.REPEAT = args.repeat
    print(f"GPU: {torch.cuda.get_device_name()}; tuning cache {os.environ['OXPACK_TUNING_DIR']}\n")
    print("| kernel | size | hand-picked blocks (µs) | tuned block | tuned / best hand |")
    print("|---|---|---|---|---|")
    worst = 0.0
    for name, make, sizes in CASES:
        if only and name not in only:
            continue
        blocks = candidates(name)
        for size in sizes:
            call, sets = make(*size)
            call(0)  # the first call as users write it: tunes for this size
            hand = {b: bench_kernels.timed(lambda i, b=b: call(i, block=b), sets) for b in blocks}
            best = min(hand, key=hand.__getitem__)
            tuned_fn = lambda i: call(i)  # noqa: E731
            tuned, ref, _ = bench_kernels.paired(tuned_fn, lambda i: call(i, block=best), sets)
            ratio = tuned / ref
            worst = max(worst, ratio)
            tuned_block = _tuned_block(name)
            shown = ", ".join(f"{b}: {t * 1e6:.1f}" for b, t in hand.items())
            print(f"| `{name}` | {size[0]}×{size[1]} | {shown} | {tuned_block} | {ratio:.3f} |", flush=True)
    print(f"\nworst tuned / best hand: {worst:.3f} (target <= 1.03)")


def _tuned_block(name: str) -> str:
    """The block the tuner chose for the last size tuned (what this process remembers)."""
    tuned = kernels._module.kernel(name)._tuned
    return str(list(tuned.values())[-1]) if tuned else "?"


if __name__ == "__main__":
    main()
