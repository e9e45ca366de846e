"""PyTorch custom operators for oxpack kernels: support code of the generated ``<module>_torch.py``.

`register` makes each kernel a ``torch.library`` operator
``torch.ops.<package>.<kernel>`` (dots in the package name become ``_``): its schema
comes from the kernel's signature at build time, the arrays it writes are declared
mutated, and a fake (meta) implementation lets ``torch.compile`` trace it without
running it. Calling the operator calls the generated, checked stub function, so it
gets the stub's checks and errors; it runs on PyTorch's current stream of the
tensors' device. PyTorch is imported by `register` only: this file imports with the
standard library alone.

Inductor's on-disk caches key a compiled graph on its code, which names the operators but not
what a build registered for them (the autograd formula, the declared output dims); tracing an
operator therefore puts its build's digest into the key (`CompileKey`), so that a rebuilt package
never runs a graph compiled for another build. Under Inductor each functional operator decomposes to its
``.out`` overload, run into buffers the compiled graph allocates (`_lowering`, given to Inductor when a
graph first traces one): a compiled call is the stub with its outputs passed.
"""

from __future__ import annotations

import hashlib
import importlib
import threading
import types
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["CompileKey", "DataOp", "OpSpec", "kernelize", "register"]


class OpSpec(NamedTuple):
    """One kernel's operator: its name, its ``torch.library`` schema, the arrays it writes; for a kernel whose
    outputs are all declared (``#[outputs]``), the schema of its functional operator (the default overload;
    `schema` is then the ``.out`` overload's), the outputs it returns and its backward (``#[backward]``:
    `oxpack.sources.backward.BackwardPlan`'s steps, gradients and differentiable outputs)."""

    kernel: str
    schema: str
    mutates: tuple[str, ...]
    functional: str = ""
    returns: tuple[str, ...] = ()
    backward: tuple[Any, ...] | None = None
    dims: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``#[dims]`` of a functional operator whose scalars a call may leave out: (input, its dims as text)."""
    derived: tuple[str, ...] = ()
    """The scalars that `dims` names alone: `register` gives the operator a data-only call (`DataOp`)."""


_registered: dict[str, Any] = {}  # "namespace::kernel" -> its operator (or its `DataOp`), once per process
_libraries: dict[str, Any] = {}  # namespace -> its torch.library.Library (kept alive: it holds the registrations)
_differentiable: set[str] = set()  # "namespace::kernel" whose autograd formula is registered
_keys: dict[str, CompileKey] = {}  # "package.module" -> the key its operators' fake implementations put in place
_lowerings: dict[str, Callable[[Any], Callable[..., Any]]] = {}  # "namespace::kernel" -> its `_lowering`, not yet given
_sums: dict[str, dict[int, tuple[int, str]]] = {}  # "namespace::step" -> terms -> (the gradient's position, kernel)
_lock = threading.Lock()


