"""LayerNorm (fp32) and RMSNorm (bf16) written with the cooperative layouts, against PyTorch
and against CUDA C++ baselines of llm.c's LayerNorm kernels 3-6.

    python benchmarks/bench_norms.py [--repeat 25] [--builds vm_main.kernels,vm_new.kernels]
    # on the GPU machine: the vecmath wheel installed (or on PYTHONPATH), CuPy, PyTorch, nvcc

Every form is measured, each at several block sizes:

- LayerNorm, at B·T = 8·1024 and 64·1024 rows of C = 768 and at 16384 rows of C = 4096
  (the norms' benchmark shapes): the example's `layernorm` (one warp per row, `WarpRows<Vec4>`, mean
  and rstd `OnePerWarp`) and `layernorm_block` (one block per row, `BlockRows<Vec4>`,
  `OnePerBlock`), both with llm.c's `layernorm_forward` semantics (out, mean, rstd);
  against `ln3`..`ln6` of benchmarks/cuda/layernorm.cu (our CUDA C++ after the algorithms
  of llm.c's dev/cuda/layernorm_forward.cu kernels 3-6, built here by `nvcc -O3
  -arch=sm_90`; llm.c's own file is not run: the GPU machine has no network) and
  `torch.nn.functional.layer_norm` (which writes no mean and rstd: less work); and against
  `ln_regs` there, `layernorm`'s own algorithm written by hand in CUDA C++ (the row in
  registers, 16-byte accesses): the gap to it is code generation, the rest is the algorithm.
- RMSNorm on bfloat16 at the same shapes: `rmsnorm_bf16` (one block per row) and
  `rmsnorm_bf16_warp` (one warp per row), against `torch.nn.functional.rms_norm` and against
  `rms_warp` of benchmarks/cuda/rmsnorm.cu (our CUDA C++ of `rmsnorm_bf16_warp`'s algorithm:
  a warp per row, 16-byte loads and stores, a row of up to 1,024 channels held in registers).

Each kernel is first checked against PyTorch on the data it is timed on. Times are
CUDA-event timings of batches of 8 back-to-back calls (host work overlaps the kernels),
inputs rotating over enough sets to pass 2 × 50 MB of L2; each form's time is the median of
`--repeat` batches. Then the fastest oxpack form and the fastest baseline of each kind are
measured again in paired rounds (bench_kernels.paired), and the ratio is the median of the
same-run per-round ratios (baseline time / oxpack time: above 1 means oxpack is faster). GB/s
counts one read of x and one write of out. Prints Markdown tables. Left out: the backward
pass, other dtypes, other C.

`--queued` queues each batch behind a spin kernel (`torch.cuda._sleep`), so that its kernels
run back to back on the GPU: below ~20 µs a kernel, a batch of back-to-back calls may be bound by
the host's launch path (the stub's checks against a raw launch), which this leaves out; each
time is then the kernels' own, plus the GPU's gap between two queued kernels (the same for every
form). `--shapes 8192x768` runs only the shapes named.

`--builds A,B,...` adds a table that compares builds of the same kernels (generated modules
importable under those names, e.g. `oxpack build ... --package-path vm_main`): `layernorm` and
`rmsnorm_bf16_warp` of each build at C = 768 and blocks 128, 256 and 512, in paired rounds
against the first build's at the same block (first / build: above 1 means the build is faster).
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cupy as cp
import torch

import bench_kernels
from bench_kernels import paired, timed
from vecmath import kernels

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

SHAPES = [(8 * 1024, 768), (64 * 1024, 768), (16384, 4096)]
BLOCKS = (128, 256, 512, 1024)
L2_BYTES = 50 * 2**20
HERE = Path(__file__).resolve().parent


def sets_for(nbytes: int) -> int:
    """Input sets to rotate over so that a round's reads pass twice the L2."""
    return max(2, -(-2 * L2_BYTES // nbytes))


def copy_bandwidth() -> float:
    big = [cp.random.rand(1 << 28, dtype=cp.float32) for _ in range(2)]
    bw = 8 * (1 << 28) / timed(lambda i: cp.copyto(big[1 - i % 2], big[i % 2]), 2)
    del big
    return bw


def nvcc(name: str = "layernorm") -> Any:
    cubin = Path(tempfile.mkdtemp()) / f"{name}.cubin"
    subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-cubin", str(HERE / "cuda" / f"{name}.cu"), "-o", str(cubin)],
                   check=True)
    return ObjectCode.from_cubin(cubin.read_bytes())


Form = tuple[str, str, Callable[[int], None]]  # (kind, name, call on input set i)


def runnable(forms: list[Form]) -> list[Form]:
    """The forms whose first call is not refused (a block over a kernel's register-limited
    maximum raises KernelValueError before launch); the refused ones are named."""
    kept = []
    for form in forms:
        try:
            form[2](0)
        except kernels.KernelValueError as exc:
            print(f"<!-- left out: {form[1]}: {str(exc).split(';')[0]} -->", flush=True)
            continue
        kept.append(form)
    torch.cuda.synchronize()
    return kept


def best(forms: list[Form], kind: str, n: int) -> tuple[str, Callable[[int], None], float, list[str]]:
    """The fastest form of `kind`: (name, call, seconds, every form's time as text)."""
    times = [(timed(fn, n), name, fn) for k, name, fn in forms if k == kind]
    t, name, fn = min(times, key=lambda x: x[0])
    return name, fn, t, [f"{nm} {tt * 1e6:.1f}" for tt, nm, _ in times]


def layernorm_shape(nv: Any, rows: int, c: int, copy_bw: float) -> list[str]:
    g = torch.Generator(device="cuda").manual_seed(rows + c)
    n = sets_for(4 * rows * c)
    xs = [torch.randn(rows, c, device="cuda", generator=g) for _ in range(n)]
    w, b = torch.randn(c, device="cuda", generator=g), torch.randn(c, device="cuda", generator=g)
    out, mean, rstd = torch.empty_like(xs[0]), torch.empty(rows, device="cuda"), torch.empty(rows, device="cuda")
    ref = torch.nn.functional.layer_norm(xs[0], (c,), w, b, eps=1e-5)
    ref_mean = xs[0].mean(1)
    stream = Device().default_stream
    forms: list[Form] = []
    for block in BLOCKS:
        forms.append(("oxpack", f"layernorm (warp/row) b{block}", lambda i, block=block: kernels.layernorm(
            xs[i], w, b, out, mean, rstd, block=block)))
        forms.append(("oxpack", f"layernorm_block (block/row) b{block}", lambda i, block=block: kernels.layernorm_block(
            xs[i], w, b, out, mean, rstd, block=block)))
        warp_grid = -(-32 * rows // block)
        for name, grid in (("ln3", warp_grid), ("ln4", warp_grid), ("ln6", warp_grid), ("ln5", rows)):  # ln5: a block a row
            shmem = 4 * c * (block // 32) if name == "ln6" else 0
            if shmem > 48 * 1024:  # ln6 keeps a row per warp in shared memory: left out where over 48 KiB
                continue
            cfg = LaunchConfig(grid=grid, block=block, shmem_size=shmem)
            forms.append(("llm.c", f"{name} b{block}", lambda i, k=nv.get_kernel(name), cfg=cfg: launch(
                stream, cfg, k, out.data_ptr(), mean.data_ptr(), rstd.data_ptr(), xs[i].data_ptr(), w.data_ptr(),
                b.data_ptr(), ctypes.c_int(rows), ctypes.c_int(c))))
        # our algorithm by hand (layernorm.cu's ln_regs): what `layernorm` could reach
        cfg = LaunchConfig(grid=warp_grid, block=block)
        forms.append(("cuda", f"ln_regs b{block}", lambda i, k=nv.get_kernel("ln_regs"), cfg=cfg: launch(
            stream, cfg, k, out.data_ptr(), mean.data_ptr(), rstd.data_ptr(), xs[i].data_ptr(), w.data_ptr(),
            b.data_ptr(), ctypes.c_int(rows), ctypes.c_int(c))))
    forms.append(("torch", "F.layer_norm", lambda i: torch.nn.functional.layer_norm(xs[i], (c,), w, b, eps=1e-5)))
    forms = runnable(forms)
    for kind, name, fn in forms:  # every form is right before it is timed
        if kind == "torch":
            continue
        out.zero_()
        fn(0)
        torch.cuda.synchronize()
        assert torch.allclose(out, ref, rtol=1e-4, atol=1e-4), f"{name} at {rows}×{c} is wrong"
        assert torch.allclose(mean, ref_mean, atol=1e-5), f"{name} at {rows}×{c}: mean is wrong"
    del ref, ref_mean
    ours, ours_fn, t_ours, all_ours = best(forms, "oxpack", n)
    lines = []
    for kind in ("llm.c", "cuda", "torch"):
        theirs, theirs_fn, t_theirs, all_theirs = best(forms, kind, n)
        t_o, t_t, ratio = paired(ours_fn, theirs_fn, n)
        nbytes = 8 * rows * c
        lines.append(f"| LayerNorm fp32 | {rows} × {c} | {ours} | {t_o * 1e6:.1f} | {kind}: {theirs} | "
                     f"{t_t * 1e6:.1f} | {ratio:.3f}x | {nbytes / t_o / 1e9:.0f} ({nbytes / t_o / copy_bw:.0%}) |")
        if kind != "torch":
            print(f"<!-- {rows}×{c} µs: {'; '.join((all_ours if kind == 'llm.c' else []) + all_theirs)} -->",
                  flush=True)
    del xs
    return lines


def rms_reference() -> tuple[Callable[..., Any], str]:
    if hasattr(torch.nn.functional, "rms_norm"):
        return (lambda x, c, w: torch.nn.functional.rms_norm(x, (c,), w, eps=1e-6)), "F.rms_norm"

    def composite(x: Any, c: int, w: Any) -> Any:
        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * w.float()).to(x.dtype)

    return composite, "x·rsqrt(mean(x²)+eps)·w (no F.rms_norm here)"


def rmsnorm_shape(nv: Any, rows: int, c: int, copy_bw: float) -> list[str]:
    g = torch.Generator(device="cuda").manual_seed(rows * c)
    n = sets_for(2 * rows * c)
    xs = [torch.randn(rows, c, device="cuda", generator=g).to(torch.bfloat16) for _ in range(n)]
    w = torch.randn(c, device="cuda", generator=g).to(torch.bfloat16)
    out, rstd = torch.empty_like(xs[0]), torch.empty(rows, device="cuda")
    reference, ref_name = rms_reference()
    ref = reference(xs[0], c, w)
    stream = Device().default_stream
    forms: list[Form] = []
    for block in BLOCKS:
        forms.append(("oxpack", f"rmsnorm_bf16 (block/row) b{block}", lambda i, block=block: kernels.rmsnorm_bf16(
            1e-6, xs[i], w, out, rstd, block=block)))
        forms.append(("oxpack", f"rmsnorm_bf16_warp (warp/row) b{block}", lambda i, block=block:
                      kernels.rmsnorm_bf16_warp(1e-6, xs[i], w, out, rstd, block=block)))
        cfg = LaunchConfig(grid=-(-32 * rows // block), block=block)
        forms.append(("cuda", f"rms_warp b{block}", lambda i, k=nv.get_kernel("rms_warp"), cfg=cfg: launch(
            stream, cfg, k, out.data_ptr(), rstd.data_ptr(), xs[i].data_ptr(), w.data_ptr(), ctypes.c_float(1e-6),
            ctypes.c_int(rows), ctypes.c_int(c))))
    forms.append(("torch", ref_name, lambda i: reference(xs[i], c, w)))
    forms = runnable(forms)
    for kind, name, fn in forms:
        if kind != "torch":
            out.zero_()
            fn(0)
            torch.cuda.synchronize()
            assert torch.allclose(out.float(), ref.float(), rtol=2**-6, atol=1e-6), f"{name} at {rows}×{c} is wrong"
    del ref
    ours, ours_fn, _, all_ours = best(forms, "oxpack", n)
    lines = []
    for kind in ("cuda", "torch"):
        theirs, theirs_fn, _, all_theirs = best(forms, kind, n)
        t_o, t_t, ratio = paired(ours_fn, theirs_fn, n)
        if kind == "cuda":
            print(f"<!-- {rows}×{c} µs: {'; '.join(all_ours + all_theirs)} -->", flush=True)
        nbytes = 4 * rows * c
        lines.append(f"| RMSNorm bf16 | {rows} × {c} | {ours} | {t_o * 1e6:.1f} | {kind}: {theirs} | {t_t * 1e6:.1f} | "
                     f"{ratio:.3f}x | {nbytes / t_o / 1e9:.0f} ({nbytes / t_o / copy_bw:.0%}) |")
    del xs
    return lines


def compare_builds(names: list[str]) -> list[str]:
    """`layernorm` and `rmsnorm_bf16_warp` of each build against the first build's, same block."""
    mods = [importlib.import_module(name) for name in names]
    lines = []
    for rows, c in SHAPES[:2]:
        g = torch.Generator(device="cuda").manual_seed(rows + c)
        n = sets_for(4 * rows * c)
        xs = [torch.randn(rows, c, device="cuda", generator=g) for _ in range(n)]
        xh = [x.to(torch.bfloat16) for x in xs[: sets_for(2 * rows * c)]]
        w, b = torch.randn(c, device="cuda", generator=g), torch.randn(c, device="cuda", generator=g)
        wh = w.to(torch.bfloat16)
        out, mean, rstd = torch.empty_like(xs[0]), torch.empty(rows, device="cuda"), torch.empty(rows, device="cuda")
        outh = torch.empty_like(xh[0])
        for block in (128, 256, 512):
            def ln(m: Any, block: int = block) -> Callable[[int], None]:
                return lambda i: m.layernorm(xs[i % n], w, b, out, mean, rstd, block=block)

            def rms(m: Any, block: int = block) -> Callable[[int], None]:
                return lambda i: m.rmsnorm_bf16_warp(1e-6, xh[i % len(xh)], wh, outh, rstd, block=block)

            for what, make, sets in (("layernorm", ln, n), ("rmsnorm_bf16_warp", rms, len(xh))):
                for name, m in zip(names[1:], mods[1:]):
                    t_new, t_first, ratio = paired(make(m), make(mods[0]), sets)
                    lines.append(f"| {what} | {rows} × {c} | b{block} | {name} | {t_new * 1e6:.1f} | {names[0]} | "
                                 f"{t_first * 1e6:.1f} | {ratio:.3f}x |")
        del xs, xh
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=25, help="rounds per measurement (default 25)")
    parser.add_argument("--builds", default="", help="generated modules to compare, the first the baseline")
    parser.add_argument("--queued", action="store_true",
                        help="queue each batch behind a spin kernel, so that its kernels run back to back")
    parser.add_argument("--shapes", default="", help="rows×C pairs to run, e.g. 8192x768 (default: all three)")
    args = parser.parse_args()
    bench_kernels.REPEAT = args.repeat
    bench_kernels.TIMING = "queued" if args.queued else "events"
    shapes = SHAPES
    if args.shapes:
        shapes = [(int(rows), int(c)) for rows, c in (pair.split("x") for pair in args.shapes.split(","))]
    torch.cuda.init()
    Device(0).set_current()
    nv, nv_rms = nvcc("layernorm"), nvcc("rmsnorm")
    copy_bw = copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}; device-to-device copy: "
          f"{copy_bw / 1e9:.0f} GB/s; {args.repeat} rounds of 8 calls; blocks {BLOCKS}; "
          f"timing: {bench_kernels.TIMING} (bench_kernels.TIMING)\n")
    lines = []
    for rows, c in shapes:
        lines += layernorm_shape(nv, rows, c, copy_bw)
    for rows, c in shapes:
        lines += rmsnorm_shape(nv_rms, rows, c, copy_bw)
    print("\n| kernel | rows × C | fastest oxpack form | µs | fastest baseline | µs | baseline / oxpack | GB/s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(lines))
    if args.builds:
        print("\n| kernel | rows × C | block | build | µs | against | µs | against / build |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        print("\n".join(compare_builds(args.builds.split(","))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
