// The fixture site: a small deterministic site for tests and benchmarks. It has a form with every
// control type, a paginated table, a hover menu, a new-tab link, a login, a search, POST
// handlers that write to SQLite, and a page taller than the viewport.
#include <memory>

#include "sim/assets.h"
#include "sim/sites/site_util.h"

namespace wa {
namespace {

constexpr std::string_view kSchema = R"sql(
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT UNIQUE NOT NULL, password TEXT NOT NULL,
                    email TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
                    price REAL NOT NULL, stock INTEGER NOT NULL, description TEXT NOT NULL);
CREATE TABLE notes (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, author TEXT NOT NULL,
                    body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE submissions (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL,
                          category TEXT NOT NULL, priority TEXT NOT NULL, subscribe INTEGER NOT NULL,
                          message TEXT NOT NULL, created_at INTEGER NOT NULL);
)sql";

constexpr int kItems = 25;
constexpr int kPageSize = 10;

struct Fixture {
  TemplateSet templates;
};

Result<std::string> Page(const Fixture& f, const SiteContext& ctx, std::string_view title,
                         std::string_view body_template, TemplateData data,
                         std::string_view flash = {}) {
  auto content = f.templates.Render(body_template, data);
  if (!content.ok()) return content.status();
  TemplateData layout;
  layout.set("title", std::string(title));
  layout.set("content", *content);
  if (!ctx.user.empty()) layout.set("user", ctx.user);
  if (!flash.empty()) layout.set("flash", std::string(flash));
  return f.templates.Render("layout", layout);
}

Status Respond(Result<std::string> html, Response* r) {
  if (!html.ok()) return html.status();
  r->body = std::move(*html);
  return Status::Ok();
}

int64_t ParsePositive(std::string_view s, int64_t fallback) {
  if (s.empty() || s.size() > 9) return fallback;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return fallback;
    v = v * 10 + (c - '0');
  }
  return v > 0 ? v : fallback;
}

Status Populate(Db& db, uint64_t seed) {
  Rng rng(seed);
  static constexpr std::string_view kAdjectives[] = {"Red",   "Compact", "Classic", "Deluxe",
                                                     "Smart", "Quiet",   "Rugged",  "Vintage"};
  static constexpr std::string_view kNouns[] = {"Kettle", "Lamp",    "Backpack", "Chair",
                                                "Clock",  "Blender", "Jacket",   "Speaker"};
  static constexpr std::string_view kCategories[] = {"Home", "Outdoors", "Electronics", "Clothing"};
  WA_RETURN_IF_ERROR(
      db.Run("INSERT INTO users VALUES (1, 'alice', 'wonderland', "
             "'alice@example.com', 1609459200)"));
  WA_RETURN_IF_ERROR(
      db.Run("INSERT INTO users VALUES (2, 'bob', 'builder', 'bob@example.com', 1612137600)"));
  for (int i = 1; i <= kItems; ++i) {
    std::string name = std::string(kAdjectives[rng.Uniform(8)]) + " " +
                       std::string(kNouns[rng.Uniform(8)]) + " " + std::to_string(100 + i);
    std::string_view category = kCategories[rng.Uniform(4)];
    double price = static_cast<double>(rng.Range(500, 25000)) / 100.0;
    int64_t stock = rng.Range(0, 40);
    std::string description = "The " + name + " is a " + std::string(category) +
                              " item with a sturdy build and a two-year warranty.";
    WA_RETURN_IF_ERROR(db.Run("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?)",
                              {i, name, category, price, stock, description}));
  }
  WA_RETURN_IF_ERROR(
      db.Run("INSERT INTO notes (item_id, author, body, created_at) VALUES "
             "(1, 'bob', 'Arrived quickly, works well.', 1672531200)"));
  return Status::Ok();
}

