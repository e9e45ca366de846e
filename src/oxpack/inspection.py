"""`oxpack inspect`: the kernels, signatures and GPU resources of a built module.

A target is one of: a project folder (it is built, from the cache when unchanged),
a `.fatbin`, a wheel (`.whl`, read as a zip), a built package folder (one that holds
``_oxpack/<module>.json``) or an installed package's import name (found with
`importlib.util.find_spec`, never imported). Everything known comes from the
module's manifest (kernels with their parameters, `where` requirements and, per
arch, the registers, spills, stack, shared and constant memory that nvJitLink
reported) and from the fatbins' entry headers (which archs, cubin or PTX, sizes).

Fatbin layout (what nvFatbin writes; no public spec): a 16-byte header
``<IHHQ`` (magic 0xBA55ED50, version, header size, size of the entries), then
entries, each a header ``<HHIQIIHHIIIQQQ`` (kind 1 = PTX / 2 = cubin, version,
header size, payload size, compressed size, -, minor, major, arch, name offset,
name size, flags, -, uncompressed size) and its payload. Flag 0x2000 marks an
LZ4-compressed payload (one LZ4 block, read here in Python: nvFatbin's `speed`
mode, oxpack's default), flag 0x8000 a zstd-compressed one (`balance`, `size`),
read through the `zstandard` module, `compression.zstd` (Python 3.14) or the
`zstd` command, whichever is present.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import shutil
import struct
import subprocess
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from .errors import OxpackError

__all__ = [
    "FatbinEntry",
    "InspectError",
    "Inspection",
    "ModuleView",
    "inspect_target",
    "python_signature",
    "read_fatbin",
    "rust_signature",
]

ACCEPTS = (
    "oxpack inspect takes a project folder (with pyproject.toml), a `.fatbin`, a wheel (`.whl`), "
    "a built package folder (with `_oxpack/`) or an installed package's import name"
)
FATBIN_MAGIC = b"\x50\xed\x55\xba"  # 0xBA55ED50, little endian
_HEADER = struct.Struct("<IHHQ")
_ENTRY = struct.Struct("<HHIQIIHHIIIQQQ")
_KINDS = {1: "ptx", 2: "cubin"}
_ZSTD = 0x8000  # nvFatbin's `balance` and `size` compression (zstd frames)
_LZ4 = 0x2000  # nvFatbin's `speed` compression (one LZ4 block)
_OLD_COMPRESSION = 0x1000  # nvcc's older, undocumented compression
_RESOURCES = ("registers", "spills", "stack", "shared", "constant")
_RUST_TYPES = {"int32": "i32", "uint32": "u32", "int64": "i64", "uint64": "u64", "float32": "f32", "float64": "f64",
               "float16": "F16", "bfloat16": "BF16"}
_PY_TYPES = {"int32": "int", "uint32": "int", "int64": "int", "uint64": "int", "float32": "float", "float64": "float"}
_INDEX_TYPES = {"1d": "ThreadIndex", "2d": "ThreadIndex2", "3d": "ThreadIndex3"}

Log = Callable[[str], None]


class InspectError(OxpackError):
    """`oxpack inspect` cannot read its target, or the target lacks what was asked for."""


# ---------------------------------------------------------------- fatbins


@dataclass(frozen=True)
class FatbinEntry:
    """One entry of a fatbin: a cubin or PTX for one arch."""

    kind: str  # "cubin" | "ptx" | "kind <n>"
    arch: str  # "sm_90"
    size: int  # bytes stored in the fatbin
    uncompressed: int  # bytes once decompressed (== size when stored as is)
    compressed: bool
    ptx_isa: str | None  # "7.8" for PTX entries
    name: str
    flags: int
    offset: int  # of the payload in the fatbin
    length: int  # of the payload (compressed size when compressed)

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "arch": self.arch, "size": self.size, "uncompressed": self.uncompressed,
                "compressed": self.compressed, "ptx_isa": self.ptx_isa}


def is_fatbin(data: bytes) -> bool:
    return data[:4] == FATBIN_MAGIC


_ARCH_SPECIFIC = 0x100000  # entry flag of an `a` target (sm_90a: arch-specific features)
_FAMILY_SPECIFIC = 0x200000  # ... and of an `f` target (sm_100f: family-specific features)


def _arch_suffix(flags: int) -> str:
    """`a`, `f` or nothing: what the entry header's flags add to the arch number."""
    return "a" if flags & _ARCH_SPECIFIC else "f" if flags & _FAMILY_SPECIFIC else ""


