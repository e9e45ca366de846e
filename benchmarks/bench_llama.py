"""A Hugging Face Llama with the example's layers swapped in, against the stock model, in the same run.

    python benchmarks/bench_llama.py [--rounds 9] [--layers-only] [--processes 3]   # on the GPU machine: the
                                                                                    # vecmath wheel, PyTorch,
                                                                                    # transformers

`transformers.LlamaForCausalLM` from a config (4 layers, hidden 2048, intermediate 5632, 16 heads, 8 key/value
heads, vocabulary 32000; random weights, bf16), twice: as it is (stock) and with `vecmath.layers.kernelize`
(its default mapping: RMSNorm, SwiGLU, and the residual stream carried between the decoder layers, so that
every residual add runs inside the fused add + RMSNorm after it; the example's kernels, forward and
backward). `--layers-only` swaps the layers without `LlamaModel` (the add after each MLP stays outside the
kernels), to compare. Four cells, each the two models timed in paired rounds (turns alternate which goes first; CUDA
events around a batch of 5 steps), the ratio the median of the per-round ratios, stock time / swapped time
(above 1: the swapped model is faster). First the two models' losses on the training batch are printed and must
agree within 1% (else the run ends with one line). Each cell also prints each model's host time a step (the median
of the rounds' wall time from the first launch to the last call's return, before waiting for the GPU): a step whose host
time reaches its GPU time is bound by the host, and its time then follows the process's host speed, which moved
by ±2 ms a step between processes on one machine (benchmarks/archive/journal.md, 2026-12-07, later).
`--same` times the stock model against a copy of itself (nothing swapped): an A/A run, whose ratios are the
cells' noise floor on that machine (where the two sides differ by nothing, the spread of the ratios about 1 is
what a run cannot resolve). `--processes N` runs the whole benchmark in N processes, one after the other, prints each one's table, then each
cell's ratios over the processes and their median (what a cell bound by the host gives a user depends on the
process as much as on the code):

- prefill, eager: a forward of batch 8 × 1024 tokens under `inference_mode` (tokens/s printed too);
- prefill, compiled: the same under `torch.compile(model, fullgraph=True)` (Inductor, the default);
- a training step, eager: forward with labels, backward, `zero_grad` (batch 4 × 1024);
- a training step, compiled.

Left out: decoding (one token at a time with a KV cache), larger models, other dtypes, the optimizer's update
(the same for both), attention (SDPA in both models) and the GEMMs (cuBLAS in both).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import torch
import transformers

from vecmath.layers import LLAMA, kernelize


def config() -> Any:
    return transformers.LlamaConfig(vocab_size=32000, hidden_size=2048, intermediate_size=5632, num_hidden_layers=4,
                                    num_attention_heads=16, num_key_value_heads=8, max_position_embeddings=4096,
                                    rms_norm_eps=1e-5)


def mapping(layers_only: bool) -> dict[str, type]:
    """`kernelize`'s default mapping, or it without `LlamaModel` (`--layers-only`)."""
    return {k: v for k, v in LLAMA.items() if not (layers_only and k == "LlamaModel")}


