#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine for oxpack: a rustc whose source builds the nvptx
# `core` (Debian's rustc-web + rust-web-src), then a virtual environment at .venv with
# oxpack installed from this checkout (a regular install: the tests check what a wheel holds), the
# test tools and the tools that build docs/. Idempotent; safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=0
for pkg in rustc-web rust-web-src; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need_apt=1
done
if [ "$need_apt" = 1 ]; then
    echo "setup: installing Debian's rustc-web and rust-web-src" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web rust-web-src >/dev/null
fi

# the shared build cache's tests start their own Debian redis-server
if ! command -v redis-server >/dev/null 2>&1; then
    echo "setup: installing Debian's redis-server (tests/test_remote_cache.py)" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q --force-reinstall --no-deps .
.venv/bin/python -m pip install -q ".[test,docs]"  # docs: Sphinx, MyST, furo (tests/test_docs.py builds docs/)
echo "setup: $(.venv/bin/python -m oxpack --version) in .venv" >&2
