// The order in which M-GRPO draws its training tasks. The learner and the rollout engine ask
// for group j's task by its global index, so the schedule is a pure function of j (a resumed or
// asynchronous run draws exactly the same tasks).
//
//   kShuffled:  one seeded shuffle of the training tasks, cycled. Each template gets groups in
//               proportion to its number of training tasks.
//   kTemplate:  every intent template the same share of the groups, whatever its task count.
//   kWeighted:  template t gets a share w_t / sum(w) of the groups (explicit weights, or ones
//               estimated from the starting policy's success: see LearnabilityWeights).
// For the last two, the tasks are the same shuffle split by template (templates in order of
// their first task in the shuffle); a fixed cycle of template slots, laid out by smooth weighted
// round-robin so that every stretch of groups holds each template close to its share, assigns
// group j to a template, and each template's draws walk through its own tasks in shuffled
// order. So a template with many instances but a rare reward (one the policy almost never
// solves) need not take most rollouts from the templates whose groups carry signal.
#ifndef WEBAGENT_RL_TASK_SCHEDULE_H_
#define WEBAGENT_RL_TASK_SCHEDULE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sim/status.h"
#include "sim/task.h"

namespace wa {

enum class TaskOrder { kShuffled, kTemplate, kWeighted };

class TaskSchedule {
 public:
  // `tasks` must not be empty; `seed` seeds the shuffle. kWeighted takes `weights` (template id
  // -> weight >= 0; templates left out weigh 0, so their tasks are never drawn); at least one
  // template of `tasks` must weigh more than 0. Other orders ignore `weights`.
  static Result<TaskSchedule> Make(std::vector<Task> tasks, TaskOrder order, uint64_t seed,
                                   const std::map<int, double>& weights = {});

  const Task& At(uint64_t group_index) const;
  size_t size() const { return tasks_.size(); }
  // The templates of the tasks, in slot order (first appearance in the shuffle).
  const std::vector<int>& templates() const { return templates_; }
  // Share of the groups template `id` gets (0 when it is never drawn).
  double Share(int id) const;
  // Up to `per_template` tasks of each template (its first ones in shuffled order).
  std::vector<Task> Sample(size_t per_template) const;

 private:
  TaskSchedule() = default;
  bool shuffled_ = false;    // kShuffled: group j takes the (j mod size)-th shuffled task
  std::vector<Task> tasks_;  // shuffled
  std::vector<int> templates_;
  std::vector<std::vector<size_t>> buckets_;  // per template: indices into tasks_
  // One cycle of slots: which bucket, and how many earlier slots of the cycle it holds.
  std::vector<size_t> slot_bucket_, slot_occurrence_;
  std::vector<uint64_t> per_cycle_;  // slots of each bucket in one cycle
};

Result<TaskOrder> ParseTaskOrder(const std::string& name);  // shuffled, template, weighted
// "90001=2,90003=1" -> {90001: 2, 90003: 1}; weights must be finite and >= 0.
Result<std::map<int, double>> ParseTemplateWeights(const std::string& text);

// Per-template weights from the rewards of probe rollouts with the starting policy: p (1 - p)
// + floor, p the template's mean reward, so templates whose groups are most likely to mix
// successes and failures (and so carry a gradient) are drawn most, and never-solved or
// always-solved ones rarely. `rewards` maps template id -> rewards of its probe trajectories.
std::map<int, double> LearnabilityWeights(const std::map<int, std::vector<float>>& rewards,
                                          double floor = 0.02);

}  // namespace wa

#endif  // WEBAGENT_RL_TASK_SCHEDULE_H_
