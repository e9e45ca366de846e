"""Per-arch kernel variants: `#[variant_of(kernel, arch)]`.

One build of tests/packages/variants (`archs = ["sm_80", "sm_90a"]`, sm_80's PTX, emulation):
`pick` has an sm_90a body (it reads `%cluster_ctarank`, an sm_90 register, through the
`__oxpack_sm90a_*` probe of the runtime) and one for sm_100a, an arch not built (a warning);
`plain` has none. Checked: what the manifest, the lockfile and `oxpack inspect` record; that
each arch's cubin holds one entry `pick` with that arch's body and no variant entry; that the
sm_80 PTX holds no sm_90a code; emulation's default and `OXPACK_EMULATE_ARCH`; the run time's
choice of fatbin entry per device (`_fatbin.choose`, on the real fatbin) and `OXPACK_ARCH`'s
refusals. Then the build's refusals, whole-message, each a build of one small file: a
variant whose signature or `where` differs, a variant of no kernel, a portable kernel that
reaches an sm_90a function in its sm_80 build, a malformed attribute. On the GPU:
tests/test_gpu_variants.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import tomlkit
from conftest import REPO, MakeProject, forget_package, import_from, run_ok

from oxpack.package.fatbin_reader import cubin_kernels, entry_payload, read_fatbin
from oxpack.runtime import _fatbin
from oxpack.runtime import runtime as runtime_module
from oxpack.sources.targets import ARCH_MIN_PTX

PACKAGE = REPO / "tests" / "packages" / "variants"
EMULATES = sys.platform.startswith("linux") and os.uname().machine == "x86_64"
needs_emulation = pytest.mark.skipif(not EMULATES, reason="emulation runs on x86-64 Linux")
WARNING = ("oxpack: warning: kernel file `kernels/pick.rs`: `pick_sm100a` (`#[variant_of(pick, sm_100a)]`) is not "
           "built: sm_100a is not in `archs` (sm_80, sm_90a), so no GPU runs it; add sm_100a to `archs` to ship it")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, oxpack_cache: Path) -> Iterator[dict[str, Any]]:
    """The package, locked and built (`oxpack lock`, then `oxpack build --out`: the second is all cache hits)."""
    root = tmp_path_factory.mktemp("variants")
    project = root / "variants"
    shutil.copytree(PACKAGE, project)
    run_ok([sys.executable, "-m", "oxpack", "lock", str(project), "-q"], timeout=900)
    proc = run_ok([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(root / "out")], timeout=900)
    out = root / "out"
    yield {"project": project, "out": out, "stderr": proc.stderr,
           "manifest": json.loads((out / "variants" / "_oxpack" / "kernels.json").read_text()),
           "fatbin": (out / "variants" / "_oxpack" / "pick.fatbin").read_bytes()}
    forget_package("variants")


def test_a_variant_for_an_arch_not_built_is_a_warning(built: dict[str, Any]) -> None:
    # a warning, not an error: `--archs native` or a quick sm_80-only build leaves archs out on purpose
    assert WARNING in built["stderr"].splitlines()


def test_the_manifest_and_the_lockfile_record_each_kernels_variants(built: dict[str, Any]) -> None:
    kernels = built["manifest"]["kernels"]
    assert sorted(kernels) == ["pick", "plain"]  # Python sees one kernel `pick`: no variant is a kernel
    assert kernels["pick"]["variants"] == {"sm_90a": "pick_sm90a"}  # the archs built only
    assert "variants" not in kernels["plain"]
    lock = tomlkit.parse((built["project"] / "oxpack.lock").read_text()).unwrap()
    assert lock["crates"]["pick"]["kernels"] == ["pick", "plain"]
    assert lock["crates"]["pick"]["variants"] == {"pick": {"sm_90a": "pick_sm90a"}}
    assert "\n" + LOCK_LINES + "\n" in (built["project"] / "oxpack.lock").read_text()


def test_inspect_shows_each_archs_body(built: dict[str, Any]) -> None:
    text = run_ok([sys.executable, "-m", "oxpack", "inspect", str(built["out"])]).stdout
    assert INSPECT_LINE + "\n" in text
    assert text.count("  body    ") == 1  # `plain` has one body everywhere: no line
    data = json.loads(run_ok([sys.executable, "-m", "oxpack", "inspect", str(built["out"]), "--json"]).stdout)
    bodies = {k["name"]: k["bodies"] for k in data["modules"][0]["kernels"]}
    assert bodies == {"pick": {"sm_80": "pick", "sm_90a": "pick_sm90a"}, "plain": {"sm_80": "plain", "sm_90a": "plain"}}


def test_each_arch_holds_its_body_under_the_kernels_name(built: dict[str, Any]) -> None:
    data = built["fatbin"]
    entries = read_fatbin(data, "pick.fatbin")
    assert [(e.kind, e.arch) for e in entries] == [("cubin", "sm_80"), ("cubin", "sm_90a"), ("ptx", "sm_80")]
    for e in entries:
        payload = entry_payload(data, e, e.arch)
        if e.kind == "cubin":
            assert sorted(cubin_kernels(payload, e.arch)) == ["pick", "plain"]  # no `pick_sm90a` entry anywhere
        else:
            ptx = payload.decode()
            assert ".entry pick(" in ptx and "pick_sm90a" not in ptx and "pick_sm100a" not in ptx
            assert "cluster_ctarank" not in ptx  # the sm_90a body's code never reached sm_80
    sm90a = run_ok([sys.executable, "-m", "oxpack", "inspect", str(built["project"]), "--ptx", "sm_90a", "-q"]).stdout
    assert "%cluster_ctarank" in sm90a and ".entry pick(" in sm90a and "pick_sm90a" not in sm90a


@needs_emulation
def test_emulation_runs_the_portable_bodies_unless_told_an_arch(built: dict[str, Any]) -> None:
    script = textwrap.dedent("""\
        import numpy as np
        import variants.kernels as k
        out = np.zeros(3, np.uint32)
        k.pick(out, 1)
        kernel = k._module.kernel("pick")
        print(out.tolist(), kernel.arch(), kernel.body())
    """)

    def run(**env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=built["out"],
                              env={**os.environ, "OXPACK_EMULATE": "1", **env}, timeout=300, check=False)

    assert run().stdout == "[81, 81, 81] None pick\n"
    assert run(OXPACK_EMULATE_ARCH="sm_90a").stdout == "[91, 91, 91] sm_90a pick_sm90a\n"
    assert run(OXPACK_EMULATE_ARCH="sm_80").stdout == "[81, 81, 81] sm_80 pick\n"
    refused = run(OXPACK_EMULATE_ARCH="sm_100a")
    assert refused.returncode != 0
    assert refused.stderr.splitlines()[-1] == (
        "variants._oxpack._types.LaunchError: OXPACK_EMULATE_ARCH=sm_100a: the kernels of `variants.kernels` are "
        "built for sm_80, sm_90a; set one of them (emulation then runs that arch's variants) or unset it (the "
        "portable bodies)")


# ---------------------------------------------------------------- the run time's choice of entry


@pytest.mark.parametrize(("device", "forced", "chosen"), [
    ("sm_90", None, "sm_90a cubin"),  # H100/H200: the `a` cubin of exactly its capability
    ("sm_80", None, "sm_80 cubin"),
    ("sm_86", None, "sm_80 cubin"), ("sm_89", None, "sm_80 cubin"),  # a cubin runs on later GPUs of its major
    ("sm_100", None, "sm_80 PTX"),  # sm_90a code runs on sm_90 only; sm_80 machine code on 8.x only: the PTX
    ("sm_120", None, "sm_80 PTX"),
    ("sm_75", None, None),  # nothing runs there
    ("sm_90", "sm_80", "sm_80 PTX"),  # OXPACK_ARCH=sm_80 on an H200: sm_80's body, compiled from its PTX
    ("sm_86", "sm_80", "sm_80 cubin"),
    ("sm_90", "sm_90a", "sm_90a cubin"),
    ("sm_100", "sm_90a", None), ("sm_80", "sm_90a", None), ("sm_90", "sm_89", None),
])
def test_the_run_time_picks_each_devices_entry(built: dict[str, Any], device: str, forced: str | None,
                                               chosen: str | None) -> None:
    fatbin = _fatbin
    entry = fatbin.choose(fatbin.entries(built["fatbin"]), device, forced)
    assert (None if entry is None else str(entry)) == chosen


def test_the_entry_it_loads_is_a_fatbin_of_that_entry_alone(built: dict[str, Any]) -> None:
    fatbin, data = _fatbin, built["fatbin"]
    for entry, whole in zip(fatbin.entries(data), read_fatbin(data, "pick.fatbin"), strict=True):
        alone = read_fatbin(fatbin.only(data, entry), "alone")
        assert [(e.kind, e.arch) for e in alone] == [(whole.kind, whole.arch)]
        assert entry_payload(fatbin.only(data, entry), alone[0], "alone") == entry_payload(data, whole, "whole")


def test_oxpack_arch_refusals_name_what_the_package_has(built: dict[str, Any]) -> None:
    fatbin = _fatbin
    found = fatbin.entries(built["fatbin"])
    assert fatbin.refusal(found, "sm_90", "sm_89") == (
        "the package has no code for sm_89 (it has sm_80 cubin, sm_90a cubin, sm_80 PTX)")
    assert fatbin.refusal(found, "sm_100", "sm_90a") == (
        "its sm_90a cubin cannot run on a sm_100 GPU (a cubin runs only on GPUs of its major version, an `a` arch "
        "only on its own)")
    assert fatbin.refusal(found, "sm_75", "sm_80") == (
        "its sm_80 cubin and sm_80 PTX cannot run on a sm_75 GPU (PTX runs on its arch and newer, an `a` arch only "
        "on its own)")


def test_a_malformed_oxpack_arch_is_refused_before_the_gpu(built: dict[str, Any], monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setenv("OXPACK_ARCH", "hopper")
    runtime = runtime_module
    module = runtime.Module("kernels", built["out"] / "variants" / "_oxpack")
    module.kernels  # noqa: B018 - reads the manifest
    with pytest.raises(runtime.LaunchError) as caught:
        module._entry(None, 0, "pick", built["fatbin"])  # refused before the driver is asked anything
    assert str(caught.value) == ("OXPACK_ARCH must be an arch like sm_80 or sm_90a, got 'hopper'; unset it to let the "
                                 "run time pick")


# ---------------------------------------------------------------- the build's refusals


def _build_error(make_project: MakeProject, source: str, archs: list[str]) -> str:
    root = make_project({"k.rs": source}, archs=archs)
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(root / "out"), "-q"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode != 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("oxpack: error: ")]
    assert lines, proc.stderr
    return lines[0].removeprefix("oxpack: error: ")


SIGNATURE_MESSAGE = (
    "kernel file `kernels/k.rs`: `#[variant_of(k, sm_90a)]` on kernel `k_sm90a` must take the same arguments from "
    "Python as `k` (Python calls one kernel on every arch): argument 2 is `n` (a uint32 scalar) in `k` but `n` (a "
    "uint64 scalar) in `k_sm90a`; make them equal")
SM90A_MESSAGE = (
    "kernel file `kernels/k.rs`: kernel `k` uses `__oxpack_sm90a_cluster_ctarank`, which needs sm_90a, in its "
    "build for sm_80; move that code into a `#[variant_of(k, sm_90a)]` kernel (with sm_90a in `archs`) and keep "
    "`k` itself portable")
INSPECT_LINE = "  body    sm_80 pick, sm_90a pick_sm90a (#[variant_of])"
LOCK_LINES = '[crates.pick.variants.pick]\nsm_90a = "pick_sm90a"'
PORTABLE = """\
    use oxpack::prelude::*;

    kernel! {
        /// portable
        pub fn k(out: &mut DisjointSlice<u32>, n: u32) where (len(out) >= 1) {
            if let Some(o) = out.get_mut(index_1d()) {
                *o = n;
            }
        }

        %s
        pub fn k_sm90a(%s) %s {
            if let Some(o) = out.get_mut(index_1d()) {
                *o = 9;
            }
        }
    }
