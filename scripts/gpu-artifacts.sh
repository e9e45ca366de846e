#!/usr/bin/env bash
# Builds, here (where rustc is), everything the GPU tests take, into .artifacts/gpu:
#   wheels/   oxpack's own wheel (the example builds with it, build isolation on)
#   dist/     the example project's release wheel (pip wheel)
#   debug/    the example's debug-profile wheel (OXPACK_PROFILE=debug; built from a copy,
#             since a build rewrites oxpack.lock)
#   emu/      the example built with --emulation (oxpack build --out), for test_gpu_emulation.py
#   sm80/     the example built for sm_80 with no PTX (test_gpu.py's "no code for this
#             GPU" check on an sm_90 GPU)
#   whole/    the example's release wheel with `ptxas = "whole-program"` (its sm_90a cubins compiled by the
#             standalone ptxas, where `setmaxnreg` takes effect; built from a copy), for gpu-tests.sh's
#             `whole-program` run and `benchmarks/bench_attention.py` beside the release wheel
#   variants/ tests/packages/variants built (oxpack build --out): per-arch variants, sm_80 + sm_90a, for
#             test_gpu_variants.py
#   declared/ tests/packages/declared built (oxpack build --out): declared launch shapes and tuning, for
#             test_gpu_declared_launch.py
#   jaxcall/  tests/packages/jaxcall built (oxpack build --out): kernels called from jax.jit, for
#             test_gpu_jax.py
#   scanstage/ tests/packages/scanstage built (oxpack build --out), for test_gpu_scan.py's attacks on
#             the scan's second read of a tile
#   hopper/   the scratch sm_90a project tests/packages/hopper (TMA + wgmma), oxpack build --out, for
#             test_gpu_hopper.py, test_gpu_hopper_attention.py, `benchmarks/bench_gemm.py --hopper
#             .artifacts/gpu/hopper` and `benchmarks/bench_attention.py --hopper .artifacts/gpu/hopper`
#   cu12/     cuda-bindings 12.9, cuda-core and cuda-pathfinder wheels (test_gpu.py's check
#             that the example runs with cuda-bindings 12)
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
step "the example built for sm_80 only, no PTX"
cp -r example-project "$work/vecmath-sm80"
sed -i 's/^archs = .*/archs = ["sm_80"]/; s/^ptx = .*/ptx = "none"/' "$work/vecmath-sm80/pyproject.toml"
$PY -m pip wheel -q --no-deps "$work/vecmath-sm80" -w "$A/sm80" --find-links "$A/wheels"
step "the example project with ptxas = \"whole-program\" (sm_90a cubins where setmaxnreg takes effect)"
cp -r example-project "$work/vecmath-whole"
sed -i 's/"oxpack\[libdevice\]"/"oxpack[libdevice,ptxas]"/; s/^\[tool\.oxpack\]$/[tool.oxpack]\nptxas = "whole-program"/' \
    "$work/vecmath-whole/pyproject.toml"
grep -q '^ptxas = "whole-program"$' "$work/vecmath-whole/pyproject.toml"
$PY -m pip wheel -q --no-deps "$work/vecmath-whole" -w "$A/whole" --find-links "$A/wheels"
step "tests/packages/variants (a kernel with an sm_90a body), for test_gpu_variants.py"
$PY -m oxpack build tests/packages/variants --out "$A/variants" -q
step "tests/packages/declared (declared launch shapes, tuning), for test_gpu_declared_launch.py"
$PY -m oxpack build tests/packages/declared --out "$A/declared" -q
step "tests/packages/jaxcall (kernels called from jax.jit), for test_gpu_jax.py"
$PY -m oxpack build tests/packages/jaxcall --out "$A/jaxcall" -q
step "tests/packages/scanstage (the scan's second read of a tile, attacked), for test_gpu_scan.py"
$PY -m oxpack build tests/packages/scanstage --out "$A/scanstage" -q
step "the Hopper project (sm_90a, TMA + wgmma; built from a copy, since a build rewrites oxpack.lock)"
cp -r tests/packages/hopper "$work/hopper"
$PY -m oxpack build "$work/hopper" --out "$A/hopper"
step "cuda-bindings 12 and a cuda-core for it (Python 3.12 wheels, for the GPU machine's python3)"
$PY -m pip download -q --no-deps --only-binary=:all: --python-version "${GPU_PYTHON:-3.12}" --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_24_x86_64 -d "$A/cu12" \
    'cuda-bindings==12.9.*' 'cuda-core==1.2.2' 'cuda-pathfinder==1.9.1'
step "check that every build of the example records this checkout's sources (its manifest's \`sources\`)"
$PY - "$A" <<'PYEOF'
import importlib.util, json, pathlib, sys, zipfile
spec = importlib.util.spec_from_file_location("provenance", "src/oxpack/builder/provenance.py")
provenance = importlib.util.module_from_spec(spec)
spec.loader.exec_module(provenance)
artifacts, bad = pathlib.Path(sys.argv[1]), 0
built = {w: json.loads(zipfile.ZipFile(w).read("vecmath/_oxpack/kernels.json"))
         for w in sorted(artifacts.glob("*/vecmath-*.whl"))}
built[artifacts / "emu"] = json.loads((artifacts / "emu" / "vecmath" / "_oxpack" / "kernels.json").read_text())
for where, manifest in built.items():
    for problem in provenance.stale(manifest, pathlib.Path("."), pathlib.Path("example-project")):
        print(f"gpu-artifacts: {where} was not built from this checkout: {problem}", file=sys.stderr)
        bad = 1
sys.exit(bad)
PYEOF
git rev-parse HEAD > "$A/COMMIT"
git status --porcelain --untracked-files=no | grep -q . && echo "dirty" >> "$A/COMMIT"
step "done: $(du -sh "$A" | cut -f1) in $A"
