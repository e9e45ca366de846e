"""GPU tests of 16-byte kernels on misaligned views, and traps that name their kernel.

Like tests/test_gpu.py they take the example project's wheel, installed where the GPU is.
The debug-profile test also needs a debug build of the example in a folder of its own,
named by OXPACK_DEBUG_SITE (it runs in a subprocess with that folder first on the path; the
test fails without it, and `bash scripts/gpu-tests.sh` sets it):

    cp -r example-project /tmp/vecmath-debug      # a copy: the build rewrites oxpack.lock
    OXPACK_PROFILE=debug python -m pip wheel --no-deps -w /tmp/vecmath-debug-dist /tmp/vecmath-debug
    python -m pip install --no-deps --target /tmp/vecmath-debug-site /tmp/vecmath-debug-dist/vecmath-*.whl
    OXPACK_DEBUG_SITE=/tmp/vecmath-debug-site python -m pytest tests/test_gpu_soundness.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from conftest import CUPY, gpu_import, gpu_site, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()  # built from this checkout, or the file fails where the GPU is

SAXPY_RS = Path(__file__).resolve().parents[1] / "example-project" / "kernels" / "saxpy.rs"


# ---------------------------------------------------------------- no silent skips


@pytest.mark.parametrize("kernel", ["scale4", "saxpy4"])
@pytest.mark.parametrize("x_off, y_off", [(0, 0), (1, 0), (0, 1), (1, 3), (2, 2), (3, 1), (4, 4), (0, 5)])
def test_vec4_kernels_compute_every_view(rng: np.random.Generator, kernel: str, x_off: int, y_off: int) -> None:
    # views that start 4·k bytes into a CuPy buffer: 16-byte aligned only when k % 4 == 0
    n = 4 * 100_003
    xb_h = rng.standard_normal(n + 8, dtype=np.float32)
    yb_h = rng.standard_normal(n + 8, dtype=np.float32)
    xb, yb = cp.asarray(xb_h), cp.asarray(yb_h)
    x, y = xb[x_off : x_off + n], yb[y_off : y_off + n]
    assert (x.data.ptr % 16 == 0) == (x_off % 4 == 0) and (y.data.ptr % 16 == 0) == (y_off % 4 == 0)
    getattr(kernels, kernel)(3.0, x, y)
    want = yb_h.copy()
    xs, ys = xb_h[x_off : x_off + n], yb_h[y_off : y_off + n]
    want[y_off : y_off + n] = np.float32(3.0) * xs + (ys if kernel == "saxpy4" else np.float32(0.0))
    got = yb.get()
    assert np.array_equal(got, want), f"{np.count_nonzero(got != want)} elements differ (x+{x_off}, y+{y_off})"


def test_vec4_kernels_on_a_short_misaligned_view() -> None:
    # fewer elements than one block's worth, misaligned on both sides
    xb = cp.arange(40, dtype=cp.float32)
    yb = cp.zeros(40, dtype=cp.float32)
    kernels.scale4(2.0, xb[3:11], yb[1:9])
    want = np.zeros(40, dtype=np.float32)
    want[1:9] = 2.0 * np.arange(3, 11, dtype=np.float32)
    assert np.array_equal(yb.get(), want)


# ---------------------------------------------------------------- traps that name their kernel


def _run(code: str, *, debug: bool = False, blocking: bool = True) -> dict[str, object]:
    """Run `code` (with `kernels`, `cp`, `np` imported) in a fresh process, since a trap
    ends the CUDA context; returns what it reported: the exception and its attributes."""
    program = textwrap.dedent(
        """
        import json
        import cupy as cp
        import numpy as np
        from vecmath import kernels
        from vecmath._oxpack.runtime import KernelTrap
        try:
            {code}
            cp.cuda.Device().synchronize()
        except Exception as exc:
            print(json.dumps({{"type": type(exc).__name__, "text": str(exc), "trap": isinstance(exc, KernelTrap),
                              "kernel": getattr(exc, "kernel", None), "message": getattr(exc, "message", None),
                              "location": getattr(exc, "location", None)}}))
        else:
            print(json.dumps({{"type": None, "result": result}}))
        """
    ).format(code=textwrap.indent(textwrap.dedent(code), "    ").strip())
    env = {**os.environ, "OXPACK_LAUNCH_BLOCKING": "1" if blocking else "0"}
    if debug:
        site = gpu_site("OXPACK_DEBUG_SITE", "a debug build of the example (this file's docstring has the commands)")
        env["PYTHONPATH"] = site + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True,
                          timeout=180, check=False)
    # (after a trap, CuPy's clean-up at exit may complain on stderr: the report is what counts)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines, proc.stdout + proc.stderr
    report: dict[str, object] = json.loads(lines[-1])
    return report


OUT_OF_BOUNDS = """
x = cp.ones(100, dtype=cp.float32)
idx = cp.arange(64, dtype=cp.uint32)
idx[17] = 100  # one past x's end
out = cp.zeros(64, dtype=cp.float32)
kernels.gather(idx, x, out)
print("launch returned")  # in blocking mode, never reached
result = None
"""

IN_BOUNDS = """
x = cp.arange(100, dtype=cp.float32)
idx = cp.arange(64, dtype=cp.uint32)[::-1].copy()
out = cp.zeros(64, dtype=cp.float32)
for _ in range(3):
    kernels.gather(idx, x, out)
result = bool((out == x[idx]).all())
"""


def _gather_line() -> int:
    lines = SAXPY_RS.read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if "x[idx[i.get()] as usize]" in line)


def test_blocking_mode_names_the_kernel_of_a_trap() -> None:
    report = _run(OUT_OF_BOUNDS)
    assert report["type"] == "KernelTrap" and report["trap"] and report["kernel"] == "gather", report
    text = str(report["text"])
    assert text.startswith("gather(): the kernel trapped: "), text
    assert re.search(r"LAUNCH_FAILED|launch failure", text), text
    assert 'profile = "debug"' in text and "restart the process" in text, text


def test_blocking_mode_computes_correctly() -> None:
    assert _run(IN_BOUNDS) == {"type": None, "result": True}


def test_a_debug_build_reports_the_panic_and_its_line() -> None:
    report = _run(OUT_OF_BOUNDS, debug=True)
    assert report["type"] == "KernelTrap" and report["kernel"] == "gather", report
    assert report["message"] == "index out of bounds: the len is 100 but the index is 100", report
    location = str(report["location"])
    assert re.fullmatch(rf"kernels/saxpy\.rs:{_gather_line()}:\d+", location), location
    assert f"index out of bounds: the len is 100 but the index is 100 at {location}" in str(report["text"])


def test_a_debug_build_computes_correctly() -> None:
    assert _run(IN_BOUNDS, debug=True) == {"type": None, "result": True}
    assert _run(IN_BOUNDS, debug=True, blocking=False) == {"type": None, "result": True}
