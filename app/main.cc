// webagent: the project's command-line program.
//
//   webagent demo      a batch of random-policy episodes on the fixture site, with throughput
//   webagent play      interactive loop: prints the observation, reads an action line, steps
//   webagent observe   prints the observation of one URL
//   webagent sites     lists the simulated sites and their base URLs
//   webagent eval      runs a policy (noop, random, oracle, model:DIR) on a split
//   webagent tasks     lists or exports a split's tasks
//   webagent tokenizer trains a byte-level BPE tokenizer on oracle demonstrations
//   webagent init-model writes a freshly initialised checkpoint directory
#include <fmt/core.h>
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <thread>

#include "agent/bpe_trainer.h"
#include "agent/demonstrations.h"
#include "agent/episode_store.h"
#include "bridge/live_run.h"
#include "bridge/server.h"
#include "bridge/validate.h"
#include "report/plot.h"
#include "rl/group_outcomes.h"
#include "rl/grpo_trainer.h"
#include "rl/inspect.h"
#include "rl/policy.h"
#include "rl/task_schedule.h"
#include "rl/train.h"
#include "sim/env.h"
#include "sim/file_util.h"
#include "sim/harness.h"
#include "sim/llm_judge.h"
#include "sim/random_policy.h"
#include "sim/replay.h"
#include "sim/rng.h"
#include "sim/task_templates.h"
#include "sim/vec_env.h"
#include "viewer/run_store.h"
#include "viewer/viewer.h"

