"""The import hook of an editable install (`pip install -e .`) of a package with oxpack kernels.

The editable wheel (`oxpack.package.outputs.EditableWheel`, the hatchling hook's) holds this file, unchanged,
as ``_oxpack_editable_<project>.py`` beside a ``.pth`` line that calls `install`. An
editable install imports the package from the project's own folder, where the
generated module is not (oxpack writes nothing into the source tree); this finder
answers for the generated names (``<package>.kernels``, ``<package>._oxpack``) from
the folder that holds them, and for nothing else.

After a kernel file, a module that kernel files declare (``mod common;``: the files the last
build recorded as its ``modules``) or ``pyproject.toml`` changes, the next import rebuilds the module
when oxpack itself is importable here (an install with ``--no-build-isolation``, or
oxpack installed in the environment), through oxpack's cache, into
``<project>/build/oxpack-editable``. Otherwise it keeps the module built at install
time and says once, on stderr, to run ``pip install -e .`` again. An unchanged import
costs a `stat` of each kernel file and module.

The rebuild runs in a child process (``sys.executable -c``, with ``OXPACK_EDITABLE_REBUILD``
set so that no import there rebuilds again): never in the importing process, which holds
Python's import lock while a finder runs (a build thread's own import would wait for it
forever), and never from a process whose ``__main__`` is the user's script (the build's
worker processes would re-run it). The child's progress lines pass through on stderr; a
failed rebuild is an `ImportError` with oxpack's one line. A file lock
(``build/oxpack-editable.lock``) makes a second process wait for the first one's rebuild
instead of building too; every wait ends after `TIMEOUT` seconds with one line.

Standard library only: it runs in every interpreter of the environment.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["OxpackEditableFinder", "fingerprint", "install"]

REBUILD_FOLDER = "build/oxpack-editable"
STAMP = "oxpack-editable.json"
LOCK = "build/oxpack-editable.lock"
REBUILDING = "OXPACK_EDITABLE_REBUILD"  # set in the rebuild's process: an import there never rebuilds
TIMEOUT = 30 * 60  # seconds: the longest a rebuild, or the wait for another process's, may take

# The rebuild's process: argv[1] is JSON [project, out, overrides, the importing process's sys.path]. Its
# last line on stdout is JSON: the modules the build read besides its kernel files (a list of paths in
# the project) when it succeeded, else oxpack's one-line message.
_CHILD = """\
import json, os, sys
project, out, overrides, path = json.loads(sys.argv[1])
sys.path[:] = path
def build():
    from pathlib import Path
    try:
        from oxpack.errors import OxpackError
    except ImportError as exc:
        return f"oxpack cannot be imported by {sys.executable} ({exc}): reinstall it (`pip install oxpack`)"
    try:  # with host libraries where they build, as at install time (oxpack.package.outputs)
        from oxpack.package.outputs import build_editable as build_into
    except ImportError:  # an oxpack from before its packages by role
        try:
            from oxpack.outputs import build_editable as build_into
        except ImportError:  # ... and from before the one writer of outputs
            try:
                from oxpack.emulation import build_editable as build_into
            except ImportError:  # ... and from before emulation
                from oxpack.project import build_into
    try:
        from oxpack.toolchain.process import die_with_parent
    except ImportError:
        try:
            from oxpack.rustc import die_with_parent
        except ImportError:
            die_with_parent = lambda: None
    die_with_parent()  # the importing process killed: this build ends too
    try:
        written = build_into(Path(project), Path(out), overrides=overrides)
        crates = getattr(getattr(written, "result", None), "crates", [])  # an older oxpack returns less
        return sorted({m for c in crates for m in getattr(c, "modules", {})})
    except OxpackError as exc:
        return exc.message
    except Exception as exc:
        if os.environ.get("OXPACK_TRACEBACK"):
            import traceback
            traceback.print_exc()
        return (f"internal error while building the kernels of {project}: {type(exc).__name__}: {exc} "
                "(set OXPACK_TRACEBACK=1 for the traceback, and please report it)")
