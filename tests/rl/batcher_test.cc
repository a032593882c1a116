#include "rl/batcher.h"

#include <catch2/catch.hpp>

#include <map>

#include "sim/rng.h"

namespace wa {
namespace {

Transformer Tiny(uint64_t seed, int64_t copy = 0) {
  ModelConfig c = *NamedConfig("tiny", 300);
  c.copy_head_dim = copy;
  return NewModel(c, seed);
}

std::vector<std::vector<TokenId>> Prompts(size_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::vector<TokenId>> out;
  for (size_t i = 0; i < n; ++i) {
    std::vector<TokenId> p(static_cast<size_t>(rng.Range(3, 40)));
    for (TokenId& t : p) t = static_cast<TokenId>(rng.Range(1, 299));
    out.push_back(std::move(p));
  }
  return out;
}

TEST_CASE("Continuous batching decodes what one-at-a-time generation decodes", "[rl][batcher]") {
  const int64_t copy = GENERATE(0, 16);  // a copy head's cache entry moves with the rows
  INFO("copy head " << copy);
  torch::manual_seed(0);
  Transformer model = Tiny(3, copy);
  auto prompts = Prompts(9, 5);
  BatcherOptions bo;
  bo.max_batch = 3;  // fewer slots than prompts: finished sequences make room for waiting ones
  bo.max_prompt = 64;
  bo.sampling.greedy = true;
  bo.sampling.max_new_tokens = 12;
  bo.sampling.stop_tokens = {7, 11};
  ContinuousBatcher batcher(model, bo);
  for (size_t i = 0; i < prompts.size(); ++i) REQUIRE(batcher.Add(i, prompts[i], i).ok());
  std::map<uint64_t, Generation> got;
  size_t max_running = 0;
  int steps = 0;
  while (!batcher.idle()) {
    for (auto& f : batcher.Step()) got[f.id] = std::move(f.generation);
    max_running = std::max(max_running, batcher.running());
    REQUIRE(++steps < 1000);
    // The shared axis never grows past what the longest live sequence needs twice over.
    CHECK(batcher.axis_length() <= 2 * (64 + 12) + 2);
  }
  CHECK(max_running == 3);
  REQUIRE(got.size() == prompts.size());
  for (size_t i = 0; i < prompts.size(); ++i) {
    Generation alone = Generate(model, {prompts[i]}, bo.sampling)[0];
    INFO("prompt " << i);
    CHECK(got[i].tokens == alone.tokens);
    CHECK(got[i].finish == alone.finish);
    REQUIRE(got[i].logprobs.size() == alone.logprobs.size());
    for (size_t k = 0; k < alone.logprobs.size(); ++k) {
      CHECK(got[i].logprobs[k] == Approx(alone.logprobs[k]).margin(1e-4));
    }
  }
}

TEST_CASE("Continuous batching samples reproducibly from per-request seeds", "[rl][batcher]") {
  Transformer model = Tiny(4);
  auto prompts = Prompts(6, 8);
  auto run = [&](int max_batch) {
    BatcherOptions bo;
    bo.max_batch = max_batch;
    bo.max_prompt = 64;
    bo.sampling.max_new_tokens = 10;
    ContinuousBatcher batcher(model, bo);
    for (size_t i = 0; i < prompts.size(); ++i) REQUIRE(batcher.Add(i, prompts[i], 100 + i).ok());
    std::map<uint64_t, std::vector<TokenId>> out;
    while (!batcher.idle()) {
      for (auto& f : batcher.Step()) out[f.id] = f.generation.tokens;
    }
    return out;
  };
  auto a = run(2), b = run(2), c = run(6);
  CHECK(a == b);
  // The stream belongs to the request, so a different batch layout draws the same tokens
  // (the model's numbers agree to float rounding, far from any sampling boundary here).
  CHECK(a == c);
  CHECK(a.size() == prompts.size());
}

TEST_CASE("The batcher rejects empty and oversized prompts", "[rl][batcher]") {
  BatcherOptions bo;
  bo.max_prompt = 8;
  ContinuousBatcher batcher(Tiny(1), bo);
  CHECK_FALSE(batcher.Add(1, {}, 0).ok());
  CHECK_FALSE(batcher.Add(2, std::vector<TokenId>(9, 5), 0).ok());
  CHECK(batcher.Add(3, std::vector<TokenId>(8, 5), 0).ok());
  CHECK(batcher.waiting() == 1);
}

}  // namespace
}  // namespace wa
