"""Emulation: the same kernel files, compiled for the host, run on the CPU.

Real builds (rustc for the host, the device crate's host side), real launches through the
generated stubs on NumPy arrays; no GPU. The example project's emulated twins of the GPU
tests live in `example-project/tests/test_emulated.py` (with the norms' forward and backward
kernels in `test_norm_backward.py` beside it) and run here against a fresh `oxpack build --emulation`.
"""

from __future__ import annotations

import array
import ctypes
import os
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

from bf16 import BFloat16, to_bf16
from conftest import EXAMPLE, REPO, forget_package, import_from, run_ok, wheel_into_venv, with_example_modules

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

MISUSE = """\
use oxpack::prelude::*;
use oxpack::sync::{sync_threads_and, sync_threads_count, sync_threads_or};

kernel! {
    /// Threads past `n` return before the barrier that the others wait at.
    pub fn early_return(i: ThreadIndex, n: u32, out: &mut DisjointSlice<u32>) {
        if i.get() >= n as usize {
            return;
        }
        sync_threads();
        if let Some(o) = out.get_mut(i) {
            *o = 1;
        }
    }

    /// Even warps and odd warps wait at two different barriers.
    pub fn two_barriers(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if warp_id() % 2 == 0 {
            sync_threads();
        } else {
            sync_threads();
        }
        if let Some(o) = out.get_mut(i) {
            *o = 1;
        }
    }

    /// Only the low half of each warp takes part in a shuffle.
    pub fn half_warp(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        let mut v = lane_id();
        if lane_id() < 16 {
            v = shfl_xor(v, 1);
        }
        if let Some(o) = out.get_mut(i) {
            *o = v;
        }
    }

    /// An explicit trap.
    pub fn trapping(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if i.get() == 5 {
            trap();
        }
        if let Some(o) = out.get_mut(i) {
            *o = 1;
        }
    }

    /// Every warp primitive and barrier reduction, written out per thread (8 words).
    pub fn collectives(i: ThreadIndex, x: &[u32], out: &mut DisjointSlice<u32>) {
        let v = x.get(i.get()).copied().unwrap_or(0);
        let lane = lane_id();
        let r = [
            shfl_idx(v, 3),
            shfl_up(v, 2),
            shfl_down(v, 5),
            shfl_xor(v, 6),
            ballot(v % 3 == 0),
            vote_all(v > 0) as u32 * 2 + vote_any(v > 1_000_000) as u32,
            sync_threads_count(v % 2 == 0) * 4 + sync_threads_and(v > 0) as u32 * 2 + sync_threads_or(v > 1_000_000) as u32,
            warp_sum(v as u64) as u32 ^ lane,
        ];
        if let Some(o) = out.get_mut(i) {
            *o = r[(x.len() % 8) as usize];
        }
    }

    /// Block and warp reductions at any block shape, value number `which` per thread: the
    /// block's wrapping u32 sum, the block's f32 maximum, the warp's u32 minimum, the
    /// warp's live lanes.
    pub fn block_collectives(i: ThreadIndex, which: u32, x: &[u32], out: &mut DisjointSlice<u32>) {
        let r = reductions(x.get(i.get()).copied().unwrap_or(0));
        if let Some(o) = out.get_mut(i) {
            *o = r[which as usize % 4];
        }
    }

    /// Shuffles with lane arguments past 31: the GPU takes their low 5 bits.
    pub fn wide_lane_arguments(i: ThreadIndex, which: u32, x: &[u32], out: &mut DisjointSlice<u32>) {
        let v = x.get(i.get()).copied().unwrap_or(0);
        let r = [shfl_xor(v, 33), shfl_down(v, 34), shfl_up(v, 35), shfl_idx(v, 36)];
        if let Some(o) = out.get_mut(i) {
            *o = r[which as usize % 4];
        }
    }

    /// The same over a `width × height × depth` volume, for 2-D and 3-D blocks.
    pub fn block_collectives_3d(
        ijk: ThreadIndex3, which: u32, width: u32, height: u32, x: &[u32],
        out: &mut DisjointSlice<u32, Volume> = (width, height),
    ) where (len(x) == len(out)) {
        let inside = ijk.x() < width as usize && ijk.y() < height as usize;
        let k = (ijk.z() * height as usize + ijk.y()) * width as usize + ijk.x();
        let r = reductions(if inside { x.get(k).copied().unwrap_or(0) } else { 0 });
        if let Some(o) = out.get_mut_3d(ijk) {
            *o = r[which as usize % 4];
        }
    }

    /// Atomic read-modify-writes from every thread on four counters. `u[2]`'s compare-exchange
    /// chain completes only when indices run in order, as the emulator runs the threads of a plain
    /// launch: not coarsened (a coarsened thread runs its indices `t, t + block, ...`).
    #[coarsen(1)]
    pub fn atomics(i: ThreadIndex, x: &[i32], c: &[AtomicI32], u: &[AtomicU32], f: &[AtomicF64]) {
        if let Some(&v) = x.get(i.get()) {
            c[0].fetch_add(v);
            c[1].fetch_min(v);
            c[2].fetch_max(v);
            c[3].fetch_xor(v);
            u[0].fetch_max(v as u32);
            u[1].fetch_min(v as u32);
            let _ = u[2].compare_exchange(i.get() as u32, i.get() as u32 + 1);
            f[0].fetch_add(v as f64);
        }
    }

    /// Half-precision conversions, as bits: f32 → F16 → f32 and f32 → BF16.
    pub fn halves(i: ThreadIndex, x: &[f32], h: &mut DisjointSlice<u32>, back: &mut DisjointSlice<f32>, b: &mut DisjointSlice<u32>) {
        let Some(&v) = x.get(i.get()) else { return };
        if let Some(o) = h.get_mut(i) {
            *o = F16::from_f32(v).to_bits() as u32;
        }
        if let Some(o) = back.get_mut(i) {
            *o = F16::from_f32(v).to_f32();
        }
        if let Some(o) = b.get_mut(i) {
            *o = BF16::from_f32(v).to_bits() as u32;
        }
    }

    /// Pairs packed in one conversion: `F16::pack2` and `BF16::pack2` of (x[i], x[i + 1]), the last
    /// element paired with the first.
    pub fn half_pairs(i: ThreadIndex, x: &[f32], h: &mut DisjointSlice<u32>, b: &mut DisjointSlice<u32>) {
        let Some(&lo) = x.get(i.get()) else { return };
        let hi = x[(i.get() + 1) % x.len()];
        if let Some(o) = h.get_mut(i) {
            *o = F16::pack2(lo, hi);
        }
        if let Some(o) = b.get_mut(i) {
            *o = BF16::pack2(lo, hi);
        }
    }

    /// Scans one output twice in one launch, each scan with a state of its own.
    pub fn scan_twice(i: ThreadIndex, a: ScanState, b: ScanState, out: &mut DisjointSlice<f32, ScanTiles<1>>) {
        out.scan_tiles(i, a, |tile| tile.publish(1.0).1);
        out.scan_tiles(i, b, |tile| tile.publish(2.0).1);
    }
}

fn reductions(v: u32) -> [u32; 4] {
    [
        oxpack::block::reduce_u32(v, 0, |a, b| a.wrapping_add(b)),
        oxpack::block::max_f32(v as f32) as u32,
        warp_reduce(v, |a, b| if a < b { a } else { b }),
        oxpack::warp::live_lanes(),
    ]
}
"""


