#!/usr/bin/env bash
# The README's main job (scripts/quickstart.sh) end to end at toy scale: every stage runs with
# one or two steps and two-turn evaluations, and the run must leave the checkpoints, the
# evaluations, the report and the chart that the full run leaves. Catches a broken stage, flag
# or path in the script in about a minute; the full run's numbers are measured by hand (README).
# usage: quickstart_smoke.sh WEBAGENT_BINARY
set -euo pipefail
BIN=$1
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
WEBAGENT_SKIP_BUILD=1 WEBAGENT_BIN="$BIN" OUT="$OUT" BASE_STEPS=2 BC_STEPS=2 GRPO_STEPS=1 \
  ZERO_STEPS=1 GRPO_TASKS=1 PER_TEMPLATE=4 EVAL_TURNS=2 CAPS=1,2 SAMPLES=2 TORCH_THREADS=1 \
  bash "$ROOT/scripts/quickstart.sh" >"$OUT/log.txt" 2>&1 || {
  tail -n 40 "$OUT/log.txt"
  exit 1
}
fail=0
for f in tokenizer.json init/model.safetensors base/model.safetensors bc/model.safetensors \
  r1/model.safetensors r1/episodes.sqlite r1/eval_step00001.json r1-zero/eval_step00001.json \
  eval_base.json eval_bc.json sampled_bc.json sampled_r1.json sweep_bc.json sweep_r1.json report.md report.json cap_sweep.png; do
  if [ ! -s "$OUT/$f" ]; then
    echo "missing or empty: $f"
    fail=1
  fi
done
[ "$fail" = 0 ] || exit 1
# The report holds the four stages and the sweep over both caps.
/usr/bin/python3 - "$OUT/report.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
runs = set(d["runs"])
want = {"Base", "BC", "WebAgent-R1-Zero", "WebAgent-R1"}
assert runs == want, f"report runs {sorted(runs)}"
assert set(d["sampled"]) == {"BC", "WebAgent-R1"}, f"sampled runs {sorted(d['sampled'])}"
for name, s in d["sampled"].items():
    assert s["samples"] == 2 and 0 <= s["success"] <= 100 and s["standard_error"] >= 0, s
for name in ("bc", "r1"):
    e = json.load(open(sys.argv[1].replace("report.json", f"sampled_{name}.json")))
    assert e["samples"] == 2 and len(e["sample_success"]) == 2, name
    assert len(e["tasks"]) == 60, f"{name}: {len(e['tasks'])} episodes, want 2 x 30"
for name, sweep in d["sweeps"].items():
    assert sorted(sweep) == ["1", "2"], f"sweep {name}: caps {sorted(sweep)}"
print("quickstart smoke: report has", sorted(runs), "and caps 1, 2")
PY
# M-GRPO's tally of group outcomes agrees with its episode store (one update of one group of 4).
/usr/bin/python3 - "$OUT/r1" <<'PY'
import json, sqlite3, sys
g = json.load(open(sys.argv[1] + "/group_outcomes.json"))
t = g["total"]
assert t["groups"] == 1 and t["rollouts"] == 4, t
assert t["mixed"] + t["all_solved"] + t["all_failed"] + t["uniform_partial"] == t["groups"], t
db = sqlite3.connect(sys.argv[1] + "/episodes.sqlite")
n, mean, tid = db.execute("select count(*), avg(reward), min(template_id) from episodes").fetchone()
assert n == 4 and abs(mean - t["mean_reward"]) < 1e-6, (n, mean, t)
assert list(g["templates"]) == [str(tid)], g["templates"]
# The trainer's own count of groups with signal (metrics.jsonl) is the tally's mixed groups.
rows = [json.loads(l) for l in open(sys.argv[1] + "/metrics.jsonl")]
signal = sum(r["groups_with_signal"] for r in rows if r.get("stage") == "grpo")
assert signal == t["mixed"], (signal, t)
print("quickstart smoke: group outcomes match the episode store")
PY
for stage in "== base model" "== behaviour cloning" "== M-GRPO from BC" "== report" "== done"; do
  grep -q "^$stage" "$OUT/log.txt" || { echo "no progress line '$stage'"; exit 1; }
done
# `webagent inspect` on the BC checkpoint: the contact form's priority click (step 4 of template
# 90003) has an element id whose probability and copy gate are reported.
"$BIN" inspect --model "$OUT/bc" --split test --site fixture --template 90003 --step 4 \
  --torch-threads 1 --out "$OUT/inspect.json" >"$OUT/inspect.txt" 2>&1 || {
  cat "$OUT/inspect.txt"
  exit 1
}
/usr/bin/python3 - "$OUT/inspect.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
steps = d["steps"]
assert len(steps) == 8, f"{len(steps)} inspected steps, want the 8 test forms"
for s in steps:
    assert s["step"] == 4 and s["template_id"] == 90003, s
    assert 'element="1' in s["action"], s["action"]
    assert 0 <= s["element_p"] <= 1, s
    ids = [t for t in s["tokens"] if t["element"]]
    assert ids and all(0 < t["gate"] < 1 for t in ids), s
(row,) = d["by_template"]
assert row["template_id"] == 90003 and row["steps"] == 8, row
print("quickstart smoke: inspect scored", len(steps), "priority clicks")
PY
