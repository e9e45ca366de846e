"""The adversarial soundness suite: attempts to make two threads own one element, or a
thread reach past its buffer, in safe kernel code.

Each file in tests/soundness/ is one attempt, a kernel file whose header says what it
tries (`// Attempt: ...`) and the first rustc error it must produce (`// Expect: ...`).
They compile with the real rustc through oxpack's pipeline (the same flags and crate
root as a build, `#![forbid(unsafe_code)]` included), in parallel: compile-fail cannot
share one rustc run. `harmless.rs` holds the attempts that compile, one kernel each,
built as one crate; `test_harmless_attempts` shows from the PTX why each is harmless.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import struct
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from oxpack.config import load_config
from oxpack.errors import StageError
from oxpack.builder.pipeline import CrateResult, Pipeline

FIXTURES = Path(__file__).parent / "soundness"
ATTEMPTS = sorted(p for p in FIXTURES.glob("*.rs") if p.name != "harmless.rs")


def _header(path: Path, key: str) -> str:
    m = re.search(rf"^// {key}: (.+)$", path.read_text(), re.M)
    assert m, f"{path.name}: no `// {key}:` line"
    return m.group(1)


def _project(root: Path, files: list[Path]) -> Path:
    (root / "kernels").mkdir(parents=True)
    (root / "src" / "proj").mkdir(parents=True)
    (root / "src" / "proj" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(
        '[project]\nname = "proj"\nversion = "0.1.0"\n\n[tool.oxpack]\narchs = ["sm_90"]\n')
    for f in files:
        shutil.copy(f, root / "kernels" / f.name)
    return root


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str | None]]:
    """Each attempt's first rustc error (None if it compiled), two rustc at a time."""
    root = _project(tmp_path_factory.mktemp("soundness"), ATTEMPTS)
    pipe = Pipeline(load_config(root, env={}), jobs=2)
    try:
        tc = pipe.toolchain()

        def compile_one(path: Path) -> str | None:
            try:
                pipe.build_crate(tc, root / "kernels" / path.name, ["sm_90"], None, "8.0")
            except StageError as exc:
                return exc.message
            return None

        with ThreadPoolExecutor(max_workers=2) as threads:
            yield dict(zip((p.stem for p in ATTEMPTS), threads.map(compile_one, ATTEMPTS)))
    finally:
        pipe.close()


def test_there_are_at_least_forty_attempts() -> None:
    harmless = re.findall(r"^    /// Attempt: ", (FIXTURES / "harmless.rs").read_text(), re.M)
    assert len(ATTEMPTS) + len(harmless) >= 40, (len(ATTEMPTS), len(harmless))
    assert len({_header(p, "Attempt") for p in ATTEMPTS}) == len(ATTEMPTS), "every attempt is distinct"


@pytest.mark.parametrize("attempt", [p.stem for p in ATTEMPTS])
def test_attempt_does_not_compile(outcomes: dict[str, str | None], attempt: str) -> None:
    expected = _header(FIXTURES / f"{attempt}.rs", "Expect")
    message = outcomes[attempt]
    assert message is not None, f"{attempt}.rs compiled: {_header(FIXTURES / f'{attempt}.rs', 'Attempt')}"
    first = message.split("\n")[0]
    assert f"kernels/{attempt}.rs:" in first, first
    assert expected in first, f"\nexpected: {expected}\nactual:   {first}"


@pytest.fixture(scope="module")
def harmless(tmp_path_factory: pytest.TempPathFactory) -> CrateResult:
    root = _project(tmp_path_factory.mktemp("harmless"), [FIXTURES / "harmless.rs"])
    pipe = Pipeline(load_config(root, env={}), jobs=1)
    try:
        return pipe.build_crate(pipe.toolchain(), root / "kernels" / "harmless.rs", ["sm_90"], None, "8.0")
    finally:
        pipe.close()


def _entry(crate: CrateResult, kernel: str) -> str:
    ptx = crate.ptx["sm_90"]
    body = ptx[ptx.index(f".visible .entry {kernel}(") :]
    return body[: body.index("\n}")]


def _same_program(crate: CrateResult, kernel: str, reference: str) -> bool:
    """True when `kernel`'s PTX is `reference`'s up to the names of the kernel and labels."""
    def norm(name: str) -> str:
        return re.sub(r"\$L__BB\d+_", "$L__BB_", _entry(crate, name).replace(name, "K"))
    return norm(kernel) == norm(reference)


@pytest.mark.parametrize("kernel", ["witness_in_closure", "witness_swapped", "helper_and_macro"])
def test_copied_witnesses_are_the_plain_kernel(harmless: CrateResult, kernel: str) -> None:
    # A witness moved through a closure, `mem::swap`/`replace`, shadowing, a generic
    # helper or a macro is still the thread's own index: the optimised PTX is `plain`'s.
    assert _same_program(harmless, kernel, "plain")
    assert not _same_program(harmless, "read_past_the_end", "plain"), "the comparison can tell kernels apart"


