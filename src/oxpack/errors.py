"""One error hierarchy for everything oxpack raises.

Library code raises these; only the CLI (`oxpack.cli`) and the build-backend
boundary (`oxpack.plugin`) turn them into exit codes or build failures. They are
the build's errors: a kernel call raises the generated module's own classes
(`<package>.<module>.LaunchError` and its subclasses, from the runtime's
`_types.py`), since a package that uses oxpack never imports oxpack.
Every message is one line that names the file, key, kernel or argument at
fault, what was expected, and how to fix it; tool output, where there is any,
follows on later lines (``detail``).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from os import PathLike

__all__ = [
    "ConfigError",
    "LockError",
    "OxpackError",
    "StageError",
    "ToolchainError",
    "TuneError",
    "file_size_limit",
]

_DETAIL_LIMIT = 8000


def _indent(text: str, limit: int = _DETAIL_LIMIT) -> str:
    """`text` indented, cut after `limit` characters; a last `reproduce with:` line is always kept."""
    head, sep, tail = text.rstrip().rpartition("\nreproduce with: ")
    if not sep:
        head, tail = text.rstrip(), ""
    if len(head) > limit:
        head = head[:limit] + f"\n... ({len(head) - limit} more characters)"
    text = head + (f"\nreproduce with: {tail}" if sep else "")
    return "\n".join("    " + line for line in text.splitlines())


def shell_line(argv: Sequence[str], *, cwd: str | PathLike[str] | None = None, env: Mapping[str, str] | None = None,
               mkdir: str | PathLike[str] | None = None) -> str:
    """`argv` as one line that a shell runs as oxpack did: `mkdir -p OUT && cd DIR && VAR=value tool ...`
    (`env`: the variables oxpack set for the tool; `mkdir`: an output folder that may be gone by now)."""
    parts = [f"mkdir -p {shlex.quote(str(mkdir))}"] if mkdir is not None else []
    if cwd is not None:
        parts.append(f"cd {shlex.quote(str(cwd))}")
    assignments = [f"{k}={shlex.quote(v)}" for k, v in sorted((env or {}).items())]
    parts.append(" ".join([*assignments, shlex.join(argv)]))
    return " && ".join(parts)


def file_size_limit(path: object, cause: str = "EFBIG") -> str:
    """The line for a write that passed the file-size limit (`ulimit -f`, RLIMIT_FSIZE): a program that
    passes it dies of SIGXFSZ (rustc), one that ignores the signal gets EFBIG (Python ignores it)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        limit = "" if soft == resource.RLIM_INFINITY else f", {soft} bytes"
    except (ImportError, OSError, ValueError):
        limit = ""
    return (f"cannot write `{path}`: the file-size limit (`ulimit -f`{limit}) was hit ({cause}); raise it "
            "(`ulimit -f unlimited`), then rerun")


class OxpackError(Exception):
    """Base of every oxpack error: a one-line ``message`` plus optional ``detail``."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail

    def __str__(self) -> str:
        if self.detail:
            return f"{self.message}\n{_indent(self.detail)}"
        return self.message


class ConfigError(OxpackError):
    """Bad configuration: names the file and dotted key (several problems at once)."""

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message, "\n".join(problems))
        self.problems = list(problems)


class ToolchainError(OxpackError):
    """A tool (rustc, rust-src, llvmlite, nvJitLink, nvFatbin) is missing or unusable."""


class StageError(OxpackError):
    """A pipeline stage failed; carries the stage, arch, command and tool output."""

    def __init__(
        self,
        message: str,
        *,
        stage: str,
        arch: str | None = None,
        command: Sequence[str] | None = None,
        stderr: str = "",
        cwd: str | PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        mkdir: str | PathLike[str] | None = None,
    ) -> None:
        detail = stderr
        if command:
            shown = shell_line(command, cwd=cwd, env=env, mkdir=mkdir)
            detail = (detail.rstrip() + "\n" if detail else "") + "reproduce with: " + shown
        super().__init__(message, detail)
        self.stage = stage
        self.arch = arch
        self.command = list(command) if command else None
        self.stderr = stderr


class LockError(OxpackError):
    """The lockfile is missing, malformed, or differs from this build (the diff is the detail)."""


class TuneError(OxpackError):
    """`oxpack tune`: its command failed (`status`: the command's exit status, which oxpack exits with), tuned
    nothing, or wrote what cannot become the table asked for."""

    def __init__(self, message: str, *, status: int = 1) -> None:
        super().__init__(message)
        self.status = status