def read_fatbin(data: bytes, source: str) -> list[FatbinEntry]:
    """The entries of a fatbin, from their headers; `InspectError` naming `source` if it is damaged."""
    if not is_fatbin(data):
        raise InspectError(f"`{source}` is not a fatbin (it does not start with the magic 0xBA55ED50); {ACCEPTS}")
    if len(data) < _HEADER.size:
        raise InspectError(f"`{source}` is a damaged fatbin: its header is cut off after {len(data)} bytes")
    _magic, _version, header_size, total = _HEADER.unpack_from(data, 0)
    end = header_size + total
    if end > len(data):
        raise InspectError(f"`{source}` is a damaged fatbin: its header announces {end} bytes, the file has {len(data)}")
    entries: list[FatbinEntry] = []
    pos = header_size
    while pos < end:
        if pos + _ENTRY.size > end:
            raise InspectError(f"`{source}` is a damaged fatbin: entry {len(entries) + 1} at byte {pos} is cut off")
        (kind, _ver, entry_header, size, csize, _unused, minor, major, arch, name_off, name_len, flags, _zero,
         usize) = _ENTRY.unpack_from(data, pos)
        payload = pos + entry_header
        if entry_header < _ENTRY.size or payload + size > end:
            raise InspectError(f"`{source}` is a damaged fatbin: entry {len(entries) + 1} at byte {pos} "
                               f"runs past the end")
        compressed = bool(flags & (_ZSTD | _LZ4 | _OLD_COMPRESSION)) and csize > 0
        name = data[pos + name_off : pos + name_off + name_len].split(b"\0")[0] if name_off else b""
        entries.append(FatbinEntry(
            kind=_KINDS.get(kind, f"kind {kind}"),
            arch=f"sm_{arch}{_arch_suffix(flags)}",
            size=size,
            uncompressed=usize if compressed else size,
            compressed=compressed,
            ptx_isa=f"{major}.{minor}" if kind == 1 else None,
            name=name.decode("utf-8", "replace"),
            flags=flags,
            offset=payload,
            length=csize if compressed else size,
        ))
        pos = payload + size
    return entries


def _zstd_decompress(payload: bytes, what: str) -> bytes:
    for module in ("zstandard", "compression.zstd"):
        try:
            lib: Any = importlib.import_module(module)
        except ImportError:
            continue
        if module == "zstandard":
            return bytes(lib.ZstdDecompressor().decompressobj().decompress(payload))
        return bytes(lib.decompress(payload))
    tool = shutil.which("zstd")
    if tool is not None:
        from .rustc import PROBE_TIMEOUT, run_bounded, timed_out

        argv = [tool, "-d", "-c", "-q"]
        try:  # a fatbin entry is a few MB at most: a minute is ample
            code, out, err = run_bounded(argv, PROBE_TIMEOUT, input=payload)
        except subprocess.TimeoutExpired:
            raise InspectError(timed_out(f"`zstd` decompressing {what}", argv, PROBE_TIMEOUT,
                                         "install the `zstandard` module (`pip install zstandard`) instead")) from None
        if code == 0:
            return out
        raise InspectError(f"`zstd` could not decompress {what}", err.decode("utf-8", "replace"))
    raise InspectError(f"{what} is zstd-compressed and nothing here decompresses zstd; "
                       "install the `zstandard` module (`pip install zstandard`) or the `zstd` command")


def _lz4_length(src: bytes, i: int, length: int) -> tuple[int, int]:
    """A 4-bit length of 15 continues in bytes of 255 and a last byte: (length, next i)."""
    if length == 15:
        while src[i] == 255:
            length += 255
            i += 1
        length += src[i]
        i += 1
    return length, i


def _lz4_block(src: bytes, size: int, what: str) -> bytes:
    """Decompress one LZ4 block (the format of LZ4_compress_default) of `size` bytes."""
    out, i, n = bytearray(), 0, len(src)
    try:
        while i < n:
            token = src[i]
            literals, i = _lz4_length(src, i + 1, token >> 4)
            out += src[i : i + literals]
            i += literals
            if i >= n:
                break
            offset = src[i] | src[i + 1] << 8
            length, i = _lz4_length(src, i + 2, token & 15)
            length += 4
            start = len(out) - offset
            if offset == 0 or start < 0:
                raise IndexError(offset)
            while length > 0:  # the match may overlap what it copies
                chunk = out[start : start + min(length, offset)]
                out += chunk
                start += len(chunk)
                length -= len(chunk)
    except IndexError:
        raise InspectError(f"{what} is a damaged LZ4 block") from None
    if len(out) != size:
        raise InspectError(f"{what} decompressed to {len(out)} bytes, its header says {size}")
    return bytes(out)


def entry_payload(data: bytes, entry: FatbinEntry, what: str) -> bytes:
    """The payload of `entry`, decompressed."""
    raw = data[entry.offset : entry.offset + entry.length]
    if not entry.compressed:
        return raw
    if entry.flags & _ZSTD and raw[:4] == b"\x28\xb5\x2f\xfd":
        return _zstd_decompress(raw, what)
    if entry.flags & _LZ4:
        return _lz4_block(raw, entry.uncompressed, what)
    raise InspectError(f"{what} is compressed in a format oxpack cannot read (flags {entry.flags:#x}); "
                       "inspect the project it was built from instead")


