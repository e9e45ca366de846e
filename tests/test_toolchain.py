"""Toolchain discovery, the cache lock, the lockfile and the CLI."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MakeProject
from test_build import SAXPY

from oxpack.store.cache import file_lock
from oxpack.cli import main
from oxpack.config import load_config
from oxpack.errors import LockError, ToolchainError
from oxpack.package.lockfile import check_lock, read_lock, write_lock
from oxpack.builder.pipeline import build_project
from oxpack.toolchain.rustc import discover, find_rustc, probe


def test_configured_rustc_that_does_not_exist_is_named() -> None:
    with pytest.raises(ToolchainError, match=r"rustc `/nonexistent/rustc` from option `rustc` in `tool.oxpack` is not usable: not found"):
        find_rustc("/nonexistent/rustc", env={"PATH": ""})


def test_configured_rustc_name_is_looked_up_on_path() -> None:
    """`OXPACK_RUSTC=rustc` (a name, as `CC=gcc`) means the `rustc` that PATH finds, not `./rustc`."""
    real = find_rustc()
    found = find_rustc("rustc", env={"PATH": str(real.path.parent)},
                       configured_origin="environment variable `OXPACK_RUSTC`")
    assert found.path == real.path


def test_no_rustc_anywhere_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("oxpack.toolchain.rustc.SYSTEM_RUSTCS", ())
    with pytest.raises(ToolchainError) as info:
        find_rustc(None, env={"PATH": str(tmp_path)})
    assert info.value.message == (
        "no usable rustc found; install a Rust toolchain with the nvptx target "
        "(`rustup target add nvptx64-nvidia-cuda`) or Debian's `apt-get install rustc-web rust-web-src`, "
        "or point `OXPACK_RUSTC` at a rustc that has either"
    )


def test_discovery_explains_every_candidate() -> None:
    cands = discover()
    usable = [c for c in cands if c.rustc is not None]
    assert usable, "the test machine has a usable rustc (Debian rustc-web + rust-web-src)"
    for cand in cands:
        assert (cand.rustc is None) == bool(cand.reason)


def test_rustc_whose_llvm_is_newer_than_llvmlite_is_passed_over() -> None:
    chosen = find_rustc()
    cand = probe(str(chosen.path), "test", llvmlite_major=chosen.llvm_major - 1)
    assert cand.rustc is None
    assert f"its LLVM {chosen.llvm} is newer than llvmlite's LLVM {chosen.llvm_major - 1}" in cand.reason


def test_cache_lock_is_released_when_its_holder_is_killed(tmp_path: Path) -> None:
    lock = tmp_path / "x.lock"
    code = (
        "import time\nfrom pathlib import Path\nfrom oxpack.store.cache import file_lock\n"
        f"with file_lock(Path({str(lock)!r})):\n    print('held', flush=True)\n    time.sleep(60)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env) as holder:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        with open(lock, "a+b") as other:
            with pytest.raises(BlockingIOError):  # held: a non-blocking try fails
                fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    # a state, not a clock: once the holder is gone, the lock is free at the first non-blocking try
    with open(lock, "a+b") as other:
        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(other.fileno(), fcntl.LOCK_UN)
    with file_lock(lock):
        pass


def test_lockfile_round_trip_and_drift(make_project: MakeProject) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    result = build_project(load_config(root, env={}))
    path = write_lock(root, result)
    data = read_lock(root)
    assert data["targets"]["archs"] == ["sm_90"] and data["targets"]["ptx-isa"] == "7.8"
    # PTX ISA 7.8 alone would load on 520.61.05 (CUDA 11.8); the compressed fatbin needs CUDA 12.4's
    assert data["targets"]["fatbin-compression"] == "speed" and data["targets"]["min-driver"] == "550.54.14"
    assert data["toolchain"]["rustc-llvm"].startswith("22.")
    assert data["crates"]["saxpy"]["kernels"] == ["saxpy"]
    assert path.read_text().startswith("# This file is written by `oxpack lock`")
    check_lock(root, result)  # no drift
    (root / "kernels" / "saxpy.rs").write_text(SAXPY.replace("a * x", "2.0 * a * x"))
    drifted = build_project(load_config(root, env={}))
    with pytest.raises(LockError) as info:
        check_lock(root, drifted)
    assert info.value.message.startswith(f"the build differs from {root / 'oxpack.lock'} in crates.saxpy;")
    assert "-source-sha256 = " in info.value.detail and "+source-sha256 = " in info.value.detail


def test_locked_build_fails_on_drift_through_the_cli(make_project: MakeProject, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    assert main(["lock", str(root), "-q"]) == 0
    assert main(["lock", "--check", str(root), "-q"]) == 0
    (root / "pyproject.toml").write_text((root / "pyproject.toml").read_text().replace('"sm_90"', '"sm_89"'))
    assert main(["build", str(root), "--locked", "-q"]) == 1
    err = capsys.readouterr().err
    assert "oxpack: error: the build differs from" in err and "targets.archs" in err
    assert not (root / "build" / "oxpack").exists(), "a locked build that fails writes nothing"


def test_bad_lockfiles(make_project: MakeProject) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    with pytest.raises(LockError, match=r"oxpack.lock does not exist; run `oxpack lock` to create it"):
        read_lock(root)
    (root / "oxpack.lock").write_text("schema = [\n")
    with pytest.raises(LockError, match=r"oxpack.lock is not valid TOML"):
        read_lock(root)
    (root / "oxpack.lock").write_text("schema = 99\n")
    with pytest.raises(LockError, match=r"has `schema = 99`; this oxpack reads and writes `schema = 1` \(an integer\); "
                                        r"restore it from version control or rerun `oxpack lock`"):
        read_lock(root)
    for text, table in (("schema = 1\n[targets]\n[crates]\n", "toolchain"), ("schema = 1\ntoolchain = 3\n", "toolchain"),
                        ("schema = 1\n[toolchain]\n[targets]\n[crates]\nk = 1\n", "crates")):
        (root / "oxpack.lock").write_text(text)
        with pytest.raises(LockError) as info:
            read_lock(root)
        assert info.value.message == (f"{root / 'oxpack.lock'}: table `{table}` is missing or malformed (edited by "
                                      "hand?); restore it from version control or rerun `oxpack lock`")


def test_cli_build_writes_stubs_and_fatbins(make_project: MakeProject, tmp_path: Path) -> None:
    root = make_project({"saxpy.rs": SAXPY}, extra='package = "src/proj"\n')
    out = tmp_path / "out"
    assert main(["build", str(root), "--out", str(out), "-q"]) == 0
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert "proj/kernels.py" in names and "proj/kernels.pyi" in names and "proj/_oxpack/saxpy.fatbin" in names
    manifest = json.loads((out / "proj" / "_oxpack" / "kernels.json").read_text())
    assert manifest["kernels"]["saxpy"]["crate"] == "saxpy"


def test_cli_reports_errors_on_one_line(make_project: MakeProject, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_project({}, archs=["sm_75"])
    assert main(["build", str(root), "-q"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("oxpack: error: invalid oxpack configuration in")
    assert "sm_75" in err and "Traceback" not in err


@pytest.mark.parametrize(("mode", "flag", "min_driver"), [
    ("none", 0, "520.61.05"), ("speed", 0x2000, "550.54.14"), ("size", 0x8000, "550.54.14")])
def test_fatbin_compression_modes(make_project: MakeProject, mode: str, flag: int, min_driver: str) -> None:
    """Each mode's entries carry its compression flag; the minimum driver covers it; the cubin comes back whole."""
    from oxpack.commands.inspect import entry_payload, read_fatbin

    root = make_project({"saxpy.rs": SAXPY}, extra=f'fatbin-compression = "{mode}"\n')
    result = build_project(load_config(root, env={}))
    assert result.min_driver == min_driver and result.manifest()["fatbin_compression"] == mode
    (crate,) = result.crates
    entries = read_fatbin(crate.fatbin, "saxpy.fatbin")
    assert [(e.kind, e.flags & 0xF000, e.compressed) for e in entries] == [
        ("cubin", flag, flag != 0), ("ptx", flag, flag != 0)]
    if flag != 0x8000:  # zstd needs a decompressor that may be missing here
        cubin = entry_payload(crate.fatbin, entries[0], "cubin")
        assert cubin.startswith(b"\x7fELF") and len(cubin) == entries[0].uncompressed


