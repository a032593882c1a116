// The GitLab-like code host: a simulated GitLab CE (as WebArena runs it) with GitLab's URL
// structure (/<namespace>/<project>/-/...) and the DOM hooks the published locators read
// (#notes-list .timeline-discussion-body, [data-qa-selector="title_content"], .block.assignee,
// .block.reviewer, [data-testid="sidebar-due-date"], .detail-page-description >
// a.gl-font-monospace, .visibility-icon[title], .cover-status, .profile-header [itemprop="url"],
// .user-profile, the members table read by gitlab_get_project_memeber_role).
#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <memory>
#include <set>

#include "sim/assets.h"
#include "sim/dom.h"
#include "sim/sites/admin_data.h"  // DaysInMonth
#include "sim/sites/gitlab_data.h"
#include "sim/sites/site_util.h"

namespace wa {
namespace {

constexpr int64_t kPageSize = 20;
constexpr int64_t kCommitPageSize = 40;

struct Gitlab {
  TemplateSet templates;
};
using G = std::shared_ptr<const Gitlab>;

struct Proj {
  int64_t id = 0;
  int64_t ns_id = 0;
  std::string ns, ns_name, path, name, description, visibility, branch;
  std::string Full() const { return ns + "/" + path; }
  std::string Base() const { return "/" + Full(); }
};

std::string Age(int64_t t) {
  const int64_t d = kGitlabNow - t;
  auto ago = [](int64_t n, const char* unit) {
    return std::to_string(n) + " " + unit + (n == 1 ? "" : "s") + " ago";
  };
  if (d < 60) return "just now";
  if (d < 3600) return ago(d / 60, "minute");
  if (d < 86400) return ago(d / 3600, "hour");
  if (d < 30 * 86400) return ago(d / 86400, "day");
  if (d < 365 * 86400) return ago(d / (30 * 86400), "month");
  return ago(d / (365 * 86400), "year");
}

std::string VisibilityTitle(const std::string& v) {
  if (v == "public") return "Public - The project can be accessed without any authentication.";
  if (v == "internal") return "Internal - The project can be accessed by any logged in user.";
  return "Private - Project access must be granted explicitly to each user.";
}

std::string Capitalized(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

std::string Trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

// "2030-1-3" / "2030-01-03" -> "2030-01-03"; empty on a bad date.
std::string NormalizeDate(const std::string& text) {
  int y = 0, m = 0, d = 0;
  char a = 0, b = 0;
  std::string t = Trim(text);
  if (t.size() > 10 || std::sscanf(t.c_str(), "%4d%c%2d%c%2d", &y, &a, &m, &b, &d) != 5 || a != b ||
      (a != '-' && a != '/') || y < 1970 || y > 2100 || m < 1 || m > 12 || d < 1 ||
      d > DaysInMonth(y, m)) {
    return "";
  }
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02d", y, m, d);
  return buf;
}

// "2030-01-03" -> "Jan 3, 2030".
std::string DisplayDate(const std::string& iso) {
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (iso.size() != 10) return iso;
  int m = std::atoi(iso.substr(5, 2).c_str()), d = std::atoi(iso.substr(8, 2).c_str());
  if (m < 1 || m > 12) return iso;
  return std::string(kMonths[m - 1]) + " " + std::to_string(d) + ", " + iso.substr(0, 4);
}

// Unix seconds at 00:00 UTC of an ISO date (valid input).
int64_t DayStart(const std::string& iso) {
  int y = std::atoi(iso.substr(0, 4).c_str()), m = std::atoi(iso.substr(5, 2).c_str()),
      d = std::atoi(iso.substr(8, 2).c_str());
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (static_cast<int64_t>(era) * 146097 + static_cast<int64_t>(doe) - 719468) * 86400;
}

std::string WebsiteDisplay(std::string w) {
  for (const char* p : {"https://", "http://"}) {
    if (w.rfind(p, 0) == 0) w = w.substr(std::string(p).size());
  }
  while (!w.empty() && w.back() == '/') w.pop_back();
  return w;
}

void Flash(Response* r, const std::string& message, const std::string& location,
           bool error = false) {
  r->set_cookies.emplace_back("flash", message);
  r->set_cookies.emplace_back("flash_kind", error ? "alert" : "notice");
  r->location = location;
}

Status RequireLogin(Response* r) {
  r->location = "/users/sign_in";
  return Status::Ok();
}

Result<int64_t> Me(SiteContext& ctx) {
  if (ctx.user.empty()) return int64_t{0};
  return ctx.db->QueryInt("SELECT id FROM users WHERE username = ?", {ctx.user}, 0);
}

int64_t PageOf(const Request& req) { return std::max<int64_t>(1, ParseId(req.Param("page"), 1)); }

std::string WithParam(const Request& req, const std::string& key, const std::string& value) {
  QueryParams q = req.query;
  bool found = false;
  for (auto& [k, v] : q) {
    if (k == key) {
      v = value;
      found = true;
    }
  }
  if (!found) q.emplace_back(key, value);
  std::string path = req.url.path.empty() ? "/" : req.url.path;
  return path + "?" + EncodeQuery(q);
}

void Paging(const Request& req, int64_t page, bool more, TemplateData* d) {
  d->set("page", std::to_string(page));
  if (page > 1) d->set("prev", WithParam(req, "page", std::to_string(page - 1)));
  if (more) d->set("next", WithParam(req, "page", std::to_string(page + 1)));
}

Result<std::string> Render(const Gitlab& g, SiteContext& ctx, const Request& req,
                           const std::string& title, const std::string& body_template,
                           const TemplateData& data, Response* resp, const Proj* proj = nullptr,
                           bool settings = false) {
  auto content = g.templates.Render(body_template, data);
  if (!content.ok()) return content.status();
  TemplateData layout;
  layout.set("title", title);
  layout.set("content", std::move(*content));
  layout.set("body_class", "page-" + body_template);
  layout.set("query", req.url.path == "/search" ? req.Param("search") : std::string());
  if (!ctx.user.empty()) {
    layout.set("user", ctx.user);
    auto name = ctx.db->QueryText("SELECT name FROM users WHERE username = ?", {ctx.user});
    if (!name.ok()) return name.status();
    layout.set("user_name", *name);
  }
  if (proj != nullptr) {
    TemplateData p;
    p.set("full_path", proj->Full());
    p.set("name", proj->name);
    p.set("branch", proj->branch);
    auto issues = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'opened'", {proj->id});
    auto mrs = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM merge_requests WHERE project_id = ? AND state = 'opened'",
        {proj->id});
    if (!issues.ok()) return issues.status();
    if (!mrs.ok()) return mrs.status();
    p.set("open_issues", std::to_string(*issues));
    p.set("open_mrs", std::to_string(*mrs));
    layout.set("project", std::move(p));
    layout.set("breadcrumb", proj->ns_name + " / " + proj->name);
  }
  if (settings) layout.set("settings", true);
  if (auto it = req.cookies.find("flash"); it != req.cookies.end() && !it->second.empty()) {
    layout.set("message", it->second);
    auto kind = req.cookies.find("flash_kind");
    layout.set("message_kind", kind != req.cookies.end() ? kind->second : "notice");
    resp->set_cookies.emplace_back("flash", "");
    resp->set_cookies.emplace_back("flash_kind", "");
  }
  return g.templates.Render("layout", layout);
}

Status Respond(Result<std::string> html, Response* r) {
  if (!html.ok()) return html.status();
  r->body = std::move(*html);
  return Status::Ok();
}

// Loads a project by namespace and path; private projects only for members.
Result<Proj> FindProject(SiteContext& ctx, const std::string& ns, const std::string& path) {
  Proj p;
  Status st = ctx.db->Query(
      "SELECT p.id, n.id, n.path, n.name, p.path, p.name, p.description, p.visibility, "
      "p.default_branch FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.path = "
      "? AND p.path = ?",
      {ns, path}, [&](const Row& r) {
        p.id = r.Int(0);
        p.ns_id = r.Int(1);
        p.ns = r.Text(2);
        p.ns_name = r.Text(3);
        p.path = r.Text(4);
        p.name = r.Text(5);
        p.description = r.Text(6);
        p.visibility = r.Text(7);
        p.branch = r.Text(8);
      });
  if (!st.ok()) return st;
  if (p.id == 0)
    return NotFound("The page could not be found or you don't have permission to view it.");
  if (p.visibility == "private") {
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    auto member = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM members WHERE project_id = ? AND user_id = ?", {p.id, *me});
    if (!member.ok()) return member.status();
    if (*member == 0) {
      return NotFound("The page could not be found or you don't have permission to view it.");
    }
  }
  return p;
}

using ProjectHandler = std::function<Status(const Request&, SiteContext&, Response*, const Proj&)>;

// Registers /{ns}/{project}<suffix>; the handler gets the resolved project.
void AddProjectRoute(SiteModel* m, const std::string& method, const std::string& suffix,
                     ProjectHandler h, bool login = false) {
  m->AddRoute(method, "/{ns}/{project}" + suffix,
              [h, login](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (login && ctx.user.empty()) return RequireLogin(r);
                auto p = FindProject(ctx, req.Capture(0), req.Capture(1));
                if (!p.ok()) return p.status();
                return h(req, ctx, r, *p);
              });
}

// Project rows for the list templates. `sql` selects project ids in order.
Result<TemplateList> ProjectRows(SiteContext& ctx, const std::string& sql,
                                 const std::vector<SqlParam>& params, bool* more, int64_t limit,
                                 int64_t me = 0, const std::string& next = "") {
  TemplateList out;
  std::vector<int64_t> ids;
  WA_RETURN_IF_ERROR(
      ctx.db->QueryDynamic(sql, params, [&](const Row& r) { ids.push_back(r.Int(0)); }));
  if (more != nullptr) *more = static_cast<int64_t>(ids.size()) > limit;
  if (static_cast<int64_t>(ids.size()) > limit) ids.resize(static_cast<size_t>(limit));
  for (int64_t id : ids) {
    TemplateData d;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT n.path, n.name, p.path, p.name, p.description, p.visibility, (SELECT COUNT(*) "
        "FROM stars s WHERE s.project_id = p.id), p.last_activity_at FROM projects p JOIN "
        "namespaces n ON n.id = p.namespace_id WHERE p.id = ?",
        {id}, [&](const Row& r) {
          d.set("full_path", r.Text(0) + "/" + r.Text(2));
          d.set("ns_name", r.Text(1));
          d.set("name", r.Text(3));
          d.set("description", r.Text(4));
          d.set("visibility", Capitalized(r.Text(5)));
          d.set("visibility_title", VisibilityTitle(r.Text(5)));
          d.set("stars", std::to_string(r.Int(6)));
          d.set("updated", Age(r.Int(7)));
          if (me != 0) d.set("star_action", "/" + r.Text(0) + "/" + r.Text(2) + "/toggle_star");
        }));
    if (me != 0) {
      auto starred = ctx.db->QueryInt(
          "SELECT COUNT(*) FROM stars WHERE project_id = ? AND user_id = ?", {id, me});
      if (!starred.ok()) return starred.status();
      d.set("star_label", *starred ? "Unstar" : "Star");
      d.set("next", next);
    }
    out.push_back(std::move(d));
  }
  return out;
}

std::string ProjectOrder(const std::string& sort) {
  if (sort == "stars_desc") {
    return "(SELECT COUNT(*) FROM stars s WHERE s.project_id = p.id) DESC, p.id";
  }
  if (sort == "name_asc") return "LOWER(p.name), p.id";
  if (sort == "name_desc") return "LOWER(p.name) DESC, p.id";
  if (sort == "created_desc") return "p.created_at DESC, p.id DESC";
  if (sort == "created_asc") return "p.created_at, p.id";
  return "p.last_activity_at DESC, p.id DESC";
}

// A filtered, sorted, paged project list page.
Status ProjectListPage(const Gitlab& g, SiteContext& ctx, const Request& req, Response* r,
                       const std::string& heading, const std::string& where,
                       const std::vector<SqlParam>& where_params, const std::string& default_sort,
                       TemplateList tabs) {
  std::string sort = req.Param("sort").empty() ? default_sort : req.Param("sort");
  const std::string name = req.Param("name");
  std::deque<std::string> keep;  // strings the bound parameters point into
  std::vector<SqlParam> params = where_params;
  std::string sql = "SELECT p.id FROM projects p WHERE (" + where + ")";
  if (!name.empty()) {
    sql += " AND (p.name LIKE ? OR p.path LIKE ?)";
    params.push_back(keep.emplace_back("%" + name + "%"));
    params.push_back(keep.emplace_back("%" + name + "%"));
  }
  const int64_t page = PageOf(req);
  sql += " ORDER BY " + ProjectOrder(sort) + " LIMIT ? OFFSET ?";
  params.push_back(kPageSize + 1);
  params.push_back((page - 1) * kPageSize);
  bool more = false;
  auto me = Me(ctx);
  if (!me.ok()) return me.status();
  std::string here = req.url.path.empty() ? "/" : req.url.path;
  if (!req.url.query.empty()) here += "?" + req.url.query;
  auto rows = ProjectRows(ctx, sql, params, &more, kPageSize, *me, here);
  if (!rows.ok()) return rows.status();
  TemplateData d;
  d.set("heading", heading);
  d.set("projects", std::move(*rows));
  d.set("tabs_present", !tabs.empty());
  d.set("tabs", std::move(tabs));
  TemplateData filter;
  filter.set("action", req.url.path.empty() ? "/" : req.url.path);
  filter.set("name", name);
  if (!req.Param("sort").empty()) filter.set("sort", req.Param("sort"));
  TemplateList sorts;
  for (const auto& [value, label] :
       std::vector<std::pair<std::string, std::string>>{{"latest_activity_desc", "Last updated"},
                                                        {"created_desc", "Last created"},
                                                        {"name_asc", "Name"},
                                                        {"stars_desc", "Most stars"}}) {
    TemplateData s;
    s.set("label", label);
    QueryParams q;
    if (!name.empty()) q.emplace_back("name", name);
    q.emplace_back("sort", value);
    s.set("url", (req.url.path.empty() ? std::string("/") : req.url.path) + "?" + EncodeQuery(q));
    if (value == sort) s.set("active", true);
    sorts.push_back(std::move(s));
  }
  filter.set("sorts", std::move(sorts));
  d.set("filter", std::move(filter));
  Paging(req, page, more, &d);
  return Respond(Render(g, ctx, req, heading, "project_list", d, r), r);
}

TemplateList Tabs(const std::vector<std::pair<std::string, std::string>>& tabs,
                  const std::string& active) {
  TemplateList out;
  for (const auto& [label, url] : tabs) {
    TemplateData t;
    t.set("label", label);
    t.set("url", url);
    if (url == active) t.set("active", true);
    out.push_back(std::move(t));
  }
  return out;
}

struct UserRef {
  int64_t id = 0;
  std::string username, name;
};

Result<UserRef> UserByName(SiteContext& ctx, const std::string& username) {
  UserRef u;
  WA_RETURN_IF_ERROR(ctx.db->Query("SELECT id, username, name FROM users WHERE username = ?",
                                   {username}, [&](const Row& r) {
                                     u.id = r.Int(0);
                                     u.username = r.Text(1);
                                     u.name = r.Text(2);
                                   }));
  return u;
}

// Resolves what someone typed for a person: a username (with or without '@'), a full name,
// or a unique part of a name. Error text explains a miss or an ambiguity.
Result<UserRef> ResolveUser(SiteContext& ctx, std::string text) {
  text = Trim(text);
  if (!text.empty() && text[0] == '@') text = text.substr(1);
  if (text.empty()) return InvalidArgument("no user given");
  auto exact = UserByName(ctx, text);
  if (!exact.ok()) return exact.status();
  if (exact->id != 0) return *exact;
  std::vector<UserRef> found;
  auto collect = [&](const std::string& sql, const std::string& arg) -> Status {
    found.clear();
    return ctx.db->Query(sql, {arg}, [&](const Row& r) {
      found.push_back({r.Int(0), r.Text(1), r.Text(2)});
    });
  };
  WA_RETURN_IF_ERROR(
      collect("SELECT id, username, name FROM users WHERE name = ? COLLATE NOCASE", text));
  if (found.size() == 1) return found[0];
  if (found.empty()) {
    WA_RETURN_IF_ERROR(collect(
        "SELECT id, username, name FROM users WHERE name LIKE ?1 OR username LIKE ?1 ORDER BY id",
        text + "%"));
    if (found.empty()) {
      WA_RETURN_IF_ERROR(collect(
          "SELECT id, username, name FROM users WHERE name LIKE ? ORDER BY id", "%" + text + "%"));
    }
  }
  if (found.size() == 1) return found[0];
  if (found.empty()) return NotFound("No users match '" + text + "'.");
  return InvalidArgument("'" + text + "' matches " + std::to_string(found.size()) +
                         " users; use a username.");
}

// Members of a project as select options (value = username).
Result<std::vector<std::pair<std::string, std::string>>> MemberOptions(SiteContext& ctx,
                                                                       const Proj& p) {
  std::vector<std::pair<std::string, std::string>> out;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT u.username, u.name FROM members m JOIN users u ON u.id = m.user_id WHERE "
      "m.project_id = ? ORDER BY LOWER(u.name)",
      {p.id}, [&](const Row& r) { out.emplace_back(r.Text(0), r.Text(1) + " @" + r.Text(0)); }));
  return out;
}

