"""The kernel signatures a build stage hands on, as JSON (the `ll` stage's cached `kernels.json`)."""

from __future__ import annotations

from typing import Any

from .llvm import KernelParam, KernelSig, LaunchBounds

__all__ = ["sig_from_json", "sig_to_json"]


def sig_to_json(sig: KernelSig) -> dict[str, Any]:
    out: dict[str, Any] = {"name": sig.name, "doc": sig.doc, "requires": list(sig.requires),
                           "params": [p.as_dict() for p in sig.params]}
    if sig.bounds is not None:
        out["launch_bounds"] = sig.bounds.as_dict()
    if sig.max_registers is not None:
        out["max_registers"] = sig.max_registers
    return out


def sig_from_json(data: dict[str, Any]) -> KernelSig:
    params = tuple(KernelParam(p["name"], p["kind"], p["dtype"]) for p in data["params"])
    bounds = data.get("launch_bounds")
    return KernelSig(data["name"], params, data["doc"], tuple(data["requires"]),
                     LaunchBounds(bounds["max_threads"], bounds.get("min_blocks")) if bounds else None,
                     data.get("max_registers"))
