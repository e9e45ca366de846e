"""Shared fixtures: a per-session oxpack cache, throwaway projects, GPU detection."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
import venv
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np
import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "example-project"


def example_kernel_files(name: str) -> dict[str, str]:
    """An example kernel file, as a project's `kernels/` takes it, with the example's shared device code
    (`common/mod.rs`, which the file declares as `mod common;`): `{"norm.rs": ..., "common/mod.rs": ...}`."""
    kernels = EXAMPLE / "kernels"
    return {name: (kernels / name).read_text(), "common/mod.rs": (kernels / "common" / "mod.rs").read_text()}


@functools.cache
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


def import_from(root: Path, name: str) -> ModuleType:
    """Import module `name` from folder `root` (put first on `sys.path` for the import only)."""
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(root))


def forget_package(package: str) -> None:
    """Drop `package` and its submodules from `sys.modules`, so that the next import loads them anew."""
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]


def emulation_project(root: Path, name: str, files: dict[str, str], *, archs: tuple[str, ...] = ("sm_80",)) -> Path:
    """Write project `name` at `root`: `files` under its `kernels/` (paths may hold folders), built with
    `emulation = true` and no PTX for `archs`."""
    (root / "src" / name).mkdir(parents=True)
    (root / "src" / name / "__init__.py").write_text("")
    archs_toml = ", ".join(f'"{a}"' for a in archs)
    (root / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [project]
        name = "{name}"
        version = "0.1.0"

        [tool.oxpack]
        archs = [{archs_toml}]
        ptx = "none"
        emulation = true
        """))
    for file, text in files.items():
        (root / "kernels" / file).parent.mkdir(parents=True, exist_ok=True)
        (root / "kernels" / file).write_text(text)
    return root


def with_example_modules(out: Path) -> Path:
    """`out`, an `oxpack build --out` of the example, with the package's own modules beside the generated ones
    (`vecmath/layers.py`), as the example's wheel has them: its tests import them."""
    for source in (EXAMPLE / "src" / "vecmath").glob("*.py"):
        if not (out / "vecmath" / source.name).exists():
            shutil.copy2(source, out / "vecmath" / source.name)
    return out


def emulated(root: Path, name: str, files: dict[str, str], *, archs: tuple[str, ...] = ("sm_80",)) -> Iterator[ModuleType]:
    """For a module-scoped fixture (`yield from emulated(...)`): `emulation_project` at `root / "proj"`,
    built with `oxpack build` into `root / "out"`, its `name.kernels` imported and emulating; the
    package is forgotten after."""
    project = emulation_project(root / "proj", name, files, archs=archs)
    run_ok([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(root / "out"), "-q"], timeout=900)
    module = import_from(root / "out", f"{name}.kernels")
    module.emulation(True)
    yield module
    forget_package(name)


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
            (root / "kernels" / name).parent.mkdir(parents=True, exist_ok=True)  # `common/mod.rs` too
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


# uv takes a find-links wheel from its own cache when it cached one of the same file name from the same
# folder before, even if the file there is newer (astral-sh/uv#3518): pytest reuses its base folder's name
# (pytest-0) after a green run, so a later run's `uv build` got an earlier checkout's oxpack and made a wheel
# that differed from pip's (CI, December 2026). Every uv call that takes oxpack from `oxpack_wheels` adds this.
UV_FRESH_OXPACK = ("--refresh-package", "oxpack")


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


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """An empty folder with a short path, for a build's TMPDIR: multiprocessing's fork server puts an
    AF_UNIX socket in it, whose path may not pass 107 bytes (pytest-xdist's worker folders make
    `tmp_path` too long for that). Removed after the test."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="oxt-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def session_sysroot(oxpack_cache: Path) -> Path:
    """The session cache's `sysroot` folder with the nvptx sysroot built in it (once per rustc, ~20 s).

    A test that links or copies it into a cache of its own takes this fixture, never a bare
    `oxpack_cache / "sysroot"`, which exists only once an earlier test has built something: such a
    test passed in the whole suite and failed alone (`pytest -k`)."""
    from oxpack.toolchain.rustc import find_rustc
    from oxpack.toolchain.sysroot import ensure_sysroot

    ensure_sysroot(find_rustc(), oxpack_cache)
    folder = oxpack_cache / "sysroot"
    folder.mkdir(exist_ok=True)  # rustup's precompiled nvptx `core` needs none of ours: an empty folder
    return folder


# ---------------------------------------------------------------- GPU test files: what they run on

CUPY = "the GPU tests use CuPy arrays: install CuPy for this CUDA (`pip install cupy-cuda13x` or `cupy-cuda12x`)"
GPU_ARTIFACTS = ("build them where rustc is with `bash scripts/gpu-artifacts.sh`, then run the GPU tests here with "
                 "`bash scripts/gpu-tests.sh`")


def gpu_count() -> int:
    """How many CUDA devices the driver sees (0 without a driver or a GPU)."""
    if not gpu_available():
        return 0
    from cuda.bindings import driver

    err, count = driver.cuDeviceGetCount()
    return int(count) if err == driver.CUresult.CUDA_SUCCESS else 0


class Absent:
    """Stands, where there is no GPU, for a module that is not installed: its GPU test file still
    collects, and each of its tests is skipped by the `gpu` marker with that reason. Module-level
    attribute lookups and calls give more stand-ins; anything else is a bug in the test file."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Absent:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return Absent(f"{self._name}.{attr}")

    def __call__(self, *args: object, **kwargs: object) -> Absent:
        return Absent(f"{self._name}(...)")

    def __repr__(self) -> str:
        return f"<{self._name}: not installed, and no GPU here>"


