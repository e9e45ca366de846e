"""Messages that name what is at fault, and a killed build that leaves nothing behind.

Each fault is made for real where it can be: a file-size limit (`RLIMIT_FSIZE`) set on the build's
process, a rustc that never answers, a kernel file named like a crate of Rust's standard library, an
output folder whose manifest is a folder, an arch list whose every arch is arch-specific, and a
build killed with `kill -9` once its worker processes run. Every error is one line
(`assert_one_clear_line`), and nothing of the build is left behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from test_reliability import (
    SAXPY,
    _assert_all_end,
    _children,
    _hanging_tool,
    _left_behind,
    _wait_for_reader,
    _wait_in_rustc,
    assert_one_clear_line,
    oxpack,
    project,  # noqa: F401 - the fixture
)


def _fresh(project: Path) -> Path:
    """`project`'s kernel with a constant no cache has seen: its rustc, link, PTX and cubin all run."""
    kernel = project / "kernels" / "saxpy.rs"
    kernel.write_text(SAXPY.replace("a * x[i.get()]", f"a * x[i.get()] * 1.{uuid.uuid4().int % 10**6}"))
    return kernel


def _error(stderr: str) -> str:
    """The error and whatever follows it on stderr."""
    return stderr[stderr.index("oxpack: error: "):]


# --- a file-size limit -----------------------------------------------------------------------


def test_a_file_size_limit_names_the_file_and_the_limit(project: Path, tmp_path: Path) -> None:
    """`ulimit -f` below what the build writes: the build's rustc dies of SIGXFSZ (Python itself ignores
    it and gets EFBIG): one line naming the file, the limit and the fix, nothing "below" it."""
    _fresh(project)
    limit = 4096

    def small_files() -> None:  # what `ulimit -f 4` does in a shell (SIGXFSZ left as it is: it kills)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = oxpack("build", str(project), "--out", str(tmp_path / "out"), preexec_fn=small_files)
    assert proc.returncode == 1, proc.stderr
    assert_one_clear_line(proc)
    error = _error(proc.stderr)
    assert error.count("\n") == 1, f"one line, nothing below it:\n{error}"
    assert "see below" not in error
    assert re.search(r"cannot write `/[^`]+`: the file-size limit \(`ulimit -f`, 4096 bytes\) was hit "
                     r"\((SIGXFSZ|EFBIG)\); raise it \(`ulimit -f unlimited`\), then rerun", error), error


# --- a rustc that does not answer ------------------------------------------------------------


def test_a_hanging_rustc_probe_says_what_it_waits_for(project: Path, tmp_path: Path) -> None:
    """`rustc -vV` that never answers: a progress line names the command after a few seconds, then
    the build stops it at its time limit with one line."""
    script, pids = _hanging_tool(tmp_path)
    try:
        proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(project)], capture_output=True,
                              text=True, check=False, timeout=60,
                              env={**os.environ, "OXPACK_RUSTC": str(script), "OXPACK_TOOL_TIMEOUT": "5"})
    finally:
        left = _left_behind(pids)
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.splitlines()
    assert any(re.fullmatch(rf"oxpack: waiting for `{re.escape(str(script))} -vV` \([2-4] s; stopped at 5 s\)…",
                            line) for line in lines), proc.stderr
    assert re.search(rf"oxpack: error: rustc `{re.escape(str(script))}` from environment variable `OXPACK_RUSTC` "
                     rf"is not usable: `{re.escape(str(script))} -vV` did not finish within 5 s", proc.stderr)
    assert_one_clear_line(proc)
    assert not left


# --- a kernel file named like a crate every kernel crate sees ---------------------------------


@pytest.mark.parametrize("name", ["core", "std", "alloc", "compiler_builtins", "oxpack", "proc_macro", "test"])
def test_a_reserved_crate_name_is_refused_before_rustc(project: Path, name: str) -> None:
    from oxpack.builder.plan import plan_build
    from oxpack.config import load_config
    from oxpack.errors import ConfigError

    (project / "kernels" / "saxpy.rs").rename(project / "kernels" / f"{name}.rs")
    with pytest.raises(ConfigError) as info:
        plan_build(load_config(project, env={}))
    assert str(info.value) == (
        f"kernel file `kernels/{name}.rs`: its name `{name}` is reserved, as the crate `{name}` that every "
        f"kernel crate can name (Rust's `core`, `alloc`, `std`, their helpers and oxpack's device crate "
        f"`oxpack`); rename the file, like `{name}_kernels.rs`")


def test_a_reserved_crate_name_is_one_line_on_the_command_line(project: Path) -> None:
    (project / "kernels" / "saxpy.rs").rename(project / "kernels" / "core.rs")
    proc = oxpack("build", str(project))
    assert proc.returncode == 1, proc.stderr
    assert_one_clear_line(proc)
    assert "kernel file `kernels/core.rs`: its name `core` is reserved" in proc.stderr
    assert "sysroot" not in proc.stderr and "rustc" not in proc.stderr, proc.stderr


# --- an output folder whose manifest is not a file ---------------------------------------------


