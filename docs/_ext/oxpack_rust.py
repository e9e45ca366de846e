"""The public API of oxpack's device crate, read from its sources' doc comments.

A small reader of Rust source, enough for the device crate (`src/oxpack/device/src/`):
the module tree from `pub mod` declarations, every `pub` item of a public module with
its `///` docs and signature, inherent methods (`impl Type { pub fn … }`), the items of
traits, `#[macro_export]` macros, and the items that the crate's own `macro_rules!`
generate (`block_reduce!(reduce_f64, f64)` makes `block::reduce_f64`). What rustdoc
hides stays hidden: `#[doc(hidden)]`, non-`pub` items, modules not declared `pub`.
`tests/test_docs.py` holds the result against rustdoc's own list of the crate's items.

No dependency beyond the standard library: it runs inside the Sphinx build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Item", "Module", "read_crate"]


@dataclass
class Item:
    """One documented item: `kind` is rustdoc's (`fn`, `struct`, `trait`, `macro`, `type`, `constant`,
    `method`, `field`, `assoc`)."""

    kind: str
    name: str
    signature: str
    doc: str
    owner: str | None = None            # the type or trait of a method, field or associated item
    impl: str | None = None             # the `impl` block of a method, where it names more than the type
    variants: list[str] = field(default_factory=list)   # a macro-generated item's placeholders: "`$t` = `u32`, …"
    members: list[Item] = field(default_factory=list)   # methods and fields of a struct or trait


@dataclass
class Module:
    path: str          # `oxpack::warp`
    doc: str
    items: list[Item] = field(default_factory=list)


# --- lexing: skip strings, chars and comments while matching brackets ------------------------

_CLOSE = {"{": "}", "(": ")", "[": "]"}


def _skip_literal(text: str, i: int) -> int:
    """Index after the string, char, raw string or comment that starts at `i`, or `i` when none does."""
    c = text[i]
    if text.startswith("//", i):
        j = text.find("\n", i)
        return len(text) if j < 0 else j
    if text.startswith("/*", i):
        depth, j = 1, i + 2
        while depth and j < len(text):
            if text.startswith("/*", j):
                depth, j = depth + 1, j + 2
            elif text.startswith("*/", j):
                depth, j = depth - 1, j + 2
            else:
                j += 1
        return j
    raw = re.match(r'b?r(#*)"', text[i:i + 40])
    if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
        end = '"' + raw.group(1)
        j = text.find(end, i + raw.end())
        return len(text) if j < 0 else j + len(end)
    if c == '"' or (c == "b" and text.startswith('b"', i)):
        j = i + (2 if c == "b" else 1)
        while j < len(text) and text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        return j + 1
    if c == "'":  # a char literal ('a', '\n', '\u{..}') or a lifetime ('a): only the first is skipped
        m = re.match(r"'(\\.[^']*|[^'\\])'", text[i:i + 12])
        return i + m.end() if m else i
    return i


def _match(text: str, i: int) -> int:
    """Index of the bracket that closes the one at `i`."""
    stack = [_CLOSE[text[i]]]
    j = i + 1
    while j < len(text):
        k = _skip_literal(text, j)
        if k != j:
            j = k
            continue
        c = text[j]
        if c in _CLOSE:
            stack.append(_CLOSE[c])
        elif c in ")]}":
            if c != stack.pop():
                raise ValueError(f"unbalanced {c!r} at offset {j}")
            if not stack:
                return j
        j += 1
    raise ValueError(f"no bracket closes the {text[i]!r} at offset {i}")


def _header_end(text: str, i: int) -> int:
    """Index of the `{` or `;` that ends the item header starting at `i` (outside (), [] and strings)."""
    j = i
    while j < len(text):
        k = _skip_literal(text, j)
        if k != j:
            j = k
            continue
        c = text[j]
        if c in "([":
            j = _match(text, j) + 1
            continue
        if c in "{;":
            return j
        j += 1
    return len(text)


# --- items ------------------------------------------------------------------------------------

_ITEM = re.compile(
    r"(?P<vis>pub(?:\s*\([^)]*\))?\s+)?(?:(?:const|unsafe|async|extern\s+\"[^\"]*\")\s+)*"
    r"(?P<kind>fn|struct|enum|trait|type|const|static|mod|impl|use|union|macro_rules!)(?![\w!])\s*(?:mut\s+)?"
    r"(?P<name>\$?[A-Za-z_]\w*)?")
_INVOCATION = re.compile(r"(?P<name>[A-Za-z_]\w*)!\s*(?P<open>[({\[])")


@dataclass
class _Raw:
    """An item as written: docs, attributes, header and body text."""

    doc: list[str]
    attrs: list[str]
    header: str
    body: str | None   # between the braces, or None for an item that ends with `;`


def _doc_text(lines: list[str]) -> str:
    """`///` or `//!` comment bodies (their marker removed) as one Markdown text."""
    out = []
    for line in lines:
        out.append(line[1:] if line.startswith(" ") else line)
    return "\n".join(out).strip("\n")


def _parse(text: str) -> tuple[list[str], list[_Raw | tuple[str, str]]]:
    """The inner docs (`//!`) and the items of a module, impl, trait or macro body, in order; a macro
    invocation at item level is a (name, arguments) pair."""
    inner: list[str] = []
    items: list[_Raw | tuple[str, str]] = []
    doc: list[str] = []
    attrs: list[str] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        if text.startswith("//!", i) or text.startswith("///", i):
            j = text.find("\n", i)
            j = len(text) if j < 0 else j
            (inner if text[i + 2] == "!" else doc).append(text[i + 3:j])
            i = j
            continue
        if text.startswith("//", i) or text.startswith("/*", i):
            i = _skip_literal(text, i)
            continue
        if text.startswith("#![", i):
            i = _match(text, i + 2) + 1
            continue
        if text.startswith("#[", i):
            j = _match(text, i + 1)
            attrs.append(text[i + 2:j])
            i = j + 1
            continue
        if text.startswith("$(", i):  # a macro body's repetition: its items, once
            j = _match(text, i + 1)
            sub_inner, sub_items = _parse(text[i + 2:j])
            items.extend(sub_items)
            i = j + 1
            while i < len(text) and text[i] in "*+?,;":
                i += 1
            continue
        m = _ITEM.match(text, i)
        if m and m.group("kind") == "macro_rules!":
            j = _header_end(text, m.end())
            if text[j] != "{":  # macro_rules! m ( ... );
                j = text.index("(", m.end())
            end = _match(text, j)
            items.append(_Raw(doc, attrs, text[i:j].strip(), text[j + 1:end]))
            doc, attrs = [], []
            i = end + 1
            continue
        if m:
            j = _header_end(text, m.end())
            header = " ".join(text[i:j].split())
            if j < len(text) and text[j] == "{":
                end = _match(text, j)
                items.append(_Raw(doc, attrs, header, text[j + 1:end]))
                i = end + 1
            else:
                items.append(_Raw(doc, attrs, header, None))
                i = j + 1
            doc, attrs = [], []
            continue
        inv = _INVOCATION.match(text, i)
        if inv:
            j = inv.end() - 1
            end = _match(text, j)
            items.append((inv.group("name"), text[j + 1:end]))
            i = end + 1
            if i < len(text) and text[i] == ";":
                i += 1
            doc, attrs = [], []
            continue
        # anything else at item level (a stray token of a macro body): skip to the next line
        j = text.find("\n", i)
        i = len(text) if j < 0 else j
        doc, attrs = [], []
    return inner, items


def _docs(raw: _Raw) -> list[str]:
    """An item's doc lines: its `///` comments, then its `#[doc = "…"]` attributes (a macro's `#[doc = $what]`,
    once the invocation's string is in place)."""
    lines = list(raw.doc)
    for a in raw.attrs:
        m = re.fullmatch(r'\s*doc\s*=\s*"((?:[^"\\]|\\.)*)"\s*', a, re.S)
        if m:
            lines.extend(" " + line for line in m.group(1).replace('\\"', '"').split("\n"))
    return lines


