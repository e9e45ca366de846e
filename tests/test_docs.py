"""The documentation (README.md and docs/): it builds, its references name everything, and
every code block in it is tested or marked as an illustration.

A fenced block is preceded, on the line right above it, by an HTML comment that says what
it is (docs/contributing.md, "These docs", has the table):

- ``<!-- test: file P PATH -->``: the file PATH of the sample project P;
- ``<!-- test: shell P [gpu] -->``, ``<!-- test: python P [gpu] -->``: commands (code) run in
  project P, in page order (README.md, then the pages in the order of docs/index.md's table
  of contents); ``gpu``: only where a GPU is;
- ``<!-- test: result P PATH -->``: what PATH of project P holds after the commands before it;
- ``<!-- test: sample hybrid PATH -->``: the file PATH of tests/packages/hybrid, byte for byte;
- ``<!-- test: toml config -->``: a `[tool.oxpack]` table that oxpack's settings model accepts;
- ``<!-- test: install -->``: `pip install` lines of this distribution and its extras;
- ``<!-- test: fresh-machine -->``: README's two commands (the scripts exist; `.ci/run` runs the
  test command);
- ``<!-- test: by tests/test_x.py::test_name -->``: a block that the named test reads and runs;
- ``<!-- illustration: why -->``: not run.

A block with no comment, or with one this file does not know, fails `test_every_code_block_…`.
The commands of a project run with this environment's `oxpack` and `python` in a fresh
virtual environment that sees this environment's packages, with the network off
(`PIP_NO_INDEX=1`; `PIP_NO_BUILD_ISOLATION=0`, pip's spelling of `--no-build-isolation`, since
build isolation would fetch hatchling and oxpack from an index).
"""

from __future__ import annotations

import ast
import html
import importlib.util
import inspect
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

from conftest import EXAMPLE, REPO, run_ok

DOCS = REPO / "docs"
SAMPLE = REPO / "tests" / "packages" / "hybrid"
PROJECTS = {"quickstart", "tutorial", "example"}  # the sample projects that blocks build and run in
KINDS = {"file", "shell", "python", "result", "sample", "toml", "install", "fresh-machine", "by"}

_MARKER = re.compile(r"^<!-- (?:test: (?P<test>.+?)|(?P<illustration>illustration)(?::.*?)?) -->$")
_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")


# ---------------------------------------------------------------- the blocks of the pages


@dataclass(frozen=True)
class Block:
    page: str       # relative to the repository: `docs/tutorial.md`
    line: int       # of the opening fence, from 1
    marker: str     # the comment's text after `test: `, or "illustration", or "" when there is none
    info: str       # the fence's info string: `bash`, `python`, …
    body: str

    @property
    def words(self) -> list[str]:
        return self.marker.split()

    @property
    def kind(self) -> str:
        return self.words[0] if self.words else ""

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def parse_blocks(page: str, text: str) -> tuple[list[Block], list[str]]:
    """The fenced code blocks of a Markdown page (not MyST directives, ```` ```{name} ````), and the
    problems of its markers: a marker that no fence follows."""
    lines = text.splitlines()
    blocks: list[Block] = []
    problems: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if _MARKER.match(line) and not (i + 1 < len(lines) and _FENCE.match(lines[i + 1])
                                        and not lines[i + 1].lstrip("`~").startswith("{")):
            problems.append(f"{page}:{i + 1}: `{line}` is not followed by a code block on the next line")
        if fence is None:
            i += 1
            continue
        close = next((j for j in range(i + 1, len(lines)) if lines[j].rstrip() == fence["fence"]), None)
        if close is None:
            problems.append(f"{page}:{i + 1}: a code block that is never closed")
            break
        if not fence["info"].startswith("{"):  # a directive (toctree, automodule, oxpack-reference) is no code
            above = _MARKER.match(lines[i - 1]) if i > 0 else None
            marker = "" if above is None else ("illustration" if above["illustration"] else above["test"])
            blocks.append(Block(page, i + 1, marker, fence["info"].strip(), "\n".join(lines[i + 1:close]) + "\n"))
        i = close + 1
    return blocks, problems


