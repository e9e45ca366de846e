"""Where the compiled Llama of bench_llama.py spends its time: GPU kernel time by name (torch.profiler) for the
stock and the swapped model, compiled, in a training step (batch 4 × 1024) or a prefill (batch 8 × 1024 under
`inference_mode`), three of each.

    python3 benchmarks/profile_llama.py [--prefill] [--rows 14] [--layers-only] [--eager]   # on the GPU machine: the
                                                                                           # vecmath wheel, PyTorch,
                                                                                           # transformers

The swapped model is bench_llama.py's: `kernelize`'s default mapping, or it without `LlamaModel`
(`--layers-only`). `--eager`: the models as they are, not compiled. In both modes the wall time of a step, the host's kernel launches
a step (by launch call) and, for the swapped model, the host (CPU) time of each of its `vecmath::` operators a call,
by operator, are printed too (a step bound by the host shows it here, not in the GPU time: an operator whose call
takes the stub's slow path, or more launches than the stock model's).
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_llama  # noqa: E402
from vecmath.layers import kernelize  # noqa: E402


# The host's launch calls, as torch.profiler names them: PyTorch's and Triton's kernels go through the runtime's
# cudaLaunchKernel (Inductor's through cuLaunchKernel), oxpack's stubs through the driver's cuLaunchKernel(Ex).
LAUNCH_CALLS = ("cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prefill", action="store_true", help="profile a prefill, not a training step")
    parser.add_argument("--rows", type=int, default=14, help="kernels listed per model")
    parser.add_argument("--eager", action="store_true", help="profile the models uncompiled, with the host time per "
                        "vecmath operator call")
    parser.add_argument("--layers-only", action="store_true",
                        help="swap the layers without LlamaModel (its residual adds after the MLPs stay outside)")
    args = parser.parse_args()
    torch.manual_seed(0)
    stock = bench_llama.transformers.LlamaForCausalLM(bench_llama.config()).to("cuda", torch.bfloat16)
    swapped = copy.deepcopy(stock)
    kernelize(swapped, bench_llama.mapping(args.layers_only))
    ids = torch.randint(0, 32000, (8, 1024) if args.prefill else (4, 1024), device="cuda")
    what = "prefill" if args.prefill else "training step"
    for name, model in (("stock", stock), ("swapped", swapped)):
        compiled = model if args.eager else torch.compile(model, fullgraph=True)

        def step() -> None:
            if args.prefill:
                with torch.inference_mode():
                    compiled(ids)
            else:
                compiled(ids, labels=ids).loss.backward()
                model.zero_grad(set_to_none=True)

        for _ in range(3):
            step()
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(3):
            step()
        torch.cuda.synchronize()
        mode = "eager" if args.eager else "compiled"
        print(f"## {name}: wall time per {what} {(time.perf_counter() - start) / 3 * 1e3:.2f} ms ({mode})")
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(3):
                step()
            torch.cuda.synchronize()
        events = prof.key_averages()
        gpu = sum(e.self_device_time_total for e in events) / 3 / 1e3
        print(f"## {name}: GPU kernel time per {what} {gpu:.2f} ms")
        print(events.table(sort_by="self_device_time_total", row_limit=args.rows, max_name_column_width=70))
        launches = {e.key: e for e in events if e.key in LAUNCH_CALLS and e.count}
        print(f"## {name}: kernel launches per {what}: "
              + ", ".join(f"{key} {e.count // 3} ({e.cpu_time_total / e.count:.1f} µs a call)"
                          for key, e in sorted(launches.items())))
        if name == "swapped":
            print(f"## swapped: host time per call of each vecmath operator ({what}, {mode})")
            for e in sorted(events, key=lambda e: -e.cpu_time_total):
                if e.key.startswith("vecmath::") and e.count:
                    print(f"{e.key:55s} {e.count // 3:4d} calls a {what}, {e.cpu_time_total / e.count:8.1f} µs a call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
