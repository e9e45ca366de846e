"""Bad input and faults give one clear line, a correct result, and leave nothing behind.

`CASES` is the bad-input table: (input, expected exit code, expected message pattern), run
through the real command line (`python -m oxpack`) against a small real project. Every case also
checks that there is no traceback and, for a failure, exactly one `oxpack: error:` line. Grow it
with every fix. The faults below the table are real: a killed build (SIGKILL, SIGTERM), a
read-only cache, a full file system (a small tmpfs where this machine may mount one, else the
closest real fault, RLIMIT_FSIZE).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

SAXPY = """\
use oxpack::*;
kernel! {
    /// y = a * x + y
    pub fn saxpy(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>) where (len(x) >= len(y)) {
        if let Some(yi) = y.get_mut(i) { *yi += a * x[i.get()]; }
    }
}
"""


def kernel(header: str, body: str = "if let Some(yi) = y.get_mut(i) { *yi = x[i.get()]; }", before: str = "",
           name: str = "k") -> str:
    """A kernel file: `header` is what follows `pub fn` up to the body's `{`."""
    return f"use oxpack::*;\n{before}kernel! {{\n    pub fn {name}{header} {{\n        {body}\n    }}\n}}\n"


COPY = "(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>)"
PYPROJECT = """\
[project]
name = "proj"
version = "0.1.0"

[tool.oxpack]
archs = ["sm_90"]
"""
DIR = object()  # in `files`: make a folder
WHERE_ALLOWED = (r"allowed are comparisons joined by `,` or `and`, integer constants, scalar parameters, "
                 r"len\(<slice parameter>\), rows\(<TMA source>\), cols\(<TMA source>\), the launch shape \(threads, block, blocks, or one axis: block\.x, "
                 r"blocks\.y, \.\.\.\), cdiv\(a, b\) \(a / b rounded up\), min\(\.\.\.\), max\(\.\.\.\), "
                 r"\+ - \* / % \(`/` divides integers, rounding down\) and parentheses")
"""The `where` language's own summary, which ends every refusal of a requirement (`_where.HELP`)."""


@dataclass(frozen=True)
class Case:
    id: str
    argv: tuple[str, ...]  # after `python -m oxpack`; `{p}` is the project, `{tmp}` a scratch folder
    rc: int
    message: str  # a regex for the whole error after `oxpack: error: ` (key, what was expected, the fix); `{p}`, `{tmp}`
    files: dict[str, object] = field(default_factory=dict)  # path in the project -> text, bytes, None (delete) or DIR
    env: dict[str, str] = field(default_factory=dict)
    absent: str | None = None  # a regex that stderr must not match (the misleading part of an old message)


def tool(table: str) -> dict[str, object]:
    return {"pyproject.toml": PYPROJECT + table}


