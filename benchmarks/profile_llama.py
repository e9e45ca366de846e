"""Where the compiled Llama of bench_llama.py spends its time: GPU kernel time by name (torch.profiler) for the
stock and the swapped model, compiled, one prefill and one training step each.

    python3 benchmarks/profile_llama.py   # on the GPU machine: the vecmath wheel, PyTorch, transformers
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_llama  # noqa: E402
from vecmath.layers import kernelize  # noqa: E402


def main() -> int:
    torch.manual_seed(0)
    stock = bench_llama.transformers.LlamaForCausalLM(bench_llama.config()).to("cuda", torch.bfloat16)
    swapped = copy.deepcopy(stock)
    kernelize(swapped)
    ids = torch.randint(0, 32000, (4, 1024), device="cuda")
    for name, model in (("stock", stock), ("swapped", swapped)):
        compiled = torch.compile(model, fullgraph=True)
        for _ in range(3):
            compiled(ids, labels=ids).loss.backward()
            model.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(3):
                compiled(ids, labels=ids).loss.backward()
                model.zero_grad(set_to_none=True)
            torch.cuda.synchronize()
        events = prof.key_averages()
        gpu = sum(e.self_device_time_total for e in events) / 3 / 1e3
        print(f"## {name}: GPU kernel time per training step {gpu:.2f} ms")
        print(events.table(sort_by="self_device_time_total", row_limit=14, max_name_column_width=70))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
