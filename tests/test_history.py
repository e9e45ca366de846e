"""History stays in git: no development-history labels in the code, tests, scripts, CI or docs.

A comment, docstring or page names the feature it is about ("the shared build cache", "per-arch
variants"), not the ticket or work period that brought it; the story of how a number came about is
in `git log` and in `benchmarks/archive/journal.md`, the one place this test leaves out.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO

# a ticket or work-period label and its number, with or without `#`, singular or plural (the pattern is
# written in parts, and the cases below too, so that this file does not match itself)
LABEL = re.compile(r"\b(" + "iss" + r"ues?|" + "sess" + r"ions?)\s*#?\d+", re.IGNORECASE)
ROOTS = ("src", "scripts", ".ci", "tests", "docs", "example-project")
FILES = ("README.md", "pyproject.toml")
SKIP_SUFFIXES = {".fatbin", ".whl", ".png", ".svg", ".so", ".rlib", ".bc", ".lock"}


def labelled(paths: list[Path], base: Path = REPO) -> list[str]:
    found = []
    for path in paths:
        if path.suffix in SKIP_SUFFIXES or not path.is_file():
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if LABEL.search(line):
                found.append(f"{path.relative_to(base)}:{n}: {line.strip()[:120]}")
    return found


def tracked() -> list[Path]:
    paths = [REPO / f for f in FILES]
    for root in ROOTS:
        paths += [p for p in (REPO / root).rglob("*")
                  if not {"__pycache__", ".venv", "build", "dist", "_build"} & set(p.relative_to(REPO).parts)]
    return paths


def test_no_history_labels_in_code_tests_scripts_ci_or_docs() -> None:
    found = labelled(tracked())
    assert not found, ("name the feature instead of the ticket or work period (the story is in git):\n"
                       + "\n".join(found))


def test_the_label_check_finds_what_it_must(tmp_path: Path) -> None:
    cases = {"a.py": "# --- iss" "ue 20: the shared cache ---\n", "b.md": "as Sess" "ion 9 found\n",
             "c.rs": "/// step (iss" "ue #19: fewer)\n", "d.py": "x = 1  # sess" "ions 14 and 15\n",
             "ok.py": "# the shared cache; an issue of order; a session cookie; tissue 5\n"}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    found = {line.split(":")[0] for line in labelled(sorted(tmp_path.iterdir()), tmp_path)}
    assert found == {"a.py", "b.md", "c.rs", "d.py"}, found