error = build()
print("\\n" + json.dumps(error))  # on a line of its own, whatever the build printed
"""


def fingerprint(project: Path, kernels: Sequence[str], modules: Iterable[str] = ()) -> list[list[object]]:
    """What an edit changes: (path, size, mtime) of pyproject.toml, every kernel file and the `modules`
    (paths in the project) that a build read besides them."""
    files = {project / "pyproject.toml", *(project / m for m in modules)}
    for pattern in kernels:
        files.update(project.glob(pattern))
    out: list[list[object]] = []
    for file in files:
        try:
            stat = file.stat()
        except OSError:
            continue
        out.append([file.relative_to(project).as_posix(), stat.st_size, stat.st_mtime_ns])
    return sorted(out, key=lambda entry: str(entry[0]))


class OxpackEditableFinder:
    """Finds `<package>.<name>` for the names oxpack generated, in the folder built last."""

    def __init__(self, package: str, built: Path, project: Path, kernels: Sequence[str],
                 built_from: list[list[object]], overrides: dict[str, object]) -> None:
        self.package = package
        self.built = built  # <site-packages>/_oxpack_editable_<project>/<package path>
        self.project = project
        self.kernels = tuple(kernels)
        self.built_from = built_from
        self.overrides = overrides  # the hook's own table in pyproject.toml
        self._folder: Path | None = None

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        parent, _, child = fullname.rpartition(".")
        if parent != self.package:
            return None
        folder = self.folder()
        if not ((folder / f"{child}.py").is_file() or (folder / child / "__init__.py").is_file()):
            return None
        return importlib.machinery.PathFinder.find_spec(fullname, [str(folder)])

    def folder(self) -> Path:
        """The folder of the generated files that match the project's sources, rebuilt if need be."""
        if self._folder is None:
            self._folder = self._current()
        return self._folder

    def _current(self) -> Path:
        if not self.project.is_dir():
            return self.built
        if self._fresh(self.built_from):
            return self.built
        rebuilt = self.project / REBUILD_FOLDER
        relative = Path(*self.package.split("."))
        if self._fresh(_stamp(rebuilt)):
            return rebuilt / relative
        if os.environ.get(REBUILDING):  # inside a rebuild (something imported the package there): no second one
            return self.built
        if importlib.util.find_spec("oxpack") is None:
            print(f"{self.package}: the kernels in {self.project} changed since the editable install, and oxpack "
                  f"is not installed here to rebuild them: run `pip install -e {self.project}` again",
                  file=sys.stderr)
            return self.built
        with self._lock():
            stamp = _stamp(rebuilt)
            if not self._fresh(stamp):  # else another process rebuilt the same sources while this one waited
                # the files of both builds: a module the edited sources no longer declare changes nothing
                self._rebuild(rebuilt, fingerprint(self.project, self.kernels, _paths(self.built_from + (stamp or []))))
        return rebuilt / relative

    def _fresh(self, recorded: list[list[object]] | None) -> bool:
        """Whether the files that `recorded` (a fingerprint) lists, and the kernel files, are as it says."""
        return recorded is not None and fingerprint(self.project, self.kernels, _paths(recorded)) == recorded

    @contextmanager
    def _lock(self) -> Iterator[None]:
        """Held while this process rebuilds: another one waits (at most `TIMEOUT` seconds), then finds
        the stamp of the sources it waited for. Without `fcntl` (Windows) no lock: each process builds
        into its own folder and swaps it in."""
        try:
            import fcntl
        except ImportError:
            yield
            return
        path = self.project / LOCK
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a") as lock:
            deadline = time.monotonic() + TIMEOUT
            said = False
            while True:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise ImportError(
                            f"{self.package}: another process has been rebuilding the kernels of {self.project} "
                            f"for {TIMEOUT // 60} minutes (it holds {path}): end it, then import again") from None
                    if not said:
                        print(f"{self.package}: waiting for another process that rebuilds the kernels of "
                              f"{self.project}", file=sys.stderr)
                        said = True
                    time.sleep(0.1)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _rebuild(self, rebuilt: Path, now: list[list[object]]) -> None:
        """Build the sources stamped `now` into `rebuilt`, in a child process (see the module's docstring)."""
        # built beside, then swapped in: another process never imports a half-written folder
        fresh = rebuilt.with_name(f"{rebuilt.name}.{os.getpid()}.tmp")
        shutil.rmtree(fresh, ignore_errors=True)
        _sweep(rebuilt)
        argument = json.dumps([str(self.project), str(fresh), self.overrides, sys.path])
        try:
            proc = subprocess.run([sys.executable, "-c", _CHILD, argument], stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, text=True, timeout=TIMEOUT, check=False,
                                  env={**os.environ, REBUILDING: str(os.getpid())})
        except subprocess.TimeoutExpired:
            shutil.rmtree(fresh, ignore_errors=True)
            raise ImportError(f"{self.package}: rebuilding the kernels of {self.project} took more than "
                              f"{TIMEOUT // 60} minutes and was stopped: run `oxpack build {self.project}` to see "
                              "where it stalls") from None
        *printed, last = [line for line in proc.stdout.splitlines() if line.strip()] or [""]
        if printed:  # anything else the build printed goes where its progress lines went
            print("\n".join(printed), file=sys.stderr)
        try:
            error = json.loads(last) if proc.returncode == 0 else f"its process ended with status {proc.returncode}"
        except ValueError:
            error = f"its process printed {last!r} last"
        if isinstance(error, str):
            shutil.rmtree(fresh, ignore_errors=True)
            raise ImportError(f"{self.package}: rebuilding the kernels of {self.project} failed: {error}")
        # stamped with the files as they were before the build (an edit during it rebuilds again), and
        # the modules it read as they are now
        modules = [m for m in (error or []) if isinstance(m, str)]
        built = {str(entry[0]) for entry in now}
        stamp = now + [e for e in fingerprint(self.project, (), modules) if e[0] not in built]
        (fresh / STAMP).write_text(json.dumps(sorted(stamp, key=lambda entry: str(entry[0]))))
        old = rebuilt.with_name(f"{rebuilt.name}.{os.getpid()}.old")
        if rebuilt.exists():
            os.replace(rebuilt, old)
        try:
            os.replace(fresh, rebuilt)
        except OSError:  # another process swapped its own build in first: the same sources
            pass
        shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(fresh, ignore_errors=True)