CASES = [
    # -- config: one config, one meaning; the file is validated whatever overrides it
    Case("archs-empty-on-the-command-line", ("build", "{p}", "--archs", ""), 1,
         r"invalid oxpack configuration on the command line \(1 problem\)\n    Option `--archs` on the command "
         r"line must name at least one arch like `sm_90`, got an empty list"),
    Case("out-empty", ("build", "{p}", "--out", ""), 1,
         r"`--out` was given an empty value; pass a folder, or leave `--out` out"),
    Case("package-path-empty", ("build", "{p}", "--package-path", " "), 1,
         r"`--package-path` was given an empty value; pass a folder, or leave `--package-path` out"),
    Case("ptx-empty", ("build", "{p}", "--ptx", ""), 1,
         r"invalid oxpack configuration on the command line \(1 problem\)\n    Option `--ptx` on the command "
         r"line must be `auto`, `none`, false or one of the configured archs like `sm_90`, got ``"),
    Case("ptx-below-sm80-on-the-command-line-is-no-pyproject-problem", ("build", "{p}", "--ptx", "sm_70"), 1,
         r"invalid oxpack configuration on the command line \(1 problem\)\n    Option `--ptx` on the command "
         r"line must be `auto`, `none`, false or one of the configured archs \(`sm_XY` with XY >= 80\), got "
         r"`sm_70`: oxpack targets compute capability 8\.0 and newer",
         absent=r"pyproject"),
    Case("archs-in-the-environment-is-no-pyproject-problem", ("build", "{p}"), 1,
         r"invalid oxpack configuration in the environment \(1 problem\)\n    Item 1 of environment variable "
         r"`OXPACK_ARCHS` must be an arch `sm_XY` with XY >= 80, got `sm_70` \(oxpack targets compute "
         r"capability 8\.0 and newer; remove it\)",
         env={"OXPACK_ARCHS": "sm_70"}, absent=r"pyproject"),
    Case("unsupported-arch-in-the-environment-names-the-variable", ("build", "{p}"), 1,
         r"environment variable `OXPACK_ARCHS`: `sm_99` is not an arch that oxpack's toolchain \(LLVM NVPTX \+ "
         r"nvJitLink [\d.]+\) can build; supported: sm_80, (sm_\d+[a-z]?, )*sm_\d+[a-z]?",
         env={"OXPACK_ARCHS": "sm_99"}, absent=r"tool\.oxpack"),
    Case("inspect-ptx-not-an-arch", ("inspect", "{p}", "--ptx", "garbage"), 1,
         r"`--ptx garbage` must name the arch whose PTX to print, like `--ptx sm_90`"),
    Case("inspect-ptx-of-an-arch-set-in-the-environment", ("inspect", "{p}", "--ptx", "sm_80", "-q"), 1,
         r"project `{p}` builds no PTX for sm_80; its archs: sm_90 \(its `archs` come from environment "
         r"variable `OXPACK_ARCHS`: change them there\)", env={"OXPACK_ARCHS": "sm_90"}, absent=r"tool\.oxpack"),
    Case("rustc-key-is-relative-to-the-project", ("build", "{p}"), 1,
         r"rustc `{p}/tools/rustc` from option `rustc` in `tool\.oxpack` is not usable: not found",
         files=tool('rustc = "tools/rustc"\n')),
    Case("rustc-name-not-on-path", ("build", "{p}"), 1,
         r"rustc `no-such-rustc` from environment variable `OXPACK_RUSTC` is not usable: not found on PATH",
         env={"OXPACK_RUSTC": "no-such-rustc"}),
    Case("kernels-on-the-command-line-match-nothing", ("build", "{p}", "--kernels", "nothing/*.rs"), 1,
         r"no kernel files match `nothing/\*\.rs` in {p} \(option `--kernels` on the command line\); add a "
         r"`\.rs` kernel file there or change option `--kernels` on the command line", absent=r"tool\.oxpack"),
    Case("tool-timeout-not-a-number", ("build", "{p}"), 1,
         r"invalid oxpack configuration in the environment \(1 problem\)\n    Environment variable "
         r"`OXPACK_TOOL_TIMEOUT` must be a number of seconds like `600`, got `soon`",
         env={"OXPACK_TOOL_TIMEOUT": "soon"}),
    Case("kernels-empty", ("build", "{p}", "--kernels", ""), 1,
         r"invalid oxpack configuration on the command line \(1 problem\)\n    Item 1 of option `--kernels` on "
         r'the command line must be a non-empty string, got "" \(str\)'),
    Case("inspect-ptx-empty", ("inspect", "{p}", "--ptx", ""), 1,
         r"`--ptx` was given an empty value; name an arch like `--ptx sm_90`, or leave it out"),
    Case("module-keyword-blames-the-option", ("build", "{p}", "--module", "class"), 1,
         r"invalid oxpack configuration on the command line \(1 problem\)\n    Option `--module` on the "
         r"command line must be a Python identifier that is not a keyword, got `class`; try `class_`", absent=r"hooks"),
    Case("ptx-below-sm80-does-not-advise-adding-it", ("build", "{p}"), 1,
         r"invalid oxpack configuration in `pyproject\.toml` \(1 problem\)\n    Option `ptx` in `tool\.oxpack` "
         r"must be `auto`, `none`, false or one of the configured archs \(`sm_XY` with XY >= 80\), got "
         r"`sm_70`: oxpack targets compute capability 8\.0 and newer",
         files=tool('ptx = "sm_70"\n'), absent=r"add it to `archs`"),
    Case("bad-archs-in-file-under-env-override", ("build", "{p}"), 1,
         r"invalid oxpack configuration in `pyproject\.toml` \(1 problem\)\n    Item 1 of option `archs` in "
         r"`tool\.oxpack` must be an arch `sm_XY` with XY >= 80, got `sm_70` \(oxpack targets compute "
         r"capability 8\.0 and newer; remove it\)",
         files={"pyproject.toml": PYPROJECT.replace('"sm_90"', '"sm_70"')}, env={"OXPACK_ARCHS": "sm_90"}),
    Case("bad-cache-dir-in-file-under-env-override", ("build", "{p}"), 1,
         r"invalid oxpack configuration in `pyproject\.toml` \(1 problem\)\n    Option `cache-dir` in "
         r"`tool\.oxpack` must be a non-empty string, got 5 \(int\)",
         files=tool("cache-dir = 5\n")),
    Case("bad-rustc-in-file-under-env-override", ("build", "{p}"), 1,
         r"invalid oxpack configuration in `pyproject\.toml` \(1 problem\)\n    Option `rustc` in "
         r'`tool\.oxpack` must be a non-empty string, got "" \(str\)',
         files=tool('rustc = ""\n'), env={"OXPACK_RUSTC": "/usr/bin/rustc"}),
    Case("bad-hook-table-key", ("build", "{p}"), 1,
         r"invalid oxpack configuration in `pyproject\.toml` \(1 problem\)\n    Unknown option `arch` in "
         r"`tool\.hatch\.build\.hooks\.oxpack`; did you mean `archs`\?",
         files=tool('\n[tool.hatch.build.hooks.oxpack]\narch = ["sm_90"]\n')),
    Case("bad-hook-table-value-seen-by-cli", ("build", "{p}"), 1,
         r"invalid oxpack configuration in `pyproject\.toml` \(1 problem\)\n    Item 1 of option `archs` in "
         r"`tool\.hatch\.build\.hooks\.oxpack` must be an arch `sm_XY` with XY >= 80, got `sm_75` \(oxpack "
         r"targets compute capability 8\.0 and newer; remove it\)",
         files=tool('\n[tool.hatch.build.hooks.oxpack]\narchs = ["sm_75"]\n')),
    Case("project-is-a-string", ("build", "{p}"), 1,
         r'`project` in `{p}/pyproject\.toml` must be a table \(`\[project\]` with `name = "\.\.\."`\), got '
         r'a string `"x"`; fix it, then rerun',
         files={"pyproject.toml": 'project = "x"\n[tool.oxpack]\narchs = ["sm_90"]\npackage = "src/proj"\n'}),
    Case("tool-is-a-string", ("build", "{p}"), 1,
         r'`tool` in `{p}/pyproject\.toml` must be a table \(`\[tool\.oxpack\]` and its siblings\), got a string '
         r'`"x"`; fix it, then rerun',
         files={"pyproject.toml": 'tool = "x"\n'}),
    Case("pyproject-not-utf8", ("build", "{p}"), 1,
         r"cannot parse `{p}/pyproject\.toml`: it is not UTF-8 text \(byte 77\); TOML files must be UTF-8",
         files={"pyproject.toml": PYPROJECT.encode() + b"# \xff\xfe\n"}),
    Case("pyproject-with-a-bom", ("build", "{p}"), 1,
         r"cannot parse `{p}/pyproject\.toml`: .*; it starts with a byte-order mark \(BOM\): save it as UTF-8 "
         r"without one",
         files={"pyproject.toml": b"\xef\xbb\xbf" + PYPROJECT.encode()}),
    Case("kernel-glob-outside-the-project", ("build", "{p}", "--kernels", "../elsewhere/*.rs"), 1,
         r"kernel glob `\.\./elsewhere/\*\.rs` \(option `--kernels` on the command line\) matches "
         r"`\.\./elsewhere/k\.rs`, outside the project {p}; kernel files must be inside the project folder: "
         r"move the file or fix the glob",
         files={"../elsewhere/k.rs": SAXPY}),
    Case("pyproject-is-a-folder", ("build", "{p}"), 1,
         r"`{p}/pyproject\.toml` is a folder, not a file; oxpack reads its settings from `\[tool\.oxpack\]` in "
         r"that file",
         files={"pyproject.toml": DIR}),
    # -- the cache folder and --out
    Case("cache-dir-is-a-file", ("build", "{p}"), 1,
         r"the oxpack cache folder `{tmp}/file` \(from environment variable `OXPACK_CACHE_DIR`\) cannot be "
         r"made: `{tmp}/file` is a file; set environment variable `OXPACK_CACHE_DIR` to a folder, or remove "
         r"that file",
         env={"OXPACK_CACHE_DIR": "{tmp}/file"}, absent=r"cache-dir"),
    Case("cache-dir-key-is-a-file-relative-to-the-project", ("build", "{p}"), 1,
         r"the oxpack cache folder `{tmp}/file` \(from option `cache-dir` in `tool\.oxpack`\) cannot be made: "
         r"`{tmp}/file` is a file; set option `cache-dir` in `tool\.oxpack` to a folder, or remove that file",
         files=tool('cache-dir = "../scratch/file"\n'),
         env={"OXPACK_CACHE_DIR": ""}, absent=r"OXPACK_CACHE_DIR"),
    Case("cache-dir-under-a-file", ("build", "{p}"), 1,
         r"the oxpack cache folder `{tmp}/file/sub` \(from environment variable `OXPACK_CACHE_DIR`\) cannot be "
         r"made: `{tmp}/file` is a file; set environment variable `OXPACK_CACHE_DIR` to a folder, or remove "
         r"that file",
         env={"OXPACK_CACHE_DIR": "{tmp}/file/sub"}),
    Case("xdg-cache-home-is-a-file", ("build", "{p}"), 1,
         r"the oxpack cache folder `{tmp}/file/oxpack` \(`\$XDG_CACHE_HOME/oxpack`\) cannot be made: "
         r"`{tmp}/file` is a file; set `OXPACK_CACHE_DIR` to a folder, or remove that file",
         env={"OXPACK_CACHE_DIR": "", "XDG_CACHE_HOME": "{tmp}/file"}),
    Case("out-is-a-file", ("build", "{p}", "--out", "{tmp}/file"), 1,
         r"--out `{tmp}/file` cannot be a folder: `{tmp}/file` is a file; pass a folder to `--out` \(it is "
         r"created if missing\)"),
    Case("out-under-a-file", ("build", "{p}", "--out", "{tmp}/file/out"), 1,
         r"--out `{tmp}/file/out` cannot be a folder: `{tmp}/file` is a file; pass a folder to `--out` \(it is "
         r"created if missing\)"),
    # -- the lockfile
    Case("lock-is-a-folder-check", ("lock", "{p}", "--check"), 1,
         r"{p}/oxpack\.lock is a folder, not a lockfile; remove it and run `oxpack lock`",
         files={"oxpack.lock": DIR}),
    Case("lock-is-a-folder-write", ("lock", "{p}"), 1,
         r"{p}/oxpack\.lock is a folder, not a lockfile; remove it and rerun `oxpack lock`",
         files={"oxpack.lock": DIR}),
    Case("lock-is-binary", ("build", "{p}", "--locked"), 1,
         r"{p}/oxpack\.lock is not UTF-8 text \(byte 8: a binary file\?\); restore it from version control or "
         r"rerun `oxpack lock`",
         files={"oxpack.lock": b"\x7fELF\x02\x01\x01\x00\xd0\xff" * 20}),
    Case("lock-is-empty", ("lock", "{p}", "--check"), 1,
         r"{p}/oxpack\.lock is empty; restore it from version control or rerun `oxpack lock`",
         files={"oxpack.lock": ""}),
    Case("lock-schema-is-a-string", ("lock", "{p}", "--check"), 1,
         r'{p}/oxpack\.lock has `schema = "1"`; this oxpack reads and writes `schema = 1` \(an integer\); '
         r"restore it from version control or rerun `oxpack lock`",
         files={"oxpack.lock": 'schema = "1"\n'}),
    Case("lock-without-schema", ("lock", "{p}", "--check"), 1,
         r"{p}/oxpack\.lock has no `schema` key; this oxpack reads and writes `schema = 1` \(an integer\); "
         r"restore it from version control or rerun `oxpack lock`",
         files={"oxpack.lock": "[toolchain]\n"}),
    # -- the toolchain
    Case("rustc-is-not-a-rustc", ("build", "{p}"), 1,
         r"rustc `/bin/true` from environment variable `OXPACK_RUSTC` is not usable: is not a rustc: "
         r"`/bin/true -vV` printed 'nothing' instead of `rustc <version> \.\.\.`",
         env={"OXPACK_RUSTC": "/bin/true"}, absent=r"config key|rust-src"),
    # -- kernel files: one file, one crate, one meaning
    Case("crate-name-collision-dash", ("build", "{p}"), 1,
         r"kernel files `kernels/my-k\.rs` and `kernels/my_k\.rs` would both be crate `my_k` \(and "
         r"`my_k\.fatbin`\); every kernel file needs a distinct name \(`-` counts as `_`\): rename one",
         files={"kernels/my-k.rs": SAXPY, "kernels/my_k.rs": SAXPY.replace("saxpy", "other")}),
    Case("crate-name-collision-folders", ("build", "{p}"), 1,
         r"kernel files `kernels/x/k\.rs` and `kernels/y/k\.rs` would both be crate `k` \(and `k\.fatbin`\); "
         r"every kernel file needs a distinct name \(`-` counts as `_`\): rename one",
         files={"kernels/x/k.rs": SAXPY, "kernels/y/k.rs": SAXPY.replace("saxpy", "other")}),
    Case("kernel-file-named-after-a-keyword", ("build", "{p}"), 1,
         r"kernel file `kernels/type\.rs`: its name `type` must be an identifier \(letters, digits, `_`\) that "
         r"is no Rust or Python keyword \(it names the crate and its fatbin\); rename the file",
         files={"kernels/type.rs": SAXPY}),
    Case("kernel-file-not-utf8", ("build", "{p}"), 1,
         r"kernel file `kernels/saxpy\.rs` is not UTF-8 text \(byte 231\); Rust sources must be UTF-8",
         files={"kernels/saxpy.rs": SAXPY.encode() + b"// \xff\n"}),
    Case("where-with-a-line-comment", ("build", "{p}"), 1,
         r"kernels/k\.rs:4: the `where \(\.\.\.\)` of kernel `k` holds a comment: rustc drops it before oxpack "
         r"sees the requirement, which would silently change its meaning; write integer division as `/` \(not "
         r"`//`\) and move comments out of the parentheses",
         files={"kernels/k.rs": kernel(f"{COPY}\n        where (len(x) // 2\n        >= len(y))")}),
    Case("where-with-a-block-comment", ("build", "{p}"), 1,
         r"kernels/k\.rs:3: the `where \(\.\.\.\)` of kernel `k` holds a comment: rustc drops it before oxpack "
         r"sees the requirement, which would silently change its meaning; write integer division as `/` \(not "
         r"`//`\) and move comments out of the parentheses",
         files={"kernels/k.rs": kernel(f"{COPY} where (len(x) /* half */ >= len(y))")}),
    # -- these reach rustc and the link
    Case("raw-identifier-kernel", ("build", "{p}"), 1,
         r"kernel `r#type` is a raw identifier: the Python stub and the PTX symbol need a plain name \(`type` "
         r"is a keyword in Rust\); rename it",
         files={"kernels/k.rs": kernel(COPY, name="r#type")}),
    Case("raw-identifier-parameter", ("build", "{p}"), 1,
         r"kernel `k`: parameter `r#lambda` is a raw identifier: the Python stub and the PTX symbol need a "
         r"plain name \(`lambda` is a keyword in Rust\); rename it",
         files={"kernels/k.rs": kernel("(i: ThreadIndex, r#lambda: &[f32], y: &mut DisjointSlice<f32>)",
                                       "if let Some(yi) = y.get_mut(i) { *yi = r#lambda[i.get()]; }")}),
    Case("python-keyword-parameter", ("build", "{p}"), 1,
         r"kernel `k`: parameter `lambda` cannot be a Python name \(a keyword like `lambda` or `None`\); "
         r"rename it",
         files={"kernels/k.rs": kernel("(i: ThreadIndex, lambda: &[f32], y: &mut DisjointSlice<f32>)",
                                       "if let Some(yi) = y.get_mut(i) { *yi = lambda[i.get()]; }")}),
    # -- modules (`mod name;`, `#[path]`) and includes: files of the project only, each one in the key
    Case("module-outside-the-project", ("build", "{p}"), 1,
         r"kernel file `kernels/k\.rs`: `#\[path = \"\.\./\.\./scratch/helper\.rs\"\] mod helper;` in `kernels/k\.rs` "
         r"\(line 3\) reads `{tmp}/helper\.rs`, outside the project folder {p}: the build may only read files of "
         r"the project \(the sdist and the lockfile hold no others\); move that file into the project, next to the "
         r"kernel files, and fix the path",
         files={"../scratch/helper.rs": "pub const F: f32 = 2.0;\n",
                "kernels/k.rs": kernel(COPY, before='#[path = "../../scratch/helper.rs"]\nmod helper;\n')}),
    Case("include-outside-the-project", ("build", "{p}"), 1,
         r"kernel file `kernels/k\.rs`: `include_str!\(\"\.\./\.\./scratch/f\.txt\"\)` in `kernels/k\.rs` \(line 2\) "
         r"reads `{tmp}/f\.txt`, outside the project folder {p}: the build may only read files of the project "
         r"\(the sdist and the lockfile hold no others\); move that file into the project, next to the kernel "
         r"files, and fix the path", files={
         "../scratch/f.txt": "2.0\n",
         "kernels/k.rs": kernel(COPY, before='const F: &str = include_str!("../../scratch/f.txt");\n')}),
    Case("missing-module-file", ("build", "{p}"), 1,
         r"rustc failed to compile `kernels/k\.rs`: kernels/k\.rs:2:1: error\[E0583\]: file not found for module "
         r"`common`\n[\s\S]*", files={"kernels/k.rs": kernel(COPY, before="mod common;\n")}),
    Case("compile-error-in-a-shared-module", ("build", "{p}"), 1,
         r"rustc failed to compile `kernels/k\.rs`: kernels/common\.rs:1:20: error\[E0308\]: mismatched types\n[\s\S]*",
         files={"kernels/common.rs": "pub const F: f32 = true;\n",
                "kernels/k.rs": kernel(COPY, before="mod common;\n")}),
    Case("module-made-by-a-macro", ("build", "{p}"), 1,
         r"kernel file `kernels/k\.rs` makes rustc read `lib/helper\.rs`, which oxpack does not see from the "
         r"`mod name;`, `#\[path = \"\.\.\.\"\]` and `include!\(\"\.\.\.\"\)` lines of the kernel file and its "
         r"modules \(a `mod` or `include!` made by a macro or by `cfg_attr`\?\): such a file would be missing from "
         r"the cache key; declare it with a plain `mod name;` \(or `#\[path = \"\.\.\.\"\] mod name;`\) line",
         files={"lib/helper.rs": "pub const F: f32 = 2.0;\n", "kernels/k.rs": kernel(COPY, before=(
             'macro_rules! m { ($n:ident) => { #[path = "../lib/helper.rs"] mod $n; } }\nm!(helper);\n'))}),
    Case("stray-mod-rs", ("build", "{p}"), 1,
         r"`kernels/common/mod\.rs` is a module file \(`mod\.rs`\) that no kernel file declares \(the default of "
         r"option `kernels` in `tool\.oxpack` of pyproject\.toml matches it\): add `mod common;` to the kernel "
         r"files that use it, or remove it", files={"kernels/common/mod.rs": "pub const F: f32 = 2.0;\n"}),
    Case("unused-module-file-is-a-kernel-file-without-kernels", ("build", "{p}"), 1,
         r"kernel file `kernels/common\.rs` declares no kernels; wrap kernel functions in `oxpack::kernel! \{ pub fn "
         r"\.\.\. \}` \(a module that kernel files share is no kernel file once they declare it: `mod common;`\)",
         files={"kernels/common.rs": "pub const F: f32 = 2.0;\n"}),
    Case("env-at-compile-time", ("build", "{p}"), 1,
         r"kernel file `kernels/k\.rs` reads environment variable `HOME` at compile time "
         r"\(`env!`/`option_env!`\): its fatbin would depend on the building machine; use a constant or a "
         r"kernel parameter instead",
         files={"kernels/k.rs": kernel(COPY, before='const H: &str = env!("HOME");\n')}),
    Case("where-constant-zero-modulo", ("build", "{p}"), 1,
         r"kernels/k\.rs:4: kernel `k`: requirement `len\(x\) % 0 == 0` in its `where \(\.\.\.\)`: `len\(x\) % "
         r"0` divides by the constant 0 \(`% 0`\); " + WHERE_ALLOWED,
         files={"kernels/k.rs": kernel(f"{COPY}\n        where (len(x) % 0 == 0)")}),
    Case("where-constant-zero-division", ("build", "{p}"), 1,
         r"kernels/k\.rs:3: kernel `k`: requirement `len\(x\) // \(2 - 2\) >= 1` in its `where \(\.\.\.\)`: "
         r"`len\(x\) // \(2 - 2\)` divides by the constant 0 \(`/ 0`\); " + WHERE_ALLOWED,
         files={"kernels/k.rs": kernel(f"{COPY} where (len(x) / (2 - 2) >= 1)")}),
    Case("where-unknown-name", ("build", "{p}"), 1,
         r"kernels/k\.rs:3: kernel `k`: requirement `len\(z\) >= 1` in its `where \(\.\.\.\)`: `z` is not a "
         r"parameter of the kernel; " + WHERE_ALLOWED,
         files={"kernels/k.rs": kernel(f"{COPY} where (len(z) >= 1)")}, absent=r"kernels\.json"),
    Case("where-slice-without-len", ("build", "{p}"), 1,
         r"kernels/k\.rs:3: kernel `k`: requirement `x >= 1` in its `where \(\.\.\.\)`: `x` is a slice: write "
         r"`len\(x\)`; " + WHERE_ALLOWED,
         files={"kernels/k.rs": kernel(f"{COPY} where (x >= 1)")}),
    Case("libdevice-is-garbage", ("build", "{p}"), 1,
         r"`OXPACK_LIBDEVICE` `{tmp}/garbage\.bc` is not LLVM bitcode that llvmlite can read \(.*\); point "
         r"`OXPACK_LIBDEVICE` at NVIDIA's libdevice\.10\.bc, or unset it to use the one of the nvidia-nvvm "
         r"wheel",
         files={"kernels/k.rs": kernel(COPY, "if let Some(yi) = y.get_mut(i) { *yi = x[i.get()].exp(); }",
                                       before="use oxpack::math::DeviceFloat;\n")},
         env={"OXPACK_LIBDEVICE": "{tmp}/garbage.bc"}),
    Case("libdevice-variable-names-no-file", ("build", "{p}"), 1,
         r"the kernels call libdevice math functions \(`__nv_expf`\), and environment variable "
         r"`OXPACK_LIBDEVICE` names `{tmp}/missing\.bc`, which is not a file; point it at NVIDIA's "
         r"libdevice\.10\.bc, or unset it to use the one of the nvidia-nvvm wheel",
         files={"kernels/k.rs": kernel(COPY, "if let Some(yi) = y.get_mut(i) { *yi = x[i.get()].exp(); }",
                                       before="use oxpack::math::DeviceFloat;\n")},
         env={"OXPACK_LIBDEVICE": "{tmp}/missing.bc"}),
]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "kernels").mkdir(parents=True)
    (root / "src" / "proj").mkdir(parents=True)
    (root / "src" / "proj" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "kernels" / "saxpy.rs").write_text(SAXPY)
    return root


