"""Tests for oxpack.config: defaults, every validation message, sources' order, schema drift."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from oxpack.config import Config, config_from_mapping, json_schema, load_config, resolve_package_dir
from oxpack.errors import ConfigError

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "src" / "oxpack" / "config" / "config_schema.json"
WHERE = "in `tool.oxpack`"


def load(root: Path, body: str = "", *, overrides: Mapping[str, Any] | None = None,
         env: Mapping[str, str] | None = None) -> Config:
    """Write a pyproject.toml with ``body`` under ``[tool.oxpack]`` and load it (empty env by default)."""
    (root / "pyproject.toml").write_text(f'[project]\nname = "demo"\n\n[tool.oxpack]\n{body}\n')
    return load_config(root, overrides, env={} if env is None else env)


def problems(root: Path, body: str, where: str = "in `pyproject.toml`", **kwargs: Any) -> list[str]:
    """The problem lines; the header must name `where` they are, and nothing else."""
    with pytest.raises(ConfigError) as info:
        load(root, body, **kwargs)
    count = len(info.value.problems)
    assert info.value.message == (
        f"invalid oxpack configuration {where} ({count} problem{'s' if count > 1 else ''})")
    return info.value.problems


# --- defaults and valid values ----------------------------------------------------------

def test_defaults_without_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    config = load_config(tmp_path, env={})
    assert config == Config(project_dir=tmp_path.resolve())
    assert config.kernels == ("kernels/**/*.rs",)
    assert config.archs == ("sm_80", "sm_86", "sm_89", "sm_90")
    assert (config.module, config.ptx, config.opt_level, config.locked) == ("kernels", "auto", 3, False)
    assert (config.package, config.rustc, config.cache_dir) == (None, None, None)
    assert config.project_dir.is_absolute() and config.source == "pyproject.toml"


def test_every_key_converted(tmp_path: Path) -> None:
    config = load(tmp_path, '''
kernels = "gpu/*.rs"
package = "src/demo"
module = "fast_ops"
archs = ["sm_90", "sm_90a", "sm_100f"]
ptx = "sm_90a"
opt-level = 0
locked = true
rustc = "/opt/rust/bin/rustc"
cache-dir = ".oxcache"
tool-timeout = 30
tuning = "tuning/h100.json"
''')
    assert config.kernels == ("gpu/*.rs",)
    assert config.package == "src/demo" and config.module == "fast_ops"
    assert config.archs == ("sm_90", "sm_90a", "sm_100f")
    assert config.ptx == "sm_90a" and config.opt_level == 0 and config.locked is True
    assert config.rustc == "/opt/rust/bin/rustc" and config.tool_timeout == 30.0
    assert config.tuning == "tuning/h100.json"  # relative to the project: the build reads it there
    assert config.cache_dir == str(tmp_path.resolve() / ".oxcache")  # the file's: relative to the project
    assert config.origin("cache_dir") == f"option `cache-dir` {WHERE}" and config.origin("package") is not None


@pytest.mark.parametrize(("value", "expected"), [('"auto"', "auto"), ('"none"', None), ("false", None)])
def test_ptx_choices(tmp_path: Path, value: str, expected: str | None) -> None:
    assert load(tmp_path, f"ptx = {value}").ptx == expected


@pytest.mark.parametrize(("value", "expected"), [
    ('"native"', ("native",)),
    ('["native"]', ("native",)),
    ('["native", "sm_90"]', ("native", "sm_90")),
])
def test_native_kept_as_is(tmp_path: Path, value: str, expected: tuple[str, ...]) -> None:
    assert load(tmp_path, f"archs = {value}").archs == expected


def test_config_is_frozen(tmp_path: Path) -> None:
    config = load(tmp_path)
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.module = "other"  # type: ignore[misc]


# --- archs ----------------------------------------------------------------------------

def test_arch_below_sm80(tmp_path: Path) -> None:
    assert problems(tmp_path, 'archs = ["sm_80", "sm_75"]') == [
        f"Item 2 of option `archs` {WHERE} must be an arch `sm_XY` with XY >= 80, got `sm_75` "
        "(oxpack targets compute capability 8.0 and newer; remove it)"]


def test_unknown_arch_forms(tmp_path: Path) -> None:
    assert problems(tmp_path, 'archs = ["compute_90", "sm_9x", "SM86"]') == [
        f"Item 1 of option `archs` {WHERE} must be an arch `sm_XY` with XY >= 80 (an `a` or `f` suffix "
        "allowed) or `native`, got `compute_90`; did you mean `sm_90`?",
        f"Item 2 of option `archs` {WHERE} must be an arch `sm_XY` with XY >= 80 (an `a` or `f` suffix "
        "allowed) or `native`, got `sm_9x`",
        f"Item 3 of option `archs` {WHERE} must be an arch `sm_XY` with XY >= 80 (an `a` or `f` suffix "
        "allowed) or `native`, got `SM86`; did you mean `sm_86`?",
    ]


def test_archs_wrong_type(tmp_path: Path) -> None:
    assert problems(tmp_path, "archs = 90") == [
        f"Option `archs` {WHERE} must be a list of strings like `sm_90`, got 90 (int)"]
    assert problems(tmp_path, 'archs = "sm_90"') == [
        f'Option `archs` {WHERE} must be a list of strings like `sm_90`, got "sm_90" (str)']
    assert problems(tmp_path, 'archs = ["sm_90", 86]') == [
        f"Item 2 of option `archs` {WHERE} must be a string like `sm_90`, got 86 (int)"]


def test_archs_empty_and_duplicates(tmp_path: Path) -> None:
    assert problems(tmp_path, "archs = []") == [
        f"Option `archs` {WHERE} must name at least one arch like `sm_90`, got an empty list"]
    assert problems(tmp_path, 'archs = ["sm_90", "sm_90a", "sm_90"]') == [
        f"Item 3 of option `archs` {WHERE} repeats `sm_90` (item 1); remove it"]


# --- other options --------------------------------------------------------------------

def test_unknown_key_with_and_without_suggestion(tmp_path: Path) -> None:
    assert problems(tmp_path, 'arch = ["sm_90"]') == [f"Unknown option `arch` {WHERE}; did you mean `archs`?"]
    assert problems(tmp_path, "opt_level = 2") == [
        f"Unknown option `opt_level` {WHERE}; did you mean `opt-level`?"]
    assert problems(tmp_path, "colour = 1") == [
        f"Unknown option `colour` {WHERE}; accepted options: `archs`, `cache-dir`, `emulation`, `fatbin-compression`, "
        "`kernels`, `locked`, `module`, `opt-level`, `package`, `profile`, `ptx`, `ptxas`, `remote-cache`, `remote-cache-mode`, "
        "`rustc`, `tool-timeout`, `tuning`"]


def test_bad_ptx(tmp_path: Path) -> None:
    assert problems(tmp_path, "ptx = 90") == [
        f"Option `ptx` {WHERE} must be `auto`, `none`, false or one of the configured archs like `sm_90`, "
        "got 90 (int)"]
    assert problems(tmp_path, 'ptx = "sm90"') == [
        f"Option `ptx` {WHERE} must be `auto`, `none`, false or one of the configured archs like `sm_90`, "
        "got `sm90`"]
    assert problems(tmp_path, 'archs = ["sm_80", "sm_90"]\nptx = "sm_86"') == [
        f"Option `ptx` {WHERE} names `sm_86`, which is not among the configured archs (`sm_80`, `sm_90`); "
        "add it to `archs` or use `auto`"]
    assert problems(tmp_path, "ptx = true")[0].endswith("got true (bool)")


def test_bad_module(tmp_path: Path) -> None:
    message = f"Option `module` {WHERE} must be a Python identifier that is not a keyword, got"
    assert problems(tmp_path, 'module = "my-kernels"') == [f"{message} `my-kernels`; try `my_kernels`"]
    assert problems(tmp_path, 'module = "class"') == [f"{message} `class`; try `class_`"]
    assert problems(tmp_path, 'module = "2d"') == [f"{message} `2d`; try `_2d`"]
    assert problems(tmp_path, "module = 7") == [
        f"Option `module` {WHERE} must be a Python identifier like `kernels`, got 7 (int)"]


def test_bad_opt_level(tmp_path: Path) -> None:
    assert problems(tmp_path, "opt-level = 4") == [f"Option `opt-level` {WHERE} must be between 0 and 3, got 4"]
    assert problems(tmp_path, 'opt-level = "3"') == [
        f'Option `opt-level` {WHERE} must be an integer from 0 to 3, got "3" (str)']
    assert problems(tmp_path, "opt-level = true") == [
        f"Option `opt-level` {WHERE} must be an integer from 0 to 3, got true (bool)"]


def test_bad_kernels_package_locked(tmp_path: Path) -> None:
    assert problems(tmp_path, "kernels = []") == [
        f"Option `kernels` {WHERE} must be a glob or a non-empty list of globs like `kernels/**/*.rs`, "
        "got [] (list)"]
    assert problems(tmp_path, 'kernels = ["a/*.rs", "", "/abs/*.rs"]') == [
        f'Item 2 of option `kernels` {WHERE} must be a non-empty string, got "" (str)',
        f"Item 3 of option `kernels` {WHERE} must be relative to the project root, got `/abs/*.rs`"]
    assert problems(tmp_path, "package = 1") == [f"Option `package` {WHERE} must be a non-empty string, got 1 (int)"]
    assert problems(tmp_path, 'locked = "yes"') == [f'Option `locked` {WHERE} must be true or false, got "yes" (str)']
    assert problems(tmp_path, 'fatbin-compression = "zstd"') == [
        f"Option `fatbin-compression` {WHERE} must be one of `speed`, `balance`, `size`, `none`, got `zstd`"]
    assert problems(tmp_path, "fatbin-compression = false") == [
        f"Option `fatbin-compression` {WHERE} must be one of `speed`, `balance`, `size`, `none`, got false (bool)"]


def test_all_problems_reported_together(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, 'arch = ["sm_90"]\narchs = ["sm_75"]\nopt-level = 9\nmodule = "x-y"\nptx = 3')
    assert info.value.message == "invalid oxpack configuration in `pyproject.toml` (5 problems)"
    assert info.value.problems == [
        f"Unknown option `arch` {WHERE}; did you mean `archs`?",
        f"Item 1 of option `archs` {WHERE} must be an arch `sm_XY` with XY >= 80, got `sm_75` "
        "(oxpack targets compute capability 8.0 and newer; remove it)",
        f"Option `opt-level` {WHERE} must be between 0 and 3, got 9",
        f"Option `module` {WHERE} must be a Python identifier that is not a keyword, got `x-y`; try `x_y`",
        f"Option `ptx` {WHERE} must be `auto`, `none`, false or one of the configured archs like `sm_90`, "
        "got 3 (int)",
    ]
    assert str(info.value).splitlines()[1:] == ["    " + line for line in info.value.problems]


def test_table_not_a_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool]\noxpack = "yes"\n')
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path, env={})
    assert info.value.problems == ['`tool.oxpack` must be a table, got "yes" (str)']


def test_malformed_toml(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.oxpack]\narchs = [\"sm_90\"\nmodule = 1\n")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path, env={})
    path = tmp_path.resolve() / "pyproject.toml"
    assert info.value.message.startswith(f"cannot parse `{path}`: ")
    assert "(at line 3, column 1)" in info.value.message


def test_missing_pyproject(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no `pyproject.toml` in .*`\\[tool.oxpack\\]`"):
        load_config(tmp_path, env={})


# --- sources and their order ----------------------------------------------------------

def test_hook_table_overrides_file(tmp_path: Path) -> None:
    overrides = {"archs": ["sm_90"], "opt-level": 1, "dependencies": ["x"], "enable-by-default": True,
                 "require-runtime-dependencies": True, "require-runtime-features": ["y"]}
    config = load(tmp_path, 'archs = ["sm_80"]\nmodule = "ops"\nopt-level = 2', overrides=overrides)
    assert (config.archs, config.opt_level, config.module) == (("sm_90",), 1, "ops")


def test_hook_table_problems_name_the_hook_table(tmp_path: Path) -> None:
    assert problems(tmp_path, "", overrides={"archz": ["sm_90"], "locked": 1}) == [
        "Unknown option `archz` in `tool.hatch.build.hooks.oxpack`; did you mean `archs`?",
        "Option `locked` in `tool.hatch.build.hooks.oxpack` must be true or false, got 1 (int)"]


def test_environment_beats_hook_table_and_file(tmp_path: Path) -> None:
    env = {"OXPACK_ARCHS": " sm_89, sm_90a ,", "OXPACK_LOCKED": "Yes", "OXPACK_RUSTC": "/x/rustc",
           "OXPACK_CACHE_DIR": "/tmp/cache"}
    config = load(tmp_path, 'archs = ["sm_80"]\nlocked = false\nrustc = "a"',
                  overrides={"archs": ["sm_86"], "cache-dir": "b"}, env=env)
    assert config.archs == ("sm_89", "sm_90a") and config.locked is True
    assert (config.rustc, config.cache_dir) == ("/x/rustc", "/tmp/cache")
    assert load(tmp_path, "locked = true", env={"OXPACK_LOCKED": "0"}).locked is False
    assert load(tmp_path, "locked = true", env={"OXPACK_LOCKED": "", "OXPACK_ARCHS": ""}).locked is True


def test_environment_problems(tmp_path: Path) -> None:
    env = {"OXPACK_LOCKED": "maybe", "OXPACK_ARCHS": "sm_90,sm_70"}
    assert problems(tmp_path, "", "in the environment", env=env) == [
        "Environment variable `OXPACK_LOCKED` must be one of 1, true, yes, 0, false, no, got `maybe`",
        "Item 2 of environment variable `OXPACK_ARCHS` must be an arch `sm_XY` with XY >= 80, got `sm_70` "
        "(oxpack targets compute capability 8.0 and newer; remove it)"]
    assert problems(tmp_path, 'ptx = "sm_90"', env={"OXPACK_ARCHS": "sm_80"}) == [
        f"Option `ptx` {WHERE} names `sm_90`, which is not among the configured archs (`sm_80`); "
        "add it to `archs` or use `auto`"]


def test_headers_name_the_sources_with_problems(tmp_path: Path) -> None:
    """A bad `--ptx` or `OXPACK_*` value is not reported as a problem of `pyproject.toml`."""
    (tmp_path / "pyproject.toml").write_text('[tool.oxpack]\narchs = ["sm_90"]\n')
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path, env={}, cli={"ptx": "sm_70"})
    assert info.value.message == "invalid oxpack configuration on the command line (1 problem)"
    assert info.value.problems[0].startswith("Option `--ptx` on the command line must be")
    assert problems(tmp_path, "", "in the environment", env={"OXPACK_TOOL_TIMEOUT": "soon"}) == [
        "Environment variable `OXPACK_TOOL_TIMEOUT` must be a number of seconds like `600`, got `soon`"]
    assert problems(tmp_path, "tool-timeout = 0", "in `pyproject.toml` and in the environment",
                    env={"OXPACK_PROFILE": "fast"}) == [
        f"Option `tool-timeout` {WHERE} must be more than 0 seconds, got 0",
        "Environment variable `OXPACK_PROFILE` must be `release` or `debug`, got `fast`"]
    assert problems(tmp_path, 'tool-timeout = "1h"') == [
        f'Option `tool-timeout` {WHERE} must be a number of seconds like `600`, got "1h" (str)']


def test_relative_cache_dir_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cache-dir` is relative to the project root; `OXPACK_CACHE_DIR` to the current folder (as a shell
    reads it); both are stored absolute."""
    project, elsewhere = tmp_path / "proj", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert load(project, 'cache-dir = ".cache"').cache_dir == str(project.resolve() / ".cache")
    assert load(project, 'cache-dir = "../c"').cache_dir == str(tmp_path.resolve() / "c")
    config = load(project, 'cache-dir = ".cache"', env={"OXPACK_CACHE_DIR": ".ci-cache"})
    assert config.cache_dir == str(elsewhere.resolve() / ".ci-cache")
    assert config.origin("cache_dir") == "environment variable `OXPACK_CACHE_DIR`"
    home = load(project, 'cache-dir = "~/oxc"').cache_dir
    assert home == str(Path.home() / "oxc")


