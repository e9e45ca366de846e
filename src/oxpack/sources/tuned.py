"""Other kernels a kernel's tuning may run (``#[tune(kernels = [k2, k3])]``), checked at build time.

A kernel that lists other kernels in its ``#[tune(...)]`` lets the first call for a size time those too,
each with its own candidate blocks (its ``#[tune(block = [...])]``, else its one default block), and run
the fastest (`runtime._autotune`, `Kernel.tuned_kernel`): the way to tune what a block cannot say, such as
how many elements a thread holds in registers, which a kernel fixes at compile time. Each listed kernel
is called in the kernel's place with the call's own arguments, so it must take the same arguments from
Python (as a per-arch variant must: `variants._face_difference`), declare the same outputs, and list no
kernels of its own. `check` names the file and the kernel of what does not hold.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from ..errors import StageError
from .variants import _face_difference

__all__ = ["check"]


def check(kernels: Mapping[str, Any], files: Mapping[str, str]) -> None:
    """Check every `#[tune(kernels = [...])]` of `kernels` (name → manifest `Kernel`); `files` maps a kernel
    to its source file, for messages."""
    for name, kernel in sorted(kernels.items()):
        if kernel.tune_kernels:
            _check(kernel, kernels, files.get(name, ""))


def _check(kernel: Any, kernels: Mapping[str, Any], file: str) -> None:
    name = kernel.name
    at = f"{file}: " if file else ""

    def fail(why: str) -> StageError:
        return StageError(f"{at}kernel `{name}`: `#[tune(kernels = [{', '.join(kernel.tune_kernels)}])]` {why}",
                          stage="stubs")

    for other in kernel.tune_kernels:
        them = kernels.get(other)
        if them is None:
            close = difflib.get_close_matches(other, [k for k in kernels if k != name], n=1)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            raise fail(f"names `{other}`, which is not a kernel of this module{hint}")
        difference = _face_difference(kernel, them)
        if difference is not None:
            raise fail(f"names `{other}`, which must take the same arguments from Python (the stub calls it in "
                       f"`{name}`'s place): {difference}; make them equal")
        if dict(them.outputs) != dict(kernel.outputs):
            raise fail(f"names `{other}`, whose `#[outputs]` differ from `{name}`'s (the stub returns what it "
                       "makes); declare the same outputs on both")
        if them.tune_kernels:
            raise fail(f"names `{other}`, which lists kernels of its own; list them all on `{name}`")