namespace {

// A JSON file's text. Results hold model output (answers, actions, decoded tokens), which
// need not be valid UTF-8: such bytes are written as U+FFFD instead of aborting the run.
std::string JsonFile(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Writes a file atomically (sim/file_util.h); false on failure.
bool WriteFileAtomic(const std::string& path, const std::string& data) {
  return wa::WriteFileAtomic(path, data).ok();
}

struct DemoArgs {
  size_t envs = 8;
  size_t threads = 2;
  int episodes = 64;
  int max_steps = 20;
  uint64_t seed = 1;
  std::string obs = "webrl";
  std::string out = "out/demo.json";
};

int RunDemo(const DemoArgs& args) {
  auto obs_type = wa::ParseObservationType(args.obs);
  if (!obs_type.ok()) {
    fmt::print(stderr, "error: {}\n", obs_type.status().message());
    return 2;
  }
  wa::EnvOptions opts;
  opts.observation.type = *obs_type;
  opts.max_steps = args.max_steps;
  wa::VecEnv vec(args.envs, args.threads, opts);
  wa::Rng master(args.seed);
  std::vector<wa::Rng> policy_rng;
  for (size_t i = 0; i < args.envs; ++i) policy_rng.push_back(master.Split(i));

  fmt::print("demo: {} episodes on the fixture site, {} envs, {} threads, max {} steps\n",
             args.episodes, args.envs, args.threads, args.max_steps);
  int started = 0, finished = 0;
  long steps = 0, resets = 0, exits = 0, action_errors = 0;
  double obs_bytes = 0;
  auto t0 = Clock::now();
  auto last_report = t0;
  auto start_episode = [&](size_t e) {
    vec.SendReset(e, wa::EpisodeSpec::FromUrl("__FIXTURE__/"),
                  args.seed * 1000003ULL + static_cast<uint64_t>(started));
    ++started;
    ++resets;
  };
  for (size_t e = 0; e < args.envs && started < args.episodes; ++e) start_episode(e);
  while (vec.pending() > 0) {
    for (size_t e : vec.Recv(1)) {
      const wa::StepResult& r = vec.results()[e];
      if (!vec.reset_status()[e].ok()) {
        fmt::print(stderr, "error: reset failed: {}\n", vec.reset_status()[e].message());
        return 1;
      }
      obs_bytes += static_cast<double>(r.observation.size());
      if (!r.info.action_error.empty()) ++action_errors;
      if (r.terminated || r.truncated) {
        exits += r.terminated;
        ++finished;
        if (started < args.episodes) start_episode(e);
        continue;
      }
      const wa::Page* page = vec.env(e).browser().page();
      vec.SendStep(e, wa::RandomActionText(*page, policy_rng[e]));
      ++steps;
    }
    auto now = Clock::now();
    if (Seconds(last_report, now) > 1.0) {
      double el = Seconds(t0, now);
      double rate = static_cast<double>(steps) / el;
      double eta = finished > 0 ? el * (args.episodes - finished) / finished : 0;
      fmt::print("  episodes {}/{}  steps {}  {:.0f} steps/s  ETA {:.1f}s\n", finished,
                 args.episodes, steps, rate, eta);
      last_report = now;
    }
  }
  double elapsed = Seconds(t0, Clock::now());
  nlohmann::json result = {
      {"episodes", finished},
      {"steps", steps},
      {"resets", resets},
      {"exits", exits},
      {"action_errors", action_errors},
      {"elapsed_s", elapsed},
      {"steps_per_s", static_cast<double>(steps) / elapsed},
      {"mean_observation_bytes", obs_bytes / static_cast<double>(steps + resets)},
      {"envs", args.envs},
      {"threads", args.threads},
      {"seed", args.seed},
  };
  fmt::print("\n{:<26}{:>14}\n", "metric", "value");
  fmt::print("{:<26}{:>14}\n", "episodes", finished);
  fmt::print("{:<26}{:>14}\n", "steps", steps);
  fmt::print("{:<26}{:>14}\n", "ended by exit()", exits);
  fmt::print("{:<26}{:>14}\n", "actions with an error", action_errors);
  fmt::print("{:<26}{:>14.3f}\n", "elapsed (s)", elapsed);
  fmt::print("{:<26}{:>14.0f}\n", "steps/s", static_cast<double>(steps) / elapsed);
  fmt::print("{:<26}{:>14.0f}\n", "mean observation (bytes)",
             obs_bytes / static_cast<double>(steps + resets));
  if (!args.out.empty()) {
    if (!WriteFileAtomic(args.out, JsonFile(result))) {
      fmt::print(stderr, "error: cannot write {}\n", args.out);
      return 1;
    }
    fmt::print("wrote {}\n", args.out);
  }
  return 0;
}

int RunPlay(const std::string& site, const std::string& url, const std::string& obs,
            int max_steps) {
  auto obs_type = wa::ParseObservationType(obs);
  if (!obs_type.ok()) {
    fmt::print(stderr, "error: {}\n", obs_type.status().message());
    return 2;
  }
  wa::EnvOptions opts;
  opts.observation.type = *obs_type;
  opts.max_steps = max_steps;
  wa::Env env(opts);
  wa::StepResult r;
  std::string start = url;
  if (start.empty()) {
    for (const wa::SiteHost& h : wa::KnownSiteHosts()) {
      if (site == h.name) start = h.base_url;
    }
  }
  if (start.empty()) {
    fmt::print(stderr, "error: unknown site '{}'\n", site);
    return 2;
  }
  wa::Status st = env.Reset(start, 0, &r);
  if (!st.ok()) {
    fmt::print(stderr, "error: {}\n", st.message());
    return 1;
  }
  std::string line;
  while (true) {
    fmt::print("\n== step {} | {} | {}\n{}\n", r.info.step, r.info.title, r.info.url,
               r.observation);
    if (!r.info.action_error.empty()) fmt::print("!! action error: {}\n", r.info.action_error);
    if (r.terminated || r.truncated) {
      fmt::print("episode over ({}), reward {}\n", r.terminated ? "exit" : "step limit", r.reward);
      return 0;
    }
    fmt::print("action> ");
    std::cout.flush();
    if (!std::getline(std::cin, line)) return 0;
    if (line == "quit" || line == "q") return 0;
    env.Step(line, &r);
  }
}

int RunObserve(const std::string& url, const std::string& obs, int scrolls) {
  auto obs_type = wa::ParseObservationType(obs);
  if (!obs_type.ok()) {
    fmt::print(stderr, "error: {}\n", obs_type.status().message());
    return 2;
  }
  wa::EnvOptions opts;
  opts.observation.type = *obs_type;
  wa::Env env(opts);
  wa::StepResult r;
  wa::Status st = env.Reset(url, 0, &r);
  if (!st.ok()) {
    fmt::print(stderr, "error: {}\n", st.message());
    return 1;
  }
  for (int i = 0; i < scrolls; ++i) env.Step("do(action=\"Scroll Down\")", &r);
  fmt::print("{}\n", r.observation);
  return 0;
}

struct EvalArgs {
  std::string split = "test";
  std::string policy = "oracle";
  std::string tasks_file;
  std::vector<std::string> sites;
  int per_template = 3;
  int test_per_template = 0;  // test split: at most this many tasks per template (0: all)
  int max_steps = 30;
  size_t envs = 8;
  size_t threads = 2;
  uint64_t seed = 0;
  bool webarena_url_rule = false;
  std::string judge_url;  // empty: the deterministic judge
  std::string judge_model = "gpt-4-1106-preview";
  std::string judge_key_env = "OPENAI_API_KEY";
  std::string out = "out/eval.json";
  std::string obs;  // observation type ("" = webrl, or a model checkpoint's agent.json)
  // Model policies.
  std::string device = "cpu", dtype;
  int torch_threads = 0, max_new_tokens = 0;
  bool greedy = false;
  double temperature = -1.0, top_p = -1.0;  // sampling; negative: the checkpoint's agent.json
  std::vector<int> caps;  // interaction-cap sweep (test-time scaling); empty: one run
  int samples = 1;        // sampled episodes per task (model policies; 1 with --greedy)
  std::string store;      // episode store to write the episodes to ("" = none)
};

// Writes every episode of an evaluation (steps with pages and policy outputs, verdict, replay
// record) to an episode store, for `webagent view`.
bool WriteEvalStore(wa::EpisodeStore* store, const std::string& stage, const std::string& split,
                    const std::vector<wa::Task>& tasks, const wa::EvalReport& report,
                    const wa::HarnessOptions& ho) {
  for (size_t i = 0; i < tasks.size() && i < report.outcomes.size(); ++i) {
    const wa::TaskOutcome& o = report.outcomes[i];
    wa::EpisodeRecord rec;
    rec.stage = stage;
    rec.split = split;
    rec.task_id = o.task_id;
    rec.template_id = o.intent_template_id;
    rec.sites = o.sites;
    rec.intent = o.intent;
    rec.group = static_cast<int>(i);
    rec.reward = o.score;
    rec.answer = o.answer;
    rec.verdict = o.error.empty() ? o.explanation : o.error;
    wa::ReplaySpec replay;
    replay.task = tasks[i];
    replay.reset_seed = o.reset_seed;
    replay.site_seed = ho.seed;
    replay.max_steps = ho.max_steps;
    rec.replay = replay.ToJson();
    for (const wa::TraceStep& t : o.trace) {
      wa::StepRecord sr;
      sr.url = t.url;
      sr.observation = t.observation;
      sr.prompt = t.prompt;
      sr.response = t.response;
      sr.action = t.action;
      sr.action_error = t.action_error;
      sr.boxes = nlohmann::json::parse(t.boxes.empty() ? "[]" : t.boxes, nullptr, false);
      rec.steps.push_back(std::move(sr));
    }
    store->Add(std::move(rec));
  }
  wa::Status st = store->Flush();
  if (!st.ok()) fmt::print(stderr, "error: writing the episode store: {}\n", st.message());
  return st.ok();
}

// Builds the task list of a split (or loads a task file).
bool LoadSplit(const EvalArgs& a, std::vector<wa::GeneratedTask>* out) {
  if (!a.tasks_file.empty()) {
    auto tasks = wa::LoadTasks(a.tasks_file);
    if (!tasks.ok()) {
      fmt::print(stderr, "error: {}\n", tasks.status().message());
      return false;
    }
    for (wa::Task& t : *tasks) {
      if (!a.sites.empty()) {
        std::string group;
        for (const std::string& s : t.sites) group += (group.empty() ? "" : "+") + s;
        bool wanted = false;
        for (const std::string& s : a.sites) wanted |= s == group;
        if (!wanted) continue;
      }
      nlohmann::json params = t.instantiation_dict;  // read before the move
      out->push_back({std::move(t), std::move(params)});
    }
    return true;
  }
  wa::SplitOptions so;
  so.sites = a.sites;
  so.per_template = a.per_template;
  so.test_per_template = a.test_per_template;
  so.seed = a.seed;
  wa::Split split;
  if (a.split == "test") {
    split = wa::Split::kTest;
  } else if (a.split == "train") {
    split = wa::Split::kTrain;
  } else {
    fmt::print(stderr, "error: unknown split '{}' (expected test or train)\n", a.split);
    return false;
  }
  auto gen = wa::GenerateSplit(split, so);
  if (!gen.ok()) {
    fmt::print(stderr, "error: {}\n", gen.status().message());
    return false;
  }
  *out = std::move(*gen);
  return true;
}

// The observation type a checkpoint was trained on (agent.json), or "" when unknown.
std::string ModelObservation(const std::string& dir) {
  std::ifstream f(std::filesystem::path(dir) / "agent.json");
  if (!f) return "";
  auto j = nlohmann::json::parse(f, nullptr, false);
  return j.is_discarded() ? "" : j.value("observation", "");
}

// The policy an evaluation names: noop, random, oracle or model:DIR.
// `sample` k > 0 gives a model policy another sampling seed (the k-th pass of --samples); the
// site data and the tasks keep a.seed.
wa::Result<std::unique_ptr<wa::Policy>> BuildPolicy(const EvalArgs& a,
                                                    const std::vector<wa::GeneratedTask>& gen,
                                                    int sample = 0) {
  if (a.policy.rfind("model:", 0) == 0) {
    wa::ModelPolicyOptions mo;
    mo.device = a.device;
    mo.dtype = a.dtype;
    mo.threads = a.torch_threads;
    mo.seed = a.seed + 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(sample);
    mo.greedy = a.greedy;
    mo.max_new_tokens = a.max_new_tokens;
    mo.temperature = static_cast<float>(a.temperature);
    mo.top_p = static_cast<float>(a.top_p);
    return wa::MakeModelPolicy(a.policy.substr(6), mo);
  }
  return wa::MakePolicy(a.policy, a.seed, gen);
}

// The fuzzy_match judge: an HTTP LLM judge when configured, else the deterministic one (said on
// stdout, so results name it).
bool BuildJudge(const EvalArgs& a, wa::EvaluatorOptions* evaluator) {
  evaluator->webarena_url_rule = a.webarena_url_rule;
  if (!a.judge_url.empty()) {
    wa::HttpJudgeOptions jo;
    jo.base_url = a.judge_url;
    jo.model = a.judge_model;
    jo.api_key_env = a.judge_key_env;
    auto judge = wa::MakeHttpJudge(jo);
    if (!judge.ok()) {
      fmt::print(stderr, "error: {}\n", judge.status().message());
      return false;
    }
    evaluator->judge = *judge;
  }
  fmt::print("fuzzy_match judge: {}\n",
             evaluator->judge ? evaluator->judge->name() : std::string("deterministic"));
  return true;
}

// --samples K: K passes over the tasks, each with its own sampling seed, as one report of K x N
// episodes (the success rate is the mean over all of them); prints each pass's success and the
// standard error of their mean.
int RunSampledEval(const EvalArgs& a, const std::vector<wa::GeneratedTask>& gen,
                   const std::vector<wa::Task>& tasks, const wa::HarnessOptions& ho,
                   std::unique_ptr<wa::Policy> first, wa::EpisodeStore* store) {
  const std::string split = a.tasks_file.empty() ? a.split : "file";
  wa::EvalReport all;
  all.policy = first->name();
  std::vector<double> rates;
  for (int k = 0; k < a.samples; ++k) {
    std::unique_ptr<wa::Policy> policy = std::move(first);
    if (k > 0) {
      auto built = BuildPolicy(a, gen, k);
      if (!built.ok()) {
        fmt::print(stderr, "error: {}\n", built.status().message());
        return 2;
      }
      policy = std::move(*built);
    }
    fmt::print("sample pass {}/{}:\n", k + 1, a.samples);
    std::fflush(stdout);
    wa::EvalReport report = wa::RunEvaluation(tasks, policy.get(), ho);
    if (store &&
        !WriteEvalStore(store, fmt::format("eval_sample{}", k), split, tasks, report, ho)) {
      return 1;
    }
    rates.push_back(report.SuccessRate(""));
    fmt::print("sample pass {}/{}: success {:.1f}%\n", k + 1, a.samples, rates.back());
    all.elapsed_s += report.elapsed_s;
    all.total_steps += report.total_steps;
    for (wa::TaskOutcome& o : report.outcomes) all.outcomes.push_back(std::move(o));
  }
  double mean = 0, var = 0;
  for (double r : rates) mean += r / static_cast<double>(rates.size());
  for (double r : rates) var += (r - mean) * (r - mean) / static_cast<double>(rates.size() - 1);
  const double se = std::sqrt(var / static_cast<double>(rates.size()));
  fmt::print("\n{} passes of {} tasks: success {:.1f}% (standard error of the mean {:.1f})\n",
             a.samples, tasks.size(), all.SuccessRate(""), se);
  fmt::print("\n{}", all.Table());
  if (!a.out.empty()) {
    nlohmann::json j = all.ToJson();
    j["samples"] = a.samples;
    j["temperature"] = a.temperature;  // negative: the checkpoint's agent.json
    j["top_p"] = a.top_p;
    j["sample_success"] = rates;
    j["sample_standard_error"] = se;
    if (!WriteFileAtomic(a.out, JsonFile(j))) {
      fmt::print(stderr, "error: cannot write {}\n", a.out);
      return 1;
    }
    fmt::print("wrote {}\n", a.out);
  }
  return 0;
}

int RunEval(const EvalArgs& a) {
  if (a.samples < 1) {
    fmt::print(stderr, "error: --samples must be at least 1, got {}\n", a.samples);
    return 2;
  }
  if (a.samples > 1) {
    std::string why;
    if (a.policy.rfind("model:", 0) != 0) why = "it applies to model policies only";
    if (a.greedy) why = "greedy decoding gives the same episode every pass";
    if (!a.caps.empty()) why = "it cannot be combined with --caps";
    if (!why.empty()) {
      fmt::print(stderr, "error: --samples {}: {}\n", a.samples, why);
      return 2;
    }
  }
  std::vector<wa::GeneratedTask> gen;
  if (!LoadSplit(a, &gen)) return 2;
  if (gen.empty()) {
    fmt::print(stderr, "error: the split has no tasks\n");
    return 2;
  }
  wa::Result<std::unique_ptr<wa::Policy>> policy = BuildPolicy(a, gen);
  if (!policy.ok()) {
    fmt::print(stderr, "error: {}\n", policy.status().message());
    return 2;
  }
  std::vector<wa::Task> tasks;
  for (const auto& g : gen) tasks.push_back(g.task);
  wa::HarnessOptions ho;
  std::string obs = a.obs;
  if (obs.empty() && a.policy.rfind("model:", 0) == 0) obs = ModelObservation(a.policy.substr(6));
  if (!obs.empty()) {
    auto type = wa::ParseObservationType(obs);
    if (!type.ok()) {
      fmt::print(stderr, "error: {}\n", type.status().message());
      return 2;
    }
    ho.observation = *type;
  }
  ho.max_steps = a.max_steps;
  ho.envs = a.envs;
  ho.threads = a.threads;
  ho.seed = a.seed;
  if (!BuildJudge(a, &ho.evaluator)) return 2;
  ho.progress = true;
  std::unique_ptr<wa::EpisodeStore> store;
  if (!a.store.empty()) {
    auto opened = wa::EpisodeStore::Open(
        a.store, "eval",
        {{"policy", a.policy}, {"split", a.split}, {"seed", a.seed}, {"max_steps", a.max_steps}});
    if (!opened.ok()) {
      fmt::print(stderr, "error: {}\n", opened.status().message());
      return 2;
    }
    store = std::move(*opened);
    ho.keep_trace = true;
  }
  const std::string split = a.tasks_file.empty() ? a.split : "file";
  fmt::print("eval: {} tasks, policy {}, {} envs, {} threads, turn cap {}\n", tasks.size(),
             a.policy, a.envs, a.threads, a.max_steps);
  std::fflush(stdout);
  if (!a.caps.empty()) {
    // Test-time scaling: the same policy under each interaction cap.
    nlohmann::json sweep = nlohmann::json::array();
    std::string table = "| Cap | Success (%) | Steps per task |\n|---|---|---|\n";
    for (int cap : a.caps) {
      if (cap <= 0) {
        fmt::print(stderr, "error: interaction caps must be positive, got {}\n", cap);
        return 2;
      }
      ho.max_steps = cap;
      fmt::print("cap {}:\n", cap);
      std::fflush(stdout);
      wa::EvalReport report = wa::RunEvaluation(tasks, policy->get(), ho);
      if (store &&
          !WriteEvalStore(store.get(), fmt::format("eval_cap{}", cap), split, tasks, report, ho)) {
        return 1;
      }
      double steps = static_cast<double>(report.total_steps) /
                     std::max<double>(1, static_cast<double>(report.outcomes.size()));
      table += fmt::format("| {} | {:.1f} | {:.1f} |\n", cap, report.SuccessRate(""), steps);
      sweep.push_back({{"cap", cap}, {"report", report.ToJson()}});
    }
    fmt::print("\npolicy {}\n{}", a.policy, table);
    if (!a.out.empty()) {
      if (!WriteFileAtomic(a.out,
                           JsonFile(nlohmann::json{{"policy", a.policy}, {"sweep", sweep}}))) {
        fmt::print(stderr, "error: cannot write {}\n", a.out);
        return 1;
      }
      fmt::print("wrote {}\n", a.out);
    }
    return 0;
  }
  if (a.samples > 1) return RunSampledEval(a, gen, tasks, ho, std::move(*policy), store.get());
  wa::EvalReport report = wa::RunEvaluation(tasks, policy->get(), ho);
  if (store) {
    if (!WriteEvalStore(store.get(), "eval", split, tasks, report, ho)) return 1;
    fmt::print("episodes written to {} (webagent view {})\n", a.store, a.store);
  }
  fmt::print("\n{}", report.Table());
  if (!a.out.empty()) {
    if (!WriteFileAtomic(a.out, JsonFile(report.ToJson()))) {
      fmt::print(stderr, "error: cannot write {}\n", a.out);
      return 1;
    }
    fmt::print("wrote {}\n", a.out);
  }
  return 0;
}

struct TokenizerArgs {
  std::string out = "out/tokenizer.json";
  size_t vocab = 4096;
  std::string format = "think";
  bool bare_words = false;
};

// Says how many of the oracle's demonstrations failed their task, by template: behaviour cloning
// leaves them out, and a silent drop would hide a broken oracle or a plan made on other site data.
void WarnFailedDemonstrations(const std::string& stage, const std::vector<wa::Demonstration>& d) {
  std::map<int, int> failed;
  size_t n = 0;
  for (const wa::Demonstration& x : d) {
    if (x.score < 1.0f) {
      ++failed[x.task.intent_template_id];
      ++n;
    }
  }
  if (n == 0) return;
  std::string list;
  for (const auto& [id, k] : failed) {
    list += fmt::format("{}{}: {}", list.empty() ? "" : ", ", id, k);
  }
  fmt::print(stderr,
             "[{}] warning: {} of {} oracle demonstrations failed their task (template: count; "
             "behaviour cloning leaves them out): {}\n",
             stage, n, d.size(), list);
}

// Trains a tokenizer on the oracle's demonstrations of a split.
int RunTokenizer(const EvalArgs& a, const TokenizerArgs& t) {
  std::vector<wa::GeneratedTask> gen;
  if (!LoadSplit(a, &gen)) return 2;
  auto format = wa::ParsePromptFormat(t.format);
  if (!format.ok()) {
    fmt::print(stderr, "error: {}\n", format.status().message());
    return 2;
  }
  wa::HarnessOptions ho;
  ho.threads = a.threads;
  ho.envs = a.envs;
  ho.seed = a.seed;
  if (!a.obs.empty()) {
    auto type = wa::ParseObservationType(a.obs);
    if (!type.ok()) {
      fmt::print(stderr, "error: {}\n", type.status().message());
      return 2;
    }
    ho.observation = *type;
  }
  auto t0 = Clock::now();
  auto demos = wa::CollectDemonstrations(gen, ho);
  WarnFailedDemonstrations("tokenizer", demos);
  std::vector<std::string> corpus = wa::DemonstrationCorpus(demos, *format);
  size_t bytes = 0;
  for (const auto& s : corpus) bytes += s.size();
  fmt::print("corpus: {} demonstrations, {} texts, {:.1f} MB in {:.1f} s\n", demos.size(),
             corpus.size(), static_cast<double>(bytes) / 1e6, Seconds(t0, Clock::now()));
  wa::BpeTrainerOptions bo;
  bo.vocab_size = t.vocab;
  bo.bare_words = t.bare_words;
  bo.progress = true;
  auto tok = wa::TrainBpe(corpus, bo);
  if (!tok.ok()) {
    fmt::print(stderr, "error: {}\n", tok.status().message());
    return 2;
  }
  size_t tokens = 0;
  for (const auto& s : corpus) tokens += tok->Encode(s).size();
  if (auto st = tok->Save(t.out); !st.ok()) {
    fmt::print(stderr, "error: {}\n", st.message());
    return 1;
  }
  fmt::print("wrote {}: {} tokens, {:.2f} bytes per token on the corpus, {:.1f} s\n", t.out,
             tok->vocab_size(), static_cast<double>(bytes) / static_cast<double>(tokens),
             Seconds(t0, Clock::now()));
  return 0;
}

struct TrainArgs {
  std::string stage = "bc";  // base or bc
  std::string init;          // checkpoint to start from
  std::string out = "out/run";
  int steps = 100, batch = 8, micro_batch = 4, warmup = 10, window = 256, max_context = 0;
  int log_every = 10, torch_threads = 0;
  double lr = 1e-3;
  // M-GRPO (stage grpo).
  int group = 4, tasks_per_step = 2, max_turns = 15, max_new_tokens = 64, updates = 1;
  int staleness = 0, max_batch = 16;
  bool dynamic_sampling = false;        // grpo: draw groups until tasks_per_step have signal
  int max_draw = 0;                     // grpo: groups drawn per update at most (0: 4 x tasks)
  std::string task_order = "shuffled";  // grpo: shuffled, template, weighted, learnability
  std::string template_weights;         // grpo, weighted order: "ID=W,ID=W"
  int probe_tasks = 4;                  // grpo, learnability order: probe tasks per template
  int save_every = 10, eval_every = 0;
  double beta = 0.001, clip = 0.2, temperature = 1.0, top_p = 1.0;
  std::string norm = "sequence";
  std::string context = "exact";   // grpo: exact (each turn's own prompt) or single (reference)
  std::string thoughts = "short";  // bc: "long" for R1-CoT's reasoning thoughts
  double hard_fraction = 0;        // base/bc: share of each batch drawn by recorded loss
  double copy_loss = 0;            // base/bc: weight of the copy head's auxiliary loss
  double element_weight = 1;       // bc: cross-entropy weight of the element-id tokens
  int balance_templates = 0;       // bc: repeat rare templates' demonstrations up to this often
};

std::string Eta(double seconds) {
  int s = static_cast<int>(seconds + 0.5);
  return s >= 60 ? fmt::format("{}m{:02d}s", s / 60, s % 60) : fmt::format("{}s", s);
}

// M-GRPO from a checkpoint (the frozen reference is the same checkpoint).
int RunGrpo(const EvalArgs& a, const TrainArgs& t, wa::Transformer model, const wa::Tokenizer& tok,
            wa::AgentSettings settings, size_t max_context,
            const std::vector<wa::GeneratedTask>& gen) {
  namespace fs = std::filesystem;
  auto reference = wa::LoadModel(t.init, torch::kCPU, torch::kFloat32);
  auto norm = wa::ParseGrpoNorm(t.norm);
  auto context = wa::ParseGrpoContext(t.context);
  if (!context.ok()) {
    fmt::print(stderr, "error: {}\n", context.status().message());
    return 2;
  }
  auto obs = wa::ParseObservationType(settings.observation);
  const bool learnability = t.task_order == "learnability";
  auto task_order = wa::ParseTaskOrder(learnability ? "weighted" : t.task_order);
  std::map<int, double> template_weights;
  if (task_order.ok() && !t.template_weights.empty()) {
    auto w = wa::ParseTemplateWeights(t.template_weights);
    if (!w.ok()) task_order = w.status();
    if (w.ok()) template_weights = *w;
  }
  if (task_order.ok() && *task_order == wa::TaskOrder::kWeighted && !learnability &&
      template_weights.empty()) {
    task_order = wa::InvalidArgument("--task-order weighted needs --template-weights");
  }
  if (!task_order.ok()) {
    fmt::print(stderr, "error: {}\n", task_order.status().message());
    return 2;
  }
  if (!t.template_weights.empty() && t.task_order != "weighted") {
    fmt::print(stderr, "warning: --template-weights is used only with --task-order weighted\n");
  }
  if (!reference.ok() || !norm.ok() || !obs.ok()) {
    fmt::print(stderr, "error: {}\n",
               !reference.ok() ? reference.status().message()
               : !norm.ok()    ? norm.status().message()
                               : obs.status().message());
    return 2;
  }
  wa::GrpoConfig gc;
  gc.group_size = t.group;
  gc.tasks_per_batch = t.tasks_per_step;
  gc.max_turns = t.max_turns;
  gc.max_new_tokens = t.max_new_tokens;
  gc.updates_per_batch = t.updates;
  gc.temperature = static_cast<float>(t.temperature);
  gc.top_p = static_cast<float>(t.top_p);
  gc.max_context = max_context;
  gc.micro_batch = static_cast<size_t>(std::max(1, t.micro_batch));
  gc.env_threads = a.threads;
  gc.staleness = t.staleness;
  gc.max_batch = t.max_batch;
  gc.dynamic_sampling = t.dynamic_sampling;
  gc.max_draw = t.max_draw;
  gc.observation = *obs;
  gc.loss.beta = t.beta;
  gc.loss.clip_eps = t.clip;
  gc.loss.norm = *norm;
  gc.context = *context;
  gc.seed = a.seed;
  gc.site_seed = a.seed;  // the split was generated on site data of this seed
  wa::OptimConfig oc;
  oc.lr = t.lr;
  oc.warmup_steps = t.warmup;
  oc.total_steps = t.steps;
  oc.min_lr_ratio = 1.0;  // constant after warm-up, as the reference's RL stage
  wa::GrpoTrainer trainer(std::move(model), std::move(*reference), tok, settings, gc, oc);
  if (fs::exists(fs::path(t.out) / "trainer.json")) {
    if (auto st = trainer.trainer().Load(t.out); !st.ok()) {
      fmt::print(stderr, "error: resuming from {}: {}\n", t.out, st.message());
      return 1;
    }
    fmt::print("[grpo] resuming {} at step {}\n", t.out, trainer.trainer().step());
  }
  std::vector<wa::Task> tasks;
  for (const auto& g : gen) tasks.push_back(g.task);
  if (tasks.empty()) {
    fmt::print(stderr, "error: no training tasks for M-GRPO\n");
    return 2;
  }
  // The learnability order probes the starting policy once (G rollouts on up to --probe-tasks
  // tasks of each template) and keeps the weights in the run directory, so that a resumed run
  // draws the same tasks without probing its later policy.
  const fs::path weights_path = fs::path(t.out) / "task_weights.json";
  if (learnability && fs::exists(weights_path)) {
    std::ifstream in(weights_path);
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.contains("weights") || !j["weights"].is_object()) {
      fmt::print(stderr, "error: {} is not a task weights file\n", weights_path.string());
      return 1;
    }
    for (const auto& [id, w] : j["weights"].items()) {
      int key = 0;
      bool id_ok = true;
      try {
        size_t used = 0;
        key = std::stoi(id, &used);
        id_ok = used == id.size();
      } catch (const std::exception&) {
        id_ok = false;
      }
      if (!id_ok || !w.is_number() || w.get<double>() < 0) {
        fmt::print(stderr, "error: {}: entry \"{}\" is not a template id with a weight >= 0\n",
                   weights_path.string(), id);
        return 1;
      }
      template_weights[key] = w.get<double>();
    }
    fmt::print("[grpo] learnability weights from {}\n", weights_path.string());
  } else if (learnability) {
    auto probe_schedule = wa::TaskSchedule::Make(tasks, wa::TaskOrder::kTemplate, a.seed);
    if (!probe_schedule.ok()) {
      fmt::print(stderr, "error: {}\n", probe_schedule.status().message());
      return 2;
    }
    std::vector<wa::Task> probe =
        probe_schedule->Sample(static_cast<size_t>(std::max(1, t.probe_tasks)));
    fmt::print("[grpo] probing the starting policy: {} tasks x G={}\n", probe.size(), t.group);
    std::fflush(stdout);
    auto probe_start = Clock::now();
    std::vector<wa::Trajectory> trajectories = trainer.Rollout(probe, nullptr);
    std::map<int, std::vector<float>> rewards;
    for (const wa::Trajectory& tr : trajectories) {
      rewards[probe[tr.task].intent_template_id].push_back(tr.reward);
    }
    template_weights = wa::LearnabilityWeights(rewards);
    nlohmann::json jw = nlohmann::json::object(), jr = nlohmann::json::object();
    for (const auto& [id, r] : rewards) {
      double mean = 0;
      for (float x : r) mean += x;
      mean /= static_cast<double>(r.size());
      jr[std::to_string(id)] = {{"trajectories", r.size()}, {"reward", mean}};
      jw[std::to_string(id)] = template_weights[id];
    }
    fs::create_directories(t.out);
    if (!WriteFileAtomic(
            weights_path.string(),
            nlohmann::json{
                {"weights", jw}, {"probe", jr}, {"probe_s", Seconds(probe_start, Clock::now())}}
                    .dump(2) +
                "\n")) {
      fmt::print(stderr, "error: cannot write {}\n", weights_path.string());
      return 1;
    }
  }
  auto schedule = wa::TaskSchedule::Make(std::move(tasks), *task_order, a.seed, template_weights);
  if (!schedule.ok()) {
    fmt::print(stderr, "error: {}\n", schedule.status().message());
    return 2;
  }
  fmt::print(
      "[grpo] {} training tasks ({} order), G={}, {} tasks per step{}, cap {} turns, beta {}, "
      "clip {}, norm {}, {} context\n",
      schedule->size(), t.task_order, t.group, t.tasks_per_step,
      t.dynamic_sampling ? " with signal (dynamic sampling)" : "", t.max_turns, t.beta, t.clip,
      t.norm, t.context);
  nlohmann::json weights_json = nlohmann::json::object();
  for (const auto& [id, w] : template_weights) weights_json[std::to_string(id)] = w;
  for (int id : schedule->templates()) {
    auto w = template_weights.find(id);
    fmt::print("[grpo]   template {}: {:.1f}% of the groups{}\n", id, 100 * schedule->Share(id),
               w == template_weights.end() || *task_order != wa::TaskOrder::kWeighted
                   ? ""
                   : fmt::format(" (weight {:.3f})", w->second));
  }
  fs::create_directories(t.out);
  std::ofstream metrics(fs::path(t.out) / "metrics.jsonl", std::ios::app);
  nlohmann::json run_config = {{"stage", "grpo"},
                               {"init", t.init},
                               {"group", t.group},
                               {"tasks_per_step", t.tasks_per_step},
                               {"max_turns", t.max_turns},
                               {"beta", t.beta},
                               {"clip", t.clip},
                               {"norm", t.norm},
                               {"context", t.context},
                               {"staleness", t.staleness},
                               {"max_batch", t.max_batch},
                               {"lr", t.lr},
                               {"dynamic_sampling", t.dynamic_sampling},
                               {"max_draw", t.max_draw},
                               {"task_order", t.task_order},
                               {"template_weights", weights_json},
                               {"seed", a.seed},
                               {"steps", t.steps}};
  auto store =
      wa::EpisodeStore::Open((fs::path(t.out) / "episodes.sqlite").string(), "grpo", run_config);
  if (!store.ok()) {
    fmt::print(stderr, "error: {}\n", store.status().message());
    return 1;
  }
  auto start = Clock::now();
  int first = trainer.trainer().step();
  double reward_sum = 0;
  int reward_n = 0;
  settings.max_context_tokens = static_cast<int>(max_context);
  // The checkpoint's agent.json, and so its evaluations, answer with the response length the
  // rollouts used: the prompt budget left for the page depends on it.
  settings.max_new_tokens = t.max_new_tokens;
  // A complete checkpoint directory (weights, optimizer and RNG state, tokenizer, agent.json);
  // every file is written atomically, so a killed run resumes from the last one.
  auto save = [&]() {
    wa::Status st = (*store)->Flush();
    if (st.ok()) st = trainer.trainer().Save(t.out);
    if (st.ok()) st = tok.Save((fs::path(t.out) / "tokenizer.json").string());
    if (st.ok() &&
        !WriteFileAtomic((fs::path(t.out) / "agent.json").string(), JsonFile(settings.ToJson()))) {
      st = wa::Internal("cannot write agent.json in " + t.out);
    }
    return st;
  };
  // Periodic evaluation on the test split of the same sites (greedy), from the checkpoint.
  std::vector<wa::Task> test_tasks;
  if (t.eval_every > 0) {
    EvalArgs ta = a;
    ta.split = "test";
    ta.tasks_file.clear();
    std::vector<wa::GeneratedTask> tg;
    if (!LoadSplit(ta, &tg)) return 2;
    for (const auto& g : tg) test_tasks.push_back(g.task);
  }
  auto evaluate = [&]() {
    wa::ModelPolicyOptions mo;
    mo.greedy = true;
    mo.seed = a.seed;
    mo.threads = a.torch_threads;
    mo.max_new_tokens = t.max_new_tokens;  // as the rollouts (and `webagent eval` in quickstart)
    auto policy = wa::MakeModelPolicy(t.out, mo);
    if (!policy.ok()) {
      fmt::print(stderr, "[grpo] evaluation skipped: {}\n", policy.status().message());
      return;
    }
    wa::HarnessOptions ho;
    ho.observation = *obs;
    ho.max_steps = a.max_steps;
    ho.threads = a.threads;
    ho.seed = a.seed;
    wa::EvalReport report = wa::RunEvaluation(test_tasks, policy->get(), ho);
    const int step = trainer.trainer().step();
    std::string path = (fs::path(t.out) / fmt::format("eval_step{:05d}.json", step)).string();
    WriteFileAtomic(path, JsonFile(report.ToJson()));
    metrics << nlohmann::json{{"stage", "grpo_eval"},
                              {"step", step},
                              {"split", "test"},
                              {"tasks", report.outcomes.size()},
                              {"success_rate", report.SuccessRate("")},
                              {"elapsed_s", Seconds(start, Clock::now())}}
                   .dump()
            << "\n";
    metrics.flush();
    fmt::print("[grpo] eval at step {}: test success {:.1f}% on {} tasks ({})\n", step,
               report.SuccessRate(""), report.outcomes.size(), path);
    std::fflush(stdout);
  };
  auto source = [&](uint64_t j) { return schedule->At(j); };
  // Whether the latest update was evaluated (a resumed run that has nothing left to do was, at
  // its last update, when that step is a multiple of eval_every).
  bool evaluated_last = t.eval_every > 0 && trainer.trainer().step() > 0 &&
                        trainer.trainer().step() % t.eval_every == 0;
  // Per template: which groups carried an advantage (README, "Shorter BC, and search with
  // lookahead keys").
  wa::GroupOutcomeTally outcomes;
  auto on_update = [&](const std::vector<wa::RolloutGroup>& groups, const wa::GrpoStats& st) {
    for (const wa::RolloutGroup& g : groups) {
      std::vector<double> rewards;
      for (const wa::Trajectory& tr : g.members) rewards.push_back(tr.reward);
      outcomes.Add(g.task.intent_template_id, rewards);
    }
    for (const wa::RolloutGroup& g : groups) {
      for (const wa::Trajectory& tr : g.members) {
        wa::EpisodeRecord rec;
        rec.stage = "grpo";
        rec.split = "train";
        rec.task_id = g.task.task_id;
        rec.template_id = g.task.intent_template_id;
        for (const std::string& site : g.task.sites) {
          rec.sites += (rec.sites.empty() ? "" : "+") + site;
        }
        rec.intent = g.task.intent;
        rec.policy_version = tr.policy_version;
        rec.group = static_cast<int>(g.index);
        rec.member = tr.member;
        rec.reward = tr.reward;
        rec.answer = tr.answer;
        rec.verdict = tr.explanation;
        wa::ReplaySpec replay;
        replay.task = g.task;
        replay.reset_seed = g.reset_seed;
        replay.site_seed = gc.site_seed;
        replay.max_steps = gc.max_turns;
        rec.replay = replay.ToJson();
        for (const wa::RolloutTurn& turn : tr.turns) {
          wa::StepRecord sr;
          sr.url = turn.url;
          sr.observation = turn.observation;
          sr.prompt = tok.Decode(turn.context);
          sr.response = turn.text;
          sr.action = turn.action;
          sr.action_error = turn.action_error;
          sr.boxes = nlohmann::json::parse(turn.boxes.empty() ? "[]" : turn.boxes, nullptr, false);
          rec.steps.push_back(std::move(sr));
        }
        (*store)->Add(std::move(rec));
      }
    }
    reward_sum += st.reward_mean;
    ++reward_n;
    int step = trainer.trainer().step();
    // With several optimizer steps per batch the step moves by more than one per update: each
    // "every N" below fires when the update crosses a multiple of N.
    const int before = step - std::max(1, t.updates);
    auto crossed = [&](int n) { return n > 0 && step / n > std::max(0, before) / n; };
    double elapsed = Seconds(start, Clock::now());
    metrics << nlohmann::json{{"stage", "grpo"},
                              {"step", step},
                              {"reward", st.reward_mean},
                              {"turns", st.turns_mean},
                              {"loss", st.loss},
                              {"kl", st.kl},
                              {"clip_fraction", st.clip_fraction},
                              {"grad_norm", st.grad_norm},
                              {"groups_with_signal", st.groups_with_signal},
                              {"groups_drawn", st.groups_drawn},
                              {"tokens", st.tokens},
                              {"staleness", st.staleness},
                              {"mean_decode_batch", st.mean_batch},
                              {"generate_s", st.generate_s},
                              {"env_s", st.env_s},
                              {"engine_idle_s", st.engine_idle_s},
                              {"learn_s", st.learn_s},
                              {"learner_idle_s", st.learner_idle_s},
                              {"elapsed_s", elapsed}}
                   .dump()
            << "\n";
    if (crossed(t.log_every) || step >= t.steps) {
      metrics.flush();
      double rate = (step - first) / std::max(1e-9, elapsed);
      fmt::print(
          "[grpo] step {}/{}  reward {:.3f} (avg {:.3f})  turns {:.1f}  signal {}/{}  "
          "loss {:+.4f}  kl {:.4f}  age {:.2f}  | engine: gen {:.1f}s env {:.1f}s idle {:.1f}s  "
          "learner: learn {:.1f}s idle {:.1f}s  | {:.2f} steps/min  ETA {}\n",
          step, t.steps, st.reward_mean, reward_sum / reward_n, st.turns_mean,
          st.groups_with_signal, st.groups_drawn, st.loss, st.kl, st.staleness, st.generate_s,
          st.env_s, st.engine_idle_s, st.learn_s, st.learner_idle_s, 60.0 * rate,
          Eta((t.steps - step) / std::max(1e-9, rate)));
      std::fflush(stdout);
      reward_sum = 0;
      reward_n = 0;
    }
    const bool do_eval = crossed(t.eval_every);
    evaluated_last = do_eval;
    if (crossed(t.save_every) || do_eval) {
      if (wa::Status s = save(); !s.ok()) {
        fmt::print(stderr, "[grpo] checkpoint at step {} failed: {}\n", step, s.message());
      }
    }
    if (do_eval) evaluate();
  };
  trainer.Train(t.steps, source, on_update);
  wa::Status st = save();
  if (!st.ok()) {
    fmt::print(stderr, "error: saving {}: {}\n", t.out, st.message());
    return 1;
  }
  if (outcomes.Total().groups > 0) {
    // The updates of this invocation (a resumed run counts from where it resumed).
    fmt::print("[grpo] groups by outcome, per template (mixed groups carry the signal):\n{}",
               outcomes.Table());
    const std::string path = (fs::path(t.out) / "group_outcomes.json").string();
    if (!WriteFileAtomic(path, JsonFile(outcomes.ToJson()))) {
      fmt::print(stderr, "[grpo] could not write {}\n", path);
    }
  }
  if (t.eval_every > 0 && !evaluated_last) evaluate();
  fmt::print("[grpo] {} steps in {}; wrote {}\n", trainer.trainer().step() - first,
             Eta(Seconds(start, Clock::now())), t.out);
  return 0;
}

// Base-model pretraining (stage base: language modelling on pages and instructions) or
// behaviour cloning (stage bc: oracle responses in the inference prompt format).
// Mean teacher-forced probability of the element id per intent template, over the examples
// whose action names an element: {"<template>": {"mean": p, "examples": n, "below_half": k}}.
nlohmann::json ElementProbabilityByTemplate(wa::SupervisedTrainer& trainer,
                                            const std::vector<wa::TrainExample>& examples) {
  std::vector<wa::TrainExample> with_element;
  for (const wa::TrainExample& e : examples) {
    if (!e.element_tokens.empty()) with_element.push_back(e);
  }
  std::vector<double> p = trainer.ElementProbabilities(with_element);
  std::map<int, std::vector<double>> by;
  for (size_t i = 0; i < with_element.size(); ++i) by[with_element[i].template_id].push_back(p[i]);
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [id, v] : by) {
    double sum = 0;
    int below = 0;
    for (double x : v) {
      sum += x;
      below += x < 0.5 ? 1 : 0;
    }
    out[std::to_string(id)] = {{"mean", sum / static_cast<double>(v.size())},
                               {"examples", static_cast<int>(v.size())},
                               {"below_half", below}};
  }
  return out;
}

