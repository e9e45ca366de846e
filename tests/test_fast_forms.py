"""The generated fast path serves every call form.

Explicit `threads`/`block` (ints and tuples), 2-D and 3-D launches, `where` requirements,
every scalar type, dynamic shared memory and any number of arrays (none, six): each form's
second call is launched by the fast path (the general path's checks are made to fail if
they run), with the launch the general path made for the first; and every call the general
path refuses, the stub refuses with the general path's exception and message, launching
nothing. No GPU: the launch boundary is test_stubs' recording fake of cuda.core and of the
driver's `cuLaunchKernelEx`, which decodes the packed parameter block.
"""

from __future__ import annotations

import ctypes
import inspect
import re
import hashlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from test_stubs import BASE, FakeCuda, FakeStream, faked, make_manifest, rendered

PACKAGE = "oxpack_fastforms_testpkg"
FATBINS = {"saxpy": b"saxpy fatbin bytes", "image": b"image fatbin bytes", "forms": b"forms fatbin bytes"}


def _param(name: str, kind: str, dtype: str) -> dict[str, str]:
    return {"name": name, "kind": kind, "dtype": dtype}


def forms_manifest() -> dict[str, Any]:
    """test_stubs' kernels, plus a 3-D launch, a kernel with no array, one with six arrays
    and six requirements (a LayerNorm's signature) and one whose parameters are named like
    the builtins the fast path calls."""
    manifest = make_manifest()
    manifest["crates"] = {
        crate: {"fatbin": f"{crate}.fatbin", "sha256": hashlib.sha256(data).hexdigest(), "source": f"kernels/{crate}.rs"}
        for crate, data in FATBINS.items()
    }

    def kernel(symbol: str, params: list[dict[str, str]], requires: list[str]) -> dict[str, Any]:
        return {"crate": "forms", "symbol": symbol, "doc": "", "params": params, "requires": requires, "resources": {}}

    manifest["kernels"].update({
        "volume": kernel("volume", [
            _param("ijk", "index", "3d"), _param("nx", "scalar", "uint64"), _param("offset", "scalar", "int64"),
            _param("src", "in", "float64"), _param("dst", "out", "float64")],
            ["len(src) == len(dst)", "len(dst) % nx == 0"]),
        "fill": kernel("fill", [_param("i", "index", "1d"), _param("seed", "scalar", "uint32"),
                                _param("scale", "scalar", "float32")], []),
        "layernorm": kernel("layernorm", [
            _param("i", "index", "1d"), _param("n", "scalar", "uint32"), _param("c", "scalar", "uint32"),
            _param("eps", "scalar", "float32"), _param("inp", "in", "float32"), _param("weight", "in", "float32"),
            _param("bias", "in", "float32"), _param("out", "out", "float32"), _param("mean", "out", "float32"),
            _param("rstd", "out", "float32")],
            ["len(inp) == n * c", "len(weight) == c", "len(bias) == c", "len(out) == n * c", "len(mean) == n",
             "len(rstd) == n"]),
        "shadows": kernel("shadows", [_param("len", "scalar", "uint32"), _param("all", "in", "float32"),
                                      _param("tuple", "out", "float32")], ["len(tuple) == len"]),
        # one-byte elements: int8 in (CAI "|i1"), uint8 out ("|u1"), as an int8 GEMM's or a quantizer's
        "requant": kernel("requant", [_param("i", "index", "1d"), _param("x", "in", "int8"),
                                      _param("y", "out", "uint8")], ["len(x) == len(y)"]),
        # a declared launch whose block the tuning picks (`#[tune]`), with an integer scalar among its sizes
        "quadt": {**kernel("quadt", [_param("i", "index", "1d"), _param("k", "scalar", "uint32"),
                                     _param("x", "in", "float32"), _param("y", "out", "float32")],
                           ["len(x) >= len(y)"]),
                  "launch": {"threads": "cdiv(len(y), 4)"}, "tune": {"block": [[64], [128]]}},
        # a declared workspace (`#[launch(workspace = ...)]`): an atomic buffer the stub makes, no argument
        "counted": {**kernel("counted", [_param("x", "in", "float32"), _param("ws", "atomic", "uint32")],
                             ["len(ws) == len(x) + 1"]),
                    "launch": {"grid": "len(x)", "block": "64", "workspace": "len(x) + 1"}},
        # named like a builtin that the launchers call, with `shadows`' signature (its launcher)
        "type": kernel("type", [_param("n", "scalar", "uint32"), _param("x", "in", "float32"),
                                _param("y", "out", "float32")], ["len(y) == n"]),
       })
    return manifest


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from rendered(tmp_path_factory.mktemp("fastforms"), PACKAGE, forms_manifest(), FATBINS)


