"""The example's differentiable operators (`#[backward]`), on the GPU, or emulated on the CPU without one.

Every example kernel with a backward (RMSNorm and LayerNorm in f32 and bf16, the fused residual add +
RMSNorm in f32 and bf16, SwiGLU in f32 and bf16; `test_every_kernel_with_a_backward_is_here` holds the
list to the built module's) through its functional operator ``torch.ops.vecmath.<kernel>``: the
forward and every input's gradient against PyTorch's own ops in float64, at ragged sizes; gradcheck for
the f32 kernels (in f32, tolerances stated: no kernel computes in f64; the bf16 ones have an f32 twin each,
and bf16 has too few bits for finite differences), opcheck for every one,
``torch.compile(fullgraph=True)`` of forward and backward, Parameters under grad, no_grad and
inference_mode.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip("torch", reason="the operators' tests need PyTorch")

from vecmath import kernels  # noqa: E402

CUDA = torch.cuda.is_available()
EMULATION = (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not CUDA and not EMULATION,
                                reason="no GPU, and built without emulation (oxpack build --emulation)")

import vecmath.kernels_torch  # noqa: E402, F401  (torch.ops.vecmath.*)
from hostarrays import emulated_without_gpu  # noqa: E402, F401  (the fixture, autouse)
from vecmath import layers  # noqa: E402


ops = torch.ops.vecmath
DEVICE = torch.device("cuda" if CUDA else "cpu")
F = torch.nn.functional


@pytest.fixture(autouse=True)
def _seeded() -> None:
    torch.manual_seed(21)


def _rms(x: Any, w: Any, eps: float) -> Any:
    x = x.double()
    return x * torch.rsqrt(x.square().mean(-1, keepdim=True) + eps) * w.double()


def _ln(x: Any, w: Any, b: Any, eps: float) -> Any:
    return F.layer_norm(x.double(), (x.shape[-1],), w.double(), b.double(), eps)


def _swiglu(g: Any, u: Any) -> Any:
    return F.silu(g.double()) * u.double()


# (name, dtype, the operator's call on (inputs...), the float64 reference, the inputs' shapes given (rows, C))
CASES: list[tuple[str, Any, Callable[..., Any], Callable[..., Any], Callable[[int, int], list[tuple[int, ...]]]]] = [
    ("rmsnorm_f32", "float32", lambda x, w: ops.rmsnorm_f32(1e-5, x, w)[0], lambda x, w: _rms(x, w, 1e-5),
     lambda r, c: [(r, c), (c,)]),
    ("rmsnorm_bf16", "bfloat16", lambda x, w: ops.rmsnorm_bf16(1e-5, x, w)[0], lambda x, w: _rms(x, w, 1e-5),
     lambda r, c: [(r, c), (c,)]),
    ("rmsnorm_bf16_warp", "bfloat16", lambda x, w: ops.rmsnorm_bf16_warp(1e-5, x, w)[0],
     lambda x, w: _rms(x, w, 1e-5), lambda r, c: [(r, c), (c,)]),
    ("layernorm", "float32", lambda x, w, b: ops.layernorm(x, w, b)[0], lambda x, w, b: _ln(x, w, b, 1e-5),
     lambda r, c: [(r, c), (c,), (c,)]),
    ("layernorm_block", "float32", lambda x, w, b: ops.layernorm_block(x, w, b)[0],
     lambda x, w, b: _ln(x, w, b, 1e-5), lambda r, c: [(r, c), (c,), (c,)]),
    ("layernorm_bf16", "bfloat16", lambda x, w, b: ops.layernorm_bf16(1e-5, x, w, b)[0],
     lambda x, w, b: _ln(x, w, b, 1e-5), lambda r, c: [(r, c), (c,), (c,)]),
    ("fused_add_rmsnorm_bf16", "bfloat16", lambda x, r, w: ops.fused_add_rmsnorm_bf16(1e-5, x, r, w)[:2],
     lambda x, r, w: (_rms(x.double() + r.double(), w, 1e-5), x.double() + r.double()),
     lambda r, c: [(r, c), (r, c), (c,)]),
    ("fused_add_rmsnorm_f32", "float32", lambda x, r, w: ops.fused_add_rmsnorm_f32(1e-5, x, r, w)[:2],
     lambda x, r, w: (_rms(x.double() + r.double(), w, 1e-5), x.double() + r.double()),
     lambda r, c: [(r, c), (r, c), (c,)]),
    ("swiglu_f32", "float32", lambda g, u: ops.swiglu_f32(g, u), _swiglu, lambda r, c: [(r * c,), (r * c,)]),
    ("swiglu_bf16", "bfloat16", lambda g, u: ops.swiglu_bf16(g, u), _swiglu, lambda r, c: [(r * c,), (r * c,)]),
]
SHAPES = [(1, 7), (3, 64), (257, 768), (33, 4100)]


def _inputs(dtype: str, shapes: list[tuple[int, ...]]) -> list[Any]:
    out = []
    for n, shape in enumerate(shapes):
        t = torch.randn(shape, device=DEVICE, dtype=getattr(torch, dtype))
        if n > 0 and len(shape) == 1:  # weights and biases away from 0 and 1
            t = 1 + 0.3 * t
        out.append(t.requires_grad_())
    return out


def _tuple(x: Any) -> tuple[Any, ...]:
    return x if isinstance(x, tuple) else (x,)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_forward_and_gradients_match_float64(case: Any, shape: tuple[int, int]) -> None:
    name, dtype, call, reference, shapes = case
    inputs = _inputs(dtype, shapes(*shape))
    outs = _tuple(call(*inputs))
    weights = [torch.randn_like(o) for o in outs]
    sum(((o.float() * w.float()).sum() for o, w in zip(outs, weights, strict=True)), torch.zeros((), device=DEVICE)).backward()
    mine = [t.grad.double() for t in inputs]
    twins = [t.detach().double().requires_grad_() for t in inputs]
    wants = _tuple(reference(*twins))
    sum(((o.reshape(w.shape) * w.double()).sum() for o, w in zip(wants, weights, strict=True))).backward()
    # f32: sums of a row's products (a few thousand terms); bf16: one rounding of each output and gradient
    rtol, atol = (1e-4, 1e-4) if dtype == "float32" else (2e-2, 2e-2)
    for o, w in zip(outs, wants, strict=True):
        torch.testing.assert_close(o.double(), w.reshape(o.shape), rtol=rtol, atol=atol)
    for n, (g, t) in enumerate(zip(mine, twins, strict=True)):
        scale = max(1.0, float(t.grad.abs().max()))  # a weight's gradient sums over every row
        torch.testing.assert_close(g / scale, t.grad / scale, rtol=rtol, atol=atol, msg=f"{name}: input {n}")


@pytest.mark.parametrize("case", [c for c in CASES if c[1] == "float32"], ids=lambda c: c[0])
def test_gradcheck_in_f32(case: Any) -> None:
    _name, _dtype, call, _reference, shapes = case
    inputs = [t.detach().requires_grad_() for t in _inputs("float32", shapes(3, 24))]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Input #", UserWarning)  # f32 inputs on purpose: no f64 kernel
        # finite differences of step 1e-2 in f32: within 5e-3 of the analytic gradient
        assert torch.autograd.gradcheck(lambda *a: call(*a), inputs, eps=1e-2, atol=5e-3, rtol=5e-3)


def test_every_kernel_with_a_backward_is_here() -> None:
    """CASES names every kernel of the built module that declares a `#[backward]` (so each gets the float64
    match and opcheck above), and every float32 one is gradchecked: a new differentiable kernel without
    these tests fails here."""
    manifest = json.loads((Path(kernels.__file__).parent / "_oxpack" / "kernels.json").read_text())
    differentiable = {name for name, spec in manifest["kernels"].items() if spec.get("backward")}
    assert {c[0] for c in CASES} == differentiable
    float32 = {name for name in differentiable
               if {p["dtype"] for p in manifest["kernels"][name]["params"] if p["kind"] == "in"} == {"float32"}}
    assert float32 == {c[0] for c in CASES if c[1] == "float32"}  # test_gradcheck_in_f32 runs on these


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_opcheck(case: Any) -> None:
    name, dtype, _call, _reference, shapes = case
    inputs = _inputs(dtype, shapes(5, 64))
    scalars = {"rmsnorm_f32": (1e-5,), "rmsnorm_bf16": (1e-5,), "rmsnorm_bf16_warp": (1e-5,), "layernorm_bf16": (1e-5,),
               "fused_add_rmsnorm_bf16": (1e-5,), "fused_add_rmsnorm_f32": (1e-5,)}.get(name, ())
    torch.library.opcheck(getattr(ops, name).default, (*scalars, *inputs))


class _Seen(torch.utils._python_dispatch.TorchDispatchMode):
    """Passes every call on, keeping the operators' names: an active mode makes each call dispatch below autograd."""

    def __init__(self) -> None:
        super().__init__()
        self.ops: list[str] = []

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        self.ops.append(str(func))
        return func(*args, **(kwargs or {}))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_an_eager_call_is_the_dispatched_call(case: Any) -> None:
    """An eager call on plain tensors runs the kernel from the operator's autograd kernel, skipping the
    redispatch below autograd (the host cost of a call); any other call redispatches. Both give the same
    outputs and gradients, bit for bit, and a dispatch mode still sees every operator, forward and backward,
    under grad and without: nothing it watches runs past it."""
    name, dtype, call, _reference, shapes = case
    inputs = _inputs(dtype, shapes(5, 64))
    manifest = json.loads((Path(kernels.__file__).parent / "_oxpack" / "kernels.json").read_text())
    bwd = [k for k in manifest["kernels"][name]["backward"] if "=" not in k]  # not `d<y> = d<x>`

    def run() -> tuple[Any, ...]:
        for t in inputs:
            t.grad = None
        outs = _tuple(call(*inputs))
        sum(o.float().square().sum() for o in outs).backward()
        return (*(o.detach() for o in outs), *(t.grad for t in inputs))

    eager = run()
    with _Seen() as seen:
        dispatched = run()
    for a, b in zip(eager, dispatched, strict=True):
        assert torch.equal(a, b)
    assert f"vecmath.{name}.default" in seen.ops and bwd and {f"vecmath.{k}.default" for k in bwd} <= set(seen.ops)
    with torch.no_grad(), _Seen() as seen:
        outs = _tuple(call(*inputs))
    assert seen.ops.count(f"vecmath.{name}.default") == 1 and not any(o.requires_grad for o in outs)
    meta = [torch.empty_like(t, device="meta").requires_grad_() for t in inputs]  # the fake implementation's
    outs = _tuple(call(*meta))
    assert [o.shape for o in outs] == [o.shape for o in eager[:len(outs)]] and all(o.is_meta for o in outs)


