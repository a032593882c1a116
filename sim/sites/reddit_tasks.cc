// Task templates of the Reddit-like forum (published WebArena-Lite template ids and wording).
// References are computed from the simulated forum; oracles act through the UI only.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "sim/evaluator.h"
#include "sim/sites/reddit_data.h"
#include "sim/sites/site_util.h"
#include "sim/task_templates.h"
#include "sim/url.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;

Task RedditTask(const std::string& start = "__REDDIT__") { return NewSiteTask("reddit", start); }

StringCheck Check(StringCheck::Kind kind, std::vector<std::string> values) {
  return MakeCheck(kind, std::move(values));
}

// A family with the usual fields set.
TemplateFamily Family(int id, std::string intent, std::vector<std::string> eval_types,
                      json published) {
  return SiteFamily("reddit", id, std::move(intent), std::move(eval_types), std::move(published));
}

// Parameters merged from one entry of each list: n1 x n2 x ... distinct instantiations.
std::function<Result<json>(Db&, Rng&)> Cross(std::vector<std::vector<json>> lists) {
  return [lists](Db&, Rng& rng) -> Result<json> {
    json out = json::object();
    for (const auto& list : lists) {
      for (const auto& [k, v] : list[rng.Uniform(list.size())].items()) out[k] = v;
    }
    return out;
  };
}

// Objects {key: value} for each value.
std::vector<json> Values(const char* key, std::initializer_list<const char*> values) {
  std::vector<json> out;
  for (const char* v : values) out.push_back(json{{key, v}});
  return out;
}

// The name of a random forum (by id order), other than those in `except`.
Result<std::string> RandomForum(Db& db, Rng& rng, const std::set<std::string>& except) {
  auto n = db.QueryInt("SELECT COUNT(*) FROM forums", {});
  if (!n.ok()) return n.status();
  for (int tries = 0; tries < 100 && *n > 0; ++tries) {
    auto name = db.QueryText("SELECT name FROM forums ORDER BY id LIMIT 1 OFFSET ?",
                             {static_cast<int64_t>(rng.Uniform(*n))});
    if (!name.ok()) return name.status();
    if (!except.count(*name)) return *name;
  }
  return NotFound("no forum to choose");
}

std::string Str(const json& p, const char* key) { return p.value(key, std::string()); }

// The canonical name of a forum (names are case-insensitive).
Result<std::string> ForumName(Db& db, const std::string& name) {
  auto n = db.QueryText("SELECT name FROM forums WHERE name = ?", {name});
  if (!n.ok()) return n.status();
  if (n->empty()) return NotFound("no forum named " + name);
  return *n;
}

struct Post {
  int64_t id = 0;
  std::string forum, slug, title, author;
  std::string Url() const {
    return "__REDDIT__/f/" + forum + "/" + std::to_string(id) + "/" + slug;
  }
};

Result<Post> PostById(Db& db, int64_t id) {
  Post p;
  Status st = db.Query(
      "SELECT s.id, f.name, s.slug, s.title, u.username FROM submissions s JOIN forums f ON f.id "
      "= s.forum_id JOIN users u ON u.id = s.user_id WHERE s.id = ?",
      {id}, [&](const Row& r) {
        p.id = r.Int(0);
        p.forum = r.Text(1);
        p.slug = r.Text(2);
        p.title = r.Text(3);
        p.author = r.Text(4);
      });
  if (!st.ok()) return st;
  if (p.id == 0) return NotFound("no submission " + std::to_string(id));
  return p;
}

// The first post of a forum listing: newest ("new") or highest score ever ("top").
Result<Post> FirstPost(Db& db, const std::string& forum, const std::string& sort) {
  auto id = db.QueryInt(
      "SELECT s.id FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = ? ORDER "
      "BY " +
          std::string(sort == "new" ? "s.id DESC" : "s.upvotes - s.downvotes DESC, s.id DESC") +
          " LIMIT 1",
      {forum}, 0);
  if (!id.ok()) return id.status();
  if (*id == 0) return NotFound("forum " + forum + " has no posts");
  return PostById(db, *id);
}

Result<bool> UserVoted(Db& db, int64_t submission) {
  auto n = db.QueryInt(
      "SELECT COUNT(*) FROM votes WHERE user_id = ? AND kind = 'submission' AND target_id = ?",
      {kRedditUserId, submission});
  if (!n.ok()) return n.status();
  return *n > 0;
}

// A check that the vote form of a post shows the signed-in user's vote.
ProgramHtmlTarget VoteCheck(const Post& p, bool up) {
  ProgramHtmlTarget t;
  t.url = p.Url();
  t.locator =
      "document.querySelector('div.submission__vote').querySelector('form').getAttribute('class')";
  t.required_contents = {Check(StringCheck::Kind::kMustInclude,
                               {up ? "vote vote--user-upvoted" : "vote vote--user-downvoted"})};
  return t;
}

// Steps from anywhere to a forum's page through the forum list.
std::vector<OracleOp> OpenForum(const std::string& forum) {
  return {{K::kClick, ".site-nav__links a", "Forums", "", "# Element: 'Forums' in the top bar"},
          {K::kClick, "a.forum-list__name", forum, "",
           "# Element: the forum '" + forum + "' in the list"}};
}

OracleOp SortBy(const std::string& label) {
  return {K::kClick, ".submission-sort a", label, "", "# Element: the '" + label + "' sort tab"};
}

// Steps that create a post through the submit form.
std::vector<OracleOp> CreatePost(const std::string& forum, const std::string& title,
                                 const std::string& body, const std::string& url = "") {
  std::vector<OracleOp> ops = {
      {K::kClick, "a.site-nav__submit", "", "", "# Element: the 'Submit' button at the top"}};
  if (!url.empty()) {
    ops.push_back({K::kType, "#submission_url", "", url, "# Element: the URL field"});
  }
  ops.push_back({K::kType, "#submission_title", "", title, "# Element: the title field"});
  if (!body.empty()) {
    ops.push_back({K::kType, "#submission_body", "", body, "# Element: the body field"});
  }
  ops.push_back({K::kSelect, "#submission_forum", "", forum,
                 "# Element: the forum dropdown; the post belongs in " + forum});
  ops.push_back({K::kClick, "#submission_submit", "", "", "# Element: 'Create submission'"});
  ops.push_back({K::kExit, "", "", "", "# Note: the post is created in /f/" + forum});
  return ops;
}