def register(package: str, module: str, specs: Sequence[OpSpec]) -> dict[str, Any]:
    """Define ``torch.ops.<package>.<kernel>`` for each of `specs` (once per process).

    `module` is the generated stub module beside this package's ``_oxpack`` folder;
    each operator calls its function of the same name. Returns the operators (their
    ``OpOverloadPacket``) by kernel name. Imports PyTorch.

    The operators are defined with ``torch.library.Library``: ``define`` (the schema,
    whose ``Tensor(a!)`` arguments are the mutated ones), one implementation for every
    device (``CompositeExplicitAutograd``: a host tensor reaches the stub, which refuses
    it naming the argument) and ``register_fake``. A kernel whose outputs are all declared
    gets a functional operator (it returns new outputs; the in-place form is its ``.out``
    overload), differentiable (an ``Autograd`` kernel, `_register_autograd`) when it names backward kernels.
    ``torch.library.custom_op`` would do the same with a Python wrapper around each call that cost about 30 µs
    on the hosts measured (benchmarks/RESULTS.md), ``torch.library.register_autograd`` with one of about 10.
    The fake implementations key Inductor's caches on this build (`CompileKey`).
    """
    import torch  # type: ignore[import-not-found, unused-ignore]  # optional: only this function needs it

    stubs = importlib.import_module(f"{package}.{module}")
    namespace = package.replace(".", "_")
    ops: dict[str, Any] = {}
    pending: list[OpSpec] = []
    with _lock:
        key = _keys.get(f"{package}.{module}")
        if key is None:
            key = _keys[f"{package}.{module}"] = CompileKey(package, module, specs)
        library = _libraries.get(namespace)
        if library is None:
            new_library: Any = torch.library.Library  # its __init__ is untyped
            library = _libraries[namespace] = new_library(namespace, "FRAGMENT")
        for spec in specs:
            qualname = f"{namespace}::{spec.kernel}"
            if qualname not in _registered:
                _check_mutates(spec)
                stub = getattr(stubs, spec.kernel)
                inplace = f"{spec.kernel}.out" if spec.functional else spec.kernel
                library.define(f"{inplace}{spec.schema}")
                library.impl(inplace, _launcher(stub), "CompositeExplicitAutograd")
                torch.library.register_fake(f"{namespace}::{inplace}", _fake(key), lib=library)
                if spec.functional:
                    library.define(f"{spec.kernel}{spec.functional}")
                    library.impl(spec.kernel, _launcher(stub, returns=True), "CompositeExplicitAutograd")
                    kernel = stubs._module.kernel(spec.kernel)
                    torch.library.register_fake(qualname, _fake_outputs(kernel, len(spec.returns), key),
                                                 lib=library)
                    _lowerings[qualname] = _lowering(torch, namespace, spec.kernel, kernel, len(spec.returns))
                packet = getattr(getattr(torch.ops, namespace), spec.kernel)
                _registered[qualname] = DataOp(packet, spec) if spec.derived and spec.functional else packet
            for step, at, terms, kernel in _summed_steps(spec):
                _sums.setdefault(f"{namespace}::{step}", {}).setdefault(terms, (at, kernel))
            if spec.backward is not None and qualname not in _differentiable:
                _differentiable.add(qualname)  # after every operator of `specs` is defined: the backward calls them
                pending.append(spec)
            ops[spec.kernel] = _registered[qualname]
        for spec in pending:
            _register_autograd(torch, library, namespace, spec, {s.kernel: s.returns for s in specs},
                               _launcher(getattr(stubs, spec.kernel), returns=True))
    return ops


