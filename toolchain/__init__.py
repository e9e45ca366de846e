"""oxpack: ship GPU kernels written in safe Rust inside Python wheels."""

from __future__ import annotations

from pathlib import Path

from .errors import ConfigError, LaunchError, LockError, OxpackError, StageError, ToolchainError

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "LaunchError",
    "LockError",
    "OxpackError",
    "StageError",
    "ToolchainError",
    "__version__",
    "data_dir",
]


def data_dir(name: str) -> Path:
    """Folder `name` (``templates``, ``plugin``, ``device``) in an install or a source checkout.

    In a wheel, hatch's ``sources`` remap puts `templates/` and `plugin/` inside
    the package; in a source checkout they sit beside `toolchain/`.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / name, here.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"oxpack data folder {name!r} not found beside {here}")
