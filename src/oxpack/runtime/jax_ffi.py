"""JAX functions for oxpack kernels: support code of the generated ``<module>_jax.py``.

`functions` makes one function per kernel, ``f(*inputs, *scalars) -> outputs``, that a
``jax.jit`` traces into an XLA FFI call (``jax.ffi.ffi_call``). A kernel gets a working function
when every output it writes has declared dims (``#[outputs(...)]``) and it updates nothing in
place (no atomic buffer); the others get a function that refuses, naming the kernel and the fix.

While tracing, a call checks what shapes and dtypes tell: the argument count and names, each
array's dtype, each scalar (a Python int or float, never a traced value: it is static), the
outputs' declared dims (`_launch._Outputs`), the `where` requirements on lengths and scalars and
the declared launch, each refused with the stub's one-line error (`KernelArgumentError`,
`KernelValueError`). The outputs' shapes and dtypes come from the declared dims; the scalars
travel as FFI attributes of the call, each of its parameter's element type.

The FFI handler needs no compiler: a ctypes callback (`ctypes.CFUNCTYPE`) that reads the call frame
of XLA's C API (``xla/ffi/api/c_api.h``, which jaxlib ships under ``jax.ffi.include_dir()``),
wrapped by ``jax.ffi.pycapsule`` and registered with ``jax.ffi.register_ffi_target`` for the
``cpu`` and ``CUDA`` platforms, one target per kernel (``oxpack.<package>.<module>.<kernel>``).
On CUDA it asks XLA for its stream (``XLA_FFI_Stream_Get``) and calls the package's stub with
``stream=<handle>`` on buffers that expose ``__cuda_array_interface__``: the stub's checks, declared
launch, tuned block and fast path, on XLA's stream. On ``cpu`` it runs the kernel emulated (the
package must be built with emulation) on the host buffers. An exception becomes an XLA FFI error
(``XLA_FFI_Error_Create``) carrying its one-line message, which JAX raises as its runtime error.

The callback reads only what version 0 of that C API has had from the start, checked by the struct
sizes XLA passes; it declares API version `API_VERSION` to XLA, and a jaxlib that refuses it is named
in one line. JAX is imported by `functions` only: this file imports with the standard library alone.
"""

from __future__ import annotations

import ctypes
import importlib
import inspect
import sys
import threading
import types
from collections.abc import Callable, Sequence
from typing import Any

from ._dtypes import DTYPES
from ._dtypes import a as _a
from ._types import KernelArgumentError, KernelValueError, LaunchError, _Array, _Param, _type_name

__all__ = ["API_VERSION", "functions"]

API_VERSION = (0, 1)
"""The XLA FFI C API version the handler declares: it reads the structs' fields of version 0.1."""

PLATFORMS = ("cpu", "CUDA")
"""Where the handler is registered, by XLA's platform names: the CPU runs the kernel emulated, CUDA on XLA's
stream. ``CUDA`` in capitals: jaxlib maps ``cpu`` (and ``gpu``) to XLA's names but registers any other name as
given, and a target registered for ``cuda`` waits for a platform of that name that never comes."""


# ---------------------------------------------------------------- xla/ffi/api/c_api.h


class _ExtensionBase(ctypes.Structure):
    pass


_ExtensionBase._fields_ = [("struct_size", ctypes.c_size_t), ("type", ctypes.c_int),
                           ("next", ctypes.POINTER(_ExtensionBase))]


class _ApiVersion(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("major_version", ctypes.c_int), ("minor_version", ctypes.c_int)]


class _Metadata(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("api_version", _ApiVersion), ("traits", ctypes.c_uint32)]


class _MetadataExtension(ctypes.Structure):
    _fields_ = [("extension_base", _ExtensionBase), ("metadata", ctypes.POINTER(_Metadata))]


class _Buffer(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("dtype", ctypes.c_int),
                ("data", ctypes.c_void_p), ("rank", ctypes.c_int64), ("dims", ctypes.POINTER(ctypes.c_int64))]


class _ByteSpan(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p), ("len", ctypes.c_size_t)]


class _Scalar(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_int), ("value", ctypes.c_void_p)]


class _Args(ctypes.Structure):  # XLA_FFI_Args and XLA_FFI_Rets: the same layout
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("size", ctypes.c_int64),
                ("types", ctypes.POINTER(ctypes.c_int)), ("values", ctypes.POINTER(ctypes.c_void_p))]


