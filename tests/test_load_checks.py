"""Load-time checks of a generated module (drivers), with a fake device and driver.

What a package's wheel meets on a user's machine, before any kernel runs: cuda-bindings
newer than the driver, a driver older than the fatbins' `min_driver`, a GPU the fatbins
hold no code for. Each is one `LaunchError` that names both sides and the fix. The same
checks on a real GPU: `tests/test_gpu.py::test_a_package_without_code_for_this_gpu_says_so`.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from test_stubs import FATBINS, FakeCuda, at, imported, install_fake, make_manifest

from oxpack.package.stubs import render_stubs

PACKAGE = "oxpack_loadcheck_pkg"
NO_BINARY = "CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is available for execution on the device"


class CUDAError(Exception):
    """As cuda.core raises it: the CUresult's name, then its description."""


def fake_driver(fake: FakeCuda, *, cuda: int, arch: tuple[int, int] = (9, 0)) -> None:
    """The driver calls the checks make: its CUDA version (12040 for 12.4) and each
    device's compute capability."""
    attributes = SimpleNamespace(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR="major",
                                 CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR="minor")
    fake.driver.cuDriverGetVersion = lambda: (0, cuda)
    fake.driver.CUdevice_attribute = attributes
    fake.driver.cuDeviceGetAttribute = lambda attribute, device: (0, arch[0] if attribute == "major" else arch[1])


def without_code_for_this_gpu(fake: FakeCuda, *, eager: bool = False) -> None:
    """The driver's answer when a fatbin holds no cubin and no PTX that runs on the device:
    at the first kernel (cuda.core loads lazily), or at once (`eager`)."""

    class ObjectCode:
        @staticmethod
        def from_fatbin(data: bytes) -> Any:
            fake.loaded.append(data)
            if eager:
                raise CUDAError(NO_BINARY)

            def get_kernel(symbol: str) -> Any:
                raise CUDAError(NO_BINARY)

            return SimpleNamespace(get_kernel=get_kernel)

    fake.core.ObjectCode = ObjectCode


def render(root: Path, **targets: Any) -> None:
    manifest = make_manifest()
    manifest.update(targets)
    render_stubs(manifest, root / PACKAGE, FATBINS)


@pytest.fixture
def sm80_only(tmp_path: Path) -> Iterator[ModuleType]:
    """A package built for `archs = ["sm_80"]`, `ptx = "none"`, loadable by a CUDA 12.4 driver."""
    render(tmp_path, archs=["sm_80"], ptx_arch=None, ptx_isa="7.8", min_driver="550.54.14")
    with imported(tmp_path, PACKAGE) as module:
        yield module


@pytest.mark.parametrize("eager", [False, True])
def test_no_code_for_this_gpu_names_the_archs_the_device_and_the_fix(
    sm80_only: ModuleType, monkeypatch: pytest.MonkeyPatch, eager: bool
) -> None:
    fake = FakeCuda()
    install_fake(sm80_only, monkeypatch, fake)
    fake_driver(fake, cuda=12080, arch=(9, 0))
    without_code_for_this_gpu(fake, eager=eager)
    with pytest.raises(sm80_only.LaunchError) as caught:
        sm80_only.saxpy(1.0, at(0), at(1))
    assert str(caught.value) == (
        f"cannot load the kernels of `{PACKAGE}.kernels` on device 0 (sm_90): the package has machine code "
        "for sm_80 and no PTX, none of which runs on sm_90; add \"sm_90\" to `archs` in `[tool.oxpack]`, "
        "or embed PTX with `ptx = \"auto\"`, and rebuild the package"
    )
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert fake.launches == []


