"""Tool facts remembered across builds (`oxpack.toolchain.facts`): each one is asked again when any file or code
it depends on changes, and is served from its entry, not asked, while nothing did.

Each step of a scenario is a fresh process (as each build is), which prints the answer and whether it
asked the tool; between the steps the test writes a different answer into the entries ("tampers"), so
that an answer served from a stale entry would show."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from oxpack.toolchain import facts as tool_facts
from oxpack.toolchain import nvidia
from oxpack.store.cache import digest
from oxpack.toolchain.facts import file_identity, remembered
from oxpack.sources.targets import ARCH_MIN_PTX


def _env(*first: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join([*map(str, first), *sys.path]))


def _tamper(facts: Path, question: str, answer: object, *, keep_digest: bool = False) -> int:
    """Write `answer` into every entry of `question` (with a matching digest unless `keep_digest`)."""
    count = 0
    for path in facts.glob("*.json"):
        entry = json.loads(path.read_text())
        if entry["question"] == question:
            entry["answer"] = answer
            if not keep_digest:
                entry["digest"] = digest(json.dumps(answer, sort_keys=True))
            path.write_text(json.dumps(entry))
            count += 1
    assert count, f"no entry of {question!r} in {facts}"
    return count


NVFATBIN = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    import oxpack.toolchain.facts
    import oxpack.toolchain.nvidia as nvidia
    root, facts = Path(sys.argv[1]), Path(sys.argv[2])
    nvidia.nvidia_package_roots = lambda: [root]  # the wheel folder of this test: a copy of the library
    asked, real = [], nvidia.nvfatbin_version
    nvidia.nvfatbin_version = lambda: asked.append(1) or real()
    version = oxpack.toolchain.facts.nvfatbin_version(facts)
    print(json.dumps({"version": version, "asked": bool(asked), "loaded": str(nvidia._LOADED.get("nvFatbin"))}))
""")


