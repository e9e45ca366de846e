"""`oxpack` command line: build, lock, doctor, inspect, init, tune.

The only place (with the build-backend hook) that turns OxpackError into an
exit code: 0 success, 1 an oxpack error (one line, then indented detail), 2
bad usage.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import re
import signal
import sys
from collections.abc import Sequence
from keyword import iskeyword
from pathlib import Path
from typing import Any

from . import __version__
from .builder.progress import Progress as Logger
from .errors import ConfigError, OxpackError

__all__ = ["main"]


def _log_for(args: argparse.Namespace) -> Logger:
    """stderr: a live status line on a terminal, plain lines otherwise; `-q` nothing, `-v` every command."""
    quiet, verbose = getattr(args, "quiet", False), getattr(args, "verbose", False)
    return Logger(verbosity=-1 if quiet else 1 if verbose else 0)


def _cmd_build(args: argparse.Namespace) -> int:
    from .package.outputs import OutFolder, write_outputs

    for option, value in (("--out", args.out), ("--package-path", args.package_path)):
        if value is not None and not value.strip():
            raise ConfigError(f"`{option}` was given an empty value; pass a folder, or leave `{option}` out")
    project = Path(args.project).resolve()
    _check_project(project)
    out = Path(args.out).resolve() if args.out else project / "build" / "oxpack"
    _check_out(out, "--out" if args.out else "the default output folder")
    log = _log_for(args)
    package_path = None if args.package_path is None else _package_path(args.package_path)
    written = write_outputs(project, OutFolder(out), cli=_build_overrides(args) or None,
                            locked=True if args.locked else None, log=log, verbose=args.verbose,
                            package_path=package_path)
    r = written.result
    if written.removed:
        log(f"removed {len(written.removed)} stale file{'s' if len(written.removed) > 1 else ''} of an earlier "
            f"build from {out}: " + ", ".join(written.removed))
    for crate in r.crates:
        log(f"built {crate.source}: {', '.join(k.name for k in crate.kernels)} ({len(crate.fatbin)} bytes fatbin)")
    log(f"wrote {len(written.files)} files under {out} (archs {', '.join(r.archs)}, PTX ISA {r.ptx_isa})")
    if any(r.runs.values()):
        log("stage runs: " + ", ".join(f"{k}={v}" for k, v in sorted(r.runs.items())))
    else:
        log("everything came from the cache")
    if args.verbose and r.remote is not None:  # the shared cache's hits, misses and bytes
        log(r.remote)
    return 0


def _check_project(project: Path) -> None:
    """The PROJECT argument names a folder that exists (checked before anything is made under it)."""
    if project.is_file():
        raise ConfigError(f"the project `{project}` is a file, not a folder; pass the project folder that holds "
                          "`pyproject.toml` (default: the current folder)")
    if not project.exists():
        raise ConfigError(f"the project folder `{project}` does not exist; pass the folder that holds "
                          "`pyproject.toml` (default: the current folder)")


def _check_out(out: Path, what: str) -> None:
    """`--out` must be a folder (or not exist yet), below no file."""
    for folder in (out, *out.parents):
        if folder.exists() and not folder.is_dir():
            raise ConfigError(f"{what} `{out}` cannot be a folder: `{folder}` is a file; "
                              "pass a folder to `--out` (it is created if missing)")


def _package_path(package_path: str) -> list[str]:
    """`--package-path mypkg/sub`: the module's folder inside the wheel, instead of the one `package` gives."""
    parts = package_path.replace("\\", "/").split("/")
    if Path(package_path).is_absolute() or not all(p.isidentifier() and not iskeyword(p) for p in parts):
        raise ConfigError(f"`--package-path {package_path}` must be the package's folder inside the wheel: "
                          "Python identifiers separated by `/`, like `mypkg` or `mypkg/sub`")
    return parts


# --- build options that the CMake module (`oxpack_add_kernels`) passes --------------------


def _build_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """`--kernels`, `--archs`, `--ptx`, `--module`: the `[tool.oxpack]` keys they replace."""
    archs = None if args.archs is None else [a.strip() for a in args.archs.split(",") if a.strip()]
    given = {"kernels": args.kernels, "archs": archs,
             "ptx": args.ptx, "module": args.module, "profile": "debug" if args.debug else None,
             "emulation": True if args.emulation else None}
    return {key: value for key, value in given.items() if value is not None}


