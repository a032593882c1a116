#include "sim/evaluator.h"

#include "sim/locator.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

Task StringTask(const std::string& kind, std::vector<std::string> values) {
  Task t;
  t.intent = "question";
  t.sites = {"fixture"};
  t.start_url = "__FIXTURE__";
  t.eval.eval_types = {"string_match"};
  t.eval.has_reference_answers = true;
  StringCheck c;
  for (int k = 0; k < 6; ++k) {
    if (kind == StringCheckKindName(static_cast<StringCheck::Kind>(k))) {
      c.kind = static_cast<StringCheck::Kind>(k);
    }
  }
  c.values = std::move(values);
  t.eval.reference_answers.push_back(c);
  return t;
}

float Score(const Task& t, std::string_view answer, Browser* b = nullptr) {
  Browser local;
  EvalResult r = EvaluateTask(t, b ? b : &local, answer);
  INFO(r.Explanation());
  return r.score;
}

TEST_CASE("clean_answer strips one pair of quotes and lower-cases, but not whitespace",
          "[evaluator]") {
  CHECK(CleanAnswer("\"Hello\"") == "hello");
  CHECK(CleanAnswer("'X'") == "x");
  CHECK(CleanAnswer("\"'x'\"") == "'x'");
  CHECK(CleanAnswer(" Yes ") == " yes ");  // VAB does not strip
  CHECK(Score(StringTask("exact_match", {"yes"}), "Yes") == 1);
  CHECK(Score(StringTask("exact_match", {"yes"}), " yes") == 0);
}

TEST_CASE("must_include: substring, |OR| alternatives and single-token rule", "[evaluator]") {
  Task t = StringTask("must_include", {"Impulse Duffle", "Overnight Duffle |OR| Night Duffle"});
  CHECK(Score(t, "The top products are impulse duffle and overnight duffle.") == 1);
  CHECK(Score(t, "Impulse Duffle, Night Duffle") == 1);
  CHECK(Score(t, "Impulse Duffle only") == 0);
  // A single-token reference must be a whole token.
  Task one = StringTask("must_include", {"3"});
  CHECK(Score(one, "There are 3 reviews") == 1);
  CHECK(Score(one, "There are 13 reviews") == 0);
  CHECK(Score(one, "answer: 3.") == 1);
  // Tokens with '/' are also split on '/'.
  CHECK(Score(StringTask("must_include", {"blue"}), "colors: red/blue") == 1);
  // Upstream quirk kept on purpose: "0" is not a token of "$0.00".
  CHECK(WordTokenize("$0.00") == std::vector<std::string>{"$", "0.00"});
  CHECK(Score(StringTask("must_include", {"0"}), "$0.00") == 0);
  CHECK(WordTokenize("I can't, he's (here).") ==
        std::vector<std::string>{"I", "ca", "n't", ",", "he", "'s", "(", "here", ")", "."});
}

TEST_CASE("must_exclude, required_values and one_of", "[evaluator]") {
  CHECK(Score(StringTask("must_exclude", {"cancel"}), "order kept") == 1);
  CHECK(Score(StringTask("must_exclude", {"cancel"}), "Cancel it") == 0);
  CHECK(RequiredValue("< 700", "650"));
  CHECK_FALSE(RequiredValue("< 700", "700"));
  CHECK(RequiredValue(">= 10 |OR| = 0", "0"));
  CHECK(RequiredValue("<= 30", "$29.99"));
  CHECK_FALSE(RequiredValue("< 5", "many"));
  CHECK(Score(StringTask("required_values", {"> 100"}), "123") == 1);
  CHECK(Score(StringTask("one_of", {"alpha", "beta"}), "it is beta") == 1);
  CHECK(Score(StringTask("one_of", {"alpha", "beta"}), "gamma") == 0);
}

