#!/usr/bin/env bash
# Run here (Debian, after scripts/setup.sh): copies what tools/gpu needs besides libtorch into
# .gpudeps/ (include/: nlohmann, fmt, CLI11, Catch2, ICU headers; lib/: ICU's common and data
# libraries), for a GPU machine that has PyTorch but none of the Debian packages.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .gpudeps
mkdir -p .gpudeps/include .gpudeps/lib
for d in nlohmann fmt CLI catch2 unicode; do cp -r "/usr/include/$d" .gpudeps/include/; done
lib=/usr/lib/x86_64-linux-gnu
# Real files under their sonames (links do not travel to the device machine).
cp -L "$lib/libicuuc.so.72" "$lib/libicudata.so.72" .gpudeps/lib/
du -sh .gpudeps
