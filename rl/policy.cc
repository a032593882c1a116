#include "rl/policy.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include "agent/response.h"
#include "agent/tokenizer.h"
#include "rl/generate.h"
#include "rl/model.h"
#include "sim/file_util.h"
#include "sim/text.h"

namespace wa {

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
    gen_.temperature = options_.temperature >= 0 ? options_.temperature : settings_.temperature;
    gen_.top_p = options_.top_p >= 0 ? options_.top_p : settings_.top_p;
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

  Turn LastTurn(size_t slot) const override {
    if (slot >= last_.size()) return {};
    return {tokenizer_.Decode(last_[slot].first), last_[slot].second};
  }

  void Begin(size_t slot, const Task& task) override {
    if (turns_.size() <= slot) turns_.resize(slot + 1);
    if (task_ids_.size() <= slot) task_ids_.resize(slot + 1);
    turns_[slot].clear();
    task_ids_[slot] = task.task_id;
  }

  std::string Act(size_t slot, const Task& task, const StepResult& last, const Env&) override {
    std::vector<TokenId> prompt = Prompt(task.intent, turns_[slot], last.observation);
    GenerateOptions g = gen_;
    // Sampling seed from the policy's seed, the task and the turn: a task samples the same
    // episode whatever other tasks the list holds, in whatever order, and however many episodes
    // this policy ran before (a counter of episodes would tie it to all three).
    g.seed = options_.seed * 1000003ULL + static_cast<uint64_t>(task_ids_[slot]) * 131ULL +
             turns_[slot].size();
    Generation out = Generate(model_, {prompt}, g, &tokenizer_)[0];
    std::string response = ValidUtf8(tokenizer_.Decode(out.tokens, /*skip_special=*/true));
    if (last_.size() <= slot) last_.resize(slot + 1);
    last_[slot] = {std::move(prompt), response};
    ParsedResponse parsed = ParseResponse(response, settings_.format);
    turns_[slot].push_back({response, parsed.action, parsed.ok ? "" : parsed.error});
    return parsed.ok ? parsed.action : response;
  }

 private:
  std::vector<TokenId> Prompt(const std::string& intent, const std::vector<AgentTurn>& turns,
                              const std::string& observation) {
    return EncodeTurnPrompt(tokenizer_, settings_, static_cast<size_t>(max_tokens_),
                            static_cast<size_t>(gen_.max_new_tokens), intent, turns, observation);
  }

  std::string dir_;
  Transformer model_;
  Tokenizer tokenizer_;
  AgentSettings settings_;
  ModelPolicyOptions options_;
  GenerateOptions gen_;
  int max_tokens_ = 0;
  std::vector<int> task_ids_;  // per slot: the task of its episode (the sampling seed's)
  std::vector<std::vector<AgentTurn>> turns_;
  std::vector<std::pair<std::vector<TokenId>, std::string>> last_;  // per slot: prompt, response
};

}  // namespace

Result<std::unique_ptr<Policy>> MakeModelPolicy(const std::string& dir,
                                                const ModelPolicyOptions& options) {
  namespace fs = std::filesystem;
  if (options.temperature >= 0 && !(options.temperature > 0)) {
    return InvalidArgument("sampling temperature must be > 0 (use greedy decoding instead of 0)");
  }
  if (options.top_p >= 0 && !(options.top_p > 0 && options.top_p <= 1)) {
    return InvalidArgument("top-p must be in (0, 1], got " + std::to_string(options.top_p));
  }
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
                      uint64_t seed, int64_t copy_head_dim, int64_t copy_lookahead) {
  namespace fs = std::filesystem;
  auto tokenizer = Tokenizer::Load(tokenizer_path);
  if (!tokenizer.ok()) return tokenizer.status();
  auto config = NamedConfig(size, static_cast<int64_t>(tokenizer->vocab_size()));
  if (!config.ok()) return config.status();
  TokenId end = tokenizer->Id(EndOfTurn(settings.chat_template));
  config->eos_token_id = end;
  config->copy_head_dim = copy_head_dim;
  config->copy_lookahead = copy_lookahead;
  WA_RETURN_IF_ERROR(config->Validate());
  Transformer model = NewModel(*config, seed);
  WA_RETURN_IF_ERROR(SaveModel(model, dir, torch::kFloat32));
  WA_RETURN_IF_ERROR(tokenizer->Save((fs::path(dir) / "tokenizer.json").string()));
  return WriteFileAtomic((fs::path(dir) / "agent.json").string(), settings.ToJson().dump(2) + "\n");
}

}  // namespace wa
