"""Run vecmath's kernels: on the GPU when there is one, else show the checks that run before a launch."""

from __future__ import annotations

import sys

import numpy as np

import vecmath
from vecmath import kernels


def on_gpu() -> int:
    import cupy as cp

    n = 1 << 20
    rng = np.random.default_rng(0)
    x_h = rng.standard_normal(n, dtype=np.float32)
    y_h = rng.standard_normal(n, dtype=np.float32)
    x, y = cp.asarray(x_h), cp.asarray(y_h)
    kernels.saxpy(2.0, x, y)
    err = float(np.max(np.abs(cp.asnumpy(y) - (2.0 * x_h.astype(np.float64) + y_h))))
    print(f"saxpy       n={n}: max |error| vs NumPy = {err:.2e}")

    h, w = 300, 500
    a_h, b_h = rng.standard_normal((h, w)), rng.standard_normal((h, w))
    out = cp.empty((h, w), dtype=cp.float64)
    kernels.add_scaled(w, h, 0.5, cp.asarray(a_h), cp.asarray(b_h), out, threads=(w, h))
    print(f"add_scaled  {h}x{w}: equal to NumPy: {np.allclose(cp.asnumpy(out), a_h + 0.5 * b_h)}")

    m_h = rng.standard_normal((h, w), dtype=np.float32)
    t = cp.empty((w, h), dtype=cp.float32)
    kernels.transpose(w, h, cp.asarray(m_h), t, threads=(h, w))
    print(f"transpose   {h}x{w}: equal to NumPy: {np.array_equal(cp.asnumpy(t), m_h.T)}")

    steps = cp.empty(10, dtype=cp.uint32)
    kernels.collatz_steps(1, 1000, steps)
    print(f"collatz     steps from 1..10: {cp.asnumpy(steps).tolist()}")
    return 0


def without_gpu() -> int:
    print("no GPU here: the kernels are built into the wheel, and every call is checked before launch")
    print(f"vecmath.kernels.saxpy: {kernels.saxpy.__doc__.strip().splitlines()[0]}")
    try:
        kernels.saxpy(2.0, np.ones(4, np.float32), np.ones(4, np.float32))
    except TypeError as exc:
        print(f"refused: {exc}")
        return 0
    print("error: a host array was not refused")
    return 1


def main() -> int:
    print(f"vecmath from {vecmath.__file__}")
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
