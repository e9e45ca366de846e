"""What a CI run (`.ci/run`) promises: only GPU tests skip there; anything else that skips fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

SAMPLE = """\
import pytest

def test_needs_a_tool() -> None:
    pytest.skip("needs a tool: pip install tool")

@pytest.mark.skipif(True, reason="needs a library")
def test_marked_skip() -> None:
    pass

@pytest.mark.gpu
def test_on_the_gpu() -> None:
    pass

@pytest.mark.xfail(reason="a known bug", strict=True)
def test_known_bug() -> None:
    assert False

def test_runs() -> None:
    pass
"""


def _run(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    """The sample, with this suite's conftest.py loaded as a plugin (`-p conftest`)."""
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    gpu: needs a GPU\n")
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "tests"), *filter(None, [env.get("PYTHONPATH")])])
    if ci is not None:
        env["CI"] = ci
    cmd = [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-p", "conftest", str(tmp_path)]
    return subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=tmp_path, env=env, timeout=300)


def test_in_ci_a_skip_outside_the_gpu_tests_fails_naming_its_reason(tmp_path: Path) -> None:
    proc = _run(tmp_path, "true")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    fix = ("where only tests marked `gpu` may skip; install what it needs in .ci/run or scripts/setup.sh, "
           "or mark it `gpu` if it needs a GPU")
    lines = proc.stdout.splitlines()
    assert f"test_sample.py::test_needs_a_tool skipped in CI (needs a tool: pip install tool), {fix}" in lines, (
        proc.stdout)
    assert f"test_sample.py::test_marked_skip skipped in CI (needs a library), {fix}" in lines, proc.stdout
    # the GPU test skips with its reason (no GPU here) or runs (a GPU); the xfail stays an xfail
    assert ("SKIPPED [1] test_sample.py:10: no NVIDIA GPU here" in lines) or ("PASSED test_sample.py::test_on_the_gpu"
                                                                             in lines), proc.stdout
    assert "XFAIL test_sample.py::test_known_bug - a known bug" in lines, proc.stdout
    assert proc.stdout.rstrip().splitlines()[-1].startswith("1 failed, 1 passed"), proc.stdout


@pytest.mark.parametrize("ci", [None, "", "0", "false"])
def test_outside_ci_a_skip_is_a_skip(tmp_path: Path, ci: str | None) -> None:
    proc = _run(tmp_path, ci)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SKIPPED [1] test_sample.py:4: needs a tool: pip install tool" in proc.stdout.splitlines(), proc.stdout
