#include "bridge/live_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

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
    EarlyStop early_stop(options.parse_failure_limit, options.repeat_limit);
    while (!chrome.done()) {
      const StepResult& last = options.shadow_simulator ? sim : live;
      std::string text = policy->Act(0, task, last, shadow);
      Policy::Turn turn;
      if (options.keep_trace) {
        turn = policy->LastTurn(0);
        if (turn.response.empty()) turn.response = text;
      }
      text = early_stop.Filter(std::move(text), &o.early_stop);
      auto parsed = ParseAction(text);
      if (options.keep_trace) {
        TraceStep t;
        t.url = live.info.url;
        t.observation = live.observation;
        t.prompt = std::move(turn.prompt);
        t.response = std::move(turn.response);
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
