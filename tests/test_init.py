"""`oxpack init`: edits an existing pyproject.toml in place, scaffolds a kernel and a test, refuses to overwrite."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from oxpack.cli import main
from oxpack.errors import OxpackError
from oxpack.commands.init import InitError, init_project

ORIGINAL = """\
# demo-pkg — a hand-written file; this comment and the odd spacing below must survive.
[build-system]
requires = [
    "hatchling>=1.26",  # the backend
]
build-backend = "hatchling.build"

[project]
name   = "demo-pkg"   # odd spacing
version = "0.1.0"
dependencies = [ "numpy>=1.26" ]

# ---- tools ----
[tool.ruff]
line-length = 100  # wide
"""

TEST_EXTRA = """
[project.optional-dependencies]
test = ["pytest", "numpy"]
"""

ADDED_TABLES = """
# oxpack's build hook: compiles kernels/*.rs and puts the fatbins and typed stubs into the wheel.
[tool.hatch.build.hooks.oxpack]

# oxpack settings; `oxpack inspect` shows what the kernels compile to.
[tool.oxpack]
kernels = ["kernels/**/*.rs"]
package = "src/demo_pkg"
module = "kernels"  # generated module: demo_pkg.kernels
archs = ["sm_80", "sm_86", "sm_89", "sm_90"]
ptx = "auto"  # also embed the highest arch's PTX, which newer GPUs compile at load time
"""

EXPECTED = ORIGINAL.replace(
    '    "hatchling>=1.26",  # the backend\n', '    "hatchling>=1.26",  # the backend\n    "oxpack",\n'
).replace(
    'name   = "demo-pkg"   # odd spacing\n', 'name   = "demo-pkg"   # odd spacing\nrequires-python = ">=3.10"\n'
).replace('dependencies = [ "numpy>=1.26" ]', 'dependencies = [ "numpy>=1.26", "cuda-core>=0.3", "cuda-bindings>=12" ]'
).replace('"cuda-bindings>=12" ]\n', '"cuda-bindings>=12" ]\n' + TEST_EXTRA) + ADDED_TABLES


def _project(tmp_path: Path, pyproject: str | None = ORIGINAL, *, package: str = "src/demo_pkg") -> Path:
    root = tmp_path / "demo"
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text('"""demo."""\n')
    if pyproject is not None:
        (root / "pyproject.toml").write_bytes(pyproject.encode())
    return root


def _error(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["init", str(root), *extra]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1, f"one line: {err!r}"
    return err


def test_init_keeps_every_byte_outside_what_it_adds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    assert main(["init", str(root)]) == 0
    assert (root / "pyproject.toml").read_text() == EXPECTED
    out = capsys.readouterr().out.splitlines()
    py = root / "pyproject.toml"
    assert out == [
        f"oxpack: added `oxpack` to `build-system.requires` in `{py}`",
        f"oxpack: added `cuda-core>=0.3`, `cuda-bindings>=12` to `project.dependencies` in `{py}` "
        "(the generated module needs them)",
        f"oxpack: added `pytest`, `numpy` to the `test` extra (`project.optional-dependencies`) in `{py}` (what the "
        "scaffolded tests import: `pip install \".[test]\"`)",
        f"oxpack: added `requires-python = \">=3.10\"` to `[project]` in `{py}` (the Pythons the generated module "
        "runs on; without it the wheel is tagged `py2.py3`)",
        f"oxpack: added `[tool.hatch.build.hooks.oxpack]` and `[tool.oxpack]` to `{py}`",
        f"oxpack: wrote `{root / 'kernels' / 'scale.rs'}`",
        f"oxpack: wrote `{root / 'tests' / 'test_kernels.py'}`",
        f"oxpack: next: `oxpack build {root}` compiles the kernel, `oxpack inspect {root}` shows it, "
        "`pip wheel` builds the wheel",
    ]
    kernel = (root / "kernels" / "scale.rs").read_text()
    assert "pub fn scale(i: ThreadIndex, a: f32, x: &[f32], out: &mut DisjointSlice<f32>)" in kernel
    test = (root / "tests" / "test_kernels.py").read_text()
    assert "from demo_pkg import kernels\n" in test and "kernels.scale(2.0, np.ones(4" in test


def test_init_then_build_then_the_scaffolded_test_passes(tmp_path: Path) -> None:
    from oxpack.package.outputs import build_into

    root = _project(tmp_path)
    init_project(root)
    site = tmp_path / "site"
    staged = build_into(root, site, overrides={"emulation": True})  # the scaffolded test emulates the kernel
    assert [k.name for c in staged.result.crates for k in c.kernels] == ["scale"]
    assert (site / "demo_pkg" / "kernels.py").is_file() and (site / "demo_pkg" / "_oxpack" / "scale.fatbin").is_file()
    # the scaffolded test, against the built module: the host-array check passes, the GPU test skips without a GPU
    env = {**os.environ, "PYTHONPATH": str(site)}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_kernels.py"],
                          cwd=root, env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert ("2 passed, 1 skipped" in proc.stdout) or ("3 passed" in proc.stdout), proc.stdout


def _documented_emulated_ci() -> list[str]:
    """The emulated-CI commands of docs/emulation.md ("In CI"), as printed there."""
    text = (Path(__file__).parent.parent / "docs" / "emulation.md").read_text()
    block = next(b for b in text.split("```bash\n")[1:] if "--out build/emu" in b.split("```")[0]).split("```")[0]
    commands = [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands[-1].startswith("OXPACK_EMULATE=1 ") and "pytest tests" in commands[-1], commands
    return commands


def test_the_scaffolded_tests_pass_under_the_documented_emulated_ci(tmp_path: Path) -> None:
    root = _project(tmp_path)
    init_project(root)
    # `python` and `oxpack` are this venv's, as in an activated venv
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("OXPACK_EMULATE", None)
    script = "set -e\n" + "\n".join(_documented_emulated_ci()).replace("pytest tests", "pytest -p no:cacheprovider tests")
    proc = subprocess.run(["bash", "-c", script], cwd=root, env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # the emulated test ran the kernel on the CPU; the host array was refused; the GPU test skips without a GPU
    assert ("2 passed, 1 skipped" in proc.stdout) or ("3 passed" in proc.stdout), proc.stdout


@pytest.mark.gpu
def test_the_scaffolded_tests_pass_on_the_gpu_with_and_without_oxpack_emulate(tmp_path: Path) -> None:
    from oxpack.package.outputs import build_into

    pytest.importorskip("cupy", reason="the scaffolded GPU test uses CuPy arrays")
    root = _project(tmp_path)
    init_project(root)
    site = tmp_path / "site"
    build_into(root, site, overrides={"emulation": True})
    for emulate in ("0", "1"):  # each scaffolded test sets the mode it needs
        env = {**os.environ, "PYTHONPATH": str(site), "OXPACK_EMULATE": emulate}
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=root,
                              env=env, capture_output=True, text=True, check=False)
        assert proc.returncode == 0 and "3 passed" in proc.stdout, f"OXPACK_EMULATE={emulate}\n{proc.stdout}"


UV_INIT_LIB = """\
[project]
name = "uvdemo"
version = "0.1.0"
description = "Add your description here"
readme = "README.md"
authors = [
    { name = "A. User", email = "a.user@example.com" }
]
requires-python = ">=3.11"
dependencies = []

