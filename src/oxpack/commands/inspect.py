"""`oxpack inspect`: the kernels, signatures and GPU resources of a built module.

A target is one of: a project folder (it is built, from the cache when unchanged),
a `.fatbin`, a wheel (`.whl`, read as a zip), a built package folder (one that holds
``_oxpack/<module>.json``) or an installed package's import name (found with
`importlib.util.find_spec`, never imported). Everything known comes from the
module's manifest, read through the run time's own model (`oxpack.builder.manifest`): kernels
with their parameters, `where` requirements and, per arch, the registers, spills,
stack, shared and constant memory that nvJitLink reported; and from the fatbins'
entry headers (`oxpack.package.fatbin_reader`: which archs, cubin or PTX, sizes).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ..builder.manifest import load_manifest
from ..contract import runtime
from ..package.fatbin_reader import (
    ACCEPTS,
    FATBIN_MAGIC,
    FatbinEntry,
    InspectError,
    entry_payload,
    fatbin_ptx,
    read_fatbin,
)
from ..sources.signatures import data_signature, python_signature, rust_signature

__all__ = [
    "ACCEPTS",
    "FatbinEntry",
    "InspectError",
    "Inspection",
    "ModuleView",
    "entry_payload",
    "inspect_target",
    "python_signature",
    "read_fatbin",
    "rust_signature",
]

_RESOURCES = ("registers", "spills", "stack", "shared", "constant")

Log = Callable[[str], None]


# ---------------------------------------------------------------- what a target holds


@dataclass
class ModuleView:
    """One generated kernel module: its manifest (when known), fatbins and, for a project, all PTX."""

    name: str | None  # dotted import name, e.g. `vecmath.kernels`
    manifest: Any  # the `Manifest` (runtime/_manifest.py), None beside a fatbin alone
    fatbins: dict[str, tuple[str, bytes]]  # crate → (where, fatbin bytes)
    where: str  # the manifest's location, for messages
    ptx: dict[str, dict[str, str]] | None = None  # crate → arch → PTX (a project's build)
    only_crate: str | None = None  # a fatbin inspected alone: show its crate's kernels only
    archs_origin: str | None = None  # a project's: where its `archs` came from (None: the default)

    def kernels(self) -> list[dict[str, Any]]:
        if self.manifest is None:
            return []
        out = []
        for name, k in sorted(self.manifest.kernels.items()):
            if self.only_crate is not None and k.crate != self.only_crate:
                continue
            resources = {arch: {r: int(k.resources.get(arch, {}).get(r, 0)) for r in _RESOURCES}
                         for arch in self.manifest.archs}
            # which Rust function's body each arch's entry `name` holds (`#[variant_of(name, arch)]`)
            bodies = {arch: k.body(arch) for arch in self.manifest.archs}
            out.append({
                "name": name, "crate": k.crate, "doc": k.doc, "python": python_signature(k),
                **({"python_data": data_signature(k)} if k.derived else {}),
                "rust": rust_signature(k), "params": [p.to_json() for p in k.params], "requires": list(k.requires),
                "resources": resources, "bodies": bodies, "resident_grid": k.resident_grid,
            })
        return out

    def crates(self) -> list[dict[str, Any]]:
        listed = {} if self.manifest is None else self.manifest.crates
        out = []
        for crate, (where, data) in sorted(self.fatbins.items()):
            entry = listed.get(crate)
            out.append({
                "name": crate, "source": None if entry is None else entry.source, "fatbin": where, "size": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
                "entries": [e.as_json() for e in read_fatbin(data, where)],
            })
        return out

    def as_json(self) -> dict[str, Any]:
        m = self.manifest
        entries = [e for c in self.crates() for e in c["entries"]]
        ptx = next((e for e in entries if e["kind"] == "ptx"), None)
        if m is not None:
            archs, ptx_arch, ptx_isa, min_driver = list(m.archs), m.ptx_arch, m.ptx_isa, m.min_driver
        else:
            archs = sorted({e["arch"] for e in entries if e["kind"] == "cubin"}, key=_arch_key)
            ptx_arch, ptx_isa, min_driver = ptx and ptx["arch"], ptx and ptx["ptx_isa"], None
        return {
            "module": self.name, "manifest": self.where if m is not None else None,
            "archs": archs, "ptx_arch": ptx_arch, "ptx_isa": ptx_isa, "min_driver": min_driver,
            "kernels": self.kernels(), "crates": self.crates(),
        }


def _arch_key(arch: str) -> tuple[int, str]:
    digits = "".join(c for c in arch[3:] if c.isdigit())
    return (int(digits or 0), arch)


@dataclass
class Inspection:
    target: str
    kind: str  # project | fatbin | wheel | package
    modules: list[ModuleView]
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"target": self.target, "kind": self.kind, "modules": [m.as_json() for m in self.modules],
                "notes": list(self.notes)}

    def render(self) -> str:
        return _render(self)

    def ptx(self, arch: str) -> list[dict[str, str]]:
        """PTX for `arch` of every crate: ``{"module", "crate", "source", "ptx"}`` per crate."""
        out = []
        for m in self.modules:
            for crate, (where, data) in sorted(m.fatbins.items()):
                if m.ptx is not None:
                    built = m.ptx.get(crate, {})
                    if arch not in built:
                        fix = (f"its `archs` come from {m.archs_origin}: change them there" if m.archs_origin
                               else "the default `archs`: set `archs` in `tool.oxpack`")
                        raise InspectError(
                            f"project `{self.target}` builds no PTX for {arch}; its archs: "
                            f"{', '.join(sorted(built, key=_arch_key)) or 'none'} ({fix})")
                    text = built[arch]
                else:
                    text = fatbin_ptx(data, arch, where)
                entry = None if m.manifest is None else m.manifest.crates.get(crate)
                source = (None if entry is None else entry.source) or where
                out.append({"module": m.name or "", "crate": crate, "source": str(source), "ptx": text})
        return out


def _render(ins: Inspection) -> str:
    lines: list[str] = []
    for view in ins.modules:
        data = view.as_json()
        title = data["module"] or "(unknown module)"
        lines.append(f"module {title}  ({ins.kind} {ins.target})")
        facts = [f"archs {' '.join(data['archs']) or 'none'}"]
        if data["ptx_arch"]:
            facts.append(f"PTX {data['ptx_arch']} (ISA {data['ptx_isa']})")
        else:
            facts.append("no PTX")
        if data["min_driver"]:
            facts.append(f"driver >= {data['min_driver']}")
        lines.append("  " + ", ".join(facts))
        if view.manifest is None:
            lines += ["", "kernels: unknown (no manifest beside the fatbin: inspect the built package, "
                      "its wheel or its project to see them)"]
        for k in data["kernels"]:
            where = next((c["source"] for c in data["crates"] if c["name"] == k["crate"] and c["source"]), None)
            lines += ["", f"kernel {k['name']}  (crate {k['crate']}{', ' + where if where else ''})"]
            lines += [f"  {line}".rstrip() for line in k["doc"].strip().splitlines()]
            lines += [f"  python  {k['python']}", *([f"     or   {k['python_data']}"] if "python_data" in k else []),
                      f"  rust    {k['rust']}"]
            if k["resident_grid"]:
                lines.append("  launch  at most the blocks the GPU holds at once (every output is drawn tile by tile)")
            lines.append("  arch      registers  spills  stack  shared  constant  (spills and memory in bytes)")
            for arch, res in k["resources"].items():
                lines.append(f"  {arch:<8}" + "".join(f"{res[r]:>{w}}" for r, w in zip(_RESOURCES, (11, 8, 7, 8, 10))))
            if any(body != k["name"] for body in k["bodies"].values()):  # per-arch variants: which body where
                lines.append("  body    " + ", ".join(f"{arch} {body}" + (" (#[variant_of])" if body != k["name"]
                                                                          else "")
                                                      for arch, body in k["bodies"].items()))
        for c in data["crates"]:
            lines += ["", f"fatbin {c['fatbin']}  {c['size']} bytes, sha256 {c['sha256'][:16]}…"]
            for e in c["entries"]:
                more = f" ({e['uncompressed']} uncompressed)" if e["compressed"] else ""
                isa = f", ISA {e['ptx_isa']}" if e["ptx_isa"] else ""
                lines.append(f"  {e['kind']:<6}{e['arch']:<8}{e['size']:>8} bytes{more}{isa}")
        lines.append("")
    lines += [f"note: {n}" for n in ins.notes]
    return "\n".join(lines).rstrip() + "\n"


# ---------------------------------------------------------------- targets


def inspect_target(target: str, *, log: Log | None = None, verbose: bool = False) -> Inspection:
    """Read `target` (see the module docstring); `InspectError` (one line) when it cannot."""
    path = Path(target)
    if path.is_dir():
        if (path / "pyproject.toml").is_file():
            return _inspect_project(target, path, log, verbose)
        views = _package_views(path)
        if not views:
            raise InspectError(f"`{target}` is a folder with neither a `pyproject.toml` nor a built oxpack "
                               f"package (`_oxpack/<module>.json`); {ACCEPTS}")
        return Inspection(target, "package", views)
    if path.is_file():
        try:
            with path.open("rb") as stream:
                head = stream.read(4)
        except OSError as exc:
            raise InspectError(f"cannot read `{target}`: {exc.strerror or exc}") from None
        if head == FATBIN_MAGIC:
            return _inspect_fatbin(target, path)
        if head == b"PK\x03\x04":
            return _inspect_wheel(target, path)
        raise InspectError(f"`{target}` is neither a fatbin nor a wheel; {ACCEPTS}")
    if path.exists():
        raise InspectError(f"`{target}` is neither a file nor a folder; {ACCEPTS}")
    return _inspect_installed(target)


def _inspect_project(target: str, root: Path, log: Log | None, verbose: bool) -> Inspection:
    from ..builder.pipeline import build_project
    from ..config import load_config, resolve_package_dir
    from ..errors import ConfigError
    from ..project import import_path, project_name

    config = load_config(root)
    result = build_project(config, log=log, verbose=verbose)
    try:
        package = import_path(resolve_package_dir(config, project_name(config.project_dir))).replace("/", ".")
        name = f"{package}.{config.module}"
    except ConfigError:
        name = config.module
    where = f"{root / 'pyproject.toml'}"
    manifest = _read_manifest(result.manifest(), where)
    fatbins = {c.name: (f"{c.name}.fatbin", c.fatbin) for c in result.crates}
    ptx = {c.name: dict(c.ptx) for c in result.crates}
    return Inspection(target, "project", [ModuleView(name, manifest, fatbins, where, ptx,
                                                     archs_origin=config.origin("archs"))])


def _load_manifest(text: bytes, where: str) -> Any:
    """The `Manifest` in `text`, or None when it is some other JSON file."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InspectError(f"`{where}` is not valid JSON ({exc}); rebuild the package") from None
    if isinstance(data, dict) and "schema" in data and "kernels" in data:
        return _read_manifest(data, where)
    return None


