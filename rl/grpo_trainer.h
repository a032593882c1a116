// M-GRPO training (reference sections 4.3 to 4.5): for each task a group of G trajectories, each
// in its own environment restored to the same start state; every round one batched generation
// call serves all live trajectories (finished ones leave); binary rewards from the task
// evaluators; group-normalised advantages; the clipped-ratio loss with a k3 KL to the frozen
// reference policy on the generated tokens of every turn, each turn's log-probabilities computed
// under exactly the context it was generated with.
//
// This is the synchronous (staleness 0) schedule: a batch is rolled out with the current policy,
// then used for `updates_per_batch` optimizer steps.
#ifndef WEBAGENT_RL_GRPO_TRAINER_H_
#define WEBAGENT_RL_GRPO_TRAINER_H_

#include <memory>
#include <string>
#include <vector>

#include "agent/agent_settings.h"
#include "rl/generate.h"
#include "rl/grpo.h"
#include "rl/train.h"
#include "sim/task.h"

namespace wa {

struct GrpoConfig {
  int group_size = 4;         // G
  int tasks_per_batch = 2;    // groups per rollout batch
  int max_turns = 15;         // the training interaction cap
  int updates_per_batch = 1;  // optimizer steps per rollout batch (ratio 1 on the first)
  int max_new_tokens = 64;
  float temperature = 1.0f;
  float top_p = 1.0f;
  size_t max_context = 1024;  // prompt + response tokens
  size_t micro_batch = 8;     // turns per forward pass in the update
  size_t env_threads = 2;
  ObservationType observation = ObservationType::kWebRL;
  GrpoLossOptions loss;
  uint64_t seed = 0;
};

struct RolloutTurn {
  std::vector<TokenId> context;   // the prompt as the model saw it
  std::vector<TokenId> response;  // generated tokens (a stop token included)
  std::vector<float> logprobs;    // at generation time
  std::string text;               // decoded response
  std::string action;             // what was executed
  std::string action_error;       // the environment's complaint, if any
  std::string url;                // page the turn acted on
  std::string observation;        // what the model saw
  std::string boxes;              // labelled elements of that page (PageBoxes, JSON)
};

struct Trajectory {
  size_t task = 0;  // index into the batch's task list
  int member = 0;   // index within its group
  std::vector<RolloutTurn> turns;
  float reward = 0;
  std::string answer;
  std::string explanation;  // evaluator verdict
};

struct GrpoStats {
  double loss = 0, kl = 0, clip_fraction = 0, grad_norm = 0, lr = 0;
  double reward_mean = 0, turns_mean = 0;
  int64_t tokens = 0;
  int trajectories = 0, groups_with_signal = 0;
  double rollout_s = 0, generate_s = 0, env_s = 0, learn_s = 0;
};

class GrpoTrainer {
 public:
  // `policy` is trained; `reference` is the frozen start point for the KL term (unused when
  // beta is 0).
  GrpoTrainer(Transformer policy, Transformer reference, const Tokenizer& tokenizer,
              AgentSettings settings, GrpoConfig config, OptimConfig optim);

  // Rolls out G trajectories for each task with the current policy.
  std::vector<Trajectory> Rollout(const std::vector<Task>& tasks, GrpoStats* stats);
  // Optimizer step(s) on a rolled-out batch.
  void Update(const std::vector<Trajectory>& batch, GrpoStats* stats);

  SupervisedTrainer& trainer() { return trainer_; }
  Transformer& policy() { return trainer_.model(); }

 private:
  const Tokenizer& tokenizer_;
  AgentSettings settings_;
  GrpoConfig config_;
  SupervisedTrainer trainer_;
  Transformer reference_;
  uint64_t rollouts_ = 0;
};

}  // namespace wa

#endif  // WEBAGENT_RL_GRPO_TRAINER_H_
