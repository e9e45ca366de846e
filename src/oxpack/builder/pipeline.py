"""The build's orchestrator: it plans and runs the stages (`oxpack.builder.stages`) in order, knowing no
tool details.

A build is its plan (`plan`), its toolchain (rustc, its nvptx sysroot, the device crate, and with
emulation the device crate for the host), then every kernel crate through its stages: `bc` →
`ll` → `ptx` per arch → `cubin` per arch → `fatbin`, and with emulation `host-so`. Crates build
in parallel threads; PTX and cubin of every arch at once. The `runner` answers each stage from the
cache or makes it (rustc in the crate's thread; link, PTX and cubin in worker processes).
Outputs hold no paths, times or host names: two clean builds give the same bytes.
"""

from __future__ import annotations

import errno
import functools
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..config import Config
from ..config.model import TABLE
from ..errors import ConfigError, OxpackError, StageError, ToolchainError, file_size_limit
from ..sources.descriptor import KernelSig
from ..sources.attributes import check_attributes
from ..sources.reads import Read, kernel_reads
from ..sources.requirements import check_where
from ..store.cache import clean_stale, digest
from ..toolchain.facts import FOLDER as FACTS
from ..toolchain.facts import llvm_version, nvfatbin_version, nvjitlink_version, ptxas_version
from ..toolchain.nvidia import Cubin, parse_info_log
from ..toolchain.ptxas import find_ptxas, missing_ptxas, whole_program_arch
from ..toolchain.rustc import Rustc, find_rustc
from ..toolchain.sysroot import ensure_sysroot
from .plan import check_crate_name, plan_build
from .progress import Progress
from .result import BuildResult, CrateResult, Toolchain
from .runner import Runner
from .stages import bitcode, cubin, fatbin, host, ptx
from .workers import Pending

__all__ = ["BuildResult", "CrateResult", "Pipeline", "build_project"]

Log = Callable[[str], None]
_WORKER_MODULES = (ptx.__name__, cubin.__name__)  # what the worker processes run: imported once, in the fork server


def _every_error(failed: Sequence[OxpackError]) -> OxpackError:
    """The error of a build in which `failed` crates failed (file order): the first one's, which
    names its file, and, after its own detail, the first error of each other one, so that one build
    shows every broken kernel file."""
    first = failed[0]
    if len(failed) > 1:
        first.message += f" (and {len(failed) - 1} more kernel file{'s' if len(failed) > 2 else ''} failed: see below)"
        others = "\n".join(f"also: {e}" for e in failed[1:])
        first.detail = f"{first.detail.rstrip()}\n{others}" if first.detail else others
        first.args = (first.message,)
    return first