def _files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_an_output_manifest_that_is_a_folder_is_named_and_nothing_is_written(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert oxpack("build", str(project), "-q", "--out", str(out)).returncode == 0
    manifest = out / "proj" / "_oxpack" / "kernels.json"
    manifest.unlink()
    (manifest / "inside").mkdir(parents=True)  # a folder where the manifest goes
    before = _files(out)
    (project / "kernels" / "saxpy.rs").write_text(SAXPY.replace("y = a * x + y", "y = a * x + y, changed"))
    proc = oxpack("build", str(project), "--out", str(out))
    assert proc.returncode == 1, proc.stderr
    assert_one_clear_line(proc)
    assert _error(proc.stderr) == (
        f"oxpack: error: cannot write the generated module into `{out / 'proj'}`: `{manifest}` is a folder, "
        "where the build writes a file; remove it, then rerun (the files of the previous build are unchanged)\n")
    assert _files(out) == before, "nothing written"
    assert not list(out.rglob(".tmp.*"))


@pytest.mark.parametrize("text", ["{broken", "[1, 2]", '{"module": 5}', ""], ids=["corrupt", "a-list", "wrong-types",
                                                                                   "empty"])
def test_a_broken_output_manifest_is_replaced(project: Path, tmp_path: Path, text: str) -> None:
    """The build reads nothing of the manifest it replaces: a broken one is overwritten, whole."""
    out = tmp_path / "out"
    assert oxpack("build", str(project), "-q", "--out", str(out)).returncode == 0
    manifest = out / "proj" / "_oxpack" / "kernels.json"
    good = manifest.read_bytes()
    manifest.write_text(text)
    proc = oxpack("build", str(project), "-q", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert manifest.read_bytes() == good


# --- `ptx = "auto"` with arch-specific archs only ------------------------------------------------


@pytest.mark.parametrize(("archs", "ptx"), [(["sm_90a"], None), (["sm_90a", "sm_100a"], None),
                                            (["sm_80", "sm_90a"], "sm_80"), (["sm_90", "sm_90a"], "sm_90")])
def test_auto_ptx_is_never_that_of_an_arch_specific_arch(project: Path, archs: list[str], ptx: str | None) -> None:
    from oxpack.builder.plan import plan_build
    from oxpack.config import load_config
    from oxpack.sources.targets import ARCH_MIN_PTX

    if not set(archs) <= set(ARCH_MIN_PTX):
        pytest.skip(f"this toolchain builds none of {archs}")
    plan = plan_build(load_config(project, env={"OXPACK_ARCHS": ",".join(archs)}))
    assert plan.ptx_arch == ptx
    if ptx is None:
        assert plan.notes == (f"no PTX embedded: `ptx = \"auto\"` embeds the PTX of the highest arch without an "
                              f"`a`/`f` suffix, and archs {', '.join(archs)} have none (an arch-specific arch's PTX "
                              "runs on no later GPU); add a plain arch like `sm_90` for PTX that later GPUs "
                              "compile",)
    else:
        assert plan.notes == ()


def test_a_build_for_sm90a_alone_ships_no_ptx_and_says_why(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = oxpack("build", str(project), "--out", str(out), env={"OXPACK_ARCHS": "sm_90a"})
    assert proc.returncode == 0, proc.stderr
    assert "oxpack: no PTX embedded: `ptx = \"auto\"`" in proc.stderr, proc.stderr
    data = json.loads((out / "proj" / "_oxpack" / "kernels.json").read_text())
    assert data["ptx_arch"] is None, data


# --- a build killed with kill -9 once its workers run ---------------------------------------------


def _semaphores(pids: set[int]) -> set[str]:
    """The POSIX named semaphores (`/dev/shm/sem.*`) that the processes `pids` have mapped."""
    found = set()
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
                m = re.search(r"/dev/shm/(sem\.\S+)", line)
                if m:
                    found.add(m.group(1))
    return found


def test_a_build_killed_with_kill_9_leaves_no_semaphore(project: Path, tmp_path: Path, short_tmp: Path) -> None:
    """A build whose workers run (its kernel's rustc waits on a FIFO, after the pool started) is killed
    with SIGKILL, the parent alone (as the OOM killer does): its workers and multiprocessing's helpers
    end, and no named semaphore is left in /dev/shm, nor a resource tracker's "leaked semaphore"."""
    kernel = _fresh(project)
    fifo = project / "wait.fifo"
    _wait_in_rustc(kernel, fifo)
    log = tmp_path / "build.log"
    with log.open("w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "oxpack", "build", str(project)], stdout=subprocess.DEVNULL,
                                stderr=err, env={**os.environ, "TMPDIR": str(short_tmp)})
    held = _wait_for_reader(fifo, proc, "rustc", log)
    try:
        seen: set[int] = set()
        deadline = time.monotonic() + 120  # a safety net: the build cannot end while rustc waits
        while len(seen) < 3:  # rustc, the fork server and its workers (started before rustc runs)
            assert time.monotonic() < deadline, seen
            seen |= _children(proc.pid)
            time.sleep(0.05)
        time.sleep(1)  # the workers have started their loops
        seen |= _children(proc.pid)
        mapped = _semaphores({proc.pid, *seen})
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    finally:
        os.close(held)
    _assert_all_end(seen)
    stderr = log.read_text()
    assert "leaked semaphore" not in stderr and "resource_tracker" not in stderr, stderr
    assert not [name for name in mapped if (Path("/dev/shm") / name).exists()]
    assert mapped == set(), f"the build used named semaphores: {sorted(mapped)}"
