"""What a kernel file reads besides itself: the module files of its `mod name;` lines (with or without
`#[path = "..."]`, through its modules' own `mod` lines in turn) and the files of its `include!`,
`include_str!` and `include_bytes!` calls, found the way rustc finds them, before rustc runs.

Two parts of the build need them before rustc runs: the plan, which tells kernel files (crates) from
the modules they share (a file that another kernel file declares with `mod` is a module of it, not a
crate of its own), and the cache key of a crate's bitcode and host library, which covers the contents
of every file the crate reads (a file that a `mod` line could mean but that does not exist counts as
missing: creating it changes the key). rustc's dependency list (`--emit dep-info`) checks the finding
after each compile: a file rustc read that was not found here (a `mod` made by a macro, a
`#[cfg_attr(.., path = ..)]`) is refused with one line, so a key never misses a file (`check_depinfo`).

The scan is lexical: comments, strings and character literals are skipped, braces counted for inline
`mod a { ... }` blocks, and the Rust reference's rules for module file names applied (a kernel file and
every file reached through `#[path]` or named `mod.rs` is a "mod-rs" file: its modules live beside it;
`common.rs` keeps its modules in `common/`). A `mod` line under a `#[cfg]` that is off counts all the
same: its file is read into the key, never compiled.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..errors import StageError

__all__ = ["Found", "Read", "check_depinfo", "depinfo_files", "kernel_reads", "key_parts", "module_files", "reached",
           "scan"]

_INCLUDES = frozenset({"include", "include_str", "include_bytes"})
_IDENT = re.compile(r"(?:r#)?[^\W\d]\w*")
_SIMPLE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<char>b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]{1,6}\}|[^\n])|[^\\'\n])')
  | (?P<lifetime>'(?:r\#)?[^\W\d]\w*)
  | (?P<num>\d[\w.]*)
""", re.X)
_PUNCT = frozenset("!#$%&()*+,-.:;<=>?@[\\]^`{|}~")  # ASCII punctuation that begins no longer token (`/`, quotes: do)
_RAW = re.compile(r'(?:b|c)?r(#*)"')
_QUOTE = re.compile(r'(?:b|c)?"')
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'}


class _Token(NamedTuple):
    kind: str  # "ident", "str" (its value), "punct"
    text: str
    line: int


@dataclass(frozen=True)
class Found:
    """A file that a file's line asks rustc to read (it may not exist: `mod x;` means `x.rs` or `x/mod.rs`)."""

    path: Path  # normalised, absolute
    kind: str  # "module" (a `.rs` file rustc parses as a module) or "include"
    mod_rs: bool  # a module whose own modules live beside it (`mod.rs`, `#[path]`)
    by: Path  # the file whose line asks for it
    line: int
    what: str  # `mod common;`, `#[path = "../x.rs"] mod x;`, `include_str!("t.txt")`


