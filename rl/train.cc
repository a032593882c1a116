#include "rl/train.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string_view>

#include "rl/generate.h"
#include "sim/file_util.h"
#include "sim/rng.h"

namespace wa {

std::vector<int32_t> ElementTokens(const Tokenizer& tokenizer,
                                   const std::vector<TokenId>& response) {
  std::string text;
  std::vector<size_t> starts;
  for (TokenId id : response) {
    starts.push_back(text.size());
    text += tokenizer.DecodeOne(id);
  }
  std::vector<int32_t> out;
  static constexpr std::string_view kKey = "element=\"";
  size_t key = text.rfind(kKey);
  if (key == std::string::npos) return out;
  size_t begin = key + kKey.size();
  size_t end = text.find('"', begin);
  if (end == std::string::npos || end == begin) return out;
  for (size_t k = 0; k < response.size(); ++k) {
    size_t a = starts[k], b = k + 1 < starts.size() ? starts[k + 1] : text.size();
    if (a < end && b > begin) out.push_back(static_cast<int32_t>(k));
  }
  return out;
}

std::vector<TrainExample> BuildBcExamples(const std::vector<Demonstration>& demos,
                                          const Tokenizer& tokenizer, const AgentSettings& settings,
                                          size_t max_tokens, bool long_thoughts) {
  std::vector<TrainExample> out;
  for (size_t di = 0; di < demos.size(); ++di) {
    const Demonstration& d = demos[di];
    if (d.score < 1.0f) continue;
    std::vector<AgentTurn> turns;
    for (size_t k = 0; k < d.steps.size(); ++k) {
      const DemoStep& s = d.steps[k];
      std::string response = long_thoughts && settings.format == PromptFormat::kThink
                                 ? LongThoughtResponse(d, k)
                                 : DemoResponse(s.oracle_text, settings.format);
      TrainExample ex;
      ex.response = EncodeResponse(tokenizer, settings, response);
      ex.context = EncodeTurnPrompt(tokenizer, settings, max_tokens, ex.response.size(),
                                    d.task.intent, turns, s.observation);
      ex.template_id = d.task.intent_template_id;
      ex.demo = static_cast<int>(di);
      ex.element_tokens = ElementTokens(tokenizer, ex.response);
      out.push_back(std::move(ex));
      std::string action = s.oracle_text.substr(
          s.oracle_text.rfind('\n') == std::string::npos ? 0 : s.oracle_text.rfind('\n') + 1);
      turns.push_back({response, action, ""});
    }
  }
  return out;
}

std::vector<int> TemplateBalanceRepeats(const std::vector<TrainExample>& examples, int max_repeat) {
  std::vector<int> repeats(examples.size(), 1);
  if (max_repeat <= 1) return repeats;
  std::map<int, std::set<int>> demos;  // template -> its demonstrations
  for (const TrainExample& e : examples) {
    if (e.template_id >= 0) demos[e.template_id].insert(e.demo);
  }
  size_t largest = 0;
  for (const auto& [id, set] : demos) largest = std::max(largest, set.size());
  std::map<int, int> per_template;
  for (const auto& [id, set] : demos) {
    double ratio = static_cast<double>(largest) / static_cast<double>(set.size());
    per_template[id] = std::clamp(static_cast<int>(std::lround(ratio)), 1, max_repeat);
  }
  for (size_t i = 0; i < examples.size(); ++i) {
    if (examples[i].template_id >= 0) repeats[i] = per_template[examples[i].template_id];
  }
  return repeats;
}

std::vector<TrainExample> BuildLmExamples(const std::vector<std::string>& texts,
                                          const Tokenizer& tokenizer, size_t window) {
  std::vector<TokenId> stream;
  TokenId sep = tokenizer.Id("<|endoftext|>");
  for (const std::string& t : texts) {
    std::vector<TokenId> ids = tokenizer.Encode(t, /*parse_special=*/false);
    stream.insert(stream.end(), ids.begin(), ids.end());
    if (sep >= 0) stream.push_back(sep);
  }
  std::vector<TrainExample> out;
  window = std::max<size_t>(window, 2);
  for (size_t i = 0; i + window <= stream.size(); i += window) {
    TrainExample ex;
    ex.context.assign(stream.begin() + static_cast<std::ptrdiff_t>(i),
                      stream.begin() + static_cast<std::ptrdiff_t>(i + 1));
    ex.response.assign(stream.begin() + static_cast<std::ptrdiff_t>(i + 1),
                       stream.begin() + static_cast<std::ptrdiff_t>(i + window));
    out.push_back(std::move(ex));
  }
  return out;
}

double ScheduledLr(const OptimConfig& c, int step) {
  if (step < c.warmup_steps) return c.lr * (step + 1) / std::max(1, c.warmup_steps);
  double span = std::max(1, c.total_steps - c.warmup_steps);
  double progress = std::min(1.0, (step - c.warmup_steps) / span);
  double floor = c.min_lr_ratio;
  return c.lr * (floor + (1 - floor) * 0.5 * (1 + std::cos(M_PI * progress)));
}

SupervisedTrainer::SupervisedTrainer(Transformer model, OptimConfig config)
    : model_(std::move(model)), config_(config) {
  optimizer_ = std::make_unique<torch::optim::AdamW>(model_->parameters(),
                                                     torch::optim::AdamWOptions(config_.lr)
                                                         .betas({config_.beta1, config_.beta2})
                                                         .weight_decay(config_.weight_decay));
}

namespace {

// The weight of each response token: 1, or `element_weight` on the element-id tokens.
double WeightedTokens(const TrainExample& e, double element_weight) {
  return static_cast<double>(e.response.size()) +
         (element_weight - 1.0) * static_cast<double>(e.element_tokens.size());
}

// Sum of response-token negative log-likelihoods (element-id tokens weighted by
// `element_weight`) for a micro-batch; with `per_example`, each example's weighted mean token
// loss is appended to it. With `copy_nll` (copy head only), it receives the sum of -log c over the
// copyable response tokens and `copy_tokens` their count.
torch::Tensor Nll(Transformer& model, const std::vector<TrainExample>& batch, size_t begin,
                  size_t end, double element_weight, std::vector<double>* per_example = nullptr,
                  torch::Tensor* copy_nll = nullptr, int64_t* copy_tokens = nullptr) {
  std::vector<ScoreRequest> req;
  for (size_t i = begin; i < end; ++i) req.push_back({batch[i].context, batch[i].response});
  ScoreTensors s = ScoreBatch(model, req);
  torch::Tensor weights = s.mask;
  if (element_weight != 1.0) {
    torch::Tensor w = torch::ones_like(s.mask, torch::TensorOptions().device(torch::kCPU));
    auto acc = w.accessor<float, 2>();
    for (size_t i = begin; i < end; ++i) {
      for (int32_t k : batch[i].element_tokens) {
        if (k < acc.size(1))
          acc[static_cast<int64_t>(i - begin)][k] = static_cast<float>(element_weight);
      }
    }
    weights = s.mask * w.to(s.mask.device());
  }
  torch::Tensor rows = -(s.logprobs * weights).sum(1);
  if (copy_nll != nullptr && s.copy_logprobs.defined()) {
    *copy_nll = -s.copy_logprobs.sum();
    *copy_tokens = static_cast<int64_t>(s.copyable.sum().item<double>());
  }
  if (per_example != nullptr) {
    torch::Tensor r = rows.detach().to(torch::kCPU, torch::kFloat64);
    for (size_t i = begin; i < end; ++i) {
      per_example->push_back(r[static_cast<int64_t>(i - begin)].item<double>() /
                             std::max(1.0, WeightedTokens(batch[i], element_weight)));
    }
  }
  return rows.sum();
}

}  // namespace

StepStats SupervisedTrainer::Step(const std::vector<TrainExample>& batch, size_t micro_batch) {
  int64_t total = 0;
  double weighted = 0;
  for (const TrainExample& e : batch) {
    total += static_cast<int64_t>(e.response.size());
    weighted += WeightedTokens(e, config_.element_weight);
  }
  micro_batch = std::max<size_t>(1, micro_batch);
  std::vector<double> per_example;
  const bool with_copy = config_.copy_loss > 0 && model_->has_copy_head();
  double copy_sum = 0;
  int64_t copy_count = 0;
  StepStats st = StepWith([&] {
    double loss_sum = 0;
    const double denom = std::max(1.0, weighted);
    for (size_t b = 0; b < batch.size(); b += micro_batch) {
      torch::Tensor copy_nll;
      int64_t copy_tokens = 0;
      torch::Tensor nll =
          Nll(model_, batch, b, std::min(batch.size(), b + micro_batch), config_.element_weight,
              &per_example, with_copy ? &copy_nll : nullptr, &copy_tokens);
      torch::Tensor loss = nll / denom;
      if (with_copy && copy_nll.defined()) {
        // Normalised by all response tokens, like the cross-entropy, so the weight is relative.
        loss = loss + config_.copy_loss * copy_nll / denom;
        copy_sum += copy_nll.item<double>();
        copy_count += copy_tokens;
      }
      loss.backward();
      loss_sum += nll.item<double>();
    }
    return loss_sum / denom;
  });
  st.tokens = total;
  if (copy_count > 0) st.copy_loss = copy_sum / static_cast<double>(copy_count);
  st.example_losses = std::move(per_example);
  return st;
}

BatchSampler::BatchSampler(size_t examples, double hard_fraction, uint64_t seed)
    : n_(std::max<size_t>(1, examples)),
      hard_fraction_(std::clamp(hard_fraction, 0.0, 1.0)),
      seed_(seed),
      loss_(n_, -1.0) {}

size_t BatchSampler::HardCount(size_t batch) const {
  return static_cast<size_t>(std::llround(hard_fraction_ * static_cast<double>(batch)));
}

std::vector<size_t> BatchSampler::Next(int step, size_t batch) const {
  const size_t hard = HardCount(batch), plain = batch - hard;
  std::vector<size_t> out;
  out.reserve(batch);
  // The in-order share: a cursor that depends only on the step.
  const size_t cursor = static_cast<size_t>(std::max(0, step)) * plain;
  for (size_t j = 0; j < plain; ++j) out.push_back((cursor + j) % n_);
  if (hard == 0) return out;
  double top = 0;
  for (double l : loss_) top = std::max(top, l);
  if (top <= 0) top = 1;
  std::vector<double> cumulative(n_);
  double sum = 0;
  for (size_t i = 0; i < n_; ++i) {
    sum += (loss_[i] < 0 ? top : loss_[i]) + 1e-6;
    cumulative[i] = sum;
  }
  Rng rng = Rng(seed_).Split("hard").Split(static_cast<uint64_t>(step));
  for (size_t j = 0; j < hard; ++j) {
    double u = rng.UniformDouble() * sum;
    size_t i = static_cast<size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u) -
                                   cumulative.begin());
    out.push_back(std::min(i, n_ - 1));
  }
  return out;
}