@pytest.fixture
def fake(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    yield from faked(kernels, monkeypatch)


def arr(slot: int, n: int, typestr: str = "<f4", **kwargs: Any) -> Any:
    """A CAI v3 array of `n` elements in its own 1 MiB slot (arrays never overlap)."""
    from test_stubs import CudaArray

    return CudaArray(n, typestr, BASE + slot * 2**20, **kwargs)


def values(launch: tuple[Any, ...]) -> list[Any]:
    """A recorded launch's kernel arguments as Python values (ctypes scalars unwrapped)."""
    return [a.value if isinstance(a, ctypes._SimpleCData) else a for a in launch[3]]


# Each form: kernel, a call (arguments, options) for the general path to check and launch,
# and a second call of the same shape with other scalar values and other arrays of the same
# sizes, which the fast path must launch.
Call = tuple[tuple[Any, ...], dict[str, Any]]
FORMS: dict[str, tuple[str, Callable[[int], Call]]] = {
    "1-D, threads and block ints": ("saxpy", lambda k: ((1.0 + k, arr(2 * k, 1000), arr(2 * k + 1, 1000)),
                                                        {"threads": 500, "block": 128})),
    "1-D, threads and block 1-tuples": ("saxpy", lambda k: ((2.0 * k, arr(2 * k, 1000), arr(2 * k + 1, 1000)),
                                                            {"threads": (1000,), "block": (64,)})),
    "1-D, block alone": ("saxpy", lambda k: ((3.0, arr(2 * k, 1000), arr(2 * k + 1, 1000)), {"block": 512})),
    "1-D, threads alone": ("saxpy", lambda k: ((k, arr(2 * k, 1000), arr(2 * k + 1, 1000)), {"threads": 7})),
    "float scalar given an int": ("saxpy", lambda k: ((3 + k, arr(2 * k, 64), arr(2 * k + 1, 64)), {})),
    "stream given, with threads and block": ("saxpy", lambda k: (
        (0.5 * k, arr(2 * k, 100), arr(2 * k + 1, 100)), {"threads": 100, "block": 32, "stream": FakeStream(1)})),  # the producers' (legacy default) stream
    "2-D without a launch index, requirements": ("blur", lambda k: (
        (40, 30, arr(2 * k, 1200), arr(2 * k + 1, 1200)), {"threads": (40, 30), "block": (8, 8)})),
    "3-D without a launch index": ("blur", lambda k: (
        (4, 4 + 0 * k, arr(2 * k, 16), arr(2 * k + 1, 16)), {"threads": (4, 2, 2), "block": (2, 2, 2)})),
    "2-D launch index, default block": ("shift2d", lambda k: ((arr(2 * k, 64), arr(2 * k + 1, 64)),
                                                              {"threads": (8, 8)})),
    "2-D launch index, block tuple": ("shift2d", lambda k: ((arr(2 * k, 64), arr(2 * k + 1, 64)),
                                                            {"threads": (8, 8), "block": (4, 2)})),
    "3-D launch index, 64-bit scalars": ("volume", lambda k: (
        (4 + 0 * k, -(2**40) - k, arr(2 * k, 64, "<f8"), arr(2 * k + 1, 64, "<f8")),
        {"threads": (4, 4, 4), "block": (4, 4, 4)})),
    "1-D launch index, atomic buffer": ("count", lambda k: ((arr(2 * k, 300, "<u4"), arr(2 * k + 1, 8, "<u4")),
                                                            {"threads": 300, "block": 96})),
    "dynamic shared memory": ("reverse", lambda k: ((arr(k, 512), 256), {"block": 256})),
    # the stub computes the launch (a module that holds a kernel named `type` must not hide the builtin from it)
    "declared launch": ("quad", lambda k: ((arr(2 * k, 1000), arr(2 * k + 1, 1000)), {})),
    "declared launch, block given": ("quad", lambda k: ((arr(2 * k, 1000), arr(2 * k + 1, 998)), {"block": 64})),
    "int64/int32/float64/uint64": ("histogram", lambda k: (
        (arr(2 * k, 8, "<i8"), 4, 0.25 * k, arr(2 * k + 1, 4, "<u8")), {"threads": 8, "block": 8})),
    "int8 in, uint8 out (one-byte elements)": ("requant", lambda k: (
        (arr(2 * k, 1000 + 0 * k, "|i1"), arr(2 * k + 1, 1000, "|u1")), {"threads": 1000, "block": 128})),
    "no array": ("fill", lambda k: ((7 + k, 1.5), {"threads": 1000, "block": 250})),
    "six arrays, six requirements": ("layernorm", lambda k: (
        (8, 32, 1e-5 * (k + 1), arr(6 * k, 256), arr(6 * k + 1, 32), arr(6 * k + 2, 32), arr(6 * k + 3, 256),
         arr(6 * k + 4, 8), arr(6 * k + 5, 8)), {"threads": 8 * 32, "block": 32})),
}


NAMES = {"<f4": "float32", "<f8": "float64", "<i4": "int32", "<u4": "uint32", "<i8": "int64", "<u8": "uint64",
         "|i1": "int8", "|u1": "uint8"}


class FakeCupyArray:
    """What the fast path reads of a CuPy array (`data.ptr`, `size`, `dtype`, ...), and its
    `__cuda_array_interface__` (v3, CuPy's legacy default stream) for the general path."""

    def __init__(self, cai: dict[str, Any], dtype: object) -> None:
        self.__cuda_array_interface__ = {**cai, "stream": 1}
        self.data = SimpleNamespace(ptr=cai["data"][0], device_id=0)
        self.size, self.dtype, self._c_contiguous = cai["shape"][0], dtype, True


STRIDED = object()  # the fakes' dense layout (`torch.strided`)


class FakeTensor:
    """What the runtime reads of a PyTorch tensor (the fast path and the general path alike read it from
    PyTorch itself, never through its `__cuda_array_interface__`, which a tensor that requires grad
    refuses), and that interface, which an `nn.Parameter` refuses (`FakeParameter`)."""

    requires_grad = False

    def __init__(self, cai: dict[str, Any], dtype: object) -> None:
        self._cai = {**cai, "stream": 1}
        self.dtype, self.is_cuda, self.layout = dtype, True, STRIDED
        self.device = SimpleNamespace(type="cuda", index=0)
        self._ptr, self._n = cai["data"][0], cai["shape"][0]
        self.shape = (self._n,)

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        if self.requires_grad:
            raise RuntimeError("Can't get __cuda_array_interface__ on Variable that requires grad. "
                               "If gradients aren't required, use var.detach() to get Variable that doesn't require grad.")
        return self._cai

    def is_contiguous(self) -> bool:
        return True

    def stride(self) -> tuple[int, ...]:
        return (1,)

    def data_ptr(self) -> int:
        return int(self._ptr)

    def numel(self) -> int:
        return int(self._n)

    def get_device(self) -> int:
        return 0


class FakeParameter(FakeTensor):
    """An `nn.Parameter`: a tensor subclass that requires grad."""

    requires_grad = True


def as_library(value: Any, library: str, hooks: Any) -> Any:
    """`value` (a CAI array of `arr`) as a CuPy array or PyTorch tensor of the fakes above."""
    if library == "cai" or not hasattr(value, "__cuda_array_interface__"):
        return value
    cai = value.__cuda_array_interface__
    dtype = getattr(hooks, f"{'torch' if library == 'parameter' else library}_{NAMES[cai['typestr']]}")
    return {"cupy": FakeCupyArray, "torch": FakeTensor, "parameter": FakeParameter}[library](cai, dtype)


@pytest.fixture
def hooks(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The runtime's CuPy and PyTorch hooks, pointed at the fake classes (a dtype is an object)."""
    hooks = sys.modules[f"{PACKAGE}._oxpack.runtime"]._hooks
    monkeypatch.setattr(hooks, "cupy_ndarray", FakeCupyArray)
    monkeypatch.setattr(hooks, "torch_tensor", FakeTensor)
    monkeypatch.setattr(hooks, "torch_parameter", FakeParameter)
    monkeypatch.setattr(hooks, "torch_strided", STRIDED)
    for library in ("cupy", "torch"):
        for name in NAMES.values():
            monkeypatch.setattr(hooks, f"{library}_{name}", object())
    monkeypatch.setattr(hooks, "cupy_current_stream", lambda: SimpleNamespace(ptr=0))  # legacy default
    monkeypatch.setattr(hooks, "torch_raw_stream", lambda device: 0)
    return hooks


def forbid_general_path(kernels: ModuleType, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def general_path(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"{name}: the general path checked this call; the fast path should have launched it")

    monkeypatch.setattr(kernels._module.kernel(name).checks, "checked", general_path)


@pytest.mark.parametrize("library", ["cai", "cupy", "torch", "parameter"])
@pytest.mark.parametrize("form", list(FORMS))
def test_every_call_form_takes_the_fast_path(
    kernels: ModuleType, fake: FakeCuda, hooks: Any, monkeypatch: pytest.MonkeyPatch, form: str, library: str
) -> None:
    """Each form, with `__cuda_array_interface__` arrays, CuPy arrays, PyTorch tensors and `nn.Parameter`s."""
    name, call = FORMS[form]
    stub = getattr(kernels, name)
    args, options = call(0)
    stub(*(as_library(a, library, hooks) for a in args), **options)  # the general path checks, launches, records
    assert len(fake.launches) == 1
    forbid_general_path(kernels, name, monkeypatch)
    args, options = call(1)
    stub(*(as_library(a, library, hooks) for a in args), **options)
    assert len(fake.launches) == 2
    general, fast = fake.launches
    assert fast[0].handle == general[0].handle and fast[1:3] == general[1:3]  # stream, grid/block/shared, kernel
    # the fast path's parameter block holds this call's values, as the general path passes them
    expected = []
    for p, value in zip(kernels._module.kernel(name).params, args, strict=True):
        if p.kind in ("scalar", "dynshared"):
            expected.append(ctypes.c_float(value).value if p.dtype.name == "float32" and p.kind == "scalar" else value)
        else:
            interface = value.__cuda_array_interface__
            expected += [interface["data"][0], interface["shape"][0]]
    assert values(fast) == expected


def test_a_block_left_to_the_tuning_takes_the_fast_path_by_the_calls_sizes(
    kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kernel that tunes its block, called with the block left open: the first call of some sizes asks the tuning
    (here `OXPACK_TUNE` off: the default block, settled) and launches through the general path; a second call of
    the same sizes (other arrays, another integer scalar's value is other sizes) is launched by the fast path,
    which finds the settled launch by the sizes it reads (`_State.opens`), without asking the tuning again. Other
    sizes, or `threads=` given, go back to the tuning and the general path."""
    kernel = kernels._module.kernel("quadt")
    hooks = sys.modules[f"{PACKAGE}._oxpack.runtime"]._hooks
    monkeypatch.setattr(hooks, "one_device", True)  # one GPU: a settled choice is the sizes' (`Kernel.tuned`)
    monkeypatch.setattr(kernels._module.tuner, "_setting", False)  # OXPACK_TUNE=off: the default, no GPU timing
    asked: list[tuple[int, ...]] = []
    tuned = type(kernel).tuned

    def counted(self: Any, args: tuple[object, ...], stream: object = None) -> object:
        asked.append(self._sizes(args))
        return tuned(self, args, stream)

    monkeypatch.setattr(type(kernel), "tuned", counted)
    kernels.quadt(3, arr(0, 1000), arr(1, 1000))
    assert len(fake.launches) == 1 and asked == [(3, 1000, 1000)]
    assert kernel.state.opens == {(3, 1000, 1000): (250, 256)}  # the default block, which "off" settles
    forbid_general_path(kernels, "quadt", monkeypatch)
    kernels.quadt(3, arr(2, 1000), arr(3, 1000))
    assert len(fake.launches) == 2 and asked == [(3, 1000, 1000)]  # the fast path: the tuning not asked
    general, fast = fake.launches
    assert fast[1:3] == general[1:3]  # the same grid, block and kernel
    monkeypatch.undo()
    monkeypatch.setattr(hooks, "one_device", True)
    monkeypatch.setattr(kernels._module.tuner, "_setting", False)
    monkeypatch.setattr(type(kernel), "tuned", counted)
    kernels.quadt(4, arr(4, 1000), arr(5, 1000))  # other sizes (k): the tuning, then the general path
    assert asked[-1] == (4, 1000, 1000) and len(fake.launches) == 3
    kernels.quadt(3, arr(6, 1000), arr(7, 1000), threads=250)  # threads given: not the open lookup
    assert asked[-1] == (3, 1000, 1000) and len(asked) == 3 and len(fake.launches) == 4


def test_a_stream_given_with_an_explicit_shape(kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrays that name no producer stream, `stream=` another stream, a 2-D shape: the fast path
    launches on that stream; a third stream is a new launch, for the general path."""
    kernels.blur(40, 30, arr(0, 1200), arr(1, 1200), threads=(40, 30), block=(8, 8), stream=FakeStream(42))
    checked = kernels._module.kernel("blur").checks.checked
    forbid_general_path(kernels, "blur", monkeypatch)
    kernels.blur(40, 30, arr(2, 1200), arr(3, 1200), threads=(40, 30), block=(8, 8), stream=FakeStream(42))
    assert [launch[0].handle for launch in fake.launches] == [42, 42]
    monkeypatch.setattr(kernels._module.kernel("blur").checks, "checked", checked)
    assert kernels._fast_blur(40, 30, arr(2, 1200), arr(3, 1200), FakeStream(43), (40, 30), (8, 8)) is False


def test_a_stream_handle_given_as_an_int(kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch) -> None:
    """`stream=` as an int, as `torch.cuda.Stream().cuda_stream` and `cupy.cuda.Stream().ptr` give it: the
    general path launches on that stream and the fast path repeats the launch; 0 is the legacy default
    stream (handle 1), as in `__cuda_array_interface__`."""
    kernels.saxpy(1.0, arr(0, 100), arr(1, 100), stream=1042)
    kernels.saxpy(1.0, arr(0, 100), arr(1, 100), stream=0)
    forbid_general_path(kernels, "saxpy", monkeypatch)
    kernels.saxpy(2.0, arr(2, 100), arr(3, 100), stream=1042)
    kernels.saxpy(2.0, arr(2, 100), arr(3, 100), stream=0)
    assert [launch[0].handle for launch in fake.launches] == [1042, 1, 1042, 1]


@pytest.mark.parametrize(("stream", "got"), [(-1, "-1"), (2**64, str(2**64)), (True, "bool"), (1.0, "float"),
                                             ("1042", "str")])
def test_a_stream_that_is_no_stream_is_refused(kernels: ModuleType, fake: FakeCuda, stream: Any, got: str) -> None:
    with pytest.raises(TypeError, match=re.escape(
            "saxpy(): `stream` must be a cuda.core Stream, an object with __cuda_stream__, or a stream handle as an "
            "int (0 or 1: the legacy default stream, 2: the per-thread one, else a cudaStream_t such as "
            f"torch.cuda.Stream().cuda_stream or cupy.cuda.Stream().ptr), got {got}")):
        kernels.saxpy(1.0, arr(0, 100), arr(1, 100), stream=stream)
    assert not fake.launches


def test_a_tensor_that_requires_grad_is_read_from_pytorch(kernels: ModuleType, fake: FakeCuda, hooks: Any) -> None:
    """The general path reads a tensor from PyTorch itself: an `nn.Parameter`'s `__cuda_array_interface__`
    refuses (as PyTorch's does for a tensor that requires grad), and the call launches with its pointer."""
    x, y = as_library(arr(0, 100), "parameter", hooks), as_library(arr(1, 100), "torch", hooks)
    with pytest.raises(RuntimeError, match="requires grad"):
        x.__cuda_array_interface__
    kernels._module.kernel("saxpy")((1.5, x, y), None, None, None)
    assert values(fake.launches[0])[1:] == [x.data_ptr(), 100, y.data_ptr(), 100]


def test_a_dynamic_shared_size_reaches_the_fast_launch(kernels: ModuleType, fake: FakeCuda) -> None:
    kernels.reverse(arr(0, 512), 256, block=256)
    kernels.reverse(arr(1, 512), 256, block=256)  # fast
    kernels.reverse(arr(2, 512), 300, block=256)  # another size: the general path, recorded too
    kernels.reverse(arr(3, 512), 300, block=256)  # fast
    configs = [launch[1] for launch in fake.launches]
    assert configs == [("config", (2,), (256,), 1024)] * 2 + [("config", (2,), (256,), 1200)] * 2
    entries = kernels._module.kernel("reverse").state.entries
    assert set(entries) == {(0, 1, 512, 256, 256), (0, 1, 512, 256, 300)}


def test_a_declared_workspace_is_made_zeroed_for_each_launch(kernels: ModuleType, fake: FakeCuda,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """`counted(x)`: the stub computes the workspace's size inline (len(x) + 1), has the run time make it, zeroed,
    like the call's first array (here a stand-in CuPy module's `zeros`, on the array's device), and passes its
    pointer where `ws` goes, a new one for each call, on the general path and then the fast one. An array of no
    library that oxpack makes arrays with is refused in one line, launching nothing."""
    from test_stubs import CudaArray

    made: list[tuple[int, str, int]] = []

    class Device:  # cupy.cuda.Device(id), a context manager
        def __init__(self, device: int) -> None:
            self.device = device

        def __enter__(self) -> None:
            return None

        def __exit__(self, *exc: object) -> None:
            return None

    def zeros(count: int, dtype: str) -> CudaArray:
        made.append((count, dtype, len(made)))
        return CudaArray(count, "<u4", BASE + (40 + len(made)) * 2**20)

    cupy = ModuleType("cupy")
    cupy.zeros = zeros  # type: ignore[attr-defined]
    cupy.cuda = SimpleNamespace(Device=Device)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cupy", cupy)

    class CupyArray(CudaArray):  # an array of "cupy", as the run time tells libraries apart
        device = SimpleNamespace(id=0)

    CupyArray.__module__ = "cupy._core.core"
    x = CupyArray(10, "<f4", BASE)
    for _ in range(3):
        kernels.counted(x)
    assert made == [(11, "uint32", 0), (11, "uint32", 1), (11, "uint32", 2)]
    assert [values(launch)[:2] + values(launch)[3:] for launch in fake.launches] == [[BASE, 10, 11]] * 3
    pointers = [values(launch)[2] for launch in fake.launches]  # (x's pointer and length, then ws's)
    assert [launch[1] for launch in fake.launches] == [("config", (10,), (64,))] * 3
    assert len(set(pointers)) == 3 and all(BASE + 41 * 2**20 <= p < BASE + 44 * 2**20 for p in pointers), pointers
    assert list(inspect.signature(kernels.counted).parameters) == ["x", "stream", "threads", "block"]
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    with pytest.raises(runtime.KernelArgumentError, match=re.escape(
            "counted(): cannot make the workspace `ws` (11 uint32 elements): the call's first array is a "
            "test_stubs.CudaArray, and oxpack makes a workspace with PyTorch or CuPy; pass PyTorch tensors or CuPy "
            "arrays")):
        kernels.counted(arr(0, 10))
    assert len(fake.launches) == 3


def test_the_default_shape_and_its_explicit_spelling_share_one_launch(
    kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch
) -> None:
    kernels.saxpy(1.0, arr(0, 1000), arr(1, 1000))
    forbid_general_path(kernels, "saxpy", monkeypatch)
    kernels.saxpy(1.0, arr(0, 1000), arr(1, 1000), threads=1000)  # what the default means
    kernels.saxpy(1.0, arr(0, 1000), arr(1, 1000))
    assert [launch[1] for launch in fake.launches] == [("config", (4,), (256,))] * 3


def test_a_block_over_the_launch_bounds_is_refused_before_the_launch(kernels: ModuleType, fake: FakeCuda) -> None:
    """`#[launch_bounds(128, 4)]`: the driver would refuse a larger block with an opaque error;
    the stub names the bound, on the general path and after the fast path saw the kernel."""
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    for _ in range(2):  # the second call: the fast path knows the kernel's good launch
        with pytest.raises(runtime.KernelValueError, match=r"^bounded\(\): `block` 256 has 256 threads, over the "
                           r"kernel's #\[launch_bounds\(128\)\]; pass a block of at most 128 threads$"):
            kernels.bounded(arr(0, 1000), arr(1, 1000), block=256)
        kernels.bounded(arr(0, 1000), arr(1, 1000))  # by default, blocks of its bound
    with pytest.raises(runtime.KernelValueError, match=r"^bounded\(\): `block` \(129,\) has 129 threads, over"):
        kernels.bounded(arr(0, 1000), arr(1, 1000), threads=(1000,), block=(129,))
    # coarsened 4 times (the manifest's `coarsen`): the 8 blocks of 128 a plain launch needs, in 2
    assert [launch[1] for launch in fake.launches] == [("config", (2,), (128,))] * 2


# Refusals: after the valid form primed the fast path, each bad variant must raise what
# the general path raises for it, word for word, and launch nothing.
BAD: dict[str, tuple[str, Callable[[], Call]]] = {
    "threads True (== 1)": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": True})),
    "threads 1.0 (== 1)": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1.0})),
    "block True (== 1)": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "block": True})),
    "threads (1.0,)": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": (1.0,), "block": (1,)})),
    "block (True,)": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": (1,), "block": (True,)})),
    "threads a list": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": [1]})),
    "block a list": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "block": [1]})),
    "threads negative": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": -1})),
    "block 1025": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "block": 1025})),
    "block over the launch bounds": ("bounded", lambda: ((arr(0, 1000), arr(1, 1000)), {"block": 129})),
    "block tuple over the launch bounds": ("bounded", lambda: ((arr(0, 1000), arr(1, 1000)), {"block": (256,)})),
    "block 0": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "block": 0})),
    "threads 4-tuple": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": (1, 1, 1, 1)})),
    "block rank differs": ("saxpy", lambda: ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "block": (1, 1)})),
    "grid over CUDA's limit": ("blur", lambda: ((1, 1, arr(0, 1), arr(1, 1)), {"threads": (1, 70000 * 16)})),
    "2-D: threads (8.0, 8)": ("shift2d", lambda: ((arr(0, 64), arr(1, 64)), {"threads": (8.0, 8)})),
    "2-D: threads an int": ("shift2d", lambda: ((arr(0, 64), arr(1, 64)), {"threads": 64})),
    "2-D: no threads": ("shift2d", lambda: ((arr(0, 64), arr(1, 64)), {})),
    "2-D: block (16, 16.0)": ("shift2d", lambda: ((arr(0, 64), arr(1, 64)), {"threads": (8, 8), "block": (16, 16.0)})),
    "3-D: threads (4, 4, True)": ("volume", lambda: ((4, 0, arr(0, 64, "<f8"), arr(1, 64, "<f8")),
                                                      {"threads": (4, 4, True)})),
    "3-D: block z 65": ("volume", lambda: ((4, 0, arr(0, 64, "<f8"), arr(1, 64, "<f8")),
                                            {"threads": (4, 4, 4), "block": (1, 1, 65)})),
    "3-D: a requirement fails": ("volume", lambda: ((5, 0, arr(0, 64, "<f8"), arr(1, 64, "<f8")),
                                                     {"threads": (4, 4, 4)})),
    "3-D: divides by zero": ("volume", lambda: ((0, 0, arr(0, 64, "<f8"), arr(1, 64, "<f8")),
                                                 {"threads": (4, 4, 4)})),
    "uint64 negative": ("volume", lambda: ((-4, 0, arr(0, 64, "<f8"), arr(1, 64, "<f8")), {"threads": (4, 4, 4)})),
    "int64 too large": ("volume", lambda: ((4, 2**63, arr(0, 64, "<f8"), arr(1, 64, "<f8")), {"threads": (4, 4, 4)})),
    "dynamic shared True": ("reverse", lambda: ((arr(0, 512), True), {"block": 256})),
    "dynamic shared 1.0": ("reverse", lambda: ((arr(0, 512), 256.0), {"block": 256})),
    "dynamic shared negative": ("reverse", lambda: ((arr(0, 512), -1), {"block": 256})),
    "dynamic shared over the device's limit": ("reverse", lambda: ((arr(0, 512), 2**20), {"block": 256})),
    "float64 given a bool": ("histogram", lambda: ((arr(0, 8, "<i8"), 4, True, arr(1, 4, "<u8")),
                                                    {"threads": 8, "block": 8})),
    "float64 given an int past its range": ("histogram", lambda: ((arr(0, 8, "<i8"), 4, 10**400, arr(1, 4, "<u8")),
                                                                   {"threads": 8, "block": 8})),
    "float32 given an int past its range": ("saxpy", lambda: ((10**39, arr(0, 1), arr(1, 1)), {"threads": 1})),
    "no array: threads missing": ("fill", lambda: ((7, 1.5), {})),
    "no array: seed a float": ("fill", lambda: ((7.0, 1.5), {"threads": 1000, "block": 250})),
    "six arrays: an output overlaps an input": ("layernorm", lambda: (
        (8, 32, 1e-5, arr(0, 256), arr(1, 32), arr(2, 32), arr(3, 256), arr(4, 8),
         arr(1, 8)), {"threads": 256, "block": 32})),
    "six arrays: the last requirement fails": ("layernorm", lambda: (
        (8, 32, 1e-5, arr(0, 256), arr(1, 32), arr(2, 32), arr(3, 256), arr(4, 8),
         arr(5, 9)), {"threads": 256, "block": 32})),
    "six arrays: a read-only output": ("layernorm", lambda: (
        (8, 32, 1e-5, arr(0, 256), arr(1, 32), arr(2, 32), arr(3, 256), arr(4, 8),
         arr(5, 8, readonly=True)), {"threads": 256, "block": 32})),
    "stream neither an object with __cuda_stream__ nor a handle": ("saxpy", lambda: (
        (1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "stream": -7})),
}
PRIME: dict[str, Call] = {  # a valid call of each kernel's form, which primes its fast path
    "saxpy": ((1.0, arr(0, 1), arr(1, 1)), {"threads": 1, "block": 1}),
    "blur": ((1, 1, arr(0, 1), arr(1, 1)), {"threads": (1, 1)}),
    "shift2d": ((arr(0, 64), arr(1, 64)), {"threads": (8, 8), "block": (16, 16)}),
    "volume": ((4, 0, arr(0, 64, "<f8"), arr(1, 64, "<f8")), {"threads": (4, 4, 4), "block": (4, 4, 1)}),
    "reverse": ((arr(0, 512), 1), {"block": 256}),
    "histogram": ((arr(0, 8, "<i8"), 4, 1.0, arr(1, 4, "<u8")), {"threads": 8, "block": 8}),
    "fill": ((7, 1.5), {"threads": 1000, "block": 250}),
    "bounded": ((arr(0, 1000), arr(1, 1000)), {"block": 128}),
    "layernorm": ((8, 32, 1e-5, arr(0, 256), arr(1, 32), arr(2, 32), arr(3, 256), arr(4, 8), arr(5, 8)),
                  {"threads": 256, "block": 32}),
}


