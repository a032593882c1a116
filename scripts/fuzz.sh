#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (in build-fuzz/) and runs each for N seconds
# (default 30) on its corpus in tests/fuzz/corpus. Exits 77 (skipped) without clang.
# A crash (exit 1) leaves its input in tests/fuzz/artifacts/; add it to the corpus and a
# regression test. (libFuzzer exits 77 on errors by default, which CTest would read as "skipped".)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-30}"
if ! command -v clang++ >/dev/null; then echo "SKIPPED: clang++ not installed"; exit 77; fi
cmake -S . -B build-fuzz -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DWEBAGENT_FUZZ=ON -DWEBAGENT_TESTS=OFF \
  -DWEBAGENT_BENCHMARKS=OFF >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_action_parser fuzz_html_observation fuzz_tokenizer
mkdir -p tests/fuzz/artifacts
for target in action_parser:action html_observation:html tokenizer:tokenizer; do
  name="${target%%:*}"; corpus="${target##*:}"
  work="$(mktemp -d)"
  cp tests/fuzz/corpus/"$corpus"/* "$work"/
  echo "fuzzing $name for ${SECONDS_PER_TARGET}s"
  log="$work.log"
  rc=0
  ./build-fuzz/tests/fuzz/fuzz_"$name" -max_total_time="$SECONDS_PER_TARGET" -max_len=4096 \
    -error_exitcode=1 -artifact_prefix=tests/fuzz/artifacts/"$name"- -print_final_stats=1 \
    "$work" >"$log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    # Print the whole report and the failing input, so a crash on a CI machine can be reproduced.
    echo "fuzz_$name FAILED (exit $rc):"
    grep -v '^#[0-9]' "$log" | tail -60
    for f in tests/fuzz/artifacts/"$name"-*; do
      [ -f "$f" ] && { echo "input $f (hex):"; od -A d -t x1 -v "$f" | head -40; }
    done
    rm -rf "$work" "$log"
    exit 1
  fi
  tail -5 "$log"
  rm -rf "$work" "$log"
done
echo "fuzzing finished without crashes"
