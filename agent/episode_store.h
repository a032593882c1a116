// The episode store: an SQLite file (WAL mode, so it can be read while training writes it) with
// runs, episodes and steps. Per step it keeps the URL, the observation, the prompt as the model
// saw it, the response, the parsed action, the action error and the boxes of the labelled
// elements (for drawing the page); per episode the task, split, stage, policy version, reward and
// the evaluator's verdict. Writes happen on a background thread, in one transaction per batch.
#ifndef WEBAGENT_AGENT_EPISODE_STORE_H_
#define WEBAGENT_AGENT_EPISODE_STORE_H_

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sim/db.h"
#include "sim/observation.h"

namespace wa {

// Schema version of the store file (PRAGMA user_version). Version 3 added episodes.replay;
// readers accept versions kEpisodeStoreOldestReadable..kEpisodeStoreVersion.
inline constexpr int64_t kEpisodeStoreVersion = 3;
inline constexpr int64_t kEpisodeStoreOldestReadable = 2;

struct StepRecord {
  std::string url, observation, prompt, response, action, action_error;
  // [[id, x, y, w, h, tag, text], ...]: labelled elements in viewport pixels (PageBoxes).
  nlohmann::json boxes = nlohmann::json::array();
};

struct EpisodeRecord {
  std::string stage, split, sites, intent, answer, verdict;
  int task_id = 0;
  int template_id = -1;
  int64_t policy_version = 0;
  int group = 0, member = 0;
  float reward = 0;
  // What replays the episode in a fresh simulator (sim/replay.h ReplaySpec::ToJson: the task in
  // WebArena JSON, the reset and site seeds, the turn cap); null when unknown.
  nlohmann::json replay;
  std::vector<StepRecord> steps;
};

class EpisodeStore {
 public:
  // Opens (or creates) the file and registers a run.
  static Result<std::unique_ptr<EpisodeStore>> Open(const std::string& path,
                                                    const std::string& run_name,
                                                    const nlohmann::json& config);
  ~EpisodeStore();  // writes everything queued
  EpisodeStore(const EpisodeStore&) = delete;
  EpisodeStore& operator=(const EpisodeStore&) = delete;

  void Add(EpisodeRecord episode);  // queues; never blocks on the database
  Status Flush();                   // waits until everything queued is written
  int64_t run_id() const { return run_id_; }

 private:
  EpisodeStore() = default;
  void Writer();
  Status Write(const std::vector<EpisodeRecord>& batch);

  std::unique_ptr<Db> db_;
  int64_t run_id_ = 0;
  std::mutex mu_;
  std::condition_variable cv_, done_cv_;
  std::deque<EpisodeRecord> queue_;
  size_t in_flight_ = 0;
  bool stop_ = false;
  Status error_ = Status::Ok();
  std::thread thread_;
};

}  // namespace wa

#endif  // WEBAGENT_AGENT_EPISODE_STORE_H_