// A checkpoint's agent.json (prompt format, observation, budgets) into `settings`; defaults when
// the file is absent. Prints the error and returns false when it is malformed.
bool LoadAgentSettings(const std::string& dir, wa::AgentSettings* settings) {
  std::ifstream f(std::filesystem::path(dir) / "agent.json");
  if (!f) return true;
  auto j = nlohmann::json::parse(f, nullptr, false);
  auto s = j.is_discarded() ? wa::Result<wa::AgentSettings>(wa::InvalidArgument("bad JSON"))
                            : wa::AgentSettings::FromJson(j);
  if (!s.ok()) {
    fmt::print(stderr, "error: {}/agent.json: {}\n", dir, s.status().message());
    return false;
  }
  *settings = *s;
  return true;
}

// A checkpoint loaded for CPU work in float32: its tokenizer, agent settings (observation type
// overridden by `obs` when given) and model. Prints the error and returns false on failure.
struct CpuCheckpoint {
  wa::Tokenizer tokenizer;
  wa::AgentSettings settings;
  wa::ObservationType observation = wa::ObservationType::kWebRL;
  wa::Transformer model{nullptr};
};
bool LoadCpuCheckpoint(const std::string& dir, const std::string& obs, CpuCheckpoint* out) {
  auto tok = wa::Tokenizer::Load((std::filesystem::path(dir) / "tokenizer.json").string());
  if (!tok.ok()) {
    fmt::print(stderr, "error: {}\n", tok.status().message());
    return false;
  }
  out->tokenizer = std::move(*tok);
  if (!LoadAgentSettings(dir, &out->settings)) return false;
  if (!obs.empty()) out->settings.observation = obs;
  auto obs_type = wa::ParseObservationType(out->settings.observation);
  if (!obs_type.ok()) {
    fmt::print(stderr, "error: {}\n", obs_type.status().message());
    return false;
  }
  out->observation = *obs_type;
  auto model = wa::LoadModel(dir, torch::kCPU, torch::kFloat32);
  if (!model.ok()) {
    fmt::print(stderr, "error: {}\n", model.status().message());
    return false;
  }
  out->model = std::move(*model);
  return true;
}

