"""Content-addressed stage cache.

One entry per stage output, keyed by sha256 over separately hashed parts (the
inputs' content, the options, the tool identities). An entry is a folder of
files plus `entry.json`, written last, that lists each file's sha256: a folder
without it is incomplete. Writes go to a temporary folder that is renamed into
place, so concurrent builds never see half an entry and the first writer wins.
A read verifies every digest; a corrupt entry is moved aside and treated as a
miss, so the stage runs again.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = ["Cache", "default_cache_dir", "digest", "file_lock", "key"]


def digest(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def key(*parts: bytes | str) -> str:
    """sha256 over the sha256 of each part (so parts cannot run into each other)."""
    outer = hashlib.sha256()
    for part in parts:
        outer.update(digest(part).encode())
    return outer.hexdigest()


def default_cache_dir(configured: str | None = None, env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if configured:
        return Path(configured).expanduser()
    if env.get("OXPACK_CACHE_DIR"):
        return Path(env["OXPACK_CACHE_DIR"]).expanduser()
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "oxpack"


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


class Cache:
    """Entries live in `<root>/<stage>/<key[:2]>/<key>/`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, stage: str, k: str) -> Path:
        return self.root / stage / k[:2] / k

    def get(self, stage: str, k: str) -> dict[str, bytes] | None:
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
        return files

    def put(self, stage: str, k: str, files: Mapping[str, bytes]) -> None:
        folder = self.path(stage, k)
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{k[:16]}-", dir=folder.parent))
        try:
            for name, data in files.items():
                (tmp / name).write_bytes(data)
            manifest = {"files": {name: digest(data) for name, data in sorted(files.items())}}
            (tmp / "entry.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
            try:
                os.rename(tmp, folder)
            except OSError:
                if self.get(stage, k) is None:  # a corrupt leftover: replace it
                    self._discard(folder)
                    os.rename(tmp, folder)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)

    def _discard(self, folder: Path) -> None:
        aside = folder.with_name(f".bad-{folder.name}-{os.getpid()}")
        with contextlib.suppress(OSError):
            os.rename(folder, aside)
        shutil.rmtree(aside, ignore_errors=True)
