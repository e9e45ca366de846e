"""The stub of a kernel that declares its launch (``#[launch(...)]``): the call passes only data.

`stub_call` writes the body of such a stub after its docstring. For a 1-D launch whose expressions
read scalars, ``len(x)`` and the block's thread count, the stub computes the block, the launch
indices and the dynamic shared memory inline (Python arithmetic, as the fast paths' requirements
are: `_where.render(python=True)`), checks them (ints, not negative, equal to an explicit
``threads=``/``block=``) and calls the fast path. Any other call, and any case the inline code
cannot settle (an exception, a float, a tuple block), goes to the run time's `Kernel.resolve`
(``runtime/_launch.py``), which checks the arguments first and names the kernel and the expression
in its one-line errors. The code is written line by line, in the order it runs, through `_Code`, which also
writes each `return` of a stub that returns its outputs (`#[outputs]`) as their return. `launch_doc` is what the
docstring says of the declaration.
"""

from __future__ import annotations

import ast
from typing import Any

from ..contract import where
from ..runtime import _checks

__all__ = ["derive_call", "dims_doc", "launch_doc", "stub_call"]

_MAX_GRID_X = 2**31 - 1


def _full(kernel: Any) -> list[str]:
    """The names of the kernel's full arguments: the call's, with ``_ox_shared`` for the declared dynamic shared
    memory and ``_ox_ws`` for the declared workspace."""
    shared, workspace = kernel.declared_shared, kernel.declared_workspace
    return ["_ox_shared" if shared is not None and a.pos == shared.pos else
            "_ox_ws" if workspace is not None and a.pos == workspace.pos else a.name for a in kernel.args]


def _tuple(names: list[str]) -> str:
    return f"({names[0]},)" if len(names) == 1 else f"({', '.join(names)})"


class _Builtins(ast.NodeTransformer):
    """``min(...)`` and ``max(...)`` as the module's ``_ox_min`` and ``_ox_max``: a kernel of the module, or
    a parameter of the kernel, named ``min`` or ``max`` would hide the builtin from the stub's code."""

    def visit_Call(self, node: ast.Call) -> ast.Call:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            node.func = ast.Name(f"_ox_{node.func.id}", ast.Load())
        return node


def _inline(kernel: Any) -> dict[str, str] | None:
    """key → its Python expression over the stub's names, or None when the stub cannot compute it inline."""
    lang = where()
    if kernel.rank not in (None, 1):
        return None
    shapes = kernel.launch_shape()
    if any(len(axes) != 1 for axes in shapes.values()):
        return None
    for axes in shapes.values():
        for term in lang.terms(axes[0]):
            if isinstance(term, lang.Launch) and (term.name != "block" or term.axis is not None):
                return None

    def name(term: Any) -> str:
        if isinstance(term, lang.Launch):
            return "_ox_block"
        return f"_ox_elements({term.name})" if isinstance(term, lang.Len) else term.name

    return {key: ast.unparse(_Builtins().visit(ast.parse(lang.render(axes[0], name, python=True), mode="eval")))
            for key, axes in shapes.items()}


def opens(kernel: Any) -> bool:
    """Whether `kernel`'s stub passes its fast path `_OPEN` for a block left to the tuning, which the fast path
    looks up by the call's sizes (`_State.opens`): a kernel that tunes its block (`#[tune(block = ...)]`) and no
    other kernel, of one body, whose declared launch the stub computes inline, with no shared memory declared or
    passed. Its launcher takes `_OPEN` (`launchers.py`)."""
    if not getattr(kernel, "tune", None) or getattr(kernel, "tune_kernels", None) or getattr(kernel, "bodies", None):
        return False
    if not kernel.launch or any(p.kind == "dynshared" for p in kernel.args) or kernel.declared_workspace is not None:
        return False
    inline = _inline(kernel)
    return inline is not None and "shared" not in inline


