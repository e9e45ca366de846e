"""Build time, fatbin size and wheel size: oxpack on example-project vs `nvcc -fatbin` of the same kernels.

    python benchmarks/bench_build.py [--repeat 3] [--no-wheel]

Both sides build every kernel file of example-project (`benchmarks/cuda/<name>.cu` is
the CUDA C++ twin of `example-project/kernels/<name>.rs`) for the example's archs
(sm_80, sm_86, sm_89, sm_90) plus sm_90 PTX. oxpack "cold" starts from an empty stage
cache with the nvptx sysroot already built (once per rustc, ~20 s, reported apart);
"one process" is the same cold build with `jobs=1` (no worker pool); "warm" is an
unchanged rebuild (`oxpack build`, a fresh process each time; target < 0.5 s). The
runs of each round are interleaved; medians of --repeat rounds; ratios are oxpack /
nvcc. Sizes: oxpack's fatbins (nvFatbin `-compress-all`) against nvcc's with its
default compression and with `--compress-mode=size`; the example's wheel (hatchling,
through `pip wheel`) against the same wheel with nvcc's default fatbins in place of
oxpack's, zipped the same way, and with oxpack's fatbins left uncompressed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
EXAMPLE = REPO / "example-project"
ARCHS = ["sm_80", "sm_86", "sm_89", "sm_90"]
CRATES = sorted(p.stem for p in (EXAMPLE / "kernels").glob("*.rs"))
_ONE_PROCESS = ("import sys; from pathlib import Path; from oxpack.config import load_config; "
                "from oxpack.pipeline import build_project; build_project(load_config(Path(sys.argv[1])), jobs=1)")


def _timed(cmd: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env)
    return time.perf_counter() - start


def _cache(work: Path, name: str, sysroot: Path) -> dict[str, str]:
    """Environment for an empty stage cache that shares the built sysroot."""
    cache = work / name
    cache.mkdir()
    (cache / "sysroot").symlink_to(sysroot, target_is_directory=True)
    return dict(os.environ, OXPACK_CACHE_DIR=str(cache))


def oxpack_build(env: dict[str, str], out: Path) -> float:
    return _timed([sys.executable, "-m", "oxpack", "build", str(EXAMPLE), "--out", str(out), "-q"], env)


def oxpack_one_process(env: dict[str, str]) -> float:
    return _timed([sys.executable, "-c", _ONE_PROCESS, str(EXAMPLE)], env)


def nvcc_build(out: Path, *extra: str) -> float:
    gencode = [f"-gencode=arch=compute_{a[3:]},code=sm_{a[3:]}" for a in ARCHS]
    gencode.append("-gencode=arch=compute_90,code=compute_90")
    out.mkdir(parents=True)
    start = time.perf_counter()
    for name in CRATES:
        subprocess.run(["nvcc", "-O3", "-fatbin", *extra, *gencode, str(HERE / "cuda" / f"{name}.cu"),
                        "-o", str(out / f"{name}.fatbin")], check=True)
    return time.perf_counter() - start


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.fatbin"))


def wheel_sizes(work: Path, env: dict[str, str], nvcc_fatbins: Path) -> tuple[int, int, int, int]:
    """The example's wheel; it rezipped here with its own fatbins, with nvcc's, with uncompressed ones of oxpack."""
    _timed([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(REPO), "-w", str(work / "oxpack-wheel")])
    _timed([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(EXAMPLE), "-w", str(work / "dist"),
            "--find-links", str(work / "oxpack-wheel")], env)
    (wheel,) = (work / "dist").glob("vecmath-*.whl")
    ours = _rezip(wheel, work / "ours.whl", {})
    theirs = _rezip(wheel, work / "nvcc.whl", {n: (nvcc_fatbins / f"{n}.fatbin").read_bytes() for n in CRATES})
    plain = _rezip(wheel, work / "plain.whl", uncompressed_fatbins(env))
    return wheel.stat().st_size, ours, theirs, plain


def uncompressed_fatbins(env: dict[str, str]) -> dict[str, bytes]:
    """The same cubins and PTX as oxpack's fatbins, put together by nvFatbin without `-compress-all`."""
    os.environ["OXPACK_CACHE_DIR"] = env["OXPACK_CACHE_DIR"]  # a warm cache: nothing compiles again
    from cuda.bindings import nvfatbin

    from oxpack.config import load_config
    from oxpack.nvidia import link_cubin
    from oxpack.pipeline import build_project

    result = build_project(load_config(EXAMPLE), jobs=1)
    out = {}
    for crate in result.crates:
        handle = nvfatbin.create(["-64"], 1)
        for arch in result.archs:
            data = link_cubin(crate.ptx[arch], arch).data
            nvfatbin.add_cubin(handle, data, len(data), arch[3:], crate.name)
        ptx = crate.ptx["sm_90"].encode() + b"\0"
        nvfatbin.add_ptx(handle, ptx, len(ptx), "90", crate.name, "")
        buf = bytearray(nvfatbin.size(handle))
        nvfatbin.get(handle, buf)
        nvfatbin.destroy(handle)
        out[crate.name] = bytes(buf)
    return out


