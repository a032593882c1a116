// Where M-GRPO's learning signal comes from, per intent template. A group's advantages are its
// rewards minus their mean, so only a group whose members scored differently ("mixed") moves
// the policy. A template can be half solved on average and still give no signal: when the
// policy solves some of its tasks every time and the others never (success varies between
// tasks, not within a group), every group is uniform. The tally separates the two cases:
// per template, the groups that are mixed, all solved (every reward 1), all failed (every
// reward 0) or uniform at a partial reward, and the mean reward over its rollouts.
#ifndef WEBAGENT_RL_GROUP_OUTCOMES_H_
#define WEBAGENT_RL_GROUP_OUTCOMES_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wa {

struct GroupOutcomeCounts {
  int groups = 0;
  int mixed = 0;            // members' rewards differ: a non-zero advantage
  int all_solved = 0;       // every member rewarded 1
  int all_failed = 0;       // every member rewarded 0
  int uniform_partial = 0;  // every member the same reward strictly between 0 and 1
  int64_t rollouts = 0;
  double reward_sum = 0;

  double MeanReward() const { return rollouts > 0 ? reward_sum / rollouts : 0.0; }
};

class GroupOutcomeTally {
 public:
  // One group of rewards on a task of `template_id`. Empty groups are ignored.
  void Add(int template_id, const std::vector<double>& rewards);

  const std::map<int, GroupOutcomeCounts>& by_template() const { return by_template_; }
  GroupOutcomeCounts Total() const;

  // {"templates": {"<id>": {groups, mixed, all_solved, all_failed, uniform_partial, rollouts,
  // mean_reward}}, "total": {...}}
  nlohmann::json ToJson() const;
  // A plain-text table, one line per template and a total line.
  std::string Table() const;

 private:
  std::map<int, GroupOutcomeCounts> by_template_;
};

}  // namespace wa

#endif  // WEBAGENT_RL_GROUP_OUTCOMES_H_
