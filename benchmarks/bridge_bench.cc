// Simulator against Chromium latency: the oracle's episodes of a split (an even sample across
// sites) replayed in lockstep in the simulator and in headless Chromium against `webagent serve`
// (bridge/validate.h), so both take the same resets and the same actions in one run. Prints the
// per-site parity table and the reset and step latency with their ratios; writes JSON (--out,
// default out/bridge_bench.json). Needs chromium and chromium-driver (scripts/setup.sh).
//   bridge_bench [--tasks N] [--site S]... [--split test|train] [--out FILE]
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <string>

#include "bridge/validate.h"
#include "bridge/webdriver.h"
#include "sim/file_util.h"

int main(int argc, char** argv) {
  wa::ValidateOptions vo;
  vo.max_tasks = 40;
  vo.port_offset = 12000;
  std::string out = "out/bridge_bench.json";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        fmt::print(stderr, "error: {} needs a value\n", a);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--tasks") {
      vo.max_tasks = std::stoul(next());
    } else if (a == "--site") {
      vo.split_options.sites.push_back(next());
    } else if (a == "--split") {
      const std::string s = next();
      if (s != "test" && s != "train") {
        fmt::print(stderr, "error: --split must be test or train\n");
        return 2;
      }
      vo.split = s == "train" ? wa::Split::kTrain : wa::Split::kTest;
    } else if (a == "--out") {
      out = next();
    } else {
      fmt::print(stderr, "usage: bridge_bench [--tasks N] [--site S]... [--split S] [--out F]\n");
      return 2;
    }
  }
  if (!wa::ChromeAvailable()) {
    fmt::print(stderr, "error: chromium and chromium-driver are needed (scripts/setup.sh)\n");
    return 1;
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto report = wa::ValidateSplit(vo, [&](size_t done, size_t total) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (done % 10 != 0 && done != total) return;
    fmt::print(stderr, "bridge_bench: task {}/{} ({:.0f} s)\n", done, total, s);
  });
  if (!report.ok()) {
    fmt::print(stderr, "error: {}\n", report.status().message());
    return 1;
  }
  const nlohmann::json& j = *report;
  fmt::print("Chromium {}, {} tasks, {} steps\n{}", j["browser"].get<std::string>(),
             j["tasks"].get<size_t>(), j["steps"].get<size_t>(), wa::ValidateTable(j));
  const auto& l = j["latency"];
  fmt::print("\n| | simulator (ms) | Chromium (ms) | Chromium / simulator |\n|---|---|---|---|\n");
  fmt::print("| reset, median | {:.3f} | {:.1f} | {:.0f}x |\n",
             l["sim_reset_ms_median"].get<double>(), l["chromium_reset_ms_median"].get<double>(),
             l["reset_ratio"].get<double>());
  fmt::print("| reset, p90 | {:.3f} | {:.1f} | |\n", l["sim_reset_ms_p90"].get<double>(),
             l["chromium_reset_ms_p90"].get<double>());
  fmt::print("| step, median | {:.3f} | {:.1f} | {:.0f}x |\n",
             l["sim_step_ms_median"].get<double>(), l["chromium_step_ms_median"].get<double>(),
             l["step_ratio"].get<double>());
  fmt::print("| step, p90 | {:.3f} | {:.1f} | |\n", l["sim_step_ms_p90"].get<double>(),
             l["chromium_step_ms_p90"].get<double>());
  if (!out.empty()) {
    if (!wa::WriteFileAtomic(out, j.dump(2) + "\n").ok()) {
      fmt::print(stderr, "error: cannot write {}\n", out);
      return 1;
    }
    fmt::print("wrote {}\n", out);
  }
  return 0;
}
