#!/usr/bin/env bash
# Where the GPU is, after scripts/gpu-artifacts.sh: the example's model work in one batch, most important first,
# each part's whole output in its own log under $OUT (the device runner's folder) or .artifacts/gpu-models, and
# only each part's last lines on the terminal (a runner that returns only the tail of the output keeps them all):
#   1. the GPU tests of the layers a model uses (norms and their backward, SwiGLU, autograd, the Llama, FP8);
#   2. benchmarks/bench_norms_compiled.py --backward (each layer's forward + backward against Inductor's);
#   2b. benchmarks/bench_layer_host.py (each layer's host cost in every form a model calls it);
#   3. benchmarks/bench_llama.py --processes 3 (the four Llama cells in three processes: the eager training cell
#      moves with the process's host speed);
#   4. benchmarks/profile_llama.py (where the compiled training step spends its GPU time);
#   5. Nsight Compute on the layers' kernels (benchmarks/ncu_layers.py): memory throughput, what warps wait on.
# Installs nothing into that python: the example's wheel goes to a folder put first on PYTHONPATH.
#     bash scripts/gpu-models.sh [PART ...]     # parts: tests norms host llama profile ncu (default: all, in order)
set -uo pipefail
cd "$(dirname "$0")/.."
A=.artifacts/gpu
PY=${PYTHON:-python3}
LOGS=${OUT:-.artifacts/gpu-models}
mkdir -p "$LOGS"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
$PY -m pip install -q --no-index --no-deps --no-compile --target "$T/site" "$A"/dist/vecmath-*.whl || exit 1
export PYTHONPATH="$T/site"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu-models: artifacts of $(head -c 12 "$A/COMMIT" 2>/dev/null || echo '?'), $gpu"
parts=${*:-tests norms host llama profile ncu}
status=0
part() {  # part NAME SECONDS TAIL COMMAND...: runs it if asked for, its output to $LOGS/NAME.log
    local name=$1 limit=$2 tail=$3; shift 3
    [[ " $parts " == *" $name "* ]] || return 0
    echo "=== $name: $*"
    timeout "$limit" "$@" > "$LOGS/$name.log" 2>&1
    local rc=$?
    [ "$rc" = 0 ] || status=1
    grep -v -i "warn" "$LOGS/$name.log" | tail -n "$tail"
    echo "(exit $rc; the whole output in $LOGS/$name.log)"
}
part tests 300 3 $PY -m pytest -q -p no:cacheprovider example-project/tests/test_norm_backward.py \
    example-project/tests/test_fused_glu.py example-project/tests/test_autograd.py example-project/tests/test_llama.py \
    example-project/tests/test_fp8_gpu.py
part norms 120 8 $PY benchmarks/bench_norms_compiled.py --backward
part host 200 16 $PY benchmarks/bench_layer_host.py --rounds 5 --per 200
part llama 420 9 $PY benchmarks/bench_llama.py --processes 3 --rounds 3
part profile 200 4 $PY benchmarks/profile_llama.py
part ncu 200 40 ncu --kernel-name regex:"fused|swiglu|rmsnorm" --launch-skip 12 --launch-count 6 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
    $PY benchmarks/ncu_layers.py
exit $status
