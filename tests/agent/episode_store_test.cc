#include "agent/episode_store.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include <unistd.h>

#include "sim/env.h"

namespace wa {
namespace {

TEST_CASE("Episode store: background writes, readable while open, page boxes", "[store]") {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("webagent_store_" + std::to_string(::getpid()) + ".sqlite"))
                         .string();
  std::filesystem::remove(path);
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__FIXTURE__/items", 1, &r).ok());
  nlohmann::json boxes = PageBoxes(*env.browser().page());
  REQUIRE(boxes.size() > 3);
  CHECK(boxes[0][0] == 0);
  CHECK(boxes[0][3].get<float>() > 0);  // width
  {
    auto store = EpisodeStore::Open(path, "test-run", {{"lr", 0.001}});
    REQUIRE(store.ok());
    for (int e = 0; e < 3; ++e) {
      EpisodeRecord rec;
      rec.stage = "grpo";
      rec.split = "train";
      rec.task_id = 90000 + e;
      rec.sites = "fixture";
      rec.intent = "O'Brien's \"task\"; DROP TABLE steps; --";
      rec.policy_version = 7;
      rec.member = e;
      rec.reward = e == 1 ? 1.0f : 0.0f;
      rec.verdict = "{\"score\": 1}";
      for (int s = 0; s < 2; ++s) {
        StepRecord step;
        step.url = r.info.url;
        step.observation = r.observation;
        step.prompt = "<|im_start|>user\n...";
        step.response = "<answer> do(action=\"Click\", element=\"1\") </answer>";
        step.action = "do(action=\"Click\", element=\"1\")";
        step.boxes = boxes;
        rec.steps.push_back(step);
      }
      (*store)->Add(std::move(rec));
    }
    REQUIRE((*store)->Flush().ok());
    // A second connection reads while the writer still holds the file open.
    auto reader = Db::OpenFile(path, /*read_only=*/true);
    REQUIRE(reader.ok());
    CHECK(*(*reader)->QueryInt("SELECT COUNT(*) FROM episodes", {}) == 3);
    CHECK(*(*reader)->QueryInt("SELECT COUNT(*) FROM steps", {}) == 6);
    CHECK(*(*reader)->QueryText("SELECT journal_mode FROM pragma_journal_mode", {}) == "wal");
    (*store)->Add(EpisodeRecord());  // written by the destructor
  }
  auto reader = Db::OpenFile(path, true);
  REQUIRE(reader.ok());
  CHECK(*(*reader)->QueryInt("SELECT COUNT(*) FROM episodes", {}) == 4);
  CHECK(*(*reader)->QueryText("SELECT intent FROM episodes WHERE member = 2", {}) ==
        "O'Brien's \"task\"; DROP TABLE steps; --");
  CHECK(*(*reader)->QueryReal("SELECT SUM(reward) FROM episodes", {}) == 1.0);
  auto stored = nlohmann::json::parse(*(*reader)->QueryText("SELECT boxes FROM steps LIMIT 1", {}));
  CHECK(stored == boxes);
  CHECK(*(*reader)->QueryText("SELECT name FROM runs", {}) == "test-run");
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-wal");
  std::filesystem::remove(path + "-shm");
  CHECK_FALSE(EpisodeStore::Open("/nonexistent/dir/x.sqlite", "r", {}).ok());
}

}  // namespace
}  // namespace wa
