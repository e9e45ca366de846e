#!/usr/bin/env bash
# The main job, from a fresh machine: set up, build the example project's wheel with
# `pip wheel` (build isolation on; oxpack comes from a wheel of this checkout),
# install it into a fresh venv and run its kernels: on the GPU when one is present,
# otherwise import the module and show that a bad call is refused before launch.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
rm -rf build/demo && mkdir -p build/demo/wheels
.venv/bin/python -m pip wheel -q --no-deps . -w build/demo/wheels
.venv/bin/python -m pip wheel -q --no-deps ./example-project -w build/demo/dist --find-links build/demo/wheels
python3 -m venv build/demo/venv
build/demo/venv/bin/python -m pip install -q build/demo/dist/vecmath-*.whl
build/demo/venv/bin/python example-project/demo.py
