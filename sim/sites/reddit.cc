// The Reddit-like forum: a simulated Postmill (as WebArena runs it) with Postmill's URL
// structure and the DOM hooks the published locators read (.submission__inner,
// div.submission__vote form classes, .comment__body, .user-bio__biography, #forum_description,
// #sidebar > section).
#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>

#include "sim/assets.h"
#include "sim/dom.h"
#include "sim/sites/reddit_data.h"
#include "sim/sites/site_util.h"

namespace wa {
namespace {

constexpr int kPageSize = 25;

struct Reddit {
  TemplateSet templates;
};

std::string Age(int64_t t) {
  const int64_t d = kRedditNow - t;
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

std::string Domain(const std::string& url) {
  size_t s = url.find("://");
  if (s == std::string::npos) return "";
  size_t e = url.find('/', s + 3);
  std::string host = url.substr(s + 3, e == std::string::npos ? std::string::npos : e - s - 3);
  if (host.rfind("www.", 0) == 0) host = host.substr(4);
  return host;
}

// The signed-in user's id (0 when signed out or unknown).
Result<int64_t> UserId(SiteContext& ctx) {
  if (ctx.user.empty()) return int64_t{0};
  return ctx.db->QueryInt("SELECT id FROM users WHERE username = ?", {ctx.user}, 0);
}

Status RequireLogin(Response* r) {
  r->location = "/login";
  return Status::Ok();
}

void Flash(Response* r, const std::string& message, const std::string& location) {
  r->set_cookies.emplace_back("flash", message);
  r->location = location;
}

// A path to return to after a form post: only site-relative paths.
std::string SafeNext(const std::string& next, const std::string& fallback) {
  if (next.empty() || next[0] != '/' || (next.size() > 1 && next[1] == '/')) return fallback;
  return next;
}

std::string CurrentPath(const Request& req) {
  std::string p = req.url.path.empty() ? "/" : req.url.path;
  if (!req.url.query.empty()) p += "?" + req.url.query;
  return p;
}

Result<std::string> Render(const Reddit& s, SiteContext& ctx, const Request& req,
                           const std::string& title, const std::string& body_template,
                           const TemplateData& data, Response* resp,
                           const std::string& sidebar = "", const std::string& forum = "") {
  auto content = s.templates.Render(body_template, data);
  if (!content.ok()) return content.status();
  TemplateData layout;
  layout.set("title", title);
  layout.set("content", std::move(*content));
  layout.set("query", req.url.path == "/search" ? req.Param("q") : std::string());
  layout.set("body_class", "page-" + body_template);
  if (!ctx.user.empty()) {
    layout.set("user", ctx.user);
    layout.set("submit_url", forum.empty() ? std::string("/submit") : "/submit/" + forum);
  }
  if (!sidebar.empty()) {
    layout.set("has_sidebar", true);
    layout.set("sidebar", sidebar);
  }
  if (auto it = req.cookies.find("flash"); it != req.cookies.end() && !it->second.empty()) {
    layout.set("message", it->second);
    resp->set_cookies.emplace_back("flash", "");
  }
  return s.templates.Render("layout", layout);
}

Status Respond(Result<std::string> html, Response* r) {
  if (!html.ok()) return html.status();
  r->body = std::move(*html);
  return Status::Ok();
}

Status Message(const Reddit& s, SiteContext& ctx, const Request& req, Response* r, int status,
               const std::string& heading, const std::string& text) {
  TemplateData d;
  d.set("heading", heading);
  d.set("text", text);
  r->status = status;
  return Respond(Render(s, ctx, req, heading, "message", d, r), r);
}

// The vote form of a submission ("sv") or comment ("cv"); `mine` is the signed-in user's vote.
Result<std::string> VoteForm(const Reddit& s, const char* kind, int64_t id, int64_t score,
                             int64_t mine, const std::string& next) {
  TemplateData d;
  d.set("action", std::string("/") + kind + "/" + std::to_string(id));
  d.set("next", next);
  d.set("score", std::to_string(score));
  d.set("upvoted", mine > 0);
  d.set("downvoted", mine < 0);
  d.set("up_value", mine > 0 ? "0" : "1");  // voting the same way again retracts the vote
  d.set("down_value", mine < 0 ? "0" : "-1");
  return s.templates.Render("vote", d);
}

struct Sort {
  std::string name;  // hot, new, active, top, controversial
  std::string time;  // top/controversial: day, week, month, year, all
};

// ORDER BY expression and WHERE window of a sort (columns of submissions s).
std::pair<std::string, std::string> SortSql(const Sort& sort) {
  const std::string score = "(s.upvotes - s.downvotes)";
  std::string order, where = "1";
  if (sort.name == "new") {
    order = "s.id DESC";
  } else if (sort.name == "active") {
    order = "s.last_active DESC, s.id DESC";
  } else if (sort.name == "top") {
    order = score + " DESC, s.id DESC";
  } else if (sort.name == "controversial") {
    order =
        "(s.upvotes + s.downvotes) * MIN(s.upvotes, s.downvotes) * 1.0 / MAX(1, MAX(s.upvotes, "
        "s.downvotes)) DESC, s.id DESC";
  } else {  // hot: the logarithm of the score plus recency (Reddit's formula)
    order = "(CASE WHEN " + score + " > 0 THEN 1 WHEN " + score + " < 0 THEN -1 ELSE 0 END) * " +
            "log10(MAX(ABS(" + score + "), 1)) + (s.created_at - 1134028003) / 45000.0 DESC, " +
            "s.id DESC";
  }
  if ((sort.name == "top" || sort.name == "controversial") && sort.time != "all") {
    int64_t span = sort.time == "day"     ? 86400
                   : sort.time == "week"  ? 7 * 86400
                   : sort.time == "month" ? 30 * 86400
                                          : 365 * 86400;
    where = "s.created_at >= " + std::to_string(kRedditNow - span);
  }
  return {order, where};
}

Sort ParseSort(const std::string& name, const Request& req) {
  Sort s;
  s.name = name;
  if (s.name != "new" && s.name != "active" && s.name != "top" && s.name != "controversial") {
    s.name = "hot";
  }
  s.time = req.Param("t");
  if (s.time != "day" && s.time != "week" && s.time != "month" && s.time != "year") s.time = "all";
  return s;
}

int64_t PageOf(const Request& req) { return std::max<int64_t>(1, ParseId(req.Param("page"), 1)); }

// A submission listing (front page, /all or a forum): `filter` restricts s (SQL with `arg`).
Result<TemplateData> Listing(const Reddit& s, SiteContext& ctx, const Request& req,
                             const std::string& base, const Sort& sort, const std::string& filter,
                             int64_t arg) {
  auto me = UserId(ctx);
  if (!me.ok()) return me.status();
  const int64_t page = PageOf(req);
  auto [order, window] = SortSql(sort);
  TemplateList items;
  const std::string next = CurrentPath(req);
  bool more = false;
  Status vote_status = Status::Ok();
  Status st = ctx.db->Query(
      "SELECT s.id, s.title, s.slug, s.url, s.media, s.upvotes - s.downvotes, s.comment_count, "
      "s.created_at, u.username, f.name, COALESCE(v.choice, 0) FROM submissions s JOIN users u "
      "ON u.id = s.user_id JOIN forums f ON f.id = s.forum_id LEFT JOIN votes v ON v.user_id = ? "
      "AND v.kind = 'submission' AND v.target_id = s.id WHERE " +
          filter + " AND " + window + " ORDER BY " + order + " LIMIT ? OFFSET ?",
      {*me, arg, int64_t{kPageSize + 1}, (page - 1) * kPageSize}, [&](const Row& r) {
        if (static_cast<int>(items.size()) == kPageSize) {
          more = true;
          return;
        }
        TemplateData d;
        const int64_t id = r.Int(0);
        d.set("id", std::to_string(id));
        d.set("title", r.Text(1));
        d.set("slug", r.Text(2));
        d.set("forum", r.Text(9));
        std::string href = "/f/" + r.Text(9) + "/" + std::to_string(id) + "/" + r.Text(2);
        if (!r.IsNull(3)) {
          href = r.Text(3);
          d.set("domain", Domain(href));
        }
        if (!r.IsNull(4)) d.set("thumb", r.Text(4));
        d.set("href", href);
        d.set("comments", std::to_string(r.Int(6)));
        d.set("age", Age(r.Int(7)));
        d.set("author", r.Text(8));
        auto vote = VoteForm(s, "sv", id, r.Int(5), r.Int(10), next);
        if (!vote.ok()) {
          vote_status = vote.status();
          return;
        }
        d.set("vote", std::move(*vote));
        items.push_back(std::move(d));
      });
  if (!st.ok()) return st;
  WA_RETURN_IF_ERROR(vote_status);
  TemplateData out;
  out.set("submissions", std::move(items));
  // Sort and time tabs.
  TemplateList sorts, times;
  for (const char* n : {"hot", "new", "active", "top", "controversial"}) {
    TemplateData t;
    std::string label = n;
    label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
    t.set("name", label);
    t.set("url", base + (std::string(n) == "hot" ? "" : (base == "/" ? "" : "/") + std::string(n)));
    t.set("current", sort.name == n);
    sorts.push_back(std::move(t));
  }
  if (sort.name == "top" || sort.name == "controversial") {
    for (const char* n : {"day", "week", "month", "year", "all"}) {
      TemplateData t;
      std::string label = std::string(n) == "all" ? "All time" : std::string("Past ") + n;
      t.set("name", label);
      t.set("url", base + (base == "/" ? "" : "/") + sort.name + "?t=" + n);
      t.set("current", sort.time == n);
      times.push_back(std::move(t));
    }
    out.set("has_times", true);
    out.set("times", std::move(times));
  }
  out.set("sorts", std::move(sorts));
  std::string self = base + (sort.name == "hot" ? "" : (base == "/" ? "" : "/") + sort.name);
  std::string sep =
      sort.name == "top" || sort.name == "controversial" ? "?t=" + sort.time + "&" : "?";
  if (page > 1) out.set("prev", self + sep + "page=" + std::to_string(page - 1));
  if (more) out.set("next", self + sep + "page=" + std::to_string(page + 1));
  out.set("has_pager", page > 1 || more);
  return out;
}

// The sidebar of a forum page or thread: title, subscribe button, description, rules.
Result<std::string> ForumSidebar(const Reddit& s, SiteContext& ctx, int64_t forum,
                                 const std::string& next) {
  auto me = UserId(ctx);
  if (!me.ok()) return me.status();
  TemplateData d;
  bool found = false;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT f.name, f.title, f.description, f.sidebar, f.created_at, f.creator_id, (SELECT "
      "COUNT(*) FROM subscriptions WHERE forum_id = f.id), EXISTS (SELECT 1 FROM subscriptions "
      "WHERE forum_id = f.id AND user_id = ?) FROM forums f WHERE f.id = ?",
      {*me, forum}, [&](const Row& r) {
        found = true;
        d.set("name", r.Text(0));
        d.set("title", r.Text(1));
        d.set("description", r.Text(2));
        d.set("sidebar", r.Text(3));
        d.set("created", Age(r.Int(4)));
        d.set("can_edit", *me != 0 && !r.IsNull(5) && r.Int(5) == *me);
        d.set("subscribers", std::to_string(r.Int(6)));
        const bool subscribed = r.Int(7) != 0;
        d.set("sub_action", subscribed ? "unsubscribe" : "subscribe");
        d.set("sub_label", subscribed ? "Unsubscribe" : "Subscribe");
      }));
  if (!found) return NotFound("no such forum");
  d.set("signed_in", *me != 0);
  d.set("next", next);
  return s.templates.Render("sidebar_forum", d);
}

Result<std::string> FrontSidebar(const Reddit& s, SiteContext& ctx) {
  auto me = UserId(ctx);
  if (!me.ok()) return me.status();
  TemplateList forums;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT f.name FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = ? "
      "ORDER BY f.name COLLATE NOCASE",
      {*me}, [&](const Row& r) {
        TemplateData f;
        f.set("name", r.Text(0));
        forums.push_back(std::move(f));
      }));
  TemplateData d;
  if (!forums.empty()) {
    TemplateData sub;
    sub.set("forums", std::move(forums));
    d.set("subscriptions", std::move(sub));
  }
  return s.templates.Render("sidebar_front", d);
}

