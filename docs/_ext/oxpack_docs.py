"""Sphinx extension: the reference pages that oxpack's own code writes.

A page asks for one with a directive block of its own, replaced by Markdown before MyST
parses the page (so the generated headings are the page's sections):

    ```{oxpack-reference} config
    ```

- ``config``: every `[tool.oxpack]` key, from the settings model (`oxpack.config.Config`'s
  fields, their docs and the JSON schema generated from them) and the environment
  variables that replace them; then the whole table with its defaults, as TOML.
- ``cli``: every command and option of `oxpack`, from the argument parser
  (`oxpack.cli._parser`).

Each generated page depends on the files it reads, so an incremental build redoes it
when they change. The device reference (every public item of the device crate, from the doc
comments of `src/oxpack/device/src/*.rs`, read by `oxpack_rust`) is written into
`docs/reference/device.md` itself, so that it reads as Markdown in the repository:
`python docs/_ext/oxpack_docs.py device` rewrites it, and tests/test_docs.py fails while it is
not current. A code block in a device doc comment must say what it is, as every
block of these docs must: ```` ```ignore ```` (rustdoc's mark for an illustration that
is not compiled) or ```` ```text ````; any other fence stops the build, naming the item.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

sys.path.insert(0, str(Path(__file__).resolve().parent))
import oxpack_rust  # noqa: E402  (beside this file)

REPO = Path(__file__).resolve().parents[2]
DEVICE_SRC = REPO / "src" / "oxpack" / "device" / "src"
_PLACEHOLDER = re.compile(r"^```\{oxpack-reference\}\s+(\w+)\s*\n```\s*$", re.M)


# --- configuration ------------------------------------------------------------------------------

def _toml_value(value: Any) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value)


def config_keys() -> list[dict[str, Any]]:
    """One record per `[tool.oxpack]` key: key, field, doc, schema, default (or None), environment variable."""
    from dataclasses import MISSING, fields

    from oxpack import config

    schema = config.json_schema()["properties"]
    env_of = {field: var for var, field in config.ENV_VARS.items()}
    out = []
    for f in fields(config.Config):
        if not f.metadata.get("toml", True):
            continue
        key = f.name.replace("_", "-")
        default = None if f.default is MISSING else f.default
        out.append({"key": key, "field": f.name, "doc": f.metadata["doc"], "schema": schema[key],
                    "default": default, "env": env_of.get(f.name)})
    return out


def _schema_type(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return "one of " + ", ".join(f"`{_toml_value(v)}`" for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(_schema_type(s) for s in schema["anyOf"])
    if "const" in schema:
        return f"`{_toml_value(schema['const'])}`"
    kind = schema.get("type")
    if kind == "array":
        return "array of " + _schema_type(schema.get("items", {})).replace("string", "strings")
    names = {"string": "string", "integer": "integer", "number": "number", "boolean": "boolean"}
    text = names.get(kind, "value") if isinstance(kind, str) else " or ".join(names.get(k, k) for k in kind or [])
    bounds = []
    if "minimum" in schema and "maximum" in schema:
        bounds.append(f"{schema['minimum']} to {schema['maximum']}")
    elif "exclusiveMinimum" in schema:
        bounds.append(f"> {schema['exclusiveMinimum']}")
    if "pattern" in schema:
        bounds.append(f"matching `{schema['pattern']}`")
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def config_toml() -> str:
    """The whole `[tool.oxpack]` table with every default, as a user could paste it (unset keys commented)."""
    lines = ["[tool.oxpack]"]
    for rec in config_keys():
        if rec["default"] is None:
            lines.append(f"# {rec['key']} = …  (unset)")
        else:
            lines.append(f"{rec['key']} = {_toml_value(rec['default'])}")
    return "\n".join(lines) + "\n"


def render_config() -> str:
    out = ["All keys at their defaults; a key left out takes its default:", "",
           "<!-- illustration: generated from oxpack.config.Config; tests/test_docs.py loads it through oxpack's "
           "settings model -->",
           "```toml", config_toml().rstrip("\n"), "```", ""]
    for rec in config_keys():
        out += [f"## `{rec['key']}`", "", rec["doc"], ""]
        out.append(f"- Type: {_schema_type(rec['schema'])}")
        default = "unset" if rec["default"] is None else f"`{_toml_value(rec['default'])}`"
        out.append(f"- Default: {default}")
        if rec["env"]:
            out.append(f"- Environment: `{rec['env']}` replaces it")
        out.append("")
    return "\n".join(out)


# --- command line -------------------------------------------------------------------------------

def cli_parser() -> argparse.ArgumentParser:
    from oxpack.cli import _parser

    return _parser()


def cli_commands() -> dict[str, tuple[str, argparse.ArgumentParser]]:
    """command → (its one-line help, its parser)."""
    parser = cli_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help or "" for a in sub._choices_actions}
    return {name: (helps.get(name, ""), p) for name, p in sub.choices.items()}


def _action_row(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(f"`{o}`" + (f" `{action.metavar or action.dest.upper()}`" if action.nargs != 0 else "")
                          for o in action.option_strings)
    else:
        names = f"`{action.metavar or action.dest.upper()}`"
    text = (action.help or "").replace("|", "\\|").replace("<", "\\<")
    if action.default not in (None, False, argparse.SUPPRESS) and action.option_strings and action.nargs != 0:
        text += f" (default: `{action.default}`)"
    if isinstance(action, argparse._AppendAction):
        text += " (repeatable)" if "repeatable" not in text else ""
    return f"| {names} | {text} |"


def render_cli() -> str:
    parser = cli_parser()
    out = ["```text", parser.format_usage().strip(), "```", "",
           "`python -m oxpack` is the same command. `oxpack --version` prints the version.", ""]
    for name, (summary, sub) in cli_commands().items():
        out += [f"## `oxpack {name}`", "", summary[:1].upper() + summary[1:] + ".", "",
                "```text", " ".join(sub.format_usage().split()), "```", "",
                "| argument | meaning |", "| --- | --- |"]
        out += [_action_row(a) for a in sub._actions if not isinstance(a, argparse._HelpAction)]
        out.append("")
    return "\n".join(out)


# --- device library -----------------------------------------------------------------------------

def device_label(kind: str, path: str) -> str:
    """The label of an item's entry: `device-fn-block-sum_f32` (Sphinx's HTML id: `device-fn-block-sum-f32`)."""
    return "device-" + kind + "-" + path.replace("::", "-").lower()


def _fences(doc: str, where: str) -> str:
    """rustdoc's fences as MyST's. A block in a doc comment must say it is not a doctest (nothing runs the
    device crate's doctests): ```` ```ignore ```` (an illustration; shown as Rust, or as text when Pygments
    cannot lex it, as with a `…` that elides code) or ```` ```text ````."""
    out: list[str] = []
    block: list[str] | None = None
    info = ""
    for line in doc.splitlines():
        fence = re.match(r"^```(.*)$", line)
        if block is None and fence:
            info = fence.group(1).strip()
            if info not in ("ignore", "rust,ignore", "ignore,rust", "text"):
                raise ExtensionError(f"{where}: a code block in a doc comment must be ```ignore (an illustration) or "
                                     f"```text, got ```{info}")
            block = []
        elif block is not None and fence and not fence.group(1).strip():
            code = "\n".join(block) + "\n"
            lang = "text" if info == "text" or not _lexes(code) else "rust"
            out += ["<!-- illustration: from the item's doc comment -->", f"```{lang}", *block, "```"]
            block = None
        elif block is not None:
            block.append(line)
        else:
            out.append(line)
    if block is not None:
        raise ExtensionError(f"{where}: a code block in a doc comment is never closed")
    return "\n".join(out)


