"""The small-m siblings of the example's `gemm_bf16_nt_bf16` (example-project/kernels/tensor.rs), without a GPU:
`gemm_bf16_nt_bf16_64x64` (TMA + `wgmma` m64n64k16, one consumer warpgroup, 12 stages),
`gemm_bf16_nt_bf16_128x128` (m64n128k16 on two consumer warpgroups, 6 stages) and `gemm_bf16_nt_bf16_splitk`
(the 64 × 64 pipeline over half of k per block, two blocks per tile, `SplitTiles`), which the tuning of
`gemm_bf16_nt_bf16` weighs (`#[tune(kernels = [...])]`): at m = 16, 64 or 512 with n = 4096 its own 128 × 256
tiles make 16 or 64 blocks for the H100's and H200's 132 multiprocessors.

- **Split-K** in emulation: each output is the two slices' f32 sums added in slice order, bit for bit, at ragged
  shapes and slices of unequal length (and of none); the workspace is no argument and is new for each call. A
  probe kernel that takes its workspace from the caller attacks `SplitTiles`: a short workspace, counters not at
  zero (one writer still, then a trap).

- **Emulation** runs their sm_90a bodies (`OXPACK_EMULATE_ARCH=sm_90a`, set on the module) at ragged small
  shapes: m = 1, 16, 63, 64, 65, 300 and 512, n and k no multiple of a tile (k a multiple of 8, the TMA's
  16-byte rows), k deep enough to take each stage ring round more than once. The emulated `wgmma` sums the
  exact bf16 products in f32 in k order, so each output is that sum rounded to bf16, bit for bit, and within
  one bf16 rounding and the f32 sum's error of the float64 product. Outputs start as NaN: an element no
  warpgroup wrote fails.
- **The tuned call**: a pin (`OXPACK_TUNE=gemm_bf16_nt_bf16:kernel=N`) runs the sibling in the call's place,
  while emulating as on the GPU; the siblings are `#[only_on(sm_90a)]`, so in emulation of the portable
  bodies the pinned call is refused in one line, and a direct call of a sibling too.
- **Machine code**, built for sm_80 and sm_90a: each sibling's sm_90a body issues its `wgmma`s (SASS `HGMMA`,
  chained: only a stage's last waits), calls nothing (nvJitLink would serialize every `wgmma`: ptxas C7509)
  and uses no local memory; its portable body holds no sm_90a code. The SASS checks need `cuobjdump`.

The GPU twin against PyTorch: tests/test_gpu_mma.py; the speed: benchmarks/bench_gemm.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from bf16 import BFloat16, f32_in_k_order, to_bf16, widen
from conftest import EXAMPLE, emulated
from machine_code import sass

from oxpack.builder.pipeline import build_project
from oxpack.config import load_config

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)

SIBLINGS = ("gemm_bf16_nt_bf16_64x64", "gemm_bf16_nt_bf16_128x128", "gemm_bf16_nt_bf16_splitk")
FILES = {"tensor.rs": (EXAMPLE / "kernels" / "tensor.rs").read_text(),
         "common/mod.rs": (EXAMPLE / "kernels" / "common" / "mod.rs").read_text()}


@pytest.fixture(scope="module")
def mods(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example's `tensor.rs` built for sm_80 and sm_90a with `emulation = true`, emulating the sm_90a bodies."""
    for module in emulated(tmp_path_factory.mktemp("smallm"), "smallm", FILES, archs=("sm_80", "sm_90a")):
        module._module._emulate_arch = "sm_90a"
        yield module


def run(mods: ModuleType, kernel: str, a: np.ndarray, w: np.ndarray) -> np.ndarray:
    """`kernel` on bf16 bits `a` (m × k) and `w` (n × k): c's bits, NaN where nothing was written."""
    (m, k), n = a.shape, w.shape[0]
    c = np.full((m, n), 0x7FC0, np.uint16)  # NaN
    getattr(mods, kernel)(m, n, k, BFloat16(a), BFloat16(w), BFloat16(c))
    return c


