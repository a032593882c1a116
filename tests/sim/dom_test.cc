#include "sim/dom.h"

#include "tests/sim/test_util.h"

namespace wa {
namespace {

TEST_CASE("ParseHtml builds a flat pre-order tree with interned names", "[dom]") {
  auto doc = ParseHtml(
      "<html><head><title> Hi  there </title></head><body>"
      "<div id=a class='x y'><p>One &amp; two</p><span>3</span></div></body></html>");
  REQUIRE(doc.ok());
  NodeId a = doc->GetElementById("a");
  REQUIRE(a != kNoNode);
  CHECK(doc->tag(a) == Tag::kDiv);
  CHECK(doc->TagNameOf(a) == "div");
  CHECK(doc->HasClass(a, "x"));
  CHECK(doc->HasClass(a, "y"));
  CHECK_FALSE(doc->HasClass(a, "z"));
  CHECK(doc->TextContent(a) == "One & two3");
  CHECK(doc->Title() == "Hi there");
  // Subtree ranges are contiguous in pre-order.
  for (NodeId n = a + 1; n < doc->node(a).subtree_end; ++n) CHECK(doc->IsInclusiveAncestor(a, n));
  CHECK(doc->node(a).subtree_end == doc->size());
  CHECK(doc->body() != kNoNode);
  CHECK(doc->head() != kNoNode);
}

TEST_CASE("Malformed HTML is repaired as a browser would", "[dom]") {
  auto doc = ParseHtml(
      "<div><p>unclosed <b>bold <i>both</b> after</div><table><td>cell</table>"
      "<<>><p attr=\"no end");
  REQUIRE(doc.ok());
  CHECK(doc->html() != kNoNode);
  CHECK(doc->body() != kNoNode);
  CHECK(doc->TextContent(0).find("cell") != std::string::npos);
  bool has_td = false;
  for (NodeId n = 0; n < doc->size(); ++n) has_td |= doc->IsElement(n) && doc->tag(n) == Tag::kTd;
  CHECK(has_td);
}

TEST_CASE("Empty and binary input still produce a document", "[dom]") {
  auto empty = ParseHtml("");
  REQUIRE(empty.ok());
  CHECK(empty->html() != kNoNode);
  std::string junk("\x00\xff\xfe<div>\x80</div>", 14);
  auto doc = ParseHtml(junk);
  REQUIRE(doc.ok());
  CHECK(doc->body() != kNoNode);
}

TEST_CASE("Attributes keep the first occurrence and source order", "[dom]") {
  auto doc = ParseHtml("<input name=a name=b type=text value='v'>");
  REQUIRE(doc.ok());
  NodeId input = kNoNode;
  for (NodeId n = 0; n < doc->size(); ++n) {
    if (doc->IsElement(n) && doc->tag(n) == Tag::kInput) input = n;
  }
  REQUIRE(input != kNoNode);
  CHECK(doc->AttrOr(input, "name") == "a");
  std::vector<std::string> names;
  for (const Attribute* at = doc->attrs_begin(input); at != doc->attrs_end(input); ++at) {
    names.emplace_back(doc->AttrName(*at));
  }
  CHECK(names == std::vector<std::string>{"name", "type", "value"});
  CHECK_FALSE(doc->Attr(input, "missing").has_value());
}

TEST_CASE("CollapseWhitespace and HtmlEscape", "[dom]") {
  CHECK(CollapseWhitespace("  a \n\t b  ") == "a b");
  CHECK(CollapseWhitespace("") == "");
  CHECK(HtmlEscape("<a href=\"x\">&</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
}

}  // namespace
}  // namespace wa