Result<int64_t> ForumId(SiteContext& ctx, const std::string& name) {
  return ctx.db->QueryInt("SELECT id FROM forums WHERE name = ?", {name}, -1);
}

// Forum listings: /f/{forum} and /f/{forum}/{sort}.
Status ForumPage(const Reddit& s, const Request& req, SiteContext& ctx, Response* r,
                 const std::string& sort_name) {
  auto fid = ForumId(ctx, req.Capture(0));
  if (!fid.ok()) return fid.status();
  if (*fid < 0) return Message(s, ctx, req, r, 404, "Page not found", "No such forum.");
  auto name = ctx.db->QueryText("SELECT name FROM forums WHERE id = ?", {*fid});
  auto title = ctx.db->QueryText("SELECT title FROM forums WHERE id = ?", {*fid});
  if (!name.ok() || !title.ok()) return !name.ok() ? name.status() : title.status();
  auto data =
      Listing(s, ctx, req, "/f/" + *name, ParseSort(sort_name, req), "s.forum_id = ?", *fid);
  if (!data.ok()) return data.status();
  TemplateData header;
  header.set("name", *name);
  header.set("title", *title);
  data->set("forum_header", std::move(header));
  auto side = ForumSidebar(s, ctx, *fid, CurrentPath(req));
  if (!side.ok()) return side.status();
  return Respond(Render(s, ctx, req, *title, "listing", *data, r, *side, *name), r);
}

