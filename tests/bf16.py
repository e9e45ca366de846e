"""bfloat16 host arrays for emulated tests: NumPy has no bfloat16, so a test keeps the bits in a
uint16 array and hands the kernel a DLPack view of them as bfloat16 (as a PyTorch CPU tensor
exports one). Shared by the emulation tests; example-project/tests keeps its own copy, since it
ships with the example and cannot import oxpack's tests."""

from __future__ import annotations

import ctypes

import numpy as np

__all__ = ["BFloat16", "Float8", "fp8_values", "to_bf16"]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.c_void_p), ("byte_offset", ctypes.c_uint64),
                ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class _HostView:
    """A CPU array of `bits` (a C-contiguous NumPy array of any shape) seen through DLPack as one flat array of
    DLPack type `code` and `width` bits, with `shape` for a TMA source. A view keeps its address, so the kernel
    sees its alignment."""

    def __init__(self, bits: np.ndarray, code: int, width: int) -> None:
        assert bits.flags.c_contiguous
        self.bits = bits
        self.shape = bits.shape  # the 2-D shape a TMA source takes (the DLPack view stays flat)
        self._shape = (ctypes.c_int64 * 1)(bits.size)
        self._tensor = _DLTensor(bits.ctypes.data, 1, 0, 1, code, width, 1, self._shape, None, 0, None, None)

    def __dlpack__(self, **kw: object) -> object:
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self._tensor), b"dltensor", None)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


class BFloat16(_HostView):
    """A CPU bfloat16 array seen through DLPack (code 4); its bits live in a uint16 NumPy array."""

    def __init__(self, bits: np.ndarray) -> None:
        assert bits.dtype == np.uint16
        super().__init__(bits, 4, 16)


def to_bf16(x: np.ndarray) -> np.ndarray:
    """The bits of the bf16 nearest to each value (round to nearest even)."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


class Float8(_HostView):
    """A CPU FP8 array seen through DLPack (DLPack 1.1's code 10, float8_e4m3fn, or 12, float8_e5m2): its
    bits live in a uint8 NumPy array."""

    def __init__(self, bits: np.ndarray, e5m2: bool = False) -> None:
        assert bits.dtype == np.uint8
        super().__init__(bits, 12 if e5m2 else 10, 8)


def fp8_values(e5m2: bool) -> np.ndarray:
    """The float64 value of every FP8 bit pattern 0..255, from the formats' definitions: E4M3 (4 exponent bits,
    bias 7, NaN at 0x7f / 0xff, no infinity) or E5M2 (5 exponent bits, bias 15, ±infinity at 0x7c / 0xfc, NaN
    above)."""
    mantissa, bias = (2, 15) if e5m2 else (3, 7)
    b = np.arange(256)
    e, m = (b & 0x7F) >> mantissa, b & ((1 << mantissa) - 1)
    v = np.where(e == 0, m * 2.0 ** (1 - bias - mantissa), (m + 2**mantissa) * 2.0 ** (e - bias - mantissa))
    v = np.where(b & 0x80, -v, v)
    if e5m2:
        v[0x7C], v[0xFC] = np.inf, -np.inf
        v[[0x7D, 0x7E, 0x7F, 0xFD, 0xFE, 0xFF]] = np.nan
    else:
        v[[0x7F, 0xFF]] = np.nan
    return v


def widen(bits: np.ndarray) -> np.ndarray:
    """bfloat16 bit patterns (uint16), as float32."""
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_in_k_order(a: np.ndarray, w: np.ndarray) -> np.ndarray:
    """a·wᵀ summed in f32 one k at a time from k = 0 (each bf16 product is exact in f32): the emulator's order."""
    acc = np.zeros((a.shape[0], w.shape[0]), np.float32)
    for k in range(a.shape[1]):
        acc += np.outer(a[:, k], w[:, k])
    return acc
