"""Rendered kernel stubs: golden files, every launch check, the launch path, mypy.

No GPU is needed: the runtime imports cuda.core only after every check has
passed, and the launch-path tests swap in a recording fake of cuda.core.
"""

from __future__ import annotations

import ast
import contextlib
import ctypes
import hashlib
import importlib
import inspect
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np
import pytest
from oxpack import data_dir
from oxpack.errors import StageError
from conftest import ExampleBuild
from oxpack.package.stubs import _RUNTIME, render_stubs, stub_files

GOLDEN = Path(__file__).parent / "golden"
PACKAGE = "oxpack_stubs_testpkg"
FATBINS = {"saxpy": b"saxpy fatbin bytes", "image": b"image fatbin bytes"}
BASE = 0x7F00_0000_0000  # fabricated device addresses: never dereferenced


def make_manifest() -> dict[str, Any]:
    def param(name: str, kind: str, dtype: str) -> dict[str, str]:
        # `rust`: the type as the kernel's source spells it (a build writes it; `oxpack inspect` shows it)
        t = {"1d": "ThreadIndex", "2d": "ThreadIndex2", "3d": "ThreadIndex3", "float32": "f32", "float64": "f64",
             "int32": "i32", "uint32": "u32", "int64": "i64", "uint64": "u64", "float16": "F16",
             "bfloat16": "BF16", "int8": "i8", "uint8": "u8"}[dtype]
        rust = {"index": t, "scalar": t, "in": f"&[{t}]", "out": f"&mut DisjointSlice<{t}>", "atomic": f"&[Atomic{t.upper()}]",
                "dynshared": f"DynShared<{t}>", "tma": f"TmaSource<{t}>"}[kind]
        return {"name": name, "kind": kind, "dtype": dtype, "rust": rust}

    return {
        "schema": 4,
        "oxpack": "0.1.0",
        "module": "kernels",
        "archs": ["sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"],
        "ptx_arch": "sm_80",
        "ptx_isa": "8.0",
        "min_driver": "550.54.14",
        "profile": "release",
        "fatbin_compression": "speed",
        "sources": {  # what the build was made from (oxpack.builder.provenance): digests, never read by the stubs
            "kernels": {f"kernels/{crate}.rs": hashlib.sha256(crate.encode()).hexdigest() for crate in FATBINS},
            "kernel_globs": ["kernels/**/*.rs"],
            "modules": {"kernels/common/mod.rs": hashlib.sha256(b"common").hexdigest()},  # what they declare
            "oxpack": hashlib.sha256(b"oxpack").hexdigest(),
        },
        "crates": {
            crate: {
                "fatbin": f"{crate}.fatbin",
                "sha256": hashlib.sha256(data).hexdigest(),
                "source": f"kernels/{crate}.rs",
            }
            for crate, data in FATBINS.items()
        },
        "kernels": {
            "saxpy": {
                "crate": "saxpy",
                "symbol": "saxpy",
                "doc": "y = a * x + y",
                "params": [
                    param("i", "index", "1d"),
                    param("a", "scalar", "float32"),
                    param("x", "in", "float32"),
                    param("y", "out", "float32"),
                ],
                "requires": ["len(x) >= len(y)"],
                "resources": {"sm_90": {"registers": 10, "spills": 0, "shared": 0, "constant": 568, "stack": 0}},
                "block_limits": {"sm_90": {"max_threads": 1024, "registers": 10}},
            },
            "blur": {
                "crate": "image",
                "symbol": "blur_f32",
                "doc": 'Box blur of a `width` x `height` image.\n\nEdges clamp; "fast".',
                "params": [
                    param("width", "scalar", "uint32"),
                    param("height", "scalar", "uint32"),
                    param("src", "in", "float32"),
                    param("dst", "out", "float32"),
                ],
                "requires": ["len(src) == width * height", "len(dst) == len(src)"],
                "resources": {},
                "block_limits": {},
            },
            "shift2d": {
                "crate": "image",
                "symbol": "shift2d",
                "doc": "A 2-D kernel: its launch index makes `threads=(x, y)` required.",
                "params": [
                    param("ij", "index", "2d"),
                    param("src", "in", "float32"),
                    param("dst", "out", "float32"),
                ],
                "requires": [],
                "resources": {},
                "block_limits": {},
            },
            "count": {
                "crate": "image",
                "symbol": "count",
                "doc": "Counts values into atomic bins.",
                "params": [
                    param("i", "index", "1d"),
                    param("values", "in", "uint32"),
                    param("bins", "atomic", "uint32"),
                ],
                "requires": [],
                "resources": {},
                "block_limits": {},
            },
            "reverse": {
                "crate": "image",
                "symbol": "reverse",
                "doc": "Uses dynamic shared memory.",
                "params": [
                    param("i", "index", "1d"),
                    param("x", "in", "float32"),
                    param("scratch", "dynshared", "float32"),
                ],
                "requires": [],
                "resources": {},
                "block_limits": {},
                "whole_warps": True,
            },
            "capped_rows": {
                "crate": "saxpy",
                "symbol": "capped_rows",
                "doc": "`#[max_registers(64)]` and `#[whole_warps]`, as the example's layernorm.",
                "params": [param("i", "index", "1d"), param("x", "in", "float32"), param("y", "out", "float32")],
                "requires": [],
                "resources": {},
                "block_limits": {},
                "max_registers": 64,
                "whole_warps": True,
            },
            "histogram": {
                "crate": "image",
                "symbol": "histogram",
                "doc": "",
                "params": [
                    param("values", "in", "int64"),
                    param("nbins", "scalar", "int32"),
                    param("scale", "scalar", "float64"),
                    param("counts", "out", "uint64"),
                ],
                "requires": ["nbins == len(counts) and 0 < nbins <= 4096", "len(values) % 2 == 0"],
                "resources": {},
                "block_limits": {},
            },
            "bounded": {
                "crate": "saxpy",
                "symbol": "bounded",
                "doc": "`#[launch_bounds(128, 4)]`: blocks of at most 128 threads.",
                "params": [param("i", "index", "1d"), param("x", "in", "float32"), param("y", "out", "float32")],
                "requires": [],
                "resources": {},
                "block_limits": {},
                "launch_bounds": {"max_threads": 128, "min_blocks": 4},
                "max_registers": 32,
                "coarsen": 4,
            },
            "coarse": {
                "crate": "saxpy",
                "symbol": "coarse",
                "doc": "Thread coarsening: 4 launch indices per thread, their count the last kernel parameter.",
                "params": [param("i", "index", "1d"), param("x", "in", "float32"), param("y", "out", "float32")],
                "requires": [],
                "resources": {},
                "block_limits": {},
                "coarsen": 4,
            },
            "quad": {
                "crate": "saxpy",
                "symbol": "quad",
                "doc": "A declared launch (`#[launch(...)]`), as the example's scale4's: a thread per 4 elements of y.",
                "params": [param("i", "index", "1d"), param("x", "in", "float32"), param("y", "out", "float32")],
                "requires": ["len(x) >= len(y)"],
                "resources": {},
                "block_limits": {},
                "launch": {"threads": "cdiv(len(y), 4)"},
            },
            "tiled": {
                "crate": "saxpy",
                "symbol": "tiled",
                "doc": "`#[launch_bounds(128)]` alone (no register cap), and launch-shape requirements, as tensor.rs's "
                       "GEMMs have them.",
                "params": [param("x", "in", "float32"), param("y", "out", "float32")],
                "requires": ["len(x) == len(y)", "block.x == block == 128", "blocks.x == blocks >= cdiv(len(y), 256)"],
                "resources": {},
                "block_limits": {},
                "launch_bounds": {"max_threads": 128},
            },
            "scan": {
                "crate": "saxpy",
                "symbol": "scan",
                "doc": "A one-pass scan (`ScanTiles` output): the run time launches at most the blocks the GPU holds.",
                "params": [param("i", "index", "1d"), param("x", "in", "float32"), param("state", "atomic", "uint64"),
                           param("out", "out", "float32")],
                "requires": ["len(out) == len(x)"],
                "resources": {},
                "block_limits": {},
                "launch_bounds": {"max_threads": 256, "min_blocks": 3},
                "resident_grid": True,
            },
        },
    }


class CudaArray:
    """A genuine ``__cuda_array_interface__`` v3 at a fabricated device address."""

    def __init__(
        self,
        n: int = 16,
        typestr: str = "<f4",
        ptr: int = BASE,
        *,
        readonly: bool = False,
        shape: tuple[int, ...] | None = None,
        strides: tuple[int, ...] | None = None,
        stream: int | None = None,
        mask: object = None,
    ) -> None:
        self.__cuda_array_interface__ = {
            "version": 3,
            "shape": shape if shape is not None else (n,),
            "typestr": typestr,
            "descr": [("", typestr)],
            "data": (ptr, readonly),
            "strides": strides,
            "stream": stream,
            "mask": mask,
        }


def at(slot: int, n: int = 16, **kwargs: Any) -> CudaArray:
    """A float32 array in its own 1 MiB slot, so that arrays of a test never overlap."""
    return CudaArray(n, ptr=BASE + slot * 2**20, **kwargs)


@pytest.fixture(scope="module")
def package_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stubs")
    render_stubs(make_manifest(), root / PACKAGE, FATBINS)
    return root


@contextlib.contextmanager
def imported(root: Path, package: str) -> Iterator[ModuleType]:
    """`<package>.kernels` rendered under `root`, imported, and forgotten afterwards."""
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(f"{package}.kernels")
    finally:
        sys.path.remove(str(root))
        torch_ops = sys.modules.get(f"{package}._oxpack.torch_ops")
        for library in getattr(torch_ops, "_libraries", {}).values():
            library._destroy()  # its operators (registered when PyTorch was imported), which a re-import redefines
        for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def kernels(package_root: Path) -> Iterator[ModuleType]:
    with imported(package_root, PACKAGE) as module:
        yield module


@pytest.fixture
def runtime(kernels: ModuleType) -> Iterator[ModuleType]:
    """The package's runtime; asserts afterwards that the test never reached CUDA."""
    module = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    yield module
    assert sys.modules[f"{PACKAGE}._oxpack._driver"]._cuda_api is None, (
        "cuda.core was imported: a check let a bad call through")
    assert kernels._module._objects == {}, "a fatbin was loaded"
    assert all(k._functions == {} for k in kernels._module.kernels.values())


# ---------------------------------------------------------------- rendering


