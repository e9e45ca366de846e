"""Kernels as PyTorch custom operators, checked without a GPU.

The generated ``<module>_torch.py`` (golden file), its schemas, the stub module's
import with and without PyTorch, and, where PyTorch is installed (a CPU build is
enough), registration, the fake implementation and a ``torch.compile(fullgraph=True)``
trace on meta tensors. CI (``.ci/run``) installs the CPU build, ``torch==2.13.0``, so they
run there (a plain ``torch`` requirement from PyPI pulls a CUDA build of several GB, so the
test extra names none). The GPU side is tests/test_gpu_torch.py.
"""

from __future__ import annotations

import ast
import copy
import importlib
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import ExampleBuild
from oxpack.package.stubs import render_stubs
from test_stubs import FATBINS, GOLDEN, check_golden, make_manifest

PACKAGE = "oxpack_torchops_testpkg"


def manifest_with_every_kind() -> dict[str, Any]:
    """The stub tests' manifest plus a kernel with an atomic buffer and dynamic shared memory."""
    manifest = make_manifest()
    manifest["kernels"]["tally"] = {
        "crate": "saxpy",
        "symbol": "tally",
        "doc": "Counts.",
        "params": [
            {"name": "i", "kind": "index", "dtype": "1d"},
            {"name": "n", "kind": "scalar", "dtype": "int64"},
            {"name": "x", "kind": "in", "dtype": "float64"},
            {"name": "hits", "kind": "atomic", "dtype": "uint32"},
            {"name": "out", "kind": "out", "dtype": "float32"},
            {"name": "scratch", "kind": "dynshared", "dtype": "float32"},
        ],
        "requires": [],
        "resources": {},
    }
    return manifest


@pytest.fixture(scope="module")
def package_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("torchops")
    render_stubs(manifest_with_every_kind(), root / PACKAGE, FATBINS)
    (root / PACKAGE / "__init__.py").write_text("")
    return root


def _run(root: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=env, check=False)


# ---------------------------------------------------------------- rendering


def test_golden(package_root: Path) -> None:
    render_root = package_root.parent / "golden-render"
    render_stubs(make_manifest(), render_root, FATBINS)
    rendered = (render_root / "kernels_torch.py").read_text()
    check_golden("kernels_torch.py", rendered)