void BatchSampler::Record(const std::vector<size_t>& indices, const std::vector<double>& losses) {
  for (size_t k = 0; k < indices.size() && k < losses.size(); ++k) {
    if (indices[k] < n_ && std::isfinite(losses[k])) loss_[indices[k]] = std::max(0.0, losses[k]);
  }
}

nlohmann::json BatchSampler::ToJson() const {
  return {{"examples", n_}, {"hard_fraction", hard_fraction_}, {"losses", loss_}};
}

Status BatchSampler::FromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("losses") || !j["losses"].is_array()) {
    return InvalidArgument("batch sampler state: no losses");
  }
  if (j.value("examples", size_t{0}) != n_ || j["losses"].size() != n_) {
    return InvalidArgument("batch sampler state: saved for " + std::to_string(j["losses"].size()) +
                           " examples, the run has " + std::to_string(n_));
  }
  std::vector<double> l;
  for (const auto& v : j["losses"]) {
    if (!v.is_number()) return InvalidArgument("batch sampler state: a loss is not a number");
    l.push_back(v.get<double>());
  }
  loss_ = std::move(l);
  return Status::Ok();
}

StepStats SupervisedTrainer::StepWith(const std::function<double()>& accumulate) {
  StepStats st;
  model_->train();
  st.lr = ScheduledLr(config_, step_);
  for (auto& group : optimizer_->param_groups()) {
    static_cast<torch::optim::AdamWOptions&>(group.options()).lr(st.lr);
  }
  optimizer_->zero_grad();
  st.loss = accumulate();
  st.grad_norm = torch::nn::utils::clip_grad_norm_(model_->parameters(), config_.grad_clip);
  optimizer_->step();
  ++step_;
  return st;
}

