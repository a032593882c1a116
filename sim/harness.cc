#include "sim/harness.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <map>

#include "sim/random_policy.h"
#include "sim/vec_env.h"

namespace wa {
namespace {

class NoopPolicy : public Policy {
 public:
  std::string name() const override { return "noop"; }
  void Begin(size_t, const Task&) override {}
  std::string Act(size_t, const Task&, const StepResult&, const Env&) override {
    return "exit(message=\"\")";
  }
};

class RandomPolicy : public Policy {
 public:
  explicit RandomPolicy(uint64_t seed) : seed_(seed) {}
  std::string name() const override { return "random"; }
  void Begin(size_t slot, const Task& task) override {
    if (rngs_.size() <= slot) rngs_.resize(slot + 1, Rng(0));
    rngs_[slot] = Rng(seed_).Split(static_cast<uint64_t>(task.task_id));
  }
  std::string Act(size_t slot, const Task&, const StepResult&, const Env& env) override {
    const Page* page = env.browser().page();
    if (page == nullptr) return "exit(message=\"\")";
    return RandomActionText(*page, rngs_[slot], 0.05);
  }

 private:
  uint64_t seed_;
  std::vector<Rng> rngs_;
};

class OraclePolicy : public Policy {
 public:
  OraclePolicy(std::vector<GeneratedTask> tasks, SiteOptions site_options)
      : tasks_(std::move(tasks)), site_options_(site_options) {}
  std::string name() const override { return "oracle"; }
  void Begin(size_t slot, const Task& task) override {
    if (runners_.size() <= slot) runners_.resize(slot + 1);
    runners_[slot].reset();
    const TemplateFamily* f = FindTemplate(task.intent_template_id);
    const GeneratedTask* gen = nullptr;
    for (const GeneratedTask& g : tasks_) {
      if (g.task.task_id == task.task_id && g.task.intent == task.intent) gen = &g;
    }
    if (f == nullptr || gen == nullptr || !f->oracle) return;
    auto site = GetSite(f->sites.front(), site_options_);
    if (!site.ok()) return;
    auto db = Db::OpenMemory();
    if (!db.ok() || !(*db)->Deserialize((*site)->pristine).ok()) return;
    // The parameters may come from a task file: a dict of the wrong shape leaves the task
    // without a plan (the episode answers N/A) instead of ending the run.
    if (!gen->params.is_object()) return;
    try {
      TemplateSeedScope seed_scope(site_options_.seed);
      auto plan = f->oracle(task, gen->params, **db);
      if (plan.ok()) runners_[slot] = std::make_unique<OracleRunner>(std::move(*plan));
    } catch (const nlohmann::json::exception&) {
      runners_[slot].reset();
    }
  }
  std::string Act(size_t slot, const Task&, const StepResult&, const Env& env) override {
    if (!runners_[slot]) return "exit(message=\"N/A\")";
    return runners_[slot]->Next(env);
  }

