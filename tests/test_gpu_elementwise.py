"""GPU tests: every element-wise example kernel, coarsened, gives torch's result.

The example's one-index-per-thread kernels run 4 launch indices per hardware thread (the
manifest's `coarsen`; see docs/device-library.md, "How fast is a one-element-per-thread
kernel"): each is checked against torch (NumPy for the integer hashes) at sizes around the
coarsened block (4 · 256 ± 1), 0, 1, 31 and 10^6 + 3, with the default block and odd ones, and
every element past the launch's indices is left as it was. The emulated twins are in
tests/test_coarsen.py. Run where the GPU is, after installing the example project's wheel:
python -m pytest tests/test_gpu_elementwise.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import gpu_import, require_example

pytestmark = pytest.mark.gpu

torch = gpu_import("torch", "these tests compare with PyTorch (install a CUDA build to run them)", optional=True)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is

SIZES = [0, 1, 31, 4 * 256 - 1, 4 * 256 + 1, 10**6 + 3]
BLOCKS = [None, 7, 33, 1000]
ELEMENTWISE = ["saxpy", "gather", "scale4", "saxpy4", "scale_bf16x8", "axpy_f16x8", "add_i32x4", "xor_u32x4",
               "scale_streaming", "scale_bounded", "gelu", "math32", "math64", "to_f16", "scale_bf16", "hash32",
               "collatz_steps", "swiglu_f32", "swiglu_f32_bwd", "swiglu_bf16", "swiglu_bf16_bwd"]


def test_the_example_kernels_are_coarsened() -> None:
    manifest = json.loads((Path(kernels.__file__).parent / "_oxpack" / "kernels.json").read_text())
    assert {k: manifest["kernels"][k].get("coarsen", 1) for k in ELEMENTWISE} == dict.fromkeys(ELEMENTWISE, 4)


def _check(name: str, n: int, block: int | None, run: Callable[[int | None], Any], want: Any, got: Any,
           exact: bool = True) -> None:
    run(block)
    torch.cuda.synchronize()
    if exact:
        assert torch.equal(got, want), (name, n, block)
    else:
        torch.testing.assert_close(got, want, rtol=2e-6, atol=1e-6, msg=lambda m: f"{name} n={n} block={block}: {m}")


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("block", BLOCKS)
def test_float_kernels_give_torchs_result(n: int, block: int | None) -> None:
    g = torch.Generator(device="cuda").manual_seed(n * 31 + (block or 0))
    x = torch.randn(n, device="cuda", generator=g)
    y0 = torch.randn(n, device="cuda", generator=g)
    a = 1.75
    y = y0.clone()
    _check("saxpy", n, block, lambda b: kernels.saxpy(a, x, y, block=b), y0 + a * x, y, exact=False)
    if n:  # an index array of uint32: CuPy's, over torch's memory
        cp = gpu_import("cupy", "these tests need CuPy")
        idx = cp.asarray(np.random.default_rng(n).integers(0, n, n, dtype=np.uint32))
        xc, outc = cp.from_dlpack(x), cp.full(n, cp.nan, dtype=cp.float32)
        kernels.gather(idx, xc, outc, block=block)
        assert cp.array_equal(outc, xc[idx]), ("gather", n, block)
    for name in ("scale_streaming", "scale_bounded"):
        out = torch.full((n,), float("nan"), device="cuda")
        b = None if name == "scale_bounded" and block == 1000 else block  # launch bounds: at most 128
        _check(name, n, b, lambda b: getattr(kernels, name)(a, x, out, block=b), a * x, out)
    out = torch.full((n,), float("nan"), device="cuda")
    _check("gelu", n, block, lambda b: kernels.gelu(x, out, block=b), torch.nn.functional.gelu(x), out, exact=False)
    for op, ref in ((0, torch.exp), (8, lambda v: torch.sqrt(v.abs())), (12, torch.abs), (10, torch.floor)):
        src = x.abs() if op == 8 else x
        out = torch.full((n,), float("nan"), device="cuda")
        _check(f"math32[{op}]", n, block, lambda b: kernels.math32(op, src, out, block=b), ref(src), out, exact=False)
        xd = src.double()
        outd = torch.full((n,), float("nan"), device="cuda", dtype=torch.float64)
        _check(f"math64[{op}]", n, block, lambda b: kernels.math64(op, xd, outd, block=b), ref(xd), outd,
               exact=False)
    out16 = torch.zeros(n, device="cuda", dtype=torch.float16)
    _check("to_f16", n, block, lambda b: kernels.to_f16(x, out16, block=b), x.half(), out16)
    xb = x.bfloat16()
    outb = torch.zeros(n, device="cuda", dtype=torch.bfloat16)
    _check("scale_bf16", n, block, lambda b: kernels.scale_bf16(a, xb, outb, block=b), (a * xb.float()).bfloat16(),
           outb)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("block", BLOCKS)
def test_vector_kernels_give_torchs_result(n: int, block: int | None) -> None:
    """The 16-byte kernels (one launch index per 4 or 8 elements, as each declares), coarsened as well."""
    g = torch.Generator(device="cuda").manual_seed(n * 17 + (block or 0))
    x = torch.randn(n, device="cuda", generator=g)
    y0 = torch.randn(n, device="cuda", generator=g)
    a = 0.5
    # scale4 and saxpy4 require `len(y) % 4 == 0`: the largest such prefix, and the rest is refused
    n4 = n - n % 4
    x4, y4 = x[:n4], torch.full((n4,), float("nan"), device="cuda")
    _check("scale4", n4, block, lambda b: kernels.scale4(a, x4, y4, block=b), a * x4, y4)
    y4 = y0[:n4].clone()
    _check("saxpy4", n4, block, lambda b: kernels.saxpy4(a, x4, y4, block=b), a * x4 + y0[:n4], y4,
           exact=False)
    if n % 4:
        with pytest.raises(kernels.KernelValueError, match=rf"^scale4\(\): requirement `len\(y\) % 4 == 0` failed: "
                                                           rf"len\(y\) = {n}$"):
            kernels.scale4(a, x, torch.empty_like(x))
    xb, yb = x.bfloat16(), torch.zeros(n, device="cuda", dtype=torch.bfloat16)
    _check("scale_bf16x8", n, block, lambda b: kernels.scale_bf16x8(a, xb, yb, block=b),
           (a * xb.float()).bfloat16(), yb)
    xh, yh0 = x.half(), y0.half()
    yh = yh0.clone()
    _check("axpy_f16x8", n, block, lambda b: kernels.axpy_f16x8(a, xh, yh, block=b),
           (a * xh.float() + yh0.float()).half(), yh)
    xi = torch.randint(-(2**31), 2**31 - 1, (n,), device="cuda", generator=g, dtype=torch.int32)
    yi = torch.zeros(n, device="cuda", dtype=torch.int32)
    _check("add_i32x4", n, block, lambda b: kernels.add_i32x4(-(2**31) + 5, xi, yi, block=b),
           xi + (-(2**31) + 5), yi)


def _hash32(x: np.ndarray, seed: int) -> np.ndarray:
    h = x ^ np.uint32(seed)
    h ^= h >> np.uint32(16)
    h = (h.astype(np.uint64) * 0x7FEB_352D).astype(np.uint32)
    h ^= h >> np.uint32(15)
    h = (h.astype(np.uint64) * 0x846C_A68B).astype(np.uint32)
    h ^= h >> np.uint32(16)
    return h


def _collatz(start: int, limit: int, n: int) -> np.ndarray:
    out = np.zeros(n, dtype=np.uint32)
    for i in range(n):
        v, steps = start + i, 0
        while v > 1 and steps < limit:
            v, steps = (v // 2 if v % 2 == 0 else 3 * v + 1), steps + 1
        out[i] = steps
    return out


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("block", BLOCKS)
def test_integer_kernels_give_numpys_result(n: int, block: int | None, rng: np.random.Generator) -> None:
    cp = gpu_import("cupy", "these tests need CuPy")
    x_h = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    out = cp.zeros(n, dtype=cp.uint32)
    kernels.hash32(0x9E37_79B9, cp.asarray(x_h), out, block=block)
    assert np.array_equal(out.get(), _hash32(x_h, 0x9E37_79B9)), (n, block)
    xo = cp.zeros(n, dtype=cp.uint32)
    kernels.xor_u32x4(0xA5A5_5A5A, cp.asarray(x_h), xo, block=block)
    assert np.array_equal(xo.get(), x_h ^ np.uint32(0xA5A5_5A5A)), (n, block)
    m = min(n, 5000)  # the Collatz reference is a Python loop
    steps = cp.zeros(m, dtype=cp.uint32)
    kernels.collatz_steps(27, 500, steps, block=block)
    assert np.array_equal(steps.get(), _collatz(27, 500, m)), (m, block)


@pytest.mark.parametrize("threads,block", [(10, 1), (10, 3), (1000, 7), (3000, 256)])
def test_threads_below_the_output_reach_the_same_elements_as_a_plain_launch(threads: int, block: int) -> None:
    """`threads` counts launch indices: whole blocks of them run, no more, coarsened or not."""
    x = torch.arange(5000, device="cuda", dtype=torch.float32)
    out = torch.full((5000,), -1.0, device="cuda")
    kernels.scale_streaming(2.0, x, out, threads=threads, block=block)
    reached = -(-threads // block) * block
    want = torch.cat([2 * x[:reached], torch.full((5000 - reached,), -1.0, device="cuda")])
    assert torch.equal(out, want)