def oxpack(*argv: str, env: dict[str, str] | None = None, cwd: Path | None = None,
           preexec_fn: Callable[[], None] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "oxpack", *argv], capture_output=True, text=True, env=full,
                          cwd=cwd, check=False, timeout=600, preexec_fn=preexec_fn)


def assert_one_clear_line(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr
    if proc.returncode != 0:
        errors = [line for line in proc.stderr.splitlines() if line.startswith("oxpack: error:")]
        assert len(errors) == 1, proc.stderr


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case: Case, project: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "file").write_text("a file, not a folder\n")
    (scratch / "garbage.bc").write_bytes(b"BC\xc0\xde but not bitcode\n")
    for rel, content in case.files.items():
        path = project / rel
        if path.name.endswith(".rs") and path.parent.name == "kernels" and rel != "kernels/saxpy.rs":
            (project / "kernels" / "saxpy.rs").unlink(missing_ok=True)  # a case's kernel file replaces the default
        if content is None:
            path.unlink()
        elif content is DIR:
            path.unlink(missing_ok=True)
            path.mkdir(parents=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                assert isinstance(content, str)
                path.write_text(content)

    def fill(text: str) -> str:
        return text.replace("{p}", str(project)).replace("{tmp}", str(scratch))

    proc = oxpack(*map(fill, case.argv), env={k: fill(v) for k, v in case.env.items()})
    assert proc.returncode == case.rc, proc.stderr
    error = proc.stderr[proc.stderr.find("oxpack: error: "):].removeprefix("oxpack: error: ").rstrip("\n")
    whole = case.message.replace("{p}", re.escape(str(project))).replace("{tmp}", re.escape(str(scratch)))
    assert re.fullmatch(whole, error), f"expected the whole error to match\n  {whole}\ngot\n  {error}"
    if case.absent is not None:
        assert not re.search(case.absent, proc.stderr), proc.stderr
    assert_one_clear_line(proc)


# --- correct results where the old code was silently wrong ------------------------------


def manifest(out: Path) -> dict[str, object]:
    (path,) = out.rglob("kernels.json")
    data: dict[str, object] = json.loads(path.read_text())
    return data


def test_hook_table_and_cli_build_the_same_archs(project: Path) -> None:
    """`oxpack build` honours `[tool.hatch.build.hooks.oxpack]` as the hook does; `--archs` beats both."""
    (project / "pyproject.toml").write_text(PYPROJECT + '\n[tool.hatch.build.hooks.oxpack]\narchs = ["sm_86"]\n')
    proc = oxpack("build", str(project), "-q")
    assert proc.returncode == 0, proc.stderr
    assert manifest(project / "build" / "oxpack")["archs"] == ["sm_86"]
    proc = oxpack("build", str(project), "-q", "--archs", "sm_80")
    assert proc.returncode == 0, proc.stderr
    assert manifest(project / "build" / "oxpack")["archs"] == ["sm_80"]


def test_where_division_keeps_its_terms_and_comments_around_it_are_fine(project: Path) -> None:
    """`/` is integer division in `where (...)`; `//` in a comment outside the parentheses, or in a
    string, is no requirement and changes nothing."""
    (project / "kernels" / "saxpy.rs").write_text(kernel(
        f"{COPY} where (len(x) / 2\n        >= len(y), len(x) % 2 == 0)",
        before='/// not a clause: where (len(x) // 2)\nconst S: &str = "where (a // b)"; // where (c // d)\n'))
    proc = oxpack("build", str(project), "-q")
    assert proc.returncode == 0, proc.stderr
    kernels = manifest(project / "build" / "oxpack")["kernels"]
    assert isinstance(kernels, dict)
    assert kernels["k"]["requires"] == ["len(x) // 2 >= len(y)", "len(x) % 2 == 0"]


def test_stale_outputs_are_removed(project: Path) -> None:
    (project / "kernels" / "other.rs").write_text(SAXPY.replace("saxpy", "other"))
    out = project / "out"
    assert oxpack("build", str(project), "-q", "--out", str(out)).returncode == 0
    assert sorted(p.name for p in out.rglob("*.fatbin")) == ["other.fatbin", "saxpy.fatbin"]
    (project / "kernels" / "other.rs").unlink()
    proc = oxpack("build", str(project), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in out.rglob("*.fatbin")] == ["saxpy.fatbin"]
    assert "removed 1 stale file" in proc.stderr and "other.fatbin" in proc.stderr
    assert "other" not in json.dumps(manifest(out))


def test_reproduce_and_verbose_lines_run_as_printed(project: Path, tmp_path: Path) -> None:
    """Every `$` line of `-v` and the "reproduce with:" of a rustc error run as printed, from anywhere."""
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\npub fn broken() -> u32 {{ 1.0 }}\n")
    proc = oxpack("build", str(project), "-v")
    assert proc.returncode == 1
    (repro,) = [line.split("reproduce with: ", 1)[1] for line in proc.stderr.splitlines() if "reproduce with:" in line]
    (dollar,) = [line.split("$ ", 1)[1] for line in proc.stderr.splitlines() if line.startswith("oxpack: $ ")]
    assert dollar == repro
    again = subprocess.run(["bash", "-c", repro], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert again.returncode == 1 and "error[E0308]: mismatched types" in again.stderr, again.stderr
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
    proc = oxpack("build", str(project), "-v")
    assert proc.returncode == 0, proc.stderr
    dollars = [line.split("$ ", 1)[1] for line in proc.stderr.splitlines() if line.startswith("oxpack: $ ")]
    assert dollars, proc.stderr
    for line in dollars:
        ran = subprocess.run(["bash", "-c", line], capture_output=True, text=True, cwd=tmp_path, check=False)
        assert ran.returncode == 0, f"{line}\n{ran.stderr}"


@pytest.mark.slow  # a cold cache of its own: runs once in CI
def test_non_ascii_paths_build_on_a_cold_cache(tmp_path: Path, session_sysroot: Path) -> None:
    """A project folder and a kernel file named in other scripts; the kernel's stages are cold (a
    fresh source) and so is the cache folder's own name (its sysroot is the session's, linked)."""
    root = tmp_path / "projét ü" / "データ"
    (root / "kernels").mkdir(parents=True)
    (root / "src" / "proj").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "kernels" / "café.rs").write_text(SAXPY + f"// {uuid.uuid4()} ünïcödé\n", encoding="utf-8")
    cache = tmp_path / "cäche"
    cache.mkdir()
    (cache / "sysroot").symlink_to(session_sysroot)
    proc = oxpack("build", str(root), "-q", env={"OXPACK_CACHE_DIR": str(cache)})
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in (root / "build").rglob("*.fatbin")] == ["café.fatbin"]


