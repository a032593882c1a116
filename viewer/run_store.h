// Read access to a run for the viewer: the episode store written by training (runs, episodes and
// steps in SQLite, agent/episode_store.h) and the run's metrics.jsonl. Opening checks the schema
// version and reads only the episode index; steps are loaded one episode at a time. The store is
// opened read-only, so a run that is still writing can be followed (WAL).
#ifndef WEBAGENT_VIEWER_RUN_STORE_H_
#define WEBAGENT_VIEWER_RUN_STORE_H_

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/db.h"
#include "sim/replay.h"
#include "sim/status.h"

namespace wa {

struct EpisodeSummary {
  int64_t id = 0, run_id = 0;
  std::string stage, split, sites, intent;
  int task_id = 0, template_id = -1;
  int64_t policy_version = 0;
  int group = 0, member = 0, turns = 0;
  float reward = 0;
  bool success() const { return reward > 0.5f; }
};

// Empty / negative fields match everything.
struct EpisodeFilter {
  std::string split, site, stage;
  int template_id = -1;
  int success = -1;  // 0: failed only, 1: succeeded only
  int64_t policy_version = -1;
  int min_turns = 0, max_turns = -1;
  std::string intent_contains;  // case-insensitive
  bool Matches(const EpisodeSummary& e) const;
};

struct ElementBox {
  int id = 0;
  float x = 0, y = 0, w = 0, h = 0;  // viewport pixels (1280x720 viewport)
  std::string tag, text;
};

struct StepView {
  std::string url, observation, prompt, response, thought, action, action_error;
  std::vector<ElementBox> boxes;
  int acted_element = -1;  // element id of the action, -1 when it names none
};

struct EpisodeView {
  EpisodeSummary summary;
  std::string answer, verdict;
  std::string replay;  // ReplaySpec JSON ("" when the store has none for this episode)
  std::vector<StepView> steps;
};

class RunStore {
 public:
  // `path` is a run directory (holding episodes.sqlite and metrics.jsonl) or a store file.
  static Result<std::unique_ptr<RunStore>> Open(const std::string& path);

  // Every episode (summaries only) in id order; with `after_id`, only newer ones (live mode).
  Result<std::vector<EpisodeSummary>> Episodes(int64_t after_id = 0);
  Result<EpisodeView> Load(int64_t episode_id);
  // The members of the GRPO group an episode belongs to (same run, policy version and group).
  Result<std::vector<EpisodeSummary>> Group(const EpisodeSummary& episode);
  // metrics.jsonl of the run directory, one object per line (malformed lines are skipped; empty
  // when the run has none).
  std::vector<nlohmann::json> Metrics() const;
  const std::string& store_path() const { return store_path_; }
  int64_t version() const { return version_; }
  const std::string& run_dir() const { return run_dir_; }

 private:
  RunStore() = default;
  std::unique_ptr<Db> db_;
  std::string store_path_, run_dir_;
  int64_t version_ = 0;
};

// Replays an episode in a fresh simulator (sim/replay.h) from its recorded task, seeds and
// executed actions: what it changed in each site database, and the replayed reward. Fails with
// a message when the store has no replay record for the episode (older stores) or the record
// does not load.
Result<ReplayResult> ReplayRecorded(const EpisodeView& episode, size_t max_rows_per_table = 100);

// The element id of an action string (`element="12"`), or -1.
int ActedElement(const std::string& action);

}  // namespace wa

#endif  // WEBAGENT_VIEWER_RUN_STORE_H_
