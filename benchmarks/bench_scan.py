"""A single-pass prefix sum against torch.cumsum.

    python benchmarks/bench_scan.py [--repeat 25] [--sizes 20,24,26] [--items 32] [--block 256]  # GPU: vecmath, torch

The example's `cumsum_f32` (kernels/scan.rs: tiles of 256 threads x 32 elements drawn in launch
order, decoupled look-back, one launch; `--items 16` for an older build of 16 elements a thread, `--items 8` for one of 8) at 2^20, 2^24 and 2^26 float32 elements, called through
its checked stub with torch tensors (`threads = ceil(n / 32)`, which the run time cuts to the blocks
the GPU holds at once: docs/device-library.md), in one run with:

- `torch.cumsum(x, 0, out=)` (CUB's DeviceScan: a tile-state init kernel, then the scan);
- a device-to-device copy (`dst.copy_(src)`): a scan reads n and writes n floats, as a copy does.

Ours reuses one state buffer, zeroed once (the kernel's generations make every later call start
clean without zeroing). Times are CUDA-event medians of batches of 8 back-to-back calls, the
variants taking turns round by round (paired rounds, rotated order) so that clock drift hits
all. Prints one Markdown table: µs, GB/s (8 bytes per element), percent of the copy's GB/s, and
torch's time over ours (above 1: ours is faster). Each result is checked against torch first:
bit for bit on integer-valued data (every partial sum exact in float32), and on normal data
within a bound on float32 rounding.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import torch

from bench_elementwise import measure  # the same paired rounds as the elementwise table
from vecmath import kernels

REPEAT = 25
ITEMS, BLOCK = 32, 256  # kernels/scan.rs: 32 elements per thread, blocks of 256


def state_for(n: int) -> torch.Tensor:
    return torch.zeros(3 * (n // 2048) + 5, dtype=torch.uint64, device="cuda")  # the kernel's `where`


def row(n: int, repeat: int, items: int, block: int = BLOCK) -> dict[str, object]:
    g = torch.Generator(device="cuda").manual_seed(n)
    state = state_for(n)  # the kernel declares its launch: a thread per `items` elements; the block is the call's
    # integer-valued floats in [-8, 8]: every partial sum is an integer below 2^24 in magnitude
    # at these sizes (checked), so exact in float32 whatever the order of the additions
    ints = torch.randint(-8, 9, (n,), device="cuda", generator=g).to(torch.float32)
    assert float(ints.double().cumsum(0).abs().max()) < 2**24
    out = torch.empty_like(ints)
    kernels.cumsum_f32(ints, state, out, block=block)
    if not torch.equal(out, torch.cumsum(ints, 0)):
        raise SystemExit(f"cumsum_f32 at n = {n} differs from torch.cumsum on integer-valued data")
    x = torch.randn(n, device="cuda", generator=g)
    kernels.cumsum_f32(x, state, out, block=block)
    ref = x.double().cumsum(0)
    # each output is at most m = 32 + 5 + 6 + 5 + 2 + 2·(tiles) roundings deep (its thread's serial
    # sum, the warp's tree, the block's (a lane's warps, then a warp's tree), a look-back step's
    # tree, two per tile of look-back: a step takes at least one tile; adding zeros is exact), so
    # |error| <= u·m·Σ|x| to first order, u = 2^-24: loose, but never flaky (the exact test above
    # is the sharp one)
    bound = 2.0**-24 * (50 + 2 * -(-n // (items * block))) * x.double().abs().cumsum(0)
    if not bool(((out.double() - ref).abs() <= bound).all()):
        raise SystemExit(f"cumsum_f32 at n = {n} is outside float32's rounding bound")
    ref_out, copy = torch.empty_like(x), torch.empty_like(x)
    t = measure({"ours": lambda: kernels.cumsum_f32(x, state, out, block=block),
                 "torch": lambda: torch.cumsum(x, 0, out=ref_out),
                 "copy": lambda: copy.copy_(x)}, repeat)
    gbs = 8 * n / t["ours"] / 1e9
    copy_gbs = 8 * n / t["copy"] / 1e9
    return {"n": n, "us": t["ours"] * 1e6, "gbs": gbs, "copy_pct": 100 * gbs / copy_gbs, "torch_us": t["torch"] * 1e6,
            "vs_torch": t["torch"] / t["ours"], "copy_us": t["copy"] * 1e6,
            "torch_copy_pct": 100 * t["copy"] / t["torch"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    parser.add_argument("--sizes", default="20,24,26", help="log2 of the element counts, comma-separated")
    parser.add_argument("--items", type=int, default=ITEMS, help="the build's elements per thread (older builds: 16 or 8)")
    parser.add_argument("--block", type=int, default=BLOCK, help="threads a block (at most 256)")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    out = [row(1 << int(s), args.repeat, args.items, args.block) for s in args.sizes.split(",")]
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, float32, {args.repeat} rounds of 8 calls; "
          f"cumsum_f32: block {args.block}, {args.items} elements per thread, threads = ceil(n / {args.items})")
    print()
    print("| n | ours µs | GB/s | % of copy | torch.cumsum µs | torch / ours | copy µs | torch % of copy |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in out:
        n = int(r["n"])  # type: ignore[call-overload]
        print(f"| 2^{n.bit_length() - 1} | {r['us']:.1f} | {r['gbs']:.0f} | {r['copy_pct']:.1f} | "
              f"{r['torch_us']:.1f} | {r['vs_torch']:.2f}x | {r['copy_us']:.1f} | "
              f"{r['torch_copy_pct']:.1f} |")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