def build_project(config: Config, *, log: Log | None = None, verbose: bool = False,
                  jobs: int | None = None) -> BuildResult:
    """Build every kernel crate of the project; raises OxpackError subclasses on bad input.

    `log` takes progress lines (a `Progress` also shows a live status line and,
    when verbose, every command); `jobs` caps the worker processes (default: one
    per CPU; 1 runs everything in this process).
    """
    cache_root = config.cache_root
    progress = log if isinstance(log, Progress) else Progress.lines(log, verbose=verbose)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="oxpack-rustc") as early:
        # rustc is found (questions to programs: waiting, said on the progress output when it lasts) while
        # the plan reads the kernel files; a problem with the plan is still the one reported first, and
        # one with rustc where it was (`toolchain`)
        rustc = early.submit(find_rustc, config.rustc, timeout=config.tool_timeout,
                             configured_origin=config.origin("rustc"), facts=cache_root / FACTS, waiting=progress)
        plan = plan_build(config)
    for note in plan.notes:
        progress(note)
    try:
        _check_cache_dir(cache_root, config)
        pipe = Pipeline(config, log=progress, verbose=verbose, jobs=jobs)
        try:
            tc = pipe.toolchain(rustc.result())
            crates = pipe.build_crates(tc, plan.files, plan.archs, plan.ptx_arch, plan.ptx_isa)
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C, SIGTERM: end the workers now, not after their jobs
            pipe.cancel()
            raise
        finally:
            pipe.close()
    except OSError as exc:
        if exc.errno == errno.EFBIG and exc.filename is not None:  # Python ignores SIGXFSZ: the write fails
            raise ToolchainError(file_size_limit(exc.filename)) from None
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
    remote = pipe.runner.remote
    shared = None if remote is None else remote.stats.line(remote.url, remote.mode)
    return BuildResult(config, tc, plan.archs, plan.ptx_arch, plan.ptx_isa, crates, pipe.runs, shared)


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
    """The stages of one build, in order: the toolchain, then every crate (in threads that share the
    worker pool) through its stages, each run by the `runner` (cache, locks, workers, progress).

    Each stage output is looked up in the cache first; a miss is counted in `runs`
    (in this process, also for work done in a worker) and stored when it arrives.
    """

    def __init__(self, config: Config, *, log: Log | None = None, verbose: bool = False,
                 jobs: int | None = None) -> None:
        self.config = config
        progress = log if isinstance(log, Progress) else Progress.lines(log, verbose=verbose)
        # the shared build cache, after the local one
        remote = None
        if config.remote_cache is not None:
            from ..store.remote import (
                open_remote,  # its clients' modules: only where a shared cache is set
            )

            remote = open_remote(config.remote_cache, config.remote_cache_mode, lambda line: progress(f"warning: {line}"))
        self.runner = Runner(config.cache_root, remote, progress, jobs=jobs, preload=_WORKER_MODULES,
                             tool_timeout=config.tool_timeout, project_dir=config.project_dir)
        self.runs = self.runner.runs
        self.workers = self.runner.workers
        self._libraries: list[tuple[str, bytes]] | None = None
        self._libraries_lock = threading.Lock()
        self._host: tuple[host.HostRustc, bytes] | None = None  # by `toolchain()`, with emulation: rustc, device rlib

    def close(self, *, cancel: bool = False) -> None:
        """Stop the worker processes (if any started) and clear the progress display."""
        self.runner.close(cancel=cancel)

    def cancel(self) -> None:
        """Stop everything now (Ctrl-C, SIGTERM): no new rustc, running ones and the workers killed."""
        self.runner.cancel()

    # -- the toolchain -----------------------------------------------------------------

    def toolchain(self, rustc: Rustc | None = None) -> Toolchain:
        """rustc (`rustc`, where the caller found it already), its sysroot, the device crate, the tools' versions."""
        cache_root = self.config.cache_root
        facts = cache_root / FACTS  # the tools' versions, remembered across builds (`oxpack.toolchain.facts`)
        llvm = ".".join(map(str, llvm_version(facts)))
        if rustc is None:
            rustc = find_rustc(self.config.rustc, timeout=self.config.tool_timeout,
                               configured_origin=self.config.origin("rustc"), facts=facts, waiting=self.runner.progress)
        sysroot = ensure_sysroot(rustc, cache_root, self.runner.progress, command=self.runner.progress.command,
                                 timeout=self.config.tool_timeout, remote=self.runner.remote)
        import llvmlite

        run = self.runner
        device = bitcode.DeviceRustc(rustc, sysroot, self.config.opt_level, self.config.profile)
        rlib = run.in_work_folder(bitcode.RLIB, bitcode.rlib_key(device), "the oxpack device crate",
                                  lambda work: bitcode.compile_device_crate(run.rustc.run, device, work), warm=True)
        if self.config.emulation:
            host.check_host_supported()
            on_host = host.HostRustc(rustc, self.config.opt_level, self.config.profile)
            self._host = on_host, run.in_work_folder(
                host.HOST_RLIB, host.host_rlib_key(on_host), "the oxpack device crate for the host",
                lambda work: host.compile_host_device_crate(run.rustc.run, on_host, work))
        whole = None
        if self.config.ptxas == "whole-program":
            tool = find_ptxas()
            if tool is None:
                where = self.config.origin("ptxas") or f"option `ptxas` in `{TABLE}`"
                raise ToolchainError(missing_ptxas(where))
            whole = tool, ptxas_version(tool, facts)
        return Toolchain(rustc, sysroot, rlib, llvmlite.__version__, llvm, nvjitlink_version(facts),
                         nvfatbin_version(facts), whole)

    # -- crates ------------------------------------------------------------------------

    def build_crates(self, tc: Toolchain, paths: Sequence[Path], archs: Sequence[str], ptx_arch: str | None,
                     isa: str) -> list[CrateResult]:
        """Every crate, in threads that share the worker pool. A crate that fails does not stop the
        others: the error raised is the first failing crate's (in file order), with the first error of
        every other failing crate after its own detail (`_every_error`)."""
        if len(paths) <= 1 or self.workers.jobs == 1:
            results: list[CrateResult] = []
            failed: list[OxpackError] = []
            for p in paths:
                try:
                    results.append(self.build_crate(tc, p, archs, ptx_arch, isa))
                except OxpackError as exc:
                    failed.append(exc)
            if failed:
                raise _every_error(failed)
            return results
        with ThreadPoolExecutor(max_workers=min(len(paths), 32), thread_name_prefix="oxpack-crate") as threads:
            futures = [threads.submit(self.build_crate, tc, p, archs, ptx_arch, isa) for p in paths]
            try:
                errors = [f.exception() for f in futures]
            except (KeyboardInterrupt, SystemExit):  # Ctrl-C, SIGTERM: stop the crate threads' work now
                self.cancel()
                raise
            for error in errors:  # anything but oxpack's own errors (an internal one) as it is, first
                if error is not None and not isinstance(error, OxpackError):
                    raise error
            failed = [e for e in errors if isinstance(e, OxpackError)]
            if failed:
                raise _every_error(failed)
            return [f.result() for f in futures]

    def build_crate(self, tc: Toolchain, path: Path, archs: Sequence[str], ptx_arch: str | None,
                    isa: str) -> CrateResult:
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
        check_attributes(rel, text)  # and a misspelled or out-of-range kernel attribute, oxpack's line
        reads = kernel_reads(path, rel, root)  # its modules (`mod common;`) and includes: part of its keys
        device = bitcode.DeviceRustc(tc.rustc, tc.sysroot, self.config.opt_level, self.config.profile)
        bc = self.runner.in_work_folder(
            bitcode.BC, bitcode.bc_key(device, tc.device_rlib, source, name, rel, reads), rel,
            lambda work: bitcode.compile_kernel_file(self.runner.rustc.run, device, tc.device_rlib, path, rel, name,
                                                     root, work, reads), warm=True)
        ir, kernels = self._link(tc, name, bc)
        check_where(rel, text, kernels)
        for line in ptx.unbuilt_variants(rel, kernels, archs):  # `#[variant_of(k, arch)]` for an arch not built
            self.runner.progress(f"warning: {line}")
        if not kernels:
            raise StageError(
                f"kernel file `{rel}` declares no kernels; wrap kernel functions in `oxpack::kernel! {{ pub fn ... }}`"
                f" (a module that kernel files share is no kernel file once they declare it: `mod {path.stem};`)",
                stage="ll",
            )
        # Every arch's PTX, then every arch's cubin, each set in parallel in the workers.
        wanted = list(dict.fromkeys([*archs, *([ptx_arch] if ptx_arch is not None else [])]))
        ptx_jobs = {arch: self._ptx(ir, arch, isa, name) for arch in wanted}
        ptx_all = {arch: job.result() for arch, job in ptx_jobs.items()}
        cubin_jobs = [self._cubin(tc, ptx_all[arch], arch, name) for arch in archs]
        cubins = [job.result() for job in cubin_jobs]
        kernel_names = {k.name for k in kernels}
        resources = {c.arch: {k: v for k, v in parse_info_log(c.info_log).items() if k in kernel_names}
                     for c in cubins}
        embedded = None if ptx_arch is None else (ptx_arch, ptx_all[ptx_arch])
        fatbin_data = self._fatbin(cubins, embedded, name)
        library = None if self._host is None else self._host_library(*self._host, path, rel, name, source, kernels,
                                                                     reads)
        return CrateResult(name, rel, digest(source), kernels, fatbin_data, {a: ptx_all[a] for a in archs},
                           resources, {c.arch: c.info_log for c in cubins}, library,
                           {r.rel: r.sha256 for r in reads if r.sha256 is not None}, {c.arch: c.data for c in cubins})

    def _link(self, tc: Toolchain, name: str, bc: bytes) -> tuple[str, tuple[KernelSig, ...]]:
        inputs = self._link_inputs
        linked = self.runner.start(ptx.LINK, ptx.link_key(bc, inputs, tc.device_rlib, tc.sysroot, tc.llvmlite),
                                   (name, None), ptx.link_job,
                                   lambda: (bc, inputs.runtime, self._link_libraries(tc), inputs.libdevice),
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
        return self.runner.start(ptx.PTX, ptx.ptx_key(ir, arch, isa, opt), (name, arch), ptx.codegen_job,
                                 lambda: (ir, arch, isa, opt, name), ptx.ptx_tool(name, arch, isa, opt))

    def _cubin(self, tc: Toolchain, text: str, arch: str, name: str) -> Pending[Cubin]:
        if tc.ptxas is not None and whole_program_arch(arch):  # `ptxas = "whole-program"`
            tool, version = tc.ptxas
            timeout = self.config.tool_timeout
            return self.runner.start(cubin.cubin_stage(arch), cubin.ptxas_key(text, arch, version), (name, arch),
                                     cubin.ptxas_job, lambda: (text, arch, name, str(tool), timeout),
                                     cubin.ptxas_tool(name, arch, tool))
        return self.runner.start(cubin.cubin_stage(arch), cubin.cubin_key(text, arch), (name, arch),
                                 cubin.cubin_job, lambda: (text, arch, name), cubin.cubin_tool(name, arch))

    def _fatbin(self, cubins: Sequence[Cubin], embedded: tuple[str, str] | None, name: str) -> bytes:
        compression = self.config.fatbin_compression
        return self.runner.in_process(fatbin.FATBIN, fatbin.fatbin_key(name, cubins, embedded, compression), name,
                                      fatbin.fatbin_tool(name, cubins, embedded, compression),
                                      lambda: fatbin.make_fatbin(cubins, embedded, name=name, compression=compression))

    def _host_library(self, on_host: host.HostRustc, device: bytes, path: Path, rel: str, name: str, source: bytes,
                      kernels: Sequence[KernelSig], reads: Sequence[Read]) -> bytes:
        glue = host.glue(name, kernels)
        return self.runner.in_work_folder(
            host.HOST_SO, host.host_so_key(on_host, device, source, name, rel, glue, reads), f"{rel} for the host",
            lambda work: host.compile_host_library(self.runner.rustc.run, on_host, device, path, rel, name, glue,
                                                   work, self.config.project_dir, reads))