class CompileKey:
    """What a graph compiled from a module's operators depends on beyond their names, put into the key of
    Inductor's on-disk caches by the operators' fake implementations, which run whenever Dynamo, AOTAutograd
    or ``torch.export`` trace them.

    AOTAutograd's cache keys a graph on Dynamo's graph, which calls the forward operators by name, and stores
    under that key the backward it traced through the autograd formula registered for them: a package rebuilt
    with another formula (another backward kernel, other arguments, other declared output dims) would get the
    old build's backward back, with the wrong gradients. Both caches (AOTAutograd's and the FX graph cache)
    key on Inductor's config, of which ``torch._inductor.config.unsafe_marked_cacheable_functions`` (a name →
    cache key mapping, meant for custom operators) is part: `put` gives it the entry ``oxpack build of
    <package>.<module>``, the build's `digest`. No function has that name (it holds spaces), so the entry
    marks nothing cacheable. Inductor's config is per thread (context variables), so the entry is put by
    the tracing itself, in the thread that compiles, not when the module is imported (which would also
    import Inductor, about a second, in every process). Graphs compiled later in the process carry the
    entry too, with or without these operators: another build's process compiles those again, never wrongly.
    The entries are kept sorted: the order in which packages are traced does not change the key."""

    def __init__(self, package: str, module: str, specs: Sequence[OpSpec]) -> None:
        self.name = f"oxpack build of {package}.{module}"
        self._manifest = Path(__file__).with_name(f"{module}.json")  # beside this file, as the runtime reads it
        self._specs = tuple(specs)
        self._digest: str | None = None

    @property
    def digest(self) -> str:
        """The sha256 of the module's manifest (every kernel's signature, declared outputs and ``#[backward]``,
        the sources', the fatbins' and the host libraries' digests), of the operators' specs and of the Python
        files beside this one (the runtime, which makes the formula and the fake outputs from them). The
        fatbins' digest alone would not do: a build that names another backward kernel of the same file has
        the same fatbin and another backward."""
        if self._digest is None:
            digest = hashlib.sha256(self._manifest.read_bytes())
            digest.update(repr(self._specs).encode())
            for source in sorted(Path(__file__).parent.glob("*.py")):
                digest.update(f"\0{source.name}\0".encode() + source.read_bytes())
            self._digest = digest.hexdigest()
        return self._digest

    def put(self) -> None:
        """Make the digest part of the key of every graph Inductor compiles from now on in this thread. A
        PyTorch without that mapping (2.7 has none) has nothing to key on: AOTAutograd's cache is turned off
        instead (the FX graph cache keys the forward and backward graphs that AOTAutograd then traces
        afresh, which call every operator they run by name)."""
        from torch._inductor import config  # type: ignore[import-not-found, unused-ignore]

        marked = getattr(config, "unsafe_marked_cacheable_functions", None)
        if not isinstance(marked, dict):
            from torch._functorch import config as autograd_config  # type: ignore[import-not-found, unused-ignore]

            autograd_config.enable_autograd_cache = False
        elif marked.get(self.name) != self.digest:
            config.unsafe_marked_cacheable_functions = dict(sorted({**marked, self.name: self.digest}.items()))


class DataOp:
    """A functional operator whose scalars its tensors' dims give (``#[dims(a = (m, k), ...)]``), as `register`
    returns it: called with every argument, it is the operator (``torch.ops.<package>.<kernel>``); called
    with the data alone (``ops["gemm"](a, w)``), it reads each scalar left out from its tensors'
    ``shape`` first, then calls the operator with them. The schema keeps the scalars: a traced graph
    (``torch.compile``) holds the operator with the dims as its (symbolic) ints. Any other attribute
    (``.default``, ``.out``) is the operator's."""

    def __init__(self, packet: Any, spec: OpSpec) -> None:
        self.packet, self.kernel = packet, spec.kernel
        self.op = packet.default  # the overload itself: a packet resolves it from the arguments at each call
        self.names = _arguments(spec.functional)
        self.data = tuple(n for n in self.names if n not in spec.derived)
        self.dims = dict(spec.dims)
        self.sources = {s: tuple((array, axis) for array, dims in spec.dims for axis, d in enumerate(dims) if d == s)
                        for s in spec.derived}
        self.__doc__ = packet.__doc__

    def __getattr__(self, name: str) -> Any:
        return getattr(self.packet, name)

    def __call__(self, *args: Any, threads: Any = None, block: Any = None, **named: Any) -> Any:
        if set(named) == set(self.names[len(args):]):  # every argument, in the schema's places: the operator
            return self.op(*args, **named, threads=threads, block=block)
        if len(args) > len(self.data):
            raise TypeError(f"{self.kernel}(): takes ({', '.join(self.names)}) or ({', '.join(self.data)}), "
                            f"got {len(args)} positional arguments")
        values = dict(zip(self.data, args, strict=False))
        for name, value in named.items():
            if name in values or name not in self.names:
                raise TypeError(f"{self.kernel}(): {'got two values for' if name in values else 'takes no'} "
                                f"argument `{name}`")
            values[name] = value
        origin: dict[str, str] = {}  # a scalar read from a shape → the argument it came from
        for scalar, places in self.sources.items():
            for array, axis in places:
                if array not in values:
                    continue
                shape, dims = values[array].shape, self.dims[array]
                if len(shape) != len(dims):
                    flat = len(shape) == 1 and scalar not in values
                    raise ValueError(f"{self.kernel}(): argument `{array}` must have the kernel's declared dims "
                                     f"({', '.join(dims)}), got shape {tuple(shape)}"
                                     + ("; pass the scalars with a flat tensor" if flat else ""))
                if scalar not in values:
                    values[scalar], origin[scalar] = shape[axis], array
                elif values[scalar] != shape[axis]:
                    got = f"`{origin[scalar]}` gives {values[scalar]}" if scalar in origin else f"it is {values[scalar]}"
                    raise ValueError(f"{self.kernel}(): `{scalar}` disagrees with the dims: {got}, `{array}` of "
                                     f"dims ({', '.join(dims)}) and shape {tuple(shape)} gives {shape[axis]}")
        missing = [n for n in self.names if n not in values]
        if missing:
            raise TypeError(f"{self.kernel}(): missing {', '.join(f'`{n}`' for n in missing)}")
        return self.op(*(values[n] for n in self.names), threads=threads, block=block)


