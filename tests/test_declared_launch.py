"""Declared launch shapes: `#[launch(threads | grid = ..., block = ..., shared = ...)]`.

One emulated build of tests/packages/declared, small kernels that declare their launch: a call passes only data, the stub
computes the launch (inline for 1-D, `Kernel.resolve` for the rest), a `{ CONST }` group reaches
the declaration as the value rustc computed, a declared `shared` leaves its parameter out of the
Python signature, the `.pyi`, the torch operator's schema and `oxpack inspect` show the declaration.
Then the attacks: explicit values that contradict the declaration, expressions that cannot be
evaluated for a call (division by zero, a negative value, a grid over CUDA's limit), arguments of
the wrong type reaching an expression; and the build's refusals, one build of one file per bad
declaration (the build names the first error of every failing file). On the GPU:
tests/test_gpu_declared_launch.py.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import shutil
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

from conftest import REPO, MakeProject, emulated

PACKAGE = REPO / "tests" / "packages" / "declared"
KERNELS = (PACKAGE / "kernels" / "d.rs").read_text()


@pytest.fixture(scope="module")
def k(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from emulated(tmp_path_factory.mktemp("declared"), "declared", {"d.rs": KERNELS}, archs=("sm_80", "sm_90a"))


def test_a_call_passes_only_data(k: ModuleType) -> None:
    x = np.arange(10, dtype=np.float32)
    out = np.zeros(10, np.float32)
    k.twice(x, out)
    assert (out == 2 * x).all()
    for rows in (1, 5, 7):  # `{Pipe::BYTES / 8}` is 5: rustc's value reached the declaration
        o = np.zeros(rows * 64, np.uint32)
        k.sized(rows, o)
        assert (o == 5 + rows % 3).all(), rows
    o = np.zeros((6, 20), np.uint32)
    k.fill2(6, 20, o)
    assert (o == 1).all()


def test_an_open_block_is_the_callers_or_the_default(k: ModuleType) -> None:
    out = np.zeros(3 * 256, np.uint32)
    k.per_row(3, out)  # the default block, 256: threads = 3 · 256
    assert (out == 1).all()
    out[:] = 0
    k.per_row(3, out, block=128)  # threads = 3 · 128
    assert out[:384].all() and not out[384:].any()


def test_the_declared_shared_memory_is_no_argument(k: ModuleType) -> None:
    assert list(inspect.signature(k.sized).parameters) == ["rows", "out", "stream", "threads", "block"]
    with pytest.raises(TypeError):
        k.sized(3, np.zeros(192, np.uint32), 5)  # the old call, with the count: one argument too many
    pyi = Path(k.__file__).with_suffix(".pyi").read_text()
    assert "def sized(\n    rows: int,\n    out: DeviceArray,\n    *," in pyi
    assert "        grid = rows blocks\n        block = 64\n        shared = 5 + rows % 3 (uint32 elements" in k.sized.__doc__


def test_the_declared_workspace_is_no_argument_and_zeroed_for_each_launch(k: ModuleType) -> None:
    """`#[launch(workspace = rows + 1)]` sizes the kernel's atomic buffer, which the stub makes, zeroed, for each
    launch: each block's 64 threads count their arrivals from 0 in every call (a workspace kept from the call
    before would count on from 64), and the kernel's `where (len(ws) == rows + 1)` holds."""
    assert list(inspect.signature(k.arrivals).parameters) == ["rows", "out", "stream", "threads", "block"]
    for rows in (1, 3, 3):
        out = np.zeros(rows * 64, np.uint32)
        k.arrivals(rows, out)
        assert (np.sort(out.reshape(rows, 64), axis=1) == np.arange(1, 65, dtype=np.uint32)).all(), rows
    with pytest.raises(TypeError):
        k.arrivals(1, np.zeros(64, np.uint32), np.zeros(2, np.uint32))  # a workspace passed: one argument too many
    pyi = Path(k.__file__).with_suffix(".pyi").read_text()
    assert "def arrivals(\n    rows: int,\n    out: DeviceArray,\n    *," in pyi
    assert "        workspace = rows + 1 (uint32 elements, `ws`, made zeroed for each launch)" in k.arrivals.__doc__


def test_the_declared_workspace_with_torch_tensors(k: ModuleType) -> None:
    """Emulating, a call of PyTorch (CPU) tensors gets a host workspace too: the counts start from 0."""
    torch = pytest.importorskip("torch")
    out = torch.zeros(2 * 64, dtype=torch.uint32)
    k.arrivals(2, out)
    assert torch.equal(out.view(2, 64).sort(dim=1).values.to(torch.int64), torch.arange(1, 65).repeat(2, 1))


def test_the_torch_operator_takes_no_shared_count_nor_workspace(k: ModuleType) -> None:
    text = Path(k.__file__).with_name("kernels_torch.py").read_text()
    schema = re.search(r'"sized",\n\s+"([^"]+)"', text)
    assert schema is not None and schema.group(1) == \
        "(SymInt rows, Tensor(a!) out, *, SymInt[]? threads=None, SymInt[]? block=None) -> ()"
    schema = re.search(r'"arrivals",\n\s+"([^"]+)"', text)  # nor the workspace
    assert schema is not None and schema.group(1) == \
        "(SymInt rows, Tensor(a!) out, *, SymInt[]? threads=None, SymInt[]? block=None) -> ()"


def test_the_manifest_and_inspect_show_the_declaration(k: ModuleType) -> None:
    manifest = json.loads((Path(k.__file__).parent / "_oxpack" / "kernels.json").read_text())
    assert manifest["kernels"]["twice"]["launch"] == {"threads": "cdiv(len(x), 4) * 4", "block": "128"}
    assert manifest["kernels"]["fill2"]["launch"] == {"threads": "(cols, rows)", "block": "(16, 8)"}
    proc = subprocess.run([sys.executable, "-m", "oxpack", "inspect", str(Path(k.__file__).parent)],
                          capture_output=True, text=True, check=True)
    assert "#[launch(grid = rows, block = 64, shared = 5 + rows % 3)] pub fn sized(" in proc.stdout
    assert "sized(rows: int, out: DeviceArray, *, stream=None, threads=None, block=None) -> None" in proc.stdout


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda k, x, o: k.twice(x, o, block=256), ValueError,
     "twice(): `block=256` differs from the kernel's declared launch `block = 128`; leave `block` out"),
    (lambda k, x, o: k.twice(x, o, threads=10), ValueError,
     "twice(): `threads=10` differs from the kernel's declared launch `threads = cdiv(len(x), 4) * 4` "
     "(threads=12 for these arguments); leave `threads` out"),
    (lambda k, x, o: k.fill2(2, 3, np.zeros(6, np.uint32), block=(8, 8)), ValueError,
     "fill2(): `block=(8, 8)` differs from the kernel's declared launch `block = (16, 8)`; leave `block` out"),
    (lambda k, x, o: k.divided(0, x, o), ValueError,
     "divided(): its declared launch `grid = len(x) // per - 1` divides by zero (len(x) = 10, per = 0); "
     "check the arguments"),
    (lambda k, x, o: k.divided(20, x, o), ValueError,
     "divided(): its declared launch `grid = len(x) // per - 1` is -1, negative (len(x) = 10, per = 20); "
     "check the arguments"),
    (lambda k, x, o: k.sized(2**31, np.zeros(10, np.uint32)), ValueError,
     "sized(): its declared launch `grid = rows` is 2147483648 blocks, over CUDA's limit (2147483647,) "
     "(rows = 2147483648); check the arguments"),
    (lambda k, x, o: k.sized(-1, np.zeros(10, np.uint32)), ValueError, "sized(): argument `rows` must fit in uint32 [0, 4294967295], got -1"),
    (lambda k, x, o: k.sized(2.0, np.zeros(10, np.uint32)), TypeError, "sized(): argument `rows` must be an int (uint32), got float"),
    (lambda k, x, o: k.twice("x", o), TypeError, "twice(): argument `x` must be a float32 host array"),
])
def test_a_call_the_declaration_cannot_launch_is_one_line(k: ModuleType, call: object, error: type[Exception],
                                                           message: str) -> None:
    x, o = np.arange(10, dtype=np.float32), np.zeros(10, np.float32)
    with pytest.raises(error) as caught:
        call(k, x, o)  # type: ignore[operator]
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)
    assert not o.any()  # nothing ran


