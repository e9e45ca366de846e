"""Where oxpack settings come from: `load_config` fills the `Config` model from its sources, validated once.

Sources, later ones winning key by key: (1) ``[tool.oxpack]`` in the project's
``pyproject.toml`` (a missing table means defaults); (2) the hatch build hook's own table
``[tool.hatch.build.hooks.oxpack]`` with the same keys, read from the same file by every entry
point (the CLI and the CMake module too), and ``overrides``, that table as hatch hands it to the
hook (hatch's own keys ``dependencies``, ``require-runtime-dependencies``,
``require-runtime-features`` and ``enable-by-default`` are left out); (3) ``cli``, the options of
``oxpack build`` (``--archs``, ``--ptx``, ``--kernels``, ``--module``); (4) the environment:
``OXPACK_RUSTC`` (``rustc``), ``OXPACK_CACHE_DIR`` (``cache-dir``), ``OXPACK_LOCKED`` (``locked``:
1/true/yes or 0/false/no), ``OXPACK_EMULATION`` (``emulation``, the same), ``OXPACK_ARCHS`` (``archs``, comma-separated), ``OXPACK_PROFILE``
(``profile``), ``OXPACK_TOOL_TIMEOUT`` (``tool-timeout``, seconds), ``OXPACK_PTXAS`` (``ptxas``), ``OXPACK_REMOTE_CACHE``
(``remote-cache``) and ``OXPACK_REMOTE_CACHE_MODE`` (``remote-cache-mode``); an empty variable is
unset. Every source is validated, also where a later one replaces its value. A relative
``cache-dir`` (or ``rustc`` path) is resolved against the project root, a relative
``OXPACK_CACHE_DIR`` (``OXPACK_RUSTC``) against the current folder; the :class:`Config` holds them
absolute.

All problems in all sources are reported together in one :class:`ConfigError` whose lines
name the exact TOML key, option or variable in backticks, under a header that names the
sources with a problem (the file, the command line, the environment). The resulting :class:`Config` is passed
down; nothing else in oxpack reads these settings from the environment.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomli, the package tomllib came from (a dependency there)
    import tomli as tomllib

from ..errors import ConfigError
from .checks import CHECKS, Invalid, cap, got, unknown
from .model import CLI, FIELD_BY_KEY, HOOK_TABLE, TABLE, Config
from .shapes import BUILD_KEYS, shape_problem

__all__ = ["config_from_mapping", "load_config", "resolve_package_dir"]

HATCH_HOOK_KEYS: Final = frozenset(
    {"dependencies", "require-runtime-dependencies", "require-runtime-features", "enable-by-default"}
)
_ENV_BOOL: Final = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}
_ENV_BOOL_FIELDS: Final = ("locked", "emulation")  # the settings a variable turns on or off
ENV_VARS: Final = {"OXPACK_RUSTC": "rustc", "OXPACK_CACHE_DIR": "cache_dir", "OXPACK_LOCKED": "locked",
                    "OXPACK_EMULATION": "emulation",
                    "OXPACK_ARCHS": "archs", "OXPACK_PROFILE": "profile",
                    "OXPACK_TOOL_TIMEOUT": "tool_timeout", "OXPACK_PTXAS": "ptxas",
                    # the shared build cache
                    "OXPACK_REMOTE_CACHE": "remote_cache", "OXPACK_REMOTE_CACHE_MODE": "remote_cache_mode"}


# --- sources --------------------------------------------------------------------------

_FILE: Final = "file"
_ENV: Final = "environment"
_Raw = tuple[str, Any, str, str]  # field name, raw value, subject for messages, origin (_FILE, CLI or _ENV)


def _collect(layers: list[tuple[Any, str]], env: Mapping[str, str],
             problems: list[tuple[str, str]]) -> list[_Raw]:
    """Every (field name, raw value, subject naming where it came from, origin), in layer order (later
    ones win); ``problems`` gets (origin, line) pairs.

    Every layer is returned, not only the winning one: a file's value is validated even where a later
    layer (the command line, the environment) replaces it, so a setting never passes on one machine
    and fails on another. A layer named `CLI` is the command line: its subjects are `--key`.
    """
    raw: list[_Raw] = []
    for table, where in layers:
        origin = CLI if where == CLI else _FILE
        if not isinstance(table, Mapping):
            problems.append((origin, f"`{where}` must be a table, got {got(table)}"))
            continue
        for key, value in table.items():
            name = FIELD_BY_KEY.get(str(key))
            if name is None:
                problems.append((origin, unknown(str(key), where)))
            elif where == CLI:
                raw.append((name, value, f"option `--{key}` on the command line", CLI))
            else:
                raw.append((name, value, f"option `{key}` in `{where}`", _FILE))
    for var, name in ENV_VARS.items():
        text, subject = env.get(var, "").strip(), f"environment variable `{var}`"
        if name in _ENV_BOOL_FIELDS and text and text.lower() not in _ENV_BOOL:
            problems.append((_ENV, f"{cap(subject)} must be one of 1, true, yes, 0, false, no, got `{text}`"))
        elif name == "tool_timeout" and text:
            try:
                raw.append((name, float(text), subject, _ENV))
            except ValueError:
                problems.append((_ENV, f"{cap(subject)} must be a number of seconds like `600`, got `{text}`"))
        elif text:
            split = [part.strip() for part in text.split(",") if part.strip()]
            value = _ENV_BOOL[text.lower()] if name in _ENV_BOOL_FIELDS else split if name == "archs" else text
            raw.append((name, value, subject, _ENV))
    return raw


def _absolute(value: str, origin: str, project_dir: Path) -> str:
    """A folder setting made absolute: the environment's and the command line's relative to the
    current folder (as a shell reads them), the file's relative to the project root."""
    path = Path(value).expanduser()
    base = project_dir if origin == _FILE else Path.cwd()
    return os.path.normpath(base / path)


