"""The build's orchestrator: it plans, consults the cache and runs the stages (`oxpack.stages`),
knowing no tool details.

A build is its plan (`plan`), its toolchain (rustc, its nvptx sysroot, the device crate, and with
emulation the device crate for the host), then every kernel crate through its stages: `bc` →
`ll` → `ptx` per arch → `cubin` per arch → `fatbin`, and with emulation `host-so`. Each stage's
output is looked up in the cache under its key first; a miss is made and stored under a lock of
the key, so that a concurrent build of the same input waits for this one's entry instead of
repeating the work. rustc runs once per crate, crates in parallel threads, at most one rustc per
CPU; link, PTX and cubin run in worker processes (`workers`), PTX and cubin of every arch at once.
Outputs hold no paths, times or host names: two clean builds give the same bytes.
"""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from .cache import Cache, clean_stale, default_cache_dir, digest, file_lock
from .config import Config
from .errors import ConfigError, StageError, ToolchainError
from .llvm import KernelSig, llvm_version
from .nvidia import Cubin, nvfatbin_version, nvjitlink_version, parse_info_log
from .plan import check_crate_name, plan_build
from .progress import Progress
from .remote import open_remote
from .requirements import check_where
from .result import BuildResult, CrateResult, Toolchain
from .rustc import find_rustc, kill_tree, run_bounded, timed_out
from .stages import bitcode, cubin, fatbin, host, ptx
from .stages.rust import rustc_env, rustc_failure
from .stages.stage import Stage, Tool
from .sysroot import ensure_sysroot
from .workers import Pending, Workers

__all__ = ["BuildResult", "CrateResult", "Pipeline", "build_project"]

Log = Callable[[str], None]
T = TypeVar("T")
_WORKER_MODULES = (ptx.__name__, cubin.__name__)  # what the worker processes run: imported once, in the fork server