"""


@pytest.mark.parametrize(("attribute", "params", "where", "message"), [
    ("#[variant_of(k, sm_90a)]", "out: &mut DisjointSlice<u32>, n: u64", "where (len(out) >= 1)", SIGNATURE_MESSAGE),
    ("#[variant_of(k, sm_90a)]", "out: &mut DisjointSlice<u32>", "where (len(out) >= 1)",
     "kernel file `kernels/k.rs`: `#[variant_of(k, sm_90a)]` on kernel `k_sm90a` must take the same arguments "
     "from Python as `k` (Python calls one kernel on every arch): `k` takes 2 arguments (out, n), `k_sm90a` takes "
     "1 (out); make them equal"),
    ("#[variant_of(kk, sm_90a)]", "out: &mut DisjointSlice<u32>, n: u32", "where (len(out) >= 1)",
     "kernel file `kernels/k.rs`: `#[variant_of(kk, sm_90a)]` on kernel `k_sm90a`: `kk` is no kernel of this "
     "file; name a kernel of this file without `#[variant_of]` (`k`)"),
    ("#[variant_of(k, sm_91)]", "out: &mut DisjointSlice<u32>, n: u32", "where (len(out) >= 1)",
     "kernel file `kernels/k.rs`: `#[variant_of(k, sm_91)]` on kernel `k_sm90a`: `sm_91` is not an arch oxpack "
     f"builds; use one of {', '.join(ARCH_MIN_PTX)}"),
    ("#[variant_of(k)]", "out: &mut DisjointSlice<u32>, n: u32", "where (len(out) >= 1)",
     "rustc failed to compile `kernels/k.rs`: kernels/k.rs:3:1: error: oxpack: write `#[variant_of(KERNEL, ARCH)]` "
     "with two names, e.g. `#[variant_of(gemm, sm_90a)]`, after the variant's `///` docs and before "
     "`#[launch_bounds(...)]`, `#[max_registers(...)]` (if any) and its `pub fn`"),
])
def test_a_bad_variant_is_refused_naming_both_kernels(make_project: MakeProject, attribute: str, params: str,
                                                      where: str, message: str) -> None:
    source = PORTABLE % (attribute, params, where)
    assert _build_error(make_project, textwrap.dedent(source), ["sm_80"]) == message


def test_a_portable_kernel_that_needs_sm_90a_is_refused_for_sm_80(make_project: MakeProject) -> None:
    source = """\
        use oxpack::prelude::*;

        kernel! {
            /// reads an sm_90 register through an `__oxpack_sm90a_*` function
            pub fn k(out: &mut DisjointSlice<u32>) {
                if let Some(o) = out.get_mut(index_1d()) {
                    *o = oxpack::__arch_probe::cluster_rank();
                }
            }
        }
    """
    # one line naming file, kernel, arch and fix: never nvJitLink's ptxas message (it refuses the PTX for sm_80)
    assert _build_error(make_project, textwrap.dedent(source), ["sm_80", "sm_90a"]) == SM90A_MESSAGE


def test_a_variant_that_needs_another_arch_is_refused_naming_its_body(make_project: MakeProject) -> None:
    source = """\
        use oxpack::prelude::*;

        kernel! {
            /// portable
            pub fn k(out: &mut DisjointSlice<u32>) {
                if let Some(o) = out.get_mut(index_1d()) {
                    *o = 1;
                }
            }

            /// for sm_100a, but with sm_90a code
            #[variant_of(k, sm_100a)]
            pub fn k_sm100a(out: &mut DisjointSlice<u32>) {
                if let Some(o) = out.get_mut(index_1d()) {
                    *o = oxpack::__arch_probe::cluster_rank();
                }
            }
        }
    """
    assert _build_error(make_project, textwrap.dedent(source), ["sm_100a"]) == (
        "kernel file `kernels/k.rs`: kernel `k_sm100a` (`#[variant_of(k, sm_100a)]`) uses "
        "`__oxpack_sm90a_cluster_ctarank`, which needs sm_90a; only a `#[variant_of(k, sm_90a)]` kernel (with sm_90a "
        "in `archs`) may use it: move that code there")



def test_the_docs_show_the_sample_and_its_messages() -> None:
    """docs/arch-variants.md shows the sample kernel file as it is and the messages as the tests above see them."""
    page = (REPO / "docs" / "arch-variants.md").read_text()
    assert "```rust\n" + (PACKAGE / "kernels" / "pick.rs").read_text() + "```\n" in page
    shown = [block.split("\n```", 1)[0] for block in page.split("```text\n")[1:]]
    assert SIGNATURE_MESSAGE in shown and SM90A_MESSAGE in shown and INSPECT_LINE in shown and LOCK_LINES in shown


def test_auto_ptx_is_the_highest_plain_arch(tmp_path: Path) -> None:
    # sm_90a's PTX runs on compute capability 9.0 alone: `auto` embeds the highest arch later GPUs can JIT, and
    # none where every arch has a suffix (the plan says why: tests/test_reliability_messages.py)
    from oxpack.builder.plan import plan_build
    from oxpack.config import load_config

    (tmp_path / "kernels").mkdir()
    (tmp_path / "kernels" / "k.rs").write_text("")
    for archs, expected in ((["sm_80", "sm_90a"], "sm_80"), (["sm_80", "sm_90", "sm_90a"], "sm_90"),
                            (["sm_90a"], None), (["sm_100a", "sm_86"], "sm_86")):
        (tmp_path / "pyproject.toml").write_text(
            '[project]\nname = "p"\nversion = "0.1"\n[tool.oxpack]\n' f"archs = {archs!r}\n".replace("'", '"'))
        assert plan_build(load_config(tmp_path, env={})).ptx_arch == expected, archs


ONLY_ON = """\
    use oxpack::prelude::*;

    kernel! {
        /// portable
        %s
        pub fn k(out: &mut DisjointSlice<u32>, n: u32) where (len(out) >= 1) {
            if let Some(o) = out.get_mut(index_1d()) {
                *o = n;
            }
        }

        /// sm_90a
        %s
        pub fn k_sm90a(out: &mut DisjointSlice<u32>, n: u32) where (len(out) >= 1) {
            if let Some(o) = out.get_mut(index_1d()) {
                *o = 9;
            }
        }
    }
