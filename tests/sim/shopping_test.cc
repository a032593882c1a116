#include <map>
#include <set>

#include "sim/env.h"
#include "sim/locator.h"
#include "sim/random_policy.h"
#include "sim/site.h"
#include "sim/sites/shopping_data.h"
#include "sim/task.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

using testing::Act;
using testing::ElementAfter;
using testing::ElementBefore;

Db& ShopDb(Env* env) {
  StepResult r;
  REQUIRE(env->Reset("__SHOPPING__/", 1, &r).ok());
  return *env->browser().site("shopping")->db;
}

TEST_CASE("Shopping data: volume, category paths, statuses", "[shopping]") {
  Env env;
  Db& db = ShopDb(&env);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM products", {}) >= 2000);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews", {}) >= 5000);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM orders WHERE customer_id = 1", {}) >= 100);
  CHECK(*db.QueryInt("SELECT COUNT(DISTINCT status) FROM orders", {}) == 5);
  CHECK(*db.QueryInt("SELECT MIN(created_at) >= 1609459200 AND MAX(created_at) < 1704067200 "
                     "FROM orders",
                     {}) == 1);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM categories WHERE url_path = "
                     "'clothing-shoes-jewelry/men/shoes'",
                     {}) == 1);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM categories WHERE url_path = "
                     "'home-kitchen/furniture/living-room-furniture'",
                     {}) == 1);
  CHECK(*db.QueryInt("SELECT MAX(level) FROM categories", {}) == 3);
  // Reviews are generated from aspects: the fingerprint-resistance question has answers.
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews WHERE body LIKE '%fingerprint resistance%'",
                     {}) > 0);
  // Deterministic: the same seed gives the same store.
  Env other;
  Db& db2 = ShopDb(&other);
  CHECK(*db.ContentHash() == *db2.ContentHash());
}

TEST_CASE("Published shopping start and reference URLs exist in the simulated store",
          "[shopping][shared]") {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  auto tasks = LoadTasks(path);
  REQUIRE(tasks.ok());
  Env env;
  StepResult r;
  int checked = 0;
  std::set<std::string> urls;
  for (const Task& t : *tasks) {
    if (t.sites != std::vector<std::string>{"shopping"}) continue;
    for (const std::string& u : t.StartUrls()) urls.insert(u);
  }
  for (const char* u :
       {"__SHOPPING__/clothing-shoes-jewelry/men/shoes.html?price=0-30",
        "__SHOPPING__/catalogsearch/result/?q=switch+accessories",
        "__SHOPPING__/home-kitchen/furniture/living-room-furniture.html", "__SHOPPING__/wishlist/",
        "__SHOPPING__/newsletter/manage/", "__SHOPPING__/customer/address",
        "__SHOPPING__/contact/index/", "__SHOPPING__/checkout/cart",
        "__SHOPPING__/sales/order/view/order_id/189/", "__SHOPPING__/sales/order/history/"}) {
    urls.insert(u);
  }
  for (const std::string& u : urls) {
    EpisodeSpec spec = EpisodeSpec::FromUrl(u);
    REQUIRE(env.Reset(spec, 1, &r).ok());
    INFO(u << " -> " << r.info.title);
    CHECK(r.info.title.find("404") == std::string::npos);
    CHECK(r.observation.find("Whoops") == std::string::npos);
    ++checked;
  }
  CHECK(checked >= 14);
}

TEST_CASE("Shopping pages carry the DOM hooks of the published locators", "[shopping]") {
  Env env;
  StepResult r;
  auto eval = [&](const std::string& url, const std::string& locator) {
    REQUIRE(env.Reset(url, 1, &r).ok());
    auto loc = Locator::Parse(locator);
    REQUIRE(loc.ok());
    auto v = loc->Evaluate(*env.browser().page());
    INFO(url << " " << locator << " " << v.status().message());
    REQUIRE(v.ok());
    REQUIRE(v->has_value());
    return **v;
  };
  CHECK(eval("__SHOPPING__/newsletter/manage/",
             "document.querySelector('[title=\"General Subscription\"').checked.toString()") ==
        "false");
  CHECK(eval("__SHOPPING__/customer/address",
             "document.querySelector(\".box.box-address-shipping > .box-content\").outerText")
            .find("San Mateo, California, 94010") != std::string::npos);
  CHECK(eval("__SHOPPING__/sales/order/view/order_id/12/",
             "document.querySelector(\".order-details-items.ordered\").outerText")
            .find("Items Ordered") != std::string::npos);
  CHECK(eval("__SHOPPING__/contact/",
             "document.querySelector('[title=\"What’s on your mind?\"').value") == "");
  // An empty wish list has no grid (null upstream): add a product first.
  REQUIRE(env.Reset("__SHOPPING__/elmwood-inn-fine-teas-orange-vanilla-caffeine-free-fruit-"
                    "infusion-16-ounce-pouch.html",
                    1, &r)
              .ok());
  for (int i = 0; i < 5 && r.observation.find("Add to Wish List") == std::string::npos; ++i) {
    env.Step("do(action=\"Scroll Down\")", &r);
  }
  std::string obs = r.observation;
  size_t pos = obs.find("Add to Wish List");
  REQUIRE(pos != std::string::npos);
  size_t id_at = obs.rfind("id=\"", pos);
  int id = std::stoi(obs.substr(id_at + 4));
  env.Step("do(action=\"Click\", element=\"" + std::to_string(id) + "\")", &r);
  CHECK(r.info.action_error.empty());
  CHECK(env.browser().url() == "http://localhost:7770/wishlist/");
  auto grid = Locator::Parse("document.querySelector('.products-grid.wishlist').outerText");
  auto v = grid->Evaluate(*env.browser().page());
  REQUIRE(v.ok());
  REQUIRE(v->has_value());
  CHECK((*v)->find("Elmwood Inn Fine Teas, Orange Vanilla") != std::string::npos);
}