class _Attrs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("size", ctypes.c_int64),
                ("types", ctypes.POINTER(ctypes.c_int)), ("names", ctypes.POINTER(ctypes.POINTER(_ByteSpan))),
                ("values", ctypes.POINTER(ctypes.c_void_p))]


class _CallFrame(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.POINTER(_ExtensionBase)),
                ("api", ctypes.c_void_p), ("ctx", ctypes.c_void_p), ("stage", ctypes.c_int), ("args", _Args),
                ("rets", _Args), ("attrs", _Attrs)]


class _ErrorCreateArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("message", ctypes.c_char_p), ("errc", ctypes.c_int)]


class _StreamGetArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("ctx", ctypes.c_void_p),
                ("stream", ctypes.c_void_p)]


_ERROR_CREATE = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(_ErrorCreateArgs))
_STREAM_GET = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(_StreamGetArgs))


class _Api(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("api_version", _ApiVersion),
                ("internal_api", ctypes.c_void_p), ("error_create", _ERROR_CREATE),
                ("error_get_message", ctypes.c_void_p), ("error_destroy", ctypes.c_void_p),
                ("handler_register", ctypes.c_void_p), ("stream_get", _STREAM_GET)]


_HANDLER = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(_CallFrame))

_EXTENSION_METADATA = 1
_STAGE_EXECUTE = 3
_BUFFER = 1
_ATTR_SCALAR = 3
_INVALID_ARGUMENT, _FAILED_PRECONDITION, _INTERNAL = 3, 9, 13
_FRAME_SIZE = _CallFrame.attrs.offset + ctypes.sizeof(_Attrs)  # up to `attrs`, as XLA_FFI_CallFrame_STRUCT_SIZE
_API_SIZE = ctypes.sizeof(_Api)  # up to XLA_FFI_Stream_Get, the last function it calls
_ERROR_SIZE = _Api.error_create.offset + ctypes.sizeof(_ERROR_CREATE)
_METADATA_SIZE = ctypes.sizeof(_Metadata) - 4  # up to `traits` (its padding not counted)
# XLA_FFI_DataType -> (element type, ctypes type of an attribute's value)
_XLA_TYPES: dict[int, tuple[str, Any]] = {
    2: ("int8", ctypes.c_int8), 4: ("int32", ctypes.c_int32), 5: ("int64", ctypes.c_int64),
    6: ("uint8", ctypes.c_uint8), 8: ("uint32", ctypes.c_uint32), 9: ("uint64", ctypes.c_uint64),
    10: ("float16", None), 11: ("float32", ctypes.c_float), 12: ("float64", ctypes.c_double),
    16: ("bfloat16", None),
}


class _Failure(Exception):
    """A call frame this handler cannot read, with the error code to report."""

    def __init__(self, message: str, code: int = _FAILED_PRECONDITION) -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------- the handler


