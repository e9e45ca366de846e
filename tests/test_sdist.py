"""oxpack's own sdist: what hatchling packs when a frontend asks for one, and nothing else."""

from __future__ import annotations

import sys
import tarfile
from pathlib import Path

from conftest import REPO, run_ok

PACKAGE_DIRS = ("toolchain", "plugin", "templates")  # what the wheel's `only-include` takes
TOP_FILES = {"PKG-INFO", "README.md", "pyproject.toml", ".gitignore"}  # .gitignore: hatchling adds it always


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
    assert {"README.md", "pyproject.toml", "PKG-INFO"} <= names

