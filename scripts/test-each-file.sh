#!/usr/bin/env bash
# Order independence: runs each test file alone, in its own pytest session with an empty
# oxpack cache, its tests last first, so that a test that passes only after another one ran fails
# here. The arguments go to every run (CI: `-m "not slow"`). Needs .venv (scripts/setup.sh).
# `bash scripts/test.sh` runs the whole suite in a random order (pytest-randomly; the seed is in
# pytest's header: rerun with `--randomly-seed=N`).
# The oxpack cache: each session's own, empty, unless OXPACK_TEST_CACHE_DIR names one (CI passes the
# one its whole-suite run warmed, as every test's session cache is in that run: a test may not rely on
# what it holds, and those that need a cold cache make their own). Two files run at a time
# (OXPACK_EACH_FILE_JOBS), each with its own --basetemp; a file's output is printed whole when it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs_max=${OXPACK_EACH_FILE_JOBS:-2}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_one() {  # run_one FILE INDEX ARGS...: its output in $out/INDEX.log, its exit code in $out/INDEX.rc
    local file=$1 n=$2; shift 2
    {
        echo "test-each-file: $file alone, last test first"
        OXPACK_TEST_ORDER=reverse OXPACK_TEST_CACHE_DIR="${OXPACK_TEST_CACHE_DIR:-}" .venv/bin/python -m pytest "$file" -p no:randomly -q \
            --basetemp "$out/tmp-$n" "$@"
    } >"$out/$n.log" 2>&1
    echo $? >"$out/$n.rc"
    rm -rf "$out/tmp-$n"
}
files=(tests/test_*.py)
# Without a GPU, the GPU-only files (tests/test_gpu*.py: every test marked `gpu`) would only skip here:
# they are left out (nothing of theirs would run), and run where the GPU is (scripts/gpu-tests.sh).
if ! .venv/bin/python -c 'from cuda.bindings import driver as d; import sys; sys.exit(d.cuInit(0)[0] != d.CUresult.CUDA_SUCCESS or d.cuDeviceGetCount()[1] < 1)' 2>/dev/null; then
    kept=()
    for f in "${files[@]}"; do [[ $f == tests/test_gpu* ]] || kept+=("$f"); done
    echo "test-each-file: no GPU here: the $(( ${#files[@]} - ${#kept[@]} )) GPU-only files (tests/test_gpu*.py) are left out" >&2
    files=("${kept[@]}")
fi
for n in "${!files[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
        wait -n
    done
    run_one "${files[$n]}" "$n" "$@" &
done
wait
failed=()
for n in "${!files[@]}"; do
    cat "$out/$n.log" >&2
    rc=$(cat "$out/$n.rc" 2>/dev/null || echo "?")
    # 5: every test of the file deselected (all `slow`, say)
    [ "$rc" = 0 ] || [ "$rc" = 5 ] || failed+=("${files[$n]} (pytest exit code $rc)")
done
if [ "${#failed[@]}" -gt 0 ]; then
    printf 'test-each-file: fails when run alone: %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "test-each-file: every test file passes alone, last test first" >&2
