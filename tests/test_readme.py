"""README snippets meant to be copied are test inputs.

A fenced block preceded by ``<!-- test: <project> <path> -->`` is the file `<path>` of
the sample project `<project>`: the hatchling project is written out as a user would
copy it and built into a wheel with pip; the scikit-build-core blocks must be the files
of `tests/packages/hybrid`, which `test_cmake.py` and `test_field.py` build.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import REPO, run_ok

MARKED = re.compile(r"^<!-- test: (\S+) (\S+) -->\n```\w*\n(.*?)^```$", re.M | re.S)


def _snippets() -> dict[str, dict[str, str]]:
    """project → path → content, from README.md."""
    out: dict[str, dict[str, str]] = {}
    for project, path, content in MARKED.findall((REPO / "README.md").read_text()):
        assert path not in out.setdefault(project, {}), f"README marks `{project} {path}` twice"
        out[project][path] = content
    return out


def test_the_marked_snippets() -> None:
    snippets = _snippets()
    assert {p: sorted(files) for p, files in snippets.items()} == {
        "hatchling": ["kernels/saxpy.rs", "pyproject.toml"],
        "hybrid": ["CMakeLists.txt", "pyproject.toml"],
    }
    # every marker is followed by its block: a marker the regex skipped would go untested
    assert (REPO / "README.md").read_text().count("<!-- test: ") == 4


def test_the_hatchling_snippets_build_a_wheel_as_copied(tmp_path: Path) -> None:
    project = tmp_path / "vecmath"
    for path, content in _snippets()["hatchling"].items():
        (project / path).parent.mkdir(parents=True, exist_ok=True)
        (project / path).write_text(content)
    (project / "src" / "vecmath").mkdir(parents=True)
    (project / "src" / "vecmath" / "__init__.py").write_text("")
    # hatchling and oxpack of this venv, no build isolation: what is checked is the snippet
    run_ok([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", str(project),
            "-w", str(tmp_path / "dist")])
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name == "vecmath-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        metadata = zf.read("vecmath-0.1.0.dist-info/METADATA").decode()
    assert {"vecmath/__init__.py", "vecmath/kernels.py", "vecmath/kernels.pyi", "vecmath/_oxpack/saxpy.fatbin"} <= names
    assert "Requires-Python: >=3.10" in metadata
    # the module imports where it was built, and knows the README's kernel
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    proc = subprocess.run([sys.executable, "-c", "import vecmath.kernels as k; print(k.saxpy.__doc__)"],
                          cwd=site, capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "y ← a·x + y" in proc.stdout, proc.stdout + proc.stderr


def test_the_hybrid_snippets_are_the_sample_package() -> None:
    sample = REPO / "tests" / "packages" / "hybrid"
    for path, content in _snippets()["hybrid"].items():
        assert content.split("\n", 1)[1] == (sample / path).read_text(), f"README's {path} differs from {sample / path}"
