// Task templates of the GitLab-like code host (published WebArena-Lite template ids and
// wording). References are computed from the simulated host; oracles act through the UI only.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "sim/browser.h"
#include "sim/evaluator.h"
#include "sim/locator.h"
#include "sim/sites/gitlab_data.h"
#include "sim/sites/site_util.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;
using SK = StringCheck::Kind;

Task GitlabTask(const std::string& start = "__GITLAB__") { return NewSiteTask("gitlab", start); }

TemplateFamily Family(int id, std::string intent, std::vector<std::string> eval_types,
                      json published) {
  return SiteFamily("gitlab", id, std::move(intent), std::move(eval_types), std::move(published));
}

TemplateFamily ParameterFree(int id, std::string intent, std::vector<std::string> eval_types) {
  TemplateFamily f = Family(id, std::move(intent), std::move(eval_types), json::object());
  f.in_train = false;
  f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
  return f;
}

std::string Str(const json& p, const char* key) { return p.value(key, std::string()); }

ProgramHtmlTarget Target(std::string url, std::string locator, SK kind,
                         std::vector<std::string> values) {
  ProgramHtmlTarget t;
  t.url = std::move(url);
  t.locator = std::move(locator);
  t.required_contents = {MakeCheck(kind, std::move(values))};
  return t;
}

struct ProjRef {
  int64_t id = 0;
  std::string ns, path, name, branch;
  std::string Full() const { return ns + "/" + path; }
};

Result<ProjRef> ProjectByFull(Db& db, const std::string& full) {
  const size_t slash = full.find('/');
  if (slash == std::string::npos) return InvalidArgument("not a project path: " + full);
  ProjRef p;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT p.id, n.path, p.path, p.name, p.default_branch FROM projects p JOIN namespaces n "
      "ON n.id = p.namespace_id WHERE n.path = ? AND p.path = ?",
      {full.substr(0, slash), full.substr(slash + 1)}, [&](const Row& r) {
        p.id = r.Int(0);
        p.ns = r.Text(1);
        p.path = r.Text(2);
        p.name = r.Text(3);
        p.branch = r.Text(4);
      }));
  if (p.id == 0) return NotFound("no project " + full);
  return p;
}

// A project by name (the user's own first, then the one with most stars).
Result<ProjRef> ProjectByName(Db& db, const std::string& name) {
  auto full = db.QueryText(
      "SELECT n.path || '/' || p.path FROM projects p JOIN namespaces n ON n.id = p.namespace_id "
      "WHERE p.name = ? OR p.path = ? ORDER BY n.path = ? DESC, (SELECT COUNT(*) FROM stars s "
      "WHERE s.project_id = p.id) DESC LIMIT 1",
      {name, name, std::string(kGitlabUser)});
  if (!full.ok()) return full.status();
  if (full->empty()) return NotFound("no project named " + name);
  return ProjectByFull(db, *full);
}

// Steps from anywhere to a project's page: Explore, filter by name, open it.
std::vector<OracleOp> OpenProject(const ProjRef& p) {
  return {
      {K::kClick, "a.explore-link", "", "", "# Element: 'Explore' in the top bar"},
      {K::kSearch, "#project-filter-form-field", "", p.name, "# Element: the 'Filter by name' box"},
      {K::kClick, "a.project-name[href=\"/" + p.Full() + "\"]", "", "",
       "# Element: the project " + p.Full()}};
}

OracleOp Sidebar(const std::string& cls, const std::string& what) {
  return {K::kClick, "a." + cls, "", "", "# Element: '" + what + "' in the project sidebar"};
}

std::string UserName(Db& db, const std::string& username) {
  auto n = db.QueryText("SELECT name FROM users WHERE username = ?", {username});
  return n.ok() ? *n : std::string();
}

// "1/3/2023" -> "2023-01-03"; empty when malformed.
std::string IsoFromUs(const std::string& us) {
  int m = 0, d = 0, y = 0;
  if (std::sscanf(us.c_str(), "%d/%d/%d", &m, &d, &y) != 3) return "";
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02d", y, m, d);
  return buf;
}

std::string UsDate(int64_t t) {
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return std::to_string(tm.tm_mon + 1) + "/" + std::to_string(tm.tm_mday) + "/" +
         std::to_string(tm.tm_year + 1900);
}

// The value of `key` in a table of pairs, or empty.
std::string Lookup(const std::vector<std::pair<const char*, const char*>>& table,
                   const std::string& key) {
  for (const auto& [k, v] : table) {
    if (key == k) return v;
  }
  return "";
}

// The items of a Python-style list of quoted strings: "['a', 'b']" -> {a, b}.
std::vector<std::string> QuotedItems(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while ((i = s.find('\'', i)) != std::string::npos) {
    size_t j = s.find('\'', i + 1);
    if (j == std::string::npos) break;
    out.push_back(s.substr(i + 1, j - i - 1));
    i = j + 1;
  }
  return out;
}

std::string FirstWord(const std::string& s) { return s.substr(0, s.find(' ')); }
std::string LastWord(const std::string& s) {
  size_t sp = s.rfind(' ');
  return sp == std::string::npos ? s : s.substr(sp + 1);
}

std::string Lower(std::string s) { return LowerAscii(std::move(s)); }

// People the "invite / follow / add" templates draw from (username, how intents name them).
struct Person {
  const char* username;
  const char* full;    // full name
  const char* short_;  // the short way tasks name them
};
const std::vector<Person>& People() {
  static const std::vector<Person> kPeople = {
      {"vinta", "Vinta Chen", "Vinta"},
      {"lahwaacz", "Jakub Klinkovský", "Jakub"},
      {"koush", "Koushik Dutta", "Koushik"},
      {"bblanchon", "Benoît Blanchon", "Benoît"},
      {"abisubramanya27", "Abishek S", "abishek"},
      {"primer", "Primer", "primer"},
      {"convexegg", "Convex Egg", "convexegg"},
      {"roshanjossey", "Roshan Jossy", "Roshan"},
      {"kkroening", "Karl Kroening", "Karl"},
      {"eriklindernoren", "Erik Linder-Norén", "Erik"},
      {"davepgreene", "Dave Greene", "Dave"},
      {"kilianvalkhof", "Kilian Valkhof", "Kilian"},
      {"hiddedevries", "Hidde de Vries", "Hidde"},
      {"stianst", "Stian Thorgersen", "Stian"},
      {"pablovilas", "Pablo Vilas", "Pablo"},
      {"lucasfernandes", "Lucas Fernandes", "Lucas"},
      {"amyhuang", "Amy Huang", "Amy"},
      {"annaklein", "Anna Klein", "Anna"},
      {"tannerhodges", "Tanner Hodges", "Tanner"},
      {"yjlou", "Yi-Jun Lo", "Yi-Jun"},
  };
  return kPeople;
}
const Person* PersonByShortOrFull(const std::string& s) {
  for (const Person& p : People()) {
    if (Lower(s) == Lower(p.short_) || Lower(s) == Lower(p.full) || s == p.username) return &p;
  }
  return nullptr;
}

// Distinct people drawn at random, none in `except` (usernames).
std::vector<const Person*> DrawPeople(Rng& rng, size_t n, const std::set<std::string>& except) {
  std::vector<const Person*> pool;
  for (const Person& p : People()) {
    if (!except.count(p.username)) pool.push_back(&p);
  }
  std::vector<const Person*> out;
  while (out.size() < n && !pool.empty()) {
    size_t k = rng.Uniform(pool.size());
    out.push_back(pool[k]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return out;
}

Result<std::set<std::string>> MemberNames(Db& db, int64_t project) {
  std::set<std::string> out;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT u.username FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id = ?",
      {project}, [&](const Row& r) { out.insert(r.Text(0)); }));
  return out;
}

// The account's projects (path) with a description the intents can use.
struct OwnProject {
  const char* path;
  const char* description;  // "GitHub timeline item management extension"
};
const std::vector<OwnProject>& OwnProjects() {
  static const std::vector<OwnProject> kOwn = {
      {"remove-board-movement-events-from-the-github-issue-timeline",
       "GitHub timeline item management extension"},
      {"a11y-syntax-highlighting", "accessible syntax highlighting themes"},
      {"a11y-webring.club", "accessibility webring"},
      {"cloud-to-butt", "cloud to butt browser extension"},
      {"millennials-to-snake-people", "Millennials to Snake People extension"},
      {"empathy-prompts", "inclusive design prompts"},
      {"dotfiles", "dotfile configurations"},
      {"gimmiethat.space", "web resources list for people who want more space"},
      {"timeline-of-accessibility", "accessibility timeline"},
  };
  return kOwn;
}

// Invites through the members page: type the people, pick the role, submit.
std::vector<OracleOp> Invite(const std::vector<std::string>& typed, const std::string& role) {
  std::string list;
  for (const std::string& t : typed) list += (list.empty() ? "" : ", ") + t;
  return {Sidebar("shortcuts-members", "Members"),
          {K::kType, "#invite-members-input", "", list,
           "# Element: the 'Username or name' box of the invite form"},
          {K::kSelect, "#invite-members-role", "", role, "# Element: the role dropdown"},
          {K::kClick, "#invite-members-button", "", "", "# Element: 'Invite'"}};
}

void RegisterGitlabHelpers() {
  // WebArena's helper: the role shown in the members table for an account ('' when absent).
  RegisterLocatorHelper(
      "gitlab_get_project_memeber_role",
      [](Browser* browser,
         const std::vector<std::string>& args) -> Result<std::optional<std::string>> {
        if (args.size() < 2) {
          return InvalidArgument("gitlab_get_project_memeber_role needs (page, account)");
        }
        const Page* page = browser->page();
        if (page == nullptr) return std::optional<std::string>(std::string());
        const std::string want = "@" + args[1];
        for (int i = 0; i < 500; ++i) {
          auto loc = Locator::Parse(
              "document.querySelectorAll(\"td[data-label='Account'] "
              "span.gl-avatar-labeled-sublabel\")[" +
              std::to_string(i) + "].outerText");
          if (!loc.ok()) return loc.status();
          auto v = loc->Evaluate(*page);
          if (!v.ok() || !v->has_value()) break;
          std::string got = **v;
          while (!got.empty() && got.front() == ' ') got.erase(0, 1);
          while (!got.empty() && got.back() == ' ') got.pop_back();
          if (got != want) continue;
          auto role = Locator::Parse("document.querySelectorAll(\"td.col-max-role span\")[" +
                                     std::to_string(i) + "].outerText");
          if (!role.ok()) return role.status();
          auto rv = role->Evaluate(*page);
          if (!rv.ok() || !rv->has_value()) break;
          return std::optional<std::string>(**rv);
        }
        return std::optional<std::string>(std::string());
      });
}