@pytest.mark.parametrize("value", ["0", "1"])
def test_golden_is_rewritten_only_by_exactly_1_and_never_passes_then(
    package_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    golden = tmp_path / "golden"
    shutil.copytree(GOLDEN, golden)
    (golden / "kernels_torch.py.golden").write_text("stale\n")
    monkeypatch.setattr(sys.modules["test_stubs"], "GOLDEN", golden)
    monkeypatch.setattr(sys.modules[__name__], "GOLDEN", golden)
    monkeypatch.setenv("OXPACK_UPDATE_GOLDEN", value)
    with pytest.raises(pytest.fail.Exception, match="exactly 1" if value == "0" else "^rewrote "):
        test_golden(package_root)
    after = (golden / "kernels_torch.py.golden").read_text()
    assert (after == "stale\n") == (value == "0")


def test_schema_follows_the_signature(package_root: Path) -> None:
    text = (package_root / PACKAGE / "kernels_torch.py").read_text()
    # the launch index is no argument; scalars are SymInt/float; inputs Tensor; outputs and
    # atomic buffers mutated, each with its own alias set; dynamic shared memory an element count
    assert ('"(SymInt n, Tensor x, Tensor(a!) hits, Tensor(b!) out, SymInt scratch, *, '
            'SymInt[]? threads=None, SymInt[]? block=None) -> ()",\n        ("hits", "out"),') in text
    assert '"(float a, Tensor x, Tensor(a!) y, *, SymInt[]? threads=None, SymInt[]? block=None) -> ()",\n' \
           '        ("y",),' in text


def test_support_module_and_stub_module_import_only_the_standard_library(package_root: Path) -> None:
    code = f"""
        import sys
        sys.modules["torch"] = None  # as if PyTorch were not installed
        import {PACKAGE}.kernels as k
        import {PACKAGE}._oxpack.torch_ops as t
        assert not hasattr(k, "_torch_ops"), "registered without torch"
        assert k.saxpy.__name__ == "saxpy"
        try:
            import {PACKAGE}.kernels_torch
        except ImportError as exc:
            print("ImportError:", exc)
    """
    result = _run(package_root, code)
    assert result.returncode == 0, result.stderr
    assert "ImportError: import of torch halted" in result.stdout


@pytest.fixture(scope="module")
def real_root(example_build: ExampleBuild, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real build's module as the package `oxpack_torchops_real` (its imports are relative)."""
    root = tmp_path_factory.mktemp("torchops-real")
    shutil.copytree(example_build.package_dir, root / "oxpack_torchops_real")
    return root


def test_the_real_builds_operators_follow_its_kernels(real_root: Path, example_build: ExampleBuild) -> None:
    """One operator per kernel of a real build, writing exactly its outputs and atomic buffers,
    with a schema that says so; the stub module imports without PyTorch."""
    tree = ast.parse((real_root / "oxpack_torchops_real" / "kernels_torch.py").read_text())
    specs = [[ast.literal_eval(a) for a in node.args] for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "OpSpec"]
    kernels = example_build.manifest["kernels"]
    assert [name for name, _, _ in specs] == sorted(kernels)
    support = _support_module(real_root, "oxpack_torchops_real")
    for name, schema, mutates in specs:
        written = tuple(p["name"] for p in kernels[name]["params"] if p["kind"] in ("out", "atomic"))
        assert mutates == written, name
        support._check_mutates(support.OpSpec(name, schema, mutates))
        declared = "shared" in kernels[name].get("launch", {})  # its `#[launch(shared = ...)]` sizes it: no argument
        python_args = [p["name"] for p in kernels[name]["params"]
                       if p["kind"] != "index" and not (p["kind"] == "dynshared" and declared)]
        assert [a.split()[-1] for a in schema[1:].split(", *")[0].split(", ")] == python_args, (name, schema)
    code = """
        import sys
        sys.modules["torch"] = None  # as if PyTorch were not installed
        import oxpack_torchops_real.kernels as k
        assert not hasattr(k, "_torch_ops") and k.softmax.__name__ == "softmax"
    """
    result = _run(real_root, code)
    assert result.returncode == 0, result.stderr


def test_importing_the_real_stubs_after_torch_registers_every_kernel(
    real_root: Path, example_build: ExampleBuild
) -> None:
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    sys.path.insert(0, str(real_root))
    try:
        kernels = importlib.import_module("oxpack_torchops_real.kernels")
        assert sorted(kernels._torch_ops) == sorted(example_build.manifest["kernels"])
        assert str(torch.ops.oxpack_torchops_real.saxpy.default._schema) == (
            "oxpack_torchops_real::saxpy(float a, Tensor x, Tensor(a!) y, *, SymInt[]? threads=None, "
            "SymInt[]? block=None) -> ()")
    finally:
        sys.path.remove(str(real_root))
        for name in [m for m in sys.modules if m.split(".")[0] == "oxpack_torchops_real"]:
            del sys.modules[name]


@pytest.mark.slow
def test_generated_torch_module_passes_mypy_strict(package_root: Path) -> None:
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(package_root / ".mypy_torch"),
         "-p", f"{PACKAGE}.kernels_torch", "-p", f"{PACKAGE}._oxpack.torch_ops"],
        cwd=package_root, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# ---------------------------------------------------------------- with PyTorch (a CPU build will do)


@pytest.fixture(scope="module")
def torch_ops(package_root: Path) -> Iterator[tuple[ModuleType, ModuleType]]:
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    sys.path.insert(0, str(package_root))
    try:
        kernels = importlib.import_module(f"{PACKAGE}.kernels")  # torch imported: registers
        yield torch, kernels
    finally:
        sys.path.remove(str(package_root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_importing_the_stubs_after_torch_registers_every_kernel(torch_ops: tuple[ModuleType, ModuleType]) -> None:
    torch, kernels = torch_ops
    ops = kernels._torch_ops
    assert sorted(ops) == ["blur", "bounded", "capped_rows", "coarse", "count", "histogram", "quad", "reverse", "saxpy", "scan", "shift2d",
                           "tally", "tiled"]
    namespace = getattr(torch.ops, PACKAGE)
    schema = namespace.tally.default._schema
    assert str(schema) == (f"{PACKAGE}::tally(SymInt n, Tensor x, Tensor(a!) hits, Tensor(b!) out, SymInt scratch, *, "
                           "SymInt[]? threads=None, SymInt[]? block=None) -> ()")
    assert [a.name for a in schema.arguments if a.alias_info is not None and a.alias_info.is_write] == ["hits", "out"]
    # registration happens once per process: importing again gives the same operators
    again = importlib.reload(sys.modules[f"{PACKAGE}.kernels_torch"]).ops
    assert all(again[name] is ops[name] for name in ops)


def test_operator_calls_the_checked_stub(torch_ops: tuple[ModuleType, ModuleType]) -> None:
    torch, kernels = torch_ops
    saxpy = getattr(torch.ops, PACKAGE).saxpy
    with pytest.raises(kernels.KernelArgumentError, match=r"saxpy\(\): argument `x` is in host memory"):
        saxpy(2.0, torch.ones(16), torch.ones(16))
    with pytest.raises(kernels.KernelArgumentError, match=r"saxpy\(\): argument `x` is in host memory"):
        saxpy(2.0, torch.ones(16), torch.ones(16), threads=[16], block=[8])  # keywords pass the dispatcher
    with pytest.raises(TypeError):  # the schema itself: a tensor where a float goes
        saxpy(torch.ones(1), torch.ones(16), torch.ones(16))


def _support_module(root: Path, package: str = PACKAGE) -> ModuleType:
    """The generated package's `_oxpack/torch_ops.py` (it imports no PyTorch at import time)."""
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(f"{package}._oxpack.torch_ops")
    finally:
        sys.path.remove(str(root))


def test_launch_shapes_become_the_stubs_ints_and_tuples(package_root: Path) -> None:
    torch_ops = _support_module(package_root)
    calls: list[tuple[Any, ...]] = []

    def stub(*args: Any, threads: Any, block: Any) -> None:
        calls.append((args, threads, block))

    launch = torch_ops._launcher(stub)
    launch(1.0, "x", threads=[64], block=[32])
    launch(1.0, "x", threads=[64, 8], block=(16, 16))
    launch(1.0, "x")
    assert calls == [((1.0, "x"), 64, 32), ((1.0, "x"), (64, 8), (16, 16)), ((1.0, "x"), None, None)]
    assert launch.__name__ == "stub"


def test_a_schema_that_disagrees_with_its_outputs_is_refused(package_root: Path) -> None:
    torch_ops = _support_module(package_root)
    spec = torch_ops.OpSpec("k", "(Tensor x, Tensor(a!) y, Tensor(b!) z, *, SymInt[]? threads=None) -> ()", ("y",))
    with pytest.raises(ValueError, match=r"operator `k`: schema writes \['y', 'z'\], spec says \['y'\]"):
        torch_ops._check_mutates(spec)
    torch_ops._check_mutates(spec._replace(mutates=("y", "z")))


def test_fake_implementation_traces_without_running(torch_ops: tuple[ModuleType, ModuleType]) -> None:
    torch, _ = torch_ops
    from torch._subclasses.fake_tensor import FakeTensorMode

    ops = getattr(torch.ops, PACKAGE)
    with FakeTensorMode():
        x, y = torch.empty(64), torch.empty(64)
        assert ops.saxpy(2.0, x, y) is None
        assert ops.tally(4, torch.empty(8, dtype=torch.float64), torch.empty(4, dtype=torch.uint32), y, 32,
                         threads=[64], block=[32]) is None


def test_compiles_in_one_graph_with_fullgraph(torch_ops: tuple[ModuleType, ModuleType]) -> None:
    torch, _ = torch_ops
    ops = getattr(torch.ops, PACKAGE)
    graphs: list[Any] = []

    def capture(gm: Any, example_inputs: Any) -> Any:
        graphs.append(copy.copy(gm))
        return gm.forward

    def f(x: Any, y: Any) -> Any:
        h = torch.relu(x) * 2.0
        ops.saxpy(0.5, h, y, threads=[x.shape[0]], block=[128])
        return y.sum() + h.mean()

    torch._dynamo.reset()
    compiled = torch.compile(f, fullgraph=True, backend=capture)
    out = compiled(torch.randn(256, device="meta"), torch.randn(256, device="meta"))  # meta: the fake impl runs
    assert out.shape == () and len(graphs) == 1
    code = graphs[0].code
    assert f"torch.ops.{PACKAGE}.saxpy(0.5," in code and "threads = [256], block = [128]" in code


# ---------------------------------------------------------------- the registration, run on the CPU

CPU_KERNELS = '''
"""A stand-in for a generated stub module whose kernels run on the CPU (torch ops),
so that the registration can be exercised end to end without a GPU."""
from typing import Any


def saxpy(a: float, x: Any, y: Any, *, stream: Any = None, threads: Any = None, block: Any = None) -> None:
    assert stream is None and threads in (None, 8) and block in (None, 4)
    y.add_(x, alpha=a)


def tally(n: int, x: Any, hits: Any, out: Any, scratch: int, *, stream: Any = None, threads: Any = None,
          block: Any = None) -> None:
    hits.add_(n)
    out.copy_(x[: out.numel()].float() * scratch)
'''


@pytest.fixture(scope="module")
def cpu_ops(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, Any]]:
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    from oxpack import data_dir

    root = tmp_path_factory.mktemp("cpuops")
    package = root / "oxpack_torchops_cpu"
    (package / "_oxpack").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "_oxpack" / "__init__.py").write_text("")
    (package / "_oxpack" / "torch_ops.py").write_bytes((data_dir("runtime") / "torch_ops.py").read_bytes())
    (package / "cpukernels.py").write_text(CPU_KERNELS)
    (package / "_oxpack" / "cpukernels.json").write_text("{}")  # the manifest, which keys Inductor's caches
    sys.path.insert(0, str(root))
    try:
        support = importlib.import_module("oxpack_torchops_cpu._oxpack.torch_ops")
        schemas = [
            support.OpSpec("saxpy", "(float a, Tensor x, Tensor(a!) y, *, SymInt[]? threads=None, "
                                    "SymInt[]? block=None) -> ()", ("y",)),
            support.OpSpec("tally", "(SymInt n, Tensor x, Tensor(a!) hits, Tensor(b!) out, SymInt scratch, *, "
                                    "SymInt[]? threads=None, SymInt[]? block=None) -> ()", ("hits", "out")),
        ]
        support.register("oxpack_torchops_cpu", "cpukernels", schemas)
        yield torch, torch.ops.oxpack_torchops_cpu
    finally:
        sys.path.remove(str(root))


def test_opcheck_passes_for_registered_operators(cpu_ops: tuple[ModuleType, Any]) -> None:
    torch, ops = cpu_ops
    torch.library.opcheck(ops.saxpy.default, (2.0, torch.randn(32), torch.randn(32)), {"threads": [8], "block": [4]})
    torch.library.opcheck(ops.tally.default, (3, torch.randn(10, dtype=torch.float64),
                                              torch.zeros(4, dtype=torch.int32), torch.empty(6), 2))


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
def test_compiled_function_matches_eager_on_the_cpu(cpu_ops: tuple[ModuleType, Any], backend: str) -> None:
    torch, ops = cpu_ops
    if backend == "inductor" and not shutil.which("g++") and not shutil.which("c++"):
        pytest.skip("inductor on the CPU needs a C++ compiler")

    def f(x: Any, y: Any) -> Any:
        h = torch.relu(x) * 2.0
        ops.saxpy(0.5, h, y)  # an input written in place
        out = torch.empty(4)
        ops.tally(1, h, torch.zeros(2, dtype=torch.int32), out, 3)
        return y.sum() + out

    torch._dynamo.reset()
    compiled = torch.compile(f, fullgraph=True, backend=backend)
    x, y = torch.randn(16), torch.randn(16)
    y_eager, y_compiled = y.clone(), y.clone()
    torch.testing.assert_close(compiled(x, y_compiled), f(x, y_eager))
    torch.testing.assert_close(y_compiled, y_eager)
    torch.testing.assert_close(y_eager, y + torch.relu(x))
