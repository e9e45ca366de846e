"""How many PTX instructions one thread of a norm kernel executes, by walking its PTX.

    python benchmarks/ptx_walk.py norm.ptx layernorm --rows 8192 --cols 768 --block 128
    python benchmarks/ptx_walk.py layernorm.ptx ln3 --rows 8192 --cols 768 --block 128

A static fact for benchmarks/archive/journal.md ("Session 8: norms, SASS against ln3") that needs no GPU:
the kernel's PTX is interpreted for one thread (lane `--lane` of warp `--warp`, or of block
`--warp` for a block-per-row kernel) with the real shapes and launch. Registers hold raw bits;
every load returns 1.5 (bf16 0x3fc0), so the path is that of a row of finite data; shuffles
return the caller's own value; stores are counted, not kept. Prints the count, the branches, the
comparisons, and the count per phase (up to the first shuffle, up to the mean: the first
`div.rn` or `mul` after it, up to `rsqrt`, the rest). The PTX: `cuobjdump -ptx
<wheel>/vecmath/_oxpack/norm.fatbin` (pip's `nvidia-cuda-cuobjdump`) for the example's kernels (oxpack ships sm_90 PTX), `nvcc -O3
-arch=sm_90 -ptx benchmarks/cuda/layernorm.cu` (or `rmsnorm.cu`) for the CUDA C++ ones.
Knows the parameters of the example's `layernorm`, `layernorm_block`, `rmsnorm_bf16_warp` and
`rmsnorm_bf16` (each slice a pointer and a length) and of `ln3`..`ln6`, `ln_regs`, `rms_warp`.
"""

from __future__ import annotations

import argparse
import collections
import re
import struct
import sys
from pathlib import Path

def f2b(x): return struct.unpack('<I', struct.pack('<f', x))[0]
def b2f(b): return struct.unpack('<f', struct.pack('<I', b & 0xffffffff))[0]
M32, M64 = (1 << 32) - 1, (1 << 64) - 1

def parse(ptx, entry):
    body = ptx[ptx.index(f'.entry {entry}('):]
    params = re.findall(r'\.param\s+\.(\w+)(?:\s+\.ptr\s+\.align\s+\d+)?\s+(\w+)', body[:body.index(')')])
    nxt = body.find('.entry', 10)
    body = body[body.index('{') + 1: nxt if nxt > 0 else len(body)]
    ins, labels = [], {}
    for line in body.splitlines():
        line = line.strip()
        if line.startswith('{') and line.endswith('}') and len(line) > 2:
            line = line[1:-1].strip()
        if line in ('{', '}') or line.startswith(('.visible', '.entry', '.func', '.weak')):
            continue
        if not line or line.startswith('//') or line.startswith('.reg') or line.startswith('.shared') or line.startswith('.local'):
            continue
        if line.endswith(':'):
            labels[line[:-1]] = len(ins); continue
        line = line.rstrip(';')
        g = None
        m = re.match(r'@(!?)(%\w+)\s+(.*)', line)
        if m: g = (m.group(1) == '!', m.group(2)); line = m.group(3)
        op, _, rest = line.partition(' ')
        ops = [o.strip() for o in re.split(r',(?![^{]*})', rest)] if rest.strip() else []
        ins.append((g, op, ops))
    return [p[1] for p in params], ins, labels

