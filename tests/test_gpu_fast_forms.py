"""GPU tests: the generated fast path launches every call form right.

Declared launches (the stub computes threads, block and dynamic shared memory), explicit
`threads`/`block` (ints and tuples), 2-D launches, CuPy arrays and PyTorch tensors: the first
call takes the general path, which records its launch; the second is the fast path's
(asserted through `_fast_<kernel>`, which returns True only when it launched, given what the
stub would give it: `Kernel.resolve`'s arguments and launch), on fresh inputs of the same
shapes, and its result must be the reference's. Run with the example's wheel built from this checkout (`bash
scripts/gpu-artifacts.sh`, then `bash scripts/gpu-tests.sh`, or by hand with the wheel
first on PYTHONPATH: `python -m pytest tests/test_gpu_fast_forms.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()


def twice(name: str, make: Callable[[], tuple[Any, ...]], threads: Any = None, block: Any = None) -> tuple[Any, ...]:
    """Call kernel `name` on `make()`'s arguments through the general path (which records the
    launch), then on fresh ones of the same shapes through the fast path, with the full arguments
    and launch that the stub hands it (a declared launch computed: `Kernel.resolve`); return the
    latter call's arguments."""
    stub, fast = getattr(kernels, name), getattr(kernels, f"_fast_{name}")
    stub(*make(), threads=threads, block=block)
    args = make()
    full, threads, block = kernels._module.kernel(name).resolve(args, threads, block)
    assert fast(*full, None, threads, block) is True, f"{name}: the fast path did not take threads={threads!r}, block={block!r}"
    cp.cuda.Device().synchronize()
    return args


def test_saxpy_with_threads_and_block(rng: np.random.Generator) -> None:
    n = 10_000
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    a, x, y = twice("saxpy", lambda: (1.5, cp.asarray(x_h), cp.asarray(y_h)), n, 128)
    np.testing.assert_allclose(y.get(), np.float32(1.5) * x_h + y_h, rtol=1e-6, atol=1e-6)


