// Model configuration in Hugging Face `config.json` form (Qwen2 and Llama architectures), and the
// named sizes used here, from a CPU-sized default to the Qwen2.5-0.5B shape. No torch headers.
#ifndef WEBAGENT_RL_CONFIG_H_
#define WEBAGENT_RL_CONFIG_H_

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "sim/status.h"

namespace wa {

struct RopeScaling {
  std::string type;  // "" (none) or "llama3"
  double factor = 1, low_freq_factor = 1, high_freq_factor = 4;
  int64_t original_max_position_embeddings = 8192;
};

struct ModelConfig {
  std::string model_type = "qwen2";  // qwen2 or llama
  int64_t vocab_size = 4096;
  int64_t hidden_size = 256;
  int64_t intermediate_size = 768;
  int64_t num_hidden_layers = 4;
  int64_t num_attention_heads = 8;
  int64_t num_key_value_heads = 2;
  int64_t head_dim = 0;  // 0: hidden_size / num_attention_heads
  int64_t max_position_embeddings = 8192;
  double rope_theta = 10000.0;
  RopeScaling rope_scaling;
  double rms_norm_eps = 1e-6;
  bool tie_word_embeddings = true;
  bool attention_bias = true;  // q/k/v projections carry a bias (Qwen2: yes, Llama: no)
  std::string torch_dtype = "float32";
  int64_t bos_token_id = -1, eos_token_id = -1;
  // Not in Qwen2 or Llama: a pointer ("copy") head of this width, 0 for none. With it the
  // next-token distribution mixes the output head's softmax with attention over earlier
  // positions, each pointing at the token that followed it (see TransformerImpl::Head). For
  // small models trained from scratch, which otherwise need long training before they copy a
  // name from the task into an action; Hugging Face checkpoints leave it at 0.
  int64_t copy_head_dim = 0;
  // With a copy head: the key of a position also sums the embeddings of the `copy_lookahead`
  // tokens after the one it points at (0: off). In observations that print an element's id
  // before its name ("[14] radio 'High'"), a causal key at the id cannot see the name; this
  // lets the pointer pick an id by the words that follow it. A query only uses the term for
  // keys whose whole window lies before it, so nothing leaks from the tokens it predicts.
  int64_t copy_lookahead = 0;

  int64_t HeadDim() const { return head_dim > 0 ? head_dim : hidden_size / num_attention_heads; }
  int64_t ParameterCount() const;
  Status Validate() const;

  static Result<ModelConfig> FromJson(const nlohmann::json& j);
  static Result<ModelConfig> Load(const std::string& path);  // a config.json file
  nlohmann::json ToJson() const;
};

// Named sizes: "tiny" (tests), "mini" (the 2-core quickstart), "small" (the CPU default), "base"
// (~100M), "qwen2.5-0.5b" (Qwen2.5-0.5B's shape). The vocabulary size is left to the tokenizer
// where given (> 0).
Result<ModelConfig> NamedConfig(const std::string& name, int64_t vocab_size = 0);
std::vector<std::string> NamedConfigs();

}  // namespace wa

#endif  // WEBAGENT_RL_CONFIG_H_