TEST_CASE("fuzzy_match with the deterministic judge", "[evaluator][judge]") {
  auto fz = [](std::vector<std::string> ref, std::string_view pred) {
    return Score(StringTask("fuzzy_match", std::move(ref)), pred);
  };
  CHECK(fz({"$1,234.50"}, "The total was 1234.5 dollars") == 1);
  CHECK(fz({"1234.5"}, "It cost $1,234.50.") == 1);
  CHECK(fz({"12"}, "120 items") == 0);
  CHECK(fz({"March 5, 2023"}, "on 3/5/2023") == 1);
  CHECK(fz({"2023-03-05"}, "Mar 5 2023") == 1);
  CHECK(fz({"1h 20min"}, "about 80 minutes") == 1);
  CHECK(fz({"80 min"}, "1 hour and 20 minutes") == 1);
  CHECK(fz({"5.2 km"}, "5.2 kilometers") == 1);
  CHECK(fz({"Alice", "Bob"}, "bob and ALICE.") == 1);  // list order, case, punctuation
  CHECK(fz({"Alice", "Bob"}, "only alice") == 0);
  // "N/A" references: literal N/A, or an answer that declares the task unachievable.
  CHECK(fz({"N/A"}, "N/A") == 1);
  CHECK(fz({"N/A"}, "This is not possible: the order was already shipped") == 1);
  CHECK(fz({"N/A"}, "Done, changed the address") == 0);
  CHECK(DeterministicJudge::Canonicalize("Total: $1,234.00!") == "total 1234");
  // A reference word cut short by one letter (a typo in task 52) still matches; a different
  // word, a cut of two letters or a short word does not.
  CHECK(fz({"Wyndham Pittsburgh University Cente: 375m"},
           "Wyndham Pittsburgh University Center: 375m") == 1);
  CHECK(fz({"Wyndham Pittsburgh University Cent: 375m"},
           "Wyndham Pittsburgh University Center: 375m") == 0);
  CHECK(fz({"Wyndham Pittsburgh University Centre: 375m"},
           "Wyndham Pittsburgh University Center: 375m") == 0);
  CHECK(fz({"the red car"}, "the red cart") == 0);
}

TEST_CASE("url_match: EXACT, GOLD in PRED and the query-parameter rule", "[evaluator]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__FIXTURE__/items?page=2", 1, &r).ok());
  Task t;
  t.eval.eval_types = {"url_match"};
  t.eval.reference_url = "__FIXTURE__/items?page=2";
  CHECK(Score(t, "", &env.browser()) == 1);
  t.eval.reference_url = "__FIXTURE__/items?page=2/";  // one trailing slash is ignored
  CHECK(Score(t, "", &env.browser()) == 1);
  t.eval.reference_url = "__FIXTURE__/items";
  CHECK(Score(t, "", &env.browser()) == 0);
  t.eval.url_note = "GOLD in PRED";  // upstream quirk: a prefix of the URL is enough
  CHECK(Score(t, "", &env.browser()) == 1);
  t.eval.url_note.reset();
  t.eval.reference_url = "__FIXTURE__/form |OR| __FIXTURE__/items?page=2";
  CHECK(Score(t, "", &env.browser()) == 1);
  EvaluatorOptions wa_rule;
  wa_rule.webarena_url_rule = true;
  t.eval.reference_url = "__FIXTURE__/items?page=2";
  CHECK(EvaluateTask(t, &env.browser(), "", wa_rule).score == 1);
  t.eval.reference_url = "__FIXTURE__/items?page=3";
  CHECK(EvaluateTask(t, &env.browser(), "", wa_rule).score == 0);
  CHECK(CleanUrl("http://localhost:8099/x/") == "http://127.0.0.1:8099/x");
}