def test_python_dash_m_and_doctor_json(make_project: MakeProject) -> None:
    root = make_project({"saxpy.rs": SAXPY})
    proc = subprocess.run([sys.executable, "-m", "oxpack", "doctor", "--json", str(root)],
                          capture_output=True, text=True, check=False)
    report = json.loads(proc.stdout)
    assert proc.returncode == 0, proc.stderr
    assert report["ok"] is True
    assert report["llvmlite"]["nvptx"] is True
    assert report["rustc"]["selected"]
    assert report["project"]["ptx_isa"] == "7.8" and report["project"]["needs_cuda"] == "12.4"
    assert report["nvjitlink"]["version"].startswith("13.")


def test_doctor_names_the_bad_setting(make_project: MakeProject) -> None:
    """Doctor's problem line says which variable is bad, not only that something is."""
    root = make_project({"saxpy.rs": SAXPY})
    proc = subprocess.run([sys.executable, "-m", "oxpack", "doctor", "--json", str(root)], capture_output=True,
                          text=True, check=False, env={**os.environ, "OXPACK_ARCHS": "sm_70"}, timeout=300)
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["problems"] == [
        "invalid oxpack configuration in the environment (1 problem): Item 1 of environment variable `OXPACK_ARCHS` "
        "must be an arch `sm_XY` with XY >= 80, got `sm_70` (oxpack targets compute capability 8.0 and newer; "
        "remove it)"]