def check_golden(name: str, rendered: str) -> None:
    """Compare `rendered` with ``tests/golden/<name>.golden``. Only ``OXPACK_UPDATE_GOLDEN=1``,
    exactly, rewrites a golden that differs, and that run then fails saying so: a test run
    that passes never changed a golden. Any other non-empty value is refused."""
    update = os.environ.get("OXPACK_UPDATE_GOLDEN", "")
    if update not in ("", "1"):
        pytest.fail(f"OXPACK_UPDATE_GOLDEN is {update!r}: set it to exactly 1 to rewrite tests/golden/, or unset "
                    "it to compare the goldens", pytrace=False)
    golden = GOLDEN / f"{name}.golden"
    current = golden.read_text() if golden.exists() else None
    if rendered == current:
        return
    if update == "1":
        golden.write_text(rendered)
        pytest.fail(f"rewrote {golden} from a fresh rendering: review the diff and commit it; this run fails so "
                    "that no rewrite passes unseen", pytrace=False)
    assert current is not None, f"{golden} is missing; write it with OXPACK_UPDATE_GOLDEN=1 and commit it"
    assert rendered == current, (f"{name} differs from {golden}; if the change is intended, rerun with "
                                 "OXPACK_UPDATE_GOLDEN=1 and commit the new golden")


@pytest.mark.parametrize("name", ["kernels.py", "kernels.pyi", "_oxpack/kernels_launchers.py"])
def test_golden(package_root: Path, name: str) -> None:
    check_golden(Path(name).name, (package_root / PACKAGE / name).read_text())


def test_outputs_return_in_the_parameters_order_whatever_the_manifests_key_order(tmp_path: Path) -> None:
    """A kernel that declares outputs returns them in its parameters' order: a build's manifest that came from
    the cache holds the keys of `outputs` sorted (`mean` before `out`), and the stub must not follow them."""
    texts = []
    for order in (("out", "mean"), ("mean", "out")):
        manifest = make_manifest()
        manifest["kernels"]["norm"] = {
            "crate": "saxpy", "symbol": "norm", "doc": "Two outputs, `out` before `mean`.",
            "params": [{"name": "i", "kind": "index", "dtype": "1d", "rust": "ThreadIndex"},
                       {"name": "x", "kind": "in", "dtype": "float32", "rust": "&[f32]"},
                       *({"name": n, "kind": "out", "dtype": "float32", "rust": "&mut DisjointSlice<f32>"}
                         for n in ("out", "mean"))],
            "requires": [], "resources": {}, "block_limits": {}, "launch": {"threads": "len(x)"},
            "outputs": {name: "(len(x))" for name in order},
        }
        render_stubs(manifest, tmp_path / "_".join(order) / PACKAGE, FATBINS)
        texts.append((tmp_path / "_".join(order) / PACKAGE / "kernels.py").read_text())
    assert texts[0] == texts[1]
    body = texts[0][texts[0].index("def norm("):]
    assert "return (out, mean)" in body and "return (mean, out)" not in body


def test_render_is_deterministic_and_complete(tmp_path: Path) -> None:
    first = render_stubs(make_manifest(), tmp_path / "a", FATBINS)
    manifest = make_manifest()
    manifest["kernels"] = dict(reversed(manifest["kernels"].items()))
    second = render_stubs(manifest, tmp_path / "b", dict(reversed(FATBINS.items())))
    relative = [p.relative_to(tmp_path / "a").as_posix() for p in first]
    assert relative == stub_files(make_manifest())
    assert [p.relative_to(tmp_path / "b").as_posix() for p in second] == relative
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
    for name in _RUNTIME:  # the run-time library, staged as it is
        assert (tmp_path / "a" / "_oxpack" / name).read_bytes() == (data_dir("runtime") / name).read_bytes(), name
    assert (tmp_path / "a" / "_oxpack" / "saxpy.fatbin").read_bytes() == FATBINS["saxpy"]
    assert (tmp_path / "a" / "py.typed").read_bytes() == b""
    text = (tmp_path / "a" / "kernels.py").read_text()
    assert text.startswith("# Generated by oxpack 0.1.0 from _oxpack/kernels.json.\n# Do not edit")


def test_py_typed_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "py.typed").write_text("partial\n")
    render_stubs(make_manifest(), tmp_path, FATBINS)
    assert (tmp_path / "py.typed").read_text() == "partial\n"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is None:  # from . import _driver
            found |= {"." * node.level + alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
    return found


def test_generated_code_imports_only_stdlib_and_runtime(package_root: Path) -> None:
    stdlib = set(sys.stdlib_module_names)
    for name in ("kernels.py", "kernels.pyi"):
        imports = _imports(package_root / PACKAGE / name)
        assert {i for i in imports if i not in stdlib and i.split(".")[0] not in stdlib} <= {
            "._oxpack.runtime",
            "._oxpack",  # from ._oxpack import kernels_launchers
            "__future__",
            ".kernels_torch",  # imported only when PyTorch is already (tests/test_torch_ops.py)
        }
    launchers = _imports(package_root / PACKAGE / "_oxpack" / "kernels_launchers.py")
    assert launchers <= stdlib | {"__future__", "collections.abc", ".runtime"}, launchers
    below: set[str] = set()  # the runtime's modules, bottom up: each imports only those before it
    for name in _RUNTIME:
        imports = _imports(package_root / PACKAGE / "_oxpack" / name)
        assert imports <= stdlib | {"__future__", "collections.abc"} | below, (name, imports - stdlib - below)
        below.add("." + name.removesuffix(".py"))
    # emulate.py, loaded by runtime.py on an emulated call, imports no module above _types at run time (the
    # views of runtime's Module and Kernel it takes only as types)
    emulate = data_dir("runtime") / "emulate.py"
    assert _imports(emulate) <= stdlib | {"__future__", "collections.abc", "._dtypes", "._types", "._views"}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda m: m["kernels"]["saxpy"]["params"][1].update(name="stream"), "`stream`"),
        (lambda m: m["kernels"]["saxpy"]["params"][1].update(name="lambda"), "`lambda`"),
        (lambda m: m["kernels"]["saxpy"]["params"][1].update(dtype="float16"), "'float16'"),
        (lambda m: m["kernels"]["saxpy"].update(crate="nope"), "unknown crate `nope`"),
        (lambda m: m["crates"]["saxpy"].update(sha256="0" * 64), "sha256"),
        (lambda m: m.update(module="my-module"), "identifier"),
        (lambda m: m["kernels"]["bounded"].update(launch_bounds={"max_threads": 2048}),
         "kernel `bounded`: `launch_bounds` must hold `max_threads` from 1 to 1024"),
        (lambda m: m["kernels"]["bounded"].update(launch_bounds={"max_threads": "128"}), "`launch_bounds` must hold"),
        (lambda m: m["kernels"]["bounded"].update(launch_bounds=128), "`launch_bounds` must hold"),
        (lambda m: m["kernels"]["saxpy"].update(resident_grid="yes"), "resident_grid"),
        (lambda m: m["kernels"]["saxpy"].update(resident_grid=True, params=[p for p in m["kernels"]["saxpy"]["params"]
                                                                              if p["kind"] != "index"]),
         "kernel `saxpy`: `resident_grid` needs a 1-D launch index and an output"),
    ],
)
def test_render_refuses_bad_manifests(tmp_path: Path, edit: Any, message: str) -> None:
    manifest = make_manifest()
    edit(manifest)
    with pytest.raises(StageError) as caught:
        render_stubs(manifest, tmp_path, FATBINS)
    assert message in str(caught.value)
    assert caught.value.stage == "stubs"


def _bound_names(path: Path) -> set[str]:
    """Every name the module at `path` binds at its top level (imports, assignments, defs)."""
    names: set[str] = set()
    statements = list(ast.parse(path.read_text()).body)
    while statements:
        node = statements.pop()
        if isinstance(node, ast.ImportFrom | ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)  # not its body: those are its locals
        elif isinstance(node, ast.If | ast.Try | ast.With):
            statements += [*node.body, *getattr(node, "orelse", [])]
        else:
            names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names


def _internal_names() -> list[str]:
    """Every name the generated module binds for itself (not a kernel), and one of each
    per-kernel prefix, as a kernel of another name would make it."""
    from oxpack.package.stubs import _RESERVED, INTERNAL_PREFIXES, INTERNALS

    return sorted({*INTERNALS, *_RESERVED, *(p + "other" for p in INTERNAL_PREFIXES), "_oxpack", "__all__", "__doc__",
                   "__init__", "__getattr__", "__name__"})


def test_every_name_the_generated_module_binds_is_reserved(package_root: Path) -> None:
    """The list the renderer refuses covers what the renderer writes (fast paths, torch hook)."""
    from oxpack.package.stubs import INTERNAL_PREFIXES, INTERNALS, _name_problem

    bound = _bound_names(package_root / PACKAGE / "kernels.py") - set(make_manifest()["kernels"])
    assert any(n.startswith("_fast_") for n in bound) and "_torch_ops" in bound, "no fast path or torch hook"
    assert {f"_fast_{name}" for name in make_manifest()["kernels"]} <= bound
    for name in bound:
        assert _name_problem(name, kernel=True), f"`{name}` is bound by the generated module but not reserved"
    assert INTERNALS <= bound  # every reserved internal is really one (no stale entry)
    assert all(any(n.startswith(p) for n in bound) for p in INTERNAL_PREFIXES)


@pytest.mark.parametrize("name", _internal_names())
def test_kernel_named_like_an_internal_is_refused(tmp_path: Path, name: str) -> None:
    manifest = make_manifest()
    manifest["kernels"][name] = manifest["kernels"].pop("saxpy")
    with pytest.raises(StageError) as caught:
        render_stubs(manifest, tmp_path, FATBINS)
    message = str(caught.value)
    assert message.startswith(f"kernels/saxpy.rs: kernel `{name}` cannot be a Python name here"), message
    assert message.endswith("; rename the kernel in kernels/saxpy.rs") and "\n" not in message
    assert not (tmp_path / "kernels.py").exists()


@pytest.mark.parametrize("name", ["_module", "_fast_saxpy", "_fast_other", "__class__", "__init__", "stream",
                                  "LaunchError"])
def test_parameter_that_shadows_what_the_stub_uses_is_refused(tmp_path: Path, name: str) -> None:
    manifest = make_manifest()
    manifest["kernels"]["saxpy"]["params"][1]["name"] = name
    with pytest.raises(StageError, match=rf"^kernels/saxpy\.rs: kernel `saxpy` parameter `{name}` cannot be a Python "
                       r"name here\W.*; rename it in kernels/saxpy\.rs$"):
        render_stubs(manifest, tmp_path, FATBINS)


# builtins and the launchers' own names are fine: kernel names never reach the launchers' namespace,
# and a launcher names its arguments by position
@pytest.mark.parametrize("name", ["_modules", "module", "_fast", "fast_x", "_x", "_private_kernel", "type", "len",
                                  "all", "int", "tuple", "_launcher", "hooks", "arg0", "size1", "entries", "pack",
                                  "launch", "_hooks", "_params", "_F32_MAX", "Any", "Struct", "local"])
def test_names_next_to_the_reserved_ones_are_fine(tmp_path: Path, name: str) -> None:
    manifest = make_manifest()
    manifest["kernels"][name] = manifest["kernels"].pop("saxpy")
    manifest["kernels"]["histogram"]["params"][2]["name"] = name  # `scale`, which no requirement names
    render_stubs(manifest, tmp_path / "oxpack_names_ok", FATBINS)
    with imported(tmp_path, "oxpack_names_ok") as module:
        assert inspect.isfunction(getattr(module, name)) and type(module._module).__name__ == "Module"
        assert list(inspect.signature(module.histogram).parameters)[2] == name


