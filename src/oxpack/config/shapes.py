"""The shape of `pyproject.toml` around oxpack's own table: each key that a command reads must be of
the kind the packaging standards (PEP 621, PEP 518) and hatchling give it, or the command stops with
one line naming the key, what it is and what it should be, before it reads any of it. `oxpack init`
checks every key it edits; `build`, `lock` and `doctor` (through `load_config`) the ones they read."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

__all__ = ["BUILD_KEYS", "INIT_KEYS", "shape_problem"]

_TABLE, _TEXT, _TEXTS = "a table", "a string", "a list of strings"
_EXAMPLES: Final = {
    "project": "`[project]` with `name = \"...\"`", "project.name": "like `name = \"vecmath\"`",
    "project.dependencies": "like `dependencies = [\"numpy\"]`", "project.dynamic": "like `dynamic = [\"version\"]`",
    "project.requires-python": "like `requires-python = \">=3.10\"`",
    "project.optional-dependencies": "`[project.optional-dependencies]`",
    "project.optional-dependencies.test": "like `test = [\"pytest\"]`",
    "build-system": "`[build-system]`", "build-system.requires": "like `requires = [\"hatchling\"]`",
    "build-system.build-backend": "like `build-backend = \"hatchling.build\"`",
    "tool": "`[tool.oxpack]` and its siblings", "tool.oxpack": "`[tool.oxpack]`",
}
# the keys each command reads, parents first: (dotted key, what it must be)
# (oxpack's own two tables: `load_config` names them among all its problems)
BUILD_KEYS: Final = (
    ("project", _TABLE), ("project.name", _TEXT), ("tool", _TABLE), ("tool.hatch", _TABLE),
    ("tool.hatch.build", _TABLE), ("tool.hatch.build.hooks", _TABLE),
)
INIT_KEYS: Final = BUILD_KEYS + (
    ("tool.oxpack", _TABLE), ("tool.hatch.build.hooks.oxpack", _TABLE),
    ("project.dependencies", _TEXTS), ("project.dynamic", _TEXTS), ("project.requires-python", _TEXT),
    ("project.optional-dependencies", _TABLE), ("project.optional-dependencies.test", _TEXTS),
    ("build-system", _TABLE), ("build-system.requires", _TEXTS), ("build-system.build-backend", _TEXT),
    ("tool.uv", _TABLE),
)


def _kind(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "an array" if value else "an empty array"
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    return names.get(type(value), f"a {type(value).__name__}")


def _fits(value: Any, what: str) -> bool:
    if what == _TABLE:
        return isinstance(value, Mapping)
    if what == _TEXT:
        return isinstance(value, str)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def shape_problem(data: Mapping[str, Any], path: str, keys: tuple[tuple[str, str], ...]) -> str | None:
    """The first key of `keys` present in `data` with the wrong kind, as one sentence naming the key in
    file `path`, what it is and what it must be; None when every one fits (or is absent)."""
    for dotted, what in keys:
        value: Any = data
        for part in dotted.split("."):
            if not isinstance(value, Mapping) or part not in value:
                value = None
                break
            value = value[part]
        if value is None or _fits(value, what):
            continue
        shown = json.dumps(value, default=str)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        if isinstance(value, list) and what == _TEXTS:
            bad = next(i for i, v in enumerate(value, 1) if not isinstance(v, str))
            return (f"`{dotted}` in `{path}` must be {what} ({_EXAMPLES.get(dotted, 'each in quotes')}), but "
                    f"item {bad} is {_kind(value[bad - 1])} ({json.dumps(value[bad - 1], default=str)[:40]})")
        example = _EXAMPLES.get(dotted, f"`[{dotted}]`" if what == _TABLE else "")
        return (f"`{dotted}` in `{path}` must be {what}{f' ({example})' if example else ''}, got {_kind(value)} "
                f"`{shown}`")
    return None
