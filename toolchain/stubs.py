"""Render a kernel module's Python face: stubs, type stubs, runtime, manifest, fatbins.

`render_stubs` turns the build's manifest into ``<module>.py`` (one checked launch
function per kernel), ``<module>.pyi`` (its types), ``py.typed`` and the
``_oxpack/`` folder (runtime, manifest, one fatbin per crate). The output depends
on its inputs alone: the same manifest and fatbins give the same bytes.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib
import json
import keyword
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from . import data_dir
from .cache import write_atomic
from .errors import StageError

__all__ = ["render_stubs", "stub_files"]

_SCALAR_TYPES = {
    "int32": "int",
    "uint32": "int",
    "int64": "int",
    "uint64": "int",
    "float32": "float",
    "float64": "float",
}
_LAUNCH_OPTIONS = (
    "stream: StreamLike | None = None",
    "threads: int | tuple[int, ...] | None = None",
    "block: int | tuple[int, ...] | None = None",
)
_ERRORS = ("KernelArgumentError", "KernelBarrierError", "KernelTrap", "KernelValueError", "LaunchError")
_TYPES = ("DeviceArray", "Graph", "StreamLike", "capture")
_RESERVED = {"stream", "threads", "block", "emulation", *_ERRORS, *_TYPES}
_RUNTIME = ("_types.py", "_fast.py", "_driver.py", "_arrays.py", "_requires.py", "_checks.py", "_traps.py",
            "_graphs.py", "runtime.py")
"""The run-time library every package ships in ``_oxpack/`` (templates/, copied as they are),
bottom up: each module imports only those before it; ``runtime.py``, the last, is its face."""


def stub_files(manifest: Mapping[str, Any]) -> list[str]:
    """Paths, relative to the package folder, that `render_stubs` writes for `manifest`."""
    module = _module_name(manifest)
    return [
        f"{module}.py",
        f"{module}.pyi",
        "py.typed",
        "_oxpack/__init__.py",
        *(f"_oxpack/{name}" for name in _RUNTIME),
        f"_oxpack/{module}.json",
        *_torch_files(module),
        *(f"_oxpack/{crate}.fatbin" for crate in sorted(manifest.get("crates", {}))),
        *_emulation_files(manifest),
    ]


def _emulation_files(manifest: Mapping[str, Any]) -> list[str]:
    """The emulation runtime and host libraries, when the build made them (`emulation = true`)."""
    emulation = manifest.get("emulation")
    if not isinstance(emulation, Mapping):
        return []
    libraries = emulation.get("crates", {})
    return ["_oxpack/emulate.py", *(f"_oxpack/{libraries[c]['library']}" for c in sorted(libraries))]


def render_stubs(manifest: Mapping[str, Any], package_dir: Path, fatbins: Mapping[str, bytes],
                 host_libraries: Mapping[str, bytes] | None = None) -> list[Path]:
    """Write the stub files of `manifest` into `package_dir`; return their paths.

    ``py.typed`` is created empty when absent and left alone otherwise; files whose
    content is unchanged are not rewritten. Raises `StageError` (stage ``stubs``)
    when the manifest cannot make valid Python or the fatbins do not match it.
    """
    kernels = _check(manifest, fatbins)
    libraries = _check_host(manifest, host_libraries or {})
    module = manifest["module"]
    contents: dict[str, bytes | None] = {
        f"{module}.py": (_render_py(manifest, kernels) + _torch_hook(module)).encode(),
        f"{module}.pyi": _render_pyi(manifest).encode(),
        "py.typed": None,
        "_oxpack/__init__.py": _render_support_init(manifest).encode(),
        **{f"_oxpack/{name}": (data_dir("templates") / name).read_bytes() for name in _RUNTIME},
        f"_oxpack/{module}.json": (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode(),
        **_render_torch(manifest),
    }
    for crate in sorted(fatbins):
        contents[f"_oxpack/{crate}.fatbin"] = bytes(fatbins[crate])
    if libraries:
        contents["_oxpack/emulate.py"] = (data_dir("templates") / "emulate.py").read_bytes()
        for name, library in libraries.items():
            contents[f"_oxpack/{name}"] = bytes(library)
    written = []
    for relative in stub_files(manifest):
        path = Path(package_dir) / relative
        data = contents[relative]
        if data is not None:
            _write(path, data)
        elif not path.exists():
            _write(path, b"")
        written.append(path)
    return written


# ---------------------------------------------------------------- checks


def _fail(message: str) -> StageError:
    return StageError(message, stage="stubs")


def _check_host(manifest: Mapping[str, Any], host_libraries: Mapping[str, bytes]) -> dict[str, bytes]:
    """Host library file name → bytes, checked against the manifest's `emulation` table."""
    emulation = manifest.get("emulation")
    listed = emulation.get("crates", {}) if isinstance(emulation, Mapping) else {}
    if set(listed) != set(host_libraries):
        raise _fail(f"host libraries given for crates {sorted(host_libraries)}, but the manifest lists {sorted(listed)}")
    out = {}
    for crate, entry in sorted(listed.items()):
        digest = hashlib.sha256(host_libraries[crate]).hexdigest()
        if entry.get("sha256") != digest:
            raise _fail(f"host library of crate `{crate}` has sha256 {digest}, manifest says {entry.get('sha256')}")
        out[str(entry["library"])] = host_libraries[crate]
    return out


