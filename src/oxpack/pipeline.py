"""The build pipeline: kernel files → fatbins + a manifest.

Stages are named by their output (`rlib`, `bc`, `ll`, `ptx`, `cubin`, `fatbin`);
each is a pure function of its inputs, cached under a key made of those
inputs' digests, its options and the tool identities. The pipeline plans,
consults the cache and runs; tool details live in `rustc`, `sysroot`, `llvm`
and `nvidia`. rustc runs once per crate, crates in parallel threads; link, PTX
and cubin run in worker processes (`workers`), PTX and cubin of every arch at
once. Outputs hold no paths, times or host names: two clean builds give the
same bytes.
"""

from __future__ import annotations

import contextlib
import functools
import json
import keyword
import os
import re
import subprocess
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from . import __version__, data_dir
from .cache import Cache, clean_stale, default_cache_dir, digest, file_lock, key, write_atomic
from .config import Config
from .emulation import HostBuilder, check_host_supported
from .errors import ConfigError, StageError, ToolchainError
from .libdevice import find_libdevice, libdevice_id
from .llvm import KernelSig, LinkedCrate, llvm_version, read_archive
from .manifest import build_manifest, sig_from_json, sig_to_json
from .nvidia import (
    COMPRESSION_CUDA,
    Cubin,
    make_fatbin,
    nvfatbin_options,
    nvfatbin_version,
    nvjitlink_options,
    nvjitlink_version,
    parse_info_log,
    supported_archs,
)
from .progress import Progress
from .provenance import build_sources
from .remote import open_remote
from .requirements import check_where
from .rustc import INSTALL_HINT, TARGET, Rustc, find_rustc, kill_tree, run_bounded, timed_out
from .sysroot import Sysroot, ensure_sysroot
from .workers import Pending, Workers, codegen_job, cubin_job, link_job

__all__ = ["ARCH_MIN_PTX", "BuildResult", "CrateResult", "Toolchain", "build_project", "discover_kernels",
           "needs_cuda"]

Log = Callable[[str], None]
T = TypeVar("T")
_DEVICE_RECIPE = "oxpack-device-v2"  # v2: no temporary path in the rlib
_DEVICE_REMAP = "/oxpack/device"  # the device crate's source folder, as its rlib names it

_RUST_KEYWORDS = frozenset(
    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move "
    "mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do "
    "final gen macro override priv try typeof unsized virtual yield".split())

# Oldest PTX ISA that LLVM's NVPTX backend accepts for each arch nvJitLink 13 links.
ARCH_MIN_PTX: dict[str, str] = {
    "sm_80": "7.0", "sm_86": "7.1", "sm_87": "7.4", "sm_89": "7.8", "sm_90": "7.8", "sm_90a": "8.0",
    "sm_100": "8.6", "sm_100a": "8.6", "sm_100f": "8.8", "sm_103": "8.8", "sm_103a": "8.8",
    "sm_110": "9.0", "sm_120": "8.7", "sm_120a": "8.7", "sm_121": "8.8", "sm_121a": "8.8",
}
# The CUDA release that introduced each PTX ISA (a driver must support it to load such PTX).
PTX_CUDA: dict[str, str] = {
    "7.0": "11.0", "7.1": "11.1", "7.2": "11.2", "7.3": "11.3", "7.4": "11.4", "7.5": "11.5", "7.6": "11.6",
    "7.7": "11.7", "7.8": "11.8", "8.0": "12.0", "8.1": "12.1", "8.2": "12.2", "8.3": "12.3", "8.4": "12.4",
    "8.5": "12.5", "8.6": "12.8", "8.7": "12.8", "8.8": "12.9", "9.0": "13.0",
}
# ... and the minimum Linux driver of that release.
PTX_MIN_DRIVER: dict[str, str] = {
    "7.0": "450.36.06", "7.1": "455.23", "7.2": "460.27.03", "7.3": "465.19.01", "7.4": "470.42.01",
    "7.5": "495.29.05", "7.6": "510.39.01", "7.7": "515.43.04", "7.8": "520.61.05", "8.0": "525.60.13",
    "8.1": "530.30.02", "8.2": "535.54.03", "8.3": "545.23.06", "8.4": "550.54.14", "8.5": "555.42.02",
    "8.6": "570.26", "8.7": "570.26", "8.8": "575.51.03", "9.0": "580.65.06",
}

# The minimum Linux driver of each CUDA release that something other than the PTX ISA can demand
# (a compressed fatbin: `nvidia.COMPRESSION_CUDA`).
CUDA_MIN_DRIVER: dict[str, str] = {**{PTX_CUDA[isa]: driver for isa, driver in PTX_MIN_DRIVER.items()},
                                   "12.4": "550.54.14"}


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def needs_cuda(isa: str, compression: str) -> tuple[str, str]:
    """(CUDA release, its minimum Linux driver) that loads a fatbin of PTX ISA `isa`, compressed with
    `compression`: the newer of what the PTX ISA and the compression demand."""
    cuda = max(filter(None, (PTX_CUDA[isa], COMPRESSION_CUDA[compression])), key=_version_key)
    return cuda, CUDA_MIN_DRIVER[cuda]


