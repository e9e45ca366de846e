"""The example's sm_90a bodies (TMA + `wgmma`, `#[variant_of(kernel, sm_90a)]`), emulated on the CPU against
float64 NumPy: no GPU needed.

Emulation runs the portable bodies unless OXPACK_EMULATE_ARCH names an arch of the package's `archs`
(docs/arch-variants.md). The module reads that variable when it is made, so `hopper` runs each call in a
fresh interpreter with OXPACK_EMULATE_ARCH=sm_90a, its arrays passed through a .npz file, and says which
body ran it: the variant, or the kernel's own body where the variant's TMA sources refused the arrays. The
same calls emulated in this process run the portable (`mma.sync`) bodies. Both emulators sum the exact bf16
products in f32 in k order, so the two bodies agree bit for bit; the GPU sums in other orders (the GPU
twins, oxpack's tests/test_gpu_mma.py, allow for it).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hostarrays import BFloat16, rng, to_bf16  # noqa: F401  (rng: the fixture)
from vecmath import kernels

EMULATION = (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not EMULATION, reason="built without emulation (oxpack build --emulation)")

NAN_BF16 = 0x7FC0

# run in a fresh interpreter: argv = the .npz of the arrays, the kernel, the arguments as JSON
# ([kind, value]: "int"/"float" a scalar, "bf16"/"f32" the name of an array), the .npz it writes back
_RUN = """
import json, sys
import numpy as np
from hostarrays import BFloat16
from vecmath import kernels
data = dict(np.load(sys.argv[1]))
wrap = {"bf16": BFloat16, "f32": lambda x: x}
args = tuple(wrap[kind](data[v]) if kind in wrap else v for kind, v in json.loads(sys.argv[3]))
kernel = kernels._module.kernel(sys.argv[2])
try:
    getattr(kernels, sys.argv[2])(*args)
    outcome = "ran"
except kernels.LaunchError as e:
    outcome = f"{type(e).__name__}: {e}"
np.savez(sys.argv[4], **data)
variant = kernel.bodies.get("sm_90a")
print(json.dumps({"outcome": outcome, "picked": kernel.pick(args).arch_key,
                  "refusals": None if variant is None else variant.tma.refusals}))
