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
no worker behind. Each worker takes its jobs over a pipe of its own, fed by a
thread of the build (`_Pool`), not through multiprocessing's queues: those hold
POSIX named semaphores (`/dev/shm/sem.*`), which a `kill -9` of the build would
leave to multiprocessing's resource tracker and its "leaked semaphore" warning.
"""

from __future__ import annotations

import contextlib
import os
import queue
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
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    _Context = multiprocessing.context.ForkServerContext | multiprocessing.context.SpawnContext

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


def _serve(conn: Connection, build: int) -> None:
    """A worker: run each job that arrives on `conn` and send its outcome back, until the pipe closes
    (or a None asks it to end)."""
    _worker_start(build)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the build has gone
            return
        except Exception as exc:  # noqa: BLE001 - a job that cannot be read here: its error, sent back
            outcome: _Outcome = _call(_unreadable, (exc,))
        else:
            if message is None:
                return
            outcome = _call(*message)
        try:
            conn.send(outcome)
        except (EOFError, OSError):
            return
        except Exception as exc:  # noqa: BLE001 - an outcome that cannot be sent (pickled)
            conn.send(_call(_unreadable, (exc,)))


def _unreadable(exc: Exception) -> None:
    raise exc


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
        self._pool: _Pool | None = None
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
        self._ensure_pool().submit(fn, args, out)
        return out

    def warm_up(self) -> None:
        """Start the worker processes now (they take a moment), e.g. while rustc runs."""
        if self.jobs > 1:
            self._ensure_pool()

    def _ensure_pool(self) -> _Pool:
        with self._lock:
            if self._pool is None:
                _claim_multiprocessing_folder()
                # every worker now, all up while rustc runs; one that dies is never silently replaced,
                # whenever it dies (its job and every later one meet the broken pool: `_BROKEN`)
                self._pool = _Pool(self.jobs, _context(self._preload))
            return self._pool

    def close(self, *, cancel: bool = False, kill: bool = False) -> None:
        """Stop the pool: let running jobs finish, or with `kill` (Ctrl-C, SIGTERM) end them now."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(cancel=cancel or kill, kill=kill)


_Job = tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]


class _Pool:
    """`jobs` worker processes from the fork server (`_serve`), each fed over a pipe of its own by a thread
    of this process that takes the jobs from one queue: no multiprocessing queue, lock or semaphore, so
    nothing named outlives a killed build. A worker that dies breaks the pool: its job and every later one
    fail with `_BROKEN`."""

    def __init__(self, jobs: int, ctx: _Context) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._broken: str | None = None
        self.processes: list[BaseProcess] = []
        self._feeders: list[threading.Thread] = []
        try:
            for n in range(jobs):
                here, there = ctx.Pipe(duplex=True)
                proc = ctx.Process(target=_serve, args=(there, os.getpid()), name=f"oxpack-worker-{n}", daemon=True)
                proc.start()
                there.close()
                self.processes.append(proc)
                feeder = threading.Thread(target=self._feed, args=(proc, here), name=f"oxpack-feed-{n}", daemon=True)
                feeder.start()
                self._feeders.append(feeder)
        except BaseException:
            self.shutdown(cancel=True, kill=True)
            raise

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], out: Future[Any]) -> None:
        if self._broken is not None:
            out.set_exception(ToolchainError(_BROKEN.format(job=fn.__name__, exc=self._broken)))
        else:
            self._jobs.put((fn, args, out))

    def _feed(self, proc: BaseProcess, conn: Connection) -> None:
        """Send the queue's jobs to worker `proc`, one at a time, and settle each with its outcome."""
        with conn:
            while (job := self._jobs.get()) is not None:
                fn, args, out = job
                if not out.set_running_or_notify_cancel():
                    continue
                if self._broken is not None:
                    out.set_exception(ToolchainError(_BROKEN.format(job=fn.__name__, exc=self._broken)))
                    continue
                try:
                    conn.send((fn, args))
                    outcome = conn.recv()
                except (EOFError, OSError):  # the worker died (killed from outside, out of memory)
                    self._broken = self._broken or _death(proc)
                    out.set_exception(ToolchainError(_BROKEN.format(job=fn.__name__, exc=self._broken)))
                    continue
                except Exception as exc:  # noqa: BLE001 - a job that cannot be sent (pickled): its waiter's error
                    out.set_exception(exc)
                    continue
                _settle(out, outcome)

    def shutdown(self, *, cancel: bool, kill: bool) -> None:
        """End the workers once the queued jobs ran (`cancel`: dropped), or now (`kill`), and wait for them."""
        if cancel:
            with contextlib.suppress(queue.Empty):
                while True:
                    job = self._jobs.get_nowait()
                    if job is not None:
                        job[2].cancel()
        if kill:
            for proc in self.processes:
                if proc.pid is not None:
                    with contextlib.suppress(OSError):
                        os.kill(proc.pid, signal.SIGKILL)
        for _ in self._feeders:
            self._jobs.put(None)
        for feeder in self._feeders:
            feeder.join()
        for proc in self.processes:  # each ends as its pipe closes
            proc.join()


def _death(proc: BaseProcess) -> str:
    """How worker `proc` ended, for `_BROKEN`."""
    proc.join(timeout=5)
    code = proc.exitcode
    if code is None:
        return f"worker process {proc.pid} stopped answering"
    if code < 0:
        return f"worker process {proc.pid} was killed by {signal.Signals(-code).name}"
    return f"worker process {proc.pid} exited with status {code}"


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


def _context(preload: list[str]) -> _Context:
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
