"""The tuning store and chooser (runtime/_tuning.py): when a kernel's candidate configs are timed, which one
a launch gets, and where the choice lives. No GPU: the timing is a counting callable, the files are real."""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import pickle
import subprocess
import sys
import textwrap
import threading
import time as clock
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "oxpack" / "runtime" / "_tuning.py"


def _import() -> ModuleType:
    """The module as a package ships it: a file on its own, standard library only."""
    spec = importlib.util.spec_from_file_location("oxpack_tuning_under_test", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


T = _import()
H100, A100 = "NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB"
DEVICE = T.DeviceKey(H100, "12.4", 0)
CANDIDATES = [T.Config(block=128), T.Config(block=256), T.Config(block=512)]
DEFAULT = T.Config(block=256)
TIMES = {"block=128": 41e-6, "block=256": 44e-6, "block=512": 91e-6}


class Timer:
    """A `time` callable: the seconds (or the exception) given per config text; it counts its calls."""

    def __init__(self, times: Mapping[str, float | Exception] = TIMES, pause: float = 0.0) -> None:
        self.times, self.pause, self.calls = dict(times), pause, []  # type: ignore[var-annotated]

    def __call__(self, config: Any) -> float:
        self.calls.append(str(config))
        clock.sleep(self.pause)
        value = self.times[str(config)]
        if isinstance(value, Exception):
            raise value
        return value


def env(tmp_path: Path, **more: str) -> dict[str, str]:
    return {"OXPACK_TUNING_DIR": str(tmp_path / "tuning"), **more}


def tuner(tmp_path: Path, fatbin: str = "f00d", shipped: Path | None = None, **more: str) -> Any:
    return T.Tuner("mypkg", fatbin, shipped, environ=env(tmp_path, **more))


def choose(t: Any, timer: Any = None, kernel: str = "rmsnorm_bf16", device: Any = DEVICE,
           sizes: tuple[int, ...] = (8000, 4096), **kw: Any) -> Any:
    return t.choose(kernel, device, sizes, CANDIDATES, DEFAULT, timer or Timer(), **kw)


def written(t: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(t.path.read_text())
    return data


# ---------------------------------------------------------------- buckets and configs


def test_a_bucket_rounds_each_size_up_to_a_power_of_two() -> None:
    assert T.bucket([0, 1, 2, 3, 4, 5, 4096, 4097, 8000]) == (0, 1, 2, 4, 4, 8, 4096, 8192, 8192)
    assert T.bucket(()) == ()


def test_a_config_renders_its_names_sorted_and_parses_back() -> None:
    config = T.Config({"vec": 4}, block=256)
    assert str(config) == "block=256,vec=4" and repr(config) == "Config(block=256, vec=4)"
    assert T.Config.parse("vec=4, block=256") == config == {"block": 256, "vec": 4}
    assert T.Config.parse(str(config)) == config and hash(T.Config.parse("block=256,vec=4")) == hash(config)
    assert config["block"] == 256 and list(config) == ["block", "vec"]
    assert len({config, T.Config.parse(str(config))}) == 1
    with pytest.raises(AttributeError):
        config.block = 1
    assert pickle.loads(pickle.dumps(config)) == config and copy.deepcopy(config) == config


@pytest.mark.parametrize(("text", "message"), [
    ("", "'' is not a launch configuration like block=256 or block=256,vec=4"),
    ("block", "'block' is not a launch configuration like block=256 or block=256,vec=4"),
    ("block=2.5", "'block=2.5' is not a launch configuration like block=256 or block=256,vec=4"),
    ("block=1,,vec=2", "'block=1,,vec=2' is not a launch configuration like block=256 or block=256,vec=4"),
    ("block=1,block=2", "launch configuration 'block=1,block=2' names `block` twice"),
])
def test_bad_config_text_is_one_value_error(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        T.Config.parse(text)
    assert str(caught.value) == message


def test_a_config_holds_ints_under_identifiers() -> None:
    with pytest.raises(TypeError, match=r"^launch configuration value `block` must be an int, got True$"):
        T.Config(block=True)
    with pytest.raises(ValueError, match=r"^a launch configuration names at least one value, like block=256$"):
        T.Config()
    with pytest.raises(ValueError, match=r"^a launch configuration's names are identifiers like block, got '2x'$"):
        T.Config({"2x": 1})


def test_the_cache_folder_is_oxpack_tuning_dir_then_an_absolute_xdg_cache_home_then_home() -> None:
    assert T.cache_folder({"OXPACK_TUNING_DIR": "/t", "XDG_CACHE_HOME": "/x", "HOME": "/h"}) == Path("/t")
    assert T.cache_folder({"XDG_CACHE_HOME": "/x", "HOME": "/h"}) == Path("/x/oxpack/tuning")
    assert T.cache_folder({"XDG_CACHE_HOME": "rel", "HOME": "/h"}) == Path("/h/.cache/oxpack/tuning")
    assert T.Tuner("my.pkg", "ab/cd", environ={"HOME": "/h"}).path == Path("/h/.cache/oxpack/tuning/my.pkg-ab_cd.json")


# ---------------------------------------------------------------- tuning, memory and the cache file


def test_a_near_tie_goes_by_the_median_of_the_rounds_and_a_failed_candidate_is_timed_once(tmp_path: Path) -> None:
    """Each round times every candidate in turn, and a candidate's time is the median of its rounds': one slow
    round of the faster candidate (the GPU's clock dropping while it ran) does not hand the choice to the other. A
    candidate that raises (a block the kernel's registers refuse) is skipped from then on."""
    seq = {"block=128": [1.30e-5, 1.00e-5, 1.00e-5], "block=256": [1.05e-5, 1.05e-5, 1.05e-5]}
    calls: list[str] = []

    def time(config: Any) -> float:
        calls.append(str(config))
        if str(config) == "block=512":
            raise ValueError("too many threads for its registers")
        return seq[str(config)][calls.count(str(config)) - 1]

    t = tuner(tmp_path)
    # medians 1.00 against 1.05 µs; its first round alone (1.30) or its mean (1.10) would lose
    assert choose(t, time) == T.Config(block=128)
    assert calls == ["block=128", "block=256", "block=512"] + ["block=128", "block=256"] * (T.ROUNDS - 1)
    assert t.timed_runs == 3


def test_the_first_call_times_every_candidate_and_keeps_the_fastest(tmp_path: Path) -> None:
    t, timer = tuner(tmp_path), Timer()
    assert choose(t, timer) == T.Config(block=128)
    # in rounds, each timing every candidate in turn; `timed_runs` counts the candidates
    assert timer.calls == ["block=128", "block=256", "block=512"] * T.ROUNDS and t.timed_runs == 3
    assert written(t) == {"schema": 1, "module": "mypkg", "fatbin": "f00d", "entries": [
        {"gpu": H100, "driver": "12.4", "kernel": "rmsnorm_bf16", "bucket": [8192, 4096], "config": "block=128"}]}
    assert choose(t, sizes=(8192, 3000)) == T.Config(block=128)  # the same bucket: remembered
    assert choose(t, device=T.DeviceKey(H100, "12.4", 1)) == T.Config(block=128)  # a twin GPU: the file's entry
    assert t.timed_runs == 3
    assert choose(t, Timer({**TIMES, "block=512": 1e-6}), sizes=(9000, 4096)) == T.Config(block=512)  # another bucket
    assert t.timed_runs == 6 and len(written(t)["entries"]) == 2
    assert [p.name for p in t.path.parent.iterdir()] == ["mypkg-f00d.json"]


def test_a_second_process_starts_tuned_with_no_timing_runs(tmp_path: Path) -> None:
    choose(tuner(tmp_path))
    script = tmp_path / "second.py"
    script.write_text(textwrap.dedent(f"""
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location("tuning", {str(SOURCE)!r})
        T = importlib.util.module_from_spec(spec)
        sys.modules["tuning"] = T
        spec.loader.exec_module(T)
        def time(config):
            raise AssertionError(f"timed {{config}}")
        t = T.Tuner("mypkg", "f00d")
        candidates = [T.Config(block=128), T.Config(block=256), T.Config(block=512)]
        chosen = t.choose("rmsnorm_bf16", T.DeviceKey({H100!r}, "12.4", 0), [8000, 4096], candidates,
                          T.Config(block=256), time)
        print(chosen, t.timed_runs)
    """))
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OXPACK_")} | env(tmp_path)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=environ, check=False)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "block=128 0\n", "")


@pytest.mark.parametrize("device", [T.DeviceKey(A100, "12.4", 0), T.DeviceKey(H100, "12.8", 0)],
                         ids=["other-card", "other-driver"])
def test_another_gpu_or_driver_tunes_again(tmp_path: Path, device: Any) -> None:
    t = tuner(tmp_path)
    choose(t)
    other = tuner(tmp_path)
    assert choose(other, Timer({**TIMES, "block=512": 1e-6}), device=device) == T.Config(block=512)
    assert other.timed_runs == 3 and len(written(other)["entries"]) == 2  # merged, the first one kept


def test_a_rebuilt_package_tunes_again(tmp_path: Path) -> None:
    choose(tuner(tmp_path))
    rebuilt = tuner(tmp_path, fatbin="beef")
    assert choose(rebuilt) == T.Config(block=128) and rebuilt.timed_runs == 3
    assert sorted(p.name for p in rebuilt.path.parent.iterdir()) == ["mypkg-beef.json", "mypkg-f00d.json"]


def test_a_stored_config_that_is_no_longer_a_candidate_is_tuned_again(tmp_path: Path) -> None:
    t = tuner(tmp_path)
    t.choose("k", DEVICE, [64], [T.Config(block=64)], DEFAULT, Timer({"block=64": 1.0}))
    again = tuner(tmp_path)
    assert choose(again, kernel="k", sizes=(64,)) == T.Config(block=128) and again.timed_runs == 3
    assert written(again)["entries"][0]["config"] == "block=128"


def test_processes_that_write_meanwhile_are_merged(tmp_path: Path) -> None:
    first, second = tuner(tmp_path), tuner(tmp_path)  # both read an empty folder, then write in turn
    choose(first, kernel="a")
    choose(second, kernel="b")
    assert [e["kernel"] for e in written(second)["entries"]] == ["a", "b"]


@pytest.mark.parametrize(("text", "why"), [
    ("{not json", "it is not JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))"),
    ("[]", "it is not a JSON object"),
    ('{"schema": 7}', "its schema is 7, not 1"),
    ('{"schema": 1, "module": "mypkg", "fatbin": "f00d", "entries": [{"gpu": 1}]}',
     "entry 1 is not an object of strings `gpu`, `driver`, `kernel`, `config` and a list of ints `bucket`"),
    (('{"schema": 1, "module": "mypkg", "fatbin": "f00d", "entries": [{"gpu": "g", "driver": "d", "kernel": "k", '
      '"bucket": [1], "config": "big"}]}'),
     "entry 1: 'big' is not a launch configuration like block=256 or block=256,vec=4"),
    ('{"schema": 1, "module": "mypkg", "fatbin": "0ld", "entries": []}',
     "it is for module mypkg fatbin 0ld, not mypkg f00d"),
], ids=["json", "shape", "schema", "entry", "config", "digest"])
def test_a_corrupt_cache_file_is_named_once_and_rewritten(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        text: str, why: str) -> None:
    t = tuner(tmp_path)
    t.path.parent.mkdir(parents=True)
    t.path.write_text(text)
    assert choose(t) == T.Config(block=128) and t.timed_runs == 3
    assert choose(t, kernel="other") == T.Config(block=128)
    assert capsys.readouterr().err == f"oxpack: ignoring tuning cache {t.path}: {why}; it will be rewritten\n"
    assert [e["kernel"] for e in written(t)["entries"]] == ["other", "rmsnorm_bf16"]


def test_a_read_only_cache_folder_keeps_the_choice_in_memory(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A folder the process cannot write: read-only (0o500) for an ordinary user; as root, who writes into a
    read-only folder, the cache file's own path taken by a folder, which no write replaces."""
    folder = tmp_path / "tuning"
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    folder.mkdir(mode=0o700 if root else 0o500)
    try:
        t = tuner(tmp_path, OXPACK_VERBOSE="1")
        assert t.path is not None
        if root:
            t.path.mkdir()
        assert choose(t) == choose(t, kernel="other") == T.Config(block=128) and t.timed_runs == 6
        assert choose(t) == T.Config(block=128) and t.timed_runs == 6
        assert [p.name for p in folder.iterdir()] == ([t.path.name] if root else [])  # nothing else written
        lines = [line for line in capsys.readouterr().err.splitlines() if "cannot write" in line]
        why = "Is a directory" if root else "Permission denied"
        assert len(lines) == 1 and lines[0].startswith(f"oxpack: cannot write tuning cache {t.path}") and why in lines[0]
        assert lines[0].endswith("the choices stay in memory in this process")
    finally:
        folder.chmod(0o700)


def test_a_cache_folder_that_cannot_be_made_keeps_the_choice_in_memory(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tuning").write_text("a file where the folder would be")
    t = tuner(tmp_path)
    assert choose(t) == T.Config(block=128) and choose(t) == T.Config(block=128) and t.timed_runs == 3
    assert capsys.readouterr().err == ""  # quiet unless verbose
    loud = tuner(tmp_path, OXPACK_TUNE_LOG="1")
    choose(loud)
    choose(loud, kernel="other")
    assert capsys.readouterr().err.count("oxpack: cannot write tuning cache") == 1


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    t = tuner(tmp_path)
    (t.path / "in the way").mkdir(parents=True)  # a folder where the file goes: the temporary file is not moved
    assert choose(t) == T.Config(block=128) and choose(t) == T.Config(block=128) and t.timed_runs == 3
    assert [p.name for p in t.path.parent.iterdir()] == [t.path.name]


def test_eight_threads_asking_at_once_time_the_candidates_once(tmp_path: Path) -> None:
    t, timer = tuner(tmp_path), Timer(pause=0.02)
    start, results = threading.Barrier(8), []

    def call() -> None:
        start.wait()
        results.append(choose(t, timer))

    threads = [threading.Thread(target=call) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [T.Config(block=128)] * 8 and timer.calls == ["block=128", "block=256", "block=512"] * T.ROUNDS


def test_a_capture_never_times_and_does_not_remember(tmp_path: Path) -> None:
    t = tuner(tmp_path)
    assert choose(t, capturing=True) == DEFAULT and t.timed_runs == 0 and not t.path.parent.exists()
    assert choose(t) == T.Config(block=128) and t.timed_runs == 3
    later = tuner(tmp_path)
    assert choose(later, capturing=True) == T.Config(block=128) and later.timed_runs == 0  # the file's choice
    assert choose(later, Timer({})) == T.Config(block=128) and later.timed_runs == 0  # now remembered


def test_emulation_never_times(tmp_path: Path) -> None:
    t = tuner(tmp_path)
    assert choose(t, emulating=True) == DEFAULT and t.timed_runs == 0 and not t.path.parent.exists()


@pytest.mark.parametrize("value", ["0", "off", "OFF"])
def test_tuning_off_never_times(tmp_path: Path, value: str) -> None:
    t = tuner(tmp_path, OXPACK_TUNE=value)
    assert choose(t) == DEFAULT and t.timed_runs == 0


@pytest.mark.parametrize("value", ["", "1", "on"])
def test_tuning_on_tunes(tmp_path: Path, value: str) -> None:
    t = tuner(tmp_path, OXPACK_TUNE=value)
    assert choose(t) == T.Config(block=128) and t.timed_runs == 3


def test_pinning_picks_the_pinned_config_and_times_nothing(tmp_path: Path) -> None:
    t = tuner(tmp_path, OXPACK_TUNE=" rmsnorm_bf16 : block=512 ; softmax_f32:block=128;")
    assert choose(t) == T.Config(block=512)
    assert choose(t, kernel="softmax_f32") == T.Config(block=128)
    assert choose(t, kernel="unnamed") == DEFAULT  # not pinned: its default, untimed
    assert t.timed_runs == 0 and not t.path.parent.exists()


def test_pinning_a_config_that_is_no_candidate_is_one_line(tmp_path: Path) -> None:
    t = tuner(tmp_path, OXPACK_TUNE="rmsnorm_bf16:block=384")
    with pytest.raises(T.TuningError) as caught:
        choose(t)
    assert str(caught.value) == ("OXPACK_TUNE pins kernel `rmsnorm_bf16` to `block=384`, not one of its candidates: "
                                 "`block=128`, `block=256`, `block=512`; pin one of them or unset OXPACK_TUNE")
    assert isinstance(caught.value, ValueError)


HELP = "set it to on, off or kernel:config pairs separated by ; like rmsnorm_bf16:block=256;softmax_f32:block=512"


@pytest.mark.parametrize(("value", "why"), [
    ("maybe", "'maybe' is not kernel:config"),
    ("k:block=1;k:block=2", "it pins `k` twice"),
    ("k:block", "'block' is not a launch configuration like block=256 or block=256,vec=4"),
    (";", "it pins no kernel"),
])
def test_malformed_tune_setting_is_one_line(tmp_path: Path, value: str, why: str) -> None:
    t = tuner(tmp_path, OXPACK_TUNE=value)
    with pytest.raises(T.TuningError) as caught:
        choose(t)
    assert str(caught.value) == f"OXPACK_TUNE={value}: {why}; {HELP}"


def test_a_tie_goes_to_the_earlier_candidate(tmp_path: Path) -> None:
    same = {"block=128": 5e-5, "block=256": 4e-5, "block=512": 4e-5}
    assert choose(tuner(tmp_path), Timer(same)) == T.Config(block=256)
    reverse = tuner(tmp_path / "b")
    assert reverse.choose("k", DEVICE, [1], CANDIDATES[::-1], DEFAULT, Timer(same)) == T.Config(block=512)


def test_a_candidate_that_raises_is_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = tuner(tmp_path, OXPACK_VERBOSE="1")
    over: dict[str, float | Exception] = {**TIMES, "block=128": RuntimeError("too many resources requested for launch")}
    assert choose(t, Timer(over)) == T.Config(block=256) and t.timed_runs == 3
    assert capsys.readouterr().err == (
        f"oxpack: tuned rmsnorm_bf16 on {H100} for sizes (8000, 4096) (bucket (8192, 4096)): block=256 "
        "(0.044 ms; block=512 0.091 ms, block=128 failed (RuntimeError))\n")


def test_when_every_candidate_raises_the_default_s_error_is_raised(tmp_path: Path) -> None:
    t = tuner(tmp_path)
    broken: dict[str, float | Exception] = {text: ValueError(f"bad {text}") for text in TIMES}
    with pytest.raises(ValueError, match="^bad block=256$"):
        choose(t, Timer(broken))
    others = [T.Config(block=1), T.Config(block=2)]  # the default is none of them: it is returned, untimed
    timer = Timer({"block=1": ValueError("no"), "block=2": ValueError("no")})
    assert t.choose("k", DEVICE, [1], others, DEFAULT, timer) == DEFAULT
    assert t.choose("k", DEVICE, [1], others, DEFAULT, timer) == DEFAULT and len(timer.calls) == 4  # not remembered
    assert not t.path.exists()


def test_the_log_line_says_what_was_timed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    choose(tuner(tmp_path))
    assert capsys.readouterr().err == ""
    choose(tuner(tmp_path / "b", OXPACK_TUNE_LOG="1"))
    assert capsys.readouterr().err == (
        f"oxpack: tuned rmsnorm_bf16 on {H100} for sizes (8000, 4096) (bucket (8192, 4096)): block=128 "
        "(0.041 ms; block=256 0.044 ms, block=512 0.091 ms)\n")


# ---------------------------------------------------------------- the shipped table


def ship(tmp_path: Path, rows: list[tuple[str, str, str]], fatbin: str = "f00d") -> Path:
    """A shipped table of (gpu, driver, config) rows for rmsnorm_bf16 at bucket (8192, 4096)."""
    path = tmp_path / "mypkg.tuning.json"
    entries = {(gpu, driver, "rmsnorm_bf16", (8192, 4096)): T.Config.parse(c) for gpu, driver, c in rows}
    T.write_table(path, T.Table("mypkg", fatbin, entries))
    return path


def test_the_shipped_table_is_used_with_any_driver_of_its_gpu(tmp_path: Path) -> None:
    shipped = ship(tmp_path, [(H100, "12.0", "block=512"), (H100, "12.4", "block=256")])
    t = tuner(tmp_path, shipped=shipped)
    assert choose(t) == T.Config(block=256) and t.timed_runs == 0  # its own driver's entry first
    assert choose(t, device=T.DeviceKey(H100, "13.0", 0)) == T.Config(block=512)  # else the first listed
    assert choose(t, device=T.DeviceKey(A100, "12.4", 0)) == T.Config(block=128) and t.timed_runs == 3
    assert (tmp_path / "mypkg.tuning.json").stat().st_mode & 0o777 == 0o644


def test_the_user_cache_wins_over_the_shipped_table(tmp_path: Path) -> None:
    choose(tuner(tmp_path))
    t = tuner(tmp_path, shipped=ship(tmp_path, [(H100, "12.4", "block=512")]))
    assert choose(t) == T.Config(block=128) and t.timed_runs == 0


def test_a_shipped_table_of_another_build_is_not_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shipped = ship(tmp_path, [(H100, "12.4", "block=512")], fatbin="0ld")
    t = tuner(tmp_path, shipped=shipped, OXPACK_VERBOSE="1")
    assert choose(t) == T.Config(block=128) and t.timed_runs == 3
    assert capsys.readouterr().err.splitlines()[0] == (
        f"oxpack: ignoring tuning table {shipped}: it is for module mypkg fatbin 0ld, not mypkg f00d")


def test_a_tuning_run_exports_the_table_a_package_ships(tmp_path: Path) -> None:
    t = tuner(tmp_path)
    choose(t)
    choose(t, kernel="softmax_f32", sizes=(3,))
    T.write_table(tmp_path / "out.json", t.table())
    table = T.read_table(tmp_path / "out.json")
    assert table == T.Table("mypkg", "f00d", {(H100, "12.4", "rmsnorm_bf16", (8192, 4096)): T.Config(block=128),
                                              (H100, "12.4", "softmax_f32", (4,)): T.Config(block=128)})
    assert json.loads((tmp_path / "out.json").read_text()) == written(t)  # the cache's format
    (tmp_path / "bad.json").write_text('{"schema": 2}')
    with pytest.raises(T.TuningError, match=rf"^{tmp_path / 'bad.json'}: its schema is 2, not 1$"):
        T.read_table(tmp_path / "bad.json")
