#include "rl/model.h"

#include <malloc.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <thread>

#include "sim/file_util.h"

namespace wa {

RMSNormImpl::RMSNormImpl(int64_t dim, double eps) : eps_(eps) {
  weight = register_parameter("weight", torch::ones({dim}));
}

torch::Tensor RMSNormImpl::forward(const torch::Tensor& x) {
  torch::Tensor h = x.to(torch::kFloat32);
  h = h * torch::rsqrt(h.pow(2).mean(-1, /*keepdim=*/true) + eps_);
  return weight * h.to(x.scalar_type());
}

AttentionImpl::AttentionImpl(const ModelConfig& c) {
  int64_t hd = c.HeadDim();
  auto lin = [&](int64_t in, int64_t out, bool bias) {
    return torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(bias));
  };
  q_proj =
      register_module("q_proj", lin(c.hidden_size, c.num_attention_heads * hd, c.attention_bias));
  k_proj =
      register_module("k_proj", lin(c.hidden_size, c.num_key_value_heads * hd, c.attention_bias));
  v_proj =
      register_module("v_proj", lin(c.hidden_size, c.num_key_value_heads * hd, c.attention_bias));
  o_proj = register_module("o_proj", lin(c.num_attention_heads * hd, c.hidden_size, false));
}

MlpImpl::MlpImpl(const ModelConfig& c) {
  auto lin = [&](int64_t in, int64_t out) {
    return torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false));
  };
  gate_proj = register_module("gate_proj", lin(c.hidden_size, c.intermediate_size));
  up_proj = register_module("up_proj", lin(c.hidden_size, c.intermediate_size));
  down_proj = register_module("down_proj", lin(c.intermediate_size, c.hidden_size));
}

torch::Tensor MlpImpl::forward(const torch::Tensor& x) {
  return down_proj(torch::silu(gate_proj(x)) * up_proj(x));
}

DecoderLayerImpl::DecoderLayerImpl(const ModelConfig& c) {
  self_attn = register_module("self_attn", Attention(c));
  mlp = register_module("mlp", Mlp(c));
  input_layernorm = register_module("input_layernorm", RMSNorm(c.hidden_size, c.rms_norm_eps));
  post_attention_layernorm =
      register_module("post_attention_layernorm", RMSNorm(c.hidden_size, c.rms_norm_eps));
}

