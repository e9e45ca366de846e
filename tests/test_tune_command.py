"""Tuning ahead of time: `oxpack tune --out PATH [--module PKG.MODULE] -- COMMAND` and the `tuning` option.

No GPU: the commands are small Python scripts that tune through the real run time (`_tuning.Tuner`, or a
built package's `Module.tuner`) with a timing callable, so the cache files they write are the run time's
own. Then the table: what it holds, how it merges, every refusal as its one line; and an emulated build of
the kernel file that docs/launch-and-tuning.md shows, which ships the table and whose `Module.tuner` takes
its choices in a fresh process with zero timing runs; the page's calls and messages, run emulated.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, emulation_project, forget_package, import_from, run_ok
from oxpack.runtime import _tuning as T

H100, A100 = "NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB"
BUILD = "b" * 64  # a fatbin digest, as `package_digest` gives one
CANDIDATES = ("block=128", "block=256", "block=512")

# a user's tuning script, as the run time sees it: a Tuner of module `argv[1]` (build `argv[2]`) on GPU `argv[3]`
# with driver `argv[4]` calls each kernel named after them at two sizes; block=256 is the fastest
SCRIPT = textwrap.dedent("""\
    import sys
    from oxpack.runtime._tuning import Config, DeviceKey, Tuner

    module, fatbin, gpu, driver, *kernels = sys.argv[1:]
    print(f"tuning {', '.join(kernels)} on {gpu}", flush=True)
    times = {"block=128": 2e-5, "block=256": 1e-5, "block=512": 3e-5}
    tuner = Tuner(module, fatbin)
    candidates = [Config(block=b) for b in (128, 256, 512)]
    for kernel in kernels:
        for n in (1000, 5000):
            tuner.choose(kernel, DeviceKey(gpu, driver), (n,), candidates, Config(block=512),
                         lambda config: times[str(config)])
    """)


def oxpack(*args: str | Path, cwd: Path | None = None, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "oxpack", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, check=False, timeout=900, **kw)


def script(tmp_path: Path, text: str = SCRIPT, name: str = "tune_sizes.py") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def tune_args(tmp_path: Path, module: str = "kernels", fatbin: str = BUILD, gpu: str = H100, driver: str = "12.4",
              kernels: tuple[str, ...] = ("rmsnorm", "softmax")) -> list[str]:
    return [sys.executable, str(script(tmp_path)), module, fatbin, gpu, driver, *kernels]


def last_line(proc: subprocess.CompletedProcess[str]) -> str:
    lines = proc.stderr.strip().splitlines()
    assert lines, proc
    return lines[-1]


def entries(path: Path) -> dict[tuple[str, str, str, tuple[int, ...]], str]:
    return {key: str(config) for key, config in T.read_table(path).entries.items()}


def table(path: Path, module: str = "kernels", fatbin: str = BUILD, **rows: str) -> Path:
    """Write a table at `path` with `rows`: "gpu|driver|kernel|n" → config."""
    data = {}
    for key, config in rows.items():
        gpu, driver, kernel, size = key.split("|")
        data[(gpu, driver, kernel, (int(size),))] = T.Config.parse(config)
    T.write_table(path, T.Table(module, fatbin, data))
    return path


# ---------------------------------------------------------------- the command


def test_the_table_holds_what_the_command_tuned(tmp_path: Path) -> None:
    out = tmp_path / "tuning.json"
    proc = oxpack("tune", "--out", out, "--", *tune_args(tmp_path), env=None)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"tuning rmsnorm, softmax on {H100}\n"  # the command's own output passes through
    assert proc.stderr == (f"oxpack: wrote {out} (module `kernels`): 4 entries tuned for 2 kernels (rmsnorm, softmax) "
                           f"on GPU {H100} (driver 12.4); 4 entries for 1 GPU in all ({H100})\n")
    written = T.read_table(out)
    assert (written.module, written.fatbin) == ("kernels", BUILD)
    assert entries(out) == {(H100, "12.4", k, (n,)): "block=256" for k in ("rmsnorm", "softmax") for n in (1024, 8192)}
    assert out.read_text() == json.dumps(written.to_json(), indent=1) + "\n"  # the run time's own format


def test_a_new_gpu_is_merged_and_the_same_key_replaced(tmp_path: Path) -> None:
    out = table(tmp_path / "tuning.json", **{f"{A100}|12.2|rmsnorm|1024": "block=128",
                                             f"{H100}|12.4|rmsnorm|1024": "block=512",
                                             f"{H100}|12.2|rmsnorm|1024": "block=128"})
    proc = oxpack("tune", "--out", out, "--", *tune_args(tmp_path, kernels=("rmsnorm",)))
    assert proc.returncode == 0, proc.stderr
    assert last_line(proc) == (f"oxpack: wrote {out} (module `kernels`): 2 entries tuned for 1 kernel (rmsnorm) on "
                               f"GPU {H100} (driver 12.4); 4 entries for 2 GPUs in all ({A100}, {H100})")
    assert entries(out) == {(A100, "12.2", "rmsnorm", (1024,)): "block=128",  # another GPU's: kept
                            (H100, "12.2", "rmsnorm", (1024,)): "block=128",  # another driver's: kept
                            (H100, "12.4", "rmsnorm", (1024,)): "block=256",  # the same key: replaced
                            (H100, "12.4", "rmsnorm", (8192,)): "block=256"}


def test_a_table_of_another_build_is_replaced_whole(tmp_path: Path) -> None:
    out = table(tmp_path / "tuning.json", fatbin="a" * 64, **{f"{A100}|12.2|rmsnorm|1024": "block=128",
                                                                f"{A100}|12.2|rmsnorm|8192": "block=128"})
    proc = oxpack("tune", "--out", out, "--", *tune_args(tmp_path, kernels=("rmsnorm",)))
    assert proc.returncode == 0, proc.stderr
    assert last_line(proc) == (f"oxpack: wrote {out} (module `kernels`): 2 entries tuned for 1 kernel (rmsnorm) on "
                               f"GPU {H100} (driver 12.4); 2 entries for 1 GPU in all ({H100}); dropped the 2 "
                               "entries it held for another build of the kernels")
    assert T.read_table(out).fatbin == BUILD and {k[0] for k in entries(out)} == {H100}


def test_the_command_runs_with_tuning_on_into_a_fresh_folder(tmp_path: Path) -> None:
    user_cache = tmp_path / "user-cache"
    probe = script(tmp_path, SCRIPT + 'import os\nprint(os.environ["OXPACK_TUNE"], tuner.path)\n', "probe.py")
    env = {"PATH": "/usr/bin:/bin", "OXPACK_TUNE": "off", "OXPACK_TUNING_DIR": str(user_cache)}
    proc = oxpack("tune", "--out", tmp_path / "t.json", "--", sys.executable, probe, "kernels", BUILD, H100, "12.4",
                  "rmsnorm", env=env)
    assert proc.returncode == 0, proc.stderr
    setting, cache = proc.stdout.splitlines()[-1].split()
    assert setting == "on" and Path(cache).name == f"kernels-{BUILD}.json"
    assert Path(cache).parent.name.startswith("oxpack-tune-") and not Path(cache).parent.exists()  # removed after
    assert not user_cache.exists()  # the user's cache is neither read nor written
    assert len(entries(tmp_path / "t.json")) == 2


def test_several_modules_need_module(tmp_path: Path) -> None:
    both = script(tmp_path, textwrap.dedent(f"""\
        import subprocess, sys
        for module in ("ops", "kernels"):
            subprocess.run([sys.executable, {str(script(tmp_path))!r}, module, "{BUILD}", "{H100}", "12.4", "k"],
                           check=True)
        """), "both.py")
    out = tmp_path / "tuning.json"
    proc = oxpack("tune", "--out", out, "--", sys.executable, both)
    assert proc.returncode == 1
    assert last_line(proc) == (f"oxpack: error: `{shlex.join([sys.executable, str(both)])}` tuned kernels of 2 "
                               f"modules: `kernels` (build {BUILD[:12]}), `ops` (build {BUILD[:12]}); no table "
                               "written; pass `--module` to pick one, like `--module mypkg.kernels`")
    assert not out.exists()
    proc = oxpack("tune", "--out", out, "--module", "mypkg.ops", "--", sys.executable, both)
    assert proc.returncode == 0, proc.stderr
    assert T.read_table(out).module == "ops" and len(entries(out)) == 2
    proc = oxpack("tune", "--out", tmp_path / "other.json", "--module", "mypkg.norms", "--", sys.executable, both)
    assert proc.returncode == 1
    assert last_line(proc) == (f"oxpack: error: `{shlex.join([sys.executable, str(both)])}` tuned no kernel of "
                               f"`mypkg.norms`, only of `kernels` (build {BUILD[:12]}), `ops` (build {BUILD[:12]}); "
                               "no table written; pass the module it tuned to `--module`, or make the command call "
                               "the kernels of `mypkg.norms`")


def test_a_failing_command_writes_no_table_and_exits_with_its_status(tmp_path: Path) -> None:
    out = table(tmp_path / "tuning.json", **{f"{A100}|12.2|rmsnorm|1024": "block=128"})
    before = out.read_bytes()
    failing = script(tmp_path, SCRIPT + "sys.exit(3)\n", "failing.py")  # it tuned, then failed
    command = [sys.executable, str(failing), "kernels", BUILD, H100, "12.4", "rmsnorm"]
    proc = oxpack("tune", "--out", out, "--", *command)
    assert proc.returncode == 3
    assert proc.stderr.splitlines() == [f"oxpack: error: `{shlex.join(command)}` exited with status 3; no table "
                                        "written"]
    assert out.read_bytes() == before
    killed = script(tmp_path, "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "killed.py")
    proc = oxpack("tune", "--out", out, "--", sys.executable, killed)
    assert (proc.returncode, last_line(proc)) == (137, f"oxpack: error: `{shlex.join([sys.executable, str(killed)])}` "
                                                       "was killed by SIGKILL; no table written")
    proc = oxpack("tune", "--out", out, "--", "no-such-tuner", "x")
    assert (proc.returncode, last_line(proc)) == (127, "oxpack: error: cannot run `no-such-tuner x`: `no-such-tuner` "
                                                       "was not found; no table written")
    assert out.read_bytes() == before


def test_a_command_that_tunes_nothing_is_one_line(tmp_path: Path) -> None:
    idle = script(tmp_path, "print('no tuned kernel called')\n", "idle.py")
    out = tmp_path / "tuning.json"
    proc = oxpack("tune", "--out", out, "--", sys.executable, idle)
    assert proc.returncode == 1 and proc.stdout == "no tuned kernel called\n"
    assert proc.stderr.splitlines() == [
        f"oxpack: error: `{shlex.join([sys.executable, str(idle)])}` tuned nothing: it wrote no tuning cache, so no table was written; "
        "make it call the package's #[tune] kernels on a GPU (not emulated, not under CUDA-graph capture, without "
        "OXPACK_TUNE set by the script) at sizes that the table the package ships does not already answer"]
    assert not out.exists()


def test_a_bad_out_is_refused_before_the_command_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    command = [sys.executable, "-c", f"open({str(marker)!r}, 'w')"]
    other = table(tmp_path / "ops.json", module="ops")
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "old.json").write_text('{"schema": 2}')
    (tmp_path / "folder").mkdir()
    cases = {
        other: f"`--out {other}` is the table of module `ops`, not `kernels`; pass another file for it",
        tmp_path / "bad.json": f"`--out {tmp_path / 'bad.json'}` holds no tuning table (it is not JSON (Expecting "
                               "property name enclosed in double quotes: line 1 column 2 (char 1))); fix it or pass "
                               "another file",
        tmp_path / "old.json": f"`--out {tmp_path / 'old.json'}` holds no tuning table (its schema is 2, not 1); fix "
                               "it or pass another file",
        tmp_path / "folder": f"`--out {tmp_path / 'folder'}` is a folder; pass the table's file, like "
                             "`--out tuning.json`",
    }
    for out, message in cases.items():
        proc = oxpack("tune", "--out", out, "--module", "pkg.kernels", "--", *command)
        assert (proc.returncode, proc.stderr.splitlines()) == (1, [f"oxpack: error: {message}"]), out
        assert not marker.exists()
    proc = oxpack("tune", "--out", other, "--", *tune_args(tmp_path))  # found out once the command has run
    assert last_line(proc) == f"oxpack: error: `--out {other}` is the table of module `ops`, not `kernels`; pass " \
                              "another file for it"
    assert T.read_table(other).module == "ops" and not entries(other)


@pytest.mark.parametrize(("args", "line"), [
    (["--out", "t.json"], "oxpack tune: error: COMMAND is missing: name the command to tune with after `--`, like "
                          "`oxpack tune --out tuning.json -- python tune_sizes.py`"),
    (["--out", "t.json", "--"], "oxpack tune: error: COMMAND is missing: name the command to tune with after `--`, "
                                "like `oxpack tune --out tuning.json -- python tune_sizes.py`"),
    (["--", "true"], "oxpack tune: error: the following arguments are required: --out"),
])
def test_bad_usage_exits_2(tmp_path: Path, args: list[str], line: str) -> None:
    proc = oxpack("tune", *args, cwd=tmp_path)
    assert (proc.returncode, last_line(proc)) == (2, line)


@pytest.mark.parametrize(("args", "line"), [
    (["--out", " ", "--", "true"], "oxpack: error: `--out` was given an empty value; pass the table's file, like "
                                   "`--out tuning.json`"),
    (["--out", "t.json", "--module", "my-pkg.kernels", "--", "true"],
     "oxpack: error: `--module my-pkg.kernels` must be the generated module's import name, like `vecmath.kernels`"),
])
def test_bad_options_are_one_line(tmp_path: Path, args: list[str], line: str) -> None:
    proc = oxpack("tune", *args, cwd=tmp_path)
    assert (proc.returncode, proc.stderr.splitlines()) == (1, [line])


# ---------------------------------------------------------------- the option


def project(tmp_path: Path, tuning: str) -> Path:
    root = tmp_path / "proj"
    (root / "src" / "proj").mkdir(parents=True)
    (root / "src" / "proj" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(f'[project]\nname = "proj"\n\n[tool.oxpack]\narchs = ["sm_80"]\n{tuning}\n')
    return root


@pytest.mark.parametrize(("setting", "line"), [
    ('tuning = ""', 'Option `tuning` in `tool.oxpack` must be a non-empty string, got "" (str)'),
    ("tuning = 3", "Option `tuning` in `tool.oxpack` must be a non-empty string, got 3 (int)"),
    ('tuning = ["t.json"]', 'Option `tuning` in `tool.oxpack` must be a non-empty string, got ["t.json"] (list)'),
    ('tuning = "/srv/t.json"', "Option `tuning` in `tool.oxpack` must be relative to the project root, got "
                               "`/srv/t.json`"),
])
def test_a_bad_tuning_value_is_one_line(tmp_path: Path, setting: str, line: str) -> None:
    proc = oxpack("build", project(tmp_path, setting), "-q")
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == ["oxpack: error: invalid oxpack configuration in `pyproject.toml` (1 problem)",
                                        f"    {line}"]


WRITE = "write it with `oxpack tune --out tuning.json -- COMMAND` on a GPU machine"


@pytest.mark.parametrize(("content", "line"), [
    (None, f"which does not exist; {WRITE}, or remove the option"),
    ("{oops", f"which is no tuning table: it is not JSON (Expecting property name enclosed in double quotes: line 1 "
              f"column 2 (char 1)); {WRITE}"),
    ('{"schema": 2, "module": "kernels"}', f"which is no tuning table: its schema is 2, not 1; {WRITE}"),
    ('{"schema": 1, "module": "kernels", "fatbin": "f", "entries": [{"gpu": 1}]}',
     "which is no tuning table: entry 1 is not an object of strings `gpu`, `driver`, `kernel`, `config` and a list "
     f"of ints `bucket`; {WRITE}"),
    ('{"schema": 1, "module": "ops", "fatbin": "f", "entries": []}',
     "the table of module `ops`, not of this build's `kernels`; name the table that `oxpack tune --module kernels` "
     "writes"),
    ("folder", "which is a folder; name the tuning table's file, like `tuning.json`"),
])
def test_a_table_that_cannot_ship_is_one_line_before_compiling(tmp_path: Path, content: str | None, line: str) -> None:
    root = project(tmp_path, 'tuning = "tuning.json"')
    if content == "folder":
        (root / "tuning.json").mkdir()
    elif content is not None:
        (root / "tuning.json").write_text(content)
    proc = oxpack("build", root, "-q")  # no kernel file: the build would fail later, on that
    assert (proc.returncode, proc.stderr.splitlines()) == (
        1, [f"oxpack: error: Option `tuning` in `tool.oxpack` names `tuning.json`, {line}"])


PAGE = REPO / "docs" / "launch-and-tuning.md"
MARK = "<!-- test: by tests/test_tune_command.py::test_the_docs_show_the_kernel_and_its_messages -->\n"
KERNEL = PAGE.read_text().split(MARK + "```rust\n", 1)[1].split("```\n", 1)[0]  # the page's kernel file


# through the built package's own Module.tuner, as a user's tuning script would call `twice` on a GPU
PACKAGE_SCRIPT = textwrap.dedent(f"""\
    import sys
    sys.path.insert(0, sys.argv[1])
    from tuned import kernels
    from tuned._oxpack._tuning import Config, DeviceKey

    times = {{"block=128": 3e-5, "block=256": 2e-5, "block=512": 1e-5}}
    tuner = kernels._module.tuner
    for n in (1000, 100000):
        tuner.choose("twice", DeviceKey({H100!r}, "12.4"), (n,), [Config(block=b) for b in (128, 256, 512)],
                     Config(block=256), lambda config: times[str(config)])
    print("timed", tuner.timed_runs)
    """)

# a user's first call in a fresh process: what `twice` gets for n on GPU argv[2], and how many timing runs it took
FIRST_CALL = textwrap.dedent("""\
    import sys
    sys.path.insert(0, sys.argv[1])
    from tuned import kernels
    from tuned._oxpack._tuning import Config, DeviceKey

    tuner = kernels._module.tuner
    got = tuner.choose("twice", DeviceKey(sys.argv[2], sys.argv[3]), (int(sys.argv[4]),),
                       [Config(block=b) for b in (128, 256, 512)], Config(block=256), lambda config: 1e-5)
    print(got, tuner.timed_runs, tuner.shipped is not None)
    """)


@pytest.fixture(scope="module")
def tuned(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = emulation_project(tmp_path_factory.mktemp("tuned") / "proj", "tuned", {"shapes.rs": KERNEL})
    with (root / "pyproject.toml").open("a") as file:
        file.write('tuning = "tuning.json"\n')
    yield root


def built_table(out: Path) -> Path:
    return out / "tuned" / "_oxpack" / "kernels_tuning.json"


def test_the_build_ships_the_table_and_the_first_call_takes_it(tuned: Path, tmp_path: Path) -> None:
    # a table of another build: it ships, with a warning
    stale = table(tuned / "tuning.json", fatbin="0" * 64, **{f"{A100}|12.2|twice|1024": "block=128"})
    proc = oxpack("build", tuned, "--out", tmp_path / "first")
    assert proc.returncode == 0, proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "warning" in line]
    digest = T.package_digest(c["sha256"] for c in json.loads(
        (tmp_path / "first" / "tuned" / "_oxpack" / "kernels.json").read_text())["crates"].values())
    assert warnings == [f"oxpack: warning: option `tuning` in `tool.oxpack` names `tuning.json`, the table of another "
                        f"build of the kernels (fatbin digest {'0' * 12}, this build's is {digest[:12]}), so users' "
                        "first calls will tune; regenerate it with `oxpack tune --out tuning.json -- COMMAND`"]
    assert built_table(tmp_path / "first").read_bytes() == stale.read_bytes()

    # the tuning run, through the built package's Module.tuner (which ignores that table: another build's)
    tuning_script = script(tmp_path, PACKAGE_SCRIPT, "tune_twice.py")
    proc = oxpack("tune", "--out", "tuning.json", "--module", "tuned.kernels", "--", sys.executable, tuning_script,
                  tmp_path / "first", cwd=tuned)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "timed 6\n"
    assert last_line(proc) == ("oxpack: wrote tuning.json (module `kernels`): 2 entries tuned for 1 kernel (twice) on "
                               f"GPU {H100} (driver 12.4); 2 entries for 1 GPU in all ({H100}); dropped the 1 entry it "
                               "held for another build of the kernels")
    assert T.read_table(tuned / "tuning.json").fatbin == digest

    # the build ships it, byte for byte, without a warning; two builds give the same bytes
    for out in ("second", "third"):
        proc = oxpack("build", tuned, "--out", tmp_path / out)
        assert proc.returncode == 0 and "warning" not in proc.stderr, proc.stderr
    shipped = built_table(tmp_path / "second")
    assert shipped.read_bytes() == (tuned / "tuning.json").read_bytes()
    listed = json.loads((tmp_path / "second" / ".oxpack-outputs.json").read_text())
    assert "tuned/_oxpack/kernels_tuning.json" in listed
    for path in sorted((tmp_path / "second").rglob("*")):
        if path.is_file():
            twin = tmp_path / "third" / path.relative_to(tmp_path / "second")
            assert twin.read_bytes() == path.read_bytes(), path

    # a user's first call, in a fresh process with an empty tuning cache: the shipped choice, no timing run
    empty = tmp_path / "empty-cache"
    empty.mkdir()
    env = {"PATH": "/usr/bin:/bin", "OXPACK_TUNING_DIR": str(empty)}
    first = script(tmp_path, FIRST_CALL, "first_call.py")
    for gpu, driver, n, expected in [(H100, "12.4", 1000, "block=512 0 True"),
                                     (H100, "12.8", 70000, "block=512 0 True"),  # another driver: the GPU's entry
                                     (A100, "12.4", 1000, "block=128 3 True")]:  # a GPU it lacks: timed
        proc = subprocess.run([sys.executable, str(first), str(tmp_path / "second"), gpu, driver, str(n)],
                              capture_output=True, text=True, env=env, check=False)
        assert (proc.returncode, proc.stdout.strip()) == (0, expected), proc.stderr
    assert {p.name for p in empty.iterdir()} == {f"kernels-{digest}.json"}  # only the A100's choice was written

    # without the option, nothing ships
    (tuned / "pyproject.toml").write_text((tuned / "pyproject.toml").read_text().replace('tuning = "tuning.json"\n', ""))
    run_ok([sys.executable, "-m", "oxpack", "build", str(tuned), "--out", str(tmp_path / "second"), "-q"], timeout=900)
    assert not shipped.exists()


def test_the_docs_show_the_kernel_and_its_messages(tmp_path: Path) -> None:
    """docs/launch-and-tuning.md: its kernel file builds and runs emulated, and its messages are the calls'."""
    import numpy as np

    page = PAGE.read_text()
    project = emulation_project(tmp_path / "proj", "shapes", {"shapes.rs": KERNEL})
    run_ok([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(tmp_path / "out"), "-q"], timeout=900)
    k = import_from(tmp_path / "out", "shapes.kernels")
    try:
        k.emulation(True)
        x, out = np.arange(10, dtype=np.float32), np.zeros(10, np.float32)
        k.twice(x, out)
        staged, m = np.zeros(3 * 64, np.uint32), np.zeros((6, 20), np.uint32)
        k.staged(3, staged)
        k.fill(6, 20, m)
        assert (out == 2 * x).all() and (staged == 256).all() and (m == 1).all()
        messages = []
        for call in (lambda: k.twice(x, out, threads=5), lambda: k.staged(3, staged, block=128),
                     lambda: k.fill(6, 20, m, block=(8, 8))):
            with pytest.raises(k.KernelValueError) as caught:
                call()
            messages.append(str(caught.value))
        shown = page.split(MARK + "```text\n", 1)[1].split("```\n", 1)[0]
        assert shown.splitlines() == messages
        with pytest.raises(k.KernelValueError) as caught:
            k.twice(x, out, block=0)
        assert f"`block=0` gives `{caught.value}`" in " ".join(page.replace("``", "`").split())
        launch = page.split("<!-- illustration: the end of help(kernels.staged) -->\n```text\n", 1)[1].split("```", 1)[0]
        assert launch in k.staged.__doc__
    finally:
        forget_package("shapes")