// A posting task: the new post must be in `forum` (URL) and hold `contents`.
Task PostTask(const std::string& forum, std::vector<StringCheck> contents,
              const std::string& start = "__REDDIT__") {
  Task t = RedditTask(start);
  t.eval.reference_url = "__REDDIT__/f/" + forum;
  t.eval.url_note = "GOLD in PRED";
  ProgramHtmlTarget target;
  target.url = "func:reddit_get_post_url('__last_url__')";
  target.locator = "document.querySelector('.submission__inner').outerText";
  target.required_contents = std::move(contents);
  t.eval.program_html = {target};
  return t;
}

void RegisterRedditHelpers() {
  // WebArena's helper: the post URL (scheme://host/f/forum/id/) of a post or comment URL;
  // other URLs unchanged.
  RegisterUrlHelper("reddit_get_post_url",
                    [](Browser*, const std::vector<std::string>& args) -> Result<std::string> {
                      if (args.empty()) return InvalidArgument("reddit_get_post_url needs a URL");
                      const std::string& url = args[0];
                      size_t scheme = url.find("://");
                      if (scheme == std::string::npos) return url;
                      size_t path = url.find('/', scheme + 3);
                      if (path == std::string::npos) return url;
                      std::vector<std::string> parts;
                      size_t i = path;
                      while (i < url.size() && url[i] != '?' && url[i] != '#') {
                        size_t j = url.find_first_of("/?#", i + 1);
                        if (j == std::string::npos) j = url.size();
                        parts.push_back(url.substr(i + 1, j - i - 1));
                        i = j;
                      }
                      if (parts.size() < 3 || parts[0] != "f") return url;
                      return url.substr(0, path) + "/f/" + parts[1] + "/" + parts[2] + "/";
                    });
}

// The words of an intent's item that a post must mention (articles dropped).
std::vector<std::string> KeyWords(const std::string& phrase) {
  std::vector<std::string> out;
  std::string w;
  for (char c : phrase + " ") {
    if (c == ' ') {
      if (!w.empty() && w != "a" && w != "an" && w != "the") out.push_back(w);
      w.clear();
    } else {
      w += c;
    }
  }
  return out;
}

}  // namespace

