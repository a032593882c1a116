#include <map>
#include <set>

#include "sim/env.h"
#include "sim/evaluator.h"
#include "sim/locator.h"
#include "sim/site.h"
#include "sim/sites/admin_data.h"
#include "sim/task.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

using testing::Act;
using testing::ElementAfter;
using testing::ElementBefore;

Db& AdminDb(Env* env) {
  StepResult r;
  REQUIRE(env->Reset("__SHOPPING_ADMIN__", 1, &r).ok());
  return *env->browser().site("shopping_admin")->db;
}

std::string Eval(Env& env, const std::string& locator) {
  return testing::EvalLocator(env, locator);
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// The aggregates the published CMS answers read, for one seed.
void CheckPublishedFacts(Db& db) {
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM products", {}) >= 1500);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM products WHERE type = 'configurable'", {}) >= 80);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM customers", {}) >= 300);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM orders", {}) >= 300);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews", {}) >= 200);
  for (const char* table : {"invoices", "shipments", "tracks", "creditmemos", "order_history"}) {
    INFO(table);
    CHECK(*db.QueryInt(std::string("SELECT COUNT(*) FROM ") + table, {}) > 0);
  }
  // Named products at their published ids.
  CHECK(*db.QueryText("SELECT name FROM products WHERE id = ?", {kFrankieSweatshirt}) ==
        "Frankie Sweatshirt");
  CHECK(*db.QueryText("SELECT name FROM products WHERE id = ?", {kRykerCrewNeck}) ==
        "Ryker LumaTech Tee (Crew-neck)");
  CHECK(*db.QueryText("SELECT name FROM products WHERE id = ?", {kCronus33Blue}) ==
        "Cronus Yoga Pant-33-Blue");
  CHECK(*db.QueryInt("SELECT qty FROM products WHERE id = ?", {kCronus33Blue}) == 0);
  CHECK(*db.QueryText("SELECT name FROM products WHERE id = ?", {kAenoCapri}) == "Aeno Capri");
  CHECK(*db.QueryReal("SELECT price FROM products WHERE id = ?", {kPriceProduct}) == 32.0);
  CHECK(Contains(*db.QueryText("SELECT name FROM products WHERE id = ?", {kHollisterShirt}),
                 "Hollister"));
  // Completed orders per month of 2022.
  const int kComplete2022[12] = {11, 16, 14, 8, 8, 13, 9, 8, 10, 4, 5, 10};
  for (int m = 1; m <= 12; ++m) {
    INFO("month " << m);
    CHECK(*db.QueryInt("SELECT COUNT(*) FROM orders WHERE status = 'complete' AND created_at >= ? "
                       "AND created_at < ?",
                       {AdminTime(2022, m, 1),
                        m == 12 ? AdminTime(2023, 1, 1) : AdminTime(2022, m + 1, 1)}) ==
          kComplete2022[m - 1]);
  }
  // The most recent canceled order, and the last four canceled against completed.
  CHECK(ShortDate(*db.QueryInt("SELECT MAX(created_at) FROM orders WHERE status = 'canceled'",
                               {})) == "5/23/23");
  double canceled = *db.QueryReal(
      "SELECT SUM(grand_total) FROM (SELECT grand_total FROM orders WHERE status = 'canceled' "
      "ORDER BY created_at DESC LIMIT 4)",
      {});
  double complete = *db.QueryReal(
      "SELECT SUM(grand_total) FROM (SELECT grand_total FROM orders WHERE status = 'complete' "
      "ORDER BY created_at DESC LIMIT 4)",
      {});
  CHECK(std::fabs(std::fabs(canceled - complete) - 194.25) < 0.005);
  // Rankings: the fifth most completed orders, the most cancellations.
  auto name_at = [&](const char* status, int rank) {
    return *db.QueryText(
        "SELECT c.firstname || ' ' || c.lastname FROM orders o JOIN customers c ON c.id = "
        "o.customer_id WHERE o.status = ? GROUP BY o.customer_id ORDER BY COUNT(*) DESC LIMIT 1 "
        "OFFSET ?",
        {status, rank});
  };
  CHECK(name_at("complete", 4) == "Matt Baker");
  CHECK(name_at("canceled", 0) == "Samantha Jones");
  CHECK(*db.QueryReal("SELECT grand_total FROM invoices WHERE increment_id = '000000002'", {}) ==
        39.64);
  CHECK(*db.QueryInt("SELECT SUM(total_qty) FROM (SELECT total_qty FROM orders ORDER BY "
                     "created_at DESC LIMIT 7)",
                     {}) == 25);
  CHECK(*db.QueryText("SELECT status FROM orders WHERE id = 302", {}) == "pending");
  CHECK(*db.QueryText("SELECT status FROM orders WHERE id = 307", {}) == "processing");
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM shipments WHERE order_id = 307", {}) == 0);
  // Reviews and search terms.
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews WHERE status = 2", {}) == 5);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews WHERE detail LIKE '%best%'", {}) == 2);
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM reviews WHERE created_at >= ?",
                     {AdminTime(2023, 5, 1)}) == 0);
  CHECK(*db.QueryText("SELECT query_text FROM search_terms ORDER BY uses DESC LIMIT 1 OFFSET 1",
                      {}) == "Joust Bag");
  CHECK(*db.QueryText("SELECT firstname || ' ' || lastname || ' ' || email FROM customers WHERE "
                      "phone = '8015551212'",
                      {}) == "Sean Miller sean.miller@gmail.com");
  // January 2023's bestsellers.
  std::vector<std::string> best;
  REQUIRE(db.Query("SELECT i.name FROM order_items i JOIN orders o ON o.id = i.order_id WHERE "
                   "o.status != 'canceled' AND o.created_at >= ? AND o.created_at < ? GROUP BY "
                   "i.product_id ORDER BY SUM(i.qty) DESC LIMIT 3",
                   {AdminTime(2023, 1, 1), AdminTime(2023, 2, 1)},
                   [&](const Row& r) { best.push_back(r.Text(0)); })
              .ok());
  CHECK(best == std::vector<std::string>{"Impulse Duffle", "Overnight Duffle",
                                         "Hawkeye Yoga Short-32-Blue"});
}