def test_a_witness_picked_from_an_array_is_the_threads_own(harmless: CrateResult) -> None:
    ptx = _entry(harmless, "witness_in_array")
    # the array's three slots all hold one register: the thread's index
    stored = re.findall(r"st\.local\.b64\s+\[[^\]]+\], (%rd\d+);", ptx)
    assert len(stored) == 3 and len(set(stored)) == 1, stored
    index = re.search(r"add\.s64\s+(%rd\d+), %rd\d+, %rd\d+;\n\tst\.local", ptx)
    assert index and index.group(1) == stored[0], "the stored value is blockIdx * blockDim + threadIdx"


def test_a_loop_reusing_a_witness_writes_one_element(harmless: CrateResult) -> None:
    assert _entry(harmless, "loop_reusing_witness").count("st.global") == 1


def test_swapped_outputs_carry_their_width_along(harmless: CrateResult) -> None:
    ptx = _entry(harmless, "swap_outputs_per_thread")
    # the per-thread swap exchanges whole outputs: buffer, length and width, 3 + 3 moves
    swap = re.search(r"@%p\d+ bra \t(\$L__BB\d+_\d+);\n((?:\tmov\.b64[^\n]*\n)+)\1:", ptx)
    assert swap, ptx
    assert swap.group(2).count("mov.b64") == 6
    assert ptx.count("st.global") == 2


def test_divergent_branches_use_the_launch_width(harmless: CrateResult) -> None:
    ptx = _entry(harmless, "divergent_rows")
    width = re.search(r"ld\.param\.b32\s+(%rd\d+), \[divergent_rows_param_0\];", ptx)
    assert width, ptx
    assert re.search(rf"setp\.lt\.u64\s+%p\d+, %rd\d+, {width.group(1)};", ptx), "x < width, the parameter itself"
    assert ptx.count("st.global") == 1, "both arms are one store"


@pytest.mark.parametrize("kernel", ["read_past_the_end", "shared_past_the_end"])
def test_reading_past_the_end_traps(harmless: CrateResult, kernel: str) -> None:
    assert "trap;" in _entry(harmless, kernel)


def test_a_shared_write_past_the_end_is_refused(harmless: CrateResult) -> None:
    assert re.search(r"setp\.lt\.u32\s+%p\d+, %r\d+, 32;", _entry(harmless, "shared_write_past_the_end"))


def test_one_width_for_two_outputs_and_selected_uniforms_compile(harmless: CrateResult) -> None:
    assert _entry(harmless, "one_width_two_outputs").count("st.global") == 2
    assert _entry(harmless, "uniform_selected_per_thread").count("st.global") == 1


def test_a_transposed_tile_needs_a_2d_grid(harmless: CrateResult) -> None:
    ptx = _entry(harmless, "transposed_tile_in_3d")
    z = re.search(r"mov\.u32\s+(%r\d+), %nctaid\.z;", ptx)
    assert z and re.search(rf"setp\.(eq|ne)\.b32\s+%p\d+, {z.group(1)}, 1;", ptx), "gridDim.z == 1 is checked"


def test_a_vec4_tail_writes_only_its_lanes(harmless: CrateResult) -> None:
    ptx = _entry(harmless, "vec4_tail")
    assert "st.global.v4.b32" in ptx, "a whole aligned vector: one 16-byte store"
    # a partial vector: lanes 1, 2, 3 each stored under their own `lanes > k` test
    for k in (2, 3):
        assert re.search(rf"setp\.lt\.u64\s+%p\d+, %rd\d+, {k};", ptx), k
    assert ptx.count("st.volatile.global.b32") == 4


# ---------------------------------------------------------------- traps that name their kernel

TRAPPING = """use oxpack::prelude::*;

kernel! {
    /// out[i] ← x[idx[i]]
    pub fn pick(i: ThreadIndex, idx: &[u32], x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = x[idx[i.get()] as usize];
        }
    }
}
"""


def _bytes_in_ptx(text: str) -> str:
    """How PTX spells a byte string in a `.global .b8` initializer: decimal bytes."""
    return ", ".join(str(b) for b in text.encode())


