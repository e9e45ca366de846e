"""GPU tests: the example project's wheel, built elsewhere and installed here, on a real GPU.

Build the wheels where rustc is (`bash scripts/gpu-artifacts.sh`), run every GPU test file where
the GPU is (`bash scripts/gpu-tests.sh`); or, by hand, after `pip install vecmath-*.whl`:
python -m pytest tests/test_gpu.py. On a machine with a GPU the file fails to collect, naming
what differs, when vecmath is missing or was not built from this checkout (its manifest's
`sources`: tests/conftest.py `require_example`). Random data is seeded (OXPACK_TEST_SEED, default
21; a failure prints its seed).

Two load-time tests take artifacts of their own, each a folder named by a variable
(failing without it; `bash scripts/gpu-tests.sh` sets both), run in a subprocess with that folder first on the path:

- OXPACK_SM80_SITE: the example built for `archs = ["sm_80"]`, `ptx = "none"` (the wheel is
  pure Python, so it can be built and installed where rustc is, then carried):

      cp -r example-project /tmp/vecmath-sm80
      sed -i 's/^archs = .*/archs = ["sm_80"]/; s/^ptx = .*/ptx = "none"/' /tmp/vecmath-sm80/pyproject.toml
      python -m pip wheel -q --no-deps . -w /tmp/oxpack-wheels
      python -m pip wheel -q --no-deps /tmp/vecmath-sm80 -w /tmp/vecmath-sm80-dist --find-links /tmp/oxpack-wheels
      python -m pip install -q --no-deps --target /tmp/vecmath-sm80-site /tmp/vecmath-sm80-dist/vecmath-*.whl

- OXPACK_CU12_SITE: cuda-bindings 12.x and a cuda-core that supports it, for the GPU
  machine's Python (3.12 here), installed there with `--target`:

      python -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
          --platform manylinux_2_28_x86_64 --platform manylinux_2_24_x86_64 -d /tmp/cu12-wheels \
          'cuda-bindings==12.9.*' 'cuda-core==1.2.2' 'cuda-pathfinder==1.9.1'
      python -m pip install -q --no-index --no-deps --target /tmp/cu12-site /tmp/cu12-wheels/*.whl  # on the GPU machine

      OXPACK_SM80_SITE=/tmp/vecmath-sm80-site OXPACK_CU12_SITE=/tmp/cu12-site python -m pytest tests/test_gpu.py -k load
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from conftest import CUPY, gpu_count, gpu_import, gpu_site, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is


@pytest.fixture(autouse=True)
def _seeded_generators(seed: int) -> None:
    """CuPy's and PyTorch's global generators draw this test's data too (`rng` is NumPy's)."""
    cp.random.seed(seed)
    if "torch" in sys.modules:
        sys.modules["torch"].manual_seed(seed)


def poisoned(shape: int | tuple[int, ...], dtype: type) -> "cp.ndarray":
    out = cp.empty(shape, dtype=dtype)
    out.view(cp.uint8).fill(0xA5)
    return out


def test_saxpy(rng: np.random.Generator) -> None:
    n = 3_000_017
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    y = cp.asarray(y_h)
    kernels.saxpy(np.float32(1.5).item(), cp.asarray(x_h), y)
    ref = 1.5 * x_h.astype(np.float64) + y_h
    got = cp.asnumpy(y).astype(np.float64)
    assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-6


def test_gather(rng: np.random.Generator) -> None:
    x_h = rng.standard_normal(10_000, dtype=np.float32)
    idx_h = rng.integers(0, len(x_h), 123_457, dtype=np.uint32)
    out = poisoned(len(idx_h), cp.float32)
    kernels.gather(cp.asarray(idx_h), cp.asarray(x_h), out)
    assert np.array_equal(cp.asnumpy(out), x_h[idx_h])


def test_add_scaled_2d(rng: np.random.Generator) -> None:
    h, w = 517, 1031
    a_h, b_h = rng.standard_normal((h, w)), rng.standard_normal((h, w))
    out = poisoned((h, w), cp.float64)
    kernels.add_scaled(w, h, -0.25, cp.asarray(a_h), cp.asarray(b_h), out)
    assert np.allclose(cp.asnumpy(out), a_h - 0.25 * b_h, rtol=1e-15, atol=0)


def test_transpose_2d(rng: np.random.Generator) -> None:
    h, w = 333, 777
    m_h = rng.standard_normal((h, w), dtype=np.float32)
    out = poisoned((w, h), cp.float32)
    kernels.transpose(w, h, cp.asarray(m_h), out)
    assert np.array_equal(cp.asnumpy(out), m_h.T)


def _hash32_ref(x: np.ndarray, seed: int) -> np.ndarray:
    h = (x ^ np.uint32(seed)).astype(np.uint64)
    mask = np.uint64(0xFFFFFFFF)
    h ^= h >> np.uint64(16)
    h = (h * np.uint64(0x7FEB352D)) & mask
    h ^= h >> np.uint64(15)
    h = (h * np.uint64(0x846CA68B)) & mask
    h ^= h >> np.uint64(16)
    return h.astype(np.uint32)


def test_hash32(rng: np.random.Generator) -> None:
    x_h = rng.integers(0, 2**32, 1_000_003, dtype=np.uint32)
    seed = int(rng.integers(0, 2**32))
    out = poisoned(len(x_h), cp.uint32)
    kernels.hash32(seed, cp.asarray(x_h), out)
    assert np.array_equal(cp.asnumpy(out), _hash32_ref(x_h, seed))


def test_collatz_steps() -> None:
    start, n, limit = 10**12, 2000, 1000
    out = poisoned(n, cp.uint32)
    kernels.collatz_steps(start, limit, out)
    ref = []
    for k in range(start, start + n):
        steps = 0
        while k > 1 and steps < limit:
            k = k // 2 if k % 2 == 0 else 3 * k + 1
            steps += 1
        ref.append(steps)
    assert cp.asnumpy(out).tolist() == ref


def test_offset_clamp(rng: np.random.Generator) -> None:
    x_h = rng.integers(-(2**31), 2**31, 500_000, dtype=np.int32)
    delta, lo, hi = -(2**40), -(2**30), 2**30
    out = poisoned(len(x_h), cp.int64)
    kernels.offset_clamp(delta, lo, hi, cp.asarray(x_h), out)
    assert np.array_equal(cp.asnumpy(out), np.clip(x_h.astype(np.int64) + delta, lo, hi))


def test_rejected_calls_launch_nothing(rng: np.random.Generator) -> None:
    x = cp.asarray(rng.standard_normal(1000, dtype=np.float32))
    y = poisoned(1000, cp.float32)
    before = cp.asnumpy(y.view(cp.uint32))
    bad_calls = [  # each: the whole message, which names the argument, what it must be, and the fix
        (lambda: kernels.saxpy(2.0, x.astype(cp.float64), y), kernels.KernelArgumentError,
         "saxpy(): argument `x` must be a float32 device array, got a float64 array"),
        (lambda: kernels.saxpy(2.0, x[:10], y), kernels.KernelValueError,
         "saxpy(): requirement `len(x) >= len(y)` failed: len(x) = 10, len(y) = 1000"),
        (lambda: kernels.saxpy(2.0, y, y), kernels.KernelValueError,
         "saxpy(): argument `y` (mutable output) overlaps argument `x`; pass separate buffers"),
        (lambda: kernels.saxpy(2.0, cp.asnumpy(x), y), kernels.KernelArgumentError,
         "saxpy(): argument `x` is in host memory (numpy.ndarray); move it to the GPU first (e.g. cupy.asarray)"),
        (lambda: kernels.saxpy(2.0, x), TypeError, "saxpy() missing 1 required positional argument: 'y'"),
        (lambda: kernels.saxpy(2.0, x[::2], y[:500]), kernels.KernelArgumentError,
         "saxpy(): argument `x` must be C-contiguous, got shape (500,) with byte strides (8,); pass a contiguous copy"),
    ]
    for call, error, message in bad_calls:
        with pytest.raises(error) as info:
            call()
        assert str(info.value) == message
    cp.cuda.Device().synchronize()
    assert np.array_equal(cp.asnumpy(y.view(cp.uint32)), before), "a refused call wrote to the output"


def _trap_output(call: str) -> str:
    """Run `call` (with `kernels`, `cp` imported) in a fresh process, since a trap ends the
    CUDA context; its stdout says whether the launch trapped."""
    code = textwrap.dedent(
        """
        import cupy as cp
        from vecmath import kernels
        try:
            {call}
            cp.cuda.Device().synchronize()
        except Exception as exc:
            print("TRAPPED", type(exc).__name__, exc)
        else:
            print("NO TRAP")
        """
    ).format(call=call)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    return proc.stdout + proc.stderr


def test_out_of_bounds_index_traps_and_reaches_python() -> None:
    out = _trap_output(
        "x = cp.ones(100, dtype=cp.float32); idx = cp.arange(64, dtype=cp.uint32); "
        "idx[17] = 100; out = cp.zeros(64, dtype=cp.float32); kernels.gather(idx, x, out)"  # 100: one past x's end
    )
    assert "TRAPPED" in out, out
    assert "launch failure" in out.lower() or "LAUNCH_FAILED" in out


def test_large_cupy_input_produced_right_before_the_call_is_complete() -> None:
    n = 1 << 25
    for _ in range(3):
        x = cp.random.rand(n, dtype=cp.float32)  # queued on CuPy's current stream, likely unfinished
        y = cp.ones(n, dtype=cp.float32)
        kernels.saxpy(2.0, x, y)
        ref = 2.0 * x + 1.0
        assert bool(cp.all(y == ref)), "the kernel read unfinished input"


def test_large_cupy_input_on_a_non_blocking_stream() -> None:
    n = 1 << 25
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        x = cp.random.rand(n, dtype=cp.float32)
        y = cp.ones(n, dtype=cp.float32)
        kernels.saxpy(3.0, x, y)  # CAI v3 reports stream `s`: the kernel runs there
        ok = cp.all(y == 3.0 * x + 1.0)
    s.synchronize()
    assert bool(ok)


def test_large_torch_input_on_a_side_stream() -> None:
    torch = pytest.importorskip("torch")
    n = 1 << 25
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        x = torch.rand(n, device="cuda", dtype=torch.float32)
        y = torch.ones(n, device="cuda", dtype=torch.float32)
    kernels.saxpy(2.0, x, y)  # torch reports no stream; DLPack / the handshake must order it
    torch.cuda.synchronize()
    assert bool(torch.all(y == 2.0 * x + 1.0))


def test_explicit_cuda_core_stream() -> None:
    try:
        from cuda.core import Device
    except ImportError:
        from cuda.core.experimental import Device
    dev = Device()
    dev.set_current()
    stream = dev.create_stream()
    x = cp.random.rand(1 << 22, dtype=cp.float32)
    y = cp.zeros(1 << 22, dtype=cp.float32)
    kernels.saxpy(1.0, x, y, stream=stream)
    stream.sync()
    assert bool(cp.all(y == x))


# ---------------------------------------------------------------- the device library


def test_sum_reduction(rng: np.random.Generator) -> None:
    n = 10_000_019
    x_h = rng.random(n, dtype=np.float32)
    total = cp.zeros(1, dtype=cp.float32)
    kernels.sum(cp.asarray(x_h), total)
    ref = float(np.sum(x_h, dtype=np.float64))
    assert abs(float(total.get()[0]) - ref) / ref < 1e-5


def test_an_empty_input_with_a_null_pointer_launches() -> None:
    # CuPy gives an empty array a null pointer; the stub passes a dummy address instead,
    # since the device code assumes every buffer pointer non-null
    x = cp.empty(0, dtype=cp.float32)
    assert x.data.ptr == 0
    total = cp.full(1, 7.0, dtype=cp.float32)
    kernels.sum(x, total)
    cp.cuda.Device().synchronize()
    assert float(total.get()[0]) == 7.0


def test_scale4_wide_access(rng: np.random.Generator) -> None:
    n = 4 * 1_000_003
    x_h = rng.standard_normal(n, dtype=np.float32)
    y = poisoned(n, cp.float32)
    kernels.scale4(3.0, cp.asarray(x_h), y)
    assert np.array_equal(y.get(), np.float32(3.0) * x_h)


def test_saxpy4_wide_access(rng: np.random.Generator) -> None:
    n = 4 * 1_000_003
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    y = cp.asarray(y_h)
    kernels.saxpy4(3.0, cp.asarray(x_h), y)
    assert np.array_equal(y.get(), np.float32(3.0) * x_h + y_h)  # one rounding each, as NumPy in float32


def test_histogram(rng: np.random.Generator) -> None:
    x_h = rng.integers(0, 2**32, 5_000_011, dtype=np.uint32)
    bins = 200
    hist = cp.zeros(bins, dtype=cp.uint32)
    kernels.histogram(bins, cp.asarray(x_h), hist)
    assert np.array_equal(hist.get(), np.bincount(x_h % bins, minlength=bins).astype(np.uint32))


def test_warp_scan(rng: np.random.Generator) -> None:
    n = 32 * 1000 + 17
    x_h = rng.integers(-(2**40), 2**40, n, dtype=np.int64)
    out = poisoned(n, cp.int64)
    kernels.warp_scan(cp.asarray(x_h), out)
    padded = np.concatenate([x_h, np.zeros(-n % 32, np.int64)]).reshape(-1, 32)
    assert np.array_equal(out.get(), np.cumsum(padded, axis=1).reshape(-1)[:n])


def test_min_max(rng: np.random.Generator) -> None:
    x_h = rng.integers(-(2**31), 2**31, 3_000_001, dtype=np.int32)
    lo = cp.full(1, 2**31 - 1, dtype=cp.int32)
    hi = cp.full(1, -(2**31), dtype=cp.int32)
    kernels.min_max(cp.asarray(x_h), lo, hi)
    assert int(lo.get()[0]) == int(x_h.min()) and int(hi.get()[0]) == int(x_h.max())


@pytest.mark.parametrize(("h", "w"), [(1024, 2048), (333, 777)])
def test_transpose_tiled(rng: np.random.Generator, h: int, w: int) -> None:
    m_h = rng.standard_normal((h, w), dtype=np.float32)
    out = poisoned((w, h), cp.float32)
    kernels.transpose_tiled(w, h, cp.asarray(m_h), out)
    assert np.array_equal(out.get(), m_h.T)


# ---------------------------------------------------------------- math and softmax

_ERF = np.vectorize(__import__("math").erf)
# op: (NumPy reference on float64, input range, relative tolerance f32, f64)
MATH = {
    0: (np.exp, (-20, 20), 4e-7, 1e-15), 1: (np.exp2, (-20, 20), 4e-7, 1e-15), 2: (np.log, (1e-3, 1e3), 4e-7, 1e-15),
    3: (np.log2, (1e-3, 1e3), 4e-7, 1e-15), 4: (np.sin, (-10, 10), 4e-7, 1e-15), 5: (np.cos, (-10, 10), 4e-7, 1e-15),
    6: (np.tanh, (-5, 5), 4e-7, 1e-15), 7: (_ERF, (-3, 3), 4e-7, 1e-15), 8: (np.sqrt, (0, 1e4), 1e-7, 1e-16),
    9: (lambda v: 1 / np.sqrt(v), (1e-3, 1e4), 4e-7, 1e-15), 10: (np.floor, (-100, 100), 0, 0),
    11: (np.ceil, (-100, 100), 0, 0), 12: (np.abs, (-100, 100), 0, 0), 13: (lambda v: v**1.75, (1e-3, 100), 8e-7, 1e-15),
    14: (lambda v: v * 3.0 - 1.0, (-100, 100), 1e-7, 4e-16), 15: (lambda v: np.minimum(v, 0.25), (-1, 1), 0, 0),
    16: (lambda v: np.maximum(v, 0.25), (-1, 1), 0, 0),
    17: (np.exp, (-20, 20), 2e-6, None), 18: (np.exp2, (-20, 20), 2e-6, None), 19: (np.log, (1e-3, 1e3), 2e-6, None),
    20: (np.log2, (1e-3, 1e3), 2e-6, None), 21: (np.sin, (-3, 3), 1e-5, None), 22: (np.cos, (-3, 3), 1e-5, None),
    23: (np.tanh, (-5, 5), 2e-3, None), 24: (lambda v: 1 / np.sqrt(v), (1e-3, 1e4), 2e-6, None),
}


@pytest.mark.parametrize("op", sorted(MATH))
def test_math_functions_match_numpy(rng: np.random.Generator, op: int) -> None:
    ref, (lo, hi), tol32, tol64 = MATH[op]
    x64 = rng.uniform(lo, hi, 100_003)
    x32 = x64.astype(np.float32)
    out = poisoned(len(x32), cp.float32)
    kernels.math32(op, cp.asarray(x32), out)
    want = ref(x32.astype(np.float64))
    got = out.get().astype(np.float64)
    # fast approximations promise absolute error near zero, libdevice relative error (ulps)
    # (and mul_add, whose result cancels to near zero)
    floor = 1.0 if op >= 17 or op == 14 else np.finfo(np.float32).tiny
    scale = np.maximum(np.abs(want), floor)
    assert np.max(np.abs(got - want) / scale) <= max(tol32, 1e-30), op
    if tol64 is not None:
        out64 = poisoned(len(x64), cp.float64)
        kernels.math64(op, cp.asarray(x64), out64)
        want = ref(x64)
        scale = np.maximum(np.abs(want), 1.0 if op == 14 else np.finfo(np.float64).tiny)
        assert np.max(np.abs(out64.get() - want) / scale) <= max(tol64, 1e-300), op


def test_gelu(rng: np.random.Generator) -> None:
    x_h = rng.standard_normal(200_001, dtype=np.float32) * 3
    out = poisoned(len(x_h), cp.float32)
    kernels.gelu(cp.asarray(x_h), out)
    x = x_h.astype(np.float64)
    ref = 0.5 * x * (1 + _ERF(x / np.sqrt(2)))
    assert np.max(np.abs(out.get() - ref)) < 1e-5


@pytest.mark.parametrize(("rows", "cols"), [(1000, 1000), (64, 4096), (7, 33)])
def test_softmax(rng: np.random.Generator, rows: int, cols: int) -> None:
    x_h = rng.standard_normal((rows, cols), dtype=np.float32) * 4
    out = poisoned((rows, cols), cp.float32)
    kernels.softmax(cols, cp.asarray(x_h), out)
    x = x_h.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    ref = e / e.sum(axis=1, keepdims=True)
    got = out.get()
    assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-6


def test_float16_storage(rng: np.random.Generator) -> None:
    x_h = rng.standard_normal(100_003, dtype=np.float32) * 100
    out = poisoned(len(x_h), cp.float16)
    kernels.to_f16(cp.asarray(x_h), out)
    assert np.array_equal(out.get(), x_h.astype(np.float16))


def test_bfloat16_storage_through_dlpack() -> None:
    torch = pytest.importorskip("torch")
    x = torch.randn(100_003, device="cuda").to(torch.bfloat16)
    out = torch.empty_like(x)
    kernels.scale_bf16(3.0, x, out)
    torch.cuda.synchronize()
    assert torch.equal(out, (x.float() * 3.0).to(torch.bfloat16))


def test_dynamic_shared_memory(rng: np.random.Generator) -> None:
    n = 256 * 1000 + 77
    x_h = rng.standard_normal(n, dtype=np.float32)
    out = poisoned(n, cp.float32)
    kernels.block_reverse(cp.asarray(x_h), out)  # blocks of 256 (the default), a scratch slot per thread
    padded = np.concatenate([x_h, np.zeros(-n % 256, np.float32)]).reshape(-1, 256)
    ref = padded[:, ::-1].reshape(-1)[: n].copy()
    tail = n % 256
    ref[n - tail:] = x_h[n - tail:][::-1]  # the last, partial block reverses its own elements
    assert np.array_equal(out.get(), ref)
    # more than the default 48 KiB per block (past the declared `shared = block`, through the run
    # time's general path): the launch raises the kernel's limit
    out2 = poisoned(n, cp.float32)
    kernels._module.kernel("block_reverse")((cp.asarray(x_h), out2, 16384), None, None, 256)
    assert np.array_equal(out2.get(), ref)


def test_too_much_dynamic_shared_memory_is_refused_with_the_numbers() -> None:
    # `block_reverse` declares its size (a slot per thread); the run time's general path takes any
    x = cp.ones(1024, dtype=cp.float32)
    out = poisoned(1024, cp.float32)
    before = out.get()
    with pytest.raises(kernels.KernelValueError) as info:
        kernels._module.kernel("block_reverse")((x, out, 1_000_000), None, None, 256)
    assert re.fullmatch(r"block_reverse\(\): argument `scratch` asks for 4000000 bytes of dynamic shared memory per "
                        r"block \(1000000 float32\); device 0 allows (\d+) per block, (\d+) of them taken by the "
                        r"kernel's static shared memory, so at most (\d+)", str(info.value)), str(info.value)
    cp.cuda.Device().synchronize()
    assert np.array_equal(out.get(), before, equal_nan=True)


def test_shared_memory_read_out_of_bounds_traps() -> None:
    # 16 slots of dynamic shared memory for 256 threads (past the declared `shared = block`, through
    # the run time's general path): the read of slot n-1-t >= 16 is out of bounds and must trap, not
    # read another block's or another array's memory
    out = _trap_output(
        "x = cp.ones(1024, dtype=cp.float32); out = cp.zeros(1024, dtype=cp.float32); "
        "kernels._module.kernel('block_reverse')((x, out, 16), None, None, 256)"
    )
    assert "TRAPPED" in out, out


# ---------------------------------------------------------------- SGEMM


@pytest.mark.parametrize(("m", "n", "k"), [(512, 384, 256), (300, 333, 77), (1, 5, 3)])
def test_sgemm(rng: np.random.Generator, m: int, n: int, k: int) -> None:
    a_h = rng.standard_normal((m, k), dtype=np.float32)
    b_h = rng.standard_normal((k, n), dtype=np.float32)
    c = poisoned((m, n), cp.float32)
    kernels.sgemm(m, n, k, cp.asarray(a_h), cp.asarray(b_h), c)
    ref = a_h.astype(np.float64) @ b_h.astype(np.float64)
    # fp32 accumulation over k terms: compare against the scale of |a|·|b|
    scale = np.abs(a_h).astype(np.float64) @ np.abs(b_h).astype(np.float64)
    assert np.all(np.abs(c.get() - ref) <= 1e-5 * scale + 1e-6)


def test_sgemm_with_another_block_shape_is_refused_before_the_launch() -> None:
    """Its declared `block = (16, 16)` (and `where (block.x == block.y == 16)`): another block is one
    line before the launch (the device code's trap stays behind it); the context is still usable after."""
    a, c = cp.ones((64, 64), dtype=cp.float32), cp.zeros((64, 64), dtype=cp.float32)
    with pytest.raises(kernels.KernelValueError, match=r"^sgemm\(\): `block=\(8, 8\)` differs from the kernel's "
                                                       r"declared launch `block = \(16, 16\)`; leave `block` out$"):
        kernels.sgemm(64, 64, 64, a, a, c, block=(8, 8))
    kernels.sgemm(64, 64, 64, a, a, c)
    assert float(c.sum().get()) == 64.0 * 64 * 64


def test_the_fast_path_repeats_a_checked_launch(rng: np.random.Generator) -> None:
    n = 1 << 16
    x_h = rng.standard_normal(n, dtype=np.float32)
    x, y = cp.asarray(x_h), cp.zeros(n, dtype=cp.float32)
    kernels.saxpy(2.0, x, y)  # the general path checks, launches and records the launch
    assert kernels._fast_saxpy(2.0, x, y, None) is True  # repeated by the fast path
    assert kernels._fast_saxpy(2.0, x, cp.zeros(n - 1, dtype=cp.float32), None) is False  # another size
    assert np.array_equal(y.get(), np.float32(4.0) * x_h)
    strided = cp.zeros(2 * n, dtype=cp.float32)[::2]
    assert kernels._fast_saxpy(2.0, strided, y, None) is False  # not contiguous: the general path decides
    with cp.cuda.Stream(non_blocking=True):  # CuPy's current stream is the producer stream
        y2 = cp.zeros(n, dtype=cp.float32)
        kernels.saxpy(1.0, x, y2)
        assert kernels._fast_saxpy(1.0, x, y2, None) is True
        cp.cuda.get_current_stream().synchronize()
    assert np.array_equal(y2.get(), np.float32(2.0) * x_h)


def test_threads_each_launch_with_their_own_arguments(rng: np.random.Generator) -> None:
    """Eight threads repeat one kernel's fast path at once, each with its own arrays and
    scalar: each launch must carry its own call's arguments (each thread packs its own
    parameter block). A new thread has no current CUDA context: on one GPU the driver
    refuses its first fast-path launch, which the general path then makes; on several,
    the fast path makes the arrays' device current itself."""
    import threading

    from cuda.bindings import driver

    n, calls, count = 1 << 14, 200, 8
    xs_h = [rng.standard_normal(n, dtype=np.float32) for _ in range(count)]
    xs, ys = [cp.asarray(x) for x in xs_h], [cp.zeros(n, dtype=cp.float32) for _ in range(count)]
    kernels.saxpy(0.0, xs[0], ys[0])  # primes the fast path (one entry serves every thread)
    first: dict[int, bool] = {}  # thread -> whether its first fast launch, with no context, launched
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            assert int(driver.cuCtxGetCurrent()[1]) == 0, "a new thread should have no current context"
            first[t] = kernels._fast_saxpy(float(t + 1), xs[t], ys[t], None)
            for _ in range(calls):
                kernels.saxpy(float(t + 1), xs[t], ys[t])
            cp.cuda.Device(0).synchronize()
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    if cp.cuda.runtime.getDeviceCount() == 1:
        assert not any(first.values()), "the driver should have refused a launch with no current context"
    else:
        assert all(first.values()), "the fast path should have made device 0 current and launched"
    for t in range(count):
        ref = (calls + first[t]) * (t + 1) * xs_h[t].astype(np.float64)
        got = ys[t].get().astype(np.float64)
        assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-5, f"thread {t} got another's arguments"


def _cuda_core() -> object:
    try:
        import cuda.core as core

        core.launch  # noqa: B018 (1.x has it at the top)
    except (ImportError, AttributeError):
        import cuda.core.experimental as core  # type: ignore[no-redef]
    return core


class DLPackOnly:
    """An array that offers DLPack alone (no __cuda_array_interface__)."""

    def __init__(self, array: "cp.ndarray") -> None:
        self._array = array

    def __dlpack__(self, *, stream: int | None = None) -> object:
        return self._array.__dlpack__(stream=stream)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._array.__dlpack_device__()


def test_the_fast_path_takes_torch_dlpack_and_stream(rng: np.random.Generator) -> None:
    torch = pytest.importorskip("torch")
    n = 4099
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    xt, yt = torch.from_numpy(x_h).cuda(), torch.from_numpy(y_h).cuda()
    kernels.saxpy(2.0, xt, yt)
    assert kernels._fast_saxpy(2.0, xt, yt, None) is True
    torch.cuda.synchronize()
    assert np.allclose(yt.cpu().numpy(), 4.0 * x_h.astype(np.float64) + y_h, rtol=1e-5, atol=1e-5)
    xd, yd = DLPackOnly(cp.asarray(x_h)), DLPackOnly(cp.asarray(y_h))
    kernels.saxpy(3.0, xd, yd)
    assert kernels._fast_saxpy(3.0, xd, yd, None) is True
    cp.cuda.Device().synchronize()
    assert np.allclose(yd._array.get(), 6.0 * x_h.astype(np.float64) + y_h, rtol=1e-5, atol=1e-5)
    core = _cuda_core()
    stream = core.Device().create_stream()  # type: ignore[attr-defined]
    x, y = cp.asarray(x_h), cp.asarray(y_h)
    external = getattr(cp.cuda.Stream, "from_external", None)
    with external(stream) if external else cp.cuda.ExternalStream(int(stream.handle)):  # the producer: `stream`
        kernels.saxpy(1.0, x, y, stream=stream)
        assert kernels._fast_saxpy(1.0, x, y, stream) is True
    stream.sync()
    assert np.allclose(y.get(), 2.0 * x_h.astype(np.float64) + y_h, rtol=1e-5, atol=1e-5)
    with pytest.raises(kernels.KernelValueError) as info:
        kernels.saxpy(1e40, x, y)
    assert str(info.value) == ("saxpy(): argument `a` is out of range for float32 (largest finite value "
                               "3.40282347e+38), got 1e+40")


# ---------------------------------------------------------------- two GPUs

two_gpus = pytest.mark.skipif(gpu_count() < 2, reason="needs two GPUs")


@two_gpus
def test_cupy_arrays_on_device_1_with_device_0_current(rng: np.random.Generator) -> None:
    n = 1_000_003
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    with cp.cuda.Device(1):
        x, y = cp.asarray(x_h), cp.asarray(y_h)
    cp.cuda.Device(0).use()
    for _ in range(3):  # the general path, then the fast path
        kernels.saxpy(2.0, x, y)
    assert cp.cuda.runtime.getDevice() == 0, "the stub left another device current"
    with cp.cuda.Device(1):
        got = y.get()
    ref = y_h.astype(np.float64) + 3 * 2.0 * x_h.astype(np.float64)
    assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-6
    assert kernels._fast_saxpy(2.0, x, y, None) is True
    cp.cuda.Device(1).synchronize()


@two_gpus
def test_torch_tensors_on_cuda_1_with_cuda_0_current(rng: np.random.Generator) -> None:
    torch = pytest.importorskip("torch")
    n = 1_000_003
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    torch.cuda.set_device(0)
    x, y = torch.from_numpy(x_h).to("cuda:1"), torch.from_numpy(y_h).to("cuda:1")
    for _ in range(3):
        kernels.saxpy(2.0, x, y)
    assert torch.cuda.current_device() == 0
    got = y.cpu().numpy()
    ref = y_h.astype(np.float64) + 3 * 2.0 * x_h.astype(np.float64)
    assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-6


@two_gpus
def test_mixed_devices_and_a_stream_of_another_device_are_refused() -> None:
    x0 = cp.ones(1000, dtype=cp.float32)
    with cp.cuda.Device(1):
        y1 = poisoned(1000, cp.float32)
        before = y1.get()
    with pytest.raises(kernels.KernelValueError) as info:
        kernels.saxpy(2.0, x0, y1)
    assert str(info.value) == ("saxpy(): argument `y` is on device 1 but argument `x` is on device 0; "
                               "pass arrays on one device")
    with cp.cuda.Device(1):
        x1 = cp.ones(1000, dtype=cp.float32)
    core = _cuda_core()
    stream0 = core.Device(0).create_stream()  # type: ignore[attr-defined]
    with pytest.raises(kernels.KernelValueError) as info:
        kernels.saxpy(2.0, x1, y1, stream=stream0)
    assert str(info.value) == ("saxpy(): `stream` is on device 0 but argument `x` is on device 1; "
                               "pass a stream of device 1")
    with cp.cuda.Device(1):
        cp.cuda.Device(1).synchronize()
        assert np.array_equal(y1.get(), before, equal_nan=True), "a refused call wrote to the output"


# ---------------------------------------------------------------- CUDA graphs


def test_stub_calls_captured_by_torch_cuda_graph_replay_like_eager(rng: np.random.Generator) -> None:
    torch = pytest.importorskip("torch")
    n = 10_007
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    x, y = torch.from_numpy(x_h).cuda(), torch.from_numpy(y_h).cuda()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up on a side stream, as torch.cuda.graph asks
        kernels.saxpy(0.5, x, y)
        y.mul_(0.5)
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    y.copy_(torch.from_numpy(y_h))
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):  # capture_error_mode "global": any forbidden call fails
        for _ in range(10):
            kernels.saxpy(0.5, x, y)
            y.mul_(0.5)
    torch.cuda.synchronize()
    assert torch.equal(y.cpu(), torch.from_numpy(y_h)), "capture ran the kernels"
    graph.replay()
    graph.replay()
    torch.cuda.synchronize()
    eager = torch.from_numpy(y_h).cuda()
    for _ in range(20):
        kernels.saxpy(0.5, x, eager)
        eager.mul_(0.5)
    torch.cuda.synchronize()
    assert torch.equal(y, eager)


