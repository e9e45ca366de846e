"""The device library (shared memory, barriers, atomics, warp primitives), checked in the PTX.

The GPU tests (tests/test_gpu.py) run the same kernels from example-project on a GPU.
"""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLE, REPO, MakeProject

from oxpack.config import load_config
from oxpack.errors import StageError, ToolchainError
from oxpack.builder.pipeline import BuildResult, build_project

PRELUDE = "use oxpack::prelude::*;\n"


def _entry(result: BuildResult, kernel: str, arch: str = "sm_90") -> str:
    for crate in result.crates:
        if any(k.name == kernel for k in crate.kernels):
            ptx = crate.ptx[arch]
            body = ptx[ptx.index(f".visible .entry {kernel}(") :]
            return body[: body.index("\n}")]
    raise KeyError(kernel)


def test_example_reductions_use_shared_memory_shuffles_and_atomics(example_copy) -> None:  # type: ignore[no-untyped-def]
    result = build_project(load_config(example_copy, {"archs": ["sm_90"], "ptx": "auto"}, env={}))
    ptx = next(c for c in result.crates if c.name == "reduce").ptx["sm_90"]
    shared = re.findall(r"^\s*\.shared \.align \d+ \.b8 (\S+)\[(\d+)\];", ptx, re.M)
    assert sorted(int(n) for _, n in shared) == [128, 4096], "shared_array!(f32, 32) and shared_atomics!(u32, 1024)"
    total = _entry(result, "sum")
    for needle in ("st.shared.b32", "bar.sync", "ld.shared.b32", "shfl.sync.bfly.b32", "atom.global.add.f32"):
        assert needle in total, needle
    hist = _entry(result, "histogram")
    assert "atom.shared.add.u32" in hist and "atom.global.add.u32" in hist
    scan = _entry(result, "warp_scan")
    assert "shfl.sync.up.b32" in scan
    minmax = _entry(result, "min_max")
    assert "atom.global.min.s32" in minmax and "atom.global.max.s32" in minmax and "vote.sync.any.pred" in minmax
    assert re.search(r"^\.extern \.shared \.align 16 \.b8 __oxpack_dynamic_shared\[\];", ptx, re.M)
    reverse = _entry(result, "block_reverse")
    assert "st.shared.b32" in reverse and "ld.shared.b32" in reverse
    assert re.findall(r"\.param \.(\w+)", reverse[: reverse.index(")")]) == ["u64"] * 5, "x, out, then the count"
    assert result.manifest()["kernels"]["block_reverse"]["params"][3] == {
        "name": "scratch", "kind": "dynshared", "dtype": "float32", "rust": "DynShared<f32>"}
    scale4 = _entry(result, "scale4")
    assert re.search(r"ld\.global(\.nc)?\.v4\.(b|f)32", scale4) and re.search(r"st\.global\.v4\.(b|f)32", scale4)
    assert re.search(r"ld\.global(\.nc)?\.v4\.(b|f)32", total), "sum reads 16 bytes at a time"
    # any alignment: 16-byte loads of x and y and a 16-byte store on the aligned
    # path, one store per lane on the misaligned one, and no bounds check left to trap
    # (per copy of the body: the kernel is coarsened, its body written out once per step)
    saxpy4 = _entry(result, "saxpy4")
    stores = len(re.findall(r"st\.global\.v4\.(b|f)32", saxpy4))
    assert stores >= 1 and len(re.findall(r"ld\.global(\.nc)?\.v4\.(b|f)32", saxpy4)) == 2 * stores
    assert saxpy4.count("st.volatile.global.b32") == 4 * stores and "trap" not in saxpy4
    tiled = _entry(result, "transpose_tiled")
    assert "st.shared.b32" in tiled and "ld.shared.b32" in tiled and "bar.sync" in tiled
    manifest = result.manifest()["kernels"]
    assert manifest["sum"]["params"][2] == {"name": "total", "kind": "atomic", "dtype": "float32", "rust": "&[AtomicF32]"}
    for crate in result.crates:
        for name, res in crate.resources["sm_90"].items():
            # every kernel, the one-pass scans at their `#[launch_bounds(256, 3)]` too (tests/test_build.py)
            assert res["spills"] == 0, (name, res)
    sizes = {k: crate.resources["sm_90"][k]["shared"] for crate in result.crates for k in crate.resources["sm_90"]}
    assert sizes["sum"] == 128 and sizes["histogram"] == 4096 and sizes["transpose_tiled"] == 32 * 33 * 4


