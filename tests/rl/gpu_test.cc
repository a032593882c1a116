// The policy model on a CUDA device. Hidden tests (tag [.gpu]): the unit run on a CPU-only
// libtorch leaves them out; `ctest -L gpu` (registered when the linked libtorch has CUDA) and
// scripts/gpu_check.sh run them. Each compares the GPU against the CPU reference or against itself
// (cache against recomputation, batch against single), so a wrong kernel or a tensor left on the
// wrong device fails here rather than in a training run.
// The torch headers first: libtorch 2.x defines a glog-style CHECK that Catch's must replace.
#include "rl/generate.h"
#include "rl/model.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include <unistd.h>

namespace wa {
namespace {

torch::Device Cuda() {
  auto d = ParseDevice("cuda");
  REQUIRE(d.ok());
  return *d;
}

Transformer TinyOn(torch::Device device, torch::Dtype dtype, int64_t copy, uint64_t seed) {
  ModelConfig c = *NamedConfig("tiny");
  c.tie_word_embeddings = false;
  c.copy_head_dim = copy;
  Transformer m = NewModel(c, seed);
  m->to(device, dtype);
  m->eval();
  return m;
}

float MaxDiff(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.to(torch::kCPU, torch::kFloat32) - b.to(torch::kCPU, torch::kFloat32))
      .abs()
      .max()
      .item<float>();
}

TEST_CASE("CUDA fp32: cached decoding matches recomputation and the CPU", "[.gpu][rl]") {
  const int64_t copy = GENERATE(0, 16);
  INFO("copy head " << copy);
  const torch::Device cuda = Cuda();
  Transformer gpu = TinyOn(cuda, torch::kFloat32, copy, 7);
  Transformer cpu = TinyOn(torch::kCPU, torch::kFloat32, copy, 7);  // same seed, same weights
  CHECK(gpu->device().is_cuda());
  torch::NoGradGuard ng;
  const int64_t T = 24;
  torch::Tensor ids = torch::randint(0, 512, {2, T}, torch::kInt64);
  torch::Tensor pos = torch::arange(T, torch::kInt64).unsqueeze(0).expand({2, T}).contiguous();
  torch::Tensor key = torch::ones({2, T}, torch::kBool);
  torch::Tensor full_cpu = cpu->Forward(ids, pos, key);
  torch::Tensor full = gpu->Forward(ids.to(cuda), pos.to(cuda), key.to(cuda));
  CHECK(full.device().is_cuda());
  INFO("max |cuda - cpu| " << MaxDiff(full, full_cpu));
  CHECK(MaxDiff(full, full_cpu) < 1e-3);
  {
    // A left-padded row: its real positions give the CPU's logits.
    torch::Tensor padded = key.clone();
    padded[1].narrow(0, 0, 5).fill_(false);
    torch::Tensor a = cpu->Forward(ids, pos, padded).select(0, 1).narrow(0, 5, T - 5);
    torch::Tensor b =
        gpu->Forward(ids.to(cuda), pos.to(cuda), padded.to(cuda)).select(0, 1).narrow(0, 5, T - 5);
    INFO("padded row: max |cuda - cpu| " << MaxDiff(a, b));
    CHECK(MaxDiff(a, b) < 1e-3);
  }
  KVCache cache = gpu->NewCache(2, T);
  torch::Tensor first = gpu->Forward(ids.narrow(1, 0, 10).to(cuda), pos.narrow(1, 0, 10).to(cuda),
                                     key.narrow(1, 0, 10).to(cuda), &cache);
  INFO("prefill: max |cached - full| " << MaxDiff(first, full.narrow(1, 0, 10)));
  CHECK(MaxDiff(first, full.narrow(1, 0, 10)) < 1e-4);
  for (int64_t t = 10; t < T; ++t) {
    torch::Tensor step = gpu->Forward(ids.narrow(1, t, 1).to(cuda), pos.narrow(1, t, 1).to(cuda),
                                      key.narrow(1, 0, t + 1).to(cuda), &cache);
    INFO("step " << t << ": max |cached - full| " << MaxDiff(step.select(1, 0), full.select(1, t)));
    CHECK(MaxDiff(step.select(1, 0), full.select(1, t)) < 1e-4);
  }
  // Greedy generation: cached = uncached on the GPU, and the same tokens as on the CPU.
  GenerateOptions o;
  o.greedy = true;
  o.max_new_tokens = 20;
  std::vector<std::vector<TokenId>> prompts = {{1, 2, 3, 4, 5}, {9, 8, 7}};
  auto cached = Generate(gpu, prompts, o);
  auto on_cpu = Generate(cpu, prompts, o);
  o.use_cache = false;
  auto uncached = Generate(gpu, prompts, o);
  for (size_t i = 0; i < prompts.size(); ++i) {
    CHECK(cached[i].tokens == uncached[i].tokens);
    CHECK(cached[i].tokens == on_cpu[i].tokens);
    REQUIRE(cached[i].logprobs.size() == on_cpu[i].logprobs.size());
    for (size_t k = 0; k < cached[i].logprobs.size(); ++k) {
      CHECK(std::abs(cached[i].logprobs[k] - uncached[i].logprobs[k]) < 1e-4);
      CHECK(std::abs(cached[i].logprobs[k] - on_cpu[i].logprobs[k]) < 1e-3);
    }
  }
}

TEST_CASE("CUDA fp32: batched generation equals single; seeded sampling repeats; scoring agrees",
          "[.gpu][rl]") {
  const int64_t copy = GENERATE(0, 16);
  INFO("copy head " << copy);
  Transformer m = TinyOn(Cuda(), torch::kFloat32, copy, 11);
  std::vector<std::vector<TokenId>> prompts = {{7}, {3, 9, 27, 81, 243, 17, 5}, {100, 200, 300}};
  GenerateOptions o;
  o.max_new_tokens = 12;
  o.seed = 42;
  o.top_p = 0.9f;
  o.top_k = 50;
  auto batch = Generate(m, prompts, o);
  auto again = Generate(m, prompts, o);
  std::vector<ScoreRequest> req;
  for (size_t i = 0; i < prompts.size(); ++i) {
    auto one = Generate(m, {prompts[i]}, o);
    CHECK(one[0].tokens == batch[i].tokens);
    CHECK(again[i].tokens == batch[i].tokens);
    for (size_t k = 0; k < one[0].logprobs.size(); ++k) {
      CHECK(std::abs(one[0].logprobs[k] - batch[i].logprobs[k]) < 1e-4);
    }
    req.push_back({prompts[i], batch[i].tokens});
  }
  auto scored = Score(m, req);
  for (size_t i = 0; i < req.size(); ++i) {
    REQUIRE(scored[i].logprobs.size() == batch[i].tokens.size());
    for (size_t k = 0; k < batch[i].tokens.size(); ++k) {
      CHECK(std::abs(scored[i].logprobs[k] - batch[i].logprobs[k]) < 1e-4);
    }
  }
}

TEST_CASE("CUDA bf16: logits near fp32, generation runs, weights save and load", "[.gpu][rl]") {
  const torch::Device cuda = Cuda();
  Transformer f32 = TinyOn(cuda, torch::kFloat32, 16, 5);
  Transformer bf16 = TinyOn(cuda, torch::kBFloat16, 16, 5);
  CHECK(bf16->dtype() == torch::kBFloat16);
  torch::NoGradGuard ng;
  const int64_t T = 32;
  torch::Tensor ids = torch::randint(0, 512, {3, T}, torch::kInt64).to(cuda);
  torch::Tensor pos = torch::arange(T, torch::kInt64).unsqueeze(0).expand({3, T}).contiguous();
  torch::Tensor key = torch::ones({3, T}, torch::kBool);
  torch::Tensor a = f32->Forward(ids, pos.to(cuda), key.to(cuda));
  torch::Tensor b = bf16->Forward(ids, pos.to(cuda), key.to(cuda));
  CHECK(b.scalar_type() == torch::kFloat32);  // logits come back in fp32 whatever the weights
  CHECK(torch::isfinite(b).all().item<bool>());
  // Relative to the spread of the logits, bf16 rounding (8 bits of mantissa) stays small.
  const float spread = a.std().item<float>();
  INFO("max |bf16 - fp32| " << MaxDiff(a, b) << ", logit std " << spread);
  CHECK(MaxDiff(a, b) < 0.25f * spread + 0.05f);
  GenerateOptions o;
  o.max_new_tokens = 16;
  o.seed = 9;
  auto gens = Generate(bf16, {{1, 2, 3}, {4, 5, 6, 7, 8}}, o);
  for (const auto& g : gens) {
    CHECK(g.tokens.size() == 16);
    for (float lp : g.logprobs) CHECK((std::isfinite(lp) && lp <= 1e-3f));
  }
  // Saved from the GPU in bf16, loaded back onto the CPU in fp32: the same weights.
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("webagent_gpu_" + std::to_string(::getpid())))
          .string();
  REQUIRE(SaveModel(bf16, dir, torch::kBFloat16).ok());
  auto back = LoadModel(dir, torch::kCPU, torch::kFloat32);
  REQUIRE(back.ok());
  TensorMap w0 = bf16->Weights(), w1 = (*back)->Weights();
  REQUIRE(w0.size() == w1.size());
  for (const auto& [name, t] : w0) {
    INFO(name);
    REQUIRE(w1.count(name) == 1);
    CHECK(MaxDiff(t, w1.at(name)) == 0.0f);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("CUDA: a few AdamW steps on scored log-probs lower the loss", "[.gpu][rl]") {
  const torch::Dtype dtype = GENERATE(torch::kFloat32, torch::kBFloat16);
  INFO("dtype " << dtype);
  Transformer m = TinyOn(Cuda(), dtype, 16, 3);
  m->train();
  std::vector<ScoreRequest> req = {{{1, 2, 3, 4}, {10, 11, 12, 13, 14}}, {{5, 6}, {20, 21, 22}}};
  torch::optim::AdamW opt(m->parameters(), torch::optim::AdamWOptions(3e-3).weight_decay(0.0));
  float first = 0, last = 0;
  for (int step = 0; step < 30; ++step) {
    ScoreTensors s = ScoreBatch(m, req);
    CHECK(s.logprobs.device().is_cuda());
    torch::Tensor loss = -(s.logprobs * s.mask).sum() / s.mask.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
    const float v = loss.item<float>();
    REQUIRE(std::isfinite(v));
    if (step == 0) first = v;
    last = v;
  }
  INFO("loss " << first << " -> " << last);
  CHECK(last < 0.5f * first);
}

}  // namespace
}  // namespace wa