class _Registry:
    """What one process registered with XLA, kept alive for XLA's lifetime (a reimported package, a second
    copy of this file, finds it in `sys.modules`): each target's callback and the call it runs now."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.callbacks: dict[tuple[str, str], Any] = {}  # (target, platform) -> its CFUNCTYPE callback
        self.runners: dict[str, Callable[[str, list[_View], list[_View], dict[str, object], int | None], None]] = {}


_REGISTRY_MODULE = "_oxpack_jax_ffi_targets_v1"


def _registry() -> _Registry:
    holder = sys.modules.get(_REGISTRY_MODULE)
    if holder is None:
        holder = types.ModuleType(_REGISTRY_MODULE, "oxpack's XLA FFI targets of this process (oxpack jax_ffi.py)")
        setattr(holder, "registry", _Registry())  # noqa: B010 (a module made here)
        holder = sys.modules.setdefault(_REGISTRY_MODULE, holder)
    registry: _Registry = getattr(holder, "registry")  # noqa: B009
    return registry


class _View:
    """One buffer of a call frame, as the stub reads it: ``__cuda_array_interface__`` on a GPU,
    ``__array_interface__`` on the CPU (version 3, C-contiguous, no stream to wait for: XLA ordered it)."""

    def __init__(self, dtype: str, pointer: int, shape: tuple[int, ...], readonly: bool, device: bool) -> None:
        self.dtype = dtype  # read for bfloat16, whose typestr is the anonymous "<V2"
        self.shape = shape
        typestr = "<V2" if dtype == "bfloat16" else DTYPES[dtype].typestr
        interface = {"version": 3, "typestr": typestr, "shape": shape, "data": (pointer, readonly), "strides": None}
        if device:
            self.__cuda_array_interface__ = {**interface, "stream": None}
        else:
            self.__array_interface__ = interface


def _views(frame: Any, part: Any, what: str, device: bool, readonly: bool) -> list[_View]:
    out = []
    for i in range(part.size):
        if part.types[i] != _BUFFER:
            raise _Failure(f"{what} {i} of the call is of XLA type {part.types[i]}, not a buffer", _INVALID_ARGUMENT)
        buffer = ctypes.cast(part.values[i], ctypes.POINTER(_Buffer)).contents
        if buffer.struct_size < ctypes.sizeof(_Buffer):
            raise _incompatible(frame, f"its XLA_FFI_Buffer is {buffer.struct_size} bytes, oxpack reads "
                                       f"{ctypes.sizeof(_Buffer)}")
        dtype = _XLA_TYPES.get(buffer.dtype, ("", None))[0]
        if not dtype:
            raise _Failure(f"{what} {i} of the call has XLA element type {buffer.dtype}, which no kernel takes",
                           _INVALID_ARGUMENT)
        shape = tuple(int(buffer.dims[d]) for d in range(buffer.rank))
        out.append(_View(dtype, int(buffer.data or 0), shape, readonly, device))
    return out


def _attributes(frame: Any) -> dict[str, object]:
    out: dict[str, object] = {}
    attrs = frame.attrs
    for i in range(attrs.size):
        span = attrs.names[i].contents
        name = ctypes.string_at(span.ptr, span.len).decode()
        if attrs.types[i] != _ATTR_SCALAR:
            raise _Failure(f"attribute `{name}` of the call is of XLA attribute type {attrs.types[i]}, not a scalar",
                           _INVALID_ARGUMENT)
        scalar = ctypes.cast(attrs.values[i], ctypes.POINTER(_Scalar)).contents
        ctype = _XLA_TYPES.get(scalar.dtype, ("", None))[1]
        if ctype is None:
            raise _Failure(f"attribute `{name}` of the call has XLA element type {scalar.dtype}, which no scalar has",
                           _INVALID_ARGUMENT)
        out[name] = ctype.from_address(scalar.value).value
    return out


def _api(frame: Any) -> Any:
    """The frame's XLA_FFI_Api, its size and version checked: `_Failure` for one this handler cannot read."""
    if frame.struct_size < _FRAME_SIZE:
        raise _incompatible(frame, f"its XLA_FFI_CallFrame is {frame.struct_size} bytes, oxpack reads {_FRAME_SIZE}")
    api = ctypes.cast(frame.api, ctypes.POINTER(_Api)).contents
    if api.struct_size < _API_SIZE or api.api_version.major_version != API_VERSION[0]:
        raise _incompatible(frame, f"its XLA_FFI_Api is {api.struct_size} bytes of API version "
                                   f"{api.api_version.major_version}.{api.api_version.minor_version}, oxpack reads "
                                   f"{_API_SIZE} bytes of version {API_VERSION[0]}.x")
    return api


def _incompatible(frame: Any, why: str) -> _Failure:
    return _Failure(f"oxpack's JAX handler cannot read this jaxlib's XLA FFI call: {why}; use a jaxlib whose "
                    f"XLA FFI C API is version {API_VERSION[0]}.x (jax.ffi.include_dir()/xla/ffi/api/c_api.h)")