def general_refusal(kernels: ModuleType, name: str, args: tuple[Any, ...], options: dict[str, Any]) -> Exception:
    """What the general path alone (the runtime's `Kernel`, no generated code) raises."""
    kernel = kernels._module.kernel(name)
    with pytest.raises(Exception) as info:
        kernel(args, options.get("stream"), options.get("threads"), options.get("block"))
    return info.value


@pytest.mark.parametrize("case", list(BAD))
def test_the_fast_path_refuses_what_the_general_path_refuses(kernels: ModuleType, fake: FakeCuda, case: str) -> None:
    name, call = BAD[case]
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    prime_args, prime_options = PRIME[name]
    getattr(kernels, name)(*prime_args, **prime_options)
    # the bad call's nearest good form is known to the fast path as well
    if "threads" in call()[1] and type(call()[1]["threads"]) in (bool, float):
        getattr(kernels, name)(*call()[0], threads=1)
    launched = len(fake.launches)
    assert kernels._module.kernel(name).state.entries
    args, options = call()
    expected = general_refusal(kernels, name, args, options)
    assert isinstance(expected, (runtime.KernelArgumentError, runtime.KernelValueError)), repr(expected)
    with pytest.raises(type(expected)) as info:
        getattr(kernels, name)(*args, **options)
    assert str(info.value) == str(expected)
    assert len(fake.launches) == launched, "a refused call launched"


