"""What a build will make, from its settings: the kernel files (each a crate named after it), the archs,
the arch whose PTX is embedded, and the PTX ISA. Every problem is a `ConfigError` naming the setting
that caused it.

A file that the kernel globs match but that another matched file declares as a module (`mod common;`,
`#[path = "..."] mod x;`, through modules in turn: `oxpack.sources.reads`) is that file's module, compiled into
every crate that declares it, and no crate of its own: `kernels/common.rs` or `kernels/common/mod.rs`
beside `kernels/*.rs` holds device code that several kernel files share."""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..errors import ConfigError
from ..sources.reads import module_files
from ..sources.targets import ARCH_MIN_PTX, ptx_isa_for
from ..toolchain.facts import FOLDER as FACTS
from ..toolchain.facts import nvjitlink_version, supported_archs

__all__ = ["Plan", "RESERVED_CRATES", "auto_ptx", "check_crate_name", "crate_name", "discover_kernels", "plan_build",
           "resolve_archs", "setting"]

_RUST_KEYWORDS = frozenset(
    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move "
    "mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do "
    "final gen macro override priv try typeof unsized virtual yield".split())
RESERVED_CRATES = frozenset({"alloc", "compiler_builtins", "core", "oxpack", "panic_abort", "panic_unwind",
                             "proc_macro", "std", "test", "unwind"})
"""Crate names that every kernel crate can name already (Rust's standard library and its helpers, in the
sysroot, and oxpack's device crate, passed with `--extern`): a kernel crate of one of them would be
another crate of that name, and rustc takes it for the sysroot's (`E0463`, no `core`)."""


@dataclass(frozen=True)
class Plan:
    files: list[Path]  # the kernel files, sorted
    archs: tuple[str, ...]  # a cubin each
    ptx_arch: str | None  # the arch whose PTX the fatbins embed, or None
    ptx_isa: str
    notes: tuple[str, ...] = ()  # what the build says about its choices, one progress line each


def plan_build(config: Config) -> Plan:
    files = discover_kernels(config)
    archs = resolve_archs(config)
    ptx_arch: str | None
    notes: tuple[str, ...] = ()
    if config.ptx is None:
        ptx_arch = None
    elif config.ptx == "auto":
        ptx_arch = auto_ptx(archs)
        if ptx_arch is None:
            notes = (f"no PTX embedded: `ptx = \"auto\"` embeds the PTX of the highest arch without an `a`/`f` "
                     f"suffix, and archs {', '.join(archs)} have none (an arch-specific arch's PTX runs on no later "
                     "GPU); add a plain arch like `sm_90` for PTX that later GPUs compile",)
    else:
        ptx_arch = config.ptx
    isa = ptx_isa_for(archs)
    for path in files:  # before rustc runs: a crate named `core` breaks the sysroot's
        check_crate_name(path, _shown(config, path))
    _check_crate_names(config, files)
    return Plan(files, archs, ptx_arch, isa, notes)


def auto_ptx(archs: Sequence[str]) -> str | None:
    """The arch whose PTX `ptx = "auto"` embeds: the highest plain arch (no `a`/`f` suffix), whose PTX
    later GPUs compile; None where every arch has a suffix (their PTX runs on that arch or family alone)."""
    plain = [a for a in archs if a[-1].isdigit()]
    return max(plain, key=lambda a: (int(a[3:]), a)) if plain else None


def setting(config: Config, name: str) -> str:
    """The setting that gave field `name` its value, for messages: `option `archs` in `tool.oxpack` of
    pyproject.toml`, `option `--archs` on the command line`, `environment variable `OXPACK_ARCHS``, or
    the default."""
    key = name.replace("_", "-")
    origin = config.origin(name)
    if origin is None:
        return f"the default of option `{key}` in `tool.oxpack` of {config.source}"
    return f"{origin} of {config.source}" if origin.startswith("option `") and " in `tool." in origin else origin


def discover_kernels(config: Config) -> list[Path]:
    root = config.project_dir
    origin = config.origin("kernels")
    where = setting(config, "kernels")
    found: set[Path] = set()
    for pattern in config.kernels:
        for p in root.glob(pattern):
            if not (p.is_file() and p.suffix == ".rs"):
                continue
            if ".." in p.relative_to(root).parts:
                raise ConfigError(
                    f"kernel glob `{pattern}` ({where}) "
                    f"matches `{p.relative_to(root).as_posix()}`, outside the project {root}; kernel files must be "
                    "inside the project folder: move the file or fix the glob")
            found.add(p)
    if not found:
        globs = ", ".join(f"`{g}`" for g in config.kernels)
        raise ConfigError(
            f"no kernel files match {globs} in {root} ({where}); add a `.rs` kernel file there "
            f"or change {where if origin is not None else f'option `kernels` in `tool.oxpack` of {config.source}'}"
        )
    return _crates(config, found, where)