def gpu_import(name: str, needed: str, *, gpu: bool | None = None, optional: bool = False) -> Any:
    """Import module `name` for a GPU test file, at its top, in place of `pytest.importorskip`.

    Where a GPU is (`gpu`, default: probe), a module that does not import fails the file's
    collection with one line naming it and `needed` (what to install): never a skip, unless the
    module is `optional` (PyTorch), whose absence skips the file with `needed` as the reason.
    Where none is, an `Absent` stand-in, so the file's tests are collected and skipped one by one."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if not (gpu_available() if gpu is None else gpu):
            return Absent(name)
        if optional:
            pytest.skip(f"`import {name}` failed ({exc}): {needed}", allow_module_level=True)
        pytest.fail(f"`import {name}` failed ({exc}) on this machine with a GPU: {needed}", pytrace=False)


def gpu_torch(needed: str = "these tests compare with PyTorch (install a CUDA build to run them)") -> Any:
    """PyTorch for a GPU test file, at its top (`gpu_import`, optional): where a GPU is, a PyTorch
    without CUDA skips the file, saying so."""
    torch = gpu_import("torch", needed, optional=True)
    if gpu_available() and not torch.cuda.is_available():
        pytest.skip(f"this PyTorch ({torch.__version__}) has no CUDA: install a CUDA build to run these tests",
                    allow_module_level=True)
    return torch


def hopper_on_gpu() -> tuple[Any, ModuleType]:
    """(torch, hopperdemo.kernels) for a GPU test file of `tests/packages/hopper`, at its top: a GPU
    that is not sm_90 skips the file (the package is built for sm_90a only)."""
    torch = gpu_torch()
    if gpu_available() and torch.cuda.get_device_capability() != (9, 0):
        pytest.skip("the Hopper path needs an sm_90 GPU (H100, H200)", allow_module_level=True)
    return torch, require_example("hopperdemo.kernels", project=REPO / "tests" / "packages" / "hopper")


@functools.cache
def _provenance() -> ModuleType:
    """The checkout's `src/oxpack/builder/provenance.py`, loaded from its file: where the GPU is, oxpack itself
    may not be installed, and an installed one may be another version."""
    spec = importlib.util.spec_from_file_location("_oxpack_checkout_provenance", REPO / "src" / "oxpack" / "builder" / "provenance.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and typing look the module up by name
    spec.loader.exec_module(module)
    return module


def build_problems(module_file: Path, project: Path) -> list[str]:
    """Why the generated module at `module_file` (`<package>/<module>.py`) was not built from this
    checkout with the kernel project `project`: empty when it was (its manifest's `sources`)."""
    manifest = module_file.parent / "_oxpack" / f"{module_file.stem}.json"
    try:
        recorded = json.loads(manifest.read_text())
    except (OSError, ValueError) as exc:
        return [f"its manifest `{manifest}` is unreadable ({exc})"]
    problems: list[str] = _provenance().stale(recorded, REPO, project)
    return problems


def require_example(name: str = "vecmath.kernels", *, project: Path = EXAMPLE, gpu: bool | None = None,
                    emulation: bool = False) -> Any:
    """The example's generated module `name` for a GPU test file, checked against this checkout.

    Where a GPU is, a module that is missing, built from other sources than `project` and this
    checkout's oxpack (stale), or, with `emulation`, built without host libraries, fails the
    file's collection with one line saying what differs and how to rebuild. Where none is,
    the module when importable, else an `Absent` stand-in (its tests are skipped)."""
    on_gpu = gpu_available() if gpu is None else gpu
    module = gpu_import(name, f"install the example's wheel ({GPU_ARTIFACTS})", gpu=on_gpu)
    if isinstance(module, Absent) or not on_gpu:
        return module
    where = Path(module.__file__)
    problems = build_problems(where, project)
    if emulation and not (where.parent / "_oxpack" / "emulate.py").is_file():
        problems.append("it was built without --emulation (put the example's `oxpack build --emulation` output first "
                        "on PYTHONPATH)")
    if problems:
        pytest.fail(f"`{name}` at {where} was not built from this checkout: {'; '.join(problems)}; {GPU_ARTIFACTS}",
                    pytrace=False)
    return module


def gpu_site(variable: str, what: str) -> str:
    """The folder named by environment variable `variable` (artifacts a GPU test runs in a subprocess);
    a GPU test (it runs only where a GPU is) fails, not skips, without it."""
    site = os.environ.get(variable, "")
    if not site:
        pytest.fail(f"environment variable {variable} is not set: it names a folder with {what}; "
                    f"{GPU_ARTIFACTS}, which sets it", pytrace=False)
    return site


# ---------------------------------------------------------------- seeded random data

DEFAULT_SEED = 21


def base_seed() -> int:
    """OXPACK_TEST_SEED: an integer, or unset for the fixed default (21)."""
    raw = os.environ.get("OXPACK_TEST_SEED", "").strip()
    if raw == "":
        return DEFAULT_SEED
    try:
        return int(raw)
    except ValueError:
        raise pytest.UsageError(f"environment variable OXPACK_TEST_SEED is {raw!r}: expected an integer such as "
                                f"{DEFAULT_SEED}; set it to one, or unset it for the fixed default") from None


def pytest_configure(config: pytest.Config) -> None:
    base_seed()  # a bad OXPACK_TEST_SEED is one usage error before anything runs


@pytest.fixture
def seed(request: pytest.FixtureRequest) -> int:
    """This test's seed: OXPACK_TEST_SEED's value mixed with the test's id, so that every test draws
    its own data whatever ran before it; printed (shown with a failure) with how to repeat it."""
    base = base_seed()
    value = (base * 1_000_003 + zlib.crc32(request.node.nodeid.encode())) % 2**32
    print(f"random data: seed {value} (OXPACK_TEST_SEED={base} and this test's id; rerun with "
          f"OXPACK_TEST_SEED={base} to repeat it)")
    return value


@pytest.fixture
def rng(seed: int) -> np.random.Generator:
    """NumPy's generator, seeded by `seed`."""
    return np.random.default_rng(seed)


# --- in CI (`CI` set, as CI services and .ci/run set it) only tests marked `gpu` may skip ------

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A skip of a test not marked `gpu` fails a CI run, with the skip's reason and the fix: a test
    that CI can run must run there (what it needs is installed by .ci/run and scripts/setup.sh)."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    if (os.environ.get("CI", "").lower() in ("", "0", "false") or not report.skipped or hasattr(report, "wasxfail")
            or "gpu" in item.keywords):
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    reason = reason.removeprefix("Skipped: ")
    report.outcome = "failed"
    report.longrepr = (f"{item.nodeid} skipped in CI ({reason}), where only tests marked `gpu` may skip; "
                       "install what it needs in .ci/run or scripts/setup.sh, or mark it `gpu` if it needs a GPU")


