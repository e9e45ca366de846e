"""Running external programs: bounded in time, in their own process group, and never outliving oxpack.

Every tool a build runs (rustc, rustup, a fatbin's readers) goes through `run_bounded`: past its
timeout the whole group is killed (`kill_tree`) and the error names the program and its command
(`timed_out`). `die_with_parent` is the `preexec_fn` of every child and the initializer of every
build worker: a killed build leaves no compiler or worker behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["PROBE_TIMEOUT", "TIMEOUT_HINT", "TOOL_TIMEOUT", "die_with_parent", "kill_tree", "run_bounded", "timed_out"]


def _prctl() -> Callable[[int, int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn: Callable[[int, int], int] = libc.prctl
    except (OSError, AttributeError):
        return None
    return fn


_PRCTL = _prctl()
_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent dies (a `preexec_fn` for rustc, the
    initializer of every build worker): a killed build leaves no compiler or worker behind.
    Elsewhere a no-op. Called between fork and exec, so it only makes one libc call."""
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:  # the parent died before the call: nobody is left to wait for us
            os._exit(1)


TOOL_TIMEOUT = 900.0
"""Seconds one external program may run by default (`tool-timeout`, `OXPACK_TOOL_TIMEOUT`)."""
PROBE_TIMEOUT = 60.0
"""The most that a quick question (`rustc -vV`, `rustup which rustc`) may take, whatever the above."""
TIMEOUT_HINT = "raise `OXPACK_TOOL_TIMEOUT` (or `tool-timeout` in `tool.oxpack`), in seconds, if it is only slow"


def kill_tree(proc: subprocess.Popen[Any]) -> None:
    """SIGKILL `proc` and everything it started (it leads its own process group: `run_bounded`)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(OSError):
            proc.kill()


def timed_out(program: str, argv: Sequence[str], timeout: float, hint: str = TIMEOUT_HINT) -> str:
    """The one line for a program stopped at its timeout: it names the program and the command."""
    return (f"{program} did not finish within {timeout:g} s and was stopped (with everything it started): "
            f"`{shlex.join(argv)}`; {hint}")


def run_bounded(argv: Sequence[str], timeout: float, *, cwd: str | os.PathLike[str] | None = None,
                env: Mapping[str, str] | None = None, input: bytes | None = None,
                started: Callable[[subprocess.Popen[bytes]], None] | None = None) -> tuple[int, bytes, bytes]:
    """Run `argv` in its own process group (dying with this process, `die_with_parent`), and return its
    exit code, stdout and stderr; past `timeout` seconds the whole group is killed (a child that holds
    the pipes open included) and `subprocess.TimeoutExpired` raised. `started` sees the process (so
    that a build can kill it when it is cancelled)."""
    with subprocess.Popen(argv, stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
                          start_new_session=True, preexec_fn=die_with_parent) as proc:  # noqa: PLW1509
        if started is not None:
            started(proc)
        try:
            out, err = proc.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_tree(proc)
            proc.communicate()
            raise
        except BaseException:
            kill_tree(proc)
            raise
    return proc.returncode, out, err