def _crates(config: Config, found: set[Path], where: str) -> list[Path]:
    """The files of `found` that are crates: those that no other one declares as a module."""
    root = config.project_dir
    modules: set[Path] = set()
    for path in found:
        modules |= module_files(path) - {path.resolve()}
    crates = sorted(p for p in found if p.resolve() not in modules)
    for path in crates:
        if path.name == "mod.rs":
            rel = path.relative_to(root).as_posix()
            raise ConfigError(
                f"`{rel}` is a module file (`mod.rs`) that no kernel file declares ({where} matches it): add "
                f"`mod {path.parent.name};` to the kernel files that use it, or remove it")
    if not crates:
        shown = ", ".join(f"`{p.relative_to(root).as_posix()}`" for p in sorted(found))
        raise ConfigError(
            f"every file that {where} matches ({shown}) is a module that another one declares with `mod`, so "
            "none is left to be a kernel file (a crate); a kernel file is one that no other declares")
    return crates


def resolve_archs(config: Config) -> tuple[str, ...]:
    archs: list[str] = []
    origin = setting(config, "archs")
    facts = config.cache_root / FACTS  # what nvJitLink links, remembered (`oxpack.toolchain.facts`)
    for arch in config.archs:
        if arch == "native":
            archs.append(_native_arch(origin))
        elif arch not in ARCH_MIN_PTX or not supported_archs({arch: ARCH_MIN_PTX[arch]}, facts):
            supported = supported_archs(ARCH_MIN_PTX, facts)
            raise ConfigError(
                f"{origin}: `{arch}` is not an arch that oxpack's "
                f"toolchain (LLVM NVPTX + nvJitLink {nvjitlink_version(facts)}) can build; "
                f"supported: {', '.join(supported)}"
            )
        else:
            archs.append(arch)
    return tuple(dict.fromkeys(archs))


def _native_arch(origin: str) -> str:
    """The arch of GPU 0, for `native` in `archs` (`origin` names the setting that asked for it)."""
    try:
        from cuda.core import Device
    except ImportError:
        try:
            from cuda.core.experimental import Device  # type: ignore[no-redef,unused-ignore]
        except ImportError as exc:
            raise ConfigError(f"`native` in {origin} needs cuda-core and a GPU ({exc}); name the arch instead") from exc
    try:
        cc = Device(0).compute_capability
    except Exception as exc:
        raise ConfigError(f"`native` in {origin} needs a GPU, and none was found ({exc}); name the arch "
                          "instead") from exc
    return f"sm_{cc.major}{cc.minor}"


def crate_name(path: Path) -> str:
    return path.stem.replace("-", "_")


def check_crate_name(path: Path, rel: str) -> str:
    """Kernel file `path`'s crate name (shown as `rel`), refused unless it can name a crate and its fatbin."""
    name = crate_name(path)
    if not name.isidentifier() or keyword.iskeyword(name) or name in _RUST_KEYWORDS:
        raise ConfigError(f"kernel file `{rel}`: its name `{path.stem}` must be an identifier (letters, digits, "
                          "`_`) that is no Rust or Python keyword (it names the crate and its "
                          "fatbin); rename the file")
    if name in RESERVED_CRATES:
        raise ConfigError(f"kernel file `{rel}`: its name `{name}` is reserved, as the crate `{name}` that every "
                          "kernel crate can name (Rust's `core`, `alloc`, `std`, their helpers and oxpack's device "
                          f"crate `oxpack`); rename the file, like `{name}_kernels.rs`")
    return name


def _shown(config: Config, path: Path) -> str:
    """`path` as messages show it: relative to the project where it is inside it."""
    root = config.project_dir
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


def _check_crate_names(config: Config, files: Sequence[Path]) -> None:
    """Two kernel files must not become one crate: `my-k.rs` and `my_k.rs`, or `x/k.rs` and `y/k.rs`
    (each file is a crate named after it, and its fatbin too)."""
    seen: dict[str, Path] = {}
    for path in files:
        name = crate_name(path)
        if name in seen:
            a, b = (_shown(config, p) for p in (seen[name], path))
            raise ConfigError(
                f"kernel files `{a}` and `{b}` would both be crate `{name}` (and `{name}.fatbin`); "
                "every kernel file needs a distinct name (`-` counts as `_`): rename one")
        seen[name] = path
