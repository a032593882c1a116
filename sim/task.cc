#include "sim/task.h"

#include <fstream>
#include <sstream>

namespace wa {
namespace {

using json = nlohmann::json;

const char* kKindNames[] = {"exact_match",     "must_include", "must_exclude",
                            "required_values", "one_of",       "fuzzy_match"};

Status FieldError(const std::string& where, const std::string& field, const std::string& what) {
  return InvalidArgument(where + ": field '" + field + "' " + what);
}

Status GetString(const json& j, const char* key, const std::string& where, std::string* out,
                 bool required = true) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) return FieldError(where, key, "is missing");
    return Status::Ok();
  }
  if (!it->is_string()) return FieldError(where, key, "must be a string");
  *out = it->get<std::string>();
  return Status::Ok();
}

Status GetOptionalString(const json& j, const char* key, const std::string& where,
                         std::optional<std::string>* out) {
  auto it = j.find(key);
  if (it == j.end()) return Status::Ok();
  if (it->is_null()) {
    *out = std::nullopt;
    return Status::Ok();
  }
  if (!it->is_string()) return FieldError(where, key, "must be a string or null");
  *out = it->get<std::string>();
  return Status::Ok();
}

Status ParseChecks(const json& j, const std::string& where, const std::string& field,
                   std::vector<StringCheck>* out) {
  if (!j.is_object()) return FieldError(where, field, "must be an object");
  for (auto it = j.begin(); it != j.end(); ++it) {
    StringCheck c;
    bool known = false;
    for (int k = 0; k < 6; ++k) {
      if (it.key() == kKindNames[k]) {
        c.kind = static_cast<StringCheck::Kind>(k);
        known = true;
      }
    }
    if (!known) return FieldError(where, field + "." + it.key(), "is not a known check");
    const json& v = it.value();
    if (v.is_string()) {
      c.values.push_back(v.get<std::string>());
      c.value_was_string = true;
    } else if (v.is_array()) {
      for (const json& item : v) {
        if (item.is_string()) {
          c.values.push_back(item.get<std::string>());
        } else if (item.is_number()) {
          c.values.push_back(item.dump());
        } else {
          return FieldError(where, field + "." + it.key(), "must hold strings");
        }
      }
    } else {
      return FieldError(where, field + "." + it.key(), "must be a string or a list of strings");
    }
    out->push_back(std::move(c));
  }
  return Status::Ok();
}

json ChecksToJson(const std::vector<StringCheck>& checks) {
  json out = json::object();
  for (const StringCheck& c : checks) {
    if (c.value_was_string && c.values.size() == 1) {
      out[kKindNames[static_cast<int>(c.kind)]] = c.values[0];
    } else {
      out[kKindNames[static_cast<int>(c.kind)]] = c.values;
    }
  }
  return out;
}

const char* kKnownFields[] = {"sites",
                              "task_id",
                              "require_login",
                              "storage_state",
                              "start_url",
                              "geolocation",
                              "intent_template",
                              "instantiation_dict",
                              "intent",
                              "require_reset",
                              "eval",
                              "intent_template_id",
                              "old_task_id"};

}  // namespace

const char* StringCheckKindName(StringCheck::Kind kind) {
  return kKindNames[static_cast<int>(kind)];
}

std::vector<std::string> Task::StartUrls() const {
  std::vector<std::string> out;
  std::string_view s = start_url;
  const std::string_view sep = " |AND| ";
  while (true) {
    size_t p = s.find(sep);
    std::string_view part = s.substr(0, p);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (!part.empty()) out.emplace_back(part);
    if (p == std::string_view::npos) break;
    s = s.substr(p + sep.size());
  }
  return out;
}

