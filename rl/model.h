// A decoder-only transformer in the Qwen2 / Llama architecture on libtorch: token embeddings,
// RMSNorm, rotary position embeddings (configurable base, Llama 3 scaling), grouped-query
// attention with optional q/k/v bias, SwiGLU MLP, tied or untied output head. Parameter names
// are Hugging Face's ("model.layers.0.self_attn.q_proj.weight"), so downloaded Qwen2.5 or
// Llama 3 checkpoints load and checkpoints written here load in transformers.
#ifndef WEBAGENT_RL_MODEL_H_
#define WEBAGENT_RL_MODEL_H_

#include <torch/torch.h>

#include <string>
#include <vector>

#include "rl/config.h"
#include "rl/safetensors.h"
#include "sim/status.h"

namespace wa {

// Keys and values of past positions, per layer [batch, kv_heads, capacity, head_dim]. A model
// with a copy head keeps one more entry at the end: k holds the copy keys [batch, 1, capacity,
// copy_head_dim] and v the token ids [batch, 1, capacity, 1] (int64), so code that moves cache
// rows or positions entry by entry moves them too.
struct KVCache {
  std::vector<torch::Tensor> k, v;
  int64_t length = 0;    // positions filled
  int64_t capacity = 0;  // positions allocated
};

class RMSNormImpl : public torch::nn::Module {
 public:
  RMSNormImpl(int64_t dim, double eps);
  torch::Tensor forward(const torch::Tensor& x);
  torch::Tensor weight;

 private:
  double eps_;
};
TORCH_MODULE(RMSNorm);

class AttentionImpl : public torch::nn::Module {
 public:
  explicit AttentionImpl(const ModelConfig& c);
  torch::nn::Linear q_proj{nullptr}, k_proj{nullptr}, v_proj{nullptr}, o_proj{nullptr};
};
TORCH_MODULE(Attention);

class MlpImpl : public torch::nn::Module {
 public:
  explicit MlpImpl(const ModelConfig& c);
  torch::Tensor forward(const torch::Tensor& x);
  torch::nn::Linear gate_proj{nullptr}, up_proj{nullptr}, down_proj{nullptr};
};
TORCH_MODULE(Mlp);

class DecoderLayerImpl : public torch::nn::Module {
 public:
  explicit DecoderLayerImpl(const ModelConfig& c);
  RMSNorm input_layernorm{nullptr}, post_attention_layernorm{nullptr};
  Attention self_attn{nullptr};
  Mlp mlp{nullptr};
};
TORCH_MODULE(DecoderLayer);

class BackboneImpl : public torch::nn::Module {
 public:
  explicit BackboneImpl(const ModelConfig& c);
  torch::nn::Embedding embed_tokens{nullptr};
  torch::nn::ModuleList layers{nullptr};
  RMSNorm norm{nullptr};
};
TORCH_MODULE(Backbone);

// The optional pointer head (ModelConfig::copy_head_dim): query and key projections of the final
// hidden states, a key projection of the embedding of the token each position points at (so a
// query can ask for a kind of token as well as a context), and a gate deciding how much of the
// next-token distribution is copied.
class CopyHeadImpl : public torch::nn::Module {
 public:
  explicit CopyHeadImpl(const ModelConfig& c);
  torch::nn::Linear q_proj{nullptr}, k_proj{nullptr}, e_proj{nullptr}, gate{nullptr};
  torch::nn::Linear l_proj{nullptr};  // ModelConfig::copy_lookahead > 0 only
};
TORCH_MODULE(CopyHead);

class TransformerImpl : public torch::nn::Module {
 public:
  explicit TransformerImpl(const ModelConfig& config);

