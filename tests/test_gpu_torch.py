"""GPU tests: the example's kernels as PyTorch custom operators (torch.ops.vecmath.*).

Run where the GPU is, after installing the example project's wheel (built elsewhere)
and with PyTorch present:  python -m pytest tests/test_gpu_torch.py
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import gpu_import, gpu_torch, require_example

pytestmark = pytest.mark.gpu

torch = gpu_torch("these tests need PyTorch with CUDA (optional: install it to run them)")
require_example()  # built from this checkout, or the file fails where the GPU is
vecmath = gpu_import("vecmath", "install the example's wheel")
gpu_import("vecmath.kernels_torch", "the example's wheel has no `kernels_torch`: rebuild it")  # torch.ops.vecmath.*

ops = torch.ops.vecmath
CUDA = torch.device("cuda")


@pytest.fixture(autouse=True)
def _seeded(seed: int) -> None:
    """PyTorch's global generators draw this test's data (the seed is printed with a failure)."""
    torch.manual_seed(seed)


def test_every_kernel_is_an_operator() -> None:
    kernels = set(vecmath.kernels._module.kernels)  # the manifest's kernels (not `capture`)
    assert len(kernels) >= 20, kernels
    for name in kernels:
        assert hasattr(ops, name), name
    assert set(vecmath.kernels_torch.ops) == kernels
    schema = str(ops.softmax.default._schema)
    assert schema == ("vecmath::softmax(SymInt cols, Tensor x, Tensor(a!) out, *, SymInt[]? threads=None, "
                      "SymInt[]? block=None) -> ()"), schema


def _softmax_ref(x: Any) -> Any:
    return torch.softmax(x.double(), dim=1).float()


def mixed(x: Any, y: Any) -> Any:
    """torch ops and oxpack kernels in one function: softmax of relu(x)·2, then saxpy into y."""
    h = torch.relu(x) * 2.0
    p = torch.empty_like(h)
    ops.softmax(h.shape[1], h, p)  # a block per row, as the kernel declares
    flat = p.reshape(-1)
    ops.saxpy(0.5, flat, y)  # y += 0.5 * p, in place on an input
    g = torch.empty_like(y)
    ops.gelu(y, g)
    return p.sum(dim=1) + g[: p.shape[0]]


@pytest.mark.parametrize("backend", ["inductor", "aot_eager"])
def test_compiled_function_mixing_torch_and_oxpack_matches_eager(backend: str) -> None:
    torch._dynamo.reset()
    gen = torch.Generator(device=CUDA).manual_seed(0)
    x = torch.randn(300, 513, device=CUDA, generator=gen)
    y0 = torch.randn(300 * 513, device=CUDA, generator=gen)
    y_eager, y_compiled = y0.clone(), y0.clone()
    want = mixed(x, y_eager)
    compiled = torch.compile(mixed, fullgraph=True, backend=backend)  # fullgraph: a graph break fails
    got = compiled(x, y_compiled)
    torch.cuda.synchronize()
    torch.testing.assert_close(got, want)
    torch.testing.assert_close(y_compiled, y_eager)  # the in-place write to an input survives compilation
    p = _softmax_ref(torch.relu(x) * 2.0)
    torch.testing.assert_close(y_eager, y0 + 0.5 * p.reshape(-1))
    # called again with new data: the compiled function does not replay stale results
    x2 = torch.randn(300, 513, device=CUDA, generator=gen)
    y_eager, y_compiled = y0.clone(), y0.clone()
    torch.testing.assert_close(compiled(x2, y_compiled), mixed(x2, y_eager))


def test_compiled_function_has_one_graph() -> None:
    torch._dynamo.reset()
    x = torch.randn(64, 128, device=CUDA)
    y = torch.randn(64 * 128, device=CUDA)
    explanation = torch._dynamo.explain(mixed)(x, y)
    assert explanation.graph_count == 1 and explanation.graph_break_count == 0, explanation


def test_operator_errors_are_the_stubs() -> None:
    x = torch.randn(10, device=CUDA)
    with pytest.raises(vecmath.kernels.KernelArgumentError) as info:
        ops.saxpy(1.0, x, torch.zeros(10, device=CUDA, dtype=torch.float64))
    assert str(info.value) == "saxpy(): argument `y` must be a float32 device array, got a float64 tensor"
    with pytest.raises(vecmath.kernels.KernelArgumentError) as info:
        ops.saxpy(1.0, x, torch.zeros(10))
    assert str(info.value) == ("saxpy(): argument `y` is in host memory (torch.Tensor); move it to the GPU first "
                               "(e.g. cupy.asarray)")
    with pytest.raises(vecmath.kernels.KernelValueError) as info:
        ops.softmax(3, torch.randn(10, device=CUDA), torch.empty(10, device=CUDA))
    assert str(info.value) == "softmax(): requirement `len(x) % cols == 0` failed: len(x) = 10, cols = 3"


def _u32(n: int, hi: int) -> Any:
    return torch.randint(0, hi, (n,), device=CUDA, dtype=torch.int64).to(torch.uint32)


# kernel: a function of a fresh generator giving (args, kwargs)
OPCHECK: dict[str, Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]] = {
    "saxpy": lambda: ((1.5, torch.randn(4097, device=CUDA), torch.randn(4097, device=CUDA)), {}),
    "saxpy4": lambda: ((0.5, torch.randn(4096, device=CUDA), torch.randn(4096, device=CUDA)), {}),
    "gelu": lambda: ((torch.randn(1000, device=CUDA), torch.empty(1000, device=CUDA)), {}),
    "softmax": lambda: ((333, torch.randn(7 * 333, device=CUDA), torch.empty(7 * 333, device=CUDA)),
                        {"block": [128]}),  # its block, the one key it leaves to the call
    "math64": lambda: ((8, torch.rand(999, device=CUDA, dtype=torch.float64), torch.empty(999, device=CUDA,
                                                                                         dtype=torch.float64)), {}),
    "to_f16": lambda: ((torch.randn(500, device=CUDA), torch.empty(500, device=CUDA, dtype=torch.float16)), {}),
    "scale_bf16": lambda: ((2.0, torch.randn(500, device=CUDA).bfloat16(), torch.empty(500, device=CUDA,
                                                                                       dtype=torch.bfloat16)), {}),
    "sum": lambda: ((torch.randint(0, 8, (5000,), device=CUDA).float(), torch.zeros(1, device=CUDA)),
                    {}),
    "histogram": lambda: ((64, _u32(5000, 2**32 - 1), torch.zeros(64, device=CUDA, dtype=torch.uint32)), {}),
    "transpose_tiled": lambda: ((96, 64, torch.randn(64 * 96, device=CUDA), torch.empty(64 * 96, device=CUDA)),
                                {}),
}


@pytest.mark.parametrize("kernel", sorted(OPCHECK))
def test_opcheck(kernel: str) -> None:
    args, kwargs = OPCHECK[kernel]()
    torch.library.opcheck(getattr(ops, kernel).default, args, kwargs)


def test_operator_runs_on_the_current_stream() -> None:
    s = torch.cuda.Stream()
    x = torch.randn(1 << 22, device=CUDA)
    with torch.cuda.stream(s):
        y = torch.zeros(1 << 22, device=CUDA)  # queued on s
        ops.saxpy(2.0, x, y)  # must follow the zeros on s
    s.synchronize()
    torch.testing.assert_close(y, 2.0 * x)


def test_without_torch_the_stub_module_imports_and_registers_nothing() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.modules['torch'] = None\n"
            "import vecmath.kernels as k\n"
            "assert not hasattr(k, '_torch_ops'), 'registered without torch'\n"
            "import cupy as cp; x = cp.ones(8, dtype=cp.float32); y = cp.ones(8, dtype=cp.float32)\n"
            "k.saxpy(2.0, x, y); assert float(y.sum()) == 24.0\n")
    subprocess.run([sys.executable, "-c", code], check=True)  # its asserts are the test


def test_every_tensor_a_model_holds_through_the_stub_and_the_operator() -> None:
    """An `nn.Parameter` (whose `__cuda_array_interface__` refuses: it requires grad), a tensor that
    requires grad, tensors made under `no_grad` and `inference_mode`, a contiguous view of a
    parameter: through the stub (general path, then the fast path) and the operator, eager and
    compiled, each result as torch's."""
    weight = torch.nn.Parameter(torch.randn(4096, device=CUDA))
    with pytest.raises(RuntimeError, match="requires grad"):
        weight.__cuda_array_interface__  # what the runtime no longer reads
    x = torch.randn(4096, device=CUDA, requires_grad=True)
    for _ in range(2):  # the general path, then the fast path's repeat
        y = torch.randn(4096, device=CUDA)
        expected = 2.0 * weight.detach() + 0.5 * x.detach() + y
        vecmath.kernels.saxpy(2.0, weight, y)
        vecmath.kernels.saxpy(0.5, x, y)
        torch.testing.assert_close(y, expected)
    with torch.no_grad():
        out = torch.zeros(100, device=CUDA)
        ops.saxpy(1.0, weight[100:200], out)  # a view of a parameter at an offset, through the operator
        torch.testing.assert_close(out, weight.detach()[100:200])
    with torch.inference_mode():
        a, b = torch.ones(1000, device=CUDA), torch.zeros(1000, device=CUDA)
        ops.saxpy(3.0, a, b)
        torch.testing.assert_close(b, torch.full((1000,), 3.0, device=CUDA))

    def step(w: Any, v: Any) -> Any:
        out = torch.zeros_like(v)
        ops.saxpy(1.0, w, out)
        return out * 2.0

    compiled = torch.compile(step, fullgraph=True)
    v = torch.randn(4096, device=CUDA)
    torch.testing.assert_close(compiled(weight, v), 2.0 * weight.detach())


def test_a_stream_handle_as_an_int() -> None:
    """`stream=torch.cuda.Stream().cuda_stream` (an int): the kernel runs on that stream, ordered after
    the tensors' producer stream; 0 is the legacy default stream."""
    side = torch.cuda.Stream()
    x, y = torch.randn(1 << 20, device=CUDA), torch.zeros(1 << 20, device=CUDA)
    side.wait_stream(torch.cuda.current_stream())
    for _ in range(2):
        y.zero_()
        side.wait_stream(torch.cuda.current_stream())
        vecmath.kernels.saxpy(2.0, x, y, stream=side.cuda_stream)
        side.synchronize()
        torch.testing.assert_close(y, 2.0 * x)
    y.zero_()
    vecmath.kernels.saxpy(2.0, x, y, stream=0)
    torch.cuda.synchronize()
    torch.testing.assert_close(y, 2.0 * x)