bool ValidFilePath(const std::string& path) {
  if (path.empty() || path.size() > 200 || path[0] == '/' || path.back() == '/') return false;
  if (path.find("..") != std::string::npos || path.find("//") != std::string::npos) return false;
  for (char c : path) {
    if (static_cast<unsigned char>(c) < 32) return false;
  }
  return true;
}

// ---------------------------------------------------------------- issues and merge requests

struct ListSpec {
  bool mr = false;
  int64_t project = 0;  // 0: every project the user can see (dashboard)
  std::string base;     // list path
};

std::string LabelUrl(const Proj& p, const std::string& label) {
  return p.Base() +
         "/-/issues/?sort=created_date&state=opened&label_name%5B%5D=" + UrlEncode(label) +
         "&first_page_size=20";
}

Status IssuableList(const Gitlab& g, SiteContext& ctx, const Request& req, Response* r,
                    const ListSpec& spec, const Proj* proj) {
  auto me = Me(ctx);
  if (!me.ok()) return me.status();
  std::deque<std::string> keep;  // strings the bound parameters point into
  const std::string table = spec.mr ? "merge_requests" : "issues";
  const std::string kind = spec.mr ? "merge_request" : "issue";
  std::string state = req.Param("state");
  if (state != "closed" && state != "all" && !(spec.mr && state == "merged")) state = "opened";
  std::string sort = req.Param("sort");
  std::vector<std::pair<std::string, std::string>> sorts = {{"created_date", "Created date"},
                                                            {"created_asc", "Oldest created"},
                                                            {"updated_desc", "Updated date"},
                                                            {"updated_asc", "Oldest updated"},
                                                            {"title_asc", "Title"}};
  if (!spec.mr) sorts.push_back({"due_date", "Due date"});
  if (std::none_of(sorts.begin(), sorts.end(), [&](const auto& s) { return s.first == sort; })) {
    sort = "created_date";
  }
  std::string where = "1";
  std::vector<SqlParam> params;
  if (spec.project != 0) {
    where += " AND x.project_id = ?";
    params.push_back(spec.project);
  } else {
    where +=
        " AND x.project_id IN (SELECT p.id FROM projects p WHERE p.visibility != 'private' OR "
        "p.id IN (SELECT project_id FROM members WHERE user_id = ?))";
    params.push_back(*me);
  }
  if (state != "all") {
    where += " AND x.state = ?";
    params.push_back(state);
  }
  const std::string search = req.Param("search");
  if (!search.empty()) {
    where += " AND (x.title LIKE ? OR x.description LIKE ?)";
    params.push_back(keep.emplace_back("%" + search + "%"));
    params.push_back(keep.emplace_back("%" + search + "%"));
  }
  std::vector<std::string> filters;
  const std::string label = spec.mr ? std::string() : req.Param("label_name[]");
  if (!label.empty()) {
    where +=
        " AND x.id IN (SELECT il.issue_id FROM issue_labels il JOIN labels l ON l.id = "
        "il.label_id WHERE l.name = ?)";
    params.push_back(label);
    filters.push_back("Label is " + label);
  }
  auto by_user = [&](const std::string& key, const std::string& sql, const std::string& what) {
    const std::string v = req.Param(key);
    if (v.empty()) return;
    where += sql;
    params.push_back(keep.emplace_back(v));
    filters.push_back(what + " is @" + v);
  };
  by_user("author_username", " AND x.author_id = (SELECT id FROM users WHERE username = ?)",
          "Author");
  by_user("assignee_username",
          spec.mr ? " AND x.id IN (SELECT mr_id FROM mr_assignees a JOIN users u ON u.id = "
                    "a.user_id WHERE u.username = ?)"
                  : " AND x.id IN (SELECT issue_id FROM issue_assignees a JOIN users u ON u.id = "
                    "a.user_id WHERE u.username = ?)",
          "Assignee");
  if (spec.mr) {
    by_user("reviewer_username",
            " AND x.id IN (SELECT mr_id FROM mr_reviewers a JOIN users u ON u.id = a.user_id "
            "WHERE u.username = ?)",
            "Reviewer");
  }
  std::string order = sort == "created_asc"    ? "x.created_at, x.id"
                      : sort == "updated_desc" ? "x.updated_at DESC, x.id DESC"
                      : sort == "updated_asc"  ? "x.updated_at, x.id"
                      : sort == "title_asc"    ? "LOWER(x.title), x.id"
                      : sort == "due_date"     ? "x.due_date = '', x.due_date, x.id"
                                               : "x.created_at DESC, x.id DESC";
  const int64_t page = PageOf(req);
  TemplateData d;
  // State tab counts.
  TemplateList states;
  std::vector<std::pair<std::string, std::string>> state_tabs = {{"opened", "Open"}};
  if (spec.mr) state_tabs.push_back({"merged", "Merged"});
  state_tabs.push_back({"closed", "Closed"});
  state_tabs.push_back({"all", "All"});
  for (const auto& [value, text] : state_tabs) {
    std::string w = where;
    std::vector<SqlParam> ps;
    // Rebuild without the state condition.
    std::string cond = " AND x.state = ?";
    size_t at = w.find(cond);
    ps = params;
    if (at != std::string::npos) {
      w.erase(at, cond.size());
      // The state parameter follows the project parameter.
      ps.erase(ps.begin() + 1);
    }
    if (value != "all") {
      w += " AND x.state = ?";
      ps.push_back(value);
    }
    int64_t count = 0;
    WA_RETURN_IF_ERROR(ctx.db->QueryDynamic("SELECT COUNT(*) FROM " + table + " x WHERE " + w, ps,
                                            [&](const Row& row) { count = row.Int(0); }));
    TemplateData t;
    t.set("label", text);
    t.set("value", value);
    t.set("count", std::to_string(count));
    t.set("url", WithParam(req, "state", value));
    if (value == state) t.set("active", true);
    states.push_back(std::move(t));
  }
  d.set("states", std::move(states));
  params.push_back(kPageSize + 1);
  params.push_back((page - 1) * kPageSize);
  TemplateList items;
  bool more = false;
  struct Item {
    int64_t id, project, iid, created, updated;
    std::string title, state, author, due, ns, path;
  };
  std::vector<Item> list;
  WA_RETURN_IF_ERROR(ctx.db->QueryDynamic(
      "SELECT x.id, x.project_id, x.iid, x.created_at, x.updated_at, x.title, x.state, u.name, " +
          std::string(spec.mr ? "''" : "x.due_date") + ", n.path, p.path FROM " + table +
          " x JOIN users u ON u.id = x.author_id JOIN projects p ON p.id = x.project_id JOIN "
          "namespaces n ON n.id = p.namespace_id WHERE " +
          where + " ORDER BY " + order + " LIMIT ? OFFSET ?",
      params, [&](const Row& row) {
        list.push_back({row.Int(0), row.Int(1), row.Int(2), row.Int(3), row.Int(4), row.Text(5),
                        row.Text(6), row.Text(7), row.Text(8), row.Text(9), row.Text(10)});
      }));
  if (static_cast<int64_t>(list.size()) > kPageSize) {
    more = true;
    list.resize(kPageSize);
  }
  for (const Item& it : list) {
    TemplateData t;
    const std::string base = "/" + it.ns + "/" + it.path;
    t.set("kind", kind);
    t.set("id", std::to_string(it.id));
    t.set("title", it.title);
    t.set("url", base + (spec.mr ? "/-/merge_requests/" : "/-/issues/") + std::to_string(it.iid));
    t.set("ref", (spec.mr ? "!" : "#") + std::to_string(it.iid));
    if (spec.project == 0) t.set("project", it.ns + "/" + it.path);
    t.set("created", Age(it.created));
    t.set("updated", Age(it.updated));
    t.set("author", it.author);
    if (it.state == "closed") t.set("closed", true);
    if (it.state == "merged") t.set("merged", true);
    if (!it.due.empty()) t.set("due", DisplayDate(it.due));
    std::string assignees, reviewers;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        spec.mr ? "SELECT u.name FROM mr_assignees a JOIN users u ON u.id = a.user_id WHERE "
                  "a.mr_id = ? ORDER BY u.id"
                : "SELECT u.name FROM issue_assignees a JOIN users u ON u.id = a.user_id WHERE "
                  "a.issue_id = ? ORDER BY u.id",
        {it.id},
        [&](const Row& row) { assignees += (assignees.empty() ? "" : ", ") + row.Text(0); }));
    if (spec.mr) {
      WA_RETURN_IF_ERROR(ctx.db->Query(
          "SELECT u.name FROM mr_reviewers a JOIN users u ON u.id = a.user_id WHERE a.mr_id = ? "
          "ORDER BY u.id",
          {it.id},
          [&](const Row& row) { reviewers += (reviewers.empty() ? "" : ", ") + row.Text(0); }));
    } else {
      TemplateList labels;
      Proj lp;
      lp.ns = it.ns;
      lp.path = it.path;
      WA_RETURN_IF_ERROR(ctx.db->Query(
          "SELECT l.name FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE "
          "il.issue_id = ? ORDER BY l.name",
          {it.id}, [&](const Row& row) {
            TemplateData l;
            l.set("name", row.Text(0));
            l.set("url", LabelUrl(lp, row.Text(0)));
            labels.push_back(std::move(l));
          }));
      t.set("labels", std::move(labels));
    }
    if (!assignees.empty()) t.set("assignees", assignees);
    if (!reviewers.empty()) t.set("reviewers", reviewers);
    items.push_back(std::move(t));
  }
  d.set("heading", spec.mr ? "Merge requests" : "Issues");
  d.set("items", std::move(items));
  d.set("empty", spec.mr ? "There are no merge requests to show" : "There are no issues to show");
  d.set("action", spec.base);
  d.set("state", state);
  d.set("search", search);
  d.set("sorts", Options(sorts, sort));
  if (proj != nullptr && !spec.mr) {
    std::vector<std::pair<std::string, std::string>> labels;
    WA_RETURN_IF_ERROR(
        ctx.db->Query("SELECT name FROM labels WHERE project_id = ? ORDER BY name", {proj->id},
                      [&](const Row& row) { labels.emplace_back(row.Text(0), row.Text(0)); }));
    d.set("has_labels", true);
    d.set("labels", Options(labels, label));
  }
  TemplateList hidden;
  for (const char* key : {"scope", "author_username", "assignee_username", "reviewer_username"}) {
    if (!req.Param(key).empty()) {
      TemplateData h;
      h.set("name", key);
      h.set("value", req.Param(key));
      hidden.push_back(std::move(h));
    }
  }
  d.set("hidden", std::move(hidden));
  if (!filters.empty()) {
    std::string f;
    for (const std::string& s : filters) f += (f.empty() ? "" : ", ") + s;
    d.set("filters_present", true);
    d.set("filters", f);
  }
  if (spec.project == 0 && !ctx.user.empty()) {
    const std::string who = spec.mr ? "assignee_username" : "assignee_username";
    TemplateList scope;
    std::vector<std::pair<std::string, std::string>> tabs = {
        {"Assigned to you", spec.base + "?" + who + "=" + ctx.user}};
    if (spec.mr) tabs.push_back({"Review requests", spec.base + "?reviewer_username=" + ctx.user});
    tabs.push_back({"Created by you", spec.base + "?author_username=" + ctx.user});
    for (const auto& [label_text, url] : tabs) {
      TemplateData t;
      t.set("label", label_text);
      t.set("url", url);
      if (url.substr(url.find('?') + 1) == req.url.query) t.set("active", true);
      scope.push_back(std::move(t));
    }
    d.set("scope_tabs_present", true);
    d.set("scope_tabs", std::move(scope));
  }
  if (proj != nullptr) {
    d.set("new_url", proj->Base() + (spec.mr ? "/-/merge_requests/new" : "/-/issues/new"));
    d.set("new_label", spec.mr ? "New merge request" : "New issue");
  }
  Paging(req, page, more, &d);
  return Respond(Render(g, ctx, req, spec.mr ? "Merge requests" : "Issues", "issues", d, r, proj),
                 r);
}

