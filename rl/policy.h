// The model policy for the evaluation harness: a checkpoint directory with config.json,
// model.safetensors (or shards), tokenizer.json and agent.json (prompt format, chat template,
// sampling defaults). Each turn builds the compressed prompt, generates one response, parses the
// action and keeps the turn (with any parse error as feedback) for the next prompt.
// This header is torch-free so that the app can include it.
#ifndef WEBAGENT_RL_POLICY_H_
#define WEBAGENT_RL_POLICY_H_

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

#include "agent/agent_settings.h"
#include "sim/harness.h"

namespace wa {

struct ModelPolicyOptions {
  std::string device = "cpu";  // cpu or cuda
  std::string dtype;           // "" = float32 on CPU, bfloat16 on CUDA
  int threads = 0;             // torch intra-op threads (0: all cores)
  uint64_t seed = 0;
  bool greedy = false;
  int max_new_tokens = 0;  // 0: agent.json's
  // Sampling (ignored when greedy); negative: agent.json's. Temperature must be > 0 and top-p in
  // (0, 1]; MakeModelPolicy rejects other values.
  float temperature = -1.0f;
  float top_p = -1.0f;
};

Result<std::unique_ptr<Policy>> MakeModelPolicy(const std::string& dir,
                                                const ModelPolicyOptions& options);

// Creates a checkpoint directory with a freshly initialised model of a named size and the given
// tokenizer (copied in), for training or smoke tests; `copy_head_dim` > 0 adds a copy head
// (ModelConfig::copy_head_dim), and `copy_lookahead` > 0 lookahead keys to it
// (ModelConfig::copy_lookahead).
Status InitCheckpoint(const std::string& dir, const std::string& size,
                      const std::string& tokenizer_path, const AgentSettings& settings,
                      uint64_t seed, int64_t copy_head_dim = 0, int64_t copy_lookahead = 0);

}  // namespace wa

#endif  // WEBAGENT_RL_POLICY_H_
