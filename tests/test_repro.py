"""Reproducible artifacts: two clean builds give the same bytes; the lock catches a changed artifact.

"Clean" means an empty stage cache each time; the nvptx sysroot (built once per
rustc, ~20 s) is shared between the builds, as the design allows.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLE, MakeProject
from test_build import SAXPY

from oxpack.cli import main
from oxpack.config import load_config
from oxpack.package.lockfile import lock_data, read_lock
from oxpack.package.outputs import build_into
from oxpack.toolchain.rustc import find_rustc
from oxpack.toolchain.sysroot import ensure_sysroot

SOURCE_DATE_EPOCH = "1700000000"


def clean_cache(where: Path, session_cache: Path) -> Path:
    """An empty stage cache that shares the session's nvptx sysroot."""
    ensure_sysroot(find_rustc(), session_cache)
    where.mkdir(parents=True)
    (where / "sysroot").symlink_to(session_cache / "sysroot", target_is_directory=True)
    return where


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _leaks(data: bytes, needles: list[str]) -> list[str]:
    return [n for n in needles if n.encode() in data]


@pytest.mark.slow
def test_two_clean_builds_in_different_folders_give_identical_bytes(
    make_project: MakeProject, oxpack_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_root = make_project({"saxpy.rs": SAXPY, "twice.rs": SAXPY.replace("saxpy", "twice")},
                              archs=["sm_80", "sm_90"], extra='package = "src/proj"\n')
    second_root = tmp_path / "elsewhere" / "copy-of-proj"
    shutil.copytree(first_root, second_root)
    outputs, results, caches = [], [], []
    for i, root in enumerate((first_root, second_root)):
        cache = clean_cache(tmp_path / f"cache-{i}", oxpack_cache)
        monkeypatch.setenv("OXPACK_CACHE_DIR", str(cache))
        staged = build_into(root, tmp_path / f"out-{i}", config=load_config(root, env={}))
        assert staged.result.runs["ptx"] == 4 and staged.result.runs["bc"] == 2, "a clean build compiles everything"
        outputs.append(_files(tmp_path / f"out-{i}"))
        results.append(staged.result)
        caches.append(cache)
    assert outputs[0] == outputs[1], "the same fatbins, manifest and stubs, byte for byte"
    assert lock_data(results[0]) == lock_data(results[1]), "the same lock, device crate hash included"
    # A third build, of the second folder on the first build's cache: every stage a hit, the same bytes
    # (a clean and a cached build agree; the wheels below are built on the session's cache).
    monkeypatch.setenv("OXPACK_CACHE_DIR", str(caches[0]))
    staged = build_into(second_root, tmp_path / "out-cached", config=load_config(second_root, env={}))
    assert not any(staged.result.runs.values()), f"every stage from the cache: {staged.result.runs}"
    assert _files(tmp_path / "out-cached") == outputs[0], "a cached build gives a clean build's bytes"

    # No path, time or host name in what ships, nor in any stage output it came from.
    needles = [str(tmp_path), str(first_root), str(second_root), str(caches[0]), str(Path.home()), "/tmp/"]
    if len(socket.gethostname()) >= 4:
        needles.append(socket.gethostname())
    shipped = [(name, data) for name, data in outputs[0].items()]
    shipped += [(f"{c.name}.{arch}.ptx", text.encode()) for c in results[0].crates for arch, text in c.ptx.items()]
    stage_files = [p for p in (caches[0] / "stages").rglob("*") if p.is_file() and p.name != "entry.json"]
    assert {p.parent.parent.parent.name for p in stage_files} >= {"bc", "ll", "ptx", "cubin", "fatbin", "rlib"}
    shipped += [(str(p.relative_to(caches[0])), p.read_bytes()) for p in stage_files]
    leaks = {name: found for name, data in shipped if (found := _leaks(data, needles))}
    assert not leaks


def test_lock_check_names_the_crate_whose_artifact_changed(
    make_project: MakeProject, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_project({"saxpy.rs": SAXPY, "other.rs": SAXPY.replace("saxpy", "other")})
    assert main(["lock", str(root), "-q"]) == 0
    assert main(["lock", "--check", str(root), "-q"]) == 0
    lock = root / "oxpack.lock"
    recorded = read_lock(root)["crates"]["saxpy"]["fatbin-sha256"]
    lock.write_text(lock.read_text().replace(recorded, hashlib.sha256(b"another fatbin").hexdigest()))
    capsys.readouterr()
    assert main(["lock", "--check", str(root), "-q"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"oxpack: error: the build differs from {lock} in crates.saxpy; rerun `oxpack lock`")
    assert f"-fatbin-sha256 = \"{hashlib.sha256(b'another fatbin').hexdigest()}\"" in err
    assert f"+fatbin-sha256 = \"{recorded}\"" in err
    assert "crates.other" not in err
    assert main(["build", str(root), "--locked", "-q"]) == 1


# --- wheels: pip, build isolation, SOURCE_DATE_EPOCH --------------------------------------


def _run(cmd: list[str], env: dict[str, str]) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}"
    return proc.stdout + proc.stderr


def _pip_wheel(project: Path, dist: Path, wheels: Path, env: dict[str, str]) -> tuple[Path, str]:
    """`pip wheel -v` of `project` into `dist` (build isolation on, oxpack from `wheels`): (wheel, output)."""
    log = _run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", str(project), "-w", str(dist),
                "--find-links", str(wheels)], env)
    (wheel,) = dist.glob("*.whl")
    return wheel, log


