"""Build a project's kernels and lay out what goes into its wheel.

Shared by every front end (the CLI, the hatchling hook, the CMake module): they
differ only in where the files go and how errors are reported.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomli, the package tomllib came from (a dependency there)
    import tomli as tomllib

from .cache import clean_stale, temp_dir
from .config import Config, load_config, resolve_package_dir
from .errors import ConfigError, StageError
from .lockfile import check_lock
from .pipeline import BuildResult, build_project

__all__ = ["Staged", "build_into", "import_path", "project_name", "render_into"]


@dataclass(frozen=True)
class Staged:
    result: BuildResult
    files: dict[str, Path]  # path inside the wheel (posix) → file on disk


def project_name(project_dir: Path) -> str | None:
    try:
        data = tomllib.loads((project_dir / "pyproject.toml").read_bytes().decode())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    project = data.get("project", {})
    if not isinstance(project, dict):
        raise ConfigError(f"`project` in `{project_dir / 'pyproject.toml'}` must be a table (`[project]` with "
                          f"`name = \"...\"`), got {type(project).__name__} {json.dumps(project, default=str)[:40]}")
    name = project.get("name")
    return name if isinstance(name, str) else None


def import_path(package_dir: Path) -> str:
    """`src/vecmath` → `vecmath`: the package's path below its import root.

    The root is the first parent without an `__init__.py`.
    """
    parts = [package_dir.name]
    parent = package_dir.parent
    while (parent / "__init__.py").is_file():
        parts.insert(0, parent.name)
        parent = parent.parent
    return "/".join(parts)


def build_into(
    project_dir: Path,
    out_dir: Path,
    *,
    overrides: Mapping[str, Any] | None = None,
    cli: Mapping[str, Any] | None = None,
    locked: bool | None = None,
    log: Callable[[str], None] | None = None,
    verbose: bool = False,
    config: Config | None = None,
) -> Staged:
    """Build, check the lock if asked, and render stubs + fatbins under `out_dir/<package path>`."""
    config = config or load_config(project_dir, overrides, cli=cli)
    package_dir = resolve_package_dir(config, project_name(config.project_dir))
    from .stubs import check_package_names

    check_package_names(config.module, package_dir)  # before compiling: the user's files stay theirs
    result = build_project(config, log=log, verbose=verbose)
    if config.locked if locked is None else locked:
        check_lock(config.project_dir, result)
    rel = import_path(package_dir)
    target = out_dir / rel
    written = render_into(result, target)
    files = {f"{rel}/{p.relative_to(target).as_posix()}": p for p in written}
    return Staged(result, files)


def render_into(result: BuildResult, target: Path) -> list[Path]:
    """Render the stubs and fatbins into `target`, all or nothing: into a temporary folder beside
    them first (a full disk or a kill leaves the previous files as they were), then each file moved
    into place; unchanged files are left alone, as is an existing `py.typed`."""
    from .stubs import render_stubs

    target.mkdir(parents=True, exist_ok=True)
    clean_stale(target)
    staging = temp_dir(target, "stubs")
    try:
        written = []
        for path in render_stubs(result.manifest(), staging, result.fatbins(), result.host_libraries()):
            dest = target / path.relative_to(staging)
            dest.parent.mkdir(parents=True, exist_ok=True)
            keep = dest.is_file() and (path.name == "py.typed" or dest.read_bytes() == path.read_bytes())
            if not keep:
                os.replace(path, dest)
            written.append(dest)
        return written
    except OSError as exc:
        raise StageError(f"cannot write the generated module into `{target}`: {exc.strerror or exc}; free space "
                         "there or fix its permissions, then rerun (the files of the previous build are unchanged)",
                         stage="stubs") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
