"""Registration of the oxpack build hook, found through the `hatch` entry point group."""

from __future__ import annotations

from hatchling.plugin import hookimpl

from .hatch import OxpackBuildHook


@hookimpl
def hatch_register_build_hook() -> type[OxpackBuildHook]:
    return OxpackBuildHook
