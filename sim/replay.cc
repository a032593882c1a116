#include "sim/replay.h"

#include <memory>

#include "sim/env.h"
#include "sim/evaluator.h"
#include "sim/site.h"

namespace wa {

nlohmann::json ReplaySpec::ToJson() const {
  return {{"task", ExportTask(task)},
          {"reset_seed", reset_seed},
          {"site_seed", site_seed},
          {"max_steps", max_steps}};
}

Result<ReplaySpec> ReplaySpec::FromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("task")) {
    return InvalidArgument("the replay record has no task");
  }
  auto task = ParseTask(j["task"], "replay record");
  if (!task.ok()) return task.status();
  ReplaySpec s;
  s.task = std::move(*task);
  try {
    s.reset_seed = j.value("reset_seed", uint64_t{0});
    s.site_seed = j.value("site_seed", uint64_t{0});
    s.max_steps = j.value("max_steps", 30);
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument(std::string("the replay record has a malformed field: ") + e.what());
  }
  if (s.max_steps < 1) return InvalidArgument("the replay record's max_steps must be positive");
  return s;
}

Result<ReplayResult> ReplayEpisode(const ReplaySpec& spec, const std::vector<std::string>& actions,
                                   size_t max_rows_per_table) {
  EnvOptions eo;
  eo.max_steps = spec.max_steps;
  eo.sites.seed = spec.site_seed;
  Env env(eo);
  EpisodeSpec episode = TaskEpisode(spec.task);
  episode.evaluator = std::make_shared<TaskEvaluator>(spec.task, EvaluatorOptions());
  StepResult r;
  WA_RETURN_IF_ERROR(env.Reset(episode, spec.reset_seed, &r));
  ReplayResult out;
  for (const std::string& action : actions) {
    if (env.done()) break;
    env.Step(action, &r);
    ++out.steps;
    out.urls.push_back(r.info.url);
    out.action_errors.push_back(r.info.action_error);
    if (r.terminated || r.truncated) {
      out.finished = true;
      out.reward = r.reward;
      out.explanation = r.info.eval_explanation;
    }
  }
  for (const auto& [name, state] : env.browser().sites()) {
    auto pristine = Db::OpenMemory();
    if (!pristine.ok()) return pristine.status();
    WA_RETURN_IF_ERROR((*pristine)->Deserialize(state.model->pristine));
    auto tables = DiffDatabases(**pristine, *state.db, max_rows_per_table);
    if (!tables.ok()) return tables.status();
    out.changes.push_back({name, std::move(*tables)});
  }
  return out;
}

}  // namespace wa
