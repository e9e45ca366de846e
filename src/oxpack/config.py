"""oxpack settings: one frozen, typed model, filled from three sources and validated once.

Sources, later ones winning key by key: (1) ``[tool.oxpack]`` in the project's
``pyproject.toml`` (a missing table means defaults); (2) the hatch build hook's own table
``[tool.hatch.build.hooks.oxpack]`` with the same keys, read from the same file by every entry
point (the CLI and the CMake module too), and ``overrides``, that table as hatch hands it to the
hook (hatch's own keys ``dependencies``, ``require-runtime-dependencies``,
``require-runtime-features`` and ``enable-by-default`` are left out); (3) ``cli``, the options of
``oxpack build`` (``--archs``, ``--ptx``, ``--kernels``, ``--module``); (4) the environment:
``OXPACK_RUSTC`` (``rustc``), ``OXPACK_CACHE_DIR`` (``cache-dir``), ``OXPACK_LOCKED`` (``locked``:
1/true/yes or 0/false/no), ``OXPACK_ARCHS`` (``archs``, comma-separated), ``OXPACK_PROFILE``
(``profile``), ``OXPACK_TOOL_TIMEOUT`` (``tool-timeout``, seconds), ``OXPACK_REMOTE_CACHE``
(``remote-cache``) and ``OXPACK_REMOTE_CACHE_MODE`` (``remote-cache-mode``); an empty variable is
unset. Every source is validated, also where a later one replaces its value. A relative
``cache-dir`` (or ``rustc`` path) is resolved against the project root, a relative
``OXPACK_CACHE_DIR`` (``OXPACK_RUSTC``) against the current folder; the :class:`Config` holds them
absolute.

All problems in all sources are reported together in one :class:`ConfigError` whose lines
name the exact TOML key, option or variable in backticks, under a header that names the
sources with a problem (the file, the command line, the environment). The resulting :class:`Config` is passed
down; nothing else in oxpack reads these settings from the environment.
``config_schema.json`` beside this module is generated from :class:`Config` (run
``python -m oxpack.config`` to rewrite it); a test fails when the two drift apart.
"""

from __future__ import annotations

import difflib
import json
import keyword
import math
import os
import re
import sys
import types
from collections.abc import Callable, Mapping
from dataclasses import Field, dataclass, field, fields
from pathlib import Path
from typing import Any, Final, get_args, get_origin, get_type_hints

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomli, the package tomllib came from (a dependency there)
    import tomli as tomllib

from .errors import ConfigError
from .nvidia import FATBIN_COMPRESSION

__all__ = ["Config", "config_from_mapping", "json_schema", "load_config", "resolve_package_dir", "write_schema"]

TABLE: Final = "tool.oxpack"
HOOK_TABLE: Final = "tool.hatch.build.hooks.oxpack"
CLI: Final = "command line"
HATCH_HOOK_KEYS: Final = frozenset(
    {"dependencies", "require-runtime-dependencies", "require-runtime-features", "enable-by-default"}
)
MIN_ARCH: Final = 80
_ARCH_RE: Final = re.compile(r"sm_([1-9][0-9]+)([af]?)")
_ARCH_PATTERN: Final = r"sm_([89][0-9]|[1-9][0-9]{2,})[af]?"  # the same rule (>= 80) for the schema
_GLOB: Final = "kernels/**/*.rs"
_COMPRESSION: Final = tuple(FATBIN_COMPRESSION)  # speed, balance, size, none
_ENV_BOOL: Final = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}
_ENV_VARS: Final = {"OXPACK_RUSTC": "rustc", "OXPACK_CACHE_DIR": "cache_dir", "OXPACK_LOCKED": "locked",
                    "OXPACK_ARCHS": "archs", "OXPACK_PROFILE": "profile",  # OXPACK_PROFILE: issue 9
                    "OXPACK_TOOL_TIMEOUT": "tool_timeout",
                    # issue 20: the shared build cache
                    "OXPACK_REMOTE_CACHE": "remote_cache", "OXPACK_REMOTE_CACHE_MODE": "remote_cache_mode"}


def _opt(default: Any, doc: str, *, schema: Mapping[str, Any] | None = None, toml: bool = True) -> Any:
    """A field whose ``doc`` is its documentation and schema description."""
    return field(default=default, metadata={"doc": doc, "schema": dict(schema or {}), "toml": toml})


