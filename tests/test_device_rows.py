"""The row-in-registers API (`oxpack::rows::RegRow`), checked in rustc's verdict and in the PTX.

The GPU tests (tests/test_gpu_softmax.py) run the example's softmax, built on it.
"""

from __future__ import annotations

import re

import pytest
from conftest import MakeProject, example_kernel_files

from oxpack.config import load_config
from oxpack.errors import StageError
from oxpack.builder.pipeline import build_project

PRELUDE = "use oxpack::prelude::*;\nuse oxpack::block;\n"

ROW_SCALE = PRELUDE + """
kernel! {
    /// out = x / max(x), row by row, the row read once.
    pub fn row_scale(i: ThreadIndex, cols: Uniform<u32>, x: &[f32], out: &mut DisjointSlice<f32, BlockRows> = (cols))
    where (len(x) == len(out), cols >= 1, len(x) % cols == 0) {
        let Some(row) = RegRow::<f32, 8>::load(x, cols) else { return };
        let r = 1.0 / block::max_f32(row.fold(f32::NEG_INFINITY, f32::max));
        if let Some(dst) = out.block_row(i) {
            row.map(|v| v * r).store(dst);
        }
    }
}
"""


def test_row_stays_in_registers_and_is_read_once(make_project: MakeProject) -> None:
    result = build_project(load_config(make_project({"k.rs": ROW_SCALE}), env={}))
    crate = result.crates[0]
    ptx = crate.ptx["sm_90"]
    body = ptx[ptx.index(".visible .entry row_scale(") :]
    body = body[: body.index("\n}")]
    # one load and one store per value held (8), no local memory: the array is registers
    assert len(re.findall(r"\bld\.global\.", body)) == 8, body
    assert len(re.findall(r"\bst\.global\.", body)) == 8
    assert ".local" not in body and "bar.sync" in body and "trap;" not in body
    res = crate.resources["sm_90"]["row_scale"]
    assert res["stack"] == 0 and res["spills"] == 0, res


def test_row_length_must_be_uniform(make_project: MakeProject) -> None:
    source = PRELUDE + "kernel! { pub fn k(i: ThreadIndex, cols: u32, x: &[f32], y: &mut DisjointSlice<f32>) " \
        "{ let _ = i; let _ = RegRow::<f32, 4>::load(x, cols); let _ = y; } }\n"
    with pytest.raises(StageError, match=r"error\[E0277\]: the trait bound `u32: UniformLen` is not satisfied"):
        build_project(load_config(make_project({"k.rs": source}), env={}))


def test_norm_rows_stay_in_registers(make_project: MakeProject) -> None:
    """example-project's norm.rs holds each thread's chunks of a row in registers (`RegChunks`):
    16-byte loads and stores, no local memory. Before `each!` unrolled the per-chunk loops, the
    LayerNorm's chunks went to 128 bytes of stack; `layernorm` fits 64 registers."""
    crate = build_project(load_config(make_project(example_kernel_files("norm.rs")), env={})).crates[0]
    ptx = crate.ptx["sm_90"]
    for kernel, loads in (("layernorm", 8), ("rmsnorm_bf16", 4)):
        body = ptx[ptx.index(f".visible .entry {kernel}(") :]
        body = body[: body.index("\n}")]
        assert len(re.findall(r"\bld(\.global)?(\.nc|\.cs)?\.v4\.b32", body)) >= loads, kernel  # layernorm: streaming
        assert re.search(r"\bst(\.global)?(\.cs)?\.v4\.b32", body), kernel  # layernorm: streaming
        assert ".local" not in body, kernel
        res = crate.resources["sm_90"][kernel]
        assert res["stack"] == 0 and res["spills"] == 0, (kernel, res)
    # LayerNorm's last pass writes each chunk as it computes it (`map_with_store`): 64 registers a
    # thread, 32 warps an SM (70 with `map_with` then `store`, 28 warps: benchmarks/RESULTS.md)
    assert crate.resources["sm_90"]["layernorm"]["registers"] <= 64, crate.resources["sm_90"]["layernorm"]
    assert "shfl.sync.bfly.b32" in ptx and "bar.sync" in ptx, "a warp reduction (layernorm), a block one (rmsnorm)"
