"""The field matrix: every way a user builds or installs a package with oxpack kernels.

Each test starts where a user starts: a fresh virtual environment holding only the
frontend (pip; pip and `build`; uv from PyPI), oxpack's wheel offered on a find-links
folder (built once per session from this checkout), and nothing else of ours on the
path. The frontends use build isolation, so the NVIDIA libraries live in pip's
overlay, uv's build environment or build's, never in this test's own venv. All
builds share the session's oxpack cache (`OXPACK_CACHE_DIR`) and the machine's pip
and uv caches, so only the first build of each project compiles anything.

Checks: the wheels of `pip wheel`, `python -m build` (sdist, then a wheel from it)
and `uv build` are byte-identical, for the example project, a fresh `oxpack init`
project in the src and the flat layout, and the scikit-build-core hybrid (C extension
included); each installed module imports and refuses a host array with oxpack's
message; editable installs import (pip and uv: hatchling in the src and flat layouts,
scikit-build-core's redirect mode; pip: its inplace mode too) and reflect a kernel
edit; a failing build shows oxpack's one line, and no traceback, in pip's default output.
The wheel builds share two frontend venvs (one with pip, one with pip and `build`).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

from conftest import EXAMPLE, REPO, UV_FRESH_OXPACK, MakeProject, run_ok

pytestmark = pytest.mark.slow

HYBRID = REPO / "tests" / "packages" / "hybrid"
ARCHS = 'archs = ["sm_90"]'  # the fresh `oxpack init` projects build one arch: the matrix tests installs, not archs


@pytest.fixture(scope="session")
def field(tmp_path_factory: pytest.TempPathFactory, oxpack_wheels: Path) -> dict[str, Path]:
    """Shared across the module: oxpack's wheel folder and a tool venv holding uv (from PyPI)."""
    root = tmp_path_factory.mktemp("field")
    tools = root / "tools"
    venv.create(tools, with_pip=True)
    run_ok([str(tools / "bin" / "python"), "-m", "pip", "install", "-q", "uv"])
    return {"root": root, "wheels": oxpack_wheels, "uv": tools / "bin" / "uv"}


def _env(**extra: str) -> dict[str, str]:
    """This process's environment less its venv: the frontends must not see our packages."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(Path(sys.prefix))))
    env.update(extra)
    return env


def _pristine(where: Path, *frontend: str) -> Path:
    """A fresh venv with pip (and `frontend` packages): its python."""
    venv.create(where, with_pip=True, clear=True)
    python = where / "bin" / "python"
    if frontend:
        run_ok([str(python), "-m", "pip", "install", "-q", *frontend], env=_env())
    return python


def _pip(python: Path, wheels: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_ok([str(python), "-m", "pip", *args, "--find-links", str(wheels)], env=_env(), cwd=cwd)


def _refuses_a_host_array(python: Path, module: str, kernel: str, call: str) -> None:
    """The installed module imports (from a neutral folder) and refuses a NumPy array with oxpack's message."""
    script = textwrap.dedent(f"""\
        import numpy as np
        import {module} as m
        try:
            m.{kernel}({call})
        except TypeError as exc:
            print(type(exc).__name__, exc)
        else:
            raise SystemExit("a host array was accepted")
        """)
    proc = run_ok([str(python), "-c", script], env=_env(), cwd=python.parent)
    assert proc.stdout.startswith("KernelArgumentError "), proc.stdout
    assert re.search(r"host memory", proc.stdout), proc.stdout


def _kernel_names(python: Path, module: str) -> tuple[list[str], str]:
    """The kernels of the module imported now (a fresh interpreter), from the manifest beside it, and what
    its import printed on stderr."""
    script = (f"import json, pathlib, {module} as m; path = pathlib.Path(m.__file__); "
              "manifest = json.loads((path.parent / '_oxpack' / f'{path.stem}.json').read_text()); "
              "print(json.dumps(sorted(k for k in manifest['kernels'] if callable(getattr(m, k, None)))))")
    proc = run_ok([str(python), "-c", script], env=_env(), cwd=python.parent)
    return json.loads(proc.stdout), proc.stderr