# (m, n, k): m from 1 to 512 on both sides of the tiles' 64 and 128 rows; n ragged for both tiles (72: a 64 × 64
# tile of 8 columns; 130: rows of 260 bytes, whose stores go element by element), k ragged for the 64-deep
# stages; 1600 = 25 stages takes the 12-stage ring round twice and the 6-stage one four times
SHAPES = [(1, 72, 136), (16, 130, 200), (63, 72, 1600), (64, 136, 72), (65, 130, 136), (300, 72, 200),
          (512, 136, 136)]


@pytest.mark.parametrize("kernel", SIBLINGS[:2])
@pytest.mark.parametrize(("m", "n", "k"), SHAPES)
def test_sibling_is_the_f32_sum_rounded_and_near_float64(mods: ModuleType, rng: np.random.Generator, kernel: str,
                                                         m: int, n: int, k: int) -> None:
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = run(mods, kernel, a, w)
    np.testing.assert_array_equal(c, to_bf16(f32_in_k_order(widen(a), widen(w))))
    a64, w64 = widen(a).astype(np.float64), widen(w).astype(np.float64)
    ref, scale = a64 @ w64.T, np.abs(a64) @ np.abs(w64).T
    got = widen(c).astype(np.float64)
    assert np.all(np.abs(got - ref) <= 2.0**-8 * np.abs(ref) + 2 * k * 2.0**-24 * scale)


