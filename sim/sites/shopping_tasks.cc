// Task templates of the shopping site (published WebArena-Lite template ids and wording).
// References are computed from the simulated store; oracles act through the UI only.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <map>
#include <set>

#include "sim/evaluator.h"
#include "sim/sites/shopping_data.h"
#include "sim/sites/site_util.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;

Task ShopTask(const std::string& start = "__SHOPPING__") { return NewSiteTask("shopping", start); }

// A template without parameters: its test task is the only instantiation, so it stays out of
// the training split (no disjoint instantiation exists).
TemplateFamily ParameterFree(int id, std::string intent, std::vector<std::string> eval_types) {
  TemplateFamily f;
  f.id = id;
  f.sites = {"shopping"};
  f.intent_template = std::move(intent);
  f.eval_types = std::move(eval_types);
  f.in_train = false;
  f.published_params = json::object();
  f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
  return f;
}

StringCheck Check(StringCheck::Kind kind, std::vector<std::string> values) {
  return MakeCheck(kind, std::move(values));
}

std::string Plus(const std::string& s) {
  std::string out;
  for (char c : s) out += c == ' ' ? '+' : c;
  return out;
}

// Categories the templates name: intent wording -> (top, mid, leaf) names.
struct NamedCategory {
  const char* wording;
  const char* top;
  const char* mid;
  const char* leaf;
};
const std::vector<NamedCategory>& Categories() {
  static const auto* kCats = new std::vector<NamedCategory>{
      {"men shoes", "Clothing, Shoes & Jewelry", "Men", "Shoes"},
      {"women shoes", "Clothing, Shoes & Jewelry", "Women", "Shoes"},
      {"living room furtniture", "Home & Kitchen", "Furniture", "Living Room Furniture"},
      {"home office furniture", "Home & Kitchen", "Furniture", "Home Office Furniture"},
      {"competitive swimwear", "Clothing, Shoes & Jewelry", "Sport Specific Clothing",
       "Competitive Swimwear"},
      {"speakers", "Electronics", "Home Audio", "Speakers"},
      {"yoga", "Sports & Outdoors", "Exercise & Fitness", "Yoga"},
      {"candles", "Home & Kitchen", "Home Decor", "Candles & Holders"},
      {"competative swimwear", "Clothing, Shoes & Jewelry", "Sport Specific Clothing",
       "Competitive Swimwear"},
  };
  return *kCats;
}
const NamedCategory* FindCategory(const std::string& wording) {
  for (const NamedCategory& c : Categories()) {
    if (wording == c.wording) return &c;
  }
  return nullptr;
}

Result<std::string> LeafPath(Db& db, const NamedCategory& c) {
  return db.QueryText(
      "SELECT l.url_path FROM categories l JOIN categories m ON m.id = l.parent_id JOIN "
      "categories t ON t.id = m.parent_id WHERE l.name = ? AND m.name = ? AND t.name = ?",
      {c.leaf, c.mid, c.top});
}

// Steps from anywhere to a leaf category page: hover the top menu, open the middle category,
// pick the leaf in the layered navigation.
std::vector<OracleOp> OpenCategory(const NamedCategory& c) {
  return {
      {K::kHover, "li.level0", c.top, "", std::string("# Element: the '") + c.top + "' menu"},
      {K::kClick, "li.level0 .submenu a", c.mid, "",
       std::string("# Element: '") + c.mid + "' in the opened menu"},
      {K::kClick, ".filter-options-item a", c.leaf, "",
       std::string("# Element: the '") + c.leaf + "' category filter on the left"},
  };
}

std::vector<OracleOp> OpenMyOrders() {
  return {{K::kClick, ".header.links a", "My Account", "", "# Element: 'My Account' at the top"},
          {K::kClick, ".nav.items a", "My Orders", "", "# Element: 'My Orders' in the sidebar"}};
}

// Steps that bring order `id` into view on My Orders (10 per page, newest first).
Result<std::vector<OracleOp>> ToOrderRow(Db& db, int64_t id) {
  auto newer = db.QueryInt(
      "SELECT COUNT(*) FROM orders WHERE customer_id = 1 AND (created_at > (SELECT created_at "
      "FROM orders WHERE id = ?) OR (created_at = (SELECT created_at FROM orders WHERE id = ?) "
      "AND id > ?))",
      {id, id, id});
  if (!newer.ok()) return newer.status();
  std::vector<OracleOp> ops = OpenMyOrders();
  int64_t page = *newer / 10 + 1;
  if (page > 1) {
    ops.push_back({K::kClick, ".pages-items a.page", std::to_string(page), "",
                   "# Element: page " + std::to_string(page) + " of the orders"});
  }
  return ops;
}

// "85" for 85.00, "1.46" for 1.46 (as the published references write prices).
std::string WholeDollars(double v) {
  std::string s = FormatMoney(v).substr(1);
  if (s.size() > 3 && s.substr(s.size() - 3) == ".00") s.resize(s.size() - 3);
  return s;
}

// Checks that the newest order (e.g. the one the agent placed) contains the product.
Task LatestOrderHasSku(const std::string& sku) {
  Task t = ShopTask();
  ProgramHtmlTarget target;
  target.url = "func:shopping_get_latest_order_url()";
  target.locator = "document.querySelector(\".order-details-items.ordered\").outerText";
  target.required_contents = {Check(StringCheck::Kind::kMustInclude, {sku})};
  t.eval.program_html = {target};
  return t;
}

std::vector<OracleOp> Buy(const std::string& name, const std::string& note) {
  return {{K::kSearch, "#search", "", name, "# Note: " + note + "\n# Element: the search bar"},
          {K::kClick, "a.product-item-link", name, "", "# Element: the product"},
          {K::kClick, "#product-addtocart-button", "", "", "# Element: 'Add to Cart'"},
          {K::kClick, "a.action.checkout", "", "", "# Element: 'Proceed to Checkout'"},
          {K::kClick, "button.action.checkout", "", "", "# Element: 'Place Order'"},
          {K::kExit, "", "", "", "# Note: the order is placed"}};
}

// "What is the price range of X?": the cheapest and dearest search results for the phrase.
// Answers give whole dollars without ".00" (must_include "85" does not match the token "85.00").
TemplateFamily PriceRangeFamily(int id, const std::string& intent_template, const std::string& key,
                                const std::string& published, std::vector<const char*> samples) {
  TemplateFamily f;
  f.id = id;
  f.sites = {"shopping"};
  f.intent_template = intent_template;
  f.eval_types = {"string_match"};
  f.published_params = json{{key, published}};
  f.sample = [key, samples](Db&, Rng& rng) -> Result<json> {
    return json{{key, samples[rng.Uniform(samples.size())]}};
  };
  auto range = [key](const json& p, Db& db) -> Result<std::pair<double, double>> {
    std::string q = p[key];
    auto hits = SearchCatalog(db, q);
    if (!hits.ok()) return hits.status();
    if (hits->empty()) return NotFound("no products match " + q);
    double lo = 1e18, hi = 0;
    for (const SearchHit& h : *hits) {
      lo = std::min(lo, h.price);
      hi = std::max(hi, h.price);
    }
    return std::make_pair(lo, hi);
  };
  f.build = [range](const json& p, Db& db) -> Result<Task> {
    auto r = range(p, db);
    if (!r.ok()) return r.status();
    Task t = ShopTask();
    t.eval.has_reference_answers = true;
    t.eval.reference_answers = {
        Check(StringCheck::Kind::kMustInclude, {WholeDollars(r->first), WholeDollars(r->second)})};
    return t;
  };
  f.oracle = [range, key](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
    auto r = range(p, db);
    if (!r.ok()) return r.status();
    return std::vector<OracleOp>{
        {K::kSearch, "#search", "", p[key], "# Element: the search bar"},
        {K::kClick, ".sorter-options a", "Price", "", "# Element: sort by 'Price'"},
        {K::kClick, "a.sorter-action", "", "",
         "# Note: the cheapest costs " + FormatMoney(r->first) +
             "\n# Element: the arrow that shows the most expensive first"},
        {K::kExit, "", "",
         "The price range is $" + WholeDollars(r->first) + " to $" + WholeDollars(r->second) + ".",
         "# Note: the most expensive costs " + FormatMoney(r->second)}};
  };
  return f;
}

// Steps that page through My Orders so that every listed order has been seen.
Result<std::vector<OracleOp>> VisitOrderPages(Db& db, const std::vector<int64_t>& ids) {
  std::vector<OracleOp> ops = OpenMyOrders();
  std::set<int64_t> pages;
  for (int64_t id : ids) {
    auto row = ToOrderRow(db, id);
    if (!row.ok()) return row.status();
    if (row->size() > 2) pages.insert(std::stoll(row->back().text));
  }
  for (int64_t pg : pages) {
    ops.push_back({K::kClick, ".pages-items a.page", std::to_string(pg), "",
                   "# Element: page " + std::to_string(pg) + " of the orders"});
  }
  return ops;
}

// Reviews of a product as (nickname, body, rating).
struct ReviewRow {
  std::string nickname, body;
  int64_t rating;
};
Result<std::vector<ReviewRow>> ReviewsOf(Db& db, int64_t product) {
  std::vector<ReviewRow> out;
  Status st =
      db.Query("SELECT nickname, body, rating FROM reviews WHERE product_id = ? ORDER BY id",
               {product}, [&](const Row& r) {
                 out.push_back({r.Text(0), r.Text(1), r.Int(2)});
               });
  if (!st.ok()) return st;
  return out;
}

std::vector<std::string> Sentences(const std::string& body) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < body.size()) {
    size_t e = body.find(". ", i);
    if (e == std::string::npos) e = body.size() - 1;
    out.push_back(body.substr(i, e - i + 1));
    i = e + 2;
  }
  return out;
}

// Steps that scroll a product page down to its reviews.
std::vector<OracleOp> ReadReviews(const std::string& note) {
  return {{K::kClick, ".data.item.title a.data.switch", "Reviews", "",
           "# Element: the 'Reviews' tab\n" + note}};
}

void RegisterShoppingHelpers() {
  RegisterUrlHelper("shopping_get_latest_order_url",
                    [](Browser* browser, const std::vector<std::string>&) -> Result<std::string> {
                      SiteState* s = browser->site("shopping");
                      if (s == nullptr) return NotFound("the shopping site is not open");
                      auto id = s->db->QueryInt(
                          "SELECT id FROM orders WHERE customer_id = 1 ORDER BY created_at DESC, "
                          "id DESC LIMIT 1",
                          {}, 0);
                      if (!id.ok()) return id.status();
                      return "__SHOPPING__/sales/order/view/order_id/" + std::to_string(*id) + "/";
                    });
}

TemplateFamily Infeasible(int id, const std::string& intent_template, json published,
                          const std::string& note, std::vector<OracleOp> steps) {
  TemplateFamily f;
  f.id = id;
  f.sites = {"shopping"};
  f.intent_template = intent_template;
  f.eval_types = {"string_match"};
  f.in_train = false;
  f.published_params = published;
  f.sample = [published](Db&, Rng&) -> Result<json> { return published; };
  f.build = [note](const json&, Db&) -> Result<Task> {
    Task t = ShopTask();
    t.eval.has_reference_answers = true;
    t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {"N/A"})};
    t.eval.string_note = note;
    return t;
  };
  f.oracle = [steps, note](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
    std::vector<OracleOp> ops = steps;
    ops.push_back({K::kExit, "", "", "N/A", "# Note: " + note});
    return ops;
  };
  return f;
}

// Units in a product name: "4 Pack", "4 Piece", "Set of 2"; 1 when none.
double UnitsIn(const std::string& name) {
  std::string n = name;
  for (const char* pat : {" Pack", " Piece", " pack", " piece"}) {
    size_t p = n.find(pat);
    if (p != std::string::npos && p > 0) {
      size_t b = p;
      while (b > 0 && std::isdigit(static_cast<unsigned char>(n[b - 1]))) --b;
      if (b < p) return std::stod(n.substr(b, p - b));
    }
  }
  size_t p = n.find("Set of ");
  if (p != std::string::npos) return std::stod(n.substr(p + 7));
  return 1;
}

