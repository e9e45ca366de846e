"""Reading fatbins: their entries (which archs, cubin or PTX, sizes) and payloads, for ``oxpack inspect``.

Fatbin layout (what nvFatbin writes; no public spec; the structs and flags are the run time's,
``runtime/_fatbin.py``, which picks an entry to load): a 16-byte header
``<IHHQ`` (magic 0xBA55ED50, version, header size, size of the entries), then
entries, each a header ``<HHIQIIHHIIIQQQ`` (kind 1 = PTX / 2 = cubin, version,
header size, payload size, compressed size, -, minor, major, arch, name offset,
name size, flags, -, uncompressed size) and its payload. Flag 0x2000 marks an
LZ4-compressed payload (one LZ4 block, read here in Python: nvFatbin's `speed`
mode, oxpack's default), flag 0x8000 a zstd-compressed one (`balance`, `size`),
read through the `zstandard` module, `compression.zstd` (Python 3.14) or the
`zstd` command, whichever is present.

A cubin is an ELF64 file (`cubin_kernels` reads what the driver sizes a launch by): its
`.nv.info` section holds attributes, each ``<BB`` (format, attribute) and then a ``<H``
value (formats 1 to 3) or a ``<H`` size and that many bytes (format 4). ``EIATTR_REGCOUNT``
(0x2f: a symbol index and the registers per thread) is in the section ``.nv.info``,
``EIATTR_MAX_THREADS`` (0x05: ``.maxntid`` x, y, z) in ``.nv.info.<kernel>``, with the
symbols in ``.symtab``. (The ``.text.<kernel>`` section's ``sh_info`` also carries the
register count in its high byte up to sm_89, but not in sm_90 cubins.)
"""

from __future__ import annotations

import importlib
import shutil
import struct
import subprocess
from dataclasses import dataclass
from typing import Any

from ..errors import OxpackError
from ..runtime import _fatbin

__all__ = ["ACCEPTS", "FATBIN_MAGIC", "CubinKernel", "FatbinEntry", "InspectError", "cubin_kernels", "entry_payload",
           "fatbin_ptx", "is_fatbin", "read_fatbin"]

ACCEPTS = (
    "oxpack inspect takes a project folder (with pyproject.toml), a `.fatbin`, a wheel (`.whl`), "
    "a built package folder (with `_oxpack/`) or an installed package's import name"
)
"""What `oxpack inspect` reads, for the messages that refuse a target."""
_LAYOUT = _fatbin  # the run time's reader: one statement of the layout
FATBIN_MAGIC = struct.pack("<I", _LAYOUT.MAGIC)  # 0xBA55ED50, little endian
_HEADER: struct.Struct = _LAYOUT.HEADER
_ENTRY: struct.Struct = _LAYOUT.ENTRY
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
            arch=f"sm_{arch}{_LAYOUT.arch_suffix(flags)}",
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
        from ..toolchain.process import PROBE_TIMEOUT, run_bounded, timed_out

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


@dataclass(frozen=True)
class CubinKernel:
    """What a cubin says of one kernel: what the driver limits its blocks by."""

    registers: int
    """Registers per thread (``EIATTR_REGCOUNT``), the count the driver allocates by."""
    max_threads: int | None
    """Threads of its ``.maxntid`` (``EIATTR_MAX_THREADS``, x·y·z), or None without launch bounds."""


_ELF_MAGIC = b"\x7fELF"
_ELF_SECTION = struct.Struct("<IIQQQQIIQQ")  # name, type, flags, addr, offset, size, link, info, align, entsize
_ELF_SYMBOL = struct.Struct("<IBBHQQ")  # name, info, other, section, value, size
_SHT_SYMTAB = 2
_EIATTR_MAX_THREADS, _EIATTR_REGCOUNT = 0x05, 0x2F
_EIFMT_SVAL = 4  # an attribute with a size and that many bytes; the others hold one 16-bit value


def _elf_sections(cubin: bytes, what: str) -> list[tuple[str, int, int, int, int]]:
    """(name, type, offset, size, link) of every section of an ELF64 little-endian file."""
    if cubin[:4] != _ELF_MAGIC or cubin[4:6] != b"\x02\x01":
        raise InspectError(f"{what} is not a 64-bit little-endian ELF file (a cubin)")
    try:
        (shoff,) = struct.unpack_from("<Q", cubin, 0x28)
        entsize, count, names = struct.unpack_from("<HHH", cubin, 0x3A)
        headers = [_ELF_SECTION.unpack_from(cubin, shoff + i * entsize) for i in range(count)]
        base = headers[names][4]
        out = []
        for name, kind, _flags, _addr, offset, size, link, _info, _align, _entsize in headers:
            end = cubin.index(b"\0", base + name)
            out.append((cubin[base + name : end].decode("utf-8", "replace"), kind, offset, size, link))
    except (struct.error, IndexError, ValueError):
        raise InspectError(f"{what} is a damaged ELF file: its section headers run past its end") from None
    return out


def _nv_info(cubin: bytes, offset: int, size: int) -> list[tuple[int, bytes]]:
    """The (attribute, value bytes) of an `.nv.info` section."""
    out, at, end = [], offset, offset + size
    while at + 4 <= end:
        fmt, attribute, value = cubin[at], cubin[at + 1], cubin[at + 2 : at + 4]
        if fmt == _EIFMT_SVAL:
            (length,) = struct.unpack("<H", value)
            value, at = cubin[at + 4 : at + 4 + length], at + 4 + length
        else:
            at += 4
        out.append((attribute, value))
    return out


def cubin_kernels(cubin: bytes, what: str) -> dict[str, CubinKernel]:
    """Each kernel of a cubin (by symbol) with its registers per thread and ``.maxntid``;
    `InspectError` naming `what` when the cubin is damaged."""
    sections = _elf_sections(cubin, what)
    symtab = next((s for s in sections if s[1] == _SHT_SYMTAB), None)
    if symtab is None:
        raise InspectError(f"{what} has no symbol table (.symtab)")
    symbols: list[str] = []
    try:
        strings = sections[symtab[4]][2]
        for at in range(symtab[2], symtab[2] + symtab[3] - _ELF_SYMBOL.size + 1, _ELF_SYMBOL.size):
            name = strings + _ELF_SYMBOL.unpack_from(cubin, at)[0]
            symbols.append(cubin[name : cubin.index(b"\0", name)].decode("utf-8", "replace"))
    except (struct.error, IndexError, ValueError):
        raise InspectError(f"{what} is a damaged ELF file: its symbol table runs past its end") from None
    registers: dict[str, int] = {}
    bounds: dict[str, int] = {}
    for name, _kind, offset, size, _link in sections:
        if name == ".nv.info":
            for attribute, value in _nv_info(cubin, offset, size):
                if attribute == _EIATTR_REGCOUNT and len(value) == 8:
                    index, count = struct.unpack("<II", value)
                    if index < len(symbols):
                        registers[symbols[index]] = count
        elif name.startswith(".nv.info."):
            for attribute, value in _nv_info(cubin, offset, size):
                if attribute == _EIATTR_MAX_THREADS and len(value) == 12:
                    x, y, z = struct.unpack("<III", value)
                    bounds[name[len(".nv.info."):]] = x * max(y, 1) * max(z, 1)
    return {symbol: CubinKernel(count, bounds.get(symbol)) for symbol, count in registers.items()}
