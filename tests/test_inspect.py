"""`oxpack inspect` on a project, a fatbin, a built package, a wheel and an installed package name."""

from __future__ import annotations

import json
import re
import shutil
import struct
import sys
import textwrap
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from oxpack import contract
from oxpack.cli import main
from oxpack.errors import OxpackError
from oxpack.commands.inspect import ACCEPTS, InspectError, inspect_target, python_signature, read_fatbin, rust_signature
from oxpack.package.outputs import build_into

KERNELS = """\
use oxpack::prelude::*;

kernel! {
    /// out[i] ← a·x[i]
    pub fn scale(i: ThreadIndex, a: f32, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = a * x[i.get()];
        }
    }

    /// out ← mᵀ
    pub fn flip(ij: ThreadIndex2, w: u32, h: u32, m: &[f64], out: &mut DisjointSlice<f64, Rows> = (h))
    where (len(m) == w * h, len(out) == w * h) {
        if let Some(o) = out.get_mut_2d(ij) {
            *o = m[ij.x() * w as usize + ij.y()];
        }
    }
}
"""


def _code(ptx: str) -> list[str]:
    """PTX without comments, indentation and blank lines: nvFatbin drops them from the PTX it embeds."""
    return [line for line in (" ".join(re.sub(r"//.*", "", raw).split()) for raw in ptx.splitlines()) if line]


def _zstd_available() -> bool:
    try:
        import zstandard  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return shutil.which("zstd") is not None
    return True


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, oxpack_cache: Path) -> Iterator[dict[str, Path]]:
    """A project `proj` (one crate, two kernels, sm_80 + sm_90, PTX sm_90), its build and a wheel-like zip."""
    root = tmp_path_factory.mktemp("inspect")
    project = root / "proj"
    (project / "kernels").mkdir(parents=True)
    (project / "src" / "proj").mkdir(parents=True)
    (project / "src" / "proj" / "__init__.py").write_text("")
    (project / "kernels" / "ops.rs").write_text(KERNELS)
    (project / "pyproject.toml").write_text(textwrap.dedent(
        """\
        [project]
        name = "proj"
        version = "0.1.0"

        [tool.oxpack]
        archs = ["sm_80", "sm_90"]
        ptx = "sm_90"
        """))
    out = root / "out"
    build_into(project, out)
    wheel = root / "proj-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("proj/__init__.py", "")
        for file in sorted((out / "proj").rglob("*")):
            if file.is_file():
                zf.write(file, file.relative_to(out).as_posix())
        zf.writestr("proj-0.1.0.dist-info/WHEEL", "Wheel-Version: 1.0\n")
    yield {"root": root, "project": project, "out": out, "package": out / "proj", "wheel": wheel,
           "fatbin": out / "proj" / "_oxpack" / "ops.fatbin"}


def _check_kernels(data: dict[str, Any]) -> None:
    (module,) = data["modules"]
    assert module["module"] == "proj.kernels"
    assert module["archs"] == ["sm_80", "sm_90"] and module["ptx_arch"] == "sm_90" and module["ptx_isa"] == "7.8"
    kernels = {k["name"]: k for k in module["kernels"]}
    assert sorted(kernels) == ["flip", "scale"]
    scale, flip = kernels["scale"], kernels["flip"]
    assert scale["python"] == "scale(a: float, x: DeviceArray, out: DeviceArray, *, stream=None, threads=None, block=None) -> None"
    assert scale["rust"] == ("pub fn scale(i: ThreadIndex, a: f32, x: &[f32], out: &mut DisjointSlice<f32>) "
                             "where (len(x) >= len(out))")
    assert flip["python"] == ("flip(w: int, h: int, m: DeviceArray, out: DeviceArray, *, stream=None, threads=None, "
                              "block=None) -> None")
    assert flip["rust"] == ("pub fn flip(ij: ThreadIndex2, w: u32, h: u32, m: &[f64], out: &mut DisjointSlice<f64, Rows>) "
                            "where (len(m) == w * h, len(out) == w * h)")
    assert scale["doc"] == "out[i] ← a·x[i]"
    for k in (scale, flip):
        assert set(k["resources"]) == {"sm_80", "sm_90"}
        for res in k["resources"].values():
            assert set(res) == {"registers", "spills", "stack", "shared", "constant"}
            assert res["registers"] > 0 and res["spills"] == 0
    (crate,) = module["crates"]
    assert crate["name"] == "ops" and crate["source"] == "kernels/ops.rs"
    assert [(e["kind"], e["arch"]) for e in crate["entries"]] == [("cubin", "sm_80"), ("cubin", "sm_90"), ("ptx", "sm_90")]
    assert all(e["compressed"] and e["uncompressed"] > e["size"] > 0 for e in crate["entries"])


