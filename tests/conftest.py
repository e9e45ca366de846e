"""Shared fixtures: a per-session oxpack cache, throwaway projects, GPU detection."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import venv
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "example-project"


def gpu_available() -> bool:
    try:
        from cuda.bindings import driver

        (err,) = driver.cuInit(0)
        if err != driver.CUresult.CUDA_SUCCESS:
            return False
        err, count = driver.cuDeviceGetCount()
        return err == driver.CUresult.CUDA_SUCCESS and count > 0
    except Exception:
        return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # after pytest-randomly's shuffle; `OXPACK_TEST_ORDER=reverse pytest -p no:randomly` runs the files,
    # and the tests in each, last first (scripts/test-each-file.sh)
    order = os.environ.get("OXPACK_TEST_ORDER", "")
    if order not in ("", "reverse"):
        raise pytest.UsageError(f"environment variable `OXPACK_TEST_ORDER` is {order!r}; expected `reverse` "
                                "(last test first) or unset (pytest-randomly's order, or `-p no:randomly`: file order)")
    if order == "reverse":
        items.reverse()
    if gpu_available():
        return
    skip = pytest.mark.skip(reason="no NVIDIA GPU here")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def oxpack_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One cache per test session (the nvptx sysroot is built once, ~20 s), never the user's."""
    configured = os.environ.get("OXPACK_TEST_CACHE_DIR")
    path = Path(configured) if configured else tmp_path_factory.mktemp("oxpack-cache")
    old = os.environ.get("OXPACK_CACHE_DIR")
    os.environ["OXPACK_CACHE_DIR"] = str(path)
    yield path
    if old is None:
        os.environ.pop("OXPACK_CACHE_DIR", None)
    else:
        os.environ["OXPACK_CACHE_DIR"] = old


MakeProject = Callable[..., Path]


@pytest.fixture
def make_project(tmp_path: Path) -> MakeProject:
    """Write a small project: `make_project({"k.rs": src}, archs=["sm_90"])` → its folder."""

    def make(kernels: dict[str, str], *, archs: list[str] | None = None, extra: str = "") -> Path:
        root = tmp_path / "proj"
        (root / "kernels").mkdir(parents=True, exist_ok=True)
        (root / "src" / "proj").mkdir(parents=True, exist_ok=True)
        (root / "src" / "proj" / "__init__.py").write_text("")
        archs_toml = ", ".join(f'"{a}"' for a in (archs or ["sm_90"]))
        (root / "pyproject.toml").write_text(
            textwrap.dedent(
                f"""\
                [project]
                name = "proj"
                version = "0.1.0"

                [tool.oxpack]
                archs = [{archs_toml}]
                """
            )
            + extra
        )
        for name, source in kernels.items():
            (root / "kernels" / name).write_text(textwrap.dedent(source))
        return root

    return make


@pytest.fixture
def example_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "example-project"
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__"))
    return dest


def run_ok(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    """Run a command; fail the test with its output when it fails."""
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, **kw)  # type: ignore[call-overload]
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))}\n{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}"
    return proc  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def oxpack_wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a wheel of this checkout, for `pip wheel --find-links` (built once)."""
    wheels = tmp_path_factory.mktemp("oxpack-wheels")
    run_ok([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(REPO), "-w", str(wheels)])
    return wheels


def wheel_into_venv(project: Path, root: Path, wheels: Path, install: list[str],
                    env: dict[str, str] | None = None) -> dict[str, Path]:
    """`pip wheel` the project (build isolation on, oxpack from `wheels`), install it and
    `install` into a fresh venv under `root`: {"wheel", "python", "root"}."""
    dist = root / "dist"
    run_ok([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(project), "-w", str(dist),
            "--find-links", str(wheels)], env=env)
    (wheel,) = dist.glob("*.whl")
    venv.create(root / "venv", with_pip=True)
    python = root / "venv" / "bin" / "python"
    run_ok([str(python), "-m", "pip", "install", "-q", str(wheel), *install])
    return {"wheel": wheel, "python": python, "root": root}


@pytest.fixture(scope="session")
def session_sysroot(oxpack_cache: Path) -> Path:
    """The session cache's `sysroot` folder with the nvptx sysroot built in it (once per rustc, ~20 s).

    A test that links or copies it into a cache of its own takes this fixture, never a bare
    `oxpack_cache / "sysroot"`, which exists only once an earlier test has built something: such a
    test passed in the whole suite and failed alone (`pytest -k`)."""
    from oxpack.rustc import find_rustc
    from oxpack.sysroot import ensure_sysroot

    ensure_sysroot(find_rustc(), oxpack_cache)
    folder = oxpack_cache / "sysroot"
    folder.mkdir(exist_ok=True)  # rustup's precompiled nvptx `core` needs none of ours: an empty folder
    return folder
