#!/usr/bin/env bash
# Order independence (issue 21): runs each test file alone, in its own pytest session with an empty
# oxpack cache, its tests last first, so that a test that passes only after another one ran fails
# here. The arguments go to every run (CI: `-m "not slow"`). Needs .venv (scripts/setup.sh).
# `bash scripts/test.sh` runs the whole suite in a random order (pytest-randomly; the seed is in
# pytest's header: rerun with `--randomly-seed=N`).
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for file in tests/test_*.py; do
    echo "test-each-file: $file alone, last test first" >&2
    OXPACK_TEST_ORDER=reverse OXPACK_TEST_CACHE_DIR= .venv/bin/python -m pytest "$file" -p no:randomly -q "$@"
    rc=$?
    # 5: every test of the file deselected (all `slow`, say)
    [ "$rc" = 0 ] || [ "$rc" = 5 ] || failed+=("$file (pytest exit code $rc)")
done
if [ "${#failed[@]}" -gt 0 ]; then
    printf 'test-each-file: fails when run alone: %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "test-each-file: every test file passes alone, last test first" >&2