  // input_ids, positions: [B, T] int64. key_mask: [B, S] bool, which key positions may be
  // attended to, where S = (cache ? cache->length : 0) + T; attention is also causal in that
  // index space. With a cache, this step's keys and values are appended at cache->length.
  // Returns logits [B, T, vocab] (float32), or [B, 1, vocab] for the last position only. With a
  // copy head these are the mixture's log-probabilities (see Head), which softmax, temperature
  // and log_softmax treat exactly as logits.
  torch::Tensor Forward(const torch::Tensor& input_ids, const torch::Tensor& positions,
                        const torch::Tensor& key_mask, KVCache* cache = nullptr,
                        bool last_only = false);
  // Hidden states before the output head [B, T, hidden].
  torch::Tensor Hidden(const torch::Tensor& input_ids, const torch::Tensor& positions,
                       const torch::Tensor& key_mask, KVCache* cache);
  // The output head alone (no copy head).
  torch::Tensor Logits(const torch::Tensor& hidden);
  // Next-token scores for hidden states `hq` [B, R, hidden] at sequence indices `q_index` [B, R]
  // of the sequence `ids` [B, S] whose valid positions are `key_mask` [B, S] and whose copy keys
  // are `copy_keys` [B, S, copy_head_dim] (CopyKeys of its hidden states). Without a copy head:
  // Logits(hq), the other arguments unused. With one: log((1 - g) softmax(logits) + g c), where
  // g = sigmoid(gate(h)) and c puts the attention weight of each earlier valid position s
  // (s < q_index, s + 1 valid) on the token ids[s + 1] that followed it; the key of s is its copy
  // key plus e_proj of that token's embedding, and with ModelConfig::copy_lookahead = W, plus
  // l_proj of the summed embeddings of the valid tokens ids[s + 2 .. s + 1 + W] for a query at
  // q_index >= s + 1 + W (keys closer to the query go without that term, so a key never
  // reveals a token after the query's own). A query with no such position does not copy.
  // With `copy_logprobs`, it also receives log c [B, R, vocab], the copy distribution alone
  // (about -69 for a token that cannot be copied), for copy-supervision losses.
  torch::Tensor Head(const torch::Tensor& hq, const torch::Tensor& q_index,
                     const torch::Tensor& copy_keys, const torch::Tensor& ids,
                     const torch::Tensor& key_mask, torch::Tensor* copy_logprobs = nullptr);
  // Copy keys [B, T, copy_head_dim] of hidden states [B, T, hidden] (copy head only).
  torch::Tensor CopyKeys(const torch::Tensor& hidden);
  bool has_copy_head() const { return !copy_head.is_empty(); }

  KVCache NewCache(int64_t batch, int64_t capacity) const;

  // Copies weights by Hugging Face name; every parameter must be present with its shape.
  Status LoadWeights(const TensorMap& tensors);
  // Parameters by Hugging Face name (a tied head is not repeated, as transformers saves it).
  TensorMap Weights() const;

  const ModelConfig& config() const { return config_; }
  torch::Device device() const;
  torch::Dtype dtype() const;

  Backbone model{nullptr};
  torch::nn::Linear lm_head{nullptr};  // null when tied to the embeddings
  CopyHead copy_head{nullptr};         // null unless config.copy_head_dim > 0

 private:
  torch::Tensor RopeInvFreq() const;
  ModelConfig config_;
  torch::Tensor inv_freq_;  // [head_dim / 2] float32 on the CPU
};
TORCH_MODULE(Transformer);

// A model directory: config.json + model.safetensors (or shards). `device` and `dtype` pick
// where and how the weights live (bf16 on CUDA, fp32 on CPU are the usual choices).
Result<Transformer> LoadModel(const std::string& dir, torch::Device device, torch::Dtype dtype);
// Writes config.json and model.safetensors (atomic files) in `dtype`.
Status SaveModel(Transformer& model, const std::string& dir, torch::Dtype dtype);
// A fresh model with seeded initialisation (normal, std 0.02; norms at 1; biases at 0).
Transformer NewModel(const ModelConfig& config, uint64_t seed);

// An independent copy (same config, device, dtype and weights).
Transformer CloneModel(Transformer& source);

// "cpu" or "cuda" (errors when this libtorch has no CUDA or no device is visible).
Result<torch::Device> ParseDevice(const std::string& name);
// "float32", "bfloat16", "float16" (also fp32/bf16/fp16).
Result<torch::Dtype> ParseDtype(const std::string& name);
// Sets torch's intra-op threads (0: the machine's cores) once, deliberately, and returns it.
// Also keeps freed heap memory for reuse (ConfigureCpuAllocator).
int ConfigureTorchThreads(int threads);
// glibc malloc settings for libtorch on the CPU, applied once per process (idempotent): by
// default every tensor over a few MB (attention scores of a long context) is a fresh mmap that
// is unmapped on free, so its pages fault in again on every forward and backward pass; with
// several malloc arenas, freed memory of one thread is not reused by another. Measured on the
// 2-core development VM: an M-GRPO update of the tiny model went from 74 s to 7 s of learning
// time and generation sped up 7x. Effect: one arena, no mmap for large blocks, no trimming, so
// the process keeps its peak heap (RSS does not shrink after a large step).
void ConfigureCpuAllocator();

}  // namespace wa

#endif  // WEBAGENT_RL_MODEL_H_