def test_stub_calls_captured_by_cupy_stream_capture_replay_like_eager(rng: np.random.Generator) -> None:
    n = 10_007
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    x, y = cp.asarray(x_h), cp.asarray(y_h)
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        kernels.saxpy(0.25, x, y)  # warm-up
        y[...] = cp.asarray(y_h)
        stream.synchronize()
        stream.begin_capture()
        for _ in range(10):
            kernels.saxpy(0.25, x, y)
            y *= 0.5
        graph = stream.end_capture()
        graph.launch()
        graph.launch()
        stream.synchronize()
        eager = cp.asarray(y_h)
        for _ in range(20):
            kernels.saxpy(0.25, x, eager)
            eager *= 0.5
        stream.synchronize()
    assert np.array_equal(y.get(), eager.get())


def test_kernels_capture_records_a_sequence_and_replays_it(rng: np.random.Generator) -> None:
    n = 10_007
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    x, y = cp.asarray(x_h), cp.asarray(y_h)
    kernels.saxpy(0.0, x, y)  # each kernel runs once before it is captured
    cp.cuda.Device().synchronize()
    with kernels.capture() as graph:  # CuPy's current stream is the capture stream inside
        for k in range(100):
            kernels.saxpy(1.0 / (k + 1), x, y)
    graph.stream.sync()
    assert np.array_equal(y.get(), y_h), "capture ran the kernels"
    for _ in range(3):
        graph.replay()
    graph.stream.sync()
    eager = cp.asarray(y_h)
    for _ in range(3):
        for k in range(100):
            kernels.saxpy(1.0 / (k + 1), x, eager)
    cp.cuda.Device().synchronize()
    assert np.array_equal(y.get(), eager.get())
    graph.close()
    with pytest.raises(kernels.LaunchError) as info:
        graph.replay()
    assert str(info.value) == "Graph.replay(): nothing was captured (the capture failed or the graph is closed)"


