// The wiki site: WebArena's offline Wikipedia as Kiwix serves it. The library home (/), the
// book's main page, articles at /wikipedia_en_all_maxi_2022-05/A/<Title_With_Underscores>
// (h1#firstHeading, table.infobox, lead and sections with links to other articles), and full-text
// search at /search?content=<book>&pattern=<words> (titles first, then articles containing every
// word). Read-only; the content is sim/sites/wiki_data.h's.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>

#include "sim/dom.h"
#include "sim/sites/site_util.h"
#include "sim/sites/wiki_data.h"
#include "sim/url.h"

namespace wa {
namespace {

struct WikiSite {
  TemplateSet templates;
};

const std::string& Book() {
  static const std::string kBook(kWikiBook);
  return kBook;
}

// A path segment for a title: spaces as underscores, reserved characters %-escaped.
std::string ArticleHref(const std::string& title) {
  return "/" + Book() + "/A/" + EncodeUriComponent(WikiSlug(title), ",:");
}

Status Emit(const WikiSite& s, const std::string& title, const std::string& content,
            const std::string& pattern, Response* r) {
  TemplateData d;
  d.set("title", title);
  d.set("book", Book());
  d.set("pattern", pattern);
  d.set("content", content);
  auto html = s.templates.Render("layout", d);
  if (!html.ok()) return html.status();
  r->body = std::move(*html);
  return Status::Ok();
}

Status Message(const WikiSite& s, int status, const std::string& heading, const std::string& text,
               Response* r) {
  TemplateData d;
  d.set("heading", heading);
  d.set("text", text);
  auto c = s.templates.Render("message", d);
  if (!c.ok()) return c.status();
  r->status = status;
  return Emit(s, heading, *c, "", r);
}

// HTML of a text with the first mention of each linked title made a link.
std::string Linkify(const std::string& text, const std::vector<std::string>& links) {
  struct Mark {
    size_t at, len;
    const std::string* title;
  };
  std::vector<Mark> marks;
  std::vector<const std::string*> sorted;
  for (const std::string& l : links) sorted.push_back(&l);
  std::sort(sorted.begin(), sorted.end(),
            [](const std::string* a, const std::string* b) { return a->size() > b->size(); });
  for (const std::string* l : sorted) {
    const size_t at = text.find(*l);
    if (at == std::string::npos) continue;
    bool overlaps = false;
    for (const Mark& m : marks) overlaps |= at < m.at + m.len && m.at < at + l->size();
    if (!overlaps) marks.push_back({at, l->size(), l});
  }
  std::sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.at < b.at; });
  std::string out;
  size_t pos = 0;
  for (const Mark& m : marks) {
    out += HtmlEscape(text.substr(pos, m.at - pos));
    out += "<a href=\"" + HtmlEscape(ArticleHref(*m.title)) + "\">" +
           HtmlEscape(text.substr(m.at, m.len)) + "</a>";
    pos = m.at + m.len;
  }
  return out + HtmlEscape(text.substr(pos));
}

Status ArticlePage(const WikiSite& s, const Request& req, SiteContext& ctx, Response* r) {
  const std::string slug = req.Capture(0);
  if (slug == "Main_Page") {
    auto count = ctx.db->QueryInt("SELECT COUNT(*) FROM articles", {});
    if (!count.ok()) return count.status();
    TemplateData d;
    d.set("count", std::to_string(*count));
    TemplateList featured, browse;
    WA_RETURN_IF_ERROR(ctx.db->Query("SELECT title FROM articles WHERE rowid <= 24 ORDER BY rowid",
                                     {}, [&](const Row& row) {
                                       TemplateData t;
                                       t.set("title", row.Text(0));
                                       t.set("href", ArticleHref(row.Text(0)));
                                       featured.push_back(std::move(t));
                                     }));
    for (const char* t : {"Pennsylvania", "Massachusetts", "New York", "Maine", "Pittsburgh",
                          "Boston", "Philadelphia"}) {
      TemplateData e;
      e.set("title", t);
      e.set("href", ArticleHref(t));
      browse.push_back(std::move(e));
    }
    d.set("featured", std::move(featured));
    d.set("browse", std::move(browse));
    auto c = s.templates.Render("main", d);
    if (!c.ok()) return c.status();
    return Emit(s, "Wikipedia", *c, "", r);
  }
  bool found = false;
  std::string title, lead, info, sections, links;
  WA_RETURN_IF_ERROR(
      ctx.db->Query("SELECT title, lead, infobox, sections, links FROM articles WHERE slug = ?",
                    {slug}, [&](const Row& row) {
                      found = true;
                      title = row.Text(0);
                      lead = row.Text(1);
                      info = row.Text(2);
                      sections = row.Text(3);
                      links = row.Text(4);
                    }));
  if (!found) {
    return Message(
        s, 404, "Not Found",
        "The requested URL \"/" + Book() + "/A/" + slug + "\" was not found on this server.", r);
  }
  const auto info_j = nlohmann::json::parse(info, nullptr, false);
  const auto sections_j = nlohmann::json::parse(sections, nullptr, false);
  const auto links_j = nlohmann::json::parse(links, nullptr, false);
  if (info_j.is_discarded() || sections_j.is_discarded() || links_j.is_discarded()) {
    return Internal("wiki: article " + slug + " is corrupt");
  }
  std::vector<std::string> link_titles = links_j.get<std::vector<std::string>>();
  TemplateData d;
  d.set("title", title);
  TemplateList rows;
  for (const auto& kv : info_j) {
    TemplateData t;
    t.set("k", kv[0].get<std::string>());
    t.set("v", kv[1].get<std::string>());
    rows.push_back(std::move(t));
  }
  d.set("has_infobox", !rows.empty());
  d.set("infobox", std::move(rows));
  d.set("lead", Linkify(lead, link_titles));
  TemplateList secs;
  for (const auto& hs : sections_j) {
    TemplateData t;
    t.set("heading", hs[0].get<std::string>());
    t.set("text", Linkify(hs[1].get<std::string>(), link_titles));
    secs.push_back(std::move(t));
  }
  d.set("sections", std::move(secs));
  TemplateList see;
  for (const std::string& l : link_titles) {
    TemplateData t;
    t.set("title", l);
    t.set("href", ArticleHref(l));
    see.push_back(std::move(t));
  }
  d.set("has_links", !see.empty());
  d.set("links", std::move(see));
  auto c = s.templates.Render("article", d);
  if (!c.ok()) return c.status();
  return Emit(s, title, *c, "", r);
}