def _module_name(manifest: Mapping[str, Any]) -> str:
    module = manifest.get("module")
    if not isinstance(module, str) or not module.isidentifier() or keyword.iskeyword(module):
        raise _fail(f"manifest `module` must be a Python identifier, got {module!r}")
    return module


@functools.cache
def _runtime() -> ModuleType:
    """templates/runtime.py, imported privately (as the package ``_oxpack_template``, whose
    modules it imports): it validates what it will later run."""
    package = ModuleType("_oxpack_template")
    package.__path__ = [str(data_dir("templates"))]
    sys.modules.setdefault("_oxpack_template", package)
    return importlib.import_module("_oxpack_template.runtime")


def _check(manifest: Mapping[str, Any], fatbins: Mapping[str, bytes]) -> Mapping[str, Any]:
    """Validate `manifest` and `fatbins`; return the runtime's own `Kernel` objects."""
    module = _module_name(manifest)
    runtime = _runtime()
    try:  # the runtime's own reading: what it accepts here, it will run
        kernels: Mapping[str, Any] = runtime.Module(module, manifest=manifest).kernels
    except runtime.ManifestError as exc:
        raise _fail(str(exc)) from None
    for name, kernel in kernels.items():
        named = [("kernel", name)] + [(f"kernel `{name}` parameter", p.name) for p in kernel.params]
        for what, ident in named:
            if not ident.isidentifier() or keyword.iskeyword(ident) or ident in _RESERVED:
                raise _fail(
                    f"{what} `{ident}` cannot be a Python name here (a keyword, or one of "
                    f"{', '.join(sorted(_RESERVED))}); rename it in the Rust source"
                )
    crates = manifest["crates"]
    if set(crates) != set(fatbins):
        raise _fail(f"fatbins given for crates {sorted(fatbins)}, but the manifest lists {sorted(crates)}")
    for crate, entry in sorted(crates.items()):
        if entry.get("fatbin") != f"{crate}.fatbin":
            raise _fail(f"manifest crate `{crate}`: `fatbin` must be {crate + '.fatbin'!r}")
        digest = hashlib.sha256(fatbins[crate]).hexdigest()
        if entry.get("sha256") != digest:
            raise _fail(f"fatbin of crate `{crate}` has sha256 {digest}, manifest says {entry.get('sha256')}")
    return kernels


# ---------------------------------------------------------------- fast paths