# ---------------------------------------------------------------- load-time checks


def _run_with_site(variable: str, program: str) -> subprocess.CompletedProcess[str]:
    """`program` in a fresh interpreter with the folder named by `variable` first on the path."""
    site = gpu_site(variable, "the artifacts this test takes (this file's docstring has the commands by hand)")
    env = {**os.environ, "PYTHONPATH": site + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(program)], env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_load_a_package_without_code_for_this_gpu_says_so() -> None:
    """A wheel built for sm_80 with no PTX, called on a newer GPU: oxpack's error, not the driver's."""
    major, minor = cp.cuda.Device().compute_capability
    arch = f"sm_{major}{minor}"
    if major == 8:
        pytest.skip(f"an sm_80 cubin runs on this {arch} GPU")
    proc = _run_with_site("OXPACK_SM80_SITE", """
        import cupy as cp
        import vecmath
        from vecmath import kernels
        print(vecmath.__file__)
        try:
            kernels.saxpy(1.0, cp.ones(1000, cp.float32), cp.ones(1000, cp.float32))
        except kernels.LaunchError as error:
            print(type(error).__name__, error)
        """)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    where, outcome = proc.stdout.strip().split("\n")
    assert Path(where).resolve().is_relative_to(Path(os.environ["OXPACK_SM80_SITE"]).resolve()), where
    assert outcome == (
        f"LaunchError cannot load the kernels of `vecmath.kernels` on device 0 ({arch}): the package has machine "
        f"code for sm_80 and no PTX, none of which runs on {arch}; add \"{arch}\" to `archs` in `[tool.oxpack]`, "
        "or embed PTX with `ptx = \"auto\"`, and rebuild the package"
    )


def test_load_the_example_with_cuda_bindings_12() -> None:
    """The example's wheel, unchanged, with cuda-bindings 12.x in place of 13.x: it launches."""
    proc = _run_with_site("OXPACK_CU12_SITE", """
        import cuda.bindings, cupy as cp, numpy as np
        from vecmath import kernels
        x, y = np.arange(100_003, dtype=np.float32), np.ones(100_003, np.float32)
        out = cp.asarray(y)
        kernels.saxpy(2.0, cp.asarray(x), out)
        print(cuda.bindings.__version__, bool((cp.asnumpy(out) == 2 * x + y).all()))
        """)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    version, ok = proc.stdout.split()
    assert version.startswith("12.") and ok == "True", proc.stdout
