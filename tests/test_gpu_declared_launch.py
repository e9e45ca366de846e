"""GPU tests: declared launch shapes and tuning, on tests/packages/declared (the emulated twins:
tests/test_declared_launch.py).

Each case runs in a subprocess with its own tuning cache folder (`OXPACK_TUNING_DIR`), since a
module's tuner reads its settings once. Checked: the declared kernels' results on the GPU; the first
call of a tuned kernel at a size times every candidate once and still computes what one launch does
(`accumulate` reads and writes `out`: the timing runs are put back); a second call times nothing; a
second process starts tuned (no timing runs) with the first's block; `OXPACK_TUNE=off` and a pinned
block time nothing; a call under a CUDA graph capture (PyTorch's) never tunes and the graph replays
right; eight threads' concurrent first calls time the candidates once; a corrupt cache file is named
once and rewritten; a cache of another fatbin is not used. A kernel that lists another in its
`#[tune(kernels = [...])]` times both kernels' candidates and runs the fastest; a pin picks either.

Built by `bash scripts/gpu-artifacts.sh` into `.artifacts/gpu/declared`; `OXPACK_DECLARED_SITE`
names another folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import CUPY, REPO, build_problems, gpu_import

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
SITE = Path(os.environ.get("OXPACK_DECLARED_SITE", REPO / ".artifacts" / "gpu" / "declared"))
PRELUDE = textwrap.dedent("""\
    import json, sys, threading
    import cupy as cp
    import declared.kernels as k
    tuner = k._module.tuner
    def accumulate(n, seed=0):
        x = cp.arange(n, dtype=cp.float32) + seed
        out = cp.full(n, 3.0, cp.float32)
        k.accumulate(x, out)
        ok = bool((out == 3.0 + x).all())
        return ok, k._module.kernel("accumulate").tuned((x, out))
