"""Finding a usable rustc and its nvptx standard library.

Candidates, in order: the `rustc` config key, `OXPACK_RUSTC`, rustup's active
toolchain, every `rustc` on PATH, then well-known system paths (Debian's
`rustc-web` installs `/usr/bin/rustc`). The first usable one wins; `doctor`
reports why each other one was passed over. A binary is probed once, however
many candidates name it; once rustup has named its active toolchain, rustup's
own proxies (`~/.cargo/bin/rustc`, the `rustup` binary under another name) are
that toolchain's rustc too and are not probed again.

A rustc is usable when it runs, its LLVM is not newer than llvmlite's (llvmlite
cannot read newer bitcode), and it either has rustup's precompiled
`nvptx64-nvidia-cuda` standard library or its own `rust-src` (from which
`core` and `compiler_builtins` are built once into the oxpack cache).
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ToolchainError
from .facts import file_identity, remembered
from .process import PROBE_TIMEOUT, TIMEOUT_HINT, TOOL_TIMEOUT, run_bounded

__all__ = ["Candidate", "Rustc", "TARGET", "discover", "find_rustc", "probe"]

TARGET = "nvptx64-nvidia-cuda"
SYSTEM_RUSTCS = ("/usr/bin/rustc", "/usr/local/bin/rustc")
INSTALL_HINT = (
    "install a Rust toolchain with the nvptx target (`rustup target add nvptx64-nvidia-cuda`) "
    "or Debian's `apt-get install rustc-web rust-web-src`, or point `OXPACK_RUSTC` at a rustc that has either"
)


@dataclass(frozen=True)
class Rustc:
    """A usable rustc: its path, `rustc -vV` facts, and where its nvptx `core` comes from."""

    path: Path
    version_verbose: str
    release: str
    commit: str
    llvm: str
    sysroot: Path
    std_origin: str  # "rustup-target" (precompiled) or "rust-src" (built by oxpack)

    @property
    def identity(self) -> str:
        """A digest of the full `rustc -vV` plus the binary's own digest: part of every cache key."""
        digest = hashlib.sha256(self.version_verbose.encode())
        digest.update(_file_digest(self.path).encode())
        return digest.hexdigest()

    @property
    def llvm_major(self) -> int:
        return int(self.llvm.split(".")[0])

    @property
    def target_lib_dir(self) -> Path:
        return self.sysroot / "lib" / "rustlib" / TARGET / "lib"

    @property
    def library_src(self) -> Path:
        return self.sysroot / "lib" / "rustlib" / "src" / "rust" / "library"


@dataclass
class Candidate:
    """One rustc that discovery looked at, usable or with the reason it was passed over."""

    path: str
    origin: str
    rustc: Rustc | None = None
    reason: str = ""
    notes: list[str] = field(default_factory=list)


def _file_digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def _on_path(program: str, env: Mapping[str, str]) -> str:
    """A bare program name (no `/`) as PATH finds it; a path as it is."""
    if os.sep in program:
        return program
    return shutil.which(program, path=env.get("PATH", os.defpath)) or program


def _candidates(configured: str | None, env: Mapping[str, str], timeout: float,
                configured_origin: str | None = None) -> Iterator[tuple[str, str]]:
    if configured and configured_origin:
        yield _on_path(configured, env), configured_origin
    elif configured and configured == env.get("OXPACK_RUSTC", "").strip():
        yield _on_path(configured, env), "OXPACK_RUSTC"  # the config took it from the environment
    elif configured:
        yield _on_path(configured, env), "option `rustc` in `tool.oxpack`"
    if env.get("OXPACK_RUSTC"):
        yield _on_path(env["OXPACK_RUSTC"].strip(), env), "OXPACK_RUSTC"
    rustup = shutil.which("rustup", path=env.get("PATH"))
    if rustup:
        try:
            code, out, _ = run_bounded([rustup, "which", "rustc"], min(timeout, PROBE_TIMEOUT))
            if code == 0 and out.strip():
                yield out.decode(errors="replace").strip(), RUSTUP_ORIGIN
        except (OSError, subprocess.TimeoutExpired):
            pass  # a broken or hanging rustup: the other candidates still count
    for entry in env.get("PATH", "").split(os.pathsep):
        if entry and (Path(entry) / "rustc").is_file():
            yield str(Path(entry) / "rustc"), f"PATH ({entry})"
    for path in SYSTEM_RUSTCS:
        yield path, "system"