def _isa_key(isa: str) -> tuple[int, int]:
    major, minor = isa.split(".")
    return int(major), int(minor)


# The oldest PTX ISA any build uses: the device library's evict-first loads and stores
# (`ld.global.L1::evict_first`, `oxpack::cache`) need 7.4 (CUDA 11.4), above sm_80's and sm_86's own floor.
PTX_FLOOR = "7.4"


def ptx_isa_for(archs: Sequence[str]) -> str:
    """The oldest PTX ISA that covers every arch and the device library (`PTX_FLOOR`)."""
    return max([PTX_FLOOR, *(ARCH_MIN_PTX[a] for a in archs)], key=_isa_key)


@dataclass(frozen=True)
class Toolchain:
    rustc: Rustc
    sysroot: Sysroot
    device_rlib: bytes
    llvmlite: str
    llvm: str
    nvjitlink: str
    nvfatbin: str

    def lock_table(self) -> dict[str, str]:
        return {
            "oxpack": __version__,
            "rustc": self.rustc.release,
            "rustc-commit": self.rustc.commit,
            "rustc-llvm": self.rustc.llvm,
            "llvmlite": self.llvmlite,
            "llvmlite-llvm": self.llvm,
            "nvjitlink": self.nvjitlink,
            "nvfatbin": self.nvfatbin,
            "sysroot-origin": self.sysroot.origin,
            "sysroot-sha256": self.sysroot.digest,
            "device-crate-sha256": digest(self.device_rlib),
        }


@dataclass
class CrateResult:
    name: str
    source: str  # relative to the project
    source_sha256: str
    kernels: tuple[KernelSig, ...]
    fatbin: bytes
    ptx: dict[str, str]
    resources: dict[str, dict[str, dict[str, int]]]  # arch → kernel → resources
    info_logs: dict[str, str]
    host: bytes | None = None  # the host library, for emulation (`emulation = true`)


@dataclass
class BuildResult:
    config: Config
    toolchain: Toolchain
    archs: tuple[str, ...]
    ptx_arch: str | None
    ptx_isa: str
    crates: list[CrateResult]
    runs: Counter[str] = field(default_factory=Counter)  # stage → how many times it really ran
    remote: str | None = None  # issue 20: the shared cache's hits, misses and bytes, for `-v`

    @property
    def min_driver(self) -> str:
        """The oldest Linux driver that loads these fatbins: their PTX ISA and their compression decide."""
        return needs_cuda(self.ptx_isa, self.config.fatbin_compression)[1]

    def manifest(self) -> dict[str, Any]:
        return build_manifest(
            module=self.config.module, archs=self.archs, ptx_arch=self.ptx_arch, ptx_isa=self.ptx_isa,
            fatbin_compression=self.config.fatbin_compression, min_driver=self.min_driver,
            profile=self.config.profile, crates=self.crates,
            # what the build was made from: `provenance.stale` tells whether a checkout still matches
            sources=build_sources({c.source: c.source_sha256 for c in self.crates}, self.config.kernels),
            emulation=self._emulation_manifest().get("emulation"))

    def _emulation_manifest(self) -> dict[str, Any]:
        """With `emulation = true`: each crate's host library, and the platform it runs on."""
        from .emulation import HOST_PLATFORM, host_library_name

        libraries = {c.name: {"library": host_library_name(c.name), "sha256": digest(c.host)}
                     for c in self.crates if c.host is not None}
        return {"emulation": {"platform": HOST_PLATFORM, "crates": libraries}} if libraries else {}

    def host_libraries(self) -> dict[str, bytes]:
        """Crate → its host library (empty unless built with `emulation = true`)."""
        return {c.name: c.host for c in self.crates if c.host is not None}

    def fatbins(self) -> dict[str, bytes]:
        return {c.name: c.fatbin for c in self.crates}


def _setting(config: Config, name: str) -> str:
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
    where = _setting(config, "kernels")
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
    return sorted(found)


