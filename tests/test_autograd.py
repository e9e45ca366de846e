"""Autograd: `#[backward(k1, k2)]` makes a kernel's PyTorch operator differentiable.

One emulated build of tests/packages/autograd (a product with a one-kernel backward; a column scaling
whose backward is two kernels, the second summing the first's rows, and which has an output no backward
reads), called through its functional operators with CPU tensors: gradcheck and opcheck, the tensors a
model holds (Parameters, under grad, no_grad and inference_mode), torch.compile of forward and backward,
a training step against torch's own ops, the in-place ``.out`` overload. Then the attacks on the
matching (`oxpack.sources.backward.plan`): every mismatch named in one line, and one real build that
refuses an unknown backward kernel naming the file. On the GPU: tests/test_gpu_torch.py.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import REPO, emulated, emulation_project

torch = pytest.importorskip("torch", reason="the autograd tests need PyTorch (pip install torch)")

from oxpack.contract import manifest as manifest_model  # noqa: E402
from oxpack.errors import StageError  # noqa: E402
from oxpack.sources.backward import plan  # noqa: E402

KERNELS = (REPO / "tests" / "packages" / "autograd" / "kernels" / "g.rs").read_text()


@pytest.fixture(scope="module")
def k(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from emulated(tmp_path_factory.mktemp("autograd"), "autograd", {"g.rs": KERNELS})


@pytest.fixture(scope="module")
def ops(k: ModuleType) -> Any:
    import autograd.kernels_torch  # noqa: F401  (registers torch.ops.autograd)

    return torch.ops.autograd


def _gradcheck(fn: Any, inputs: tuple[Any, ...]) -> bool:
    # the kernels compute in f32 (none takes f64): finite differences of step 1e-2 against the analytic
    # gradient, within 1e-3 absolute and relative (f32 rounding of sums of a few products of values ~1)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Input #", UserWarning)  # "not a double precision" input: on purpose
        return bool(torch.autograd.gradcheck(fn, inputs, eps=1e-2, atol=1e-3, rtol=1e-3))


def test_gradcheck_in_f32(ops: Any) -> None:
    g = torch.Generator().manual_seed(5)
    x, y = (torch.randn(37, generator=g).requires_grad_() for _ in range(2))
    assert _gradcheck(lambda a, b: ops.mul(a, b), (x, y))
    x, w = torch.randn(9, 7, generator=g).requires_grad_(), torch.randn(7, generator=g).requires_grad_()
    assert _gradcheck(lambda a, b: ops.scale_cols(1.5, a, b)[0], (x, w))
    assert _gradcheck(lambda b: ops.scale_cols(-2.0, x.detach(), b)[0], (w,))  # one input differentiated


def test_opcheck(ops: Any) -> None:
    x, y = torch.randn(12, requires_grad=True), torch.randn(12, requires_grad=True)
    torch.library.opcheck(ops.mul.default, (x, y))
    x2, w = torch.randn(4, 3, requires_grad=True), torch.nn.Parameter(torch.randn(3))
    torch.library.opcheck(ops.scale_cols.default, (0.5, x2, w))
    torch.library.opcheck(ops.mul_bwd.default, (torch.randn(12), x.detach(), y.detach()))
    torch.library.opcheck(ops.scale_cols_bwd_sum.default, (torch.randn(4, 3), w.detach()))


def test_the_functional_operator_returns_new_outputs_and_the_out_overload_writes(ops: Any) -> None:
    x, w = torch.randn(4, 3), torch.randn(3)
    out, rowsum = ops.scale_cols(2.0, x, w)
    assert out.shape == (4, 3) and rowsum.shape == (4,)  # the declared dims
    torch.testing.assert_close(out, 2 * x * w)
    torch.testing.assert_close(rowsum, x.sum(1))
    mine, sums = torch.full((4, 3), 7.0), torch.empty(4)
    assert ops.scale_cols.out(2.0, x, w, mine, sums) is None  # the in-place form, as the stub
    torch.testing.assert_close(mine, out)
    assert str(ops.scale_cols.default._schema).endswith("-> (Tensor, Tensor)")


def test_every_tensor_a_model_holds(ops: Any) -> None:
    x = torch.randn(5, 3, requires_grad=True)
    w = torch.nn.Parameter(torch.randn(3))
    out, rowsum = ops.scale_cols(3.0, x, w)
    assert out.requires_grad and not rowsum.requires_grad  # `rowsum`: no backward reads its gradient
    out.square().sum().backward()
    torch.testing.assert_close(x.grad, 2 * out.detach() * 3.0 * w.detach())
    torch.testing.assert_close(w.grad, (2 * out.detach() * 3.0 * x.detach()).sum(0))
    with torch.no_grad():
        assert not ops.scale_cols(3.0, x, w)[0].requires_grad
    with torch.inference_mode():
        inner = torch.randn(5, 3)
        torch.testing.assert_close(ops.scale_cols(3.0, inner, w)[0], 3.0 * inner * w.detach())
    view = torch.randn(10, 3, requires_grad=True)[2:7]  # a contiguous view at an offset, non-leaf
    ops.scale_cols(1.0, view, w)[0].sum().backward()


def test_an_output_without_a_backward_passes_no_gradient(ops: Any) -> None:
    x, w = torch.randn(4, 3, requires_grad=True), torch.randn(3, requires_grad=True)
    out, rowsum = ops.scale_cols(1.0, x, w)
    (out.sum() + rowsum.sum()).backward()  # `rowsum` is a constant to autograd, as an integer output is
    torch.testing.assert_close(x.grad, w.detach().expand(4, 3))


def test_a_gradient_reaches_each_input_in_its_own_shape(ops: Any) -> None:
    x, w = torch.randn(2, 3, 4, requires_grad=True), torch.randn(4, requires_grad=True)  # x: 3-D, rows = 6
    out, _ = ops.scale_cols(1.0, x, w)
    assert out.shape == (6, 4)
    out.sum().backward()
    assert x.grad.shape == (2, 3, 4) and w.grad.shape == (4,)
    torch.testing.assert_close(w.grad, x.detach().reshape(6, 4).sum(0))


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
def test_compiled_forward_and_backward_match_eager(ops: Any, backend: str) -> None:
    if backend == "inductor" and not shutil.which("g++") and not shutil.which("c++"):
        pytest.skip("inductor on the CPU needs a C++ compiler")

    def f(x: Any, w: Any, y: Any) -> Any:
        out, rowsum = ops.scale_cols(0.5, torch.relu(x), w)
        return (ops.mul(out.reshape(-1), y).sum() + rowsum.sum()) * 2

    torch._dynamo.reset()
    compiled = torch.compile(f, fullgraph=True, backend=backend)
    g = torch.Generator().manual_seed(3)
    x, w, y = torch.randn(6, 5, generator=g), torch.randn(5, generator=g), torch.randn(30, generator=g)
    grads = []
    for fn in (f, compiled):
        inputs = [t.clone().requires_grad_() for t in (x, w, y)]
        loss = fn(*inputs)
        loss.backward()
        grads.append((loss.detach(), *(t.grad for t in inputs)))
    for eager, traced in zip(*grads, strict=True):
        torch.testing.assert_close(traced, eager)


def test_a_training_step_matches_torch(ops: Any) -> None:
    """A two-layer model whose scaling is the kernel's: loss, gradients and the updated weights match the same
    model written with torch's own ops."""
    g = torch.Generator().manual_seed(11)
    x, target = torch.randn(16, 8, generator=g), torch.randn(16, 8, generator=g)
    lin = torch.randn(8, 8, generator=g) / 3
    results = []
    for kernel in (True, False):
        w = torch.nn.Parameter(torch.ones(8) + 0.1 * torch.arange(8.0))
        m = torch.nn.Parameter(lin.clone())
        opt = torch.optim.SGD([w, m], lr=0.1)
        h = x @ m
        y = ops.scale_cols(2.0, h, w)[0] if kernel else 2.0 * h * w
        loss = torch.nn.functional.mse_loss(ops.mul(y.reshape(-1), y.reshape(-1)) if kernel else (y * y).reshape(-1),
                                            target.reshape(-1))
        loss.backward()
        grads = (w.grad.clone(), m.grad.clone())
        opt.step()
        results.append((loss.detach(), *grads, w.detach().clone(), m.detach().clone()))
    for ours, theirs in zip(*results, strict=True):
        torch.testing.assert_close(ours, theirs, rtol=1e-5, atol=1e-5)


