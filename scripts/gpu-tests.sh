#!/usr/bin/env bash
# Runs every GPU test file where the GPU is, on what scripts/gpu-artifacts.sh built
# (.artifacts/gpu); needs python3 with CuPy, cuda-core and pytest there (PyTorch when
# present), and no rustc or network. Installs nothing into that python: the wheels go to
# folders put first on PYTHONPATH. Every file runs, with every site the tests take
# (OXPACK_SM80_SITE, OXPACK_CU12_SITE, OXPACK_DEBUG_SITE); the summary line of each run and the
# count of tests that ran are printed at the end; the exit status is nonzero when any run failed
# (the test files themselves fail, not skip, when vecmath is missing or was not built from this
# checkout: tests/conftest.py `require_example`).
set -uo pipefail
cd "$(dirname "$0")/.."
A=.artifacts/gpu
PY=${PYTHON:-python3}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
status=0
summary=()
install() {  # install WHEELS... into folder $1
    local into=$1; shift
    $PY -m pip install -q --no-index --no-deps --no-compile --target "$into" "$@"
}
run() {  # run NAME PYTHONPATH pytest-args...
    local name=$1 path=$2; shift 2
    echo "=== $name" >&2
    local log="$T/$name.log"
    PYTHONPATH="$path" $PY -m pytest -q -p no:cacheprovider "$@" 2>&1 | tee "$log"
    local rc=${PIPESTATUS[0]}
    [ "$rc" = 0 ] || status=1
    summary+=("$name (exit $rc): $(grep -E '^(=+ )?[0-9]+ (passed|failed|errors?|skipped|deselected)' "$log" | tail -1)")
}
echo "gpu-tests: artifacts of $(head -c 12 "$A/COMMIT"), this checkout $(git rev-parse --short=12 HEAD 2>/dev/null || echo '?')" >&2
install "$T/site" "$A"/dist/vecmath-*.whl
install "$T/debug" "$A"/debug/vecmath-*.whl
install "$T/sm80" "$A"/sm80/vecmath-*.whl
install "$T/whole" "$A"/whole/vecmath-*.whl
install "$T/cu12" "$A"/cu12/*.whl
PYTHONPATH="$T/cu12" $PY -c "import cuda.bindings, cuda.core; print('gpu-tests: cu12 site has cuda-bindings', cuda.bindings.__version__, 'cuda-core', cuda.core.__version__)" >&2
export OXPACK_DEBUG_SITE="$T/debug" OXPACK_SM80_SITE="$T/sm80" OXPACK_CU12_SITE="$T/cu12"
# every GPU test file (a new one runs without being listed here), but the emulation one, which runs below
mapfile -t gpu_files < <(ls tests/test_gpu*.py | grep -v '^tests/test_gpu_emulation.py$')
run release "$T/site:$A/hopper" "${gpu_files[@]}" example-project/tests
# the example built with `ptxas = "whole-program"`: its sm_90a bodies (attention, GEMMs) with `setmaxnreg` in effect
run whole-program "$T/whole:$A/hopper" tests/test_gpu_attention.py tests/test_gpu_mma.py example-project/tests/test_hopper_gpu.py \
    example-project/tests/test_fp8_gpu.py
# the docs' GPU code blocks that call the example (the quickstart's and the tutorial's build a project: they
# need rustc, which this machine has not; their emulated twins run in CI)
run docs "$T/site" tests/test_docs.py -m gpu -k example
run emulation "$A/emu" tests/test_gpu_emulation.py example-project/tests/test_emulated.py example-project/tests/test_norm_backward.py example-project/tests/test_fused_glu.py
printf '%s\n' "${summary[@]}" >&2
count() {  # count WORD: the sum of "N WORD" over every run's summary line
    printf '%s\n' "${summary[@]}" | grep -oE "[0-9]+ $1" | awk '{n += $1} END {print n + 0}'
}
ran=$(( $(count passed) + $(count failed) + $(count xfailed) + $(count xpassed) ))
echo "gpu-tests: $ran tests ran ($(count passed) passed, $(count failed) failed), $(count skipped) skipped," \
     "$(count error) errors" >&2
[ "$ran" -gt 0 ] || status=1
rm -rf "$T"
exit $status
