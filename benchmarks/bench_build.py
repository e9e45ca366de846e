"""Build time, fatbin size and wheel size: oxpack on example-project vs `nvcc -fatbin` of the same kernels.

    python benchmarks/bench_build.py [--repeat 3] [--no-wheel]
    python benchmarks/bench_build.py --concurrent 8 [--repeat 1] [--python EXE ...]
    python benchmarks/bench_build.py --remote [--repeat 3]

Both sides build the kernel files of example-project that have a CUDA C++ twin
(`benchmarks/cuda/<name>.cu` is the twin of `example-project/kernels/<name>.rs`; oxpack builds
a copy of the example without the others, its shared modules kept) for the example's archs
(sm_80, sm_86, sm_89, sm_90) plus sm_90 PTX; the table's header names the files and the
kernels left out (files without a twin, kernels a twin file lacks). oxpack "cold" starts from an empty stage
cache with the nvptx sysroot already built (once per rustc, ~20 s, reported apart);
"one process" is the same cold build with `jobs=1` (no worker pool); "warm" is an
unchanged rebuild (`oxpack build`, a fresh process each time; target < 0.5 s). The
runs of each round are interleaved; medians of --repeat rounds; ratios are oxpack /
nvcc. Sizes: oxpack's fatbins (the example's `fatbin-compression`, default `speed`,
LZ4) against nvcc's with its default compression and with `--compress-mode=size`;
the same cubins and PTX packed by nvFatbin in every other mode; the example's wheel
(hatchling, through `pip wheel`) against the same wheel with nvcc's default fatbins
in place of oxpack's, zipped the same way, and with oxpack's fatbins in each other mode.

`--remote` (the shared build cache): a `redis-server` of its own on 127.0.0.1,
and in each round (a) a fully cold build (empty local cache, the nvptx sysroot included,
empty store: it builds and uploads everything), then (b) a second machine's build (a new
empty local cache, the store warm from (a)); the ratio b/a (target <= 0.25) and the bytes
the store received and sent (its own `INFO stats` counters, protocol included).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
EXAMPLE = REPO / "example-project"
ARCHS = ["sm_80", "sm_86", "sm_89", "sm_90"]
CRATES = sorted(p.stem for p in (EXAMPLE / "kernels").glob("*.rs"))
# the kernel files with a CUDA C++ twin (benchmarks/cuda/<name>.cu): the nvcc comparison builds these on both sides
TWINNED = [name for name in CRATES if (HERE / "cuda" / f"{name}.cu").exists()]
_ONE_PROCESS = ("import sys; from pathlib import Path; from oxpack.config import load_config; "
                "from oxpack.builder.pipeline import build_project; build_project(load_config(Path(sys.argv[1])), jobs=1)")


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


def twinned_example(work: Path) -> Path:
    """A copy of example-project without the kernel files that have no CUDA C++ twin (its shared modules kept)."""
    project = work / "example-project"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__"))
    for rs in (project / "kernels").glob("*.rs"):
        if rs.stem not in TWINNED:
            rs.unlink()
    return project


def untwinned() -> list[str]:
    """What the nvcc comparison leaves out: whole kernel files without a twin, and kernels a twin file lacks."""
    left = [f"kernels/{name}.rs" for name in CRATES if name not in TWINNED]
    for name in TWINNED:
        ours = re.findall(r"^\s*pub fn (\w+)", (EXAMPLE / "kernels" / f"{name}.rs").read_text(), re.M)
        theirs = set(re.findall(r"__global__\s+(?:void\s+)?(?:__launch_bounds__\([^)]*\)\s+)?(?:void\s+)?(\w+)\s*\(",
                                (HERE / "cuda" / f"{name}.cu").read_text()))
        left += [f"{name}.rs's {k}" for k in ours if k not in theirs]
    return left


def oxpack_build(env: dict[str, str], out: Path, project: Path = EXAMPLE) -> float:
    return _timed([sys.executable, "-m", "oxpack", "build", str(project), "--out", str(out), "-q"], env)


def oxpack_one_process(env: dict[str, str], project: Path) -> float:
    return _timed([sys.executable, "-c", _ONE_PROCESS, str(project)], env)


def nvcc_build(out: Path, *extra: str) -> float:
    gencode = [f"-gencode=arch=compute_{a[3:]},code=sm_{a[3:]}" for a in ARCHS]
    gencode.append("-gencode=arch=compute_90,code=compute_90")
    out.mkdir(parents=True)
    start = time.perf_counter()
    for name in TWINNED:
        subprocess.run(["nvcc", "-O3", "-fatbin", *extra, *gencode, str(HERE / "cuda" / f"{name}.cu"),
                        "-o", str(out / f"{name}.fatbin")], check=True)
    return time.perf_counter() - start


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.fatbin"))


def wheel_sizes(work: Path, env: dict[str, str], nvcc_fatbins: Path, modes: dict[str, dict[str, bytes]],
                project: Path) -> tuple[int, int, int, dict[str, int]]:
    """The example's wheel; it rezipped here with its own fatbins, with nvcc's, with oxpack's in other modes."""
    _timed([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(REPO), "-w", str(work / "oxpack-wheel")])
    _timed([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(project), "-w", str(work / "dist"),
            "--find-links", str(work / "oxpack-wheel")], env)
    (wheel,) = (work / "dist").glob("vecmath-*.whl")
    ours = _rezip(wheel, work / "ours.whl", {})
    theirs = _rezip(wheel, work / "nvcc.whl", {n: (nvcc_fatbins / f"{n}.fatbin").read_bytes() for n in TWINNED})
    other = {mode: _rezip(wheel, work / f"{mode}.whl", fatbins) for mode, fatbins in modes.items()}
    return wheel.stat().st_size, ours, theirs, other