def _cmd_lock(args: argparse.Namespace) -> int:
    from .builder.pipeline import build_project
    from .config import load_config
    from .package.lockfile import check_lock, write_lock

    project = Path(args.project).resolve()
    _check_project(project)
    log = _log_for(args)
    result = build_project(load_config(project), log=log, verbose=args.verbose)
    if args.check:
        check_lock(project, result)
        log(f"{project / 'oxpack.lock'} matches this build")
    else:
        path = write_lock(project, result)
        log(f"wrote {path}")
    return 0


def _cmd_doctor(args: argparse.Namespace) -> int:
    from .commands.doctor import diagnose, render

    report = diagnose(Path(args.project).resolve())
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print(render(report))
    return 0 if report["ok"] else 1


def _cmd_inspect(args: argparse.Namespace) -> int:
    from .commands.inspect import inspect_target

    if args.ptx is not None and not args.ptx.strip():
        raise ConfigError("`--ptx` was given an empty value; name an arch like `--ptx sm_90`, or leave it out")
    if args.ptx is not None and not re.fullmatch(r"sm_[0-9]+[af]?", args.ptx):
        raise ConfigError(f"`--ptx {args.ptx}` must name the arch whose PTX to print, like `--ptx sm_90`")
    inspection = inspect_target(args.target, log=_log_for(args), verbose=args.verbose)
    if args.ptx:
        ptx = inspection.ptx(args.ptx)
        if args.json:
            print(json.dumps({"target": args.target, "arch": args.ptx, "ptx": ptx}, indent=2, sort_keys=True))
        else:
            for item in ptx:
                print(f"// oxpack inspect: crate `{item['crate']}` ({item['source']}), PTX for {args.ptx}")
                print(item["ptx"].rstrip("\n"))
        return 0
    if args.json:
        print(json.dumps(inspection.as_json(), indent=2, sort_keys=True, ensure_ascii=False))
    else:
        print(inspection.render(), end="")
    return 0


def _cmd_init(args: argparse.Namespace) -> int:
    from .commands.init import init_project

    for change in init_project(Path(args.project), module=args.module, force=args.force):
        print(f"oxpack: {change}")
    return 0


