#include "rl/policy.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include "agent/response.h"
#include "agent/tokenizer.h"
#include "rl/generate.h"
#include "rl/model.h"

namespace wa {

Result<AgentSettings> AgentSettings::FromJson(const nlohmann::json& j) {
  AgentSettings s;
  try {
    auto f = ParsePromptFormat(j.value("prompt_format", "think"));
    if (!f.ok()) return f.status();
    s.format = *f;
    auto t = ParseChatTemplate(j.value("chat_template", "chatml"));
    if (!t.ok()) return t.status();
    s.chat_template = *t;
    s.context_chars = j.value("context_chars", s.context_chars);
    s.max_context_tokens = j.value("max_context_tokens", s.max_context_tokens);
    s.max_new_tokens = j.value("max_new_tokens", s.max_new_tokens);
    s.temperature = j.value("temperature", s.temperature);
    s.top_p = j.value("top_p", s.top_p);
    s.simplify_history = j.value("simplify_history", s.simplify_history);
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument(std::string("agent.json: ") + e.what());
  }
  return s;
}

nlohmann::json AgentSettings::ToJson() const {
  return {{"prompt_format", PromptFormatName(format)},
          {"chat_template", chat_template == ChatTemplate::kChatML ? "chatml" : "llama3"},
          {"context_chars", context_chars},
          {"max_context_tokens", max_context_tokens},
          {"max_new_tokens", max_new_tokens},
          {"temperature", std::round(static_cast<double>(temperature) * 1e6) / 1e6},
          {"top_p", std::round(static_cast<double>(top_p) * 1e6) / 1e6},
          {"simplify_history", simplify_history}};
}

namespace {

class ModelPolicy : public Policy {
 public:
  ModelPolicy(std::string dir, Transformer model, Tokenizer tokenizer, AgentSettings settings,
              ModelPolicyOptions options)
      : dir_(std::move(dir)),
        model_(std::move(model)),
        tokenizer_(std::move(tokenizer)),
        settings_(settings),
        options_(options) {
    max_tokens_ = settings_.max_context_tokens > 0
                      ? settings_.max_context_tokens
                      : static_cast<int>(model_->config().max_position_embeddings);
    gen_.max_new_tokens =
        options_.max_new_tokens > 0 ? options_.max_new_tokens : settings_.max_new_tokens;
    gen_.greedy = options_.greedy;
    gen_.temperature = settings_.temperature;
    gen_.top_p = settings_.top_p;
    TokenId end = tokenizer_.Id(EndOfTurn(settings_.chat_template));
    if (end >= 0) gen_.stop_tokens.push_back(end);
    if (settings_.format == PromptFormat::kWebRLRaw) {
      TokenId eot = tokenizer_.Id("<|eot_id|>");
      if (eot >= 0) gen_.stop_tokens.push_back(eot);
    }
    TokenId eos = static_cast<TokenId>(model_->config().eos_token_id);
    if (eos >= 0) gen_.stop_tokens.push_back(eos);
  }

  std::string name() const override { return "model:" + dir_; }

  void Begin(size_t slot, const Task&) override {
    if (turns_.size() <= slot) turns_.resize(slot + 1);
    turns_[slot].clear();
    ++episodes_;
  }

  std::string Act(size_t slot, const Task& task, const StepResult& last, const Env&) override {
    std::vector<TokenId> prompt = Prompt(task.intent, turns_[slot], last.observation);
    GenerateOptions g = gen_;
    g.seed = options_.seed * 1000003ULL + episodes_ * 131ULL + turns_[slot].size();
    Generation out = Generate(model_, {prompt}, g, &tokenizer_)[0];
    std::string response = tokenizer_.Decode(out.tokens, /*skip_special=*/true);
    ParsedResponse parsed = ParseResponse(response, settings_.format);
    turns_[slot].push_back({response, parsed.action, parsed.ok ? "" : parsed.error});
    return parsed.ok ? parsed.action : response;
  }