TEST_CASE("Admin data: volume and the published facts, for two seeds", "[shopping_admin]") {
  Env env;
  CheckPublishedFacts(AdminDb(&env));
  EnvOptions eo;
  eo.sites.seed = 7;
  Env other(eo);
  StepResult r;
  REQUIRE(other.Reset("__SHOPPING_ADMIN__", 1, &r).ok());
  Db& db7 = *other.browser().site("shopping_admin")->db;
  CheckPublishedFacts(db7);
  // The seed changes the data within the fixed structure.
  CHECK(*AdminDb(&env).QueryText("SELECT group_concat(email) FROM customers", {}) !=
        *db7.QueryText("SELECT group_concat(email) FROM customers", {}));
}

TEST_CASE("Admin filter dates: typed formats, the M/D/YY echo, and bad dates", "[shopping_admin]") {
  CHECK(ParseFilterDate("2/1/23") == AdminTime(2023, 2, 1));
  CHECK(ParseFilterDate("02/01/2023") == AdminTime(2023, 2, 1));
  CHECK(ParseFilterDate("2023-02-01") == AdminTime(2023, 2, 1));
  CHECK(ParseFilterDate(" 8/5/22 ") == AdminTime(2022, 8, 5));
  CHECK(ParseFilterDate("2/29/24") == AdminTime(2024, 2, 29));
  for (const char* bad :
       {"", "abc", "13/1/23", "2/30/23", "2/29/23", "1/2/3/4", "2-1/23", "99999/1/1", "0/1/23"}) {
    INFO(bad);
    CHECK_FALSE(ParseFilterDate(bad).has_value());
  }
  CHECK(ShortDate(AdminTime(2023, 2, 1, 23, 59)) == "2/1/23");
  CHECK(ShortDate(AdminTime(2009, 12, 31)) == "12/31/09");
  CHECK(IncrementId(2) == "000000002");
  CHECK(AdminDateTime(AdminTime(2023, 5, 23, 15, 43, 12)) == "May 23, 2023, 3:43:12 PM");
  CHECK(AdminDateTime(AdminTime(2023, 5, 23, 0, 5, 0)) == "May 23, 2023, 12:05:00 AM");
}