_PACKED = {  # a scalar's bytes in its 8-byte parameter slot (struct, native byte order)
    "int32": "i4x",
    "uint32": "I4x",
    "int64": "q",
    "uint64": "Q",
    "float32": "f4x",
    "float64": "d",
}
_FAST_GLOBALS = {"Any", "_hooks", "_stream_handle", "_other_array", "_F32_MAX", "_module", "_params",
                 "_Struct", "_local"}
_FAST_OPS = (ast.Expression, ast.BoolOp, ast.And, ast.Compare, ast.BinOp, ast.Add, ast.Sub, ast.Mult,
             ast.FloorDiv, ast.Mod, ast.UnaryOp, ast.USub, ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt,
             ast.GtE, ast.Name, ast.Load, ast.Call, ast.Constant)


class _Lengths(ast.NodeTransformer):
    """`len(x)` → `_n2`: a requirement over the fast path's local names."""

    def __init__(self, positions: Mapping[str, int]) -> None:
        self.positions = positions

    def visit_Call(self, node: ast.Call) -> ast.AST:
        (arg,) = node.args
        assert isinstance(arg, ast.Name)
        return ast.Name(f"_n{self.positions[arg.id]}", ast.Load())


def _requirement(text: str, positions: Mapping[str, int]) -> str | None:
    """A requirement (already accepted by the runtime's parser) as a Python expression
    over the fast path's locals; None when it holds syntax this renderer does not know,
    which leaves the kernel to the general path."""
    tree = ast.parse(text.strip(), mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, _FAST_OPS) or (isinstance(node, ast.Constant) and type(node.value) is not int):
            return None
    return ast.unparse(_Lengths(positions).visit(tree).body)


def _fast_names(kernel: Any) -> set[str]:
    names = {f"_{v}{p.pos}" for p in kernel.params for v in "pndstb"}
    return names | {"_h", "_g", "_s", "_e", "_k", "_cs", "_ts", "_one", "_r", "_m", "stream"} | _FAST_GLOBALS


