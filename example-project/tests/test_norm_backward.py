"""The norms' forward and backward kernels (`kernels/norm.rs`), emulated on the CPU, against NumPy.

LayerNorm and RMSNorm, float32 and bfloat16: each forward and each backward pass against a float64
reference of the same inputs, at row lengths that are and are not multiples of a 16-byte chunk (1,
7, 64, 768, and 4100: past the register path), for 1, 3 and 257 rows (one block of the backward's 8
rows, a partial one, many). The backward kernels are called as autograd will call them, by name:
each takes forward inputs and outputs by their names, the gradient of a forward output `out` as
`dout`, and the outputs of the backward kernels before it; its outputs `d<input>` are the gradients
of the forward's inputs, of their dtype and element count. Runs in oxpack's CI through
`tests/test_emulation.py`, on a build with emulation (`oxpack build --emulation`).

Tolerances, per element, against the float64 reference `ref` of the same (rounded) inputs:
float32 outputs within `F32_TOL · max|ref|` (1e-5: float32 sums over up to 4100 values and 257
rows); bfloat16 outputs within one bfloat16 rounding, `2^-8 · |ref|`, plus the same float32 bound.
The f32 statistics (mean, rstd) of either dtype within `F32_TOL · max|ref|`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hostarrays import BFloat16, rng, to_bf16  # noqa: F401  (rng: the fixture)
from vecmath import kernels
from vecmath._oxpack.runtime import KernelValueError

SUPPORT = Path(kernels.__file__).parent / "_oxpack"
EMULATION = (SUPPORT / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not EMULATION, reason="built without emulation (oxpack build --emulation)")

F32_TOL = 1e-5
BF16_REL = 2.0**-8  # one rounding to bfloat16 (2^-9 relative), with room for the f32 work before it
COLS = [1, 7, 64, 768, 1030, 2048, 4100]  # 1030 and Llama's 2048: past the backward's registers (read twice)
ROWS = [1, 3, 257]
EPS = 1e-5

# forward kernel -> its backward kernels, in order (what `#[backward(...)]` will name)
BACKWARD = {
    "layernorm": ["layernorm_bwd", "layernorm_bwd_reduce"],
    "layernorm_block": ["layernorm_bwd", "layernorm_bwd_reduce"],
    "layernorm_bf16": ["layernorm_bf16_bwd", "layernorm_bf16_bwd_reduce"],
    "rmsnorm_f32": ["rmsnorm_f32_bwd", "rmsnorm_f32_bwd_reduce"],
    "rmsnorm_bf16": ["rmsnorm_bf16_bwd", "rmsnorm_bf16_bwd_reduce_halves"],
    "rmsnorm_bf16_warp": ["rmsnorm_bf16_bwd", "rmsnorm_bf16_bwd_reduce_halves"],
    # fused.rs's, whose weights' gradient ends in the column sums above (their runs: test_fused_glu.py)
    "fused_add_rmsnorm_f32": ["fused_add_rmsnorm_f32_bwd", "rmsnorm_f32_bwd_reduce"],
    "fused_add_rmsnorm_bf16": ["fused_add_rmsnorm_bf16_bwd", "rmsnorm_bf16_bwd_reduce_halves"],
}


@pytest.fixture(autouse=True)
def emulated() -> Iterator[None]:
    with kernels.emulation():
        yield


# ---------------------------------------------------------------- bfloat16 on the host


def bf16(x: np.ndarray) -> BFloat16:
    """`x` rounded to bfloat16 (to nearest even)."""
    return BFloat16(to_bf16(np.ascontiguousarray(x, dtype=np.float32)))


def wide(a: Any) -> np.ndarray:
    """An array the kernels take or return (NumPy float32, or `BFloat16`), in float64."""
    return a.wide() if isinstance(a, BFloat16) else np.asarray(a, dtype=np.float64)


def raw(a: Any) -> bytes:
    return (a.bits if isinstance(a, BFloat16) else a).tobytes()


# ---------------------------------------------------------------- calls by name, as autograd makes them

MANIFEST = json.loads((SUPPORT / "kernels.json").read_text()) if EMULATION else {"kernels": {}}


def params(kernel: str) -> list[dict[str, str]]:
    """The kernel's Python parameters (its launch index left out), in order."""
    return [p for p in MANIFEST["kernels"][kernel]["params"] if p["kind"] != "index"]