def test_parameters_under_every_mode_and_compiled() -> None:
    norm = layers.RMSNorm(2048, eps=1e-6, dtype=torch.bfloat16, device=DEVICE)
    x = torch.randn(4, 100, 2048, device=DEVICE, dtype=torch.bfloat16, requires_grad=True)
    want = _rms(x.detach(), norm.weight.detach(), 1e-6)
    torch.testing.assert_close(norm(x).double(), want, rtol=2e-2, atol=2e-2)
    with torch.no_grad():
        assert not norm(x).requires_grad
    with torch.inference_mode():
        torch.testing.assert_close(norm(x.detach()).double(), want, rtol=2e-2, atol=2e-2)
    torch._dynamo.reset()
    backend = "inductor" if CUDA else "aot_eager"  # the CPU's inductor compiles C++ for minutes: the GPU run covers it
    compiled = torch.compile(lambda t: layers.swiglu(norm(t), t).float().square().sum(), fullgraph=True,
                             backend=backend)
    for fn in (compiled, lambda t: layers.swiglu(norm(t), t).float().square().sum()):
        x.grad = norm.weight.grad = None
        fn(x).backward()
        if fn is compiled:
            first = (x.grad.clone(), norm.weight.grad.clone())
    torch.testing.assert_close(first[0], x.grad)
    torch.testing.assert_close(first[1], norm.weight.grad)