def _fast_path(name: str, kernel: Any) -> list[str] | None:
    """The generated fast path of one kernel, or None when every call takes the general
    path (a 2-D/3-D launch or dynamic shared memory, which need `threads`/sizes of their
    own; no array argument; a requirement or name the renderer does not handle)."""
    arrays = kernel._arrays
    if (kernel.rank or 1) > 1 or kernel._dynamic is not None or not arrays:
        return None
    if any(p.name in _fast_names(kernel) or p.name.startswith(("_fast_", "_state_", "_local_", "_pack_")) for p in kernel.params):
        return None
    positions = {p.name: p.pos for p in kernel.params}
    requires = [_requirement(r.text, positions) for r in kernel._requires]
    if any(r is None for r in requires):
        return None
    params = ", ".join(f"{p.name}: Any" for p in kernel.params)
    lines = [
        f"def _fast_{name}({params}, stream: Any) -> bool:",
        f'    """`{name}` checked in full for a common call and launched as an earlier call with the',
        '    same device, stream and size was; False hands the call to the general path."""',
    ]
    for p in kernel.params:
        if p.kind != "scalar":
            continue
        if p.dtype.bounds is not None:
            low, high = p.dtype.bounds
            test = f"type({p.name}) is not int or not {low} <= {p.name} <= {high}"
        elif p.dtype.name == "float32":
            test = f"type({p.name}) is not float or not -_F32_MAX <= {p.name} <= _F32_MAX"
        else:
            test = f"type({p.name}) is not float"
        lines += [f"    if {test}:", "        return False"]
    lines += [
        "    _h, _s, _cs, _ts = _hooks, 0, 0, 0",
        "    _one = _h.one_device  # then every array is on device 0",
        "    _g = 0 if stream is None else _stream_handle(stream)",
    ]
    for p in arrays:
        i, dt, v = p.pos, p.dtype.name, p.name
        what = {"in": "read", "out": "written", "atomic": "updated atomically"}[p.kind]
        mutable = p.kind in ("out", "atomic")
        lines += [
            f"    # {v}: {dt}, {what}",
            f"    if type({v}) is _h.cupy_ndarray:",
            f"        if {v}.dtype is not _h.cupy_{dt} or not {v}._c_contiguous:",
            "            return False",
            f"        _m = {v}.data",
            f"        _p{i}, _n{i}, _d{i} = _m.ptr, {v}.size, 0 if _one else _m.device_id",
            f"        _s{i} = _cs = _cs or _h.cupy_current_stream().ptr or 1",
            f"    elif type({v}) is _h.torch_tensor:",
            f"        if {v}.dtype is not _h.torch_{dt} or not {v}.is_cuda or {v}.requires_grad or not {v}.is_contiguous():",
            "            return False",
            f"        _p{i}, _n{i}, _d{i} = {v}.data_ptr(), {v}.numel(), 0 if _one else {v}.get_device()",
            f"        _s{i} = _ts = _ts or _h.torch_raw_stream(_d{i}) or 1  # all on one device: one stream",
            "    else:",
            f'        _r = _other_array({v}, "{dt}", {mutable}, _g or _s or 1)',
            "        if _r is None:",
            "            return False",
            f"        _p{i}, _n{i}, _d{i}, _s{i} = _r",
        ]
        first = arrays[0].pos
        lines += [f"    if not _p{i}:" if i == first else f"    if not _p{i} or _d{i} != _d{first}:", "        return False"]
        if i == first:
            lines += [f"    _s = _s{i}"]
        else:
            lines += [
                f"    if _s{i} and _s{i} != _s:",
                "        if _s:",
                "            return False",
                f"        _s = _s{i}",
            ]
    pairs = []
    for out in (p for p in arrays if p.kind in ("out", "atomic")):
        for other in arrays:
            if other.pos == out.pos or (other.kind in ("out", "atomic") and other.pos < out.pos):
                continue
            pairs.append((out, other))
    if pairs:
        lines.append("    # a written buffer overlaps no other buffer")
        sizes = ", ".join(f"_n{p.pos} * {p.dtype.itemsize}" for p in arrays)
        lines.append(f"    {', '.join(f'_b{p.pos}' for p in arrays)} = {sizes}")
        for out, other in pairs:
            o, q = out.pos, other.pos
            lines += [f"    if _p{o} < _p{q} + _b{q} and _p{q} < _p{o} + _b{o}:", "        return False"]
    if requires:
        lines += ["    try:  # the `where` requirements"]
        for expression in requires:
            lines += [f"        if not ({expression}):", "            return False"]
        lines += ["    except ZeroDivisionError:", "        return False"]
    count = arrays[kernel._default_threads].pos
    lines += [
        "    if stream is not None:  # the producers' stream or none: nothing to wait for",
        "        if _s and _s != _g:",
        "            return False",
        "        _s = _g",
        f"    _e = _state_{name}.entries.get((_d{first}, _s or 1, _n{count}))",
        "    if _e is None:",
        "        return False",
        "    try:  # this thread's parameter block",
        f"        _k = _local_{name}.params",
        "    except AttributeError:",
        f"        _k = _local_{name}.params = _params({_abi_count(kernel)})",
    ]
    values = []
    for p in kernel.params:
        values += [p.name] if p.kind == "scalar" else [f"_p{p.pos}", f"_n{p.pos}"]
    lines += [
        f"    _pack_{name}(_k, {8 * _abi_count(kernel)}, {', '.join(values)})",
        "    return not _e[0](_e[1], _e[2], _k, None)  # an error: the general path launches and reports it",
    ]
    return lines


def _abi_count(kernel: Any) -> int:
    """The kernel's parameters as the driver sees them: one per scalar, two (pointer and
    element count) per array."""
    return sum(1 if p.kind == "scalar" else 2 for p in kernel.params)


def _packing(kernel: Any) -> str:
    """The struct format of the kernel's parameter slots, 8 bytes each, in order."""
    return "=" + "".join(_PACKED[p.dtype.name] if p.kind == "scalar" else "QQ" for p in kernel.params)


# ---------------------------------------------------------------- rendering