"""


@pytest.mark.parametrize(("kernel", "variant", "message"), [
    ("#[only_on(sm_90a)]", "", "kernel file `kernels/k.rs`: `#[only_on(sm_90a)]` on kernel `k`: `k` has no "
     "`#[variant_of(k, sm_90a)]` body in this file; write that body, or name an arch it has one for"),
    ("#[only_on(sm_100a)]", "#[variant_of(k, sm_90a)]", "kernel file `kernels/k.rs`: `#[only_on(sm_100a)]` on "
     "kernel `k`: `k` has no `#[variant_of(k, sm_100a)]` body in this file; write that body, or name an arch it has "
     "one for"),
    ("", "#[variant_of(k, sm_90a)]\n        #[only_on(sm_90a)]", "kernel file `kernels/k.rs`: `#[only_on(sm_90a)]` on "
     "kernel `k_sm90a`: a variant runs on its own arch already; put `#[only_on]` on `k`, the kernel it is a variant "
     "of"),
    ("#[only_on(sm_90a, sm_80)]", "#[variant_of(k, sm_90a)]",
     "rustc failed to compile `kernels/k.rs`: kernels/k.rs:3:1: error: oxpack: write `#[only_on(ARCH)]` with one "
     "arch, e.g. `#[only_on(sm_90a)]`, after the kernel's `///` docs and before `#[launch(...)]` and its `pub fn`; "
     "the kernel needs a `#[variant_of(KERNEL, ARCH)]` body for that arch"),
])
def test_a_bad_only_on_is_refused(make_project: MakeProject, kernel: str, variant: str, message: str) -> None:
    assert _build_error(make_project, textwrap.dedent(ONLY_ON % (kernel, variant)), ["sm_80", "sm_90a"]) == message


def test_only_on_refuses_the_own_body_before_the_launch(make_project: MakeProject) -> None:
    """`#[only_on(sm_90a)]`: the manifest records it; emulation of the portable bodies (and of another arch)
    refuses the call in one line before running anything, and emulation of sm_90a runs the variant."""
    root = make_project({"k.rs": textwrap.dedent(ONLY_ON % ("#[only_on(sm_90a)]", "#[variant_of(k, sm_90a)]"))},
                        archs=["sm_80", "sm_90a"], extra="emulation = true\n")
    out = root / "out"
    subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(out), "-q"], check=True,
                   capture_output=True, timeout=600)
    manifest = json.loads((out / "proj" / "_oxpack" / "kernels.json").read_text())
    assert manifest["kernels"]["k"]["only_on"] == "sm_90a"
    script = ("import numpy as np\nimport proj.kernels as m\nout = np.zeros(3, np.uint32)\n"
              "try:\n    m.k(out, 5)\nexcept Exception as e:\n    print(type(e).__name__, e)\nprint(out.tolist())\n")

    def run(**env: str) -> str:
        proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True,
                              env={**os.environ, "PYTHONPATH": str(out), "OXPACK_EMULATE": "1", **env})
        return proc.stdout

    assert run() == ("LaunchError k(): this kernel runs on sm_90a only (`#[only_on(sm_90a)]`), and emulation runs "
                     "the portable bodies; set OXPACK_EMULATE_ARCH=sm_90a to emulate it\n[0, 0, 0]\n")
    assert run(OXPACK_EMULATE_ARCH="sm_80") == (
        "LaunchError k(): this kernel runs on sm_90a only (`#[only_on(sm_90a)]`), and emulation runs the package's "
        "sm_80 code; set OXPACK_EMULATE_ARCH=sm_90a to emulate it\n[0, 0, 0]\n")
    assert run(OXPACK_EMULATE_ARCH="sm_90a") == "[9, 9, 9]\n"