int RunTrain(const EvalArgs& a, const TrainArgs& t) {
  namespace fs = std::filesystem;
  if (t.stage != "base" && t.stage != "bc" && t.stage != "grpo") {
    fmt::print(stderr, "error: unknown stage '{}' (base, bc, grpo)\n", t.stage);
    return 2;
  }
  if (t.init.empty()) {
    fmt::print(stderr, "error: --init DIR is required (see init-model)\n");
    return 2;
  }
  int threads = wa::ConfigureTorchThreads(t.torch_threads);
  CpuCheckpoint ck;
  if (!LoadCpuCheckpoint(t.init, a.obs, &ck)) return 2;
  const wa::Tokenizer* tok = &ck.tokenizer;
  wa::AgentSettings& settings = ck.settings;
  const wa::ObservationType* obs_type = &ck.observation;
  wa::Transformer* model = &ck.model;
  size_t max_context = t.max_context > 0 ? static_cast<size_t>(t.max_context)
                       : settings.max_context_tokens > 0
                           ? static_cast<size_t>(settings.max_context_tokens)
                           : static_cast<size_t>((*model)->config().max_position_embeddings);
  std::vector<wa::GeneratedTask> gen;
  if (!LoadSplit(a, &gen)) return 2;
  if (t.stage == "grpo") return RunGrpo(a, t, std::move(*model), *tok, settings, max_context, gen);
  // Data: oracle demonstrations of the split.
  wa::HarnessOptions ho;
  ho.threads = a.threads;
  ho.envs = a.envs;
  ho.seed = a.seed;
  ho.observation = *obs_type;
  auto t0 = Clock::now();
  auto demos = wa::CollectDemonstrations(gen, ho);
  WarnFailedDemonstrations(t.stage, demos);
  std::vector<wa::TrainExample> examples;
  if (t.stage == "base") {
    examples = wa::BuildLmExamples(wa::PretrainingCorpus(demos, settings.task_reminder), *tok,
                                   static_cast<size_t>(t.window));
  } else {
    if (t.thoughts != "short" && t.thoughts != "long") {
      fmt::print(stderr, "error: --thoughts must be short or long, got '{}'\n", t.thoughts);
      return 2;
    }
    examples = wa::BuildBcExamples(demos, *tok, settings, max_context, t.thoughts == "long");
  }
  if (examples.size() < 2) {
    fmt::print(stderr, "error: only {} training examples\n", examples.size());
    return 2;
  }
  // Seeded shuffle; 5% (at least one) held out for validation.
  wa::Rng rng(a.seed + 17);
  for (size_t i = examples.size() - 1; i > 0; --i) {
    std::swap(examples[i], examples[rng.Uniform(i + 1)]);
  }
  size_t n_val = std::max<size_t>(1, examples.size() / 20);
  std::vector<wa::TrainExample> val(examples.end() - static_cast<std::ptrdiff_t>(n_val),
                                    examples.end());
  examples.resize(examples.size() - n_val);
  // Template balancing (after the held-out split, so no copy of a validation example is
  // trained on), then a second seeded shuffle so the copies spread over the run.
  std::vector<int> repeats = wa::TemplateBalanceRepeats(examples, t.balance_templates);
  if (std::any_of(repeats.begin(), repeats.end(), [](int r) { return r > 1; })) {
    std::map<int, std::pair<std::set<int>, int>> shown;  // template -> demonstrations, repeats
    std::vector<wa::TrainExample> balanced;
    for (size_t i = 0; i < examples.size(); ++i) {
      if (examples[i].template_id >= 0) {
        shown[examples[i].template_id].first.insert(examples[i].demo);
        shown[examples[i].template_id].second = repeats[i];
      }
      for (int r = 0; r < repeats[i]; ++r) balanced.push_back(examples[i]);
    }
    std::string list;
    for (const auto& [id, d] : shown) {
      list += fmt::format("{}{}: {} x{}", list.empty() ? "" : ", ", id, d.first.size(), d.second);
    }
    fmt::print(
        "[{}] template balance (template: demonstrations x repeats): {}; {} -> {} examples\n",
        t.stage, list, examples.size(), balanced.size());
    examples = std::move(balanced);
    wa::Rng brng(a.seed + 19);
    for (size_t i = examples.size() - 1; i > 0; --i) {
      std::swap(examples[i], examples[brng.Uniform(i + 1)]);
    }
  }
  int64_t train_tokens = 0;
  for (const auto& e : examples) train_tokens += static_cast<int64_t>(e.response.size());
  fmt::print(
      "[{}] {} demonstrations -> {} examples ({} trained tokens, {} held out), context {} "
      "tokens, {} torch threads, data in {:.1f} s\n",
      t.stage, demos.size(), examples.size(), train_tokens, val.size(), max_context, threads,
      Seconds(t0, Clock::now()));
  wa::OptimConfig oc;
  oc.lr = t.lr;
  oc.warmup_steps = t.warmup;
  oc.total_steps = t.steps;
  oc.copy_loss = t.copy_loss;
  oc.element_weight = t.element_weight;
  wa::SupervisedTrainer trainer(std::move(*model), oc);
  if (fs::exists(fs::path(t.out) / "trainer.json")) {
    if (auto st = trainer.Load(t.out); !st.ok()) {
      fmt::print(stderr, "error: resuming from {}: {}\n", t.out, st.message());
      return 1;
    }
    fmt::print("[{}] resuming {} at step {}\n", t.stage, t.out, trainer.step());
  }
  double val_before = trainer.Evaluate(val);
  fmt::print("[{}] validation loss {:.4f} before training\n", t.stage, val_before);
  fs::create_directories(t.out);
  std::ofstream metrics(fs::path(t.out) / "metrics.jsonl", std::ios::app);
  wa::BatchSampler sampler(examples.size(), t.hard_fraction, a.seed + 29);
  if (!trainer.extra_state().is_null()) {
    if (auto st = sampler.FromJson(trainer.extra_state()); !st.ok()) {
      fmt::print(stderr, "error: resuming from {}: {}\n", t.out, st.message());
      return 1;
    }
  }
  auto save = [&]() -> bool {
    trainer.set_extra_state(sampler.ToJson());  // committed with the weights
    wa::Status st = trainer.Save(t.out);
    if (st.ok()) st = tok->Save((fs::path(t.out) / "tokenizer.json").string());
    if (st.ok()) {
      settings.max_context_tokens = static_cast<int>(max_context);
      WriteFileAtomic((fs::path(t.out) / "agent.json").string(), JsonFile(settings.ToJson()));
    }
    if (!st.ok()) fmt::print(stderr, "error: saving {}: {}\n", t.out, st.message());
    return st.ok();
  };
  auto start = Clock::now();
  int first = trainer.step();
  while (trainer.step() < t.steps) {
    std::vector<size_t> picked = sampler.Next(trainer.step(), static_cast<size_t>(t.batch));
    std::vector<wa::TrainExample> batch;
    for (size_t i : picked) batch.push_back(examples[i]);
    wa::StepStats s = trainer.Step(batch, static_cast<size_t>(t.micro_batch));
    sampler.Record(picked, s.example_losses);
    int done = trainer.step() - first;
    double elapsed = Seconds(start, Clock::now());
    metrics << nlohmann::json{{"stage", t.stage},         {"step", trainer.step()},
                              {"loss", s.loss},           {"lr", s.lr},
                              {"grad_norm", s.grad_norm}, {"tokens", s.tokens},
                              {"copy_loss", s.copy_loss}, {"elapsed_s", elapsed}}
                   .dump()
            << "\n";
    if (trainer.step() % t.log_every == 0 || trainer.step() == t.steps) {
      metrics.flush();
      double rate = done / std::max(1e-9, elapsed);
      fmt::print("[{}] step {}/{}  loss {:.4f}{}  lr {:.2e}  {:.2f} steps/s  ETA {}\n", t.stage,
                 trainer.step(), t.steps, s.loss,
                 oc.copy_loss > 0 ? fmt::format("  copy {:.4f}", s.copy_loss) : "", s.lr, rate,
                 Eta((t.steps - trainer.step()) / std::max(1e-9, rate)));
      std::fflush(stdout);
    }
    if (trainer.step() % 100 == 0 && !save()) return 1;
  }
  double val_after = trainer.Evaluate(val);
  fmt::print("[{}] validation loss {:.4f} -> {:.4f} in {}\n", t.stage, val_before, val_after,
             Eta(Seconds(start, Clock::now())));
  if (!save()) return 1;
  double seconds = Seconds(start, Clock::now());
  nlohmann::json result{{"stage", t.stage},
                        {"steps", trainer.step()},
                        {"examples", examples.size()},
                        {"validation_loss_before", val_before},
                        {"validation_loss_after", val_after},
                        {"seconds", seconds}};
  if (t.stage == "bc") {
    // How surely the policy picks the demonstrated element, per template, teacher-forced: a
    // template whose element turns on the intent (a radio button, an item) shows whether BC
    // learned that choice, without an episode run.
    nlohmann::json by_template = ElementProbabilityByTemplate(trainer, examples);
    nlohmann::json held_out = ElementProbabilityByTemplate(trainer, val);
    std::string line;
    for (const auto& [id, v] : by_template.items()) {
      line += fmt::format("{}{} {:.3f} ({})", line.empty() ? "" : ", ", id, v["mean"].get<double>(),
                          v["examples"].get<int>());
    }
    fmt::print("[{}] teacher-forced P(element id) on training examples by template: {}\n", t.stage,
               line);
    result["element_probability_train"] = by_template;
    result["element_probability_validation"] = held_out;
  }
  WriteFileAtomic((fs::path(t.out) / "train_result.json").string(), JsonFile(result));
  fmt::print("wrote {}\n", t.out);
  return 0;
}