def test_render_refuses_missing_fatbin(tmp_path: Path) -> None:
    with pytest.raises(StageError, match="fatbins given for crates"):
        render_stubs(make_manifest(), tmp_path, {"saxpy": FATBINS["saxpy"]})


BAD_REQUIREMENTS = [
    "__import__('os').system('true') == 0",
    "len(x) >= y.size",
    "x >= 1",
    "len(a) > 0",
    "len(x) ** 2 > 1",
    "len(x)",
    "len(x) > 1 or len(y) > 1",
    "len(x) >",
    "len(x) > 1.5",
    "len(z) > 0",
    "len(x, y) > 0",
    "True",
]


@pytest.mark.parametrize("requirement", BAD_REQUIREMENTS)
def test_malformed_requirement_is_refused(tmp_path: Path, requirement: str) -> None:
    manifest = make_manifest()
    manifest["kernels"]["saxpy"]["requires"] = [requirement]
    with pytest.raises(StageError) as caught:
        render_stubs(manifest, tmp_path, FATBINS)
    message = str(caught.value)
    assert message.startswith(f"saxpy(): requirement `{requirement}`"), message
    assert "\n" not in message


@pytest.mark.parametrize("requirement", BAD_REQUIREMENTS[:3])
def test_malformed_requirement_fails_at_module_load(
    runtime: ModuleType, tmp_path: Path, requirement: str
) -> None:
    manifest = make_manifest()
    manifest["kernels"]["saxpy"]["requires"] = [requirement]
    module = runtime.Module("kernels", tmp_path, manifest=manifest)
    with pytest.raises(runtime.ManifestError, match=r"^saxpy\(\): requirement `"):
        module.kernel("histogram")


# ---------------------------------------------------------------- argument checks


def test_host_memory(kernels: ModuleType, runtime: ModuleType) -> None:
    x = np.ones(16, np.float32)
    with pytest.raises(runtime.KernelArgumentError) as caught:
        kernels.saxpy(2.0, x, at(1))
    assert str(caught.value) == (
        "saxpy(): argument `x` is in host memory (numpy.ndarray); move it to the GPU first "
        "(e.g. cupy.asarray)"
    )
    assert isinstance(caught.value, TypeError)


def test_null_data_pointer(kernels: ModuleType, runtime: ModuleType) -> None:
    # the device code assumes a real pointer behind every non-empty buffer
    with pytest.raises(runtime.KernelArgumentError) as caught:
        kernels.saxpy(2.0, CudaArray(16, ptr=0), at(1))
    assert str(caught.value) == "saxpy(): argument `x`: a non-empty array (16 elements) with a null data pointer"


def test_not_an_array(kernels: ModuleType, runtime: ModuleType) -> None:
    expected = r"argument `y` must be a float32 device array .*got list"
    with pytest.raises(runtime.KernelArgumentError, match=expected):
        kernels.saxpy(2.0, at(0), [1.0, 2.0])


@pytest.mark.parametrize(
    ("typestr", "name"),
    [("<f8", "float64"), ("<i4", "int32"), ("|b1", "bool"), (">f4", "float32 (big-endian)")],
)
def test_wrong_dtype(kernels: ModuleType, runtime: ModuleType, typestr: str, name: str) -> None:
    with pytest.raises(runtime.KernelArgumentError) as caught:
        kernels.saxpy(2.0, CudaArray(typestr=typestr), at(1))
    article = "an" if name.startswith("int") else "a"  # an int32, a uint8
    assert str(caught.value) == (f"saxpy(): argument `x` must be a float32 device array, got {article} {name} array")


def test_too_short(kernels: ModuleType, runtime: ModuleType) -> None:
    with pytest.raises(runtime.KernelValueError) as caught:
        kernels.saxpy(2.0, at(0, 10), at(1, 20))
    assert str(caught.value) == ("saxpy(): requirement `len(x) >= len(y)` failed: len(x) = 10, len(y) = 20")
    assert isinstance(caught.value, ValueError)


def test_requirements_with_scalars(kernels: ModuleType, runtime: ModuleType) -> None:
    with pytest.raises(runtime.KernelValueError) as caught:
        kernels.blur(3, 4, at(0, 16), at(1, 16))
    assert str(caught.value) == (
        "blur(): requirement `len(src) == width * height` failed: len(src) = 16, width = 3, height = 4"
    )
    expected = r"`nbins == len\(counts\) and 0 < nbins <= 4096` failed: nbins = 8, len\(counts\) = 4$"
    with pytest.raises(runtime.KernelValueError, match=expected):
        kernels.histogram(CudaArray(8, "<i8"), 8, 1.0, CudaArray(4, "<u8", BASE + 2**20))
    with pytest.raises(runtime.KernelValueError, match=r"len\(values\) = 7$"):
        kernels.histogram(CudaArray(7, "<i8"), 4, 1.0, CudaArray(4, "<u8", BASE + 2**20))


def test_valid_call_with_zero_threads_touches_nothing(kernels: ModuleType, runtime: ModuleType) -> None:
    kernels.saxpy(2.0, at(0), at(1), threads=0)
    kernels.saxpy(2, at(0, 0), at(1, 0))  # empty arrays: nothing to launch
    kernels.blur(4, 4, at(0, shape=(4, 4)), at(1, shape=(4, 4)), threads=(4, 0))


@pytest.mark.parametrize(
    ("x_slot_offset", "overlaps"),
    [(0, True), (32, True), (63, True), (-63, True), (64, False), (-64, False)],
)
def test_aliasing(kernels: ModuleType, runtime: ModuleType, x_slot_offset: int, overlaps: bool) -> None:
    y = CudaArray(16, ptr=BASE + 4096)  # 64 bytes
    x = CudaArray(16, ptr=BASE + 4096 + x_slot_offset)
    if overlaps:
        with pytest.raises(runtime.KernelValueError) as caught:
            kernels.saxpy(2.0, x, y)
        assert str(caught.value) == (
            "saxpy(): argument `y` (mutable output) overlaps argument `x`; pass separate buffers"
        )
    else:
        kernels.saxpy(2.0, x, y, threads=0)


def test_same_object_twice(kernels: ModuleType, runtime: ModuleType) -> None:
    y = at(0)
    with pytest.raises(runtime.KernelValueError, match=r"`y` .* overlaps argument `x`"):
        kernels.saxpy(2.0, y, y)


def test_read_only(kernels: ModuleType, runtime: ModuleType) -> None:
    expected = r"^saxpy\(\): argument `y` \(mutable output\) is a read-only array"
    with pytest.raises(runtime.KernelArgumentError, match=expected):
        kernels.saxpy(2.0, at(0), at(1, readonly=True))
    kernels.saxpy(2.0, at(0, readonly=True), at(1), threads=0)  # read-only input is fine


@pytest.mark.parametrize(
    ("shape", "strides", "ok"),
    [
        ((4, 4), (16, 4), True),
        ((4, 4), None, True),
        ((4, 1), (4, 99), True),  # a size-1 dimension's stride does not matter
        ((2, 2, 4), (32, 16, 4), True),
        ((4, 4), (32, 4), False),  # every other row
        ((4, 4), (4, 16), False),  # Fortran order
        ((16,), (8,), False),  # every other element
        ((16,), (-4,), False),
    ],
)
def test_contiguity(
    kernels: ModuleType,
    runtime: ModuleType,
    shape: tuple[int, ...],
    strides: tuple[int, ...] | None,
    ok: bool,
) -> None:
    x = CudaArray(shape=shape, strides=strides)
    if ok:
        kernels.saxpy(2.0, x, at(1, math.prod(shape)), threads=0)
    else:
        with pytest.raises(runtime.KernelArgumentError, match=r"argument `x` must be C-contiguous"):
            kernels.saxpy(2.0, x, at(1))


def test_masked_and_stream_zero(kernels: ModuleType, runtime: ModuleType) -> None:
    with pytest.raises(runtime.KernelArgumentError, match="masked"):
        kernels.saxpy(2.0, at(0, mask=object()), at(1))
    with pytest.raises(runtime.KernelArgumentError, match="stream 0"):
        kernels.saxpy(2.0, at(0, stream=0), at(1))


def test_argument_count(kernels: ModuleType, runtime: ModuleType) -> None:
    kernel = kernels._module.kernel("saxpy")
    with pytest.raises(runtime.KernelArgumentError) as caught:
        kernel((2.0, at(0)))
    assert str(caught.value) == "saxpy(): takes 3 arguments (a, x, y), got 2"
    with pytest.raises(TypeError):
        kernels.saxpy(2.0, at(0))  # the stub's real signature refuses it first


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (
            (2**31, 1.0),
            "KernelValueError",
            r"`nbins` must fit in int32 \[-2147483648, 2147483647\], got 2147483648$",
        ),
        ((-(2**31) - 1, 1.0), "KernelValueError", r"`nbins` must fit in int32"),
        ((True, 1.0), "KernelArgumentError", r"`nbins` must be an int \(int32\), got bool"),
        ((4.0, 1.0), "KernelArgumentError", r"`nbins` must be an int \(int32\), got float"),
        ((np.int32(4), 1.0), "KernelArgumentError", r"`nbins` must be an int \(int32\), got numpy.int32"),
        ((4, False), "KernelArgumentError", r"`scale` must be a float or an int \(float64\), got bool"),
        ((4, "1.0"), "KernelArgumentError", r"`scale` must be a float or an int \(float64\), got str"),
        ((4, 10**400), "KernelValueError", r"`scale` is out of range for float64 \(largest finite value 1.79769313e\+308\), got 1000"),
    ],
)
def test_scalars(
    kernels: ModuleType, runtime: ModuleType, args: tuple[Any, Any], error: str, message: str
) -> None:
    with pytest.raises(getattr(runtime, error), match=r"^histogram\(\): argument " + message):
        kernels.histogram(CudaArray(8, "<i8"), *args, CudaArray(4, "<u8", BASE + 2**20))


def test_uint32_range(kernels: ModuleType, runtime: ModuleType) -> None:
    expected = r"`width` must fit in uint32 \[0, 4294967295\], got -1"
    with pytest.raises(runtime.KernelValueError, match=expected):
        kernels.blur(-1, 16, at(0), at(1))
    kernels.blur(2**32 - 1, 0, at(0, 0), at(1, 0))  # in range (and nothing to launch)


