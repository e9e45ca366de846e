"""The hatchling build hook: `[tool.hatch.build.hooks.oxpack]` in a project's pyproject.

For a wheel it builds every kernel crate, renders the typed stubs and puts
them, with the fatbins, into the wheel through `force_include`; nothing is
written into the project's source tree. With `emulation = true` the host libraries
ship too, and the wheel is tagged for the build platform (`py3-none-linux_x86_64`),
as is an editable wheel, which carries host libraries wherever they build.
For an editable wheel (`pip install -e`) the same files go into
`_oxpack_editable_<project>/` with an import hook (`editable_finder.py`, loaded by
a `.pth`) that serves them as the package's modules and rebuilds them after an edit.
Settings come from `[tool.oxpack]`, overridden by the hook's own table. Every error
becomes one line on stderr (which pip shows when a build fails) and a clean build
failure, never a traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from ..errors import OxpackError
from ..progress import Progress

if TYPE_CHECKING:
    from ..project import Staged


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
            if version == "editable":  # emu2: with host libraries wherever they build, to emulate (emulation.py)
                from ..emulation import build_editable

                staged = build_editable(Path(self.root), self._staging, overrides=overrides, log=log)
            else:
                staged = build_into(Path(self.root), self._staging, overrides=overrides, log=log)
            if version == "editable":
                self._editable(staged, overrides, build_data)
            else:
                for wheel_path, disk_path in staged.files.items():
                    build_data["force_include"][str(disk_path)] = wheel_path
        except OxpackError as exc:
            self._fail(f"oxpack: {exc}")
        except Exception as exc:  # a defect in oxpack: still one line, the traceback on request
            if os.environ.get("OXPACK_TRACEBACK"):
                traceback.print_exc()
            self._fail(f"oxpack: internal error while building the kernels of {self.root}: "
                       f"{type(exc).__name__}: {exc} (set OXPACK_TRACEBACK=1 for the traceback, and please report it)")
        if staged.result.host_libraries():  # `emulation = true`: a CPU library for this platform ships too
            from ..emulation import host_platform

            build_data["pure_python"] = False
            build_data["tag"] = tag = f"py3-none-{host_platform()}"
            if version == "editable":
                # hatchling's editable builders set build_data["tag"] from get_default_tag() (`py3-none-any`)
                # after the hooks ran: the editable wheel gets this platform's tag through that method instead
                setattr(self.build_config.builder, "get_default_tag", lambda: tag)
        kernels = sum(len(c.kernels) for c in staged.result.crates)
        log(f"{kernels} kernels in {len(staged.result.crates)} crates for {', '.join(staged.result.archs)}")

    def _fail(self, message: str) -> NoReturn:
        shutil.rmtree(self._staging, ignore_errors=True)
        # on stderr: pip shows a failed build's output even without -v (and hides a good one's)
        self.app.display_error(message)
        raise OxpackBuildError(1) from None

    def _editable(self, staged: Staged, overrides: dict[str, Any], build_data: dict[str, Any]) -> None:
        """The generated files, an import hook that serves them and its `.pth`, for an editable wheel."""
        from .editable_finder import fingerprint

        name = "_oxpack_editable_" + re.sub(r"[^A-Za-z0-9]+", "_", self.metadata.core.name).lower()
        include = build_data["force_include_editable"]
        for wheel_path, disk_path in staged.files.items():
            include[str(disk_path)] = f"{name}/{wheel_path}"
        package = _package_of(staged.files)
        config = staged.result.config
        finder = self._staging / f"{name}.py"
        shutil.copyfile(Path(__file__).with_name("editable_finder.py"), finder)
        include[str(finder)] = f"{name}.py"
        built_from = fingerprint(config.project_dir, config.kernels)
        # site-packages is where the wheel lands; the .pth finds it from its own module
        line = (f"import {name}, os; {name}.install({package!r}, os.path.join(os.path.dirname({name}.__file__), "
                f"{name!r}, *{package.split('.')!r}), {str(config.project_dir)!r}, {list(config.kernels)!r}, "
                f"{built_from!r}, {overrides!r})\n")
        pth = self._staging / f"{name}.pth"
        pth.write_text(line)
        include[str(pth)] = f"{name}.pth"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        staging = getattr(self, "_staging", None)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def _package_of(files: dict[str, Path]) -> str:
    """`vecmath` from the wheel paths `vecmath/kernels.py`, `vecmath/_oxpack/...` (dotted)."""
    module = next(path for path in files if path.endswith(".py") and "/_oxpack/" not in path)
    return module.rsplit("/", 1)[0].replace("/", ".")


__all__ = ["OxpackBuildError", "OxpackBuildHook"]