def test_saxpy4_with_one_tuples(rng: np.random.Generator) -> None:
    """Its declared `threads = cdiv(len(y), 4)` given as a one-tuple (equal: taken), a block of one."""
    n = 4096 + 4
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    _, x, y = twice("saxpy4", lambda: (2.0, cp.asarray(x_h), cp.asarray(y_h)), (-(-n // 4),), (64,))
    np.testing.assert_allclose(y.get(), np.float32(2.0) * x_h + y_h, rtol=1e-6, atol=1e-6)


def test_sgemm_2d(rng: np.random.Generator) -> None:
    m, n, k = 96, 80, 40
    a_h, b_h = rng.standard_normal((m, k), dtype=np.float32), rng.standard_normal((k, n), dtype=np.float32)
    *_, c = twice("sgemm", lambda: (m, n, k, cp.asarray(a_h), cp.asarray(b_h), cp.zeros((m, n), cp.float32)))
    np.testing.assert_allclose(c.get(), a_h @ b_h, rtol=1e-4, atol=1e-4)


def test_transpose_tiled_2d(rng: np.random.Generator) -> None:
    h, w = 70, 45
    m_h = rng.standard_normal((h, w), dtype=np.float32)
    *_, out = twice("transpose_tiled", lambda: (w, h, cp.asarray(m_h), cp.zeros((w, h), cp.float32)))
    assert np.array_equal(out.get(), m_h.T)


def test_block_reverse_dynamic_shared(rng: np.random.Generator) -> None:
    """The fast launch must carry the dynamic shared size that the kernel declares, a slot per thread
    of the call's block (a missing one faults or reads garbage)."""
    n, block = 1000, 128
    x_h = rng.standard_normal(n, dtype=np.float32)
    x, out = twice("block_reverse", lambda: (cp.asarray(x_h), cp.zeros(n, cp.float32)), block=block)
    expected = np.concatenate([x_h[i:i + block][::-1] for i in range(0, n, block)])
    assert np.array_equal(out.get(), expected)


def test_softmax_with_its_documented_shape(rng: np.random.Generator) -> None:
    rows, cols, block = 64, 256, 32
    x_h = rng.standard_normal((rows, cols), dtype=np.float32)
    _, _, out = twice("softmax", lambda: (cols, cp.asarray(x_h), cp.zeros((rows, cols), cp.float32)), block=block)
    e = np.exp(x_h.astype(np.float64) - x_h.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out.get(), e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)


def test_torch_tensors_with_explicit_shapes(rng: np.random.Generator) -> None:
    torch = gpu_import("torch", "this test needs PyTorch with CUDA", optional=True)
    n = 5000
    x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    _, x, y = twice("saxpy", lambda: (0.5, torch.from_numpy(x_h).cuda(), torch.from_numpy(y_h).cuda()), n, 256)
    torch.cuda.synchronize()
    np.testing.assert_allclose(y.cpu().numpy(), np.float32(0.5) * x_h + y_h, rtol=1e-6, atol=1e-6)


def test_layernorm_memo_still_reads_every_tensor(rng: np.random.Generator) -> None:
    """The launcher remembers the pointers and sizes its last call checked and packed. A tensor
    at the same address with the same element count that is strided or of another dtype is not
    the remembered call: each is refused (by the general path, with its message), and the
    remembered call still launches and computes LayerNorm. One that requires grad is the same
    memory, and the fast path takes it as it is, as the general path does."""
    torch = gpu_import("torch", "this test needs PyTorch with CUDA", optional=True)
    rows, c = 32, 64
    x_h = rng.standard_normal((rows, c), dtype=np.float32)
    w_h, b_h = rng.standard_normal(c, dtype=np.float32), rng.standard_normal(c, dtype=np.float32)
    buffer = torch.zeros(2 * rows * c, device="cuda:0")
    x = buffer[: rows * c]
    x.copy_(torch.from_numpy(x_h.ravel()).cuda())
    w, b = torch.from_numpy(w_h).cuda(), torch.from_numpy(b_h).cuda()
    out, mean, rstd = torch.empty(rows * c, device="cuda:0"), torch.empty(rows, device="cuda:0"), torch.empty(
        rows, device="cuda:0")
    # the general path records the launch: 32 * rows threads, in blocks of 256 (given: the kernel tunes its block)
    kernels.layernorm(x, w, b, out, mean, rstd, block=256)
    assert kernels._fast_layernorm(x, w, b, out, mean, rstd, None, 32 * rows, 256) is True  # remembered
    same_address = {
        "strided": buffer[::2],  # x's address and element count, every other element
        "int32": buffer.view(torch.int32)[: rows * c],
    }
    for what, other in same_address.items():
        assert other.data_ptr() == x.data_ptr() and other.numel() == x.numel(), what
        assert kernels._fast_layernorm(other, w, b, out, mean, rstd, None, 32 * rows, 256) is False, what
        with pytest.raises((kernels.KernelArgumentError, kernels.KernelValueError)):
            kernels.layernorm(other, w, b, out, mean, rstd, block=256)
    grad = buffer[: rows * c].detach().requires_grad_()  # the same memory, seen by autograd
    assert kernels._fast_layernorm(grad, w, b, out, mean, rstd, None, 32 * rows, 256) is True
    out.zero_()
    assert kernels._fast_layernorm(x, w, b, out, mean, rstd, None, 32 * rows, 256) is True
    torch.cuda.synchronize()
    mu = x_h.mean(axis=1, keepdims=True)
    r = 1 / np.sqrt(((x_h - mu) ** 2).mean(axis=1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(out.cpu().numpy().reshape(rows, c), (x_h - mu) * r * w_h + b_h, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(mean.cpu().numpy(), mu.ravel(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(rstd.cpu().numpy(), r.ravel(), rtol=1e-4, atol=1e-4)