std::vector<TemplateFamily> MoreShoppingTemplates() {
  RegisterShoppingHelpers();
  std::vector<TemplateFamily> out;

  {  // 222: reviewers who praise an aspect of the open product
    TemplateFamily f;
    f.id = 222;
    f.sites = {"shopping"};
    f.intent_template = "List out reviewers, if exist, who mention about {{description}}";
    f.eval_types = {"string_match"};
    f.published_params = json{{"description", "good fingerprint resistant"}, {"product_id", 1}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      // A product with at least one positive sentence about some aspect.
      for (int tries = 0; tries < 200; ++tries) {
        int64_t pid = kNamedProducts + 1 + static_cast<int64_t>(rng.Uniform(2000));
        auto reviews = ReviewsOf(db, pid);
        if (!reviews.ok()) return reviews.status();
        for (const ReviewRow& r : *reviews) {
          for (const std::string& sentence : Sentences(r.body)) {
            if (!IsPositiveSentence(sentence)) continue;
            std::string aspect = sentence.substr(4, sentence.find(" is ") - 4);
            if (sentence.find(" is ") == std::string::npos) continue;
            return json{{"description", "good " + aspect}, {"product_id", pid}};
          }
        }
      }
      return NotFound("no praised aspect found");
    };
    auto aspect_of = [](const json& p) {
      std::string d = p["description"].get<std::string>().substr(5);
      return d == "fingerprint resistant" ? std::string("fingerprint resistance") : d;
    };
    auto names = [aspect_of](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto reviews = ReviewsOf(db, p["product_id"].get<int64_t>());
      if (!reviews.ok()) return reviews.status();
      std::vector<std::string> out;
      for (const ReviewRow& r : *reviews) {
        for (const std::string& sentence : Sentences(r.body)) {
          if (sentence.find("The " + aspect_of(p) + " ") == 0 && IsPositiveSentence(sentence) &&
              std::find(out.begin(), out.end(), r.nickname) == out.end()) {
            out.push_back(r.nickname);
          }
        }
      }
      return out;
    };
    f.build = [names](const json& p, Db& db) -> Result<Task> {
      auto key = db.QueryText("SELECT url_key FROM products WHERE id = ?",
                              {p["product_id"].get<int64_t>()});
      if (!key.ok()) return key.status();
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      Task t = ShopTask("__SHOPPING__/" + *key + ".html");
      t.intent =
          "List out reviewers, if exist, who mention about " + p["description"].get<std::string>();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, *n)};
      return t;
    };
    f.oracle = [names](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      std::string answer;
      for (const std::string& x : *n) answer += (answer.empty() ? "" : ", ") + x;
      std::vector<OracleOp> ops = ReadReviews("# Note: reviewers praising it: " + answer);
      ops.push_back({K::kExit, "", "", answer, "# Note: " + answer});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 136: main criticisms of the open product
    TemplateFamily f;
    f.id = 136;
    f.sites = {"shopping"};
    f.intent_template =
        "What are the main criticisms of this product? Please extract the relevant sentences.";
    f.eval_types = {"string_match"};
    f.published_params = json{{"product_id", 2}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 200; ++tries) {
        int64_t pid = kNamedProducts + 1 + static_cast<int64_t>(rng.Uniform(2000));
        auto reviews = ReviewsOf(db, pid);
        if (!reviews.ok()) return reviews.status();
        for (const ReviewRow& r : *reviews) {
          for (const std::string& s : Sentences(r.body)) {
            if (!IsPositiveSentence(s)) return json{{"product_id", pid}};
          }
        }
      }
      return NotFound("no criticised product");
    };
    auto criticisms = [](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto reviews = ReviewsOf(db, p["product_id"].get<int64_t>());
      if (!reviews.ok()) return reviews.status();
      std::vector<std::string> out;
      for (const ReviewRow& r : *reviews) {
        for (const std::string& s : Sentences(r.body)) {
          if (!IsPositiveSentence(s)) out.push_back(s.substr(0, s.size() - 1));
        }
      }
      return out;
    };
    f.build = [criticisms](const json& p, Db& db) -> Result<Task> {
      auto key = db.QueryText("SELECT url_key FROM products WHERE id = ?",
                              {p["product_id"].get<int64_t>()});
      if (!key.ok()) return key.status();
      auto c = criticisms(p, db);
      if (!c.ok()) return c.status();
      Task t = ShopTask("__SHOPPING__/" + *key + ".html");
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, *c)};
      return t;
    };
    f.oracle = [criticisms](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = criticisms(p, db);
      if (!c.ok()) return c.status();
      std::string answer;
      for (const std::string& x : *c) answer += (answer.empty() ? "" : " ") + x + ".";
      std::vector<OracleOp> ops = ReadReviews("# Note: negative sentences found");
      ops.push_back({K::kExit, "", "", answer, "# Note: the criticisms"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 182: summarize the reviews of a product
    TemplateFamily f;
    f.id = 182;
    f.sites = {"shopping"};
    f.intent_template = "Summarize customer reviews for {{product}}.";
    f.eval_types = {"string_match"};
    f.published_params = json{{"product", "Amazon Echo Dot 3rd generation"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto name = db.QueryText("SELECT name FROM products WHERE id = ?",
                               {kNamedProducts + 1 + static_cast<int64_t>(rng.Uniform(2000))});
      if (!name.ok()) return name.status();
      return json{{"product", *name}};
    };
    auto product_of = [](const json& p, Db& db) -> Result<int64_t> {
      std::string name = p["product"];
      if (name == "Amazon Echo Dot 3rd generation") return int64_t{11};
      return db.QueryInt("SELECT id FROM products WHERE name = ?", {name}, -1);
    };
    auto summary = [product_of](const json& p, Db& db) -> Result<std::vector<std::string>> {
      auto id = product_of(p, db);
      if (!id.ok()) return id.status();
      auto reviews = ReviewsOf(db, *id);
      if (!reviews.ok()) return reviews.status();
      std::vector<std::string> out;
      for (const ReviewRow& r : *reviews) out.push_back(r.nickname + ": " + r.body);
      return out;
    };
    f.build = [summary](const json& p, Db& db) -> Result<Task> {
      auto s = summary(p, db);
      if (!s.ok()) return s.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, *s)};
      return t;
    };
    f.oracle = [summary, product_of](const Task&, const json& p,
                                     Db& db) -> Result<std::vector<OracleOp>> {
      auto s = summary(p, db);
      auto id = product_of(p, db);
      if (!s.ok() || !id.ok()) return Internal("summary failed");
      auto name = db.QueryText("SELECT name FROM products WHERE id = ?", {*id});
      if (!name.ok()) return name.status();
      std::string answer;
      for (const std::string& x : *s) answer += (answer.empty() ? "" : " ") + x;
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", *name, "# Element: the search bar"},
          {K::kClick, "a.product-item-link", *name, "", "# Element: the product '" + *name + "'"},
          ReadReviews("# Note: reading all reviews")[0],
          {K::kExit, "", "", answer, "# Note: the reviews"}};
    };
    out.push_back(std::move(f));
  }

  out.push_back(PriceRangeFamily(
      370, "What is the price range for products from {{brand}}?", "brand", "EYZUTAK",
      {"Speedo", "Coleman", "Gaiam", "JBL", "Zinus", "Nearpow", "Ugreen", "Tazo"}));

  {  // 189: add a kind of product to the wish list
    TemplateFamily f;
    f.id = 189;
    f.sites = {"shopping"};
    f.intent_template = "Add a {{product}} to my wish list.";
    f.eval_types = {"program_html"};
    f.published_params = json{{"product", "white desk"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kProducts[] = {"yoga mat",     "sleeping bag", "soundbar",
                                        "office chair", "vegan jerky",  "headlamp"};
      return json{{"product", kProducts[rng.Uniform(6)]}};
    };
    auto words = [](const json& p) { return SearchWords(p["product"].get<std::string>()); };
    // The first search result whose name contains every word (case-insensitive).
    auto pick = [words](const json& p, Db& db) -> Result<std::string> {
      std::string found;
      std::vector<std::string> w = words(p);
      Status st = db.Query("SELECT name FROM products ORDER BY id", {}, [&](const Row& r) {
        if (!found.empty()) return;
        std::string lower = r.Text(0);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        bool all = true;
        for (const std::string& x : w) all &= lower.find(x) != std::string::npos;
        if (all) found = r.Text(0);
      });
      if (!st.ok()) return st;
      if (found.empty()) return NotFound("no product matches " + p["product"].get<std::string>());
      return found;
    };
    f.build = [words](const json& p, Db&) -> Result<Task> {
      Task t = ShopTask();
      ProgramHtmlTarget target;
      target.url = "__SHOPPING__/wishlist/";
      target.locator = "document.querySelector('.products-grid.wishlist').outerText";
      target.required_contents = {Check(StringCheck::Kind::kMustInclude, words(p))};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [pick](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto name = pick(p, db);
      if (!name.ok()) return name.status();
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", p["product"], "# Element: the search bar"},
          {K::kClick, "a.product-item-link", *name, "", "# Element: the product '" + *name + "'"},
          {K::kClick, "button.action.towishlist", "", "", "# Element: 'Add to Wish List'"},
          {K::kExit, "", "", "", "# Note: added"}};
    };
    out.push_back(std::move(f));
  }

  {  // 145: the lowest per-unit price among the open tabs, into the cart
    TemplateFamily f = ParameterFree(
        145,
        "Add the product with the lowest per unit price from my open tabs to the shopping cart",
        {"program_html"});
    static const int64_t kTabs[] = {7, 8, 9};  // the three candle products, in tab order
    auto best = [](Db& db) -> Result<std::pair<size_t, std::string>> {
      size_t best_tab = 0;
      double best_unit = 1e18;
      std::string best_name;
      for (size_t i = 0; i < 3; ++i) {
        std::string name;
        double price = 0;
        Status st =
            db.Query("SELECT name, COALESCE(special_price, price) FROM products WHERE id = ?",
                     {kTabs[i]}, [&](const Row& r) {
                       name = r.Text(0);
                       price = r.Real(1);
                     });
        if (!st.ok()) return st;
        double unit = price / UnitsIn(name);
        if (unit < best_unit) {
          best_unit = unit;
          best_tab = i;
          best_name = name;
        }
      }
      return std::make_pair(best_tab, best_name);
    };
    f.build = [best](const json&, Db& db) -> Result<Task> {
      std::string start;
      for (int64_t id : kTabs) {
        auto key = db.QueryText("SELECT url_key FROM products WHERE id = ?", {id});
        if (!key.ok()) return key.status();
        start += (start.empty() ? "" : " |AND| ") + ("__SHOPPING__/" + *key + ".html");
      }
      auto b = best(db);
      if (!b.ok()) return b.status();
      Task t = ShopTask(start);
      ProgramHtmlTarget target;
      target.url = "__SHOPPING__/checkout/cart";
      target.locator = "";
      target.required_contents = {Check(StringCheck::Kind::kMustInclude, {b->second})};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [best](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto b = best(db);
      if (!b.ok()) return b.status();
      std::vector<OracleOp> ops;
      OracleOp sw;
      sw.kind = K::kSwitchTab;
      sw.argument = std::to_string(b->first);
      sw.thought = "# Note: tab " + std::to_string(b->first) + " has the lowest price per unit";
      ops.push_back(sw);
      ops.push_back({K::kClick, "#product-addtocart-button", "", "", "# Element: 'Add to Cart'"});
      ops.push_back({K::kExit, "", "", "", "# Note: added to the cart"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 172: buy the highest rated product of a category within a budget
    TemplateFamily f;
    f.id = 172;
    f.sites = {"shopping"};
    f.intent_template =
        "Buy the highest rated product from the {{product_category}} category within a budget "
        "{{dollar_value}}.";
    f.eval_types = {"program_html"};
    f.published_params =
        json{{"product_category", "meat substitute"}, {"dollar_value", "between 100 and 200"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kCats[] = {"meat substitute", "camping & hiking", "speakers"};
      static const char* kBudgets[] = {"between 50 and 150", "between 100 and 200",
                                       "between 20 and 100"};
      return json{{"product_category", kCats[rng.Uniform(3)]},
                  {"dollar_value", kBudgets[rng.Uniform(3)]}};
    };
    auto choose = [](const json& p, Db& db) -> Result<std::pair<std::string, std::string>> {
      std::string cat = p["product_category"];
      std::string name = cat == "meat substitute" ? "Meat Substitutes"
                         : cat == "speakers"      ? "Speakers"
                                                  : "Camping & Hiking";
      std::string budget = p["dollar_value"];
      double lo = std::stod(budget.substr(8, budget.find(" and ") - 8));
      double hi = std::stod(budget.substr(budget.find(" and ") + 5));
      std::pair<std::string, std::string> out;
      Status st = db.Query(
          "SELECT p.name, p.sku FROM products p JOIN product_categories pc ON pc.product_id = "
          "p.id JOIN categories c ON c.id = pc.category_id WHERE c.name = ? AND "
          "COALESCE(p.special_price, p.price) BETWEEN ? AND ? ORDER BY p.rating DESC, "
          "p.review_count DESC, p.id LIMIT 1",
          {name, lo, hi}, [&](const Row& r) {
            out = {r.Text(0), r.Text(1)};
          });
      if (!st.ok()) return st;
      if (out.first.empty()) return NotFound("no product in budget");
      return out;
    };
    f.build = [choose](const json& p, Db& db) -> Result<Task> {
      auto c = choose(p, db);
      if (!c.ok()) return c.status();
      return LatestOrderHasSku(c->second);
    };
    f.oracle = [choose](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = choose(p, db);
      if (!c.ok()) return c.status();
      return Buy(c->first, "the highest rated product in the budget is " + c->first);
    };
    out.push_back(std::move(f));
  }

  {  // 151: show something for jaw bruxism
    TemplateFamily f = ParameterFree(
        151, "I have jaw bruxism problem, show me something that could alleviate the problem.",
        {"program_html"});
    f.build = [](const json&, Db&) -> Result<Task> {
      Task t = ShopTask();
      ProgramHtmlTarget target;
      target.url = "last";
      target.locator = "";
      target.required_contents = {
          Check(StringCheck::Kind::kMustInclude, {"jaw", "bruxism", "mouth guard"})};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", "jaw bruxism mouth guard", "# Element: the search bar"},
          {K::kExit, "", "", "", "# Note: mouth guards for bruxism are listed"}};
    };
    out.push_back(std::move(f));
  }

  {  // 193: status of the latest order
    TemplateFamily f = ParameterFree(
        193, "Tell me the status of my latest order and when will it arrive", {"string_match"});
    auto sentence = [](Db& db) -> Result<std::string> {
      auto st = db.QueryText(
          "SELECT status FROM orders WHERE customer_id = 1 ORDER BY created_at DESC, id DESC "
          "LIMIT 1",
          {});
      if (!st.ok()) return st.status();
      if (*st == "canceled")
        return std::string("The last order was canceled. It will never arrive.");
      if (*st == "complete") return std::string("The last order was completed. It has arrived.");
      return "The last order is " + *st + ". It has not shipped yet.";
    };
    f.build = [sentence](const json&, Db& db) -> Result<Task> {
      auto s = sentence(db);
      if (!s.ok()) return s.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {*s})};
      return t;
    };
    f.oracle = [sentence](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = sentence(db);
      if (!s.ok()) return s.status();
      std::vector<OracleOp> ops = OpenMyOrders();
      ops.push_back({K::kExit, "", "", *s, "# Note: the first row is the latest order"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 161: date of the first purchase
    TemplateFamily f = ParameterFree(
        161, "What is the date when I made my first purchase on this site?", {"string_match"});
    auto first = [](Db& db) -> Result<std::pair<int64_t, std::string>> {
      std::pair<int64_t, std::string> out{-1, ""};
      Status st = db.Query(
          "SELECT id, created_at FROM orders WHERE customer_id = 1 ORDER BY "
          "created_at, id LIMIT 1",
          {}, [&](const Row& r) {
            std::time_t t = static_cast<std::time_t>(r.Int(1));
            std::tm tm{};
            gmtime_r(&t, &tm);
            out = {r.Int(0), std::to_string(tm.tm_mon + 1) + "/" + std::to_string(tm.tm_mday) +
                                 "/" + std::to_string((tm.tm_year + 1900) % 100)};
          });
      if (!st.ok()) return st;
      return out;
    };
    f.build = [first](const json&, Db& db) -> Result<Task> {
      auto d = first(db);
      if (!d.ok()) return d.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {d->second})};
      return t;
    };
    f.oracle = [first](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto d = first(db);
      if (!d.ok()) return d.status();
      auto ops = ToOrderRow(db, d->first);
      if (!ops.ok()) return ops.status();
      ops->push_back(
          {K::kExit, "", "", d->second, "# Note: the oldest order is from " + d->second});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 213: order number of the most recent order with a status
    TemplateFamily f;
    f.id = 213;
    f.sites = {"shopping"};
    f.intent_template = "Get the order number of my most recent {{status}} order ";
    f.eval_types = {"string_match"};
    f.published_params = json{{"status", "under delivery"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kStatuses[] = {"complete", "pending", "canceled", "processing", "on hold"};
      return json{{"status", kStatuses[rng.Uniform(5)]}};
    };
    auto latest = [](const json& p, Db& db) -> Result<std::pair<int64_t, std::string>> {
      std::pair<int64_t, std::string> out{-1, ""};
      Status st = db.Query(
          "SELECT id, increment_id FROM orders WHERE customer_id = 1 AND status = "
          "? ORDER BY created_at DESC, id DESC LIMIT 1",
          {p["status"].get<std::string>()}, [&](const Row& r) {
            out = {r.Int(0), r.Text(1)};
          });
      if (!st.ok()) return st;
      return out;
    };
    f.build = [latest](const json& p, Db& db) -> Result<Task> {
      auto o = latest(p, db);
      if (!o.ok()) return o.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      if (o->first < 0) {
        t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {"N/A"})};
        t.eval.string_note = "There is no order with that status";
      } else {
        t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {o->second})};
      }
      return t;
    };
    f.oracle = [latest](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto o = latest(p, db);
      if (!o.ok()) return o.status();
      if (o->first < 0) {
        std::vector<OracleOp> ops = OpenMyOrders();
        ops.push_back({K::kExit, "", "", "N/A", "# Note: no order has that status"});
        return ops;
      }
      auto ops = ToOrderRow(db, o->first);
      if (!ops.ok()) return ops.status();
      ops->push_back({K::kExit, "", "", o->second, "# Note: order " + o->second});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 163: contact the shop about a coupon
    TemplateFamily f;
    f.id = 163;
    f.sites = {"shopping"};
    f.intent_template =
        "Draft an email to the shop owner via their contact us function for a coupon as {{reason}}";
    f.eval_types = {"url_match"};
    f.published_params = json{{"reason", "my refund is suppoed to be replaced by a coupon"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kReasons[] = {"my order arrived late", "a product was damaged",
                                       "I was charged twice"};
      return json{{"reason", kReasons[rng.Uniform(3)]}};
    };
    f.build = [](const json&, Db&) -> Result<Task> {
      Task t = ShopTask();
      t.eval.reference_url = "__SHOPPING__/contact/index/";
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, ".footer.links a", "Contact Us", "", "# Element: 'Contact Us' in the footer"},
          {K::kType, "#comment", "",
           "Hello, I would like a coupon as " + p["reason"].get<std::string>() + ". Thank you.",
           "# Element: the 'What’s on your mind?' box"},
          {K::kExit, "", "", "", "# Note: the draft is ready"}};
    };
    out.push_back(std::move(f));
  }

  out.push_back(Infeasible(188, "find discounted items.", json::object(),
                           "There is no function to show only discount items",
                           {{K::kSearch, "#search", "", "discount", "# Element: the search bar"}}));
  out.push_back(Infeasible(
      134, "Which number to call for the customer service?", json::object(),
      "There is no phone number in the website",
      {{K::kClick, ".footer.links a", "Contact Us", "", "# Element: 'Contact Us' in the footer"}}));
  out.push_back(
      Infeasible(135, "What do customers say about {{product_type}} from {{manufature}}",
                 json{{"product_type", "brush"}, {"manufature", "sephora"}},
                 "The sephora brushes don't have reviews",
                 {{K::kSearch, "#search", "", "sephora brush", "# Element: the search bar"}}));
  return out;
}

// --- Order history helpers --------------------------------------------------------------------

// A time window [begin, end) in Unix seconds for the period phrases the templates use.
struct Period {
  int64_t begin, end;
};
int64_t DayStart(int y, int m, int d) {
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = m - 1;
  tm.tm_mday = d;
  return static_cast<int64_t>(timegm(&tm));
}
const char* kMonthNames[] = {"January", "February", "March",     "April",   "May",      "June",
                             "July",    "August",   "September", "October", "November", "December"};
const char* kMonthAbbr[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

Result<Period> ParsePeriod(const std::string& text) {
  auto year_of = [&](size_t from) { return std::stoi(text.substr(from, 4)); };
  if (text.rfind("during summer ", 0) == 0) {
    int y = year_of(14);
    return Period{DayStart(y, 6, 1), DayStart(y, 9, 1)};
  }
  if (text.size() == 4 && std::isdigit(static_cast<unsigned char>(text[0]))) {
    int y = std::stoi(text);
    return Period{DayStart(y, 1, 1), DayStart(y + 1, 1, 1)};
  }
  for (int m = 0; m < 12; ++m) {
    std::string abbr = kMonthAbbr[m], full = kMonthNames[m];
    // "from mid Jan to the end Jan 2023"
    if (text == "from mid " + abbr + " to the end " + abbr + " " + text.substr(text.size() - 4)) {
      int y = year_of(text.size() - 4);
      return Period{DayStart(y, m + 1, 15), DayStart(m == 11 ? y + 1 : y, m == 11 ? 1 : m + 2, 1)};
    }
    for (const std::string& name : {abbr, full}) {
      for (const std::string& prefix : {std::string(), std::string("in "), std::string("on ")}) {
        if (text.size() == prefix.size() + name.size() + 5 &&
            text.rfind(prefix + name + " ", 0) == 0) {
          int y = year_of(prefix.size() + name.size() + 1);
          return Period{DayStart(y, m + 1, 1),
                        DayStart(m == 11 ? y + 1 : y, m == 11 ? 1 : m + 2, 1)};
        }
      }
    }
  }
  return InvalidArgument("unknown period '" + text + "'");
}

// Orders (id) of the customer in a period with an optional status, oldest first.
Result<std::vector<int64_t>> OrdersIn(Db& db, const Period& p, const std::string& status = "") {
  std::vector<int64_t> out;
  Status st = db.Query(
      "SELECT id FROM orders WHERE customer_id = 1 AND created_at >= ? AND created_at < ? AND "
      "(? = '' OR status = ?) ORDER BY created_at, id",
      {p.begin, p.end, status, status}, [&](const Row& r) { out.push_back(r.Int(0)); });
  if (!st.ok()) return st;
  return out;
}

// Steps that open an order's page from anywhere.
Result<std::vector<OracleOp>> OpenOrder(Db& db, int64_t id, const std::string& note = "") {
  auto ops = ToOrderRow(db, id);
  if (!ops.ok()) return ops.status();
  ops->push_back({K::kClick,
                  "#my-orders-table a.action.view[href*=\"/order_id/" + std::to_string(id) + "/\"]",
                  "", "",
                  "# Element: 'View Order' of order " + std::to_string(id) +
                      (note.empty() ? "" : "\n# Note: " + note)});
  return ops;
}

std::string Plain(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  if (s.size() > 3 && s.substr(s.size() - 3) == ".00") s.resize(s.size() - 3);
  return s;
}

std::string LongDate(int64_t t) {
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return std::string(kMonthNames[tm.tm_mon]) + " " + std::to_string(tm.tm_mday) + ", " +
         std::to_string(tm.tm_year + 1900);
}

// The newest item of an order list whose name contains every word of `what`.
struct OrderedItem {
  int64_t order = -1;
  std::string increment_id, name, sku, options;
  double price = 0;
  int64_t created_at = 0;
};
Result<OrderedItem> FindOrderedItem(Db& db, const std::string& what, const Period& p,
                                    const std::string& status, bool newest) {
  std::vector<std::string> words = SearchWords(what);
  for (std::string& w : words) {
    if (w == "artifical") w = "artificial";  // the published intent's spelling
    if (w == "make") w = "makeup";
  }
  words.erase(std::remove_if(words.begin(), words.end(),
                             [](const std::string& w) {
                               return w == "a" || w == "some" || w == "up" || w == "my" ||
                                      w == "phone" || w == "the";
                             }),
              words.end());
  OrderedItem best;
  Status st = db.Query(
      "SELECT o.id, o.increment_id, i.name, i.sku, i.options, i.price, o.created_at FROM "
      "order_items i JOIN orders o ON o.id = i.order_id WHERE o.customer_id = 1 AND "
      "o.created_at >= ? AND o.created_at < ? AND (? = '' OR o.status = ?) ORDER BY "
      "o.created_at, o.id, i.id",
      {p.begin, p.end, status, status}, [&](const Row& r) {
        std::string lower = r.Text(2);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        for (const std::string& w : words) {
          std::string singular = w.size() > 3 && w.back() == 's' ? w.substr(0, w.size() - 1) : w;
          if (lower.find(singular) == std::string::npos) return;
        }
        if (best.order >= 0 && !newest) return;
        best = {r.Int(0), r.Text(1), r.Text(2), r.Text(3), r.Text(4), r.Real(5), r.Int(6)};
      });
  if (!st.ok()) return st;
  return best;
}

const Period kAllTime{0, 4102444800};

// A random ordered item (for training instantiations of order questions).
Result<OrderedItem> RandomOrderedItem(Db& db, Rng& rng, const std::string& status,
                                      const std::string& option_prefix) {
  auto n = db.QueryInt(
      "SELECT COUNT(*) FROM order_items i JOIN orders o ON o.id = i.order_id "
      "WHERE (? = '' OR o.status = ?) AND i.options LIKE ?",
      {status, status, option_prefix + "%"});
  if (!n.ok()) return n.status();
  if (*n == 0) return NotFound("no ordered item");
  OrderedItem it;
  Status st = db.Query(
      "SELECT o.id, o.increment_id, i.name, i.sku, i.options, i.price, o.created_at FROM "
      "order_items i JOIN orders o ON o.id = i.order_id WHERE (? = '' OR o.status = ?) AND "
      "i.options LIKE ? ORDER BY i.id LIMIT 1 OFFSET ?",
      {status, status, option_prefix + "%",
       static_cast<int64_t>(rng.Uniform(static_cast<uint64_t>(*n)))},
      [&](const Row& r) {
        it = {r.Int(0), r.Text(1), r.Text(2), r.Text(3), r.Text(4), r.Real(5), r.Int(6)};
      });
  if (!st.ok()) return st;
  return it;
}

// "Teton Heavy Duty Camping Tent 1758" -> "camping tent" (the leaf noun in the name).
std::string NounOf(const std::string& name) {
  static const char* kNouns[] = {"Mouth Guard",
                                 "Night Guard",
                                 "Toothbrush",
                                 "Body Butter",
                                 "Body Lotion",
                                 "Body Scrub",
                                 "Hand Cream",
                                 "Makeup Removal Kit",
                                 "Cleansing Water",
                                 "Remover Pads",
                                 "Brush Set",
                                 "Beauty Sponge",
                                 "Eyelash Curler",
                                 "Yoga Mat",
                                 "Yoga Block",
                                 "Yoga Strap",
                                 "Camping Tent",
                                 "Sleeping Bag",
                                 "Hiking Backpack",
                                 "Headlamp",
                                 "Running Shoes",
                                 "Loafers",
                                 "Sneakers",
                                 "Hiking Boots",
                                 "T-Shirt",
                                 "Denim Jacket",
                                 "Chino Pants",
                                 "Ballet Flats",
                                 "Ankle Boots",
                                 "Swimsuit",
                                 "Swim Shorts",
                                 "Swim Brief",
                                 "Sofa Couch",
                                 "Coffee Table",
                                 "TV Stand",
                                 "Accent Chair",
                                 "Bookshelf",
                                 "Writing Desk",
                                 "Computer Desk",
                                 "Office Chair",
                                 "Standing Desk",
                                 "Folding Chairs",
                                 "Taper Candles",
                                 "Scented Candle",
                                 "Candle Holder",
                                 "Tea Light Candles",
                                 "Artificial Plants",
                                 "Faux Succulents",
                                 "Ivy Vines",
                                 "Bluetooth Speaker",
                                 "Bookshelf Speakers",
                                 "Soundbar",
                                 "Inkjet Printer",
                                 "Laser Printer",
                                 "Photo Printer",
                                 "Smart Speaker",
                                 "Smart Display",
                                 "Smart Plug",
                                 "Screen Protector",
                                 "Lightning Cable",
                                 "USB-C Cable",
                                 "Car Charger",
                                 "Phone Case",
                                 "Game Card Holder",
                                 "Carrying Case",
                                 "Joy-Con Grips",
                                 "Wireless Controller",
                                 "Charging Dock",
                                 "Controller Skin",
                                 "Jerky",
                                 "Veggie Burger",
                                 "Meatless Crumbles",
                                 "Sausages",
                                 "Loose Leaf Tea",
                                 "Tea Bags",
                                 "Fruit Infusion",
                                 "Cookies",
                                 "Flower Bulbs",
                                 "Orchid Roots",
                                 "Vegetable Seeds",
                                 "Herb Garden Kit"};
  for (const char* n : kNouns) {
    if (name.find(n) != std::string::npos) {
      std::string out = n;
      for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return out;
    }
  }
  return std::string();
}

std::string MonthYear(int64_t t) {
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return std::string(kMonthAbbr[tm.tm_mon]) + " " + std::to_string(tm.tm_year + 1900);
}

// EYZUTAK reviews: (nickname, body, rating) over the brand's products.
Result<std::vector<ReviewRow>> BrandReviews(Db& db, const std::string& brand) {
  std::vector<ReviewRow> out;
  Status st = db.Query(
      "SELECT r.nickname, r.body, r.rating FROM reviews r JOIN products p ON p.id = r.product_id "
      "WHERE p.brand = ? ORDER BY r.id",
      {brand}, [&](const Row& r) {
        out.push_back({r.Text(0), r.Text(1), r.Int(2)});
      });
  if (!st.ok()) return st;
  return out;
}

Result<std::vector<OracleOp>> VisitBrandProducts(Db& db, const std::string& brand) {
  std::vector<OracleOp> ops = {{K::kSearch, "#search", "", brand, "# Element: the search bar"}};
  std::vector<std::string> names;
  WA_RETURN_IF_ERROR(db.Query("SELECT name FROM products WHERE brand = ? ORDER BY id", {brand},
                              [&](const Row& r) { names.push_back(r.Text(0)); }));
  for (const std::string& n : names) {
    ops.push_back({K::kClick, "a.product-item-link", n, "", "# Element: the product '" + n + "'"});
    ops.push_back(ReadReviews("# Note: reading the reviews")[0]);
    // The Reviews tab is a link to #reviews: one history entry for it, one for the product.
    ops.push_back({K::kGoBack, "", "", "", "# Note: back from the reviews to the product"});
    ops.push_back({K::kGoBack, "", "", "", "# Note: back to the results"});
  }
  return ops;
}

std::vector<TemplateFamily> OrderHistoryTemplates() {
  std::vector<TemplateFamily> out;

  {  // 191: changing an order's address is not possible
    TemplateFamily f;
    f.id = 191;
    f.sites = {"shopping"};
    f.intent_template = "Change the delivery address for my most recent order to {{address}}.";
    f.eval_types = {"string_match"};
    f.published_params = json{{"address", "77 Massachusetts Ave, Cambridge, MA"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kAddresses[] = {"4 Elm Street, Boston, MA",
                                         "12 Lake Shore Dr, Chicago, IL",
                                         "900 Congress Ave, Austin, TX"};
      return json{{"address", kAddresses[rng.Uniform(3)]}};
    };
    f.build = [](const json&, Db&) -> Result<Task> {
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, {"N/A"})};
      return t;
    };
    f.oracle = [](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
      std::vector<OracleOp> ops = OpenMyOrders();
      ops.push_back(
          {K::kExit, "", "", "N/A", "# Note: placed orders cannot change their delivery address"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 138: most expensive product of a category
    TemplateFamily f;
    f.id = 138;
    f.sites = {"shopping"};
    f.intent_template =
        "I am doing a market survey for one stop market, show me the most expensive product from "
        "{{product_category}} category";
    f.eval_types = {"url_match"};
    f.published_params = json{{"product_category", "competative swimwear"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      return json{{"product_category", Categories()[rng.Uniform(Categories().size())].wording}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto path = LeafPath(db, *FindCategory(p["product_category"]));
      if (!path.ok()) return path.status();
      Task t = ShopTask();
      t.eval.reference_url =
          "__SHOPPING__/" + *path + ".html?product_list_order=price&product_list_dir=desc";
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::vector<OracleOp> ops = OpenCategory(*FindCategory(p["product_category"]));
      ops.push_back({K::kClick, ".sorter-options a", "Price", "", "# Element: sort by 'Price'"});
      ops.push_back({K::kClick, "a.sorter-action", "", "", "# Element: descending direction"});
      ops.push_back({K::kExit, "", "", "", "# Note: the most expensive is first"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 210: the most recent Xbox controllers
    TemplateFamily f = ParameterFree(
        210, "Look up the most recent models of XBox controllers released between 2020-2021?",
        {"url_match"});
    f.build = [](const json&, Db& db) -> Result<Task> {
      auto key = db.QueryText("SELECT url_key FROM products WHERE id = 4", {});
      if (!key.ok()) return key.status();
      Task t = ShopTask();
      t.eval.reference_url = "__SHOPPING__/" + *key + ".html";
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto name = db.QueryText("SELECT name FROM products WHERE id = 4", {});
      if (!name.ok()) return name.status();
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", "xbox controller", "# Element: the search bar"},
          {K::kClick, "a.product-item-link", *name, "", "# Element: the Series X|S controller"},
          {K::kExit, "", "", "", "# Note: released for the 2020 consoles"}};
    };
    out.push_back(std::move(f));
  }

  {  // 197: fulfilled orders over the past three days
    TemplateFamily f;
    f.id = 197;
    f.sites = {"shopping"};
    f.intent_template =
        "Today is 6/12/2023. Tell me how many fulfilled orders I have {{period}}, "
        "and the total amount of money I spent.";
    f.eval_types = {"string_match"};
    f.in_train = false;
    f.published_params = json{{"period", "over the past three days"}};
    f.sample = [](Db&, Rng&) -> Result<json> {
      return json{{"period", "over the past three days"}};
    };
    auto stats = [](Db& db) -> Result<std::pair<int64_t, double>> {
      std::pair<int64_t, double> out{0, 0};
      Status st = db.Query(
          "SELECT COUNT(*), COALESCE(SUM(grand_total), 0) FROM orders WHERE "
          "status = 'complete' AND created_at >= ? AND created_at < ?",
          {DayStart(2023, 6, 9), DayStart(2023, 6, 13)}, [&](const Row& r) {
            out = {r.Int(0), r.Real(1)};
          });
      if (!st.ok()) return st;
      return out;
    };
    f.build = [stats](const json&, Db& db) -> Result<Task> {
      auto s = stats(db);
      if (!s.ok()) return s.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {
          Check(StringCheck::Kind::kFuzzyMatch,
                {std::to_string(s->first) + " order", "$" + Plain(s->second) + " total spend"})};
      return t;
    };
    f.oracle = [stats](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = stats(db);
      if (!s.ok()) return s.status();
      std::vector<OracleOp> ops = OpenMyOrders();
      ops.push_back({K::kExit, "", "",
                     std::to_string(s->first) + " order, $" + Plain(s->second) + " total spend",
                     "# Note: no complete order between 6/9/2023 and 6/12/2023"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 1355: rating of a product
    TemplateFamily f;
    f.id = 1355;
    f.sites = {"shopping"};
    f.intent_template = "What is the rating of {{product}}";
    f.eval_types = {"string_match"};
    f.published_params = json{{"product", "Ugreen lightning to 3.5mm cable"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto name = db.QueryText("SELECT name FROM products WHERE id = ?",
                               {kNamedProducts + 1 + static_cast<int64_t>(rng.Uniform(2000))});
      if (!name.ok()) return name.status();
      return json{{"product", *name}};
    };
    auto product = [](const json& p, Db& db) -> Result<std::pair<std::string, double>> {
      std::string name = p["product"];
      if (name == "Ugreen lightning to 3.5mm cable") name = "";
      std::pair<std::string, double> out;
      Status st =
          db.Query("SELECT name, rating FROM products WHERE (? = '' AND id = 10) OR name = ?",
                   {name, name}, [&](const Row& r) {
                     out = {r.Text(0), r.Real(1)};
                   });
      if (!st.ok()) return st;
      return out;
    };
    f.build = [product](const json& p, Db& db) -> Result<Task> {
      auto r = product(p, db);
      if (!r.ok()) return r.status();
      Task t = ShopTask();
      t.intent = "What is the rating of " + p["product"].get<std::string>() +
                 ". Please round to the nearest whole number";
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch,
                                        {std::to_string(std::lround(r->second)) + " stars"})};
      return t;
    };
    f.oracle = [product](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto r = product(p, db);
      if (!r.ok()) return r.status();
      std::string stars = std::to_string(std::lround(r->second));
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", r->first, "# Element: the search bar"},
          {K::kClick, "a.product-item-link", r->first, "", "# Element: the product"},
          {K::kExit, "", "", "About " + stars + " stars",
           "# Note: the rating is " + std::to_string(std::lround(r->second * 20)) + "%"}};
    };
    out.push_back(std::move(f));
  }

  {  // 169: when an item was last ordered
    TemplateFamily f;
    f.id = 169;
    f.sites = {"shopping"};
    f.intent_template = "Tell me when I last ordered my {{description}}?";
    f.eval_types = {"string_match"};
    f.published_params = json{{"description", "body butter"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        auto it = RandomOrderedItem(db, rng, "", "");
        if (!it.ok()) return it.status();
        std::string noun = NounOf(it->name);
        if (!noun.empty()) return json{{"description", noun}};
      }
      return NotFound("no ordered noun");
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto it = FindOrderedItem(db, p["description"], kAllTime, "", true);
      if (!it.ok()) return it.status();
      if (it->order < 0) return NotFound("never ordered");
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {
          Check(StringCheck::Kind::kFuzzyMatch, {LongDate(it->created_at)})};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto it = FindOrderedItem(db, p["description"], kAllTime, "", true);
      if (!it.ok()) return it.status();
      auto ops = OpenOrder(db, it->order, "it contains " + it->name);
      if (!ops.ok()) return ops.status();
      ops->push_back({K::kExit, "", "", LongDate(it->created_at), "# Note: the order date"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 666: names complaining about the quality of EYZUTAK phone cases
    TemplateFamily f = ParameterFree(
        666, "List the customer names who complain about the quality of EYZUTAK phone cases",
        {"string_match"});
    auto names = [](Db& db) -> Result<std::vector<std::string>> {
      auto reviews = BrandReviews(db, "EYZUTAK");
      if (!reviews.ok()) return reviews.status();
      std::vector<std::string> out;
      for (const ReviewRow& r : *reviews) {
        for (const std::string& s : Sentences(r.body)) {
          if (s.rfind("The quality ", 0) == 0 && !IsPositiveSentence(s) &&
              std::find(out.begin(), out.end(), r.nickname) == out.end()) {
            out.push_back(r.nickname);
          }
        }
      }
      return out;
    };
    f.build = [names](const json&, Db& db) -> Result<Task> {
      auto n = names(db);
      if (!n.ok()) return n.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, *n)};
      return t;
    };
    f.oracle = [names](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = names(db);
      if (!n.ok()) return n.status();
      std::string answer;
      for (const std::string& x : *n) answer += (answer.empty() ? "" : ", ") + x;
      auto visit = VisitBrandProducts(db, "EYZUTAK");
      if (!visit.ok()) return visit.status();
      std::vector<OracleOp> ops = std::move(*visit);
      ops.push_back({K::kExit, "", "", answer, "# Note: complaints about quality"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 1356: who gave some stars to EYZUTAK phone cases
    TemplateFamily f;
    f.id = 1356;
    f.sites = {"shopping"};
    f.intent_template = "Who gave {{stars}} for phone cases from EYZUTAK";
    f.eval_types = {"string_match"};
    f.published_params = json{{"stars", "4 or 5 stars"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kStars[] = {"1 or 2 stars", "5 stars", "2 stars"};
      return json{{"stars", kStars[rng.Uniform(3)]}};
    };
    auto names = [](const json& p, Db& db) -> Result<std::vector<std::string>> {
      std::string s = p["stars"];
      std::vector<int64_t> wanted;
      for (char c : s) {
        if (c >= '1' && c <= '5') wanted.push_back(c - '0');
      }
      auto reviews = BrandReviews(db, "EYZUTAK");
      if (!reviews.ok()) return reviews.status();
      std::vector<std::string> out;
      for (const ReviewRow& r : *reviews) {
        if (std::find(wanted.begin(), wanted.end(), r.rating) != wanted.end() &&
            std::find(out.begin(), out.end(), r.nickname) == out.end()) {
          out.push_back(r.nickname);
        }
      }
      return out;
    };
    f.build = [names](const json& p, Db& db) -> Result<Task> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      if (n->empty()) {
        t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {"N/A"})};
        t.eval.string_note = "Nobody gave that rating";
      } else {
        t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, *n)};
      }
      return t;
    };
    f.oracle = [names](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto n = names(p, db);
      if (!n.ok()) return n.status();
      std::string answer;
      for (const std::string& x : *n) answer += (answer.empty() ? "" : ", ") + x;
      if (answer.empty()) answer = "N/A";
      auto visit = VisitBrandProducts(db, "EYZUTAK");
      if (!visit.ok()) return visit.status();
      std::vector<OracleOp> ops = std::move(*visit);
      ops.push_back({K::kExit, "", "", answer, "# Note: reviewers with that rating"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 160: refund of canceled orders in a year, shipping included
    TemplateFamily f;
    f.id = 160;
    f.sites = {"shopping"};
    f.intent_template =
        "How much refund I should expect from my order canlled in {{time}}, including shipping fee";
    f.eval_types = {"string_match"};
    f.published_params = json{{"time", "2022"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kTimes[] = {"2021", "2023", "Mar 2022", "Oct 2021"};
      return json{{"time", kTimes[rng.Uniform(4)]}};
    };
    auto total = [](const json& p, Db& db) -> Result<std::pair<double, std::vector<int64_t>>> {
      auto period = ParsePeriod(p["time"]);
      if (!period.ok()) return period.status();
      auto ids = OrdersIn(db, *period, "canceled");
      if (!ids.ok()) return ids.status();
      double sum = 0;
      for (int64_t id : *ids) {
        auto g = db.QueryReal("SELECT grand_total FROM orders WHERE id = ?", {id});
        if (!g.ok()) return g.status();
        sum += *g;
      }
      return std::make_pair(sum, *ids);
    };
    f.build = [total](const json& p, Db& db) -> Result<Task> {
      auto t0 = total(p, db);
      if (!t0.ok()) return t0.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, {Plain(t0->first)})};
      return t;
    };
    f.oracle = [total](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto t0 = total(p, db);
      if (!t0.ok()) return t0.status();
      auto visit = VisitOrderPages(db, t0->second);
      if (!visit.ok()) return visit.status();
      std::vector<OracleOp> ops = std::move(*visit);
      ops.push_back({K::kExit, "", "", "$" + Plain(t0->first),
                     "# Note: the canceled orders total " + Plain(t0->first)});
      return ops;
    };
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<TemplateFamily> PurchaseTemplates() {
  std::vector<TemplateFamily> out;

  {  // 156: reorder a canceled purchase
    TemplateFamily f;
    f.id = 156;
    f.sites = {"shopping"};
    f.intent_template =
        "I previously ordered some {{product}} {{time}} and later cancelled. Can you reorder it "
        "for me?";
    f.eval_types = {"program_html"};
    f.published_params = json{{"product", "a make up removal kit"}, {"time", "during summer 2022"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        auto it = RandomOrderedItem(db, rng, "canceled", "");
        if (!it.ok()) return it.status();
        std::string noun = NounOf(it->name);
        if (noun.empty()) continue;
        return json{{"product", "a " + noun}, {"time", "in " + MonthYear(it->created_at)}};
      }
      return NotFound("no canceled item");
    };
    auto find = [](const json& p, Db& db) -> Result<OrderedItem> {
      auto period = ParsePeriod(p["time"]);
      if (!period.ok()) return period.status();
      auto it = FindOrderedItem(db, p["product"], *period, "canceled", true);
      if (!it.ok()) return it.status();
      if (it->order < 0) return NotFound("no such canceled purchase");
      return it;
    };
    f.build = [find](const json& p, Db& db) -> Result<Task> {
      auto it = find(p, db);
      if (!it.ok()) return it.status();
      return LatestOrderHasSku(it->sku);
    };
    f.oracle = [find](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto it = find(p, db);
      if (!it.ok()) return it.status();
      auto ops = ToOrderRow(db, it->order);
      if (!ops.ok()) return ops.status();
      ops->push_back(
          {K::kClick,
           "#my-orders-table form[action*=\"/order_id/" + std::to_string(it->order) + "/\"] button",
           "", "",
           "# Note: order " + it->increment_id + " holds " + it->name +
               "\n# Element: its 'Reorder' button"});
      ops->push_back({K::kClick, "a.action.checkout", "", "", "# Element: 'Proceed to Checkout'"});
      ops->push_back({K::kClick, "button.action.checkout", "", "", "# Element: 'Place Order'"});
      ops->push_back({K::kExit, "", "", "", "# Note: reordered"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 155: the option chosen for a purchase
    TemplateFamily f;
    f.id = 155;
    f.sites = {"shopping"};
    f.intent_template = "What is the {{option}} configuration of the {{product}} I bought {{time}}";
    f.eval_types = {"string_match"};
    f.published_params =
        json{{"option", "color"}, {"product", "artifical plants"}, {"time", "Feb 2023"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        auto it = RandomOrderedItem(db, rng, "", "Color");
        if (!it.ok()) return it.status();
        std::string noun = NounOf(it->name);
        if (noun.empty()) continue;
        return json{{"option", "color"}, {"product", noun}, {"time", MonthYear(it->created_at)}};
      }
      return NotFound("no colored item");
    };
    auto find = [](const json& p, Db& db) -> Result<OrderedItem> {
      auto period = ParsePeriod(p["time"]);
      if (!period.ok()) return period.status();
      return FindOrderedItem(db, p["product"], *period, "", true);
    };
    f.build = [find](const json& p, Db& db) -> Result<Task> {
      auto it = find(p, db);
      if (!it.ok()) return it.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      if (it->order < 0 || it->options.find(": ") == std::string::npos) {
        t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {"N/A"})};
        t.eval.string_note = "No such purchase in that period";
      } else {
        t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch,
                                          {it->options.substr(it->options.find(": ") + 2)})};
      }
      return t;
    };
    f.oracle = [find](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto it = find(p, db);
      if (!it.ok()) return it.status();
      if (it->order < 0) {
        std::vector<OracleOp> ops = OpenMyOrders();
        ops.push_back({K::kExit, "", "", "N/A", "# Note: no such purchase"});
        return ops;
      }
      auto ops = OpenOrder(db, it->order, it->name + " was ordered with " + it->options);
      if (!ops.ok()) return ops.status();
      ops->push_back({K::kExit, "", "", it->options.substr(it->options.find(": ") + 2),
                      "# Note: " + it->options});
      return ops;
    };
    out.push_back(std::move(f));
  }

  // 154 and 153: refund messages drafted in the contact form (not submitted).
  for (int id : {154, 153}) {
    TemplateFamily f;
    f.id = id;
    f.sites = {"shopping"};
    f.intent_template =
        id == 154
            ? "Draft a refund message via their \"contact us\" form for the {{product}} I bought "
              "{{time}}. It broke after three days of use. The shop requires the order id, the "
              "reason and the amount to refund in the message. Don't submit yet"
            : "Fill the \"contact us\" form in the site for a refund on the {{product}} I bought, "
              "stating that it broke after just three days of use. Also, ensure to include the "
              "order number #{{order_id}} and the product SKU. Don't submit yet, I will check.";
    f.eval_types = id == 154 ? std::vector<std::string>{"program_html"}
                             : std::vector<std::string>{"url_match", "program_html"};
    f.published_params = id == 154
                             ? json{{"product", "phone screen protector"}, {"time", "March 2023"}}
                             : json{{"product", "speaker"}, {"order_id", "148"}};
    f.sample = [id](Db& db, Rng& rng) -> Result<json> {
      for (int tries = 0; tries < 50; ++tries) {
        auto it = RandomOrderedItem(db, rng, "complete", "");
        if (!it.ok()) return it.status();
        std::string noun = NounOf(it->name);
        if (noun.empty()) continue;
        if (id == 154) return json{{"product", noun}, {"time", MonthYear(it->created_at)}};
        return json{{"product", noun}, {"order_id", std::to_string(it->order)}};
      }
      return NotFound("no purchase");
    };
    auto find = [id](const json& p, Db& db) -> Result<OrderedItem> {
      if (id == 154) {
        auto period = ParsePeriod(p["time"]);
        if (!period.ok()) return period.status();
        return FindOrderedItem(db, p["product"], *period, "", true);
      }
      int64_t order = std::stoll(p["order_id"].get<std::string>());
      auto created = db.QueryInt("SELECT created_at FROM orders WHERE id = ?", {order});
      if (!created.ok()) return created.status();
      return FindOrderedItem(db, p["product"], Period{*created, *created + 1}, "", true);
    };
    f.build = [find, id](const json& p, Db& db) -> Result<Task> {
      auto it = find(p, db);
      if (!it.ok()) return it.status();
      if (it->order < 0) return NotFound("no such purchase");
      Task t = ShopTask();
      ProgramHtmlTarget target;
      target.url = "last";
      target.locator = "document.querySelector('[title=\"What’s on your mind?\"').value";
      if (id == 154) {
        target.required_contents = {Check(
            StringCheck::Kind::kFuzzyMatch,
            {"refund", "it broke after three days of use", it->increment_id, Plain(it->price)})};
      } else {
        target.required_contents = {
            Check(StringCheck::Kind::kFuzzyMatch,
                  {"refund", "broke after three days of use", std::to_string(it->order), it->sku})};
        t.eval.reference_url = "__SHOPPING__/contact";
        t.eval.url_note = "GOLD in PRED";
      }
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [find, id](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto it = find(p, db);
      if (!it.ok()) return it.status();
      auto ops =
          OpenOrder(db, it->order, it->name + " (SKU " + it->sku + ") cost $" + Plain(it->price));
      if (!ops.ok()) return ops.status();
      std::string message =
          id == 154
              ? "I would like a refund for the " + it->name + " from order " + it->increment_id +
                    ", amount $" + Plain(it->price) + ". It broke after three days of use."
              : "Refund request: the " + it->name + " (SKU " + it->sku + ") from order #" +
                    std::to_string(it->order) + " broke after three days of use.";
      ops->push_back({K::kClick, ".footer.links a", "Contact Us", "", "# Element: 'Contact Us'"});
      ops->push_back({K::kType, "#comment", "", message, "# Element: the message box"});
      ops->push_back({K::kExit, "", "", "", "# Note: drafted, not submitted"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 216: buy the best rated, then cheapest, product with enough reviews in a category
    TemplateFamily f;
    f.id = 216;
    f.sites = {"shopping"};
    f.intent_template =
        "Buy the best rating product from \"{{category}}\" category with at least 5 "
        "reviews and the product is least expensive";
    f.eval_types = {"program_html"};
    f.in_train = false;
    f.published_params = json{{"category", "Men's shoe"}};
    f.sample = [](Db&, Rng&) -> Result<json> { return json{{"category", "Men's shoe"}}; };
    auto choose = [](Db& db) -> Result<std::pair<std::string, std::string>> {
      std::pair<std::string, std::string> out;
      Status st = db.Query(
          "SELECT p.name, p.sku FROM products p JOIN categories c ON c.id = p.category_id WHERE "
          "c.url_path = 'clothing-shoes-jewelry/men/shoes' AND p.review_count >= 5 ORDER BY "
          "p.rating DESC, COALESCE(p.special_price, p.price), p.id LIMIT 1",
          {}, [&](const Row& r) {
            out = {r.Text(0), r.Text(1)};
          });
      if (!st.ok()) return st;
      if (out.first.empty()) return NotFound("no shoe with 5 reviews");
      return out;
    };
    f.build = [choose](const json&, Db& db) -> Result<Task> {
      auto c = choose(db);
      if (!c.ok()) return c.status();
      return LatestOrderHasSku(c->second);
    };
    f.oracle = [choose](const Task&, const json&, Db& db) -> Result<std::vector<OracleOp>> {
      auto c = choose(db);
      if (!c.ok()) return c.status();
      return Buy(c->first, "the best rated men's shoe with 5+ reviews is " + c->first);
    };
    out.push_back(std::move(f));
  }

  {  // 162: spending on a category in a period
    TemplateFamily f;
    f.id = 162;
    f.sites = {"shopping"};
    f.intent_template = "How much I spent on {{category}} shopping during {{time}}";
    f.eval_types = {"string_match"};
    f.published_params = json{{"category", "food"}, {"time", "from mid Jan to the end Jan 2023"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kCats[] = {"food", "beauty", "electronics", "home"};
      static const char* kMonths[] = {"Feb", "Mar", "Apr", "Oct", "Nov", "Dec"};
      return json{{"category", kCats[rng.Uniform(4)]},
                  {"time", std::string("from mid ") + kMonths[rng.Uniform(6)] + " to the end " +
                               "MONTH 2022"}};
    };
    auto fix = [](json p) {  // sampler placeholder: the same month on both sides
      std::string t = p["time"];
      size_t at = t.find("MONTH");
      if (at != std::string::npos) t.replace(at, 5, t.substr(9, 3));
      p["time"] = t;
      return p;
    };
    auto spent = [fix](const json& p0, Db& db) -> Result<std::pair<double, std::vector<int64_t>>> {
      json p = fix(p0);
      static const std::map<std::string, std::string> kTop = {{"food", "Grocery & Gourmet Food"},
                                                              {"beauty", "Beauty & Personal Care"},
                                                              {"electronics", "Electronics"},
                                                              {"home", "Home & Kitchen"}};
      auto period = ParsePeriod(p["time"]);
      if (!period.ok()) return period.status();
      double sum = 0;
      std::vector<int64_t> orders;
      Status st = db.Query(
          "SELECT o.id, i.price * i.qty FROM order_items i JOIN orders o ON o.id = i.order_id "
          "JOIN product_categories pc ON pc.product_id = i.product_id JOIN categories c ON c.id "
          "= pc.category_id WHERE c.name = ? AND c.level = 1 AND o.status != 'canceled' AND "
          "o.created_at >= ? AND o.created_at < ? ORDER BY o.created_at, o.id",
          {kTop.at(p["category"]), period->begin, period->end}, [&](const Row& r) {
            sum += r.Real(1);
            if (orders.empty() || orders.back() != r.Int(0)) orders.push_back(r.Int(0));
          });
      if (!st.ok()) return st;
      return std::make_pair(sum, orders);
    };
    f.build = [spent, fix](const json& p, Db& db) -> Result<Task> {
      auto s = spent(p, db);
      if (!s.ok()) return s.status();
      Task t = ShopTask();
      t.intent = Instantiate("How much I spent on {{category}} shopping during {{time}}", fix(p));
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, {Plain(s->first)})};
      return t;
    };
    f.oracle = [spent](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = spent(p, db);
      if (!s.ok()) return s.status();
      std::vector<OracleOp> ops;
      for (int64_t id : s->second) {
        auto o = OpenOrder(db, id);
        if (!o.ok()) return o.status();
        ops.insert(ops.end(), o->begin(), o->end());
      }
      if (ops.empty()) ops = OpenMyOrders();
      ops.push_back({K::kExit, "", "", "$" + Plain(s->first),
                     "# Note: the matching items total " + Plain(s->first)});
      return ops;
    };
    out.push_back(std::move(f));
  }
  return out;
}

// Game card holders: (id, url_key, name, capacity, price), capacity from "Holds N game cards".
struct Holder {
  int64_t id;
  std::string url_key, name;
  int capacity;
  double price;
};
Result<std::vector<Holder>> Holders(Db& db) {
  std::vector<Holder> out;
  Status st = db.Query(
      "SELECT id, url_key, name, description, COALESCE(special_price, price) FROM products WHERE "
      "description LIKE '%Holds % game cards.%' ORDER BY id",
      {}, [&](const Row& r) {
        std::string d = r.Text(3);
        size_t at = d.find("Holds ");
        out.push_back({r.Int(0), r.Text(1), r.Text(2), std::atoi(d.c_str() + at + 6), r.Real(4)});
      });
  if (!st.ok()) return st;
  return out;
}

// The cheapest holder with at least `min` capacity (ties: lowest id).
Result<Holder> CheapestHolder(Db& db, int min) {
  auto hs = Holders(db);
  if (!hs.ok()) return hs.status();
  const Holder* best = nullptr;
  for (const Holder& h : *hs) {
    if (h.capacity >= min && (best == nullptr || h.price < best->price)) best = &h;
  }
  if (best == nullptr) return NotFound("no holder fits");
  return *best;
}

// Steps: search, sort by price, page to the product, open it.
Result<std::vector<OracleOp>> FindInSortedSearch(Db& db, const std::string& query,
                                                 const Holder& target) {
  auto hits = SearchCatalog(db, query);
  if (!hits.ok()) return hits.status();
  std::vector<SearchHit> sorted = *hits;  // by id already
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const SearchHit& a, const SearchHit& b) { return a.price < b.price; });
  size_t rank = 0;
  while (rank < sorted.size() && sorted[rank].id != target.id) ++rank;
  if (rank == sorted.size()) return NotFound("the product is not in the search results");
  std::vector<OracleOp> ops = {
      {K::kSearch, "#search", "", query, "# Element: the search bar"},
      {K::kClick, ".sorter-options a", "Price", "", "# Element: sort by 'Price'"}};
  for (size_t page = 0; page < rank / 12; ++page) {
    ops.push_back({K::kClick, ".pages-item-next a", "", "", "# Element: the 'Next' page link"});
  }
  ops.push_back({K::kClick, "a.product-item-link", target.name, "",
                 "# Note: it holds " + std::to_string(target.capacity) + " cards for " +
                     FormatMoney(target.price) + "\n# Element: the product '" + target.name + "'"});
  return ops;
}

std::vector<TemplateFamily> CapacityAndBudgetTemplates() {
  std::vector<TemplateFamily> out;
  for (int id : {207, 171}) {
    TemplateFamily f;
    f.id = id;
    f.sites = {"shopping"};
    f.intent_template =
        id == 207 ? "Show the least expensive {{product}} with a minimum storage capacity of "
                    "{{min_storage}}."
                  : "I have a lot of Nintendo Switch game cards now, help me find the best storage "
                    "option to fit all {{num}} cards";
    f.eval_types = {"url_match"};
    f.published_params = id == 207
                             ? json{{"product", "switch card holder"}, {"min_storage", "15 cards"}}
                             : json{{"num", "40"}};
    f.sample = [id](Db&, Rng& rng) -> Result<json> {
      static const char* kMins[] = {"8", "12", "16", "24", "40", "72"};
      std::string m = kMins[rng.Uniform(6)];
      if (id == 207) return json{{"product", "switch card holder"}, {"min_storage", m + " cards"}};
      return json{{"num", m}};
    };
    auto min_of = [id](const json& p) {
      return std::atoi((id == 207 ? p["min_storage"] : p["num"]).get<std::string>().c_str());
    };
    f.build = [min_of](const json& p, Db& db) -> Result<Task> {
      auto h = CheapestHolder(db, min_of(p));
      if (!h.ok()) return h.status();
      Task t = ShopTask();
      t.eval.reference_url = "__SHOPPING__/" + h->url_key + ".html";
      t.eval.url_note = "GOLD in PRED";
      return t;
    };
    f.oracle = [min_of](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto h = CheapestHolder(db, min_of(p));
      if (!h.ok()) return h.status();
      auto ops = FindInSortedSearch(db, "game card holder", *h);
      if (!ops.ok()) return ops.status();
      ops->push_back({K::kExit, "", "", "", "# Note: the cheapest holder that fits"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 147: spending in a month with a 20% discount on orders over $200
    TemplateFamily f;
    f.id = 147;
    f.sites = {"shopping"};
    f.intent_template =
        "How much did I spend on shopping at One Stop Market {{time}}? They gave me "
        "a 20% discount on the total amount for orders exceeding $200 in cash";
    f.eval_types = {"string_match"};
    f.published_params = json{{"time", "on November 2022"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kMonths[] = {"on October 2022", "on December 2022", "on March 2023",
                                      "on August 2021", "on May 2022"};
      return json{{"time", kMonths[rng.Uniform(5)]}};
    };
    auto spent = [](const json& p, Db& db) -> Result<std::pair<std::string, std::vector<int64_t>>> {
      auto period = ParsePeriod(p["time"]);
      if (!period.ok()) return period.status();
      double sum = 0;
      std::vector<int64_t> ids;
      Status st = db.Query(
          "SELECT id, grand_total FROM orders WHERE customer_id = 1 AND status != "
          "'canceled' AND created_at >= ? AND created_at < ? ORDER BY id",
          {period->begin, period->end}, [&](const Row& r) {
            double t = r.Real(1);
            sum += t > 200 ? 0.8 * t : t;
            ids.push_back(r.Int(0));
          });
      if (!st.ok()) return st;
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3f", sum);
      std::string v = buf;
      while (v.back() == '0') v.pop_back();
      if (v.back() == '.') v.pop_back();
      return std::make_pair(v, ids);
    };
    f.build = [spent](const json& p, Db& db) -> Result<Task> {
      auto s = spent(p, db);
      if (!s.ok()) return s.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, {s->first})};
      return t;
    };
    f.oracle = [spent](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = spent(p, db);
      if (!s.ok()) return s.status();
      auto visit = VisitOrderPages(db, s->second);
      if (!visit.ok()) return visit.status();
      std::vector<OracleOp> ops = std::move(*visit);
      ops.push_back({K::kExit, "", "", "$" + s->first,
                     "# Note: totals over $200 count at 80%; the month comes to " + s->first});
      return ops;
    };
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<TemplateFamily> WishQuantityTemplates() {
  std::vector<TemplateFamily> out;
  TemplateFamily f;
  f.id = 186;
  f.sites = {"shopping"};
  f.intent_template = "Add {{product}} to my wish list";
  f.eval_types = {"program_html"};
  f.published_params =
      json{{"product", "2 Hawaiian Bamboo Orchid Roots #zc50 - by Discount Hawaiian Gifts"}};
  f.sample = [](Db& db, Rng& rng) -> Result<json> {
    auto name = db.QueryText("SELECT name FROM products WHERE id = ?",
                             {kNamedProducts + 1 + static_cast<int64_t>(rng.Uniform(2000))});
    if (!name.ok()) return name.status();
    return json{{"product", std::to_string(rng.Range(2, 4)) + " " + *name}};
  };
  auto split = [](const json& p) {
    std::string s = p["product"];
    size_t sp = s.find(' ');
    return std::make_pair(s.substr(0, sp), s.substr(sp + 1));
  };
  f.build = [](const json& p, Db&) -> Result<Task> {
    Task t = ShopTask();
    ProgramHtmlTarget target;
    target.url = "__SHOPPING__/wishlist/";
    target.locator = "document.querySelector('.products-grid.wishlist').outerText";
    target.required_contents = {Check(StringCheck::Kind::kFuzzyMatch, {p["product"]})};
    t.eval.program_html = {target};
    return t;
  };
  f.oracle = [split](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
    auto [qty, name] = split(p);
    return std::vector<OracleOp>{
        {K::kSearch, "#search", "", name, "# Element: the search bar"},
        {K::kClick, "a.product-item-link", name, "", "# Element: the product"},
        {K::kClick, "button.action.towishlist", "", "", "# Element: 'Add to Wish List'"},
        {K::kType, ".products-grid.wishlist input.qty", "", qty,
         "# Element: the quantity of the item in the wish list"},
        {K::kClick, "button.action.update", "", "", "# Element: 'Update Wish List'"},
        {K::kExit, "", "", "", "# Note: the wish list holds " + qty}};
  };
  out.push_back(std::move(f));
  return out;
}

}  // namespace

std::vector<TemplateFamily> ShoppingTemplates() {
  std::vector<TemplateFamily> out;

  {  // 212: Search for "{{keyword}}"
    TemplateFamily f;
    f.id = 212;
    f.sites = {"shopping"};
    f.intent_template = "Search for \"{{keyword}}\"";
    f.eval_types = {"url_match"};
    f.published_params = json{{"keyword", "switch accessories"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kWords[] = {
          "switch accessories", "yoga mat",      "body butter", "phone case",       "taper candles",
          "bluetooth speaker",  "running shoes", "vegan jerky", "makeup brush set", "office chair"};
      return json{{"keyword", kWords[rng.Uniform(10)]}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = ShopTask();
      t.eval.reference_url = "__SHOPPING__/catalogsearch/result/?q=" + Plus(p["keyword"]);
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", p["keyword"], "# Element: the search bar at the top"},
          {K::kExit, "", "", "", "# Note: the search results are shown"}};
    };
    out.push_back(std::move(f));
  }

  {  // 139: products under a price in a category
    TemplateFamily f;
    f.id = 139;
    f.sites = {"shopping"};
    f.intent_template = "Show me products under ${{price}} in \"{{product_category}}\" category";
    f.eval_types = {"url_match"};
    f.published_params = json{{"price", "30"}, {"product_category", "men shoes"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      const NamedCategory& c = Categories()[rng.Uniform(Categories().size())];
      auto path = LeafPath(db, c);
      if (!path.ok()) return path.status();
      auto max = db.QueryReal(
          "SELECT MAX(COALESCE(p.special_price, p.price)) FROM products p JOIN "
          "product_categories pc ON pc.product_id = p.id JOIN categories c ON c.id = "
          "pc.category_id WHERE c.url_path = ?",
          {*path});
      if (!max.ok()) return max.status();
      int step = static_cast<int>(10 * std::ceil(*max / 60.0));
      return json{{"price", std::to_string(step)}, {"product_category", c.wording}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      const NamedCategory* c = FindCategory(p["product_category"]);
      if (c == nullptr) return NotFound("unknown category wording");
      auto path = LeafPath(db, *c);
      if (!path.ok()) return path.status();
      Task t = ShopTask();
      t.eval.reference_url =
          "__SHOPPING__/" + *path + ".html?price=0-" + p["price"].get<std::string>();
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::vector<OracleOp> ops = OpenCategory(*FindCategory(p["product_category"]));
      std::string to = FormatMoney(std::stod(p["price"].get<std::string>()) - 0.01);
      ops.push_back({K::kClick, ".filter-options-item a", "$0.00 - " + to, "",
                     "# Element: the price range '$0.00 - " + to + "'"});
      ops.push_back({K::kExit, "", "", "", "# Note: the filtered listing is shown"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 137: category listing sorted by price
    TemplateFamily f;
    f.id = 137;
    f.sites = {"shopping"};
    f.intent_template = "List products from {{product_category}} category by {{order}} price";
    f.eval_types = {"url_match"};
    f.published_params =
        json{{"order", "descending"}, {"product_category", "living room furtniture"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      return json{{"order", rng.Bernoulli(0.5) ? "descending" : "ascending"},
                  {"product_category", Categories()[rng.Uniform(Categories().size())].wording}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      const NamedCategory* c = FindCategory(p["product_category"]);
      if (c == nullptr) return NotFound("unknown category wording");
      auto path = LeafPath(db, *c);
      if (!path.ok()) return path.status();
      Task t = ShopTask();
      t.eval.reference_url = "__SHOPPING__/" + *path +
                             ".html?product_list_order=price&product_list_dir=" +
                             (p["order"] == "descending" ? "desc" : "asc");
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::vector<OracleOp> ops = OpenCategory(*FindCategory(p["product_category"]));
      ops.push_back({K::kClick, ".sorter-options a", "Price", "", "# Element: sort by 'Price'"});
      if (p["order"] == "descending") {
        ops.push_back({K::kClick, "a.sorter-action", "", "",
                       "# Element: the arrow that sets the descending direction"});
      }
      ops.push_back({K::kExit, "", "", "", "# Note: the listing is sorted"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 208: search listing sorted by price
    TemplateFamily f;
    f.id = 208;
    f.sites = {"shopping"};
    f.intent_template = "Show me the \"{{product}}\" listings by {{sorting_order}}.";
    f.eval_types = {"url_match"};
    f.published_params = json{{"product", "chairs"}, {"sorting_order", "ascending price"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kProducts[] = {"chairs",     "candles",  "speakers", "jerky",
                                        "phone case", "yoga mat", "desk"};
      return json{{"product", kProducts[rng.Uniform(7)]},
                  {"sorting_order", rng.Bernoulli(0.5) ? "ascending price" : "descending price"}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = ShopTask();
      bool desc = p["sorting_order"].get<std::string>().find("descending") != std::string::npos;
      t.eval.reference_url =
          "__SHOPPING__/catalogsearch/result/index/?product_list_order=price&q=" +
          Plus(p["product"]) + "&product_list_dir=" + (desc ? "desc" : "asc");
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::vector<OracleOp> ops = {
          {K::kSearch, "#search", "", p["product"], "# Element: the search bar"},
          {K::kClick, ".sorter-options a", "Price", "", "# Element: sort by 'Price'"}};
      if (p["sorting_order"].get<std::string>().find("descending") != std::string::npos) {
        ops.push_back({K::kClick, "a.sorter-action", "", "", "# Element: the direction arrow"});
      }
      ops.push_back({K::kExit, "", "", "", "# Note: the results are sorted"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 180: the most recent order page with a status
    TemplateFamily f;
    f.id = 180;
    f.sites = {"shopping"};
    f.intent_template = "Show the most recent {{status}} order page";
    f.eval_types = {"url_match"};
    f.published_params = json{{"status", "pending"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kStatuses[] = {"pending", "complete", "canceled", "processing"};
      return json{{"status", kStatuses[rng.Uniform(4)]}};
    };
    auto latest = [](Db& db, const std::string& status) {
      return db.QueryInt(
          "SELECT id FROM orders WHERE customer_id = 1 AND status = ? ORDER BY "
          "created_at DESC, id DESC LIMIT 1",
          {status}, -1);
    };
    f.build = [latest](const json& p, Db& db) -> Result<Task> {
      auto id = latest(db, p["status"]);
      if (!id.ok()) return id.status();
      Task t = ShopTask();
      t.eval.reference_url = "__SHOPPING__/sales/order/view/order_id/" + std::to_string(*id) + "/";
      return t;
    };
    f.oracle = [latest](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto id = latest(db, p["status"]);
      if (!id.ok()) return id.status();
      auto ops = ToOrderRow(db, *id);
      if (!ops.ok()) return ops.status();
      ops->push_back(
          {K::kClick,
           "#my-orders-table a.action.view[href*=\"/order_id/" + std::to_string(*id) + "/\"]", "",
           "",
           "# Element: 'View Order' of the newest " + p["status"].get<std::string>() + " order"});
      ops->push_back({K::kExit, "", "", "", "# Note: the order page is open"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 206: statuses of two orders
    TemplateFamily f;
    f.id = 206;
    f.sites = {"shopping"};
    f.intent_template = "Show me the order statuses for order number {{order_ids}}.";
    f.eval_types = {"string_match"};
    f.published_params = json{{"order_ids", "170 and 189"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      int64_t a = rng.Range(100, 189), b = rng.Range(100, 189);
      if (a == b) b = a == 189 ? 188 : a + 1;
      return json{
          {"order_ids", std::to_string(std::min(a, b)) + " and " + std::to_string(std::max(a, b))}};
    };
    auto parse = [](const json& p) {
      std::string s = p["order_ids"];
      return std::make_pair(std::stoll(s.substr(0, s.find(' '))),
                            std::stoll(s.substr(s.rfind(' ') + 1)));
    };
    f.build = [parse](const json& p, Db& db) -> Result<Task> {
      auto [a, b] = parse(p);
      std::vector<std::string> refs;
      for (int64_t id : {a, b}) {
        auto st = db.QueryText("SELECT status FROM orders WHERE id = ?", {id});
        if (!st.ok()) return st.status();
        refs.push_back(std::to_string(id) + ": " + *st);
      }
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, refs)};
      return t;
    };
    f.oracle = [parse](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto [a, b] = parse(p);
      std::vector<OracleOp> ops;
      std::string answer;
      for (int64_t id : {b, a}) {
        auto row = ToOrderRow(db, id);
        if (!row.ok()) return row.status();
        auto st = db.QueryText("SELECT status FROM orders WHERE id = ?", {id});
        if (!st.ok()) return st.status();
        if (ops.empty()) {
          ops = *row;
        } else {
          ops.push_back(row->back().kind == K::kClick && row->size() > 2 ? row->back() : (*row)[1]);
        }
        ops.back().thought += "\n# Note: order " + std::to_string(id) + " is " + *st;
        answer = std::to_string(id) + ": " + *st + (answer.empty() ? "" : ", " + answer);
      }
      ops.push_back({K::kExit, "", "", answer, "# Note: both statuses are known"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 214: total cost of the latest order with a status
    TemplateFamily f;
    f.id = 214;
    f.sites = {"shopping"};
    f.intent_template = "Tell me the total cost of my latest {{status}} order?";
    f.eval_types = {"string_match"};
    f.published_params = json{{"status", "complete"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kStatuses[] = {"complete", "pending", "canceled", "processing"};
      return json{{"status", kStatuses[rng.Uniform(4)]}};
    };
    auto latest = [](Db& db, const std::string& status) -> Result<std::pair<int64_t, double>> {
      std::pair<int64_t, double> out{-1, 0};
      Status st = db.Query(
          "SELECT id, grand_total FROM orders WHERE customer_id = 1 AND status = "
          "? ORDER BY created_at DESC, id DESC LIMIT 1",
          {status}, [&](const Row& r) {
            out = {r.Int(0), r.Real(1)};
          });
      if (!st.ok()) return st;
      return out;
    };
    f.build = [latest](const json& p, Db& db) -> Result<Task> {
      auto o = latest(db, p["status"]);
      if (!o.ok()) return o.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {
          Check(StringCheck::Kind::kMustInclude, {FormatMoney(o->second).substr(1)})};
      return t;
    };
    f.oracle = [latest](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto o = latest(db, p["status"]);
      if (!o.ok()) return o.status();
      auto ops = ToOrderRow(db, o->first);
      if (!ops.ok()) return ops.status();
      ops->push_back({K::kExit, "", "", "The total cost is " + FormatMoney(o->second) + ".",
                      "# Note: the newest " + p["status"].get<std::string>() + " order totals " +
                          FormatMoney(o->second)});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // 199: subscribe to the newsletter
    TemplateFamily f =
        ParameterFree(199, "Subscribe to the newsletter of OneStopMarket", {"program_html"});
    f.build = [](const json&, Db&) -> Result<Task> {
      Task t = ShopTask();
      ProgramHtmlTarget target;
      target.url = "__SHOPPING__/newsletter/manage/";
      target.locator =
          "document.querySelector('[title=\"General Subscription\"').checked.toString()";
      StringCheck c = Check(StringCheck::Kind::kExactMatch, {"true"});
      c.value_was_string = true;
      target.required_contents = {c};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, ".header.links a", "My Account", "", "# Element: 'My Account'"},
          {K::kClick, ".nav.items a", "Newsletter Subscriptions", "",
           "# Element: 'Newsletter Subscriptions' in the sidebar"},
          {K::kClick, "#subscription", "", "", "# Element: the 'General Subscription' checkbox"},
          {K::kClick, "button.action.save", "", "", "# Element: the 'Save' button"},
          {K::kExit, "", "", "", "# Note: subscribed"}};
    };
    out.push_back(std::move(f));
  }

  {  // 196: add the open product to the wish list
    TemplateFamily f;
    f.id = 196;
    f.sites = {"shopping"};
    f.intent_template = "Add this product to my wishlist";
    f.eval_types = {"program_html"};
    f.published_params =
        json{{"url_key",
              "elmwood-inn-fine-teas-orange-vanilla-caffeine-free-fruit-infusion-16-ounce-pouch"}};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      auto key = db.QueryText("SELECT url_key FROM products WHERE id = ?",
                              {kNamedProducts + 1 + static_cast<int64_t>(rng.Uniform(2000))});
      if (!key.ok()) return key.status();
      return json{{"url_key", *key}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      std::string key = p["url_key"];
      auto name = db.QueryText("SELECT name FROM products WHERE url_key = ?", {key});
      if (!name.ok()) return name.status();
      Task t = ShopTask("__SHOPPING__/" + p["url_key"].get<std::string>() + ".html");
      t.intent = "Add this product to my wishlist";
      ProgramHtmlTarget target;
      target.url = "__SHOPPING__/wishlist/";
      target.locator = "document.querySelector('.products-grid.wishlist').outerText";
      target.required_contents = {Check(StringCheck::Kind::kFuzzyMatch, {*name})};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json&, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {K::kClick, "button.action.towishlist", "", "", "# Element: 'Add to Wish List'"},
          {K::kExit, "", "", "", "# Note: the product is in the wish list"}};
    };
    out.push_back(std::move(f));
  }

  out.push_back(PriceRangeFamily(159,
                                 "What is the price range of {{product}} in the One Stop Market?",
                                 "product", "teeth grinding mouth guard",
                                 {"yoga block", "taper candles", "vegan jerky", "smart plug",
                                  "loose leaf tea", "hiking boots"}));

  {  // 165: update the address book
    TemplateFamily f;
    f.id = 165;
    f.sites = {"shopping"};
    f.intent_template =
        "I recently moved, my address is {{address}}, update my information on OneStopShopping "
        "accordingly";
    f.eval_types = {"program_html"};
    f.published_params = json{{"address", "111 Magnolia Path, Atlanta, GA, 30303"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kAddresses[] = {
          "4 Elm Street, Boston, MA, 02108", "900 Congress Ave, Austin, TX, 78701",
          "12 Lake Shore Dr, Chicago, IL, 60611", "77 Pine Road, Seattle, WA, 98101"};
      return json{{"address", kAddresses[rng.Uniform(4)]}};
    };
    struct Parts {
      std::string street, city, state, zip;
    };
    auto split = [](const std::string& a) {
      std::vector<std::string> parts;
      size_t i = 0;
      while (i <= a.size()) {
        size_t c = a.find(", ", i);
        if (c == std::string::npos) c = a.size();
        parts.push_back(a.substr(i, c - i));
        i = c + 2;
      }
      static const std::map<std::string, std::string> kStates = {{"GA", "Georgia"},
                                                                 {"MA", "Massachusetts"},
                                                                 {"TX", "Texas"},
                                                                 {"IL", "Illinois"},
                                                                 {"WA", "Washington"}};
      return Parts{parts[0], parts[1], kStates.at(parts[2]), parts[3]};
    };
    f.build = [split](const json& p, Db&) -> Result<Task> {
      Parts a = split(p["address"]);
      Task t = ShopTask();
      for (const char* box : {"shipping", "billing"}) {
        ProgramHtmlTarget target;
        target.url = "__SHOPPING__/customer/address";
        target.locator = std::string("document.querySelector(\".box.box-address-") + box +
                         " > .box-content\").outerText";
        target.required_contents = {Check(StringCheck::Kind::kMustInclude,
                                          {a.street, a.city + ", " + a.state + ", " + a.zip})};
        t.eval.program_html.push_back(target);
      }
      return t;
    };
    f.oracle = [split](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      Parts a = split(p["address"]);
      return std::vector<OracleOp>{
          {K::kClick, ".header.links a", "My Account", "", "# Element: 'My Account'"},
          {K::kClick, ".nav.items a", "Address Book", "", "# Element: 'Address Book'"},
          {K::kClick, ".box-address-billing a.action.edit", "", "",
           "# Element: 'Change Billing Address'"},
          {K::kType, "#street_1", "", a.street, "# Element: the 'Street Address' field"},
          {K::kType, "#city", "", a.city, "# Element: the 'City' field"},
          {K::kSelect, "#region_id", "", a.state, "# Element: the 'State/Province' dropdown"},
          {K::kType, "#zip", "", a.zip, "# Element: the 'Zip/Postal Code' field"},
          {K::kClick, "button.action.save", "", "", "# Element: 'Save Address'"},
          {K::kExit, "", "", "", "# Note: the address is saved"}};
    };
    out.push_back(std::move(f));
  }
  for (auto& f : MoreShoppingTemplates()) out.push_back(std::move(f));
  for (auto& f : OrderHistoryTemplates()) out.push_back(std::move(f));
  for (auto& f : PurchaseTemplates()) out.push_back(std::move(f));
  for (auto& f : CapacityAndBudgetTemplates()) out.push_back(std::move(f));
  for (auto& f : WishQuantityTemplates()) out.push_back(std::move(f));
  return out;
}

}  // namespace wa