def f32_in_slices(a: np.ndarray, w: np.ndarray, slices: int) -> np.ndarray:
    """a·wᵀ as the split-K kernel sums it: k cut into 64-deep stages, stage `steps · s / slices ..` for slice `s`,
    each slice summed in f32 in k order from 0, then the slices' sums added in f32 in slice order."""
    k = a.shape[1]
    steps = -(-k // 64)
    total = np.zeros((a.shape[0], w.shape[0]), np.float32)
    for s in range(slices):
        lo, hi = 64 * (steps * s // slices), min(k, 64 * (steps * (s + 1) // slices))
        total += f32_in_k_order(a[:, lo:hi], w[:, lo:hi])  # (an empty slice: zeros)
    return total


# (m, n, k): k of 1 stage (slice 0 has none), 3 and 25 stages (slices of 1 and 2, 12 and 13: unequal), 2 and 4
# (equal); m and n ragged for the 64 × 64 tiles, up to 3 × 3 tiles
SPLIT_SHAPES = [(1, 72, 8), (16, 130, 136), (63, 72, 1600), (64, 136, 72), (65, 130, 200), (130, 64, 136), (300, 72, 200)]


@pytest.mark.parametrize(("m", "n", "k"), SPLIT_SHAPES)
def test_splitk_is_the_slices_f32_sums_added_in_order(mods: ModuleType, rng: np.random.Generator, m: int, n: int,
                                                        k: int) -> None:
    """Each output is the two slices' f32 sums added in slice order, rounded to bf16, bit for bit: the order is
    the kernel's, not the blocks' arrival (the last block reads both partial sums from the workspace), so the
    GPU gives these bits too whichever block of a tile finishes last. And within one bf16 rounding and the f32
    sums' error of the float64 product. Outputs start as NaN: an element no thread wrote fails."""
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = run(mods, "gemm_bf16_nt_bf16_splitk", a, w)
    np.testing.assert_array_equal(c, to_bf16(f32_in_slices(widen(a), widen(w), 2)))
    a64, w64 = widen(a).astype(np.float64), widen(w).astype(np.float64)
    ref, scale = a64 @ w64.T, np.abs(a64) @ np.abs(w64).T
    got = widen(c).astype(np.float64)
    assert np.all(np.abs(got - ref) <= 2.0**-8 * np.abs(ref) + 2 * k * 2.0**-24 * scale)


def test_splitk_takes_no_workspace_from_the_call_and_makes_a_fresh_one(mods: ModuleType,
                                                                       rng: np.random.Generator) -> None:
    """The workspace is no argument: the call of data alone returns `c`, a call with one more array is refused in
    one line, and a second call of the same arrays gives the same bits (its counters start at zero again: a
    workspace kept from the first call would have its counters at 2 and its sums would then be wrong)."""
    import inspect

    assert list(inspect.signature(mods.gemm_bf16_nt_bf16_splitk).parameters)[:6] == ["m", "n", "k", "a", "b", "c"]
    a, w = to_bf16(rng.standard_normal((70, 200))), to_bf16(rng.standard_normal((72, 200)))
    first, second = run(mods, "gemm_bf16_nt_bf16_splitk", a, w), run(mods, "gemm_bf16_nt_bf16_splitk", a, w)
    np.testing.assert_array_equal(first, second)
    np.testing.assert_array_equal(first, to_bf16(f32_in_slices(widen(a), widen(w), 2)))
    with pytest.raises(TypeError):
        mods.gemm_bf16_nt_bf16_splitk(70, 72, 200, BFloat16(a), BFloat16(w), BFloat16(first), BFloat16(first))
    doc = mods.gemm_bf16_nt_bf16_splitk.__doc__
    assert ("workspace = cdiv(m, 64) * cdiv(n, 64) * 128 + cdiv(n, 64) * cdiv(m, 16) * 2048 (uint32 elements, `ws`, "
            "made zeroed for each launch)") in doc


PROBE = """
use oxpack::prelude::*;
use oxpack::mbarrier::{Role, TmaPipeline};
use oxpack::tma::TmaSource;
use oxpack::wgmma::{SplitTiles, WgAccum};

type Pipe = TmaPipeline<4, 64, 64>;

kernel! {
    /// c <- a·bT split in two along k, f32 out, the workspace `ws` the caller's (an attack probe)
    #[launch(grid = cdiv(m, 64) * cdiv(n, 64) * 2, block = 256, shared = {Pipe::SHARED_BYTES / 8})]
    #[launch_bounds(256, 1)]
    pub fn split_probe(m: u32, n: u32, k: u32, a: TmaSource<BF16>, b: TmaSource<BF16>,
                       c: &mut DisjointSlice<f32, SplitTiles<64, 64, 2>> = (n), ws: &[AtomicU32], smem: DynShared<u64>)
    where (len(a) == m * k, len(b) == n * k, len(c) == m * n) {
        let Some(at) = c.split((k as usize).div_ceil(64)) else { return };
        match Pipe::new(smem, at.count()).role() {
            Role::Producer(mut p) => {
                for s in 0..at.count() {
                    p.load(&a, at.row(), &b, at.col(), (at.first() + s) * 64);
                }
            }
            Role::Consumer(mut q) => {
                let mut acc = WgAccum::<64>::zero();
                q.multiply_steps(&mut acc, at.count());
                c.split_store_with(ws, at, &q, &acc, |_, _, v| v);
            }
            Role::Idle => {}
        }
    }
}
"""


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """`SplitTiles` with a workspace the caller passes (not declared): built for sm_90a, emulated."""
    for module in emulated(tmp_path_factory.mktemp("splitprobe"), "splitprobe", {"probe.rs": PROBE},
                           archs=("sm_90a",)):
        module._module._emulate_arch = "sm_90a"
        yield module


def probe_run(probe: ModuleType, a: np.ndarray, w: np.ndarray, ws: np.ndarray) -> np.ndarray:
    (m, k), n = a.shape, w.shape[0]
    c = np.full((m, n), np.nan, np.float32)
    probe.split_probe(m, n, k, BFloat16(a), BFloat16(w), c, ws)
    return c


def workspace_len(m: int, n: int) -> int:
    """`SplitTiles<64, 64, 2>::workspace_len()`: per tile 128 counters, and 2 × 16 × 64 partial sums per 16-row
    band of the output in each column of tiles."""
    return -(-m // 64) * -(-n // 64) * 128 + -(-n // 64) * -(-m // 16) * 2 * 16 * 64


def test_split_tiles_store_f32_sums_in_slice_order(probe: ModuleType, rng: np.random.Generator) -> None:
    """With a zeroed workspace of `workspace_len()` words, each f32 output is slice 0's f32 sum plus slice 1's,
    exactly (3 × 2 tiles of 64 × 64, ragged; k of 5 stages: slices of 2 and 3)."""
    m, n, k = 130, 100, 296
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = probe_run(probe, a, w, np.zeros(workspace_len(m, n), np.uint32))
    np.testing.assert_array_equal(c, f32_in_slices(widen(a), widen(w), 2))


def test_split_tiles_trap_on_a_short_workspace(probe: ModuleType, rng: np.random.Generator) -> None:
    """A workspace one word short of `workspace_len()`: every consumer thread traps before it writes anything."""
    m, n, k = 64, 64, 128
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    c = np.full((m, n), np.nan, np.float32)
    with pytest.raises(probe.KernelTrap, match="SplitTiles: the workspace is shorter than `workspace_len\\(\\)` words"):
        probe.split_probe(m, n, k, BFloat16(a), BFloat16(w), c, np.zeros(workspace_len(m, n) - 1, np.uint32))
    assert np.isnan(c).all()


def test_split_tiles_keep_one_writer_with_counters_not_zero(probe: ModuleType, rng: np.random.Generator) -> None:
    """Counters that start at 1 (a workspace kept from elsewhere, not zeroed): a counter only grows, so one add in
    its life returns S − 1 = 1 and one thread writes each element: here the first to arrive (emulated blocks run
    in order, slice 0 first), before slice 1's partial sum is in, so what it writes is slice 0's sum alone; the
    next add returns 2 and traps. Counters at S or more trap at once, before anything is written."""
    m, n, k = 64, 72, 256
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)))
    said = "SplitTiles: an arrival counter passed S: the workspace was not zeroed, or another launch uses it"
    ws = np.zeros(workspace_len(m, n), np.uint32)
    ws[: 2 * 128] = 1  # the 2 tiles' counters
    c = np.full((m, n), np.nan, np.float32)
    with pytest.raises(probe.KernelTrap, match=said):
        probe.split_probe(m, n, k, BFloat16(a), BFloat16(w), c, ws)
    written = ~np.isnan(c)
    assert written.any()
    np.testing.assert_array_equal(c[written], f32_in_k_order(widen(a)[:, :128], widen(w)[:, :128])[written])
    ws = np.zeros(workspace_len(m, n), np.uint32)
    ws[: 2 * 128] = 2  # a workspace that another launch of S = 2 has used whole
    c = np.full((m, n), np.nan, np.float32)
    with pytest.raises(probe.KernelTrap, match=said):
        probe.split_probe(m, n, k, BFloat16(a), BFloat16(w), c, ws)
    assert np.isnan(c).all()