def fatbins_in_every_mode(env: dict[str, str], project: Path) -> tuple[str, dict[str, dict[str, bytes]]]:
    """The example's compression mode, and the same cubins and PTX packed by nvFatbin in each other mode."""
    os.environ["OXPACK_CACHE_DIR"] = env["OXPACK_CACHE_DIR"]  # a warm cache: nothing compiles again
    from oxpack.config import load_config
    from oxpack.toolchain.nvidia import FATBIN_COMPRESSION, link_cubin, make_fatbin
    from oxpack.builder.pipeline import build_project

    config = load_config(project)
    result = build_project(config, jobs=1)
    cubins = {c.name: [link_cubin(c.ptx[a], a) for a in result.archs] for c in result.crates}
    ptx = {c.name: (result.ptx_arch, c.ptx[result.ptx_arch]) if result.ptx_arch else None for c in result.crates}
    return config.fatbin_compression, {
        mode: {name: make_fatbin(cubins[name], ptx[name], name=name, compression=mode) for name in cubins}
        for mode in FATBIN_COMPRESSION if mode != config.fatbin_compression}


def _rezip(wheel: Path, out: Path, fatbins: dict[str, bytes]) -> int:
    """The wheel's members in order, same names, times and compression; fatbins replaced where given."""
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            stem = Path(info.filename).stem
            replace = info.filename.endswith(".fatbin") and stem in fatbins
            dst.writestr(info, fatbins[stem] if replace else src.read(info))
    return out.stat().st_size


