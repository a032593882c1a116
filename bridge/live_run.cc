#include "bridge/live_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>

#include "bridge/parity.h"

namespace wa {

Result<EvalReport> RunLive(const std::vector<Task>& tasks, Policy* policy,
                           const LiveRunOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  auto driver = WebDriver::Launch(options.chrome);
  if (!driver.ok()) return driver.status();
  ChromiumEnvOptions co;
  co.max_steps = options.max_steps;
  co.sim_server = options.sim_server;
  co.login = options.login;
  ChromiumEnv chrome(driver->get(), options.sites, co);
  EnvOptions eo;
  eo.max_steps = options.max_steps;
  eo.sites.seed = options.seed;
  Env shadow(eo);

  EvalReport report;
  report.policy = policy->name();
  report.outcomes.resize(tasks.size());
  for (size_t ti = 0; ti < tasks.size(); ++ti) {
    const Task& task = tasks[ti];
    TaskOutcome& o = report.outcomes[ti];
    o.task_id = task.task_id;
    o.intent_template_id = task.intent_template_id;
    for (const std::string& s : task.sites) o.sites += (o.sites.empty() ? "" : "+") + s;
    o.eval_types = task.eval.eval_types;
    o.intent = task.intent;
    o.reset_seed = options.seed * 1000003ULL + static_cast<uint64_t>(ti);
    StepResult live, sim;
    Status st = chrome.Reset(task, o.reset_seed, &live);
    if (st.ok() && options.shadow_simulator) {
      st = shadow.Reset(TaskEpisode(task), o.reset_seed, &sim);
    }
    if (!st.ok()) {
      o.error = st.message();
      if (options.progress) {
        std::fprintf(stderr, "  [%zu/%zu] task %d: reset failed: %s\n", ti + 1, tasks.size(),
                     o.task_id, o.error.c_str());
      }
      continue;
    }
    policy->Begin(0, task);
    int parse_failures = 0;
    std::deque<std::string> recent;
    while (!chrome.done()) {
      const StepResult& last = options.shadow_simulator ? sim : live;
      std::string text = policy->Act(0, task, last, shadow);
      const std::string response = text;
      auto parsed = ParseAction(text);
      parse_failures = parsed.ok() ? 0 : parse_failures + 1;
      recent.push_back(text);
      if (static_cast<int>(recent.size()) > options.repeat_limit) recent.pop_front();
      const bool repeated = static_cast<int>(recent.size()) == options.repeat_limit &&
                            std::all_of(recent.begin(), recent.end(),
                                        [&](const std::string& a) { return a == recent.front(); });
      if (parse_failures >= options.parse_failure_limit) {
        o.early_stop = true;
        text = "exit(message=\"Early stop: Failed to parse actions for " +
               std::to_string(options.parse_failure_limit) + " times\")";
      } else if (repeated) {
        o.early_stop = true;
        text = "exit(message=\"Early stop: Same action for " +
               std::to_string(options.repeat_limit) + " times\")";
      }
      parsed = ParseAction(text);
      if (options.keep_trace) {
        TraceStep t;
        t.url = live.info.url;
        t.observation = live.observation;
        t.response = response;
        t.action = text;
        o.trace.push_back(std::move(t));
      }
      o.actions.push_back(text);
      if (options.shadow_simulator && parsed.ok()) {
        // The oracle's element (a simulator id) -> the browser's element with the same place in
        // the aligned element lists.
        Action a = *parsed;
        std::string mapping_error;
        if (ActionNeedsElement(a.type)) {
          const Page* page = shadow.browser().page();
          const PageParity p =
              page ? ComparePages(SimElements(*page), chrome.observation().elements) : PageParity();
          const int id = a.element;
          a.element = id >= 0 && static_cast<size_t>(id) < p.sim_to_browser.size()
                          ? p.sim_to_browser[static_cast<size_t>(id)]
                          : -1;
          if (a.element < 0)
            mapping_error = "element " + std::to_string(id) + " has no counterpart in the browser";
        }
        shadow.Step(text, &sim);
        if (!mapping_error.empty()) {
          Action none;
          chrome.StepAction(none, &live);
          live.info.action_error = mapping_error;
        } else {
          chrome.StepAction(a, &live);
        }
      } else {
        chrome.Step(text, &live);
      }
      if (options.keep_trace && !o.trace.empty())
        o.trace.back().action_error = live.info.action_error;
    }
    o.steps = chrome.steps();
    o.answer = live.info.answer;
    EvalResult r = chrome.Evaluate(task, o.answer, options.evaluator);
    o.score = r.score;
    o.explanation = r.Explanation();
    report.total_steps += o.steps;
    if (options.progress) {
      std::fprintf(stderr, "  [%zu/%zu] task %d: score %.0f in %d steps\n", ti + 1, tasks.size(),
                   o.task_id, o.score, o.steps);
    }
  }
  report.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace wa