def test_siblings_refuse_fewer_blocks_than_tiles_before_the_launch(mods: ModuleType) -> None:
    """Their `where` states one block per tile (the device code traps on fewer too): 129 × 64 is 3 tiles of
    64 × 64 and 2 of 128 × 128, each given one block less."""
    a, w, c = np.zeros((129, 64), np.uint16), np.zeros((64, 64), np.uint16), np.zeros((129, 64), np.uint16)
    for kernel, tile, threads, split in (("gemm_bf16_nt_bf16_64x64", 64, (2 * 256, 3 * 256), ""),
                                         ("gemm_bf16_nt_bf16_128x128", 128, (384, 2 * 384), ""),
                                         ("gemm_bf16_nt_bf16_splitk", 64, (5 * 256, 6 * 256), " * 2")):
        with pytest.raises(ValueError) as info:
            getattr(mods, kernel)(129, 64, 64, BFloat16(a), BFloat16(w), BFloat16(c), threads=threads[0])
        assert str(info.value) == (
            f"{kernel}(): `threads={threads[0]}` differs from the kernel's declared launch `grid = cdiv(m, {tile}) * "
            f"cdiv(n, {tile}){split}` (threads={threads[1]} for these arguments); leave `threads` out")


@pytest.mark.parametrize(("shape", "k"), [("flat", 64), ("2-D", 77)])
def test_siblings_refuse_arrays_their_tma_cannot_read(mods: ModuleType, shape: str, k: int) -> None:
    """Flat arrays, or rows that are no multiple of 16 bytes (k = 77): the sm_90a body's TMA sources refuse them,
    and the kernel's own body is `#[only_on(sm_90a)]`'s refusal, in one line, before the launch: nothing written.
    (`gemm_bf16_nt_bf16` runs such arrays itself.)"""
    m, n = 70, 40
    a, w = np.zeros((m, k), np.uint16), np.zeros((n, k), np.uint16)
    if shape == "flat":
        a, w = a.ravel(), w.ravel()
    for kernel in SIBLINGS:
        c = np.full((m, n), 0x7FC0, np.uint16)
        with pytest.raises(mods.LaunchError) as info:
            getattr(mods, kernel)(m, n, k, BFloat16(a), BFloat16(w), BFloat16(c))
        assert str(info.value) == (
            f"{kernel}(): its sm_90a body (`{kernel}_sm90a`) cannot take these arrays, and the kernel runs only on "
            "sm_90a (`#[only_on(sm_90a)]`): pass what that body reads by TMA (2-D, C-contiguous, 16-byte-aligned "
            "base and rows)")
        assert (c == 0x7FC0).all()


