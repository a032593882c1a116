// Task templates of the shopping admin site (the 35 published CMS template ids and wording).
// References are computed from the simulated store; oracles act through the admin UI only.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <map>
#include <set>

#include "sim/sites/admin_data.h"
#include "sim/sites/site_util.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;
using CK = StringCheck::Kind;

Task AdminTask(const std::string& start = "__SHOPPING_ADMIN__") {
  return NewSiteTask("shopping_admin", start);
}

TemplateFamily Family(int id, std::string intent, std::vector<std::string> eval_types,
                      json published) {
  return SiteFamily("shopping_admin", id, std::move(intent), std::move(eval_types),
                    std::move(published));
}

std::string Str(const json& p, const char* key) { return p.value(key, std::string()); }

std::string Capitalize(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

std::string Join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// An answer task with one check.
Task AnswerTask(CK kind, std::vector<std::string> values) {
  Task t = AdminTask();
  t.eval.has_reference_answers = true;
  t.eval.reference_answers = {MakeCheck(kind, std::move(values))};
  return t;
}

Task UnachievableTask(const std::string& note) {
  Task t = AnswerTask(CK::kFuzzyMatch, {"N/A"});
  t.eval.string_note = note;
  return t;
}

// A page check: `locator` on `url` must meet `kind` with `values`.
ProgramHtmlTarget PageCheck(std::string url, std::string locator, CK kind,
                            std::vector<std::string> values) {
  ProgramHtmlTarget t;
  t.url = std::move(url);
  t.locator = std::move(locator);
  t.required_contents = {MakeCheck(kind, std::move(values))};
  return t;
}

std::string EditUrl(int64_t product) {
  return "__SHOPPING_ADMIN__/catalog/product/edit/id/" + std::to_string(product) + "/";
}

// ----- Oracle building blocks.

std::vector<OracleOp> Menu(const std::string& section, const std::string& item) {
  return {
      {K::kHover, "li.level-0", section, "", "# Element: the '" + section + "' menu"},
      {K::kClick, ".submenu a", item, "", "# Element: '" + item + "' in the " + section + " menu"}};
}

OracleOp Exit(const std::string& answer, const std::string& note) {
  return {K::kExit, "", "", answer, "# Note: " + note};
}

std::vector<OracleOp> Keyword(const std::string& text) {
  return {{K::kType, "#fulltext", "", text, "# Element: the keyword search box"},
          {K::kClick, ".data-grid-search-control-wrap button", "", "",
           "# Element: the 'Search' button"}};
}

OracleOp ApplyFilters() {
  return {K::kClick, ".admin__data-grid-filters button", "", "", "# Element: 'Apply Filters'"};
}

// Opens an order's page from the orders grid.
std::vector<OracleOp> OpenOrder(int64_t id) {
  std::vector<OracleOp> ops = Menu("Sales", "Orders");
  for (OracleOp& op : Keyword(IncrementId(id))) ops.push_back(op);
  ops.push_back({K::kClick, "a.action-menu-item", IncrementId(id), "",
                 "# Element: order " + IncrementId(id) + " in the grid"});
  return ops;
}

// Opens a product's edit page from the products grid (configurable parents are filtered by
// type, so their many children do not push them off the first page).
std::vector<OracleOp> OpenProduct(const std::string& name, bool configurable) {
  std::vector<OracleOp> ops = Menu("Catalog", "Products");
  ops.push_back({K::kType, "#fulltext", "", name, "# Element: the keyword search box"});
  if (configurable) {
    ops.push_back({K::kSelect, "#filter_type", "", "Configurable Product",
                   "# Element: the product type filter"});
    ops.push_back(ApplyFilters());
  } else {
    ops.push_back({K::kClick, ".data-grid-search-control-wrap button", "", "",
                   "# Element: the 'Search' button"});
  }
  ops.push_back({K::kClick, "a.action-menu-item", name, "", "# Element: '" + name + "'"});
  return ops;
}

OracleOp SaveProduct() {
  return {K::kClick, "#save-button", "", "", "# Element: the 'Save' button"};
}

std::vector<OracleOp> Report(const std::string& menu_item, const std::string& from,
                             const std::string& to, const std::string& period,
                             const std::string& status) {
  std::vector<OracleOp> ops = Menu("Reports", menu_item);
  if (!period.empty()) {
    ops.push_back(
        {K::kSelect, "#sales_report_period_type", "", period, "# Element: the period select"});
  }
  ops.push_back({K::kType, "#sales_report_from", "", from, "# Element: the 'From' date"});
  ops.push_back({K::kType, "#sales_report_to", "", to, "# Element: the 'To' date"});
  if (!status.empty()) {
    ops.push_back({K::kSelect, "#sales_report_order_statuses", "", status,
                   "# Element: the order status select"});
  }
  ops.push_back({K::kClick, "#filter_form_submit", "", "", "# Element: 'Show Report'"});
  return ops;
}

// ----- Data helpers.

std::string MonthName(int m) {
  static const char* kNames[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  return kNames[(m - 1) % 12];
}
std::string FullMonth(int m) {
  static const char* kNames[] = {"January",   "February", "March",    "April",
                                 "May",       "June",     "July",     "August",
                                 "September", "October",  "November", "December"};
  return kNames[(m - 1) % 12];
}
std::string Md(int y, int m, int d) { return ShortDate(AdminTime(y, m, d)); }

// "Jan 2023" -> (2023, 1).
std::optional<std::pair<int, int>> ParseMonth(const std::string& s) {
  for (int m = 1; m <= 12; ++m) {
    std::string prefix = MonthName(m) + " ";
    if (s.rfind(prefix, 0) == 0) return std::make_pair(std::atoi(s.c_str() + 4), m);
  }
  return std::nullopt;
}

struct Ranked {
  std::string name;
  int64_t qty;
};
Result<std::vector<Ranked>> Bestsellers(Db& db, int y, int m) {
  std::vector<Ranked> out;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT i.name, SUM(i.qty) FROM order_items i JOIN orders o ON o.id = i.order_id WHERE "
      "o.status != 'canceled' AND o.created_at >= ? AND o.created_at < ? GROUP BY i.product_id "
      "ORDER BY SUM(i.qty) DESC, i.name",
      {AdminTime(y, m, 1), AdminTime(y, m, DaysInMonth(y, m)) + 86400}, [&](const Row& r) {
        out.push_back({r.Text(0), r.Int(1)});
      }));
  return out;
}

// Products (configurable parents and visible simple products) by name.
Result<int64_t> ProductByName(Db& db, const std::string& name) {
  auto id = db.QueryInt(
      "SELECT id FROM products WHERE name = ? AND visibility != 'Not Visible Individually' "
      "ORDER BY id LIMIT 1",
      {name}, 0);
  if (!id.ok()) return id.status();
  if (*id == 0) return NotFound("no product named " + name);
  return *id;
}

// The product an intent names ("Chloe tank", "Circe's products", "Aeno capri").
std::string ResolveProductName(const std::string& wording) {
  static const std::map<std::string, std::string> kAliases = {
      {"Chloe tank", "Chloe Compete Tank"},
      {"Circe's products", "Circe Hooded Ice Fleece"},
      {"Circe ice fleece", "Circe Hooded Ice Fleece"},
      {"the style of Zoe products", "Zoe Tank"},
      {"Zoe products", "Zoe Tank"},
      {"Ryker Tee Crew Neck", "Ryker LumaTech Tee (Crew-neck)"},
      {"Aeno capri", "Aeno Capri"},
      {"Antonia Racer Tank", "Antonia Racer Tank"},
      {"Frankie Sweatshirt", "Frankie Sweatshirt"}};
  auto it = kAliases.find(wording);
  return it == kAliases.end() ? wording : it->second;
}

struct ReviewInfo {
  std::string nickname, title, detail, email;
  int64_t rating = 0, customer = 0;
};
Result<std::vector<ReviewInfo>> Reviews(Db& db, int64_t product) {
  std::vector<ReviewInfo> out;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT r.nickname, r.title, r.detail, r.rating, COALESCE(r.customer_id, 0), "
      "COALESCE(c.email, '') FROM reviews r LEFT JOIN customers c ON c.id = r.customer_id WHERE "
      "r.product_id = ? ORDER BY r.created_at, r.id",
      {product}, [&](const Row& r) {
        out.push_back({r.Text(0), r.Text(1), r.Text(2), r.Text(5), r.Int(3), r.Int(4)});
      }));
  return out;
}

// A product with reviews satisfying `ok`, by a seeded draw over the reviewed products.
Result<std::string> ReviewedProduct(Db& db, Rng& rng,
                                    const std::function<bool(const std::vector<ReviewInfo>&)>& ok,
                                    const std::set<std::string>& except) {
  std::vector<std::pair<int64_t, std::string>> products;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT DISTINCT p.id, p.name FROM reviews r JOIN products p ON p.id = r.product_id WHERE "
      "p.status = 1 ORDER BY p.id",
      {}, [&](const Row& r) { products.emplace_back(r.Int(0), r.Text(1)); }));
  for (int tries = 0; tries < 200 && !products.empty(); ++tries) {
    const auto& [id, name] = products[rng.Uniform(products.size())];
    if (except.count(name)) continue;
    auto rs = Reviews(db, id);
    if (!rs.ok()) return rs.status();
    if (ok(*rs)) return name;
  }
  return NotFound("no reviewed product fits");
}

std::vector<OracleOp> ReviewsOf(const std::string& product) {
  std::vector<OracleOp> ops = Menu("Marketing", "All Reviews");
  ops.push_back({K::kType, "#filter_product", "", product, "# Element: the product filter"});
  ops.push_back(ApplyFilters());
  return ops;
}

// The sentences of a review text, without their final period.
std::vector<std::string> Sentences(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(". ", i);
    std::string s = text.substr(i, j == std::string::npos ? std::string::npos : j - i);
    while (!s.empty() && (s.back() == '.' || s.back() == ' ')) s.pop_back();
    if (!s.empty()) out.push_back(s);
    if (j == std::string::npos) break;
    i = j + 2;
  }
  return out;
}