class _Code:
    """A stub's body, written as it runs: lines emitted in order, each at its depth (4 spaces a level), and its
    `return`s, which in a stub that returns its outputs (`#[outputs]`) return them."""

    def __init__(self, returns: str | None = None) -> None:
        self.returns = returns  # what each `return` of the stub returns: the outputs, or nothing
        self._lines: list[str] = []

    def line(self, depth: int, text: str) -> None:
        self._lines.append("    " * depth + text + "\n")

    def ret(self, depth: int, why: str = "") -> None:
        """The stub's `return` (the outputs, in a stub that returns them), with `why` as its comment."""
        self.line(depth, "return" + (f" {self.returns}" if self.returns else "") + (f"  # {why}" if why else ""))

    def text(self) -> str:
        return "".join(self._lines)


def stub_call(kernel: Any, call: list[str]) -> str:
    """The stub's body after its docstring; `call` names the arguments the stub takes. A kernel that tunes its
    block (`#[tune]`) first asks `Kernel.tuned` for the block of a call that leaves it open. A kernel with
    variants of their own launch or parameters (`bodies`) runs the body `Kernel.pick` says; one that declares
    outputs (`#[outputs]`) makes those the call leaves out and returns them."""
    name = kernel.name
    if kernel.outputs:
        return _with_outputs(kernel, call)
    code = _Code()
    if kernel.bodies:
        _dispatch(code, 1, kernel, call)
    else:
        _launch(code, 1, kernel, call, f"_fast_{name}", f'_module.kernel("{name}")')
    return code.text()


