"""Validation of oxpack settings: one check per field, each turning a raw value (from TOML, the command
line or the environment) into the field's value, or raising `Invalid` with lines that name the exact key,
option or variable (`subject`), the value given and what is accepted."""

from __future__ import annotations

import difflib
import json
import keyword
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from .model import ARCH_RE, COMPRESSION, FIELD_BY_KEY, GLOB, MIN_ARCH

__all__ = ["CHECKS", "Invalid", "cap", "got", "unknown"]


# --- messages -------------------------------------------------------------------------

def show(value: Any) -> str:
    text = json.dumps(value, default=str)  # TOML spelling: true, 90, "text", [1, 2], {"a": 1}
    return text if len(text) <= 60 else text[:57] + "..."


def got(value: Any) -> str:
    kind = "table" if isinstance(value, dict) else type(value).__name__
    return f"{show(value)} ({kind})"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def unknown(key: str, where: str) -> str:
    close = difflib.get_close_matches(key, sorted(FIELD_BY_KEY), n=1)
    if close:
        return f"Unknown option `{key}` in `{where}`; did you mean `{close[0]}`?"
    accepted = ", ".join(f"`{k}`" for k in sorted(FIELD_BY_KEY))
    return f"Unknown option `{key}` in `{where}`; accepted options: {accepted}"


# --- checks: (value, subject) -> converted value, or raise Invalid(problem, ...) -------

class Invalid(Exception):
    """A rejected value; ``args`` are its problem lines."""


_Check = Callable[[Any, str], Any]


def _check_text(value: Any, subject: str) -> Any:
    if not isinstance(value, str) or not value.strip():
        raise Invalid(f"{cap(subject)} must be a non-empty string, got {got(value)}")
    return value


def _check_relative(value: Any, subject: str) -> Any:
    if Path(_check_text(value, subject)).is_absolute():
        raise Invalid(f"{cap(subject)} must be relative to the project root, got `{value}`")
    return value


def _each(items: list[Any], subject: str, check: _Check, extra: list[str]) -> tuple[Any, ...]:
    """Check every item (numbered from 1); report all bad items, then ``extra``, together."""
    checked: list[Any] = []
    problems: list[str] = []
    for i, item in enumerate(items, 1):
        try:
            checked.append(check(item, f"item {i} of {subject}"))
        except Invalid as exc:
            problems.extend(exc.args)
    if problems or extra:
        raise Invalid(*problems, *extra)
    return tuple(checked)


def _check_kernels(value: Any, subject: str) -> Any:
    if isinstance(value, str):
        return (_check_relative(value, subject),)
    if not isinstance(value, list) or not value:
        raise Invalid(f"{cap(subject)} must be a glob or a non-empty list of globs like `{GLOB}`, "
                       f"got {got(value)}")
    return _each(value, subject, _check_relative, [])


def _arch_suggestion(item: str) -> str:
    match = re.fullmatch(r"(?i)(?:sm|compute|cc)?[_-]?(\d+)\.?(\d)([af]?)", item.strip())
    guess = f"sm_{match[1]}{match[2]}{match[3].lower()}" if match else ""
    return f"; did you mean `{guess}`?" if guess and _arch_problem(guess) is None else ""


def _arch_problem(item: str) -> str | None:
    match = ARCH_RE.fullmatch(item)
    if item == "native" or (match and int(match[1]) >= MIN_ARCH):
        return None
    if match:
        return (f"must be an arch `sm_XY` with XY >= {MIN_ARCH}, got `{item}` "
                "(oxpack targets compute capability 8.0 and newer; remove it)")
    return (f"must be an arch `sm_XY` with XY >= {MIN_ARCH} (an `a` or `f` suffix allowed) or `native`, "
            f"got `{item}`{_arch_suggestion(item)}")


def _check_arch(item: Any, subject: str) -> Any:
    problem = _arch_problem(item) if isinstance(item, str) else f"must be a string like `sm_90`, got {got(item)}"
    if problem is not None:
        raise Invalid(f"{cap(subject)} {problem}")
    return item


def _check_archs(value: Any, subject: str) -> Any:
    if value == "native":
        return ("native",)
    if not isinstance(value, list):
        raise Invalid(f"{cap(subject)} must be a list of strings like `sm_90`, got {got(value)}")
    if not value:
        raise Invalid(f"{cap(subject)} must name at least one arch like `sm_90`, got an empty list")
    first: dict[str, int] = {}
    repeats = [f"Item {i} of {subject} repeats `{item}` (item {first[item]}); remove it"
               for i, item in enumerate(value, 1) if isinstance(item, str) and first.setdefault(item, i) != i]
    return _each(value, subject, _check_arch, repeats)