def test_project(built: dict[str, Path]) -> None:
    ins = inspect_target(str(built["project"]))
    assert ins.kind == "project"
    _check_kernels(ins.as_json())
    text = ins.render()
    assert "module proj.kernels  (project " in text
    assert "  rust    pub fn scale(i: ThreadIndex, a: f32, x: &[f32], out: &mut DisjointSlice<f32>) " in text
    assert "  arch      registers  spills  stack  shared  constant  (spills and memory in bytes)\n" in text
    assert "\n  ptx   sm_90 " in text and ", ISA 7.8\n" in text


def test_built_package_folder_and_its_parent(built: dict[str, Path]) -> None:
    for target in (built["package"], built["out"]):
        ins = inspect_target(str(target))
        assert ins.kind == "package"
        _check_kernels(ins.as_json())


def test_wheel(built: dict[str, Path]) -> None:
    ins = inspect_target(str(built["wheel"]))
    assert ins.kind == "wheel"
    _check_kernels(ins.as_json())
    fatbin = ins.as_json()["modules"][0]["crates"][0]["fatbin"]
    assert fatbin == f"{built['wheel']}:proj/_oxpack/ops.fatbin"


def test_installed_package_is_found_without_importing_it(built: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(built["out"]))
    for name in ("proj", "proj.kernels"):
        ins = inspect_target(name)
        assert ins.kind == "package"
        _check_kernels(ins.as_json())
    assert "proj" not in sys.modules and "proj.kernels" not in sys.modules


def test_fatbin_beside_its_manifest(built: dict[str, Path]) -> None:
    ins = inspect_target(str(built["fatbin"]))
    assert ins.kind == "fatbin"
    _check_kernels(ins.as_json())


def test_fatbin_alone_lists_its_entries(built: dict[str, Path], tmp_path: Path) -> None:
    lone = tmp_path / "ops.fatbin"
    shutil.copy(built["fatbin"], lone)
    data = inspect_target(str(lone)).as_json()
    (module,) = data["modules"]
    assert module["module"] is None and module["kernels"] == []
    assert module["archs"] == ["sm_80", "sm_90"] and module["ptx_arch"] == "sm_90" and module["ptx_isa"] == "7.8"
    assert [(e["kind"], e["arch"]) for e in module["crates"][0]["entries"]] == [
        ("cubin", "sm_80"), ("cubin", "sm_90"), ("ptx", "sm_90")]
    assert "kernels: unknown (no manifest beside the fatbin" in inspect_target(str(lone)).render()


def test_fatbin_beside_a_manifest_of_other_bytes_shows_no_kernels(built: dict[str, Path], tmp_path: Path) -> None:
    folder = tmp_path / "pkg" / "_oxpack"
    shutil.copytree(built["package"] / "_oxpack", folder)
    data = bytearray((folder / "ops.fatbin").read_bytes())
    data[-1] ^= 1
    (folder / "ops.fatbin").write_bytes(bytes(data))
    ins = inspect_target(str(folder / "ops.fatbin"))
    assert ins.as_json()["modules"][0]["kernels"] == []
    assert ins.notes == [f"the manifest `{folder / 'kernels.json'}` names this fatbin but lists another sha256: "
                         "kernels and resources are not shown (rebuild the package)"]


