"""The launch shape in a kernel's `where (...)`: `threads`, `block`, `blocks` and their axes.

The language takes them (and `cdiv`, `min`, `max`) and refuses a misuse in one clause, which the
build reports at the kernel file's line. A call whose launch breaks such a requirement is refused
before anything reaches the GPU, by the general path and by the generated fast path alike, in
the one-line `KernelValueError` of every other requirement, with what to pass instead; a kernel
whose requirements do not name the launch shape pays nothing in its fast path. No GPU: the
launch boundary is test_stubs' recording fake of cuda.core (the emulated kernels are tested in
test_mma_emulation.py, test_attention_emulation.py, test_int8_emulation.py and the Hopper files).
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
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
from conftest import MakeProject
from oxpack.contract import where
from oxpack.sources.descriptor import KernelParam, KernelSig
from oxpack.errors import StageError
from oxpack.sources.requirements import check_where
from test_stubs import BASE, CudaArray, FakeCuda, faked, make_manifest, rendered

PACKAGE = "oxpack_launchshape_testpkg"
FATBINS = {"saxpy": b"saxpy fatbin bytes", "image": b"image fatbin bytes", "shape": b"shape fatbin bytes"}
KINDS = {"m": "scalar", "n": "scalar", "x": "in", "c": "out", "i": "index"}

# ---------------------------------------------------------------- the language


@pytest.mark.parametrize(("text", "terms"), [
    ("block == 128", ["block"]),
    ("block.x == block == 128", ["block.x", "block"]),
    ("blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)", ["blocks.x", "blocks", "m", "n"]),
    ("threads % block == 0 and threads.y == threads.z == 1", ["threads", "block", "threads.y", "threads.z"]),
    ("blocks >= len(c) // max(m * 64, 1) * cdiv(m, 64)", ["blocks", "len(c)", "m"]),
    ("min(m, n, 7) <= block.z", ["m", "n", "block.z"]),
])
def test_the_language_takes_the_launch_shape(text: str, terms: list[str]) -> None:
    requirement = where().parse(text, KINDS)
    assert where().render(requirement.test) == text
    assert [where().label(t) for t in requirement.terms()] == terms
    assert requirement.launch() == any(t.split(".")[0] in where().LAUNCH for t in terms)
    assert where().render(where().parse("cdiv(len(x), n) > 0", KINDS).test, rust=True) == "cdiv(len(x), n) > 0"


def test_the_fast_path_form_has_no_call_of_cdiv() -> None:
    requirement = where().parse("blocks.x >= cdiv(m + 1, 128) * cdiv(-n, 8)", KINDS)
    text = where().render(requirement.test, where().label, python=True)
    assert text == "blocks.x >= -(-(m + 1) // 128) * -(--n // 8)"
    for m in (-129, -1, 0, 1, 127, 128, 129, 10**20):
        for n in (-9, -8, 0, 7, 8, 9):
            got = eval(text.replace("blocks.x", "b"), {"__builtins__": {}}, {"b": 3, "m": m, "n": n})  # noqa: S307
            assert got == (3 >= -(-(m + 1) // 128) * -(n // 8)), (m, n)


@pytest.mark.parametrize(("text", "why"), [
    ("block.w == 1", "`block.w`: the launch shape's axes are .x, .y and .z"),
    ("block.x.y == 1", "`block.x.y` is not allowed: only the launch shape has axes"),
    ("grid.x == 1", "`grid.x` is not allowed: only the launch shape has axes (threads, block or blocks"),
    ("grid == 1", "`grid` is not a parameter of the kernel"),
    ("len(block) == 1", "`len(block)`: `block` is the launch shape, a number: write `block`"),
    ("block() == 1", "`block()` is not allowed"),
    ("block.x", "`block.x` is not a comparison"),
    ("cdiv(m) > 1", "`cdiv(m)`: `cdiv` takes 2 arguments"),
    ("cdiv(m, 2, 3) > 1", "`cdiv(m, 2, 3)`: `cdiv` takes 2 arguments"),
    ("max(m) > 1", "`max(m)`: `max` takes 2 or more arguments"),
    ("min(m, n=2) > 1", "`min(m, n=2)`: `min` takes 2 or more arguments"),
    ("cdiv(m, 2 - 2) > 1", "`cdiv(m, 2 - 2)` divides by the constant 0"),
    ("ceil(m // 128) > 1", "`ceil(m // 128)` is not allowed: `/` divides integers; write cdiv(m, 128)"),
    ("floor(m // 128) > 1", "write m / 128"),
    ("abs(m) > 1", "`abs(m)` is not allowed"),
    ("cdiv(x, 2) > 1", "`x` is a slice: write `len(x)`"),
])
def test_the_language_refuses_a_misuse(text: str, why: str) -> None:
    with pytest.raises(where().WhereError) as caught:
        where().parse(text, KINDS)
    assert why in str(caught.value)


@pytest.mark.parametrize("name", ["blocks", "threads", "block"])
def test_a_parameter_named_like_the_launch_shape_is_refused_where_it_is_used(name: str) -> None:
    kinds = {**KINDS, name: "scalar"}
    with pytest.raises(where().WhereError, match=f"^`{name}` names both a parameter of the kernel and the launch "
                                                 "shape; rename the parameter$"):
        where().parse(f"{name}.x >= 1", kinds)
    assert where().parse("len(c) >= m", kinds).terms()  # unused: no refusal


SIG = KernelSig("gemm", (KernelParam("m", "scalar", "uint32"), KernelParam("c", "out", "float32")), "", ())
KERNEL = """\
kernel! {
    #[launch_bounds(128)]
    pub fn gemm(m: u32, c: &mut DisjointSlice<f32>)
        where (len(c) == m,
               REQUIREMENT) {
    }
}
"""


@pytest.mark.parametrize(("requirement", "why"), [
    ("block.w == 128", "`block.w`: the launch shape's axes are .x, .y and .z"),
    ("ceil(m / 128) <= blocks", "`ceil(m // 128)` is not allowed: `/` divides integers; write cdiv(m, 128)"),
    ("grid.x >= 1", "`grid.x` is not allowed: only the launch shape has axes"),
])
def test_the_build_refuses_a_misuse_at_the_kernels_line(requirement: str, why: str) -> None:
    text = KERNEL.replace("REQUIREMENT", requirement)
    requires = where().split(text.split("where (", 1)[1].rsplit(") {", 1)[0])
    with pytest.raises(StageError) as caught:
        check_where("kernels/gemm.rs", text, [dataclasses.replace(SIG, requires=requires)])
    message = str(caught.value)
    assert message.startswith(f"kernels/gemm.rs:4: kernel `gemm`: requirement `{requires[1]}` in its `where (...)`: "
                              f"{why}"), message
    assert message.endswith(f"; allowed are {where().HELP}") and "\n" not in message


def test_a_real_build_takes_the_names_and_refuses_a_misuse_at_its_line(make_project: MakeProject) -> None:
    """The `kernel!` macro passes the launch shape's tokens through (`blocks.x`, `cdiv(...)`) and
    the build checks them: a good clause reaches the manifest as written, a bad one stops the
    build at its line."""
    source = """\
        use oxpack::prelude::*;

        kernel! {
            /// A kernel of one 1-D block shape.
            #[launch_bounds(128)]
            pub fn tiles(i: ThreadIndex, m: u32, c: &mut DisjointSlice<f32>)
                where (len(c) == m, block.x == block == 128,
                       blocks.x == blocks >= cdiv(m, 128)) {
                if let Some(ci) = c.get_mut(i) { *ci = m as f32; }
            }
        }
        """
    project = make_project({"k.rs": source}, archs=["sm_80"])
    out = project / "out"
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(project), "-q", "--out", str(out)],
                          capture_output=True, text=True, check=False, timeout=900)
    assert proc.returncode == 0, proc.stderr
    (manifest,) = out.rglob("kernels.json")
    assert json.loads(manifest.read_text())["kernels"]["tiles"]["requires"] == [
        "len(c) == m", "block.x == block == 128", "blocks.x == blocks >= cdiv(m, 128)"]
    (project / "kernels" / "k.rs").write_text(textwrap.dedent(source).replace("blocks.x == blocks", "blocks.w == blocks"))
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(project), "-q", "--out", str(out)],
                          capture_output=True, text=True, check=False, timeout=900)
    assert proc.returncode == 1
    (line,) = [line for line in proc.stderr.splitlines() if line.startswith("oxpack: error: ")]
    assert re.search(r"kernels/k\.rs:7: kernel `tiles`: requirement `blocks\.w == blocks >= cdiv\(m, 128\)` in its "
                     r"`where \(\.\.\.\)`: `blocks\.w`: the launch shape's axes are \.x, \.y and \.z; allowed are ",
                     line), proc.stderr


# ---------------------------------------------------------------- the stub: general and fast path


def _param(name: str, kind: str, dtype: str) -> dict[str, str]:
    return {"name": name, "kind": kind, "dtype": dtype}


def shape_manifest() -> dict[str, Any]:
    """test_stubs' kernels, plus a GEMM's signature (one tile of 128 × 128 per block of 128
    threads, a 1-D grid), a coarsened kernel and a kernel without launch bounds that needs
    blocks of 128 and a whole number of them."""
    manifest = make_manifest()
    manifest["crates"] = {
        crate: {"fatbin": f"{crate}.fatbin", "sha256": hashlib.sha256(data).hexdigest(), "source": f"kernels/{crate}.rs"}
        for crate, data in FATBINS.items()
    }

    def kernel(params: list[dict[str, str]], requires: list[str], **more: Any) -> dict[str, Any]:
        return {"crate": "shape", "symbol": "", "doc": "", "params": params, "requires": requires, "resources": {},
                **more}

    manifest["kernels"].update({
        "gemm": kernel([_param("m", "scalar", "uint32"), _param("n", "scalar", "uint32"), _param("c", "out", "float32")],
                       ["len(c) == m * n", "block.x == block == 128",
                        "blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)"], launch_bounds={"max_threads": 128}),
        "coarse_rows": kernel([_param("i", "index", "1d"), _param("x", "in", "float32"), _param("y", "out", "float32")],
                              ["len(x) == len(y)", "blocks >= cdiv(len(y), 4096)"], coarsen=4),
        "whole": kernel([_param("i", "index", "1d"), _param("y", "out", "float32")],
                        ["block == 128", "threads % block == 0"]),
        # sgemm's: a 2-D block of 16 × 16 and nothing else
        "tile2d": kernel([_param("ij", "index", "2d"), _param("y", "out", "float32")], ["block.x == block.y == 16"]),
        # scale4's launch, declared: a thread per 4 elements of y, in blocks of 128
        "declared": kernel([_param("i", "index", "1d"), _param("x", "in", "float32"), _param("y", "out", "float32")],
                           ["len(x) == len(y)"], launch={"threads": "cdiv(len(y), 4)", "block": "128"}),
        "quarter": kernel([_param("i", "index", "1d"), _param("x", "in", "float32"), _param("y", "out", "float32")],
                          ["len(x) == len(y)"], launch={"threads": "cdiv(len(y), 4)"}),  # the block the call's
        # parameters named like the builtins that the stub's own code of a declared launch calls
        "shadowed": kernel([_param("i", "index", "1d"), _param("max", "scalar", "uint32"),
                            _param("type", "scalar", "uint32"), _param("y", "out", "float32")],
                           [], launch={"threads": "max(max, type, len(y))"}),
    })
    for name, entry in manifest["kernels"].items():
        entry["symbol"] = entry["symbol"] or name
    return manifest


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from rendered(tmp_path_factory.mktemp("launchshape"), PACKAGE, shape_manifest(), FATBINS)


@pytest.fixture
def fake(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    yield from faked(kernels, monkeypatch)


def c(m: int, n: int, slot: int = 0) -> CudaArray:
    return CudaArray(m * n, ptr=BASE + slot * 2**32)


def refused(kernels: ModuleType, fake: FakeCuda, kernel: str, args: tuple[Any, ...], message: str,
            **options: Any) -> None:
    """The call is refused with exactly `message`, and nothing is launched."""
    before = len(fake.launches)
    with pytest.raises(kernels.KernelValueError) as caught:
        getattr(kernels, kernel)(*args, **options)
    assert str(caught.value) == message
    assert len(fake.launches) == before


GEMM_BLOCK = "gemm(): requirement `block.x == block == 128` failed: block.x = {x}, block = {b}"
GEMM_GRID = ("gemm(): requirement `blocks.x == blocks >= cdiv(m, 128) * cdiv(n, 128)` failed: blocks.x = {gx}, "
             "blocks = {g}, m = {m}, n = {n}")


@pytest.mark.parametrize(("options", "message"), [
    ({"threads": 128 * 6, "block": 64}, GEMM_BLOCK.format(x=64, b=64) + "; pass block=128"),
    ({"threads": 64 * 12, "block": (64,)}, GEMM_BLOCK.format(x=64, b=64) + "; pass block=128"),
    # a 2-D block of 128 threads, 64 along x: the device's d.x == 128 test, before the launch
    ({"threads": (64 * 6, 2), "block": (64, 2)},
     GEMM_BLOCK.format(x=64, b=128) + "; pass a block with 1 thread along y and z (an int)"),
    ({"threads": 128 * 5}, GEMM_GRID.format(gx=5, g=5, m=300, n=300) + "; launch at least 9 blocks: threads=1152"),
    ({"threads": 128 * 5, "block": 128},
     GEMM_GRID.format(gx=5, g=5, m=300, n=300) + "; launch at least 9 blocks: threads=1152"),
    # 2-D and 3-D grids: the device's warp_tile gives a block of another grid no tile (it would store nothing)
    ({"threads": (128 * 9, 2), "block": (128, 1)},
     GEMM_GRID.format(gx=9, g=18, m=300, n=300) + "; launch a 1-D grid: 1 block along y and z (threads and block ints)"),
    ({"threads": (128 * 9, 1, 3), "block": (128, 1, 1)},
     GEMM_GRID.format(gx=9, g=27, m=300, n=300) + "; launch a 1-D grid: 1 block along y and z (threads and block ints)"),
    ({"threads": (128 * 4, 3), "block": (128, 1)},
     GEMM_GRID.format(gx=4, g=12, m=300, n=300) + "; launch a 1-D grid: 1 block along y and z (threads and block ints)"),
    ({"threads": (128 * 4, 1), "block": (128, 1)},
     GEMM_GRID.format(gx=4, g=4, m=300, n=300) + "; launch at least 9 blocks along x: threads=(1152, 1)"),
    ({"threads": 0}, GEMM_GRID.format(gx=0, g=0, m=300, n=300) + "; launch at least 9 blocks: threads=1152"),
    ({"block": 64}, GEMM_BLOCK.format(x=64, b=64) + "; pass block=128"),  # block given, threads the default
    ({"block": (64,)}, GEMM_BLOCK.format(x=64, b=64) + "; pass block=128"),
    ({"threads": (64 * 6, 1), "block": (64, 1)},
     GEMM_BLOCK.format(x=64, b=64) + "; pass a block of 128 threads, e.g. block=(128, 1)"),
    ({"threads": (64 * 6, 2), "block": (32, 2)},
     GEMM_BLOCK.format(x=32, b=64) + "; pass a block with 1 thread along y and z (an int)"),
    ({"threads": (128 * 6, 1, 1), "block": (128, 1, 1)},
     GEMM_GRID.format(gx=6, g=6, m=300, n=300) + "; launch at least 9 blocks along x: threads=(1152, 1, 1)"),
])
def test_a_wrong_launch_is_refused_before_it_reaches_the_gpu(kernels: ModuleType, fake: FakeCuda,
                                                             options: dict[str, Any], message: str) -> None:
    refused(kernels, fake, "gemm", (300, 300, c(300, 300)), message, **options)


TILE2D = "tile2d(): requirement `block.x == block.y == 16` failed: block.x = {x}, block.y = {y}"


@pytest.mark.parametrize(("block", "x", "y"), [((8, 8), 8, 8), ((16, 8), 16, 8), ((8, 16), 8, 16), ((32, 32), 32, 32)])
def test_a_chain_that_sets_block_axes_names_the_whole_block(kernels: ModuleType, fake: FakeCuda,
                                                            block: tuple[int, int], x: int, y: int) -> None:
    """`block.x == block.y == 16` not met: the fix is the whole block (16, 16), whichever axis was off,
    not one axis at a time; a 1-D call of a 2-D kernel is refused by its rank before any requirement."""
    refused(kernels, fake, "tile2d", (c(64, 64),), TILE2D.format(x=x, y=y) + "; pass block=(16, 16)",
            threads=(64, 64), block=block)
    kernels.tile2d(c(64, 64), threads=(64, 64), block=(16, 16))
    kernels.tile2d(c(64, 64), threads=(64, 64))  # the 2-D default block is (16, 16)
    with pytest.raises(kernels.KernelValueError, match=r"^tile2d\(\): takes a 2-D launch"):
        kernels.tile2d(c(64, 64), threads=64 * 64, block=256)
    assert [launch[1][2] for launch in fake.launches] == [(16, 16), (16, 16)]


def test_huge_values_are_refused_or_exact(kernels: ModuleType, fake: FakeCuda) -> None:
    """No overflow: Python's integers, and CUDA's grid limit before the requirement."""
    m = n = 2**32 - 1  # uint32's largest: cdiv(m, 128)² blocks, far over CUDA's 2³¹ - 1
    big = CudaArray(m * n, ptr=BASE)
    refused(kernels, fake, "gemm", (m, n, big), GEMM_GRID.format(gx=2**31 - 1, g=2**31 - 1, m=m, n=n)
            + f"; launch at least {(2**25) ** 2} blocks: threads={(2**25) ** 2 * 128}", threads=128 * (2**31 - 1))
    with pytest.raises(kernels.KernelValueError, match=r"needs grid \(\d+,\), over CUDA's limit"):
        kernels.gemm(m, n, big, threads=(2**25) ** 2 * 128)
    assert not fake.launches


def test_the_right_launch_goes_ahead_and_the_default_is_right(kernels: ModuleType, fake: FakeCuda) -> None:
    kernels.gemm(300, 300, c(300, 300), threads=128 * 9)
    kernels.gemm(300, 300, c(300, 300), threads=128 * 9 + 1, block=128)  # one block more: it stores nothing
    kernels.gemm(300, 300, c(300, 300), threads=(128 * 9, 1), block=(128, 1))  # 2-D, one row of blocks
    kernels.gemm(300, 300, c(300, 300))  # one thread per element of c: 704 blocks of the default 128
    kernels.gemm(0, 300, c(0, 300), threads=0)  # nothing to compute: none needed, nothing launched
    grids = [launch[1][1:3] for launch in fake.launches]
    assert grids == [((9,), (128,)), ((10,), (128,)), ((9, 1), (128, 1)), ((704,), (128,))]


def test_the_fast_path_checks_the_requirements_that_name_arguments(kernels: ModuleType, fake: FakeCuda) -> None:
    """A launch shape that served one call serves another only if it meets that call's requirements:
    the same threads and block for a larger C are refused (by the general path, with its message)."""
    kernels.gemm(300, 300, c(300, 300), threads=128 * 9)
    gemm = kernels._module.kernel("gemm")
    (entry,) = gemm.state.entries.values()
    assert entry[3] == (128 * 9, 128 * 9, 1, 1, 128, 128, 1, 1, 9, 9, 1, 1)  # the launch shape, for the fast path
    general = gemm._launch

    def no_general_path(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the fast path should have launched")

    gemm._launch = no_general_path
    try:
        kernels.gemm(256, 384, c(256, 384, 1), threads=128 * 9)  # 2 · 3 tiles: the fast path launches it
    finally:
        gemm._launch = general
    assert len(fake.launches) == 2 and [v.value for v in fake.launches[1][3][:2]] == [256, 384]
    refused(kernels, fake, "gemm", (400, 300, c(400, 300, 2)),
            GEMM_GRID.format(gx=9, g=9, m=400, n=300) + "; launch at least 12 blocks: threads=1536", threads=128 * 9)
    refused(kernels, fake, "gemm", (300, 300, c(300, 300)), GEMM_BLOCK.format(x=64, b=64) + "; pass block=128",
            threads=128 * 9, block=64)  # another key: no entry, the general path refuses


def test_a_coarsened_kernel_finds_the_launch_shape_after_its_count(kernels: ModuleType, fake: FakeCuda) -> None:
    x, y = CudaArray(50_000, ptr=BASE), CudaArray(50_000, ptr=BASE + 2**30)
    kernels.coarse_rows(x, y)  # 50 000 indices: 196 blocks of 256, 4 indices per thread: 49 blocks
    kernel = kernels._module.kernel("coarse_rows")
    (entry,) = kernel.state.entries.values()
    assert entry[3] == 196 * 256 and entry[4][8:10] == (49, 49)  # the count, then the launch shape
    general = kernel._launch
    kernel._launch = lambda *a, **k: (_ for _ in ()).throw(AssertionError("the fast path should have launched"))
    try:
        kernels.coarse_rows(x, y)
    finally:
        kernel._launch = general
    assert len(fake.launches) == 2
    refused(kernels, fake, "coarse_rows", (x, y), "coarse_rows(): requirement `blocks >= cdiv(len(y), 4096)` failed: "
            "blocks = 12, len(y) = 50000; launch at least 13 blocks: threads=53248", threads=49_152, block=1024)


def test_a_default_block_that_breaks_a_requirement_says_so(kernels: ModuleType, fake: FakeCuda) -> None:
    y = CudaArray(1024, ptr=BASE)
    refused(kernels, fake, "whole", (y,), "whole(): requirement `block == 128` failed: block = 256 (the default); "
            "pass block=128")
    refused(kernels, fake, "whole", (y,), "whole(): requirement `threads % block == 0` failed: threads = 1000, "
            "block = 128; pass `threads` and `block` that meet it", threads=1000, block=128)
    refused(kernels, fake, "whole", (CudaArray(1000, ptr=BASE),), "whole(): requirement `threads % block == 0` failed: "
            "threads = 1000 (the default), block = 128; pass `threads` and `block` that meet it", block=128)
    kernels.whole(y, block=128)
    kernels.whole(y, threads=1024, block=(128,))
    assert len(fake.launches) == 2


def test_a_declared_launch_given_again_takes_exact_ints_as_every_launch_does(kernels: ModuleType,
                                                                              fake: FakeCuda) -> None:
    """A `threads=` or `block=` given for a key the kernel declares is checked against the declaration,
    and is what any call takes: an int, or a tuple of ints. The stub computes the declaration itself,
    and its test was `==` alone, which let a float or a NumPy integer equal to it through (where every
    other call refuses them); such a value now reaches `Kernel.resolve`, whose line is the same."""
    x, y = CudaArray(400, ptr=BASE), CudaArray(400, ptr=BASE + 2**32)
    kernels.declared(x, y)
    kernels.declared(x, y, threads=100, block=128)
    kernels.declared(x, y, threads=(100,), block=(128,))  # a 1-tuple is its int
    for option, value in [("threads", 100.0), ("threads", np.int64(100)), ("block", 128.0), ("block", np.int64(128))]:
        with pytest.raises(kernels.KernelArgumentError) as caught:
            kernels.declared(x, y, **{option: value})
        assert str(caught.value) == f"declared(): `{option}` must be an int or a tuple of 1 to 3 ints, got {value!r}"
    with pytest.raises(kernels.KernelValueError, match=r"^declared\(\): `threads=101` differs from the kernel's "
                                                       r"declared launch `threads = cdiv\(len\(y\), 4\)` \(threads=100 "
                                                       r"for these arguments\); leave `threads` out$"):
        kernels.declared(x, y, threads=101)
    assert [launch[1][1:3] for launch in fake.launches] == [((1,), (128,))] * 3


def test_a_declared_launch_refused_comes_after_the_arguments_as_every_launch_shape(kernels: ModuleType,
                                                                                    fake: FakeCuda) -> None:
    """The order of a call's checks (scalars, arrays, overlap, the requirements on the arguments, then
    the launch shape) holds for a kernel that declares its launch: a call whose `threads=`/`block=`
    the declaration refuses, and whose arguments fail too, is refused for its arguments. The stub's
    `Kernel.resolve` computes the declaration before the general path's checks, so its refusal
    came first."""
    x, y, short = CudaArray(400, ptr=BASE), CudaArray(400, ptr=BASE + 2**32), CudaArray(396, ptr=BASE + 2**33)
    requirement = "declared(): requirement `len(x) == len(y)` failed: len(x) = 396, len(y) = 400"
    for options in ({"block": 2.0}, {"block": 64}, {"threads": 7}, {"threads": "7"}):
        with pytest.raises((kernels.KernelArgumentError, kernels.KernelValueError)) as caught:
            kernels.declared(short, y, **options)
        assert type(caught.value) is kernels.KernelValueError and str(caught.value) == requirement, options
        with pytest.raises(kernels.KernelValueError, match=r"^declared\(\): argument `y` \(mutable output\) overlaps "):
            kernels.declared(x, CudaArray(400, ptr=BASE + 16), **options)
        with pytest.raises(kernels.KernelArgumentError, match=r"^declared\(\): argument `y`"):
            kernels.declared(x, CudaArray(400, typestr="<f8", ptr=BASE + 2**32), **options)
    with pytest.raises(kernels.KernelValueError, match=r"^declared\(\): `block=64` differs"):
        kernels.declared(x, y, block=64)  # the arguments are right: the launch's refusal
    # a block the call gives (the kernel leaves it open) that no launch takes: the general path's one
    # line, as for a kernel that declares nothing (a block of 0 was a ZeroDivisionError of the
    # declaration's grid limit)
    for block in (0, (0,), -3):
        with pytest.raises(kernels.KernelValueError) as caught:
            kernels.quarter(x, y, block=block)
        assert str(caught.value) == ("quarter(): `block` must have every dimension >= 1, at most 1024 threads in all "
                                     f"and z <= 64, got {block!r}")
    assert not fake.launches


def test_a_declared_launch_is_computed_by_the_stub_whatever_its_parameters_are_named(
        kernels: ModuleType, fake: FakeCuda, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stub computes a declared launch in its own code with the builtins it needs as `_ox_max`,
    `_ox_min` and `_ox_type`: a parameter (or a kernel of the module) named `max` or `type` hid them, and
    every call went to `Kernel.resolve` and the general path, never the fast path."""
    def resolve(*args: Any) -> Any:
        raise AssertionError("the stub did not compute the declared launch itself")

    monkeypatch.setattr(kernels._module.kernel("shadowed"), "resolve", resolve)
    y = CudaArray(100, ptr=BASE)
    for m, t in ((7, 3), (700, 3), (7, 600)):
        kernels.shadowed(m, t, y)
    assert [launch[1][1:3] for launch in fake.launches] == [((1,), (256,)), ((3,), (256,)), ((3,), (256,))]


def test_a_kernel_that_names_no_launch_shape_pays_nothing_for_it(kernels: ModuleType) -> None:
    launchers = sys.modules[f"{PACKAGE}._oxpack.kernels_launchers"]
    plain = inspect.getsource(launchers.f32_in_f32_out_f32_1d_where)  # saxpy's
    assert "launched" not in plain and "entry[3]" not in plain
    assert "launched = entry[3]" in inspect.getsource(launchers.u32x2_out_f32_where)  # gemm's
    assert "launched = entry[4]" in inspect.getsource(launchers.in_f32_out_f32_1d_where_coarse)  # coarse_rows'
    # `block == 128` and `threads % block == 0` name the launch shape alone: the entry's key (threads, block) holds them
    assert "launched" not in inspect.getsource(launchers.out_f32_1d_where)


def test_emulation_checks_before_the_launch_as_the_gpu_does() -> None:
    """Emulation takes the general path's checks (`Kernel.checks`): the same refusal, the same line."""
    source = (Path(__file__).parents[1] / "src" / "oxpack" / "runtime" / "emulate.py").read_text()
    assert "kernel.checks.checked(args, stream, threads, block, reader.read)" in source
