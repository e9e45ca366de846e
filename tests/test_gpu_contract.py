"""GPU tests: kernels that share one fast-path launcher (one per distinct signature) each launch
their own kernel through it, with their own recorded launches, and compute what they should.

In the example, `saxpy` (y ← a·x + y), `scale_streaming` and `scale_bounded` (y ← a·x, the
latter in blocks of at most 128 threads) share a launcher, and so do `saxpy4` and `scale4`
(16-byte variants). Each is called through the general path (which records its launch), then
on fresh inputs through its `_fast_<kernel>` (True only when it launched), alternating between
the kernels, and its result must be its own. Run with the example's wheel built from this
checkout (`bash scripts/gpu-artifacts.sh`, then `bash scripts/gpu-tests.sh`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import CUPY, gpu_import, require_example

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
kernels = require_example()

SHARED = [("saxpy", "scale_streaming", "scale_bounded"), ("saxpy4", "scale4")]
ADDS = {"saxpy", "saxpy4"}  # y ← a·x + y; the others y ← a·x


def _launcher(name: str) -> str:
    found = re.search(rf"^_fast_{name} = _launchers\.(\w+)\(", Path(kernels.__file__).read_text(), re.M)
    assert found is not None, name
    return found[1]


@pytest.mark.parametrize("group", SHARED, ids=["scalar", "vec4"])
def test_kernels_sharing_a_launcher_each_launch_their_own(group: tuple[str, ...], rng: np.random.Generator) -> None:
    assert len({_launcher(name) for name in group}) == 1, "the example's signatures changed: update SHARED"
    n = 4096
    threads = n // 4 if group[0].endswith("4") else n  # what a call comes to: the declared launch, or the default
    results: dict[str, Any] = {}
    for round_ in ("general", "fast"):
        for name in group:  # alternating: each kernel's launch is its own, through the one launcher
            a = np.float32(1.5 if round_ == "general" else -0.75)
            x_h, y_h = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
            x, y = cp.asarray(x_h), cp.asarray(y_h)
            if round_ == "general":
                getattr(kernels, name)(float(a), x, y)
            else:
                assert getattr(kernels, f"_fast_{name}")(float(a), x, y, None, threads) is True, name
            expected = a * x_h + (y_h if name in ADDS else 0)
            results[f"{round_} {name}"] = (y, expected)
    cp.cuda.Device().synchronize()
    for label, (y, expected) in results.items():
        np.testing.assert_allclose(y.get(), expected, rtol=1e-6, atol=1e-6, err_msg=label)