def test_equal_but_not_int_shapes_find_no_entry(kernels: ModuleType, fake: FakeCuda) -> None:
    """`True == 1`, `2.0 == 2` and `(8.0, 8) == (8, 8)` as dictionary keys: the fast path must
    not take them for the ints whose launch it recorded (the general path refuses them)."""
    kernels.saxpy(1.0, arr(0, 1), arr(1, 1), threads=1, block=1)
    kernels.shift2d(arr(0, 64), arr(1, 64), threads=(8, 8))
    assert kernels._fast_saxpy(1.0, arr(0, 1), arr(1, 1), None, 1, 1) is True
    assert kernels._fast_saxpy(1.0, arr(0, 1), arr(1, 1), None, True, 1) is False
    assert kernels._fast_saxpy(1.0, arr(0, 1), arr(1, 1), None, 1, 1.0) is False
    assert kernels._fast_shift2d(arr(0, 64), arr(1, 64), None, (8, 8)) is True
    assert kernels._fast_shift2d(arr(0, 64), arr(1, 64), None, (8.0, 8)) is False
    assert kernels._fast_shift2d(arr(0, 64), arr(1, 64), None, (8, 8), (16, True)) is False


def test_names_of_builtins_take_the_fast_path(kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch) -> None:
    """`len`, `all`, `tuple` are fine Rust names, and so is `type`. A launcher names its arguments by
    position and lives in a module of its own, which kernel names never reach: parameters named like
    the builtins it calls, and a kernel named `type`, take the fast path, through one launcher (the
    two kernels' signatures agree)."""
    for n, name in enumerate(("shadows", "type")):
        stub = getattr(kernels, name)
        stub(16, arr(4 * n, 16), arr(4 * n + 1, 16), threads=(16,), block=(16,))
        forbid_general_path(kernels, name, monkeypatch)
        stub(16, arr(4 * n + 2, 16), arr(4 * n + 3, 16), threads=(16,), block=(16,))
    assert len(fake.launches) == 4 and [values(launch)[0] for launch in fake.launches] == [16] * 4
    source = Path(kernels.__file__).read_text()
    found = re.search(r"^_fast_shadows = _launchers\.(\w+)\(", source, re.M)
    assert found is not None and f"\n_fast_type = _launchers.{found[1]}(" in source


