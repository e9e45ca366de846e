"""Reading a build's machine code in the tests that check it without a GPU (the FP8 GEMMs, the sm_90a
attention, the small-m GEMM siblings): CUDA 13's `cuobjdump` where it is, a cubin's SASS, and a PTX or SASS
listing cut into its kernels."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest


def cuobjdump() -> str | None:
    """CUDA 13's cuobjdump: on PATH, beside ptxas, or from PyPI's `nvidia-cuda-cuobjdump` (the test extra)."""
    found = shutil.which("cuobjdump")
    if found:
        return found
    ptxas = shutil.which("ptxas")
    places = [Path(ptxas).resolve().parent / "cuobjdump"] if ptxas else []
    try:
        import nvidia  # type: ignore[import-not-found, unused-ignore]  # the namespace of NVIDIA's PyPI packages

        places += [Path(p) / "cu13" / "bin" / "cuobjdump" for p in nvidia.__path__]
    except ImportError:
        pass
    return next((str(p) for p in places if p.is_file()), None)


def sass(cubin: bytes, folder: Path, name: str) -> str:
    """The SASS of `cubin` (written to `folder / name` for cuobjdump); the test is skipped without cuobjdump."""
    tool = cuobjdump()
    if tool is None:
        pytest.skip("no cuobjdump (CUDA 13) on PATH or beside ptxas")
    path = folder / name
    path.write_bytes(cubin)
    return subprocess.run([tool, "-sass", str(path)], capture_output=True, text=True, check=True, timeout=120).stdout


def per_kernel(text: str, start: str, names: Iterable[str]) -> dict[str, str]:
    """`text` (PTX or SASS) cut at each kernel's start (`start` % name: ``".entry %s("``, ``"Function : %s\\n"``),
    by kernel; each kernel's part runs to the next one's start, among `names`."""
    at = sorted((text.index(start % name), name) for name in names)
    return {name: text[i:(at[n + 1][0] if n + 1 < len(at) else len(text))] for n, (i, name) in enumerate(at)}
