"""`oxpack init`: add oxpack to an existing hatchling project and scaffold a kernel and a test.

What it changes, and nothing else (the rest of ``pyproject.toml`` keeps its bytes,
comments and formatting):

- ``build-system.requires`` gains ``"oxpack"`` (edited with tomlkit). A project with
  no ``[build-system]`` table and no ``setup.py``/``setup.cfg`` gets one for hatchling
  (``requires = ["hatchling>=1.26", "oxpack"]``, ``build-backend = "hatchling.build"``),
  placed before the first table. What `uv init --lib` writes (`uv_build`, no
  `[tool.uv.build-backend]`, nothing else required) is switched to hatchling, which finds
  the same `src/<name>` package. A project built by another backend is refused: the
  build hook is hatchling's.
- ``project.requires-python`` is set to oxpack's floor (``>=3.10``) unless the project
  has one (or lists it in ``project.dynamic``), right after ``name``.
- ``project.dependencies`` gains ``"cuda-core>=0.3"`` and ``"cuda-bindings>=12"``, the
  generated module's run-time dependencies, each unless already required (a new array
  goes right after ``name``; with ``dependencies`` in ``project.dynamic`` it is left alone).
- The ``test`` extra (``project.optional-dependencies``) gains ``"pytest"`` and ``"numpy"``,
  what the scaffolded tests import, each unless listed (left alone when the extras are dynamic).
- ``[tool.hatch.build.hooks.oxpack]`` (unless present) and ``[tool.oxpack]`` are
  appended at the end of the file, from ``templates/init/*.toml.tmpl``.
- ``kernels/scale.rs`` and ``tests/test_<module>.py`` are written from
  ``templates/init/``.

An existing ``[tool.oxpack]``, kernel file or test file is never overwritten without
``force``; the refusal is one line naming each of them. The package folder must
exist already (``src/<name>`` or ``<name>``), since the generated module goes there.
The result is checked before anything is written: the new ``pyproject.toml`` must
parse to the old settings plus exactly the additions, and ``[tool.oxpack]`` must be
a valid oxpack configuration.
"""

from __future__ import annotations

import copy
import keyword
import re
import string
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomli, the package tomllib came from (a dependency there)
    import tomli as tomllib

import tomlkit
import tomlkit.exceptions

from .. import data_dir
from ..config.shapes import INIT_KEYS, shape_problem
from ..errors import OxpackError
from ..store.cache import write_atomic

__all__ = ["InitError", "init_project"]

HATCHLING = "hatchling>=1.26"
# what the generated module needs at run time: cuda.core, which imports cuda.bindings
RUNTIME_DEPS = ("cuda-core>=0.3", "cuda-bindings>=12")
# what the scaffolded tests import: the project's `test` extra (`pip install ".[test]"`)
TEST_DEPS = ("pytest", "numpy")
KERNEL_FILE = "kernels/scale.rs"
# oxpack's own floor (`requires-python` in its pyproject.toml): the generated module needs it
REQUIRES_PYTHON = ">=3.10"
_HEADER = re.compile(r"^[ \t]*\[")
_NAME_LINE = re.compile(r"""^[ \t]*(name|"name"|'name')[ \t]*=""")
_OXPACK_HEADER = re.compile(r"""^[ \t]*\[[ \t]*(tool|"tool")[ \t]*\.[ \t]*(oxpack|"oxpack")[ \t]*\][ \t]*(#.*)?$""")
_PROJECT_HEADER = re.compile(r"""^[ \t]*\[[ \t]*(project|"project"|'project')[ \t]*\][ \t]*(#.*)?$""")


class InitError(OxpackError):
    """`oxpack init` cannot or will not change the project (one line naming the file)."""


@dataclass(frozen=True)
class _Plan:
    text: str  # the new pyproject.toml
    files: dict[Path, str]  # scaffolded file → content
    changes: list[str]


def _requirement_name(requirement: object) -> str | None:
    if not isinstance(requirement, str):
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return re.sub(r"[-_.]+", "-", match.group(1)).lower() if match else None


def _toml_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def _has(requirements: object, name: str) -> bool:
    return isinstance(requirements, list) and any(_requirement_name(r) == name for r in requirements)


def _append_missing(document_list: Any, expected_list: list[Any], wanted: tuple[str, ...]) -> list[str]:
    """Each requirement of `wanted` whose project the list does not name yet, appended to the file's list
    (tomlkit's, keeping its formatting) and to the list the file must then parse to; the ones added."""
    added = [req for req in wanted if not _has(expected_list, req.split(">")[0])]
    for req in added:
        document_list.append(req)
        expected_list.append(req)
    return added