@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
def test_inductor_runs_each_operator_into_its_own_buffers() -> None:
    """Under Inductor every functional operator, forward and backward, becomes its ``.out`` overload run into
    buffers the compiled graph allocates (the runtime's decomposition through ``auto_functionalized``, which
    Inductor makes in place again: no copy), so a compiled call skips the functional operator's autograd
    wrapper and allocation on the host; outputs and gradients are those of the eager layers, bit for bit.
    Inductor on the CPU (small shapes: its C++ for the glue takes seconds) and on the GPU."""
    from torch._inductor.utils import run_and_get_code

    x = torch.randn(4, 64, device=DEVICE, dtype=torch.bfloat16, requires_grad=True)
    r = torch.randn(4, 64, device=DEVICE, dtype=torch.bfloat16)
    w = torch.nn.Parameter(torch.randn(64, device=DEVICE, dtype=torch.bfloat16))

    def f(x: Any, r: Any, w: Any) -> Any:
        out, total = layers.fused_add_rms_norm(x, r, w, 1e-5)
        return layers.swiglu(out, total) + layers.rms_norm(total, w, 1e-5)

    def step(fn: Callable[..., Any]) -> tuple[Any, ...]:
        x.grad = w.grad = None
        y = fn(x, r, w)
        y.float().square().sum().backward()
        return y.detach(), x.grad.clone(), w.grad.clone()

    torch._dynamo.reset()
    compiled = torch.compile(f, fullgraph=True, backend="inductor")
    got, codes = run_and_get_code(step, compiled)
    for want, have in zip(step(f), got, strict=True):
        assert torch.equal(want, have)
    code = "\n".join(codes)
    assert not re.findall(r"torch\.ops\.vecmath\.\w+\.default\(", code), code
    ran = set(re.findall(r"torch\.ops\.vecmath\.(\w+)\.out\(", code))
    assert ran == {"fused_add_rmsnorm_bf16", "swiglu_bf16", "rmsnorm_bf16", "fused_add_rmsnorm_bf16_bwd",
                   "swiglu_bf16_bwd", "rmsnorm_bf16_bwd", "rmsnorm_bf16_bwd_reduce_halves"}, ran
    assert "clone" not in code  # each output written in place, not copied out of a functional result


