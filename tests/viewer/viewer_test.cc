// Rendering tests; they need a display and run under xvfb-run (CTest test viewer_gl).
#include "viewer/viewer.h"

#include <catch2/catch.hpp>

#include <set>

#include "tests/viewer/viewer_test_util.h"

namespace wa {
namespace {

bool IsHighlight(const Frame& f, int x, int y) {
  const uint8_t* p = &f.rgba[(static_cast<size_t>(y) * f.width + x) * 4];
  return p[0] == kHighlightRgb[0] && p[1] == kHighlightRgb[1] && p[2] == kHighlightRgb[2];
}

TEST_CASE("Viewer frame: not blank, the acted element highlighted at its recorded box", "[.gl]") {
  TempDir dir("frame");
  WriteTestStore((dir.path / "episodes.sqlite").string(), 4, /*clicked=*/1);
  ViewerOptions o;
  o.run = dir.path.string();
  o.width = 1400;
  o.height = 900;
  o.step = 1;
  auto frame = RenderFrame(o);
  REQUIRE(frame.ok());
  REQUIRE(frame->width == 1400);
  REQUIRE(frame->height == 900);
  std::set<uint32_t> colours;
  for (size_t i = 0; i + 3 < frame->rgba.size(); i += 4 * 7) {
    colours.insert(frame->rgba[i] << 16 | frame->rgba[i + 1] << 8 | frame->rgba[i + 2]);
  }
  CHECK(colours.size() > 20);  // text, boxes, panels: far from blank
  REQUIRE(frame->has_highlight);
  const int x0 = static_cast<int>(frame->highlight_x0), y0 = static_cast<int>(frame->highlight_y0);
  const int x1 = static_cast<int>(frame->highlight_x1), y1 = static_cast<int>(frame->highlight_y1);
  REQUIRE(x1 > x0);
  REQUIRE(y1 > y0);
  // The highlight sits inside the page canvas, where element 1's recorded box maps.
  CHECK(x0 >= static_cast<int>(frame->canvas_x0) - 4);
  CHECK(x1 <= static_cast<int>(frame->canvas_x1) + 4);
  int inside = 0, outside = 0;
  for (int y = 0; y < frame->height; ++y) {
    for (int x = 0; x < frame->width; ++x) {
      if (!IsHighlight(*frame, x, y)) continue;
      bool in = x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1;
      (in ? inside : outside)++;
    }
  }
  CHECK(inside > 40);   // the border drawn around the box
  CHECK(outside == 0);  // and nowhere else

  // Acting on another element moves the highlight.
  TempDir other("frame2");
  WriteTestStore((other.path / "episodes.sqlite").string(), 2, /*clicked=*/3);
  o.run = other.path.string();
  auto moved = RenderFrame(o);
  REQUIRE(moved.ok());
  REQUIRE(moved->has_highlight);
  CHECK(moved->highlight_x0 != frame->highlight_x0);
}

int CountColour(const Frame& f, uint8_t r, uint8_t g, uint8_t b) {
  int n = 0;
  for (size_t i = 0; i + 3 < f.rgba.size(); i += 4) {
    n += f.rgba[i] == r && f.rgba[i + 1] == g && f.rgba[i + 2] == b;
  }
  return n;
}

TEST_CASE("Viewer frame: the Changes tab lists the rows the replayed episode inserted", "[.gl]") {
  TempDir dir("changes");
  WriteReplayableEpisode((dir.path / "episodes.sqlite").string());
  ViewerOptions o;
  o.run = dir.path.string();
  o.width = 1400;
  o.height = 900;
  o.tab = "changes";
  auto frame = RenderFrame(o);
  REQUIRE(frame.ok());
  // Inserted rows are labelled in green (0.1, 0.55, 0.2); no other panel uses that colour.
  CHECK(CountColour(*frame, 26, 140, 51) > 10);
  o.tab = "response";
  auto other = RenderFrame(o);
  REQUIRE(other.ok());
  CHECK(CountColour(*other, 26, 140, 51) == 0);
}

TEST_CASE("Viewer frame: a missing or corrupt store shows a message instead of crashing", "[.gl]") {
  TempDir dir("missing");
  ViewerOptions o;
  o.run = (dir.path / "none").string();
  o.width = 800;
  o.height = 400;
  auto frame = RenderFrame(o);
  REQUIRE(frame.ok());
  CHECK_FALSE(frame->has_highlight);
  // The message is drawn in red.
  int red = 0;
  for (size_t i = 0; i + 3 < frame->rgba.size(); i += 4) {
    if (frame->rgba[i] > 150 && frame->rgba[i + 1] < 80 && frame->rgba[i + 2] < 80) ++red;
  }
  CHECK(red > 50);
}

}  // namespace
}  // namespace wa
