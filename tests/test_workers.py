"""The worker pool: same bytes and stage counts as building in process; errors come back whole."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from conftest import MakeProject
from test_build import SAXPY
from test_repro import clean_cache

from oxpack.config import load_config
from oxpack.errors import StageError
from oxpack.builder.pipeline import Pipeline, build_project
from oxpack.builder.plan import discover_kernels, resolve_archs
from oxpack.builder.stages.ptx import codegen_job
from oxpack.sources.targets import ptx_isa_for
from oxpack.builder.workers import Workers


def _fresh_kernels(n: int) -> dict[str, str]:
    tag = uuid.uuid4().int % 1_000_000
    return {f"k{i}.rs": SAXPY.replace("saxpy", f"k{i}").replace("a * x", f"{tag + i}.0 * a * x") for i in range(n)}


@pytest.mark.slow
def test_the_pool_and_one_process_build_the_same_bytes_and_count_the_same_runs(
    make_project: MakeProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, oxpack_cache: Path
) -> None:
    root = make_project(_fresh_kernels(3), archs=["sm_80", "sm_89", "sm_90"])
    results = []
    for jobs in (1, 2):
        monkeypatch.setenv("OXPACK_CACHE_DIR", str(clean_cache(tmp_path / f"cache-{jobs}", oxpack_cache)))
        results.append(build_project(load_config(root, env={}), jobs=jobs))
    one, pool = results
    assert [c.fatbin for c in one.crates] == [c.fatbin for c in pool.crates]
    assert [c.ptx for c in one.crates] == [c.ptx for c in pool.crates]
    assert one.runs == pool.runs
    assert dict(pool.runs) == {"rlib": 1, "bc": 3, "ll": 3, "ptx": 9, "cubin": 9, "fatbin": 3}


def test_a_cached_build_starts_no_worker(make_project: MakeProject) -> None:
    root = make_project(_fresh_kernels(2))
    config = load_config(root, env={})
    build_project(config)
    pipe = Pipeline(config, jobs=2)
    try:
        archs = resolve_archs(config)
        crates = pipe.build_crates(pipe.toolchain(), discover_kernels(config), archs, "sm_90", ptx_isa_for(archs))
        assert len(crates) == 2 and sum(pipe.runs.values()) == 0
        assert not pipe.workers.started
    finally:
        pipe.close()


def test_an_error_raised_in_a_worker_arrives_whole() -> None:
    workers = Workers(jobs=2)
    try:
        with pytest.raises(StageError) as info:
            workers.submit(codegen_job, "this is not LLVM IR", "sm_90", "7.8", 3, "k").result()
        assert workers.started
    finally:
        workers.close()
    assert info.value.message.startswith("LLVM failed to generate PTX of `k` for sm_90: ")
    assert (info.value.stage, info.value.arch) == ("ptx", "sm_90")
