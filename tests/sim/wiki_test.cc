#include <set>

#include "sim/env.h"
#include "sim/site.h"
#include "sim/sites/map_data.h"
#include "sim/sites/wiki_data.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

const WikiArticle* Find(const std::vector<WikiArticle>& all, const std::string& title) {
  for (const WikiArticle& a : all) {
    if (a.title == title) return &a;
  }
  return nullptr;
}

std::string Text(const WikiArticle& a) {
  std::string t = a.lead;
  for (const auto& [k, v] : a.infobox) t += " " + k + ": " + v;
  for (const auto& [h, s] : a.sections) t += " " + h + " " + s;
  return t;
}

TEST_CASE("Wiki content: volume, unique titles, links that resolve, facts stated", "[wiki]") {
  auto articles = BuildWikiArticles(0);
  REQUIRE(articles.ok());
  CHECK(articles->size() >= 300);
  std::set<std::string> titles;
  size_t with_infobox = 0, with_links = 0;
  for (const WikiArticle& a : *articles) {
    INFO(a.title);
    CHECK(titles.insert(a.title).second);
    CHECK_FALSE(a.lead.empty());
    with_infobox += !a.infobox.empty();
    with_links += !a.links.empty();
  }
  CHECK(with_infobox >= 200);
  CHECK(with_links >= 250);
  for (const WikiArticle& a : *articles) {
    for (const std::string& l : a.links) {
      INFO(a.title << " -> " << l);
      CHECK(titles.count(l) == 1);
    }
  }
  // Every fact a task relies on is stated in its article, and names a place of the map.
  auto world = MapWorld::Build(0);
  REQUIRE(world.ok());
  for (const WikiFact& f : WikiFacts()) {
    INFO(f.description);
    const WikiArticle* a = Find(*articles, f.article);
    REQUIRE(a != nullptr);
    CHECK(Text(*a).find(f.place) != std::string::npos);
    CHECK((*world)->FindByName(f.place) >= 0);
    CHECK(FindWikiFact(f.description) == &f);
  }
  CHECK(FindWikiFact("THE HOMETOWN OF JOE BIDEN") != nullptr);
  CHECK(FindWikiFact("the hometown of nobody") == nullptr);
  const WikiArticle* mit = Find(*articles, "Massachusetts Institute of Technology");
  REQUIRE(mit != nullptr);
  CHECK(Text(*mit).find("top computer science school in Massachusetts") != std::string::npos);
  const WikiArticle* acadia = Find(*articles, "Acadia National Park");
  REQUIRE(acadia != nullptr);
  CHECK(Text(*acadia).find("Vinalhaven") != std::string::npos);
  // Articles come from the map too: states with their borders, counties, lists of places.
  const WikiArticle* nh = Find(*articles, "New Hampshire");
  REQUIRE(nh != nullptr);
  CHECK(Text(*nh).find("Vermont") != std::string::npos);
  CHECK(Find(*articles, "Allegheny County, Pennsylvania") != nullptr);
  CHECK(Find(*articles, "List of cafes in Pittsburgh") != nullptr);
  CHECK(WikiSlug("Boston Celtics") == "Boston_Celtics");
}