def fatbin_ptx(data: bytes, arch: str, source: str) -> str:
    """The PTX text for `arch` embedded in a fatbin, or `InspectError` naming the PTX archs it has."""
    entries = read_fatbin(data, source)
    ptx = [e for e in entries if e.kind == "ptx"]
    match = next((e for e in ptx if e.arch == arch), None)
    if match is None:
        have = ", ".join(sorted({e.arch for e in ptx})) or "none"
        raise InspectError(f"`{source}` holds no PTX for {arch}; its PTX archs: {have}")
    text = entry_payload(data, match, f"the PTX for {arch} in `{source}`")
    return text.rstrip(b"\0").decode("utf-8", "replace")


# ---------------------------------------------------------------- signatures


def rust_signature(name: str, kernel: Mapping[str, Any]) -> str:
    """`pub fn saxpy(i: ThreadIndex, a: f32, x: &[f32], y: &mut DisjointSlice<f32>) where (...)`."""
    params = []
    for p in kernel["params"]:
        kind, dtype = p["kind"], p["dtype"]
        if kind == "index":
            ty = _INDEX_TYPES[dtype]
        elif kind == "scalar":
            ty = _RUST_TYPES[dtype]
        elif kind == "in":
            ty = f"&[{_RUST_TYPES[dtype]}]"
        elif kind == "out":
            ty = f"&mut DisjointSlice<{_RUST_TYPES[dtype]}>"
        elif kind == "atomic":
            ty = f"&[Atomic{_RUST_TYPES[dtype].upper()}]"
        elif kind == "dynshared":
            ty = f"DynShared<{_RUST_TYPES[dtype]}>"
        else:  # a kind newer than this oxpack: show what the manifest says
            ty = f"/* {kind} */ {_RUST_TYPES.get(dtype, dtype)}"
        params.append(f"{p['name']}: {ty}")
    sig = f"pub fn {name}({', '.join(params)})"
    if isinstance(regs := kernel.get("max_registers"), int):
        sig = f"#[max_registers({regs})] {sig}"
    if isinstance(bounds := kernel.get("launch_bounds"), Mapping) and "max_threads" in bounds:
        values = [bounds["max_threads"], *([bounds["min_blocks"]] if "min_blocks" in bounds else [])]
        sig = f"#[launch_bounds({', '.join(str(v) for v in values)})] {sig}"
    requires = list(kernel.get("requires", []))
    return sig + (f" where ({', '.join(requires)})" if requires else "")


def python_signature(name: str, kernel: Mapping[str, Any]) -> str:
    """`saxpy(a: float, x: DeviceArray, y: DeviceArray, *, stream=None, threads=None, block=None) -> None`."""
    def py_type(p: Mapping[str, Any]) -> str:
        if p["kind"] == "scalar":
            return _PY_TYPES[p["dtype"]]
        return "int" if p["kind"] == "dynshared" else "DeviceArray"  # dynshared: elements per block

    args = [f"{p['name']}: {py_type(p)}" for p in kernel["params"] if p["kind"] != "index"]
    return f"{name}({', '.join([*args, '*', 'stream=None', 'threads=None', 'block=None'])}) -> None"


# ---------------------------------------------------------------- what a target holds


