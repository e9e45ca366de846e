"""The nvptx standard library (`core`, `compiler_builtins`) and the device crate, as rlibs.

Where rustup installed the `nvptx64-nvidia-cuda` target, its precompiled rlibs
are used as they are. Otherwise `core` and `compiler_builtins` are built from
the rustc's own `rust-src`, once per exact `rustc -vV`, into the per-user
cache: under an `flock` (released if the builder dies), into a temporary
folder renamed into place when complete, so racing builds wait and then share.

A built sysroot is identified (in cache keys and the lockfile) by its inputs:
the recipe, the rustc and the library sources. Not by its bytes: LLVM orders
the operands of a few `phi` nodes in `core` differently from run to run (same
code, different bytes), so two machines would never agree on those. The rlibs'
own digest stays in `complete.json` to detect a damaged copy.

With a shared build cache (`remote.Remote`), a sysroot missing here is taken from the
store (stage `sysroot`, keyed by the recipe and the rustc), verified (each file's sha256 in the entry,
then the rlibs against the marker's digest) and installed like a built one: under the lock, into a
temporary folder renamed into place. One built here is uploaded (`read-write` mode only).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import StageError, ToolchainError, file_size_limit
from ..store.cache import clean_stale, file_lock, key, temp_dir
from .llvm import read_archive
from .process import TOOL_TIMEOUT, run_bounded, timed_out
from .rustc import TARGET, Rustc

if TYPE_CHECKING:
    from ..store.remote import Remote

__all__ = ["Sysroot", "ensure_sysroot"]

RECIPE = "oxpack-sysroot-v2"  # v2: no build paths in the rlibs; identified by its inputs


@dataclass(frozen=True)
class Sysroot:
    """`--sysroot` to pass (None: the rustc's own), the rlib folder, and where it came from."""

    sysroot_arg: Path | None
    lib_dir: Path
    origin: str
    digest: str  # rustup's rlibs: over their bytes; built here: over the recipe, the rustc and the library sources

    def rlibs(self) -> list[Path]:
        return sorted(p for p in self.lib_dir.glob("*.rlib") if p.name.startswith(("libcore", "libcompiler_builtins")))

    def bitcode(self) -> list[tuple[str, bytes]]:
        out = []
        for rlib in self.rlibs():
            out += [(f"{rlib.name}:{name}", data) for name, data in read_archive(rlib.read_bytes())]
        return out


def _rlib_digest(paths: list[Path]) -> str:
    return key(*[p.read_bytes() for p in paths])


def ensure_sysroot(rustc: Rustc, cache_root: Path, log: Callable[[str], None] | None = None, *,
                   command: Callable[..., None] | None = None, timeout: float = TOOL_TIMEOUT,
                   remote: Remote | None = None) -> Sysroot:
    """The nvptx `core` + `compiler_builtins` of `rustc`; `command` sees each rustc command line it runs,
    each of which may take `timeout` seconds. `remote`: the shared build cache, asked before building."""
    if rustc.std_origin == "rustup-target":
        rlibs = sorted(rustc.target_lib_dir.glob("lib*.rlib"))
        return Sysroot(None, rustc.target_lib_dir, "rustup-target", _rlib_digest(rlibs))
    k = key(RECIPE, rustc.identity)[:24]
    base = cache_root / "sysroot"
    final = base / k
    lib_dir = final / "lib" / "rustlib" / TARGET / "lib"
    found = _complete(final)
    if found is not None:
        return Sysroot(final, lib_dir, "rust-src", found)
    with file_lock(base / f"{k}.lock"):
        found = _complete(final)
        if found is not None:
            return Sysroot(final, lib_dir, "rust-src", found)
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        remote_key = key(RECIPE, rustc.identity)
        if remote is not None:
            found = _from_remote(remote, remote_key, rustc, base, k, final)
            if found is not None:
                return Sysroot(final, lib_dir, "rust-src", found)
            shutil.rmtree(final, ignore_errors=True)
        if log:
            log(f"building the {TARGET} standard library from {rustc.library_src} (once per rustc, ~20 s)")
        clean_stale(base)  # what a killed build left
        tmp = temp_dir(base, k)
        try:
            _build(rustc, tmp, command, timeout)
            rlibs = sorted((tmp / "lib" / "rustlib" / TARGET / "lib").glob("*.rlib"))
            marker = {"recipe": RECIPE, "rustc": rustc.version_verbose, "digest": _rlib_digest(rlibs),
                      "identity": key(RECIPE, rustc.identity, _source_digest(rustc))}
            (tmp / "complete.json").write_text(json.dumps(marker, indent=1))
            entry = {p.name: p.read_bytes() for p in [*rlibs, tmp / "complete.json"]}
            os.rename(tmp, final)
            if remote is not None:
                remote.put("sysroot", remote_key, entry, keep_uploading=True)  # ~45 MB: over some stores' limit
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    found = _complete(final)
    if found is None:
        raise ToolchainError(f"the nvptx sysroot in {final} is incomplete after building it; delete it and retry")
    return Sysroot(final, lib_dir, "rust-src", found)


def _from_remote(remote: Remote, remote_key: str, rustc: Rustc, base: Path, k: str, final: Path) -> str | None:
    """Install the store's sysroot into `final` (the caller holds the lock): its identity, or None (a miss,
    a bad entry, which is reported and then rebuilt here, or the store is off)."""
    files = remote.get("sysroot", remote_key)
    if files is None:
        return None
    rlibs = sorted(n for n in files if n.endswith(".rlib"))
    try:
        marker = json.loads(files.get("complete.json", b""))
        whole = (rlibs == ["libcompiler_builtins.rlib", "libcore.rlib"] and marker.get("recipe") == RECIPE
                 and marker.get("rustc") == rustc.version_verbose and "identity" in marker and "stats" not in marker
                 and key(*[files[n] for n in rlibs]) == marker.get("digest"))
    except (ValueError, AttributeError):
        whole = False
    if not whole:
        remote.reject("sysroot", remote_key, "its rlibs do not match its marker")
        return None
    clean_stale(base)
    tmp = temp_dir(base, k)
    try:
        out = tmp / "lib" / "rustlib" / TARGET / "lib"
        out.mkdir(parents=True)
        for name in rlibs:
            (out / name).write_bytes(files[name])
        (tmp / "complete.json").write_bytes(files["complete.json"])
        os.rename(tmp, final)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return _complete(final)


def _stats(paths: list[Path]) -> dict[str, list[int]]:
    out = {}
    for p in paths:
        st = p.stat()
        out[p.name] = [st.st_size, st.st_mtime_ns, st.st_ino]
    return out


def _complete(folder: Path) -> str | None:
    """The sysroot's identity if it is whole. Its rlibs are hashed against the marker's
    digest the first time; the marker then records their size, mtime and inode, so that
    later builds (an unchanged rebuild included) only `stat` them."""
    marker_path = folder / "complete.json"
    try:
        marker = json.loads(marker_path.read_text())
        rlibs = sorted((folder / "lib" / "rustlib" / TARGET / "lib").glob("*.rlib"))
        stats = _stats(rlibs)
    except (OSError, ValueError):
        return None
    if len(rlibs) != 2 or "identity" not in marker:
        return None
    if marker.get("stats") != stats:
        if _rlib_digest(rlibs) != marker.get("digest"):
            return None
        marker["stats"] = stats
        tmp = folder / f".complete-{os.getpid()}.json"
        try:
            tmp.write_text(json.dumps(marker, indent=1))
            os.replace(tmp, marker_path)  # atomic: a reader sees the old or the new marker
        except OSError:
            tmp.unlink(missing_ok=True)  # a read-only cache still works, hashing each time
    return str(marker["identity"])


def _source_digest(rustc: Rustc) -> str:
    """The library sources that the sysroot is built from (core and compiler_builtins)."""
    src = rustc.library_src
    files = sorted(p for folder in (src / "core", src / "compiler-builtins", src / "compiler_builtins")
                   for p in folder.rglob("*") if p.is_file())
    return key(*[f"{p.relative_to(src).as_posix()}\0".encode() + p.read_bytes() for p in files])


def _run(cmd: list[str], env: dict[str, str], what: str, cwd: Path,
         command: Callable[..., None] | None, timeout: float) -> None:
    """Run one rustc of the sysroot build. What `-v` and an error show runs as printed: it makes the
    output folder again (the temporary one is gone by then) and sets the variables set here."""
    out = Path(cmd[cmd.index("-o") + 1]).parent
    shown = {k: v for k, v in env.items() if os.environ.get(k) != v}
    if command is not None:
        command(cmd, cwd=cwd, env=shown, mkdir=out)
    try:
        code, _, stderr = run_bounded(cmd, timeout, cwd=cwd, env=env)
    except subprocess.TimeoutExpired:
        raise StageError(timed_out(f"rustc building {what} for {TARGET}", cmd, timeout), stage="sysroot",
                         command=cmd, cwd=cwd, env=shown, mkdir=out) from None
    if code == -signal.SIGXFSZ:  # its output passed the file-size limit (`ulimit -f`): nothing to show
        raise StageError(f"rustc building {what} for {TARGET} {file_size_limit(cmd[cmd.index('-o') + 1], 'SIGXFSZ')}",
                         stage="sysroot")
    if code != 0:
        raise StageError(f"building {what} for {TARGET} failed (rustc exit {code})", stage="sysroot",
                         command=cmd, stderr=stderr.decode(errors="replace"), cwd=cwd, env=shown, mkdir=out)


def _build(rustc: Rustc, root: Path, command: Callable[..., None] | None = None,
           timeout: float = TOOL_TIMEOUT) -> None:
    """Build into `root`, from `root` as the working directory: rustc records the working
    directory and the output paths in the rlibs, so both are remapped to fixed names."""
    src = rustc.library_src
    out = root / "lib" / "rustlib" / TARGET / "lib"
    out.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUSTFLAGS", "CARGO"))}
    env["RUSTC_BOOTSTRAP"] = "1"  # only for these two standard-library crates, as -Zbuild-std does
    common = ["--edition", "2024", "--crate-type", "rlib", "--target", TARGET, "-C", "opt-level=3",
              "-C", "panic=abort", "-C", "codegen-units=1", "-Zforce-unstable-if-unmarked",
              f"--remap-path-prefix={src}=/rustlib/library", f"--remap-path-prefix={root}=/oxpack/sysroot"]
    core = out / "libcore.rlib"
    _run([str(rustc.path), *common, "--crate-name", "core", str(src / "core" / "src" / "lib.rs"), "-o", str(core)],
         env, "core", root, command, timeout)
    env.update(CFG_CARGO_FEATURES="[]", CFG_OPT_LEVEL="3", CFG_TARGET_FEATURES="[]")
    builtins = src / "compiler-builtins" / "compiler-builtins" / "src" / "lib.rs"
    if not builtins.is_file():
        builtins = src / "compiler_builtins" / "src" / "lib.rs"
    _run([str(rustc.path), *common, "--crate-name", "compiler_builtins", "--sysroot", str(root),
          "--cfg", 'feature="compiler-builtins"', "--cfg", 'feature="mem"', "--cfg", "intrinsics_enabled",
          "--cfg", "optimizations_enabled", "--cfg", 'feature="unstable-intrinsics"',
          "--extern", f"core={core}", str(builtins), "-o", str(out / "libcompiler_builtins.rlib")],
         env, "compiler_builtins", root, command, timeout)
