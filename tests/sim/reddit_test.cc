#include <map>
#include <set>

#include "sim/env.h"
#include "sim/evaluator.h"
#include "sim/locator.h"
#include "sim/site.h"
#include "sim/sites/reddit_data.h"
#include "sim/task.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

using testing::Act;
using testing::ElementAfter;
using testing::ElementBefore;

Db& ForumDb(Env* env) {
  StepResult r;
  REQUIRE(env->Reset("__REDDIT__/", 1, &r).ok());
  return *env->browser().site("reddit")->db;
}

// The value of a published-style locator on the current page.
std::string Eval(Env& env, const std::string& locator) {
  return testing::EvalLocator(env, locator);
}

const char* kVoteClass =
    "document.querySelector('div.submission__vote').querySelector('form').getAttribute('class')";

TEST_CASE("Reddit data: volume, named forums and users, planted posts", "[reddit]") {
  Env env;
  Db& db = ForumDb(&env);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM forums", {}) >= 60);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM submissions", {}) >= 5000);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM comments", {}) >= 20000);
  // Link, text and image posts; threads (replies to comments); votes both ways.
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM submissions WHERE url != ''", {}) > 500);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM submissions WHERE media != ''", {}) > 500);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM submissions WHERE body != '' AND COALESCE(url, '') = ''",
                     {}) > 500);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM comments WHERE parent_id IS NOT NULL", {}) > 1000);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM comments WHERE downvotes > upvotes", {}) > 100);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM users WHERE biography != ''", {}) > 100);
  for (const char* f : {"books", "nyc", "consoles", "funny", "iphone", "sports", "gaming",
                        "technology", "MachineLearning", "gadgets", "EarthPorn", "UpliftingNews",
                        "television", "Showerthoughts", "DIY", "pics"}) {
    INFO(f);
    CHECK(*db.QueryInt("SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id "
                       "WHERE f.name = ?",
                       {std::string(f)}) > 10);
  }
  for (const char* u : {"MarvelsGrantMan136", "CameronKelsey", "AdamCannon"}) {
    CHECK(*db.QueryInt("SELECT COUNT(*) FROM users WHERE username = ?", {std::string(u)}) == 1);
  }
  CHECK(*db.QueryInt("SELECT id FROM users WHERE username = ?", {std::string(kRedditUser)}) ==
        kRedditUserId);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM subscriptions WHERE user_id = ?", {kRedditUserId}) > 5);
  // Every planted topic is a distinct top-10 post of its forum that names the organisation.
  std::set<int64_t> planted;
  for (const PlantedTopic& t : RedditPlantedTopics()) {
    INFO(t.forum << " " << t.topic);
    auto id = db.QueryInt(
        "SELECT s.id FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = ? AND "
        "(s.title LIKE '%' || ? || '%' OR s.body LIKE '%' || ? || '%') ORDER BY s.id LIMIT 1",
        {std::string(t.forum), std::string(t.organization), std::string(t.organization)}, 0);
    REQUIRE(id.ok());
    REQUIRE(*id > 0);
    CHECK(planted.insert(*id).second);
    auto rank = db.QueryInt(
        "SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = ? "
        "AND s.upvotes - s.downvotes > (SELECT upvotes - downvotes FROM submissions WHERE id = ?)",
        {std::string(t.forum), *id});
    CHECK(*rank < 10);
  }
  CHECK(planted.size() >= 25);
  // Deterministic: the same seed gives the same forum.
  Env other;
  CHECK(*db.ContentHash() == *ForumDb(&other).ContentHash());
}

