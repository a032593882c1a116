// The shopping site: a simulated Magento 2 storefront ("One Stop Market") with Magento's URL
// structure and the DOM hooks the published WebArena locators read.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "sim/assets.h"
#include "sim/sites/shopping_data.h"
#include "sim/sites/site_util.h"

namespace wa {
namespace {

constexpr int64_t kCustomer = 1;  // the signed-in customer (Emma Lopez)
constexpr int kPageSize = 12;

// The catalog, read once from the pristine database. Handlers never write products, so
// listings and search read this immutable copy instead of scanning SQLite per request.
struct CatalogProduct {
  int64_t id;
  std::string name, url_key;
  double price;  // final price
  int64_t reviews;
  double rating;
};

// Search index. Query words are lower-case alphanumeric runs, so a word occurs in a text exactly
// when it occurs inside one of the text's alphanumeric runs ("tokens"). A query finds the tokens
// containing each word through a trigram index over the distinct tokens, then unions their
// postings; no description is scanned per request.
class TokenIndex {
 public:
  void Add(std::string_view lower_text, uint32_t product) {
    size_t i = 0;
    while (i < lower_text.size()) {
      while (i < lower_text.size() && !std::isalnum(static_cast<unsigned char>(lower_text[i]))) ++i;
      size_t j = i;
      while (j < lower_text.size() && std::isalnum(static_cast<unsigned char>(lower_text[j]))) ++j;
      if (j > i) {
        auto [it, added] = ids_.emplace(std::string(lower_text.substr(i, j - i)),
                                        static_cast<uint32_t>(tokens_.size()));
        if (added) {
          tokens_.push_back(it->first);
          postings_.emplace_back();
          const std::string& t = it->first;
          for (size_t k = 0; k + 3 <= t.size(); ++k) {
            auto& list = trigrams_[Trigram(t, k)];
            if (list.empty() || list.back() != it->second) list.push_back(it->second);
          }
        }
        auto& list = postings_[it->second];
        if (list.empty() || list.back() != product) list.push_back(product);
      }
      i = j;
    }
  }

  // Marks every product whose text contains `word`.
  void Match(const std::string& word, std::vector<char>* hit) const {
    auto mark = [&](uint32_t t) {
      if (tokens_[t].find(word) == std::string::npos) return;
      for (uint32_t p : postings_[t]) (*hit)[p] = 1;
    };
    if (word.size() < 3) {
      for (uint32_t t = 0; t < tokens_.size(); ++t) mark(t);
      return;
    }
    // Candidates: the tokens sharing the word's rarest trigram.
    const std::vector<uint32_t>* best = nullptr;
    for (size_t k = 0; k + 3 <= word.size(); ++k) {
      auto it = trigrams_.find(Trigram(word, k));
      if (it == trigrams_.end()) return;
      if (best == nullptr || it->second.size() < best->size()) best = &it->second;
    }
    for (uint32_t t : *best) mark(t);
  }

 private:
  static uint32_t Trigram(const std::string& s, size_t k) {
    return static_cast<uint32_t>(static_cast<unsigned char>(s[k])) << 16 |
           static_cast<uint32_t>(static_cast<unsigned char>(s[k + 1])) << 8 |
           static_cast<unsigned char>(s[k + 2]);
  }