@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
@pytest.mark.parametrize("layer", ["rms_norm", "fused_add_rms_norm"])
@pytest.mark.parametrize("uses", [2, 3, 4])
def test_a_gradient_summed_from_several_uses_reaches_the_kernel_as_terms(layer: str, uses: int) -> None:
    """A norm whose output several projections read (a decoder layer's q, k and v; gate and up) gets the sum
    of their gradients. Under Inductor the backward kernel for summed gradients (`dout = <step>_sum2`,
    `_sum3` in the forward's `#[backward]`) reads the terms of that add itself, so no kernel of Inductor's
    adds them first (four uses: the first two added, then the three-term kernel). With two and three uses the
    outputs and gradients are eager's bit for bit (eager adds in bfloat16, left to right, as the kernels do;
    Inductor's own add would keep a three-term sum in f32); with four, Inductor computes the first two terms'
    sum in the GEMM that makes one of them (``addmm``, rounded once), so they are eager's within bfloat16's
    rounding."""
    from torch._inductor.utils import run_and_get_code

    x = torch.randn(16, 64, device=DEVICE, dtype=torch.bfloat16, requires_grad=True)
    r = torch.randn(16, 64, device=DEVICE, dtype=torch.bfloat16)
    w = torch.nn.Parameter(torch.randn(64, device=DEVICE, dtype=torch.bfloat16))
    ps = [torch.nn.Parameter(torch.randn(64, 32, device=DEVICE, dtype=torch.bfloat16) / 8) for _ in range(uses)]

    def f(x: Any, r: Any, w: Any, *ps: Any) -> Any:
        if layer == "rms_norm":
            out = layers.rms_norm(x, w, 1e-5)
        else:
            out, _total = layers.fused_add_rms_norm(x, r, w, 1e-5)
        return torch.cat([out @ p for p in ps], dim=1)

    def step(fn: Callable[..., Any]) -> tuple[Any, ...]:
        for t in (x, w, *ps):
            t.grad = None
        y = fn(x, r, w, *ps)
        y.float().square().sum().backward()
        return (y.detach(), x.grad.clone(), w.grad.clone(), *(p.grad.clone() for p in ps))

    torch._dynamo.reset()
    got, codes = run_and_get_code(step, torch.compile(f, fullgraph=True, backend="inductor"))
    for want, have in zip(step(f), got, strict=True):
        if uses <= 3:
            assert torch.equal(want, have)
        else:
            torch.testing.assert_close(have, want, rtol=2**-6, atol=2**-6 * float(want.abs().max()))
    ran = set(re.findall(r"torch\.ops\.vecmath\.(\w+)\.out\(", "\n".join(codes)))
    bwd = "rmsnorm_bf16_bwd" if layer == "rms_norm" else "fused_add_rmsnorm_bf16_bwd"
    assert f"{bwd}_sum{min(uses, 3)}" in ran and bwd not in ran, ran