TEST_CASE("Published Reddit URLs exist and listings sort as the tasks expect", "[reddit]") {
  Env env;
  StepResult r;
  for (const char* u :
       {"__REDDIT__/", "__REDDIT__/forums", "__REDDIT__/forums/by_category", "__REDDIT__/f/pics",
        "__REDDIT__/f/books/new", "__REDDIT__/f/gadgets/top?t=all", "__REDDIT__/f/nyc/active",
        "__REDDIT__/f/gaming/controversial?t=year", "__REDDIT__/all",
        "__REDDIT__/f/television/135201/star-trek-starfleet-academy-series-from-alex-kurtzman-and",
        "__REDDIT__/user/MarvelsGrantMan136", "__REDDIT__/user/CameronKelsey/submissions",
        "__REDDIT__/user/AdamCannon/comments", "__REDDIT__/search?q=bookshop", "__REDDIT__/submit",
        "__REDDIT__/create_forum"}) {
    REQUIRE(env.Reset(u, 1, &r).ok());
    INFO(u << " -> " << r.info.title);
    CHECK(r.info.title.find("not found") == std::string::npos);
  }
  REQUIRE(env.Reset("__REDDIT__/f/books/new", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('article.submission').getAttribute('id')") ==
        "submission_124260");
  REQUIRE(env.Reset("__REDDIT__/f/gadgets/top?t=all", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('article.submission').getAttribute('id')") ==
        "submission_19459");
  // A second page exists and differs from the first.
  REQUIRE(env.Reset("__REDDIT__/f/books/new?page=2", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('article.submission').getAttribute('id')") !=
        "submission_124260");
  // Unknown pages are a 404, not an error.
  REQUIRE(env.Reset("__REDDIT__/f/no_such_forum", 1, &r).ok());
  CHECK(r.info.title.find("not found") != std::string::npos);
}

TEST_CASE("Reddit pages carry the DOM hooks of the published locators", "[reddit]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__REDDIT__/f/books/124260", 1, &r).ok());
  CHECK(Eval(env, kVoteClass) == "vote");
  CHECK(!Eval(env, "document.querySelector('.submission__inner').outerText").empty());
  REQUIRE(env.Reset("__REDDIT__/user/MarvelsGrantMan136", 1, &r).ok());
  Eval(env, "document.querySelector(\".user-bio__biography\").outerText");
  REQUIRE(env.Reset("__REDDIT__/", 1, &r).ok());
  std::string subs = Eval(env, "document.querySelector(\"#sidebar > section\").outerText");
  CHECK(subs.find("books") != std::string::npos);
  CHECK(subs.find("MachineLearning") == std::string::npos);
  // The image post's media through the published [href],[src] expression.
  const PlantedPicture& pic = RedditPlantedPictures().front();
  REQUIRE(env.Reset("__REDDIT__/f/pics/" + std::to_string(pic.id), 1, &r).ok());
  CHECK(Eval(env,
             "[...document.querySelector('.submission__inner').querySelectorAll('[href],[src]')]"
             ".map(elem => elem.getAttribute('href') || elem.getAttribute('src')).join(' ')")
            .find(pic.media) != std::string::npos);
}

TEST_CASE("Reddit flows: vote, subscribe, post, comment, forum, biography", "[reddit]") {
  Env env;
  StepResult r;
  Db& db = ForumDb(&env);
  // Vote: the form's class shows the vote; voting again takes it back.
  REQUIRE(env.Reset("__REDDIT__/f/books/124260", 1, &r).ok());
  int64_t up = *db.QueryInt("SELECT upvotes FROM submissions WHERE id = 124260", {});
  Act(env, r, "Click", ElementBefore(env, r, "title=\"Upvote\""));
  CHECK(Eval(env, kVoteClass) == "vote vote--user-upvoted");
  CHECK(*db.QueryInt("SELECT upvotes FROM submissions WHERE id = 124260", {}) == up + 1);
  Act(env, r, "Click", ElementBefore(env, r, "title=\"Downvote\""));
  CHECK(Eval(env, kVoteClass) == "vote vote--user-downvoted");
  CHECK(*db.QueryInt("SELECT upvotes FROM submissions WHERE id = 124260", {}) == up);
  Act(env, r, "Click", ElementBefore(env, r, "title=\"Downvote\""));
  CHECK(Eval(env, kVoteClass) == "vote");

  // Subscribe from a forum page; the front page's sidebar lists it.
  REQUIRE(env.Reset("__REDDIT__/f/MachineLearning", 1, &r).ok());
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Subscribe\""));
  CHECK(r.observation.find("data-text=\"Unsubscribe\"") != std::string::npos);
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Postmill\""));
  CHECK(Eval(env, "document.querySelector(\"#sidebar > section\").outerText")
            .find("MachineLearning") != std::string::npos);
  // A reset restores the pristine forum.
  REQUIRE(env.Reset("__REDDIT__/", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector(\"#sidebar > section\").outerText")
            .find("MachineLearning") == std::string::npos);

  // A text post through the submit form: "science" picks science, not askscience.
  REQUIRE(env.Reset("__REDDIT__/submit", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Title\""), "How could ML help science?");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Body\""), "By finding patterns.");
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Forum\""), "science");
  Act(env, r, "Click", ElementBefore(env, r, "\"submit\" data-text=\"Create submission\""));
  const std::string url = env.browser().url();
  CHECK(url.find("http://localhost:9999/f/science/") == 0);
  CHECK(url.find("how-could-ml-help-science") != std::string::npos);
  CHECK(Eval(env, "document.querySelector('.submission__inner').outerText")
            .find("By finding patterns.") != std::string::npos);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM submissions WHERE user_id = ? AND title = ?",
                     {kRedditUserId, std::string("How could ML help science?")}) == 1);

  // Comment on it: the reply lands on the comment's permalink, with the text.
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Write a comment\""), "First!");
  Act(env, r, "Click", ElementBefore(env, r, "\"submit\" data-text=\"Post\""));
  CHECK(env.browser().url().find("/comment/") != std::string::npos);
  CHECK(r.observation.find("First!") != std::string::npos);
  // The published posting check: WebArena's helper maps the comment URL to the post's.
  Task check = NewSiteTask("reddit", "__REDDIT__");
  check.eval.eval_types = {"program_html"};
  ProgramHtmlTarget target;
  target.url = "func:reddit_get_post_url('__last_url__')";
  target.locator = "document.querySelector('.submission__inner').outerText";
  target.required_contents = {MakeCheck(StringCheck::Kind::kMustInclude, {"By finding patterns."})};
  check.eval.program_html = {target};
  EvalResult verdict = EvaluateTask(check, &env.browser(), "");
  INFO(verdict.Explanation());
  CHECK(verdict.score == 1.f);
  CHECK(env.browser().url() == url.substr(0, url.rfind('/') + 1));

  // Create a forum; its edit page holds what was typed.
  REQUIRE(env.Reset("__REDDIT__/create_forum", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Name\""), "Bonsai");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Title\""), "Bonsai");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Description\""), "Tiny trees");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Sidebar\""), "Care\\nTools");
  Act(env, r, "Click", ElementBefore(env, r, "\"submit\" data-text=\"Create forum\""));
  CHECK(env.browser().url() == "http://localhost:9999/f/Bonsai");
  CHECK(*db.QueryText("SELECT description || '|' || sidebar FROM forums WHERE name = 'Bonsai'",
                      {}) == "Tiny trees|Care\r\nTools");  // forms send CRLF, as browsers do
  REQUIRE(env.Reset("__REDDIT__/", 1, &r).ok());           // pristine again
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM forums WHERE name = 'Bonsai'", {}) == 0);

  // Biography.
  REQUIRE(env.Reset("__REDDIT__/user/MarvelsGrantMan136/edit_biography", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Biography\""), "Seeking SDE positions");
  Act(env, r, "Click", ElementBefore(env, r, "\"submit\" data-text=\"Save\""));
  CHECK(env.browser().url() == "http://localhost:9999/user/MarvelsGrantMan136");
  CHECK(Eval(env, "document.querySelector(\".user-bio__biography\").outerText") ==
        "Seeking SDE positions");
}

TEST_CASE("Reddit templates: published intents word for word, train disjoint from test",
          "[reddit][shared]") {
  testing::CheckPublishedTemplates("reddit", 19);
}

}  // namespace
}  // namespace wa
