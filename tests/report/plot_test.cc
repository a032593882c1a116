#include "report/plot.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace wa {
namespace {

bool IsColor(const std::vector<unsigned char>& px, int w, int x, int y, int r, int g, int b) {
  size_t i = (static_cast<size_t>(y) * w + x) * 3;
  return px[i] == r && px[i + 1] == g && px[i + 2] == b;
}

TEST_CASE("Line charts put each point where its value is", "[report][plot]") {
  ChartOptions o;
  o.width = 400;
  o.height = 300;
  o.y_min = 0;
  o.y_max = 100;
  o.title = "t";
  Series a{"a", {5, 10, 15}, {0, 50, 100}};
  std::vector<unsigned char> px = RenderLineChart({a}, o);
  REQUIRE(px.size() == 400u * 300u * 3u);
  // Plot area: left 80, right 30, top 50, bottom 60 -> x in [80, 370], y in [50, 240].
  // The middle point (10, 50) sits at (225, 145) in the first palette colour.
  CHECK(IsColor(px, 400, 225, 145, 31, 119, 180));
  CHECK(IsColor(px, 400, 370, 50, 31, 119, 180));  // (15, 100): top right corner
  // Far from every line the background stays white.
  CHECK(IsColor(px, 400, 300, 220, 255, 255, 255));
}

TEST_CASE("Line charts are written as PNG files", "[report][plot]") {
  auto path = std::filesystem::temp_directory_path() / "webagent_plot_test.png";
  std::filesystem::remove(path);
  ChartOptions o;
  o.title = "success against the cap";
  REQUIRE(WriteLineChartPng(path.string(), {{"bc", {5, 10}, {1, 2}}, {"grpo", {5, 10}, {3, 4}}}, o)
              .ok());
  std::ifstream f(path, std::ios::binary);
  std::string head(8, '\0');
  f.read(head.data(), 8);
  CHECK(head == std::string("\x89PNG\r\n\x1a\n", 8));
  CHECK(std::filesystem::file_size(path) > 1000);
  // A path below a regular file cannot be written.
  std::ofstream(path) << "x";
  CHECK_FALSE(WriteLineChartPng((path / "x.png").string(), {}, o).ok());
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace wa