def _init_project(root: Path, *, layout: str) -> Path:
    """A fresh project as a user makes one, then `oxpack init`: `src` or flat layout."""
    project = root / f"demo-{layout}"
    package = project / ("src/demo" if layout == "src" else "demo")
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""demo."""\n')
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0.1.0"\n')
    run_ok([sys.executable, "-m", "oxpack", "init", str(project)])
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(re.sub(r"^archs = .*$", ARCHS, text, flags=re.M))
    return project


def _rename_kernel(project: Path, old: str, new: str) -> None:
    kernel = next(project.glob("kernels/*.rs"))
    text = kernel.read_text()
    assert f"pub fn {old}(" in text
    kernel.write_text(text.replace(f"pub fn {old}(", f"pub fn {new}("))


# --- NVIDIA's libraries wherever the Python imports them from ---------------------------------

NVIDIA = ["cuda-bindings", "nvidia-nvjitlink", "nvidia-nvfatbin"]
PROBE = ("from oxpack.toolchain.nvidia import load_nvidia_library, nvfatbin_version, nvjitlink_version; "
         "print(nvjitlink_version(), load_nvidia_library('nvJitLink')); "
         "print(nvfatbin_version(), load_nvidia_library('nvFatbin'))")


def _probe(python: Path, env: dict[str, str]) -> list[str]:
    return run_ok([str(python), "-c", PROBE], env=env, cwd=python.parent).stdout.splitlines()


@pytest.mark.parametrize("where", ["target", "prefix", "user", "system-site-packages"])
def test_nvidia_libraries_are_found_where_python_imports_them(where: str, field: dict[str, Path],
                                                             tmp_path: Path) -> None:
    """Outside the venv's site-packages, where cuda.pathfinder alone does not look."""
    (wheel,) = field["wheels"].glob("oxpack-*.whl")
    python = _pristine(tmp_path / "venv")
    run_ok([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], env=_env())
    env = _env()
    if where == "target":
        folder = tmp_path / "target"
        run_ok([str(python), "-m", "pip", "install", "-q", "--target", str(folder), *NVIDIA], env=env)
        env["PYTHONPATH"] = str(folder)
    elif where == "prefix":
        folder = tmp_path / "prefix"
        run_ok([str(python), "-m", "pip", "install", "-q", "--prefix", str(folder), *NVIDIA], env=env)
        (site,) = folder.glob("lib/python3*/site-packages")
        env["PYTHONPATH"] = str(site)
    elif where == "user":
        # a venv ignores the user site; the interpreter the venv was made from reads it
        folder = tmp_path / "home"
        env["PYTHONUSERBASE"] = str(folder)
        python = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
        user = [str(python), "-m", "pip", "install", "-q", "--user", "--no-warn-script-location"]
        run_ok([*user, "--no-deps", str(wheel)], env=env)
        run_ok([*user, *NVIDIA], env=env)
    else:
        # a venv with --system-site-packages also reads the user site (a plain venv does not)
        folder = tmp_path / "home"
        env["PYTHONUSERBASE"] = str(folder)
        base = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
        run_ok([str(base), "-m", "pip", "install", "-q", "--user", "--no-warn-script-location", *NVIDIA], env=env)
        run_ok([str(base), "-m", "venv", "--system-site-packages", str(tmp_path / "inner")], env=env)
        python = tmp_path / "inner" / "bin" / "python"
        run_ok([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], env=env)
    lines = _probe(python, env)
    assert len(lines) == 2, lines
    for line in lines:
        version, path = line.split(" ", 1)
        assert re.fullmatch(r"\d+\.\d+", version) and Path(path).is_relative_to(folder), line