def _read_manifest(data: object, where: str) -> Any:
    try:
        return load_manifest(data, f"`{where}`")
    except runtime().ManifestError as exc:
        raise InspectError(str(exc)) from None


def _crate_fatbins(manifest: Any, where: str, read: Callable[[str], bytes | None]) -> dict[str, tuple[str, bytes]]:
    out: dict[str, tuple[str, bytes]] = {}
    for crate, entry in sorted(manifest.crates.items()):
        data = read(entry.fatbin)
        if data is None:
            raise InspectError(f"`{where}` lists the fatbin `{entry.fatbin}` of crate `{crate}`, which is missing "
                               "beside it; rebuild the package")
        out[crate] = (entry.fatbin, data)
    return out


def _package_views(folder: Path) -> list[ModuleView]:
    """Modules of a built package folder (or of a build output folder one or two levels up)."""
    found: list[Path] = []
    if folder.name == "_oxpack":
        found = sorted(folder.glob("*.json"))
    for depth in ("", "*/", "*/*/"):
        if found:
            break
        found = sorted(folder.glob(f"{depth}_oxpack/*.json"))
    views = []
    for path in found:
        manifest = _load_manifest(path.read_bytes(), str(path))
        if manifest is None:
            continue
        from ..project import import_path

        package = import_path(path.parent.parent).replace("/", ".")

        def read(name: str, base: Path = path.parent) -> bytes | None:
            file = base / name
            return file.read_bytes() if file.is_file() else None

        fatbins = {c: (str(path.parent / f), d) for c, (f, d) in _crate_fatbins(manifest, str(path), read).items()}
        views.append(ModuleView(f"{package}.{manifest.module}", manifest, fatbins, str(path)))
    return views