def pages() -> list[Path]:
    """README.md, then the docs pages in the order of docs/index.md's tables of contents."""
    index = (DOCS / "index.md").read_text()
    names = []
    for toc in re.findall(r"^```\{toctree\}\n(.*?)^```$", index, re.M | re.S):
        names += [line.strip() for line in toc.splitlines() if line.strip() and not line.startswith(":")]
    return [REPO / "README.md", DOCS / "index.md", *(DOCS / f"{name}.md" for name in names)]


def all_blocks() -> list[Block]:
    out: list[Block] = []
    for path in pages():
        blocks, _ = parse_blocks(str(path.relative_to(REPO)), path.read_text())
        out += blocks
    return out


def marker_problems(block: Block) -> list[str]:
    """What is wrong with a block's marker: none, an unknown kind, a malformed one."""
    if not block.marker:
        return [f"{block.where}: a ```{block.info} block with no comment above it; say what it is: "
                "`<!-- test: … -->` (docs/contributing.md, \"These docs\") or `<!-- illustration: why -->`"]
    if block.marker == "illustration":
        return []
    w = block.words
    shapes = {"file": 3, "result": 3, "sample": 3, "toml": 2, "install": 1, "fresh-machine": 1, "by": 2}
    if w[0] not in KINDS:
        return [f"{block.where}: unknown block kind `{w[0]}` in `test: {block.marker}`; known: {', '.join(sorted(KINDS))}"]
    if w[0] in ("shell", "python"):
        if len(w) not in (2, 3) or (len(w) == 3 and w[2] != "gpu"):
            return [f"{block.where}: `test: {block.marker}` must be `test: {w[0]} PROJECT` or `test: {w[0]} PROJECT gpu`"]
    elif len(w) != shapes[w[0]]:
        return [f"{block.where}: `test: {block.marker}` has {len(w) - 1} arguments; `{w[0]}` takes {shapes[w[0]] - 1}"]
    if w[0] in ("file", "result", "shell", "python") and w[1] not in PROJECTS:
        return [f"{block.where}: unknown project `{w[1]}`; known: {', '.join(sorted(PROJECTS))}"]
    if w[0] == "sample" and w[1] != "hybrid":
        return [f"{block.where}: `sample` takes `hybrid`, the one sample package (tests/packages/hybrid)"]
    if w[0] == "toml" and w[1] != "config":
        return [f"{block.where}: `toml` takes `config` (a `[tool.oxpack]` table)"]
    return []


def test_every_code_block_is_tested_or_marked_as_an_illustration() -> None:
    problems: list[str] = []
    for path in pages():
        blocks, page_problems = parse_blocks(str(path.relative_to(REPO)), path.read_text())
        problems += page_problems
        for block in blocks:
            problems += marker_problems(block)
    assert not problems, "\n".join(problems)
    # every page of docs/ is one of those pages: a page left out of the table of contents goes untested
    assert sorted(DOCS.rglob("*.md")) == sorted(pages()[1:])


def test_the_marker_check_refuses_what_it_must() -> None:
    text = ("```bash\nrm -rf /\n```\n\n<!-- test: shel tutorial -->\n```bash\nls\n```\n\n"
            "<!-- test: shell nowhere -->\n```bash\nls\n```\n\n<!-- test: file tutorial -->\n```toml\n```\n\n"
            "<!-- illustration: fine -->\n```text\nok\n```\n\n<!-- test: install -->\n\n```bash\npip\n```\n\n"
            "```{toctree}\nindex\n```\n")
    blocks, problems = parse_blocks("x.md", text)
    found = [p for b in blocks for p in marker_problems(b)] + problems
    assert [p.split(":")[1] for p in found] == ["1", "6", "11", "16", "26", "24"], found
    assert "no comment above it" in found[0] and "unknown block kind `shel`" in found[1]
    assert "unknown project `nowhere`" in found[2] and "has 1 arguments; `file` takes 2" in found[3]
    # a blank line between a marker and its block: the marker is orphaned and the block unmarked
    assert "no comment above it" in found[4] and "not followed by a code block" in found[5]
    assert len(blocks) == 6  # the toctree is a directive, not a code block


