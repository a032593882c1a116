// safetensors files (https://github.com/huggingface/safetensors format): an 8-byte little-endian
// header length, a JSON header naming each tensor's dtype, shape and byte range, then the data.
// Reads F32, F16, BF16, F64, I64, I32 and sharded checkpoints (model.safetensors.index.json);
// writes F32, F16 or BF16 atomically, tensors in name order.
#ifndef WEBAGENT_RL_SAFETENSORS_H_
#define WEBAGENT_RL_SAFETENSORS_H_

#include <torch/torch.h>

#include <map>
#include <string>

#include "sim/status.h"

namespace wa {

using TensorMap = std::map<std::string, torch::Tensor>;

Result<TensorMap> ReadSafetensors(const std::string& path);
// Every tensor of a checkpoint directory: model.safetensors, or the shards its index names.
Result<TensorMap> ReadCheckpointTensors(const std::string& dir);
// dtype: torch::kFloat32, kFloat16 or kBFloat16 (tensors are converted on the CPU).
Status WriteSafetensors(const std::string& path, const TensorMap& tensors, torch::Dtype dtype,
                        const std::map<std::string, std::string>& metadata = {});

}  // namespace wa

#endif  // WEBAGENT_RL_SAFETENSORS_H_