def _summed_steps(spec: OpSpec) -> list[tuple[str, int, int, str]]:
    """`spec`'s ``d<out> = K`` items (``#[backward]``): (the step kernel, the position of the gradient among its
    arguments, the terms K takes there, K)."""
    if spec.backward is None:
        return []
    steps = spec.backward[0]
    return [(steps[n][0], at, terms, kernel) for n, at, terms, kernel in spec.backward[3]]


def _check_mutates(spec: OpSpec) -> None:
    """The schema's ``Tensor(x!)`` arguments are exactly `spec.mutates` (a generator bug otherwise)."""
    written = {arg.split()[-1] for arg in _declared(spec.schema) if "!)" in arg}
    if written != set(spec.mutates):
        raise ValueError(f"operator `{spec.kernel}`: schema writes {sorted(written)}, spec says {list(spec.mutates)}")


def _launcher(stub: Callable[..., Any], returns: bool = False) -> Callable[..., Any]:
    """The operator's implementation: the stub, with ``threads``/``block`` lists made ints or tuples. The
    in-place operator returns nothing (its schema's ``-> ()``), even from a stub that returns the outputs it
    was given; a functional one (`returns`) returns what the stub made of the outputs left out."""

    def launch(*args: Any, threads: Sequence[int] | None = None, block: Sequence[int] | None = None) -> Any:
        # no stream: the stub launches on PyTorch's current stream of the tensors' device
        made = stub(*args, threads=_shape(threads), block=_shape(block))
        return made if returns else None

    launch.__name__ = launch.__qualname__ = getattr(stub, "__name__", "launch")
    launch.__doc__ = stub.__doc__
    return launch


def _shape(value: Sequence[int] | None) -> int | tuple[int, ...] | None:
    if value is None:
        return None
    dims = tuple(int(v) for v in value)
    return dims[0] if len(dims) == 1 else dims


def _fake(key: CompileKey) -> Callable[..., None]:
    """The in-place operator's fake implementation: what the kernel does to shapes is nothing (it writes its
    outputs in place, returns nothing); it keys the graph being traced (`key`)."""

    def fake(*args: Any, **kwargs: Any) -> None:
        key.put()

    return fake


def _declared(schema: str) -> list[str]:
    """An operator's `schema`'s arguments as written (``Tensor x``, ``Tensor(a!) y``, ``*``, ...)."""
    return schema.split("->")[0].strip()[1:-1].split(", ")


def _arguments(schema: str) -> tuple[str, ...]:
    """The positional arguments' names of an operator's `schema` (those before ``*``)."""
    names = []
    for arg in _declared(schema):
        if arg == "*":
            break
        names.append(arg.split()[-1])
    return tuple(names)


