"""Fuzzing the stubs' argument checks (issue 10): any input either launches valid
arguments or raises KernelArgumentError/KernelValueError; nothing else is allowed.

No GPU: the launch boundary (cuda.core and its driver) is the recording fake of
test_stubs, so what would reach the GPU is inspected instead of run. Every launch is
checked against an independent reading of the inputs (`expected_launch`): the right
pointers and sizes, dtypes, contiguity, writability, no overlap, the `where` clauses.
"""

from __future__ import annotations

import ctypes
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from oxpack.stubs import render_stubs
from test_stubs import BASE, FATBINS, FakeCuda, FakeStream, imported, install_fake, make_manifest

PACKAGE = "oxpack_fuzz_testpkg"
TYPESTRS = ["<f4", "<f8", "<i4", "<u4", "<i8", "<u8", "<f2", ">f4", "|b1", "<c8", "<V2", "f4", 7, None]
DLPACK_DTYPES = ["float32", "float64", "int32", "uint32", "int64", "uint64", "float16", "bfloat16", "int8"]
KINDS = {  # what the fuzzed kernels of make_manifest() take: (kind, dtype) per Python argument
    "saxpy": [("scalar", "float32"), ("in", "<f4"), ("out", "<f4")],
    "blur": [("scalar", "uint32"), ("scalar", "uint32"), ("in", "<f4"), ("out", "<f4")],
    "histogram": [("in", "<i8"), ("scalar", "int32"), ("scalar", "float64"), ("out", "<u8")],
    "count": [("in", "<u4"), ("atomic", "<u4")],
}
REQUIRES = {  # make_manifest()'s `where` clauses, over sizes (len) and scalars, restated
    "saxpy": lambda a, x, y: x >= y,
    "blur": lambda w, h, src, dst: src == w * h and dst == src,
    "histogram": lambda values, nbins, scale, counts: nbins == counts and 0 < nbins <= 4096 and values % 2 == 0,
    "count": lambda values, bins: True,
}
INT_BOUNDS = {"uint32": (0, 2**32 - 1), "int32": (-(2**31), 2**31 - 1)}
F32_MAX = float(np.finfo(np.float32).max)


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
        self.device, self.meta, self.handshakes = device, meta, []

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
    wrong = draw(st.sampled_from([None] * 10 + ["readonly", "strides", "shape", "typestr", "version", "alias"]))
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
streams = st.one_of(*[st.none()] * 10, st.builds(FakeStream, st.sampled_from([1, 2, 7, 9, 42])), st.just(7))


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = tmp_path_factory.mktemp("fuzz")
    manifest = make_manifest()
    manifest["module"] = "kernels"
    render_stubs(manifest, root / PACKAGE, FATBINS)
    with imported(root, PACKAGE) as module:
        yield module


# ---------------------------------------------------------------- the oracle


def _read(obj: Any, typestr: str, mutable: bool) -> tuple[int, int, int | None] | None:
    """(pointer, element count, producer stream) of a valid array argument, else None."""
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
        strides, size = c.get("strides"), math.prod(shape)
        if strides is not None and size:
            if len(strides) != len(shape):
                return None
            expected = int(typestr[2:])
            for dim, stride in zip(reversed(shape), reversed(strides), strict=True):
                if dim != 1 and stride != expected:
                    return None
                expected *= dim
        if (readonly and mutable) or (size and not ptr) or type(ptr) is not int:
            return None
        stream = c.get("stream") if version >= 3 else 1
        if stream == 0 or (stream is not None and type(stream) is not int):
            return None
        return ptr, size, stream
    if isinstance(obj, DLPack):
        names = {"<f4": "float32", "<f8": "float64", "<i4": "int32", "<u4": "uint32", "<i8": "int64",
                 "<u8": "uint64"}
        meta = obj.meta
        if obj.device[0] not in (2, 13) or meta.dtype != names[typestr] or (meta.readonly and mutable):
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
        return meta.ptr, size, None
    return None


def _scalar_ok(value: Any, dtype: str) -> bool:
    if dtype in INT_BOUNDS:
        low, high = INT_BOUNDS[dtype]
        return type(value) is int and low <= value <= high
    if type(value) is bool or not isinstance(value, (int, float)):
        return False
    if isinstance(value, int):
        return abs(value) <= (F32_MAX if dtype == "float32" else sys.float_info.max)
    return not math.isfinite(value) or dtype != "float32" or abs(value) <= F32_MAX