def test_the_generated_module_reads_as_code(kernels: ModuleType) -> None:
    """Every kernel has a fast path, and each stub hands it every call."""
    source = Path(kernels.__file__).read_text()
    for name in kernels._module.kernels:
        assert f"    if _fast_{name}(" in source and "stream, threads, block):\n" in source, name
    assert "threads is None and block is None" not in source


def at(address: int, n: int, typestr: str = "<f4") -> Any:
    """A CAI v3 array of `n` elements at byte `address` past the fake's base (may overlap others)."""
    from test_stubs import CudaArray

    return CudaArray(n, typestr, BASE + address, **{})


LAYERNORM = (8, 32, 1e-5, arr(0, 256), arr(1, 32), arr(2, 32), arr(3, 256), arr(4, 8), arr(5, 8))
SLOT = 2**20
# A call equal to LAYERNORM but in one value that the overlap and `where` tests read: the
# launcher remembers the values of the last call that passed them, so each of these must miss
# that memo and be refused with the general path's message (positions in LAYERNORM).
ONE_FIELD_OFF: dict[str, tuple[int, Any]] = {
    "out's pointer inside inp": (6, at(512, 256)),
    "out's pointer onto inp": (6, at(0, 256)),
    "mean's pointer onto out's last element": (7, at(3 * SLOT + 1020, 8)),
    "rstd's pointer onto mean's first element": (8, at(4 * SLOT - 28, 8)),
    "weight's pointer inside rstd": (4, at(5 * SLOT + 4, 32)),
    "mean's size": (7, arr(4, 9)),
    "rstd's size": (8, arr(5, 7)),
    "inp's size": (3, arr(0, 255)),
    "bias's size": (5, arr(2, 33)),
    "scalar n": (0, 9),
    "scalar c": (1, 31),
    "scalar c zero": (1, 0),
}


