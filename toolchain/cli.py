"""`oxpack` command line: build, lock, doctor.

The only place (with the build-backend hook) that turns OxpackError into an
exit code: 0 success, 1 an oxpack error (one line, then indented detail), 2
bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .errors import OxpackError

__all__ = ["main"]


def _log_for(args: argparse.Namespace) -> "Logger":
    return Logger(quiet=args.quiet)


class Logger:
    """Plain progress lines on stderr; `-q` silences them."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet

    def __call__(self, message: str) -> None:
        if not self.quiet:
            print(f"oxpack: {message}", file=sys.stderr, flush=True)


def _cmd_build(args: argparse.Namespace) -> int:
    from .project import build_into

    project = Path(args.project).resolve()
    out = Path(args.out).resolve() if args.out else project / "build" / "oxpack"
    log = _log_for(args)
    staged = build_into(project, out, locked=True if args.locked else None, log=log, verbose=args.verbose)
    r = staged.result
    for crate in r.crates:
        log(f"built {crate.source}: {', '.join(k.name for k in crate.kernels)} ({len(crate.fatbin)} bytes fatbin)")
    log(f"wrote {len(staged.files)} files under {out} (archs {', '.join(r.archs)}, PTX ISA {r.ptx_isa})")
    if any(r.runs.values()):
        log("stage runs: " + ", ".join(f"{k}={v}" for k, v in sorted(r.runs.items())))
    else:
        log("everything came from the cache")
    return 0


def _cmd_lock(args: argparse.Namespace) -> int:
    from .config import load_config
    from .lockfile import check_lock, write_lock
    from .pipeline import build_project

    project = Path(args.project).resolve()
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
    from .doctor import diagnose, render

    report = diagnose(Path(args.project).resolve())
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print(render(report))
    return 0 if report["ok"] else 1


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
    build.set_defaults(func=_cmd_build)

    lock = sub.add_parser("lock", help="write oxpack.lock, or with --check verify it")
    common(lock)
    lock.add_argument("--check", action="store_true", help="verify instead of writing; exit 1 with a diff on drift")
    lock.set_defaults(func=_cmd_lock)

    doctor = sub.add_parser("doctor", help="explain the toolchain, the GPU and the driver")
    doctor.add_argument("project", nargs="?", default=".", help="project folder (for its archs and lockfile)")
    doctor.add_argument("--json", action="store_true", help="machine-readable report")
    doctor.set_defaults(func=_cmd_doctor)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except OxpackError as exc:
        print(f"oxpack: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("oxpack: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