TEST_CASE("Wiki pages: library, main page, articles, search and 404", "[wiki]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__WIKIPEDIA__", 1, &r).ok());
  CHECK(r.observation.find("Wikipedia in English") != std::string::npos);
  REQUIRE(env.Reset("__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Main_Page", 1, &r).ok());
  CHECK(r.observation.find("Featured articles") != std::string::npos);
  REQUIRE(env.Reset("__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Boston_Celtics", 1, &r).ok());
  CHECK(testing::EvalLocator(env, "document.querySelector('#firstHeading').outerText") ==
        "Boston Celtics");
  const std::string infobox =
      testing::EvalLocator(env, "document.querySelector('table.infobox').outerText");
  CHECK(infobox.find("TD Garden") != std::string::npos);
  // Links in the text lead to other articles.
  const std::string href = testing::EvalLocator(
      env, "document.querySelector('.mw-parser-output p a').getAttribute('href')");
  CHECK(href.find("/wikipedia_en_all_maxi_2022-05/A/") == 0);
  REQUIRE(env.Reset("__WIKIPEDIA__" + href, 1, &r).ok());
  CHECK(r.observation.find("Not Found") == std::string::npos);
  // Titles with punctuation resolve through their escaped paths.
  REQUIRE(env.Reset("__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Allegheny_County,_Pennsylvania",
                    1, &r)
              .ok());
  CHECK(testing::EvalLocator(env, "document.querySelector('p.lead').outerText")
            .find("is a county in the U.S. state of Pennsylvania") != std::string::npos);
  // Search: the exact title first, then articles containing every word.
  REQUIRE(env.Reset("__WIKIPEDIA__/search?content=wikipedia_en_all_maxi_2022-05&pattern=joe+biden",
                    1, &r)
              .ok());
  CHECK(testing::EvalLocator(env, "document.querySelector('.results a').outerText") == "Joe Biden");
  REQUIRE(env.Reset("__WIKIPEDIA__/search?content=wikipedia_en_all_maxi_2022-05&pattern="
                    "September+11+plane+Pennsylvania",
                    1, &r)
              .ok());
  CHECK(r.observation.find("United Airlines Flight 93") != std::string::npos);
  REQUIRE(env.Reset("__WIKIPEDIA__/search?pattern=qqqqzzzz", 1, &r).ok());
  CHECK(r.observation.find("No results were found") != std::string::npos);
  REQUIRE(env.Reset("__WIKIPEDIA__/search?pattern=%25%27%22%3C", 1, &r).ok());  // %'"<
  CHECK(r.observation.find("No results were found") != std::string::npos);
  REQUIRE(env.Reset("__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/No_Such_Article", 1, &r).ok());
  CHECK(r.observation.find("Not Found") != std::string::npos);
}

TEST_CASE("Map multi-site templates: published intents, facts from the wiki and the admin",
          "[wiki][shared]") {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  auto published = LoadTasks(path);
  REQUIRE(published.ok());
  std::map<int, std::string> intents;
  for (const Task& t : *published) {
    if (t.sites.size() > 1 && std::find(t.sites.begin(), t.sites.end(), "map") != t.sites.end()) {
      intents[t.intent_template_id] = t.intent;
    }
  }
  REQUIRE(intents.size() == 5);
  SplitOptions so;
  so.sites = {"map", "wikipedia", "shopping_admin"};
  auto test = GenerateSplit(Split::kTest, so);
  REQUIRE(test.ok());
  size_t multi = 0;
  for (const GeneratedTask& g : *test) {
    if (g.task.sites.size() < 2) continue;
    ++multi;
    INFO(g.task.intent_template_id);
    REQUIRE(intents.count(g.task.intent_template_id) == 1);
    CHECK(g.task.intent == intents[g.task.intent_template_id]);
  }
  CHECK(multi == 5);
  so.per_template = 20;
  auto train = GenerateSplit(Split::kTrain, so);
  REQUIRE(train.ok());
  std::set<int> seen;
  for (const GeneratedTask& g : *train) {
    if (g.task.sites.size() < 2) continue;
    seen.insert(g.task.intent_template_id);
    for (const auto& [id, intent] : intents) CHECK(g.task.intent != intent);
  }
  CHECK(seen == std::set<int>{85, 371, 94, 42});  // 120 has no parameters
  // The admin customer the route task reads lives in Hoboken.
  auto admin = GetSite("shopping_admin", SiteOptions{});
  REQUIRE(admin.ok());
  auto db = Db::OpenMemory();
  REQUIRE(db.ok());
  REQUIRE((*db)->Deserialize((*admin)->pristine).ok());
  auto city = (*db)->QueryText(
      "SELECT city || ', ' || region FROM customers WHERE firstname = 'Amanda' AND lastname = "
      "'Kim'",
      {});
  REQUIRE(city.ok());
  CHECK(*city == "Hoboken, New Jersey");
}

}  // namespace
}  // namespace wa
