#include "rl/group_outcomes.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace wa {
namespace {

nlohmann::json CountsJson(const GroupOutcomeCounts& c) {
  return {{"groups", c.groups},
          {"mixed", c.mixed},
          {"all_solved", c.all_solved},
          {"all_failed", c.all_failed},
          {"uniform_partial", c.uniform_partial},
          {"rollouts", c.rollouts},
          {"mean_reward", c.MeanReward()}};
}

std::string Row(const std::string& name, const GroupOutcomeCounts& c) {
  return fmt::format("{:>10} {:>7} {:>9} {:>6.3f} {:>6} {:>11} {:>11} {:>8}\n", name, c.groups,
                     c.rollouts, c.MeanReward(), c.mixed, c.all_solved, c.all_failed,
                     c.uniform_partial);
}

}  // namespace

void GroupOutcomeTally::Add(int template_id, const std::vector<double>& rewards) {
  if (rewards.empty()) return;
  GroupOutcomeCounts& c = by_template_[template_id];
  const auto [lo, hi] = std::minmax_element(rewards.begin(), rewards.end());
  ++c.groups;
  // Exact comparisons, as the trainer counts a group with signal (any two rewards differ).
  if (*hi != *lo) {
    ++c.mixed;
  } else if (*lo >= 1.0) {
    ++c.all_solved;
  } else if (*hi <= 0.0) {
    ++c.all_failed;
  } else {
    ++c.uniform_partial;
  }
  c.rollouts += static_cast<int64_t>(rewards.size());
  for (double r : rewards) c.reward_sum += r;
}

GroupOutcomeCounts GroupOutcomeTally::Total() const {
  GroupOutcomeCounts t;
  for (const auto& [id, c] : by_template_) {
    t.groups += c.groups;
    t.mixed += c.mixed;
    t.all_solved += c.all_solved;
    t.all_failed += c.all_failed;
    t.uniform_partial += c.uniform_partial;
    t.rollouts += c.rollouts;
    t.reward_sum += c.reward_sum;
  }
  return t;
}

nlohmann::json GroupOutcomeTally::ToJson() const {
  nlohmann::json templates = nlohmann::json::object();
  for (const auto& [id, c] : by_template_) templates[std::to_string(id)] = CountsJson(c);
  return {{"templates", templates}, {"total", CountsJson(Total())}};
}

std::string GroupOutcomeTally::Table() const {
  std::string out =
      fmt::format("{:>10} {:>7} {:>9} {:>6} {:>6} {:>11} {:>11} {:>8}\n", "template", "groups",
                  "rollouts", "reward", "mixed", "all solved", "all failed", "uniform");
  for (const auto& [id, c] : by_template_) out += Row(std::to_string(id), c);
  out += Row("total", Total());
  return out;
}

}  // namespace wa