def _build(project: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_ok([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(out), *extra])


@pytest.fixture(scope="module")
def example_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example project built with `--emulation` (fatbins and host libraries)."""
    out = tmp_path_factory.mktemp("example-emulated")
    _build(EXAMPLE, out, "--emulation", "-q")
    return with_example_modules(out)


@pytest.fixture(scope="module")
def misuse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """A project of kernels that misuse barriers and warp operations, built with `emulation = true`."""
    root = tmp_path_factory.mktemp("misuse")
    project = _emulated_project(root / "proj", "emuproj", "misuse.rs", MISUSE)
    out = root / "out"
    _build(project, out, "-q")
    module = import_from(out, "emuproj.kernels")
    module.emulation(True)
    yield module
    forget_package("emuproj")


# ---------------------------------------------------------------- the example project


EXAMPLE_GPU_TESTS = ("test_vecmath.py", "test_fp8_gpu.py", "test_hopper_gpu.py")
"""The example's test files that need a GPU (and the installed wheel): every other one runs emulated below."""


def example_emulated_tests() -> list[Path]:
    """example-project/tests' files that run emulated: all but the GPU ones, so that a new file runs too."""
    files = sorted(p for p in (EXAMPLE / "tests").glob("test_*.py") if p.name not in EXAMPLE_GPU_TESTS)
    assert {p.name for p in files} >= {"test_emulated.py", "test_norm_backward.py", "test_fused_glu.py", "test_llama.py"}, files
    return files


def test_every_example_kernel_runs_emulated_against_numpy(example_build: Path) -> None:
    """example-project/tests/test_emulated.py, the twin of every GPU test, on host arrays, and the example's
    other emulated tests (test_norm_backward.py: the norms' forward and backward kernels)."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error",
         *map(str, example_emulated_tests())],
        capture_output=True, text=True, check=False, cwd=example_build,
        env={**os.environ, "PYTHONPATH": str(example_build)},
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and "skipped" not in proc.stdout, proc.stdout[-500:]


def _check_demo(out: str, kernels_file: Path) -> None:
    assert "no GPU here: running the kernels emulated on the CPU" in out, out
    error = re.search(r"saxpy       n=1048576: max \|error\| vs NumPy = (\S+)", out)
    assert error is not None and float(error[1]) < 1e-5 and out.count("equal to NumPy: True") == 2, out
    assert f"vecmath.kernels from {kernels_file}" in out, out
    assert "collatz     steps from 1..10: [0, 1, 7, 2, 5, 8, 16, 3, 19, 6]" in out, out
    assert "refused before the launch: saxpy(): argument `x` must be" in out, out


def test_the_demo_runs_the_kernels_emulated_without_a_gpu(example_build: Path) -> None:
    """example-project/demo.py with OXPACK_EMULATE=1 on the example built with `--emulation`: every kernel it
    shows runs on the CPU (each equal to NumPy), it says so, and shows a refusal before the launch."""
    proc = run_ok([sys.executable, str(EXAMPLE / "demo.py")],
                  env={**os.environ, "PYTHONPATH": str(example_build), "OXPACK_EMULATE": "1"})
    _check_demo(proc.stdout, example_build / "vecmath" / "kernels.py")


@pytest.mark.slow  # a wheel and a fresh venv: what scripts/demo.sh does after its setup
def test_demo_sh_without_a_gpu_builds_the_wheel_for_the_cpu_too_and_runs_it(oxpack_wheels: Path,
                                                                         tmp_path: Path) -> None:
    """scripts/demo.sh's steps without a GPU: the example's wheel built by `pip wheel` (build isolation, oxpack
    from a wheel of this checkout) with OXPACK_EMULATION=1, installed into a fresh venv, demo.py run there with
    OXPACK_EMULATE=1 (the installed package itself, nothing on PYTHONPATH)."""
    script = (REPO / "scripts" / "demo.sh").read_text()
    assert "export OXPACK_EMULATION=1" in script
    assert "OXPACK_EMULATE=1 build/demo/venv/bin/python example-project/demo.py" in script
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OXPACK_EMULATE")}
    built = wheel_into_venv(EXAMPLE, tmp_path, oxpack_wheels, [], env={**env, "OXPACK_EMULATION": "1"})
    proc = run_ok([str(built["python"]), str(EXAMPLE / "demo.py")], env={**env, "OXPACK_EMULATE": "1"}, cwd=tmp_path)
    site = next((tmp_path / "venv" / "lib").glob("python3*/site-packages"))
    _check_demo(proc.stdout, site / "vecmath" / "kernels.py")


def test_oxpack_emulate_runs_the_stubs_on_numpy_arrays(example_build: Path) -> None:
    """The issue's check: OXPACK_EMULATE=1 in the environment, a plain import, NumPy arrays."""
    code = textwrap.dedent("""\
        import numpy as np, vecmath.kernels as k
        x = np.arange(1000, dtype=np.float32); y = np.ones(1000, np.float32)
        k.saxpy(2.0, x, y)
        assert np.array_equal(y, 2 * x + 1), y[:4]
        h = np.zeros(10, np.uint32); k.histogram(10, np.arange(1000, dtype=np.uint32), h)
        assert h.tolist() == [100] * 10, h
        print("ok")
        """)
    env = {**os.environ, "PYTHONPATH": str(example_build), "OXPACK_EMULATE": "1"}
    proc = run_ok([sys.executable, "-c", code], env=env)
    assert proc.stdout.strip() == "ok"
    bad = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                         env={**env, "OXPACK_EMULATE": "maybe"})
    assert "LaunchError: OXPACK_EMULATE must be 1 or 0 (true/false, yes/no), got 'maybe'" in bad.stderr
    off = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                         env={**env, "OXPACK_EMULATE": "0"})
    assert "saxpy(): argument `x` is in host memory" in off.stderr  # outside emulation nothing changes