RUSTUP_ORIGIN = "rustup (active toolchain)"
WAIT_NOTICE = 2.0
"""Seconds a probe's question may take before the build says what it waits for (then every `WAIT_REPEAT`)."""
WAIT_REPEAT = 10.0

Waiting = Callable[[str], None]
"""Where a probe says that a question lasts (a build's `Progress`): `waiting for `rustc -vV` (2 s; ...)…`."""


class _Answer:
    """What a quick question to a program printed (text)."""

    def __init__(self, argv: list[str], timeout: float) -> None:
        self.argv = argv
        code, out, err = run_bounded(argv, timeout)
        self.returncode, self.stdout, self.stderr = code, out.decode(errors="replace"), err.decode(errors="replace")

    @classmethod
    def remembered(cls, argv: list[str], stdout: str) -> _Answer:
        answer = cls.__new__(cls)
        answer.argv, answer.returncode, answer.stdout, answer.stderr = argv, 0, stdout, ""
        return answer


class _Failed(Exception):
    """A question to a candidate that did not finish (`cause`: TimeoutExpired or OSError)."""

    def __init__(self, argv: list[str], cause: BaseException) -> None:
        self.argv, self.cause = argv, cause


def _questions(path: str) -> list[list[str]]:
    """What a probe asks the rustc at `path`: its version (`-vV`) and its sysroot."""
    return [[path, "-vV"], [path, "--print", "sysroot"]]


def _ask(path: str, bound: float, waiting: Waiting | None = None) -> tuple[_Answer, _Answer]:
    """`path -vV` and `path --print sysroot`, both at once (each bounded by `bound`); a question that does
    not finish raises `_Failed` (the first one's, in that order). While one lasts past `WAIT_NOTICE`
    seconds, `waiting` is told which (then every `WAIT_REPEAT` seconds), so that a hanging rustc is no
    silent minute."""
    questions = _questions(path)

    def answer(argv: list[str]) -> _Answer | _Failed:
        try:
            return _Answer(argv, bound)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return _Failed(argv, exc)

    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="oxpack-probe") as pool:
        futures = [pool.submit(answer, q) for q in questions]
        waited = 0.0
        pause = WAIT_NOTICE
        while True:
            done, pending = wait(futures, timeout=None if waiting is None else pause, return_when=FIRST_EXCEPTION)
            if not pending:
                break
            waited += pause
            pause = WAIT_REPEAT
            assert waiting is not None
            first = next(q for q, f in zip(questions, futures, strict=True) if f in pending)
            waiting(f"waiting for `{shlex.join(first)}` ({waited:g} s; stopped at {bound:g} s)…")
        answers = [f.result() for f in futures]
    for a in answers:
        if isinstance(a, _Failed):
            raise a
    return answers[0], answers[1]  # type: ignore[return-value]


def _own_rustc(path: str, sysroot: str) -> bool:
    """Whether `path` is its sysroot's own rustc (`<sysroot>/bin/rustc`), not a rustup proxy or another
    program that picks a rustc each time it runs (which only that program's settings say)."""
    return _same_file(Path(path), Path(sysroot) / "bin" / "rustc")


def _drivers(sysroot: str) -> list[str]:
    """The compiler libraries in the sysroot (rustup's `lib/`, Debian's `lib/<multiarch>/`): `-vV` comes
    from the one that rustc loads."""
    lib = Path(sysroot) / "lib"
    return sorted(str(p) for pattern in ("librustc_driver-*", "*/librustc_driver-*") for p in lib.glob(pattern))


def _environment() -> list[str]:
    """What in the environment could change a rustc's answers: Rust's variables and the loader's."""
    return sorted(f"{k}={v}" for k, v in os.environ.items() if k.startswith(("RUST", "LD_")))