@pytest.fixture(scope="module")
def two_wheels(oxpack_cache: Path, oxpack_wheels: Path, tmp_path_factory: pytest.TempPathFactory
               ) -> list[Path]:
    """The example's wheel built twice by pip, from copies in different folders, on the session's
    cache (a clean build and a cached one give the same bytes: the first test above), under
    SOURCE_DATE_EPOCH: its fatbins are checked against the bytes the lock records, which `oxpack lock`
    made elsewhere, at another time. (In CI the session's cache starts empty, so its entries are this
    run's own clean stage runs.)"""
    root = tmp_path_factory.mktemp("repro")
    built = []
    for i in range(2):
        project = root / f"checkout-{i}" / "example-project"
        shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("build", "dist", "__pycache__"))
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, HATCH_QUIET="1", OXPACK_CACHE_DIR=str(oxpack_cache))
        built.append(_pip_wheel(project, root / f"dist-{i}", oxpack_wheels, env)[0])
    return built


def _fatbins(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as zf:
        return {n: zf.read(n) for n in zf.namelist() if n.endswith(".fatbin")}


@pytest.mark.slow
def test_two_wheel_builds_in_different_folders_are_byte_identical(two_wheels: list[Path]) -> None:
    first, second = two_wheels
    assert first.name == second.name
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        infos = {i.filename: i for i in zf.infolist()}
    fatbins = _fatbins(first)
    assert len(fatbins) == len(list((EXAMPLE / "kernels").glob("*.rs")))
    for name in (*fatbins, "vecmath/kernels.py", "vecmath/_oxpack/kernels.json"):
        assert infos[name].date_time == (2023, 11, 14, 22, 13, 20), "zip times come from SOURCE_DATE_EPOCH"
        assert infos[name].external_attr >> 16 == 0o100644


@pytest.mark.slow
def test_the_hatch_hook_follows_hatch_verbosity(oxpack_cache: Path, oxpack_wheels: Path, tmp_path: Path) -> None:
    """A copy of the example cut to one kernel file and one arch, built by pip under HATCH_VERBOSE=1
    (every command shown), then again under HATCH_QUIET=1 (nothing). The file gains a kernel of its own
    (a constant drawn here), so that every stage of its crate runs in the first build, while the device
    crate comes from the session's cache."""
    project = tmp_path / "example-project"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("build", "dist", "__pycache__"))
    toml = project / "pyproject.toml"
    text = toml.read_text()
    assert 'kernels = ["kernels/*.rs"]' in text and 'archs = ["sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"]' in text
    toml.write_text(text.replace('kernels = ["kernels/*.rs"]', 'kernels = ["kernels/saxpy.rs"]')
                    .replace('archs = ["sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"]', 'archs = ["sm_90"]')
                    .replace('ptx = "sm_80"', 'ptx = "sm_90"'))
    unique = int.from_bytes(os.urandom(4), "little")
    with (project / "kernels" / "saxpy.rs").open("a") as f:
        f.write(f"\nkernel! {{\n    /// Writes {unique:#x}: a kernel no cache has seen.\n"
                f"    pub fn probe_{unique:08x}(i: ThreadIndex, y: &mut DisjointSlice<u32>) {{\n"
                f"        if let Some(v) = y.get_mut(i) {{ *v = {unique:#x}; }}\n    }}\n}}\n")
    env = dict(os.environ, OXPACK_CACHE_DIR=str(oxpack_cache))
    _, verbose = _pip_wheel(project, tmp_path / "dist-v", oxpack_wheels, {**env, "HATCH_VERBOSE": "1"})
    _, quiet = _pip_wheel(project, tmp_path / "dist-q", oxpack_wheels, {**env, "HATCH_QUIET": "1"})
    assert "oxpack: $ " in verbose and " --emit=llvm-bc=kernel.bc,dep-info=kernel.d " in verbose
    assert "oxpack: in process: nvJitLink -arch=sm_90 -verbose -O3" in verbose
    assert "oxpack: ptx        saxpy [sm_90]" in verbose
    assert "oxpack: " not in quiet


