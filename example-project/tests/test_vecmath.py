"""vecmath's own tests: run against the installed wheel (`pip install dist/vecmath-*.whl`)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from vecmath import kernels


def _gpu() -> bool:
    try:
        import cupy

        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


def test_every_kernel_has_a_typed_signature() -> None:
    sig = inspect.signature(kernels.saxpy)
    assert list(sig.parameters)[:3] == ["a", "x", "y"]
    assert sig.parameters["a"].annotation in (float, "float")
    assert "y ← a·x + y" in (kernels.saxpy.__doc__ or "")


def test_host_arrays_are_refused_before_launch() -> None:
    with kernels.emulation(False), pytest.raises(TypeError) as info:  # on the GPU, also under OXPACK_EMULATE=1
        kernels.saxpy(2.0, np.ones(4, np.float32), np.ones(4, np.float32))
    assert str(info.value) == ("saxpy(): argument `x` is in host memory (numpy.ndarray); move it to the GPU first "
                               "(e.g. cupy.asarray)")


@pytest.mark.skipif(not _gpu(), reason="no GPU")
def test_saxpy_on_the_gpu() -> None:
    import cupy as cp

    cp.random.seed(21)  # the same data every run
    x = cp.random.rand(1 << 20, dtype=cp.float32)
    y = cp.random.rand(1 << 20, dtype=cp.float32)
    ref = 2.0 * x + y
    with kernels.emulation(False):  # CuPy arrays: the GPU, also under OXPACK_EMULATE=1
        kernels.saxpy(2.0, x, y)
    assert bool(cp.allclose(y, ref))