def _answers(path: str, bound: float, facts: Path | None, waiting: Waiting | None = None) -> tuple[_Answer, _Answer]:
    """`_ask`, or its answers from an earlier build: those of a rustc that is its sysroot's own binary are
    remembered in `facts` (`oxpack.toolchain.facts`), keyed on that binary's identity and the environment, and
    valid while the sysroot's compiler libraries are unchanged (their identities are in the entry).
    Failed questions and a rustup proxy's answers (they follow rustup's settings) are not kept."""
    questions = _questions(path)
    asked: list[tuple[_Answer, _Answer]] = []

    def ask() -> dict[str, Any]:
        vv, sysroot = _ask(path, bound, waiting)
        asked.append((vv, sysroot))
        root = sysroot.stdout.strip()
        return {"vV": vv.stdout, "sysroot": sysroot.stdout,
                "drivers": [[p, file_identity(Path(p))] for p in _drivers(root)] if root else []}

    def valid(a: Any) -> bool:
        return (isinstance(a, dict) and isinstance(a.get("vV"), str) and a["vV"].startswith("rustc ")
                and isinstance(a.get("sysroot"), str) and isinstance(a.get("drivers"), list)
                and all(isinstance(d, list) and len(d) == 2 and all(isinstance(x, str) for x in d)
                        and file_identity(Path(d[0])) == d[1] for d in a["drivers"]))

    def keep(a: dict[str, Any]) -> bool:
        vv, sysroot = asked[0]
        return (vv.returncode == 0 and sysroot.returncode == 0 and valid(a)
                and _own_rustc(path, sysroot.stdout.strip()))

    found = remembered(facts, "rustc -vV and --print sysroot", [sys.modules[__name__]],
                       None if facts is None else [Path(path), Path(path).resolve()], ask, valid=valid, keep=keep,
                       extra=[path, *_environment()])
    if asked:
        return asked[0]
    return _Answer.remembered(questions[0], found["vV"]), _Answer.remembered(questions[1], found["sysroot"])


def probe(path: str, origin: str, llvmlite_major: int, timeout: float = TOOL_TIMEOUT,
          facts: Path | None = None, waiting: Waiting | None = None) -> Candidate:
    """Run `rustc -vV` and `rustc --print sysroot` (at once) and look for the nvptx standard library or
    rust-src (each question bounded by `timeout`, at most `PROBE_TIMEOUT`); with `facts` (a folder of the
    cache), the answers of a rustc that is its sysroot's own are remembered there (`_answers`); `waiting` hears
    of a question that lasts (`_ask`)."""
    cand = Candidate(path, origin)
    exe = Path(path)
    if not exe.is_file():
        cand.reason = "not found" if os.sep in path else "not found on PATH"
        return cand
    bound = min(timeout, PROBE_TIMEOUT)
    try:
        vv, sysroot = _answers(path, bound, facts, waiting)
    except _Failed as failed:
        argv, exc = failed.argv, failed.cause
        if isinstance(exc, subprocess.TimeoutExpired):
            cand.reason = (f"`{shlex.join(argv)}` did not finish within {bound:g} s and was stopped (with everything "
                           f"it started); {TIMEOUT_HINT}")
        else:
            assert isinstance(exc, OSError)
            cand.reason = f"does not run (`{shlex.join(argv)}`: {exc.strerror or exc})"
        return cand
    if vv.returncode != 0 or sysroot.returncode != 0:
        cand.reason = f"`{path} -vV` failed: {(vv.stderr or sysroot.stderr).strip()[:200]}"
        return cand
    if not vv.stdout.startswith("rustc "):
        shown = vv.stdout.strip().splitlines()[0][:80] if vv.stdout.strip() else "nothing"
        cand.reason = f"is not a rustc: `{path} -vV` printed {shown!r} instead of `rustc <version> ...`"
        return cand
    fields = dict(re.findall(r"^([\w -]+): (.*)$", vv.stdout, re.M))
    llvm = fields.get("LLVM version", "0")
    root = Path(sysroot.stdout.strip())
    rustc = Rustc(exe.resolve(), vv.stdout, fields.get("release", "?"), fields.get("commit-hash", "?"), llvm, root, "")
    if rustc.llvm_major > llvmlite_major:
        cand.reason = (
            f"its LLVM {llvm} is newer than llvmlite's LLVM {llvmlite_major}, which cannot read its bitcode; "
            "use an older rustc or a newer llvmlite"
        )
        return cand
    if any(rustc.target_lib_dir.glob("libcore-*.rlib")):
        origin_kind = "rustup-target"
    elif (rustc.library_src / "core" / "src" / "lib.rs").is_file():
        origin_kind = "rust-src"
    else:
        cand.reason = (
            f"has neither the {TARGET} standard library nor rust-src "
            f"(fix: `rustup target add {TARGET}` or `rustup component add rust-src`)"
        )
        return cand
    cand.rustc = Rustc(rustc.path, vv.stdout, rustc.release, rustc.commit, llvm, root, origin_kind)
    return cand


