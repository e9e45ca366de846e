"""Content-addressed stage cache.

One entry per stage output, keyed by sha256 over separately hashed parts (the
inputs' content, the options, the tool identities). An entry is a folder of
files plus `entry.json`, written last, that lists each file's sha256: a folder
without it is incomplete. Writes go to a temporary folder that is renamed into
place, so concurrent builds never see half an entry and the first writer wins.
A read verifies every digest; a corrupt entry is moved aside and treated as a
miss, so the stage runs again.

With a `remote` (`remote.Remote`), a local miss asks the shared store, whose verified
entry is stored here too; `put` stores locally, then uploads (in `read-write` mode).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .remote import Remote

__all__ = ["ALSO_OWNED", "Cache", "alive", "clean_stale", "code_id", "decoded", "default_cache_dir", "digest", "file_lock",
           "key", "temp_dir", "write_atomic", "write_file"]


def digest(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


@functools.lru_cache(maxsize=None)
def code_id(module: ModuleType) -> str:
    """The digest of one of oxpack's own modules (its source file, wherever it lives): a stage's output,
    or a remembered fact (`facts`), depends on the code that makes it too."""
    return digest(Path(str(module.__file__)).read_bytes())


def key(*parts: bytes | str) -> str:
    """sha256 over the sha256 of each part (so parts cannot run into each other)."""
    outer = hashlib.sha256()
    for part in parts:
        large = type(part) in (bytes, str) and len(part) >= _LARGE  # immutable: its digest stays its digest
        outer.update((_large_digest(part) if large else digest(part)).encode())
    return outer.hexdigest()


# A build's keys name the same large part many times: the device crate's rlib (megabytes) is in every
# kernel file's `bc` and `ll` keys, a crate's linked IR in the `ptx` key of each arch, and each part read
# from an entry was hashed when the entry was verified (`Cache.get`). Its digest is remembered for the
# object itself (bytes and str do not change), the object kept alive beside it so that its id stays its
# own; the last few only (`_MEMO` parts, `_MEMO_BYTES` in all).
_LARGE = 1 << 16
_MEMO, _MEMO_BYTES = 128, 256 << 20
_DIGESTS: OrderedDict[int, tuple[bytes | str, str]] = OrderedDict()
_DIGESTS_LOCK = threading.Lock()
_memo_bytes = 0


def _large_digest(part: bytes | str) -> str:
    with _DIGESTS_LOCK:
        hit = _DIGESTS.get(id(part))
        if hit is not None and hit[0] is part:
            _DIGESTS.move_to_end(id(part))
            return hit[1]
    found = digest(part)
    _remember(part, found)
    return found


def _remember(part: bytes | str, found: str) -> None:
    """Remember that `found` is the digest of `part` (`digest(part)`)."""
    global _memo_bytes
    with _DIGESTS_LOCK:
        old = _DIGESTS.pop(id(part), None)
        if old is not None:
            _memo_bytes -= len(old[0])
        _DIGESTS[id(part)] = (part, found)
        _memo_bytes += len(part)
        while len(_DIGESTS) > _MEMO or (_memo_bytes > _MEMO_BYTES and len(_DIGESTS) > 1):
            _memo_bytes -= len(_DIGESTS.popitem(last=False)[1][0])


def decoded(data: bytes) -> str:
    """`data` as UTF-8 text (strict), with the digest of `data`, where it is known, remembered for the text:
    a str's digest is that of its UTF-8 bytes, which are `data` again."""
    text = data.decode()
    with _DIGESTS_LOCK:
        hit = _DIGESTS.get(id(data))
    if hit is not None and hit[0] is data:
        _remember(text, hit[1])
    return text