void AddRoutes(const std::shared_ptr<const Fixture>& f, SiteModel* m) {
  m->AddRoute("GET", "/", [f](const Request&, SiteContext& ctx, Response* r) {
    TemplateList featured;
    WA_RETURN_IF_ERROR(ctx.db->Query("SELECT id, name, price FROM items ORDER BY id LIMIT 5", {},
                                     [&](const Row& row) {
                                       TemplateData d;
                                       d.set("id", std::to_string(row.Int(0)));
                                       d.set("name", row.Text(1));
                                       d.set("price", FormatMoney(row.Real(2)));
                                       featured.push_back(std::move(d));
                                     }));
    TemplateData data;
    data.set("featured", std::move(featured));
    return Respond(Page(*f, ctx, "Home", "home", data), r);
  });

  m->AddRoute("GET", "/items", [f](const Request& req, SiteContext& ctx, Response* r) {
    auto total = ctx.db->QueryInt("SELECT COUNT(*) FROM items", {});
    if (!total.ok()) return total.status();
    int64_t pages = std::max<int64_t>(1, (*total + kPageSize - 1) / kPageSize);
    int64_t page = std::min(ParsePositive(req.Param("page"), 1), pages);
    TemplateList items;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT id, name, category, price, stock FROM items ORDER BY id LIMIT ? OFFSET ?",
        {kPageSize, (page - 1) * kPageSize}, [&](const Row& row) {
          TemplateData d;
          d.set("id", std::to_string(row.Int(0)));
          d.set("name", row.Text(1));
          d.set("category", row.Text(2));
          d.set("price", FormatMoney(row.Real(3)));
          d.set("stock", std::to_string(row.Int(4)));
          items.push_back(std::move(d));
        }));
    TemplateList links;
    for (int64_t n = 1; n <= pages; ++n) {
      TemplateData d;
      d.set("n", std::to_string(n));
      d.set("current", n == page);
      links.push_back(std::move(d));
    }
    TemplateData data;
    data.set("items", items);
    data.set("total", std::to_string(*total));
    data.set("page", std::to_string(page));
    data.set("pages", std::to_string(pages));
    data.set("pagelinks", std::move(links));
    if (page > 1) data.set("prev", std::to_string(page - 1));
    if (page < pages) data.set("next", std::to_string(page + 1));
    return Respond(Page(*f, ctx, "Items", "items", data), r);
  });

  m->AddRoute("GET", "/items/{id}", [f](const Request& req, SiteContext& ctx, Response* r) {
    int64_t id = ParsePositive(req.Capture(0), -1);
    TemplateData data;
    bool found = false;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT id, name, category, price, stock, description FROM items WHERE id = ?", {id},
        [&](const Row& row) {
          found = true;
          data.set("id", std::to_string(row.Int(0)));
          data.set("name", row.Text(1));
          data.set("category", row.Text(2));
          data.set("price", FormatMoney(row.Real(3)));
          data.set("stock", std::to_string(row.Int(4)));
          data.set("description", row.Text(5));
        }));
    if (!found) return NotFound("There is no item " + req.Capture(0) + ".");
    TemplateList notes;
    WA_RETURN_IF_ERROR(
        ctx.db->Query("SELECT author, body, created_at FROM notes WHERE item_id = ? ORDER BY id",
                      {id}, [&](const Row& row) {
                        TemplateData d;
                        d.set("author", row.Text(0));
                        d.set("body", row.Text(1));
                        d.set("time", FormatDateTime(row.Int(2)));
                        notes.push_back(std::move(d));
                      }));
    data.set("notes", notes);
    return Respond(Page(*f, ctx, "Item " + req.Capture(0), "item", data), r);
  });

  m->AddRoute("POST", "/items/{id}/notes", [](const Request& req, SiteContext& ctx, Response* r) {
    int64_t id = ParsePositive(req.Capture(0), -1);
    auto exists = ctx.db->QueryInt("SELECT COUNT(*) FROM items WHERE id = ?", {id});
    if (!exists.ok()) return exists.status();
    if (*exists == 0) return NotFound("There is no item " + req.Capture(0) + ".");
    std::string body = req.Param("body");
    if (!body.empty()) {
      WA_RETURN_IF_ERROR(
          ctx.db->Run("INSERT INTO notes (item_id, author, body, created_at) VALUES (?, ?, ?, ?)",
                      {id, ctx.user.empty() ? std::string("guest") : ctx.user, body, ctx.Now()}));
    }
    r->location = "/items/" + std::to_string(id);
    return Status::Ok();
  });

  m->AddRoute("GET", "/form", [f](const Request&, SiteContext& ctx, Response* r) {
    TemplateData data;
    data.set("token", "tok-" + std::to_string(ctx.Now()));
    return Respond(Page(*f, ctx, "Contact", "form", data), r);
  });

  m->AddRoute("POST", "/form", [f](const Request& req, SiteContext& ctx, Response* r) {
    std::string name = req.Param("name");
    if (name.empty()) {
      TemplateData data;
      data.set("error", "Please enter your name.");
      data.set("token", "tok-" + std::to_string(ctx.Now()));
      r->status = 422;
      return Respond(Page(*f, ctx, "Contact", "form", data), r);
    }
    std::string category = req.Param("category");
    std::string priority = req.Param("priority");
    if (category.empty()) category = "general";
    if (priority.empty()) priority = "normal";
    WA_RETURN_IF_ERROR(
        ctx.db->Run("INSERT INTO submissions (name, email, category, priority, subscribe, message, "
                    "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    {name, req.Param("email"), category, priority,
                     req.Param("subscribe") == "yes" ? 1 : 0, req.Param("message"), ctx.Now()}));
    r->location = "/submissions/" + std::to_string(ctx.db->LastInsertRowId());
    return Status::Ok();
  });

  auto submission_data = [](const Row& row) {
    TemplateData d;
    d.set("id", std::to_string(row.Int(0)));
    d.set("name", row.Text(1));
    d.set("email", row.Text(2));
    d.set("category", row.Text(3));
    d.set("priority", row.Text(4));
    d.set("subscribe", row.Int(5) ? std::string("yes") : std::string("no"));
    d.set("message", row.Text(6));
    d.set("time", FormatDateTime(row.Int(7)));
    return d;
  };

  m->AddRoute("GET", "/submissions",
              [f, submission_data](const Request&, SiteContext& ctx, Response* r) {
                TemplateList rows;
                WA_RETURN_IF_ERROR(ctx.db->Query(
                    "SELECT id, name, email, category, priority, subscribe, message, created_at "
                    "FROM submissions ORDER BY id DESC",
                    {}, [&](const Row& row) { rows.push_back(submission_data(row)); }));
                TemplateData data;
                data.set("rows", std::move(rows));
                return Respond(Page(*f, ctx, "Submissions", "submissions", data), r);
              });

  m->AddRoute("GET", "/submissions/{id}",
              [f, submission_data](const Request& req, SiteContext& ctx, Response* r) {
                TemplateData data;
                bool found = false;
                WA_RETURN_IF_ERROR(ctx.db->Query(
                    "SELECT id, name, email, category, priority, subscribe, message, created_at "
                    "FROM submissions WHERE id = ?",
                    {ParsePositive(req.Capture(0), -1)}, [&](const Row& row) {
                      found = true;
                      data = submission_data(row);
                    }));
                if (!found) return NotFound("There is no submission " + req.Capture(0) + ".");
                return Respond(Page(*f, ctx, "Submission", "submission", data,
                                    "Thank you, your message was sent."),
                               r);
              });

  m->AddRoute("GET", "/login", [f](const Request&, SiteContext& ctx, Response* r) {
    return Respond(Page(*f, ctx, "Sign in", "login", TemplateData()), r);
  });

  m->AddRoute("POST", "/login", [f](const Request& req, SiteContext& ctx, Response* r) {
    auto count = ctx.db->QueryInt("SELECT COUNT(*) FROM users WHERE username = ? AND password = ?",
                                  {req.Param("username"), req.Param("password")});
    if (!count.ok()) return count.status();
    if (*count == 0) {
      TemplateData data;
      data.set("error", "The username or password is incorrect.");
      r->status = 401;
      return Respond(Page(*f, ctx, "Sign in", "login", data), r);
    }
    r->set_cookies.emplace_back(ctx.model->session_cookie, req.Param("username"));
    r->location = "/account";
    return Status::Ok();
  });

  m->AddRoute("POST", "/logout", [](const Request&, SiteContext& ctx, Response* r) {
    r->set_cookies.emplace_back(ctx.model->session_cookie, "");
    r->location = "/";
    return Status::Ok();
  });

  m->AddRoute("GET", "/account", [f](const Request&, SiteContext& ctx, Response* r) {
    if (ctx.user.empty()) {
      r->location = "/login";
      return Status::Ok();
    }
    TemplateData data;
    data.set("user", ctx.user);
    WA_RETURN_IF_ERROR(ctx.db->Query("SELECT email, created_at FROM users WHERE username = ?",
                                     {ctx.user}, [&](const Row& row) {
                                       data.set("email", row.Text(0));
                                       data.set("since", FormatDate(row.Int(1)));
                                     }));
    return Respond(Page(*f, ctx, "My account", "account", data), r);
  });

  m->AddRoute("GET", "/search", [f](const Request& req, SiteContext& ctx, Response* r) {
    std::string q = req.Param("q");
    TemplateList results;
    // LIKE with bound pattern; % and _ in the query are escaped so they match literally.
    std::string pattern = "%";
    for (char c : q) {
      if (c == '%' || c == '_' || c == '\\') pattern += '\\';
      pattern += c;
    }
    pattern += "%";
    WA_RETURN_IF_ERROR(
        ctx.db->Query("SELECT id, name, price FROM items WHERE name LIKE ? ESCAPE '\\' ORDER BY id",
                      {pattern}, [&](const Row& row) {
                        TemplateData d;
                        d.set("id", std::to_string(row.Int(0)));
                        d.set("name", row.Text(1));
                        d.set("price", FormatMoney(row.Real(2)));
                        results.push_back(std::move(d));
                      }));
    TemplateData data;
    data.set("q", q);
    data.set("count", std::to_string(results.size()));
    data.set("results", std::move(results));
    return Respond(Page(*f, ctx, "Search", "search", data), r);
  });

  m->AddRoute("GET", "/help", [f](const Request&, SiteContext& ctx, Response* r) {
    return Respond(Page(*f, ctx, "Help", "help", TemplateData()), r);
  });

  m->AddRoute("GET", "/long", [f](const Request&, SiteContext& ctx, Response* r) {
    TemplateList sections;
    for (int n = 1; n <= 12; ++n) {
      TemplateData d;
      d.set("n", std::to_string(n));
      d.set("text", "Paragraph " + std::to_string(n) +
                        " of a page that is taller than the viewport, so that scrolling "
                        "changes which elements are visible.");
      sections.push_back(std::move(d));
    }
    TemplateData data;
    data.set("sections", std::move(sections));
    return Respond(Page(*f, ctx, "Long page", "long", data), r);
  });

  AddStylesheetRoute(m);
}

}  // namespace