Result<std::string> NotesHtml(const Gitlab& g, SiteContext& ctx, const std::string& type,
                              int64_t id, const std::string& action) {
  TemplateList notes;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT n.id, u.username, u.name, n.body, n.created_at, n.system FROM notes n JOIN users u "
      "ON u.id = n.author_id WHERE n.target_type = ? AND n.target_id = ? ORDER BY n.created_at, "
      "n.id",
      {type, id}, [&](const Row& r) {
        TemplateData n;
        n.set("id", std::to_string(r.Int(0)));
        n.set("username", r.Text(1));
        n.set("name", r.Text(2));
        n.set("body", r.Text(3));
        n.set("date", Age(r.Int(4)));
        if (r.Int(5)) n.set("system", true);
        notes.push_back(std::move(n));
      }));
  TemplateData d;
  d.set("notes", std::move(notes));
  d.set("note_action", action);
  return g.templates.Render("notes", d);
}

Status AddNote(SiteContext& ctx, const std::string& type, int64_t id, int64_t author,
               const std::string& body, bool system) {
  const int64_t now = ctx.Now();
  WA_RETURN_IF_ERROR(ctx.db->Run(
      "INSERT INTO notes (target_type, target_id, author_id, body, created_at, system) VALUES (?, "
      "?, ?, ?, ?, ?)",
      {type, id, author, body, now, system ? 1 : 0}));
  return ctx.db->Run(type == "issue" ? "UPDATE issues SET updated_at = ? WHERE id = ?"
                                     : "UPDATE merge_requests SET updated_at = ? WHERE id = ?",
                     {now, id});
}

Status TouchProject(SiteContext& ctx, int64_t project) {
  return ctx.db->Run("UPDATE projects SET last_activity_at = ? WHERE id = ?", {ctx.Now(), project});
}

TemplateList PeopleList(SiteContext& ctx, const std::string& sql, int64_t id, Status* st) {
  TemplateList out;
  *st = ctx.db->Query(sql, {id}, [&](const Row& r) {
    TemplateData u;
    u.set("username", r.Text(0));
    u.set("name", r.Text(1));
    out.push_back(std::move(u));
  });
  return out;
}

// The parts an issue page and a merge request page share: header fields, the update form
// target, member options, participants and the notes.
struct IssuableHeader {
  int64_t id = 0, iid = 0, created = 0;
  std::string title, description, state, author, author_username;
};

Status FillIssuable(const Gitlab& g, SiteContext& ctx, const Proj& p, bool mr,
                    const IssuableHeader& h, TemplateData* d) {
  const std::string type = mr ? "mr" : "issue";
  const std::string base =
      p.Base() + (mr ? "/-/merge_requests/" : "/-/issues/") + std::to_string(h.iid);
  d->set("iid", std::to_string(h.iid));
  d->set("title", h.title);
  d->set("description", h.description);
  d->set("state", h.state);
  d->set("author", h.author);
  d->set("author_username", h.author_username);
  d->set("created", Age(h.created));
  d->set("update_action", base + "/update");
  auto members = MemberOptions(ctx, p);
  if (!members.ok()) return members.status();
  d->set("member_options", Options(*members, ""));
  std::string participants;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      std::string("SELECT DISTINCT u.name FROM users u WHERE u.id IN (SELECT author_id FROM notes "
                  "WHERE target_type = ? AND target_id = ?) OR u.id = (SELECT author_id FROM ") +
          (mr ? "merge_requests" : "issues") + " WHERE id = ?) ORDER BY u.id",
      {type, h.id, h.id},
      [&](const Row& row) { participants += (participants.empty() ? "" : ", ") + row.Text(0); }));
  d->set("participants", participants);
  auto notes = NotesHtml(g, ctx, type, h.id, base + "/notes");
  if (!notes.ok()) return notes.status();
  d->set("notes", *notes);
  return Status::Ok();
}

Status IssuePage(const Gitlab& g, SiteContext& ctx, const Request& req, Response* r,
                 const Proj& p) {
  IssuableHeader h;
  h.iid = ParseId(req.Capture(2));
  std::string due, milestone;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT i.id, i.title, i.description, i.state, u.name, u.username, i.due_date, "
      "i.milestone, i.created_at FROM issues i JOIN users u ON u.id = i.author_id WHERE "
      "i.project_id = ? AND i.iid = ?",
      {p.id, h.iid}, [&](const Row& row) {
        h.id = row.Int(0);
        h.title = row.Text(1);
        h.description = row.Text(2);
        h.state = row.Text(3);
        h.author = row.Text(4);
        h.author_username = row.Text(5);
        due = row.Text(6);
        milestone = row.Text(7);
        h.created = row.Int(8);
      }));
  if (h.id == 0) return NotFound("Issue #" + req.Capture(2) + " was not found.");
  TemplateData d;
  WA_RETURN_IF_ERROR(FillIssuable(g, ctx, p, false, h, &d));
  d.set("state_label", h.state == "closed" ? "Closed" : "Open");
  d.set("state_event", h.state == "closed" ? "reopen" : "close");
  d.set("state_button", h.state == "closed" ? "Reopen issue" : "Close issue");
  d.set("me", ctx.user);
  Status st = Status::Ok();
  d.set("assignees", PeopleList(ctx,
                                "SELECT u.username, u.name FROM issue_assignees a JOIN users u ON "
                                "u.id = a.user_id WHERE a.issue_id = ? ORDER BY u.id",
                                h.id, &st));
  WA_RETURN_IF_ERROR(st);
  TemplateList labels;
  std::vector<std::pair<std::string, std::string>> label_options;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT l.name, EXISTS (SELECT 1 FROM issue_labels il WHERE il.issue_id = ? AND "
      "il.label_id = l.id) FROM labels l WHERE l.project_id = ? ORDER BY l.name",
      {h.id, p.id}, [&](const Row& row) {
        if (row.Int(1)) {
          TemplateData l;
          l.set("name", row.Text(0));
          l.set("url", LabelUrl(p, row.Text(0)));
          labels.push_back(std::move(l));
        } else {
          label_options.emplace_back(row.Text(0), row.Text(0));
        }
      }));
  d.set("labels", std::move(labels));
  d.set("label_options", Options(label_options, ""));
  if (!milestone.empty()) d.set("milestone", milestone);
  if (!due.empty()) d.set("due", DisplayDate(due));
  d.set("due_value", due);
  return Respond(
      Render(g, ctx, req, h.title + " (#" + std::to_string(h.iid) + ")", "issue", d, r, &p), r);
}

Status MrPage(const Gitlab& g, SiteContext& ctx, const Request& req, Response* r, const Proj& p) {
  IssuableHeader h;
  h.iid = ParseId(req.Capture(2));
  std::string source, target;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT m.id, m.title, m.description, m.state, u.name, u.username, m.source_branch, "
      "m.target_branch, m.created_at FROM merge_requests m JOIN users u ON u.id = m.author_id "
      "WHERE m.project_id = ? AND m.iid = ?",
      {p.id, h.iid}, [&](const Row& row) {
        h.id = row.Int(0);
        h.title = row.Text(1);
        h.description = row.Text(2);
        h.state = row.Text(3);
        h.author = row.Text(4);
        h.author_username = row.Text(5);
        source = row.Text(6);
        target = row.Text(7);
        h.created = row.Int(8);
      }));
  if (h.id == 0) return NotFound("Merge request !" + req.Capture(2) + " was not found.");
  TemplateData d;
  WA_RETURN_IF_ERROR(FillIssuable(g, ctx, p, true, h, &d));
  d.set("state_label", h.state == "merged" ? "Merged" : h.state == "closed" ? "Closed" : "Open");
  d.set("source", source);
  d.set("target", target);
  d.set("source_url", p.Base() + "/-/tree/" + source);
  d.set("target_url", p.Base() + "/-/tree/" + target);
  Status st = Status::Ok();
  for (const char* who : {"assignees", "reviewers"}) {
    d.set(who, PeopleList(ctx,
                          std::string("SELECT u.username, u.name FROM ") +
                              (std::string(who) == "assignees" ? "mr_assignees" : "mr_reviewers") +
                              " a JOIN users u ON u.id = a.user_id WHERE a.mr_id = ? ORDER BY u.id",
                          h.id, &st));
    WA_RETURN_IF_ERROR(st);
  }
  return Respond(Render(g, ctx, req, h.title + " (!" + std::to_string(h.iid) + ")", "mr", d, r, &p),
                 r);
}

Result<int64_t> IssuableId(SiteContext& ctx, bool mr, const Proj& p, const std::string& iid) {
  return ctx.db->QueryInt(mr ? "SELECT id FROM merge_requests WHERE project_id = ? AND iid = ?"
                             : "SELECT id FROM issues WHERE project_id = ? AND iid = ?",
                          {p.id, ParseId(iid)}, 0);
}

// POST .../notes: a comment.
ProjectHandler NoteHandler(bool mr) {
  return [mr](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    auto id = IssuableId(ctx, mr, p, req.Capture(2));
    if (!id.ok()) return id.status();
    if (*id == 0) return NotFound("not found");
    const std::string back = p.Base() + (mr ? "/-/merge_requests/" : "/-/issues/") + req.Capture(2);
    const std::string body = Trim(req.Param("note[note]"));
    if (body.empty()) {
      Flash(r, "Note can't be blank", back, true);
      return Status::Ok();
    }
    if (body.size() > 10000) {
      Flash(r, "Note is too long (maximum is 10000 characters)", back, true);
      return Status::Ok();
    }
    WA_RETURN_IF_ERROR(AddNote(ctx, mr ? "mr" : "issue", *id, *me, body, false));
    WA_RETURN_IF_ERROR(TouchProject(ctx, p.id));
    r->location = back;
    return Status::Ok();
  };
}

// POST .../update: state, assignee, reviewer, label, due date.
ProjectHandler UpdateHandler(bool mr) {
  return [mr](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    auto id = IssuableId(ctx, mr, p, req.Capture(2));
    if (!id.ok()) return id.status();
    if (*id == 0) return NotFound("not found");
    const std::string type = mr ? "mr" : "issue";
    const std::string back = p.Base() + (mr ? "/-/merge_requests/" : "/-/issues/") + req.Capture(2);
    r->location = back;
    if (HasParam(req.form, "state_event") && !mr) {
      const std::string ev = req.Param("state_event");
      if (ev != "close" && ev != "reopen") {
        Flash(r, "Unknown state change", back, true);
        return Status::Ok();
      }
      WA_RETURN_IF_ERROR(
          ctx.db->Run("UPDATE issues SET state = ?, closed_at = ? WHERE id = ?",
                      {ev == "close" ? "closed" : "opened",
                       ev == "close" ? SqlParam(ctx.Now()) : SqlParam(nullptr), *id}));
      WA_RETURN_IF_ERROR(AddNote(ctx, type, *id, *me, ev == "close" ? "closed" : "reopened", true));
    }
    for (const char* field : {"assignee", "reviewer"}) {
      if (!HasParam(req.form, field) || (!mr && std::string(field) == "reviewer")) continue;
      const std::string who = req.Param(field);
      const std::string table = std::string(field) == "reviewer" ? "mr_reviewers"
                                : mr                             ? "mr_assignees"
                                                                 : "issue_assignees";
      const std::string key = mr ? "mr_id" : "issue_id";
      if (who.empty()) {
        WA_RETURN_IF_ERROR(ctx.db->Run("DELETE FROM " + table + " WHERE " + key + " = ?", {*id}));
        WA_RETURN_IF_ERROR(AddNote(
            ctx, type, *id, *me,
            std::string(field) == "reviewer" ? "removed review request" : "removed assignee",
            true));
        continue;
      }
      auto u = UserByName(ctx, who);
      if (!u.ok()) return u.status();
      if (u->id == 0) {
        Flash(r, "No user named " + who, back, true);
        return Status::Ok();
      }
      WA_RETURN_IF_ERROR(ctx.db->Run("DELETE FROM " + table + " WHERE " + key + " = ?", {*id}));
      WA_RETURN_IF_ERROR(ctx.db->Run(
          "INSERT INTO " + table + " (" + key + ", user_id) VALUES (?, ?)", {*id, u->id}));
      WA_RETURN_IF_ERROR(
          AddNote(ctx, type, *id, *me,
                  (std::string(field) == "reviewer" ? "requested review from @" : "assigned to @") +
                      u->username,
                  true));
    }
    if (!mr && !req.Param("add_label").empty()) {
      auto label = ctx.db->QueryInt("SELECT id FROM labels WHERE project_id = ? AND name = ?",
                                    {p.id, req.Param("add_label")}, 0);
      if (!label.ok()) return label.status();
      if (*label == 0) {
        Flash(r, "No label named " + req.Param("add_label"), back, true);
        return Status::Ok();
      }
      WA_RETURN_IF_ERROR(ctx.db->Run(
          "INSERT OR IGNORE INTO issue_labels (issue_id, label_id) VALUES (?, ?)", {*id, *label}));
      WA_RETURN_IF_ERROR(
          AddNote(ctx, type, *id, *me, "added ~" + req.Param("add_label") + " label", true));
    }
    if (!mr && HasParam(req.form, "due_date")) {
      const std::string raw = req.Param("due_date");
      const std::string due = NormalizeDate(raw);
      if (!raw.empty() && due.empty()) {
        Flash(r, "Due date '" + raw + "' is not a valid date (use YYYY-MM-DD)", back, true);
        return Status::Ok();
      }
      WA_RETURN_IF_ERROR(ctx.db->Run("UPDATE issues SET due_date = ? WHERE id = ?", {due, *id}));
      WA_RETURN_IF_ERROR(AddNote(
          ctx, type, *id, *me,
          due.empty() ? "removed due date" : "changed due date to " + DisplayDate(due), true));
    }
    return TouchProject(ctx, p.id);
  };
}

