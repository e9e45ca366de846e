"""`ptxas = "whole-program"`: the cubins of the `a`/`f` archs compiled by the standalone ptxas (PyPI's
`nvidia-cuda-nvcc`, the test extra) as whole programs, where `setmaxnreg` takes effect; every other arch
still linked by nvJitLink. What `setmaxnreg` then does to the sm_90a attention's machine code is checked in
tests/test_attention_machine_code.py; here: which arch takes which route, what the lockfile and the
resources say, and the errors (a bad setting, no ptxas, PTX that ptxas rejects)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import REPO

from oxpack.builder.pipeline import build_project
from oxpack.config import load_config
from oxpack.errors import ConfigError, StageError, ToolchainError
from oxpack.package.lockfile import lock_data
from oxpack.toolchain import ptxas
from oxpack.toolchain.nvidia import link_cubin, parse_info_log


def _variants(root: Path, extra: str = "") -> Path:
    """tests/packages/variants (a kernel with an sm_90a body, one without), for sm_80 and sm_90a, no emulation."""
    shutil.copytree(REPO / "tests" / "packages" / "variants", root)
    text = (root / "pyproject.toml").read_text().replace("emulation = true\n", "")
    (root / "pyproject.toml").write_text(text + extra)
    return root


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, object]:
    """The variants project built as it is and with `ptxas = "whole-program"`."""
    plain = build_project(load_config(_variants(tmp_path_factory.mktemp("plain") / "p"), {}, env={}))
    whole = build_project(load_config(_variants(tmp_path_factory.mktemp("whole") / "p", 'ptxas = "whole-program"\n'),
                                      {}, env={}))
    return plain, whole


def test_only_the_a_archs_take_the_standalone_ptxas(builds: tuple[object, object]) -> None:
    plain, whole = builds
    (p,), (w,) = plain.crates, whole.crates  # type: ignore[attr-defined]
    assert w.cubins["sm_80"] == p.cubins["sm_80"]  # nvJitLink's, unchanged
    assert w.info_logs["sm_80"] == p.info_logs["sm_80"]
    assert "info    : used" in w.info_logs["sm_80"]  # nvJitLink's own summary line
    log = w.info_logs["sm_90a"]
    assert "info    : used" not in log and "Compiling entry function 'pick' for 'sm_90a'" in log, log
    assert w.cubins["sm_90a"] != p.cubins["sm_90a"]
    assert w.cubins["sm_90a"][:4] == b"\x7fELF"


def test_the_resources_read_as_nvjitlinks(builds: tuple[object, object]) -> None:
    """Registers, spills and stack from ptxas's `-v` lines, shared and constant memory from the cubin's
    sections: the same figures as nvJitLink's summary for the same PTX (these small kernels compile alike)."""
    plain, whole = builds
    (p,), (w,) = plain.crates, whole.crates  # type: ignore[attr-defined]
    assert set(w.resources["sm_90a"]) == set(p.resources["sm_90a"]) == {"pick", "plain"}
    for name, res in w.resources["sm_90a"].items():
        assert res["constant"] > 0, (name, res)
        assert {k: res[k] for k in ("constant", "shared")} == {k: p.resources["sm_90a"][name][k]
                                                              for k in ("constant", "shared")}, name


def test_the_lockfile_records_the_ptxas_version(builds: tuple[object, object]) -> None:
    plain, whole = builds
    tool = ptxas.find_ptxas()
    assert tool is not None
    said = subprocess.run([str(tool), "--version"], capture_output=True, text=True, check=True).stdout
    version = re.search(r"V(\d+\.\d+\.\d+)", said)
    assert version is not None
    assert lock_data(whole)["toolchain"]["ptxas"] == version.group(1)  # type: ignore[arg-type]
    assert "ptxas" not in lock_data(plain)["toolchain"]  # type: ignore[arg-type]


def test_no_ptxas_is_one_line_naming_the_setting_and_the_package(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ptxas, "_WHEEL_BINS", ("no-such-folder/bin",))  # no wheel's ptxas ...
    monkeypatch.setenv("PATH", str(tmp_path))  # ... and none on PATH
    assert ptxas.find_ptxas() is None
    root = _variants(tmp_path / "p", 'ptxas = "whole-program"\n')
    with pytest.raises(ToolchainError) as info:
        build_project(load_config(root, {}, env={}))
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith("Option `ptxas` in `tool.oxpack` asks for the standalone ptxas"), message
    assert "`nvidia-cuda-nvcc`" in message and 'ptxas = "nvjitlink"' in message, message
    with pytest.raises(ToolchainError, match=r"^Environment variable `OXPACK_PTXAS` asks"):
        build_project(load_config(_variants(tmp_path / "q"), {}, env={"OXPACK_PTXAS": "whole-program"}))