def test_the_build_ships_host_libraries_only_when_asked(example_build: Path, tmp_path: Path) -> None:
    support = example_build / "vecmath" / "_oxpack"
    assert sorted(p.name for p in support.glob("*.host.so")) == [
        "attention.host.so", "bits.host.so", "fp8.host.so", "fused.host.so", "gemm.host.so", "glu.host.so", "int8.host.so", "matrix.host.so",
        "nn.host.so", "norm.host.so", "reduce.host.so", "saxpy.host.so", "scan.host.so", "tensor.host.so"]
    assert (support / "emulate.py").is_file()
    plain = tmp_path / "plain"
    _build(EXAMPLE, plain, "-q")
    assert not list((plain / "vecmath" / "_oxpack").glob("*.host.so"))
    assert not (plain / "vecmath" / "_oxpack" / "emulate.py").exists()
    code = ("import numpy as np, vecmath.kernels as k\n"
            "k.saxpy(2.0, np.ones(4, np.float32), np.ones(4, np.float32))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(plain), "OXPACK_EMULATE": "1"})
    assert ("LaunchError: this package was built without emulation (no _oxpack/emulate.py): build it with "
            "`emulation = true` in `[tool.oxpack]` or `oxpack build --emulation`") in proc.stderr, proc.stderr


@pytest.mark.slow  # a build of its own: runs once in CI
def test_an_unchanged_rebuild_runs_no_host_stage_and_host_libraries_are_reproducible(
    example_build: Path, tmp_path: Path
) -> None:
    again = _build(EXAMPLE, tmp_path / "again", "--emulation")
    assert "oxpack: everything came from the cache" in again.stderr, again.stderr[-800:]
    support = "vecmath/_oxpack"
    for lib in (example_build / support).glob("*.host.so"):
        assert (tmp_path / "again" / support / lib.name).read_bytes() == lib.read_bytes()
    # the host stages run again in another folder than the pipeline's work folder (no path in what they make):
    # the same bytes as the pipeline's (once: each run compiles the device crate for the host cold)
    import json

    from oxpack.sources.descriptor import KernelParam, KernelSig
    from oxpack.toolchain.rustc import find_rustc
    from oxpack.builder.stages.host import HostRustc, compile_host_device_crate, compile_host_library, glue

    manifest = json.loads((example_build / support / "kernels.json").read_text())
    sigs = [KernelSig(name, tuple(KernelParam(p["name"], p["kind"], p["dtype"]) for p in k["params"]), "", (),
                      coarsen=k.get("coarsen", 1))
            for name, k in sorted(manifest["kernels"].items()) if k["crate"] == "saxpy"]
    ran: list[str] = []

    def rustc(cmd: list[str], what: str, cwd: Path) -> str:
        ran.append(what)
        return run_ok(cmd, cwd=cwd).stderr

    host = HostRustc(find_rustc(), 3)
    source = tmp_path / "elsewhere" / "kernels" / "saxpy.rs"
    source.parent.mkdir(parents=True)
    source.write_bytes((EXAMPLE / "kernels" / "saxpy.rs").read_bytes())
    work = tmp_path / "elsewhere" / "work"  # as the pipeline's work folders, in another folder
    (work / "host-rlib").mkdir(parents=True)
    (work / "host-so").mkdir()
    device = compile_host_device_crate(rustc, host, work / "host-rlib")
    rs = glue("saxpy", sigs)
    library = compile_host_library(rustc, host, device, source, "kernels/saxpy.rs", "saxpy", rs, work / "host-so")
    assert library == (example_build / support / "saxpy.host.so").read_bytes()
    assert sorted(p.name for p in (work / "host-so").iterdir()) == ["glue.rs", "root.rs"], "outputs read, removed"
    assert ran == ["the oxpack device crate for the host", "`kernels/saxpy.rs` for the host",
                   "the host library of `kernels/saxpy.rs`"]


# ---------------------------------------------------------------- barriers, warps, panics


def test_a_thread_that_returns_before_a_barrier_is_named(misuse: ModuleType) -> None:
    from emuproj._oxpack.runtime import KernelBarrierError

    out = np.zeros(256, np.uint32)
    with pytest.raises(KernelBarrierError) as info:
        misuse.early_return(200, out)
    e = info.value
    assert e.kernel == "early_return" and e.location == "kernels/misuse.rs:10:9"
    assert str(e).startswith("early_return(): thread (200, 0, 0) of block (0, 0, 0) does not reach the block barrier "
                             "sync_threads() that 200 thread(s) of the block wait at (thread (0, 0, 0) among them): "
                             "it has returned; every thread of the block must reach the same barrier at "
                             "kernels/misuse.rs:10:9")
    misuse.early_return(256, out)  # every thread reaches it: fine
    assert out.tolist() == [1] * 256


def test_threads_at_two_different_barriers_are_named(misuse: ModuleType) -> None:
    from emuproj._oxpack.runtime import KernelBarrierError

    with pytest.raises(KernelBarrierError, match=r"two_barriers\(\): thread \(32, 0, 0\) of block \(0, 0, 0\) does not "
                       r"reach the block barrier sync_threads\(\) .*: it waits at the block barrier sync_threads\(\) "
                       r"at kernels/misuse.rs:21:13; every thread .* at kernels/misuse.rs:19:13$"):
        misuse.two_barriers(np.zeros(64, np.uint32))


def test_a_warp_operation_that_half_the_warp_skips_is_named(misuse: ModuleType) -> None:
    from emuproj._oxpack.runtime import KernelBarrierError

    with pytest.raises(KernelBarrierError) as info:
        misuse.half_warp(np.zeros(32, np.uint32))
    assert info.value.location == "kernels/misuse.rs:32:17"
    assert "lane 16 of warp 0 (thread (16, 0, 0) of block (0, 0, 0)) does not join the warp shuffle shfl_xor() that " \
           "lane 0 waits at: it has returned; every lane of the warp must call it together" in str(info.value)


def test_trap_raises_kernel_trap_with_the_callers_location(misuse: ModuleType) -> None:
    from emuproj._oxpack.runtime import KernelBarrierError, KernelTrap, LaunchError

    with pytest.raises(KernelTrap) as info:
        misuse.trapping(np.zeros(64, np.uint32))
    assert not isinstance(info.value, KernelBarrierError) and isinstance(info.value, LaunchError)
    assert info.value.location == "kernels/misuse.rs:42:13"
    assert info.value.thread == "thread (5, 0, 0) of block (0, 0, 0)"
    out = np.zeros(4, np.uint32)
    misuse.trapping(out, block=4)  # the next launch runs normally
    assert out.tolist() == [1, 1, 1, 1]


def test_the_generated_module_re_exports_kernel_trap_and_kernel_barrier_error(misuse: ModuleType) -> None:
    """Users catch `<package>.kernels.KernelTrap`; the same classes as the runtime's (and in the `.pyi`)."""
    from emuproj._oxpack import runtime

    assert misuse.KernelTrap is runtime.KernelTrap and misuse.KernelBarrierError is runtime.KernelBarrierError
    assert {"KernelTrap", "KernelBarrierError"} <= set(misuse.__all__)
    pyi = Path(misuse.__file__).with_suffix(".pyi").read_text()
    assert "from ._oxpack.runtime import KernelTrap as KernelTrap\n" in pyi
    with pytest.raises(misuse.KernelTrap, match=r"^trapping\(\): the kernel trapped"):
        misuse.trapping(np.zeros(64, np.uint32))
    with pytest.raises(misuse.KernelBarrierError):
        misuse.half_warp(np.zeros(32, np.uint32))


def _collectives_ref(x: np.ndarray, which: int, block: int) -> list[int]:
    """What CUDA gives for `collectives`, per thread: warps of 32 lanes, the last one of a
    block possibly partial (a source lane outside it keeps the caller's value)."""
    out = []
    n = len(x)
    for b in range(0, n, block):
        xb = [int(v) for v in x[b : b + block]]
        count = sum(v % 2 == 0 for v in xb) * 4 + all(v > 0 for v in xb) * 2 + any(v > 1_000_000 for v in xb)
        for w in range(0, len(xb), 32):
            lanes = xb[w : w + 32]
            m = len(lanes)
            for lane, v in enumerate(lanes):
                def src(j: int, v: int = v) -> int:
                    return lanes[j] if 0 <= j < m else v
                r = [src(3), src(lane - 2), src(lane + 5), src(lane ^ 6),
                     sum(1 << k for k, u in enumerate(lanes) if u % 3 == 0),
                     all(u > 0 for u in lanes) * 2 + any(u > 1_000_000 for u in lanes),
                     count, (sum(lanes) & 0xFFFFFFFF) ^ lane]
                out.append(r[which])
    return out


@pytest.mark.parametrize("which", range(8))
@pytest.mark.parametrize("block", [1, 7, 33, 64, 96, 100, 1000])
def test_warp_primitives_and_barrier_reductions_follow_cuda(misuse: ModuleType, which: int, block: int) -> None:
    rng = np.random.default_rng(which)
    n = 8 * 24 + which  # len(x) % 8 picks the primitive
    x = rng.integers(1, 50, n, dtype=np.uint32)
    if which == 5:
        x[7] = 0  # one lane votes false in warp 0
    out = np.zeros(n, np.uint32)
    misuse.collectives(x, out, threads=n, block=block)
    # a partial block: its threads past `n` run too (with v = 0), as on the GPU
    padded = np.concatenate([x, np.zeros(-n % block, np.uint32)])
    assert out.tolist() == _collectives_ref(padded, which, block)[:n]


def _block_collectives_ref(x: np.ndarray, which: int, threads: tuple[int, ...], block: tuple[int, ...]) -> np.ndarray:
    """What `block_collectives(_3d)` gives on the GPU for the volume `threads` (x fastest): blocks
    over the padded grid, warps of 32 consecutive linear thread indices of a block (x fastest),
    the last one partial when the block's size is not a multiple of 32; padding threads hold 0."""
    t3, d3 = (tuple(threads) + (1, 1))[:3], (tuple(block) + (1, 1))[:3]
    g3 = [-(-t // d) for t, d in zip(t3, d3, strict=True)]
    out = np.zeros(len(x), np.uint32)
    for bz in range(g3[2]):
        for by in range(g3[1]):
            for bx in range(g3[0]):
                coords = [(bx * d3[0] + tx, by * d3[1] + ty, bz * d3[2] + tz)
                          for tz in range(d3[2]) for ty in range(d3[1]) for tx in range(d3[0])]  # linear order
                ids = [(z * t3[1] + y) * t3[0] + xx if xx < t3[0] and y < t3[1] and z < t3[2] else -1
                       for xx, y, z in coords]
                vals = [int(x[i]) if i >= 0 else 0 for i in ids]
                total, top = sum(vals) & 0xFFFFFFFF, max(vals)
                for w in range(0, len(ids), 32):
                    lanes = vals[w : w + 32]
                    r = [total, top, min(lanes), len(lanes)][which]
                    for i in ids[w : w + 32]:
                        if i >= 0:
                            out[i] = r
    return out


@pytest.mark.parametrize("which", range(4))
@pytest.mark.parametrize(
    ("threads", "block"),
    [((n,), (b,)) for n, b in [(5, 1), (70, 7), (93, 31), (96, 32), (99, 33), (200, 63), (130, 65), (300, 100),
                                  (2000, 1000), (1023, 1023), (2048, 1024), (1500, 1024)]]
    + [((18, 8, 1), (9, 4, 1)), ((66, 6, 1), (33, 3, 1)), ((20, 9, 1), (10, 3, 1)), ((7, 7, 6), (7, 7, 3)),
       ((40, 2, 1), (40, 1, 1)), ((3, 5, 70), (1, 1, 35))],
)
def test_block_and_warp_reductions_at_any_block_shape(misuse: ModuleType, which: int, threads: tuple[int, ...],
                                                      block: tuple[int, ...]) -> None:
    """Attack: blocks of 1, 31, 33, 63, 65, 1023 threads and 2-D/3-D blocks whose x is no multiple of
    32 leave the last warp partial; every thread gets exactly its block's and its warp's reduction
    (before the fix a partial warp counted lanes twice, or dropped the partials it had no lanes for)."""
    size = int(np.prod(threads))
    rng = np.random.default_rng(100 + which)
    x = rng.integers(1, 1000, size, dtype=np.uint32)
    x[-1] = 5000  # the maximum sits in the last thread
    out = np.zeros(size, np.uint32)
    if len(threads) == 1:
        misuse.block_collectives(which, x, out, threads=threads[0], block=block[0])
    else:
        misuse.block_collectives_3d(which, threads[0], threads[1], x, out, threads=threads, block=block)
    assert out.tolist() == _block_collectives_ref(x, which, threads, block).tolist()


@pytest.mark.parametrize("which", range(4))
def test_shuffle_lane_arguments_take_their_low_five_bits_as_on_the_gpu(misuse: ModuleType, which: int) -> None:
    """shfl.sync reads the lane or delta argument's low 5 bits: xor 33 is xor 1, down 34 is down 2,
    up 35 is up 3, idx 36 is lane 4 (the emulator gave each lane its own value before)."""
    n = 64
    x = np.arange(100, 100 + n, dtype=np.uint32)
    out = np.zeros(n, np.uint32)
    misuse.wide_lane_arguments(which, x, out, threads=n, block=64)
    lanes = np.arange(n) % 32
    warp = np.arange(n) - lanes
    src = [lanes ^ 1, np.where(lanes + 2 < 32, lanes + 2, lanes), np.where(lanes >= 3, lanes - 3, lanes),
           np.full(n, 4)][which]
    assert out.tolist() == x[warp + src].tolist()


def test_atomics_from_every_thread(misuse: ModuleType) -> None:
    x = np.random.default_rng(1).integers(-(2**20), 2**20, 10_000, dtype=np.int32)
    c = np.array([0, 2**31 - 1, -(2**31), 0], np.int32)
    u = np.array([0, 2**32 - 1, 0], np.uint32)
    f = np.zeros(1, np.float64)
    misuse.atomics(x, c, u, f)
    assert c.tolist() == [int(x.sum()), int(x.min()), int(x.max()), int(np.bitwise_xor.reduce(x))]
    assert u.tolist() == [int(x.view(np.uint32).max()), int(x.view(np.uint32).min()), 10_000]
    assert f[0] == float(x.astype(np.float64).sum())


def test_half_precision_conversions_round_like_the_gpu(misuse: ModuleType) -> None:
    rng = np.random.default_rng(2)
    x = np.concatenate([
        rng.standard_normal(20_000).astype(np.float32) * 10.0 ** rng.integers(-9, 6, 20_000),
        np.array([0.0, -0.0, np.inf, -np.inf, 65504, 65520, 65519.996, 2.0**-24, 2.0**-25, 3 * 2.0**-26,
                  2.0**-14, 1.0 + 2.0**-11, 1.0 + 3 * 2.0**-11, 3.4e38], np.float32),
    ]).astype(np.float32)
    h, back, b = np.zeros(len(x), np.uint32), np.zeros(len(x), np.float32), np.zeros(len(x), np.uint32)
    misuse.halves(x, h, back, b)
    with np.errstate(over="ignore"):
        f16 = x.astype(np.float16)
    assert np.array_equal(h.astype(np.uint16), f16.view(np.uint16))
    assert np.array_equal(back, f16.astype(np.float32))
    bits = x.view(np.uint32).astype(np.uint64)
    bf16 = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint32)  # round to nearest even
    assert np.array_equal(b, bf16)


def test_packed_half_pairs_are_the_two_conversions_low_first(misuse: ModuleType) -> None:
    """`F16::pack2(lo, hi)` / `BF16::pack2(lo, hi)` (one `cvt.rn.f16x2.f32` / `.bf16x2.f32` on the GPU,
    which takes its operands high first) hold `from_f32(lo)` in the lower half and `from_f32(hi)` in
    the upper one, each rounded to nearest even, infinities and ties included."""
    rng = np.random.default_rng(3)
    x = np.concatenate([
        rng.standard_normal(4_000).astype(np.float32) * 10.0 ** rng.integers(-6, 5, 4_000),
        np.array([0.0, -0.0, np.inf, -np.inf, 65520, 2.0**-25, 1.0 + 2.0**-8, 1.0 + 3 * 2.0**-8, 3.4e38], np.float32),
    ]).astype(np.float32)
    h, b = np.zeros(len(x), np.uint32), np.zeros(len(x), np.uint32)
    misuse.half_pairs(x, h, b)
    hi = np.roll(x, -1)

    def f16(v: np.ndarray) -> np.ndarray:
        with np.errstate(over="ignore"):
            return v.astype(np.float16).view(np.uint16).astype(np.uint32)

    def bf16(v: np.ndarray) -> np.ndarray:
        bits = v.view(np.uint32).astype(np.uint64)
        return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint32)  # round to nearest even

    assert np.array_equal(h, f16(x) | f16(hi) << 16)
    assert np.array_equal(b, bf16(x) | bf16(hi) << 16)


# ---------------------------------------------------------------- host arrays and switches


def test_host_arrays_from_the_buffer_protocol_and_cpu_dlpack(misuse: ModuleType) -> None:
    out = array.array("I", [0] * 64)
    misuse.early_return(64, out, block=64)  # a writable buffer: the output
    assert list(out) == [1] * 64

    class OnlyDLPack:
        """A CPU tensor seen only through DLPack (as a PyTorch CPU tensor is)."""

        def __init__(self, a: np.ndarray) -> None:
            self.a = a

        def __dlpack__(self, **kw: Any) -> Any:
            return self.a.__dlpack__()

        def __dlpack_device__(self) -> tuple[int, int]:
            return (1, 0)

    x = np.arange(200, dtype=np.uint32) + 1
    out2 = np.zeros(200, np.uint32)
    misuse.collectives(OnlyDLPack(x), OnlyDLPack(out2), threads=200, block=64)
    ref = np.zeros(200, np.uint32)
    misuse.collectives(x, ref, threads=200, block=64)
    assert np.array_equal(out2, ref) and ref.any()
    with pytest.raises(TypeError, match=r"collectives\(\): argument `x` must be a uint32 array, got a buffer of "
                       r"format 'd'"):
        misuse.collectives(array.array("d", [1.0]), ref)


def test_device_arrays_are_refused_while_emulating(misuse: ModuleType) -> None:
    class Gpu:
        __cuda_array_interface__ = {"shape": (64,), "typestr": "<u4", "data": (1 << 40, False), "version": 3}

    class GpuDLPack:
        def __dlpack__(self, **kw: Any) -> Any:
            raise AssertionError("never exported")

        def __dlpack_device__(self) -> tuple[int, int]:
            return (2, 0)

    with pytest.raises(TypeError, match=r"early_return\(\): argument `out` is device memory \(.*Gpu\), but "
                       r"`kernels` is emulating \(OXPACK_EMULATE=1 or emulation\(\)\): pass a host array"):
        misuse.early_return(64, Gpu())
    with pytest.raises(TypeError, match=r"argument `out` is on DLPack device type 2, not host memory"):
        misuse.early_return(64, GpuDLPack())


def test_the_module_switch_and_its_context_manager(misuse: ModuleType) -> None:
    out = np.zeros(8, np.uint32)
    with misuse.emulation(False):
        with pytest.raises(TypeError, match=r"argument `out` is in host memory"):
            misuse.early_return(8, out, block=8)
        with misuse.emulation():
            misuse.early_return(8, out, block=8)
        with pytest.raises(TypeError, match=r"in host memory"):
            misuse.early_return(8, out, block=8)
    misuse.early_return(8, out, block=8)
    assert out.tolist() == [1] * 8
    with pytest.raises(TypeError, match="must be a bool"):
        misuse.emulation("yes")


def test_fibers_survive_many_threads_and_blocks(misuse: ModuleType) -> None:
    """1024-thread blocks, each thread suspended at every barrier, and a C pointer check that
    outputs really are written in place."""
    x = np.arange(1, 4097, dtype=np.uint32)
    out = np.zeros(4096, np.uint32)
    misuse.collectives(x, out, threads=4096, block=1024)
    assert out.ctypes.data == ctypes.addressof(ctypes.c_uint32.from_buffer(out))
    assert np.array_equal(out, np.asarray(_collectives_ref(x, 0, 1024), np.uint32))


# ---------------------------------------------------------------- wheels


@pytest.mark.slow  # pip with build isolation (hatchling from PyPI), a fresh venv, NumPy installed into it
def test_a_wheel_with_emulation_is_tagged_for_the_platform_and_emulates_when_installed(
    oxpack_wheels: Path, tmp_path: Path
) -> None:
    from conftest import wheel_into_venv
    from oxpack.builder.stages.host import host_platform

    project = tmp_path / "emuwheel"
    (project / "kernels").mkdir(parents=True)
    (project / "src" / "emuwheel").mkdir(parents=True)
    (project / "src" / "emuwheel" / "__init__.py").write_text("")
    (project / "pyproject.toml").write_text(textwrap.dedent("""\
        [build-system]
        requires = ["hatchling>=1.26", "oxpack"]
        build-backend = "hatchling.build"

        [project]
        name = "emuwheel"
        version = "0.1.0"

        [tool.hatch.build.hooks.oxpack]

        [tool.oxpack]
        archs = ["sm_90"]
        emulation = true
        """))
    (project / "kernels" / "twice.rs").write_text(textwrap.dedent("""\
        use oxpack::prelude::*;

        kernel! {
            /// out[i] = 2 x[i]
            pub fn twice(i: ThreadIndex, x: &[f64], out: &mut DisjointSlice<f64>) where (len(x) >= len(out)) {
                if let Some(o) = out.get_mut(i) {
                    *o = 2.0 * x[i.get()];
                }
            }
        }
        """))
    built = wheel_into_venv(project, tmp_path / "w", oxpack_wheels, ["numpy"])
    wheel = built["wheel"]
    assert wheel.name == f"emuwheel-0.1.0-py3-none-{host_platform()}.whl"
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"emuwheel/_oxpack/twice.host.so", "emuwheel/_oxpack/emulate.py", "emuwheel/_oxpack/twice.fatbin"} <= names
    code = ("import numpy as np, emuwheel.kernels as k\n"
            "x = np.arange(5.0); out = np.zeros(5); k.twice(x, out); print(out.tolist())")
    proc = run_ok([str(built["python"]), "-c", code], env={**os.environ, "OXPACK_EMULATE": "1"}, cwd=tmp_path)
    assert proc.stdout.strip() == "[0.0, 2.0, 4.0, 6.0, 8.0]"