def test_ptx_of_a_project_for_any_built_arch(built: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", str(built["project"]), "--ptx", "sm_80", "-q"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("// oxpack inspect: crate `ops` (kernels/ops.rs), PTX for sm_80\n")
    assert ".target sm_80" in out and ".visible .entry scale(" in out and ".visible .entry flip(" in out
    with pytest.raises(InspectError) as info:
        inspect_target(str(built["project"])).ptx("sm_86")
    assert str(info.value) == (f"project `{built['project']}` builds no PTX for sm_86; its archs: sm_80, sm_90 "
                               "(its `archs` come from option `archs` in `tool.oxpack`: change them there)")


def test_embedded_ptx_of_a_wheel_and_a_fatbin(built: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    built_ptx = inspect_target(str(built["project"])).ptx("sm_90")[0]["ptx"]
    for target in (built["wheel"], built["fatbin"]):
        (item,) = inspect_target(str(target)).ptx("sm_90")
        assert _code(item["ptx"]) == _code(built_ptx)
    assert main(["inspect", str(built["wheel"]), "--ptx", "sm_90", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["arch"] == "sm_90" and data["ptx"][0]["crate"] == "ops" and _code(data["ptx"][0]["ptx"]) == _code(built_ptx)


def test_embedded_ptx_that_is_not_there(built: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", str(built["fatbin"]), "--ptx", "sm_80"]) == 1
    assert capsys.readouterr().err == (f"oxpack: error: `{built['fatbin']}` holds no PTX for sm_80; "
                                       "its PTX archs: sm_90\n")
    with pytest.raises(InspectError) as info:
        inspect_target(str(built["wheel"])).ptx("sm_80")
    assert str(info.value) == f"`{built['wheel']}:proj/_oxpack/ops.fatbin` holds no PTX for sm_80; its PTX archs: sm_90"


def test_uncompressed_fatbin_entries_and_ptx(built: dict[str, Path], tmp_path: Path) -> None:
    from cuda.bindings import nvfatbin

    ptx = inspect_target(str(built["project"])).ptx("sm_90")[0]["ptx"]
    handle = nvfatbin.create(["-64", "-compress=false"], 2)
    try:
        data = ptx.encode() + b"\0"
        nvfatbin.add_ptx(handle, data, len(data), "90", "ops", "")
        buf = bytearray(nvfatbin.size(handle))
        nvfatbin.get(handle, buf)
    finally:
        nvfatbin.destroy(handle)
    (entry,) = read_fatbin(bytes(buf), "x")
    assert (entry.kind, entry.arch, entry.compressed, entry.ptx_isa) == ("ptx", "sm_90", False, "7.8")
    path = tmp_path / "plain.fatbin"
    path.write_bytes(bytes(buf))
    (item,) = inspect_target(str(path)).ptx("sm_90")
    assert _code(item["ptx"]) == _code(ptx) and ".visible .entry scale(" in item["ptx"]


def test_cli_json_and_text(built: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", str(built["wheel"]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "wheel" and data["target"] == str(built["wheel"])
    _check_kernels(data)
    assert main(["inspect", str(built["package"])]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"module proj.kernels  (package {built['package']})\n")
    assert "\nkernel flip  (crate ops, kernels/ops.rs)\n" in out


def _signature(name: str, data: dict[str, Any]) -> Any:
    """A kernel signature as the link stage hands it on (the manifest model's `Signature`)."""
    return contract.manifest().Signature.from_signature_json({"name": name, "doc": "", **data}, "test")


def test_signatures_of_every_parameter_kind() -> None:
    kernel = {"params": [
        {"name": "ijk", "kind": "index", "dtype": "3d"}, {"name": "n", "kind": "scalar", "dtype": "uint64"},
        {"name": "t", "kind": "scalar", "dtype": "int32"}, {"name": "x", "kind": "in", "dtype": "int64"},
        {"name": "c", "kind": "atomic", "dtype": "uint32"}, {"name": "y", "kind": "out", "dtype": "float64"}],
        "requires": []}
    assert rust_signature(_signature("k", kernel)) == (
        "pub fn k(ijk: ThreadIndex3, n: u64, t: i32, x: &[i64], c: &[AtomicU32], y: &mut DisjointSlice<f64>)")
    assert python_signature(_signature("k", kernel)) == ("k(n: int, t: int, x: DeviceArray, c: DeviceArray, y: DeviceArray, *, "
                                             "stream=None, threads=None, block=None) -> None")


def test_a_signature_shows_the_types_as_the_source_spells_them() -> None:
    """A build records each parameter's type as the kernel's source spells it (a layout, a
    `ScanState`): inspect shows that; a manifest without it (written by hand) gets the
    type its kind and dtype stand for."""
    kernel = {"params": [
        {"name": "i", "kind": "index", "dtype": "1d", "rust": "ThreadIndex"},
        {"name": "state", "kind": "atomic", "dtype": "uint64", "rust": "ScanState"},
        {"name": "out", "kind": "out", "dtype": "float32", "rust": "&mut DisjointSlice<f32, ScanTiles<8>>"},
        {"name": "c", "kind": "atomic", "dtype": "uint64"}], "requires": []}
    assert rust_signature(_signature("k", kernel)) == (
        "pub fn k(i: ThreadIndex, state: ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>, c: &[AtomicU64])")


def test_signatures_of_half_precision_and_dynamic_shared_memory() -> None:
    # the example project has all three; a KeyError here once broke `oxpack inspect example-project`
    kernel = {"params": [
        {"name": "x", "kind": "in", "dtype": "bfloat16"}, {"name": "y", "kind": "out", "dtype": "float16"},
        {"name": "scratch", "kind": "dynshared", "dtype": "float32"}], "requires": []}
    assert rust_signature(_signature("k", kernel)) == (
        "pub fn k(x: &[BF16], y: &mut DisjointSlice<F16>, scratch: DynShared<f32>)")
    assert python_signature(_signature("k", kernel)) == ("k(x: DeviceArray, y: DeviceArray, scratch: int, *, "
                                             "stream=None, threads=None, block=None) -> None")


# ---------------------------------------------------------------- bad input


def _error(target: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["inspect", target]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1, "one line"
    return err


def test_a_file_that_is_neither_fatbin_nor_wheel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("notes.txt", "fake.whl", "fake.fatbin"):
        path = tmp_path / name
        path.write_text("hello\n")
        assert _error(str(path), capsys) == f"oxpack: error: `{path}` is neither a fatbin nor a wheel; {ACCEPTS}\n"
    with pytest.raises(OxpackError):
        inspect_target(str(tmp_path / "notes.txt"))
    assert ACCEPTS == ("oxpack inspect takes a project folder (with pyproject.toml), a `.fatbin`, a wheel (`.whl`), "
                       "a built package folder (with `_oxpack/`) or an installed package's import name")


def test_a_damaged_fatbin(built: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = built["fatbin"].read_bytes()
    cut = tmp_path / "cut.fatbin"
    cut.write_bytes(data[:100])
    total = struct.unpack_from("<Q", data, 8)[0]
    assert _error(str(cut), capsys) == (f"oxpack: error: `{cut}` is a damaged fatbin: its header announces "
                                        f"{16 + total} bytes, the file has 100\n")


def test_a_zip_without_kernels_and_a_broken_zip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain-1.0-py3-none-any.whl"
    with zipfile.ZipFile(plain, "w") as zf:
        zf.writestr("plain/__init__.py", "")
    assert _error(str(plain), capsys) == (f"oxpack: error: `{plain}` holds no oxpack kernels "
                                          "(no `<package>/_oxpack/<module>.json` in it)\n")
    broken = tmp_path / "broken.whl"
    broken.write_bytes(b"PK\x03\x04" + b"\0" * 40)
    assert _error(str(broken), capsys) == (f"oxpack: error: `{broken}` is neither a fatbin nor a wheel "
                                           f"(a damaged zip: File is not a zip file); {ACCEPTS}\n")


def test_a_folder_and_a_name_that_hold_no_kernels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(str(tmp_path), capsys) == (f"oxpack: error: `{tmp_path}` is a folder with neither a "
                                             "`pyproject.toml` nor a built oxpack package (`_oxpack/<module>.json`); "
                                             f"{ACCEPTS}\n")
    assert _error("no_such_package_here", capsys) == ("oxpack: error: `no_such_package_here` is not a file, a folder "
                                                      f"or an installed package; {ACCEPTS}\n")
    assert _error("pytest", capsys).startswith("oxpack: error: installed package `pytest` (")


# --- constant memory per arch ---------------------------------------------------


def test_constant_memory_matches_nvjitlinks_own_summary_for_every_arch(
        built: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """sm_90's ptxas lines leave `cmem[0]` out; `inspect` takes it from nvJitLink's summary."""
    from cuda.bindings import nvjitlink

    from oxpack.toolchain.nvidia import load_nvidia_library

    load_nvidia_library("nvJitLink")
    (module,) = inspect_target(str(built["project"])).as_json()["modules"]
    for arch in ("sm_80", "sm_90"):
        assert main(["inspect", str(built["project"]), "--ptx", arch]) == 0
        ptx = capsys.readouterr().out.encode()
        handle = nvjitlink.create(2, [f"-arch={arch}", "-verbose"])
        try:
            nvjitlink.add_data(handle, nvjitlink.InputType.PTX, ptx, len(ptx), "ops.ptx")
            nvjitlink.complete(handle)
            log = bytearray(nvjitlink.get_info_log_size(handle))
            nvjitlink.get_info_log(handle, log)
        finally:
            nvjitlink.destroy(handle)
        # nvJitLink's summary: "info    : Function properties for 'scale':" then its resources line
        summary = dict(re.findall(r"^info\s*: Function properties for '(\w+)':\n.* (\d+) bytes cmem\[0\]",
                                  log.decode().rstrip("\0"), flags=re.M))
        assert set(summary) == {"scale", "flip"}, log.decode()
        for kernel in module["kernels"]:
            constant = kernel["resources"][arch]["constant"]
            assert constant == int(summary[kernel["name"]]) > 0, (arch, kernel["name"], constant)


def test_the_rust_signature_shows_launch_bounds_and_register_caps() -> None:
    from oxpack.commands.inspect import rust_signature

    kernel = {"params": [{"name": "i", "kind": "index", "dtype": "1d"}, {"name": "y", "kind": "out", "dtype": "float32"}],
              "requires": [], "launch_bounds": {"max_threads": 128, "min_blocks": 4}, "max_registers": 32}
    assert rust_signature(_signature("k", kernel)) == (
        "#[launch_bounds(128, 4)] #[max_registers(32)] pub fn k(i: ThreadIndex, y: &mut DisjointSlice<f32>)")
    kernel.pop("max_registers")
    kernel["launch_bounds"] = {"max_threads": 64}
    assert rust_signature(_signature("k", kernel)).startswith("#[launch_bounds(64)] pub fn k(")


# ---------------------------------------------------------------- the manifest's schema


def _package_with_manifest(built: dict[str, Path], tmp_path: Path, edit: Any) -> Path:
    """A copy of the built package whose manifest `edit` changed."""
    package = tmp_path / "proj"
    shutil.copytree(built["package"], package)
    path = package / "_oxpack" / "kernels.json"
    manifest = json.loads(path.read_text())
    edit(manifest)
    path.write_text(json.dumps(manifest))
    return package


def test_a_manifest_of_a_newer_schema_is_refused_naming_both(built: dict[str, Path], tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    package = _package_with_manifest(built, tmp_path, lambda m: m.update(schema=5, oxpack="9.0.0"))
    assert _error(str(package), capsys) == (
        f"oxpack: error: `{package / '_oxpack' / 'kernels.json'}` has manifest schema 5 (written by oxpack 9.0.0), "
        "newer than oxpack 0.1.0 reads (schema 4); upgrade oxpack (`pip install -U oxpack`) to read it, or rebuild "
        "the package with this one\n")


def test_a_manifest_of_an_older_schema_is_refused_naming_both(built: dict[str, Path], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    package = _package_with_manifest(built, tmp_path, lambda m: m.update(schema=2, oxpack="0.0.9"))
    assert _error(str(package), capsys) == (
        f"oxpack: error: `{package / '_oxpack' / 'kernels.json'}` has manifest schema 2 (written by oxpack 0.0.9), "
        "older than oxpack 0.1.0 reads (schema 4); rebuild the package with this oxpack (0.1.0)\n")


@pytest.mark.parametrize("schema", ["3", 0, None, 3.0, True])
def test_a_manifest_of_an_unknown_schema_is_refused(built: dict[str, Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str], schema: Any) -> None:
    package = _package_with_manifest(built, tmp_path, lambda m: m.update(schema=schema))
    assert _error(str(package), capsys) == (
        f"oxpack: error: `{package / '_oxpack' / 'kernels.json'}` has manifest schema {schema!r} (written by oxpack "
        "0.1.0), which is no oxpack manifest oxpack 0.1.0 reads (schema 4); rebuild the package\n")


@pytest.mark.parametrize(("edit", "named"), [
    (lambda m: m.pop("module"), "the manifest lacks `module`"),
    (lambda m: m["kernels"]["scale"].pop("params"), "kernel `scale` lacks `params`"),
    (lambda m: m["kernels"]["flip"].pop("crate"), "kernel `flip` lacks `crate`"),
    (lambda m: m["kernels"]["flip"]["params"][1].pop("kind"), "kernel `flip` parameter `w` has kind None"),
    (lambda m: m["kernels"]["scale"].update(requires=["len(x) >= len(nope)"]),
     "scale(): requirement `len(x) >= len(nope)` in"),
    (lambda m: m["archs"].append(90), "the manifest: `archs` must be a list of strings"),
])
def test_a_damaged_manifest_is_refused_naming_the_key(built: dict[str, Path], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str], edit: Any, named: str) -> None:
    package = _package_with_manifest(built, tmp_path, edit)
    assert named in _error(str(package), capsys)
