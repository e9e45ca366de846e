"""`oxpack.lock`: the toolchain, the targets and every crate's source and artifact hash (and, for a crate
whose kernel file declares modules or includes files, `modules`: each such file's sha256).

Written with tomlkit; compared as plain data. Under `locked = true` (or
`--locked`) any difference between the file and the build at hand is an
error whose detail is a unified diff of the two.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.exceptions

from ..builder.result import BuildResult
from ..errors import LockError
from ..store.cache import digest, write_atomic

__all__ = ["LOCK_NAME", "SCHEMA", "check_lock", "lock_data", "read_lock", "render_lock", "write_lock"]

LOCK_NAME = "oxpack.lock"
SCHEMA = 1
_HEADER = "This file is written by `oxpack lock`; do not edit it by hand."


def lock_data(result: BuildResult) -> dict[str, Any]:
    crates: dict[str, Any] = {}
    for crate in result.crates:
        crates[crate.name] = {
            "source": crate.source,
            "source-sha256": crate.source_sha256,
            "fatbin-sha256": digest(crate.fatbin),
            "kernels": sorted(k.name for k in crate.kernels),
        }
        if crate.modules:  # the files it reads besides its kernel file (`mod common;`), by path in the project
            crates[crate.name]["modules"] = dict(sorted(crate.modules.items()))
        # per-arch bodies (`#[variant_of]`) of the archs built: kernel → arch → the function its cubin runs
        variants = {k.name: {a: e for a, e in k.variants if a in result.archs} for k in crate.kernels}
        if any(variants.values()):
            crates[crate.name]["variants"] = {k: v for k, v in sorted(variants.items()) if v}
        if crate.host is not None:  # `emulation = true`: the host library is pinned too
            crates[crate.name]["host-sha256"] = digest(crate.host)
    return {
        "schema": SCHEMA,
        "toolchain": result.toolchain.lock_table(),
        "targets": {
            "archs": list(result.archs),
            "ptx-arch": result.ptx_arch or "none",
            "ptx-isa": result.ptx_isa,
            "fatbin-compression": result.config.fatbin_compression,
            "min-driver": result.min_driver,
            "opt-level": result.config.opt_level,
            **({"emulation-platform": result.manifest()["emulation"]["platform"]} if result.host_libraries() else {}),
        },
        "crates": crates,
    }


def render_lock(data: dict[str, Any]) -> str:
    doc = tomlkit.document()
    doc.add(tomlkit.comment(_HEADER))
    doc.add("schema", data["schema"])
    for section in ("toolchain", "targets"):
        table = tomlkit.table()
        for k, v in data[section].items():
            table.add(k, v)
        doc.add(section, table)
    crates = tomlkit.table(is_super_table=True)
    for name, entry in data["crates"].items():
        table = tomlkit.table()
        for k, v in entry.items():
            table.add(k, v)
        crates.add(name, table)
    doc.add("crates", crates)
    text = tomlkit.dumps(doc)
    return text if text.endswith("\n") else text + "\n"


def write_lock(project_dir: Path, result: BuildResult) -> Path:
    path = project_dir / LOCK_NAME
    if path.is_dir():
        raise LockError(f"{path} is a folder, not a lockfile; remove it and rerun `oxpack lock`")
    try:
        write_atomic(path, render_lock(lock_data(result)).encode("utf-8"))
    except OSError as exc:
        raise LockError(f"cannot write {path}: {exc.strerror or exc}; fix the folder's permissions or free space") \
            from None
    return path


def read_lock(project_dir: Path) -> dict[str, Any]:
    path = project_dir / LOCK_NAME
    fix = "restore it from version control or rerun `oxpack lock`"
    try:
        text = path.read_bytes().decode()
    except FileNotFoundError:
        raise LockError(f"{path} does not exist; run `oxpack lock` to create it, or turn `locked` off") from None
    except IsADirectoryError:
        raise LockError(f"{path} is a folder, not a lockfile; remove it and run `oxpack lock`") from None
    except OSError as exc:
        raise LockError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise LockError(f"{path} is not UTF-8 text (byte {exc.start}: a binary file?); {fix}") from None
    if not text.strip():
        raise LockError(f"{path} is empty; {fix}")
    try:
        data = tomlkit.parse(text).unwrap()
    except tomlkit.exceptions.TOMLKitError as exc:
        raise LockError(f"{path} is not valid TOML ({exc}); {fix}") from exc
    schema = data.get("schema")
    if schema != SCHEMA:
        shown = "no `schema` key" if schema is None else f"`schema = {tomlkit.item(schema).as_string()}`"
        raise LockError(f"{path} has {shown}; this oxpack reads and writes `schema = {SCHEMA}` (an integer); {fix}")
    for section in ("toolchain", "targets", "crates"):
        table = data.get(section)
        if not isinstance(table, dict) or (section == "crates" and not all(isinstance(v, dict) for v in table.values())):
            raise LockError(f"{path}: table `{section}` is missing or malformed (edited by hand?); "
                            "restore it from version control or rerun `oxpack lock`")
    return data


def check_lock(project_dir: Path, result: BuildResult) -> None:
    """Raise LockError with a diff when the lockfile and this build differ."""
    recorded = read_lock(project_dir)
    current = lock_data(result)
    if recorded == current:
        return
    old = render_lock(recorded).splitlines(keepends=True)
    new = render_lock(current).splitlines(keepends=True)
    diff = "".join(difflib.unified_diff(old, new, f"{LOCK_NAME} (recorded)", f"{LOCK_NAME} (this build)"))
    changed = sorted(
        f"{section}.{k}"
        for section in ("toolchain", "targets", "crates")
        for k in set(recorded.get(section, {})) | set(current[section])
        if recorded.get(section, {}).get(k) != current[section].get(k)
    )
    raise LockError(
        f"the build differs from {project_dir / LOCK_NAME} in {', '.join(changed) or 'its layout'}; "
        "rerun `oxpack lock` if the change is intended",
        detail=diff,
    )
