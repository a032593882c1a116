#include "rl/config.h"

#include <fstream>

namespace wa {

int64_t ModelConfig::ParameterCount() const {
  int64_t d = hidden_size, hd = HeadDim();
  int64_t q = d * num_attention_heads * hd, kv = 2 * d * num_key_value_heads * hd;
  int64_t o = num_attention_heads * hd * d;
  int64_t bias = attention_bias ? (num_attention_heads + 2 * num_key_value_heads) * hd : 0;
  int64_t mlp = 3 * d * intermediate_size;
  int64_t layer = q + kv + o + bias + mlp + 2 * d;
  int64_t embed = vocab_size * d;
  int64_t copy = copy_head_dim > 0 ? (copy_lookahead > 0 ? 4 : 3) * d * copy_head_dim + d + 1 : 0;
  return embed * (tie_word_embeddings ? 1 : 2) + num_hidden_layers * layer + d + copy;
}

Status ModelConfig::Validate() const {
  if (model_type != "qwen2" && model_type != "llama") {
    return InvalidArgument("model_type " + model_type + " is not supported (qwen2, llama)");
  }
  if (vocab_size <= 0 || hidden_size <= 0 || intermediate_size <= 0 || num_hidden_layers <= 0 ||
      num_attention_heads <= 0 || num_key_value_heads <= 0) {
    return InvalidArgument("model sizes must be positive");
  }
  if (num_attention_heads % num_key_value_heads != 0) {
    return InvalidArgument("num_attention_heads must be a multiple of num_key_value_heads");
  }
  if (head_dim <= 0 && hidden_size % num_attention_heads != 0) {
    return InvalidArgument("hidden_size must be a multiple of num_attention_heads");
  }
  if (copy_head_dim < 0) return InvalidArgument("copy_head_dim must be 0 (none) or positive");
  if (copy_lookahead < 0 || copy_lookahead > 64) {
    return InvalidArgument("copy_lookahead must be in [0, 64]");
  }
  if (copy_lookahead > 0 && copy_head_dim == 0) {
    return InvalidArgument("copy_lookahead needs a copy head (copy_head_dim > 0)");
  }
  if (HeadDim() % 2 != 0) return InvalidArgument("head_dim must be even for rotary embeddings");
  if (!rope_scaling.type.empty() && rope_scaling.type != "llama3") {
    return InvalidArgument("rope_scaling type " + rope_scaling.type + " is not supported");
  }
  return Status::Ok();
}

Result<ModelConfig> ModelConfig::FromJson(const nlohmann::json& j) {
  ModelConfig c;
  try {
    c.model_type = j.value("model_type", c.model_type);
    c.vocab_size = j.at("vocab_size").get<int64_t>();
    c.hidden_size = j.at("hidden_size").get<int64_t>();
    c.intermediate_size = j.at("intermediate_size").get<int64_t>();
    c.num_hidden_layers = j.at("num_hidden_layers").get<int64_t>();
    c.num_attention_heads = j.at("num_attention_heads").get<int64_t>();
    c.num_key_value_heads = j.value("num_key_value_heads", c.num_attention_heads);
    if (j.contains("head_dim") && j["head_dim"].is_number()) c.head_dim = j["head_dim"];
    c.max_position_embeddings = j.value("max_position_embeddings", c.max_position_embeddings);
    c.rope_theta = j.value("rope_theta", c.rope_theta);
    c.rms_norm_eps = j.value("rms_norm_eps", c.rms_norm_eps);
    c.tie_word_embeddings = j.value("tie_word_embeddings", false);
    c.attention_bias =
        j.contains("attention_bias") ? j["attention_bias"].get<bool>() : c.model_type == "qwen2";
    c.torch_dtype = j.value("torch_dtype", c.torch_dtype);
    c.copy_head_dim = j.value("copy_head_dim", int64_t{0});
    c.copy_lookahead = j.value("copy_lookahead", int64_t{0});
    auto id = [&](const char* key) -> int64_t {
      if (!j.contains(key) || j[key].is_null()) return -1;
      if (j[key].is_array()) return j[key].empty() ? -1 : j[key][0].get<int64_t>();
      return j[key].get<int64_t>();
    };
    c.bos_token_id = id("bos_token_id");
    c.eos_token_id = id("eos_token_id");
    if (j.contains("rope_scaling") && j["rope_scaling"].is_object()) {
      const auto& r = j["rope_scaling"];
      c.rope_scaling.type = r.value("rope_type", r.value("type", ""));
      c.rope_scaling.factor = r.value("factor", 1.0);
      c.rope_scaling.low_freq_factor = r.value("low_freq_factor", 1.0);
      c.rope_scaling.high_freq_factor = r.value("high_freq_factor", 4.0);
      c.rope_scaling.original_max_position_embeddings =
          r.value("original_max_position_embeddings", int64_t{8192});
    }
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument(std::string("config.json: ") + e.what());
  }
  WA_RETURN_IF_ERROR(c.Validate());
  return c;
}

Result<ModelConfig> ModelConfig::Load(const std::string& path) {
  std::ifstream f(path);
  if (!f) return NotFound("cannot open " + path);
  auto j = nlohmann::json::parse(f, nullptr, false);
  if (j.is_discarded()) return InvalidArgument(path + " is not JSON");
  return FromJson(j);
}

nlohmann::json ModelConfig::ToJson() const {
  nlohmann::json j = {
      {"architectures", {model_type == "qwen2" ? "Qwen2ForCausalLM" : "LlamaForCausalLM"}},
      {"model_type", model_type},
      {"vocab_size", vocab_size},
      {"hidden_size", hidden_size},
      {"intermediate_size", intermediate_size},
      {"num_hidden_layers", num_hidden_layers},
      {"num_attention_heads", num_attention_heads},
      {"num_key_value_heads", num_key_value_heads},
      {"head_dim", HeadDim()},
      {"max_position_embeddings", max_position_embeddings},
      {"rope_theta", rope_theta},
      {"rms_norm_eps", rms_norm_eps},
      {"tie_word_embeddings", tie_word_embeddings},
      {"attention_bias", attention_bias},
      {"hidden_act", "silu"},
      {"torch_dtype", torch_dtype},
      {"bos_token_id", bos_token_id >= 0 ? nlohmann::json(bos_token_id) : nlohmann::json()},
      {"eos_token_id", eos_token_id >= 0 ? nlohmann::json(eos_token_id) : nlohmann::json()},
  };
  if (copy_head_dim > 0) j["copy_head_dim"] = copy_head_dim;
  if (copy_lookahead > 0) j["copy_lookahead"] = copy_lookahead;
  if (!rope_scaling.type.empty()) {
    j["rope_scaling"] = {
        {"rope_type", rope_scaling.type},
        {"factor", rope_scaling.factor},
        {"low_freq_factor", rope_scaling.low_freq_factor},
        {"high_freq_factor", rope_scaling.high_freq_factor},
        {"original_max_position_embeddings", rope_scaling.original_max_position_embeddings}};
  }
  return j;
}

std::vector<std::string> NamedConfigs() {
  return {"tiny", "mini", "small", "base", "qwen2.5-0.5b"};
}

Result<ModelConfig> NamedConfig(const std::string& name, int64_t vocab_size) {
  ModelConfig c;
  if (name == "tiny") {
    c.max_position_embeddings = 2048;
    c.vocab_size = 512;
    c.hidden_size = 64;
    c.intermediate_size = 128;
    c.num_hidden_layers = 2;
    c.num_attention_heads = 4;
    c.num_key_value_heads = 2;
  } else if (name == "mini") {
    c.max_position_embeddings = 1024;
    c.vocab_size = 2048;
    c.hidden_size = 128;
    c.intermediate_size = 384;
    c.num_hidden_layers = 3;
    c.num_attention_heads = 4;
    c.num_key_value_heads = 2;
  } else if (name == "small") {
    c.max_position_embeddings = 4096;
    c.vocab_size = 4096;
    c.hidden_size = 256;
    c.intermediate_size = 768;
    c.num_hidden_layers = 4;
    c.num_attention_heads = 8;
    c.num_key_value_heads = 2;
  } else if (name == "base") {
    c.vocab_size = 8192;
    c.hidden_size = 768;
    c.intermediate_size = 2048;
    c.num_hidden_layers = 12;
    c.num_attention_heads = 12;
    c.num_key_value_heads = 4;
  } else if (name == "qwen2.5-0.5b") {
    c.vocab_size = 151936;
    c.hidden_size = 896;
    c.intermediate_size = 4864;
    c.num_hidden_layers = 24;
    c.num_attention_heads = 14;
    c.num_key_value_heads = 2;
    c.max_position_embeddings = 32768;
    c.rope_theta = 1000000.0;
    c.bos_token_id = 151643;
    c.eos_token_id = 151645;
    c.torch_dtype = "bfloat16";
  } else {
    return InvalidArgument("unknown model size \"" + name +
                           "\" (tiny, mini, small, base, qwen2.5-0.5b)");
  }
  if (vocab_size > 0) c.vocab_size = vocab_size;
  return c;
}

}  // namespace wa
