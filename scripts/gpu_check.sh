#!/usr/bin/env bash
# The policy model on a GPU machine (issue: build against a libtorch 2.x with CUDA, run the model
# tests and the generation benchmark there). Needs python3 with PyTorch (its bundled libtorch is
# used through torch.utils.cmake_prefix_path) and .gpudeps/ from scripts/gpu_deps.sh. Builds
# tools/gpu into build-gpu/, runs the model tests on the CPU and the CUDA tests ([gpu]), then
# model_bench on CUDA in bf16. Logs and JSON go to $OUT (default out/gpu).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-out/gpu}
mkdir -p "$out"
deps=$PWD/.gpudeps
export LD_LIBRARY_PATH=$deps/lib:${LD_LIBRARY_PATH:-}
{
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  nproc; g++ --version | head -1; cmake --version | head -1; nvcc --version | tail -1
} 2>&1 | tee "$out/machine.txt"
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
export TORCH_CUDA_ARCH_LIST=9.0
t0=$(date +%s)
cmake -S tools/gpu -B build-gpu -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DWEBAGENT_DEPS="$deps" \
  > "$out/build.log" 2>&1 && cmake --build build-gpu -j "$(nproc)" >> "$out/build.log" 2>&1
rc=$?
echo "build rc $rc in $(( $(date +%s) - t0 )) s"
if [ $rc != 0 ]; then tail -40 "$out/build.log"; exit $rc; fi
# The CPU model tests (less the one that needs Debian's python3 with numpy), then the CUDA ones.
./build-gpu/rl_model_tests "~[.]~safetensors: reads a file written by an independent writer*" \
  -r compact 2>&1 | tail -5 | tee "$out/tests_cpu.txt"
./build-gpu/rl_model_tests "[gpu]" -r compact 2>&1 | tail -30 | tee "$out/tests_gpu.txt"
gpu_rc=${PIPESTATUS[0]}
./build-gpu/model_bench --device cuda --sizes small,qwen2.5-0.5b --contexts 256,1024,4096 \
  --batches 1,16 --new-tokens 32 --budget-s 20 --out "$out/model_bench_cuda.json" 2>&1 |
  tee "$out/model_bench_cuda.txt"
exit $gpu_rc
