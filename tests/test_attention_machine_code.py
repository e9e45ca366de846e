"""The sm_90a attention's machine code (example-project/kernels/attention.rs, the `attention_fwd_d64` and
`attention_fwd_d128` variants `#[variant_of(..., sm_90a)]`, and the varlen kernels' `attention_varlen_fwd_d64`
and `_d128`), built for sm_80 and sm_90a without a GPU: each body issues its two GEMMs as chained `wgmma`s
(SASS `HGMMA`), with no call and no local memory, and rounds p to bf16 two values an instruction.

nvJitLink compiles PTX as a separate compilation unit: there a kernel that calls any function gets every
`wgmma` serialized (ptxas C7509: a wait after each). The attention had three such calls: the 64-bit divisions
of its output layout's (sequence, tile) numbering (`div.u64` / `rem.u64`, subroutines in SASS), and the
final `1 / l` (`rcp.rn.f32`, whose slow path is a subroutine). And under `launch_bounds(384, 1)` (168
registers: nvJitLink ignores `setmaxnreg`, C7504) the head-dim-128 consumer has no register to spare: values
that LLVM hoisted out of the softmax loop (q's descriptors, the mask's per-column bounds, 64-bit row numbers)
spilled to local memory. The SASS checks need `cuobjdump` (CUDA 13's, on PATH, beside ptxas or from PyPI's
`nvidia-cuda-cuobjdump`, the test extra) and are skipped without it; the rest needs none.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import example_kernel_files
from machine_code import per_kernel, sass

from oxpack.builder.pipeline import build_project
from oxpack.config import load_config

# kernel: its head dim D
KERNELS = {"attention_fwd_d64": 64, "attention_fwd_d128": 128}
VARLEN = {"attention_varlen_fwd_d64": 64, "attention_varlen_fwd_d128": 128}
EVERY = {**KERNELS, **VARLEN}  # to cut the PTX and the SASS at each kernel's start


def _build(root: Path, oxpack: str) -> object:
    """The example's attention.rs (and what it includes) built alone in `root`, with `oxpack` as its
    `[tool.oxpack]` lines: the one crate."""
    for name, text in example_kernel_files("attention.rs").items():
        (root / "kernels" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "kernels" / name).write_text(text)
    (root / "src" / "attnproj").mkdir(parents=True)
    (root / "src" / "attnproj" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text('[project]\nname = "attnproj"\nversion = "0.1.0"\n\n[tool.oxpack]\n' + oxpack)
    (crate,) = build_project(load_config(root, {}, env={})).crates
    return crate


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> object:
    return _build(tmp_path_factory.mktemp("attn"), 'archs = ["sm_80", "sm_90a"]\nptx = "none"\n')


def test_the_sm90a_bodies_have_no_call_and_no_local_memory(built: object) -> None:
    ptx = built.ptx["sm_90a"]  # type: ignore[attr-defined]
    for name, code in per_kernel(ptx, ".entry %s(", EVERY).items():
        d = EVERY[name]
        # q·kᵀ: D / 16 m64n128k16; p·v: 8 m64nDk16 (p's 128 columns)
        widths = {n: code.count(f"wgmma.mma_async.sync.aligned.m64n{n}k16.f32.bf16.bf16") for n in (64, 128)}
        assert widths == ({64: 8, 128: 4} if d == 64 else {64: 0, 128: 16}), (name, widths)
        body = re.sub(r"//[^\n]*", "", code)
        assert not re.search(r"\bcall(\.uni)?\b", body), f"{name}: a call serializes every wgmma under nvJitLink"
        for op in ("div.u64", "rem.u64", "div.s64", "rem.s64", "rcp.rn.f32", "div.rn.f32"):
            assert op not in body, (name, op)  # each a subroutine call in SASS
        assert ".local" not in body, name
    log = built.info_logs["sm_90a"]  # type: ignore[attr-defined]
    assert "C7509" not in log, log  # "wgmma.mma_async instructions are serialized"
    assert "attention_fwd_d128" in log and "attention_fwd_d64" in log and "attention_varlen_fwd_d128" in log, log
    for name in KERNELS:
        res = built.resources["sm_90a"][name]  # type: ignore[attr-defined]
        assert res["spills"] == 0 and res["stack"] == 0, (name, res)
        assert res["registers"] <= 168, (name, res)  # launch_bounds(384, 1)


def test_the_portable_bodies_have_no_wgmma_and_no_64_bit_division(built: object) -> None:
    ptx = built.ptx["sm_80"]  # type: ignore[attr-defined]
    assert "wgmma" not in ptx and "mma.sync.aligned.m16n8k16" in ptx
    for name, code in per_kernel(ptx, ".entry %s(", EVERY).items():
        if name in KERNELS:  # the same call-free tile numbering (SeqTiles); the varlen ones' GQA group
            # divides in 64 bits, harmless where no wgmma is serialized by the call
            assert "div.u64" not in code and "rem.u64" not in code, name
    for name in KERNELS:
        res = built.resources["sm_80"][name]  # type: ignore[attr-defined]
        assert res["spills"] == 0 and res["stack"] == 0, (name, res)


def test_sass_chains_the_hgmmas_of_each_gemm_with_no_local_memory(built: object, tmp_path: Path) -> None:
    code_of = per_kernel(sass(built.cubins["sm_90a"], tmp_path, "attention.sm_90a.cubin"),  # type: ignore[attr-defined]
                         "Function : %s\n", KERNELS)
    for name, code in code_of.items():
        d = KERNELS[name]
        qk = re.findall(r"HGMMA\.64x128x16\.F32\.BF16 R\d+, gdesc[^;]*;", code)
        pv = re.findall(rf"HGMMA\.64x{d}x16\.F32\.BF16 R\d+, R\d+, gdesc\[UR\d+\]\.tnspB[^;]*;", code)
        assert len(qk) == d // 16 and len(pv) == 8, (name, qk, pv)
        assert "RZ, !UPT" in qk[0]  # s starts at zero each k/v tile
        # chained: only each GEMM's last waits (gsb0), and one wait for each GEMM's group follows
        # (serialized, C7509, every HGMMA has its own gsb0 and wait)
        assert [("gsb0" in g) for g in qk] == [False] * (d // 16 - 1) + [True], (name, qk)
        assert [("gsb0" in g) for g in pv] == [False] * 7 + [True], (name, pv)
        assert len(re.findall(r"WARPGROUP\.DEPBAR", code)) == 2, name
        assert not re.search(r"\b(LDL|STL)\b", code), name
        assert not re.search(r"\bCALL\b", code), name
        # p rounded to bf16 a pair at a time (`BF16::pack2`: one F2FP each, where two F2F and a PRMT each
        # took 96 of the head-dim-128 loop's instructions): no single-value bf16 conversion in the body
        assert len(re.findall(r"F2FP\.BF16\.F32\.PACK_AB", code)) >= 32, name
        assert not re.search(r"F2F\.BF16\.F32", code), name


def test_the_varlen_sm90a_bodies_zero_v_past_a_sequence_and_keep_the_loop_in_registers(
        built: object, tmp_path: Path) -> None:
    """The varlen bodies (`TmaHeads` sources, `VarlenWgTiles` output): the dense bodies' chained GEMMs; the
    zeroing of v's rows past a sequence's end, made visible to the tensor cores (`fence.proxy.async`) and met
    by both consumer warpgroups at named barrier 1 (`bar.sync 1, 256`); no local memory, at head dim 128 too
    (no register to spare under the launch bound: the sequence's k rows are read from block-shared memory each
    step, and each role finds the block's tile again after the roles part rather than holding it)."""
    ptx = built.ptx["sm_90a"]  # type: ignore[attr-defined]
    for name, code in per_kernel(ptx, ".entry %s(", EVERY).items():
        if name in VARLEN:
            body = re.sub(r"//[^\n]*", "", code)
            assert body.count("bar.sync 1, 256;") == 1 and body.count("fence.proxy.async.shared::cta;") == 1, name
            assert body.count("cp.async.bulk.tensor.3d") >= 1, name
    code_of = per_kernel(sass(built.cubins["sm_90a"], tmp_path, "attention.sm_90a.cubin"),  # type: ignore[attr-defined]
                         "Function : %s\n", EVERY)
    for name, d in VARLEN.items():
        code = code_of[name]
        qk = re.findall(r"HGMMA\.64x128x16\.F32\.BF16 R\d+, gdesc[^;]*;", code)
        pv = re.findall(rf"HGMMA\.64x{d}x16\.F32\.BF16 R\d+, R\d+, gdesc\[UR\d+\]\.tnspB[^;]*;", code)
        assert [("gsb0" in g) for g in qk] == [False] * (d // 16 - 1) + [True], (name, qk)
        assert [("gsb0" in g) for g in pv] == [False] * 7 + [True], (name, pv)
        assert not re.search(r"\bCALL\b", code), name
        assert "BAR.SYNC.DEFER_BLOCKING 0x1, 0x100" in code, name
        assert not re.search(r"\b(LDL|STL)\b", code), name
        res = built.resources["sm_90a"][name]  # type: ignore[attr-defined]
        assert res["registers"] <= 168 and res["spills"] == 0 and res["stack"] == 0, (name, res)


# --- `ptxas = "whole-program"`: the same PTX compiled by the standalone ptxas, where `setmaxnreg` takes effect


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> object:
    return _build(tmp_path_factory.mktemp("attn-whole"), 'archs = ["sm_90a"]\nptx = "none"\nptxas = "whole-program"\n')


def test_whole_program_keeps_setmaxnreg(built: object, whole: object, tmp_path: Path) -> None:
    """nvJitLink drops both `setmaxnreg`s (C7504); the standalone ptxas keeps them: warpgroup 0 gives its
    registers back down to 40, the consumers wait for 232 (SASS `USETMAXREG`), from the same PTX."""
    assert whole.ptx["sm_90a"] == built.ptx["sm_90a"]  # type: ignore[attr-defined]
    assert "C7504" in built.info_logs["sm_90a"]  # type: ignore[attr-defined]
    log = whole.info_logs["sm_90a"]  # type: ignore[attr-defined]
    assert "C7504" not in log and "C7509" not in log, log
    code_of = per_kernel(sass(whole.cubins["sm_90a"], tmp_path, "whole.sm_90a.cubin"),  # type: ignore[attr-defined]
                         "Function : %s\n", KERNELS)
    nvjitlink = sass(built.cubins["sm_90a"], tmp_path, "attention.sm_90a.cubin")  # type: ignore[attr-defined]
    assert "USETMAXREG" not in nvjitlink
    for name, code in code_of.items():
        d = KERNELS[name]
        # (the allocation's predicate register, UP0 or UP1, is ptxas's choice)
        assert re.findall(r"USETMAXREG\.\w+(?:\.\w+)* (?:UP, )?0x[0-9a-f]+", re.sub(r"UP\d+, ", "UP, ", code)) == [
            "USETMAXREG.TRY_ALLOC.CTAPOOL UP, 0xe8", "USETMAXREG.DEALLOC.CTAPOOL 0x28"], name
        # the GEMMs as chained as nvJitLink's, with no call
        qk = re.findall(r"HGMMA\.64x128x16\.F32\.BF16 R\d+, gdesc[^;]*;", code)
        pv = re.findall(rf"HGMMA\.64x{d}x16\.F32\.BF16 R\d+, R\d+, gdesc\[UR\d+\]\.tnspB[^;]*;", code)
        assert [("gsb0" in g) for g in qk] == [False] * (d // 16 - 1) + [True], (name, qk)
        assert [("gsb0" in g) for g in pv] == [False] * 7 + [True], (name, pv)
        assert not re.search(r"\bCALL\b", code), name
        # Local memory: at most the block's thread index, which ptxas stores once before the roles part (it is
        # live across `setmaxnreg`) and reloads; nothing else (head dim 128: one 4-byte slot; 64: none).
        stores = re.findall(r"\bSTL(?:\.\w+)* \[R1\], R\d+", code)
        assert len(stores) <= 1 and not re.search(r"\bSTL(?:\.\w+)* \[R1\+", code), (name, stores)
        assert not re.search(r"\bLDL(?:\.\w+)* R\d+, \[R1\+", code), name
        res = whole.resources["sm_90a"][name]  # type: ignore[attr-defined]
        assert res["registers"] == 168 and res["stack"] <= 8, (name, res)  # the launch bound's count at entry