def concurrent_cold(pythons: list[str], count: int, repeat: int) -> int:
    """`count` cold builds of example-project at once on one empty stage cache (sysroot built), per
    oxpack install (`pythons`: interpreters that have each, e.g. main's and this branch's), against one
    cold build alone of the same install in the same run. Without a per-key cache lock every build
    compiles every crate; with it, later builds wait for the first one's entries."""
    work = Path(tempfile.mkdtemp(prefix="oxpack-bench-"))
    try:
        for i, python in enumerate(pythons):
            first = work / f"first{i}"
            subprocess.run([python, "-m", "oxpack", "build", str(EXAMPLE), "--out", str(first), "-q"], check=True,
                           env=dict(os.environ, OXPACK_CACHE_DIR=str(work / f"cache-first{i}")))
            sysroot = work / f"cache-first{i}" / "sysroot"
            sysroot.mkdir(exist_ok=True)
            alone, together = [], []
            for r in range(repeat):
                env = _cache(work, f"alone{i}-{r}", sysroot)
                alone.append(_timed([python, "-m", "oxpack", "build", str(EXAMPLE), "--out", str(work / "o"), "-q"],
                                    env))
                env = _cache(work, f"together{i}-{r}", sysroot)
                start = time.perf_counter()
                procs = [subprocess.Popen([python, "-m", "oxpack", "build", str(EXAMPLE), "--out",
                                           str(work / f"o{i}-{r}-{n}"), "-q"], env=env) for n in range(count)]
                assert all(p.wait() == 0 for p in procs)
                together.append(time.perf_counter() - start)
                outs = {tuple(sorted((f.name, f.read_bytes()) for f in (work / f"o{i}-{r}-{n}").rglob("*.fatbin")))
                        for n in range(count)}
                assert len(outs) == 1, "concurrent builds gave different fatbins"
            a, t = statistics.median(alone), statistics.median(together)
            version = subprocess.run([python, "-m", "oxpack", "--version"], capture_output=True, text=True,
                                     check=True).stdout.strip()
            print(f"| {python} ({version}) | one cold build {a:.2f} s | {count} concurrent cold builds {t:.2f} s | "
                  f"{t / a:.2f}x |  (runs: alone {', '.join(f'{x:.2f}' for x in alone)}; "
                  f"together {', '.join(f'{x:.2f}' for x in together)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def _redis_bytes(client: Any) -> tuple[int, int]:
    """What the store has received and sent so far (bytes, protocol included)."""
    stats = client.info("stats")
    return int(stats["total_net_input_bytes"]), int(stats["total_net_output_bytes"])


def remote_cold(repeat: int) -> int:
    """A fully cold build against a second machine's build with a warm shared store, interleaved."""
    import redis

    program = shutil.which("redis-server")
    if program is None:
        print("bench_build.py --remote: `redis-server` is not on PATH; install it (`apt-get install redis-server`)",
              file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="oxpack-bench-"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                               "no", "--dir", str(work)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = redis.Redis(port=port, socket_timeout=5)
        deadline = time.monotonic() + 30  # a safety net
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server on port {port} did not start") from None
                time.sleep(0.05)
        url = f"redis://127.0.0.1:{port}/0"
        cold, second, up, down, entries = [], [], [], [], []
        for r in range(repeat):
            client.flushall()
            before = _redis_bytes(client)
            (work / f"cold{r}").mkdir()
            cold.append(oxpack_build(dict(os.environ, OXPACK_CACHE_DIR=str(work / f"cold{r}"),
                                          OXPACK_REMOTE_CACHE=url, OXPACK_REMOTE_CACHE_MODE="read-write"),
                                     work / f"out-cold{r}"))
            middle = _redis_bytes(client)
            entries.append(int(client.dbsize()))
            (work / f"second{r}").mkdir()
            second.append(oxpack_build(dict(os.environ, OXPACK_CACHE_DIR=str(work / f"second{r}"),
                                            OXPACK_REMOTE_CACHE=url, OXPACK_REMOTE_CACHE_MODE="read-write"),
                                       work / f"out-second{r}"))
            after = _redis_bytes(client)
            up.append(middle[0] - before[0])
            down.append(after[1] - middle[1])
        c, b = statistics.median(cold), statistics.median(second)
        print(f"machine: {os.cpu_count()} CPUs; runs: {repeat}; crates: {', '.join(CRATES)}; store: redis-server "
              f"{client.info('server')['redis_version']} on 127.0.0.1")
        print("| what | time | bytes | ratio |\n| --- | --- | --- | --- |")
        print(f"| (a) fully cold build (empty local cache incl. the nvptx sysroot, empty store; uploads) | {c:.2f} s | "
              f"{statistics.median(up):,.0f} B up ({statistics.median(entries):.0f} entries) | 1.00x |")
        print(f"| (b) second machine (empty local cache, store warm from (a)) | {b:.2f} s | "
              f"{statistics.median(down):,.0f} B down | {b / c:.2f}x |")
        print(f"cold runs: {', '.join(f'{x:.2f}' for x in cold)}; second machine: "
              f"{', '.join(f'{x:.2f}' for x in second)}; ratios: "
              f"{', '.join(f'{y / x:.3f}' for x, y in zip(cold, second))}")
    finally:
        server.kill()
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-wheel", action="store_true", help="skip the wheel-size comparison (pip, ~30 s)")
    parser.add_argument("--concurrent", type=int, metavar="N",
                        help="instead: N concurrent cold builds on one cache against one cold build alone")
    parser.add_argument("--python", action="append", metavar="EXE",
                        help="with --concurrent: an interpreter whose oxpack to time (repeatable; default: this one)")
    parser.add_argument("--remote", action="store_true",
                        help="instead: a fully cold build against a second machine's with a warm shared store "
                             "(starts its own redis-server)")
    args = parser.parse_args()
    if args.remote:
        return remote_cold(args.repeat)
    if args.concurrent:
        return concurrent_cold(args.python or [sys.executable], args.concurrent, args.repeat)
    work = Path(tempfile.mkdtemp(prefix="oxpack-bench-"))
    try:
        project = twinned_example(work)
        first_env = dict(os.environ, OXPACK_CACHE_DIR=str(work / "cache-first"))
        first = oxpack_build(first_env, work / "first", project)  # builds the sysroot, unless the rustc has rustup's
        sysroot = work / "cache-first" / "sysroot"
        sysroot.mkdir(exist_ok=True)
        cold, warm, one, nvcc = [], [], [], []
        for i in range(args.repeat):
            env = _cache(work, f"cache{i}", sysroot)
            cold.append(oxpack_build(env, work / f"out{i}", project))
            warm.append(oxpack_build(env, work / f"out{i}", project))
            nvcc.append(nvcc_build(work / f"nvcc{i}"))
            one.append(oxpack_one_process(_cache(work, f"cache-one{i}", sysroot), project))
        nvcc_build(work / "nvcc-size", "--compress-mode=size")
        c, w, o, n = (statistics.median(x) for x in (cold, warm, one, nvcc))
        ours, theirs, smallest = _size(work / "out0"), _size(work / "nvcc0"), _size(work / "nvcc-size")
        mode, modes = fatbins_in_every_mode(env, project)
        label = f"{len(TWINNED)} crates x ({len(ARCHS)} cubins + PTX)"
        print(f"machine: {os.cpu_count()} CPUs; runs: {args.repeat}; crates (those with a CUDA C++ twin): "
              f"{', '.join(TWINNED)}")
        print(f"left out (no twin): {', '.join(untwinned()) or 'nothing'}")
        print("| what | oxpack | nvcc | ratio |\n| --- | --- | --- | --- |")
        print(f"| first build incl. the nvptx sysroot | {first:.2f} s | | |")
        print(f"| cold build (empty stage cache), worker pool | {c:.2f} s | {n:.2f} s | {c / n:.2f}x |")
        print(f"| cold build, one process (`jobs=1`) | {o:.2f} s | {n:.2f} s | {o / n:.2f}x |")
        print(f"| unchanged rebuild | {w:.2f} s | {n:.2f} s | {w / n:.2f}x |")
        print(f"| fatbins, {label}, `{mode}`, vs nvcc default compression | {ours:,} B | {theirs:,} B | "
              f"{ours / theirs:.2f}x |")
        print(f"| fatbins, {label}, `{mode}`, vs nvcc `--compress-mode=size` | {ours:,} B | {smallest:,} B | "
              f"{ours / smallest:.2f}x |")
        for other, fatbins in modes.items():
            size = sum(map(len, fatbins.values()))
            print(f"| fatbins, `fatbin-compression = \"{other}\"`, vs nvcc `--compress-mode=size` | {size:,} B | "
                  f"{smallest:,} B | {size / smallest:.2f}x |")
        if not args.no_wheel:
            wheel, ours_whl, nvcc_whl, other_whl = wheel_sizes(work, env, work / "nvcc0", modes, project)
            print(f"| wheel, `{mode}` (rezipped: {ours_whl:,} B), vs nvcc default fatbins in its place | {wheel:,} B | "
                  f"{nvcc_whl:,} B | {ours_whl / nvcc_whl:.2f}x |")
            for other, size in other_whl.items():
                print(f"| wheel with oxpack's fatbins in `{other}` mode | {size:,} B | {nvcc_whl:,} B | "
                      f"{size / nvcc_whl:.2f}x |")
        print(f"cold runs: {', '.join(f'{x:.2f}' for x in cold)}; one process: {', '.join(f'{x:.2f}' for x in one)}; "
              f"warm: {', '.join(f'{x:.2f}' for x in warm)}; nvcc: {', '.join(f'{x:.2f}' for x in nvcc)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
