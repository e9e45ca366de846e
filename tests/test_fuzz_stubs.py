"""Fuzzing the stubs' argument checks against a two-sided oracle.

`predict` reads the inputs independently of the runtime: a valid call must launch
exactly what it predicts (the kernel, grid and block, stream and waits, every kernel
argument), an invalid one must raise the error class it predicts, and nothing else is
allowed. A refusal is never swallowed. The fuzz runs on the hand-written manifest of
test_stubs and on a real build of the example project, from a seed that is fixed where
``CI`` is set, else random; it is printed with a failure (rerun with
``OXPACK_FUZZ_SEED=<seed>``). Planted mutants (a stub that refuses a valid call, one that
accepts an invalid one, one that raises the wrong class) must make the fuzz fail.

No GPU: the launch boundary (cuda.core and its driver) is the recording fake of
test_stubs, so what would reach the GPU is inspected instead of run.
"""

from __future__ import annotations

import ctypes
import math
import os
import random
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, NamedTuple

import numpy as np
import pytest
from conftest import ExampleBuild
from hypothesis import HealthCheck, Phase, event, given, seed, settings
from hypothesis import strategies as st
from oxpack.package.stubs import render_stubs
from test_stubs import BASE, FATBINS, FakeCuda, FakeStream, imported, install_fake, make_manifest

PACKAGE = "oxpack_fuzz_testpkg"
TYPESTRS = ["<f4", "<f8", "<i4", "<u4", "<i8", "<u8", "<f2", ">f4", "|b1", "<c8", "<V2", "f4", 7, None]
DLPACK_DTYPES = ["float32", "float64", "int32", "uint32", "int64", "uint64", "float16", "bfloat16", "int8"]
DLPACK_NAMES = {"<f4": "float32", "<f8": "float64", "<i4": "int32", "<u4": "uint32", "<i8": "int64", "<u8": "uint64"}
INT_BOUNDS = {"uint32": (0, 2**32 - 1), "int32": (-(2**31), 2**31 - 1), "uint64": (0, 2**64 - 1),
              "int64": (-(2**63), 2**63 - 1)}
F32_MAX = float(np.finfo(np.float32).max)
CTYPES: dict[str, Any] = {"float32": ctypes.c_float, "float64": ctypes.c_double, "int32": ctypes.c_int32, "uint32": ctypes.c_uint32,
          "int64": ctypes.c_int64, "uint64": ctypes.c_uint64}


class Spec(NamedTuple):
    """A fuzzed kernel, restated by hand: what the oracle knows of it."""

    kinds: tuple[tuple[str, str], ...]
    """(kind, dtype) per Python argument: scalars by dtype name, arrays by typestr."""
    requires: Callable[..., bool]
    """Its `where` clauses, over the scalars and the arrays' element counts."""
    fit: Callable[[list[Any]], list[Any]]
    """Those values (scalars and element counts) changed to meet `requires`."""
    rank: int | None
    """Its launch index's rank, None without one."""
    launch: Callable[[list[Any], tuple[int, ...]], tuple[int, ...]] | None = None
    """Its declared launch (`#[launch(...)]`): the launch indices from those values and the block's
    axes; None where they are the call's (or the default)."""


def _set(values: list[Any], **at: Any) -> list[Any]:
    out = list(values)
    for key, value in at.items():
        out[int(key[1:])] = value
    return out