def _add_mul_reference(x: Any, r: Any, w: Any) -> Any:
    return (x + r) * w


def test_one_gradient_for_two_inputs(ops: Any) -> None:
    """`#[backward(add_mul_bwd, dr = dx)]`: the backward writes x's gradient once and r gets it too. gradcheck
    over all three inputs; each leaf's `.grad` is its own storage (autograd got one tensor for both, as from
    torch's own add, never two views of one buffer), so changing one leaves the other as it was."""
    g = torch.Generator().manual_seed(7)
    x, r, w = (torch.randn(23, generator=g).requires_grad_() for _ in range(3))
    assert _gradcheck(lambda a, b, c: ops.add_mul(a, b, c), (x, r, w))
    ops.add_mul(x, r, w).sum().backward()
    torch.testing.assert_close(x.grad, w.detach())
    torch.testing.assert_close(r.grad, w.detach())
    assert x.grad.data_ptr() != r.grad.data_ptr()
    x.grad.add_(1.0)
    torch.testing.assert_close(r.grad, w.detach())
    # inputs of other shapes (the kernel reads them flat): each gradient in its input's shape, r's a copy
    x2, r2, w2 = (torch.randn(*shape, generator=g).requires_grad_() for shape in ((4, 6), (24,), (24,)))
    ops.add_mul(x2, r2, w2).sum().backward()
    assert x2.grad.shape == (4, 6) and r2.grad.shape == (24,)
    torch.testing.assert_close(x2.grad.reshape(-1), w2.detach())
    torch.testing.assert_close(r2.grad, w2.detach())
    assert x2.grad.data_ptr() != r2.grad.data_ptr()