BackboneImpl::BackboneImpl(const ModelConfig& c) {
  embed_tokens = register_module("embed_tokens", torch::nn::Embedding(c.vocab_size, c.hidden_size));
  layers = register_module("layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < c.num_hidden_layers; ++i) layers->push_back(DecoderLayer(c));
  norm = register_module("norm", RMSNorm(c.hidden_size, c.rms_norm_eps));
}

CopyHeadImpl::CopyHeadImpl(const ModelConfig& c) {
  auto lin = [&](int64_t out, bool bias) {
    return torch::nn::Linear(torch::nn::LinearOptions(c.hidden_size, out).bias(bias));
  };
  q_proj = register_module("q_proj", lin(c.copy_head_dim, false));
  k_proj = register_module("k_proj", lin(c.copy_head_dim, false));
  e_proj = register_module("e_proj", lin(c.copy_head_dim, false));
  gate = register_module("gate", lin(1, true));
  if (c.copy_lookahead > 0) l_proj = register_module("l_proj", lin(c.copy_head_dim, false));
}

TransformerImpl::TransformerImpl(const ModelConfig& config) : config_(config) {
  model = register_module("model", Backbone(config));
  if (!config.tie_word_embeddings) {
    lm_head = register_module(
        "lm_head",
        torch::nn::Linear(
            torch::nn::LinearOptions(config.hidden_size, config.vocab_size).bias(false)));
  }
  if (config.copy_head_dim > 0) copy_head = register_module("copy_head", CopyHead(config));
  inv_freq_ = RopeInvFreq();  // float32, not a parameter or buffer: dtype casts leave it alone
}

torch::Tensor TransformerImpl::RopeInvFreq() const {
  int64_t hd = config_.HeadDim();
  std::vector<float> f(static_cast<size_t>(hd / 2));
  const RopeScaling& rs = config_.rope_scaling;
  for (int64_t i = 0; i < hd / 2; ++i) {
    double inv =
        1.0 / std::pow(config_.rope_theta, static_cast<double>(2 * i) / static_cast<double>(hd));
    if (rs.type == "llama3") {
      // Llama 3.1: long wavelengths slowed by `factor`, short ones kept, smooth in between.
      double old_ctx = static_cast<double>(rs.original_max_position_embeddings);
      double low_wavelen = old_ctx / rs.low_freq_factor;
      double high_wavelen = old_ctx / rs.high_freq_factor;
      double wavelen = 2 * M_PI / inv;
      if (wavelen > low_wavelen) {
        inv /= rs.factor;
      } else if (wavelen >= high_wavelen) {
        double smooth =
            (old_ctx / wavelen - rs.low_freq_factor) / (rs.high_freq_factor - rs.low_freq_factor);
        inv = (1 - smooth) * inv / rs.factor + smooth * inv;
      }
    }
    f[static_cast<size_t>(i)] = static_cast<float>(inv);
  }
  return torch::tensor(f);
}

namespace {

torch::Tensor RotateHalf(const torch::Tensor& x) {
  int64_t half = x.size(-1) / 2;
  return torch::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
}

}  // namespace

torch::Tensor TransformerImpl::Hidden(const torch::Tensor& input_ids,
                                      const torch::Tensor& positions, const torch::Tensor& key_mask,
                                      KVCache* cache) {
  const int64_t B = input_ids.size(0), T = input_ids.size(1);
  const int64_t H = config_.num_attention_heads, KV = config_.num_key_value_heads;
  const int64_t D = config_.HeadDim(), G = H / KV;
  const int64_t past = cache ? cache->length : 0, S = past + T;
  TORCH_CHECK(key_mask.size(0) == B && key_mask.size(1) == S, "key_mask must be [B, past + T]");
  TORCH_CHECK(!cache || S <= cache->capacity, "KV cache capacity exceeded");
  torch::Tensor x = model->embed_tokens(input_ids);
  const auto dtype = x.scalar_type();
  // Rotary tables [B, 1, T, D].
  torch::Tensor freqs = positions.to(torch::kFloat32).unsqueeze(-1) * inv_freq_.to(x.device());
  torch::Tensor emb = torch::cat({freqs, freqs}, -1).unsqueeze(1);
  torch::Tensor cos = emb.cos().to(dtype), sin = emb.sin().to(dtype);
  // Allowed keys [B, 1, 1, T, S]: valid and not in the future.
  torch::Tensor qpos =
      torch::arange(past, S, torch::TensorOptions().device(x.device())).unsqueeze(1);
  torch::Tensor kpos = torch::arange(0, S, torch::TensorOptions().device(x.device())).unsqueeze(0);
  torch::Tensor allowed = (kpos <= qpos).unsqueeze(0) & key_mask.to(torch::kBool).unsqueeze(1);
  torch::Tensor bias =
      torch::zeros({B, T, S}, torch::TensorOptions().dtype(torch::kFloat32).device(x.device()))
          .masked_fill(allowed.logical_not(), -1e30)
          .view({B, 1, 1, T, S});
  const double scale = 1.0 / std::sqrt(static_cast<double>(D));
  for (size_t l = 0; l < model->layers->size(); ++l) {
    auto layer = model->layers[l]->as<DecoderLayerImpl>();
    auto& attn = layer->self_attn;
    torch::Tensor h = layer->input_layernorm(x);
    torch::Tensor q = attn->q_proj(h).view({B, T, H, D}).transpose(1, 2);
    torch::Tensor k = attn->k_proj(h).view({B, T, KV, D}).transpose(1, 2);
    torch::Tensor v = attn->v_proj(h).view({B, T, KV, D}).transpose(1, 2);
    q = q * cos + RotateHalf(q) * sin;
    k = k * cos + RotateHalf(k) * sin;
    if (cache) {
      cache->k[l].narrow(2, past, T).copy_(k);
      cache->v[l].narrow(2, past, T).copy_(v);
      k = cache->k[l].narrow(2, 0, S);
      v = cache->v[l].narrow(2, 0, S);
    }
    torch::Tensor scores =
        torch::matmul(q.reshape({B, KV, G, T, D}), k.unsqueeze(2).transpose(-1, -2))
                .to(torch::kFloat32) *
            scale +
        bias;
    torch::Tensor probs = torch::softmax(scores, -1).to(dtype);
    torch::Tensor out = torch::matmul(probs, v.unsqueeze(2)).reshape({B, H, T, D});
    x = x + attn->o_proj(out.transpose(1, 2).reshape({B, T, H * D}));
    x = x + layer->mlp(layer->post_attention_layernorm(x));
  }
  x = model->norm(x);
  if (cache && has_copy_head()) {
    const size_t c = cache->k.size() - 1;
    TORCH_CHECK(c == model->layers->size(), "this model's KV cache lacks the copy-head entry");
    cache->k[c].narrow(2, past, T).copy_(CopyKeys(x).unsqueeze(1));
    cache->v[c].narrow(2, past, T).copy_(input_ids.reshape({B, 1, T, 1}));
  }
  if (cache) cache->length = S;
  return x;
}

torch::Tensor TransformerImpl::Logits(const torch::Tensor& hidden) {
  torch::Tensor logits =
      lm_head ? lm_head(hidden) : torch::matmul(hidden, model->embed_tokens->weight.t());
  return logits.to(torch::kFloat32);
}

torch::Tensor TransformerImpl::CopyKeys(const torch::Tensor& hidden) {
  TORCH_CHECK(has_copy_head(), "CopyKeys: this model has no copy head");
  return copy_head->k_proj(hidden);
}

torch::Tensor TransformerImpl::Head(const torch::Tensor& hq, const torch::Tensor& q_index,
                                    const torch::Tensor& copy_keys, const torch::Tensor& ids,
                                    const torch::Tensor& key_mask, torch::Tensor* copy_logprobs) {
  torch::Tensor logits = Logits(hq);
  if (!has_copy_head()) return logits;
  const int64_t B = hq.size(0), R = hq.size(1), S = ids.size(1);
  const auto dev = hq.device();
  auto i64 = torch::TensorOptions().dtype(torch::kInt64).device(dev);
  auto b8 = torch::TensorOptions().dtype(torch::kBool).device(dev);
  // Position s points at the token after it: both must be valid and s before the query.
  torch::Tensor km = key_mask.to(torch::kBool);
  torch::Tensor pair = km & torch::cat({km.narrow(1, 1, S - 1), torch::zeros({B, 1}, b8)}, 1);
  torch::Tensor next = torch::cat({ids.narrow(1, 1, S - 1), torch::zeros({B, 1}, i64)}, 1);
  torch::Tensor keys = copy_keys + copy_head->e_proj(model->embed_tokens(next));
  torch::Tensor q = copy_head->q_proj(hq).to(torch::kFloat32);
  torch::Tensor scores = torch::matmul(q, keys.to(torch::kFloat32).transpose(1, 2));  // [B, R, S]
  torch::Tensor index = torch::arange(S, i64).view({1, 1, S});
  if (config_.copy_lookahead > 0) {
    // Lookahead: the sum of the valid tokens' embeddings in (s + 1, s + 1 + W], as differences
    // of a running sum, used only by queries at or after s + 1 + W.
    const int64_t W = config_.copy_lookahead;
    // The running sum is kept in float32: in bfloat16 the difference of two long sums would
    // lose the window's few tokens.
    torch::Tensor emb =
        model->embed_tokens(ids).to(torch::kFloat32) * km.unsqueeze(-1).to(torch::kFloat32);
    torch::Tensor run = torch::cat(
        {torch::zeros({B, 1, emb.size(2)}, emb.options()), torch::cumsum(emb, 1)}, 1);  // [B,S+1,H]
    torch::Tensor from = torch::arange(S, i64).add(2).clamp_max(S);
    torch::Tensor to = torch::arange(S, i64).add(2 + W).clamp_max(S);
    torch::Tensor window = run.index_select(1, to) - run.index_select(1, from);  // [B, S, H]
    torch::Tensor look = copy_head->l_proj(window.to(hq.scalar_type())).to(torch::kFloat32);
    torch::Tensor far = index.add(1 + W) <= q_index.unsqueeze(-1);  // [B, R, S]
    scores = scores + torch::matmul(q, look.transpose(1, 2)) * far.to(torch::kFloat32);
  }
  scores = scores / std::sqrt(static_cast<double>(config_.copy_head_dim));
  torch::Tensor allowed = (index < q_index.unsqueeze(-1)) & pair.unsqueeze(1);  // [B, R, S]
  torch::Tensor attn = torch::softmax(scores.masked_fill(allowed.logical_not(), -1e30), -1) *
                       allowed.to(torch::kFloat32);
  torch::Tensor copied =
      torch::zeros_like(logits).scatter_add(2, next.unsqueeze(1).expand({B, R, S}), attn);
  // A query with nothing to point at gets a gate of (almost) zero; finite, so gradients stay
  // finite.
  torch::Tensor z = copy_head->gate(hq)
                        .to(torch::kFloat32)
                        .masked_fill(allowed.any(-1, /*keepdim=*/true).logical_not(), -1e4);
  torch::Tensor log_copied = torch::log(copied.clamp_min(1e-30));
  if (copy_logprobs != nullptr) *copy_logprobs = log_copied;
  return torch::logaddexp(torch::log_sigmoid(-z) + torch::log_softmax(logits, -1),
                          torch::log_sigmoid(z) + log_copied);
}

torch::Tensor TransformerImpl::Forward(const torch::Tensor& input_ids,
                                       const torch::Tensor& positions,
                                       const torch::Tensor& key_mask, KVCache* cache,
                                       bool last_only) {
  const int64_t past = cache ? cache->length : 0;
  torch::Tensor h = Hidden(input_ids, positions, key_mask, cache);
  if (!has_copy_head()) {
    if (last_only) h = h.narrow(1, h.size(1) - 1, 1);
    return Logits(h);
  }
  const int64_t B = input_ids.size(0), T = input_ids.size(1), S = past + T;
  torch::Tensor keys, ids;
  if (cache) {
    keys = cache->k.back().narrow(2, 0, S).squeeze(1);
    ids = cache->v.back().narrow(2, 0, S).reshape({B, S});
  } else {
    keys = CopyKeys(h);
    ids = input_ids;
  }
  torch::Tensor qi =
      torch::arange(past, S, torch::TensorOptions().dtype(torch::kInt64).device(h.device()))
          .unsqueeze(0)
          .expand({B, T});
  if (last_only) {
    h = h.narrow(1, T - 1, 1);
    qi = qi.narrow(1, T - 1, 1);
  }
  return Head(h, qi, keys, ids.to(h.device()), key_mask);
}

KVCache TransformerImpl::NewCache(int64_t batch, int64_t capacity) const {
  KVCache c;
  c.capacity = capacity;
  auto opts = torch::TensorOptions().dtype(dtype()).device(device());
  for (int64_t l = 0; l < config_.num_hidden_layers; ++l) {
    c.k.push_back(
        torch::zeros({batch, config_.num_key_value_heads, capacity, config_.HeadDim()}, opts));
    c.v.push_back(
        torch::zeros({batch, config_.num_key_value_heads, capacity, config_.HeadDim()}, opts));
  }
  if (config_.copy_head_dim > 0) {
    c.k.push_back(torch::zeros({batch, 1, capacity, config_.copy_head_dim}, opts));
    c.v.push_back(torch::zeros({batch, 1, capacity, 1}, opts.dtype(torch::kInt64)));
  }
  return c;
}

torch::Device TransformerImpl::device() const { return model->embed_tokens->weight.device(); }
torch::Dtype TransformerImpl::dtype() const { return model->embed_tokens->weight.scalar_type(); }

Status TransformerImpl::LoadWeights(const TensorMap& tensors) {
  torch::NoGradGuard no_grad;
  for (auto& p : named_parameters()) {
    auto it = tensors.find(p.key());
    if (it == tensors.end()) {
      return InvalidArgument("checkpoint lacks parameter " + p.key());
    }
    if (it->second.sizes() != p.value().sizes()) {
      std::ostringstream s;
      s << "parameter " << p.key() << " has shape " << it->second.sizes() << ", model wants "
        << p.value().sizes();
      return InvalidArgument(s.str());
    }
    p.value().copy_(it->second.to(p.value().device()).to(p.value().scalar_type()));
  }
  return Status::Ok();
}

TensorMap TransformerImpl::Weights() const {
  TensorMap out;
  for (const auto& p : named_parameters()) out.emplace(p.key(), p.value());
  return out;
}

Transformer CloneModel(Transformer& source) {
  Transformer m(source->config());
  m->to(source->device(), source->dtype());
  Status st = m->LoadWeights(source->Weights());
  TORCH_CHECK(st.ok(), "CloneModel: ", st.message());
  m->train(source->is_training());
  return m;
}

Transformer NewModel(const ModelConfig& config, uint64_t seed) {
  torch::manual_seed(seed);
  Transformer m(config);
  torch::NoGradGuard no_grad;
  for (auto& p : m->named_parameters()) {
    const std::string& name = p.key();
    if (name.find("norm") != std::string::npos) {
      p.value().fill_(1.0);
    } else if (name.size() > 5 && name.compare(name.size() - 5, 5, ".bias") == 0) {
      p.value().zero_();
    } else {
      p.value().normal_(0.0, 0.02);
    }
  }
  return m;
}

Result<Transformer> LoadModel(const std::string& dir, torch::Device device, torch::Dtype dtype) {
  auto config = ModelConfig::Load((std::filesystem::path(dir) / "config.json").string());
  if (!config.ok()) return config.status();
  auto tensors = ReadCheckpointTensors(dir);
  if (!tensors.ok()) return tensors.status();
  Transformer m(*config);
  m->to(device, dtype);
  WA_RETURN_IF_ERROR(m->LoadWeights(*tensors));
  m->eval();
  return m;
}

Status SaveModel(Transformer& model, const std::string& dir, torch::Dtype dtype) {
  std::filesystem::create_directories(dir);
  ModelConfig c = model->config();
  c.torch_dtype = dtype == torch::kBFloat16  ? "bfloat16"
                  : dtype == torch::kFloat16 ? "float16"
                                             : "float32";
  WA_RETURN_IF_ERROR(WriteFileAtomic((std::filesystem::path(dir) / "config.json").string(),
                                     c.ToJson().dump(2) + "\n"));
  TensorMap w = model->Weights();
  return WriteSafetensors((std::filesystem::path(dir) / "model.safetensors").string(), w, dtype,
                          {{"format", "pt"}});
}

Result<torch::Device> ParseDevice(const std::string& name) {
  if (name == "cpu") return torch::Device(torch::kCPU);
  if (name == "cuda" || name.rfind("cuda:", 0) == 0) {
    if (!torch::cuda::is_available()) {
      return FailedPrecondition("--device cuda: this libtorch has no CUDA or no GPU is visible");
    }
    return torch::Device(name);
  }
  return InvalidArgument("unknown device \"" + name + "\" (cpu, cuda)");
}

Result<torch::Dtype> ParseDtype(const std::string& name) {
  if (name == "float32" || name == "fp32") return torch::kFloat32;
  if (name == "bfloat16" || name == "bf16") return torch::kBFloat16;
  if (name == "float16" || name == "fp16") return torch::kFloat16;
  return InvalidArgument("unknown dtype \"" + name + "\" (float32, bfloat16, float16)");
}

void ConfigureCpuAllocator() {
  static std::once_flag once;
  std::call_once(once, [] {
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
    mallopt(M_TOP_PAD, 64 << 20);
  });
}

int ConfigureTorchThreads(int threads) {
  ConfigureCpuAllocator();
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  torch::set_num_threads(threads);
  return threads;
}

}  // namespace wa