@pytest.mark.parametrize(
    ("threads", "block", "error", "message"),
    [
        (None, 0, "KernelValueError", r"`block` must have every dimension >= 1.*got 0"),
        (None, 2048, "KernelValueError", r"at most 1024 threads.*got 2048"),
        ((64, 64), (64, 32), "KernelValueError", r"got \(64, 32\)"),
        ((8, 8, 8), (1, 1, 128), "KernelValueError", r"z <= 64, got \(1, 1, 128\)"),
        (
            (64, 64),
            256,
            "KernelValueError",
            r"`block` 256 must have as many dimensions as `threads` \(64, 64\)",
        ),
        (None, (16, 16), "KernelValueError", r"as many dimensions"),
        (None, 1.5, "KernelArgumentError", r"`block` must be an int or a tuple of 1 to 3 ints, got 1.5"),
        (None, True, "KernelArgumentError", r"`block` must be an int"),
        ((1, 2, 3, 4), None, "KernelArgumentError", r"`threads` must be an int or a tuple of 1 to 3 ints"),
        ([64], None, "KernelArgumentError", r"`threads` must be an int"),
        (-1, None, "KernelValueError", r"`threads` must not be negative, got -1"),
        (2**40, 1, "KernelValueError", r"over CUDA's limit"),
    ],
)
def test_launch_shape(
    kernels: ModuleType, runtime: ModuleType, threads: Any, block: Any, error: str, message: str
) -> None:
    # blur takes no launch index: any rank of `threads` goes (saxpy's ThreadIndex makes it 1-D)
    with pytest.raises(getattr(runtime, error), match=r"^blur\(\): .*" + message):
        kernels.blur(4, 4, at(0), at(1), threads=threads, block=block)


def test_a_1d_launch_index_refuses_2d_threads(kernels: ModuleType, runtime: ModuleType) -> None:
    with pytest.raises(runtime.KernelValueError, match=r"^saxpy\(\): takes a 1-D launch \(its ThreadIndex parameter\), "
                       r"got threads=\(8, 2\)$"):
        kernels.saxpy(2.0, at(0), at(1), threads=(8, 2))


def test_bad_stream_object(kernels: ModuleType, runtime: ModuleType) -> None:
    expected = r"`stream` must be a cuda.core Stream, an object with __cuda_stream__, or a stream handle as an int .*got str"
    with pytest.raises(runtime.KernelArgumentError, match=expected):
        kernels.saxpy(2.0, at(0), at(1), stream="7")


def test_unknown_kernel(kernels: ModuleType, runtime: ModuleType) -> None:
    with pytest.raises(runtime.ManifestError, match="no kernel `nope`; it has blur, bounded, capped_rows, coarse, count, histogram, quad, reverse, saxpy, scan, shift2d, tiled$"):
        kernels._module.kernel("nope")


# ---------------------------------------------------------------- launch path (fake cuda.core)


class FakeStream:
    def __init__(self, handle: int) -> None:
        self.handle = handle
        self.waited: list[int] = []

    @staticmethod
    def from_handle(handle: int) -> FakeStream:
        return FakeStream(handle)

    def wait(self, other: FakeStream) -> None:
        self.waited.append(other.handle)

    def __cuda_stream__(self) -> tuple[int, int]:
        return (0, self.handle)

    def __eq__(self, other: object) -> bool:  # the fast path names a stream by its handle
        return isinstance(other, FakeStream) and other.handle == self.handle

    def __hash__(self) -> int:
        return self.handle

    def __repr__(self) -> str:
        return f"FakeStream({self.handle!r})"


CONTEXT = 0xC000  # fabricated context handles: CONTEXT + device id


class FakeFunction(str):
    """A loaded kernel: its name (``kernel:<symbol>``), with no static shared memory; its
    handle (a CUfunction, for the driver's attribute queries) is its name too."""

    attributes = SimpleNamespace(shared_size_bytes=0)

    @property
    def handle(self) -> str:
        return str(self)