def test_the_debug_profile_records_panics_and_release_stays_a_trap(make_project) -> None:  # type: ignore[no-untyped-def]
    from oxpack.builder.pipeline import build_project

    root = make_project({"pick.rs": TRAPPING})
    built = {profile: build_project(load_config(root, {"profile": profile}, env={})) for profile in ("release", "debug")}
    assert {p: b.manifest()["profile"] for p, b in built.items()} == {"release": "release", "debug": "debug"}
    release, debug = built["release"].crates[0], built["debug"].crates[0]
    fast = _entry(release, "pick")
    assert "trap;" in fast and "call" not in fast, "release: a failed bounds check is one trap in place"
    assert "__oxpack_trap_record" not in release.ptx["sm_90"]
    ptx = debug.ptx["sm_90"]
    assert re.search(r"^\.visible \.global \.align 8 \.b8 __oxpack_trap_record\[8\];", ptx, re.M), \
        "the record pointer stays a visible global that the runtime can find and set"
    assert "call.uni" in _entry(debug, "pick") and "fence.sc.sys" in ptx, "panics format their message, then fence"
    assert _bytes_in_ptx("kernels/pick.rs") in ptx, "the location names the project-relative file"
    assert _bytes_in_ptx("index out of bounds: the len is ") in ptx
    assert debug.resources["sm_90"]["pick"]["spills"] == 0


def test_the_profile_is_checked_and_set_by_env_and_cli(tmp_path: Path) -> None:
    from oxpack.cli import _build_overrides, _parser
    from oxpack.errors import ConfigError

    root = _project(tmp_path / "p", [])
    assert load_config(root, env={}).profile == "release"
    assert load_config(root, {"profile": "debug"}, env={}).profile == "debug"
    assert load_config(root, env={"OXPACK_PROFILE": "debug"}).profile == "debug"
    assert _build_overrides(_parser().parse_args(["build", "--debug", str(root)])) == {"profile": "debug"}
    assert _build_overrides(_parser().parse_args(["build", str(root)])) == {}
    (root / "pyproject.toml").write_text((root / "pyproject.toml").read_text() + 'profile = "fast"\n')
    with pytest.raises(ConfigError, match=r"`profile`.* must be `release` or `debug`, got `fast`"):
        load_config(root, env={})


def _runtime() -> ModuleType:
    """runtime/runtime.py, imported as oxpack's stub renderer imports it (it and the modules
    beside it import the standard library only)."""
    from oxpack.contract import runtime

    return runtime()


def test_kernel_trap_names_the_kernel_message_and_location() -> None:
    rt = _runtime()
    trap = rt.KernelTrap("gather", "index out of bounds: the len is 10 but the index is 99", "kernels/saxpy.rs:18:24")
    assert isinstance(trap, rt.LaunchError) and isinstance(trap, RuntimeError)
    assert (trap.kernel, trap.location) == ("gather", "kernels/saxpy.rs:18:24")
    assert str(trap) == ("gather(): the kernel trapped: index out of bounds: the len is 10 but the index is 99 "
                         "at kernels/saxpy.rs:18:24; the CUDA context is unusable now: restart the process")
    emulated = rt.KernelTrap("gather", "attempt to add with overflow", None, gpu=False)
    assert str(emulated) == "gather(): the kernel trapped: attempt to add with overflow"


def test_the_trap_record_layout_is_the_device_crates() -> None:
    rt = _runtime()
    from oxpack import data_dir

    source = (data_dir("device") / "src" / "debug.rs").read_text()
    consts = {name: int(value) for name, value in re.findall(r"const (\w+): usize = (\d+);", source)}
    traps = sys.modules[rt.__package__ + "._traps"]  # where the runtime reads the record
    assert (consts["FILE_AT"], consts["FILE_MAX"]) == traps._RECORD_FILE
    assert (consts["MSG_AT"], consts["MSG_MAX"]) == traps._RECORD_MESSAGE
    assert consts["MSG_AT"] + consts["MSG_MAX"] == traps._RECORD_BYTES
    # a record as `debug::record` writes it: fields, then state 2
    record = ctypes.create_string_buffer(traps._RECORD_BYTES)
    address = ctypes.addressof(record)
    assert traps._read_trap_record(address) is None, "state 0: nothing written"
    file, message = b"kernels/saxpy.rs", "index out of bounds: the len is 10 but the index is 99 — é".encode()
    struct.pack_into("<5I", record, 0, 2, 18, 24, len(file), len(message))
    record[24 : 24 + len(file)] = file
    record[128 : 128 + len(message)] = message
    assert traps._read_trap_record(address) == (message.decode(), "kernels/saxpy.rs:18:24")


def test_launch_blocking_is_read_from_the_environment() -> None:
    code = ("import sys; from oxpack.contract import runtime; rt = runtime(); "
            "print(sys.modules[rt.__package__ + '._traps']._LAUNCH_BLOCKING)")
    for value, expected in (("1", "True"), ("0", "False"), ("", "False")):
        env = {**os.environ, "OXPACK_LAUNCH_BLOCKING": value}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == expected, (value, out.stdout, out.stderr)
