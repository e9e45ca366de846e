"""Editable installs that rebuild on import never hang, and carry the platform tag of their host libraries.

Each project (a plain one, and one whose kernel calls `exp` from libdevice) is installed with
`pip install -e` in a pristine venv (build isolation; oxpack's wheel from this checkout), then
oxpack itself (with `[libdevice]` for the second) so that an import after a kernel edit rebuilds.
After each edit the package is imported by `python -c`, by a script, by `python -m pytest` and by
two processes at once, each under a timeout, and must see the edited kernel. Two hangs were seen:
the rebuild ran inside `find_spec`, under Python's import lock, so a crate thread's import (the
`nvidia` namespace, looked up for libdevice by every build of two or more kernel files, plain
ones too) waited forever; and the build's worker processes re-ran the user's script, whose
import started the rebuild again. Both projects have two kernel files for that reason.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from test_field import _env, _init_project, _pip, _pristine

pytestmark = pytest.mark.slow

TIMEOUT = 300  # seconds: a rebuild of one tiny kernel takes a fraction of that; past it, the import hangs

NAMES = ("import json, pathlib, demo.kernels as m; path = pathlib.Path(m.__file__); "
         "manifest = json.loads((path.parent / '_oxpack' / f'{path.stem}.json').read_text()); "
         "print(json.dumps(sorted(k for k in manifest['kernels'] if callable(getattr(m, k, None)))))")

PYTEST_FILE = """\
import json, pathlib, demo.kernels as m


def test_names():
    path = pathlib.Path(m.__file__)
    manifest = json.loads((path.parent / '_oxpack' / f'{path.stem}.json').read_text())
    print(json.dumps(sorted(k for k in manifest['kernels'] if callable(getattr(m, k, None)))))
    assert getattr(m, NAME, None) is not None, sorted(manifest["kernels"])