def _tensor_arguments(schema: str) -> set[str]:
    """The names of an operator's `schema`'s tensor arguments (``Tensor x``, ``Tensor(a!) y``)."""
    return {arg.split()[-1] for arg in _declared(schema) if arg.startswith("Tensor")}


def _fake_outputs(kernel: Any, count: int, key: CompileKey) -> Callable[..., Any]:
    """The functional operator's fake implementation: its outputs, made with their declared dims
    (`Kernel.allocate`), launched nowhere; it keys the graph being traced (`key`)."""

    def fake(*args: Any, threads: Any = None, block: Any = None) -> Any:
        key.put()
        if _lowerings:
            _lower_in_inductor()
        made = kernel.allocate((*args, *(None,) * count))[-count:]
        return made[0] if count == 1 else tuple(made)

    return fake


def _lowering(torch: Any, namespace: str, name: str, kernel: Any, count: int) -> Callable[[Any], Callable[..., Any]]:
    """The functional operator `name`'s decomposition for Inductor, given ``auto_functionalized``: its `count`
    outputs made with their declared dims (`Kernel.allocate`, symbolic sizes kept), then its ``.out`` overload
    run into them, functionally (``auto_functionalized``, which Inductor turns back into the in-place call).
    The compiled graph then allocates the outputs itself (its buffers, which it may reuse) and calls
    ``torch.ops.<namespace>.<name>.out``: the stub with its outputs passed, without the functional operator's
    autograd wrapper and allocation on the host at each call."""

    def make(auto_functionalized: Any) -> Callable[..., Any]:
        out = getattr(getattr(torch.ops, namespace), name).out
        names = [a.name for a in out._schema.arguments if not a.kwarg_only]

        def decomposed(*args: Any, threads: Any = None, block: Any = None) -> Any:
            summed = _sums.get(f"{namespace}::{name}")
            if summed and threads is None and block is None:
                found = _sum_terms(torch, args, summed)
                if found is not None:  # the kernel that reads the sum's terms, in the place of the add's result
                    at, other, terms = found
                    return getattr(getattr(torch.ops, namespace), other).default(*args[:at], *terms, *args[at + 1:])
            made = kernel.allocate((*args, *(None,) * count))[-count:]
            values = dict(zip(names, (*args, *made), strict=True))
            result = auto_functionalized(out, **values, threads=threads, block=block)
            return result[1] if count == 1 else tuple(result[1:])

        return decomposed

    return make


def _sum_terms(torch: Any, args: tuple[Any, ...], summed: dict[int, tuple[int, str]]
               ) -> tuple[int, str, list[Any]] | None:
    """Where a graph is being traced (``make_fx``, which Inductor's decompositions run under) and the argument
    that a ``d<out> = K`` item names (`summed`: terms → (its position, K)) was made by PyTorch's add of
    tensors of its shape and dtype, dense, left to right (``(a + b) + c``, through views): (its position, K,
    the terms as tensors of the argument's shape), for the K of the most terms that the add has. Else None
    (eager calls, any other producer, broadcasting, ``alpha``), and the step runs as it is. K computes the
    step's result for the terms added as PyTorch adds them (each sum rounded), so the add it stands in for,
    left without a user, is dropped from the graph, and the result is the same bits."""
    try:
        from torch import fx  # type: ignore[import-not-found, unused-ignore]
        from torch.fx.experimental import proxy_tensor  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    tracing: Any = proxy_tensor  # untyped here: its functions take the tracer the mode holds
    Node: Any = fx.Node
    mode = tracing.get_proxy_mode()
    tracer = getattr(mode, "tracer", None)
    if getattr(tracer, "tensor_tracker", None) is None:
        return None
    aten = torch.ops.aten
    views = (aten.view.default, aten._unsafe_view.default, aten.reshape.default)
    for terms in sorted(summed, reverse=True):
        at, kernel = summed[terms]
        if at >= len(args) or not isinstance(args[at], torch.Tensor):
            continue
        given = args[at]
        try:
            node: Any = tracing.get_proxy_slot(given, tracer).proxy.node
        except Exception:  # noqa: BLE001 - a tensor the tracer does not know: nothing to look through
            return None
        while node.target in views and isinstance(node.args[0], Node):
            node = node.args[0]
        found: list[Any] = []
        for _ in range(terms - 1):  # ((t0 + t1) + t2): the right term of each add, then the last left one
            if (node.target is not aten.add.Tensor or len(node.args) != 2 or node.kwargs.get("alpha", 1) != 1
                    or not all(isinstance(a, Node) for a in node.args)):
                break
            found.append(node.args[1])
            node = node.args[0]
        else:
            found.append(node)
            found.reverse()
            tensors = _tracked(torch, tracing, tracer, found)
            if tensors is not None and all(
                    t.shape == tensors[0].shape and t.dtype == given.dtype and t.numel() == given.numel()
                    and t.is_contiguous() for t in tensors):
                return at, kernel, [t.view(given.shape) for t in tensors]
    return None


