"""The scikit-build-core path: `src/oxpack/plugin/cmake/Oxpack.cmake` and its `oxpack_add_kernels()`.

Argument errors (a CMake configure per bad call), an incremental CMake + ninja build of
the sample project `tests/packages/hybrid` (a C extension and kernels), and a real
`pip wheel` of it with build isolation, installed into a fresh venv.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
import venv
import zipfile
from pathlib import Path

import pytest
from conftest import REPO, run_ok, wheel_into_venv

from oxpack.cli import main
from oxpack.package.stubs import _RUNTIME

SAMPLE = Path(__file__).resolve().parent / "packages" / "hybrid"
MODULE_DIR = REPO / "src" / "oxpack" / "plugin" / "cmake"
ACCEPTED = "accepted arguments: SOURCES, DESTINATION, ARCHS, PTX, MODULE, PROJECT_DIR"


def _tool(name: str) -> str:
    """CMake or ninja from PyPI (the `cmake` / `ninja` packages), else from PATH."""
    try:
        if name == "cmake":
            import cmake

            return str(Path(cmake.CMAKE_BIN_DIR) / "cmake")
        import ninja

        return str(Path(ninja.BIN_DIR) / "ninja")
    except ImportError:
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"needs {name}: pip install cmake ninja")
        return found


# --- bad calls: one line that names the argument and the fix ------------------------------

BAD_CALLS = [
    ("oxpack_add_kernels(k DESTINATION pkg)",
     "oxpack_add_kernels(k): missing SOURCES: name the kernel files, as in SOURCES kernels/saxpy.rs"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs)",
     "oxpack_add_kernels(k): missing DESTINATION: name the package folder inside the wheel that receives "
     "the module, as in DESTINATION mypkg"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs ARCH sm_90 DESTINATION pkg)",
     f"oxpack_add_kernels(k): unknown argument `ARCH` (did you mean ARCHS?); {ACCEPTED}"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs DESTINATION pkg OPT_LEVEL 2)",
     f"oxpack_add_kernels(k): unknown argument `OPT_LEVEL`; {ACCEPTED}"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs DESTINATION pkg extra)",
     "oxpack_add_kernels(k): unexpected argument `extra`; DESTINATION, PTX, MODULE and PROJECT_DIR take one "
     "value each"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs DESTINATION)",
     "oxpack_add_kernels(k): DESTINATION is given without a value; give it one or remove it"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs kernels/b.cu DESTINATION pkg)",
     f"oxpack_add_kernels(k): SOURCES item `kernels/b.cu` is not a `.rs` kernel file; {ACCEPTED}"),
    ("oxpack_add_kernels(k SOURCES kernels/gone.rs DESTINATION pkg)",
     "oxpack_add_kernels(k): SOURCES item `kernels/gone.rs` does not exist (looked for {root}/kernels/gone.rs)"),
    ("oxpack_add_kernels(k SOURCES kernels/a.rs DESTINATION ../pkg)",
     "oxpack_add_kernels(k): DESTINATION `../pkg` must be a package folder relative to the wheel root, "
     "as in DESTINATION mypkg"),
    ("set(Python_EXECUTABLE /bin/false)\noxpack_add_kernels(k SOURCES kernels/a.rs DESTINATION pkg)",
     'oxpack_add_kernels(k): `/bin/false -m oxpack` does not run; add "oxpack" to build-system.requires in '
     "pyproject.toml"),
    ("oxpack_add_kernels(SOURCES kernels/a.rs DESTINATION pkg)",
     "oxpack_add_kernels: the first argument must be a target name, as in "
     "oxpack_add_kernels(mykernels SOURCES kernels/saxpy.rs DESTINATION mypkg)"),
]


@pytest.mark.parametrize(("call", "message"), BAD_CALLS, ids=[c for c, _ in BAD_CALLS])
def test_a_bad_call_fails_the_configure_with_one_line(call: str, message: str, tmp_path: Path) -> None:
    root = tmp_path / "src"
    (root / "kernels").mkdir(parents=True)
    (root / "kernels" / "a.rs").write_text("")
    (root / "pyproject.toml").write_text('[project]\nname = "pkg"\nversion = "0.1.0"\n')
    (root / "CMakeLists.txt").write_text("\n".join([
        "cmake_minimum_required(VERSION 3.18)", "project(bad LANGUAGES NONE)",
        f'list(APPEND CMAKE_MODULE_PATH "{MODULE_DIR.as_posix()}")', "include(Oxpack)", call, ""]))
    proc = subprocess.run([_tool("cmake"), "-S", str(root), "-B", str(tmp_path / "build")],
                          capture_output=True, text=True, check=False)
    assert proc.returncode != 0
    lines = [line.strip() for line in proc.stderr.splitlines()]
    assert message.format(root=root.resolve()) in lines, proc.stderr


def test_a_bad_package_path_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(tmp_path), "--package-path", "../pkg"]) == 1
    assert capsys.readouterr().err == ("oxpack: error: `--package-path ../pkg` must be the package's folder inside "
                                       "the wheel: Python identifiers separated by `/`, like `mypkg` or `mypkg/sub`\n")


# --- CMake + ninja directly: the kernel step re-runs only when a kernel file changes --------

def _ninja(build: Path) -> str:
    return run_ok([_tool("cmake"), "--build", str(build)]).stdout


def _touch(path: Path, build: Path) -> None:
    """Make `path` newer than every file the last build wrote, by the file system's own clock.

    `time.time()` runs ahead of the coarse clock that stamps files: a source stamped with it could
    stay newer than the output its rebuild then writes, and the next ninja run rebuilt it again. So
    wait until a freshly written file is stamped later than the build's newest, and take that stamp:
    what the rebuild writes next is stamped no earlier."""
    newest = max(p.stat().st_mtime_ns for p in build.rglob("*") if p.is_file())
    probe = build.parent / ".touch-probe"
    deadline = time.monotonic() + 10
    while True:
        probe.write_bytes(b"")
        stamp = probe.stat().st_mtime_ns
        if stamp > newest:
            break
        assert time.monotonic() < deadline, "the file system's clock did not move for 10 s"
        time.sleep(0.001)
    probe.unlink()
    os.utime(path, ns=(stamp, stamp))


def test_cmake_build_reruns_the_kernels_only_when_a_kernel_file_changes(tmp_path: Path) -> None:
    source, build, prefix = tmp_path / "hybrid", tmp_path / "build", tmp_path / "install"
    shutil.copytree(SAMPLE, source)
    run_ok([_tool("cmake"), "-S", str(source), "-B", str(build), "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={_tool('ninja')}",
          f"-DCMAKE_MODULE_PATH={MODULE_DIR.as_posix()}", f"-DPython_EXECUTABLE={sys.executable}"])
    first = _ninja(build)
    assert "oxpack: building GPU kernels kernels/vadd.rs" in first and "native.c" in first
    assert "ninja: no work to do." in _ninja(build)
    _touch(source / "src" / "native.c", build)
    c_only = _ninja(build)
    assert "native.c" in c_only and "oxpack" not in c_only
    _touch(source / "kernels" / "vadd.rs", build)
    again = _ninja(build)
    assert "oxpack: building GPU kernels kernels/vadd.rs" in again and "native.c" not in again

    run_ok([_tool("cmake"), "--install", str(build), "--prefix", str(prefix)])
    installed = sorted(p.relative_to(prefix).as_posix() for p in prefix.rglob("*") if p.is_file())
    assert [n for n in installed if "_native" not in n] == [
        *sorted(f"hybrid/_oxpack/{n}" for n in ("__init__.py", "gpu.json", "gpu_launchers.py", *_RUNTIME, "torch_ops.py",
                                                 "jax_ffi.py")), "hybrid/_oxpack/vadd.fatbin", "hybrid/gpu.py",
        "hybrid/gpu.pyi", "hybrid/gpu_jax.py", "hybrid/gpu_torch.py", "hybrid/py.typed"]
    assert any(n.startswith("hybrid/_native.") and n.endswith(".so") for n in installed)


# --- a real wheel: pip, build isolation, CMake and ninja from PyPI, a fresh venv -----------

@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, oxpack_wheels: Path) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("cmake-wheel")
    project = root / "hybrid"
    shutil.copytree(SAMPLE, project)
    # Newer than Debian 12's CMake 3.25 and ninja 1.11: scikit-build-core takes both from PyPI.
    env = dict(os.environ, SKBUILD_CMAKE_VERSION=">=3.26", SKBUILD_NINJA_VERSION=">=1.12")
    return wheel_into_venv(project, root, oxpack_wheels, ["numpy"], env=env)


@pytest.mark.slow
def test_wheel_holds_the_extension_the_fatbin_and_the_stubs(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as zf:
        names = set(zf.namelist())
        assert zf.read("hybrid/_oxpack/vadd.fatbin")[:4] == bytes.fromhex("50ed55ba")
        manifest = json.loads(zf.read("hybrid/_oxpack/gpu.json"))
    for name in ("hybrid/__init__.py", "hybrid/gpu.py", "hybrid/gpu.pyi", "hybrid/py.typed",
                 "hybrid/_oxpack/__init__.py", *(f"hybrid/_oxpack/{n}" for n in _RUNTIME)):
        assert name in names, name
    assert any(n.startswith("hybrid/_native.") and n.endswith(".so") for n in names)
    assert manifest["archs"] == ["sm_90"]  # ARCHS in CMakeLists.txt; the module name `gpu` from [tool.oxpack]
    assert not any(n.endswith((".rs", ".c")) for n in names), "sources stay out of the wheel"


@pytest.mark.slow
def test_installed_wheel_imports_both_and_refuses_a_host_array(built: dict[str, Path]) -> None:
    code = textwrap.dedent(
        """
        import numpy as np
        import hybrid
        from hybrid import gpu
        print("add:", hybrid.add(2, 40))
        print("kernels:", sorted(n for n in dir(gpu) if not n.startswith("_")))
        try:
            gpu.vadd(np.ones(8, np.float32), np.ones(8, np.float32), np.zeros(8, np.float32))
        except TypeError as exc:
            print("refused:", exc)
        """
    )
    out = run_ok([str(built["python"]), "-c", code], cwd=built["root"]).stdout
    assert "add: 42" in out
    assert "'vadd'" in out
    assert ("refused: vadd(): argument `x` is in host memory (numpy.ndarray); move it to the GPU first "
            "(e.g. cupy.asarray)") in out.splitlines(), out


def test_the_docs_show_the_sample_project_as_it_is() -> None:
    page = (REPO / "docs" / "scikit-build-core.md").read_text()
    for name in ("pyproject.toml", "CMakeLists.txt"):
        assert (SAMPLE / name).read_text() in page, (
            f"docs/scikit-build-core.md's {name} differs from tests/packages/hybrid/{name}")