def _header(source: str, origins: list[str], count: int) -> str:
    """`invalid oxpack configuration in `pyproject.toml` and in the environment (2 problems)`: the
    header names every source that has a problem, never one that has none."""
    where = {_FILE: f"in `{source}`", CLI: "on the command line", _ENV: "in the environment"}
    places = [where[o] for o in (_FILE, CLI, _ENV) if o in origins]
    joined = places[0] if len(places) == 1 else ", ".join(places[:-1]) + " and " + places[-1]
    return f"invalid oxpack configuration {joined} ({count} problem{'s' if count > 1 else ''})"


def _build(layers: list[tuple[Any, str]], env: Mapping[str, str] | None, source: str,
           project_dir: Path) -> Config:
    problems: list[tuple[str, str]] = []
    root = Path(project_dir).resolve()
    collected = _collect(layers, os.environ if env is None else env, problems)
    values: dict[str, Any] = {}
    raw: dict[str, tuple[Any, str, str]] = {}
    for name, value, subject, origin in collected:
        raw[name] = (value, subject, origin)
        try:
            values[name] = CHECKS[name](value, subject)
        except Invalid as exc:
            problems.extend((origin, line) for line in exc.args)
            values.pop(name, None)
    ptx, archs = values.get("ptx", Config.ptx), values.get("archs", Config.archs)
    if ptx not in (None, "auto") and "ptx" in values and ("archs" in values or "archs" not in raw) \
            and ptx not in archs:
        configured = ", ".join(f"`{a}`" for a in archs)
        problems.append((raw["ptx"][2], f"{cap(raw['ptx'][1])} names `{ptx}`, which is not among the "
                         f"configured archs ({configured}); add it to `archs` or use `auto`"))
    problems = list(dict.fromkeys(problems))  # the hook's table can arrive twice (file and hatch)
    if problems:
        raise ConfigError(_header(source, [o for o, _ in problems], len(problems)), [line for _, line in problems])
    if "cache_dir" in values:
        values["cache_dir"] = _absolute(values["cache_dir"], raw["cache_dir"][2], root)
    if "rustc" in values and os.sep in values["rustc"]:  # a path, not a name to look up on PATH
        values["rustc"] = _absolute(values["rustc"], raw["rustc"][2], root)
    origins = tuple(sorted((name, raw[name][1]) for name in values))
    return Config(**values, project_dir=root, source=source, origins=origins)


