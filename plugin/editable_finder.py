"""The import hook of an editable install (`pip install -e .`) of a package with oxpack kernels.

The hatchling hook copies this file, unchanged, into the editable wheel as
``_oxpack_editable_<project>.py`` beside a ``.pth`` line that calls `install`. An
editable install imports the package from the project's own folder, where the
generated module is not (oxpack writes nothing into the source tree); this finder
answers for the generated names (``<package>.kernels``, ``<package>._oxpack``) from
the folder that holds them, and for nothing else.

After a kernel file or ``pyproject.toml`` changes, the next import rebuilds the module
when oxpack itself is importable here (an install with ``--no-build-isolation``, or
oxpack installed in the environment), through oxpack's cache, into
``<project>/build/oxpack-editable``. Otherwise it keeps the module built at install
time and says once, on stderr, to run ``pip install -e .`` again. An unchanged import
costs a `stat` of each kernel file.

Standard library only: it runs in every interpreter of the environment.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["OxpackEditableFinder", "fingerprint", "install"]

REBUILD_FOLDER = "build/oxpack-editable"
STAMP = "oxpack-editable.json"


def fingerprint(project: Path, kernels: Sequence[str]) -> list[list[object]]:
    """What an edit changes: (path, size, mtime) of pyproject.toml and every kernel file."""
    files = {project / "pyproject.toml"}
    for pattern in kernels:
        files.update(project.glob(pattern))
    out: list[list[object]] = []
    for file in sorted(files):
        try:
            stat = file.stat()
        except OSError:
            continue
        out.append([file.relative_to(project).as_posix(), stat.st_size, stat.st_mtime_ns])
    return out


class OxpackEditableFinder:
    """Finds `<package>.<name>` for the names oxpack generated, in the folder built last."""

    def __init__(self, package: str, built: Path, project: Path, kernels: Sequence[str],
                 built_from: list[list[object]], overrides: dict[str, object]) -> None:
        self.package = package
        self.built = built  # <site-packages>/_oxpack_editable_<project>/<package path>
        self.project = project
        self.kernels = tuple(kernels)
        self.built_from = built_from
        self.overrides = overrides  # the hook's own table in pyproject.toml
        self._folder: Path | None = None

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        parent, _, child = fullname.rpartition(".")
        if parent != self.package:
            return None
        folder = self.folder()
        if not ((folder / f"{child}.py").is_file() or (folder / child / "__init__.py").is_file()):
            return None
        return importlib.machinery.PathFinder.find_spec(fullname, [str(folder)])

    def folder(self) -> Path:
        """The folder of the generated files that match the project's sources, rebuilt if need be."""
        if self._folder is None:
            self._folder = self._current()
        return self._folder

    def _current(self) -> Path:
        if not self.project.is_dir():
            return self.built
        now = fingerprint(self.project, self.kernels)
        if now == self.built_from:
            return self.built
        rebuilt = self.project / REBUILD_FOLDER
        relative = Path(*self.package.split("."))
        try:
            if json.loads((rebuilt / STAMP).read_text()) == now:
                return rebuilt / relative
        except (OSError, ValueError):
            pass
        if importlib.util.find_spec("oxpack") is None:
            print(f"{self.package}: the kernels in {self.project} changed since the editable install, and oxpack "
                  f"is not installed here to rebuild them: run `pip install -e {self.project}` again",
                  file=sys.stderr)
            return self.built
        from oxpack.errors import OxpackError

        try:  # with host libraries where they build, as at install time (emu2: oxpack.emulation)
            from oxpack.emulation import build_editable as build_into
        except ImportError:  # an oxpack from before emulation
            from oxpack.project import build_into

        # built beside, then swapped in: another process never imports a half-written folder
        fresh = rebuilt.with_name(f"{rebuilt.name}.{os.getpid()}.tmp")
        try:
            build_into(self.project, fresh, overrides=self.overrides)
        except OxpackError as exc:
            shutil.rmtree(fresh, ignore_errors=True)
            raise ImportError(f"{self.package}: rebuilding the kernels of {self.project} failed: {exc.message}") from None
        (fresh / STAMP).write_text(json.dumps(now))
        old = rebuilt.with_name(f"{rebuilt.name}.{os.getpid()}.old")
        if rebuilt.exists():
            os.replace(rebuilt, old)
        try:
            os.replace(fresh, rebuilt)
        except OSError:  # another process swapped its own build in first: the same sources
            pass
        shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(fresh, ignore_errors=True)
        return rebuilt / relative


def install(package: str, built: str, project: str, kernels: Sequence[str], built_from: list[list[object]],
            overrides: dict[str, object]) -> None:
    """Put a finder for `package`'s generated modules first on `sys.meta_path` (from the `.pth`)."""
    finder = OxpackEditableFinder(package, Path(built), Path(project), kernels, built_from, overrides)
    sys.meta_path.insert(0, finder)