def _hidden(attrs: list[str]) -> bool:
    """rustdoc leaves the item out: `#[doc(hidden)]`, or a cfg that the default (host) build lacks."""
    for a in attrs:
        a = " ".join(a.split())
        if a.startswith("doc(hidden") or a == "cfg(oxpack_debug)":
            return True
    return False


def _kind_and_name(raw: _Raw) -> tuple[str, str, bool] | None:
    m = _ITEM.match(raw.header)
    if not m:
        return None
    return m.group("kind"), m.group("name") or "", bool(m.group("vis")) and m.group("vis").strip() == "pub"


def _signature(raw: _Raw) -> str:
    """The header as one tidy line: `pub fn f(a: u32, b: u32) -> u32 where T: Copy`."""
    header = re.sub(r"\(\s+", "(", raw.header)
    header = re.sub(r",?\s*\)", ")", header)
    header = re.sub(r",\s*>", ">", header)
    return re.sub(r"\s+where\s*$", "", header).strip()


# --- macros: the items that the crate's own macro_rules! generate ------------------------------

_FRAGMENT = {"ident": r"[A-Za-z_]\w*", "literal": r"\"[^\"]*\"|-?[\w.']+", "lifetime": r"'\w+",
             "tt": r"\S+?"}


def _matcher_regex(pattern: str) -> tuple[str, bool]:
    """A regex for one repetition of a macro arm's matcher, and whether the matcher repeats (`$(…)*`)."""
    pattern = pattern.strip()
    repeats = False
    m = re.fullmatch(r"\$\((.*)\)\s*([^*+?]?)\s*[*+]", pattern, re.S)
    if m:
        pattern, repeats = m.group(1), True
    out = [r"[\s,;]*"]
    for tok in re.finditer(r"\$(\w+):(\w+)|(\s+)|(=>|[^\s$\w]+|\w+)", pattern):
        var, frag, space, literal = tok.groups()
        if var:
            out.append(f"(?P<{var}>{_FRAGMENT.get(frag, r'.+?')})")
        elif space:
            out.append(r"\s*")
        else:
            out.append(r"\s*" + re.escape(literal) + r"\s*")
    return "".join(out), repeats


