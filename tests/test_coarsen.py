"""Thread coarsening: a one-element-per-thread kernel runs several launch indices per hardware
thread, with the semantics of a plain launch.

One emulated build (sm_80) of the example's element-wise kernel files, copied verbatim, and of
`checks.rs` below: kernels that a coarsened entry must not take (a barrier, shared memory, a
warp collective, a launch register read by the body, the same hidden in a helper), a
`#[coarsen(1)]` twin of `gelu` to compare bit for bit, and kernels that ask for 2 and 8.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conftest import EXAMPLE, forget_package, import_from, run_ok

# every element-wise kernel of the example: one ThreadIndex and per-element parameters
ELEMENTWISE = {
    "saxpy.rs": ["saxpy", "gather", "scale4", "saxpy4", "scale_bf16x8", "axpy_f16x8", "add_i32x4", "xor_u32x4",
                 "scale_streaming", "scale_bounded"],
    "nn.rs": ["gelu", "math32", "math64", "to_f16", "scale_bf16"],
    "bits.rs": ["hash32", "collatz_steps"],
    "glu.rs": ["swiglu_f32", "swiglu_f32_bwd", "swiglu_bf16", "swiglu_bf16_bwd"],
}

CHECKS = """\
use oxpack::prelude::*;

#[inline(never)]
fn meet() {
    sync_threads();
}

