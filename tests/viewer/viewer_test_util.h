// A small episode store for the viewer tests: fixture pages with their recorded boxes.
#ifndef WEBAGENT_TESTS_VIEWER_VIEWER_TEST_UTIL_H_
#define WEBAGENT_TESTS_VIEWER_VIEWER_TEST_UTIL_H_

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "agent/episode_store.h"
#include "sim/env.h"
#include "sim/harness.h"
#include "sim/replay.h"
#include "sim/task_templates.h"

namespace wa {

// A fresh temporary directory for one test, removed at the end of scope.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("webagent_viewer_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

// Writes `episodes` episodes (two GRPO groups of two) of three steps on the fixture's /items page.
// Every step clicks element `clicked`; episode 2 succeeds. Returns the boxes of the page.
inline nlohmann::json WriteTestStore(const std::string& store_path, int episodes = 4,
                                     int clicked = 1) {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__FIXTURE__/items", 1, &r).ok());
  nlohmann::json boxes = PageBoxes(*env.browser().page());
  auto store = EpisodeStore::Open(store_path, "viewer-test", {{"lr", 1e-5}});
  REQUIRE(store.ok());
  for (int e = 0; e < episodes; ++e) {
    EpisodeRecord rec;
    rec.stage = "grpo";
    rec.split = e % 2 == 0 ? "train" : "test";
    rec.task_id = 100 + e / 2;
    rec.template_id = 90000 + e / 2;
    rec.sites = "fixture";
    rec.intent = e / 2 == 0 ? "Open the Help page" : "What is the price of the Rugged Backpack?";
    rec.policy_version = 3;
    rec.group = e / 2;
    rec.member = e % 2;
    rec.reward = e == 2 ? 1.0f : 0.0f;
    rec.answer = e == 2 ? "$165.29" : "";
    rec.verdict = e == 2 ? "PASS string_match must_include: expected 165.29 | got $165.29"
                         : "FAIL url_match: expected /help | got /items";
    for (int s = 0; s < 3; ++s) {
      StepRecord step;
      step.url = r.info.url;
      step.observation = r.observation;
      step.prompt = "<|im_start|>user\nRound " + std::to_string(s);
      step.action = "do(action=\"Click\", element=\"" + std::to_string(clicked) + "\")";
      step.response =
          "<think> # Element: the link </think>\n<answer> " + step.action + " </answer>";
      step.boxes = boxes;
      rec.steps.push_back(step);
    }
    (*store)->Add(std::move(rec));
  }
  REQUIRE((*store)->Flush().ok());
  return boxes;
}

// Appends one oracle episode of the fixture's "Send a message" test task (it writes a row) with
// its replay record; returns the intent.
inline std::string WriteReplayableEpisode(const std::string& store_path) {
  SplitOptions so;
  so.sites = {"fixture"};
  auto tasks = GenerateSplit(Split::kTest, so);
  REQUIRE(tasks.ok());
  const GeneratedTask* msg = nullptr;
  for (const GeneratedTask& g : *tasks) {
    if (g.task.intent.rfind("Send a message", 0) == 0) msg = &g;
  }
  REQUIRE(msg != nullptr);
  HarnessOptions ho;
  auto oracle = MakeOraclePolicy({*msg});
  EvalReport report = RunEvaluation({msg->task}, oracle.get(), ho);
  REQUIRE(report.outcomes.at(0).score == 1.0f);
  auto store = EpisodeStore::Open(store_path, "viewer-replay", {});
  REQUIRE(store.ok());
  EpisodeRecord rec;
  rec.stage = "eval";
  rec.split = "test";
  rec.task_id = msg->task.task_id;
  rec.template_id = msg->task.intent_template_id;
  rec.sites = "fixture";
  rec.intent = msg->task.intent;
  rec.reward = 1.0f;
  ReplaySpec spec;
  spec.task = msg->task;
  spec.reset_seed = report.outcomes[0].reset_seed;
  spec.max_steps = ho.max_steps;
  rec.replay = spec.ToJson();
  for (const std::string& a : report.outcomes[0].actions) {
    StepRecord step;
    step.action = a;
    step.response = a;
    rec.steps.push_back(step);
  }
  (*store)->Add(std::move(rec));
  REQUIRE((*store)->Flush().ok());
  return msg->task.intent;
}

}  // namespace wa

#endif  // WEBAGENT_TESTS_VIEWER_VIEWER_TEST_UTIL_H_
