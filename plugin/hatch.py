"""The hatchling build hook: `[tool.hatch.build.hooks.oxpack]` in a project's pyproject.

For a wheel it builds every kernel crate, renders the typed stubs and puts
them, with the fatbins, into the wheel through `force_include`; nothing is
written into the project's source tree. With `emulation = true` the host libraries
ship too, and the wheel is tagged for the build platform (`py3-none-linux_x86_64`). Settings come from `[tool.oxpack]`,
overridden by the hook's own table. Errors become one clean build failure.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from ..errors import OxpackError
from ..progress import Progress


class OxpackBuildError(SystemExit):
    """Ends the build with oxpack's one-line message and no traceback."""


class OxpackBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "oxpack"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        from ..project import build_into

        self._staging = Path(tempfile.mkdtemp(prefix="oxpack-wheel-"))
        overrides = {k: v for k, v in self.config.items()}
        # hatch's verbosity (HATCH_VERBOSE / HATCH_QUIET): below 0 quiet, above 0 every command too
        log = Progress(verbosity=max(-1, min(self.app.verbosity, 1)), live=False,
                       write=lambda message: self.app.display_info(f"oxpack: {message}"))
        try:
            staged = build_into(Path(self.root), self._staging, overrides=overrides, log=log)
        except OxpackError as exc:
            shutil.rmtree(self._staging, ignore_errors=True)
            self.app.display_error(f"oxpack: {exc}")
            raise OxpackBuildError(1) from None
        for wheel_path, disk_path in staged.files.items():
            build_data["force_include"][str(disk_path)] = wheel_path
        if staged.result.host_libraries():  # `emulation = true`: a CPU library for this platform ships too
            from ..emulation import host_platform

            build_data["pure_python"] = False
            build_data["tag"] = f"py3-none-{host_platform()}"
        kernels = sum(len(c.kernels) for c in staged.result.crates)
        log(f"{kernels} kernels in {len(staged.result.crates)} crates for {', '.join(staged.result.archs)}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        staging = getattr(self, "_staging", None)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


__all__ = ["OxpackBuildError", "OxpackBuildHook"]
