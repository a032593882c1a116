#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the main job: the quickstart training run
# (tokenizer, base model, behaviour cloning, M-GRPO, evaluation of each stage on the test split).
# See scripts/quickstart.sh for the stages and the variables that scale them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
WEBAGENT_SKIP_BUILD=1 bash scripts/quickstart.sh "$@"
