"""Device modules shared between kernel files: `mod common;` in two kernel files.

A scratch project (sm_80, `emulation = true`) holds docs/kernels.md's example, two kernel files that
call one block reduction of `kernels/common/mod.rs`, and a third kernel file that uses none. Real builds, real rustc, the generated module run in emulation (`OXPACK_EMULATE=1`, in a child
process: each build's host libraries load in a fresh process). The build is counted stage by stage
(`BuildResult.runs`): editing the module rebuilds exactly its two users, editing anything else none of
them. The scan that finds modules before rustc runs (`oxpack.sources.reads`) is tested alone, without rustc.
"""

from __future__ import annotations

import json
import os
import hashlib
import shutil
import subprocess
import sys
import textwrap
import uuid
from collections import Counter
from pathlib import Path

import pytest
from conftest import run_ok

from oxpack.config import load_config
from oxpack.errors import ConfigError
from oxpack.package.lockfile import check_lock, lock_data, render_lock, write_lock
from oxpack.package.outputs import EditableWheel, build_into, write_outputs
from oxpack.builder.plan import discover_kernels
from oxpack.builder.provenance import stale
from oxpack.sources.reads import kernel_reads, key_parts, reached

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux")

PYPROJECT = """\
[project]
name = "shared"
version = "0.1.0"

[tool.oxpack]
archs = ["sm_80"]
emulation = true
"""

DOCS = Path(__file__).resolve().parent.parent / "docs" / "kernels.md"
MARKER = "<!-- test: by tests/test_shared_modules.py::test_the_documented_shared_module_builds_and_runs -->"


def documented_files() -> dict[str, str]:
    """The files of docs/kernels.md's example ("Device code shared between kernel files"): path → text."""
    text = DOCS.read_text()
    block = text[text.index(MARKER):].split("```rust\n", 1)[1].split("```", 1)[0]
    files: dict[str, str] = {}
    for part in block.split("// kernels/")[1:]:
        name, _, body = part.partition("\n")
        files[f"kernels/{name}"] = body.strip("\n") + "\n"
    assert sorted(files) == ["kernels/common/mod.rs", "kernels/means.rs", "kernels/sums.rs"], sorted(files)
    return files


COPY = """\
use oxpack::prelude::*;

kernel! {
    /// out[i] = x[i].
    pub fn copy(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()];
        }
    }
}
"""

CALL = """\
import json, numpy as np, shared.kernels as k
x = np.arange(8, dtype=np.float32); s = np.zeros(8, np.float32); m = np.zeros(8, np.float32)
k.block_sums(x, s, threads=8, block=4); k.block_means(x, m, threads=8, block=4)
print(json.dumps([s.tolist(), m.tolist()]))
"""


