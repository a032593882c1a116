// Demonstrations from the scripted oracle: every (observation, action) of oracle episodes on a
// task split, turned into responses of a prompt format. They are the behaviour-cloning data
// and the text a tokenizer is trained on.
#ifndef WEBAGENT_AGENT_DEMONSTRATIONS_H_
#define WEBAGENT_AGENT_DEMONSTRATIONS_H_

#include <string>
#include <vector>

#include "agent/prompt.h"
#include "sim/harness.h"
#include "sim/task_templates.h"

namespace wa {

struct DemoStep {
  std::string observation;  // what the policy saw
  std::string oracle_text;  // the oracle's output: optional "# ..." thought lines, then the action
};

struct Demonstration {
  Task task;
  std::vector<DemoStep> steps;
  float score = 0;  // the evaluator's reward of the episode
};

// Runs the oracle on every task (observations in `options.observation` form). Episodes the
// oracle fails are kept with their score, so callers can filter.
std::vector<Demonstration> CollectDemonstrations(const std::vector<GeneratedTask>& tasks,
                                                 const HarnessOptions& options);

// The response a model should give for an oracle step, in the format's syntax:
// think: "<think> thoughts </think>\n<answer> action </answer>"; nothink/webrl: the text itself.
std::string DemoResponse(const std::string& oracle_text, PromptFormat format);

// R1-CoT's response for step `step` of a demonstration (think format): a long reasoning thought
// (the goal, the progress so far, the oracle's observations, the plan in words), then the action.
std::string LongThoughtResponse(const Demonstration& demo, size_t step);

// Text for tokenizer training: the system prompts, then every task intent, observation and
// (with `include_responses`) response of the demonstrations. Without responses it is the
// base model's pretraining text: pages and instructions, never an action.
std::vector<std::string> DemonstrationCorpus(const std::vector<Demonstration>& demos,
                                             PromptFormat format, bool include_responses = true);

// The base model's pretraining text: one text per page the oracle visited, shaped as the agent
// reads it (the task instruction, then the page, then with `task_reminder` the task again as
// PromptOptions::task_reminder repeats it), never an action. Reading a page under its task
// teaches what a page has to do with an instruction; the repeated task teaches copying words
// from far back in the context, which acting on an instruction needs.
std::vector<std::string> PretrainingCorpus(const std::vector<Demonstration>& demos,
                                           bool task_reminder);

}  // namespace wa

#endif  // WEBAGENT_AGENT_DEMONSTRATIONS_H_