  std::vector<std::string> tokens_;              // distinct tokens
  std::vector<std::vector<uint32_t>> postings_;  // token -> product indices (ascending)
  std::unordered_map<std::string, uint32_t> ids_;
  std::unordered_map<uint32_t, std::vector<uint32_t>> trigrams_;  // trigram -> token ids
};

struct Catalog {
  std::vector<CatalogProduct> products;                            // by id
  std::unordered_map<int64_t, std::vector<uint32_t>> by_category;  // category -> product indices
  TokenIndex names, descriptions;
};

struct Shopping {
  TemplateSet templates;
  std::string menu_html;  // rendered once: categories never change
  Catalog catalog;
};

bool SignedIn(const SiteContext& ctx) { return !ctx.user.empty(); }

Result<std::string> Render(const Shopping& s, SiteContext& ctx, const Request& req,
                           const std::string& title, const std::string& body_template,
                           const TemplateData& data, Response* resp,
                           std::vector<std::pair<std::string, std::string>> crumbs = {}) {
  auto content = s.templates.Render(body_template, data);
  if (!content.ok()) return content.status();
  TemplateData layout;
  layout.set("title", title);
  layout.set("content", std::move(*content));
  layout.set("menu_html", s.menu_html);
  layout.set("query", req.Param("q"));
  if (SignedIn(ctx)) {
    auto name = ctx.db->QueryText("SELECT firstname || ' ' || lastname FROM customers WHERE id = ?",
                                  {kCustomer});
    if (!name.ok()) return name.status();
    layout.set("customer", *name);
    auto wish =
        ctx.db->QueryInt("SELECT COUNT(*) FROM wishlist_items WHERE customer_id = ?", {kCustomer});
    if (!wish.ok()) return wish.status();
    if (*wish > 0) layout.set("wish_count", std::to_string(*wish));
    auto compare =
        ctx.db->QueryInt("SELECT COUNT(*) FROM compare_items WHERE customer_id = ?", {kCustomer});
    if (!compare.ok()) return compare.status();
    if (*compare > 0) layout.set("compare_count", std::to_string(*compare));
  }
  auto cart = ctx.db->QueryInt("SELECT COALESCE(SUM(qty), 0) FROM cart_items WHERE customer_id = ?",
                               {kCustomer});
  if (!cart.ok()) return cart.status();
  layout.set("cart_count", std::to_string(*cart));
  if (auto it = req.cookies.find("flash"); it != req.cookies.end() && !it->second.empty()) {
    layout.set("message", it->second);
    resp->set_cookies.emplace_back("flash", "");
  }
  if (!crumbs.empty()) {
    TemplateList list;
    for (const auto& [name, url] : crumbs) {
      TemplateData c;
      c.set("name", name);
      c.set("url", url);
      list.push_back(std::move(c));
    }
    layout.set("crumbs", std::move(list));
    layout.set("has_crumbs", true);
  }
  return s.templates.Render("layout", layout);
}

// A cart or wish-list line from columns (id, name, url_key, price, qty).
TemplateData LineItem(const Row& row) {
  TemplateData d;
  d.set("id", std::to_string(row.Int(0)));
  d.set("name", row.Text(1));
  d.set("url_key", row.Text(2));
  d.set("price", FormatMoney(row.Real(3)));
  d.set("qty", std::to_string(row.Int(4)));
  return d;
}

Status Respond(Result<std::string> html, Response* r) {
  if (!html.ok()) return html.status();
  r->body = std::move(*html);
  return Status::Ok();
}

void Flash(Response* r, const std::string& message, const std::string& location) {
  r->set_cookies.emplace_back("flash", message);
  r->location = location;
}

// A URL with one parameter replaced (kept in place) or appended, `p` dropped when filtering.
std::string WithParam(const std::string& path, QueryParams params, const std::string& key,
                      const std::string& value, bool to_front = false) {
  bool found = false;
  for (auto& [k, v] : params) {
    if (k == key) {
      v = value;
      found = true;
    }
  }
  if (!found) {
    if (to_front) {
      params.insert(params.begin(), {key, value});
    } else {
      params.emplace_back(key, value);
    }
  }
  std::string q = EncodeQuery(params);
  return q.empty() ? path : path + "?" + q;
}

// The parameters with key set in place, or added at the front or the end.
QueryParams WithQuery(QueryParams params, const std::string& key, const std::string& value,
                      bool to_front) {
  for (auto& [k, v] : params) {
    if (k == key) {
      v = value;
      return params;
    }
  }
  if (to_front) {
    params.insert(params.begin(), {key, value});
  } else {
    params.emplace_back(key, value);
  }
  return params;
}

QueryParams Without(QueryParams params, std::initializer_list<const char*> keys) {
  QueryParams out;
  for (auto& kv : params) {
    bool drop = false;
    for (const char* k : keys) drop |= kv.first == k;
    if (!drop) out.push_back(std::move(kv));
  }
  return out;
}

struct Listed {
  const CatalogProduct* p;
  double relevance = 0;
};

// Renders a product listing (category or search) with sorting, price filter and paging.
Status ProductListing(const Shopping& s, const Request& req, SiteContext& ctx, Response* resp,
                      const std::string& heading, const std::string& path,
                      std::vector<Listed> items, bool search, TemplateList filters,
                      const std::vector<std::pair<std::string, std::string>>& crumbs) {
  QueryParams params = req.query;
  std::string order = GetParam(params, "product_list_order");
  std::string dir = GetParam(params, "product_list_dir");
  if (order.empty()) order = search ? "relevance" : "position";
  bool desc = dir.empty() ? order == "relevance" : dir == "desc";
  // Price filter "a-b" (b exclusive, either side may be empty).
  std::string price_filter = GetParam(params, "price");
  if (!price_filter.empty()) {
    size_t dash = price_filter.find('-');
    double lo = 0, hi = 1e18;
    if (dash != std::string::npos) {
      if (dash > 0) lo = std::atof(price_filter.substr(0, dash).c_str());
      if (dash + 1 < price_filter.size()) hi = std::atof(price_filter.substr(dash + 1).c_str());
    }
    items.erase(
        std::remove_if(items.begin(), items.end(),
                       [&](const Listed& l) { return l.p->price < lo || l.p->price >= hi; }),
        items.end());
  }
  // Price ranges for the layered navigation, from the unfiltered set.
  TemplateList prices;
  if (price_filter.empty() && !items.empty()) {
    double max = 0;
    for (const Listed& l : items) max = std::max(max, l.p->price);
    double step = 10.0 * std::ceil(max / 60.0);
    for (double lo = 0; lo <= max; lo += step) {
      int count = 0;
      for (const Listed& l : items) count += l.p->price >= lo && l.p->price < lo + step;
      if (count == 0) continue;
      TemplateData d;
      d.set("from", FormatMoney(lo));
      d.set("to", FormatMoney(lo + step - 0.01));
      d.set("count", std::to_string(count));
      char range[64];
      std::snprintf(range, sizeof range, "%g-%g", lo, lo + step);
      d.set("url", WithParam(path, Without(params, {"p"}), "price", range));
      prices.push_back(std::move(d));
    }
  }
  std::stable_sort(items.begin(), items.end(), [&](const Listed& a, const Listed& b) {
    if (order == "price") return desc ? a.p->price > b.p->price : a.p->price < b.p->price;
    if (order == "name") return desc ? a.p->name > b.p->name : a.p->name < b.p->name;
    if (order == "relevance") return desc ? a.relevance > b.relevance : a.relevance < b.relevance;
    return desc ? a.p->id > b.p->id : a.p->id < b.p->id;
  });
  int64_t total = static_cast<int64_t>(items.size());
  int64_t limit =
      std::clamp<int64_t>(ParseId(GetParam(params, "product_list_limit"), kPageSize), 1, 36);
  int64_t pages = std::max<int64_t>(1, (total + limit - 1) / limit);
  int64_t page = std::clamp<int64_t>(ParseId(GetParam(params, "p"), 1), 1, pages);
  TemplateList products;
  for (int64_t i = (page - 1) * limit; i < std::min(total, page * limit); ++i) {
    const Listed& l = items[static_cast<size_t>(i)];
    TemplateData d;
    d.set("id", std::to_string(l.p->id));
    d.set("name", l.p->name);
    d.set("url_key", l.p->url_key);
    d.set("price", FormatMoney(l.p->price));
    if (l.p->reviews > 0) {
      d.set("reviews", std::to_string(l.p->reviews));
      d.set("rating", std::to_string(static_cast<int>(std::lround(l.p->rating * 20))));
    }
    products.push_back(std::move(d));
  }
  TemplateData data;
  data.set("heading", heading);
  data.set("products", std::move(products));
  if (total > 0) {
    data.set("total", std::to_string(total));
    data.set("first", std::to_string((page - 1) * limit + 1));
    data.set("last", std::to_string(std::min(total, page * limit)));
  }
  // Sort links: as Magento's sorter, the order parameter goes first on search pages.
  TemplateList sorts;
  std::vector<std::pair<std::string, std::string>> sort_options = {
      {"position", "Position"}, {"name", "Product Name"}, {"price", "Price"}};
  if (search) sort_options[0] = {"relevance", "Relevance"};
  for (const auto& [key, name] : sort_options) {
    // As Magento's sorter: the order parameter first on search pages, then the key's default
    // direction spelled out.
    TemplateData d;
    d.set("name", name);
    d.set("active", key == order);
    d.set("url", WithParam(path,
                           WithQuery(Without(params, {"p", "product_list_dir"}),
                                     "product_list_order", key, search),
                           "product_list_dir", key == "relevance" ? "desc" : "asc"));
    sorts.push_back(std::move(d));
  }
  data.set("sorts", std::move(sorts));
  data.set("dir", desc ? "desc" : "asc");
  data.set("dir_title", desc ? "Set Ascending Direction" : "Set Descending Direction");
  data.set("dir_url",
           WithParam(path, Without(params, {"p"}), "product_list_dir", desc ? "asc" : "desc"));
  data.set("prices", prices);
  data.set("has_prices", !prices.empty());
  data.set("filters", filters);
  data.set("has_filters", !filters.empty());
  if (!price_filter.empty()) {
    data.set("active_filter", "Price: " + price_filter);
    std::string q = EncodeQuery(Without(params, {"price", "p"}));
    data.set("clear_url", q.empty() ? path : path + "?" + q);
  }
  TemplateList page_links;
  for (int64_t n = 1; n <= pages && pages > 1; ++n) {
    TemplateData d;
    d.set("n", std::to_string(n));
    d.set("current", n == page);
    d.set("url", WithParam(path, params, "p", std::to_string(n)));
    page_links.push_back(std::move(d));
  }
  data.set("pages", std::move(page_links));
  data.set("has_pages", pages > 1);
  if (page < pages) data.set("next_url", WithParam(path, params, "p", std::to_string(page + 1)));
  return Respond(Render(s, ctx, req, heading, "product_list", data, resp, crumbs), resp);
}

Status CategoryPage(const Shopping& s, const Request& req, SiteContext& ctx, Response* resp,
                    int64_t cat_id, const std::string& name, const std::string& url_path) {
  std::vector<Listed> items;
  auto it = s.catalog.by_category.find(cat_id);
  if (it != s.catalog.by_category.end()) {
    for (uint32_t i : it->second) items.push_back({&s.catalog.products[i], 0});
  }
  TemplateList filters;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT c.name, c.url_path, (SELECT COUNT(*) FROM product_categories pc WHERE "
      "pc.category_id = c.id) FROM categories c WHERE c.parent_id = ? ORDER BY c.position",
      {cat_id}, [&](const Row& r) {
        TemplateData d;
        d.set("name", r.Text(0));
        d.set("url", "/" + r.Text(1) + ".html");
        d.set("count", std::to_string(r.Int(2)));
        filters.push_back(std::move(d));
      }));
  std::vector<std::pair<std::string, std::string>> crumbs = {{"Home", "/"}};
  std::string prefix;
  size_t start = 0;
  while (true) {
    size_t slash = url_path.find('/', start);
    std::string part = url_path.substr(0, slash);
    if (part != url_path) {
      auto n = ctx.db->QueryText("SELECT name FROM categories WHERE url_path = ?", {part});
      if (!n.ok()) return n.status();
      crumbs.emplace_back(*n, "/" + part + ".html");
    }
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return ProductListing(s, req, ctx, resp, name, "/" + url_path + ".html", std::move(items), false,
                        filters, crumbs);
}

Status ProductPage(const Shopping& s, const Request& req, SiteContext& ctx, Response* resp,
                   int64_t id) {
  TemplateData d;
  std::string name, options;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT id, name, sku, brand, COALESCE(special_price, price), description, options, qty "
      "FROM products WHERE id = ?",
      {id}, [&](const Row& r) {
        name = r.Text(1);
        options = r.Text(6);
        d.set("id", std::to_string(r.Int(0)));
        d.set("name", name);
        d.set("sku", r.Text(2));
        d.set("brand", r.Text(3));
        d.set("price", FormatMoney(r.Real(4)));
        d.set("description", r.Text(5));
        d.set("stock", r.Int(7) > 0 ? "In stock" : "Out of stock");
      }));
  if (!options.empty()) {
    size_t colon = options.find(':');
    d.set("option_name", options.substr(0, colon));
    d.set("options", options.substr(colon + 2));
    TemplateList values;
    std::string rest = options.substr(colon + 2);
    size_t i = 0;
    while (i <= rest.size()) {
      size_t comma = rest.find(", ", i);
      if (comma == std::string::npos) comma = rest.size();
      values.push_back(TemplateData(rest.substr(i, comma - i)));
      i = comma + 2;
    }
    d.set("option_values", std::move(values));
  }
  TemplateList reviews;
  double sum = 0;
  int count = 0;
  WA_RETURN_IF_ERROR(ctx.db->Query(
      "SELECT nickname, summary, body, rating, created_at FROM reviews WHERE product_id = ? "
      "AND status = 'approved' ORDER BY id",
      {id}, [&](const Row& r) {
        TemplateData rv;
        rv.set("nickname", r.Text(0));
        rv.set("summary", r.Text(1));
        rv.set("body", r.Text(2));
        rv.set("rating", std::to_string(r.Int(3)));
        rv.set("percent", std::to_string(r.Int(3) * 20));
        rv.set("date", FormatDate(r.Int(4)));
        reviews.push_back(std::move(rv));
        sum += static_cast<double>(r.Int(3));
        ++count;
      }));
  d.set("reviews", std::move(reviews));
  if (count > 0) {
    d.set("review_count", std::to_string(count));
    d.set("rating", std::to_string(static_cast<int>(std::lround(sum / count * 20))));
  }
  return Respond(Render(s, ctx, req, name, "product", d, resp, {{"Home", "/"}}), resp);
}

