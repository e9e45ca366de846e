"""oxpack settings: one frozen, typed model (`Config`), whose fields document themselves.

Each field's metadata holds its documentation and its JSON-schema extras; ``config_schema.json``
beside this module is generated from them (``python -m oxpack.config`` rewrites it) and a test
fails when the two drift apart. How the fields are filled and validated: `sources` and `checks`.
"""

from __future__ import annotations

import functools
import json
import keyword
import re
import types
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from pathlib import Path
from typing import Any, Final, get_args, get_origin, get_type_hints

from ..toolchain.nvidia import FATBIN_COMPRESSION

__all__ = ["ARCH_RE", "CLI", "COMPRESSION", "Config", "FIELD_BY_KEY", "GLOB", "HOOK_TABLE", "MIN_ARCH", "TABLE",
           "json_schema", "write_schema"]

TABLE: Final = "tool.oxpack"
HOOK_TABLE: Final = "tool.hatch.build.hooks.oxpack"
CLI: Final = "command line"
MIN_ARCH: Final = 80
ARCH_RE: Final = re.compile(r"sm_([1-9][0-9]+)([af]?)")
_ARCH_PATTERN: Final = r"sm_([89][0-9]|[1-9][0-9]{2,})[af]?"  # the same rule (>= 80) for the schema
GLOB: Final = "kernels/**/*.rs"
COMPRESSION: Final = tuple(FATBIN_COMPRESSION)  # speed, balance, size, none


def _opt(default: Any, doc: str, *, schema: Mapping[str, Any] | None = None, toml: bool = True) -> Any:
    """A field whose ``doc`` is its documentation and schema description."""
    return field(default=default, metadata={"doc": doc, "schema": dict(schema or {}), "toml": toml})


@dataclass(frozen=True)
class Config:
    """Validated settings of one project; build it with :func:`load_config`."""

    kernels: tuple[str, ...] = _opt(
        (GLOB,), "Globs, relative to the project root, that select the kernel sources (`.rs`); "
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
        "arch without an `a`/`f` suffix, whose PTX later GPUs can compile; none where every arch has a suffix, "
        "since their PTX runs on no later GPU, and the build says so), one of `archs`, or `none`/false "
        "for no PTX.",
        schema={"anyOf": [{"type": "string", "pattern": f"^(auto|none|{_ARCH_PATTERN})$"}, {"const": False}]})
    opt_level: int = _opt(3, "LLVM optimization level, 0 to 3.", schema={"minimum": 0, "maximum": 3})
    # the debug profile (traps that name their kernel)
    profile: str = _opt(
        "release", "`release`, or `debug`: kernels whose panics record their message and source location "
        "(`index out of bounds: the len is 10 but the index is 99 at kernels/saxpy.rs:18:24`) for the "
        "`KernelTrap` the launch raises, with arithmetic overflow checked. Slower and larger: for finding bugs.",
        schema={"enum": ["release", "debug"]})
    fatbin_compression: str = _opt(
        "speed", "How nvFatbin compresses each cubin and the PTX: `speed` (LZ4: fast to load, and the "
        "wheel's zip deflates it further), `balance` or `size` (zstd: smallest installed files), or `none`. "
        "Compressed fatbins need a driver of CUDA 12.4 or newer (the lockfile's `min-driver` says which).",
        schema={"enum": list(COMPRESSION)})
    ptxas: str = _opt(
        "nvjitlink", "How the cubins of the archs with an `a` or `f` suffix (`sm_90a`) are compiled: `nvjitlink` "
        "(nvJitLink, which compiles each PTX as a separate compilation unit, where ptxas ignores `setmaxnreg`: "
        "info C7504) or `whole-program` (the standalone ptxas of PyPI's `nvidia-cuda-nvcc`, `oxpack[ptxas]`, in the "
        "building environment, else the `ptxas` on PATH: a whole program, where `setmaxnreg` moves registers "
        "between a kernel's warpgroup roles). The other archs always go through nvJitLink; the lockfile records "
        "the ptxas's version.",
        schema={"enum": ["nvjitlink", "whole-program"]})
    locked: bool = _opt(False, "Fail when the build differs from `oxpack.lock` instead of updating it.")
    emulation: bool = _opt(
        False, "Also build each kernel file for the build machine (x86-64 Linux), so that the generated "
        "module can run its kernels without a GPU (`OXPACK_EMULATE=1`); a wheel that ships these libraries "
        "is tagged for the build platform.")
    tuning: str | None = _opt(
        None, "A tuning table to ship, relative to the project root: the file `oxpack tune` writes. The build "
        "copies it into the package as `_oxpack/<module>_tuning.json`, so that a `#[tune]` kernel's first call "
        "on a GPU it lists takes its choice instead of timing the candidates. A table of another build of the "
        "kernels ships with a warning (the run time ignores it); a missing file, or one that is no table of this "
        "`module`, is an error.", schema={"minLength": 1})
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
    # the shared build cache
    remote_cache: str | None = _opt(
        None, "A build cache shared by machines, consulted after the local one and filled by builds: "
        "`redis://[:password@]host:port/db` (`rediss://` for TLS, `unix:///path.sock?db=0`; needs `oxpack[redis]`) or "
        "`s3://bucket/prefix` "
        "(endpoint and credentials from the AWS environment and config files; needs `oxpack[s3]`). Whoever can "
        "write it changes the kernels that every reader ships: see `remote-cache-mode`.",
        schema={"pattern": "^(rediss?|unix|s3)://"})
    remote_cache_mode: str = _opt(
        "read-write", "`read-write` (take entries and upload what this build made: trusted builds, such as the "
        "main branch's) or `read-only` (take entries, upload nothing: pull requests).",
        schema={"enum": ["read-write", "read-only"]})
    project_dir: Path = _opt(Path("."), "Absolute project root (set by load_config).", toml=False)
    source: str = _opt("pyproject.toml", "Where the settings came from, for messages.", toml=False)
    origins: tuple[tuple[str, str], ...] = _opt(
        (), "(field, where its value came from) for every setting not left at its default, for messages.",
        toml=False)

    def origin(self, name: str) -> str | None:
        """Where field ``name`` got its value (`environment variable `OXPACK_CACHE_DIR``, `option
        `cache-dir` in `tool.oxpack``), or None for the default."""
        return dict(self.origins).get(name)

    @functools.cached_property
    def cache_root(self) -> Path:
        """The cache folder, absolute, resolved once for everything a build does with this config
        (`oxpack.store.cache.default_cache_dir`: `cache_dir`, `OXPACK_CACHE_DIR`, `XDG_CACHE_HOME`, ~/.cache)."""
        from ..store.cache import default_cache_dir

        return default_cache_dir(self.cache_dir)


def _toml_fields() -> list[Field[Any]]:
    return [f for f in fields(Config) if f.metadata["toml"]]


FIELD_BY_KEY: Final = {f.name.replace("_", "-"): f.name for f in _toml_fields()}


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