[build-system]
requires = ["uv_build>=0.13.9,<0.14.0"]
build-backend = "uv_build"
"""  # what `uv init --lib` (uv 0.13) writes


def test_a_uv_init_lib_project_switches_to_hatchling_and_builds(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, UV_INIT_LIB, package="src/uvdemo")
    (root / "src" / "uvdemo" / "py.typed").write_text("")
    (root / "README.md").write_text("# uvdemo\n")
    assert main(["init", str(root)]) == 0
    py = root / "pyproject.toml"
    assert py.read_text() == UV_INIT_LIB.replace(
        'dependencies = []', 'dependencies = ["cuda-core>=0.3", "cuda-bindings>=12"]\n' + TEST_EXTRA.rstrip("\n")).replace(
        '["uv_build>=0.13.9,<0.14.0"]', '["hatchling>=1.26", "oxpack"]').replace(
        '"uv_build"', '"hatchling.build"') + ADDED_TABLES.replace("demo_pkg", "uvdemo")
    assert capsys.readouterr().out.splitlines()[0] == (
        f"oxpack: switched `[build-system]` in `{py}` from `uv_build` to hatchling, with `oxpack` in `requires` "
        "(oxpack's build hook is hatchling's; hatchling finds `src/uvdemo` as uv_build did)")
    # the build backend's own hook, as pip, build and uv call it (oxpack and hatchling from this venv)
    script = "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))"
    proc = subprocess.run([sys.executable, "-c", script, str(tmp_path / "dist")], cwd=root, capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with zipfile.ZipFile(tmp_path / "dist" / proc.stdout.split()[-1]) as wheel:
        names = set(wheel.namelist())
    assert {"uvdemo/__init__.py", "uvdemo/py.typed", "uvdemo/kernels.py", "uvdemo/_oxpack/scale.fatbin"} <= names


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        ('\n[tool.uv.build-backend]\nmodule-name = "uvdemo"\n', "configures it in `[tool.uv.build-backend]`"),
        ('requires = ["uv_build>=0.13.9,<0.14.0"]\nbackend-path = ["."]', "sets `build-system.backend-path`"),
        ('requires = ["uv_build>=0.13.9,<0.14.0", "cython"]', "requires more than `uv_build` to build"),
    ],
)
def test_a_uv_build_project_init_cannot_switch(tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: str,
                                               why: str) -> None:
    original = UV_INIT_LIB + edit if edit.startswith("\n") else UV_INIT_LIB.replace(
        'requires = ["uv_build>=0.13.9,<0.14.0"]', edit)
    root = _project(tmp_path, original, package="src/uvdemo")
    py = root / "pyproject.toml"
    assert _error(root, capsys) == (
        f"oxpack: error: `{py}` builds with `uv_build` and {why}; oxpack's build hook is hatchling's: set "
        "`[build-system]` to `requires = [\"hatchling>=1.26\", \"oxpack\"]` and `build-backend = \"hatchling.build\"` "
        "(hatchling's settings go in `[tool.hatch.build]`), then run `oxpack init` again\n")
    assert py.read_text() == original and not (root / "kernels").exists()


def test_requires_python_is_oxpacks_floor() -> None:
    from oxpack.commands.init import REQUIRES_PYTHON

    assert tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"][
        "requires-python"] == REQUIRES_PYTHON


def test_no_pyproject(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, None)
    assert _error(root, capsys) == (
        f"oxpack: error: no `pyproject.toml` in `{root}`; create one first (`hatch new --init`, `uv init --lib` or "
        "by hand with a `[project]` table), then run `oxpack init` again\n")
    assert not (root / "kernels").exists() and not (root / "tests").exists()


def test_malformed_pyproject(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = '[project]\nname = "demo-pkg\nversion = "0.1.0"\n'
    root = _project(tmp_path, bad)
    assert _error(root, capsys) == (
        f"oxpack: error: cannot parse `{root / 'pyproject.toml'}`: Illegal character '\\n' (at line 2, column 17); "
        "fix the TOML, then run `oxpack init` again\n")
    assert (root / "pyproject.toml").read_text() == bad, "left as it was"
    assert not (root / "kernels").exists()


def test_refuses_to_overwrite_what_exists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    (root / "kernels").mkdir()
    (root / "kernels" / "scale.rs").write_text("// mine\n")
    assert _error(root, capsys) == (
        f"oxpack: error: oxpack init would overwrite `{root / 'kernels' / 'scale.rs'}`; move them aside, or pass "
        "--force to replace them\n")
    assert (root / "pyproject.toml").read_text() == ORIGINAL and not (root / "tests").exists(), "nothing written"

    (root / "kernels" / "scale.rs").unlink()
    init_project(root)
    first = (root / "pyproject.toml").read_text()
    py = root / "pyproject.toml"
    assert _error(root, capsys) == (
        f"oxpack: error: oxpack init would overwrite `[tool.oxpack]` in `{py}`, `{root / 'kernels' / 'scale.rs'}`, "
        f"`{root / 'tests' / 'test_kernels.py'}`; move them aside, or pass --force to replace them\n")
    assert py.read_text() == first


def test_force_replaces_the_table_and_the_files(tmp_path: Path) -> None:
    root = _project(tmp_path)
    init_project(root)
    py = root / "pyproject.toml"
    py.write_text(py.read_text().replace('archs = ["sm_80", "sm_86", "sm_89", "sm_90"]', 'archs = ["sm_90"]'))
    (root / "kernels" / "scale.rs").write_text("// mine\n")
    changes = init_project(root, force=True)
    assert f"replaced `[tool.oxpack]` in `{py}` (--force)" in changes
    assert py.read_text() == EXPECTED, "one hook table, one fresh [tool.oxpack], requirements not repeated"
    assert "pub fn scale" in (root / "kernels" / "scale.rs").read_text()


def test_force_replaces_a_table_in_the_middle_in_place(tmp_path: Path) -> None:
    mine = '# my settings\n[tool.oxpack]\narchs = ["sm_90"]  # only Hopper\n\n'
    original = ORIGINAL.replace("# ---- tools ----\n", mine + "# ---- tools ----\n")
    root = _project(tmp_path, original)
    init_project(root, force=True)
    fresh = ADDED_TABLES.split("\n\n")[1]  # the `# oxpack settings` comment and the table
    hook = ADDED_TABLES.split("\n\n")[0]
    expected = EXPECTED.replace(ADDED_TABLES, "\n" + hook.lstrip("\n") + "\n").replace(
        "# ---- tools ----\n", fresh + "\n# ---- tools ----\n")
    assert (root / "pyproject.toml").read_text() == expected


@pytest.mark.parametrize(("extras", "expected"), [
    ('[project.optional-dependencies]\ndocs = ["sphinx"]\n', {"docs": ["sphinx"], "test": ["pytest", "numpy"]}),
    ('[project.optional-dependencies]\ntest = ["numpy>=2", "hypothesis"]\n',
     {"test": ["numpy>=2", "hypothesis", "pytest"]}),
    ('[project.optional-dependencies]\ntest = ["pytest", "numpy"]\n', {"test": ["pytest", "numpy"]}),
])
def test_the_test_extra_gains_what_the_scaffolded_tests_import(tmp_path: Path, extras: str,
                                                               expected: dict[str, list[str]]) -> None:
    """`pytest` and `numpy` join an existing `test` extra (each unless listed), or a new one beside the others."""
    original = ORIGINAL.replace("# ---- tools ----\n", extras + "\n# ---- tools ----\n")
    root = _project(tmp_path, original)
    changes = init_project(root)
    data = tomllib.loads((root / "pyproject.toml").read_text())
    assert data["project"]["optional-dependencies"] == expected
    assert any("`test` extra" in c for c in changes) == (expected != {"test": ["pytest", "numpy"]}), changes


def test_dynamic_extras_are_left_alone(tmp_path: Path) -> None:
    original = ORIGINAL.replace('version = "0.1.0"\n', 'version = "0.1.0"\ndynamic = ["optional-dependencies"]\n')
    root = _project(tmp_path, original)
    changes = init_project(root)
    assert "optional-dependencies" not in tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert not any("`test` extra" in c for c in changes), changes


def test_a_test_extra_of_the_wrong_kind_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = ORIGINAL.replace("# ---- tools ----\n", '[project.optional-dependencies]\ntest = "pytest"\n\n# ---- tools ----\n')
    root = _project(tmp_path, original)
    err = _error(root, capsys)
    assert "`project.optional-dependencies.test` in `" in err and "must be a list of strings" in err, err
    assert (root / "pyproject.toml").read_text() == original, "nothing written"


def test_no_build_system_gets_hatchling_before_the_first_table(tmp_path: Path) -> None:
    original = '# header comment\n\n# about the project\n[project]\nname = "demo-pkg"\nversion = "1"\n'
    root = _project(tmp_path, original)
    init_project(root)
    text = (root / "pyproject.toml").read_text()
    assert text.startswith(
        '# header comment\n\n[build-system]\nrequires = ["hatchling>=1.26", "oxpack"]\nbuild-backend = '
        '"hatchling.build"\n\n# about the project\n[project]\nname = "demo-pkg"\nrequires-python = ">=3.10"\n'
        'dependencies = ["cuda-core>=0.3", "cuda-bindings>=12"]\nversion = "1"\n\n[project.optional-dependencies]\n'
        'test = ["pytest", "numpy"]\n\n# oxpack\'s build hook')
    data = tomllib.loads(text)
    assert data["build-system"]["build-backend"] == "hatchling.build"
    assert data["tool"]["oxpack"]["package"] == "src/demo_pkg"


def test_flat_layout_crlf_and_another_module_name(tmp_path: Path) -> None:
    original = '[build-system]\r\nrequires = ["hatchling"]\r\nbuild-backend = "hatchling.build"\r\n\r\n' \
               '[project]\r\nname = "demo_pkg"\r\nrequires-python = ">=3.11"\r\ndynamic = ["version", "dependencies"]\r\n'
    root = _project(tmp_path, original, package="demo_pkg")
    changes = init_project(root, module="gpu")
    raw = (root / "pyproject.toml").read_bytes()
    assert raw.startswith(original.replace('["hatchling"]', '["hatchling", "oxpack"]').encode())
    assert b"\n" not in raw.replace(b"\r\n", b""), "CRLF throughout"
    data = tomllib.loads(raw.decode())
    assert data["tool"]["oxpack"]["package"] == "demo_pkg" and data["tool"]["oxpack"]["module"] == "gpu"
    assert "dependencies" not in data["project"], "dynamic dependencies are left alone"
    assert not any("cuda-core" in c for c in changes)
    assert data["project"]["requires-python"] == ">=3.11" and not any("requires-python" in c for c in changes)
    assert "from demo_pkg import gpu\n" in (root / "tests" / "test_gpu.py").read_text()


def test_an_existing_hook_table_is_kept(tmp_path: Path) -> None:
    original = ORIGINAL + "\n[tool.hatch.build.hooks.oxpack]\nrequire-runtime-dependencies = true\n"
    root = _project(tmp_path, original)
    changes = init_project(root)
    data = tomllib.loads((root / "pyproject.toml").read_text())
    assert data["tool"]["hatch"]["build"]["hooks"]["oxpack"] == {"require-runtime-dependencies": True}
    assert f"added `[tool.oxpack]` to `{root / 'pyproject.toml'}`" in changes


@pytest.mark.parametrize(
    ("pyproject", "setup_py", "message"),
    [
        ('[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n[project]\nname = "demo-pkg"\n',
         False, "`{py}` builds with `setuptools.build_meta`; oxpack init sets up the hatchling build hook only: use "
                "`build-backend = \"hatchling.build\"`, or add oxpack to your backend by hand"),
        ('[project]\nname = "demo-pkg"\n', True,
         "`{py}` has no `[build-system]` and the project has `setup.py`, so it builds with setuptools; oxpack's build "
         "hook needs hatchling: switch the project to hatchling first (`build-backend = \"hatchling.build\"`)"),
        ('[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n', False,
         "`{py}` has no `project.name`; add `name = \"...\"` to its `[project]` table, then run `oxpack init` again"),
        ('[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n[project]\nname = "other"\n',
         False, "neither `src/other` nor `other` is a folder in `{root}`: create the package (`src/other/__init__.py`) "
                "first, then run `oxpack init` again"),
    ],
)
def test_projects_init_cannot_set_up(tmp_path: Path, capsys: pytest.CaptureFixture[str], pyproject: str,
                                     setup_py: bool, message: str) -> None:
    root = _project(tmp_path, pyproject)
    if setup_py:
        (root / "setup.py").write_text("")
    py = root / "pyproject.toml"
    assert _error(root, capsys) == "oxpack: error: " + message.format(py=py, root=root) + "\n"
    assert py.read_text() == pyproject and not (root / "kernels").exists()


def test_a_module_that_would_replace_a_user_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    (root / "src" / "demo_pkg" / "kernels.py").write_text("x = 1\n")
    assert _error(root, capsys) == (
        f"oxpack: error: `{root / 'src' / 'demo_pkg' / 'kernels.py'}` exists, and the generated module "
        "`demo_pkg.kernels` would replace it in the wheel; choose another name with --module\n")
    with pytest.raises(InitError) as info:
        init_project(root, module="class")
    assert str(info.value) == "`--module class` must be a Python identifier that is not a keyword, like `kernels`"
    assert isinstance(info.value, OxpackError)