@pytest.mark.parametrize("compiled", [None, "aot_eager", "inductor"])
@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
def test_one_gradient_for_two_inputs_meets_other_gradients(ops: Any, compiled: str | None) -> None:
    """The attack on the shared gradient: both inputs computed from one leaf, and r's gradient summed with
    another path's (autograd adds into a gradient buffer in place where it holds the only reference): the
    leaf's gradient is torch's for the same code, eager and compiled."""
    if compiled == "inductor" and not shutil.which("g++") and not shutil.which("c++"):
        pytest.skip("inductor on the CPU needs a C++ compiler")

    def f(mul: Any, a: Any, w: Any) -> Any:
        x, r = a.sin(), a.cos()
        return mul(x, r, w).square().sum() + (r * r).sum() + 3 * x.sum()

    torch._dynamo.reset()
    ours = (lambda a, w: f(ops.add_mul, a, w)) if compiled is None else \
        torch.compile(lambda a, w: f(ops.add_mul, a, w), fullgraph=True, backend=compiled)
    g = torch.Generator().manual_seed(8)
    a0, w0 = torch.randn(4, 9, generator=g), torch.randn(4, 9, generator=g)
    grads = []
    for fn in (ours, lambda a, w: f(_add_mul_reference, a, w)):
        a, w = a0.clone().requires_grad_(), w0.clone().requires_grad_()
        loss = fn(a, w)
        loss.backward()
        grads.append((loss.detach(), a.grad, w.grad))
    for mine, theirs in zip(*grads, strict=True):
        torch.testing.assert_close(mine, theirs, rtol=1e-5, atol=1e-5)


# --- the attacks on the matching: each mismatch named in one line -------------------------------------


@pytest.fixture(scope="module")
def kernels(k: ModuleType) -> dict[str, Any]:
    data = json.loads((Path(k.__file__).parent / "_oxpack" / "kernels.json").read_text())
    return dict(manifest_model().Manifest.from_json(data, "kernels.json", reader="test", upgrade="", rebuild="").kernels)


def _refusal(kernels: dict[str, Any], name: str, **changes: Any) -> str:
    changed = dict(kernels)
    for kname, fields in changes.items():
        changed[kname] = dataclasses.replace(changed[kname], **fields)
    with pytest.raises(StageError) as info:
        plan(changed[name], changed, "kernels/g.rs")
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"kernels/g.rs: kernel `{name}`: `#[backward("), message
    return message