def _launch(code: _Code, at: int, kernel: Any, call: list[str], fast: str, general: str) -> None:
    """The code that launches `kernel` (a kernel, or one of its `bodies`) at depth `at`: `fast` names its fast
    path (``_fast_<kernel>``) and `general` the run time's `Kernel` (``_module.kernel("<kernel>")``)."""
    full, packed = _full(kernel), _tuple(call) if call else "()"
    # (a kernel with bodies asked which kernel runs before picking its body: `_dispatch`)
    opened = opens(kernel) and fast == f"_fast_{kernel.name}"  # the fast path finds the tuned launch by the sizes
    if kernel.tune_kernels and not kernel.bodies:
        _tuned_kernel(code, at, kernel, call)
    elif kernel.tune and not opened:
        code.line(at, "if block is None:  # the tuned block for these sizes (#[tune]): timed at their first call")
        code.line(at + 1, f"block = {general}.tuned({packed}, stream)")
    elif kernel.tune:
        code.line(at, "_ox_open = block is None  # the block left to the tuning (#[tune])")
        code.line(at, "if _ox_open:  # the launch the tuning settled for these sizes, which the fast path finds by "
                      "them")
        code.line(at + 1, f"if {fast}({', '.join([*full, 'stream', 'threads', '_ox_OPEN'])}):")
        code.ret(at + 2, "launched as the tuning settled for these sizes")
        code.line(at + 1, "# none yet: the tuned block (timed at the first call of these sizes)")
        code.line(at + 1, f"block = {general}.tuned({packed}, stream)")
    if not kernel.launch:
        code.line(at, f"if {fast}({', '.join([*full, 'stream, threads, block'])}):")
        code.ret(at + 1, "checked in full, and launched as an earlier call was")
        code.line(at, f"{general}({_tuple(full)}, stream, threads, block)")
        return
    # Kernel.resolve's full arguments and launch, under names of their own (its values are `object`s: the
    # stub's typed parameters do not take them)
    resolve = f"_ox_args, _ox_launch_threads, _ox_launch_block = {general}.resolve({packed}, threads, block)"
    general_call = f"{general}(_ox_args, stream, _ox_launch_threads, _ox_launch_block)"
    inline = _inline(kernel)
    if inline is None:
        code.line(at, resolve)
        code.line(at, f"if {fast}(*_ox_args, stream, _ox_launch_threads, _ox_launch_block):")
        code.ret(at + 1, "checked in full, and launched as an earlier call was")
        code.line(at, general_call)
        return
    default = _checks._Checks(kernel, None).block_dims(None, (0,))[0]
    lines, ok = [], []
    if "block" in inline:
        lines.append(f"_ox_block = {inline['block']}")
        # a value given for a declared key: an int equal to it (a float or a NumPy integer that compares equal
        # goes to Kernel.resolve, which refuses it as every call is refused one)
        ok += ["_ox_type(_ox_block) is int", "0 < _ox_block",
               "(block is None or (_ox_type(block) is int and block == _ox_block))"]
    elif "threads" in inline or "grid" in inline or any("_ox_block" in v for v in inline.values()):
        lines.append(f"_ox_block = {default} if block is None else block  # the default block, or the call's")
        ok += ["_ox_type(_ox_block) is int", "0 < _ox_block"]
    if "grid" in inline:
        lines += [f"_ox_grid = {inline['grid']}", "_ox_threads = _ox_grid * _ox_block"]
        ok += ["_ox_type(_ox_grid) is int", f"0 <= _ox_grid <= {_MAX_GRID_X}"]
    elif "threads" in inline:
        lines.append(f"_ox_threads = {inline['threads']}")
        ok += ["_ox_type(_ox_threads) is int", f"0 <= _ox_threads <= {_MAX_GRID_X} * _ox_block"]
    if "grid" in inline or "threads" in inline:
        ok.append("(threads is None or (_ox_type(threads) is int and threads == _ox_threads))")
    if "shared" in inline:
        lines.append(f"_ox_shared = {inline['shared']}")
        ok += ["_ox_type(_ox_shared) is int", "0 <= _ox_shared"]
    if "workspace" in inline:
        lines.append(f"_ox_workspace = {inline['workspace']}")
        ok += ["_ox_type(_ox_workspace) is int", "0 <= _ox_workspace"]
    code.line(at, "# the declared launch, computed here; any other case goes to Kernel.resolve, which names what fails")
    code.line(at, "try:")
    for line in lines:
        code.line(at + 1, line)
    code.line(at + 1, "_ox_ok = (")
    for n, test in enumerate(ok):
        code.line(at + 2, f"{'and ' if n else ''}{test}")
    code.line(at + 1, ")")
    # the launch computed: the declared keys' values, and the call's `threads`/`block` for the others
    launch = ", ".join(["_ox_threads" if "grid" in inline or "threads" in inline else "threads",
                        "_ox_block" if "block" in inline else "block"])
    code.line(at, "except Exception:  # a scalar or an array of the wrong type: Kernel.resolve names it")
    code.line(at + 1, "pass")
    code.line(at, "else:")
    code.line(at + 1, "if _ox_ok:")
    if opened:  # the tuned launch, for the fast path to find by these sizes from now on
        code.line(at + 2, "if _ox_open:")
        code.line(at + 3, f"{general}.opened({packed}, threads, {launch})")
    if "workspace" in inline:  # made zeroed for this launch, like the call's first array
        code.line(at + 2, f"_ox_ws = {general}.workspace(_ox_workspace, {packed})")
    code.line(at + 2, f"if {fast}({', '.join([*full, 'stream', launch])}):")
    code.ret(at + 3, "checked in full, and launched as an earlier call was")
    code.line(at + 2, f"{general}({_tuple(full)}, stream, {launch})")
    code.ret(at + 2)
    code.line(at, resolve)
    code.line(at, general_call)


