// Supervised training of the policy model: language-model pretraining on simulator text (the
// base model) and behaviour cloning on oracle demonstrations rendered in exactly the inference
// prompt format (compressed context), both as cross-entropy on the response tokens only; AdamW
// with gradient clipping and a warm-up + cosine schedule; checkpoints with optimizer and step
// state written atomically so that a killed run resumes.
#ifndef WEBAGENT_RL_TRAIN_H_
#define WEBAGENT_RL_TRAIN_H_

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agent/agent_settings.h"
#include "agent/demonstrations.h"
#include "rl/model.h"

namespace wa {

// One training sequence: the loss covers `response` only (its log-likelihood given `context`).
struct TrainExample {
  std::vector<TokenId> context;
  std::vector<TokenId> response;
  int template_id = -1;  // BC: the intent template of its demonstration (-1: none)
  int demo = -1;         // BC: the index of its demonstration in BuildBcExamples' input
  // BC: indices into `response` of the tokens that spell the action's element id (the value of
  // its last element="..."), ascending; empty when the action names no element.
  std::vector<int32_t> element_tokens;
};

// The indices of the response tokens whose decoded text overlaps the value of the last
// `element="..."` in the decoded response (the element the action targets), ascending.
std::vector<int32_t> ElementTokens(const Tokenizer& tokenizer,
                                   const std::vector<TokenId>& response);

// One example per step of every successful demonstration: the prompt the policy would have seen
// at that turn (earlier observations compressed, earlier responses as the oracle's) and the
// oracle's response in the settings' format plus the end-of-turn token.
// With `long_thoughts` (R1-CoT) the responses carry LongThoughtResponse's reasoning.
// A page too long for the budget is cut to leave room for this example's response; inference
// leaves room for its whole response budget, so there the cut may fall up to that many tokens
// earlier. Reserving the whole budget here too was measured: in the quickstart the mini model then
// lost the copy of the first word of names and notes, and BC's test success fell from 36.7% to
// 3.3% (README, "Why the forms give M-GRPO no signal").
std::vector<TrainExample> BuildBcExamples(const std::vector<Demonstration>& demos,
                                          const Tokenizer& tokenizer, const AgentSettings& settings,
                                          size_t max_tokens, bool long_thoughts = false);

// Language-model examples: the texts tokenized, concatenated with an end-of-text separator and
// cut into windows of `window` tokens (the first token of each window is its context).
std::vector<TrainExample> BuildLmExamples(const std::vector<std::string>& texts,
                                          const Tokenizer& tokenizer, size_t window);

struct OptimConfig {
  double lr = 1e-3;
  double min_lr_ratio = 0.1;  // cosine floor as a fraction of lr
  int warmup_steps = 10;
  int total_steps = 100;  // for the schedule
  double weight_decay = 0.01;
  double beta1 = 0.9, beta2 = 0.95;
  double grad_clip = 1.0;
  // Supervised stages with a copy head: weight of an auxiliary loss -log c(token) on the response
  // tokens the copy head could produce (copy distribution alone, gate ignored). It trains the
  // pointer to find copyable tokens even where the gate currently prefers the output head, which
  // otherwise can settle on guessing a value's first word from the prior. 0 turns it off.
  double copy_loss = 0;
  // Behaviour cloning: weight of the element-id tokens (TrainExample::element_tokens) in the
  // cross-entropy, every other response token weighing 1; the loss is the weighted mean. The
  // element id is one or two of an example's 20 to 40 response tokens but it is the decision the
  // task turns on (which radio button, which item), so at weight 1 a wrong id costs the mean
  // loss almost nothing. 1: plain token mean.
  double element_weight = 1;
};

// The learning rate at a step: linear warm-up, then cosine to min_lr_ratio * lr.
double ScheduledLr(const OptimConfig& c, int step);

struct StepStats {
  double loss = 0;  // mean token cross-entropy, element_weight applied (copy loss not included)
  double copy_loss = 0;  // mean -log c over copyable tokens (OptimConfig::copy_loss > 0 only)
  double grad_norm = 0;
  double lr = 0;
  int64_t tokens = 0;
  // Step: each example's mean token loss (element_weight applied), in batch order.
  std::vector<double> example_losses;
};

// Template balancing for behaviour cloning: how many times to repeat each example so that every
// intent template contributes about as many demonstrations as the template with the most. The
// examples of a template with n demonstrations (distinct `demo` values) are repeated
// round(largest / n) times, at most `max_repeat`; examples without a template (-1) and all
// examples when `max_repeat` <= 1 are repeated once. A site whose parameter space is small (the
// fixture has 25 items, so its price question has 17 training instantiations where the note task
// has 60) otherwise teaches its rare skills with a fraction of the updates.
std::vector<int> TemplateBalanceRepeats(const std::vector<TrainExample>& examples, int max_repeat);

// Chooses the examples of each supervised step. Without `hard_fraction` it walks the examples in
// order (the caller shuffles them once). With it, that share of every batch is drawn at random
// with probability proportional to each example's last measured mean token loss (examples not yet
// measured weigh as much as the largest), so that the rare steps the model still gets wrong (an
// argument copied from the task, an element chosen by it) come back more often than the many it
// already predicts. The draw depends only on the seed, the step and the recorded losses, and the
// sampler's state round-trips through JSON, so a resumed run draws the same batches.
class BatchSampler {
 public:
  BatchSampler(size_t examples, double hard_fraction, uint64_t seed);
  // The example indices of step `step` (0-based) for a batch of `batch`.
  std::vector<size_t> Next(int step, size_t batch) const;
  // Records the losses Step measured for the examples Next returned.
  void Record(const std::vector<size_t>& indices, const std::vector<double>& losses);
  nlohmann::json ToJson() const;
  Status FromJson(const nlohmann::json& j);
  size_t HardCount(size_t batch) const;

