#include "rl/model.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "rl/generate.h"
#include "rl/safetensors.h"

namespace wa {
namespace {

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("webagent_rl_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

Transformer TinyModel(uint64_t seed = 1, bool tied = true, bool bias = true, int64_t copy = 0,
                      int64_t lookahead = 0) {
  ModelConfig c = *NamedConfig("tiny");
  c.tie_word_embeddings = tied;
  c.attention_bias = bias;
  c.copy_head_dim = copy;
  c.copy_lookahead = lookahead;
  Transformer m = NewModel(c, seed);
  m->eval();
  return m;
}

TEST_CASE("Model config: JSON round trip, named sizes, validation", "[rl][model]") {
  auto q = NamedConfig("qwen2.5-0.5b");
  REQUIRE(q.ok());
  // Qwen2.5-0.5B has 494M parameters (embeddings tied).
  CHECK(q->ParameterCount() > 490'000'000);
  CHECK(q->ParameterCount() < 500'000'000);
  auto again = ModelConfig::FromJson(q->ToJson());
  REQUIRE(again.ok());
  CHECK(again->ToJson() == q->ToJson());
  nlohmann::json bad = q->ToJson();
  bad["num_key_value_heads"] = 3;
  CHECK_FALSE(ModelConfig::FromJson(bad).ok());
  CHECK_FALSE(ModelConfig::FromJson(nlohmann::json::object()).ok());
  CHECK_FALSE(NamedConfig("huge").ok());
  // A Llama 3.1 style config with rope scaling parses.
  nlohmann::json llama = {{"model_type", "llama"},
                          {"vocab_size", 128256},
                          {"hidden_size", 4096},
                          {"intermediate_size", 14336},
                          {"num_hidden_layers", 32},
                          {"num_attention_heads", 32},
                          {"num_key_value_heads", 8},
                          {"rope_theta", 500000.0},
                          {"eos_token_id", {128001, 128008, 128009}},
                          {"rope_scaling",
                           {{"rope_type", "llama3"},
                            {"factor", 8.0},
                            {"low_freq_factor", 1.0},
                            {"high_freq_factor", 4.0},
                            {"original_max_position_embeddings", 8192}}}};
  auto l = ModelConfig::FromJson(llama);
  REQUIRE(l.ok());
  CHECK_FALSE(l->attention_bias);
  CHECK(l->eos_token_id == 128001);
  CHECK(l->rope_scaling.type == "llama3");
}

TEST_CASE("safetensors: our writer round-trips fp32, bf16, fp16", "[rl][safetensors]") {
  TensorMap t = {{"a", torch::arange(12, torch::kFloat32).reshape({3, 4}) / 7},
                 {"b.weight", torch::tensor({1.5f, -2.25f, 1024.0f})}};
  for (auto dtype : {torch::kFloat32, torch::kBFloat16, torch::kFloat16}) {
    std::string path = TempPath("rt.safetensors");
    REQUIRE(WriteSafetensors(path, t, dtype, {{"format", "pt"}}).ok());
    auto r = ReadSafetensors(path);
    REQUIRE(r.ok());
    std::filesystem::remove(path);
    REQUIRE(r->size() == 2);
    CHECK(r->at("a").scalar_type() == dtype);
    CHECK(torch::allclose(r->at("a").to(torch::kFloat32), t["a"], 1e-2, 1e-2));
    CHECK(torch::equal(r->at("b.weight").to(torch::kFloat32), t["b.weight"]));
  }
  // Damaged files are errors.
  std::string path = TempPath("bad.safetensors");
  {
    std::ofstream f(path, std::ios::binary);
    f << "\x10\x00\x00\x00\x00\x00\x00\x00{\"x\":{\"dtype\":";
  }
  CHECK_FALSE(ReadSafetensors(path).ok());
  {
    std::ofstream f(path, std::ios::binary);
    std::string h = "{\"x\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,400]}}";
    char len[8] = {static_cast<char>(h.size()), 0, 0, 0, 0, 0, 0, 0};
    f.write(len, 8);
    f << h << "0123";
  }
  CHECK_FALSE(ReadSafetensors(path).ok());
  std::filesystem::remove(path);
  CHECK_FALSE(ReadSafetensors("/nonexistent.safetensors").ok());
}

TEST_CASE("safetensors: reads a file written by an independent writer (Python + numpy)",
          "[rl][safetensors]") {
  std::string path = TempPath("py.safetensors");
  std::string script = TempPath("writer.py");
  {
    std::ofstream f(script);
    f << R"PY(import json, struct, sys
import numpy as np
a = (np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5) / 4
b = np.array([1.0, -0.5, 3.0, 65504.0], dtype=np.float16)
c = np.array([0.15625, -1.75, 100.5], dtype=np.float32)
c_bf16 = (c.view(np.uint32) >> 16).astype(np.uint16)  # exact: these values fit in bf16
blobs = [("w.a", "F32", a.shape, a.tobytes()), ("w.b", "F16", b.shape, b.tobytes()),
         ("w.c", "BF16", c.shape, c_bf16.tobytes())]
header, off = {"__metadata__": {"writer": "numpy"}}, 0
for name, dt, shape, raw in blobs:
    header[name] = {"dtype": dt, "shape": list(shape), "data_offsets": [off, off + len(raw)]}
    off += len(raw)
h = json.dumps(header).encode()
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<Q", len(h)) + h + b"".join(r for *_, r in blobs))
)PY";
  }
  REQUIRE(std::system(("/usr/bin/python3 " + script + " " + path).c_str()) == 0);
  auto r = ReadSafetensors(path);
  std::filesystem::remove(path);
  std::filesystem::remove(script);
  REQUIRE(r.ok());
  CHECK(torch::equal(r->at("w.a"), (torch::arange(6, torch::kFloat32).reshape({2, 3}) - 2.5) / 4));
  CHECK(r->at("w.b").scalar_type() == torch::kFloat16);
  CHECK(
      torch::equal(r->at("w.b").to(torch::kFloat32), torch::tensor({1.0f, -0.5f, 3.0f, 65504.0f})));
  CHECK(r->at("w.c").scalar_type() == torch::kBFloat16);
  CHECK(torch::equal(r->at("w.c").to(torch::kFloat32), torch::tensor({0.15625f, -1.75f, 100.5f})));
}

TEST_CASE("Model: save and load by Hugging Face names; missing weights are errors", "[rl][model]") {
  for (bool tied : {true, false}) {
    Transformer m = TinyModel(3, tied);
    std::string dir = TempPath(tied ? "tied" : "untied");
    REQUIRE(SaveModel(m, dir, torch::kFloat32).ok());
    auto names = ReadSafetensors(dir + "/model.safetensors");
    REQUIRE(names.ok());
    CHECK(names->count("model.layers.1.self_attn.q_proj.bias") == 1);
    CHECK(names->count("model.layers.0.mlp.gate_proj.weight") == 1);
    CHECK(names->count("model.norm.weight") == 1);
    CHECK(names->count("lm_head.weight") == (tied ? 0u : 1u));
    auto loaded = LoadModel(dir, torch::kCPU, torch::kFloat32);
    REQUIRE(loaded.ok());
    torch::Tensor ids = torch::tensor({{5, 9, 17, 3}}, torch::kInt64);
    torch::Tensor pos = torch::arange(4, torch::kInt64).unsqueeze(0);
    torch::Tensor key = torch::ones({1, 4}, torch::kBool);
    torch::NoGradGuard ng;
    CHECK(torch::equal(m->Forward(ids, pos, key), (*loaded)->Forward(ids, pos, key)));
    std::filesystem::remove_all(dir);
  }
  Transformer m = TinyModel();
  TensorMap w = m->Weights();
  w.erase("model.norm.weight");
  CHECK_FALSE(m->LoadWeights(w).ok());
  w = m->Weights();
  w["model.norm.weight"] = torch::ones({3});
  CHECK_FALSE(m->LoadWeights(w).ok());
}

TEST_CASE("KV-cache decoding matches full recomputation (fp32 logits within 1e-4)",
          "[rl][generate]") {
  // Without and with a copy head, and with lookahead keys (-1: copy head 16, lookahead 3).
  const int64_t variant = GENERATE(0, 16, -1);
  const int64_t copy = variant < 0 ? 16 : variant, lookahead = variant < 0 ? 3 : 0;
  INFO("copy head " << copy << " lookahead " << lookahead);
  Transformer m = TinyModel(7, /*tied=*/false, true, copy, lookahead);
  torch::NoGradGuard ng;
  const int64_t T = 24;
  torch::Tensor ids = torch::randint(0, 512, {2, T}, torch::kInt64);
  torch::Tensor pos = torch::arange(T, torch::kInt64).unsqueeze(0).expand({2, T}).contiguous();
  torch::Tensor key = torch::ones({2, T}, torch::kBool);
  torch::Tensor full = m->Forward(ids, pos, key);
  KVCache cache = m->NewCache(2, T);
  // Prefill 10 positions, then one at a time.
  torch::Tensor first =
      m->Forward(ids.narrow(1, 0, 10), pos.narrow(1, 0, 10), key.narrow(1, 0, 10), &cache);
  CHECK((first - full.narrow(1, 0, 10)).abs().max().item<float>() < 1e-4);
  for (int64_t t = 10; t < T; ++t) {
    torch::Tensor step =
        m->Forward(ids.narrow(1, t, 1), pos.narrow(1, t, 1), key.narrow(1, 0, t + 1), &cache);
    CHECK((step.select(1, 0) - full.select(1, t)).abs().max().item<float>() < 1e-4);
  }
  // Generation with and without the cache picks the same greedy tokens with the same log-probs.
  GenerateOptions o;
  o.greedy = true;
  o.max_new_tokens = 20;
  std::vector<std::vector<TokenId>> prompts = {{1, 2, 3, 4, 5}};
  auto cached = Generate(m, prompts, o);
  o.use_cache = false;
  auto uncached = Generate(m, prompts, o);
  CHECK(cached[0].tokens == uncached[0].tokens);
  o.use_cache = true;
  o.prefill_chunk = 2;  // chunked prefill gives the same result
  auto chunked = Generate(m, prompts, o);
  CHECK(chunked[0].tokens == cached[0].tokens);
  REQUIRE(cached[0].logprobs.size() == uncached[0].logprobs.size());
  for (size_t i = 0; i < cached[0].logprobs.size(); ++i) {
    CHECK(std::abs(cached[0].logprobs[i] - uncached[0].logprobs[i]) < 1e-4);
  }
}

TEST_CASE("Batched generation matches one-by-one; sampling is reproducible with a seed",
          "[rl][generate]") {
  const int64_t variant = GENERATE(0, 16, -1);  // -1: copy head 16 with lookahead 3
  const int64_t copy = variant < 0 ? 16 : variant, lookahead = variant < 0 ? 3 : 0;
  INFO("copy head " << copy << " lookahead " << lookahead);
  Transformer m = TinyModel(11, true, true, copy, lookahead);
  std::vector<std::vector<TokenId>> prompts = {{7}, {3, 9, 27, 81, 243, 17, 5}, {100, 200, 300}};
  for (bool greedy : {true, false}) {
    GenerateOptions o;
    o.greedy = greedy;
    o.max_new_tokens = 12;
    o.seed = 42;
    o.top_p = greedy ? 1.0f : 0.9f;
    o.top_k = greedy ? 0 : 50;
    auto batch = Generate(m, prompts, o);
    for (size_t i = 0; i < prompts.size(); ++i) {
      auto one = Generate(m, {prompts[i]}, o);
      INFO("greedy " << greedy << " prompt " << i);
      CHECK(one[0].tokens == batch[i].tokens);
      for (size_t k = 0; k < one[0].logprobs.size(); ++k) {
        CHECK(std::abs(one[0].logprobs[k] - batch[i].logprobs[k]) < 1e-4);
      }
    }
    auto again = Generate(m, prompts, o);
    for (size_t i = 0; i < prompts.size(); ++i) CHECK(again[i].tokens == batch[i].tokens);
  }
  // Copies of one prompt (a GRPO group) draw different samples; another seed changes them.
  GenerateOptions o;
  o.max_new_tokens = 16;
  o.seed = 5;
  auto group = Generate(m, {prompts[1], prompts[1], prompts[1]}, o);
  CHECK((group[0].tokens != group[1].tokens || group[1].tokens != group[2].tokens));
  o.seed = 6;
  auto other = Generate(m, {prompts[1]}, o);
  CHECK(other[0].tokens != group[0].tokens);
  // Stop tokens end a sequence and are kept.
  GenerateOptions g;
  g.greedy = true;
  g.max_new_tokens = 12;
  auto free_run = Generate(m, {prompts[2]}, g);
  g.stop_tokens = {free_run[0].tokens[3]};
  auto stopped = Generate(m, {prompts[2]}, g);
  CHECK(stopped[0].finish == "stop_token");
  CHECK(stopped[0].tokens.size() <= 4);
  CHECK(stopped[0].tokens.back() == free_run[0].tokens[3]);
  CHECK(free_run[0].finish == "length");
}

TEST_CASE("Scoring agrees with generation log-probs; batched equals single", "[rl][generate]") {
  const int64_t copy = GENERATE(0, 16);
  INFO("copy head " << copy);
  Transformer m = TinyModel(13, false, false, copy);
  GenerateOptions o;
  o.max_new_tokens = 10;
  o.seed = 3;
  o.temperature = 0.7f;
  std::vector<std::vector<TokenId>> prompts = {{1, 2, 3}, {4, 5, 6, 7, 8, 9}};
  auto gens = Generate(m, prompts, o);
  std::vector<ScoreRequest> req;
  for (size_t i = 0; i < prompts.size(); ++i) req.push_back({prompts[i], gens[i].tokens});
  auto scored = Score(m, req, 0.7f);
  for (size_t i = 0; i < req.size(); ++i) {
    REQUIRE(scored[i].logprobs.size() == gens[i].tokens.size());
    for (size_t k = 0; k < gens[i].tokens.size(); ++k) {
      CHECK(std::abs(scored[i].logprobs[k] - gens[i].logprobs[k]) < 1e-4);
      CHECK(scored[i].entropy[k] >= 0);
      CHECK(scored[i].entropy[k] <= std::log(512.0) + 1e-3);
    }
    auto single = Score(m, {req[i]}, 0.7f);
    for (size_t k = 0; k < gens[i].tokens.size(); ++k) {
      CHECK(std::abs(single[0].logprobs[k] - scored[i].logprobs[k]) < 1e-4);
    }
  }
  // With gradients: the tensors carry them for training losses.
  ScoreTensors t = ScoreBatch(m, req);
  CHECK(t.logprobs.requires_grad());
  (t.logprobs.sum()).backward();
  CHECK(m->model->embed_tokens->weight.grad().defined());
  if (copy > 0) {
    torch::Tensor g = m->copy_head->k_proj->weight.grad();
    REQUIRE(g.defined());
    CHECK(g.abs().sum().item<float>() > 0);
    CHECK(torch::isfinite(g).all().item<bool>());
  }
}

TEST_CASE("Copy head: scoring reports the copy distribution of copyable response tokens",
          "[rl][model]") {
  Transformer m = TinyModel(19, true, true, 8);
  torch::NoGradGuard ng;
  // Uniform pointer attention (zero projections), as in the test below.
  m->copy_head->q_proj->weight.zero_();
  m->copy_head->k_proj->weight.zero_();
  m->copy_head->e_proj->weight.zero_();
  // Context 5 9 5 7, response 9 3 7.
  ScoreTensors s = ScoreBatch(m, {{{5, 9, 5, 7}, {9, 3, 7}}});
  REQUIRE(s.copyable.defined());
  REQUIRE(s.copy_logprobs.defined());
  // 9 followed position 0 (of 0..2 before the query at 3): c = 1/3.
  CHECK(s.copyable[0][0].item<float>() == 1.0f);
  CHECK(s.copy_logprobs[0][0].item<float>() == Approx(std::log(1.0 / 3)).margin(1e-5));
  // 3 never appeared before: not copyable, masked to 0.
  CHECK(s.copyable[0][1].item<float>() == 0.0f);
  CHECK(s.copy_logprobs[0][1].item<float>() == 0.0f);
  // 7 followed position 2 of 0..4 (9 5 7 9 3 follow them): c = 1/5.
  CHECK(s.copyable[0][2].item<float>() == 1.0f);
  CHECK(s.copy_logprobs[0][2].item<float>() == Approx(std::log(1.0 / 5)).margin(1e-5));
  // Padding rows of a shorter response are neither scored nor copyable.
  ScoreTensors two = ScoreBatch(m, {{{5, 9, 5, 7}, {9, 3, 7}}, {{5, 9, 5}, {9}}});
  CHECK(two.copyable[1][0].item<float>() == 1.0f);  // 9 and 5 followed positions 0 and 1
  CHECK(two.copy_logprobs[1][0].item<float>() == Approx(std::log(0.5)).margin(1e-5));
  CHECK(two.copyable[1][1].item<float>() == 0.0f);
  CHECK(two.copyable[1][2].item<float>() == 0.0f);
  // Without a copy head the fields stay undefined.
  Transformer no_copy = TinyModel(19);
  ScoreTensors plain = ScoreBatch(no_copy, {{{5, 9, 5, 7}, {9, 3, 7}}});
  CHECK_FALSE(plain.copyable.defined());
}

TEST_CASE("Copy head: points at the token after each earlier position; saves and loads",
          "[rl][model]") {
  Transformer m = TinyModel(17, true, true, 8);
  torch::NoGradGuard ng;
  int64_t numel = 0;
  for (const auto& p : m->parameters()) numel += p.numel();
  CHECK(numel == m->config().ParameterCount());
  // Zero query/key projections give uniform attention; a large gate bias makes the model copy.
  m->copy_head->q_proj->weight.zero_();
  m->copy_head->k_proj->weight.zero_();
  m->copy_head->e_proj->weight.zero_();
  m->copy_head->gate->weight.zero_();
  m->copy_head->gate->bias.fill_(30.0);
  torch::Tensor ids = torch::tensor({{5, 9, 5, 7, 0}}, torch::kInt64);
  torch::Tensor pos = torch::arange(5, torch::kInt64).unsqueeze(0);
  torch::Tensor key = torch::tensor({{true, true, true, true, false}});
  torch::Tensor lp = m->Forward(ids, pos, key);  // [1, 5, vocab]
  torch::Tensor p = lp.exp();
  for (int64_t t = 0; t < 4; ++t) CHECK(p[0][t].sum().item<float>() == Approx(1.0).margin(1e-5));
  // Position 3 predicts the 5th token: earlier positions 0, 1, 2 were followed by 9, 5, 7.
  CHECK(p[0][3][9].item<float>() == Approx(1.0 / 3).margin(1e-5));
  CHECK(p[0][3][5].item<float>() == Approx(1.0 / 3).margin(1e-5));
  CHECK(p[0][3][7].item<float>() == Approx(1.0 / 3).margin(1e-5));
  // Position 1: only position 0 (followed by 9) lies before it.
  CHECK(p[0][1][9].item<float>() == Approx(1.0).margin(1e-5));
  // Position 0 has nothing to point at: the output head's softmax alone.
  torch::Tensor plain = torch::log_softmax(m->Logits(m->Hidden(ids, pos, key, nullptr)), -1);
  CHECK((lp[0][0] - plain[0][0]).abs().max().item<float>() < 1e-5);
  // The copy head's weights and width travel with the checkpoint.
  std::string dir = TempPath("copy");
  REQUIRE(SaveModel(m, dir, torch::kFloat32).ok());
  auto names = ReadSafetensors(dir + "/model.safetensors");
  REQUIRE(names.ok());
  CHECK(names->count("copy_head.gate.bias") == 1);
  auto loaded = LoadModel(dir, torch::kCPU, torch::kFloat32);
  REQUIRE(loaded.ok());
  CHECK((*loaded)->config().copy_head_dim == 8);
  CHECK(torch::equal((*loaded)->Forward(ids, pos, key), lp));
  std::filesystem::remove_all(dir);
  // Without the copy head's weights the checkpoint does not load into a copy-head model.
  TensorMap w = m->Weights();
  w.erase("copy_head.q_proj.weight");
  CHECK_FALSE(m->LoadWeights(w).ok());
  ModelConfig bad = m->config();
  bad.copy_head_dim = -1;
  CHECK_FALSE(bad.Validate().ok());
}

TEST_CASE("Copy lookahead: a key's window counts only once it precedes the query; no leak",
          "[rl][model]") {
  const int64_t W = 3;
  Transformer m = TinyModel(21, true, true, 8, W);
  torch::NoGradGuard ng;
  int64_t numel = 0;
  for (const auto& p : m->parameters()) numel += p.numel();
  CHECK(numel == m->config().ParameterCount());
  const int64_t T = 14;
  torch::Tensor ids = torch::randint(1, 512, {1, T}, torch::kInt64);
  torch::Tensor pos = torch::arange(T, torch::kInt64).unsqueeze(0);
  torch::Tensor key = torch::ones({1, T}, torch::kBool);
  torch::Tensor lp = m->Forward(ids, pos, key);
  // Causality: changing token j changes no distribution before position j (the one that
  // predicts it included), though a key's window reaches past the token it points at.
  for (int64_t j = 1; j < T; ++j) {
    torch::Tensor other = ids.clone();
    other[0][j] = (other[0][j].item<int64_t>() % 500) + 3;
    torch::Tensor lp2 = m->Forward(other, pos, key);
    INFO("changed token " << j);
    CHECK((lp2.narrow(1, 0, j) - lp.narrow(1, 0, j)).abs().max().item<float>() < 1e-6);
  }
  // The window term is used by query q for keys s with s + 1 + W <= q only: with it zeroed,
  // the distributions before position 1 + W stay the same and later ones change.
  m->copy_head->l_proj->weight.zero_();
  torch::Tensor lp0 = m->Forward(ids, pos, key);
  CHECK((lp0.narrow(1, 0, 1 + W) - lp.narrow(1, 0, 1 + W)).abs().max().item<float>() < 1e-6);
  for (int64_t q = 1 + W; q < T; ++q) {
    INFO("query " << q);
    CHECK((lp0.select(1, q) - lp.select(1, q)).abs().max().item<float>() > 1e-6);
  }
  // Width and weights travel with the checkpoint; a lookahead needs a copy head.
  CHECK(m->config().ToJson()["copy_lookahead"] == W);
  ModelConfig bad = m->config();
  bad.copy_head_dim = 0;
  CHECK_FALSE(bad.Validate().ok());
  bad = m->config();
  bad.copy_lookahead = -1;
  CHECK_FALSE(bad.Validate().ok());
  std::string dir = TempPath("lookahead");
  REQUIRE(SaveModel(m, dir, torch::kFloat32).ok());
  auto loaded = LoadModel(dir, torch::kCPU, torch::kFloat32);
  REQUIRE(loaded.ok());
  CHECK((*loaded)->config().copy_lookahead == W);
  CHECK(torch::equal((*loaded)->Forward(ids, pos, key), lp0));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wa
