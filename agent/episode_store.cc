#include "agent/episode_store.h"

#include <chrono>

#include "agent/prompt.h"

namespace wa {
namespace {

constexpr std::string_view kSchema = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS runs (id INTEGER PRIMARY KEY, name TEXT NOT NULL, config TEXT NOT NULL,
                                 started_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS episodes (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, stage TEXT NOT NULL, split TEXT NOT NULL,
  task_id INTEGER NOT NULL, template_id INTEGER NOT NULL, sites TEXT NOT NULL,
  intent TEXT NOT NULL,
  policy_version INTEGER NOT NULL, group_index INTEGER NOT NULL, member INTEGER NOT NULL,
  reward REAL NOT NULL, answer TEXT NOT NULL, verdict TEXT NOT NULL, steps INTEGER NOT NULL,
  replay TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS episodes_by_run ON episodes (run_id, id);
CREATE TABLE IF NOT EXISTS steps (
  id INTEGER PRIMARY KEY, episode_id INTEGER NOT NULL, idx INTEGER NOT NULL, url TEXT NOT NULL,
  observation TEXT NOT NULL, prompt TEXT NOT NULL, response TEXT NOT NULL, action TEXT NOT NULL,
  action_error TEXT NOT NULL, boxes TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS steps_by_episode ON steps (episode_id, idx);
)sql";

// Whether the file already holds a store, and of which schema version.
Result<int64_t> ExistingVersion(Db& db) {
  auto tables = db.QueryInt(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('runs', 'episodes', "
      "'steps')",
      {});
  if (!tables.ok()) return tables.status();
  if (*tables == 0) return int64_t{-1};
  return db.QueryInt("SELECT user_version FROM pragma_user_version", {});
}

}  // namespace

Result<std::unique_ptr<EpisodeStore>> EpisodeStore::Open(const std::string& path,
                                                         const std::string& run_name,
                                                         const nlohmann::json& config) {
  std::unique_ptr<EpisodeStore> s(new EpisodeStore());
  auto db = Db::OpenFile(path);
  if (!db.ok()) return db.status();
  s->db_ = std::move(*db);
  auto version = ExistingVersion(*s->db_);
  if (!version.ok()) {
    return InvalidArgument(path + " is not an SQLite episode store: " + version.status().message());
  }
  if (*version != -1 && *version != kEpisodeStoreVersion) {
    return FailedPrecondition(path + " holds an episode store of schema version " +
                              std::to_string(*version) + "; this build writes version " +
                              std::to_string(kEpisodeStoreVersion) + " (use a new file)");
  }
  WA_RETURN_IF_ERROR(s->db_->Exec(kSchema));
  WA_RETURN_IF_ERROR(s->db_->Exec("PRAGMA user_version = " + std::to_string(kEpisodeStoreVersion)));
  int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  WA_RETURN_IF_ERROR(s->db_->Run("INSERT INTO runs (name, config, started_at) VALUES (?, ?, ?)",
                                 {run_name, config.dump(), now}));
  s->run_id_ = s->db_->LastInsertRowId();
  s->thread_ = std::thread([p = s.get()] { p->Writer(); });
  return s;
}

EpisodeStore::~EpisodeStore() {
  {
    std::lock_guard<std::mutex> l(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void EpisodeStore::Add(EpisodeRecord episode) {
  {
    std::lock_guard<std::mutex> l(mu_);
    queue_.push_back(std::move(episode));
  }
  cv_.notify_all();
}

Status EpisodeStore::Flush() {
  std::unique_lock<std::mutex> l(mu_);
  done_cv_.wait(l, [&] { return queue_.empty() && in_flight_ == 0; });
  return error_;
}

void EpisodeStore::Writer() {
  while (true) {
    std::vector<EpisodeRecord> batch;
    {
      std::unique_lock<std::mutex> l(mu_);
      cv_.wait(l, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty() && stop_) return;
      while (!queue_.empty()) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
      in_flight_ = batch.size();
    }
    Status st = Write(batch);
    {
      std::lock_guard<std::mutex> l(mu_);
      in_flight_ = 0;
      if (!st.ok() && error_.ok()) error_ = st;
    }
    done_cv_.notify_all();
  }
}

Status EpisodeStore::Write(const std::vector<EpisodeRecord>& batch) {
  WA_RETURN_IF_ERROR(db_->Exec("BEGIN"));
  for (const EpisodeRecord& e : batch) {
    Status st = db_->Run(
        "INSERT INTO episodes (run_id, stage, split, task_id, template_id, sites, intent, "
        "policy_version, group_index, member, reward, answer, verdict, steps, replay) VALUES (?, "
        "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {run_id_, e.stage, e.split, e.task_id, e.template_id, e.sites, e.intent, e.policy_version,
         e.group, e.member, static_cast<double>(e.reward), e.answer, e.verdict,
         static_cast<int64_t>(e.steps.size()),
         e.replay.is_null() ? std::string() : e.replay.dump()});
    int64_t episode = db_->LastInsertRowId();
    for (size_t i = 0; i < e.steps.size() && st.ok(); ++i) {
      const StepRecord& s = e.steps[i];
      st = db_->Run(
          "INSERT INTO steps (episode_id, idx, url, observation, prompt, response, action, "
          "action_error, boxes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          {episode, static_cast<int64_t>(i), s.url, s.observation, s.prompt, s.response, s.action,
           s.action_error, s.boxes.dump()});
    }
    if (!st.ok()) {
      db_->Exec("ROLLBACK");
      return st;
    }
  }
  return db_->Exec("COMMIT");
}

}  // namespace wa