int RunTasks(const EvalArgs& a, const std::string& export_path, const std::string& published) {
  if (!published.empty()) {
    auto tasks = wa::LoadTasks(published);
    if (!tasks.ok()) {
      fmt::print(stderr, "error: {}\n", tasks.status().message());
      return 1;
    }
    fmt::print("{:<24}{:>12}{:>12}\n", "sites", "implemented", "published");
    int impl = 0, total = 0;
    for (const auto& [site, c] : wa::TemplateCoverage(*tasks)) {
      fmt::print("{:<24}{:>12}{:>12}\n", site, c.first, c.second);
      impl += c.first;
      total += c.second;
    }
    fmt::print("{:<24}{:>12}{:>12}\n", "all", impl, total);
    return 0;
  }
  std::vector<wa::GeneratedTask> gen;
  if (!LoadSplit(a, &gen)) return 2;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& g : gen) {
    fmt::print("{:>4}  {:>6}  {:<28}  {}\n", g.task.task_id, g.task.intent_template_id,
               fmt::format("{}", fmt::join(g.task.eval.eval_types, "+")), g.task.intent);
    out.push_back(wa::ExportTask(g.task));
  }
  if (!export_path.empty()) {
    if (!WriteFileAtomic(export_path, JsonFile(out))) {
      fmt::print(stderr, "error: cannot write {}\n", export_path);
      return 1;
    }
    fmt::print("wrote {} tasks to {}\n", gen.size(), export_path);
  }
  return 0;
}

}  // namespace

struct InspectArgs {
  std::string model;
  int template_id = -1;  // -1: every template
  int task = -1;         // index in the split; -1: every task
  int step = -1;         // -1: every step
  int top = 3;
  bool all_tokens = false;
  std::string out;  // JSON file ("" = none)
  int torch_threads = 0;
};

// `webagent inspect`: the oracle's demonstrations of a split, in exactly the prompts BC trains
// on, scored token by token under a checkpoint (teacher forcing). For each step it prints the
// oracle's action, the model's probability of the whole response and, for the element id the
// action targets, the probability of the right id, the copy gate and what the model, its output
// head and its pointer would each pick instead; then, per template, how often the model's most
// likely id is the oracle's. A model that clicks the wrong radio button shows here whether its
// pointer or its vocabulary prefers the other one.
int RunInspect(const EvalArgs& a, const InspectArgs& in) {
  wa::ConfigureTorchThreads(in.torch_threads);
  CpuCheckpoint ck;
  if (!LoadCpuCheckpoint(in.model, a.obs, &ck)) return 2;
  const wa::Tokenizer* tok = &ck.tokenizer;
  const wa::AgentSettings& settings = ck.settings;
  const wa::ObservationType* obs_type = &ck.observation;
  wa::Transformer* model = &ck.model;
  (*model)->eval();
  const size_t max_context = settings.max_context_tokens > 0
                                 ? static_cast<size_t>(settings.max_context_tokens)
                                 : static_cast<size_t>((*model)->config().max_position_embeddings);
  std::vector<wa::GeneratedTask> gen;
  if (!LoadSplit(a, &gen)) return 2;
  if (in.task >= static_cast<int>(gen.size())) {
    fmt::print(stderr, "error: --task {} but the split has {} tasks\n", in.task, gen.size());
    return 2;
  }
  std::vector<wa::GeneratedTask> picked;
  std::vector<int> picked_index;  // index of each picked task in the split
  for (size_t i = 0; i < gen.size(); ++i) {
    if (in.task >= 0 && static_cast<int>(i) != in.task) continue;
    if (in.template_id >= 0 && gen[i].task.intent_template_id != in.template_id) continue;
    picked.push_back(gen[i]);
    picked_index.push_back(static_cast<int>(i));
  }
  if (picked.empty()) {
    fmt::print(stderr, "error: no task of the split matches --task / --template\n");
    return 2;
  }
  wa::HarnessOptions ho;
  ho.threads = a.threads;
  ho.envs = a.envs;
  ho.seed = a.seed;
  ho.observation = *obs_type;
  auto demos = wa::CollectDemonstrations(picked, ho);
  WarnFailedDemonstrations("inspect", demos);
  std::vector<wa::TrainExample> examples = wa::BuildBcExamples(demos, *tok, settings, max_context);
  auto show = [&](wa::TokenId id) {
    std::string s = tok->Decode({id});
    std::string e;
    for (char c : s) e += c == '\n' ? std::string("\\n") : std::string(1, c);
    return "'" + e + "'";
  };
  auto alternatives = [&](const std::vector<std::pair<wa::TokenId, float>>& top) {
    std::string s;
    for (const auto& [id, lp] : top) {
      s += fmt::format("{}{} {:.2f}", s.empty() ? "" : ", ", show(id), std::exp(lp));
    }
    return s;
  };
  struct Tally {
    int steps = 0, agree = 0;
    double p = 0;
  };
  std::map<int, Tally> per_template;
  nlohmann::json rows = nlohmann::json::array();
  int last_demo = -1, step = 0;
  for (const wa::TrainExample& ex : examples) {
    step = ex.demo == last_demo ? step + 1 : 0;
    last_demo = ex.demo;
    if (in.step >= 0 && step != in.step) continue;
    const wa::Demonstration& d = demos[static_cast<size_t>(ex.demo)];
    auto tokens = wa::InspectResponse(*model, ex.context, ex.response, in.top);
    double total = 0;
    for (const auto& t : tokens) total += t.logprob;
    const std::string action = d.steps[static_cast<size_t>(step)].oracle_text;
    std::string last_line = action.substr(action.find_last_of('\n') + 1);
    fmt::print("task {} (template {}) step {}: {}\n  log p(response) {:.3f} over {} tokens\n",
               picked_index[static_cast<size_t>(ex.demo)], ex.template_id, step, last_line, total,
               tokens.size());
    nlohmann::json row = {{"task", picked_index[static_cast<size_t>(ex.demo)]},
                          {"template_id", ex.template_id},
                          {"step", step},
                          {"action", last_line},
                          {"logprob", total},
                          {"tokens", nlohmann::json::array()}};
    std::set<int32_t> element(ex.element_tokens.begin(), ex.element_tokens.end());
    bool step_agree = !element.empty();
    double step_p = 1;
    for (size_t i = 0; i < tokens.size(); ++i) {
      const wa::TokenInspection& t = tokens[i];
      const bool is_element = element.count(static_cast<int32_t>(i)) > 0;
      if (is_element) {
        step_agree &= !t.top.empty() && t.top[0].first == t.token;
        step_p *= std::exp(t.logprob);
      }
      if (!is_element && !in.all_tokens) continue;
      fmt::print("  {}{:>3} {:<10} p {:.3f}", is_element ? "id " : "   ", i, show(t.token),
                 std::exp(t.logprob));
      if (!std::isnan(t.gate)) {
        fmt::print("  gate {:.2f}  vocab {:.3f}  copy {:.3f}", t.gate, std::exp(t.vocab_logprob),
                   std::exp(t.copy_logprob));
      }
      fmt::print("\n      model: {}\n", alternatives(t.top));
      if (!std::isnan(t.gate)) {
        fmt::print("      vocab: {}\n      copy:  {}\n", alternatives(t.top_vocab),
                   alternatives(t.top_copy));
      }
      nlohmann::json tj = {{"index", i},
                           {"token", tok->Decode({t.token})},
                           {"element", is_element},
                           {"p", std::exp(t.logprob)},
                           {"top", nlohmann::json::array()}};
      for (const auto& [id, lp] : t.top) tj["top"].push_back({tok->Decode({id}), std::exp(lp)});
      if (!std::isnan(t.gate)) {
        tj["gate"] = t.gate;
        tj["p_vocab"] = std::exp(t.vocab_logprob);
        tj["p_copy"] = std::exp(t.copy_logprob);
      }
      row["tokens"].push_back(std::move(tj));
    }
    if (!element.empty()) {
      Tally& ta = per_template[ex.template_id];
      ++ta.steps;
      ta.agree += step_agree ? 1 : 0;
      ta.p += step_p;
      row["element_p"] = step_p;
      row["element_agrees"] = step_agree;
    }
    rows.push_back(std::move(row));
  }
  fmt::print(
      "\nSteps that name an element, by template: how often the model's most likely id "
      "token(s) are the oracle's, and the mean probability of the oracle's id\n");
  fmt::print("{:>10} {:>6} {:>8} {:>8}\n", "template", "steps", "agree", "mean p");
  nlohmann::json summary = nlohmann::json::array();
  for (const auto& [id, ta] : per_template) {
    fmt::print("{:>10} {:>6} {:>8} {:>8.3f}\n", id, ta.steps, ta.agree,
               ta.steps > 0 ? ta.p / ta.steps : 0.0);
    summary.push_back({{"template_id", id},
                       {"steps", ta.steps},
                       {"agree", ta.agree},
                       {"mean_p", ta.steps > 0 ? ta.p / ta.steps : 0.0}});
  }
  if (!in.out.empty()) {
    nlohmann::json j = {{"model", in.model},
                        {"split", a.split},
                        {"seed", a.seed},
                        {"steps", std::move(rows)},
                        {"by_template", summary}};
    if (!WriteFileAtomic(in.out, JsonFile(j))) {
      fmt::print(stderr, "error: cannot write {}\n", in.out);
      return 1;
    }
    fmt::print("wrote {}\n", in.out);
  }
  return 0;
}

struct ReportArgs {
  std::vector<std::string> runs, sweeps;  // LABEL=FILE
  std::vector<std::string> sampled;       // LABEL=FILE: eval --samples results
  std::string out, plot, json;
};

// Reads a JSON file, reporting problems.
std::optional<nlohmann::json> ReadJsonFile(const std::string& path) {
  std::ifstream f(path);
  if (!f) {
    fmt::print(stderr, "error: cannot read {}\n", path);
    return std::nullopt;
  }
  auto j = nlohmann::json::parse(f, nullptr, false);
  if (j.is_discarded()) {
    fmt::print(stderr, "error: {} is not valid JSON\n", path);
    return std::nullopt;
  }
  return j;
}

bool SplitLabel(const std::string& arg, std::string* label, std::string* file) {
  size_t eq = arg.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size()) {
    fmt::print(stderr, "error: expected LABEL=FILE, got '{}'\n", arg);
    return false;
  }
  *label = arg.substr(0, eq);
  *file = arg.substr(eq + 1);
  return true;
}