TEST_CASE("Shopping: compare list, review for moderation, account information", "[shopping]") {
  Env env;
  StepResult r;
  const std::string product =
      "__SHOPPING__/elmwood-inn-fine-teas-orange-vanilla-caffeine-free-fruit-infusion-16-ounce-"
      "pouch.html";
  REQUIRE(env.Reset(product, 1, &r).ok());
  Db& db = *env.browser().site("shopping")->db;
  auto go = [&](const std::string& url) {
    REQUIRE(env.browser().Navigate(url).ok());
    env.Observe(&r.observation);
  };
  Act(env, r, "Click", ElementBefore(env, r, "Add to Compare"));
  CHECK(r.info.url == "http://localhost:7770/catalog/product_compare/");
  CHECK(r.observation.find("to the comparison list") != std::string::npos);
  CHECK(r.observation.find("Elmwood Inn Fine Teas") != std::string::npos);
  CHECK(r.observation.find("Compare Products") != std::string::npos);  // header link
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM compare_items", {}) == 1);
  Act(env, r, "Click", ElementBefore(env, r, "Remove Product"));
  CHECK(r.observation.find("You have no items to compare.") != std::string::npos);

  // A review goes to moderation: listed in My Product Reviews, not on the product page.
  go("http://localhost:7770/"
     "elmwood-inn-fine-teas-orange-vanilla-caffeine-free-fruit-infusion-16-ounce-pouch.html");
  int64_t approved = *db.QueryInt("SELECT COUNT(*) FROM reviews WHERE status = 'approved'", {});
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Nickname\""), "Emma");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Summary\""), "Lovely tea; 'fresh'");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Review\""), "Smells of oranges.");
  Act(env, r, "Click", ElementBefore(env, r, "Submit Review"));
  CHECK(r.observation.find("You submitted your review for moderation.") != std::string::npos);
  CHECK(r.observation.find("Smells of oranges.") == std::string::npos);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews WHERE status = 'approved'", {}) == approved);
  CHECK(*db.QueryText("SELECT summary FROM reviews WHERE status = 'pending'", {}) ==
        "Lovely tea; 'fresh'");
  go("http://localhost:7770/review/customer/");
  CHECK(r.observation.find("Smells of oranges.") != std::string::npos);
  CHECK(r.observation.find("Pending") != std::string::npos);

  // Account information: the form shows the account and saves a new name.
  go("http://localhost:7770/customer/account/edit/");
  CHECK(r.observation.find("Emma") != std::string::npos);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Last Name\""), "Lopez-Smith");
  Act(env, r, "Click", ElementBefore(env, r, "Save"));
  CHECK(r.info.url == "http://localhost:7770/customer/account/");
  CHECK(r.observation.find("You saved the account information.") != std::string::npos);
  CHECK(r.observation.find("Emma Lopez-Smith") != std::string::npos);
  // Still signed in under the saved email.
  go("http://localhost:7770/wishlist/");
  CHECK(env.browser().url() == "http://localhost:7770/wishlist/");
}

