"""Run vecmath's kernels: on the GPU when there is one; without one, emulated on the CPU when the
package was built with emulation and `OXPACK_EMULATE=1` is set (scripts/demo.sh does both), else
show the checks that run before a launch."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from vecmath import kernels


def run(xp: Any, to_host: Callable[[Any], np.ndarray]) -> int:
    """The kernels on arrays of `xp` (CuPy on the GPU, NumPy emulated), each checked against NumPy."""
    n = 1 << 20
    rng = np.random.default_rng(0)
    x_h = rng.standard_normal(n, dtype=np.float32)
    y_h = rng.standard_normal(n, dtype=np.float32)
    x, y = xp.array(x_h), xp.array(y_h)  # copies: a NumPy array is written in place
    kernels.saxpy(2.0, x, y)
    err = float(np.max(np.abs(to_host(y) - (2.0 * x_h.astype(np.float64) + y_h))))
    print(f"saxpy       n={n}: max |error| vs NumPy = {err:.2e}")

    h, w = 300, 500
    a_h, b_h = rng.standard_normal((h, w)), rng.standard_normal((h, w))
    out = xp.empty((h, w), dtype=xp.float64)
    kernels.add_scaled(w, h, 0.5, xp.asarray(a_h), xp.asarray(b_h), out)
    print(f"add_scaled  {h}x{w}: equal to NumPy: {np.allclose(to_host(out), a_h + 0.5 * b_h)}")

    m_h = rng.standard_normal((h, w), dtype=np.float32)
    t = xp.empty((w, h), dtype=xp.float32)
    kernels.transpose(w, h, xp.asarray(m_h), t)
    print(f"transpose   {h}x{w}: equal to NumPy: {np.array_equal(to_host(t), m_h.T)}")

    steps = xp.empty(10, dtype=xp.uint32)
    kernels.collatz_steps(1, 1000, steps)
    print(f"collatz     steps from 1..10: {to_host(steps).tolist()}")
    return 0


def on_gpu() -> int:
    import cupy as cp

    return run(cp, cp.asnumpy)


def emulated() -> int:
    print("no GPU here: running the kernels emulated on the CPU (OXPACK_EMULATE=1: every call checked as on "
          "the GPU, then each kernel's host build runs its blocks and threads)")
    run(np, np.asarray)
    return refused(lambda: kernels.saxpy(2.0, np.ones(4, np.float64), np.ones(4, np.float32)), "a float64 array")


def without_gpu() -> int:
    print("no GPU here: the kernels are built into the wheel, and every call is checked before launch")
    print(f"vecmath.kernels.saxpy: {kernels.saxpy.__doc__.strip().splitlines()[0]}")
    return refused(lambda: kernels.saxpy(2.0, np.ones(4, np.float32), np.ones(4, np.float32)), "a host array")


def refused(call: Callable[[], None], what: str) -> int:
    """0 when `call`, a bad call, is refused before its launch (said so), else 1."""
    try:
        call()
    except TypeError as exc:
        print(f"refused before the launch: {exc}")
        return 0
    print(f"error: {what} was not refused")
    return 1


def main() -> int:
    print(f"vecmath.kernels from {kernels.__file__}")
    if os.environ.get("OXPACK_EMULATE", "").strip().lower() in ("1", "true", "yes"):
        return emulated()
    try:
        try:
            from cuda.core import Device
        except ImportError:
            from cuda.core.experimental import Device
        Device(0)
        import cupy  # noqa: F401
    except ImportError as exc:  # no cuda-core or no CuPy
        print(f"no GPU run: {exc.name or exc} is not installed")
        return without_gpu()
    except Exception:  # no NVIDIA driver or no GPU (cuda.core's own error says which, at length)
        print("no GPU run: no NVIDIA driver or GPU was found on this machine")
        return without_gpu()
    return on_gpu()


if __name__ == "__main__":
    sys.exit(main())
