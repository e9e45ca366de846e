"""PyTorch custom operators for oxpack kernels: support code of the generated ``<module>_torch.py``.

`register` makes each kernel a ``torch.library`` operator
``torch.ops.<package>.<kernel>`` (dots in the package name become ``_``): its schema
comes from the kernel's signature at build time, the arrays it writes are declared
mutated, and a fake (meta) implementation lets ``torch.compile`` trace it without
running it. Calling the operator calls the generated, checked stub function, so it
gets the stub's checks and errors; it runs on PyTorch's current stream of the
tensors' device. PyTorch is imported by `register` only: this file imports with the
standard library alone.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

__all__ = ["OpSpec", "register"]


class OpSpec(NamedTuple):
    """One kernel's operator: its name, its ``torch.library`` schema, the arrays it writes."""

    kernel: str
    schema: str
    mutates: tuple[str, ...]


_registered: dict[str, Any] = {}  # "namespace::kernel" -> its operator, once per process
_libraries: dict[str, Any] = {}  # namespace -> its torch.library.Library (kept alive: it holds the registrations)
_lock = threading.Lock()


def register(package: str, module: str, specs: Sequence[OpSpec]) -> dict[str, Any]:
    """Define ``torch.ops.<package>.<kernel>`` for each of `specs` (once per process).

    `module` is the generated stub module beside this package's ``_oxpack`` folder;
    each operator calls its function of the same name. Returns the operators (their
    ``OpOverloadPacket``) by kernel name. Imports PyTorch.

    The operators are defined with ``torch.library.Library``: ``define`` (the schema,
    whose ``Tensor(a!)`` arguments are the mutated ones), one implementation for every
    device (``CompositeExplicitAutograd``: a host tensor reaches the stub, which refuses
    it naming the argument) and ``register_fake``. ``torch.library.custom_op`` would
    do the same with a Python wrapper around each call that cost about 30 µs on the
    hosts measured (benchmarks/RESULTS.md).
    """
    import torch  # type: ignore[import-not-found, unused-ignore]  # optional: only this function needs it

    stubs = importlib.import_module(f"{package}.{module}")
    namespace = package.replace(".", "_")
    ops: dict[str, Any] = {}
    with _lock:
        library = _libraries.get(namespace)
        if library is None:
            new_library: Any = torch.library.Library  # its __init__ is untyped
            library = _libraries[namespace] = new_library(namespace, "FRAGMENT")
        for spec in specs:
            qualname = f"{namespace}::{spec.kernel}"
            if qualname not in _registered:
                _check_mutates(spec)
                library.define(f"{spec.kernel}{spec.schema}")
                library.impl(spec.kernel, _launcher(getattr(stubs, spec.kernel)), "CompositeExplicitAutograd")
                torch.library.register_fake(qualname, _fake, lib=library)
                _registered[qualname] = getattr(getattr(torch.ops, namespace), spec.kernel)
            ops[spec.kernel] = _registered[qualname]
    return ops


def _check_mutates(spec: OpSpec) -> None:
    """The schema's ``Tensor(x!)`` arguments are exactly `spec.mutates` (a generator bug otherwise)."""
    written = {arg.split()[-1] for arg in spec.schema.split("->")[0].strip("( )").split(", ") if "!)" in arg}
    if written != set(spec.mutates):
        raise ValueError(f"operator `{spec.kernel}`: schema writes {sorted(written)}, spec says {list(spec.mutates)}")


def _launcher(stub: Callable[..., None]) -> Callable[..., None]:
    """The operator's implementation: the stub, with ``threads``/``block`` lists made ints or tuples."""

    def launch(*args: Any, threads: Sequence[int] | None = None, block: Sequence[int] | None = None) -> None:
        # no stream: the stub launches on PyTorch's current stream of the tensors' device
        stub(*args, threads=_shape(threads), block=_shape(block))

    launch.__name__ = launch.__qualname__ = getattr(stub, "__name__", "launch")
    launch.__doc__ = stub.__doc__
    return launch


def _shape(value: Sequence[int] | None) -> int | tuple[int, ...] | None:
    if value is None:
        return None
    dims = tuple(int(v) for v in value)
    return dims[0] if len(dims) == 1 else dims


def _fake(*args: Any, **kwargs: Any) -> None:
    """What the kernel does to shapes: nothing (it writes its outputs in place, returns nothing)."""
    return None