const std::map<std::string, std::string>& StatusWords() {
  static const auto* kWords = new std::map<std::string, std::string>{
      {"cancelled", "canceled"},    {"canceled", "canceled"}, {"canlled", "canceled"},
      {"completed", "complete"},    {"complete", "complete"}, {"pending", "pending"},
      {"processing", "processing"}, {"closed", "closed"},     {"on hold", "holded"}};
  return *kWords;
}

Result<std::vector<std::pair<int64_t, double>>> LastOrders(Db& db, const std::string& status,
                                                           int64_t n) {
  std::vector<std::pair<int64_t, double>> out;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT id, grand_total FROM orders WHERE status = ? ORDER BY created_at DESC LIMIT ?",
      {status, n}, [&](const Row& r) { out.emplace_back(r.Int(0), r.Real(1)); }));
  return out;
}

// Customers ranked by the number of orders in a status (ties broken by total, as the Order
// Count report sorts).
Result<std::vector<std::pair<int64_t, int64_t>>> RankCustomers(Db& db, const std::string& status) {
  std::vector<std::pair<int64_t, int64_t>> out;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT customer_id, COUNT(*) FROM orders WHERE status = ? GROUP BY customer_id ORDER BY "
      "COUNT(*) DESC, SUM(grand_total) DESC",
      {status}, [&](const Row& r) { out.emplace_back(r.Int(0), r.Int(1)); }));
  return out;
}

struct CustomerInfo {
  std::string name, email, phone;
};
Result<CustomerInfo> Customer(Db& db, int64_t id) {
  CustomerInfo c;
  WA_RETURN_IF_ERROR(
      db.Query("SELECT firstname || ' ' || lastname, email, phone FROM customers WHERE id = ?",
               {id}, [&](const Row& r) {
                 c = {r.Text(0), r.Text(1), r.Text(2)};
               }));
  if (c.name.empty()) return NotFound("no customer " + std::to_string(id));
  return c;
}

// Reports over the whole history.
const char* kEver = "1/1/20";
const char* kEverTo = "12/31/23";

}  // namespace

