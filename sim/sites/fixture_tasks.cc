// Task templates of the fixture site: one per evaluator kind, plus an infeasible one, so the
// task framework, oracle and harness are exercised end to end before the WebArena sites exist.
#include <nlohmann/json.hpp>

#include <map>

#include "sim/evaluator.h"
#include "sim/sites/site_util.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

using json = nlohmann::json;

Task BaseTask(const std::string& start = "__FIXTURE__") { return NewSiteTask("fixture", start); }

StringCheck Check(StringCheck::Kind kind, std::vector<std::string> values) {
  return MakeCheck(kind, std::move(values));
}

Result<json> RandomItem(Db& db, Rng& rng) {
  auto count = db.QueryInt("SELECT COUNT(*) FROM items", {});
  if (!count.ok()) return count.status();
  int64_t id = 1 + static_cast<int64_t>(rng.Uniform(static_cast<uint64_t>(*count)));
  auto name = db.QueryText("SELECT name FROM items WHERE id = ?", {id});
  if (!name.ok()) return name.status();
  return json{{"item", *name}};
}

int64_t ItemId(Db& db, const std::string& name) {
  auto id = db.QueryInt("SELECT id FROM items WHERE name = ?", {name}, -1);
  return id.ok() ? *id : -1;
}

// Steps that open an item's page from the home page through the paginated list.
std::vector<OracleOp> OpenItem(int64_t id, const std::string& name) {
  std::vector<OracleOp> ops;
  ops.push_back({OracleOp::Kind::kClick, ".nav a", "Items", "",
                 "# Element: the 'Items' link in the top navigation"});
  for (int64_t page = 1; page < (id + 9) / 10; ++page) {
    ops.push_back({OracleOp::Kind::kClick, ".pager a.next", "", "",
                   "# Element: the 'Next' link below the table; the item is on a later page"});
  }
  ops.push_back({OracleOp::Kind::kClick, "table.items a", name, "",
                 "# Element: the link '" + name + "' in the items table"});
  return ops;
}

void RegisterFixtureHelpers() {
  RegisterUrlHelper("fixture_get_latest_submission_url",
                    [](Browser* browser, const std::vector<std::string>&) -> Result<std::string> {
                      SiteState* s = browser->site("fixture");
                      if (s == nullptr) return NotFound("the fixture site is not open");
                      auto id = s->db->QueryInt("SELECT MAX(id) FROM submissions", {}, 0);
                      if (!id.ok()) return id.status();
                      if (*id == 0) return std::string("__FIXTURE__/submissions");
                      return "__FIXTURE__/submissions/" + std::to_string(*id);
                    });
}

}  // namespace