SHFL = re.compile(r"shfl\.sync\.(\w+)\.b32\s+%r\d+(?:\|%p\d+)?, [^,]+, [^,]+, ([^,]+), ([^;]+);")
WARP_OPS = re.compile(r"(vote\.sync\.\w+\.\w+\s+%\w+, [^,]+, |bar\.warp\.sync\s+)([^;]+);")


def test_warp_collectives_name_the_live_lanes_of_a_partial_warp(example_copy) -> None:  # type: ignore[no-untyped-def]
    """A full member mask in the block's partial last warp (a block size that is no multiple of
    32) is undefined behaviour: every shuffle, vote and warp barrier names either the full warp
    (mask -1, clamp 31, on the path that only full warps take) or a mask and a clamp computed
    from the block's size. The reducing example kernels all have the partial-warp path. Before
    the fix every mask was the constant -1."""
    result = build_project(load_config(example_copy, {"archs": ["sm_90"], "ptx": "auto"}, env={}))
    for kernel in ("softmax", "sum", "min_max", "warp_scan"):
        body = _entry(result, kernel)
        shuffles = SHFL.findall(body)
        assert shuffles, kernel
        for mode, clamp, mask in shuffles:
            full = mask == "-1" and clamp == ("0" if mode == "up" else "31")
            live = mask.startswith("%r") and (clamp == "0" if mode == "up" else clamp.startswith("%r"))
            assert full or live, (kernel, mode, clamp, mask)
        assert any(mask.startswith("%r") for _, _, mask in shuffles), f"{kernel}: no shuffle over the live lanes"
        for _, mask in WARP_OPS.findall(body):
            assert mask.startswith("%r") or mask == "-1", (kernel, mask)
    assert any(m.startswith("%r") for _, m in WARP_OPS.findall(_entry(result, "min_max"))), "vote_any's mask"
    softmax = _entry(result, "softmax")
    assert "shfl.sync.down.b32" in softmax and "shfl.sync.bfly.b32" in softmax, "both paths of warp_reduce"


def test_a_shared_array_in_a_method_of_a_generic_type_is_in_shared_memory(make_project: MakeProject) -> None:
    """LLVM quotes the name of a `shared_array!` static in a method of a generic type (its path holds
    `<`…`>`); the link stage missed such a definition, which stayed one global array for every block
    (a race between blocks, silent). The array below must be `.shared`, not `.global` (one array: a
    static in a generic function is one for all its instances, as in any Rust crate)."""
    source = PRELUDE + """
struct Stage<T>(core::marker::PhantomData<T>);

impl<T: Copy> Stage<T> {
    /// The block's values reversed, through a block-shared array declared in this generic method.
    #[inline(always)]
    fn reversed(v: f32) -> f32 {
        let (t, b) = (thread_idx().x as usize, block_dim().x as usize);
        let mut s = shared_array!(f32, 256);
        s.write(thread_slot(), v);
        let s = s.sync();
        s.get(b - 1 - t)
    }
}

kernel! {
    pub fn k(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        let v = x.get(i.get()).copied().unwrap_or(0.0);
        let w = Stage::<u8>::reversed(v) + Stage::<u16>::reversed(v);
        if let Some(o) = out.get_mut(i) {
            *o = w;
        }
    }
}
"""
    result = build_project(load_config(make_project({"k.rs": source}), env={}))
    ptx = result.crates[0].ptx["sm_90"]
    shared = re.findall(r"^\s*\.shared \.align \d+ \.b8 (\S+)\[(\d+)\];", ptx, re.M)
    assert [int(n) for _, n in shared] == [1024], ptx[:3000]
    assert not re.search(r"^\s*\.global .*OXPACK_SHARED", ptx, re.M)
    entry = _entry(result, "k")
    assert entry.count("st.shared.f32") + entry.count("st.shared.b32") == 2, "a write for each call"


