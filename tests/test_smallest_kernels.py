"""The smallest kernels: no parameters, only scalars, only a launch index. Their entries are a few
statements, which rustc would infer inlinable across crates and leave out of the kernel crate's code
(the cubin then had no such kernel); `kernel!` keeps them, and the link still inlines each into its
PTX entry. One build, shared by the file; run emulated here and on the GPU where there is one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from conftest import emulated, gpu_available, gpu_import

cp = gpu_import("cupy", "the GPU test launches the kernels on the GPU (pip install cupy-cuda12x)")

SMALLEST = """\
use oxpack::*;
kernel! {
    /// no parameters
    pub fn nothing() { }
    /// only scalars
    pub fn scalars(a: f32, b: u32, c: i64) { let _ = (a, b, c); }
    /// only a launch index
    pub fn index_only(i: ThreadIndex) { let _ = i; }
    /// only a 2-D launch index
    pub fn index2_only(i: ThreadIndex2) { let _ = i; }
}
"""
NAMES = ("nothing", "scalars", "index_only", "index2_only")


@pytest.fixture(scope="module")
def smallest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from emulated(tmp_path_factory.mktemp("smallest"), "smallestproj", {"small.rs": SMALLEST},
                        archs=("sm_80", "sm_90"))


def _launch_each(module: ModuleType) -> None:
    module.nothing(threads=64)
    module.scalars(1.5, 7, -3, threads=33)
    module.index_only(threads=100)
    module.index2_only(threads=(5, 7))


def test_the_smallest_kernels_build_into_every_cubin(smallest: ModuleType) -> None:
    """The build reads each cubin back and refuses one that lacks a kernel the manifest lists."""
    from oxpack.package.fatbin_reader import cubin_kernels, entry_payload, read_fatbin

    fatbin = next(Path(smallest.__file__).parent.glob("_oxpack/*.fatbin")).read_bytes()
    cubins = [e for e in read_fatbin(fatbin, "small.fatbin") if e.kind == "cubin"]
    assert sorted(e.arch for e in cubins) == ["sm_80", "sm_90"]
    for entry in cubins:
        assert set(NAMES) <= set(cubin_kernels(entry_payload(fatbin, entry, entry.arch), entry.arch)), entry.arch


def test_the_smallest_kernels_run_emulated(smallest: ModuleType) -> None:
    _launch_each(smallest)
    with pytest.raises(TypeError, match="scalars"):
        smallest.scalars(1.5, threads=1)  # a missing scalar is still refused


@pytest.mark.gpu
def test_the_smallest_kernels_run_on_the_gpu(smallest: ModuleType) -> None:
    assert gpu_available()
    smallest.emulation(False)
    try:
        _launch_each(smallest)
        cp.cuda.Device().synchronize()
    finally:
        smallest.emulation(True)
