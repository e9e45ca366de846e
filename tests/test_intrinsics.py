"""The device crate's runtime functions agree in their three places, read as text (no rustc, no GPU).

Every `__oxpack_*` function that the crate calls is declared once, in an `extern` block of
`src/intrinsics.rs` (one module per group); `runtime.ll` defines it for the GPU, and the group's
twin in `src/host/` defines it for emulation. A missing definition or a signature that differs
would otherwise show only when a kernel links (the GPU) or compiles for emulation (the host);
here each shows as one line naming the function and the files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from conftest import REPO

DEVICE = REPO / "src" / "oxpack" / "device"
INTRINSICS = DEVICE / "src" / "intrinsics.rs"
RUNTIME = DEVICE / "runtime.ll"
HOST = DEVICE / "src" / "host"

# The LLVM type of each Rust type that crosses the `extern "C"` boundary.
LLVM_TYPE = {"u8": "i8", "i8": "i8", "u16": "i16", "i16": "i16", "u32": "i32", "i32": "i32", "u64": "i64",
             "i64": "i64", "usize": "i64", "f32": "float", "f64": "double", "bool": "i1", "": "void", "!": "void"}


@dataclass(frozen=True)
class Fn:
    name: str
    params: tuple[str, ...]  # Rust types (declarations, host twins) or LLVM types (runtime.ll)
    ret: str  # "" when none
    safe: bool
    where: str  # file:line
    gpu_only: bool = False  # declared after a `// GPU only` line of its `extern` block: no host twin

    def signature(self) -> str:
        return f"fn {self.name}({', '.join(self.params)})" + (f" -> {self.ret}" if self.ret else "")


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _rel(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def _block(text: str, open_at: int) -> tuple[int, int]:
    """The span inside the braces whose `{` is at `open_at`."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return open_at + 1, i
    raise AssertionError(f"unbalanced braces after offset {open_at}")


def _split_top(s: str, sep: str) -> list[str]:
    """`s` split at `sep` outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "([{<"
        depth -= ch in ")]}>" and depth > 0
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def _rust_params(params: str) -> tuple[str, ...]:
    return tuple(" ".join(p.split(":", 1)[1].split()) for p in _split_top(params, ","))


def _rust_ret(ret: str | None) -> str:
    return " ".join((ret or "").split())


def _modules(text: str) -> dict[str, tuple[int, int]]:
    """The top-level `mod NAME { … }` blocks of a file: name → span of the body."""
    mods = {}
    for m in re.finditer(r"^(?:pub(?:\(crate\))? )?mod (\w+) \{", text, re.M):
        mods[m.group(1)] = _block(text, m.end() - 1)
    return mods


# ------------------------------------------------------------------------------ declarations

_DECL = re.compile(r"^\s*pub (safe )?fn (\w+)\((.*)\)(?:\s*->\s*(.+?))?;", re.M)


def declarations() -> tuple[dict[str, dict[str, Fn]], dict[str, str]]:
    """intrinsics.rs: group → its declared functions, and group → its host twin's module name."""
    text = INTRINSICS.read_text()
    twins = {}
    m = re.search(r'#\[cfg\(not\(target_arch = "nvptx64"\)\)\]\npub\(crate\) use crate::host::rt::\{([^}]*)\};', text)
    assert m, f"{_rel(INTRINSICS)}: no `pub(crate) use crate::host::rt::{{…}};` naming the groups' host twins"
    for item in _split_top(m.group(1), ","):
        module, _, alias = item.partition(" as ")
        twins[(alias or module).strip()] = module.strip()
    groups: dict[str, dict[str, Fn]] = {}
    for group, (start, end) in _modules(text).items():
        body = text[start:end]
        fns: dict[str, Fn] = {}
        for ext in re.finditer(r'unsafe extern "C" \{', body):
            s, e = _block(body, ext.end() - 1)
            marker = body.find("// GPU only", s, e)
            for d in _DECL.finditer(body, s, e):
                at = f"{_rel(INTRINSICS)}:{_line(text, start + d.start(2))}"
                fns[d.group(2)] = Fn(d.group(2), _rust_params(d.group(3)), _rust_ret(d.group(4)), bool(d.group(1)), at,
                                     0 <= marker < d.start())
        groups[group] = fns
    return groups, twins


# ------------------------------------------------------------------------------ runtime.ll

_DEFINE = re.compile(r"^define (?:internal )?(\S+) @([\w.$]+)\((.*)\)", re.M)


def definitions() -> dict[str, Fn]:
    text = RUNTIME.read_text()
    found = {}
    for d in _DEFINE.finditer(text):
        params = tuple(p.split()[0] for p in _split_top(d.group(3), ",") if not p.startswith("{"))
        found[d.group(2)] = Fn(d.group(2), params, d.group(1), True, f"{_rel(RUNTIME)}:{_line(text, d.start())}")
    return found