def test_nvfatbin_version_is_asked_again_when_its_library_files_change(tmp_path: Path) -> None:
    real = nvidia.find_nvidia_library("nvFatbin")
    assert real is not None, "the test machine has the nvidia-nvfatbin wheel"
    root, facts = tmp_path / "nvidia", tmp_path / "facts"
    library = root / "cu13" / "lib" / real.name
    library.parent.mkdir(parents=True)
    shutil.copyfile(real, library)

    def build() -> dict[str, object]:
        out = subprocess.run([sys.executable, "-c", NVFATBIN, str(root), str(facts)], env=_env(),
                             capture_output=True, text=True, check=True).stdout
        return json.loads(out)

    first = build()
    version = first["version"]
    assert first["asked"] and first["loaded"] == str(library)
    assert build() == {"version": version, "asked": False, "loaded": "None"}  # remembered: nothing loaded
    _tamper(facts, "nvFatbin version", "99.1")
    assert build()["version"] == "99.1"  # served from the entry (what the steps below would catch)

    st = library.stat()
    os.utime(library, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # touched
    assert build() == {"version": version, "asked": True, "loaded": str(library)}

    _tamper(facts, "nvFatbin version", "99.2")
    fresh = library.with_name("fresh")
    shutil.copy2(library, fresh)  # the same bytes and times, another file (a reinstall)
    os.replace(fresh, library)
    assert build() == {"version": version, "asked": True, "loaded": str(library)}

    _tamper(facts, "nvFatbin version", "99.3")
    other = root / "nvfatbin" / "lib" / nvidia.NVIDIA_LIBRARIES["nvFatbin"].sonames[-1]
    other.parent.mkdir(parents=True)
    other.write_bytes(b"")  # another wheel's library appears where the loader could look
    assert build()["asked"]

    _tamper(facts, "nvFatbin version", "99.4", keep_digest=True)  # damaged: its digest no longer matches
    assert build() == {"version": version, "asked": True, "loaded": str(library)}
    _tamper(facts, "nvFatbin version", "not a version")  # well formed, but no answer to the question
    assert build()["asked"]
    assert build() == {"version": version, "asked": False, "loaded": "None"}


LLVM = textwrap.dedent("""
    import json, sys, types
    from pathlib import Path
    import oxpack.toolchain.facts
    import oxpack.toolchain.llvm as llvm
    asked = []
    llvm._llvm = lambda: asked.append(1) or types.SimpleNamespace(llvm_version_info=(22, 1, 0))
    print(json.dumps({"version": oxpack.toolchain.facts.llvm_version(Path(sys.argv[1])), "asked": bool(asked)}))
""")


def test_llvm_version_is_asked_again_when_llvmlite_changes(tmp_path: Path) -> None:
    """A stand-in llvmlite package (first on the path) whose files change one by one; the question to
    its library is answered by the test (the real one would load all of LLVM each step)."""
    site, facts = tmp_path / "site", tmp_path / "facts"
    binding = site / "llvmlite" / "binding"
    binding.mkdir(parents=True)
    (site / "llvmlite" / "__init__.py").write_text("")
    for name in ("__init__.py", "ffi.py", "initfini.py"):
        (binding / name).write_text(f"# {name}\n")
    (binding / "libllvmlite.so").write_bytes(b"\x7fELF one")

    def build() -> dict[str, object]:
        out = subprocess.run([sys.executable, "-c", LLVM, str(facts)], env=_env(site), capture_output=True, text=True,
                             check=True).stdout
        return json.loads(out)

    assert build() == {"version": [22, 1, 0], "asked": True}
    assert build() == {"version": [22, 1, 0], "asked": False}
    _tamper(facts, "LLVM version", [9, 9, 9])
    assert build() == {"version": [9, 9, 9], "asked": False}
    changes: list[Callable[[], object]] = [
        lambda: (binding / "libllvmlite.so").write_bytes(b"\x7fELF two"),  # same size, new bytes
        lambda: (binding / "initfini.py").write_text("# reads the version another way\n"),
        lambda: (binding / "ffi.py").write_text("# loads another library\n"),
        lambda: (binding / "libllvmlite.so.22").write_bytes(b"\x7fELF"),  # a second library beside it
    ]
    for i, change in enumerate(changes):
        _tamper(facts, "LLVM version", [9, 9, i])
        change()
        assert build() == {"version": [22, 1, 0], "asked": True}, i
    _tamper(facts, "LLVM version", [22, 1])  # not a version triple
    assert build()["asked"]


def _module(path: Path, text: str) -> ModuleType:
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"asker_{abs(hash(text))}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_fact_is_keyed_on_the_question_the_code_that_asks_and_the_files(tmp_path: Path) -> None:
    facts, tool = tmp_path / "facts", tmp_path / "tool.so"
    tool.write_bytes(b"v1")
    asker = _module(tmp_path / "asker.py", "QUESTION = 1\n")
    asked: list[str] = []

    def fact(question: str = "q", module: ModuleType = asker, files: list[Path] | None = None,
             folder: Path | None = facts, extra: tuple[str, ...] = ()) -> str:
        return remembered(folder, question, [module], [tool] if files is None else files,
                          lambda: asked.append(question) or "answer", valid=lambda a: isinstance(a, str), extra=extra)

    def asks(**kwargs: object) -> bool:
        before = len(asked)
        assert fact(**kwargs) == "answer"  # type: ignore[arg-type]
        return len(asked) > before

    assert asks() and not asks()
    assert asks(question="another") and not asks(question="another")
    assert asks(extra=("sm_90",)) and not asks(extra=("sm_90",))
    changed = _module(tmp_path / "asker.py", "QUESTION = 2\n")  # the asking code changed
    assert asks(module=changed) and not asks(module=changed)
    missing = tmp_path / "not-yet.so"
    assert asks(files=[tool, missing]) and not asks(files=[tool, missing])
    missing.write_bytes(b"")  # a file that could answer appears
    assert asks(files=[tool, missing]) and not asks(files=[tool, missing])
    tool.write_bytes(b"v2")
    assert asks() and not asks()
    entries = sorted(facts.glob("*.json"))
    assert asks(folder=None) and asks(folder=None)  # no folder: asked every time, nothing written
    assert remembered(facts, "q", [asker], None, lambda: "unnamed", valid=lambda a: True) == "unnamed"
    assert sorted(facts.glob("*.json")) == entries  # files not all named: asked, not remembered
    assert file_identity(missing) != file_identity(tool) and file_identity(tmp_path / "x").endswith("absent")


def test_remembered_archs_are_nvjitlinks_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The archs that nvJitLink links, asked of the real library, then remembered per set of candidates."""
    facts = tmp_path / "facts"
    asked = nvidia.supported_archs(ARCH_MIN_PTX)
    assert "sm_90" in asked
    monkeypatch.setattr(tool_facts, "_ASKED", {})
    assert tool_facts.supported_archs(ARCH_MIN_PTX, facts) == asked
    assert tool_facts.supported_archs({"sm_90": ARCH_MIN_PTX["sm_90"]}, facts) == ["sm_90"]
    assert len(list(facts.glob("*.json"))) == 2  # one per set of candidates
    _tamper(facts, "nvJitLink archs", ["sm_80"])
    monkeypatch.setattr(tool_facts, "_ASKED", {})  # a new process
    assert tool_facts.supported_archs(ARCH_MIN_PTX, facts) == ["sm_80"]  # served from the entry
    monkeypatch.setattr(tool_facts, "_ASKED", {})
    _tamper(facts, "nvJitLink archs", ["sm_1000"])  # no candidate: not an answer to the question
    assert tool_facts.supported_archs(ARCH_MIN_PTX, facts) == asked
