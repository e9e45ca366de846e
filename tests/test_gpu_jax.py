"""GPU tests: kernels as JAX functions under ``jax.jit`` on JAX's CUDA platform (the CPU twins, emulated:
tests/test_jax.py).

The XLA FFI handler asks XLA for its stream and calls the stub with ``stream=<handle>`` on XLA's device
buffers. Checked against jax.numpy: an elementwise kernel at sizes whose last block is partial, a 2-D
output of declared dims, two outputs and no declared launch; a second call of the compiled function;
the kernel between jax.numpy operations in one jitted function (its inputs made and its outputs read on
XLA's stream: a kernel on another stream would race them at these sizes); the kernel in a
``lax.fori_loop``; vmap; and the trace-time refusals, before anything runs.

Needs JAX with CUDA where the GPU is (``pip install "jax[cuda12]"`` or ``"jax[cuda13]"``); without it
the file is skipped, saying so. Built by ``bash scripts/gpu-artifacts.sh`` into ``.artifacts/gpu/jaxcall``;
``OXPACK_JAXCALL_SITE`` names another folder. Run: ``python -m pytest tests/test_gpu_jax.py``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import REPO, build_problems, forget_package, gpu_available, gpu_import

pytestmark = pytest.mark.gpu

NEEDED = 'these tests run kernels under JAX on the GPU: install JAX with CUDA (pip install "jax[cuda12]")'
jax: Any = gpu_import("jax", NEEDED, optional=True)
SITE = Path(os.environ.get("OXPACK_JAXCALL_SITE", REPO / ".artifacts" / "gpu" / "jaxcall"))


@pytest.fixture(scope="module")
def kj() -> Iterator[ModuleType]:
    module = SITE / "jaxcall" / "kernels.py"
    if not module.is_file():
        pytest.fail(f"{module} is missing: run `bash scripts/gpu-artifacts.sh` where rustc is (it builds "
                    "tests/packages/jaxcall into .artifacts/gpu/jaxcall), or set OXPACK_JAXCALL_SITE", pytrace=False)
    problems = build_problems(module, REPO / "tests" / "packages" / "jaxcall")
    if problems:
        pytest.fail(f"{module} was not built from this checkout: {'; '.join(problems)}; rerun "
                    "`bash scripts/gpu-artifacts.sh`", pytrace=False)
    if gpu_available():
        try:
            jax.devices("gpu")
        except RuntimeError as exc:
            pytest.skip(f"this JAX ({jax.__version__}) has no GPU backend ({exc}): {NEEDED}")
    sys.path.insert(0, str(SITE))
    try:
        import jaxcall.kernels_jax as functions
    finally:
        sys.path.remove(str(SITE))
    assert jax.default_backend() == "gpu", jax.default_backend()
    yield functions
    forget_package("jaxcall")


def _jnp() -> Any:
    import jax.numpy as jnp

    return jnp


@pytest.mark.parametrize("n", [1, 255, 256, 1000, 1 << 20, 3_000_001])
def test_jit_of_an_elementwise_kernel_equals_jnp(kj: ModuleType, n: int) -> None:
    jnp = _jnp()
    x = jnp.arange(n, dtype=jnp.float32) / 7
    y = jnp.cos(jnp.arange(n, dtype=jnp.float32))
    f = jax.jit(lambda x, y: kj.axpy(2.5, x, y))
    got = f(x, y)
    assert got.shape == (n,) and got.dtype == jnp.float32 and list(got.devices())[0].platform == "gpu"
    np.testing.assert_allclose(np.asarray(got), np.asarray(2.5 * x + y), rtol=1e-6)
    again = f(y, x)  # the second call of the compiled function
    np.testing.assert_allclose(np.asarray(again), np.asarray(2.5 * y + x), rtol=1e-6)


@pytest.mark.parametrize(("m", "n"), [(1, 1), (33, 19), (1000, 513), (4096, 4096)])
def test_jit_of_a_kernel_with_2d_declared_outputs_equals_jnp(kj: ModuleType, m: int, n: int) -> None:
    jnp = _jnp()
    a = jnp.linspace(-1, 1, m, dtype=jnp.float32)
    b = jnp.arange(n, dtype=jnp.float32)
    f = jax.jit(kj.outer, static_argnums=0)
    c = f(0.25, a, b)
    assert c.shape == (m, n) and c.dtype == jnp.float32
    np.testing.assert_allclose(np.asarray(c), np.asarray(jnp.outer(a, b) + 0.25), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(np.asarray(f(0.25, a * 2, b)), np.asarray(jnp.outer(a * 2, b) + 0.25), rtol=1e-6,
                               atol=1e-6)


def test_two_outputs_and_no_declared_launch(kj: ModuleType) -> None:
    jnp = _jnp()
    x = jnp.arange(5000, dtype=jnp.float32) * 3
    idx = (jnp.arange(100_000, dtype=jnp.uint32) * 7919) % 5000
    out, n = jax.jit(lambda i, x: kj.gather(6, i, x))(idx, x)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(x[idx]))
    np.testing.assert_array_equal(np.asarray(n), np.asarray(idx % 6))


def test_the_kernel_runs_in_order_on_xlas_stream(kj: ModuleType) -> None:
    jnp = _jnp()
    n = 1 << 24  # large enough that a kernel on another stream would read unfinished inputs or be read unfinished

    @jax.jit
    def f(x: Any) -> Any:
        y = jnp.sin(x) * 2  # made by XLA just before the kernel reads it
        z = kj.axpy(-1.0, y, x)  # x - 2·sin(x)
        return (z + 2 * jnp.sin(x)).sum() / n  # read by XLA just after: x's mean

    x = jnp.linspace(0, 1, n, dtype=jnp.float32)
    for _ in range(3):
        np.testing.assert_allclose(float(f(x)), float(x.mean()), rtol=1e-4)


def test_the_kernel_in_a_fori_loop(kj: ModuleType) -> None:
    jnp = _jnp()
    x = jnp.ones(1 << 16, jnp.float32)
    f = jax.jit(lambda x: jax.lax.fori_loop(0, 10, lambda i, acc: kj.axpy(1.0, x, acc), jnp.zeros_like(x)))
    np.testing.assert_array_equal(np.asarray(f(x)), np.full(1 << 16, 10.0, np.float32))


def test_vmap(kj: ModuleType) -> None:
    jnp = _jnp()
    a, b = jnp.arange(12, dtype=jnp.float32).reshape(3, 4), jnp.arange(6, dtype=jnp.float32).reshape(3, 2)
    c = jax.jit(jax.vmap(lambda a, b: kj.outer(0.0, a, b)))(a, b)
    np.testing.assert_array_equal(np.asarray(c), np.asarray(jnp.einsum("bi,bj->bij", a, b)))


@pytest.mark.parametrize(("call", "message"), [
    (lambda k, x: k.axpy(2.0, x, x[:5]), "axpy(): requirement `len(y) == len(x)` failed: len(y) = 5, len(x) = 10"),
    (lambda k, x: k.axpy(2.0, x, x.astype("int32")), "axpy(): argument `y` must be a float32 array, got an int32 array"),
    (lambda k, x: k.gather(0, x.astype("uint32"), x), "gather(): requirement `per > 0` failed: per = 0"),
    (lambda k, x: k.twice(x), "twice(): has no JAX function: a JAX function returns the kernel's outputs, and `out` has "
                             "no declared dims; declare them in kernels/j.rs, `#[outputs(out = (...))]`, and rebuild"),
])
def test_errors_at_trace_time(kj: ModuleType, call: Any, message: str) -> None:
    jnp = _jnp()
    f = jax.jit(lambda x: call(kj, x))
    with pytest.raises((TypeError, ValueError)) as caught:
        f(jnp.arange(10, dtype=jnp.float32))
    assert str(caught.value).startswith(message), str(caught.value)
    assert type(caught.value).__name__ in ("KernelArgumentError", "KernelValueError")
    with pytest.raises(TypeError, match=r"^axpy\(\): argument `a` is a traced JAX value"):
        jax.jit(kj.axpy)(2.0, jnp.ones(3, jnp.float32), jnp.ones(3, jnp.float32))