Result<Task> ParseTask(const json& j, const std::string& where_in) {
  if (!j.is_object()) return InvalidArgument(where_in + ": a task config must be a JSON object");
  Task t;
  std::string where = where_in;
  if (auto it = j.find("task_id"); it != j.end()) {
    if (!it->is_number_integer()) return FieldError(where, "task_id", "must be an integer");
    t.task_id = it->get<int>();
    where = where_in + " (task_id " + std::to_string(t.task_id) + ")";
  } else {
    return FieldError(where, "task_id", "is missing");
  }
  auto sites = j.find("sites");
  if (sites == j.end() || !sites->is_array() || sites->empty()) {
    return FieldError(where, "sites", "must be a non-empty list");
  }
  for (const json& s : *sites) {
    if (!s.is_string()) return FieldError(where, "sites", "must hold strings");
    t.sites.push_back(s.get<std::string>());
  }
  if (auto it = j.find("require_login"); it != j.end()) {
    if (!it->is_boolean()) return FieldError(where, "require_login", "must be true or false");
    t.require_login = it->get<bool>();
  }
  WA_RETURN_IF_ERROR(GetOptionalString(j, "storage_state", where, &t.storage_state));
  WA_RETURN_IF_ERROR(GetString(j, "start_url", where, &t.start_url));
  if (t.StartUrls().empty()) return FieldError(where, "start_url", "is empty");
  t.geolocation = j.value("geolocation", json());
  WA_RETURN_IF_ERROR(GetString(j, "intent_template", where, &t.intent_template, false));
  if (auto it = j.find("instantiation_dict"); it != j.end() && !it->is_null()) {
    if (!it->is_object()) return FieldError(where, "instantiation_dict", "must be an object");
    t.instantiation_dict = *it;
  }
  WA_RETURN_IF_ERROR(GetString(j, "intent", where, &t.intent));
  if (auto it = j.find("require_reset"); it != j.end()) {
    if (!it->is_boolean()) return FieldError(where, "require_reset", "must be true or false");
    t.require_reset = it->get<bool>();
  }
  if (auto it = j.find("intent_template_id"); it != j.end()) {
    if (!it->is_number_integer())
      return FieldError(where, "intent_template_id", "must be an integer");
    t.intent_template_id = it->get<int>();
  }
  if (auto it = j.find("old_task_id"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer()) return FieldError(where, "old_task_id", "must be an integer");
    t.old_task_id = it->get<int>();
  }
  auto ev = j.find("eval");
  if (ev == j.end() || !ev->is_object()) return FieldError(where, "eval", "must be an object");
  TaskEval& e = t.eval;
  auto types = ev->find("eval_types");
  if (types == ev->end() || !types->is_array() || types->empty()) {
    return FieldError(where, "eval.eval_types", "must be a non-empty list");
  }
  for (const json& ty : *types) {
    std::string s = ty.is_string() ? ty.get<std::string>() : std::string();
    if (s != "string_match" && s != "url_match" && s != "program_html") {
      return FieldError(where, "eval.eval_types", "has unknown evaluator " + ty.dump());
    }
    e.eval_types.push_back(s);
  }
  if (auto it = ev->find("reference_answers"); it != ev->end() && !it->is_null()) {
    e.has_reference_answers = true;
    WA_RETURN_IF_ERROR(ParseChecks(*it, where, "eval.reference_answers", &e.reference_answers));
  }
  WA_RETURN_IF_ERROR(GetOptionalString(*ev, "reference_url", where, &e.reference_url));
  WA_RETURN_IF_ERROR(GetOptionalString(*ev, "url_note", where, &e.url_note));
  WA_RETURN_IF_ERROR(GetOptionalString(*ev, "string_note", where, &e.string_note));
  WA_RETURN_IF_ERROR(GetOptionalString(*ev, "reference_answer_raw_annotation", where,
                                       &e.reference_answer_raw_annotation));
  if (auto it = ev->find("program_html"); it != ev->end() && !it->is_null()) {
    if (!it->is_array()) return FieldError(where, "eval.program_html", "must be a list");
    for (size_t i = 0; i < it->size(); ++i) {
      const json& p = (*it)[i];
      std::string field = "eval.program_html[" + std::to_string(i) + "]";
      if (!p.is_object()) return FieldError(where, field, "must be an object");
      ProgramHtmlTarget target;
      WA_RETURN_IF_ERROR(GetString(p, "url", where + " " + field, &target.url));
      WA_RETURN_IF_ERROR(GetString(p, "locator", where + " " + field, &target.locator, false));
      auto rc = p.find("required_contents");
      if (rc == p.end()) return FieldError(where, field + ".required_contents", "is missing");
      WA_RETURN_IF_ERROR(
          ParseChecks(*rc, where, field + ".required_contents", &target.required_contents));
      if (auto pa = p.find("prep_actions"); pa != p.end() && !pa->is_null()) {
        if (!pa->is_array()) return FieldError(where, field + ".prep_actions", "must be a list");
        for (const json& a : *pa)
          target.prep_actions.push_back(a.is_string() ? a.get<std::string>() : a.dump());
      }
      e.program_html.push_back(std::move(target));
    }
  }
  bool has_string = false, has_url = false, has_html = false;
  for (const std::string& ty : e.eval_types) {
    has_string |= ty == "string_match";
    has_url |= ty == "url_match";
    has_html |= ty == "program_html";
  }
  if (has_string && e.reference_answers.empty()) {
    return FieldError(where, "eval.reference_answers", "is required by string_match");
  }
  if (has_url && (!e.reference_url || e.reference_url->empty())) {
    return FieldError(where, "eval.reference_url", "is required by url_match");
  }
  if (has_html && e.program_html.empty()) {
    return FieldError(where, "eval.program_html", "is required by program_html");
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* f : kKnownFields) known |= it.key() == f;
    if (!known) t.extra[it.key()] = it.value();
  }
  return t;
}