def _bindings(rules: str, args: str) -> list[dict[str, str]]:
    """The variable bindings of each repetition that `args` gives the first arm of `rules`."""
    arm = re.match(r"\s*\((.*?)\)\s*=>", rules, re.S)
    if not arm:
        return []
    regex, repeats = _matcher_regex(arm.group(1))
    if not repeats:
        m = re.fullmatch(regex + r"[\s,;]*", args, re.S)
        return [{k: v.strip() for k, v in m.groupdict().items()}] if m else []
    found = []
    pos = 0
    compiled = re.compile(regex + r"(?=[\s,;]*(?:$|[\w:\"']))", re.S)
    while True:
        m = compiled.match(args, pos)
        if not m or m.end() == pos:
            break
        found.append({k: v.strip() for k, v in m.groupdict().items()})
        pos = m.end()
    return found


def _substitute(text: str, binding: dict[str, str]) -> str:
    return re.sub(r"\$(\w+)", lambda m: binding.get(m.group(1), m.group(0)), text)


# --- the crate ---------------------------------------------------------------------------------

class _Reader:
    def __init__(self, src: Path) -> None:
        self.src = src
        self.modules: list[Module] = []
        self.macros: list[Item] = []    # #[macro_export]: at the crate root, whatever file defines them

    def read(self) -> list[Module]:
        self._module("oxpack", (self.src / "lib.rs").read_text(), self.src)
        root = next(m for m in self.modules if m.path == "oxpack")
        root.items.extend(self.macros)
        types = {}
        for module in self.modules:
            for item in module.items:
                if item.kind in ("struct", "enum", "union"):
                    types.setdefault(item.name, item)
        for module in self.modules:
            _attach_methods(module, types)
        return [m for m in self.modules if m.items or m.doc]

    def _module(self, path: str, text: str, folder: Path, inner_of: str = "",
                outer_macros: dict[str, str] | None = None) -> None:
        inner, raws = _parse(text)
        module = Module(path, _doc_text(inner) or inner_of)
        self.modules.append(module)
        # a module sees the macro_rules! its parents defined above its `mod` line (Rust's textual scope)
        self._fill(module, path, text, raws, folder, dict(outer_macros or {}))

    def _fill(self, module: Module, path: str, text: str, raws: list[_Raw | tuple[str, str]], folder: Path,
              local_macros: dict[str, str]) -> None:
        """The items of `text` into `module`; `local_macros`: the macros in scope, which it extends."""
        for raw in raws:
            if isinstance(raw, tuple):
                name, args = raw
                if name in local_macros:
                    self._expand(module, local_macros[name], args, local_macros)
                continue
            parsed = _kind_and_name(raw)
            if parsed is None:
                continue
            kind, name, public = parsed
            if kind == "macro_rules!":
                if not self._exported_macro(raw, name):
                    local_macros[name] = raw.body or ""
                continue
            if _hidden(raw.attrs):
                continue
            if kind == "mod":
                file = _mod_file(folder, name) if raw.body is None else None
                if not public and file is not None and re.search(rf"^pub use {name}::\*;", text, re.M):
                    # a part of this module in a file of its own (`mod frag; pub use frag::*;`): its items,
                    # and the macros it re-exports to the parts after it, are this module's
                    part = file.read_text()
                    self._fill(module, path, part, _parse(part)[1],
                               file.parent if file.name == "mod.rs" else folder / name, local_macros)
                    continue
                if not public:  # its #[macro_export] macros are the crate root's all the same
                    macro_use = any(" ".join(a.split()) == "macro_use" for a in raw.attrs)
                    for inner in _parse(file.read_text() if file is not None else raw.body or "")[1]:
                        parsed_inner = None if isinstance(inner, tuple) else _kind_and_name(inner)
                        if parsed_inner is not None and parsed_inner[0] == "macro_rules!":
                            if not self._exported_macro(inner, parsed_inner[1]) and macro_use:
                                # `#[macro_use] mod m;`: its macros are in scope below the `mod` line
                                local_macros[parsed_inner[1]] = inner.body or ""
                    continue
                if file is not None:
                    self._module(f"{path}::{name}", file.read_text(), file.parent if file.name == "mod.rs"
                                 else folder / name, _doc_text(raw.doc), local_macros)
                else:
                    self._module(f"{path}::{name}", raw.body or "", folder, _doc_text(raw.doc), local_macros)
                continue
            self._item(module, raw, kind, name, public, macros=local_macros)

    def _exported_macro(self, raw: _Raw, name: str) -> bool:
        """Whether macro `name` is `#[macro_export]` (listed at the crate root, wherever it is defined,
        unless hidden)."""
        if not any(" ".join(a.split()) == "macro_export" for a in raw.attrs):
            return False
        if not _hidden(raw.attrs):
            self.macros.append(Item("macro", name, _macro_signature(name, raw.body or ""), _doc_text(raw.doc)))
        return True

    def _item(self, module: Module, raw: _Raw, kind: str, name: str, public: bool,
              variants: list[str] | None = None, macros: dict[str, str] | None = None) -> None:
        doc = _doc_text(raw.doc)
        if kind == "impl":
            owner, trait = _impl_target(raw.header)
            if trait is None and raw.body is not None:  # inherent methods; trait impls are rustdoc's "Trait Implementations"
                module.items.append(Item("impl", owner, raw.header, doc,
                                         members=_members(raw.body, owner, variants, macros or {})))
            return
        if not public or kind in ("use", "impl"):
            return
        rustdoc_kind = {"const": "constant", "static": "static", "enum": "enum", "union": "union"}.get(kind, kind)
        item = Item(rustdoc_kind, name, _signature(raw), doc, variants=list(variants or []))
        if kind == "trait" and raw.body is not None:
            item.members = _trait_members(raw.body, name)
        if kind == "struct" and raw.body is not None:
            item.members = _fields(raw.body, name)
        module.items.append(item)

    def _expand(self, module: Module, rules: str, args: str, macros: dict[str, str]) -> None:
        """The documented items of one invocation of a crate-local macro (its first arm). An item whose name or
        type varies with the invocation (`pub fn $name`, `impl $v`) is listed per binding; the others once, saying
        which values their placeholders take (`fetch_add` of `impl Atomic<$t>`: `$t` = `u32`, `i32`, …)."""
        arrow = re.match(r"\s*\(.*?\)\s*=>\s*", rules, re.S)
        if not arrow or rules[arrow.end()] not in "{([":
            return
        body = rules[arrow.end() + 1:_match(rules, arrow.end())].strip()
        if body.startswith("{") and body.endswith("}"):  # `=> {{ … }}`: an expression macro
            return
        _, raws = _parse(body)
        bindings = _bindings(rules, args)
        for raw in raws:
            if isinstance(raw, tuple):
                continue
            parsed = _kind_and_name(raw)
            if parsed is None or _hidden(raw.attrs):
                continue
            kind, name, public = parsed
            varying = name.startswith("$") or (kind == "impl" and "$" in _base(_impl_target(raw.header)[0]))
            if varying:
                for binding in bindings:
                    expanded = _Raw([_substitute(d, binding) for d in raw.doc], raw.attrs,
                                    _substitute(raw.header, binding),
                                    None if raw.body is None else _substitute(raw.body, binding))
                    self._item(module, expanded, kind, _substitute(name, binding), public, macros=macros)
                continue
            shown = raw.header + " " + (_public_headers(raw.body) if raw.body is not None else "")
            placeholders = sorted(set(re.findall(r"\$(\w+)", shown)))
            notes = [f"`${v}` = " + ", ".join(f"`{b[v]}`" for b in bindings if v in b) for v in placeholders]
            self._item(module, raw, kind, name, public, [n for n in notes if "`" in n.split("=", 1)[1]], macros)


