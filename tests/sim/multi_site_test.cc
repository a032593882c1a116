#include <map>
#include <set>

#include "sim/site.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

std::unique_ptr<Db> Pristine(const std::string& site) {
  TemplateSeedScope scope(0);
  auto db = TemplateSiteDb(site);
  REQUIRE(db.ok());
  return std::move(*db);
}

std::vector<std::string> Column(Db& db, const std::string& sql) {
  std::vector<std::string> out;
  REQUIRE(db.Query(sql, {}, [&](const Row& r) { out.push_back(r.Text(0)); }).ok());
  return out;
}

TEST_CASE("Multi-site data: the facts the cross-site tasks read", "[multi]") {
  auto reddit = Pristine("reddit");
  // DIY's most active posts, in the published order and at the published ids.
  CHECK(Column(*reddit,
               "SELECT s.id || '/' || s.slug FROM submissions s JOIN forums f ON f.id = "
               "s.forum_id WHERE f.name = 'DIY' ORDER BY s.last_active DESC, s.id DESC LIMIT 8") ==
        std::vector<std::string>{
            "118903/separate-glued-plastic-parts", "118923/how-would-you-fix-this-dryer-vent-mess",
            "118935/basement-bulkhead-soffit-wall-framing",
            "118904/ge-water-heater-pilot-light-won-t-stay-lit",
            "118960/attempting-to-move-a-wall-outlet-in-my-basement-a-few-inches",
            "118931/afci-outlet-question",
            "118824/teflon-tape-to-attach-washing-machine-drain-hose-to-pipe",
            "118866/paver-base-for-shed"});
  CHECK(Column(*reddit, "SELECT name FROM forums WHERE name = 'cars'").empty());
  auto gitlab = Pristine("gitlab");
  CHECK(Column(*gitlab,
               "SELECT p.description FROM projects p JOIN namespaces n ON n.id = p.namespace_id "
               "WHERE n.path = 'auth0' AND p.path = 'angular-storage'") ==
        std::vector<std::string>{"A storage library for AngularJS done right"});
  CHECK(Column(*gitlab,
               "SELECT p.name FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
               "n.path = 'convexegg' AND p.path = 'chatgpt'")
            .size() == 1);
  auto shop = Pristine("shopping");
  CHECK(Column(*shop,
               "SELECT r.summary FROM reviews r JOIN products p ON p.id = r.product_id WHERE "
               "p.name = 'Racing Wheel Overdrive for Xbox X' AND r.rating = 1 ORDER BY r.id") ==
        std::vector<std::string>{"Unable to set neutral steering", "Doesn\u2019t work with PC",
                                 "Crazy problems in automatic mode", "pedals stopped working",
                                 "Only works with certain games"});
  // The seed scope nests: the inner scope's end restores the outer seed.
  {
    TemplateSeedScope outer(7);
    { TemplateSeedScope inner(0); }
    auto seven = TemplateSiteDb("reddit");
    REQUIRE(seven.ok());
    auto hash = (*seven)->ContentHash();
    REQUIRE(hash.ok());
    auto zero_hash = reddit->ContentHash();
    REQUIRE(zero_hash.ok());
    CHECK(*hash != *zero_hash);
  }
}

TEST_CASE("Multi-site templates: all ten published intents, train disjoint from test",
          "[multi][shared]") {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  auto published = LoadTasks(path);
  REQUIRE(published.ok());
  std::map<int, Task> multi;
  for (const Task& t : *published) {
    if (t.sites.size() > 1) multi[t.intent_template_id] = t;
  }
  REQUIRE(multi.size() == 10);
  auto test = GenerateSplit(Split::kTest, {});
  REQUIRE(test.ok());
  std::set<int> seen;
  for (const GeneratedTask& g : *test) {
    auto it = multi.find(g.task.intent_template_id);
    if (it == multi.end()) continue;
    INFO(g.task.intent_template_id);
    seen.insert(it->first);
    CHECK(g.task.intent == it->second.intent);
    CHECK(g.task.sites == it->second.sites);
    CHECK(g.task.start_url == it->second.start_url);
    CHECK(g.task.storage_state == it->second.storage_state);
    CHECK(g.task.eval.eval_types == it->second.eval.eval_types);
    CHECK(g.task.eval.reference_url == it->second.eval.reference_url);
    CHECK(g.task.eval.program_html.size() == it->second.eval.program_html.size());
  }
  CHECK(seen.size() == 10);
  // Only template 101 is marked unsolvable.
  for (const auto& [id, t] : multi) {
    const TemplateFamily* f = FindTemplate(id);
    REQUIRE(f != nullptr);
    CHECK(f->oracle_solves == (id != 101));
  }
  SplitOptions so;
  so.per_template = 10;
  auto train = GenerateSplit(Split::kTrain, so);
  REQUIRE(train.ok());
  std::map<int, int> per_template;
  for (const GeneratedTask& g : *train) {
    auto it = multi.find(g.task.intent_template_id);
    if (it == multi.end()) continue;
    per_template[it->first]++;
    CHECK(g.task.intent != it->second.intent);
  }
  for (int id : {88, 116, 117, 84, 101, 85, 94, 42}) {
    INFO(id);
    CHECK(per_template[id] >= 5);
  }
}

}  // namespace
}  // namespace wa