TEST_CASE("Admin pages carry the DOM hooks of the published locators", "[shopping_admin]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/sales/order/view/order_id/302/", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector(\"#order_status\").outerText") == "Pending");
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/1481/", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('[name=\"product[price]\"').value") == "32.00");
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/126/", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('input[name=\"product[sale]\"]').value") == "0");
  CHECK(Eval(env, "document.querySelector('[name=\"product[status]\"').value") == "1");
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/872/", 1, &r).ok());
  CHECK(Eval(env,
             "document.querySelector('[name=\"product[quantity_and_stock_status][qty]\"')"
             ".value") == "0");
  CHECK(Eval(env,
             "document.querySelector('[name=\"product[quantity_and_stock_status][is_in_"
             "stock]\"').value") == "0");
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/110/", 1, &r).ok());
  std::string config =
      Eval(env, "document.querySelector('[data-index=\"configurable\"').outerText");
  CHECK(Contains(config, "Frankie Sweatshirt-S-Green"));
  CHECK_FALSE(Contains(config, "Sweatshirt-S-Blue"));
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/cms/page/edit/page_id/2/", 1, &r).ok());
  CHECK(Eval(env, "document.querySelector('input[name=\"title\"]').value") == "Home Page");
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/admin/system_design_theme/edit/id/1", 1, &r).ok());
  CHECK(env.browser().page()->title().find("Magento Blank") != std::string::npos);
  // The storefront the admin manages, at the admin's origin.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/../antonia-racer-tank.html", 1, &r).ok());
  CHECK(env.browser().url() == "http://localhost:7780/antonia-racer-tank.html");
  CHECK(!Eval(env,
              "document.querySelector('.data.item.content').outerText + "
              "(document.querySelector('.product.attribute.overview "
              "[itemprop=\"description\"]')?.outerText || '')")
             .empty());
  // Report filters echo their dates as M/D/YY, whatever format was typed.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/reports/report_sales/sales/?from=02%2F01%2F2023&to=2023-"
                    "02-28&period_type=month",
                    1, &r)
              .ok());
  CHECK(Eval(env, "document.querySelector('[id=\"sales_report_from\"').value") == "2/1/23");
  CHECK(Eval(env, "document.querySelector('[id=\"sales_report_to\"').value") == "2/28/23");
  CHECK(Contains(r.observation, "2/2023"));
  // A bad date is an error message, not a report.
  REQUIRE(
      env.Reset("__SHOPPING_ADMIN__/reports/report_sales/sales/?from=13/45/23&to=x", 1, &r).ok());
  CHECK(Contains(r.observation, "Please specify a valid date range"));
  // Grid filters show as active filters.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/sales/order/?status=canceled", 1, &r).ok());
  CHECK(Contains(Eval(env,
                      "document.querySelector(\"div.admin__data-grid-filters-current\")"
                      ".outerText"),
                 "Canceled"));
  CHECK(Contains(r.observation, "34 records found"));
}