std::string AddressText(Db* db, int64_t address_id) {
  auto t = db->QueryText(
      "SELECT firstname || ' ' || lastname || char(10) || street || char(10) || city || ', ' || "
      "region || ', ' || postcode || char(10) || country || char(10) || 'T: ' || telephone "
      "FROM addresses WHERE id = ?",
      {address_id});
  return t.ok() ? *t : std::string();
}

Status RequireLogin(const SiteContext& ctx, Response* resp) {
  if (!SignedIn(ctx)) resp->location = "/customer/account/login/";
  return Status::Ok();
}

void AddRoutes(const std::shared_ptr<const Shopping>& s, SiteModel* m) {
  m->AddRoute("GET", "/", [s](const Request& req, SiteContext& ctx, Response* r) {
    // Featured products: a fixed pick from the immutable catalog (ids ascending).
    TemplateList products;
    for (const CatalogProduct& p : s->catalog.products) {
      if (products.size() == 12) break;
      bool featured = p.id == 1 || p.id == 2 || p.id == 5 || p.id == 6 || p.id == 11 ||
                      p.id == 13 || p.id % 173 == 0;
      if (!featured) continue;
      TemplateData d;
      d.set("id", std::to_string(p.id));
      d.set("name", p.name);
      d.set("url_key", p.url_key);
      d.set("price", FormatMoney(p.price));
      products.push_back(std::move(d));
    }
    TemplateData data;
    data.set("products", std::move(products));
    return Respond(Render(*s, ctx, req, "One Stop Market", "home", data, r), r);
  });

  // Category and product pages share Magento's ".html" URL space.
  auto catalog = [s](const Request& req, SiteContext& ctx, Response* r) -> Status {
    std::string path;
    for (size_t i = 0; i < req.captures.size(); ++i) path += (i ? "/" : "") + req.captures[i];
    int64_t cat_id = -1;
    std::string cat_name;
    WA_RETURN_IF_ERROR(ctx.db->Query("SELECT id, name FROM categories WHERE url_path = ?", {path},
                                     [&](const Row& row) {
                                       cat_id = row.Int(0);
                                       cat_name = row.Text(1);
                                     }));
    if (cat_id >= 0) return CategoryPage(*s, req, ctx, r, cat_id, cat_name, path);
    if (req.captures.size() == 1) {
      auto id = ctx.db->QueryInt("SELECT id FROM products WHERE url_key = ?", {path}, -1);
      if (!id.ok()) return id.status();
      if (*id >= 0) return ProductPage(*s, req, ctx, r, *id);
    }
    return NotFound("We can't find the page you're looking for.");
  };
  m->AddRoute("GET", "/{key}.html", catalog);
  m->AddRoute("GET", "/{a}/{key}.html", catalog);
  m->AddRoute("GET", "/{a}/{b}/{key}.html", catalog);

  auto search = [s](const Request& req, SiteContext& ctx, Response* r) -> Status {
    std::string q = req.Param("q");
    // Any query word in the name (2 points) or only in the description (1 point), as
    // SearchCatalog, which the task references use.
    std::vector<std::string> words = SearchWords(q);
    const Catalog& c = s->catalog;
    std::vector<double> score(c.products.size(), 0.0);
    std::vector<char> in_name(c.products.size()), in_description(c.products.size());
    for (const std::string& w : words) {
      std::fill(in_name.begin(), in_name.end(), 0);
      std::fill(in_description.begin(), in_description.end(), 0);
      c.names.Match(w, &in_name);
      c.descriptions.Match(w, &in_description);
      for (size_t i = 0; i < score.size(); ++i) {
        score[i] += in_name[i] ? 2.0 : in_description[i] ? 1.0 : 0.0;
      }
    }
    std::vector<Listed> items;
    for (size_t i = 0; i < score.size(); ++i) {
      if (score[i] > 0) items.push_back({&c.products[i], score[i]});
    }
    return ProductListing(*s, req, ctx, r, "Search results for: '" + q + "'",
                          "/catalogsearch/result/index/", std::move(items), true, TemplateList(),
                          {{"Home", "/"}});
  };
  m->AddRoute("GET", "/catalogsearch/result", search);
  m->AddRoute("GET", "/catalogsearch/result/index", search);

  // Cart.
  m->AddRoute("POST", "/checkout/cart/add", [](const Request& req, SiteContext& ctx, Response* r) {
    int64_t product = ParseId(req.Param("product"));
    int64_t qty = std::clamp<int64_t>(ParseId(req.Param("qty"), 1), 1, 10000);
    auto exists = ctx.db->QueryInt("SELECT COUNT(*) FROM products WHERE id = ?", {product});
    if (!exists.ok()) return exists.status();
    if (*exists == 0) return NotFound("The product does not exist.");
    std::string option = req.Param("option");
    auto existing = ctx.db->QueryInt(
        "SELECT id FROM cart_items WHERE customer_id = ? AND product_id = ? AND options = ?",
        {kCustomer, product, option}, -1);
    if (!existing.ok()) return existing.status();
    if (*existing >= 0) {
      WA_RETURN_IF_ERROR(
          ctx.db->Run("UPDATE cart_items SET qty = qty + ? WHERE id = ?", {qty, *existing}));
    } else {
      WA_RETURN_IF_ERROR(ctx.db->Run(
          "INSERT INTO cart_items (customer_id, product_id, qty, options) VALUES (?, ?, ?, ?)",
          {kCustomer, product, qty, option}));
    }
    auto name = ctx.db->QueryText("SELECT name FROM products WHERE id = ?", {product});
    Flash(r, "You added " + (name.ok() ? *name : std::string()) + " to your shopping cart.",
          "/checkout/cart/");
    return Status::Ok();
  });
  auto cart = [s](const Request& req, SiteContext& ctx, Response* r) -> Status {
    TemplateList items;
    double subtotal = 0;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT c.id, p.name, p.url_key, COALESCE(p.special_price, p.price), c.qty, c.options "
        "FROM cart_items c JOIN products p ON p.id = c.product_id WHERE c.customer_id = ? "
        "ORDER BY c.id",
        {kCustomer}, [&](const Row& row) {
          TemplateData d = LineItem(row);
          d.set("subtotal", FormatMoney(row.Real(3) * static_cast<double>(row.Int(4))));
          if (!row.Text(5).empty()) d.set("options", row.Text(5));
          subtotal += row.Real(3) * static_cast<double>(row.Int(4));
          items.push_back(std::move(d));
        }));
    TemplateData data;
    data.set("items", items);
    data.set("has_items", !items.empty());
    data.set("subtotal", FormatMoney(subtotal));
    return Respond(Render(*s, ctx, req, "Shopping Cart", "cart", data, r), r);
  };
  m->AddRoute("GET", "/checkout/cart", cart);
  m->AddRoute("GET", "/checkout/cart/index", cart);
  m->AddRoute(
      "POST", "/checkout/cart/updatePost", [](const Request& req, SiteContext& ctx, Response* r) {
        std::string remove = req.Param("remove");
        if (!remove.empty()) {
          WA_RETURN_IF_ERROR(ctx.db->Run("DELETE FROM cart_items WHERE id = ? AND customer_id = ?",
                                         {ParseId(remove), kCustomer}));
        }
        for (const auto& [k, v] : req.form) {
          // cart[<id>][qty]
          if (k.rfind("cart[", 0) != 0) continue;
          int64_t id = ParseId(k.substr(5, k.find(']') - 5));
          int64_t qty = ParseId(v, -1);
          if (qty == 0) {
            WA_RETURN_IF_ERROR(ctx.db->Run("DELETE FROM cart_items WHERE id = ?", {id}));
          } else if (qty > 0) {
            WA_RETURN_IF_ERROR(
                ctx.db->Run("UPDATE cart_items SET qty = ? WHERE id = ? AND "
                            "customer_id = ?",
                            {std::min<int64_t>(qty, 10000), id, kCustomer}));
          }
        }
        r->location = "/checkout/cart/";
        return Status::Ok();
      });
  m->AddRoute("GET", "/checkout", [s](const Request& req, SiteContext& ctx, Response* r) {
    auto sub = ctx.db->QueryReal(
        "SELECT COALESCE(SUM(COALESCE(p.special_price, p.price) * c.qty), 0) FROM cart_items c "
        "JOIN products p ON p.id = c.product_id WHERE c.customer_id = ?",
        {kCustomer});
    auto n = ctx.db->QueryInt("SELECT COALESCE(SUM(qty), 0) FROM cart_items WHERE customer_id = ?",
                              {kCustomer});
    if (!sub.ok() || !n.ok()) return Internal("cart totals failed");
    if (*n == 0) {
      r->location = "/checkout/cart/";
      return Status::Ok();
    }
    TemplateData data;
    auto addr = ctx.db->QueryInt(
        "SELECT id FROM addresses WHERE customer_id = ? AND "
        "default_shipping = 1",
        {kCustomer}, -1);
    data.set("address", AddressText(ctx.db, addr.ok() ? *addr : -1));
    data.set("subtotal", FormatMoney(*sub));
    data.set("shipping", FormatMoney(5.0 * static_cast<double>(*n)));
    data.set("total", FormatMoney(*sub + 5.0 * static_cast<double>(*n)));
    return Respond(Render(*s, ctx, req, "Checkout", "checkout", data, r), r);
  });
  m->AddRoute("POST", "/checkout/placeOrder", [](const Request&, SiteContext& ctx, Response* r) {
    auto n = ctx.db->QueryInt("SELECT COALESCE(SUM(qty), 0) FROM cart_items WHERE customer_id = ?",
                              {kCustomer});
    if (!n.ok()) return n.status();
    if (*n == 0) {
      r->location = "/checkout/cart/";
      return Status::Ok();
    }
    auto next = ctx.db->QueryInt("SELECT COALESCE(MAX(id), 0) + 1 FROM orders", {});
    if (!next.ok()) return next.status();
    std::string inc = std::to_string(*next);
    inc = std::string(inc.size() < 9 ? 9 - inc.size() : 0, '0') + inc;
    auto addr_id = ctx.db->QueryInt(
        "SELECT id FROM addresses WHERE customer_id = ? AND default_shipping = 1", {kCustomer}, -1);
    std::string addr = AddressText(ctx.db, addr_id.ok() ? *addr_id : -1);
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "INSERT INTO orders (id, increment_id, customer_id, status, created_at, subtotal, "
        "shipping, discount, grand_total, shipping_address, billing_address, shipping_method, "
        "payment_method) VALUES (?, ?, ?, 'pending', ?, 0, ?, 0, 0, ?, ?, 'Flat Rate - Fixed', "
        "'Check / Money order')",
        {*next, inc, kCustomer, ctx.Now(), 5.0 * static_cast<double>(*n), addr, addr}));
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "INSERT INTO order_items (order_id, product_id, name, sku, price, qty, options) "
        "SELECT ?, p.id, p.name, p.sku, COALESCE(p.special_price, p.price), c.qty, c.options "
        "FROM cart_items c JOIN products p ON p.id = c.product_id WHERE c.customer_id = ? "
        "ORDER BY c.id",
        {*next, kCustomer}));
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "UPDATE orders SET subtotal = (SELECT ROUND(SUM(price * qty), 2) FROM order_items WHERE "
        "order_id = orders.id), grand_total = ROUND((SELECT SUM(price * qty) FROM order_items "
        "WHERE order_id = orders.id) + shipping, 2) WHERE id = ?",
        {*next}));
    WA_RETURN_IF_ERROR(ctx.db->Run("DELETE FROM cart_items WHERE customer_id = ?", {kCustomer}));
    Flash(r, "Thank you for your purchase! Your order number is: " + inc + ".",
          "/sales/order/view/order_id/" + std::to_string(*next) + "/");
    return Status::Ok();
  });

  // Wish list.
  m->AddRoute("POST", "/wishlist/index/add", [](const Request& req, SiteContext& ctx, Response* r) {
    if (!SignedIn(ctx)) return RequireLogin(ctx, r);
    int64_t product = ParseId(req.Param("product"));
    auto name = ctx.db->QueryText("SELECT name FROM products WHERE id = ?", {product}, "");
    if (!name.ok()) return name.status();
    if (name->empty()) return NotFound("The product does not exist.");
    auto existing =
        ctx.db->QueryInt("SELECT id FROM wishlist_items WHERE customer_id = ? AND product_id = ?",
                         {kCustomer, product}, -1);
    if (!existing.ok()) return existing.status();
    if (*existing < 0) {
      WA_RETURN_IF_ERROR(ctx.db->Run(
          "INSERT INTO wishlist_items (customer_id, product_id, qty, added_at) VALUES (?, ?, 1, ?)",
          {kCustomer, product, ctx.Now()}));
    }
    Flash(r, *name + " has been added to your Wish List.", "/wishlist/");
    return Status::Ok();
  });
  auto wishlist = [s](const Request& req, SiteContext& ctx, Response* r) -> Status {
    if (!SignedIn(ctx)) return RequireLogin(ctx, r);
    TemplateList items;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT w.id, p.name, p.url_key, COALESCE(p.special_price, p.price), w.qty FROM "
        "wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.customer_id = ? "
        "ORDER BY w.id",
        {kCustomer}, [&](const Row& row) {
          TemplateData d = LineItem(row);
          items.push_back(std::move(d));
        }));
    TemplateData data;
    data.set("items", items);
    data.set("has_items", !items.empty());
    return Respond(Render(*s, ctx, req, "My Wish List", "wishlist", data, r), r);
  };
  m->AddRoute("GET", "/wishlist", wishlist);
  m->AddRoute("GET", "/wishlist/index/index", wishlist);
  m->AddRoute("POST", "/wishlist/index/update",
              [](const Request& req, SiteContext& ctx, Response* r) {
                std::string remove = req.Param("remove");
                if (!remove.empty()) {
                  WA_RETURN_IF_ERROR(
                      ctx.db->Run("DELETE FROM wishlist_items WHERE id = ? AND customer_id = ?",
                                  {ParseId(remove), kCustomer}));
                }
                for (const auto& [k, v] : req.form) {
                  if (k.rfind("qty[", 0) != 0) continue;
                  int64_t id = ParseId(k.substr(4, k.find(']') - 4));
                  int64_t qty = ParseId(v, -1);
                  if (qty > 0) {
                    WA_RETURN_IF_ERROR(
                        ctx.db->Run("UPDATE wishlist_items SET qty = ? WHERE id = ? AND "
                                    "customer_id = ?",
                                    {std::min<int64_t>(qty, 10000), id, kCustomer}));
                  }
                }
                r->location = "/wishlist/";
                return Status::Ok();
              });

  // Account pages.
  auto account_page = [s](const Request& req, SiteContext& ctx, Response* r,
                          const std::string& title, const std::string& body) -> Status {
    TemplateData data;
    data.set("body", body);
    return Respond(Render(*s, ctx, req, title, "account", data, r), r);
  };
  auto orders_table = [s](SiteContext& ctx, int64_t page, int64_t limit,
                          bool pager) -> Result<std::string> {
    auto total = ctx.db->QueryInt("SELECT COUNT(*) FROM orders WHERE customer_id = ?", {kCustomer});
    if (!total.ok()) return total.status();
    int64_t pages = std::max<int64_t>(1, (*total + limit - 1) / limit);
    page = std::clamp<int64_t>(page, 1, pages);
    TemplateList orders;
    Status st = ctx.db->Query(
        "SELECT id, increment_id, created_at, grand_total, status FROM orders WHERE customer_id "
        "= ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
        {kCustomer, limit, (page - 1) * limit}, [&](const Row& row) {
          TemplateData d;
          d.set("id", std::to_string(row.Int(0)));
          d.set("increment_id", row.Text(1));
          std::time_t t = static_cast<std::time_t>(row.Int(2));
          std::tm tm{};
          gmtime_r(&t, &tm);
          d.set("date", std::to_string(tm.tm_mon + 1) + "/" + std::to_string(tm.tm_mday) + "/" +
                            std::to_string((tm.tm_year + 1900) % 100));
          d.set("total", FormatMoney(row.Real(3)));
          std::string status = row.Text(4);
          status[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(status[0])));
          d.set("status", status);
          orders.push_back(std::move(d));
        });
    if (!st.ok()) return st;
    TemplateData data;
    data.set("orders", orders);
    TemplateList links;
    for (int64_t n = 1; n <= pages && pager; ++n) {
      TemplateData d;
      d.set("n", std::to_string(n));
      d.set("current", n == page);
      links.push_back(std::move(d));
    }
    data.set("pages", std::move(links));
    data.set("has_pages", pager && pages > 1);
    return s->templates.Render("orders", data);
  };
  m->AddRoute(
      "GET", "/customer/account",
      [s, account_page, orders_table](const Request& req, SiteContext& ctx, Response* r) {
        if (!SignedIn(ctx)) return RequireLogin(ctx, r);
        TemplateData data;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT firstname || ' ' || lastname, email, newsletter FROM customers WHERE id = ?",
            {kCustomer}, [&](const Row& row) {
              data.set("name", row.Text(0));
              data.set("email", row.Text(1));
              data.set("subscribed", row.Int(2) != 0);
            }));
        auto orders = orders_table(ctx, 1, 5, false);
        if (!orders.ok()) return orders.status();
        data.set("orders", *orders);
        auto body = s->templates.Render("dashboard", data);
        if (!body.ok()) return body.status();
        return account_page(req, ctx, r, "My Account", *body);
      });
  m->AddRoute("GET", "/sales/order/history",
              [account_page, orders_table](const Request& req, SiteContext& ctx, Response* r) {
                if (!SignedIn(ctx)) return RequireLogin(ctx, r);
                auto body =
                    orders_table(ctx, ParseId(req.Param("p"), 1),
                                 std::clamp<int64_t>(ParseId(req.Param("limit"), 10), 1, 50), true);
                if (!body.ok()) return body.status();
                return account_page(req, ctx, r, "My Orders",
                                    "<h1 class=\"page-title\"><span class=\"base\">"
                                    "My Orders</span></h1>" +
                                        *body);
              });
  m->AddRoute(
      "GET", "/sales/order/view/order_id/{id}",
      [s, account_page](const Request& req, SiteContext& ctx, Response* r) {
        if (!SignedIn(ctx)) return RequireLogin(ctx, r);
        int64_t id = ParseId(req.Capture(0));
        TemplateData data;
        bool found = false;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT id, increment_id, status, created_at, subtotal, shipping, discount, "
            "grand_total, "
            "shipping_address, shipping_method, payment_method FROM orders WHERE id = ? AND "
            "customer_id = ?",
            {id, kCustomer}, [&](const Row& row) {
              found = true;
              data.set("id", std::to_string(row.Int(0)));
              data.set("increment_id", row.Text(1));
              std::string status = row.Text(2);
              status[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(status[0])));
              data.set("status", status);
              data.set("date", FormatDate(row.Int(3)));
              data.set("subtotal", FormatMoney(row.Real(4)));
              data.set("shipping", FormatMoney(row.Real(5)));
              if (row.Real(6) != 0) data.set("discount", FormatMoney(row.Real(6)));
              data.set("total", FormatMoney(row.Real(7)));
              data.set("address", row.Text(8));
              data.set("shipping_method", row.Text(9));
              data.set("payment_method", row.Text(10));
            }));
        if (!found) return NotFound("This order does not exist.");
        TemplateList items;
        WA_RETURN_IF_ERROR(ctx.db->Query(
            "SELECT name, sku, price, qty, options FROM order_items WHERE order_id = ? ORDER BY id",
            {id}, [&](const Row& row) {
              TemplateData d;
              d.set("name", row.Text(0));
              d.set("sku", row.Text(1));
              d.set("price", FormatMoney(row.Real(2)));
              d.set("qty", std::to_string(row.Int(3)));
              d.set("subtotal", FormatMoney(row.Real(2) * static_cast<double>(row.Int(3))));
              if (!row.Text(4).empty()) d.set("options", row.Text(4));
              items.push_back(std::move(d));
            }));
        data.set("items", std::move(items));
        auto body = s->templates.Render("order", data);
        if (!body.ok()) return body.status();
        return account_page(req, ctx, r, "Order # " + req.Capture(0), *body);
      });
  m->AddRoute(
      "POST", "/sales/order/reorder/order_id/{id}",
      [](const Request& req, SiteContext& ctx, Response* r) {
        int64_t id = ParseId(req.Capture(0));
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO cart_items (customer_id, product_id, qty, options) SELECT ?, product_id, "
            "qty, options FROM order_items WHERE order_id = ? AND order_id IN (SELECT id FROM "
            "orders "
            "WHERE customer_id = ?) ORDER BY id",
            {kCustomer, id, kCustomer}));
        r->location = "/checkout/cart/";
        return Status::Ok();
      });

  // Address book.
  auto addresses = [s, account_page](const Request& req, SiteContext& ctx, Response* r) -> Status {
    if (!SignedIn(ctx)) return RequireLogin(ctx, r);
    auto billing = ctx.db->QueryInt(
        "SELECT id FROM addresses WHERE customer_id = ? AND default_billing = 1", {kCustomer}, -1);
    auto shipping = ctx.db->QueryInt(
        "SELECT id FROM addresses WHERE customer_id = ? AND default_shipping = 1", {kCustomer}, -1);
    if (!billing.ok() || !shipping.ok()) return Internal("address lookup failed");
    TemplateData data;
    data.set("billing", AddressText(ctx.db, *billing));
    data.set("shipping", AddressText(ctx.db, *shipping));
    data.set("billing_id", std::to_string(*billing));
    data.set("shipping_id", std::to_string(*shipping));
    auto body = s->templates.Render("addresses", data);
    if (!body.ok()) return body.status();
    return account_page(
        req, ctx, r, "Address Book",
        "<h1 class=\"page-title\"><span class=\"base\">Address Book</span></h1>" + *body);
  };
  m->AddRoute("GET", "/customer/address", addresses);
  m->AddRoute("GET", "/customer/address/index", addresses);
  auto address_form = [s, account_page](const Request& req, SiteContext& ctx, Response* r,
                                        int64_t id) -> Status {
    if (!SignedIn(ctx)) return RequireLogin(ctx, r);
    TemplateData data;
    data.set("id", std::to_string(id));
    std::string region;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT firstname, lastname, street, city, region, postcode, telephone FROM addresses "
        "WHERE id = ? AND customer_id = ?",
        {id, kCustomer}, [&](const Row& row) {
          data.set("firstname", row.Text(0));
          data.set("lastname", row.Text(1));
          data.set("street", row.Text(2));
          data.set("city", row.Text(3));
          region = row.Text(4);
          data.set("postcode", row.Text(5));
          data.set("telephone", row.Text(6));
        }));
    static const char* kRegions[] = {"Alabama",  "California",    "Florida",  "Georgia",
                                     "Illinois", "Massachusetts", "New York", "Pennsylvania",
                                     "Texas",    "Washington"};
    TemplateList regions;
    for (const char* name : kRegions) {
      TemplateData d;
      d.set("name", name);
      d.set("selected", region == name);
      regions.push_back(std::move(d));
    }
    data.set("regions", std::move(regions));
    auto body = s->templates.Render("address_edit", data);
    if (!body.ok()) return body.status();
    return account_page(
        req, ctx, r, "Edit Address",
        "<h1 class=\"page-title\"><span class=\"base\">Edit Address</span></h1>" + *body);
  };
  m->AddRoute("GET", "/customer/address/edit/id/{id}",
              [address_form](const Request& req, SiteContext& ctx, Response* r) {
                return address_form(req, ctx, r, ParseId(req.Capture(0)));
              });
  m->AddRoute("GET", "/customer/address/new",
              [address_form](const Request& req, SiteContext& ctx, Response* r) {
                return address_form(req, ctx, r, 0);
              });
  m->AddRoute(
      "POST", "/customer/address/formPost/id/{id}",
      [](const Request& req, SiteContext& ctx, Response* r) {
        if (!SignedIn(ctx)) return RequireLogin(ctx, r);
        int64_t id = ParseId(req.Capture(0), 0);
        bool billing = req.Param("default_billing") == "1";
        bool shipping = req.Param("default_shipping") == "1";
        if (billing) {
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "UPDATE addresses SET default_billing = 0 WHERE customer_id = ?", {kCustomer}));
        }
        if (shipping) {
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "UPDATE addresses SET default_shipping = 0 WHERE customer_id = ?", {kCustomer}));
        }
        auto exists = ctx.db->QueryInt(
            "SELECT COUNT(*) FROM addresses WHERE id = ? AND customer_id = ?", {id, kCustomer});
        if (!exists.ok()) return exists.status();
        if (*exists > 0) {
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "UPDATE addresses SET firstname = ?, lastname = ?, street = ?, city = ?, region = ?, "
              "postcode = ?, telephone = ?, default_billing = MAX(default_billing, ?), "
              "default_shipping = MAX(default_shipping, ?) WHERE id = ?",
              {req.Param("firstname"), req.Param("lastname"), req.Param("street"),
               req.Param("city"), req.Param("region"), req.Param("postcode"),
               req.Param("telephone"), billing ? 1 : 0, shipping ? 1 : 0, id}));
        } else {
          WA_RETURN_IF_ERROR(ctx.db->Run(
              "INSERT INTO addresses (customer_id, firstname, lastname, street, city, region, "
              "postcode, country, telephone, default_billing, default_shipping) VALUES (?, ?, ?, "
              "?, "
              "?, ?, ?, 'United States', ?, ?, ?)",
              {kCustomer, req.Param("firstname"), req.Param("lastname"), req.Param("street"),
               req.Param("city"), req.Param("region"), req.Param("postcode"),
               req.Param("telephone"), billing ? 1 : 0, shipping ? 1 : 0}));
        }
        Flash(r, "You saved the address.", "/customer/address/");
        return Status::Ok();
      });

  // Newsletter.
  m->AddRoute(
      "GET", "/newsletter/manage",
      [s, account_page](const Request& req, SiteContext& ctx, Response* r) {
        if (!SignedIn(ctx)) return RequireLogin(ctx, r);
        auto sub = ctx.db->QueryInt("SELECT newsletter FROM customers WHERE id = ?", {kCustomer});
        if (!sub.ok()) return sub.status();
        TemplateData data;
        data.set("subscribed", *sub != 0);
        auto body = s->templates.Render("newsletter", data);
        if (!body.ok()) return body.status();
        return account_page(req, ctx, r, "Newsletter Subscription",
                            "<h1 class=\"page-title\"><span class=\"base\">Newsletter Subscription"
                            "</span></h1>" +
                                *body);
      });
  m->AddRoute(
      "POST", "/newsletter/manage/save", [](const Request& req, SiteContext& ctx, Response* r) {
        if (!SignedIn(ctx)) return RequireLogin(ctx, r);
        bool on = req.Param("is_subscribed") == "1";
        WA_RETURN_IF_ERROR(ctx.db->Run("UPDATE customers SET newsletter = ? WHERE id = ?",
                                       {on ? 1 : 0, kCustomer}));
        Flash(r, on ? "We have saved your subscription." : "We have updated your subscription.",
              "/customer/account/");
        return Status::Ok();
      });

  // Contact form.
  auto contact = [s](const Request& req, SiteContext& ctx, Response* r) -> Status {
    TemplateData data;
    if (SignedIn(ctx)) {
      WA_RETURN_IF_ERROR(
          ctx.db->Query("SELECT firstname || ' ' || lastname, email FROM customers WHERE id = ?",
                        {kCustomer}, [&](const Row& row) {
                          data.set("name", row.Text(0));
                          data.set("email", row.Text(1));
                        }));
    }
    return Respond(Render(*s, ctx, req, "Contact Us", "contact", data, r), r);
  };
  m->AddRoute("GET", "/contact", contact);
  m->AddRoute("GET", "/contact/index", contact);
  m->AddRoute("POST", "/contact/index/post", [](const Request& req, SiteContext& ctx, Response* r) {
    WA_RETURN_IF_ERROR(ctx.db->Run(
        "INSERT INTO contact_messages (name, email, telephone, comment, created_at) VALUES "
        "(?, ?, ?, ?, ?)",
        {req.Param("name"), req.Param("email"), req.Param("telephone"), req.Param("comment"),
         ctx.Now()}));
    Flash(r,
          "Thanks for contacting us with your comments and questions. We'll respond to you very "
          "soon.",
          "/contact/index/");
    return Status::Ok();
  });

  // Compare list.
  m->AddRoute("POST", "/catalog/product_compare/add",
              [](const Request& req, SiteContext& ctx, Response* r) {
                if (!SignedIn(ctx)) return RequireLogin(ctx, r);
                int64_t product = ParseId(req.Param("product"));
                auto name =
                    ctx.db->QueryText("SELECT name FROM products WHERE id = ?", {product}, "");
                if (!name.ok()) return name.status();
                if (name->empty()) return NotFound("The product does not exist.");
                WA_RETURN_IF_ERROR(ctx.db->Run(
                    "INSERT INTO compare_items (customer_id, product_id, added_at) SELECT ?, ?, ? "
                    "WHERE NOT EXISTS (SELECT 1 FROM compare_items WHERE customer_id = ? AND "
                    "product_id = ?)",
                    {kCustomer, product, ctx.Now(), kCustomer, product}));
                Flash(r, "You added product " + *name + " to the comparison list.",
                      "/catalog/product_compare/");
                return Status::Ok();
              });
  auto compare = [s](const Request& req, SiteContext& ctx, Response* r) -> Status {
    if (!SignedIn(ctx)) return RequireLogin(ctx, r);
    TemplateList items;
    WA_RETURN_IF_ERROR(ctx.db->Query(
        "SELECT p.id, p.name, p.url_key, COALESCE(p.special_price, p.price), p.sku, p.brand, "
        "p.review_count, p.rating FROM compare_items c JOIN products p ON p.id = c.product_id "
        "WHERE c.customer_id = ? ORDER BY c.id",
        {kCustomer}, [&](const Row& row) {
          TemplateData d;
          d.set("product_id", std::to_string(row.Int(0)));
          d.set("name", row.Text(1));
          d.set("url_key", row.Text(2));
          d.set("price", FormatMoney(row.Real(3)));
          d.set("sku", row.Text(4));
          d.set("brand", row.Text(5));
          d.set("rating", row.Int(6) > 0 ? std::to_string(std::lround(row.Real(7) * 20)) + "%"
                                         : std::string("No reviews"));
          items.push_back(std::move(d));
        }));
    TemplateData data;
    data.set("has_items", !items.empty());
    data.set("items", std::move(items));
    return Respond(
        Render(*s, ctx, req, "Products Comparison List", "compare", data, r, {{"Home", "/"}}), r);
  };
  m->AddRoute("GET", "/catalog/product_compare", compare);
  m->AddRoute("GET", "/catalog/product_compare/index", compare);
  m->AddRoute("POST", "/catalog/product_compare/remove",
              [](const Request& req, SiteContext& ctx, Response* r) {
                if (!SignedIn(ctx)) return RequireLogin(ctx, r);
                WA_RETURN_IF_ERROR(ctx.db->Run(
                    "DELETE FROM compare_items WHERE customer_id = ? AND product_id = ?",
                    {kCustomer, ParseId(req.Param("product"))}));
                r->location = "/catalog/product_compare/";
                return Status::Ok();
              });
  m->AddRoute("POST", "/catalog/product_compare/clear",
              [](const Request&, SiteContext& ctx, Response* r) {
                if (!SignedIn(ctx)) return RequireLogin(ctx, r);
                WA_RETURN_IF_ERROR(
                    ctx.db->Run("DELETE FROM compare_items WHERE customer_id = ?", {kCustomer}));
                Flash(r, "You cleared the comparison list.", "/catalog/product_compare/");
                return Status::Ok();
              });

  // Reviews: a submitted review waits for moderation (status "pending"), as in Magento, so it
  // is listed under My Product Reviews but not yet on the product page.
  m->AddRoute(
      "POST", "/review/product/post/id/{id}",
      [](const Request& req, SiteContext& ctx, Response* r) {
        int64_t product = ParseId(req.Capture(0));
        auto key = ctx.db->QueryText("SELECT url_key FROM products WHERE id = ?", {product}, "");
        if (!key.ok()) return key.status();
        if (key->empty()) return NotFound("The product does not exist.");
        const std::string back = "/" + *key + ".html";
        std::string nickname = req.Param("nickname"), title = req.Param("title"),
                    detail = req.Param("detail");
        int64_t rating = ParseId(req.Param("rating"), 0);
        if (nickname.empty() || title.empty() || detail.empty() || rating < 1 || rating > 5) {
          Flash(r, "Please enter a rating, a nickname, a summary and a review.", back);
          return Status::Ok();
        }
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "INSERT INTO reviews (product_id, nickname, summary, body, rating, created_at, "
            "customer_id, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')",
            {product, nickname.substr(0, 255), title.substr(0, 255), detail.substr(0, 10000),
             rating, ctx.Now(), SignedIn(ctx) ? SqlParam(kCustomer) : SqlParam(nullptr)}));
        Flash(r, "You submitted your review for moderation.", back);
        return Status::Ok();
      });
  m->AddRoute("GET", "/review/customer",
              [s, account_page](const Request& req, SiteContext& ctx, Response* r) {
                if (!SignedIn(ctx)) return RequireLogin(ctx, r);
                TemplateList reviews;
                WA_RETURN_IF_ERROR(ctx.db->Query(
                    "SELECT r.created_at, p.name, p.url_key, r.rating, r.summary, r.body, "
                    "r.status FROM reviews r JOIN products p ON p.id = r.product_id WHERE "
                    "r.customer_id = ? ORDER BY r.id DESC",
                    {kCustomer}, [&](const Row& row) {
                      TemplateData d;
                      d.set("date", FormatDate(row.Int(0)));
                      d.set("name", row.Text(1));
                      d.set("url_key", row.Text(2));
                      d.set("rating", std::to_string(row.Int(3)));
                      d.set("summary", row.Text(4));
                      d.set("body", row.Text(5));
                      std::string status = row.Text(6);
                      status[0] =
                          static_cast<char>(std::toupper(static_cast<unsigned char>(status[0])));
                      d.set("status", status);
                      reviews.push_back(std::move(d));
                    }));
                TemplateData data;
                data.set("has_reviews", !reviews.empty());
                data.set("reviews", std::move(reviews));
                auto body = s->templates.Render("my_reviews", data);
                if (!body.ok()) return body.status();
                return account_page(req, ctx, r, "My Product Reviews", *body);
              });

  // Account information.
  m->AddRoute("GET", "/customer/account/edit",
              [s, account_page](const Request& req, SiteContext& ctx, Response* r) {
                if (!SignedIn(ctx)) return RequireLogin(ctx, r);
                TemplateData data;
                WA_RETURN_IF_ERROR(
                    ctx.db->Query("SELECT firstname, lastname, email FROM customers WHERE id = ?",
                                  {kCustomer}, [&](const Row& row) {
                                    data.set("firstname", row.Text(0));
                                    data.set("lastname", row.Text(1));
                                    data.set("email", row.Text(2));
                                  }));
                auto body = s->templates.Render("account_edit", data);
                if (!body.ok()) return body.status();
                return account_page(req, ctx, r, "Edit Account Information", *body);
              });
  m->AddRoute(
      "POST", "/customer/account/editPost", [](const Request& req, SiteContext& ctx, Response* r) {
        if (!SignedIn(ctx)) return RequireLogin(ctx, r);
        std::string first = req.Param("firstname"), last = req.Param("lastname"),
                    email = req.Param("email");
        if (first.empty() || last.empty() || email.find('@') == std::string::npos) {
          Flash(r, "Please enter a first name, a last name and a valid email address.",
                "/customer/account/edit/");
          return Status::Ok();
        }
        auto taken = ctx.db->QueryInt("SELECT COUNT(*) FROM customers WHERE email = ? AND id != ?",
                                      {email, kCustomer});
        if (!taken.ok()) return taken.status();
        if (*taken > 0) {
          Flash(r, "A customer with the same email address already exists.",
                "/customer/account/edit/");
          return Status::Ok();
        }
        WA_RETURN_IF_ERROR(ctx.db->Run(
            "UPDATE customers SET firstname = ?, lastname = ?, email = ? WHERE id = ?",
            {first.substr(0, 255), last.substr(0, 255), email.substr(0, 255), kCustomer}));
        // The session cookie names the account by email.
        r->set_cookies.emplace_back(ctx.model->session_cookie, email.substr(0, 255));
        Flash(r, "You saved the account information.", "/customer/account/");
        return Status::Ok();
      });

  // Session.
  m->AddRoute("GET", "/customer/account/logout", [](const Request&, SiteContext& ctx, Response* r) {
    r->set_cookies.emplace_back(ctx.model->session_cookie, "");
    r->location = "/";
    return Status::Ok();
  });
  m->AddRoute(
      "GET", "/customer/account/login", [s](const Request& req, SiteContext& ctx, Response* r) {
        TemplateData data;
        data.set("heading", "Customer Login");
        data.set("text", "Sign in with your email address and password.");
        std::string form =
            "<form class=\"form form-login\" action=\"/customer/account/loginPost/\" "
            "method=\"post\">"
            "<div class=\"field email required\"><label class=\"label\" for=\"email\"><span>Email"
            "</span></label><input name=\"login[username]\" id=\"email\" type=\"email\" "
            "class=\"input-text\" title=\"Email\" required></div><div class=\"field password "
            "required\"><label for=\"pass\" class=\"label\"><span>Password</span></label><input "
            "name=\"login[password]\" type=\"password\" class=\"input-text\" id=\"pass\" "
            "title=\"Password\" required></div><button type=\"submit\" class=\"action login "
            "primary\" name=\"send\" id=\"send2\"><span>Sign In</span></button></form>";
        auto page = Render(*s, ctx, req, "Customer Login", "message", data, r);
        if (!page.ok()) return page.status();
        size_t at = page->find("<p><a href=\"/\">Continue Shopping</a></p>");
        if (at != std::string::npos) page->replace(at, 41, form);
        r->body = std::move(*page);
        return Status::Ok();
      });
  m->AddRoute(
      "POST", "/customer/account/loginPost", [](const Request& req, SiteContext& ctx, Response* r) {
        auto ok =
            ctx.db->QueryInt("SELECT COUNT(*) FROM customers WHERE email = ? AND password = ?",
                             {req.Param("login[username]"), req.Param("login[password]")});
        if (!ok.ok()) return ok.status();
        if (*ok == 0) {
          Flash(r, "The account sign-in was incorrect or your account is disabled temporarily.",
                "/customer/account/login/");
          return Status::Ok();
        }
        r->set_cookies.emplace_back(ctx.model->session_cookie, req.Param("login[username]"));
        r->location = "/customer/account/";
        return Status::Ok();
      });

  AddStylesheetRoute(m);
}

}  // namespace