def _render(template: str, **values: str) -> str:
    return string.Template((data_dir("templates") / "init" / template).read_text(encoding="utf-8")).substitute(values)


def _parse(path: Path) -> tuple[str, dict[str, Any], tomlkit.TOMLDocument]:
    if not path.is_file():
        folder = path.parent
        if folder.is_file():
            raise InitError(f"`{folder}` is a file, not a folder; run `oxpack init` on the project folder that "
                            "holds `pyproject.toml`")
        if not folder.is_dir():
            raise InitError(f"`{folder}` does not exist; run `oxpack init` in (or on) a project folder")
        if path.is_dir():
            raise InitError(f"`{path}` is a folder, not a file; the project's settings go in a `pyproject.toml` "
                            "file: move the folder aside and create the file, then run `oxpack init` again")
        raise InitError(f"no `pyproject.toml` in `{folder}`; create one first (`hatch new --init`, `uv init --lib` "
                        "or by hand with a `[project]` table), then run `oxpack init` again")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InitError(f"cannot read `{path}`: it is not UTF-8 (byte {exc.start}); save it as UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InitError(f"cannot parse `{path}`: {exc}; fix the TOML, then run `oxpack init` again") from None
    try:
        document = tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as exc:
        raise InitError(f"cannot parse `{path}` with tomlkit: {exc}; fix the TOML, then run `oxpack init` again") from None
    problem = shape_problem(data, str(path), INIT_KEYS)
    if problem is not None:
        raise InitError(f"{problem}; fix it, then run `oxpack init` again")
    return text, data, document


def _package_dir(root: Path, path: Path, data: Mapping[str, Any]) -> tuple[str, str]:
    """(package folder relative to root, dotted import name) from `project.name`."""
    from ..project import import_path

    project = data.get("project")
    name = project.get("name") if isinstance(project, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise InitError(f"`{path}` has no `project.name`; add `name = \"...\"` to its `[project]` table, "
                        "then run `oxpack init` again")
    normal = re.sub(r"[-_.]+", "_", name).lower()
    for candidate in (f"src/{normal}", normal):
        if (root / candidate).is_dir():
            return candidate, import_path(root / candidate).replace("/", ".")
    raise InitError(f"neither `src/{normal}` nor `{normal}` is a folder in `{root}`: create the package "
                    f"(`src/{normal}/__init__.py`) first, then run `oxpack init` again")


def _build_system(root: Path, path: Path, data: Mapping[str, Any]) -> str:
    """`"add"` (no [build-system]), `"append"` (oxpack missing from requires), `"keep"` or `"switch"`
    (a `uv init --lib` project: uv_build becomes hatchling)."""
    system = data.get("build-system")
    if system is None:
        legacy = [f for f in ("setup.py", "setup.cfg") if (root / f).exists()]
        if legacy:
            raise InitError(f"`{path}` has no `[build-system]` and the project has `{legacy[0]}`, so it builds with "
                            "setuptools; oxpack's build hook needs hatchling: switch the project to hatchling "
                            "first (`build-backend = \"hatchling.build\"`)")
        return "add"
    backend = system.get("build-backend") if isinstance(system, dict) else None
    if backend == "uv_build":
        return _switch_from_uv_build(path, data)
    if backend != "hatchling.build":
        what = f"builds with `{backend}`" if isinstance(backend, str) else "sets no `build-system.build-backend`"
        raise InitError(f"`{path}` {what}; oxpack init sets up the hatchling build hook only: use "
                        "`build-backend = \"hatchling.build\"`, or add oxpack to your backend by hand")
    requires = system.get("requires")
    if not isinstance(requires, list):
        raise InitError(f"`build-system.requires` in `{path}` must be a list of requirements like "
                        f"[\"{HATCHLING}\"]; fix it, then run `oxpack init` again")
    return "keep" if _has(requires, "oxpack") else "append"


def _switch_from_uv_build(path: Path, data: Mapping[str, Any]) -> str:
    """`"switch"` for what `uv init --lib` writes (uv_build, unconfigured, src layout); else InitError
    with the edit to make by hand."""
    system = data["build-system"]
    requires = system.get("requires")
    uv = data.get("tool", {}).get("uv") if isinstance(data.get("tool"), dict) else None
    why = None
    if isinstance(uv, dict) and "build-backend" in uv:
        why = "configures it in `[tool.uv.build-backend]`"
    elif set(system) - {"requires", "build-backend"}:
        why = f"sets `build-system.{sorted(set(system) - {'requires', 'build-backend'})[0]}`"
    elif not isinstance(requires, list) or any(_requirement_name(r) != "uv-build" for r in requires):
        why = "requires more than `uv_build` to build"
    if why:
        raise InitError(f"`{path}` builds with `uv_build` and {why}; oxpack's build hook is hatchling's: set "
                        f"`[build-system]` to `requires = {_toml_list((HATCHLING, 'oxpack'))}` and "
                        "`build-backend = \"hatchling.build\"` (hatchling's settings go in `[tool.hatch.build]`), "
                        "then run `oxpack init` again")
    return "switch"


def _insert_lines(text: str, index: int, block: str, newline: str) -> str:
    lines = text.splitlines(keepends=True)
    return "".join(lines[:index]) + block.replace("\n", newline) + "".join(lines[index:])


def _first_table_line(text: str) -> int | None:
    """Line index of the first table header, or of the comment block right above it."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if _HEADER.match(line):
            while i > 0 and lines[i - 1].lstrip().startswith("#"):
                i -= 1
            return i
    return None


def _table_span(text: str, header: re.Pattern[str]) -> tuple[int, int] | None:
    """Lines [start, end) of the table whose header matches: the comment block right above the
    header, the header and its body, less the blank and comment lines that lead to the next table."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if header.match(line)), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if _HEADER.match(lines[i])), len(lines))
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    return start, end


def _after_project_name(text: str) -> int | None:
    """Line index right after `name = ...` in `[project]`, or None."""
    in_project = False
    for i, line in enumerate(text.splitlines()):
        if _HEADER.match(line):
            in_project = bool(_PROJECT_HEADER.match(line))
        elif in_project and _NAME_LINE.match(line):
            return i + 1
    return None


def _test_extra(doc: Any, expected: dict[str, Any], project: Mapping[str, Any], path: Path) -> list[str]:
    """The `test` extra of `project.optional-dependencies` gains what the scaffolded tests import
    (`TEST_DEPS`), each unless listed; a new table or list where there is none. Left alone where
    the extras are dynamic. Edits `doc` (tomlkit) and `expected` (what the file must then parse to);
    a new table is left to `_test_table`."""
    dynamic = project.get("dynamic", [])
    if isinstance(dynamic, list) and "optional-dependencies" in dynamic:
        return []
    extras = project.get("optional-dependencies")
    if extras is None:  # a new table, written as text after `[project]`'s body (`_test_table`)
        expected["project"]["optional-dependencies"] = {"test": list(TEST_DEPS)}
        added = list(TEST_DEPS)
    elif "test" not in extras:
        doc["project"]["optional-dependencies"]["test"] = list(TEST_DEPS)
        expected["project"]["optional-dependencies"]["test"] = list(TEST_DEPS)
        added = list(TEST_DEPS)
    else:
        added = _append_missing(doc["project"]["optional-dependencies"]["test"],
                                expected["project"]["optional-dependencies"]["test"], TEST_DEPS)
    if not added:
        return []
    listed = ", ".join(f"`{d}`" for d in added)
    return [f"added {listed} to the `test` extra (`project.optional-dependencies`) in `{path}` (what the scaffolded "
            "tests import: `pip install \".[test]\"`)"]


def _test_table(text: str, path: Path, newline: str) -> str:
    """`text` with `[project.optional-dependencies]` and its `test` extra right after the body of
    `[project]` (before the blank and comment lines that lead to the next table)."""
    span = _table_span(text, _PROJECT_HEADER)
    if span is None:
        raise InitError(f"cannot find the `[project]` table of `{path}`; add `[project.optional-dependencies]` with "
                        f"`test = {_toml_list(TEST_DEPS)}` by hand, then run `oxpack init` again")
    return _insert_lines(text, span[1], f"\n[project.optional-dependencies]\ntest = {_toml_list(TEST_DEPS)}\n", newline)


def _plan(root: Path, module: str, force: bool) -> _Plan:
    path = root / "pyproject.toml"
    text, data, document = _parse(path)
    package_dir, import_name = _package_dir(root, path, data)
    system = _build_system(root, path, data)
    newline = "\r\n" if "\r\n" in text else "\n"
    tool = data.get("tool", {})
    tool = tool if isinstance(tool, dict) else {}
    hooks = tool.get("hatch", {}).get("build", {}).get("hooks", {}) if isinstance(tool.get("hatch"), dict) else {}
    has_hook = isinstance(hooks, dict) and "oxpack" in hooks

    kernel, test = root / KERNEL_FILE, root / "tests" / f"test_{module}.py"
    existing = ([f"`[tool.oxpack]` in `{path}`"] if "oxpack" in tool else []) + [
        f"`{p}`" for p in (kernel, test) if p.exists()]
    if existing and not force:
        raise InitError(f"oxpack init would overwrite {', '.join(existing)}; move them aside, or pass --force "
                        "to replace them")
    for generated in (root / package_dir / f"{module}.py", root / package_dir / module):
        if generated.is_dir() or (generated.is_file() and not generated.read_text(errors="replace").startswith(
                "# Generated by oxpack")):
            raise InitError(f"`{generated}` exists, and the generated module `{import_name}.{module}` would replace "
                            "it in the wheel; choose another name with --module")

    expected = copy.deepcopy(data)
    doc: Any = document  # tomlkit's items: edited in place, keeping the file's formatting
    changes: list[str] = []
    if system == "switch":
        doc["build-system"]["requires"] = [HATCHLING, "oxpack"]
        doc["build-system"]["build-backend"] = "hatchling.build"
        expected["build-system"] = {"requires": [HATCHLING, "oxpack"], "build-backend": "hatchling.build"}
        changes.append(f"switched `[build-system]` in `{path}` from `uv_build` to hatchling, with `oxpack` in "
                       f"`requires` (oxpack's build hook is hatchling's; hatchling finds `{package_dir}` as uv_build did)")
    if system == "append":
        doc["build-system"]["requires"].append("oxpack")
        expected["build-system"]["requires"].append("oxpack")
        changes.append(f"added `oxpack` to `build-system.requires` in `{path}`")
    project = data.get("project", {})
    dynamic = project.get("dynamic", [])
    deps_changed = False
    added: list[str] = []
    if isinstance(project.get("dependencies"), list):
        added = _append_missing(doc["project"]["dependencies"], expected["project"]["dependencies"], RUNTIME_DEPS)
        deps_changed = bool(added)
    elif not (isinstance(dynamic, list) and "dependencies" in dynamic) and "dependencies" not in project:
        expected["project"]["dependencies"] = list(RUNTIME_DEPS)
        added = list(RUNTIME_DEPS)
        deps_changed = True
    extra = _test_extra(doc, expected, project, path)
    new = tomlkit.dumps(document)
    if extra and "optional-dependencies" not in project:
        new = _test_table(new, path, newline)
    if deps_changed and "dependencies" not in project:
        at = _after_project_name(new)
        if at is None:
            raise InitError(f"cannot find the `name = ...` line of `[project]` in `{path}`; add "
                            f"`dependencies = {_toml_list(RUNTIME_DEPS)}` to `[project]` by hand, then run `oxpack init` again")
        new = _insert_lines(new, at, f"dependencies = {_toml_list(RUNTIME_DEPS)}\n", newline)
    if deps_changed:
        listed = ", ".join(f"`{d}`" for d in added)
        changes.append(f"added {listed} to `project.dependencies` in `{path}` (the generated module needs them)")
    changes += extra
    if "requires-python" not in project and not (isinstance(dynamic, list) and "requires-python" in dynamic):
        at = _after_project_name(new)
        if at is None:
            raise InitError(f"cannot find the `name = ...` line of `[project]` in `{path}`; add "
                            f"`requires-python = \"{REQUIRES_PYTHON}\"` to `[project]` by hand, then run `oxpack init` again")
        new = _insert_lines(new, at, f'requires-python = "{REQUIRES_PYTHON}"\n', newline)
        expected["project"]["requires-python"] = REQUIRES_PYTHON
        changes.append(f"added `requires-python = \"{REQUIRES_PYTHON}\"` to `[project]` in `{path}` (the Pythons "
                       "the generated module runs on; without it the wheel is tagged `py2.py3`)")
    if system == "add":
        block = f'[build-system]\nrequires = ["{HATCHLING}", "oxpack"]\nbuild-backend = "hatchling.build"\n\n'
        at = _first_table_line(new)
        if at is None:  # only top-level keys: a table header must come after them
            at = len(new.splitlines())
            new = new if not new or new.endswith("\n") else new + newline
            block = "\n" + block
        new = _insert_lines(new, at, block, newline)
        expected["build-system"] = {"requires": [HATCHLING, "oxpack"], "build-backend": "hatchling.build"}
        changes.append(f"added `[build-system]` (hatchling, with `oxpack` in `requires`) to `{path}`")

    values = {"package_dir": package_dir, "module": module, "import_name": import_name}
    hook, config = _render("hook.toml.tmpl"), _render("config.toml.tmpl", **values)
    tail = ([hook] if not has_hook else []) + ([config] if "oxpack" not in tool else [])
    if "oxpack" in tool:  # --force: the new table takes the old one's place
        span = _table_span(new, _OXPACK_HEADER)
        if span is None:
            raise InitError(f"`tool.oxpack` in `{path}` is not a `[tool.oxpack]` table that oxpack init can replace; "
                            "replace it by hand")
        lines = new.splitlines(keepends=True)
        new = "".join(lines[: span[0]]) + config.replace("\n", newline) + "".join(lines[span[1] :])
        changes.append(f"replaced `[tool.oxpack]` in `{path}` (--force)")
    if tail:
        new = new.rstrip("\r\n") + newline + newline + (newline + newline).join(
            t.strip("\n").replace("\n", newline) for t in tail) + newline
        what = " and ".join(f"`[{t}]`" for t, added in (("tool.hatch.build.hooks.oxpack", not has_hook),
                                                       ("tool.oxpack", "oxpack" not in tool)) if added)
        changes.append(f"added {what} to `{path}`")
    fresh = tomllib.loads(hook + config)["tool"]
    _merge(expected.setdefault("tool", {}), "hatch", fresh["hatch"])
    expected["tool"]["oxpack"] = fresh["oxpack"]
    _verify(path, new, expected, root)

    files = {kernel: _render("scale.rs.tmpl"), test: _render("test_module.py.tmpl", **values)}
    changes += [f"wrote `{p}`" for p in files]
    changes.append(f"next: `oxpack build {root}` compiles the kernel, `oxpack inspect {root}` shows it, "
                   "`pip wheel` builds the wheel")
    return _Plan(new, files, changes)


def _merge(target: dict[str, Any], key: str, value: Any) -> None:
    if isinstance(value, dict) and isinstance(target.get(key), dict):
        for k, v in value.items():
            _merge(target[key], k, v)
    else:
        target[key] = value


def _verify(path: Path, new: str, expected: Mapping[str, Any], root: Path) -> None:
    from ..config import config_from_mapping
    from ..errors import ConfigError

    try:
        result = tomllib.loads(new)
    except tomllib.TOMLDecodeError as exc:
        raise InitError(f"adding oxpack's tables to `{path}` would break it ({exc}); is `tool` or `tool.hatch` an "
                        "inline table? add `[tool.hatch.build.hooks.oxpack]` and `[tool.oxpack]` by hand") from None
    if result != expected:
        raise InitError(f"adding oxpack's tables to `{path}` would change other settings; add "
                        "`[tool.hatch.build.hooks.oxpack]` and `[tool.oxpack]` by hand (docs/tutorial.md shows both)")
    try:
        config_from_mapping(result["tool"]["oxpack"], source=str(path), project_dir=root, env={})
    except ConfigError as exc:  # a template that drifted from the config model
        raise InitError(f"oxpack init's `[tool.oxpack]` is not valid: {exc.message}") from None


def _write(path: Path, content: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, content.encode("utf-8"))


def init_project(root: Path, *, module: str = "kernels", force: bool = False) -> list[str]:
    """Set up oxpack in the project at `root`; return what changed, one line each.

    Everything is checked before the first write; `InitError` (one line) when the
    project cannot be set up or something would be overwritten without `force`.
    """
    if not module.isidentifier() or keyword.iskeyword(module):
        raise InitError(f"`--module {module}` must be a Python identifier that is not a keyword, like `kernels`")
    if module == "_oxpack" or (module.startswith("__") and module.endswith("__")):
        raise InitError(f"`--module {module}` is a name Python or oxpack keeps (`__dunder__` names, `_oxpack`: "
                        "`__init__` would replace the package's own `__init__.py`); choose another, like `kernels`")
    plan = _plan(Path(root), module, force)
    for file, content in plan.files.items():
        _write(file, content)
    _write(Path(root) / "pyproject.toml", plan.text)
    return plan.changes