def _first_arm_body(rules: str) -> str:
    """What the first arm of a macro's rules expands to (between its outer brackets)."""
    arrow = re.match(r"\s*\(.*?\)\s*=>\s*", rules, re.S)
    if not arrow or rules[arrow.end()] not in "{([":
        return ""
    return rules[arrow.end() + 1:_match(rules, arrow.end())]


def _macro_signature(name: str, rules: str) -> str:
    """`name!(matcher)` for each arm a user writes: not the internal `@` arms, nor the catch-all arms that
    only answer a misuse with `compile_error!`."""
    arms = []
    i = 0
    while i < len(rules):
        k = _skip_literal(rules, i)
        if k != i:
            i = k
            continue
        if rules[i] in "({[":
            end = _match(rules, i)
            matcher = " ".join(rules[i + 1:end].split())
            arrow = rules.index("=>", end)
            j = arrow + 2
            while rules[j].isspace():
                j += 1
            body_end = _match(rules, j)
            body = rules[j:body_end + 1]
            if matcher and not matcher.startswith("@") and "compile_error!" not in body:
                arms.append(f"{name}!({matcher})")
            i = body_end + 1
            continue
        i += 1
    return "\n".join(arms) or f"{name}!(…)"


def _public_headers(body: str) -> str:
    """The headers of the public items of an impl or module body."""
    _, raws = _parse(body)
    shown = []
    for raw in raws:
        if isinstance(raw, _Raw) and not _hidden(raw.attrs):
            parsed = _kind_and_name(raw)
            if parsed is not None and parsed[2]:
                shown.append(raw.header)
    return " ".join(shown)