def test_the_lockfile_pins_host_libraries(misuse: ModuleType, tmp_path: Path) -> None:
    from oxpack.config import load_config
    from oxpack.builder.stages.host import host_platform
    from oxpack.package.lockfile import check_lock, read_lock, write_lock
    from oxpack.builder.pipeline import build_project

    project = Path(misuse.__file__).parents[2] / "proj"  # the fixture's project, built with `emulation = true`
    result = build_project(load_config(project), jobs=1)
    write_lock(project, result)
    lock = read_lock(project)
    assert lock["targets"]["emulation-platform"] == host_platform()
    host = result.host_libraries()["misuse"]
    import hashlib

    assert lock["crates"]["misuse"]["host-sha256"] == hashlib.sha256(host).hexdigest()
    check_lock(project, build_project(load_config(project), jobs=1))  # unchanged: no drift


# ---------------------------------------------------------------- bad input, one line each


def test_a_bad_emulation_key_names_it(tmp_path: Path) -> None:
    from oxpack.config import load_config
    from oxpack.errors import ConfigError

    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.oxpack]\nemulation = "yes"\n')
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert "Option `emulation` in `tool.oxpack` must be true or false, got \"yes\" (str)" in str(info.value)


def test_another_build_machine_is_refused_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from oxpack.errors import ToolchainError
    from oxpack.builder.stages import host

    monkeypatch.setattr(host.platform, "machine", lambda: "aarch64")
    with pytest.raises(ToolchainError, match=r"^emulation \(`emulation = true` / `--emulation`\) builds on x86-64 "
                       r"Linux only; this machine is linux aarch64: build without emulation here$"):
        host.check_host_supported()


@pytest.mark.parametrize("damage", ["library", "platform"])
def test_a_damaged_or_foreign_host_library_is_refused(example_build: Path, tmp_path: Path, damage: str) -> None:
    import json
    import shutil

    from oxpack.builder.stages.host import host_platform

    copy = tmp_path / "site"
    shutil.copytree(example_build, copy)
    support = copy / "vecmath" / "_oxpack"
    if damage == "library":
        (support / "saxpy.host.so").write_bytes(b"\x7fELF not really")
        expected = f"LaunchError: {support / 'saxpy.host.so'}: sha256 differs from kernels.json; rebuild the package"
    else:
        manifest = json.loads((support / "kernels.json").read_text())
        manifest["emulation"]["platform"] = "macosx_14_0_arm64"
        (support / "kernels.json").write_text(json.dumps(manifest))
        expected = ("LaunchError: kernels: its emulation libraries were built for macosx_14_0_arm64, this is "
                    f"{host_platform()}; rebuild the package here")
    code = "import numpy as np, vecmath.kernels as k; k.saxpy(2.0, np.ones(4, np.float32), np.ones(4, np.float32))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(copy), "OXPACK_EMULATE": "1"})
    assert proc.returncode == 1 and proc.stderr.strip().splitlines()[-1].endswith(expected), proc.stderr[-1500:]


# ---------------------------------------------------------------- the reliability rules for the host stages


