"""A process pool for the CPU-heavy stages: link and PTX (llvmlite), cubin (nvJitLink).

llvmlite objects cannot cross processes, so jobs are plain functions of plain
data (`stages.ptx.link_job` and `codegen_job`, `stages.cubin.cubin_job`): bitcode
and IR text in; linked IR, PTX text and cubin bytes out. The pool holds one worker
per CPU that this process may use and starts on the first job, so a build that the
cache answers starts no process. With one CPU (or `jobs=1`) the jobs run in this
process, one at a time (llvmlite is not thread-safe). The cache and the stage-run
counters stay with the caller: it knows which jobs it sent.

Workers come from a fork server (a fresh interpreter that has imported llvmlite
and the CUDA bindings once), never from forking the threaded build process.
Every worker watches the build process and kills itself when it ends
(`_worker_start`); the fork server then exits too: `kill -9` of a build leaves
no worker behind.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..errors import OxpackError, StageError, ToolchainError
from ..store.cache import ALSO_OWNED, alive, temp_dir
from ..toolchain.process import die_with_parent

if TYPE_CHECKING:  # multiprocessing is imported with the first job: a build that the cache answers needs none
    import multiprocessing.context
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["Pending", "Workers", "available_cpus"]

T = TypeVar("T")
_PRELOAD = [__name__, "llvmlite.binding", "cuda.bindings.nvjitlink"]  # and the modules of the jobs (`preload`)
_BROKEN = (
    "a worker process of the build died running `{job}` ({exc}): killed from outside, or out of memory (try "
    "fewer jobs), then rerun; when a Python script builds, its code must sit under "
    "`if __name__ == \"__main__\":` (workers import the main module)"
)


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return os.cpu_count() or 1


def _nothing() -> None:
    return None


def _worker_start(build: int) -> None:
    """A worker's initializer: die when the build process `build` does.

    The fork server that forks the workers only exits once every process holding its "alive"
    pipe is gone, and the workers hold it too, so neither its exit nor a parent-death signal
    can end them: a thread of each worker watches the build process itself (a pidfd, else
    polling) and kills the worker when it ends.
    """
    die_with_parent()
    threading.Thread(target=_watch, args=(build,), name="oxpack-watch-build", daemon=True).start()


def _watch(pid: int) -> None:
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfd (an old kernel, not Linux): poll
        while alive(pid):
            time.sleep(0.5)
    else:
        select.select([fd], [], [])  # readable once the process has ended
    os.kill(os.getpid(), signal.SIGKILL)


# -- carrying oxpack errors back (their constructors take keywords that pickle drops) ---

_Outcome = tuple[Any, tuple[type[OxpackError], str, dict[str, Any]] | None]


def _call(fn: Callable[..., Any], args: tuple[Any, ...]) -> _Outcome:
    try:
        return fn(*args), None
    except OxpackError as exc:
        return None, (type(exc), exc.message, dict(vars(exc)))
    except Exception as exc:  # noqa: BLE001 - a tool's raw error: one line in the build process, not a traceback
        first = (str(exc).strip().splitlines() or [""])[0][:300]
        error = StageError(f"`{fn.__name__}` failed: {type(exc).__name__}: {first}", stage=fn.__name__.removesuffix("_job"),
                           stderr=str(exc))
        return None, (StageError, error.message, dict(vars(error)))


def _revive(kind: type[OxpackError], message: str, state: dict[str, Any]) -> OxpackError:
    exc = kind.__new__(kind)
    Exception.__init__(exc, message)
    vars(exc).update(state)
    return exc


def _settle(out: Future[Any], outcome: _Outcome) -> None:
    value, error = outcome
    if error is None:
        out.set_result(value)
    else:
        out.set_exception(_revive(*error))


class Workers:
    """`submit(job, *args)` → a Future of the job's result; the pool starts on first use."""

    def __init__(self, jobs: int | None = None, *, preload: Sequence[str] = ()) -> None:
        self.jobs = max(jobs if jobs is not None else available_cpus(), 1)
        self._preload = [*_PRELOAD, *preload]  # modules the fork server imports once, for every worker
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    @property
    def started(self) -> bool:
        return self._pool is not None

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        out: Future[T] = Future()
        if self.jobs == 1:
            with self._lock:  # one llvmlite user at a time in this process
                try:
                    _settle(out, _call(fn, args))
                except BaseException as exc:  # noqa: BLE001 - handed to the waiter, as a pool would
                    out.set_exception(exc)
            return out
        from concurrent.futures.process import BrokenProcessPool

        try:
            inner = self._ensure_pool().submit(_call, fn, args)
        except BrokenProcessPool as exc:
            out.set_exception(ToolchainError(_BROKEN.format(job=fn.__name__, exc=exc)))
            return out

        def done(f: Future[_Outcome]) -> None:
            if f.cancelled():
                out.cancel()
                return
            exc = f.exception()
            if isinstance(exc, BrokenProcessPool):
                out.set_exception(ToolchainError(_BROKEN.format(job=fn.__name__, exc=exc)))
            elif exc is not None:
                out.set_exception(exc)
            else:
                _settle(out, f.result())

        inner.add_done_callback(done)
        return out

    def warm_up(self) -> None:
        """Start the worker processes now (they take a moment), e.g. while rustc runs."""
        if self.jobs > 1 and self._pool is None:
            for _ in range(self.jobs):  # the first starts the workers (`_ensure_pool`) and the pool's manager
                self.submit(_nothing)

    def _ensure_pool(self) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self._pool is None:
                _claim_multiprocessing_folder()
                pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=_context(self._preload),
                                           initializer=_worker_start, initargs=(os.getpid(),))
                # Every worker now (on its own the pool starts one per job, and only while none is idle): all
                # are up while rustc runs, and a worker that dies is never silently replaced, whenever it
                # dies (the next job meets the dead pool: `_BROKEN`). Without the method they start with the jobs.
                # (The pool's manager thread starts with its first job; it ends the workers at `shutdown`.)
                launch = getattr(pool, "_launch_processes", None)
                if launch is not None:
                    launch()
                self._pool = pool
            return self._pool

    def close(self, *, cancel: bool = False, kill: bool = False) -> None:
        """Stop the pool: let running jobs finish, or with `kill` (Ctrl-C, SIGTERM) end them now."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            processes = list(getattr(pool, "_processes", None) or {})  # their pids (no public API before 3.14)
            pool.shutdown(wait=False, cancel_futures=True)
            for pid in processes:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        pool.shutdown(wait=True, cancel_futures=cancel)


def _claim_multiprocessing_folder() -> None:
    """Make multiprocessing's folder for this process (`pymp-*`, which it removes at exit) now, and
    name it in a temporary folder of oxpack's (`.tmp.<pid>.<host>.mp.…`), so that after a kill -9 the
    next build's `clean_stale` removes both."""
    import multiprocessing.util

    folder = Path(multiprocessing.util.get_temp_dir())
    if folder.parent != Path(tempfile.gettempdir()):
        return
    marker = temp_dir(None, "mp")
    (marker / ALSO_OWNED).write_text(folder.name + "\n")
    multiprocessing.util.Finalize(None, shutil.rmtree, args=(str(marker), True), exitpriority=-100)


def _context(preload: list[str]) -> multiprocessing.context.BaseContext:
    import multiprocessing

    if sys.platform == "win32" or "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(preload)  # no effect once this process's fork server runs
    return ctx


class Pending(Generic[T]):
    """A stage's output: at hand (a cache hit), or on its way from a worker.

    `result()` waits for it, then calls `arrived(value)` once (the caller counts
    the run and stores the output) or, when the job failed, `failed()`.
    """

    def __init__(self, future: Future[T], arrived: Callable[[T], None], failed: Callable[[], None]) -> None:
        self._future: Future[T] | None = future
        self._arrived = arrived
        self._failed = failed
        self._value: list[T] = []

    @classmethod
    def ready(cls, value: T) -> Pending[T]:
        done: Future[T] = Future()
        done.set_result(value)
        pending = cls(done, lambda _: None, lambda: None)
        pending._future = None
        pending._value.append(value)
        return pending

    def result(self) -> T:
        if self._future is not None:
            future, self._future = self._future, None
            try:
                value = future.result()
            except BaseException:
                self._failed()
                raise
            self._arrived(value)
            self._value.append(value)
        return self._value[0]
