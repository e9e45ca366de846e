"""What a build says while it runs: its steps, and under `-v` every command.

Three levels of `verbosity`: below 0 quiet (nothing; errors are the caller's to
print), 0 the steps (what is compiled for which arch), above 0 also every
external command, quoted with `shlex.join` so that it can be pasted into a
shell, and the options of the tools that run in process (llvmlite, nvJitLink,
nvFatbin). On a terminal the steps are one status line rewritten in place;
anywhere else, or when a `write` callback takes the lines (the hatchling hook
hands them to hatch), each step is one plain line. Thread-safe: crates build
in threads.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from os import PathLike
from typing import TextIO

from ..errors import shell_line

__all__ = ["Progress"]

_PREFIX = "oxpack: "


class Progress:
    """Reports a build's steps; call it with a message for a plain informational line."""

    def __init__(
        self,
        *,
        verbosity: int = 0,
        live: bool | None = None,
        stream: TextIO | None = None,
        write: Callable[[str], None] | None = None,
    ) -> None:
        self.verbosity = verbosity
        self._stream = stream
        self._write = write
        if live is None:
            live = write is None and _is_terminal(self.stream)
        self.live = live and verbosity >= 0
        self._lock = threading.Lock()
        self._running: dict[int, str] = {}
        self._next = 0
        self._started = 0
        self._done = 0
        self._since = time.monotonic()
        self._shown = False

    @classmethod
    def quiet(cls) -> Progress:
        return cls(verbosity=-1)

    @classmethod
    def lines(cls, write: Callable[[str], None] | None, *, verbose: bool = False) -> Progress:
        """Plain lines through `write` (nothing when it is None): the older `log=` interface."""
        if write is None:
            return cls.quiet()
        return cls(verbosity=1 if verbose else 0, live=False, write=write)

    @property
    def stream(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stderr

    @property
    def verbose(self) -> bool:
        return self.verbosity > 0

    # -- what callers report ----------------------------------------------------------

    def __call__(self, message: str) -> None:
        """An informational line (not under quiet)."""
        if self.verbosity >= 0:
            self._emit(message)

    def command(self, argv: Sequence[str], cwd: str | PathLike[str] | None = None,
                env: Mapping[str, str] | None = None, mkdir: str | PathLike[str] | None = None) -> None:
        """An external command about to run, under `-v`: `$ rustc ...` (`$ cd DIR && rustc ...` where it
        runs in a folder of its own, with the variables oxpack set for it), ready to paste."""
        if self.verbose:
            self._emit("$ " + shell_line(argv, cwd=cwd, env=env, mkdir=mkdir))

    def in_process(self, tool: str, options: Sequence[str], what: str) -> None:
        """Under `-v`: a tool that runs inside this process (or a worker) and its options."""
        if self.verbose:
            self._emit(f"in process: {tool} {shlex.join(options)}  # {what}")

    def begin(self, stage: str, subject: str, arch: str | None = None) -> int:
        """One unit of work starts, e.g. `ptx` of crate `saxpy` for `sm_90`; `end` its token."""
        label = f"{stage:<10} {subject}" + (f" [{arch}]" if arch else "")
        with self._lock:
            token = self._next
            self._next += 1
            self._started += 1
            self._running[token] = label
            if self.live:
                self._draw()
        if not self.live:
            self(label)
        return token

    def end(self, token: int) -> None:
        with self._lock:
            if self._running.pop(token, None) is None:
                return
            self._done += 1
            if self.live:
                self._draw()

    @contextmanager
    def step(self, stage: str, subject: str, arch: str | None = None) -> Iterator[None]:
        token = self.begin(stage, subject, arch)
        try:
            yield
        finally:
            self.end(token)

    def finish(self) -> None:
        """Clear the status line (a build is over, or failed)."""
        with self._lock:
            self._clear()
            self._running.clear()

    # -- output ------------------------------------------------------------------------

    def _emit(self, message: str) -> None:
        with self._lock:
            if self._write is not None:
                self._write(message)
                return
            redraw = self._shown
            self._clear()
            print(_PREFIX + message, file=self.stream, flush=True)
            if redraw and self._running:
                self._draw()

    def _draw(self) -> None:
        """The status line, e.g. `oxpack: 5/12 steps, 1.2 s | link saxpy | ptx bits [sm_80]`."""
        if not self._running:
            self._clear()
            return
        labels = " | ".join(" ".join(label.split()) for label in self._running.values())
        elapsed = time.monotonic() - self._since
        text = f"{_PREFIX}{self._done}/{self._started} steps, {elapsed:.1f} s | {labels}"
        width = shutil.get_terminal_size((100, 24)).columns - 1
        if len(text) > width:
            text = text[: max(width - 3, 0)] + "..."
        self.stream.write("\r" + text + "\x1b[K")
        self.stream.flush()
        self._shown = True

    def _clear(self) -> None:
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty() and os.environ.get("TERM", "") != "dumb"
    except (AttributeError, ValueError):
        return False