# ---------------------------------------------------------------- blocks checked where they stand


def _blocks(kind: str) -> list[Block]:
    return [b for b in all_blocks() if b.kind == kind]


def test_the_hybrid_blocks_are_the_sample_package() -> None:
    samples = _blocks("sample")
    assert sorted(b.words[2] for b in samples) == ["CMakeLists.txt", "pyproject.toml"]
    for block in samples:
        assert block.body == (SAMPLE / block.words[2]).read_text(), (
            f"{block.where} differs from tests/packages/hybrid/{block.words[2]}")


def test_the_toml_blocks_are_valid_oxpack_settings(tmp_path: Path) -> None:
    from oxpack.config import config_from_mapping

    blocks = _blocks("toml")
    assert blocks
    for block in blocks:
        table = tomllib.loads(block.body)
        assert set(table) == {"tool"} and set(table["tool"]) == {"oxpack"}, f"{block.where}: only `[tool.oxpack]`"
        config_from_mapping(table["tool"]["oxpack"], source=block.where, project_dir=tmp_path, env={})


def test_the_install_blocks_name_this_distribution_and_its_extras() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    extras = set(project["optional-dependencies"])
    blocks = _blocks("install")
    assert any(b.page == "README.md" for b in blocks)
    for block in blocks:
        for line in filter(None, (ln.split("#")[0].strip() for ln in block.body.splitlines())):
            words = shlex.split(line)
            assert words[:2] == ["pip", "install"] and len(words) == 3, f"{block.where}: `{line}`"
            m = re.fullmatch(r"(?P<name>[\w.-]+)(?:\[(?P<extras>[\w,-]+)\])?", words[2])
            assert m and m["name"] == project["name"], f"{block.where}: `{line}` installs something else"
            unknown = set((m["extras"] or "").split(",")) - {""} - extras
            assert not unknown, f"{block.where}: unknown extras {sorted(unknown)}; pyproject.toml has {sorted(extras)}"


def test_the_fresh_machine_commands_are_the_scripts_and_ci_runs_the_test_command() -> None:
    (readme,) = [b for b in _blocks("fresh-machine") if b.page == "README.md"]
    commands = [ln.split("#")[0].strip() for ln in readme.body.splitlines() if ln.strip()]
    assert commands == ["bash scripts/demo.sh", "bash scripts/test.sh"], commands
    for command in commands:
        script = (REPO / command.split()[1]).read_text()
        assert "bash scripts/setup.sh" in script, f"{command} does not set everything up first"
    assert "bash scripts/test.sh" in (REPO / ".ci" / "run").read_text().splitlines()
    for block in _blocks("fresh-machine"):
        assert block.body == readme.body, f"{block.where} differs from README's two commands"


def test_the_blocks_run_by_other_tests_are_read_from_their_page() -> None:
    blocks = _blocks("by")
    assert blocks
    for block in blocks:
        file, _, name = block.words[1].partition("::")
        source = (REPO / file).read_text()
        assert f"def {name}(" in source, f"{block.where}: no test `{block.words[1]}`"
        assert block.page in source, f"{block.where}: `{block.words[1]}` does not read {block.page}"


# ---------------------------------------------------------------- the sample projects, run as printed


@dataclass
class Run:
    project: Path
    output: str