// Counts of commits of a project per author name on one UTC day.
Result<int64_t> CommitsOn(Db& db, int64_t project, const std::vector<std::string>& authors,
                          const std::string& iso) {
  int64_t total = 0;
  for (const std::string& a : authors) {
    auto n = db.QueryInt(
        "SELECT COUNT(*) FROM commits WHERE project_id = ? AND author_name = ? AND "
        "date(authored_at, 'unixepoch') = ?",
        {project, a, iso});
    if (!n.ok()) return n.status();
    total += *n;
  }
  return total;
}

// a11yproject.com's committers by the first name intents use.
Result<std::vector<std::pair<std::string, std::string>>> A11yCommitters(Db& db, int64_t project) {
  std::vector<std::pair<std::string, std::string>> out;  // first name, full name
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT DISTINCT author_name FROM commits WHERE project_id = ? ORDER BY author_name",
      {project}, [&](const Row& r) { out.emplace_back(FirstWord(r.Text(0)), r.Text(0)); }));
  return out;
}

std::string AuthorByFirst(const std::vector<std::pair<std::string, std::string>>& people,
                          const std::string& first) {
  for (const auto& [f, full] : people) {
    if (Lower(f) == Lower(first)) return full;
  }
  return "";
}

// Steps that filter a project's commit list to one day.
std::vector<OracleOp> CommitsOfDay(const std::string& iso, const std::string& author) {
  std::vector<OracleOp> ops = {Sidebar("shortcuts-commits", "Commits")};
  if (!author.empty()) {
    ops.push_back({K::kSelect, "#commits-author", "", author, "# Element: the author filter"});
  }
  ops.push_back({K::kType, "#commits-since", "", iso, "# Element: the 'From' date"});
  ops.push_back({K::kType, "#commits-until", "", iso, "# Element: the 'To' date"});
  ops.push_back({K::kClick, ".commits-search-form button", "", "", "# Element: 'Filter'"});
  return ops;
}

}  // namespace