// ---------------------------------------------------------------- repository

struct Commit {
  std::string sha, author, email, message, branch;
  int64_t at = 0;
};

// Files of the project, sorted by path.
Result<std::vector<std::pair<std::string, std::string>>> Files(SiteContext& ctx, int64_t project) {
  std::vector<std::pair<std::string, std::string>> out;
  WA_RETURN_IF_ERROR(
      ctx.db->Query("SELECT path, content FROM files WHERE project_id = ? ORDER BY path", {project},
                    [&](const Row& r) { out.emplace_back(r.Text(0), r.Text(1)); }));
  return out;
}

Result<std::string> TreeHtml(const Gitlab& g, SiteContext& ctx, const Proj& p,
                             const std::string& branch, const std::string& dir) {
  auto files = Files(ctx, p.id);
  if (!files.ok()) return files.status();
  std::set<std::string> dirs, leaves;
  const std::string prefix = dir.empty() ? "" : dir + "/";
  for (const auto& [path, content] : *files) {
    if (path.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = path.substr(prefix.size());
    size_t slash = rest.find('/');
    if (slash == std::string::npos) {
      if (rest != ".gitkeep") leaves.insert(rest);
    } else {
      dirs.insert(rest.substr(0, slash));
    }
  }
  TemplateData d;
  TemplateList entries;
  for (const std::string& name : dirs) {
    TemplateData e;
    e.set("name", name);
    e.set("kind", "tree");
    e.set("url", p.Base() + "/-/tree/" + branch + "/" + prefix + name);
    entries.push_back(std::move(e));
  }
  for (const std::string& name : leaves) {
    TemplateData e;
    e.set("name", name);
    e.set("kind", "blob");
    e.set("url", p.Base() + "/-/blob/" + branch + "/" + prefix + name);
    entries.push_back(std::move(e));
  }
  if (!dir.empty()) {
    size_t up = dir.rfind('/');
    d.set("parent", p.Base() + "/-/tree/" + branch +
                        (up == std::string::npos ? std::string() : "/" + dir.substr(0, up)));
  }
  d.set("entries", std::move(entries));
  return g.templates.Render("tree", d);
}

Result<bool> BranchExists(SiteContext& ctx, const Proj& p, const std::string& branch) {
  auto n = ctx.db->QueryInt("SELECT COUNT(*) FROM branches WHERE project_id = ? AND name = ?",
                            {p.id, branch});
  if (!n.ok()) return n.status();
  return *n > 0;
}

Status AddCommit(SiteContext& ctx, int64_t project, const std::string& branch, int64_t author,
                 const std::string& message) {
  auto n = ctx.db->QueryInt("SELECT COALESCE(MAX(id), 0) + 1 FROM commits", {});
  if (!n.ok()) return n.status();
  std::string name, username;
  WA_RETURN_IF_ERROR(
      ctx.db->Query("SELECT name, username FROM users WHERE id = ?", {author}, [&](const Row& r) {
        name = r.Text(0);
        username = r.Text(1);
      }));
  WA_RETURN_IF_ERROR(ctx.db->Run(
      "INSERT INTO commits (id, project_id, branch, sha, author_name, author_email, author_id, "
      "authored_at, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {*n, project, branch, GitlabSha(static_cast<uint64_t>(*n)), name, username + "@example.com",
       author, ctx.Now(), message}));
  WA_RETURN_IF_ERROR(
      ctx.db->Run("INSERT OR IGNORE INTO branches (project_id, name, created_at) VALUES (?, ?, ?)",
                  {project, branch, ctx.Now()}));
  return TouchProject(ctx, project);
}

Status CommitsPage(const Gitlab& g, SiteContext& ctx, const Request& req, Response* r,
                   const Proj& p, const std::string& branch) {
  auto exists = BranchExists(ctx, p, branch);
  if (!exists.ok()) return exists.status();
  if (!*exists && branch != p.branch) return NotFound("Branch " + branch + " does not exist");
  std::deque<std::string> keep;  // strings the bound parameters point into
  std::string where = "c.project_id = ? AND (c.branch = ? OR c.branch = ?)";
  std::vector<SqlParam> params = {p.id, branch, p.branch};
  const std::string author = req.Param("author");
  if (!author.empty()) {
    where += " AND (c.author_name LIKE ? OR c.author_email LIKE ?)";
    params.push_back(keep.emplace_back("%" + author + "%"));
    params.push_back(keep.emplace_back("%" + author + "%"));
  }
  const std::string search = req.Param("search");
  if (!search.empty()) {
    where += " AND c.message LIKE ?";
    params.push_back(keep.emplace_back("%" + search + "%"));
  }
  TemplateData d;
  std::string error;
  for (const char* key : {"since", "until"}) {
    const std::string raw = req.Param(key);
    if (raw.empty()) continue;
    const std::string iso = NormalizeDate(raw);
    if (iso.empty()) {
      error = "'" + raw + "' is not a date (use YYYY-MM-DD)";
      continue;
    }
    d.set(key, iso);
    where += std::string(" AND c.authored_at ") + (std::string(key) == "since" ? ">= ?" : "< ?");
    params.push_back(DayStart(iso) + (std::string(key) == "since" ? 0 : 86400));
  }
  int64_t total = 0;
  WA_RETURN_IF_ERROR(ctx.db->QueryDynamic("SELECT COUNT(*) FROM commits c WHERE " + where, params,
                                          [&](const Row& row) { total = row.Int(0); }));
  const int64_t page = PageOf(req);
  params.push_back(kCommitPageSize + 1);
  params.push_back((page - 1) * kCommitPageSize);
  std::vector<Commit> commits;
  WA_RETURN_IF_ERROR(
      ctx.db->QueryDynamic("SELECT c.sha, c.author_name, c.author_email, c.message, c.authored_at "
                           "FROM commits c WHERE " +
                               where + " ORDER BY c.authored_at DESC, c.id DESC LIMIT ? OFFSET ?",
                           params, [&](const Row& row) {
                             Commit c;
                             c.sha = row.Text(0);
                             c.author = row.Text(1);
                             c.email = row.Text(2);
                             c.message = row.Text(3);
                             c.at = row.Int(4);
                             commits.push_back(std::move(c));
                           }));
  bool more = static_cast<int64_t>(commits.size()) > kCommitPageSize;
  if (more) commits.resize(kCommitPageSize);
  TemplateList days;
  std::string current;
  TemplateList group;
  auto flush = [&]() {
    if (current.empty()) return;
    TemplateData day;
    day.set("day", current);
    day.set("count", std::to_string(group.size()));
    day.set("commits", std::move(group));
    days.push_back(std::move(day));
    group = TemplateList();
  };
  for (const Commit& c : commits) {
    const std::string day = FormatDate(c.at);
    if (day != current) {
      flush();
      current = day;
    }
    TemplateData t;
    t.set("message", c.message);
    t.set("author", c.author);
    t.set("time", FormatDateTime(c.at) + " UTC");
    t.set("short_sha", c.sha.substr(0, 8));
    t.set("url", p.Base() + "/-/commit/" + c.sha);
    group.push_back(std::move(t));
  }
  flush();
  d.set("days", std::move(days));
  d.set("total", std::to_string(total));
  d.set("action", p.Base() + "/-/commits/" + branch);
  d.set("search", search);
  std::vector<std::pair<std::string, std::string>> authors;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT DISTINCT author_name FROM commits WHERE project_id = ? ORDER BY author_name", {p.id},
      [&](const Row& row) { authors.emplace_back(row.Text(0), row.Text(0)); }));
  d.set("authors", Options(authors, author));
  Paging(req, page, more, &d);
  auto html = Render(g, ctx, req, "Commits · " + p.name, "commits", d, r, &p);
  if (html.ok() && !error.empty()) {
    const std::string marker = "<h1 class=\"page-title\">Commits</h1>";
    size_t at = html->find(marker);
    if (at != std::string::npos) {
      html->insert(at + marker.size(),
                   "<div class=\"flash-container flash-alert\" role=\"alert\"><span>" +
                       HtmlEscape(error) + "</span></div>");
    }
  }
  return Respond(std::move(html), r);
}

// ---------------------------------------------------------------- pages

void AddDashboardRoutes(const G& g, SiteModel* m) {
  auto your_projects = [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
    if (ctx.user.empty()) return RequireLogin(r);
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    return ProjectListPage(*g, ctx, req, r, "Projects",
                           "p.id IN (SELECT project_id FROM members WHERE user_id = ?)", {*me},
                           "latest_activity_desc",
                           Tabs({{"Your projects", "/dashboard/projects"},
                                 {"Starred projects", "/dashboard/projects/starred"},
                                 {"Explore projects", "/explore"}},
                                "/dashboard/projects"));
  };
  m->AddRoute("GET", "/", your_projects);
  m->AddRoute("GET", "/dashboard/projects", your_projects);
  m->AddRoute("GET", "/dashboard/projects/starred",
              [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                auto me = Me(ctx);
                if (!me.ok()) return me.status();
                return ProjectListPage(*g, ctx, req, r, "Starred projects",
                                       "p.id IN (SELECT project_id FROM stars WHERE user_id = ?)",
                                       {*me}, "latest_activity_desc",
                                       Tabs({{"Your projects", "/dashboard/projects"},
                                             {"Starred projects", "/dashboard/projects/starred"},
                                             {"Explore projects", "/explore"}},
                                            "/dashboard/projects/starred"));
              });
  auto explore = [g](const std::string& default_sort, const std::string& tab) {
    return [g, default_sort, tab](const Request& req, SiteContext& ctx, Response* r) -> Status {
      const std::string where =
          ctx.user.empty() ? "p.visibility = 'public'" : "p.visibility != 'private'";
      return ProjectListPage(*g, ctx, req, r, "Explore projects", where, {}, default_sort,
                             Tabs({{"All", "/explore/projects"},
                                   {"Most starred", "/explore/projects/starred"},
                                   {"Trending", "/explore/projects/trending"}},
                                  tab));
    };
  };
  m->AddRoute("GET", "/explore", explore("latest_activity_desc", "/explore/projects"));
  m->AddRoute("GET", "/explore/projects", explore("latest_activity_desc", "/explore/projects"));
  m->AddRoute("GET", "/explore/projects/starred",
              explore("stars_desc", "/explore/projects/starred"));
  m->AddRoute("GET", "/explore/projects/trending",
              explore("latest_activity_desc", "/explore/projects/trending"));
  m->AddRoute("GET", "/dashboard/issues",
              [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                if (req.Param("assignee_username").empty() &&
                    req.Param("author_username").empty() && req.Param("search").empty()) {
                  r->location = "/dashboard/issues?assignee_username=" + ctx.user;
                  return Status::Ok();
                }
                return IssuableList(*g, ctx, req, r, {false, 0, "/dashboard/issues"}, nullptr);
              });
  m->AddRoute(
      "GET", "/dashboard/merge_requests",
      [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
        if (ctx.user.empty()) return RequireLogin(r);
        if (req.Param("assignee_username").empty() && req.Param("reviewer_username").empty() &&
            req.Param("author_username").empty() && req.Param("search").empty()) {
          r->location = "/dashboard/merge_requests?assignee_username=" + ctx.user;
          return Status::Ok();
        }
        return IssuableList(*g, ctx, req, r, {true, 0, "/dashboard/merge_requests"}, nullptr);
      });
  m->AddRoute("GET", "/dashboard/todos",
              [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                auto me = Me(ctx);
                if (!me.ok()) return me.status();
                const bool pending = req.Param("state") != "done";
                TemplateList todos;
                WA_RETURN_IF_ERROR(ctx.db->Query(
                    "SELECT t.id, t.action, t.target_type, t.created_at, a.name, n.path, p.path, "
                    "CASE t.target_type WHEN 'mr' THEN (SELECT iid FROM merge_requests WHERE id = "
                    "t.target_id) ELSE (SELECT iid FROM issues WHERE id = t.target_id) END, CASE "
                    "t.target_type WHEN 'mr' THEN (SELECT title FROM merge_requests WHERE id = "
                    "t.target_id) ELSE (SELECT title FROM issues WHERE id = t.target_id) END "
                    "FROM todos t JOIN users a ON a.id = t.author_id JOIN projects p ON p.id = "
                    "t.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE t.user_id = ? "
                    "AND t.state = ? ORDER BY t.created_at DESC, t.id DESC",
                    {*me, pending ? "pending" : "done"}, [&](const Row& row) {
                      TemplateData t;
                      const bool mr = row.Text(2) == "mr";
                      t.set("id", std::to_string(row.Int(0)));
                      t.set("action", row.Text(1) == "review_requested" ? "requested a review of"
                                      : row.Text(1) == "assigned"       ? "assigned you"
                                                                        : "mentioned you on");
                      t.set("date", Age(row.Int(3)));
                      t.set("author", row.Text(4));
                      t.set("project", row.Text(5) + " / " + row.Text(6));
                      t.set("ref", (mr ? "!" : "#") + std::to_string(row.Int(7)));
                      t.set("title", row.Text(8));
                      t.set("url", "/" + row.Text(5) + "/" + row.Text(6) +
                                       (mr ? "/-/merge_requests/" : "/-/issues/") +
                                       std::to_string(row.Int(7)));
                      if (pending) t.set("pending", true);
                      todos.push_back(std::move(t));
                    }));
                auto count = [&](const char* state) {
                  return ctx.db->QueryInt(
                      "SELECT COUNT(*) FROM todos WHERE user_id = ? AND state = ?", {*me, state});
                };
                auto pc = count("pending"), dc = count("done");
                if (!pc.ok()) return pc.status();
                if (!dc.ok()) return dc.status();
                TemplateData d;
                d.set("todos", std::move(todos));
                if (pending) d.set("pending", true);
                d.set("pending_count", std::to_string(*pc));
                d.set("done_count", std::to_string(*dc));
                return Respond(Render(*g, ctx, req, "To-Do List", "todos", d, r), r);
              });
  m->AddRoute("POST", "/dashboard/todos/{id}/done",
              [](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                auto me = Me(ctx);
                if (!me.ok()) return me.status();
                WA_RETURN_IF_ERROR(
                    ctx.db->Run("UPDATE todos SET state = 'done' WHERE id = ? AND user_id = ?",
                                {ParseId(req.Capture(0)), *me}));
                r->location = "/dashboard/todos";
                return Status::Ok();
              });
  m->AddRoute("GET", "/search", [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
    const std::string q = Trim(req.Param("search"));
    std::string scope = req.Param("scope");
    if (scope != "issues" && scope != "users") scope = "projects";
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    const std::string like = "%" + q + "%";
    const std::string visible =
        "(p.visibility != 'private' OR p.id IN (SELECT project_id FROM members WHERE user_id = "
        "?))";
    auto pc = ctx.db->QueryInt("SELECT COUNT(*) FROM projects p WHERE " + visible +
                                   " AND (p.name LIKE ? OR p.path LIKE ? OR p.description LIKE ?)",
                               {*me, like, like, like});
    auto ic = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM issues i JOIN projects p ON p.id = "
        "i.project_id WHERE " +
            visible + " AND i.title LIKE ?",
        {*me, like});
    auto uc = ctx.db->QueryInt("SELECT COUNT(*) FROM users WHERE name LIKE ? OR username LIKE ?",
                               {like, like});
    if (!pc.ok()) return pc.status();
    if (!ic.ok()) return ic.status();
    if (!uc.ok()) return uc.status();
    TemplateList results;
    auto add = [&](std::string url, std::string label, std::string meta) {
      TemplateData t;
      t.set("url", std::move(url));
      t.set("label", std::move(label));
      t.set("meta", std::move(meta));
      results.push_back(std::move(t));
    };
    if (!q.empty()) {
      if (scope == "projects") {
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT n.path, p.path, n.name, p.name, p.description FROM projects p JOIN namespaces "
            "n ON n.id = p.namespace_id WHERE " +
                visible +
                " AND (p.name LIKE ? OR p.path LIKE ? OR p.description LIKE ?) ORDER BY "
                "p.last_activity_at DESC LIMIT 20",
            {*me, like, like, like}, [&](const Row& row) {
              add("/" + row.Text(0) + "/" + row.Text(1), row.Text(2) + " / " + row.Text(3),
                  row.Text(4));
            }));
      } else if (scope == "issues") {
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT n.path, p.path, i.iid, i.title, i.state FROM issues i JOIN projects p ON p.id "
            "= i.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE " +
                visible + " AND i.title LIKE ? ORDER BY i.updated_at DESC LIMIT 20",
            {*me, like}, [&](const Row& row) {
              add("/" + row.Text(0) + "/" + row.Text(1) + "/-/issues/" + std::to_string(row.Int(2)),
                  row.Text(3),
                  row.Text(0) + "/" + row.Text(1) + "#" + std::to_string(row.Int(2)) + " · " +
                      row.Text(4));
            }));
      } else {
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT username, name FROM users WHERE name LIKE ? OR username LIKE ? ORDER BY id "
            "LIMIT 20",
            {like, like},
            [&](const Row& row) { add("/" + row.Text(0), row.Text(1), "@" + row.Text(0)); }));
      }
    }
    TemplateData d;
    d.set("query", q);
    d.set("query_enc", UrlEncode(q));
    d.set("scope", scope);
    d.set(scope + "_scope", true);
    d.set("project_count", std::to_string(*pc));
    d.set("issue_count", std::to_string(*ic));
    d.set("user_count", std::to_string(*uc));
    d.set("results", std::move(results));
    return Respond(Render(*g, ctx, req, "Search", "search", d, r), r);
  });
}

