"""Kernels as JAX functions: the generated ``<module>_jax.py`` under ``jax.jit``, on JAX's CPU platform.

One emulated build of tests/packages/jaxcall: kernels whose outputs are declared (`#[outputs]`) are
functions ``f(*inputs, *scalars) -> outputs`` that ``jax.jit`` traces into an XLA FFI call; the
handler (a ctypes callback registered with ``jax.ffi.register_ffi_target``) runs the kernel emulated
on XLA's host buffers. Checked: results equal NumPy's, a second call and a retrace at other sizes;
the trace-time checks (dtypes, static scalars, `where` requirements, declared dims) raise the stub's
one-line errors before anything runs; a trap while running becomes JAX's runtime error with the
kernel's line; a kernel without declared outputs refuses, naming the fix; differentiation refuses;
vmap runs the kernel once per element; the CPU path emulates whatever the module's own switch says;
importing the package imports no JAX. On the GPU: tests/test_gpu_jax.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conftest import REPO, emulated, import_from

jax: Any = pytest.importorskip("jax", reason="the JAX tests need jax (CI installs it: .ci/run)")
jnp: Any = pytest.importorskip("jax.numpy")

KERNELS = (REPO / "tests" / "packages" / "jaxcall" / "kernels" / "j.rs").read_text()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, ModuleType, Path]]:
    root = tmp_path_factory.mktemp("jaxcall")
    for kernels in emulated(root, "jaxcall", {"j.rs": KERNELS}, archs=("sm_80", "sm_90a")):
        yield kernels, import_from(root / "out", "jaxcall.kernels_jax"), root / "out"


@pytest.fixture
def kj(built: tuple[ModuleType, ModuleType, Path]) -> ModuleType:
    return built[1]


def test_jit_of_an_elementwise_kernel_equals_numpy(kj: ModuleType) -> None:
    f = jax.jit(lambda x, y: kj.axpy(2.5, x, y))
    x, y = np.arange(1000, dtype=np.float32), np.linspace(-1, 1, 1000, dtype=np.float32)
    np.testing.assert_array_equal(np.asarray(f(x, y)), 2.5 * x + y)
    np.testing.assert_array_equal(np.asarray(f(y, x)), 2.5 * y + x)  # the second call: compiled once
    np.testing.assert_array_equal(np.asarray(f(x[:7], y[:7])), 2.5 * x[:7] + y[:7])  # other sizes: retraced
    g = jax.jit(lambda x, y: jnp.sin(kj.axpy(-1.0, x, y)) * 2)  # among jnp operations
    np.testing.assert_allclose(np.asarray(g(x, y)), np.sin(y - x) * 2, rtol=1e-6)


def test_jit_of_a_2d_output_and_of_two_outputs(kj: ModuleType) -> None:
    a, b = np.arange(33, dtype=np.float32), np.linspace(0, 1, 19, dtype=np.float32)
    c = jax.jit(kj.outer, static_argnums=0)(0.5, a, b)
    assert c.shape == (33, 19) and c.dtype == jnp.float32
    np.testing.assert_allclose(np.asarray(c), np.outer(a, b) + 0.5, rtol=1e-6)
    idx = np.array([5, 0, 999, 3, 3], np.uint32)
    x = np.arange(1000, dtype=np.float32) * 2
    out, n = jax.jit(lambda i, x: kj.gather(4, i, x))(idx, x)  # no declared launch: a thread per element of `out`
    np.testing.assert_array_equal(np.asarray(out), x[idx])
    np.testing.assert_array_equal(np.asarray(n), idx % 4)


def test_scalars_are_static(kj: ModuleType) -> None:
    x = jnp.arange(4, dtype=jnp.float32)
    with pytest.raises(TypeError, match=r"^axpy\(\): argument `a` is a traced JAX value, but a scalar is static: "
                       r"pass a Python float \(float32; under jax.jit, mark it static"):
        jax.jit(kj.axpy)(2.0, x, x)
    np.testing.assert_array_equal(np.asarray(jax.jit(kj.axpy, static_argnames="a")(a=2.0, x=x, y=x)), 3 * np.arange(4))


def _trace(f: Any, *args: Any) -> None:
    jax.jit(f).lower(*args)  # traced and lowered, never run


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda k, x: _trace(lambda x: k.axpy(2.0, x, x.astype(jnp.int32)), x), TypeError,
     "axpy(): argument `y` must be a float32 array, got an int32 array"),
    (lambda k, x: _trace(lambda x: k.axpy(2.0, x, x[:5]), x), ValueError,
     "axpy(): requirement `len(y) == len(x)` failed: len(y) = 5, len(x) = 10"),
    (lambda k, x: _trace(lambda x: k.axpy(1e39, x, x), x), ValueError,
     "axpy(): argument `a` is out of range for float32"),
    (lambda k, x: _trace(lambda x: k.axpy("2", x, x), x), TypeError,
     "axpy(): argument `a` must be a float or an int (float32), got str"),
    (lambda k, x: _trace(lambda x: k.axpy(2.0, x, [1.0]), x), TypeError,
     "axpy(): argument `y` must be a float32 array, got list"),
    (lambda k, x: _trace(lambda x: k.axpy(2.0, x), x), TypeError,
     "axpy(): missing a required argument: 'y'; it takes (a, x, y)"),
    (lambda k, x: _trace(lambda x: k.gather(0, x.astype(jnp.uint32), x), x), ValueError,
     "gather(): requirement `per > 0` failed: per = 0"),
    (lambda k, x: _trace(lambda x: k.gather(-1, x.astype(jnp.uint32), x), x), ValueError,
     "gather(): argument `per` must fit in uint32 [0, 4294967295], got -1"),
    (lambda k, x: _trace(lambda x: k.twice(x), x), TypeError,
     "twice(): has no JAX function: a JAX function returns the kernel's outputs, and `out` has no declared dims; "
     "declare them in kernels/j.rs, `#[outputs(out = (...))]`, and rebuild"),
    (lambda k, x: jax.grad(lambda x: k.axpy(2.0, x, x).sum())(x), TypeError,
     "axpy(): has no derivative in JAX: the kernel runs forward only (no JVP or VJP rule); stop the gradient"),
])
def test_what_the_stub_refuses_is_refused_while_tracing(kj: ModuleType, call: Any, error: type[Exception],
                                                         message: str) -> None:
    with pytest.raises(error) as caught:
        call(kj, jnp.arange(10, dtype=jnp.float32))
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)
    assert type(caught.value).__name__ in ("KernelArgumentError", "KernelValueError")


def test_a_trap_while_running_is_jaxs_runtime_error(kj: ModuleType) -> None:
    f = jax.jit(lambda i, x: kj.gather(2, i, x))
    x = np.arange(8, dtype=np.float32)
    with pytest.raises(jax.errors.JaxRuntimeError) as caught:
        jax.block_until_ready(f(np.array([1, 100], np.uint32), x))
    text = str(caught.value)
    assert "gather(): the kernel trapped: index out of bounds: the len is 8 but the index is 100" in text, text
    assert "kernels/j.rs:" in text and "\n" not in text
    out, _ = f(np.array([7, 1], np.uint32), x)  # the next call runs
    np.testing.assert_array_equal(np.asarray(out), [7, 1])


def test_vmap_runs_the_kernel_per_element(kj: ModuleType) -> None:
    a, b = np.arange(12, dtype=np.float32).reshape(3, 4), np.arange(6, dtype=np.float32).reshape(3, 2)
    c = jax.jit(jax.vmap(lambda a, b: kj.outer(0.0, a, b)))(a, b)
    np.testing.assert_array_equal(np.asarray(c), np.einsum("bi,bj->bij", a, b))


def test_the_cpu_platform_emulates_whatever_the_modules_switch_says(
        built: tuple[ModuleType, ModuleType, Path]) -> None:
    kernels, kj, _ = built
    with kernels.emulation(False):  # stub calls would go to a GPU; JAX's CPU calls still emulate
        y = jax.jit(lambda x: kj.axpy(3.0, x, x))(np.ones(5, np.float32))
    np.testing.assert_array_equal(np.asarray(y), np.full(5, 4.0))


def test_the_generated_module_and_the_functions(kj: ModuleType, built: tuple[ModuleType, ModuleType, Path]) -> None:
    text = Path(kj.__file__).read_text()
    assert text.startswith("# Generated by oxpack")
    assert 'twice = _ox_jax["twice"]  # refuses: see its docstring\n' in text and 'axpy = _ox_jax["axpy"]\n' in text
    assert sorted(kj.__all__) == ["axpy", "gather", "outer", "twice"]
    import inspect

    assert list(inspect.signature(kj.gather).parameters) == ["per", "idx", "x"]
    assert kj.outer.__name__ == "outer" and "returns c (len(a), len(b))" in (kj.outer.__doc__ or "")
    assert (Path(kj.__file__).parent / "_oxpack" / "jax_ffi.py").read_bytes() == \
        (REPO / "src" / "oxpack" / "runtime" / "jax_ffi.py").read_bytes()


def test_the_package_imports_no_jax(built: tuple[ModuleType, ModuleType, Path]) -> None:
    site = built[2]
    script = textwrap.dedent("""\
        import sys
        import numpy as np
        import jaxcall.kernels as k
        import jaxcall.kernels_torch  # noqa: F401 (imports torch when present, never jax)
        with k.emulation():
            out = k.axpy(2.0, np.ones(3, np.float32), np.ones(3, np.float32))
        assert out.tolist() == [3.0, 3.0, 3.0], out
        assert "jax" not in sys.modules and "jaxlib" not in sys.modules, sorted(m for m in sys.modules if "jax" in m)
        import jaxcall.kernels_jax
        assert "jax" in sys.modules
        print("ok")
    """)
    code = script if _has("torch") else script.replace("import jaxcall.kernels_torch", "pass  #")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=site, check=False,
                          timeout=300)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stdout + proc.stderr


def _has(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def test_the_docs_show_the_kernels_their_calls_and_their_errors(kj: ModuleType,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """docs/models.md: its kernels are tests/packages/jaxcall's, its call runs, its errors are these calls'."""
    page = (REPO / "docs" / "models.md").read_text()
    blocks = dict(re.findall(r"<!-- test: by tests/test_jax.py::test_the_docs_show_the_kernels_their_calls_and_their_"
                             r"errors -->\n```(\w+)\n(.*?)```", page, re.S))
    assert sorted(blocks) == ["python", "rust", "text"]
    assert blocks["rust"].removeprefix("kernel! {\n").removesuffix("}\n") in KERNELS
    exec(compile(blocks["python"], "docs/models.md", "exec"), {})  # noqa: S102 (the page's own block)
    assert capsys.readouterr().out == "(1000,)\n"
    x = jnp.arange(10, dtype=jnp.float32)
    calls = [lambda: _trace(lambda x: kj.axpy(2.0, x, x[:5]), x), lambda: jax.jit(kj.axpy)(2.0, x, x),
             lambda: kj.twice(x)]
    for line, call in zip(blocks["text"].splitlines(), calls, strict=True):
        with pytest.raises((TypeError, ValueError)) as caught:
            call()
        assert str(caught.value) == line


def test_the_handler_refuses_a_call_frame_it_cannot_read(kj: ModuleType) -> None:
    """A jaxlib whose call frame or API is smaller than the handler reads, or of another major version, gets an
    XLA FFI error naming both; the metadata call at registration gets the API version the handler declares."""
    import ctypes

    ffi: Any = sys.modules["jaxcall._oxpack.jax_ffi"]
    made: list[tuple[str, int]] = []

    def create(args: Any) -> int:
        made.append((args.contents.message.decode(), args.contents.errc))
        return 4096  # an XLA_FFI_Error*, as XLA would return

    error_create = ffi._ERROR_CREATE(create)
    api = ffi._Api(struct_size=ctypes.sizeof(ffi._Api), error_create=error_create)
    frame = ffi._CallFrame(struct_size=100, api=ctypes.addressof(api), stage=3)
    assert ffi._handle("oxpack.jaxcall.kernels.axpy", "cpu", ctypes.pointer(frame)) == 4096
    frame.struct_size = ctypes.sizeof(ffi._CallFrame)
    api.api_version.major_version, api.api_version.minor_version = 1, 0
    assert ffi._handle("oxpack.jaxcall.kernels.axpy", "cpu", ctypes.pointer(frame)) == 4096
    prefix = "oxpack's JAX handler cannot read this jaxlib's XLA FFI call: "
    fix = "; use a jaxlib whose XLA FFI C API is version 0.x (jax.ffi.include_dir()/xla/ffi/api/c_api.h)"
    assert made == [
        (f"{prefix}its XLA_FFI_CallFrame is 100 bytes, oxpack reads {ctypes.sizeof(ffi._CallFrame)}{fix}", 9),
        (f"{prefix}its XLA_FFI_Api is {ctypes.sizeof(ffi._Api)} bytes of API version 1.0, oxpack reads "
         f"{ctypes.sizeof(ffi._Api)} bytes of version 0.x{fix}", 9)]
    metadata = ffi._Metadata(struct_size=ctypes.sizeof(ffi._Metadata) - 4)
    extension = ffi._MetadataExtension(ffi._ExtensionBase(ctypes.sizeof(ffi._MetadataExtension), 1, None),
                                       ctypes.pointer(metadata))
    frame.extension_start = ctypes.cast(ctypes.pointer(extension), ctypes.POINTER(ffi._ExtensionBase))
    assert ffi._handle("oxpack.jaxcall.kernels.axpy", "cpu", ctypes.pointer(frame)) is None
    assert (metadata.api_version.major_version, metadata.api_version.minor_version, metadata.traits) == (0, 1, 0)
    assert ffi._FRAME_SIZE == ctypes.sizeof(ffi._CallFrame) == 168  # XLA_FFI_CallFrame up to `attrs`, 64-bit
