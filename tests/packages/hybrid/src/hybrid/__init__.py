"""A C extension (`hybrid.add`) and GPU kernels in safe Rust (`hybrid.gpu`) in one wheel."""

from ._native import add

__all__ = ["add"]
