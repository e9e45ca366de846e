"""Shared fixtures: a per-session oxpack cache, throwaway projects, GPU detection."""

from __future__ import annotations

import os
import shutil
import textwrap
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