def timed(fn: Callable[[], None], steps: int) -> tuple[float, float]:
    """(GPU ms a step between CUDA events, host ms a step: the launches' wall time before the wait)."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    began = time.perf_counter()
    for _ in range(steps):
        fn()
    host = (time.perf_counter() - began) / steps * 1e3
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / steps, host


def paired(stock: Callable[[], None], swapped: Callable[[], None], rounds: int, steps: int = 5
           ) -> tuple[float, float, float, float, float]:
    """(stock ms, swapped ms, median of stock / swapped per round, stock host ms, swapped host ms); warm-up
    first."""
    for _ in range(3):
        stock()
        swapped()
    torch.cuda.synchronize()
    t_a, t_b, h_a, h_b, ratios = [], [], [], [], []
    for r in range(rounds):
        order = (stock, swapped) if r % 2 == 0 else (swapped, stock)
        x, y = (timed(fn, steps) for fn in order)
        (a, ha), (b, hb) = (x, y) if r % 2 == 0 else (y, x)
        t_a.append(a)
        t_b.append(b)
        h_a.append(ha)
        h_b.append(hb)
        ratios.append(a / b)
    return (statistics.median(t_a), statistics.median(t_b), statistics.median(ratios), statistics.median(h_a),
            statistics.median(h_b))


def main() -> int:
    # no abbreviations: a shortened --processes would reach the processes (`without_processes` removes the whole
    # word only), and each would start more
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--layers-only", action="store_true",
                        help="swap the layers without LlamaModel (its residual adds after the MLPs stay outside)")
    parser.add_argument("--same", action="store_true",
                        help="an A/A run: the stock model against a copy of itself, nothing swapped (the noise floor)")
    parser.add_argument("--processes", type=int, default=1,
                        help="run the benchmark in this many processes in turn, then each cell's ratios and median")
    args = parser.parse_args()
    if args.processes > 1:
        return over_processes(args.processes, without_processes(sys.argv[1:]))
    torch.manual_seed(0)
    stock = transformers.LlamaForCausalLM(config()).to("cuda", torch.bfloat16)
    swapped = copy.deepcopy(stock)
    swapped_names = [] if args.same else kernelize(swapped, mapping(args.layers_only))
    what = ("an A/A run: the \"swapped\" model is a copy of the stock one" if args.same else
            "the layers only" if args.layers_only else "kernelize default")
    print(f"# {torch.cuda.get_device_name()}, torch {torch.__version__}, transformers {transformers.__version__}; "
          f"{len(swapped_names)} modules swapped ({what})")
    print("| cell | stock ms | swapped ms | ratio (stock / swapped) | tokens/s stock → swapped "
          "| host ms a step: stock, swapped |")
    print("| --- | --- | --- | --- | --- | --- |")
    g = torch.Generator(device="cuda").manual_seed(1)
    prefill = torch.randint(0, 32000, (8, 1024), device="cuda", generator=g)
    train = torch.randint(0, 32000, (4, 1024), device="cuda", generator=g)
    with torch.no_grad():  # what is timed computes the same thing: the two models' losses agree
        losses = [float(m(train, labels=train).loss) for m in (stock, swapped)]
    print(f"# loss on the training batch: stock {losses[0]:.4f}, swapped {losses[1]:.4f}")
    if abs(losses[1] - losses[0]) > 0.01 * abs(losses[0]):
        raise SystemExit(f"bench_llama: the swapped model's loss {losses[1]:.4f} is not the stock model's "
                         f"{losses[0]:.4f} (within 1%): its layers compute something else; run "
                         "example-project/tests/test_llama.py")
    for compiled in (False, True):
        torch._dynamo.reset()
        models = [torch.compile(m, fullgraph=True) if compiled else m for m in (stock, swapped)]

        def forward(m: Any) -> Callable[[], None]:
            def run() -> None:
                with torch.inference_mode():
                    m(prefill)
            return run

        def step(m: Any, owner: Any) -> Callable[[], None]:
            def run() -> None:
                m(train, labels=train).loss.backward()
                owner.zero_grad(set_to_none=True)
            return run

        how = "compiled" if compiled else "eager"
        a, b, ratio, ha, hb = paired(forward(models[0]), forward(models[1]), args.rounds)
        tokens = prefill.numel()
        print(f"| prefill 8×1024, {how} | {a:.2f} | {b:.2f} | {ratio:.3f} | "
              f"{tokens / a * 1e3:,.0f} → {tokens / b * 1e3:,.0f} | {ha:.2f}, {hb:.2f} |")
        a, b, ratio, ha, hb = paired(step(models[0], stock), step(models[1], swapped), args.rounds)
        print(f"| training step 4×1024, {how} | {a:.2f} | {b:.2f} | {ratio:.3f} | "
              f"{train.numel() / a * 1e3:,.0f} → {train.numel() / b * 1e3:,.0f} | {ha:.2f}, {hb:.2f} |")
    return 0


def without_processes(argv: list[str]) -> list[str]:
    """`argv` without its `--processes N` (or `--processes=N`): what each process of `over_processes` is given, every
    other option as the user wrote it (so that an option added to the parser reaches the processes with no change
    here)."""
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a == "--processes":
            skip = True
        elif not a.startswith("--processes="):
            out.append(a)
    return out


def over_processes(count: int, argv: list[str]) -> int:
    """Runs this benchmark `count` times, each in a process of its own (with `argv`), printing each table as it
    comes; then one table: each cell's ratio in each process and the median of them."""
    ratios: dict[str, list[float]] = {}
    for n in range(count):
        print(f"## process {n + 1} of {count}", flush=True)
        run = subprocess.run([sys.executable, __file__, *argv], capture_output=True, text=True)
        sys.stdout.write(run.stdout)
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            print(f"bench_llama: process {n + 1} failed (exit {run.returncode})", file=sys.stderr)
            return 1
        for line in run.stdout.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 6 and cells[0] not in ("cell", "---"):
                ratios.setdefault(cells[0], []).append(float(cells[3]))
    print(f"\n## each cell over {count} processes: stock / swapped in each, then the median")
    print("| cell | ratios | median |")
    print("| --- | --- | --- |")
    for cell, found in ratios.items():
        print(f"| {cell} | {', '.join(f'{r:.3f}' for r in found)} | {statistics.median(found):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
