#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the whole test suite.
# GPU tests (marked `gpu`) skip on a machine without an NVIDIA GPU. Tests marked `slow`
# (tests/test_field.py: pip, build and uv from fresh venvs, packages from PyPI) run too;
# `bash scripts/test.sh -m "not slow"` leaves them out.
# The 25 slowest tests are listed at the end (CI time: contributing.md).
# Order: a random one (pytest-randomly; the seed is in pytest's header: `--randomly-seed=N`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Two worker processes (pytest-xdist; OXPACK_TEST_WORKERS=N, or `-n 0` for one process): builds wait on
# rustc while pip and venv tests wait on the disk.
exec .venv/bin/python -m pytest -n "${OXPACK_TEST_WORKERS:-2}" --durations=25 "$@"
