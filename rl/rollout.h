// The rollout engine of M-GRPO (reference section 4.5): groups of G trajectories, each in its own
// environment (VecEnv, stepped by actor threads) restored to the group's start state; one
// continuous batcher serves the generation requests of every live trajectory, so a trajectory
// whose turn finished leaves the decode batch at once, its environment steps on an actor thread
// while the batch goes on decoding, and its next prompt joins the batch one decode step later.
//
// Runs synchronously (Run: these tasks, these weights) or asynchronously on its own thread
// (Start / Next / Publish): groups are produced in index order for a learner; every trajectory
// carries the policy version it started under, and a group may only start while
//   published_version >= group_index / groups_per_update - staleness,
// so staleness 0 is synchronous on-policy training and staleness k lets rollouts run up to k
// updates ahead of the learner. New weights are taken between decode steps.
//
// Determinism: env results are collected exactly one decode step after they were sent, prompts
// enter the batcher in trajectory order, and every turn samples from its own seeded stream, so
// with staleness 0 (or Run) the trajectories depend only on the seed, never on thread timing.
#ifndef WEBAGENT_RL_ROLLOUT_H_
#define WEBAGENT_RL_ROLLOUT_H_

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "agent/agent_settings.h"
#include "rl/model.h"
#include "sim/observation.h"
#include "sim/task.h"

namespace wa {

struct RolloutOptions {
  int group_size = 4;  // G
  int max_turns = 15;  // interaction cap
  int max_new_tokens = 64;
  bool greedy = false;
  float temperature = 1.0f;
  float top_p = 1.0f;
  size_t max_context = 1024;  // prompt + response tokens
  size_t env_threads = 2;     // actor threads stepping the environments
  size_t max_live = 8;        // trajectories in flight (environments)
  int max_batch = 8;          // sequences per decode step
  ObservationType observation = ObservationType::kWebRL;
  uint64_t seed = 0;       // sampling and reset seeds
  uint64_t site_seed = 0;  // site data generator seed (the one the tasks were generated with)
  // Asynchronous mode.
  int staleness = 0;
  int groups_per_update = 1;
};

struct RolloutTurn {
  std::vector<TokenId> context;   // the prompt as the model saw it
  std::vector<TokenId> response;  // generated tokens (a stop token included)
  std::vector<float> logprobs;    // at generation time
  std::string text;               // decoded response
  std::string action;             // what was executed
  std::string action_error;       // the environment's complaint, if any
  std::string feedback;           // the parse error shown before the next round ("" if none)
  std::string url;                // page the turn acted on
  std::string observation;        // what the model saw
  std::string boxes;              // labelled elements of that page (PageBoxes, JSON)
};

struct Trajectory {
  size_t task = 0;         // index of the group in its batch
  int member = 0;          // index within its group
  uint64_t group = 0;      // global group index
  int policy_version = 0;  // weights version the trajectory started under
  std::string intent;      // the task's intent (prompts are rebuilt from it for training)
  std::vector<RolloutTurn> turns;
  float reward = 0;
  std::string answer;
  std::string explanation;  // evaluator verdict (or why the episode could not run)
};

struct RolloutGroup {
  uint64_t index = 0;
  Task task;
  uint64_t reset_seed = 0;  // every member's Env::Reset seed
  int policy_version = 0;
  std::vector<Trajectory> members;
};

// Where the engine thread's time went (seconds) and what it produced.
struct RolloutTimes {
  double generate_s = 0;  // prefill + decode
  double env_s = 0;       // waiting for environment steps not hidden behind a decode step,
                          // plus building the next prompts
  double idle_s = 0;      // nothing to do: waiting for new weights (staleness bound)
  double wall_s = 0;
  int64_t decode_steps = 0, generated_tokens = 0, turns = 0;
  double mean_batch = 0;  // running sequences per decode step
};

class RolloutEngine {
 public:
  // `actor` generates; it may be the learner's own model when nothing runs concurrently.
  RolloutEngine(Transformer actor, const Tokenizer& tokenizer, AgentSettings settings,
                RolloutOptions options);
  ~RolloutEngine();
  RolloutEngine(const RolloutEngine&) = delete;
  RolloutEngine& operator=(const RolloutEngine&) = delete;

  // One group per task, with global indices first_group, first_group + 1, ...; blocks.
  std::vector<RolloutGroup> Run(const std::vector<Task>& tasks, uint64_t first_group, int version);

  // Asynchronous: a thread produces groups first_group, first_group + 1, ... with tasks from
  // `source`, starting under weights `version`.
  using TaskSource = std::function<Task(uint64_t group_index)>;
  void Start(TaskSource source, uint64_t first_group, int version);
  // The next group in index order; blocks (the learner's idle time).
  RolloutGroup Next();
  // New weights for the actor (taken between decode steps). Empty weights: the actor already
  // holds them (it is the learner's model), only the version moves.
  void Publish(TensorMap weights, int version);
  // Replaces the version gate (group n starts once version >= n / groups_per_update -
  // staleness) by an explicit one: groups below `end_group` may start. Dynamic sampling uses it,
  // since the number of groups an update consumes then varies. Grants only grow.
  void Grant(uint64_t end_group);
  void Stop();

  RolloutTimes times() const;

 private:
  struct Live;
  void Loop(const TaskSource& source, uint64_t first_group, std::optional<uint64_t> end_group,
            const std::function<void(RolloutGroup)>& deliver);

  Transformer actor_;
  const Tokenizer& tokenizer_;
  AgentSettings settings_;
  RolloutOptions options_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
  bool stop_ = false;
  int version_ = 0;  // newest published version
  std::optional<TensorMap> pending_weights_;
  std::optional<uint64_t> granted_;  // set by Grant
  std::map<uint64_t, RolloutGroup> ready_;
  uint64_t next_out_ = 0;
  std::string error_;
  RolloutTimes times_;
};

}  // namespace wa

#endif  // WEBAGENT_RL_ROLLOUT_H_