def _handle(target: str, platform: str, pointer: Any) -> int | None:
    """The XLA FFI handler of `target` on `platform`: None (success) or an XLA_FFI_Error*."""
    frame = pointer.contents
    extension = frame.extension_start
    if extension and extension.contents.type == _EXTENSION_METADATA:  # XLA asks the API version at registration
        found = ctypes.cast(extension, ctypes.POINTER(_MetadataExtension)).contents
        if found.extension_base.struct_size >= ctypes.sizeof(_MetadataExtension) and found.metadata and \
                found.metadata.contents.struct_size >= _METADATA_SIZE:
            metadata = found.metadata.contents
            metadata.api_version.major_version, metadata.api_version.minor_version = API_VERSION
            metadata.traits = 0  # not compatible with command buffers (CUDA graphs): it runs Python per call
        return None  # too small to hold it: XLA reads version 0.0 and refuses the handler, naming both
    try:
        api = _api(frame)
    except _Failure as exc:
        return _error_or_none(frame, str(exc), exc.code)
    try:
        if frame.stage != _STAGE_EXECUTE:
            raise _Failure(f"called at XLA FFI stage {frame.stage}; it handles the execute stage only", _INTERNAL)
        device = platform != "cpu"
        inputs = _views(frame, frame.args, "operand", device, True)
        outputs = _views(frame, frame.rets, "result", device, False)
        attributes = _attributes(frame)
        stream = None
        if device:
            ask = _StreamGetArgs(ctypes.sizeof(_StreamGetArgs), None, frame.ctx, None)
            error = api.stream_get(ctypes.byref(ask))
            if error:
                return int(error)  # XLA's own error, handed back
            stream = int(ask.stream or 0)
        runner = _registry().runners.get(target)
        if runner is None:
            raise _Failure(f"no oxpack kernel is registered as XLA FFI target `{target}` in this process", _INTERNAL)
        runner(platform, inputs, outputs, attributes, stream)
        return None
    except _Failure as exc:
        return _error(api, str(exc), exc.code)
    except (KernelArgumentError, KernelValueError) as exc:
        return _error(api, _line(exc), _INVALID_ARGUMENT)
    except BaseException as exc:  # noqa: BLE001 (a callback must never raise into XLA)
        # oxpack's own errors (a trap, a launch error) name the kernel already; anything else its type too
        return _error(api, _line(exc, prefix=type(exc).__module__ != KernelArgumentError.__module__), _INTERNAL)


def _line(exc: BaseException, prefix: bool = False) -> str:
    text = str(exc).strip().splitlines()
    line = text[0] if text else ""
    return f"{type(exc).__name__}: {line}" if prefix or not line else line


def _error(api: Any, message: str, code: int) -> int | None:
    args = _ErrorCreateArgs(ctypes.sizeof(_ErrorCreateArgs), None, message.encode("utf-8", "replace"), code)
    error = api.error_create(ctypes.byref(args))  # XLA copies the message
    return int(error) if error else None


def _error_or_none(frame: Any, message: str, code: int) -> int | None:
    """`_error` through an API too small for `_api`, if it holds XLA_FFI_Error_Create at least."""
    if not frame.api:
        return None
    api = ctypes.cast(frame.api, ctypes.POINTER(_Api)).contents
    if api.struct_size < _ERROR_SIZE:
        print(f"oxpack: {message}", file=sys.stderr)  # no way to report it to XLA
        return None
    return _error(api, message, code)


def _callback(target: str, platform: str) -> Any:
    def handler(pointer: Any) -> int | None:
        try:
            return _handle(target, platform, pointer)
        except BaseException as exc:  # noqa: BLE001 (a frame too broken to read: say so, never raise into XLA)
            return _error_or_none(pointer.contents, _line(exc, prefix=True), _INTERNAL)

    return _HANDLER(handler)


def _register(jax: Any, target: str, name: str) -> None:
    """Register `target` with XLA for every platform of `PLATFORMS`, once per process."""
    registry = _registry()
    with registry.lock:
        for platform in PLATFORMS:
            if (target, platform) in registry.callbacks:
                continue
            callback = _callback(target, platform)
            capsule = jax.ffi.pycapsule(ctypes.cast(callback, ctypes.c_void_p).value)
            try:
                jax.ffi.register_ffi_target(target, capsule, platform=platform)
            except Exception as exc:  # noqa: BLE001 (jaxlib's XlaRuntimeError)
                raise LaunchError(f"{name}(): XLA refused oxpack's FFI handler on {platform} "
                                  f"({_line(exc)}); it declares XLA FFI C API version "
                                  f"{API_VERSION[0]}.{API_VERSION[1]}: use a jaxlib that takes it") from None
            registry.callbacks[(target, platform)] = callback  # XLA holds its address: never freed


# ---------------------------------------------------------------- the functions