kernel! {
    /// A barrier in the body.
    pub fn with_barrier(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        sync_threads();
        if let Some(o) = out.get_mut(i) { *o = x[i.get()]; }
    }

    /// A barrier in a helper the body calls (not inlined).
    pub fn with_helper_barrier(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        meet();
        if let Some(o) = out.get_mut(i) { *o = x[i.get()]; }
    }

    /// A warp collective.
    pub fn with_shuffle(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        let v = shfl_xor(x.get(i.get()).copied().unwrap_or(0.0), 1);
        if let Some(o) = out.get_mut(i) { *o = v; }
    }

    /// The lane number.
    pub fn with_lane(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = lane_id(); }
    }

    /// A second witness: `index_1d()` would meet a coarsened index on another thread.
    pub fn with_index_1d(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = index_1d().get() as u32; }
    }

    /// The block's number, read by the body.
    pub fn with_block_idx(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = block_idx().x; }
    }

    /// Opts out.
    #[coarsen(1)]
    pub fn opted_out(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) { *o = x[i.get()]; }
    }

    /// `gelu` of nn.rs, not coarsened: the reference for bit-for-bit equality.
    #[coarsen(1)]
    pub fn gelu_plain(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            let v = x[i.get()];
            *o = 0.5 * v * (1.0 + (v * core::f32::consts::FRAC_1_SQRT_2).erf());
        }
    }

    /// out[i] = i + 1, two indices per thread.
    #[coarsen(2)]
    pub fn iota2(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = i.get() as u32 + 1; }
    }

    /// out[i] = i + 1, eight indices per thread.
    #[coarsen(8)]
    pub fn iota8(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = i.get() as u32 + 1; }
    }

    /// out[i] = i + 1, the default factor.
    pub fn iota(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) { *o = i.get() as u32 + 1; }
    }
}
"""

NOT_COARSENED = ["with_barrier", "with_helper_barrier", "with_shuffle", "with_lane", "with_index_1d",
                 "with_block_idx", "opted_out", "gelu_plain"]
SIZES = [0, 1, 31, 4 * 256 - 1, 4 * 256 + 1, 32 * 4 - 1, 32 * 4 + 1, 10**6 + 3]
BLOCKS = [None, 1, 7, 33, 100]


@pytest.fixture(scope="module")
def coarse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, dict[str, Any]]]:
    root = tmp_path_factory.mktemp("coarsen")
    project = root / "proj"
    (project / "kernels").mkdir(parents=True)
    (project / "src" / "coarseproj").mkdir(parents=True)
    (project / "src" / "coarseproj" / "__init__.py").write_text("")
    for name in [*ELEMENTWISE, "reduce.rs"]:
        shutil.copy(EXAMPLE / "kernels" / name, project / "kernels" / name)
    shutil.copytree(EXAMPLE / "kernels" / "common", project / "kernels" / "common")  # `mod common;` of nn.rs
    (project / "kernels" / "checks.rs").write_text(CHECKS)
    (project / "pyproject.toml").write_text(
        '[project]\nname = "coarseproj"\nversion = "0.1.0"\n\n[tool.oxpack]\nkernels = ["kernels/*.rs"]\n'
        'package = "src/coarseproj"\nmodule = "kernels"\narchs = ["sm_80"]\nemulation = true\n')
    out = root / "out"
    run_ok([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(out), "-q"], timeout=900)
    module = import_from(out, "coarseproj.kernels")
    module.emulation(True)
    import json
    manifest = json.loads((out / "coarseproj" / "_oxpack" / "kernels.json").read_text())
    yield module, manifest
    forget_package("coarseproj")


def _factor(manifest: dict[str, Any], name: str) -> int:
    return int(manifest["kernels"][name].get("coarsen", 1))


# element-wise kernels that opt out with `#[coarsen(1)]`: SwiGLU on bfloat16 ran 1-4% faster at one index a
# thread than at four on an H100 (benchmarks/RESULTS.md, "Kernels in a model")
OPTED_OUT = {"swiglu_bf16", "swiglu_bf16_bwd"}


def test_every_elementwise_example_kernel_is_coarsened(coarse: tuple[ModuleType, dict[str, Any]]) -> None:
    _, manifest = coarse
    assert {k: _factor(manifest, k) for names in ELEMENTWISE.values() for k in names} == {
        k: 1 if k in OPTED_OUT else 4 for names in ELEMENTWISE.values() for k in names}
    assert (_factor(manifest, "iota2"), _factor(manifest, "iota8"), _factor(manifest, "iota")) == (2, 8, 4)


@pytest.mark.parametrize("name", NOT_COARSENED)
def test_kernels_coupled_to_their_block_are_not_coarsened(coarse: tuple[ModuleType, dict[str, Any]],
                                                          name: str) -> None:
    """The link stage reads what the body does: a barrier (also in a helper), a shuffle, the lane,
    `index_1d()`, `block_idx()`; `#[coarsen(1)]` opts out."""
    assert _factor(coarse[1], name) == 1


@pytest.mark.parametrize("name", ["sum", "histogram", "warp_scan", "min_max", "block_reverse"])
def test_example_reductions_are_not_coarsened(coarse: tuple[ModuleType, dict[str, Any]], name: str) -> None:
    """reduce.rs: shared memory, warp shuffles, votes (read from the code); `block_reverse`'s
    `DynShared` (from its type)."""
    assert _factor(coarse[1], name) == 1


def test_the_stub_launches_a_quarter_of_the_blocks_and_passes_the_count(
        coarse: tuple[ModuleType, dict[str, Any]]) -> None:
    module, _ = coarse
    kernel = module._module.kernel("saxpy")
    shape = kernel.checks.check_shape(10**6 + 3, None)
    assert (shape.grid, shape.block, shape.indices) == ((-(-(10**6 + 3) // 1024),), (256,), -(-(10**6 + 3) // 256) * 256)
    shape = kernel.checks.check_shape(10, 3)  # the count is that of the plain launch: whole blocks of 3
    assert (shape.grid, shape.block, shape.indices) == ((1,), (3,), 12)
    plain = module._module.kernel("gelu_plain").checks.check_shape(10**6 + 3, None)
    assert (plain.grid, plain.indices) == ((-(-(10**6 + 3) // 256),), None)


def _runs(n: int, threads: int | None, block: int | None) -> int:
    """How many elements a plain launch of `threads` reaches: its whole blocks, at most `n`."""
    t = n if threads is None else threads
    b = 256 if block is None else block
    return min(n, -(-t // b) * b)


@pytest.mark.parametrize("n", SIZES)
def test_every_index_runs_once_as_in_a_plain_launch(coarse: tuple[ModuleType, dict[str, Any]], n: int) -> None:
    """out[i] = i + 1 at factors 2, 4 and 8: exactly the indices of a plain launch (its whole
    blocks, none past them), each once; with `threads` below the output, the rest untouched."""
    module, _ = coarse
    for name in ("iota", "iota2", "iota8"):
        for block in BLOCKS if n < 10**5 else [None, 33]:
            for threads in (None, n // 3):
                out = np.zeros(n, dtype=np.uint32)
                getattr(module, name)(out, threads=threads, block=block)
                expected = np.zeros(n, dtype=np.uint32)
                reached = _runs(n, threads, block)
                expected[:reached] = np.arange(1, reached + 1, dtype=np.uint32)
                assert np.array_equal(out, expected), (name, n, block, threads)


@pytest.mark.parametrize("n", SIZES)
def test_saxpy_and_gelu_match_numpy_and_the_plain_kernel(coarse: tuple[ModuleType, dict[str, Any]], n: int,
                                                        rng: np.random.Generator) -> None:
    module, _ = coarse
    x = rng.standard_normal(n).astype(np.float32)
    y0 = rng.standard_normal(n).astype(np.float32)
    for block in BLOCKS if n < 10**5 else [None, 7]:
        y = y0.copy()
        module.saxpy(1.5, x, y, block=block)
        assert np.array_equal(y, y0 + np.float32(1.5) * x), (n, block)
        out, ref = np.full(n, np.nan, np.float32), np.full(n, np.nan, np.float32)
        module.gelu(x, out, block=block)
        module.gelu_plain(x, ref, block=block)
        assert np.array_equal(out, ref, equal_nan=True), (n, block)


def test_refusals_are_those_of_a_plain_launch(coarse: tuple[ModuleType, dict[str, Any]]) -> None:
    """The same checks before the launch: a short input, a bad block."""
    module, _ = coarse
    errors = (module.KernelValueError, module.KernelArgumentError)
    x, y = np.zeros(10, np.float32), np.zeros(11, np.float32)
    with pytest.raises(module.KernelValueError, match="len"):
        module.saxpy(1.0, x, y)
    with pytest.raises(errors, match="block"):
        module.saxpy(1.0, y, x, block=2048)
    with pytest.raises(errors, match="launch_bounds"):
        module.scale_bounded(1.0, y, x, block=256)


@pytest.mark.parametrize("attribute", ["#[coarsen(3)]", "#[coarsen(x)]"])
def test_a_bad_coarsen_attribute_is_one_clear_error(make_project: Any, attribute: str) -> None:
    root = make_project({"k.rs": f"""\
        use oxpack::prelude::*;
        kernel! {{
            /// k
            {attribute}
            pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {{
                if let Some(o) = out.get_mut(i) {{ *o = 1.0; }}
            }}
        }}
        """}, archs=["sm_80"])
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "-q"], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode != 0
    assert "`#[coarsen(N)]`" in proc.stderr and "Traceback" not in proc.stderr


def test_a_parameter_type_no_kernel_takes_is_one_error_each(make_project: Any) -> None:
    """rustc names such a type at each place `kernel!` expands it (the descriptor, the plain entry, the
    coarsened entry and each of its steps: 97 errors for these two); oxpack shows each error once."""
    root = make_project({"k.rs": """\
        use oxpack::prelude::*;
        kernel! {
            /// k
            pub fn k(i: ThreadIndex, n: usize, x: &mut [f32], y: &mut DisjointSlice<f32>) {
                if let Some(v) = y.get_mut(i) { *v = n as f32 + x[0]; }
            }
        }
        """}, archs=["sm_80"])
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "-q"], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    first, *detail = proc.stderr.splitlines()
    assert first == ("oxpack: error: rustc failed to compile `kernels/k.rs`: kernels/k.rs:4:33: error[E0277]: `usize` "
                     "is not a supported oxpack kernel parameter type (kernel `k`, parameter `n`)"), proc.stderr
    errors = [line.strip() for line in detail if line.strip().startswith("error[")]
    assert errors == ["error[E0277]: `usize` is not a supported oxpack kernel parameter type",
                      "error[E0277]: `&mut [f32]` is not a supported oxpack kernel parameter type"], proc.stderr
    assert "more errors with the message of one above, from the same place or a macro's expansion, left out" \
        in proc.stderr


def test_only_repeats_of_one_error_are_left_out() -> None:
    """Two errors of one message at two places of the kernel file are two errors: both stay."""
    from oxpack.builder.stages.rust import once_each

    def error(where: str, macro: bool = False) -> str:
        note = "  = note: this error originates in the macro `kernel`\n" if macro else ""
        return f"error[E0308]: mismatched types\n --> {where}\n  |\n{note}\n"

    stderr = (error("kernels/k.rs:4:9") + error("kernels/k.rs:9:9") + error("kernels/k.rs:4:9")
              + error("kernels/k.rs:2:1", macro=True) + "warning: unused variable: `x`\n --> kernels/k.rs:4:9\n\n"
              + "error: aborting due to 4 previous errors\n")
    shown = once_each(stderr)
    assert [line for line in shown.splitlines() if line.startswith(("error", "warning", " -->", "(oxpack"))] == [
        "error[E0308]: mismatched types", " --> kernels/k.rs:4:9",
        "error[E0308]: mismatched types", " --> kernels/k.rs:9:9",
        "warning: unused variable: `x`", " --> kernels/k.rs:4:9",
        "(oxpack: 2 more errors with the message of one above, from the same place or a macro's expansion, left out)",
        "error: aborting due to 4 previous errors"]
    assert once_each("error: could not compile\n") == "error: could not compile\n"


@pytest.mark.parametrize("group", ["math", "half", "cache", "atomic"])
def test_every_per_element_runtime_function_keeps_a_kernel_coarsened(group: str) -> None:
    """A runtime function added to a per-element group of the device crate's `intrinsics.rs` (math,
    conversions, cache hints, global atomics) must be one `coarsen.PER_ELEMENT` knows: otherwise every
    kernel that calls it silently loses its coarsening (as `rsqrt` would have, moved off libdevice)."""
    from oxpack.toolchain.coarsen import PER_ELEMENT

    text = (EXAMPLE.parent / "src" / "oxpack" / "device" / "src" / "intrinsics.rs").read_text()
    body = text.split(f"pub(crate) mod {group} {{", 1)[1].split("\n}\n", 1)[0]
    names = re.findall(r"fn (__oxpack_\w+)\(", body)
    assert names, group
    assert [n for n in names if not PER_ELEMENT.match(n)] == []