// A thread: the submission and its comments (all, or the subtree of one comment).
Status ThreadPage(const Reddit& s, const Request& req, SiteContext& ctx, Response* r, int64_t id,
                  int64_t only_comment) {
  auto me = UserId(ctx);
  if (!me.ok()) return me.status();
  TemplateData d;
  int64_t forum = -1;
  std::string forum_name, slug, title;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT s.title, s.slug, s.url, s.body, s.media, s.upvotes - s.downvotes, s.comment_count, "
      "s.created_at, s.edited_at, u.username, f.name, f.id, s.user_id, COALESCE(v.choice, 0) "
      "FROM submissions s JOIN users u ON u.id = s.user_id JOIN forums f ON f.id = s.forum_id "
      "LEFT JOIN votes v ON v.user_id = ? AND v.kind = 'submission' AND v.target_id = s.id "
      "WHERE s.id = ?",
      {*me, id}, [&](const Row& row) {
        title = row.Text(0);
        slug = row.Text(1);
        forum_name = row.Text(10);
        forum = row.Int(11);
        d.set("id", std::to_string(id));
        d.set("title", title);
        d.set("slug", slug);
        d.set("forum", forum_name);
        std::string href = "/f/" + forum_name + "/" + std::to_string(id) + "/" + slug;
        if (!row.IsNull(2)) {
          href = row.Text(2);
          d.set("url", href);
          d.set("domain", Domain(href));
        }
        d.set("href", href);
        if (!row.Text(3).empty()) d.set("body", row.Text(3));
        if (!row.IsNull(4)) {
          d.set("media", true);
          d.set("media_url", ctx.model->base_url + "/submission_images/" + row.Text(4));
        }
        d.set("score", std::to_string(row.Int(5)));
        d.set("comments", std::to_string(row.Int(6)));
        d.set("age", Age(row.Int(7)));
        d.set("edited", !row.IsNull(8));
        d.set("author", row.Text(9));
        d.set("own", *me != 0 && row.Int(12) == *me);
        d.set("mine", std::to_string(row.Int(13)));
      }));
  if (forum < 0) {
    return Message(s, ctx, req, r, 404, "Page not found", "The submission does not exist.");
  }
  const std::string next = CurrentPath(req);
  auto vote = VoteForm(s, "sv", id, ParseId(d.get("score")->string_value(), 0),
                       d.get("mine")->string_value() == "1"    ? 1
                       : d.get("mine")->string_value() == "-1" ? -1
                                                               : 0,
                       next);
  if (!vote.ok()) return vote.status();
  d.set("vote", std::move(*vote));
  d.set("signed_in", *me != 0);
  d.set("parent", only_comment > 0 ? std::to_string(only_comment) : std::string());
  d.set("reply_label", only_comment > 0 ? "Reply to this comment" : "Write a comment");
  // Comments as a tree: children after their parent, by score then age.
  struct C {
    int64_t id, parent, score, created, mine, up, down;
    std::string author, body;
  };
  std::vector<C> all;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT c.id, COALESCE(c.parent_id, 0), c.upvotes - c.downvotes, c.created_at, "
      "COALESCE(v.choice, 0), u.username, c.body FROM comments c JOIN users u ON u.id = "
      "c.user_id LEFT JOIN votes v ON v.user_id = ? AND v.kind = 'comment' AND v.target_id = "
      "c.id WHERE c.submission_id = ? ORDER BY c.upvotes - c.downvotes DESC, c.id",
      {*me, id}, [&](const Row& row) {
        all.push_back({row.Int(0), row.Int(1), row.Int(2), row.Int(3), row.Int(4), 0, 0,
                       row.Text(5), row.Text(6)});
      }));
  TemplateList thread;
  Status vote_status = Status::Ok();
  std::function<void(int64_t, int)> emit = [&](int64_t parent, int depth) {
    for (const C& c : all) {
      if (c.parent != parent) continue;
      TemplateData t;
      t.set("cid", std::to_string(c.id));
      t.set("depth", std::to_string(std::min(depth, 5)));
      t.set("author", c.author);
      t.set("body", c.body);
      t.set("score", std::to_string(c.score));
      t.set("age", Age(c.created));
      t.set("forum", forum_name);
      t.set("id", std::to_string(id));
      t.set("slug", slug);
      auto v = VoteForm(s, "cv", c.id, c.score, c.mine, next);
      if (!v.ok()) vote_status = v.status();
      if (v.ok()) t.set("vote", std::move(*v));
      thread.push_back(std::move(t));
      emit(c.id, depth + 1);
    }
  };
  if (only_comment > 0) {
    auto it =
        std::find_if(all.begin(), all.end(), [&](const C& c) { return c.id == only_comment; });
    if (it == all.end()) {
      return Message(s, ctx, req, r, 404, "Page not found", "The comment does not exist.");
    }
    // The comment itself first, then its replies.
    const C self = *it;
    for (C& c : all) {
      if (c.id == self.id) c.parent = -1;
    }
    emit(-1, 0);
    d.set("permalink", true);
  } else {
    emit(0, 0);
  }
  WA_RETURN_IF_ERROR(vote_status);
  d.set("thread", std::move(thread));
  auto side = ForumSidebar(s, ctx, forum, next);
  if (!side.ok()) return side.status();
  return Respond(Render(s, ctx, req, title, "submission", d, r, *side, forum_name), r);
}

