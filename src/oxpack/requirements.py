"""A kernel's `where (...)` requirements at build time: found in the kernel file, and checked so that
the stub can evaluate each one (the language the runtime's `_requires.py` evaluates)."""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import StageError
from .llvm import KernelSig

__all__ = ["check_where"]


@dataclass(frozen=True)
class _Where:
    """A `where (...)` clause in a kernel file: the `fn` before it, its line, a comment inside it."""

    kernel: str
    line: int
    comment: int | None  # the line of a `//` or `/*` inside the parentheses


def _where_clauses(text: str) -> list[_Where]:
    """Every `where (...)` of a Rust source, found by a small lexer that skips comments, strings and
    character literals: rustc drops comments before the `kernel!` macro sees its tokens, so a `//`
    (Python's floor division) inside one would silently cut the requirement short."""
    out: list[_Where] = []
    i, n, line = 0, len(text), 1
    last, fn, depth, start, comment = "", "", 0, 0, None
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
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
        elif c == '"' or (c in "rbc" and re.match(r'(?:b|c)?r?#*"', text[i:i + 260]) and not _ident_before(text, i)):
            match = re.match(r'(?:b|c)?(r)?(#*)"', text[i:])
            assert match is not None
            if match[1]:  # raw: up to the quote and as many `#`
                end = text.find('"' + match[2], i + match.end())
                end = n if end < 0 else end + 1 + len(match[2])
            else:
                j = i + match.end()
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                end = min(j + 1, n)
            line += text.count("\n", i, end)
            i = end
        elif c == "'":
            match = re.match(r"'(?:\\(?:u\{[0-9a-fA-F]*\}|x..|.)|[^\\'\n])'", text[i:])
            i += match.end() if match else 1  # else a lifetime or a label
        elif c.isalpha() or c == "_":
            match = re.match(r"\w+", text[i:])
            assert match is not None
            word = match[0]
            if last == "fn":
                fn = word
            if word == "where" and not depth and text[i - 2:i] != "r#":
                after = re.match(r"\s*\(", text[i + 5:])
                if after is not None:
                    line += after[0].count("\n")
                    depth, start, comment, i = 1, line, None, i + 5 + after.end()
                    last = "("
                    continue
            last = word
            i += match.end()
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
    return out


def _ident_before(text: str, i: int) -> bool:
    return i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")


_REQUIRE_OPS = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)
_ALLOWED = ("comparisons joined by `,` or `and`, integer constants, scalar parameters, len(<slice parameter>), "
            "+ - * / % (`/` divides integers, rounding down) and parentheses")


def _requirement_problem(text: str, params: dict[str, str]) -> str | None:
    """Why the runtime would refuse requirement `text` (None if it accepts it), or why it could never
    hold: a constant zero divisor."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        return "it is not an expression"

    def number(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return number(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, _REQUIRE_OPS):
            problem = number(node.left) or number(node.right)
            if problem is None and isinstance(node.op, (ast.FloorDiv, ast.Mod)) and _constant(node.right) == 0:
                op = "/" if isinstance(node.op, ast.FloorDiv) else "%"
                return f"`{ast.unparse(node)}` divides by the constant 0 (`{op} 0`)"
            return problem
        if isinstance(node, ast.Name):
            kind = params.get(node.id)
            if kind is None:
                return f"`{node.id}` is not a parameter of the kernel"
            return None if kind == "scalar" else f"`{node.id}` is a slice: write `len({node.id})`"
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
                and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.Name)):
            name = node.args[0].id
            kind = params.get(name)
            if kind is None:
                return f"`{name}` is not a parameter of the kernel"
            return None if kind not in ("scalar", "index") else f"`len({name})`: `{name}` is no slice"
        return f"`{ast.unparse(node)}` is not allowed"

    def boolean(node: ast.expr) -> str | None:
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            return next(filter(None, map(boolean, node.values)), None)
        if isinstance(node, ast.Compare):
            return next(filter(None, map(number, [node.left, *node.comparators])), None)
        return f"`{ast.unparse(node)}` is not a comparison"

    return boolean(tree)


def _constant(node: ast.expr) -> int | None:
    """The value of an expression of integer constants only (None if it has a name)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _constant(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and isinstance(node.op, _REQUIRE_OPS):
        left, right = _constant(node.left), _constant(node.right)
        if left is None or right is None:
            return None
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0:
            return None
        ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
               ast.Mod: operator.mod}
        return int(ops[type(node.op)](left, right))
    return None


def check_where(rel: str, text: str, kernels: Sequence[KernelSig]) -> None:
    """Refuse a `where (...)` that lost terms to a comment or that the stub could not check, at the
    line of the `.rs` file where it stands."""
    clauses = _where_clauses(text)
    for clause in clauses:
        if clause.comment is not None:
            raise StageError(
                f"{rel}:{clause.comment}: the `where (...)` of kernel `{clause.kernel}` holds a comment: rustc drops "
                "it before oxpack sees the requirement, which would silently change its meaning; write integer "
                "division as `/` (not `//`) and move comments out of the parentheses", stage="bc")
    lines = {c.kernel: c.line for c in clauses}
    for sig in kernels:
        params = {p.name: p.kind for p in sig.params}
        for requirement in sig.requires:
            problem = _requirement_problem(requirement, params)
            if problem is not None:
                at = f"{rel}:{lines[sig.name]}" if sig.name in lines else rel
                raise StageError(f"{at}: kernel `{sig.name}`: requirement `{requirement}` in its `where (...)`: "
                                 f"{problem}; allowed are {_ALLOWED}", stage="ll")
