// The episode viewer (Dear ImGui + GLFW + OpenGL 3): an episode list with filters, step-through
// of one episode with the page drawn from its recorded element boxes, the observation, prompt,
// response and evaluator verdict, the GRPO group side by side, and the training dashboard from
// metrics.jsonl. It can also render a single frame offscreen and write it as PNG.
#ifndef WEBAGENT_VIEWER_VIEWER_H_
#define WEBAGENT_VIEWER_VIEWER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/status.h"

namespace wa {

struct ViewerOptions {
  std::string run;       // run directory or episode store file
  int64_t episode = -1;  // store id of the episode to open first (-1: the first)
  int step = 0;          // step to show first
  std::string tab;       // details tab shown first: response, observation, prompt,
                         // verdict, group, dashboard ("" = response)
  int width = 1600, height = 1000;
  bool live = true;  // poll the store and metrics for new data once a second
};

struct Frame {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // top row first
  // Where the page panel drew the acted element's highlight (frame pixels); empty when none.
  bool has_highlight = false;
  float highlight_x0 = 0, highlight_y0 = 0, highlight_x1 = 0, highlight_y1 = 0;
  // The page canvas (frame pixels).
  float canvas_x0 = 0, canvas_y0 = 0, canvas_x1 = 0, canvas_y1 = 0;
};

// Opens a window and runs until it is closed.
Status RunViewer(const ViewerOptions& options);
// Renders one frame in a hidden window (works under xvfb-run) and returns its pixels.
Result<Frame> RenderFrame(const ViewerOptions& options);
// RenderFrame, then writes the pixels as PNG (atomically).
Status WriteScreenshot(const ViewerOptions& options, const std::string& png_path);

// Benchmark: renders `frames` frames in a hidden window while the episode list scrolls by
// `rows_per_frame` rows each frame, and returns the frames per second achieved (swap interval 0).
Result<double> MeasureListScrolling(const ViewerOptions& options, int frames, int rows_per_frame);

// Colour of the acted-element highlight (RGB).
inline constexpr uint8_t kHighlightRgb[3] = {255, 140, 0};

}  // namespace wa

#endif  // WEBAGENT_VIEWER_VIEWER_H_