std::vector<TemplateFamily> AdminTemplates() {
  std::vector<TemplateFamily> out;

  {  // 279: top-n bestsellers of a month
    TemplateFamily f = Family(279, "What are the top-{{n}} best-selling product in {{period}}",
                              {"string_match"}, json{{"n", "3"}, {"period", "Jan 2023"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      int ym = static_cast<int>(rng.Uniform(17));
      int y = ym < 12 ? 2022 : 2023, m = ym % 12 + 1;
      return json{{"n", std::to_string(2 + rng.Uniform(4))},
                  {"period", MonthName(m) + " " + std::to_string(y)}};
    };
    auto top = [](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto ym = ParseMonth(Str(p, "period"));
      if (!ym) return InvalidArgument("bad period " + Str(p, "period"));
      auto best = Bestsellers(db, ym->first, ym->second);
      if (!best.ok()) return best.status();
      size_t n = static_cast<size_t>(std::atoi(Str(p, "n").c_str()));
      if (n == 0 || best->size() <= n || (*best)[n - 1].qty == (*best)[n].qty) {
        return NotFound("no strict top " + Str(p, "n"));
      }
      std::vector<std::string> names;
      for (size_t i = 0; i < n; ++i) names.push_back((*best)[i].name);
      return names;
    };
    f.build = [top](const json& p, Db& db) -> Result<Task> {
      auto names = top(p, db);
      if (!names.ok()) return names.status();
      return AnswerTask(CK::kMustInclude, *names);
    };
    f.oracle = [top](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto names = top(p, db);
      if (!names.ok()) return names.status();
      auto ym = ParseMonth(Str(p, "period"));
      auto ops = Report("Bestsellers", Md(ym->first, ym->second, 1),
                        Md(ym->first, ym->second, DaysInMonth(ym->first, ym->second)), "Month", "");
      ops.push_back(Exit(Join(*names, ", "), "the report ranks products by units ordered"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 288: reviews mentioning a term
    TemplateFamily f =
        Family(288,
               "Tell me the the number of reviews that our store received by far that mention term "
               "\"{{term}}\"",
               {"string_match"}, json{{"term", "best"}});
    std::vector<json> terms;
    for (const char* t : {"comfortable", "soft", "warm", "size", "wash", "color", "price", "gym",
                          "small", "quality", "style", "fit", "cheap", "zipper", "seams"}) {
      terms.push_back(json{{"term", t}});
    }
    f.sample = SampleFromList(terms);
    auto count = [](const json& p, Db& db) {
      return db.QueryInt("SELECT COUNT(*) FROM reviews WHERE detail LIKE '%' || ? || '%'",
                         {Str(p, "term")});
    };
    f.build = [count](const json& p, Db& db) -> Result<Task> {
      auto n = count(p, db);
      if (!n.ok()) return n.status();
      return AnswerTask(CK::kMustInclude, {std::to_string(*n)});
    };
    f.oracle = [count](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = count(p, db);
      if (!n.ok()) return n.status();
      auto ops = Menu("Marketing", "All Reviews");
      ops.push_back(
          {K::kType, "#filter_detail", "", Str(p, "term"), "# Element: the Review filter"});
      ops.push_back(ApplyFilters());
      ops.push_back(Exit(std::to_string(*n), "the grid shows the number of records found"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 285: top search terms
    TemplateFamily f = Family(285, "List the top {{n}} search terms in my store", {"string_match"},
                              json{{"n", "3"}});
    std::vector<json> ns;
    for (const char* n : {"2", "4", "5", "6", "7", "8"}) ns.push_back(json{{"n", n}});
    f.sample = SampleFromList(ns);
    auto top = [](const json& p, Db& db) -> Result<std::vector<std::string>> {
      std::vector<std::string> terms;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT query_text FROM search_terms ORDER BY uses DESC, id LIMIT ?",
                   {static_cast<int64_t>(std::atoi(Str(p, "n").c_str()))},
                   [&](const Row& r) { terms.push_back(r.Text(0)); }));
      return terms;
    };
    f.build = [top](const json& p, Db& db) -> Result<Task> {
      auto terms = top(p, db);
      if (!terms.ok()) return terms.status();
      return AnswerTask(CK::kMustInclude, *terms);
    };
    f.oracle = [top](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto terms = top(p, db);
      if (!terms.ok()) return terms.status();
      auto ops = Menu("Reports", "Search Terms");
      ops.push_back(Exit(Join(*terms, ", "), "the report lists terms by uses, most first"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 276: the customer with the k-th most completed orders
    TemplateFamily f = Family(
        276,
        "Which customer has completed the {{quantifier}} number of orders in the entire history?",
        {"string_match"}, json{{"quantifier", "fifth most"}});
    static const std::vector<std::string> kRanks = {"most", "second most", "third most",
                                                    "fourth most", "fifth most"};
    std::vector<json> qs;
    for (const std::string& q : kRanks) qs.push_back(json{{"quantifier", q}});
    f.sample = SampleFromList(qs);
    auto who = [](const json& p, Db& db) -> Result<std::string> {
      size_t k = std::find(kRanks.begin(), kRanks.end(), Str(p, "quantifier")) - kRanks.begin();
      if (k >= kRanks.size()) return InvalidArgument("unknown quantifier");
      auto ranked = RankCustomers(db, "complete");
      if (!ranked.ok()) return ranked.status();
      if (ranked->size() <= k + 1 || (*ranked)[k].second == (*ranked)[k + 1].second ||
          (k > 0 && (*ranked)[k - 1].second == (*ranked)[k].second)) {
        return NotFound("no strict rank");
      }
      auto c = Customer(db, (*ranked)[k].first);
      if (!c.ok()) return c.status();
      return c->name;
    };
    f.build = [who](const json& p, Db& db) -> Result<Task> {
      auto name = who(p, db);
      if (!name.ok()) return name.status();
      return AnswerTask(CK::kMustInclude, {*name});
    };
    f.oracle = [who](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto name = who(p, db);
      if (!name.ok()) return name.status();
      auto ops = Report("Order Count", kEver, kEverTo, "", "Complete");
      ops.push_back(Exit(*name, "customers are ranked by completed orders"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 277: reviews in a status
    TemplateFamily f =
        Family(277, "What is the total count of {{status}} reviews amongst all the reviews?",
               {"string_match"}, json{{"status", "Pending"}});
    f.sample = SampleFromList({json{{"status", "Approved"}}, json{{"status", "Not Approved"}}});
    auto count = [](const json& p, Db& db) -> Result<int64_t> {
      std::string s = Str(p, "status");
      int64_t code = s == "Approved" ? 1 : s == "Pending" ? 2 : s == "Not Approved" ? 3 : 0;
      if (code == 0) return InvalidArgument("unknown review status " + s);
      return db.QueryInt("SELECT COUNT(*) FROM reviews WHERE status = ?", {code});
    };
    f.build = [count](const json& p, Db& db) -> Result<Task> {
      auto n = count(p, db);
      if (!n.ok()) return n.status();
      return AnswerTask(CK::kMustInclude, {std::to_string(*n)});
    };
    f.oracle = [count](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = count(p, db);
      if (!n.ok()) return n.status();
      auto ops = Menu("Marketing", "All Reviews");
      ops.push_back(
          {K::kSelect, "#filter_status", "", Str(p, "status"), "# Element: the status filter"});
      ops.push_back(ApplyFilters());
      ops.push_back(Exit(std::to_string(*n), "the grid shows the number of records found"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 274: invoice grand total
    TemplateFamily f = Family(274, "Telll me the grand total of invoice {{id}}.", {"string_match"},
                              json{{"id", "000000002"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto n = db.QueryInt("SELECT COUNT(*) FROM invoices", {});
      if (!n.ok()) return n.status();
      return json{{"id", IncrementId(1 + static_cast<int64_t>(rng.Uniform(*n)))}};
    };
    auto total = [](const json& p, Db& db) -> Result<std::string> {
      double v = -1;
      WA_RETURN_IF_ERROR(db.Query("SELECT grand_total FROM invoices WHERE increment_id = ?",
                                  {Str(p, "id")}, [&](const Row& r) { v = r.Real(0); }));
      if (v < 0) return NotFound("no invoice " + Str(p, "id"));
      return FormatFixed2(v);
    };
    f.build = [total](const json& p, Db& db) -> Result<Task> {
      auto v = total(p, db);
      if (!v.ok()) return v.status();
      return AnswerTask(CK::kMustInclude, {*v});
    };
    f.oracle = [total](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto v = total(p, db);
      if (!v.ok()) return v.status();
      auto ops = Menu("Sales", "Invoices");
      for (OracleOp& op : Keyword(Str(p, "id"))) ops.push_back(op);
      ops.push_back(Exit("$" + *v, "the grid shows the invoice's grand total"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 270: monthly count of completed orders over a span
    TemplateFamily f =
        Family(270, "Presents the monthly count of successful orders {{period}} in MM:COUNT format",
               {"string_match"}, json{{"period", "from Jan to December 2022"}});
    struct Span {
      const char* text;
      int year, from, to;
    };
    static const std::vector<Span> kSpans = {
        {"from Jan to December 2022", 2022, 1, 12}, {"from Jan to May 2023", 2023, 1, 5},
        {"from Jan to June 2022", 2022, 1, 6},      {"from July to December 2022", 2022, 7, 12},
        {"from March to August 2022", 2022, 3, 8},  {"from Feb to April 2023", 2023, 2, 4},
        {"from May to October 2022", 2022, 5, 10}};
    std::vector<json> ps;
    for (const Span& s : kSpans) ps.push_back(json{{"period", s.text}});
    f.sample = SampleFromList(ps);
    auto counts = [](const json& p, Db& db) -> Result<std::pair<Span, std::vector<std::string>>> {
      for (const Span& s : kSpans) {
        if (Str(p, "period") != s.text) continue;
        std::vector<std::string> items;
        for (int m = s.from; m <= s.to; ++m) {
          auto n = db.QueryInt(
              "SELECT COUNT(*) FROM orders WHERE status = 'complete' AND created_at >= ? AND "
              "created_at < ?",
              {AdminTime(s.year, m, 1), AdminTime(s.year, m, DaysInMonth(s.year, m)) + 86400});
          if (!n.ok()) return n.status();
          items.push_back((m < 10 ? "0" : "") + std::to_string(m) + ":" + std::to_string(*n));
        }
        return std::make_pair(s, items);
      }
      return InvalidArgument("unknown period");
    };
    f.build = [counts](const json& p, Db& db) -> Result<Task> {
      auto c = counts(p, db);
      if (!c.ok()) return c.status();
      return AnswerTask(CK::kFuzzyMatch, c->second);
    };
    f.oracle = [counts](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = counts(p, db);
      if (!c.ok()) return c.status();
      const Span& s = c->first;
      auto ops = Report("Orders", Md(s.year, s.from, 1),
                        Md(s.year, s.to, DaysInMonth(s.year, s.to)), "Month", "Complete");
      ops.push_back(Exit(Join(c->second, ", "), "one row per month of completed orders"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  // 245, 249, 250, 244: reading a product's reviews.
  auto negative = [](const ReviewInfo& r) { return r.rating <= 2; };
  auto positive = [](const ReviewInfo& r) { return r.rating >= 4; };
  {  // 245: names of dissatisfied reviewers
    TemplateFamily f = Family(
        245,
        "Show me the name of the customers who have expressed dissatisfaction with {{product}}",
        {"string_match"}, json{{"product", "Chloe tank"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto name = ReviewedProduct(db, rng, [](const std::vector<ReviewInfo>&) { return true; },
                                  {"Chloe Compete Tank"});
      if (!name.ok()) return name.status();
      return json{{"product", *name}};
    };
    auto names = [negative](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      auto rs = Reviews(db, *id);
      if (!rs.ok()) return rs.status();
      std::vector<std::string> out;
      for (const ReviewInfo& r : *rs) {
        if (negative(r) && std::find(out.begin(), out.end(), r.nickname) == out.end()) {
          out.push_back(r.nickname);
        }
      }
      return out;
    };
    f.build = [names](const json& p, Db& db) -> Result<Task> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      if (n->empty()) {
        return UnachievableTask("There is no negative review for " + Str(p, "product"));
      }
      return AnswerTask(CK::kFuzzyMatch, *n);
    };
    f.oracle = [names](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      auto ops = ReviewsOf(ResolveProductName(Str(p, "product")));
      ops.push_back(n->empty() ? Exit("N/A", "no review of this product is negative")
                               : Exit(Join(*n, ", "), "the reviews rated 1 or 2 stars"));
      return ops;
    };
    out.push_back(std::move(f));
  }
  {  // 249: what customers do not like
    TemplateFamily f =
        Family(249, "What are the key aspects that the customers don't like about {{product}}",
               {"string_match"}, json{{"product", "Circe ice fleece"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto name = ReviewedProduct(db, rng, [](const std::vector<ReviewInfo>&) { return true; },
                                  {"Circe Hooded Ice Fleece"});
      if (!name.ok()) return name.status();
      return json{{"product", *name}};
    };
    auto aspects = [negative](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      auto rs = Reviews(db, *id);
      if (!rs.ok()) return rs.status();
      std::vector<std::string> out;
      for (const ReviewInfo& r : *rs) {
        if (!negative(r)) continue;
        for (const std::string& s : Sentences(r.detail)) {
          if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
        }
      }
      return out;
    };
    f.build = [aspects](const json& p, Db& db) -> Result<Task> {
      auto a = aspects(p, db);
      if (!a.ok()) return a.status();
      if (a->empty()) {
        return UnachievableTask("There is no negative review for " + Str(p, "product"));
      }
      return AnswerTask(CK::kFuzzyMatch, *a);
    };
    f.oracle = [aspects](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto a = aspects(p, db);
      if (!a.ok()) return a.status();
      auto ops = ReviewsOf(ResolveProductName(Str(p, "product")));
      ops.push_back(a->empty() ? Exit("N/A", "no review of this product is negative")
                               : Exit(Join(*a, ". "), "what the low-rated reviews complain about"));
      return ops;
    };
    out.push_back(std::move(f));
  }
  {  // 250: why customers like a product
    TemplateFamily f = Family(250, "Tell me the reasons why customers like {{product}}",
                              {"string_match"}, json{{"product", "Circe's products"}});
    f.sample = [positive](Db& db, Rng& rng) -> Result<json> {
      auto name = ReviewedProduct(db, rng,
                                  [positive](const std::vector<ReviewInfo>& rs) {
                                    return std::any_of(rs.begin(), rs.end(), positive);
                                  },
                                  {"Circe Hooded Ice Fleece"});
      if (!name.ok()) return name.status();
      return json{{"product", *name}};
    };
    auto reasons = [positive](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      auto rs = Reviews(db, *id);
      if (!rs.ok()) return rs.status();
      std::vector<std::string> out;
      for (const ReviewInfo& r : *rs) {
        if (!positive(r)) continue;
        for (const std::string& s : Sentences(r.detail)) {
          if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
        }
      }
      if (out.empty()) return NotFound("no positive review");
      return out;
    };
    f.build = [reasons](const json& p, Db& db) -> Result<Task> {
      auto r = reasons(p, db);
      if (!r.ok()) return r.status();
      // One reference item, as the published task writes it ("Warm and comfortable. True to
      // size.").
      return AnswerTask(CK::kFuzzyMatch, {Join(*r, ". ") + "."});
    };
    f.oracle = [reasons](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto r = reasons(p, db);
      if (!r.ok()) return r.status();
      auto ops = ReviewsOf(ResolveProductName(Str(p, "product")));
      ops.push_back(Exit(Join(*r, ". ") + ".", "what the 4 and 5 star reviews praise"));
      return ops;
    };
    out.push_back(std::move(f));
  }
  {  // 244: contact of the unhappiest reviewer
    TemplateFamily f = Family(
        244, "Show me the {{information}} of the customer who is the most unhappy with {{product}}",
        {"string_match"},
        json{{"information", "email address"}, {"product", "the style of Zoe products"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto name =
          ReviewedProduct(db, rng,
                          [](const std::vector<ReviewInfo>& rs) {
                            // The lowest rating is unique, negative and by a registered customer.
                            int64_t low = 6, n = 0;
                            const ReviewInfo* who = nullptr;
                            for (const ReviewInfo& r : rs) {
                              if (r.rating < low) {
                                low = r.rating;
                                n = 1;
                                who = &r;
                              } else if (r.rating == low) {
                                ++n;
                              }
                            }
                            return who != nullptr && n == 1 && low <= 2 && who->customer != 0;
                          },
                          {"Zoe Tank"});
      if (!name.ok()) return name.status();
      return json{{"information", rng.Bernoulli(0.5) ? "email address" : "name"},
                  {"product", *name}};
    };
    auto answer = [](const json& p, Db& db) -> Result<std::string> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      auto rs = Reviews(db, *id);
      if (!rs.ok()) return rs.status();
      const ReviewInfo* who = nullptr;
      for (const ReviewInfo& r : *rs) {
        if (r.rating <= 2 && (who == nullptr || r.rating < who->rating)) who = &r;
      }
      if (who == nullptr || who->customer == 0) return std::string();
      if (Str(p, "information") == "email address") return who->email;
      auto c = Customer(db, who->customer);
      if (!c.ok()) return c.status();
      return c->name;
    };
    f.build = [answer](const json& p, Db& db) -> Result<Task> {
      auto a = answer(p, db);
      if (!a.ok()) return a.status();
      if (a->empty()) {
        return UnachievableTask("There is no negative review for " + Str(p, "product"));
      }
      return AnswerTask(CK::kMustInclude, {*a});
    };
    f.oracle = [answer](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto a = answer(p, db);
      if (!a.ok()) return a.status();
      std::string product = ResolveProductName(Str(p, "product"));
      auto ops = ReviewsOf(product);
      if (a->empty()) {
        ops.push_back(Exit("N/A", "no registered customer left a negative review"));
        return ops;
      }
      // The lowest-rated review's author, then their account.
      auto id = ProductByName(db, product);
      if (!id.ok()) return id.status();
      auto rs = Reviews(db, *id);
      if (!rs.ok()) return rs.status();
      const ReviewInfo* who = nullptr;
      for (const ReviewInfo& r : *rs) {
        if (r.rating <= 2 && (who == nullptr || r.rating < who->rating)) who = &r;
      }
      auto c = Customer(db, who->customer);
      if (!c.ok()) return c.status();
      for (OracleOp& op : Menu("Customers", "All Customers")) ops.push_back(op);
      for (OracleOp& op : Keyword(c->name)) ops.push_back(op);
      ops.push_back(Exit(*a, "the author of the lowest-rated review is " + c->name));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 1001: brands among the top search terms
    TemplateFamily f =
        Family(1001, "What brands appear most frequently among the top search terms?",
               {"string_match"}, json::object());
    f.in_train = false;
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
    auto brand = [](Db& db) -> Result<std::string> {
      std::map<std::string, int> counts;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT lower(query_text) FROM search_terms ORDER BY uses DESC, id LIMIT 10", {},
                   [&](const Row& r) {
                     std::string q = r.Text(0);
                     for (const std::string& b : ShirtBrands()) {
                       if (q.find(LowerAscii(b)) != std::string::npos) ++counts[b];
                     }
                   }));
      std::string best;
      for (const auto& [b, n] : counts) {
        if (best.empty() || n > counts[best]) best = b;
      }
      if (best.empty()) return NotFound("no brand among the top terms");
      return best;
    };
    f.build = [brand](const json&, Db& db) -> Result<Task> {
      auto b = brand(db);
      if (!b.ok()) return b.status();
      return AnswerTask(CK::kMustInclude, {*b});
    };
    f.oracle = [brand](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto b = brand(db);
      if (!b.ok()) return b.status();
      auto ops = Menu("Reports", "Search Terms");
      ops.push_back(Exit(*b, *b + " appears in the most top terms"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 1002: items in the most recent k orders
    TemplateFamily f =
        Family(1002, "What's the total number of items sold in the most recent {{k}} orders?",
               {"string_match"}, json{{"k", "7"}});
    std::vector<json> ks;
    for (int k : {2, 3, 4, 5, 6, 8, 9, 10}) ks.push_back(json{{"k", std::to_string(k)}});
    f.sample = SampleFromList(ks);
    auto recent = [](const json& p, Db& db) -> Result<std::vector<std::pair<int64_t, int64_t>>> {
      std::vector<std::pair<int64_t, int64_t>> o;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT id, total_qty FROM orders ORDER BY created_at DESC LIMIT ?",
                   {static_cast<int64_t>(std::atoi(Str(p, "k").c_str()))},
                   [&](const Row& r) { o.emplace_back(r.Int(0), r.Int(1)); }));
      return o;
    };
    f.build = [recent](const json& p, Db& db) -> Result<Task> {
      auto o = recent(p, db);
      if (!o.ok()) return o.status();
      int64_t sum = 0;
      for (auto& [id, q] : *o) sum += q;
      return AnswerTask(CK::kMustInclude, {std::to_string(sum)});
    };
    f.oracle = [recent](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto o = recent(p, db);
      if (!o.ok()) return o.status();
      auto ops = Menu("Sales", "Orders");
      int64_t sum = 0;
      for (auto& [id, q] : *o) {
        sum += q;
        ops.push_back({K::kClick, "a.action-menu-item", IncrementId(id), "",
                       "# Element: order " + IncrementId(id) + " (newest first)"});
        ops.push_back({K::kGoBack, "", "", "",
                       "# Note: order " + IncrementId(id) + " has " + std::to_string(q) +
                           " items (running total " + std::to_string(sum) + ")"});
      }
      ops.push_back(Exit(std::to_string(sum), "the sum of the items ordered"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 255: all customers
    TemplateFamily f = Family(255, "Show all customers", {"url_match"}, json::object());
    f.in_train = false;
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
    f.build = [](const json&, Db&) -> Result<Task> {
      Task t = AdminTask();
      t.eval.reference_url = "__SHOPPING_ADMIN__/customer/index/";
      return t;
    };
    f.oracle = [](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = Menu("Customers", "All Customers");
      ops.push_back(Exit("", "the customer grid is open"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 367: difference between the last N orders of two statuses
    TemplateFamily f = Family(
        367,
        "Compare the payment difference of the last {{N}} {{status_1}} orders and {{status_2}} "
        "orders",
        {"string_match"}, json{{"status_1", "cancelled"}, {"status_2", "completed"}, {"N", "4"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const std::vector<std::pair<const char*, const char*>> kPairs = {
          {"cancelled", "completed"},  {"completed", "pending"}, {"pending", "processing"},
          {"cancelled", "processing"}, {"completed", "closed"},  {"cancelled", "pending"}};
      const auto& pr = kPairs[rng.Uniform(kPairs.size())];
      return json{{"status_1", pr.first},
                  {"status_2", pr.second},
                  {"N", std::to_string(2 + rng.Uniform(4))}};
    };
    auto diff = [](const json& p, Db& db) -> Result<std::pair<double, double>> {
      auto s1 = StatusWords().find(Str(p, "status_1"));
      auto s2 = StatusWords().find(Str(p, "status_2"));
      if (s1 == StatusWords().end() || s2 == StatusWords().end()) {
        return InvalidArgument("unknown status");
      }
      int64_t n = std::atoi(Str(p, "N").c_str());
      auto a = LastOrders(db, s1->second, n);
      if (!a.ok()) return a.status();
      auto b = LastOrders(db, s2->second, n);
      if (!b.ok()) return b.status();
      if (static_cast<int64_t>(a->size()) < n || static_cast<int64_t>(b->size()) < n) {
        return NotFound("not enough orders");
      }
      double x = 0, y = 0;
      for (auto& [id, v] : *a) x += v;
      for (auto& [id, v] : *b) y += v;
      return std::make_pair(x, y);
    };
    f.build = [diff](const json& p, Db& db) -> Result<Task> {
      auto d = diff(p, db);
      if (!d.ok()) return d.status();
      return AnswerTask(CK::kMustInclude, {FormatFixed2(std::fabs(d->first - d->second))});
    };
    f.oracle = [diff](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto d = diff(p, db);
      if (!d.ok()) return d.status();
      auto ops = Menu("Sales", "Orders");
      for (const char* key : {"status_1", "status_2"}) {
        std::string label = OrderStatusLabel(StatusWords().at(Str(p, key)));
        ops.push_back({K::kSelect, "#filter_status", "", label, "# Element: the status filter"});
        ops.push_back(ApplyFilters());
      }
      ops.push_back(Exit(FormatFixed2(std::fabs(d->first - d->second)),
                         "the last " + Str(p, "N") + " " + Str(p, "status_1") + " orders total " +
                             FormatFixed2(d->first) + ", the " + Str(p, "status_2") + " ones " +
                             FormatFixed2(d->second)));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 366: an attribute of the most recent order in a status
    TemplateFamily f =
        Family(366, "Get the {{attribute}} of the {{status}} order", {"string_match"},
               json{{"attribute", "date"}, {"status", "most recent canlled"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kStatus[] = {"most recent completed", "most recent pending",
                                      "most recent processing", "most recent closed",
                                      "most recent on hold"};
      return json{{"attribute", rng.Bernoulli(0.5) ? "date" : "grand total"},
                  {"status", kStatus[rng.Uniform(5)]}};
    };
    auto value = [](const json& p, Db& db) -> Result<std::pair<int64_t, std::string>> {
      std::string s = Str(p, "status");
      std::string word = s.rfind("most recent ", 0) == 0 ? s.substr(12) : s;
      auto code = StatusWords().find(word);
      if (code == StatusWords().end()) return InvalidArgument("unknown status " + s);
      auto last = LastOrders(db, code->second, 1);
      if (!last.ok()) return last.status();
      if (last->empty()) return NotFound("no such order");
      int64_t id = (*last)[0].first;
      if (Str(p, "attribute") == "grand total")
        return std::make_pair(id, FormatFixed2((*last)[0].second));
      auto t = db.QueryInt("SELECT created_at FROM orders WHERE id = ?", {id});
      if (!t.ok()) return t.status();
      std::time_t tt = static_cast<std::time_t>(*t);
      std::tm tm{};
      gmtime_r(&tt, &tm);
      return std::make_pair(id, MonthName(tm.tm_mon + 1) + " " + std::to_string(tm.tm_mday) + " " +
                                    std::to_string(tm.tm_year + 1900));
    };
    f.build = [value](const json& p, Db& db) -> Result<Task> {
      auto v = value(p, db);
      if (!v.ok()) return v.status();
      return AnswerTask(CK::kFuzzyMatch, {v->second});
    };
    f.oracle = [value](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto v = value(p, db);
      if (!v.ok()) return v.status();
      std::string s = Str(p, "status");
      std::string label = OrderStatusLabel(StatusWords().at(s.substr(12)));
      auto ops = Menu("Sales", "Orders");
      ops.push_back({K::kSelect, "#filter_status", "", label, "# Element: the status filter"});
      ops.push_back(ApplyFilters());
      ops.push_back(
          Exit(v->second, "the grid lists the newest order first: " + IncrementId(v->first)));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 364: customer by phone number
    TemplateFamily f =
        Family(364, "Find the customer name and email with phone number {{PhoneNum}}",
               {"string_match"}, json{{"PhoneNum", "8015551212"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto n = db.QueryInt("SELECT COUNT(*) FROM customers", {});
      if (!n.ok()) return n.status();
      auto phone = db.QueryText("SELECT phone FROM customers WHERE id = ?",
                                {1 + static_cast<int64_t>(rng.Uniform(*n))});
      if (!phone.ok()) return phone.status();
      return json{{"PhoneNum", *phone}};
    };
    auto who = [](const json& p, Db& db) -> Result<CustomerInfo> {
      auto id = db.QueryInt("SELECT id FROM customers WHERE phone = ?", {Str(p, "PhoneNum")}, 0);
      if (!id.ok()) return id.status();
      return Customer(db, *id);
    };
    f.build = [who](const json& p, Db& db) -> Result<Task> {
      auto c = who(p, db);
      if (!c.ok()) return c.status();
      return AnswerTask(CK::kMustInclude, {c->name, c->email});
    };
    f.oracle = [who](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = who(p, db);
      if (!c.ok()) return c.status();
      auto ops = Menu("Customers", "All Customers");
      for (OracleOp& op : Keyword(Str(p, "PhoneNum"))) ops.push_back(op);
      ops.push_back(Exit(c->name + ", " + c->email, "the one customer with that phone"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 234: the customer with the most cancellations
    TemplateFamily f = Family(
        234,
        "Tell me the {{attribute}} of the customer who has the most cancellations in the history",
        {"string_match"}, json{{"attribute", "name"}});
    f.sample = SampleFromList({json{{"attribute", "email"}}, json{{"attribute", "phone number"}}});
    auto who = [](const json& p, Db& db) -> Result<std::pair<CustomerInfo, std::string>> {
      auto ranked = RankCustomers(db, "canceled");
      if (!ranked.ok()) return ranked.status();
      if (ranked->size() < 2 || (*ranked)[0].second == (*ranked)[1].second) {
        return NotFound("no single customer with the most cancellations");
      }
      auto c = Customer(db, (*ranked)[0].first);
      if (!c.ok()) return c.status();
      std::string a = Str(p, "attribute");
      return std::make_pair(*c, a == "email" ? c->email : a == "phone number" ? c->phone : c->name);
    };
    f.build = [who](const json& p, Db& db) -> Result<Task> {
      auto w = who(p, db);
      if (!w.ok()) return w.status();
      return AnswerTask(CK::kMustInclude, {w->second});
    };
    f.oracle = [who](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto w = who(p, db);
      if (!w.ok()) return w.status();
      auto ops = Report("Order Count", kEver, kEverTo, "", "Canceled");
      if (Str(p, "attribute") != "name") {
        for (OracleOp& op : Menu("Customers", "All Customers")) ops.push_back(op);
        for (OracleOp& op : Keyword(w->first.name)) ops.push_back(op);
      }
      ops.push_back(Exit(w->second, w->first.name + " has the most canceled orders"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 248: reviews received in a month
    TemplateFamily f = Family(248, "How many reviews our shop received {{time}}?", {"string_match"},
                              json{{"time", "in May 2023"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      int ym = static_cast<int>(rng.Uniform(16));
      int y = ym < 12 ? 2022 : 2023, m = ym % 12 + 1;
      return json{{"time", "in " + FullMonth(m) + " " + std::to_string(y)}};
    };
    auto month = [](const json& p) -> std::optional<std::pair<int, int>> {
      std::string s = Str(p, "time");
      if (s.rfind("in ", 0) != 0) return std::nullopt;
      s = s.substr(3);
      for (int m = 1; m <= 12; ++m) {
        for (const std::string& name : {FullMonth(m), MonthName(m)}) {
          if (s.rfind(name + " ", 0) == 0) {
            return std::make_pair(std::atoi(s.c_str() + name.size() + 1), m);
          }
        }
      }
      return std::nullopt;
    };
    auto count = [month](const json& p, Db& db) -> Result<int64_t> {
      auto ym = month(p);
      if (!ym) return InvalidArgument("bad time " + Str(p, "time"));
      return db.QueryInt(
          "SELECT COUNT(*) FROM reviews WHERE created_at >= ? AND created_at < ?",
          {AdminTime(ym->first, ym->second, 1),
           AdminTime(ym->first, ym->second, DaysInMonth(ym->first, ym->second)) + 86400});
    };
    f.build = [count](const json& p, Db& db) -> Result<Task> {
      auto n = count(p, db);
      if (!n.ok()) return n.status();
      return AnswerTask(CK::kFuzzyMatch, {std::to_string(*n)});
    };
    f.oracle = [count, month](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = count(p, db);
      if (!n.ok()) return n.status();
      auto ym = month(p);
      auto ops = Menu("Marketing", "All Reviews");
      ops.push_back({K::kType, "#filter_created_from", "", Md(ym->first, ym->second, 1),
                     "# Element: 'Created from'"});
      ops.push_back({K::kType, "#filter_created_to", "",
                     Md(ym->first, ym->second, DaysInMonth(ym->first, ym->second)),
                     "# Element: 'Created to'"});
      ops.push_back(ApplyFilters());
      ops.push_back(Exit(std::to_string(*n), "the grid shows the number of records found"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 266: preview a theme
    TemplateFamily f = Family(266, "Preview the {{name}} theme for my shop", {"url_match"},
                              json{{"name", "Magento Blank"}});
    f.sample = SampleFromList({json{{"name", "Magento Luma"}}});
    auto theme = [](const json& p, Db& db) -> Result<int64_t> {
      auto id = db.QueryInt("SELECT id FROM themes WHERE title = ?", {Str(p, "name")}, 0);
      if (!id.ok()) return id.status();
      if (*id == 0) return NotFound("no theme " + Str(p, "name"));
      return *id;
    };
    f.build = [theme](const json& p, Db& db) -> Result<Task> {
      auto id = theme(p, db);
      if (!id.ok()) return id.status();
      Task t = AdminTask();
      t.eval.reference_url =
          "__SHOPPING_ADMIN__/admin/system_design_theme/edit/id/" + std::to_string(*id);
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = Menu("Content", "Themes");
      ops.push_back({K::kClick, "a.action-menu-item", Str(p, "name"), "",
                     "# Element: the theme '" + Str(p, "name") + "'"});
      ops.push_back(Exit("", "the theme's preview page is open"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 237: put a brand's shirts on sale
    TemplateFamily f = Family(237, "Mark all {{brand}} shirts on sale", {"program_html"},
                              json{{"brand", "Hollister"}});
    std::vector<json> brands;
    for (size_t i = 1; i < ShirtBrands().size(); ++i)
      brands.push_back(json{{"brand", ShirtBrands()[i]}});
    f.sample = SampleFromList(brands);
    auto shirts = [](const json& p,
                     Db& db) -> Result<std::vector<std::pair<int64_t, std::string>>> {
      std::vector<std::pair<int64_t, std::string>> out;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT id, name FROM products WHERE name LIKE ? || ' %' AND name LIKE '%Shirt%' AND "
          "visibility != 'Not Visible Individually' ORDER BY id",
          {Str(p, "brand")}, [&](const Row& r) { out.emplace_back(r.Int(0), r.Text(1)); }));
      if (out.empty()) return NotFound("no " + Str(p, "brand") + " shirts");
      return out;
    };
    f.build = [shirts](const json& p, Db& db) -> Result<Task> {
      auto s = shirts(p, db);
      if (!s.ok()) return s.status();
      Task t = AdminTask();
      for (const auto& [id, name] : *s) {
        t.eval.program_html.push_back(
            PageCheck(EditUrl(id), "document.querySelector('input[name=\"product[sale]\"]').value",
                      CK::kExactMatch, {"1"}));
      }
      return t;
    };
    f.oracle = [shirts](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = shirts(p, db);
      if (!s.ok()) return s.status();
      std::vector<OracleOp> ops;
      for (const auto& [id, name] : *s) {
        for (OracleOp& op : OpenProduct(name, false)) ops.push_back(op);
        ops.push_back({K::kClick, "#product_sale", "", "", "# Element: the 'Sale' switch"});
        ops.push_back(SaveProduct());
      }
      ops.push_back(Exit("", "every " + Str(p, "brand") + " shirt is on sale"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  // Products the catalog families draw from: enabled configurable parents.
  auto random_parent =
      [](Db& db, Rng& rng,
         const std::set<std::string>& except) -> Result<std::pair<int64_t, std::string>> {
    std::vector<std::pair<int64_t, std::string>> all;
    WA_RETURN_IF_ERROR(db.Query(
        "SELECT id, name FROM products WHERE type = 'configurable' AND status = 1 AND in_stock = 1 "
        "ORDER BY id",
        {}, [&](const Row& r) { all.emplace_back(r.Int(0), r.Text(1)); }));
    for (int tries = 0; tries < 100 && !all.empty(); ++tries) {
      const auto& pick = all[rng.Uniform(all.size())];
      if (!except.count(pick.second)) return pick;
    }
    return NotFound("no product to choose");
  };

  {  // 242: disable a product
    TemplateFamily f =
        Family(242, "Disable {{product}} from the site, they are facing some quality issues.",
               {"program_html"}, json{{"product", "Ryker Tee Crew Neck"}});
    f.sample = [random_parent](Db& db, Rng& rng) -> Result<json> {
      auto p = random_parent(db, rng, {"Ryker LumaTech Tee (Crew-neck)"});
      if (!p.ok()) return p.status();
      return json{{"product", p->second}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      Task t = AdminTask();
      t.eval.program_html = {PageCheck(EditUrl(*id),
                                       "document.querySelector('[name=\"product[status]\"').value",
                                       CK::kExactMatch, {"2"})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      std::string name = ResolveProductName(Str(p, "product"));
      auto type = db.QueryText("SELECT type FROM products WHERE name = ?", {name});
      if (!type.ok()) return type.status();
      auto ops = OpenProduct(name, *type == "configurable");
      ops.push_back({K::kSelect, "#product_status", "", "No", "# Element: 'Enable Product'"});
      ops.push_back(SaveProduct());
      ops.push_back(Exit("", "the product is disabled"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 247: change the price of the open product
    TemplateFamily f = Family(247, "{{action}} the price of this product by {{amount}}",
                              {"program_html"}, json{{"amount", "$5"}, {"action", "Reduce"}});
    // The product is the start page; the published one is kPriceProduct.
    auto product_of = [](const json& p) -> int64_t {
      return p.contains("product_id") ? p["product_id"].get<int64_t>() : kPriceProduct;
    };
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<int64_t> ids;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT id FROM products WHERE type = 'simple' AND parent_id IS NULL AND price > 15 AND "
          "id != ? ORDER BY id",
          {kPriceProduct}, [&](const Row& r) { ids.push_back(r.Int(0)); }));
      if (ids.empty()) return NotFound("no simple products");
      int64_t amount = 1 + static_cast<int64_t>(rng.Uniform(10));
      bool reduce = rng.Bernoulli(0.5);
      // The intent does not name the product: keep the published wording out of training.
      if (reduce && amount == 5) amount = 6;
      return json{{"amount", "$" + std::to_string(amount)},
                  {"action", reduce ? "Reduce" : "Increase"},
                  {"product_id", ids[rng.Uniform(ids.size())]}};
    };
    auto target = [product_of](const json& p, Db& db) -> Result<std::pair<int64_t, std::string>> {
      int64_t id = product_of(p);
      auto price = db.QueryReal("SELECT price FROM products WHERE id = ?", {id}, -1);
      if (!price.ok()) return price.status();
      if (*price < 0) return NotFound("no product " + std::to_string(id));
      double amount = std::atof(Str(p, "amount").c_str() + 1);
      double v = Str(p, "action") == "Reduce" ? *price - amount : *price + amount;
      if (v < 0) return InvalidArgument("price would be negative");
      return std::make_pair(id, FormatFixed2(v));
    };
    f.build = [target](const json& p, Db& db) -> Result<Task> {
      auto t = target(p, db);
      if (!t.ok()) return t.status();
      Task task = AdminTask(EditUrl(t->first));
      task.eval.program_html = {
          PageCheck(EditUrl(t->first), "document.querySelector('[name=\"product[price]\"').value",
                    CK::kExactMatch, {t->second})};
      return task;
    };
    f.oracle = [target](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto t = target(p, db);
      if (!t.ok()) return t.status();
      return std::vector<OracleOp>{{K::kType, "#product_price", "", t->second,
                                    "# Element: the 'Price' field; the new price is " + t->second},
                                   SaveProduct(),
                                   Exit("", "the price is saved")};
    };
    out.push_back(std::move(f));
  }

  {  // 251: quote the positive reviews in the description
    TemplateFamily f =
        Family(251,
               "Update the product description of {{product}} to highlight the real user positive "
               "reviews by quoting the comments",
               {"program_html"}, json{{"product", "Antonia Racer Tank"}});
    f.sample = [positive](Db& db, Rng& rng) -> Result<json> {
      auto name = ReviewedProduct(db, rng,
                                  [positive](const std::vector<ReviewInfo>& rs) {
                                    int n = 0;
                                    for (const ReviewInfo& r : rs) n += positive(r) ? 1 : 0;
                                    return n >= 1 && n <= 3;
                                  },
                                  {"Antonia Racer Tank"});
      if (!name.ok()) return name.status();
      return json{{"product", *name}};
    };
    auto quotes = [positive](const json& p, Db& db)
        -> Result<std::pair<std::vector<std::string>, std::vector<std::string>>> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      auto rs = Reviews(db, *id);
      if (!rs.ok()) return rs.status();
      std::vector<std::string> details, sentences;
      for (const ReviewInfo& r : *rs) {
        if (!positive(r)) continue;
        details.push_back(r.detail);
        for (const std::string& s : Sentences(r.detail)) sentences.push_back(s);
      }
      if (details.empty()) return NotFound("no positive review");
      return std::make_pair(details, sentences);
    };
    f.build = [quotes](const json& p, Db& db) -> Result<Task> {
      auto q = quotes(p, db);
      if (!q.ok()) return q.status();
      std::string name = ResolveProductName(Str(p, "product"));
      auto key = db.QueryText("SELECT url_key FROM products WHERE name = ?", {name});
      if (!key.ok()) return key.status();
      Task t = AdminTask();
      t.eval.program_html = {PageCheck(
          "__SHOPPING_ADMIN__/../" + *key + ".html",
          "document.querySelector('.data.item.content').outerText + "
          "(document.querySelector('.product.attribute.overview [itemprop=\"description\"]')?."
          "outerText || '')",
          CK::kMustInclude, q->second)};
      return t;
    };
    f.oracle = [quotes](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto q = quotes(p, db);
      if (!q.ok()) return q.status();
      std::string name = ResolveProductName(Str(p, "product"));
      auto type = db.QueryText("SELECT type FROM products WHERE name = ?", {name});
      if (!type.ok()) return type.status();
      std::string text;
      for (const std::string& d : q->first) text += (text.empty() ? "" : " ") + ("\"" + d + "\"");
      auto ops = ReviewsOf(name);
      for (OracleOp& op : OpenProduct(name, *type == "configurable")) ops.push_back(op);
      ops.push_back({K::kType, "#product_description", "", "What customers say: " + text,
                     "# Element: the description; quoting the 4 and 5 star reviews"});
      ops.push_back(SaveProduct());
      ops.push_back(Exit("", "the description quotes the positive reviews"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 257: cancel an order
    TemplateFamily f = Family(257, "Cancel order {{id}}", {"program_html"}, json{{"id", "302"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<int64_t> ids;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT id FROM orders WHERE status = 'pending' AND id != 302 "
                   "ORDER BY id",
                   {}, [&](const Row& r) { ids.push_back(r.Int(0)); }));
      if (ids.empty()) return NotFound("no pending orders");
      return json{{"id", std::to_string(ids[rng.Uniform(ids.size())])}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = AdminTask();
      t.eval.program_html = {PageCheck(
          "__SHOPPING_ADMIN__/sales/order/view/order_id/" + Str(p, "id") + "/",
          "document.querySelector(\"#order_status\").outerText", CK::kExactMatch, {"Canceled"})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = OpenOrder(std::atoll(Str(p, "id").c_str()));
      ops.push_back({K::kClick, "#order-view-cancel-button", "", "", "# Element: 'Cancel'"});
      ops.push_back(Exit("", "the order is canceled"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 275: rename a CMS page
    TemplateFamily f = Family(
        275, "Change the page title of \"{{old-heading}}\" page on my site to \"{{heading}}\".",
        {"program_html"},
        json{{"old-heading", "Home Page"}, {"heading", "This is the home page!! Leave here!!"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<std::string> titles;
      WA_RETURN_IF_ERROR(db.Query("SELECT title FROM cms_pages ORDER BY id", {},
                                  [&](const Row& r) { titles.push_back(r.Text(0)); }));
      static const char* kNew[] = {"Welcome to Luma",        "Our Story",       "Help Center",
                                   "Cookie Notice",          "Privacy Matters", "Page Not Found",
                                   "Summer Sale Starts Now", "Contact Our Team"};
      return json{{"old-heading", titles[rng.Uniform(titles.size())]},
                  {"heading", kNew[rng.Uniform(std::size(kNew))]}};
    };
    auto page = [](const json& p, Db& db) -> Result<int64_t> {
      auto id = db.QueryInt("SELECT id FROM cms_pages WHERE title = ?", {Str(p, "old-heading")}, 0);
      if (!id.ok()) return id.status();
      if (*id == 0) return NotFound("no page " + Str(p, "old-heading"));
      return *id;
    };
    f.build = [page](const json& p, Db& db) -> Result<Task> {
      auto id = page(p, db);
      if (!id.ok()) return id.status();
      Task t = AdminTask();
      t.eval.program_html = {
          PageCheck("__SHOPPING_ADMIN__/cms/page/edit/page_id/" + std::to_string(*id) + "/",
                    "document.querySelector('input[name=\"title\"]').value", CK::kExactMatch,
                    {Str(p, "heading")})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = Menu("Content", "Pages");
      ops.push_back({K::kClick, "a.action-menu-item", Str(p, "old-heading"), "",
                     "# Element: the page '" + Str(p, "old-heading") + "'"});
      ops.push_back({K::kType, "#page_title", "", Str(p, "heading"), "# Element: 'Page Title'"});
      ops.push_back({K::kClick, "#save", "", "", "# Element: 'Save'"});
      ops.push_back(Exit("", "the page is renamed"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 280: notify a customer on their latest pending order (mail is not configured)
    TemplateFamily f = Family(
        280, "Notify {{name}} in their most recent pending order with message \"{{message}}\"",
        {"string_match"},
        json{{"name", "Sarah Miller"}, {"message", "the order is ready to be shipped soon!"}});
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<std::string> names;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT DISTINCT c.firstname || ' ' || c.lastname FROM orders o JOIN customers c ON "
          "c.id = o.customer_id WHERE o.status = 'pending' ORDER BY 1",
          {}, [&](const Row& r) { names.push_back(r.Text(0)); }));
      static const char* kMessages[] = {
          "your order will ship tomorrow", "we are waiting for your payment",
          "thank you for shopping with us!", "your package is being prepared"};
      if (names.empty()) return NotFound("no pending orders");
      return json{{"name", names[rng.Uniform(names.size())]},
                  {"message", kMessages[rng.Uniform(std::size(kMessages))]}};
    };
    auto order = [](const json& p, Db& db) -> Result<int64_t> {
      auto id = db.QueryInt(
          "SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = "
          "'pending' AND c.firstname || ' ' || c.lastname = ? ORDER BY o.created_at DESC LIMIT 1",
          {Str(p, "name")}, 0);
      if (!id.ok()) return id.status();
      if (*id == 0) return NotFound("no pending order of " + Str(p, "name"));
      return *id;
    };
    f.build = [order](const json& p, Db& db) -> Result<Task> {
      auto id = order(p, db);
      if (!id.ok()) return id.status();
      return UnachievableTask("System message: We cannot add order history.");
    };
    f.oracle = [order](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto id = order(p, db);
      if (!id.ok()) return id.status();
      auto ops = Menu("Sales", "Orders");
      ops.push_back({K::kSelect, "#filter_status", "", "Pending", "# Element: the status filter"});
      ops.push_back({K::kType, "#filter_name", "", Str(p, "name"), "# Element: 'Bill-to Name'"});
      ops.push_back(ApplyFilters());
      ops.push_back({K::kClick, "a.action-menu-item", IncrementId(*id), "",
                     "# Element: the newest pending order, " + IncrementId(*id)});
      ops.push_back({K::kType, "#history_comment", "", Str(p, "message"), "# Element: 'Comment'"});
      ops.push_back(
          {K::kClick, "#history_notify", "", "", "# Element: 'Notify Customer by Email'"});
      ops.push_back({K::kClick, "#submit_comment", "", "", "# Element: 'Submit Comment'"});
      ops.push_back(Exit("N/A", "the store answers: We cannot add order history."));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 284: add a tracking number through a shipment
    TemplateFamily f = Family(
        284, "Update order #{{order}} with the {{service}} tracking number {{tracking}}",
        {"program_html"}, json{{"tracking", "24353446464"}, {"order", "307"}, {"service", "DHL"}});
    static const std::map<std::string, std::string> kServices = {
        {"DHL", "DHL"},
        {"UPS", "United Parcel Service"},
        {"FedEx", "Federal Express"},
        {"USPS", "United States Postal Service"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      std::vector<int64_t> ids;
      WA_RETURN_IF_ERROR(db.Query(
          "SELECT id FROM orders o WHERE status = 'processing' AND id != 307 AND NOT EXISTS "
          "(SELECT 1 FROM shipments s WHERE s.order_id = o.id) ORDER BY id",
          {}, [&](const Row& r) { ids.push_back(r.Int(0)); }));
      if (ids.empty()) return NotFound("no order to ship");
      static const char* kNames[] = {"DHL", "UPS", "FedEx", "USPS"};
      return json{{"tracking", std::to_string(rng.Range(1000000000, 99999999999))},
                  {"order", std::to_string(ids[rng.Uniform(ids.size())])},
                  {"service", kNames[rng.Uniform(4)]}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      auto s = kServices.find(Str(p, "service"));
      if (s == kServices.end()) return InvalidArgument("unknown carrier");
      Task t = AdminTask();
      t.eval.program_html = {
          PageCheck("__SHOPPING_ADMIN__/sales/order/commentsHistory/order_id/" + Str(p, "order") +
                        "/active_tab/order_shipments/",
                    "", CK::kMustInclude,
                    {"Tracking number " + Str(p, "tracking") + " for " + s->second + " assigned"})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = OpenOrder(std::atoll(Str(p, "order").c_str()));
      ops.push_back({K::kClick, "#order_ship", "", "", "# Element: 'Ship'"});
      ops.push_back({K::kSelect, "#tracking_carrier_code", "", kServices.at(Str(p, "service")),
                     "# Element: the carrier"});
      ops.push_back(
          {K::kType, "#tracking_number", "", Str(p, "tracking"), "# Element: the tracking number"});
      ops.push_back({K::kClick, "#save", "", "", "# Element: 'Submit Shipment'"});
      ops.push_back(Exit("", "the shipment carries the tracking number"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 287: a product out of stock
    TemplateFamily f = Family(287, "Make all {{product}} as out of stock", {"program_html"},
                              json{{"product", "Aeno capri"}});
    f.sample = [random_parent](Db& db, Rng& rng) -> Result<json> {
      auto p = random_parent(db, rng, {"Aeno Capri"});
      if (!p.ok()) return p.status();
      return json{{"product", p->second}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto id = ProductByName(db, ResolveProductName(Str(p, "product")));
      if (!id.ok()) return id.status();
      Task t = AdminTask();
      t.eval.program_html = {PageCheck(
          EditUrl(*id),
          "document.querySelector('[name=\"product[quantity_and_stock_status][is_in_stock]\"')."
          "value",
          CK::kExactMatch, {"0"})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = OpenProduct(ResolveProductName(Str(p, "product")), true);
      ops.push_back(
          {K::kSelect, "#product_stock", "", "Out of Stock", "# Element: 'Stock Status'"});
      ops.push_back(SaveProduct());
      ops.push_back(Exit("", "the product is out of stock"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 240: change an order's address
    TemplateFamily f =
        Family(240, "Modify the address of order #{{order_id}} to {{address}}", {"program_html"},
               json{{"order_id", "299"}, {"address", "456 Oak Avenue, New York, NY, 10001"}});
    static const std::map<std::string, std::string> kStates = {
        {"NY", "New York"},     {"MA", "Massachusetts"}, {"CA", "California"}, {"IL", "Illinois"},
        {"PA", "Pennsylvania"}, {"WA", "Washington"},    {"TX", "Texas"},      {"FL", "Florida"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      static const char* kAddresses[] = {"77 Massachusetts Ave, Cambridge, MA, 02139",
                                         "1600 Amphitheatre Pkwy, Mountain View, CA, 94043",
                                         "350 Fifth Avenue, New York, NY, 10118",
                                         "233 S Wacker Dr, Chicago, IL, 60606",
                                         "5000 Forbes Avenue, Pittsburgh, PA, 15213",
                                         "1 Microsoft Way, Redmond, WA, 98052",
                                         "2100 Ross Ave, Dallas, TX, 75201",
                                         "1 Ocean Drive, Miami, FL, 33139"};
      auto n = db.QueryInt("SELECT COUNT(*) FROM orders", {});
      if (!n.ok()) return n.status();
      return json{{"order_id", std::to_string(1 + rng.Uniform(*n))},
                  {"address", kAddresses[rng.Uniform(std::size(kAddresses))]}};
    };
    // "456 Oak Avenue, New York, NY, 10001" -> street, city, state, zip.
    auto parts = [](const json& p) -> Result<std::vector<std::string>> {
      std::vector<std::string> out;
      std::string a = Str(p, "address") + ",";
      size_t i = 0;
      while (i < a.size()) {
        size_t j = a.find(',', i);
        std::string s = a.substr(i, j - i);
        while (!s.empty() && s.front() == ' ') s.erase(0, 1);
        out.push_back(s);
        i = j + 1;
      }
      if (out.size() != 4 || !kStates.count(out[2])) return InvalidArgument("bad address");
      out[2] = kStates.at(out[2]);
      return out;
    };
    f.build = [parts](const json& p, Db&) -> Result<Task> {
      auto a = parts(p);
      if (!a.ok()) return a.status();
      Task t = AdminTask();
      t.eval.program_html = {
          PageCheck("__SHOPPING_ADMIN__/sales/order/view/order_id/" + Str(p, "order_id"), "",
                    CK::kMustInclude, {(*a)[0], (*a)[1], (*a)[3]})};
      return t;
    };
    f.oracle = [parts](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto a = parts(p);
      if (!a.ok()) return a.status();
      auto ops = OpenOrder(std::atoll(Str(p, "order_id").c_str()));
      ops.push_back({K::kClick, ".order-shipping-address a.action-edit-address", "", "",
                     "# Element: 'Edit' next to the shipping address"});
      ops.push_back({K::kType, "#street0", "", (*a)[0], "# Element: 'Street Address'"});
      ops.push_back({K::kType, "#city", "", (*a)[1], "# Element: 'City'"});
      ops.push_back({K::kSelect, "#region_id", "", (*a)[2], "# Element: 'State/Province'"});
      ops.push_back({K::kType, "#postcode", "", (*a)[3], "# Element: 'Zip/Postal Code'"});
      ops.push_back({K::kClick, "#save", "", "", "# Element: 'Save Order Address'"});
      ops.push_back(Exit("", "the order ships to the new address"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 252: add a colour to some sizes of a configurable product
    TemplateFamily f = Family(
        252, "Add a new {{option}} {{value}} to {{base_setting}} of {{product}}", {"program_html"},
        json{{"option", "color"},
             {"value", "blue"},
             {"base_setting", "size S and M"},
             {"product", "Frankie Sweatshirt"}});
    f.sample = [random_parent](Db& db, Rng& rng) -> Result<json> {
      auto p = random_parent(db, rng, {"Frankie Sweatshirt"});
      if (!p.ok()) return p.status();
      std::set<std::string> colors;
      std::vector<std::string> sizes;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT color, size FROM products WHERE parent_id = ? ORDER BY id", {p->first},
                   [&](const Row& r) {
                     colors.insert(r.Text(0));
                     if (std::find(sizes.begin(), sizes.end(), r.Text(1)) == sizes.end()) {
                       sizes.push_back(r.Text(1));
                     }
                   }));
      std::vector<std::string> free;
      for (const std::string& c : AdminColors()) {
        if (!colors.count(c)) free.push_back(c);
      }
      if (free.empty() || sizes.empty()) return NotFound("no colour to add");
      size_t start = rng.Uniform(sizes.size());
      size_t n = 1 + rng.Uniform(std::min<size_t>(3, sizes.size() - start));
      std::vector<std::string> chosen(sizes.begin() + static_cast<long>(start),
                                      sizes.begin() + static_cast<long>(start + n));
      std::string setting = "size ";
      for (size_t i = 0; i < chosen.size(); ++i) {
        setting += (i == 0 ? "" : i + 1 == chosen.size() ? " and " : ", ") + chosen[i];
      }
      return json{{"option", "color"},
                  {"value", LowerAscii(free[rng.Uniform(free.size())])},
                  {"base_setting", setting},
                  {"product", p->second}};
    };
    // "size S, M and L" -> {S, M, L}.
    auto sizes_of = [](const json& p) {
      std::string s = Str(p, "base_setting");
      if (s.rfind("size ", 0) == 0) s = s.substr(5);
      std::vector<std::string> out;
      std::string cur;
      for (size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == ',' || s.compare(i, 5, " and ") == 0) {
          while (!cur.empty() && cur.back() == ' ') cur.pop_back();
          while (!cur.empty() && cur.front() == ' ') cur.erase(0, 1);
          if (!cur.empty()) out.push_back(cur);
          cur.clear();
          if (i < s.size() && s[i] != ',') i += 4;
        } else {
          cur += s[i];
        }
      }
      return out;
    };
    f.build = [sizes_of](const json& p, Db& db) -> Result<Task> {
      std::string name = ResolveProductName(Str(p, "product"));
      auto id = ProductByName(db, name);
      if (!id.ok()) return id.status();
      std::string last_word = name.substr(name.rfind(' ') + 1);
      std::vector<std::string> expect;
      for (const std::string& s : sizes_of(p)) {
        expect.push_back(last_word + "-" + s + "-" + Capitalize(Str(p, "value")));
      }
      if (expect.empty()) return InvalidArgument("no sizes");
      Task t = AdminTask();
      t.eval.program_html = {PageCheck(
          EditUrl(*id), "document.querySelector('[data-index=\"configurable\"').outerText",
          CK::kMustInclude, expect)};
      return t;
    };
    f.oracle = [sizes_of](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto ops = OpenProduct(ResolveProductName(Str(p, "product")), true);
      ops.push_back({K::kSelect, "#variation_color", "", Capitalize(Str(p, "value")),
                     "# Element: the colour of the new variations"});
      for (const std::string& s : sizes_of(p)) {
        ops.push_back({K::kClick, "#variation_size_" + s, "", "", "# Element: size " + s});
      }
      ops.push_back({K::kClick, "#generate_variations", "", "", "# Element: 'Generate Products'"});
      ops.push_back(Exit("", "the new variations are listed under Configurations"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 253: orders in a status
    TemplateFamily f = Family(253, "Lookup orders that are {{status}}",
                              {"url_match", "program_html"}, json{{"status", "canceled"}});
    f.sample = SampleFromList({json{{"status", "pending"}}, json{{"status", "processing"}},
                               json{{"status", "complete"}}, json{{"status", "closed"}},
                               json{{"status", "on hold"}}});
    f.build = [](const json& p, Db&) -> Result<Task> {
      auto code = StatusWords().find(Str(p, "status"));
      if (code == StatusWords().end()) return InvalidArgument("unknown status");
      Task t = AdminTask();
      t.eval.reference_url = "__SHOPPING_ADMIN__/sales/order/";
      t.eval.url_note = "GOLD in PRED";
      t.eval.program_html = {PageCheck(
          "last", "document.querySelector(\"div.admin__data-grid-filters-current\").outerText",
          CK::kMustInclude, {OrderStatusLabel(code->second)})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::string label = OrderStatusLabel(StatusWords().at(Str(p, "status")));
      auto ops = Menu("Sales", "Orders");
      ops.push_back({K::kSelect, "#filter_status", "", label, "# Element: the status filter"});
      ops.push_back(ApplyFilters());
      ops.push_back(Exit("", "the grid shows the " + label + " orders"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  struct ReportKind {
    const char* wording;
    const char* path;
    const char* menu;
  };
  static const std::vector<ReportKind> kReports = {{"sales order", "sales", "Orders"},
                                                   {"sales", "sales", "Orders"},
                                                   {"shipping", "shipping", "Shipping"},
                                                   {"bestsellers", "bestsellers", "Bestsellers"}};
  auto report_of = [](const std::string& wording) -> const ReportKind* {
    for (const ReportKind& r : kReports) {
      if (wording == r.wording) return &r;
    }
    return nullptr;
  };
  auto report_task = [](const ReportKind& r, const std::string& from, const std::string& to) {
    Task t = AdminTask();
    t.eval.reference_url = std::string("__SHOPPING_ADMIN__/reports/report_sales/") + r.path;
    t.eval.url_note = "GOLD in PRED";
    t.eval.program_html = {
        PageCheck("last", "document.querySelector('[id=\"sales_report_from\"').value",
                  CK::kExactMatch, {from}),
        PageCheck("last", "document.querySelector('[id=\"sales_report_to\"').value",
                  CK::kExactMatch, {to})};
    return t;
  };

  {  // 268: a report for a span relative to "today"
    TemplateFamily f =
        Family(268, "Today is 3/15/2023, generate a {{report}} {{time_span}}",
               {"url_match", "program_html"},
               json{{"report", "sales order report"}, {"time_span", "for last month"}});
    struct Span {
      const char* text;
      int y1, m1, d1, y2, m2, d2;
    };
    static const std::vector<Span> kSpans = {{"for last month", 2023, 2, 1, 2023, 2, 28},
                                             {"for last year", 2022, 1, 1, 2022, 12, 31},
                                             {"for last quarter", 2022, 10, 1, 2022, 12, 31},
                                             {"for this year so far", 2023, 1, 1, 2023, 3, 15},
                                             {"for the last two months", 2023, 1, 1, 2023, 2, 28}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kKinds[] = {"sales order report", "shipping report", "bestsellers report"};
      return json{{"report", kKinds[rng.Uniform(3)]},
                  {"time_span", kSpans[rng.Uniform(kSpans.size())].text}};
    };
    auto resolve =
        [report_of](
            const json& p) -> Result<std::tuple<const ReportKind*, std::string, std::string>> {
      std::string kind = Str(p, "report");
      if (kind.size() > 7 && kind.substr(kind.size() - 7) == " report") {
        kind = kind.substr(0, kind.size() - 7);
      }
      const ReportKind* r = report_of(kind);
      if (r == nullptr) return InvalidArgument("unknown report " + Str(p, "report"));
      for (const Span& s : kSpans) {
        if (Str(p, "time_span") == s.text) {
          return std::make_tuple(r, Md(s.y1, s.m1, s.d1), Md(s.y2, s.m2, s.d2));
        }
      }
      return InvalidArgument("unknown span " + Str(p, "time_span"));
    };
    f.build = [resolve, report_task](const json& p, Db&) -> Result<Task> {
      auto r = resolve(p);
      if (!r.ok()) return r.status();
      return report_task(*std::get<0>(*r), std::get<1>(*r), std::get<2>(*r));
    };
    f.oracle = [resolve](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto r = resolve(p);
      if (!r.ok()) return r.status();
      auto ops = Report(std::get<0>(*r)->menu, std::get<1>(*r), std::get<2>(*r), "", "");
      ops.push_back(Exit("", "the report covers " + std::get<1>(*r) + " to " + std::get<2>(*r)));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 271: a report between two dates
    TemplateFamily f = Family(
        271, "Create a {{type}} report from {{start_date}} to {{end_date}}",
        {"url_match", "program_html"},
        json{{"type", "shipping"}, {"start_date", "08/05/2022"}, {"end_date", "03/01/2023"}});
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kTypes[] = {"shipping", "sales", "bestsellers"};
      int64_t a = AdminTime(2022, 1, 1) + static_cast<int64_t>(rng.Uniform(400)) * 86400;
      int64_t b = a + static_cast<int64_t>(7 + rng.Uniform(200)) * 86400;
      auto fmt = [](int64_t t) {
        std::time_t tt = static_cast<std::time_t>(t);
        std::tm tm{};
        gmtime_r(&tt, &tm);
        char buf[48];
        std::snprintf(buf, sizeof buf, "%02d/%02d/%04d", tm.tm_mon + 1, tm.tm_mday,
                      tm.tm_year + 1900);
        return std::string(buf);
      };
      return json{{"type", kTypes[rng.Uniform(3)]}, {"start_date", fmt(a)}, {"end_date", fmt(b)}};
    };
    auto resolve =
        [report_of](
            const json& p) -> Result<std::tuple<const ReportKind*, std::string, std::string>> {
      const ReportKind* r = report_of(Str(p, "type"));
      if (r == nullptr) return InvalidArgument("unknown report " + Str(p, "type"));
      auto a = ParseFilterDate(Str(p, "start_date"));
      auto b = ParseFilterDate(Str(p, "end_date"));
      if (!a || !b) return InvalidArgument("bad dates");
      return std::make_tuple(r, ShortDate(*a), ShortDate(*b));
    };
    f.build = [resolve, report_task](const json& p, Db&) -> Result<Task> {
      auto r = resolve(p);
      if (!r.ok()) return r.status();
      return report_task(*std::get<0>(*r), std::get<1>(*r), std::get<2>(*r));
    };
    f.oracle = [resolve](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      auto r = resolve(p);
      if (!r.ok()) return r.status();
      auto ops = Report(std::get<0>(*r)->menu, Str(p, "start_date"), Str(p, "end_date"), "", "");
      ops.push_back(Exit("", "the report covers the requested dates"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 241: stock arrived for one variant
    TemplateFamily f =
        Family(241, "{{quantity}} {{product}} arrived, update the stock", {"program_html"},
               json{{"quantity", "5"}, {"product", "blue Cronus yoga pants with size 33"}});
    f.sample = [random_parent](Db& db, Rng& rng) -> Result<json> {
      auto p = random_parent(db, rng, {"Cronus Yoga Pant"});
      if (!p.ok()) return p.status();
      std::vector<std::pair<std::string, std::string>> kids;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT color, size FROM products WHERE parent_id = ? ORDER BY id", {p->first},
                   [&](const Row& r) { kids.emplace_back(r.Text(0), r.Text(1)); }));
      if (kids.empty()) return NotFound("no variants");
      const auto& [color, size] = kids[rng.Uniform(kids.size())];
      return json{{"quantity", std::to_string(2 + rng.Uniform(30))},
                  {"product", LowerAscii(color) + " " + p->second + " with size " + size}};
    };
    // "blue Cronus yoga pants with size 33" -> the child product and its new quantity.
    auto child = [](const json& p, Db& db) -> Result<std::tuple<int64_t, std::string, int64_t>> {
      std::string s = Str(p, "product");
      size_t sp = s.find(' ');
      size_t with = s.rfind(" with size ");
      if (sp == std::string::npos || with == std::string::npos || with < sp) {
        return InvalidArgument("bad product wording");
      }
      std::string color = Capitalize(s.substr(0, sp));
      std::string parent = s.substr(sp + 1, with - sp - 1);
      std::string size = s.substr(with + 11);
      if (LowerAscii(parent) == "cronus yoga pants") parent = "Cronus Yoga Pant";
      std::string name = parent + "-" + size + "-" + color;
      int64_t id = 0, qty = 0;
      WA_RETURN_IF_ERROR(
          db.Query("SELECT id, qty FROM products WHERE name = ?", {name}, [&](const Row& r) {
            id = r.Int(0);
            qty = r.Int(1);
          }));
      if (id == 0) return NotFound("no product " + name);
      return std::make_tuple(id, name,
                             qty + static_cast<int64_t>(std::atoll(Str(p, "quantity").c_str())));
    };
    f.build = [child](const json& p, Db& db) -> Result<Task> {
      auto c = child(p, db);
      if (!c.ok()) return c.status();
      Task t = AdminTask();
      std::string url = EditUrl(std::get<0>(*c));
      t.eval.program_html = {
          PageCheck(url,
                    "document.querySelector('[name=\"product[quantity_and_stock_status][qty]\"')."
                    "value",
                    CK::kExactMatch, {std::to_string(std::get<2>(*c))}),
          PageCheck(url,
                    "document.querySelector('[name=\"product[quantity_and_stock_status][is_in_"
                    "stock]\"').value",
                    CK::kExactMatch, {"1"})};
      return t;
    };
    f.oracle = [child](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = child(p, db);
      if (!c.ok()) return c.status();
      auto ops = OpenProduct(std::get<1>(*c), false);
      ops.push_back(
          {K::kType, "#product_qty", "", std::to_string(std::get<2>(*c)),
           "# Element: 'Quantity'; the stock plus the " + Str(p, "quantity") + " that arrived"});
      ops.push_back({K::kSelect, "#product_stock", "", "In Stock", "# Element: 'Stock Status'"});
      ops.push_back(SaveProduct());
      ops.push_back(Exit("", "the stock is updated"));
      return ops;
    };
    out.push_back(std::move(f));
  }

  return out;
}

}  // namespace wa
