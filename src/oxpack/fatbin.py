"""Reading fatbins: their entries (which archs, cubin or PTX, sizes) and payloads, for ``oxpack inspect``.

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

import importlib
import shutil
import struct
import subprocess
from dataclasses import dataclass
from typing import Any

from .errors import OxpackError

__all__ = ["ACCEPTS", "FATBIN_MAGIC", "FatbinEntry", "InspectError", "entry_payload", "fatbin_ptx", "is_fatbin",
           "read_fatbin"]

ACCEPTS = (
    "oxpack inspect takes a project folder (with pyproject.toml), a `.fatbin`, a wheel (`.whl`), "
    "a built package folder (with `_oxpack/`) or an installed package's import name"
)
"""What `oxpack inspect` reads, for the messages that refuse a target."""
FATBIN_MAGIC = b"\x50\xed\x55\xba"  # 0xBA55ED50, little endian
_HEADER = struct.Struct("<IHHQ")
_ENTRY = struct.Struct("<HHIQIIHHIIIQQQ")
_KINDS = {1: "ptx", 2: "cubin"}
_ZSTD = 0x8000  # nvFatbin's `balance` and `size` compression (zstd frames)
_LZ4 = 0x2000  # nvFatbin's `speed` compression (one LZ4 block)
_OLD_COMPRESSION = 0x1000  # nvcc's older, undocumented compression


class InspectError(OxpackError):
    """`oxpack inspect` cannot read its target, or the target lacks what was asked for."""


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
