#!/usr/bin/env bash
# Builds, here (where rustc is), everything the GPU tests take, into .artifacts/gpu:
#   wheels/   oxpack's own wheel (the example builds with it, build isolation on)
#   dist/     the example project's release wheel (pip wheel)
#   debug/    the example's debug-profile wheel (OXPACK_PROFILE=debug; built from a copy,
#             since a build rewrites oxpack.lock)
#   emu/      the example built with --emulation (oxpack build --out), for test_gpu_emulation.py
#   sm80/     a wheel of a one-kernel project built for sm_80 with no PTX (test_gpu.py's
#             "no code for this GPU" check on an sm_90 GPU)
#   COMMIT    the checkout's commit, for the record
# Then, where the GPU is (no rustc, no network needed): bash scripts/gpu-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || bash scripts/setup.sh
PY=.venv/bin/python
A=.artifacts/gpu
rm -rf "$A" && mkdir -p "$A"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
step() { echo "gpu-artifacts: $*" >&2; }
step "oxpack's wheel"
$PY -m pip wheel -q --no-deps . -w "$A/wheels"
step "the example project (release)"
$PY -m pip wheel -q --no-deps ./example-project -w "$A/dist" --find-links "$A/wheels"
step "the example project (debug profile)"
cp -r example-project "$work/vecmath-debug"
OXPACK_PROFILE=debug $PY -m pip wheel -q --no-deps "$work/vecmath-debug" -w "$A/debug" --find-links "$A/wheels"
step "the example project with --emulation"
$PY -m oxpack build example-project --out "$A/emu" --emulation
if [ -d tests/packages/sm80 ]; then
    step "a project built for sm_80 only, no PTX"
    cp -r tests/packages/sm80 "$work/sm80"
    $PY -m pip wheel -q --no-deps "$work/sm80" -w "$A/sm80" --find-links "$A/wheels"
fi
git rev-parse HEAD > "$A/COMMIT"
git status --porcelain --untracked-files=no | grep -q . && echo "dirty" >> "$A/COMMIT"
step "done: $(du -sh "$A" | cut -f1) in $A"