 private:
  std::vector<GeneratedTask> tasks_;
  SiteOptions site_options_;
  std::vector<std::unique_ptr<OracleRunner>> runners_;
};

std::string SiteGroup(const std::vector<std::string>& sites) {
  std::string key;
  for (const std::string& s : sites) key += (key.empty() ? "" : "+") + s;
  return key;
}

std::string Category(const std::vector<std::string>& types) {
  bool s = false, u = false, h = false;
  for (const std::string& t : types) {
    s |= t == "string_match";
    u |= t == "url_match";
    h |= t == "program_html";
  }
  if (s && !u && !h) return "info_seeking";
  if (u && !s && !h) return "site_nav";
  return "content_config";
}

// "trained_templates" when the task's template family has training instantiations (it is in
// the registry with in_train), else "held_out_templates" (WebArena-Lite's held-out families, and
// templates the registry does not know).
const char* TemplateSplit(int intent_template_id) {
  const TemplateFamily* f = FindTemplate(intent_template_id);
  return f != nullptr && f->in_train ? "trained_templates" : "held_out_templates";
}

bool InGroup(const TaskOutcome& o, const std::string& group) {
  return group.empty() || o.sites == group ||
         (group == "multi" && o.sites.find('+') != std::string::npos) ||
         group == Category(o.eval_types) || group == TemplateSplit(o.intent_template_id);
}

}  // namespace

std::unique_ptr<Policy> MakeNoopPolicy() { return std::make_unique<NoopPolicy>(); }
std::unique_ptr<Policy> MakeRandomPolicy(uint64_t seed) {
  return std::make_unique<RandomPolicy>(seed);
}
std::unique_ptr<Policy> MakeOraclePolicy(std::vector<GeneratedTask> tasks,
                                         const SiteOptions& site_options) {
  return std::make_unique<OraclePolicy>(std::move(tasks), site_options);
}

Result<std::unique_ptr<Policy>> MakePolicy(const std::string& name, uint64_t seed,
                                           const std::vector<GeneratedTask>& tasks) {
  if (name == "noop") return MakeNoopPolicy();
  if (name == "random") return MakeRandomPolicy(seed);
  if (name == "oracle") {
    SiteOptions so;
    so.seed = seed;
    return MakeOraclePolicy(tasks, so);
  }
  return InvalidArgument("unknown policy '" + name + "' (expected noop, random or oracle)");
}

EvalReport RunEvaluation(const std::vector<Task>& tasks, Policy* policy,
                         const HarnessOptions& options) {
  EvalReport report;
  report.policy = policy->name();
  report.outcomes.resize(tasks.size());
  auto t0 = std::chrono::steady_clock::now();
  EnvOptions env_options;
  env_options.max_steps = options.max_steps;
  env_options.observation.type = options.observation;
  env_options.sites.seed = options.seed;
  size_t n_envs = std::max<size_t>(1, std::min(options.envs, tasks.size()));
  VecEnv vec(n_envs, options.threads, env_options);

  struct SlotState {
    size_t task = 0;
    bool resetting = false;
    EarlyStop early_stop{0, 0};
  };
  std::vector<SlotState> slots(n_envs);
  size_t next_task = 0, done = 0;

  auto start = [&](size_t slot) {
    if (next_task >= tasks.size()) return;
    size_t ti = next_task++;
    const Task& task = tasks[ti];
    SlotState& s = slots[slot];
    s = SlotState();
    s.early_stop = EarlyStop(options.parse_failure_limit, options.repeat_limit);
    s.task = ti;
    s.resetting = true;
    TaskOutcome& o = report.outcomes[ti];
    o.task_id = task.task_id;
    o.intent_template_id = task.intent_template_id;
    o.sites = SiteGroup(task.sites);
    o.eval_types = task.eval.eval_types;
    o.intent = task.intent;
    EpisodeSpec spec = TaskEpisode(task);
    spec.evaluator = std::make_shared<TaskEvaluator>(task, options.evaluator);
    policy->Begin(slot, task);
    o.reset_seed = options.seed * 1000003ULL + static_cast<uint64_t>(ti);
    vec.SendReset(slot, std::move(spec), o.reset_seed);
  };
  for (size_t i = 0; i < n_envs; ++i) start(i);

  while (done < tasks.size()) {
    std::vector<size_t> ready = vec.Recv(1);
    if (ready.empty()) break;
    for (size_t slot : ready) {
      SlotState& s = slots[slot];
      TaskOutcome& o = report.outcomes[s.task];
      const StepResult& r = vec.results()[slot];
      if (s.resetting) {
        s.resetting = false;
        if (!vec.reset_status()[slot].ok()) {
          o.error = vec.reset_status()[slot].message();
          o.score = 0;
          ++done;
          start(slot);
          continue;
        }
      }
      if (!o.trace.empty() && o.trace.size() == static_cast<size_t>(r.info.step)) {
        o.trace.back().action_error = r.info.action_error;
      }
      if (r.terminated || r.truncated) {
        o.score = r.reward;
        o.steps = r.info.step;
        o.answer = r.info.answer;
        o.explanation = r.info.eval_explanation;
        report.total_steps += r.info.step;
        ++done;
        if (options.progress) {
          std::fprintf(stderr, "  [%zu/%zu] task %d: score %.0f in %d steps\n", done, tasks.size(),
                       o.task_id, o.score, o.steps);
        }
        start(slot);
        continue;
      }
      std::string text = policy->Act(slot, tasks[s.task], r, vec.env(slot));
      Policy::Turn turn;
      if (options.keep_trace) {
        turn = policy->LastTurn(slot);
        if (turn.response.empty()) turn.response = text;
      }
      // Early stops, as the reference harness: repeated parse failures or identical actions.
      text = s.early_stop.Filter(std::move(text), &o.early_stop);
      if (options.keep_trace) {
        TraceStep t;
        t.url = r.info.url;
        t.observation = r.observation;
        t.prompt = std::move(turn.prompt);
        t.response = std::move(turn.response);
        t.action = text;
        if (const Page* page = vec.env(slot).browser().page()) t.boxes = PageBoxes(*page).dump();
        o.trace.push_back(std::move(t));
      }
      if (options.keep_actions) o.actions.push_back(text);
      vec.SendStep(slot, text);
    }
  }
  report.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

std::string EarlyStop::Filter(std::string text, bool* stopped) {
  parse_failures_ = ParseAction(text).ok() ? 0 : parse_failures_ + 1;
  recent_.push_back(text);
  if (static_cast<int>(recent_.size()) > repeat_limit_) recent_.pop_front();
  const bool repeated = static_cast<int>(recent_.size()) == repeat_limit_ &&
                        std::all_of(recent_.begin(), recent_.end(),
                                    [&](const std::string& a) { return a == recent_.front(); });
  if (parse_failures_ >= parse_limit_) {
    *stopped = true;
    return "exit(message=\"Early stop: Failed to parse actions for " +
           std::to_string(parse_limit_) + " times\")";
  }
  if (repeated) {
    *stopped = true;
    return "exit(message=\"Early stop: Same action for " + std::to_string(repeat_limit_) +
           " times\")";
  }
  return text;
}

double EvalReport::SuccessRate(const std::string& group) const {
  double sum = 0;
  int n = 0;
  for (const TaskOutcome& o : outcomes) {
    if (!InGroup(o, group)) continue;
    sum += o.score;
    ++n;
  }
  return n == 0 ? -1 : 100.0 * sum / n;
}

int EvalReport::Count(const std::string& group) const {
  int n = 0;
  for (const TaskOutcome& o : outcomes) n += InGroup(o, group);
  return n;
}

std::string PaperTable(const std::vector<std::pair<std::string, const EvalReport*>>& rows,
                       bool categories) {
  struct Col {
    std::string title, group;
  };
  std::vector<Col> cols = {{"Reddit", "reddit"},
                           {"GitLab", "gitlab"},
                           {"CMS", "shopping_admin"},
                           {"Map", "map"},
                           {"Shopping", "shopping"}};
  std::map<std::string, int> other;
  for (const auto& [label, report] : rows) {
    for (const TaskOutcome& o : report->outcomes) {
      bool known = o.sites.find('+') != std::string::npos;
      for (const Col& c : cols) known |= c.group == o.sites;
      if (!known) other[o.sites]++;
    }
  }
  for (const auto& [site, n] : other) cols.push_back({site, site});
  cols.push_back({"Multi", "multi"});
  cols.push_back({"Avg", ""});
  auto cell = [&](const EvalReport& r, const std::string& group) {
    double sr = r.SuccessRate(group);
    if (sr < 0) return std::string("-");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", sr);
    return std::string(buf);
  };
  std::string head = "| Method ", sep = "|---", body;
  for (const Col& c : cols) {
    head += "| " + c.title + " ";
    sep += "|---";
  }
  for (const auto& [label, report] : rows) {
    body += "| " + label + " ";
    for (const Col& c : cols) body += "| " + cell(*report, c.group) + " ";
    body += "|\n";
  }
  // Task counts (from the first report; rows normally share one task set).
  if (!rows.empty()) {
    body += "| n ";
    for (const Col& c : cols) body += "| " + std::to_string(rows[0].second->Count(c.group)) + " ";
    body += "|\n";
  }
  std::string out = head + "|\n" + sep + "|\n" + body;
  if (categories) {
    out +=
        "\n| Method | Info seeking | Site navigation | Content & config | Trained templates | "
        "Held-out templates |\n|---|---|---|---|---|---|\n";
    for (const auto& [label, report] : rows) {
      out += "| " + label + " ";
      for (const char* cat : {"info_seeking", "site_nav", "content_config", "trained_templates",
                              "held_out_templates"}) {
        out += "| " + cell(*report, cat) + " (" + std::to_string(report->Count(cat)) + ") ";
      }
      out += "|\n";
    }
  }
  return out;
}

std::string EvalReport::Table() const {
  std::string out = "policy: " + policy + "\n" + PaperTable({{policy, this}}, true);
  char buf[128];
  std::snprintf(buf, sizeof buf, "\n%zu tasks, %ld steps, %.2f s\n", outcomes.size(), total_steps,
                elapsed_s);
  return out + buf;
}

Result<EvalReport> EvalReport::FromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("tasks") || !j["tasks"].is_array()) {
    return InvalidArgument("not an evaluation report: expected an object with a \"tasks\" array");
  }
  EvalReport r;
  r.policy = j.value("policy", "");
  r.elapsed_s = j.value("elapsed_s", 0.0);
  r.total_steps = j.value("total_steps", 0L);
  for (const auto& t : j["tasks"]) {
    if (!t.is_object() || !t.contains("score") || !t["score"].is_number()) {
      return InvalidArgument("evaluation report: a task entry has no numeric \"score\"");
    }
    TaskOutcome o;
    o.task_id = t.value("task_id", 0);
    o.intent_template_id = t.value("intent_template_id", 0);
    o.sites = t.value("sites", "");
    if (t.contains("eval_types") && t["eval_types"].is_array()) {
      for (const auto& e : t["eval_types"]) {
        if (e.is_string()) o.eval_types.push_back(e.get<std::string>());
      }
    }
    o.intent = t.value("intent", "");
    o.score = t["score"].get<float>();
    o.steps = t.value("steps", 0);
    o.early_stop = t.value("early_stop", false);
    o.answer = t.value("answer", "");
    o.explanation = t.value("explanation", "");
    o.error = t.value("error", "");
    r.outcomes.push_back(std::move(o));
  }
  return r;
}