def _inspect_fatbin(target: str, path: Path) -> Inspection:
    data = path.read_bytes()
    read_fatbin(data, target)  # a damaged one fails here, before anything else
    crate = path.stem
    notes: list[str] = []
    for candidate in sorted(path.parent.glob("*.json")):
        try:
            manifest = _load_manifest(candidate.read_bytes(), str(candidate))
        except (InspectError, OSError):
            continue
        if manifest is None:
            continue
        entry = manifest.crates.get(crate)
        if entry is None or entry.fatbin != path.name:
            continue
        if entry.sha256 != hashlib.sha256(data).hexdigest():
            notes.append(f"the manifest `{candidate}` names this fatbin but lists another sha256: "
                         "kernels and resources are not shown (rebuild the package)")
            continue
        from ..project import import_path

        package = import_path(path.parent.parent).replace("/", ".")
        name = f"{package}.{manifest.module}"
        view = ModuleView(name, manifest, {crate: (target, data)}, str(candidate), only_crate=crate)
        return Inspection(target, "fatbin", [view], notes)
    return Inspection(target, "fatbin", [ModuleView(None, None, {crate: (target, data)}, target)], notes)


def _inspect_wheel(target: str, path: Path) -> Inspection:
    try:
        with zipfile.ZipFile(path) as zf:
            names = set(zf.namelist())
            views = []
            for member in sorted(names):
                pure = PurePosixPath(member)
                if pure.parent.name != "_oxpack" or pure.suffix != ".json":
                    continue
                where = f"{target}:{member}"
                manifest = _load_manifest(zf.read(member), where)
                if manifest is None:
                    continue

                def read(name: str, base: PurePosixPath = pure.parent) -> bytes | None:
                    inner = (base / name).as_posix()
                    return zf.read(inner) if inner in names else None

                fatbins = {c: (f"{target}:{(pure.parent / f).as_posix()}", d)
                           for c, (f, d) in _crate_fatbins(manifest, where, read).items()}
                package = ".".join(pure.parent.parent.parts)
                module = manifest.module
                views.append(ModuleView(f"{package}.{module}" if package else module, manifest, fatbins, where))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as exc:
        raise InspectError(f"`{target}` is neither a fatbin nor a wheel (a damaged zip: {exc}); {ACCEPTS}") from None
    if not views:
        raise InspectError(f"`{target}` holds no oxpack kernels (no `<package>/_oxpack/<module>.json` in it)")
    return Inspection(target, "wheel", views)


def _inspect_installed(target: str) -> Inspection:
    parts = target.split(".")
    if not all(p.isidentifier() for p in parts):
        raise InspectError(f"`{target}` is not a file, a folder or an importable package name; {ACCEPTS}")
    try:
        spec = importlib.util.find_spec(parts[0])  # a top-level name: nothing is imported
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        raise InspectError(f"`{target}` is not a file, a folder or an installed package; {ACCEPTS}")
    if not spec.submodule_search_locations:
        raise InspectError(f"`{parts[0]}` is a module ({spec.origin}), not a package with oxpack kernels")
    views: list[ModuleView] = []
    for location in spec.submodule_search_locations:
        folder = Path(location).joinpath(*parts[1:])
        if (folder / "_oxpack").is_dir():  # the package itself, never its subpackages
            views += _package_views(folder)
        elif len(parts) > 1 and (folder.parent / "_oxpack" / f"{parts[-1]}.json").is_file():  # `pkg.kernels`
            views += [v for v in _package_views(folder.parent) if v.name == target]
    if not views:
        raise InspectError(f"installed package `{target}` ({', '.join(spec.submodule_search_locations)}) holds "
                           "no oxpack kernels (no `_oxpack/<module>.json`)")
    return Inspection(target, "package", views)