def _tuned_kernel(code: _Code, at: int, kernel: Any, call: list[str]) -> None:
    """The prologue of a stub whose kernel lists other kernels in its `#[tune]`: a call that leaves `block`
    open asks `Kernel.tuned_kernel` which kernel runs it, and with which block; another kernel's stub then
    takes the call, with the same arguments (the build checked that they match). One that refuses the call
    before its launch (`KernelArgumentError`, `KernelValueError`: a choice is kept per size bucket, and these
    arrays may differ from the bucket's others) hands it back to this kernel, untuned (`Kernel.untuned`)."""
    args = ", ".join([*call, "stream=stream", "threads=threads", "block=block"])
    packed, this = _tuple(call) if call else "()", f'_module.kernel("{kernel.name}")'
    code.line(at, "if block is None:  # the tuned kernel and block for these sizes (#[tune]): timed at their first "
                  "call")
    code.line(at + 1, f"_ox_kernel, block = {this}.tuned_kernel({packed}, stream)")
    for other in kernel.tune_kernels:
        code.line(at + 1, f'if _ox_kernel == "{other}":  # another kernel of the same arguments was faster')
        code.line(at + 2, "try:")
        code.line(at + 3, f"{other}({args})")
        code.ret(at + 3)
        code.line(at + 2, "except _ox_refused:  # not these arrays (it was timed on others of their size bucket)")
        code.line(at + 3, f"{this}.untuned({packed})")
        code.line(at + 3, "block = None  # this kernel runs the call, with its default block")


def derive_call(kernel: Any, call: list[str]) -> str:
    """The stub's first lines for a kernel whose `#[dims]` let a call leave scalars out (`derived`): a call
    that leaves one out, or passes only data, has them read from its arrays' shapes (`Kernel.derive`);
    a call that passes every scalar tests only that, and goes on as any call."""
    derived = list(kernel.derived)
    if not derived:
        return ""
    optional = set(kernel.outputs)
    last = [name for name in call if name not in optional][-1]
    # the data alone leaves the last required argument out, or, where the data reaches it (a kernel with as
    # many outputs as derived scalars), puts data in a scalar's place: then a type test (`_Dims.needed`);
    # else a scalar left out by name is None
    data = [name for name in call if name not in derived]
    spills = len(data) > call.index(last)
    test = " or ".join([f"{last} is None", *(f"_ox_type({name}) is not int" if spills and call.index(name) < len(data)
                                            else f"{name} is None" for name in derived)])
    return (f"    if {test}:  # scalars left out: read from the arrays' dims (#[dims])\n"
            f'        {_tuple(call)} = _module.kernel("{kernel.name}").derive({_tuple(call)})\n')


def dims_doc(kernel: Any) -> list[str]:
    """The docstring's ``Dims:`` lines: each declared input's dims, and the call of data alone."""
    if not kernel.dims:
        return []
    derived = list(kernel.derived)
    data = [p.name for p in kernel.call_args if p.name not in derived]
    lines = ["", "Dims (declared by the kernel):", *(f"    {name} = {dims}" for name, dims in kernel.dims.items())]
    if derived:
        optional = set(kernel.outputs)
        shown = ", ".join(n for n in data if n not in optional) + "".join(f"[, {n}]" for n in data if n in optional)
        lines += [f"    A call may pass only its data, {kernel.name}({shown}): {', '.join(derived)} then come",
                  "    from the arrays' shapes (a scalar passed is checked against them; a flat array",
                  "    needs every scalar passed)."]
    return lines


def fast_names(kernel: Any) -> list[tuple[str, str, Any]]:
    """(the module's name for a fast path, its `_State`'s name, the kernel or body it launches) of `kernel`:
    ``_fast_<kernel>``, and ``_fast_<kernel>__<arch>`` for each of its `bodies`."""
    return [(f"_fast_{kernel.name}", kernel.name, kernel),
            *((f"_fast_{kernel.name}__{arch}", f"{kernel.name}@{arch}", kernel.body_kernel(arch))
              for arch in sorted(kernel.bodies))]