def write_project(root: Path) -> Path:
    """The documented example, a kernel file that declares no module beside it, and the package."""
    files = {"pyproject.toml": PYPROJECT, "src/shared/__init__.py": "", "kernels/copy.rs": COPY,
             **documented_files()}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def emulated(out: Path, env: dict[str, str] | None = None) -> list[list[float]]:
    """block_sums and block_means of 0..7 in blocks of 4, run in emulation from the module in `out`."""
    proc = run_ok([sys.executable, "-c", CALL],
                  env={**os.environ, "PYTHONPATH": str(out), "OXPACK_EMULATE": "1", **(env or {})})
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def build(project: Path, out: Path) -> Counter[str]:
    """Build `project` into `out`; the stages that really ran."""
    return build_into(project, out).result.runs


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The project, built once: {"project", "out", "written"}."""
    root = tmp_path_factory.mktemp("shared")
    project = write_project(root / "proj")
    written = build_into(project, root / "out")
    return {"project": project, "out": root / "out", "written": written}


def scaled(project: Path, factor: str) -> None:
    """Edit the shared module: its reduction times `factor`."""
    module = project / "kernels" / "common" / "mod.rs"
    text = module.read_text()
    assert "oxpack::block::sum_f32(v)\n" in text, text
    module.write_text(text.replace("oxpack::block::sum_f32(v)\n", f"oxpack::block::sum_f32(v) * {factor}\n"))


def test_the_documented_shared_module_builds_and_runs(built: dict[str, object]) -> None:
    """docs/kernels.md's two kernel files and their module: both compile with the module (fatbins for
    sm_80), the module is no crate of its own, and emulated, each kernel gives its block's sum (mean)
    through the shared reduction."""
    out = built["out"]
    assert isinstance(out, Path)
    oxpack_dir = out / "shared" / "_oxpack"
    assert sorted(p.name for p in oxpack_dir.glob("*.fatbin")) == ["copy.fatbin", "means.fatbin", "sums.fatbin"]
    assert sorted(p.name for p in oxpack_dir.glob("*.host.so")) == ["copy.host.so", "means.host.so", "sums.host.so"]
    assert emulated(out) == [[6.0] * 4 + [22.0] * 4, [1.5] * 4 + [5.5] * 4]
    # the module's paths are the project's, never the build machine's (panic locations, reproducible bytes)
    project = built["project"]
    for path in oxpack_dir.iterdir():
        assert str(project).encode() not in path.read_bytes(), path


def test_the_lockfile_and_the_manifest_record_the_modules(built: dict[str, object], tmp_path: Path) -> None:
    written = built["written"]
    result = written.result  # type: ignore[attr-defined]
    project = built["project"]
    assert isinstance(project, Path)
    common = {"kernels/common/mod.rs": hashlib.sha256((project / "kernels/common/mod.rs").read_bytes()).hexdigest()}
    crates = lock_data(result)["crates"]
    assert crates["sums"]["modules"] == crates["means"]["modules"] == common
    assert "modules" not in crates["copy"]
    assert '[crates.sums.modules]\n"kernels/common/mod.rs" = "' in render_lock(lock_data(result))
    manifest = json.loads((built["out"] / "shared" / "_oxpack" / "kernels.json").read_text())  # type: ignore[operator]
    assert manifest["sources"]["modules"] == common
    assert sorted(manifest["sources"]["kernels"]) == ["kernels/copy.rs", "kernels/means.rs", "kernels/sums.rs"]
    # the checkout check (`provenance.stale`) sees an edited module; a lockfile pins it
    copy = shutil.copytree(project, tmp_path / "proj")
    write_lock(copy, result)
    check_lock(copy, result)
    scaled(copy, "2.0")
    problems = stale(manifest, Path(__file__).resolve().parent.parent, copy)
    assert f"module file `kernels/common/mod.rs` in {copy} changed since the build" in problems, problems


def test_a_changed_module_rebuilds_exactly_the_kernel_files_that_declare_it(built: dict[str, object],
                                                                            tmp_path: Path) -> None:
    """The same sources elsewhere: every stage from the cache. An edit of an unrelated file rebuilds
    nothing; of the module-less kernel file, that file alone; of the module, its two users, whose results
    change."""
    project = shutil.copytree(built["project"], tmp_path / "proj")  # type: ignore[arg-type]
    out = tmp_path / "out"
    assert build(project, out) == Counter()  # the keys hold paths in the project, not the folder
    (project / "README.md").write_text("notes\n")
    (project / "kernels" / "notes.txt").write_text("not Rust\n")
    (project / "src" / "shared" / "__init__.py").write_text("# edited\n")
    assert build(project, out) == Counter()
    fresh = f"// {uuid.uuid4()}\n"  # edits no earlier run left in a shared cache
    (project / "kernels" / "copy.rs").write_text(COPY + fresh)
    runs = build(project, out)
    assert (runs["bc"], runs["host-so"]) == (1, 1), runs
    scaled(project, "10.0")
    (project / "kernels" / "common" / "mod.rs").write_text((project / "kernels" / "common" / "mod.rs").read_text() + fresh)
    runs = build(project, out)
    assert (runs["bc"], runs["host-so"]) == (2, 2), runs  # (the later stages may find the new bitcode cached)
    assert emulated(out) == [[60.0] * 4 + [220.0] * 4, [15.0] * 4 + [55.0] * 4]


def test_an_editable_install_rebuilds_on_import_after_a_module_changed(built: dict[str, object],
                                                                       tmp_path: Path) -> None:
    """The editable wheel's import hook (as `pip install -e` installs it: a `.pth` in site-packages)
    stamps the modules too: after an edit of the shared module, the next import rebuilds and sees it."""
    project = shutil.copytree(built["project"], tmp_path / "proj")  # type: ignore[arg-type]
    staging, include = tmp_path / "staging", {}
    staging.mkdir()
    write_outputs(project, EditableWheel(staging, include, project="shared", overrides={}))
    site_dir = tmp_path / "site"
    for disk, wheel_path in include.items():
        (site_dir / wheel_path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(disk, site_dir / wheel_path)
    # the package from the project's folder (hatchling's editable `.pth`), its generated module from the hook
    call = f"import site, sys; site.addsitedir({str(site_dir)!r}); sys.path.append({str(project / 'src')!r})\n" + CALL
    env = {**os.environ, "OXPACK_EMULATE": "1"}
    first = run_ok([sys.executable, "-c", call], env=env, cwd=tmp_path)
    assert json.loads(first.stdout.splitlines()[-1]) == [[6.0] * 4 + [22.0] * 4, [1.5] * 4 + [5.5] * 4]
    scaled(project, "3.0")
    again = run_ok([sys.executable, "-c", call], env=env, cwd=tmp_path)
    assert json.loads(again.stdout.splitlines()[-1]) == [[18.0] * 4 + [66.0] * 4, [4.5] * 4 + [16.5] * 4]
    assert (project / "build" / "oxpack-editable" / "shared" / "_oxpack" / "sums.host.so").is_file()
    stamp = project / "build" / "oxpack-editable" / "oxpack-editable.json"
    assert "kernels/common/mod.rs" in {entry[0] for entry in json.loads(stamp.read_text())}
    before = stamp.stat().st_mtime_ns
    run_ok([sys.executable, "-c", call], env=env, cwd=tmp_path)
    assert stamp.stat().st_mtime_ns == before, "an unchanged import rebuilt"


# ---------------------------------------------------------------- which files are kernel files (no rustc)


def _config(root: Path, kernels: str | None = None) -> object:
    table = f"kernels = [{kernels}]\n" if kernels is not None else ""
    (root / "pyproject.toml").write_text(PYPROJECT + table)
    return load_config(root)


def _files(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text))


@pytest.mark.parametrize("glob", [None, '"kernels/*.rs"', '"kernels/**/*.rs"'])
def test_a_module_that_the_kernel_globs_match_is_no_kernel_file(tmp_path: Path, glob: str | None) -> None:
    """`kernels/common.rs` (and its submodule `kernels/common/sub.rs`) beside `kernels/*.rs`, declared by
    one kernel file: a module of it, whatever the glob."""
    _files(tmp_path, {"kernels/a.rs": "mod common;\n", "kernels/b.rs": "// no modules\n",
                      "kernels/common.rs": "pub mod sub;\n", "kernels/common/sub.rs": "pub const X: u32 = 1;\n"})
    files = discover_kernels(_config(tmp_path, glob))  # type: ignore[arg-type]
    assert [p.name for p in files] == ["a.rs", "b.rs"]


def test_a_kernel_file_declared_by_another_is_its_module(tmp_path: Path) -> None:
    _files(tmp_path, {"kernels/a.rs": '#[path = "b.rs"]\nmod b;\n', "kernels/b.rs": "// helpers\n"})
    assert [p.name for p in discover_kernels(_config(tmp_path))] == ["a.rs"]  # type: ignore[arg-type]


def test_when_every_matched_file_is_a_module_the_error_says_so(tmp_path: Path) -> None:
    _files(tmp_path, {"kernels/a.rs": '#[path = "b.rs"]\nmod b;\n', "kernels/b.rs": '#[path = "a.rs"]\nmod a;\n'})
    with pytest.raises(ConfigError, match=r"^every file that the default of option `kernels` in `tool\.oxpack` of "
                       r"pyproject\.toml matches \(`kernels/a\.rs`, `kernels/b\.rs`\) is a module that another one "
                       r"declares with `mod`, so none is left to be a kernel file \(a crate\); a kernel file is one "
                       r"that no other declares$"):
        discover_kernels(_config(tmp_path))  # type: ignore[arg-type]


def test_the_scan_finds_modules_as_rustc_does(tmp_path: Path) -> None:
    """Comments, strings, raw strings and character literals hide nothing and invent nothing; inline
    modules nest folders; `#[path]` is relative to the file; a non-mod-rs module keeps its own in a
    folder of its name; `include_str!` is a read too; each candidate once, existing or not."""
    _files(tmp_path, {
        "kernels/k.rs": r'''
            // mod in_a_comment;
            /* mod in_a_block; /* nested */ mod still_a_comment; */
            const S: &str = "mod in_a_string;";
            const R: &str = r#"mod in_a_raw_string; "#;
            const C: char = '{';
            fn f<'a>(x: &'a u8) -> &'a u8 { x }
            pub(crate) mod common;
            mod outer {
                mod inner;
            }
            #[path = "../shared/x.rs"]
            #[allow(dead_code)]
            mod x;
            const T: &str = include_str!("table.txt");
        ''',
        "kernels/common.rs": "mod sub;\n",
        "kernels/common/sub.rs": "",
        "kernels/outer/inner.rs": "",
        "shared/x.rs": "mod beside;\n",
        "shared/beside.rs": "",
        "kernels/table.txt": "1 2 3\n",
    })
    found = [(f.path.relative_to(tmp_path.resolve()).as_posix(), f.kind) for f in reached(tmp_path / "kernels" / "k.rs")]
    assert found == [
        ("kernels/common.rs", "module"), ("kernels/common/mod.rs", "module"),
        ("kernels/outer/inner.rs", "module"), ("kernels/outer/inner/mod.rs", "module"),
        ("shared/x.rs", "module"), ("kernels/table.txt", "include"),
        ("kernels/common/sub.rs", "module"), ("kernels/common/sub/mod.rs", "module"),
        ("shared/beside.rs", "module"), ("shared/beside/mod.rs", "module"),
    ]
    reads = kernel_reads(tmp_path / "kernels" / "k.rs", "kernels/k.rs", tmp_path)
    assert [(r.rel, r.data is not None) for r in reads] == [
        ("kernels/common.rs", True), ("kernels/common/mod.rs", False), ("kernels/common/sub.rs", True),
        ("kernels/common/sub/mod.rs", False), ("kernels/outer/inner.rs", True),
        ("kernels/outer/inner/mod.rs", False), ("kernels/table.txt", True), ("shared/beside.rs", True),
        ("shared/beside/mod.rs", False), ("shared/x.rs", True)]


def test_a_new_file_that_a_mod_line_could_mean_changes_the_key(tmp_path: Path) -> None:
    """`mod common;` with `kernels/common.rs`: creating `kernels/common/mod.rs` too (which rustc refuses
    as ambiguous) changes the key, so a cached build cannot hide the error; a FIFO or a folder where a
    module could be is never read (it counts as absent)."""
    _files(tmp_path, {"kernels/k.rs": "mod common;\n", "kernels/common.rs": "pub const X: u32 = 1;\n"})
    kernel = tmp_path / "kernels" / "k.rs"
    before = key_parts(kernel_reads(kernel, "kernels/k.rs", tmp_path))
    (tmp_path / "kernels" / "common").mkdir()
    assert key_parts(kernel_reads(kernel, "kernels/k.rs", tmp_path)) == before  # a folder is no file
    os.mkfifo(tmp_path / "kernels" / "common" / "mod.rs")
    assert key_parts(kernel_reads(kernel, "kernels/k.rs", tmp_path)) == before  # nor is a FIFO (never opened)
    (tmp_path / "kernels" / "common" / "mod.rs").unlink()
    (tmp_path / "kernels" / "common" / "mod.rs").write_text("pub const X: u32 = 2;\n")
    assert key_parts(kernel_reads(kernel, "kernels/k.rs", tmp_path)) != before
