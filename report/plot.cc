#include "report/plot.h"

#include <stb_easy_font.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sim/file_util.h"

namespace wa {
namespace {

struct Rgb {
  unsigned char r, g, b;
};

constexpr Rgb kPalette[] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                            {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127}};

class Canvas {
 public:
  Canvas(int w, int h) : w_(w), h_(h), px_(static_cast<size_t>(w) * h * 3, 255) {}

  void Set(int x, int y, Rgb c) {
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return;
    size_t i = (static_cast<size_t>(y) * w_ + x) * 3;
    px_[i] = c.r;
    px_[i + 1] = c.g;
    px_[i + 2] = c.b;
  }
  void Fill(int x0, int y0, int x1, int y1, Rgb c) {
    for (int y = std::max(0, y0); y < std::min(h_, y1); ++y) {
      for (int x = std::max(0, x0); x < std::min(w_, x1); ++x) Set(x, y, c);
    }
  }
  // A line `thick` pixels wide (square brush along a DDA walk).
  void Line(double x0, double y0, double x1, double y1, Rgb c, int thick = 1) {
    double dx = x1 - x0, dy = y1 - y0;
    int n = static_cast<int>(std::ceil(std::max(std::fabs(dx), std::fabs(dy)))) + 1;
    for (int i = 0; i <= n; ++i) {
      double t = static_cast<double>(i) / n;
      int x = static_cast<int>(std::lround(x0 + t * dx)),
          y = static_cast<int>(std::lround(y0 + t * dy));
      Fill(x - thick / 2, y - thick / 2, x - thick / 2 + thick, y - thick / 2 + thick, c);
    }
  }
  // Text in stb_easy_font's font, `scale` pixels per font unit; returns the width drawn.
  int Text(int x, int y, const std::string& text, Rgb c, int scale = 2) {
    static char buffer[60000];
    std::string s = text;
    int quads = stb_easy_font_print(0, 0, s.data(), nullptr, buffer, sizeof buffer);
    for (int q = 0; q < quads; ++q) {
      const float* v = reinterpret_cast<const float*>(buffer + q * 64);
      float minx = v[0], maxx = v[0], miny = v[1], maxy = v[1];
      for (int k = 1; k < 4; ++k) {
        minx = std::min(minx, v[k * 4]);
        maxx = std::max(maxx, v[k * 4]);
        miny = std::min(miny, v[k * 4 + 1]);
        maxy = std::max(maxy, v[k * 4 + 1]);
      }
      Fill(x + static_cast<int>(minx * scale), y + static_cast<int>(miny * scale),
           x + static_cast<int>(maxx * scale), y + static_cast<int>(maxy * scale), c);
    }
    return TextWidth(text, scale);
  }
  static int TextWidth(const std::string& text, int scale = 2) {
    std::string s = text;
    return stb_easy_font_width(s.data()) * scale;
  }
  // Text rotated a quarter turn counter-clockwise (for the y-axis label), bottom at y.
  void TextUp(int x, int y, const std::string& text, Rgb c, int scale = 2) {
    int w = TextWidth(text, scale), h = 12 * scale;
    Canvas tmp(std::max(1, w), h);
    tmp.Text(0, 0, text, c, scale);
    for (int ty = 0; ty < h; ++ty) {
      for (int tx = 0; tx < w; ++tx) {
        size_t i = (static_cast<size_t>(ty) * tmp.w_ + tx) * 3;
        if (tmp.px_[i] == 255 && tmp.px_[i + 1] == 255 && tmp.px_[i + 2] == 255) continue;
        Set(x + ty, y - tx, c);
      }
    }
  }
  std::vector<unsigned char> Take() { return std::move(px_); }
  int w() const { return w_; }

 private:
  int w_, h_;
  std::vector<unsigned char> px_;
};

std::string Num(double v) {
  char buf[32];
  if (std::fabs(v - std::round(v)) < 1e-9) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f", v);
  }
  return buf;
}

}  // namespace