def _emulated_project(project: Path, name: str, kernel_file: str, source: str) -> Path:
    """A project `name` (package `src/<name>`) of one kernel file, built with `emulation = true`."""
    (project / "kernels").mkdir(parents=True)
    (project / "src" / name).mkdir(parents=True)
    (project / "src" / name / "__init__.py").write_text("")
    (project / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [project]
        name = "{name}"
        version = "0.1.0"

        [tool.oxpack]
        archs = ["sm_90"]
        ptx = "none"
        emulation = true
        """))
    (project / "kernels" / kernel_file).write_text(source)
    return project


def _host_project(root: Path, source: str) -> Path:
    """A one-kernel project built with `emulation = true`; `source` is its kernel file."""
    return _emulated_project(root / "hostproj", "hostproj", "twice.rs", source)


TWICE = """\
use oxpack::prelude::*;
kernel! {
    /// out[i] = 2 x[i]
    pub fn twice(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) { *o = 2.0 * x[i.get()] * SALT; }
    }
}
"""


def test_host_stage_lines_run_as_printed(tmp_path: Path) -> None:
    """The host stages run rustc in kept work folders: their `-v` `$` lines and the "reproduce with:"
    of a host-only error run as printed, from another folder, after the build has ended."""
    import uuid

    salt = f"\nconst SALT: f32 = 1.0; // {uuid.uuid4()}\n"  # a fresh source: the host stages are cold
    host_only = '#[cfg(not(target_arch = "nvptx64"))]\ncompile_error!("host-only failure");\n'
    project = _host_project(tmp_path, TWICE + salt + host_only)
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(project), "-v"], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 1, proc.stderr
    assert "the host" in proc.stderr and "host-only failure" in proc.stderr, proc.stderr[-2000:]
    (repro,) = [line.split("reproduce with: ", 1)[1] for line in proc.stderr.splitlines() if "reproduce with:" in line]
    assert "/work/host-so-" in repro and "panic=unwind" in repro, repro
    again = subprocess.run(["bash", "-c", repro], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert again.returncode == 1 and "error: host-only failure" in again.stderr, again.stderr
    (project / "kernels" / "twice.rs").write_text(TWICE + salt)
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(project), "-v"], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    dollars = [line.split("$ ", 1)[1] for line in proc.stderr.splitlines()
               if line.startswith("oxpack: $ ") and "panic=unwind" in line]
    assert len(dollars) == 2 and "--crate-type cdylib" in dollars[1], proc.stderr[-3000:]
    for line in dollars:  # in order: the kernel crate's rlib, then the library linked from it
        ran = subprocess.run(["bash", "-c", line], capture_output=True, text=True, cwd=tmp_path, check=False)
        assert ran.returncode == 0, f"{line}\n{ran.stderr}"
    work = Path(dollars[1].split("cd ", 1)[1].split(" && ", 1)[0])
    assert (work / "twice.host.so").is_file()  # the printed line made it again, where the line said


@pytest.mark.slow  # a build of its own: runs once in CI
def test_a_build_killed_in_a_host_stage_leaves_no_process_and_no_temporary(tmp_path: Path, short_tmp: Path,
                                                                            oxpack_cache: Path) -> None:
    """kill -9 of a cold `oxpack build --emulation` while rustc compiles for the host: rustc dies
    with the build, no temporary is left, and the next build succeeds and leaves none either."""
    import uuid

    from test_reliability import (_assert_all_end, _children, _cmdline, _temporaries, _wait_for_reader,
                                  _wait_in_rustc)

    body = "\n".join(f"    pub fn k{m}(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {{\n"
                     f"        if let Some(o) = out.get_mut(i) {{ *o = x[i.get()] * {m}.5 * SALT; }}\n    }}"
                     for m in range(80))
    source = f"use oxpack::prelude::*;\nconst SALT: f32 = 1.0; // {uuid.uuid4()}\nkernel! {{\n{body}\n}}\n"
    project = _host_project(tmp_path, source)
    # the host rustc, and it alone, waits for the FIFO: the build is in a host stage until the test ends it
    fifo = project / "wait.fifo"  # in the project: the build reads no file outside it
    _wait_in_rustc(project / "kernels" / "twice.rs", fifo, '#[cfg(not(target_arch = "nvptx64"))]\n')
    tmpdir = short_tmp
    env = {**os.environ, "TMPDIR": str(tmpdir)}
    log = tmp_path / "build.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "oxpack", "build", str(project), "-q", "--emulation"], env=env,
                                stdout=subprocess.DEVNULL, stderr=out, text=True)
    held = _wait_for_reader(fifo, proc, "the host rustc", log)
    seen = _children(proc.pid)
    host = [pid for pid in seen if b"panic=unwind" in _cmdline(pid) and b"rustc" in _cmdline(pid)]
    assert host, [_cmdline(pid) for pid in seen]
    try:
        proc.kill()
        proc.wait(timeout=60)
    finally:
        os.close(held)
    _assert_all_end(seen)
    # the host stages make no temporary folder (they used `oxpack-host-*` ones, which a kill left behind);
    # a kill -9 runs no clean-up, so what is left is the dead build's `.tmp.<pid>.…` folders and the
    # multiprocessing folder one of them names, which the next build removes (below)
    assert not list(tmpdir.glob("oxpack-host*")), list(tmpdir.iterdir())
    left = _temporaries(tmpdir)
    assert all(p.name.startswith((f".tmp.{proc.pid}.", "pymp-")) for p in left), left
    kernel = project / "kernels" / "twice.rs"
    kernel.write_text("".join(line for line in kernel.read_text().splitlines(keepends=True)
                              if "_WAIT" not in line and "nvptx64" not in line))
    again = subprocess.run([sys.executable, "-m", "oxpack", "build", str(project), "-q"], env=env,
                           capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert _temporaries(tmpdir, oxpack_cache / "stages", oxpack_cache / "work") == []
    assert (project / "build" / "oxpack" / "hostproj" / "_oxpack" / "twice.host.so").is_file()


# ---------------------------------------------------------------- editable installs emulate


SCALE = """\
import numpy as np, demo.kernels as k
x = np.arange(6, dtype=np.float32); out = np.zeros(6, np.float32)
k.{kernel}(3.0, x, out)
print(out.tolist())
"""


@pytest.mark.slow
def test_an_editable_install_emulates_and_so_does_its_rebuild_on_import(oxpack_wheels: Path, tmp_path: Path) -> None:
    """`pip install -e` of a fresh `oxpack init` project (build isolation, `emulation` not set) in a pristine
    venv: the served module has host libraries, so `OXPACK_EMULATE=1` runs the kernel on NumPy arrays; after
    an edit, the rebuild on import (oxpack installed beside) builds them too. Its wheel-to-be stays GPU-only."""
    from test_field import _env, _init_project, _pip, _pristine, _rename_kernel

    project = _init_project(tmp_path, layout="src")
    assert "emulation = true" not in (project / "pyproject.toml").read_text()
    python = _pristine(tmp_path / "venv")
    _pip(python, oxpack_wheels, "install", "-q", "-e", str(project))
    emulate = _env(OXPACK_EMULATE="1")
    proc = run_ok([str(python), "-c", SCALE.format(kernel="scale")], env=emulate, cwd=tmp_path)
    assert proc.stdout.strip() == "[0.0, 3.0, 6.0, 9.0, 12.0, 15.0]", proc.stderr
    _pip(python, oxpack_wheels, "install", "-q", "oxpack")
    _rename_kernel(project, "scale", "scale_by")
    proc = run_ok([str(python), "-c", SCALE.format(kernel="scale_by")], env=emulate, cwd=tmp_path)
    assert proc.stdout.strip() == "[0.0, 3.0, 6.0, 9.0, 12.0, 15.0]", proc.stderr
    rebuilt = project / "build" / "oxpack-editable" / "demo" / "_oxpack"
    assert (rebuilt / "scale.host.so").is_file() and (rebuilt / "emulate.py").is_file()
    # outside emulation nothing changes: the same module refuses host arrays
    off = subprocess.run([str(python), "-c", SCALE.format(kernel="scale_by")], capture_output=True, text=True,
                         check=False, env=_env(), cwd=tmp_path)
    assert "scale_by(): argument `x` is in host memory" in off.stderr, off.stderr[-1500:]
    # a plain wheel of the same project is still GPU-only and `py3-none-any`
    _pip(python, oxpack_wheels, "wheel", "-q", "--no-deps", str(project), "-w", str(tmp_path / "dist"))
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name == "demo-0.1.0-py3-none-any.whl"


# ---------------------------------------------------------------- real CPU PyTorch tensors


@pytest.fixture(scope="module")
def vecmath(example_build: Path) -> Iterator[ModuleType]:
    """The example project's module (built with `--emulation`), emulating."""
    module = import_from(example_build, "vecmath.kernels")
    module.emulation(True)
    yield module
    forget_package("vecmath")


BLOCKS = [1, 7, 32, 33, 100, 481, 1000]  # partial last warps (1, 7, 33, 100, 481, 1000) and a full one