def _cmd_tune(args: argparse.Namespace) -> int:
    from .commands.tune import tune
    from .errors import TuneError

    if not args.out.strip():
        raise ConfigError("`--out` was given an empty value; pass the table's file, like `--out tuning.json`")
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        args.usage_error("COMMAND is missing: name the command to tune with after `--`, like "
                         "`oxpack tune --out tuning.json -- python tune_sizes.py`")
    try:
        summary = tune(Path(args.out), command, args.module)
    except TuneError as exc:
        print(f"oxpack: error: {exc}", file=sys.stderr)
        return exc.status
    print(f"oxpack: {summary}", file=sys.stderr)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="oxpack", description="Build GPU kernels written in safe Rust into Python packages.")
    parser.add_argument("--version", action="version", version=f"oxpack {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("project", nargs="?", default=".", help="project folder holding pyproject.toml (default: .)")
        p.add_argument("-v", "--verbose", action="store_true", help="print every external command")
        p.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")

    build = sub.add_parser("build", help="build every kernel crate and write fatbins + typed stubs")
    common(build)
    build.add_argument("--out", help="output folder (default: <project>/build/oxpack)")
    build.add_argument("--locked", action="store_true", help="fail if the build differs from oxpack.lock")
    build.add_argument("--debug", action="store_true",  # traps that name their kernel
                       help="the debug profile: panics record their message and file:line; replaces `profile`")
    # overrides of `[tool.oxpack]` and the wheel layout, for the CMake module (oxpack_add_kernels)
    build.add_argument("--kernels", action="append", metavar="GLOB", help="kernel files (repeatable); replaces `kernels`")
    build.add_argument("--archs", metavar="LIST", help="comma-separated, like sm_80,sm_90; replaces `archs`")
    build.add_argument("--ptx", metavar="ARCH", help="auto, none or an arch; replaces `ptx`")
    build.add_argument("--module", metavar="NAME", help="name of the generated module; replaces `module`")
    build.add_argument("--emulation", action="store_true",
                       help="also build the host library that runs the kernels without a GPU (OXPACK_EMULATE=1)")
    build.add_argument("--package-path", metavar="PATH",
                       help="write the module to OUT/PATH, its package folder inside the wheel (like mypkg), "
                            "instead of deriving it from `package`")
    build.set_defaults(func=_cmd_build)

    lock = sub.add_parser("lock", help="write oxpack.lock, or with --check verify it")
    common(lock)
    lock.add_argument("--check", action="store_true", help="verify instead of writing; exit 1 with a diff on drift")
    lock.set_defaults(func=_cmd_lock)

    doctor = sub.add_parser("doctor", help="explain the toolchain, the GPU and the driver")
    doctor.add_argument("project", nargs="?", default=".", help="project folder (for its archs and lockfile)")
    doctor.add_argument("--json", action="store_true", help="machine-readable report")
    doctor.set_defaults(func=_cmd_doctor)

    inspect = sub.add_parser("inspect", help="kernels, signatures and registers/spills/memory per arch")
    inspect.add_argument("target", nargs="?", default=".",
                         help="project folder (default: .), .fatbin, .whl, built package folder or installed package name")
    inspect.add_argument("--ptx", metavar="ARCH", help="print the PTX for ARCH (like sm_90) instead")
    inspect.add_argument("--json", action="store_true", help="machine-readable output")
    inspect.add_argument("-v", "--verbose", action="store_true", help="print every external command of a project build")
    inspect.add_argument("-q", "--quiet", action="store_true", help="no build progress on stderr")
    inspect.set_defaults(func=_cmd_inspect)

    init = sub.add_parser("init", help="add oxpack to an existing pyproject.toml; scaffold a kernel and a test")
    init.add_argument("project", nargs="?", default=".", help="project folder holding pyproject.toml (default: .)")
    init.add_argument("--module", default="kernels", help="name of the generated module (default: kernels)")
    init.add_argument("--force", action="store_true",
                      help="replace an existing `[tool.oxpack]` table and the scaffolded files")
    init.set_defaults(func=_cmd_init)

    tune = sub.add_parser("tune", help="run COMMAND with tuning on and write the tuning table that a build ships",
                          usage="%(prog)s [-h] --out PATH [--module PKG.MODULE] -- COMMAND ...")
    tune.add_argument("--out", required=True, metavar="PATH",
                      help="the table to write or merge into (the file the `tuning` option names)")
    tune.add_argument("--module", metavar="PKG.MODULE",
                      help="the generated module whose table to write, where COMMAND tunes kernels of several")
    tune.add_argument("command", nargs=argparse.REMAINDER, metavar="-- COMMAND",
                      help="what calls the kernels at the sizes to tune on a GPU, like `python tune_sizes.py`")
    tune.set_defaults(func=_cmd_tune, usage_error=tune.error)
    return parser


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so that the same clean-up runs (temporary folders, workers)."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    previous = signal.signal(signal.SIGTERM, _terminate) if _main_thread() else None
    try:
        code: int = args.func(args)
        sys.stdout.flush()
        return code
    except OxpackError as exc:
        print(f"oxpack: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `oxpack inspect ... | head -1`: the reader has gone; not an error of ours
        _silence_stdout()
        return 0
    except OSError as exc:  # an I/O fault no check above foresaw (disk full, permissions): one line, no traceback
        if "AF_UNIX path too long" in str(exc):  # the worker processes' fork server binds a socket in TMPDIR
            import tempfile

            print(f"oxpack: error: the temporary folder `{tempfile.gettempdir()}` has too long a path for the socket "
                  "of oxpack's worker processes (107 bytes at most, with a name added); set TMPDIR to a shorter "
                  "folder, then rerun", file=sys.stderr)
            return 1
        if exc.errno == errno.EFBIG and exc.filename:  # Python ignores SIGXFSZ: the write fails instead
            from .errors import file_size_limit

            print(f"oxpack: error: {file_size_limit(exc.filename)}", file=sys.stderr)
            return 1
        where = f" `{exc.filename}`" if exc.filename else ""
        reason = exc.strerror or errno.errorcode.get(exc.errno or 0, "") or str(exc)
        print(f"oxpack: error: cannot write or read{where}: {reason}; free space or fix the permissions, "
              "then rerun", file=sys.stderr)
        return 1
    except Exception as exc:  # a bug of oxpack's: one line, with the way to see the traceback
        if os.environ.get("OXPACK_TRACEBACK"):
            raise
        first = (str(exc).strip().splitlines() or [""])[0][:300]
        print(f"oxpack: error: internal error, a bug in oxpack ({type(exc).__name__}: {first}); please report it "
              "with the traceback that `OXPACK_TRACEBACK=1` shows", file=sys.stderr)
        return 1
    except _Terminated:
        print("oxpack: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        print("oxpack: interrupted", file=sys.stderr)
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot raise again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
