"""The contract between build and run time, read by the build through the run time's own code.

What a build hands to a package's run time (the manifest model, the `where` language, the
dtype table) lives in ``runtime/``, which every package ships a copy of in ``_oxpack/`` and
which never imports oxpack. The build imports those same files, as the modules of
`oxpack.runtime`, so that what it writes and checks is what the run time will read:
`manifest` (``_manifest.py``), `where` (``_where.py``), `dtypes` (``_dtypes.py``), `tuning`
(``_tuning.py``, the tuning table that `oxpack tune` writes and a build ships) and `runtime`
(``runtime.py``, whose `Module` the stubs renderer loads a manifest with). Each is imported when
first asked for: a build that the cache answers loads none of them.
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["dtypes", "manifest", "runtime", "tuning", "where"]


def manifest() -> ModuleType:
    """``_manifest.py``: `Manifest`, `Kernel`, `Signature`, `Param`, ... and `SCHEMA`."""
    from .runtime import _manifest
    return _manifest


def where() -> ModuleType:
    """``_where.py``: `parse`, `render`, `WhereError`, `HELP` and the syntax tree's nodes."""
    from .runtime import _where
    return _where


def dtypes() -> ModuleType:
    """``_dtypes.py``: `DTYPES`, the one table of element types."""
    from .runtime import _dtypes
    return _dtypes


def tuning() -> ModuleType:
    """``_tuning.py``: `Table`, `read_table`, `write_table`, `package_digest`, `TuningError`, ..."""
    from .runtime import _tuning
    return _tuning


def runtime() -> ModuleType:
    """``runtime.py``: `Module`, `ManifestError`, ..."""
    from .runtime import runtime
    return runtime