@pytest.mark.parametrize("library", ["cai", "cupy", "torch"])
@pytest.mark.parametrize("case", list(ONE_FIELD_OFF))
def test_a_call_off_the_memo_in_one_value_is_checked_again(
    kernels: ModuleType, fake: FakeCuda, hooks: Any, monkeypatch: pytest.MonkeyPatch, case: str, library: str
) -> None:
    runtime = sys.modules[f"{PACKAGE}._oxpack.runtime"]
    options = {"threads": 256, "block": 32}
    good = [as_library(a, library, hooks) for a in LAYERNORM]
    kernels.layernorm(*good, **options)  # the general path: checks, launches, records the launch
    assert kernels._fast_layernorm(*good, None, 256, 32) is True  # the fast path: passes, remembers the values
    launched = len(fake.launches)
    position, value = ONE_FIELD_OFF[case]
    bad = list(LAYERNORM)
    bad[position] = value
    expected = general_refusal(kernels, "layernorm", tuple(bad), options)
    assert isinstance(expected, runtime.KernelValueError), repr(expected)
    assert kernels._fast_layernorm(*(as_library(a, library, hooks) for a in bad), None, 256, 32) is False
    with pytest.raises(runtime.KernelValueError) as info:
        kernels.layernorm(*(as_library(a, library, hooks) for a in bad), **options)
    assert str(info.value) == str(expected)
    assert len(fake.launches) == launched, "a refused call launched"
    forbid_general_path(kernels, "layernorm", monkeypatch)
    kernels.layernorm(*good, **options)  # the remembered values again: the fast path
    assert len(fake.launches) == launched + 1