void AddAccountRoutes(const G& g, SiteModel* m) {
  m->AddRoute("GET", "/users/sign_in", [g](const Request& req, SiteContext& ctx, Response* r) {
    TemplateData d;
    return Respond(Render(*g, ctx, req, "Sign in", "login", d, r), r);
  });
  m->AddRoute("POST", "/users/sign_in", [](const Request& req, SiteContext& ctx, Response* r) {
    auto user = ctx.db->QueryText(
        "SELECT username FROM users WHERE (username = ? OR email = ?) AND password = ?",
        {req.Param("user[login]"), req.Param("user[login]"), req.Param("user[password]")});
    if (!user.ok()) return user.status();
    if (user->empty()) {
      Flash(r, "Invalid login or password.", "/users/sign_in", true);
      return Status::Ok();
    }
    r->set_cookies.emplace_back(ctx.model->session_cookie, *user);
    r->location = "/";
    return Status::Ok();
  });
  m->AddRoute("GET", "/users/sign_out", [](const Request&, SiteContext& ctx, Response* r) {
    r->set_cookies.emplace_back(ctx.model->session_cookie, "");
    r->location = "/users/sign_in";
    return Status::Ok();
  });
  m->AddRoute(
      "GET", "/-/profile", [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
        if (ctx.user.empty()) return RequireLogin(r);
        TemplateData d;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT name, status, website, location, bio FROM users WHERE username = ?", {ctx.user},
            [&](const Row& row) {
              d.set("name", row.Text(0));
              d.set("status", row.Text(1));
              d.set("website", row.Text(2));
              d.set("location", row.Text(3));
              d.set("bio", row.Text(4));
            }));
        return Respond(Render(*g, ctx, req, "Edit Profile", "profile", d, r, nullptr, true), r);
      });
  m->AddRoute(
      "POST", "/-/profile", [](const Request& req, SiteContext& ctx, Response* r) -> Status {
        if (ctx.user.empty()) return RequireLogin(r);
        const std::string name = Trim(req.Param("user[name]"));
        const std::string status = Trim(req.Param("user[status][message]"));
        const std::string website = Trim(req.Param("user[website_url]"));
        if (HasParam(req.form, "user[name]") && name.empty()) {
          Flash(r, "Name can't be blank", "/-/profile", true);
          return Status::Ok();
        }
        if (status.size() > 100) {
          Flash(r, "Status message is too long (maximum is 100 characters)", "/-/profile", true);
          return Status::Ok();
        }
        if (website.find(' ') != std::string::npos || website.size() > 255) {
          Flash(r, "Website url is not a valid URL", "/-/profile", true);
          return Status::Ok();
        }
        auto set = [&](const char* field, const char* column, const std::string& value) -> Status {
          if (!HasParam(req.form, field)) return Status::Ok();
          return ctx.db->Run("UPDATE users SET " + std::string(column) + " = ? WHERE username = ?",
                             {value, ctx.user});
        };
        WA_RETURN_IF_ERROR(set("user[name]", "name", name));
        WA_RETURN_IF_ERROR(set("user[status][message]", "status", status));
        WA_RETURN_IF_ERROR(set("user[website_url]", "website", website));
        WA_RETURN_IF_ERROR(set("user[location]", "location", Trim(req.Param("user[location]"))));
        WA_RETURN_IF_ERROR(set("user[bio]", "bio", Trim(req.Param("user[bio]"))));
        Flash(r, "Profile was successfully updated", "/-/profile");
        return Status::Ok();
      });
  m->AddRoute("GET", "/-/profile/personal_access_tokens",
              [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                auto me = Me(ctx);
                if (!me.ok()) return me.status();
                TemplateData d;
                TemplateList tokens;
                WA_RETURN_IF_ERROR(ctx.db->Query(
                    "SELECT id, name, scopes, created_at, expires_at FROM tokens WHERE user_id = "
                    "? AND revoked = 0 ORDER BY id",
                    {*me}, [&](const Row& row) {
                      TemplateData t;
                      t.set("id", std::to_string(row.Int(0)));
                      t.set("name", row.Text(1));
                      t.set("scopes", row.Text(2));
                      t.set("created", FormatDate(row.Int(3)));
                      t.set("expires", row.Text(4).empty() ? "Never" : DisplayDate(row.Text(4)));
                      tokens.push_back(std::move(t));
                    }));
                d.set("count", std::to_string(tokens.size()));
                d.set("tokens", std::move(tokens));
                auto feed = ctx.db->QueryText("SELECT feed_token FROM users WHERE id = ?", {*me});
                if (!feed.ok()) return feed.status();
                d.set("feed_token", *feed);
                TemplateList scopes;
                for (const char* s :
                     {"api", "read_user", "read_api", "read_repository", "write_repository"}) {
                  TemplateData o;
                  o.set("value", s);
                  scopes.push_back(std::move(o));
                }
                d.set("scopes", std::move(scopes));
                if (auto it = req.cookies.find("new_token");
                    it != req.cookies.end() && !it->second.empty()) {
                  d.set("new_token", it->second);
                  r->set_cookies.emplace_back("new_token", "");
                }
                return Respond(
                    Render(*g, ctx, req, "Personal Access Tokens", "tokens", d, r, nullptr, true),
                    r);
              });
  m->AddRoute("POST", "/-/profile/personal_access_tokens",
              [](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                auto me = Me(ctx);
                if (!me.ok()) return me.status();
                const std::string back = "/-/profile/personal_access_tokens";
                const std::string name = Trim(req.Param("personal_access_token[name]"));
                std::string scopes;
                for (const auto& [k, v] : req.form) {
                  if (k == "personal_access_token[scopes][]")
                    scopes += (scopes.empty() ? "" : ", ") + v;
                }
                const std::string raw_exp = req.Param("personal_access_token[expires_at]");
                const std::string exp = NormalizeDate(raw_exp);
                if (name.empty()) {
                  Flash(r, "Name can't be blank", back, true);
                  return Status::Ok();
                }
                if (scopes.empty()) {
                  Flash(r, "Scopes can't be blank", back, true);
                  return Status::Ok();
                }
                if (!raw_exp.empty() && exp.empty()) {
                  Flash(r, "Expiration date is not a valid date", back, true);
                  return Status::Ok();
                }
                WA_RETURN_IF_ERROR(ctx.db->Run(
                    "INSERT INTO tokens (user_id, name, scopes, expires_at, created_at) VALUES "
                    "(?, ?, ?, ?, ?)",
                    {*me, name, scopes, exp, ctx.Now()}));
                static const char kChars[] =
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
                std::string token = "glpat-";
                for (int i = 0; i < 20; ++i) {
                  token += kChars[ctx.Random().Uniform(sizeof(kChars) - 1)];
                }
                r->set_cookies.emplace_back("new_token", token);
                Flash(r, "Your new personal access token has been created.", back);
                return Status::Ok();
              });
  m->AddRoute(
      "POST", "/-/profile/personal_access_tokens/{id}/revoke",
      [](const Request& req, SiteContext& ctx, Response* r) -> Status {
        if (ctx.user.empty()) return RequireLogin(r);
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        WA_RETURN_IF_ERROR(ctx.db->Run("UPDATE tokens SET revoked = 1 WHERE id = ? AND user_id = ?",
                                       {ParseId(req.Capture(0)), *me}));
        Flash(r, "Revoked personal access token.", "/-/profile/personal_access_tokens");
        return Status::Ok();
      });
}