// Combines evaluation results into the paper's tables: success by site for each stage or
// variant, and success against the interaction cap (markdown, JSON and a PNG chart).
int RunReport(const ReportArgs& r) {
  std::vector<std::pair<std::string, wa::EvalReport>> reports;
  for (const std::string& arg : r.runs) {
    std::string label, file;
    if (!SplitLabel(arg, &label, &file)) return 2;
    auto j = ReadJsonFile(file);
    if (!j) return 2;
    auto rep = wa::EvalReport::FromJson(*j);
    if (!rep.ok()) {
      fmt::print(stderr, "error: {}: {}\n", file, rep.status().message());
      return 2;
    }
    reports.emplace_back(label, std::move(*rep));
  }
  std::string md;
  nlohmann::json summary = nlohmann::json::object();
  if (!reports.empty()) {
    std::vector<std::pair<std::string, const wa::EvalReport*>> rows;
    for (const auto& [label, rep] : reports) {
      rows.emplace_back(label, &rep);
      summary["runs"][label] = rep.SuccessRate("");
      summary["runs_by_template_split"][label] = {
          {"trained", rep.SuccessRate("trained_templates")},
          {"held_out", rep.SuccessRate("held_out_templates")}};
    }
    md += "## Success rate (%) on the test split\n\n" + wa::PaperTable(rows, true) + "\n";
  }
  // Sampled evaluations (eval --samples): a table of their own, since their rows count
  // episodes (samples x tasks), with each run's standard error over its passes.
  std::vector<std::pair<std::string, wa::EvalReport>> sampled;
  std::string sampled_notes;
  for (const std::string& arg : r.sampled) {
    std::string label, file;
    if (!SplitLabel(arg, &label, &file)) return 2;
    auto j = ReadJsonFile(file);
    if (!j) return 2;
    auto rep = wa::EvalReport::FromJson(*j);
    if (!rep.ok() || !j->contains("samples") || !(*j)["samples"].is_number_integer()) {
      fmt::print(stderr, "error: {} is not a sampled evaluation (eval --samples)\n", file);
      return 2;
    }
    const int k = (*j)["samples"].get<int>();
    const double se = j->value("sample_standard_error", 0.0);
    const double temp = j->value("temperature", -1.0), top_p = j->value("top_p", -1.0);
    auto setting = [](double v) {
      return v < 0 ? std::string("the checkpoint's") : fmt::format("{:g}", v);
    };
    sampled_notes += fmt::format(
        "- {}: {:.1f} +- {:.1f} (standard error over {} passes; temperature {}, top-p {}; "
        "trained templates {:.1f}, held-out {:.1f})\n",
        label, rep->SuccessRate(""), se, k, setting(temp), setting(top_p),
        rep->SuccessRate("trained_templates"), rep->SuccessRate("held_out_templates"));
    summary["sampled"][label] = {{"success", rep->SuccessRate("")},
                                 {"standard_error", se},
                                 {"samples", k},
                                 {"temperature", temp},
                                 {"top_p", top_p},
                                 {"trained", rep->SuccessRate("trained_templates")},
                                 {"held_out", rep->SuccessRate("held_out_templates")}};
    sampled.emplace_back(label, std::move(*rep));
  }
  if (!sampled.empty()) {
    std::vector<std::pair<std::string, const wa::EvalReport*>> rows;
    for (const auto& [label, rep] : sampled) rows.emplace_back(label, &rep);
    md += "## Success rate (%) of sampled episodes on the test split (n counts episodes)\n\n" +
          wa::PaperTable(rows, true) + "\n" + sampled_notes + "\n";
  }
  std::vector<wa::Series> series;
  std::vector<int> all_caps;
  std::map<std::string, std::map<int, double>> by_cap;
  for (const std::string& arg : r.sweeps) {
    std::string label, file;
    if (!SplitLabel(arg, &label, &file)) return 2;
    auto j = ReadJsonFile(file);
    if (!j) return 2;
    if (!j->contains("sweep") || !(*j)["sweep"].is_array()) {
      fmt::print(stderr, "error: {} is not a cap sweep (eval --caps)\n", file);
      return 2;
    }
    wa::Series sr;
    sr.name = label;
    for (const auto& e : (*j)["sweep"]) {
      auto rep = wa::EvalReport::FromJson(e.value("report", nlohmann::json()));
      if (!e.contains("cap") || !e["cap"].is_number_integer() || !rep.ok()) {
        fmt::print(stderr, "error: {}: a sweep entry needs \"cap\" and \"report\"\n", file);
        return 2;
      }
      int cap = e["cap"].get<int>();
      double sr_pct = rep->SuccessRate("");
      sr.x.push_back(cap);
      sr.y.push_back(sr_pct);
      by_cap[label][cap] = sr_pct;
      if (std::find(all_caps.begin(), all_caps.end(), cap) == all_caps.end()) {
        all_caps.push_back(cap);
      }
      summary["sweeps"][label][std::to_string(cap)] = sr_pct;
    }
    series.push_back(std::move(sr));
  }
  if (!series.empty()) {
    std::sort(all_caps.begin(), all_caps.end());
    md += "## Success rate (%) against the interaction cap\n\n| Method ";
    std::string sep = "|---";
    for (int c : all_caps) {
      md += fmt::format("| {} ", c);
      sep += "|---";
    }
    md += "|\n" + sep + "|\n";
    for (const wa::Series& sr : series) {
      md += "| " + sr.name + " ";
      for (int c : all_caps) {
        auto it = by_cap[sr.name].find(c);
        md += it == by_cap[sr.name].end() ? std::string("| - ")
                                          : fmt::format("| {:.1f} ", it->second);
      }
      md += "|\n";
    }
    md += "\n";
    if (!r.plot.empty()) {
      wa::ChartOptions co;
      co.title = "Test-time scaling: success against the interaction cap";
      co.x_label = "interaction cap (turns)";
      co.y_label = "success rate (%)";
      co.y_min = 0;
      co.y_max = 100;
      co.x_ticks.assign(all_caps.begin(), all_caps.end());
      if (auto st = wa::WriteLineChartPng(r.plot, series, co); !st.ok()) {
        fmt::print(stderr, "error: {}\n", st.message());
        return 1;
      }
      md += "![success against the interaction cap](" +
            std::filesystem::path(r.plot).filename().string() + ")\n";
    }
  }
  if (md.empty()) {
    fmt::print(stderr, "error: nothing to report (give --run, --sampled or --sweep)\n");
    return 2;
  }
  fmt::print("{}", md);
  if (!r.out.empty() && !WriteFileAtomic(r.out, md)) {
    fmt::print(stderr, "error: cannot write {}\n", r.out);
    return 1;
  }
  if (!r.json.empty() && !WriteFileAtomic(r.json, JsonFile(summary))) {
    fmt::print(stderr, "error: cannot write {}\n", r.json);
    return 1;
  }
  return 0;
}

// `webagent run --webarena`: a policy on real websites (or a `webagent serve`) in Chromium.
int RunWebArena(const EvalArgs& a, const std::string& webarena, bool serve_target, bool login,
                const std::vector<int>& task_ids) {
  auto sites = wa::SiteMap::Parse(webarena);
  if (!sites.ok()) {
    fmt::print(stderr, "error: --webarena: {}\n", sites.status().message());
    return 2;
  }
  std::vector<wa::GeneratedTask> gen;
  if (!LoadSplit(a, &gen)) return 2;
  if (!task_ids.empty()) {
    std::vector<wa::GeneratedTask> kept;
    for (auto& g : gen) {
      if (std::find(task_ids.begin(), task_ids.end(), g.task.task_id) != task_ids.end()) {
        kept.push_back(std::move(g));
      }
    }
    gen = std::move(kept);
  }
  // Only tasks whose sites are all mapped.
  std::vector<wa::Task> tasks;
  size_t unmapped = 0;
  for (const auto& g : gen) {
    bool ok = true;
    for (const std::string& s : g.task.sites) ok &= sites->Find(s) != nullptr;
    if (ok) {
      tasks.push_back(g.task);
    } else {
      ++unmapped;
    }
  }
  if (unmapped > 0)
    fmt::print("skipping {} tasks whose sites --webarena does not name\n", unmapped);
  if (tasks.empty()) {
    fmt::print(stderr, "error: no task to run\n");
    return 2;
  }
  auto policy = BuildPolicy(a, gen);
  if (!policy.ok()) {
    fmt::print(stderr, "error: {}\n", policy.status().message());
    return 2;
  }
  wa::LiveRunOptions lo;
  lo.sites = *sites;
  lo.sim_server = serve_target;
  lo.login = login;
  lo.shadow_simulator = a.policy == "oracle";
  lo.max_steps = a.max_steps;
  lo.seed = a.seed;
  lo.progress = true;
  if (!BuildJudge(a, &lo.evaluator)) return 2;
  if (lo.shadow_simulator && !serve_target) {
    fmt::print("note: the oracle plans on the simulator; on real sites its plans may not apply\n");
  }
  fmt::print("run: {} tasks in Chromium, policy {}, turn cap {}\n", tasks.size(), a.policy,
             a.max_steps);
  for (const auto& e : sites->endpoints()) fmt::print("  {:<16}{}\n", e.site, e.real);
  std::fflush(stdout);
  auto report = wa::RunLive(tasks, policy->get(), lo);
  if (!report.ok()) {
    fmt::print(stderr, "error: {}\n", report.status().message());
    return 1;
  }
  fmt::print("{}", report->Table());
  if (!a.out.empty()) {
    nlohmann::json j = report->ToJson();
    j["target"] = serve_target ? "webagent serve" : "webarena";
    j["judge"] = lo.evaluator.judge ? lo.evaluator.judge->name() : std::string("deterministic");
    nlohmann::json m = nlohmann::json::object();
    for (const auto& e : sites->endpoints()) m[e.site] = e.real;
    j["sites"] = m;
    if (!WriteFileAtomic(a.out, JsonFile(j))) {
      fmt::print(stderr, "error: cannot write {}\n", a.out);
      return 1;
    }
    fmt::print("wrote {}\n", a.out);
  }
  return 0;
}