def test_a_missing_library_names_the_package_and_the_interpreter(field: dict[str, Path], tmp_path: Path) -> None:
    (wheel,) = field["wheels"].glob("oxpack-*.whl")
    python = _pristine(tmp_path / "venv")
    run_ok([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], env=_env())
    run_ok([str(python), "-m", "pip", "install", "-q", "cuda-bindings"], env=_env())  # the bindings, not the libraries
    proc = subprocess.run([str(python), "-m", "oxpack", "doctor"], env=_env(), capture_output=True, text=True,
                          cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    expected = (f"problem: nvJitLink (libnvJitLink.so.13) is found neither in an `nvidia` package that {python} "
                f"imports nor in a CUDA toolkit: install the pip package `nvidia-nvjitlink` into that environment "
                f"(`{python} -m pip install nvidia-nvjitlink`; in a pyproject build, `oxpack` in "
                "`build-system.requires` brings it)")
    assert expected in proc.stdout.splitlines(), proc.stdout


# --- three frontends, one wheel: the example, an `init` project (src and flat), the hybrid -------


@pytest.fixture(scope="module")
def example(field: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("example") / "example-project"
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__"))
    return dest


@pytest.fixture(scope="module")
def frontends(field: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two pristine venvs shared by the module's wheel builds (a build leaves its venv as it was):
    one holding pip only, one holding pip and `build`."""
    root = tmp_path_factory.mktemp("frontends")
    return {"pip": _pristine(root / "pip"), "build": _pristine(root / "build", "build")}


def _documented_builds() -> list[list[str]]:
    """The commands of docs/install.md's "Building against a local oxpack", as words: the first builds
    oxpack's wheel (what the `oxpack_wheels` fixture does), the others the package, one frontend each."""
    text = (REPO / "docs" / "install.md").read_text()
    body = text.split("## Building against a local oxpack", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    lines = [shlex.split(line) for line in body.splitlines() if line.strip()]
    assert lines[0] == ["pip", "wheel", "--no-deps", "/path/to/oxpack", "-w", "/path/to/wheels"], lines[0]
    assert [line[0] for line in lines[1:]] == ["pip", "PIP_FIND_LINKS=/path/to/wheels", "uv"], lines
    return lines[1:]


def _three_wheels(project: Path, field: dict[str, Path], frontends: dict[str, Path], out: Path,
                  **env: str) -> tuple[Path, Path, Path]:
    """The project's wheel by `pip wheel`, by `python -m build` (sdist, then a wheel from that sdist)
    and by `uv build`, each in its own build environment, by the commands docs/install.md gives;
    `env` is added to the frontends' environment."""
    wheels = field["wheels"]
    by = {"pip": out / "by-pip", "PIP_FIND_LINKS=/path/to/wheels": out / "by-build", "uv": out / "by-uv"}
    for words in _documented_builds():
        extra = dict(env)
        words = [str(wheels) if w == "/path/to/wheels" else str(project) if w == "." else
                 str(by[words[0]]) if w == "dist" else w for w in words]
        if words[0].startswith("PIP_FIND_LINKS="):
            extra["PIP_FIND_LINKS"] = f"{wheels} {os.environ.get('PIP_FIND_LINKS', '')}".strip()
            words = words[1:]
        head = {"pip": [str(frontends["pip"]), "-m", "pip"], "python": [str(frontends["build"])],
                "uv": [str(field["uv"])]}[words[0]]
        run_ok([*head, *words[1:]], env=_env(**extra))
    assert len(list((out / "by-build").glob("*.tar.gz"))) == 1
    (a,), (b,), (c,) = ((out / d).glob("*.whl") for d in ("by-pip", "by-build", "by-uv"))
    return a, b, c


@pytest.mark.parametrize("which", ["example", "init-src", "init-flat"])
def test_pip_build_and_uv_make_the_same_wheel(which: str, field: dict[str, Path], frontends: dict[str, Path],
                                              request: pytest.FixtureRequest, tmp_path: Path) -> None:
    if which == "example":
        project, name = request.getfixturevalue("example"), "vecmath-0.1.0-py3-none-any.whl"
    else:
        # py3, not py2.py3: `oxpack init` adds requires-python
        project, name = _init_project(tmp_path, layout=which.removeprefix("init-")), "demo-0.1.0-py3-none-any.whl"
    a, b, c = _three_wheels(project, field, frontends, tmp_path)
    assert a.name == b.name == c.name == name
    assert a.read_bytes() == b.read_bytes() == c.read_bytes(), "pip, build and uv made different wheels"


def test_pip_install_of_the_example(field: dict[str, Path], example: Path, tmp_path: Path) -> None:
    python = _pristine(tmp_path / "venv")
    _pip(python, field["wheels"], "install", "-q", str(example))
    _refuses_a_host_array(python, "vecmath.kernels", "saxpy", "2.0, np.ones(4, np.float32), np.ones(4, np.float32)")


def test_pip_install_editable_of_the_example(field: dict[str, Path], example: Path, tmp_path: Path) -> None:
    python = _pristine(tmp_path / "venv")
    _pip(python, field["wheels"], "install", "-q", "-e", str(example))
    _refuses_a_host_array(python, "vecmath.kernels", "saxpy", "2.0, np.ones(4, np.float32), np.ones(4, np.float32)")


# --- a fresh `oxpack init` project, src and flat layouts --------------------------------------


@pytest.mark.parametrize("layout", ["src", "flat"])
def test_init_project_pip_install(layout: str, field: dict[str, Path], tmp_path: Path) -> None:
    """(`pip wheel` of the same project: test_pip_build_and_uv_make_the_same_wheel.)"""
    project = _init_project(tmp_path, layout=layout)
    python = _pristine(tmp_path / "venv")
    _pip(python, field["wheels"], "install", "-q", str(project))
    _refuses_a_host_array(python, "demo.kernels", "scale", "2.0, np.ones(4, np.float32), np.ones(4, np.float32)")


@pytest.mark.parametrize("layout", ["src", "flat"])
def test_init_project_pip_install_editable_reflects_an_edit(layout: str, field: dict[str, Path], tmp_path: Path) -> None:
    project = _init_project(tmp_path, layout=layout)
    python = _pristine(tmp_path / "venv")
    _pip(python, field["wheels"], "install", "-q", "-e", str(project))
    _refuses_a_host_array(python, "demo.kernels", "scale", "2.0, np.ones(4, np.float32), np.ones(4, np.float32)")
    assert _kernel_names(python, "demo.kernels")[0] == ["scale"]
    _rename_kernel(project, "scale", "scale_by")
    # oxpack lived in pip's build environment only: the import says how to rebuild, keeps the old module
    names, stderr = _kernel_names(python, "demo.kernels")
    assert names == ["scale"] and f"run `pip install -e {project}` again" in stderr, stderr
    _pip(python, field["wheels"], "install", "-q", "-e", str(project))
    assert _kernel_names(python, "demo.kernels") == (["scale_by"], "")


def _uv_venv(field: dict[str, Path], where: Path) -> tuple[Path, list[str], dict[str, str]]:
    """A fresh venv made by uv (no pip in it): its python, `uv pip install` with oxpack's wheel folder, the env."""
    uv = str(field["uv"])
    run_ok([uv, "venv", "-q", str(where)], env=_env())
    return (where / "bin" / "python", [uv, "pip", "install", "-q", "--find-links", str(field["wheels"]), *UV_FRESH_OXPACK],
            _env(VIRTUAL_ENV=str(where)))


@pytest.mark.parametrize("layout", ["src", "flat"])
def test_init_project_uv_pip_install_editable_rebuilds_on_import(layout: str, field: dict[str, Path],
                                                                 tmp_path: Path) -> None:
    project = _init_project(tmp_path, layout=layout)
    python, uv_install, uv_env = _uv_venv(field, tmp_path / "venv")
    run_ok([*uv_install, "-e", str(project)], env=uv_env)
    _refuses_a_host_array(python, "demo.kernels", "scale", "2.0, np.ones(4, np.float32), np.ones(4, np.float32)")
    # with oxpack in the environment, an edit is rebuilt by the next import, and only once
    run_ok([*uv_install, "oxpack"], env=uv_env)
    _rename_kernel(project, "scale", "scale_by")
    assert _kernel_names(python, "demo.kernels") == (["scale_by"], "")
    stamp = project / "build" / "oxpack-editable" / "oxpack-editable.json"
    before = stamp.stat().st_mtime_ns
    assert _kernel_names(python, "demo.kernels") == (["scale_by"], "")
    assert stamp.stat().st_mtime_ns == before, "an unchanged import rebuilt"


# --- the scikit-build-core hybrid -------------------------------------------------------------


@pytest.fixture
def hybrid(tmp_path: Path) -> Path:
    dest = tmp_path / "hybrid"
    shutil.copytree(HYBRID, dest, ignore=shutil.ignore_patterns("build", "dist", "__pycache__"))
    return dest


def test_hybrid_pip_build_and_uv_make_the_same_wheel(field: dict[str, Path], frontends: dict[str, Path],
                                                     hybrid: Path, tmp_path: Path) -> None:
    """Byte-identical too, C extension included, once the zip entries' times are fixed: scikit-build-core
    (unlike hatchling) stamps each wheel entry with its file's mtime, or the time of the build, unless
    SOURCE_DATE_EPOCH (or its own `wheel.reproducible`) is set; without it the three wheels differ in those
    times only (seen: same names, same bytes in every entry, the `.so` and oxpack's files included)."""
    a, b, c = _three_wheels(hybrid, field, frontends, tmp_path / "out", SOURCE_DATE_EPOCH="1700000000")
    assert a.name == b.name == c.name and a.name.startswith("hybrid-0.1.0-cp3"), (a.name, b.name, c.name)
    assert a.read_bytes() == b.read_bytes() == c.read_bytes(), "pip, build and uv made different wheels"


def test_hybrid_pip_wheel_and_install(field: dict[str, Path], hybrid: Path, tmp_path: Path) -> None:
    python = _pristine(tmp_path / "venv")
    _pip(python, field["wheels"], "install", "-q", str(hybrid))
    _refuses_a_host_array(python, "hybrid.gpu", "vadd", "np.ones(4, np.float32), np.ones(4, np.float32), "
                                                        "np.ones(4, np.float32)")


@pytest.mark.parametrize("mode", ["redirect", "inplace"])
def test_hybrid_pip_install_editable(mode: str, field: dict[str, Path], hybrid: Path, tmp_path: Path) -> None:
    if mode == "inplace":
        # inplace builds in the source folder and installs nothing: the sample's own C extension must be
        # put into the package folder by its CMakeLists.txt (oxpack_add_kernels does so for the kernels)
        with (hybrid / "CMakeLists.txt").open("a") as cmake:
            cmake.write('set_target_properties(_native PROPERTIES LIBRARY_OUTPUT_DIRECTORY '
                        '"${CMAKE_SOURCE_DIR}/src/hybrid")\n')
    python = _pristine(tmp_path / "venv")
    _pip(python, field["wheels"], "install", "-q", "-e", str(hybrid), f"--config-settings=editable.mode={mode}")
    _refuses_a_host_array(python, "hybrid.gpu", "vadd", "np.ones(4, np.float32), np.ones(4, np.float32), "
                                                        "np.ones(4, np.float32)")
    _rename_kernel(hybrid, "vadd", "vadd2")
    _pip(python, field["wheels"], "install", "-q", "-e", str(hybrid), f"--config-settings=editable.mode={mode}")
    assert _kernel_names(python, "hybrid.gpu")[0] == ["vadd2"]


def test_hybrid_uv_pip_install_editable(field: dict[str, Path], hybrid: Path, tmp_path: Path) -> None:
    """scikit-build-core's default editable mode (redirect) under uv: its import hook finds the installed
    module, which refuses a host array with oxpack's message."""
    python, uv_install, uv_env = _uv_venv(field, tmp_path / "venv")
    run_ok([*uv_install, "-e", str(hybrid), "--config-settings", "editable.mode=redirect"], env=uv_env)
    _refuses_a_host_array(python, "hybrid.gpu", "vadd", "np.ones(4, np.float32), np.ones(4, np.float32), "
                                                        "np.ones(4, np.float32)")
    proc = run_ok([str(python), "-c", "import hybrid._native, hybrid.gpu as g; print(g.__file__)"], env=_env(),
                  cwd=python.parent)
    assert Path(proc.stdout.strip()).is_relative_to(tmp_path / "venv"), proc.stdout  # installed, not in the source


# --- a failing build: one line in pip's default output ----------------------------------------


def test_a_failing_build_shows_one_line_in_pip_and_uv_output(field: dict[str, Path], tmp_path: Path) -> None:
    project = _init_project(tmp_path, layout="src")
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(text.replace(ARCHS, 'archs = ["sm_99"]'))
    python = _pristine(tmp_path / "venv")
    pip = [str(python), "-m", "pip", "wheel", "--no-deps", str(project), "-w", str(tmp_path / "dist"),
           "--find-links", str(field["wheels"])]
    uv = [str(field["uv"]), "build", "--wheel", str(project), "--out-dir", str(tmp_path / "dist"),
          "--find-links", str(field["wheels"]), *UV_FRESH_OXPACK]
    for frontend in (pip, uv):
        proc = subprocess.run(frontend, env=_env(), capture_output=True, text=True, check=False)
        out = proc.stdout + proc.stderr
        assert proc.returncode != 0 and not list((tmp_path / "dist").glob("*.whl"))
        assert "Traceback" not in out, out
        (line,) = [line.strip() for line in out.splitlines() if "oxpack:" in line]
        assert line.startswith("oxpack: option `archs` in `tool.oxpack` of pyproject.toml: `sm_99` is not an arch "), out
        assert re.search(r"; supported: sm_80, .*sm_90", line), line


# --- a rustc error that involves the device crate names a file the user can open ----------------


def test_rustc_notes_point_at_the_installed_device_crate(make_project: MakeProject) -> None:
    from oxpack import data_dir
    from oxpack.errors import StageError
    from oxpack.package.outputs import build_into

    root = make_project({"k.rs": """\
        use oxpack::prelude::*;

        kernel! {
            pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
                if let Some(o) = out.get_mut(7u8) {
                    *o = i.get() as f32;
                }
            }
        }
        """})
    with pytest.raises(StageError) as caught:
        build_into(root, root / "out")
    stderr = caught.value.stderr
    match = re.search(r"--> (\S+\.rs):\d+:\d+", stderr.split("note:", 1)[-1])
    assert match and Path(match.group(1)).is_file(), stderr
    assert Path(match.group(1)).is_relative_to(data_dir("device")) and "--> /oxpack/device/" not in stderr, stderr