def build_project(config: Config, *, log: Log | None = None, verbose: bool = False,
                  jobs: int | None = None) -> BuildResult:
    """Build every kernel crate of the project; raises OxpackError subclasses on bad input.

    `log` takes progress lines (a `Progress` also shows a live status line and,
    when verbose, every command); `jobs` caps the worker processes (default: one
    per CPU; 1 runs everything in this process).
    """
    plan = plan_build(config)
    cache_root = default_cache_dir(config.cache_dir)
    try:
        _check_cache_dir(cache_root, config)
        pipe = Pipeline(config, log=log, verbose=verbose, jobs=jobs)
        try:
            tc = pipe.toolchain()
            crates = pipe.build_crates(tc, plan.files, plan.archs, plan.ptx_arch, plan.ptx_isa)
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
    return BuildResult(config, tc, plan.archs, plan.ptx_arch, plan.ptx_isa, crates, pipe.runs, remote)


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
        self.workers = Workers(jobs, preload=_WORKER_MODULES)
        self._lock = threading.Lock()
        self._rustc_slots = threading.BoundedSemaphore(self.workers.jobs)
        self._libraries: list[tuple[str, bytes]] | None = None
        self._libraries_lock = threading.Lock()
        self._host: tuple[host.HostRustc, bytes] | None = None  # set by `toolchain()` when the config asks for emulation
        self._stopped = threading.Event()
        self._waiting: ThreadPoolExecutor | None = None  # threads that wait for another build's entry
        self._store_errors: list[OSError] = []
        self._rustcs: set[subprocess.Popen[bytes]] = set()

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

    # -- the toolchain -----------------------------------------------------------------

    def toolchain(self) -> Toolchain:
        rustc = find_rustc(self.config.rustc, timeout=self.config.tool_timeout,
                           configured_origin=self.config.origin("rustc"))
        cache_root = default_cache_dir(self.config.cache_dir)
        sysroot = ensure_sysroot(rustc, cache_root, self.progress, command=self.progress.command,
                                 timeout=self.config.tool_timeout, remote=self.remote)
        import llvmlite

        llvm = ".".join(map(str, llvm_version()))
        device = bitcode.DeviceRustc(rustc, sysroot, self.config.opt_level, self.config.profile)
        rlib = self._in_work_folder(bitcode.RLIB, bitcode.rlib_key(device), "the oxpack device crate",
                                    lambda work: bitcode.compile_device_crate(self._run_rustc, device, work), warm=True)
        if self.config.emulation:
            host.check_host_supported()
            on_host = host.HostRustc(rustc, self.config.opt_level, self.config.profile)
            self._host = on_host, self._in_work_folder(
                host.HOST_RLIB, host.host_rlib_key(on_host), "the oxpack device crate for the host",
                lambda work: host.compile_host_device_crate(self._run_rustc, on_host, work))
        return Toolchain(rustc, sysroot, rlib, llvmlite.__version__, llvm, nvjitlink_version(), nvfatbin_version())

    # -- crates ------------------------------------------------------------------------

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
        name = check_crate_name(path, rel)
        source = path.read_bytes()
        try:
            text = source.decode()
        except UnicodeDecodeError as exc:
            raise ConfigError(f"kernel file `{rel}` is not UTF-8 text (byte {exc.start}); Rust sources must be "
                              "UTF-8") from None
        check_where(rel, text, ())  # before rustc: a comment in `where (...)` is a clear error, not rustc's
        device = bitcode.DeviceRustc(tc.rustc, tc.sysroot, self.config.opt_level, self.config.profile)
        bc = self._in_work_folder(
            bitcode.BC, bitcode.bc_key(device, tc.device_rlib, source, name, rel), rel,
            lambda work: bitcode.compile_kernel_file(self._run_rustc, device, tc.device_rlib, path, rel, name, root,
                                                     work), warm=True)
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
        fatbin_data = self._fatbin(cubins, embedded, name)
        library = None if self._host is None else self._host_library(*self._host, path, rel, name, source, kernels)
        return CrateResult(name, rel, digest(source), kernels, fatbin_data, {a: ptx_all[a] for a in archs},
                           resources, {c.arch: c.info_log for c in cubins}, library)

    def _link(self, tc: Toolchain, name: str, bc: bytes) -> tuple[str, tuple[KernelSig, ...]]:
        inputs = self._link_inputs
        linked = self._start(ptx.LINK, ptx.link_key(bc, inputs, tc.device_rlib, tc.sysroot, tc.llvmlite), (name, None),
                             ptx.link_job, lambda: (bc, inputs.runtime, self._link_libraries(tc), inputs.libdevice),
                             ptx.link_tool(name)).result()
        return linked.ir, linked.kernels

    @functools.cached_property
    def _link_inputs(self) -> ptx.LinkInputs:
        return ptx.LinkInputs.find()

    def _link_libraries(self, tc: Toolchain) -> list[tuple[str, bytes]]:
        """The device crate's and the sysroot's bitcode members, read once per build."""
        with self._libraries_lock:
            if self._libraries is None:
                self._libraries = ptx.link_libraries(tc.device_rlib, tc.sysroot)
            return self._libraries

    def _ptx(self, ir: str, arch: str, isa: str, name: str) -> Pending[str]:
        opt = self.config.opt_level
        return self._start(ptx.PTX, ptx.ptx_key(ir, arch, isa, opt), (name, arch), ptx.codegen_job,
                           lambda: (ir, arch, isa, opt, name), ptx.ptx_tool(name, arch, isa, opt))

    def _cubin(self, text: str, arch: str, name: str) -> Pending[Cubin]:
        return self._start(cubin.cubin_stage(arch), cubin.cubin_key(text, arch), (name, arch), cubin.cubin_job,
                           lambda: (text, arch, name), cubin.cubin_tool(name, arch))

    def _fatbin(self, cubins: Sequence[Cubin], embedded: tuple[str, str] | None, name: str) -> bytes:
        compression = self.config.fatbin_compression
        return self._in_process(fatbin.FATBIN, fatbin.fatbin_key(name, cubins, embedded, compression), name,
                                fatbin.fatbin_tool(name, cubins, embedded, compression),
                                lambda: fatbin.make_fatbin(cubins, embedded, name=name, compression=compression))

    def _host_library(self, on_host: host.HostRustc, device: bytes, path: Path, rel: str, name: str, source: bytes,
                      kernels: Sequence[KernelSig]) -> bytes:
        glue = host.glue(name, kernels)
        return self._in_work_folder(
            host.HOST_SO, host.host_so_key(on_host, device, source, name, rel, glue), f"{rel} for the host",
            lambda work: host.compile_host_library(self._run_rustc, on_host, device, path, rel, name, glue, work))

    # -- running a stage: the cache first, a miss made under a lock of its key ----------------

    def _ran(self, stage: str) -> None:
        with self._lock:
            self.runs[stage] += 1

    def _in_work_folder(self, stage: Stage[T], k: str, subject: str, make: Callable[[Path], T], *,
                        warm: bool = False) -> T:
        """The cached output of a rustc stage under key `k`, or `make(work)` in its work folder (`_work`);
        `warm`: start the workers on a miss (the link and codegen that follow need them)."""
        hit = self.cache.get(stage.name, k)
        if hit is not None:
            return stage.load(hit)
        if warm:
            self.workers.warm_up()
        with self._work(stage.name, k) as work:
            hit = self.cache.get(stage.name, k)  # another build made it while this one waited
            if hit is not None:
                return stage.load(hit)
            with self.progress.step("rustc", subject):
                out = make(work)
            self._ran(stage.name)
            self.cache.put(stage.name, k, stage.save(out))
        return out

    @contextlib.contextmanager
    def _work(self, stage: str, k: str) -> Iterator[Path]:
        """The folder where rustc runs for the `stage` output of key `k`, under a lock of that key: a
        concurrent build of the same input waits for this one's cache entry instead of repeating the
        work (the kernel drops the lock of a build that dies). The folder stays, so that every `$` line
        of `-v` and every "reproduce with:" runs as printed; its outputs go once they are read."""
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
                code, _, err = run_bounded(cmd, timeout, cwd=cwd, env=rustc_env(), started=started)
            except subprocess.TimeoutExpired:
                raise StageError(timed_out(f"rustc compiling {what}", cmd, timeout), stage="bc", command=cmd,
                                 cwd=cwd) from None
            finally:
                with self._lock:
                    self._rustcs.difference_update(mine)
        stderr = err.decode(errors="replace")
        if code != 0:
            raise rustc_failure(cmd, what, stderr, self.config.project_dir, cwd)
        return stderr

    def _in_process(self, stage: Stage[T], k: str, subject: str, tool: Tool, make: Callable[[], T]) -> T:
        """The cached output of a stage that runs in this process, or `make()` under the key's lock (as
        every stage: a concurrent build waits for this one's entry)."""
        hit = self.cache.get(stage.name, k)
        if hit is not None:
            return stage.load(hit)
        release = self.cache.lock(stage.name, k)
        try:
            hit = self.cache.get(stage.name, k)
            if hit is not None:
                return stage.load(hit)
            self.progress.in_process(tool.name, tool.options, tool.what)
            with self.progress.step(stage.shown, subject):
                out = make()
            self._ran(stage.name)
            self.cache.put(stage.name, k, stage.save(out))
            return out
        finally:
            release()

    def _start(self, stage: Stage[T], k: str, step: tuple[str, str | None], job: Callable[..., T],
               args: Callable[[], tuple[Any, ...]], tool: Tool) -> Pending[T]:
        """The cached output of `stage` under key `k`, or `job(*args())` sent to a worker.

        The work happens under a lock of the key (`Cache.try_lock`): where another build holds it,
        a thread of this one waits for that build's entry instead of repeating the job (and does the
        job itself if none comes: that build failed or died). `step` (subject, arch) is what the
        progress display shows, `tool` what `-v` says about the in-process tool.
        """
        hit = self.cache.get(stage.name, k)
        if hit is not None:
            return Pending.ready(stage.load(hit))
        lock = self.cache.try_lock(stage.name, k)
        if lock is None:  # another build makes it now
            return Pending(self._waiters().submit(self._after_other_build, stage, k, step, job, args, tool),
                           lambda value: None, lambda: None)
        hit = self.cache.get(stage.name, k)  # another build may have stored it between the first look and the lock
        if hit is not None:
            lock()
            return Pending.ready(stage.load(hit))
        return self._submit(stage, k, step, job, args, tool, lock)

    def _submit(self, stage: Stage[T], k: str, step: tuple[str, str | None], job: Callable[..., T],
                args: Callable[[], tuple[Any, ...]], tool: Tool, lock: Callable[[], None]) -> Pending[T]:
        """Send the job to a worker; its output goes to the cache, and the key's lock is released, as
        soon as it arrives (in the pool's thread: a build waiting for it needs no more of this one)."""
        self.progress.in_process(tool.name, tool.options, tool.what)
        token = self.progress.begin(stage.shown, *step)
        try:
            future = self.workers.submit(job, *args())
        except BaseException:
            lock()
            raise

        def store(f: Future[T]) -> None:
            try:
                if not f.cancelled() and f.exception() is None:
                    self.cache.put(stage.name, k, stage.save(f.result()))
            except OSError as exc:
                self._store_errors.append(exc)
            finally:
                lock()

        future.add_done_callback(store)

        def arrived(value: T) -> None:
            self.progress.end(token)
            self._ran(stage.name)
            if self._store_errors:
                raise self._store_errors[0]

        return Pending(future, arrived, lambda: self.progress.end(token))

    def _after_other_build(self, stage: Stage[T], k: str, step: tuple[str, str | None], job: Callable[..., T],
                           args: Callable[[], tuple[Any, ...]], tool: Tool) -> T:
        """Wait for the build that holds the key's lock; take its entry, or do the job if it left none."""
        lock = self.cache.lock(stage.name, k)
        hit = self.cache.get(stage.name, k)
        if hit is not None:
            lock()
            return stage.load(hit)
        return self._submit(stage, k, step, job, args, tool, lock).result()

    def _waiters(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._waiting is None:
                self._waiting = ThreadPoolExecutor(max_workers=32, thread_name_prefix="oxpack-wait")
            return self._waiting