int main(int argc, char** argv) {
  CLI::App app{"webagent-r1: a deterministic WebArena-Lite simulator and RL sandbox"};
  app.require_subcommand(1);

  DemoArgs demo;
  auto* demo_cmd = app.add_subcommand("demo",
                                      "Run random-policy episodes on the fixture site "
                                      "and print a throughput summary");
  demo_cmd->add_option("--envs", demo.envs, "Number of environments")->capture_default_str();
  demo_cmd->add_option("--threads", demo.threads, "Worker threads")->capture_default_str();
  demo_cmd->add_option("--episodes", demo.episodes, "Episodes to run")->capture_default_str();
  demo_cmd->add_option("--max-steps", demo.max_steps, "Steps per episode before truncation")
      ->capture_default_str();
  demo_cmd->add_option("--seed", demo.seed, "Seed of episodes and policy")->capture_default_str();
  demo_cmd
      ->add_option("--obs", demo.obs, "Observation type: webrl, axtree, compact, compact-id-last")
      ->capture_default_str();
  demo_cmd->add_option("--out", demo.out, "JSON result file ('' for none)")->capture_default_str();

  std::string play_site = "fixture", play_url, play_obs = "webrl";
  int play_steps = 30;
  auto* play_cmd = app.add_subcommand("play",
                                      "Interactive loop: print the observation, read an "
                                      "action, step (type 'quit' to stop)");
  play_cmd->add_option("--site", play_site, "Site to open")->capture_default_str();
  play_cmd->add_option("--url", play_url, "Start URL (overrides --site)");
  play_cmd
      ->add_option("--obs", play_obs, "Observation type: webrl, axtree, compact, compact-id-last")
      ->capture_default_str();
  play_cmd->add_option("--max-steps", play_steps, "Step limit")->capture_default_str();

  std::string obs_url, obs_type = "webrl";
  int obs_scrolls = 0;
  auto* obs_cmd = app.add_subcommand("observe", "Print the observation of a URL");
  obs_cmd->add_option("url", obs_url, "URL, placeholders allowed (__FIXTURE__/items)")->required();
  obs_cmd
      ->add_option("--obs", obs_type, "Observation type: webrl, axtree, compact, compact-id-last")
      ->capture_default_str();
  obs_cmd->add_option("--scroll", obs_scrolls, "Scroll down this many times first");

  auto* sites_cmd = app.add_subcommand("sites", "List simulated sites and their base URLs");
  wa::ServeOptions serve;
  auto* serve_cmd = app.add_subcommand(
      "serve", "Serve the simulated sites over HTTP at WebArena's ports (one state per session)");
  serve_cmd->add_option("--site", serve.sites, "Only these sites (repeatable; default all)");
  serve_cmd->add_option("--host", serve.host, "Address to bind (loopback unless told otherwise)")
      ->capture_default_str();
  serve_cmd->add_option("--port-offset", serve.port_offset, "Added to every site's port")
      ->capture_default_str();
  serve_cmd->add_option("--seed", serve.seed, "Site data seed")->capture_default_str();
  serve_cmd->add_option("--log", serve.log_path, "Request log (JSON lines)");
  serve_cmd->add_option("--max-sessions", serve.max_sessions, "Sessions kept (LRU)")
      ->capture_default_str();
  serve_cmd->add_flag("!--logged-out", serve.logged_in, "New sessions start signed out");
  std::string validate_split = "test", validate_out = "out/validate.json";
  std::vector<std::string> validate_sites;
  int validate_per_template = 1, validate_port_offset = 10000;
  uint64_t validate_seed = 0;
  size_t validate_max_tasks = 0;
  auto* validate_cmd = app.add_subcommand(
      "validate",
      "Replay the oracle's episodes in the simulator and in headless Chromium in lockstep: "
      "per-step URL, elements, boxes and observation, then verdicts, databases and latency");
  validate_cmd->add_option("--split", validate_split, "test or train")->capture_default_str();
  validate_cmd->add_option("--site", validate_sites, "Only tasks of these sites (repeatable)");
  validate_cmd->add_option("--per-template", validate_per_template, "Train split: per template")
      ->capture_default_str();
  validate_cmd->add_option("--seed", validate_seed, "Site data and split seed")
      ->capture_default_str();
  validate_cmd
      ->add_option("--max-tasks", validate_max_tasks, "An even sample of this many tasks (0: all)")
      ->capture_default_str();
  validate_cmd->add_option("--port-offset", validate_port_offset, "Where the sites are served")
      ->capture_default_str();
  validate_cmd->add_option("--out", validate_out, "JSON report ('' for none)")
      ->capture_default_str();

  EvalArgs run_ev;
  run_ev.out = "out/run.json";
  std::string run_webarena;
  bool run_serve = false, run_login = true;
  std::vector<int> run_task_ids;
  auto* run_cmd = app.add_subcommand(
      "run",
      "Run a policy on real websites in headless Chromium: WebArena deployments, or a "
      "`webagent serve` standing in for them");
  run_cmd
      ->add_option("--webarena", run_webarena,
                   "Where the sites are: shopping=http://HOST:7770,shopping_admin=http://"
                   "HOST:7780/admin,reddit=http://HOST:9999,gitlab=http://HOST:8023,...")
      ->required();
  run_cmd->add_option("--tasks", run_ev.tasks_file,
                      "WebArena task file (e.g. the published test_webarena_lite.raw.json); "
                      "default: the simulator's split");
  run_cmd->add_option("--split", run_ev.split, "Without --tasks: test or train")
      ->capture_default_str();
  run_cmd->add_option("--task-id", run_task_ids, "Only these task ids (repeatable)");
  run_cmd->add_option("--site", run_ev.sites, "Only tasks of these sites (repeatable)");
  run_cmd
      ->add_option("--policy", run_ev.policy, "model:DIR, noop, or oracle (plans on the simulator)")
      ->capture_default_str();
  run_cmd->add_flag("--serve", run_serve,
                    "The URLs are a `webagent serve`: reset its sessions instead of signing in");
  run_cmd->add_flag("!--no-login", run_login, "Do not sign in through the sites' login forms");
  run_cmd->add_option("--max-steps", run_ev.max_steps, "Turn cap")->capture_default_str();
  run_cmd->add_option("--seed", run_ev.seed, "Sampling and reset seed")->capture_default_str();
  run_cmd->add_flag("--greedy", run_ev.greedy, "Model policies: greedy decoding");
  run_cmd->add_option("--device", run_ev.device, "Model policies: cpu or cuda")
      ->capture_default_str();
  run_cmd->add_option("--threads", run_ev.torch_threads, "Model policies: torch threads (0: auto)");
  run_cmd->add_option("--judge-url", run_ev.judge_url,
                      "OpenAI-compatible endpoint for fuzzy_match (default: the deterministic "
                      "judge, named in the output)");
  run_cmd->add_option("--judge-model", run_ev.judge_model, "Judge model")->capture_default_str();
  run_cmd->add_option("--judge-key-env", run_ev.judge_key_env, "Variable with the judge's key")
      ->capture_default_str();
  run_cmd->add_flag("--webarena-url-rule", run_ev.webarena_url_rule,
                    "url_match: WebArena's query-parameter rule");
  run_cmd->add_option("--out", run_ev.out, "JSON results ('' for none)")->capture_default_str();

  EvalArgs ev;
  auto add_split_options = [&](CLI::App* cmd) {
    cmd->add_option("--split", ev.split, "Task split: test or train")->capture_default_str();
    cmd->add_option("--tasks", ev.tasks_file, "Load tasks from a WebArena JSON file instead");
    cmd->add_option("--site", ev.sites,
                    "Only tasks of these sites (repeatable; with --tasks, a task whose sites "
                    "joined by + match)");
    cmd->add_option("--per-template", ev.per_template, "Train split: instantiations per template")
        ->capture_default_str();
    cmd->add_option("--test-per-template", ev.test_per_template,
                    "Test split: at most this many tasks per template (0: all; the fixture holds "
                    "out several per template, WebArena's templates one)")
        ->capture_default_str();
    cmd->add_option("--seed", ev.seed, "Site data and split seed")->capture_default_str();
    cmd->add_option("--obs", ev.obs,
                    "Observation type: webrl, axtree, compact, compact-id-last (default webrl, or "
                    "the model's)");
  };
  auto* eval_cmd = app.add_subcommand("eval",
                                      "Run a policy on a task split and print success "
                                      "rates in the paper's layout");
  add_split_options(eval_cmd);
  eval_cmd->add_option("--policy", ev.policy, "noop, random, oracle or model:DIR")
      ->capture_default_str();
  eval_cmd->add_option("--device", ev.device, "Model policy device: cpu or cuda")
      ->capture_default_str();
  eval_cmd->add_option("--dtype", ev.dtype,
                       "Model weights: float32, bfloat16, float16 (default: float32 on CPU, "
                       "bfloat16 on CUDA)");
  eval_cmd->add_option("--store", ev.store,
                       "Also write every episode (pages, observations, outputs, verdict, replay "
                       "record) to this episode store, for webagent view");
  eval_cmd->add_option("--torch-threads", ev.torch_threads, "torch intra-op threads (0: all cores)")
      ->capture_default_str();
  eval_cmd
      ->add_option("--max-new-tokens", ev.max_new_tokens,
                   "Tokens per response (0: the checkpoint's agent.json)")
      ->capture_default_str();
  eval_cmd->add_flag("--greedy", ev.greedy, "Greedy decoding instead of sampling");
  eval_cmd
      ->add_option("--temperature", ev.temperature,
                   "Sampling temperature (default: the checkpoint's agent.json)")
      ->check(CLI::Range(1e-3, 100.0));
  eval_cmd
      ->add_option("--top-p", ev.top_p,
                   "Nucleus sampling threshold (default: the checkpoint's agent.json)")
      ->check(CLI::Range(1e-3, 1.0));
  eval_cmd->add_option("--max-steps", ev.max_steps, "Turn cap")->capture_default_str();
  eval_cmd
      ->add_option("--samples", ev.samples,
                   "Sampled episodes per task (model policies, not --greedy): the success rate "
                   "is the mean over all of them, with each pass's rate and their standard error")
      ->capture_default_str();
  eval_cmd
      ->add_option("--caps", ev.caps,
                   "Sweep the turn cap over these values (test-time scaling), e.g. "
                   "--caps 5,10,15,20,25,30")
      ->delimiter(',');
  eval_cmd->add_option("--envs", ev.envs, "Environments")->capture_default_str();
  eval_cmd->add_option("--threads", ev.threads, "Worker threads")->capture_default_str();
  eval_cmd->add_flag("--webarena-url-rule", ev.webarena_url_rule,
                     "url_match with WebArena's query-parameter rule instead of VAB's");
  eval_cmd->add_option("--judge-url", ev.judge_url,
                       "OpenAI-compatible endpoint (.../v1) for fuzzy_match; default: the "
                       "deterministic judge");
  eval_cmd->add_option("--judge-model", ev.judge_model, "Judge model")->capture_default_str();
  eval_cmd
      ->add_option("--judge-key-env", ev.judge_key_env,
                   "Environment variable with the judge's API key")
      ->capture_default_str();
  eval_cmd->add_option("--out", ev.out, "JSON result file ('' for none)")->capture_default_str();

  wa::ViewerOptions view;
  std::string view_screenshot;
  auto* view_cmd = app.add_subcommand(
      "view", "Episode viewer (ImGui): browse a run's episodes, steps, verdicts and metrics");
  view_cmd->add_option("run", view.run, "Run directory (holding episodes.sqlite) or store file")
      ->required();
  view_cmd->add_option("--episode", view.episode, "Store id of the episode to open first");
  view_cmd->add_option("--step", view.step, "Step to show first (0-based)");
  view_cmd
      ->add_option("--tab", view.tab,
                   "Details tab: response, observation, prompt, verdict, changes, group, dashboard")
      ->check(CLI::IsMember(
          {"", "response", "observation", "prompt", "verdict", "changes", "group", "dashboard"}));
  view_cmd->add_option("--width", view.width, "Window width")->capture_default_str();
  view_cmd->add_option("--height", view.height, "Window height")->capture_default_str();
  view_cmd->add_option("--screenshot", view_screenshot,
                       "Render one frame offscreen, write it as PNG and exit (xvfb-run works)");

  std::string export_path, published;
  ReportArgs rep;
  auto* report_cmd = app.add_subcommand(
      "report", "Tables in the paper's layout (and a cap-sweep chart) from evaluation results");
  report_cmd->add_option("--run", rep.runs, "LABEL=FILE: an eval --out result (repeatable)");
  report_cmd->add_option("--sampled", rep.sampled,
                         "LABEL=FILE: an eval --samples result (repeatable; a table of its own)");
  report_cmd->add_option("--sweep", rep.sweeps, "LABEL=FILE: an eval --caps result (repeatable)");
  report_cmd->add_option("--out", rep.out, "Write the tables as markdown");
  report_cmd->add_option("--plot", rep.plot, "Write the cap sweep as a PNG chart");
  report_cmd->add_option("--json", rep.json, "Write the success rates as JSON");
  auto* tasks_cmd = app.add_subcommand("tasks",
                                       "List (and export) the tasks of a split, or "
                                       "report template coverage of the published tasks");
  add_split_options(tasks_cmd);
  tasks_cmd->add_option("--export", export_path, "Write the tasks as WebArena JSON");
  tasks_cmd->add_option("--coverage", published,
                        "Published task file: report implemented templates per site");

  TokenizerArgs tk;
  auto* tok_cmd = app.add_subcommand(
      "tokenizer", "Train a byte-level BPE tokenizer on oracle demonstrations of a split");
  add_split_options(tok_cmd);
  tok_cmd->add_option("--out", tk.out, "tokenizer.json to write")->capture_default_str();
  tok_cmd->add_option("--vocab", tk.vocab, "Vocabulary size")->capture_default_str();
  tok_cmd->add_option("--format", tk.format, "Response format: think, nothink, webrl")
      ->capture_default_str();
  tok_cmd->add_flag("--bare-words", tk.bare_words,
                    "Words stand alone: the character before a word is its own piece, so a word "
                    "has the same tokens in a task, a link label and an action argument (easier "
                    "copying for small models; about a quarter more tokens)");

  std::string init_out = "out/model", init_size = "small", init_tokenizer = "out/tokenizer.json";
  std::string init_format = "think", init_template = "chatml";
  auto* init_cmd =
      app.add_subcommand("init-model", "Write a freshly initialised checkpoint directory");
  init_cmd->add_option("--out", init_out, "Directory")->capture_default_str();
  init_cmd->add_option("--size", init_size, "tiny, small, base or qwen2.5-0.5b")
      ->capture_default_str();
  init_cmd->add_option("--tokenizer", init_tokenizer, "tokenizer.json")->capture_default_str();
  init_cmd->add_option("--format", init_format, "think, nothink or webrl")->capture_default_str();
  init_cmd->add_option("--template", init_template, "chatml or llama3")->capture_default_str();
  init_cmd->add_option("--seed", ev.seed, "Initialisation seed")->capture_default_str();
  std::string init_obs = "webrl", init_system = "full";
  int init_context = 0;
  int init_new_tokens = 0;
  init_cmd
      ->add_option("--system-prompt", init_system,
                   "full (the reference's instructions) or short (one sentence, for small models "
                   "trained from scratch)")
      ->capture_default_str();
  init_cmd
      ->add_option("--obs", init_obs, "Observation type: webrl, axtree, compact, compact-id-last")
      ->capture_default_str();
  init_cmd->add_option("--max-context", init_context, "Prompt budget in tokens (0: the model's)")
      ->capture_default_str();
  init_cmd
      ->add_option("--max-new-tokens", init_new_tokens,
                   "Tokens per response (0: 256); the page gets the prompt budget less this, in "
                   "behaviour cloning as at inference")
      ->check(CLI::NonNegativeNumber);
  bool init_reminder = false;
  int64_t init_copy_head = 0;
  init_cmd
      ->add_option("--copy-head", init_copy_head,
                   "Width of a copy (pointer) head, 0 for none: the model can point at an earlier "
                   "token of its context to emit the token that followed it (for small models "
                   "trained from scratch; not part of Qwen2 or Llama)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{0}, int64_t{4096}));
  int64_t init_copy_lookahead = 0;
  init_cmd
      ->add_option("--copy-lookahead", init_copy_lookahead,
                   "With --copy-head: each pointer key also sums the embeddings of this many "
                   "tokens after the one it points at, so an id printed before an element's name "
                   "can be picked by that name (0: off; ModelConfig::copy_lookahead)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{0}, int64_t{64}));
  init_cmd->add_flag("--task-reminder", init_reminder,
                     "Repeat the task after the current observation (for small models trained "
                     "from scratch)");
  bool init_simplify = false;
  init_cmd->add_flag("--simplify-history", init_simplify,
                     "Earlier turns keep only their action (the thought becomes \"simplified "
                     "reasoning process\"), which leaves the page more of a small prompt budget");

  InspectArgs insp;
  auto* inspect_cmd = app.add_subcommand(
      "inspect",
      "Score the oracle's demonstrations of a split under a checkpoint, token by token (teacher "
      "forcing): the probability of each step's response and of its element id, the copy gate, "
      "and what the model, its output head and its pointer would pick instead");
  add_split_options(inspect_cmd);
  inspect_cmd->add_option("--model", insp.model, "Checkpoint directory")->required();
  inspect_cmd->add_option("--template", insp.template_id, "Only tasks of this intent template id");
  inspect_cmd->add_option("--task", insp.task, "Only the task with this index in the split");
  inspect_cmd->add_option("--step", insp.step, "Only this step of each demonstration (0-based)");
  inspect_cmd->add_option("--top", insp.top, "Alternatives shown per token")
      ->check(CLI::Range(0, 20))
      ->capture_default_str();
  inspect_cmd->add_flag("--all-tokens", insp.all_tokens,
                        "Every response token, not only the element id's");
  inspect_cmd->add_option("--out", insp.out, "Also write the inspection as JSON to this file");
  inspect_cmd
      ->add_option("--torch-threads", insp.torch_threads, "torch intra-op threads (0: all cores)")
      ->capture_default_str();
  TrainArgs tr;
  auto* train_cmd = app.add_subcommand("train",
                                       "Pretrain the base model (--stage base), behaviour-clone "
                                       "(--stage bc) or run M-GRPO (--stage grpo)");
  add_split_options(train_cmd);
  train_cmd->add_option("--stage", tr.stage, "base or bc")->capture_default_str();
  train_cmd->add_option("--init", tr.init, "Checkpoint directory to start from")->required();
  train_cmd->add_option("--out", tr.out, "Output checkpoint directory (resumes if present)")
      ->capture_default_str();
  train_cmd->add_option("--steps", tr.steps, "Optimizer steps")->capture_default_str();
  train_cmd->add_option("--batch", tr.batch, "Examples per step")->capture_default_str();
  train_cmd->add_option("--micro-batch", tr.micro_batch, "Examples per forward pass")
      ->capture_default_str();
  train_cmd
      ->add_option("--hard-fraction", tr.hard_fraction,
                   "Base/BC: share of each batch drawn with probability proportional to each "
                   "example's last measured loss (0: every example in turn)")
      ->check(CLI::Range(0.0, 1.0));
  train_cmd
      ->add_option("--balance-templates", tr.balance_templates,
                   "BC: repeat the demonstrations of templates with fewer of them, up to this "
                   "many times, towards as many as the largest template has (0 or 1: off)")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  train_cmd
      ->add_option("--copy-loss", tr.copy_loss,
                   "Base/BC with a copy head: weight of an auxiliary loss -log c(token) on the "
                   "response tokens the copy head could point at (0: off)")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  train_cmd
      ->add_option("--element-weight", tr.element_weight,
                   "BC: cross-entropy weight of the tokens of the action's element id (every "
                   "other response token weighs 1; the loss is the weighted mean)")
      ->check(CLI::Range(0.0, 1000.0))
      ->capture_default_str();
  train_cmd->add_option("--lr", tr.lr, "Peak learning rate (AdamW)")->capture_default_str();
  train_cmd->add_option("--warmup", tr.warmup, "Warm-up steps")->capture_default_str();
  train_cmd->add_option("--window", tr.window, "Base stage: tokens per window")
      ->capture_default_str();
  train_cmd
      ->add_option("--max-context", tr.max_context,
                   "BC prompt budget in tokens (0: agent.json's or the model's)")
      ->capture_default_str();
  train_cmd->add_option("--eval-turns", ev.max_steps, "GRPO: turn cap of the periodic evaluation")
      ->capture_default_str();
  train_cmd->add_option("--log-every", tr.log_every, "Steps between progress lines")
      ->capture_default_str();
  train_cmd->add_option("--torch-threads", tr.torch_threads, "torch intra-op threads (0: all)")
      ->capture_default_str();
  train_cmd->add_option("--group", tr.group, "GRPO: trajectories per task (G)")
      ->capture_default_str();
  train_cmd->add_option("--tasks-per-step", tr.tasks_per_step, "GRPO: groups per update")
      ->capture_default_str();
  train_cmd->add_option("--max-turns", tr.max_turns, "GRPO: interaction cap")
      ->capture_default_str();
  train_cmd->add_option("--max-new-tokens", tr.max_new_tokens, "GRPO: tokens per response")
      ->capture_default_str();
  train_cmd
      ->add_option("--updates-per-batch", tr.updates, "GRPO: optimizer steps per rollout batch")
      ->capture_default_str();
  train_cmd
      ->add_option("--save-every", tr.save_every,
                   "GRPO: checkpoint every N updates (0: at the end)")
      ->capture_default_str();
  train_cmd
      ->add_option("--eval-every", tr.eval_every,
                   "GRPO: evaluate on the test split every N updates and at the end (0: never)")
      ->capture_default_str();
  train_cmd
      ->add_option("--thoughts", tr.thoughts,
                   "BC: short (the oracle's notes) or long (R1-CoT reasoning) thoughts")
      ->capture_default_str();
  train_cmd
      ->add_option("--staleness", tr.staleness,
                   "GRPO: policy versions rollouts may run ahead of the learner (0: on-policy)")
      ->capture_default_str();
  train_cmd
      ->add_option("--max-batch", tr.max_batch, "GRPO: sequences per decode step of the engine")
      ->capture_default_str();
  train_cmd->add_flag("--dynamic-sampling", tr.dynamic_sampling,
                      "GRPO: keep drawing groups until --tasks-per-step of them have signal "
                      "(rewards not all equal), and learn from those only (DAPO)");
  train_cmd
      ->add_option("--task-order", tr.task_order,
                   "GRPO: order of the training tasks: shuffled (one seeded shuffle, cycled; "
                   "templates get groups in proportion to their task counts) or template "
                   "(every intent template the same share), weighted (shares from "
                   "--template-weights) or learnability (weights p(1-p) + 0.02 from the "
                   "starting policy's mean reward p on --probe-tasks tasks of each template)")
      ->check(CLI::IsMember({"shuffled", "template", "weighted", "learnability"}))
      ->capture_default_str();
  train_cmd->add_option("--template-weights", tr.template_weights,
                        "GRPO with --task-order weighted: TEMPLATE_ID=WEIGHT,... (templates "
                        "left out are never drawn)");
  train_cmd
      ->add_option("--probe-tasks", tr.probe_tasks,
                   "GRPO with --task-order learnability: tasks per template in the probe")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  train_cmd
      ->add_option("--max-draw", tr.max_draw,
                   "GRPO with --dynamic-sampling: groups drawn per update at most (0: 4 x "
                   "--tasks-per-step)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  train_cmd->add_option("--beta", tr.beta, "GRPO: KL coefficient")->capture_default_str();
  train_cmd->add_option("--clip", tr.clip, "GRPO: ratio clip epsilon")->capture_default_str();
  train_cmd->add_option("--norm", tr.norm, "GRPO: sequence, action or token")
      ->capture_default_str();
  train_cmd
      ->add_option("--context", tr.context,
                   "GRPO: exact (each turn scored under its own prompt) or single (the reference "
                   "code: one sequence per trajectory, earlier pages compressed)")
      ->capture_default_str();
  train_cmd->add_option("--temperature", tr.temperature, "GRPO: sampling temperature")
      ->capture_default_str();
  train_cmd
      ->add_option("--top-p", tr.top_p,
                   "GRPO: nucleus sampling of the rollouts (1: none); importance ratios keep the "
                   "temperature-scaled log-probs of the full distribution")
      ->check(CLI::Range(1e-3, 1.0))
      ->capture_default_str();

  CLI11_PARSE(app, argc, argv);
  if (train_cmd->parsed()) return RunTrain(ev, tr);
  if (inspect_cmd->parsed()) return RunInspect(ev, insp);
  if (tok_cmd->parsed()) return RunTokenizer(ev, tk);
  if (init_cmd->parsed()) {
    wa::AgentSettings settings;
    auto f = wa::ParsePromptFormat(init_format);
    auto t = wa::ParseChatTemplate(init_template);
    if (!f.ok() || !t.ok()) {
      fmt::print(stderr, "error: {}\n", !f.ok() ? f.status().message() : t.status().message());
      return 2;
    }
    settings.format = *f;
    settings.chat_template = *t;
    settings.observation = init_obs;
    settings.max_context_tokens = init_context;
    if (init_new_tokens > 0) settings.max_new_tokens = init_new_tokens;
    settings.task_reminder = init_reminder;
    settings.simplify_history = init_simplify;
    auto sp = wa::ParseSystemPromptStyle(init_system);
    if (!sp.ok()) {
      fmt::print(stderr, "error: {}\n", sp.status().message());
      return 2;
    }
    settings.system_prompt = *sp;
    if (!wa::ParseObservationType(init_obs).ok()) {
      fmt::print(stderr, "error: unknown observation type {}\n", init_obs);
      return 2;
    }
    wa::Status st = wa::InitCheckpoint(init_out, init_size, init_tokenizer, settings, ev.seed,
                                       init_copy_head, init_copy_lookahead);
    if (!st.ok()) {
      fmt::print(stderr, "error: {}\n", st.message());
      return 1;
    }
    fmt::print("wrote {} ({} model)\n", init_out, init_size);
    return 0;
  }
  if (demo_cmd->parsed()) return RunDemo(demo);
  if (play_cmd->parsed()) return RunPlay(play_site, play_url, play_obs, play_steps);
  if (obs_cmd->parsed()) return RunObserve(obs_url, obs_type, obs_scrolls);
  if (eval_cmd->parsed()) return RunEval(ev);
  if (report_cmd->parsed()) return RunReport(rep);
  if (view_cmd->parsed()) {
    if (!view_screenshot.empty()) {
      // The store is checked first so that a bad path is reported on the terminal too.
      auto store = wa::RunStore::Open(view.run);
      if (!store.ok()) fmt::print(stderr, "warning: {}\n", store.status().message());
      wa::Status st = wa::WriteScreenshot(view, view_screenshot);
      if (!st.ok()) {
        fmt::print(stderr, "error: {}\n", st.message());
        return 1;
      }
      fmt::print("wrote {}\n", view_screenshot);
      return store.ok() ? 0 : 1;
    }
    auto store = wa::RunStore::Open(view.run);
    if (!store.ok()) fmt::print(stderr, "error: {}\n", store.status().message());
    wa::Status st = wa::RunViewer(view);  // shows the error in the window too
    if (!st.ok()) {
      fmt::print(stderr, "error: {}\n", st.message());
      return 1;
    }
    return store.ok() ? 0 : 1;
  }
  if (tasks_cmd->parsed()) return RunTasks(ev, export_path, published);
  if (run_cmd->parsed()) {
    if (run_serve && run_login) run_login = false;  // serve sessions start signed in
    return RunWebArena(run_ev, run_webarena, run_serve, run_login, run_task_ids);
  }
  if (validate_cmd->parsed()) {
    wa::ValidateOptions vo;
    vo.split = validate_split == "train" ? wa::Split::kTrain : wa::Split::kTest;
    if (validate_split != "train" && validate_split != "test") {
      fmt::print(stderr, "error: --split must be test or train\n");
      return 2;
    }
    vo.split_options.sites = validate_sites;
    vo.split_options.per_template = validate_per_template;
    vo.split_options.seed = validate_seed;
    vo.port_offset = validate_port_offset;
    vo.max_tasks = validate_max_tasks;
    const auto t0 = std::chrono::steady_clock::now();
    auto report = wa::ValidateSplit(vo, [&](size_t done, size_t total) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (done % 10 != 0 && done != total) return;
      const double rate = s > 0 ? static_cast<double>(done) / s : 0.0;
      fmt::print(stderr, "validate: task {}/{} ({:.2f} tasks/s, ETA {:.0f} s)\n", done, total, rate,
                 rate > 0 ? static_cast<double>(total - done) / rate : 0.0);
    });
    if (!report.ok()) {
      fmt::print(stderr, "error: {}\n", report.status().message());
      return 1;
    }
    const nlohmann::json& j = *report;
    fmt::print("Chromium {} against the simulator: {} tasks, {} steps replayed in lockstep\n",
               j["browser"].get<std::string>(), j["tasks"].get<size_t>(), j["steps"].get<size_t>());
    fmt::print("{}", wa::ValidateTable(j));
    for (const auto& row : j["sites"]) {
      if (row["divergences"].empty()) continue;
      fmt::print("\n{}: most frequent divergences\n", row["site"].get<std::string>());
      for (const auto& d : row["divergences"]) {
        fmt::print("  {:>4}  {}\n", d["count"].get<int>(), d["what"].get<std::string>());
      }
    }
    if (!validate_out.empty()) {
      if (!WriteFileAtomic(validate_out, JsonFile(j))) {
        fmt::print(stderr, "error: cannot write {}\n", validate_out);
        return 1;
      }
      fmt::print("wrote {}\n", validate_out);
    }
    return 0;
  }
  if (serve_cmd->parsed()) {
    auto server = wa::SimServer::Start(serve);
    if (!server.ok()) {
      fmt::print(stderr, "error: {}\n", server.status().message());
      return 1;
    }
    for (const wa::ServedSite& s : (*server)->sites()) fmt::print("{:<16}{}\n", s.name, s.url);
    fmt::print("serving; POST /__sim/reset restores a session's state; Ctrl-C stops\n");
    static std::atomic<bool> stop{false};
    std::signal(SIGINT, [](int) { stop = true; });
    std::signal(SIGTERM, [](int) { stop = true; });
    while (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    (*server)->Stop();
    fmt::print("served {} requests in {} sessions\n", (*server)->requests(), (*server)->sessions());
    return 0;
  }
  if (sites_cmd->parsed()) {
    auto available = wa::AvailableSites();
    for (const wa::SiteHost& h : wa::KnownSiteHosts()) {
      bool have = std::find(available.begin(), available.end(), h.name) != available.end();
      fmt::print("{:<16}{:<22}{:<32}{}\n", h.name, h.placeholder, h.base_url,
                 have ? "available" : "not yet simulated");
    }
    return 0;
  }
  return 0;
}