def _tokens(text: str) -> Iterator[_Token]:
    """Identifiers, string values and punctuation of Rust source `text`; comments, whitespace,
    numbers, character literals and lifetimes dropped."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c in _PUNCT:
            yield _Token("punct", c, line)
            i += 1
            continue
        if (c.isalpha() or c == "_") and c not in "bcr":  # an identifier (`b`, `c`, `r` may begin a string)
            m = _IDENT.match(text, i)
            assert m is not None
            yield _Token("ident", m.group(), line)
            i = m.end()
            continue
        m = _SIMPLE.match(text, i)
        if m is not None:
            line += m.group().count("\n")
            i = m.end()
            continue
        if text.startswith("/*", i):  # block comments nest
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            line += text.count("\n", i, j)
            i = j
            continue
        raw = _RAW.match(text, i, i + 300)
        if raw is not None:  # raw string: no escapes, ends at `"` + as many `#`
            end = text.find('"' + raw.group(1), raw.end())
            end = n if end < 0 else end
            value = text[raw.end():end]
            yield _Token("str", value, line)
            line += value.count("\n")
            i = end + 1 + len(raw.group(1))
            continue
        quote = _QUOTE.match(text, i, i + 2)
        if quote is not None:
            j, out = quote.end(), []
            start = line
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    nxt = text[j + 1]
                    if nxt == "\n":  # a line continuation: the newline and the next line's indent go
                        j += 2
                        line += 1
                        while j < n and text[j] in " \t\r\n":
                            line += text[j] == "\n"
                            j += 1
                        continue
                    out.append(_ESCAPES.get(nxt, "\\" + nxt))
                    j += 2
                    continue
                line += text[j] == "\n"
                out.append(text[j])
                j += 1
            yield _Token("str", "".join(out), start)
            i = j + 1
            continue
        m = _IDENT.match(text, i)
        if m is not None:
            yield _Token("ident", m.group().removeprefix("r#"), line)
            i = m.end()
            continue
        yield _Token("punct", text[i], line)
        i += 1


def scan(file: Path, text: str, *, mod_rs: bool) -> list[Found]:
    """The files that `file` (Rust source `text`) asks rustc to read, in the order of its lines."""
    toks = list(_tokens(text))
    here = Path(os.path.normpath(file.absolute()))
    own = here.parent if mod_rs else here.parent / here.stem  # where its `mod x;` files live
    found: list[Found] = []
    inline: list[tuple[str, int]] = []  # the inline `mod a { ... }` blocks around, with their brace depth
    depth = 0
    path_attr: str | None = None  # the `#[path = "..."]` of the item that follows
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "punct" and t.text == "#":  # an attribute: `#[...]` or `#![...]`
            j = i + 1
            inner = j < len(toks) and toks[j].text == "!"
            j += inner
            if j < len(toks) and toks[j].text == "[":
                end = _closing(toks, j)
                body = toks[j + 1:end]
                if (not inner and len(body) == 3 and body[0].kind == "ident" and body[0].text == "path"
                        and body[1].text == "=" and body[2].kind == "str"):
                    path_attr = body[2].text
                i = end + 1
                continue
        if t.kind == "ident" and t.text == "mod" and i + 2 < len(toks) and toks[i + 1].kind == "ident":
            name, after = toks[i + 1].text, toks[i + 2].text
            if after == ";":
                sub = Path(*(n for n, _ in inline))
                if path_attr is not None:
                    base = here.parent if not inline else own / sub
                    target = Path(os.path.normpath(base / path_attr))
                    found.append(Found(target, "module", True, here, t.line, f'#[path = "{path_attr}"] mod {name};'))
                else:
                    folder = own / sub
                    found.append(Found(folder / f"{name}.rs", "module", False, here, t.line, f"mod {name};"))
                    found.append(Found(folder / name / "mod.rs", "module", True, here, t.line, f"mod {name};"))
                path_attr = None
                i += 3
                continue
            if after == "{":
                inline.append((name, depth))
                depth += 1
                path_attr = None
                i += 3
                continue
        if (t.kind == "ident" and t.text in _INCLUDES and i + 3 < len(toks) and toks[i + 1].text == "!"
                and toks[i + 2].text in "([{" and toks[i + 3].kind == "str"):
            target = Path(os.path.normpath(here.parent / toks[i + 3].text))
            found.append(Found(target, "include", False, here, t.line, f'{t.text}!("{toks[i + 3].text}")'))
            i += 4
            continue
        if t.kind == "punct":
            if t.text == "{":
                depth += 1
                path_attr = None
            elif t.text == "}":
                depth -= 1
                while inline and inline[-1][1] >= depth:
                    inline.pop()
                path_attr = None
            elif t.text == ";":
                path_attr = None
        i += 1
    return found


def _closing(toks: Sequence[_Token], start: int) -> int:
    """The index of the bracket that closes the one at `start` (or the last token)."""
    depth = 0
    for j in range(start, len(toks)):
        if toks[j].kind == "punct" and toks[j].text in "([{":
            depth += 1
        elif toks[j].kind == "punct" and toks[j].text in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


def _read_text(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError:  # missing, a folder, unreadable: rustc will say so if it needs it
        return None


def reached(kernel_file: Path) -> list[Found]:
    """Everything kernel file `kernel_file` asks rustc to read, through its modules' `mod` lines in turn:
    existing files and the candidates that do not exist (`x.rs` when `x/mod.rs` is the one), each once."""
    root = kernel_file.resolve()  # as the crate root names it to rustc
    out: list[Found] = []
    seen: set[Path] = {root}
    todo: list[tuple[Path, bool]] = [(root, True)]
    while todo:
        file, mod_rs = todo.pop(0)
        text = _read_text(file)
        if text is None:
            continue
        for f in _scanned(file, text, mod_rs):
            if f.path in seen:
                continue
            seen.add(f.path)
            out.append(f)
            if f.kind == "module" and f.path.is_file():
                todo.append((f.path, f.mod_rs))
    return out


@functools.lru_cache(maxsize=64)
def _scanned(file: Path, text: str, mod_rs: bool) -> tuple[Found, ...]:
    """`scan`, once per file (absolute) and content in a process: a module that every kernel file
    declares (`mod common;`) is read for each of them, and again for its keys."""
    return tuple(scan(file, text, mod_rs=mod_rs))


def module_files(kernel_file: Path) -> set[Path]:
    """The existing module files (`.rs`, through `mod`) that kernel file `kernel_file` reaches."""
    return {f.path for f in reached(kernel_file) if f.kind == "module" and f.path.is_file()}


@dataclass(frozen=True)
class Read:
    """A file a crate reads besides its kernel file (`rel`: relative to the project, posix), with its
    content, or None where it does not exist (a candidate of a `mod` line)."""

    rel: str
    data: bytes | None

    @property
    def sha256(self) -> str | None:
        return None if self.data is None else hashlib.sha256(self.data).hexdigest()


def _shown(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)


def kernel_reads(kernel_file: Path, rel: str, project_dir: Path) -> tuple[Read, ...]:
    """What the crate of kernel file `kernel_file` (shown as `rel`) reads besides it, sorted by path: the
    part of its keys beyond the kernel file. A file outside `project_dir` is refused with one line: it
    would be in neither the sdist nor the lockfile."""
    root = project_dir.resolve()
    reads: dict[str, Read] = {}
    for f in reached(kernel_file):
        if not f.path.is_relative_to(root):
            raise StageError(
                f"kernel file `{rel}`: `{f.what}` in `{_shown(f.by, root)}` (line {f.line}) reads `{f.path}`, "
                f"outside the project folder {root}: the build may only read files of the project (the sdist and "
                "the lockfile hold no others); move that file into the project, next to the kernel files, and "
                "fix the path", stage="bc")
        data: bytes | None
        try:
            data = f.path.read_bytes() if f.path.is_file() else None
        except OSError:
            data = None
        reads[f.path.relative_to(root).as_posix()] = Read(f.path.relative_to(root).as_posix(), data)
    return tuple(reads[k] for k in sorted(reads))


def key_parts(reads: Iterable[Read]) -> list[bytes]:
    """The parts of a cache key for `reads`: path and content, or path and a mark of its absence."""
    return [f"{r.rel}\0".encode() + (b"\1" + r.data if r.data is not None else b"\0") for r in reads]


def depinfo_files(depinfo: str) -> tuple[list[str], list[str]]:
    """The files (normalised paths) and environment variables that rustc's `--emit dep-info` lists."""
    files: list[str] = []
    env: list[str] = []
    for line in depinfo.splitlines():
        if line.startswith("# env-dep:"):
            env.append(line[len("# env-dep:"):].split("=", 1)[0])
        elif line.endswith(":") and not line.startswith("#"):
            files.append(os.path.normpath(line[:-1].replace("\\ ", " ")))
    return files, env