def _venv(root: Path) -> Path:
    """A virtual environment without pip of its own that sees this one's packages (pip included): what it
    installs stays in it."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    site = Path(subprocess.run([str(root / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "_outer_env.pth").write_text(f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    pip = root / "bin" / "pip"
    pip.write_text(f"#!/bin/sh\nexec {shlex.quote(str(root / 'bin' / 'python'))} -m pip \"$@\"\n")
    pip.chmod(0o755)
    return root


def run_project(name: str, tmp_path: Path, *, gpu: bool, env: dict[str, str] | None = None) -> Run:
    """Write the project's files, then run its commands and code and check its results in page order;
    the `gpu` ones only when `gpu`."""
    blocks = [b for b in all_blocks() if b.kind in ("file", "shell", "python", "result") and b.words[1] == name]
    project = EXAMPLE if name == "example" else tmp_path / name
    for block in blocks:
        if block.kind == "file":
            path = project / block.words[2]
            assert not path.exists(), f"{block.where}: `{block.words[2]}` is written twice"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.body)
    venv = _venv(tmp_path / "venv")
    run_env = {**os.environ, **(env or {}), "VIRTUAL_ENV": str(venv),
               "PATH": os.pathsep.join([str(venv / "bin"), str(Path(sys.executable).parent), os.environ["PATH"]]),
               "PIP_NO_INDEX": "1", "PIP_NO_BUILD_ISOLATION": "0", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run_env.pop("OXPACK_EMULATE", None)
    output = []
    for block in blocks:
        if block.kind == "file" or (block.words[-1] == "gpu" and not gpu):
            continue
        if block.kind == "result":
            assert (project / block.words[2]).read_text() == block.body, f"{block.where}: `{block.words[2]}` differs"
            continue
        if block.kind == "shell":
            cmd = ["bash", "-c", "set -euo pipefail\n" + block.body]
        else:
            script = tmp_path / f"block_{block.line}.py"
            script.write_text(block.body)
            cmd = [str(venv / "bin" / "python"), str(script)]
        proc = subprocess.run(cmd, cwd=project, env=run_env, capture_output=True, text=True, check=False, timeout=900)
        assert proc.returncode == 0, f"{block.where} failed (exit {proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}"
        output.append(proc.stdout)
    return Run(project, "\n".join(output))


def test_the_quickstart_runs_as_printed(tmp_path: Path) -> None:
    run = run_project("quickstart", tmp_path, gpu=False)
    # the emulated test ran the kernel on the CPU and the host array was refused; the GPU test skipped
    assert re.search(r"\b2 passed, 1 skipped\b", run.output) or re.search(r"\b3 passed\b", run.output), run.output
    # `pip install .` installed the package, with the module the build hook generated, into the fresh venv
    python = tmp_path / "venv" / "bin" / "python"
    proc = run_ok([str(python), "-c", "import demo.kernels as k; print(k.__file__, k.scale.__doc__)"])
    assert str(tmp_path / "venv") in proc.stdout and "out[i] ← a·x[i]" in proc.stdout


@pytest.mark.slow  # 10-30 s, its state its own (a build in tmp_path, its own store): runs once in CI
def test_the_tutorial_runs_as_printed(tmp_path: Path) -> None:
    run = run_project("tutorial", tmp_path, gpu=False)
    assert re.search(r"\b2 passed\b", run.output), run.output  # the emulated tests
    assert "kernel saxpy" in run.output and "registers" in run.output  # `oxpack inspect .`
    (wheel,) = (run.project / "dist").glob("*.whl")
    assert wheel.name == "vecmath-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        metadata = zf.read("vecmath-0.1.0.dist-info/METADATA").decode()
    assert {"vecmath/__init__.py", "vecmath/kernels.py", "vecmath/kernels.pyi", "vecmath/py.typed",
            "vecmath/_oxpack/saxpy.fatbin"} <= names, sorted(names)
    assert "Requires-Python: >=3.10" in metadata
    assert (run.project / "oxpack.lock").is_file()  # the lockfile page's `oxpack lock`
    # the installed module knows the tutorial's kernel, with its docs and requirement
    python = tmp_path / "venv" / "bin" / "python"
    proc = run_ok([str(python), "-c", "import vecmath.kernels as k; print(k.saxpy.__doc__)"], cwd=tmp_path)
    assert "y ← a·x + y" in proc.stdout and "len(x) >= len(y)" in proc.stdout, proc.stdout


@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_the_gpu_blocks_run_on_a_gpu(name: str, tmp_path: Path) -> None:
    """Every block, the GPU calls included. `example`: the vecmath this environment imports (scripts/gpu-tests.sh
    installs the example's wheel), else the example built here."""
    env: dict[str, str] = {}
    if name == "example" and importlib.util.find_spec("vecmath") is None:
        run_ok([sys.executable, "-m", "oxpack", "build", str(EXAMPLE), "-q", "--out", str(tmp_path / "site")])
        env["PYTHONPATH"] = str(tmp_path / "site")
    run_project(name, tmp_path, gpu=True, env=env)


def test_every_project_has_its_blocks() -> None:
    used = {b.words[1] for b in all_blocks() if b.kind in ("file", "shell", "python", "result")}
    assert used == PROJECTS
    for block in all_blocks():
        if block.kind in ("file", "shell", "python", "result") and block.words[1] == "example":
            assert block.kind == "python" and block.words[-1] == "gpu", (
                f"{block.where}: the example project takes GPU code blocks only (its files are example-project/)")


# ---------------------------------------------------------------- the site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as CI builds it: warnings are errors."""
    out = tmp_path_factory.mktemp("docs-html")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)],
                          capture_output=True, text=True, check=False, timeout=600)
    assert proc.returncode == 0, f"sphinx-build -W failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-8000:]}"
    return out