def _lexes(code: str) -> bool:
    from pygments.lexers import RustLexer
    from pygments.token import Error

    return not any(kind is Error for kind, _ in RustLexer().get_tokens(code))


def _doc_markdown(doc: str, where: str) -> str:
    doc = _fences(doc, where)
    parts = re.split(r"(^```.*?^```$)", doc, flags=re.M | re.S)
    for k in range(0, len(parts), 2):  # prose only, not code
        text = parts[k]
        text = re.sub(r"\[(`[^`\]]+`)\]\([^)\s]+\)", r"\1", text)        # [`x`](crate::x) → `x`
        text = re.sub(r"\[([^\]`]+)\]\((?:(?:crate|self|super|Self)(?:::[^)]*)?|[A-Za-z_][\w:]*)\)", r"\1", text)
        text = re.sub(r"\[(`[^`\]]+`)\](?!\()", r"\1", text)           # [`ThreadIndex`] → `ThreadIndex`
        text = re.sub(r"^#+\s+(.*)$", r"**\1**", text, flags=re.M)      # `# Safety` → **Safety**
        parts[k] = text
    return "".join(parts)


_SIGNATURE = "<!-- illustration: its signature, from the device crate -->"
DEVICE_PAGE = REPO / "docs" / "reference" / "device.md"
GENERATED = ("<!-- generated from the device crate's doc comments by `python docs/_ext/oxpack_docs.py device`: "
             "do not edit below; tests/test_docs.py checks it is current -->")


