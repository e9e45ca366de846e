"""The one writer of a build's outputs: every front end builds through `write_outputs`, into one
of the destinations below.

A build's outputs are the generated module in the package's folder inside the wheel (`vecmath/`,
from `package` or the project's name, or given: CMake's DESTINATION): `<module>.py`, `.pyi`,
`py.typed` and `_oxpack/` (the manifest, the fatbins, the runtime and, with emulation, the host
libraries). `write_outputs` loads the settings, builds (`pipeline`), checks the lock where asked,
renders the stubs (`stubs`) and the tuning table the `tuning` option ships (`tuning`) into the
destination's folder, all or nothing, and lets the destination record what it wrote:

- `Folder`: a plain folder (`build_into`; `build_editable`, the rebuild of an editable install);
- `OutFolder`: `oxpack build --out`, and the CMake module through it: the folder holds exactly
  this build's files (`.oxpack-outputs.json` lists them; what an earlier build wrote and this one
  did not is removed);
- `Wheel`: the hatchling hook's wheel: files staged in a temporary folder, handed to hatchling
  (`force_include`);
- `EditableWheel`: an editable wheel: the same files under `_oxpack_editable_<project>/`, the import
  hook (`editable_finder.py`) and the `.pth` line that installs it (`force_include_editable`).

An editable destination gets the host libraries too wherever this machine can build them
(`can_emulate_here`), so that a development setup can always emulate (`OXPACK_EMULATE=1`),
whatever `emulation` says. That key keeps its meaning for what a wheel ships and what
`oxpack.lock` pins: with `locked = true` the lock is checked against the build without the host
libraries the project did not ask for.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import re
import shutil
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

from ..builder.pipeline import build_project
from ..builder.result import BuildResult
from ..builder.stages.host import can_emulate_here
from ..config import Config, load_config, resolve_package_dir
from ..errors import StageError, file_size_limit
from ..project import import_path, project_name
from ..store.cache import clean_stale, temp_dir, write_atomic, write_file
from .stubs import check_package_names, stub_contents
from .tuning import read_shipped, shipped_files

__all__ = ["Destination", "EditableWheel", "Folder", "OutFolder", "Wheel", "Written", "build_editable", "build_into",
           "render_into", "write_outputs"]

Log = Callable[[str], None]


@dataclass(frozen=True)
class Written:
    result: BuildResult
    files: dict[str, Path]  # path inside the wheel (posix) → file on disk
    removed: tuple[str, ...] = ()  # files of an earlier build that the destination removed (`OutFolder`)


class Destination(Protocol):
    root: Path  # the folder that stands for the wheel's root: the package's folder goes below it
    editable: bool  # an editable install's: with the host libraries wherever they build

    def record(self, written: Written) -> list[str]:
        """Take note of the files written (into a wheel, a listing); return those of an earlier build it removed."""
        ...


def write_outputs(project_dir: Path, destination: Destination, *, config: Config | None = None,
                  overrides: Mapping[str, Any] | None = None, cli: Mapping[str, Any] | None = None,
                  locked: bool | None = None, log: Log | None = None, verbose: bool = False,
                  package_path: Sequence[str] | None = None) -> Written:
    """Build, check the lock if asked (`locked`, else the `locked` setting), and write the generated module
    under `destination.root / <package path>`; `package_path`: the package's folder inside the wheel, as
    identifiers, where it is not derived from the settings."""
    config = config or load_config(project_dir, overrides, cli=cli)
    built = config
    if destination.editable and not config.emulation and can_emulate_here():
        built = dataclasses.replace(config, emulation=True)
    if package_path is None:
        package_dir = resolve_package_dir(config, project_name(config.project_dir))
        check_package_names(config.module, package_dir)  # before compiling: the user's files stay theirs
        rel = import_path(package_dir)
    else:
        rel = "/".join(package_path)
    shipped = read_shipped(config)  # before compiling too: a bad table fails at once
    result = build_project(built, log=log, verbose=verbose)
    if config.locked if locked is None else locked:
        from .lockfile import check_lock  # tomlkit: only where a lock is checked

        check_lock(config.project_dir, result if built is config else dataclasses.replace(
            result, config=config, crates=[dataclasses.replace(c, host=None) for c in result.crates]))
    target = destination.root / rel
    extra = shipped_files(shipped, result, log)
    files = {f"{rel}/{p.relative_to(target).as_posix()}": p for p in render_into(result, target, extra)}
    written = Written(result, files)
    return dataclasses.replace(written, removed=tuple(destination.record(written)))


def build_into(project_dir: Path, out_dir: Path, **options: Any) -> Written:
    """`write_outputs` into the plain folder `out_dir` (options: those of `write_outputs`)."""
    return write_outputs(project_dir, Folder(out_dir), **options)


def build_editable(project_dir: Path, out_dir: Path, *, overrides: Mapping[str, Any] | None = None,
                   log: Log | None = None) -> Written:
    """`write_outputs` into folder `out_dir` for an editable install: the rebuild after an edit
    (`editable_finder.py` runs it in a child process)."""
    return write_outputs(project_dir, Folder(out_dir, editable=True), overrides=overrides, log=log)


def render_into(result: BuildResult, target: Path, extra: Mapping[str, bytes] | None = None) -> list[Path]:
    """Render the stubs and fatbins, and `extra` (path relative to `target` → bytes: the shipped tuning
    table), into `target`, all or nothing: the files that changed into a
    temporary folder beside them first (a full disk or a kill leaves the previous files as they
    were), then each moved into place; unchanged files are left alone (not even written to the
    temporary folder), as is an existing `py.typed`."""
    # rendered before any folder is made: a build the manifest's checks refuse leaves nothing behind
    contents = stub_contents(result.manifest(), result.fatbins(), result.host_libraries(), cubins=result.cubins())
    contents.update(extra or {})
    target.mkdir(parents=True, exist_ok=True)
    clean_stale(target)
    staging = temp_dir(target, "stubs")
    try:
        for relative in contents:  # before anything is written: a folder where a file goes is named as such
            _check_file_place(target, target / relative)
        changed = []
        for relative, data in contents.items():
            dest = target / relative
            if dest.is_file() and (data is None or dest.read_bytes() == data):
                continue
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file(path, b"" if data is None else data)
            changed.append((path, dest))
        for path, dest in changed:
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, dest)
        return [target / relative for relative in contents]
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            written = Path(str(exc.filename or target))
            if written.is_relative_to(staging):  # the file it stood in for
                written = target / written.relative_to(staging)
            raise StageError(f"{file_size_limit(written)} (the files of the previous build are unchanged)",
                             stage="stubs") from None
        raise StageError(f"cannot write the generated module into `{target}`: {exc.strerror or exc}; free space "
                         "there or fix its permissions, then rerun (the files of the previous build are unchanged)",
                         stage="stubs") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _check_file_place(target: Path, dest: Path) -> None:
    """`dest`, a file the build writes under `target`, and the folders above it are either missing or of
    their kind (a file, folders), else the error names the one in the way."""
    for path in [dest, *dest.parents]:
        if path == target or not path.is_relative_to(target):
            return
        kind = "file" if path == dest else "folder"
        if path.is_symlink() or not path.exists() or (path.is_file() if kind == "file" else path.is_dir()):
            continue
        what = "a folder" if path.is_dir() else "a file" if path.is_file() else "no regular file"
        raise StageError(f"cannot write the generated module into `{target}`: `{path}` is {what}, where the build "
                         f"writes a {kind}; remove it, then rerun (the files of the previous build are unchanged)",
                         stage="stubs")


# -- destinations ----------------------------------------------------------------------------


class Folder:
    """A plain folder: the files are all there is to it."""

    def __init__(self, root: Path, *, editable: bool = False) -> None:
        self.root = root
        self.editable = editable

    def record(self, written: Written) -> list[str]:
        return []


class OutFolder:
    """`oxpack build --out`: the folder holds exactly what the last build wrote there."""

    editable = False
    LISTING: ClassVar[str] = ".oxpack-outputs.json"  # what the last build wrote there, relative paths

    def __init__(self, root: Path) -> None:
        self.root = root

    def record(self, written: Written) -> list[str]:
        """Delete what the previous build wrote here and this one did not (a removed kernel file's
        fatbin), then list this build's files."""
        out = self.root
        record = out / self.LISTING
        current = sorted(p.relative_to(out).as_posix() for p in written.files.values() if p.is_relative_to(out))
        try:
            previous = json.loads(record.read_text(encoding="utf-8"))
            previous = [p for p in previous if isinstance(p, str)] if isinstance(previous, list) else []
        except (OSError, ValueError):
            previous = []
        removed = []
        for rel in sorted(set(previous) - set(current)):
            path = out / rel
            if ".." in Path(rel).parts or Path(rel).is_absolute() or not path.is_file():
                continue
            path.unlink()
            removed.append(rel)
            for parent in path.parents:  # folders the stale file leaves empty
                if parent == out or not parent.is_relative_to(out) or any(parent.iterdir()):
                    break
                parent.rmdir()
        write_atomic(record, (json.dumps(current, indent=1) + "\n").encode("utf-8"))
        return removed


