"""The contract between build and run time, read by the build through the run time's own code.

What a build hands to a package's run time (the manifest model, the `where` language, the
dtype table) lives in ``templates/``, since every package ships a copy of it in ``_oxpack/``
and never imports oxpack. The build imports those same files here, privately (as the
package ``_oxpack_template``), so that what the build writes and checks is what the run
time will read: `manifest` (``_manifest.py``), `where` (``_where.py``), `dtypes`
(``_dtypes.py``) and `runtime` (``runtime.py``, whose `Module` the stubs renderer loads a
manifest with).
"""

from __future__ import annotations

import functools
import importlib
import sys
from types import ModuleType
from typing import Any

from . import data_dir

__all__ = ["RUNTIME_FILES", "dtypes", "manifest", "runtime", "template", "where"]

RUNTIME_FILES = ("_dtypes.py", "_fatbin.py", "_where.py", "_types.py", "_manifest.py", "_views.py", "_fast.py", "_driver.py", "_tma.py",
                 "_arrays.py", "_requires.py", "_checks.py", "_place.py", "_traps.py", "_graphs.py", "runtime.py")
"""The run-time library every package ships in ``_oxpack/`` (``templates/``, copied as they are),
bottom up: each module imports only those before it; ``runtime.py``, the last, is its face."""


@functools.cache
def template(name: str) -> ModuleType:
    """Module `name` of ``templates/`` (``_manifest``, ``runtime``, ...), imported privately."""
    package = ModuleType("_oxpack_template")
    package.__path__ = [str(data_dir("templates"))]
    sys.modules.setdefault("_oxpack_template", package)
    return importlib.import_module(f"_oxpack_template.{name}")


def manifest() -> Any:
    """``_manifest.py``: `Manifest`, `Kernel`, `Signature`, `Param`, ... and `SCHEMA`."""
    return template("_manifest")


def where() -> Any:
    """``_where.py``: `parse`, `render`, `WhereError`, `HELP` and the syntax tree's nodes."""
    return template("_where")


def dtypes() -> Any:
    """``_dtypes.py``: `DTYPES`, the one table of element types."""
    return template("_dtypes")


def runtime() -> Any:
    """``runtime.py``: `Module`, `ManifestError`, ..."""
    return template("runtime")