def _param(kernel: Any, old: str, new: str, **fields: Any) -> tuple[Any, ...]:
    return tuple(dataclasses.replace(p, name=new, **fields) if p.name == old else p for p in kernel.params)


def test_the_plans_as_built(kernels: dict[str, Any]) -> None:
    p = plan(kernels["scale_cols"], kernels)
    assert p.steps == (("scale_cols_bwd", ("in:a", "grad:out", "in:x", "in:w")),
                       ("scale_cols_bwd_sum", ("step:0:dw_rows", "in:w")))
    assert p.grads == (("w", "step:1:dw"), ("x", "step:0:dx")) and p.differentiable == ("out",)
    assert kernels["add_mul"].backward == ("add_mul_bwd", "dr=dx")
    p = plan(kernels["add_mul"], kernels)
    assert p.steps == (("add_mul_bwd", ("grad:out", "in:x", "in:r", "in:w")),)
    assert p.grads == (("r", "step:0:dx"), ("w", "step:0:dw"), ("x", "step:0:dx"))


def test_refusals_of_one_gradient_for_two_inputs(kernels: dict[str, Any]) -> None:
    """`d<y> = d<x>` names an input's gradient on each side, the left one given by nothing else, the right one
    given by a backward kernel, both inputs of one dtype, after the kernels: else one line naming the pair."""
    assert "names a kernel after a `d<input> = d<other input>` item: list the backward kernels first" in \
        _refusal(kernels, "add_mul", add_mul={"backward": ("dr=dx", "add_mul_bwd")})
    assert "gives `dq` the gradient `dx`, but `dq` names no input array's gradient (`d<input>`: `dx`, `dr`, " \
           "`dw`)" in _refusal(kernels, "add_mul", add_mul={"backward": ("add_mul_bwd", "dq=dx")})
    assert "gives the gradient of `w` twice (`dw` and `dw = dx`)" in \
        _refusal(kernels, "add_mul", add_mul={"backward": ("add_mul_bwd", "dw=dx")})
    assert "gives `dr` the gradient `dz`, which no backward kernel outputs: name an input's gradient that one " \
           "does (`dw`, `dx`)" in _refusal(kernels, "add_mul", add_mul={"backward": ("add_mul_bwd", "dr=dz")})
    am, bwd = kernels["add_mul"], kernels["add_mul_bwd"]
    message = _refusal(kernels, "add_mul", add_mul={"params": _param(am, "r", "r", dtype="float64")},
                       add_mul_bwd={"params": _param(bwd, "r", "r", dtype="float64")})
    assert "gives `dr` (float64) the gradient `dx` (float32); one gradient serves two inputs of one dtype" in message
    assert "`#[backward(add_mul_bwd, dr = dx)]`" in message


def _summed(kernels: dict[str, Any], name: str = "mul_bwd_sum2", terms: int = 2, **fields: Any) -> dict[str, Any]:
    """`kernels` with `name`: `mul_bwd` taking `terms` terms of `dout` (`dout, dout_1, ...`), as a kernel for
    summed gradients is written; `fields` change it further."""
    b = kernels["mul_bwd"]
    at = next(n for n, p in enumerate(b.params) if p.name == "dout")
    extra = tuple(dataclasses.replace(b.params[at], name=f"dout_{t}") for t in range(1, terms))
    made = dataclasses.replace(b, name=name, params=b.params[:at + 1] + extra + b.params[at + 1:])
    return {**kernels, name: dataclasses.replace(made, **fields)}


def test_a_kernel_for_summed_gradients(kernels: dict[str, Any]) -> None:
    """`d<out> = K` after the kernels: K stands in for the step that reads `d<out>` where that gradient is a sum
    (the plan records the step, the gradient's position among its arguments, the terms and K)."""
    changed = _summed(_summed(kernels), "mul_bwd_sum3", 3)
    changed["mul"] = dataclasses.replace(changed["mul"], backward=("mul_bwd", "dout=mul_bwd_sum2", "dout=mul_bwd_sum3"))
    p = plan(changed["mul"], changed)
    assert p.sums == ((0, 0, 2, "mul_bwd_sum2"), (0, 0, 3, "mul_bwd_sum3"))
    assert p.steps == plan(kernels["mul"], kernels).steps and plan(kernels["mul"], kernels).sums == ()


