"""The current benchmark results (benchmarks/results.json) and what is generated from them: benchmarks/RESULTS.md's
tables, docs/performance.md and its charts (docs/charts/*.svg) are what benchmarks/render_results.py writes from the
JSON, every row says where it came from, and the current results name no session or issue of the project's history.

The journal of every run, benchmarks/archive/journal.md, is history: it keeps its session and issue wording and is
not checked here beyond being where RESULTS.md says it is.
"""

from __future__ import annotations

import copy
import importlib.util
import re
import sys
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import REPO

REFRESH = "python benchmarks/render_results.py"
JOURNAL = REPO / "benchmarks" / "archive" / "journal.md"
CURRENT = [REPO / "benchmarks" / "RESULTS.md", REPO / "docs" / "performance.md", REPO / "benchmarks" / "results.json"]


def _renderer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("render_results", REPO / "benchmarks" / "render_results.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["render_results"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rr() -> ModuleType:
    pytest.importorskip("matplotlib")  # the `test` extra has it
    return _renderer()


def _creator(svg: bytes) -> str:
    m = re.search(rb"<dc:creator>\s*<cc:Agent>\s*<dc:title>([^<]*)</dc:title>", svg)
    return m.group(1).decode() if m else ""


def _description(svg: bytes) -> str:
    m = re.search(rb"<dc:description>([^<]*)</dc:description>", svg)
    return m.group(1).decode() if m else ""


def test_the_tables_the_page_and_the_charts_are_what_the_json_gives(rr: ModuleType, tmp_path: Path) -> None:
    import matplotlib

    files = rr.outputs(rr.load())
    rr.write(tmp_path, files)  # regenerated into a temporary folder, then compared with the committed files
    stale = []
    for rel in files:
        new, old_path = (tmp_path / rel).read_bytes(), REPO / rel
        if not old_path.is_file():
            stale.append(f"{rel} (missing)")
            continue
        old = old_path.read_bytes()
        if rel.endswith(".svg") and _creator(old) != f"Matplotlib v{matplotlib.__version__}, https://matplotlib.org/":
            # drawn by another matplotlib, whose bytes may differ: the chart must still be of these rows
            if _description(old) != _description(new):
                stale.append(f"{rel} (drawn from other rows)")
        elif new != old:
            stale.append(rel)
    charts = {str(p.relative_to(REPO)) for p in (REPO / "docs" / "charts").glob("*.svg")}
    stale += [f"{rel} (no area of that name)" for rel in sorted(charts - set(files))]
    assert not stale, f"differ from benchmarks/results.json: {', '.join(stale)}; refresh them with `{REFRESH}`"


def test_every_row_has_a_date_a_machine_a_command_and_a_baseline(rr: ModuleType) -> None:
    data = rr.load()
    assert rr.problems(data) == []
    rows = [row for area in data["areas"] for row in area["rows"]]
    assert len(rows) >= 50
    for row in rows:
        for key in ("case", "baseline", "date", "machine", "command", "unit"):
            assert str(row.get(key, "")).strip(), (row.get("case"), key)
        assert re.fullmatch(r"20\d\d-\d\d-\d\d", str(row["date"])), row
        assert row["machine"] in data["machines"], row
        assert ("ratio" in row) != ("value" in row), row
    for area in data["areas"]:
        assert area["leaves_out"], f"area {area['id']} says nothing of what it leaves out"
        assert any("ratio" in row for row in area["rows"]), f"area {area['id']} has nothing to chart"


def test_the_row_check_refuses_what_it_must(rr: ModuleType) -> None:
    data: dict[str, Any] = rr.load()
    bad = copy.deepcopy(data)
    rows = bad["areas"][0]["rows"]
    del rows[0]["command"]
    rows[1]["machine"] = "a100"
    rows[2]["date"] = "Dec 1"
    rows[3]["ratio"] = [Decimal("2"), Decimal("1")]
    rows[4]["value"] = 1
    rows[5]["note"] = "as Sess" "ion 7 found"
    bad["areas"][1]["text"] += " (iss" "ue 18)"
    found = "\n".join(rr.problems(bad))
    for expected in ("no command", "'a100' is not in `machines`", "not YYYY-MM-DD", "[low, high]",
                     "a ratio or a value", "'Sess" "ion 7'", "'iss" "ue 18'"):
        assert expected in found, (expected, found)


def test_the_current_results_name_no_session_or_issue() -> None:
    pattern = re.compile(r"\b(?:sessions?|issues?)\s+\d+", re.I)
    for path in CURRENT:
        hits = [(n, line) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if pattern.search(line)]
        assert not hits, f"{path.relative_to(REPO)} names the project's history (the journal's wording): {hits[:5]}"


def test_the_charts_are_deterministic_and_small(rr: ModuleType) -> None:
    area = rr.load()["areas"][0]
    first, second = rr.render_svg(area), rr.render_svg(area)
    assert first == second
    assert b"<dc:date>" not in first
    for svg in (REPO / "docs" / "charts").glob("*.svg"):
        assert svg.stat().st_size < 60_000, svg


def test_results_md_is_current_and_the_journal_is_history() -> None:
    results = (REPO / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
    assert "(archive/journal.md)" in results
    header = JOURNAL.read_text(encoding="utf-8").splitlines()[0]
    assert "History" in header and "benchmarks/RESULTS.md" in header
    assert "# Benchmark results" in JOURNAL.read_text(encoding="utf-8")[:400]  # the journal itself follows, verbatim
