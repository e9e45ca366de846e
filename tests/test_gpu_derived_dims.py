"""GPU tests: calls of the example's GEMMs with their data alone (`#[dims]`, `#[outputs]`), on the GPU.

Each GEMM's call of its operands alone, `c = kernels.gemm_bf16_nt_bf16(a, w)`, reads m, n, k from the
tensors' shapes, makes `c` and must write exactly what the call with every scalar writes (the same
kernel, the same body for the GPU: the sm_90a variant on Hopper for 2-D operands), with CuPy arrays
too; the PyTorch operator's `ops[...]` takes the data alone eagerly and under `torch.compile`; operands
that disagree are refused before any launch. Run where the GPU is, after installing the example's
wheel, with PyTorch present: python -m pytest tests/test_gpu_derived_dims.py. The emulated twins:
tests/test_mma_emulation.py::test_example_gemm_takes_its_data_alone, tests/test_declared_launch.py.
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
GEMMS = ["gemm_bf16", "gemm_bf16_nt", "gemm_bf16_nt_bf16", "gemm_tf32_nt", "linear_gelu_bf16", "gemm_s8_nt", "sgemm"]


@pytest.fixture(autouse=True)
def _seeded(seed: int) -> None:
    torch.manual_seed(seed)


def operands(kernel: str, m: int, n: int, k: int) -> tuple[list[Any], Any]:
    """The kernel's inputs (2-D, as the dims declare) and a poisoned output of its dtype."""
    if kernel == "gemm_s8_nt":
        a, b = (torch.randint(-128, 128, s, device=CUDA, dtype=torch.int8) for s in ((m, k), (n, k)))
        return [a, b], torch.full((m, n), -(2**31), device=CUDA, dtype=torch.int32)
    dtype = torch.float32 if kernel in ("gemm_tf32_nt", "sgemm") else torch.bfloat16
    b_shape = (k, n) if kernel in ("gemm_bf16", "sgemm") else (n, k)
    inputs = [torch.randn(m, k, device=CUDA, dtype=dtype), torch.randn(*b_shape, device=CUDA, dtype=dtype) / 4]
    if kernel == "linear_gelu_bf16":
        inputs.append(torch.randn(n, device=CUDA, dtype=dtype))
    out = torch.bfloat16 if kernel in ("gemm_bf16_nt_bf16", "linear_gelu_bf16") else torch.float32
    return inputs, torch.full((m, n), float("nan"), device=CUDA, dtype=out)


@pytest.mark.parametrize(("m", "n", "k"), [(128, 256, 64), (130, 257, 72), (1000, 999, 1000), (4096, 4096, 4096)])
@pytest.mark.parametrize("kernel", GEMMS)
def test_the_data_alone_writes_what_every_scalar_writes(kernel: str, m: int, n: int, k: int) -> None:
    stub = getattr(kernels, kernel)
    inputs, given = operands(kernel, m, n, k)
    stub(m, n, k, *inputs, given)
    made = stub(*inputs)
    torch.cuda.synchronize()
    assert made.shape == (m, n) and made.dtype == given.dtype and made.device == given.device
    assert torch.equal(made, given)
    into = torch.empty_like(given)
    assert stub(*inputs, into) is into
    torch.cuda.synchronize()
    assert torch.equal(into, given)


@pytest.mark.parametrize("kernel", ["gemm_tf32_nt", "sgemm"])
def test_the_data_alone_with_cupy_arrays(kernel: str) -> None:
    stub = getattr(kernels, kernel)
    inputs, given = operands(kernel, 257, 130, 64)
    arrays = [cp.asarray(t) for t in inputs]
    stub(257, 130, 64, *inputs, given)
    made = stub(*arrays)
    cp.cuda.Device().synchronize()
    assert isinstance(made, cp.ndarray) and made.shape == (257, 130)
    assert torch.equal(torch.as_tensor(made, device=CUDA), given)


def test_operands_that_disagree_are_refused_before_a_launch() -> None:
    a, w = torch.randn(256, 64, device=CUDA, dtype=torch.bfloat16), torch.randn(128, 32, device=CUDA, dtype=torch.bfloat16)
    with pytest.raises(kernels.KernelValueError, match=r"^gemm_bf16_nt_bf16\(\): arguments `a` and `b` disagree on `k`"):
        kernels.gemm_bf16_nt_bf16(a, w)
    with pytest.raises(kernels.KernelArgumentError, match=r"^gemm_bf16_nt_bf16\(\): argument `a` is flat"):
        kernels.gemm_bf16_nt_bf16(a.view(-1), w.view(-1))
    kernels.gemm_bf16_nt_bf16(a, torch.randn(128, 64, device=CUDA, dtype=torch.bfloat16))  # the GPU still works
    torch.cuda.synchronize()


def test_the_operator_takes_the_data_alone_eager_and_compiled() -> None:
    from vecmath.kernels_torch import ops

    a, w = torch.randn(512, 256, device=CUDA, dtype=torch.bfloat16), torch.randn(384, 256, device=CUDA, dtype=torch.bfloat16)
    want = ops["gemm_bf16_nt_bf16"](512, 384, 256, a, w)
    assert torch.equal(ops["gemm_bf16_nt_bf16"](a, w), want)

    def f(a: Any, w: Any) -> Any:  # doubled (exact): Inductor compiles code around the operator, and no
        return ops["gemm_bf16_nt_bf16"](a, w) * 2  # reduction whose order it may change (as `.sum` did on an H100)

    compiled = torch.compile(f, fullgraph=True)
    assert torch.equal(compiled(a, w), f(a, w))
    a2 = torch.randn(1024, 256, device=CUDA, dtype=torch.bfloat16)
    assert torch.equal(compiled(a2, w), f(a2, w))
