// Replaying a recorded episode in a fresh simulator: the task is reset with the recorded seeds
// and the recorded actions are executed one by one, then each site database the episode used is
// compared with its pristine image, so a reader sees exactly what the episode changed (rows
// inserted, updated and deleted). The replay is deterministic, so it reproduces the recorded
// pages and reward when the recording came from this build's simulator.
#ifndef WEBAGENT_SIM_REPLAY_H_
#define WEBAGENT_SIM_REPLAY_H_

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"
#include "sim/task.h"

namespace wa {

// What an episode needs to be replayed; recorded with the episode (agent/episode_store.h).
struct ReplaySpec {
  Task task;
  uint64_t reset_seed = 0;  // Env::Reset seed
  uint64_t site_seed = 0;   // site data generator seed (SiteOptions::seed)
  int max_steps = 30;       // the episode's turn cap

  nlohmann::json ToJson() const;
  static Result<ReplaySpec> FromJson(const nlohmann::json& j);
};

struct SiteChanges {
  std::string site;
  std::vector<TableChanges> tables;  // changed tables only
};

struct ReplayResult {
  std::vector<std::string> urls;           // active tab after each action
  std::vector<std::string> action_errors;  // per action ("" when it executed)
  int steps = 0;                           // actions executed (stops at the episode's end)
  bool finished = false;                   // the replayed episode ended (exit or cap)
  float reward = 0;
  std::string explanation;           // the evaluator's verdict when the episode ended
  std::vector<SiteChanges> changes;  // every site the episode reset, in name order
};

// Runs `actions` (model text, as executed) on a fresh environment. Errors: the task cannot be
// reset (unknown site, bad start URL) or a database cannot be read.
Result<ReplayResult> ReplayEpisode(const ReplaySpec& spec, const std::vector<std::string>& actions,
                                   size_t max_rows_per_table = 100);

}  // namespace wa

#endif  // WEBAGENT_SIM_REPLAY_H_
