"""`oxpack doctor`: what oxpack would use, what is missing, and how to fix it.

Never builds anything and needs neither a GPU nor a CUDA toolkit; it reports
the GPU and driver when there is one, and whether the project's pinned PTX ISA
loads on that driver.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import OxpackError

__all__ = ["diagnose", "render"]


def _rustc(report: dict[str, Any], project: Path) -> None:
    from ..toolchain.process import TOOL_TIMEOUT
    from ..toolchain.rustc import discover

    configured, origin, cache_dir, timeout = None, None, None, TOOL_TIMEOUT
    try:
        from ..config import load_config

        config = load_config(project)
        configured, origin = config.rustc, config.origin("rustc")
        cache_dir, timeout = config.cache_dir, config.tool_timeout
    except OxpackError:
        pass  # `_project` reports it
    try:
        cands = discover(configured, timeout=timeout, configured_origin=origin)
    except OxpackError as exc:  # llvmlite missing: no candidate can be judged
        report["rustc"] = {"candidates": [], "selected": None}
        report["problems"].append(exc.message)
        return
    report["rustc"] = {
        "candidates": [
            {"path": c.path, "origin": c.origin, "usable": c.rustc is not None, "reason": c.reason,
             "release": c.rustc.release if c.rustc else None, "llvm": c.rustc.llvm if c.rustc else None,
             "std": c.rustc.std_origin if c.rustc else None}
            for c in cands
        ],
        "selected": next((c.path for c in cands if c.rustc is not None), None),
    }
    chosen = next((c.rustc for c in cands if c.rustc is not None), None)
    if chosen is None:
        report["problems"].append("no usable rustc: " + "; ".join(f"{c.path}: {c.reason}" for c in cands))
        return
    if chosen.std_origin == "rustup-target":
        report["sysroot"] = {"origin": "rustup-target", "ready": True, "path": str(chosen.target_lib_dir)}
    else:
        from ..store.cache import default_cache_dir, key
        from ..toolchain.sysroot import RECIPE

        folder = default_cache_dir(cache_dir) / "sysroot" / key(RECIPE, chosen.identity)[:24]
        ready = (folder / "complete.json").is_file()
        report["sysroot"] = {"origin": "rust-src", "ready": ready, "path": str(folder),
                             "note": "" if ready else "built on the first build (about 20 s)"}


def _llvm(report: dict[str, Any]) -> None:
    try:
        import llvmlite
        import llvmlite.binding as llvm

        llvm.initialize_all_targets()
        llvm.Target.from_triple("nvptx64-nvidia-cuda")
        report["llvmlite"] = {"version": llvmlite.__version__, "llvm": ".".join(map(str, llvm.llvm_version_info)),
                              "nvptx": True}
    except Exception as exc:  # import error or no NVPTX target
        report["llvmlite"] = {"error": str(exc), "nvptx": False}
        report["problems"].append(f"llvmlite with the NVPTX target is not usable ({exc}); `pip install llvmlite`")


def _nvidia(report: dict[str, Any]) -> None:
    from ..toolchain.libdevice import MISSING, find_libdevice
    from ..toolchain.nvidia import (
        load_nvidia_library,
        nvfatbin_version,
        nvjitlink_version,
    )

    for name, library, fn in (("nvjitlink", "nvJitLink", nvjitlink_version),
                              ("nvfatbin", "nvFatbin", nvfatbin_version)):
        try:
            report[name] = {"version": fn(), "path": str(load_nvidia_library(library))}
        except OxpackError as exc:
            report[name] = {"error": exc.message}
            report["problems"].append(exc.message)
    libdevice = find_libdevice()  # optional: only kernels that call libdevice's math need it
    report["libdevice"] = {"path": str(libdevice)} if libdevice else {"note": f"not found; {MISSING}"}


def _gpu(report: dict[str, Any]) -> None:
    gpu: dict[str, Any] = {"present": False}
    try:
        from cuda.bindings import driver

        (err,) = driver.cuInit(0)
        if err != driver.CUresult.CUDA_SUCCESS:
            raise RuntimeError(f"cuInit: {err.name}")
        err, version = driver.cuDriverGetVersion()
        gpu["driver_cuda"] = f"{version // 1000}.{(version % 1000) // 10}"
        err, count = driver.cuDeviceGetCount()
        gpu["devices"] = []
        for i in range(count):
            _, dev = driver.cuDeviceGet(i)
            _, name = driver.cuDeviceGetName(128, dev)
            attr = driver.CUdevice_attribute
            _, major = driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)
            _, minor = driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)
            gpu["devices"].append({"name": name.split(b"\0")[0].decode(), "arch": f"sm_{major}{minor}"})
        gpu["present"] = count > 0
    except Exception as exc:  # no driver, no GPU, no bindings: all fine for building
        gpu["note"] = f"no GPU usable here ({exc}); building needs none"
    report["gpu"] = gpu


def _no_project(project: Path) -> str | None:
    """Why `project` cannot be a project folder (missing, a file, its `pyproject.toml` a folder), or None."""
    if project.is_file():
        return f"`{project}` is a file, not a project folder; pass the folder that holds `pyproject.toml`"
    if not project.is_dir():
        return f"the project folder `{project}` does not exist; pass a folder that holds `pyproject.toml`"
    if (project / "pyproject.toml").is_dir():
        return f"`{project / 'pyproject.toml'}` is a folder, not a file; oxpack reads its settings from that file"
    return None


def _project(report: dict[str, Any], project: Path) -> None:
    from ..builder.plan import resolve_archs
    from ..config import load_config
    from ..sources.targets import needs_cuda, ptx_isa_for

    where = _no_project(project)
    if where is not None:
        report["project"] = {"error": where}
        report["problems"].append(where)
        return
    if not (project / "pyproject.toml").is_file():
        return
    try:
        config = load_config(project)
        archs = resolve_archs(config)
    except OxpackError as exc:
        # a bad setting's lines say which key, option or variable: the header alone names no culprit
        problems = getattr(exc, "problems", [])
        message = f"{exc.message}: {'; '.join(problems)}" if problems else exc.message
        report["project"] = {"error": message}
        report["problems"].append(message)
        return
    isa = ptx_isa_for(archs)
    compression = config.fatbin_compression
    cuda, min_driver = needs_cuda(isa, compression)
    info: dict[str, Any] = {"archs": list(archs), "ptx_isa": isa, "fatbin_compression": compression,
                            "needs_cuda": cuda, "min_driver": min_driver}
    driver = report["gpu"].get("driver_cuda")
    if driver:
        ok = tuple(map(int, driver.split("."))) >= tuple(map(int, cuda.split(".")))
        info["loads_on_driver"] = ok
        if not ok:
            report["problems"].append(
                f"the driver supports CUDA {driver} but PTX ISA {isa} with `fatbin-compression = "
                f"\"{compression}\"` needs CUDA {cuda} (driver >= {min_driver}); update the driver, drop "
                "the newest archs or set `fatbin-compression = \"none\"`")
        local = {d["arch"] for d in report["gpu"].get("devices", [])}
        info["gpu_archs_covered"] = sorted(local & set(archs))
    report["project"] = info


def _remote(report: dict[str, Any], project: Path) -> None:
    """The shared build cache answers, and takes a probe write in `read-write` mode."""
    from ..config import load_config
    from ..store.remote import probe

    try:
        config = load_config(project) if (project / "pyproject.toml").is_file() else None
    except OxpackError:
        return  # `_project` reports it
    if config is None or config.remote_cache is None:
        return
    ok, what = probe(config.remote_cache, config.remote_cache_mode)
    report["remote_cache"] = {"ok": ok, "mode": config.remote_cache_mode, "detail": what}
    if not ok:
        report["problems"].append(f"remote cache {what}; builds work without it, locally (fix the URL, the "
                                  "credentials or the server, or unset `remote-cache` / `OXPACK_REMOTE_CACHE`)")


def diagnose(project: Path) -> dict[str, Any]:
    from .. import __version__

    report: dict[str, Any] = {"oxpack": __version__, "problems": []}
    _rustc(report, project)
    _llvm(report)
    _nvidia(report)
    _gpu(report)
    _project(report, project)
    _remote(report, project)
    report["problems"] = list(dict.fromkeys(report["problems"]))  # one cause may stop two checks
    report["ok"] = not report["problems"]
    return report


def render(report: dict[str, Any]) -> str:
    lines = [f"oxpack {report['oxpack']}"]
    rustc = report["rustc"]
    lines.append(f"rustc: {rustc['selected'] or 'none usable'}")
    for c in rustc["candidates"]:
        mark = "ok  " if c["usable"] else "skip"
        what = f"{c['release']} (LLVM {c['llvm']}, nvptx std from {c['std']})" if c["usable"] else c["reason"]
        lines.append(f"  {mark} {c['path']} [{c['origin']}]: {what}")
    if "sysroot" in report:
        s = report["sysroot"]
        lines.append(f"nvptx sysroot: {s['origin']}, {'ready' if s['ready'] else 'not built yet'} ({s['path']})")
    ll = report["llvmlite"]
    lines.append(f"llvmlite: {ll.get('version', '-')} (LLVM {ll.get('llvm', '-')}), NVPTX target: {'yes' if ll['nvptx'] else 'no'}")
    for name in ("nvjitlink", "nvfatbin"):
        entry = report[name]
        lines.append(f"{name}: {entry['version']} ({entry['path']})" if "version" in entry else f"{name}: {entry['error']}")
    libdevice = report["libdevice"]
    lines.append(f"libdevice: {libdevice.get('path') or libdevice.get('note')} (needed only by kernels using "
                 "oxpack::math's transcendental functions)")
    gpu = report["gpu"]
    if gpu["present"]:
        devs = ", ".join(f"{d['name']} ({d['arch']})" for d in gpu["devices"])
        lines.append(f"GPU: {devs}; driver supports CUDA {gpu['driver_cuda']}")
    else:
        lines.append(f"GPU: none ({gpu.get('note', '')})")
    if "project" in report:
        p = report["project"]
        if "error" in p:
            lines.append(f"project: {p['error']}")
        else:
            line = (f"project: archs {', '.join(p['archs'])}; PTX ISA {p['ptx_isa']}, fatbin compression "
                    f"{p['fatbin_compression']}: needs CUDA {p['needs_cuda']} (driver >= {p['min_driver']})")
            if "loads_on_driver" in p:
                line += "; loads on this driver: " + ("yes" if p["loads_on_driver"] else "NO")
            lines.append(line)
    if "remote_cache" in report:
        r = report["remote_cache"]
        lines.append(f"remote cache: {'ok' if r['ok'] else 'NOT USABLE'}: {r['detail']}")
    lines += [f"problem: {m}" for m in report["problems"]] or ["everything needed to build is here"]
    return "\n".join(lines)
