"""Every Python that oxpack's `requires-python` declares, 3.10 to 3.13, from pyenv.

For each, as a new user on that Python starts: a fresh venv of that interpreter gets
oxpack (from the find-links folder of this checkout's wheel, its dependencies from the
index), `oxpack doctor` runs, `oxpack init` sets up a fresh project, the emulated CI of
docs/emulation.md and README's quickstart runs its scaffolded tests on the CPU (`oxpack build .
--emulation --out build/emu`, then `OXPACK_EMULATE=1 PYTHONPATH=build/emu python -m pytest tests`), `pip
wheel` builds the project's wheel (build isolation: the hook runs on that Python), and
the installed wheel passes the scaffolded tests. A Python that pyenv lacks fails the
test: it is not skipped (CI must test every declared Python). And the other way a new
user starts: `uv init --lib` (uv from PyPI), `oxpack init`, `uv build`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from conftest import REPO, UV_FRESH_OXPACK, run_ok

pytestmark = pytest.mark.slow

PYTHONS = ("3.10", "3.11", "3.12", "3.13")
ARCHS = 'archs = ["sm_90"]'  # one arch: this matrix tests Pythons, not archs


def _pyenv_root() -> Path:
    pyenv = shutil.which("pyenv") or str(Path.home() / ".pyenv" / "bin" / "pyenv")
    if Path(pyenv).is_file():
        proc = subprocess.run([pyenv, "root"], capture_output=True, text=True, check=False)
        if proc.returncode == 0 and proc.stdout.strip():
            return Path(proc.stdout.strip())
    return Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")


def _interpreter(version: str) -> Path:
    """pyenv's newest `version.x` interpreter; the test fails (one line) when there is none."""
    root = _pyenv_root()
    found = [p for p in (root / "versions").glob(f"{version}.*/bin/python{version}") if p.is_file()]
    if not found:
        pytest.fail(f"no Python {version} from pyenv: expected `{root}/versions/{version}.*/bin/python{version}`; "
                    f"install it with `pyenv install {version}` (oxpack tests every Python its `requires-python` "
                    "declares)", pytrace=False)
    return max(found, key=lambda p: tuple(int(n) for n in re.findall(r"\d+", p.parent.parent.name)))


def _env(**extra: str) -> dict[str, str]:
    """This process's environment less its venv: the new venv must not see our packages."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "OXPACK_EMULATE")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(Path(sys.prefix))))
    env.update(extra)
    return env


def test_the_matrix_starts_at_oxpacks_floor() -> None:
    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert declared == f">={PYTHONS[0]}", "a new floor in requires-python: move PYTHONS (and CI's pyenv) with it"


@pytest.mark.parametrize("version", PYTHONS)
def test_a_new_project_on_every_declared_python(version: str, tmp_path: Path, oxpack_wheels: Path) -> None:
    base = _interpreter(version)
    run_ok([str(base), "-m", "venv", str(tmp_path / "venv")], env=_env())
    python = tmp_path / "venv" / "bin" / "python"
    oxpack = tmp_path / "venv" / "bin" / "oxpack"
    find = ("--find-links", str(oxpack_wheels))
    run_ok([str(python), "-m", "pip", "install", "-q", "oxpack", "numpy", "pytest", *find], env=_env())
    assert run_ok([str(python), "-c", "import sys; print(sys.version_info[:2])"], env=_env()).stdout.strip() == \
        str(tuple(int(n) for n in version.split(".")))

    doctor = run_ok([str(oxpack), "doctor"], env=_env(), cwd=tmp_path)
    assert "everything needed to build is here" in doctor.stdout, doctor.stdout

    # a new user's project, set up by this Python's `oxpack init`
    project = tmp_path / "demo"
    (project / "src" / "demo").mkdir(parents=True)
    (project / "src" / "demo" / "__init__.py").write_text('"""demo."""\n')
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0.1.0"\n')
    run_ok([str(oxpack), "init", str(project)], env=_env())
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(re.sub(r"^archs = .*$", ARCHS, text, flags=re.M))

    # the documented emulated CI (docs/emulation.md): `oxpack build` on this Python, the scaffolded tests on the CPU
    run_ok([str(oxpack), "build", ".", "--emulation", "--out", "build/emu", "-q"], env=_env(), cwd=project)
    emulated = run_ok([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                      env=_env(OXPACK_EMULATE="1", PYTHONPATH="build/emu"), cwd=project)
    assert re.search(r"\b2 passed, 1 skipped\b", emulated.stdout), emulated.stdout  # the GPU test skips

    # the wheel, built by pip with build isolation (the hook runs on this Python), installed and tested
    dist = tmp_path / "dist"
    run_ok([str(python), "-m", "pip", "wheel", "-q", "--no-deps", str(project), "-w", str(dist), *find], env=_env())
    (wheel,) = dist.glob("demo-0.1.0-*.whl")
    run_ok([str(python), "-m", "pip", "install", "-q", str(wheel), *find], env=_env())
    installed = run_ok([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], env=_env(), cwd=project)
    # the host array is refused; built without emulation, the emulated test skips, and so does the GPU one
    assert re.search(r"\b1 passed, 2 skipped\b", installed.stdout), installed.stdout


def test_a_uv_init_lib_project_builds_with_uv(tmp_path: Path, oxpack_wheels: Path) -> None:
    """`uv init --lib` writes a uv_build project; `oxpack init` switches it to hatchling; `uv build` builds it,
    and the wheel, installed by uv, passes the scaffolded tests."""
    venv.create(tmp_path / "tools", with_pip=True)
    run_ok([str(tmp_path / "tools" / "bin" / "python"), "-m", "pip", "install", "-q", "uv"], env=_env())
    uv = str(tmp_path / "tools" / "bin" / "uv")
    python = str(_interpreter("3.12"))
    project = tmp_path / "uvdemo"
    run_ok([uv, "init", "--lib", "--no-workspace", "--vcs", "none", "--python", python, str(project)], env=_env())
    assert tomllib.loads((project / "pyproject.toml").read_text())["build-system"]["build-backend"] == "uv_build"
    init = run_ok([sys.executable, "-m", "oxpack", "init", str(project)])
    assert "from `uv_build` to hatchling" in init.stdout, init.stdout
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(re.sub(r"^archs = .*$", ARCHS, text, flags=re.M))

    dist = tmp_path / "dist"
    run_ok([uv, "build", "--wheel", "--python", python, str(project), "--out-dir", str(dist),
            "--find-links", str(oxpack_wheels), *UV_FRESH_OXPACK], env=_env())
    (wheel,) = dist.glob("uvdemo-0.1.0-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert {"uvdemo/py.typed", "uvdemo/kernels.py", "uvdemo/_oxpack/scale.fatbin"} <= set(archive.namelist())
    run_ok([uv, "venv", "-q", "--python", python, str(tmp_path / "venv")], env=_env())
    run_ok([uv, "pip", "install", "-q", "--python", str(tmp_path / "venv" / "bin" / "python"), str(wheel), "numpy",
            "pytest"], env=_env())
    proc = run_ok([str(tmp_path / "venv" / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                  env=_env(), cwd=project)
    assert re.search(r"\b1 passed, 2 skipped\b", proc.stdout), proc.stdout