// A user's profile with one tab's content.
Status UserPage(const Gitlab& g, SiteContext& ctx, const Request& req, Response* r,
                const std::string& username, const std::string& tab) {
  auto u = UserByName(ctx, username);
  if (!u.ok()) return u.status();
  if (u->id == 0) return NotFound("The page could not be found.");
  auto me = Me(ctx);
  if (!me.ok()) return me.status();
  TemplateData d;
  int64_t created = 0;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT name, status, website, location, bio, created_at, (SELECT COUNT(*) FROM follows "
      "WHERE followee_id = users.id), (SELECT COUNT(*) FROM follows WHERE follower_id = "
      "users.id) FROM users WHERE id = ?",
      {u->id}, [&](const Row& row) {
        d.set("name", row.Text(0));
        if (!row.Text(1).empty()) d.set("status", row.Text(1));
        const std::string w = row.Text(2);
        if (!w.empty()) {
          d.set("website", WebsiteDisplay(w));
          d.set("website_href", w.find("://") == std::string::npos ? "http://" + w : w);
        }
        if (!row.Text(3).empty()) d.set("location", row.Text(3));
        if (!row.Text(4).empty()) d.set("bio", row.Text(4));
        created = row.Int(5);
        d.set("followers", std::to_string(row.Int(6)));
        d.set("following", std::to_string(row.Int(7)));
      }));
  d.set("username", u->username);
  d.set("since", FormatDate(created));
  if (*me != 0 && *me != u->id) {
    auto f = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM follows WHERE follower_id = ? AND followee_id = ?", {*me, u->id});
    if (!f.ok()) return f.status();
    d.set("can_follow", true);
    d.set("follow_action", *f ? "unfollow" : "follow");
    d.set("follow_label", *f ? "Unfollow" : "Follow");
  }
  if (*me == u->id) d.set("is_me", true);
  const std::string base = "/users/" + u->username;
  d.set("tabs", Tabs({{"Overview", "/" + u->username},
                      {"Activity", base + "/activity"},
                      {"Contributed projects", base + "/contributed"},
                      {"Personal projects", base + "/projects"},
                      {"Starred projects", base + "/starred"},
                      {"Followers", base + "/followers"},
                      {"Following", base + "/following"}},
                     tab == "overview" ? "/" + u->username : base + "/" + tab));
  const std::string visible =
      " AND (p.visibility != 'private' OR p.id IN (SELECT project_id FROM members WHERE user_id "
      "= " +
      std::to_string(*me) + "))";
  std::string sql;
  if (tab == "overview" || tab == "projects") {
    sql =
        "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
        "n.user_id = ?" +
        visible + " ORDER BY p.last_activity_at DESC, p.id DESC LIMIT 100";
  } else if (tab == "starred") {
    sql = "SELECT p.id FROM projects p JOIN stars s ON s.project_id = p.id WHERE s.user_id = ?" +
          visible + " ORDER BY p.last_activity_at DESC, p.id DESC LIMIT 100";
  } else if (tab == "contributed") {
    sql =
        "SELECT p.id FROM projects p WHERE p.id IN (SELECT project_id FROM commits WHERE "
        "author_id = ?1 UNION SELECT project_id FROM issues WHERE author_id = ?1 UNION SELECT "
        "project_id FROM merge_requests WHERE author_id = ?1)" +
        visible + " ORDER BY p.last_activity_at DESC, p.id DESC LIMIT 100";
  }
  if (!sql.empty()) {
    auto rows = ProjectRows(ctx, sql, {u->id}, nullptr, 100);
    if (!rows.ok()) return rows.status();
    if (rows->empty()) {
      d.set("empty", tab == "starred" ? "This user hasn't starred any projects."
                                      : "This user doesn't have any projects.");
    }
    d.set("projects_present", !rows->empty());
    d.set("projects", std::move(*rows));
  } else if (tab == "followers" || tab == "following") {
    TemplateList users;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        tab == "followers"
            ? "SELECT u.username, u.name FROM follows f JOIN users u ON u.id = f.follower_id "
              "WHERE f.followee_id = ? ORDER BY f.created_at DESC, u.id"
            : "SELECT u.username, u.name FROM follows f JOIN users u ON u.id = f.followee_id "
              "WHERE f.follower_id = ? ORDER BY f.created_at DESC, u.id",
        {u->id}, [&](const Row& row) {
          TemplateData x;
          x.set("username", row.Text(0));
          x.set("name", row.Text(1));
          users.push_back(std::move(x));
        }));
    if (users.empty()) {
      d.set("empty", tab == "followers" ? "This user doesn't have any followers."
                                        : "This user isn't following other users.");
    }
    d.set("users_present", !users.empty());
    d.set("users", std::move(users));
  } else {  // activity
    TemplateList events;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT 'pushed to ' || n.path || '/' || p.path || ': ' || c.message, c.authored_at FROM "
        "commits c JOIN projects p ON p.id = c.project_id JOIN namespaces n ON n.id = "
        "p.namespace_id WHERE c.author_id = ?1 UNION ALL SELECT 'opened issue #' || i.iid || ' "
        "at ' || n.path || '/' || p.path, i.created_at FROM issues i JOIN projects p ON p.id = "
        "i.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE i.author_id = ?1 ORDER BY "
        "2 DESC LIMIT 20",
        {u->id}, [&](const Row& row) {
          TemplateData e;
          e.set("text", row.Text(0) + " · " + Age(row.Int(1)));
          events.push_back(std::move(e));
        }));
    if (events.empty()) d.set("empty", "No activity.");
    d.set("activity_present", !events.empty());
    d.set("activity", std::move(events));
  }
  return Respond(Render(g, ctx, req, u->name, "user", d, r), r);
}

void AddUserRoutes(const G& g, SiteModel* m) {
  for (const char* tab :
       {"activity", "contributed", "projects", "starred", "followers", "following"}) {
    const std::string t = tab;
    m->AddRoute("GET", "/users/{user}/" + t,
                [g, t](const Request& req, SiteContext& ctx, Response* r) {
                  return UserPage(*g, ctx, req, r, req.Capture(0), t);
                });
  }
  for (const char* action : {"follow", "unfollow"}) {
    const bool follow = std::string(action) == "follow";
    m->AddRoute("POST", std::string("/users/{user}/") + action,
                [follow](const Request& req, SiteContext& ctx, Response* r) -> Status {
                  if (ctx.user.empty()) return RequireLogin(r);
                  auto me = Me(ctx);
                  if (!me.ok()) return me.status();
                  auto u = UserByName(ctx, req.Capture(0));
                  if (!u.ok()) return u.status();
                  if (u->id == 0) return NotFound("No such user");
                  r->location = "/" + u->username;
                  if (u->id == *me) {
                    Flash(r, "You cannot follow yourself", r->location, true);
                    return Status::Ok();
                  }
                  if (follow) {
                    return ctx.db->Run(
                        "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) "
                        "VALUES (?, ?, ?)",
                        {*me, u->id, ctx.Now()});
                  }
                  return ctx.db->Run(
                      "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?",
                      {*me, u->id});
                });
  }
}

void AddNewProjectRoutes(const G& g, SiteModel* m) {
  m->AddRoute("GET", "/projects/new",
              [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                TemplateData d;
                const std::string tab = req.Param("tab") == "template" ? "template" : "blank";
                const std::string slug = req.Param("template");
                if (tab == "blank") {
                  d.set("blank", true);
                  d.set("show_form", true);
                } else {
                  d.set("template_tab", true);
                  TemplateList list;
                  for (const ProjectTemplate& t : GitlabProjectTemplates()) {
                    TemplateData x;
                    x.set("name", t.name);
                    x.set("slug", t.slug);
                    x.set("description", t.description);
                    list.push_back(std::move(x));
                    if (slug == t.slug) {
                      d.set("template", t.slug);
                      d.set("template_name", t.name);
                      d.set("show_form", true);
                    }
                  }
                  d.set("templates", std::move(list));
                }
                d.set("namespaces",
                      Options({{ctx.user, "http://localhost:8023/" + ctx.user + "/"}}, ctx.user));
                return Respond(Render(*g, ctx, req, "New Project", "project_new", d, r), r);
              });
  m->AddRoute("POST", "/projects", [](const Request& req, SiteContext& ctx, Response* r) -> Status {
    if (ctx.user.empty()) return RequireLogin(r);
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    const std::string name = Trim(req.Param("project[name]"));
    std::string path = Trim(req.Param("project[path]"));
    const std::string visibility = req.Param("project[visibility]").empty()
                                       ? std::string("private")
                                       : req.Param("project[visibility]");
    const std::string slug = req.Param("project[template_name]");
    const std::string back = slug.empty()
                                 ? std::string("/projects/new?tab=blank")
                                 : "/projects/new?tab=template&template=" + UrlEncode(slug);
    if (name.empty()) {
      Flash(r, "Project name can't be blank", back, true);
      return Status::Ok();
    }
    if (name.size() > 255) {
      Flash(r, "Project name is too long (maximum is 255 characters)", back, true);
      return Status::Ok();
    }
    if (path.empty()) path = GitlabPathOf(name);
    if (path.empty() || path != GitlabPathOf(path) || path[0] == '-' || path[0] == '.') {
      Flash(r, "Project slug can contain only letters, digits, '_', '-' and '.'", back, true);
      return Status::Ok();
    }
    if (visibility != "private" && visibility != "internal" && visibility != "public") {
      Flash(r, "Visibility level is not valid", back, true);
      return Status::Ok();
    }
    const ProjectTemplate* tmpl = nullptr;
    for (const ProjectTemplate& t : GitlabProjectTemplates()) {
      if (slug == t.slug) tmpl = &t;
    }
    if (!slug.empty() && tmpl == nullptr) {
      Flash(r, "Unknown project template '" + slug + "'", "/projects/new?tab=template", true);
      return Status::Ok();
    }
    auto ns = ctx.db->QueryInt("SELECT id FROM namespaces WHERE user_id = ?", {*me}, 0);
    if (!ns.ok()) return ns.status();
    auto taken = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM projects WHERE namespace_id = ? AND (path = ? OR name = ?)",
        {*ns, path, name});
    if (!taken.ok()) return taken.status();
    if (*taken) {
      Flash(r, "Name has already been taken", back, true);
      return Status::Ok();
    }
    const int64_t now = ctx.Now();
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "INSERT INTO projects (namespace_id, path, name, description, visibility, default_branch, "
        "creator_id, created_at, last_activity_at) VALUES (?, ?, ?, ?, ?, 'main', ?, ?, ?)",
        {*ns, path, name, tmpl ? tmpl->description : "", visibility, *me, now, now}));
    const int64_t pid = ctx.db->LastInsertRowId();
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "INSERT INTO members (project_id, user_id, access, created_at) VALUES (?, ?, ?, ?)",
        {pid, *me, kOwner, now}));
    for (const char* l : {"bug", "documentation", "enhancement", "question"}) {
      WA_RETURN_IF_ERROR(ctx.db->Run(
          "INSERT INTO labels (project_id, name, color) VALUES (?, ?, '#428bca')", {pid, l}));
    }
    if (tmpl != nullptr) {
      for (const auto& [file, content] : tmpl->files) {
        WA_RETURN_IF_ERROR(
            ctx.db->Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
                        {pid, file, content}));
      }
      WA_RETURN_IF_ERROR(
          AddCommit(ctx, pid, "main", *me,
                    std::string("Initialized from '") + tmpl->name + "' project template"));
    } else if (req.Param("project[initialize_with_readme]") == "1") {
      WA_RETURN_IF_ERROR(
          ctx.db->Run("INSERT INTO files (project_id, path, content) VALUES (?, 'README.md', ?)",
                      {pid, "# " + name + "\n\n"}));
      WA_RETURN_IF_ERROR(AddCommit(ctx, pid, "main", *me, "Initial commit"));
    }
    Flash(r, "Project '" + name + "' was successfully created.", "/" + ctx.user + "/" + path);
    return Status::Ok();
  });
}