def _tracked(torch: Any, tracing: Any, tracer: Any, nodes: list[Any]) -> list[Any] | None:
    """Tensors that stand for `nodes` in the graph being traced: the tracer's own (its ``tensor_tracker``:
    tensor → proxy) where one is still alive, else the value recorded with the node (``meta["val"]``), given
    the node as its proxy (``track_tensor_tree`` of `tracing`, ``torch.fx.experimental.proxy_tensor``); None where
    neither can be had."""
    wanted = {id(n): k for k, n in enumerate(nodes)}
    out: list[Any] = [None] * len(nodes)
    for tensor, slot in list(tracer.tensor_tracker.items()):
        k = wanted.get(id(getattr(getattr(slot, "proxy", None), "node", None)))
        if k is not None and out[k] is None:
            out[k] = tensor
    for k, node in enumerate(nodes):
        if out[k] is None:
            value = node.meta.get("val")
            if not isinstance(value, torch.Tensor):
                return None
            try:
                tracing.track_tensor_tree(value, torch.fx.Proxy(node, tracer), constant=None, tracer=tracer)
            except Exception:  # noqa: BLE001 - another PyTorch's tracer: the step runs as it is
                return None
            out[k] = value
    return out


def _lower_in_inductor() -> None:
    """Give Inductor the decompositions of the functional operators registered so far (`_lowering`): called
    by their fake implementations, which run when a graph is traced, before Inductor compiles it, so that
    importing a generated module never imports Inductor. Where PyTorch lacks what they need (the
    decomposition table, ``auto_functionalized``), the compiled graph calls the functional operators as
    before."""
    with _lock:
        pending = dict(_lowerings)
        _lowerings.clear()
    try:
        import torch  # type: ignore[import-not-found, unused-ignore]
        from torch._higher_order_ops.auto_functionalize import (  # type: ignore[import-not-found, unused-ignore]
            auto_functionalized,
        )
        from torch._inductor import decomposition  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return
    table = getattr(decomposition, "decompositions", None)
    if not isinstance(table, dict):
        return
    for qualname, make in pending.items():
        namespace, name = qualname.split("::")
        table[getattr(getattr(torch.ops, namespace), name).default] = make(auto_functionalized)
    cached = getattr(decomposition, "fast_random_decomps", None)  # the table Inductor reads, cached once made
    clear = getattr(cached, "cache_clear", None)
    if clear is not None:
        clear()