def _with_outputs(kernel: Any, call: list[str]) -> str:
    """A stub whose kernel declares outputs a call may leave out (`#[outputs]`): it makes those the call left
    out (`Kernel.allocate`), then launches as any stub, and returns the outputs (from each of its `return`s)."""
    # in the parameters' order, as the manifest's reader keeps `outputs` (a cached build's JSON holds them sorted)
    name, outputs = kernel.name, list(kernel.outputs)
    code = _Code(returns=outputs[0] if len(outputs) == 1 else f"({', '.join(outputs)})")
    code.line(1, f"if {' or '.join(f'{o} is None' for o in outputs)}:  # outputs left out: made with their declared "
                 "dims (#[outputs])")
    code.line(2, f'{_tuple(call)} = _module.kernel("{name}").allocate({_tuple(call)})')
    if kernel.bodies:
        _dispatch(code, 1, kernel, call)
    else:
        _launch(code, 1, kernel, call, f"_fast_{name}", f'_module.kernel("{name}")')
    code.ret(1)
    return code.text()


def _dispatch(code: _Code, at: int, kernel: Any, call: list[str]) -> None:
    """A stub whose kernel has `bodies`: the code of the body that runs the call, picked at run time."""
    name = kernel.name
    if kernel.tune_kernels:
        _tuned_kernel(code, at, kernel, call)
    code.line(at, f'_ox_arch = _module.kernel("{name}").pick({_tuple(call) if call else "()"}).arch_key'
                  "  # the body for the arrays' GPU")
    for arch in sorted(kernel.bodies):
        body = kernel.body_kernel(arch)
        tma = any(p.kind in ("tma", "tma3", "tmah") for p in body.params)
        code.line(at, f'if _ox_arch == "{arch}":  # its variant `{kernel.bodies[arch].name}`')
        if tma:
            code.line(at + 1, "_ox_given = threads, block")
            code.line(at + 1, "try:")
        inner = at + 2 if tma else at + 1
        _launch(code, inner, body, call, f"_fast_{name}__{arch}", f'_module.kernel("{name}").bodies["{arch}"]')
        code.ret(inner)
        if tma:  # arrays its TMA copies cannot read (flat, misaligned): the kernel's own body takes them
            code.line(at + 1, "except _ox_unfit:  # arrays its TMA copies cannot read: the kernel's own body runs")
            code.line(at + 2, "threads, block = _ox_given")
    _launch(code, at, kernel, call, f"_fast_{name}", f'_module.kernel("{name}")')


def launch_doc(kernel: Any) -> list[str]:
    """The docstring's ``Launch:`` lines: what the kernel declares, as its file writes it, and what each of
    its variants of their own launch (`bodies`) declares."""
    lines = _launch_lines(kernel, "Launch (declared by the kernel; a call passes only its data):")
    for arch in sorted(kernel.bodies):
        body = kernel.body_kernel(arch)
        lines += _launch_lines(body, f"On {arch}, its variant `{kernel.bodies[arch].name}` (another launch):") or \
            ["", f"On {arch}, its variant `{kernel.bodies[arch].name}` (its own parameters, no declared launch)."]
    return lines


def _launch_lines(kernel: Any, title: str) -> list[str]:
    if not kernel.launch:
        return []
    lang = where()
    shapes = {key: lang.render_shape(axes) for key, axes in kernel.launch_shape().items()}
    lines = ["", title]
    if "grid" in shapes:
        lines.append(f"    grid = {shapes['grid']} blocks")
    if "threads" in shapes:
        lines.append(f"    threads = {shapes['threads']}")
    if "block" in shapes:
        lines.append(f"    block = {shapes['block']}")
    shared = kernel.declared_shared
    if shared is not None:
        lines.append(f"    shared = {shapes['shared']} ({shared.dtype.name} elements of dynamic shared memory, "
                     f"`{shared.name}`)")
    workspace = kernel.declared_workspace
    if workspace is not None:
        lines.append(f"    workspace = {shapes['workspace']} ({workspace.dtype.name} elements, `{workspace.name}`, made "
                     "zeroed for each launch)")
    return lines
