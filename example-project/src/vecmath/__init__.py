"""vecmath: a few GPU kernels written in safe Rust, built into this wheel by oxpack.

The kernels live in `vecmath.kernels` (generated at build time)::

    import cupy as cp, vecmath
    x = cp.arange(1 << 20, dtype=cp.float32)
    y = cp.ones_like(x)
    vecmath.kernels.saxpy(2.0, x, y)
"""

from . import kernels

__all__ = ["kernels"]
