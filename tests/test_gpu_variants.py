"""GPU tests: a package with per-arch variants loads the sm_90a body on an H100/H200 and the sm_80
body when `OXPACK_ARCH=sm_80` forces it.

tests/packages/variants (`archs = ["sm_80", "sm_90a"]`, sm_80's PTX embedded): `pick(out, base)`
writes `base + 80` with its own body and `base + 90` with its `#[variant_of(pick, sm_90a)]` body,
which also reads `%cluster_ctarank` (an sm_90 register) through the runtime's
`__oxpack_sm90a_*` probe. The run time picks the fatbin entry itself (`_oxpack/_fatbin.py`):
on an sm_90 GPU the sm_90a cubin; under `OXPACK_ARCH=sm_80` the sm_80 PTX (sm_80 machine code
does not run on sm_90), compiled by the driver. Each case runs in a subprocess (the variable is
read when the module is made). The emulated twins and the choice for other GPUs are in
tests/test_variants.py.

Built by `bash scripts/gpu-artifacts.sh` into `.artifacts/gpu/variants` (`oxpack build
tests/packages/variants --out .artifacts/gpu/variants`); `OXPACK_VARIANTS_SITE` names another folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import CUPY, REPO, build_problems, gpu_available, gpu_import

pytestmark = pytest.mark.gpu

cp = gpu_import("cupy", CUPY)
SITE = Path(os.environ.get("OXPACK_VARIANTS_SITE", REPO / ".artifacts" / "gpu" / "variants"))
SCRIPT = textwrap.dedent("""\
    import cupy as cp
    import variants.kernels as k
    out = cp.zeros(5, cp.uint32)
    k.pick(out, 1)
    seven = cp.zeros(3, cp.uint32)
    k.plain(seven)
    kernel = k._module.kernel("pick")
    print(sorted(set(out.get().tolist())), sorted(set(seven.get().tolist())), kernel.arch(), kernel.body())
""")


@pytest.fixture(scope="module")
def site() -> Path:
    module = SITE / "variants" / "kernels.py"
    if not module.is_file():
        pytest.fail(f"{module} is missing: run `bash scripts/gpu-artifacts.sh` where rustc is (it builds "
                    "tests/packages/variants into .artifacts/gpu/variants), or set OXPACK_VARIANTS_SITE", pytrace=False)
    problems = build_problems(module, REPO / "tests" / "packages" / "variants")
    if problems:
        pytest.fail(f"{module} was not built from this checkout: {'; '.join(problems)}; rerun "
                    "`bash scripts/gpu-artifacts.sh`", pytrace=False)
    return SITE


def _run(site: Path, **env: str) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([str(site), *filter(None, [os.environ.get("PYTHONPATH")])])
    environment = {k: v for k, v in os.environ.items() if k not in ("OXPACK_ARCH", "OXPACK_EMULATE")}
    return subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, check=False,
                          env={**environment, "PYTHONPATH": path, **env})


def _sm90() -> bool:
    return gpu_available() and cp.cuda.Device(0).compute_capability == "90"


# without a GPU the `gpu` mark skips these (conftest: "no NVIDIA GPU here"); with another GPU, this
needs_sm90 = pytest.mark.skipif(gpu_available() and not _sm90(),
                                reason="the sm_90a body runs on compute capability 9.0 (H100/H200)")


@needs_sm90
def test_an_h200_runs_the_sm_90a_body(site: Path) -> None:
    proc = _run(site)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[91] [7] sm_90a pick_sm90a\n"


@needs_sm90
def test_oxpack_arch_sm_80_runs_the_portable_body_from_its_ptx(site: Path) -> None:
    proc = _run(site, OXPACK_ARCH="sm_80")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[81] [7] sm_80 pick\n"


@needs_sm90
def test_oxpack_arch_sm_90a_is_the_default_made_explicit(site: Path) -> None:
    proc = _run(site, OXPACK_ARCH="sm_90a")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[91] [7] sm_90a pick_sm90a\n"


@needs_sm90
@pytest.mark.parametrize(("forced", "why"), [
    ("sm_89", "the package has no code for sm_89 (it has sm_80 cubin, sm_90a cubin, sm_80 PTX)"),
    ("sm_100a", "the package has no code for sm_100a (it has sm_80 cubin, sm_90a cubin, sm_80 PTX)"),
])
def test_oxpack_arch_refuses_an_arch_the_package_lacks(site: Path, forced: str, why: str) -> None:
    proc = _run(site, OXPACK_ARCH=forced)
    assert proc.returncode != 0
    assert proc.stderr.splitlines()[-1] == (
        f"variants._oxpack._types.LaunchError: OXPACK_ARCH={forced}: cannot load the kernels of `variants.kernels` "
        f"on device 0 (sm_90): {why}; set OXPACK_ARCH to an arch of theirs that this GPU runs, or unset it")
