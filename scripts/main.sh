#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the main job. Until the trainer lands this is the
# simulator demo: a batch of episodes on the fixture site with a throughput summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
./build/app/webagent demo "$@"