@pytest.mark.parametrize("block", BLOCKS)
def test_every_reducing_example_kernel_at_partial_warp_block_sizes(vecmath: ModuleType, block: int) -> None:
    """softmax, sum, min_max, histogram, warp_scan and block_reverse at block sizes whose last
    warp is partial, against NumPy; the twin of tests/test_gpu_collectives.py. Before the
    collectives knew partial warps, softmax's rows summed to 0.06 at block 7 and sum doubled lanes."""
    k = vecmath
    rng = np.random.default_rng(block)
    # softmax: one block per row; rows shorter than the block, ragged ones, the three-pass path.
    # Its registers allow fewer than 1000 threads a block on some arch of the build (sm_80: 512),
    # which emulation refuses as that GPU would
    _, limit = k._module.kernel("softmax").spec.fewest_threads()
    if block > limit.max_threads:
        with pytest.raises(k.KernelValueError, match=rf"^softmax\(\): `block` {block} has {block} threads, over the "
                           rf"{limit.max_threads} this kernel allows per block on sm_"):
            k.softmax(37, np.zeros((3, 37), np.float32), np.zeros((3, 37), np.float32), block=block)
    for cols in sorted({1, 5, 37, 1000, 16 * block + 3} if block <= limit.max_threads else ()):
        rows = 3
        x = (rng.standard_normal((rows, cols)) * 4).astype(np.float32)
        out = np.full((rows, cols), np.nan, np.float32)
        k.softmax(cols, x, out, block=block)
        e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
        ref = e / e.sum(axis=1, keepdims=True)
        assert np.linalg.norm(out - ref) / np.linalg.norm(ref) < 1e-6, f"softmax cols={cols} block={block}"
        assert np.max(np.abs(out.sum(axis=1) - 1.0)) < 1e-4, f"softmax cols={cols} block={block}"
    # sum: a grid-stride loop, warp sums, one partial per warp
    x = rng.random(20_011, dtype=np.float32)
    total = np.zeros(1, np.float32)
    k.sum(x, total, block=block)
    ref = float(np.sum(x, dtype=np.float64))
    assert abs(float(total[0]) - ref) / ref < 1e-5, f"sum block={block}: {float(total[0])} != {ref}"
    # min_max: the extremes in the last (partial) warp of the last block
    n = 5 * block + 3
    xi = rng.integers(-1000, 1000, n, dtype=np.int32)
    xi[-1], xi[-2] = -5000, 5000
    lo, hi = np.full(1, 2**31 - 1, np.int32), np.full(1, -(2**31), np.int32)
    k.min_max(xi, lo, hi, block=block)
    assert (int(lo[0]), int(hi[0])) == (-5000, 5000), f"min_max block={block}"
    # histogram: shared atomics, no shuffles
    u = rng.integers(0, 2**32, 10_007, dtype=np.uint32)
    hist = np.zeros(37, np.uint32)
    k.histogram(37, u, hist, block=block)
    assert np.array_equal(hist, np.bincount(u % 37, minlength=37).astype(np.uint32)), f"histogram block={block}"
    # warp_scan: an inclusive scan per warp; a block's last warp may be partial
    n = 3 * block + 5
    xs = rng.integers(-1000, 1000, n, dtype=np.int64)
    scanned = np.zeros(n, np.int64)
    k.warp_scan(xs, scanned, block=block)
    ref_scan = np.concatenate([np.cumsum(xs[w : min(w + 32, b + block, n)])
                               for b in range(0, n, block) for w in range(b, min(b + block, n), 32)])
    assert np.array_equal(scanned, ref_scan), f"warp_scan block={block}"
    # block_reverse: each block's elements reversed through dynamic shared memory
    xr = rng.standard_normal(4 * block + 3).astype(np.float32)
    rev = np.zeros_like(xr)
    k.block_reverse(xr, rev, block=block)
    ref_rev = np.concatenate([xr[b : b + block][::-1] for b in range(0, len(xr), block)])
    assert np.array_equal(rev, ref_rev), f"block_reverse block={block}"



def test_a_scratch_smaller_than_the_block_traps(vecmath: ModuleType) -> None:
    """`block_reverse` declares its dynamic shared memory (`#[launch(shared = block)]`: a slot per
    thread), so no call of the stub gets it wrong. Given 16 slots for 256 threads anyway, through the
    run time's general path, the read of slot n-1-t >= 16 traps instead of reading past the array."""
    with pytest.raises(vecmath.KernelTrap) as info:
        vecmath._module.kernel("block_reverse")((np.ones(1024, np.float32), np.zeros(1024, np.float32), 16),
                                                None, None, 256)
    assert not isinstance(info.value, vecmath.KernelBarrierError)
    assert info.value.message.startswith("shared array index out of bounds: the len is 16 but the index is ")
    assert info.value.location is not None and info.value.location.startswith("kernels/reduce.rs:116:")