PINNED = """
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
from bf16 import BFloat16, to_bf16
from smallm import kernels as k


class Sized(BFloat16):  # with its element count as `size`, as NumPy's and CuPy's arrays: the tuner reads it

    @property
    def size(self):
        return self.bits.size


k.emulation(True)
rng = np.random.default_rng(7)
K = int(sys.argv[3])
a, w = to_bf16(rng.standard_normal((70, K))), to_bf16(rng.standard_normal((72, K)))
c = np.full((70, 72), 0x7FC0, np.uint16)
try:
    k.gemm_bf16_nt_bf16(70, 72, K, Sized(a), Sized(w), Sized(c))
except Exception as exc:
    print(type(exc).__name__, exc)
else:
    wide = lambda x: (x.astype(np.uint32) << 16).view(np.float32)
    acc = np.zeros((70, 72), np.float32)
    for i in range(K):
        acc += np.outer(wide(a)[:, i], wide(w)[:, i])
    halves = np.zeros((70, 72), np.float32)  # the split-K sibling's sum: two halves of k's 64-deep stages
    steps = -(-K // 64)
    for s in range(2):
        part = np.zeros((70, 72), np.float32)
        for i in range(64 * (steps * s // 2), min(K, 64 * (steps * (s + 1) // 2))):
            part += np.outer(wide(a)[:, i], wide(w)[:, i])
        halves += part
    print("ran:", "right" if (c == to_bf16(acc)).all() else "sliced" if (c == to_bf16(halves)).all()
          else "wrong")
"""