Result<std::shared_ptr<const SiteModel>> BuildFixtureSite(const SiteOptions& options) {
  auto fixture = std::make_shared<Fixture>();
  WA_RETURN_IF_ERROR(fixture->templates.Load("fixture"));
  auto model = std::make_shared<SiteModel>();
  model->name = "fixture";
  model->placeholder = "__FIXTURE__";
  model->SetBaseUrl("http://localhost:8099");
  model->display_name = "Fixture Site";
  model->default_user = "alice";
  WA_RETURN_IF_ERROR(LoadStylesheet("fixture", model.get()));
  WA_RETURN_IF_ERROR(BuildPristine(
      kSchema, [&](Db& db) { return Populate(db, options.seed); }, model.get()));
  std::shared_ptr<const Fixture> f = fixture;
  model->error_page = [f](int status, std::string_view message, const SiteContext& ctx) {
    TemplateData data;
    data.set("status", std::to_string(status));
    data.set("reason", status == 404   ? "Not Found"
                       : status == 405 ? "Method Not Allowed"
                       : status == 400 ? "Bad Request"
                                       : "Server Error");
    data.set("message", std::string(message));
    auto html = Page(*f, ctx, status == 404 ? "Page not found" : "Error", "error", data);
    return html.ok() ? *html : std::string("<html><body>error</body></html>");
  };
  AddRoutes(f, model.get());
  return std::shared_ptr<const SiteModel>(std::move(model));
}

}  // namespace wa