Result<std::vector<Task>> ParseTasks(std::string_view text, const std::string& where) {
  json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return InvalidArgument(where + ": not valid JSON");
  std::vector<Task> out;
  if (j.is_object()) {
    auto t = ParseTask(j, where);
    if (!t.ok()) return t.status();
    out.push_back(std::move(*t));
    return out;
  }
  if (!j.is_array()) return InvalidArgument(where + ": expected a task object or a list of them");
  for (size_t i = 0; i < j.size(); ++i) {
    auto t = ParseTask(j[i], where + " entry " + std::to_string(i));
    if (!t.ok()) return t.status();
    out.push_back(std::move(*t));
  }
  return out;
}

Result<std::vector<Task>> LoadTasks(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("cannot open task file " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ParseTasks(ss.str(), path);
}

json ExportTask(const Task& t) {
  json j = json::object();
  j["sites"] = t.sites;
  j["task_id"] = t.task_id;
  j["require_login"] = t.require_login;
  j["storage_state"] = t.storage_state ? json(*t.storage_state) : json();
  j["start_url"] = t.start_url;
  j["geolocation"] = t.geolocation;
  j["intent_template"] = t.intent_template;
  j["instantiation_dict"] = t.instantiation_dict;
  j["intent"] = t.intent;
  j["require_reset"] = t.require_reset;
  json e = json::object();
  e["eval_types"] = t.eval.eval_types;
  e["reference_answers"] =
      t.eval.has_reference_answers ? ChecksToJson(t.eval.reference_answers) : json();
  e["reference_url"] = t.eval.reference_url ? json(*t.eval.reference_url) : json();
  json targets = json::array();
  for (const ProgramHtmlTarget& p : t.eval.program_html) {
    json pj = {{"url", p.url},
               {"locator", p.locator},
               {"required_contents", ChecksToJson(p.required_contents)}};
    if (!p.prep_actions.empty()) pj["prep_actions"] = p.prep_actions;
    targets.push_back(pj);
  }
  e["program_html"] = targets;
  if (t.eval.url_note) e["url_note"] = *t.eval.url_note;
  if (t.eval.string_note) e["string_note"] = *t.eval.string_note;
  if (t.eval.reference_answer_raw_annotation) {
    e["reference_answer_raw_annotation"] = *t.eval.reference_answer_raw_annotation;
  }
  j["eval"] = e;
  j["intent_template_id"] = t.intent_template_id;
  if (t.old_task_id) j["old_task_id"] = *t.old_task_id;
  for (auto it = t.extra.begin(); it != t.extra.end(); ++it) j[it.key()] = it.value();
  return j;
}

EpisodeSpec TaskEpisode(const Task& task) {
  EpisodeSpec spec;
  spec.start_urls = task.StartUrls();
  spec.sites = task.sites;
  spec.logged_in = task.require_login;
  spec.intent = task.intent;
  return spec;
}

}  // namespace wa
