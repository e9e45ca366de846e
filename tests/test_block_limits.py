"""Block limits: a block of more threads than a kernel's registers allow is refused before launch.

The driver refuses such a launch with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES ("too many threads
for the kernel's register count"); the stubs refuse it first, in one line that names the
kernel, the block, the limit, the registers that decide it and the fixes. On the GPU the
limit is the driver's own (``CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK``, asked once per kernel
and device: tests/test_stubs.py with a recording driver, tests/test_gpu_limits.py on the
H200). The build records it per arch in the manifest (`block_limits`), computed from the
cubins' register counts by CUDA's occupancy rules (`block_threads`), and emulation refuses a
block over the smallest. Here: the formula against a second statement of the rule, the
cubins' counts as the build records them, emulation's refusal with its whole message on real
builds, and the two fixes the message names, applied to a real kernel.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import EXAMPLE, ExampleBuild, emulated, example_kernel_files, forget_package, import_from, run_ok
from oxpack.contract import manifest
from oxpack.errors import StageError
from oxpack.package.fatbin_reader import InspectError, cubin_kernels, entry_payload, read_fatbin
from oxpack.package.stubs import render_stubs
from test_device_layouts import BFloat16, to_bf16, widen
from test_stubs import FATBINS, make_manifest

EMULATES = sys.platform.startswith("linux") and os.uname().machine == "x86_64"
needs_emulation = pytest.mark.skipif(not EMULATES, reason="emulation runs on x86-64 Linux")


# ---------------------------------------------------------------- the formula


@pytest.mark.parametrize(("registers", "threads"), [
    (0, 1024), (1, 1024), (32, 1024), (64, 1024),  # 64 · 1,024 = 65,536: the whole block
    (65, 896),  # 2,080 a warp, rounded up to 2,304: 28 warps
    (72, 896), (80, 768),  # 25 warps fit 2,560 each, 24 of them in fours
    (97, 512),  # rmsnorm_bf16 on sm_90 before its register cap: 3,328 a warp, 19 fit, 16 in fours (the driver's answer on the H200)
    (122, 512), (128, 512), (146, 384), (186, 256), (255, 256),
])
def test_block_threads_of_known_register_counts(registers: int, threads: int) -> None:
    assert manifest().block_threads(registers) == threads


def _fits(registers: int, block: int) -> bool:
    """CUDA's launch check for one block size, as cuda_occupancy.h states it
    (`cudaOccMaxBlocksPerSMRegsLimit`): the registers of the block's warps, allocated per warp
    in units of 256, with the warps rounded up to the SM's 4 sub-partitions (the "hardware
    check") and as they are (the "software check"), each within the block's 65,536."""
    per_warp = -(-registers * 32 // 256) * 256
    warps = -(-block // 32)
    return per_warp * (-(-warps // 4) * 4) <= 65536 and per_warp * warps <= 65536


def test_block_threads_is_cudas_launch_check_for_every_register_count() -> None:
    """For every count a thread may use, the largest block the check passes (and every smaller
    one passes it too, so the limit is one number)."""
    m = manifest()
    for registers in range(256):
        passing = [b for b in range(1, 1025) if _fits(registers, b)]
        assert passing == list(range(1, len(passing) + 1)), registers
        assert m.block_threads(registers) == len(passing), registers


def test_registers_for_is_the_largest_cap_that_fits_the_block() -> None:
    m = manifest()
    for threads in range(1, 1025):
        cap = m.registers_for(threads)
        assert m.block_threads(cap) >= threads, threads
        assert cap == 255 or m.block_threads(cap + 1) < threads, threads
    assert (m.registers_for(1000), m.registers_for(512), m.registers_for(1)) == (64, 128, 255)


# ---------------------------------------------------------------- the cubins' counts, as the build records them


def _cubins(build: ExampleBuild) -> dict[tuple[str, str], dict[str, Any]]:
    """(crate, arch) → what the cubin says of each kernel, read here from the build's fatbins."""
    out = {}
    for crate, data in build.fatbins.items():
        for entry in read_fatbin(data, crate):
            if entry.kind == "cubin":
                out[(crate, entry.arch)] = cubin_kernels(entry_payload(data, entry, crate), crate)
    return out


def test_the_manifest_records_each_kernels_limit_per_arch_from_its_cubin(example_build: ExampleBuild) -> None:
    m = manifest()
    cubins = _cubins(example_build)
    real = example_build.manifest
    assert real["schema"] == m.SCHEMA == 4
    for name, kernel in real["kernels"].items():
        assert sorted(kernel["block_limits"]) == sorted(real["archs"]), name
        for arch, limit in kernel["block_limits"].items():
            found = cubins[(kernel["crate"], arch)][kernel["symbol"]]
            # a variant of its own launch bounds (`bodies`) is the code of its arch
            bounds = kernel.get("bodies", {}).get(arch, kernel).get("launch_bounds", {}).get("max_threads", 1024)
            assert limit == {"max_threads": min(m.block_threads(found.registers), bounds),
                             "registers": found.registers}, (name, arch)
            # nvJitLink's log counts the kernel's own registers; the cubin's count (which the driver
            # allocates by) includes the functions it calls: math64's call to the trig slow path
            assert found.registers >= kernel["resources"][arch]["registers"], (name, arch)
    norm = real["kernels"]["rmsnorm_bf16"]["block_limits"]
    assert norm["sm_80"]["max_threads"] < norm["sm_90"]["max_threads"] <= 1024  # per arch: sm_80 uses more registers
    bounded = cubins[("saxpy", "sm_90")]["scale_bounded"]
    assert (bounded.max_threads, real["kernels"]["scale_bounded"]["block_limits"]["sm_90"]["max_threads"]) == (128, 128)
    assert cubins[("saxpy", "sm_90")]["saxpy"].max_threads is None  # no launch bounds: no .maxntid


def test_the_fatbins_alone_give_the_limits_the_build_read_from_its_cubins(example_build: ExampleBuild,
                                                                          tmp_path: Path) -> None:
    """A build hands the stubs its cubins as linked (no LZ4 to undo: a warm build's second); the stubs
    of a manifest and fatbins alone read the fatbins' copies. Both give every kernel the same limits."""
    data = json.loads(json.dumps(example_build.manifest))
    for kernel in data["kernels"].values():
        del kernel["block_limits"]
    render_stubs(data, tmp_path / "pkg", example_build.fatbins)
    module = example_build.manifest["module"]
    again = json.loads((tmp_path / "pkg" / "_oxpack" / f"{module}.json").read_text())
    assert {n: k["block_limits"] for n, k in again["kernels"].items()} == {
        n: k["block_limits"] for n, k in example_build.manifest["kernels"].items()}


def test_a_damaged_cubin_is_one_line_naming_it(example_build: ExampleBuild) -> None:
    data = example_build.fatbins["norm"]
    entry = next(e for e in read_fatbin(data, "norm") if e.kind == "cubin")
    cubin = entry_payload(data, entry, "norm")
    for damaged, why in ((cubin[:100], "its section headers run past its end"), (b"PTX" + cubin[3:], "is not a")):
        with pytest.raises(InspectError) as caught:
            cubin_kernels(damaged, "the sm_80 cubin of crate `norm`")
        assert str(caught.value).startswith("the sm_80 cubin of crate `norm`") and why in str(caught.value)
        assert "\n" not in str(caught.value)


def test_without_a_readable_cubin_the_limits_come_from_nvjitlinks_counts(tmp_path: Path) -> None:
    """Bytes that are no fatbin (and a zstd cubin with no zstd reader) leave nvJitLink's report in
    `resources`; an arch it has no count for gets no limit."""
    data = make_manifest()
    data["kernels"]["blur"]["resources"] = {"sm_80": {"registers": 186}, "sm_90": {"registers": 97}}
    render_stubs(data, tmp_path / "pkg", FATBINS)
    written = json.loads((tmp_path / "pkg" / "_oxpack" / "kernels.json").read_text())
    assert written["kernels"]["blur"]["block_limits"] == {"sm_80": {"max_threads": 256, "registers": 186},
                                                          "sm_90": {"max_threads": 512, "registers": 97}}
    assert written["kernels"]["shift2d"]["block_limits"] == {}
    doc = (tmp_path / "pkg" / "kernels.py").read_text()
    assert "        Its registers allow at most 256 on sm_80, 512 on sm_90.\n" in doc
    assert doc.count("Its registers allow") == 1  # the kernels with no limit under 1,024 say nothing


def test_a_cubin_without_a_listed_kernel_is_refused(example_build: ExampleBuild, tmp_path: Path) -> None:
    data = json.loads(json.dumps(example_build.manifest))
    data["kernels"]["saxpy"]["symbol"] = "saxpy_gone"
    with pytest.raises(StageError, match=r"^the sm_80 cubin of crate `saxpy` has no kernel `saxpy_gone`, which the "
                       r"manifest lists; rebuild the package"):
        render_stubs(data, tmp_path / "pkg", example_build.fatbins)


# ---------------------------------------------------------------- emulation refuses what the GPU refuses


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example project (sm_80, sm_86, sm_89, sm_90) built with `--emulation`, emulating."""
    out = tmp_path_factory.mktemp("limits-example")
    package = "oxpack_limits_example"
    run_ok([sys.executable, "-m", "oxpack", "build", str(EXAMPLE), "--out", str(out), "--emulation", "-q",
            "--package-path", package], timeout=900)
    module = import_from(out, f"{package}.kernels")
    module.emulation(True)
    yield module
    forget_package(package)


def _fewest(module: ModuleType, kernel: str) -> tuple[str, Any]:
    found = module._module.kernel(kernel).spec.fewest_threads()
    assert found is not None
    return found  # type: ignore[no-any-return]


def _rmsnorm(module: ModuleType, rows: int, c: int, block: int, rng: np.random.Generator) -> tuple[Any, ...]:
    """rmsnorm_bf16 on `rows` random rows of `c` channels at `block`; (out bits, rstd, x bits, w bits)."""
    xb, wb = to_bf16(rng.standard_normal(rows * c)), to_bf16(rng.standard_normal(c))
    out, rstd = BFloat16(np.zeros(rows * c, np.uint16)), np.full(rows, np.nan, np.float32)
    module.rmsnorm_bf16(1e-6, BFloat16(xb), BFloat16(wb), out, rstd, block=block)
    return out.bits, rstd, xb, wb


def _check_rmsnorm(out: np.ndarray, rstd: np.ndarray, xb: np.ndarray, wb: np.ndarray, rows: int) -> None:
    xf = widen(xb).reshape(rows, -1).astype(np.float64)
    ref_rstd = 1 / np.sqrt((xf**2).mean(1) + 1e-6)
    np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-4)
    np.testing.assert_allclose(widen(out).reshape(rows, -1), xf * ref_rstd[:, None] * widen(wb), rtol=2**-7, atol=1e-30)


@needs_emulation
def test_emulation_refuses_a_block_over_the_smallest_limit_with_the_whole_message(example: ModuleType) -> None:
    arch, limit = _fewest(example, "rmsnorm_bf16")
    m = manifest()
    assert arch == "sm_80" and limit.max_threads == m.block_threads(limit.registers) < 1000
    x, w = BFloat16(np.zeros(4 * 4097, np.uint16)), BFloat16(np.zeros(4097, np.uint16))
    out, rstd = BFloat16(np.full(4 * 4097, 0xA5A5, np.uint16)), np.full(4, 7.0, np.float32)
    with pytest.raises(example.KernelValueError) as caught:
        example.rmsnorm_bf16(1e-6, x, w, out, rstd, block=1000)
    assert str(caught.value) == (
        f"rmsnorm_bf16(): `block` 1000 has 1000 threads, over the {limit.max_threads} this kernel allows per block "
        f"on sm_80 (the arch of this build that allows the fewest), where it uses {limit.registers} registers per "
        f"thread and a block has 65536; pass a block of at most {limit.max_threads} threads, or let 1000 threads "
        "fit by capping the kernel's registers in kernels/norm.rs: #[launch_bounds(1000)] or #[max_registers(64)]")
    assert (out.bits == 0xA5A5).all() and (rstd == 7.0).all()  # refused before anything ran
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, example.LaunchError)


@needs_emulation
def test_emulation_refuses_a_2d_block_over_the_limit(example: ModuleType) -> None:
    """sgemm declares its block (16 × 16); given 32 × 32 past it, through the run time's general path,
    the block is refused for its registers before anything else."""
    _, limit = _fewest(example, "sgemm")
    assert limit.max_threads < 1024
    a = np.zeros((64, 64), np.float32)
    with pytest.raises(example.KernelValueError, match=(
            rf"^sgemm\(\): `block` \(32, 32\) has 1024 threads, over the {limit.max_threads} this kernel allows per "
            rf"block on sm_\d+ \(the arch of this build that allows the fewest\), where it uses {limit.registers} "
            r"registers per thread and a block has 65536; pass a block of at most \d+ threads, or let 1024 threads "
            r"fit by capping the kernel's registers in kernels/gemm\.rs: #\[launch_bounds\(1024\)\] or "
            r"#\[max_registers\(64\)\]$")):
        example._module.kernel("sgemm")((64, 64, 64, a, a, np.zeros_like(a)), None, (64, 64), (32, 32))


@needs_emulation
def test_emulation_runs_the_largest_block_allowed_and_refuses_one_more(example: ModuleType) -> None:
    _, limit = _fewest(example, "rmsnorm_bf16")
    rng = np.random.default_rng(3)
    most = limit.max_threads
    for block in (most, most - 31, 1):  # the largest; one whose last warp has one lane; the smallest
        rows, c = 3, 8 * most + 5  # a ragged last chunk in every row
        _check_rmsnorm(*_rmsnorm(example, rows, c, block, rng), rows)
    example.rmsnorm_bf16(1e-6, BFloat16(to_bf16(np.ones(8))), BFloat16(to_bf16(np.ones(8))),
                         BFloat16(np.zeros(8, np.uint16)), np.zeros(1, np.float32))  # the default block (256)
    with pytest.raises(example.KernelValueError, match=rf"^rmsnorm_bf16\(\): `block` {most + 1} has {most + 1} threads"):
        _rmsnorm(example, 3, 100, most + 1, rng)
    with pytest.raises(example.KernelValueError, match=rf"`block` \({most + 1},\) has {most + 1} threads"):
        example.rmsnorm_bf16(1e-6, BFloat16(to_bf16(np.ones(8))), BFloat16(to_bf16(np.ones(8))),
                             BFloat16(np.zeros(8, np.uint16)), np.zeros(1, np.float32), block=(most + 1,))


@needs_emulation
def test_a_light_kernel_takes_blocks_of_1024(example: ModuleType) -> None:
    for arch, limit in example._module.kernel("saxpy").spec.block_limits.items():
        assert limit.max_threads == 1024, arch
    y = np.zeros(3000, np.float32)
    example.saxpy(2.0, np.ones(3000, np.float32), y, block=1024)
    assert (y == 2.0).all()


@needs_emulation
def test_a_manifests_limit_is_what_emulation_obeys(example: ModuleType) -> None:
    """A manifest whose `block_limits` say less is obeyed as written (the build computes them;
    the run time reads them): saxpy limited to 96 threads on sm_86 refuses 128."""
    kernel = example._module.kernel("saxpy")
    original = kernel.spec
    limits = dict(original.block_limits)
    limits["sm_86"] = manifest().BlockLimit(96, 168)
    kernel.spec = dataclasses.replace(original, block_limits=limits)
    try:
        with pytest.raises(example.KernelValueError, match=r"^saxpy\(\): `block` 128 has 128 threads, over the 96 this "
                           r"kernel allows per block on sm_86 \(the arch of this build that allows the fewest\), where it "
                           r"uses 168 registers per thread"):
            example.saxpy(2.0, np.ones(300, np.float32), np.zeros(300, np.float32), block=128)
        example.saxpy(2.0, np.ones(300, np.float32), np.zeros(300, np.float32), block=96)
    finally:
        kernel.spec = original


# ---------------------------------------------------------------- the fixes the message names


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example's norm.rs with the two fixes: `#[launch_bounds(1000)]` on rmsnorm_bf16 and
    `#[max_registers(64)]` on layernorm (both use more than 64 registers without them; norm.rs
    caps layernorm itself now)."""
    source = (EXAMPLE / "kernels" / "norm.rs").read_text()
    source, bounded = re.subn(r"(?m)^(\s*)pub fn rmsnorm_bf16\(", r"\1#[launch_bounds(1000)]\n\1pub fn rmsnorm_bf16(",
                              source)
    capped = len(re.findall(r"(?m)^\s*#\[max_registers\(64\)\]\n\s*#\[whole_warps\]\n\s*pub fn layernorm\(", source))
    assert bounded == capped == 1
    yield from emulated(tmp_path_factory.mktemp("capped"), "cappedproj", {**example_kernel_files("norm.rs"), "norm.rs": source},
                        archs=("sm_80", "sm_90"))


@needs_emulation
def test_the_fixes_the_message_names_make_the_block_fit(capped: ModuleType, example: ModuleType) -> None:
    for arch in ("sm_80", "sm_90"):
        before = example._module.kernel("rmsnorm_bf16").spec.block_limits[arch]
        bounded = capped._module.kernel("rmsnorm_bf16").spec.block_limits[arch]
        if arch == "sm_80":  # sm_90's takes 64 registers: 1,024 threads fit uncapped
            assert before.max_threads < 1000 and before.registers > 64
        assert bounded.max_threads == 1000 and bounded.registers <= 64, (arch, bounded)  # its launch bounds now
        layernorm = capped._module.kernel("layernorm").spec.block_limits[arch]
        assert layernorm.max_threads == 1024 and layernorm.registers <= 64, (arch, layernorm)
    rng = np.random.default_rng(5)
    _check_rmsnorm(*_rmsnorm(capped, 2, 4097, 1000, rng), 2)
    rows, c = 40, 768
    x = rng.standard_normal((rows, c)).astype(np.float32)
    w, b = rng.standard_normal(c).astype(np.float32), rng.standard_normal(c).astype(np.float32)
    out, mean, rstd = np.full_like(x, np.nan), np.full(rows, np.nan, np.float32), np.full(rows, np.nan, np.float32)
    capped.layernorm(x, w, b, out, mean, rstd, block=1024)  # not 1000: `#[whole_warps]` (blocks of whole warps only)
    np.testing.assert_allclose(mean, x.astype(np.float64).mean(1), rtol=1e-5, atol=1e-5)
    with pytest.raises(capped.KernelValueError, match=r"^rmsnorm_bf16\(\): `block` 1001 has 1001 threads, over the "
                       r"kernel's #\[launch_bounds\(1000\)\]; pass a block of at most 1000 threads$"):
        _rmsnorm(capped, 2, 100, 1001, rng)