def config_from_mapping(data: Mapping[str, Any], *, source: str, project_dir: Path,
                        env: Mapping[str, str] | None = None) -> Config:
    """Validate ``data`` (the ``[tool.oxpack]`` table) plus the environment (``os.environ`` if None)."""
    return _build([(data, TABLE)], env, source, project_dir)


def load_config(project_dir: Path, overrides: Mapping[str, Any] | None = None,
                env: Mapping[str, str] | None = None, *, cli: Mapping[str, Any] | None = None) -> Config:
    """Read ``<project_dir>/pyproject.toml``: ``[tool.oxpack]``, then the hook's own table
    ``[tool.hatch.build.hooks.oxpack]`` (read here too, so that every entry point builds the same
    thing), then ``overrides`` (the hook's table as hatch hands it over), ``cli`` (command-line
    options) and ``env`` (``os.environ`` if None)."""
    root = Path(project_dir).resolve()
    path = root / "pyproject.toml"
    try:
        with path.open("rb") as stream:
            document = tomllib.load(stream)
    except FileNotFoundError:
        raise ConfigError(f"no `pyproject.toml` in {root}; oxpack reads its settings from `[{TABLE}]` "
                          "there") from None
    except IsADirectoryError:
        raise ConfigError(f"`{path}` is a folder, not a file; oxpack reads its settings from `[{TABLE}]` "
                          "in that file") from None
    except OSError as exc:
        raise ConfigError(f"cannot read `{path}`: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"cannot parse `{path}`: it is not UTF-8 text (byte {exc.start}); "
                          "TOML files must be UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        bom = path.read_bytes().startswith(b"\xef\xbb\xbf")
        hint = "; it starts with a byte-order mark (BOM): save it as UTF-8 without one" if bom else ""
        raise ConfigError(f"cannot parse `{path}`: {exc}{hint}") from None
    problem = shape_problem(document, str(path), BUILD_KEYS)
    if problem is not None:
        raise ConfigError(f"{problem}; fix it, then rerun")
    tool = document.get("tool", {})
    layers: list[tuple[Any, str]] = [(tool.get("oxpack", {}) if isinstance(tool, dict) else tool, TABLE)]
    hatch = tool.get("hatch", {}) if isinstance(tool, dict) else {}
    hooks = hatch.get("build", {}) if isinstance(hatch, dict) else {}
    hooks = hooks.get("hooks", {}) if isinstance(hooks, dict) else {}
    hook = hooks.get("oxpack") if isinstance(hooks, dict) else None
    for table in (hook, overrides):
        if table is not None:
            keep = {k: v for k, v in table.items() if k not in HATCH_HOOK_KEYS} if isinstance(table, Mapping) \
                else table
            layers.append((keep, HOOK_TABLE))
    if cli:
        layers.append((cli, CLI))
    return _build(layers, env, "pyproject.toml", root)


def resolve_package_dir(config: Config, project_name: str | None) -> Path:
    """The folder that receives the generated module: ``package``, else ``src/<name>`` or ``<name>``."""
    root = config.project_dir
    if config.package is not None:
        folder = root / config.package
        if not folder.is_dir():
            raise ConfigError(f"Option `package` in `{TABLE}` names `{config.package}`, which is not a folder "
                              f"in {root}; create it or fix the option")
        return folder
    if not project_name:
        raise ConfigError(f"Option `package` in `{TABLE}` is not set and the project has no name to guess "
                          "the package folder from; set `package` to the folder that receives the module")
    name = re.sub(r"[-_.]+", "_", project_name).lower()
    for candidate in (f"src/{name}", name):
        if (root / candidate).is_dir():
            return root / candidate
    raise ConfigError(f"Option `package` in `{TABLE}` is not set and neither `src/{name}` nor `{name}` is a "
                      f"folder in {root}; set `package` to the folder that receives the generated module")
