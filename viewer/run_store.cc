#include "viewer/run_store.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "agent/episode_store.h"
#include "agent/response.h"
#include "sim/action.h"

namespace wa {
namespace {

namespace fs = std::filesystem;

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

constexpr const char* kSummaryColumns =
    "id, run_id, stage, split, sites, intent, task_id, template_id, policy_version, group_index, "
    "member, steps, reward";

EpisodeSummary ReadSummary(const Row& r) {
  EpisodeSummary e;
  e.id = r.Int(0);
  e.run_id = r.Int(1);
  e.stage = r.Text(2);
  e.split = r.Text(3);
  e.sites = r.Text(4);
  e.intent = r.Text(5);
  e.task_id = static_cast<int>(r.Int(6));
  e.template_id = static_cast<int>(r.Int(7));
  e.policy_version = r.Int(8);
  e.group = static_cast<int>(r.Int(9));
  e.member = static_cast<int>(r.Int(10));
  e.turns = static_cast<int>(r.Int(11));
  e.reward = static_cast<float>(r.Real(12));
  return e;
}

std::vector<ElementBox> ReadBoxes(const std::string& text) {
  std::vector<ElementBox> out;
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& b : j) {
    if (!b.is_array() || b.size() < 5 || !b[0].is_number()) continue;
    ElementBox e;
    e.id = b[0].get<int>();
    e.x = b[1].get<float>();
    e.y = b[2].get<float>();
    e.w = b[3].get<float>();
    e.h = b[4].get<float>();
    if (b.size() > 5 && b[5].is_string()) e.tag = b[5].get<std::string>();
    if (b.size() > 6 && b[6].is_string()) e.text = b[6].get<std::string>();
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

bool EpisodeFilter::Matches(const EpisodeSummary& e) const {
  if (!split.empty() && e.split != split) return false;
  if (!stage.empty() && e.stage != stage) return false;
  if (!site.empty() && e.sites.find(site) == std::string::npos) return false;
  if (template_id >= 0 && e.template_id != template_id) return false;
  if (success >= 0 && e.success() != (success == 1)) return false;
  if (policy_version >= 0 && e.policy_version != policy_version) return false;
  if (e.turns < min_turns) return false;
  if (max_turns >= 0 && e.turns > max_turns) return false;
  if (!intent_contains.empty() &&
      Lower(e.intent).find(Lower(intent_contains)) == std::string::npos) {
    return false;
  }
  return true;
}

Result<ReplayResult> ReplayRecorded(const EpisodeView& episode, size_t max_rows_per_table) {
  if (episode.replay.empty()) {
    return FailedPrecondition(
        "this episode has no replay record (stores before schema version 3 keep none)");
  }
  nlohmann::json j = nlohmann::json::parse(episode.replay, nullptr, false);
  if (j.is_discarded()) return InvalidArgument("the episode's replay record is not valid JSON");
  auto spec = ReplaySpec::FromJson(j);
  if (!spec.ok()) return spec.status();
  std::vector<std::string> actions;
  for (const StepView& s : episode.steps) actions.push_back(s.action);
  return ReplayEpisode(*spec, actions, max_rows_per_table);
}

int ActedElement(const std::string& action) {
  auto a = ParseAction(action);
  return a.ok() ? a->element : -1;
}

Result<std::unique_ptr<RunStore>> RunStore::Open(const std::string& path) {
  std::unique_ptr<RunStore> s(new RunStore());
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    s->run_dir_ = path;
    s->store_path_ = (fs::path(path) / "episodes.sqlite").string();
  } else {
    s->store_path_ = path;
    s->run_dir_ = fs::path(path).parent_path().string();
  }
  if (!fs::exists(s->store_path_, ec)) {
    return NotFound("no episode store at " + s->store_path_ +
                    " (a run directory written by `webagent train --stage grpo` has one)");
  }
  auto db = Db::OpenFile(s->store_path_, /*read_only=*/true);
  if (!db.ok())
    return InvalidArgument("cannot open " + s->store_path_ + ": " + db.status().message());
  s->db_ = std::move(*db);
  auto tables = s->db_->QueryInt(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('runs', 'episodes', "
      "'steps')",
      {});
  if (!tables.ok()) {
    return InvalidArgument(s->store_path_ + " is not an SQLite episode store (" +
                           tables.status().message() + ")");
  }
  if (*tables != 3) {
    return InvalidArgument(s->store_path_ + " is an SQLite file but not an episode store " +
                           "(tables runs, episodes and steps missing)");
  }
  auto version = s->db_->QueryInt("SELECT user_version FROM pragma_user_version", {});
  if (!version.ok()) return version.status();
  if (*version < kEpisodeStoreOldestReadable || *version > kEpisodeStoreVersion) {
    return FailedPrecondition(s->store_path_ + " has episode store schema version " +
                              std::to_string(*version) + "; this viewer reads versions " +
                              std::to_string(kEpisodeStoreOldestReadable) + " to " +
                              std::to_string(kEpisodeStoreVersion));
  }
  s->version_ = *version;
  return s;
}

Result<std::vector<EpisodeSummary>> RunStore::Episodes(int64_t after_id) {
  std::vector<EpisodeSummary> out;
  Status st = db_->Query(
      std::string("SELECT ") + kSummaryColumns + " FROM episodes WHERE id > ? ORDER BY id",
      {after_id}, [&](const Row& r) { out.push_back(ReadSummary(r)); });
  if (!st.ok()) return st;
  return out;
}

Result<EpisodeView> RunStore::Load(int64_t episode_id) {
  EpisodeView v;
  bool found = false;
  Status st = db_->Query(std::string("SELECT ") + kSummaryColumns + ", answer, verdict, " +
                             (version_ >= 3 ? "replay" : "''") + " FROM episodes WHERE id = ?",
                         {episode_id}, [&](const Row& r) {
                           v.summary = ReadSummary(r);
                           v.answer = r.Text(13);
                           v.verdict = r.Text(14);
                           v.replay = r.Text(15);
                           found = true;
                         });
  if (!st.ok()) return st;
  if (!found) return NotFound("no episode " + std::to_string(episode_id));
  st = db_->Query(
      "SELECT url, observation, prompt, response, action, action_error, boxes FROM steps WHERE "
      "episode_id = ? ORDER BY idx",
      {episode_id}, [&](const Row& r) {
        StepView s;
        s.url = r.Text(0);
        s.observation = r.Text(1);
        s.prompt = r.Text(2);
        s.response = r.Text(3);
        s.action = r.Text(4);
        s.action_error = r.Text(5);
        s.boxes = ReadBoxes(r.Text(6));
        s.thought = ParseResponse(s.response, PromptFormat::kThink).thought;
        s.acted_element = ActedElement(s.action);
        v.steps.push_back(std::move(s));
      });
  if (!st.ok()) return st;
  return v;
}

Result<std::vector<EpisodeSummary>> RunStore::Group(const EpisodeSummary& episode) {
  std::vector<EpisodeSummary> out;
  Status st = db_->Query(std::string("SELECT ") + kSummaryColumns +
                             " FROM episodes WHERE run_id = ? AND policy_version = ? AND "
                             "group_index = ? AND task_id = ? ORDER BY member",
                         {episode.run_id, episode.policy_version, episode.group, episode.task_id},
                         [&](const Row& r) { out.push_back(ReadSummary(r)); });
  if (!st.ok()) return st;
  return out;
}

std::vector<nlohmann::json> RunStore::Metrics() const {
  std::vector<nlohmann::json> out;
  std::ifstream in(fs::path(run_dir_) / "metrics.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object()) out.push_back(std::move(j));
  }
  return out;
}

}  // namespace wa
