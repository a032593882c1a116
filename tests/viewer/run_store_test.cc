#include "viewer/run_store.h"

#include <catch2/catch.hpp>

#include <fstream>

#include "tests/viewer/viewer_test_util.h"

namespace wa {
namespace {

TEST_CASE("Run store: episodes, filters, steps with boxes, groups, live reads", "[viewer]") {
  TempDir dir("store");
  const std::string path = (dir.path / "episodes.sqlite").string();
  nlohmann::json boxes = WriteTestStore(path);
  {
    std::ofstream m(dir.path / "metrics.jsonl");
    m << R"({"stage":"grpo","step":1,"reward":0.25})"
      << "\n"
      << "not json\n"
      << R"({"stage":"grpo","step":2,"reward":0.5})"
      << "\n";
  }
  auto store = RunStore::Open(dir.path.string());  // the run directory
  REQUIRE(store.ok());
  auto all = (*store)->Episodes();
  REQUIRE(all.ok());
  REQUIRE(all->size() == 4);
  CHECK((*all)[2].success());
  CHECK((*all)[2].template_id == 90001);
  CHECK((*all)[0].turns == 3);

  EpisodeFilter f;
  auto count = [&](const EpisodeFilter& filter) {
    int n = 0;
    for (const EpisodeSummary& e : *all) n += filter.Matches(e) ? 1 : 0;
    return n;
  };
  CHECK(count(f) == 4);
  f.success = 1;
  CHECK(count(f) == 1);
  f = EpisodeFilter();
  f.intent_contains = "RUGGED backpack";  // case-insensitive
  CHECK(count(f) == 2);
  f.split = "test";
  CHECK(count(f) == 1);
  f = EpisodeFilter();
  f.template_id = 90000;
  CHECK(count(f) == 2);
  f = EpisodeFilter();
  f.min_turns = 4;
  CHECK(count(f) == 0);
  f = EpisodeFilter();
  f.site = "shopping";
  CHECK(count(f) == 0);

  auto ep = (*store)->Load((*all)[2].id);
  REQUIRE(ep.ok());
  CHECK(ep->answer == "$165.29");
  CHECK(ep->verdict.rfind("PASS", 0) == 0);
  REQUIRE(ep->steps.size() == 3);
  const StepView& s = ep->steps[1];
  CHECK(s.prompt == "<|im_start|>user\nRound 1");
  CHECK(s.thought == "# Element: the link");
  CHECK(s.acted_element == 1);
  REQUIRE(s.boxes.size() == boxes.size());
  CHECK(s.boxes[1].id == 1);
  CHECK(s.boxes[1].w == boxes[1][3].get<float>());
  CHECK(s.boxes[1].tag == boxes[1][5].get<std::string>());
  CHECK_FALSE(s.boxes[1].text.empty());
  CHECK_FALSE((*store)->Load(999).ok());

  auto group = (*store)->Group((*all)[2]);
  REQUIRE(group.ok());
  REQUIRE(group->size() == 2);
  CHECK((*group)[0].member == 0);
  CHECK((*group)[1].id == (*all)[3].id);

  auto metrics = (*store)->Metrics();
  REQUIRE(metrics.size() == 2);  // the malformed line is skipped
  CHECK(metrics[1]["reward"] == 0.5);

  // Live mode: episodes written after the first read are picked up by id.
  WriteTestStore(path, 2);
  auto newer = (*store)->Episodes(all->back().id);
  REQUIRE(newer.ok());
  CHECK(newer->size() == 2);
}

TEST_CASE("Run store: missing, corrupt, foreign and other-version stores give clear errors",
          "[viewer]") {
  TempDir dir("errors");
  auto missing = RunStore::Open((dir.path / "nothing").string());
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().message().find("no episode store") != std::string::npos);

  const std::string corrupt = (dir.path / "corrupt.sqlite").string();
  {
    std::ofstream out(corrupt, std::ios::binary);
    for (int i = 0; i < 4096; ++i) out.put(static_cast<char>((i * 7919) & 0xff));
  }
  auto bad = RunStore::Open(corrupt);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message().find("not an SQLite episode store") != std::string::npos);