def test_os_environ_used_only_when_env_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OXPACK_ARCHS", "native")
    (tmp_path / "pyproject.toml").write_text("[tool.oxpack]\n")
    assert load_config(tmp_path).archs == ("native",)
    assert load_config(tmp_path, env={}).archs == Config.archs


def test_config_from_mapping(tmp_path: Path) -> None:
    config = config_from_mapping({"kernels": ["k/*.rs"]}, source="setup.cfg", project_dir=tmp_path, env={})
    assert config.kernels == ("k/*.rs",) and config.source == "setup.cfg"
    assert config.project_dir == tmp_path.resolve()
    with pytest.raises(ConfigError) as info:
        config_from_mapping({"module": ""}, source="CMakeLists.txt", project_dir=tmp_path, env={})
    assert info.value.message == "invalid oxpack configuration in `CMakeLists.txt` (1 problem)"


# --- package folder -------------------------------------------------------------------

def test_package_explicit(tmp_path: Path) -> None:
    (tmp_path / "lib" / "vec").mkdir(parents=True)
    assert resolve_package_dir(load(tmp_path, 'package = "lib/vec"'), "demo") == tmp_path.resolve() / "lib/vec"
    with pytest.raises(ConfigError) as info:
        resolve_package_dir(load(tmp_path, 'package = "src/x"'), "demo")
    assert info.value.message == (f"Option `package` {WHERE} names `src/x`, which is not a folder in "
                                  f"{tmp_path.resolve()}; create it or fix the option")