// The forum select of the submit form.
Result<TemplateList> ForumOptions(SiteContext& ctx, const std::string& selected) {
  TemplateList out;
  Status st =
      ctx.db->Query("SELECT name FROM forums ORDER BY name COLLATE NOCASE", {}, [&](const Row& r) {
        TemplateData f;
        f.set("name", r.Text(0));
        f.set("selected", r.Text(0) == selected);
        out.push_back(std::move(f));
      });
  if (!st.ok()) return st;
  return out;
}

Status SubmitForm(const Reddit& s, const Request& req, SiteContext& ctx, Response* r,
                  const std::string& forum) {
  if (ctx.user.empty()) return RequireLogin(r);
  auto options = ForumOptions(ctx, forum);
  if (!options.ok()) return options.status();
  TemplateData d;
  d.set("heading", "Create submission");
  d.set("action", "/submit");
  d.set("button", "Create submission");
  d.set("forums", std::move(*options));
  return Respond(Render(s, ctx, req, "Create submission", "submit", d, r, "", forum), r);
}

// Applies a vote of the signed-in user (+1, -1 or 0 to retract) to a submission or comment.
Status CastVote(SiteContext& ctx, const char* kind, int64_t target, int64_t choice) {
  auto me = UserId(ctx);
  if (!me.ok()) return me.status();
  const std::string table = std::string(kind) == "submission" ? "submissions" : "comments";
  auto exists = ctx.db->QueryInt("SELECT COUNT(*) FROM " + table + " WHERE id = ?", {target});
  if (!exists.ok()) return exists.status();
  if (*exists == 0) return NotFound("nothing to vote on");
  auto old =
      ctx.db->QueryInt("SELECT choice FROM votes WHERE user_id = ? AND kind = ? AND target_id = ?",
                       {*me, kind, target}, 0);
  if (!old.ok()) return old.status();
  choice = std::clamp<int64_t>(choice, -1, 1);
  if (*old == choice) return Status::Ok();
  // Take the old vote back, then count the new one.
  const int64_t up = (choice > 0 ? 1 : 0) - (*old > 0 ? 1 : 0);
  const int64_t down = (choice < 0 ? 1 : 0) - (*old < 0 ? 1 : 0);
  WA_RETURN_IF_ERROR(ctx.db->Run("UPDATE " + table +
                                     " SET upvotes = upvotes + ?, downvotes = downvotes + ? WHERE "
                                     "id = ?",
                                 {up, down, target}));
  if (choice == 0) {
    return ctx.db->Run("DELETE FROM votes WHERE user_id = ? AND kind = ? AND target_id = ?",
                       {*me, kind, target});
  }
  return ctx.db->Run(
      "INSERT INTO votes (user_id, kind, target_id, choice, created_at) VALUES (?, ?, ?, ?, ?) "
      "ON CONFLICT (user_id, kind, target_id) DO UPDATE SET choice = excluded.choice",
      {*me, kind, target, choice, ctx.Now()});
}