  const std::string foreign = (dir.path / "foreign.sqlite").string();
  {
    auto db = Db::OpenFile(foreign);
    REQUIRE(db.ok());
    REQUIRE((*db)->Exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)").ok());
  }
  auto other = RunStore::Open(foreign);
  REQUIRE_FALSE(other.ok());
  CHECK(other.status().message().find("not an episode store") != std::string::npos);

  const std::string old = (dir.path / "old.sqlite").string();
  WriteTestStore(old, 2);
  {
    auto db = Db::OpenFile(old);
    REQUIRE(db.ok());
    REQUIRE((*db)->Exec("PRAGMA user_version = 1").ok());
  }
  auto version = RunStore::Open(old);
  REQUIRE_FALSE(version.ok());
  CHECK(version.status().message().find("schema version 1") != std::string::npos);
  // The writer refuses to append to it as well.
  CHECK_FALSE(EpisodeStore::Open(old, "again", {}).ok());
}

TEST_CASE("Run store: an episode replays in a fresh simulator and shows its database changes",
          "[viewer]") {
  TempDir dir("replay");
  const std::string path = (dir.path / "episodes.sqlite").string();
  WriteTestStore(path, 1);  // an episode without a replay record (id 1)
  const std::string intent = WriteReplayableEpisode(path);
  auto store = RunStore::Open(path);
  REQUIRE(store.ok());
  CHECK((*store)->version() == kEpisodeStoreVersion);
  auto all = (*store)->Episodes();
  REQUIRE(all.ok());
  REQUIRE(all->size() == 2);
  auto ep = (*store)->Load((*all)[1].id);
  REQUIRE(ep.ok());
  REQUIRE_FALSE(ep->replay.empty());
  auto r = ReplayRecorded(*ep);
  INFO(intent);
  REQUIRE(r.ok());
  CHECK(r->finished);
  CHECK(r->reward == 1.0f);
  REQUIRE(r->changes.size() == 1);
  CHECK(r->changes[0].site == "fixture");
  int64_t inserted = 0;
  for (const TableChanges& t : r->changes[0].tables) inserted += t.inserted;
  CHECK(inserted >= 1);

  auto plain = (*store)->Load((*all)[0].id);
  REQUIRE(plain.ok());
  auto none = ReplayRecorded(*plain);
  REQUIRE_FALSE(none.ok());
  CHECK(none.status().message().find("no replay record") != std::string::npos);
  EpisodeView broken = *ep;
  broken.replay = "{not json";
  CHECK_FALSE(ReplayRecorded(broken).ok());
}

TEST_CASE("Run store: a schema version 2 store (no replay records) still opens", "[viewer]") {
  TempDir dir("v2");
  const std::string path = (dir.path / "episodes.sqlite").string();
  WriteTestStore(path, 2);
  {
    auto db = Db::OpenFile(path);
    REQUIRE(db.ok());
    REQUIRE((*db)->Exec("ALTER TABLE episodes DROP COLUMN replay; PRAGMA user_version = 2").ok());
  }
  auto store = RunStore::Open(path);
  REQUIRE(store.ok());
  CHECK((*store)->version() == 2);
  auto all = (*store)->Episodes();
  REQUIRE(all.ok());
  REQUIRE(all->size() == 2);
  auto ep = (*store)->Load((*all)[0].id);
  REQUIRE(ep.ok());
  CHECK(ep->steps.size() == 3);
  CHECK(ep->replay.empty());
  CHECK_FALSE(ReplayRecorded(*ep).ok());
}

TEST_CASE("ActedElement reads the element of an action", "[viewer]") {
  CHECK(ActedElement("do(action=\"Click\", element=\"12\")") == 12);
  CHECK(ActedElement("do(action=\"Scroll Down\")") == -1);
  CHECK(ActedElement("not an action") == -1);
}

}  // namespace
}  // namespace wa