nlohmann::json EvalReport::ToJson() const {
  nlohmann::json j;
  j["policy"] = policy;
  j["elapsed_s"] = elapsed_s;
  j["total_steps"] = total_steps;
  j["success_rate"] = SuccessRate("");
  nlohmann::json by_site = nlohmann::json::object();
  for (const TaskOutcome& o : outcomes) by_site[o.sites] = SuccessRate(o.sites);
  j["success_rate_by_site"] = by_site;
  for (const char* cat : {"info_seeking", "site_nav", "content_config"}) {
    j["success_rate_by_category"][cat] = SuccessRate(cat);
  }
  j["success_rate_by_template_split"] = {{"trained", SuccessRate("trained_templates")},
                                         {"held_out", SuccessRate("held_out_templates")}};
  nlohmann::json tasks = nlohmann::json::array();
  for (const TaskOutcome& o : outcomes) {
    tasks.push_back({{"task_id", o.task_id},
                     {"intent_template_id", o.intent_template_id},
                     {"sites", o.sites},
                     {"eval_types", o.eval_types},
                     {"intent", o.intent},
                     {"score", o.score},
                     {"steps", o.steps},
                     {"early_stop", o.early_stop},
                     {"answer", o.answer},
                     {"explanation", o.explanation},
                     {"error", o.error},
                     {"actions", o.actions}});
  }
  j["tasks"] = tasks;
  return j;
}

}  // namespace wa
