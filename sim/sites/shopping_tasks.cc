// Task templates of the shopping site (published WebArena-Lite template ids and wording).
// References are computed from the simulated store; oracles act through the UI only.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "sim/evaluator.h"
#include "sim/sites/shopping_data.h"
#include "sim/sites/site_util.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;

Task ShopTask(const std::string& start = "__SHOPPING__") {
  Task t;
  t.sites = {"shopping"};
  t.require_login = true;
  t.storage_state = "./.auth/shopping_state.json";
  t.start_url = start;
  t.eval.reference_url = "";
  return t;
}

StringCheck Check(StringCheck::Kind kind, std::vector<std::string> values) {
  StringCheck c;
  c.kind = kind;
  c.values = std::move(values);
  return c;
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
    TemplateFamily f;
    f.id = 199;
    f.sites = {"shopping"};
    f.intent_template = "Subscribe to the newsletter of OneStopMarket";
    f.eval_types = {"program_html"};
    f.in_train = false;
    f.published_params = json::object();
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
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
                              {static_cast<int64_t>(1 + rng.Uniform(2000))});
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

  {  // 159: price range of a product kind
    TemplateFamily f;
    f.id = 159;
    f.sites = {"shopping"};
    f.intent_template = "What is the price range of {{product}} in the One Stop Market?";
    f.eval_types = {"string_match"};
    f.published_params = json{{"product", "teeth grinding mouth guard"}};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kProducts[] = {"yoga block", "taper candles",  "vegan jerky",
                                        "smart plug", "loose leaf tea", "hiking boots"};
      return json{{"product", kProducts[rng.Uniform(6)]}};
    };
    auto range = [](Db& db, const std::string& q) -> Result<std::pair<double, double>> {
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
      auto r = range(db, p["product"]);
      if (!r.ok()) return r.status();
      Task t = ShopTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude,
                                        {WholeDollars(r->first), WholeDollars(r->second)})};
      return t;
    };
    f.oracle = [range](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto r = range(db, p["product"]);
      if (!r.ok()) return r.status();
      return std::vector<OracleOp>{
          {K::kSearch, "#search", "", p["product"], "# Element: the search bar"},
          {K::kClick, ".sorter-options a", "Price", "", "# Element: sort by 'Price'"},
          {K::kClick, "a.sorter-action", "", "",
           "# Note: the cheapest costs " + FormatMoney(r->first) +
               "\n# Element: the direction arrow to see the most expensive"},
          // Whole dollars without ".00": must_include "85" does not match the token "85.00".
          {K::kExit, "", "",
           "The price range is $" + WholeDollars(r->first) + " to $" + WholeDollars(r->second) +
               ".",
           "# Note: the most expensive costs " + FormatMoney(r->second)}};
    };
    out.push_back(std::move(f));
  }

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
  return out;
}

}  // namespace wa
