// Viewer benchmark: writes a large episode store (default about 1 GB: 10,000 episodes of 10 steps
// with 10 KB observations and prompts), then measures opening it (schema check and the episode
// index), loading one episode, and the frame rate while the 10,000-row episode list scrolls
// (needs a display: run under xvfb-run for the software renderer). Writes JSON (--out).
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include "agent/episode_store.h"
#include "sim/file_util.h"
#include "sim/rng.h"
#include "viewer/run_store.h"
#include "viewer/viewer.h"

namespace {

using Clock = std::chrono::steady_clock;
double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Text of `bytes` bytes drawn from a small vocabulary (compresses like real observations do not
// matter here: SQLite stores it as is).
std::string Text(wa::Rng& rng, size_t bytes) {
  static const char* words[] = {"<a id=\"12\">", "Add to Cart", "$24.99",  "</a>",  "<div>",
                                "Shop by brand", "reviews",     "</div> ", "price", "Search "};
  std::string s;
  while (s.size() < bytes) s += words[rng.Uniform(10)];
  s.resize(bytes);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "out/viewer_bench", out = "out/viewer_bench.json";
  int episodes = 10000, steps = 10, frames = 300;
  size_t text_bytes = 5000;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    if (a == "--dir") {
      dir = next();
    } else if (a == "--out") {
      out = next();
    } else if (a == "--episodes") {
      episodes = std::stoi(next());
    } else if (a == "--steps") {
      steps = std::stoi(next());
    } else if (a == "--text-bytes") {
      text_bytes = std::stoul(next());
    } else if (a == "--frames") {
      frames = std::stoi(next());
    } else {
      fmt::print(
          "usage: viewer_bench [--dir DIR] [--out FILE] [--episodes N] [--steps K] "
          "[--text-bytes B] [--frames F]\n(reuses DIR/episodes.sqlite when it exists)\n");
      return a == "--help" ? 0 : 2;
    }
  }
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  const std::string path = (fs::path(dir) / "episodes.sqlite").string();
  nlohmann::json result;
  if (!fs::exists(path)) {
    auto t0 = Clock::now();
    auto store = wa::EpisodeStore::Open(path, "viewer-bench", {});
    if (!store.ok()) {
      fmt::print(stderr, "error: {}\n", store.status().message());
      return 1;
    }
    wa::Rng rng(1);
    nlohmann::json boxes = nlohmann::json::array();
    for (int b = 0; b < 60; ++b) {
      boxes.push_back(
          {b, 20 * (b % 10), 40 * (b / 10), 100, 20, "a", "Product name " + std::to_string(b)});
    }
    for (int e = 0; e < episodes; ++e) {
      wa::EpisodeRecord rec;
      rec.stage = "grpo";
      rec.split = "train";
      rec.task_id = e / 4;
      rec.template_id = e % 45;
      rec.sites = "shopping";
      rec.intent = "Task " + std::to_string(e) + ": what is the price of product " +
                   std::to_string(rng.Uniform(2000));
      rec.policy_version = e / 32;
      rec.group = e / 4;
      rec.member = e % 4;
      rec.reward = rng.Uniform(4) == 0 ? 1.0f : 0.0f;
      rec.verdict = "FAIL string_match";
      for (int s = 0; s < steps; ++s) {
        wa::StepRecord st;
        st.url = "http://localhost:7770/";
        st.observation = Text(rng, text_bytes);
        st.prompt = Text(rng, text_bytes);
        st.response =
            "<think> # Note: x </think>\n<answer> do(action=\"Click\", element=\"3\") </answer>";
        st.action = "do(action=\"Click\", element=\"3\")";
        st.boxes = boxes;
        rec.steps.push_back(std::move(st));
      }
      (*store)->Add(std::move(rec));
      if ((e + 1) % 1000 == 0) {
        if (!(*store)->Flush().ok()) return 1;
        double el = Seconds(t0, Clock::now());
        fmt::print("[viewer_bench] wrote {}/{} episodes, {:.0f} s, ETA {:.0f} s\n", e + 1, episodes,
                   el, el / (e + 1) * (episodes - e - 1));
      }
    }
    if (!(*store)->Flush().ok()) return 1;
    result["write_s"] = Seconds(t0, Clock::now());
  }
  double mb = static_cast<double>(fs::file_size(path)) / (1 << 20);
  result["store_mb"] = mb;
  auto t0 = Clock::now();
  auto store = wa::RunStore::Open(dir);
  if (!store.ok()) {
    fmt::print(stderr, "error: {}\n", store.status().message());
    return 1;
  }
  auto list = (*store)->Episodes();
  auto t1 = Clock::now();
  if (!list.ok() || list->empty()) return 1;
  auto ep = (*store)->Load((*list)[list->size() / 2].id);
  auto t2 = Clock::now();
  if (!ep.ok()) return 1;
  result["open_s"] = Seconds(t0, t1);
  result["load_episode_s"] = Seconds(t1, t2);
  result["episodes"] = list->size();
  fmt::print(
      "store {:.0f} MB, {} episodes: open + episode index {:.3f} s, load one episode {:.4f} s\n",
      mb, list->size(), Seconds(t0, t1), Seconds(t1, t2));
  wa::ViewerOptions o;
  o.run = dir;
  o.live = false;
  auto fps = wa::MeasureListScrolling(o, frames, 3);
  if (fps.ok()) {
    result["list_scroll_fps"] = *fps;
    fmt::print("scrolling the episode list: {:.1f} frames/s over {} frames ({}x{})\n", *fps, frames,
               o.width, o.height);
  } else {
    fmt::print("frame rate not measured: {}\n", fps.status().message());
  }
  fmt::print("targets: open < 2 s: {} | list scrolling >= 60 fps: {}\n",
             result["open_s"].get<double>() < 2 ? "met" : "NOT met",
             !fps.ok()    ? "not measured"
             : *fps >= 60 ? "met"
                          : "NOT met");
  if (!wa::WriteFileAtomic(out, result.dump(2) + "\n").ok()) return 1;
  fmt::print("wrote {}\n", out);
  return 0;
}
