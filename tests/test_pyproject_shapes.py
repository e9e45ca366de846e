"""Every pyproject shape: a table of mutations of a valid `pyproject.toml` (each key and table replaced by a
value of every other kind, or removed) through `oxpack init`, the settings that `build` and `lock` read
(`load_config`) and `oxpack doctor`'s project check, in process. Each mutant ends in success or in one
`OxpackError` line naming the key at fault (or a parent of it): never a traceback, and never a success
that skipped its work (init's run-time dependencies and tables are in the file it wrote). The table
is fixed (no random seed), so CI runs the same cases. A few CLI runs check the paths that are files or
folders the wrong way round."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tomlkit

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

VALID: dict[str, Any] = {
    "build-system": {"requires": ["hatchling>=1.26"], "build-backend": "hatchling.build"},
    "project": {"name": "shapes", "version": "0.1.0", "requires-python": ">=3.10", "dependencies": ["numpy"],
                "dynamic": []},
    "tool": {"hatch": {"build": {"hooks": {"custom": {}}}}, "uv": {"package": True}},
}
WRONG: tuple[Any, ...] = (5, "x", True, 1.5, [1], [], {})


def _paths(table: dict[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in table.items():
        out.append(prefix + key)
        if isinstance(value, dict):
            out += _paths(value, prefix + key + ".")
    return out


def _mutants() -> list[tuple[str, str, Any]]:
    """(id, dotted key, new value or `...` for removed)."""
    cases = []
    for dotted in _paths(VALID):
        current = VALID
        for part in dotted.split("."):
            current = current[part]
        for value in (*WRONG, ...):
            if value is not ... and type(value) is type(current) and (value == [] or value == {}) == (not current):
                continue  # the same kind as the valid value: not a wrong shape
            cases.append((f"{dotted}={'removed' if value is ... else type(value).__name__ + ':' + str(value)}",
                          dotted, value))
    return cases


MUTANTS = _mutants()


def _write(root: Path, dotted: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(VALID)
    *parents, last = dotted.split(".")
    table = data
    for part in parents:
        table = table[part]
    if value is ...:
        del table[last]
    else:
        table[last] = value
    (root / "src" / "shapes").mkdir(parents=True, exist_ok=True)
    (root / "src" / "shapes" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(tomlkit.dumps(data))
    return data


def _one_line_naming(exc: BaseException, dotted: str) -> None:
    text = str(exc)
    assert "\n" not in text.strip() or text.splitlines()[0].endswith(")"), text  # a header + problems is fine
    parts = dotted.split(".")
    named = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    assert any(f"`{k}`" in text or f"`{k}." in text for k in named) or "pyproject.toml" in text, (dotted, text)


@pytest.mark.parametrize(("dotted", "value"), [(d, v) for _, d, v in MUTANTS], ids=[i for i, _, _ in MUTANTS])
def test_init_on_a_mutant_succeeds_whole_or_names_the_key(tmp_path: Path, dotted: str, value: Any) -> None:
    from oxpack.commands.init import RUNTIME_DEPS, init_project
    from oxpack.errors import OxpackError

    _write(tmp_path, dotted, value)
    try:
        init_project(tmp_path)
    except OxpackError as exc:
        _one_line_naming(exc, dotted)
        return
    written = tomllib.loads((tmp_path / "pyproject.toml").read_text())
    deps = written["project"].get("dependencies", [])
    dynamic = written["project"].get("dynamic", [])
    assert all(d in deps for d in RUNTIME_DEPS) or "dependencies" in dynamic, (dotted, written["project"])
    assert isinstance(written["tool"]["oxpack"], dict) and "oxpack" in written["tool"]["hatch"]["build"]["hooks"]
    assert "oxpack" in " ".join(written["build-system"]["requires"])
    assert (tmp_path / "kernels" / "scale.rs").is_file()


@pytest.mark.parametrize(("dotted", "value"), [(d, v) for _, d, v in MUTANTS], ids=[i for i, _, _ in MUTANTS])
def test_build_settings_and_doctor_on_a_mutant_name_the_key(tmp_path: Path, dotted: str, value: Any) -> None:
    """What `build` and `lock` read first (`load_config`, the project's name) and doctor's project check."""
    from oxpack.commands.doctor import _project
    from oxpack.config import load_config
    from oxpack.errors import OxpackError
    from oxpack.project import project_name

    _write(tmp_path, dotted, value)
    try:
        load_config(tmp_path, env={})
        project_name(tmp_path)
    except OxpackError as exc:
        _one_line_naming(exc, dotted)
    report: dict[str, Any] = {"problems": [], "gpu": {}}
    _project(report, tmp_path)  # never raises: a problem is a line of the report
    assert all(isinstance(p, str) for p in report["problems"])


# -- the cases the audit found, each named --------------------------------------------------


@pytest.mark.parametrize(("pyproject", "message"), [
    ('[project]\nname = "shapes"\ndependencies = "numpy"\n',
     "`project.dependencies` in `{path}` must be a list of strings"),
    ('tool = 5\n[project]\nname = "shapes"\n', "`tool` in `{path}` must be a table"),
    ('[project]\nname = 5\n', "`project.name` in `{path}` must be a string (like `name = \"vecmath\"`), got an integer"),
    ('project = "shapes"\n', "`project` in `{path}` must be a table"),
    ('[project]\nname = "shapes"\ndependencies = ["numpy", 3]\n', "but item 2 is an integer"),
    ('[build-system]\nrequires = "hatchling"\n[project]\nname = "shapes"\n',
     "`build-system.requires` in `{path}` must be a list of strings"),
])
def test_init_names_the_audits_shapes(tmp_path: Path, pyproject: str, message: str) -> None:
    from oxpack.commands.init import InitError, init_project

    (tmp_path / "src" / "shapes").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text(pyproject)
    with pytest.raises(InitError) as caught:
        init_project(tmp_path)
    assert message.format(path=tmp_path / "pyproject.toml") in str(caught.value), str(caught.value)


def test_init_on_a_pyproject_that_is_a_folder_or_a_project_that_is_a_file(tmp_path: Path) -> None:
    from oxpack.commands.init import InitError, init_project

    (tmp_path / "pyproject.toml").mkdir()
    with pytest.raises(InitError, match=r"pyproject.toml` is a folder, not a file"):
        init_project(tmp_path)
    (tmp_path / "file").write_text("")
    with pytest.raises(InitError, match=r"file` is a file, not a folder"):
        init_project(tmp_path / "file")
    with pytest.raises(InitError, match=r"missing` does not exist"):
        init_project(tmp_path / "missing")


def test_doctor_on_a_missing_folder_a_file_and_a_folder_pyproject(tmp_path: Path) -> None:
    from oxpack.commands.doctor import _project

    (tmp_path / "file").write_text("")
    (tmp_path / "folder" / "pyproject.toml").mkdir(parents=True)
    for project, said in ((tmp_path / "missing", "does not exist"), (tmp_path / "file", "is a file"),
                          (tmp_path / "folder", "is a folder, not a file")):
        report: dict[str, Any] = {"problems": [], "gpu": {}}
        _project(report, project)
        assert len(report["problems"]) == 1 and said in report["problems"][0], report


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "oxpack", *argv], capture_output=True, text=True, timeout=300,
                          check=False)


def test_cli_names_the_real_cause(tmp_path: Path) -> None:
    """Smoke runs of the command line: one line each, the right culprit, no traceback."""
    (tmp_path / "file").write_text("")
    build = _cli("build", str(tmp_path / "file"))
    assert build.returncode == 1 and "the project `" in build.stderr and "is a file, not a folder" in build.stderr, \
        build.stderr
    assert "default output folder" not in build.stderr
    lock = _cli("lock", str(tmp_path / "missing"))
    assert lock.returncode == 1 and "does not exist" in lock.stderr, lock.stderr
    doctor = _cli("doctor", str(tmp_path / "missing"))
    assert doctor.returncode == 1 and "does not exist" in doctor.stdout, doctor.stdout
    (tmp_path / "p" / "src" / "shapes").mkdir(parents=True)
    (tmp_path / "p" / "pyproject.toml").write_text('tool = 5\n[project]\nname = "shapes"\n')
    init = _cli("init", str(tmp_path / "p"))
    assert init.returncode == 1 and "`tool` in `" in init.stderr and "Traceback" not in init.stderr, init.stderr
    assert len(init.stderr.strip().splitlines()) == 1, init.stderr
