// WebArena task configurations.
//
// A Task mirrors one WebArena / WebArena-Lite JSON config field for field, so the published
// files load unchanged and simulated tasks export in the same format. Parsing never throws: a
// malformed config gives an error that names the task and the field.
#ifndef WEBAGENT_SIM_TASK_H_
#define WEBAGENT_SIM_TASK_H_

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/env.h"
#include "sim/status.h"

namespace wa {

// One string check: a reference_answers entry or a program_html required_contents entry.
struct StringCheck {
  enum class Kind { kExactMatch, kMustInclude, kMustExclude, kRequiredValues, kOneOf, kFuzzyMatch };
  Kind kind = Kind::kMustInclude;
  std::vector<std::string> values;  // a single string value becomes one element
  bool value_was_string = false;    // the JSON held a string, not a list (kept for export)
};
const char* StringCheckKindName(StringCheck::Kind kind);

struct ProgramHtmlTarget {
  std::string url;      // "last", a URL with placeholders, or "func:helper(...)"
  std::string locator;  // "" (page HTML), a JavaScript expression, or "func:helper(...)"
  std::vector<StringCheck> required_contents;
  std::vector<std::string> prep_actions;
};

struct TaskEval {
  std::vector<std::string> eval_types;  // string_match, url_match, program_html
  bool has_reference_answers = false;   // false when reference_answers is null
  std::vector<StringCheck> reference_answers;
  std::optional<std::string> reference_url;  // null vs "" is preserved
  std::optional<std::string> url_note;       // absent: EXACT; "GOLD in PRED"
  std::vector<ProgramHtmlTarget> program_html;
  std::optional<std::string> string_note;
  std::optional<std::string> reference_answer_raw_annotation;
};

struct Task {
  int task_id = 0;
  std::vector<std::string> sites;
  bool require_login = true;
  std::optional<std::string> storage_state;
  std::string start_url;       // placeholders kept; " |AND| " separates tabs
  nlohmann::json geolocation;  // null in all published tasks
  std::string intent_template;
  nlohmann::json instantiation_dict = nlohmann::json::object();
  std::string intent;
  bool require_reset = false;
  TaskEval eval;
  int intent_template_id = -1;
  std::optional<int> old_task_id;
  // Fields the loader does not know, kept verbatim for export.
  nlohmann::json extra = nlohmann::json::object();

  // The start URLs, one per tab, placeholders still in.
  std::vector<std::string> StartUrls() const;
};

// Parses one config. `where` names the source for error messages ("file.json task 12").
Result<Task> ParseTask(const nlohmann::json& config, const std::string& where = "task");
// Loads a file holding one config object or an array of them.
Result<std::vector<Task>> LoadTasks(const std::string& path);
Result<std::vector<Task>> ParseTasks(std::string_view json_text, const std::string& where);
// Serialises a task in the WebArena JSON format (ParseTask(ExportTask(t)) == t).
nlohmann::json ExportTask(const Task& task);

// The episode that runs a task: one tab per start URL, the task's sites reset and logged in.
EpisodeSpec TaskEpisode(const Task& task);

}  // namespace wa

#endif  // WEBAGENT_SIM_TASK_H_