def functions(package: str, module: str) -> dict[str, Callable[..., Any]]:
    """One JAX function per kernel of the generated module `package.module`, by kernel name. Imports JAX."""
    jax = _import_jax(package, module)
    stubs = importlib.import_module(f"{package}.{module}")
    kernels = stubs._module.kernels
    return {name: _function(jax, stubs, package, module, kernel) for name, kernel in sorted(kernels.items())}


def _import_jax(package: str, module: str) -> Any:
    try:
        jax = importlib.import_module("jax")
        importlib.import_module("jax.numpy")
    except ImportError as exc:
        raise ImportError(f"`{package}.{module}_jax` needs JAX ({exc}); install jax, or use `{package}.{module}` "
                          "without it") from None
    ffi = getattr(jax, "ffi", None)
    missing = [n for n in ("ffi_call", "register_ffi_target", "pycapsule") if not hasattr(ffi, n)]
    if missing:
        raise ImportError(f"`{package}.{module}_jax` needs jax.ffi's {', '.join(missing)}, which jax "
                          f"{getattr(jax, '__version__', '?')} lacks; upgrade jax and jaxlib")
    return jax


def _refusal(kernel: Any) -> str | None:
    """Why `kernel` (a runtime `Kernel`) gets no JAX function, or None."""
    spec, name = kernel.spec, kernel.name
    where = f"in {kernel.source}" if kernel.source else "in its kernel file"
    atomic = [p.name for p in spec.call_args if p.kind == "atomic"]
    if atomic:
        return (f"{name}(): has no JAX function: it updates `{atomic[0]}` atomically in place, and a JAX function "
                f"returns new arrays; call `{name}` of the stub module on arrays of your own instead")
    spaced = ["it"] if spec.declared_workspace else [f"its variant `{spec.bodies[arch].name}`" for arch in
                                                     sorted(spec.bodies) if spec.body_kernel(arch).declared_workspace]
    if spaced:
        return (f"{name}(): has no JAX function: {spaced[0]} takes a workspace that the stub makes for each launch "
                f"(`#[launch(workspace = ...)]`), which a JAX function does not make; call `{name}` of the stub "
                "module instead")
    outputs = [p.name for p in spec.call_args if p.kind == "out"]
    if not outputs:
        return f"{name}(): has no JAX function: it writes no output, and a JAX function returns what a kernel writes"
    undeclared = [o for o in outputs if o not in spec.outputs]
    if undeclared:
        shown = ", ".join(f"{o} = (...)" for o in undeclared)
        return (f"{name}(): has no JAX function: a JAX function returns the kernel's outputs, and "
                f"{', '.join(f'`{o}`' for o in undeclared)} {'has' if len(undeclared) == 1 else 'have'} no declared "
                f"dims; declare them {where}, `#[outputs({shown})]`, and rebuild")
    if spec.rank is not None and spec.rank > 1 and not {"threads", "grid"} & set(spec.launch):
        return (f"{name}(): has no JAX function: it takes a {spec.rank}-D launch, which a JAX function cannot pass; "
                f"declare it {where}, `#[launch(threads = (...))]`, and rebuild")
    return None


