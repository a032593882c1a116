#include <set>

#include "sim/env.h"
#include "sim/evaluator.h"
#include "sim/locator.h"
#include "sim/site.h"
#include "sim/sites/gitlab_data.h"
#include "sim/task.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

using testing::Act;
using testing::ElementAfter;
using testing::ElementBefore;

Db& GitlabDb(Env* env) {
  StepResult r;
  REQUIRE(env->Reset("__GITLAB__", 1, &r).ok());
  return *env->browser().site("gitlab")->db;
}

std::string Eval(Env& env, const std::string& locator) {
  return testing::EvalLocator(env, locator);
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

int64_t Count(Db& db, const std::string& sql, std::initializer_list<SqlParam> params = {}) {
  auto n = db.QueryInt(sql, params);
  REQUIRE(n.ok());
  return *n;
}

std::vector<std::string> Column(Db& db, const std::string& sql,
                                std::initializer_list<SqlParam> params = {}) {
  std::vector<std::string> out;
  REQUIRE(db.Query(sql, params, [&](const Row& r) { out.push_back(r.Text(0)); }).ok());
  return out;
}

int64_t ProjectId(Db& db, const std::string& ns, const std::string& path) {
  return Count(db,
               "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
               "n.path = ? AND p.path = ?",
               {ns, path});
}

// The facts the published GitLab answers read, for one seed.
void CheckPublishedFacts(Db& db) {
  CHECK(Count(db, "SELECT COUNT(*) FROM projects") >= 150);
  CHECK(Count(db, "SELECT COUNT(*) FROM users") >= 200);
  CHECK(Count(db, "SELECT COUNT(*) FROM namespaces WHERE kind = 'group'") >= 5);
  CHECK(Count(db, "SELECT COUNT(*) FROM commits") >= 3000);
  for (const char* table : {"issues", "merge_requests", "notes", "labels", "members", "stars",
                            "follows", "todos", "tokens", "branches", "files"}) {
    INFO(table);
    CHECK(Count(db, std::string("SELECT COUNT(*) FROM ") + table) > 0);
  }
  CHECK(Count(db, "SELECT COUNT(*) FROM issues WHERE milestone != ''") > 0);
  CHECK(Count(db, "SELECT COUNT(*) FROM issues WHERE due_date != ''") > 0);
  // The eight most starred projects, in order, and none starred by the account.
  CHECK(Column(db,
               "SELECT p.name FROM projects p ORDER BY (SELECT COUNT(*) FROM stars s WHERE "
               "s.project_id = p.id) DESC, p.id LIMIT 8") ==
        std::vector<std::string>{"AndroidSlidingUpPanel", "create-react-app", "ffmpeg-python",
                                 "PHP_XLSXWriter", "AndroidAsync", "PyTorch-GAN", "administrate",
                                 "keycloak"});
  CHECK(Count(db,
              "SELECT COUNT(*) FROM stars WHERE user_id = ? AND project_id IN (SELECT p.id FROM "
              "projects p ORDER BY (SELECT COUNT(*) FROM stars s WHERE s.project_id = p.id) DESC "
              "LIMIT 10)",
              {kGitlabUserId}) == 0);
  // The account's contributions with the most stars: a11yproject.com and Primer / design.
  CHECK(Column(db,
               "SELECT p.name FROM projects p WHERE p.id IN (SELECT project_id FROM commits "
               "WHERE author_id = ?1 UNION SELECT project_id FROM issues WHERE author_id = ?1 "
               "UNION SELECT project_id FROM merge_requests WHERE author_id = ?1) AND (SELECT "
               "COUNT(*) FROM stars s WHERE s.project_id = p.id) = (SELECT MAX(c) FROM (SELECT "
               "(SELECT COUNT(*) FROM stars s WHERE s.project_id = q.id) AS c FROM projects q "
               "WHERE q.id IN (SELECT project_id FROM commits WHERE author_id = ?1 UNION SELECT "
               "project_id FROM issues WHERE author_id = ?1 UNION SELECT project_id FROM "
               "merge_requests WHERE author_id = ?1))) ORDER BY p.id",
               {kGitlabUserId}) == std::vector<std::string>{"a11yproject.com", "design"});
  // Contributor rankings.
  auto ranking = [&](const char* ns, const char* path) {
    return Column(db,
                  "SELECT author_name FROM commits WHERE project_id = ? GROUP BY author_name "
                  "ORDER BY COUNT(*) DESC LIMIT 3",
                  {ProjectId(db, ns, path)});
  };
  CHECK(ranking("eriklindernoren", "PyTorch-GAN")[0] == "Erik Linder-Norén");
  CHECK(ranking("yjlou", "2019-nCov") ==
        std::vector<std::string>{"Yi-Jun Lo", "Ting-Yu Chen", "Wei-Lun Chu"});
  // Commits on days in a11yproject.com.
  const int64_t a11y = ProjectId(db, "a11yproject", "a11yproject.com");
  auto on = [&](const char* author, const char* day) {
    return Count(db,
                 "SELECT COUNT(*) FROM commits WHERE project_id = ? AND author_name = ? AND "
                 "date(authored_at, 'unixepoch') = ?",
                 {a11y, author, day});
  };
  CHECK(on("Kilian Valkhof", "2023-03-05") == 1);
  CHECK(on("Kilian Valkhof", "2023-01-03") + on("Eric Bailey", "2023-01-03") == 0);
  CHECK(Count(db,
              "SELECT COUNT(*) FROM commits WHERE project_id = ? AND date(authored_at, "
              "'unixepoch') = '2023-01-03'",
              {a11y}) > 0);
  // Issues the tasks open.
  CHECK(Column(db, "SELECT state || ' ' || title FROM issues WHERE project_id = ? AND iid = 719",
               {a11y}) ==
        std::vector<std::string>{"closed Homepage content: update the hero text"});
  CHECK(Column(db, "SELECT state FROM issues WHERE project_id = ? AND iid = 8",
               {ProjectId(db, "byteblaze", "empathy-prompts")}) ==
        std::vector<std::string>{"opened"});
  CHECK(Column(db,
               "SELECT n.path || '/' || p.path || '#' || i.iid FROM issues i JOIN projects p ON "
               "p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE i.author_id "
               "= ? AND i.title LIKE '%better%' ORDER BY i.updated_at DESC LIMIT 1",
               {kGitlabUserId}) == std::vector<std::string>{"byteblaze/empathy-prompts#8"});
  CHECK(Column(db,
               "SELECT i.iid FROM issues i WHERE i.author_id = ? AND i.title LIKE '%homepage "
               "content%' ORDER BY i.created_at DESC LIMIT 1",
               {kGitlabUserId}) == std::vector<std::string>{"719"});
  CHECK(Count(db,
              "SELECT COUNT(*) FROM issues WHERE project_id = ? AND title = '404s, bad host, "
              "timeouts, bad urls for URLs linked from website' AND state = 'opened'",
              {a11y}) == 1);
  // Merge requests and members.
  CHECK(Column(db, "SELECT topic FROM merge_requests WHERE project_id = ? AND iid = 1071",
               {a11y}) == std::vector<std::string>{"color utility"});
  const int64_t mr40 = Count(db, "SELECT id FROM merge_requests WHERE project_id = ? AND iid = 40",
                             {ProjectId(db, "byteblaze", "a11y-webring.club")});
  CHECK(Column(db,
               "SELECT u.username FROM notes n JOIN users u ON u.id = n.author_id WHERE "
               "n.target_type = 'mr' AND n.target_id = ? ORDER BY n.created_at DESC LIMIT 1",
               {mr40}) == std::vector<std::string>{"byteblaze"});
  CHECK(Column(db,
               "SELECT u.username FROM members m JOIN users u ON u.id = m.user_id WHERE "
               "m.project_id = ? ORDER BY m.access DESC",
               {ProjectId(db, "byteblaze", "gimmiethat.space")}) ==
        std::vector<std::string>{"byteblaze", "yjlou"});
  CHECK(Column(db, "SELECT feed_token FROM users WHERE id = ?", {kGitlabUserId}) ==
        std::vector<std::string>{std::string(kGitlabFeedToken)});
  for (const char* u : {"vinta", "lahwaacz", "koush", "bblanchon", "abisubramanya27", "primer",
                        "convexegg", "roshanjossey", "davepgreene"}) {
    INFO(u);
    CHECK(Count(db, "SELECT COUNT(*) FROM users WHERE username = ?", {u}) == 1);
  }
}

TEST_CASE("GitLab data: volume and the published facts, for two seeds", "[gitlab]") {
  Env env;
  CheckPublishedFacts(GitlabDb(&env));
  EnvOptions eo;
  eo.sites.seed = 7;
  Env other(eo);
  StepResult r;
  REQUIRE(other.Reset("__GITLAB__", 1, &r).ok());
  Db& db7 = *other.browser().site("gitlab")->db;
  CheckPublishedFacts(db7);
  // The seed changes the data within the fixed structure.
  CHECK(*GitlabDb(&env).QueryText("SELECT group_concat(username) FROM users", {}) !=
        *db7.QueryText("SELECT group_concat(username) FROM users", {}));
}

TEST_CASE("GitLab pages carry the DOM hooks of the published locators", "[gitlab]") {
  TemplateFamilies();  // registers gitlab_get_project_memeber_role
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__GITLAB__/eriklindernoren/PyTorch-GAN", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('.visibility-icon').getAttribute('title')")
            .rfind("Public", 0) == 0);
  CHECK(Contains(r.observation, "ssh://git@localhost:9001/eriklindernoren/PyTorch-GAN.git"));
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/merge_requests/1071", 1, &r).ok());
  CHECK(Eval(env,
             "document.querySelectorAll(\".detail-page-description > "
             "a.gl-font-monospace\")[1].outerText") == "main");
  CHECK(Eval(env,
             "document.querySelector('[id=\"notes-list\"').lastElementChild.querySelector('."
             "timeline-discussion-body').outerText") == "Thanks, I will take a look this week.");
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/issues/719", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('[data-qa-selector=\"title_content\"]').outerText") ==
        "Homepage content: update the hero text");
  CHECK(Eval(env, "document.querySelector('[data-testid=\"sidebar-due-date\"').outerText") ==
        "None");
  CHECK(Contains(r.observation, "Closed"));
  // The published label URL lists open 'question' issues only.
  REQUIRE(env.Reset("__GITLAB__/kkroening/ffmpeg-python/-/issues/"
                    "?sort=created_date&state=opened&label_name%5B%5D=question&first_page_size=20",
                    1, &r)
              .ok());
  CHECK(Contains(r.observation, "Does ffmpeg-python support hardware encoding?"));
  CHECK_FALSE(Contains(r.observation, "Question about filter_complex ordering"));  // closed
  CHECK(Contains(r.observation, "Label is question"));
  // The members helper reads the role of an account from the table.
  REQUIRE(env.Reset("__GITLAB__/byteblaze/gimmiethat.space/-/project_members", 1, &r).ok());
  Task t = NewSiteTask("gitlab", "__GITLAB__");
  ProgramHtmlTarget target;
  target.url = "__GITLAB__/byteblaze/gimmiethat.space/-/project_members";
  target.locator = "func:gitlab_get_project_memeber_role(__page__, 'yjlou')";
  target.required_contents = {MakeCheck(StringCheck::Kind::kMustInclude, {"Developer"})};
  t.eval.eval_types = {"program_html"};
  t.eval.program_html = {target};
  CHECK(EvaluateTask(t, &env.browser(), "").score == 1.f);
  t.eval.program_html[0].locator = "func:gitlab_get_project_memeber_role(__page__, 'vinta')";
  CHECK(EvaluateTask(t, &env.browser(), "").score == 0.f);
  // Profile: status (the last child of .cover-status) and the website without its scheme.
  REQUIRE(env.Reset("__GITLAB__/-/profile", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Current status\""), "Enjoying life");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Website url\""), "https://egg.tart.com/");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Update profile settings\""));
  CHECK(Contains(r.observation, "Profile was successfully updated"));
  REQUIRE(env.browser().Navigate(ExpandPlaceholders("__GITLAB__/byteblaze")).ok());
  CHECK(Eval(env, "document.querySelector('.cover-status').lastChild.textContent") ==
        "Enjoying life");
  CHECK(Eval(env, "document.querySelector('.profile-header [itemprop=\"url\"]').outerText") ==
        "egg.tart.com");
}