def test_refusals_of_a_kernel_for_summed_gradients(kernels: dict[str, Any]) -> None:
    """K must be a kernel of the module whose parameters are the step's with the further terms right after the
    gradient's (of its dtype), and whose outputs are the step's; one K per number of terms."""
    def refused(changed: dict[str, Any], *items: str) -> str:
        with pytest.raises(StageError) as info:
            plan(dataclasses.replace(changed["mul"], backward=("mul_bwd", *items)), changed, "kernels/g.rs")
        assert "\n" not in str(info.value) and str(info.value).startswith("kernels/g.rs: kernel `mul`: `#[backward(")
        return str(info.value)

    assert "gives `dout = mul_bwd_sum`, but `mul_bwd_sum` is not a kernel of this module (did you mean " \
           "`mul_bwd_sum2`?)" in refused(_summed(kernels), "dout=mul_bwd_sum")
    b = kernels["mul_bwd"]
    wrong = _summed(kernels, params=b.params)  # the step's own parameters: no further term
    assert "gives `dout = mul_bwd_sum2`, but `mul_bwd_sum2`'s parameters are not `mul_bwd`'s with the sum's " \
           "further terms after `dout` (float32 arrays): write them as (dout, <terms>, x, y)" in \
        refused(wrong, "dout=mul_bwd_sum2")
    moved = _summed(kernels)
    k = moved["mul_bwd_sum2"]
    moved["mul_bwd_sum2"] = dataclasses.replace(k, params=(k.params[0],) + tuple(  # a further term after x
        p for p in k.params[1:] if p.name != "dout_1")[:2] + (k.params[2],) + tuple(
        p for p in k.params[1:] if p.name not in ("dout_1",))[2:])
    assert "`mul_bwd_sum2`'s parameters are not `mul_bwd`'s" in refused(moved, "dout=mul_bwd_sum2")
    typed = _summed(kernels)
    k = typed["mul_bwd_sum2"]
    typed["mul_bwd_sum2"] = dataclasses.replace(k, params=_param(k, "dout_1", "dout_1", dtype="float64"))
    assert "`mul_bwd_sum2`'s parameters are not `mul_bwd`'s" in refused(typed, "dout=mul_bwd_sum2")
    assert "gives `dout = mul_bwd_sum2`, but `mul_bwd_sum2`'s outputs are not `mul_bwd`'s (`dx`, `dy`, of the " \
           "same dtypes)" in refused(_summed(kernels, params=_param(_summed(kernels)["mul_bwd_sum2"], "dy", "dy",
                                                                   dtype="float64")), "dout=mul_bwd_sum2")
    twice = _summed(_summed(kernels), "mul_bwd_twice")
    assert "names two kernels for one gradient summed from as many terms; name one" in \
        refused(twice, "dout=mul_bwd_sum2", "dout=mul_bwd_twice")


