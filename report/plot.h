// Line charts written as PNG files (stb_image_write), with axes, ticks, a legend and labels
// drawn in stb_easy_font's bitmap font: enough for the figures the training runs produce
// (success rate against the interaction cap, curves over training steps) without Python.
#ifndef WEBAGENT_REPORT_PLOT_H_
#define WEBAGENT_REPORT_PLOT_H_

#include <string>
#include <vector>

#include "sim/status.h"

namespace wa {

struct Series {
  std::string name;
  std::vector<double> x, y;  // same length; points are joined in order
};

struct ChartOptions {
  std::string title, x_label, y_label;
  int width = 800, height = 500;
  double y_min = 0, y_max = 0;  // y_max <= y_min: from the data (rounded up)
  std::vector<double> x_ticks;  // empty: the x values of the first series
};

// Renders the chart into RGB pixels (width * height * 3).
std::vector<unsigned char> RenderLineChart(const std::vector<Series>& series,
                                           const ChartOptions& options);
// Renders and writes a PNG (atomically).
Status WriteLineChartPng(const std::string& path, const std::vector<Series>& series,
                         const ChartOptions& options);

}  // namespace wa

#endif  // WEBAGENT_REPORT_PLOT_H_