TEST_CASE("Locators evaluate the published forms on a page", "[evaluator][locator]") {
  auto t = testing::MakePage(R"(<html><body>
    <div class="submission__inner"><h1>Title</h1><p>Body <a href="/u">link</a>
      <img src="/i.png"></p></div>
    <div class="submission__vote"><form class="vote vote--upvoted"></form></div>
    <select class="routing_engines"><option>Car</option><option selected>Foot</option></select>
    <input name="route_from" value="CMU"><input type="checkbox" title="General Subscription" checked>
    <ul id="notes-list"><li><div class="timeline-discussion-body">first</div></li>
      <li><div class="timeline-discussion-body">last one</div></li></ul>
    <span class="cover-status">emoji <b>x</b>Enjoying life</span>
    <a class="gl-font-monospace">a0</a><a class="gl-font-monospace">a1</a>
    </body></html>)");
  auto eval = [&](const std::string& expr) -> std::optional<std::string> {
    auto loc = Locator::Parse(expr);
    INFO(expr << ": " << loc.status().message());
    REQUIRE(loc.ok());
    auto r = loc->Evaluate(*t.page);
    INFO(r.status().message());
    REQUIRE(r.ok());
    return *r;
  };
  CHECK(eval("document.querySelector('.submission__inner').outerText") == "Title\n\nBody link");
  CHECK(eval("document.querySelector('div.submission__vote').querySelector('form')"
             ".getAttribute('class')") == "vote vote--upvoted");
  CHECK(eval("document.querySelector('select.routing_engines').selectedIndex") == "1");
  CHECK(eval("document.querySelector('[name=\"route_from\"').value") == "CMU");
  CHECK(eval("document.querySelector('[title=\"General Subscription\"').checked.toString()") ==
        "true");
  CHECK(eval("document.querySelector('[id=\"notes-list\"').lastElementChild"
             ".querySelector('.timeline-discussion-body').outerText") == "last one");
  CHECK(eval("document.querySelector('.cover-status').lastChild.textContent") == "Enjoying life");
  CHECK(eval("document.querySelectorAll('.gl-font-monospace')[1].outerText") == "a1");
  CHECK(eval("[...document.querySelector('.submission__inner').querySelectorAll('[href],[src]')]"
             ".map(elem => elem.getAttribute('href') || elem.getAttribute('src')).join(' ')") ==
        "/u /i.png");
  CHECK(eval("document.querySelector('.missing')?.outerText || ''") == "");
  CHECK(eval("document.querySelector('h1').outerText + (document.querySelector('.x')?.outerText "
             "|| '')") == "Title");
  CHECK_FALSE(eval("document.querySelector('.missing2')?.outerText").has_value());
  // Reading a property of null is a JavaScript exception upstream: an error here.
  auto loc = Locator::Parse("document.querySelector('.missing').outerText");
  REQUIRE(loc.ok());
  CHECK_FALSE(loc->Evaluate(*t.page).ok());
  // Unsupported forms are clear errors, never silent passes.
  for (const char* bad : {"window.location.href", "document.querySelector('a').click()",
                          "eval('1')", "document.cookie", "1 +", "`unterminated"}) {
    auto l = Locator::Parse(bad);
    bool failed = !l.ok() || !l->Evaluate(*t.page).ok();
    INFO(bad);
    CHECK(failed);
  }
}

TEST_CASE("program_html: targets, locators, helpers and the product of scores", "[evaluator]") {
  RegisterUrlHelper("test_items_url", [](Browser*, const std::vector<std::string>& args) {
    return Result<std::string>("__FIXTURE__/items/" + (args.empty() ? "1" : args[0]));
  });
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__FIXTURE__/", 1, &r).ok());
  Task t;
  t.eval.eval_types = {"program_html"};
  ProgramHtmlTarget p;
  p.url = "func:test_items_url('2')";
  p.locator = "document.querySelector('.item-name').outerText";
  StringCheck c;
  c.kind = StringCheck::Kind::kExactMatch;
  auto name =
      *env.browser().site("fixture")->db->QueryText("SELECT name FROM items WHERE id=2", {});
  c.values = {name};
  p.required_contents = {c};
  t.eval.program_html = {p};
  EvalResult res = EvaluateTask(t, &env.browser(), "");
  INFO(res.Explanation());
  CHECK(res.score == 1);
  CHECK(env.browser().url() == "http://localhost:8099/items/2");
  // A second target that fails makes the product 0; the record names both.
  ProgramHtmlTarget q = p;
  q.url = "last";
  q.required_contents[0].values = {"something else"};
  t.eval.program_html.push_back(q);
  res = EvaluateTask(t, &env.browser(), "");
  CHECK(res.score == 0);
  REQUIRE(res.checks.size() == 2);
  CHECK(res.checks[0].passed);
  CHECK_FALSE(res.checks[1].passed);
  CHECK(res.Explanation().find("FAIL program_html[1] exact_match") != std::string::npos);
  // Unknown helpers are reported.
  t.eval.program_html = {p};
  t.eval.program_html[0].url = "func:no_such_helper()";
  res = EvaluateTask(t, &env.browser(), "");
  CHECK(res.score == 0);
  CHECK(res.Explanation().find("no URL helper named no_such_helper") != std::string::npos);
  CHECK_FALSE(ValidateTaskEval(t).ok());
  // string_match x url_match: the product.
  Task both;
  both.eval.eval_types = {"string_match", "url_match"};
  both.eval.has_reference_answers = true;
  both.eval.reference_answers = {StringCheck{StringCheck::Kind::kMustInclude, {"yes"}, false}};
  both.eval.reference_url = "__FIXTURE__/items/2";
  CHECK(EvaluateTask(both, &env.browser(), "yes").score == 1);
  CHECK(EvaluateTask(both, &env.browser(), "no").score == 0);
}

}  // namespace
}  // namespace wa