def device_page(current: str) -> str:
    """The device reference page: its own introduction (`current`'s text above the generated mark), then
    every public item, generated (`render_device`)."""
    intro = current.split(GENERATED, 1)[0].rstrip("\n")
    return f"{intro}\n\n{GENERATED}\n\n{render_device().rstrip()}\n"


def render_device() -> str:
    out = []
    for module in oxpack_rust.read_crate(DEVICE_SRC):
        if module.path == "oxpack::prelude":
            out += [f"## `{module.path}`", "", _doc_markdown(module.doc, module.path), "",
                    "It re-exports the items most kernels use from the modules below.", ""]
            continue
        out += [f"## `{module.path}`", ""]
        if module.doc:
            out += [_doc_markdown(module.doc, module.path), ""]
        rel = module.path.removeprefix("oxpack").removeprefix("::")
        seen: dict[str, int] = {}
        for item in module.items:
            path = f"{rel}::{item.name}" if rel else item.name
            kind = item.kind
            if item.kind == "impl":  # methods of a type of another crate module that no entry here holds
                kind, path = "impl", f"{rel}::{item.name}"
            label = device_label(kind, path)
            out += [f"({label})=", f"### {kind} `{item.name}`", "", _SIGNATURE, "```rust", item.signature, "```", ""]
            if item.variants:
                out += [f"Generated for {'; '.join(item.variants)}.", ""]
            if item.doc:
                out += [_doc_markdown(item.doc, f"{module.path}::{item.name}"), ""]
            for member in item.members:
                key = f"{item.name}::{member.name}"
                seen[key] = seen.get(key, 0) + 1
                mlabel = device_label(member.kind, f"{rel}::{key}" if rel else key)
                if seen[key] > 1:
                    mlabel += f"-{seen[key]}"
                out += [f"({mlabel})=", f"#### `{item.name}::{member.name}`", "", _SIGNATURE, "```rust",
                        member.signature, "```", ""]
                where = [f"In `impl {member.impl}`"] if member.impl else []
                if member.variants:
                    where.append(("for " if where else "Generated for ") + "; ".join(member.variants))
                if where:
                    out += [", ".join(where) + ".", ""]
                if member.doc:
                    out += [_doc_markdown(member.doc, f"{module.path}::{key}"), ""]
    return "\n".join(out)


# --- Sphinx -------------------------------------------------------------------------------------

_RENDER = {"config": render_config, "cli": render_cli}
_SOURCES = {
    "config": sorted((REPO / "src" / "oxpack" / "config").glob("*.py")),
    "cli": [REPO / "src" / "oxpack" / "cli.py"],
}


def _source_read(app: Sphinx, docname: str, source: list[str]) -> None:
    def replace(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in _RENDER:
            raise ExtensionError(f"{docname}: unknown oxpack-reference `{name}`; known: {', '.join(sorted(_RENDER))}")
        for path in _SOURCES[name]:
            app.env.note_dependency(str(path))
        return _RENDER[name]()

    source[0] = _PLACEHOLDER.sub(replace, source[0])


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("source-read", _source_read)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # python docs/_ext/oxpack_docs.py device: rewrite docs/reference/device.md
    if sys.argv[1:] != ["device"]:
        sys.exit("usage: python docs/_ext/oxpack_docs.py device  (rewrites docs/reference/device.md from the crate)")
    DEVICE_PAGE.write_text(device_page(DEVICE_PAGE.read_text()))
    print(f"wrote {DEVICE_PAGE.relative_to(REPO)}")
