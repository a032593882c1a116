#include "rl/task_schedule.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "sim/rng.h"

namespace wa {
namespace {

// Length of the slot cycle of the weighted order: long enough that shares are within 1/1024
// of the weights, short enough to build in no time.
constexpr size_t kCycle = 1024;

}  // namespace

Result<TaskOrder> ParseTaskOrder(const std::string& name) {
  if (name == "shuffled") return TaskOrder::kShuffled;
  if (name == "template") return TaskOrder::kTemplate;
  if (name == "weighted") return TaskOrder::kWeighted;
  return InvalidArgument("unknown task order \"" + name + "\" (shuffled, template, weighted)");
}

Result<std::map<int, double>> ParseTemplateWeights(const std::string& text) {
  std::map<int, double> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    int id = 0;
    double w = 0;
    try {
      if (eq == std::string::npos) throw std::invalid_argument("no '='");
      size_t used = 0;
      id = std::stoi(item.substr(0, eq), &used);
      if (used != eq) throw std::invalid_argument("id");
      const std::string value = item.substr(eq + 1);
      w = std::stod(value, &used);
      if (used != value.size()) throw std::invalid_argument("weight");
    } catch (const std::exception&) {
      return InvalidArgument("template weight \"" + item + "\" is not TEMPLATE_ID=WEIGHT");
    }
    if (!std::isfinite(w) || w < 0) {
      return InvalidArgument("template weight \"" + item + "\" must be finite and >= 0");
    }
    out[id] = w;
  }
  if (out.empty()) return InvalidArgument("no template weights in \"" + text + "\"");
  return out;
}

std::map<int, double> LearnabilityWeights(const std::map<int, std::vector<float>>& rewards,
                                          double floor) {
  std::map<int, double> out;
  for (const auto& [id, r] : rewards) {
    double p = 0;
    for (float x : r) p += x;
    p = r.empty() ? 0 : p / static_cast<double>(r.size());
    out[id] = p * (1 - p) + floor;
  }
  return out;
}

Result<TaskSchedule> TaskSchedule::Make(std::vector<Task> tasks, TaskOrder order, uint64_t seed,
                                        const std::map<int, double>& weights) {
  if (tasks.empty()) return InvalidArgument("the task schedule has no tasks");
  TaskSchedule s;
  s.tasks_ = std::move(tasks);
  // The shuffle `train --stage grpo` has always used (seed + 29), so that kShuffled draws the
  // same tasks as runs made before the schedule existed.
  Rng rng(seed + 29);
  for (size_t i = s.tasks_.size(); i > 1; --i) {
    std::swap(s.tasks_[i - 1], s.tasks_[rng.Uniform(i)]);
  }
  if (order == TaskOrder::kShuffled) {
    s.shuffled_ = true;
    s.buckets_.emplace_back();
    for (size_t i = 0; i < s.tasks_.size(); ++i) s.buckets_[0].push_back(i);
    s.slot_bucket_ = {0};
    s.slot_occurrence_ = {0};
    s.per_cycle_ = {1};
    for (const Task& t : s.tasks_) {
      if (std::find(s.templates_.begin(), s.templates_.end(), t.intent_template_id) ==
          s.templates_.end()) {
        s.templates_.push_back(t.intent_template_id);
      }
    }
    return s;
  }
  std::map<int, size_t> slot;  // template id -> bucket
  for (size_t i = 0; i < s.tasks_.size(); ++i) {
    auto [it, added] = slot.emplace(s.tasks_[i].intent_template_id, s.buckets_.size());
    if (added) {
      s.buckets_.emplace_back();
      s.templates_.push_back(s.tasks_[i].intent_template_id);
    }
    s.buckets_[it->second].push_back(i);
  }
  std::vector<double> w(s.buckets_.size(), 1.0);
  if (order == TaskOrder::kWeighted) {
    double total = 0;
    for (size_t b = 0; b < w.size(); ++b) {
      auto it = weights.find(s.templates_[b]);
      w[b] = it == weights.end() ? 0.0 : it->second;
      if (!std::isfinite(w[b]) || w[b] < 0) {
        return InvalidArgument("template " + std::to_string(s.templates_[b]) +
                               " has a negative or non-finite weight");
      }
      total += w[b];
    }
    if (total <= 0) return InvalidArgument("no template of the training tasks has a weight > 0");
  }
  // Smooth weighted round-robin: each slot, every bucket gains its weight, the richest bucket
  // (lowest index on ties) takes the slot and pays the total.
  double total = 0;
  for (double x : w) total += x;
  std::vector<double> credit(w.size(), 0.0);
  s.per_cycle_.assign(w.size(), 0);
  // Equal weights: the cycle is one slot per template (plain round-robin).
  const size_t cycle = order == TaskOrder::kTemplate ? w.size() : kCycle;
  for (size_t k = 0; k < cycle; ++k) {
    size_t best = 0;
    for (size_t b = 0; b < w.size(); ++b) {
      credit[b] += w[b];
      if (credit[b] > credit[best]) best = b;
    }
    credit[best] -= total;
    s.slot_bucket_.push_back(best);
    s.slot_occurrence_.push_back(s.per_cycle_[best]++);
  }
  return s;
}

const Task& TaskSchedule::At(uint64_t group_index) const {
  const uint64_t cycle = group_index / slot_bucket_.size();
  const size_t k = static_cast<size_t>(group_index % slot_bucket_.size());
  const size_t b = slot_bucket_[k];
  const auto& bucket = buckets_[b];
  if (shuffled_) {
    return tasks_[bucket[group_index % bucket.size()]];
  }
  const uint64_t n = cycle * per_cycle_[b] + slot_occurrence_[k];
  return tasks_[bucket[n % bucket.size()]];
}

double TaskSchedule::Share(int id) const {
  if (shuffled_) {
    double n = 0;
    for (const Task& t : tasks_) n += t.intent_template_id == id;
    return n / static_cast<double>(tasks_.size());
  }
  for (size_t b = 0; b < templates_.size(); ++b) {
    if (templates_[b] == id) {
      return static_cast<double>(per_cycle_[b]) / static_cast<double>(slot_bucket_.size());
    }
  }
  return 0;
}

std::vector<Task> TaskSchedule::Sample(size_t per_template) const {
  std::vector<Task> out;
  for (int id : templates_) {
    size_t n = 0;
    for (const Task& t : tasks_) {
      if (t.intent_template_id != id) continue;
      if (n++ >= per_template) break;
      out.push_back(t);
    }
  }
  return out;
}

}  // namespace wa