def _check_ptx(value: Any, subject: str) -> Any:
    if value is False or value == "none":
        return None
    if value == "auto" or (isinstance(value, str) and ARCH_RE.fullmatch(value) and _arch_problem(value) is None):
        return value
    if isinstance(value, str) and ARCH_RE.fullmatch(value):
        raise Invalid(f"{cap(subject)} must be `auto`, `none`, false or one of the configured archs (`sm_XY` "
                       f"with XY >= {MIN_ARCH}), got `{value}`: oxpack targets compute capability 8.0 and newer")
    shown = f"`{value}`" if isinstance(value, str) else got(value)
    raise Invalid(f"{cap(subject)} must be `auto`, `none`, false or one of the configured archs "
                   f"like `sm_90`, got {shown}")


def _check_module(value: Any, subject: str) -> Any:
    if not isinstance(value, str):
        raise Invalid(f"{cap(subject)} must be a Python identifier like `kernels`, got {got(value)}")
    if value == "_oxpack" or (value.startswith("__") and value.endswith("__")):
        why = ("the generated module keeps its runtime, manifest and fatbins in the folder `_oxpack`"
               if value == "_oxpack" else f"`{value}` is a name Python gives meaning to"
               + (" (the package's own `__init__.py`)" if value == "__init__" else ""))
        raise Invalid(f"{cap(subject)} cannot be `{value}`: {why}; choose another name, like `kernels`")
    if value.isidentifier() and not keyword.iskeyword(value):
        return value
    guess = re.sub(r"\W", "_", value)
    guess = ("_" + guess if guess[:1].isdigit() else guess) + ("_" if keyword.iskeyword(guess) else "")
    hint = f"; try `{guess}`" if guess.isidentifier() else ""
    raise Invalid(f"{cap(subject)} must be a Python identifier that is not a keyword, got `{value}`{hint}")


def _check_opt_level(value: Any, subject: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(f"{cap(subject)} must be an integer from 0 to 3, got {got(value)}")
    if not 0 <= value <= 3:
        raise Invalid(f"{cap(subject)} must be between 0 and 3, got {value}")
    return value


def _check_timeout(value: Any, subject: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Invalid(f"{cap(subject)} must be a number of seconds like `600`, got {got(value)}")
    if value <= 0:
        raise Invalid(f"{cap(subject)} must be more than 0 seconds, got {value}")
    return float(value)


def _check_profile(value: Any, subject: str) -> Any:  # the debug profile
    if value not in ("release", "debug") or not isinstance(value, str):
        shown = f"`{value}`" if isinstance(value, str) else got(value)
        raise Invalid(f"{cap(subject)} must be `release` or `debug`, got {shown}")
    return value


def _check_compression(value: Any, subject: str) -> Any:
    if value not in COMPRESSION or not isinstance(value, str):
        accepted = ", ".join(f"`{c}`" for c in COMPRESSION)
        shown = f"`{value}`" if isinstance(value, str) else got(value)
        raise Invalid(f"{cap(subject)} must be one of {accepted}, got {shown}")
    return value


def _check_ptxas(value: Any, subject: str) -> Any:
    if value not in ("nvjitlink", "whole-program") or not isinstance(value, str):
        shown = f"`{value}`" if isinstance(value, str) else got(value)
        raise Invalid(f"{cap(subject)} must be `nvjitlink` or `whole-program`, got {shown}")
    return value


def _check_bool(value: Any, subject: str) -> Any:
    if not isinstance(value, bool):
        raise Invalid(f"{cap(subject)} must be true or false, got {got(value)}")
    return value


def _check_remote_cache(value: Any, subject: str) -> Any:  # the shared build cache
    from ..store.remote import redact, remote_problem

    if not isinstance(value, str) or not value.strip():  # not its value: a list may hold a URL with a password
        kind = "a table" if isinstance(value, dict) else f"a {type(value).__name__}"
        raise Invalid(f"{cap(subject)} must be a URL like `redis://host:6379/0` or `s3://bucket/prefix`, got "
                       f"{kind if not isinstance(value, str) else 'an empty string'}")
    problem = remote_problem(value.strip())
    if problem is not None:
        raise Invalid(f"{cap(subject)} {problem}, got `{redact(value.strip())}`")
    return value.strip()


def _check_remote_mode(value: Any, subject: str) -> Any:
    if value not in ("read-write", "read-only") or not isinstance(value, str):
        shown = f"`{value}`" if isinstance(value, str) else got(value)
        raise Invalid(f"{cap(subject)} must be `read-write` or `read-only`, got {shown}")
    return value


CHECKS: Final[dict[str, _Check]] = {
    "kernels": _check_kernels, "package": _check_relative, "module": _check_module, "archs": _check_archs,
    "ptx": _check_ptx, "opt_level": _check_opt_level, "fatbin_compression": _check_compression,
    "ptxas": _check_ptxas,
    "locked": _check_bool, "emulation": _check_bool, "rustc": _check_text, "cache_dir": _check_text,
    "profile": _check_profile, "tool_timeout": _check_timeout, "tuning": _check_relative,
    "remote_cache": _check_remote_cache, "remote_cache_mode": _check_remote_mode,
}