@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
@pytest.mark.parametrize("form", ["same shape", "broadcast", "alpha", "right nested"])
def test_only_an_add_the_kernel_computes_is_read_as_terms(form: str) -> None:
    """The backward operator called on an add in a compiled graph: PyTorch's add of two dense tensors of its
    shape and dtype is read as terms (the summed-gradients kernel runs), ``a + (b + c)`` as the two terms
    ``a`` and ``b + c`` (a three-term kernel would round ``a + b`` first, which eager does not); a broadcast
    term or an add with ``alpha`` is not, and the step runs on the add's result. Each gives eager's bits."""
    from torch._inductor.utils import run_and_get_code

    op = torch.ops.vecmath.rmsnorm_bf16_bwd.default
    x, a, b, c = (torch.randn(16, 64, device=DEVICE, dtype=torch.bfloat16) for _ in range(4))
    w = torch.randn(64, device=DEVICE, dtype=torch.bfloat16)
    _out, rstd = torch.ops.vecmath.rmsnorm_bf16.default(1e-5, x, w)

    def f(a: Any, b: Any, c: Any) -> Any:
        dout = {"same shape": lambda: a + b, "broadcast": lambda: a + b[:1], "alpha": lambda: torch.add(a, b, alpha=2),
                "right nested": lambda: a + (b + c)}[form]()
        return op(dout, x, w, rstd)

    torch._dynamo.reset()
    got, codes = run_and_get_code(lambda: f(a, b, c) and torch.compile(f, fullgraph=True, backend="inductor")(a, b, c))
    for want, have in zip(f(a, b, c), got, strict=True):
        assert torch.equal(want, have)
    ran = set(re.findall(r"torch\.ops\.vecmath\.(\w+)\.out\(", "\n".join(codes)))
    assert ran == ({"rmsnorm_bf16_bwd_sum2"} if form in ("same shape", "right nested") else {"rmsnorm_bf16_bwd"}), ran


@pytest.mark.parametrize("mode", ["grad", "no_grad", "inference_mode"])
def test_the_fused_f32_kernel_takes_parameters_under_every_mode(mode: str) -> None:
    """`fused_add_rmsnorm_f32` through `layers.fused_add_rms_norm` (float32 rows), its weight a Parameter: under
    grad both outputs are differentiable and match float64 PyTorch; under no_grad and inference_mode nothing
    requires grad and the values are the same."""
    weight = torch.nn.Parameter(1 + 0.3 * torch.randn(768, device=DEVICE))
    x, residual = torch.randn(4, 33, 768, device=DEVICE), torch.randn(4, 33, 768, device=DEVICE)
    want_total = x.double() + residual.double()
    want = _rms(want_total, weight.detach(), 1e-6)
    if mode == "grad":
        x.requires_grad_()
        out, total = layers.fused_add_rms_norm(x, residual, weight, 1e-6)
        assert out.requires_grad and total.requires_grad and out.shape == total.shape == x.shape
    else:
        with torch.no_grad() if mode == "no_grad" else torch.inference_mode():
            out, total = layers.fused_add_rms_norm(x, residual, weight, 1e-6)
        assert not out.requires_grad and not total.requires_grad
    torch.testing.assert_close(total.double(), want_total, rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(out.double(), want, rtol=1e-4, atol=1e-4)


def test_the_fused_f32_kernel_compiled_matches_eager_and_torch() -> None:
    """A loss over both outputs of `fused_add_rmsnorm_f32`, compiled with fullgraph=True, forward and backward:
    the same loss and gradients (x, residual and the Parameter weight) as eager, and as PyTorch's own code in
    float64 within f32 tolerances."""
    weight = torch.nn.Parameter(1 + 0.3 * torch.randn(1000, device=DEVICE))
    x = torch.randn(37, 1000, device=DEVICE, requires_grad=True)
    residual = torch.randn(37, 1000, device=DEVICE, requires_grad=True)
    g = torch.randn(37, 1000, device=DEVICE)  # the loss's weights of `out`

    def loss(x: Any, residual: Any) -> Any:
        out, total = layers.fused_add_rms_norm(x, residual, weight, 1e-5)
        return (out * g).sum() + total.square().mean()

    torch._dynamo.reset()
    backend = "inductor" if CUDA else "aot_eager"  # the CPU's inductor compiles C++ for minutes: the GPU run covers it
    results = []
    for fn in (torch.compile(loss, fullgraph=True, backend=backend), loss):
        x.grad = residual.grad = weight.grad = None
        value = fn(x, residual)
        value.backward()
        results.append((value.detach(), x.grad.clone(), residual.grad.clone(), weight.grad.clone()))
    for compiled, eager in zip(*results, strict=True):  # Inductor may sum the loss's terms in another order
        torch.testing.assert_close(compiled, eager, rtol=1e-5, atol=1e-5)
    xd, rd, wd = (t.detach().double().requires_grad_() for t in (x, residual, weight))
    total = xd + rd
    out = _rms(total, wd, 1e-5)
    ((out * g.double()).sum() + total.square().mean()).backward()
    for got, want in zip(results[1], (None, xd.grad, rd.grad, wd.grad), strict=True):
        if want is not None:
            scale = max(1.0, float(want.abs().max()))
            torch.testing.assert_close(got.double() / scale, want / scale, rtol=1e-4, atol=1e-4)