def discover(configured: str | None = None, env: Mapping[str, str] | None = None,
             timeout: float = TOOL_TIMEOUT, configured_origin: str | None = None) -> list[Candidate]:
    """Every candidate, in order, each probed (duplicates of one binary kept once, and rustup's proxies
    left out once rustup named its active toolchain: they run that rustc); `timeout` bounds
    every program run (at most `PROBE_TIMEOUT` each); `configured_origin` says where `configured` came
    from (`Config.origin("rustc")`), for messages."""
    return list(_probed(configured, env, timeout, configured_origin, None))


def _probed(configured: str | None, env: Mapping[str, str] | None, timeout: float,
            configured_origin: str | None, facts: Path | None, waiting: Waiting | None = None) -> Iterator[Candidate]:
    """`discover`'s candidates, each probed as it is reached (`find_rustc` stops at the first usable one)."""
    from .facts import llvm_version

    env = os.environ if env is None else env
    major = llvm_version(facts)[0]
    seen: set[Path] = set()
    for path, origin in _candidates(configured, env, timeout, configured_origin):
        real = Path(path).resolve() if Path(path).exists() else Path(path)
        if real in seen:
            continue
        if origin == RUSTUP_ORIGIN:  # rustup ran (`rustup which rustc`) and named the rustc its proxies run
            rustup = shutil.which("rustup", path=env.get("PATH"))
            if rustup:
                seen.add(Path(rustup).resolve())
        if any(_same_file(real, other) for other in seen):  # a hard link to one seen, a rustup proxy
            continue
        seen.add(real)
        yield probe(path, origin, major, timeout, facts, waiting)


def _same_file(a: Path, b: Path) -> bool:
    """Whether `a` and `b` are one file (hard links, symlinks); False where either is missing."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def find_rustc(configured: str | None = None, env: Mapping[str, str] | None = None,
               timeout: float = TOOL_TIMEOUT, configured_origin: str | None = None,
               facts: Path | None = None, waiting: Waiting | None = None) -> Rustc:
    """The first usable rustc (the candidates after it are not run), or a ToolchainError listing why
    each candidate failed; `facts`: a folder of the cache where the answers of the candidates and of
    llvmlite are remembered across builds (`probe`, `oxpack.toolchain.facts`); `waiting` (a build's progress)
    hears of a question to a candidate that lasts (`_ask`)."""
    cands = []
    for cand in _probed(configured, env, timeout, configured_origin, facts, waiting):
        cands.append(cand)
        if cand.rustc is not None:
            return cand.rustc
        if cand.origin == configured_origin or cand.origin.startswith(("option `rustc`", "OXPACK_RUSTC")):
            raise ToolchainError(f"rustc `{cand.path}` from {cand.origin} is not usable: {cand.reason}")
    tried = "; ".join(f"{c.path} ({c.origin}): {c.reason}" for c in cands)
    raise ToolchainError(f"no usable rustc found; {INSTALL_HINT}", detail=f"tried: {tried}" if tried else "")