def _impl_target(header: str) -> tuple[str, str | None]:
    """(the type, the trait or None) of an `impl` header."""
    rest = re.sub(r"^(unsafe\s+)?impl\s*", "", header)
    if rest.startswith("<"):
        depth = 0
        for k, c in enumerate(rest):
            depth += c == "<"
            depth -= c == ">"
            if depth == 0:
                rest = rest[k + 1:].strip()
                break
    rest = re.split(r"\s+where\s+", rest)[0]
    if re.search(r"\sfor\s", f" {rest} "):
        trait, target = re.split(r"\s+for\s+", rest, maxsplit=1)
        return target.strip(), trait.strip()
    return rest.strip(), None


def _mod_file(folder: Path, name: str) -> Path:
    """The file of `mod name;` declared in `folder`: `name.rs`, else `name/mod.rs`."""
    file = folder / f"{name}.rs"
    return file if file.is_file() else folder / name / "mod.rs"


def _base(type_name: str) -> str:
    """`Atomic` of `Atomic<u32>`, `DisjointSlice` of `DisjointSlice<T, layout::Rows>`."""
    return type_name.split("<", 1)[0].split("::")[-1].strip()


def _members(body: str, owner: str, variants: list[str] | None, macros: dict[str, str] | None = None) -> list[Item]:
    """The public methods and associated items of an impl body, with those that a crate-local macro invoked in it
    writes (the items of its first arm, e.g. `tile_grid_methods!();`)."""
    _, raws = _parse(body)
    out = []
    for raw in raws:
        if isinstance(raw, tuple):
            name, args = raw
            if macros and name in macros:
                bindings = _bindings(macros[name], args)
                body = _substitute(_first_arm_body(macros[name]), bindings[0] if len(bindings) == 1 else {})
                out.extend(_members(body, owner, variants, macros))
            continue
        if _hidden(raw.attrs):
            continue
        parsed = _kind_and_name(raw)
        if parsed is None:
            continue
        kind, name, public = parsed
        if public and kind in ("fn", "const", "type"):
            out.append(Item("method" if kind == "fn" else "assoc", name, _signature(raw), _doc_text(_docs(raw)),
                            owner=owner, variants=list(variants or [])))
    return out