def _dims(expr: str, values: dict[str, Any]) -> tuple[int, ...]:
    """A declared output's dims, `(len(x) // len(weight), len(weight))`, for these arguments."""
    scope = {"len": lambda a: a.size, "cdiv": lambda a, b: -(-a // b), **values}
    dims = eval(expr, {"__builtins__": {}}, scope)  # the manifest's own text: integers, len, cdiv, // and *
    return dims if isinstance(dims, tuple) else (dims,)


def call(kernel: str, values: dict[str, Any]) -> dict[str, Any]:
    """`kernel` called on its inputs taken by name from `values`, every output made here (poisoned:
    a value the kernel does not write shows) and passed; its outputs by name."""
    args: list[Any] = []
    outs: dict[str, Any] = {}
    for p in params(kernel):
        if p["kind"] != "out":
            args.append(values[p["name"]])
            continue
        dims = _dims(MANIFEST["kernels"][kernel]["outputs"][p["name"]], values)
        if p["dtype"] == "bfloat16":
            out: Any = BFloat16(np.full(dims, 0x7FC1, np.uint16))  # a NaN
        else:
            out = np.full(dims, np.nan, np.dtype(p["dtype"]))
        outs[p["name"]] = out
        args.append(out)
    returned = getattr(kernels, kernel)(*args)
    returned = returned if isinstance(returned, tuple) else (returned,)
    assert all(r is o for r, o in zip(returned, outs.values(), strict=True)), kernel
    return outs


def backward(forward: str, values: dict[str, Any], grads: dict[str, Any]) -> dict[str, Any]:
    """The forward's backward kernels run in turn, each on the arguments its parameters name: a
    forward argument or output (`values`), `d<out>` the gradient of forward output `out`
    (`grads`), an output of a backward kernel before it. Returns every backward output by name."""
    known = {**values, **{f"d{name}": g for name, g in grads.items()}}
    made: dict[str, Any] = {}
    for kernel in BACKWARD[forward]:
        outs = call(kernel, {**known, **made})
        made.update(outs)
    return made


def forward_and_backward(forward: str, values: dict[str, Any], dout: Any,
                         ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The forward on `values` (its inputs by name), then its backward with `dout` the gradient of its
    output `out` (its other outputs, mean and rstd, have no gradient: they are not inputs of the
    backward kernels as `dmean`, `drstd`)."""
    outs = call(forward, values)
    grads = backward(forward, {**values, **outs}, {"out": dout})
    return outs, grads


# ---------------------------------------------------------------- float64 references


def ln_ref(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """LayerNorm forward (biased variance): out, mean, rstd."""
    mean = x.mean(axis=1)
    rstd = 1.0 / np.sqrt(((x - mean[:, None]) ** 2).mean(axis=1) + eps)
    return (x - mean[:, None]) * rstd[:, None] * w + b, mean, rstd


def ln_bwd_ref(dout: np.ndarray, x: np.ndarray, w: np.ndarray, mean: np.ndarray, rstd: np.ndarray,
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """llm.c's layernorm_backward (written, not added to): dx, dweight, dbias."""
    xhat = (x - mean[:, None]) * rstd[:, None]
    g = dout * w
    dx = (g - g.mean(axis=1, keepdims=True) - xhat * (g * xhat).mean(axis=1, keepdims=True)) * rstd[:, None]
    return dx, (dout * xhat).sum(axis=0), dout.sum(axis=0)


def rms_ref(x: np.ndarray, w: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """RMSNorm forward: out, rstd."""
    rstd = 1.0 / np.sqrt((x * x).mean(axis=1) + eps)
    return x * rstd[:, None] * w, rstd


def rms_bwd_ref(dout: np.ndarray, x: np.ndarray, w: np.ndarray, rstd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """RMSNorm backward: dx, dweight."""
    xhat = x * rstd[:, None]
    g = dout * w
    return (g - xhat * (g * xhat).mean(axis=1, keepdims=True)) * rstd[:, None], (dout * xhat).sum(axis=0)


def check(name: str, got: Any, ref: np.ndarray, terms: np.ndarray | None = None) -> None:
    """`got` (float32 or bfloat16) against its float64 reference, within the module's tolerances;
    `terms`, where the result is a difference of larger terms (dx), is their size: the float32 bound
    is relative to it (RMSNorm's dx of a row of one value is a difference of two near-equal terms)."""
    values = wide(got).reshape(ref.shape)
    assert np.all(np.isfinite(values)), f"{name}: not every element written"
    scale = max(float(np.max(np.abs(ref if terms is None else terms))), float(np.max(np.abs(ref))), 1e-30)
    bound = F32_TOL * scale + (BF16_REL * np.abs(ref) if isinstance(got, BFloat16) else 0.0)
    err = np.abs(values - ref)
    worst = int(np.argmax(err - bound))
    assert np.all(err <= bound), (f"{name}: element {np.unravel_index(worst, ref.shape)} is {values.flat[worst]}, "
                                  f"the reference {ref.flat[worst]} (error {err.flat[worst]:.3g}, bound "
                                  f"{np.broadcast_to(bound, ref.shape).flat[worst]:.3g})")


def data(rng: np.random.Generator, rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """x (offset from zero, as activations are: LayerNorm's centring matters), weight, bias, dout."""
    x = (rng.standard_normal((rows, cols)) * 2 + 0.5).astype(np.float32)
    w = (rng.standard_normal(cols) * 0.5 + 1).astype(np.float32)
    b = rng.standard_normal(cols).astype(np.float32)
    dout = rng.standard_normal((rows, cols)).astype(np.float32)
    return x, w, b, dout


# ---------------------------------------------------------------- LayerNorm


@pytest.mark.parametrize("forward", ["layernorm", "layernorm_block"])
@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("cols", COLS)
def test_layernorm_f32_forward_and_backward(rng: np.random.Generator, forward: str, rows: int, cols: int) -> None:
    x, w, b, dout = data(rng, rows, cols)
    outs, grads = forward_and_backward(forward, {"x": x, "weight": w, "bias": b}, dout)
    ref, mean, rstd = ln_ref(wide(x), wide(w), wide(b), 1e-5)
    check("out", outs["out"], ref)
    check("mean", outs["mean"], mean)
    check("rstd", outs["rstd"], rstd)
    # the backward against the reference on the forward's own (float32) mean and rstd
    dx, dw, db = ln_bwd_ref(wide(dout), wide(x), wide(w), wide(outs["mean"]), wide(outs["rstd"]))
    check("dx", grads["dx"], dx, wide(dout) * wide(w) * wide(outs["rstd"])[:, None])
    check("dweight", grads["dweight"], dw)
    check("dbias", grads["dbias"], db)


@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("cols", COLS)
def test_layernorm_bf16_forward_and_backward(rng: np.random.Generator, rows: int, cols: int) -> None:
    x32, w32, b32, d32 = data(rng, rows, cols)
    x, w, b, dout = bf16(x32), bf16(w32), bf16(b32), bf16(d32)
    outs, grads = forward_and_backward("layernorm_bf16", {"eps": EPS, "x": x, "weight": w, "bias": b}, dout)
    xs = wide(x).reshape(rows, cols)
    ref, mean, rstd = ln_ref(xs, wide(w), wide(b), EPS)
    check("out", outs["out"], ref)
    check("mean", outs["mean"], mean)
    check("rstd", outs["rstd"], rstd)
    ds = wide(dout).reshape(rows, cols)
    dx, dw, db = ln_bwd_ref(ds, xs, wide(w), wide(outs["mean"]), wide(outs["rstd"]))
    check("dx", grads["dx"], dx, ds * wide(w) * wide(outs["rstd"])[:, None])
    check("dweight", grads["dweight"], dw)
    check("dbias", grads["dbias"], db)


# ---------------------------------------------------------------- RMSNorm


@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("cols", COLS)
def test_rmsnorm_f32_forward_and_backward(rng: np.random.Generator, rows: int, cols: int) -> None:
    x, w, _, dout = data(rng, rows, cols)
    outs, grads = forward_and_backward("rmsnorm_f32", {"eps": EPS, "x": x, "weight": w}, dout)
    ref, rstd = rms_ref(wide(x), wide(w), EPS)
    check("out", outs["out"], ref)
    check("rstd", outs["rstd"], rstd)
    dx, dw = rms_bwd_ref(wide(dout), wide(x), wide(w), wide(outs["rstd"]))
    check("dx", grads["dx"], dx, wide(dout) * wide(w) * wide(outs["rstd"])[:, None])
    check("dweight", grads["dweight"], dw)


@pytest.mark.parametrize("forward", ["rmsnorm_bf16", "rmsnorm_bf16_warp"])
@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("cols", COLS)
def test_rmsnorm_bf16_forward_and_backward(rng: np.random.Generator, forward: str, rows: int, cols: int) -> None:
    x32, w32, _, d32 = data(rng, rows, cols)
    x, w, dout = bf16(x32), bf16(w32), bf16(d32)
    outs, grads = forward_and_backward(forward, {"eps": EPS, "x": x, "weight": w}, dout)
    xs = wide(x).reshape(rows, cols)
    ref, rstd = rms_ref(xs, wide(w), EPS)
    check("out", outs["out"], ref)
    check("rstd", outs["rstd"], rstd)
    ds = wide(dout).reshape(rows, cols)
    dx, dw = rms_bwd_ref(ds, xs, wide(w), wide(outs["rstd"]))
    check("dx", grads["dx"], dx, ds * wide(w) * wide(outs["rstd"])[:, None])
    check("dweight", grads["dweight"], dw)


@pytest.mark.parametrize("dtype", ["f32", "bf16"])
@pytest.mark.parametrize("cols", [7, 768, 2048, 4100])
def test_rmsnorm_backward_at_every_block(rng: np.random.Generator, dtype: str, cols: int) -> None:
    """`rmsnorm_{f32,bf16}_bwd` compute dx and the weights' column sums a block per 16 rows at the block the
    call or the tuning gives (its candidates 128 and 256, and sizes of partial warps), and the reduce adds the
    partial rows up: dx and dweight within the tolerances at each. A row past a thread's one chunk (4 or 8 ·
    block channels) is read twice for dx and its sums read again; 37 rows are two whole groups and one of 5."""
    rows = 37
    x32, w32, _, d32 = data(rng, rows, cols)
    cast = bf16 if dtype == "bf16" else (lambda a: a)
    x, w, dout = cast(x32), cast(w32), cast(d32)
    rstd = call(f"rmsnorm_{dtype}", {"eps": EPS, "x": x, "weight": w})["rstd"]
    xs, ds = wide(x).reshape(rows, cols), wide(dout).reshape(rows, cols)
    ref, dw_ref = rms_bwd_ref(ds, xs, wide(w), wide(rstd))
    groups = -(-rows // 16)
    for block in (33, 100, 128, 256):
        if dtype == "bf16":
            dx, dw = BFloat16(np.full(rows * cols, 0x7FC1, np.uint16)), BFloat16(np.full(cols, 0x7FC1, np.uint16))
            lo, hi = (np.full(groups * 4 * -(-cols // 8), np.nan, np.float32) for _ in range(2))
            kernels.rmsnorm_bf16_bwd(dout, x, w, rstd, dx, lo, hi, block=block)
            kernels.rmsnorm_bf16_bwd_reduce_halves(w, lo, hi, dw)
        else:
            dx, dw = np.full(rows * cols, np.nan, np.float32), np.full(cols, np.nan, np.float32)
            partial = np.full(groups * cols, np.nan, np.float32)
            kernels.rmsnorm_f32_bwd(dout, x, w, rstd, dx, partial, block=block)
            kernels.rmsnorm_f32_bwd_reduce(w, partial, dw)
        check(f"dx at block {block}", dx, ref, ds * wide(w) * wide(rstd)[:, None])
        check(f"dweight at block {block}", dw, dw_ref)


@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("cols", COLS)
def test_rmsnorm_bf16_siblings_give_the_same_bits(rng: np.random.Generator, rows: int, cols: int) -> None:
    """`rmsnorm_bf16_two_pass` and `rmsnorm_bf16_one_chunk`, which `rmsnorm_bf16`'s tuning weighs
    (`#[tune(kernels = [...])]`), compute what `rmsnorm_bf16` does, bit for bit, at every block of either:
    the squares folded in the same order with the same fused multiply-adds, then the same scaling."""
    x32, w32, _, _ = data(rng, rows, cols)
    x, w = bf16(x32), bf16(w32)
    for block in (128, 256, 512):
        got = set()
        # the one-chunk sibling takes rows of at most 8 · block (its `where`)
        chunk = (kernels.rmsnorm_bf16_one_chunk,) if cols <= 8 * block else ()
        for kernel in (kernels.rmsnorm_bf16, kernels.rmsnorm_bf16_two_pass, *chunk):
            out, rstd = bf16(np.zeros(rows * cols, np.float32)), np.zeros(rows, np.float32)
            kernel(EPS, x, w, out, rstd, block=block)
            got.add((raw(out), raw(rstd)))
        assert len(got) == 1, block


@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("cols", [1, 7, 64, 768, 1030, 2048])
def test_rmsnorm_bf16_warp_wide_gives_the_warp_kernels_bits(rng: np.random.Generator, rows: int, cols: int) -> None:
    """`rmsnorm_bf16_warp_wide`, which `rmsnorm_bf16`'s tuning weighs, holds eight chunks of a row a lane where
    `rmsnorm_bf16_warp` holds four (a longer row: two passes, its squares folded in the one-read order): for rows of
    up to 2,048 channels each lane folds the same values in the same order, so both write the same bits, at every
    block."""
    x32, w32, _, _ = data(rng, rows, cols)
    x, w = bf16(x32), bf16(w32)
    for block in (64, 256, 512):
        got = set()
        for kernel in (kernels.rmsnorm_bf16_warp, kernels.rmsnorm_bf16_warp_wide):
            out, rstd = bf16(np.zeros(rows * cols, np.float32)), np.zeros(rows, np.float32)
            kernel(EPS, x, w, out, rstd, block=block)
            got.add((raw(out), raw(rstd)))
        assert len(got) == 1, block
    ref, rstd_ref = rms_ref(wide(x).reshape(rows, cols), wide(w), EPS)  # and both are RMSNorm
    check("out", out, ref)
    check("rstd", rstd, rstd_ref)


def test_rmsnorm_bf16_warp_wide_refuses_rows_past_its_registers(rng: np.random.Generator) -> None:
    """A row of more than 2,048 channels is refused before the launch, in one line naming the requirement (the
    tuning of `rmsnorm_bf16` skips the kernel there)."""
    x32, w32, _, _ = data(rng, 2, 2056)
    out, rstd = bf16(np.zeros(2 * 2056, np.float32)), np.zeros(2, np.float32)
    with pytest.raises(KernelValueError, match=r"requirement `len\(weight\) <= 2048` failed"):
        kernels.rmsnorm_bf16_warp_wide(EPS, bf16(x32), bf16(w32), out, rstd, block=256)


def test_rmsnorm_bf16_one_chunk_refuses_longer_rows_and_partial_warps(rng: np.random.Generator) -> None:
    """`rmsnorm_bf16_one_chunk` holds one chunk of 8 a thread: a row longer than 8 · block, or a block of a
    partial warp (whose lanes hold fewer chunks), is refused before the launch, in one line naming the
    requirement; the tuning of `rmsnorm_bf16` skips such a block."""
    x32, w32, _, _ = data(rng, 2, 4100)
    x, w = bf16(x32), bf16(w32)
    out, rstd = bf16(np.zeros(2 * 4100, np.float32)), np.zeros(2, np.float32)
    with pytest.raises(KernelValueError, match=r"requirement `len\(weight\) <= 8 \* block` failed"):
        kernels.rmsnorm_bf16_one_chunk(EPS, x, w, out, rstd, block=512)
    with pytest.raises(KernelValueError, match=r"requirement `block % 32 == 0` failed"):
        kernels.rmsnorm_bf16_one_chunk(EPS, bf16(x32[:, :64].copy()), bf16(w32[:64].copy()),
                                       bf16(np.zeros(2 * 64, np.float32)), rstd, block=48)


@pytest.mark.parametrize("forward", ["rmsnorm_bf16", "fused_add_rmsnorm_bf16"])
@pytest.mark.parametrize("terms", [2, 3])
@pytest.mark.parametrize("rows", [3, 37])
@pytest.mark.parametrize("cols", [7, 768, 4100])
def test_a_summed_gradients_kernel_gives_the_bits_of_the_add_then_the_step(
        rng: np.random.Generator, forward: str, terms: int, rows: int, cols: int) -> None:
    """`<step>_sum2` and `_sum3` (the `dout = ...` items of the forward's `#[backward]`), given the terms of
    `dout`, write dx and the weights' partial rows with the bits of the step itself given `dout` added as
    PyTorch adds bfloat16 tensors (left to right, each sum rounded to bfloat16): rows held in registers (768),
    rows read twice (4100: past a thread's chunk at every block), and rows that are no whole chunks (7)."""
    step = BACKWARD[forward][0]
    x32, w32, _, _ = data(rng, rows, cols)
    x, w = bf16(x32), bf16(w32)
    parts = [bf16(rng.standard_normal((rows, cols)).astype(np.float32)) for _ in range(terms)]
    total = parts[0]
    for part in parts[1:]:  # torch's add of two bfloat16 tensors: the f32 sum, rounded once
        total = bf16(total.wide().astype(np.float32) + part.wide().astype(np.float32))
    values: dict[str, Any] = {"eps": EPS, "x": x, "weight": w, "residual": bf16(x32[::-1].copy())}
    made = call(forward, values)
    values.update(made)
    values["dresidual_out"] = bf16(rng.standard_normal((rows, cols)).astype(np.float32))
    want = call(step, {**values, "dout": total})
    got = call(f"{step}_sum{terms}", {**values, "dout": parts[0], **{f"dout_{t}": parts[t] for t in range(1, terms)}})
    assert sorted(got) == sorted(want)
    for name in want:
        assert raw(got[name]) == raw(want[name]), name


# ---------------------------------------------------------------- the contract and the calls


@pytest.mark.parametrize("forward", sorted(BACKWARD))
def test_backward_kernels_follow_the_naming_contract(forward: str) -> None:
    """Every backward kernel declares its launch and all its outputs (callable on its inputs alone);
    each parameter names a forward argument or output, `d<out>` of a forward output, or an output
    of an earlier backward kernel; `d<input>` outputs have the input's dtype, and a declared length
    that is the input's (checked by the runs above: here the dtype), and every forward input array
    gets its gradient, from a backward kernel or from a `d<y> = d<x>` of the forward's `#[backward]`."""
    fwd = {p["name"]: p for p in params(forward)}
    assert MANIFEST["kernels"][forward].get("launch"), forward
    fwd_outs = [n for n, p in fwd.items() if p["kind"] == "out"]
    assert sorted(MANIFEST["kernels"][forward]["outputs"]) == sorted(fwd_outs), forward
    known = {**fwd, **{f"d{n}": fwd[n] for n in fwd_outs}}
    grads = set()
    for kernel in BACKWARD[forward]:
        spec = MANIFEST["kernels"][kernel]
        assert spec.get("launch"), kernel
        outs = [p for p in params(kernel) if p["kind"] == "out"]
        assert sorted(spec["outputs"]) == sorted(p["name"] for p in outs), kernel
        for p in params(kernel):
            if p["kind"] == "out":
                continue
            assert p["name"] in known, f"{kernel}: parameter `{p['name']}` names nothing of {forward}"
            assert known[p["name"]]["dtype"] == p["dtype"], (kernel, p["name"])
        for p in outs:
            name = p["name"]
            if name.startswith("d") and fwd.get(name[1:], {}).get("kind") == "in":
                assert p["dtype"] == fwd[name[1:]]["dtype"], (kernel, name)
                grads.add(name[1:])
            known[name] = p
    declared = MANIFEST["kernels"][forward]["backward"]
    assert [k for k in declared if "=" not in k] == BACKWARD[forward], forward
    for item in (k for k in declared if "=" in k and k.split("=")[0].removeprefix("d") in fwd_outs):
        # `dout = <step>_sum2`: the first step with the sum's further terms after `dout` (their runs: above)
        got, step = [p["name"] for p in params(item.split("=")[1])], [p["name"] for p in params(BACKWARD[forward][0])]
        at = step.index(item.split("=")[0])
        extra = len(got) - len(step)
        assert extra >= 1 and got[:at + 1] == step[:at + 1] and got[at + 1 + extra:] == step[at + 1:], item
    for same in (k for k in declared if "=" in k and k.split("=")[0].removeprefix("d") not in fwd_outs):
        y, x = (n.removeprefix("d") for n in same.split("="))  # `dresidual = dx`: one gradient for two inputs
        assert x in grads and fwd[y]["kind"] == "in" and fwd[y]["dtype"] == fwd[x]["dtype"], (forward, same)
        grads.add(y)
    assert grads == {n for n, p in fwd.items() if p["kind"] == "in"}, forward


def test_the_kernels_return_their_outputs_when_called_on_inputs_alone(rng: np.random.Generator) -> None:
    """The float32 kernels called with their inputs only (NumPy makes the outputs) return what the calls
    with every output passed write, with the dims they declare (dx that of x, dweight that of weight)."""
    x, w, b, dout = data(rng, 19, 37)
    for forward, values in (("layernorm", {"x": x, "weight": w, "bias": b}),
                            ("rmsnorm_f32", {"eps": EPS, "x": x, "weight": w})):
        outs, grads = forward_and_backward(forward, values, dout)
        made = getattr(kernels, forward)(*values.values())
        assert [raw(a) for a in made] == [raw(a) for a in outs.values()], forward
        pool: dict[str, Any] = {**values, **outs, "dout": dout}
        for kernel in BACKWARD[forward]:
            returned = getattr(kernels, kernel)(*(pool[p["name"]] for p in params(kernel) if p["kind"] != "out"))
            returned = returned if isinstance(returned, tuple) else (returned,)
            pool.update(zip((p["name"] for p in params(kernel) if p["kind"] == "out"), returned, strict=True))
        assert {n: raw(pool[n]) for n in grads} == {n: raw(a) for n, a in grads.items()}, forward
        assert pool["dx"].shape == x.shape and pool["dweight"].shape == w.shape, forward


@pytest.mark.parametrize("forward", ["layernorm", "layernorm_bf16", "rmsnorm_f32", "rmsnorm_bf16"])
def test_the_backward_is_deterministic(rng: np.random.Generator, forward: str) -> None:
    """Two backward passes on the same inputs give the same bytes (no float atomics: the partial
    sums per block of rows and their column reduce add in a fixed order)."""
    x, w, b, dout = data(rng, 257, 4100)
    half = forward.endswith("bf16")
    conv: Callable[[np.ndarray], Any] = bf16 if half else (lambda a: a)
    values: dict[str, Any] = {"x": conv(x), "weight": conv(w)}
    if forward.startswith("layernorm"):
        values["bias"] = conv(b)
    if forward != "layernorm":
        values = {"eps": EPS, **values}
    outs = call(forward, values)
    first = backward(forward, {**values, **outs}, {"out": conv(dout)})
    second = backward(forward, {**values, **outs}, {"out": conv(dout)})
    assert {n: raw(a) for n, a in first.items()} == {n: raw(a) for n, a in second.items()}


def test_the_backward_refuses_mismatched_arguments_before_the_launch(rng: np.random.Generator) -> None:
    x, w, _, dout = data(rng, 4, 64)
    _, rstd = kernels.rmsnorm_f32(EPS, x, w)
    with pytest.raises(kernels.KernelValueError, match=r"rmsnorm_f32_bwd\(\): requirement `len\(dout\) == len\(x\)`"):
        kernels.rmsnorm_f32_bwd(dout[:3], x, w, rstd)
    with pytest.raises(kernels.KernelValueError, match=r"rmsnorm_f32_bwd_reduce\(\): requirement "
                                                       r"`len\(dweight_partial\) % len\(weight\) == 0`"):
        kernels.rmsnorm_f32_bwd_reduce(w, np.zeros(65, np.float32))