# ------------------------------------------------------------------------------ host twins

_HOST_FN = re.compile(r"\bpub (unsafe )?fn (\w+)\(")
_METAVAR = {"ident": r"\w+", "ty": r"[^,;()]+?", "literal": r"[^\s;]+?", "expr": r".+?", "tt": r"\S+?"}


def _fns_in(text: str, start: int, end: int, path: Path) -> dict[str, Fn]:
    """The `pub fn`s written in text[start:end], and those that its `macro_rules!` make."""
    out = {}
    for f in _HOST_FN.finditer(text, start, end):
        s, e = f.end() - 1, f.end() - 1
        depth = 0
        for e in range(s, end):
            depth += text[e] == "("
            depth -= text[e] == ")"
            if depth == 0:
                break
        ret = re.match(r"\s*(?:->\s*([^{]+?))?\s*(?:where\b|\{)", text[e + 1:end])
        if "$" in f.group(2):
            continue
        out[f.group(2)] = Fn(f.group(2), _rust_params(text[s + 1:e]), _rust_ret(ret.group(1) if ret else ""),
                             not f.group(1), f"{_rel(path)}:{_line(text, f.start())}")
    out.update(_macro_fns(text, start, end, path))
    return out


def _macro_fns(text: str, start: int, end: int, path: Path) -> dict[str, Fn]:
    """`macro_rules! m { ($($name:ident … ;)*) => {$( … pub fn $name(…) … )*}; }` and its calls
    `m! { a …; b …; }`: the functions the calls make."""
    out = {}
    for m in re.finditer(r"macro_rules! (\w+) \{", text[:end]):
        if m.start() < start:
            continue
        body_s, body_e = _block(text, m.end() - 1)
        rule = re.match(r"\s*\(\$\((.*?)\)\*\)\s*=>\s*\{\$\((.*)\)\*\}", text[body_s:body_e], re.S)
        if not rule:
            continue
        matcher, template = rule.group(1).strip(), rule.group(2)
        fns = list(re.finditer(r"pub (unsafe )?fn \$(\w+)\((.*?)\)\s*(?:->\s*([^{]+?))?\s*\{", template, re.S))
        if not fns or not matcher.endswith(";"):
            continue
        pattern, names, i = "", [], 0
        for v in re.finditer(r"\$(\w+):(\w+)", matcher[:-1]):
            pattern += r"\s*" + r"\s*".join(re.escape(x) for x in matcher[i:v.start()].split()) + r"\s*"
            pattern += f"(?P<{v.group(1)}>{_METAVAR[v.group(2)]})"
            names.append(v.group(1))
            i = v.end()
        pattern += r"\s*" + r"\s*".join(re.escape(x) for x in matcher[i:-1].split())
        for call in re.finditer(rf"\b{m.group(1)}! \{{", text[start:end]):
            cs, ce = _block(text, start + call.end() - 1)
            for entry in _split_top(text[cs:ce], ";"):
                got = re.fullmatch(pattern, entry.strip(), re.S)
                assert got, f"{_rel(path)}: `{m.group(1)}!` entry not understood: {entry.strip()!r}"

                def fill(s: str, got: re.Match[str] = got) -> str:
                    return re.sub(r"\$(\w+)", lambda v: got.group(v.group(1)).strip() if v.group(1) in names else v.group(0), s)

                for fn in fns:
                    name = got.group(fn.group(2))
                    out[name] = Fn(name, _rust_params(fill(fn.group(3))), _rust_ret(fill(fn.group(4) or "")),
                                   not fn.group(1), f"{_rel(path)}:{_line(text, cs)} (`{m.group(1)}!`)")
    return out


def twins(module: str) -> dict[str, Fn]:
    """The functions of `host::rt::<module>`: its `pub fn`s, its macros' and what it re-exports."""
    rt_path = HOST / "rt.rs"
    text = rt_path.read_text()
    mods = _modules(text)
    if module not in mods:  # `pub(crate) use super::half;`: a file of host/
        assert re.search(rf"^pub\(crate\) use super::{module};", text, re.M), f"{_rel(rt_path)}: no `{module}`"
        path = HOST / f"{module}.rs"
        return _fns_in(path.read_text(), 0, len(path.read_text()), path)
    start, end = mods[module]
    out = _fns_in(text, start, end, rt_path)
    for use in re.finditer(r"pub\(crate\) use super::(super::)?(\w+)::(\*|\w+);", text[start:end]):
        if use.group(1):  # a file of host/, all of it
            path = HOST / f"{use.group(2)}.rs"
            out.update(_fns_in(path.read_text(), 0, len(path.read_text()), path))
        elif use.group(3) != "*":  # one item of a sibling module
            out[use.group(3)] = twins(use.group(2))[use.group(3)]
    return out