def test_example_lockfile_is_committed_and_matches_its_sources() -> None:
    from conftest import EXAMPLE

    from oxpack.store.cache import digest

    data = read_lock(EXAMPLE)
    assert data["targets"]["archs"] == ["sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"]
    assert data["targets"]["ptx-arch"] == "sm_80" and data["targets"]["ptx-isa"] == "8.0"  # sm_90a needs PTX ISA 8.0
    assert set(data["crates"]) == {"attention", "bits", "fp8", "fused", "gemm", "glu", "int8", "matrix", "nn", "norm", "reduce", "saxpy", "scan", "tensor"}
    for crate in data["crates"].values():
        assert crate["source-sha256"] == digest((EXAMPLE / crate["source"]).read_bytes()), (
            f"{crate['source']} changed: rerun `oxpack lock example-project`")


def test_sysroot_is_hashed_once_then_checked_by_stat(oxpack_cache: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from oxpack.toolchain import sysroot

    rustc = find_rustc()
    if rustc.std_origin != "rust-src":
        pytest.skip("the rustc's own nvptx standard library is used; no sysroot is built")
    built = sysroot.ensure_sysroot(rustc, oxpack_cache)
    assert built.sysroot_arg is not None
    copy = tmp_path / "sysroot"
    shutil.copytree(built.sysroot_arg, copy)  # new inodes: the recorded stats no longer match
    identity = built.digest
    assert sysroot._complete(copy) == identity, "hashed, found whole, stats recorded"
    assert "stats" in json.loads((copy / "complete.json").read_text())

    def no_hashing(paths: list[Path]) -> str:
        raise AssertionError("an unchanged sysroot must not be hashed again")

    with monkeypatch.context() as m:
        m.setattr(sysroot, "_rlib_digest", no_hashing)
        assert sysroot._complete(copy) == identity
    # a damaged rlib (another size and mtime) is hashed again, and refused
    rlib = next((copy / "lib").rglob("libcore*.rlib"))
    rlib.write_bytes(rlib.read_bytes()[:-1])
    assert sysroot._complete(copy) is None


FAKE_RUSTC = """#!/bin/sh
echo "$0 $*" >> {log}
case "$1" in
  -vV) printf 'rustc 1.96.0 (fake {version})\\nbinary: rustc\\ncommit-hash: {version}\\nrelease: 1.96.0\\nLLVM version: 22.1.8\\n' ;;
  --print) echo {sysroot} ;;
  *) exit 1 ;;
esac
"""


def _fake_rustc(sysroot: Path, log: Path, version: str = "one", *, at: Path | None = None,
                says: Path | None = None) -> Path:
    """A rustc that logs each run and answers `-vV` and `--print sysroot` (`says`, else `sysroot`), at
    `<sysroot>/bin/rustc` (or `at`), with rust-src and a compiler library in its sysroot."""
    exe = at or sysroot / "bin" / "rustc"
    exe.parent.mkdir(parents=True, exist_ok=True)
    exe.write_text(FAKE_RUSTC.format(log=log, version=version, sysroot=says or sysroot))
    exe.chmod(0o755)
    core = sysroot / "lib" / "rustlib" / "src" / "rust" / "library" / "core" / "src" / "lib.rs"
    core.parent.mkdir(parents=True, exist_ok=True)
    core.touch()
    driver = sysroot / "lib" / "librustc_driver-0123.so"
    if not driver.exists():
        driver.write_bytes(b"driver one")
    return exe


def test_rustc_answers_are_remembered_and_asked_again_when_the_rustc_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`rustc -vV` and `--print sysroot` of a rustc that is its sysroot's own binary are remembered in the
    cache's facts; they are asked again (the rustc runs) when its file, its compiler library, its path or
    the environment changes; a rustup-like proxy (its sysroot's rustc is another file) is asked every time."""
    facts, log, sysroot = tmp_path / "facts", tmp_path / "runs.log", tmp_path / "sysroot"
    exe = _fake_rustc(sysroot, log)

    def runs(path: Path, origin: str = "test") -> int:
        """How often `path` ran for one probe (with the remembered facts)."""
        before = log.read_text().count("\n") if log.exists() else 0
        cand = probe(str(path), origin, llvmlite_major=99, facts=facts)
        assert cand.rustc is not None, cand.reason
        assert cand.rustc.sysroot == Path(sysroot) and cand.rustc.std_origin == "rust-src"
        return log.read_text().count("\n") - before

    assert runs(exe) == 2 and runs(exe) == 0
    assert probe(str(exe), "test", 99, facts=facts) == probe(str(exe), "test", 99)  # what it ran to find
    assert "fake one" in probe(str(exe), "test", 99, facts=facts).rustc.version_verbose  # type: ignore[union-attr]

    _fake_rustc(sysroot, log, "two")  # another rustc in its place (same size)
    assert runs(exe) == 2 and runs(exe) == 0
    assert "fake two" in probe(str(exe), "test", 99, facts=facts).rustc.version_verbose  # type: ignore[union-attr]
    st = exe.stat()
    os.utime(exe, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # touched
    assert runs(exe) == 2 and runs(exe) == 0
    (sysroot / "lib" / "librustc_driver-0123.so").write_bytes(b"driver two")  # its compiler library changed
    assert runs(exe) == 2 and runs(exe) == 0
    monkeypatch.setenv("RUSTUP_TOOLCHAIN", "nightly")
    assert runs(exe) == 2 and runs(exe) == 0
    monkeypatch.setenv("LD_LIBRARY_PATH", str(tmp_path))
    assert runs(exe) == 2 and runs(exe) == 0

    link = tmp_path / "bin" / "rustc"
    link.parent.mkdir()
    link.symlink_to(exe)
    assert runs(link) == 2 and runs(link) == 0  # another path to the same rustc
    other = _fake_rustc(tmp_path / "other", log, "three")
    link.unlink()
    link.symlink_to(other)  # the same path, now to another rustc
    before = log.read_text().count("\n")
    assert "fake three" in probe(str(link), "test", 99, facts=facts).rustc.version_verbose  # type: ignore[union-attr]
    assert log.read_text().count("\n") - before == 2

    entries = sorted(facts.iterdir())
    proxy = _fake_rustc(sysroot, log, at=tmp_path / "proxy" / "rustc")  # says `sysroot`, is not its bin/rustc
    assert runs(proxy) == 2 and runs(proxy) == 2
    assert sorted(facts.iterdir()) == entries, "a proxy's answers are not remembered"


def test_real_rustc_is_found_the_same_with_remembered_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from oxpack.toolchain import rustc as rustc_module

    asked: list[str] = []
    ask = rustc_module._ask
    monkeypatch.setattr(rustc_module, "_ask",
                        lambda path, bound, waiting=None: asked.append(path) or ask(path, bound, waiting))
    found = find_rustc()
    assert asked and found.path.as_posix() in {str(Path(p).resolve()) for p in asked}
    assert find_rustc(facts=tmp_path) == found
    asked.clear()
    assert find_rustc(facts=tmp_path) == found
    assert not any(Path(p).resolve() == found.path for p in asked), "the chosen rustc's answers were remembered"


def test_rustup_proxies_are_not_probed_again_once_rustup_named_its_toolchain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `rustc` on PATH that is the `rustup` binary (its proxy) runs the toolchain that `rustup which rustc`
    named, which is probed already; where rustup names none, the proxy is probed as any candidate."""
    monkeypatch.setattr("oxpack.toolchain.rustc.SYSTEM_RUSTCS", ())
    log, toolchain = tmp_path / "runs.log", tmp_path / "toolchains" / "stable"
    real = _fake_rustc(toolchain, log)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    rustup = bin_dir / "rustup"
    rustup.write_text(f'#!/bin/sh\nif [ "$1" = which ]; then [ -e {tmp_path}/no-toolchain ] && exit 1; echo {real}; '
                      f'else exec {real} "$@"; fi\n')
    rustup.chmod(0o755)
    (bin_dir / "rustc").symlink_to("rustup")  # rustup's proxy
    env = {"PATH": str(bin_dir)}
    found = discover(None, env=env)
    assert [(c.path, c.origin) for c in found] == [(str(real), "rustup (active toolchain)")]
    assert found[0].rustc is not None

    (tmp_path / "no-toolchain").touch()  # rustup names no toolchain: its proxy is a candidate of its own
    found = discover(None, env=env)
    assert [(c.path, c.origin) for c in found] == [(str(bin_dir / "rustc"), f"PATH ({bin_dir})")]
    assert found[0].rustc is not None and found[0].rustc.sysroot == toolchain

    other = tmp_path / "other"
    other.mkdir()
    os.link(real, other / "rustc")  # the same binary under another name: probed once
    assert [c.path for c in discover(str(real), env={"PATH": str(other)})] == [str(real)]