void AddProjectRoutes(const G& g, SiteModel* m) {
  AddProjectRoute(
      m, "GET", "",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        TemplateData d;
        d.set("id", std::to_string(p.id));
        d.set("name", p.name);
        d.set("full_path", p.Full());
        d.set("description", p.description);
        d.set("visibility", Capitalized(p.visibility));
        d.set("visibility_title", VisibilityTitle(p.visibility));
        d.set("branch", p.branch);
        d.set("ssh_url", std::string(kGitlabSshBase) + p.Full() + ".git");
        d.set("http_url", std::string(kGitlabHttpBase) + p.Full() + ".git");
        auto stars = ctx.db->QueryInt("SELECT COUNT(*) FROM stars WHERE project_id = ?", {p.id});
        auto starred = ctx.db->QueryInt(
            "SELECT COUNT(*) FROM stars WHERE project_id = ? AND user_id = ?", {p.id, *me});
        auto commits =
            ctx.db->QueryInt("SELECT COUNT(*) FROM commits WHERE project_id = ?", {p.id});
        auto branches =
            ctx.db->QueryInt("SELECT COUNT(*) FROM branches WHERE project_id = ?", {p.id});
        if (!stars.ok()) return stars.status();
        if (!starred.ok()) return starred.status();
        if (!commits.ok()) return commits.status();
        if (!branches.ok()) return branches.status();
        d.set("stars", std::to_string(*stars));
        d.set("star_label", *starred ? "Unstar" : "Star");
        d.set("commit_count", std::to_string(*commits));
        d.set("branch_count", std::to_string(*branches));
        auto files = ctx.db->QueryInt("SELECT COUNT(*) FROM files WHERE project_id = ?", {p.id});
        if (!files.ok()) return files.status();
        if (*files == 0) {
          d.set("empty", true);
        } else {
          WA_RETURN_IF_ERROR(ctx.db->Query(
              "SELECT message, author_name, authored_at FROM commits WHERE project_id = ? ORDER BY "
              "authored_at DESC, id DESC LIMIT 1",
              {p.id}, [&](const Row& row) {
                TemplateData c;
                c.set("message", row.Text(0));
                c.set("author", row.Text(1));
                c.set("date", Age(row.Int(2)));
                d.set("last_commit", std::move(c));
              }));
          auto tree = TreeHtml(*g, ctx, p, p.branch, "");
          if (!tree.ok()) return tree.status();
          d.set("tree", *tree);
          auto readme = ctx.db->QueryText(
              "SELECT content FROM files WHERE project_id = ? AND path = 'README.md'", {p.id});
          if (!readme.ok()) return readme.status();
          if (!readme->empty()) d.set("readme", *readme);
        }
        return Respond(Render(*g, ctx, req, p.name, "project", d, r, &p), r);
      });
  AddProjectRoute(
      m, "POST", "/toggle_star",
      [](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        auto starred = ctx.db->QueryInt(
            "SELECT COUNT(*) FROM stars WHERE project_id = ? AND user_id = ?", {p.id, *me});
        if (!starred.ok()) return starred.status();
        if (*starred) {
          WA_RETURN_IF_ERROR(
              ctx.db->Run("DELETE FROM stars WHERE project_id = ? AND user_id = ?", {p.id, *me}));
        } else {
          WA_RETURN_IF_ERROR(
              ctx.db->Run("INSERT INTO stars (user_id, project_id, created_at) VALUES (?, ?, ?)",
                          {*me, p.id, ctx.Now()}));
        }
        // Back to the list the button was on (site-relative paths only), else the project.
        const std::string next = req.Param("next");
        r->location = !next.empty() && next[0] == '/' && (next.size() < 2 || next[1] != '/')
                          ? next
                          : p.Base();
        return Status::Ok();
      },
      true);
  AddProjectRoute(
      m, "GET", "/-/starrers",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        TemplateList users;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT u.username, u.name FROM stars s JOIN users u ON u.id = s.user_id WHERE "
            "s.project_id = ? ORDER BY s.created_at DESC, u.id",
            {p.id}, [&](const Row& row) {
              TemplateData x;
              x.set("username", row.Text(0));
              x.set("name", row.Text(1));
              users.push_back(std::move(x));
            }));
        TemplateData d;
        d.set("name", p.name);
        d.set("username", "");
        d.set("users_present", !users.empty());
        if (users.empty()) d.set("empty", "Nobody has starred this repository yet.");
        d.set("users", std::move(users));
        return Respond(Render(*g, ctx, req, "Starrers", "user", d, r, &p), r);
      });
  auto tree = [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
    const std::string branch = req.Capture(2);
    auto exists = BranchExists(ctx, p, branch);
    if (!exists.ok()) return exists.status();
    if (!*exists && branch != p.branch) return NotFound("Branch " + branch + " does not exist");
    std::string dir = req.Capture(3);
    if (!dir.empty() && dir[0] == '/') dir = dir.substr(1);
    auto html = TreeHtml(*g, ctx, p, branch, dir);
    if (!html.ok()) return html.status();
    TemplateData d;
    d.set("project_name", p.name);
    d.set("path", dir.empty() ? "/" : dir);
    d.set("branch", branch);
    d.set("new_file", p.Base() + "/-/new/" + branch);
    d.set("tree", *html);
    return Respond(Render(*g, ctx, req, "Files · " + p.name, "tree_page", d, r, &p), r);
  };
  AddProjectRoute(m, "GET", "/-/tree/{branch}", tree);
  AddProjectRoute(m, "GET", "/-/tree/{branch}/*", tree);
  auto file = [](const Request& req, SiteContext& ctx, const Proj& p,
                 std::string* content) -> Status {
    std::string path = req.Capture(3);
    if (!path.empty() && path[0] == '/') path = path.substr(1);
    bool found = false;
    WA_RETURN_IF_ERROR(ctx.db->Query("SELECT content FROM files WHERE project_id = ? AND path = ?",
                                     {p.id, path}, [&](const Row& row) {
                                       *content = row.Text(0);
                                       found = true;
                                     }));
    if (!found) return NotFound("File " + path + " not found");
    return Status::Ok();
  };
  AddProjectRoute(
      m, "GET", "/-/blob/{branch}/*",
      [g, file](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        std::string content;
        WA_RETURN_IF_ERROR(file(req, ctx, p, &content));
        TemplateData d;
        std::string path = req.Capture(3).substr(1);
        d.set("path", path);
        d.set("content", content);
        d.set("raw_url", p.Base() + "/-/raw/" + req.Capture(2) + "/" + path);
        d.set("history_url", p.Base() + "/-/commits/" + req.Capture(2));
        return Respond(Render(*g, ctx, req, path, "blob", d, r, &p), r);
      });
  AddProjectRoute(
      m, "GET", "/-/raw/{branch}/*",
      [file](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        std::string content;
        WA_RETURN_IF_ERROR(file(req, ctx, p, &content));
        // Chromium shows a text/plain file as one <pre>; so does this page.
        r->body = "<!DOCTYPE html><html><head></head><body><pre>" + HtmlEscape(content) +
                  "</pre></body></html>";
        return Status::Ok();
      });
  AddProjectRoute(m, "GET", "/-/commits",
                  [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) {
                    return CommitsPage(*g, ctx, req, r, p, p.branch);
                  });
  AddProjectRoute(m, "GET", "/-/commits/{branch}",
                  [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) {
                    return CommitsPage(*g, ctx, req, r, p, req.Capture(2));
                  });
  AddProjectRoute(m, "GET", "/-/commit/{sha}",
                  [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
                    TemplateData d;
                    bool found = false;
                    WA_RETURN_IF_ERROR(
                        ctx.db->Query("SELECT sha, message, author_name, authored_at, branch FROM "
                                      "commits WHERE project_id = ? "
                                      "AND sha = ?",
                                      {p.id, req.Capture(2)}, [&](const Row& row) {
                                        found = true;
                                        d.set("sha", row.Text(0));
                                        d.set("message", row.Text(1));
                                        d.set("author", row.Text(2));
                                        d.set("date", FormatDateTime(row.Int(3)) + " UTC");
                                        d.set("branch", row.Text(4));
                                      }));
                    if (!found) return NotFound("Commit not found");
                    return Respond(Render(*g, ctx, req, "Commit", "commit", d, r, &p), r);
                  });
  AddProjectRoute(
      m, "GET", "/-/graphs/{branch}",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto exists = BranchExists(ctx, p, req.Capture(2));
        if (!exists.ok()) return exists.status();
        if (!*exists && req.Capture(2) != p.branch) {
          return NotFound("Branch " + req.Capture(2) + " does not exist");
        }
        TemplateList people;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT author_name, MIN(author_email), COUNT(*) FROM commits WHERE project_id = ? AND "
            "(branch = ? OR branch = ?) GROUP BY author_name ORDER BY COUNT(*) DESC, author_name",
            {p.id, req.Capture(2), p.branch}, [&](const Row& row) {
              TemplateData x;
              x.set("name", row.Text(0));
              x.set("email", row.Text(1));
              x.set("count", std::to_string(row.Int(2)));
              people.push_back(std::move(x));
            }));
        TemplateData d;
        d.set("branch", req.Capture(2));
        d.set("people", std::move(people));
        return Respond(Render(*g, ctx, req, "Contributors · " + p.name, "graphs", d, r, &p), r);
      });
  AddProjectRoute(
      m, "GET", "/-/branches",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        TemplateList list;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT name FROM branches WHERE project_id = ? ORDER BY name = ? DESC, name",
            {p.id, p.branch}, [&](const Row& row) {
              TemplateData b;
              b.set("name", row.Text(0));
              b.set("url", p.Base() + "/-/tree/" + row.Text(0));
              if (row.Text(0) == p.branch) b.set("default", true);
              list.push_back(std::move(b));
            }));
        TemplateData d;
        d.set("branches", std::move(list));
        return Respond(Render(*g, ctx, req, "Branches · " + p.name, "branches", d, r, &p), r);
      });
  AddProjectRoute(
      m, "GET", "/-/labels",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        TemplateList list;
        WA_RETURN_IF_ERROR(
            ctx.db->Query("SELECT name, description FROM labels WHERE project_id = ? ORDER BY name",
                          {p.id}, [&](const Row& row) {
                            TemplateData l;
                            l.set("name", row.Text(0));
                            l.set("description", row.Text(1));
                            l.set("url", LabelUrl(p, row.Text(0)));
                            list.push_back(std::move(l));
                          }));
        TemplateData d;
        d.set("labels", std::move(list));
        return Respond(Render(*g, ctx, req, "Labels · " + p.name, "labels", d, r, &p), r);
      });

  // Web editor.
  AddProjectRoute(
      m, "GET", "/-/new/{branch}",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        const bool dir = req.Param("directory") == "1";
        TemplateData d;
        d.set("heading", dir ? "New directory" : "New file");
        d.set("directory", dir);
        d.set("branch", req.Capture(2));
        d.set("default_message", dir ? "Add new directory" : "Add new file");
        d.set("button", dir ? "Create directory" : "Commit changes");
        d.set("action", p.Base() + (dir ? "/-/create_dir/" : "/-/create/") + req.Capture(2));
        return Respond(
            Render(*g, ctx, req, dir ? "New directory" : "New file", "file_new", d, r, &p), r);
      },
      true);
  for (const bool dir : {false, true}) {
    AddProjectRoute(
        m, "POST", dir ? "/-/create_dir/{branch}" : "/-/create/{branch}",
        [dir](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
          auto me = Me(ctx);
          if (!me.ok()) return me.status();
          auto member = ctx.db->QueryInt(
              "SELECT COUNT(*) FROM members WHERE project_id = ? AND user_id = ? AND access >= ?",
              {p.id, *me, kDeveloper});
          if (!member.ok()) return member.status();
          const std::string back =
              p.Base() + "/-/new/" + req.Capture(2) + (dir ? "?directory=1" : "");
          if (*member == 0) {
            Flash(r, "You are not allowed to push into this branch.", back, true);
            return Status::Ok();
          }
          std::string path = Trim(req.Param(dir ? "dir_name" : "file_name"));
          while (!path.empty() && path.back() == '/') path.pop_back();
          if (!ValidFilePath(path)) {
            Flash(r, std::string(dir ? "Directory" : "File") + " name '" + path + "' is not valid",
                  back, true);
            return Status::Ok();
          }
          std::string branch = Trim(req.Param("branch_name"));
          if (branch.empty()) branch = req.Capture(2);
          if (branch.find('/') != std::string::npos || branch.find(' ') != std::string::npos) {
            Flash(r, "Branch name '" + branch + "' is not valid", back, true);
            return Status::Ok();
          }
          const std::string file = dir ? path + "/.gitkeep" : path;
          auto exists = ctx.db->QueryInt(
              "SELECT COUNT(*) FROM files WHERE project_id = ? AND (path = ? OR path LIKE ?)",
              {p.id, file, path + "/%"});
          if (!exists.ok()) return exists.status();
          if (*exists) {
            Flash(r, "A file or directory with this name already exists", back, true);
            return Status::Ok();
          }
          WA_RETURN_IF_ERROR(
              ctx.db->Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
                          {p.id, file, dir ? std::string() : req.Param("content")}));
          std::string message = Trim(req.Param("commit_message"));
          if (message.empty()) message = dir ? "Add new directory" : "Add new file";
          WA_RETURN_IF_ERROR(AddCommit(ctx, p.id, branch, *me, message));
          Flash(r,
                dir ? "The directory has been successfully created."
                    : "The file has been successfully created.",
                p.Base() + (dir ? "/-/tree/" : "/-/blob/") + branch + "/" + path);
          return Status::Ok();
        },
        true);
  }

  // Issues.
  AddProjectRoute(m, "GET", "/-/issues",
                  [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) {
                    return IssuableList(*g, ctx, req, r, {false, p.id, p.Base() + "/-/issues"}, &p);
                  });
  AddProjectRoute(
      m, "GET", "/-/issues/new",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto members = MemberOptions(ctx, p);
        if (!members.ok()) return members.status();
        std::vector<std::pair<std::string, std::string>> labels;
        WA_RETURN_IF_ERROR(
            ctx.db->Query("SELECT name FROM labels WHERE project_id = ? ORDER BY name", {p.id},
                          [&](const Row& row) { labels.emplace_back(row.Text(0), row.Text(0)); }));
        // Anyone may assign themselves, member or not.
        auto me = UserByName(ctx, ctx.user);
        if (!me.ok()) return me.status();
        if (std::none_of(members->begin(), members->end(),
                         [&](const auto& o) { return o.first == ctx.user; })) {
          members->insert(members->begin(), {ctx.user, me->name + " @" + ctx.user});
        }
        TemplateData d;
        d.set("action", p.Base() + "/-/issues");
        d.set("member_options", Options(*members, ""));
        d.set("label_options", Options(labels, ""));
        d.set("me_name", me->name);
        return Respond(Render(*g, ctx, req, "New Issue", "issue_new", d, r, &p), r);
      },
      true);
  AddProjectRoute(
      m, "POST", "/-/issues",
      [](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        const std::string back = p.Base() + "/-/issues/new";
        const std::string title = Trim(req.Param("issue[title]"));
        if (title.empty()) {
          Flash(r, "Title can't be blank", back, true);
          return Status::Ok();
        }
        if (title.size() > 255) {
          Flash(r, "Title is too long (maximum is 255 characters)", back, true);
          return Status::Ok();
        }
        const std::string raw_due = req.Param("issue[due_date]");
        const std::string due = NormalizeDate(raw_due);
        if (!raw_due.empty() && due.empty()) {
          Flash(r, "Due date '" + raw_due + "' is not a valid date (use YYYY-MM-DD)", back, true);
          return Status::Ok();
        }
        UserRef assignee;
        if (!req.Param("issue[assignee]").empty()) {
          auto u = UserByName(ctx, req.Param("issue[assignee]"));
          if (!u.ok()) return u.status();
          if (u->id == 0) {
            Flash(r, "No user named " + req.Param("issue[assignee]"), back, true);
            return Status::Ok();
          }
          assignee = *u;
        }
        int64_t label = 0;
        if (!req.Param("issue[label]").empty()) {
          auto l = ctx.db->QueryInt("SELECT id FROM labels WHERE project_id = ? AND name = ?",
                                    {p.id, req.Param("issue[label]")}, 0);
          if (!l.ok()) return l.status();
          if (*l == 0) {
            Flash(r, "No label named " + req.Param("issue[label]"), back, true);
            return Status::Ok();
          }
          label = *l;
        }
        auto iid = ctx.db->QueryInt(
            "SELECT COALESCE(MAX(iid), 0) + 1 FROM issues WHERE project_id = ?", {p.id});
        if (!iid.ok()) return iid.status();
        const int64_t now = ctx.Now();
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO issues (project_id, iid, title, description, author_id, state, "
            "created_at, updated_at, due_date) VALUES (?, ?, ?, ?, ?, 'opened', ?, ?, ?)",
            {p.id, *iid, title, req.Param("issue[description]"), *me, now, now, due}));
        const int64_t id = ctx.db->LastInsertRowId();
        if (assignee.id != 0) {
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "INSERT INTO issue_assignees (issue_id, user_id) VALUES (?, ?)", {id, assignee.id}));
        }
        if (label != 0) {
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "INSERT INTO issue_labels (issue_id, label_id) VALUES (?, ?)", {id, label}));
        }
        WA_RETURN_IF_ERROR(TouchProject(ctx, p.id));
        r->location = p.Base() + "/-/issues/" + std::to_string(*iid);
        return Status::Ok();
      },
      true);
  AddProjectRoute(m, "GET", "/-/issues/{iid}",
                  [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) {
                    return IssuePage(*g, ctx, req, r, p);
                  });
  AddProjectRoute(m, "POST", "/-/issues/{iid}/notes", NoteHandler(false), true);
  AddProjectRoute(m, "POST", "/-/issues/{iid}/update", UpdateHandler(false), true);

  // Merge requests.
  AddProjectRoute(
      m, "GET", "/-/merge_requests",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) {
        return IssuableList(*g, ctx, req, r, {true, p.id, p.Base() + "/-/merge_requests"}, &p);
      });
  AddProjectRoute(
      m, "GET", "/-/merge_requests/new",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        std::vector<std::pair<std::string, std::string>> branches;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT name FROM branches WHERE project_id = ? ORDER BY name", {p.id},
            [&](const Row& row) { branches.emplace_back(row.Text(0), row.Text(0)); }));
        auto members = MemberOptions(ctx, p);
        if (!members.ok()) return members.status();
        TemplateData d;
        d.set("action", p.Base() + "/-/merge_requests");
        d.set("branches", Options(branches, ""));
        d.set("targets", Options(branches, p.branch));
        d.set("member_options", Options(*members, ""));
        return Respond(Render(*g, ctx, req, "New merge request", "mr_new", d, r, &p), r);
      },
      true);
  AddProjectRoute(
      m, "POST", "/-/merge_requests",
      [](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        const std::string back = p.Base() + "/-/merge_requests/new";
        const std::string source = req.Param("merge_request[source_branch]");
        const std::string target = req.Param("merge_request[target_branch]");
        for (const std::string& b : {source, target}) {
          auto ok = BranchExists(ctx, p, b);
          if (!ok.ok()) return ok.status();
          if (!*ok) {
            Flash(r,
                  b.empty() ? "Select a source and a target branch"
                            : "Branch '" + b + "' does not exist",
                  back, true);
            return Status::Ok();
          }
        }
        if (source == target) {
          Flash(r, "Source and target branch must differ", back, true);
          return Status::Ok();
        }
        auto open = ctx.db->QueryInt(
            "SELECT iid FROM merge_requests WHERE project_id = ? AND source_branch = ? AND "
            "target_branch = ? AND state = 'opened'",
            {p.id, source, target}, 0);
        if (!open.ok()) return open.status();
        if (*open) {
          Flash(r,
                "Another open merge request already exists for this source branch: !" +
                    std::to_string(*open),
                back, true);
          return Status::Ok();
        }
        std::string title = Trim(req.Param("merge_request[title]"));
        if (title.empty()) title = Capitalized(source);
        UserRef people[2];
        const char* fields[2] = {"merge_request[assignee]", "merge_request[reviewer]"};
        for (int i = 0; i < 2; ++i) {
          if (req.Param(fields[i]).empty()) continue;
          auto u = UserByName(ctx, req.Param(fields[i]));
          if (!u.ok()) return u.status();
          if (u->id == 0) {
            Flash(r, "No user named " + req.Param(fields[i]), back, true);
            return Status::Ok();
          }
          people[i] = *u;
        }
        auto iid = ctx.db->QueryInt(
            "SELECT COALESCE(MAX(iid), 0) + 1 FROM merge_requests WHERE project_id = ?", {p.id});
        if (!iid.ok()) return iid.status();
        const int64_t now = ctx.Now();
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO merge_requests (project_id, iid, title, description, author_id, "
            "source_branch, target_branch, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, "
            "?, ?, 'opened', ?, ?)",
            {p.id, *iid, title, req.Param("merge_request[description]"), *me, source, target, now,
             now}));
        const int64_t id = ctx.db->LastInsertRowId();
        if (people[0].id) {
          WA_RETURN_IF_ERROR(ctx.db->Run("INSERT INTO mr_assignees (mr_id, user_id) VALUES (?, ?)",
                                         {id, people[0].id}));
        }
        if (people[1].id) {
          WA_RETURN_IF_ERROR(ctx.db->Run("INSERT INTO mr_reviewers (mr_id, user_id) VALUES (?, ?)",
                                         {id, people[1].id}));
        }
        WA_RETURN_IF_ERROR(TouchProject(ctx, p.id));
        r->location = p.Base() + "/-/merge_requests/" + std::to_string(*iid);
        return Status::Ok();
      },
      true);
  AddProjectRoute(m, "GET", "/-/merge_requests/{iid}",
                  [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) {
                    return MrPage(*g, ctx, req, r, p);
                  });
  AddProjectRoute(m, "POST", "/-/merge_requests/{iid}/notes", NoteHandler(true), true);
  AddProjectRoute(m, "POST", "/-/merge_requests/{iid}/update", UpdateHandler(true), true);

  // Members.
  AddProjectRoute(
      m, "GET", "/-/project_members",
      [g](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        std::vector<std::pair<std::string, std::string>> roles = {{"10", "Guest"},
                                                                  {"20", "Reporter"},
                                                                  {"30", "Developer"},
                                                                  {"40", "Maintainer"},
                                                                  {"50", "Owner"}};
        TemplateList members;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT u.id, u.username, u.name, m.access, m.expires_at, m.created_at FROM members m "
            "JOIN users u ON u.id = m.user_id WHERE m.project_id = ? ORDER BY m.access DESC, "
            "m.created_at, u.id",
            {p.id}, [&](const Row& row) {
              TemplateData x;
              x.set("username", row.Text(1));
              x.set("name", row.Text(2));
              x.set("role", AccessName(row.Int(3)));
              x.set("expires",
                    row.Text(4).empty() ? "No expiration set" : DisplayDate(row.Text(4)));
              x.set("granted", Age(row.Int(5)));
              if (row.Int(3) == kOwner) x.set("owner", true);
              if (row.Text(1) == ctx.user) x.set("is_me", true);
              x.set("roles", Options(roles, std::to_string(row.Int(3))));
              x.set("role_action", p.Base() + "/-/project_members/" + std::to_string(row.Int(0)));
              x.set("remove_action",
                    p.Base() + "/-/project_members/" + std::to_string(row.Int(0)) + "/delete");
              members.push_back(std::move(x));
            }));
        TemplateData d;
        d.set("project_name", p.name);
        d.set("action", p.Base() + "/-/project_members");
        d.set("roles", Options(roles, "10"));
        d.set("count", std::to_string(members.size()));
        d.set("members", std::move(members));
        return Respond(Render(*g, ctx, req, "Members · " + p.name, "members", d, r, &p), r);
      });
  // Only maintainers and owners manage members.
  auto can_manage = [](SiteContext& ctx, const Proj& p, int64_t me) -> Result<bool> {
    auto n = ctx.db->QueryInt(
        "SELECT COUNT(*) FROM members WHERE project_id = ? AND user_id = ? AND access >= ?",
        {p.id, me, kMaintainer});
    if (!n.ok()) return n.status();
    return *n > 0;
  };
  AddProjectRoute(
      m, "POST", "/-/project_members",
      [can_manage](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        const std::string back = p.Base() + "/-/project_members";
        auto ok = can_manage(ctx, p, *me);
        if (!ok.ok()) return ok.status();
        if (!*ok) {
          Flash(r, "You are not allowed to invite members to this project.", back, true);
          return Status::Ok();
        }
        const int level = static_cast<int>(ParseId(req.Param("access_level"), -1));
        if (level != kGuest && level != kReporter && level != kDeveloper && level != kMaintainer &&
            level != kOwner) {
          Flash(r, "Access level is not valid", back, true);
          return Status::Ok();
        }
        const std::string raw_exp = req.Param("expires_at");
        const std::string exp = NormalizeDate(raw_exp);
        if (!raw_exp.empty() && exp.empty()) {
          Flash(r, "Expiration date '" + raw_exp + "' is not a valid date", back, true);
          return Status::Ok();
        }
        // Several people: separated by commas or " and ".
        std::string text = req.Param("user");
        for (size_t at = text.find(" and "); at != std::string::npos; at = text.find(" and ")) {
          text.replace(at, 5, ",");
        }
        std::vector<UserRef> people;
        std::string errors;
        size_t start = 0;
        while (start <= text.size()) {
          size_t comma = text.find(',', start);
          if (comma == std::string::npos) comma = text.size();
          const std::string one = Trim(text.substr(start, comma - start));
          start = comma + 1;
          if (one.empty()) continue;
          auto u = ResolveUser(ctx, one);
          if (!u.ok() && u.status().code() != StatusCode::kNotFound &&
              u.status().code() != StatusCode::kInvalidArgument) {
            return u.status();
          }
          if (!u.ok()) {
            errors += (errors.empty() ? "" : " ") + u.status().message();
            continue;
          }
          people.push_back(*u);
        }
        if (people.empty() && errors.empty()) {
          Flash(r, "Select at least one user to invite.", back, true);
          return Status::Ok();
        }
        std::string added;
        for (const UserRef& u : people) {
          auto is = ctx.db->QueryInt(
              "SELECT COUNT(*) FROM members WHERE project_id = ? AND user_id = ?", {p.id, u.id});
          if (!is.ok()) return is.status();
          if (*is) {
            errors += (errors.empty() ? "" : " ") + ("@" + u.username + " is already a member.");
            continue;
          }
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "INSERT INTO members (project_id, user_id, access, expires_at, created_at) VALUES "
              "(?, ?, ?, ?, ?)",
              {p.id, u.id, level, exp, ctx.Now()}));
          added += (added.empty() ? "@" : ", @") + u.username;
        }
        if (!errors.empty()) {
          Flash(r, (added.empty() ? std::string() : "Invited " + added + ". ") + errors, back,
                true);
        } else {
          Flash(r, "Members were successfully added: " + added + ".", back);
        }
        return Status::Ok();
      },
      true);
  AddProjectRoute(
      m, "POST", "/-/project_members/{uid}",
      [can_manage](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        const std::string back = p.Base() + "/-/project_members";
        auto ok = can_manage(ctx, p, *me);
        if (!ok.ok()) return ok.status();
        const int level = static_cast<int>(ParseId(req.Param("access_level"), -1));
        if (!*ok || AccessName(level) == "Unknown") {
          Flash(r, *ok ? "Access level is not valid" : "You are not allowed to change roles.", back,
                true);
          return Status::Ok();
        }
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "UPDATE members SET access = ? WHERE project_id = ? AND user_id = ? AND access < ?",
            {level, p.id, ParseId(req.Capture(2)), kOwner}));
        Flash(r, ctx.db->Changes() ? "Role updated." : "That member's role cannot be changed.",
              back, ctx.db->Changes() == 0);
        return Status::Ok();
      },
      true);
  AddProjectRoute(
      m, "POST", "/-/project_members/{uid}/delete",
      [can_manage](const Request& req, SiteContext& ctx, Response* r, const Proj& p) -> Status {
        auto me = Me(ctx);
        if (!me.ok()) return me.status();
        const std::string back = p.Base() + "/-/project_members";
        auto ok = can_manage(ctx, p, *me);
        if (!ok.ok()) return ok.status();
        if (!*ok) {
          Flash(r, "You are not allowed to remove members.", back, true);
          return Status::Ok();
        }
        WA_RETURN_IF_ERROR(
            ctx.db->Run("DELETE FROM members WHERE project_id = ? AND user_id = ? AND access < ?",
                        {p.id, ParseId(req.Capture(2)), kOwner}));
        Flash(r, ctx.db->Changes() ? "Member removed." : "That member cannot be removed.", back,
              ctx.db->Changes() == 0);
        return Status::Ok();
      },
      true);
}