 private:
  // The prompt tokens, shrinking the observation until prompt + generation fit the context.
  std::vector<TokenId> Prompt(const std::string& intent, const std::vector<AgentTurn>& turns,
                              const std::string& observation) {
    PromptOptions po;
    po.format = settings_.format;
    po.simplify_history = settings_.simplify_history;
    po.context_chars = settings_.context_chars;
    const size_t budget = static_cast<size_t>(std::max(16, max_tokens_ - gen_.max_new_tokens));
    std::vector<TokenId> ids;
    for (int attempt = 0; attempt < 8; ++attempt) {
      auto messages = BuildMessages(intent, turns, observation, po);
      if (settings_.format == PromptFormat::kWebRLRaw) {
        ids = tokenizer_.Encode(messages[0].content, /*parse_special=*/true);
      } else {
        auto enc = EncodeChat(tokenizer_, messages, settings_.chat_template, true);
        ids = enc.ok() ? enc->ids
                       : tokenizer_.Encode(RenderChat(messages, settings_.chat_template, true));
      }
      if (ids.size() <= budget) return ids;
      size_t chars = 0;
      for (const auto& m : messages) chars += m.content.size();
      po.context_chars = std::max<size_t>(1, chars * budget / ids.size() * 9 / 10);
    }
    // Still too long (a very long history): keep the most recent tokens.
    ids.erase(ids.begin(), ids.end() - static_cast<std::ptrdiff_t>(budget));
    return ids;
  }

  std::string dir_;
  Transformer model_;
  Tokenizer tokenizer_;
  AgentSettings settings_;
  ModelPolicyOptions options_;
  GenerateOptions gen_;
  int max_tokens_ = 0;
  uint64_t episodes_ = 0;
  std::vector<std::vector<AgentTurn>> turns_;
};

}  // namespace

Result<std::unique_ptr<Policy>> MakeModelPolicy(const std::string& dir,
                                                const ModelPolicyOptions& options) {
  namespace fs = std::filesystem;
  ConfigureTorchThreads(options.threads);
  auto device = ParseDevice(options.device);
  if (!device.ok()) return device.status();
  std::string dtype_name =
      options.dtype.empty() ? (device->is_cuda() ? "bfloat16" : "float32") : options.dtype;
  auto dtype = ParseDtype(dtype_name);
  if (!dtype.ok()) return dtype.status();
  auto tokenizer = Tokenizer::Load((fs::path(dir) / "tokenizer.json").string());
  if (!tokenizer.ok()) return tokenizer.status();
  AgentSettings settings;
  fs::path agent = fs::path(dir) / "agent.json";
  if (fs::exists(agent)) {
    std::ifstream f(agent);
    auto j = nlohmann::json::parse(f, nullptr, false);
    if (j.is_discarded()) return InvalidArgument(agent.string() + " is not JSON");
    auto s = AgentSettings::FromJson(j);
    if (!s.ok()) return s.status();
    settings = *s;
  }
  auto model = LoadModel(dir, *device, *dtype);
  if (!model.ok()) return model.status();
  if (static_cast<int64_t>(tokenizer->vocab_size()) > (*model)->config().vocab_size) {
    return InvalidArgument("tokenizer has " + std::to_string(tokenizer->vocab_size()) +
                           " tokens but the model only " +
                           std::to_string((*model)->config().vocab_size));
  }
  return std::unique_ptr<Policy>(
      new ModelPolicy(dir, std::move(*model), std::move(*tokenizer), settings, options));
}

Status InitCheckpoint(const std::string& dir, const std::string& size,
                      const std::string& tokenizer_path, const AgentSettings& settings,
                      uint64_t seed) {
  namespace fs = std::filesystem;
  auto tokenizer = Tokenizer::Load(tokenizer_path);
  if (!tokenizer.ok()) return tokenizer.status();
  auto config = NamedConfig(size, static_cast<int64_t>(tokenizer->vocab_size()));
  if (!config.ok()) return config.status();
  TokenId end = tokenizer->Id(EndOfTurn(settings.chat_template));
  config->eos_token_id = end;
  Transformer model = NewModel(*config, seed);
  WA_RETURN_IF_ERROR(SaveModel(model, dir, torch::kFloat32));
  WA_RETURN_IF_ERROR(tokenizer->Save((fs::path(dir) / "tokenizer.json").string()));
  std::string agent = (fs::path(dir) / "agent.json").string();
  {
    std::ofstream f(agent + ".tmp");
    f << settings.ToJson().dump(2) << "\n";
    if (!f) return Internal("cannot write " + agent);
  }
  fs::rename(agent + ".tmp", agent);
  return Status::Ok();
}

}  // namespace wa
