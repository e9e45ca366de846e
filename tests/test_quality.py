"""Static checks of oxpack itself: mypy --strict over the package as it is installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO


def test_mypy_strict_on_the_package_and_the_stub_runtime(tmp_path: Path) -> None:
    # the package as the checkout holds it (src/oxpack is the import tree): the runtime that stubs import
    # and the emulation runtime beside it (runtime/, what oxpack stages into a package's `_oxpack/`) included
    shutil.copytree(REPO / "src" / "oxpack", tmp_path / "oxpack", ignore=shutil.ignore_patterns("__pycache__"))
    cmd = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", str(REPO / "pyproject.toml"),
           "-p", "oxpack"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, env={"MYPYPATH": str(tmp_path),
                          "PATH": "/usr/bin:/bin"}, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("Success: no issues found")
