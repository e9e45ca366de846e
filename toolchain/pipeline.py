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

import functools
import json
import os
import subprocess
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from . import __version__, data_dir
from .cache import Cache, default_cache_dir, digest, key
from .config import Config
from .emulation import HostBuilder, check_host_supported
from .errors import ConfigError, StageError
from .libdevice import find_libdevice, libdevice_id
from .llvm import KernelSig, LinkedCrate, llvm_version, read_archive
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
from .rustc import TARGET, Rustc, find_rustc
from .sysroot import Sysroot, ensure_sysroot
from .workers import Pending, Workers, codegen_job, cubin_job, link_job

__all__ = ["ARCH_MIN_PTX", "BuildResult", "CrateResult", "Toolchain", "build_project", "discover_kernels",
           "needs_cuda"]

Log = Callable[[str], None]
T = TypeVar("T")
_DEVICE_RECIPE = "oxpack-device-v2"  # v2: no temporary path in the rlib
_DEVICE_REMAP = "/oxpack/device"  # the device crate's source folder, as its rlib names it

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


def ptx_isa_for(archs: Sequence[str]) -> str:
    """The oldest PTX ISA that covers every arch."""
    return max((ARCH_MIN_PTX[a] for a in archs), key=_isa_key)


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

    @property
    def min_driver(self) -> str:
        """The oldest Linux driver that loads these fatbins: their PTX ISA and their compression decide."""
        return needs_cuda(self.ptx_isa, self.config.fatbin_compression)[1]

    def manifest(self) -> dict[str, Any]:
        kernels: dict[str, Any] = {}
        for crate in self.crates:
            for k in crate.kernels:
                kernels[k.name] = {
                    "crate": crate.name,
                    "symbol": k.name,
                    "doc": k.doc,
                    "params": [p.as_dict() for p in k.params],
                    "requires": list(k.requires),
                    "resources": {arch: crate.resources[arch].get(k.name, {}) for arch in self.archs},
                }
        return {
            "schema": 1,
            "oxpack": __version__,
            "module": self.config.module,
            "archs": list(self.archs),
            "ptx_arch": self.ptx_arch,
            "ptx_isa": self.ptx_isa,
            "fatbin_compression": self.config.fatbin_compression,
            "min_driver": self.min_driver,
            "profile": self.config.profile,  # issue 9: "debug" modules get a trap record at load
            "crates": {
                c.name: {"fatbin": f"{c.name}.fatbin", "sha256": digest(c.fatbin), "source": c.source}
                for c in self.crates
            },
            "kernels": kernels,
            **self._emulation_manifest(),
        }

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


def discover_kernels(config: Config) -> list[Path]:
    root = config.project_dir
    found: set[Path] = set()
    for pattern in config.kernels:
        found.update(p for p in root.glob(pattern) if p.is_file() and p.suffix == ".rs")
    if not found:
        globs = ", ".join(f"`{g}`" for g in config.kernels)
        raise ConfigError(
            f"no kernel files match {globs} in {root}; add a `.rs` kernel file there "
            f"or set option `kernels` in `tool.oxpack` of {config.source}"
        )
    return sorted(found)


def resolve_archs(config: Config) -> tuple[str, ...]:
    archs: list[str] = []
    for arch in config.archs:
        if arch == "native":
            archs.append(_native_arch())
        elif arch not in ARCH_MIN_PTX or not supported_archs({arch: ARCH_MIN_PTX[arch]}):
            supported = supported_archs(ARCH_MIN_PTX)
            raise ConfigError(
                f"option `archs` in `tool.oxpack` of {config.source}: `{arch}` is not an arch that oxpack's "
                f"toolchain (LLVM NVPTX + nvJitLink {nvjitlink_version()}) can build; "
                f"supported: {', '.join(supported)}"
            )
        else:
            archs.append(arch)
    return tuple(dict.fromkeys(archs))


def _native_arch() -> str:
    try:
        from cuda.core import Device
    except ImportError:
        try:
            from cuda.core.experimental import Device  # type: ignore[no-redef,unused-ignore]
        except ImportError as exc:
            raise ConfigError(f"`archs = [\"native\"]` needs cuda-core and a GPU ({exc}); name the arch instead") from exc
    try:
        cc = Device(0).compute_capability
    except Exception as exc:
        raise ConfigError(f"`archs = [\"native\"]` needs a GPU, and none was found ({exc}); name the arch instead") from exc
    return f"sm_{cc.major}{cc.minor}"