F4, I4, U4, I8, U8 = "<f4", "<i4", "<u4", "<i8", "<u8"
HAND = {  # make_manifest()'s kernels
    "saxpy": Spec((("scalar", "float32"), ("in", F4), ("out", F4)), lambda a, x, y: x >= y,
                  lambda v: _set(v, _2=min(v[1], v[2])), 1),
    "blur": Spec((("scalar", "uint32"), ("scalar", "uint32"), ("in", F4), ("out", F4)),
                 lambda w, h, src, dst: src == w * h and dst == src,
                 lambda v: _set(v, _0=v[0] % 8, _1=v[1] % 8, _2=v[0] % 8 * (v[1] % 8), _3=v[0] % 8 * (v[1] % 8)), None),
    "histogram": Spec((("in", I8), ("scalar", "int32"), ("scalar", "float64"), ("out", U8)),
                      lambda values, nbins, scale, counts: nbins == counts and 0 < nbins <= 4096 and values % 2 == 0,
                      lambda v: _set(v, _0=v[0] - v[0] % 2, _1=max(v[3], 1), _3=max(v[3], 1)), None),
    "count": Spec((("in", U4), ("atomic", U4)), lambda values, bins: True, lambda v: v, 1),
    "quad": Spec((("in", F4), ("out", F4)), lambda x, y: x >= y, lambda v: _set(v, _1=min(v[0], v[1])), 1,
                 lambda v, block: (-(-v[1] // 4),)),  # threads = cdiv(len(y), 4)
}
REAL = {  # kernels of example-project (the manifest of a real build)
    "saxpy": HAND["saxpy"],
    "histogram": Spec((("scalar", "uint32"), ("in", U4), ("atomic", U4)),
                      lambda bins, x, hist: 0 < bins <= 1024 and hist >= bins,
                      lambda v: _set(v, _0=max(1, min(v[2], 1024)), _2=max(v[2], 1)), 1,
                      lambda v, block: (min(v[1], 132 * 2048),)),  # threads = min(len(x), 132 * 2048)
    "softmax": Spec((("scalar", "uint32"), ("in", F4), ("out", F4)),
                    lambda cols, x, out: x == out and cols >= 1 and x % cols == 0,
                    lambda v: _set(v, _0=1 + v[0] % 8, _1=v[1] - v[1] % (1 + v[0] % 8),
                                   _2=v[1] - v[1] % (1 + v[0] % 8)), 1,
                    lambda v, block: (v[2] // max(v[0], 1) * block[0],)),  # grid = len(out) // max(cols, 1)
    "transpose": Spec((("scalar", "uint32"), ("scalar", "uint32"), ("in", F4), ("out", F4)),
                      lambda w, h, m, out: m == w * h and out == w * h,
                      lambda v: _set(v, _0=v[0] % 8, _1=v[1] % 8, _2=v[0] % 8 * (v[1] % 8), _3=v[0] % 8 * (v[1] % 8)), 2,
                      lambda v, block: (v[1], v[0])),  # threads = (height, width)
    "min_max": Spec((("in", I4), ("atomic", I4), ("atomic", I4)), lambda x, lo, hi: lo >= 1 and hi >= 1,
                    lambda v: _set(v, _1=max(v[1], 1), _2=max(v[2], 1)), 1),
    "offset_clamp": Spec((("scalar", "int64"), ("scalar", "int32"), ("scalar", "int32"), ("in", I4), ("out", I8)),
                         lambda delta, lo, hi, x, out: x >= out, lambda v: _set(v, _4=min(v[3], v[4])), None),
}


class CAI:
    """An object with a fuzzed ``__cuda_array_interface__`` (possibly malformed)."""

    def __init__(self, interface: Any) -> None:
        self.__cuda_array_interface__ = interface

    def __repr__(self) -> str:
        return f"CAI({self.__cuda_array_interface__!r})"


class Raising:
    """Its ``__cuda_array_interface__`` raises, as a PyTorch tensor that requires grad does."""

    @property
    def __cuda_array_interface__(self) -> Any:
        raise RuntimeError("Can't get __cuda_array_interface__ on Variable that requires grad")


class DLPack:
    """A DLPack-only array; the fake cuda.core reads `meta` where the real one reads the capsule."""

    def __init__(self, device: tuple[Any, Any], meta: SimpleNamespace) -> None:
        self.device, self.meta = device, meta
        self.handshakes: list[Any] = []

    def __dlpack_device__(self) -> tuple[Any, Any]:
        return self.device

    def __dlpack__(self, *, stream: Any = None) -> object:
        self.handshakes.append(stream)
        return object()  # no capsule: the fast path must decline it, not crash

    def __repr__(self) -> str:
        return f"DLPack({self.device!r}, {self.meta!r})"


def view_dlpack(obj: DLPack, stream_ptr: int) -> SimpleNamespace:
    return obj.meta


numbers = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-5, 5000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e40, -1e40, 3.5e38, F32_MAX, 2**31, 2**32, -1, 0, True, False, 10**400]),
)
junk = st.one_of(st.none(), st.text(max_size=3), st.just(object()), st.lists(st.integers(), max_size=3),
                 st.just(np.ones(4, np.float32)), st.just(np.float32(1.0)), st.just(Raising()))
shapes = st.one_of(
    st.tuples(st.integers(0, 70)),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
    st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4)),
    st.just(()),
    st.just((-3,)),
    st.just([8]),
    st.just("8"),
)


@st.composite
def cai_arrays(draw: st.DrawFn) -> CAI:
    shape = draw(shapes)
    interface: dict[str, Any] = {
        "version": draw(st.sampled_from([3, 3, 3, 2, 0, 1, 4, 99, -1, "3", None])),
        "shape": shape,
        "typestr": draw(st.sampled_from(TYPESTRS)),
        "data": draw(st.one_of(
            st.tuples(st.sampled_from([BASE + k * 2**16 for k in range(4)] + [BASE + 4, 0, 8]), st.booleans()),
            st.just((BASE,)), st.just(None), st.just("x"),
        )),
        "strides": draw(st.one_of(st.none(), st.tuples(st.integers(-16, 64)), st.tuples(st.integers(-8, 64),
                                                                                        st.integers(-8, 64)))),
        "stream": draw(st.sampled_from([None, None, 1, 2, 7, 9, 0, -5, "s"])),
    }
    if draw(st.booleans()):
        interface["mask"] = draw(st.sampled_from([None, object()]))
    for key in draw(st.sets(st.sampled_from(["version", "shape", "typestr", "data", "strides"]), max_size=1)):
        del interface[key]
    return CAI(interface)


