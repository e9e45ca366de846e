"""GPU tests: the single-pass prefix sum (`cumsum_f32`, `cumsum_i32`, `cumsum_u32` in the example's
kernels/scan.rs) against torch.cumsum.

One launch per scan: tiles of `block · 32` elements drawn in launch order from a counter in the
caller's state buffer, decoupled look-back over the earlier tiles (docs/device-library.md,
"Prefix sums in one pass"). Checked at sizes up to 2^26, at the recommended launch
(`threads = ceil(n / 32)`, block 256), the default launch (one thread per element: 32x the blocks
needed, the extra ones draw no tile), partial-warp blocks, and with one state reused across
launches of different sizes without zeroing (its generations make stale flags invisible), and views
that start off a 16-byte boundary (a warp's runs then move one thread at a time, not as one).

The example's scan reads each tile twice (`TileItems::load` after the publish), the second time from
the warp's staging buffer in shared memory where its first load left the runs there. The kernels of
tests/packages/scanstage (built by scripts/gpu-artifacts.sh into .artifacts/gpu/scanstage, or the
folder `OXPACK_SCANSTAGE_SITE` names) put something else in that buffer first: another input, or
the tile's own output; the second read must still give `x`.

The emulated twins, including a stale or garbage state refused, are in tests/test_emulation.py and
example-project/tests/test_emulated.py. Run where the GPU is, after installing the example's wheel:
python -m pytest tests/test_gpu_scan.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import GPU_ARTIFACTS, REPO, build_problems, gpu_import, import_from, require_example

pytestmark = pytest.mark.gpu

torch = gpu_import("torch", "these tests compare with PyTorch (install a CUDA build to run them)", optional=True)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is

ITEMS = 32  # elements per thread in kernels/scan.rs


def state(n: int, block: int = 256) -> Any:
    """A zeroed state of 2 + 3 · ceil(n / tile) words, and at least what the kernel's `where` asks."""
    words = max(2 + 3 * -(-n // (block * ITEMS)), 3 * (n // 2048) + 5)
    return torch.zeros(words, dtype=torch.uint64, device="cuda")


def integer_floats(n: int, seed: int) -> Any:
    """Integer values in [-8, 8] as float32: every partial sum is an integer of magnitude below 2^24 at
    these sizes (asserted), so exact in float32 whatever the order of the additions: the scan must
    equal torch.cumsum bit for bit, and a misplaced or doubled element or tile cannot hide in a tolerance."""
    g = torch.Generator(device="cuda").manual_seed(seed)
    x = torch.randint(-8, 9, (n,), device="cuda", generator=g).to(torch.float32)
    assert n == 0 or float(x.double().cumsum(0).abs().max()) < 2**24
    return x


@pytest.mark.parametrize("n", [1, 255, 256 * 8 + 1, 10**6 + 3, 2**24 + 1, 2**26])
def test_cumsum_f32_equals_torch_on_exact_data(n: int) -> None:
    x = integer_floats(n, n)
    out = torch.full_like(x, float("nan"))
    kernels.cumsum_f32(x, state(n), out)
    assert torch.equal(out, torch.cumsum(x, 0))


def test_cumsum_f32_within_float32_rounding_at_2_26() -> None:
    n = 2**26
    g = torch.Generator(device="cuda").manual_seed(3)
    x = torch.randn(n, device="cuda", generator=g)
    out = torch.empty_like(x)
    kernels.cumsum_f32(x, state(n), out)
    # Each output is at most m = 50 + 2·tiles roundings deep (its thread's 32 serial additions, the
    # warp's, block's and a look-back step's trees, about two per tile of look-back; zeros add
    # exactly), so its error is at most u·m·Σ|x| to first order, u = 2^-24. Loose, never flaky;
    # the exact test above is the sharp one.
    bound = 2.0**-24 * (50 + 2 * (n // 2048)) * x.double().abs().cumsum(0)
    assert bool(((out.double() - x.double().cumsum(0)).abs() <= bound).all())


@pytest.mark.parametrize("block", [1, 7, 33, 100, 256])  # at most 256: #[launch_bounds(256, 3)]
def test_cumsum_f32_at_partial_warp_blocks(block: int) -> None:
    n = 300_017
    x = integer_floats(n, block)
    out = torch.full_like(x, float("nan"))
    kernels.cumsum_f32(x, state(n, block), out, block=block)
    assert torch.equal(out, torch.cumsum(x, 0))


@pytest.mark.parametrize(("x_offset", "out_offset"), [(1, 1), (4, 4), (1, 4), (4, 2)])
def test_cumsum_f32_on_views_that_start_off_a_16_byte_boundary(x_offset: int, out_offset: int) -> None:
    # Views `offset` floats into their buffers. At 4 every thread's run of 32 starts on a 16-byte
    # boundary, so a warp's 32 runs move as one (coalesced 16-byte units through shared memory); at
    # 1 or 2 none does, and each thread loads or stores its own elements one at a time. Every mix of
    # the two paths (the load's and the store's are chosen apart), bit for bit; the size cuts the
    # last tile inside a warp.
    n = 300_017
    x = integer_floats(n + x_offset, x_offset)[x_offset:]
    assert float(x.double().cumsum(0).abs().max()) < 2**24
    out = torch.full((n + out_offset,), float("nan"), device="cuda")[out_offset:]
    kernels.cumsum_f32(x, state(n), out)
    assert torch.equal(out, torch.cumsum(x, 0))


def test_the_declared_launch_and_a_small_grid_cover_every_element() -> None:
    # the declared launch (a thread per 32 elements, cut to the blocks the GPU holds at once), one
    # thread per element (32x the blocks needed: the extra blocks draw no tile) and 4 blocks that take
    # tiles until the counter runs out; the last two go past the declaration, through the run time's
    # general path
    n = 1_000_003
    x = integer_floats(n, 7)
    ref = torch.cumsum(x, 0)
    s = state(n)
    for threads in (None, n, 4 * 256):
        out = torch.full_like(x, float("nan"))
        if threads is None:
            kernels.cumsum_f32(x, s, out)
        else:
            kernels._module.kernel("cumsum_f32")((x, s, out), None, threads, None)
        assert torch.equal(out, ref), threads


def test_one_state_reused_across_sizes_without_zeroing() -> None:
    # A large scan leaves published flags in every tile; smaller scans then use only the first tiles,
    # and a large one again meets the first's flags past them: each launch's generation differs, so
    # none is read as published. Launched back to back on one stream, synchronised only at the end.
    s = state(2**22)
    sizes = [2**22, 5000, 1, 2**22 - 3, 2049, 2**22, 0, 2**21 + 5] * 3
    xs = [integer_floats(n, i) for i, n in enumerate(sizes)]
    outs = [torch.full_like(x, float("nan")) for x in xs]
    for x, out in zip(xs, outs):
        kernels.cumsum_f32(x, s, out)
    torch.cuda.synchronize()
    for n, x, out in zip(sizes, xs, outs):
        assert torch.equal(out, torch.cumsum(x, 0)), n
    assert s.view(torch.int64)[0].item() == 0, "the counter is back at 0 after every launch"


def test_cumsum_int32_and_uint32_wrap_bit_for_bit() -> None:
    n = 3_000_001
    rng = np.random.default_rng(5)
    xi = rng.integers(-(2**31), 2**31, n, dtype=np.int32)
    out = torch.zeros(n, dtype=torch.int32, device="cuda")
    kernels.cumsum_i32(torch.from_numpy(xi).cuda(), state(n), out)
    assert np.array_equal(out.cpu().numpy(), np.cumsum(xi, dtype=np.int32))
    xu = rng.integers(0, 2**32, n, dtype=np.uint32)
    xt = torch.from_numpy(xu.view(np.int32)).cuda().view(torch.uint32)
    outu = torch.zeros(n, dtype=torch.int32, device="cuda").view(torch.uint32)
    kernels.cumsum_u32(xt, state(n), outu)
    assert np.array_equal(outu.view(torch.int32).cpu().numpy().view(np.uint32), np.cumsum(xu, dtype=np.uint32))


STAGE_SITE = Path(os.environ.get("OXPACK_SCANSTAGE_SITE", REPO / ".artifacts" / "gpu" / "scanstage"))
STAGE_PROJECT = REPO / "tests" / "packages" / "scanstage"


@pytest.fixture(scope="module")
def stage() -> Any:
    """tests/packages/scanstage's kernels, built from this checkout (else the test fails, not skips)."""
    module_file = STAGE_SITE / "scanstage" / "kernels.py"
    problems = build_problems(module_file, STAGE_PROJECT) if module_file.is_file() else [f"{module_file} is missing"]
    if problems:
        pytest.fail(f"scanstage at {STAGE_SITE}: {'; '.join(problems)}; {GPU_ARTIFACTS}", pytrace=False)
    return import_from(STAGE_SITE, "scanstage.kernels")


@pytest.mark.parametrize("offset", [0, 1])  # 1: every run off a 16-byte boundary (no staging at all)
@pytest.mark.parametrize("n", [1, 1000, 8192 * 3 + 5, 10**6 + 3, 2**24])
def test_a_tiles_second_read_gives_x_whatever_the_staging_buffer_held(stage: Any, n: int, offset: int) -> None:
    # `after_another_input` stages y over x before the second read of x, `after_a_write` the tile's own
    # output (-1s): a second read that took the buffer's bytes would give cumsum(x + 2y) or sums of -1s
    xs, ys = integer_floats(n + offset, n), integer_floats(n + offset, n + 1) * 0.5
    x, y = xs[offset:], ys[offset:]
    s = state(n)
    for name, args, ref in (("plain", (x,), torch.cumsum(x, 0)),
                            ("after_another_input", (x, y), torch.cumsum(x + y, 0)),
                            ("after_a_write", (x,), torch.cumsum(x, 0))):
        out = torch.full_like(x, float("nan"))
        getattr(stage, name)(*args, s, out)
        assert torch.equal(out, ref), (name, n, offset)


@pytest.mark.parametrize("n", [2**22, 10**6 + 3])
def test_a_scan_launches_at_most_the_blocks_the_gpu_holds_at_once(stage: Any, n: int) -> None:
    # Every output of `blocks_launched` is drawn tile by tile (`ScanTiles`), so the run time cuts its
    # launch to the blocks the GPU runs at once (multiprocessors x the driver's occupancy): a block
    # past those would start once the tiles had run out and draw nothing. Each element reports
    # gridDim.x, the grid that ran. Its twin has one more output split among the launch's threads:
    # its grid is the call's, whole. Calls: the default (one thread per element: n / 256 blocks, past
    # the cut at both sizes), the documented ceil(n / 32) (past it at 2^22, below it at 10^6 + 3), and a
    # grid of 5 blocks (below it).
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    x = torch.zeros(n, dtype=torch.int32, device="cuda").view(torch.uint32)
    s = state(n)
    cut = None
    for threads in (None, -(-n // ITEMS), 5 * 256):
        asked = -(-(n if threads is None else threads) // 256)
        out = torch.zeros(n, dtype=torch.int32, device="cuda")
        stage.blocks_launched(x, s, out.view(torch.uint32), threads=threads, block=256)
        ran = out.unique().tolist()
        assert len(ran) == 1, (threads, ran[:8])  # every element written, by one launch
        if cut is None:  # the default's: a whole number of blocks an SM (3 here: 80 registers, launch_bounds(256, 3))
            cut = ran[0]
            assert cut < asked and cut % sms == 0 and 1 <= cut // sms <= 2048 // 256, (asked, cut, sms)
        assert ran[0] == min(asked, cut), (threads, asked, ran, cut)
        out2, blocks = torch.zeros(n, dtype=torch.int32, device="cuda"), torch.zeros(n, dtype=torch.int32, device="cuda")
        stage.blocks_launched_and_split(x, s, out2.view(torch.uint32), blocks.view(torch.uint32), threads=threads,
                                        block=256)
        ran = min(n, asked * 256)  # `blocks` has one element a launch index: those past the grid's threads stay 0
        assert out2.unique().tolist() == [asked] and blocks[:ran].unique().tolist() == [asked], (threads, asked)
        assert not blocks[ran:].any(), threads