MANY = 150  # rustc's default recursion limit stopped `kernel!` at about 120 kernels


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build shared by the tests below: MANY kernels in one `kernel!`, for sm_90 and sm_90a
    (far more PTX than a pipe buffers)."""
    root = tmp_path_factory.mktemp("many") / "proj"
    (root / "kernels").mkdir(parents=True)
    (root / "src" / "proj").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT.replace('["sm_90"]', '["sm_90", "sm_90a"]'))
    body = "\n".join(
        f"    pub fn k{n}(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) {{\n"
        f"        if let Some(yi) = y.get_mut(i) {{ *yi = x[i.get()] + {n}.0; }}\n    }}" for n in range(MANY))
    (root / "kernels" / "saxpy.rs").write_text(f"use oxpack::*;\nkernel! {{\n{body}\n}}\n")
    proc = oxpack("build", str(root), "-q")
    assert proc.returncode == 0, proc.stderr[-3000:]
    return root


def test_many_kernels_in_one_macro(many: Path) -> None:
    kernels = manifest(many / "build" / "oxpack")["kernels"]
    assert isinstance(kernels, dict) and len(kernels) == MANY


def test_inspect_into_a_closed_pipe(many: Path) -> None:
    """`oxpack inspect ... --ptx sm_90 | head -1`: the reader leaves; no BrokenPipeError."""
    (fatbin,) = (many / "build").rglob("*.fatbin")
    proc = subprocess.run(f"{sys.executable} -m oxpack inspect {fatbin} --ptx sm_90 | head -1", shell=True,
                          capture_output=True, text=True, check=False, executable="/bin/bash")
    assert proc.stdout.startswith("// oxpack inspect: crate `saxpy`"), proc.stdout
    assert proc.stderr == "", proc.stderr


def test_inspect_names_arch_specific_cubins(many: Path) -> None:
    (fatbin,) = (many / "build").rglob("*.fatbin")
    proc = oxpack("inspect", str(fatbin))
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"cubin sm_90 ", proc.stdout) and re.search(r"cubin sm_90a ", proc.stdout), proc.stdout
    # `ptx = "auto"` embeds the highest plain arch's PTX: sm_90a's would run on compute capability 9.0 alone
    assert re.search(r"ptx +sm_90 ", proc.stdout) and not re.search(r"ptx +sm_90a ", proc.stdout), proc.stdout


# --- faults, for real ----------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    """Every live descendant of `pid`."""
    out: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                kids = {int(k) for k in (task / "children").read_text().split()}
            except OSError:
                continue
            todo += kids - out
            out |= kids
    return out


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


def _assert_all_end(pids: set[int], within: float = 30) -> None:
    """Wait up to `within` seconds for every process of `pids` to end; fail naming those still running."""
    deadline = time.monotonic() + within
    while _alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(pids), [Path(f"/proc/{p}/cmdline").read_bytes() for p in _alive(pids)]


def _temporaries(*folders: Path) -> list[Path]:
    """oxpack's temporaries, and multiprocessing's (`pymp-*`: the fork server's socket folder)."""
    return [p for folder in folders if folder.exists() for pattern in (".tmp.*", "pymp-*") for p in folder.rglob(pattern)]


@pytest.fixture
def cold_project(project: Path) -> Path:
    """A project whose stages are all cold: a fresh source, several crates, so that rustc and the
    workers have work when the build is killed."""
    salt = uuid.uuid4().int % 10**6  # in the code, not a comment: every stage is cold, not only rustc
    for n in range(4):
        body = "\n".join(f"    pub fn k{n}_{m}(i: ThreadIndex, x: &[f32], y: &mut DisjointSlice<f32>) {{\n"
                         f"        if let Some(yi) = y.get_mut(i) {{ *yi = x[i.get()] * {m}.{salt}; }}\n    }}"
                         for m in range(60))
        (project / "kernels" / f"c{n}.rs").write_text(f"// {uuid.uuid4()}\nuse oxpack::*;\nkernel! {{\n{body}\n}}\n")
    (project / "pyproject.toml").write_text(PYPROJECT.replace('["sm_90"]', '["sm_80", "sm_86", "sm_89", "sm_90"]'))
    return project


def _wait_for_reader(fifo: Path, proc: subprocess.Popen[str], what: str, log: Path) -> int:
    """Wait until `what`, a rustc that reads the FIFO `fifo` (the kernel file `include_bytes!` it), has it
    open; return its writing end. While that stays open, the rustc waits for the rest of its input and
    the build cannot end, however quick this machine is: the test waits for a state, not a clock."""
    deadline = time.monotonic() + 300  # a safety net, not a measurement
    while True:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:
            if e.errno != errno.ENXIO:  # ENXIO: nobody reads it yet
                raise
        if proc.poll() is not None:
            pytest.fail(f"the build ended (exit code {proc.returncode}) before {what} opened {fifo}:\n"
                        f"{log.read_text()[-3000:]}")
        assert time.monotonic() < deadline, f"{what} did not open {fifo} within 300 s:\n{log.read_text()[-3000:]}"
        time.sleep(0.05)


def _wait_in_rustc(kernel: Path, fifo: Path, cfg: str = "") -> None:
    """Make the compile of `kernel` wait, once it has started, until the test closes the writing end of
    `fifo` (or the build is killed): the kernel reads the FIFO at compile time. Never seen by a finished
    build (which would refuse the `include_bytes!`): the tests kill it, then remove the line."""
    os.mkfifo(fifo)
    kernel.write_text(kernel.read_text() + f"{cfg}const _WAIT: &[u8] = include_bytes!({json.dumps(str(fifo))});\n")


def _start_and_wait_for_workers(project: Path, tmpdir: Path, log: Path) -> tuple[subprocess.Popen[str], set[int], int]:
    """Start a build whose last crate waits in rustc (`_wait_in_rustc`); once it does, return the build,
    its processes (rustc, the fork server and its workers) and the FIFO's writing end."""
    fifo = project / "wait.fifo"  # in the project: the build reads no file outside it
    _wait_in_rustc(project / "kernels" / "c3.rs", fifo)
    env = {**os.environ, "TMPDIR": str(tmpdir)}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "oxpack", "build", str(project), "-v"], env=env,
                                stdout=subprocess.DEVNULL, stderr=out, text=True)
    held = _wait_for_reader(fifo, proc, "rustc", log)
    seen: set[int] = set()
    deadline = time.monotonic() + 120  # a safety net: the build cannot end while rustc waits
    while len(seen) < 3:  # rustc, the fork server and its workers (started before rustc runs)
        assert time.monotonic() < deadline, [Path(f"/proc/{p}/cmdline").read_bytes() for p in _alive(seen)]
        seen |= _children(proc.pid)
        time.sleep(0.05)
    return proc, seen, held


