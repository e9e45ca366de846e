"""`oxpack tune`: tuning ahead of time, so that a package's users start tuned.

`tune` runs a command of the user's (a script that calls the package's kernels on a GPU at the sizes that
matter) with ``OXPACK_TUNE=on`` and ``OXPACK_TUNING_DIR`` set to a fresh temporary folder: the first call of
each ``#[tune]`` kernel per size bucket times its candidates, and the run time writes its choices to a tuning
cache file there (``<module>-<digest>.json``, `oxpack.runtime._tuning`). Then it merges that file into the
table at ``--out``, the file that the ``tuning`` option ships in the package as
``_oxpack/<module>_tuning.json``:

- the table's entries for other GPUs and drivers are kept; an entry for the same (gpu, driver, kernel,
  bucket) is replaced by this run's;
- a table of another build of the kernels (another fatbin digest) is replaced whole: no run time reads an
  older build's choices, so they are dropped, and the summary says how many;
- a table of another module, or a file that is no table, is an error before the command runs.

The command's own output passes through. A command that fails, or that tunes nothing, writes no table;
oxpack then exits with the command's status (or 1). Nothing of the user's tuning cache is read or written:
the command sees only the fresh folder.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..contract import tuning
from ..errors import ConfigError, TuneError

__all__ = ["tune"]

_MODULE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
_FIX = ("make it call the package's #[tune] kernels on a GPU (not emulated, not under CUDA-graph capture, without "
        "OXPACK_TUNE set by the script) at sizes that the table the package ships does not already answer")


def tune(out: Path, command: Sequence[str], module: str | None = None, *,
         environ: Mapping[str, str] | None = None) -> str:
    """Run `command` with tuning on into a fresh folder, merge what it wrote into the table at `out` and return
    the summary line. `module`: the generated module whose table to write (``vecmath.kernels`` or
    ``kernels``), where the command tunes kernels of more than one."""
    if not command:
        raise ConfigError("`oxpack tune` needs a command after `--`, like "
                          "`oxpack tune --out tuning.json -- python tune_sizes.py`")
    if module is not None and not _MODULE.fullmatch(module):
        raise ConfigError(f"`--module {module}` must be the generated module's import name, like `vecmath.kernels`")
    name = None if module is None else module.rpartition(".")[2]
    _read_out(out, name)  # before the command runs: a bad --out would waste the tuning
    shown = shlex.join(command)
    with tempfile.TemporaryDirectory(prefix="oxpack-tune-") as folder:
        env = {**(os.environ if environ is None else environ), "OXPACK_TUNE": "on", "OXPACK_TUNING_DIR": folder}
        _run(command, env, shown)
        tables = _written(Path(folder), shown)
    table = _select(tables, module, name, shown)
    previous = _read_out(out, table.module)
    dropped = 0
    entries = dict(table.entries)
    if previous is not None and previous.fatbin == table.fatbin:
        entries = {**previous.entries, **table.entries}
    elif previous is not None:
        dropped = len(previous.entries)
    out.parent.mkdir(parents=True, exist_ok=True)
    tuning().write_table(out, tuning().Table(table.module, table.fatbin, entries))
    return _summary(out, table, entries, dropped)


def _run(command: Sequence[str], env: Mapping[str, str], shown: str) -> None:
    """Run `command`, its output passing through; a `TuneError` with its exit status when it fails."""
    try:
        code = subprocess.run(list(command), env=dict(env), check=False).returncode
    except FileNotFoundError:
        raise TuneError(f"cannot run `{shown}`: `{command[0]}` was not found; no table written", status=127) from None
    except PermissionError:
        raise TuneError(f"cannot run `{shown}`: `{command[0]}` is not executable; no table written",
                        status=126) from None
    if code < 0:
        try:
            how = f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            how = f"was killed by signal {-code}"
        raise TuneError(f"`{shown}` {how}; no table written", status=128 - code)
    if code:
        raise TuneError(f"`{shown}` exited with status {code}; no table written", status=code)


def _written(folder: Path, shown: str) -> list[Any]:
    """The tuning cache files the command wrote into `folder` (its temporary files left out)."""
    tables = []
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith("."):
            continue
        try:
            tables.append(tuning().read_table(path))
        except tuning().TuningError as exc:
            raise TuneError(f"`{shown}` wrote a tuning cache that cannot be read ({exc}); no table written") from None
    if not tables:
        raise TuneError(f"`{shown}` tuned nothing: it wrote no tuning cache, so no table was written; {_FIX}")
    return tables


def _builds(tables: Sequence[Any]) -> str:
    return ", ".join(f"`{t.module}` (build {t.fatbin[:12]})" for t in tables)


def _select(tables: Sequence[Any], module: str | None, name: str | None, shown: str) -> Any:
    """The one table for `module` (its last part, `name`), or the only one written."""
    chosen = list(tables) if name is None else [t for t in tables if t.module == name]
    if not chosen:
        raise TuneError(f"`{shown}` tuned no kernel of `{module}`, only of {_builds(tables)}; no table written; "
                        "pass the module it tuned to `--module`, or make the command call the kernels of "
                        f"`{module}`")
    if len(chosen) > 1 and name is None:
        raise TuneError(f"`{shown}` tuned kernels of {len(chosen)} modules: {_builds(chosen)}; no table written; "
                        "pass `--module` to pick one, like `--module mypkg.kernels`")
    if len(chosen) > 1:
        raise TuneError(f"`{shown}` tuned kernels of {len(chosen)} builds of module `{name}`: {_builds(chosen)}; "
                        "no table written; tune one package per run, from one build of it")
    return chosen[0]


def _read_out(out: Path, module: str | None) -> Any:
    """The table at `out` (None where there is none yet); a `TuneError` where it is no table, or one of
    another module than `module`."""
    if out.is_dir():
        raise TuneError(f"`--out {out}` is a folder; pass the table's file, like `--out tuning.json`")
    if not out.exists():
        return None
    try:
        table = tuning().read_table(out)
    except (OSError, tuning().TuningError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).removeprefix(f"{out}: ")
        raise TuneError(f"`--out {out}` holds no tuning table ({reason}); fix it or pass another file") from None
    if module is not None and table.module != module:
        raise TuneError(f"`--out {out}` is the table of module `{table.module}`, not `{module}`; pass another "
                        "file for it")
    return table


def _summary(out: Path, table: Any, entries: Mapping[Any, Any], dropped: int) -> str:
    """`wrote tuning.json (module `kernels`): 4 entries tuned for 2 kernels (a, b) on GPU H100 (driver 12.4);
    12 entries for 3 GPUs in all (A100, H100, L4)`."""
    def names(items: set[str]) -> str:
        return ", ".join(sorted(items))

    tuned = table.entries
    kernels = {k for _, _, k, _ in tuned}
    on = sorted({(g, d) for g, d, _, _ in tuned})
    gpus = "; ".join(f"{g} (driver {d})" for g, d in on)
    every = {g for g, _, _, _ in entries}
    plural = {True: "s", False: ""}
    line = (f"wrote {out} (module `{table.module}`): {len(tuned)} entr{'ies' if len(tuned) != 1 else 'y'} tuned "
            f"for {len(kernels)} kernel{plural[len(kernels) != 1]} ({names(kernels)}) on GPU{plural[len(on) != 1]} "
            f"{gpus}; {len(entries)} entr{'ies' if len(entries) != 1 else 'y'} for {len(every)} "
            f"GPU{plural[len(every) != 1]} in all ({names(every)})")
    if dropped:
        line += (f"; dropped the {dropped} entr{'ies' if dropped != 1 else 'y'} it held for another build of the "
                 "kernels")
    return line
