#include "bridge/validate.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "bridge/chromium_env.h"
#include "bridge/parity.h"
#include "bridge/server.h"
#include "bridge/webdriver.h"
#include "sim/evaluator.h"
#include "sim/harness.h"
#include "sim/site.h"

namespace wa {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double Ms(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

double Quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

struct Totals {
  size_t tasks = 0, steps = 0, url_same = 0, exact_elements = 0, obs_exact = 0;
  size_t verdicts_same = 0, db_same = 0, replayed = 0;
  double agreement = 0, iou = 0;
  std::map<std::string, int> divergences;

  void Add(const Totals& o) {
    tasks += o.tasks;
    steps += o.steps;
    url_same += o.url_same;
    exact_elements += o.exact_elements;
    obs_exact += o.obs_exact;
    verdicts_same += o.verdicts_same;
    db_same += o.db_same;
    replayed += o.replayed;
    agreement += o.agreement;
    iou += o.iou;
    for (const auto& [k, n] : o.divergences) divergences[k] += n;
  }

  json ToJson() const {
    const double s = static_cast<double>(std::max<size_t>(steps, 1));
    const double t = static_cast<double>(std::max<size_t>(tasks, 1));
    std::vector<std::pair<int, std::string>> top;
    for (const auto& [d, n] : divergences) top.emplace_back(n, d);
    std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (top.size() > 12) top.resize(12);
    json div = json::array();
    for (const auto& [n, d] : top) div.push_back({{"count", n}, {"what", d}});
    return {{"tasks", tasks},
            {"steps", steps},
            {"url_agreement", url_same / s},
            {"element_agreement", agreement / s},
            {"exact_elements", exact_elements / s},
            {"observation_exact", obs_exact / s},
            {"mean_iou", iou / s},
            {"verdict_parity", verdicts_same / t},
            {"db_parity", db_same / t},
            {"replayed", replayed / t},
            {"divergences", div}};
  }
};

std::string Short(const std::string& s, size_t n = 160) {
  return s.size() <= n ? s : s.substr(0, n) + "...";
}

}  // namespace

Result<json> ValidateSplit(const ValidateOptions& options,
                           const std::function<void(size_t, size_t)>& progress) {
  auto generated = GenerateSplit(options.split, options.split_options);
  if (!generated.ok()) return generated.status();
  std::vector<GeneratedTask> tasks = std::move(*generated);
  if (options.max_tasks > 0 && tasks.size() > options.max_tasks) {
    // An even sample over the split (templates of every site).
    std::vector<GeneratedTask> sample;
    for (size_t k = 0; k < options.max_tasks; ++k) {
      sample.push_back(tasks[k * tasks.size() / options.max_tasks]);
    }
    tasks = std::move(sample);
  }
  // The oracle's episodes in the simulator: its actions and reset seeds.
  std::vector<Task> plain;
  for (const GeneratedTask& g : tasks) plain.push_back(g.task);
  auto oracle = MakeOraclePolicy(tasks, SiteOptions{options.split_options.seed});
  HarnessOptions ho;
  ho.keep_actions = true;
  ho.max_steps = options.max_steps;
  ho.seed = options.split_options.seed;
  EvalReport report = RunEvaluation(plain, oracle.get(), ho);

  std::set<std::string> needed;
  for (const Task& t : plain) needed.insert(t.sites.begin(), t.sites.end());
  ServeOptions so;
  so.sites.assign(needed.begin(), needed.end());
  so.port_offset = options.port_offset;
  so.seed = options.split_options.seed;
  auto server = SimServer::Start(so);
  if (!server.ok()) return server.status();
  auto driver = WebDriver::Launch();
  if (!driver.ok()) return driver.status();
  ChromiumEnvOptions co;
  co.max_steps = options.max_steps;
  co.sim_server = true;
  ChromiumEnv chrome(driver->get(), SiteMap::ForServer((*server)->sites()), co);
  EnvOptions eo;
  eo.max_steps = options.max_steps;
  eo.sites.seed = options.split_options.seed;
  Env env(eo);

  std::map<std::string, Totals> by_site;
  std::vector<double> sim_reset, chrome_reset, sim_step, chrome_step;
  json task_rows = json::array();
  for (size_t i = 0; i < plain.size(); ++i) {
    if (progress) progress(i, plain.size());
    const Task& task = plain[i];
    const TaskOutcome& outcome = report.outcomes[i];
    Totals t;
    t.tasks = 1;
    json divergences = json::array();
    auto diverge = [&](const std::string& kind, const std::string& detail) {
      ++t.divergences[kind];
      if (divergences.size() < 20) divergences.push_back(kind + ": " + Short(detail, 300));
    };
    StepResult sr, cr;
    auto a0 = Clock::now();
    Status st = env.Reset(TaskEpisode(task), outcome.reset_seed, &sr);
    auto a1 = Clock::now();
    if (!st.ok()) return Internal("task " + std::to_string(task.task_id) + ": " + st.message());
    st = chrome.Reset(task, outcome.reset_seed, &cr);
    auto a2 = Clock::now();
    if (!st.ok()) {
      return Internal("task " + std::to_string(task.task_id) + " in Chromium: " + st.message());
    }
    sim_reset.push_back(Ms(a0, a1));
    chrome_reset.push_back(Ms(a1, a2));
    bool replayed = true;
    std::string answer;
    for (size_t k = 0; k < outcome.actions.size(); ++k) {
      // The two pages before the action.
      const Page* page = env.browser().page();
      if (page == nullptr) break;
      const std::vector<PageElement> sim_els = SimElements(*page);
      PageParity p = ComparePages(sim_els, chrome.observation().elements);
      ++t.steps;
      t.agreement += p.agreement();
      t.iou += p.mean_iou;
      t.exact_elements += p.only_sim.empty() && p.only_browser.empty();
      if (sr.info.url == chrome.observation().url) {
        ++t.url_same;
      } else {
        diverge("url", "step " + std::to_string(k) + ": sim " + sr.info.url + " | chromium " +
                           chrome.observation().url);
      }
      if (StripBoxes(sr.observation) == StripBoxes(chrome.observation().text)) {
        ++t.obs_exact;
      }
      for (const std::string& d : p.only_sim) diverge("sim only: " + d, sr.info.url);
      for (const std::string& d : p.only_browser) diverge("chromium only: " + d, sr.info.url);
      // The action, its element mapped to the browser's.
      const std::string& text = outcome.actions[k];
      auto parsed = ParseAction(text);
      Action browser_action = parsed.ok() ? *parsed : Action();
      if (parsed.ok() && ActionNeedsElement(parsed->type)) {
        const int id = parsed->element;
        const int mapped = id >= 0 && static_cast<size_t>(id) < p.sim_to_browser.size()
                               ? p.sim_to_browser[static_cast<size_t>(id)]
                               : -1;
        if (mapped < 0) {
          diverge("unmapped element",
                  "step " + std::to_string(k) + ": " + text + " on " + sr.info.url +
                      (id >= 0 && static_cast<size_t>(id) < sim_els.size()
                           ? " (" + sim_els[static_cast<size_t>(id)].tag + " '" +
                                 sim_els[static_cast<size_t>(id)].text + "')"
                           : ""));
          replayed = false;
          break;
        }
        browser_action.element = mapped;
      }
      auto b0 = Clock::now();
      env.Step(text, &sr);
      auto b1 = Clock::now();
      chrome.StepAction(browser_action, &cr);
      auto b2 = Clock::now();
      sim_step.push_back(Ms(b0, b1));
      chrome_step.push_back(Ms(b1, b2));
      if (sr.info.action_error.empty() != cr.info.action_error.empty()) {
        diverge("action error", "step " + std::to_string(k) + " " + text + ": sim '" +
                                    sr.info.action_error + "' | chromium '" + cr.info.action_error +
                                    "'");
      }
      if (sr.terminated || sr.truncated) {
        answer = sr.info.answer;
        break;
      }
    }
    t.replayed = replayed;
    // Database state, before the evaluators navigate.
    bool db_equal = true;
    json db_changes = json::array();
    // The task's sites (the simulator keeps every site it ever reset; only these were reset).
    for (const auto& [name, state] : env.browser().sites()) {
      if (std::find(task.sites.begin(), task.sites.end(), name) == task.sites.end()) continue;
      auto server_db = chrome.ServerDb(name);
      if (!server_db.ok()) {
        db_equal = false;
        diverge("database", name + ": " + server_db.status().message());
        continue;
      }
      auto diff = DiffDatabases(*state.db, **server_db, 5);
      if (!diff.ok()) {
        db_equal = false;
        diverge("database", name + ": " + diff.status().message());
        continue;
      }
      for (const TableChanges& c : *diff) {
        db_equal = false;
        // The first rows that differ: column -> [simulator, server] (null: no such row).
        json rows = json::array();
        for (const RowChange& rc : c.rows) {
          if (rows.size() >= 3) break;
          json cols = json::object();
          for (size_t k = 0; k < rc.columns.size(); ++k) {
            auto val = [&](const std::vector<std::optional<std::string>>& v) -> json {
              if (k >= v.size() || !v[k]) return nullptr;
              return Short(*v[k], 120);
            };
            cols[rc.columns[k]] = json::array({val(rc.before), val(rc.after)});
          }
          rows.push_back({{"rowid", rc.rowid}, {"columns", cols}});
        }
        db_changes.push_back({{"site", name},
                              {"table", c.table},
                              {"sim_only", c.deleted},
                              {"chromium_only", c.inserted},
                              {"different", c.updated},
                              {"rows", rows}});
        diverge("database", name + "." + c.table + " differs");
      }
    }
    t.db_same = db_equal;
    // Verdicts.
    EvalResult sim_eval = EvaluateTask(task, &env.browser(), answer);
    EvalResult chrome_eval = chrome.Evaluate(task, answer);
    const bool same_verdict = sim_eval.score == chrome_eval.score;
    t.verdicts_same = same_verdict;
    if (!same_verdict) {
      diverge("verdict", "sim " + fmt::format("{:g}", sim_eval.score) + " | chromium " +
                             fmt::format("{:g}", chrome_eval.score) +
                             "; chromium checks: " + chrome_eval.Explanation());
    }
    by_site[outcome.sites].Add(t);
    task_rows.push_back({{"task_id", task.task_id},
                         {"template", task.intent_template_id},
                         {"site", outcome.sites},
                         {"steps", t.steps},
                         {"replayed", replayed},
                         {"oracle_score", outcome.score},
                         {"sim_score", sim_eval.score},
                         {"browser_score", chrome_eval.score},
                         {"db_equal", db_equal},
                         {"db_changes", db_changes},
                         {"divergences", divergences}});
  }
  if (progress) progress(plain.size(), plain.size());
  json sites = json::array();
  Totals all;
  for (const auto& [site, t] : by_site) {
    json row = t.ToJson();
    row["site"] = site;
    sites.push_back(row);
    all.Add(t);
  }
  const double sr_med = Quantile(sim_reset, 0.5), cr_med = Quantile(chrome_reset, 0.5);
  const double ss_med = Quantile(sim_step, 0.5), cs_med = Quantile(chrome_step, 0.5);
  json latency = {{"resets", sim_reset.size()},
                  {"steps", sim_step.size()},
                  {"sim_reset_ms_median", sr_med},
                  {"sim_reset_ms_p90", Quantile(sim_reset, 0.9)},
                  {"chromium_reset_ms_median", cr_med},
                  {"chromium_reset_ms_p90", Quantile(chrome_reset, 0.9)},
                  {"reset_ratio", sr_med > 0 ? cr_med / sr_med : 0},
                  {"sim_step_ms_median", ss_med},
                  {"sim_step_ms_p90", Quantile(sim_step, 0.9)},
                  {"chromium_step_ms_median", cs_med},
                  {"chromium_step_ms_p90", Quantile(chrome_step, 0.9)},
                  {"step_ratio", ss_med > 0 ? cs_med / ss_med : 0}};
  json summary = all.ToJson();
  return json{{"browser", (*driver)->browser_version()},
              {"tasks", plain.size()},
              {"steps", all.steps},
              {"summary", summary},
              {"sites", sites},
              {"latency", latency},
              {"task_rows", task_rows}};
}

std::string ValidateTable(const json& report) {
  std::string out = fmt::format(
      "{:<16} {:>5} {:>5} {:>7} {:>8} {:>7} {:>7} {:>6} {:>8} {:>7} {:>8}\n", "site", "tasks",
      "steps", "url", "elements", "exact", "obs", "iou", "verdict", "db", "replayed");
  auto row = [&](const std::string& name, const json& r) {
    out += fmt::format(
        "{:<16} {:>5} {:>5} {:>6.1f}% {:>7.1f}% {:>6.1f}% {:>6.1f}% {:>6.3f} {:>7.1f}% {:>6.1f}% "
        "{:>7.1f}%\n",
        name, r.value("tasks", 0), r.value("steps", 0), 100 * r.value("url_agreement", 0.0),
        100 * r.value("element_agreement", 0.0), 100 * r.value("exact_elements", 0.0),
        100 * r.value("observation_exact", 0.0), r.value("mean_iou", 0.0),
        100 * r.value("verdict_parity", 0.0), 100 * r.value("db_parity", 0.0),
        100 * r.value("replayed", 0.0));
  };
  for (const json& s : report.value("sites", json::array())) row(s.value("site", ""), s);
  row("all", report.value("summary", json::object()));
  const json l = report.value("latency", json::object());
  out += fmt::format(
      "latency (median): reset sim {:.3f} ms, chromium {:.1f} ms ({:.0f}x); step sim {:.3f} ms, "
      "chromium {:.1f} ms ({:.0f}x)\n",
      l.value("sim_reset_ms_median", 0.0), l.value("chromium_reset_ms_median", 0.0),
      l.value("reset_ratio", 0.0), l.value("sim_step_ms_median", 0.0),
      l.value("chromium_step_ms_median", 0.0), l.value("step_ratio", 0.0));
  return out;
}

}  // namespace wa
