#include "sim/selector.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "tests/sim/test_util.h"

namespace wa {
namespace {

const char* kHtml = R"(<html><body>
<div id="main" class="box box-address-billing"><div class="box-content">Billing</div></div>
<ul class="list"><li class="a">1</li><li class="b">2</li><li class="a c">3</li><li>4</li></ul>
<form><input name="product[price]" value="10"><input name="route_from" data-x="abc-def">
<input type="checkbox" name="cb" checked></form>
<div class="submission__vote"><form class="vote vote--upvoted"></form></div>
<a href="/x" title="What’s on your mind?">link</a>
</body></html>)";

std::vector<std::string> Match(const Document& doc, const std::string& sel) {
  auto s = Selector::Parse(sel);
  REQUIRE(s.ok());
  std::vector<std::string> out;
  for (NodeId n : s->QueryAll(doc))
    out.push_back(CollapseWhitespace(doc.TextContent(n)) + "|" + std::string(doc.TagNameOf(n)));
  return out;
}

TEST_CASE("Selector features", "[selector]") {
  auto doc = ParseHtml(kHtml);
  REQUIRE(doc.ok());
  const Document& d = *doc;
  CHECK(Match(d, "#main").size() == 1);
  CHECK(Match(d, ".box.box-address-billing > .box-content") ==
        std::vector<std::string>{"Billing|div"});
  CHECK(Match(d, "div .box-content").size() == 1);
  CHECK(Match(d, "body > .box-content").empty());
  CHECK(Match(d, "li:nth-child(2)") == std::vector<std::string>{"2|li"});
  CHECK(Match(d, "li:nth-child(odd)").size() == 2);
  CHECK(Match(d, "li:nth-child(2n+1)").size() == 2);
  CHECK(Match(d, "li:first-child") == std::vector<std::string>{"1|li"});
  CHECK(Match(d, "li:last-child") == std::vector<std::string>{"4|li"});
  CHECK(Match(d, "li:not(.a)").size() == 2);
  CHECK(Match(d, "li.a, li.b").size() == 3);
  CHECK(Match(d, "li.a + li") == std::vector<std::string>{"2|li", "4|li"});
  CHECK(Match(d, "li.b ~ li").size() == 2);
  CHECK(Match(d, "[name=\"product[price]\"]").size() == 1);
  CHECK(Match(d, "[name^=route]").size() == 1);
  CHECK(Match(d, "[name$=_from]").size() == 1);
  CHECK(Match(d, "[data-x*=\"c-d\"]").size() == 1);
  CHECK(Match(d, "[data-x|=abc]").size() == 1);
  CHECK(Match(d, "[class~=vote]").size() == 1);
  CHECK(Match(d, "[NAME=cb]").size() == 1);  // attribute names are case-insensitive in HTML
  CHECK(Match(d, "[name=CB]").empty());
  CHECK(Match(d, "[name=CB i]").size() == 1);
  CHECK(Match(d, "input:checked").size() == 1);
  CHECK(Match(d, "*").size() == d.size() - 1 - [&] {
    size_t texts = 0;
    for (NodeId n = 0; n < d.size(); ++n) texts += d.IsText(n);
    return texts;
  }());
  // As in browsers, an unclosed bracket at the end is accepted.
  CHECK(Match(d, "[name=\"route_from\"").size() == 1);
  CHECK(Match(d, "[title=\"What’s on your mind?\"").size() == 1);
}

TEST_CASE("Selector specificity and errors", "[selector]") {
  auto s = Selector::Parse("#a .b c, d");
  REQUIRE(s.ok());
  CHECK(s->size() == 2);
  CHECK(s->specificity(0).a == 1);
  CHECK(s->specificity(0).b == 1);
  CHECK(s->specificity(0).c == 1);
  CHECK(s->specificity(1).c == 1);
  for (const char* bad :
       {"", ">", "a >", "a,,b", "::before", ":nth-child(x)", "a[=b]", "a:unknown", "a {", "#"}) {
    INFO(bad);
    auto r = Selector::Parse(bad);
    CHECK_FALSE(r.ok());
    if (!r.ok()) CHECK(r.status().message().find("invalid CSS selector") != std::string::npos);
  }
}

TEST_CASE(":hover matches the hovered element and its ancestors", "[selector]") {
  auto doc = ParseHtml("<div class=menu><span class=t>More</span><div class=sub>x</div></div>");
  REQUIRE(doc.ok());
  auto sel = Selector::Parse(".menu:hover .sub");
  REQUIRE(sel.ok());
  NodeId sub = sel->QueryFirst(*doc);
  CHECK(sub == kNoNode);
  auto title = Selector::Parse(".t");
  MatchState st;
  st.hovered = title->QueryFirst(*doc);
  CHECK(sel->QueryFirst(*doc, 0, &st) != kNoNode);
}

// Every CSS selector that the published WebArena-Lite locators pass to querySelector(All)
// parses, and the attribute forms match what they should.
TEST_CASE("Selectors in the published WebArena-Lite locators parse", "[selector][shared]") {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  std::ifstream in(path);
  nlohmann::json tasks = nlohmann::json::parse(in);
  REQUIRE(tasks.size() == 165);
  std::regex call(R"(querySelector(?:All)?\((['"])((?:(?!\1).)*)\1)");
  int count = 0;
  for (const auto& t : tasks) {
    for (const auto& target : t["eval"].value("program_html", nlohmann::json::array())) {
      std::string loc = target.value("locator", "");
      for (std::sregex_iterator it(loc.begin(), loc.end(), call), end; it != end; ++it) {
        std::string sel = (*it)[2];
        INFO("task " << t["task_id"] << ": " << sel);
        auto parsed = Selector::Parse(sel);
        CHECK(parsed.ok());
        ++count;
      }
    }
  }
  CHECK(count >= 60);
}

}  // namespace
}  // namespace wa