def _ids(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


_TYPOGRAPHY = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


def _plain(text: str) -> str:
    """`text` as it reads: one space for any run of whitespace, straight quotes and hyphens (Sphinx's smart quotes
    turn `'` into `’` and `--` into `–`)."""
    return " ".join(text.translate(_TYPOGRAPHY).replace("--", "-").split())


def _text(page: str) -> str:
    """The text of an HTML page, tags dropped."""
    return _plain(html.unescape(re.sub(r"<[^>]+>", "", page)))


def _ext() -> object:
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import oxpack_docs
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    return oxpack_docs


def test_the_site_builds_with_warnings_as_errors(site: Path) -> None:
    for page in pages()[1:]:
        assert (site / page.relative_to(DOCS)).with_suffix(".html").is_file(), page


def test_the_configuration_reference_names_every_key_and_variable(site: Path) -> None:
    from dataclasses import fields

    from oxpack import config

    page = (site / "reference" / "config.html").read_text()
    keys = [f.name.replace("_", "-") for f in fields(config.Config) if f.metadata.get("toml", True)]
    assert keys and set(keys) == set(config.json_schema()["properties"])
    missing = [k for k in keys if k not in _ids(page)]
    assert not missing, f"keys without a section in the configuration reference: {missing}"
    text = _text(page)
    for variable in config.ENV_VARS:
        assert variable in text, variable
    for f in fields(config.Config):
        if f.metadata.get("toml", True):
            assert _plain(f.metadata["doc"].replace("`", "")) in text, f.name


def test_the_generated_settings_block_is_the_defaults(tmp_path: Path) -> None:
    from dataclasses import fields

    from oxpack.config import Config, config_from_mapping

    table = tomllib.loads(_ext().config_toml())["tool"]["oxpack"]  # type: ignore[attr-defined]
    loaded = config_from_mapping(table, source="the generated block", project_dir=tmp_path, env={})
    default = Config()
    for f in fields(Config):
        if f.metadata.get("toml", True):
            assert getattr(loaded, f.name) == getattr(default, f.name), f.name


def test_the_cli_reference_names_every_command_and_option(site: Path) -> None:
    import argparse

    text = _text((site / "reference" / "cli.html").read_text())
    commands = _ext().cli_commands()  # type: ignore[attr-defined]
    assert {"build", "lock", "doctor", "inspect", "init"} <= set(commands)
    for name, (_, parser) in commands.items():
        assert f"oxpack {name}" in text, name
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            for option in action.option_strings or [action.metavar or action.dest.upper()]:
                assert _plain(option) in text, f"`oxpack {name}`: {option}"
            if action.help:
                assert _plain(action.help.replace("`", "")) in text, f"`oxpack {name}`: the help of {action.option_strings or action.dest}"


def _rustdoc_items(out: Path) -> Iterator[tuple[str, str, str]]:
    """(kind, path, "" or `method.name` & co) for every public item rustdoc documents and each of its methods,
    fields and associated items, read from rustdoc's HTML."""
    root = out / "oxpack"
    for href, name in re.findall(r'<li><a href="([^"]+)">([^<]+)</a></li>', (root / "all.html").read_text()):
        kind = href.rsplit("/", 1)[-1].split(".", 1)[0]
        if name.startswith("prelude::"):
            continue  # re-exports of the items below
        yield kind, name, ""
        if kind in ("struct", "trait"):
            page = (root / href).read_text()
            if kind == "struct":  # inherent methods only: not the trait, auto-trait or blanket implementations
                page = re.split(r'id="(?:trait|synthetic|blanket)-implementations"', page, maxsplit=1)[0]
            for member_kind, member in re.findall(
                    r'id="(method|tymethod|associatedconstant|associatedtype|structfield)\.([A-Za-z_]\w*)(?:-\d+)?"', page):
                yield kind, name, f"{member_kind}.{member}"


def test_the_device_reference_page_is_current() -> None:
    """docs/reference/device.md holds the device reference as generated Markdown (readable in the repository):
    what the crate's doc comments give now, or the command that rewrites it."""
    page = DOCS / "reference" / "device.md"
    ext = _ext()
    assert ext.GENERATED in page.read_text(), "the generated mark is gone"  # type: ignore[attr-defined]
    assert ext.device_page(page.read_text()) == page.read_text(), (  # type: ignore[attr-defined]
        "docs/reference/device.md is not what the device crate's doc comments give: run "
        "`python docs/_ext/oxpack_docs.py device` and commit the page")


def test_the_device_reference_names_every_public_item(site: Path, tmp_path: Path) -> None:
    """rustdoc's own list of the device crate's items (and their methods, fields and associated items) is the
    oracle: each has its entry in the generated reference."""
    from docutils.nodes import make_id

    from oxpack.toolchain.rustc import find_rustc

    rustdoc = find_rustc().path.with_name("rustdoc")
    run_ok([str(rustdoc), "--edition", "2024", "--crate-name", "oxpack", "--cap-lints", "allow",
            str(REPO / "src" / "oxpack" / "device" / "src" / "lib.rs"), "-o", str(tmp_path / "rustdoc")])
    ids = _ids((site / "reference" / "device.html").read_text())
    device_label = _ext().device_label  # type: ignore[attr-defined]
    expected = {}
    for kind, path, member in _rustdoc_items(tmp_path / "rustdoc"):
        if not member:
            expected[make_id(device_label(kind, path))] = f"{kind} {path}"
            continue
        member_kind, name = member.split(".")
        label_kind = {"method": "method", "tymethod": "method", "structfield": "field"}.get(member_kind, "assoc")
        expected[make_id(device_label(label_kind, f"{path}::{name}"))] = f"{kind} {path}: {member}"
    assert len(expected) > 200
    missing = sorted(what for label, what in expected.items() if label not in ids)
    assert not missing, f"in rustdoc, not in docs/reference/device.md: {missing}"
    # and nothing that rustdoc hides (`#[doc(hidden)]`, private items, `pub(crate)`): every entry is one of its items
    entries = {i for i in ids if re.match(r"device-(fn|struct|trait|macro|type|constant|method|field|assoc)-", i)}
    extra = sorted(i for i in entries if i not in expected and re.sub(r"-\d+$", "", i) not in expected)
    assert not extra, f"in docs/reference/device.md, not in rustdoc: {extra}"


def test_a_code_block_of_a_device_doc_comment_must_say_it_is_not_a_doctest() -> None:
    from sphinx.errors import ExtensionError

    fences = _ext()._fences  # type: ignore[attr-defined]
    mark = "<!-- illustration: from the item's doc comment -->\n"  # every block of these docs says what it is
    assert fences("see:\n```ignore\nlet x = y.get_mut(i);\n```", "oxpack::x") == (
        "see:\n" + mark + "```rust\nlet x = y.get_mut(i);\n```")
    assert fences("```ignore\nfn f() { … }\n```", "oxpack::x") == mark + "```text\nfn f() { … }\n```"  # `…`: not Rust
    for bad, why in (("```\nlet x = 1;\n```", "got ```$"), ("```rust\nx\n```", "got ```rust"),
                     ("```ignore\nx", "never closed")):
        with pytest.raises(ExtensionError, match=r"^oxpack::x: .*" + why):
            fences(bad, "oxpack::x")


def _error_classes() -> tuple[list[str], list[str]]:
    """(build-side classes of oxpack.errors, run-side classes of the generated runtime's _types.py and
    _tuning.py, whose `TuningError` a tuned kernel's first call raises)."""
    import oxpack.errors

    build = [name for name, obj in vars(oxpack.errors).items()
             if inspect.isclass(obj) and issubclass(obj, oxpack.errors.OxpackError)]
    runtime = REPO / "src" / "oxpack" / "runtime"
    body = [node for name in ("_types.py", "_tuning.py") for node in ast.parse((runtime / name).read_text()).body]
    exceptions = {"Exception", "TypeError", "ValueError", "RuntimeError"}
    run: list[str] = []
    for node in body:
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and (b.id in exceptions or b.id in run)
                                                  for b in node.bases):
            run.append(node.name)
    return build, run