@dataclass
class ModuleView:
    """One generated kernel module: its manifest (when known), fatbins and, for a project, all PTX."""

    name: str | None  # dotted import name, e.g. `vecmath.kernels`
    manifest: dict[str, Any] | None
    fatbins: dict[str, tuple[str, bytes]]  # crate → (where, fatbin bytes)
    where: str  # the manifest's location, for messages
    ptx: dict[str, dict[str, str]] | None = None  # crate → arch → PTX (a project's build)
    only_crate: str | None = None  # a fatbin inspected alone: show its crate's kernels only
    archs_origin: str | None = None  # a project's: where its `archs` came from (None: the default)

    def kernels(self) -> list[dict[str, Any]]:
        if self.manifest is None:
            return []
        try:
            out = []
            archs = list(self.manifest.get("archs", []))
            for name, k in sorted(self.manifest["kernels"].items()):
                if self.only_crate is not None and k.get("crate") != self.only_crate:
                    continue
                resources = {arch: {r: int(k.get("resources", {}).get(arch, {}).get(r, 0)) for r in _RESOURCES}
                             for arch in archs}
                out.append({
                    "name": name, "crate": k.get("crate"), "doc": str(k.get("doc", "")),
                    "python": python_signature(name, k), "rust": rust_signature(name, k),
                    "params": list(k["params"]), "requires": list(k.get("requires", [])),
                    "resources": resources,
                })
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise InspectError(f"`{self.where}` is not a valid oxpack manifest ({type(exc).__name__}: {exc}); "
                               "rebuild the package") from None
        return out

    def crates(self) -> list[dict[str, Any]]:
        listed = (self.manifest or {}).get("crates", {})
        out = []
        for crate, (where, data) in sorted(self.fatbins.items()):
            entry = listed.get(crate, {}) if isinstance(listed, dict) else {}
            out.append({
                "name": crate, "source": entry.get("source"), "fatbin": where, "size": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
                "entries": [e.as_json() for e in read_fatbin(data, where)],
            })
        return out

    def as_json(self) -> dict[str, Any]:
        m = self.manifest or {}
        entries = [e for c in self.crates() for e in c["entries"]]
        archs = m.get("archs") or sorted({e["arch"] for e in entries if e["kind"] == "cubin"}, key=_arch_key)
        ptx_arch = m.get("ptx_arch") if self.manifest else next(
            (e["arch"] for e in entries if e["kind"] == "ptx"), None)
        ptx_isa = m.get("ptx_isa") or next((e["ptx_isa"] for e in entries if e["kind"] == "ptx"), None)
        return {
            "module": self.name, "manifest": self.where if self.manifest is not None else None,
            "archs": list(archs), "ptx_arch": ptx_arch, "ptx_isa": ptx_isa, "min_driver": m.get("min_driver"),
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
                source = ((m.manifest or {}).get("crates", {}).get(crate, {}) or {}).get("source") or where
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
            lines += [f"  python  {k['python']}", f"  rust    {k['rust']}"]
            lines.append("  arch      registers  spills  stack  shared  constant  (spills and memory in bytes)")
            for arch, res in k["resources"].items():
                lines.append(f"  {arch:<8}" + "".join(f"{res[r]:>{w}}" for r, w in zip(_RESOURCES, (11, 8, 7, 8, 10))))
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
    from .config import load_config, resolve_package_dir
    from .errors import ConfigError
    from .pipeline import build_project
    from .project import import_path, project_name

    config = load_config(root)
    result = build_project(config, log=log, verbose=verbose)
    try:
        package = import_path(resolve_package_dir(config, project_name(config.project_dir))).replace("/", ".")
        name = f"{package}.{config.module}"
    except ConfigError:
        name = config.module
    manifest = result.manifest()
    fatbins = {c.name: (f"{c.name}.fatbin", c.fatbin) for c in result.crates}
    ptx = {c.name: dict(c.ptx) for c in result.crates}
    where = f"{root / 'pyproject.toml'}"
    return Inspection(target, "project", [ModuleView(name, manifest, fatbins, where, ptx,
                                                     archs_origin=config.origin("archs"))])


def _load_manifest(text: bytes, where: str) -> dict[str, Any] | None:
    """The manifest in `text`, or None when it is some other JSON file."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InspectError(f"`{where}` is not valid JSON ({exc}); rebuild the package") from None
    if isinstance(data, dict) and isinstance(data.get("kernels"), dict) and isinstance(data.get("crates"), dict):
        return data
    return None


def _crate_fatbins(manifest: dict[str, Any], where: str, read: Callable[[str], bytes | None]) -> dict[str, tuple[str, bytes]]:
    out: dict[str, tuple[str, bytes]] = {}
    for crate, entry in sorted(manifest["crates"].items()):
        file = entry.get("fatbin", f"{crate}.fatbin") if isinstance(entry, dict) else f"{crate}.fatbin"
        data = read(str(file))
        if data is None:
            raise InspectError(f"`{where}` lists the fatbin `{file}` of crate `{crate}`, which is missing beside it; "
                               "rebuild the package")
        out[crate] = (str(file), data)
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
        from .project import import_path

        package = import_path(path.parent.parent).replace("/", ".")

        def read(name: str, base: Path = path.parent) -> bytes | None:
            file = base / name
            return file.read_bytes() if file.is_file() else None

        fatbins = {c: (str(path.parent / f), d) for c, (f, d) in _crate_fatbins(manifest, str(path), read).items()}
        views.append(ModuleView(f"{package}.{manifest.get('module', path.stem)}", manifest, fatbins, str(path)))
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
        entry = manifest["crates"].get(crate)
        if not isinstance(entry, dict) or entry.get("fatbin") != path.name:
            continue
        if entry.get("sha256") != hashlib.sha256(data).hexdigest():
            notes.append(f"the manifest `{candidate}` names this fatbin but lists another sha256: "
                         "kernels and resources are not shown (rebuild the package)")
            continue
        from .project import import_path

        package = import_path(path.parent.parent).replace("/", ".")
        name = f"{package}.{manifest.get('module', candidate.stem)}"
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
                module = str(manifest.get("module", pure.stem))
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