# ------------------------------------------------------------------------------ the checks

def problems() -> list[str]:
    groups, twin_of = declarations()
    defined = definitions()
    rt_text = RUNTIME.read_text()
    link_stage = "".join(p.read_text() for p in (REPO / "src" / "oxpack").rglob("*.py"))
    found = []
    seen: dict[str, Fn] = {}
    for group, fns in groups.items():
        host = twins(twin_of[group]) if group in twin_of else None
        for name, decl in fns.items():
            if name in seen:
                found.append(f"{name}: declared twice, {seen[name].where} and {decl.where}")
            seen[name] = decl
            if group == "libdevice":
                if not name.startswith("__nv_"):
                    found.append(f"{name} ({decl.where}): the libdevice group holds libdevice's `__nv_*` only")
            elif name in defined:
                want = tuple(LLVM_TYPE.get(t, "ptr" if t.startswith("*") else f"<{t}>") for t in decl.params)
                want_ret = LLVM_TYPE.get(decl.ret, f"<{decl.ret}>")
                got = defined[name]
                if want != got.params or want_ret != got.ret:
                    found.append(f"{name}: {decl.where} declares `{decl.signature()}` (LLVM: {want_ret} "
                                 f"({', '.join(want)})), {got.where} defines {got.ret} ({', '.join(got.params)})")
            elif not re.search(rf"\b{name}\b", link_stage):
                found.append(f"{name} ({decl.where}, group `{group}`): declared, but {_rel(RUNTIME)} does not "
                             "define it (nor does oxpack's link stage name it)")
            if host is None or decl.gpu_only:
                continue
            twin = host.get(name)
            if twin is None:
                found.append(f"{name} ({decl.where}): no host twin in `host::rt::{twin_of[group]}` "
                             f"({_rel(HOST / 'rt.rs')} and the files it re-exports)")
            elif (twin.params, twin.ret) != (decl.params, decl.ret):
                found.append(f"{name}: {decl.where} declares `{decl.signature()}`, its host twin at {twin.where} "
                             f"is `{twin.signature()}`")
            elif decl.safe and not twin.safe:
                found.append(f"{name}: {decl.where} declares it safe, its host twin at {twin.where} is `unsafe fn`")
    # runtime.ll definitions that nothing calls: neither a declaration, nor runtime.ll itself, nor oxpack
    for name, d in defined.items():
        if name not in seen and not re.search(rf"@{re.escape(name)}\(", rt_text[rt_text.index("\n", rt_text.index(f"@{name}(")):]) \
                and not re.search(rf"@{re.escape(name)}\b", rt_text[:rt_text.index(f"@{name}(")]) \
                and not re.search(rf"\b{name}\b", link_stage):
            found.append(f"{name} ({d.where}): defined in {_rel(RUNTIME)}, but {_rel(INTRINSICS)} does not declare it "
                         "and nothing calls it")
    return found


def test_every_intrinsic_is_declared_once_defined_and_twinned() -> None:
    groups, _ = declarations()
    assert sum(len(fns) for fns in groups.values()) > 150, "intrinsics.rs: fewer declarations than expected"
    found = problems()
    assert not found, "the device crate's runtime functions disagree:\n  " + "\n  ".join(found)


def test_no_extern_block_outside_intrinsics() -> None:
    # one place: an `extern "C"` block elsewhere in the crate (host/ excepted: the C library) is a second one
    others = [f"{_rel(p)}:{_line(p.read_text(), m.start())}" for p in sorted((DEVICE / "src").rglob("*.rs"))
              if p != INTRINSICS and HOST not in p.parents for m in re.finditer(r'extern "C" \{', p.read_text())]
    assert not others, f"`extern \"C\"` blocks outside {_rel(INTRINSICS)}: {others}"


def test_the_parsers_see_every_group() -> None:
    groups, twin_of = declarations()
    assert {"grid", "sync", "warp", "atomic", "math", "libdevice", "half", "mma", "sm90a"} <= set(twin_of)
    assert all(groups[g] for g in groups if g != "shared"), [g for g in groups if not groups[g]]  # shared: a static
    assert "__oxpack_tid_x" in twins("grid") and "__oxpack_atomic_cas_i64" in twins("atomic")
    assert "__oxpack_activemask" in twins("sm90a") and "__oxpack_f32_to_bf16" in twins("half")
    assert definitions()["__oxpack_trap"].ret == "void"