@dataclass(frozen=True)
class Config:
    """Validated settings of one project; build it with :func:`load_config`."""

    kernels: tuple[str, ...] = _opt(
        (_GLOB,), "Globs, relative to the project root, that select the kernel sources (`.rs`); "
        "a single string is one glob.",
        schema={"anyOf": [{"type": "string", "minLength": 1},
                          {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}]})
    package: str | None = _opt(
        None, "Folder, relative to the project root, that receives the generated module (for example "
        "`src/vecmath`); unset means `src/<name>` or `<name>` from the project name.", schema={"minLength": 1})
    module: str = _opt(
        "kernels", "Name of the generated Python module: a Python identifier that is not a keyword, "
        "`_oxpack` or a `__dunder__` name, nor a module or folder of the package's own.",
        schema={"pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                "not": {"anyOf": [{"enum": sorted([*keyword.kwlist, "_oxpack"])}, {"pattern": "^__.*__$"}]}})
    archs: tuple[str, ...] = _opt(
        ("sm_80", "sm_86", "sm_89", "sm_90"),
        "Compute capabilities to build a cubin for: unique `sm_XY` with XY >= 80 (`a`/`f` suffixes "
        "allowed, `sm_90a` differs from `sm_90`), or `native` for the GPUs of the building machine.",
        schema={"anyOf": [{"const": "native"},
                          {"type": "array", "minItems": 1, "uniqueItems": True,
                           "items": {"type": "string", "pattern": f"^({_ARCH_PATTERN}|native)$"}}]})
    ptx: str | None = _opt(
        "auto", "Which arch's PTX to embed for forward compatibility: `auto` (the highest configured "
        "arch), one of `archs`, or `none`/false for no PTX.",
        schema={"anyOf": [{"type": "string", "pattern": f"^(auto|none|{_ARCH_PATTERN})$"}, {"const": False}]})
    opt_level: int = _opt(3, "LLVM optimization level, 0 to 3.", schema={"minimum": 0, "maximum": 3})
    # -- issue 9 (traps that name their kernel): the debug profile --
    profile: str = _opt(
        "release", "`release`, or `debug`: kernels whose panics record their message and source location "
        "(`index out of bounds: the len is 10 but the index is 99 at kernels/saxpy.rs:18:24`) for the "
        "`KernelTrap` the launch raises, with arithmetic overflow checked. Slower and larger: for finding bugs.",
        schema={"enum": ["release", "debug"]})
    # -- end issue 9 --
    fatbin_compression: str = _opt(
        "speed", "How nvFatbin compresses each cubin and the PTX: `speed` (LZ4: fast to load, and the "
        "wheel's zip deflates it further), `balance` or `size` (zstd: smallest installed files), or `none`. "
        "Compressed fatbins need a driver of CUDA 12.4 or newer (the lockfile's `min-driver` says which).",
        schema={"enum": list(_COMPRESSION)})
    locked: bool = _opt(False, "Fail when the build differs from `oxpack.lock` instead of updating it.")
    emulation: bool = _opt(
        False, "Also build each kernel file for the build machine (x86-64 Linux), so that the generated "
        "module can run its kernels without a GPU (`OXPACK_EMULATE=1`); a wheel that ships these libraries "
        "is tagged for the build platform.")
    rustc: str | None = _opt(
        None, "The rustc to use: a path (relative to the project root here, to the current folder in "
        "`OXPACK_RUSTC`) or a program name looked up on PATH; unset means rustup's, then `rustc` on PATH.",
        schema={"minLength": 1})
    cache_dir: str | None = _opt(
        None, "Folder of the build cache: relative to the project root here (`OXPACK_CACHE_DIR`: relative to the "
        "current folder); unset means the user cache folder.", schema={"minLength": 1})
    tool_timeout: float = _opt(
        900.0, "Seconds that one run of an external program (a rustc compile) may take before it is stopped "
        "with an error naming the command; quick questions (`rustc -vV`) get at most 60 s of it.",
        schema={"exclusiveMinimum": 0})
    # -- issue 20: the shared build cache --
    remote_cache: str | None = _opt(
        None, "A build cache shared by machines, consulted after the local one and filled by builds: "
        "`redis://[:password@]host:port/db` (`rediss://` for TLS; needs `oxpack[redis]`) or `s3://bucket/prefix` "
        "(endpoint and credentials from the AWS environment and config files; needs `oxpack[s3]`). Whoever can "
        "write it changes the kernels that every reader ships: see `remote-cache-mode`.",
        schema={"pattern": "^(rediss?|s3)://"})
    remote_cache_mode: str = _opt(
        "read-write", "`read-write` (take entries and upload what this build made: trusted builds, such as the "
        "main branch's) or `read-only` (take entries, upload nothing: pull requests).",
        schema={"enum": ["read-write", "read-only"]})
    # -- end issue 20 --
    project_dir: Path = _opt(Path("."), "Absolute project root (set by load_config).", toml=False)
    source: str = _opt("pyproject.toml", "Where the settings came from, for messages.", toml=False)
    origins: tuple[tuple[str, str], ...] = _opt(
        (), "(field, where its value came from) for every setting not left at its default, for messages.",
        toml=False)

    def origin(self, name: str) -> str | None:
        """Where field ``name`` got its value (`environment variable `OXPACK_CACHE_DIR``, `option
        `cache-dir` in `tool.oxpack``), or None for the default."""
        return dict(self.origins).get(name)


def _toml_fields() -> list[Field[Any]]:
    return [f for f in fields(Config) if f.metadata["toml"]]


_FIELD_BY_KEY: Final = {f.name.replace("_", "-"): f.name for f in _toml_fields()}


# --- messages -------------------------------------------------------------------------

def _show(value: Any) -> str:
    text = json.dumps(value, default=str)  # TOML spelling: true, 90, "text", [1, 2], {"a": 1}
    return text if len(text) <= 60 else text[:57] + "..."


def _got(value: Any) -> str:
    kind = "table" if isinstance(value, dict) else type(value).__name__
    return f"{_show(value)} ({kind})"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _unknown(key: str, where: str) -> str:
    close = difflib.get_close_matches(key, sorted(_FIELD_BY_KEY), n=1)
    if close:
        return f"Unknown option `{key}` in `{where}`; did you mean `{close[0]}`?"
    accepted = ", ".join(f"`{k}`" for k in sorted(_FIELD_BY_KEY))
    return f"Unknown option `{key}` in `{where}`; accepted options: {accepted}"


# --- checks: (value, subject) -> converted value, or raise _Invalid(problem, ...) -------

class _Invalid(Exception):
    """A rejected value; ``args`` are its problem lines."""


_Check = Callable[[Any, str], Any]


def _check_text(value: Any, subject: str) -> Any:
    if not isinstance(value, str) or not value.strip():
        raise _Invalid(f"{_cap(subject)} must be a non-empty string, got {_got(value)}")
    return value


def _check_relative(value: Any, subject: str) -> Any:
    if Path(_check_text(value, subject)).is_absolute():
        raise _Invalid(f"{_cap(subject)} must be relative to the project root, got `{value}`")
    return value


def _each(items: list[Any], subject: str, check: _Check, extra: list[str]) -> tuple[Any, ...]:
    """Check every item (numbered from 1); report all bad items, then ``extra``, together."""
    checked: list[Any] = []
    problems: list[str] = []
    for i, item in enumerate(items, 1):
        try:
            checked.append(check(item, f"item {i} of {subject}"))
        except _Invalid as exc:
            problems.extend(exc.args)
    if problems or extra:
        raise _Invalid(*problems, *extra)
    return tuple(checked)


def _check_kernels(value: Any, subject: str) -> Any:
    if isinstance(value, str):
        return (_check_relative(value, subject),)
    if not isinstance(value, list) or not value:
        raise _Invalid(f"{_cap(subject)} must be a glob or a non-empty list of globs like `{_GLOB}`, "
                       f"got {_got(value)}")
    return _each(value, subject, _check_relative, [])


def _arch_suggestion(item: str) -> str:
    match = re.fullmatch(r"(?i)(?:sm|compute|cc)?[_-]?(\d+)\.?(\d)([af]?)", item.strip())
    guess = f"sm_{match[1]}{match[2]}{match[3].lower()}" if match else ""
    return f"; did you mean `{guess}`?" if guess and _arch_problem(guess) is None else ""


def _arch_problem(item: str) -> str | None:
    match = _ARCH_RE.fullmatch(item)
    if item == "native" or (match and int(match[1]) >= MIN_ARCH):
        return None
    if match:
        return (f"must be an arch `sm_XY` with XY >= {MIN_ARCH}, got `{item}` "
                "(oxpack targets compute capability 8.0 and newer; remove it)")
    return (f"must be an arch `sm_XY` with XY >= {MIN_ARCH} (an `a` or `f` suffix allowed) or `native`, "
            f"got `{item}`{_arch_suggestion(item)}")


def _check_arch(item: Any, subject: str) -> Any:
    problem = _arch_problem(item) if isinstance(item, str) else f"must be a string like `sm_90`, got {_got(item)}"
    if problem is not None:
        raise _Invalid(f"{_cap(subject)} {problem}")
    return item


def _check_archs(value: Any, subject: str) -> Any:
    if value == "native":
        return ("native",)
    if not isinstance(value, list):
        raise _Invalid(f"{_cap(subject)} must be a list of strings like `sm_90`, got {_got(value)}")
    if not value:
        raise _Invalid(f"{_cap(subject)} must name at least one arch like `sm_90`, got an empty list")
    first: dict[str, int] = {}
    repeats = [f"Item {i} of {subject} repeats `{item}` (item {first[item]}); remove it"
               for i, item in enumerate(value, 1) if isinstance(item, str) and first.setdefault(item, i) != i]
    return _each(value, subject, _check_arch, repeats)


def _check_ptx(value: Any, subject: str) -> Any:
    if value is False or value == "none":
        return None
    if value == "auto" or (isinstance(value, str) and _ARCH_RE.fullmatch(value) and _arch_problem(value) is None):
        return value
    if isinstance(value, str) and _ARCH_RE.fullmatch(value):
        raise _Invalid(f"{_cap(subject)} must be `auto`, `none`, false or one of the configured archs (`sm_XY` "
                       f"with XY >= {MIN_ARCH}), got `{value}`: oxpack targets compute capability 8.0 and newer")
    shown = f"`{value}`" if isinstance(value, str) else _got(value)
    raise _Invalid(f"{_cap(subject)} must be `auto`, `none`, false or one of the configured archs "
                   f"like `sm_90`, got {shown}")


def _check_module(value: Any, subject: str) -> Any:
    if not isinstance(value, str):
        raise _Invalid(f"{_cap(subject)} must be a Python identifier like `kernels`, got {_got(value)}")
    if value == "_oxpack" or (value.startswith("__") and value.endswith("__")):
        why = ("the generated module keeps its runtime, manifest and fatbins in the folder `_oxpack`"
               if value == "_oxpack" else f"`{value}` is a name Python gives meaning to"
               + (" (the package's own `__init__.py`)" if value == "__init__" else ""))
        raise _Invalid(f"{_cap(subject)} cannot be `{value}`: {why}; choose another name, like `kernels`")
    if value.isidentifier() and not keyword.iskeyword(value):
        return value
    guess = re.sub(r"\W", "_", value)
    guess = ("_" + guess if guess[:1].isdigit() else guess) + ("_" if keyword.iskeyword(guess) else "")
    hint = f"; try `{guess}`" if guess.isidentifier() else ""
    raise _Invalid(f"{_cap(subject)} must be a Python identifier that is not a keyword, got `{value}`{hint}")


def _check_opt_level(value: Any, subject: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Invalid(f"{_cap(subject)} must be an integer from 0 to 3, got {_got(value)}")
    if not 0 <= value <= 3:
        raise _Invalid(f"{_cap(subject)} must be between 0 and 3, got {value}")
    return value


def _check_timeout(value: Any, subject: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _Invalid(f"{_cap(subject)} must be a number of seconds like `600`, got {_got(value)}")
    if value <= 0:
        raise _Invalid(f"{_cap(subject)} must be more than 0 seconds, got {value}")
    return float(value)


def _check_profile(value: Any, subject: str) -> Any:  # issue 9: the debug profile
    if value not in ("release", "debug") or not isinstance(value, str):
        shown = f"`{value}`" if isinstance(value, str) else _got(value)
        raise _Invalid(f"{_cap(subject)} must be `release` or `debug`, got {shown}")
    return value


def _check_compression(value: Any, subject: str) -> Any:
    if value not in _COMPRESSION or not isinstance(value, str):
        accepted = ", ".join(f"`{c}`" for c in _COMPRESSION)
        shown = f"`{value}`" if isinstance(value, str) else _got(value)
        raise _Invalid(f"{_cap(subject)} must be one of {accepted}, got {shown}")
    return value


def _check_bool(value: Any, subject: str) -> Any:
    if not isinstance(value, bool):
        raise _Invalid(f"{_cap(subject)} must be true or false, got {_got(value)}")
    return value


def _check_remote_cache(value: Any, subject: str) -> Any:  # issue 20: the shared build cache
    from .remote import remote_problem, redact

    if not isinstance(value, str) or not value.strip():
        raise _Invalid(f"{_cap(subject)} must be a URL like `redis://host:6379/0` or `s3://bucket/prefix`, got "
                       f"{_got(value) if not isinstance(value, str) else 'an empty string'}")
    problem = remote_problem(value.strip())
    if problem is not None:
        raise _Invalid(f"{_cap(subject)} {problem}, got `{redact(value.strip())}`")
    return value.strip()


def _check_remote_mode(value: Any, subject: str) -> Any:  # issue 20
    if value not in ("read-write", "read-only") or not isinstance(value, str):
        shown = f"`{value}`" if isinstance(value, str) else _got(value)
        raise _Invalid(f"{_cap(subject)} must be `read-write` or `read-only`, got {shown}")
    return value


_CHECKS: Final[dict[str, _Check]] = {
    "kernels": _check_kernels, "package": _check_relative, "module": _check_module, "archs": _check_archs,
    "ptx": _check_ptx, "opt_level": _check_opt_level, "fatbin_compression": _check_compression,
    "locked": _check_bool, "emulation": _check_bool, "rustc": _check_text, "cache_dir": _check_text,
    "profile": _check_profile, "tool_timeout": _check_timeout,
    "remote_cache": _check_remote_cache, "remote_cache_mode": _check_remote_mode,  # issue 20
}


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
            problems.append((origin, f"`{where}` must be a table, got {_got(table)}"))
            continue
        for key, value in table.items():
            name = _FIELD_BY_KEY.get(str(key))
            if name is None:
                problems.append((origin, _unknown(str(key), where)))
            elif where == CLI:
                raw.append((name, value, f"option `--{key}` on the command line", CLI))
            else:
                raw.append((name, value, f"option `{key}` in `{where}`", _FILE))
    for var, name in _ENV_VARS.items():
        text, subject = env.get(var, "").strip(), f"environment variable `{var}`"
        if name == "locked" and text and text.lower() not in _ENV_BOOL:
            problems.append((_ENV, f"{_cap(subject)} must be one of 1, true, yes, 0, false, no, got `{text}`"))
        elif name == "tool_timeout" and text:
            try:
                raw.append((name, float(text), subject, _ENV))
            except ValueError:
                problems.append((_ENV, f"{_cap(subject)} must be a number of seconds like `600`, got `{text}`"))
        elif text:
            split = [part.strip() for part in text.split(",") if part.strip()]
            value = _ENV_BOOL[text.lower()] if name == "locked" else split if name == "archs" else text
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
            values[name] = _CHECKS[name](value, subject)
        except _Invalid as exc:
            problems.extend((origin, line) for line in exc.args)
            values.pop(name, None)
    ptx, archs = values.get("ptx", Config.ptx), values.get("archs", Config.archs)
    if ptx not in (None, "auto") and "ptx" in values and ("archs" in values or "archs" not in raw) \
            and ptx not in archs:
        configured = ", ".join(f"`{a}`" for a in archs)
        problems.append((raw["ptx"][2], f"{_cap(raw['ptx'][1])} names `{ptx}`, which is not among the "
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


# --- schema ---------------------------------------------------------------------------

def _type_schema(hint: Any) -> dict[str, Any]:
    args = get_args(hint)
    if isinstance(hint, types.UnionType):
        return _type_schema(next(a for a in args if a is not type(None)))
    if get_origin(hint) is tuple:
        return {"type": "array", "items": _type_schema(args[0])}
    return {"type": {str: "string", int: "integer", float: "number", bool: "boolean"}[hint]}


def json_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of the ``[tool.oxpack]`` table, generated from :class:`Config`."""
    hints = get_type_hints(Config)
    properties: dict[str, Any] = {}
    for f in _toml_fields():
        extra = f.metadata["schema"]
        prop = {"description": f.metadata["doc"], **({} if "anyOf" in extra else _type_schema(hints[f.name]))}
        prop.update(extra)
        if f.default is not None:
            prop["default"] = list(f.default) if isinstance(f.default, tuple) else f.default
        properties[f.name.replace("_", "-")] = prop
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "oxpack settings",
        "description": f"The `[{TABLE}]` table of pyproject.toml (also `[{HOOK_TABLE}]`).",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
    }


def write_schema(path: Path | None = None) -> Path:
    """Write :func:`json_schema` to ``path`` (default: ``config_schema.json`` beside this module)."""
    target = Path(__file__).with_name("config_schema.json") if path is None else path
    target.write_text(json.dumps(json_schema(), indent=2) + "\n", encoding="utf-8")
    return target


if __name__ == "__main__":
    write_schema()
