"""Host cost per call of EVERY example kernel, called as its docs say, against a
raw `cuda.core.launch` of the same kernel with prepared arguments, in the same run, with CuPy
arrays and with PyTorch tensors.

    python3 benchmarks/bench_call_forms.py                 # vecmath installed (or on PYTHONPATH)
    python3 benchmarks/bench_call_forms.py --rounds 21 --per 2000

On the GPU machine, with the wheel that scripts/gpu-artifacts.sh built:

    pip install -q --no-deps --target /tmp/vm .artifacts/gpu/dist/vecmath-*.whl
    PYTHONPATH=/tmp/vm python3 benchmarks/bench_call_forms.py

Each kernel gets small inputs (1,024 elements, or 32 x 32 matrices: host-bound, as the
issue's table) and the launch shape its docstring gives: the call passes `threads=` and
`block=` for what the kernel leaves to it, and only data where the kernel declares its launch
(`#[launch(...)]`: the stub computes it, dynamic shared memory included). Per kernel, five
calls are timed in interleaved rounds: the raw launch (cuda.core's `launch` with the stub's own loaded kernel, its grid and block, and arguments
converted once), the direct launch (the driver's `cuLaunchKernelEx` through ctypes with the
parameter block the fast path packed: what the fast path pays besides its checks), the stub
with CuPy arrays, the stub with PyTorch tensors (the same memory,
through DLPack), and the general path with CuPy arrays (`Kernel.__call__`, every check in
Python: what a first call, or a call the fast path passes on, pays). A ratio is the median
of the per-round ratios to the raw launch; target <= 1.3x for the stub's columns. The column "fast" says whether the generated fast path took the call (it must:
a "no" is a bug). CuPy has no bfloat16 and older PyTorch no uint32: such cells say "—".
A kernel that tunes its block (`#[tune]`) gets a second row, "block left out (tuned)": the call as users write it,
against the raw launch of the block (and kernel) its tuning chose; its "fast" cell says whether the repeated call
launched without asking the tuning. A kernel of the wheel with no call below (nor a reason in `LEFT_OUT`, printed) is listed and makes the
exit status 1.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("OXPACK_TUNING_DIR", tempfile.mkdtemp(prefix="oxpack-tuning-"))  # a fresh tuning: no stale cache

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402

try:
    import torch
except ImportError:  # the torch column then says so
    torch = None

try:
    from cuda.core import Device, LaunchConfig, launch
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device, LaunchConfig, launch

import vecmath
from vecmath import kernels

N = 1024  # elements of a 1-D input
W = 32  # a matrix's side


class Array:
    """An array argument: its dtype, length and values (made once per library)."""

    def __init__(self, dtype: str, n: int, values: Callable[[int], np.ndarray] | None = None) -> None:
        self.dtype, self.n = dtype, n
        self.values = values or (lambda n: np.ones(n))


def f32(n: int = N, values: Callable[[int], np.ndarray] | None = None) -> Array:
    return Array("float32", n, values)


def bf16(n: int = N) -> Array:
    return Array("bfloat16", n)


def one_sequence(n: int) -> np.ndarray:
    """The offsets of one sequence of W tokens (varlen attention's `cu_seqlens`, n = 2)."""
    return np.array([0, W])


P = -(-(N // W) // 8)  # LayerNorm's backward partial-sum rows: ceil(rows / 8)
Q = -(-(N // W) // 16)  # RMSNorm's (PARTIAL_ROWS): ceil(rows / 16)
Spec = tuple[tuple[Any, ...], Any, Any]  # (arguments, threads, block): the launch, declared or given
CALLS: dict[str, Spec] = {  # kernel -> its call and the launch it comes to, as its docstring says
    "saxpy": ((0.5, f32(), f32()), N, 256),  # one thread per element of y
    "gather": ((Array("uint32", N, lambda n: np.arange(n)), f32(), f32()), N, 256),
    "scale4": ((0.5, f32(), f32()), N // 4, 256),  # threads = ceil(len(y) / 4)
    "saxpy4": ((0.5, f32(), f32()), N // 4, 256),
    "gelu": ((f32(), f32()), N, 256),
    "math32": ((0, f32(), f32()), N, 256),
    "math64": ((0, Array("float64", N), Array("float64", N)), N, 256),
    "to_f16": ((f32(), Array("float16", N)), N, 256),
    "scale_bf16": ((0.5, Array("bfloat16", N), Array("bfloat16", N)), N, 256),
    "scale_bf16x8": ((0.5, Array("bfloat16", N), Array("bfloat16", N)), N // 8, 256),  # threads = ceil(len(y) / 8)
    "axpy_f16x8": ((0.5, Array("float16", N), Array("float16", N)), N // 8, 256),
    "add_i32x4": ((3, Array("int32", N), Array("int32", N)), N // 4, 256),  # threads = ceil(len(y) / 4)
    "xor_u32x4": ((3, Array("uint32", N), Array("uint32", N)), N // 4, 256),
    "scale_streaming": ((0.5, f32(), f32()), N, 256),
    "scale_bounded": ((0.5, f32(), f32()), N, 128),  # #[launch_bounds(128, 4)]
    "softmax": ((128, f32(), f32()), 8 * 32, 32),  # 8 rows of 128: threads = rows * block
    # 32 rows of 32 channels: one warp per row (threads = 32 * rows), one block per row (rows * block)
    "layernorm": ((f32(), f32(W), f32(W), f32(), f32(N // W), f32(N // W)), N, 256),
    "rmsnorm_bf16": ((1e-6, Array("bfloat16", N), Array("bfloat16", W), Array("bfloat16", N), f32(N // W)),
                     (N // W) * 32, 32),
    "layernorm_block": ((f32(), f32(W), f32(W), f32(), f32(N // W), f32(N // W)), (N // W) * 32, 32),
    "rmsnorm_bf16_warp": ((1e-6, Array("bfloat16", N), Array("bfloat16", W), Array("bfloat16", N), f32(N // W)),
                          N, 256),
    "rmsnorm_f32": ((1e-6, f32(), f32(W), f32(), f32(N // W)), (N // W) * 32, 32),
    "layernorm_bf16": ((1e-6, bf16(), bf16(W), bf16(W), bf16(), f32(N // W), f32(N // W)), N, 256),
    "fused_add_rmsnorm_bf16": ((1e-6, bf16(), bf16(), bf16(W), bf16(), bf16(), f32(N // W)), (N // W) * 32, 32),
    "fused_add_rmsnorm_f32": ((1e-6, f32(), f32(), f32(W), f32(), f32(), f32(N // W)), (N // W) * 32, 32),
    # the siblings that the two kernels above weigh (#[tune(kernels = [...])]), called by themselves
    "rmsnorm_bf16_two_pass": ((1e-6, bf16(), bf16(W), bf16(), f32(N // W)), (N // W) * 32, 32),
    "fused_add_rmsnorm_bf16_two_pass": ((1e-6, bf16(), bf16(), bf16(W), bf16(), bf16(), f32(N // W)),
                                        (N // W) * 32, 32),
    "rmsnorm_bf16_one_chunk": ((1e-6, bf16(), bf16(W), bf16(), f32(N // W)), (N // W) * 32, 32),
    "rmsnorm_bf16_warp_wide": ((1e-6, bf16(), bf16(W), bf16(), f32(N // W)), N, 256),  # a warp per row
    "fused_add_rmsnorm_bf16_warp": ((1e-6, bf16(), bf16(), bf16(W), bf16(), bf16(), f32(N // W)), N, 256),
    "fused_add_rmsnorm_bf16_one_chunk": ((1e-6, bf16(), bf16(), bf16(W), bf16(), bf16(), f32(N // W)),
                                         (N // W) * 32, 32),
    # the backward kernels (#[backward]). RMSNorm's: dx and the partial sums of 16 rows a block (Q = ceil(rows / 16)
    # partial rows; bf16: in two halves of 4 · ceil(W / 8) columns), then one block per 32 columns for their column
    # sums. LayerNorm's: blocks of 256, a warp per row and 8 rows a block (P = ceil(rows / 8) partial rows), then the
    # column sums
    "rmsnorm_f32_bwd": ((f32(), f32(), f32(W), f32(N // W), f32(), f32(Q * W)), Q * 32, 32),
    "rmsnorm_f32_bwd_reduce": ((f32(W), f32(Q * W), f32(W)), 256, 256),
    "rmsnorm_bf16_bwd": ((bf16(), bf16(), bf16(W), f32(N // W), bf16(), f32(Q * 4 * -(-W // 8)),
                          f32(Q * 4 * -(-W // 8))), Q * 32, 32),
    "layernorm_bwd": ((f32(), f32(), f32(W), f32(N // W), f32(N // W), f32(), f32(P * W), f32(P * W)), N, 256),
    "layernorm_bwd_reduce": ((f32(W), f32(P * W), f32(P * W), f32(W), f32(W)), 256, 256),
    "layernorm_bf16_bwd": ((bf16(), bf16(), bf16(W), f32(N // W), f32(N // W), bf16(), f32(P * W), f32(P * W)),
                           N, 256),
    "layernorm_bf16_bwd_reduce": ((bf16(W), f32(P * W), f32(P * W), bf16(W), bf16(W)), 256, 256),
    # the fused add + RMSNorm's: dx and the partial sums of 16 rows a block (bf16: in two halves of 4 · ceil(W / 8)
    # columns), then the column sums
    "fused_add_rmsnorm_bf16_bwd": ((bf16(), bf16(), bf16(), bf16(W), f32(N // W), bf16(), f32(Q * 4 * -(-W // 8)),
                                    f32(Q * 4 * -(-W // 8))), Q * 32, 32),
    # the same with `dout` given as the terms of a sum (two or three of them)
    "fused_add_rmsnorm_bf16_bwd_sum2": ((bf16(), bf16(), bf16(), bf16(), bf16(W), f32(N // W), bf16(),
                                         f32(Q * 4 * -(-W // 8)), f32(Q * 4 * -(-W // 8))), Q * 32, 32),
    "fused_add_rmsnorm_bf16_bwd_sum3": ((bf16(), bf16(), bf16(), bf16(), bf16(), bf16(W), f32(N // W), bf16(),
                                         f32(Q * 4 * -(-W // 8)), f32(Q * 4 * -(-W // 8))), Q * 32, 32),
    "rmsnorm_bf16_bwd_sum2": ((bf16(), bf16(), bf16(), bf16(W), f32(N // W), bf16(), f32(Q * 4 * -(-W // 8)),
                               f32(Q * 4 * -(-W // 8))), Q * 32, 32),
    "rmsnorm_bf16_bwd_sum3": ((bf16(), bf16(), bf16(), bf16(), bf16(W), f32(N // W), bf16(),
                               f32(Q * 4 * -(-W // 8)), f32(Q * 4 * -(-W // 8))), Q * 32, 32),
    "rmsnorm_bf16_bwd_reduce_halves": ((bf16(W), f32(Q * 4 * -(-W // 8)), f32(Q * 4 * -(-W // 8)), bf16(W)), 256, 256),
    "fused_add_rmsnorm_f32_bwd": ((f32(), f32(), f32(), f32(W), f32(N // W), f32(), f32(Q * W)), Q * 32, 32),
    "swiglu_f32": ((f32(), f32(), f32()), N // 4, 256),  # 16 bytes a thread
    "swiglu_f32_bwd": ((f32(), f32(), f32(), f32(), f32()), N // 4, 256),
    "swiglu_bf16": ((bf16(), bf16(), bf16()), N // 8, 256),
    "swiglu_bf16_bwd": ((bf16(), bf16(), bf16(), bf16(), bf16()), N // 8, 256),
    "residual_add": ((f32(), f32(), f32()), N // 4, 256),  # grid-stride: any launch
    "hash32": ((7, Array("uint32", N), Array("uint32", N)), N, 256),
    "collatz_steps": ((1, 100, Array("uint32", N)), N, 256),
    "offset_clamp": ((3, -100, 100, Array("int32", N), Array("int64", N)), N, 256),
    "sum": ((f32(), f32(1)), 256, 256),  # fewer threads than elements
    "histogram": ((64, Array("uint32", N, lambda n: np.arange(n)), Array("uint32", 64)), N, 256),
    "warp_scan": ((Array("int64", N), Array("int64", N)), N, 256),
    "min_max": ((Array("int32", N), Array("int32", 1), Array("int32", 1)), N, 256),
    "block_reverse": ((f32(), f32()), N, 256),  # `scratch`: declared, a slot per thread of the block
    # a zeroed scan state, reused by every call (3 · (n // 2048) + 5 words); threads = ceil(n / 32), blocks of 256
    "cumsum_f32": ((f32(), Array("uint64", 5, np.zeros), f32()), N // 32, 256),
    "cumsum_i32": ((Array("int32", N), Array("uint64", 5, np.zeros), Array("int32", N)), N // 32, 256),
    "cumsum_u32": ((Array("uint32", N), Array("uint64", 5, np.zeros), Array("uint32", N)), N // 32, 256),
    "add_scaled": ((W, W, 0.5, Array("float64", W * W), Array("float64", W * W), Array("float64", W * W)),
                   (W, W), (16, 16)),  # threads = (width, height)
    "transpose": ((W, W, f32(W * W), f32(W * W)), (W, W), (16, 16)),  # threads = (height, width)
    "transpose_tiled": ((W, W, f32(W * W), f32(W * W)), (W, W // 4), (32, 8)),
    "sgemm": ((W, W, W, f32(W * W), f32(W * W), f32(W * W)), (W // 8, W // 8), (16, 16)),
    # tensor cores: threads = 128 * ceil(m / 128) * ceil(n / 128), blocks of 128 (#[launch_bounds(128)])
    "gemm_bf16": ((W, W, W, Array("bfloat16", W * W), Array("bfloat16", W * W), f32(W * W)), 128, 128),
    "gemm_bf16_nt": ((W, W, W, Array("bfloat16", W * W), Array("bfloat16", W * W), f32(W * W)), 128, 128),
    "gemm_bf16_nt_bf16": ((W, W, W, Array("bfloat16", W * W), Array("bfloat16", W * W), Array("bfloat16", W * W)),
                          128, 128),
    "gemm_tf32_nt": ((W, W, W, f32(W * W), f32(W * W), f32(W * W)), 128, 128),
    "linear_gelu_bf16": ((W, W, W, Array("bfloat16", W * W), Array("bfloat16", W * W), Array("bfloat16", W),
                          Array("bfloat16", W * W)), 128, 128),
    "gemm_s8_nt": ((W, W, W, Array("int8", W * W), Array("int8", W * W), Array("int32", W * W)), 128, 128),
    # attention: (batch, heads) = 1, seq W; threads = 128 * batch * heads * ceil(seq / 64)
    "attention_fwd_d64": ((W, 0, 0.125, *(Array("bfloat16", W * 64) for _ in range(4))), 128 * -(-W // 64), 128),
    "attention_fwd_d128": ((W, 1, 0.088, *(Array("bfloat16", W * 128) for _ in range(4))), 128 * -(-W // 64), 128),
    # varlen attention: one sequence of W tokens, 1 head; every scalar passed (flat arrays); threads = 128 * batch
    # * heads * ceil(max_seqlen_q / 64)
    "attention_varlen_fwd_d64": ((bf16(W * 64), bf16(W * 64), bf16(W * 64), Array("int32", 2, one_sequence),
                                  Array("int32", 2, one_sequence), W, 0, 0.125, W, 1, W, 1, bf16(W * 64)),
                                 128 * -(-W // 64), 128),
    "attention_varlen_fwd_d128": ((bf16(W * 128), bf16(W * 128), bf16(W * 128), Array("int32", 2, one_sequence),
                                   Array("int32", 2, one_sequence), W, 1, 0.088, W, 1, W, 1, bf16(W * 128)),
                                  128 * -(-W // 64), 128),
}

LEFT_OUT = {  # kernel -> why it has no call here (printed with the table)
    "gemm_fp8_nt_bf16": "FP8 runs only as its sm_90a body, which reads 2-D tensors by TMA (the flat arrays here are "
                        "refused), and CuPy has no FP8 dtype: benchmarks/bench_fp8.py times it",
    "gemm_fp8_nt_bf16_rowwise": "as gemm_fp8_nt_bf16",
    "gemm_bf16_nt_bf16_64x64": "a small-m sibling of gemm_bf16_nt_bf16 (which its tuning weighs), run only as its "
                               "sm_90a body, which reads 2-D tensors by TMA (the flat arrays here are refused): "
                               "benchmarks/bench_gemm.py times it",
    "gemm_bf16_nt_bf16_128x128": "as gemm_bf16_nt_bf16_64x64",
    "gemm_bf16_nt_bf16_splitk": "as gemm_bf16_nt_bf16_64x64",
    "gemm_fp8_nt_bf16_blockwise": "as gemm_fp8_nt_bf16",
    "gemm_fp8_e5m2_nt_bf16": "as gemm_fp8_nt_bf16",
    "gemm_fp8_e5m2_nt_bf16_rowwise": "as gemm_fp8_nt_bf16",
}


def given(name: str, threads: Any, block: Any) -> dict[str, Any]:
    """The launch keywords a call passes: those the kernel's `#[launch]` leaves to it."""
    declared = getattr(kernels._module.kernel(name).spec, "launch", {})
    out = {} if {"threads", "grid"} & set(declared) else {"threads": threads}
    return out if "block" in declared else {**out, "block": block}


def cupy_array(a: Array) -> Any:
    if a.dtype == "bfloat16":
        return None
    return cp.asarray(a.values(a.n).astype(a.dtype))


def torch_array(a: Array, like: Any) -> Any:
    if torch is None:
        return None
    if like is None:  # bfloat16: made by PyTorch itself
        dtype = getattr(torch, a.dtype, None)
        return None if dtype is None else torch.ones(a.n, dtype=dtype, device="cuda:0")
    try:
        return torch.from_dlpack(like)
    except Exception:  # a dtype this PyTorch cannot hold (uint32 before 2.3)
        return None


def arguments(spec: tuple[Any, ...]) -> tuple[tuple[Any, ...] | None, tuple[Any, ...] | None]:
    """The call's arguments with CuPy arrays and with PyTorch tensors (the same memory where
    both libraries hold the dtype); None for a library that cannot make one of them."""
    on_cupy: list[Any] = []
    on_torch: list[Any] = []
    for a in spec:
        if isinstance(a, Array):
            c = cupy_array(a)
            on_cupy.append(c)
            on_torch.append(torch_array(a, c))
        else:
            on_cupy.append(a)
            on_torch.append(a)
    return (None if any(v is None for v in on_cupy) else tuple(on_cupy),
            None if any(v is None for v in on_torch) else tuple(on_torch))


def raw_launcher(name: str, args: tuple[Any, ...], threads: Any, block: Any, stream: Any) -> Callable[[], None]:
    """cuda.core's launch of the stub's own loaded kernel, with the grid and block the stub's
    checks computed and every argument converted once (pointers and counts of CuPy arrays)."""
    kernel = kernels._module.kernel(name)
    function = kernel._functions[0]  # loaded by the stub's first call
    checks = getattr(kernel, "checks", None)  # a Kernel of named helpers; before them, its own methods
    shape = checks.check_shape(threads, block) if checks is not None else kernel._check_shape(threads, block)
    dynamic = checks.dynamic if checks is not None else kernel._dynamic
    shared = args[dynamic.pos] * dynamic.dtype.itemsize if dynamic is not None else 0
    config = LaunchConfig(grid=shape.grid, block=shape.block, shmem_size=shared)
    prepared: list[Any] = []
    for ctype, value in zip(kernel._ctypes, args, strict=True):
        if ctype is not None:
            prepared.append(ctype(value))
        else:
            ptr = value.data.ptr if isinstance(value, cp.ndarray) else value.data_ptr()
            prepared += [ptr, value.size if isinstance(value, cp.ndarray) else value.numel()]
    if shape.indices is not None:  # a coarsened kernel: the count of launch indices, its last parameter
        prepared.append(ctypes.c_uint64(shape.indices))
    return lambda: launch(stream, config, function, *prepared)


def direct_launcher(name: str, fast_path: Callable[..., bool], args: tuple[Any, ...], threads: Any,
                    block: Any) -> Callable[[], None] | None:
    """The driver's `cuLaunchKernelEx` through ctypes with the parameter block the fast path packed
    for `args`: the floor of any launch from Python, which the fast path pays plus its checks."""
    entries = kernels._module.state(name).entries
    originals = dict(entries)
    seen: list[tuple[Any, Any]] = []

    def recorder(entry: Any) -> Callable[..., int]:
        def record(config: Any, function: Any, params: Any, extra: None) -> int:
            seen.append((entry, params))
            return int(entry[0](config, function, params, extra))
        return record

    for key, entry in originals.items():
        entries[key] = (recorder(entry), *entry[1:])
    try:
        if not fast_path(*args, None, threads, block) or not seen:
            return None
    finally:
        entries.update(originals)
    (launch_, config, function, *_), params = seen[-1]
    return lambda: launch_(config, function, params, None)


TUNED = "block left out (tuned)"
"""The launch cell of a tuned call's row (`tuned_row`)."""


def tuned_row(name: str, stub: Callable[..., Any], on_cupy: tuple[Any, ...] | None, on_torch: tuple[Any, ...],
              keywords: dict[str, Any], stream: Any) -> tuple[str, str, dict[str, Callable[[], None] | None],
                                                              dict[str, bool]]:
    """The call as users write it for a kernel that tunes its block (`#[tune]`): the block left out. Its first
    call times the candidates (once per sizes; `OXPACK_TUNING_DIR` is a fresh folder); the repeated call is
    timed, against the raw launch of the kernel and block the tuning chose. Its "fast" cell says whether the
    repeated call reached its launch without asking the tuning (`Kernel.tuned`, `tuned_kernel`): the open
    fast path of a kernel that computes its launch inline; a kernel that weighs other kernels asks, by design."""
    kernel = kernels._module.kernel(name)
    variants: dict[str, Callable[[], None] | None] = {"raw": None, "direct": None, "cupy": None, "torch": None,
                                                      "general": None}
    fast: dict[str, bool] = {}
    for label, args in (("cupy", on_cupy), ("torch", on_torch)):
        if args is None:
            continue
        stub(*args, **keywords)  # tunes (the first call for these sizes), then settles
        stub(*args, **keywords)
        asked: list[str] = []
        originals = {m: getattr(kernel, m) for m in ("tuned", "tuned_kernel")}
        for m, original in originals.items():
            setattr(kernel, m, lambda *a, m=m, f=original, **k: (asked.append(m), f(*a, **k))[1])
        try:
            stub(*args, **keywords)
        finally:
            for m in originals:
                delattr(kernel, m)
        fast[label] = not asked
        variants[label] = lambda a=args: stub(*a, **keywords)
        if variants["raw"] is None:
            chosen, block = kernel.tuned_kernel(args) if kernel.tune_kernels else (None, kernel.tuned(args))
            runs = chosen or name
            full, t, b = kernels._module.kernel(runs).resolve(args, keywords.get("threads"), block)
            variants["raw"] = raw_launcher(runs, full, t, b, stream)
    return name, TUNED, variants, fast


def asks_by_design(name: str, shape: str) -> bool:
    """Whether a row's repeated call asks the tuning by design: the tuned row of a kernel that weighs other kernels
    (`#[tune(kernels = [...])]`: `tuned_kernel` picks the kernel; no open fast path)."""
    return shape == TUNED and bool(kernels._module.kernel(name).tune_kernels)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--per", type=int, default=1000)
    options = parser.parse_args()
    dev = Device(0)
    dev.set_current()
    legacy = dev.default_stream  # CuPy's and PyTorch's default stream too: no call waits
    print(f"GPU: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; vecmath from {vecmath.__file__}; "
          f"CuPy {cp.__version__}; PyTorch {getattr(torch, '__version__', 'absent')}")
    names = sorted(kernels._module.kernels)
    missing = [n for n in names if n not in CALLS and n not in LEFT_OUT]
    rows: list[tuple[str, str, dict[str, Callable[[], None] | None], dict[str, bool]]] = []
    for name in names:
        if name not in CALLS:
            continue
        spec, threads, block = CALLS[name]
        stub = getattr(kernels, name)
        on_cupy, on_torch = arguments(spec)
        variants: dict[str, Callable[[], None] | None] = {"raw": None, "direct": None, "cupy": None, "torch": None,
                                                          "general": None}
        fast: dict[str, bool] = {}
        fast_path = getattr(kernels, f"_fast_{name}", None)
        keywords = given(name, threads, block)
        resolve = getattr(kernels._module.kernel(name), "resolve", None)  # a declared launch, computed
        for label, args in (("cupy", on_cupy), ("torch", on_torch)):
            if args is None:
                continue
            stub(*args, **keywords)  # the general path: loads, checks, launches
            stub(*args, **keywords)
            # what the stub hands its fast path and the general path: the full arguments (a declared
            # dynamic shared memory put in), threads and block
            full, t, b = (args, threads, block) if resolve is None else resolve(
                args, keywords.get("threads"), keywords.get("block"))
            fast[label] = bool(fast_path is not None and fast_path(*full, None, t, b))
            variants[label] = lambda s=stub, a=args, kw=keywords: s(*a, **kw)
            if variants["raw"] is None:
                variants["raw"] = raw_launcher(name, full, t, b, legacy)
            if variants["direct"] is None and fast_path is not None and fast[label]:
                variants["direct"] = direct_launcher(name, fast_path, full, t, b)
            if label == "cupy":  # the general path itself (`Kernel.__call__`: every check, then the launch)
                variants["general"] = lambda k=kernels._module.kernel(name), a=full, t=t, b=b: k(a, None, t, b)
        shape = ", ".join(f"{k}={v!r}" for k, v in keywords.items()) or "declared"
        rows.append((name, shape, variants, fast))
        if "block" in keywords and kernels._module.kernel(name).candidates and on_torch is not None:
            rows.append(tuned_row(name, stub, on_cupy, on_torch, {k: v for k, v in keywords.items() if k != "block"},
                                  legacy))
    cp.cuda.Device(0).synchronize()

    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(options.rounds):  # interleaved, so that machine noise hits every call alike
        for name, _, variants, _ in rows:
            for label, fn in variants.items():
                if fn is None:
                    continue
                cp.cuda.Device(0).synchronize()
                t0 = time.perf_counter()
                for _ in range(options.per):
                    fn()
                times.setdefault((name, label), []).append((time.perf_counter() - t0) / options.per)
    cp.cuda.Device(0).synchronize()

    print(f"\n| kernel, launch given | raw `cuda.core.launch` (µs) | direct launch (µs) | stub, CuPy (µs) | vs raw | "
          f"stub, PyTorch (µs) | vs raw | general path, CuPy (µs) | vs raw | fast path (CuPy, PyTorch) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    worst = 0.0
    for name, shape, _, fast in rows:
        raw = times.get((name, "raw"))
        direct = times.get((name, "direct"))
        cells = [f"`{name}`, {shape}", f"{statistics.median(raw) * 1e6:.2f}" if raw else "—",
                 f"{statistics.median(direct) * 1e6:.2f}" if direct else "—"]
        for label in ("cupy", "torch", "general"):
            ts = times.get((name, label))
            if not ts or not raw:
                cells += ["—", "—"]
                continue
            ratio = statistics.median(t / r for t, r in zip(ts, raw, strict=True))
            if label != "general":  # the target is the stub's; the general path is what a first call pays
                worst = max(worst, ratio)
            cells += [f"{statistics.median(ts) * 1e6:.2f}", f"{ratio:.2f}x"]
        no = "asks (weighs kernels)" if asks_by_design(name, shape) else "**no**"
        cells.append(", ".join({True: "yes", False: no}[fast[k]] if k in fast else "—" for k in ("cupy", "torch")))
        print("| " + " | ".join(cells) + " |")
    print(f"\nworst ratio {worst:.2f}x (target <= 1.3x: {'met' if worst <= 1.3 else 'not met'}); "
          f"median of {options.rounds} interleaved rounds of {options.per} calls")
    not_fast = [name for name, shape, _, fast in rows if not all(fast.values()) and not asks_by_design(name, shape)]
    if not_fast:
        print(f"the fast path did not take: {', '.join(not_fast)}")
    for name in sorted(set(LEFT_OUT) & set(names)):
        print(f"left out: {name}: {LEFT_OUT[name]}")
    if missing:
        print(f"kernels with no call in benchmarks/bench_call_forms.py CALLS (add one): {', '.join(missing)}")
    return 1 if missing or not_fast else 0


if __name__ == "__main__":
    sys.exit(main())