TEST_CASE("GitLab flows: invite, roles, projects, files, issues, merge requests, follow, star",
          "[gitlab]") {
  Env env;
  StepResult r;
  Db& db = GitlabDb(&env);
  const int64_t dotfiles = ProjectId(db, "byteblaze", "dotfiles");
  auto members = [&](int64_t project) {
    return Count(db, "SELECT COUNT(*) FROM members WHERE project_id = ?", {project});
  };
  // Invite: unknown and ambiguous people are named in the message and nobody is added.
  REQUIRE(env.Reset("__GITLAB__/byteblaze/dotfiles/-/project_members", 1, &r).ok());
  const int64_t before = members(dotfiles);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username or name\""), "nosuchperson");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Invite\""));
  CHECK(Contains(r.observation, "No users match 'nosuchperson'."));
  CHECK(members(dotfiles) == before);
  // By full name, nickname and username at once, as reporters with an expiry date.
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username or name\""),
      "Vinta Chen, abishek and @koush");
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Select a role\""),
      "Reporter");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Access expiration date (optional)\""),
      "2030-1-3");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Invite\""));
  CHECK(Contains(r.observation,
                 "Members were successfully added: @vinta, @abisubramanya27, @koush."));
  CHECK(members(dotfiles) == before + 3);
  CHECK(Count(db,
              "SELECT COUNT(*) FROM members m JOIN users u ON u.id = m.user_id WHERE "
              "m.project_id = ? AND m.access = 20 AND m.expires_at = '2030-01-03'",
              {dotfiles}) == 3);
  CHECK(Contains(r.observation, "Jan 3, 2030"));
  // Inviting a member again is refused; a bad expiry date is refused.
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username or name\""), "vinta");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Invite\""));
  CHECK(Contains(r.observation, "@vinta is already a member."));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username or name\""), "lahwaacz");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Access expiration date (optional)\""),
      "2030-02-30");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Invite\""));
  CHECK(Contains(r.observation, "is not a valid date"));
  CHECK(members(dotfiles) == before + 3);
  // Role change from the table.
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "@vinta"), "Maintainer");
  Act(env, r, "Click", ElementAfter(env, r, "@vinta") + 1);
  CHECK(Contains(r.observation, "Role updated."));
  CHECK(Count(db,
              "SELECT access FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id "
              "= ? AND u.username = 'vinta'",
              {dotfiles}) == 40);

  // New project from a template: private, its files and the template's commit.
  REQUIRE(env.Reset("__GITLAB__/projects/new?tab=template&template=android", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Project name\""), "droid app");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create project\""));
  CHECK(env.browser().url() == "http://localhost:8023/byteblaze/droid-app");
  CHECK(Eval(env, "document.querySelector('.visibility-icon').getAttribute('title')")
            .rfind("Private", 0) == 0);
  CHECK(Contains(r.observation, "settings.gradle"));
  REQUIRE(
      env.browser().Navigate(ExpandPlaceholders("__GITLAB__/byteblaze/droid-app/-/commits")).ok());
  CHECK(Contains(env.browser().page()->doc().OuterHtml(0),
                 "Initialized from 'Android' project template"));
  // The same name again is refused; a private project is invisible when signed out.
  REQUIRE(env.Reset("__GITLAB__/projects/new", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Project name\""), "dotfiles");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create project\""));
  CHECK(Contains(r.observation, "Name has already been taken"));

  // An empty project, then a file and a directory in the web editor.
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Project name\""), "scratch");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create project\""));
  CHECK(Contains(r.observation, "The repository for this project is empty"));
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"New file\""));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"File name\""), "../escape");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Commit changes\""));
  CHECK(Contains(r.observation, "is not valid"));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"File name\""), "README.md");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Content\""), "# Scratch space");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Commit changes\""));
  CHECK(Contains(r.observation, "The file has been successfully created."));
  REQUIRE(env.browser()
              .Navigate(ExpandPlaceholders("__GITLAB__/byteblaze/scratch/-/raw/main/README.md"))
              .ok());
  CHECK(Contains(env.browser().page()->doc().OuterHtml(0), "# Scratch space"));
  REQUIRE(env.browser()
              .Navigate(ExpandPlaceholders("__GITLAB__/byteblaze/scratch/-/new/main?directory=1"))
              .ok());
  env.Step("do(action=\"Wait\")", &r);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Directory name\""), "docs");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create directory\""));
  CHECK(Contains(r.observation, "The directory has been successfully created."));
  CHECK(Count(db,
              "SELECT COUNT(*) FROM commits WHERE project_id = (SELECT id FROM projects WHERE "
              "path = 'scratch')") == 2);

  // Issues: a bad due date is refused; a good one shows in the sidebar.
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/issues/new", 1, &r).ok());
  const int64_t a11y = ProjectId(db, "a11yproject", "a11yproject.com");
  const int64_t issues = Count(db, "SELECT COUNT(*) FROM issues WHERE project_id = ?", {a11y});
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Title (required)\""), "404 for many URLs");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Due date\""), "2030-13-3");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create issue\""));
  CHECK(Contains(r.observation, "is not a valid date"));
  CHECK(Count(db, "SELECT COUNT(*) FROM issues WHERE project_id = ?", {a11y}) == issues);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Title (required)\""), "404 for many URLs");
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Assignee\""),
      "Byte Blaze @byteblaze");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Due date\""), "2030-1-3");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create issue\""));
  CHECK(Eval(env, "document.querySelector('[data-testid=\"sidebar-due-date\"').outerText") ==
        "Jan 3, 2030");
  CHECK(Contains(Eval(env, "document.querySelector('.block.assignee').outerText"), "Byte Blaze"));
  // An empty comment is refused; a comment becomes the last note; closing adds a system note.
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Comment\""));
  CHECK(Contains(r.observation, "Note can't be blank"));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Add a comment\""), "On it");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Comment\""));
  CHECK(Eval(env,
             "document.querySelector('[id=\"notes-list\"').lastElementChild.querySelector('."
             "timeline-discussion-body').outerText") == "On it");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Close issue\""));
  CHECK(Contains(r.observation, "Reopen issue"));

  // Merge requests: the same source and target is refused; a reviewer shows in the sidebar.
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/merge_requests/new", 1, &r).ok());
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Source branch\""),
      "main");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create merge request\""));
  CHECK(Contains(r.observation, "Source and target branch must differ"));
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Source branch\""),
      "redesign");
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Reviewer\""),
      "Roshan Jossy @roshanjossey");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Create merge request\""));
  CHECK(Eval(env,
             "document.querySelectorAll(\".detail-page-description > "
             "a.gl-font-monospace\")[0].outerText") == "redesign");
  CHECK(Contains(Eval(env, "document.querySelector('.block.reviewer').outerText"), "Roshan Jossy"));
  CHECK(Eval(env, "document.querySelector('[data-qa-selector=\"title_content\"]').outerText") ==
        "Redesign");

  // Follow and unfollow; star and unstar.
  REQUIRE(env.Reset("__GITLAB__/vinta", 1, &r).ok());
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Follow\""));
  REQUIRE(env.browser().Navigate(ExpandPlaceholders("__GITLAB__/users/byteblaze/following")).ok());
  CHECK(Contains(Eval(env, "document.querySelector('.user-profile').outerText"), "@vinta"));
  const int64_t cra = ProjectId(db, "facebook", "create-react-app");
  const int64_t stars = Count(db, "SELECT COUNT(*) FROM stars WHERE project_id = ?", {cra});
  REQUIRE(env.Reset("__GITLAB__/facebook/create-react-app", 1, &r).ok());
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Star\""));
  CHECK(Count(db, "SELECT COUNT(*) FROM stars WHERE project_id = ?", {cra}) == stars + 1);
  CHECK(Contains(r.observation, "data-text=\"Unstar\""));
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Unstar\""));
  CHECK(Count(db, "SELECT COUNT(*) FROM stars WHERE project_id = ?", {cra}) == stars);

  // Signed out: a private project is not found, and signing in works.
  EpisodeSpec spec;
  spec.start_urls = {"__GITLAB__/byteblaze/droid-app"};
  spec.logged_in = false;
  REQUIRE(env.Reset(spec, 1, &r).ok());
  CHECK(Contains(r.observation, "Page not found"));
  REQUIRE(env.browser().Navigate(ExpandPlaceholders("__GITLAB__/users/sign_in")).ok());
  env.Step("do(action=\"Wait\")", &r);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username or email\""), "byteblaze");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Password\""), "wrong");
  Act(env, r, "Click", ElementBefore(env, r, "type=\"submit\" data-text=\"Sign in\""));
  CHECK(Contains(r.observation, "Invalid login or password."));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username or email\""), "byteblaze");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Password\""), "hello1234");
  Act(env, r, "Click", ElementBefore(env, r, "type=\"submit\" data-text=\"Sign in\""));
  CHECK(Contains(r.observation, "Your projects"));
}