def test_other_load_errors_pass_unchanged(sm80_only: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeCuda()
    install_fake(sm80_only, monkeypatch, fake)
    fake_driver(fake, cuda=12080)
    fake.core.ObjectCode.from_fatbin = lambda data: SimpleNamespace(
        get_kernel=lambda symbol: (_ for _ in ()).throw(CUDAError("CUDA_ERROR_OUT_OF_MEMORY: out of memory")))
    with pytest.raises(CUDAError, match="^CUDA_ERROR_OUT_OF_MEMORY"):
        sm80_only.saxpy(1.0, at(0), at(1))


@pytest.mark.parametrize(("release", "machine"), [
    (None, "a driver that supports CUDA 12.2"),
    ("535.104.05", "driver 535.104.05, which supports CUDA 12.2"),
])
def test_a_driver_older_than_min_driver_names_both(
    sm80_only: ModuleType, monkeypatch: pytest.MonkeyPatch, release: str | None, machine: str
) -> None:
    fake = FakeCuda()
    install_fake(sm80_only, monkeypatch, fake)
    fake_driver(fake, cuda=12020)
    driver = sys.modules[f"{PACKAGE}._oxpack._driver"]
    monkeypatch.setattr(driver, "_driver_release", lambda: release)  # /proc/driver/nvidia/version
    with pytest.raises(sm80_only.LaunchError) as caught:
        sm80_only.saxpy(1.0, at(0), at(1))
    assert str(caught.value) == (
        f"cannot load the kernels of `{PACKAGE}.kernels`: they need an NVIDIA driver >= 550.54.14 (CUDA 12.4), "
        f"but this machine has {machine}; update the NVIDIA driver to 550.54.14 or newer"
    )
    assert fake.loaded == [] and fake.launches == [], "nothing reached the driver's loader"


@pytest.mark.parametrize("cuda", [12040, 12080, 13000])
def test_a_driver_at_or_above_min_driver_loads(sm80_only: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                               cuda: int) -> None:
    fake = FakeCuda()
    install_fake(sm80_only, monkeypatch, fake)
    fake_driver(fake, cuda=cuda)
    sm80_only.saxpy(1.0, at(0), at(1))
    assert fake.loaded == [FATBINS["saxpy"]] and len(fake.launches) == 1


def test_the_runtime_knows_every_min_driver_the_build_writes() -> None:
    from oxpack.sources.targets import CUDA_MIN_DRIVER

    from oxpack import data_dir

    namespace: dict[str, Any] = {}
    source = (data_dir("runtime") / "_driver.py").read_text()
    table = source[source.index("_DRIVER_CUDA = {"): source.index("}", source.index("_DRIVER_CUDA = {")) + 1]
    exec(table, namespace)  # noqa: S102 (a dict literal of the template, read as the runtime reads it)
    expected = {driver: tuple(int(n) for n in cuda.split(".")) for cuda, driver in CUDA_MIN_DRIVER.items()}
    assert namespace["_DRIVER_CUDA"] == expected


# ---------------------------------------------------------------- cuda-bindings newer than the driver


@pytest.fixture
def fake_bindings(sm80_only: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Any:
    """`cuda.bindings` of a given version over a driver of a given CUDA release, and a
    `cuda.core` that must not be imported before they are checked."""

    def install(version: str, cuda: int) -> SimpleNamespace:
        state = SimpleNamespace(core_imported=False, initialised=False)
        driver = ModuleType("cuda.bindings.driver")
        driver.CUresult = SimpleNamespace(CUDA_SUCCESS=0)  # type: ignore[attr-defined]
        driver.cuDriverGetVersion = lambda: (0, cuda)  # type: ignore[attr-defined]
        def cu_init(flags: int) -> tuple[int]:
            state.initialised = True
            return (999,)  # a driver that fails to start: the error after the checks

        driver.cuInit = cu_init  # type: ignore[attr-defined]
        bindings = ModuleType("cuda.bindings")
        bindings.__version__ = version  # type: ignore[attr-defined]
        bindings.driver = driver  # type: ignore[attr-defined]

        class Core(ModuleType):
            def __getattr__(self, name: str) -> Any:  # the runtime's first question: 1.x or 0.x
                state.core_imported = True
                if name == "launch":
                    return object()
                raise AttributeError(name)

        monkeypatch.setitem(sys.modules, "cuda.bindings", bindings)
        monkeypatch.setitem(sys.modules, "cuda.bindings.driver", driver)
        monkeypatch.setitem(sys.modules, "cuda.core", Core("cuda.core"))
        monkeypatch.setattr(sys.modules[f"{PACKAGE}._oxpack._driver"], "_driver_release", lambda: None)
        return state

    return install


BINDINGS_13_ON_12_4 = ("cannot launch a kernel: cuda-bindings 13.0.1 needs an NVIDIA driver for CUDA 13 (driver >= "
                       "580.65.06), but this machine has a driver that supports CUDA 12.4: pip install "
                       "'cuda-bindings==12.*' (or update the NVIDIA driver to 580.65.06 or newer)")


@pytest.mark.parametrize(("version", "cuda", "min_driver", "message"), [
    # the kernels load on this driver: the older bindings are the fix
    ("13.0.1", 12040, "550.54.14",
     f"{BINDINGS_13_ON_12_4}; the kernels of `{PACKAGE}.kernels` need driver >= 550.54.14, which this one meets"),
    # a min_driver the runtime does not know: the bindings alone
    ("13.0.1", 12040, "999.1", BINDINGS_13_ON_12_4),
    # the kernels need a newer driver anyway: that is the fix, whatever the bindings
    ("13.0.1", 12020, "550.54.14",
     f"cannot load the kernels of `{PACKAGE}.kernels`: they need an NVIDIA driver >= 550.54.14 (CUDA 12.4), but "
     "this machine has a driver that supports CUDA 12.2; update the NVIDIA driver to 550.54.14 or newer"),
    ("12.9.4", 11080, "999.1",
     "cannot launch a kernel: cuda-bindings 12.9.4 needs an NVIDIA driver for CUDA 12 (driver >= 525.60.13), but "
     "this machine has a driver that supports CUDA 11.8: update the NVIDIA driver to 525.60.13 or newer (cuda.core "
     "needs CUDA 12 or newer)"),
])
def test_cuda_bindings_newer_than_the_driver_say_which_fit(
    sm80_only: ModuleType, fake_bindings: Any, monkeypatch: pytest.MonkeyPatch, version: str, cuda: int,
    min_driver: str, message: str
) -> None:
    state = fake_bindings(version, cuda)
    assert sm80_only._module.kernels  # the manifest, read
    monkeypatch.setattr(sm80_only._module, "_min_driver", min_driver)
    with pytest.raises(sm80_only.LaunchError) as caught:
        sm80_only.saxpy(1.0, at(0), at(1))
    assert str(caught.value) == message
    assert not state.core_imported and not state.initialised, "checked before cuda.core and cuInit"


def test_cuda_bindings_of_the_drivers_major_pass(sm80_only: ModuleType, fake_bindings: Any) -> None:
    state = fake_bindings("12.9.4", 12080)
    with pytest.raises(sm80_only.LaunchError, match=r"^cannot launch a kernel: the NVIDIA driver failed to start \(999\)$"):
        sm80_only.saxpy(1.0, at(0), at(1))
    assert state.initialised


# ---------------------------------------------------------------- the example's wheel with cuda-bindings 12.x


@pytest.mark.slow
def test_the_example_wheel_works_with_cuda_bindings_12(example_copy: Path, tmp_path: Path,
                                                       oxpack_wheels: Path) -> None:
    """`pip install vecmath 'cuda-bindings<13'` resolves (the wheel asks for no newer bindings)
    and the module imports, refuses a host array and reaches the driver through cuda.core's
    CUDA 12 build. (Launching there: tests/test_gpu.py, `OXPACK_CU12_SITE`.)"""
    from conftest import run_ok, wheel_into_venv
    from test_field import _env, _refuses_a_host_array

    built = wheel_into_venv(example_copy, tmp_path, oxpack_wheels, ["cuda-bindings<13"])
    python = built["python"]
    script = textwrap.dedent("""\
        import cuda.bindings, cuda.core
        from vecmath import kernels

        class Device:  # a fabricated device address: the call reaches the driver, never memory
            def __init__(self, p):
                self.__cuda_array_interface__ = {"version": 3, "shape": (8,), "typestr": "<f4",
                                                  "data": (p, False), "strides": None, "stream": None}

        print(cuda.bindings.__version__)
        try:
            kernels.saxpy(1.0, Device(0x7F0000000000), Device(0x7F0001000000))
        except kernels.LaunchError as error:
            print(type(error).__name__, error)
        """)
    proc = run_ok([str(python), "-c", script], env=_env(), cwd=tmp_path)
    version, _, outcome = proc.stdout.partition("\n")
    assert version.startswith("12."), proc.stdout
    _refuses_a_host_array(python, "vecmath.kernels", "saxpy", "2.0, np.ones(4, np.float32), np.ones(4, np.float32)")
    if "no NVIDIA driver" not in outcome:
        pytest.skip(f"an NVIDIA driver is installed here: {outcome.strip()[:200]}")
    assert outcome.strip() == (
        "LaunchError cannot launch a kernel: no NVIDIA driver was found on this machine (libcuda could not be "
        "loaded: DynamicLibNotFoundError); install the NVIDIA driver, or run where a GPU is"
    ), proc.stdout + proc.stderr
    assert proc.stderr == ""
