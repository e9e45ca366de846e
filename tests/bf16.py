"""bfloat16 host arrays for emulated tests: NumPy has no bfloat16, so a test keeps the bits in a
uint16 array and hands the kernel a DLPack view of them as bfloat16 (as a PyTorch CPU tensor
exports one). Shared by the emulation tests; example-project/tests keeps its own copy, since it
ships with the example and cannot import oxpack's tests."""

from __future__ import annotations

import ctypes

import numpy as np

__all__ = ["BFloat16", "to_bf16"]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.c_void_p), ("byte_offset", ctypes.c_uint64),
                ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class BFloat16:
    """A CPU bfloat16 array seen through DLPack; its bits live in a uint16 NumPy array (any shape,
    C-contiguous), passed flat. A view keeps its address, so the kernel sees its alignment."""

    def __init__(self, bits: np.ndarray) -> None:
        assert bits.dtype == np.uint16 and bits.flags.c_contiguous
        self.bits = bits
        self.shape = bits.shape  # the 2-D shape a TMA source takes (the DLPack view stays flat)
        self._shape = (ctypes.c_int64 * 1)(bits.size)
        self._tensor = _DLTensor(bits.ctypes.data, 1, 0, 1, 4, 16, 1, self._shape, None, 0, None, None)

    def __dlpack__(self, **kw: object) -> object:
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self._tensor), b"dltensor", None)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


def to_bf16(x: np.ndarray) -> np.ndarray:
    """The bits of the bf16 nearest to each value (round to nearest even)."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