// Name rules of new forums (as Postmill's): 3 to 25 letters, digits or underscores.
bool ValidForumName(const std::string& name) {
  if (name.size() < 3 || name.size() > 25) return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

Status ForumForm(const Reddit& s, const Request& req, SiteContext& ctx, Response* r,
                 int64_t forum) {
  TemplateData d;
  if (forum > 0) {
    WA_RETURN_IF_ERROR(
        ctx.db->Query("SELECT name, title, description, sidebar, tags FROM forums WHERE id = ?",
                      {forum}, [&](const Row& row) {
                        d.set("name", row.Text(0));
                        d.set("title", row.Text(1));
                        d.set("description", row.Text(2));
                        d.set("sidebar", row.Text(3));
                        d.set("tags", row.Text(4));
                      }));
    d.set("editing", true);
    d.set("heading", "Edit forum");
    d.set("action", "/f/" + d.get("name")->string_value() + "/edit");
    d.set("button", "Save");
  } else {
    d.set("heading", "Create forum");
    d.set("action", "/create_forum");
    d.set("button", "Create forum");
  }
  return Respond(Render(s, ctx, req, d.get("heading")->string_value(), "forum_form", d, r), r);
}

Status UserPage(const Reddit& s, const Request& req, SiteContext& ctx, Response* r,
                const std::string& tab) {
  auto me = UserId(ctx);
  if (!me.ok()) return me.status();
  int64_t uid = 0;
  TemplateData d;
  WA_RETURN_IF_ERROR(
      ctx.db->Query("SELECT id, username, biography, created_at FROM users WHERE username = ?",
                    {req.Capture(0)}, [&](const Row& row) {
                      uid = row.Int(0);
                      d.set("name", row.Text(1));
                      d.set("biography", row.Text(2));
                      d.set("registered", Age(row.Int(3)));
                    }));
  if (uid == 0) return Message(s, ctx, req, r, 404, "Page not found", "No such user.");
  const std::string name = d.get("name")->string_value();
  d.set("own", uid == *me);
  TemplateList tabs;
  for (const auto& [key, label] : std::vector<std::pair<std::string, std::string>>{
           {"", "Overview"}, {"submissions", "Submissions"}, {"comments", "Comments"}}) {
    TemplateData t;
    t.set("label", label);
    t.set("url", "/user/" + name + (key.empty() ? "" : "/" + key));
    t.set("current", key == tab);
    tabs.push_back(std::move(t));
  }
  d.set("tabs", std::move(tabs));
  const int64_t page = PageOf(req);
  // Submissions and comments, newest first (the overview interleaves them).
  std::string sql;
  const std::string subs =
      "SELECT 1, s.created_at, s.id, s.title, s.slug, f.name, s.upvotes, s.downvotes, "
      "s.comment_count, 0, '', COALESCE(v.choice, 0) FROM submissions s JOIN forums f ON f.id = "
      "s.forum_id LEFT JOIN votes v ON v.user_id = ?4 AND v.kind = 'submission' AND v.target_id "
      "= s.id WHERE s.user_id = ?1";
  const std::string coms =
      "SELECT 0, c.created_at, s.id, s.title, s.slug, f.name, c.upvotes, c.downvotes, 0, c.id, "
      "c.body, 0 FROM comments c JOIN submissions s ON s.id = c.submission_id JOIN forums f ON "
      "f.id = s.forum_id WHERE c.user_id = ?1 AND ?4 IS NOT NULL";
  sql = tab == "submissions" ? subs : tab == "comments" ? coms : subs + " UNION ALL " + coms;
  sql += " ORDER BY 2 DESC, 3 DESC LIMIT ?2 OFFSET ?3";
  TemplateList items;
  bool more = false;
  Status vote_status = Status::Ok();
  const std::string next = CurrentPath(req);
  WA_RETURN_IF_ERROR(ctx.db->Query(
      sql, {uid, int64_t{kPageSize + 1}, (page - 1) * kPageSize, *me}, [&](const Row& row) {
        if (static_cast<int>(items.size()) == kPageSize) {
          more = true;
          return;
        }
        TemplateData t;
        t.set("is_submission", row.Int(0) == 1);
        t.set("age", Age(row.Int(1)));
        t.set("id", std::to_string(row.Int(2)));
        t.set("title", row.Text(3));
        t.set("slug", row.Text(4));
        t.set("forum", row.Text(5));
        t.set("up", std::to_string(row.Int(6)));
        t.set("down", std::to_string(row.Int(7)));
        t.set("score", std::to_string(row.Int(6) - row.Int(7)));
        t.set("comments", std::to_string(row.Int(8)));
        t.set("cid", std::to_string(row.Int(9)));
        t.set("body", row.Text(10));
        if (row.Int(0) == 1) {
          auto vote = VoteForm(s, "sv", row.Int(2), row.Int(6) - row.Int(7), row.Int(11), next);
          if (vote.ok()) t.set("vote", std::move(*vote));
          if (!vote.ok()) vote_status = vote.status();
        }
        items.push_back(std::move(t));
      }));
  WA_RETURN_IF_ERROR(vote_status);
  d.set("items", std::move(items));
  const std::string self = "/user/" + name + (tab.empty() ? "" : "/" + tab);
  if (page > 1) d.set("prev", self + "?page=" + std::to_string(page - 1));
  if (more) d.set("next", self + "?page=" + std::to_string(page + 1));
  d.set("has_pager", page > 1 || more);
  return Respond(Render(s, ctx, req, name, "user", d, r), r);
}

void AddRoutes(const std::shared_ptr<const Reddit>& s, SiteModel* m) {
  // Front page (the subscribed forums), /all, and their sorts.
  auto front = [s](const std::string& base, const std::string& sort) {
    return [s, base, sort](const Request& req, SiteContext& ctx, Response* r) -> Status {
      auto me = UserId(ctx);
      if (!me.ok()) return me.status();
      const bool all = base == "/all" || *me == 0;
      auto data = Listing(*s, ctx, req, base, ParseSort(sort, req),
                          all ? "s.id > ?"
                              : "s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id "
                                "= ?)",
                          all ? int64_t{0} : *me);
      if (!data.ok()) return data.status();
      data->set("heading", base == "/all" ? "All forums" : "Your front page");
      auto side = FrontSidebar(*s, ctx);
      if (!side.ok()) return side.status();
      return Respond(Render(*s, ctx, req, "Postmill", "listing", *data, r, *side), r);
    };
  };
  m->AddRoute("GET", "/", front("/", "hot"));
  m->AddRoute("GET", "/all", front("/all", "hot"));
  for (const char* sort : {"hot", "new", "active", "top", "controversial"}) {
    m->AddRoute("GET", std::string("/") + sort, front("/", sort));
    m->AddRoute("GET", std::string("/all/") + sort, front("/all", sort));
  }

  // Forum list.
  auto forums = [s](bool by_category) {
    return [s, by_category](const Request& req, SiteContext& ctx, Response* r) -> Status {
      std::vector<std::pair<std::string, TemplateData>> rows;
      WA_RETURN_IF_ERROR(ctx.db->Query(
          "SELECT f.name, f.title, f.category, (SELECT COUNT(*) FROM subscriptions WHERE "
          "forum_id = f.id), (SELECT COUNT(*) FROM submissions WHERE forum_id = f.id) FROM "
          "forums f ORDER BY " +
              std::string(by_category ? "f.category, " : "") + "f.name COLLATE NOCASE",
          {}, [&](const Row& row) {
            TemplateData f;
            f.set("name", row.Text(0));
            f.set("title", row.Text(1));
            f.set("subscribers", std::to_string(row.Int(3)));
            f.set("submissions", std::to_string(row.Int(4)));
            rows.emplace_back(by_category ? row.Text(2) : std::string(), std::move(f));
          }));
      TemplateList groups;
      for (size_t i = 0; i < rows.size();) {
        TemplateList list;
        size_t j = i;
        for (; j < rows.size() && rows[j].first == rows[i].first; ++j) {
          list.push_back(std::move(rows[j].second));
        }
        TemplateData g;
        if (!rows[i].first.empty()) g.set("category", rows[i].first);
        g.set("forums", std::move(list));
        groups.push_back(std::move(g));
        i = j;
      }
      TemplateData d;
      d.set("groups", std::move(groups));
      d.set("by_name", !by_category);
      d.set("signed_in", !ctx.user.empty());
      return Respond(Render(*s, ctx, req, "Forums", "forums", d, r), r);
    };
  };
  m->AddRoute("GET", "/forums", forums(false));
  m->AddRoute("GET", "/forums/by_category", forums(true));

  // Forums and threads.
  m->AddRoute("GET", "/f/{forum}", [s](const Request& req, SiteContext& ctx, Response* r) {
    return ForumPage(*s, req, ctx, r, "hot");
  });
  m->AddRoute("GET", "/f/{forum}/{x}", [s](const Request& req, SiteContext& ctx, Response* r) {
    const std::string x = req.Capture(1);
    int64_t id = ParseId(x);
    if (id < 0) {
      if (x == "edit") {
        if (ctx.user.empty()) return RequireLogin(r);
        auto fid = ForumId(ctx, req.Capture(0));
        if (!fid.ok()) return fid.status();
        auto me = UserId(ctx);
        if (!me.ok()) return me.status();
        auto creator =
            ctx.db->QueryInt("SELECT COALESCE(creator_id, 0) FROM forums WHERE id = ?", {*fid}, 0);
        if (!creator.ok()) return creator.status();
        if (*fid < 0 || *creator != *me) {
          return Message(*s, ctx, req, r, 403, "Access denied",
                         "Only the moderators of a forum can edit it.");
        }
        return ForumForm(*s, req, ctx, r, *fid);
      }
      return ForumPage(*s, req, ctx, r, x);
    }
    // /f/{forum}/{id}: the thread (what reddit_get_post_url's URLs open).
    return ThreadPage(*s, req, ctx, r, id, 0);
  });
  m->AddRoute("GET", "/f/{forum}/{id}/{slug}",
              [s](const Request& req, SiteContext& ctx, Response* r) {
                int64_t id = ParseId(req.Capture(1));
                if (id < 0) {
                  return Message(*s, ctx, req, r, 404, "Page not found", "No such page.");
                }
                if (req.Capture(2) == "-") {  // /f/x/12/- (Postmill's slug-less form)
                  return ThreadPage(*s, req, ctx, r, id, 0);
                }
                return ThreadPage(*s, req, ctx, r, id, 0);
              });
  m->AddRoute("GET", "/f/{forum}/{id}/{slug}/comment/{cid}",
              [s](const Request& req, SiteContext& ctx, Response* r) {
                return ThreadPage(*s, req, ctx, r, ParseId(req.Capture(1)),
                                  std::max<int64_t>(1, ParseId(req.Capture(3), 1)));
              });

  // Comments: a reply to the thread or to a comment; the new comment's permalink follows.
  m->AddRoute(
      "POST", "/f/{forum}/{id}/-/comment", [](const Request& req, SiteContext& ctx, Response* r) {
        auto me = UserId(ctx);
        if (!me.ok()) return me.status();
        if (*me == 0) return RequireLogin(r);
        const int64_t id = ParseId(req.Capture(1));
        auto slug = ctx.db->QueryText("SELECT slug FROM submissions WHERE id = ?", {id});
        auto forum = ctx.db->QueryText(
            "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE "
            "s.id = ?",
            {id});
        if (!slug.ok() || !forum.ok()) return !slug.ok() ? slug.status() : forum.status();
        if (slug->empty()) return NotFound("the submission does not exist");
        const std::string thread = "/f/" + *forum + "/" + std::to_string(id) + "/" + *slug;
        std::string body = req.Param("comment[comment]");
        while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) {
          body.pop_back();
        }
        if (body.empty()) {
          Flash(r, "The comment must not be empty.", thread);
          return Status::Ok();
        }
        int64_t parent = ParseId(req.Param("comment[parent]"), 0);
        if (parent > 0) {
          auto ok = ctx.db->QueryInt(
              "SELECT COUNT(*) FROM comments WHERE id = ? AND submission_id = ?", {parent, id});
          if (!ok.ok()) return ok.status();
          if (*ok == 0) parent = 0;
        }
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO comments (submission_id, parent_id, user_id, body, created_at, "
            "upvotes, downvotes) VALUES (?, ?, ?, ?, ?, 1, 0)",
            {id, parent > 0 ? SqlParam(parent) : SqlParam(nullptr), *me, body.substr(0, 10000),
             ctx.Now()}));
        const int64_t cid = ctx.db->LastInsertRowId();
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO votes (user_id, kind, target_id, choice, created_at) VALUES (?, "
            "'comment', ?, 1, ?)",
            {*me, cid, ctx.Now()}));
        WA_RETURN_IF_ERROR(
            ctx.db->Run("UPDATE submissions SET comment_count = comment_count + 1, last_active = ? "
                        "WHERE id = ?",
                        {ctx.Now(), id}));
        r->location = thread + "/comment/" + std::to_string(cid);
        return Status::Ok();
      });

  // Votes.
  auto vote = [](const char* kind) {
    return [kind](const Request& req, SiteContext& ctx, Response* r) -> Status {
      if (ctx.user.empty()) return RequireLogin(r);
      WA_RETURN_IF_ERROR(CastVote(ctx, kind, ParseId(req.Capture(0)),
                                  ParseId(req.Param("choice"), 0) == 1 ? 1
                                  : req.Param("choice") == "-1"        ? -1
                                                                       : 0));
      r->location = SafeNext(req.Param("next"), "/");
      return Status::Ok();
    };
  };
  m->AddRoute("POST", "/sv/{id}", vote("submission"));
  m->AddRoute("POST", "/cv/{id}", vote("comment"));

  // Subscriptions.
  auto subscribe = [](bool on) {
    return [on](const Request& req, SiteContext& ctx, Response* r) -> Status {
      auto me = UserId(ctx);
      if (!me.ok()) return me.status();
      if (*me == 0) return RequireLogin(r);
      auto fid = ForumId(ctx, req.Capture(0));
      if (!fid.ok()) return fid.status();
      if (*fid < 0) return NotFound("no such forum");
      if (on) {
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT OR IGNORE INTO subscriptions (user_id, forum_id, created_at) VALUES (?, ?, ?)",
            {*me, *fid, ctx.Now()}));
      } else {
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "DELETE FROM subscriptions WHERE user_id = ? AND forum_id = ?", {*me, *fid}));
      }
      r->location = SafeNext(req.Param("next"), "/f/" + req.Capture(0));
      return Status::Ok();
    };
  };
  m->AddRoute("POST", "/f/{forum}/subscribe", subscribe(true));
  m->AddRoute("POST", "/f/{forum}/unsubscribe", subscribe(false));

  // Submitting.
  m->AddRoute("GET", "/submit", [s](const Request& req, SiteContext& ctx, Response* r) {
    return SubmitForm(*s, req, ctx, r, "");
  });
  m->AddRoute("GET", "/submit/{forum}", [s](const Request& req, SiteContext& ctx, Response* r) {
    return SubmitForm(*s, req, ctx, r, req.Capture(0));
  });
  m->AddRoute("POST", "/submit", [](const Request& req, SiteContext& ctx, Response* r) {
    auto me = UserId(ctx);
    if (!me.ok()) return me.status();
    if (*me == 0) return RequireLogin(r);
    std::string title = req.Param("submission[title]"), url = req.Param("submission[url]");
    std::string body = req.Param("submission[body]"), forum = req.Param("submission[forum]");
    auto fid = ForumId(ctx, forum);
    if (!fid.ok()) return fid.status();
    std::string error;
    if (*fid < 0) error = "Choose a forum to post in.";
    if (title.empty()) error = "The title must not be empty.";
    if (!url.empty() && url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0) {
      error = "The URL must start with http:// or https://.";
    }
    if (!error.empty()) {
      Flash(r, error, forum.empty() ? "/submit" : "/submit/" + forum);
      return Status::Ok();
    }
    title = title.substr(0, 300);
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "INSERT INTO submissions (forum_id, user_id, title, slug, url, body, created_at, upvotes, "
        "downvotes, last_active) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?)",
        {*fid, *me, title, RedditSlug(title), url.empty() ? SqlParam(nullptr) : SqlParam(url),
         body.substr(0, 40000), ctx.Now(), ctx.Now()}));
    const int64_t id = ctx.db->LastInsertRowId();
    WA_RETURN_IF_ERROR(
        ctx.db->Run("INSERT INTO votes (user_id, kind, target_id, choice, created_at) VALUES (?, "
                    "'submission', ?, 1, ?)",
                    {*me, id, ctx.Now()}));
    auto name = ctx.db->QueryText("SELECT name FROM forums WHERE id = ?", {*fid});
    if (!name.ok()) return name.status();
    r->location = "/f/" + *name + "/" + std::to_string(id) + "/" + RedditSlug(title);
    return Status::Ok();
  });
  // Editing one's own submission.
  auto own_submission = [](const Request& req, SiteContext& ctx,
                           int64_t* id) -> Result<std::string> {
    auto me = UserId(ctx);
    if (!me.ok()) return me.status();
    *id = ParseId(req.Capture(1));
    auto owner = ctx.db->QueryInt("SELECT user_id FROM submissions WHERE id = ?", {*id}, -1);
    if (!owner.ok()) return owner.status();
    if (*owner < 0) return NotFound("the submission does not exist");
    if (*me == 0 || *owner != *me) return FailedPrecondition("not yours");
    return ctx.db->QueryText(
        "SELECT '/f/' || f.name || '/' || s.id || '/' || s.slug FROM submissions s JOIN forums f "
        "ON f.id = s.forum_id WHERE s.id = ?",
        {*id});
  };
  m->AddRoute("GET", "/f/{forum}/{id}/-/edit",
              [s, own_submission](const Request& req, SiteContext& ctx, Response* r) -> Status {
                if (ctx.user.empty()) return RequireLogin(r);
                int64_t id = 0;
                auto thread = own_submission(req, ctx, &id);
                if (!thread.ok()) {
                  return Message(*s, ctx, req, r, 403, "Access denied",
                                 "You can only edit your own submissions.");
                }
                TemplateData d;
                WA_RETURN_IF_ERROR(ctx.db->Query("SELECT title, body FROM submissions WHERE id = ?",
                                                 {id}, [&](const Row& row) {
                                                   d.set("title", row.Text(0));
                                                   d.set("body", row.Text(1));
                                                 }));
                d.set("heading", "Edit submission");
                d.set("editing", true);
                d.set("action", "/f/" + req.Capture(0) + "/" + std::to_string(id) + "/-/edit");
                d.set("button", "Save");
                return Respond(Render(*s, ctx, req, "Edit submission", "submit", d, r), r);
              });
  m->AddRoute(
      "POST", "/f/{forum}/{id}/-/edit",
      [own_submission](const Request& req, SiteContext& ctx, Response* r) -> Status {
        if (ctx.user.empty()) return RequireLogin(r);
        int64_t id = 0;
        auto thread = own_submission(req, ctx, &id);
        if (!thread.ok()) return thread.status();
        std::string title = req.Param("submission[title]");
        if (title.empty()) {
          Flash(r, "The title must not be empty.", *thread);
          return Status::Ok();
        }
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "UPDATE submissions SET title = ?, body = ?, edited_at = ? WHERE id = ?",
            {title.substr(0, 300), req.Param("submission[body]").substr(0, 40000), ctx.Now(), id}));
        Flash(r, "The submission was edited.", *thread);
        return Status::Ok();
      });

  // Forums: create and edit.
  m->AddRoute("GET", "/create_forum", [s](const Request& req, SiteContext& ctx, Response* r) {
    if (ctx.user.empty()) return RequireLogin(r);
    return ForumForm(*s, req, ctx, r, 0);
  });
  auto save_forum = [](bool create) {
    return [create](const Request& req, SiteContext& ctx, Response* r) -> Status {
      auto me = UserId(ctx);
      if (!me.ok()) return me.status();
      if (*me == 0) return RequireLogin(r);
      const std::string name = create ? req.Param("forum[name]") : req.Capture(0);
      std::string title = req.Param("forum[title]");
      const std::string desc = req.Param("forum[description]").substr(0, 1500);
      const std::string sidebar = req.Param("forum[sidebar]").substr(0, 10000);
      const std::string tags = req.Param("forum[tags]").substr(0, 300);
      const std::string form = create ? "/create_forum" : "/f/" + name + "/edit";
      if (create && !ValidForumName(name)) {
        Flash(r, "The name must be 3 to 25 letters, digits or underscores.", form);
        return Status::Ok();
      }
      if (title.empty()) title = name;
      auto fid = ForumId(ctx, name);
      if (!fid.ok()) return fid.status();
      if (create) {
        if (*fid >= 0) {
          Flash(r, "A forum with that name already exists.", form);
          return Status::Ok();
        }
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO forums (name, title, description, sidebar, category, tags, creator_id, "
            "created_at) VALUES (?, ?, ?, ?, 'Uncategorized', ?, ?, ?)",
            {name, title.substr(0, 100), desc, sidebar, tags, *me, ctx.Now()}));
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO subscriptions (user_id, forum_id, created_at) VALUES (?, ?, ?)",
            {*me, ctx.db->LastInsertRowId(), ctx.Now()}));
        Flash(r, "The forum was created.", "/f/" + name);
        return Status::Ok();
      }
      auto creator =
          ctx.db->QueryInt("SELECT COALESCE(creator_id, 0) FROM forums WHERE id = ?", {*fid}, 0);
      if (!creator.ok()) return creator.status();
      if (*fid < 0 || *creator != *me) return FailedPrecondition("only moderators edit forums");
      WA_RETURN_IF_ERROR(ctx.db->Run(
          "UPDATE forums SET title = ?, description = ?, sidebar = ?, tags = ? WHERE id = ?",
          {title.substr(0, 100), desc, sidebar, tags, *fid}));
      Flash(r, "The forum was updated.", form);
      return Status::Ok();
    };
  };
  m->AddRoute("POST", "/create_forum", save_forum(true));
  m->AddRoute("POST", "/f/{forum}/edit", save_forum(false));

  // Users.
  m->AddRoute("GET", "/user/{name}", [s](const Request& req, SiteContext& ctx, Response* r) {
    return UserPage(*s, req, ctx, r, "");
  });
  m->AddRoute("GET", "/user/{name}/{tab}", [s](const Request& req, SiteContext& ctx, Response* r) {
    const std::string tab = req.Capture(1);
    if (tab == "edit_biography") {
      auto me = UserId(ctx);
      if (!me.ok()) return me.status();
      if (*me == 0) return RequireLogin(r);
      auto uid = ctx.db->QueryInt("SELECT id FROM users WHERE username = ?", {req.Capture(0)}, 0);
      if (!uid.ok()) return uid.status();
      if (*uid != *me) {
        return Message(*s, ctx, req, r, 403, "Access denied",
                       "You can only edit your own biography.");
      }
      TemplateData d;
      d.set("name", ctx.user);
      auto bio = ctx.db->QueryText("SELECT biography FROM users WHERE id = ?", {*me});
      if (!bio.ok()) return bio.status();
      d.set("biography", *bio);
      return Respond(Render(*s, ctx, req, "Edit biography", "biography", d, r), r);
    }
    if (tab != "submissions" && tab != "comments") {
      return Message(*s, ctx, req, r, 404, "Page not found", "No such page.");
    }
    return UserPage(*s, req, ctx, r, tab);
  });
  m->AddRoute(
      "POST", "/user/{name}/edit_biography", [](const Request& req, SiteContext& ctx, Response* r) {
        auto me = UserId(ctx);
        if (!me.ok()) return me.status();
        if (*me == 0) return RequireLogin(r);
        auto uid = ctx.db->QueryInt("SELECT id FROM users WHERE username = ?", {req.Capture(0)}, 0);
        if (!uid.ok()) return uid.status();
        if (*uid != *me) return FailedPrecondition("not your biography");
        std::string bio = req.Param("user_biography[biography]").substr(0, 300);
        WA_RETURN_IF_ERROR(ctx.db->Run("UPDATE users SET biography = ? WHERE id = ?", {bio, *me}));
        Flash(r, "Your biography was saved.", "/user/" + ctx.user);
        return Status::Ok();
      });

  // Search: submissions whose title or body holds every word.
  m->AddRoute("GET", "/search", [s](const Request& req, SiteContext& ctx, Response* r) {
    const std::string q = req.Param("q");
    std::vector<std::string> words;
    std::string w;
    for (char c : q + " ") {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      } else if (!w.empty()) {
        words.push_back(w);
        w.clear();
      }
    }
    TemplateList results;
    if (!words.empty() && words.size() <= 8) {
      // Eight word conditions; unused ones are bound empty (instr(x, '') is 1: true).
      std::string where;
      for (size_t i = 0; i < 8; ++i) {
        where += (i ? " AND " : "") + std::string("instr(lower(s.title || ' ' || s.body), ?") +
                 std::to_string(i + 1) + ") > 0";
      }
      std::vector<std::string> b(8);
      for (size_t i = 0; i < words.size(); ++i) b[i] = words[i];
      WA_RETURN_IF_ERROR(ctx.db->Query(
          "SELECT s.id, s.title, s.slug, f.name, u.username, s.comment_count FROM submissions s "
          "JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id WHERE " +
              where + " ORDER BY s.upvotes - s.downvotes DESC, s.id DESC LIMIT 50",
          {b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]}, [&](const Row& row) {
            TemplateData t;
            t.set("id", std::to_string(row.Int(0)));
            t.set("title", row.Text(1));
            t.set("slug", row.Text(2));
            t.set("forum", row.Text(3));
            t.set("author", row.Text(4));
            t.set("comments", std::to_string(row.Int(5)));
            results.push_back(std::move(t));
          }));
    }
    TemplateData d;
    d.set("query", q);
    d.set("results", std::move(results));
    return Respond(Render(*s, ctx, req, "Search", "search", d, r), r);
  });

  // Session.
  m->AddRoute("GET", "/login", [s](const Request& req, SiteContext& ctx, Response* r) {
    TemplateData d;
    d.set("heading", "Log in");
    d.set("text", "Log in with your username and password.");
    d.set("extra",
          "<form class=\"form login-form\" action=\"/login_check\" method=\"post\"><div "
          "class=\"form-row\"><label for=\"login-username\" class=\"form-label\">Username</label>"
          "<input type=\"text\" id=\"login-username\" name=\"_username\" class=\"form-control\">"
          "</div><div class=\"form-row\"><label for=\"login-password\" class=\"form-label\">"
          "Password</label><input type=\"password\" id=\"login-password\" name=\"_password\" "
          "class=\"form-control\"></div><button type=\"submit\" class=\"button\">Log in</button>"
          "</form>");
    return Respond(Render(*s, ctx, req, "Log in", "message", d, r), r);
  });
  m->AddRoute("POST", "/login_check", [](const Request& req, SiteContext& ctx, Response* r) {
    auto ok = ctx.db->QueryInt("SELECT COUNT(*) FROM users WHERE username = ? AND password = ?",
                               {req.Param("_username"), req.Param("_password")});
    if (!ok.ok()) return ok.status();
    if (*ok == 0) {
      Flash(r, "Bad credentials.", "/login");
      return Status::Ok();
    }
    r->set_cookies.emplace_back(ctx.model->session_cookie, req.Param("_username"));
    r->location = "/";
    return Status::Ok();
  });
  m->AddRoute("GET", "/logout", [](const Request&, SiteContext& ctx, Response* r) {
    r->set_cookies.emplace_back(ctx.model->session_cookie, "");
    r->location = "/";
    return Status::Ok();
  });
  AddStylesheetRoute(m);
}

}  // namespace

