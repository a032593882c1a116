// Policy-model benchmark: generation tokens/s with and without the KV cache at several context
// lengths and batch sizes, prefill tokens/s, and teacher-forced scoring tokens/s, for named model
// sizes with random weights. Configurations whose estimated time exceeds --budget-s are skipped
// and reported as such (a 0.5B model at 4,096 tokens x 16 without a cache is hours on 2 cores).
// Prints a table and writes JSON (--out, default out/model_bench.json).
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rl/generate.h"
#include "rl/model.h"
#include "sim/file_util.h"

namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::vector<int> Ints(const std::string& csv) {
  std::vector<int> out;
  std::stringstream ss(csv);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::stoi(item));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Policy-model generation and scoring benchmark"};
  std::string sizes = "small,qwen2.5-0.5b", contexts = "256,1024,4096", batches = "1,16";
  std::string device_name = "cpu", dtype_name, out = "out/model_bench.json";
  int new_tokens = 16, threads = 0;
  double budget = 60;
  app.add_option("--sizes", sizes, "Named sizes, comma-separated")->capture_default_str();
  app.add_option("--contexts", contexts, "Prompt lengths")->capture_default_str();
  app.add_option("--batches", batches, "Batch sizes")->capture_default_str();
  app.add_option("--new-tokens", new_tokens, "Generated tokens per sequence")
      ->capture_default_str();
  app.add_option("--budget-s", budget, "Skip configurations estimated to take longer")
      ->capture_default_str();
  app.add_option("--device", device_name, "cpu or cuda")->capture_default_str();
  app.add_option("--dtype", dtype_name, "float32 / bfloat16 (default: fp32 CPU, bf16 CUDA)");
  app.add_option("--threads", threads, "torch intra-op threads (0: all cores)")
      ->capture_default_str();
  app.add_option("--out", out, "JSON output")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  int used_threads = wa::ConfigureTorchThreads(threads);
  auto device = wa::ParseDevice(device_name);
  if (!device.ok()) {
    fmt::print(stderr, "error: {}\n", device.status().message());
    return 2;
  }
  auto dtype = wa::ParseDtype(dtype_name.empty() ? (device->is_cuda() ? "bfloat16" : "float32")
                                                 : dtype_name);
  if (!dtype.ok()) {
    fmt::print(stderr, "error: {}\n", dtype.status().message());
    return 2;
  }
  auto sync = [&] {
    if (device->is_cuda()) torch::cuda::synchronize();
  };
  nlohmann::json result = {
      {"device", device->str()},
      {"dtype", dtype_name.empty() ? (device->is_cuda() ? "bfloat16" : "float32") : dtype_name},
      {"torch_threads", used_threads},
      {"new_tokens", new_tokens},
      {"runs", nlohmann::json::array()}};
  fmt::print("device {}, {} torch threads, {} new tokens per sequence\n\n", device->str(),
             used_threads, new_tokens);
  fmt::print("{:<14}{:>7}{:>7}{:>7}{:>14}{:>14}{:>10}\n", "model", "ctx", "batch", "cache",
             "prefill tok/s", "decode tok/s", "seconds");
  for (const std::string& size : [&] {
         std::vector<std::string> v;
         std::stringstream ss(sizes);
         std::string s;
         while (std::getline(ss, s, ',')) v.push_back(s);
         return v;
       }()) {
    auto config = wa::NamedConfig(size);
    if (!config.ok()) {
      fmt::print(stderr, "error: {}\n", config.status().message());
      return 2;
    }
    config->max_position_embeddings = 1 << 16;
    wa::Transformer model = wa::NewModel(*config, 1);
    model->to(*device, *dtype);
    model->eval();
    torch::NoGradGuard no_grad;
    {
      // Warm-up: first-call allocations and thread start-up are not part of any measurement.
      wa::GenerateOptions w;
      w.max_new_tokens = 2;
      wa::Generate(model, {std::vector<wa::TokenId>(32, 1)}, w);
    }
    double prefill_rate = 0;  // tokens/s measured at the smallest setting, for estimates
    for (int ctx : Ints(contexts)) {
      for (int batch : Ints(batches)) {
        for (bool cache : {true, false}) {
          nlohmann::json run = {
              {"model", size}, {"context", ctx}, {"batch", batch}, {"cache", cache}};
          // Estimate: prefill of batch x ctx tokens, plus (without a cache) one full forward per
          // new token.
          double est = prefill_rate > 0 ? static_cast<double>(batch) * ctx / prefill_rate * 2 *
                                              (cache ? 2.0 + 0.05 * new_tokens : 1.0 + new_tokens) *
                                              (1.0 + ctx / 4096.0)
                                        : 0;
          if (est > budget) {
            run["skipped"] = fmt::format("estimated {:.0f} s > budget {:.0f} s", est, budget);
            fmt::print("{:<14}{:>7}{:>7}{:>7}{:>14}{:>14}{:>10}\n", size, ctx, batch,
                       cache ? "yes" : "no", "-", "-", fmt::format("~{:.0f}", est));
            result["runs"].push_back(run);
            continue;
          }
          // Direct measurement: a chunked prefill into a KV cache, then `new_tokens` greedy decode
          // steps (forward + argmax) with the cache, or full recomputations without it.
          auto i64 = torch::TensorOptions().dtype(torch::kInt64);
          const int64_t B = batch, L = ctx, N = new_tokens;
          torch::Tensor ids = (torch::arange(B * L, i64).view({B, L}) * 7919) % config->vocab_size;
          torch::Tensor pos =
              torch::arange(L + N, i64).unsqueeze(0).expand({B, L + N}).contiguous();
          torch::Tensor key = torch::ones({B, L + N}, torch::kBool);
          ids = torch::cat({ids, torch::zeros({B, N}, i64)}, 1).to(*device);
          pos = pos.to(*device);
          key = key.to(*device);
          auto run_once = [&](double* prefill_out) {
            wa::KVCache kv = model->NewCache(B, L + N);
            sync();
            auto t0 = Clock::now();
            torch::Tensor logits;
            for (int64_t c = 0; c < L; c += 512) {
              int64_t n = std::min<int64_t>(512, L - c);
              logits = model->Forward(ids.narrow(1, c, n), pos.narrow(1, c, n),
                                      key.narrow(1, 0, c + n), &kv, true);
            }
            sync();
            *prefill_out = Since(t0);
            auto t1 = Clock::now();
            for (int64_t s = 0; s < N; ++s) {
              ids.narrow(1, L + s, 1).copy_(logits.argmax(-1));
              if (cache) {
                logits = model->Forward(ids.narrow(1, L + s, 1), pos.narrow(1, L + s, 1),
                                        key.narrow(1, 0, L + s + 1), &kv, true);
              } else {
                logits = model->Forward(ids.narrow(1, 0, L + s + 1), pos.narrow(1, 0, L + s + 1),
                                        key.narrow(1, 0, L + s + 1), nullptr, true);
              }
            }
            sync();
            return Since(t1);
          };
          double prefill_s = 1e30, decode_s = 1e30;
          for (int rep = 0; rep < 2; ++rep) {  // best of 2 (the first also warms the shape)
            double p = 0;
            decode_s = std::min(decode_s, run_once(&p));
            prefill_s = std::min(prefill_s, p);
          }
          double total_s = prefill_s + decode_s;
          double prefill_tps = static_cast<double>(B * L) / prefill_s;
          if (prefill_rate == 0) prefill_rate = prefill_tps;
          double decode_tps = static_cast<double>(B * N) / decode_s;
          run["prefill_tokens_per_s"] = prefill_tps;
          run["decode_tokens_per_s"] = decode_tps;
          run["seconds"] = total_s;
          fmt::print("{:<14}{:>7}{:>7}{:>7}{:>14.0f}{:>14.1f}{:>10.2f}\n", size, ctx, batch,
                     cache ? "yes" : "no", prefill_tps, decode_tps, total_s);
          std::fflush(stdout);
          result["runs"].push_back(run);
        }
      }
    }
    // Scoring (teacher forcing, no gradients): 4 sequences of 256 context + 256 response tokens.
    std::vector<wa::ScoreRequest> req(4);
    for (size_t i = 0; i < req.size(); ++i) {
      for (int t = 0; t < 256; ++t) {
        req[i].context.push_back(
            static_cast<wa::TokenId>((t * 31 + static_cast<int>(i)) % config->vocab_size));
        req[i].response.push_back(static_cast<wa::TokenId>((t * 17 + 5) % config->vocab_size));
      }
    }
    wa::Score(model, {req[0]});
    sync();
    auto t0 = Clock::now();
    wa::Score(model, req);
    sync();
    double score_s = Since(t0);
    double score_tps = 4.0 * 512 / score_s;
    fmt::print("{:<14} scoring 4 x (256 + 256) tokens: {:.0f} tokens/s\n", size, score_tps);
    result["scoring"][size] = {{"tokens_per_s", score_tps}, {"seconds", score_s}};
  }
  if (wa::Status st = wa::WriteFileAtomic(out, result.dump(2) + "\n"); !st.ok()) {
    fmt::print(stderr, "error: {}\n", st.message());
    return 1;
  }
  fmt::print("wrote {}\n", out);
  return 0;
}
