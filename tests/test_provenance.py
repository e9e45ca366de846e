"""The manifest's `sources` and the GPU tests' check that an installed module was built from this
checkout: real builds of a small project, real files; no GPU needed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, Absent, MakeProject, build_problems, gpu_import, require_example
from test_build import SAXPY

from oxpack.config import load_config
from oxpack.package.outputs import build_into
from oxpack.builder.provenance import CHECKOUT_LAYOUT, checkout_oxpack_files, files_digest, installed_oxpack_digest

SCALE = """\
    use oxpack::prelude::*;

    kernel! {
        /// y = a y
        pub fn scale(a: f32, y: &mut DisjointSlice<f32>) {
            if let Some(yi) = y.get_mut(index_1d()) {
                *yi *= a;
            }
        }
    }
"""


@pytest.fixture
def built(make_project: MakeProject, tmp_path: Path) -> Path:
    """A small project built with the installed oxpack: the generated module's file."""
    root = make_project({"saxpy.rs": SAXPY, "scale.rs": SCALE})
    build_into(root, tmp_path / "out", config=load_config(root, env={}))
    return tmp_path / "out" / "proj" / "kernels.py"


@pytest.fixture
def own_import(tmp_path: Path) -> Iterator[None]:
    """Lets a test import the built `proj`, and forgets it afterwards."""
    sys.path.insert(0, str(tmp_path / "out"))
    yield
    sys.path.remove(str(tmp_path / "out"))
    for name in [m for m in sys.modules if m == "proj" or m.startswith("proj.")]:
        del sys.modules[name]


def _manifest(module_file: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((module_file.parent / "_oxpack" / "kernels.json").read_text())
    return data


def test_the_manifest_records_the_kernel_files_and_oxpack(built: Path) -> None:
    sources = _manifest(built)["sources"]
    root = built.parents[2] / "proj"
    assert sources == {
        "kernels": {f"kernels/{n}": __import__("hashlib").sha256((root / "kernels" / n).read_bytes()).hexdigest()
                    for n in ("saxpy.rs", "scale.rs")},
        "kernel_globs": ["kernels/**/*.rs"],
        "oxpack": installed_oxpack_digest(),
    }


def test_the_installed_oxpack_is_this_checkout() -> None:
    """scripts/setup.sh installs oxpack from this checkout: the digest of what it installed and the one
    computed from the checkout agree (else the GPU tests could never pass)."""
    files = checkout_oxpack_files(REPO)
    assert "device/runtime.ll" in files and "runtime/runtime.py" in files and "plugin/hatch.py" in files, files
    assert all("__pycache__" not in name for name in files)
    assert installed_oxpack_digest() == files_digest({n: __import__("hashlib").sha256(p.read_bytes()).hexdigest()
                                                      for n, p in files.items()})


def test_a_fresh_build_matches_the_checkout(built: Path) -> None:
    assert build_problems(built, built.parents[2] / "proj") == []


def test_an_edited_added_or_removed_kernel_is_stale(built: Path) -> None:
    root = built.parents[2] / "proj"
    (root / "kernels" / "saxpy.rs").write_text(textwrap.dedent(SAXPY).replace("*yi += a", "*yi -= a"))
    (root / "kernels" / "scale.rs").unlink()
    (root / "kernels" / "more").mkdir()
    (root / "kernels" / "more" / "k.rs").write_text(textwrap.dedent(SCALE))
    assert build_problems(built, root) == [
        f"kernel file `kernels/more/k.rs` in {root} was not built",
        f"kernel file `kernels/saxpy.rs` in {root} changed since the build",
        f"kernel file `kernels/scale.rs` was built but is not in {root}",
    ]


def test_other_oxpack_files_are_stale(built: Path, tmp_path: Path) -> None:
    repo = tmp_path / "checkout"
    for folder in CHECKOUT_LAYOUT:
        shutil.copytree(REPO / folder, repo / folder, ignore=shutil.ignore_patterns("__pycache__"))
    proj = built.parents[2] / "proj"
    manifest = _manifest(built)
    from conftest import _provenance

    assert _provenance().stale(manifest, repo, proj) == []
    device = repo / "src" / "oxpack" / "device" / "runtime.ll"
    device.write_text(device.read_text() + "\n; a change\n")
    (problem,) = _provenance().stale(manifest, repo, proj)
    assert problem.startswith(f"oxpack's own files (src/oxpack/ of {repo}: "), problem
    assert "are not those of the oxpack that built it" in problem, problem


def test_a_manifest_without_sources_is_stale(built: Path) -> None:
    manifest = _manifest(built)
    del manifest["sources"]
    (built.parent / "_oxpack" / "kernels.json").write_text(json.dumps(manifest))
    assert build_problems(built, built.parents[2] / "proj") == [
        "its manifest records no `sources` (built by oxpack 0.1.0 before they were recorded)"]


def test_on_a_gpu_machine_a_stale_module_fails_the_file(built: Path, own_import: None) -> None:
    root = built.parents[2] / "proj"
    assert require_example("proj.kernels", project=root, gpu=True).__file__ == str(built)
    (root / "kernels" / "scale.rs").write_text(textwrap.dedent(SCALE).replace("*yi *= a", "*yi *= a + 1.0"))
    with pytest.raises(pytest.fail.Exception) as failed:
        require_example("proj.kernels", project=root, gpu=True)
    assert str(failed.value) == (
        f"`proj.kernels` at {built} was not built from this checkout: kernel file `kernels/scale.rs` in {root} "
        "changed since the build; build them where rustc is with `bash scripts/gpu-artifacts.sh`, then run the GPU "
        "tests here with `bash scripts/gpu-tests.sh`")
    assert require_example("proj.kernels", project=root, gpu=False).__file__ == str(built)  # no GPU: skipped anyway
    with pytest.raises(pytest.fail.Exception, match=r"built without --emulation \(put the example's `oxpack build "):
        require_example("proj.kernels", project=built.parents[2] / "proj", gpu=True, emulation=True)


def test_on_a_gpu_machine_a_missing_module_fails_the_file() -> None:
    with pytest.raises(pytest.fail.Exception) as failed:
        require_example("vecmath_not_installed.kernels", gpu=True)
    assert str(failed.value).startswith(
        "`import vecmath_not_installed.kernels` failed (No module named 'vecmath_not_installed') on this machine with "
        "a GPU: install the example's wheel (build them where rustc is with `bash scripts/gpu-artifacts.sh`"), failed
    absent = gpu_import("vecmath_not_installed", "install it", gpu=False)
    assert isinstance(absent, Absent)
    assert isinstance(absent.kernels.saxpy(1, 2), Absent)  # module-level uses collect; the tests are skipped


def test_the_example_built_here_passes_the_gpu_files_check(example_copy: Path, tmp_path: Path) -> None:
    """The check the GPU files make at import (`require_example(emulation=True)`, as on a GPU machine),
    on the example project built with --emulation, in a fresh interpreter; then on an edited copy."""
    out = tmp_path / "emu"
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(REPO / "example-project"), "--out", str(out),
                           "--emulation", "-q"], capture_output=True, text=True, timeout=1200, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    check = textwrap.dedent("""\
        import sys
        from pathlib import Path
        import pytest
        import conftest
        try:
            conftest.require_example(project=Path(sys.argv[1]), gpu=True, emulation=True)
        except pytest.fail.Exception as exc:
            print(exc)
            sys.exit(1)
        """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(out), str(REPO / "tests")])}
    ok = subprocess.run([sys.executable, "-c", check, str(example_copy)], capture_output=True, text=True,
                        env=env, timeout=300, check=False)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    gemm = example_copy / "kernels" / "gemm.rs"
    gemm.write_text(gemm.read_text() + "\n// edited after the build\n")
    stale = subprocess.run([sys.executable, "-c", check, str(example_copy)], capture_output=True, text=True,
                           env=env, timeout=300, check=False)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert stale.stdout.strip() == (
        f"`vecmath.kernels` at {out / 'vecmath' / 'kernels.py'} was not built from this checkout: kernel file "
        f"`kernels/gemm.rs` in {example_copy} changed since the build; build them where rustc is with "
        "`bash scripts/gpu-artifacts.sh`, then run the GPU tests here with `bash scripts/gpu-tests.sh`"), stale.stdout