void AddRoutes(const G& g, SiteModel* m) {
  AddStylesheetRoute(m);
  AddDashboardRoutes(g, m);
  AddAccountRoutes(g, m);
  AddUserRoutes(g, m);
  AddNewProjectRoutes(g, m);
  // A namespace: a user's profile or a group's page.
  m->AddRoute("GET", "/{ns}", [g](const Request& req, SiteContext& ctx, Response* r) -> Status {
    std::string kind, name, description;
    int64_t id = 0;
    WA_RETURN_IF_ERROR(
        ctx.db->Query("SELECT id, kind, name, description FROM namespaces WHERE path = ?",
                      {req.Capture(0)}, [&](const Row& row) {
                        id = row.Int(0);
                        kind = row.Text(1);
                        name = row.Text(2);
                        description = row.Text(3);
                      }));
    if (id == 0) return NotFound("The page could not be found.");
    if (kind == "user") return UserPage(*g, ctx, req, r, req.Capture(0), "overview");
    auto me = Me(ctx);
    if (!me.ok()) return me.status();
    auto rows = ProjectRows(
        ctx,
        "SELECT p.id FROM projects p WHERE p.namespace_id = ? AND (p.visibility != 'private' OR "
        "p.id IN (SELECT project_id FROM members WHERE user_id = ?)) ORDER BY p.last_activity_at "
        "DESC",
        {id, *me}, nullptr, 100);
    if (!rows.ok()) return rows.status();
    TemplateData d;
    d.set("id", std::to_string(id));
    d.set("name", name);
    d.set("description", description);
    d.set("projects", std::move(*rows));
    return Respond(Render(*g, ctx, req, name, "group", d, r), r);
  });
  AddProjectRoutes(g, m);
}

}  // namespace

Result<std::shared_ptr<const SiteModel>> BuildGitlabSite(const SiteOptions& options) {
  auto gitlab = std::make_shared<Gitlab>();
  WA_RETURN_IF_ERROR(gitlab->templates.Load("gitlab", /*minify=*/true));
  auto model = std::make_shared<SiteModel>();
  model->name = "gitlab";
  model->placeholder = "__GITLAB__";
  model->SetBaseUrl("http://localhost:8023");
  model->display_name = "GitLab";
  model->default_user = std::string(kGitlabUser);
  model->session_cookie = "_gitlab_session";
  WA_RETURN_IF_ERROR(LoadStylesheet("gitlab", model.get()));
  WA_RETURN_IF_ERROR(BuildPristine(
      kGitlabSchema, [&](Db& db) { return PopulateGitlab(db, options.seed); }, model.get()));
  std::shared_ptr<const Gitlab> g = gitlab;
  model->error_page = [g](int status, std::string_view message, const SiteContext&) {
    TemplateData d;
    d.set("heading", status == 404 ? "404: Page not found" : "Error " + std::to_string(status));
    d.set("text", std::string(message));
    auto content = g->templates.Render("message", d);
    TemplateData layout;
    layout.set("title", status == 404 ? "Not Found" : "Error");
    layout.set("content", content.ok() ? *content : std::string());
    auto html = g->templates.Render("layout", layout);
    return html.ok() ? *html : std::string("<html><body>error</body></html>");
  };
  AddRoutes(g, model.get());
  return std::shared_ptr<const SiteModel>(std::move(model));
}

}  // namespace wa
