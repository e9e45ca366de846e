"""Counts a GEMM main loop's SASS instructions by kind.

    cuobjdump -sass KERNELS.fatbin > ours.sass;  nvcc -cubin -arch=sm_90 -O3 -std=c++17 \
        benchmarks/cuda/gemm_mma.cu && cuobjdump -sass gemm_mma.cubin > twin.sass
    python3 benchmarks/cuda/sass_loop.py ours.sass gemm_bf16_nt

For each function whose name contains the second argument: each backward branch whose body holds
an HMMA or IMMA (the k loop), its instruction count by opcode, and the count from its last
`VOTE.ANY` (oxpack's whole-warp check, the start of `Accum::mma_tile`) to the back edge: the
straight-line fragment loads and products of one k step. Static counts: a loop body with
several copy paths (whole tiles, ragged edges, unaligned rows) counts all of them; read the
executed path off the listing.
"""
import collections
import re
import sys


def functions(path):
    out, cur = {}, None
    for line in open(path):
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = out.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2)))
    return out


def opcode(ins):
    t = ins.split()
    return (t[1] if t[0].startswith("@") else t[0]).split(".")[0]


def main_loops(ins):
    """Every backward branch's body with an HMMA (IMMA for int8) in it (a kernel with its k loop in two
    versions has two)."""
    out = []
    for addr, s in ins:
        if opcode(s) != "BRA":
            continue
        m = re.search(r"0x([0-9a-f]+)", s.split("BRA", 1)[1])
        if m and int(m.group(1), 16) <= addr:
            body = [x for x in ins if int(m.group(1), 16) <= x[0] <= addr]
            if any(opcode(x[1]) in ("HMMA", "IMMA") for x in body):
                out.append(body)
    return out


def main():
    path, want = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else ""
    for name, ins in functions(path).items():
        for body in main_loops(ins) if want in name else []:
            report(name, body)


def report(name, body):
    count = lambda xs: dict(collections.Counter(opcode(s) for _, s in xs).most_common())
    print(f"{name}: loop {body[0][0]:#x}..{body[-1][0]:#x}, {len(body)} instructions: {count(body)}")
    votes = [i for i, (_, s) in enumerate(body) if opcode(s) == "VOTE"]
    if votes:
        tail = body[votes[-1]:]
        print(f"  from the last VOTE (mma_tile) to the back edge: {len(tail)}: {count(tail)}")


if __name__ == "__main__":
    main()
