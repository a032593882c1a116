#!/usr/bin/env bash
# Quickstart training run on 2 CPU cores: tokenizer -> base model (language modelling on pages)
# -> behaviour cloning (oracle demonstrations) -> M-GRPO -> evaluation of each stage on the test
# split, on the simulated fixture and shopping sites, with compact observations and the "mini"
# model. Every stage prints progress lines and writes its checkpoint and metrics under $OUT.
# Scale with the variables below; OUT defaults to out/quickstart.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ -z "${WEBAGENT_SKIP_BUILD:-}" ]; then
  bash scripts/setup.sh
  bash scripts/build.sh
fi
W=build/app/webagent
OUT=${OUT:-out/quickstart}
SITES=(--site fixture --site shopping)
PER_TEMPLATE=${PER_TEMPLATE:-4}
BASE_STEPS=${BASE_STEPS:-60}
BC_STEPS=${BC_STEPS:-200}
GRPO_STEPS=${GRPO_STEPS:-8}
EVAL_TURNS=${EVAL_TURNS:-15}
mkdir -p "$OUT"
start=$(date +%s)
stamp() { echo "== $1 ($(( $(date +%s) - start )) s since start)"; }

stamp "tokenizer"
$W tokenizer --split train --per-template "$PER_TEMPLATE" "${SITES[@]}" --obs compact --vocab 2048 \
  --out "$OUT/tokenizer.json"
$W init-model --size mini --tokenizer "$OUT/tokenizer.json" --obs compact --max-context 768 \
  --out "$OUT/init"
stamp "base model"
$W train --stage base --init "$OUT/init" --out "$OUT/base" --split train \
  --per-template "$PER_TEMPLATE" "${SITES[@]}" --steps "$BASE_STEPS" --batch 8 --window 256 --lr 2e-3
stamp "behaviour cloning"
$W train --stage bc --init "$OUT/base" --out "$OUT/bc" --split train \
  --per-template "$PER_TEMPLATE" "${SITES[@]}" --steps "$BC_STEPS" --batch 8 --lr 2e-3 --log-every 20
stamp "M-GRPO"
$W train --stage grpo --init "$OUT/bc" --out "$OUT/grpo" --split train \
  --per-template "$PER_TEMPLATE" "${SITES[@]}" --steps "$GRPO_STEPS" --group 4 --tasks-per-step 2 \
  --max-turns 10 --max-new-tokens 64 --lr 2e-5 --warmup 0 --log-every 1
for stage in bc grpo; do
  stamp "evaluation: $stage"
  $W eval --split test "${SITES[@]}" --policy "model:$OUT/$stage" --max-steps "$EVAL_TURNS" \
    --max-new-tokens 64 --out "$OUT/eval_$stage.json"
done
stamp "done"