class ExampleBuild(NamedTuple):
    """What `oxpack build example-project` wrote: its module under `root/package`."""

    root: Path
    package: str
    manifest: dict[str, Any]
    fatbins: dict[str, bytes]  # crate -> the fatbin's bytes

    @property
    def package_dir(self) -> Path:
        return self.root / self.package


@pytest.fixture(scope="session")
def example_build(oxpack_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> ExampleBuild:
    """A real build of the example project (seconds with a warm cache; the nvptx sysroot
    once), its module written as the package `oxpack_example_build` (so that no installed
    `vecmath` is shadowed): the manifest and fatbins that the stub tests check against."""
    base = tmp_path_factory.mktemp("example-build")
    project = base / "example-project"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__"))
    package = "oxpack_example_build"
    run_ok([sys.executable, "-m", "oxpack", "build", str(project), "-q", "--out", str(base / "out"),
            "--package-path", package], timeout=900)
    folder = base / "out" / package / "_oxpack"
    manifest = json.loads((folder / "kernels.json").read_text())
    fatbins = {crate: (folder / entry["fatbin"]).read_bytes() for crate, entry in manifest["crates"].items()}
    return ExampleBuild(base / "out", package, manifest, fatbins)


@pytest.fixture(scope="session")
def hopper_emulated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """`tests/packages/hopper` (the GEMMs and the attention kernels) built once with --emulation
    (from a copy: a build writes its lockfile) and imported once per test process, emulating:
    with PyTorch installed the package registers its kernels as torch operators, which a second
    import of another build of the same package could not register again."""
    root = tmp_path_factory.mktemp("hopper")
    shutil.copytree(REPO / "tests" / "packages" / "hopper", root / "proj")
    out = root / "out"
    run_ok([sys.executable, "-m", "oxpack", "build", str(root / "proj"), "--out", str(out), "-q", "--emulation"])
    module = import_from(out, "hopperdemo.kernels")
    module.emulation(True)
    yield module
    forget_package("hopperdemo")