double SupervisedTrainer::Evaluate(const std::vector<TrainExample>& examples, size_t micro_batch) {
  torch::NoGradGuard ng;
  model_->eval();
  double sum = 0;
  int64_t total = 0;
  micro_batch = std::max<size_t>(1, micro_batch);
  for (size_t b = 0; b < examples.size(); b += micro_batch) {
    size_t e = std::min(examples.size(), b + micro_batch);
    sum += Nll(model_, examples, b, e, 1.0).item<double>();
    for (size_t i = b; i < e; ++i) total += static_cast<int64_t>(examples[i].response.size());
  }
  return sum / static_cast<double>(std::max<int64_t>(1, total));
}

std::vector<double> SupervisedTrainer::ElementProbabilities(
    const std::vector<TrainExample>& examples, size_t micro_batch) {
  torch::NoGradGuard ng;
  model_->eval();
  std::vector<double> out;
  micro_batch = std::max<size_t>(1, micro_batch);
  for (size_t b = 0; b < examples.size(); b += micro_batch) {
    size_t e = std::min(examples.size(), b + micro_batch);
    std::vector<ScoreRequest> req;
    for (size_t i = b; i < e; ++i) req.push_back({examples[i].context, examples[i].response});
    torch::Tensor lp = ScoreBatch(model_, req).logprobs.to(torch::kCPU, torch::kFloat64);
    auto acc = lp.accessor<double, 2>();
    for (size_t i = b; i < e; ++i) {
      double sum = 0;
      for (int32_t k : examples[i].element_tokens) sum += acc[static_cast<int64_t>(i - b)][k];
      out.push_back(std::exp(sum));
    }
  }
  return out;
}