def _function(jax: Any, stubs: Any, package: str, module: str, kernel: Any) -> Callable[..., Any]:
    name = kernel.name
    refusal = _refusal(kernel)
    call = kernel.spec.call_args
    takes = [p for p in call if p.kind != "out"]
    signature = inspect.Signature([inspect.Parameter(p.name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in takes])

    if refusal is not None:
        def function(*args: Any, **kwargs: Any) -> Any:
            raise KernelArgumentError(refusal)

    else:
        traced = _Traced(jax, stubs, package, module, kernel, signature)

        def function(*args: Any, **kwargs: Any) -> Any:
            return traced(*args, **kwargs)

    setattr(function, "__signature__", signature)  # noqa: B010
    function.__name__ = function.__qualname__ = name
    function.__doc__ = _doc(kernel, takes, refusal)
    return function


def _doc(kernel: Any, takes: Sequence[_Param], refusal: str | None) -> str:
    if refusal is not None:
        return refusal
    outputs = ", ".join(f"{p.name} {kernel.spec.outputs[p.name]}" for p in kernel.spec.call_args if p.kind == "out")
    scalars = ", ".join(p.name for p in takes if p.kind in ("scalar", "dynshared"))
    derived = kernel.spec.derived
    data = ", ".join(p.name for p in takes if p.name not in derived)
    return (f"`{kernel.name}` for JAX: returns {outputs} (declared dims), for use under jax.jit."
            + (f" Scalars ({scalars}) are static Python numbers." if scalars else "")
            + (f" Or call it with its data alone, {kernel.name}({data}): {', '.join(derived)} then come from the "
               "arrays' dims (#[dims])." if derived else "")
            + f"\n\n{kernel.spec.doc}".rstrip())


class _Traced:
    """A kernel's JAX function: the checks at trace time, then ``jax.ffi.ffi_call``."""

    def __init__(self, jax: Any, stubs: Any, package: str, module: str, kernel: Any,
                 signature: inspect.Signature) -> None:
        from ._launch import _Outputs

        self.jax, self.stubs, self.kernel, self.signature = jax, stubs, kernel, signature
        self.name = kernel.name
        spec = kernel.spec
        self.call: tuple[_Param, ...] = spec.call_args
        self.shared = spec.declared_shared  # sized by the declared launch: no argument
        self.outputs = _Outputs(spec)
        self.target = f"oxpack.{package}.{module}.{self.name}"
        self.registered = False
        self.numpy = importlib.import_module("numpy")  # a dependency of JAX
        self.jnp = importlib.import_module("jax.numpy")
        self.tracer = jax.core.Tracer

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        name, jax = self.name, self.jax
        if self.kernel.dims is not None:  # `#[dims]`: scalars left out come from the arrays' (static) shapes
            args, kwargs = self._derived(args, kwargs)
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise KernelArgumentError(f"{name}(): {exc}; it takes ({', '.join(self.signature.parameters)})") from None
        given = bound.arguments
        values: list[Any] = []
        operands: list[Any] = []
        attributes: dict[str, Any] = {}
        for p in self.call:
            if p.kind == "out":
                values.append(None)
            elif p.kind in ("scalar", "dynshared"):
                value = given[p.name]
                if isinstance(value, self.tracer):
                    kind = "float" if p.dtype.bounds is None else "int"
                    raise KernelArgumentError(
                        f"{name}(): argument `{p.name}` is a traced JAX value, but a scalar is static: pass a Python "
                        f"{kind} ({p.dtype.name}; under jax.jit, mark it static: static_argnums or static_argnames)")
                values.append(value)
            else:
                array = self._array(p, given[p.name])
                values.append(array)
                operands.append(array)
        full = list(values)
        if self.shared is not None:
            full.insert(self.shared.pos, 0)
        checks = self.kernel.checks
        checks.check_arguments(tuple(full))  # the count, every scalar's type and range
        for p in self.call:
            if p.kind == "scalar":
                attributes[p.name] = self.numpy.dtype(p.dtype.name).type(given[p.name])
            elif p.kind == "dynshared":
                attributes[p.name] = self.numpy.uint64(given[p.name])
        try:
            shapes = self.outputs.dims(values)
        except KernelValueError as exc:  # a JAX call cannot pass the output: drop that fix
            raise KernelValueError(str(exc).rsplit(", or pass `", 1)[0]) from None
        for at, shape in shapes.items():
            values[at] = _Shaped(shape)
        full = list(values)
        if self.shared is not None:
            full.insert(self.shared.pos, 0)
        arrays = [_Array(p, None, 0, _size(full[p.pos]), 0, None, None, False) for p in checks.arrays]
        checks.check_requirements(tuple(full), arrays)  # on lengths and scalars (those on the launch: when it runs)
        declared = self.kernel.declared
        if declared is not None:  # a declaration that cannot launch these sizes, refused now
            sizes = {a.param.pos: a for a in arrays}
            declared.resolve(tuple(values), None, None, lambda p, obj: sizes[p.pos])
        results = [jax.ShapeDtypeStruct(shapes[at], self.jnp.dtype(p.dtype.name))
                   for at, p in enumerate(self.call) if p.kind == "out"]
        if not self.registered:
            _register(jax, self.target, name)
            _registry().runners[self.target] = self.run
            self.registered = True
        ffi = jax.ffi.ffi_call(self.target, results, vmap_method="sequential")

        def launch(*operands: Any) -> Any:
            return ffi(*operands, **attributes)

        def no_derivative(primals: Any, tangents: Any) -> Any:
            raise KernelArgumentError(
                f"{name}(): has no derivative in JAX: the kernel runs forward only (no JVP or VJP rule); "
                "stop the gradient at its inputs (jax.lax.stop_gradient) or wrap it in a jax.custom_vjp of your own")

        kernel = jax.custom_jvp(launch)  # differentiating it raises, naming the kernel
        kernel.defjvp(no_derivative)
        out = kernel(*operands)
        return out[0] if len(results) == 1 else tuple(out)

    def _derived(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """The call's arguments with every scalar, for a kernel whose `#[dims]` let a call leave scalars out:
        placed as the stub's parameters would hold them (positional values first, keywords by name; the
        outputs, last, are never passed here), then read from the shapes by the stub's `Kernel.derive`."""
        dims = self.kernel.dims
        at = {p.name: n for n, p in enumerate(self.call)}
        given: list[Any] = [None] * len(self.call)
        if len(args) > len(self.signature.parameters) or any(k not in self.signature.parameters for k in kwargs):
            return args, kwargs  # the signature's binding names what is wrong
        given[:len(args)] = args
        for key, value in kwargs.items():
            if given[at[key]] is not None:
                return args, kwargs
            given[at[key]] = value
        if not dims.needed(given):
            return args, kwargs  # every scalar passed
        values = dims.derive(tuple(given))
        return tuple(v for p, v in zip(self.call, values, strict=True) if p.kind != "out"), {}

    def _array(self, p: _Param, value: object) -> Any:
        """An array argument as JAX takes it: a JAX array (or tracer) as it is, a NumPy array made one."""
        if not (hasattr(value, "shape") and hasattr(value, "dtype")):
            raise KernelArgumentError(f"{self.name}(): argument `{p.name}` must be {_a(p.dtype.name)} array, "
                                      f"got {_type_name(value)}")
        got = str(getattr(value, "dtype", ""))
        if got != p.dtype.name:
            raise KernelArgumentError(f"{self.name}(): argument `{p.name}` must be {_a(p.dtype.name)} array, "
                                      f"got {_a(got)} array")
        if isinstance(value, self.tracer) or isinstance(value, self.jax.Array):
            return value
        return self.jnp.asarray(value)

    def run(self, platform: str, inputs: list[_View], outputs: list[_View], attributes: dict[str, object],
            stream: int | None) -> None:
        """One execution, from the handler: the stub's arguments from XLA's buffers and attributes, then
        the kernel on XLA's stream (CUDA) or emulated (the CPU)."""
        given, made = iter(inputs), iter(outputs)
        args: list[object] = []
        for p in self.call:
            if p.kind == "out":
                args.append(next(made))
            elif p.kind in ("scalar", "dynshared"):
                args.append(attributes[p.name])
            else:
                args.append(next(given))
        if platform == "cpu":
            self._emulate(tuple(args))
        else:
            getattr(self.stubs, self.name)(*args, stream=stream)

    def _emulate(self, args: tuple[object, ...]) -> None:
        """The kernel on the CPU, emulated, whatever the module's own switch says (another thread's calls
        keep their mode): its body for ``OXPACK_EMULATE_ARCH``, its declared launch, `emulate.launch`."""
        try:
            emulate: Any = importlib.import_module(".emulate", __package__)
        except ImportError:
            raise LaunchError(f"{self.name}(): JAX runs this call on the CPU, where kernels run emulated, and "
                              "this package was built without emulation: build it with `emulation = true` in "
                              "`[tool.oxpack]` (or `oxpack build --emulation`), or run on a GPU") from None
        kernel = self.kernel
        module = kernel.module
        body = kernel.bodies.get(module._emulated_arch() or "", kernel) if kernel.bodies else kernel
        threads = block = None
        if body.declared is not None:
            args, threads, block = body.declared.resolve(args, None, None, emulate._HostArrays(body).read)
        emulate.launch(body, args, None, threads, block)


class _Shaped:
    """An output while tracing: its declared dims, which `len()` of the requirements reads."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = shape
        self.size = 1
        for d in shape:
            self.size *= d


def _size(value: object) -> int:
    size = getattr(value, "size", 0)
    return int(size) if type(size) is int else 0
