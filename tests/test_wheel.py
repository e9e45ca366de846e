"""A real `pip wheel` of the example project (build isolation on), installed into a fresh venv."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLE, run_ok, wheel_into_venv

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, oxpack_wheels: Path) -> dict[str, Path]:
    return wheel_into_venv(EXAMPLE, tmp_path_factory.mktemp("wheel"), oxpack_wheels, ["mypy"])


def test_wheel_holds_fatbins_stubs_and_manifest(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as zf:
        names = set(zf.namelist())
        for crate in ("attention", "bits", "fp8", "fused", "gemm", "glu", "int8", "matrix", "nn", "norm", "reduce", "saxpy", "scan", "tensor"):
            data = zf.read(f"vecmath/_oxpack/{crate}.fatbin")
            assert data[:4] == bytes.fromhex("50ed55ba")
        for name in ("vecmath/__init__.py", "vecmath/kernels.py", "vecmath/kernels.pyi", "vecmath/py.typed",
                     "vecmath/_oxpack/__init__.py", "vecmath/_oxpack/runtime.py", "vecmath/_oxpack/_driver.py",
                     "vecmath/_oxpack/kernels.json"):
            assert name in names, name
        wheel_meta = zf.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
    assert "Tag: py3-none-any" in wheel_meta
    assert not any(n.startswith("kernels/") or n.endswith(".rs") for n in names), "sources stay out of the wheel"


def test_installed_module_imports_and_refuses_bad_calls_without_a_gpu(built: dict[str, Path]) -> None:
    code = textwrap.dedent(
        """
        import numpy as np
        import vecmath
        from vecmath import kernels
        print(sorted(n for n in dir(kernels) if not n.startswith("_")))
        try:
            kernels.saxpy(2.0, np.ones(8, np.float32), np.ones(8, np.float32))
        except TypeError as exc:
            print("refused:", exc)
        """
    )
    out = run_ok([str(built["python"]), "-c", code], cwd=built["root"]).stdout
    for name in ("saxpy", "gather", "add_scaled", "transpose", "hash32", "collatz_steps", "offset_clamp"):
        assert f"'{name}'" in out
    assert "refused: saxpy(): argument `x`" in out and "host memory" in out


def test_stubs_type_check_and_mypy_rejects_a_wrong_argument(built: dict[str, Path]) -> None:
    good = built["root"] / "good.py"
    good.write_text(textwrap.dedent(
        """
        from typing import Any
        from vecmath import kernels

        def run(x: Any, y: Any) -> None:
            kernels.saxpy(2.0, x, y, block=128)
            kernels.hash32(7, x, y, threads=4)
        """))
    bad = built["root"] / "bad.py"
    bad.write_text(textwrap.dedent(
        """
        from typing import Any
        from vecmath import kernels

        def run(x: Any, y: Any) -> None:
            kernels.saxpy("two", x, y)
        """))
    mypy = [str(built["python"]), "-m", "mypy", "--strict", "--no-incremental"]
    env = dict(os.environ, MYPY_CACHE_DIR=str(built["root"] / ".mypy_cache"))
    ok = subprocess.run([*mypy, str(good)], capture_output=True, text=True, cwd=built["root"], env=env, check=False)
    assert ok.returncode == 0, ok.stdout
    no = subprocess.run([*mypy, str(bad)], capture_output=True, text=True, cwd=built["root"], env=env, check=False)
    assert no.returncode == 1, no.stdout
    assert 'Argument 1 to "saxpy" has incompatible type "str"; expected "float"' in no.stdout


def test_a_bad_kernel_fails_the_wheel_build_with_one_clear_line(oxpack_wheels: Path, tmp_path: Path) -> None:
    project = tmp_path / "broken"
    (project / "kernels").mkdir(parents=True)
    (project / "src" / "broken").mkdir(parents=True)
    (project / "src" / "broken" / "__init__.py").write_text("")
    (project / "pyproject.toml").write_text(textwrap.dedent(
        """
        [build-system]
        requires = ["hatchling>=1.26", "oxpack"]
        build-backend = "hatchling.build"

        [project]
        name = "broken"
        version = "0.1.0"

        [tool.hatch.build.targets.wheel]
        packages = ["src/broken"]

        [tool.hatch.build.hooks.oxpack]

        [tool.oxpack]
        archs = ["sm_90"]
        """))
    (project / "kernels" / "k.rs").write_text(
        "use oxpack::prelude::*;\nkernel! { pub fn k(y: &mut DisjointSlice<f32>) { let z: u32 = 1.5; } }\n")
    dist = tmp_path / "dist"
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", str(project), "-w", str(dist),
                           "--find-links", str(oxpack_wheels)], capture_output=True, text=True, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "oxpack: rustc failed to compile `kernels/k.rs`: kernels/k.rs:2:" in out
    assert "error[E0308]: mismatched types" in out
    assert "Traceback" not in out
    assert not list(dist.glob("*.whl")) if dist.exists() else True
