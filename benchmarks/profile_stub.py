"""Where a checked stub call spends host time (run on the GPU machine with the vecmath wheel).

    python benchmarks/profile_stub.py                       # vecmath installed (or on PYTHONPATH)
    python benchmarks/profile_stub.py layernorm sum         # only these kernels

For each kernel (by default those with 2 to 6 arrays that `bench_call_forms.py` found
slowest), with the call and launch shape `bench_call_forms.py` gives it: the generated fast
path with its recorded launch replaced by a no-op (the checks alone), the stub around it
(no-op launch too), the direct launch alone (the driver's `cuLaunchKernelEx` with the fast
path's parameter block) and a raw `cuda.core.launch`, with CuPy arrays and PyTorch tensors.
Then the cost of each read the fast path makes of one CuPy array and one PyTorch tensor on
the device, and of the calls it makes once per call. Best of 5 rounds, µs per call.
"""

from __future__ import annotations

import sys
import timeit
from collections.abc import Callable
from typing import Any

import cupy as cp
import torch
from bench_call_forms import CALLS, arguments, direct_launcher, given, raw_launcher

try:
    from cuda.core import Device
except ImportError:  # cuda.core 0.x
    from cuda.core.experimental import Device

from vecmath import kernels

KERNELS = ("saxpy", "sum", "min_max", "residual_add", "rmsnorm_bf16", "layernorm")


def cost(fn: Callable[[], object], number: int = 20000) -> float:
    """Best of 5 rounds, µs per call."""
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def launched(name: str, args: tuple[Any, ...], keywords: dict[str, Any]) -> tuple[tuple[Any, ...], Any, Any]:
    """What the stub hands its fast path for a call of `args` and `keywords`: the full arguments (a
    declared dynamic shared memory put in), threads and block (a declared launch computed)."""
    return kernels._module.kernel(name).resolve(args, keywords.get("threads"), keywords.get("block"))


def checks_alone(name: str, args: tuple[Any, ...], keywords: dict[str, Any]) -> tuple[float, float]:
    """The fast path, and the stub, with every recorded launch of `name` a no-op."""
    entries = kernels._module.state(name).entries
    fast, stub = getattr(kernels, f"_fast_{name}"), getattr(kernels, name)
    full, threads, block = launched(name, args, keywords)
    saved = dict(entries)
    for key, entry in saved.items():
        entries[key] = (lambda *a: 0, *entry[1:])
    try:
        assert fast(*full, None, threads, block), f"{name}: the fast path did not take the call"
        return (cost(lambda: fast(*full, None, threads, block)),
                cost(lambda: stub(*args, **keywords)))
    finally:
        entries.update(saved)


def main() -> int:
    dev = Device(0)
    dev.set_current()
    legacy = dev.default_stream
    names = sys.argv[1:] or KERNELS
    print("| kernel | library | fast path, no-op launch | stub, no-op launch | direct launch | raw `cuda.core.launch` |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in names:
        spec, threads, block = CALLS[name]
        stub = getattr(kernels, name)
        keywords = given(name, threads, block)  # what the kernel's `#[launch]` leaves to the call
        for label, args in zip(("CuPy", "PyTorch"), arguments(spec), strict=True):
            if args is None:
                continue
            stub(*args, **keywords)  # the general path: loads, checks, launches, records
            fast = getattr(kernels, f"_fast_{name}")
            full, t, b = launched(name, args, keywords)
            direct = direct_launcher(name, fast, full, t, b)
            raw = raw_launcher(name, full, t, b, legacy)
            checks, around = checks_alone(name, args, keywords)
            cells = [f"{checks:.3f}", f"{around:.3f}", f"{cost(direct):.3f}" if direct else "—", f"{cost(raw):.3f}"]
            print(f"| `{name}` | {label} | " + " | ".join(cells) + " |")
    cp.cuda.Device(0).synchronize()

    x = cp.ones(1024, dtype=cp.float32)
    t = torch.ones(1024, device="cuda:0")
    hooks = sys.modules["vecmath._oxpack.runtime"]._hooks
    f32 = cp.dtype("<f4")
    reads: dict[str, Callable[[], object]] = {
        "CuPy x.data": lambda: x.data,
        "CuPy x.data.ptr": lambda: x.data.ptr,
        "CuPy x.size": lambda: x.size,
        "CuPy x.dtype is f32": lambda: x.dtype is f32,
        "CuPy x._c_contiguous": lambda: x._c_contiguous,
        "CuPy get_current_stream().ptr (once a call)": lambda: hooks.cupy_current_stream().ptr,
        "torch t.dtype": lambda: t.dtype,
        "torch t.is_cuda": lambda: t.is_cuda,
        "torch t.requires_grad": lambda: t.requires_grad,
        "torch t.is_contiguous()": lambda: t.is_contiguous(),
        "torch t.data_ptr()": lambda: t.data_ptr(),
        "torch t.numel()": lambda: t.numel(),
        "torch _cuda_getCurrentRawStream(0) (once a call)": lambda: hooks.torch_raw_stream(0),
        "a lambda that does nothing (subtract it)": lambda: None,
    }
    print("\n| read | µs |\n| --- | --- |")
    for label, fn in reads.items():
        print(f"| {label} | {cost(fn, 100000):.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
