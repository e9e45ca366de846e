"""What `oxpack build` prints: plain step lines, nothing under -q, every command under -v, a live line on a tty."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from conftest import MakeProject
from test_build import SAXPY

from oxpack.cli import main

ARCHS = ["sm_80", "sm_90"]


def _fresh(make_project: MakeProject) -> Path:
    """A project whose kernel no earlier build has compiled (so every stage runs)."""
    factor = f"{uuid.uuid4().int % 1_000_000}.0"  # new code, not just a new comment: every stage output is new
    return make_project({"k.rs": SAXPY.replace("saxpy", "k").replace("a * x", f"{factor} * a * x")}, archs=ARCHS)


def test_plain_lines_name_each_step_and_arch(make_project: MakeProject, capsys: pytest.CaptureFixture[str]) -> None:
    root = _fresh(make_project)
    assert main(["build", str(root)]) == 0
    err = capsys.readouterr().err
    lines = err.splitlines()
    expected = ["oxpack: rustc      kernels/k.rs", "oxpack: link       k", "oxpack: fatbin     k"]
    expected += [f"oxpack: {stage:<10} k [{arch}]" for stage in ("ptx", "cubin") for arch in ARCHS]
    for line in expected:
        assert line in lines, (line, err)
    assert "\r" not in err and "\x1b" not in err, "no terminal control codes when stderr is not a terminal"
    assert not any(line.startswith(("oxpack: $ ", "oxpack: in process:")) for line in lines), "commands only under -v"
    assert main(["build", str(root)]) == 0
    again = capsys.readouterr().err.splitlines()
    assert "oxpack: everything came from the cache" in again
    assert not any(line.startswith(("oxpack: rustc ", "oxpack: ptx ")) for line in again)


def test_quiet_prints_nothing(make_project: MakeProject, capsys: pytest.CaptureFixture[str]) -> None:
    root = _fresh(make_project)
    assert main(["build", str(root), "-q"]) == 0
    assert main(["lock", str(root), "-q"]) == 0
    assert main(["build", str(root), "-q", "-v"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out == ""


def test_verbose_prints_every_command_ready_to_paste(make_project: MakeProject,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    root = _fresh(make_project)
    assert main(["build", str(root), "-v"]) == 0
    lines = capsys.readouterr().err.splitlines()
    commands = [line.removeprefix("oxpack: $ ") for line in lines if line.startswith("oxpack: $ ")]
    (line,) = [c for c in commands if "--emit=llvm-bc" in c]
    cd, kernel = line.split(" && ", 1)  # rustc runs in its folder of the cache, which stays
    assert Path(shlex.split(cd)[1]).is_dir()
    argv = shlex.split(kernel)
    assert Path(argv[0]).name == "rustc" and Path(argv[0]).is_file()
    assert ["--crate-name", "k"] == argv[argv.index("--crate-name") : argv.index("--crate-name") + 2]
    # a shell reads the line as the very argument list that oxpack ran
    echoed = subprocess.run(["bash", "-c", "printf '%s\\n' " + kernel], capture_output=True, text=True, check=True)
    assert echoed.stdout.splitlines() == argv
    # and runs it as printed, from anywhere
    again = subprocess.run(["bash", "-c", line], capture_output=True, text=True, cwd="/", check=False)
    assert again.returncode == 0, again.stderr
    # the tools that run in process say which options they got
    for arch in ARCHS:
        assert f"oxpack: in process: nvJitLink -arch={arch} -verbose -O3  # k: PTX -> cubin" in lines
        assert any(line.startswith(f"oxpack: in process: llvmlite -mtriple=nvptx64-nvidia-cuda -mcpu={arch} "
                                   "-mattr=+ptx78 -O3  # k:") for line in lines)
    assert "oxpack: in process: nvFatbin -64 -compress-all -compress-mode=speed  # k: cubins sm_80 sm_90 + PTX sm_90" in lines
    assert "oxpack: ptx        k [sm_90]" in lines, "-v keeps the step lines"


def test_a_terminal_gets_one_live_status_line(make_project: MakeProject) -> None:
    import pty

    root = _fresh(make_project)
    leader, follower = pty.openpty()
    env = dict(os.environ, TERM="xterm", PYTHONPATH=os.pathsep.join(sys.path))
    with subprocess.Popen([sys.executable, "-m", "oxpack", "build", str(root)], stdout=follower, stderr=follower,
                          env=env) as proc:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closes with the last writer (EIO)
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert proc.wait() == 0
    os.close(leader)
    screen = b"".join(chunks).decode()
    assert "\r" in screen and "\x1b[K" in screen, "the status line is rewritten in place"
    assert "steps, " in screen and "ptx k [sm_90]" in screen and "rustc kernels/k.rs" in screen
    lines = screen.replace("\r\n", "\n").split("\n")
    assert not any(line.startswith("oxpack: ptx ") for line in lines), "no plain step lines on a terminal"
    assert any("\x1b[Koxpack: built kernels/k.rs: k (" in line for line in lines), "cleared before the summary"
    assert lines[-2].startswith("oxpack: stage runs: "), "the status line is gone when the build is over"