@pytest.mark.parametrize("block", [1, 7, 33, 100])
def test_cumsum_at_partial_warp_blocks_reused_state_and_any_grid(vecmath: ModuleType, block: int) -> None:
    """The single-pass scan (kernels/scan.rs; docs/device-library.md, "Prefix sums in one pass"):
    partial last warps in the block's scan and the look-back's warp, one state reused by launches
    of different sizes and grids (tiles drawn until they run out) without zeroing; exact data
    (integers in [-8, 8]: every partial sum exact in float32, any order). The kernel declares a
    thread per 32 elements (a block per tile); fewer blocks than tiles (3 · block threads, as a grid
    cut to the blocks a GPU holds at once) go past the declaration through the run time's general
    path. The GPU twin is tests/test_gpu_scan.py."""
    k = vecmath
    rng = np.random.default_rng(block)
    state = np.zeros(2 + 3 * -(-5000 // (32 * block)) + 5, np.uint64)
    for n, threads in [(5000, None), (3, None), (4999, 3 * block), (0, None), (5000, None)]:
        x = rng.integers(-8, 9, n).astype(np.float32)
        out = np.full(n, np.nan, np.float32)
        if threads is None:
            k.cumsum_f32(x, state, out, block=block)
        else:
            k._module.kernel("cumsum_f32")((x, state, out), None, threads, block)
        assert np.array_equal(out, np.cumsum(x)), (n, threads, block)
        assert state[0] == 0, "every launch leaves the counter at 0"


def test_a_second_scan_of_one_output_traps_before_it_draws(misuse: ModuleType) -> None:
    """Two scans of one output in a launch could meet a block still writing the first scan's tile
    and another writing the second's (tiles go by draw): the second `scan_tiles` traps, its state
    untouched. (One state for two scans does not compile: tests/soundness/scan_one_state_twice.rs.)"""
    a, b = np.zeros(8, np.uint64), np.zeros(8, np.uint64)
    with pytest.raises(misuse.KernelTrap, match=r"a ScanTiles output is scanned once per launch"):
        misuse.scan_twice(a, b, np.zeros(4, np.float32), threads=4, block=4)
    assert not b.any(), "the second scan drew nothing"


def test_a_tiles_second_read_gives_x_whatever_was_read_or_written_between(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """tests/packages/scanstage emulated: each tile reads `x` again after its publish
    (`TileItems::load`) after loading another input, or after writing its own output once; the
    results are numpy's cumsums. Emulation moves each thread's run itself (there is no staging
    buffer): this is the kernels' meaning; tests/test_gpu_scan.py runs them where the second read
    can come from a warp's staging buffer."""
    out = tmp_path_factory.mktemp("scanstage")
    _build(REPO / "tests" / "packages" / "scanstage", out, "-q")
    try:
        k = import_from(out, "scanstage.kernels")
        k.emulation(True)
        for n in (1, 1000, 8192 * 2 + 5, 100_003):
            rng = np.random.default_rng(n)
            xs = rng.integers(-8, 9, n + 1).astype(np.float32)
            y = (rng.integers(-8, 9, n) / 2).astype(np.float32)
            for x in (xs[:n], xs[1:]):  # the second: every run off a 16-byte boundary
                state = np.zeros(3 * (n // 2048) + 5, np.uint64)
                for name, args, ref in (("plain", (x,), np.cumsum(x)), ("after_another_input", (x, y), np.cumsum(x + y)),
                                        ("after_a_write", (x,), np.cumsum(x))):
                    got = np.full(n, np.nan, np.float32)
                    getattr(k, name)(*args, state, got)
                    assert np.array_equal(got, ref), (name, n)
        # A scan's launch is cut to the blocks the GPU holds at once (tests/test_gpu_scan.py); emulation
        # runs the grid the call asks for (the result is the same with any grid), and the manifest says
        # which kernels the run time may cut: those whose every output is drawn tile by tile.
        spec = k._module.kernel
        assert [spec(name).spec.resident_grid for name in ("plain", "blocks_launched", "blocks_launched_and_split")] \
            == [True, True, False]
        assert spec("plain").spec.to_json()["resident_grid"] is True
        assert "resident_grid" not in spec("blocks_launched_and_split").spec.to_json()
        n = 100_003
        for threads in (None, -(-n // 32)):
            asked = -(-(n if threads is None else threads) // 256)
            got, blocks = np.zeros(n, np.uint32), np.zeros(n, np.uint32)
            state = np.zeros(3 * (n // 2048) + 5, np.uint64)
            k.blocks_launched(np.zeros(n, np.uint32), state, got, threads=threads, block=256)
            k.blocks_launched_and_split(np.zeros(n, np.uint32), state, got, blocks, threads=threads, block=256)
            # `blocks` has one element a launch index (those past the grid's threads are left 0)
            ran = min(n, asked * 256)
            assert set(got.tolist()) == {asked} and set(blocks[:ran].tolist()) == {asked} and not blocks[ran:].any()
    finally:
        forget_package("scanstage")


def test_a_stale_or_garbage_scan_state_is_refused(vecmath: ModuleType) -> None:
    """A state left by a failed launch (its counter not back at 0) or never zeroed traps, never a
    silently wrong scan; a state too short for the launch's tiles traps too (the `where` assumes
    blocks of 256)."""
    k = vecmath
    n = 10_000
    x = np.ones(n, np.float32)
    stale = np.zeros(3 * (n // 2048) + 5, np.uint64)
    stale[0] = 2  # two draws of a launch that failed
    garbage = np.full(3 * (n // 2048) + 5, 0xA5A5A5A5A5A5A5A5, np.uint64)
    for state in (stale, garbage):
        with pytest.raises(k.KernelTrap, match=r"the scan state is stale \(left by a failed launch, or never zeroed\)"
                                                r"( or worn out \(2\^31 - 1 launches of 32-bit values\))?: zero it"):
            k.cumsum_f32(x, state, np.zeros(n, np.float32))
    with pytest.raises(k.KernelTrap, match=r"the state buffer is shorter than 2 \+ 3 \* ceil\(n / \(blockDim.x \* "
                                            r"ITEMS\)\) words"):
        k.cumsum_f32(x, np.zeros(20, np.uint64), np.zeros(n, np.float32), block=32)
    fresh = np.zeros(3 * (n // 2048) + 5, np.uint64)
    out = np.zeros(n, np.float32)
    k.cumsum_f32(x, fresh, out)  # a zeroed one works
    assert np.array_equal(out, np.arange(1, n + 1, dtype=np.float32))


def test_a_scan_state_past_its_last_packed_generation_is_refused(vecmath: ModuleType) -> None:
    """A 32-bit value shares its word with its tile's flag, whose half holds generations up to
    2^31 - 1: past that an old flag could read as a new launch's own. A state whose generation is
    set by hand to 2^31 - 2 serves one more launch, correctly (its flags the last that fit), and is
    then refused, for every 32-bit kernel, its counter and generation untouched; zeroed, it works
    again."""
    k = vecmath
    n = 5000
    state = np.zeros(3 * (n // 2048) + 5, np.uint64)
    state[1] = 2**31 - 2
    out = np.zeros(n, np.float32)
    k.cumsum_f32(np.ones(n, np.float32), state, out)
    assert np.array_equal(out, np.arange(1, n + 1, dtype=np.float32))
    assert (int(state[0]), int(state[1])) == (0, 2**31 - 1), "the launch advanced the generation to its last"
    worn = (r"the scan state is stale \(left by a failed launch, or never zeroed\) or worn out "
            r"\(2\^31 - 1 launches of 32-bit values\): zero it")
    xi = np.ones(n, np.int32)
    for kernel, x in ((k.cumsum_f32, np.ones(n, np.float32)), (k.cumsum_i32, xi),
                      (k.cumsum_u32, xi.view(np.uint32))):
        with pytest.raises(k.KernelTrap, match=worn):
            kernel(x, state, np.zeros_like(x))
        assert (int(state[0]), int(state[1])) == (0, 2**31 - 1), "a refused launch draws nothing"
    state[:] = 0
    out_i = np.zeros(n, np.int32)
    k.cumsum_i32(xi, state, out_i)
    assert np.array_equal(out_i, np.arange(1, n + 1, dtype=np.int32))


def _torch() -> Any:
    return pytest.importorskip("torch", reason="PyTorch is not installed (.ci/run installs the CPU build)")


def test_example_kernels_on_cpu_torch_tensors(vecmath: ModuleType) -> None:
    """Real CPU tensors (through their DLPack export), every dtype family: float32 in place, integer
    atomics bit-exact, float64, bfloat16, a 2-D row layout, a view at an offset; results against torch."""
    torch = _torch()
    g = torch.Generator().manual_seed(12)
    x = torch.randn(100_003, generator=g)
    y = torch.randn(100_003, generator=g)
    expected = 2.5 * x + y
    vecmath.saxpy(2.5, x, y)
    assert torch.equal(y, expected)  # one f32 multiply-add each way (the emulator's mul_add is exact)
    u = torch.randint(0, 10_000, (50_000,), dtype=torch.int32, generator=g).to(torch.uint32)
    hist = torch.zeros(37, dtype=torch.uint32)
    vecmath.histogram(37, u, hist)
    ref = torch.bincount(u.to(torch.int64) % 37, minlength=37)
    assert torch.equal(hist.to(torch.int64), ref)
    rows, cols = 33, 257
    m = torch.randn(rows, cols, generator=g) * 4
    out = torch.full((rows, cols), float("nan"))
    vecmath.softmax(cols, m, out)
    assert torch.allclose(out.double(), torch.softmax(m.double(), dim=1), rtol=1e-5, atol=1e-7)
    b = torch.randn(1000, generator=g).to(torch.bfloat16)
    bout = torch.zeros(1000, dtype=torch.bfloat16)
    vecmath.scale_bf16(3.0, b, bout)
    assert torch.equal(bout, (b.float() * 3.0).to(torch.bfloat16))  # round to nearest even, both ways
    base = torch.zeros(64)
    src = torch.arange(64, dtype=torch.float32)
    vecmath.saxpy(1.0, src[8:40], base[16:48])  # contiguous views at byte offsets into their storage
    assert torch.equal(base[16:48], src[8:40]) and not base[:16].any() and not base[48:].any()


def test_bad_cpu_torch_tensors_get_one_line(vecmath: ModuleType) -> None:
    torch = _torch()
    y = torch.zeros(16)
    with pytest.raises(TypeError, match=r"^saxpy\(\): argument `x` must be a float32 array, got a float64 tensor$"):
        vecmath.saxpy(1.0, torch.zeros(16, dtype=torch.float64), y)
    with pytest.raises(TypeError, match=r"^saxpy\(\): argument `x` .*contiguous"):
        vecmath.saxpy(1.0, torch.zeros(32)[::2], y)
    with pytest.raises(TypeError, match=r"^saxpy\(\): argument `x`: a sparse_coo tensor; pass a dense one"):
        vecmath.saxpy(1.0, torch.zeros(16).to_sparse(), y)
    with pytest.raises(ValueError, match=r"^saxpy\(\): .*len\(x\) >= len\(y\)"):
        vecmath.saxpy(1.0, torch.zeros(8), y)
    assert not y.any()  # nothing ran


def test_every_tensor_a_model_holds_runs_emulated(vecmath: ModuleType) -> None:
    """An `nn.Parameter`, a tensor that requires grad (whose `__dlpack__` refuses), tensors made under
    `no_grad` and `inference_mode`, contiguous views of a parameter: each read from PyTorch itself,
    inputs and outputs alike, each result as torch's."""
    torch = _torch()
    g = torch.Generator().manual_seed(5)
    weight = torch.nn.Parameter(torch.randn(4096, generator=g))
    x = torch.randn(4096, generator=g, requires_grad=True)
    y = torch.randn(4096, generator=g)
    expected = 2.0 * weight.detach() + y
    vecmath.saxpy(2.0, weight, y)  # a parameter as an input
    assert torch.equal(y, expected)
    expected = 0.5 * x.detach() + y
    vecmath.saxpy(0.5, x, y)  # a tensor that requires grad
    assert torch.equal(y, expected)
    with torch.no_grad():
        expected = 3.0 * y + weight.detach()
        vecmath.saxpy(3.0, y, weight)  # a parameter written in place, as an optimizer step does
        assert torch.equal(weight.detach(), expected)
    with torch.inference_mode():
        a, b = torch.ones(1000), torch.arange(1000, dtype=torch.float32)
        vecmath.saxpy(1.5, a, b)
        assert torch.equal(b, torch.arange(1000, dtype=torch.float32) + 1.5)
    out = torch.zeros(100)
    vecmath.saxpy(1.0, weight[100:200], out)  # a view of a parameter, at an offset into its storage
    assert torch.equal(out, weight.detach()[100:200])


# ---------------------------------------------------------------- as strict as the GPU

LIMITS = """\
use oxpack::prelude::*;

/// `n` levels of recursion, each keeping a 32-word array alive across the call.
fn walk(x: &[u32], n: u32) -> u32 {
    let mut a = [0u32; 32];
    for (k, v) in a.iter_mut().enumerate() {
        *v = x[(k + n as usize) % x.len()] ^ n;
    }
    if n == 0 {
        return a[0];
    }
    let r = walk(x, n - 1);
    a[(r % 32) as usize]
}

kernel! {
    /// out[i] = x[i] + 1: at u32::MAX an overflow, which the debug profile checks.
    pub fn bump(i: ThreadIndex, x: &[u32], out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] + 1;
        }
    }

    /// out[i] = walk(x, depth): a stack `depth` frames deep.
    pub fn deep(i: ThreadIndex, x: &[u32], depth: u32, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) {
            *o = walk(x, depth);
        }
    }

    /// Between two barriers thread 1 recurses `depth` deep (resumed by thread 0's wait, fiber to fiber).
    pub fn deep_between(i: ThreadIndex, x: &[u32], depth: u32, out: &mut DisjointSlice<u32>) {
        sync_threads();
        let v = if thread_idx().x == 1 { walk(x, depth) } else { 0 };
        sync_threads();
        if let Some(o) = out.get_mut(i) {
            *o = v;
        }
    }

    /// out = x with every block reversed, through `scratch` elements of dynamic shared memory.
    pub fn staged(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>, scratch: DynShared<f32>)
    where (len(x) == len(out)) {
        let (t, b) = (thread_idx().x as usize, block_dim().x as usize);
        let mut s = scratch.into_shared();
        s.write(thread_slot(), x.get(block_idx().x as usize * b + t).copied().unwrap_or(0.0));
        let s = s.sync();
        if let Some(o) = out.get_mut(i) {
            *o = s.get(b - 1 - t);
        }
    }
}
"""


@pytest.fixture(scope="module")
def limits(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """Kernels at the GPU's limits (overflow, stack, shared memory), built with `profile = "debug"`
    and `emulation = true` (one arch, sm_90: its limits are the H100's and H200's)."""
    root = tmp_path_factory.mktemp("limits")
    project = _emulated_project(root / "proj", "limitsproj", "limits.rs", LIMITS)
    out = root / "out"
    _build(project, out, "-q", "--debug")
    module = import_from(out, "limitsproj.kernels")
    module.emulation(True)
    yield module
    forget_package("limitsproj")


def test_an_overflow_in_the_debug_profile_traps_in_emulation_as_on_the_gpu(limits: ModuleType) -> None:
    """The debug profile's overflow checks run in the host library too: the GPU's debug trap message
    (`bump(): the kernel trapped: attempt to add with overflow at kernels/limits.rs:…`), the thread after it."""
    x = np.array([1, 2, 0xFFFF_FFFF, 4], np.uint32)
    out = np.zeros(4, np.uint32)
    with pytest.raises(limits.KernelTrap) as info:
        limits.bump(x, out)
    assert info.value.message == "attempt to add with overflow"
    assert info.value.location == "kernels/limits.rs:20:18"
    assert str(info.value) == ("bump(): the kernel trapped: attempt to add with overflow at kernels/limits.rs:20:18 "
                               "(thread (2, 0, 0) of block (0, 0, 0))")
    limits.bump(x[:2], out[:2])
    assert out[:2].tolist() == [2, 3]


def _walk(x: list[int], n: int) -> int:
    """`walk` of LIMITS, in Python (iteratively)."""
    rows = [[x[(k + m) % len(x)] ^ m for k in range(32)] for m in range(n + 1)]
    r = rows[0][0]
    for m in range(1, n + 1):
        r = rows[m][r % 32]
    return r


def test_a_stack_overflow_raises_kernel_trap_and_the_process_goes_on(limits: ModuleType) -> None:
    """A kernel whose stack overflows the emulator's (256 KiB a thread) raises `KernelTrap` naming the
    kernel, the thread and what to change, instead of killing Python with SIGSEGV; later launches run."""
    x = np.arange(1, 100, dtype=np.uint32)
    out = np.zeros(40, np.uint32)
    for _ in range(2):  # the same fiber stacks serve the next launch and overflow again
        with pytest.raises(limits.KernelTrap) as info:
            limits.deep(x, 1_000_000, out, block=32)
        assert str(info.value).startswith("deep(): the kernel trapped: stack overflow: ")
        assert "less recursion" in info.value.message and info.value.thread == "thread (0, 0, 0) of block (0, 0, 0)"
        limits.deep(x, 300, out, block=32)
        assert out.tolist() == [_walk(x.tolist(), 300)] * 40
        out[:] = 0


def test_a_stack_overflow_between_barriers_names_its_thread(limits: ModuleType) -> None:
    """The overflowing thread was switched to by another thread's barrier wait, not by the scheduler."""
    x = np.arange(1, 100, dtype=np.uint32)
    out = np.zeros(64, np.uint32)
    with pytest.raises(limits.KernelTrap, match=r"^deep_between\(\): the kernel trapped: stack overflow: ") as info:
        limits.deep_between(x, 1_000_000, out)
    assert info.value.thread == "thread (1, 0, 0) of block (0, 0, 0)"
    limits.deep_between(x, 50, out)
    assert out.tolist() == [0, _walk(x.tolist(), 50)] + [0] * 62


def test_a_stack_overflow_in_a_python_thread_is_caught_too(limits: ModuleType) -> None:
    """The fault lands on the launching thread's signal stack, whichever thread that is."""
    import threading

    x = np.arange(1, 100, dtype=np.uint32)
    caught: list[BaseException] = []

    def run() -> None:
        try:
            limits.deep(x, 1_000_000, np.zeros(8, np.uint32))
        except limits.KernelTrap as exc:
            caught.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert len(caught) == 1 and "stack overflow" in str(caught[0])


def test_launch_limits_are_the_gpu_stubs_in_emulation(limits: ModuleType) -> None:
    """Threads per block, block z and the grid: refused with the GPU path's own error before anything runs."""
    x, out = np.ones(2048, np.uint32), np.zeros(2048, np.uint32)
    with pytest.raises(limits.KernelValueError, match=r"^bump\(\): `block` must have every dimension >= 1, at most "
                       r"1024 threads in all and z <= 64, got 1025$"):
        limits.bump(x, out, block=1025)
    with pytest.raises(limits.KernelValueError, match=r"^bump\(\): `threads` 4294967296 needs grid \(4294967296,\), "
                       r"over CUDA's limit \(2147483647,\); use larger blocks$"):
        limits.bump(x, out, threads=2**32, block=1)
    assert not out.any()


def test_too_much_dynamic_shared_memory_is_refused_in_emulation(limits: ModuleType) -> None:
    """The GPU stub refuses more dynamic shared memory than the device allows (sm_90: 227 KiB a block, less
    the kernel's static shared memory, with the opt-in the stub makes past 48 KiB); emulation holds a launch
    to the build's archs and their static shared memory (from the manifest), with the same error."""
    import json

    manifest = json.loads(Path(str(limits.__file__)).with_name("_oxpack").joinpath("kernels.json").read_text())
    static = manifest["kernels"]["staged"]["resources"]["sm_90"]["shared"]
    most = (232448 - static) // 4  # sm_90's limit, in float32 elements
    x = np.arange(256, dtype=np.float32)
    out = np.zeros(256, np.float32)
    limits.staged(x, out, most, block=128)  # more than the 48 KiB a kernel gets without the opt-in
    assert out.tolist() == [*x[:128][::-1], *x[128:][::-1]]
    out[:] = 0
    with pytest.raises(limits.KernelValueError) as info:
        limits.staged(x, out, most + 1, block=128)
    assert str(info.value) == (
        f"staged(): argument `scratch` asks for {4 * most + 4} bytes of dynamic shared memory per block ({most + 1} "
        f"float32); sm_90 (an arch of this build) allows 232448 per block, {static} of them taken by the kernel's "
        f"static shared memory, so at most {232448 - static}")
    assert not out.any()


def test_other_faults_still_reach_the_previous_handler(limits: ModuleType) -> None:
    """The emulator's SIGSEGV handler takes only its own threads' overflows: after one, a fault elsewhere
    still goes to the handler before it (here Python's faulthandler, then the default action)."""
    script = textwrap.dedent("""\
        import ctypes
        import numpy as np
        import limitsproj.kernels as k
        x = np.arange(1, 100, dtype=np.uint32)
        try:
            k.deep(x, 1_000_000, np.zeros(4, np.uint32))
        except k.KernelTrap as exc:
            print("caught:", exc.message[:15], flush=True)
        ctypes.string_at(0)
        """)
    root = Path(str(limits.__file__)).parent.parent
    proc = subprocess.run([sys.executable, "-X", "faulthandler", "-c", script], capture_output=True, text=True,
                          check=False, cwd=root, env={**os.environ, "OXPACK_EMULATE": "1"}, timeout=120)
    assert proc.stdout == "caught: stack overflow:\n"
    assert proc.returncode == -11 and "Fatal Python error: Segmentation fault" in proc.stderr, proc.stderr


# ------------------------------------------- 16-byte vectors of every element, cache hints


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example's vector kernels (kernels/saxpy.rs) alone, built with `emulation = true`."""
    root = tmp_path_factory.mktemp("vectors")
    project = _emulated_project(root / "proj", "vecproj", "saxpy.rs", (EXAMPLE / "kernels" / "saxpy.rs").read_text())
    _build(project, root / "out", "-q")
    module = import_from(root / "out", "vecproj.kernels")
    module.emulation(True)
    yield module
    forget_package("vecproj")


def _views(n: int, lanes: int) -> Iterator[tuple[int, int, int]]:
    """(x offset, y offset, length): every alignment of both views, lengths that end mid-vector."""
    for xo in range(lanes):
        for yo in range(lanes):
            yield xo, yo, n - (xo + 2 * yo) % lanes


@pytest.mark.parametrize("kernel", ["add_i32x4", "xor_u32x4"])
def test_int32_and_uint32_vectors_at_every_alignment(vectors: ModuleType, kernel: str) -> None:
    """Thread i owns y[4i .. 4i+4] of an int32/uint32 `Vec4` output, any view computed in full."""
    rng = np.random.default_rng(18)
    dtype = np.int32 if kernel == "add_i32x4" else np.uint32
    for xo, yo, n in _views(203, 4):
        xb = rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, 260, dtype=dtype)
        yb = np.zeros(260, dtype=dtype)
        x, y = xb[xo : xo + n], yb[yo : yo + n]
        if kernel == "add_i32x4":
            vectors.add_i32x4(-(2**31) + 5, x, y)
            want = (x.astype(np.int64) + (-(2**31) + 5)).astype(np.uint32).view(np.int32)  # wrapping
        else:
            vectors.xor_u32x4(0xA5A5_5A5A, x, y)
            want = x ^ np.uint32(0xA5A5_5A5A)
        assert np.array_equal(y, want), (kernel, xo, yo, n)
        assert not yb[:yo].any() and not yb[yo + n :].any(), "no write outside the view"


def test_float16_vectors_of_eight_lanes_at_every_alignment(vectors: ModuleType) -> None:
    """`F16x8`: thread i owns y[8i .. 8i+8], streamed (`ld.cs`/`st.cs` on the GPU); every view
    alignment and a ragged end computed in full, rounded as NumPy's float16 (nearest even)."""
    rng = np.random.default_rng(19)
    for xo, yo, n in _views(301, 8):
        xb = rng.standard_normal(320).astype(np.float16)
        yb = rng.standard_normal(320).astype(np.float16)
        before = yb.copy()
        x, y = xb[xo : xo + n], yb[yo : yo + n]
        want = (np.float32(1.5) * x.astype(np.float32) + y.astype(np.float32)).astype(np.float16)
        vectors.axpy_f16x8(1.5, x, y)
        assert np.array_equal(y, want), (xo, yo, n)
        assert np.array_equal(yb[:yo], before[:yo]) and np.array_equal(yb[yo + n :], before[yo + n :])


def test_bfloat16_vectors_of_eight_lanes_at_every_alignment(vectors: ModuleType) -> None:
    """`BF16x8` (the issue's "the trait bound BF16: Vector is not satisfied"): every view alignment."""
    rng = np.random.default_rng(20)
    for xo, yo, n in _views(301, 8):
        xb = to_bf16(rng.standard_normal(320, dtype=np.float32))
        yb = np.zeros(320, np.uint16)
        x, y = xb[xo : xo + n], yb[yo : yo + n]
        vectors.scale_bf16x8(3.0, BFloat16(x), BFloat16(y))
        widened = (x.astype(np.uint32) << 16).view(np.float32)
        assert np.array_equal(y, to_bf16(widened * np.float32(3.0))), (xo, yo, n)
        assert not yb[:yo].any() and not yb[yo + n :].any()


def test_streaming_loads_and_stores_compute_as_plain_ones(vectors: ModuleType) -> None:
    x = np.arange(1000, dtype=np.float32)
    y = np.zeros(999, dtype=np.float32)
    vectors.scale_streaming(2.0, x[1:], y)
    assert np.array_equal(y, 2 * x[1:])


def test_launch_bounds_are_enforced_in_emulation(vectors: ModuleType) -> None:
    """`scale_bounded` has `#[launch_bounds(128, 4)]`: a larger block is refused as on the GPU
    (where the driver would refuse it); by default it runs in blocks of 128."""
    x = np.arange(1000, dtype=np.float32)
    y = np.zeros(1000, dtype=np.float32)
    with pytest.raises(vectors.KernelValueError, match=r"^scale_bounded\(\): `block` 129 has 129 threads, over the "
                       r"kernel's #\[launch_bounds\(128\)\]; pass a block of at most 128 threads$"):
        vectors.scale_bounded(2.0, x, y, block=129)
    assert not y.any()
    vectors.scale_bounded(2.0, x, y)
    assert np.array_equal(y, 2 * x)
    vectors.scale_bounded(3.0, x, y, block=(100,))
    assert np.array_equal(y, 3 * x)
