#include "rl/grpo.h"

#include <catch2/catch.hpp>

namespace wa {
namespace {

TEST_CASE("M-GRPO advantages: the reference's worked example and degenerate groups", "[rl][grpo]") {
  // R = [1, 0, 0, 0]: mean 0.25, unbiased std 0.5.
  auto a = GroupAdvantages({1, 0, 0, 0});
  CHECK(a[0] == Approx(0.75 / (0.5 + 1e-4)));
  CHECK(a[1] == Approx(-0.25 / (0.5 + 1e-4)));
  CHECK(a[3] == Approx(-0.25 / (0.5 + 1e-4)));
  for (float x : GroupAdvantages({1, 1, 1, 1})) CHECK(x == 0.0f);
  for (float x : GroupAdvantages({0, 0})) CHECK(x == 0.0f);
  CHECK(GroupAdvantages({1}) == std::vector<float>{0.0f});
  CHECK(GroupAdvantages({}).empty());
}

GrpoLossInputs Inputs(std::vector<std::vector<float>> lp, std::vector<std::vector<float>> old,
                      std::vector<std::vector<float>> ref, std::vector<std::vector<float>> mask,
                      std::vector<float> adv) {
  auto t = [](const std::vector<std::vector<float>>& v) {
    std::vector<float> flat;
    for (const auto& r : v) flat.insert(flat.end(), r.begin(), r.end());
    return torch::tensor(flat).view(
        {static_cast<int64_t>(v.size()), static_cast<int64_t>(v[0].size())});
  };
  GrpoLossInputs in;
  in.logprobs = t(lp).set_requires_grad(true);
  in.old_logprobs = t(old);
  in.ref_logprobs = t(ref);
  in.mask = t(mask);
  in.advantages = torch::tensor(adv);
  return in;
}

TEST_CASE("M-GRPO loss: ratio 1 reduces to -A on generated tokens only", "[rl][grpo]") {
  // Two trajectories, 3 positions; the middle token of trajectory 0 is an observation (mask 0).
  auto in = Inputs({{-1, -9, -2}, {-0.5, -0.5, -7}}, {{-1, -9, -2}, {-0.5, -0.5, -7}},
                   {{-1, -9, -2}, {-0.5, -0.5, -7}}, {{1, 0, 1}, {1, 1, 0}}, {2.0f, -1.0f});
  GrpoLossOptions o;
  auto r = MGrpoLoss(in, o);
  // Per trajectory mean: traj 0: -2, traj 1: +1; mean -0.5.
  CHECK(r.loss.item<double>() == Approx(-0.5));
  CHECK(r.mean_ratio == Approx(1.0));
  CHECK(r.clip_fraction == 0.0);
  CHECK(r.mean_kl == Approx(0.0).margin(1e-9));
  r.loss.backward();
  // d loss / d logp = -A * ratio / n_tokens(traj) / N on masked tokens, 0 elsewhere.
  auto g = in.logprobs.grad();
  CHECK(g[0][0].item<double>() == Approx(-2.0 / 2 / 2));
  CHECK(g[0][1].item<double>() == 0.0);
  CHECK(g[1][0].item<double>() == Approx(1.0 / 2 / 2));
  CHECK(g[1][2].item<double>() == 0.0);
  // Token normalisation: one mean over the 4 tokens: (-2 - 2 + 1 + 1) / 4.
  o.norm = GrpoNorm::kToken;
  CHECK(MGrpoLoss(in, o).loss.item<double>() == Approx(-0.5));
}

TEST_CASE("M-GRPO loss: clipping and the k3 KL", "[rl][grpo]") {
  // log ratio = log 1.5: positive advantage is clipped at 1.2, negative is not.
  float l = std::log(1.5f);
  auto in = Inputs({{l}, {l}}, {{0}, {0}}, {{l}, {l}}, {{1}, {1}}, {1.0f, -1.0f});
  GrpoLossOptions o;
  o.beta = 0;
  auto r = MGrpoLoss(in, o);
  CHECK(r.loss.item<double>() == Approx((-1.2 + 1.5) / 2));
  CHECK(r.clip_fraction == Approx(1.0));
  CHECK(r.mean_ratio == Approx(1.5));
  // KL: reference log-prob 0 against current log(1.5): d = -log 1.5, k3 = e^d - d - 1.
  auto kin = Inputs({{l}}, {{l}}, {{0}}, {{1}}, {0.0f});
  o.beta = 0.5;
  double d = -std::log(1.5);
  auto kr = MGrpoLoss(kin, o);
  CHECK(kr.loss.item<double>() == Approx(0.5 * (std::exp(d) - d - 1)));
  CHECK(kr.mean_kl == Approx(std::exp(d) - d - 1));
}

TEST_CASE("M-GRPO loss: the paper's per-action averaging", "[rl][grpo]") {
  // One trajectory, two actions: action 0 has 1 token (loss -A*1), action 1 has 3 tokens.
  auto in =
      Inputs({{0, 0, 0, 0, 0}}, {{0, 0, 0, 0, 0}}, {{0, 0, 0, 0, 0}}, {{1, 0, 1, 1, 1}}, {1.0f});
  in.action_index = torch::tensor({0, -1, 1, 1, 1}, torch::kInt64).view({1, 5});
  // Make the per-token losses differ: ratio e^x with x chosen inside the clip range.
  std::vector<float> x = {0.1f, 0.0f, -0.1f, 0.0f, 0.05f};
  in.logprobs = torch::tensor(x).view({1, 5}).set_requires_grad(true);
  GrpoLossOptions o;
  o.beta = 0;
  o.norm = GrpoNorm::kAction;
  double a0 = -std::exp(0.1);
  double a1 = -(std::exp(-0.1) + 1 + std::exp(0.05)) / 3;
  CHECK(MGrpoLoss(in, o).loss.item<double>() == Approx((a0 + a1) / 2));
  o.norm = GrpoNorm::kSequence;
  CHECK(MGrpoLoss(in, o).loss.item<double>() ==
        Approx(-(std::exp(0.1) + std::exp(-0.1) + 1 + std::exp(0.05)) / 4));
  CHECK_FALSE(ParseGrpoNorm("paper").ok());
  CHECK(*ParseGrpoNorm("action") == GrpoNorm::kAction);
}

TEST_CASE("M-GRPO loss: turns as rows with row weights equal the trajectory formulas",
          "[rl][grpo]") {
  // Trajectory 0 has two turns (2 tokens, then 1 token); trajectory 1 one turn of 3 tokens.
  std::vector<float> x = {0.1f, -0.2f, 0.0f, 0.05f, 0.0f, 0.0f, 0.02f, -0.03f, 0.04f};
  auto turns = Inputs({{x[0], x[1], 0}, {x[3], 0, 0}, {x[6], x[7], x[8]}},
                      {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
                      {{1, 1, 0}, {1, 0, 0}, {1, 1, 1}}, {1.0f, 1.0f, -2.0f});
  GrpoLossOptions o;
  o.beta = 0;
  auto whole = [&](GrpoNorm norm) {
    // The same data with one row per trajectory and action indices.
    auto t = Inputs({{x[0], x[1], x[3]}, {x[6], x[7], x[8]}}, {{0, 0, 0}, {0, 0, 0}},
                    {{0, 0, 0}, {0, 0, 0}}, {{1, 1, 1}, {1, 1, 1}}, {1.0f, -2.0f});
    t.action_index = torch::tensor({0, 0, 1, 0, 0, 0}, torch::kInt64).view({2, 3});
    GrpoLossOptions oo = o;
    oo.norm = norm;
    return MGrpoLoss(t, oo).loss.item<double>();
  };
  for (GrpoNorm norm : {GrpoNorm::kSequence, GrpoNorm::kAction, GrpoNorm::kToken}) {
    turns.row_weight = torch::tensor(RowWeights({0, 0, 1}, {2, 1, 3}, norm));
    CHECK(MGrpoLoss(turns, o).loss.item<double>() == Approx(whole(norm)));
  }
}

}  // namespace
}  // namespace wa