def test_the_failures_page_has_every_error_class() -> None:
    text = (DOCS / "failures.md").read_text()
    build, run = _error_classes()
    assert {"OxpackError", "ConfigError", "StageError"} <= set(build)
    assert {"LaunchError", "KernelArgumentError", "KernelValueError", "KernelTrap"} <= set(run)
    rows = set(re.findall(r"^\| `(\w+)`", text, re.M))
    missing = [c for c in [*build, *run] if c not in rows]
    assert not missing, f"error classes with no row in docs/failures.md: {missing}"
    assert not rows - set(build) - set(run), f"rows of classes that do not exist: {sorted(rows - set(build) - set(run))}"


# ---------------------------------------------------------------- no dead public names


def dead_public_names(names: list[str]) -> list[str]:
    """The names of `names` (oxpack's `__all__`) that no module of the package imports (`from .errors import
    ConfigError`, `from . import data_dir`), `__init__.py` aside, and that docs/reference/python.md does not
    list as an entry point."""
    package = REPO / "src" / "oxpack"
    used: set[str] = set()
    for path in package.rglob("*.py"):
        if "runtime" in path.relative_to(package).parts or path.name == "__init__.py":
            continue  # the shipped runtime never imports oxpack: a name there is its own
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in (None, "errors", "oxpack", "oxpack.errors"):
                used |= {alias.name for alias in node.names}
    entry = (DOCS / "reference" / "python.md").read_text().split("## Entry points", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`(?:oxpack\.)?(\w+)`", entry))
    return [n for n in names if n not in used and n not in listed]


def test_every_public_name_of_oxpack_is_used_or_an_entry_point() -> None:
    import oxpack

    assert "LaunchError" not in oxpack.__all__ and not hasattr(oxpack, "LaunchError")
    assert dead_public_names(list(oxpack.__all__)) == []


def test_a_dead_public_name_is_found() -> None:
    # what `oxpack.LaunchError` was: exported, never raised by oxpack (the generated runtime raises its own)
    assert dead_public_names(["ConfigError", "LaunchError", "data_dir", "never_defined"]) == ["LaunchError",
                                                                                             "never_defined"]

