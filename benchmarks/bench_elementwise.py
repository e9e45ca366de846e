"""One-element-per-thread kernels against a device copy, torch and torch.compile.

    python benchmarks/bench_elementwise.py [--repeat 25] [--sizes 26,28]   # GPU machine: vecmath wheel, torch

The example's element-wise kernels exactly as they read (kernels/saxpy.rs, nn.rs, bits.rs: one
launch index per element; oxpack runs 4 of them per hardware thread, the manifest's `coarsen`)
at 2^26 and 2^28 float32 elements, called through their checked stubs with torch tensors, in
one run with:

- a device-to-device copy (`dst.copy_(src)`): the bandwidth every ratio is taken against;
- torch's own op for the same result (`y.add_(x, alpha=a)`, `F.gelu(x)`, `torch.mul(x, a, out=)`);
- `torch.compile` of the same expression (Inductor's generated Triton kernel).

Times are CUDA-event medians of batches of 8 back-to-back calls (host work overlaps the
kernels), the variants of one row taking turns round by round so that clock drift hits all.
GB/s counts the bytes each kernel must move (read + written). Prints one Markdown table: GB/s,
percent of the copy's GB/s, and torch's and torch.compile's time over ours (above 1: ours is
faster). Each kernel's result is checked against torch's first.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable
from pathlib import Path

import torch
import torch.nn.functional as F

from vecmath import kernels

REPEAT = 25


def batch_time(fn: Callable[[], object], batch: int = 8) -> float:
    """Seconds per call of `batch` back-to-back calls between two CUDA events."""
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(batch):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1e3 / batch


def measure(variants: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Median seconds per call of each variant; round r runs them all, in an order rotated by r."""
    for fn in variants.values():  # warm-up (and torch.compile's compilation)
        for _ in range(3):
            fn()
    torch.cuda.synchronize()
    names = list(variants)
    times: dict[str, list[float]] = {n: [] for n in names}
    for r in range(repeat):
        for n in names[r % len(names):] + names[: r % len(names)]:
            times[n].append(batch_time(variants[n]))
    return {n: statistics.median(t) for n, t in times.items()}


def rows(n: int, repeat: int) -> list[dict[str, object]]:
    g = torch.Generator(device="cuda").manual_seed(n)
    x = torch.randn(n, device="cuda", generator=g)
    y = torch.randn(n, device="cuda", generator=g)
    out = torch.empty_like(x)
    a = 1.5
    copy = torch.empty_like(x)

    compiled_axpy = torch.compile(lambda x, y: y.add_(x, alpha=a))
    compiled_gelu = torch.compile(lambda x: F.gelu(x))
    compiled_scale = torch.compile(lambda x: x * a)

    # (kernel, bytes moved, ours, torch, torch.compile, check)
    cases: list[tuple[str, int, Callable[[], object], Callable[[], object], Callable[[], object],
                      Callable[[], None]]] = []

    def check_saxpy() -> None:
        y0 = y.clone()
        kernels.saxpy(a, x, y0)
        torch.testing.assert_close(y0, y + a * x)

    cases.append(("saxpy", 12 * n, lambda: kernels.saxpy(a, x, y), lambda: y.add_(x, alpha=a),
                  lambda: compiled_axpy(x, y), check_saxpy))

    def check_gelu() -> None:
        kernels.gelu(x, out)
        torch.testing.assert_close(out, F.gelu(x))

    cases.append(("gelu", 8 * n, lambda: kernels.gelu(x, out), lambda: F.gelu(x), lambda: compiled_gelu(x),
                  check_gelu))

    def check_scale() -> None:
        kernels.scale_streaming(a, x, out)
        torch.testing.assert_close(out, a * x)

    for name in ("scale_streaming", "scale_bounded"):
        fn = getattr(kernels, name)
        cases.append((name, 8 * n, lambda fn=fn: fn(a, x, out), lambda: torch.mul(x, a, out=out),
                      lambda: compiled_scale(x), check_scale))
    cases.append(("saxpy4 (16-byte, written so)", 12 * n, lambda: kernels.saxpy4(a, x, y),
                  lambda: y.add_(x, alpha=a), lambda: compiled_axpy(x, y), lambda: None))

    result = []
    for name, nbytes, ours, ref, compiled, check in cases:
        check()
        t = measure({"ours": ours, "torch": ref, "compile": compiled, "copy": lambda: copy.copy_(x)}, repeat)
        gbs = nbytes / t["ours"] / 1e9
        copy_now = 2 * 4 * n / t["copy"] / 1e9  # the copy measured in the same rounds
        result.append({"kernel": name, "n": n, "us": t["ours"] * 1e6, "gbs": gbs, "copy_pct": 100 * gbs / copy_now,
                       "torch_us": t["torch"] * 1e6, "vs_torch": t["torch"] / t["ours"],
                       "compile_us": t["compile"] * 1e6, "vs_compile": t["compile"] / t["ours"],
                       "copy_gbs": copy_now})
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    parser.add_argument("--sizes", default="26,28", help="log2 of the element counts, comma-separated")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    manifest = json.loads((Path(kernels.__file__).parent / "_oxpack" / "kernels.json").read_text())
    coarsen = {k: v.get("coarsen", 1) for k, v in manifest["kernels"].items()}
    out = []
    for log2 in (int(s) for s in args.sizes.split(",")):
        out += rows(1 << log2, args.repeat)
    names = dict.fromkeys(str(r["kernel"]).split()[0] for r in out)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, float32, {args.repeat} rounds of 8 calls; "
          "launch indices per hardware thread (the manifest's `coarsen`): "
          + ", ".join(f"{k} {coarsen.get(k, 1)}" for k in names))
    print()
    print("| kernel | n | ours µs | GB/s | % of copy | torch µs | torch / ours | torch.compile µs | compile / ours |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in out:
        n = int(r["n"])  # type: ignore[call-overload]
        print(f"| {r['kernel']} | 2^{n.bit_length() - 1} | {r['us']:.1f} | {r['gbs']:.0f} | {r['copy_pct']:.1f} | "
              f"{r['torch_us']:.1f} | {r['vs_torch']:.2f}x | {r['compile_us']:.1f} | {r['vs_compile']:.2f}x |")
    print()
    print("Copy GB/s (read + written) measured in the same rounds: "
          + ", ".join(f"{r['kernel'].split()[0]}@2^{int(r['n']).bit_length() - 1}: {r['copy_gbs']:.0f}"  # type: ignore[call-overload]
                      for r in out))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
