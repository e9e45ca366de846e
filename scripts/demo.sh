#!/usr/bin/env bash
# The main job, from a fresh machine: set up, build the example project's wheel with
# `pip wheel` (build isolation on; oxpack comes from a wheel of this checkout),
# install it into a fresh venv and run its kernels: on the GPU when one is present,
# otherwise emulated on the CPU (the same wheel, built with OXPACK_EMULATION=1 so that it holds
# the kernels for the CPU too, run with OXPACK_EMULATE=1), and show that a bad call is refused
# before launch.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
rm -rf build/demo && mkdir -p build/demo/wheels
gpu=0
if .venv/bin/python -c 'from cuda.bindings import driver as d; import sys; sys.exit(d.cuInit(0)[0] != d.CUresult.CUDA_SUCCESS or d.cuDeviceGetCount()[1] < 1)' 2>/dev/null; then
    gpu=1
else  # the same wheel, with the kernels built for this machine's CPU too
    echo "demo: no GPU here: the example's wheel is built with its kernels for the CPU too (OXPACK_EMULATION=1), and they run emulated (OXPACK_EMULATE=1)" >&2
    export OXPACK_EMULATION=1
fi
.venv/bin/python -m pip wheel -q --no-deps . -w build/demo/wheels
.venv/bin/python -m pip wheel -q --no-deps ./example-project -w build/demo/dist --find-links build/demo/wheels
python3 -m venv build/demo/venv
build/demo/venv/bin/python -m pip install -q build/demo/dist/vecmath-*.whl
if [ "$gpu" = 1 ]; then
    build/demo/venv/bin/python example-project/demo.py
else
    OXPACK_EMULATE=1 build/demo/venv/bin/python example-project/demo.py
fi
