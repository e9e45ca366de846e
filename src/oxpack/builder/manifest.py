"""The manifest on the build side: written from a build's results, read back by the stubs
renderer and ``oxpack inspect``, through the run time's own model (``runtime/_manifest.py``,
see `oxpack.contract`). Also the kernel signatures that the link stage caches as JSON."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .. import __version__
from ..contract import manifest as model
from ..contract import runtime
from ..errors import StageError
from ..sources import backward, tuned
from ..sources.descriptor import KernelParam, KernelSig, LaunchBounds

__all__ = ["BuiltCrate", "build_manifest", "load_manifest", "sig_from_json", "sig_to_json"]


class BuiltCrate(Protocol):
    """What `build_manifest` reads of one built kernel file (the pipeline's `CrateResult`)."""

    @property
    def name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def fatbin(self) -> bytes: ...
    @property
    def kernels(self) -> Sequence[KernelSig]: ...
    @property
    def resources(self) -> Mapping[str, Mapping[str, Mapping[str, int]]]: ...  # arch → kernel → resources


def build_manifest(*, module: str, archs: Sequence[str], ptx_arch: str | None, ptx_isa: str,
                   fatbin_compression: str, min_driver: str, profile: str, crates: Sequence[BuiltCrate],
                   sources: Mapping[str, Any], emulation: Mapping[str, Any] | None) -> dict[str, Any]:
    """The manifest (as JSON data) of a build of `crates` for `archs`. `sources` is what the build was
    made from (`oxpack.builder.provenance.build_sources`), `emulation` the host libraries' table, if any."""
    m = model()
    kernels = {}
    crates_by = {c.name: c for c in crates}
    for crate in crates:
        for sig in crate.kernels:
            fields = _signature_fields(sig)
            fields["variants"] = {arch: entry for arch, entry in sig.variants if arch in archs}  # those built
            fields["bodies"] = {arch: body for arch, body in fields["bodies"].items() if arch in archs}
            kernels[sig.name] = m.Kernel(
                crate=crate.name, symbol=sig.name,
                resources={arch: dict(crate.resources[arch].get(sig.name, {})) for arch in archs}, **fields)
    # each `#[backward(...)]` matched to its kernels now, naming the file (the operators module runs the plans)
    files = {name: crates_by[k.crate].source for name, k in kernels.items()}
    backward.plans(kernels, files)
    tuned.check(kernels, files)  # each `#[tune(kernels = [...])]` against the kernels it lists
    data = m.Manifest(
        oxpack=__version__, module=module, archs=tuple(archs), ptx_arch=ptx_arch, ptx_isa=ptx_isa,
        fatbin_compression=fatbin_compression, min_driver=min_driver, profile=profile,
        crates={c.name: m.Crate(f"{c.name}.fatbin", hashlib.sha256(c.fatbin).hexdigest(), c.source) for c in crates},
        kernels=kernels,
    ).to_json()
    data["sources"] = dict(sources)
    if emulation is not None:
        data["emulation"] = dict(emulation)
    # read back through the model: a build writes only what every reader accepts
    try:
        return dict(load_manifest(data, f"the manifest of module `{module}`").to_json())
    except runtime().ManifestError as exc:
        raise StageError(str(exc), stage="stubs") from None


def load_manifest(data: object, where: str) -> Any:
    """The `Manifest` in `data` (parsed JSON) of file `where`, as this oxpack reads it; the run
    time's `ManifestError` (one line) when it cannot, a newer or an older `schema` included."""
    return model().Manifest.from_json(
        data, where, reader=f"oxpack {__version__}",
        upgrade="upgrade oxpack (`pip install -U oxpack`) to read it, or rebuild the package with this one",
        rebuild=f"rebuild the package with this oxpack ({__version__})")


def _signature_fields(sig: KernelSig) -> dict[str, Any]:
    m = model()
    bounds = None if sig.bounds is None else m.LaunchBounds(sig.bounds.max_threads, sig.bounds.min_blocks)
    return {"name": sig.name, "params": tuple(m.Param(p.name, p.kind, p.dtype, p.rust) for p in sig.params),
            "doc": sig.doc, "requires": tuple(sig.requires), "launch_bounds": bounds,
            "max_registers": sig.max_registers, "coarsen": sig.coarsen, "variants": dict(sig.variants),
            "whole_warps": sig.whole_warps, "resident_grid": sig.resident_grid, "launch": dict(sig.launch),
            "tune": tuple(sig.tune), "tune_kernels": tuple(sig.tune_kernels), "outputs": dict(sig.outputs), "backward": tuple(sig.backward),
            "bodies": {arch: m.Signature(**_signature_fields(body)) for arch, body in sig.bodies},
            "only_on": sig.only_on}


def sig_to_json(sig: KernelSig) -> dict[str, Any]:
    """A kernel signature as the link stage caches it."""
    return dict(model().Signature(**_signature_fields(sig)).signature_json())


def sig_from_json(data: dict[str, Any]) -> KernelSig:
    """The kernel signature of a link-stage cache entry."""
    return _sig_of(model().Signature.from_signature_json(data, "a cached kernel signature"))


def _sig_of(s: Any) -> KernelSig:
    bounds = None if s.launch_bounds is None else LaunchBounds(s.launch_bounds.max_threads, s.launch_bounds.min_blocks)
    return KernelSig(s.name, tuple(KernelParam(p.name, p.kind, p.dtype, p.rust) for p in s.params), s.doc,
                     tuple(s.requires), bounds, s.max_registers, s.coarsen, tuple(sorted(s.variants.items())),
                     whole_warps=s.whole_warps, resident_grid=s.resident_grid, launch=tuple(s.launch.items()),
                     tune=tuple(s.tune), tune_kernels=tuple(s.tune_kernels), outputs=tuple(s.outputs.items()), backward=tuple(s.backward), bodies=tuple((arch, _sig_of(b)) for arch, b in sorted(s.bodies.items())),
                     only_on=s.only_on)