def check_depinfo(rel: str, kernel_file: Path, depinfo: str, work: Path, project_dir: Path,
                  reads: Sequence[Read], *, stage: str) -> None:
    """Refuse what rustc read (`depinfo`, run in `work`) beyond kernel file `kernel_file` (shown as `rel`)
    and the `reads` found before it ran: such a file is in no key (editing it would keep a stale output);
    and refuse what rustc took from the environment (`env!`)."""
    files, env = depinfo_files(depinfo)
    root = project_dir.resolve()
    known = {kernel_file.resolve(), Path(os.path.normpath(work.absolute() / "root.rs"))}
    known |= {root / r.rel for r in reads if r.data is not None}
    extra = []
    for f in files:
        p = Path(f) if os.path.isabs(f) else Path(os.path.normpath(work.absolute() / f))
        if p not in known:
            extra.append(p)
    if extra:
        first = extra[0]
        shown = ", ".join(f"`{_shown(p, root)}`" for p in extra)
        if not first.is_relative_to(root):
            raise StageError(
                f"kernel file `{rel}` makes rustc read {shown}, outside the project folder {root}: the build may "
                "only read files of the project (the sdist and the lockfile hold no others); move that file "
                "into the project, next to the kernel files", stage=stage)
        raise StageError(
            f"kernel file `{rel}` makes rustc read {shown}, which oxpack does not see from the `mod name;`, "
            "`#[path = \"...\"]` and `include!(\"...\")` lines of the kernel file and its modules (a `mod` or "
            "`include!` made by a macro or by `cfg_attr`?): such a file would be missing from the cache key; "
            "declare it with a plain `mod name;` (or `#[path = \"...\"] mod name;`) line", stage=stage)
    if env:
        raise StageError(
            f"kernel file `{rel}` reads environment variable{'s' if len(env) > 1 else ''} "
            f"{', '.join(f'`{v}`' for v in sorted(set(env)))} at compile time (`env!`/`option_env!`): its fatbin "
            "would depend on the building machine; use a constant or a kernel parameter instead", stage=stage)