TEST_CASE("GitLab commit filters, contributors and the dashboards", "[gitlab]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/commits/main?author=Kilian&since="
                    "2023-03-05&until=2023-03-05",
                    1, &r)
              .ok());
  CHECK(Contains(r.observation, "1 commits"));
  CHECK(Contains(r.observation, "Improve contrast of the footer links"));
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/commits/main?since=2023-1-3&until="
                    "2023-01-03",
                    1, &r)
              .ok());
  const std::string day = Eval(env, "document.querySelector('.commit-list').outerText");
  CHECK(Contains(day, "Fix heading order on the resources page"));
  CHECK_FALSE(Contains(day, "Kilian Valkhof"));
  CHECK_FALSE(Contains(day, "Eric Bailey"));
  REQUIRE(env.Reset("__GITLAB__/a11yproject/a11yproject.com/-/commits/main?since=yesterday", 1, &r)
              .ok());
  CHECK(Contains(r.observation, "'yesterday' is not a date"));
  REQUIRE(env.Reset("__GITLAB__/yjlou/2019-nCov/-/graphs/master", 1, &r).ok());
  const size_t lo = r.observation.find("Yi-Jun Lo"), chen = r.observation.find("Ting-Yu Chen"),
               chu = r.observation.find("Wei-Lun Chu");
  CHECK(lo < chen);
  CHECK(chen < chu);
  CHECK(chu != std::string::npos);
  REQUIRE(env.Reset("__GITLAB__/dashboard/merge_requests?reviewer_username=byteblaze", 1, &r).ok());
  CHECK(Contains(r.observation, "Add verification functions for member sites"));
  CHECK_FALSE(Contains(r.observation, "Add color utility classes"));
  REQUIRE(env.Reset("__GITLAB__/dashboard/todos", 1, &r).ok());
  CHECK(Contains(r.observation, "requested a review of"));
  REQUIRE(env.Reset("__GITLAB__/explore/projects/starred", 1, &r).ok());
  CHECK(r.observation.find("AndroidSlidingUpPanel") < r.observation.find("create-react-app"));
  // Unknown pages, branches, issues and files are GitLab's 404.
  for (const char* path : {"/nobody/nothing", "/yjlou/2019-nCov/-/graphs/nobranch",
                           "/yjlou/2019-nCov/-/commits/nobranch", "/yjlou/2019-nCov/-/issues/abc",
                           "/yjlou/2019-nCov/-/raw/master/no/such/file", "/users/nobody/starred"}) {
    INFO(path);
    REQUIRE(env.Reset(std::string("__GITLAB__") + path, 1, &r).ok());
    CHECK(Contains(r.observation, "Page not found"));
  }
}

TEST_CASE("GitLab templates: published intents word for word, train disjoint from test",
          "[gitlab][shared]") {
  testing::CheckPublishedTemplates("gitlab", 30);
}

}  // namespace
}  // namespace wa