std::vector<TemplateFamily> FixtureTemplates() {
  RegisterFixtureHelpers();
  std::vector<TemplateFamily> out;

  {  // string_match / must_include: read a value from a page found by search.
    TemplateFamily f;
    f.id = 90001;
    f.test_count = 8;
    f.sites = {"fixture"};
    f.intent_template = "What is the price of the {{item}}?";
    f.eval_types = {"string_match"};
    f.sample = RandomItem;
    f.build = [](const json& p, Db& db) -> Result<Task> {
      std::string item = p["item"];
      auto price = db.QueryReal("SELECT price FROM items WHERE name = ?", {item});
      if (!price.ok()) return price.status();
      Task t = BaseTask();
      std::string money = FormatMoney(*price);
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kMustInclude, {money.substr(1)})};
      t.eval.reference_answer_raw_annotation = money;
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      std::string item = p["item"];
      auto price = db.QueryReal("SELECT price FROM items WHERE name = ?", {item});
      if (!price.ok()) return price.status();
      return std::vector<OracleOp>{
          {OracleOp::Kind::kSearch, "input[name=\"q\"]", "", item,
           "# Element: the 'Search items' box at the top of the page"},
          {OracleOp::Kind::kClick, "ul.results a", item, "",
           "# Element: the search result '" + item + "'"},
          {OracleOp::Kind::kExit, "", "", "The " + item + " costs " + FormatMoney(*price) + ".",
           "# Note: the item page shows Price: " + FormatMoney(*price)},
      };
    };
    out.push_back(std::move(f));
  }

  {  // url_match: navigate to a page.
    TemplateFamily f;
    f.id = 90002;
    f.sites = {"fixture"};
    f.intent_template = "Show me page {{page}} of the item list";
    f.eval_types = {"url_match"};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      return json{{"page", std::to_string(rng.Range(2, 3))}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      Task t = BaseTask();
      t.eval.reference_url = "__FIXTURE__/items?page=" + p["page"].get<std::string>();
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::string page = p["page"];
      return std::vector<OracleOp>{
          {OracleOp::Kind::kClick, ".nav a", "Items", "", "# Element: the 'Items' link"},
          {OracleOp::Kind::kClick, ".pager a", page, "",
           "# Element: the page link '" + page + "' below the table"},
          {OracleOp::Kind::kExit, "", "", "", "# Note: page " + page + " is open"},
      };
    };
    out.push_back(std::move(f));
  }

  {  // program_html through a func: URL helper: fill and submit a form.
    TemplateFamily f;
    f.id = 90003;
    f.test_count = 8;
    f.sites = {"fixture"};
    f.intent_template = "Send a message as {{name}} about {{topic}} with {{priority}} priority";
    f.eval_types = {"program_html"};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kNames[] = {"Ada Lovelace",    "Grace Hopper",   "Alan Turing",
                                     "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
                                     "Frances Allen",   "John Backus"};
      static const char* kTopics[] = {"Order status", "Returns and refunds", "General question"};
      static const char* kPriorities[] = {"low", "high"};
      return json{{"name", kNames[rng.Uniform(8)]},
                  {"topic", kTopics[rng.Uniform(3)]},
                  {"priority", kPriorities[rng.Uniform(2)]}};
    };
    f.build = [](const json& p, Db&) -> Result<Task> {
      static const std::map<std::string, std::string> kValues = {{"Order status", "order"},
                                                                 {"Returns and refunds", "return"},
                                                                 {"General question", "general"}};
      Task t = BaseTask();
      ProgramHtmlTarget target;
      target.url = "func:fixture_get_latest_submission_url()";
      target.locator = "document.querySelector('.submission').outerText";
      target.required_contents = {Check(StringCheck::Kind::kMustInclude,
                                        {p["name"].get<std::string>(), kValues.at(p["topic"]),
                                         p["priority"].get<std::string>()})};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      std::string priority = p["priority"];
      return std::vector<OracleOp>{
          {OracleOp::Kind::kHover, ".menu-title", "", "", "# Element: the 'More' menu"},
          {OracleOp::Kind::kClick, ".submenu a", "Contact form", "",
           "# Element: 'Contact form' in the opened menu"},
          {OracleOp::Kind::kType, "#name", "", p["name"], "# Element: the 'Your name' field"},
          {OracleOp::Kind::kSelect, "#category", "", p["topic"],
           "# Element: the 'Category' dropdown"},
          {OracleOp::Kind::kClick, "input[name=\"priority\"][value=\"" + priority + "\"]", "", "",
           "# Element: the '" + priority + "' priority radio button"},
          {OracleOp::Kind::kClick, "#contact button[type=\"submit\"]", "", "",
           "# Element: the 'Send message' button"},
          {OracleOp::Kind::kExit, "", "", "", "# Note: the message was sent"},
      };
    };
    out.push_back(std::move(f));
  }

  {  // program_html on a fixed URL: write data through a form.
    TemplateFamily f;
    f.id = 90004;
    f.test_count = 8;
    f.sites = {"fixture"};
    f.intent_template = "Add the note \"{{note}}\" to the {{item}}";
    f.eval_types = {"program_html"};
    f.sample = [](Db& db, Rng& rng) -> Result<json> {
      static const char* kNotes[] = {"Needs a new cable", "Gift for Sam",      "Check the warranty",
                                     "Ships in two days", "Return before May", "Wrap it in blue",
                                     "Call the seller",   "Keep the receipt"};
      auto item = RandomItem(db, rng);
      if (!item.ok()) return item.status();
      (*item)["note"] = kNotes[rng.Uniform(8)];
      return *item;
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      int64_t id = ItemId(db, p["item"]);
      if (id < 0) return NotFound("no item " + p["item"].get<std::string>());
      Task t = BaseTask();
      ProgramHtmlTarget target;
      target.url = "__FIXTURE__/items/" + std::to_string(id);
      target.locator = "document.querySelector('.notes').outerText";
      target.required_contents = {Check(StringCheck::Kind::kMustInclude, {p["note"]})};
      t.eval.program_html = {target};
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      std::vector<OracleOp> ops = OpenItem(ItemId(db, p["item"]), p["item"]);
      ops.push_back({OracleOp::Kind::kType, "#note-body", "", p["note"],
                     "# Element: the 'Add a note' text area"});
      ops.push_back({OracleOp::Kind::kClick, "button[type=\"submit\"]", "Save note", "",
                     "# Element: the 'Save note' button"});
      ops.push_back({OracleOp::Kind::kExit, "", "", "", "# Note: the note is saved"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // string_match / fuzzy_match: aggregate over paginated data.
    TemplateFamily f;
    f.id = 90005;
    f.test_count = 2;
    f.sites = {"fixture"};
    f.intent_template = "How many items cost more than ${{amount}}?";
    f.eval_types = {"string_match"};
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kAmounts[] = {"50", "100", "150", "200"};
      return json{{"amount", kAmounts[rng.Uniform(4)]}};
    };
    f.build = [](const json& p, Db& db) -> Result<Task> {
      auto n = db.QueryInt("SELECT COUNT(*) FROM items WHERE price > ?",
                           {std::stod(p["amount"].get<std::string>())});
      if (!n.ok()) return n.status();
      Task t = BaseTask("__FIXTURE__/items");
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {std::to_string(*n)})};
      t.eval.reference_answer_raw_annotation = std::to_string(*n);
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      double amount = std::stod(p["amount"].get<std::string>());
      std::vector<OracleOp> ops;
      int64_t total = 0;
      auto pages = db.QueryInt("SELECT (COUNT(*) + 9) / 10 FROM items", {});
      if (!pages.ok()) return pages.status();
      for (int64_t page = 1; page <= *pages; ++page) {
        auto n = db.QueryInt(
            "SELECT COUNT(*) FROM (SELECT price FROM items ORDER BY id LIMIT 10 "
            "OFFSET ?) WHERE price > ?",
            {(page - 1) * 10, amount});
        if (!n.ok()) return n.status();
        total += *n;
        if (page < *pages) {
          ops.push_back({OracleOp::Kind::kClick, ".pager a.next", "", "",
                         "# Note: " + std::to_string(*n) + " items on page " +
                             std::to_string(page) + " cost more than $" +
                             p["amount"].get<std::string>() + "\n# Element: the 'Next' link"});
        }
      }
      ops.push_back({OracleOp::Kind::kExit, "", "", std::to_string(total),
                     "# Note: " + std::to_string(total) + " items in total"});
      return ops;
    };
    out.push_back(std::move(f));
  }

  {  // An infeasible task: the answer is "N/A".
    TemplateFamily f;
    f.id = 90006;
    f.test_count = 3;
    f.sites = {"fixture"};
    f.intent_template = "How much does the {{item}} cost?";
    f.eval_types = {"string_match"};
    f.in_train = false;
    f.sample = [](Db&, Rng& rng) -> Result<json> {
      static const char* kMissing[] = {"Golden Teapot 900", "Invisible Desk 901",
                                       "Silent Drum 902"};
      return json{{"item", kMissing[rng.Uniform(3)]}};
    };
    f.build = [](const json&, Db&) -> Result<Task> {
      Task t = BaseTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {Check(StringCheck::Kind::kFuzzyMatch, {"N/A"})};
      t.eval.string_note = "The store does not sell this item";
      t.eval.reference_answer_raw_annotation = "N/A";
      return t;
    };
    f.oracle = [](const Task&, const json& p, Db&) -> Result<std::vector<OracleOp>> {
      return std::vector<OracleOp>{
          {OracleOp::Kind::kSearch, "input[name=\"q\"]", "", p["item"],
           "# Element: the 'Search items' box"},
          {OracleOp::Kind::kExit, "", "", "N/A", "# Note: the search found 0 results"},
      };
    };
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace wa
