"""Kernel attributes are checked before rustc (`oxpack.sources.attributes`): an unknown or misspelled
one is named at its own line with a did-you-mean, and an argument of the wrong kind or range gets
oxpack's line, not rustc's type errors. In process; one build shows the check comes before rustc."""

from __future__ import annotations

import pytest

from conftest import MakeProject

ITEM = 'use oxpack::*;\nkernel! {{\n    /// y "#[not_an_attribute]"\n    {attrs}\n' \
       '    pub fn k(i: ThreadIndex, y: &mut DisjointSlice<f32>) {{ #[allow(unused)] let z = 1; y.set(i, 1.0); }}\n}}\n'

REFUSED = {
    "#[launch_bound(128)]": "kernels/k.rs:4: kernel `k`: `#[launch_bound(128)]` is not an attribute that `kernel!` "
                            "takes; did you mean `#[launch_bounds(MAX_THREADS)]`",
    "#[max_register(64)]": "did you mean `#[max_registers(N)]`",
    "#[whole_warp]": "did you mean `#[whole_warps]`",
    "#[coarse(2)]": "did you mean `#[coarsen(N)]`",
    "#[dim(a = (m))]": "did you mean `#[dims(ARRAY = (DIMS), ...)]`",
    "#[inline]": "`#[inline]` is not an attribute that `kernel!` takes; kernel attributes are `#[launch_bounds]`",
    "#[launch_bounds(-1)]": "`#[launch_bounds(-1)]` takes integer literals, and `-1` is a negative number",
    '#[launch_bounds("x")]': '`#[launch_bounds("x")]` takes integer literals, and `"x"` is a string',
    "#[launch_bounds(1.5)]": "`1.5` is a float",
    "#[launch_bounds(true)]": "`true` is a boolean",
    "#[launch_bounds(256i64)]": "`256i64` is an integer of a type other than u32",
    "#[launch_bounds(4096)]": "`#[launch_bounds(4096)]` must allow 1 to 1024 threads per block",
    "#[launch_bounds(256, 0)]": "needs at least 1 block per multiprocessor",
    "#[max_registers(300)]": "`#[max_registers(300)]` must be 16 to 255 registers per thread",
    "#[max_registers(-8)]": "`-8` is a negative number",
    "#[coarsen(3)]": "`#[coarsen(3)]` takes N = 1 (no coarsening), 2, 4 or 8",
    "#[coarsen('a')]": "`'a'` is a character",
}
ACCEPTED = ["", "#[launch_bounds(256)]", "#[launch_bounds(1_024, 2)]", "#[launch_bounds(64u32)]",
            "#[max_registers(64)]", "#[coarsen(1)]", "#[whole_warps]",
            "#[launch_bounds(128)] #[max_registers(32)] #[coarsen(2)] #[whole_warps]",
            "// #[launch_bound(1)] in a comment\n    ",
            # shapes the macro itself explains (its own `oxpack: write ...` line): left to it
            "#[launch_bounds(n)]", "#[whole_warps(1)]", "#[variant_of(k)]", "#[launch_bounds(1, 2, 3)]"]


@pytest.mark.parametrize("attrs", list(REFUSED))
def test_a_bad_attribute_is_oxpacks_line(attrs: str) -> None:
    from oxpack.errors import StageError
    from oxpack.sources.attributes import check_attributes

    with pytest.raises(StageError) as caught:
        check_attributes("kernels/k.rs", ITEM.format(attrs=attrs))
    assert REFUSED[attrs] in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("attrs", ACCEPTED)
def test_good_attributes_and_other_shapes_pass(attrs: str) -> None:
    from oxpack.sources.attributes import check_attributes

    check_attributes("kernels/k.rs", ITEM.format(attrs=attrs))


def test_every_example_kernel_passes() -> None:
    from conftest import EXAMPLE, REPO
    from oxpack.sources.attributes import check_attributes

    files = [*EXAMPLE.glob("kernels/**/*.rs"), *(REPO / "tests" / "packages").glob("**/*.rs")]
    assert files
    for file in files:
        check_attributes(str(file), file.read_text())


def test_the_build_refuses_before_rustc(make_project: MakeProject) -> None:
    from oxpack.builder.pipeline import build_project
    from oxpack.config import load_config
    from oxpack.errors import StageError

    root = make_project({"k.rs": ITEM.format(attrs="#[launch_bound(128)]")})
    with pytest.raises(StageError) as caught:
        build_project(load_config(root, env={}))
    assert "kernels/k.rs:4: kernel `k`: `#[launch_bound(128)]`" in str(caught.value)
    assert caught.value.command is None and not caught.value.stderr  # rustc never ran
