"""The hatchling build hook: `[tool.hatch.build.hooks.oxpack]` in a project's pyproject.

For a wheel it builds every kernel crate, renders the typed stubs and puts
them, with the fatbins, into the wheel through `force_include`; nothing is
written into the project's source tree. With `emulation = true` the host libraries
ship too, and the wheel is tagged for the build platform (`py3-none-linux_x86_64`),
as is an editable wheel, which carries host libraries wherever they build.
For an editable wheel (`pip install -e`) the same files go into
`_oxpack_editable_<project>/` with an import hook (`editable_finder.py`, loaded by
a `.pth`) that serves them as the package's modules and rebuilds them after an edit.
The files and their destinations are `oxpack.package.outputs`'s (`Wheel`, `EditableWheel`), as for every
front end. Settings come from `[tool.oxpack]`, overridden by the hook's own table. Every error
becomes one line on stderr (which pip shows when a build fails) and a clean build
failure, never a traceback.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import traceback
from pathlib import Path
from typing import Any, NoReturn

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from ..builder.progress import Progress
from ..errors import OxpackError


class OxpackBuildError(SystemExit):
    """Ends the build with oxpack's one-line message and no traceback."""


class OxpackBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "oxpack"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        from ..builder.stages.host import host_platform
        from ..package.outputs import EditableWheel, Wheel, write_outputs

        self._staging = Path(tempfile.mkdtemp(prefix="oxpack-wheel-"))
        overrides = {k: v for k, v in self.config.items()}
        # hatch's verbosity (HATCH_VERBOSE / HATCH_QUIET): below 0 quiet, above 0 every command too
        log = Progress(verbosity=max(-1, min(self.app.verbosity, 1)), live=False,
                       write=lambda message: self.app.display_info(f"oxpack: {message}"))
        try:
            destination = (EditableWheel(self._staging, build_data["force_include_editable"],
                                         project=self.metadata.core.name, overrides=overrides)
                           if version == "editable" else Wheel(self._staging, build_data["force_include"]))
            written = write_outputs(Path(self.root), destination, overrides=overrides, log=log)
        except OxpackError as exc:
            self._fail(f"oxpack: {exc}")
        except Exception as exc:  # a defect in oxpack: still one line, the traceback on request
            if os.environ.get("OXPACK_TRACEBACK"):
                traceback.print_exc()
            self._fail(f"oxpack: internal error while building the kernels of {self.root}: "
                       f"{type(exc).__name__}: {exc} (set OXPACK_TRACEBACK=1 for the traceback, and please report it)")
        if written.result.host_libraries():  # `emulation = true`: a CPU library for this platform ships too
            build_data["pure_python"] = False
            build_data["tag"] = tag = f"py3-none-{host_platform()}"
            if version == "editable":
                # hatchling's editable builders set build_data["tag"] from get_default_tag() (`py3-none-any`)
                # after the hooks ran: the editable wheel gets this platform's tag through that method instead
                setattr(self.build_config.builder, "get_default_tag", lambda: tag)
        kernels = sum(len(c.kernels) for c in written.result.crates)
        log(f"{kernels} kernels in {len(written.result.crates)} crates for {', '.join(written.result.archs)}")

    def _fail(self, message: str) -> NoReturn:
        shutil.rmtree(self._staging, ignore_errors=True)
        # on stderr: pip shows a failed build's output even without -v (and hides a good one's)
        self.app.display_error(message)
        raise OxpackBuildError(1) from None

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        staging = getattr(self, "_staging", None)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


__all__ = ["OxpackBuildError", "OxpackBuildHook"]