class Sim:
    def __init__(self, ptx, entry, params, special, mem_val=1.5):
        self.names, self.ins, self.labels = parse(ptx, entry)
        self.p = dict(zip(self.names, params)); self.sp = special; self.r = {}
        self.mem_val = mem_val; self.count = 0; self.ops = collections.Counter()
    def val(self, o, bits=64):
        o = o.strip()
        if o.startswith('%'):
            if o in self.sp: return self.sp[o]
            return self.r.get(o, 0)
        if o.startswith('0f'): return int(o[2:], 16)
        if o.startswith('0d'): return int(o[2:], 16)
        if o.startswith('-'): return (-self.val(o[1:])) & M64
        if o.startswith('0x'): return int(o, 16)
        if re.fullmatch(r'\d+', o): return int(o)
        if o in self.p: return self.p[o]
        if re.fullmatch(r'[A-Za-z_$][\w$.]*', o): return 0x1000  # a symbol (shared memory)
        if o.startswith('{'):
            parts = re.findall(r'%\w+', o); v = 0
            for i, q in enumerate(parts): v |= (self.val(q) & 0xffff) << (16 * i)
            return v
        raise ValueError(o)
    def addr(self, o):
        m = re.match(r'\[([^\]+]+)(?:\+(-?\w+))?\]', o)
        base = self.val(m.group(1)); off = int(m.group(2), 0) if m.group(2) else 0
        return (base + off) & M64, m.group(1)
    def run(self, limit=200000):
        pc = 0
        self.trace = []
        while pc < len(self.ins):
            g, op, o = self.ins[pc]; pc += 1
            self.count += 1
            self.trace.append((pc-1, op))
            if g:
                v = self.r.get(g[1], 0)
                if (not v) != g[0]:  # predicate false: skipped (still issued)
                    continue
            base = op.split('.')[0]; self.ops[base] += 1
            t = op.split('.')[-1]
            w = 64 if t in ('u64', 's64', 'b64') else 32 if t in ('u32', 's32', 'b32', 'f32') else 16 if t in ('b16', 'u16') else 64
            mask = (1 << w) - 1
            def sx(v, w=w): v &= (1 << w) - 1; return v - (1 << w) if v >> (w - 1) else v
            def setr(name, v): self.r[name] = v & M64
            if base in ('bra',):
                pc = self.labels[o[0]]; continue
            if base in ('ret', 'exit'): break
            if base == 'trap': raise RuntimeError('trap at %d' % pc)
            if base in ('bar', 'membar', 'fence'): continue
            if base == 'ld':
                if '.param' in op:
                    setr(o[0], self.p[o[1].strip('[]')]); continue
                if '.shared' in op:
                    v = f2b(self.mem_val)
                else:
                    v = 0x3fc0 if ('b16' in op or 'u16' in op) else f2b(self.mem_val)
                if o[0].startswith('{'):
                    for d in re.findall(r'%\w+', o[0]): setr(d, v)
                else: setr(o[0], v)
                continue
            if base == 'st': continue
            if base == 'cvta': setr(o[0], self.val(o[1])); continue
            if base == 'mov' and t == 'pred':
                setr(o[0], int(bool(self.val(o[1])))); continue
            if base == 'mov' and o[0].startswith('{'):
                v = self.val(o[1])
                for i, q in enumerate(re.findall(r'%\w+', o[0])): setr(q, (v >> (16 * i)) & 0xffff)
                continue
            if base == 'mov':
                setr(o[0], self.val(o[1]) & mask if not o[1].startswith('%p') else self.val(o[1])); continue
            if base == 'shfl':
                setr(o[0], self.val(o[1])); continue
            a = [self.val(x) for x in o[1:]]
            if base == 'setp':
                cmp = op.split('.')[1]; ty = op.split('.')[2]
                if ty == 'f32': x, y = b2f(a[0]), b2f(a[1])
                elif ty.startswith('s'): x, y = sx(a[0]), sx(a[1])
                else: x, y = a[0] & mask, a[1] & mask
                res = {'eq': x == y, 'ne': x != y, 'lt': x < y, 'le': x <= y, 'gt': x > y, 'ge': x >= y,
                       'lo': x < y, 'ls': x <= y, 'hi': x > y, 'hs': x >= y, 'geu': not (x < y), 'ltu': not (x >= y),
                       'gtu': not (x <= y), 'leu': not (x > y), 'equ': x == y, 'neu': x != y, 'num': True, 'nan': False}[cmp]
                setr(o[0], int(res)); continue
            if t == 'pred':
                a = [int(bool(x)) for x in a]
                if base == 'and': setr(o[0], a[0] & a[1])
                elif base == 'or': setr(o[0], a[0] | a[1])
                elif base == 'xor': setr(o[0], a[0] ^ a[1])
                elif base == 'not': setr(o[0], 1 - a[0])
                else: raise ValueError(op)
                continue
            if t == 'f32' or (base == 'cvt' and op.split('.')[-2] in ('f32',)):
                pass
            if base == 'cvt':
                parts = op.split('.'); dst, src = parts[-2], parts[-1]
                v = a[0]
                if src == 'f32' and dst == 'bf16': setr(o[0], f2b(b2f(v)) >> 16); continue
                if src == 'f32' and dst == 'bf16x2': setr(o[0], (f2b(b2f(a[0])) >> 16) << 16 | (f2b(b2f(a[1])) >> 16)); continue
                if src == 'bf16' and dst == 'f32': setr(o[0], (v & 0xffff) << 16); continue
                if dst == 'f32':
                    iv = sx(v, int(src[1:])) if src[0] == 's' else v & ((1 << int(src[1:])) - 1)
                    setr(o[0], f2b(float(iv))); continue
                if src[0] == 's' and dst[0] in 'su':
                    setr(o[0], sx(v, int(src[1:])) & ((1 << int(dst[1:])) - 1)); continue
                setr(o[0], v & ((1 << int(dst[1:])) - 1) & ((1 << int(src[1:])) - 1)); continue
            if t == 'f32':
                f = [b2f(x) for x in a]
                if base == 'add': r = f[0] + f[1]
                elif base == 'sub': r = f[0] - f[1]
                elif base == 'mul': r = f[0] * f[1]
                elif base in ('fma', 'mad'): r = f[0] * f[1] + f[2]
                elif base == 'div': r = f[0] / f[1]
                elif base == 'rsqrt': r = f[0] ** -0.5
                elif base == 'rcp': r = 1 / f[0]
                elif base == 'selp': setr(o[0], a[0] if a[2] else a[1]); continue
                elif base == 'neg': r = -f[0]
                elif base == 'max': r = max(f[0], f[1])
                elif base == 'min': r = min(f[0], f[1])
                elif base == 'abs': r = abs(f[0])
                else: raise ValueError(op)
                setr(o[0], f2b(r)); continue
            signed = t[0] == 's'
            if base == 'add': r = a[0] + a[1]
            elif base == 'sub': r = a[0] - a[1]
            elif base == 'neg': r = -a[0]
            elif base == 'mul':
                if '.wide' in op: r = (sx(a[0]) * sx(a[1])) if signed else ((a[0] & mask) * (a[1] & mask)); setr(o[0], r); continue
                if '.hi' in op: r = ((sx(a[0]) * sx(a[1])) if signed else ((a[0] & mask) * (a[1] & mask))) >> w
                else: r = a[0] * a[1]
            elif base == 'mad':
                if '.wide' in op: r = (a[0] & M32) * (a[1] & M32) + a[2]; setr(o[0], r); continue
                r = a[0] * a[1] + a[2]
            elif base == 'div': r = (sx(a[0]) // sx(a[1])) if signed else (a[0] & mask) // (a[1] & mask)
            elif base == 'rem': r = (a[0] & mask) % (a[1] & mask)
            elif base == 'and': r = a[0] & a[1]
            elif base == 'or': r = a[0] | a[1]
            elif base == 'xor': r = a[0] ^ a[1]
            elif base == 'not': r = ~a[0]
            elif base == 'shl': r = (a[0] << (a[1] & 0xff)) if a[1] < w else 0
            elif base == 'shr': r = (sx(a[0]) >> a[1]) if signed else ((a[0] & mask) >> a[1])
            elif base == 'min': r = min(sx(a[0]), sx(a[1])) if signed else min(a[0] & mask, a[1] & mask)
            elif base == 'max': r = max(sx(a[0]), sx(a[1])) if signed else max(a[0] & mask, a[1] & mask)
            elif base == 'selp': r = a[0] if a[2] else a[1]
            elif base == 'prmt': raise ValueError(op)
            else: raise ValueError(op)
            setr(o[0], r & mask)
            if self.count > limit: raise RuntimeError('limit')
        return self.count

def special(tid, ntid, ctaid, nctaid, lane):
    d = {}
    for k, v in zip('xyz', tid): d[f'%tid.{k}'] = v
    for k, v in zip('xyz', ntid): d[f'%ntid.{k}'] = v
    for k, v in zip('xyz', ctaid): d[f'%ctaid.{k}'] = v
    for k, v in zip('xyz', nctaid): d[f'%nctaid.{k}'] = v
    d['%laneid'] = lane
    return d


BASE = 0x7F0000000000


def params_for(entry: str, rows: int, cols: int) -> list[int]:
    """The kernel's parameters: buffers 1 GiB apart (16-byte aligned), eps 1e-6 where it has one."""
    n, bufs = rows * cols, iter(range(BASE, BASE + (16 << 30), 1 << 30))
    eps = 0x358637BD  # 1e-6
    if entry in ("layernorm", "layernorm_block"):  # x, weight, bias, out, mean, rstd: (pointer, length) each
        return [v for length in (n, cols, cols, n, rows, rows) for v in (next(bufs), length)]
    if entry in ("rmsnorm_bf16", "rmsnorm_bf16_warp"):  # eps, then x, weight, out, rstd
        return [eps] + [v for length in (n, cols, n, rows) for v in (next(bufs), length)]
    if entry.startswith("ln"):  # out, mean, rstd, x, w, b, N, C
        return [next(bufs) for _ in range(6)] + [rows, cols]
    if entry == "rms_warp":  # out, rstd, x, w, eps, N, C
        return [next(bufs) for _ in range(4)] + [eps, rows, cols]
    raise SystemExit(f"ptx_walk: no parameters known for kernel {entry!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ptx", type=Path)
    ap.add_argument("entry")
    ap.add_argument("--rows", type=int, default=8192)
    ap.add_argument("--cols", type=int, default=768)
    ap.add_argument("--block", type=int, default=128)
    ap.add_argument("--warp", type=int, default=37, help="the row: a warp, or a block for a block-per-row kernel")
    ap.add_argument("--lane", type=int, default=5)
    ap.add_argument("--trace", type=int, default=0, metavar="N",
                    help="also print the first N instructions executed (predicated-off ones marked '-')")
    a = ap.parse_args()
    ptx = a.ptx.read_text()
    ptx = ptx[ptx.index(".version"):] if ".version" in ptx else ptx
    per_block = a.entry in ("layernorm_block", "rmsnorm_bf16", "ln5")
    if per_block:
        block, thread, grid = a.warp, a.lane, a.rows
    else:
        warps = a.block // 32
        block, thread, grid = a.warp // warps, (a.warp % warps) * 32 + a.lane, -(-32 * a.rows // a.block)
    sim = Sim(ptx, a.entry, params_for(a.entry, a.rows, a.cols),
              special((thread, 0, 0), (a.block, 1, 1), (block, 0, 0), (grid, 1, 1), thread % 32))
    sim.run()
    o = sim.ops
    print(f"{a.entry} {a.rows} x {a.cols} block {a.block}: {sim.count} PTX instructions "
          f"({o['bra']} branches, {o['setp']} setp, {o['ld']} ld with ld.param, {o['st']} st)")
    phase = 0
    names = ["to the first shuffle", "to the mean (a div.rn, or a mul by 1 / C)", "to rsqrt", "rsqrt and after"]
    counts = collections.Counter()
    for _, op in sim.trace:
        if phase == 0 and op.startswith("shfl"):
            phase = 1
        if phase == 1 and op.startswith(("div.rn", "mul")):
            phase = 2
        if phase == 2 and op.startswith("rsqrt"):  # not an rsqrt before the mean (ours: 1 / C)
            phase = 3
        counts[phase] += 1
    print("  " + "; ".join(f"{names[p]}: {counts[p]}" for p in sorted(counts)))
    for pc, _ in sim.trace[:a.trace]:
        g, op, ops = sim.ins[pc]
        guard = f"@{'!' if g[0] else ''}{g[1]} " if g else ""
        print(f"  {pc:5d}  {guard}{op} {', '.join(ops)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
