"""The fused residual add + RMSNorm backward's machine code (example-project/kernels/fused.rs,
`fused_add_rmsnorm_bf16_bwd` and its sm_90a variant, the shared `rms_bwd_group!` of kernels/common/), built for
sm_80 and sm_90a without a GPU: where a row is held in registers, its three 16-byte chunks (dout,
dresidual_out, residual_out) are loaded together, so that their latencies overlap; the kernels for a summed
gradient (`_sum2`, `_sum3`: a chunk of each term) issue theirs with no instruction between them that reads
what one of them loaded (on sm_80 their bounds checks space them over about 40 instructions).

The kernel is bound by those loads' latency. When the macro took the fused form's extra gradient as an
`Option` (one macro for RMSNorm and the fused add), ptxas issued the three loads about 60 instructions apart,
each waited for before the next: on an H100 the backward went from 38.2 to 44.1 µs (bench_norms_compiled.py
--backward). The SASS check needs `cuobjdump` (skipped without it, as test_attention_machine_code.py's).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import example_kernel_files
from machine_code import per_kernel, sass

from oxpack.builder.pipeline import build_project
from oxpack.config import load_config

WINDOW = 16  # instructions within which a held row's loads all go out (the kernel with the `Option`: 20 on sm_80, 46 on sm_90a)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> object:
    root = tmp_path_factory.mktemp("fused")
    for name, text in example_kernel_files("fused.rs").items():
        (root / "kernels" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "kernels" / name).write_text(text)
    (root / "src" / "fusedproj").mkdir(parents=True)
    (root / "src" / "fusedproj" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text('[project]\nname = "fusedproj"\nversion = "0.1.0"\n\n[tool.oxpack]\n'
                                         'archs = ["sm_80", "sm_90a"]\nptx = "none"\n')
    (crate,) = build_project(load_config(root, {}, env={})).crates
    return crate


@pytest.mark.parametrize("arch", ["sm_80", "sm_90a"])
def test_a_held_rows_three_loads_go_out_together(built: object, arch: str, tmp_path: Path) -> None:
    listing = sass(built.cubins[arch], tmp_path, f"fused.{arch}.cubin")  # type: ignore[attr-defined]
    names = re.findall(r"Function : (\S+)\n", listing)
    code_of = per_kernel(listing, "Function : %s\n", names)
    bodies = [n for n in names if n.startswith("fused_add_rmsnorm_bf16_bwd")]
    assert bodies, names
    for name in bodies:
        code = re.findall(r"/\*[0-9a-f]{4}\*/\s+([^;]*);", code_of[name])  # its instructions, in order
        loads = [n for n, op in enumerate(code) if "LDG.E.128" in op]
        terms = int(name.rpartition("_sum")[2]) if "_sum" in name else 1
        row = _held_row(loads)
        assert len(row) >= 2 + terms, f"{arch} {name}: no run of {2 + terms} 16-byte loads (at {loads})"
        assert not _waited(code, row), f"{arch} {name}: an instruction between the row's loads (at {row}) reads " \
                                       "what one of them loaded"
        if terms == 1:
            together = any(loads[j + 2] - loads[j] < WINDOW for j in range(len(loads) - 2))
            assert together, f"{arch} {name}: no three 16-byte loads within {WINDOW} instructions (at {loads})"


def _held_row(loads: list[int], gap: int = 24) -> list[int]:
    """The longest run of 16-byte loads each within `gap` instructions of the one before: a held row's."""
    runs: list[list[int]] = []
    for n in loads:
        if runs and n - runs[-1][-1] <= gap:
            runs[-1].append(n)
        else:
            runs.append([n])
    return max(runs, key=len, default=[])


def _waited(code: list[str], row: list[int]) -> bool:
    """Whether an instruction between the first and the last load of `row` reads a register that an earlier one
    of them writes (each 16-byte load writes four from its destination): a load waited for before the next."""
    written: set[int] = set()
    for n in range(row[0], row[-1] + 1):
        op = code[n]
        if n in row:
            base = int(re.search(r"LDG\.E\.128 R(\d+)", op).group(1))  # type: ignore[union-attr]
            written |= set(range(base, base + 4))
            continue
        sources = op.split(",", 1)[1] if "," in op else ""  # the operands after the destination
        if {int(r) for r in re.findall(r"\bR(\d+)\b", sources)} & written:
            return True
    return False
