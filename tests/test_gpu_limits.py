"""GPU tests: a block of more threads than a kernel's registers allow is refused before launch.

`rmsnorm_bf16` (example-project/kernels/norm.rs) used 97 registers a thread on sm_90 when this
was found (64 now; `layernorm` took 70–72, 64 now;
`sgemm` takes over 64), so a block had room for 512 of
its threads; at block 1000 the driver used to
refuse the launch with cuda.core's raw CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES traceback. Now the
stub refuses it first, in one line, through the general path and the fast path alike, and the
largest block allowed runs.
The build records each kernel's limit per arch (`block_limits` in the manifest, computed from
the cubins' register counts by CUDA's occupancy rules), which emulation obeys: here it must be
exactly what the driver says (``CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK``) for every example
kernel on this GPU. The emulated twins are in tests/test_block_limits.py. Run with the example's
wheel built from this checkout (`bash scripts/gpu-artifacts.sh`, then `bash scripts/gpu-tests.sh`).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()


def _core() -> Any:
    core = importlib.import_module("cuda.core")
    return core if hasattr(core, "launch") else importlib.import_module("cuda.core.experimental")


def _arch() -> str:
    return f"sm_{cp.cuda.Device(0).compute_capability}"  # "90" on the H200


def _model() -> Any:
    """The package's own manifest model (`_oxpack/_manifest.py`: `registers_for`, ...)."""
    return importlib.import_module(f"{kernels.__package__}._oxpack._manifest")


def _spec(name: str) -> Any:
    return kernels._module.kernel(name).spec


def _driver_says(name: str) -> tuple[int, int]:
    """(max threads per block, registers per thread) of kernel `name` on device 0, as the driver
    gives them to cuda.core, read from the package's fatbin here (not through the stubs)."""
    core = _core()
    core.Device(0).set_current()
    spec = _spec(name)
    fatbin = Path(kernels.__file__).parent / "_oxpack" / f"{spec.crate}.fatbin"
    function = core.ObjectCode.from_fatbin(fatbin.read_bytes()).get_kernel(spec.symbol)
    values = []
    for attribute in ("max_threads_per_block", "num_regs"):
        value = getattr(function.attributes, attribute)
        values.append(int(value(0) if callable(value) else value))  # a method taking the device in cuda.core 0.x
    return values[0], values[1]


def _limit(name: str) -> Any:
    arch = _arch()
    limits = _spec(name).block_limits
    if f"{arch}a" in limits:  # the driver loads the fatbin's `a` cubin for its GPU first (the sm_90a variants)
        arch = f"{arch}a"
    if arch not in limits:
        pytest.skip(f"the example has no cubin for this GPU ({arch}); its limits are the build's archs'")
    return limits[arch]


def test_the_manifests_limit_is_the_drivers_for_every_example_kernel() -> None:
    wrong = {}
    for name in sorted(kernels._module.kernels):
        recorded, (driver, _) = _limit(name).max_threads, _driver_says(name)
        if recorded != driver:
            wrong[name] = (recorded, driver)
    assert not wrong, f"kernel: (the manifest's max threads per block for {_arch()}, the driver's): {wrong}"
    # the case this was found by (rmsnorm_bf16; on sm_90 it takes 64 registers now,
    # and fits 1,024 threads, as layernorm does at 64; sgemm, over 64, does not)
    assert min(_limit("rmsnorm_bf16").max_threads, _limit("sgemm").max_threads) < 1000


def test_the_manifests_registers_are_the_drivers() -> None:
    """The build reads each kernel's registers from its cubin (EIATTR_REGCOUNT, which counts the
    functions it calls too); the driver must allocate by the same count."""
    wrong = {name: (_limit(name).registers, _driver_says(name)[1]) for name in sorted(kernels._module.kernels)
             if _limit(name).registers != _driver_says(name)[1]}
    assert not wrong, f"kernel: (the manifest's registers for {_arch()}, the driver's): {wrong}"


def _refusal(name: str, block: int | tuple[int, ...], source: str) -> str:
    limit = _limit(name)
    threads = block if isinstance(block, int) else int(np.prod(block))
    return (f"{name}(): `block` {block!r} has {threads} threads, over the {limit.max_threads} this kernel allows per "
            f"block on device 0 ({_arch()}), where it uses {limit.registers} registers per thread and a block has "
            f"65536; pass a block of at most {limit.max_threads} threads, or let {threads} threads fit by capping the "
            f"kernel's registers in {source}: #[launch_bounds({threads})] or "
            f"#[max_registers({_model().registers_for(threads)})]")