class Pipeline:
    """Runs the stages of one build: rustc in threads, link/PTX/cubin in a process pool (`workers`).

    Each stage output is looked up in the cache first; a miss is counted in `runs`
    (in this process, also for work done in a worker) and stored when it arrives.
    """

    def __init__(self, config: Config, *, log: Log | None = None, verbose: bool = False,
                 jobs: int | None = None) -> None:
        self.config = config
        self.progress = log if isinstance(log, Progress) else Progress.lines(log, verbose=verbose)
        self.cache = Cache(default_cache_dir(config.cache_dir) / "stages")
        self.runs: Counter[str] = Counter()
        self.workers = Workers(jobs)
        self._lock = threading.Lock()
        self._rustc_slots = threading.BoundedSemaphore(self.workers.jobs)
        self._libraries: list[tuple[str, bytes]] | None = None
        self._libraries_lock = threading.Lock()
        self._host: HostBuilder | None = None  # set by `toolchain()` when the config asks for emulation

    @property
    def verbose(self) -> bool:
        return self.progress.verbose

    def log(self, message: str) -> None:
        self.progress(message)

    def close(self, *, cancel: bool = False) -> None:
        """Stop the worker processes (if any started) and clear the progress display."""
        self.workers.close(cancel=cancel)
        self.progress.finish()

    def _ran(self, stage: str) -> None:
        with self._lock:
            self.runs[stage] += 1

    def _start(self, stage: str, k: str, step: tuple[str, str | None], load: Callable[[dict[str, bytes]], T],
               save: Callable[[T], dict[str, bytes]], job: Callable[..., T], args: Callable[[], tuple[Any, ...]],
               tool: tuple[str, Sequence[str], str]) -> Pending[T]:
        """The cached output of `stage` under key `k`, or `job(*args())` sent to a worker.

        `step` (subject, arch) is what the progress display shows, `tool` (name,
        options, what) what `-v` says about the in-process tool.
        """
        hit = self.cache.get(stage, k)
        if hit is not None:
            return Pending.ready(load(hit))
        self.progress.in_process(*tool)
        token = self.progress.begin(stage if stage != "ll" else "link", *step)

        def arrived(value: T) -> None:
            self.progress.end(token)
            self._ran(stage)
            self.cache.put(stage, k, save(value))

        return Pending(self.workers.submit(job, *args()), arrived, lambda: self.progress.end(token))

    # -- toolchain --------------------------------------------------------------

    def toolchain(self) -> Toolchain:
        rustc = find_rustc(self.config.rustc)
        cache_root = default_cache_dir(self.config.cache_dir)
        sysroot = ensure_sysroot(rustc, cache_root, self.progress, command=self.progress.command)
        import llvmlite

        llvm = ".".join(map(str, llvm_version()))
        device = self._device_rlib(rustc, sysroot)
        if self.config.emulation:
            check_host_supported()
            self._host = HostBuilder(rustc, self.cache, self.config.opt_level, run=self._run_rustc, ran=self._ran,
                                     step=lambda subject: self.progress.step("rustc", subject))
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
        with self.progress.step("rustc", "the oxpack device crate"), \
                tempfile.TemporaryDirectory(prefix="oxpack-device-") as tmp:
            out = Path(tmp) / "liboxpack.rlib"
            cmd = self._rustc_base(rustc, sysroot) + [
                "--crate-type", "rlib", "--crate-name", "oxpack", f"--remap-path-prefix={src}={_DEVICE_REMAP}", f"--remap-path-prefix={tmp}=<oxpack>",
                str(src / "src" / "lib.rs"), "-o", str(out)]
            self._run_rustc(cmd, "the oxpack device crate", Path(tmp))
            data = out.read_bytes()
        self._ran("rlib")
        self.cache.put("rlib", k, {"liboxpack.rlib": data})
        return data

    def _run_rustc(self, cmd: list[str], what: str, cwd: Path) -> str:
        self.progress.command(cmd)
        with self._rustc_slots:  # at most one rustc per CPU, however many crates build at once
            proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=self._rustc_env(), check=False)
        if proc.returncode != 0:
            # field (issue 8): the device crate is compiled under the remapped name /oxpack/device (reproducible
            # rlibs); its notes in an error point at the installed file, which the user can open
            stderr = proc.stderr.replace(f"{_DEVICE_REMAP}/", f"{data_dir('device')}/")
            raise StageError(f"rustc failed to compile {what}: {_first_error(stderr, self.config.project_dir)}",
                             stage="bc", command=cmd, stderr=stderr)
        return proc.stderr

    # -- crates ------------------------------------------------------------------

    def build_crates(self, tc: Toolchain, paths: Sequence[Path], archs: Sequence[str], ptx_arch: str | None,
                     isa: str) -> list[CrateResult]:
        """Every crate, in threads that share the worker pool; on failure, the first error in file order."""
        if len(paths) <= 1 or self.workers.jobs == 1:
            return [self.build_crate(tc, p, archs, ptx_arch, isa) for p in paths]
        with ThreadPoolExecutor(max_workers=min(len(paths), 32), thread_name_prefix="oxpack-crate") as threads:
            futures = [threads.submit(self.build_crate, tc, p, archs, ptx_arch, isa) for p in paths]
            return [f.result() for f in futures]

    def build_crate(self, tc: Toolchain, path: Path, archs: Sequence[str], ptx_arch: str | None, isa: str) -> CrateResult:
        root = self.config.project_dir
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()
        name = path.stem.replace("-", "_")
        if not name.isidentifier():
            raise ConfigError(f"kernel file `{rel}`: its name must be a valid Rust identifier (letters, digits, `_`)")
        source = path.read_bytes()
        bc = self._bitcode(tc, path, rel, name, source)
        ir, kernels = self._link(tc, name, bc)
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
        with self.progress.step("rustc", rel), tempfile.TemporaryDirectory(prefix="oxpack-crate-") as tmp:
            t = Path(tmp)
            (t / "liboxpack.rlib").write_bytes(tc.device_rlib)
            (t / "root.rs").write_text(
                "// Generated by oxpack: the crate root around one kernel file.\n"
                "#![no_std]\n#![forbid(unsafe_code)]\n"
                f"#[path = {json.dumps(str(path.resolve()))}]\npub mod {name};\n"
            )
            cmd = self._rustc_base(tc.rustc, tc.sysroot) + [
                "--crate-type", "lib", "--crate-name", name, "--emit=llvm-bc",
                "--extern", f"oxpack={t / 'liboxpack.rlib'}",
                f"--remap-path-prefix={path.resolve().parent}={where}",
                f"--remap-path-prefix={t}=<oxpack>", "root.rs", "-o", "kernel.bc"]
            self._run_rustc(cmd, f"`{rel}`", t)
            data = (t / "kernel.bc").read_bytes()
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
                                         tuple(_sig_from_json(s) for s in json.loads(hit["kernels.json"]))),
            save=lambda out: {"kernel.ll": out.ir.encode(), "kernels.json": json.dumps(
                [_sig_to_json(s) for s in out.kernels], sort_keys=True).encode()},
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
        contents = " ".join(c.arch for c in cubins) + (f" + PTX {ptx[0]}" if ptx else "")
        self.progress.in_process("nvFatbin", nvfatbin_options(compression), f"{name}: cubins {contents}")
        with self.progress.step("fatbin", name):
            data = make_fatbin(cubins, ptx, name=name, compression=compression)
        self._ran("fatbin")
        self.cache.put("fatbin", k, {"kernel.fatbin": data})
        return data


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
    import re

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


def _sig_to_json(sig: KernelSig) -> dict[str, Any]:
    return {"name": sig.name, "doc": sig.doc, "requires": list(sig.requires),
            "params": [p.as_dict() for p in sig.params]}


def _sig_from_json(data: dict[str, Any]) -> KernelSig:
    from .llvm import KernelParam

    params = tuple(KernelParam(p["name"], p["kind"], p["dtype"]) for p in data["params"])
    return KernelSig(data["name"], params, data["doc"], tuple(data["requires"]))


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
    pipe = Pipeline(config, log=log, verbose=verbose, jobs=jobs)
    try:
        tc = pipe.toolchain()
        crates = pipe.build_crates(tc, files, archs, ptx_arch, isa)
    finally:
        pipe.close()
    seen: dict[str, str] = {}
    for crate in crates:
        for k in crate.kernels:
            if k.name in seen:
                raise ConfigError(
                    f"kernel `{k.name}` is declared in both `{seen[k.name]}` and `{crate.source}`; "
                    f"the module `{config.module}` needs unique kernel names: rename one"
                )
            seen[k.name] = crate.source
    return BuildResult(config, tc, archs, ptx_arch, isa, crates, pipe.runs)
