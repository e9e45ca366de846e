"""Finding NVIDIA's libdevice (`libdevice.10.bc`), the bitcode behind CUDA's math functions.

oxpack links it only into kernels that call one of its functions (`__nv_expf`, …,
used by `oxpack::math`). It comes from the `nvidia-nvvm` wheel (`pip install
oxpack[libdevice]`), a CUDA toolkit (`$CUDA_HOME/nvvm/libdevice`), or
`OXPACK_LIBDEVICE`.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from ..store.cache import digest
from .nvidia import nvidia_package_roots

__all__ = ["find_libdevice", "libdevice_id", "MISSING"]

MISSING = (
    f"install libdevice with `pip install nvidia-nvvm` into the environment of {sys.executable} (`{sys.executable} "
    "-m pip install nvidia-nvvm`; in a pyproject build, `oxpack[libdevice]` in `build-system.requires`), "
    "or point `OXPACK_LIBDEVICE` at a libdevice.10.bc"
)


def find_libdevice() -> Path | None:
    """The first libdevice.10.bc found: OXPACK_LIBDEVICE, the nvidia-nvvm wheel, CUDA_HOME."""
    configured = os.environ.get("OXPACK_LIBDEVICE")
    if configured:
        return Path(configured)
    for root in nvidia_package_roots():  # wherever this Python imports NVIDIA's wheels from
        found = sorted(root.glob("*/nvvm/libdevice/libdevice*.bc"))
        if found:
            return found[-1]
    for var in ("CUDA_HOME", "CUDA_PATH"):
        home = os.environ.get(var)
        if home:
            found = sorted(Path(home).glob("nvvm/libdevice/libdevice*.bc"))
            if found:
                return found[-1]
    return None


@functools.lru_cache(maxsize=4)
def _file_id(path: Path, mtime_ns: int) -> str:
    return digest(path.read_bytes())


def libdevice_id(path: Path | None) -> str:
    """The digest of the libdevice at `path` (part of the link stage's cache key)."""
    if path is None or not path.is_file():
        return "none"
    return _file_id(path, path.stat().st_mtime_ns)