def _sweep(rebuilt: Path) -> None:
    """Remove the `<rebuilt>.<pid>.tmp` and `.old` folders of rebuilds whose process is gone (killed
    mid-build), so that a killed import leaves nothing behind once the next rebuild runs. POSIX only
    (`os.kill(pid, 0)` asks whether a process exists)."""
    if os.name != "posix":
        return
    for stale in [*rebuilt.parent.glob(f"{rebuilt.name}.*.tmp"), *rebuilt.parent.glob(f"{rebuilt.name}.*.old")]:
        pid = stale.name.split(".")[-2]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(stale, ignore_errors=True)
        except OSError:  # it exists (another user's): not ours to remove
            pass


def _stamp(rebuilt: Path) -> list[list[object]] | None:
    """The fingerprint of the sources that `rebuilt` was built from, if it holds a build."""
    try:
        stamp = json.loads((rebuilt / STAMP).read_text())
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, list) and all(isinstance(e, list) and e for e in stamp) else None


def _paths(recorded: list[list[object]]) -> list[str]:
    """The paths (in the project) of fingerprint `recorded`."""
    return [str(entry[0]) for entry in recorded]


def install(package: str, built: str, project: str, kernels: Sequence[str], built_from: list[list[object]],
            overrides: dict[str, object]) -> None:
    """Put a finder for `package`'s generated modules first on `sys.meta_path` (from the `.pth`)."""
    finder = OxpackEditableFinder(package, Path(built), Path(project), kernels, built_from, overrides)
    sys.meta_path.insert(0, finder)
