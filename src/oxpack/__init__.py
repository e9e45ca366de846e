"""oxpack: ship GPU kernels written in safe Rust inside Python wheels."""

from __future__ import annotations

from pathlib import Path

from .errors import ConfigError, LockError, OxpackError, StageError, ToolchainError, TuneError

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "LockError",
    "OxpackError",
    "StageError",
    "ToolchainError",
    "TuneError",
    "__version__",
    "data_dir",
]


def data_dir(name: str) -> Path:
    """Folder `name` (``runtime``, ``templates``, ``plugin``, ``device``) of the installed package, or of the checkout's
    ``src/oxpack/`` (the source tree is the import tree)."""
    folder = Path(__file__).resolve().parent / name
    if not folder.is_dir():
        raise FileNotFoundError(f"oxpack data folder {name!r} not found in {folder.parent}")
    return folder