def _register_autograd(torch: Any, library: Any, namespace: str, spec: OpSpec,
                       returns_of: dict[str, tuple[str, ...]], launch: Callable[..., Any]) -> None:
    """The autograd formula of `spec`'s functional operator (`_formula`), registered as its ``Autograd``
    kernel.

    What ``torch.library.register_autograd`` registers, without its cost on the host: an eager call on plain
    CPU or CUDA tensors (nothing but the device's own key below autograd: no tensor subclass, no dispatch
    mode, no fake tensor, no functorch level) runs the operator's implementation (`launch`, the stub)
    directly, as the redispatch below autograd would reach it; any other call (tracing by ``torch.compile``
    or ``torch.export``, a ``TorchDispatchMode``) is redispatched, as there."""
    setup_context, gradients = _formula(torch, namespace, spec, returns_of)
    functional = getattr(getattr(torch.ops, namespace), spec.kernel).default
    C = torch._C
    after = C._after_autograd_keyset
    devices = (C.DispatchKey.CPU, C.DispatchKey.CUDA)

    def forward(ctx: Any, below: Any, options: dict[str, Any], *inputs: Any) -> Any:
        if below is None:
            output = launch(*inputs, **options)
        else:
            with C._AutoDispatchBelowAutograd():
                output = functional.redispatch(below, *inputs, **options)
        setup_context(ctx, inputs, output)
        return output

    def backward(ctx: Any, *incoming: Any) -> tuple[Any, ...]:
        return (None, None, *gradients(ctx, incoming, ctx.needs_input_grad[2:]))

    formula: Any = type(f"{spec.kernel}_backward", (torch.autograd.Function,),
                        {"forward": staticmethod(forward), "backward": staticmethod(backward)})

    def autograd(keyset: Any, *inputs: Any, **options: Any) -> Any:
        below = keyset & after
        plain = below.highestPriorityTypeId() in devices
        if C.is_grad_enabled() and C._any_requires_grad(*inputs):
            return formula.apply(None if plain else below, options, *inputs)
        if plain:
            return launch(*inputs, **options)
        with C._AutoDispatchBelowAutograd():
            return functional.redispatch(below, *inputs, **options)

    library.impl(spec.kernel, autograd, "Autograd", with_keyset=True)


