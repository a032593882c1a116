#include "sim/replay.h"

#include <map>

#include "sim/harness.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

std::unique_ptr<Db> MemoryDb(const std::string& sql) {
  auto db = Db::OpenMemory();
  REQUIRE(db.ok());
  REQUIRE((*db)->Exec(sql).ok());
  return std::move(*db);
}

TEST_CASE("DiffDatabases: inserted, updated and deleted rows by rowid", "[replay]") {
  const std::string schema =
      "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL, note TEXT);"
      "CREATE TABLE tags (name TEXT PRIMARY KEY, n INTEGER);"
      "CREATE TABLE quiet (x INTEGER);"
      "INSERT INTO items VALUES (1, 'a', 1.5, NULL), (2, 'b', 2.0, 'x'), (3, 'c', 3.0, NULL);"
      "INSERT INTO tags VALUES ('red', 1), ('blue', 2);"
      "INSERT INTO quiet VALUES (7);";
  auto before = MemoryDb(schema);
  auto after = MemoryDb(schema +
                        "UPDATE items SET price = 2.5, note = 'it''s \"new\"' WHERE id = 2;"
                        "DELETE FROM items WHERE id = 1;"
                        "INSERT INTO items (name, price) VALUES ('d', 4.0);"
                        "UPDATE items SET note = NULL WHERE id = 3;"  // NULL to NULL: no change
                        "UPDATE tags SET n = 5 WHERE name = 'blue';");
  auto diff = DiffDatabases(*before, *after);
  REQUIRE(diff.ok());
  REQUIRE(diff->size() == 2);  // "quiet" is unchanged and left out
  const TableChanges& items = (*diff)[0];
  CHECK(items.table == "items");
  CHECK(items.inserted == 1);
  CHECK(items.updated == 1);
  CHECK(items.deleted == 1);
  REQUIRE(items.rows.size() == 3);
  CHECK(items.rows[0].kind == RowChange::Kind::kDeleted);
  CHECK(items.rows[0].rowid == 1);
  CHECK(items.rows[0].columns == std::vector<std::string>{"id", "name", "price", "note"});
  CHECK(items.rows[0].before[1] == std::optional<std::string>("a"));
  CHECK_FALSE(items.rows[0].before[3].has_value());
  CHECK(items.rows[1].kind == RowChange::Kind::kUpdated);
  CHECK(items.rows[1].columns == std::vector<std::string>{"price", "note"});
  CHECK(items.rows[1].before == std::vector<std::optional<std::string>>{"2.0", "x"});
  CHECK(items.rows[1].after == std::vector<std::optional<std::string>>{"2.5", "it's \"new\""});
  CHECK(items.rows[2].kind == RowChange::Kind::kInserted);
  CHECK(items.rows[2].rowid == 4);
  CHECK(items.rows[2].after[1] == std::optional<std::string>("d"));
  const TableChanges& tags = (*diff)[1];
  CHECK(tags.table == "tags");
  CHECK(tags.updated == 1);
  CHECK(tags.rows.at(0).columns == std::vector<std::string>{"n"});

  SECTION("row limit keeps the counts") {
    auto limited = DiffDatabases(*before, *after, 1);
    REQUIRE(limited.ok());
    CHECK((*limited)[0].rows.size() == 1);
    CHECK((*limited)[0].inserted + (*limited)[0].updated + (*limited)[0].deleted == 3);
  }
  SECTION("equal databases have no changes") {
    auto same = DiffDatabases(*before, *before);
    REQUIRE(same.ok());
    CHECK(same->empty());
  }
  SECTION("a table that exists on one side only, and a changed schema") {
    auto other = MemoryDb(
        "CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT);"
        "CREATE TABLE extra (v TEXT); INSERT INTO extra VALUES ('only here');");
    auto d = DiffDatabases(*before, *other);
    REQUIRE(d.ok());
    std::map<std::string, const TableChanges*> by_name;
    for (const TableChanges& t : *d) by_name[t.table] = &t;
    REQUIRE(by_name.count("extra"));
    CHECK(by_name["extra"]->inserted == 1);
    REQUIRE(by_name.count("items"));
    CHECK_FALSE(by_name["items"]->note.empty());
    REQUIRE(by_name.count("tags"));
    CHECK(by_name["tags"]->deleted == 2);
  }
}

TEST_CASE("ReplayEpisode reproduces oracle episodes and lists what they changed", "[replay]") {
  SplitOptions so;
  so.sites = {"shopping"};
  auto tasks = GenerateSplit(Split::kTest, so);
  REQUIRE(tasks.ok());
  std::vector<Task> plain;
  for (const GeneratedTask& g : *tasks) plain.push_back(g.task);
  HarnessOptions ho;
  ho.seed = 3;
  auto oracle = MakeOraclePolicy(*tasks);
  EvalReport report = RunEvaluation(plain, oracle.get(), ho);
  int with_changes = 0, read_only = 0;
  for (size_t i = 0; i < plain.size(); ++i) {
    const TaskOutcome& o = report.outcomes[i];
    ReplaySpec spec;
    spec.task = plain[i];
    spec.reset_seed = o.reset_seed;
    spec.site_seed = ho.seed;
    spec.max_steps = ho.max_steps;
    // The spec survives its JSON form (as the episode store keeps it).
    auto round = ReplaySpec::FromJson(nlohmann::json::parse(spec.ToJson().dump()));
    REQUIRE(round.ok());
    auto r = ReplayEpisode(*round, o.actions);
    INFO("task " << o.task_id << ": " << o.intent);
    REQUIRE(r.ok());
    CHECK(r->finished);
    CHECK(r->reward == o.score);
    CHECK(r->steps == static_cast<int>(o.actions.size()));
    REQUIRE(r->changes.size() == 1);
    CHECK(r->changes[0].site == "shopping");
    if (r->changes[0].tables.empty()) {
      ++read_only;
    } else {
      ++with_changes;
    }
    // Adding to the wish list shows up as one inserted wishlist_items row.
    if (o.intent.rfind("Add ", 0) == 0 && o.intent.find("wish list") != std::string::npos) {
      bool inserted = false;
      for (const TableChanges& t : r->changes[0].tables) {
        if (t.table == "wishlist_items" && t.inserted >= 1) inserted = true;
      }
      CHECK(inserted);
    }
  }
  CHECK(with_changes > 0);
  CHECK(read_only > 0);

  SECTION("no actions, no changes; a bad record is an error") {
    ReplaySpec spec;
    spec.task = plain[0];
    auto r = ReplayEpisode(spec, {});
    REQUIRE(r.ok());
    CHECK_FALSE(r->finished);
    CHECK(r->changes.at(0).tables.empty());
    CHECK_FALSE(ReplaySpec::FromJson(nlohmann::json::object()).ok());
    CHECK_FALSE(ReplaySpec::FromJson({{"task", {{"intent", 3}}}}).ok());
    nlohmann::json bad = spec.ToJson();
    bad["max_steps"] = "many";
    CHECK_FALSE(ReplaySpec::FromJson(bad).ok());
  }
}

}  // namespace
}  // namespace wa