"""


def _run(cmd: list[str], cwd: Path) -> subprocess.Popen[str]:
    """Start `cmd` in its own session (so that a hang's whole process tree can be killed)."""
    return subprocess.Popen(cmd, cwd=cwd, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def _wait(proc: subprocess.Popen[str]) -> tuple[str, str, bool]:
    """`proc`'s stdout, stderr and whether it hung: still running after TIMEOUT (then its process group is killed)."""
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return out, err, True
    return out, err, False


@pytest.fixture(scope="module", params=["plain", "libdevice"])
def installed(request: pytest.FixtureRequest, oxpack_wheels: Path,
              tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A fresh `oxpack init` project (src layout, sm_90), for `libdevice` with a kernel that calls `exp`,
    installed editable in a pristine venv with oxpack (and pytest) beside it: {"project", "python", "name"}."""
    kind = request.param
    root = tmp_path_factory.mktemp(f"editable-{kind}")
    project = _init_project(root, layout="src")
    if kind == "libdevice":
        pyproject = project / "pyproject.toml"
        text = pyproject.read_text()
        assert '"oxpack"]' in text, text
        pyproject.write_text(text.replace('"oxpack"]', '"oxpack[libdevice]"]'))
        kernel = project / "kernels" / "scale.rs"
        text = kernel.read_text()
        assert "*o = a * x[i.get()];" in text, text
        kernel.write_text(text.replace("*o = a * x[i.get()];", "*o = (a * x[i.get()]).exp();"))
    # two kernel files: the crates build in threads (one file builds in the importing thread)
    second = (project / "kernels" / "scale.rs").read_text().replace("pub fn scale(", "pub fn scale_too(")
    (project / "kernels" / "again.rs").write_text(second)
    python = _pristine(root / "venv")
    _pip(python, oxpack_wheels, "install", "-q", "-e", str(project))
    _pip(python, oxpack_wheels, "install", "-q", "oxpack[libdevice]" if kind == "libdevice" else "oxpack", "pytest")
    return {"project": project, "python": python, "name": "scale", "root": root}


def _edit(installed: dict[str, object], new: str) -> str:
    project, old = installed["project"], installed["name"]
    assert isinstance(project, Path) and isinstance(old, str)
    kernel = project / "kernels" / "scale.rs"
    text = kernel.read_text()
    assert f"pub fn {old}(" in text, text
    kernel.write_text(text.replace(f"pub fn {old}(", f"pub fn {new}("))
    installed["name"] = new
    return new


@pytest.mark.parametrize("how", ["c", "script", "pytest", "two-at-once"])
def test_the_import_after_a_kernel_edit_rebuilds_without_hanging(how: str, installed: dict[str, object],
                                                                 tmp_path: Path) -> None:
    python, root = installed["python"], installed["root"]
    assert isinstance(python, Path) and isinstance(root, Path)
    name = _edit(installed, f"scale_{how.replace('-', '_')}")
    if how == "c":
        runs = [_run([str(python), "-c", NAMES], tmp_path)]
    elif how == "script":  # no `if __name__ == "__main__":` guard, as most scripts
        (tmp_path / "use.py").write_text(NAMES.replace("; ", "\n") + "\n")
        runs = [_run([str(python), str(tmp_path / "use.py")], tmp_path)]
    elif how == "pytest":
        (tmp_path / "test_use.py").write_text(PYTEST_FILE.replace("NAME", repr(name)))
        runs = [_run([str(python), "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "test_use.py"], tmp_path)]
    else:
        runs = [_run([str(python), "-c", NAMES], tmp_path), _run([str(python), "-c", NAMES], tmp_path)]
    for proc, (out, err, hung) in [(proc, _wait(proc)) for proc in runs]:  # every process waited for first
        assert not hung, f"the import ({how}) hung (killed after {TIMEOUT} s)\n{out[-2000:]}\n{err[-4000:]}"
        assert proc.returncode == 0, f"the import ({how}) failed\n{out[-2000:]}\n{err[-4000:]}"
        printed = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
        assert printed == [sorted([name, "scale_too"])], out + err
        assert "Traceback" not in err and "leaked semaphore" not in err, err


def test_an_editable_wheel_with_host_libraries_carries_the_platform_tag(installed: dict[str, object]) -> None:
    """The editable wheel holds `.host.so` files (built wherever they build, to emulate): like a wheel with
    host libraries, it is tagged for this platform, not `py3-none-any`."""
    from oxpack.builder.stages.host import host_platform

    python = installed["python"]
    assert isinstance(python, Path)
    (dist_info,) = python.parent.parent.glob("lib/python3*/site-packages/demo-0.1.0.dist-info")
    (built,) = python.parent.parent.glob("lib/python3*/site-packages/_oxpack_editable_demo")
    assert list(built.rglob("*.host.so")), "the editable wheel has no host library"
    wheel = (dist_info / "WHEEL").read_text()
    assert f"Tag: py3-none-{host_platform()}" in wheel.splitlines(), wheel
    assert "Root-Is-Purelib: false" in wheel.splitlines(), wheel


def test_a_failed_rebuild_is_an_import_error_with_oxpacks_one_line(installed: dict[str, object],
                                                                 tmp_path: Path) -> None:
    """The child's build error comes back as the importer's `ImportError`, oxpack's one line, no traceback
    of the child; once the kernel is fixed, the next import rebuilds."""
    project, python, name = installed["project"], installed["python"], installed["name"]
    assert isinstance(project, Path) and isinstance(python, Path) and isinstance(name, str)
    kernel = project / "kernels" / "scale.rs"
    good = kernel.read_text()
    assert "x[i.get()]" in good
    kernel.write_text(good.replace("x[i.get()]", "x[i.get()] + nope", 1))
    catch = "try:\n    import demo.kernels\nexcept ImportError as exc:\n    print(exc)\nelse:\n    print('imported')\n"
    out, err, hung = _wait(_run([str(python), "-c", catch], tmp_path))
    assert not hung and out.startswith(f"demo: rebuilding the kernels of {project} failed: "), out + err
    assert len(out.splitlines()) == 1 and "kernels/scale.rs" in out and "nope" in out, out
    assert "Traceback" not in err, err
    kernel.write_text(good)
    out, err, hung = _wait(_run([str(python), "-c", NAMES], tmp_path))
    assert not hung and json.loads(out.splitlines()[-1]) == sorted([name, "scale_too"]), out + err


def test_an_import_killed_mid_rebuild_leaves_nothing_once_the_next_one_ran(installed: dict[str, object],
                                                                          tmp_path: Path) -> None:
    """kill -9 of an importing process while its child builds: the next import rebuilds, and the dead
    rebuild's `build/oxpack-editable.<pid>.tmp` folder is gone after it."""
    project, python = installed["project"], installed["python"]
    assert isinstance(project, Path) and isinstance(python, Path)
    name = _edit(installed, "scale_killed")
    build = project / "build"
    proc = _run([str(python), "-c", NAMES], tmp_path)
    deadline = time.monotonic() + TIMEOUT
    while not list(build.glob("oxpack-editable.*.tmp")):  # wait for the state: its rebuild has begun
        assert proc.poll() is None, "the import ended before it could be killed: " + "".join(proc.communicate())
        assert time.monotonic() < deadline, "the rebuild never began"
        time.sleep(0.005)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
    assert list(build.glob("oxpack-editable.*.tmp")), "the killed rebuild left no folder: nothing to test"
    out, err, hung = _wait(_run([str(python), "-c", NAMES], tmp_path))
    assert not hung and json.loads(out.splitlines()[-1]) == sorted([name, "scale_too"]), out + err
    left = sorted(p.name for p in build.iterdir() if p.name.startswith("oxpack-editable."))
    assert left == ["oxpack-editable.lock"], left