def toolchain_drift(pinned: dict[str, str], here: dict[str, str]) -> str | None:
    """None when this machine's toolchain is the one `example-project/oxpack.lock` pins; else one line
    naming each key that differs and the fix."""
    keys = [k for k in dict.fromkeys([*pinned, *here]) if pinned.get(k) != here.get(k)]
    if not keys:
        return None
    shown = "; ".join(f"`toolchain.{k}` pinned {pinned.get(k, '(absent)')!r}, here {here.get(k, '(absent)')!r}"
                      for k in keys)
    return (f"this machine's toolchain differs from the one that example-project/oxpack.lock pins ({shown}), so "
            "the check that the example builds the bytes its lock records cannot run: install the pinned "
            "versions, or, for a deliberate upgrade, rerun `oxpack lock example-project` and commit the lock")


def test_toolchain_drift_names_each_key_and_the_fix() -> None:
    pinned = {"rustc": "1.96.0", "nvjitlink": "13.5", "nvfatbin": "13.5"}
    assert toolchain_drift(pinned, dict(pinned)) is None
    message = toolchain_drift(pinned, {**pinned, "nvjitlink": "13.6", "llvmlite": "0.51.0"})
    assert message == (
        "this machine's toolchain differs from the one that example-project/oxpack.lock pins "
        "(`toolchain.nvjitlink` pinned '13.5', here '13.6'; `toolchain.llvmlite` pinned '(absent)', here '0.51.0'), "
        "so the check that the example builds the bytes its lock records cannot run: install the pinned versions, "
        "or, for a deliberate upgrade, rerun `oxpack lock example-project` and commit the lock")


@pytest.mark.slow
def test_the_example_builds_the_bytes_its_lock_records(two_wheels: list[Path]) -> None:
    """Skipped where the toolchain has drifted from the lock, with the reason, except in CI (`CI` set, as
    CI services set it), where a check that quietly stops running is a failure."""
    from oxpack.builder.pipeline import Pipeline

    recorded = read_lock(EXAMPLE)
    drift = toolchain_drift(recorded["toolchain"], Pipeline(load_config(EXAMPLE, env={})).toolchain().lock_table())
    if drift is not None:
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(f"{drift} (a failure in CI, where it would otherwise skip)")
        pytest.skip(drift)
    fatbins = _fatbins(two_wheels[0])
    assert sorted(Path(n).stem for n in fatbins) == sorted(recorded["crates"])
    for name, data in fatbins.items():
        crate = Path(name).stem
        assert hashlib.sha256(data).hexdigest() == recorded["crates"][crate]["fatbin-sha256"], crate
