"""Every example kernel, emulated on the CPU, against NumPy: no GPU needed.

The twins of oxpack's GPU tests (`tests/test_gpu.py`), run on host arrays through the
same stubs. They need a build that ships the host libraries (`oxpack build --emulation`,
or `emulation = true` in `[tool.oxpack]`); oxpack's own CI builds one and runs this file
(`tests/test_emulation.py`). Integer kernels must match bit for bit, float kernels within
the same bounds as on the GPU.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from hostarrays import BFloat16, poisoned, rng, to_bf16  # noqa: F401  (rng: the fixture)
from vecmath import kernels

EMULATION = (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not EMULATION, reason="built without emulation (oxpack build --emulation)")

from vecmath._oxpack.runtime import KernelTrap  # noqa: E402


@pytest.fixture(autouse=True)
def emulated() -> Iterator[None]:
    with kernels.emulation():
        yield


def test_saxpy(rng: np.random.Generator) -> None:
    n = 300_017
    x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    ref = np.float32(1.5) * x + y  # one rounding each, as the kernel
    kernels.saxpy(1.5, x, y)
    assert np.array_equal(y, ref)


def test_gather(rng: np.random.Generator) -> None:
    x = rng.standard_normal(10_000, dtype=np.float32)
    idx = rng.integers(0, len(x), 123_457, dtype=np.uint32)
    out = poisoned(len(idx), np.float32)
    kernels.gather(idx, x, out)
    assert np.array_equal(out, x[idx])


def test_an_out_of_bounds_index_traps_with_the_rust_message_and_location() -> None:
    idx = np.arange(64, dtype=np.uint32)
    idx[17] = 100  # one past x's end
    out = np.zeros(64, np.float32)
    with pytest.raises(KernelTrap) as info:
        kernels.gather(idx, np.ones(100, np.float32), out)
    assert info.value.message == "index out of bounds: the len is 100 but the index is 100"
    assert info.value.location is not None and info.value.location.startswith("kernels/saxpy.rs:")
    assert str(info.value).startswith(
        "gather(): the kernel trapped: index out of bounds: the len is 100 but the index is 100 at kernels/saxpy.rs:")
    assert "thread (17, 0, 0) of block (0, 0, 0)" in str(info.value)
    assert isinstance(info.value, RuntimeError)


def test_add_scaled_2d(rng: np.random.Generator) -> None:
    h, w = 217, 331
    a, b = rng.standard_normal((h, w)), rng.standard_normal((h, w))
    out = poisoned((h, w), np.float64)
    kernels.add_scaled(w, h, -0.25, a, b, out)
    assert np.array_equal(out, a - 0.25 * b)


def test_transpose_2d(rng: np.random.Generator) -> None:
    h, w = 133, 277
    m = rng.standard_normal((h, w), dtype=np.float32)
    out = poisoned((w, h), np.float32)
    kernels.transpose(w, h, m, out)
    assert np.array_equal(out, m.T)


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
    x = rng.integers(0, 2**32, 200_003, dtype=np.uint32)
    seed = int(rng.integers(0, 2**32))
    out = poisoned(len(x), np.uint32)
    kernels.hash32(seed, x, out)
    assert np.array_equal(out, _hash32_ref(x, seed))


def test_collatz_steps() -> None:
    start, n, limit = 10**12, 2000, 1000
    out = poisoned(n, np.uint32)
    kernels.collatz_steps(start, limit, out)
    ref = []
    for k in range(start, start + n):
        steps = 0
        while k > 1 and steps < limit:
            k = k // 2 if k % 2 == 0 else 3 * k + 1
            steps += 1
        ref.append(steps)
    assert out.tolist() == ref


def test_offset_clamp(rng: np.random.Generator) -> None:
    x = rng.integers(-(2**31), 2**31, 100_000, dtype=np.int32)
    delta, lo, hi = -(2**40), -(2**30), 2**30
    out = poisoned(len(x), np.int64)
    kernels.offset_clamp(delta, lo, hi, x, out)
    assert np.array_equal(out, np.clip(x.astype(np.int64) + delta, lo, hi))


def test_rejected_calls_run_nothing(rng: np.random.Generator) -> None:
    x = rng.standard_normal(1000, dtype=np.float32)
    y = poisoned(1000, np.float32)
    before = y.view(np.uint32).copy()
    read_only = np.ones(1000, np.float32)
    read_only.flags.writeable = False

    class Device:  # what CuPy and PyTorch's CUDA tensors look like
        __cuda_array_interface__ = {"shape": (1000,), "typestr": "<f4", "data": (1 << 40, False), "version": 3}

    device = f"{Device.__module__}.{Device.__qualname__}"
    bad_calls = [  # each: the whole message, which names the argument, what it must be, and the fix
        (lambda: kernels.saxpy(2.0, x.astype(np.float64), y),
         "saxpy(): argument `x` must be a float32 array, got a float64 array"),
        (lambda: kernels.saxpy(2.0, x[:10], y),
         "saxpy(): requirement `len(x) >= len(y)` failed: len(x) = 10, len(y) = 1000"),
        (lambda: kernels.saxpy(2.0, y, y),
         "saxpy(): argument `y` (mutable output) overlaps argument `x`; pass separate buffers"),
        (lambda: kernels.saxpy(2.0, Device(), y),
         f"saxpy(): argument `x` is device memory ({device}), but `kernels` is emulating (OXPACK_EMULATE=1 or "
         "emulation()): pass a host array (a NumPy array, a CPU tensor), e.g. cupy.asnumpy(x)"),
        (lambda: kernels.saxpy(2.0, x), "saxpy() missing 1 required positional argument: 'y'"),
        (lambda: kernels.saxpy(2.0, x[::2], y[:500]),
         "saxpy(): argument `x` must be C-contiguous, got shape (500,) with byte strides (8,); pass a contiguous copy"),
        (lambda: kernels.saxpy(2.0, x, read_only),
         "saxpy(): argument `y` (mutable output) is a read-only array; pass a writable one"),
        (lambda: kernels.saxpy("2", x, y), "saxpy(): argument `a` must be a float or an int (float32), got str"),
        (lambda: kernels.saxpy(2.0, x, y, stream=object()),
         "saxpy(): `stream` must be a cuda.core Stream, an object with __cuda_stream__, or a stream handle as an int "
         "(0 or 1: the legacy default stream, 2: the per-thread one, else a cudaStream_t such as "
         "torch.cuda.Stream().cuda_stream or cupy.cuda.Stream().ptr), got object"),
    ]
    for call, message in bad_calls:
        with pytest.raises((TypeError, ValueError)) as info:
            call()
        assert str(info.value) == message
    assert np.array_equal(y.view(np.uint32), before), "a refused call wrote to the output"


def test_sum_reduction(rng: np.random.Generator) -> None:
    n = 2_000_003  # past what the declared 132 · 2048 threads load at once: the grid-stride loop goes round
    x = rng.random(n, dtype=np.float32)
    total = np.zeros(1, dtype=np.float32)
    kernels.sum(x, total)
    ref = float(np.sum(x, dtype=np.float64))
    assert abs(float(total[0]) - ref) / ref < 1e-5


def test_an_empty_input_launches() -> None:
    total = np.full(1, 7.0, dtype=np.float32)
    kernels.sum(np.empty(0, np.float32), total)
    assert float(total[0]) == 7.0


def test_scale4_wide_access(rng: np.random.Generator) -> None:
    n = 4 * 100_003
    x = rng.standard_normal(n, dtype=np.float32)
    y = poisoned(n, np.float32)
    kernels.scale4(3.0, x, y)
    assert np.array_equal(y, np.float32(3.0) * x)


def test_saxpy4_wide_access(rng: np.random.Generator) -> None:
    n = 4 * 100_003
    x, y0 = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    y = y0.copy()
    kernels.saxpy4(3.0, x, y)
    assert np.array_equal(y, np.float32(3.0) * x + y0)


def test_histogram(rng: np.random.Generator) -> None:
    x = rng.integers(0, 2**32, 1_000_011, dtype=np.uint32)
    bins = 200
    hist = np.zeros(bins, dtype=np.uint32)
    kernels.histogram(bins, x, hist)
    assert np.array_equal(hist, np.bincount(x % bins, minlength=bins).astype(np.uint32))


def test_warp_scan(rng: np.random.Generator) -> None:
    n = 32 * 1000 + 17
    x = rng.integers(-(2**40), 2**40, n, dtype=np.int64)
    out = poisoned(n, np.int64)
    kernels.warp_scan(x, out)
    padded = np.concatenate([x, np.zeros(-n % 32, np.int64)]).reshape(-1, 32)
    assert np.array_equal(out, np.cumsum(padded, axis=1).reshape(-1)[:n])


def test_warp_scan_with_a_partial_last_warp(rng: np.random.Generator) -> None:
    # 48 threads per block: the second warp has 16 lanes; shfl_up never reads past them
    n = 48 * 10
    x = rng.integers(-1000, 1000, n, dtype=np.int64)
    out = poisoned(n, np.int64)
    kernels.warp_scan(x, out, block=48)
    segments = [x[b * 48 : b * 48 + 32] for b in range(10)], [x[b * 48 + 32 : b * 48 + 48] for b in range(10)]
    ref = np.concatenate([np.concatenate([np.cumsum(a), np.cumsum(b)]) for a, b in zip(*segments, strict=True)])
    assert np.array_equal(out, ref)


def test_min_max(rng: np.random.Generator) -> None:
    x = rng.integers(-(2**31), 2**31, 300_001, dtype=np.int32)
    lo = np.full(1, 2**31 - 1, dtype=np.int32)
    hi = np.full(1, -(2**31), dtype=np.int32)
    kernels.min_max(x, lo, hi)
    assert int(lo[0]) == int(x.min()) and int(hi[0]) == int(x.max())


@pytest.mark.parametrize(("h", "w"), [(256, 512), (333, 77)])
def test_transpose_tiled(rng: np.random.Generator, h: int, w: int) -> None:
    m = rng.standard_normal((h, w), dtype=np.float32)
    out = poisoned((w, h), np.float32)
    kernels.transpose_tiled(w, h, m, out)
    assert np.array_equal(out, m.T)


_ERF = np.vectorize(math.erf)
# op: (NumPy reference on float64, input range, relative tolerance f32, f64): the GPU test's
# bounds (libdevice's documented ulps; the host's libm is within them)
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
    x64 = rng.uniform(lo, hi, 20_003)
    x32 = x64.astype(np.float32)
    out = poisoned(len(x32), np.float32)
    kernels.math32(op, x32, out)
    want = ref(x32.astype(np.float64))
    floor = 1.0 if op >= 17 or op == 14 else np.finfo(np.float32).tiny
    scale = np.maximum(np.abs(want), floor)
    assert np.max(np.abs(out.astype(np.float64) - want) / scale) <= max(tol32, 1e-30), op
    if tol64 is not None:
        out64 = poisoned(len(x64), np.float64)
        kernels.math64(op, x64, out64)
        want = ref(x64)
        scale = np.maximum(np.abs(want), 1.0 if op == 14 else np.finfo(np.float64).tiny)
        assert np.max(np.abs(out64 - want) / scale) <= max(tol64, 1e-300), op


def test_gelu(rng: np.random.Generator) -> None:
    x32 = rng.standard_normal(50_001, dtype=np.float32) * 3
    out = poisoned(len(x32), np.float32)
    kernels.gelu(x32, out)
    x = x32.astype(np.float64)
    assert np.max(np.abs(out - 0.5 * x * (1 + _ERF(x / np.sqrt(2))))) < 1e-5


@pytest.mark.parametrize(("rows", "cols"), [(200, 1000), (16, 4096), (7, 33)])
def test_softmax(rng: np.random.Generator, rows: int, cols: int) -> None:
    x32 = rng.standard_normal((rows, cols), dtype=np.float32) * 4
    out = poisoned((rows, cols), np.float32)
    kernels.softmax(cols, x32, out)
    x = x32.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    ref = e / e.sum(axis=1, keepdims=True)
    assert np.linalg.norm(out - ref) / np.linalg.norm(ref) < 1e-6


def test_float16_storage(rng: np.random.Generator) -> None:
    x = rng.standard_normal(100_003, dtype=np.float32) * 100
    x[:6] = [np.inf, -np.inf, 70000.0, 1e-6, 6e-8, -0.0]  # overflow, subnormals, signed zero
    out = poisoned(len(x), np.float16)
    kernels.to_f16(x, out)
    with np.errstate(over="ignore"):
        ref = x.astype(np.float16)
    assert np.array_equal(out.view(np.uint16), ref.view(np.uint16))


def test_bfloat16_storage_through_dlpack(rng: np.random.Generator) -> None:
    x = to_bf16(rng.standard_normal(100_003, dtype=np.float32))
    out = BFloat16(np.zeros(len(x), np.uint16))
    kernels.scale_bf16(3.0, BFloat16(x), out)
    widened = (x.astype(np.uint32) << 16).view(np.float32)
    assert np.array_equal(out.bits, to_bf16(widened * np.float32(3.0)))


def test_dynamic_shared_memory(rng: np.random.Generator) -> None:
    n = 256 * 200 + 77
    x = rng.standard_normal(n, dtype=np.float32)
    out = poisoned(n, np.float32)
    kernels.block_reverse(x, out)  # blocks of 256 (the default), each with a scratch element per thread
    padded = np.concatenate([x, np.zeros(-n % 256, np.float32)]).reshape(-1, 256)
    ref = padded[:, ::-1].reshape(-1)[:n].copy()
    tail = n % 256
    ref[n - tail :] = x[n - tail :][::-1]  # the last, partial block reverses its own elements
    assert np.array_equal(out, ref)


@pytest.mark.parametrize(("m", "n", "k"), [(128, 96, 64), (30, 33, 77), (1, 5, 3)])
def test_sgemm(rng: np.random.Generator, m: int, n: int, k: int) -> None:
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    c = poisoned((m, n), np.float32)
    kernels.sgemm(m, n, k, a, b, c)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
    assert np.all(np.abs(c - ref) <= 1e-5 * scale + 1e-6)


def test_the_data_alone(rng: np.random.Generator) -> None:
    """Kernels that declare their arrays' dims (`#[dims]`) take the data alone: the scalars come from the
    shapes, and the results are the call's with every scalar (flat arrays) bit for bit."""
    m, n, k = 30, 33, 77
    a, b = rng.standard_normal((m, k), dtype=np.float32), rng.standard_normal((k, n), dtype=np.float32)
    c = poisoned((m, n), np.float32)
    kernels.sgemm(m, n, k, a.ravel(), b.ravel(), c)
    made = kernels.sgemm(a, b)  # c made like `a`, and returned
    assert made.shape == (m, n) and np.array_equal(made, c)
    x = rng.standard_normal((7, 33), dtype=np.float32)
    out, alone = poisoned((7, 33), np.float32), poisoned((7, 33), np.float32)
    kernels.softmax(33, x, out)
    kernels.softmax(x, alone)
    assert np.array_equal(out, alone)
    h, w = 13, 27
    mat = rng.standard_normal((h, w), dtype=np.float32)
    t = poisoned((w, h), np.float32)
    kernels.transpose(mat, t)
    assert np.array_equal(t, mat.T)
    a2, b2 = rng.standard_normal((h, w)), rng.standard_normal((h, w))
    o2 = poisoned((h, w), np.float64)
    kernels.add_scaled(-0.25, a2, b2, o2)  # `s`, which no dim gives, stays the call's, in its place
    assert np.array_equal(o2, a2 - 0.25 * b2)
    with pytest.raises(kernels.KernelValueError, match=r"^sgemm\(\): arguments `a` and `b` disagree on `k`"):
        kernels.sgemm(a, b.T.copy())