def _trait_members(body: str, owner: str) -> list[Item]:
    _, raws = _parse(body)
    out = []
    for raw in raws:
        if isinstance(raw, tuple) or _hidden(raw.attrs):
            continue
        parsed = _kind_and_name(raw)
        if parsed is None:
            continue
        kind, name, _ = parsed
        if kind in ("fn", "const", "type"):
            out.append(Item("method" if kind == "fn" else "assoc", name, _signature(raw), _doc_text(raw.doc),
                            owner=owner))
    return out


_FIELD = re.compile(r"((?:[ \t]*///[^\n]*\n)*)[ \t]*pub\s+(\w+)\s*:\s*([^,\n]+),?")


def _fields(body: str, owner: str) -> list[Item]:
    out = []
    for m in _FIELD.finditer(body):
        doc = [line.strip()[3:] for line in m.group(1).splitlines()]
        out.append(Item("field", m.group(2), f"pub {m.group(2)}: {m.group(3).strip()}", _doc_text(doc), owner=owner))
    return out


def _attach_methods(module: Module, types: dict[str, Item]) -> None:
    """Move the methods of each inherent `impl` under the type it belongs to (an `impl DisjointSlice<T, Rows>`
    block's methods say which impl they are on), wherever in the crate that type is defined."""
    kept = []
    for item in module.items:
        if item.kind == "impl":
            target = types.get(_base(item.name))
            if target is not None:
                for member in item.members:
                    member.owner = target.name
                    if item.name != target.name:
                        member.impl = item.name
                target.members.extend(item.members)
                continue
            if not item.members:
                continue
        kept.append(item)
    module.items = kept


def read_crate(src: Path) -> list[Module]:
    """The public modules of the crate whose `lib.rs` is in `src`, in declaration order."""
    return _Reader(src).read()