def test_package_guessed_from_name(tmp_path: Path) -> None:
    config = load(tmp_path)
    (tmp_path / "my_vec_math").mkdir()
    assert resolve_package_dir(config, "My.Vec-Math") == tmp_path.resolve() / "my_vec_math"
    (tmp_path / "src" / "my_vec_math").mkdir(parents=True)
    assert resolve_package_dir(config, "my-vec-math") == tmp_path.resolve() / "src" / "my_vec_math"


def test_package_not_found(tmp_path: Path) -> None:
    config = load(tmp_path)
    with pytest.raises(ConfigError) as info:
        resolve_package_dir(config, "vec-math")
    assert info.value.message == (
        f"Option `package` {WHERE} is not set and neither `src/vec_math` nor `vec_math` is a folder in "
        f"{tmp_path.resolve()}; set `package` to the folder that receives the generated module")
    with pytest.raises(ConfigError, match="no name to guess"):
        resolve_package_dir(config, None)


# --- schema ---------------------------------------------------------------------------

def test_committed_schema_matches_model() -> None:
    committed = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert committed == json_schema(), "config_schema.json is stale: run `python -m oxpack.config`"


def test_schema_follows_fields() -> None:
    schema = json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["additionalProperties"] is False
    keys = {f.name.replace("_", "-") for f in dataclasses.fields(Config)} - {"project-dir", "source", "origins"}
    assert set(schema["properties"]) == keys
    props = schema["properties"]
    assert props["opt-level"] == {"description": "LLVM optimization level, 0 to 3.", "type": "integer",
                                  "minimum": 0, "maximum": 3, "default": 3}
    assert props["archs"]["default"] == ["sm_80", "sm_86", "sm_89", "sm_90"]
    assert props["locked"]["type"] == "boolean" and props["rustc"]["type"] == "string"
    assert all(prop["description"] for prop in props.values())