@st.composite
def dlpack_arrays(draw: st.DrawFn) -> DLPack:
    shape = draw(st.tuples(st.integers(0, 40)) | st.tuples(st.integers(0, 6), st.integers(0, 6)))
    meta = SimpleNamespace(
        dtype=draw(st.sampled_from(DLPACK_DTYPES)),
        shape=shape,
        strides=draw(st.one_of(st.none(), st.tuples(*[st.integers(-2, 8) for _ in shape]))),
        ptr=draw(st.sampled_from([BASE + k * 2**16 for k in range(4)] + [0])),
        readonly=draw(st.booleans()),
    )
    device = draw(st.sampled_from([(2, 0), (2, 0), (13, 0), (1, 0), (3, 0), (7, 0)]))
    return DLPack(device, meta)


@st.composite
def near_valid(draw: st.DrawFn, typestr: str, slot: int) -> CAI:
    """A well-formed CAI v3 of the right dtype in its own slot of memory, with at most one
    thing wrong (among them: a pointer into another argument's slot)."""
    n = draw(st.integers(1, 40) | st.just(0))
    interface: dict[str, Any] = {
        "version": 3, "shape": (n,), "typestr": typestr, "strides": None,
        "data": (BASE + slot * 2**16, False), "stream": draw(st.sampled_from([None, 1, 7])),
    }
    wrong = draw(st.sampled_from([None] * 10 + ["readonly", "strides", "shape", "typestr", "version", "alias", "stream"]))
    if wrong == "alias":
        interface["data"] = (BASE + draw(st.integers(0, 3)) * 2**16 + draw(st.sampled_from([0, 4, 8, 160])), False)
    elif wrong == "readonly":
        interface["data"] = (interface["data"][0], True)
    elif wrong == "strides":
        interface["strides"] = draw(st.sampled_from([(int(typestr[2:]),), (2 * int(typestr[2:]),), (-4,)]))
    elif wrong == "shape":
        interface["shape"] = draw(st.sampled_from([(n // 2, 2), (1, n), (n, 1, 1), (n, 0)]))
    elif wrong == "typestr":
        interface["typestr"] = draw(st.sampled_from(TYPESTRS))
    elif wrong == "stream":
        interface["stream"] = draw(st.sampled_from([0, -5, "s", 1.0, True, 2**64]))
    elif wrong == "version":
        interface["version"] = draw(st.sampled_from([2, 4, 99]))
    return CAI(interface)


wild = st.one_of(cai_arrays(), dlpack_arrays(), numbers, junk)


@st.composite
def argument(draw: st.DrawFn, kind: str, dtype: str, slot: int) -> Any:
    """Mostly a plausible argument of the parameter's kind, else anything at all."""
    roll = draw(st.integers(0, 9))
    if roll >= 8:
        return draw(wild)
    if kind != "scalar":
        return draw(near_valid(dtype, slot))
    if roll == 7:
        return draw(numbers)
    return draw(st.integers(*INT_BOUNDS[dtype]) if dtype in INT_BOUNDS else st.floats(-1e6, 1e6))
launch_shapes = st.one_of(*[st.none()] * 16, st.integers(-2, 2**33), st.tuples(st.integers(-1, 300)),
                          st.tuples(st.integers(0, 40), st.integers(0, 40)), st.just(1.5), st.just(True),
                          st.just((1, 2, 3, 4)), st.just([4]))
# stream objects, and stream handles as ints: valid ones (0: the legacy default) and what is no handle
streams = st.one_of(*[st.none()] * 10, st.builds(FakeStream, st.sampled_from([1, 2, 7, 9, 42])),
                    st.sampled_from([7, 0, 1, 1042, -5, 2**64, True, 7.0]))


blocks = st.one_of(*[st.none()] * 16, st.integers(-1, 2048), st.just((16, 16)), st.just(2.0))


@st.composite
def clean_array(draw: st.DrawFn, typestr: str, slot: int, n: int, mutable: bool, offset: int = 0) -> CAI | DLPack:
    """A valid array of `n` elements of the dtype in its own slot of memory (`offset` bytes
    into it), as CAI or DLPack."""
    ptr = BASE + slot * 2**16 + offset
    readonly = False if mutable else draw(st.booleans())
    if draw(st.integers(0, 4)) == 0:
        meta = SimpleNamespace(dtype=DLPACK_NAMES[typestr], shape=(n,), strides=draw(st.sampled_from([None, (1,)])),
                               ptr=ptr, readonly=readonly)
        return DLPack(draw(st.sampled_from([(2, 0), (13, 0)])), meta)
    shape = draw(st.sampled_from([(n,), (1, n), (n, 1)]))
    size = int(typestr[2:])
    strides = (size * shape[1], size) if len(shape) == 2 else (size,)  # C-contiguous, spelt out
    return CAI({
        "version": draw(st.sampled_from([3, 3, 3, 2, 0])),
        "shape": shape,
        "typestr": typestr,
        "data": (ptr, readonly),
        "strides": draw(st.sampled_from([None, None, strides])),
        "stream": draw(st.sampled_from([None, None, 1, 2, 7, 9])),
    })


class Call(NamedTuple):
    args: list[Any]
    threads: Any
    block: Any
    stream: Any
    repeat: bool  # call twice: the second call may take the fast path the first one primed

    def __repr__(self) -> str:
        return f"({', '.join(map(repr, self.args))}, threads={self.threads!r}, block={self.block!r}, stream={self.stream!r})"


@st.composite
def calls(draw: st.DrawFn, spec: Spec) -> Call:
    """Half the time a call built valid (then, often, with one thing changed), else anything."""
    if draw(st.booleans()):
        values: list[Any] = []
        for kind, dtype in spec.kinds:
            if kind != "scalar":
                values.append(draw(st.integers(0, 40)))
            elif dtype in INT_BOUNDS:
                values.append(draw(st.integers(max(INT_BOUNDS[dtype][0], -64), 64)))
            else:
                values.append(draw(st.floats(-1e6, 1e6) | st.sampled_from([math.nan, math.inf, -F32_MAX])))
        values = spec.fit(values)
        args: list[Any] = [value if kind == "scalar" else draw(clean_array(dtype, i, value, kind != "in"))
                for i, ((kind, dtype), value) in enumerate(zip(spec.kinds, values, strict=True))]
        change = draw(st.sampled_from(["none"] * 5 + ["size", "alias", "near", "wild"]))
        i = draw(st.integers(0, len(args) - 1))
        kind, dtype = spec.kinds[i]
        arrays = [j for j, (k, _) in enumerate(spec.kinds) if k != "scalar" and j != i]
        if change == "alias" and kind != "scalar" and arrays:  # into another array's memory
            offset = draw(st.sampled_from([0, 4, 8, 64]))
            args[i] = draw(clean_array(dtype, draw(st.sampled_from(arrays)), max(values[i], 1), kind != "in", offset))
        if change == "size" and kind != "scalar":
            args[i] = draw(clean_array(dtype, i, max(values[i] + draw(st.sampled_from([-1, 1, 2])), 0), kind != "in"))
        elif change == "size":
            args[i] = values[i] + draw(st.sampled_from([-1, 1])) if type(values[i]) is int else -values[i]
        elif change == "near":
            args[i] = draw(numbers) if kind == "scalar" else draw(near_valid(dtype, i))
        elif change == "wild":
            args[i] = draw(wild)
        threads: Any = None  # mostly valid launch options, so that most such calls launch
        if spec.rank == 2 and spec.launch is None and draw(st.integers(0, 3)):  # a 2-D kernel takes threads
            threads = draw(st.tuples(st.integers(0, 40), st.integers(0, 40)))
        elif not draw(st.integers(0, 3)):
            threads = draw(launch_shapes)
        block = draw(blocks) if not draw(st.integers(0, 3)) else None
        stream = draw(streams) if not draw(st.integers(0, 3)) else draw(st.sampled_from([None, FakeStream(9)]))
        return Call(args, threads, block, stream, draw(st.booleans()))
    args = [draw(argument(kind, dtype, i)) for i, (kind, dtype) in enumerate(spec.kinds)]
    return Call(args, draw(launch_shapes), draw(blocks), draw(streams), draw(st.booleans()))


def _package(root: Path, package: str, manifest: dict[str, Any]) -> Path:
    render_stubs(manifest, root / package, FATBINS)
    return root


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = _package(tmp_path_factory.mktemp("fuzz"), PACKAGE, make_manifest())
    with imported(root, PACKAGE) as module:
        yield module


@pytest.fixture(scope="module")
def real_kernels(example_build: ExampleBuild, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The real build's module, as a package of its own (its imports are relative)."""
    root = tmp_path_factory.mktemp("fuzz-real")
    shutil.copytree(example_build.package_dir, root / "oxpack_fuzz_realpkg")
    with imported(root, "oxpack_fuzz_realpkg") as module:
        yield module


@pytest.fixture
def fuzz_seed() -> int:
    """OXPACK_FUZZ_SEED, else 0 where CI is set, else a random seed; printed, so that a
    failure's captured output says how to repeat it."""
    text = os.environ.get("OXPACK_FUZZ_SEED", "")
    if text and not text.isdigit():
        pytest.fail(f"OXPACK_FUZZ_SEED must be a non-negative integer (the seed a failed fuzz printed), got {text!r}",
                    pytrace=False)
    value = int(text) if text else 0 if os.environ.get("CI") else random.randrange(2**32)
    print(f"stub fuzz seed {value}: rerun with OXPACK_FUZZ_SEED={value}")
    return value


# ---------------------------------------------------------------- the oracle


class Launch(NamedTuple):
    """What a valid call must launch: nothing (`grid` None: a dimension of 0) or one kernel."""

    args: list[Any]  # scalars as the C value the kernel sees, then pointer and size per array
    grid: tuple[int, ...] | None
    block: tuple[int, ...]
    stream: int  # the launch stream's handle
    waits: list[int]  # the producer streams it waits for, in order


class Read(NamedTuple):
    ptr: int
    size: int
    stream: int | None  # producer stream (CAI); None: none, or a DLPack handshake
    dlpack: bool


def _read(obj: Any, typestr: str, mutable: bool) -> Read | None:
    """A valid array argument, else None."""
    if isinstance(obj, CAI):
        c = obj.__cuda_array_interface__
        if not isinstance(c, dict) or {"shape", "typestr", "data"} - set(c):
            return None
        version, shape, data = c.get("version", 0), c["shape"], c["data"]
        if type(version) is not int or not 0 <= version <= 3 or c["typestr"] != typestr:
            return None
        if c.get("mask") is not None or not isinstance(shape, tuple) or not isinstance(data, tuple) or len(data) != 2:
            return None
        if not all(type(d) is int and d >= 0 for d in shape):
            return None
        ptr, readonly = data
        if type(ptr) is not int or ptr < 0 or type(readonly) is not bool:
            return None
        strides, size = c.get("strides"), math.prod(shape)
        if strides is not None and (not isinstance(strides, tuple) or not all(type(d) is int for d in strides)):
            return None
        if strides is not None and size:
            if len(strides) != len(shape):
                return None
            expected = int(typestr[2:])
            for dim, stride in zip(reversed(shape), reversed(strides), strict=True):
                if dim != 1 and stride != expected:
                    return None
                expected *= dim
        if (readonly and mutable) or type(ptr) is not int or (size and not ptr):
            return None
        stream = c.get("stream") if version >= 3 else 1  # v0-v2 name no stream: the legacy one
        if stream is not None and (type(stream) is not int or not 0 < stream < 2**64):
            return None  # CAI: None, 1 (legacy), 2 (per-thread) or a stream's address; never 0
        return Read(ptr, size, stream, False)
    if isinstance(obj, DLPack):
        meta = obj.meta
        if obj.device[0] not in (2, 13) or meta.dtype != DLPACK_NAMES[typestr] or (meta.readonly and mutable):
            return None
        size = math.prod(meta.shape)
        if meta.strides is not None and size:
            expected = 1
            for dim, stride in zip(reversed(meta.shape), reversed(meta.strides), strict=True):
                if dim != 1 and stride != expected:
                    return None
                expected *= dim
        if size and not meta.ptr:
            return None
        return Read(meta.ptr, size, None, True)
    return None


class Errors(NamedTuple):
    """The runtime's two refusals: a wrong type (a TypeError), a wrong value (a ValueError)."""

    argument: type[Exception]
    value: type[Exception]


def _scalar_error(value: Any, dtype: str, runtime: Errors) -> type[Exception] | None:
    """The error class a scalar argument gets, or None when it is valid."""
    if dtype in INT_BOUNDS:
        if type(value) is not int:
            return runtime.argument if type(value) is bool or not isinstance(value, int) else None
        low, high = INT_BOUNDS[dtype]
        return None if low <= value <= high else runtime.value
    if type(value) is bool or not isinstance(value, (int, float)):
        return runtime.argument
    if isinstance(value, float) and not math.isfinite(value):
        return None  # NaN and infinity passed as such reach the kernel unchanged
    try:
        number = float(value)
    except OverflowError:
        return runtime.value
    too_big = math.isinf(number) or (dtype == "float32" and abs(number) > F32_MAX)
    return runtime.value if too_big else None


def _dims(value: Any) -> tuple[int, ...] | None:
    if type(value) is int:
        return (value,)
    if isinstance(value, tuple) and 1 <= len(value) <= 3 and all(type(d) is int for d in value):
        return value
    return None


def _shape(spec: Spec, threads: Any, block: Any, sizes: list[int], runtime: Errors, values: list[Any]
           ) -> tuple[tuple[int, ...] | None, tuple[int, ...]] | type[Exception]:
    """(grid or None, block) of a launch, or the error class of a bad launch shape (the plain grid:
    `predict` folds a coarsened kernel's). A declared launch comes from `values` (the scalars and
    the arrays' element counts) and the block, and a `threads` given must equal it."""
    if spec.launch is not None:
        blocks = {1: (256,), 2: (16, 16), 3: (8, 8, 4)}[spec.rank or 1] if block is None else _dims(block)
        if blocks is None:
            return runtime.argument
        declared = spec.launch(values, blocks)
        if threads is not None and _dims(threads) is None:
            return runtime.argument
        if threads is not None and _dims(threads) != declared:
            return runtime.value
        threads = declared[0] if len(declared) == 1 else declared
    if threads is None:
        if spec.rank is not None and spec.rank > 1:
            return runtime.argument
        kinds = [kind for kind, _ in spec.kinds if kind != "scalar"]
        first = next(kinds.index(k) for k in ("out", "in", "atomic") if k in kinds)  # one thread per element
        threads = sizes[first]
    dims = _dims(threads)
    if dims is None:
        return runtime.argument
    if spec.rank is not None and len(dims) != spec.rank:
        return runtime.value
    blocks = {1: (256,), 2: (16, 16), 3: (8, 8, 4)}[len(dims)] if block is None else _dims(block)
    if blocks is None:
        return runtime.argument
    if len(blocks) != len(dims) or min(dims) < 0:
        return runtime.value
    if min(blocks) < 1 or math.prod(blocks) > 1024 or (len(blocks) == 3 and blocks[2] > 64):
        return runtime.value
    if 0 in dims:
        return None, blocks
    grid = tuple(-(-t // b) for t, b in zip(dims, blocks, strict=True))
    if any(g > limit for g, limit in zip(grid, (2**31 - 1, 65535, 65535), strict=False)):
        return runtime.value
    return grid, blocks


def predict(spec: Spec, call: Call, module: ModuleType, coarsen: int = 1) -> Launch | type[Exception]:
    """What `call` must do: a launch, or the error class of the first check that refuses it
    (the order the README gives: scalars, each array, overlap, requirements, launch shape,
    stream). `coarsen`: the kernel's launch indices per thread (the manifest's): its grid is the
    plain grid divided by it, rounded up, and the count of the plain grid's indices is its last
    argument."""
    errors = Errors(module.KernelArgumentError, module.KernelValueError)
    for (kind, dtype), value in zip(spec.kinds, call.args, strict=True):
        if kind == "scalar" and (error := _scalar_error(value, dtype, errors)) is not None:
            return error
    reads: list[tuple[str, Read]] = []
    values: list[Any] = []
    for (kind, dtype), value in zip(spec.kinds, call.args, strict=True):
        if kind == "scalar":
            values.append(value)
            continue
        read = _read(value, dtype, kind != "in")
        if read is None:
            return errors.argument
        reads.append((dtype, read))
        values.append(read.size)
    spans = [(kind, read.ptr, read.size * int(dtype[2:]))
             for (kind, _), (dtype, read) in zip([k for k in spec.kinds if k[0] != "scalar"], reads, strict=True)]
    for i, (kind, ptr, nbytes) in enumerate(spans):
        for j, (_, other, other_bytes) in enumerate(spans):
            if kind != "in" and i != j and nbytes and other_bytes and ptr < other + other_bytes and other < ptr + nbytes:
                return errors.value
    if not spec.requires(*values):
        return errors.value
    shape = _shape(spec, call.threads, call.block, [read.size for _, read in reads], errors, values)
    if not isinstance(shape, tuple):
        return shape
    handle_given = type(call.stream) is int and 0 <= call.stream < 2**64  # `StreamLike`'s int handle
    if call.stream is not None and not hasattr(call.stream, "__cuda_stream__") and not handle_given:
        return errors.argument
    arrays = iter(reads)
    launch: list[Any] = []
    for (kind, dtype), value in zip(spec.kinds, call.args, strict=True):
        if kind == "scalar":
            launch.append(CTYPES[dtype](value).value)
        else:
            _, read = next(arrays)
            launch += [read.ptr or 256, read.size]
    producers = [read.stream for _, read in reads if read.stream is not None]
    given = None if call.stream is None else (call.stream or 1) if handle_given else call.stream.handle
    handle = given if given is not None else producers[0] if producers else 1
    waits: list[int] = []
    for producer in producers:
        if producer != handle and producer not in waits:
            waits.append(producer)
    grid = shape[0]
    if coarsen > 1 and grid is not None:
        launch.append(grid[0] * shape[1][0])
        grid = (-(-grid[0] // coarsen),)
    return Launch(launch, grid, shape[1], handle, waits)


def check(kernels: ModuleType, spec: Spec, name: str, call: Call) -> str:
    """Make `call` (twice when `call.repeat`) through the fake driver; fail unless it does
    exactly what `predict` says. Returns what it did."""
    runtime = sys.modules[f"{kernels.__package__}._oxpack.runtime"]
    expected = predict(spec, call, runtime, kernels._module.kernel(name).spec.coarsen)
    shown = f"{name}{call!r}"
    with pytest.MonkeyPatch.context() as monkeypatch:
        fake = FakeCuda()
        install_fake(kernels, monkeypatch, fake)
        driver = sys.modules[f"{kernels.__package__}._oxpack._driver"]
        monkeypatch.setattr(driver, "_cuda_api", driver._cuda_api._replace(view_dlpack=view_dlpack))
        # a kernel that tunes its block (#[tune]) takes its default here: the oracle predicts that launch, and
        # the fake driver times nothing (tuning has its own tests: test_tuning, test_gpu_declared_launch)
        tuning = sys.modules[f"{kernels.__package__}._oxpack._tuning"]
        monkeypatch.setattr(kernels._module, "_tuner", tuning.Tuner("fuzz", "0", environ={"OXPACK_TUNE": "off"}))
        stub, symbol = getattr(kernels, name), fake.module.kernel(name).symbol
        try:
            for _ in range(2 if call.repeat else 1):
                before = len(fake.launches)
                waited = {id(s): len(s.waited) for s in (fake.legacy, fake.per_thread, call.stream)
                          if isinstance(s, FakeStream)}
                try:
                    stub(*call.args, threads=call.threads, block=call.block, stream=call.stream)
                except (runtime.KernelArgumentError, runtime.KernelValueError) as exc:
                    # anything else propagates and fails the test, with hypothesis' minimal example
                    assert isinstance(expected, type), (
                        f"{shown} was refused ({type(exc).__name__}: {exc}), but it is valid and must launch "
                        f"{expected}")
                    assert type(exc) is expected, (
                        f"{shown} raised {type(exc).__name__} ({exc}); the oracle expects {expected.__name__}")
                    message = str(exc)
                    assert message.startswith(f"{name}(): ") and "\n" not in message, message
                    assert len(fake.launches) == before, f"{shown} was refused, yet launched"
                    continue
                launched = fake.launches[before:]
                assert isinstance(expected, Launch), (
                    f"{shown} was accepted (launched {len(launched)} kernels), but it is invalid and must raise "
                    f"{expected.__name__}")
                assert len(launched) == (expected.grid is not None), (shown, launched, expected)
                for stream, config, function, args in launched:
                    assert function == f"kernel:{symbol}" and config[1:] == (expected.grid, expected.block), (
                        shown, config, expected)
                    assert stream.handle == expected.stream, (shown, stream.handle, expected)
                    assert stream.waited[waited.get(id(stream), 0):] == expected.waits, (shown, stream.waited, expected)
                    got = [a.value if hasattr(a, "value") else a for a in args]
                    assert len(got) == len(expected.args) and all(
                        g == w or (isinstance(w, float) and math.isnan(w) and math.isnan(g))
                        for g, w in zip(got, expected.args, strict=True)), (shown, got, expected.args)
                    for arg in call.args:  # a DLPack producer ordered its work before the launch stream
                        if isinstance(arg, DLPack):
                            assert arg.handshakes and arg.handshakes[-1] == expected.stream, (shown, arg.handshakes)
        finally:
            for state in kernels._module._states.values():
                state.entries.clear()
        return "launched" if fake.launches else "refused" if isinstance(expected, type) else "nothing to launch"


def fuzz(kernels: ModuleType, specs: dict[str, Spec], fuzz_seed: int, examples: int, *, shrink: bool = True) -> None:
    """`examples` calls of the kernels `specs` names, each checked against the oracle; the seed
    alone picks them (no example database; not hypothesis' own `derandomize` of its CI profile)."""

    @seed(fuzz_seed)
    @settings(max_examples=examples, deadline=None, database=None, report_multiple_bugs=False, derandomize=False,
              phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if shrink else [])],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(name=st.sampled_from(sorted(specs)), data=st.data())
    def run(name: str, data: st.DataObject) -> None:
        event(check(kernels, specs[name], name, data.draw(calls(specs[name]), label="call")))

    run()


# ---------------------------------------------------------------- the fuzz


def test_any_input_launches_what_the_oracle_predicts_or_raises_its_error(kernels: ModuleType, fuzz_seed: int) -> None:
    fuzz(kernels, HAND, fuzz_seed, 600)


def test_the_real_builds_stubs_launch_what_the_oracle_predicts_or_raise_its_error(
    real_kernels: ModuleType, fuzz_seed: int
) -> None:
    fuzz(real_kernels, REAL, fuzz_seed, 400)


def test_the_oracle_knows_the_kernels_as_built(kernels: ModuleType, real_kernels: ModuleType) -> None:
    """The specs restate the manifests' signatures: a drift fails here, not in the fuzz."""
    for module, specs in ((kernels, HAND), (real_kernels, REAL)):
        for name, spec in specs.items():
            kernel = module._module.kernel(name)
            kinds = tuple((p.kind, p.dtype.name if p.kind == "scalar" else p.dtype.typestr) for p in kernel.params)
            assert kinds == spec.kinds and kernel.checks.rank == spec.rank, (name, kinds, kernel.checks.rank)


def test_the_oracle_accepts_a_plain_valid_call(kernels: ModuleType) -> None:
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    x = CAI({"version": 3, "shape": (8,), "typestr": "<f4", "data": (BASE, False), "strides": None, "stream": None})
    y = CAI({"version": 3, "shape": (8,), "typestr": "<f4", "data": (BASE + 2**16, False), "strides": None,
             "stream": None})
    saxpy = HAND["saxpy"]
    assert predict(saxpy, Call([2.0, x, y], None, None, None, False), runtime) == Launch(
        [2.0, BASE, 8, BASE + 2**16, 8], (1,), (256,), 1, [])
    assert predict(saxpy, Call([2.0, x, x], None, None, None, False), runtime) is runtime.KernelValueError  # overlap
    assert predict(saxpy, Call([1e40, x, y], None, None, None, False), runtime) is runtime.KernelValueError  # float32
    assert predict(saxpy, Call(["2", x, y], None, None, None, False), runtime) is runtime.KernelArgumentError
    assert predict(saxpy, Call([2.0, x, y], (8, 1), None, None, False), runtime) is runtime.KernelValueError  # 1-D
    assert predict(saxpy, Call([2.0, x, y], 0, None, None, False), runtime) == Launch(
        [2.0, BASE, 8, BASE + 2**16, 8], None, (256,), 1, [])  # valid, nothing to launch
    check(kernels, saxpy, "saxpy", Call([2.0, x, y], None, None, FakeStream(42), True))


# ---------------------------------------------------------------- planted mutants: the fuzz must catch each


def _mutant(tmp_path: Path, package: str, edit: Callable[[dict[str, Any]], None]) -> Iterator[ModuleType]:
    manifest = make_manifest()
    edit(manifest)
    with imported(_package(tmp_path, package, manifest), package) as module:
        yield module


def test_the_fuzz_catches_a_stub_that_refuses_a_valid_call(tmp_path: Path) -> None:
    """A stub rendered with a requirement more than the kernel's (odd `len(y)` refused)."""
    for module in _mutant(tmp_path, "oxpack_fuzz_mutant_refuses", lambda m: m["kernels"]["saxpy"]["requires"].append(
            "len(y) % 2 == 0")):
        with pytest.raises(AssertionError, match=r"was refused \(KernelValueError: saxpy\(\): requirement "
                           r"`len\(y\) % 2 == 0` failed.*\), but it is valid and must launch"):
            fuzz(module, {"saxpy": HAND["saxpy"]}, 0, 300, shrink=False)


def test_the_fuzz_catches_a_stub_that_accepts_an_invalid_call(tmp_path: Path) -> None:
    """A stub rendered with the kernel's requirement dropped (`len(x) >= len(y)`)."""
    for module in _mutant(tmp_path, "oxpack_fuzz_mutant_accepts", lambda m: m["kernels"]["saxpy"].update(requires=[])):
        with pytest.raises(AssertionError, match=r"(was accepted \(launched [01] kernels\), but it is invalid and must "
                           r"raise|the oracle expects) KernelValueError"):
            fuzz(module, {"saxpy": HAND["saxpy"]}, 0, 300, shrink=False)


def test_the_fuzz_catches_a_runtime_that_skips_the_overlap_check(kernels: ModuleType) -> None:
    checks = sys.modules[f"{PACKAGE}._oxpack._checks"]
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(checks._Checks, "check_overlap", lambda self, arrays: None)
        with pytest.raises(AssertionError, match=r"(was accepted .*, but it is invalid and must raise|the oracle expects) "
                           r"KernelValueError"):
            fuzz(kernels, HAND, 0, 400, shrink=False)


def test_the_fuzz_catches_a_refusal_of_the_wrong_class(kernels: ModuleType) -> None:
    """A failed requirement raised as KernelArgumentError (a TypeError) instead of KernelValueError."""
    requires = sys.modules[f"{PACKAGE}._oxpack._requires"]
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(requires, "KernelValueError", runtime.KernelArgumentError)
        with pytest.raises(AssertionError, match=r"raised KernelArgumentError \(.*requirement.*\); the oracle expects "
                           r"KernelValueError"):
            fuzz(kernels, HAND, 0, 400, shrink=False)