def test_refusals(kernels: dict[str, Any]) -> None:
    m = kernels["mul"]
    assert "names `mul_bwdd`, which is not a kernel of this module (did you mean `mul_bwd`?)" in \
        _refusal(kernels, "mul", mul={"backward": ("mul_bwdd",)})
    assert "names `mul` itself" in _refusal(kernels, "mul", mul={"backward": ("mul",)})
    assert "needs every output of `mul` declared in `#[outputs(...)]`" in \
        _refusal(kernels, "mul", mul={"outputs": {}})
    assert "whose outputs `dy` are not declared" in \
        _refusal(kernels, "mul", mul_bwd={"outputs": {"dx": "len(x)"}})
    b = kernels["mul_bwd"]
    assert "cannot give `mul_bwd`'s parameter `grad_out`: it names no argument or output of `mul`, no " \
           "`d<output>` (the gradient of an output: `dout`)" in \
        _refusal(kernels, "mul", mul_bwd={"params": _param(b, "dout", "grad_out")})
    assert "gives `mul_bwd`'s parameter `x` (a float64 array) from argument `x`, which is a float32 array" in \
        _refusal(kernels, "mul", mul_bwd={"params": _param(b, "x", "x", dtype="float64")})
    assert "gives no gradient of `y`: a backward kernel must output `dy`" in \
        _refusal(kernels, "mul", mul_bwd={"params": tuple(p for p in b.params if p.name != "dy"), "outputs": {"dx": "len(x)"}})
    assert "leaves output `dz` of `mul_bwd` unread" in \
        _refusal(kernels, "mul", mul_bwd={"params": _param(b, "dy", "dz"), "outputs": {"dx": "len(x)", "dz": "len(x)"}})
    assert "gives the gradient of `y` (float32) as `mul_bwd`'s `dy` (float64)" in \
        _refusal(kernels, "mul", mul_bwd={"params": _param(b, "dy", "dy", dtype="float64")})
    assert "leaves output `dw_rows` of `scale_cols_bwd` unread" in \
        _refusal(kernels, "scale_cols", scale_cols={"backward": ("scale_cols_bwd",)})
    assert "reads the gradient of no output of `mul`" in \
        _refusal(kernels, "mul", mul_bwd={"params": tuple(p for p in b.params if p.name != "dout")})
    assert m.backward == ("mul_bwd",)


def test_a_build_names_the_file_of_a_bad_backward(tmp_path: Path) -> None:
    source = KERNELS.replace("#[backward(mul_bwd)]", "#[backward(mul_backward)]")
    root = emulation_project(tmp_path / "proj", "badgrad", {"g.rs": source})
    proc = subprocess.run([sys.executable, "-m", "oxpack", "build", str(root), "--out", str(tmp_path / "out"), "-q"],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode != 0
    assert re.search(r"kernels/g\.rs: kernel `mul`: `#\[backward\(mul_backward\)\]` names `mul_backward`, which is "
                     r"not a kernel of this module \(did you mean `mul_bwd`\?\)", proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out" / "badgrad" / "kernels.py").exists()  # nothing written


def test_kernelize_swaps_a_layers_forward_into_matching_modules(k: ModuleType, ops: Any) -> None:
    import autograd.kernels_torch as kt

    class Scale(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.w = torch.nn.Parameter(torch.arange(1.0, 4.0))

        def forward(self, x: Any) -> Any:
            return x * self.w

    class Layer:
        needs = ("w",)

        def forward(self: Any, x: Any) -> Any:
            return ops.scale_cols(1.0, x, self.w)[0]

    model = torch.nn.Sequential(Scale(), torch.nn.ReLU(), Scale())
    x = torch.randn(4, 3)
    want = model(x)
    assert kt.kernelize(model, {Scale: Layer}) == ["0", "2"]
    assert model[0].forward.__func__ is Layer.forward and list(model.state_dict()) == ["0.w", "2.w"]
    torch.testing.assert_close(model(x), want)
    model(x).sum().backward()  # the module's own Parameter gets the kernel's gradient
    assert model[0].w.grad is not None and model[2].w.grad is not None

    class Other(torch.nn.Module):
        def forward(self, x: Any) -> Any:
            return x

    other = torch.nn.Sequential(Scale(), Other())
    with pytest.raises(TypeError, match=r"^kernelize: module `1` \(Other\) has no `w`, which Layer\.forward reads; "
                                        r"map Other to a layer written for it$"):
        kt.kernelize(other, {"Scale": Layer, "Other": Layer})
    assert "forward" not in vars(other[0])  # refused before any module changed

    class Picky(Layer):
        @staticmethod
        def refuses(module: Any) -> str | None:
            return "its weights are not 3 wide" if module.w.numel() != 3 else None

    assert kt.kernelize(torch.nn.Sequential(Scale()), {Scale: Picky}) == ["0"]
    narrow = Scale()
    narrow.w = torch.nn.Parameter(torch.ones(2))
    with pytest.raises(TypeError, match=r"cannot take Picky\.forward: its weights are not 3 wide$"):
        kt.kernelize(narrow, {Scale: Picky})