def test_emulation_never_tunes(k: ModuleType) -> None:
    x, out = np.arange(300, dtype=np.float32), np.ones(300, np.float32)
    k.accumulate(x, out)
    assert (out == 1 + x).all()
    assert k._module.tuner.timed_runs == 0 and k._module.kernel("accumulate").tuned((x, out)) is None
    assert "default: the fastest of 64, 128, 256, 512 for the call's" in k.accumulate.__doc__
    manifest = json.loads((Path(k.__file__).parent / "_oxpack" / "kernels.json").read_text())
    assert manifest["kernels"]["accumulate"]["tune"] == {"block": [[64], [128], [256], [512]]}


def test_the_tuned_lookup_follows_the_sizes_of_each_call(k: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """`Kernel.tuned` remembers the last call's sizes and block: calls that alternate two sizes each get the
    block chosen for their own sizes (a stand-in chooser, no GPU: 128 below 1000 elements, else 512), chosen
    once per size; an array resized in place is measured again, not known by its identity; threads that
    alternate sizes at once never get another size's block."""
    kernel = k._module.kernel("accumulate")
    runtime = sys.modules[type(kernel).__module__]  # the package's copy of runtime/_kernel.py
    asked: list[tuple[int, ...]] = []

    def choose(_: object, args: tuple[object, ...], stream: object, sizes: tuple[int, ...], *rest: object
               ) -> tuple[int, bool]:
        asked.append(sizes)
        return (128 if sizes[-1] < 1000 else 512), True

    monkeypatch.setattr(runtime, "_choose_block", choose)
    monkeypatch.setattr(runtime._hooks, "one_device", True)
    monkeypatch.setattr(k._module, "emulate", False)  # tuned() answers None while emulating
    monkeypatch.setattr(kernel, "_tuned", {})
    monkeypatch.setattr(kernel, "_last_tuned", (None, None))
    small = np.ones(100, np.float32), np.ones(100, np.float32)
    big = np.ones(5000, np.float32), np.ones(5000, np.float32)
    for _ in range(3):
        assert kernel.tuned(small) == 128
        assert kernel.tuned(small) == 128
        assert kernel.tuned(big) == 512
    assert asked == [(100, 100), (5000, 5000)]  # each size chosen once, then remembered
    x, out = np.ones(100, np.float32), np.ones(100, np.float32)
    assert kernel.tuned((x, out)) == 128
    x.resize(5000, refcheck=False)
    out.resize(5000, refcheck=False)
    assert kernel.tuned((x, out)) == 512  # the same objects, other sizes
    assert kernel.tuned(("no array", out)) is None  # an argument that cannot be measured: the launch names it
    wrong: list[object] = []

    def alternate(first: bool) -> None:
        for n in range(2000):
            small_turn = (n % 2 == 0) is first
            block = kernel.tuned(small if small_turn else big)
            if block != (128 if small_turn else 512):
                wrong.append(block)

    threads = [threading.Thread(target=alternate, args=(n % 2 == 0,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong and asked == [(100, 100), (5000, 5000)]


def test_the_sizes_a_tuning_is_for_are_measured_alike_by_the_kernels_sizer() -> None:
    """`_autotune.sizer` (made once per kernel) gives what the plain loop below gives: integer scalars given as ints
    (a float or a NumPy integer passed for one is left out; floating-point scalars always are: the fast path builds
    the same tuple from what it reads), each array's element count; a call of another length raises."""
    from oxpack.runtime._autotune import sizer
    from oxpack.runtime._dtypes import DTYPES
    from oxpack.runtime._launch import elements
    from oxpack.runtime._types import _Param

    def sizes_of(call: tuple[object, ...], params: tuple[_Param, ...]) -> tuple[int, ...]:
        out = []
        for p, value in zip(params, call, strict=True):
            if p.kind == "scalar":
                if p.dtype.bounds is not None and type(value) is int:
                    out.append(value)
            else:
                out.append(elements(value))
        return tuple(out)

    u32, f32 = DTYPES["uint32"], DTYPES["float32"]
    arrays = (_Param(0, "x", "in", f32), _Param(1, "out", "out", f32))
    mixed = (_Param(0, "n", "scalar", u32), _Param(1, "x", "in", f32), _Param(2, "eps", "scalar", f32),
             _Param(3, "out", "out", f32))
    x, out = np.ones(10, np.float32), np.ones((3, 4), np.float32)
    for params, call in [(arrays, (x, out)), (mixed, (7, x, 0.5, out)), (mixed, (np.uint32(7), x, 2, out)),
                         (mixed, (7.0, x, 1, out))]:
        assert sizer(params)(call) == sizes_of(call, params), call
    assert sizer(mixed)((7, x, 0.5, out)) == (7, 10, 12)
    for params, call in [(arrays, (x,)), (arrays, (x, out, out)), (mixed, (7, x, 0.5))]:
        with pytest.raises(ValueError):
            sizes_of(call, params)
        with pytest.raises(ValueError):
            sizer(params)(call)


def test_a_variant_of_its_own_launch_runs_as_it_declares(k: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """`triple` has an sm_90a body of another launch, `where` and a `DynShared` it sizes: Python passes both
    the same arguments; emulation runs the portable body, or under OXPACK_EMULATE_ARCH=sm_90a the variant."""
    x, out = np.arange(200, dtype=np.float32), np.zeros(200, np.float32)
    k.triple(x, out)
    assert (out == 3 * x).all()
    k.triple(x, out, block=128)  # the portable body leaves its block open
    monkeypatch.setattr(k._module, "_emulate_arch", "sm_90a")
    k.triple(x, out)
    assert (out == 3 * x + 1010).all()  # `{Pipe::BYTES / 4}` = 10 shared elements
    with pytest.raises(ValueError, match=r"^triple\(\): `block=128` differs from the kernel's declared launch "
                       r"`block = 64`; leave `block` out$"):
        k.triple(x, out, block=128)
    assert "On sm_90a, its variant `triple_sm90a` (another launch):\n        grid = cdiv(len(out), 64) blocks" \
        in k.triple.__doc__
    assert list(inspect.signature(k.triple).parameters) == ["x", "out", "stream", "threads", "block"]


def test_a_variant_the_tma_cannot_read_is_tried_once_per_cause(k: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """`shifted` has an sm_90a body that reads `x` by TMA (it writes rows·1000 + cols of `x`); arrays the TMA
    cannot read run the portable body (x + 1). The variant is tried (and refuses) once per cause of refusal:
    a layout (flat, rows of 8 bytes) or an address (a base 4 bytes past 16); later calls that would be refused
    for a cause seen run the portable body at once, and calls the TMA reads still run the variant."""
    monkeypatch.setattr(k._module, "_emulate_arch", "sm_90a")
    kernel = k._module.kernel("shifted")
    tma = kernel.bodies["sm_90a"].tma
    monkeypatch.setattr(tma, "refused", 0)  # the module's fixture is shared: this test counts from none
    monkeypatch.setattr(tma, "refusals", 0)
    x, out = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)

    def run(array: np.ndarray) -> tuple[str, int]:
        out[:] = 0
        k.shifted(array, out)
        body = "variant" if (out == array.shape[0] * 1000 + array.shape[-1]).all() else \
            "portable" if (out == array.ravel() + 1).all() else f"wrong: {out[:4]}"
        return body, tma.refusals

    assert run(x.reshape(8, 8)) == ("variant", 0)
    assert kernel.pick((x, out)) is kernel.bodies["sm_90a"]  # nothing refused yet: no array is read to pick
    assert run(x) == ("portable", 1)  # flat: the variant refuses, the portable body runs
    assert kernel.pick((x, out)) is kernel and kernel.pick((x.reshape(8, 8), out)).arch_key == "sm_90a"
    for _ in range(3):
        assert run(x) == ("portable", 1)  # not tried again
    assert run(x.reshape(32, 2)) == ("portable", 1)  # rows of 8 bytes: a layout too, known at once
    assert run(x.reshape(16, 4)) == ("variant", 1)  # rows of 16 bytes: the variant still runs
    assert run(x.reshape(8, 8)) == ("variant", 1)
    shifted = np.arange(65, dtype=np.float32)[1:]  # a base 4 bytes past 16-byte alignment
    assert shifted.ctypes.data % 16 == 4 and x.ctypes.data % 16 == 0
    assert run(shifted.reshape(8, 8)) == ("portable", 2)  # an address: tried once
    assert run(shifted.reshape(8, 8)) == ("portable", 2)
    assert run(shifted.reshape(16, 4)) == ("portable", 2)
    assert run(x.reshape(8, 8)) == ("variant", 2)  # an aligned base: the variant
    assert tma.refused == 3
    with pytest.raises(TypeError, match=r"^shifted\(\): argument `x` must be a float32 array, got a float64 array$"):
        k.shifted(x.astype(np.float64), out)  # an array of the wrong dtype is still refused, as by either body


def test_a_packed_tma_source_is_its_per_head_view_and_keeps_its_own_maps() -> None:
    """A `TmaHeads` (kind `tmah`) takes a 3-D (rows, heads, cols) array as its (heads, rows, cols) view (its
    `rows` are the first dimension), refuses another rank in one line, and finds only maps made for a packed
    source: a `TmaSource3`'s map of an array of that view's shape at the same address reads other bytes."""
    from types import SimpleNamespace

    from oxpack.runtime import _tma
    from oxpack.runtime._checks import _tma_dim
    from oxpack.runtime._dtypes import DTYPES
    from oxpack.runtime._types import BodyUnfitError, _Param

    bf16 = DTYPES["bfloat16"]
    param = _Param(0, "q", "tmah", bf16)
    tma = _tma._TmaSources("k", (param,), body=True)
    packed = np.zeros((300, 4, 64), np.uint16)
    assert tma.shape(SimpleNamespace(obj=packed, param=param, ptr=4096)) == (4, 300, 64)  # type: ignore[arg-type]
    dims = (_tma_dim(packed, "tmah", True), _tma_dim(packed, "tmah", False), _tma_dim(packed, "tma3", True))
    assert dims == (300, 64, 4)
    for bad in (np.zeros((300 * 4, 64), np.uint16), np.zeros((1, 300, 4, 64), np.uint16)):
        with pytest.raises(BodyUnfitError, match=r"^k\(\): argument `q` is a packed TMA source \(`TmaHeads`\): pass a "
                                                 r"non-empty 3-D array \(rows, heads, cols\), got shape"):
            tma.shape(SimpleNamespace(obj=bad, param=param, ptr=4096))  # type: ignore[arg-type]
    assert tma.refused == _tma._LAYOUT and not tma.fits((np.zeros((8, 64), np.uint16),)) and tma.fits((packed,))
    view = np.zeros((4, 300, 64), np.uint16)  # what a TmaSource3 of the per-head view's shape would be
    saved = dict(_tma._TMA_MAPS)
    try:
        _tma._TMA_MAPS.clear()
        _tma._TMA_MAPS[(0, 4096, (4, 300, 64), "bfloat16", "tmah")] = (111, None)
        assert _tma.tma_block(packed, 0, 4096, "bfloat16", 3, packed=True) == 111
        assert _tma.tma_block(view, 0, 4096, "bfloat16", 3) == 0  # not a TmaSource3's map
        _tma._TMA_MAPS[(0, 4096, (4, 300, 64), "bfloat16")] = (222, None)
        assert _tma.tma_block(view, 0, 4096, "bfloat16", 3) == 222
        assert _tma.tma_block(packed, 0, 4096, "bfloat16", 3, packed=True) == 111
    finally:
        _tma._TMA_MAPS.clear()
        _tma._TMA_MAPS.update(saved)


def test_the_tma_screen_reads_what_the_general_path_reads() -> None:
    """`_TmaSources.fits`, for arrays of `__cuda_array_interface__` only (no `shape` attribute): it tests only
    the causes refused before, reading the shape as `_TmaSources.shape` does (no shape at all is rank 0, which
    either body refuses: `"no array"` is no array)."""
    from oxpack.runtime._dtypes import DTYPES
    from oxpack.runtime._tma import _ADDRESS, _LAYOUT, _TmaSources
    from oxpack.runtime._types import _Param

    class Cai:
        def __init__(self, shape: tuple[int, ...], address: int) -> None:
            self.__cuda_array_interface__ = {"shape": shape, "data": (address, False), "typestr": "<f4", "version": 3}

    f32 = DTYPES["float32"]
    call = (_Param(0, "n", "scalar", DTYPES["uint32"]), _Param(1, "a", "tma", f32), _Param(2, "q", "tma3", f32),
            _Param(3, "out", "out", f32))
    tma = _TmaSources("k", call, body=True)
    assert tma.sources == ((1, "tma", 4), (2, "tma3", 4))
    good = (3, Cai((8, 8), 256), Cai((2, 8, 4), 512), Cai((4,), 4))
    flat, rows, empty = Cai((64,), 256), Cai((16, 2), 256), Cai((0, 8), 256)
    heads, odd = Cai((1, 2, 8, 4), 512), Cai((8, 8), 260)
    cases = [(good, True), ((3, flat, *good[2:]), False), ((3, rows, *good[2:]), False),
             ((3, empty, *good[2:]), False), ((3, good[1], heads, good[3]), True),
             ((3, good[1], Cai((8, 4), 512), good[3]), False), ((3, odd, *good[2:]), False),
             ((3, "no array", *good[2:]), False)]
    for refused in (0, _LAYOUT, _ADDRESS, _LAYOUT | _ADDRESS):
        tma.refused = refused
        for args, fits in cases:
            address = args[1] is odd
            expected = fits or not refused & (_ADDRESS if address else _LAYOUT)
            assert tma.fits(args) is expected, (refused, args[1].__dict__ if hasattr(args[1], "__dict__") else args[1])


def test_outputs_left_out_are_made_and_returned(k: ModuleType) -> None:
    a, b = np.arange(3, dtype=np.float32), np.arange(5, dtype=np.float32)
    c = k.outer(a, b)
    assert isinstance(c, np.ndarray) and c.shape == (3, 5) and c.dtype == np.float32
    assert (c == np.outer(a, b)).all()
    given = np.zeros((3, 5), np.float32)
    assert k.outer(a, b, given) is given and (given == np.outer(a, b)).all()  # the form with `c` stays
    x = np.arange(12, dtype=np.uint32)
    out, rest = k.split(4, x)
    assert out.shape == (3, 4) and (out.ravel() == x // 4).all() and (rest == x % 4).all()
    mine = np.zeros(12, np.uint32)
    out, rest = k.split(4, x, rest=mine)
    assert rest is mine and (mine == x % 4).all()
    assert list(inspect.signature(k.split).parameters) == ["per", "x", "out", "rest", "stream", "threads", "block"]
    assert inspect.signature(k.split).parameters["out"].default is None
    pyi = Path(k.__file__).with_suffix(".pyi").read_text()
    assert "    c: DeviceArray | None = None,\n    *," in pyi and ") -> tuple[DeviceArray, DeviceArray]:" in pyi
    assert "c: float32 device array, written; left out, the call\n            makes it with dims (len(a), len(b))" \
        in k.outer.__doc__


def test_outputs_left_out_as_torch_tensors(k: ModuleType) -> None:
    torch = pytest.importorskip("torch")
    a, b = torch.arange(3, dtype=torch.float32), torch.arange(5, dtype=torch.float32)
    c = k.outer(a, b)
    assert isinstance(c, torch.Tensor) and c.shape == (3, 5) and c.dtype == torch.float32
    assert torch.equal(c, torch.outer(a, b))


def test_remembered_output_dims_follow_every_call(k: ModuleType) -> None:
    """The outputs' dims are computed once per element counts, scalars and outputs left out (`_Outputs.dims`):
    each call after another of other sizes, scalars or outputs gets its own dims, and a call the dims refuse is
    refused whatever was remembered before it."""
    outputs = k._module.kernel("split").outputs
    outputs.made.clear()  # (the module's other tests called it too)
    for per, n in ((4, 12), (3, 12), (4, 24), (4, 12), (6, 24)):
        x = np.arange(n, dtype=np.uint32)
        out, rest = k.split(per, x)
        assert out.shape == (n // per, per) and rest.shape == (n,)
        assert (out.ravel() == x // per).all() and (rest == x % per).all()
        mine = np.zeros((n // per, per), np.uint32)
        assert k.split(per, x, mine)[0] is mine and (mine.ravel() == x // per).all()  # only `rest` made
    assert len(outputs.made) == 8  # (4, 12) twice: remembered once, with and without `out` given
    with pytest.raises(ValueError, match="divides by zero"):
        k.split(0, np.arange(4, dtype=np.uint32))
    for wrong in (4.0, True, np.uint32(4)):  # an int's value, not an int: refused, never looked up
        with pytest.raises(TypeError, match="argument `per` must be an int"):
            k.split(wrong, np.arange(12, dtype=np.uint32))
    assert len(outputs.made) == 8


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda k: k.split(0, np.arange(4, dtype=np.uint32)), ValueError,
     "split(): the declared dims of output `out`, (len(x) // per, per), divides by zero (len(x) = 4, per = 0); "
     "check the arguments, or pass `out`"),
    (lambda k: k.split(2.5, np.arange(4, dtype=np.uint32)), TypeError,
     "split(): argument `per` must be an int (uint32), got float"),
    (lambda k: k.outer("a", np.arange(2, dtype=np.float32)), TypeError, "outer(): argument `a` must be an array, got str"),
    (lambda k: k.outer(memoryview(b"abcd").cast("f"), memoryview(b"abcd").cast("f")), TypeError,
     "outer(): cannot make output `c`: the call's first array is a memoryview, and oxpack makes outputs with "
     "PyTorch, CuPy or NumPy; pass `c`"),
])
def test_an_output_that_cannot_be_made_is_one_line(k: ModuleType, call: object, error: type[Exception],
                                                    message: str) -> None:
    with pytest.raises(error) as caught:
        call(k)  # type: ignore[operator]
    assert str(caught.value) == message


def test_an_override_of_an_open_key_is_still_checked(k: ModuleType) -> None:
    with pytest.raises(ValueError, match=r"^per_row\(\): `block` must have every dimension >= 1"):
        k.per_row(2, np.zeros(8, np.uint32), block=0)


def test_scalars_a_call_leaves_out_come_from_the_arrays_dims(k: ModuleType) -> None:
    """`#[dims(a = (m, k), b = (n, k))]`: `matmul_nt(a, b)` reads m, n, k from the shapes and gives what the
    call with every scalar (and flat arrays) gives; `c` may be passed, by place or by name; a call naming
    every argument may name some scalars (checked against the shapes); a scalar the dims do not give
    (`scale`) stays the call's, in its place."""
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((5, 3)).astype(np.float32), rng.standard_normal((4, 3)).astype(np.float32)
    explicit = k.matmul_nt(5, 4, 3, a.ravel(), b.ravel())
    derived = k.matmul_nt(a, b)
    assert derived.shape == (5, 4) and np.array_equal(derived, explicit.reshape(5, 4))
    assert np.allclose(derived, a @ b.T, atol=1e-5)
    for call in (lambda c: k.matmul_nt(a, b, c), lambda c: k.matmul_nt(a, b, c=c),
                 lambda c: k.matmul_nt(a=a, b=b, c=c, k=3), lambda c: k.matmul_nt(5, 4, 3, a, b, c)):
        c = np.zeros((5, 4), np.float32)
        assert call(c) is c and np.array_equal(c, derived)
    assert np.array_equal(k.matmul_nt(a=a.ravel(), b=b, m=5), derived)  # k and n from `b`; a flat `a` sized by m, k
    x = rng.standard_normal((6, 7)).astype(np.float32)
    assert np.array_equal(k.scaled(2.5, x), 2.5 * x) and np.array_equal(k.scaled(2.5, 6, 7, x).reshape(6, 7), 2.5 * x)
    pair = np.arange(14, dtype=np.float32).reshape(2, 7)
    assert np.array_equal(k.pairs(pair), pair[0] + pair[1])
    into = np.zeros(7, np.float32)  # the data alone, its output passed: `pair` lands in `n`'s parameter, `into` in `x`'s
    assert k.pairs(pair, into) is into and np.array_equal(into, pair[0] + pair[1])
    assert np.array_equal(k.pairs(7, pair.ravel()), pair[0] + pair[1])
    with pytest.raises(ValueError, match=r"^pairs\(\): requirement `len\(x\) == 2 \* n` failed"):
        k.pairs(x=pair, n=6)  # every scalar passed (by name): the call as it always was


def test_scalars_from_torch_tensors(k: ModuleType) -> None:
    torch = pytest.importorskip("torch")
    a, b = torch.randn(5, 3), torch.randn(4, 3)
    c = k.matmul_nt(a, b)
    assert isinstance(c, torch.Tensor) and c.shape == (5, 4)
    assert torch.allclose(c, a @ b.T, atol=1e-5)
    assert torch.equal(k.matmul_nt(5, 4, 3, a.reshape(-1), b.reshape(-1)), c)


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda k, a, b: k.matmul_nt(a.ravel(), b.ravel()), TypeError,
     "matmul_nt(): argument `a` is flat (shape (15,)), so `m` cannot be read from its dims (m, k): pass the "
     "scalars, matmul_nt(m, n, k, a, b[, c]), or `a` with dims (m, k)"),
    (lambda k, a, b: k.matmul_nt(a[None], b), TypeError,
     "matmul_nt(): argument `a` must have the kernel's declared dims (m, k) (2-D), got shape (1, 5, 3); reshape "
     "it, or pass every scalar (matmul_nt(m, n, k, a, b[, c])) to pass a flat array"),
    (lambda k, a, b: k.matmul_nt(a, b.T.copy()), ValueError,
     "matmul_nt(): arguments `a` and `b` disagree on `k`: `a` of dims (m, k) has shape (5, 3) (k = 3), `b` of "
     "dims (n, k) has shape (3, 4) (k = 4)"),
    (lambda k, a, b: k.matmul_nt(a=a, b=b, k=4), ValueError,
     "matmul_nt(): `k` is 4, but argument `a` of dims (m, k) has shape (5, 3), which gives k = 3; pass k = 3, or "
     "leave it out"),
    (lambda k, a, b: k.matmul_nt(a, b, k=4), ValueError, "matmul_nt(): `k` is 4, but argument `a`"),
    (lambda k, a, b: k.matmul_nt(a), TypeError,
     "matmul_nt(): takes matmul_nt(m, n, k, a, b[, c]) or matmul_nt(a, b[, c]) (m, n, k from the arrays' dims); "
     "got 1 positional argument"),
    (lambda k, a, b: k.matmul_nt(a, b, np.zeros((5, 4), np.float32), c=np.zeros((5, 4), np.float32)), TypeError,
     "matmul_nt(): got two values for argument `c`"),
    (lambda k, a, b: k.matmul_nt("a", b), TypeError,
     "matmul_nt(): argument `a` must be an array with a `shape` to give `m` (its dims (m, k)), got str"),
    (lambda k, a, b: k.pairs(np.ones((3, 4), np.float32)), ValueError,
     "pairs(): argument `x` of dims (2, n) has shape (3, 4), but dim 0 is 2 for these arguments; check the arguments"),
    (lambda k, a, b: k.matmul_nt(a, b[:, :2].copy().reshape(2, 4)), ValueError,
     "matmul_nt(): arguments `a` and `b` disagree on `k`"),
])
def test_a_call_whose_dims_do_not_fit_is_one_line(k: ModuleType, call: object, error: type[Exception],
                                                   message: str) -> None:
    a, b = np.ones((5, 3), np.float32), np.ones((4, 3), np.float32)
    with pytest.raises(error) as caught:
        call(k, a, b)  # type: ignore[operator]
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_call_with_every_scalar_keeps_its_meaning(k: ModuleType) -> None:
    """The call that passes every scalar reads no shape: flat arrays, and arrays of any shape whose lengths fit
    the `where`, run as before (a (15,) `a` for m × k = 5 × 3, a (3, 5) one too)."""
    a, b = np.arange(15, dtype=np.float32), np.arange(12, dtype=np.float32)
    c = k.matmul_nt(5, 4, 3, a, b)
    assert np.array_equal(k.matmul_nt(5, 4, 3, a.reshape(3, 5), b), c)
    with pytest.raises(ValueError, match=r"^matmul_nt\(\): requirement `len\(a\) == m \* k` failed"):
        k.matmul_nt(5, 4, 4, a, b)


def test_the_dims_show_in_the_signature_docstring_pyi_manifest_and_inspect(k: ModuleType) -> None:
    manifest = json.loads((Path(k.__file__).parent / "_oxpack" / "kernels.json").read_text())
    assert manifest["kernels"]["matmul_nt"]["dims"] == {"a": "(m, k)", "b": "(n, k)"}
    assert list(inspect.signature(k.matmul_nt).parameters) == ["m", "n", "k", "a", "b", "c", "stream", "threads",
                                                               "block"]
    doc = k.matmul_nt.__doc__
    assert "m: uint32 scalar; left out, read from the dims of `a` (see Dims)." in doc
    assert "Dims (declared by the kernel):\n        a = (m, k)\n        b = (n, k)\n" \
           "        A call may pass only its data, matmul_nt(a, b[, c]): m, n, k then come" in doc
    pyi = Path(k.__file__).with_suffix(".pyi").read_text()
    assert "from typing import overload" in pyi
    assert "@overload\ndef matmul_nt(\n    a: DeviceArray,\n    b: DeviceArray,\n    c: DeviceArray | None = None,\n" \
           "    *,\n" in pyi
    assert "@overload\ndef matmul_nt(\n    m: int,\n    n: int,\n    k: int,\n" in pyi
    assert "@overload\ndef matmul_nt(\n    *,\n    m: int | None = None,\n" in pyi
    proc = subprocess.run([sys.executable, "-m", "oxpack", "inspect", str(Path(k.__file__).parent)],
                          capture_output=True, text=True, check=True)
    assert "#[dims(a = (m, k), b = (n, k))] #[outputs(c = (m, n))] pub fn matmul_nt(" in proc.stdout
    assert "matmul_nt(a: DeviceArray, b: DeviceArray, c: DeviceArray | None = None, *, stream=None, threads=None, " \
           "block=None) -> DeviceArray" in proc.stdout


def test_mypy_takes_each_form_of_a_derived_call(k: ModuleType, tmp_path: Path) -> None:
    """The `.pyi`'s overloads: every scalar by place, the data alone, every argument by name; mypy --strict
    accepts each and refuses the data with a scalar by place."""
    pytest.importorskip("mypy")
    package = Path(k.__file__).parent
    (tmp_path / "caller.py").write_text(textwrap.dedent("""\
        from declared import kernels
        from declared.kernels import DeviceArray


        def run(a: DeviceArray, b: DeviceArray) -> DeviceArray:
            kernels.matmul_nt(5, 4, 3, a, b)
            kernels.matmul_nt(a, b, b)
            kernels.matmul_nt(a=a, b=b, k=3)
            return kernels.matmul_nt(a, b)


        def wrong(a: DeviceArray, b: DeviceArray) -> None:
            kernels.matmul_nt(a, 4, b)
    """))
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / ".mypy"),
                           "caller.py"], cwd=tmp_path, capture_output=True, text=True, check=False,
                          env={**os.environ, "MYPYPATH": str(package.parent)})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "caller.py:13: error: No overload variant of \"matmul_nt\" matches" in proc.stdout, proc.stdout
    assert "Found 1 error" in proc.stdout, proc.stdout


def test_the_torch_operator_takes_the_data_alone(k: ModuleType) -> None:
    """`ops["matmul_nt"]` of `kernels_torch` (a `DataOp`): the operator with every scalar, or the tensors alone
    (the scalars read from their shapes in Python, then the operator, whose schema keeps them); refusals in
    one line; `torch.compile` (aot_eager) traces the data-only call into the operator with the dims."""
    torch = pytest.importorskip("torch")
    ops = importlib.import_module(f"{k.__package__}.kernels_torch").ops
    op = ops["matmul_nt"]
    a, b = torch.randn(5, 3), torch.randn(4, 3)
    want = op(5, 4, 3, a, b)
    assert want.shape == (5, 4) and torch.allclose(want, a @ b.T, atol=1e-5)
    assert torch.equal(op(a, b), want) and torch.equal(op(a=a, b=b), want) and torch.equal(op(a, b=b, k=3), want)
    assert torch.equal(op(a, b, m=5, n=4, k=3), want) and torch.equal(op(5, 4, k=3, a=a, b=b), want)
    assert op.default is torch.ops.declared.matmul_nt.default  # the operator's overloads are its own
    assert "SymInt m, SymInt n, SymInt k, Tensor a, Tensor b" in str(op.default._schema)
    for call, error, message in [
            (lambda: op(a.reshape(-1), b), ValueError, "matmul_nt(): argument `a` must have the kernel's declared dims "
             "(m, k), got shape (15,); pass the scalars with a flat tensor"),
            (lambda: op(a, b.T.contiguous()), ValueError, "matmul_nt(): `k` disagrees with the dims: `a` gives 3, `b` of "
             "dims (n, k) and shape (3, 4) gives 4"),
            (lambda: op(a, b, k=4), ValueError, "matmul_nt(): `k` disagrees with the dims: it is 4, `a` of dims (m, k) "
             "and shape (5, 3) gives 3"),
            (lambda: op(a, b, a), TypeError, "matmul_nt(): takes (m, n, k, a, b) or (a, b), got 3 positional arguments"),
            (lambda: op(a, a=a), TypeError, "matmul_nt(): got two values for argument `a`")]:
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value) == message


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
def test_torch_compile_traces_the_data_alone(k: ModuleType, backend: str) -> None:
    """`torch.compile(fullgraph=True)` of a function that calls `ops["matmul_nt"](a, b)`: the dims read from
    the fake tensors' shapes reach the operator (its fake implementation makes `c` of them), and other dims
    (the second call: symbolic, or retraced) give what eager gives."""
    torch = pytest.importorskip("torch")
    if backend == "inductor" and not shutil.which("g++") and not shutil.which("c++"):
        pytest.skip("inductor on the CPU needs a C++ compiler")
    ops = importlib.import_module(f"{k.__package__}.kernels_torch").ops

    def f(a: Any, b: Any) -> Any:
        return ops["matmul_nt"](a, b) * 2

    torch._dynamo.reset()
    compiled = torch.compile(f, fullgraph=True, backend=backend)
    g = torch.Generator().manual_seed(5)
    for m, n, kk in ((5, 4, 3), (7, 2, 3), (9, 6, 4)):
        a, b = torch.randn(m, kk, generator=g), torch.randn(n, kk, generator=g)
        torch.testing.assert_close(compiled(a, b), f(a, b))
        torch.testing.assert_close(compiled(a, b), a @ b.T * 2, atol=1e-5, rtol=1e-5)


def test_the_jax_function_takes_the_data_alone(k: ModuleType) -> None:
    jax = pytest.importorskip("jax")
    kj = importlib.import_module(f"{k.__package__}.kernels_jax")
    a = np.arange(15, dtype=np.float32).reshape(5, 3) / 7
    b = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
    want = np.asarray(jax.jit(lambda a, b: kj.matmul_nt(5, 4, 3, a, b))(a, b))
    np.testing.assert_allclose(want, a @ b.T, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(np.asarray(jax.jit(kj.matmul_nt)(a, b)), want)
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda x: kj.scaled(2.0, x))(a)), 2 * a)
    assert "Or call it with its data alone, matmul_nt(a, b): m, n, k then come from the arrays' dims" in \
        kj.matmul_nt.__doc__
    with pytest.raises(ValueError, match=r"^matmul_nt\(\): arguments `a` and `b` disagree on `k`"):
        jax.jit(kj.matmul_nt)(a, b.T.copy())
    with pytest.raises(TypeError, match=r"^matmul_nt\(\): argument `a` is flat \(shape \(15,\)\)"):
        jax.jit(kj.matmul_nt)(a.ravel(), b.ravel())


