"""The real pipeline, end to end without a GPU: rustc → llvmlite → nvJitLink → nvFatbin."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from conftest import MakeProject

from oxpack.config import load_config
from oxpack.sources.descriptor import KernelParam
from oxpack.errors import ConfigError, StageError
from oxpack.toolchain.llvm import read_archive
from oxpack.builder.pipeline import build_project

SAXPY = """\
    use oxpack::prelude::*;

    kernel! {
        /// y = a x + y
        pub fn saxpy(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) where (len(x) >= len(y)) {
            let i = index_1d();
            if let Some(yi) = y.get_mut(i) {
                *yi += a * x[i.get()];
            }
        }
    }
"""

# one arch of each family this toolchain targets (the example itself builds sm_86 and sm_89 in every other test)
ALL_ARCHS = ["sm_80", "sm_90", "sm_100", "sm_120"]


def _fatbin_arches(fatbin: bytes) -> set[int]:
    """The sm numbers of the cubins inside a fatbin, read from its entry headers."""
    # A fatbin is a header (magic 0xBA55ED50) followed by entries; each entry header
    # holds its kind (1 = PTX, 2 = ELF) at offset 0 and its arch as a u32 at offset 28.
    import struct

    assert fatbin[:4] == bytes.fromhex("50ed55ba"), "not a fatbin"
    header_size, total = struct.unpack_from("<HQ", fatbin, 6)
    pos, end, found = header_size, header_size + total, set()
    while pos < end:
        kind, _version, entry_header, entry_size = struct.unpack_from("<HHIQ", fatbin, pos)
        arch = struct.unpack_from("<I", fatbin, pos + 28)[0]
        if kind == 2:
            found.add(arch)
        pos += entry_header + entry_size
    return found


@pytest.mark.slow
def test_example_builds_for_every_arch(example_copy: Path) -> None:
    config = load_config(example_copy, {"archs": ALL_ARCHS, "ptx": "auto"}, env={})
    result = build_project(config)
    assert [c.name for c in result.crates] == ["attention", "bits", "fp8", "fused", "gemm", "glu", "int8", "matrix", "nn", "norm", "reduce", "saxpy", "scan", "tensor"]
    assert result.archs == tuple(ALL_ARCHS)
    assert result.ptx_isa == "8.7", "sm_120 needs PTX ISA 8.7, the oldest that covers all four"
    assert result.ptx_arch == "sm_120"
    manifest = result.manifest()
    assert set(manifest["kernels"]) == {
        "saxpy", "gather", "scale4", "add_scaled", "transpose", "transpose_tiled", "hash32", "collatz_steps", "offset_clamp",
        "sum", "histogram", "warp_scan", "min_max", "block_reverse", "softmax", "gelu", "math32", "math64", "to_f16", "scale_bf16",
        "saxpy4", "sgemm", "scale_bf16x8", "axpy_f16x8", "add_i32x4", "xor_u32x4", "scale_streaming", "scale_bounded",
        "layernorm", "rmsnorm_bf16", "residual_add", "layernorm_block", "rmsnorm_bf16_warp",
        "rmsnorm_f32", "layernorm_bf16", "rmsnorm_f32_bwd", "rmsnorm_f32_bwd_reduce",
        "rmsnorm_bf16_bwd", "layernorm_bwd", "layernorm_bwd_reduce", "layernorm_bf16_bwd",
        "layernorm_bf16_bwd_reduce",
        "gemm_bf16", "gemm_bf16_nt", "gemm_bf16_nt_bf16", "gemm_tf32_nt", "linear_gelu_bf16", "gemm_s8_nt", "gemm_fp8_nt_bf16",
        "gemm_fp8_nt_bf16_rowwise", "gemm_fp8_nt_bf16_blockwise", "gemm_fp8_e5m2_nt_bf16", "gemm_fp8_e5m2_nt_bf16_rowwise",
        "attention_fwd_d64", "attention_fwd_d128", "attention_varlen_fwd_d64", "attention_varlen_fwd_d128",
        "cumsum_f32", "cumsum_i32", "cumsum_u32",
        "fused_add_rmsnorm_bf16", "fused_add_rmsnorm_bf16_bwd", "rmsnorm_bf16_bwd_reduce_halves", "fused_add_rmsnorm_f32",
        "fused_add_rmsnorm_bf16_bwd_sum2", "fused_add_rmsnorm_bf16_bwd_sum3", "rmsnorm_bf16_bwd_sum2",
        "rmsnorm_bf16_bwd_sum3",
        "fused_add_rmsnorm_f32_bwd",
        "rmsnorm_bf16_two_pass",
        "fused_add_rmsnorm_bf16_two_pass", "rmsnorm_bf16_one_chunk", "fused_add_rmsnorm_bf16_one_chunk",
        "rmsnorm_bf16_warp_wide", "fused_add_rmsnorm_bf16_warp",
        "gemm_bf16_nt_bf16_64x64", "gemm_bf16_nt_bf16_128x128", "gemm_bf16_nt_bf16_splitk",
        "swiglu_f32", "swiglu_f32_bwd", "swiglu_bf16", "swiglu_bf16_bwd"}
    for crate in result.crates:
        assert _fatbin_arches(crate.fatbin) == {80, 90, 100, 120}, crate.name
        for arch in ALL_ARCHS:
            assert f".target {arch}" in crate.ptx[arch]
            assert ".version 8.7" in crate.ptx[arch]
            # rustc stamps sm_30 on every function; per-arch codegen must override it.
            assert "sm_30" not in crate.ptx[arch]
            for k in crate.kernels:
                res = crate.resources[arch][k.name]
                # the one-pass scans' `#[launch_bounds(256, 3)]` (80 registers: 3 blocks an SM, 1.22x faster on
                # the H200 than the earlier 4 blocks of 16 elements a thread: benchmarks/RESULTS.md, "Prefix sum")
                # spill on sm_80, sm_86 and sm_89 only: nvJitLink 13.5's ptxas spills about 300 bytes there, where nvcc
                # 13.0's ptxas spills none for the same PTX; the sm_80-path GEMMs whose 128 accumulators a thread
                # fill 255 registers (the int8 one, and the k × n bf16 one since its whole-tile k loop went 3 steps
                # a turn) fit everywhere but on sm_120, whose ptxas spills 16 and 40 bytes (kept: a smaller tile
                # would slow the archs they fit); the norms' backward kernels for a gradient summed from three
                # terms hold five 16-byte chunks of a row and spill 32 (`rmsnorm_bf16_bwd_sum3`) and 128 bytes
                # (`fused_add_rmsnorm_bf16_bwd_sum3`) on sm_80 only (Hopper runs their capped sm_90a bodies, which
                # spill nothing; on Ampere they are not measured); every other kernel spills nothing anywhere
                traded = (k.name.startswith("cumsum_") and arch in ("sm_80", "sm_86", "sm_89")) or \
                    (k.name in ("gemm_s8_nt", "gemm_bf16") and arch == "sm_120") or \
                    (k.name.endswith("_bwd_sum3") and arch == "sm_80" and res["spills"] <= 128)
                assert res["registers"] > 0 and (res["spills"] == 0 or traded), (crate.name, arch, k.name, res)
    saxpy = manifest["kernels"]["saxpy"]
    assert saxpy["params"] == [
        {"name": "i", "kind": "index", "dtype": "1d", "rust": "ThreadIndex"},
        {"name": "a", "kind": "scalar", "dtype": "float32", "rust": "f32"},
        {"name": "x", "kind": "in", "dtype": "float32", "rust": "&[f32]"},
        {"name": "y", "kind": "out", "dtype": "float32", "rust": "&mut DisjointSlice<f32>"},
    ]
    assert saxpy["requires"] == ["len(x) >= len(y)"]
    assert manifest["kernels"]["offset_clamp"]["params"][0] == {"name": "delta", "kind": "scalar", "dtype": "int64", "rust": "i64"}


def test_each_kernel_body_is_inlined_into_its_ptx_kernel(example_copy: Path) -> None:
    """Every kernel's body ends up inside its PTX kernel, whatever its size (`llvm.emit_ptx` optimises again
    with `alwaysinline` a body the optimizer left as a call): called, a body gets the ABI's register saves in
    local memory and the kernel's register cap instead of its `setmaxnreg` role's. tensor.rs's
    `linear_gelu_bf16` (a GELU for each of a thread's 128 outputs) was such a body: on sm_90a its variant
    (TMA + `wgmma`, at most 168 registers under `launch_bounds(384, 1)`) now multiplies and stores through
    `stmatrix` with no local memory, and so does its mma.sync body on sm_80, with no stack frame."""
    config = load_config(example_copy, {"archs": ["sm_80", "sm_90a"], "ptx": "none",
                                        "kernels": ["kernels/tensor.rs"]}, env={})
    (crate,) = build_project(config).crates
    for arch in ("sm_80", "sm_90a"):
        assert "__oxpack_entry" not in crate.ptx[arch], arch  # no body left as a function of its own
        for k in crate.kernels:
            res = crate.resources[arch][k.name]
            assert res["stack"] == 0 and res["spills"] == 0, (arch, k.name, res)
    ptx = crate.ptx["sm_90a"]
    entry = ptx[ptx.index(".visible .entry linear_gelu_bf16("):]
    entry = entry[: entry.index("\n}\n")]
    assert "wgmma.mma_async" in entry and "stmatrix" in entry and ".local" not in entry
    assert crate.resources["sm_90a"]["linear_gelu_bf16"]["registers"] <= 168


def test_saxpy_ptx_uses_readonly_global_loads(make_project: MakeProject) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    crate = build_project(load_config(root, env={})).crates[0]
    ptx = crate.ptx["sm_90"]
    entry = ptx[ptx.index(".visible .entry saxpy(") :]
    params = re.findall(r"\.param \.(\w+)", entry[: entry.index(")")])
    assert params == ["f32", "u64", "u64", "u64", "u64"], "scalar, then (pointer, length) per slice"
    assert "ld.global.nc" in entry, "inputs are read-only and unaliased: the read-only cache path"


def test_unchanged_rebuild_runs_no_stage_and_one_change_rebuilds_one_crate(make_project: MakeProject) -> None:
    import uuid

    tag = f"// build {uuid.uuid4()}\n"  # new sources, so the first build really compiles
    other = tag + SAXPY.replace("saxpy", "saxpy2")
    root = make_project({"a.rs": tag + SAXPY, "b.rs": other}, archs=["sm_80", "sm_90"])
    first = build_project(load_config(root, env={}))
    assert first.runs["bc"] == 2
    again = build_project(load_config(root, env={}))
    assert sum(again.runs.values()) == 0
    assert [c.fatbin for c in again.crates] == [c.fatbin for c in first.crates]
    (root / "kernels" / "b.rs").write_text(other.replace("a * x", "a * a * x"))
    changed = build_project(load_config(root, env={}))
    assert changed.runs["bc"] == 1, "only the changed crate is compiled again"
    assert changed.crates[0].fatbin == first.crates[0].fatbin
    assert changed.crates[1].fatbin != first.crates[1].fatbin


def test_corrupt_cache_entry_is_detected_and_rebuilt(make_project: MakeProject, oxpack_cache: Path) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    first = build_project(load_config(root, env={}))
    cubins = sorted((oxpack_cache / "stages" / "cubin").glob("*/*/kernel.cubin"))
    assert cubins
    for path in cubins:
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0xFF
        path.write_bytes(bytes(data))
    again = build_project(load_config(root, env={}))
    assert again.runs["cubin"] == 1 and again.runs["ptx"] == 0
    assert again.crates[0].fatbin == first.crates[0].fatbin


COMPILE_FAIL = {
    "write through &[T]": (
        "pub fn k(x: &[f32], y: &mut DisjointSlice<f32>) { let i = index_1d(); x[i.get()] = 1.0; }",
        "error[E0594]: cannot assign to data in a `&` reference",
    ),
    "forge another thread's index": (
        "pub fn k(x: &[f32], y: &mut DisjointSlice<f32>) { if let Some(v) = y.get_mut(ThreadIndex(7)) { *v = x[0]; } }",
        "error[E0423]: cannot initialize a tuple struct which contains private fields",
    ),
    "write at a plain number": (
        "pub fn k(y: &mut DisjointSlice<f32>) { if let Some(v) = y.get_mut(3) { *v = 1.0; } }",
        "error[E0308]: mismatched types",
    ),
    "raw pointer write": (
        "pub fn k(x: &[f32], y: &mut DisjointSlice<f32>) { unsafe { *(x.as_ptr() as *mut f32) = 1.0; } }",
        "error: usage of an `unsafe` block",
    ),
    "raw pointer parameter": (
        "pub fn k(p: *mut f32, y: &mut DisjointSlice<f32>) { }",
        "error[E0277]: `*mut f32` is not a supported oxpack kernel parameter type (kernel `k`, parameter `p`)",
    ),
    "mutable slice parameter": (
        "pub fn k(x: &mut [f32]) { x[0] = 1.0; }",
        "error[E0277]: `&mut [f32]` is not a supported oxpack kernel parameter type (kernel `k`, parameter `x`)",
    ),
    "two live references to one element": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let i = index_1d(); let a = y.get_mut(i); let b = y.get_mut(i); "
        "if let (Some(a), Some(b)) = (a, b) { *a = *b; } }",
        "error[E0499]: cannot borrow value as mutable more than once at a time",
    ),
}


@pytest.mark.parametrize("case", list(COMPILE_FAIL))
def test_kernels_that_break_the_rules_do_not_compile(make_project: MakeProject, case: str) -> None:
    body, expected = COMPILE_FAIL[case]
    root = make_project({"k.rs": "use oxpack::prelude::*;\nkernel! {\n    " + body + "\n}\n"})
    with pytest.raises(StageError) as info:
        build_project(load_config(root, env={}))
    message = info.value.message
    assert message.startswith("rustc failed to compile `kernels/k.rs`: kernels/k.rs:3:"), message
    assert expected in message
    assert "\n" not in message
    assert "reproduce with: " in str(info.value)


def test_launch_index_parameter_is_no_kernel_parameter(make_project: MakeProject) -> None:
    source = SAXPY.replace("pub fn saxpy(a: f32,", "pub fn saxpy(i: ThreadIndex, a: f32,").replace(
        "let i = index_1d();", "")
    crate = build_project(load_config(make_project({"saxpy.rs": source}), env={})).crates[0]
    assert crate.kernels[0].params[0] == KernelParam("i", "index", "1d")
    ptx = crate.ptx["sm_90"]
    entry = ptx[ptx.index(".visible .entry saxpy(") :]
    # a, x and its length, y and its length; then, for a coarsened kernel (`saxpy` is, by 4), the count of
    # launch indices the stub passes: still no parameter for the launch index itself
    assert crate.kernels[0].coarsen == 4
    assert re.findall(r"\.param \.(\w+)", entry[: entry.index(")")]) == ["f32", "u64", "u64", "u64", "u64", "u64"]
    assert "%nctaid.y" not in entry, "no launch-shape check on the device: the stub fixes the rank"


def test_two_launch_indices_are_refused(make_project: MakeProject) -> None:
    source = "use oxpack::prelude::*;\nkernel! { pub fn k(i: ThreadIndex, j: ThreadIndex2, y: &mut DisjointSlice<f32>) { } }\n"
    with pytest.raises(StageError, match=r"kernel `k` takes 2 launch indices \(`i`, `j`\); a kernel takes at most one"):
        build_project(load_config(make_project({"k.rs": source}), env={}))


def test_rust_error_names_file_and_line(make_project: MakeProject) -> None:
    root = make_project({"bad.rs": "use oxpack::prelude::*;\n\nkernel! {\n    pub fn k(y: &mut DisjointSlice<f32>) {\n        let z: u32 = \"no\";\n    }\n}\n"})
    with pytest.raises(StageError) as info:
        build_project(load_config(root, env={}))
    assert info.value.message == "rustc failed to compile `kernels/bad.rs`: kernels/bad.rs:5:22: error[E0308]: mismatched types"
    assert "expected `u32`, found `&str`" in info.value.stderr


@pytest.mark.parametrize("jobs", [1, None])  # the crates one after another, and in threads
def test_one_build_reports_the_first_error_of_every_failing_kernel_file(make_project: MakeProject,
                                                                        jobs: int | None) -> None:
    """Three kernel files, two broken: one build names both (file order), each with its first error,
    and the good one is no reason to stop."""
    bad = "use oxpack::prelude::*;\n\nkernel! {\n    pub fn k(y: &mut DisjointSlice<f32>) {\n        let z: u32 = \"no\";\n    }\n}\n"
    worse = "use oxpack::prelude::*;\n\nkernel! {\n    pub fn q(y: &mut DisjointSlice<f32>) {\n        let w: f32 = 1u8;\n    }\n}\n"
    root = make_project({"a_bad.rs": bad, "b_good.rs": SAXPY, "c_worse.rs": worse})
    with pytest.raises(StageError) as info:
        build_project(load_config(root, env={}), jobs=jobs)
    assert info.value.message == ("rustc failed to compile `kernels/a_bad.rs`: kernels/a_bad.rs:5:22: error[E0308]: "
                                  "mismatched types (and 1 more kernel file failed: see below)")
    text = str(info.value)
    assert "also: rustc failed to compile `kernels/c_worse.rs`: kernels/c_worse.rs:5:22: error[E0308]: mismatched " \
           "types" in text, text
    assert text.index("expected `u32`, found `&str`") < text.index("also: ") < text.index("expected `f32`, found `u8`")
    assert "b_good" not in text


def test_no_kernel_files(make_project: MakeProject) -> None:
    root = make_project({})
    with pytest.raises(ConfigError, match=r"no kernel files match `kernels/\*\*/\*\.rs` in .*; add a `\.rs` kernel file"):
        build_project(load_config(root, env={}))


def test_file_without_kernels(make_project: MakeProject) -> None:
    root = make_project({"empty.rs": "pub fn helper() -> u32 { 1 }\n"})
    with pytest.raises(StageError, match=r"kernel file `kernels/empty.rs` declares no kernels; wrap kernel functions in `oxpack::kernel!"):
        build_project(load_config(root, env={}))


def test_unknown_arch_names_the_supported_set(make_project: MakeProject) -> None:
    root = make_project({"saxpy.rs": SAXPY}, archs=["sm_95"])
    with pytest.raises(ConfigError, match=r"`sm_95` is not an arch that oxpack's toolchain \(LLVM NVPTX \+ nvJitLink 13\.\d+\) can build; supported: sm_80, sm_86, sm_87"):
        build_project(load_config(root, env={}))


def test_duplicate_kernel_names_across_files(make_project: MakeProject) -> None:
    root = make_project({"a.rs": SAXPY, "b.rs": SAXPY})
    with pytest.raises(ConfigError, match=r"kernel `saxpy` is declared in both `kernels/a.rs` and `kernels/b.rs`"):
        build_project(load_config(root, env={}))


def test_the_stages_run_by_hand_make_what_the_build_makes(make_project: MakeProject, tmp_path: Path) -> None:
    """Each stage is a pure function of its inputs: run one after the other without the orchestrator (no
    cache, no workers, a work folder of the test's own), they make the build's bytes, and the build's cache
    holds them under the keys the stage modules compute."""
    import subprocess

    from oxpack.store.cache import Cache, default_cache_dir
    from oxpack.builder.pipeline import Pipeline
    from oxpack.builder.stages import bitcode, cubin, fatbin, ptx
    from oxpack.sources.targets import ptx_isa_for

    archs = ["sm_80", "sm_90"]
    root = make_project({"saxpy.rs": SAXPY}, archs=archs)
    config = load_config(root, env={})
    crate = build_project(config).crates[0]
    pipe = Pipeline(config, jobs=1)
    try:
        tc = pipe.toolchain()
    finally:
        pipe.close()

    def run(cmd: list[str], what: str, cwd: Path) -> str:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
        assert proc.returncode == 0, f"{what}: {proc.stderr}"
        return proc.stderr

    kernel = root / "kernels" / "saxpy.rs"
    device = bitcode.DeviceRustc(tc.rustc, tc.sysroot, config.opt_level, config.profile)
    (tmp_path / "work" / "bc").mkdir(parents=True)
    bc = bitcode.compile_kernel_file(run, device, tc.device_rlib, kernel, "kernels/saxpy.rs", "saxpy", root,
                                     tmp_path / "work" / "bc")
    inputs = ptx.LinkInputs.find()
    linked = ptx.link_job(bc, inputs.runtime, ptx.link_libraries(tc.device_rlib, tc.sysroot), inputs.libdevice)
    texts = {arch: ptx.codegen_job(linked.ir, arch, ptx_isa_for(archs), config.opt_level, "saxpy") for arch in archs}
    cubins = [cubin.cubin_job(texts[arch], arch, "saxpy") for arch in archs]
    embedded = ("sm_90", texts["sm_90"])  # `ptx = "auto"`: the highest arch's
    data = fatbin.make_fatbin(cubins, embedded, name="saxpy", compression=config.fatbin_compression)
    assert (data, texts, linked.kernels) == (crate.fatbin, crate.ptx, crate.kernels)
    cache = Cache(default_cache_dir(config.cache_dir) / "stages")
    entries = {"bc": (bitcode.bc_key(device, tc.device_rlib, kernel.read_bytes(), "saxpy", "kernels/saxpy.rs"),
                      bitcode.BC.save(bc)),
               "ll": (ptx.link_key(bc, inputs, tc.device_rlib, tc.sysroot, tc.llvmlite), ptx.LINK.save(linked)),
               "fatbin": (fatbin.fatbin_key("saxpy", cubins, embedded, config.fatbin_compression),
                          fatbin.FATBIN.save(data))}
    for stage, (k, entry) in entries.items():
        assert cache.get(stage, k) == entry, stage


def test_a_key_of_parts_read_from_the_cache_is_the_key_of_their_contents(tmp_path: Path) -> None:
    """The digests taken while an entry is verified are reused by the keys that name its parts (and by its
    text, `decoded`): the keys are those of fresh copies of the same contents, and a damaged entry gives
    none of its digests."""
    from oxpack.store.cache import Cache, decoded, key

    cache = Cache(tmp_path)
    text = "ld.global.f32 %f1, [%rd1];\n" * 8000 + "é"  # over the size whose digest is remembered
    data = text.encode()
    cache.put("ptx", key("entry"), {"kernel.ptx": data, "small": b"x"})
    entry = cache.get("ptx", key("entry"))
    assert entry is not None
    read, read_text = entry["kernel.ptx"], decoded(entry["kernel.ptx"])
    copy, copy_text = data[:-1] + data[-1:], text[:-1] + text[-1:]  # the same contents, other objects
    assert read is not data and copy is not data and copy_text is not text
    assert key("ptx", read, read_text, entry["small"]) == key("ptx", copy, copy_text, b"x")
    assert key("ptx", read_text, read_text) == key("ptx", copy_text, copy_text)

    other = text.replace("f32", "f64").encode()  # same length
    cache.put("ptx", key("damaged"), {"kernel.ptx": other})
    file = cache.path("ptx", key("damaged")) / "kernel.ptx"
    file.write_bytes(data)  # the file no longer matches its entry's digest
    assert cache.get("ptx", key("damaged")) is None
    assert key(data) == key(copy) != key(other)


def test_device_crate_rlib_members_are_bitcode(make_project: MakeProject) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    from oxpack.builder.pipeline import Pipeline

    tc = Pipeline(load_config(root, env={})).toolchain()
    members = read_archive(tc.device_rlib)
    assert members and all(data[:4] == b"BC\xc0\xde" for _, data in members)
    assert len(tc.sysroot.bitcode()) > 1


# ---------------------------------------------------------------- names oxpack keeps


@pytest.mark.parametrize(("module", "why"), [
    ("__init__", "`__init__` is a name Python gives meaning to (the package's own `__init__.py`)"),
    ("__main__", "`__main__` is a name Python gives meaning to"),
    ("__version__", "`__version__` is a name Python gives meaning to"),
    ("_oxpack", "the generated module keeps its runtime, manifest and fatbins in the folder `_oxpack`"),
])
def test_module_names_python_or_oxpack_use_are_refused(make_project: MakeProject, module: str, why: str) -> None:
    root = make_project({"saxpy.rs": SAXPY}, extra=f'module = "{module}"\n')
    with pytest.raises(ConfigError) as info:
        load_config(root, env={})
    assert f"Option `module` in `tool.oxpack` cannot be `{module}`: {why}; choose another name, like `kernels`" \
        in info.value.problems, info.value.problems


@pytest.mark.parametrize("own", ["kernels.py", "kernels.pyi", "kernels_torch.py", "kernels/"])
def test_module_that_would_replace_the_packages_own_files_is_refused(make_project: MakeProject, tmp_path: Path,
                                                                     own: str) -> None:
    from oxpack.package.outputs import build_into

    root = make_project({"saxpy.rs": SAXPY})
    mine = root / "src" / "proj" / own.rstrip("/")
    if own.endswith("/"):
        mine.mkdir()
        (mine / "__init__.py").write_text("USER = 1\n")
    else:
        mine.write_text("USER = 1\n")
    with pytest.raises(StageError) as info:
        build_into(root, tmp_path / "out", config=load_config(root, env={}))
    message = info.value.message
    assert message.startswith(f"option `module` is `kernels`, but `{mine}` is a"), message
    assert "choose another `module` name" in message and "\n" not in message
    assert not (tmp_path / "out").exists(), "refused before building anything"
    assert (mine / "__init__.py" if own.endswith("/") else mine).read_text() == "USER = 1\n"


def test_a_kernel_named_like_the_generated_modules_internals_is_refused(make_project: MakeProject,
                                                                         tmp_path: Path) -> None:
    from oxpack.package.outputs import build_into

    root = make_project({"k.rs": SAXPY.replace("pub fn saxpy(", "pub fn _module(")})
    with pytest.raises(StageError) as info:
        build_into(root, tmp_path / "out", config=load_config(root, env={}))
    assert info.value.message == ("kernels/k.rs: kernel `_module` cannot be a Python name here: the generated module "
                                  "defines `_module` for itself; rename the kernel in kernels/k.rs")
    # the previous build's own files are its to replace: a rebuild of a good project passes
    (root / "kernels" / "k.rs").write_text(textwrap.dedent(SAXPY))
    build_into(root, root / "src", config=load_config(root, env={}))
    build_into(root, root / "src", config=load_config(root, env={}))
    assert (root / "src" / "proj" / "kernels.py").read_text().startswith("# Generated by oxpack")


@pytest.mark.parametrize("module", ["__init__", "__main__", "_oxpack"])
def test_oxpack_init_refuses_the_module_names_the_build_refuses(tmp_path: Path, module: str) -> None:
    from oxpack.commands.init import InitError, init_project

    (tmp_path / "src" / "demo").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0.1.0"\n')
    with pytest.raises(InitError) as info:
        init_project(tmp_path, module=module)
    assert str(info.value) == (
        f"`--module {module}` is a name Python or oxpack keeps (`__dunder__` names, `_oxpack`: `__init__` would "
        "replace the package's own `__init__.py`); choose another, like `kernels`")
    assert (tmp_path / "pyproject.toml").read_text() == '[project]\nname = "demo"\nversion = "0.1.0"\n'


HEAVY = ("llvmlite.binding", "cuda.bindings.nvjitlink", "cuda.bindings.nvfatbin", "multiprocessing", "tomlkit")
REBUILD = ("import sys; from oxpack.cli import main; code = main(['build', sys.argv[1], '--out', sys.argv[2], '-q']); "
           f"print(code, sorted(m for m in sys.modules if m.startswith({HEAVY!r})))")


def test_an_unchanged_rebuild_loads_no_compiler_library(make_project: MakeProject, tmp_path: Path) -> None:
    """A build that the cache answers takes the tools' versions and archs from the cache's facts
    (`oxpack.toolchain.facts`): it loads neither llvmlite's LLVM nor nvJitLink or nvFatbin, starts no worker pool
    and reads no lockfile module; its outputs are the first build's."""
    import sys

    from conftest import run_ok

    root = make_project({"saxpy.rs": SAXPY})
    first, again = tmp_path / "first", tmp_path / "again"
    run_ok([sys.executable, "-c", REBUILD, str(root), str(first)])
    proc = run_ok([sys.executable, "-c", REBUILD, str(root), str(again)])
    assert proc.stdout.split() == ["0", "[]"], proc.stdout
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert all((first / f).read_bytes() == (again / f).read_bytes() for f in files)
