#include "agent/demonstrations.h"

#include "sim/action.h"

#include <map>

namespace wa {
namespace {

// Wraps a policy and records what it saw and said, per slot.
class Recorder : public Policy {
 public:
  explicit Recorder(Policy* inner) : inner_(inner) {}
  std::string name() const override { return inner_->name(); }
  void Begin(size_t slot, const Task& task) override {
    inner_->Begin(slot, task);
    current_[slot] = {};
  }
  std::string Act(size_t slot, const Task& task, const StepResult& last, const Env& env) override {
    std::string text = inner_->Act(slot, task, last, env);
    current_[slot].push_back({last.observation, text});
    by_task_[task.task_id] = current_[slot];
    return text;
  }
  std::map<int, std::vector<DemoStep>> by_task_;

 private:
  Policy* inner_;
  std::map<size_t, std::vector<DemoStep>> current_;
};

}  // namespace

std::vector<Demonstration> CollectDemonstrations(const std::vector<GeneratedTask>& tasks,
                                                 const HarnessOptions& options) {
  // The oracle plans on the same site data the episodes run on (the split's seed): with the
  // default it planned on seed 0's data, and on any other seed the price, count and note
  // demonstrations failed and were silently dropped from behaviour cloning.
  SiteOptions site_options;
  site_options.seed = options.seed;
  auto oracle = MakeOraclePolicy(tasks, site_options);
  Recorder recorder(oracle.get());
  std::vector<Task> plain;
  for (const GeneratedTask& g : tasks) plain.push_back(g.task);
  HarnessOptions o = options;
  o.keep_actions = false;
  EvalReport report = RunEvaluation(plain, &recorder, o);
  std::vector<Demonstration> out;
  for (size_t i = 0; i < plain.size(); ++i) {
    Demonstration d;
    d.task = plain[i];
    d.score = report.outcomes[i].score;
    auto it = recorder.by_task_.find(plain[i].task_id);
    if (it != recorder.by_task_.end()) d.steps = it->second;
    out.push_back(std::move(d));
  }
  return out;
}

std::string DemoResponse(const std::string& oracle_text, PromptFormat format) {
  if (format != PromptFormat::kThink) return oracle_text;
  // Thought lines ("# Element: ...") before the action line.
  size_t nl = oracle_text.rfind('\n');
  std::string thought = nl == std::string::npos ? "" : oracle_text.substr(0, nl);
  std::string action = nl == std::string::npos ? oracle_text : oracle_text.substr(nl + 1);
  if (thought.empty()) thought = "# Next step: " + action.substr(0, action.find('('));
  return "<think> " + thought + " </think>\n<answer> " + action + " </answer>";
}

namespace {

std::string ActionOf(const std::string& oracle_text) {
  size_t nl = oracle_text.rfind('\n');
  return nl == std::string::npos ? oracle_text : oracle_text.substr(nl + 1);
}

// The action in words, as a plan.
std::string Plan(const std::string& action_text) {
  auto a = ParseAction(action_text);
  if (!a.ok()) return "act";
  const std::string el = std::to_string(a->element);
  switch (a->type) {
    case ActionType::kClick:
      return "click element [" + el + "]";
    case ActionType::kRightClick:
      return "right-click element [" + el + "]";
    case ActionType::kType:
      return "type \"" + a->argument + "\" into element [" + el + "]";
    case ActionType::kSearch:
      return "search for \"" + a->argument + "\" in element [" + el + "]";
    case ActionType::kHover:
      return "hover over element [" + el + "]";
    case ActionType::kScrollUp:
      return "scroll up to see the rest of the page";
    case ActionType::kScrollDown:
      return "scroll down to see the rest of the page";
    case ActionType::kPressEnter:
      return "press Enter";
    case ActionType::kSwitchTab:
      return "switch to tab " + a->argument;
    case ActionType::kSelectOption:
      return "select \"" + a->argument + "\" in element [" + el + "]";
    case ActionType::kWait:
      return "wait for the page";
    case ActionType::kGoBack:
      return "go back to the previous page";
    case ActionType::kGoForward:
      return "go forward";
    case ActionType::kExit:
      return a->argument.empty() ? "finish: the task is done"
                                 : "finish and answer \"" + a->argument + "\"";
    case ActionType::kNone:
      break;
  }
  return "act";
}

}  // namespace

std::string LongThoughtResponse(const Demonstration& demo, size_t step) {
  const std::string& text = demo.steps[step].oracle_text;
  size_t nl = text.rfind('\n');
  std::string thought = nl == std::string::npos ? "" : text.substr(0, nl);
  std::string action = ActionOf(text);
  std::string out = "<think> # Goal: " + demo.task.intent + "\n# Progress: ";
  if (step == 0) {
    out += "this is the first step.";
  } else {
    out += "step " + std::to_string(step + 1) + "; so far I did:";
    for (size_t k = 0; k < step; ++k) out += " " + Plan(ActionOf(demo.steps[k].oracle_text)) + ";";
  }
  out += "\n";
  if (!thought.empty()) out += thought + "\n";
  out += "# Plan: " + Plan(action) + ". </think>\n<answer> " + action + " </answer>";
  return out;
}

std::vector<std::string> DemonstrationCorpus(const std::vector<Demonstration>& demos,
                                             PromptFormat format, bool include_responses) {
  std::vector<std::string> corpus;
  if (include_responses) {
    corpus = {SystemPrompt(PromptFormat::kThink), SystemPrompt(PromptFormat::kNoThink)};
  }
  for (const Demonstration& d : demos) {
    corpus.push_back("Task Instruction: " + d.task.intent);
    for (const DemoStep& s : d.steps) {
      corpus.push_back(s.observation);
      if (include_responses) corpus.push_back(DemoResponse(s.oracle_text, format));
    }
    // Long thoughts use the same words (R1-CoT's behaviour cloning data).
    if (include_responses && format == PromptFormat::kThink && !d.steps.empty()) {
      corpus.push_back(LongThoughtResponse(d, d.steps.size() - 1));
    }
  }
  return corpus;
}

std::vector<std::string> PretrainingCorpus(const std::vector<Demonstration>& demos,
                                           bool task_reminder) {
  std::vector<std::string> corpus;
  for (const Demonstration& d : demos) {
    for (const DemoStep& s : d.steps) {
      std::string text = "Task Instruction: " + d.task.intent + "\n\n" + s.observation;
      if (task_reminder) text += std::string(kTaskReminder) + d.task.intent;
      corpus.push_back(std::move(text));
    }
  }
  return corpus;
}

}  // namespace wa
