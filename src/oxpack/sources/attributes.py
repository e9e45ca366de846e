"""A kernel's attributes at build time, before rustc: each `#[...]` in front of a `kernel!` item must be
one that `kernel!` takes, with arguments of the kind and range it accepts. A misspelled one
(`#[launch_bound(128)]`) is named, with a did-you-mean, at its own line (rustc's message names the
macro's line and blames `pub fn`); a bad argument (`#[launch_bounds(-1)]`, `#[coarsen(3)]`) gets
oxpack's sentence instead of rustc's type errors."""

from __future__ import annotations

import difflib
import re
from typing import Final

from ..errors import StageError

__all__ = ["ATTRIBUTES", "check_attributes"]

ATTRIBUTES: Final = {
    "launch_bounds": "`#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]`: "
                     "1 to 1024 threads per block, at least 1 block per multiprocessor, like `#[launch_bounds(256, 2)]`",
    "max_registers": "`#[max_registers(N)]` with N from 16 to 255 registers per thread, like `#[max_registers(64)]`",
    "coarsen": "`#[coarsen(N)]` with N one of 1 (no coarsening), 2, 4, 8, like `#[coarsen(4)]`",
    "whole_warps": "`#[whole_warps]`, with no arguments",
    "variant_of": "`#[variant_of(KERNEL, ARCH)]`, like `#[variant_of(gemm, sm_90a)]`",
    "only_on": "`#[only_on(ARCH)]`, like `#[only_on(sm_90a)]` (the kernel runs only as its variant for that arch)",
    "launch": "`#[launch(key = value, ...)]` with keys threads or grid, block and shared, like "
              "`#[launch(grid = cdiv(n, 256), block = 256)]`",
    "dims": "`#[dims(ARRAY = (DIMS), ...)]` with the dims of input arrays, whose scalars a call may then leave "
            "out, like `#[dims(a = (m, k), b = (n, k))]`",
    "outputs": "`#[outputs(OUTPUT = (DIMS), ...)]` with the dims of outputs a call may leave out, like "
               "`#[outputs(c = (m, n))]`",
    "backward": "`#[backward(KERNEL, ...)]` with the backward kernels (of any kernel file of the package), like "
                "`#[backward(rmsnorm_bwd, rmsnorm_bwd_reduce)]`, then any `d<input> = d<other input>` (one gradient "
                "for both) and `d<output> = KERNEL` (the step that reads a gradient given as a sum's terms)",
    "tune": "`#[tune(block = [...])]` with the candidate blocks, like `#[tune(block = [128, 256, 512])]`",
    "doc": "a doc comment (`/// ...`)",
}
_BLANK = re.compile(r'//[^\n]*|/\*.*?\*/', re.S)  # comments (not nested)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"', re.S)
_MACRO = re.compile(r"\bkernel\s*!\s*[{(\[]")
_ATTR = re.compile(r"#\s*\[\s*([A-Za-z_][\w:]*)\s*(\((.*?)\)|=[^\]]*)?\s*\]", re.S)
_INT = re.compile(r"[0-9][0-9_]*(?:u32|usize)?")
_FN = re.compile(r"\bfn\s+(?:r#)?(\w+)")


def _blanked(text: str) -> str:
    """`text` with comments, and the contents of strings, as spaces (lines kept): attributes in them are not
    code (a string keeps its quotes: `#[launch_bounds("x")]` is still an attribute given a string)."""
    def spaces(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", m.group())

    text = _STRING.sub(lambda m: '"' + spaces(m)[1:-1] + '"', text)
    return _BLANK.sub(spaces, text)


_LITERALS: Final = ((re.compile(r"-\s*[0-9][\w.]*"), "a negative number"),
                    (re.compile(r"[0-9][0-9_]*\.[0-9_]*(?:e[+-]?[0-9]+)?(?:f32|f64)?|[0-9][0-9_]*(?:f32|f64)"),
                     "a float"),
                    (re.compile(r'[bc]?r?#*"[^"]*"#*'), "a string"), (re.compile(r"b?'[^']*'"), "a character"),
                    (re.compile(r"true|false"), "a boolean"),
                    (re.compile(r"[0-9][0-9_]*(?:i8|i16|i32|i64|i128|isize|u8|u16|u64|u128)"), "an integer of a type other than u32"))
_NUMERIC: Final = ("launch_bounds", "max_registers", "coarsen")


def _problem(name: str, args: str | None) -> str | None:
    """What is wrong with the arguments of `#[name(args)]`, or None. Only literals of the wrong kind
    (where rustc would answer with type errors) and integers out of range: the macro's own messages
    cover a wrong count, names and other shapes."""
    if name not in _NUMERIC or args is None:
        return None
    items = [a.strip() for a in args.split(",")]
    if items and not items[-1]:
        items.pop()
    for item in items:
        for pattern, kind in _LITERALS:
            if pattern.fullmatch(item):
                return f"takes integer literals, and `{item}` is {kind}"
    if not items or not all(_INT.fullmatch(a) for a in items):
        return None  # a name, `key = value`, nothing: the macro says how to write it
    numbers = [int(re.sub(r"u32|usize|_", "", a)) for a in items]
    if name == "launch_bounds" and len(numbers) <= 2:
        if not 1 <= numbers[0] <= 1024:
            return "must allow 1 to 1024 threads per block"
        if len(numbers) == 2 and numbers[1] < 1:
            return "needs at least 1 block per multiprocessor"
    if name == "max_registers" and len(numbers) == 1 and not 16 <= numbers[0] <= 255:
        return "must be 16 to 255 registers per thread"
    if name == "coarsen" and len(numbers) == 1 and numbers[0] not in (1, 2, 4, 8):
        return "takes N = 1 (no coarsening), 2, 4 or 8"
    return None


def check_attributes(rel: str, text: str) -> None:
    """Refuse an unknown kernel attribute or a bad argument, at its line of kernel file `rel`."""
    code = _blanked(text)
    for macro in _MACRO.finditer(code):
        depth, i = 1, macro.end()
        while i < len(code) and depth:  # the macro's body: attributes at its top level are the items'
            c = code[i]
            if c in "{([":
                depth += 1
            elif c in "})]":
                depth -= 1
            elif c == "#" and depth == 1:
                m = _ATTR.match(code, i)
                if m is not None:
                    _check_one(rel, text, code, m)
                    i = m.end()
                    continue
            i += 1


def _check_one(rel: str, text: str, code: str, m: re.Match[str]) -> None:
    """One attribute, found in `code` (`text` blanked, of the same length): shown as `text` has it."""
    name, args = m.group(1), (text[m.start(3):m.end(3)] if m.group(3) is not None else None)
    line = code.count("\n", 0, m.start()) + 1
    fn = _FN.search(code, m.end())
    kernel = f"kernel `{fn.group(1)}`: " if fn else ""
    shown = re.sub(r"\s+", " ", text[m.start():m.end()])
    if name not in ATTRIBUTES:
        close = difflib.get_close_matches(name, [a for a in ATTRIBUTES if a != "doc"], n=1, cutoff=0.6)
        hint = (f"did you mean {ATTRIBUTES[close[0]]}?" if close else
                "kernel attributes are " + ", ".join(f"`#[{a}]`" for a in ATTRIBUTES if a != "doc"))
        raise StageError(f"{rel}:{line}: {kernel}`{shown}` is not an attribute that `kernel!` takes; {hint}",
                         stage="bc")
    problem = _problem(name, args)
    if problem is not None:
        raise StageError(f"{rel}:{line}: {kernel}`{shown}` {problem}; write {ATTRIBUTES[name]}", stage="bc")
