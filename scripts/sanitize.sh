#!/usr/bin/env bash
# Builds the simulator and agent tests with AddressSanitizer + UndefinedBehaviorSanitizer
# (build-asan/) and runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
# Line tables (-g1) are enough for sanitizer reports and compile much faster than -g.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g1" \
  -DWEBAGENT_SANITIZE=ON -DWEBAGENT_BENCHMARKS=OFF >/dev/null
cmake --build build-asan -j "$(nproc)" --target sim_tests agent_tests
# Tests that read ../shared are run by the main suite (they exit 77 when it is absent), and so
# are the [heavy] ones (every template's oracle over a whole split, every site page through the
# reference mustache): under the sanitizers they cost minutes and repeat code paths the other
# tests already run sanitized.
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./build-asan/tests/sim_tests "~[shared]~[heavy]"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./build-asan/tests/agent_tests