def test_fences_and_votes_lower_to_ptx(make_project: MakeProject) -> None:
    source = PRELUDE + """
kernel! {
    pub fn k(i: ThreadIndex, x: &[u32], out: &mut DisjointSlice<u32>) {
        let v = x.get(i.get()).copied().unwrap_or(0);
        fence_block();
        fence_device();
        fence_system();
        let b = ballot(v > 3);
        let a = vote_all(v > 1);
        let s = shfl_idx(v, 0) + shfl_down(v, 1) + shfl_xor(v, 2);
        sync_warp();
        let c = oxpack::sync::sync_threads_count(v > 0);
        if let Some(o) = out.get_mut(i) {
            *o = b + a as u32 + s + c;
        }
    }
}
"""
    result = build_project(load_config(make_project({"k.rs": source}), env={}))
    entry = _entry(result, "k")
    for needle in ("fence.sc.cta", "fence.sc.gpu", "fence.sc.sys", "vote.sync.ballot.b32", "vote.sync.all.pred",
                   "shfl.sync.idx.b32", "shfl.sync.down.b32", "shfl.sync.bfly.b32", "bar.warp.sync",
                   "bar.red.popc.u32"):
        assert needle in entry, needle


SHARED_MISUSE = {
    "forge a slot": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let mut s = shared_array!(f32, 32); "
        "s.write(oxpack::shared_mem::ThreadSlot(3), 1.0); }",
        "error[E0603]: tuple struct constructor `ThreadSlot` is private",
    ),
    "read in the write phase": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let s = shared_array!(f32, 32); let v = s.get(0); }",
        "error[E0599]: no method named `get` found for struct `Shared",
    ),
    "write in the read phase": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let mut s = shared_array!(f32, 32); s.write(thread_slot(), 1.0); "
        "let mut r = s.sync(); r.write(thread_slot(), 2.0); }",
        "error[E0599]: no method named `write` found for struct `SharedView",
    ),
    "two kinds of slot on one array": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let mut s = shared_array!(f32, 32); s.write(thread_slot(), 1.0); "
        "if let Some(w) = warp_slot() { s.write(w, 2.0); } }",
        "error[E0271]: type mismatch resolving `<WarpSlot as SlotWitness>::Kind == PerThread`",
    ),
    "a thread slot on a chunked array": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let mut s = shared_array!(f32, 1024, Chunks<4, 128>); "
        "s.write_chunk(thread_slot(), [1.0; 4]); s.write(thread_slot(), 2.0); }",
        "error[E0271]: type mismatch resolving `<ThreadSlot as SlotWitness>::Kind == Chunks<4, 128>`",
    ),
    "a chunk of another length": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let mut s = shared_array!(f32, 1024, TransposedChunks<4, 128, 8>); "
        "s.write_chunk(thread_slot(), [1.0; 2]); }",
        "error[E0308]: mismatched types",
    ),
    "a vector read in the write phase": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let s = shared_array!(f32, 1024, Chunks<4, 128>); let v = s.get_vec(0); }",
        "error[E0599]: no method named `get_vec` found for struct `Shared",
    ),
    "use a read view after going back to the write phase": (
        "pub fn k(y: &mut DisjointSlice<f32>) { let mut s = shared_array!(f32, 32); s.write(thread_slot(), 1.0); "
        "let r = s.sync(); let w = r.sync(); let v = r.get(0); }",
        "error[E0382]: borrow of moved value: `r`",
    ),
}