"""


def hopper(tmp_path: Path, kernel: str, args: list[tuple[str, Any]], arrays: dict[str, np.ndarray]
           ) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """`kernel(*args)` emulated with OXPACK_EMULATE_ARCH=sm_90a in a fresh interpreter: what it said
    (`outcome`: "ran" or the error's line; `picked`: the body `Kernel.pick` chose; `refusals`: the calls the
    variant's TMA sources refused, which its own body ran) and the arrays after the call."""
    given, back = tmp_path / "in.npz", tmp_path / "out.npz"
    np.savez(given, **arrays)
    here = str(Path(__file__).parent)
    env = {**os.environ, "OXPACK_EMULATE": "1", "OXPACK_EMULATE_ARCH": "sm_90a",
           "PYTHONPATH": os.pathsep.join([here, *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.run([sys.executable, "-c", _RUN, str(given), kernel, json.dumps(args), str(back)],
                          capture_output=True, text=True, env=env, timeout=900, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return json.loads(proc.stdout.splitlines()[-1]), dict(np.load(back))


@pytest.fixture
def emulated() -> Iterator[None]:
    with kernels.emulation():
        yield


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def gelu64(x: np.ndarray) -> np.ndarray:
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1 + erf(x / math.sqrt(2)))


# ---------------------------------------------------------------- linear_gelu_bf16


@pytest.mark.parametrize(("m", "n", "k"), [(130, 300, 136), (1, 8, 8), (129, 257, 72)])
def test_linear_gelu_sm90a_is_gelu_of_linear(tmp_path: Path, rng: np.random.Generator, emulated: None,
                                             m: int, n: int, k: int) -> None:
    """`linear_gelu_bf16_sm90a`: ragged m and n (the tile's rows and columns past the edge: the bias read
    past n gives 0 and nothing is stored there), k not a multiple of the 64-deep stage (the TMA's zero
    fill). Every element written (the output starts as NaN), each within one bf16 rounding (2⁻⁸ relative)
    of the float64 GELU of the float64 sums, plus the f32 sums' own error (3k·2⁻²⁴ of |a|·|w|, GELU's slope
    being below 1.13); and bit for bit the portable body's result, emulated here."""
    a, w = to_bf16(rng.standard_normal((m, k))), to_bf16(rng.standard_normal((n, k)) / 4)
    bias = to_bf16(rng.standard_normal(n))
    c = np.full((m, n), NAN_BF16, np.uint16)
    said, out = hopper(tmp_path, "linear_gelu_bf16",
                       [("int", m), ("int", n), ("int", k), ("bf16", "a"), ("bf16", "w"), ("bf16", "bias"), ("bf16", "c")],
                       {"a": a, "w": w, "bias": bias, "c": c})
    assert said == {"outcome": "ran", "picked": "sm_90a", "refusals": 0}, said  # the variant ran it
    got = widen(out["c"])
    assert not np.isnan(got).any(), "an element of c was never written"
    ref = gelu64(widen(a) @ widen(w).T + widen(bias))
    scale = np.abs(widen(a)) @ np.abs(widen(w)).T + np.abs(widen(bias))
    err = np.abs(got - ref)
    assert np.all(err <= 2.0**-8 * np.abs(ref) + 3 * k * 2.0**-24 * scale + 1e-6), err.max()
    portable = np.full((m, n), NAN_BF16, np.uint16)
    kernels.linear_gelu_bf16(m, n, k, BFloat16(a), BFloat16(w), BFloat16(bias), BFloat16(portable))
    assert np.array_equal(out["c"], portable)


def test_linear_gelu_sm90a_leaves_arrays_its_tma_cannot_read_to_the_portable_body(
        tmp_path: Path, rng: np.random.Generator, emulated: None) -> None:
    """Flat `a` and `w` (the TMA takes 2-D arrays) under sm_90a: the variant refuses them before its launch
    and the kernel's own body runs the call, with the same bits as the portable body here."""
    m, n, k = 70, 40, 24
    a, w = to_bf16(rng.standard_normal(m * k)), to_bf16(rng.standard_normal(n * k) / 4)
    bias, c = to_bf16(rng.standard_normal(n)), np.full(m * n, NAN_BF16, np.uint16)
    said, out = hopper(tmp_path, "linear_gelu_bf16",
                       [("int", m), ("int", n), ("int", k), ("bf16", "a"), ("bf16", "w"), ("bf16", "bias"), ("bf16", "c")],
                       {"a": a, "w": w, "bias": bias, "c": c})
    assert said["outcome"] == "ran" and said["refusals"] == 1, said
    portable = np.full(m * n, NAN_BF16, np.uint16)
    kernels.linear_gelu_bf16(m, n, k, BFloat16(a), BFloat16(w), BFloat16(bias), BFloat16(portable))
    assert np.array_equal(out["c"], portable) and not np.isnan(widen(portable)).any()


# ---------------------------------------------------------------- attention_fwd_d64, attention_fwd_d128


def attention64(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool, scale: float) -> np.ndarray:
    """softmax(scale · q·kᵀ [masked]) · v in float64, per sequence: q, k, v (sequences, seq, d)."""
    s = np.einsum("gid,gjd->gij", q, k) * scale
    if causal:
        n = q.shape[1]
        s = np.where(np.triu(np.ones((n, n), bool), 1), -np.inf, s)
    p = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("gij,gjd->gid", p / p.sum(-1, keepdims=True), v)


def attention_call(tmp_path: Path, d: int, seq: int, causal: bool, shape: tuple[int, ...], rng: np.random.Generator,
                   scale: float | None = None) -> tuple[dict[str, Any], np.ndarray, tuple[np.ndarray, ...]]:
    """`attention_fwd_d{d}` under sm_90a on q, k, v of `shape` (the arrays the TMA reads) and a flat o, at `scale`
    (default 1 / sqrt(d)): what `hopper` said, o, and (q, k, v, o) as the portable body leaves them, emulated here."""
    q, k, v = (to_bf16(rng.standard_normal(shape)) for _ in range(3))
    o = np.full(q.size, NAN_BF16, np.uint16)
    scale = 1 / math.sqrt(d) if scale is None else scale
    said, out = hopper(tmp_path, f"attention_fwd_d{d}",
                       [("int", seq), ("int", int(causal)), ("float", scale), ("bf16", "q"), ("bf16", "k"),
                        ("bf16", "v"), ("bf16", "o")], {"q": q, "k": k, "v": v, "o": o})
    portable = np.full(q.size, NAN_BF16, np.uint16)
    getattr(kernels, f"attention_fwd_d{d}")(seq, int(causal), scale, BFloat16(q), BFloat16(k), BFloat16(v),
                                            BFloat16(portable))
    return said, out["o"], (q, k, v, portable)


@pytest.mark.parametrize(("d", "seq", "causal", "shape"), [
    (64, 130, False, (2, 3, 130, 64)),  # 4-D (batch, heads, seq, d): a ragged last tile of 128 rows
    (64, 300, True, (2, 300, 64)),  # causal: 1 to 3 k/v steps a block, each taken in turns (pingpong)
    (128, 200, True, (3, 200, 128)),  # 3-D (batch · heads, seq, d)
])
def test_attention_sm90a_matches_float64(tmp_path: Path, rng: np.random.Generator, emulated: None, d: int, seq: int,
                                         causal: bool, shape: tuple[int, ...]) -> None:
    """q, k, v whose rows are `seq`: the variant runs the call; every element written, within a few bf16
    ulps of max |v| of the float64 attention (p is rounded to bf16 before p·v, o at the end), as the
    portable body is."""
    said, o, (q, k, v, portable) = attention_call(tmp_path, d, seq, causal, shape, rng)
    assert said == {"outcome": "ran", "picked": "sm_90a", "refusals": 0}, said
    seqs = q.size // (seq * d)
    ref = attention64(*(widen(x).reshape(seqs, seq, d) for x in (q, k, v)), causal, 1 / math.sqrt(d))
    bound = 2.0**-6 * np.abs(widen(v)).max()
    for got in (widen(o), widen(portable)):
        assert not np.isnan(got).any(), "an element of o was never written"
        assert np.abs(got.reshape(seqs, seq, d) - ref).max() <= bound


@pytest.mark.parametrize("scale", [0.3, 4.0, -0.2, -4.0, 0.0, 1e-30])
def test_attention_sm90a_scales_of_either_sign(tmp_path: Path, rng: np.random.Generator, emulated: None,
                                               scale: float) -> None:
    """The sm_90a body folds a positive finite scale into the exponent (`exp2(s·scale − m·scale)`, the row
    maximum taken of the unscaled scores) and multiplies first otherwise: a negative scale (the row's largest
    scaled score is its smallest score's; at -4 a maximum taken the positive way would overflow the exponent),
    0 (uniform weights: the mean of v's visible rows, where a masked -inf times 0 would be NaN) and a tiny one
    agree with the float64 attention under a causal mask and a ragged last tile, as the portable body does."""
    d, seq, shape = 64, 200, (2, 200, 64)
    said, o, (q, k, v, portable) = attention_call(tmp_path, d, seq, True, shape, rng, scale)
    assert said == {"outcome": "ran", "picked": "sm_90a", "refusals": 0}, said
    ref = attention64(*(widen(x).reshape(2, seq, d) for x in (q, k, v)), True, scale)
    bound = 2.0**-6 * np.abs(widen(v)).max()
    for got in (widen(o), widen(portable)):
        assert not np.isnan(got).any(), "an element of o was never written"
        assert np.abs(got.reshape(2, seq, d) - ref).max() <= bound


@pytest.mark.parametrize(("d", "seq", "shape"), [
    (64, 128, (1, 1, 256, 64)),  # 256 rows a sequence in q, k, v, `seq` 128: 2 sequences of 128 in the flat memory
    (64, 64, (1, 64, 128)),  # rows = seq, but 128 columns for head dim 64: 2 sequences of 64 × 64
    (128, 100, (2, 50, 128)),  # 50 rows, seq 100
    (64, 0, (2, 64, 64)),  # seq 0: nothing to compute (the `where`'s max(seq · 64, 1) accepts it)
])
def test_attention_sm90a_leaves_rows_other_than_seq_to_the_portable_body(
        tmp_path: Path, rng: np.random.Generator, emulated: None, d: int, seq: int, shape: tuple[int, ...]) -> None:
    """q, k, v whose rows (or columns) are not the call's `seq` (or head dim), at lengths the kernel's `where`
    accepts: the portable body reads them as flat memory, `len / (seq · d)` sequences of seq × d. The sm_90a
    body's TMA copies each sequence by the array's own rows, and trapped on them (`q.rows() != seq`), which
    on the GPU ends the CUDA context. Now its `where` (rows(q) == ... == seq, cols(q) == ... == d) refuses
    them before the launch and the kernel's own body runs the call, as on every other GPU: the same bits
    as the portable body here."""
    said, o, (q, k, v, portable) = attention_call(tmp_path, d, seq, False, shape, rng)
    assert said["outcome"] == "ran" and said["picked"] == "sm_90a", said  # no trap: the portable body ran it
    assert np.array_equal(o, portable)
    if seq:
        seqs = q.size // (seq * d)
        ref = attention64(*(widen(x).reshape(seqs, seq, d) for x in (q, k, v)), False, 1 / math.sqrt(d))
        assert np.abs(widen(o).reshape(seqs, seq, d) - ref).max() <= 2.0**-6 * np.abs(widen(v)).max()
    else:
        assert (o == NAN_BF16).all()  # seq 0: no row to write (grid 0), on every body


# ---------------------------------------------------------------- grouped-query attention (GQA, MQA)


def gqa_call(tmp_path: Path, d: int, seq: int, causal: bool, batch: int, heads: int, kv_heads: int,
             rng: np.random.Generator) -> tuple[dict[str, Any], np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
    """`attention_fwd_d{d}` with q, o of shape (batch, heads, seq, d) and k, v of (batch, kv_heads, seq, d):
    under sm_90a (what `hopper` said, and o) and by the portable body emulated here (its o), and q, k, v."""
    q = to_bf16(rng.standard_normal((batch, heads, seq, d)))
    k, v = (to_bf16(rng.standard_normal((batch, kv_heads, seq, d))) for _ in range(2))
    o = np.full(q.shape, NAN_BF16, np.uint16)
    args = [("int", seq), ("int", int(causal)), ("float", 1 / math.sqrt(d)), ("bf16", "q"), ("bf16", "k"),
            ("bf16", "v"), ("bf16", "o")]
    said, out = hopper(tmp_path, f"attention_fwd_d{d}", args, {"q": q, "k": k, "v": v, "o": o})
    portable = np.full(q.shape, NAN_BF16, np.uint16)
    getattr(kernels, f"attention_fwd_d{d}")(seq, int(causal), 1 / math.sqrt(d), BFloat16(q), BFloat16(k),
                                            BFloat16(v), BFloat16(portable))
    return said, out["o"], portable, (q, k, v)


@pytest.mark.parametrize(("d", "seq", "causal", "batch", "heads", "kv_heads"), [
    (64, 1, False, 2, 4, 2),  # one row: a tile of 128 (and of 64) rows holding one
    (128, 127, True, 1, 4, 1),  # MQA: every query head reads the one k/v head
    (64, 300, True, 2, 4, 2),  # 300 rows: 3 tiles of 128, the last ragged
    (128, 300, False, 1, 6, 3),
])
def test_gqa_matches_torch_sdpa_in_float64(tmp_path: Path, rng: np.random.Generator, emulated: None, d: int,
                                           seq: int, causal: bool, batch: int, heads: int, kv_heads: int) -> None:
    """Fewer k/v heads than query heads (GQA; MQA with one): query head h reads k/v head h / (heads / kv_heads),
    the group's size read from the arrays' lengths (the call is the same). The sm_90a body (TMA, `wgmma`) runs
    the call, and so does the portable one here; every element of o written, each within a few bf16 ulps of
    max |v| of PyTorch's `F.scaled_dot_product_attention(..., enable_gqa=True)` in float64 on the same bf16
    inputs (p is rounded to bf16 before p·v, o at the end)."""
    torch = pytest.importorskip("torch", reason="the GQA reference is PyTorch's SDPA (CI installs the CPU build)")
    said, o, portable, (q, k, v) = gqa_call(tmp_path, d, seq, causal, batch, heads, kv_heads, rng)
    assert said == {"outcome": "ran", "picked": "sm_90a", "refusals": 0}, said
    q64, k64, v64 = (torch.from_numpy(widen(x)) for x in (q, k, v))
    ref = torch.nn.functional.scaled_dot_product_attention(q64, k64, v64, is_causal=causal, scale=1 / math.sqrt(d),
                                                           enable_gqa=True).numpy()
    bound = 2.0**-6 * np.abs(widen(v)).max()
    for got in (widen(o), widen(portable)):
        assert not np.isnan(got).any(), "an element of o was never written"
        assert np.abs(got - ref).max() <= bound
    # the grouping, not only the bound: each query head's o is that of its own k/v head, which another
    # head's k/v would miss by far more than the rounding
    if kv_heads > 1:
        wrong = torch.nn.functional.scaled_dot_product_attention(
            q64, k64.roll(1, dims=1).repeat_interleave(heads // kv_heads, dim=1),
            v64.roll(1, dims=1).repeat_interleave(heads // kv_heads, dim=1), is_causal=causal,
            scale=1 / math.sqrt(d)).numpy()
        assert np.abs(widen(o) - wrong).max() > 8 * np.abs(widen(o) - ref).max()


@pytest.mark.parametrize(("heads", "kv_heads", "requirement"), [
    (3, 2, "len(o) % max(len(k), 1) == 0"),  # heads not a multiple of kv_heads
    (2, 4, "len(o) % max(len(k), 1) == 0"),  # more k/v heads than query heads
])
def test_gqa_heads_not_a_multiple_of_kv_heads_are_refused_in_one_line(
        tmp_path: Path, rng: np.random.Generator, emulated: None, heads: int, kv_heads: int, requirement: str) -> None:
    """Query heads that k/v heads do not divide: refused before the launch, by both bodies, in one line that
    names the requirement and the lengths (the device code traps on them too); o untouched."""
    d, seq = 64, 70
    q = to_bf16(rng.standard_normal((1, heads, seq, d)))
    k, v = (to_bf16(rng.standard_normal((1, kv_heads, seq, d))) for _ in range(2))
    o = np.full(q.shape, NAN_BF16, np.uint16)
    args = [("int", seq), ("int", 0), ("float", 0.125), ("bf16", "q"), ("bf16", "k"), ("bf16", "v"), ("bf16", "o")]
    said, out = hopper(tmp_path, "attention_fwd_d64", args, {"q": q, "k": k, "v": v, "o": o})
    line = (f"KernelValueError: attention_fwd_d64(): requirement `{requirement}` failed: "
            f"len(o) = {q.size}, len(k) = {k.size}")
    assert said["outcome"] == line, said
    assert (out["o"] == NAN_BF16).all()
    with pytest.raises(kernels.KernelValueError) as err:
        kernels.attention_fwd_d64(seq, 0, 0.125, BFloat16(q), BFloat16(k), BFloat16(v), BFloat16(o))
    assert str(err.value) == line.removeprefix("KernelValueError: ") and "\n" not in str(err.value)


def test_gqa_k_and_v_of_other_lengths_are_refused_in_one_line(tmp_path: Path, rng: np.random.Generator,
                                                             emulated: None) -> None:
    """v with another number of heads than k, and k not a whole number of seq × d sequences: refused before
    the launch, in one line each."""
    d, seq = 64, 40
    q = to_bf16(rng.standard_normal((1, 4, seq, d)))
    o = np.full(q.shape, NAN_BF16, np.uint16)
    k2, v1 = to_bf16(rng.standard_normal((1, 2, seq, d))), to_bf16(rng.standard_normal((1, 1, seq, d)))
    with pytest.raises(kernels.KernelValueError, match=r"requirement `len\(v\) == len\(k\)` failed"):
        kernels.attention_fwd_d64(seq, 0, 0.125, BFloat16(q), BFloat16(k2), BFloat16(v1), BFloat16(o))
    ragged = to_bf16(rng.standard_normal(seq * d + 64))
    with pytest.raises(kernels.KernelValueError, match=r"requirement `len\(k\) % max\(seq \* 64, 1\) == 0` failed"):
        kernels.attention_fwd_d64(seq, 0, 0.125, BFloat16(q), BFloat16(ragged), BFloat16(ragged), BFloat16(o))
    assert (o == NAN_BF16).all()