 private:
  size_t n_;
  double hard_fraction_;
  uint64_t seed_;
  std::vector<double> loss_;  // < 0: not measured yet
};

// Completes or discards a checkpoint write that a killed run left in `dir` (Save and Load call
// it first).
Status RecoverCheckpoint(const std::string& dir);

class SupervisedTrainer {
 public:
  SupervisedTrainer(Transformer model, OptimConfig config);
  // One optimizer step on a batch (mean token cross-entropy over the batch's response tokens),
  // split into micro-batches of `micro_batch` examples whose gradients accumulate.
  StepStats Step(const std::vector<TrainExample>& batch, size_t micro_batch = 4);
  // One optimizer step with a caller-supplied loss: `accumulate` runs the backward passes (its
  // gradients add up) and returns the loss value to report. Schedule, clipping and the step
  // counter as for Step.
  StepStats StepWith(const std::function<double()>& accumulate);
  // Mean token cross-entropy without updating (every token weighing 1, whatever element_weight).
  double Evaluate(const std::vector<TrainExample>& examples, size_t micro_batch = 4);
  // Teacher-forced probability of each example's element id (the product of the probabilities
  // of its element_tokens given the prompt and the response before them), in example order; 1
  // for an example whose action names no element. Without updating.
  std::vector<double> ElementProbabilities(const std::vector<TrainExample>& examples,
                                           size_t micro_batch = 8);

  // dir/: config.json, model.safetensors, optimizer.pt, trainer.json (step), committed with a
  // journal (RecoverCheckpoint): a checkpoint is either the old one or the new one, never a mix,
  // and the other files of the directory (tokenizer.json, agent.json, a running job's metrics and
  // episode store, still open for writing) are left where they are.
  Status Save(const std::string& dir);
  // Restores model weights, optimizer state and step from Save's directory.
  Status Load(const std::string& dir);

  Transformer& model() { return model_; }
  int step() const { return step_; }
  // Caller state saved in trainer.json with the checkpoint and restored by Load (a batch
  // sampler's), so that it commits together with the weights.
  void set_extra_state(nlohmann::json j) { extra_state_ = std::move(j); }
  const nlohmann::json& extra_state() const { return extra_state_; }

 private:
  Transformer model_;
  OptimConfig config_;
  std::unique_ptr<torch::optim::AdamW> optimizer_;
  int step_ = 0;
  nlohmann::json extra_state_;
};

}  // namespace wa

#endif  // WEBAGENT_RL_TRAIN_H_