def _header(manifest: Mapping[str, Any]) -> str:
    return (
        f"# Generated by oxpack {manifest.get('oxpack', '')} from _oxpack/{manifest['module']}.json.\n"
        "# Do not edit: the next build overwrites it.\n"
    )


def _module_doc(manifest: Mapping[str, Any]) -> str:
    archs = ", ".join(manifest.get("archs", [])) or "none"
    ptx = manifest.get("ptx_arch")
    about = (
        "Each function checks its arguments, then queues the kernel on a CUDA stream and "
        f"returns without waiting for it. Machine code for {archs}; "
        + (f"PTX for {ptx}." if ptx else "no PTX.")
    )
    body = textwrap.fill(about, width=79)
    return f'"""GPU kernels of `{manifest["module"]}`, built by oxpack.\n\n{body}\n"""\n'


def _kernels(manifest: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    return sorted(manifest["kernels"].items())


def _args(kernel: Mapping[str, Any]) -> list[Mapping[str, str]]:
    """The parameters Python passes: all but a launch index (`ThreadIndex*`)."""
    return [p for p in kernel["params"] if p["kind"] != "index"]


def _rank(kernel: Mapping[str, Any]) -> int | None:
    ranks = [p["dtype"] for p in kernel["params"] if p["kind"] == "index"]
    return {"1d": 1, "2d": 2, "3d": 3}[ranks[0]] if ranks else None


def _signature(name: str, kernel: Mapping[str, Any]) -> str:
    lines = [f"def {name}("]
    for p in _args(kernel):
        annotation = (_SCALAR_TYPES[p["dtype"]] if p["kind"] == "scalar" else "int" if p["kind"] == "dynshared"
                      else "DeviceArray")
        lines.append(f"    {p['name']}: {annotation},")
    lines.append("    *,")
    lines += [f"    {option}," for option in _LAUNCH_OPTIONS]
    lines.append(") -> None:")
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return text[:-1] + '\\"' if text.endswith('"') else text


def _docstring(name: str, kernel: Mapping[str, Any]) -> str:
    params = _args(kernel)
    outputs = [p["name"] for p in params if p["kind"] == "out"]
    arrays = (outputs or [p["name"] for p in params if p["kind"] == "in"]
              or [p["name"] for p in params if p["kind"] == "atomic"])
    doc = _escape(str(kernel.get("doc", "")).strip()) or f"Launch the `{name}` kernel."
    lines = [*doc.splitlines(), "", "Args:"]
    for p in params:
        what = {"scalar": "scalar", "in": "device array, read", "out": "device array, written",
                "atomic": "device array, updated atomically",
                "dynshared": "elements of dynamic shared memory per block (sizes the launch)"}
        lines.append(f"    {p['name']}: {p['dtype']} {what[p['kind']]}.")
    rank = _rank(kernel)
    if rank is not None and rank > 1:
        threads = [f"    threads: threads to launch, a tuple of {rank} ints ({', '.join('xyz'[:rank])});",
                   f"        required: the kernel takes a {rank}-D launch."]
    elif rank == 1:
        threads = ["    threads: threads to launch, an int (the kernel takes a 1-D launch); default:",
                   f"        one per element of `{arrays[0]}`." if arrays else "        required."]
    else:
        threads = ["    threads: threads to launch: an int, or a tuple of 2 or 3 ints; default:",
                   f"        one per element of `{arrays[0]}`." if arrays else "        required."]
    lines += [
        "    stream: where to queue the kernel; default: the stream that produced the",
        "        arrays (``__cuda_array_interface__``), else the device's default stream.",
        *threads,
        "    block: threads per block; default 256, (16, 16) or (8, 8, 4).",
    ]
    if kernel.get("requires"):
        lines += ["", "Requires:", *(f"    {_escape(r)}" for r in kernel["requires"])]
    written = " or ".join(f"`{o}`" for o in outputs) or "an output"
    lines += [
        "",
        "Raises:",
        "    KernelArgumentError: a wrong type, dtype or argument count, host memory,",
        f"        a non-contiguous array, or a read-only array for {written}.",
        "    KernelValueError: a failed requirement, a scalar out of range, an output",
        "        overlapping another buffer, arrays on different devices, or a bad",
        "        launch shape.",
    ]
    body = "\n".join(f"    {line}" if line else "" for line in lines)
    return f'    """{body.lstrip()}\n    """\n'


def _render_py(manifest: Mapping[str, Any], runtime_kernels: Mapping[str, Any]) -> str:
    kernels = _kernels(manifest)
    names = sorted([*_ERRORS, *_TYPES, *(name for name, _ in kernels)])
    fast = {name: _fast_path(name, runtime_kernels[name]) for name, _ in kernels}
    out = [
        _header(manifest),
        _module_doc(manifest),
        "\nfrom __future__ import annotations\n\n",
        "from struct import Struct as _Struct\nfrom threading import local as _local\nfrom typing import Any\n\n"
        if any(fast.values()) else "",
        "from ._oxpack.runtime import (\n",
        *(f"    {n},\n" for n in sorted([*_ERRORS, *_TYPES])),
        ")\nfrom ._oxpack.runtime import Module as _Module\n",
    ]
    if any(fast.values()):
        out.append("from ._oxpack.runtime import _F32_MAX, _hooks, _other_array, _params, _stream_handle\n")
    out += [
        "\n__all__ = [\n",
        *(f'    "{n}",\n' for n in names),
        "]\n\n",
        f'_module = _Module("{manifest["module"]}")\n',
        "emulation = _module.emulation  # emulation(): run on the CPU (as OXPACK_EMULATE=1); emulation(False): GPU\n",
    ]
    for name, kernel in kernels:
        params = [p["name"] for p in _args(kernel)]
        packed = f"({params[0]},)" if len(params) == 1 else f"({', '.join(params)})"
        lines = fast[name]
        out += ["\n\n", _signature(name, kernel), _docstring(name, kernel)]
        if lines is not None:
            out += [
                f"    if threads is None and block is None and _fast_{name}({', '.join(params)}, stream):\n",
                "        return  # checked in full, and launched as an earlier call was\n",
            ]
        out += [f'    _module.kernel("{name}")({packed}, stream, threads, block)\n']
        if lines is not None:
            kernel_ = runtime_kernels[name]
            out += [
                "\n\n",
                f'_state_{name} = _module.state("{name}")\n',
                f"_local_{name} = _local()\n",
                f'_pack_{name} = _Struct("{_packing(kernel_)}").pack_into  # its parameters, 8 bytes each\n',
                "\n\n",
            ]
            out += [line + "\n" for line in lines]
    return "".join(out)


def _render_pyi(manifest: Mapping[str, Any]) -> str:
    kernels = _kernels(manifest)
    names = sorted([*_ERRORS, *_TYPES, *(name for name, _ in kernels)])
    out = [
        _header(manifest),
        _module_doc(manifest),
        "\nfrom contextlib import AbstractContextManager\n\n",
        *(f"from ._oxpack.runtime import {e} as {e}\n" for e in sorted([*_ERRORS, *_TYPES])),
        "\n__all__ = [\n",
        *(f'    "{n}",\n' for n in names),
        "]\n",
        "\n",
        "def emulation(on: bool = True) -> AbstractContextManager[None]:\n",
        '    """Run the kernels on the CPU (True, as OXPACK_EMULATE=1) or the GPU (False); in a\n',
        '    `with` block, only until its end. Emulation needs a build with `emulation = true`."""\n',
    ]
    for name, kernel in kernels:
        out += ["\n", _signature(name, kernel), _docstring(name, kernel)]
    return "".join(out)


def _render_support_init(manifest: Mapping[str, Any]) -> str:
    return (
        f"# Generated by oxpack {manifest.get('oxpack', '')}. Do not edit.\n"
        '"""Support files of the generated kernel stubs: runtime, manifests, fatbins."""\n'
    )


# ---------------------------------------------------------------- PyTorch custom operators
# (helper torchsoft) `<module>_torch.py` registers every kernel as torch.ops.<package>.<kernel>
# through `_oxpack/torch_ops.py`; `<module>.py` ends by importing it when torch is imported.

_TORCH_SCALARS = {"int32": "SymInt", "uint32": "SymInt", "int64": "SymInt", "uint64": "SymInt",
                  "float32": "float", "float64": "float"}


def _torch_files(module: str) -> list[str]:
    return [f"{module}_torch.py", "_oxpack/torch_ops.py"]


def _torch_schema(kernel: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    """(the op's schema, the arrays it writes): outputs and atomic buffers are ``Tensor(x!)``."""
    args: list[str] = []
    mutated: list[str] = []
    for p in _args(kernel):
        if p["kind"] in ("out", "atomic"):
            args.append(f"Tensor({_alias(len(mutated))}!) {p['name']}")
            mutated.append(p["name"])
        elif p["kind"] == "in":
            args.append(f"Tensor {p['name']}")
        else:  # scalar, dynshared (an element count)
            args.append(f"{'SymInt' if p['kind'] == 'dynshared' else _TORCH_SCALARS[p['dtype']]} {p['name']}")
    args += ["*", "SymInt[]? threads=None", "SymInt[]? block=None"]
    return f"({', '.join(args)}) -> ()", tuple(mutated)


def _alias(n: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[n % 26] + str(n // 26) * (n >= 26)


def _torch_hook(module: str) -> str:
    return (
        "\n\n# PyTorch custom operators (torch.ops.<package>.<kernel>): registered now when PyTorch\n"
        f"# is already imported, else by `import <package>.{module}_torch`.\n"
        "import sys as _sys  # noqa: E402\n\n"
        'if _sys.modules.get("torch") is not None:\n'
        f"    from .{module}_torch import ops as _torch_ops  # noqa: E402\n"
    )


def _render_torch(manifest: Mapping[str, Any]) -> dict[str, bytes]:
    module = manifest["module"]
    specs = []
    for name, kernel in _kernels(manifest):
        schema, mutated = _torch_schema(kernel)
        writes = "(" + ", ".join(f'"{m}"' for m in mutated) + ("," if len(mutated) == 1 else "") + ")"
        specs.append(f'    OpSpec(\n        "{name}",\n        "{schema}",\n        {writes},\n    ),\n')
    text = (
        f"# Generated by oxpack {manifest.get('oxpack', '')} from _oxpack/{module}.json.\n"
        "# Do not edit: the next build overwrites it.\n"
        f'"""PyTorch custom operators for the kernels of `{module}`: ``torch.ops.<package>.<kernel>``.\n\n'
        + textwrap.fill(
            f"Importing this module imports PyTorch and registers one operator per kernel "
            f"(`{module}` imports it by itself when PyTorch is already imported). Each "
            f"operator takes the stub's arguments (``threads`` and ``block`` as lists of ints, "
            f"no ``stream``: it runs on PyTorch's current stream of the tensors' device), "
            f"declares the arrays the kernel writes as mutated and has a fake implementation, "
            f"so a function calling it compiles under ``torch.compile(fullgraph=True)``.",
            width=79,
        )
        + '\n"""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import Any\n\n"
        "from ._oxpack.torch_ops import OpSpec, register\n\n"
        '__all__ = ["OPS", "ops"]\n\n'
        "# one per kernel: its name, the operator's schema, the arrays it writes\n"
        "OPS = (\n" + "".join(specs) + ")\n\n"
        f'ops: dict[str, Any] = register(__name__.rpartition(".")[0], "{module}", OPS)\n'
    )
    return {f"{module}_torch.py": text.encode(), "_oxpack/torch_ops.py": (data_dir("templates") / "torch_ops.py").read_bytes()}


# ---------------------------------------------------------------- end PyTorch custom operators


def _write(path: Path, data: bytes) -> None:
    if path.is_file() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)