def _formula(torch: Any, namespace: str, spec: OpSpec, returns_of: dict[str, tuple[str, ...]]
             ) -> tuple[Callable[[Any, tuple[Any, ...], Any], None], Callable[[Any, tuple[Any, ...], Any], list[Any]]]:
    """`spec`'s autograd formula: (``setup_context(ctx, inputs, output)``, ``gradients(ctx, incoming,
    needed)``). The backward runs the backward kernels' own (functional) operators in order, each given the
    values its parameters name (`spec.backward`), and returns each input's gradient in the input's shape
    (None where `needed` says none). Outputs whose gradient no backward kernel reads are marked not
    differentiable: a loss that uses them gets no gradient through them, as from an integer output."""
    assert spec.backward is not None
    steps, grads, differentiable = spec.backward[:3]
    ops = getattr(torch.ops, namespace)
    step_ops = [getattr(ops, kernel).default for kernel, _ in steps]  # overloads: a packet resolves at each call
    names, returns = _arguments(spec.functional), spec.returns
    saved = sorted({s.partition(":")[2] for _, sources in steps for s in sources if s.partition(":")[0] in ("in", "out")})
    gradient_of = dict(grads)

    def step_output(made: list[tuple[Any, ...]], source: str) -> Any:
        _, n, name = source.split(":")  # output NAME of step N
        return made[int(n)][returns_of[steps[int(n)][0]].index(name)]

    # where each value comes from, found once: the call's arguments, then its outputs (`every` below)
    every_name = (*names, *returns)
    tensors = {*returns, *_tensor_arguments(spec.functional)}
    tensor_names = [n for n in saved if n in tensors]
    scalar_names = [n for n in saved if n not in tensor_names]
    tensor_at = [every_name.index(n) for n in tensor_names]
    scalar_at = [every_name.index(n) for n in scalar_names]
    shape_names = list(gradient_of)
    shape_at = [names.index(n) for n in shape_names]
    fixed_at = [n for n, name in enumerate(returns) if name not in differentiable]
    incoming_names = [(n, f"grad:{name}") for n, name in enumerate(returns) if name in differentiable]

    def setup_context(ctx: Any, inputs: tuple[Any, ...], output: Any) -> None:
        outs = output if isinstance(output, tuple) else (output,)
        every = (*inputs, *outs)
        ctx.save_for_backward(*[every[i] for i in tensor_at])
        ctx.oxpack_scalars = [every[i] for i in scalar_at]
        ctx.oxpack_shapes = [inputs[i].shape for i in shape_at]
        if fixed_at:
            ctx.mark_non_differentiable(*[outs[i] for i in fixed_at])

    def gradients(ctx: Any, incoming: tuple[Any, ...], needed: tuple[bool, ...]) -> list[Any]:
        values: dict[str, Any] = dict(zip(tensor_names, ctx.saved_tensors, strict=True))
        values.update(zip(scalar_names, ctx.oxpack_scalars, strict=True))
        for n, name in incoming_names:  # a kernel reads a dense gradient (an expanded one has zero strides)
            values[name] = incoming[n].contiguous()
        shapes = dict(zip(shape_names, ctx.oxpack_shapes, strict=True))
        made: list[tuple[Any, ...]] = []
        for op, (_, sources) in zip(step_ops, steps, strict=True):
            args = [step_output(made, s) if s.startswith("step:")
                    else values[s if s.startswith("grad:") else s.partition(":")[2]] for s in sources]
            result = op(*args)
            made.append(result if isinstance(result, tuple) else (result,))
        out: list[Any] = []
        # Inputs given one gradient (`d<y> = d<x>`) get the same tensor object, as PyTorch's add gives its two
        # inputs; never two views of one storage: autograd, seeing each view alone, may take one as a buffer to
        # add into in place, which would change the other. Inputs of other shapes get a copy.
        given: dict[str, Any] = {}
        for name, wanted in zip(names, needed, strict=False):
            source = gradient_of.get(name)
            if source is None or not wanted:
                out.append(None)
                continue
            shape = shapes[name]
            first = given.get(source)
            if first is None:
                given[source] = first = step_output(made, source).view(shape)
            out.append(first if first.shape == shape else first.reshape(shape).clone())
        return out

    return setup_context, gradients


def kernelize(model: Any, mapping: Mapping[Any, Any]) -> list[str]:
    """Swap kernels into `model` (an ``nn.Module``), as Hugging Face ``kernels``' layer mapping does: every
    submodule whose class, or class name, is a key of `mapping` runs the mapped layer class's ``forward``
    with itself as ``self``, so the layer reads the module's own parameters and attributes (its weights
    stay where they are: a state dict, an optimizer and ``.to()`` see no change). A layer class may list the
    attributes its ``forward`` reads in ``needs`` (a module without one is refused, naming both), and a
    static ``refuses(module)`` that says why a module cannot take it (or None); refusals come before any
    module is changed. Returns the swapped modules' names, in ``named_modules`` order."""
    chosen = []
    for name, module in model.named_modules():
        cls = type(module)
        layer = mapping.get(cls, mapping.get(cls.__name__))
        if layer is None:
            continue
        missing = [a for a in getattr(layer, "needs", ()) if not hasattr(module, a)]
        if missing:
            raise TypeError(f"kernelize: module `{name or '(the model)'}` ({cls.__name__}) has no "
                            f"{', '.join(f'`{a}`' for a in missing)}, which {layer.__name__}.forward reads; "
                            f"map {cls.__name__} to a layer written for it")
        refuses = getattr(layer, "refuses", None)  # a check of the module beyond its attributes
        why = refuses(module) if refuses is not None else None
        if why:
            raise TypeError(f"kernelize: module `{name or '(the model)'}` ({cls.__name__}) cannot take "
                            f"{layer.__name__}.forward: {why}")
        chosen.append((name, module, layer))
    for _, module, layer in chosen:
        module.forward = types.MethodType(layer.forward, module)
    return [name for name, _, _ in chosen]