BAD = {
    "unknown.rs": ("#[launch(grid = cdiv(m, 128), block = 128)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "float.rs": ("#[launch(threads = s)]", "s: f32, out: &mut DisjointSlice<f32>"),
    "both.rs": ("#[launch(threads = n, grid = n)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "key.rs": ("#[launch(blocks = 4)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "noshared.rs": ("#[launch(threads = n, shared = 4)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "nows.rs": ("#[launch(threads = n, workspace = 4)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "twows.rs": ("#[launch(threads = n, workspace = 4)]",
                 "n: u32, out: &mut DisjointSlice<f32>, a: &[AtomicU32], b: &[AtomicU32]"),
    "lenws.rs": ("#[launch(threads = n, workspace = len(ws) + 1)]", "n: u32, out: &mut DisjointSlice<f32>, ws: &[AtomicU32]"),
    "block.rs": ("#[launch(threads = n, block = 2048)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "rank.rs": ("#[launch(threads = n)]", "ij: ThreadIndex2, n: u32, out: &mut DisjointSlice<f32>"),
    "contradicts.rs": ("#[launch(threads = n, block = 256)]", "n: u32, out: &mut DisjointSlice<f32>) where (block == 128"),
    "bounds.rs": ("#[launch(threads = n, block = 512)]\n    #[launch_bounds(256)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "selfblock.rs": ("#[launch(threads = n, block = block)]", "n: u32, out: &mut DisjointSlice<f32>"),
    "tunefixed.rs": ("#[launch(threads = n, block = 128)]\n    #[tune(block = [64, 128])]",
                     "n: u32, out: &mut DisjointSlice<f32>"),
    "tunebig.rs": ("#[tune(block = [256, 2048])]", "n: u32, out: &mut DisjointSlice<f32>"),
    "tunewhere.rs": ("#[tune(block = [128, 256])]", "n: u32, out: &mut DisjointSlice<f32>) where (block <= 128"),
    "tunekey.rs": ("#[tune(threads = [1, 2])]", "n: u32, out: &mut DisjointSlice<f32>"),
    "tuneself.rs": ("#[tune(block = [64], kernels = [tuneself_k])]", "n: u32, out: &mut DisjointSlice<f32>"),
    "tunenames.rs": ("#[tune(kernels = [1, 2])]", "n: u32, out: &mut DisjointSlice<f32>"),
    "tunetwice.rs": ("#[tune(kernels = [other, other])]", "n: u32, out: &mut DisjointSlice<f32>"),
    "outnone.rs": ("#[outputs(x = (n))]", "n: u32, x: &[f32], out: &mut DisjointSlice<f32>"),
    "outorder.rs": ("#[outputs(out = (n))]", "n: u32, out: &mut DisjointSlice<f32>, x: &[f32]"),
    "outfloat.rs": ("#[outputs(out = (s))]", "s: f32, out: &mut DisjointSlice<f32>"),
    "dimsunknown.rs": ("#[dims(x = (n, q))]", "n: u32, x: &[f32], out: &mut DisjointSlice<f32>"),
    "dimsfloat.rs": ("#[dims(x = (s))]", "s: f32, x: &[f32], out: &mut DisjointSlice<f32>"),
    "dimstwice.rs": ("#[dims(x = (n), x = (n))]", "n: u32, x: &[f32], out: &mut DisjointSlice<f32>"),
    "dimsout.rs": ("#[dims(out = (n))]", "n: u32, x: &[f32], out: &mut DisjointSlice<f32>"),
    "dimsscalar.rs": ("#[dims(n = (n))]", "n: u32, x: &[f32], out: &mut DisjointSlice<f32>"),
    "dimslaunch.rs": ("#[dims(x = (threads))]", "n: u32, x: &[f32], out: &mut DisjointSlice<f32>"),
}
REFUSALS = {
    "unknown.rs": "`#[launch(grid = cdiv(m, 128), block = 128)]` is not supported: `m` is not a parameter of the kernel",
    "float.rs": "`#[launch(threads = s)]` names `s`, a float32 scalar: a launch shape takes integer parameters",
    "both.rs": "`#[launch(threads = n, grid = n)]` is not supported: it declares both `threads` and `grid`",
    "key.rs": "`#[launch(blocks = 4)]` is not supported: `blocks` is not a key of `#[launch]`; the keys are threads, "
              "grid, block, shared, workspace",
    "noshared.rs": "`#[launch(threads = n, shared = 4)]` declares `shared`, but the kernel has no `DynShared` "
                   "parameter for it to size",
    "nows.rs": "`#[launch(threads = n, workspace = 4)]` declares `workspace`, but the kernel has no atomic buffer "
               "(`&[AtomicU32]`, ...) for it to size: give it exactly one, the workspace that the stub makes zeroed "
               "for each launch",
    "twows.rs": "`#[launch(threads = n, workspace = 4)]` declares `workspace`, but the kernel has 2 atomic buffers "
                "(a, b) for it to size: give it exactly one, the workspace that the stub makes zeroed for each launch",
    "lenws.rs": "`#[launch(threads = n, workspace = len(ws) + 1)]` names `len(ws)`, the workspace that `workspace` "
                "declares",
    "block.rs": "`#[launch(threads = n, block = 2048)]` declares a block of 2048: CUDA takes every axis >= 1, at "
                "most 1024 threads in all and z <= 64",
    "rank.rs": "`#[launch(threads = n)]` gives threads 1 axes, but the kernel takes a 2-D launch (its launch index)",
    "contradicts.rs": "`#[launch(threads = n, block = 256)]` contradicts its `where (block == 128)`: the declared "
                      "block has 256 threads",
    "bounds.rs": "`#[launch(threads = n, block = 512)]` declares a block of 512 threads, over its "
                 "#[launch_bounds(256)]",
    "selfblock.rs": "`#[launch(threads = n, block = block)]` is not supported: `block = block`: the block cannot "
                    "depend on the launch shape",
    "tunefixed.rs": "`#[tune(block = [64, 128])]` tunes the block that its `#[launch]` fixes (`block = 128`); drop "
                    "one of them",
    "tunebig.rs": "`#[tune(block = [256, 2048])]` lists a block of 2048: CUDA takes every axis >= 1, at most 1024 "
                  "threads in all and z <= 64",
    "tunewhere.rs": "`#[tune(block = [128, 256])]` contradicts its `where (block <= 128)`: a candidate block has 256 "
                    "threads",
    "tunekey.rs": "`#[tune(threads = [1, 2])]` is not supported: it takes `block`, a list of candidate blocks "
                  "(`block = [128, 256, 512]`), and/or `kernels`, a list of other kernels of the package that the "
                  "tuner may run instead (`kernels = [rmsnorm_two_pass]`), each once",
    "tuneself.rs": "`#[tune(block = [64], kernels = [tuneself_k])]` lists the kernel itself in `kernels`: list the "
                   "other kernels that the tuner may run instead",
    "tunenames.rs": "`#[tune(kernels = [1, 2])]` is not supported: `kernels` takes a non-empty list of kernel names, "
                    "like `[rmsnorm_two_pass]`",
    "tunetwice.rs": "`#[tune(kernels = [other, other])]` is not supported: `kernels` names a kernel twice",
    "outnone.rs": "`#[outputs(x = (n))]` names `x`, which is no output but an input slice; name outputs, "
                  "`&mut DisjointSlice<T>` parameters",
    "outorder.rs": "`#[outputs(out = (n))]` names outputs that `x` follows: the outputs a call may leave out come "
                   "last; move them there",
    "outfloat.rs": "`#[outputs(out = (s))]` names `s`, a float32 scalar: dims take integer parameters",
    "dimsunknown.rs": "`#[dims(x = (n, q))]` is not supported: `q` is not a parameter of the kernel",
    "dimsfloat.rs": "`#[dims(x = (s))]` names `s`, a float32 scalar: dims take integer parameters",
    "dimstwice.rs": "`#[dims(x = (n), x = (n))]` is not supported: an array is named twice",
    "dimsout.rs": "`#[dims(out = (n))]` names `out`, which is an output: an output's dims go in `#[outputs(...)]`; "
                  "name input arrays, `&[T]` or `TmaSource<T>` parameters",
    "dimsscalar.rs": "`#[dims(n = (n))]` names `n`, which is no input array but a scalar",
    "dimslaunch.rs": "`#[dims(x = (threads))]` is not supported: `dims = threads`: an array's dims cannot depend "
                     "on the launch shape",
}


def test_a_bad_declaration_is_a_build_error_naming_the_file(make_project: MakeProject) -> None:
    files = {name: f"use oxpack::prelude::*;\nkernel! {{\n    /// bad\n    {attr}\n"
                   f"    pub fn {name[:-3]}_k({params}) {{ let _ = out; }}\n}}\n"
             for name, (attr, params) in BAD.items()}
    files["dimsvariant.rs"] = ("use oxpack::prelude::*;\nkernel! {\n    /// its dims\n    #[dims(x = (n))]\n"
                               "    pub fn dimsvariant_k(n: u32, x: &[f32], out: &mut DisjointSlice<f32>) { let _ = out; }\n"
                               "    /// a variant of another rank\n    #[variant_of(dimsvariant_k, sm_90a)]\n"
                               "    #[dims(x = (n, n))]\n    pub fn dimsvariant_k_sm90a(n: u32, x: &[f32], "
                               "out: &mut DisjointSlice<f32>) { let _ = out; }\n}\n")
    root = make_project(files, archs=["sm_80"])
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(root / "out"), "-q"],
                          capture_output=True, text=True, timeout=900, check=False)
    assert proc.returncode != 0
    text = proc.stderr
    assert "kernels/dimsvariant.rs`: `#[variant_of(dimsvariant_k, sm_90a)]` on kernel `dimsvariant_k_sm90a` declares " \
           "`#[dims(x = (n, n))]`, but `dimsvariant_k` declares `#[dims(x = n)]`: Python takes one kernel's arrays, " \
           "of the same dims, on every arch; declare the same dims on both" in text, text
    for name, message in REFUSALS.items():
        line = next((line for line in text.splitlines() if f"kernels/{name}: kernel `{name[:-3]}_k`" in line), None)
        assert line is not None, (name, text)
        assert message in line, (name, line)
    assert "Traceback" not in text


# ---------------------------------------------------------------- other kernels the tuning weighs


def test_a_kernel_that_weighs_other_kernels_runs_itself_while_emulating(k: ModuleType) -> None:
    """`quintuple` lists `quintuple_blocks` in its `#[tune]`: emulation times nothing and runs the kernel itself
    (5·x; the other adds 0.5); the manifest, the docstring and `oxpack inspect` show the list."""
    x = np.arange(200, dtype=np.float32)
    assert (k.quintuple(x) == 5 * x).all()
    assert (k.quintuple_blocks(x) == 5 * x + 0.5).all()
    assert k._module.kernel("quintuple").tuned_kernel((x, np.empty_like(x))) == (None, None)
    assert k._module.tuner.timed_runs == 0
    manifest = json.loads((Path(k.__file__).parent / "_oxpack" / "kernels.json").read_text())
    assert manifest["kernels"]["quintuple"]["tune"] == {"block": [[128], [256]], "kernels": ["quintuple_blocks"]}
    assert "among this kernel (blocks 128, 256) and `quintuple_blocks`" in " ".join(k.quintuple.__doc__.split())
    proc = subprocess.run([sys.executable, "-m", "oxpack", "inspect", str(Path(k.__file__).parent)],
                          capture_output=True, text=True, check=True)
    assert "#[tune(block = [128, 256], kernels = [quintuple_blocks])]" in proc.stdout


PINNED = """
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from declared import kernels as k
k.emulation(True)
x = np.arange(200, dtype=np.float32)
try:
    out = k.quintuple(x, block=int(sys.argv[2])) if len(sys.argv) > 2 else k.quintuple(x)
except ValueError as exc:
    print("refused:", exc)
else:
    print("ran:", "other" if (out == 5 * x + 0.5).all() else "itself" if (out == 5 * x).all() else "neither")
"""


@pytest.mark.parametrize(("pin", "block", "said"), [
    ("quintuple:kernel=1", None, "ran: other"),  # the pinned kernel runs, with its own launch
    ("quintuple:block=256,kernel=0", None, "ran: itself"),
    ("quintuple:kernel=1", 128, "ran: itself"),  # a block given runs the kernel itself
    ("0", None, "ran: itself"),  # tuning off: the default
    ("quintuple:kernel=2", None, "refused: OXPACK_TUNE pins kernel `quintuple` to `kernel=2`, not one of its "
                                 "candidates: `block=128,kernel=0`, `block=256,kernel=0`, `kernel=1`; pin one of them "
                                 "or unset OXPACK_TUNE"),
    ("quintuple:block=128", None, "refused: OXPACK_TUNE pins kernel `quintuple` to `block=128`, not one of its "
                                  "candidates:"),
])
def test_a_pin_picks_the_kernel_and_block_even_while_emulating(k: ModuleType, pin: str, block: int | None,
                                                               said: str) -> None:
    """``OXPACK_TUNE=quintuple:kernel=1`` runs the other kernel in the call's place (the outputs it makes are
    the call's), as it would on the GPU, where nothing is timed either; a pin that is no candidate is one line."""
    root = str(Path(k.__file__).parent.parent)
    proc = subprocess.run([sys.executable, "-c", PINNED, root, *([] if block is None else [str(block)])],
                          capture_output=True, text=True, check=False, timeout=300,
                          env={**os.environ, "OXPACK_TUNE": pin, "OXPACK_EMULATE": "1"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().startswith(said), proc.stdout
    assert "\n" not in proc.stdout.strip()


def _face(name: str, *params: tuple[str, str, str], outputs: dict[str, str] | None = None,
          tune_kernels: tuple[str, ...] = ()) -> SimpleNamespace:
    """What `sources.tuned.check` reads of a manifest kernel: its name, parameters, launch (none), outputs and list."""
    return SimpleNamespace(name=name, params=tuple(SimpleNamespace(name=n, kind=kind, dtype=dtype)
                                                    for n, kind, dtype in params),
                           launch={}, outputs=outputs or {}, tune_kernels=tune_kernels)


X, OUT = ("x", "in", "float32"), ("out", "out", "float32")


@pytest.mark.parametrize(("others", "message"), [
    ({"b": _face("b", X, OUT), "a": _face("a", X, OUT, tune_kernels=("bb",))},
     "d.rs: kernel `a`: `#[tune(kernels = [bb])]` names `bb`, which is not a kernel of this module (did you mean `b`?)"),
    ({"b": _face("b", ("y", "in", "float32"), OUT), "a": _face("a", X, OUT, tune_kernels=("b",))},
     "d.rs: kernel `a`: `#[tune(kernels = [b])]` names `b`, which must take the same arguments from Python (the stub "
     "calls it in `a`'s place): argument 1 is `x` (a float32 array, read) in `a` but `y` (a float32 array, read) in "
     "`b`; make them equal"),
    ({"b": _face("b", X, OUT), "a": _face("a", X, OUT, outputs={"out": "len(x)"}, tune_kernels=("b",))},
     "d.rs: kernel `a`: `#[tune(kernels = [b])]` names `b`, whose `#[outputs]` differ from `a`'s (the stub returns "
     "what it makes); declare the same outputs on both"),
    ({"c": _face("c", X, OUT), "b": _face("b", X, OUT, tune_kernels=("c",)),
      "a": _face("a", X, OUT, tune_kernels=("b",))},
     "d.rs: kernel `a`: `#[tune(kernels = [b])]` names `b`, which lists kernels of its own; list them all on `a`"),
])
def test_a_listed_kernel_that_cannot_take_the_call_is_a_build_error(others: dict[str, Any], message: str) -> None:
    from oxpack.errors import StageError
    from oxpack.sources import tuned
    with pytest.raises(StageError) as caught:
        tuned.check(others, {name: "kernels/d.rs" for name in others})
    assert str(caught.value).endswith(message), str(caught.value)
    tuned.check({"b": _face("b", X, OUT), "a": _face("a", X, OUT, tune_kernels=("b",))}, {})  # a match: no error


def test_a_listed_kernel_that_is_none_fails_the_real_build_naming_the_file(make_project: MakeProject) -> None:
    source = """use oxpack::prelude::*;
kernel! {
    /// out[i] <- x[i]
    #[launch(threads = len(out))]
    #[tune(block = [64, 128], kernels = [copy_wdie])]
    pub fn copy(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()];
        }
    }

    /// the same, another launch
    #[launch(threads = len(out), block = 32)]
    pub fn copy_wide(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()];
        }
    }
}
"""
    root = make_project({"t.rs": source}, archs=["sm_80"])
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(root / "out"), "-q"],
                          capture_output=True, text=True, timeout=900, check=False)
    assert proc.returncode != 0
    assert proc.stderr.strip().splitlines()[-1].endswith(
        "kernels/t.rs: kernel `copy`: `#[tune(kernels = [copy_wdie])]` names `copy_wdie`, which is not a kernel of "
        "this module (did you mean `copy_wide`?)"), proc.stderr
    assert "Traceback" not in proc.stderr and not (root / "out").exists()  # nothing written, no empty folder


def test_dims_out_of_order_or_shape_is_the_macros_line(make_project: MakeProject) -> None:
    """`#[dims]` after `#[outputs]`, or not `#[dims(...)]`: `kernel!`'s own line (rustc's error), naming the file."""
    files = {name: f"use oxpack::prelude::*;\nkernel! {{\n    /// bad\n    {attrs}\n    pub fn {name[:-3]}_k("
                   "n: u32, x: &[f32], out: &mut DisjointSlice<f32>) { let _ = out; }\n}\n"
             for name, attrs in (("dimsorder.rs", "#[outputs(out = (n))]\n    #[dims(x = (n))]"),
                                 ("dimsshape.rs", "#[dims = 3]"))}
    root = make_project(files, archs=["sm_80"])
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(root / "out"), "-q"],
                          capture_output=True, text=True, timeout=900, check=False)
    text = proc.stderr
    assert proc.returncode != 0 and "Traceback" not in text
    assert "rustc failed to compile `kernels/dimsorder.rs`: kernels/dimsorder.rs:2:1: error: oxpack: write " \
           "`#[outputs(out = (rows, cols), ...)]` (the dims of outputs a call may leave out), after `#[launch(...)]`, " \
           "`#[tune(...)]` and `#[dims(...)]` (if any)" in text, text
    assert "rustc failed to compile `kernels/dimsshape.rs`: kernels/dimsshape.rs:2:1: error: oxpack: write " \
           "`#[dims(a = (m, k), ...)]` (the dims of input arrays, whose scalars a call may then leave out)" in text, text