def test_rmsnorm_bf16_at_block_1000_is_refused_and_its_largest_block_runs() -> None:
    torch = pytest.importorskip("torch")
    most = _limit("rmsnorm_bf16").max_threads
    if most >= 1000:  # sm_90 (64 registers); sm_80–sm_89 still refuse
        pytest.skip(f"rmsnorm_bf16 fits a block of 1000 threads on {_arch()}: the layernorm test refuses one")
    rows, c = 4, 4097
    g = torch.Generator(device="cuda").manual_seed(11)
    x = torch.randn(rows, c, device="cuda", generator=g).to(torch.bfloat16)
    w = torch.randn(c, device="cuda", generator=g).to(torch.bfloat16)
    out = torch.full_like(x, float("nan"))
    rstd = torch.full((rows,), float("nan"), device="cuda")
    # the general path refuses it (twice: a refused call records nothing for the fast path)
    for _ in range(2):
        with pytest.raises(kernels.KernelValueError) as caught:
            kernels.rmsnorm_bf16(1e-6, x, w, out, rstd, block=1000)
        assert str(caught.value) == _refusal("rmsnorm_bf16", 1000, "kernels/norm.rs")
    torch.cuda.synchronize()
    assert out.isnan().all() and rstd.isnan().all()  # nothing ran
    # the largest block allowed runs, through the general path and then the fast path
    for _ in range(2):
        kernels.rmsnorm_bf16(1e-6, x, w, out, rstd, block=most)
    assert kernels._fast_rmsnorm_bf16(1e-6, x, w, out, rstd, None, rows * most, most) is True
    torch.cuda.synchronize()
    xf = x.double()
    ref_rstd = torch.rsqrt(xf.pow(2).mean(1) + 1e-6)
    assert torch.allclose(rstd.double(), ref_rstd, rtol=1e-4)
    assert torch.allclose(out.double(), xf * ref_rstd[:, None] * w.double(), rtol=2**-7, atol=1e-30)
    # with the fast path warm, a block over the limit still reaches the general path's refusal
    assert kernels._fast_rmsnorm_bf16(1e-6, x, w, out, rstd, None, rows * 1000, 1000) is False
    with pytest.raises(kernels.KernelValueError, match=rf"^rmsnorm_bf16\(\): `block` {most + 1} has {most + 1} threads"):
        kernels.rmsnorm_bf16(1e-6, x, w, out, rstd, block=most + 1)


def test_a_2d_block_over_the_registers_is_refused_with_the_message_and_layernorm_runs_at_its_most() -> None:
    # sgemm (over 64 registers) at 32 × 32 threads (past its declared block of 16 × 16, through the run
    # time's general path): refused before launch, the whole message. layernorm, refused at 1024 until it
    # fit 64 registers, runs at its largest block.
    a, product = cp.zeros((64, 64), cp.float32), cp.full((64, 64), cp.nan, cp.float32)
    assert _limit("sgemm").max_threads < 1024
    with pytest.raises(kernels.KernelValueError) as caught:
        kernels._module.kernel("sgemm")((64, 64, 64, a, a, product), None, (8, 8), (32, 32))
    assert str(caught.value) == _refusal("sgemm", (32, 32), "kernels/gemm.rs")
    cp.cuda.Device().synchronize()
    assert bool(cp.isnan(product).all())  # nothing ran
    rows, c = 40, 768
    w = cp.ones(c, cp.float32)
    out, mean, rstd = cp.empty((rows, c), cp.float32), cp.zeros(rows, cp.float32), cp.zeros(rows, cp.float32)
    most = _limit("layernorm").max_threads  # the largest block allowed runs: one warp per row
    x_h = np.random.default_rng(2).standard_normal((rows, c)).astype(np.float32)
    kernels.layernorm(cp.asarray(x_h), w, w, out, mean, rstd, block=most)
    np.testing.assert_allclose(mean.get(), x_h.astype(np.float64).mean(1), rtol=1e-5, atol=1e-5)