def default_cache_dir(configured: str | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The cache folder, always absolute: `configured` (the config's `cache_dir`, already absolute), else
    `OXPACK_CACHE_DIR` (a relative one is relative to the current folder), else `$XDG_CACHE_HOME/oxpack`
    (a relative `XDG_CACHE_HOME` is ignored, as the XDG spec says), else `~/.cache/oxpack`. A relative
    path would break: rustc runs in a folder of the cache and would find it again below that folder."""
    env = os.environ if env is None else env
    if configured:
        return Path(os.path.abspath(Path(configured).expanduser()))
    if env.get("OXPACK_CACHE_DIR", "").strip():
        return Path(os.path.abspath(Path(env["OXPACK_CACHE_DIR"].strip()).expanduser()))
    xdg = env.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "oxpack"


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive `flock` on `path`: the kernel releases it when the holder dies."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


_HOST = hashlib.sha256(os.uname().nodename.encode()).hexdigest()[:8]  # gethostname(): the same name, without socket


def temp_dir(folder: Path | None, tag: str) -> Path:
    """A new temporary folder in `folder` (None: the system's), named after this process
    (`.tmp.<pid>.<host>.<tag>.<random>`) so that a later run can tell it was left by one
    that died (`clean_stale`)."""
    return Path(tempfile.mkdtemp(prefix=f".tmp.{os.getpid()}.{_HOST}.{tag}.", dir=folder))


def write_file(path: Path, data: bytes) -> None:
    """`path.write_bytes(data)`, whose error names `path` also where the write itself failed (a full disk,
    the file-size limit), not only the open."""
    try:
        path.write_bytes(data)
    except OSError as exc:
        if exc.filename is None:
            exc.filename = str(path)
        raise


def write_atomic(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all: a temporary beside it (named after this process and thread,
    so concurrent writers never share one), renamed over it; the temporary goes if anything fails."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        write_file(tmp, data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def alive(pid: int) -> bool:
    """Whether process `pid` exists (one of another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale(folder: Path | None) -> list[Path]:
    """Remove the temporary folders in `folder` (None: the system's) of processes of this host
    that are gone (killed with -9, or the machine crashed); those of live processes stay."""
    base = Path(tempfile.gettempdir()) if folder is None else folder
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(base) if e.name.startswith(".tmp.")]
    except OSError:
        return removed
    for entry in entries:
        parts = entry.name.split(".")
        if len(parts) < 5 or not parts[2].isdigit() or parts[3] != _HOST:
            continue
        if int(parts[2]) != os.getpid() and not alive(int(parts[2])):
            for other in _also_owned(Path(entry.path), base):
                shutil.rmtree(other, ignore_errors=True)
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


ALSO_OWNED = "also-owned"
"""A file in a temporary folder naming other folders of the same process, one per line (relative to
the same base): multiprocessing's `pymp-*` folder, whose name does not say whose it is."""


def _also_owned(folder: Path, base: Path) -> list[Path]:
    try:
        names = (folder / ALSO_OWNED).read_text().split()
    except (OSError, ValueError):
        return []
    return [base / name for name in names if name.startswith("pymp-") and "/" not in name]


class Cache:
    """Entries live in `<root>/<stage>/<key[:2]>/<key>/`; an entry is written in `<root>/tmp/`
    and renamed into place, so what a killed build left is in one folder that every build
    sweeps (`clean_stale(cache.temporaries)`)."""

    def __init__(self, root: Path, remote: Remote | None = None) -> None:
        self.root = root
        self.temporaries = root / "tmp"
        self.remote = remote

    def path(self, stage: str, k: str) -> Path:
        return self.root / stage / k[:2] / k

    def get(self, stage: str, k: str) -> dict[str, bytes] | None:
        """The entry: local, else the remote's (verified there, then stored here), else None."""
        files = self._get_local(stage, k)
        if files is None and self.remote is not None:
            files = self.remote.get(stage, k)
            if files is not None:
                self._put_local(stage, k, files)
        return files

    def _get_local(self, stage: str, k: str) -> dict[str, bytes] | None:
        folder = self.path(stage, k)
        try:
            entry = json.loads((folder / "entry.json").read_text())
            files = {name: (folder / name).read_bytes() for name in entry["files"]}
        except (OSError, ValueError, KeyError, TypeError):
            if folder.exists():
                self._discard(folder)
            return None
        if any(digest(data) != entry["files"][name] for name, data in files.items()):
            self._discard(folder)
            return None
        for name, data in files.items():
            if len(data) >= _LARGE:  # it was just hashed: a key that names it need not hash it again
                _remember(data, entry["files"][name])
        return files

    def put(self, stage: str, k: str, files: Mapping[str, bytes]) -> None:
        """Store an entry this build made: here, then in the remote (`read-write` mode)."""
        self._put_local(stage, k, files)
        if self.remote is not None:
            self.remote.put(stage, k, files)

    def _put_local(self, stage: str, k: str, files: Mapping[str, bytes]) -> None:
        folder = self.path(stage, k)
        folder.parent.mkdir(parents=True, exist_ok=True)
        self.temporaries.mkdir(parents=True, exist_ok=True)
        tmp = temp_dir(self.temporaries, k[:16])  # same file system: the rename below is atomic
        try:
            for name, data in files.items():
                write_file(tmp / name, data)
            manifest = {"files": {name: digest(data) for name, data in sorted(files.items())}}
            write_file(tmp / "entry.json", json.dumps(manifest, indent=1, sort_keys=True).encode())
            try:
                os.rename(tmp, folder)
            except OSError:
                if self._get_local(stage, k) is None:  # a corrupt leftover: replace it
                    self._discard(folder)
                    os.rename(tmp, folder)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)

    def _lock_path(self, stage: str, k: str) -> Path:
        folder = self.path(stage, k)
        folder.parent.mkdir(parents=True, exist_ok=True)
        return folder.with_name(f"{k}.lock")

    def try_lock(self, stage: str, k: str) -> Callable[[], None] | None:
        """Take the lock of one entry if it is free: its release function, or None while another
        build holds it. The kernel releases the lock of a process that dies (`flock`)."""
        fd = os.open(self._lock_path(stage, k), os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        return _releaser(fd)

    def lock(self, stage: str, k: str) -> Callable[[], None]:
        """Wait for the lock of one entry; its release function."""
        fd = os.open(self._lock_path(stage, k), os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_EX)
        return _releaser(fd)

    def _discard(self, folder: Path) -> None:
        aside = folder.with_name(f".bad-{folder.name}-{os.getpid()}")
        with contextlib.suppress(OSError):
            os.rename(folder, aside)
        shutil.rmtree(aside, ignore_errors=True)


def _releaser(fd: int) -> Callable[[], None]:
    done: list[bool] = []

    def release() -> None:
        if not done:
            done.append(True)
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    return release
