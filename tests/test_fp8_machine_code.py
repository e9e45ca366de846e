"""The FP8 GEMMs' machine code (example-project/kernels/fp8.rs), built for sm_80 and sm_90a without a GPU:
the sm_90a bodies issue FP8 `wgmma` (SASS `QGMMA.64x128x32.F32.E4M3.E4M3`, Hopper's FP8 form of HGMMA) four to
a stage, unserialized, with no local memory; the block-scaled one multiplies each stage's product by its scales
as it promotes it (an fma per accumulator), the others add it as it is (their factor of 1 folds away); the
portable bodies hold no sm_90a code. The gradient kernels (`gemm_fp8_e5m2_nt_bf16`, `_rowwise`: `a` in E5M2, `b` in
E4M3) issue the mixed `wgmma` (`.e5m2.e4m3`, SASS `QGMMA.64x128x32.F32.E5M2.E4M3`) the same way, and no other.

nvJitLink compiles PTX as a separate compilation unit: there a kernel that calls any function (a cold panic
helper, the `div.u64` subroutine of a 64-bit division) gets every `wgmma` serialized (ptxas C7509: a wait after
each), so the sm_90a body must contain no call at all; its info log says so when it does. The SASS checks need
`cuobjdump` (CUDA 13's, on PATH or beside ptxas) and are skipped without it; the rest needs none.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import REPO
from machine_code import per_kernel, sass

from oxpack.builder.pipeline import build_project
from oxpack.config import load_config

FP8 = REPO / "example-project" / "kernels" / "fp8.rs"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> object:
    root = tmp_path_factory.mktemp("fp8")
    (root / "kernels").mkdir()
    (root / "src" / "fp8proj").mkdir(parents=True)
    (root / "src" / "fp8proj" / "__init__.py").write_text("")
    (root / "kernels" / "fp8.rs").write_text(FP8.read_text())
    (root / "pyproject.toml").write_text('[project]\nname = "fp8proj"\nversion = "0.1.0"\n\n[tool.oxpack]\n'
                                         'archs = ["sm_80", "sm_90a"]\nptx = "none"\n')
    result = build_project(load_config(root, {}, env={}))
    (crate,) = result.crates
    return crate


E4M3_KERNELS = ("gemm_fp8_nt_bf16", "gemm_fp8_nt_bf16_rowwise", "gemm_fp8_nt_bf16_blockwise")
E5M2_KERNELS = ("gemm_fp8_e5m2_nt_bf16", "gemm_fp8_e5m2_nt_bf16_rowwise")  # a: E5M2 (a gradient), b: E4M3
KERNELS = E4M3_KERNELS + E5M2_KERNELS


def operands(name: str) -> tuple[str, str]:
    """A kernel's `wgmma` types, A's then B's (PTX's spelling)."""
    return ("e5m2", "e4m3") if name in E5M2_KERNELS else ("e4m3", "e4m3")


def test_the_sm90a_bodies_issue_fp8_wgmma_with_no_call_and_no_local_memory(built: object) -> None:
    ptx = built.ptx["sm_90a"]  # type: ignore[attr-defined]
    for name, code in per_kernel(ptx, ".entry %s(", KERNELS).items():
        a, b = operands(name)
        assert code.count(f"wgmma.mma_async.sync.aligned.m64n128k32.f32.{a}.{b}") == 4, name  # a stage: 4 × k32
        assert len(re.findall(r"wgmma\.mma_async", code)) == 4, name  # and no wgmma of other types
    assert "call" not in re.sub(r"//[^\n]*", "", ptx), "a call serializes every wgmma under nvJitLink"
    assert "div.u64" not in ptx and "rem.u64" not in ptx
    log = built.info_logs["sm_90a"]  # type: ignore[attr-defined]
    assert "C7509" not in log, log  # "wgmma.mma_async instructions are serialized"
    for name in KERNELS:
        res = built.resources["sm_90a"][name]  # type: ignore[attr-defined]
        assert res["spills"] == 0 and res["stack"] == 0, (name, res)


def test_the_portable_bodies_hold_no_fp8_wgmma(built: object) -> None:
    ptx = built.ptx["sm_80"]  # type: ignore[attr-defined]
    assert "wgmma" not in ptx and "trap" in ptx


def test_sass_has_qgmma_of_its_types_chained_and_no_local_memory(built: object, tmp_path: Path) -> None:
    code_of = per_kernel(sass(built.cubins["sm_90a"], tmp_path, "fp8.sm_90a.cubin"),  # type: ignore[attr-defined]
                         "Function : %s\n", KERNELS)
    for name, code in code_of.items():
        a, b = operands(name)
        gmma = re.findall(rf"QGMMA\.64x128x32\.F32\.{a.upper()}\.{b.upper()}[^;]*;", code)
        assert len(gmma) == 4 and len(re.findall(r"QGMMA", code)) == 4, (name, gmma)
        assert "RZ, !UPT" in gmma[0]  # the stage's first starts a fresh sum (scale-d 0): the promotion's part
        # chained: only the stage's last waits (gsb0), and one wait for the group follows
        assert [("gsb0" in g) for g in gmma] == [False, False, False, True], (name, gmma)
        assert len(re.findall(r"WARPGROUP\.DEPBAR", code)) == 1, name
        assert not re.search(r"\b(LDL|STL)\b", code), name
        # the promotion: after the stage's wait, its 64 accumulators a thread added into the f32 sum: in the
        # block-scaled kernel times its row's factor, in one fma each (FFMA, as emulation's mul_add), in the
        # others by a plain add (their factor of 1 folded away: FADD, no multiplication)
        scaled = name == "gemm_fp8_nt_bf16_blockwise"
        op = "FFMA" if scaled else "FADD"
        promotion = re.findall(r"\b(FMUL|FADD|FFMA)\b", code[code.index("WARPGROUP.DEPBAR"):])
        first = promotion[:promotion.index(op) + 64]
        assert first.count(op) == 64 and "FMUL" not in first, (name, first)