def _rezip(wheel: Path, out: Path, fatbins: dict[str, bytes]) -> int:
    """The wheel's members in order, same names, times and compression; fatbins replaced where given."""
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            stem = Path(info.filename).stem
            replace = info.filename.endswith(".fatbin") and stem in fatbins
            dst.writestr(info, fatbins[stem] if replace else src.read(info))
    return out.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-wheel", action="store_true", help="skip the wheel-size comparison (pip, ~30 s)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="oxpack-bench-"))
    try:
        first_env = dict(os.environ, OXPACK_CACHE_DIR=str(work / "cache-first"))
        first = oxpack_build(first_env, work / "first")  # builds the sysroot, unless the rustc has rustup's
        sysroot = work / "cache-first" / "sysroot"
        sysroot.mkdir(exist_ok=True)
        cold, warm, one, nvcc = [], [], [], []
        for i in range(args.repeat):
            env = _cache(work, f"cache{i}", sysroot)
            cold.append(oxpack_build(env, work / f"out{i}"))
            warm.append(oxpack_build(env, work / f"out{i}"))
            nvcc.append(nvcc_build(work / f"nvcc{i}"))
            one.append(oxpack_one_process(_cache(work, f"cache-one{i}", sysroot)))
        nvcc_build(work / "nvcc-size", "--compress-mode=size")
        c, w, o, n = (statistics.median(x) for x in (cold, warm, one, nvcc))
        ours, theirs, smallest = _size(work / "out0"), _size(work / "nvcc0"), _size(work / "nvcc-size")
        label = f"{len(CRATES)} crates x ({len(ARCHS)} cubins + PTX)"
        print(f"machine: {os.cpu_count()} CPUs; runs: {args.repeat}; crates: {', '.join(CRATES)}")
        print("| what | oxpack | nvcc | ratio |\n| --- | --- | --- | --- |")
        print(f"| first build incl. the nvptx sysroot | {first:.2f} s | | |")
        print(f"| cold build (empty stage cache), worker pool | {c:.2f} s | {n:.2f} s | {c / n:.2f}x |")
        print(f"| cold build, one process (`jobs=1`) | {o:.2f} s | {n:.2f} s | {o / n:.2f}x |")
        print(f"| unchanged rebuild | {w:.2f} s | {n:.2f} s | {w / n:.2f}x |")
        print(f"| fatbins, {label}, nvcc default compression | {ours:,} B | {theirs:,} B | {ours / theirs:.2f}x |")
        print(f"| fatbins, {label}, nvcc `--compress-mode=size` | {ours:,} B | {smallest:,} B | "
              f"{ours / smallest:.2f}x |")
        if not args.no_wheel:
            wheel, ours_whl, nvcc_whl, plain_whl = wheel_sizes(work, env, work / "nvcc0")
            print(f"| wheel (rezipped: {ours_whl:,} B), nvcc default fatbins in its place | {wheel:,} B | "
                  f"{nvcc_whl:,} B | {ours_whl / nvcc_whl:.2f}x |")
            print(f"| wheel with oxpack's fatbins uncompressed (zip deflates them) | {plain_whl:,} B | "
                  f"{nvcc_whl:,} B | {plain_whl / nvcc_whl:.2f}x |")
        print(f"cold runs: {', '.join(f'{x:.2f}' for x in cold)}; one process: {', '.join(f'{x:.2f}' for x in one)}; "
              f"warm: {', '.join(f'{x:.2f}' for x in warm)}; nvcc: {', '.join(f'{x:.2f}' for x in nvcc)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
