// The evaluation harness: runs tasks with a policy on a VecEnv and reports success rates in the
// paper's table layout.
//
// Episode control follows the reference evaluation: a turn cap (default 30), and an early stop
// (scored as an exit with an "Early stop: ..." message) after 5 consecutive unparsable actions
// or 5 identical actions in a row.
#ifndef WEBAGENT_SIM_HARNESS_H_
#define WEBAGENT_SIM_HARNESS_H_

#include <nlohmann/json.hpp>

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "sim/env.h"
#include "sim/evaluator.h"
#include "sim/task.h"
#include "sim/task_templates.h"

namespace wa {

// A policy maps the current observation (and, for privileged policies such as the oracle, the
// environment) to model text containing one action. One policy serves many environments at
// once; `slot` identifies the environment. Act is called from the harness thread only.
class Policy {
 public:
  virtual ~Policy() = default;
  virtual std::string name() const = 0;
  virtual void Begin(size_t slot, const Task& task) = 0;
  virtual std::string Act(size_t slot, const Task& task, const StepResult& last,
                          const Env& env) = 0;
  // What the policy saw and said at its last Act for `slot`, for traces and episode stores: the
  // prompt as text and the whole response (a model's thought included). Empty for policies
  // without a prompt (the trace then keeps Act's text as the response).
  struct Turn {
    std::string prompt, response;
  };
  virtual Turn LastTurn(size_t /*slot*/) const { return {}; }
};

// exit() at once: shows that tasks are not passed by doing nothing.
std::unique_ptr<Policy> MakeNoopPolicy();
// Uniformly random actions over the current page (seeded per task).
std::unique_ptr<Policy> MakeRandomPolicy(uint64_t seed);
// The scripted oracle of each task's template (tasks without a template get exit("N/A")).
std::unique_ptr<Policy> MakeOraclePolicy(std::vector<GeneratedTask> tasks,
                                         const SiteOptions& site_options = {});
// By name: noop, random, oracle.
Result<std::unique_ptr<Policy>> MakePolicy(const std::string& name, uint64_t seed,
                                           const std::vector<GeneratedTask>& tasks);

// The reference harness's early stop: after `parse_failure_limit` consecutive unparsable actions
// or `repeat_limit` identical actions in a row, the episode ends with an exit that says why.
class EarlyStop {
 public:
  EarlyStop(int parse_failure_limit, int repeat_limit)
      : parse_limit_(parse_failure_limit), repeat_limit_(repeat_limit) {}
  // The action to execute for the policy's text: the text itself, or the early-stop exit (then
  // *stopped is set).
  std::string Filter(std::string text, bool* stopped);

 private:
  int parse_limit_, repeat_limit_;
  int parse_failures_ = 0;
  std::deque<std::string> recent_;
};

struct HarnessOptions {
  int max_steps = 30;           // turn cap
  int parse_failure_limit = 5;  // consecutive unparsable actions before an early stop
  int repeat_limit = 5;         // identical consecutive actions before an early stop
  size_t envs = 8;
  size_t threads = 2;
  uint64_t seed = 0;
  EvaluatorOptions evaluator;
  ObservationType observation = ObservationType::kWebRL;
  bool keep_actions = true;  // record each episode's actions in the report
  bool keep_trace = false;   // record each step's page, observation and policy output
  bool progress = false;     // print progress lines to stderr
};

// One step of an episode as the policy saw and answered it (HarnessOptions::keep_trace).
struct TraceStep {
  std::string url, observation;
  std::string prompt;        // the prompt as the policy saw it (Policy::LastTurn; may be empty)
  std::string response;      // the policy's text (its whole response where LastTurn has one)
  std::string action;        // what was executed (the response, or the early-stop exit)
  std::string action_error;  // the environment's complaint about it, if any
  std::string boxes;         // PageBoxes of the page, JSON
};

struct TaskOutcome {
  int task_id = 0;
  int intent_template_id = 0;
  std::string sites;  // "shopping" or "gitlab+reddit"
  std::vector<std::string> eval_types;
  std::string intent;
  float score = 0;
  int steps = 0;
  bool early_stop = false;
  std::string answer;
  std::string explanation;
  std::string error;  // reset failure etc.
  std::vector<std::string> actions;
  uint64_t reset_seed = 0;  // the episode's Env::Reset seed (with the actions, a replay)
  std::vector<TraceStep> trace;
};

struct EvalReport {
  std::string policy;
  std::vector<TaskOutcome> outcomes;  // in task order
  double elapsed_s = 0;
  long total_steps = 0;

  // Success rate (%) over outcomes whose site group is `group` ("" = all; "multi"; a task
  // category such as "info_seeking"; "trained_templates" or "held_out_templates": whether the
  // task's template family has training instantiations), -1 when there are none; Count: how
  // many.
  double SuccessRate(const std::string& group) const;
  int Count(const std::string& group) const;
  // The paper's layout: Reddit | GitLab | CMS | Map | Shopping | (other sites) | Multi | Avg,
  // then per task category (info seeking, site navigation, content & config).
  std::string Table() const;
  nlohmann::json ToJson() const;
  // Reads what ToJson wrote (the per-task list is what matters).
  static Result<EvalReport> FromJson(const nlohmann::json& j);
};

// Several labelled reports as one table in the paper's layout: one row per report, columns
// Reddit | GitLab | CMS | Map | Shopping | (other simulated sites) | Multi | Avg (success rate, %,
// "-" where a report has no task of that column), then a row of task counts; optionally the
// per-category table (info seeking, site navigation, content & config, and the tasks of trained
// and of held-out template families) below it.
std::string PaperTable(const std::vector<std::pair<std::string, const EvalReport*>>& rows,
                       bool categories = false);

EvalReport RunEvaluation(const std::vector<Task>& tasks, Policy* policy,
                         const HarnessOptions& options);

}  // namespace wa

#endif  // WEBAGENT_SIM_HARNESS_H_
