#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a tested build:
# installs packages, builds, runs every CTest test this machine can run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)" "$@"