class FakeCuda:
    """Records what the runtime asks of cuda.core and its driver, for `devices` devices;
    device d's memory lies at BASE + d * 2**40 onwards, and stream handle h >= 1000 lies on
    device h // 1000 - 1."""

    def __init__(self, devices: int = 1) -> None:
        self.launches: list[tuple[Any, ...]] = []
        self.loaded: list[bytes] = []
        self.legacy, self.per_thread = FakeStream(1), FakeStream(2)
        self.current = 0  # the current context's handle (0: none)
        self.contexts: list[int] = []  # the current context at each launch
        fake = self

        def make_device(device_id: int | None = None) -> Any:
            device_id = device_id if device_id is not None else max(fake.current - CONTEXT, 0)
            device = SimpleNamespace(device_id=device_id, default_stream=fake.legacy)
            device.set_current = lambda: setattr(fake, "current", CONTEXT + device_id)
            device.create_stream = lambda obj: FakeStream(obj.__cuda_stream__()[1])
            return device

        def launch(*call: Any) -> None:
            fake.launches.append((call[0], call[1], call[2], call[3:]))
            fake.contexts.append(fake.current)

        class ObjectCode:
            @staticmethod
            def from_fatbin(data: bytes) -> Any:
                fake.loaded.append(data)
                return SimpleNamespace(get_kernel=lambda symbol: FakeFunction(f"kernel:{symbol}"))

        self.core = SimpleNamespace(
            Device=make_device,
            Stream=FakeStream,
            LaunchConfig=lambda grid, block, shmem_size=0: ("config", grid, block, *([shmem_size] if shmem_size else [])),
            ObjectCode=ObjectCode,
            launch=launch,
        )
        def direct_launch(config: Any, function: Any, params: Any, extra: None) -> int:
            """The fast path's cuLaunchKernelEx: the parameter block read back as the
            kernel's values (scalars as ctypes values, arrays as pointer and count)."""
            assert extra is None and fake.module is not None
            if fake.refuse_direct:  # a CUresult, as the driver gives for a thread with no context
                fake.refuse_direct -= 1
                return 201
            _, grid, block, handle, shared = config
            kernel = next(k for k in fake.module.kernels.values() if function == f"kernel:{k.symbol}")
            slots = [ctypes.string_at(params[i], 8) for i in range(len(params) // 2)]
            values: list[Any] = []
            for ctype in kernel._ctypes:
                if ctype is None:
                    values += [int.from_bytes(slots.pop(0), sys.byteorder) for _ in range(2)]
                else:
                    values.append(ctype.from_buffer_copy(slots.pop(0)[: ctypes.sizeof(ctype)]))
            if kernel.checks.coarsen > 1:  # a coarsened kernel's count of launch indices, packed last
                values.append(int.from_bytes(slots.pop(0), sys.byteorder))
            assert not slots
            launched = ("config", grid, block, *([shared] if shared else []))  # as the general path's
            fake.launches.append((FakeStream(handle), launched, function, tuple(values)))
            fake.contexts.append(fake.current)
            return 0

        self.module: Any = None  # the runtime Module whose kernels launch (install_fake sets it)
        # (device, "kernel:<symbol>") -> (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, CU_FUNC_ATTRIBUTE_NUM_REGS);
        # a kernel not listed: (1024, 16)
        self.block_limits: dict[tuple[int, str], tuple[int, int]] = {}
        self.attribute_queries: list[tuple[int, str, str]] = []  # (device, function, attribute) asked
        self.refuse_direct = 0  # how many fast-path launches fail before one succeeds
        self.direct = SimpleNamespace(
            launch=direct_launch,
            config=lambda grid, block, handle, shared=0: ("direct", grid, block, handle, shared),
            function=lambda function: function,
        )
        def set_current(context: Any) -> tuple[int]:
            fake.current = int(context)
            return (0,)

        def function_attribute(attribute: str, handle: str) -> tuple[int, int]:
            """cuFuncGetAttribute, of the function `handle` in the current context's device."""
            device = max(fake.current - CONTEXT, 0)
            fake.attribute_queries.append((device, handle, attribute))
            limit = fake.block_limits.get((device, handle), (1024, 16))
            return 0, limit[0] if attribute == "max_threads" else limit[1]

        self.driver = SimpleNamespace(
            cuDeviceGetCount=lambda: (0, devices),
            CUresult=SimpleNamespace(CUDA_SUCCESS=0),
            CUcontext=int,
            CUstream=int,
            cuCtxGetCurrent=lambda: (0, fake.current),
            cuCtxSetCurrent=set_current,
            cuCtxGetDevice=lambda: (0, max(fake.current - CONTEXT, 0)),
            cuStreamGetDevice=lambda handle: (0, handle // 1000 - 1),
            CUpointer_attribute=SimpleNamespace(CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL="ordinal"),
            cuPointerGetAttribute=lambda attribute, pointer: (0, (pointer - BASE) >> 40),
            CUdevice_attribute=SimpleNamespace(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN="optin",
                                               CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR="major",
                                               CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR="minor"),
            # an H200: its opt-in shared memory limit, compute capability 9.0
            cuDeviceGetAttribute=lambda attribute, device: (0, {"major": 9, "minor": 0}.get(attribute, 227 * 1024)),
            CUfunction_attribute=SimpleNamespace(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK="max_threads",
                                                 CU_FUNC_ATTRIBUTE_NUM_REGS="num_regs"),
            cuFuncGetAttribute=function_attribute,
        )


def install_fake(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch, fake: FakeCuda) -> None:
    runtime = sys.modules[f"{kernels.__package__}._oxpack.runtime"]
    driver = sys.modules[f"{kernels.__package__}._oxpack._driver"]  # the CUDA state the runtime reads
    api = driver._Cuda(fake.core, fake.driver, None, fake.legacy, fake.per_thread)
    monkeypatch.setattr(driver, "_cuda_api", api)
    monkeypatch.setattr(driver, "_direct", [fake.direct])
    monkeypatch.setattr(driver, "_device_count_cache", [])
    monkeypatch.setattr(runtime._hooks, "one_device", False)
    monkeypatch.setattr(driver, "_devices", {})
    module = runtime.Module("kernels", Path(str(runtime.__file__)).parent)
    module._states = kernels._module._states  # the generated fast paths hold these
    fake.module = module
    for state in module._states.values():
        state.entries.clear()
    monkeypatch.setattr(kernels, "_module", module)


def faked(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    """For a fixture (`yield from faked(kernels, monkeypatch)`): a `FakeCuda` installed into the
    generated module `kernels`; its launch entries are forgotten after the test."""
    fake = FakeCuda()
    install_fake(kernels, monkeypatch, fake)
    yield fake
    for state in kernels._module._states.values():
        state.entries.clear()


def rendered(root: Path, package: str, manifest: dict[str, Any], fatbins: dict[str, bytes]) -> Iterator[ModuleType]:
    """For a fixture (`yield from rendered(...)`): the stubs of `manifest` written as `package` under
    `root`, imported; forgotten after."""
    render_stubs(manifest, root / package, fatbins)
    with imported(root, package) as module:
        yield module


@pytest.fixture
def fake_cuda(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    yield from faked(kernels, monkeypatch)


def test_launch_arguments_and_caching(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    x, y = at(0, 1000), at(1, 1000)
    kernels.saxpy(2.5, x, y)
    kernels.saxpy(2.5, x, y, block=128)
    stream, config, kernel, args = fake_cuda.launches[0]
    assert stream is fake_cuda.legacy and kernel == "kernel:saxpy"
    assert config == ("config", (4,), (256,))
    assert fake_cuda.launches[1][1] == ("config", (8,), (128,))
    assert isinstance(args[0], ctypes.c_float) and args[0].value == 2.5
    assert args[1:] == (BASE, 1000, BASE + 2**20, 1000)
    assert fake_cuda.loaded == [FATBINS["saxpy"]]  # loaded once, on the first launch


def test_launch_2d_and_scalar_types(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    kernels.blur(40, 30, at(0, 1200), at(1, 1200), threads=(40, 30))
    _, config, kernel, args = fake_cuda.launches[0]
    assert kernel == "kernel:blur_f32" and config == ("config", (3, 2), (16, 16))
    assert [type(a) for a in args[:2]] == [ctypes.c_uint32, ctypes.c_uint32]
    kernels.histogram(CudaArray(8, "<i8"), 4, 0.5, CudaArray(4, "<u8", BASE + 2**20))
    args = fake_cuda.launches[1][3]
    assert args[0:2] == (BASE, 8) and isinstance(args[2], ctypes.c_int32)
    assert isinstance(args[3], ctypes.c_double) and args[4:] == (BASE + 2**20, 4)
    assert fake_cuda.loaded == [FATBINS["image"]]  # one crate, two kernels, one load


def test_launch_follows_producer_streams(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    # no stream given: launch on the first array's producer stream, wait for the others
    kernels.saxpy(1.0, at(0, stream=7), at(1, stream=9))
    stream = fake_cuda.launches[0][0]
    assert stream.handle == 7 and stream.waited == [9]
    # an explicit stream waits for every producer, the legacy default stream included
    mine = FakeStream(42)
    kernels.saxpy(1.0, at(0, stream=1), at(1, stream=9), stream=mine)
    stream = fake_cuda.launches[1][0]
    assert stream.handle == 42 and stream.waited == [1, 9]
    # producer on the launch stream, or no stream reported: no wait
    kernels.saxpy(1.0, at(0, stream=2), at(1))
    assert fake_cuda.launches[2][0] is fake_cuda.per_thread and fake_cuda.per_thread.waited == []


class TorchLike(CudaArray):
    """CAI v2 (no `stream`, as PyTorch exports) plus DLPack, which records its handshakes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.__cuda_array_interface__["version"] = 2
        del self.__cuda_array_interface__["stream"]
        self.handshakes: list[int] = []

    def __dlpack__(self, *, stream: int | None = None) -> None:
        assert stream is not None
        self.handshakes.append(stream)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0)


def test_cai_v2_orders_through_dlpack(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    x, y = TorchLike(16), TorchLike(16, ptr=BASE + 2**20)
    kernels.saxpy(1.0, x, y, stream=FakeStream(42))
    assert x.handshakes == [42] and y.handshakes == [42]
    assert fake_cuda.launches[0][0].waited == []
    kernels.saxpy(1.0, x, y)  # default stream
    assert x.handshakes == [42, 1]


def test_cai_v2_without_dlpack_waits_for_legacy_stream(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    x = at(0)
    x.__cuda_array_interface__["version"] = 2
    kernels.saxpy(1.0, x, at(1), stream=FakeStream(42))
    assert fake_cuda.launches[0][0].waited == [1]


# ---------------------------------------------------------------- mypy


GOOD_CALLER = """
    from typing import Any

    from {package} import kernels


    class Array:
        @property
        def __cuda_array_interface__(self) -> dict[str, Any]:
            return {{"version": 3, "shape": (4,), "typestr": "<f4", "data": (0, False)}}


    class Stream:
        def __cuda_stream__(self) -> tuple[int, int]:
            return (0, 0)


    def run() -> None:
        kernels.saxpy(2.0, Array(), Array())
        kernels.saxpy(a=2, x=Array(), y=Array(), stream=Stream(), threads=4, block=128)
        kernels.blur(2, 2, Array(), Array(), threads=(2, 2), block=(16, 16))
        try:
            kernels.histogram(Array(), 4, 1.0, Array())
        except kernels.KernelValueError as error:
            _ = str(error)
"""

BAD_CALLER = """
    from {package} import kernels
    from {package}.kernels import DeviceArray


    def run(x: DeviceArray, y: DeviceArray) -> None:
        kernels.saxpy(a="2.0", x=x, y=y)
        kernels.saxpy(2.0, [1.0, 2.0], y)
        kernels.blur(width=1.5, height=2, src=x, dst=y)
"""


def _mypy(root: Path, name: str, source: str) -> subprocess.CompletedProcess[str]:
    (root / name).write_text(textwrap.dedent(source.format(package=PACKAGE)))
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(root / ".mypy_cache"), name],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )


def test_mypy_accepts_correct_calls(package_root: Path) -> None:
    result = _mypy(package_root, "good_caller.py", GOOD_CALLER)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_rejects_wrong_types(package_root: Path) -> None:
    result = _mypy(package_root, "bad_caller.py", BAD_CALLER)
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'Argument "a" to "saxpy" has incompatible type "str"; expected "float"' in result.stdout
    assert 'Argument 2 to "saxpy" has incompatible type "list[float]"' in result.stdout
    assert 'Argument "width" to "blur" has incompatible type "float"; expected "int"' in result.stdout
    assert "Found 3 errors" in result.stdout


# ---------------------------------------------------------------- fast path


def test_fast_path_repeats_a_checked_launch(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    x, y = at(0, 1000, stream=7), at(1, 1000, stream=7)
    kernels.saxpy(2.5, x, y)  # general path: checks, picks the stream, loads, launches
    saxpy = kernels._module.kernel("saxpy")
    assert list(saxpy.state.entries) == [(0, 7, 1000, None)]  # (device, stream, element count, block)

    def general_path(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the fast path should have launched")

    saxpy._launch = general_path
    kernels.saxpy(0.5, x, y)
    first, second = fake_cuda.launches
    assert second[:3] == first[:3]  # same stream, config and function
    assert second[3][0].value == 0.5 and second[3][1:] == (BASE, 1000, BASE + 2**20, 1000)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (lambda: (2.0, at(0, 1000, stream=7, typestr="<f8"), at(1, 1000, stream=7)), "must be a float32 device array"),
        (lambda: (2.0, at(0, 999, stream=7), at(1, 1000, stream=7)), "requirement `len(x) >= len(y)` failed"),
        (lambda: (2.0, CudaArray(1000, ptr=BASE + 400, stream=7), at(0, 1000, stream=7)), "overlaps argument `x`"),
        (lambda: (2.0, at(0, 1000, stream=7), at(1, 1000, stream=7, readonly=True)), "read-only"),
        (lambda: (True, at(0, 1000, stream=7), at(1, 1000, stream=7)), "must be a float or an int"),
        (lambda: (2.0, np.ones(1000, np.float32), at(1, 1000, stream=7)), "host memory"),
    ],
)
def test_fast_path_never_skips_a_check(
    kernels: ModuleType, fake_cuda: FakeCuda, args: Any, error: str
) -> None:
    kernels.saxpy(2.5, at(0, 1000, stream=7), at(1, 1000, stream=7))  # primes the fast path
    assert kernels._module.kernel("saxpy").state.entries
    with pytest.raises((TypeError, ValueError), match=re.escape(error)):
        kernels.saxpy(*args())
    assert len(fake_cuda.launches) == 1


def test_a_failed_fast_launch_is_made_again_by_the_general_path(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    x, y = at(0, 1000, stream=7), at(1, 1000, stream=7)
    kernels.saxpy(2.5, x, y)
    fake_cuda.refuse_direct = 1  # the driver refuses the fast path's launch (e.g. no current context)
    calls = []
    saxpy = kernels._module.kernel("saxpy")
    general = saxpy._launch
    saxpy._launch = lambda *args: (calls.append(args), general(*args))  # type: ignore[func-returns-value]
    kernels.saxpy(0.5, x, y)
    assert len(calls) == 1 and fake_cuda.refuse_direct == 0  # refused once, then launched by the general path
    assert len(fake_cuda.launches) == 2 and fake_cuda.launches[1][3][0].value == 0.5


def test_each_thread_packs_its_own_parameter_block(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    """The driver reads the parameter block with the GIL released: a block shared by two
    threads could launch one thread's kernel with another's arguments. Switching threads
    every microsecond, each launch must carry its own call's scalar and arrays."""
    pairs = [(at(2 * t, 64), at(2 * t + 1, 64)) for t in range(4)]
    for x, y in pairs:
        kernels.saxpy(0.0, x, y)  # one entry per (device, stream, size): all four share it
    start = len(fake_cuda.launches)

    def work(t: int) -> None:
        x, y = pairs[t]
        for i in range(300):
            assert kernels._fast_saxpy(float(1000 * t + i), x, y, None)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    launched = fake_cuda.launches[start:]
    assert len(launched) == 1200
    for _, _, _, args in launched:
        t = int(args[0].value) // 1000
        assert args[1:] == (BASE + 2 * t * 2**20, 64, BASE + (2 * t + 1) * 2**20, 64), (t, args)


def test_fast_path_waits_like_the_general_path(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    kernels.saxpy(1.0, at(0, stream=7), at(1, stream=7))
    kernels.saxpy(1.0, at(0, stream=7), at(1, stream=9))  # two producers: general path waits
    stream = fake_cuda.launches[1][0]
    assert stream.handle == 7 and stream.waited == [9]


# ---------------------------------------------------------------- launch rank


def test_launch_index_is_no_python_argument(kernels: ModuleType, runtime: ModuleType) -> None:
    assert list(inspect.signature(kernels.shift2d).parameters)[:2] == ["src", "dst"]
    with pytest.raises(TypeError, match=r"takes a 2-D launch \(its ThreadIndex2 parameter\); pass threads=\(x, y\)"):
        kernels.shift2d(at(0), at(1))
    with pytest.raises(ValueError, match=r"shift2d\(\): takes a 2-D launch .* got threads=16"):
        kernels.shift2d(at(0), at(1), threads=16)
    with pytest.raises(ValueError, match=r"got threads=\(4, 2, 2\)"):
        kernels.shift2d(at(0), at(1), threads=(4, 2, 2))


def test_launch_index_rank_reaches_the_launch(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    kernels.shift2d(at(0, 64), at(1, 64), threads=(8, 8))
    _, config, kernel, args = fake_cuda.launches[0]
    assert kernel == "kernel:shift2d" and config == ("config", (1, 1), (16, 16))
    assert args == (BASE, 64, BASE + 2**20, 64)  # the index takes no kernel parameter


# ---------------------------------------------------------------- atomic buffers


def test_atomic_buffers_are_mutable_outputs(kernels: ModuleType, runtime: ModuleType) -> None:
    values = CudaArray(64, "<u4")
    with pytest.raises(TypeError, match=r"count\(\): argument `bins`.*read-only"):
        kernels.count(values, CudaArray(16, "<u4", BASE + 2**20, readonly=True))
    with pytest.raises(ValueError, match=r"count\(\): argument `bins` \(mutable output\) overlaps argument `values`"):
        kernels.count(values, CudaArray(16, "<u4", BASE + 8))
    with pytest.raises(TypeError, match=r"count\(\): argument `bins` must be a uint32 device array"):
        kernels.count(values, CudaArray(16, "<i4", BASE + 2**20))


def test_atomic_kernel_launches_one_thread_per_input(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    kernels.count(CudaArray(1000, "<u4"), CudaArray(16, "<u4", BASE + 2**20))
    _, config, kernel, args = fake_cuda.launches[0]
    assert kernel == "kernel:count" and config == ("config", (4,), (256,))
    assert args == (BASE, 1000, BASE + 2**20, 16)


class TorchBFloat16(CudaArray):
    """What PyTorch exports for a bfloat16 tensor: CAI typestr "<V2" and a `dtype`."""

    dtype = "torch.bfloat16"


def test_bfloat16_from_pytorch_cai(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    model = sys.modules[f"{PACKAGE}._oxpack._manifest"]
    spec = model.Kernel(name="b", crate="image", symbol="b",
                        params=(model.Param("x", "in", "bfloat16"), model.Param("y", "out", "bfloat16")))
    assert kernels._module.kernels  # reads the manifest (and its crates)
    kernel = runtime.Kernel(kernels._module, spec)
    with pytest.raises(TypeError, match=r"b\(\): argument `x` must be a bfloat16 device array"):
        kernel((CudaArray(8, "<V2"), TorchBFloat16(8, "<V2", BASE + 2**20)))
    kernel((TorchBFloat16(8, "<V2"), TorchBFloat16(8, "<V2", BASE + 2**20)))
    assert fake_cuda.launches[-1][3] == (BASE, 8, BASE + 2**20, 8)


def test_int8_and_uint8_arrays_by_cai_typestr(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    """One-byte arrays: int8 is CAI typestr "|i1" (NumPy's, CuPy's, PyTorch's), uint8 "|u1"; the
    other one, or a wider type, is refused naming the dtype; lengths count bytes-wide elements."""
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    model = sys.modules[f"{PACKAGE}._oxpack._manifest"]
    spec = model.Kernel(name="q", crate="image", symbol="q",
                        params=(model.Param("x", "in", "int8"), model.Param("y", "out", "uint8")))
    assert kernels._module.kernels  # reads the manifest (and its crates)
    kernel = runtime.Kernel(kernels._module, spec)
    for wrong in ("|u1", "<i4", "|b1"):
        with pytest.raises(TypeError, match=r"q\(\): argument `x` must be an? int8 device array"):
            kernel((CudaArray(8, wrong), CudaArray(8, "|u1", BASE + 2**20)))
    with pytest.raises(TypeError, match=r"q\(\): argument `y` must be an? uint8 device array"):
        kernel((CudaArray(8, "|i1"), CudaArray(8, "|i1", BASE + 2**20)))
    kernel((CudaArray(13, "|i1", BASE + 3), CudaArray(8, "|u1", BASE + 2**20 + 1)))  # any byte address
    assert fake_cuda.launches[-1][3] == (BASE + 3, 13, BASE + 2**20 + 1, 8)


def test_dynamic_shared_memory_is_an_int_argument(kernels: ModuleType, runtime: ModuleType) -> None:
    assert list(inspect.signature(kernels.reverse).parameters)[:2] == ["x", "scratch"]
    for bad in (-1, 2.5, True, None):
        with pytest.raises(TypeError, match=r"reverse\(\): argument `scratch` \(dynamic shared memory\) must be a "
                           r"non-negative int, the float32 elements each block gets"):
            kernels.reverse(at(0), bad)


# ---------------------------------------------------------------- build-time fast paths


@pytest.mark.slow
def test_generated_module_has_no_exec_and_pyright_accepts_it(package_root: Path) -> None:
    runtime = (package_root / PACKAGE / "_oxpack" / "runtime.py").read_text()
    calls = {
        node.func.id
        for node in ast.walk(ast.parse(runtime))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not calls & {"exec", "eval", "compile"}, "the runtime builds code at run time"
    generated = (package_root / PACKAGE / "kernels.py").read_text()
    launchers = (package_root / PACKAGE / "_oxpack" / "kernels_launchers.py").read_text()
    assert '_fast_saxpy = _launchers.f32_in_f32_out_f32_1d_where(_module.state("saxpy"))' in generated
    assert "def f32_in_f32_out_f32_1d_where(state: Any) -> Callable[..., bool]:" in launchers
    assert "def launch(arg0: Any, arg1: Any, arg2: Any, stream: Any, threads: Any = None, block: Any = None)" in launchers
    assert "def in_f32_out_f32_2d(" in launchers and "def in_f32_shared_f32_1d(" in launchers  # 2-D; dynamic shared
    pyright = Path(sys.executable).with_name("pyright")
    if not pyright.exists() or shutil.which("node") is None:
        pytest.skip("pyright (pip install pyright) and Node.js are needed for this check")
    result = subprocess.run(
        [str(pyright), "--pythonversion", "3.11", str(package_root / PACKAGE)],
        capture_output=True, text=True, check=False, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors" in result.stdout


@pytest.mark.slow
def test_mypy_strict_accepts_the_generated_module(package_root: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(package_root / ".mypy_cache"), "-p", PACKAGE],
        cwd=package_root, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_fast_path_takes_stream_given(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    mine = FakeStream(42)
    x, y = at(0, 1000, stream=42), at(1, 1000)
    kernels.saxpy(1.0, x, y, stream=mine)  # general path: producer is the given stream
    saxpy = kernels._module.kernel("saxpy")
    assert list(saxpy.state.entries) == [(0, 42, 1000, None)]
    assert kernels._fast_saxpy(2.0, x, y, mine) is True
    assert kernels._fast_saxpy(2.0, at(0, 1000, stream=7), y, mine) is False  # would need a wait
    assert kernels._fast_saxpy(2.0, x, y, FakeStream(43)) is False  # another stream: not proven yet
    assert kernels._fast_saxpy(2.0, x, y, None) is True  # x's producer stream is 42: the same launch
    assert [launch[0].handle for launch in fake_cuda.launches] == [42, 42, 42]


def test_fast_path_reuses_a_scalar_only_for_the_same_object(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    x, y = at(0, 64), at(1, 64)
    kernels.saxpy(1.0, x, y)
    zero, negative_zero = 0.0, -0.0
    assert kernels._fast_saxpy(zero, x, y, None) and kernels._fast_saxpy(negative_zero, x, y, None)
    first, second = fake_cuda.launches[1][3][0], fake_cuda.launches[2][3][0]
    assert math.copysign(1.0, first.value) == 1.0 and math.copysign(1.0, second.value) == -1.0


@pytest.mark.parametrize(
    ("value", "ok"),
    [(3.4028234663852886e38, True), (-3.4028234663852886e38, True), (math.inf, True), (math.nan, True),
     (3.5e38, False), (1e40, False), (-1e40, False), (10**39, False), (10**38, True)],
)
def test_float32_scalars_out_of_range_are_refused(
    kernels: ModuleType, fake_cuda: FakeCuda, value: float, ok: bool
) -> None:
    x, y = at(0, 64), at(1, 64)
    kernels.saxpy(1.0, x, y)  # primes the fast path: it must refuse too
    if ok:
        kernels.saxpy(value, x, y)
        assert len(fake_cuda.launches) == 2
    else:
        with pytest.raises(ValueError, match=r"^saxpy\(\): argument `a` is out of range for float32 "
                           r"\(largest finite value 3.40282347e\+38\), got "):
            kernels.saxpy(value, x, y)
        assert len(fake_cuda.launches) == 1


def test_cai_versions_beyond_3_are_refused(kernels: ModuleType, runtime: ModuleType) -> None:
    for version in (99, 4, -1, "3", None):
        x = at(0)
        x.__cuda_array_interface__["version"] = version
        with pytest.raises(runtime.KernelArgumentError, match=re.escape(
            f"saxpy(): argument `x`: its __cuda_array_interface__ has version {version!r}; oxpack reads "
            "versions 0 to 3")):
            kernels.saxpy(2.0, x, at(1))


@pytest.mark.parametrize("stream", ["s", -5, 1.0, True, 2**64])
def test_a_cai_stream_that_is_no_stream_is_refused(kernels: ModuleType, fake_cuda: FakeCuda, stream: object) -> None:
    """Found by the two-sided fuzz: "s" raised a bare ValueError, -5, 1.0 and True launched."""
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    with pytest.raises(runtime.KernelArgumentError) as caught:
        kernels.saxpy(2.0, at(0, stream=stream), at(1))
    assert str(caught.value) == (
        f"saxpy(): argument `x`: its __cuda_array_interface__ `stream` must be None, 1 (legacy default), 2 "
        f"(per-thread default) or a CUDA stream's handle (an int below 2**64), got {stream!r}; fix the exporter's "
        "__cuda_array_interface__")
    assert fake_cuda.launches == []


def test_arrays_of_any_rank_are_flat_buffers(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    # documented: a C-contiguous array of any rank passes as its elements in order
    kernels.saxpy(1.0, at(0, shape=(4, 8)), at(1, shape=(2, 2, 8)))
    assert fake_cuda.launches[0][3][1:] == (BASE, 32, BASE + 2**20, 32)


def test_a_device_array_without_a_driver_is_one_launch_error(package_root: Path) -> None:
    # this machine may have no NVIDIA driver; where it has one, the call fails on the
    # fabricated pointer instead, which is no concern of this test
    code = textwrap.dedent(
        f"""
        from {PACKAGE} import kernels

        class A:
            def __init__(self, p):
                self.__cuda_array_interface__ = {{"version": 3, "shape": (8,), "typestr": "<f4",
                                                  "data": (p, False), "strides": None, "stream": None}}

        try:
            kernels.saxpy(1.0, A(0x7F0000000000), A(0x7F0001000000))
        except kernels.LaunchError as error:
            print(type(error).__name__, error)
        """
    )
    env = {**os.environ, "LD_LIBRARY_PATH": "/nonexistent", "CUDA_PATH": "/nonexistent"}
    result = subprocess.run([sys.executable, "-c", code], cwd=package_root, env=env, capture_output=True, text=True,
                            check=False, timeout=120)
    if "no NVIDIA driver" not in result.stdout:
        pytest.skip(f"an NVIDIA driver is installed here: {result.stdout.strip()[:200]}")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.strip() == (
        "LaunchError cannot launch a kernel: no NVIDIA driver was found on this machine (libcuda could not be "
        "loaded: DynamicLibNotFoundError); install the NVIDIA driver, or run where a GPU is"
    )


# ---------------------------------------------------------------- several devices (fake driver)


@pytest.fixture
def two_devices(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    fake = FakeCuda(devices=2)
    install_fake(kernels, monkeypatch, fake)
    yield fake
    for state in kernels._module._states.values():
        state.entries.clear()


def on(device: int, slot: int, n: int = 16, **kwargs: Any) -> CudaArray:
    return CudaArray(n, ptr=BASE + device * 2**40 + slot * 2**20, **kwargs)


def test_launch_on_the_arrays_device_restores_the_callers_context(kernels: ModuleType, two_devices: FakeCuda) -> None:
    two_devices.current = CONTEXT + 0  # the caller works on device 0
    kernels.saxpy(1.0, on(1, 0), on(1, 1))
    assert two_devices.contexts == [CONTEXT + 1]  # launched in device 1's context
    assert two_devices.current == CONTEXT + 0  # and gave device 0 back
    kernels.saxpy(1.0, on(0, 0), on(0, 1))
    assert two_devices.contexts[-1] == CONTEXT + 0 and two_devices.current == CONTEXT + 0


def test_fast_path_launches_per_device(kernels: ModuleType, two_devices: FakeCuda) -> None:
    two_devices.current = CONTEXT + 0
    x1, y1 = on(1, 0, 64), on(1, 1, 64)
    kernels.saxpy(1.0, x1, y1)
    kernels.saxpy(1.0, on(0, 0, 64), on(0, 1, 64))
    # CAI arrays on several devices: their device needs the driver, so the general path runs
    assert kernels._fast_saxpy(1.0, x1, y1, None) is False
    entries = kernels._module.kernel("saxpy").state.entries
    assert set(entries) == {(1, 1, 64, None), (0, 1, 64, None)}
    launch, config, function = entries[(1, 1, 64, None)]
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    params = runtime._params(5)
    struct.Struct("=8xQQQQ").pack_into(params, 40, 1, 1, 1, 1)  # saxpy's launcher packs this (or remembers it)
    struct.Struct("=f4x").pack_into(params, 40, 1.0)  # and its float on every call
    launchers = Path(str(runtime.__file__)).with_name("kernels_launchers.py").read_text()
    assert 'Struct("=8xQQQQ")' in launchers and 'Struct("=f4x")' in launchers
    assert launch(config, function, params, None) == 0  # what the fast path calls
    assert two_devices.contexts[-1] == CONTEXT + 1 and two_devices.current == CONTEXT + 0
    assert two_devices.launches[-1][3][1:] == (1, 1, 1, 1)


def test_mixed_devices_are_refused_naming_both(kernels: ModuleType, two_devices: FakeCuda) -> None:
    with pytest.raises(ValueError, match=r"^saxpy\(\): argument `y` is on device 1 but argument `x` is on device 0; "
                       r"pass arrays on one device$"):
        kernels.saxpy(1.0, on(0, 0), on(1, 1))
    assert two_devices.launches == []


def test_a_stream_of_another_device_is_refused(kernels: ModuleType, two_devices: FakeCuda) -> None:
    stream_on_0 = FakeStream(1000 + 7)  # the fake driver puts handle 1007 on device 0
    with pytest.raises(ValueError, match=r"^saxpy\(\): `stream` is on device 0 but argument `x` is on device 1; "
                       r"pass a stream of device 1$"):
        kernels.saxpy(1.0, on(1, 0), on(1, 1), stream=stream_on_0)
    kernels.saxpy(1.0, on(1, 0), on(1, 1), stream=FakeStream(2000 + 7))
    assert [launch[0].handle for launch in two_devices.launches] == [2007]


def test_a_producer_stream_of_another_device_is_waited_for(kernels: ModuleType, two_devices: FakeCuda) -> None:
    two_devices.current = CONTEXT + 0
    kernels.saxpy(1.0, on(1, 0, stream=1007), on(1, 1, stream=1007))  # CuPy's current stream, on device 0
    stream = two_devices.launches[0][0]
    assert stream is two_devices.legacy and stream.waited == [1007]  # device 1's default stream
    assert two_devices.contexts == [CONTEXT + 1]
    assert kernels._module.kernel("saxpy").state.entries == {}  # a launch that waited is not repeated


# ---------------------------------------------------------------- block limits: the driver's, per kernel and device


REFUSAL_1000 = (
    "saxpy(): `block` 1000 has 1000 threads, over the 512 this kernel allows per block on device 0 (sm_90), where it "
    "uses 97 registers per thread and a block has 65536; pass a block of at most 512 threads, or let 1000 threads "
    "fit by capping the kernel's registers in kernels/saxpy.rs: #[launch_bounds(1000)] or #[max_registers(64)]"
)


def test_a_block_over_the_drivers_limit_is_refused_before_launch(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    """A kernel of 97 registers a thread (rmsnorm_bf16 on the H200 before its register cap), at most 512
    threads a block. The driver's attribute is asked once per kernel and device (at load); a
    refused call launches nothing, and the fast path never repeats it."""
    fake_cuda.block_limits[(0, "kernel:saxpy")] = (512, 97)
    x, y = at(0, 4096), at(1, 4096)
    for _ in range(2):  # the general path, then again: nothing was recorded for the fast path
        with pytest.raises(kernels.KernelValueError) as caught:
            kernels.saxpy(2.5, x, y, block=1000)
        assert str(caught.value) == REFUSAL_1000
    assert fake_cuda.launches == [] and fake_cuda.loaded == [FATBINS["saxpy"]]  # loaded to ask, nothing launched
    kernels.saxpy(2.5, x, y, block=512)
    kernels.saxpy(2.5, x, y, block=512)  # the fast path
    kernels.saxpy(2.5, x, y, block=(481,))  # a partial last warp, under the limit
    assert [launch[1] for launch in fake_cuda.launches] == [("config", (8,), (512,))] * 2 + [("config", (9,), (481,))]
    entries = kernels._module.kernel("saxpy").state.entries
    assert (0, 1, 4096, 512) in entries
    assert kernels._fast_saxpy(2.5, x, y, None, None, 1000) is False  # no entry: the general path decides
    with pytest.raises(kernels.KernelValueError, match=r"^saxpy\(\): `block` \(1000,\) has 1000 threads, over the 512"):
        kernels.saxpy(2.5, x, y, threads=(4096,), block=(1000,))
    assert len(fake_cuda.launches) == 3
    asked = [q for q in fake_cuda.attribute_queries if q[1] == "kernel:saxpy"]
    assert asked == [(0, "kernel:saxpy", "max_threads"), (0, "kernel:saxpy", "num_regs")]  # once, at load


def test_the_limit_is_each_kernels_and_each_devices(kernels: ModuleType, two_devices: FakeCuda) -> None:
    two_devices.block_limits[(1, "kernel:saxpy")] = (256, 186)  # device 1: an sm_80, where it uses more registers
    kernels.saxpy(1.0, on(0, 0, 4096), on(0, 1, 4096), block=1024)
    kernels.saxpy(1.0, on(1, 0, 4096), on(1, 1, 4096), block=256)
    kernels.blur(4, 4, on(1, 2, 16), on(1, 3, 16), block=1024)  # another kernel on that device: its own limit
    with pytest.raises(kernels.KernelValueError, match=r"^saxpy\(\): `block` 512 has 512 threads, over the 256 this "
                       r"kernel allows per block on device 1 \(sm_90\), where it uses 186 registers per thread"):
        kernels.saxpy(1.0, on(1, 0, 4096), on(1, 1, 4096), block=512)
    assert [launch[1][2] for launch in two_devices.launches] == [(1024,), (256,), (1024,)]


def test_a_2d_block_and_a_limit_the_registers_do_not_explain(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    """The driver's limit is obeyed as it is; without a register count the message gives the
    limit alone (a 2-D block, and the default block, named as such)."""
    fake_cuda.block_limits[(0, "kernel:shift2d")] = (192, 0)
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels.shift2d(at(0, 64 * 64), at(1, 64 * 64), threads=(64, 64))
    assert str(caught.value) == (
        "shift2d(): the default block (16, 16) has 256 threads, over the 192 this kernel allows per block on device 0 "
        "(sm_90); pass a block of at most 192 threads")
    with pytest.raises(kernels.KernelValueError, match=r"^shift2d\(\): `block` \(8, 32\) has 256 threads, over the 192"):
        kernels.shift2d(at(0, 64 * 64), at(1, 64 * 64), threads=(64, 64), block=(8, 32))
    kernels.shift2d(at(0, 64 * 64), at(1, 64 * 64), threads=(64, 64), block=(8, 24))
    assert [launch[1] for launch in fake_cuda.launches] == [("config", (8, 3), (8, 24))]


def test_where_the_driver_cannot_say_the_launch_goes_ahead(kernels: ModuleType, fake_cuda: FakeCuda) -> None:
    fake_cuda.driver.cuFuncGetAttribute = lambda attribute, handle: (700, 0)  # an error: no answer
    kernels.saxpy(2.5, at(0, 4096), at(1, 4096), block=1024)  # the driver has the last word at launch
    assert [launch[1] for launch in fake_cuda.launches] == [("config", (4,), (1024,))]


# ---------------------------------------------------------------- the golden files themselves


@pytest.fixture
def tampered_goldens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of tests/golden/ whose `kernels.py.golden` differs from the rendering, in use."""
    golden = tmp_path / "golden"
    shutil.copytree(GOLDEN, golden)
    (golden / "kernels.py.golden").write_text("stale\n")
    monkeypatch.setattr(sys.modules[__name__], "GOLDEN", golden)
    return golden


@pytest.mark.parametrize("value", ["0", "true", "yes", " 1", "2"])
def test_golden_is_rewritten_only_by_exactly_1(
    package_root: Path, tampered_goldens: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("OXPACK_UPDATE_GOLDEN", value)
    with pytest.raises(pytest.fail.Exception) as caught:
        test_golden(package_root, "kernels.py")
    assert str(caught.value) == (f"OXPACK_UPDATE_GOLDEN is {value!r}: set it to exactly 1 to rewrite "
                                 "tests/golden/, or unset it to compare the goldens")
    assert (tampered_goldens / "kernels.py.golden").read_text() == "stale\n"


def test_a_rewriting_run_does_not_pass(
    package_root: Path, tampered_goldens: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OXPACK_UPDATE_GOLDEN", "1")
    golden = tampered_goldens / "kernels.py.golden"
    with pytest.raises(pytest.fail.Exception, match=r"^rewrote .*kernels\.py\.golden from a fresh rendering: "
                       r"review the diff and commit it; this run fails so that no rewrite passes unseen$"):
        test_golden(package_root, "kernels.py")
    assert golden.read_text() == (package_root / PACKAGE / "kernels.py").read_text()
    test_golden(package_root, "kernels.py")  # now equal: passes, and writes nothing
    test_golden(package_root, "kernels.pyi")


def test_a_stale_golden_fails_without_the_variable(
    package_root: Path, tampered_goldens: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OXPACK_UPDATE_GOLDEN", raising=False)
    with pytest.raises(AssertionError, match=r"kernels\.py differs from .*kernels\.py\.golden; if the change is "
                       r"intended, rerun with OXPACK_UPDATE_GOLDEN=1 and commit the new golden"):
        test_golden(package_root, "kernels.py")
    assert (tampered_goldens / "kernels.py.golden").read_text() == "stale\n"


# ---------------------------------------------------------------- against a real build

MIRRORED = ("saxpy",)
"""Kernels of `make_manifest()` written as the example project's own: their signature,
requirements, crate and symbol must stay the real ones."""


def _keys(entries: Any) -> set[tuple[str, ...]]:
    return {tuple(sorted(entry)) for entry in entries}


def test_the_hand_written_manifest_is_a_real_builds(example_build: ExampleBuild) -> None:
    """`make_manifest()` (and the fake fatbins) stand in for a build's output in every stub
    test: they must keep its schema and its values, or the tests check what no build writes."""
    hand, real = make_manifest(), example_build.manifest
    assert sorted(hand) == sorted(real), "top-level keys of the manifest"
    for key in sorted(set(real) - {"crates", "kernels", "sources"}):
        assert hand[key] == real[key], f"manifest `{key}`: hand-written {hand[key]!r}, a real build {real[key]!r}"
    # `sources` holds digests of what each build was made from: its shape is the real one's
    assert sorted(hand["sources"]) == sorted(real["sources"]), "keys of `sources`"
    assert all(isinstance(v, str) and len(v) == 64 for v in [*hand["sources"]["kernels"].values(),
                                                             hand["sources"]["oxpack"]])
    assert _keys(hand["crates"].values()) == _keys(real["crates"].values()), "keys of a `crates` entry"
    for manifest, fatbins in ((hand, FATBINS), (real, example_build.fatbins)):
        for crate, entry in manifest["crates"].items():
            assert entry["fatbin"] == f"{crate}.fatbin" and entry["source"] == f"kernels/{crate}.rs"
            assert entry["sha256"] == hashlib.sha256(fatbins[crate]).hexdigest()
    # `launch`, a kernel's declared launch, goes with any other key: the hand-written kernels hold it (one,
    # which the stub tests call) and the other keys as a build's kernels combine them
    assert any("launch" in k for k in hand["kernels"].values()) and any("launch" in k for k in real["kernels"].values())
    # (as `tune`, `dims`, `outputs`, `backward`, `variants`, `bodies` and `only_on`, which a kernel has or not:
    # tests/test_declared_launch.py, tests/test_autograd.py and tests/test_variants.py check them)
    optional = ("launch", "tune", "dims", "outputs", "backward", "bodies", "variants", "only_on")
    mine, theirs = ([{key: v for key, v in entry.items() if key not in optional} for entry in kernels.values()]
                    for kernels in (hand["kernels"], real["kernels"]))
    assert _keys(mine) == _keys(theirs), "keys of a `kernels` entry"
    for what, field in (("a parameter", "params"), ("a `resources` entry", "resources")):
        def entries(kernels: dict[str, Any]) -> set[tuple[str, ...]]:
            found: set[tuple[str, ...]] = set()
            for kernel in kernels.values():
                items = kernel[field]
                found |= _keys(items.values() if isinstance(items, dict) else items)
            return found

        assert entries(hand["kernels"]) == entries(real["kernels"]), f"keys of {what}"
    real_kinds = {(p["kind"], p["dtype"]) for k in real["kernels"].values() for p in k["params"]}
    hand_kinds = {(p["kind"], p["dtype"]) for k in hand["kernels"].values() for p in k["params"]}
    assert {kind for kind, _ in hand_kinds} == {kind for kind, _ in real_kinds}
    for name in MIRRORED:
        mine, theirs = hand["kernels"][name], real["kernels"][name]
        for key in ("crate", "symbol", "params", "requires"):
            assert mine[key] == theirs[key], f"kernel `{name}` `{key}`: hand-written {mine[key]!r}, real {theirs[key]!r}"
        assert set(mine["resources"]) <= set(real["archs"])


def test_the_real_builds_stubs_render_from_its_manifest_and_fatbins(
    example_build: ExampleBuild, tmp_path: Path
) -> None:
    """render_stubs on the manifest and fatbins a build wrote gives the files it wrote."""
    manifest = example_build.manifest
    written = render_stubs(manifest, tmp_path / example_build.package, example_build.fatbins)
    assert [p.relative_to(tmp_path / example_build.package).as_posix() for p in written] == stub_files(manifest)
    for path in written:
        built = example_build.root / path.relative_to(tmp_path)
        assert path.read_bytes() == built.read_bytes(), path.name


@pytest.fixture(scope="module")
def real_kernels(example_build: ExampleBuild) -> Iterator[ModuleType]:
    with imported(example_build.root, example_build.package) as module:
        yield module


@pytest.fixture
def real_fake_cuda(real_kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    yield from faked(real_kernels, monkeypatch)


def test_real_stubs_launch_the_real_fatbins(
    real_kernels: ModuleType, real_fake_cuda: FakeCuda, example_build: ExampleBuild
) -> None:
    real_kernels.saxpy(2.5, at(0, 1000), at(1, 1000))
    real_kernels.saxpy(2.5, at(0, 1000), at(1, 1000))  # the fast path, primed by the first call
    for stream, config, kernel, args in real_fake_cuda.launches:
        assert stream == real_fake_cuda.legacy and kernel == "kernel:saxpy"
        assert config[1:] == ((1,), (256,))  # coarsened: 4 launch indices per thread, 1024 of them
        assert [getattr(a, "value", a) for a in args] == [2.5, BASE, 1000, BASE + 2**20, 1000, 1024]
    assert len(real_fake_cuda.launches) == 2
    real_kernels.transpose(40, 30, at(0, 1200), at(1, 1200))  # its declared launch: threads = (height, width)
    assert real_fake_cuda.launches[-1][1:3] == (("config", (2, 3), (16, 16)), "kernel:transpose")
    real_kernels.histogram(16, CudaArray(100, "<u4"), CudaArray(16, "<u4", BASE + 2**20))
    _, config, kernel, args = real_fake_cuda.launches[-1]
    assert kernel == "kernel:histogram" and config == ("config", (1,), (256,))  # one thread per input
    assert isinstance(args[0], ctypes.c_uint32) and args[1:] == (BASE, 100, BASE + 2**20, 16)
    # the example has per-arch variants: the run time loads, of each crate's fatbin, the entry it picks
    fatbin = sys.modules[f"{real_kernels.__package__}._oxpack._fatbin"]
    for data, crate in zip(real_fake_cuda.loaded, ("saxpy", "matrix", "reduce"), strict=True):
        (entry,) = fatbin.entries(data)
        assert (entry.arch, entry.kind) in {(e.arch, e.kind) for e in fatbin.entries(example_build.fatbins[crate])}


def _valid_scalar(dtype: str) -> object:
    return 1.0 if dtype.startswith("float") else 1


def test_every_real_kernel_refuses_bad_arguments_naming_them(real_kernels: ModuleType) -> None:
    """Per kernel of the real build: host memory for its first array, then a wrong dtype, each
    refused with the one line that names the kernel, the argument and the fix."""
    runtime = sys.modules[f"{real_kernels.__package__}._oxpack.runtime"]
    for name, kernel in sorted(real_kernels._module.kernels.items()):
        params = kernel.spec.call_args  # the stub's: no dynamic shared memory that the kernel's #[launch] sizes
        first = kernel.checks.arrays[0]
        args: list[object] = []
        for p in params:
            if p.kind == "scalar":
                args.append(_valid_scalar(p.dtype.name))
            elif p.kind == "dynshared":
                args.append(0)
            else:
                args.append(CudaArray(16, p.dtype.typestr, BASE + p.pos * 2**20))
        host = list(args)
        host[first.pos] = np.ones(16, np.float32)
        with pytest.raises(runtime.KernelArgumentError) as caught:
            getattr(real_kernels, name)(*host)
        assert str(caught.value) == (f"{name}(): argument `{first.name}` is in host memory (numpy.ndarray); "
                                     "move it to the GPU first (e.g. cupy.asarray)"), name
        wrong = list(args)
        wrong[first.pos] = CudaArray(16, "<c8", BASE + first.pos * 2**20)
        with pytest.raises(runtime.KernelArgumentError) as caught:
            getattr(real_kernels, name)(*wrong)
        article = "an" if first.dtype.name.startswith("int") else "a"  # an int32, a uint8
        fp8 = first.dtype.name.startswith("float8")  # the refusal says where FP8 arrays come from (not CuPy)
        hint = (f" (CuPy has no FP8 dtype: pass a torch.{first.dtype.name} tensor, e.g. `x.to(torch.{first.dtype.name})`; "
                f"on the host, a NumPy array of ml_dtypes.{first.dtype.name})") if fp8 else ""
        assert str(caught.value) == (f"{name}(): argument `{first.name}` must be {article} {first.dtype.name} device "
                                     "array, got a complex64 array" + hint), name
    assert sys.modules[f"{real_kernels.__package__}._oxpack._driver"]._cuda_api is None, "a refused call reached CUDA"


@pytest.mark.slow
def test_mypy_strict_accepts_the_real_builds_module(example_build: ExampleBuild, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / ".mypy_cache"),
         "-p", example_build.package],
        cwd=example_build.root, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_descriptor_marks_a_resident_grid_and_refuses_an_unknown_one() -> None:
    """`kernel!` writes `;grid=resident` for a kernel whose outputs are all drawn tile by tile (the
    device library's `param::resident`; built for real in tests/test_emulation.py's scanstage test)."""
    from oxpack.sources.descriptor import parse_sig
    from oxpack.errors import StageError

    head = "oxpack-kernel-v1;scan;i:index:1d:ThreadIndex;x:in:float32:&[f32];out:out:float32:&mut DisjointSlice<f32, ScanTiles<8>>"
    assert parse_sig(head + ";file=k.rs;grid=resident;requires=;doc=d").resident_grid
    assert not parse_sig(head + ";file=k.rs;requires=;doc=d").resident_grid
    with pytest.raises(StageError, match=r"kernel descriptor of `scan` has an unknown `grid=whole`"):
        parse_sig(head + ";file=k.rs;grid=whole;requires=;doc=d")


def test_outputs_keep_the_parameters_order_through_the_attribute_and_the_cache() -> None:
    """A call returns the outputs it made in the parameters' order: `#[outputs(...)]` may name them in
    another, and the link stage's cache entry (JSON with sorted keys) and the manifest hold no order of
    their own, so each is read back in the parameters' order (`zeta` before `alpha` here)."""
    import json

    from oxpack.builder.manifest import sig_from_json, sig_to_json
    from oxpack.contract import manifest
    from oxpack.sources.descriptor import parse_sig

    sig = parse_sig("oxpack-kernel-v1;two;i:index:1d:ThreadIndex;x:in:float32:&[f32];"
                    "zeta:out:float32:&mut DisjointSlice<f32>;alpha:out:float32:&mut DisjointSlice<f32>;file=k.rs;"
                    "outputs=alpha = (len(x)), zeta = (len(x));requires=;doc=d")
    assert [name for name, _ in sig.outputs] == ["zeta", "alpha"]
    cached = json.loads(json.dumps(sig_to_json(sig), sort_keys=True))
    assert list(cached["outputs"]) == ["alpha", "zeta"]  # what the cache file holds
    assert [name for name, _ in sig_from_json(cached).outputs] == ["zeta", "alpha"]
    assert list(manifest().Signature.from_signature_json(cached, "k").outputs) == ["zeta", "alpha"]