std::vector<TemplateFamily> GitlabTemplates() {
  RegisterGitlabHelpers();
  std::vector<TemplateFamily> out;

  // Navigation templates without parameters.
  struct Nav {
    int id;
    const char* intent;
    const char* url;
    const char* selector;
    const char* what;
  };
  for (const Nav& n : std::vector<Nav>{
           {303, "Check out my todos", "__GITLAB__/dashboard/todos", "a.shortcuts-todos",
            "'To-Do List' in the top bar"},
           {290, "Check out merge requests assigned to me",
            "__GITLAB__/dashboard/merge_requests?assignee_username=byteblaze",
            "a.dashboard-shortcuts-merge_requests", "'Merge requests' in the top bar"},
           {291, "Check out merge requests requiring my review",
            "__GITLAB__/dashboard/merge_requests?reviewer_username=byteblaze",
            "a.dashboard-shortcuts-review_requests", "'Review requests' in the top bar"},
           {325, "See all public projects", "__GITLAB__/explore", "a.explore-link",
            "'Explore' in the top bar"}}) {
    TemplateFamily f = ParameterFree(n.id, n.intent, {"url_match"});
    const std::string url = n.url, selector = n.selector, what = n.what;
    f.build = [url](const json&, Db&) -> Result<Task> {
      Task t = GitlabTask();
      t.eval.reference_url = url;
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [selector, what](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{{K::kClick, selector, "", "", "# Element: " + what},
                                   {K::kExit, "", "", "", "# Note: this is the page"}};
    };
    out.push_back(std::move(f));
  }

  {  // 312: the RSS feed token
    TemplateFamily f = ParameterFree(312, "Get me my RSS feed token", {"string_match"});
    auto token = [](Db& db) {
      return db.QueryText("SELECT feed_token FROM users WHERE id = ?", {kGitlabUserId});
    };
    f.build = [token](const json&, Db& db) -> Result<Task> {
      auto t = token(db);
      if (!t.ok()) return t.status();
      Task task = GitlabTask();
      task.eval.has_reference_answers = true;
      task.eval.reference_answers = {MakeCheck(SK::kMustInclude, {*t})};
      return task;
    };
    f.oracle = [token](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto t = token(db);
      if (!t.ok()) return t.status();
      return std::vector<OracleOp>{
          {K::kClick, "a.edit-profile-link", "", "", "# Element: 'Edit profile'"},
          {K::kClick, ".nav-sidebar a", "Access Tokens", "",
           "# Element: 'Access Tokens' in the settings sidebar"},
          {K::kExit, "", "", *t, "# Note: the feed token is at the bottom of the page"}};
    };
    out.push_back(std::move(f));
  }

  {  // 349: issues with a label
    TemplateFamily f =
        Family(349,
               "Display the list of issues in the {{repo}} repository that have labels related to "
               "{{label}}",
               {"url_match"}, json{{"label", "questions"}, {"repo", "kkroening/ffmpeg-python"}});
    static const std::map<std::string, std::string> kLabels = {
        {"questions", "question"},       {"bugs", "bug"},
        {"enhancements", "enhancement"}, {"documentation", "documentation"},
        {"features", "feature"},         {"discussions", "discussion"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<std::string> projects;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT n.path || '/' || p.path FROM projects p JOIN namespaces n ON n.id = "
          "p.namespace_id WHERE (SELECT COUNT(*) FROM labels l WHERE l.project_id = p.id) >= 10 "
          "ORDER BY p.id",
          {}, [&](const Row& r) { projects.push_back(r.Text(0)); }));
      if (projects.empty()) return NotFound("no labelled projects");
      auto it = kLabels.begin();
      std::advance(it, static_cast<std::ptrdiff_t>(rng.Uniform(kLabels.size())));
      return json{{"label", it->first}, {"repo", projects[rng.Uniform(projects.size())]}};
    };
    auto label_of = [](const json& p) -> Result<std::string> {
      auto it = kLabels.find(Str(p, "label"));
      if (it == kLabels.end()) return InvalidArgument("unknown label wording " + Str(p, "label"));
      return it->second;
    };
    f.build = [label_of](const json& p, Db& db) -> Result<Task> {
      auto proj = ProjectByFull(db, Str(p, "repo"));
      if (!proj.ok()) return proj.status();
      auto label = label_of(p);
      if (!label.ok()) return label.status();
      Task t = GitlabTask();
      t.eval.reference_url =
          "__GITLAB__/" + proj->Full() +
          "/-/issues/?sort=created_date&state=opened&label_name%5B%5D=" + *label +
          "&first_page_size=20";
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [label_of](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto proj = ProjectByFull(db, Str(p, "repo"));
      if (!proj.ok()) return proj.status();
      auto label = label_of(p);
      if (!label.ok()) return label.status();
      std::vector<OracleOp> ops = OpenProject(*proj);
      ops.push_back(Sidebar("shortcuts-labels", "Labels"));
      ops.push_back({K::kClick, ".manage-labels-list a.gl-label", *label, "",
                     "# Element: the label '" + *label + "' (opens its open issues)"});
      ops.push_back({K::kExit, "", "", "", "# Note: the issues labelled " + *label});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // 322 / 320: commits by people on a day in a11yproject.com.
  auto commit_count_family = [](int id, std::string intent, json published, bool two,
                                std::string start) {
    TemplateFamily f = Family(id, std::move(intent), {"string_match"}, std::move(published));
    f.sample = [two](Db& db, Rng& rng) -> Result<json> {
      auto proj = ProjectByFull(db, "a11yproject/a11yproject.com");
      if (!proj.ok()) return proj.status();
      auto people = A11yCommitters(db, proj->id);
      if (!people.ok()) return people.status();
      if (people->size() < 2) return NotFound("too few committers");
      size_t a = rng.Uniform(people->size()), b = rng.Uniform(people->size() - 1);
      if (b >= a) ++b;
      // A day one of them committed on, or a day nearby.
      auto at = db.QueryInt(
          "SELECT authored_at FROM commits WHERE project_id = ? AND author_name = ? ORDER BY id "
          "LIMIT 1 OFFSET ?",
          {proj->id, (*people)[a].second, static_cast<int64_t>(rng.Uniform(3))}, 0);
      if (!at.ok()) return at.status();
      const int64_t day = *at + (rng.Uniform(3) == 0 ? 86400 * rng.Range(1, 3) : 0);
      std::string who = Lower((*people)[a].first);
      if (two) who = (*people)[a].first + " and " + (*people)[b].first;
      json p = {{"user", who}, {"date", UsDate(day)}};
      if (two) p["repo"] = "a11yproject";
      return p;
    };
    auto facts = [two](const json& p, Db& db) -> Result<std::pair<ProjRef, int64_t>> {
      auto proj = ProjectByFull(db, "a11yproject/a11yproject.com");
      if (!proj.ok()) return proj.status();
      auto people = A11yCommitters(db, proj->id);
      if (!people.ok()) return people.status();
      std::vector<std::string> authors;
      std::string users = Str(p, "user");
      size_t and_at = users.find(" and ");
      std::vector<std::string> firsts = {users};
      if (and_at != std::string::npos) {
        firsts = {users.substr(0, and_at), users.substr(and_at + 5)};
      }
      for (const std::string& first : firsts) {
        std::string full = AuthorByFirst(*people, first);
        if (full.empty()) return NotFound("no committer named " + first);
        authors.push_back(full);
      }
      (void)two;
      const std::string iso = IsoFromUs(Str(p, "date"));
      if (iso.empty()) return InvalidArgument("bad date " + Str(p, "date"));
      auto n = CommitsOn(db, proj->id, authors, iso);
      if (!n.ok()) return n.status();
      return std::make_pair(*proj, *n);
    };
    f.build = [facts, start](const json& p, Db& db) -> Result<Task> {
      auto fx = facts(p, db);
      if (!fx.ok()) return fx.status();
      Task t = GitlabTask(start);
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kFuzzyMatch, {std::to_string(fx->second)})};
      return t;
    };
    f.oracle = [facts, two](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto fx = facts(p, db);
      if (!fx.ok()) return fx.status();
      std::vector<OracleOp> ops;
      if (two) ops = OpenProject(fx->first);
      auto more = CommitsOfDay(IsoFromUs(Str(p, "date")), "");
      ops.insert(ops.end(), more.begin(), more.end());
      ops.push_back({K::kExit, "", "", std::to_string(fx->second),
                     "# Note: " + std::to_string(fx->second) + " of the commits that day are by " +
                         Str(p, "user")});
      return ops;
    };
    return f;
  };
  out.push_back(commit_count_family(
      322, "How many commits did {{user}} make to {{repo}} on {{date}}?",
      json{{"user", "Eric and Kilian"}, {"repo", "a11yproject"}, {"date", "1/3/2023"}}, true,
      "__GITLAB__"));
  out.push_back(commit_count_family(320, "How many commits did {{user}} make on {{date}}?",
                                    json{{"user", "kilian"}, {"date", "3/5/2023"}}, false,
                                    "__GITLAB__/a11yproject/a11yproject.com"));

  {  // 289: contributed repositories by stars
    TemplateFamily f =
        Family(289,
               "Tell me the full names of the repositories where I made contributions and they got "
               "{{description}} stars?",
               {"string_match"}, json{{"description", "the most"}});
    f.sample =
        SampleFromList({json{{"description", "the most"}}, json{{"description", "the fewest"}},
                        json{{"description", "more than 5"}}, json{{"description", "more than 8"}},
                        json{{"description", "at least 7"}}, json{{"description", "fewer than 3"}},
                        json{{"description", "fewer than 5"}}, json{{"description", "at least 4"}},
                        json{{"description", "more than 2"}}});
    auto names = [](const json& p, Db& db) -> Result<std::vector<std::string>> {
      std::vector<std::pair<int64_t, std::string>> rows;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT (SELECT COUNT(*) FROM stars s WHERE s.project_id = p.id), p.name FROM projects "
          "p WHERE p.id IN (SELECT project_id FROM commits WHERE author_id = ?1 UNION SELECT "
          "project_id FROM issues WHERE author_id = ?1 UNION SELECT project_id FROM "
          "merge_requests WHERE author_id = ?1) ORDER BY p.id",
          {kGitlabUserId}, [&](const Row& r) { rows.emplace_back(r.Int(0), r.Text(1)); }));
      if (rows.empty()) return NotFound("no contributions");
      const std::string d = Str(p, "description");
      int64_t best = -1, worst = 1 << 30;
      for (const auto& [s, n] : rows) {
        best = std::max(best, s);
        worst = std::min(worst, s);
      }
      std::vector<std::string> out;
      for (const auto& [s, n] : rows) {
        bool keep = false;
        int v = 0;
        if (d == "the most") {
          keep = s == best;
        } else if (d == "the fewest") {
          keep = s == worst;
        } else if (std::sscanf(d.c_str(), "more than %d", &v) == 1) {
          keep = s > v;
        } else if (std::sscanf(d.c_str(), "at least %d", &v) == 1) {
          keep = s >= v;
        } else if (std::sscanf(d.c_str(), "fewer than %d", &v) == 1) {
          keep = s < v;
        } else {
          return InvalidArgument("unknown description " + d);
        }
        if (keep) out.push_back(n);
      }
      return out;
    };
    f.build = [names](const json& p, Db& db) -> Result<Task> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      Task t = GitlabTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kMustInclude, *n)};
      return t;
    };
    f.oracle = [names](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      std::string answer;
      for (const std::string& s : *n) answer += (answer.empty() ? "" : ", ") + s;
      return std::vector<OracleOp>{
          {K::kClick, "a.header-user-dropdown-toggle", "", "", "# Element: my name at the top"},
          {K::kClick, ".user-profile-nav a", "Contributed projects", "",
           "# Element: the 'Contributed projects' tab"},
          {K::kExit, "", "", answer, "# Note: reading the star counts of each project"}};
    };
    out.push_back(std::move(f));
  }

  // 310 / 500: my latest updated / created issue with a keyword: is it closed?
  auto issue_state_family = [](int id, std::string intent, json published, bool updated,
                               bool quoted_url_note) {
    TemplateFamily f =
        Family(id, std::move(intent), {"string_match", "url_match"}, std::move(published));
    const std::string published_kw = Str(f.published_params, "keyword");
    f.sample = [published_kw](Db& db, Rng& rng) -> Result<json> {
      std::vector<std::string> words;
      std::set<std::string> seen;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT title FROM issues WHERE author_id = ? ORDER BY id", {kGitlabUserId},
                   [&](const Row& r) {
                     std::string w;
                     for (char c : r.Text(0) + " ") {
                       if (std::isalpha(static_cast<unsigned char>(c))) {
                         w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                       } else {
                         if (w.size() >= 5 && w != published_kw && seen.insert(w).second)
                           words.push_back(w);
                         w.clear();
                       }
                     }
                   }));
      if (words.empty()) return NotFound("no issue words");
      return json{{"keyword", words[rng.Uniform(words.size())]}};
    };
    auto find = [updated](const json& p, Db& db) -> Result<std::tuple<std::string, int64_t, bool>> {
      std::string full;
      int64_t iid = 0;
      bool closed = false;
      WA_RETURN_IF_ERROR(db.Query(
          std::string("SELECT n.path || '/' || p.path, i.iid, i.state FROM issues i JOIN projects "
                      "p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE "
                      "i.author_id = ? AND (i.title LIKE ? OR i.description LIKE ?) ORDER BY ") +
              (updated ? "i.updated_at DESC, i.id DESC" : "i.created_at DESC, i.id DESC") +
              " LIMIT 1",
          {kGitlabUserId, "%" + Str(p, "keyword") + "%", "%" + Str(p, "keyword") + "%"},
          [&](const Row& r) {
            full = r.Text(0);
            iid = r.Int(1);
            closed = r.Text(2) == "closed";
          }));
      if (iid == 0) return NotFound("no issue of mine mentions " + Str(p, "keyword"));
      return std::make_tuple(full, iid, closed);
    };
    f.build = [find, quoted_url_note](const json& p, Db& db) -> Result<Task> {
      auto x = find(p, db);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {
          MakeCheck(SK::kFuzzyMatch, {std::get<2>(*x) ? "Yes, it is closed" : "No, it is open"})};
      t.eval.reference_url =
          "__GITLAB__/" + std::get<0>(*x) + "/-/issues/" + std::to_string(std::get<1>(*x));
      if (quoted_url_note) t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [find, updated](const Task&, const json& p,
                               Db& db) -> Result<std::vector<OracleOp>> {
      auto x = find(p, db);
      if (!x.ok()) return x.status();
      const bool closed = std::get<2>(*x);
      return std::vector<OracleOp>{
          {K::kClick, "a.dashboard-shortcuts-issues", "", "", "# Element: 'Issues' in the top bar"},
          {K::kClick, ".scope-tabs a", "Created by you", "", "# Element: 'Created by you'"},
          {K::kClick, ".issues-state-filters a", "All", "", "# Element: the 'All' state tab"},
          {K::kSelect, "#issuable-sort", "", updated ? "Updated date" : "Created date",
           "# Element: the sort order"},
          {K::kSearch, "#filtered-search-issues", "", Str(p, "keyword"),
           "# Element: the search box"},
          {K::kClick, "a.issue-title-text", "", "", "# Element: the first issue"},
          {K::kExit, "", "", closed ? "Yes, it is closed" : "No, it is open",
           closed ? "# Note: the status box says Closed" : "# Note: the status box says Open"}};
    };
    return f;
  };
  out.push_back(issue_state_family(
      310,
      "Open my latest updated issue that has keyword \"{{keyword}}\" in its title to check if it "
      "is closed",
      json{{"keyword", "better"}}, true, true));
  out.push_back(issue_state_family(
      500,
      "Open my latest created issue that has {{keyword}} in its title to check if it is closed",
      json{{"keyword", "homepage content"}}, false, false));

  // Descriptions of projects for clone / contributor templates.
  static const std::vector<std::pair<const char*, const char*>> kDescribed = {
      {"the best GAN python implementation", "eriklindernoren/PyTorch-GAN"},
      {"the Python bindings for FFmpeg", "kkroening/ffmpeg-python"},
      {"the Rails admin dashboard engine", "thoughtbot/administrate"},
      {"the lightweight PHP XLSX writer", "mk-j/PHP_XLSXWriter"},
      {"the asynchronous socket library for Android", "koush/AndroidAsync"},
      {"the open source identity and access management server", "keycloak/keycloak"},
      {"the A11Y Project website", "a11yproject/a11yproject.com"},
      {"create-react-app", "facebook/create-react-app"},
      {"the JSON library for Arduino", "bblanchon/ArduinoJson"},
      {"the curated list of awesome Python frameworks", "vinta/awesome-python"},
      {"the Keras GAN implementations", "sebastianmay/keras-gan"},
      {"the 2019-nCov tracker", "yjlou/2019-nCov"},
      {"my dotfiles repo", "byteblaze/dotfiles"},
      {"the Android sliding up panel library", "umano/AndroidSlidingUpPanel"},
      {"the factory_bot test data library", "thoughtbot/factory_bot"},
      {"the Primer design guidelines", "primerio/design"},
      {"the OpenStreetMap website", "openstreetmap/openstreetmap-website"},
      {"the GitLab shell", "gitlab-org/gitlab-shell"},
      {"the Arch Wiki offline docs", "lahwaacz/arch-wiki-docs"},
      {"the React Native website", "facebook/react-native-website"},
      {"the Keycloak documentation", "keycloak/keycloak-documentation"},
      {"the TensorFlow GAN examples", "amyhuang/tensorflow-gan-examples"},
  };
  auto described = [](const std::string& phrase) { return Lookup(kDescribed, phrase); };

  {  // 329: SSH clone command
    TemplateFamily f =
        Family(329, "Show me the command to clone {{repo}} with SSH.", {"string_match"},
               json{{"repo", "the best GAN python implementation"}});
    std::vector<json> options;
    for (const auto& [d, full] : kDescribed) options.push_back(json{{"repo", d}});
    f.sample = SampleFromList(options);
    auto command = [described](const json& p, Db& db) -> Result<std::pair<ProjRef, std::string>> {
      const std::string full = described(Str(p, "repo"));
      if (full.empty()) return NotFound("no project described as " + Str(p, "repo"));
      auto proj = ProjectByFull(db, full);
      if (!proj.ok()) return proj.status();
      return std::make_pair(*proj,
                            "git clone " + std::string(kGitlabSshBase) + proj->Full() + ".git");
    };
    f.build = [command](const json& p, Db& db) -> Result<Task> {
      auto c = command(p, db);
      if (!c.ok()) return c.status();
      Task t = GitlabTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kFuzzyMatch, {c->second})};
      return t;
    };
    f.oracle = [command](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = command(p, db);
      if (!c.ok()) return c.status();
      std::vector<OracleOp> ops = OpenProject(c->first);
      ops.push_back(
          {K::kExit, "", "", c->second, "# Note: the 'Clone with SSH' box holds the URL"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // Contributor rankings (by commits) of a project.
  auto ranking = [](Db& db,
                    const ProjRef& p) -> Result<std::vector<std::pair<std::string, int64_t>>> {
    std::vector<std::pair<std::string, int64_t>> out;
    WA_RETURN_IF_ERROR(db.Query(
        "SELECT author_name, COUNT(*) FROM commits WHERE project_id = ? GROUP BY author_name "
        "ORDER BY COUNT(*) DESC, author_name",
        {p.id}, [&](const Row& r) { out.emplace_back(r.Text(0), r.Int(1)); }));
    return out;
  };
  static const std::vector<std::pair<const char*, const char*>> kShortNames = {
      {"Pytorch GAN", "eriklindernoren/PyTorch-GAN"},
      {"2019-nCov", "yjlou/2019-nCov"},
      {"ffmpeg-python", "kkroening/ffmpeg-python"},
      {"keycloak", "keycloak/keycloak"},
      {"create-react-app", "facebook/create-react-app"},
      {"AndroidAsync", "koush/AndroidAsync"},
      {"administrate", "thoughtbot/administrate"},
      {"a11yproject", "a11yproject/a11yproject.com"},
      {"ArduinoJson", "bblanchon/ArduinoJson"},
      {"awesome-python", "vinta/awesome-python"},
      {"Keras GAN", "sebastianmay/keras-gan"},
      {"AndroidSlidingUpPanel", "umano/AndroidSlidingUpPanel"},
      {"PHP_XLSXWriter", "mk-j/PHP_XLSXWriter"},
      {"factory_bot", "thoughtbot/factory_bot"},
      {"Primer design", "primerio/design"},
      {"openstreetmap-website", "openstreetmap/openstreetmap-website"},
      {"TensorFlow GAN examples", "amyhuang/tensorflow-gan-examples"},
      {"react-native-website", "facebook/react-native-website"},
      {"keycloak-documentation", "keycloak/keycloak-documentation"},
  };
  auto short_name = [](const std::string& s) { return Lookup(kShortNames, s); };

  {  // 323: the top contributor
    TemplateFamily f = Family(323,
                              "Tell me who has made the most contributions, in terms of number "
                              "of commits, to the {{repo}} project",
                              {"string_match"}, json{{"repo", "Pytorch GAN"}});
    std::vector<json> options;
    for (const auto& [n, full] : kShortNames) options.push_back(json{{"repo", n}});
    f.sample = SampleFromList(options);
    auto top = [ranking, short_name](const json& p,
                                     Db& db) -> Result<std::pair<ProjRef, std::string>> {
      auto proj = ProjectByFull(db, short_name(Str(p, "repo")));
      if (!proj.ok()) return proj.status();
      auto r = ranking(db, *proj);
      if (!r.ok()) return r.status();
      if (r->empty()) return NotFound("no commits");
      if (r->size() > 1 && (*r)[0].second == (*r)[1].second) return NotFound("tied ranking");
      return std::make_pair(*proj, (*r)[0].first);
    };
    f.build = [top](const json& p, Db& db) -> Result<Task> {
      auto x = top(p, db);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kFuzzyMatch, {x->second})};
      return t;
    };
    f.oracle = [top](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto x = top(p, db);
      if (!x.ok()) return x.status();
      std::vector<OracleOp> ops = OpenProject(x->first);
      ops.push_back(Sidebar("shortcuts-contributors", "Contributors"));
      ops.push_back(
          {K::kExit, "", "", x->second, "# Note: the first contributor has the most commits"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 324: names of the top three contributors
    TemplateFamily f =
        Family(324,
               "List the {{attribute}} of the top 3 contributors to {{repo}} repo, "
               "ranked by the number of commits?",
               {"string_match"}, json{{"repo", "2019-nCov"}, {"attribute", "last names"}});
    f.sample = [ranking, short_name](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        const auto& [n, full] = kShortNames[rng.Uniform(kShortNames.size())];
        auto proj = ProjectByFull(db, full);
        if (!proj.ok()) return proj.status();
        auto r = ranking(db, *proj);
        if (!r.ok()) return r.status();
        if (r->size() < 4 || (*r)[2].second == (*r)[3].second) continue;
        static const char* kAttrs[] = {"last names", "first names", "full names"};
        (void)short_name;
        return json{{"repo", n}, {"attribute", kAttrs[rng.Uniform(3)]}};
      }
      return NotFound("no project with a clear top 3");
    };
    auto names = [ranking, short_name](
                     const json& p,
                     Db& db) -> Result<std::pair<ProjRef, std::vector<std::string>>> {
      auto proj = ProjectByFull(db, short_name(Str(p, "repo")));
      if (!proj.ok()) return proj.status();
      auto r = ranking(db, *proj);
      if (!r.ok()) return r.status();
      if (r->size() < 3) return NotFound("fewer than 3 contributors");
      std::vector<std::string> out;
      const std::string a = Str(p, "attribute");
      for (int i = 0; i < 3; ++i) {
        const std::string& n = (*r)[i].first;
        out.push_back(a == "last names" ? LastWord(n) : a == "first names" ? FirstWord(n) : n);
      }
      return std::make_pair(*proj, out);
    };
    f.build = [names](const json& p, Db& db) -> Result<Task> {
      auto x = names(p, db);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kMustInclude, x->second)};
      return t;
    };
    f.oracle = [names](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto x = names(p, db);
      if (!x.ok()) return x.status();
      std::vector<OracleOp> ops = OpenProject(x->first);
      ops.push_back(Sidebar("shortcuts-contributors", "Contributors"));
      ops.push_back({K::kExit, "", "", x->second[0] + ", " + x->second[1] + ", " + x->second[2],
                     "# Note: the first three contributors"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 298: who else has access to one of my repos
    TemplateFamily f =
        Family(298, "Who else have access to my repo {{repo}}, show me their usernames",
               {"string_match"}, json{{"repo", "gimmiethat.space"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<std::string> names;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT p.name FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
          "n.user_id = ? AND (SELECT COUNT(*) FROM members m WHERE m.project_id = p.id) > 1 "
          "ORDER BY p.id",
          {kGitlabUserId}, [&](const Row& r) { names.push_back(r.Text(0)); }));
      if (names.empty()) return NotFound("no shared projects");
      return json{{"repo", names[rng.Uniform(names.size())]}};
    };
    auto others = [](const json& p,
                     Db& db) -> Result<std::pair<ProjRef, std::vector<std::string>>> {
      auto proj = ProjectByFull(db, std::string(kGitlabUser) + "/" + Str(p, "repo"));
      if (!proj.ok()) return proj.status();
      std::vector<std::string> out;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT u.username FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id = "
          "? AND u.id != ? ORDER BY u.id",
          {proj->id, kGitlabUserId}, [&](const Row& r) { out.push_back(r.Text(0)); }));
      if (out.empty()) return NotFound("nobody else has access");
      return std::make_pair(*proj, out);
    };
    f.build = [others](const json& p, Db& db) -> Result<Task> {
      auto x = others(p, db);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kMustInclude, x->second)};
      return t;
    };
    f.oracle = [others](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto x = others(p, db);
      if (!x.ok()) return x.status();
      std::string answer;
      for (const std::string& s : x->second) answer += (answer.empty() ? "" : ", ") + s;
      std::vector<OracleOp> ops = OpenProject(x->first);
      ops.push_back(Sidebar("shortcuts-members", "Members"));
      ops.push_back({K::kExit, "", "", answer, "# Note: the members other than me"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // Merge requests with a topic: (project full path, iid, topic).
  struct TopicMr {
    std::string full, title, author, author_name;
    int64_t id = 0, iid = 0;
    bool review_me = false;
    std::string last_note_author;
  };
  auto topic_mrs = [](Db& db) -> Result<std::vector<TopicMr>> {
    std::vector<TopicMr> out;
    WA_RETURN_IF_ERROR(db.Query(
        "SELECT n.path || '/' || p.path, m.title, u.username, u.name, m.id, m.iid, EXISTS "
        "(SELECT 1 FROM mr_reviewers r WHERE r.mr_id = m.id AND r.user_id = ?), COALESCE((SELECT "
        "a.username FROM notes x JOIN users a ON a.id = x.author_id WHERE x.target_type = 'mr' "
        "AND x.target_id = m.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1), ''), m.topic FROM "
        "merge_requests m JOIN projects p ON p.id = m.project_id JOIN namespaces n ON n.id = "
        "p.namespace_id JOIN users u ON u.id = m.author_id WHERE m.topic != '' ORDER BY m.id",
        {kGitlabUserId}, [&](const Row& r) {
          TopicMr t;
          t.full = r.Text(0);
          t.title = r.Text(1);
          t.author = r.Text(2);
          t.author_name = r.Text(3);
          t.id = r.Int(4);
          t.iid = r.Int(5);
          t.review_me = r.Int(6) != 0;
          t.last_note_author = r.Text(7);
          t.title = r.Text(1) + "\x1f" + r.Text(8);  // title and topic
          out.push_back(std::move(t));
        }));
    return out;
  };
  auto split_title = [](const TopicMr& m) {
    size_t s = m.title.find('\x1f');
    return std::make_pair(m.title.substr(0, s), m.title.substr(s + 1));
  };
  auto topic_word = [](const std::string& topic) {
    return topic == "color utility" ? std::string("color ulitity") : topic;
  };
  auto open_mr = [split_title](const TopicMr& m, Db& db) -> Result<std::vector<OracleOp>> {
    auto proj = ProjectByFull(db, m.full);
    if (!proj.ok()) return proj.status();
    std::vector<OracleOp> ops = OpenProject(*proj);
    ops.push_back(Sidebar("shortcuts-merge_requests", "Merge requests"));
    ops.push_back({K::kSearch, "#filtered-search-issues", "", split_title(m).first,
                   "# Note: looking for the one about " + split_title(m).second +
                       "\n# Element: the search box"});
    ops.push_back({K::kClick, "a.issue-title-text", split_title(m).first, "",
                   "# Element: the merge request '" + split_title(m).first + "'"});
    return ops;
  };

  {  // 348: comment on a merge request about a topic
    TemplateFamily f = Family(
        348, "Post \"{{content}}\" for the merge request related to {{mr}} in {{repo}} project",
        {"program_html"},
        json{{"mr", "color ulitity"}, {"repo", "a11yproject.com"}, {"content", "Good idea"}});
    f.sample = [topic_mrs, split_title, topic_word](Db& db, Rng& rng) -> Result<json> {
      auto mrs = topic_mrs(db);
      if (!mrs.ok()) return mrs.status();
      if (mrs->empty()) return NotFound("no merge requests with topics");
      static const char* kContents[] = {"Good idea",        "lgtm",
                                        "Thanks for this!", "Please rebase",
                                        "Nice work",        "Can we add tests?",
                                        "Looks good to me", "Will review soon"};
      const TopicMr& m = (*mrs)[rng.Uniform(mrs->size())];
      auto proj = ProjectByFull(db, m.full);
      if (!proj.ok()) return proj.status();
      return json{{"mr", topic_word(split_title(m).second)},
                  {"repo", proj->name},
                  {"content", kContents[rng.Uniform(std::size(kContents))]}};
    };
    auto find = [topic_mrs, split_title, topic_word](const json& p, Db& db) -> Result<TopicMr> {
      auto mrs = topic_mrs(db);
      if (!mrs.ok()) return mrs.status();
      for (const TopicMr& m : *mrs) {
        auto proj = ProjectByFull(db, m.full);
        if (!proj.ok()) return proj.status();
        if (topic_word(split_title(m).second) == Str(p, "mr") && proj->name == Str(p, "repo")) {
          return m;
        }
      }
      return NotFound("no merge request about " + Str(p, "mr"));
    };
    f.build = [find](const json& p, Db& db) -> Result<Task> {
      auto m = find(p, db);
      if (!m.ok()) return m.status();
      Task t = GitlabTask();
      t.eval.reference_url =
          "__GITLAB__/" + m->full + "/-/merge_requests/" + std::to_string(m->iid);
      ProgramHtmlTarget target = Target(
          "last",
          "document.querySelector('[id=\"notes-list\"').lastElementChild.querySelector('.timeline-"
          "discussion-body').outerText",
          SK::kMustInclude, {Str(p, "content")});
      target.required_contents[0].value_was_string = true;
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [find, open_mr](const Task&, const json& p,
                               Db& db) -> Result<std::vector<OracleOp>> {
      auto m = find(p, db);
      if (!m.ok()) return m.status();
      auto ops = open_mr(*m, db);
      if (!ops.ok()) return ops.status();
      ops->push_back({K::kType, "#note-body", "", Str(p, "content"), "# Element: the comment box"});
      ops->push_back({K::kClick, ".js-comment-button", "", "", "# Element: 'Comment'"});
      ops->push_back({K::kExit, "", "", "", "# Note: the comment is posted"});
      return *ops;
    };
    out.push_back(std::move(f));
  }

  {  // 360: reply to a merge request I review depending on who spoke last
    TemplateFamily f = Family(
        360,
        "Go to the merge request on {{topic}} I have to review, find if the author of the merge "
        "request responded at the end, and reply \"Thank you\" if he did. Otherwise remind him "
        "with a simple @.",
        {"program_html"}, json{{"topic", "verification functions"}});
    f.sample = [topic_mrs, split_title](Db& db, Rng& rng) -> Result<json> {
      auto mrs = topic_mrs(db);
      if (!mrs.ok()) return mrs.status();
      std::vector<std::string> topics;
      for (const TopicMr& m : *mrs) {
        if (m.review_me) topics.push_back(split_title(m).second);
      }
      if (topics.empty()) return NotFound("nothing to review");
      return json{{"topic", topics[rng.Uniform(topics.size())]}};
    };
    auto find = [topic_mrs, split_title](const json& p, Db& db) -> Result<TopicMr> {
      auto mrs = topic_mrs(db);
      if (!mrs.ok()) return mrs.status();
      for (const TopicMr& m : *mrs) {
        if (m.review_me && split_title(m).second == Str(p, "topic")) return m;
      }
      return NotFound("no merge request to review about " + Str(p, "topic"));
    };
    f.build = [find](const json& p, Db& db) -> Result<Task> {
      auto m = find(p, db);
      if (!m.ok()) return m.status();
      const bool responded = m->last_note_author == m->author;
      Task t = GitlabTask();
      t.eval.program_html = {Target(
          "__GITLAB__/" + m->full + "/-/merge_requests/" + std::to_string(m->iid),
          "document.querySelector('[id=\"notes-list\"').lastElementChild.querySelector('.timeline-"
          "discussion-body').outerText",
          SK::kMustInclude, {responded ? "Thank you" : "@" + m->author})};
      return t;
    };
    f.oracle = [find, split_title](const Task&, const json& p,
                                   Db& db) -> Result<std::vector<OracleOp>> {
      auto m = find(p, db);
      if (!m.ok()) return m.status();
      const bool responded = m->last_note_author == m->author;
      const std::string reply = responded ? "Thank you" : "@" + m->author;
      return std::vector<OracleOp>{
          {K::kClick, "a.dashboard-shortcuts-review_requests", "", "",
           "# Element: 'Review requests' in the top bar"},
          {K::kClick, "a.issue-title-text", split_title(*m).first, "",
           "# Element: the merge request on " + Str(p, "topic")},
          {K::kType, "#note-body", "", reply,
           responded ? "# Note: the author, " + m->author_name +
                           ", wrote the last comment\n# Element: the comment box"
                     : "# Note: the last comment is not by the author, " + m->author_name +
                           "\n# Element: the comment box"},
          {K::kClick, ".js-comment-button", "", "", "# Element: 'Comment'"},
          {K::kExit, "", "", "", "# Note: replied"}};
    };
    out.push_back(std::move(f));
  }

  {  // 361: set my status
    TemplateFamily f = Family(361, "Set my gitlab status as {{status}}.", {"program_html"},
                              json{{"status", "Enjoying life"}});
    f.sample = SampleFromList({json{{"status", "Busy"}},
                               json{{"status", "Out of office"}},
                               json{{"status", "On vacation"}},
                               json{{"status", "Working remotely"}},
                               json{{"status", "In a meeting"}},
                               json{{"status", "Focusing"}},
                               json{{"status", "Back next week"}},
                               json{{"status", "Reviewing merge requests"}},
                               json{{"status", "Learning Rust"}},
                               json{{"status", "Sick today"}},
                               json{{"status", "Available for pairing"}},
                               json{{"status", "At a conference"}},
                               json{{"status", "Commuting"}},
                               json{{"status", "Writing docs"}},
                               json{{"status", "Parental leave"}},
                               json{{"status", "Do not disturb"}},
                               json{{"status", "Hacking on accessibility"}},
                               json{{"status", "Happy Friday"}},
                               json{{"status", "Coffee break"}},
                               json{{"status", "Traveling"}},
                               json{{"status", "Debugging CI"}},
                               json{{"status", "Offline until Monday"}}});
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = GitlabTask();
      t.eval.program_html = {Target("__GITLAB__/byteblaze",
                                    "document.querySelector('.cover-status').lastChild.textContent",
                                    SK::kMustInclude, {Str(p, "status")})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, "a.edit-profile-link", "", "", "# Element: 'Edit profile'"},
          {K::kType, "#user_status_message", "", Str(p, "status"), "# Element: 'Current status'"},
          {K::kClick, "#update-profile-button", "", "", "# Element: 'Update profile settings'"},
          {K::kExit, "", "", "", "# Note: the status is set"}};
    };
    out.push_back(std::move(f));
  }

  {  // 331: website URL
    TemplateFamily f = Family(331, "set the homepage URL on my GitLab profile to {{url}}",
                              {"program_html"}, json{{"url", "https://egg.tart.com"}});
    std::vector<json> options;
    for (const char* host :
         {"byteblaze.dev", "blaze.codes", "a11y.blog", "bytes.example.org", "egg.tart.org",
          "mysite.io", "blaze-portfolio.net", "byteblaze.me", "accessible.design", "webring.club",
          "notes.blaze.dev", "blog.example.com"}) {
      for (const char* scheme : {"https://", "http://"}) {
        options.push_back(json{{"url", std::string(scheme) + host}});
      }
    }
    f.sample = SampleFromList(options);
    f.build = [](const json& p, Db&) -> Result<Task> {
      std::string shown = Str(p, "url");
      for (const char* s : {"https://", "http://"}) {
        if (shown.rfind(s, 0) == 0) shown = shown.substr(std::string(s).size());
      }
      Task t = GitlabTask();
      ProgramHtmlTarget target =
          Target("__GITLAB__/byteblaze",
                 "document.querySelector('.profile-header [itemprop=\"url\"]').outerText",
                 SK::kExactMatch, {shown});
      target.required_contents[0].value_was_string = true;
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, "a.edit-profile-link", "", "", "# Element: 'Edit profile'"},
          {K::kType, "#user_website_url", "", Str(p, "url"), "# Element: 'Website url'"},
          {K::kClick, "#update-profile-button", "", "", "# Element: 'Update profile settings'"},
          {K::kExit, "", "", "", "# Note: the website is saved"}};
    };
    out.push_back(std::move(f));
  }

  static const char* kNewNames[] = {
      "awesome_llm_reading", "llm-papers",   "weekend-hacks",  "rl_experiments", "dotfiles-v2",
      "reading-list",        "web_agents",   "a11y-checklist", "notes-2023",     "tiny-compiler",
      "prompt-library",      "data_viz_lab", "gan-sandbox",    "homelab-config", "recipes",
      "paper_summaries",     "cli-tools",    "side-project",   "blog-drafts",    "ml_baselines",
      "webarena-notes",      "my-first-app", "snippets",       "talks-2023"};

  {  // 292: a new empty repository
    TemplateFamily f = Family(292, "Set up a new, empty repository with the name {{project_name}}?",
                              {"program_html"}, json{{"project_name", "awesome_llm_reading"}});
    std::vector<json> options;
    for (const char* n : kNewNames) options.push_back(json{{"project_name", n}});
    f.sample = SampleFromList(options);
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = GitlabTask();
      t.eval.program_html = {Target("__GITLAB__/byteblaze/" + Str(p, "project_name"), "",
                                    SK::kMustInclude, {Str(p, "project_name")})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, "a.header-new", "", "", "# Element: 'New project'"},
          {K::kType, "#project_name", "", Str(p, "project_name"), "# Element: 'Project name'"},
          {K::kClick, "#create-project-button", "", "", "# Element: 'Create project'"},
          {K::kExit, "", "", "", "# Note: the empty project exists"}};
    };
    out.push_back(std::move(f));
  }

  {  // 294: invite someone to dotfiles as a guest
    TemplateFamily f = Family(294,
                              "{{name}} wants to check my dotfile configurations. Please invite "
                              "him to the repo as a guest.",
                              {"program_html"}, json{{"name", "Vinta"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto proj = ProjectByFull(db, "byteblaze/dotfiles");
      if (!proj.ok()) return proj.status();
      auto members = MemberNames(db, proj->id);
      if (!members.ok()) return members.status();
      std::set<std::string> except = *members;
      for (const Person& p : People()) {
        if (!std::isupper(static_cast<unsigned char>(p.short_[0]))) except.insert(p.username);
      }
      auto who = DrawPeople(rng, 1, except);
      if (who.empty()) return NotFound("everyone is a member");
      return json{{"name", who[0]->short_}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      const Person* who = PersonByShortOrFull(Str(p, "name"));
      if (who == nullptr) return NotFound("nobody called " + Str(p, "name"));
      Task t = GitlabTask();
      t.eval.program_html = {Target(
          "__GITLAB__/byteblaze/dotfiles/-/project_members",
          "func:gitlab_get_project_memeber_role(__page__, '" + std::string(who->username) + "')",
          SK::kMustInclude, {"Guest"})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      const Person* who = PersonByShortOrFull(Str(p, "name"));
      if (who == nullptr) return NotFound("nobody called " + Str(p, "name"));
      auto proj = ProjectByFull(db, "byteblaze/dotfiles");
      if (!proj.ok()) return proj.status();
      std::vector<OracleOp> ops = OpenProject(*proj);
      auto invite = Invite({who->username}, "Guest");
      ops.insert(ops.end(), invite.begin(), invite.end());
      ops.push_back({K::kExit, "", "", "", "# Note: " + std::string(who->full) + " is a guest"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 354: star the most starred projects
    static const char* kNumbers[] = {"one", "two",   "three", "four", "five",
                                     "six", "seven", "eight", "nine", "ten"};
    TemplateFamily f = Family(354, "Star the top {{number}} most stared repos in Gitlab",
                              {"program_html"}, json{{"number", "eight"}});
    std::vector<json> options;
    for (const char* n : kNumbers) options.push_back(json{{"number", n}});
    f.sample = SampleFromList(options);
    auto top = [](const json& p,
                  Db& db) -> Result<std::vector<std::pair<std::string, std::string>>> {
      int n = 0;
      for (int i = 0; i < 10; ++i) {
        if (Str(p, "number") == kNumbers[i]) n = i + 1;
      }
      if (n == 0) return InvalidArgument("unknown number " + Str(p, "number"));
      std::vector<std::pair<std::string, std::string>> out;  // name, full path
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT p.name, n.path || '/' || p.path FROM projects p JOIN namespaces n ON n.id = "
          "p.namespace_id WHERE p.visibility != 'private' ORDER BY (SELECT COUNT(*) FROM stars s "
          "WHERE s.project_id = p.id) DESC, p.id LIMIT ?",
          {n}, [&](const Row& r) { out.emplace_back(r.Text(0), r.Text(1)); }));
      return out;
    };
    f.build = [top](const json& p, Db& db) -> Result<Task> {
      auto t = top(p, db);
      if (!t.ok()) return t.status();
      std::vector<std::string> names;
      for (const auto& [n, full] : *t) names.push_back(n);
      Task task = GitlabTask();
      task.eval.program_html = {
          Target("__GITLAB__/users/byteblaze/starred", "", SK::kMustInclude, names)};
      return task;
    };
    f.oracle = [top](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto t = top(p, db);
      if (!t.ok()) return t.status();
      std::vector<OracleOp> ops = {
          {K::kClick, "a.explore-link", "", "", "# Element: 'Explore' in the top bar"},
          {K::kClick, ".nav-tabs a", "Most starred", "", "# Element: the 'Most starred' tab"}};
      for (const auto& [name, full] : *t) {
        ops.push_back({K::kClick, "form.star-form[action=\"/" + full + "/toggle_star\"] button",
                       "Star", "", "# Element: the 'Star' button of " + name});
      }
      ops.push_back({K::kExit, "", "", "", "# Note: starred the top projects"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 330: follow people
    TemplateFamily f =
        Family(330, "Follow {{account_list}} on Gitlab", {"program_html"},
               json{{"account_list", "['Jakub Klinkovský', 'Koushik', 'Vinta Chen']"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::set<std::string> followed;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT u.username FROM follows f JOIN users u ON u.id = f.followee_id WHERE "
                   "f.follower_id = ?",
                   {kGitlabUserId}, [&](const Row& r) { followed.insert(r.Text(0)); }));
      auto who = DrawPeople(rng, 2 + rng.Uniform(2), followed);
      std::string list = "[";
      for (size_t i = 0; i < who.size(); ++i) {
        list +=
            (i ? ", '" : "'") + std::string(rng.Uniform(2) ? who[i]->full : who[i]->short_) + "'";
      }
      return json{{"account_list", list + "]"}};
    };
    auto people = [](const json& p) -> Result<std::vector<const Person*>> {
      std::vector<const Person*> out;
      for (const std::string& name : QuotedItems(Str(p, "account_list"))) {
        const Person* who = PersonByShortOrFull(name);
        if (who == nullptr) return NotFound("nobody called " + name);
        out.push_back(who);
      }
      if (out.empty()) return InvalidArgument("empty account list");
      return out;
    };
    f.build = [people](const json& p, Db&) -> Result<Task> {
      auto who = people(p);
      if (!who.ok()) return who.status();
      std::vector<std::string> handles;
      for (const Person* w : *who) handles.push_back("@" + std::string(w->username));
      Task t = GitlabTask();
      t.eval.program_html = {Target("__GITLAB__/users/byteblaze/following",
                                    "document.querySelector('.user-profile').outerText",
                                    SK::kMustInclude, handles)};
      return t;
    };
    f.oracle = [people](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto who = people(p);
      if (!who.ok()) return who.status();
      std::vector<OracleOp> ops;
      for (const Person* w : *who) {
        ops.push_back({K::kSearch, "#search", "", w->full, "# Element: the search box"});
        ops.push_back({K::kClick, ".search-filter a", "Users", "", "# Element: the 'Users' tab"});
        ops.push_back({K::kClick,
                       "a.search-result-link[href=\"/" + std::string(w->username) + "\"]", "", "",
                       "# Element: " + std::string(w->full)});
        ops.push_back({K::kClick, ".js-follow-button", "Follow", "", "# Element: 'Follow'"});
      }
      ops.push_back({K::kExit, "", "", "", "# Note: following them all"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 293: invite collaborators to one of my repos
    TemplateFamily f =
        Family(293, "Invite {{collaborator_account_list}} as collaborator to {{repo}} repo",
               {"program_html"},
               json{{"collaborator_account_list", "Jakub Klinkovský and Benoît Blanchon"},
                    {"repo", "gimmiethat.space"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      const OwnProject& own = OwnProjects()[rng.Uniform(OwnProjects().size())];
      auto proj = ProjectByFull(db, std::string(kGitlabUser) + "/" + own.path);
      if (!proj.ok()) return proj.status();
      auto members = MemberNames(db, proj->id);
      if (!members.ok()) return members.status();
      auto who = DrawPeople(rng, 2, *members);
      if (who.size() < 2) return NotFound("too few people");
      return json{{"collaborator_account_list", std::string(who[0]->full) + " and " + who[1]->full},
                  {"repo", proj->name}};
    };
    auto people = [](const json& p) -> Result<std::vector<const Person*>> {
      std::string s = Str(p, "collaborator_account_list");
      size_t a = s.find(" and ");
      if (a == std::string::npos) return InvalidArgument("expected 'A and B'");
      std::vector<const Person*> out;
      for (const std::string& n : {s.substr(0, a), s.substr(a + 5)}) {
        const Person* w = PersonByShortOrFull(n);
        if (w == nullptr) return NotFound("nobody called " + n);
        out.push_back(w);
      }
      return out;
    };
    f.build = [people](const json& p, Db&) -> Result<Task> {
      auto who = people(p);
      if (!who.ok()) return who.status();
      std::vector<std::string> handles;
      for (const Person* w : *who) handles.push_back("@" + std::string(w->username));
      Task t = GitlabTask();
      t.eval.program_html = {Target("__GITLAB__/byteblaze/" + Str(p, "repo") + "/-/project_members",
                                    "", SK::kMustInclude, handles)};
      return t;
    };
    f.oracle = [people](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto who = people(p);
      if (!who.ok()) return who.status();
      auto proj = ProjectByFull(db, "byteblaze/" + Str(p, "repo"));
      if (!proj.ok()) return proj.status();
      std::vector<OracleOp> ops = OpenProject(*proj);
      std::vector<std::string> typed;
      for (const Person* w : *who) typed.push_back(w->username);
      auto invite = Invite(typed, "Developer");
      ops.insert(ops.end(), invite.begin(), invite.end());
      ops.push_back({K::kExit, "", "", "", "# Note: both are members"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 351: add users to one of my repos with a role
    TemplateFamily f = Family(
        351, "Add the following users to my {{repo}} as {{role}}: {{user_list}}", {"program_html"},
        json{{"repo", "GitHub timeline item management extension"},
             {"role", "maintainer"},
             {"user_list", "['abisubramanya27', 'lahwaacz']"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      const OwnProject& own = OwnProjects()[rng.Uniform(OwnProjects().size())];
      auto proj = ProjectByFull(db, std::string(kGitlabUser) + "/" + own.path);
      if (!proj.ok()) return proj.status();
      auto members = MemberNames(db, proj->id);
      if (!members.ok()) return members.status();
      auto who = DrawPeople(rng, 2, *members);
      if (who.size() < 2) return NotFound("too few people");
      static const char* kRoles[] = {"guest", "reporter", "developer", "maintainer"};
      return json{
          {"repo", own.description},
          {"role", kRoles[rng.Uniform(4)]},
          {"user_list", "['" + std::string(who[0]->username) + "', '" + who[1]->username + "']"}};
    };
    auto parse = [](const json& p) -> Result<std::pair<std::string, std::vector<std::string>>> {
      std::string path;
      for (const OwnProject& o : OwnProjects()) {
        if (Str(p, "repo") == o.description) path = o.path;
      }
      if (path.empty()) return NotFound("no project described as " + Str(p, "repo"));
      std::vector<std::string> users = QuotedItems(Str(p, "user_list"));
      if (users.empty()) return InvalidArgument("empty user list");
      return std::make_pair(path, users);
    };
    f.build = [parse](const json& p, Db&) -> Result<Task> {
      auto x = parse(p);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      for (const std::string& u : x->second) {
        t.eval.program_html.push_back(
            Target("__GITLAB__/byteblaze/" + x->first + "/-/project_members",
                   "func:gitlab_get_project_memeber_role(__page__, '" + u + "')", SK::kMustInclude,
                   {AccessName(AccessLevel(Str(p, "role")))}));
      }
      return t;
    };
    f.oracle = [parse](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto x = parse(p);
      if (!x.ok()) return x.status();
      auto proj = ProjectByFull(db, "byteblaze/" + x->first);
      if (!proj.ok()) return proj.status();
      std::vector<OracleOp> ops = OpenProject(*proj);
      auto invite = Invite(x->second, AccessName(AccessLevel(Str(p, "role"))));
      ops.insert(ops.end(), invite.begin(), invite.end());
      ops.push_back({K::kExit, "", "", "", "# Note: added with the role"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 335: open a merge request with a reviewer
    TemplateFamily f = Family(335,
                              "Submit a merge request for {{source_branch}} branch to be merged "
                              "into {{target_branch}} branch, assign {{reviewer}} as the reviewer",
                              {"url_match", "program_html"},
                              json{{"source_branch", "a11yproject.com/redesign"},
                                   {"target_branch", "master"},
                                   {"reviewer", "Roshan Jossy"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      // A branch without an open merge request into the default branch.
      std::vector<std::tuple<std::string, std::string, std::string, int64_t>> options;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT p.name, b.name, p.default_branch, p.id FROM branches b JOIN projects p ON p.id = "
          "b.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE b.name != "
          "p.default_branch AND (n.kind = 'group' OR n.user_id = ?) AND NOT EXISTS (SELECT 1 FROM "
          "merge_requests m WHERE m.project_id = p.id AND m.source_branch = b.name AND m.state = "
          "'opened') AND (SELECT COUNT(*) FROM projects q WHERE q.name = p.name) = 1 ORDER BY "
          "p.id, b.name",
          {kGitlabUserId},
          [&](const Row& r) { options.emplace_back(r.Text(0), r.Text(1), r.Text(2), r.Int(3)); }));
      for (int tries = 0; tries < 100 && !options.empty(); ++tries) {
        const auto& [project, branch, target, pid] = options[rng.Uniform(options.size())];
        std::vector<std::string> reviewers;
        WA_RETURN_IF_ERROR(db.Query(
            "SELECT u.name FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id = "
            "? AND u.id != ? AND (SELECT COUNT(*) FROM users v WHERE v.name = u.name) = 1 ORDER "
            "BY u.id",
            {pid, kGitlabUserId}, [&](const Row& r) { reviewers.push_back(r.Text(0)); }));
        if (reviewers.empty()) continue;
        return json{{"source_branch", project + "/" + branch},
                    {"target_branch", target},
                    {"reviewer", reviewers[rng.Uniform(reviewers.size())]}};
      }
      return NotFound("no branch with a possible reviewer");
    };
    struct MrPlan {
      ProjRef proj;
      std::string source, target, reviewer_username, reviewer_name;
    };
    auto plan = [](const json& p, Db& db) -> Result<MrPlan> {
      const std::string s = Str(p, "source_branch");
      const size_t slash = s.rfind('/');
      if (slash == std::string::npos) return InvalidArgument("expected project/branch");
      MrPlan m;
      auto proj = ProjectByName(db, s.substr(0, slash));
      if (!proj.ok()) return proj.status();
      m.proj = *proj;
      m.source = s.substr(slash + 1);
      // The target is the project's default branch (the published intent says "master" for a
      // project whose default branch is main; its reference checks main).
      m.target = proj->branch;
      m.reviewer_name = Str(p, "reviewer");
      auto u = db.QueryText("SELECT username FROM users WHERE name = ?", {m.reviewer_name});
      if (!u.ok()) return u.status();
      if (u->empty()) return NotFound("no user named " + m.reviewer_name);
      m.reviewer_username = *u;
      return m;
    };
    f.build = [plan](const json& p, Db& db) -> Result<Task> {
      auto m = plan(p, db);
      if (!m.ok()) return m.status();
      Task t = GitlabTask();
      t.eval.reference_url = "__GITLAB__/" + m->proj.Full() + "/-/merge_requests";
      t.eval.url_note = "GOLD in PRED";
      const std::string loc =
          "document.querySelectorAll(\".detail-page-description > a.gl-font-monospace\")";
      ProgramHtmlTarget a = Target("last", loc + "[0].outerText", SK::kExactMatch, {m->source});
      ProgramHtmlTarget b = Target("last", loc + "[1].outerText", SK::kExactMatch, {m->target});
      a.required_contents[0].value_was_string = true;
      b.required_contents[0].value_was_string = true;
      t.eval.program_html = {a, b,
                             Target("last", "document.querySelector('.block.reviewer').outerText",
                                    SK::kMustInclude, {m->reviewer_name})};
      return t;
    };
    f.oracle = [plan](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto m = plan(p, db);
      if (!m.ok()) return m.status();
      std::vector<OracleOp> ops = OpenProject(m->proj);
      ops.push_back(Sidebar("shortcuts-merge_requests", "Merge requests"));
      ops.push_back({K::kClick, "a.new-issuable", "", "", "# Element: 'New merge request'"});
      ops.push_back({K::kSelect, "#merge_request_source_branch", "", m->source,
                     "# Element: the source branch"});
      ops.push_back(
          {K::kSelect, "#merge_request_target_branch", "", m->target,
           "# Note: the default branch is " + m->target + "\n# Element: the target branch"});
      ops.push_back({K::kSelect, "#merge_request_reviewer", "",
                     m->reviewer_name + " @" + m->reviewer_username, "# Element: the reviewer"});
      ops.push_back({K::kClick, "#mr-create-button", "", "", "# Element: 'Create merge request'"});
      ops.push_back({K::kExit, "", "", "", "# Note: the merge request is open"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // 332 / 2100: new projects with members.
  auto member_list = [](Rng& rng) {
    auto who = DrawPeople(rng, 2 + rng.Uniform(2), {});
    std::string s;
    for (size_t i = 0; i < who.size(); ++i) {
      const bool nickname = std::islower(static_cast<unsigned char>(who[i]->short_[0]));
      s += (i ? ", " : "") + std::string(nickname ? who[i]->short_ : who[i]->username);
    }
    return s;
  };
  auto parse_members = [](const std::string& list) -> Result<std::vector<const Person*>> {
    std::vector<const Person*> out;
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      std::string one = list.substr(start, comma - start);
      start = comma + 1;
      while (!one.empty() && one[0] == ' ') one.erase(0, 1);
      if (one.empty()) continue;
      const Person* p = PersonByShortOrFull(one);
      if (p == nullptr) return NotFound("nobody called " + one);
      out.push_back(p);
    }
    return out;
  };
  auto new_project_ops = [](const std::string& name, const std::string& visibility,
                            const std::vector<const Person*>& who) {
    std::vector<OracleOp> ops;
    ops.push_back({K::kType, "#project_name", "", name, "# Element: 'Project name'"});
    ops.push_back({K::kClick, "#project_visibility_level_" + visibility, "", "",
                   "# Element: the '" + visibility + "' visibility level"});
    ops.push_back({K::kClick, "#create-project-button", "", "", "# Element: 'Create project'"});
    std::vector<std::string> typed;
    for (const Person* w : who) typed.push_back(w->username);
    auto invite = Invite(typed, "Developer");
    ops.insert(ops.end(), invite.begin(), invite.end());
    ops.push_back({K::kExit, "", "", "", "# Note: the project has its members"});
    return ops;
  };
  auto member_checks = [](const std::string& path, const std::vector<const Person*>& who) {
    std::vector<std::string> handles;
    for (const Person* w : who) handles.push_back("@" + std::string(w->username));
    return Target("__GITLAB__/byteblaze/" + path + "/-/project_members", "", SK::kMustInclude,
                  handles);
  };

  {  // 332
    TemplateFamily f =
        Family(332,
               "Create a new {{scope}} project \"awesome-llms\" and add "
               "{{account_list}} as members",
               {"program_html"},
               json{{"scope", "public"}, {"account_list", "primer, convexegg, abishek"}});
    f.sample = [member_list](Db&, Rng& rng) -> Result<json> {
      static const char* kScopes[] = {"public", "private", "internal"};
      return json{{"scope", kScopes[rng.Uniform(3)]}, {"account_list", member_list(rng)}};
    };
    f.build = [parse_members, member_checks](const json& p, Db&) -> Result<Task> {
      auto who = parse_members(Str(p, "account_list"));
      if (!who.ok()) return who.status();
      Task t = GitlabTask();
      t.eval.program_html = {
          Target("__GITLAB__/byteblaze/awesome-llms",
                 "document.querySelector('.visibility-icon').getAttribute('title')",
                 SK::kMustInclude, {Str(p, "scope")}),
          member_checks("awesome-llms", *who)};
      return t;
    };
    f.oracle = [parse_members, new_project_ops](const Task&, const json& p,
                                                Db&) -> Result<std::vector<OracleOp>> {
      auto who = parse_members(Str(p, "account_list"));
      if (!who.ok()) return who.status();
      std::vector<OracleOp> ops = {{K::kClick, "a.header-new", "", "", "# Element: 'New project'"}};
      auto more = new_project_ops("awesome-llms", Str(p, "scope"), *who);
      ops.insert(ops.end(), more.begin(), more.end());
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 2100
    TemplateFamily f = Family(2100,
                              "Start a private project {{project_name}} with {{template}} template "
                              "and add {{account_list}} as members",
                              {"program_html"},
                              json{{"project_name", "web_agent_android_xl"},
                                   {"template", "Android"},
                                   {"account_list", "primer, convexegg, abishek"}});
    f.sample = [member_list](Db&, Rng& rng) -> Result<json> {
      const auto& templates = GitlabProjectTemplates();
      const ProjectTemplate& t = templates[rng.Uniform(templates.size())];
      return json{{"project_name", kNewNames[rng.Uniform(std::size(kNewNames))]},
                  {"template", t.name},
                  {"account_list", member_list(rng)}};
    };
    auto tmpl = [](const json& p) -> const ProjectTemplate* {
      for (const ProjectTemplate& t : GitlabProjectTemplates()) {
        if (Str(p, "template") == t.name) return &t;
      }
      return nullptr;
    };
    f.build = [parse_members, member_checks, tmpl](const json& p, Db&) -> Result<Task> {
      auto who = parse_members(Str(p, "account_list"));
      if (!who.ok()) return who.status();
      const ProjectTemplate* t = tmpl(p);
      if (t == nullptr) return NotFound("no template " + Str(p, "template"));
      const std::string path = Str(p, "project_name");
      Task task = GitlabTask();
      task.eval.program_html = {
          Target("__GITLAB__/byteblaze/" + path,
                 "document.querySelector('.visibility-icon').getAttribute('title')",
                 SK::kMustInclude, {"Private"}),
          Target("__GITLAB__/byteblaze/" + path + "/-/commits", "", SK::kMustInclude,
                 {"Initialized from '" + std::string(t->name) + "' project template"}),
          member_checks(path, *who)};
      return task;
    };
    f.oracle = [parse_members, new_project_ops, tmpl](const Task&, const json& p,
                                                      Db&) -> Result<std::vector<OracleOp>> {
      auto who = parse_members(Str(p, "account_list"));
      if (!who.ok()) return who.status();
      const ProjectTemplate* t = tmpl(p);
      if (t == nullptr) return NotFound("no template " + Str(p, "template"));
      std::vector<OracleOp> ops = {
          {K::kClick, "a.header-new", "", "", "# Element: 'New project'"},
          {K::kClick, "a.template-project-link", "", "", "# Element: 'Create from template'"},
          {K::kClick,
           "a.use-template[href=\"/projects/new?tab=template&template=" + std::string(t->slug) +
               "\"]",
           "", "", "# Element: 'Use template' next to " + std::string(t->name)}};
      auto more = new_project_ops(Str(p, "project_name"), "private", *who);
      ops.insert(ops.end(), more.begin(), more.end());
      return ops;
    };
    out.push_back(std::move(f));
  }

  // The repository intents call "a11yproject" and friends.
  auto repo_of = [](Db& db, const std::string& word) -> Result<ProjRef> {
    if (word == "a11yproject") return ProjectByFull(db, "a11yproject/a11yproject.com");
    return ProjectByName(db, word);
  };
  static const std::vector<std::string> kIssueRepos = {
      "a11yproject",  "ffmpeg-python", "keycloak",        "create-react-app", "PyTorch-GAN",
      "administrate", "AndroidAsync",  "2019-nCov",       "ArduinoJson",      "awesome-python",
      "design",       "factory_bot",   "empathy-prompts", "dotfiles"};

  {  // 327: create an issue with an assignee and a due date
    TemplateFamily f = Family(327,
                              "Create an issue in {{repo}} repo with title \"{{issue}}\". Assign "
                              "the issue to {{account}}. Set due date to be {{due}}",
                              {"url_match", "program_html"},
                              json{{"repo", "a11yproject"},
                                   {"issue", "404 for many URLs"},
                                   {"account", "myself"},
                                   {"due", "2030-1-3"}});
    f.sample = [repo_of](Db& db, Rng& rng) -> Result<json> {
      static const char* kTitles[] = {"404 for many URLs",
                                      "Broken images on the blog",
                                      "Add a code of conduct",
                                      "Update the installation guide",
                                      "Fix the footer on mobile",
                                      "Crash when saving",
                                      "Document the release process",
                                      "Improve test coverage",
                                      "Dark mode colors are off",
                                      "Link checker fails on CI"};
      const std::string repo = kIssueRepos[rng.Uniform(kIssueRepos.size())];
      auto proj = repo_of(db, repo);
      if (!proj.ok()) return proj.status();
      std::string account = "myself";
      if (rng.Uniform(3) == 0) {
        auto other = db.QueryText(
            "SELECT u.name FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id = ? "
            "AND u.id != ? ORDER BY u.id LIMIT 1 OFFSET ?",
            {proj->id, kGitlabUserId, static_cast<int64_t>(rng.Uniform(3))});
        if (!other.ok()) return other.status();
        if (!other->empty()) account = *other;
      }
      const int y = 2024 + static_cast<int>(rng.Uniform(7));
      const int m = 1 + static_cast<int>(rng.Uniform(12));
      const int d = 1 + static_cast<int>(rng.Uniform(28));
      return json{{"repo", repo},
                  {"issue", kTitles[rng.Uniform(std::size(kTitles))]},
                  {"account", account},
                  {"due", std::to_string(y) + "-" + std::to_string(m) + "-" + std::to_string(d)}};
    };
    struct IssuePlan {
      ProjRef proj;
      std::string username, name, iso, shown;
    };
    auto plan = [repo_of](const json& p, Db& db) -> Result<IssuePlan> {
      IssuePlan x;
      auto proj = repo_of(db, Str(p, "repo"));
      if (!proj.ok()) return proj.status();
      x.proj = *proj;
      if (Str(p, "account") == "myself") {
        x.username = std::string(kGitlabUser);
        x.name = UserName(db, x.username);
      } else {
        x.name = Str(p, "account");
        auto u = db.QueryText("SELECT username FROM users WHERE name = ?", {x.name});
        if (!u.ok()) return u.status();
        x.username = *u;
      }
      if (x.username.empty()) return NotFound("no account " + Str(p, "account"));
      int y = 0, m = 0, d = 0;
      if (std::sscanf(Str(p, "due").c_str(), "%d-%d-%d", &y, &m, &d) != 3) {
        return InvalidArgument("bad due date");
      }
      char buf[40];
      std::snprintf(buf, sizeof(buf), "%04d-%02d-%02d", y, m, d);
      x.iso = buf;
      static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
      x.shown = std::string(kMonths[m - 1]) + " " + std::to_string(d) + ", " + std::to_string(y);
      return x;
    };
    f.build = [plan](const json& p, Db& db) -> Result<Task> {
      auto x = plan(p, db);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      t.eval.reference_url = "__GITLAB__/" + x->proj.Full() + "/-/issues";
      t.eval.url_note = "GOLD in PRED";
      ProgramHtmlTarget title =
          Target("last", "document.querySelector('[data-qa-selector=\"title_content\"]').outerText",
                 SK::kExactMatch, {Str(p, "issue")});
      title.required_contents[0].value_was_string = true;
      t.eval.program_html = {
          title,
          Target("last", "document.querySelector('[data-testid=\"sidebar-due-date\"').outerText",
                 SK::kMustInclude, {x->shown}),
          Target("last", "document.querySelector('.block.assignee').outerText", SK::kMustInclude,
                 {x->name})};
      return t;
    };
    f.oracle = [plan](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto x = plan(p, db);
      if (!x.ok()) return x.status();
      std::vector<OracleOp> ops = OpenProject(x->proj);
      ops.push_back(Sidebar("shortcuts-issues", "Issues"));
      ops.push_back({K::kClick, "a.new-issuable", "", "", "# Element: 'New issue'"});
      ops.push_back({K::kType, "#issue_title", "", Str(p, "issue"), "# Element: the title"});
      ops.push_back({K::kSelect, "#issue_assignee_id", "", x->name + " @" + x->username,
                     "# Element: the assignee"});
      ops.push_back({K::kType, "#issuable-due-date", "", x->iso, "# Element: the due date"});
      ops.push_back({K::kClick, "#issue-create-button", "", "", "# Element: 'Create issue'"});
      ops.push_back({K::kExit, "", "", "", "# Note: the issue is created"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 999: assign an issue to myself
    TemplateFamily f = Family(
        999, "Assign the issue regarding {{issue}} in {{repo}} to {{account}}.", {"program_html"},
        json{{"repo", "a11yproject"}, {"issue", "404"}, {"account", "myself"}});
    // Open, unassigned issues whose title is unique in their project.
    auto candidates =
        [repo_of](Db& db) -> Result<std::vector<std::pair<std::string, std::string>>> {
      std::vector<std::pair<std::string, std::string>> out;  // repo word, title
      for (const std::string& repo : kIssueRepos) {
        auto proj = repo_of(db, repo);
        if (!proj.ok()) return proj.status();
        WA_RETURN_IF_ERROR(db.Query(
            "SELECT i.title FROM issues i WHERE i.project_id = ? AND i.state = 'opened' AND NOT "
            "EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id) AND (SELECT COUNT(*) "
            "FROM issues j WHERE j.project_id = i.project_id AND j.title LIKE '%' || i.title || "
            "'%') = 1 ORDER BY i.id",
            {proj->id}, [&](const Row& r) { out.emplace_back(repo, r.Text(0)); }));
      }
      return out;
    };
    f.sample = [candidates](Db& db, Rng& rng) -> Result<json> {
      auto c = candidates(db);
      if (!c.ok()) return c.status();
      for (int tries = 0; tries < 100 && !c->empty(); ++tries) {
        const auto& [repo, title] = (*c)[rng.Uniform(c->size())];
        if (title.find("404") != std::string::npos) continue;  // the published issue
        // Not a title already on my assigned-issues dashboard (the check reads that page).
        auto mine = db.QueryInt(
            "SELECT COUNT(*) FROM issues i JOIN issue_assignees a ON a.issue_id = i.id WHERE "
            "a.user_id = ? AND i.state = 'opened' AND i.title LIKE ?",
            {kGitlabUserId, "%" + title + "%"});
        if (!mine.ok()) return mine.status();
        if (*mine > 0) continue;
        return json{{"repo", repo}, {"issue", Lower(title)}, {"account", "myself"}};
      }
      return NotFound("no unassigned issue to sample");
    };
    auto find = [repo_of](const json& p, Db& db) -> Result<std::pair<ProjRef, std::string>> {
      auto proj = repo_of(db, Str(p, "repo"));
      if (!proj.ok()) return proj.status();
      std::vector<std::string> titles;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT title FROM issues WHERE project_id = ? AND state = 'opened' AND title LIKE ? "
          "ORDER BY id",
          {proj->id, "%" + Str(p, "issue") + "%"},
          [&](const Row& r) { titles.push_back(r.Text(0)); }));
      if (titles.size() != 1) {
        return NotFound(std::to_string(titles.size()) + " open issues match " + Str(p, "issue"));
      }
      return std::make_pair(*proj, titles[0]);
    };
    f.build = [find](const json& p, Db& db) -> Result<Task> {
      auto x = find(p, db);
      if (!x.ok()) return x.status();
      Task t = GitlabTask();
      t.eval.program_html = {
          Target("__GITLAB__/dashboard/issues?scope=all&state=opened&assignee_username=byteblaze",
                 "", SK::kMustInclude, {x->second})};
      return t;
    };
    f.oracle = [find](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto x = find(p, db);
      if (!x.ok()) return x.status();
      std::vector<OracleOp> ops = OpenProject(x->first);
      ops.push_back(Sidebar("shortcuts-issues", "Issues"));
      ops.push_back({K::kSearch, "#filtered-search-issues", "", Str(p, "issue"),
                     "# Element: the search box"});
      ops.push_back({K::kClick, "a.issue-title-text", x->second, "",
                     "# Element: the issue '" + x->second + "'"});
      ops.push_back({K::kClick, "button.assign-yourself", "", "", "# Element: 'assign yourself'"});
      ops.push_back({K::kExit, "", "", "", "# Note: the issue is assigned to me"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  return out;
}

}  // namespace wa
