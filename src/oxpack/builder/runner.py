"""How one stage's output is found or made: from the cache under its key, or made under a lock of
the key (so that a concurrent build of the same input waits for this one's entry instead of
repeating the work) in this process, in a work folder by rustc, or in a worker process; each
made output counted (`runs`), shown (`progress`) and stored.

rustc runs at most once per CPU at a time, however many crates build at once, and every rustc
and worker dies with the build (`cancel`: Ctrl-C, SIGTERM).
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import StageError, file_size_limit
from ..store.cache import Cache, file_lock
from ..toolchain.process import kill_tree, run_bounded, timed_out
from .progress import Progress
from .stages.rust import rustc_env, rustc_failure, rustc_output
from .stages.stage import Stage, Tool
from .workers import Pending, Workers

if TYPE_CHECKING:
    from ..store.remote import Remote

__all__ = ["Runner", "Rustcs", "work_folder"]

T = TypeVar("T")


@contextlib.contextmanager
def work_folder(cache_root: Path, stage: str, k: str) -> Iterator[Path]:
    """The folder where rustc runs for the `stage` output of key `k`, under a lock of that key: a
    concurrent build of the same input waits for this one's cache entry instead of repeating the
    work (the kernel drops the lock of a build that dies). The folder stays, so that every `$` line
    of `-v` and every "reproduce with:" runs as printed; its outputs go once they are read."""
    work = cache_root / "work" / f"{stage}-{k[:24]}"
    with file_lock(work.with_name(work.name + ".lock")):
        work.mkdir(parents=True, exist_ok=True)
        yield work


class Runner:
    """Runs the stages of one build against the cache under `cache_root` (and the shared `remote`):
    rustc in the calling threads (`rustc`), jobs in a process pool (`workers`) of `jobs` processes, loaded
    with the `preload` modules."""

    def __init__(self, cache_root: Path, remote: Remote | None, progress: Progress, *, jobs: int | None,
                 preload: Sequence[str], tool_timeout: float, project_dir: Path) -> None:
        self.cache_root = cache_root
        self.remote = remote
        self.progress = progress
        self.cache = Cache(cache_root / "stages", remote)
        self.runs: Counter[str] = Counter()
        self.workers = Workers(jobs, preload=preload)
        self.rustc = Rustcs(self.workers.jobs, tool_timeout, progress, project_dir)
        self._lock = threading.Lock()
        self._waiting: ThreadPoolExecutor | None = None  # threads that wait for another build's entry
        self._store_errors: list[OSError] = []

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
        self.rustc.cancel()
        self.workers.close(cancel=True, kill=True)

    def _ran(self, stage: str) -> None:
        with self._lock:
            self.runs[stage] += 1

    def in_work_folder(self, stage: Stage[T], k: str, subject: str, make: Callable[[Path], T], *,
                        warm: bool = False) -> T:
        """The cached output of a rustc stage under key `k`, or `make(work)` in its work folder (`work_folder`);
        `warm`: start the workers on a miss (the link and codegen that follow need them)."""
        hit = self.cache.get(stage.name, k)
        if hit is not None:
            return stage.load(hit)
        if warm:
            self.workers.warm_up()
        with work_folder(self.cache_root, stage.name, k) as work:
            hit = self.cache.get(stage.name, k)  # another build made it while this one waited
            if hit is not None:
                return stage.load(hit)
            with self.progress.step("rustc", subject):
                out = make(work)
            self._ran(stage.name)
            self.cache.put(stage.name, k, stage.save(out))
        return out

    def in_process(self, stage: Stage[T], k: str, subject: str, tool: Tool, make: Callable[[], T]) -> T:
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

    def start(self, stage: Stage[T], k: str, step: tuple[str, str | None], job: Callable[..., T],
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


class Rustcs:
    """The build's rustc runs (the `Run` that the rustc stages are handed): at most `slots` at a time, however
    many crates build at once, each within `timeout` seconds, all killed by `cancel` (Ctrl-C, SIGTERM); a
    failure is the stage's error, located in the project at `project_dir`."""

    def __init__(self, slots: int, timeout: float, progress: Progress, project_dir: Path) -> None:
        self.timeout = timeout
        self.progress = progress
        self.project_dir = project_dir
        self._slots = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._running: set[subprocess.Popen[bytes]] = set()

    def run(self, cmd: list[str], what: str, cwd: Path) -> str:
        self.progress.command(cmd, cwd=cwd)
        with self._slots:  # at most one rustc per CPU, however many crates build at once
            if self._stopped.is_set():
                raise StageError(f"the build was stopped before rustc compiled {what}", stage="bc")
            mine: list[subprocess.Popen[bytes]] = []

            def started(proc: subprocess.Popen[bytes]) -> None:
                mine.append(proc)
                with self._lock:
                    self._running.add(proc)

            try:
                code, _, err = run_bounded(cmd, self.timeout, cwd=cwd, env=rustc_env(), started=started)
            except subprocess.TimeoutExpired:
                raise StageError(timed_out(f"rustc compiling {what}", cmd, self.timeout), stage="bc", command=cmd,
                                 cwd=cwd) from None
            finally:
                with self._lock:
                    self._running.difference_update(mine)
        stderr = err.decode(errors="replace")
        if code == -signal.SIGXFSZ:  # its output passed the file-size limit (`ulimit -f`): nothing to show
            raise StageError(f"rustc compiling {what} {file_size_limit(rustc_output(cmd, cwd), 'SIGXFSZ')}",
                             stage="bc")
        if code != 0:
            raise rustc_failure(cmd, what, stderr, self.project_dir, cwd)
        return stderr

    def cancel(self) -> None:
        """No new rustc; the running ones killed."""
        self._stopped.set()
        with self._lock:
            running = list(self._running)
        for proc in running:
            kill_tree(proc)
