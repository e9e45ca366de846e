"""The tuning table a package ships: the ``tuning`` option names a file that `oxpack tune` wrote, and the build
copies it, byte for byte, into the package as ``_oxpack/<module>_tuning.json``, where `Module.tuner` reads it
after the user's tuning cache (``runtime/_tuning.py``).

`read_shipped` reads and checks it before anything compiles: a missing file, one that is no tuning table
(not JSON, another schema) or the table of another module is a `ConfigError` in one line that names the
option and the file. `shipped_files`, once the build has made the fatbins, compares the table's fatbin digest
with this build's (`package_digest` of the crates' fatbins): a table of another build of the kernels still
ships, with one warning line, since the run time ignores it and users' first calls will tune.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..builder.result import BuildResult
from ..config import Config
from ..config.model import TABLE
from ..contract import tuning
from ..errors import ConfigError

__all__ = ["ShippedTable", "read_shipped", "shipped_files"]


@dataclass(frozen=True)
class ShippedTable:
    """The file the ``tuning`` option names, as read: its bytes (what ships) and the table they hold."""

    subject: str  # the option, for messages: "option `tuning` in `tool.oxpack`"
    name: str  # the file as the option gives it
    data: bytes
    table: Any  # `_tuning.Table`


def read_shipped(config: Config) -> ShippedTable | None:
    """The table the ``tuning`` option names (None where it is unset); a one-line `ConfigError` where it
    cannot ship."""
    if config.tuning is None:
        return None
    subject = config.origin("tuning") or f"option `tuning` in `{TABLE}`"
    name = config.tuning
    said = f"{subject[:1].upper()}{subject[1:]} names `{name}`"
    write = f"write it with `oxpack tune --out {name} -- COMMAND` on a GPU machine"
    path = config.project_dir / name
    if path.is_dir():
        raise ConfigError(f"{said}, which is a folder; name the tuning table's file, like `tuning.json`")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"{said}, which does not exist; {write}, or remove the option") from None
    except OSError as exc:
        raise ConfigError(f"{said}, which cannot be read: {exc.strerror or exc}; fix its permissions") from None
    try:
        table = tuning().Table.from_json(json.loads(data))
    except ValueError as exc:  # not JSON (or not UTF-8), another schema, a bad entry
        reason = f"it is not JSON ({exc})" if isinstance(exc, json.JSONDecodeError | UnicodeDecodeError) else exc
        raise ConfigError(f"{said}, which is no tuning table: {reason}; {write}") from None
    if table.module != config.module:
        raise ConfigError(f"{said}, the table of module `{table.module}`, not of this build's `{config.module}`; "
                          f"name the table that `oxpack tune --module {config.module}` writes")
    return ShippedTable(subject, name, data, table)


def shipped_files(shipped: ShippedTable | None, result: BuildResult,
                  warn: Callable[[str], None] | None = None) -> dict[str, bytes]:
    """The files that ship the table: ``{"_oxpack/<module>_tuning.json": its bytes}`` (none without one).
    `warn` gets one line where the table is for another build of the kernels."""
    if shipped is None:
        return {}
    digest = tuning().package_digest(hashlib.sha256(fatbin).hexdigest() for fatbin in result.fatbins().values())
    if shipped.table.fatbin != digest and warn is not None:
        warn(f"warning: {shipped.subject} names `{shipped.name}`, the table of another build of the kernels "
             f"(fatbin digest {shipped.table.fatbin[:12]}, this build's is {digest[:12]}), so users' first calls "
             f"will tune; regenerate it with `oxpack tune --out {shipped.name} -- COMMAND`")
    return {f"_oxpack/{result.config.module}_tuning.json": shipped.data}