std::vector<TemplateFamily> RedditTemplates() {
  RegisterRedditHelpers();
  std::vector<TemplateFamily> out;

  {  // 33: comments with more downvotes than upvotes of the latest poster in a forum
    TemplateFamily f =
        Family(33,
               "Tell me the count of comments that have received more downvotes than upvotes for "
               "the user who made the latest post on the {{forum}} forum.",
               {"string_match"}, json{{"forum", "Showerthoughts"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto forum = RandomForum(db, rng, {"Showerthoughts"});
      if (!forum.ok()) return forum.status();
      return json{{"forum", *forum}};
    };
    // The latest poster, how many of their comments score below zero, and on which pages of
    // their comment list they all appear.
    auto facts = [](const json& p, Db& db) -> Result<std::pair<Post, int64_t>> {
      auto forum = ForumName(db, Str(p, "forum"));
      if (!forum.ok()) return forum.status();
      auto post = FirstPost(db, *forum, "new");
      if (!post.ok()) return post.status();
      auto n = db.QueryInt(
          "SELECT COUNT(*) FROM comments c JOIN users u ON u.id = c.user_id WHERE u.username = ? "
          "AND c.downvotes > c.upvotes",
          {post->author});
      if (!n.ok()) return n.status();
      return std::make_pair(*post, *n);
    };
    f.build = [facts](const json& p, Db& db) -> Result<Task> {
      auto fx = facts(p, db);
      if (!fx.ok()) return fx.status();
      Task t = RedditTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {
          Check(StringCheck::Kind::kFuzzyMatch, {std::to_string(fx->second)})};
      return t;
    };
    f.oracle = [facts](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto fx = facts(p, db);
      if (!fx.ok()) return fx.status();
      const Post& post = fx->first;
      auto total = db.QueryInt(
          "SELECT COUNT(*) FROM comments c JOIN users u ON u.id = c.user_id WHERE u.username = ?",
          {post.author});
      if (!total.ok()) return total.status();
      std::vector<OracleOp> ops = OpenForum(post.forum);
      ops.push_back(SortBy("New"));
      ops.push_back({K::kClick, "a.submission__submitter", post.author, "",
                     "# Element: the author of the newest post, " + post.author});
      ops.push_back({K::kClick, ".user-tabs a", "Comments", "", "# Element: the 'Comments' tab"});
      for (int64_t shown = 25; shown < *total; shown += 25) {
        ops.push_back({K::kClick, "a.pagination__next", "", "",
                       "# Note: counting comments with more downvotes than upvotes\n# Element: "
                       "'More' for the next page"});
      }
      ops.push_back({K::kExit, "", "", std::to_string(fx->second),
                     "# Note: " + std::to_string(fx->second) + " of " + std::to_string(*total) +
                         " comments have more downvotes than upvotes"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 17: does a top post of a forum talk about a topic; which organisations
    TemplateFamily f = Family(
        17, "Among the top {{number}} post in \"{{subreddit}}\" forum, {{description}}",
        {"string_match"},
        json{{"number", "10"},
             {"subreddit", "books"},
             {"description",
              "is there any post talks about supporting local book stores? If so, tell me the "
              "organizations involved"}});
    std::vector<json> options;
    for (const PlantedTopic& t : RedditPlantedTopics()) {
      options.push_back(
          json{{"number", "10"},
               {"subreddit", t.forum},
               {"description", std::string("is there any post talks about ") + t.topic +
                                   "? If so, tell me the organizations involved"}});
    }
    f.sample = SampleFromList(options);
    auto org = [](const json& p) -> Result<std::string> {
      for (const PlantedTopic& t : RedditPlantedTopics()) {
        if (Str(p, "subreddit") == t.forum &&
            Str(p, "description").find(t.topic) != std::string::npos) {
          return std::string(t.organization);
        }
      }
      return NotFound("no planted topic for these parameters");
    };
    f.build = [org](const json& p, Db&) -> Result<Task> {
      auto o = org(p);
      if (!o.ok()) return o.status();
      Task t = RedditTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, {*o})};
      return t;
    };
    f.oracle = [org](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto o = org(p);
      if (!o.ok()) return o.status();
      std::vector<OracleOp> ops = OpenForum(Str(p, "subreddit"));
      ops.push_back(SortBy("Top"));
      ops.push_back({K::kExit, "", "", *o, "# Note: a top post is about it and names " + *o});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 6: change the biography
    TemplateFamily f = Family(6, "Change my reddit bio to \"{{content}}\"", {"program_html"},
                              json{{"content", "Seeking SDE positions"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kWho[] = {
          "Amateur astronomer", "Retired teacher", "Coffee addict", "Board game collector",
          "Weekend baker",      "Marvel fan",      "Night owl",     "Python developer"};
      static const char* kWhat[] = {"and cat person",         "and lifelong reader",
                                    "seeking SDE positions",  "open to remote roles",
                                    "living in Pittsburgh",   "learning Rust",
                                    "looking for a book club"};
      return json{{"content", std::string(kWho[rng.Uniform(std::size(kWho))]) + " " +
                                  kWhat[rng.Uniform(std::size(kWhat))]}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = RedditTask();
      ProgramHtmlTarget target;
      target.url = "__REDDIT__/user/" + std::string(kRedditUser);
      target.locator = "document.querySelector(\".user-bio__biography\").outerText";
      target.required_contents = {Check(StringCheck::Kind::kExactMatch, {Str(p, "content")})};
      target.required_contents[0].value_was_string = true;
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, "a.site-nav__username", "", "", "# Element: my user name at the top"},
          {K::kClick, "a.user-bio__edit", "", "", "# Element: 'Edit biography'"},
          {K::kType, "#user_biography_biography", "", Str(p, "content"),
           "# Element: the biography box"},
          {K::kClick, "#user_biography_submit", "", "", "# Element: 'Save'"},
          {K::kExit, "", "", "", "# Note: the biography is saved"}};
    };
    out.push_back(std::move(f));
  }

  // 22 / 24: vote on the newest or the top post of a forum.
  auto first_post_family = [](int id, std::string intent, json published, std::string sort,
                              bool up) {
    TemplateFamily f = Family(id, std::move(intent), {"program_html"}, std::move(published));
    const std::string key = "subreddit";
    f.sample = [sort](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        auto any = RandomForum(db, rng, {"books", "gadgets"});
        if (!any.ok()) return any.status();
        const std::string& forum = *any;
        auto post = FirstPost(db, forum, sort);
        if (!post.ok()) return post.status();
        auto voted = UserVoted(db, post->id);
        if (!voted.ok()) return voted.status();
        if (!*voted) {
          json p = {{"subreddit", forum}};
          if (sort == "top") p["k"] = "1";
          return p;
        }
      }
      return NotFound("no forum whose first post the user has not voted on");
    };
    f.build = [sort, up](const json& p, Db& db) -> Result<Task> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      auto post = FirstPost(db, *forum, sort);
      if (!post.ok()) return post.status();
      Task t = RedditTask();
      t.eval.program_html = {VoteCheck(*post, up)};
      return t;
    };
    f.oracle = [sort, up](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      auto post = FirstPost(db, *forum, sort);
      if (!post.ok()) return post.status();
      std::vector<OracleOp> ops = OpenForum(*forum);
      ops.push_back(SortBy(sort == "new" ? "New" : "Top"));
      ops.push_back({K::kClick,
                     "#submission_" + std::to_string(post->id) +
                         (up ? " button.vote__up" : " button.vote__down"),
                     "", "",
                     std::string("# Element: the ") + (up ? "upvote" : "downvote") +
                         " button of the first post, '" + post->title + "'"});
      ops.push_back({K::kExit, "", "", "", "# Note: voted"});
      return ops;
    };
    return f;
  };
  out.push_back(first_post_family(22, "Upvote the newest post in {{subreddit}} subreddit",
                                  json{{"subreddit", "books"}}, "new", true));
  out.push_back(first_post_family(24, "Thumbs down the top {{k}} post ever in {{subreddit}}.",
                                  json{{"subreddit", "gadgets"}, {"k", "1"}}, "top", false));

  {  // 7: create a forum
    TemplateFamily f =
        Family(7,
               "Create a new forum named {{name}}, with a description of {{description}}, and "
               "include {{sidebar_list}} in the sidebar?",
               {"program_html"},
               json{{"name", "Cyberpunk"},
                    {"description", "Welcome to the future"},
                    {"sidebar_list", "['Games', 'Books', 'Movies', 'Future']"}});
    f.sample = Cross(
        {Values("name", {"Solarpunk", "Bonsai", "Birdwatching", "Origami", "Minimalism",
                         "Calligraphy", "Kayaking", "Beekeeping", "Astrophotography", "Knitting",
                         "Homebrewing", "Bouldering"}),
         Values("description",
                {"Hopeful futures", "Tiny trees, big patience", "Share your sightings",
                 "Fold everything", "Less but better", "Welcome, beginners and experts"}),
         Values("sidebar_list",
                {"['Stories', 'Art', 'Cities']", "['Care', 'Tools', 'Species']",
                 "['Photos', 'Field guides', 'Events']",
                 "['Diagrams', 'Paper', 'Models', 'Beginners']", "['Gear', 'Safety', 'Trips']"})});
    auto items = [](const json& p) {
      std::vector<std::string> out;
      std::string list = Str(p, "sidebar_list");
      size_t i = 0;
      while ((i = list.find('\'', i)) != std::string::npos) {
        size_t j = list.find('\'', i + 1);
        if (j == std::string::npos) break;
        out.push_back(list.substr(i + 1, j - i - 1));
        i = j + 1;
      }
      return out;
    };
    f.build = [items](const json& p, Db&) -> Result<Task> {
      Task t = RedditTask();
      const std::string url = "__REDDIT__/f/" + Str(p, "name") + "/edit";
      ProgramHtmlTarget desc, side;
      desc.url = side.url = url;
      desc.locator = "document.querySelector(\"#forum_description\").value";
      desc.required_contents = {Check(StringCheck::Kind::kMustInclude, {Str(p, "description")})};
      side.locator = "document.querySelector(\"#forum_sidebar\").value";
      side.required_contents = {Check(StringCheck::Kind::kMustInclude, items(p))};
      t.eval.program_html = {desc, side};
      return t;
    };
    f.oracle = [items](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::string sidebar;
      for (const std::string& x : items(p)) sidebar += (sidebar.empty() ? "" : "\n") + x;
      return std::vector<OracleOp>{
          {K::kClick, ".site-nav__links a", "Forums", "", "# Element: 'Forums' in the top bar"},
          {K::kClick, "a.forum-list__create", "", "", "# Element: 'Create forum'"},
          {K::kType, "#forum_name", "", Str(p, "name"), "# Element: the name field"},
          {K::kType, "#forum_title", "", Str(p, "name"), "# Element: the title field"},
          {K::kType, "#forum_description", "", Str(p, "description"),
           "# Element: the description field"},
          {K::kType, "#forum_sidebar", "", sidebar, "# Element: the sidebar field"},
          {K::kClick, "#forum_submit", "", "", "# Element: 'Create forum'"},
          {K::kExit, "", "", "", "# Note: the forum is created"}};
    };
    out.push_back(std::move(f));
  }

  {  // 4: open a trending thread of a forum and subscribe to the forum
    TemplateFamily f = Family(
        4, "Open the thread of a trending post on the forum \"{{subreddit}}\" and subscribe.",
        {"url_match", "program_html"}, json{{"subreddit", "machine learning"}});
    static const std::map<std::string, std::string>* kNames =
        new std::map<std::string, std::string>{{"machine learning", "MachineLearning"},
                                               {"personal finance", "personalfinance"},
                                               {"data is beautiful", "dataisbeautiful"},
                                               {"formula 1", "formula1"},
                                               {"life pro tips", "LifeProTips"},
                                               {"board games", "boardgames"},
                                               {"nintendo switch", "NintendoSwitch"},
                                               {"old school cool", "OldSchoolCool"},
                                               {"house plants", "houseplants"},
                                               {"explain like i'm five", "explainlikeimfive"}};
    // A forum the user is not subscribed to, named in words or by its name.
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 100; ++tries) {
        auto it = kNames->begin();
        std::advance(it, rng.Uniform(kNames->size()));
        std::string forum = it->second, named = it->first;
        if (rng.Bernoulli(0.6)) {
          auto any = RandomForum(db, rng, {});
          if (!any.ok()) return any.status();
          forum = named = *any;
        }
        auto subscribed = db.QueryInt(
            "SELECT COUNT(*) FROM subscriptions s JOIN forums f ON f.id = s.forum_id WHERE "
            "s.user_id = ? AND f.name = ?",
            {kRedditUserId, forum});
        if (!subscribed.ok()) return subscribed.status();
        if (*subscribed == 0) return json{{"subreddit", named}};
      }
      return NotFound("no forum the user is not subscribed to");
    };
    auto forum_of = [](const json& p, Db& db) -> Result<std::string> {
      auto it = kNames->find(Str(p, "subreddit"));
      if (it != kNames->end()) return it->second;
      return ForumName(db, Str(p, "subreddit"));
    };
    f.build = [forum_of](const json& p, Db& db) -> Result<Task> {
      auto forum = forum_of(p, db);
      if (!forum.ok()) return forum.status();
      Task t = RedditTask();
      t.eval.reference_url = "__REDDIT__/f/" + *forum;
      t.eval.url_note = "GOLD in PRED";
      ProgramHtmlTarget target;
      target.url = "__REDDIT__/";
      target.locator = "document.querySelector(\"#sidebar > section\").outerText";
      target.required_contents = {Check(StringCheck::Kind::kMustInclude, {*forum})};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [forum_of](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto forum = forum_of(p, db);
      if (!forum.ok()) return forum.status();
      std::vector<OracleOp> ops = OpenForum(*forum);
      ops.push_back({K::kClick, "a.submission__comment-count", "", "",
                     "# Element: the comments of the first (hottest) post, to open its thread"});
      ops.push_back({K::kClick, "button.subscribe-button", "Subscribe", "",
                     "# Element: 'Subscribe' in the forum's sidebar"});
      ops.push_back({K::kExit, "", "", "", "# Note: subscribed to /f/" + *forum});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // Posting templates: the post must land in the right forum with the right words.
  {  // 3765: a question in the forum where it gets answers
    TemplateFamily f = Family(
        3765,
        "Post my question, \"{{question}}\", in a subreddit where I'm likely to get an answer",
        {"url_match", "program_html"}, json{{"question", "is car necessary in NYC"}});
    static const std::map<std::string, std::string>* kWhere =
        new std::map<std::string, std::string>{
            {"is car necessary in NYC", "nyc"},
            {"which telescope should I buy to see Saturn", "space"},
            {"how do I keep my monstera from drooping", "houseplants"},
            {"what is the best opening for a chess beginner", "chess"},
            {"is a used EV a good first car", "Autos"},
            {"how long should I knead bread dough", "Cooking"},
            {"which Linux distro is best for an old laptop", "linux"},
            {"how do I start running after a knee injury", "running"},
            {"where can I watch the Steelers game downtown", "pittsburgh"},
            {"what is the best cheesesteak near Center City", "philadelphia"},
            {"is the ferry to Bainbridge worth it on a rainy day", "Seattle"},
            {"which museums are free on weekends in DC", "washingtondc"},
            {"is the T running late tonight after the Red Sox game", "boston"},
            {"how do I stop my tomato seedlings from getting leggy", "gardening"},
            {"which tent is best for a first camping trip", "camping"},
            {"how much protein do I need after a workout", "Fitness"},
            {"what is a good first pandas exercise", "Python"},
            {"which compiler flags should I use for debugging", "programming"},
            {"which chisel set should a woodworking beginner buy", "woodworking"},
            {"how should I outline the first chapter of a novel", "writing"},
            {"which lens is best for night sky photos", "photography"},
            {"what is the cheapest way to fly to Lisbon", "travel"},
            {"which board game works best with six players", "boardgames"},
            {"how do I roll over an old 401k", "personalfinance"},
            {"what is the best Zelda game to start with on the Switch", "NintendoSwitch"}};
    std::vector<json> options;
    for (const auto& [q, forum] : *kWhere) options.push_back(json{{"question", q}});
    f.sample = SampleFromList(options);
    f.build = [](const json& p, Db&) -> Result<Task> {
      auto it = kWhere->find(Str(p, "question"));
      if (it == kWhere->end()) return NotFound("no forum for the question");
      std::string want = it->first;
      if (want == "is car necessary in NYC") want += " |OR| is a car necessary in NYC";
      return PostTask(it->second, {Check(StringCheck::Kind::kMustInclude, {want})});
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto it = kWhere->find(Str(p, "question"));
      if (it == kWhere->end()) return NotFound("no forum for the question");
      return CreatePost(it->second, it->first, "");
    };
    out.push_back(std::move(f));
  }
  {  // 5: find the forum of a topic and post a question there
    TemplateFamily f =
        Family(5,
               "Find a subreddit focused on topics related to {{topic}}, and post my question, "
               "\"{{question}}\" there",
               {"url_match", "program_html"},
               json{{"topic", "gaming consoles"},
                    {"question", "what is the recommended console to buy these days"}});
    static const std::map<std::string, std::string>* kForum =
        new std::map<std::string, std::string>{
            {"gaming consoles", "consoles"},  {"personal finance", "personalfinance"},
            {"indoor plants", "houseplants"}, {"woodworking", "woodworking"},
            {"taking photos", "photography"}, {"tabletop games", "boardgames"},
            {"motor racing", "formula1"},     {"programming in Python", "Python"}};
    f.sample = Cross(
        {Values("topic", {"personal finance", "indoor plants", "woodworking", "taking photos",
                          "tabletop games", "motor racing", "programming in Python"}),
         Values("question",
                {"what should a beginner start with", "which resources do you recommend",
                 "what mistakes should I avoid at first", "how much should I budget to get started",
                 "where do I find people to learn with"})});
    f.build = [](const json& p, Db&) -> Result<Task> {
      auto it = kForum->find(Str(p, "topic"));
      if (it == kForum->end()) return NotFound("no forum for the topic");
      return PostTask(it->second, {Check(StringCheck::Kind::kMustInclude, {Str(p, "question")})});
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto it = kForum->find(Str(p, "topic"));
      if (it == kForum->end()) return NotFound("no forum for the topic");
      return CreatePost(it->second, Str(p, "question"), "");
    };
    out.push_back(std::move(f));
  }
  {  // 9: a book review in books
    TemplateFamily f = Family(9,
                              "Post a review of my recent reading \"{{book}}\" in the r/books with "
                              "my comment \"{{content}}\".",
                              {"url_match", "program_html"},
                              json{{"book", "big little lies"}, {"content", "can't stop it"}});
    f.sample = Cross({Values("book", {"project hail mary", "the midnight library", "dune", "circe",
                                      "the martian", "educated", "piranesi", "the silent patient",
                                      "where the crawdads sing", "klara and the sun"}),
                      Values("content", {"could not put it down", "made me cry",
                                         "a slow start but worth it", "beautiful prose",
                                         "funny and smart", "hard to read, harder to forget"})});
    f.build = [](const json& p, Db&) -> Result<Task> {
      return PostTask(
          "books", {Check(StringCheck::Kind::kMustInclude, {Str(p, "book"), Str(p, "content")})});
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return CreatePost("books", "Review: " + Str(p, "book"), Str(p, "content"));
    };
    out.push_back(std::move(f));
  }
  {  // 11: re-post an image of /f/pics to another forum
    TemplateFamily f = Family(11,
                              "Re-post the image of {{content}} in this page to {{subreddit}} "
                              "subreddit and note \"from /f/pics\"",
                              {"url_match", "program_html"},
                              json{{"content", "costume contest"}, {"subreddit", "funny"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kTo[] = {"funny",         "aww",         "mildlyinteresting",
                                  "OldSchoolCool", "Art",         "photography",
                                  "todayilearned", "nottheonion", "Jokes"};
      const auto& pics = RedditPlantedPictures();
      return json{{"content", pics[1 + rng.Uniform(pics.size() - 1)].content},
                  {"subreddit", kTo[rng.Uniform(std::size(kTo))]}};
    };
    auto picture = [](const json& p) -> Result<PlantedPicture> {
      for (const PlantedPicture& x : RedditPlantedPictures()) {
        if (Str(p, "content") == x.content) return x;
      }
      return NotFound("no picture of " + Str(p, "content"));
    };
    f.build = [picture](const json& p, Db& db) -> Result<Task> {
      auto pic = picture(p);
      if (!pic.ok()) return pic.status();
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      Task t = PostTask(*forum, {Check(StringCheck::Kind::kMustInclude, {"from /f/pics"})},
                        "__REDDIT__/f/pics");
      ProgramHtmlTarget media;
      media.url = "func:reddit_get_post_url('__last_url__')";
      media.locator =
          "[...document.querySelector('.submission__inner').querySelectorAll('[href],[src]')]"
          ".map(elem => elem.getAttribute('href') || elem.getAttribute('src')).join(' ')";
      media.required_contents = {Check(StringCheck::Kind::kMustInclude, {pic->media})};
      t.eval.program_html.push_back(media);
      return t;
    };
    f.oracle = [picture](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto pic = picture(p);
      if (!pic.ok()) return pic.status();
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      auto post = PostById(db, pic->id);
      if (!post.ok()) return post.status();
      const std::string url = "http://localhost:9999/submission_images/" + std::string(pic->media);
      std::vector<OracleOp> ops = {
          {K::kClick, "a.submission__link", post->title, "",
           "# Element: the post with the picture of " + Str(p, "content")}};
      std::vector<OracleOp> post_ops = CreatePost(*forum, post->title + " (from /f/pics)", "", url);
      post_ops.front().thought = "# Note: the image is at " + url + "\n" + post_ops.front().thought;
      ops.insert(ops.end(), post_ops.begin(), post_ops.end());
      return ops;
    };
    out.push_back(std::move(f));
  }
  {  // 13: a discussion post about a product in its forum
    TemplateFamily f = Family(
        13,
        "Create a discussion post about \"{{topic}}\" in a relevant subreddit and ask users for "
        "their opinions with the simple prompt, \"your opinion\"",
        {"url_match", "program_html"}, json{{"topic", "Iphone 14"}});
    static const std::map<std::string, std::string>* kForum =
        new std::map<std::string, std::string>{{"Iphone 14", "iphone"},
                                               {"Pixel 8", "Android"},
                                               {"Vision Pro", "apple"},
                                               {"Tears of the Kingdom", "NintendoSwitch"},
                                               {"Dune Part Two", "movies"},
                                               {"Python 3.12", "Python"},
                                               {"the Steam Deck", "gaming"},
                                               {"Oppenheimer", "movies"},
                                               {"the PS5 Pro", "consoles"},
                                               {"AirPods Pro 2", "apple"},
                                               {"Galaxy S24", "Android"},
                                               {"the Framework Laptop", "technology"},
                                               {"Baldur's Gate 3", "gaming"},
                                               {"The Last of Us Part II", "consoles"},
                                               {"Barbie", "movies"},
                                               {"Taylor Swift's Eras Tour", "Music"},
                                               {"Ubuntu 24.04", "linux"},
                                               {"the Apple Watch Ultra", "apple"},
                                               {"Super Mario Bros. Wonder", "NintendoSwitch"},
                                               {"the Kindle Scribe", "gadgets"},
                                               {"the Oura Ring", "gadgets"},
                                               {"the Rabbit R1", "technology"},
                                               {"Succession", "television"},
                                               {"The Bear", "television"},
                                               {"iOS 17", "iphone"},
                                               {"the iPhone 15 Pro", "iphone"}};
    std::vector<json> options;
    for (const auto& [topic, forum] : *kForum) options.push_back(json{{"topic", topic}});
    f.sample = SampleFromList(options);
    f.build = [](const json& p, Db&) -> Result<Task> {
      auto it = kForum->find(Str(p, "topic"));
      if (it == kForum->end()) return NotFound("no forum for the topic");
      return PostTask(it->second,
                      {Check(StringCheck::Kind::kMustInclude, {"your opinion", it->first})});
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto it = kForum->find(Str(p, "topic"));
      if (it == kForum->end()) return NotFound("no forum for the topic");
      return CreatePost(it->second, it->first + " discussion", "your opinion");
    };
    out.push_back(std::move(f));
  }
  {  // 15: ask for product recommendations within a budget
    TemplateFamily f =
        Family(15,
               "Ask for product recommendations for {{category}} within a budget of {{price}} in "
               "{{subreddit}}",
               {"url_match", "program_html"},
               json{{"category", "running shoes"}, {"price", "$100"}, {"subreddit", "r/sports"}});
    f.sample =
        Cross({{json{{"category", "hiking boots"}, {"subreddit", "r/camping"}},
                json{{"category", "noise cancelling headphones"}, {"subreddit", "r/gadgets"}},
                json{{"category", "a beginner telescope"}, {"subreddit", "r/space"}},
                json{{"category", "a chess set"}, {"subreddit", "r/chess"}},
                json{{"category", "a mechanical keyboard"}, {"subreddit", "r/programming"}},
                json{{"category", "a rice cooker"}, {"subreddit", "r/Cooking"}},
                json{{"category", "a tent"}, {"subreddit", "r/camping"}}},
               Values("price", {"$50", "$80", "$120", "$150", "$200", "$300"})});
    auto parts = [](const json& p) {
      std::string forum = Str(p, "subreddit");
      if (forum.rfind("r/", 0) == 0) forum = forum.substr(2);
      std::string price = Str(p, "price");
      if (!price.empty() && price[0] == '$') price = price.substr(1);
      return std::make_pair(forum, price);
    };
    f.build = [parts](const json& p, Db&) -> Result<Task> {
      auto [forum, price] = parts(p);
      std::vector<std::string> want = {price};
      for (const std::string& w : KeyWords(Str(p, "category"))) want.push_back(w);
      return PostTask(forum, {Check(StringCheck::Kind::kMustInclude, want)});
    };
    f.oracle = [parts](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto [forum, price] = parts(p);
      return CreatePost(forum,
                        "Recommendations for " + Str(p, "category") + " under $" + price + "?",
                        "Looking for " + Str(p, "category") + " within a budget of $" + price +
                            ". Any recommendations?");
    };
    out.push_back(std::move(f));
  }
  {  // 16: a notice about a virtual meetup
    TemplateFamily f =
        Family(16,
               "Post a notice on a virtual meetup for {{interest}} enthusiasts on {{date}} in the "
               "{{subreddit}} subreddit",
               {"url_match", "program_html"},
               json{{"interest", "Harry Potter"}, {"date", "July 8th"}, {"subreddit", "books"}});
    f.sample = Cross({{json{{"interest", "Star Wars"}, {"subreddit", "movies"}},
                       json{{"interest", "chess"}, {"subreddit", "chess"}},
                       json{{"interest", "Python"}, {"subreddit", "Python"}},
                       json{{"interest", "Jane Austen"}, {"subreddit", "books"}},
                       json{{"interest", "Formula 1"}, {"subreddit", "formula1"}},
                       json{{"interest", "houseplant"}, {"subreddit", "houseplants"}}},
                      Values("date", {"May 30th", "June 20th", "July 22nd", "August 4th",
                                      "September 12th", "October 3rd", "November 1st"})});
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      return PostTask(*forum, {Check(StringCheck::Kind::kFuzzyMatch,
                                     {Str(p, "interest"), Str(p, "date"), "virtual meetup"})});
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      return CreatePost(
          *forum, "Virtual meetup for " + Str(p, "interest") + " enthusiasts on " + Str(p, "date"),
          "Join our virtual meetup for " + Str(p, "interest") + " enthusiasts on " +
              Str(p, "date") + ". Everyone is welcome!");
    };
    out.push_back(std::move(f));
  }
  {  // 19: how machine learning could help a forum's field
    TemplateFamily f = Family(19,
                              "Post in {{subreddit}} subreddit about what could machine learning "
                              "help the corresponding field.",
                              {"url_match", "program_html"}, json{{"subreddit", "books"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto forum = RandomForum(db, rng, {"books"});
      if (!forum.ok()) return forum.status();
      return json{{"subreddit", *forum}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      return PostTask(*forum,
                      {Check(StringCheck::Kind::kFuzzyMatch, {"machine learning", "help"})});
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      return CreatePost(*forum, "How could machine learning help " + *forum + "?",
                        "Machine learning could help by finding patterns in large collections "
                        "and suggesting what to explore next.");
    };
    out.push_back(std::move(f));
  }

  {  // 23: reply to the open post
    TemplateFamily f =
        Family(23, "Reply to {{position_description}} with my comment \"{{content_description}}\"",
               {"url_match", "program_html"},
               json{{"position_description", "the post"},
                    {"content_description", "???"},
                    {"post_id", 134852}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      static const char* kReplies[] = {
          "Great point!", "Thanks for sharing", "+1", "I had the same experience", "Source?",
          "lol",          "This is the way"};
      auto id = db.QueryInt(
          "SELECT id FROM submissions WHERE comment_count > 0 ORDER BY id LIMIT 1 OFFSET ?",
          {static_cast<int64_t>(rng.Uniform(3000))});
      if (!id.ok()) return id.status();
      return json{{"position_description", "the post"},
                  {"content_description", kReplies[rng.Uniform(std::size(kReplies))]},
                  {"post_id", *id}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto post = PostById(db, p.value("post_id", int64_t{0}));
      if (!post.ok()) return post.status();
      Task t = RedditTask(post->Url());
      t.eval.reference_url = post->Url();
      t.eval.url_note = "GOLD in PRED";
      ProgramHtmlTarget target;
      target.url = "last";
      target.locator = "document.querySelector('.comment__body').outerText";
      target.required_contents = {
          Check(StringCheck::Kind::kExactMatch, {Str(p, "content_description")})};
      target.required_contents[0].value_was_string = true;
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{{K::kType, "#comment_comment", "", Str(p, "content_description"),
                                    "# Element: the comment box below the post"},
                                   {K::kClick, "#comment_submit", "", "", "# Element: 'Post'"},
                                   {K::kExit, "", "", "", "# Note: the reply is posted"}};
    };
    out.push_back(std::move(f));
  }

  // 25 / 1510: vote on every post of a user in a forum.
  auto all_posts_family = [](int id, std::string intent, json published, bool up) {
    TemplateFamily f = Family(id, std::move(intent), {"program_html"}, std::move(published));
    auto posts = [](const json& p, Db& db) -> Result<std::vector<Post>> {
      std::vector<int64_t> ids;
      Status st = db.Query(
          "SELECT s.id FROM submissions s JOIN users u ON u.id = s.user_id JOIN forums f ON f.id "
          "= s.forum_id WHERE u.username = ? AND f.name = ? ORDER BY s.id DESC",
          {Str(p, "user"), Str(p, "subreddit")}, [&](const Row& r) { ids.push_back(r.Int(0)); });
      if (!st.ok()) return st;
      if (ids.empty()) return NotFound(Str(p, "user") + " has no posts in " + Str(p, "subreddit"));
      std::vector<Post> out;
      for (int64_t i : ids) {
        auto post = PostById(db, i);
        if (!post.ok()) return post.status();
        out.push_back(*post);
      }
      return out;
    };
    f.sample = [posts](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 200; ++tries) {
        // A user with one to three posts in a forum, none of which the signed-in user voted on.
        auto pick = db.QueryText(
            "SELECT u.username || char(9) || f.name FROM submissions s JOIN users u ON u.id = "
            "s.user_id JOIN forums f ON f.id = s.forum_id WHERE s.user_id > 3 GROUP BY s.user_id, "
            "s.forum_id HAVING COUNT(*) BETWEEN 1 AND 3 ORDER BY s.user_id, s.forum_id LIMIT 1 "
            "OFFSET ?",
            {static_cast<int64_t>(rng.Uniform(2000))});
        if (!pick.ok()) return pick.status();
        size_t tab = pick->find('\t');
        if (tab == std::string::npos) continue;
        json p = {{"user", pick->substr(0, tab)}, {"subreddit", pick->substr(tab + 1)}};
        auto list = posts(p, db);
        if (!list.ok()) return list.status();
        // Their newest post there must be near the top of the forum's "New" listing, where the
        // oracle finds the user's name without a long scroll (five identical actions in a row
        // end an episode, and 'More' is at the bottom of a 25-post page).
        auto newer = db.QueryInt(
            "SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name "
            "= ? AND s.id > ?",
            {Str(p, "subreddit"), list->front().id});
        if (!newer.ok()) return newer.status();
        bool clean = *newer < 8;
        for (const Post& x : *list) {
          auto voted = UserVoted(db, x.id);
          if (!voted.ok()) return voted.status();
          clean &= !*voted;
        }
        if (clean) return p;
      }
      return NotFound("no user to vote on");
    };
    f.build = [posts, up](const json& p, Db& db) -> Result<Task> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      json q = p;
      q["subreddit"] = *forum;
      auto list = posts(q, db);
      if (!list.ok()) return list.status();
      Task t = RedditTask();
      for (const Post& x : *list) t.eval.program_html.push_back(VoteCheck(x, up));
      return t;
    };
    f.oracle = [posts, up](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto forum = ForumName(db, Str(p, "subreddit"));
      if (!forum.ok()) return forum.status();
      json q = p;
      q["subreddit"] = *forum;
      auto list = posts(q, db);
      if (!list.ok()) return list.status();
      // Reach the user's page from one of their posts in the forum's "New" listing.
      auto newer = db.QueryInt(
          "SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = ? "
          "AND s.id > ?",
          {*forum, list->front().id});
      if (!newer.ok()) return newer.status();
      std::vector<OracleOp> ops = OpenForum(*forum);
      ops.push_back(SortBy("New"));
      for (int64_t pg = 1; pg <= *newer / 25; ++pg) {
        ops.push_back({K::kClick, "a.pagination__next", "", "",
                       "# Element: 'More': a post by " + Str(p, "user") + " is further down"});
      }
      ops.push_back({K::kClick, "a.submission__submitter", Str(p, "user"), "",
                     "# Element: the user name " + Str(p, "user")});
      ops.push_back({K::kClick, ".user-tabs a", "Submissions", "",
                     "# Element: the user's 'Submissions' tab"});
      // Their submissions are listed newest first, 25 a page.
      auto before = [&](int64_t sid) {
        return db.QueryInt(
            "SELECT COUNT(*) FROM submissions s JOIN users u ON u.id = s.user_id WHERE "
            "u.username = ? AND s.id > ?",
            {Str(p, "user"), sid});
      };
      int64_t page = 1;
      for (const Post& x : *list) {
        auto n = before(x.id);
        if (!n.ok()) return n.status();
        for (; page < *n / 25 + 1; ++page) {
          ops.push_back({K::kClick, "a.pagination__next", "", "", "# Element: 'More'"});
        }
        ops.push_back({K::kClick,
                       "#submission_" + std::to_string(x.id) +
                           (up ? " button.vote__up" : " button.vote__down"),
                       "", "",
                       std::string("# Element: the ") + (up ? "upvote" : "downvote") +
                           " button of '" + x.title + "' in " + *forum});
      }
      ops.push_back({K::kExit, "", "", "", "# Note: voted on every post"});
      return ops;
    };
    return f;
  };
  out.push_back(
      all_posts_family(25, "Like all submissions created by {{user}} in subreddit {{subreddit}}",
                       json{{"subreddit", "earthporn"}, {"user", "CameronKelsey"}}, true));
  out.push_back(all_posts_family(
      1510, "DisLike all submissions created by {{user}} in subreddit {{subreddit}}",
      json{{"user", "AdamCannon"}, {"subreddit", "UpliftingNews"}}, false));

  {  // 27: add a line to the body of one of my posts
    TemplateFamily f = Family(
        27, "Edit my post on {{post}} by adding a line to the body that says \"{{content}}\"",
        {"program_html"},
        json{{"post", "Star Trek Starfleet Academy series"},
             {"content", "Every watch makes me feel like a kid again"}});
    // The signed-in user's posts by the description an intent uses (the published dict names
    // the post only in words).
    static const std::map<std::string, int64_t>* kMine =
        new std::map<std::string, int64_t>{{"Star Trek Starfleet Academy series", 135201},
                                           {"The Bear season 2", 131500},
                                           {"the new Dune movie trailer", 127311},
                                           {"Tears of the Kingdom sales", 122008},
                                           {"Sanderson's secret novels", 118420}};
    auto my_post = [](const json& p, Db& db) -> Result<Post> {
      auto it = kMine->find(Str(p, "post"));
      if (it == kMine->end()) return NotFound("none of my posts is about " + Str(p, "post"));
      return PostById(db, it->second);
    };
    f.sample = Cross(
        {Values("post", {"The Bear season 2", "the new Dune movie trailer",
                         "Tears of the Kingdom sales", "Sanderson's secret novels"}),
         Values("content", {"Cannot wait for this", "The sound design alone is worth it",
                            "Well deserved after six years", "I backed the campaign on day one",
                            "Edit: thanks for all the replies", "Still thinking about it",
                            "Update: it was even better than I hoped"})});
    f.build = [my_post](const json& p, Db& db) -> Result<Task> {
      auto post = my_post(p, db);
      if (!post.ok()) return post.status();
      Task t = RedditTask();
      ProgramHtmlTarget target;
      target.url = post->Url();
      target.locator = "document.querySelector('.submission__body').outerText";
      target.required_contents = {Check(StringCheck::Kind::kExactMatch, {Str(p, "content")})};
      target.required_contents[0].value_was_string = true;
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [my_post](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto post = my_post(p, db);
      if (!post.ok()) return post.status();
      return std::vector<OracleOp>{
          {K::kClick, "a.site-nav__username", "", "", "# Element: my user name at the top"},
          {K::kClick, ".user-tabs a", "Submissions", "", "# Element: my 'Submissions' tab"},
          {K::kClick, "a.submission__link", post->title, "",
           "# Element: the post '" + post->title + "'"},
          {K::kClick, "a.submission__edit", "", "", "# Element: 'Edit' below the post"},
          {K::kType, "#submission_body", "", Str(p, "content"), "# Element: the body field"},
          {K::kClick, "#submission_submit", "", "", "# Element: 'Save'"},
          {K::kExit, "", "", "", "# Note: the body now holds the line"}};
    };
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace wa