def test_sgemm_with_another_block_shape_is_refused_before_the_launch() -> None:
    a = np.ones((64, 64), dtype=np.float32)
    with pytest.raises(kernels.KernelValueError, match=r"^sgemm\(\): `block=\(8, 8\)` differs from the kernel's "
                                                       r"declared launch `block = \(16, 16\)`; leave `block` out$"):
        kernels.sgemm(64, 64, 64, a, a, np.zeros((64, 64), np.float32), block=(8, 8))


def test_the_switch_restores_the_gpu_mode() -> None:
    x = np.ones(8, np.float32)
    with kernels.emulation(False):
        with pytest.raises(TypeError) as info:
            kernels.saxpy(2.0, x, np.ones(8, np.float32))
    assert str(info.value) == ("saxpy(): argument `x` is in host memory (numpy.ndarray); move it to the GPU first "
                               "(e.g. cupy.asarray)")
    y = np.ones(8, np.float32)
    kernels.saxpy(2.0, x, y)  # emulating again
    assert np.array_equal(y, np.full(8, 3.0, np.float32))


SCAN_ITEMS = 32  # elements per thread in kernels/scan.rs


def _scan_state(n: int, block: int = 256) -> np.ndarray:
    """A zeroed scan state: 2 + 3 · ceil(n / (block · 32)) words, and at least the kernel's `where`."""
    return np.zeros(max(2 + 3 * -(-n // (block * SCAN_ITEMS)), 3 * (n // 2048) + 5), np.uint64)


@pytest.mark.parametrize("n", [1, 255, 256 * SCAN_ITEMS + 1, 10**6 + 3])
def test_cumsum_f32(rng: np.random.Generator, n: int) -> None:
    state = _scan_state(n)
    # Integer values in [-8, 8]: every partial sum is an integer below 2^24 in magnitude, exact in
    # float32 in any order of addition, so the scan must equal numpy.cumsum bit for bit.
    x = rng.integers(-8, 9, n).astype(np.float32)
    out = poisoned(n, np.float32)
    kernels.cumsum_f32(x, state, out)
    assert np.array_equal(out, np.cumsum(x))
    # Normal data, the same state reused without zeroing: each output is at most m = 44 + 2·tiles
    # roundings deep (32 serial additions per thread, the warp and block trees, about two per tile
    # of look-back), so |error| <= u·m·Σ|x| to first order, u = 2^-24 (never flaky; the exact
    # check above is the sharp one).
    x = rng.standard_normal(n, dtype=np.float32)
    kernels.cumsum_f32(x, state, out)
    bound = 2.0**-24 * (44 + 2 * -(-n // 2048)) * np.cumsum(np.abs(x.astype(np.float64)))
    assert np.all(np.abs(out - np.cumsum(x.astype(np.float64))) <= bound)


def test_cumsum_f32_on_views_off_16_byte_boundaries(rng: np.random.Generator) -> None:
    """Input and output 4 bytes past a 16-byte boundary: each thread's elements load and store one at
    a time (the 16-byte path needs them aligned), with the same results."""
    n = 5_003
    state = _scan_state(n)
    xs = rng.integers(-8, 9, n + 1).astype(np.float32)
    outs = poisoned(n + 1, np.float32)
    for x, out in ((xs[1:], outs[1:]), (xs[:n], outs[1:]), (xs[1:], outs[:n])):
        kernels.cumsum_f32(x, state, out)
        assert np.array_equal(out, np.cumsum(x))


def test_cumsum_i32_and_u32_wrap(rng: np.random.Generator) -> None:
    n = 20_011
    xi = rng.integers(-(2**31), 2**31, n, dtype=np.int32)
    out = poisoned(n, np.int32)
    kernels.cumsum_i32(xi, _scan_state(n), out)
    assert np.array_equal(out, np.cumsum(xi, dtype=np.int32))
    xu = rng.integers(0, 2**32, n, dtype=np.uint32)
    outu = poisoned(n, np.uint32)
    kernels.cumsum_u32(xu, _scan_state(n), outu)
    assert np.array_equal(outu, np.cumsum(xu, dtype=np.uint32))