TEST_CASE("Shopping flows: cart, checkout creates an order, search ranking", "[shopping]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__SHOPPING__/catalogsearch/result/?q=switch+accessories", 1, &r).ok());
  CHECK(r.observation.find("Search results for: 'switch accessories'") != std::string::npos);
  Db& db = *env.browser().site("shopping")->db;
  int64_t orders = *db.QueryInt("SELECT COUNT(*) FROM orders", {});
  // Add the first listed product to the cart, check out, place the order.
  auto click = [&](const std::string& needle) {
    for (int i = 0; i < 8 && r.observation.find(needle) == std::string::npos; ++i) {
      env.Step("do(action=\"Scroll Down\")", &r);
    }
    size_t pos = r.observation.find(needle);
    REQUIRE(pos != std::string::npos);
    size_t id_at = r.observation.rfind("id=\"", pos);
    env.Step("do(action=\"Click\", element=\"" +
                 std::to_string(std::stoi(r.observation.substr(id_at + 4))) + "\")",
             &r);
    INFO(needle << ": " << r.info.action_error);
    REQUIRE(r.info.action_error.empty());
  };
  click("Add to Cart");
  CHECK(r.info.url == "http://localhost:7770/checkout/cart/");
  CHECK(r.observation.find("You added") != std::string::npos);
  click("Proceed to Checkout");
  click("Place Order");
  CHECK(r.info.url.find("/sales/order/view/order_id/") != std::string::npos);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM orders", {}) == orders + 1);
  CHECK(*db.QueryText("SELECT status FROM orders ORDER BY id DESC LIMIT 1", {}) == "pending");
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM cart_items", {}) == 0);
}

// Random-policy episodes on the storefront (page mix with some form posts) give the same
// observations, URLs and database content with the response cache on and off.
TEST_CASE("Shopping: the response cache never changes what an episode sees", "[shopping]") {
  auto trace = [](bool cached) {
    ResponseCache& cache = ResponseCache::Global();
    size_t capacity = cache.capacity();
    cache.set_capacity(cached ? capacity : 0);
    std::vector<std::string> out;
    Env env;
    StepResult r;
    for (uint64_t episode = 0; episode < 6; ++episode) {
      REQUIRE(env.Reset("__SHOPPING__/", episode, &r).ok());
      Rng rng(100 + episode);
      for (int step = 0; step < 25 && !r.terminated; ++step) {
        std::string action = RandomActionText(*env.browser().page(), rng, 0.0);
        env.Step(action, &r);
        out.push_back(action + "\n" + r.info.url + "\n" + r.info.action_error + "\n" +
                      r.observation + "\n" + std::to_string(*env.StateHash()));
      }
    }
    cache.set_capacity(capacity);
    return out;
  };
  uint64_t hits = ResponseCache::Global().hits();
  auto on = trace(true);
  CHECK(ResponseCache::Global().hits() > hits);
  auto off = trace(false);
  REQUIRE(on.size() == off.size());
  for (size_t i = 0; i < on.size(); ++i) {
    INFO("step record " << i);
    REQUIRE(on[i] == off[i]);
  }
}

// The storefront's search runs on an in-memory token index; the task references use
// SearchCatalog (SQL LIKE over name and description). Both must find the same products.
TEST_CASE("Shopping search agrees with SearchCatalog", "[shopping]") {
  Env env;
  StepResult r;
  for (const char* q : {"yoga mat", "switch accessories", "EYZUTAK", "fingerprint", "usb-c cable",
                        "a", "xqzw", "Mat", "tv stand 55"}) {
    INFO(q);
    REQUIRE(env.Reset(std::string("__SHOPPING__/catalogsearch/result/?q=") + q, 1, &r).ok());
    Db& db = *env.browser().site("shopping")->db;
    auto hits = SearchCatalog(db, q);
    REQUIRE(hits.ok());
    auto loc = Locator::Parse("document.querySelector('#toolbar-amount').outerText");
    REQUIRE(loc.ok());
    auto text = loc->Evaluate(*env.browser().page());
    REQUIRE(text.ok());
    REQUIRE(text->has_value());
    if (hits->empty()) {
      CHECK(**text == "We can't find products matching the selection.");
    } else {
      CHECK(**text == "Items 1-" + std::to_string(std::min<size_t>(12, hits->size())) + " of " +
                          std::to_string(hits->size()));
    }
  }
}

TEST_CASE("Shopping templates: published intents word for word", "[shopping][shared]") {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  auto published = LoadTasks(path);
  REQUIRE(published.ok());
  std::map<int, std::string> intents;
  for (const Task& t : *published) intents[t.intent_template_id] = t.intent;
  SplitOptions so;
  so.sites = {"shopping"};
  auto test = GenerateSplit(Split::kTest, so);
  REQUIRE(test.ok());
  CHECK(test->size() >= 11);
  for (const GeneratedTask& g : *test) {
    INFO("template " << g.task.intent_template_id);
    REQUIRE(intents.count(g.task.intent_template_id) == 1);
    CHECK(g.task.intent == intents[g.task.intent_template_id]);
  }
}

}  // namespace
}  // namespace wa
