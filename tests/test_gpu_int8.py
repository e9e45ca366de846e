"""GPU tests: the example's int8 tensor-core GEMM (`example-project/kernels/int8.rs`, `gemm_s8_nt`:
`mma.sync` m16n8k32 on s8, s32 accumulators) against PyTorch, exactly.

Integer products and sums are exact (no overflow at these K), so every output must equal
`torch._int_mm(a, b.t())` where its shape rules allow (m > 16, k and n multiples of 8), else the
float64 product of the same inputs (exact: every partial sum is an integer below 2⁵³), cast to
int32. Outputs start poisoned, so an element no warp wrote fails. Ragged shapes, K not a multiple
of 16 and arrays off 16-byte alignment (ordinary loads instead of cp.async), CuPy arrays (CAI
typestr `|i1`) and the dtype refusal are covered, and 4096³. Run where the GPU is, after installing
the example's wheel, with PyTorch present: python -m pytest tests/test_gpu_int8.py. The emulated
twin: tests/test_int8_emulation.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CUPY, gpu_import, gpu_torch, require_example

pytestmark = pytest.mark.gpu

torch = gpu_torch()
cp = gpu_import("cupy", CUPY)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is

CUDA = "cuda"
POISON = -(2**31)


@pytest.fixture(autouse=True)
def _seeded(seed: int) -> None:
    torch.manual_seed(seed)


def s8(*shape: int) -> Any:
    return torch.randint(-128, 128, shape, device=CUDA, dtype=torch.int8)


def poisoned(m: int, n: int) -> Any:
    return torch.full((m, n), POISON, device=CUDA, dtype=torch.int32)


def reference(a: Any, b: Any) -> Any:
    """a·bᵀ exactly, as int32: `torch._int_mm` where it takes the shape, else float64 (exact here)."""
    m, k = a.shape
    n = b.shape[0]
    if m > 16 and k % 8 == 0 and n % 8 == 0 and k > 0:
        try:
            return torch._int_mm(a, b.t())
        except RuntimeError:  # a shape this PyTorch's `_int_mm` does not take after all
            pass
    return (a.double() @ b.double().t()).to(torch.int64).to(torch.int32)


@pytest.mark.parametrize(("m", "n", "k"), [(1, 1, 1), (17, 8, 32), (130, 33, 64), (100, 70, 45), (257, 384, 1024),
                                           (1000, 999, 1001), (4096, 4096, 4096)])
def test_gemm_s8_nt_is_exact(m: int, n: int, k: int) -> None:
    a, b = s8(m, k), s8(n, k)
    c = poisoned(m, n)
    kernels.gemm_s8_nt(m, n, k, a, b, c)
    assert torch.equal(c, reference(a, b)), int((c != reference(a, b)).sum())


def test_the_extremes_of_the_s8_range() -> None:
    """-128 · -128 and -128 · 127 summed over k = 4096 (±67 million: no overflow) in every output."""
    m, n, k = 256, 256, 4096
    a = torch.full((m, k), -128, device=CUDA, dtype=torch.int8)
    b = torch.full((n, k), -128, device=CUDA, dtype=torch.int8)
    b[1::2] = 127
    c = poisoned(m, n)
    kernels.gemm_s8_nt(m, n, k, a, b, c)
    assert torch.equal(c, torch._int_mm(a, b.t()))
    assert int(c[0, 0]) == 128 * 128 * k and int(c[0, 1]) == -128 * 127 * k


def test_misaligned_arrays_take_ordinary_loads() -> None:
    """Views one byte into their buffers (and K = 96, a multiple of 16) take the ordinary-load copies."""
    m, n, k = 300, 260, 96
    a = s8(m * k + 1)[1:].view(m, k)
    b = s8(n * k + 1)[1:].view(n, k)
    assert a.data_ptr() % 16 and b.data_ptr() % 16
    c = poisoned(m, n)
    kernels.gemm_s8_nt(m, n, k, a, b, c)
    assert torch.equal(c, reference(a.contiguous(), b.contiguous()))


def test_cupy_int8_arrays() -> None:
    """CuPy's int8 arrays arrive through `__cuda_array_interface__` (typestr `|i1`)."""
    m, n, k = 200, 136, 80
    a = cp.random.randint(-128, 128, (m, k)).astype(cp.int8)
    b = cp.random.randint(-128, 128, (n, k)).astype(cp.int8)
    c = cp.full((m, n), POISON, dtype=cp.int32)
    kernels.gemm_s8_nt(m, n, k, a, b, c)  # on CuPy's current stream (the legacy default)
    cp.cuda.get_current_stream().synchronize()
    as_torch = lambda x: torch.as_tensor(x, device=CUDA)  # noqa: E731  (through `__cuda_array_interface__`)
    assert torch.equal(as_torch(c), reference(as_torch(a), as_torch(b)))


def test_empty_k_gives_zeros() -> None:
    a, b = s8(100, 0), s8(50, 0)
    c = poisoned(100, 50)
    kernels.gemm_s8_nt(100, 50, 0, a, b, c)
    assert bool((c == 0).all())


def test_a_wrong_launch_is_refused_before_it_runs() -> None:
    """Too few blocks, another block: refused in one line against the kernel's declared launch, nothing
    queued; then the declared launch runs."""
    a = torch.ones((256, 32), device=CUDA, dtype=torch.int8)
    c = poisoned(256, 256)
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels.gemm_s8_nt(256, 256, 32, a, a, c, threads=128 * 3)
    assert str(caught.value) == (
        "gemm_s8_nt(): `threads=384` differs from the kernel's declared launch `grid = cdiv(m, 128) * cdiv(n, 128)` "
        "(threads=512 for these arguments); leave `threads` out")
    with pytest.raises(kernels.KernelValueError, match=r"`block=64` differs from the kernel's declared launch "
                                                       r"`block = 128`; leave `block` out$"):
        kernels.gemm_s8_nt(256, 256, 32, a, a, c, block=64)
    torch.cuda.synchronize()
    assert bool((c == POISON).all())
    kernels.gemm_s8_nt(256, 256, 32, a, a, c)
    assert bool((c == 32).all())


def test_other_dtypes_are_refused() -> None:
    a = torch.zeros(64, 64, device=CUDA, dtype=torch.uint8)
    b = torch.zeros(64, 64, device=CUDA, dtype=torch.int8)
    with pytest.raises(TypeError, match=r"gemm_s8_nt\(\): argument `a` must be an? int8"):
        kernels.gemm_s8_nt(64, 64, 64, a, b, torch.zeros(64, 64, device=CUDA, dtype=torch.int32))
    with pytest.raises(TypeError, match=r"gemm_s8_nt\(\): argument `c` must be an? int32"):
        kernels.gemm_s8_nt(64, 64, 64, b, b, torch.zeros(64, 64, device=CUDA, dtype=torch.float32))


def test_the_same_inputs_give_the_same_bits() -> None:
    a, b = s8(777, 555), s8(333, 555)
    c1, c2 = poisoned(777, 333), poisoned(777, 333)
    kernels.gemm_s8_nt(777, 333, 555, a, b, c1)
    kernels.gemm_s8_nt(777, 333, 555, a, b, c2)
    assert torch.equal(c1, c2)