Result<std::shared_ptr<const SiteModel>> BuildShoppingSite(const SiteOptions& options) {
  auto shop = std::make_shared<Shopping>();
  WA_RETURN_IF_ERROR(shop->templates.Load("shopping", /*minify=*/true));
  auto model = std::make_shared<SiteModel>();
  model->name = "shopping";
  model->placeholder = "__SHOPPING__";
  model->SetBaseUrl("http://localhost:7770");
  model->display_name = "One Stop Market";
  model->default_user = "emma.lopez@gmail.com";
  WA_RETURN_IF_ERROR(LoadStylesheet("shopping", model.get()));
  WA_RETURN_IF_ERROR(BuildPristine(
      kShoppingSchema, [&](Db& db) { return PopulateShopping(db, options.seed); }, model.get()));
  // The category menu never changes: render it once.
  {
    auto db = Db::OpenMemory();
    if (!db.ok()) return db.status();
    WA_RETURN_IF_ERROR((*db)->Deserialize(model->pristine));
    TemplateList menu;
    int n = 0;
    std::vector<std::pair<int64_t, TemplateData>> tops;
    WA_RETURN_IF_ERROR(
        (*db)->Query("SELECT id, name, url_path FROM categories WHERE level = 1 ORDER BY position",
                     {}, [&](const Row& r) {
                       TemplateData d;
                       d.set("name", r.Text(1));
                       d.set("url", r.Text(2));
                       d.set("n", std::to_string(++n));
                       tops.emplace_back(r.Int(0), d);
                     }));
    for (auto& [id, d] : tops) {
      TemplateList children;
      WA_RETURN_IF_ERROR((*db)->Query(
          "SELECT name, url_path FROM categories WHERE parent_id = ? ORDER BY position", {id},
          [&](const Row& r) {
            TemplateData c;
            c.set("name", r.Text(0));
            c.set("url", r.Text(1));
            children.push_back(std::move(c));
          }));
      d.set("children", std::move(children));
      menu.push_back(std::move(d));
    }
    TemplateData data;
    data.set("menu", menu);
    auto html = shop->templates.Render("menu", data);
    if (!html.ok()) return html.status();
    shop->menu_html = *html;
  }
  {
    auto db = Db::OpenMemory();
    if (!db.ok()) return db.status();
    WA_RETURN_IF_ERROR((*db)->Deserialize(model->pristine));
    auto lower = [](std::string t) {
      for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return t;
    };
    std::unordered_map<int64_t, uint32_t> index;
    WA_RETURN_IF_ERROR((*db)->Query(
        "SELECT id, name, url_key, description, COALESCE(special_price, price), review_count, "
        "rating FROM products ORDER BY id",
        {}, [&](const Row& r) {
          auto i = static_cast<uint32_t>(shop->catalog.products.size());
          index[r.Int(0)] = i;
          shop->catalog.products.push_back(
              {r.Int(0), r.Text(1), r.Text(2), r.Real(4), r.Int(5), r.Real(6)});
          shop->catalog.names.Add(lower(r.Text(1)), i);
          shop->catalog.descriptions.Add(lower(r.Text(3)), i);
        }));
    WA_RETURN_IF_ERROR((*db)->Query(
        "SELECT category_id, product_id FROM product_categories ORDER BY category_id, product_id",
        {},
        [&](const Row& r) { shop->catalog.by_category[r.Int(0)].push_back(index.at(r.Int(1))); }));
  }
  std::shared_ptr<const Shopping> s = shop;
  model->error_page = [s](int status, std::string_view message, const SiteContext& ctx) {
    TemplateData data;
    data.set("heading", status == 404 ? "Whoops, our bad..." : "Error");
    data.set("text", std::string(message));
    Request req;
    Response resp;
    SiteContext c = ctx;
    auto html =
        Render(*s, c, req, status == 404 ? "404 Not Found" : "Error", "message", data, &resp);
    return html.ok() ? *html : std::string("<html><body>error</body></html>");
  };
  AddRoutes(s, model.get());
  return std::shared_ptr<const SiteModel>(std::move(model));
}

}  // namespace wa