@pytest.mark.parametrize(("pin", "arch", "said", "k"), [
    ("gemm_bf16_nt_bf16:kernel=1", "sm_90a", "ran: right", 136),
    # rows of 77 values (not whole 16 bytes): the sibling's TMA refuses them before its launch, and the kernel
    # itself takes the call (a choice is kept per size bucket: k = 77 shares k = 80's)
    ("gemm_bf16_nt_bf16:kernel=1", "sm_90a", "ran: right", 77),
    ("gemm_bf16_nt_bf16:kernel=2", "sm_90a", "ran: right", 77),
    ("gemm_bf16_nt_bf16:kernel=2", "sm_90a", "ran: right", 136),
    ("gemm_bf16_nt_bf16:kernel=0", "sm_90a", "ran: right", 136),
    ("gemm_bf16_nt_bf16:kernel=0", "", "ran: right", 136),
    ("gemm_bf16_nt_bf16:kernel=1", "", "LaunchError gemm_bf16_nt_bf16_64x64(): this kernel runs on sm_90a only", 136),
    ("gemm_bf16_nt_bf16:kernel=2", "", "LaunchError gemm_bf16_nt_bf16_128x128(): this kernel runs on sm_90a only",
     136),
    ("gemm_bf16_nt_bf16:kernel=3", "sm_90a", "ran: sliced", 136),
    ("gemm_bf16_nt_bf16:kernel=3", "sm_90a", "ran: right", 77),  # refused by its TMA: the kernel itself runs
    ("gemm_bf16_nt_bf16:kernel=3", "", "LaunchError gemm_bf16_nt_bf16_splitk(): this kernel runs on sm_90a only",
     136),
    ("gemm_bf16_nt_bf16:kernel=4", "sm_90a", "TuningError OXPACK_TUNE pins kernel `gemm_bf16_nt_bf16` to `kernel=4`, "
                                             "not one of its candidates: `kernel=0`, `kernel=1`, `kernel=2`, "
                                             "`kernel=3`;", 136),
])
def test_a_pin_runs_the_sibling_in_the_calls_place(mods: ModuleType, pin: str, arch: str, said: str, k: int) -> None:
    """`gemm_bf16_nt_bf16` with a sibling pinned runs it with the call's arguments into the call's `c`: in
    emulation of the sm_90a bodies the right product; in emulation of the portable bodies the sibling's refusal
    (`#[only_on(sm_90a)]`), which shows that the sibling took the call. `kernel=0` is the kernel itself. Arrays
    the sibling refuses before its launch (rows its TMA cannot read) run the kernel itself."""
    out = Path(mods.__file__).parent.parent
    env = {**os.environ, "OXPACK_TUNE": pin, "OXPACK_EMULATE": "1", "OXPACK_EMULATE_ARCH": arch}
    if not arch:
        del env["OXPACK_EMULATE_ARCH"]
    proc = subprocess.run([sys.executable, "-c", PINNED, str(out), str(Path(__file__).parent), str(k)], capture_output=True,
                          text=True, check=False, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().startswith(said), proc.stdout
    assert "\n" not in proc.stdout.strip()


def test_siblings_that_refuse_the_arch_are_no_tuning_candidates(mods: ModuleType) -> None:
    """The tuned call times (and reads from the tuning cache) only the kernels that run on the code its device
    runs: each sibling is `#[only_on(sm_90a)]`, so where the portable bodies run (an older GPU, or
    ``OXPACK_ARCH=sm_80`` on an sm_90a one) the kernel itself is the only candidate, and a choice stored by an
    sm_90a process is not read (it was, and the call raised the sibling's refusal). `refuses_arch` is that test,
    without a launch; a pin still runs the sibling it names (`test_a_pin_runs_the_sibling_in_the_calls_place`)."""
    module = mods._module
    a = BFloat16(np.zeros((4, 64), np.uint16))
    args = (4, 4, 64, a, a, BFloat16(np.zeros((4, 4), np.uint16)))
    kernel = module.kernel("gemm_bf16_nt_bf16")
    try:
        for arch, refused in (("sm_90a", False), (None, True)):
            module._emulate_arch = arch
            assert not kernel.refuses_arch(args)  # the kernel itself runs everywhere
            for name in SIBLINGS:
                assert module.kernel(name).refuses_arch(args) is refused, (arch, name)
    finally:
        module._emulate_arch = "sm_90a"


# ---------------------------------------------------------------- machine code


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> object:
    """tensor.rs built for sm_80 and sm_90a (no emulation): the crate's PTX, cubins and ptxas logs."""
    root = tmp_path_factory.mktemp("smallm_code")
    (root / "src" / "smallmcode").mkdir(parents=True)
    (root / "src" / "smallmcode" / "__init__.py").write_text("")
    for file, text in FILES.items():
        (root / "kernels" / file).parent.mkdir(parents=True, exist_ok=True)
        (root / "kernels" / file).write_text(text)
    (root / "pyproject.toml").write_text('[project]\nname = "smallmcode"\nversion = "0.1.0"\n\n[tool.oxpack]\n'
                                         'kernels = ["kernels/tensor.rs"]\narchs = ["sm_80", "sm_90a"]\nptx = "none"\n')
    (crate,) = build_project(load_config(root, {}, env={})).crates
    return crate


WGMMA = {"gemm_bf16_nt_bf16_64x64": ("m64n64k16", "64x64x16"), "gemm_bf16_nt_bf16_128x128": ("m64n128k16", "64x128x16"),
         "gemm_bf16_nt_bf16_splitk": ("m64n64k16", "64x64x16")}


def _entry(text: str, start: str, name: str) -> str:
    """Kernel `name`'s part of `text` (PTX or SASS): from `start % name` to the next kernel's start."""
    at = text.index(start % name)
    ends = [i for i in (text.find(start.split("%s")[0], at + 1),) if i > 0]
    return text[at:(ends[0] if ends else len(text))]


def test_sm90a_bodies_issue_their_wgmma_with_no_call_and_no_local_memory(built: object) -> None:
    ptx = built.ptx["sm_90a"]  # type: ignore[attr-defined]
    for name, (shape, _) in WGMMA.items():
        code = _entry(ptx, ".entry %s(", name)
        assert code.count(f"wgmma.mma_async.sync.aligned.{shape}.f32.bf16.bf16") % 4 == 0, name  # 4 × k16 a stage
        assert f"wgmma.mma_async.sync.aligned.{shape}" in code, name
        # the one-block-per-tile siblings store through the staging area; the split-K one stores each
        # thread's own sums after its arrival (an atomic add on its counter between two device fences)
        if name.endswith("splitk"):
            assert "stmatrix" not in code and "atom.global.add.u32" in code and code.count("fence.sc.gpu") == 2, name
        else:
            assert "stmatrix" in code, name
        assert ".local" not in code and "cp.async.bulk.tensor" in code, name
        assert not re.search(r"\bcall", re.sub(r"//[^\n]*", "", code)), name  # a call serializes every wgmma
        res = built.resources["sm_90a"][name]  # type: ignore[attr-defined]
        assert res["spills"] == 0 and res["stack"] == 0, (name, res)
    for name in ("gemm_bf16_nt_bf16_64x64", "gemm_bf16_nt_bf16_splitk"):  # one consumer warpgroup: none
        assert "setmaxnreg" not in _entry(ptx, ".entry %s(", name)
    assert "C7509" not in built.info_logs["sm_90a"], built.info_logs["sm_90a"]  # type: ignore[attr-defined]


def test_portable_bodies_hold_no_wgmma_and_trap(built: object) -> None:
    ptx = built.ptx["sm_80"]  # type: ignore[attr-defined]
    for name in SIBLINGS:
        code = _entry(ptx, ".entry %s(", name)
        assert "wgmma" not in code and "trap" in code, name


def test_sass_has_hgmma_chained_and_no_local_memory(built: object, tmp_path: Path) -> None:
    listing = sass(built.cubins["sm_90a"], tmp_path, "tensor.sm_90a.cubin")  # type: ignore[attr-defined]
    for name, (_, shape) in WGMMA.items():
        code = _entry(listing, "Function : %s\n", name)
        gmma = re.findall(rf"HGMMA\.{shape}\.F32\.BF16[^;]*;", code)
        assert len(gmma) >= 4, (name, gmma)
        assert [("gsb0" in g) for g in gmma[:4]] == [False, False, False, True], (name, gmma)  # a stage, chained
        assert not re.search(r"\b(LDL|STL)\b", code), name
