"""Host data for the example's emulated tests: the seeded `rng` fixture, bfloat16 and FP8 arrays on the CPU,
the `emulated_without_gpu` fixture of the PyTorch tests, and `on_hopper` for the tests of the sm_90a bodies.

A test file takes a fixture by importing it (``from hostarrays import rng``): pytest finds a fixture among a
module's names. NumPy has no bfloat16: `BFloat16` passes a uint16 array of bf16 bits through DLPack, as a
PyTorch CPU tensor exports one, and `to_bf16` rounds f32 values to those bits. Nor FP8: `Float8` passes a
uint8 array of E4M3 (or E5M2) bits through DLPack (codes 10 and 12 of DLPack 1.1), 2-D as a TMA source
needs, and `e4m3_values` / `e5m2_values` decode every bit pattern from the formats' definitions.
"""

from __future__ import annotations

import ctypes
import os
import zlib
from collections.abc import Iterator

import numpy as np
import pytest

__all__ = ["HOPPER", "BFloat16", "Float8", "e4m3_values", "e5m2_values", "emulated_without_gpu", "on_hopper", "poisoned",
           "rng", "to_bf16"]

HOPPER = "needs an sm_90 GPU (H100, H200) and PyTorch with CUDA"
"""Why a test of an sm_90a body skips (`on_hopper`)."""


def on_hopper() -> bool:
    """Whether PyTorch sees an sm_90 GPU (H100, H200) as device 0: where the example's sm_90a bodies run."""
    try:
        import torch
        return bool(torch.cuda.is_available()) and torch.cuda.get_device_capability(0) == (9, 0)
    except Exception:  # noqa: BLE001 (no PyTorch, or no driver: not Hopper)
        return False


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> np.random.Generator:
    """Seeded data: OXPACK_TEST_SEED (an integer, default 21) mixed with the test's id; the seed is
    printed, and so shown with a failure, to repeat it."""
    raw = os.environ.get("OXPACK_TEST_SEED", "21")
    try:
        base = int(raw)
    except ValueError:
        raise pytest.UsageError(f"environment variable OXPACK_TEST_SEED is {raw!r}: expected an integer such as 21; "
                                "set it to one, or unset it for the fixed default") from None
    seed = (base * 1_000_003 + zlib.crc32(request.node.nodeid.encode())) % 2**32
    print(f"random data: seed {seed} (OXPACK_TEST_SEED={base} and this test's id; rerun with "
          f"OXPACK_TEST_SEED={base} to repeat it)")
    return np.random.default_rng(seed)


@pytest.fixture(autouse=True, scope="module")
def emulated_without_gpu() -> Iterator[None]:
    """For every test of a module that imports it (autouse): the example's kernels run on the GPU where PyTorch
    sees one, else emulated on the CPU (``kernels.emulation()``, which needs a build with emulation)."""
    import torch  # only the PyTorch tests take this fixture

    from vecmath import kernels

    if torch.cuda.is_available():
        yield
        return
    with kernels.emulation():
        yield


def poisoned(shape: int | tuple[int, ...], dtype: type) -> np.ndarray:
    """An array of `shape` whose every byte is 0xA5: an element a kernel fails to write shows."""
    out = np.empty(shape, dtype=dtype)
    out.view(np.uint8).fill(0xA5)
    return out


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.c_void_p), ("byte_offset", ctypes.c_uint64),
                ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class _HostDLPack:
    """A CPU array of an element type NumPy lacks, seen through DLPack (as a PyTorch CPU tensor exports one):
    its bits live in a C-contiguous NumPy array of unsigned ints of the element's width, of any shape, passed
    flat (its `shape` is what a TMA source reads); a view keeps its address."""

    def __init__(self, bits: np.ndarray, code: int) -> None:
        assert bits.flags.c_contiguous
        self.bits = bits
        self.size = bits.size  # its element count, which a call that makes outputs reads
        self.shape = bits.shape  # the 2-D or 3-D shape a TMA source takes (the DLPack view stays flat)
        self._shape = (ctypes.c_int64 * 1)(bits.size)
        self._tensor = _DLTensor(bits.ctypes.data, 1, 0, 1, code, 8 * bits.itemsize, 1, self._shape, None, 0, None,
                                 None)

    def __dlpack__(self, **kw: object) -> object:
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self._tensor), b"dltensor", None)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


class BFloat16(_HostDLPack):
    """A CPU bfloat16 array (DLPack code 4): its bits a uint16 NumPy array."""

    def __init__(self, bits: np.ndarray) -> None:
        assert bits.dtype == np.uint16
        super().__init__(bits, 4)

    def wide(self) -> np.ndarray:
        """Its values, in float64."""
        return (self.bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def to_bf16(x: np.ndarray) -> np.ndarray:
    """The bits of the bf16 nearest to each f32 value (round to nearest even)."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


class Float8(_HostDLPack):
    """A CPU FP8 array (as a PyTorch CPU tensor of `torch.float8_e4m3fn` exports one): its bits a uint8 NumPy
    array. `e5m2=True`: `float8_e5m2` (DLPack code 12) instead of `float8_e4m3fn` (10)."""

    def __init__(self, bits: np.ndarray, e5m2: bool = False) -> None:
        assert bits.dtype == np.uint8
        super().__init__(bits, 12 if e5m2 else 10)


def _fp8_values(mantissa: int, bias: int) -> np.ndarray:
    """The value of every FP8 bit pattern 0..255 of `mantissa` bits and exponent `bias`, as float64,
    finite ones only (the caller marks NaN and infinity)."""
    b = np.arange(256)
    e, m = (b & 0x7F) >> mantissa, b & ((1 << mantissa) - 1)
    v = np.where(e == 0, m * 2.0 ** (1 - bias - mantissa), (m + 2**mantissa) * 2.0 ** (e - bias - mantissa))
    return np.where(b & 0x80, -v, v)


def e4m3_values() -> np.ndarray:
    """float8_e4m3fn: 4 exponent bits (bias 7), 3 mantissa bits, no infinity, NaN at 0x7f and 0xff."""
    v = _fp8_values(3, 7)
    v[[0x7F, 0xFF]] = np.nan
    return v


def e5m2_values() -> np.ndarray:
    """float8_e5m2: 5 exponent bits (bias 15), 2 mantissa bits, ±infinity at 0x7c / 0xfc, NaN above."""
    v = _fp8_values(2, 15)
    v[0x7C], v[0xFC] = np.inf, -np.inf
    v[[0x7D, 0x7E, 0x7F, 0xFD, 0xFE, 0xFF]] = np.nan
    return v
