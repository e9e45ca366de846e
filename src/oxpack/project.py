"""A project's layout: its name (`[project]` of pyproject.toml) and a package folder's import path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomli, the package tomllib came from (a dependency there)
    import tomli as tomllib

from .errors import ConfigError

__all__ = ["import_path", "project_name"]


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
