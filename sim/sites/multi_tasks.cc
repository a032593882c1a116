// The GitLab + Reddit templates (published WebArena-Lite ids and wording). Each task starts on
// one site and needs facts from the other; WebRL's action set has no way to open another site
// (no goto, no new tab), so the oracle brings those facts with it, read from the other site's
// database (as its notes say), and acts on the start site through the UI only.
#include <nlohmann/json.hpp>

#include <set>

#include "sim/site.h"
#include "sim/sites/gitlab_data.h"
#include "sim/sites/reddit_data.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;
using SK = StringCheck::Kind;

std::string Str(const json& p, const char* key) { return p.value(key, std::string()); }

TemplateFamily MultiFamily(std::vector<std::string> sites, int id, std::string intent,
                           std::vector<std::string> eval_types, json published) {
  TemplateFamily f =
      SiteFamily(sites.front(), id, std::move(intent), std::move(eval_types), std::move(published));
  f.sites = std::move(sites);
  return f;
}

Task MultiTask(const std::vector<std::string>& sites, const std::string& start) {
  Task t = NewSiteTask(sites.front(), start);
  t.sites = sites;
  // WebArena's combined login state, named with the sites in alphabetical order.
  const bool in_order = sites[0] < sites[1];
  t.storage_state =
      "./.auth/" + sites[in_order ? 0 : 1] + "." + sites[in_order ? 1 : 0] + "_state.json";
  return t;
}

// A GitLab project as the other site shows it.
struct Repo {
  std::string full, name, description;
};
Result<Repo> RepoOf(Db& gitlab, const std::string& full) {
  Repo r;
  WA_RETURN_IF_ERROR(gitlab.Query(
      "SELECT n.path || '/' || p.path, p.name, p.description FROM projects p JOIN namespaces n ON "
      "n.id = p.namespace_id WHERE n.path || '/' || p.path = ?",
      {full}, [&](const Row& row) {
        r.full = row.Text(0);
        r.name = row.Text(1);
        r.description = row.Text(2);
      }));
  if (r.full.empty()) return NotFound("GitLab has no project " + full);
  return r;
}

Result<bool> ForumExists(Db& reddit, const std::string& forum) {
  auto n = reddit.QueryInt("SELECT COUNT(*) FROM forums WHERE lower(name) = lower(?)", {forum});
  if (!n.ok()) return n.status();
  return *n > 0;
}

// Creates a Reddit post through the submit form and stays on the new post's page.
std::vector<OracleOp> Post(const std::string& forum, const std::string& title,
                           const std::string& url, const std::string& body) {
  std::vector<OracleOp> ops = {
      {K::kClick, "a.site-nav__submit", "", "", "# Element: the 'Submit' button at the top"}};
  if (!url.empty()) ops.push_back({K::kType, "#submission_url", "", url, "# Element: the URL"});
  ops.push_back({K::kType, "#submission_title", "", title, "# Element: the title field"});
  if (!body.empty()) {
    ops.push_back({K::kType, "#submission_body", "", body, "# Element: the body field"});
  }
  ops.push_back({K::kSelect, "#submission_forum", "", forum, "# Element: the forum dropdown"});
  ops.push_back({K::kClick, "#submission_submit", "", "", "# Element: 'Create submission'"});
  return ops;
}

const char* kPostInner = "document.querySelector('.submission__inner').outerText";

// Topics a GitLab project is "related to", and the forums a link to it belongs in.
struct Topic {
  const char* topic;
  const char* repo;
  std::vector<const char*> forums;  // the first is where the oracle posts
};
const std::vector<Topic>& Topics() {
  static const std::vector<Topic> kTopics = {
      {"chatGPT", "convexegg/chatgpt", {"technology"}},
      {"GANs", "eriklindernoren/PyTorch-GAN", {"programming", "technology", "Python"}},
      {"video editing in Python", "kkroening/ffmpeg-python", {"Python", "programming"}},
      {"React apps", "facebook/create-react-app", {"programming", "technology"}},
      {"Python libraries", "vinta/awesome-python", {"Python", "programming"}},
      {"JSON on Arduino", "bblanchon/ArduinoJson", {"programming", "technology"}},
      {"the Arch wiki", "lahwaacz/arch-wiki-docs", {"linux"}},
      {"COVID-19 data", "yjlou/2019-nCov", {"science", "programming"}},
      {"AngularJS storage", "auth0/angular-storage", {"programming", "technology"}},
  };
  return kTopics;
}

}  // namespace