TEST_CASE("Admin flows: cancel, ship with tracking, variations, comments, login",
          "[shopping_admin]") {
  Env env;
  StepResult r;
  Db& db = AdminDb(&env);
  // Cancel a pending order.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/sales/order/view/order_id/302/", 1, &r).ok());
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Cancel\""));
  CHECK(Eval(env, "document.querySelector(\"#order_status\").outerText") == "Canceled");
  CHECK(Contains(r.observation, "You canceled the order."));
  CHECK(*db.QueryText("SELECT status FROM orders WHERE id = 302", {}) == "canceled");
  // A canceled order offers no Cancel button any more.
  CHECK_FALSE(Contains(r.observation, "data-text=\"Cancel\""));

  // Ship order 307 with a DHL tracking number: the comments history names it.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/sales/order/view/order_id/307/", 1, &r).ok());
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Ship\""));
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Carrier\""), "DHL");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Number\""), "24353446464");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Submit Shipment\""));
  CHECK(Eval(env, "document.querySelector(\"#order_status\").outerText") == "Complete");
  REQUIRE(env.browser()
              .Navigate(ExpandPlaceholders("__SHOPPING_ADMIN__/sales/order/commentsHistory/"
                                           "order_id/307/active_tab/order_shipments/"))
              .ok());
  CHECK(Contains(env.browser().page()->doc().OuterHtml(0),
                 "Tracking number 24353446464 for DHL assigned"));

  // Add a colour to two sizes of a configurable product.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/110/", 1, &r).ok());
  Act(env, r, "Select Dropdown Option", ElementAfter(env, r, "data-text=\"Color\""), "Blue");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"S\"") - 1);  // the box before its label
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"M\"") - 1);
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Generate Products\""));
  CHECK(Contains(r.observation, "You created 2 new product variations."));
  std::string config =
      Eval(env, "document.querySelector('[data-index=\"configurable\"').outerText");
  CHECK(Contains(config, "Sweatshirt-S-Blue"));
  CHECK(Contains(config, "Sweatshirt-M-Blue"));
  CHECK_FALSE(Contains(config, "Sweatshirt-L-Blue"));

  // A bad price is refused with a message and changes nothing.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/1481/", 1, &r).ok());
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Price\""), "twelve");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Save\""));
  CHECK(Contains(r.observation, "Please enter a number 0 or greater in the Price field."));
  CHECK(*db.QueryReal("SELECT price FROM products WHERE id = 1481", {}) == 32.0);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Price\""), "27");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Save\""));
  CHECK(Eval(env, "document.querySelector('[name=\"product[price]\"').value") == "27.00");

  // The sale switch: checking it and saving sets the attribute.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/catalog/product/edit/id/126/", 1, &r).ok());
  Act(env, r, "Click", ElementAfter(env, r, "data-text=\"Sale\""));
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Save\""));
  CHECK(Eval(env, "document.querySelector('input[name=\"product[sale]\"]').value") == "1");

  // A comment that notifies the customer fails (no mail transport); one that does not is added.
  REQUIRE(env.Reset("__SHOPPING_ADMIN__/sales/order/view/order_id/303/", 1, &r).ok());
  int64_t history = *db.QueryInt("SELECT COUNT(*) FROM order_history WHERE order_id = 303", {});
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Comment\""), "ships soon");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Notify Customer by Email\""));
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Submit Comment\""));
  CHECK(Contains(r.observation, "We cannot add order history."));
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM order_history WHERE order_id = 303", {}) == history);
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Comment\""), "ships soon");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Submit Comment\""));
  CHECK(Contains(r.observation, "The comment has been added to the order."));
  CHECK(*db.QueryInt("SELECT COUNT(*) FROM order_history WHERE order_id = 303", {}) == history + 1);

  // Without a session every admin page asks for the login, and the login works.
  EpisodeSpec spec;
  spec.start_urls = {"__SHOPPING_ADMIN__/sales/order/"};
  spec.logged_in = false;
  REQUIRE(env.Reset(spec, 1, &r).ok());
  CHECK(Contains(r.observation, "Welcome, please sign in"));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username\""), "admin");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Password\""), "wrong");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Sign in\""));
  CHECK(Contains(r.observation, "The account sign-in was incorrect"));
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Username\""), "admin");
  Act(env, r, "Type", ElementAfter(env, r, "data-text=\"Password\""), "admin1234");
  Act(env, r, "Click", ElementBefore(env, r, "data-text=\"Sign in\""));
  CHECK(Contains(r.observation, "Lifetime Sales"));
}

TEST_CASE("Admin templates: published intents word for word, train disjoint from test",
          "[shopping_admin][shared]") {
  testing::CheckPublishedTemplates("shopping_admin", 35);
}

}  // namespace
}  // namespace wa
