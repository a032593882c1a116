#include "rl/inspect.h"

#include <catch2/catch.hpp>

#include <cmath>

#include "rl/generate.h"

namespace wa {
namespace {

Transformer TinyModel(int64_t copy) {
  ModelConfig c = *NamedConfig("tiny");
  c.copy_head_dim = copy;
  Transformer m = NewModel(c, 7);
  m->eval();
  return m;
}

const std::vector<TokenId> kContext = {5, 17, 42, 9, 17, 33, 8};
const std::vector<TokenId> kResponse = {17, 42, 100, 9};

TEST_CASE("InspectResponse: log-probs equal Score's and the copy mixture adds up",
          "[rl][inspect]") {
  for (int64_t copy : {0, 16}) {
    Transformer m = TinyModel(copy);
    auto scored = Score(m, {{kContext, kResponse}});
    auto tokens = InspectResponse(m, kContext, kResponse, 4);
    REQUIRE(tokens.size() == kResponse.size());
    for (size_t t = 0; t < tokens.size(); ++t) {
      const TokenInspection& ti = tokens[t];
      CHECK(ti.token == kResponse[t]);
      CHECK(ti.logprob == Approx(scored[0].logprobs[t]).margin(1e-4));
      // Alternatives: best first, the first being the most likely token.
      REQUIRE(ti.top.size() == 4);
      for (size_t k = 1; k < ti.top.size(); ++k) CHECK(ti.top[k - 1].second >= ti.top[k].second);
      CHECK(ti.top[0].second >= ti.logprob);
      if (copy == 0) {
        CHECK(std::isnan(ti.gate));
        CHECK(ti.top_vocab.empty());
        continue;
      }
      // p = (1 - g) p_vocab + g p_copy.
      const double p = std::exp(ti.logprob);
      const double mix =
          (1 - ti.gate) * std::exp(ti.vocab_logprob) + ti.gate * std::exp(ti.copy_logprob);
      CHECK(p == Approx(mix).epsilon(1e-3));
      CHECK(ti.gate > 0);
      CHECK(ti.gate < 1);
      REQUIRE(ti.top_copy.size() == 4);
      REQUIRE(ti.top_vocab.size() == 4);
    }
    if (copy > 0) {
      // Token 100 follows no position of the sequence, so the pointer cannot produce it; 42
      // follows 17 (twice), so it can.
      CHECK(std::exp(tokens[2].copy_logprob) < 1e-20);
      CHECK(std::exp(tokens[1].copy_logprob) > 1e-6);
      // The pointer's alternatives are tokens that follow some earlier position.
      for (const auto& [id, lp] : tokens[0].top_copy) {
        if (std::exp(lp) < 1e-20) continue;
        bool follows = false;
        for (size_t i = 1; i < kContext.size(); ++i) follows |= kContext[i] == id;
        CHECK(follows);
      }
    }
  }
}

}  // namespace
}  // namespace wa
