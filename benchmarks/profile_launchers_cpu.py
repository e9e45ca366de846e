"""The generated fast paths' checks on a machine without a GPU: several builds side by side.

    python benchmarks/profile_launchers_cpu.py BUILD [BUILD ...]      # each BUILD holds vecmath/

Needs PyTorch (the CPU build is enough) and the example package built by `oxpack build
example-project --out BUILD` (no GPU needed to build it). Each build's
`vecmath/_oxpack/kernels_launchers.py` is loaded with one change, `.is_cuda` read as
`.is_cpu`, so that CPU tensors pass where CUDA tensors would; the launch is a no-op. Each
launcher is then timed on the arguments `bench_call_forms.py` gives its kernel, the builds
interleaved in rounds, and the best round's thread time (not wall time: other processes on a
shared machine do not count) is printed per call, less the cost of calling a function that
does nothing with the same arguments. What this leaves out: the stub's call into the fast
path, the driver's launch, and the CUDA tensors' own reads, which cost about 3x the CPU
tensors' on an H200 host (`profile_stub.py` there).
"""

from __future__ import annotations

import os
import sys
import time
import timeit
import types
from typing import Any

import torch

N, W = 1024, 32


def f32(n: int = N, dtype: Any = torch.float32) -> Any:
    return torch.ones(n, dtype=dtype)


def bf16(n: int = N) -> Any:
    return torch.ones(n, dtype=torch.bfloat16)


# kernel -> (its launcher, arguments, threads, block, the count of a coarsened kernel or None)
CASES: dict[str, tuple[str, tuple[Any, ...], Any, Any, int | None]] = {
    "saxpy": ("f32_in_f32_out_f32_1d_where_coarse", (0.5, f32(), f32()), N, 256, 1),
    "sum": ("in_f32_atomic_f32_1d_where", (f32(), f32(1)), 256, 256, None),
    "min_max": ("in_i32_atomic_i32x2_1d_where", (f32(dtype=torch.int32), f32(1, torch.int32), f32(1, torch.int32)),
                N, 256, None),
    "residual_add": ("in_f32x2_out_f32_1d_where", (f32(), f32(), f32()), N // 4, 256, None),
    "rmsnorm_bf16": ("f32_in_bf16x2_out_bf16_out_f32_1d_where", (1e-6, bf16(), bf16(W), bf16(), f32(N // W)),
                     N, 32, None),
    "layernorm": ("in_f32x3_out_f32x3_1d_where", (f32(), f32(W), f32(W), f32(), f32(N // W), f32(N // W)),
                  N, 256, None),
}


class _State:
    entries: dict[tuple[object, ...], tuple[Any, ...]]
    opens: dict[tuple[int, ...], tuple[Any, Any]]  # a tuned kernel's settled launches: none here (blocks given)


def main() -> int:
    builds = sys.argv[1:]
    if not builds:
        print(__doc__)
        return 2
    torch._C._cuda_getCurrentRawStream = lambda device: 0  # PyTorch's current stream, as the hooks read it
    sys.path.insert(0, builds[0])
    import vecmath._oxpack.runtime as runtime  # the first build's runtime serves every build's launchers

    runtime._hooks._find_torch(torch)
    runtime._hooks.one_device = True
    modules = []
    for n, build in enumerate(builds):
        path = os.path.join(build, "vecmath", "_oxpack", "kernels_launchers.py")
        with open(path, encoding="utf-8") as file:
            text = file.read().replace(".is_cuda", ".is_cpu")
        module = types.ModuleType(f"vecmath._oxpack.profiled_{n}")
        module.__package__ = "vecmath._oxpack"
        exec(compile(text, path, "exec"), module.__dict__)
        modules.append(module)

    def noop(config: Any, function: Any, params: Any, extra: None) -> int:
        return 0

    def nothing(*args: Any) -> bool:
        return True

    best: dict[tuple[str, int], float] = {}
    for _ in range(int(os.environ.get("ROUNDS", "25"))):
        for name, (launcher, args, threads, block, count) in CASES.items():
            for n, module in enumerate([*modules, None]):
                if module is None:
                    fast: Any = nothing
                else:
                    state = _State()
                    state.entries = {(0, 1, threads, block): (noop, None, None, *([count] if count else []))}
                    state.opens = {}
                    fast = getattr(module, launcher)(state)
                    assert fast(*args, None, threads, block), f"{name}: the fast path did not take the call"
                timer = timeit.Timer(lambda: fast(*args, None, threads, block), timer=time.thread_time)
                t = timer.timeit(number=5000) / 5000
                best[name, n] = min(best.get((name, n), 1.0), t)
    print("| kernel | " + " | ".join(f"`{b}` (µs)" for b in builds) + " |")
    print("| --- |" + " --- |" * len(builds))
    for name in CASES:
        base = best[name, len(modules)]
        print(f"| `{name}` | " + " | ".join(f"{(best[name, n] - base) * 1e6:.3f}" for n in range(len(modules))) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