CTYPES = {"float32": ctypes.c_float, "float64": ctypes.c_double, "int32": ctypes.c_int32, "uint32": ctypes.c_uint32}


def expected_launch(name: str, args: list[Any]) -> list[Any] | None:
    """The kernel arguments a launch of these inputs must get (scalars as the C value
    the kernel sees, then pointer and size per array), or None when the call must be
    refused."""
    values, launch, buffers = [], [], []
    for (kind, dtype), value in zip(KINDS[name], args, strict=True):
        if kind == "scalar":
            if not _scalar_ok(value, dtype):
                return None
            values.append(value)
            launch.append(CTYPES[dtype](value).value)
            continue
        read = _read(value, dtype, kind != "in")
        if read is None:
            return None
        ptr, size, _ = read
        nbytes = size * int(dtype[2:])
        buffers.append((kind, ptr, nbytes))
        values.append(size)
        launch += [ptr or 256, size]
    for i, (kind, ptr, nbytes) in enumerate(buffers):
        for j, (_, other, other_bytes) in enumerate(buffers):
            if kind != "in" and i != j and nbytes and other_bytes and ptr < other + other_bytes and other < ptr + nbytes:
                return None
    return launch if REQUIRES[name](*values) else None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(KINDS)),
    data=st.data(),
    threads=launch_shapes,
    block=st.one_of(*[st.none()] * 16, st.integers(-1, 2048), st.just((16, 16)), st.just(2.0)),
    stream=streams,
    repeat=st.booleans(),
)
def test_any_input_launches_valid_arguments_or_raises_a_kernel_error(
    kernels: ModuleType, name: str, data: st.DataObject, threads: Any, block: Any, stream: Any, repeat: bool
) -> None:
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    args = [data.draw(argument(kind, dtype, i), label=f"argument {i}") for i, (kind, dtype) in enumerate(KINDS[name])]
    if data.draw(st.integers(0, 4), label="scalars not chosen to meet the `where` clauses") != 0:
        sizes = [len(a.__cuda_array_interface__.get("shape", ())) == 1 and a.__cuda_array_interface__["shape"][0]
                 if isinstance(a, CAI) and isinstance(a.__cuda_array_interface__.get("shape"), tuple) else 0
                 for a in args]
        if name == "blur":
            args[0], args[1] = sizes[2], 1
        elif name == "histogram":
            args[1] = sizes[3]
    with pytest.MonkeyPatch.context() as monkeypatch:
        fake = FakeCuda()
        install_fake(kernels, monkeypatch, fake)
        driver = sys.modules[f"{PACKAGE}._oxpack._driver"]
        monkeypatch.setattr(driver, "_cuda_api", driver._cuda_api._replace(view_dlpack=view_dlpack))
        stub = getattr(kernels, name)
        calls = 2 if repeat else 1  # the second call may take the fast path the first one primed
        for _ in range(calls):
            try:
                stub(*args, threads=threads, block=block, stream=stream)
            except (runtime.KernelArgumentError, runtime.KernelValueError):
                pass
            # anything else propagates and fails the test, with hypothesis' minimal example
        expected = expected_launch(name, args)
        event("launched" if fake.launches else "refused or nothing to launch")
        for _, _, _, launched in fake.launches:
            assert expected is not None, f"{name}{tuple(args)} launched {launched}: it must have been refused"
            got = [a.value if hasattr(a, "value") else a for a in launched]
            assert len(got) == len(expected)
            for g, w in zip(got, expected, strict=True):
                assert g == w or (isinstance(w, float) and math.isnan(w) and math.isnan(g)), (got, expected)
        for state in kernels._module._states.values():
            state.entries.clear()


def test_the_oracle_accepts_a_plain_valid_call(kernels: ModuleType) -> None:
    x = CAI({"version": 3, "shape": (8,), "typestr": "<f4", "data": (BASE, False), "strides": None, "stream": None})
    y = CAI({"version": 3, "shape": (8,), "typestr": "<f4", "data": (BASE + 2**16, False), "strides": None,
             "stream": None})
    assert expected_launch("saxpy", [2.0, x, y]) == [2.0, BASE, 8, BASE + 2**16, 8]
    assert expected_launch("saxpy", [2.0, x, x]) is None  # overlap
    assert expected_launch("saxpy", [1e40, x, y]) is None  # float32 overflow
    assert Path(kernels.__file__).name == "kernels.py"