def test_buffers_that_touch_without_overlapping_take_the_fast_path(
    kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each buffer's end is its first byte past the data: `mean` starting right at `out`'s end
    and `rstd` ending right at `mean`'s start overlap nothing."""
    args = (8, 32, 1e-5, arr(0, 256), arr(1, 32), arr(2, 32), arr(3, 256), at(3 * SLOT + 1024, 8), at(3 * SLOT - 32, 8))
    kernels.layernorm(*args, threads=256, block=32)
    forbid_general_path(kernels, "layernorm", monkeypatch)
    kernels.layernorm(*args, threads=256, block=32)
    moved = (*args[:7], at(3 * SLOT + 1024 + 32, 8), at(3 * SLOT - 64, 8))  # other values, still apart: checked again
    kernels.layernorm(*moved, threads=256, block=32)
    assert len(fake.launches) == 3


def test_a_remembered_call_packs_what_changed(kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same arrays again, with another float (``-0.0 == 0.0``, but not its bytes), another
    integer scalar that no requirement names, another launch shape of a coarsened kernel, and from
    another thread: each block the fast path launches holds its own call's values (the launcher
    remembers, per thread, the pointers, counts and integers it checked and packed; floats and
    the coarsened count are packed on every call)."""
    import math
    import threading

    x, y, a, b = arr(0, 1000), arr(1, 1000), arr(2, 64, "<f8"), arr(3, 64, "<f8")
    first = [((0.0, x, y), {}), ((0.0, x, y), {"threads": 500, "block": 128})]
    for args, options in first:  # the general path makes both launches
        kernels.saxpy(*args, **options)
    kernels.coarse(x, y)
    kernels.coarse(x, y, threads=400)
    kernels.volume(4, 0, a, b, threads=(4, 4, 4))
    general = len(fake.launches)
    for name in ("saxpy", "coarse", "volume"):
        forbid_general_path(kernels, name, monkeypatch)
    kernels.saxpy(0.0, x, y)
    kernels.saxpy(-0.0, x, y)
    kernels.saxpy(3.5, x, y, threads=500, block=128)
    kernels.coarse(x, y)
    kernels.coarse(x, y, threads=400)
    kernels.coarse(x, y)
    kernels.volume(4, 7, a, b, threads=(4, 4, 4))
    kernels.volume(4, -(2**40), a, b, threads=(4, 4, 4))
    thread = threading.Thread(target=kernels.saxpy, args=(5.0, x, y))
    thread.start()
    thread.join()
    launched = [values(launch) for launch in fake.launches[general:]]
    ptrs = [BASE, 1000, BASE + 2**20, 1000]
    assert launched[0] == [0.0, *ptrs] and math.copysign(1.0, launched[0][0]) == 1.0
    assert launched[1] == [-0.0, *ptrs] and math.copysign(1.0, launched[1][0]) == -1.0
    assert launched[2] == [3.5, *ptrs]
    counts = [values(launch)[-1] for launch in fake.launches[general - 3:general - 1]]  # the general path's
    assert counts[0] != counts[1]
    assert [launch[-1] for launch in launched[3:6]] == [counts[0], counts[1], counts[0]]
    assert [launch[:4] for launch in launched[3:6]] == [ptrs] * 3
    assert [launch[:2] for launch in launched[6:8]] == [[4, 7], [4, -(2**40)]]
    assert launched[8] == [5.0, *ptrs]
    assert len(launched) == 9


@pytest.mark.parametrize("name", ["layernorm", "saxpy"])  # with the memo, and a block packed every call
def test_a_call_made_during_a_launch_on_the_same_thread_packs_its_own_block(
    kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A finalizer or a signal handler may call a kernel on the same thread while a fast-path
    call of it sits between packing its parameter block and launching it. Each launch still
    gets its own call's values, and so do the calls after them (the block is taken while it
    is in use, so the inner call packs another; neither leaves the memo pointing at the other's
    values)."""
    if name == "layernorm":
        outer = LAYERNORM
        inner = (8, 32, 1e-5, arr(10, 256), arr(11, 32), arr(12, 32), arr(13, 256), arr(14, 8), arr(15, 8))
        options: dict[str, Any] = {"threads": 256, "block": 32}
    else:
        outer, inner, options = (2.0, arr(0, 1000), arr(1, 1000)), (3.0, arr(10, 1000), arr(11, 1000)), {}
    call = getattr(kernels, name)
    call(*inner, **options)  # the general path makes the launch entry
    call(*outer, **options)
    forbid_general_path(kernels, name, monkeypatch)
    entries = kernels._module.kernel(name).state.entries
    (key, (launch, config, function)), = entries.items()
    reentered = []

    def launch_after_a_reentrant_call(*args: Any) -> int:
        if not reentered:  # once: as a finalizer would, between this call's packing and its launch
            reentered.append(True)
            call(*inner, **options)
        return launch(*args)

    entries[key] = (launch_after_a_reentrant_call, config, function)
    start = len(fake.launches)
    call(*outer, **options)  # the memo holds these values: packed by the call before
    entries[key] = (launch, config, function)
    call(*outer, **options)
    call(*inner, **options)
    launched = [values(launch) for launch in fake.launches[start:]]
    first, second = [values(launch) for launch in fake.launches[start - 2:start]]  # the general path's
    # the inner call launches first (inside the outer one), then the outer, then the two after
    assert launched == [first, second, second, first], "a launch got another call's parameter block"