namespace {

// A checkpoint is committed into its directory with a journal, so that the directory itself
// (which also holds a running job's metrics and episode store, open for writing) is never
// replaced: the new files are written to dir/.checkpoint.tmp/, the marker dir/.checkpoint.commit
// is created (the commit point), the files are renamed into dir one by one, then the marker is
// removed. A run killed before the marker leaves the old checkpoint intact (the staging folder
// is discarded); one killed after it is rolled forward by RecoverCheckpoint.
constexpr const char* kStaging = ".checkpoint.tmp";
constexpr const char* kCommitMarker = ".checkpoint.commit";

Status FinishCommit(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path staging = dir / kStaging;
  if (fs::exists(staging, ec)) {
    for (const auto& entry : fs::directory_iterator(staging, ec)) {
      fs::rename(entry.path(), dir / entry.path().filename(), ec);
      if (ec) return Internal("cannot install " + entry.path().string() + ": " + ec.message());
    }
    fs::remove_all(staging, ec);
  }
  fs::remove(dir / kCommitMarker, ec);
  if (ec) return Internal("cannot finish the checkpoint commit: " + ec.message());
  return Status::Ok();
}

}  // namespace

Status RecoverCheckpoint(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(fs::path(dir) / kCommitMarker, ec)) return FinishCommit(dir);
  fs::remove_all(fs::path(dir) / kStaging, ec);  // an uncommitted write: the old one stands
  return Status::Ok();
}

Status SupervisedTrainer::Save(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  WA_RETURN_IF_ERROR(RecoverCheckpoint(dir));
  const fs::path staging = fs::path(dir) / kStaging;
  WA_RETURN_IF_ERROR(SaveModel(model_, staging.string(), torch::kFloat32));
  try {
    torch::save(*optimizer_, (staging / "optimizer.pt").string());
  } catch (const c10::Error& e) {
    return Internal(std::string("saving the optimizer: ") + e.what_without_backtrace());
  }
  WA_RETURN_IF_ERROR(WriteFileAtomic(
      (staging / "trainer.json").string(),
      nlohmann::json{{"step", step_}, {"lr", config_.lr}, {"state", extra_state_}}.dump(2) + "\n"));
  WA_RETURN_IF_ERROR(WriteFileAtomic((fs::path(dir) / kCommitMarker).string(), "commit\n"));
  return FinishCommit(dir);
}

Status SupervisedTrainer::Load(const std::string& dir) {
  namespace fs = std::filesystem;
  WA_RETURN_IF_ERROR(RecoverCheckpoint(dir));
  auto tensors = ReadCheckpointTensors(dir);
  if (!tensors.ok()) return tensors.status();
  WA_RETURN_IF_ERROR(model_->LoadWeights(*tensors));
  fs::path opt = fs::path(dir) / "optimizer.pt";
  if (fs::exists(opt)) {
    try {
      torch::load(*optimizer_, opt.string());
    } catch (const c10::Error& e) {
      return Internal(std::string("loading the optimizer: ") + e.what_without_backtrace());
    }
  }
  std::ifstream f(fs::path(dir) / "trainer.json");
  if (f) {
    auto j = nlohmann::json::parse(f, nullptr, false);
    if (!j.is_discarded()) {
      step_ = j.value("step", 0);
      extra_state_ = j.value("state", nlohmann::json());
    }
  }
  return Status::Ok();
}

}  // namespace wa