std::vector<unsigned char> RenderLineChart(const std::vector<Series>& series,
                                           const ChartOptions& o) {
  Canvas cv(std::max(200, o.width), std::max(150, o.height));
  const int W = std::max(200, o.width), H = std::max(150, o.height);
  const int left = 80, right = 30, top = 50, bottom = 60;
  const int pw = W - left - right, ph = H - top - bottom;
  double xmin = 1e300, xmax = -1e300, ymax = o.y_max, ymin = o.y_min;
  double data_ymax = -1e300;
  for (const Series& s : series) {
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      xmin = std::min(xmin, s.x[i]);
      xmax = std::max(xmax, s.x[i]);
      data_ymax = std::max(data_ymax, s.y[i]);
    }
  }
  if (xmin > xmax) xmin = 0, xmax = 1;
  if (xmax == xmin) xmax = xmin + 1;
  if (ymax <= ymin) {
    // Round the data's top up to a multiple of 10 (at least 10).
    ymax = std::max(ymin + 10, std::ceil(std::max(data_ymax, ymin) / 10.0) * 10.0);
    if (data_ymax >= ymax) ymax += 10;
  }
  auto px = [&](double x) { return left + (x - xmin) / (xmax - xmin) * pw; };
  auto py = [&](double y) { return top + ph - (y - ymin) / (ymax - ymin) * ph; };
  const Rgb black{0, 0, 0}, grid{225, 225, 225}, gray{90, 90, 90};
  // Grid and y ticks: 5 intervals.
  for (int k = 0; k <= 5; ++k) {
    double y = ymin + (ymax - ymin) * k / 5.0;
    int yy = static_cast<int>(std::lround(py(y)));
    cv.Line(left, yy, left + pw, yy, grid);
    std::string label = Num(y);
    cv.Text(left - 10 - Canvas::TextWidth(label), yy - 7, label, gray);
  }
  std::vector<double> xt = o.x_ticks;
  if (xt.empty() && !series.empty()) xt = series[0].x;
  for (double x : xt) {
    int xx = static_cast<int>(std::lround(px(x)));
    cv.Line(xx, top, xx, top + ph, grid);
    std::string label = Num(x);
    cv.Text(xx - Canvas::TextWidth(label) / 2, top + ph + 10, label, gray);
  }
  cv.Line(left, top, left, top + ph, black, 2);
  cv.Line(left, top + ph, left + pw, top + ph, black, 2);
  // Series.
  for (size_t s = 0; s < series.size(); ++s) {
    Rgb c = kPalette[s % (sizeof kPalette / sizeof kPalette[0])];
    const Series& sr = series[s];
    size_t n = std::min(sr.x.size(), sr.y.size());
    for (size_t i = 0; i + 1 < n; ++i) {
      cv.Line(px(sr.x[i]), py(sr.y[i]), px(sr.x[i + 1]), py(sr.y[i + 1]), c, 3);
    }
    for (size_t i = 0; i < n; ++i) {
      int x = static_cast<int>(std::lround(px(sr.x[i]))),
          y = static_cast<int>(std::lround(py(sr.y[i])));
      cv.Fill(x - 4, y - 4, x + 5, y + 5, c);
    }
    // Legend, top left inside the plot.
    int ly = top + 12 + static_cast<int>(s) * 24;
    cv.Fill(left + 16, ly + 4, left + 40, ly + 10, c);
    cv.Text(left + 48, ly - 2, sr.name, black);
  }
  cv.Text((W - Canvas::TextWidth(o.title)) / 2, 14, o.title, black);
  cv.Text(left + (pw - Canvas::TextWidth(o.x_label)) / 2, H - 28, o.x_label, black);
  cv.TextUp(14, top + (ph + Canvas::TextWidth(o.y_label)) / 2, o.y_label, black);
  return cv.Take();
}

Status WriteLineChartPng(const std::string& path, const std::vector<Series>& series,
                         const ChartOptions& options) {
  std::vector<unsigned char> rgb = RenderLineChart(series, options);
  const int W = std::max(200, options.width), H = std::max(150, options.height);
  std::string png;
  auto sink = [](void* ctx, void* data, int size) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data),
                                           static_cast<size_t>(size));
  };
  if (stbi_write_png_to_func(sink, &png, W, H, 3, rgb.data(), W * 3) == 0) {
    return Internal("PNG encoding failed for " + path);
  }
  return WriteFileAtomic(path, png);
}

}  // namespace wa