@pytest.mark.slow  # a cold cache of its own: runs once in CI
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_build_leaves_no_process_and_no_temporary(cold_project: Path, tmp_path: Path, short_tmp: Path,
                                                           oxpack_cache: Path, sig: signal.Signals) -> None:
    tmpdir = short_tmp
    log = tmp_path / "build.log"
    proc, seen, held = _start_and_wait_for_workers(cold_project, tmpdir, log)
    try:
        proc.send_signal(sig)
        proc.wait(timeout=120)
    finally:
        os.close(held)
    stderr = log.read_text()
    if sig == signal.SIGTERM:
        assert proc.returncode == 128 + signal.SIGTERM and "oxpack: terminated" in stderr, stderr
        assert "Traceback" not in stderr, stderr
    _assert_all_end(seen)
    if sig == signal.SIGTERM:
        assert _temporaries(tmpdir, oxpack_cache) == []
    # whatever a kill -9 left is removed by the next build, which succeeds (without the waiting line)
    kernel = cold_project / "kernels" / "c3.rs"
    kernel.write_text("".join(line for line in kernel.read_text().splitlines(keepends=True) if "_WAIT" not in line))
    again = oxpack("build", str(cold_project), "-q", env={"TMPDIR": str(tmpdir)})
    assert again.returncode == 0, again.stderr
    assert _temporaries(tmpdir, oxpack_cache / "stages", oxpack_cache / "sysroot") == []


