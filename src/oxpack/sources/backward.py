"""A kernel's backward (``#[backward(k1, k2)]``), matched by name at build time.

The PyTorch operator of a kernel that names backward kernels gets an autograd formula: its backward
runs those kernels in order, each called with the values its parameters name:

- a parameter of the forward kernel (an input array or a scalar) or one of its outputs: that value,
  saved by the forward;
- ``d<out>`` for an output ``out`` of the forward: the gradient flowing into ``out``;
- an output of an earlier backward kernel of the list: that array.

An output ``d<x>`` of a backward kernel, for an input array ``x`` of the forward, is the gradient of
``x`` (of ``x``'s dtype and element count); every other output of a backward kernel feeds a later one.
An item ``d<y> = d<x>`` after the kernels (``#[backward(k1, dresidual = dx)]``) gives input ``y`` the
gradient of ``x``, the same array (a residual add's two inputs, whose gradients are equal): the backward
writes it once, and the operator's backward returns the one tensor for both, as PyTorch's own add does.
An item ``d<out> = K``, for an output ``out`` and a kernel ``K``, names a kernel that does what the step
reading ``d<out>`` does when that gradient is a sum of tensors (an output used several times gets the sum
of its uses' gradients): ``K``'s parameters are the step's, with the sum's further terms right after the
gradient's parameter (arrays of its dtype: ``dout, dout_1, ...``), and its outputs are the step's. ``K``
must compute the step's result for ``dout + dout_1 + ...`` as PyTorch adds them, left to right, each sum
rounded to the dtype. A compiled graph (Inductor) whose gradient reaches the step as such an add then
calls ``K`` with the terms (`torch_ops`), instead of running the add as a kernel of its own.
Every kernel involved declares all its outputs (``#[outputs]``), so each is a function of its inputs.
`plan` checks all of it and names the file, the kernel and the parameter of what does not match;
the plan it gives is what the generated operators module (``<module>_torch.py``) runs.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import StageError

__all__ = ["BackwardPlan", "plan", "plans"]

_ARRAYS = ("in", "out", "atomic", "tma", "tma3", "tmah")
_INPUTS = ("in", "tma", "tma3", "tmah")


@dataclass(frozen=True)
class BackwardPlan:
    """What the backward of kernel `kernel` runs.

    `steps`: (backward kernel, the source of each argument it is called with), a source being
    ``"in:NAME"`` (an argument of the forward call), ``"out:NAME"`` (an output of the forward),
    ``"grad:NAME"`` (the gradient of output NAME) or ``"step:N:NAME"`` (output NAME of step N).
    `grads`: (forward input, the source of its gradient). `differentiable`: the forward outputs whose
    gradient a step reads (the others are not differentiable)."""

    kernel: str
    steps: tuple[tuple[str, tuple[str, ...]], ...]
    grads: tuple[tuple[str, str], ...]
    differentiable: tuple[str, ...]
    sums: tuple[tuple[int, int, int, str], ...] = ()
    """``d<out> = K`` items: (the step reading the gradient, the position of its parameter among the step's
    call arguments, the number of terms K takes in its place, K)."""


def plans(kernels: Mapping[str, Any], files: Mapping[str, str]) -> dict[str, BackwardPlan]:
    """The plan of every kernel of `kernels` (name → manifest `Kernel`) that names backward kernels;
    `files` maps a kernel to its source file, for messages."""
    return {name: plan(k, kernels, files.get(name, "")) for name, k in sorted(kernels.items()) if k.backward}


def plan(forward: Any, kernels: Mapping[str, Any], file: str = "") -> BackwardPlan:
    """`forward`'s backward, checked against `kernels` (the module's, by name)."""
    name = forward.name

    def fail(why: str) -> StageError:
        at = f"{file}: " if file else ""
        listed = ", ".join(b.replace("=", " = ") for b in forward.backward)  # `dresidual = dx` as written
        return StageError(f"{at}kernel `{name}`: `#[backward({listed})]` {why}", stage="stubs")

    undeclared = [p.name for p in forward.args if p.kind in ("out", "atomic") and p.name not in forward.outputs]
    if undeclared:
        raise fail(f"needs every output of `{name}` declared in `#[outputs(...)]` (the operator returns them); "
                   f"declare {', '.join(f'`{o}`' for o in undeclared)}")
    args = {p.name: p for p in forward.call_args if p.name not in forward.outputs}
    outs = {p.name: p for p in forward.call_args if p.name in forward.outputs}
    produced: dict[str, tuple[int, Any]] = {}  # output of an earlier step → (step, its parameter)
    steps: list[tuple[str, tuple[str, ...]]] = []
    grads: dict[str, str] = {}
    read_grads: list[str] = []
    consumed: set[str] = set()
    kernels_named = tuple(b for b in forward.backward if "=" not in b)
    items = [tuple(b.split("=", 1)) for b in forward.backward if "=" in b]
    same = [(y, x) for y, x in items if y[1:] not in outs]
    summed = [(y, x) for y, x in items if y[1:] in outs]  # `d<out> = K`
    if same and forward.backward[:len(kernels_named)] != kernels_named:  # the attribute's documented order
        raise fail("names a kernel after a `d<input> = d<other input>` item: list the backward kernels first, "
                   "then the gradients one gives for two, as `#[backward(k1, k2, dresidual = dx)]`")
    for n, bname in enumerate(kernels_named):
        bwd = kernels.get(bname)
        if bwd is None:
            raise fail(f"names `{bname}`, which is not a kernel of this module{_did_you_mean(bname, kernels)}")
        if bname == name or bname in kernels_named[:n]:
            raise fail(f"names `{bname}` {'itself' if bname == name else 'twice'}; list each backward kernel once")
        missing = [p.name for p in bwd.args if p.kind in ("out", "atomic") and p.name not in bwd.outputs]
        if missing:
            raise fail(f"names `{bname}`, whose outputs {', '.join(f'`{o}`' for o in missing)} are not declared in "
                       f"its `#[outputs(...)]`; the backward calls it with its inputs alone")
        sources = []
        for p in bwd.call_args:
            if p.name in bwd.outputs:
                continue
            source, want = _source(p.name, args, outs, produced)
            if source is None:
                raise fail(f"cannot give `{bname}`'s parameter `{p.name}`: it names no argument or output of "
                           f"`{name}`, no `d<output>` (the gradient of an output: "
                           f"{', '.join(f'`d{o}`' for o in outs) or 'none'}), and no output of an earlier "
                           "backward kernel; rename it")
            if (want.kind == "scalar") != (p.kind == "scalar") or want.dtype != p.dtype:
                raise fail(f"gives `{bname}`'s parameter `{p.name}` ({_what(p)}) from {_said(source)}, "
                           f"which is {_what(want)}; make them one type")
            if source.startswith("grad:"):
                read_grads.append(source[5:])
            if source.startswith("step:"):
                consumed.add(source)
            sources.append(source)
        steps.append((bname, tuple(sources)))
        for o in bwd.outputs:
            p = next(q for q in bwd.args if q.name == o)
            target = o[1:] if o.startswith("d") else ""
            if target in args and args[target].kind in _INPUTS:
                if target in grads:
                    raise fail(f"gives the gradient of `{target}` twice (`{grads[target]}` and `{bname}`'s `{o}`)")
                if p.dtype != args[target].dtype:
                    raise fail(f"gives the gradient of `{target}` ({args[target].dtype.name}) as `{bname}`'s `{o}` "
                               f"({p.dtype.name}); a gradient has its input's dtype")
                grads[target] = f"step:{n}:{o}"
            else:
                produced[o] = (n, p)
    input_grads = ", ".join(f"`d{a}`" for a, p in args.items() if p.kind in _INPUTS)  # the names `d<input>` takes
    for o, (n, _p) in produced.items():
        if f"step:{n}:{o}" not in consumed:
            raise fail(f"leaves output `{o}` of `{kernels_named[n]}` unread: an output of a backward kernel is "
                       f"the gradient of an input array (`d<input>`: {input_grads}) or feeds a later backward kernel")
    for target, source in same:
        y, x = target[1:] if target.startswith("d") else "", source[1:] if source.startswith("d") else ""
        if y not in args or args[y].kind not in _INPUTS:
            raise fail(f"gives `{target}` the gradient `{source}`, but `{target}` names no input array's gradient "
                       f"(`d<input>`: {input_grads})")
        if y in grads:
            raise fail(f"gives the gradient of `{y}` twice (`{grads[y].rpartition(':')[2]}` and `{target} = {source}`)")
        if x not in grads:
            raise fail(f"gives `{target}` the gradient `{source}`, which no backward kernel outputs: name an input's "
                       f"gradient that one does ({', '.join(f'`d{a}`' for a in sorted(grads)) or 'none'})")
        if args[y].dtype != args[x].dtype:
            raise fail(f"gives `{target}` ({args[y].dtype.name}) the gradient `{source}` ({args[x].dtype.name}); "
                       "one gradient serves two inputs of one dtype")
        grads[y] = grads[x]
    floats = [a for a, p in args.items() if p.kind in _INPUTS and p.dtype.name in _FLOATS and a not in grads]
    if floats:
        raise fail(f"gives no gradient of {', '.join(f'`{a}`' for a in floats)}: a backward kernel must output "
                   f"{', '.join(f'`d{a}`' for a in floats)} (of its dtype and element count)")
    if not read_grads:
        raise fail(f"reads the gradient of no output of `{name}`: a backward kernel takes `d<output>` "
                   f"({', '.join(f'`d{o}`' for o in outs)})")
    differentiable = tuple(o for o in outs if o in read_grads)
    sums = tuple(_sum_item(target, source, steps, kernels, fail) for target, source in summed)
    seen = [(n, terms) for n, _, terms, _ in sums]
    if len(set(seen)) < len(seen):
        raise fail("names two kernels for one gradient summed from as many terms; name one")
    return BackwardPlan(name, tuple(steps), tuple(sorted(grads.items())), differentiable, sums)


def _sum_item(target: str, kernel: str, steps: list[tuple[str, tuple[str, ...]]], kernels: Mapping[str, Any],
              fail: Any) -> tuple[int, int, int, str]:
    """The plan of item ``d<out> = kernel`` (`target`, `kernel`): checked against the step that reads ``d<out>``."""
    grad = f"grad:{target[1:]}"
    readers = [(n, j) for n, (_, sources) in enumerate(steps) for j, s in enumerate(sources) if s == grad]
    if len(readers) != 1:
        raise fail(f"gives `{target} = {kernel}`, but {len(readers) or 'no'} backward kernel parameters read "
                   f"`{target}`; a kernel for a summed gradient stands in for the one step that reads it")
    n, j = readers[0]
    step = kernels[steps[n][0]]
    k = kernels.get(kernel)
    if k is None:
        raise fail(f"gives `{target} = {kernel}`, but `{kernel}` is not a kernel of this module"
                   f"{_did_you_mean(kernel, kernels)}")
    step_in = [p for p in step.call_args if p.name not in step.outputs]
    k_in = [p for p in k.call_args if p.name not in k.outputs]
    terms = len(k_in) - len(step_in) + 1
    shape = ", ".join(p.name for p in step_in[:j + 1]) + ", <terms>" + "".join(f", {p.name}" for p in step_in[j + 1:])
    fits = (terms >= 2
            and [p.name for p in k_in[:j + 1]] == [p.name for p in step_in[:j + 1]]
            and [p.name for p in k_in[j + terms:]] == [p.name for p in step_in[j + 1:]]
            and all((p.kind == "scalar") == (q.kind == "scalar") and p.dtype == q.dtype
                    for p, q in zip(k_in[:j + 1] + k_in[j + terms:], step_in, strict=True))
            and all(p.kind in _INPUTS and p.dtype == step_in[j].dtype for p in k_in[j + 1:j + terms]))
    if not fits:
        raise fail(f"gives `{target} = {kernel}`, but `{kernel}`'s parameters are not `{steps[n][0]}`'s with the "
                   f"sum's further terms after `{step_in[j].name}` ({step_in[j].dtype.name} arrays): write them "
                   f"as ({shape})")
    if list(k.outputs) != list(step.outputs) or any(
            next(p for p in k.args if p.name == o).dtype != next(p for p in step.args if p.name == o).dtype
            for o in step.outputs):
        raise fail(f"gives `{target} = {kernel}`, but `{kernel}`'s outputs are not `{steps[n][0]}`'s "
                   f"({', '.join(f'`{o}`' for o in step.outputs)}, of the same dtypes)")
    return n, j, terms, kernel


def _did_you_mean(name: str, kernels: Mapping[str, Any]) -> str:
    """` (did you mean `k`?)` for the kernel of `kernels` closest to `name`, or nothing."""
    close = difflib.get_close_matches(name, list(kernels), n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""


_FLOATS = ("float16", "bfloat16", "float32", "float64")


def _source(param: str, args: Mapping[str, Any], outs: Mapping[str, Any],
            produced: Mapping[str, tuple[int, Any]]) -> tuple[str | None, Any]:
    if param in produced:
        n, p = produced[param]
        return f"step:{n}:{param}", p
    if param in args:
        return f"in:{param}", args[param]
    if param in outs:
        return f"out:{param}", outs[param]
    if param.startswith("d") and param[1:] in outs:
        return f"grad:{param[1:]}", outs[param[1:]]
    return None, None


def _what(p: Any) -> str:
    return f"a {p.dtype.name} scalar" if p.kind == "scalar" else f"a {p.dtype.name} array"


def _said(source: str) -> str:
    kind, _, rest = source.partition(":")
    return {"in": f"argument `{rest}`", "out": f"output `{rest}`", "grad": f"the gradient of output `{rest}`",
            "step": f"output `{rest.partition(':')[2]}` of an earlier backward kernel"}[kind]
