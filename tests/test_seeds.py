"""Seeded random data and GPU test files that collect where no GPU is, run through real
pytest subprocesses."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import REPO

DRAW = """\
def test_draw(rng):
    print("drew", rng.integers(0, 2**62))
    assert False, "planted"


def test_other(rng):
    print("drew", rng.integers(0, 2**62))
    assert False, "planted"
"""


def _pytest(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO / "tests"), **env})


def _draws(out: str) -> dict[str, tuple[str, str]]:
    """test name → (the seed line, the value drawn), from a failing run's report."""
    found = {}
    for name, section in re.findall(r"_+ (test_\w+) _+\n(.*?)(?=\n_+ test_|\n=+ short test summary)", out, re.S):
        seed = re.search(r"random data: seed \d+ \(OXPACK_TEST_SEED=-?\d+ and this test's id; rerun with "
                         r"OXPACK_TEST_SEED=-?\d+ to repeat it\)", section)
        drew = re.search(r"drew (\d+)", section)
        assert seed and drew, section
        found[name] = (seed.group(0), drew.group(1))
    return found


def test_a_failure_prints_its_seed_and_the_same_seed_draws_the_same_data(tmp_path: Path) -> None:
    (tmp_path / "test_draw.py").write_text(DRAW)
    runs = [_pytest(["-p", "conftest", "test_draw.py"], tmp_path, **env)
            for env in ({}, {}, {"OXPACK_TEST_SEED": "7"}, {"OXPACK_TEST_SEED": "21"})]
    first, again, other, explicit = (_draws(r.stdout) for r in runs)
    assert set(first) == {"test_draw", "test_other"}, runs[0].stdout
    assert first == again == explicit  # the default is fixed: 21
    assert "OXPACK_TEST_SEED=21 " in first["test_draw"][0] and "OXPACK_TEST_SEED=7 " in other["test_draw"][0]
    assert first["test_draw"][1] != first["test_other"][1]  # each test its own data, whatever ran before
    assert other["test_draw"][1] != first["test_draw"][1]
    alone = _draws(_pytest(["-p", "conftest", "test_draw.py::test_other"], tmp_path).stdout)
    assert alone == {"test_other": first["test_other"]}  # alone, it draws what it drew after test_draw


def test_a_bad_seed_is_one_usage_line(tmp_path: Path) -> None:
    (tmp_path / "test_draw.py").write_text(DRAW)
    proc = _pytest(["-p", "conftest", "test_draw.py"], tmp_path, OXPACK_TEST_SEED="twenty")
    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert proc.stderr.strip() == ("ERROR: environment variable OXPACK_TEST_SEED is 'twenty': expected an integer such "
                                   "as 21; set it to one, or unset it for the fixed default"), proc.stderr


def test_without_a_gpu_every_gpu_test_is_collected_and_skipped_with_its_reason() -> None:
    """Without a GPU (none visible), and without CuPy, PyTorch or the example's wheel, the GPU test files
    still collect every test, each skipped with a GPU reason, rather than the whole file skipped at import."""
    files = sorted(str(p.relative_to(REPO)) for p in (REPO / "tests").glob("test_gpu*.py"))
    env = {"CUDA_VISIBLE_DEVICES": ""}
    collected = _pytest(["--collect-only", "-q", *files], REPO, **env)
    assert collected.returncode == 0, collected.stdout + collected.stderr
    per_file = {f: sum(line.startswith(f + "::") for line in collected.stdout.splitlines()) for f in files}
    assert all(n > 0 for n in per_file.values()) and sum(per_file.values()) > 150, per_file
    ran = _pytest(["-q", "-rs", *files], REPO, **env)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    assert re.search(rf"^{sum(per_file.values())} skipped in ", ran.stdout, re.M), ran.stdout[-3000:]
    reasons = set(re.findall(r"^SKIPPED \[\d+\] [^:]+(?::\d+)?: (.*)$", ran.stdout, re.M))
    assert reasons <= {"no NVIDIA GPU here", "needs two GPUs"}, reasons