def test_a_temporary_folder_too_long_for_the_workers_socket_is_one_line(project: Path, short_tmp: Path) -> None:
    """The fork server of the worker processes binds an AF_UNIX socket in TMPDIR, whose path may not pass
    107 bytes: a deep TMPDIR is named with the fix, not blamed on disk space or permissions."""
    deep = short_tmp / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    (project / "kernels" / "saxpy.rs").write_text(SAXPY.replace("a * x[i.get()]", f"a * x[i.get()] * 1.{uuid.uuid4().int % 10**6}"))
    proc = oxpack("build", str(project), "-q", env={"TMPDIR": str(deep)})
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == (f"oxpack: error: the temporary folder `{deep}` has too long a path for the socket of oxpack's "
                           "worker processes (107 bytes at most, with a name added); set TMPDIR to a shorter folder, "
                           "then rerun\n"), proc.stderr


def test_stale_temporaries_of_dead_processes_are_cleaned(project: Path, tmp_path: Path, oxpack_cache: Path) -> None:
    """A `.tmp.<pid>.<host>...` folder of a process that is gone goes (system temporaries, the sysroot's,
    half-written stage entries), even when the build has nothing to write; one of a live process stays."""
    from oxpack.store.cache import temp_dir

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    pid = int(dead.stdout)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    (oxpack_cache / "sysroot").mkdir(exist_ok=True)  # before anything built: this test runs first, or alone
    mine = temp_dir(oxpack_cache / "sysroot", "live")
    stale = [oxpack_cache / "sysroot" / mine.name.replace(f".tmp.{os.getpid()}.", f".tmp.{pid}."),
             tmpdir / mine.name.replace(f".tmp.{os.getpid()}.", f".tmp.{pid}."),
             # a stage entry half-written when its build was killed (Cache.put writes there)
             oxpack_cache / "stages" / "tmp" / mine.name.replace(f".tmp.{os.getpid()}.", f".tmp.{pid}.")]
    for folder in stale:
        (folder / "lib").mkdir(parents=True)
        (folder / "lib" / "libcore.rlib").write_bytes(b"x" * 1000)
    try:
        proc = oxpack("build", str(project), "-q", env={"TMPDIR": str(tmpdir)})
        assert proc.returncode == 0, proc.stderr
        assert not any(folder.exists() for folder in stale)
        assert mine.exists()
    finally:
        shutil.rmtree(mine, ignore_errors=True)


def _mount(*args: str) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    return subprocess.run(["mount", *args], capture_output=True, check=False).returncode == 0


@contextlib.contextmanager
def _read_only(folder: Path) -> Iterator[str]:
    """`folder` made read-only for real: a read-only bind mount as root, else no write permission."""
    if _mount("--bind", str(folder), str(folder)):
        try:
            if not _mount("-o", "remount,ro,bind", str(folder)):
                pytest.skip("this machine cannot remount a bind mount read-only")
            yield "Read-only file system"
        finally:
            subprocess.run(["umount", str(folder)], check=False)
        return
    if os.geteuid() == 0:
        pytest.skip("root without mount(2): no way to make a folder read-only here")
    modes = {p: p.stat().st_mode for p in [folder, *folder.rglob("*")] if not p.is_symlink()}
    for p in modes:
        p.chmod(modes[p] & ~0o222)
    try:
        yield "Permission denied"
    finally:
        for p, mode in modes.items():
            p.chmod(mode)


def _fresh_cache(tmp_path: Path, session_sysroot: Path, name: str = "cache") -> Path:
    """An empty cache folder that shares the session's nvptx sysroot (built once, ~20 s)."""
    cache = tmp_path / name
    cache.mkdir()
    (cache / "sysroot").symlink_to(session_sysroot)
    return cache


def _with_device_crate(project: Path, *caches: Path) -> None:
    """`caches` given a copy of the session cache's device crate (`rlib` stage) for `project`'s
    toolchain, built there first if need be: for a test whose subject is not the device crate's
    cold compile (~35 s on 2 cores, paid again by every cold cache, and in CI twice)."""
    from oxpack.config import load_config
    from oxpack.builder.pipeline import Pipeline
    from oxpack.builder.stages import bitcode

    pipe = Pipeline(load_config(project, env={}), jobs=1)  # OXPACK_CACHE_DIR: the session cache (conftest)
    try:
        tc = pipe.toolchain()
        rlib = bitcode.rlib_key(bitcode.DeviceRustc(tc.rustc, tc.sysroot, pipe.config.opt_level, pipe.config.profile))
    finally:
        pipe.close()
    entry = Path(os.environ["OXPACK_CACHE_DIR"]) / "stages" / "rlib" / rlib[:2] / rlib
    for cache in caches:
        shutil.copytree(entry, cache / "stages" / "rlib" / rlib[:2] / rlib)


def test_read_only_cache(project: Path, tmp_path: Path, session_sysroot: Path) -> None:
    """A warm read-only cache builds (nothing to write); a cold stage says the folder is not writable."""
    cache = _fresh_cache(tmp_path, session_sysroot)
    _with_device_crate(project, cache)
    env = {"OXPACK_CACHE_DIR": str(cache)}
    assert oxpack("build", str(project), "-q", env=env).returncode == 0
    with _read_only(cache) as reason:
        warm = oxpack("build", str(project), env=env)
        assert warm.returncode == 0 and "everything came from the cache" in warm.stderr, warm.stderr
        (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
        cold = oxpack("build", str(project), env=env)
    assert cold.returncode == 1, cold.stderr
    assert re.search(rf"the oxpack cache folder `{re.escape(str(cache))}` \(from environment variable `OXPACK_CACHE_DIR`\) is "
                     rf"not usable: {reason}", cold.stderr), cold.stderr
    assert_one_clear_line(cold)


@pytest.mark.slow  # 10-30 s, its state its own (a build in tmp_path, its own store): runs once in CI
def test_disk_full_while_writing_stage_outputs(project: Path, tmp_path: Path, session_sysroot: Path) -> None:
    """A full file system under the cache: a small tmpfs where this machine may mount one; otherwise
    the closest real fault, a file-size limit (RLIMIT_FSIZE, with SIGXFSZ ignored as a shell may)."""
    cache = tmp_path / "small"
    cache.mkdir()
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
    mounted = _mount("-t", "tmpfs", "-o", "size=256k", "tmpfs", str(cache))
    try:
        (cache / "sysroot").symlink_to(session_sysroot)
        (cache / "ballast").write_bytes(b"\0" * (200 * 1024) if mounted else b"")

        def limit() -> None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (32 * 1024, 32 * 1024))

        proc = oxpack("build", str(project), env={"OXPACK_CACHE_DIR": str(cache)},
                      preexec_fn=None if mounted else limit)
        assert proc.returncode == 1, proc.stderr
        reason = "No space left on device" if mounted else "the file-size limit (`ulimit -f`, 32768 bytes) was hit"
        assert reason in proc.stderr and "oxpack: error:" in proc.stderr, proc.stderr
        assert_one_clear_line(proc)
        assert _temporaries(cache / "stages") == []
    finally:
        if mounted:
            subprocess.run(["umount", str(cache)], check=False)