def resolve_archs(config: Config) -> tuple[str, ...]:
    archs: list[str] = []
    origin = _setting(config, "archs")
    for arch in config.archs:
        if arch == "native":
            archs.append(_native_arch(origin))
        elif arch not in ARCH_MIN_PTX or not supported_archs({arch: ARCH_MIN_PTX[arch]}):
            supported = supported_archs(ARCH_MIN_PTX)
            raise ConfigError(
                f"{origin}: `{arch}` is not an arch that oxpack's "
                f"toolchain (LLVM NVPTX + nvJitLink {nvjitlink_version()}) can build; "
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


def _cache_origin(config: Config) -> str:
    """Where the cache folder's path came from, for messages: the one setting that chose it."""
    origin = config.origin("cache_dir")
    if origin is not None:
        return f"from {origin}"
    if os.environ.get("XDG_CACHE_HOME", "").startswith("/"):
        return "`$XDG_CACHE_HOME/oxpack`"
    return "the default, `~/.cache/oxpack`"


def _cache_fix(config: Config) -> str:
    """How to choose another cache folder: change the setting that chose this one."""
    origin = config.origin("cache_dir")
    return f"set {origin} to" if origin is not None else "set `OXPACK_CACHE_DIR` to"


def _check_cache_dir(root: Path, config: Config) -> None:
    """The cache folder exists or can be made, as a folder; then the temporaries that killed
    builds left in it (and in the system's temporary folder) go."""
    for folder in (root, *root.parents):
        if folder.exists() and not folder.is_dir():
            raise ToolchainError(
                f"the oxpack cache folder `{root}` ({_cache_origin(config)}) cannot be made: `{folder}` is a file; "
                f"{_cache_fix(config)} a folder, or remove that file")
    (root / "stages").mkdir(parents=True, exist_ok=True)
    clean_stale(None)  # the system's temporary folder
    clean_stale(root / "sysroot")  # and what a killed sysroot build left
    clean_stale(root / "stages" / "tmp")  # and half-written stage entries (Cache.put)


def _check_crate_names(config: Config, files: Sequence[Path]) -> None:
    """Two kernel files must not become one crate: `my-k.rs` and `my_k.rs`, or `x/k.rs` and `y/k.rs`
    (each file is a crate named after it, and its fatbin too)."""
    seen: dict[str, Path] = {}
    for path in files:
        name = _crate_name(path)
        if name in seen:
            a, b = (p.relative_to(config.project_dir).as_posix() if p.is_relative_to(config.project_dir) else str(p)
                    for p in (seen[name], path))
            raise ConfigError(
                f"kernel files `{a}` and `{b}` would both be crate `{name}` (and `{name}.fatbin`); "
                "every kernel file needs a distinct name (`-` counts as `_`): rename one")
        seen[name] = path


def _crate_name(path: Path) -> str:
    return path.stem.replace("-", "_")


class Pipeline:
    """Runs the stages of one build: rustc in threads, link/PTX/cubin in a process pool (`workers`).

    Each stage output is looked up in the cache first; a miss is counted in `runs`
    (in this process, also for work done in a worker) and stored when it arrives.
    """

    def __init__(self, config: Config, *, log: Log | None = None, verbose: bool = False,
                 jobs: int | None = None) -> None:
        self.config = config
        self.progress = log if isinstance(log, Progress) else Progress.lines(log, verbose=verbose)
        # issue 20: the shared build cache, after the local one
        self.remote = open_remote(config.remote_cache, config.remote_cache_mode,
                                  lambda line: self.progress(f"warning: {line}"))
        self.cache = Cache(default_cache_dir(config.cache_dir) / "stages", self.remote)
        self.runs: Counter[str] = Counter()
        self.workers = Workers(jobs)
        self._lock = threading.Lock()
        self._rustc_slots = threading.BoundedSemaphore(self.workers.jobs)
        self._libraries: list[tuple[str, bytes]] | None = None
        self._libraries_lock = threading.Lock()
        self._host: HostBuilder | None = None  # set by `toolchain()` when the config asks for emulation
        self._stopped = threading.Event()
        self._waiting: ThreadPoolExecutor | None = None  # threads that wait for another build's entry
        self._store_errors: list[OSError] = []
        self._rustcs: set[subprocess.Popen[bytes]] = set()

    @property
    def verbose(self) -> bool:
        return self.progress.verbose

    def log(self, message: str) -> None:
        self.progress(message)

    def close(self, *, cancel: bool = False) -> None:
        """Stop the worker processes (if any started) and clear the progress display."""
        if self._waiting is not None:
            self._waiting.shutdown(wait=not cancel, cancel_futures=cancel)
        self.workers.close(cancel=cancel)
        if self.remote is not None:
            self.remote.close()
        self.progress.finish()

    def cancel(self) -> None:
        """Stop everything now (Ctrl-C, SIGTERM): no new rustc, running ones and the workers killed."""
        self._stopped.set()
        with self._lock:
            running = list(self._rustcs)
        for proc in running:
            kill_tree(proc)
        self.workers.close(cancel=True, kill=True)

    def _ran(self, stage: str) -> None:
        with self._lock:
            self.runs[stage] += 1

    def _start(self, stage: str, k: str, step: tuple[str, str | None], load: Callable[[dict[str, bytes]], T],
               save: Callable[[T], dict[str, bytes]], job: Callable[..., T], args: Callable[[], tuple[Any, ...]],
               tool: tuple[str, Sequence[str], str]) -> Pending[T]:
        """The cached output of `stage` under key `k`, or `job(*args())` sent to a worker.

        The work happens under a lock of the key (`Cache.try_lock`): where another build holds it,
        a thread of this one waits for that build's entry instead of repeating the job (and does the
        job itself if none comes: that build failed or died). `step` (subject, arch) is what the
        progress display shows, `tool` (name, options, what) what `-v` says about the in-process tool.
        """
        hit = self.cache.get(stage, k)
        if hit is not None:
            return Pending.ready(load(hit))
        lock = self.cache.try_lock(stage, k)
        if lock is None:  # another build makes it now
            return Pending(self._waiters().submit(self._after_other_build, stage, k, step, load, save, job, args, tool),
                           lambda value: None, lambda: None)
        hit = self.cache.get(stage, k)  # another build may have stored it between the first look and the lock
        if hit is not None:
            lock()
            return Pending.ready(load(hit))
        return self._submit(stage, k, step, save, job, args, tool, lock)

    def _submit(self, stage: str, k: str, step: tuple[str, str | None], save: Callable[[T], dict[str, bytes]],
                job: Callable[..., T], args: Callable[[], tuple[Any, ...]], tool: tuple[str, Sequence[str], str],
                lock: Callable[[], None]) -> Pending[T]:
        """Send the job to a worker; its output goes to the cache, and the key's lock is released, as
        soon as it arrives (in the pool's thread: a build waiting for it needs no more of this one)."""
        self.progress.in_process(*tool)
        token = self.progress.begin(stage if stage != "ll" else "link", *step)
        try:
            future = self.workers.submit(job, *args())
        except BaseException:
            lock()
            raise

        def store(f: Future[T]) -> None:
            try:
                if not f.cancelled() and f.exception() is None:
                    self.cache.put(stage, k, save(f.result()))
            except OSError as exc:
                self._store_errors.append(exc)
            finally:
                lock()

        future.add_done_callback(store)

        def arrived(value: T) -> None:
            self.progress.end(token)
            self._ran(stage)
            if self._store_errors:
                raise self._store_errors[0]

        return Pending(future, arrived, lambda: self.progress.end(token))

    def _after_other_build(self, stage: str, k: str, step: tuple[str, str | None],
                           load: Callable[[dict[str, bytes]], T],
                           save: Callable[[T], dict[str, bytes]], job: Callable[..., T],
                           args: Callable[[], tuple[Any, ...]], tool: tuple[str, Sequence[str], str]) -> T:
        """Wait for the build that holds the key's lock; take its entry, or do the job if it left none."""
        lock = self.cache.lock(stage, k)
        hit = self.cache.get(stage, k)
        if hit is not None:
            lock()
            return load(hit)
        return self._submit(stage, k, step, save, job, args, tool, lock).result()

    def _waiters(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._waiting is None:
                self._waiting = ThreadPoolExecutor(max_workers=32, thread_name_prefix="oxpack-wait")
            return self._waiting

    # -- toolchain --------------------------------------------------------------

    def toolchain(self) -> Toolchain:
        rustc = find_rustc(self.config.rustc, timeout=self.config.tool_timeout,
                           configured_origin=self.config.origin("rustc"))
        cache_root = default_cache_dir(self.config.cache_dir)
        sysroot = ensure_sysroot(rustc, cache_root, self.progress, command=self.progress.command,
                                 timeout=self.config.tool_timeout, remote=self.remote)
        import llvmlite

        llvm = ".".join(map(str, llvm_version()))
        device = self._device_rlib(rustc, sysroot)
        if self.config.emulation:
            check_host_supported()
            self._host = HostBuilder(rustc, self.cache, self.config.opt_level, profile=self.config.profile,
                                     run=self._run_rustc, ran=self._ran,
                                     step=lambda subject: self.progress.step("rustc", subject), work=self._work)
            self._host.device_rlib()
        return Toolchain(rustc, sysroot, device, llvmlite.__version__, llvm, nvjitlink_version(), nvfatbin_version())

    def _rustc_base(self, rustc: Rustc, sysroot: Sysroot) -> list[str]:
        cmd = [str(rustc.path), "--edition", "2024", "--target", TARGET, "-C", f"opt-level={self.config.opt_level}",
               "-C", "panic=abort", "-C", "codegen-units=1", "-C", "debuginfo=0", "--color", "never"]
        if self.config.profile == "debug":  # issue 9: panics record their message (device crate's cfg)
            cmd += ["--cfg", "oxpack_debug", "-C", "overflow-checks=on"]
        if sysroot.sysroot_arg is not None:
            cmd += ["--sysroot", str(sysroot.sysroot_arg)]
        return cmd

    def _rustc_env(self) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if k not in ("RUSTC_BOOTSTRAP",) and not k.startswith("CARGO")}

    def _device_rlib(self, rustc: Rustc, sysroot: Sysroot) -> bytes:
        src = data_dir("device")
        sources = [f"{p.relative_to(src).as_posix()}\0".encode() + p.read_bytes()
                   for p in sorted((src / "src").rglob("*.rs"))]  # the crate's every module
        k = key("rlib", _DEVICE_RECIPE, rustc.identity, sysroot.digest, *sources,
                str(self.config.opt_level), self.config.profile)
        hit = self.cache.get("rlib", k)
        if hit is not None:
            return hit["liboxpack.rlib"]
        self.workers.warm_up()
        with self._work("rlib", k) as work:
            hit = self.cache.get("rlib", k)  # another build made it while this one waited
            if hit is not None:
                return hit["liboxpack.rlib"]
            with self.progress.step("rustc", "the oxpack device crate"):
                cmd = self._rustc_base(rustc, sysroot) + [
                    "--crate-type", "rlib", "--crate-name", "oxpack", f"--remap-path-prefix={src}={_DEVICE_REMAP}",
                    f"--remap-path-prefix={work}=<oxpack>", str(src / "src" / "lib.rs"), "-o", "liboxpack.rlib"]
                self._run_rustc(cmd, "the oxpack device crate", work)
                data = (work / "liboxpack.rlib").read_bytes()
            self._ran("rlib")
            self.cache.put("rlib", k, {"liboxpack.rlib": data})
            (work / "liboxpack.rlib").unlink()
        return data

    @contextlib.contextmanager
    def _work(self, stage: str, k: str) -> Iterator[Path]:
        """The folder where rustc runs for the `stage` output of key `k`, under a lock of that key: a
        concurrent build of the same input waits for this one's cache entry instead of repeating the
        work (the kernel drops the lock of a build that dies). The folder stays, so that every `$` line
        of `-v` and every "reproduce with:" runs as printed; its outputs go once they are in the cache."""
        work = default_cache_dir(self.config.cache_dir) / "work" / f"{stage}-{k[:24]}"
        with file_lock(work.with_name(work.name + ".lock")):
            work.mkdir(parents=True, exist_ok=True)
            yield work

    def _run_rustc(self, cmd: list[str], what: str, cwd: Path) -> str:
        self.progress.command(cmd, cwd=cwd)
        with self._rustc_slots:  # at most one rustc per CPU, however many crates build at once
            if self._stopped.is_set():
                raise StageError(f"the build was stopped before rustc compiled {what}", stage="bc")
            timeout = self.config.tool_timeout

            mine: list[subprocess.Popen[bytes]] = []

            def started(proc: subprocess.Popen[bytes]) -> None:
                mine.append(proc)
                with self._lock:
                    self._rustcs.add(proc)

            try:
                code, _, err = run_bounded(cmd, timeout, cwd=cwd, env=self._rustc_env(), started=started)
            except subprocess.TimeoutExpired:
                raise StageError(timed_out(f"rustc compiling {what}", cmd, timeout), stage="bc", command=cmd,
                                 cwd=cwd) from None
            finally:
                with self._lock:
                    self._rustcs.difference_update(mine)
        stderr = err.decode(errors="replace")
        if code != 0:
            if "E0463" in stderr and "`core`" in stderr:
                raise ToolchainError(
                    f"rustc no longer finds the nvptx `core` it was given (`{cmd[cmd.index('--sysroot') + 1]}`"
                    f" was removed during the build?); rerun the build, which rebuilds it"
                    if "--sysroot" in cmd else f"rustc cannot find the nvptx `core` for {what}; {INSTALL_HINT}")
            # field (issue 8): the device crate is compiled under the remapped name /oxpack/device (reproducible
            # rlibs); its notes in an error point at the installed file, which the user can open
            stderr = stderr.replace(f"{_DEVICE_REMAP}/", f"{data_dir('device')}/")
            raise StageError(f"rustc failed to compile {what}: {_first_error(stderr, self.config.project_dir)}",
                             stage="bc", command=cmd, stderr=stderr, cwd=cwd)
        return stderr

    # -- crates ------------------------------------------------------------------

    def build_crates(self, tc: Toolchain, paths: Sequence[Path], archs: Sequence[str], ptx_arch: str | None,
                     isa: str) -> list[CrateResult]:
        """Every crate, in threads that share the worker pool; on failure, the first error in file order."""
        if len(paths) <= 1 or self.workers.jobs == 1:
            return [self.build_crate(tc, p, archs, ptx_arch, isa) for p in paths]
        with ThreadPoolExecutor(max_workers=min(len(paths), 32), thread_name_prefix="oxpack-crate") as threads:
            futures = [threads.submit(self.build_crate, tc, p, archs, ptx_arch, isa) for p in paths]
            try:
                return [f.result() for f in futures]
            except (KeyboardInterrupt, SystemExit):  # Ctrl-C, SIGTERM: stop the crate threads' work now
                self.cancel()
                raise

    def build_crate(self, tc: Toolchain, path: Path, archs: Sequence[str], ptx_arch: str | None, isa: str) -> CrateResult:
        root = self.config.project_dir
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()
        name = _crate_name(path)
        if not name.isidentifier() or keyword.iskeyword(name) or name in _RUST_KEYWORDS:
            raise ConfigError(f"kernel file `{rel}`: its name `{path.stem}` must be an identifier (letters, digits, "
                              "`_`) that is no Rust or Python keyword (it names the crate and its "
                              "fatbin); rename the file")
        source = path.read_bytes()
        try:
            text = source.decode()
        except UnicodeDecodeError as exc:
            raise ConfigError(f"kernel file `{rel}` is not UTF-8 text (byte {exc.start}); Rust sources must be "
                              "UTF-8") from None
        check_where(rel, text, ())  # before rustc: a comment in `where (...)` is a clear error, not rustc's
        bc = self._bitcode(tc, path, rel, name, source)
        ir, kernels = self._link(tc, name, bc)
        check_where(rel, text, kernels)
        if not kernels:
            raise StageError(
                f"kernel file `{rel}` declares no kernels; wrap kernel functions in `oxpack::kernel! {{ pub fn ... }}`",
                stage="ll",
            )
        # Every arch's PTX, then every arch's cubin, each set in parallel in the workers.
        wanted = list(dict.fromkeys([*archs, *([ptx_arch] if ptx_arch is not None else [])]))
        ptx_jobs = {arch: self._ptx(ir, arch, isa, name) for arch in wanted}
        ptx_all = {arch: job.result() for arch, job in ptx_jobs.items()}
        cubin_jobs = [self._cubin(ptx_all[arch], arch, name) for arch in archs]
        cubins = [job.result() for job in cubin_jobs]
        kernel_names = {k.name for k in kernels}
        resources = {c.arch: {k: v for k, v in parse_info_log(c.info_log).items() if k in kernel_names}
                     for c in cubins}
        embedded = None if ptx_arch is None else (ptx_arch, ptx_all[ptx_arch])
        fatbin = self._fatbin(cubins, embedded, name)
        host = None
        if self._host is not None:
            host = self._host.library(path, rel, name, source, kernels)
        return CrateResult(name, rel, digest(source), kernels, fatbin, {a: ptx_all[a] for a in archs}, resources,
                           {c.arch: c.info_log for c in cubins}, host)

    def _bitcode(self, tc: Toolchain, path: Path, rel: str, name: str, source: bytes) -> bytes:
        where = Path(rel).parent.as_posix()  # rustc writes it into panic locations: part of the output
        k = key("bc", tc.rustc.identity, tc.sysroot.digest, tc.device_rlib, source, name, where,
                str(self.config.opt_level), self.config.profile)
        hit = self.cache.get("bc", k)
        if hit is not None:
            return hit["kernel.bc"]
        self.workers.warm_up()  # the link and codegen that follow need the workers
        with self._work("bc", k) as work:
            hit = self.cache.get("bc", k)  # another build made it while this one waited
            if hit is not None:
                return hit["kernel.bc"]
            with self.progress.step("rustc", rel):
                shared = work.parent / f"liboxpack-{digest(tc.device_rlib)[:24]}.rlib"  # one copy for all crates
                _write_if_changed(shared, tc.device_rlib)
                _write_if_changed(work / "root.rs", (
                    "// Generated by oxpack: the crate root around one kernel file.\n"
                    "#![no_std]\n#![forbid(unsafe_code)]\n"
                    f"#![recursion_limit = \"{_RECURSION_LIMIT}\"]\n"  # one `kernel!` recursion per kernel
                    f"#[path = {_rust_string(str(path.resolve()))}]\npub mod {name};\n").encode())
                cmd = self._rustc_base(tc.rustc, tc.sysroot) + [
                    "--crate-type", "lib", "--crate-name", name, "--emit=llvm-bc=kernel.bc,dep-info=kernel.d",
                    "--extern", f"oxpack=../{shared.name}",
                    f"--remap-path-prefix={path.resolve().parent}={where}", f"--remap-path-prefix={work.parent}=<oxpack>",
                    f"--remap-path-prefix={work}=<oxpack>", "root.rs"]
                self._run_rustc(cmd, f"`{rel}`", work)
                depinfo = (work / "kernel.d").read_text(encoding="utf-8")
                data = (work / "kernel.bc").read_bytes()
                for output in ("kernel.d", "kernel.bc"):
                    (work / output).unlink()
                _check_reads(rel, path, depinfo, self.config.project_dir)
            self._ran("bc")
            self.cache.put("bc", k, {"kernel.bc": data})
        return data

    def _link_libraries(self, tc: Toolchain) -> list[tuple[str, bytes]]:
        """The device crate's and the sysroot's bitcode members, read once per build."""
        with self._libraries_lock:
            if self._libraries is None:
                self._libraries = [(f"device:{n}", d) for n, d in read_archive(tc.device_rlib)] + tc.sysroot.bitcode()
            return self._libraries

    @functools.cached_property
    def _link_inputs(self) -> tuple[str, Path | None, str]:
        """What every link of this build shares, found once: the runtime IR, NVIDIA's
        libdevice (resolved here: workers see no environment changes) and its digest."""
        libdevice = find_libdevice()
        return (data_dir("device") / "runtime.ll").read_text(), libdevice, libdevice_id(libdevice)

    def _link(self, tc: Toolchain, name: str, bc: bytes) -> tuple[str, tuple[KernelSig, ...]]:
        runtime, libdevice, libdevice_digest = self._link_inputs
        k = key("ll", bc, runtime, tc.device_rlib, tc.sysroot.digest, tc.llvmlite, libdevice_digest,
                _code_id("llvm.py"))
        linked = self._start(
            "ll", k, (name, None),
            load=lambda hit: LinkedCrate(hit["kernel.ll"].decode(),
                                         tuple(sig_from_json(s) for s in json.loads(hit["kernels.json"]))),
            save=lambda out: {"kernel.ll": out.ir.encode(), "kernels.json": json.dumps(
                [sig_to_json(s) for s in out.kernels], sort_keys=True).encode()},
            job=link_job, args=lambda: (bc, runtime, self._link_libraries(tc), libdevice),
            tool=("llvmlite", ["link", "internalize", "globaldce"],
                  f"{name}: kernel bitcode + runtime.ll + the device crate and core members it needs"),
        ).result()
        return linked.ir, linked.kernels

    def _ptx(self, ir: str, arch: str, isa: str, name: str) -> Pending[str]:
        opt = self.config.opt_level
        k = key("ptx", ir, arch, isa, str(opt), self._llvm_id(), _code_id("llvm.py"))
        llc = ["-mtriple=nvptx64-nvidia-cuda", f"-mcpu={arch}", f"-mattr=+ptx{isa.replace('.', '')}", f"-O{opt}"]
        return self._start("ptx", k, (name, arch), load=lambda hit: hit["kernel.ptx"].decode(),
                           save=lambda text: {"kernel.ptx": text.encode()},
                           job=codegen_job, args=lambda: (ir, arch, isa, opt, name),
                           tool=("llvmlite", llc, f"{name}: optimise and emit PTX {isa}, as `opt -O{opt} | llc` would"))

    def _llvm_id(self) -> str:
        import llvmlite

        return f"llvmlite {llvmlite.__version__}"

    def _cubin(self, ptx: str, arch: str, name: str) -> Pending[Cubin]:
        k = key("cubin", ptx, arch, nvjitlink_version(), _code_id("nvidia.py"))
        return self._start("cubin", k, (name, arch),
                           load=lambda hit: Cubin(arch, hit["kernel.cubin"], hit["info.log"].decode()),
                           save=lambda c: {"kernel.cubin": c.data, "info.log": c.info_log.encode()},
                           job=cubin_job, args=lambda: (ptx, arch, name),
                           tool=("nvJitLink", nvjitlink_options(arch), f"{name}: PTX -> cubin"))

    def _fatbin(self, cubins: Sequence[Cubin], ptx: tuple[str, str] | None, name: str) -> bytes:
        parts = [c.arch.encode() + b"\0" + c.data for c in cubins]
        if ptx is not None:
            parts.append(("ptx:" + ptx[0] + "\0" + ptx[1]).encode())
        compression = self.config.fatbin_compression
        k = key("fatbin", name, nvfatbin_version(), _code_id("nvidia.py"), compression, *parts)
        hit = self.cache.get("fatbin", k)
        if hit is not None:
            return hit["kernel.fatbin"]
        release = self.cache.lock("fatbin", k)  # as every stage: a concurrent build waits for this one's entry
        try:
            hit = self.cache.get("fatbin", k)
            if hit is not None:
                return hit["kernel.fatbin"]
            contents = " ".join(c.arch for c in cubins) + (f" + PTX {ptx[0]}" if ptx else "")
            self.progress.in_process("nvFatbin", nvfatbin_options(compression), f"{name}: cubins {contents}")
            with self.progress.step("fatbin", name):
                data = make_fatbin(cubins, ptx, name=name, compression=compression)
            self._ran("fatbin")
            self.cache.put("fatbin", k, {"kernel.fatbin": data})
            return data
        finally:
            release()


_RECURSION_LIMIT = 8192  # rustc's default (128) stops `kernel!` at about 120 kernels


def _rust_string(text: str) -> str:
    """A Rust string literal (non-ASCII characters as they are: Rust has no `\\uXXXX`)."""
    return '"' + "".join({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c, c)
                         for c in text) + '"'


def _check_reads(rel: str, path: Path, depinfo: str, root: Path) -> None:
    """A kernel crate is its one file: refuse what else rustc read (`mod x;`, `#[path]`, `include!`,
    `include_str!`, ...) or what it took from the environment (`env!`), since none of it is part of the
    cache key or the lockfile's source hash: editing it would keep a stale fatbin."""
    read: list[str] = []
    env: list[str] = []
    for line in depinfo.splitlines():
        if line.startswith("# env-dep:"):
            env.append(line[len("# env-dep:"):].split("=", 1)[0])
        elif line.endswith(":") and not line.startswith("#"):
            read.append(os.path.normpath(line[:-1].replace("\\ ", " ")))
    own = {"root.rs", str(path.resolve())}
    others = sorted({f for f in read if f not in own and Path(f).resolve() != path.resolve()})
    if others:
        shown = ", ".join(f"`{_shown_path(Path(f), root)}`" for f in others)
        raise StageError(
            f"kernel file `{rel}` makes rustc read {shown} (through `mod name;`, `#[path]` or `include!`-like "
            "macros): a kernel file is a crate of its own and may not read other files; move that code into "
            f"`{rel}`, or make it a kernel file of its own", stage="bc")
    if env:
        raise StageError(
            f"kernel file `{rel}` reads environment variable{'s' if len(env) > 1 else ''} "
            f"{', '.join(f'`{v}`' for v in sorted(set(env)))} at compile time (`env!`/`option_env!`): its fatbin "
            "would depend on the building machine; use a constant or a kernel parameter instead", stage="bc")


def _shown_path(file: Path, root: Path) -> str:
    return file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write atomically, and not at all when the file holds `data` already."""
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return
    except OSError:
        pass
    write_atomic(path, data)  # crates write it at once: one temporary per thread


def _first_error(stderr: str, project_dir: Path) -> str:
    """`kernels/k.rs:2:23: error[E0277]: ... (kernel `k`, parameter `x`)` from rustc's output."""
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("error"):
            continue
        loc = next((ln.split("--> ", 1)[1].strip() for ln in lines[i + 1 : i + 4] if "--> " in ln), None)
        if loc is None:
            return line
        message = f"{loc}: {line}"
        if "not a supported oxpack kernel parameter type" in line:
            message += _param_context(project_dir, loc)
        return message
    return "rustc exited with an error (see below)"


def _param_context(project_dir: Path, loc: str) -> str:
    try:
        file, line_no, col = loc.rsplit(":", 2)
        text = (project_dir / file).read_text().splitlines()
        row = int(line_no) - 1
        before = "\n".join(text[:row] + [text[row][: int(col) - 1]])
    except (OSError, ValueError, IndexError):
        return ""
    param = re.search(r"(\w+)\s*:\s*$", before)
    kernel = re.findall(r"\bfn\s+(\w+)", before)
    if param and kernel:
        return f" (kernel `{kernel[-1]}`, parameter `{param.group(1)}`)"
    return ""


@functools.lru_cache(maxsize=None)
def _code_id(module: str) -> str:
    """The digest of one of oxpack's own modules: a stage's output depends on its code too."""
    return digest((Path(__file__).parent / module).read_bytes())


def build_project(config: Config, *, log: Log | None = None, verbose: bool = False,
                  jobs: int | None = None) -> BuildResult:
    """Build every kernel crate of the project; raises OxpackError subclasses on bad input.

    `log` takes progress lines (a `Progress` also shows a live status line and,
    when verbose, every command); `jobs` caps the worker processes (default: one
    per CPU; 1 runs everything in this process).
    """
    files = discover_kernels(config)
    archs = resolve_archs(config)
    ptx_arch: str | None
    if config.ptx is None:
        ptx_arch = None
    elif config.ptx == "auto":
        ptx_arch = max(archs, key=lambda a: (int("".join(c for c in a[3:] if c.isdigit())), a))
    else:
        ptx_arch = config.ptx
    isa = ptx_isa_for(archs)
    _check_crate_names(config, files)
    cache_root = default_cache_dir(config.cache_dir)
    try:
        _check_cache_dir(cache_root, config)
        pipe = Pipeline(config, log=log, verbose=verbose, jobs=jobs)
        try:
            tc = pipe.toolchain()
            crates = pipe.build_crates(tc, files, archs, ptx_arch, isa)
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C, SIGTERM: end the workers now, not after their jobs
            pipe.cancel()
            raise
        finally:
            pipe.close()
    except OSError as exc:
        if exc.filename is None or not Path(str(exc.filename)).is_relative_to(cache_root):
            raise
        raise ToolchainError(
            f"the oxpack cache folder `{cache_root}` ({_cache_origin(config)}) is not usable: "
            f"{exc.strerror or exc} (`{exc.filename}`); free space or fix its permissions, or "
            f"{_cache_fix(config)} a writable folder") from None
    seen: dict[str, str] = {}
    for crate in crates:
        for k in crate.kernels:
            if k.name in seen:
                raise ConfigError(
                    f"kernel `{k.name}` is declared in both `{seen[k.name]}` and `{crate.source}`; "
                    f"the module `{config.module}` needs unique kernel names: rename one"
                )
            seen[k.name] = crate.source
    remote = None if pipe.remote is None else pipe.remote.stats.line(pipe.remote.url, pipe.remote.mode)
    return BuildResult(config, tc, archs, ptx_arch, isa, crates, pipe.runs, remote)