@pytest.mark.slow
def test_a_wheel_built_with_build_isolation_records_this_checkout(make_project: MakeProject, oxpack_wheels: Path,
                                                                   tmp_path: Path) -> None:
    """The GPU tests' case: oxpack's wheel of this checkout, installed by pip into an isolated build
    environment, builds the package; its manifest matches the checkout."""
    import zipfile

    from conftest import _provenance, run_ok

    root = make_project({"saxpy.rs": SAXPY})
    with open(root / "pyproject.toml", "a") as f:
        f.write('\n[build-system]\nrequires = ["hatchling", "oxpack"]\nbuild-backend = "hatchling.build"\n'
                '\n[tool.hatch.build.targets.wheel]\npackages = ["src/proj"]\n\n[tool.hatch.build.hooks.oxpack]\n')
    (root / "pyproject.toml").write_text((root / "pyproject.toml").read_text().replace(
        "[tool.oxpack]", '[tool.oxpack]\npackage = "src/proj"\nmodule = "kernels"', 1))
    run_ok([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(root), "-w", str(tmp_path / "dist"),
            "--find-links", str(oxpack_wheels)])
    (wheel,) = (tmp_path / "dist").glob("proj-*.whl")
    manifest = json.loads(zipfile.ZipFile(wheel).read("proj/_oxpack/kernels.json"))
    assert _provenance().stale(manifest, REPO, root) == []


def test_a_gpu_test_without_its_site_variable_fails_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import gpu_site

    monkeypatch.delenv("OXPACK_SM80_SITE", raising=False)
    with pytest.raises(pytest.fail.Exception) as failed:
        gpu_site("OXPACK_SM80_SITE", "the example built for sm_80")
    assert str(failed.value) == (
        "environment variable OXPACK_SM80_SITE is not set: it names a folder with the example built for sm_80; build "
        "them where rustc is with `bash scripts/gpu-artifacts.sh`, then run the GPU tests here with "
        "`bash scripts/gpu-tests.sh`, which sets it")
    monkeypatch.setenv("OXPACK_SM80_SITE", "/some/site")
    assert gpu_site("OXPACK_SM80_SITE", "the example built for sm_80") == "/some/site"