def test_ptx_that_ptxas_rejects_names_the_kernel_file_and_the_command() -> None:
    tool = ptxas.find_ptxas()
    assert tool is not None
    bad = ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k() { not_an_instruction; }\n"
    with pytest.raises(StageError) as info:
        ptxas.compile_cubin(bad, "sm_90a", tool, name="broken")
    assert str(info.value).startswith("ptxas rejected the PTX of `broken` for sm_90a (exit code "), str(info.value)
    assert "not_an_instruction" in info.value.stderr
    assert info.value.command is not None and info.value.command[0] == str(tool)
    assert "-arch=sm_90a" in info.value.command


def test_the_setting_is_validated_in_the_file_and_the_environment(tmp_path: Path) -> None:
    root = _variants(tmp_path / "p", 'ptxas = "fast"\n')
    with pytest.raises(ConfigError) as info:
        load_config(root, {}, env={})
    assert info.value.problems == [
        "Option `ptxas` in `tool.oxpack` must be `nvjitlink` or `whole-program`, got `fast`"], info.value.problems
    root = _variants(tmp_path / "q")
    assert load_config(root, {}, env={}).ptxas == "nvjitlink"
    assert load_config(root, {}, env={"OXPACK_PTXAS": "whole-program"}).ptxas == "whole-program"
    with pytest.raises(ConfigError) as info:
        load_config(root, {}, env={"OXPACK_PTXAS": "yes"})
    assert info.value.problems == [
        "Environment variable `OXPACK_PTXAS` must be `nvjitlink` or `whole-program`, got `yes`"]


def test_which_archs_are_whole_programs() -> None:
    assert [a for a in ("sm_80", "sm_90", "sm_90a", "sm_100a", "sm_100f", "sm_120") if ptxas.whole_program_arch(a)] \
        == ["sm_90a", "sm_100a", "sm_100f"]


def test_a_log_without_a_cubin_gets_no_invented_figures() -> None:
    """The section reader answers nothing for bytes that are no 64-bit ELF, so no summary line is made up."""
    assert ptxas._section_sizes(b"not an elf") == {}
    assert ptxas._section_sizes(b"\x7fELF\x02\x01" + b"\0" * 10) == {}
    log = ptxas._as_nvjitlink_log("ptxas info    : Function properties for k\n    0 bytes stack frame, 8 bytes "
                                  "spill stores, 8 bytes spill loads\nptxas info    : Used 40 registers\n", b"")
    assert parse_info_log(log) == {"k": {"registers": 40, "spills": 16, "stack": 0, "shared": 0, "constant": 0}}


_SHARED_PTX = """.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out) {
    .shared .align 4 .b8 buf[144];
    .reg .b32 %r<3>;
    .reg .b64 %rd<3>;
    mov.u32 %r1, %tid.x;
    shl.b32 %r2, %r1, 2;
    mov.u32 %r1, buf;
    add.u32 %r1, %r1, %r2;
    st.shared.u32 [%r1], %r2;
    bar.sync 0;
    ld.shared.u32 %r2, [%r1];
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    st.global.u32 [%rd2], %r2;
    ret;
}
"""


def test_shared_memory_is_counted_as_nvjitlink_counts_it() -> None:
    """Both routes give the resources the same figures for the same PTX: ptxas's 144 bytes for a 144-byte
    array where its line says so (nvJitLink's summary, like the cubin's section, adds the arch's reserve)."""
    tool = ptxas.find_ptxas()
    assert tool is not None
    whole = ptxas.compile_cubin(_SHARED_PTX, "sm_90a", tool, name="shared")
    linked = link_cubin(_SHARED_PTX, "sm_90a", name="shared")
    mine, theirs = parse_info_log(whole.info_log)["k"], parse_info_log(linked.info_log)["k"]
    assert mine["shared"] == 144 and mine["constant"] > 0, mine
    assert "1168 bytes smem" in whole.info_log  # the section: 144 and the block's 1 KiB reserve
    assert {k: mine[k] for k in ("shared", "constant")} == {k: theirs[k] for k in ("shared", "constant")}, (
        whole.info_log, linked.info_log)