Result<std::shared_ptr<const SiteModel>> BuildRedditSite(const SiteOptions& options) {
  auto reddit = std::make_shared<Reddit>();
  WA_RETURN_IF_ERROR(reddit->templates.Load("reddit", /*minify=*/true));
  auto model = std::make_shared<SiteModel>();
  model->name = "reddit";
  model->placeholder = "__REDDIT__";
  model->SetBaseUrl("http://localhost:9999");
  model->display_name = "Postmill";
  model->default_user = std::string(kRedditUser);
  model->session_cookie = "PHPSESSID";
  WA_RETURN_IF_ERROR(LoadStylesheet("reddit", model.get()));
  WA_RETURN_IF_ERROR(BuildPristine(
      kRedditSchema, [&](Db& db) { return PopulateReddit(db, options.seed); }, model.get()));
  model->error_page = [](int status, std::string_view message, const SiteContext&) {
    return "<!DOCTYPE html><html><head><title>Error " + std::to_string(status) +
           "</title></head><body><nav class=\"site-nav\"><a class=\"site-nav__logo\" "
           "href=\"/\">Postmill</a></nav><main class=\"site-main\"><h1 class=\"page-heading\">" +
           (status == 404 ? std::string("Page not found") : std::string("Error")) + "</h1><p>" +
           HtmlEscape(message) + "</p></main></body></html>";
  };
  AddRoutes(reddit, model.get());
  return std::shared_ptr<const SiteModel>(model);
}

}  // namespace wa
