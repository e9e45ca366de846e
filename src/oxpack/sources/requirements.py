"""A kernel's `where (...)` requirements at build time: found in the kernel file, and each one checked
with the `where` language's own parser (``runtime/_where.py``), so that the run time accepts it;
a refusal names the line of the kernel file."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..contract import where
from ..errors import StageError
from .descriptor import KernelSig

__all__ = ["check_where"]


@dataclass(frozen=True)
class _Where:
    """A `where (...)` clause in a kernel file: the `fn` before it, its line, a comment inside it."""

    kernel: str
    line: int
    comment: int | None  # the line of a `//` or `/*` inside the parentheses


# The lexer's patterns, matched at a position of the whole text (`pattern.match(text, i)`: no copy of the
# rest of the file per token).
_STRING_START = re.compile(r'(?:b|c)?r?#*"')
_STRING = re.compile(r'(?:b|c)?(r)?(#*)"')
_CHAR = re.compile(r"'(?:\\(?:u\{[0-9a-fA-F]*\}|x..|.)|[^\\'\n])'")
_WORD = re.compile(r"\w+")
_OPEN = re.compile(r"\s*\(")
_SPACE = re.compile(r"\s+")


@functools.lru_cache(maxsize=64)
def _where_clauses(text: str) -> tuple[_Where, ...]:
    """Every `where (...)` of a Rust source, found by a small lexer that skips comments, strings and
    character literals: rustc drops comments before the `kernel!` macro sees its tokens, so a `//`
    (Python's floor division) inside one would silently cut the requirement short. Once per text in a
    process: the build checks each kernel file before rustc and again with its kernels."""
    out: list[_Where] = []
    i, n, line = 0, len(text), 1
    last, fn, depth, start, comment = "", "", 0, 0, None
    while i < n:
        c = text[i]
        if c.isspace():  # a run of them at once
            end = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            line += text.count("\n", i, end)
            i = end
        elif text.startswith("//", i) or text.startswith("/*", i):
            if depth and comment is None:
                comment = line
            if text[i + 1] == "/":
                end = text.find("\n", i)
                i = n if end < 0 else end
            else:
                level, i = 1, i + 2
                while i < n and level:
                    if text.startswith("/*", i):
                        level, i = level + 1, i + 2
                    elif text.startswith("*/", i):
                        level, i = level - 1, i + 2
                    else:
                        line += text[i] == "\n"
                        i += 1
        elif c == '"' or (c in "rbc" and _STRING_START.match(text, i, i + 260) and not _ident_before(text, i)):
            match = _STRING.match(text, i)
            assert match is not None
            if match[1]:  # raw: up to the quote and as many `#`
                end = text.find('"' + match[2], match.end())
                end = n if end < 0 else end + 1 + len(match[2])
            else:
                j = match.end()
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                end = min(j + 1, n)
            line += text.count("\n", i, end)
            i = end
        elif c == "'":
            match = _CHAR.match(text, i)
            i = match.end() if match else i + 1  # else a lifetime or a label
        elif c.isalpha() or c == "_":
            match = _WORD.match(text, i)
            assert match is not None
            word = match[0]
            if last == "fn":
                fn = word
            if word == "where" and not depth and text[i - 2:i] != "r#":
                after = _OPEN.match(text, i + 5)
                if after is not None:
                    line += after[0].count("\n")
                    depth, start, comment, i = 1, line, None, after.end()
                    last = "("
                    continue
            last = word
            i = match.end()
        else:
            if depth and c in "([{":
                depth += 1
            elif depth and c in ")]}":
                depth -= 1
                if not depth:
                    out.append(_Where(fn, start, comment))
            if not c.isspace():
                last = c
            i += 1
    return tuple(out)


def _ident_before(text: str, i: int) -> bool:
    return i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")


def check_where(rel: str, text: str, kernels: Sequence[KernelSig]) -> None:
    """Refuse a `where (...)` that lost terms to a comment or that is not in the `where` language
    (`oxpack.contract.where`, the parser the run time checks requirements with), at the line of
    the `.rs` file where it stands."""
    language = where()
    clauses = _where_clauses(text)
    for clause in clauses:
        if clause.comment is not None:
            raise StageError(
                f"{rel}:{clause.comment}: the `where (...)` of kernel `{clause.kernel}` holds a comment: rustc drops "
                "it before oxpack sees the requirement, which would silently change its meaning; write integer "
                "division as `/` (not `//`) and move comments out of the parentheses", stage="bc")
    lines = {c.kernel: c.line for c in clauses}
    for sig in kernels:
        kinds = {p.name: p.kind for p in sig.params}
        for requirement in sig.requires:
            try:
                language.parse(requirement, kinds)
            except language.WhereError as exc:
                at = f"{rel}:{lines[sig.name]}" if sig.name in lines else rel
                raise StageError(f"{at}: kernel `{sig.name}`: requirement `{requirement}` in its `where (...)`: "
                                 f"{exc}; allowed are {language.HELP}", stage="ll") from None
