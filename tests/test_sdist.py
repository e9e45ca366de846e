"""oxpack's own sdist: what hatchling packs when a frontend asks for one, and nothing else."""

from __future__ import annotations

import sys
import tarfile
import venv
from pathlib import Path

import pytest

from conftest import REPO, run_ok

PACKAGE_DIRS = ("src",)  # the wheel's `packages` (src/oxpack)
TOP_FILES = {"PKG-INFO", "README.md", "LICENSE", "pyproject.toml", ".gitignore"}  # .gitignore: hatchling adds it always


def _checkout_files(*folders: str) -> set[str]:
    """Files under `folders` that hatchling sees: tracked or untracked, not ignored by git."""
    proc = run_ok(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", *folders], cwd=REPO)
    return {name for name in proc.stdout.split("\0") if name and (REPO / name).is_file()}


def test_the_sdist_holds_only_what_oxpack_needs(tmp_path: Path) -> None:
    # the PEP 517 hook that pip, build and uv call, from this checkout
    script = "import sys; from hatchling.build import build_sdist; print(build_sdist(sys.argv[1]))"
    proc = run_ok([sys.executable, "-c", script, str(tmp_path)], cwd=REPO)
    sdist = tmp_path / proc.stdout.strip().splitlines()[-1]
    with tarfile.open(sdist) as tar:
        names = {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile()}
    strays = sorted(n for n in names if n not in TOP_FILES and n.split("/")[0] not in PACKAGE_DIRS)
    assert not strays, f"files oxpack does not need in its sdist: {strays}"
    assert {n for n in names if n.split("/")[0] in PACKAGE_DIRS} == _checkout_files(*PACKAGE_DIRS)
    assert {"README.md", "LICENSE", "pyproject.toml", "PKG-INFO"} <= names



@pytest.mark.slow
def test_an_editable_install_of_oxpack_from_a_fresh_venv(tmp_path: Path) -> None:
    """`pip install -e .` of oxpack itself: the checkout's `src/oxpack` is what imports, templates and
    device crate included (the source tree is the import tree, with no remap)."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    run_ok([str(python), "-m", "pip", "install", "-q", "-e", str(REPO)], cwd=tmp_path)
    script = ("import oxpack, oxpack.plugin.hooks, oxpack.plugin.cmake as c, oxpack.cli; "
              "print(oxpack.__file__); print(oxpack.data_dir('templates')); print(oxpack.data_dir('runtime')); "
              "print(oxpack.data_dir('device')); print(c.__file__)")
    out = run_ok([str(python), "-c", script], cwd=tmp_path).stdout.split()
    src = REPO / "src" / "oxpack"
    assert out == [str(src / "__init__.py"), str(src / "templates"), str(src / "runtime"), str(src / "device"),
                   str(src / "plugin" / "cmake" / "__init__.py")], out
    # the console script runs the checkout's CLI
    assert run_ok([str(env_dir / "bin" / "oxpack"), "--version"], cwd=tmp_path).stdout.startswith("oxpack ")
