// M-GRPO training (reference sections 4.3 to 4.5): for each task a group of G trajectories, each
// in its own environment restored to the same start state; every round one batched generation
// call serves all live trajectories (finished ones leave); binary rewards from the task
// evaluators; group-normalised advantages; the clipped-ratio loss with a k3 KL to the frozen
// reference policy on the generated tokens of every turn, each turn's log-probabilities computed
// under exactly the context it was generated with.
//
// Rollouts run on the RolloutEngine (continuous batching, actor threads). Rollout + Update is
// the plain synchronous loop; Train runs the engine on its own thread ahead of the learner by
// at most `staleness` policy versions (0: synchronous on-policy) and logs the time split.
#ifndef WEBAGENT_RL_GRPO_TRAINER_H_
#define WEBAGENT_RL_GRPO_TRAINER_H_

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agent/agent_settings.h"
#include "rl/generate.h"
#include "rl/grpo.h"
#include "rl/rollout.h"
#include "rl/train.h"
#include "sim/task.h"

namespace wa {

// Under which context each turn's tokens are scored in the update.
enum class GrpoContext {
  kExact,           // each turn under exactly the prompt it was generated with (one row a turn)
  kSingleSequence,  // the reference code: one sequence per trajectory, every earlier observation
                    // compressed to the placeholder (section 4.4), the sampled tokens spliced
                    // in; cheaper (the pages are scored once), but turns are trained under
                    // another context than they were sampled in, so the importance ratio is
                    // taken against the first update's log-probs under that context
};
Result<GrpoContext> ParseGrpoContext(const std::string& name);  // exact, single

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
  int max_batch = 16;  // sequences per decode step
  int staleness = 0;   // Train: versions the rollouts may run ahead of the learner
  // Train: dynamic sampling (DAPO's). Groups whose G rewards are all equal have zero advantage
  // and carry no gradient (with beta 0); instead of updating on whatever share of the
  // tasks_per_batch groups happens to have signal, the learner keeps drawing groups until
  // tasks_per_batch of them have signal, or until it has drawn max_draw groups for this update,
  // and learns from the groups with signal only (all drawn groups still reach the callback).
  bool dynamic_sampling = false;
  int max_draw = 0;  // 0: 4 x tasks_per_batch
  ObservationType observation = ObservationType::kWebRL;
  GrpoContext context = GrpoContext::kExact;
  GrpoLossOptions loss;
  uint64_t seed = 0;       // sampling and reset seeds
  uint64_t site_seed = 0;  // site data generator seed of the tasks' sites
};

struct GrpoStats {
  double loss = 0, kl = 0, clip_fraction = 0, grad_norm = 0, lr = 0;
  double reward_mean = 0, turns_mean = 0;
  int64_t tokens = 0;
  int trajectories = 0, groups_with_signal = 0;
  int groups_drawn = 0;  // Train: groups rolled out for this update (> tasks with dynamic sampling)
  int skipped = 0;       // trajectories left out of the update (their sequence could not be built)
  double rollout_s = 0, generate_s = 0, env_s = 0, learn_s = 0;
  // Train only: the engine thread's idle time and the learner's wait for groups (seconds, this
  // update), the mean age in versions of the trajectories learned from, decode batch size.
  double engine_idle_s = 0, learner_idle_s = 0, staleness = 0, mean_batch = 0;
  int version = 0;
};

class GrpoTrainer {
 public:
  // `policy` is trained; `reference` is the frozen start point for the KL term (unused when
  // beta is 0).
  GrpoTrainer(Transformer policy, Transformer reference, const Tokenizer& tokenizer,
              AgentSettings settings, GrpoConfig config, OptimConfig optim);

  // Rolls out G trajectories for each task with the current policy (synchronous).
  std::vector<Trajectory> Rollout(const std::vector<Task>& tasks, GrpoStats* stats);
  // Optimizer step(s) on a rolled-out batch (groups are the trajectories sharing `group`).
  void Update(const std::vector<Trajectory>& batch, GrpoStats* stats);

  // Runs updates until the optimizer step reaches `steps`, each on `tasks_per_batch` groups
  // (updates_per_batch optimizer steps per batch) whose tasks come from `source` (by global
  // group index, Version() * tasks_per_batch + k, so a resumed run
  // continues the sequence; with dynamic sampling the next index is kept in the checkpoint's
  // trainer state). `on_update` sees each update's groups and statistics.
  using UpdateCallback = std::function<void(const std::vector<RolloutGroup>&, const GrpoStats&)>;
  void Train(int steps, const RolloutEngine::TaskSource& source, const UpdateCallback& on_update);

  SupervisedTrainer& trainer() { return trainer_; }
  Transformer& policy() { return trainer_.model(); }
  // The policy version: rollout batches learned from so far (optimizer steps divided by
  // updates_per_batch). Trajectories carry it, the staleness bound counts it, and without
  // dynamic sampling a resumed run's next group is Version() * tasks_per_batch.
  int Version() const { return trainer_.step() / std::max(1, config_.updates_per_batch); }

 private:
  const Tokenizer& tokenizer_;
  AgentSettings settings_;
  GrpoConfig config_;
  SupervisedTrainer trainer_;
  RolloutOptions EngineOptions() const;
  Transformer reference_;
  std::unique_ptr<RolloutEngine> engine_;  // synchronous Rollout's engine (on the policy)
  uint64_t groups_ = 0;                    // groups rolled out by Rollout
};

}  // namespace wa

#endif  // WEBAGENT_RL_GRPO_TRAINER_H_
