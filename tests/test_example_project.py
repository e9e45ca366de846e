"""The example project's own tests (`example-project/tests`), run as a user's CI runs them.

They import the built `vecmath`, so they sit outside `testpaths`; here the example is built
with `oxpack build --emulation` into a folder and its tests run with `OXPACK_EMULATE=1` and
that folder on `PYTHONPATH`, the commands of docs/emulation.md ("In CI"). Only
the GPU test may skip, and only where there is no GPU.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLE, gpu_available, run_ok, with_example_modules

pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.uname().machine == "x86_64"), reason="emulation runs on x86-64 Linux"
)


@pytest.fixture(scope="module")
def emulated_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("example-emulated")
    run_ok([sys.executable, "-m", "oxpack", "build", str(EXAMPLE), "--emulation", "-q", "--out", str(out)])
    return with_example_modules(out)


def test_the_example_projects_tests_pass_under_oxpack_emulate(emulated_build: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-W", "error",
         str(EXAMPLE / "tests")],
        capture_output=True, text=True, check=False, cwd=emulated_build, timeout=600,
        env={**os.environ, "OXPACK_EMULATE": "1", "PYTHONPATH": str(emulated_build)},
    )
    out = proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.returncode == 0, out
    skipped = re.findall(r"^SKIPPED \[\d+\] (\S+?):\d+: (.*)$", proc.stdout, re.MULTILINE)
    # without a GPU: the GPU tests, and the FP8 kernels' (sm_90a only), skip; with one, nothing does
    expected = set() if gpu_available() else {("test_vecmath.py", "no GPU"), (
        "test_fp8_gpu.py", "needs an sm_90 GPU (H100, H200) and PyTorch with CUDA"), (
        "test_hopper_gpu.py", "needs an sm_90 GPU (H100, H200) and PyTorch with CUDA")}
    assert {(Path(where).name, why) for where, why in skipped} == expected, out
    passed = re.search(r"\b(\d+) passed\b", proc.stdout)
    assert passed is not None and int(passed.group(1)) >= 50, out  # test_emulated.py ran: it was built with emulation
