#include "sim/layout.h"

#include "sim/text.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

NodeId ById(const Document& d, const char* id) {
  NodeId n = d.GetElementById(id);
  REQUIRE(n != kNoNode);
  return n;
}

TEST_CASE("Block flow stacks boxes with collapsed margins", "[layout]") {
  auto t = testing::MakePage(
      "<body><div id=a style='height:100px'></div><div id=b style='margin-top:20px;height:50px'>"
      "</div><p id=c>text</p></body>");
  const auto& boxes = t.page->layout().boxes;
  Box a = boxes[ById(t.doc(), "a")], b = boxes[ById(t.doc(), "b")], c = boxes[ById(t.doc(), "c")];
  CHECK(a.x == 8);  // body margin
  CHECK(a.y == 8);
  CHECK(a.w == 1264);
  CHECK(a.h == 100);
  CHECK(b.y == 128);
  CHECK(c.y == b.y + b.h + 16);  // p margin 1em
  CHECK(c.h == Approx(LineHeight(16)));
}

TEST_CASE("Inline text wraps at the container width", "[layout]") {
  std::string words;
  for (int i = 0; i < 60; ++i) words += "word ";
  auto t = testing::MakePage("<div id=d style='width:200px'><span id=s>" + words + "</span></div>");
  Box s = t.page->layout().boxes[ById(t.doc(), "s")];
  CHECK(s.w <= 200.5f);
  CHECK(s.h > LineHeight(16) * 10);
  Box d = t.page->layout().boxes[ById(t.doc(), "d")];
  CHECK(d.h == Approx(s.h));
}

TEST_CASE("display:none, hidden and visibility", "[layout]") {
  auto t = testing::MakePage(
      "<div id=a style='display:none'><a id=in href=x>x</a></div><div id=b hidden>y</div>"
      "<div id=c style='visibility:hidden'>z</div>");
  const auto& lay = t.page->layout();
  CHECK_FALSE(lay.has_box[ById(t.doc(), "a")]);
  CHECK_FALSE(lay.has_box[ById(t.doc(), "in")]);
  CHECK_FALSE(lay.has_box[ById(t.doc(), "b")]);
  NodeId c = ById(t.doc(), "c");
  CHECK(lay.has_box[c]);
  CHECK_FALSE(t.page->InViewport(c));
}

TEST_CASE("Flex row places items side by side", "[layout]") {
  auto t = testing::MakePage(
      "<div style='display:flex'><div id=a style='width:100px'>a</div><div id=b>bbb</div></div>");
  Box a = t.page->layout().boxes[ById(t.doc(), "a")];
  Box b = t.page->layout().boxes[ById(t.doc(), "b")];
  CHECK(a.y == b.y);
  CHECK(a.w == 100);
  CHECK(b.x == Approx(a.x + 100));
  CHECK(b.w == Approx(TextWidth("bbb", 16)));
}

TEST_CASE("Tables size columns by content", "[layout]") {
  auto t = testing::MakePage(
      "<table><tr><td id=a>short</td><td id=b>a much longer cell text</td></tr>"
      "<tr><td id=c>x</td><td id=d>y</td></tr></table>");
  const auto& bx = t.page->layout().boxes;
  Box a = bx[ById(t.doc(), "a")], b = bx[ById(t.doc(), "b")], c = bx[ById(t.doc(), "c")];
  CHECK(a.y == b.y);
  CHECK(b.x > a.x + a.w);
  CHECK(c.x == a.x);
  CHECK(c.w == a.w);
  CHECK(c.y > a.y);
  CHECK(b.w > a.w);
}

TEST_CASE("Form controls get intrinsic sizes", "[layout]") {
  auto t = testing::MakePage(
      "<input id=t><input id=c type=checkbox><select id=s><option>Longest option</option></select>"
      "<button id=b>Go</button>");
  const auto& bx = t.page->layout().boxes;
  Box in = bx[ById(t.doc(), "t")], cb = bx[ById(t.doc(), "c")];
  CHECK(in.w == Approx(153));
  CHECK(in.h == Approx(LineHeight(13.333f) + 6));
  CHECK(cb.w == 13);
  CHECK(cb.h == 13);
  CHECK(bx[ById(t.doc(), "s")].w > TextWidth("Longest option", 13.333f));
  CHECK(bx[ById(t.doc(), "b")].x > in.x + in.w);
}

TEST_CASE("Scrolling moves the viewport and clamps to the document", "[layout]") {
  auto t = testing::MakePage(
      "<div id=top>top</div><div style='height:2000px'></div><div id=end>end</div>");
  NodeId top = ById(t.doc(), "top"), end = ById(t.doc(), "end");
  CHECK(t.page->InViewport(top));
  CHECK_FALSE(t.page->InViewport(end));
  CHECK(t.page->ScrollBy(480));
  CHECK(t.page->ViewportBox(top).y == Approx(8 - 480));
  CHECK_FALSE(t.page->InViewport(top));
  for (int i = 0; i < 10; ++i) t.page->ScrollBy(480);
  CHECK(t.page->scroll_y() == Approx(t.page->max_scroll()));
  CHECK(t.page->InViewport(end));
  CHECK_FALSE(t.page->ScrollBy(480));
  t.page->ScrollBy(-100000);
  CHECK(t.page->scroll_y() == 0);
}

TEST_CASE("Stylesheet cascade: specificity, order and inline style", "[layout]") {
  auto t = testing::MakePage("<div id=x class='c'>t</div>",
                             "#x { width: 300px } .c { width: 100px } div { width: 50px }");
  CHECK(t.page->layout().boxes[ById(t.doc(), "x")].w == 300);
  auto u = testing::MakePage("<div id=x class='c' style='width: 20px'>t</div>", "#x{width:300px}");
  CHECK(u.page->layout().boxes[ById(u.doc(), "x")].w == 20);
}

TEST_CASE("innerText follows browser rules", "[text]") {
  auto t = testing::MakePage(
      "<div id=r><p>One  two</p><p>three</p><span>a</span> <b>b</b><br>c"
      "<div style='display:none'>hidden</div><ul><li>x</li><li>y</li></ul>"
      "<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table></div>");
  NodeId r = ById(t.doc(), "r");
  CHECK(InnerText(t.doc(), t.page->styles(), r) == "One two\n\nthree\n\na b\nc\nx\ny\n1\t2\n3\t4");
}

}  // namespace
}  // namespace wa