class Wheel:
    """A wheel that hatchling builds: the files, staged in `root`, go into it through `include`
    (hatchling's `build_data["force_include"]`: file on disk → path inside the wheel)."""

    editable = False

    def __init__(self, root: Path, include: MutableMapping[str, str]) -> None:
        self.root = root
        self.include = include

    def record(self, written: Written) -> list[str]:
        for wheel_path, disk_path in written.files.items():
            self.include[str(disk_path)] = wheel_path
        return []


class EditableWheel:
    """An editable wheel (`pip install -e`): the files under `_oxpack_editable_<project>/`, with an import
    hook (`editable_finder.py`, loaded by a `.pth`) that serves them as the package's modules and
    rebuilds them after an edit; `include` is hatchling's `build_data["force_include_editable"]`."""

    editable = True

    def __init__(self, root: Path, include: MutableMapping[str, str], *, project: str,
                 overrides: Mapping[str, Any]) -> None:
        self.root = root
        self.include = include
        self.name = "_oxpack_editable_" + re.sub(r"[^A-Za-z0-9]+", "_", project).lower()
        self.overrides = dict(overrides)  # the hook's own table, for the rebuilds

    def record(self, written: Written) -> list[str]:
        from ..runtime import editable_finder

        name = self.name
        for wheel_path, disk_path in written.files.items():
            self.include[str(disk_path)] = f"{name}/{wheel_path}"
        package = _package_of(written.files)
        config = written.result.config
        finder = self.root / f"{name}.py"
        shutil.copyfile(str(editable_finder.__file__), finder)
        self.include[str(finder)] = f"{name}.py"
        built_from = editable_finder.fingerprint(config.project_dir, config.kernels,
                                                 sorted({m for c in written.result.crates for m in c.modules}))
        # site-packages is where the wheel lands; the .pth finds it from its own module
        line = (f"import {name}, os; {name}.install({package!r}, os.path.join(os.path.dirname({name}.__file__), "
                f"{name!r}, *{package.split('.')!r}), {str(config.project_dir)!r}, {list(config.kernels)!r}, "
                f"{built_from!r}, {self.overrides!r})\n")
        pth = self.root / f"{name}.pth"
        pth.write_text(line)
        self.include[str(pth)] = f"{name}.pth"
        return []


def _package_of(files: Mapping[str, Path]) -> str:
    """`vecmath` from the wheel paths `vecmath/kernels.py`, `vecmath/_oxpack/...` (dotted)."""
    module = next(path for path in files if path.endswith(".py") and "/_oxpack/" not in path)
    return module.rsplit("/", 1)[0].replace("/", ".")