""")


@pytest.fixture(scope="module")
def site() -> Path:
    module = SITE / "declared" / "kernels.py"
    if not module.is_file():
        pytest.fail(f"{module} is missing: run `bash scripts/gpu-artifacts.sh` where rustc is (it builds "
                    "tests/packages/declared into .artifacts/gpu/declared), or set OXPACK_DECLARED_SITE", pytrace=False)
    problems = build_problems(module, REPO / "tests" / "packages" / "declared")
    if problems:
        pytest.fail(f"{module} was not built from this checkout: {'; '.join(problems)}; rerun "
                    "`bash scripts/gpu-artifacts.sh`", pytrace=False)
    return SITE


def _run(site: Path, body: str, cache: Path, **env: str) -> tuple[dict[str, object], str]:
    path = os.pathsep.join([str(site), *filter(None, [os.environ.get("PYTHONPATH")])])
    environment = {k: v for k, v in os.environ.items() if not k.startswith("OXPACK_")}
    environment.update(PYTHONPATH=path, OXPACK_TUNING_DIR=str(cache), **env)
    proc = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(body)], capture_output=True, text=True,
                          timeout=300, check=False, env=environment)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


def test_the_declared_kernels_run_with_data_only(site: Path, tmp_path: Path) -> None:
    result, _ = _run(site, """\
        x = cp.arange(10, dtype=cp.float32); out = cp.zeros(10, cp.float32); k.twice(x, out)
        o = cp.zeros(7 * 64, cp.uint32); k.sized(7, o)
        m = cp.zeros((6, 20), cp.uint32); k.fill2(6, 20, m)
        r = cp.zeros(3 * 256, cp.uint32); k.per_row(3, r)
        print(json.dumps({"twice": bool((out == 2 * x).all()), "sized": sorted(set(o.get().tolist())),
                          "fill2": bool((m == 1).all()), "per_row": bool((r == 1).all())}))
    """, tmp_path)
    assert result == {"twice": True, "sized": [6], "fill2": True, "per_row": True}


def test_a_declared_workspace_is_zeroed_for_each_launch_on_the_gpu(site: Path, tmp_path: Path) -> None:
    """`arrivals(rows, out)`: the stub makes `ws` (CuPy's zeros on the array's device, then PyTorch's when present)
    for each launch, so each block's 64 threads count from 0 in every call, on the general path and the fast one."""
    result, _ = _run(site, """\
        counts = []
        for rows in (1, 5, 5, 5):
            out = cp.zeros(rows * 64, cp.uint32)
            k.arrivals(rows, out)
            counts.append(bool((cp.sort(out.reshape(rows, 64), axis=1) == cp.arange(1, 65, dtype=cp.uint32)).all()))
        try:
            import torch
        except ImportError:
            torch = None
        if torch is not None:
            for _ in range(3):
                t = torch.zeros(3 * 64, dtype=torch.int32, device="cuda").view(torch.uint32)
                k.arrivals(3, t)
                got = t.view(torch.int32).view(3, 64).sort(dim=1).values.cpu()
                counts.append(bool((got == torch.arange(1, 65, dtype=torch.int32)).all()))
        print(json.dumps({"counts": counts}))
    """, tmp_path)
    assert result["counts"] and all(result["counts"]), result


def test_the_first_call_tunes_once_and_computes_one_launch(site: Path, tmp_path: Path) -> None:
    first, _ = _run(site, """\
        ok, block = accumulate(1 << 20)
        runs = tuner.timed_runs
        ok2, block2 = accumulate(1 << 20, seed=1)
        print(json.dumps({"ok": ok and ok2, "block": block, "runs": runs, "again": tuner.timed_runs - runs,
                          "same": block == block2}))
    """, tmp_path)
    assert first["ok"] and first["same"] and first["block"] in (64, 128, 256, 512)
    assert first["runs"] == 4 and first["again"] == 0  # each candidate timed once, then never again
    second, _ = _run(site, """\
        ok, block = accumulate((1 << 20) - 5)  # the same bucket of sizes
        print(json.dumps({"ok": ok, "block": block, "runs": tuner.timed_runs}))
    """, tmp_path)
    assert second == {"ok": True, "block": first["block"], "runs": 0}  # the second process starts tuned


QUINTUPLE = """\
    x = cp.arange(1 << 20, dtype=cp.float32)
    out = k.quintuple(x)
    runs = tuner.timed_runs
    chosen = k._module.kernel("quintuple").tuned_kernel((x, out))
    out2 = k.quintuple(x)
    ran = "other" if bool((out == 5 * x + 0.5).all()) else "itself" if bool((out == 5 * x).all()) else "neither"
    print(json.dumps({"ran": ran, "chosen": list(chosen), "runs": runs, "again": tuner.timed_runs - runs,
                      "same": bool((out2 == out).all())}))
"""


def test_the_tuning_weighs_the_listed_kernels_and_runs_the_fastest(site: Path, tmp_path: Path) -> None:
    """`quintuple` lists `quintuple_blocks` (which adds 0.5, so the result says which ran): the first call times
    its two blocks and the other kernel's one launch, runs the fastest, and a second process starts with it."""
    first, log = _run(site, QUINTUPLE, tmp_path, OXPACK_TUNE_LOG="1")
    assert first["runs"] == 3 and first["again"] == 0 and first["same"], first
    name, block = first["chosen"]
    assert (name, first["ran"]) in ((None, "itself"), ("quintuple_blocks", "other")), first
    assert block in ((128, 256) if name is None else (None,)), first
    assert "oxpack: tuned quintuple on " in log and "kernel=1" in log, log
    second, _ = _run(site, QUINTUPLE, tmp_path)
    assert second == {**first, "runs": 0}, (first, second)


@pytest.mark.parametrize(("pin", "ran"), [("quintuple:kernel=1", "other"), ("quintuple:block=128,kernel=0", "itself")])
def test_a_pinned_kernel_runs_and_nothing_is_timed(site: Path, tmp_path: Path, pin: str, ran: str) -> None:
    result, _ = _run(site, QUINTUPLE, tmp_path, OXPACK_TUNE=pin)
    assert (result["ran"], result["runs"], result["same"]) == (ran, 0, True), result


@pytest.mark.parametrize(("env", "block"), [({"OXPACK_TUNE": "off"}, None),
                                            ({"OXPACK_TUNE": "accumulate:block=128"}, 128)])
def test_tuning_off_or_pinned_times_nothing(site: Path, tmp_path: Path, env: dict[str, str], block: object) -> None:
    result, _ = _run(site, """\
        ok, block = accumulate(4096)
        print(json.dumps({"ok": ok, "block": block, "runs": tuner.timed_runs}))
    """, tmp_path, **env)
    assert result == {"ok": True, "block": 256 if block is None else block, "runs": 0}


def test_a_capture_never_tunes_and_replays_right(site: Path, tmp_path: Path) -> None:
    gpu_import("torch", "the capture is PyTorch's (a CUDA build of PyTorch)")
    result, _ = _run(site, """\
        import torch
        x = torch.arange(5000, dtype=torch.float32, device="cuda"); out = torch.zeros(5000, device="cuda")
        k.twice(x, out)  # the module loaded before the capture, as CUDA graphs need
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.stream(s), torch.cuda.graph(graph, stream=s):
            k.accumulate(x, out)
        captured = tuner.timed_runs
        out.zero_(); graph.replay(); torch.cuda.synchronize()
        replayed = bool((out == x).all())
        ok, block = accumulate(5000)  # uncaptured: tunes now
        print(json.dumps({"captured": captured, "replayed": replayed, "after": tuner.timed_runs, "ok": ok}))
    """, tmp_path)
    assert result == {"captured": 0, "replayed": True, "after": 4, "ok": True}


def test_concurrent_first_calls_tune_once(site: Path, tmp_path: Path) -> None:
    result, _ = _run(site, """\
        oks = []
        def call(seed):
            ok, _ = accumulate(1 << 16, seed)
            oks.append(ok)
        threads = [threading.Thread(target=call, args=(n,)) for n in range(8)]
        [t.start() for t in threads]; [t.join() for t in threads]
        print(json.dumps({"ok": all(oks) and len(oks) == 8, "runs": tuner.timed_runs}))
    """, tmp_path)
    assert result == {"ok": True, "runs": 4}


def test_a_corrupt_or_stale_cache_is_not_used(site: Path, tmp_path: Path) -> None:
    _run(site, "ok, _ = accumulate(1 << 12)\nprint(json.dumps({}))", tmp_path)
    (cache,) = tmp_path.glob("*.json")
    data = json.loads(cache.read_text())
    data["fatbin"] = "0" * 64  # another build's
    other = tmp_path / "stale"
    other.mkdir()
    (other / cache.name).write_text(json.dumps(data))
    stale, _ = _run(site, "ok, _ = accumulate(1 << 12)\nprint(json.dumps({'runs': tuner.timed_runs, 'ok': ok}))",
                    other)
    assert stale == {"runs": 4, "ok": True}
    cache.write_text("{not json")
    corrupt, err = _run(site, "ok, _ = accumulate(1 << 12)\nprint(json.dumps({'runs': tuner.timed_runs, 'ok': ok}))",
                        tmp_path)
    assert corrupt == {"runs": 4, "ok": True}
    assert err.count(f"oxpack: ignoring tuning cache {cache}") == 1
    assert json.loads(cache.read_text())["entries"]  # rewritten


def test_outputs_are_made_on_the_arrays_device(site: Path, tmp_path: Path) -> None:
    result, _ = _run(site, """\
        a, b = cp.arange(3, dtype=cp.float32), cp.arange(5, dtype=cp.float32)
        c = k.outer(a, b)
        out = {"cupy": [type(c).__module__.split(".")[0], list(c.shape), bool((c == cp.outer(a, b)).all())]}
        try:
            import torch
        except ImportError:
            torch = None
        if torch is not None and torch.cuda.is_available():
            ta, tb = torch.arange(3., device="cuda"), torch.arange(5., device="cuda")
            tc = k.outer(ta, tb)
            out["torch"] = [tc.device.type, list(tc.shape), bool(torch.equal(tc, torch.outer(ta, tb)))]
        print(json.dumps(out))
    """, tmp_path)
    assert result["cupy"] == ["cupy", [3, 5], True]
    assert result.get("torch", ["cuda", [3, 5], True]) == ["cuda", [3, 5], True]


def test_the_sm90a_body_runs_on_hopper(site: Path, tmp_path: Path) -> None:
    """`triple` has an sm_90a variant of its own launch and shared memory: on an sm_90 GPU the run time loads
    the sm_90a cubin, whose `triple` is the variant (3·x + 1000 + its 10 shared elements)."""
    result, _ = _run(site, """\
        x = cp.arange(300, dtype=cp.float32); out = cp.zeros(300, cp.float32)
        k.triple(x, out)
        arch = cp.cuda.Device().compute_capability
        print(json.dumps({"arch": arch, "body": k._module.kernel("triple").pick((x, out)).arch_key,
                          "extra": sorted(set((out - 3 * x).get().tolist()))}))
    """, tmp_path)
    if result["arch"] != "90":
        pytest.skip(f"an sm_90 GPU runs the sm_90a body; this one is sm_{result['arch']}")
    assert result["body"] == "sm_90a" and result["extra"] == [1010.0]


def test_arrays_the_hopper_body_cannot_read_run_the_portable_body_without_trying_it_again(site: Path,
                                                                                      tmp_path: Path) -> None:
    """`shifted`'s sm_90a body reads `x` by TMA (it writes rows·1000 + cols of `x`); on an sm_90 GPU a flat `x`,
    rows of 8 bytes and a base 4 bytes past 16 run the portable body (x + 1), each cause refused by the variant
    once (`refusals`), later calls of that cause launched by the portable body's fast path; a 2-D `x` the TMA
    reads runs the variant before and after them, by its fast path once its first call made the launch."""
    result, _ = _run(site, """\
        kernel = k._module.kernel("shifted")
        tma = kernel.bodies["sm_90a"].tma
        hopper, portable = k._module.state("shifted@sm_90a"), k._module.state("shifted")
        x = cp.arange(64, dtype=cp.float32); out = cp.zeros(64, cp.float32)
        calls = []
        def run(array):
            out[:] = 0
            k.shifted(array, out)
            body = ("variant" if bool((out == array.shape[0] * 1000 + array.shape[-1]).all()) else
                    "portable" if bool((out == array.ravel() + 1).all()) else "wrong")
            calls.append([list(array.shape), body, tma.refusals])
        odd = cp.arange(65, dtype=cp.float32)[1:]  # a base 4 bytes past 16-byte alignment
        for array in (x.reshape(8, 8), x, x, x, x.reshape(32, 2), x.reshape(32, 2), odd.reshape(8, 8),
                      odd.reshape(8, 8), x.reshape(8, 8), x.reshape(8, 8)):
            run(array)
        arch = cp.cuda.Device().compute_capability
        print(json.dumps({"arch": arch, "calls": calls, "hopper": len(hopper.entries),
                          "portable": len(portable.entries)}))
    """, tmp_path)
    if result["arch"] != "90":
        pytest.skip(f"an sm_90 GPU runs the sm_90a body; this one is sm_{result['arch']}")
    assert result["calls"] == [
        [[8, 8], "variant", 0], [[64], "portable", 1], [[64], "portable", 1], [[64], "portable", 1],
        [[32, 2], "portable", 1], [[32, 2], "portable", 1], [[8, 8], "portable", 2], [[8, 8], "portable", 2],
        [[8, 8], "variant", 2], [[8, 8], "variant", 2]]
    assert result["hopper"] >= 1 and result["portable"] >= 1