@pytest.mark.parametrize("case", list(SHARED_MISUSE))
def test_shared_memory_misuse_does_not_compile(make_project: MakeProject, case: str) -> None:
    body, expected = SHARED_MISUSE[case]
    root = make_project({"k.rs": PRELUDE + "kernel! {\n    " + body + "\n}\n"})
    with pytest.raises(StageError) as info:
        build_project(load_config(root, env={}))
    assert expected in info.value.message, info.value.stderr


def test_atomic_buffer_is_a_kernel_parameter_but_atomic_scalars_are_not(make_project: MakeProject) -> None:
    source = PRELUDE + "kernel! { pub fn k(c: AtomicU32) { } }\n"
    with pytest.raises(StageError, match=r"is not a supported oxpack kernel parameter type \(kernel `k`, parameter `c`\)"):
        build_project(load_config(make_project({"k.rs": source}), env={}))


def test_math_lowers_to_instructions_and_libdevice(example_copy, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    result = build_project(load_config(example_copy, {"archs": ["sm_90"], "ptx": "auto"}, env={}))
    math32 = _entry(result, "math32")
    for needle in ("sqrt.rn.f32", "cvt.rmi.f32.f32", "cvt.rpi.f32.f32", "abs.f32", "min.f32", "max.f32", "fma.rn.f32",
                   "ex2.approx.ftz.f32", "lg2.approx.ftz.f32", "sin.approx.ftz.f32", "tanh.approx.f32"):
        assert needle in math32, needle
    assert "__nv_" not in math32 and "__nvvm_reflect" not in math32, "libdevice is linked and reflected away"
    assert "sqrt.rn.f64" in _entry(result, "math64")
    assert "cvt.rn.f16.f32" in _entry(result, "to_f16")
    assert "cvt.rn.bf16.f32" in _entry(result, "scale_bf16")
    params = result.manifest()["kernels"]["scale_bf16"]["params"]
    assert params[2:] == [{"name": "x", "kind": "in", "dtype": "bfloat16", "rust": "&[BF16]"},
                          {"name": "out", "kind": "out", "dtype": "bfloat16", "rust": "&mut DisjointSlice<BF16>"}]
    softmax = _entry(result, "softmax")
    assert "bar.sync" in softmax and "shfl.sync.bfly.b32" in softmax and "ex2.approx" in softmax


def test_missing_libdevice_is_a_clear_error(make_project: MakeProject, monkeypatch: pytest.MonkeyPatch,
                                            tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("OXPACK_LIBDEVICE", str(tmp_path / "nowhere.bc"))
    source = PRELUDE + "kernel! { pub fn k(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) " \
        "{ if let Some(o) = y.get_mut(i) { *o = x[i.get()].exp(); } } }\n"
    with pytest.raises(ToolchainError, match=r"the kernels call libdevice math functions \(`__nv_expf`\), and environment "
                       r"variable `OXPACK_LIBDEVICE` names `.*nowhere\.bc`, which is not a file; point it at NVIDIA's "
                       r"libdevice\.10\.bc, or unset it to use the one of the nvidia-nvvm wheel"):
        build_project(load_config(make_project({"k.rs": source}), env={}))


def _libdevice_says() -> dict[str, bool]:
    """`DeviceFloat`'s methods and whether each one's doc says it needs libdevice (device crate's math.rs)."""
    text = (REPO / "src" / "oxpack" / "device" / "src" / "math.rs").read_text()
    trait = text.split("pub trait DeviceFloat", 1)[1].split("\n}", 1)[0]
    says = {}
    for doc, name in re.findall(r"/// (.*)\n\s*fn (\w+)\(", trait):
        assert ("(libdevice)" in doc) != ("no libdevice" in doc), f"`{name}`: its doc must say whether it needs libdevice"
        says[name] = "(libdevice)" in doc
    return says


def test_each_math_function_says_whether_it_needs_libdevice_and_does_as_it_says(
        make_project: MakeProject, monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """With no libdevice at hand, a kernel file that calls every method documented "no libdevice" (`sqrt` and
    `rsqrt` among them, on f32 and f64) builds, to PTX instructions; each method documented "(libdevice)"
    alone fails, naming libdevice."""
    says = _libdevice_says()
    assert {"sqrt", "rsqrt", "mul_add", "floor"} <= {n for n, needs in says.items() if not needs}
    assert {"exp", "erf", "powf"} <= {n for n, needs in says.items() if needs}
    monkeypatch.setenv("OXPACK_LIBDEVICE", str(tmp_path / "nowhere.bc"))
    args = {"mul_add": "(v, v)", "powf": "(v)", "min": "(v)", "max": "(v)"}

    def calls(names: list[str], t: str) -> str:
        return " + ".join(f"v.{n}{args.get(n, '()')}" for n in names) + f" + 0.0{t}"

    free = [n for n, needs in says.items() if not needs]
    source = PRELUDE + "kernel! {\n" + "".join(
        f"    pub fn k{t}(i: ThreadIndex, x: &[{t}], y: &mut DisjointSlice<{t}>) {{ if let Some(o) = y.get_mut(i) "
        f"{{ let v = x[i.get()]; *o = {calls(free, t)}; }} }}\n" for t in ("f32", "f64")) + "}\n"
    crate = build_project(load_config(make_project({"free.rs": source}, archs=["sm_90"]), env={})).crates[0]
    ptx = crate.ptx["sm_90"]
    assert "__nv_" not in ptx and "rsqrt.approx.f32" in ptx and "rsqrt.approx.f64" in ptx and "sqrt.rn.f64" in ptx
    for name in (n for n, needs in says.items() if needs):
        one = PRELUDE + ("kernel! { pub fn k(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) { if let Some(o) = "
                         f"y.get_mut(i) {{ let v = x[i.get()]; *o = v.{name}{args.get(name, '()')}; }} }} }}\n")
        with pytest.raises(ToolchainError, match=r"the kernels call libdevice math functions \(`__nv_\w+`\), and "
                           r"environment variable `OXPACK_LIBDEVICE` names"):
            build_project(load_config(make_project({"free.rs": one}, archs=["sm_90"]), env={}))


def test_unroll_counts_are_checked(make_project: MakeProject) -> None:
    # Shapes of outputs (block_row, register_tile, ...) are checked in tests/test_soundness.py.
    source = PRELUDE + "kernel! { pub fn k(y: &mut DisjointSlice<f32>) { unroll!(p in 0..3 => { let _ = p; }); } }\n"
    with pytest.raises(StageError, match=r"write `unroll!\(i in 0\.\.N => \{ \.\.\. \}\)` with N one of 1, 2, 4, 8"):
        build_project(load_config(make_project({"k.rs": source}), env={}))


def test_sgemm_keeps_its_register_block_in_registers(example_copy) -> None:  # type: ignore[no-untyped-def]
    result = build_project(load_config(example_copy, {"archs": ["sm_80", "sm_90"]}, env={}))
    gemm = _entry(result, "sgemm")
    # 8 unrolled k-steps × (2 vector reads of A's tile + 2 of B's) and × 64 FMAs, no local memory
    assert len(re.findall(r"ld\.shared\.v4\.(?:b|f)32", gemm)) == 32
    assert gemm.count("fma.rn.f32") == 512
    assert "st.shared.v4" in gemm and "ld.local" not in gemm and "st.local" not in gemm
    crate = next(c for c in result.crates if c.name == "gemm")
    for arch in ("sm_80", "sm_90"):
        res = crate.resources[arch]["sgemm"]
        assert res["spills"] == 0 and res["stack"] == 0 and res["shared"] == 2 * 8 * 128 * 4, (arch, res)


def test_panic_paths_are_a_trap_in_place(make_project: MakeProject) -> None:
    source = PRELUDE + "kernel! { pub fn k(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) " \
        "{ if let Some(o) = y.get_mut(i) { *o = x[i.get()] + x[i.get() / 2]; } } }\n"
    result = build_project(load_config(make_project({"k.rs": source}), env={}))
    crate = result.crates[0]
    ptx = crate.ptx["sm_90"]
    assert "panicking" not in ptx and "call" not in _entry(result, "k")
    assert "trap;" in _entry(result, "k")
    assert crate.resources["sm_90"]["k"]["stack"] == 0


def test_16_byte_vectors_of_half_and_int_elements_and_cache_hints_in_the_ptx(make_project: MakeProject) -> None:
    """`BF16x8`/`F16x8` (8 lanes) and `I32x4`/`U32x4` move 16 bytes per access, and the
    streaming and evict-first variants carry their hints, in the example's kernels/saxpy.rs."""
    # one index per thread (`#[coarsen(1)]`), so that each instruction is counted once
    source = re.sub(r"^(    pub fn )", r"    #[coarsen(1)]\n\1", (EXAMPLE / "kernels" / "saxpy.rs").read_text(), flags=re.M)
    result = build_project(load_config(make_project({"saxpy.rs": source}), env={}))
    vec_ld, vec_st = r"ld\.global(\.nc)?\.v4\.b32", r"st\.global\.v4\.b32"
    for kernel in ("scale_bf16x8", "add_i32x4"):
        ptx = _entry(result, kernel)
        assert re.search(vec_ld, ptx) and re.search(vec_st, ptx), kernel
        assert ".local" not in ptx and "trap" not in ptx, kernel
    bf16 = _entry(result, "scale_bf16x8")
    assert bf16.count("st.volatile.global.b16") == 8, "the misaligned path: one store per lane"
    assert bf16.count("cvt.rn.bf16.f32") == 8
    f16 = _entry(result, "axpy_f16x8")
    assert f16.count("ld.cs.v4.b32") == 1 and f16.count("st.cs.v4.b32") == 1, "x streamed in, y streamed out"
    assert re.search(vec_ld, f16), "y is read plainly"
    u32 = _entry(result, "xor_u32x4")
    assert u32.count("ld.L1::evict_first.v4.b32") == 1 and u32.count("st.L1::evict_first.v4.b32") == 1
    scalar = _entry(result, "scale_streaming")
    assert scalar.count("ld.cs.b32") == 1 and scalar.count("st.cs.b32") == 1
    assert not re.search(r"(ld|st)\.global", scalar), "no unhinted access left"


@pytest.mark.parametrize(("ty", "width"), [("F16", "b16"), ("BF16", "b16"), ("i64", "b64"), ("u64", "b64"),
                                         ("f64", "b64"), ("F64x2", "v4.b32")])
def test_cache_hints_on_every_element_width(make_project: MakeProject, ty: str, width: str) -> None:
    """One hinted load and one hinted store of each width: 2, 8 and 16 bytes (4: the example's kernels)."""
    load = "load_streaming(v)" if ty != "F64x2" else "load_evict_first(v)"
    store = "store_streaming(o, w)" if ty != "F64x2" else "store_evict_first(o, w)"
    src = PRELUDE + f"""
kernel! {{
    /// y ← x with a hint (one index per thread: each instruction once)
    #[coarsen(1)]
    pub fn copy(i: ThreadIndex, x: &[{'f64' if ty == 'F64x2' else ty}], y: &mut DisjointSlice<{'f64, Vec4' if ty == 'F64x2' else ty}>) {{
        {'if let (Some(w), Some(mut o)) = (load4_evict_first(x, i.get()), y.get_mut_vec4(i)) { o.set_evict_first(w); }' if ty == 'F64x2'
          else f'if let (Some(v), Some(o)) = (x.get(i.get()), y.get_mut(i)) {{ let w = {load}; {store}; }}'}
    }}
}}
"""
    ptx = _entry(build_project(load_config(make_project({"k.rs": src}), env={})), "copy")
    hint = "L1::evict_first" if ty == "F64x2" else "cs"
    assert ptx.count(f"ld.{hint}.{width}") == 1 and ptx.count(f"st.{hint}.{width}") == 1, ptx


def test_launch_bounds_reach_the_ptx_and_the_manifest(make_project: MakeProject) -> None:
    """`#[launch_bounds(MAX_THREADS[, MIN_BLOCKS])]` is CUDA's `__launch_bounds__`: `.maxntid` and
    `.minnctapersm` on the entry, `launch_bounds` in the manifest; `#[max_registers(N)]` is
    `.maxnreg N` and `max_registers`; docs on both sides of them."""
    src = PRELUDE + """
kernel! {
    /// y ← x, blocks of at most 64 threads
    #[launch_bounds(64)]
    /// (a second doc line after the attribute)
    pub fn narrow(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) {
        if let (Some(v), Some(o)) = (x.get(i.get()), y.get_mut(i)) { *o = *v; }
    }
    #[launch_bounds(1_024, 1,)]
    #[max_registers(32)]
    /// after both
    pub fn wide(i: ThreadIndex, y: &mut DisjointSlice<f32>) {
        y.set(i, 1.0);
    }
    /// a register cap alone
    #[max_registers(64)]
    pub fn capped(i: ThreadIndex, y: &mut DisjointSlice<f32>) {
        y.set(i, 1.0);
    }
    /// no bounds
    pub fn free(i: ThreadIndex, y: &mut DisjointSlice<f32>) {
        y.set(i, 1.0);
    }
}
"""
    result = build_project(load_config(make_project({"k.rs": src}), env={}))
    narrow, wide, free = (_entry(result, k) for k in ("narrow", "wide", "free"))
    assert ".maxntid 64\n" in narrow and ".minnctapersm" not in narrow
    assert ".maxntid 1024\n" in wide and ".minnctapersm 1\n" in wide and ".maxnreg 32\n" in wide
    capped = _entry(result, "capped")
    assert ".maxnreg 64\n" in capped and ".maxntid" not in capped and ".maxnreg" not in narrow
    assert ".maxntid" not in free and ".minnctapersm" not in free and ".maxnreg" not in free
    kernels = result.manifest()["kernels"]
    assert kernels["narrow"]["launch_bounds"] == {"max_threads": 64}
    assert kernels["narrow"]["doc"] == "y ← x, blocks of at most 64 threads\n(a second doc line after the attribute)"
    assert kernels["wide"]["launch_bounds"] == {"max_threads": 1024, "min_blocks": 1}
    assert kernels["wide"]["max_registers"] == 32 and kernels["wide"]["doc"] == "after both"
    assert kernels["capped"]["max_registers"] == 64 and "launch_bounds" not in kernels["capped"]
    assert all(r["registers"] <= 32 for r in kernels["wide"]["resources"].values()), "nvJitLink kept the cap"
    assert "launch_bounds" not in kernels["free"] and "max_registers" not in kernels["free"]


BAD_BOUNDS = {
    "(0)": "`#[launch_bounds(0)]` must allow 1 to 1024 threads per block",
    "(2048)": "`#[launch_bounds(2048)]` must allow 1 to 1024 threads per block",
    "(256, 0)": "`#[launch_bounds(256, 0)]` needs at least 1 block per multiprocessor",
    "(-1)": "kernels/k.rs:4: kernel `k`: `#[launch_bounds(-1)]` takes integer literals, and `-1` is a negative number",
    "(n)": "oxpack: write `#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]`",
    "(max_threads = 256)": "oxpack: write `#[launch_bounds(MAX_THREADS)]`",
    "(256, 2, 1)": "oxpack: write `#[launch_bounds(MAX_THREADS)]`",
    "": "oxpack: write `#[launch_bounds(MAX_THREADS)]`",
    # well formed but before `#[outputs]`: the line names the order
    "(256, 2)] #[outputs(y = (len(x)))": "after `#[launch(...)]`, `#[tune(...)]`, `#[dims(...)]`, `#[outputs(...)]` and "
                                        "`#[backward(...)]` (if any) and before `#[max_registers(...)]`",
    "(256.0)": "`#[launch_bounds(256.0)]` takes integer literals, and `256.0` is a float",
    '("256")': '`#[launch_bounds("256")]` takes integer literals, and `"256"` is a string',
}


BAD_REGISTERS = {
    "#[max_registers(8)]": "`#[max_registers(8)]` must be 16 to 255 registers per thread",
    "#[max_registers(256)]": "`#[max_registers(256)]` must be 16 to 255 registers per thread",
    "#[max_registers]": "oxpack: write `#[max_registers(N)]` with an integer literal",
    "#[launch_bounds(64)] #[max_registers(n)]": "oxpack: write `#[max_registers(N)]` with an integer literal",
    "#[max_registers(64)] #[launch_bounds(64)]": "oxpack: write `#[max_registers(N)]` with an integer literal",
}


@pytest.mark.parametrize("attrs", list(BAD_REGISTERS))
def test_bad_register_caps_do_not_compile(make_project: MakeProject, attrs: str) -> None:
    src = PRELUDE + f"kernel! {{\n    /// y\n    {attrs}\n" \
        "    pub fn k(i: ThreadIndex, y: &mut DisjointSlice<f32>) { y.set(i, 1.0); }\n}\n"
    with pytest.raises(StageError) as info:
        build_project(load_config(make_project({"k.rs": src}), env={}))
    assert BAD_REGISTERS[attrs] in str(info.value) + info.value.stderr, str(info.value)


@pytest.mark.parametrize("bounds", list(BAD_BOUNDS))
def test_bad_launch_bounds_do_not_compile(make_project: MakeProject, bounds: str) -> None:
    src = PRELUDE + f"kernel! {{\n    /// y\n    #[launch_bounds{bounds}]\n" \
        "    pub fn k(i: ThreadIndex, y: &mut DisjointSlice<f32>) { y.set(i, 1.0); }\n}\n"
    with pytest.raises(StageError) as info:
        build_project(load_config(make_project({"k.rs": src}), env={}))
    assert BAD_BOUNDS[bounds] in str(info.value) + info.value.stderr, str(info.value)


def test_evict_first_hints_build_for_sm_80_alone(make_project: MakeProject) -> None:
    """`L1::evict_first` needs PTX ISA 7.4; sm_80's own floor is 7.0: a build for sm_80 alone (no
    PTX of a newer arch to raise the ISA) still assembles, at ISA 7.4 (ptxas refused it before)."""
    src = PRELUDE + """
kernel! {
    /// y ← x, evict-first
    pub fn copy(i: ThreadIndex, x: &[f64], y: &mut DisjointSlice<f64, Vec4>) {
        if let (Some(w), Some(mut o)) = (load4_evict_first(x, i.get()), y.get_mut_vec4(i)) { o.set_evict_first(w); }
    }
}
"""
    result = build_project(load_config(make_project({"k.rs": src}, archs=["sm_80"]), env={}))
    assert result.ptx_isa == "7.4"
    assert "L1::evict_first" in _entry(result, "copy", arch="sm_80")
    assert ".version 7.4\n" in result.crates[0].ptx["sm_80"]


def test_a_register_cap_builds_in_the_debug_profile(make_project: MakeProject) -> None:
    """A debug build's panics format their message in functions that need more registers than a low
    `#[max_registers]` allows, and ptxas refuses a capped kernel that calls them: the debug profile
    builds without the cap (the release build keeps `.maxnreg`)."""
    src = PRELUDE + """
kernel! {
    /// y ← x[i], checked (a panic path)
    #[max_registers(32)]
    pub fn capped(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) {
        if let Some(o) = y.get_mut(i) { *o = x[i.get()]; }
    }
}
"""
    project = make_project({"k.rs": src})
    release = _entry(build_project(load_config(project, env={})), "capped")
    assert ".maxnreg 32" in release, release
    debug = _entry(build_project(load_config(project, env={"OXPACK_PROFILE": "debug"})), "capped")
    assert ".maxnreg" not in debug, debug