def test_shell_lines_run_as_printed(tmp_path: Path) -> None:
    """What `-v` and "reproduce with:" print for a tool run in its own folder, with variables set for
    it, into an output folder that is gone by then (the sysroot build's), runs in a shell as it ran."""
    from oxpack.errors import StageError, shell_line

    out = tmp_path / "gone" / "lib dir"
    argv = ["sh", "-c", 'printf "%s|%s" "$RUSTC_BOOTSTRAP" "$CFG_X" > "lib dir/out"', "a b"]
    line = shell_line(argv, cwd=tmp_path / "gone", env={"RUSTC_BOOTSTRAP": "1", "CFG_X": "[]'x"}, mkdir=out)
    ran = subprocess.run(["bash", "-c", line], cwd="/", capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    assert (out / "out").read_text() == "1|[]'x"
    error = StageError("failed", stage="sysroot", command=argv, cwd=tmp_path / "gone", mkdir=out,
                       env={"RUSTC_BOOTSTRAP": "1", "CFG_X": "[]'x"})
    assert error.detail == f"reproduce with: {line}"


def test_sysroot_removed_during_the_build(project: Path, tmp_path: Path, session_sysroot: Path) -> None:
    """The nvptx sysroot vanishes between its check and rustc: no rustup hint, a rerun rebuilds it."""
    from oxpack.config import load_config
    from oxpack.errors import ToolchainError
    from oxpack.builder.pipeline import Pipeline
    from oxpack.sources.targets import ptx_isa_for

    cache = tmp_path / "cache"
    shutil.copytree(session_sysroot, cache / "sysroot", symlinks=True,
                    ignore=shutil.ignore_patterns("*.lock", ".tmp.*"))
    _with_device_crate(project, cache)
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
    config = load_config(project, env={"OXPACK_CACHE_DIR": str(cache)})
    pipe = Pipeline(config, jobs=1)
    try:
        tc = pipe.toolchain()
        assert tc.sysroot.sysroot_arg is not None, "a rustc with rustup's nvptx target has no sysroot of ours"
        shutil.rmtree(cache / "sysroot")
        with pytest.raises(ToolchainError, match=r"rustc no longer finds the nvptx `core` it was given .* was "
                                                 r"removed during the build\?\); rerun the build") as info:
            pipe.build_crates(tc, [project / "kernels" / "saxpy.rs"], ["sm_90"], None, ptx_isa_for(["sm_90"]))
        assert "rustup" not in str(info.value)
    finally:
        pipe.close()


def test_disk_full_while_writing_the_output_keeps_the_previous_build(project: Path, tmp_path: Path) -> None:
    """`--out` on a small tmpfs that fills up while the stubs are written: one clear line, and the
    folder still holds the previous build, whole (the new files are staged, then moved in)."""
    out = tmp_path / "out"
    out.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=512k", "tmpfs", str(out)):
        pytest.skip("this machine cannot mount a small tmpfs (not root, or no mount(2))")
    try:
        assert oxpack("build", str(project), "-q", "--out", str(out)).returncode == 0
        before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
        free = shutil.disk_usage(out).free
        (out / "ballast").write_bytes(b"\0" * max(free - 24 * 1024, 0))  # room for less than the new files
        before[out / "ballast"] = (out / "ballast").read_bytes()
        (project / "kernels" / "saxpy.rs").write_text(SAXPY.replace("y = a * x + y", "y = a * x + y, " + "doc " * 4000))
        proc = oxpack("build", str(project), "--out", str(out))
        assert proc.returncode == 1, proc.stderr
        assert re.search(r"cannot write the generated module into `.*out/proj`: No space left on device",
                         proc.stderr), proc.stderr
        assert_one_clear_line(proc)
        after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
        assert after == before, "the previous build's files, unchanged, and nothing else"
        assert not list(out.rglob(".tmp.*"))
    finally:
        subprocess.run(["umount", str(out)], check=False)



def test_zero_divisor_at_call_time_is_a_kernel_value_error(project: Path) -> None:
    """`where (len(x) % cols == 0)` called with cols = 0 (the shipped `softmax(0, ...)`): a
    KernelValueError naming kernel and requirement, from the fast path's first call on."""
    (project / "kernels" / "saxpy.rs").write_text(kernel(
        "(i: ThreadIndex, cols: u32, x: &[f32], y: &mut DisjointSlice<f32>) "
        "where (len(x) % cols == 0, len(x) / cols >= 1)", name="rows"))
    out = project / "out"
    proc = oxpack("build", str(project), "-q", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    script = textwrap.dedent("""\
        import sys
        from proj import kernels

        class Array:
            def __init__(self, slot):
                self.__cuda_array_interface__ = {"version": 3, "shape": (16,), "typestr": "<f4",
                                                 "data": (0x7F0000000000 + slot * 2**20, False), "strides": None}

        for attempt in range(2):
            try:
                kernels.rows(0, Array(0), Array(1))
            except Exception as exc:
                print(type(exc).__name__, isinstance(exc, ValueError), exc)
    """)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=out, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == [
        "KernelValueError True rows(): requirement `len(x) % cols == 0` cannot hold (it divides by zero): "
        "len(x) = 16, cols = 0"] * 2, ran.stdout


@pytest.mark.gpu
def test_shipped_softmax_with_zero_columns_on_the_gpu() -> None:
    """The audit's case on real CuPy arrays: `softmax(0, x, out)` refused with a clear line, twice (the fast path)."""
    cp = pytest.importorskip("cupy", reason="the GPU tests use CuPy arrays")
    vecmath = pytest.importorskip("vecmath", reason="install the example project's wheel first")
    x, out = cp.ones(64, dtype=cp.float32), cp.empty(64, dtype=cp.float32)
    vecmath.kernels.softmax(8, x, out)  # a valid call first
    for _ in range(2):
        # softmax states `cols >= 1` first, so the zero divisor of `len(x) % cols` is never reached
        with pytest.raises(ValueError, match=r"softmax\(\): requirement `cols >= 1` failed: cols = 0"):
            vecmath.kernels.softmax(0, x, out)


def test_a_worker_killed_from_outside(project: Path, tmp_path: Path) -> None:
    """The OOM killer or a user ends the workers of a build: its next job meets the dead pool, one clear
    line, no process behind. The test stands in for a concurrent build of the same kernel file: it holds
    the lock of that file's `bc` stage. Once the build waits for it (its workers all started, no job sent),
    the test kills the workers, then lets it go on, however quick the machine: it waits for states."""
    from oxpack.store.cache import default_cache_dir
    from oxpack.config import load_config
    from oxpack.builder.pipeline import Pipeline
    from oxpack.builder.runner import work_folder
    from oxpack.builder.stages.bitcode import DeviceRustc, bc_key

    kernel = project / "kernels" / "saxpy.rs"
    salt = uuid.uuid4().int % 10**6  # in the code, not a comment: the link is cold too, not only rustc
    kernel.write_text(SAXPY.replace("a * x[i.get()]", f"a * x[i.get()] * 1.{salt}"))
    config = load_config(project)
    pipe = Pipeline(config, jobs=1)
    try:
        tc = pipe.toolchain()  # the device crate in the cache: the build's first miss is the kernel file's
    finally:
        pipe.close()
    device = DeviceRustc(tc.rustc, tc.sysroot, config.opt_level, config.profile)
    k = bc_key(device, tc.device_rlib, kernel.read_bytes(), "saxpy", "kernels/saxpy.rs")
    log = tmp_path / "build.log"
    cache = default_cache_dir(config.cache_dir)
    with work_folder(cache, "bc", k) as work:
        with log.open("w") as out:
            proc = subprocess.Popen([sys.executable, "-m", "oxpack", "build", str(project)],
                                    stdout=subprocess.DEVNULL, stderr=out, text=True)
        _wait_for_lock_waiter(proc, work.with_name(work.name + ".lock"), log)
        seen = _children(proc.pid)
        workers = [pid for pid in seen - _children_of(proc.pid) if b"forkserver" in _cmdline(pid)]
        assert workers, f"no worker process found: {[_cmdline(p) for p in seen]}"
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):  # once one died, the pool may end the others first
                os.kill(pid, signal.SIGKILL)
        assert proc.poll() is None, "the build still waits for the lock: it has sent no job yet"
    proc.wait(timeout=300)  # the lock released: rustc compiles the file, its link meets the dead pool
    stderr = log.read_text()
    assert proc.returncode == 1, stderr
    assert re.search(r"a worker process of the build died running `link_job` .*: killed from outside, or out of "
                     r"memory", stderr), stderr
    assert "Traceback" not in stderr and sum(line.startswith("oxpack: error:") for line in stderr.splitlines()) == 1
    _assert_all_end(seen)


def _wait_for_lock_waiter(proc: subprocess.Popen[str], lock: Path, log: Path) -> None:
    """Wait until process `proc` waits for the `flock` on `lock` that this process holds (`/proc/locks`
    lists a waiter as `-> FLOCK ... <pid> <device>:<inode> ...`)."""
    inode = f":{lock.stat().st_ino} "
    deadline = time.monotonic() + 300  # a safety net, not a measurement
    while not any(line.split()[1:5] == ["->", "FLOCK", "ADVISORY", "WRITE"] and line.split()[5] == str(proc.pid)
                  and inode in line for line in Path("/proc/locks").read_text().splitlines()):
        assert proc.poll() is None, f"the build ended (exit code {proc.returncode}):\n{log.read_text()}"
        assert time.monotonic() < deadline, f"the build did not reach the lock within 300 s:\n{log.read_text()}"
        time.sleep(0.05)


def _children_of(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out |= {int(k) for k in (task / "children").read_text().split()}
        except OSError:
            pass
    return out


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@pytest.mark.slow  # a cold cache of its own: runs once in CI
def test_concurrent_cold_builds_do_each_stage_once(project: Path, tmp_path: Path, session_sysroot: Path) -> None:
    """Three builds at once on one empty cache: the per-key locks let each stage output be made
    once, by whichever build comes first; the others wait for it (timed in bench_build.py)."""
    salt = uuid.uuid4().int % 10**6
    (project / "kernels" / "saxpy.rs").write_text(SAXPY.replace("a * x[i.get()]", f"a * x[i.get()] * 1.{salt}"))
    (project / "kernels" / "other.rs").write_text(SAXPY.replace("saxpy", "other").replace("+=", "-="))
    (project / "pyproject.toml").write_text(PYPROJECT.replace('["sm_90"]', '["sm_80", "sm_90"]'))
    env = {**os.environ, "OXPACK_CACHE_DIR": str(_fresh_cache(tmp_path, session_sysroot))}
    procs = [subprocess.Popen([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(tmp_path / f"o{n}")],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for n in range(3)]
    runs: dict[str, int] = {}
    for proc in procs:
        _, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stderr
        for line in stderr.splitlines():
            if line.startswith("oxpack: stage runs: "):
                for item in line.removeprefix("oxpack: stage runs: ").split(", "):
                    stage, count = item.split("=")
                    runs[stage] = runs.get(stage, 0) + int(count)
    # 2 crates, 2 archs + PTX of sm_90 (its PTX is built for its cubin anyway), the device crate once
    assert runs == {"rlib": 1, "bc": 2, "ll": 2, "ptx": 4, "cubin": 4, "fatbin": 2}, runs
    fatbins = {tuple(sorted((p.name, p.read_bytes()) for p in (tmp_path / f"o{n}").rglob("*.fatbin"))) for n in range(3)}
    assert len(fatbins) == 1


# --- relative cache paths, bounded waits ------------------------------------------


@pytest.mark.slow  # 10-30 s, its state its own (a build in tmp_path, its own store): runs once in CI
def test_relative_cache_paths_land_where_documented(project: Path, tmp_path: Path, session_sysroot: Path) -> None:
    """A cold build with `OXPACK_CACHE_DIR=.cache` (relative to the current folder, as in CI) and one with
    `cache-dir = ".pcache"` in pyproject.toml (relative to the project), run from another folder; rustc
    works in a folder of the cache, where a relative path used to double (`couldn't create a temp dir`)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for cache in (elsewhere / ".cache", project / ".pcache"):
        cache.mkdir()
        (cache / "sysroot").symlink_to(session_sysroot)  # shared: built once, ~20 s
    _with_device_crate(project, elsewhere / ".cache", project / ".pcache")  # the kernel's stages stay cold (below)
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")  # cold stages
    proc = oxpack("build", "../proj", env={"OXPACK_CACHE_DIR": ".cache"}, cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    assert any((elsewhere / ".cache" / "stages" / "bc").iterdir()) and any((elsewhere / ".cache" / "work").iterdir())
    (project / "pyproject.toml").write_text(PYPROJECT + 'cache-dir = ".pcache"\n')
    (project / "kernels" / "saxpy.rs").write_text(SAXPY + f"// {uuid.uuid4()}\n")
    proc = oxpack("build", "../proj", env={"OXPACK_CACHE_DIR": ""}, cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    assert any((project / ".pcache" / "stages" / "bc").iterdir())
    assert sorted(p.name for p in elsewhere.iterdir()) == [".cache"]  # nothing relative to the current folder


def _hanging_tool(folder: Path, answers: str = "") -> tuple[Path, Path]:
    """A real program that hangs (a shell script that waits on a child `sleep`, which holds its output
    pipes open), after `answers` (shell `case` arms for quick questions): (the script, its pid file)."""
    pids = folder / "pids"
    script = folder / "rustc"
    script.write_text(f'#!/bin/sh\ncase "$1" in\n{answers}esac\necho $$ >> {pids}\nsleep 300 &\n'
                      f"echo $! >> {pids}\nwait\n")
    script.chmod(0o755)
    return script, pids


def _left_behind(pids: Path) -> set[int]:
    """The script's processes still running, after a few seconds' grace for the kernel to reap them."""
    found = {int(p) for p in pids.read_text().split()} if pids.exists() else set()
    deadline = time.monotonic() + 10  # a safety net, not a measurement
    while _alive(found) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _alive(found)
    for pid in left:  # do not leave them to the next test
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return left


def _bounded_oxpack(*argv: str, env: dict[str, str], pids: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run([sys.executable, "-m", "oxpack", *argv], capture_output=True, text=True,
                              env={**os.environ, **env}, check=False, timeout=60)
    except subprocess.TimeoutExpired:
        _left_behind(pids)
        raise


def test_a_hanging_rustc_probe_is_stopped_with_one_line(project: Path, tmp_path: Path) -> None:
    """`rustc -vV` that never answers: oxpack stops it (and its child) at `OXPACK_TOOL_TIMEOUT` and says
    which program and which command, instead of waiting forever with no output."""
    script, pids = _hanging_tool(tmp_path)
    proc = _bounded_oxpack("build", str(project), env={"OXPACK_RUSTC": str(script), "OXPACK_TOOL_TIMEOUT": "2"},
                           pids=pids)
    assert proc.returncode == 1, proc.stderr
    assert re.search(rf"rustc `{re.escape(str(script))}` from environment variable `OXPACK_RUSTC` is not usable: `{re.escape(str(script))} "
                     r"-vV` did not finish within 2 s and was stopped .*`OXPACK_TOOL_TIMEOUT`", proc.stderr), proc.stderr
    assert_one_clear_line(proc)
    assert len([line for line in proc.stderr.splitlines() if not line.startswith("oxpack: waiting for")]) == 1, \
        proc.stderr  # and what it waits for, after a few seconds (tests/test_reliability_messages.py)
    assert not _left_behind(pids)


def test_a_hanging_compile_is_stopped_with_one_line(project: Path, tmp_path: Path) -> None:
    """A rustc that answers `-vV` and `--print sysroot` (rustup's precompiled nvptx `core` there) but
    hangs compiling: the compile is stopped at `OXPACK_TOOL_TIMEOUT`, its children too, and the one line
    names rustc, what it compiled and the command."""
    real = shutil.which("rustc") or "/usr/bin/rustc"
    lib = tmp_path / "sysroot" / "lib" / "rustlib" / "nvptx64-nvidia-cuda" / "lib"
    lib.mkdir(parents=True)
    (lib / "libcore-0.rlib").write_bytes(b"!<arch>\n")
    script, pids = _hanging_tool(tmp_path, f"  -vV) exec {real} -vV;;\n  --print) echo {tmp_path / 'sysroot'}; "
                                            "exit 0;;\n")
    proc = _bounded_oxpack("build", str(project), env={"OXPACK_RUSTC": str(script), "OXPACK_TOOL_TIMEOUT": "2"},
                           pids=pids)
    assert proc.returncode == 1, proc.stderr
    (first,) = [line for line in proc.stderr.splitlines() if line.startswith("oxpack: error:")]
    assert re.search(rf"rustc compiling the oxpack device crate did not finish within 2 s and was stopped .*: "
                     rf"`{re.escape(str(script))} --edition 2024 .*`; raise `OXPACK_TOOL_TIMEOUT`", first), proc.stderr
    assert_one_clear_line(proc)
    assert not _left_behind(pids)


def test_a_hanging_python_in_the_cmake_module_is_stopped_with_one_line(tmp_path: Path) -> None:
    """The CMake module's check that `python -m oxpack` runs is bounded too (`OXPACK_TOOL_TIMEOUT`
    lowers its 120 s): the configure fails with one line naming the command, and leaves no process."""
    from test_cmake import MODULE_DIR, _tool

    root = tmp_path / "src"
    (root / "kernels").mkdir(parents=True)
    (root / "kernels" / "a.rs").write_text("")
    (root / "pyproject.toml").write_text('[project]\nname = "pkg"\nversion = "0.1.0"\n')
    script, pids = _hanging_tool(tmp_path)
    (root / "CMakeLists.txt").write_text("\n".join([
        "cmake_minimum_required(VERSION 3.18)", "project(bad LANGUAGES NONE)",
        f'list(APPEND CMAKE_MODULE_PATH "{MODULE_DIR.as_posix()}")', "include(Oxpack)",
        f"set(Python_EXECUTABLE {script})", "oxpack_add_kernels(k SOURCES kernels/a.rs DESTINATION pkg)", ""]))
    try:
        proc = subprocess.run([_tool("cmake"), "-S", str(root), "-B", str(tmp_path / "build")], capture_output=True,
                              text=True, check=False, timeout=60, env={**os.environ, "OXPACK_TOOL_TIMEOUT": "2"})
    finally:
        left = _left_behind(pids)
    assert proc.returncode != 0
    assert (f"oxpack_add_kernels(k): `{script} -m oxpack --version` did not finish within 2 s and was stopped; check "
            "that this Python starts, or raise OXPACK_TOOL_TIMEOUT if it is only slow") in \
        [line.strip() for line in proc.stderr.splitlines()], proc.stderr
    assert not left
