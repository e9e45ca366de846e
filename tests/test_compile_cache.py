"""Inductor's on-disk caches never give a rebuilt package's operators an older build's compiled backward.

AOTAutograd's cache and the FX graph cache key a compiled graph on the graph's code, which names the
operators (``torch.ops.stalegrad.mul``), not on the autograd formula registered for them: a package
rebuilt with another ``#[backward(...)]`` (same operators, same schemas, even the same fatbin) would
reuse the first build's traced backward. Tracing the operators (their fake implementations) puts the
build's digest into Inductor's config, which both cache keys read, in the thread that compiles. Real
parts: emulated builds of one small package in three versions, each compiled by inductor in a process
of its own (one of them in a thread of its own), all sharing one ``TORCHINDUCTOR_CACHE_DIR``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from conftest import emulation_project, run_ok

torch = pytest.importorskip("torch", reason="the compile-cache tests need PyTorch (pip install torch)")

FORWARD = """\
use oxpack::prelude::*;

kernel! {
    /// out = x·y
    #[launch(threads = len(x))]
    #[outputs(out = (len(x)))]
    #[backward(BACKWARD)]
    pub fn mul(i: ThreadIndex, x: &[f32], y: &[f32], out: &mut DisjointSlice<f32>) where (len(y) == len(x)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] * y[i.get()];
        }
    }
"""

BACKWARD = """
    /// dx = SCALE·dout·y, dy = SCALE·dout·x
    #[launch(threads = len(x))]
    #[outputs(dx = (len(x)), dy = (len(x)))]
    pub fn NAME(i: ThreadIndex, dout: &[f32], x: &[f32], y: &[f32], dx: &mut DisjointSlice<f32>,
                dy: &mut DisjointSlice<f32>) where (len(y) == len(x), len(dout) == len(x)) {
        let k = i.get();
        if let Some(o) = dx.get_mut(i) {
            *o = SCALE * dout[k] * y[k];
        }
        if let Some(o) = dy.get_mut(i) {
            *o = SCALE * dout[k] * x[k];
        }
    }
"""

# compiles loss = Σ mul(x, y) with inductor (in the main thread, or in one of its own: Inductor's config is
# per thread) and runs its backward; prints x's gradient over y, the caches' counters and whether importing
# the package imported Inductor
COMPILE = textwrap.dedent("""\
    import json, sys, threading
    sys.path.insert(0, sys.argv[1])
    import torch
    import stalegrad.kernels
    import stalegrad.kernels_torch  # noqa: F401  (registers torch.ops.stalegrad)

    imported = "torch._inductor" in sys.modules
    from torch._dynamo.utils import counters
    stalegrad.kernels.emulation(True)
    x, y = torch.arange(1.0, 5.0).requires_grad_(), torch.full((4,), 10.0).requires_grad_()

    def step():
        compiled = torch.compile(lambda x, y: torch.ops.stalegrad.mul(x, y).sum(), fullgraph=True, backend="inductor")
        compiled(x, y).backward()

    if sys.argv[2] == "thread":
        worker = threading.Thread(target=step)
        worker.start()
        worker.join()
    else:
        step()
    print(json.dumps({"scale": (x.grad / y.detach()).tolist(), "aot": dict(counters["aot_autograd"]),
                      "inductor on import": imported}))
    """)


def _source(chosen: str, scales: dict[str, float]) -> str:
    """The package's kernels: `mul`, and one backward kernel per entry of `scales`; `mul` names `chosen`."""
    return (FORWARD.replace("BACKWARD", chosen)
            + "".join(BACKWARD.replace("NAME", name).replace("SCALE", f"{scale:.1f}") for name, scale in scales.items())
            + "}\n")


def _build(root: Path, chosen: str, scales: dict[str, float]) -> Path:
    project = emulation_project(root / "proj", "stalegrad", {"g.rs": _source(chosen, scales)})
    run_ok([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(root / "out"), "-q"], timeout=900)
    return root / "out"


def _compile(out: Path, inductor_cache: Path, where: str = "main") -> dict[str, Any]:
    env = {**os.environ, "TORCHINDUCTOR_CACHE_DIR": str(inductor_cache)}
    done = subprocess.run([sys.executable, "-c", COMPILE, str(out), where], env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
def test_a_rebuilt_backward_is_never_read_from_inductors_cache(tmp_path: Path) -> None:
    if not shutil.which("g++") and not shutil.which("c++"):
        pytest.skip("inductor on the CPU needs a C++ compiler")
    both = {"mul_bwd2": 2.0, "mul_bwd3": 3.0}
    by_two = _build(tmp_path / "two", "mul_bwd2", both)  # the same kernels, operators and schemas...
    by_three = _build(tmp_path / "three", "mul_bwd3", both)  # ...but the other backward kernel
    by_five = _build(tmp_path / "five", "mul_bwd3", {"mul_bwd2": 2.0, "mul_bwd3": 5.0})  # the same one, new code
    fatbins = [(out / "stalegrad" / "_oxpack" / "g.fatbin").read_bytes() for out in (by_two, by_three)]
    assert fatbins[0] == fatbins[1]  # a key on the fatbins' digest alone could not tell these two builds apart

    shared = tmp_path / "inductor"
    first = _compile(by_two, shared)
    assert first["scale"] == [2.0] * 4 and first["aot"].get("autograd_cache_saved") == 1, first
    assert not first["inductor on import"]  # the key costs nothing to a process that never compiles
    rebuilt = _compile(by_three, shared, "thread")
    assert rebuilt["scale"] == [3.0] * 4, f"the second build ran the first's cached backward: {rebuilt}"
    assert "autograd_cache_hit" not in rebuilt["aot"], rebuilt
    recoded = _compile(by_five, shared)
    assert recoded["scale"] == [5.0] * 4, recoded
    again = _compile(by_two, shared)  # an unchanged build still reads its own entry
    assert again["scale"] == [2.0] * 4 and again["aot"].get("autograd_cache_hit") == 1, again