std::vector<std::string> SearchWords(const std::string& pattern) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : LowerAscii(pattern) + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      cur += c;
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
  return out;
}

Status SearchPage(const WikiSite& s, const Request& req, SiteContext& ctx, Response* r) {
  const std::string pattern = req.Param("pattern");
  const std::vector<std::string> words = SearchWords(pattern);
  struct Hit {
    int rank;
    int64_t rowid;
    std::string title, lead;
  };
  std::vector<Hit> hits;
  if (!words.empty()) {
    // Candidates contain the first word; the rest are checked here (LIKE with bound patterns).
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT rowid, title, lead, words FROM articles WHERE words LIKE ? ORDER BY rowid",
        {"%" + words[0] + "%"}, [&](const Row& row) {
          const std::string text = row.Text(3);
          for (const std::string& w : words) {
            if (text.find(w) == std::string::npos) return;
          }
          const std::string lower_title = LowerAscii(row.Text(1));
          int rank = 2;
          if (lower_title == LowerAscii(pattern)) {
            rank = 0;
          } else {
            bool all = true;
            for (const std::string& w : words) all &= lower_title.find(w) != std::string::npos;
            if (all) rank = 1;
          }
          hits.push_back({rank, row.Int(0), row.Text(1), row.Text(2)});
        }));
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.title.size() != b.title.size()) return a.title.size() < b.title.size();
    return a.rowid < b.rowid;
  });
  TemplateList results;
  for (size_t i = 0; i < hits.size() && i < 25; ++i) {
    TemplateData t;
    t.set("title", hits[i].title);
    t.set("href", ArticleHref(hits[i].title));
    t.set("snippet",
          hits[i].lead.size() > 200 ? hits[i].lead.substr(0, 200) + "..." : hits[i].lead);
    results.push_back(std::move(t));
  }
  TemplateData d;
  d.set("pattern", pattern);
  d.set("has_results", !results.empty());
  d.set("shown", std::to_string(results.size()));
  d.set("total", std::to_string(hits.size()));
  d.set("results", std::move(results));
  auto c = s.templates.Render("search", d);
  if (!c.ok()) return c.status();
  return Emit(s, "Search: " + pattern, *c, pattern, r);
}

}  // namespace

Result<std::shared_ptr<const SiteModel>> BuildWikiSite(const SiteOptions& options) {
  auto site = std::make_shared<WikiSite>();
  WA_RETURN_IF_ERROR(site->templates.Load("wikipedia", /*minify=*/true));
  auto model = std::make_shared<SiteModel>();
  model->name = "wikipedia";
  model->placeholder = "__WIKIPEDIA__";
  model->SetBaseUrl("http://localhost:8888");
  model->display_name = "Wikipedia";
  model->session_cookie = "kiwix_session";
  WA_RETURN_IF_ERROR(LoadStylesheet("wikipedia", model.get()));
  WA_RETURN_IF_ERROR(BuildPristine(
      kWikiSchema, [&](Db& db) { return PopulateWiki(db, options.seed); }, model.get()));
  std::shared_ptr<const WikiSite> s = site;
  model->error_page = [s](int status, std::string_view message, const SiteContext&) {
    Response r;
    if (!Message(*s, status, status == 404 ? "Not Found" : "Error", std::string(message), &r)
             .ok()) {
      return std::string("<html><body>error</body></html>");
    }
    return r.body;
  };
  AddStylesheetRoute(model.get());
  model->AddRoute("GET", "/", [s](const Request&, SiteContext& ctx, Response* r) -> Status {
    auto count = ctx.db->QueryInt("SELECT COUNT(*) FROM articles", {});
    if (!count.ok()) return count.status();
    TemplateData d;
    d.set("book", Book());
    d.set("count", std::to_string(*count));
    auto c = s->templates.Render("home", d);
    if (!c.ok()) return c.status();
    return Emit(*s, "Welcome to Kiwix Server", *c, "", r);
  });
  model->AddRoute("GET", "/search", [s](const Request& req, SiteContext& ctx, Response* r) {
    return SearchPage(*s, req, ctx, r);
  });
  model->AddRoute("GET", "/" + Book() + "/A/{title}",
                  [s](const Request& req, SiteContext& ctx, Response* r) {
                    return ArticlePage(*s, req, ctx, r);
                  });
  return std::shared_ptr<const SiteModel>(std::move(model));
}

}  // namespace wa