std::vector<TemplateFamily> MultiSiteTemplates() {
  std::vector<TemplateFamily> out;
  const std::vector<std::string> kGitlabReddit = {"gitlab", "reddit"};
  const std::vector<std::string> kRedditGitlab = {"reddit", "gitlab"};

  // 88: a repository whose README links the forum's most active posts.
  {
    TemplateFamily f = MultiFamily(kGitlabReddit, 88,
                                   "create a repository named {{name}} that includes a README file "
                                   "with the links to the most active {{num}} DIY ideas on DIY "
                                   "subreddit?",
                                   {"program_html"}, {{"name", "Do it myself"}, {"num", "8"}});
    struct Links {
      std::vector<std::string> refs, urls;  // "__REDDIT__/f/DIY/1/x", "http://localhost:9999/..."
      std::vector<std::string> titles;
    };
    auto links = [](int num) -> Result<Links> {
      auto reddit = TemplateSiteDb("reddit");
      if (!reddit.ok()) return reddit.status();
      Links l;
      WA_RETURN_IF_ERROR((*reddit)->Query(
          "SELECT s.id, s.slug, s.title FROM submissions s JOIN forums f ON f.id = s.forum_id "
          "WHERE f.name = 'DIY' ORDER BY s.last_active DESC, s.id DESC LIMIT ?",
          {static_cast<int64_t>(num)}, [&](const Row& r) {
            const std::string path = "/f/DIY/" + std::to_string(r.Int(0)) + "/" + r.Text(1);
            l.refs.push_back("__REDDIT__" + path);
            l.urls.push_back(ExpandPlaceholders("__REDDIT__" + path));
            l.titles.push_back(r.Text(2));
          }));
      if (static_cast<int>(l.refs.size()) != num) return NotFound("DIY has too few posts");
      return l;
    };
    auto check_name = [](Db& gitlab, const std::string& name) -> Status {
      auto taken = gitlab.QueryInt(
          "SELECT COUNT(*) FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
          "n.path = ? AND (p.path = ? OR p.name = ?)",
          {std::string(kGitlabUser), GitlabPathOf(name), name});
      if (!taken.ok()) return taken.status();
      return *taken > 0 ? FailedPrecondition("the account already has a project " + name)
                        : Status::Ok();
    };
    f.sample = [check_name](Db& db, Rng& rng) -> Result<json> {
      static const char* kNames[] = {"DIY links",     "Weekend projects", "Fix it list",
                                     "Home repairs",  "Maker ideas",      "Handy work",
                                     "Build log",     "Garage notes",     "Tinker board",
                                     "Repair corner", "House hacks",      "Workshop picks"};
      for (int tries = 0; tries < 50; ++tries) {
        const std::string name = kNames[rng.Uniform(std::size(kNames))];
        if (!check_name(db, name).ok()) continue;
        return json{{"name", name}, {"num", std::to_string(rng.Range(3, 10))}};
      }
      return NotFound("no free project name");
    };
    f.build = [links, check_name](const json& p, Db& db) -> Result<Task> {
      WA_RETURN_IF_ERROR(check_name(db, Str(p, "name")));
      auto l = links(std::atoi(Str(p, "num").c_str()));
      if (!l.ok()) return l.status();
      Task t = MultiTask({"gitlab", "reddit"}, "__GITLAB__");
      t.eval.program_html = {MakeHtmlTarget("__GITLAB__/" + std::string(kGitlabUser) + "/" +
                                                GitlabPathOf(Str(p, "name")) +
                                                "/-/raw/main/README.md",
                                            "", SK::kMustInclude, l->refs)};
      return t;
    };
    f.oracle = [links](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto l = links(std::atoi(Str(p, "num").c_str()));
      if (!l.ok()) return l.status();
      std::string readme = "# " + Str(p, "name") + "\n\nThe most active DIY ideas:\n\n";
      for (size_t i = 0; i < l->urls.size(); ++i) {
        readme += "- [" + l->titles[i] + "](" + l->urls[i] + ")\n";
      }
      return std::vector<OracleOp>{
          {K::kClick, "a.header-new", "", "", "# Element: 'New project'"},
          {K::kType, "#project_name", "", Str(p, "name"),
           "# Element: 'Project name'\n# Note: Reddit's DIY forum, sorted by Active, lists " +
               std::to_string(l->urls.size()) + " posts first: " + l->titles.front() + ", ..."},
          {K::kClick, "#create-project-button", "", "", "# Element: 'Create project'"},
          {K::kClick, "a.new-file-link", "", "", "# Element: 'New file'"},
          {K::kType, "#file_name", "", "README.md", "# Element: the file name"},
          {K::kType, "#editor", "", readme, "# Element: the file content"},
          {K::kClick, "#commit-changes", "", "", "# Element: 'Commit changes'"},
          {K::kExit, "", "", "", "# Note: the README links the posts"}};
    };
    out.push_back(std::move(f));
  }

  // 116: a post linking a repository related to a topic.
  {
    TemplateFamily f = MultiFamily(
        kRedditGitlab, 116,
        "Find a GitLab repository related to {{topic}} and make a Reddit post linking to it in a "
        "relevant subreddit",
        {"url_match", "program_html"}, {{"topic", "chatGPT"}});
    auto find = [](const json& p) -> const Topic* {
      for (const Topic& t : Topics()) {
        if (Str(p, "topic") == t.topic) return &t;
      }
      return nullptr;
    };
    auto solve = [find](const json& p, Db& reddit) -> Result<std::pair<Task, Repo>> {
      const Topic* topic = find(p);
      if (topic == nullptr) return InvalidArgument("no repository for topic " + Str(p, "topic"));
      auto gitlab = TemplateSiteDb("gitlab");
      if (!gitlab.ok()) return gitlab.status();
      auto repo = RepoOf(**gitlab, topic->repo);
      if (!repo.ok()) return repo.status();
      std::string urls;
      for (const char* forum : topic->forums) {
        auto exists = ForumExists(reddit, forum);
        if (!exists.ok()) return exists.status();
        if (!*exists) return NotFound(std::string("Reddit has no forum ") + forum);
        urls += (urls.empty() ? "" : " |OR| ") + std::string("__REDDIT__/f/") + forum;
      }
      if (Str(p, "topic") == "chatGPT") {  // the published alternatives
        urls =
            "__REDDIT__/f/machinelearning |OR| __REDDIT__/f/singularity |OR| "
            "__REDDIT__/f/deeplearning |OR| __REDDIT__/f/technology";
      }
      Task t = MultiTask({"reddit", "gitlab"}, "__REDDIT__");
      t.eval.reference_url = urls;
      t.eval.url_note = "GOLD in PRED";
      std::string word = repo->name;
      for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      t.eval.program_html = {
          MakeHtmlTarget("last", kPostInner, SK::kMustInclude, {word, "__GITLAB__/" + repo->full})};
      return std::make_pair(std::move(t), *repo);
    };
    f.sample = [solve](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        const Topic& t = Topics()[1 + rng.Uniform(Topics().size() - 1)];
        json p = {{"topic", t.topic}};
        if (solve(p, db).ok()) return p;
      }
      return NotFound("no topic to draw");
    };
    f.build = [solve](const json& p, Db& db) -> Result<Task> {
      auto s = solve(p, db);
      if (!s.ok()) return s.status();
      return std::move(s->first);
    };
    f.oracle = [solve, find](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = solve(p, db);
      if (!s.ok()) return s.status();
      const Repo& r = s->second;
      const std::string url = ExpandPlaceholders("__GITLAB__/" + r.full);
      std::vector<OracleOp> ops =
          Post(find(p)->forums[0], r.name + ": " + r.description, "", "Found on GitLab: " + url);
      ops.front().thought +=
          "\n# Note: GitLab's search for " + Str(p, "topic") + " finds " + r.full;
      ops.push_back({K::kExit, "", "", "", "# Note: the post links the repository"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // 117: promote a repository with its own description.
  {
    TemplateFamily f = MultiFamily(
        kRedditGitlab, 117,
        "Promote {{repo}} to subreddit {{subreddit}} with the description from the repo itself.",
        {"url_match", "program_html"},
        {{"repo", "auth0/angular-storage"}, {"subreddit", "technology"}});
    auto solve = [](const json& p, Db& reddit) -> Result<std::pair<Task, Repo>> {
      auto gitlab = TemplateSiteDb("gitlab");
      if (!gitlab.ok()) return gitlab.status();
      auto repo = RepoOf(**gitlab, Str(p, "repo"));
      if (!repo.ok()) return repo.status();
      if (repo->description.empty()) return FailedPrecondition("the repository has no description");
      auto exists = ForumExists(reddit, Str(p, "subreddit"));
      if (!exists.ok()) return exists.status();
      if (!*exists) return NotFound("Reddit has no forum " + Str(p, "subreddit"));
      Task t = MultiTask({"reddit", "gitlab"}, "__REDDIT__");
      t.eval.reference_url = "__REDDIT__/f/" + Str(p, "subreddit");
      t.eval.url_note = "GOLD in PRED";
      t.eval.program_html = {MakeHtmlTarget(
          "last",
          std::string(kPostInner) +
              " + [...document.querySelector('.submission__inner').querySelectorAll('[href],"
              "[src]')].map(elem => elem.getAttribute('href') || "
              "elem.getAttribute('src')).join(' ')",
          SK::kMustInclude, {repo->description, "__GITLAB__/" + repo->full})};
      return std::make_pair(std::move(t), *repo);
    };
    f.sample = [solve](Db& db, Rng& rng) -> Result<json> {
      static const char* kRepos[] = {"kkroening/ffmpeg-python",     "vinta/awesome-python",
                                     "bblanchon/ArduinoJson",       "lahwaacz/arch-wiki-docs",
                                     "eriklindernoren/PyTorch-GAN", "facebook/create-react-app",
                                     "convexegg/chatgpt",           "thoughtbot/factory_bot"};
      static const char* kForums[] = {"technology", "programming", "Python", "linux"};
      for (int tries = 0; tries < 50; ++tries) {
        json p = {{"repo", kRepos[rng.Uniform(std::size(kRepos))]},
                  {"subreddit", kForums[rng.Uniform(std::size(kForums))]}};
        if (solve(p, db).ok()) return p;
      }
      return NotFound("no repository to draw");
    };
    f.build = [solve](const json& p, Db& db) -> Result<Task> {
      auto s = solve(p, db);
      if (!s.ok()) return s.status();
      return std::move(s->first);
    };
    f.oracle = [solve](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = solve(p, db);
      if (!s.ok()) return s.status();
      const Repo& r = s->second;
      std::vector<OracleOp> ops = Post(Str(p, "subreddit"), r.full + ": " + r.description,
                                       ExpandPlaceholders("__GITLAB__/" + r.full), "");
      ops.front().thought +=
          "\n# Note: the GitLab project's description is \"" + r.description + "\"";
      ops.push_back({K::kExit, "", "", "", "# Note: the link post carries the description"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // 84: a file of a forum's newest posts, for a forum Reddit does not have (unachievable).
  {
    TemplateFamily f = MultiFamily(
        kGitlabReddit, 84,
        "Make a folder named {{directory}} on the {{gitlab_repo}} repo "
        "and include a file called urls.txt that consists of the links "
        "to the 5 most recent posts from {{subreddit}}.",
        {"string_match"},
        {{"directory", "car"}, {"subreddit", "cars"}, {"gitlab_repo", "gimmiethat.space"}});
    auto check = [](const json& p) -> Status {
      auto reddit = TemplateSiteDb("reddit");
      if (!reddit.ok()) return reddit.status();
      auto exists = ForumExists(**reddit, Str(p, "subreddit"));
      if (!exists.ok()) return exists.status();
      return *exists ? FailedPrecondition("Reddit has the forum " + Str(p, "subreddit"))
                     : Status::Ok();
    };
    f.sample = [check](Db&, Rng& rng) -> Result<json> {
      static const char* kMissing[][2] = {{"trucks", "trucks"},  {"bikes", "motorcycles"},
                                          {"boats", "sailing"},  {"planes", "aviation"},
                                          {"guitars", "guitar"}, {"knits", "knitting"}};
      static const char* kRepos[] = {"gimmiethat.space", "dotfiles", "empathy-prompts"};
      for (int tries = 0; tries < 50; ++tries) {
        const auto& m = kMissing[rng.Uniform(std::size(kMissing))];
        json p = {{"directory", m[0]},
                  {"subreddit", m[1]},
                  {"gitlab_repo", kRepos[rng.Uniform(std::size(kRepos))]}};
        if (check(p).ok()) return p;
      }
      return NotFound("no missing forum to draw");
    };
    f.build = [check](const json& p, Db&) -> Result<Task> {
      WA_RETURN_IF_ERROR(check(p));
      Task t = MultiTask({"gitlab", "reddit"}, "__GITLAB__");
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kFuzzyMatch, {"N/A"})};
      t.eval.string_note = "the subreddit does not exist";
      t.eval.reference_answer_raw_annotation = "N/A";
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{{K::kExit, "", "",
                                    "N/A: Reddit has no " + Str(p, "subreddit") + " forum",
                                    "# Note: Reddit's forum list has no " + Str(p, "subreddit") +
                                        ", so there are no posts to link"}};
    };
    out.push_back(std::move(f));
  }

  // 101: one-star review titles from the store, posted to a forum. The post has to be made on
  // Reddit, which nothing on the store links to: the oracle gathers the titles and stops there.
  {
    TemplateFamily f =
        MultiFamily({"shopping", "reddit"}, 101,
                    "Gather the titles of {{product}} reviews with {{rating}} rating "
                    "from OneStopShop, and post them in the games subreddit under "
                    "the title \"real user feedback on {{product}}\"",
                    {"url_match", "program_html"},
                    {{"product", "Racing Wheel Overdrive for Xbox X"}, {"rating", "1 star"}});
    f.oracle_solves = false;
    auto titles = [](Db& shop, const json& p) -> Result<std::vector<std::string>> {
      const int stars = std::atoi(Str(p, "rating").c_str());
      std::vector<std::string> out;
      WA_RETURN_IF_ERROR(shop.Query(
          "SELECT r.summary FROM reviews r JOIN products pr ON pr.id = r.product_id WHERE pr.name "
          "= ? AND r.rating = ? AND r.status = 'approved' ORDER BY r.id",
          {Str(p, "product"), static_cast<int64_t>(stars)},
          [&](const Row& r) { out.push_back(r.Text(0)); }));
      if (out.size() < 2) return NotFound("too few such reviews of " + Str(p, "product"));
      return out;
    };
    f.sample = [titles](Db& db, Rng& rng) -> Result<json> {
      std::vector<std::string> products;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT pr.name FROM products pr JOIN reviews r ON r.product_id = pr.id WHERE r.rating "
          "= 1 GROUP BY pr.id HAVING COUNT(*) >= 2 ORDER BY pr.id LIMIT 200",
          {}, [&](const Row& r) { products.push_back(r.Text(0)); }));
      for (int tries = 0; tries < 50 && !products.empty(); ++tries) {
        json p = {{"product", products[rng.Uniform(products.size())]}, {"rating", "1 star"}};
        if (titles(db, p).ok()) return p;
      }
      return NotFound("no product with one-star reviews");
    };
    f.build = [titles](const json& p, Db& db) -> Result<Task> {
      auto t = titles(db, p);
      if (!t.ok()) return t.status();
      Task task = MultiTask({"shopping", "reddit"}, "__SHOPPING__");
      task.storage_state = "./.auth/reddit_state.json";  // as published
      task.eval.reference_url = "__REDDIT__/f/gaming";
      task.eval.url_note = "GOLD in PRED";
      ProgramHtmlTarget title =
          MakeHtmlTarget("func:reddit_get_post_url('__last_url__')",
                         "document.querySelector('.submission__title').outerText", SK::kExactMatch,
                         {"real user feedback on " + Str(p, "product")});
      task.eval.program_html = {
          title, MakeHtmlTarget("func:reddit_get_post_url('__last_url__')",
                                "document.querySelector('.submission__body').outerText",
                                SK::kMustInclude, *t)};
      return task;
    };
    f.oracle = [titles](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto t = titles(db, p);
      if (!t.ok()) return t.status();
      std::string list;
      for (const std::string& s : *t) list += (list.empty() ? "" : "; ") + s;
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", Str(p, "product"), "# Element: the search bar"},
          {K::kClick, "a.product-item-link", Str(p, "product"), "",
           "# Element: the product '" + Str(p, "product") + "'"},
          {K::kExit, "", "",
           "Cannot post: no page of this store leads to Reddit. The titles: " + list,
           "# Note: the one-star reviews are " + list}};
    };
    out.push_back(std::move(f));
  }

  return out;
}

}  // namespace wa
